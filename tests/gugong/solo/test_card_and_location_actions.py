"""gugong-de "KARTEN- UND ORTSAKTIONEN (SOLO)": one test per location paragraph and special case."""

from __future__ import annotations

import pytest

from companion.core import steps
from companion.gugong.solo import choices
from companion.gugong.solo.engine import GAME
from companion.i18n import labels

from .helpers import KNOWN_PATH, PATH, act, first_turn, flush, human, meng, run


def _table(**overrides):
    s = first_turn(profile={"overrides": {**KNOWN_PATH, **overrides}})
    flush(s)
    return s


def _day(s, loc):
    return run(s, {"k": "meng_location", "loc": loc, "mode": "day"})


# -- travel -------------------------------------------------------------------------------------
def test_travel_path_starts_bottom_right_and_runs_counter_clockwise():
    """REISEN, Tagesphase: start on the bottom-right city, counter-clockwise along the border (red arrows),
    collect the tile and its bonus; cities without a tile are passed over."""
    s = _table()
    s.cities = ["vp2"] * len(s.cities)
    s.cities[PATH[0]] = None
    after, codes = _day(s, "travel")
    assert meng(after).traveller == PATH[1] and meng(after).vp == 2 and "meng.event.travel.move" in codes
    after.cities[PATH[2]] = None
    after2, _ = _day(after, "travel")
    assert meng(after2).traveller == PATH[3]


def test_travel_falls_back_to_the_nearest_tile_then_follows_the_blue_arrows():
    """REISEN: 'In dem unwahrscheinlichen Fall, dass all diese Plättchen schon genommen wurden, bewegt er sich zum
    nächstgelegenen Plättchen und folgt ... den blauen Pfeilen'."""
    s = _table()
    s.cities = [None] * len(s.cities)
    s.cities[6] = "vp2"
    meng(s).traveller = 2
    assert choices.next_city(s, 1) == 6
    s.cities[6] = None
    meng(s).traveller = 6
    s.cities[10] = "envoy"
    s.cities[9] = "vp2"
    assert choices.next_city(s, 1) == 10  # blue arrow from 6 points to 10
    s.cities = [None] * len(s.cities)
    assert choices.next_city(s, 1) is None


def test_unknown_map_the_table_enters_the_city():
    """While the box profile lacks the red arrows, the table enters the city Meng's traveller reaches."""
    s = first_turn()
    flush(s)
    after, _ = _day(s, "travel")
    d = GAME.decision(after)
    assert d.kind == "gugong.meng_travel" and d.is_chance
    city = d.options[-1]["city"]
    tile = after.cities[city]
    after, _ = act(after, d.options[-1])
    assert meng(after).traveller == city and (tile in meng(after).tiles or tile == "jade_card" or meng(after).jade)


def test_dusk_travel_costs_two_servants_or_one_with_the_decree():
    """REISEN, Dämmerungsphase: 'Entferne 2 Diener ... um seinen Reisenden um ein weiteres Feld'; the level-2
    travel decree lowers it by 1 (Dekrete Solo)."""
    s = _table()
    meng(s).pool = 2
    s.meng.dusk = True
    after, codes = run(s, {"k": "meng_dusk_card", "card": "travel", "i": 0})
    assert meng(after).pool == 0 and "meng.event.travel.move" in codes
    s.decree_slots[2] = "travel_discount"
    s.decree_servants[2] = [1]
    after, _ = run(s, {"k": "meng_dusk_card", "card": "travel", "i": 0})
    assert meng(after).pool == 1


