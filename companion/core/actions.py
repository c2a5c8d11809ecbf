"""Actions, decisions and events: the vocabulary every game engine speaks.

An action is a plain JSON object with a "type" key (e.g. {"type": "choose_card", "card": 7}).
A decision says who must choose now and lists every legal action; chance decisions are
resolved by the table (entering what it sees) or by a seeded RNG, with the same actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Action = dict[str, Any]

# Who decides a chance decision: the table (physical dice/cards) or the app's RNG.
CHANCE = -1


@dataclass(frozen=True)
class Decision:
    """The pending decision: who decides what, and every legal option.

    player: seat index, or CHANCE for dice, draws and shuffles.
    kind: a code naming the question ("gugong.choose_card"), translated at the edge.
    options: every legal action, in a deterministic order (the token codec relies on it).
    weights: for chance decisions, the relative likelihood of each option (e.g. copies in a deck).
    rule: the rulebook passage this step comes from.
    """

    player: int
    kind: str
    options: tuple[Action, ...]
    params: dict[str, Any] = field(default_factory=dict)
    weights: tuple[int, ...] | None = None
    rule: str = ""
    unordered: tuple[str, ...] = ()  # option keys holding a set the table may name in any order (a pair)
    # a chance decision only the table can answer: what it holds face down or was dealt (core.chance.app_may_draw)
    hidden: bool = False

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    def index_of(self, action: Action) -> int:
        """Position of `action` among the options, or -1 when it is not one of them.

        Exact, types included: 3.0 and True are not 3 (Python's == says they are); only the
        lists under `unordered` keys match in any order.
        """
        for i, option in enumerate(self.options):
            if option == action and same(option, action):
                return i
        if self.unordered and isinstance(action, dict):
            key = in_order(action, self.unordered)
            for i, option in enumerate(self.options):
                if same(in_order(option, self.unordered), key):
                    return i
        return -1


def in_order(action: Action, keys: tuple[str, ...]) -> Action:
    """`action` with its lists of names under `keys` sorted (other values as they are)."""
    return {
        k: sorted(v) if k in keys and isinstance(v, list) and all(type(x) is str for x in v) else v
        for k, v in action.items()
    }


def same(a: Any, b: Any) -> bool:
    """JSON values equal with their types: what canonical JSON would say, without encoding."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


@dataclass(frozen=True)
class Event:
    """Something that happened, for the event log: a translatable code and parameters."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params}
