"""What every storage module shares below the Store: a transaction's `run`, the two dialects' column
types, a multi-statement script, and the one thing a helper needs of a store (a transaction).

Kept here, under schema.py, base.py and history.py, so that none of them imports another only for these."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Protocol

Run = Callable[..., list[tuple]]  # run(sql, params=()) -> rows

TYPES = {
    "sqlite": {"int": "INTEGER", "real": "REAL"},
    "postgresql": {"int": "BIGINT", "real": "DOUBLE PRECISION"},
}


def script(run: Run, text: str, dialect: str) -> None:
    for statement in text.format(**TYPES[dialect]).split(";"):
        if statement.strip():
            run(statement)


class Transactional(Protocol):
    """A store as the helpers that work inside one of its transactions see it (companion.storage.base.Store)."""

    def _tx(self) -> AbstractContextManager[Run]: ...