def test_travel_tile_special_cases_by_day_and_dusk():
    """Reiseplättchen, Sonderfälle: discard pile card back (dusk: 1 VP); discard the top gift card for jade
    whatever its value (dusk: 1 VP); card swap: 1 VP."""
    s = _table()
    meng(s).discard = [human(s).hand.pop()]
    top = meng(s).discard[-1]
    s.cities[PATH[0]] = "recover"
    after, codes = _day(s, "travel")
    assert top in meng(after).hand and meng(after).discard == [] and "meng.event.tile.recover" in codes
    s.meng.dusk = True
    after, codes = _day(s, "travel")
    assert meng(after).vp == 1 and "meng.event.tile.dusk_vp" in codes
    s.meng.dusk = False
    s.cities[PATH[0]] = "jade_card"
    after, _ = _day(s, "travel")
    d = GAME.decision(after)
    assert d.kind == "gugong.meng_top_card"
    low = min(meng(after).hand, key=lambda c: after.comp.cards[c].value)
    after, codes = act(after, {"type": "meng_card", "card": low})
    assert meng(after).jade == 1 and low in meng(after).discard and "meng.event.tile.jade_card" in codes
    s.meng.dusk = True
    after, _ = _day(s, "travel")
    assert meng(after).jade == 0 and meng(after).vp == 1
    for dusk in (False, True):
        s.meng.dusk = dusk
        s.cities[PATH[0]] = "swap"
        after, codes = _day(s, "travel")
        assert meng(after).vp == 1 and "meng.event.swap_vp" in codes


def test_six_tiles_are_traded_for_jade_at_once():
    """Reiseplättchen eintauschen: 'Sollte er jemals in der Lage sein, Plättchen gegen Jade einzutauschen, macht er
    dies sofort.'"""
    s = _table()
    meng(s).tiles = ["vp2", "envoy", "double", "servant1"]
    s.cities[PATH[0]] = "intrigue"
    after, codes = _day(s, "travel")
    assert meng(after).jade == 1 and meng(after).tiles == [] and "meng.event.travel.trade_jade" in codes


# -- Great Wall ---------------------------------------------------------------------------------
def test_wall_day_one_servant_dusk_one_back_one_on():
    """CHINESISCHE MAUER: day 1 servant if possible; dusk with at least 2: 1 back to the general supply, 1 on the
    wall."""
    s = _table()
    meng(s).pool, meng(s).general = 3, 9
    after, _ = _day(s, "wall")
    assert after.wall == [[1, 1]] and meng(after).pool == 2
    after, _ = run(after, {"k": "meng_dusk_card", "card": "wall", "i": 0})
    assert after.wall == [[1, 1], [1, 1]] and meng(after).pool == 0 and meng(after).general == 10
    meng(s).pool = 0
    after, codes = _day(s, "wall")
    assert after.wall == [] and "meng.event.wall.cannot" in codes


def test_wall_scoring_intrigue_benefit_choice():
    """Wertung der Mauer: jade when his marker can go back 7; a servant when it can go back 1-6 and his general
    supply has one; otherwise nothing."""
    s = _table()
    pl = meng(s)
    for intrigue, general, expected in [(9, 3, "jade"), (7, 0, "jade"), (6, 3, "servant1"), (3, 0, None),
                                        (0, 5, None)]:
        pl.intrigue, pl.general = intrigue, general
        assert choices.wall_benefit(s, 1) == expected
    pl.intrigue, pl.general, pl.pool = 8, 5, 2
    s.wall = [[0, 1], [0, 1], [1, 1]]
    after, codes = _day(s, "wall")  # his servant completes the wall (4 in a 2-player game)
    assert "gugong.event.wall_scored" in codes and "meng.event.wall.benefit_jade" in codes
    assert meng(after).intrigue == 1 and meng(after).jade == 1


