"""The simulated baseline beside a person's solo results: the solo opponent's score distribution at one
difficulty, from random legal playouts of the manifest's engine (core.simulate.run_simulation), with
the same box profile (the table's box check) as the real games. Deterministic for a given seed.

The person's seat is played by random legal moves, so the baseline shows what Meng scores on his
own deck, not how strong a person is; the screen labels it with the profile's status, since placeholder
facts (status "unknown") shape the simulated games.
"""

from __future__ import annotations

import copy
import statistics
from dataclasses import dataclass
from typing import Any

from ..core.registry import manifest
from ..core.scoring import ScoreSheet
from ..core.simulate import run_simulation
from .box import profile, status

GAMES = 30
SEED = 1


@dataclass(frozen=True)
class Baseline:
    game: str
    difficulty: str
    games: int
    automa: dict[str, float]  # mean, p10, p90 of the opponent's total
    person: dict[str, float]  # the same for the random player
    automa_win_rate: float
    profile_status: dict[str, int]  # facts per status of the profile simulated


def _spread(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {"mean": float("nan"), "p10": float("nan"), "p90": float("nan")}

    def pct(p: float) -> float:
        return float(ordered[min(len(ordered) - 1, int(p * len(ordered)))])

    return {"mean": round(statistics.fmean(ordered), 2), "p10": pct(0.1), "p90": pct(0.9)}


def _setups(game: str, difficulty: str, overrides: dict[str, Any], games: int, seed: int,
            table: dict[str, list[str]]) -> list:
    m = manifest(game)
    colour = next(iter(m.colours(overrides)), "")
    setups = []
    for i in range(games):
        setup = m.setup_for([{"name": "Player", "colour": colour}], {"difficulty": difficulty}, seed + i)
        if overrides:
            setup["profile"] = {"overrides": overrides, **{k: v for k, v in table.items() if v}}
        setups.append((setup, seed + i))
    return setups


def simulate(game: str, difficulty: str, overrides: dict[str, Any] | None = None, games: int = GAMES,
             seed: int = SEED, seen: list[str] | None = None, partly: list[str] | None = None) -> Baseline | None:
    """`games` random playouts of the solo `game` at `difficulty`; None if the game has no solo opponent.
    `seen`, `partly`: the facts of `overrides` a table saw (wholly, in part) rather than the owner checked."""
    m = manifest(game)
    if not m.solo:
        return None
    sheets: list[ScoreSheet] = []
    engine = copy.copy(m.engine)  # the same engine, keeping each final sheet it scores

    def keep(state: Any) -> ScoreSheet:
        sheets.append(m.engine.score(state))
        return sheets[-1]

    engine.score = keep  # type: ignore[method-assign]
    table = {"seen": sorted(seen or []), "partly": sorted(partly or [])}
    setups = _setups(game, difficulty, overrides or {}, games, seed, table)
    run_simulation(engine, setups, check_every_step=False)
    people = len(setups[0][0].get("players") or [None]) if setups else 1
    automa = [t for s in sheets for t in s.totals[people:]]
    person = [t for s in sheets for t in s.totals[:people]]
    wins = sum(1 for s in sheets if any(w >= people for w in s.winners))
    found = profile(m.box, overrides, table["seen"], table["partly"])
    return Baseline(game, difficulty, len(sheets), _spread(automa), _spread(person),
                    round(wins / len(sheets), 3) if sheets else float("nan"), status(found))
