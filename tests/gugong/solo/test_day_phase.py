"""gugong-de "SPIELABLAUF (SOLO)": Morgenphase, Tagesphase and "SPEZIELLE AUTOMAKARTEN"."""

from __future__ import annotations

import pytest

from companion.core.steps import Stack
from companion.gugong.solo import deck
from companion.gugong.solo.engine import GAME
from companion.gugong.solo.state import MengState

from .helpers import KNOWN_PATH, act, card_with, first_turn, flush, give_meng, human, meng, run


def _meng_turn(s, automa: str, card: int):
    """Reveal `automa` and Meng's `card` as the table would (Meng's turn is pending)."""
    flush(s)
    s.stack.append({"k": "turn", "p": s.meng.seat})
    s, _ = run(s)
    d = GAME.decision(s)
    assert d.kind == "gugong.meng_reveal" and d.is_chance
    s, codes = act(s, {"type": "automa_card", "card": automa})
    d = GAME.decision(s)
    if d is not None and d.kind == "gugong.meng_gift":
        s, more = act(s, {"type": "meng_card", "card": card})
        codes += more
    return s, codes


def test_exchange_regardless_of_values_and_without_paying():
    """Tagesphase (Solo): 'Die Werte der Karten sind irrelevant ... Er muss auch keine Diener bezahlen oder
    zusätzliche Geschenkkarten abwerfen'. The taken card goes to his discard pile."""
    s = first_turn(profile={"overrides": KNOWN_PATH})
    loc = max(range(7), key=lambda i: s.comp.cards[s.board[i]].value)
    name = s.comp.locations[loc]
    high = s.board[loc]
    low = min((c for c in s.comp.cards if c.action == "none" and c.id not in s.board), key=lambda c: c.value).id
    give_meng(s, low)
    assert s.comp.cards[low].value <= s.comp.cards[high].value or s.comp.cards[high].value == 9
    after, codes = _meng_turn(s, name, low)
    assert after.board[loc] == low and meng(after).discard == [high]
    assert "meng.event.day.exchange" in codes
    assert any(c.startswith(f"meng.event.{name}.") for c in codes)  # the location action follows anyway
    assert GAME.decision(after).kind != "gugong.pay_exchange"  # nothing to pay for the exchange
    assert after.meng.today == [name]


def test_card_action_first_then_location_action_a():
    """Tagesphase (Solo): the card action (or bonus servants) first, then the location action, always 'A'."""
    s = first_turn()
    card = card_with(s, "intrigue")
    give_meng(s, card)
    after, codes = _meng_turn(s, "palace", card)
    assert meng(after).intrigue == 1 and meng(after).envoy == 1  # intrigue A (+1), palace A (+1 only)
    assert codes.index("meng.event.day.card_action") < codes.index("meng.event.palace.day")
    assert after.medal == 1  # intrigue A takes the medal while it is there


def test_card_swap_becomes_one_vp():
    """Tagesphase (Solo): 'Wenn die Karte den „Kartentauschen“ Bonus enthält, wird dieser ignoriert und Meng erhält
    stattdessen 1 Siegpunkt'."""
    s = first_turn()
    card = card_with(s, "swap")
    give_meng(s, card)
    board = list(s.board)
    after, codes = _meng_turn(s, "intrigue", card)
    assert meng(after).vp == 1 and "meng.event.day.card_swap_vp" in codes
    changed = [i for i in range(7) if after.board[i] != board[i]]
    assert changed == [s.comp.locations.index("intrigue")]  # only the exchange itself


def test_bonus_servants_from_his_general_supply():
    """Tagesphase (Solo) / Aktionen der Geschenkkarten: '+2' puts 2 servants from the general supply in his supply."""
    s = first_turn()
    card = card_with(s, "servant2")
    give_meng(s, card)
    before = meng(s).pool
    after, _ = _meng_turn(s, "intrigue", card)
    assert meng(after).pool == before + 2


