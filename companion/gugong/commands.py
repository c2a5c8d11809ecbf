"""Gùgōng's command-line parts (see companion/cli.py).

python -m companion score gugong FILE [--json]      -> score_table(data)
python -m companion simulate gugong ...             -> simulate_main(argv), from .simulation
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import CompanionError
from companion.core.profile import load_default
from companion.core.scoring import ScoreSheet

from .end_table import load_end_table
from .final_scoring import final_score

try:  # the engine's random playouts; `score` must keep working while simulation.py does not exist yet
    from .simulation import simulate_main
except ImportError as _missing:  # pragma: no cover - depends on which files exist
    _reason = str(_missing)

    def simulate_main(argv: list[str]) -> int:
        raise CompanionError("target_unavailable", f"gugong simulate is not available yet: {_reason}.")


__all__ = ["score_table", "simulate_main"]


def score_table(data: dict[str, Any]) -> ScoreSheet:
    """Score a documented end-of-game table (docs/gugong-end-table.md).

    The JSON is checked against data/schemas/gugong-end-table.schema.json first, then for
    consistency; any problem raises EndTableError (a SetupError) listing every problem found.
    """
    profile = load_default("gugong")
    return final_score(load_end_table(data, profile), profile)
