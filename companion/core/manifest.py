"""A game's manifest: everything the CLI, the app, the printables and storage know of a game.

Each game registers one `Manifest` (companion/<game>/manifest.py, listed in
`companion.core.registry.GAMES`). Nothing outside a game's package reads its modules other than
its manifest, view, instructions and words_context (the i18n words reach the box through the
`words_context` hook; tests/architecture/test_layers.py): adding a fourth game means writing its
package and adding one line to that list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Event
from .end_table import checked_scorer
from .game import Game
from .instructions import Instruction
from .scoring import ScoreSheet


@dataclass(frozen=True)
class Option:
    """A new-game option the Home screen offers (labels are catalog keys, translated at the edge).

    kind "toggle": a yes/no setup value; "choice": one of `choices` (or of `choices_for(players,
    overrides)` when the list depends on the player count or the owner's box profile).
    """

    key: str
    kind: str  # "toggle" | "choice"
    label: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    choices_for: Callable[[int, dict[str, Any]], Sequence[Any]] | None = None
    choice_label: str = ""  # catalog key prefix for a choice's words: f"{choice_label}{value}"
    none_label: str = ""  # catalog key for the choice None (e.g. "no focus: the table decides")
    help: str = ""
    show_if: tuple[str, Any] | None = None  # shown only when another option has this value

    def values(self, players: int, overrides: dict[str, Any] | None = None) -> tuple[Any, ...]:
        if self.choices_for is not None:
            return tuple(self.choices_for(players, overrides or {}))
        return self.choices


@dataclass(frozen=True)
class Manifest:
    """One game, as the rest of the product sees it."""

    name: str  # the engine's name, e.g. "gugong", "gugong-solo"
    engine: Game
    box: str  # the box profile it reads (gugong and gugong-solo share one box)
    title: str  # catalog key of the game's name
    options: tuple[Option, ...] = ()
    colours: Callable[[dict[str, Any]], Sequence[str]] = lambda overrides: ("red", "blue", "green", "yellow", "purple")
    # players (names with colours), options, seed -> the setup normalize_setup takes
    build_setup: Callable[[list[dict[str, str]], dict[str, Any], int], dict[str, Any]] | None = None
    view: Callable[[Any], dict[str, Any]] = lambda state: {}
    instructions: Callable[[Sequence[Event]], list[Instruction]] = lambda events: []
    # how to lay out the box before the first step (the steps after it come from instructions(events))
    setup_instructions: Callable[[dict[str, Any]], list[Instruction]] = lambda setup: []
    score_table: Callable[[Any], ScoreSheet] | None = None  # scores an end-of-game table (quick score, CLI)
    end_table_schema: str = ""  # data/schemas/<file>: the quick-score form and the CLI's table format
    score_details: Callable[[Any], list[dict[str, Any]]] | None = None  # extra tables for the score screen
    simulate: Callable[[list[str]], int] | None = None  # `python -m companion simulate <name> ...`
    printables: tuple[str, ...] = ()  # "pad", "aid", "sheet"
    solo: bool = False
    # box facts every screen of this game rests on (values its board shows), and per chance step the facts
    # its copies left are counted from: what a screen names when they are still unverified
    board_facts: tuple[str, ...] = ()
    chance_facts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tags: dict[str, Any] = field(default_factory=dict)
    # (setup, state JSON or None) -> what the game's i18n words read of it (its box as the table knows it)
    words_context: Callable[[dict[str, Any] | None, dict[str, Any] | None], Any] = lambda setup, state_json=None: None

    def __post_init__(self) -> None:
        if self.score_table is not None and self.end_table_schema:  # every caller gets the one check first
            object.__setattr__(self, "score_table", checked_scorer(self.end_table_schema, self.score_table))

    @property
    def min_players(self) -> int:
        return self.engine.min_players

    @property
    def max_players(self) -> int:
        return self.engine.max_players

    def setup_for(self, players: list[dict[str, str]], options: dict[str, Any], seed: int) -> dict[str, Any]:
        if self.build_setup is not None:
            return self.build_setup(players, options, seed)
        return {"players": [p["name"] for p in players], "seed": seed, **options}
