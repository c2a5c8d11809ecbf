"""Solo Gùgōng against Meng as the rest of the product sees it (companion.core.manifest)."""

from __future__ import annotations

from typing import Any

from companion.core.manifest import Manifest, Option

from .. import marks
from ..components import components
from ..words_context import words_context
from .commands import simulate_main
from .engine import DIFFICULTIES, GAME, NIGHT_RULES
from .instructions import instructions
from .view import view


def _focus_choices(players: int, overrides: dict[str, Any]) -> tuple[Any, ...]:
    return (None, *components(overrides or None).locations)


def _sets(players: int, overrides: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(components(overrides or None).meng.card_sets)


MANIFEST = Manifest(
    name="gugong-solo",
    engine=GAME,
    box="gugong",
    board_facts=marks.BOARD,
    chance_facts=marks.CHANCE_COPIES,
    title="ui.game.gugong-solo",
    options=(
        Option("difficulty", "choice", "ui.meng.difficulty", "normal", DIFFICULTIES,
               choice_label="ui.meng.difficulty."),
        Option("night_rule", "choice", "ui.meng.night_rule", "as_if", NIGHT_RULES, choice_label="ui.meng.night.",
               help="ui.meng.night_rule_help"),
        Option("sets", "choice", "ui.meng.sets", "4/5", choices_for=_sets, help="ui.meng.sets_help"),
        Option("focus", "choice", "ui.meng.focus", None, choices_for=_focus_choices, choice_label="gugong.location.",
               none_label="ui.meng.focus_table", help="ui.meng.focus_help"),
        Option("table_entry", "toggle", "box.opt_table_entry", default=True, help="box.opt_table_entry_help"),
    ),
    view=view,
    words_context=words_context,
    instructions=instructions,
    build_setup=lambda players, options, seed: {"players": [players[0]["name"]], "seed": seed, **options},
    simulate=simulate_main,
    solo=True,
)
