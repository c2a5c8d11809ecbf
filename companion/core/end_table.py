"""An end-of-game table from outside (quick score, `companion score GAME FILE`), checked before a
game scores it: bounded JSON data and the players' names as every setup checks them (core.setup:
trimmed, short, visible, different). The game's scorer then checks the table against its schema
(data/schemas/<manifest.end_table_schema>) with its own messages; `schema_error` does the same
for any game.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from .manifest import Manifest
from .profile import SCHEMA_DIR
from .setup import clean_name, same_name_key
from .validate import InputError, schema_problem, short, value_problem


@cache
def _schema(file: str) -> dict[str, Any]:
    return json.loads((SCHEMA_DIR / file).read_text(encoding="utf-8"))


def check_end_table(manifest: Manifest, data: Any) -> None:
    """Refuse a table that its game could not score (InputError "table_invalid", saying where and why)."""
    problem = value_problem(data, max_nodes=20_000)
    if problem is not None:
        raise InputError("table_invalid", f"This end-of-game table cannot be used: {problem}.", where="")
    players = data.get("players") if isinstance(data, dict) else None
    if isinstance(players, list):
        _check_names([p.get("name") for p in players if isinstance(p, dict) and isinstance(p.get("name"), str)])


def schema_error(manifest: Manifest, data: Any) -> InputError | None:
    """The first place where `data` breaks the game's end-table schema, as a refusal (None: it fits)."""
    if not manifest.end_table_schema:
        return None
    found = schema_problem(data, _schema(manifest.end_table_schema))
    if found is None:
        return None
    where, what = found
    return InputError("table_invalid", f"The end-of-game table is not valid at {where or 'its top level'}: {what}. "
                      f"The format is described in data/schemas/{manifest.end_table_schema}.", where=where)


def _check_names(names: list[Any]) -> None:
    keys: list[str] = []
    for seat, raw in enumerate(names):
        key = same_name_key(clean_name(raw, seat))
        if key in keys:
            raise InputError("table_invalid", f"Two players of the table are called {short(raw)}; give every player "
                             "a different name.", where=f"players[{seat}].name")
        keys.append(key)
