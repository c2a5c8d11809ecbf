"""What a solo screen shows: the Gùgōng view plus Meng's side (his Automa deck counts, today's cards,
his focus and difficulty); screens only render it."""

from __future__ import annotations

from typing import Any

from ..view import view as board_view
from .state import SoloState


def view(state: SoloState) -> dict[str, Any]:
    out = board_view(state)
    m = state.meng
    out["game"] = "gugong-solo"
    out["meng"] = {
        "seat": m.seat,
        "difficulty": m.difficulty,
        "night_rule": m.night_rule,
        "focus": m.focus,
        "deck": sum(m.deck.values()),
        "today": list(m.today),
        "earlier": sum(m.earlier.values()),
        "dusk": m.dusk,
        "claims": m.claims,
        "markers": dict(m.markers),
    }
    return out
