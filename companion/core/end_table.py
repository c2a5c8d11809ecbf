"""The one check of an end-of-game table from outside (quick score, `companion score GAME FILE`), driven by
`Manifest.end_table_schema`: bounded JSON data, then every place the table breaks the game's schema
(data/schemas/<manifest.end_table_schema>), then the players' names as every setup checks them (core.setup:
trimmed, short, visible, different). A manifest's `score_table` runs it first (`checked_scorer`), so the game's
scorer receives a table of the documented shape and checks only what a schema cannot say (its consistency),
refusing through `refuse` / `EndTableError`: one error code family, "table_invalid" and "table_invalid.<reason>".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, wraps
from typing import Any

from .profile import SCHEMA_DIR
from .setup import clean_name, same_name_key
from .validate import InputError, short, value_problem

FAMILY = "table_invalid"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a table: where, a translation code with parameters, and its English text."""

    field: str
    code: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""

    @property
    def message(self) -> str:
        return self.text or self.code

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "code": self.code, "params": self.params, "message": self.message}


class EndTableError(InputError):
    """An end-of-game table that cannot be scored; `problems` lists every problem found (the first is `where`)."""

    def __init__(self, problems: list[Problem], reason: str = "", lead: str = "",
                 **params: Any) -> None:
        lines = [f"{p.field}: {p.message}" if p.field else p.message for p in problems]
        lead = lead or "This end-of-game table cannot be scored:"
        message = lead + "".join(f"\n  - {line}" for line in lines) if len(lines) != 1 or lead.endswith(":") \
            else lead
        where = problems[0].field if problems else ""
        params = {"where": where or "the table", **params}
        super().__init__(f"{FAMILY}.{reason}" if reason else FAMILY, message,
                         problems=[p.to_dict() for p in problems], **params)
        self.problems = problems


def refuse(reason: str, message: str, where: str = "", **params: Any) -> EndTableError:
    """A game's refusal of a table its schema allows (code "table_invalid.<reason>", one English sentence)."""
    return EndTableError([Problem(where, f"{FAMILY}.{reason}", params, message)], reason, message, **params)


@cache
def table_schema(file: str) -> dict[str, Any]:
    """The JSON Schema data/schemas/<file> of a game's end-of-game table."""
    return json.loads((SCHEMA_DIR / file).read_text(encoding="utf-8"))


def check_end_table(schema_file: str, data: Any) -> None:
    """Refuse a table that its game could not score (EndTableError, saying where and why)."""
    problem = value_problem(data, max_nodes=20_000)
    if problem is not None:
        raise EndTableError([Problem("", f"{FAMILY}.limits", {}, f"{problem}.")], "limits",
                            f"This end-of-game table cannot be used: {problem}.")
    if schema_file:
        found = schema_problems(data, table_schema(schema_file))
        if found:
            raise EndTableError(found, lead="This end-of-game table file is not in the format the app writes and "
                                f"reads (data/schemas/{schema_file}):")
    players = data.get("players") if isinstance(data, dict) else None
    if isinstance(players, list):
        _check_names([p.get("name") for p in players if isinstance(p, dict) and isinstance(p.get("name"), str)])


def checked_scorer(schema_file: str, scorer: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The game's scorer behind the one check (what `Manifest.score_table` holds)."""
    if getattr(scorer, "end_table_checked", False):
        return scorer

    @wraps(scorer)
    def score(data: Any) -> Any:
        check_end_table(schema_file, data)
        return scorer(data)

    score.end_table_checked = True  # type: ignore[attr-defined]
    return score


def schema_problems(data: Any, schema: dict[str, Any]) -> list[Problem]:
    """Every place `data` breaks `schema`: where (player names shown), jsonschema's words and what is expected."""
    import jsonschema  # loaded on first use: engines scoring in memory never need it

    validator = jsonschema.Draft202012Validator(schema)
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.message)):
        hint = err.schema.get("description") if isinstance(err.schema, dict) else None
        text = f"{err.message} (expected: {hint})" if hint else err.message
        out.append(Problem(_path(err.absolute_path, data), FAMILY, {"detail": err.message}, text))
    return out


def _path(parts: Any, data: Any) -> str:
    text = ""
    node = data
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
            name = node[part].get("name") if isinstance(node, list) and isinstance(node[part], dict) else None
            if isinstance(name, str) and text.startswith("players") and text.count("[") == 1:
                text += f" ({name})"
        else:
            text += f".{part}" if text else str(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return text


def _check_names(names: list[Any]) -> None:
    keys: list[str] = []
    for seat, raw in enumerate(names):
        key = same_name_key(clean_name(raw, seat))
        if key in keys:
            raise refuse("names", f"Two players of the table are called {short(raw)}; give every player a different "
                         "name.", where=f"players[{seat}].name", name=short(raw))
        keys.append(key)