def test_todays_pile_and_reshuffle_of_earlier_days_only():
    """Tagesphase (Solo): 'Immer wenn Meng eine Karte ziehen muss und der Automastapel leer ist, mische die
    abgeworfenen Karten der vergangenen Tage, aber lass die an diesem Tag gespielten Karten ... liegen'."""
    m = MengState(seat=1, difficulty="normal", night_rule="as_if")
    m.deck = {"wall": 0, "jade": 0}
    m.today = ["palace", "special"]
    m.earlier = {"jade": 2, "wall": 1}
    assert deck.needs_reshuffle(m)
    deck.reshuffle(m)
    assert m.deck == {"wall": 1, "jade": 2} and m.today == ["palace", "special"] and sum(m.earlier.values()) == 0
    deck.end_dusk(m)
    assert m.earlier["palace"] == 1 and m.today == []


def test_reshuffle_happens_in_play_before_the_reveal():
    s = first_turn()
    s.meng.earlier = dict(s.meng.deck)
    s.meng.deck = {k: 0 for k in s.meng.deck}
    s.meng.today = []
    flush(s)
    s.stack.append({"k": "turn", "p": s.meng.seat})
    after, codes = run(s)
    assert "meng.event.day.reshuffle" in codes and sum(after.meng.deck.values()) == 11


def test_reveal_weights_are_the_copies_left_and_the_table_may_enter_any_location():
    """The Automa split is unknown (meng.automa_cards): the table can enter what the card shows."""
    s = first_turn()
    flush(s)
    s.stack.append({"k": "turn", "p": s.meng.seat})
    s, _ = run(s)
    d = GAME.decision(s)
    weights = dict(zip((o["card"] for o in d.options), d.weights, strict=True))
    assert weights == s.meng.deck and len(d.options) == 8
    s.meng.deck["travel"] += s.meng.deck["canal"]
    s.meng.deck["canal"] = 0
    after, codes = act(s, {"type": "automa_card", "card": "canal"})
    assert "meng.event.note.unexpected_card" in codes and after.meng.automa_total == 11


def _special(location: str, **overrides):
    s = first_turn(focus=location, profile={"overrides": {**KNOWN_PATH, **overrides}})
    return s


def test_special_card_goes_to_the_focus_and_does_b_for_free():
    """Spezielle Automakarten: exchange at the double servant's location; option B without its cost, servants
    from the general supply."""
    s = _special("wall")
    card = card_with(s, "none")
    give_meng(s, card)
    pool, general = meng(s).pool, meng(s).general
    after, codes = _meng_turn(s, "special", card)
    assert after.board[s.comp.locations.index("wall")] == card
    assert "meng.event.special.wall" in codes
    assert meng(after).pool == pool and meng(after).general == general - 2
    assert sum(1 for seat, _ in after.wall if seat == 1) == 2 or "gugong.event.wall_scored" in codes


def test_special_wall_uses_his_supply_when_the_general_supply_is_short():
    s = _special("wall")
    card = card_with(s, "none")
    give_meng(s, card)
    meng(s).pool, meng(s).general = 11, 1
    after, _ = _meng_turn(s, "special", card)
    assert meng(after).general == 0 and meng(after).pool == 10


def test_special_cards_at_each_location():
    """Spezielle Automakarten, one line per location."""
    card_none = None
    for loc, check in [
        ("travel", lambda a, b: len(meng(a).tiles) + sum(1 for t in [] if t) >= 2 or meng(a).jade > meng(b).jade),
        ("jade", lambda a, b: meng(a).jade == 1 and meng(a).pool == meng(b).pool),
        ("intrigue", lambda a, b: meng(a).intrigue == 3 and a.medal is None),
        ("palace", lambda a, b: meng(a).envoy == 2 and meng(a).intrigue == 1 and meng(a).pool == meng(b).pool),
        ("decree", lambda a, b: sum(1 for o in a.decree_servants if 1 in o) == 1 and meng(a).pool == meng(b).pool),
        ("canal", lambda a, b: sum(bt.servants for bt in meng(a).boats) == 2 and meng(a).pool == meng(b).pool),
    ]:
        s = _special(loc)
        card_none = card_with(s, "none")
        give_meng(s, card_none)
        after, codes = _meng_turn(s, "special", card_none)
        assert check(after, s), loc
        assert f"meng.event.special.{loc}" in codes


def test_special_card_action_is_b_too():
    """Spezielle Automakarten: 'Beim Ausführen der Karten- und Ortsaktion wählt Meng immer die Option B'."""
    s = _special("palace")
    card = card_with(s, "intrigue")
    give_meng(s, card)
    after, _ = _meng_turn(s, "special", card)
    assert meng(after).intrigue == 3 + 1 and meng(after).envoy == 2  # intrigue B (+3), palace B (+2, +1)
    assert human(after).intrigue == 0


