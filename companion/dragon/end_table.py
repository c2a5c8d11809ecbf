"""The final score of a game played without the app, from the documented end-of-game table
(docs/dragon-end-table.md): the victory point track after month 12 plus the final scoring.
"""

from __future__ import annotations

from typing import Any

from companion.core import ScoreRow, ScoreSheet, rank_players
from companion.core.end_table import refuse

from .components import WILD, Components, components_for, components_key, tile_kind
from .scoring import TIEBREAK


def _check_palaces(entries: list[dict[str, Any]]) -> None:
    for e in entries:
        for palace in e["palaces"]:
            if len(palace["persons"]) > palace["floors"]:
                raise refuse(
                    "palace_overfull",
                    f"{e['name']}: a palace with {palace['floors']} floor(s) cannot hold {len(palace['persons'])} "
                    "persons (one person per floor).",
                    where=f"players ({e['name']}).palaces", name=e["name"], floors=palace["floors"],
                    persons=len(palace["persons"]),
                )
            if any(tile_kind(t) == WILD for t in palace["persons"]):
                raise refuse("wild_in_palace", "Palaces hold person tiles, not wild cards.",
                             where=f"players ({e['name']}).palaces")


def _check_discs(entries: list[dict[str, Any]], totals: list[float]) -> None:
    """Discs on one field of the person track lie one on another (D 128 „obenauf“; the upper one is ahead, ruling
    D8). The height decides only between equal totals (D 488), so it is asked only of discs that share a field
    and a total: each needs its height in that field's stack, all different (1 is the bottom disc)."""
    fields: dict[tuple[float, int], list[dict[str, Any]]] = {}
    for e, total in zip(entries, totals, strict=True):
        fields.setdefault((total, e["person_points"]), []).append(e)
    on_field = [e["person_points"] for e in entries]
    for (_total, field), tied in sorted(fields.items()):
        heights = [e.get("disc_height", 0) for e in tied]
        stacked = on_field.count(field)
        if len(tied) > 1 and (len(set(heights)) < len(tied) or not all(1 <= h <= stacked for h in heights)):
            names = [e["name"] for e in tied]
            raise refuse(
                "discs_stacked",
                f"The person discs of {' and '.join(names)} lie on the same field {field}: give each its disc_height, "
                f"1 for the bottom disc up to {stacked} for the one on top (the disc on top wins a tie).",
                names=", ".join(names), field=field, count=stacked,
            )


def score_table(data: dict[str, Any]) -> ScoreSheet:
    """Final score of a game played without the app, from the table described in `data` (its shape checked
    before by the one end-table check: companion.core.end_table, run by the manifest's `score_table`)."""
    entries = data["players"]
    r: Components = components_for(components_key(len(entries), False, "2017", {}))
    wall = data.get("great_wall") or {}
    rows: dict[str, list[float]] = {c: [] for c in ("track", "persons", "monks", "money", "wall")}
    _check_palaces(entries)
    for e in entries:
        persons = [t for palace in e["palaces"] for t in palace["persons"]]
        monks = sum(r.symbols[t] * palace["floors"] for palace in e["palaces"] for t in palace["persons"] if
                    tile_kind(t) == "monk")
        money = e["yuan"] + r.sell_price * (e["rice"] + e["fireworks"])
        rows["track"].append(float(e["vp"]))
        rows["persons"].append(float(r.per_person * len(persons)))
        rows["monks"].append(float(monks))
        rows["money"].append(float(money // r.yuan_per_point))
        rows["wall"].append(float(e.get("wall_pieces", 0) if wall.get("complete") else 0))
    codes = ["track", "persons", "monks", "money"] + (["wall"] if wall else [])
    sheet_rows = [ScoreRow(f"dragon.table.{c}", rows[c]) for c in codes]
    totals = [sum(row.values[i] for row in sheet_rows) for i in range(len(entries))]
    _check_discs(entries, totals)
    keys = [[float(e["person_points"]) for e in entries], [float(e.get("disc_height", 0)) for e in entries]]
    eligible = [True] * len(entries)
    ranking, winners, tiebreak = rank_players(totals, eligible, keys, TIEBREAK)
    notes = []
    if wall and not wall.get("complete"):
        notes.append(
            {
                "code": "dragon.note.wall_incomplete",
                "text": "The wall is not complete: the player(s) with the fewest pieces must already have released "
                "a person before this table was taken.",
            }
        )
    return ScoreSheet("dragon", [e["name"] for e in entries], sheet_rows, totals, eligible, ranking, winners,
                      tiebreak, True, notes)
