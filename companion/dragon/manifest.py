"""In the Year of the Dragon as the rest of the product sees it (companion.core.manifest)."""

from __future__ import annotations

from typing import Any

from companion.core.manifest import Manifest, Option

from .commands import simulate_main
from .components import components_for, components_key
from .end_table import score_table
from .engine import GAME
from .instructions import instructions, setup_instructions
from .scoring import score_details
from .setup import EDITIONS
from .view import view

SUPER_MODES = ("none", "random", "chosen", "hidden")  # "chosen": one named corner (super_event_chosen)


def _super_events(players: int, overrides: dict[str, Any]) -> tuple[str, ...]:
    return components_for(components_key(max(players, GAME.min_players), False, "2017", overrides or {})).super_events


def _build_setup(players: list[dict[str, str]], options: dict[str, Any], seed: int) -> dict[str, Any]:
    chosen = {"super_event": options["super_event_chosen"]} if options.get("super_event") == "chosen" else {}
    return {
        "players": [p["name"] for p in players],
        "seed": seed,
        **{k: v for k, v in options.items() if k != "super_event_chosen"},
        **chosen,
    }


MANIFEST = Manifest(
    name="dragon",
    engine=GAME,
    box="dragon",
    title="ui.game.dragon",
    options=(
        Option("great_wall", "toggle", "dragon.expansion.great_wall", False, help="dragon.ui.wall_help"),
        Option("super_event", "choice", "dragon.expansion.super_events", "none", SUPER_MODES,
               choice_label="dragon.super_mode."),
        Option("super_event_chosen", "choice", "dragon.ui.super_which", None, choices_for=_super_events,
               choice_label="dragon.super.", show_if=("super_event", "chosen")),
        Option("edition", "choice", "dragon.ui.edition", "2017", EDITIONS, choice_label="dragon.edition."),
    ),
    build_setup=_build_setup,
    view=view,
    instructions=instructions,
    setup_instructions=setup_instructions,
    score_table=score_table,
    end_table_schema="dragon-end-table.schema.json",
    score_details=score_details,
    simulate=simulate_main,
    printables=("pad", "aid", "sheet"),
)
