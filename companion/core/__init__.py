"""Game-agnostic engine core: actions, decisions, the log, undo/redo, saves, playouts."""

from .actions import CHANCE, Action, Decision, Event
from .errors import CompanionError, RuleError, SaveError, SetupError, StaleActionError
from .game import Game, apply
from .scoring import ScoreRow, ScoreSheet, rank_players
from .session import Session

__all__ = [
    "CHANCE",
    "Action",
    "CompanionError",
    "Decision",
    "Event",
    "Game",
    "RuleError",
    "SaveError",
    "ScoreRow",
    "ScoreSheet",
    "Session",
    "SetupError",
    "StaleActionError",
    "apply",
    "rank_players",
]
