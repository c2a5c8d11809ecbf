"""The server's shared objects found in a plain dictionary before Streamlit's own cache."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def kept(fn: F) -> F:
    """`fn(*args)`, an st.cache_resource function, looked up by its arguments in a plain dictionary first: the
    same objects, without st.cache_resource's own lookup (~0.3-0.5 ms a call; a run of a game screen asks
    several times)."""
    found: dict[tuple[Any, ...], Any] = {}

    @functools.wraps(fn)
    def get(*args: Any) -> Any:
        value = found.get(args)
        if value is None:
            value = found[args] = fn(*args)
        return value

    return get  # type: ignore[return-value]
