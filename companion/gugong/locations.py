"""The 7 location actions (gugong-de "Ortsaktionen", p. 5): each as `options(state, seat)` + `perform(...)`.

The same functions serve the location action, a card action that names a location, the bonus
tile "follow" and Meng's Automa, so each location's rules live in its own chapter module
(travel, wall, jade, intrigue, palace, decrees, canal); this module only lists them and runs one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.actions import Action
from companion.core.steps import push

from . import bonus_tiles, canal, corrections, decrees, intrigue, jade, palace, travel, wall
from .state import GugongState
from .steps import Events, event, step


@dataclass(frozen=True)
class Location:
    name: str
    options: Callable[[GugongState, int], list[dict]]
    perform: Callable[[GugongState, int, dict], Events]
    rule: str


LOCATIONS: dict[str, Location] = {
    "travel": Location("travel", travel.options, travel.perform, travel.RULE_TRAVEL),
    "wall": Location("wall", wall.options, wall.perform, wall.RULE_WALL),
    "jade": Location("jade", jade.options, jade.perform, jade.RULE_JADE),
    "intrigue": Location("intrigue", intrigue.options, intrigue.perform, intrigue.RULE_INTRIGUE),
    "palace": Location("palace", palace.options, palace.perform, palace.RULE_PALACE),
    "decree": Location("decree", decrees.options, decrees.perform, decrees.RULE_DECREE),
    "canal": Location("canal", canal.options, canal.perform, canal.RULE_CANAL),
}


def run(state: GugongState, seat: int, name: str, opt: dict, follow: bool = False) -> Events:
    """Perform a location's action; bonus tiles beside it react when another player performs it."""
    events: Events = []
    if not follow:
        events, followers = bonus_tiles.reactions(state, seat, name)
        push(state, *followers)  # they follow after this action is complete
    events.append(event("action", player=seat, location=name, option=opt.get("opt", "")))
    return events + LOCATIONS[name].perform(state, seat, opt)


def strip(action: Action) -> dict:
    return {k: v for k, v in action.items() if k != "type"}


def _follow_options(state: GugongState, frame: dict) -> list[Action]:
    out: list[Action] = [{"type": "follow", **o} for o in LOCATIONS[frame["loc"]].options(state, frame["p"])]
    return [*out, {"type": "skip"}, *corrections.offered(state, frame["loc"])] if out else []


@step("follow", bonus_tiles.RULE_FOLLOW, _follow_options)
def _follow(state: GugongState, frame: dict, action: Action | None) -> Events:
    if action and corrections.is_correction(action):
        push(state, frame)  # asked again, with the corrected fact
        return corrections.correct(state, action)
    if action and action["type"] == "follow":
        return run(state, frame["p"], frame["loc"], strip(action), follow=True)
    return []