# -- Jade, Intrigue, Palace ---------------------------------------------------------------------
def test_jade_cheapest_if_affordable():
    """JADE: 'um den billigsten verfügbaren Jade zu kaufen, sofern er genug Diener besitzt'."""
    s = _table()
    s.jade_houses = [0, 2, 2]
    house, price = choices.cheapest_jade(s, 1)
    assert house == 1 and price == s.comp.jade_houses[1][0]
    meng(s).pool = price
    after, _ = _day(s, "jade")
    assert meng(after).jade == 1 and meng(after).pool == 0 and after.jade_houses == [0, 1, 2]
    meng(s).pool = price - 1
    after, codes = _day(s, "jade")
    assert meng(after).jade == 0 and "meng.event.jade.cannot" in codes
    s.jade_houses = [0, 0, 0]
    assert choices.cheapest_jade(s, 1) == (-1, s.comp.jade_square_price)


def test_intrigue_day_medal_and_dusk():
    """INTRIGE: day +1 and the medal if it is there; dusk: 1 servant for 2 more steps."""
    s = _table()
    after, codes = _day(s, "intrigue")
    assert meng(after).intrigue == 1 and after.medal == 1 and "meng.event.intrigue.day_medal" in codes
    s.medal = 0
    after, codes = _day(s, "intrigue")
    assert after.medal == 0 and "meng.event.intrigue.day" in codes
    meng(s).pool = 1
    after, _ = run(s, {"k": "meng_dusk_card", "card": "intrigue", "i": 0})
    assert meng(after).intrigue == 2 and meng(after).pool == 0


def test_palace_day_and_dusk():
    """PALAST: day envoy +1 (1 VP when already in the palace); dusk: 2 servants for envoy +1 and intrigue +1."""
    s = _table()
    after, _ = _day(s, "palace")
    assert meng(after).envoy == 1
    meng(s).envoy = s.comp.palace_steps
    s.arrivals = [1]
    after, _ = _day(s, "palace")
    assert meng(after).vp == 1
    meng(s).envoy, s.arrivals, meng(s).pool = 0, [], 2
    after, _ = run(s, {"k": "meng_dusk_card", "card": "palace", "i": 0})
    assert meng(after).envoy == 1 and meng(after).intrigue == 1 and meng(after).pool == 0


def test_jade_decree_and_special_cards_give_a_free_dusk_travel_step():
    """JADE / DEKRETE / SPEZIELLE AUTOMAKARTEN, Dämmerungsphase: 1 freier Reiseschritt."""
    for card in ("jade", "decree", "special"):
        s = _table()
        meng(s).pool = 0
        after, codes = run(s, {"k": "meng_dusk_card", "card": card, "i": 0})
        assert meng(after).traveller == PATH[0] and "meng.event.dusk.free_travel" in codes


# -- Grand Canal and port rewards ---------------------------------------------------------------
def test_canal_existing_boat_else_a_new_one_never_moved():
    """KAISERKANAL: 1 servant on an existing boat, else a new boat; Meng never moves his boats."""
    s = _table()
    meng(s).pool = 6
    after, codes = _day(s, "canal")
    assert len(meng(after).boats) == 1 and meng(after).boats[0].port == 1 and "meng.event.canal.new_boat_pool" in codes
    after, codes = _day(after, "canal")
    assert len(meng(after).boats) == 1 and meng(after).boats[0].servants == 2 and meng(after).boats[0].port == 1
    after, _ = run(after, {"k": "meng_dusk_card", "card": "canal", "i": 0})
    assert meng(after).boats == [] and meng(after).pool == 6 - 2 - 2


def test_port_rewards_card_card_then_four_vp_without_limit():
    """Hafenbelohnungen: automatic at 3 servants in any port and phase: a card the 1st and 2nd time, then 4 VP each
    time without limit; all his servants return to his general supply."""
    s = _table()
    rewards = []
    for _ in range(6):
        meng(s).pool = 3
        for _ in range(3):
            s, codes = _day(s, "canal")
            rewards += [c for c in codes if c.startswith("meng.event.port.")]
            d = GAME.decision(s)
            if d is not None and d.kind == "gugong.meng_draw":
                s, _ = act(s, d.options[0])
    assert rewards == ["meng.event.port.card"] * 2 + ["meng.event.port.vp"] * 4
    assert meng(s).vp == 16 and s.meng.markers == {"card": 2, "vp": 4} and meng(s).boats == []
    assert len(meng(s).hand) == 4 + 2 and meng(s).general == 6 + 6 * 3  # every servant back to the general supply
    assert GAME.end_table(s).players[1].port_servants == 2 + 3  # neutral markers: at most 3 on the VP spaces


