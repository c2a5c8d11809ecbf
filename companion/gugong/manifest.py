"""Gùgōng as the rest of the product sees it (companion.core.manifest)."""

from __future__ import annotations

from companion.core.manifest import Manifest, Option

from . import marks
from .commands import score_table, simulate_main
from .engine import GAME
from .instructions import instructions, setup_instructions
from .view import view
from .words_context import words_context

MANIFEST = Manifest(
    name="gugong",
    engine=GAME,
    box="gugong",
    board_facts=marks.BOARD,
    chance_facts=marks.CHANCE_COPIES,
    title="ui.game.gugong",
    options=(
        Option("bonus_tiles", "toggle", "ui.gg.opt_bonus", default=False, help="ui.gg.opt_bonus_help"),
        Option("expert", "toggle", "ui.gg.opt_expert", default=False, help="ui.gg.opt_expert_help"),
        Option("table_entry", "toggle", "box.opt_table_entry", default=True, help="box.opt_table_entry_help"),
    ),
    view=view,
    words_context=words_context,
    instructions=instructions,
    setup_instructions=setup_instructions,
    score_table=score_table,
    end_table_schema="gugong-end-table.schema.json",
    simulate=simulate_main,
    printables=("pad", "aid", "sheet"),
)