def test_acting_during_mengs_step_is_refused_with_a_reason():

    from companion.core.errors import RuleError

    s = first_turn()
    flush(s)
    s.stack.append({"k": "turn", "p": s.meng.seat})
    s, _ = run(s)
    with pytest.raises(RuleError) as err:
        act(s, {"type": "exchange", "card": human(s).hand[0], "loc": 0})
    assert err.value.code == "meng.error.meng_step" and "Spielablauf (Solo)" in err.value.rule


def test_box_check_records_the_eleven_automa_cards():
    """The owner records the cards once (profile override): reveals then offer only the cards left."""
    cards = {"travel": 2, "wall": 1, "jade": 2, "intrigue": 1, "palace": 1, "decree": 1, "canal": 1, "special": 2}
    s = first_turn(profile={"overrides": {"meng.automa_cards": cards}})
    assert s.meng.deck == cards
    flush(s)
    s.stack.append({"k": "turn", "p": s.meng.seat})
    s, _ = run(s)
    d = GAME.decision(s)
    assert [o["card"] for o in d.options] == list(cards) and d.weights == tuple(cards.values())
    s.meng.deck["canal"] = 0
    flush(s)
    assert "canal" not in [o["card"] for o in GAME.decision(s).options]


def test_a_meng_turn_entered_by_the_table_step_by_step():
    """Tagesphase (Solo), played through engine actions only: the human's turn, then the table turns up Meng's
    Automa card and gift card, and the app lists what to do with his pieces."""
    from .helpers import session

    s = session(focus="jade")
    s.resolve_all_chance()
    while s.decision.player == 0:  # the human's first turn: take the first option each time
        s.act(s.decision.options[0])
    assert s.decision.kind == "gugong.meng_reveal"
    s.act({"type": "automa_card", "card": "intrigue"})
    assert s.decision.kind == "gugong.meng_gift"
    card = min(s.state.players[1].hand)
    events = s.act({"type": "meng_card", "card": card})
    codes = [e.code for e in events]
    assert codes[0] == "gugong.event.exchange" and "meng.event.day.exchange" in codes
    assert "meng.event.intrigue.day_medal" in codes or "meng.event.intrigue.day" in codes
    assert s.state.players[1].intrigue >= 1 and s.state.meng.today == ["intrigue"]
    assert s.decision.player == 0  # the human's turn again


def test_start_of_a_day_turns_his_discard_pile_into_gift_cards():
    """Tagesphase: yesterday's discard pile is today's gift cards (Meng's: shuffled face down)."""
    s = first_turn()
    flush(s)
    meng(s).discard = meng(s).hand[:3]
    meng(s).hand = []
    s.day = 2
    s.stack = Stack()
    after, codes = run(s, {"k": "solo_flow", "next": "day"})
    assert "meng.event.day.gift_cards" in codes and len(meng(after).hand) == 3


def test_easy_meng_has_one_special_automa_card():
    """Issue 26 point 3. DE 782 (Spielaufbau Solo): "Nutze für ein einfaches Spiel nur 1 anstatt 2
    Spezial-Automakarten (10 Karten insgesamt)" (NL 856 likewise). With an unverified Automa deck the table may
    enter any location, but not a second special card in one deck cycle: refused with its reason, state unchanged
    (ruling M17)."""
    import pytest

    from companion.core.errors import RuleError

    s = first_turn(difficulty="easy")
    assert s.meng.deck["special"] == 1
    s.meng.deck["special"] = 0
    s.meng.today = ["special"]  # revealed earlier today
    flush(s)
    s.stack.append({"k": "turn", "p": s.meng.seat})
    s, _ = run(s)
    before = GAME.to_json(s)
    assert {"type": "automa_card", "card": "special"} not in GAME.decision(s).options
    with pytest.raises(RuleError) as err:
        act(s, {"type": "automa_card", "card": "special"})
    assert err.value.code == "meng.error.one_special" and GAME.to_json(s) == before
    after, _ = act(s, {"type": "automa_card", "card": "canal"})  # another location may still come up
    assert after.meng.automa_total == 10
