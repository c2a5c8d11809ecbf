"""The general supply ("vom Vorrat"): one `grant` for everything a player receives.

Actions, wall pieces and the Charter all give one of these, in one vocabulary: yuan, rice,
rockets (`fireworks`), palace floors (built at once, one decision per floor), fields on the
person track, victory points (scored in a score-sheet category).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.steps import push

from .state import DragonState

Grant = Callable[[DragonState, int, int, str], None]


def _yuan(state: DragonState, p: int, n: int, category: str) -> None:
    state.players[p].yuan += n


def _rice(state: DragonState, p: int, n: int, category: str) -> None:
    state.players[p].rice += n


def _fireworks(state: DragonState, p: int, n: int, category: str) -> None:
    state.players[p].fireworks += n


def _floors(state: DragonState, p: int, n: int, category: str) -> None:
    push(state, {"k": "floor", "p": p, "n": n, "min": 0})


def _person_points(state: DragonState, p: int, n: int, category: str) -> None:
    state.advance(p, n)


def _vp(state: DragonState, p: int, n: int, category: str) -> None:
    state.add_vp(p, category, n)


GRANTS: dict[str, Grant] = {
    "yuan": _yuan,
    "rice": _rice,
    "fireworks": _fireworks,
    "floors": _floors,
    "person_points": _person_points,
    "vp": _vp,
}


def grant(state: DragonState, p: int, resource: str, amount: int, category: str = "") -> None:
    """Player `p` receives `amount` of `resource`; victory points are scored in `category`."""
    GRANTS[resource](state, p, amount, category)
