"""gugong-de "Morgenphase" (Solo): the start player via the medal, Meng's level-1 decrees in order, his
servants; each test quotes the rule it checks."""

from __future__ import annotations

import pytest

from .helpers import first_turn, meng, run


def test_morning_medal_decree_vp_and_servants():
    """Morgenphase (Solo): Meng becomes start player with the medal, gets his decree benefits (the card-swap
    decree gives 1 VP instead) and his servants."""
    s = first_turn()
    slot = next((i for i, d in enumerate(s.decree_slots) if d == "morning_swap"), None)
    if slot is None:
        s.decree_slots[0] = "morning_swap"
        slot = 0
    s.decree_servants[slot].append(s.meng.seat)
    s.medal = s.meng.seat
    s.day = 2
    general = meng(s).general
    after, codes = run(s, {"k": "morning_start"}, {"k": "morning_decrees"}, {"k": "income"})
    assert after.start == s.meng.seat
    assert meng(after).vp == 1 and "meng.event.swap_vp" in codes
    assert meng(after).general == max(0, general - s.comp.income[2])


def _morning(s) -> list[str]:
    s.day = 2
    _, codes = run(s, {"k": "morning_start"}, {"k": "morning_decrees"}, {"k": "income"})
    return [c.removeprefix("meng.event.") for c in codes if c.startswith("meng.event.")]


@pytest.mark.parametrize(("medal", "start", "expected"), [
    (1, 0, "morning.medal_meng"), (0, 1, "morning.medal_you"), (None, 1, "morning.keep_meng"),
    (None, 0, "morning.keep_you")])
def test_morning_start_player_via_the_medal(medal, start, expected):
    """Morgenphase (Solo) / Schritt 1: Meng gets the start player marker when he holds the medal."""
    s = first_turn()
    s.medal, s.start = medal, start
    assert _morning(s)[0] == expected


def _owns(s, *decrees: str) -> None:
    for slot, d in enumerate(decrees):  # the level-1 decree spaces are 0 and 1
        s.decree_slots[slot] = d
        s.decree_servants[slot].append(s.meng.seat)


def test_morning_decree_benefits_in_order_then_servants():
    """Morgenphase (Solo) / Schritt 4-5: each level-1 decree's benefit, then his servants."""
    s = first_turn()
    _owns(s, "morning_servant", "morning_intrigue")
    meng(s).general = 10
    codes = _morning(s)
    assert codes[1:] == ["morning.decrees", "servants.decree", "morning.decree_intrigue", "servants.income"]


def test_morning_card_swap_decree_gives_one_vp_and_envoy_decree():
    """Morgenphase (Solo): the level-1 card-swap decree gives Meng 1 VP instead (Dekrete, Solo)."""
    s = first_turn()
    _owns(s, "morning_envoy", "morning_swap")
    codes = _morning(s)
    assert codes[1:4] == ["morning.decrees", "morning.decree_envoy", "morning.decree_swap"]
    assert codes[4] == "swap_vp"


def test_morning_canal_decree_and_no_decree():
    """Morgenphase (Solo): the canal decree puts a servant from his general supply on his boat."""
    s = first_turn()
    meng(s).general = 5
    _owns(s, "morning_canal")
    assert _morning(s)[1:4] == ["morning.decrees", "morning.decree_canal", "canal.new_boat_general"]
    assert _morning(first_turn())[1] == "morning.no_decrees"


def test_servants_short_when_his_general_supply_runs_out():
    """Morgenphase Schritt 5: servants come from the general supply only (Tipps 1)."""
    s = first_turn()
    meng(s).general = 1
    codes = _morning(s)
    assert "servants.income" in codes and "servants.short" in codes
