"""gugong-de "Dämmerungsphase" (Solo): today's Automa cards again, from their bottom halves."""

from __future__ import annotations

from .helpers import KNOWN_PATH, dusk_and_night, first_turn, flush, human, meng, run


def _dusk(s, today):
    """Dusk then night on day 1; the human wins the dice majority, so Meng's night only adds 1 servant."""
    flush(s)
    human(s).discard = human(s).hand[:1]
    s.dice = [s.comp.cards[human(s).discard[0]].value] * 3
    s.meng.today = list(today)
    for k in today:
        s.meng.deck[k] -= 1
    return dusk_and_night(s)


def test_dusk_resolves_todays_cards_in_order_then_files_them():
    """Dämmerungsphase: turn today's pile face down, reveal one card after another and do its bottom action when
    affordable; afterwards today's cards join the earlier days' cards."""
    s = first_turn(profile={"overrides": KNOWN_PATH})
    meng(s).pool = 6
    after, codes = _dusk(s, ["intrigue", "palace", "jade"])
    dusk = [c for c in codes if c.startswith("meng.event.dusk.") and c != "meng.event.dusk.card"]
    assert dusk[:4] == ["meng.event.dusk.start", "meng.event.dusk.intrigue", "meng.event.dusk.palace",
                        "meng.event.dusk.free_travel"]
    assert meng(after).intrigue == 2 + 1 and meng(after).envoy == 1 and meng(after).pool == 6 - 1 - 2 + 1
    assert after.meng.today == [] and after.meng.earlier == {"intrigue": 1, "palace": 1, "jade": 1}
    assert not after.meng.dusk
    assert codes.index("meng.event.dusk.end") < codes.index("meng.event.night.matches")


def test_dusk_skips_what_he_cannot_pay_for():
    """'Wenn Meng nicht genügend Diener und/oder Reiseplättchen besitzt ... fährt er mit der nächsten Karte fort'."""
    s = first_turn()
    meng(s).pool, meng(s).general = 1, 11
    meng(s).tiles = []
    after, codes = _dusk(s, ["palace", "intrigue"])
    assert codes.count("meng.event.dusk.skip") == 1
    assert meng(after).envoy == 0 and meng(after).intrigue == 2 and meng(after).pool == 0 + 1


def test_dusk_trades_travel_tiles_for_servants_when_that_makes_it_affordable():
    """Reiseplättchen eintauschen: 'muss er Reiseplättchen für Diener eintauschen, wenn er dadurch diese Aktion
    ausführen könnte. Dies gilt für die Tages- und Dämmerungsphase'."""
    s = first_turn()
    meng(s).pool, meng(s).general = 0, 12
    meng(s).tiles = ["vp2", "envoy", "intrigue", "servant1"]
    after, codes = _dusk(s, ["palace"])
    assert codes.count("meng.event.dusk.trade") == 2 and meng(after).tiles == []
    assert meng(after).envoy == 1 and meng(after).pool == 0 + 1
    # 3 tiles give only 1 servant: not enough for the palace (2), so he keeps them
    s2 = first_turn()
    meng(s2).pool, meng(s2).general = 0, 12
    meng(s2).tiles = ["vp2", "envoy", "intrigue"]
    after2, codes2 = _dusk(s2, ["palace"])
    assert "meng.event.dusk.trade" not in codes2 and len(meng(after2).tiles) == 3


def test_dusk_port_reward_card_goes_to_his_discard_pile():
    """Dämmerungsphase: 'Wenn Meng eine Hafengebühren-Geschenkkarte in der Dämmerungsphase erhält, wird sie auf
    seinen Ablagestapel gelegt'."""
    s = first_turn()
    meng(s).pool = 5
    flush(s)
    s, _ = run(s, {"k": "meng_location", "loc": "canal", "mode": "day"}, {"k": "meng_location", "loc": "canal",
                                                                              "mode": "day"})
    hand = list(meng(s).hand)
    after, codes = _dusk(s, ["canal"])
    assert "meng.event.port.card" in codes
    from companion.gugong.solo.engine import GAME

    d = GAME.decision(after)
    assert d.kind == "gugong.meng_draw"
    from .helpers import act

    after, codes = act(after, d.options[0])
    assert "meng.event.port.card_discard" in codes
    assert d.options[0]["card"] in meng(after).discard and meng(after).hand == hand
