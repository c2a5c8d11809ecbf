"""Yinzi as the rest of the product sees it (companion.core.manifest)."""

from __future__ import annotations

from typing import Any

from companion.core.manifest import Manifest, Option

from . import components, editions
from .commands import score_table, simulate_main
from .engine import GAME
from .instructions import instructions, setup_layout
from .view import view
from .words_context import words_context


def _colours(overrides: dict[str, Any]) -> tuple[str, ...]:
    return tuple(str(c) for c in components.for_overrides(overrides or None).components.colors)


MANIFEST = Manifest(
    name="yinzi",
    engine=GAME,
    box="yinzi",
    title="ui.game.yinzi",
    colours=_colours,
    options=(Option("table_entry", "toggle", "box.opt_table_entry", default=True, help="box.opt_table_entry_help"),),
    build_setup=lambda players, options, seed: {  # a new game: the current edition of the rules
        "players": [p["name"] for p in players], "colors": [p["colour"] for p in players], "seed": seed,
        "rules": editions.CURRENT, **options},
    view=view,
    words_context=words_context,
    instructions=instructions,
    setup_instructions=setup_layout,
    score_table=score_table,
    end_table_schema="yinzi-end-table.schema.json",
    simulate=simulate_main,
    printables=("pad", "aid", "sheet"),
)