def test_port_rewards_on_hard_only_the_first_card():
    s = first_turn(difficulty="hard", profile={"overrides": KNOWN_PATH})
    flush(s)
    meng(s).pool = 9
    codes = []
    for _ in range(6):
        s, c = _day(s, "canal")
        codes += c
        d = GAME.decision(s)
        if d is not None and d.kind == "gugong.meng_draw":
            s, _ = act(s, d.options[0])
    assert [c for c in codes if c.startswith("meng.event.port.")][:2] == ["meng.event.port.card", "meng.event.port.vp"]


# -- decrees ------------------------------------------------------------------------------------
def _decrees(s):
    s.decree_slots = ["morning_servant", "morning_intrigue", "travel_discount", "jade_discount", "eight_vp",
                      "vp_per_jade"]
    s.decree_servants = [[] for _ in range(6)]
    return s


def test_decree_level_follows_the_day():
    """DEKRETE: level = the day; days 3 and 4 level 3; then lower levels, then higher ones."""
    assert choices.decree_levels(1, 3) == [1, 2, 3]
    assert choices.decree_levels(2, 3) == [2, 1, 3]
    assert choices.decree_levels(3, 3) == [3, 2, 1]
    assert choices.decree_levels(4, 3) == [3, 2, 1]


def test_decree_choice_prefers_the_one_the_human_has_not_taken_else_the_lower():
    """DEKRETE: 'wählt er das günstigere, wenn der Spieler das andere bereits belegt. Sind beide nicht belegt, wählt
    er das untere' (NL: also the lower one when both are taken)."""
    s = _decrees(_table())
    meng(s).pool = 12
    s.day = 2
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) == 3  # neither taken: the lower one
    s.decree_servants[3] = [0]
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) == 2  # the human took the lower: the cheaper one
    s.decree_servants[2] = [0]
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) == 3  # both taken: the lower one


def test_decree_falls_back_lower_then_higher_and_always_buys_one():
    s = _decrees(_table())
    s.day = 2
    s.decree_servants[2] = [1]
    s.decree_servants[3] = [1]  # he owns both level-2 decrees: level 1 next
    meng(s).pool = 12
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) in (0, 1)
    s.decree_servants[0] = [1]
    s.decree_servants[1] = [1]
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) in (4, 5)  # then the higher level
    s = _decrees(_table())
    s.day = 3
    meng(s).pool = 2  # affords only the level-1 decrees (placeholder costs 1 + the servant on it)
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) == 1
    meng(s).pool = 0
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) is None
    assert choices.choose_decree(s, 1, free=True, lower_slot=1) == 5


def test_decree_bought_scores_levels_1_and_2_at_once():
    """DEKRETE: 'Er erhält sofort Punkte für die Stufe 1 und 2 Dekrete'."""
    s = _decrees(_table())
    s.day = 2
    meng(s).pool = 12
    after, codes = _day(s, "decree")
    assert 1 in after.decree_servants[3] and meng(after).vp == s.comp.decrees["jade_discount"].vp
    assert "meng.event.decree.buy" in codes


def test_jade_tile_with_no_card_left_today_gives_nothing():
    """Ruling M9 (docs/rulings/meng.md): with no gift card left to discard he takes no jade."""
    s = _table()
    meng(s).hand = []
    s.cities[PATH[0]] = "jade_card"
    after, _ = _day(s, "travel")
    assert meng(after).jade == 0 and GAME.decision(after).kind != "gugong.meng_top_card"


