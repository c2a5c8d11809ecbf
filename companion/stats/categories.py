"""One category list per game: a tracked game's score sheet and a quick score's end table map onto the rows
the printed score pad lists (pdf_templates/<game>.yaml), so an average per category means one thing.

In the Year of the Dragon: the engine keeps points per category and month (research, festival, palaces…,
with the final scoring in the last column); the end table and the pad know the victory point track after
the twelve months, then persons, monks, money and the final wall scoring. A tracked play's month columns add
up to the track; its final column gives the rest. A category a sheet cannot know (the wall in a game
without it) is missing, never 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd


@dataclass(frozen=True)
class Pad:
    engine: str  # prefix of the engine's row codes
    table: str  # prefix of the end table's (and the pad's) codes
    track: str  # the pad row the month columns add up to
    final: tuple[str, ...]  # pad rows read from the engine's final column, in pad order


PADS = {"dragon": Pad("dragon.score.", "dragon.table.", "track", ("persons", "monks", "money", "wall"))}
CARRIED = ["name", "role", "winner", "game", "played", "mode"]


def _cells(pad: Pad, codes: list[str], values: list[float], months: list[Any]) -> dict[str, float]:
    """One seat's pad rows from its engine rows (`months`: each row's points per month, final column last)."""
    out: dict[str, float] = {}
    track = 0.0
    wall = f"{pad.engine}wall" in codes
    for code, value, by_month in zip(codes, values, months, strict=True):
        name = code.removeprefix(pad.engine)
        if isinstance(by_month, list) and by_month:
            track += float(sum(by_month[:-1]))
            if name in pad.final:
                out[name] = out.get(name, 0.0) + float(by_month[-1])
        elif name in pad.final and name != "wall":
            out[name] = out.get(name, 0.0) + float(value)
        else:  # no months kept: the wall's points cannot be split between months and the end
            track += float(value) if pd.notna(value) else 0.0
    rows = {pad.track: track, **{c: out.get(c, 0.0) for c in pad.final if c != "wall"}}
    if wall and any(isinstance(m, list) and m for m in months):
        rows["wall"] = out.get("wall", 0.0)
    return rows


def pad_rows(rows: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """The score-sheet cells with every tracked sheet of a game in PADS mapped onto its pad's rows."""
    if rows.empty:
        return rows
    prefixes = {pad.engine: (game, pad) for game, pad in PADS.items()}
    engine = rows["code"].str.extract(r"^(\w+\.score\.)", expand=False)
    mapped = engine.isin(list(prefixes))
    if not mapped.any():
        return rows
    params = dict(zip(results["id"], results["extra"].map(lambda e: e.get("row_params") or []), strict=True))
    out = []
    for (rid, seat), cells in rows[mapped].groupby(["result_id", "seat"], sort=False):
        _, pad = prefixes[engine[cells.index[0]]]
        kept = params.get(rid, [])
        months = [(kept[p].get("by_month") or [None] * (seat + 1))[seat] if p < len(kept) and isinstance(kept[p], dict)
                  else None for p in cells["position"]]
        values = _cells(pad, list(cells["code"]), list(cells["value"]), months)
        first = cells.iloc[0]
        for position, code in enumerate([pad.track, *pad.final]):
            if code in values:
                out.append({"result_id": rid, "position": position, "seat": seat, "code": pad.table + code,
                            "value": values[code], **{c: first[c] for c in CARRIED}})
    extra = pd.DataFrame(out, columns=list(rows.columns)).astype(rows.dtypes.to_dict())
    return pd.concat([rows[~mapped], extra], ignore_index=True)
