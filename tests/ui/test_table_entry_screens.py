"""Issue 22: the table enters several chance steps of one kind on one screen (companion.ui.table_entry).

A 3-player Gùgōng game, the table entering (table entry on): each start hand on one screen with the player
set's cards chosen beforehand; the seven officials' cards, the decrees, the fate dice and the cities' tiles
each a grid, one tap per step, one confirm for the run. The log gets one action per step, as before."""

from __future__ import annotations

import pytest

from companion.core.registry import get_game
from companion.core.session import Session
from companion.i18n import t

from .apphelpers import click, new_session, start, table, texts

NAMES = ["Ada", "Bo", "Cy"]


def _game(lang: str = "en"):
    at = start(new_session(lang), "gugong", players=3, names=NAMES, who="table")
    return at


def _grid(at, v: int) -> list:
    """The option buttons of the open step (entry_<version>_<n>_<index>)."""
    return [b for b in at.button if b.key and b.key.startswith(f"entry_{v}_")]


def _index(key: str) -> int:
    return int(key.rsplit("_", 1)[1])


def _run(at, taps: int | None = None) -> list[dict]:
    """Tap the first button of each open step (at most `taps`), then confirm; the options tapped, in order."""
    tab = table(at)
    v, first = tab.version, tab.session.decision
    tapped = []
    for _ in range(taps or 16):
        grid = _grid(at, v)
        if not grid:
            break
        option = None
        for b in grid:
            option = _option_of(at, first, tapped, _index(b.key))
            b.click().run()
            break
        tapped.append(option)
    click(at, f"entry_confirm_{v}")
    return tapped


def _option_of(at, first, tapped: list[dict], index: int) -> dict:
    """The option at `index` of the step after `tapped` (asked of the engine, as the screen does)."""
    tab = table(at)
    session = Session.from_log(tab.session.game, tab.session.setup, [*tab.session.log, *tapped])
    return session.decision.options[index]


def test_a_setup_run_is_a_grid_per_step_and_one_confirm_logs_one_action_per_step(data_dir):
    at = _game()
    tab = table(at)
    assert tab.session.decision.kind == "gugong.setup_start"
    _run(at)  # the start player: one step
    while table(at).session.decision.hidden:  # each start hand: its player set chosen beforehand
        v = table(at).version
        assert at.button(key=f"held_confirm_{v}").label == "Enter these 4"
        click(at, f"held_confirm_{v}")
    tab = table(at)
    assert tab.session.decision.kind == "gugong.setup_board"
    before = len(tab.session.log)
    v = tab.version
    assert not at.button(key=f"entry_confirm_{v}").disabled is False or True
    assert at.button(key=f"entry_confirm_{v}").disabled, "nothing entered: nothing to confirm"
    tapped = _run(at)
    assert len(tapped) == 7, tapped
    log = table(at).session.log
    assert log[before:] == tapped, "one logged choice per official, in the order tapped"
    assert table(at).session.decision.kind == "gugong.setup_decree"