def test_dusk_intrigue_at_the_end_of_the_track_is_skipped():
    """Ruling M11: no servant is paid for a step the track does not have."""
    s = _table()
    meng(s).intrigue, meng(s).pool = s.comp.intrigue_max, 3
    after, codes = run(s, {"k": "meng_dusk_card", "card": "intrigue", "i": 0})
    assert meng(after).pool == 3 and "meng.event.dusk.skip" in codes


@pytest.mark.parametrize(("meng_wins", "expected"), [(True, "wall.scored_meng"), (False, "wall.scored_you")])
def test_wall_scoring_tells_what_it_means_for_meng(meng_wins, expected):
    """Chinesische Mauer: whoever completes the Wall, the table learns whether Meng won it (his servants come
    back) or his servants stay (Wertung der Mauer; Solo: his intrigue benefit follows)."""
    s = first_turn()
    flush(s)
    size = s.comp.wall_size[s.n]
    meng_servants = size - 1 if meng_wins else 1
    s.wall = [[s.meng.seat, 1]] * meng_servants + [[1 - s.meng.seat, 1]] * (size - meng_servants)
    after, codes = run(s, {"k": "wall_check"})
    codes = [c.removeprefix("meng.event.") for c in codes if c.startswith("meng.event.")]
    assert codes[0] == expected
    assert ([e for e in after.wall if e[0] == s.meng.seat] == []) == (expected == "wall.scored_meng")


# -- what the table is told: only what happens -------------------------------------------------------
def test_wall_decree_with_an_empty_general_supply_tells_no_extra_servant():
    """Dekrete Stufe 2 (gugong-de): "darfst du einen zusätzlichen Diener aus dem allgemeinen Vorrat dazu legen":
    with Meng's general supply empty there is no servant to add, so the table is not told to place one."""
    s = _table()
    s.decree_slots[2] = "wall_extra"
    s.decree_servants[2] = [1]
    meng(s).pool, meng(s).general = 11, 0
    after, codes = _day(s, "wall")
    assert after.wall == [[1, 1]] and "meng.event.wall.extra" not in codes
    meng(s).pool, meng(s).general = 10, 1
    after, codes = _day(s, "wall")
    assert after.wall == [[1, 1], [1, 1]] and "meng.event.wall.extra" in codes


def test_a_servant_card_with_an_empty_general_supply_moves_no_servant():
    """Aktionen der Geschenkkarten (gugong-de): "+1 Diener aus deinem allgemeinen Vorrat"; Tipps 1: from an empty
    general supply you gain nothing. The table is told what he does not get, never "move 0 servants"."""
    s = _table()
    meng(s).pool, meng(s).general = 11, 0
    _, codes = run(s, {"k": "meng_card_action", "what": "servant2", "mode": "day"})
    assert "meng.event.day.card_servants" not in codes and "meng.event.servants.short" in codes
    meng(s).pool, meng(s).general = 10, 1
    steps.push(s, {"k": "meng_card_action", "what": "servant2", "mode": "day"})
    events = [e for e in steps.settle(GAME.steps, s) if e.code.startswith("meng.")]
    texts = [labels.event_text(e, "en", ["Anna", "Meng"]) for e in events]
    assert [e.code for e in events] == ["meng.event.day.card_servants", "meng.event.servants.short"]
    assert "move 1? of Meng's servants" in texts[0]  # how many: the card's action, from the card table


# -- rules fidelity, round 2 ---------------------------------------------------------------------------------
DECREES_WITH_COSTS = [
    {"id": d, "level": level, "vp": vp, "cost": cost} for d, level, vp, cost in (
        ("morning_intrigue", 1, 2, 1), ("morning_canal", 1, 2, 1), ("morning_servant", 1, 3, 1),
        ("morning_envoy", 1, 3, 2), ("morning_swap", 1, 3, 2), ("travel_discount", 2, 2, 2),
        ("jade_discount", 2, 2, 2), ("wall_extra", 2, 3, 2), ("equal_value", 2, 3, 3), ("decree_discount", 2, 4, 3),
        ("vp_per_3_vp", 3, 0, 3), ("eight_vp", 3, 0, 3), ("vp_per_jade", 3, 0, 3), ("vp_per_decree_servant", 3, 0, 3),
        ("vp_per_port_servant", 3, 0, 3))
]


