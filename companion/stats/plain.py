"""The command line's report (`python -m companion stats --json`) in plain Python over the stored rows.

The same figures as companion.stats.season and companion.stats.aggregate (tests/stats/test_plain.py holds
them equal on the shared fixture), without pandas: its import alone costs about a second of CPU, twice the
whole command's budget. The pieces both need (who a typed name is, a tag in words, a play's minutes) live
here, so the two cannot drift apart; frames.py imports them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from datetime import datetime, tzinfo
from typing import Any

from ..storage.history import person_key, shown_name
from .result import PLAYER
from .zone import local

COMPETITIVE, SOLO = "competitive", "solo"
MAX_MINUTES = 12 * 60  # a game stored longer than this was paused, not played: its duration is unknown
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"  # the report's dates (export.DATE_FORMAT)


class People:
    """Each seat's person (an id: table and key) and the name shown for them: spellings of one name are one
    person, a merged person counts as the one they were merged into. The solo opponent stays as typed."""

    def __init__(self, people: Iterable[tuple[Any, Any, Any, Any]]) -> None:
        """`people`: (owner, key, name, merged_into) of the stored people."""
        self.merged: dict[tuple[str, str], str] = {}
        self.names: dict[tuple[str, str], str] = {}
        for owner, key, name, into in people:
            self.names[str(owner), str(key)] = str(name)
            if isinstance(into, str) and into:
                self.merged[str(owner), str(key)] = into

    def of(self, owner: str, typed: str, role: str) -> tuple[str, str]:
        """(person id, shown name) of a seat."""
        if role != PLAYER:
            return f"{owner}:{role}:{typed}", typed
        key, seen = person_key(typed), set()
        while (owner, key) in self.merged and key not in seen:  # a chain of merges, never a loop
            seen.add(key)
            key = self.merged[owner, key]
        return f"{owner}:{key}", self.names.get((owner, key)) or shown_name(typed)


def tag_word(tag: str) -> str:
    """A stored tag as a word: an option whose value was stored as a Python object ("great_wall={'complete':
    True}", before options were made plain) is the option switched on."""
    key, _, value = tag.partition("=")
    return key if value[:1] in ("{", "[") else tag


def parsed(text: Any, empty: Any) -> Any:
    """A JSON column's value, `empty` when missing, damaged or of another type."""
    try:
        value = json.loads(text) if isinstance(text, str) else empty
    except ValueError:
        value = empty
    return value if isinstance(value, type(empty)) else empty


def minutes(played: Any, started: Any) -> int | None:
    """How long a play took, None when unknown (no start, or longer than a sitting)."""
    try:
        value = round((float(played) - float(started)) / 60)
    except (TypeError, ValueError):
        return None
    return value if 0 < value <= MAX_MINUTES else None


def _number(value: Any) -> float:
    return float(value) if value is not None else float("nan")


def _plays(raw: dict[str, list[dict[str, Any]]], games: tuple[str, ...], player: str | None
           ) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    """The plays kept by the filters, oldest first, and each one's seats in seat order (with person and name)."""
    people = People((p["owner"], p["key"], p["name"], p["merged_into"]) for p in raw["people"])
    plays = sorted(raw["results"], key=lambda r: (_number(r["played"]), str(r["id"])))
    owners = {str(r["id"]): str(r["owner"]) for r in plays}
    seats: dict[str, list[dict[str, Any]]] = {}
    for s in sorted(raw["players"], key=lambda s: int(s["seat"])):
        rid = str(s["result_id"])
        if rid in owners:
            typed = str(s["name"])
            person, name = people.of(owners[rid], typed, str(s["role"]))
            seats.setdefault(rid, []).append({**s, "typed": typed, "person": person, "name": name})
    if games:
        plays = [r for r in plays if r["game"] in games]
    if player:
        wanted = person_key(player)
        plays = [r for r in plays if any(wanted in (person_key(s["name"]), person_key(s["typed"]))
                                         for s in seats.get(str(r["id"]), []))]
    return plays, seats


def _history(plays: list[dict[str, Any]], seats: dict[str, list[dict[str, Any]]], zone: tzinfo) -> list[dict]:
    return [
        {"id": str(r["id"]), "date": datetime.fromtimestamp(float(r["played"]), zone).strftime(DATE_FORMAT),
         "game": str(r["game"]), "edition": r["edition"] or "",
         "options": [tag_word(str(t)) for t in parsed(r["tags"], [])], "difficulty": r["difficulty"] or None,
         "duration_min": minutes(r["played"], r["started"]), "source": r["source"],
         "players": [{"seat": int(s["seat"]), "name": s["name"], "typed": s["typed"], "role": s["role"],
                      "score": float(s["total"]), "rank": int(s["rank"]), "winner": bool(s["winner"])}
                     for s in seats.get(str(r["id"]), [])]}
        for r in plays
    ]


def _people_rows(plays: list[dict[str, Any]], seats: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Every person's seat (the solo opponent is no person) with its play's game and mode and whether the
    victory was shared."""
    out = []
    for r in plays:
        mine = seats.get(str(r["id"]), [])
        shared = sum(bool(s["winner"]) for s in mine) > 1
        mode = SOLO if r["solo"] else COMPETITIVE
        out += [{"play": str(r["id"]), "game": str(r["game"]), "mode": mode, "name": s["name"],
                 "total": float(s["total"]), "winner": bool(s["winner"]), "shared": shared}
                for s in mine if s["role"] == PLAYER]
    return out


def _grouped(rows: list[dict[str, Any]], keys: tuple[str, ...]) -> dict[tuple, dict[str, Any]]:
    groups: dict[tuple, dict[str, Any]] = {}
    for row in rows:
        g = groups.setdefault(tuple(row[k] for k in keys), {"plays": set(), "wins": 0, "shared_wins": 0,
                                                             "totals": []})
        g["plays"].add(row["play"])
        g["wins"] += row["winner"]
        g["shared_wins"] += row["winner"] and row["shared"]
        g["totals"].append(row["total"])
    return groups


def _players(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per mode and person: plays, wins (shared ones included), shared wins, win rate; most plays first."""
    found = [{"name": name, "mode": mode, "plays": len(g["plays"]), "wins": g["wins"],
              "shared_wins": g["shared_wins"], "win_rate": g["wins"] / len(g["plays"])}
             for (mode, name), g in sorted(_grouped(rows, ("mode", "name")).items())]
    return sorted(found, key=lambda p: (p["mode"], -p["plays"], -p["wins"]))  # stable: names in order


def _per_game(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"name": name, "mode": mode, "game": game, "plays": len(g["plays"]), "wins": g["wins"],
             "average": sum(g["totals"]) / len(g["totals"]), "best": max(g["totals"])}
            for (mode, game, name), g in sorted(_grouped(rows, ("mode", "game", "name")).items())]


def report(store: Any, games: tuple[str, ...] = (), player: str | None = None,
           zone: tzinfo | None = None) -> dict[str, Any]:
    """What `stats --json` prints: plays, plays per game, per person and per person and game, and the history
    (every play with its seats), over every table of `store` (a Store); dates in `zone` (None: the server's)."""
    plays, seats = _plays(store.result_records(), games, player)
    rows = _people_rows(plays, seats)
    return {"plays": len(plays), "games": dict(Counter(str(r["game"]) for r in plays)),
            "players": _players(rows), "per_game": _per_game(rows),
            "history": _history(plays, seats, zone or local())}