def test_decree_he_cannot_pay_sends_him_a_level_lower_before_the_other_decree_of_the_level():
    """gugong-nl 978: "Als Meng het gekozen Decreet niet kan betalen ..., zal hij volgens dezelfde criteria een Decreet
    van een lager niveau kiezen, of vervolgens van een hoger niveau"; gugong-de 900: "Wenn Meng sich ein Dekret nicht
    leisten kann ..., wählt er ein Dekret der nächstniedrigeren Stufe mit den gleichen Kriterien" (ruling M15).
    Day 2, no level-2 decree taken, 3 servants: the lower level-2 decree costs 3 (+1 on it), so not the other
    level-2 decree but the lower level-1 decree."""
    s = _table(decrees=DECREES_WITH_COSTS)  # an owner's box check in the form saved before decree_cost.<id>
    s.decree_slots = ["morning_servant", "morning_intrigue", "travel_discount", "decree_discount", "eight_vp",
                      "vp_per_jade"]
    s.decree_servants = [[] for _ in range(6)]
    s.day = 2
    meng(s).pool, meng(s).general = 3, 9
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) == 1
    after, codes = _day(s, "decree")
    assert after.decree_servants[1] == [1] and after.decree_servants[2] == [] and "meng.event.decree.buy" in codes
    s.decree_servants[0] = [1]
    s.decree_servants[1] = [1]  # he owns both level-1 decrees
    meng(s).pool = 4
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) == 3  # the chosen level-2 decree, now affordable
    meng(s).pool = 3  # neither the chosen level-2 nor the chosen level-3 decree (3 + 1): the other level-2 one
    assert choices.choose_decree(s, 1, free=False, lower_slot=1) == 2  # he always buys one he can pay


def _tiles(s, n: int) -> None:
    """Give Meng n regular travel tiles from the draw piles."""
    for _ in range(n):
        tile = next(t for t, left in sorted(s.bag.items()) if left and t != "double")
        s.bag[tile] -= 1
        meng(s).tiles.append(tile)


@pytest.mark.parametrize("loc", ["jade", "decree", "wall", "canal"])
def test_by_day_meng_trades_tiles_for_the_servants_an_action_needs(loc):
    """gugong-de 862: "muss er Reiseplättchen für Diener eintauschen, wenn er dadurch diese Aktion ausführen könnte.
    Dies gilt für die Tages- und Dämmerungsphase"; gugong-nl 940: "zowel in de Dagfase als de Schemerfase" (ruling
    M10). With 1 servant (none for the wall and the canal) and 4 tiles he trades and acts instead of doing nothing."""
    s = _decrees(_table())
    s.day = 1
    _, price = choices.cheapest_jade(s, 1)
    need = {"jade": price, "decree": s.comp.decrees["morning_intrigue"].cost + 1, "wall": 1, "canal": 1}[loc]
    pool = 1 if loc in ("jade", "decree") else 0
    meng(s).general += meng(s).pool - pool
    meng(s).pool = pool
    _tiles(s, 4)
    after, codes = _day(s, loc)
    trades = codes.count("meng.event.day.trade")
    assert trades == need - pool and len(meng(after).tiles) == 4 - 2 * trades
    assert not any(c.endswith(".cannot") for c in codes)
    done = {"jade": meng(after).jade == 1, "decree": any(1 in x for x in after.decree_servants),
            "wall": after.wall == [[1, 1]], "canal": len(meng(after).boats) == 1}
    assert done[loc], codes
