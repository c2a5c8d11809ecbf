"""5C Arbeiter ernähren: every worker on the board eats; one food per three workers, rounded up.

Rice, wheat and grain count 1, fruit, cabbage and potatoes 1/2 (counted in halves here); the
local market and the food discs help; what is missing costs one misfortune tile per food.
"""

from __future__ import annotations

from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import editions, goods, local_market, progress
from .state import HALF_FOOD, WHOLE_FOOD, YinziState
from .steps import STEPS, again, bookkeeping, decision
from .war import stand_veterans

RULE_FEED = "5C Arbeiter ernähren"
WORKERS_PER_FOOD = 3  # RULES-Y 5C: "teilen die Zahl durch drei. Dieses Ergebnis, aufgerundet"
HALVES = {"free_rice": 4, "free_wheat": 2, "market": 2}  # the rice disc gives two rice (halves of a food)


def food_need(state: YinziState, p: int) -> int:
    return -(-goods.workers_on_board(state, p) // WORKERS_PER_FOOD)


@bookkeeping("feeding", RULE_FEED)
def feed_workers(state: YinziState) -> list[Event]:
    events = stand_veterans(state)  # the action phase is over: feeding counts them in the war box
    frames = []
    for p in state.order:
        need = food_need(state, p)
        if state.bonus_of[p] == "feed_free" or need == 0:
            events.append(STEPS.event("fed", {"player": p, "food": need, "free": need > 0, "misfortune": 0}))
            continue
        frames.append({"k": "feed", "p": p, "need": need, "halves": 0})
    local_market.open_occasion(state, (f["p"] for f in frames))
    push(state, *frames)
    return events


def feed_options(state: YinziState, p: int, halves: int = 0) -> list[dict[str, Any]]:
    """What player p can still eat, with `halves` half-foods given so far. A half-food cube is offered only
    when it makes up a whole food (RULES-Y 5C: "nur beliebige zwei Würfelchen [zählen] als „1“"): after an
    odd one, or when another one is left to pair it with; a lone one would feed nobody."""
    cubes = goods.sources(state, p, set(WHOLE_FOOD) | set(HALF_FOOD))
    halves_left = sum(goods.count_at(state, p, s["src"]) for s in cubes if s["good"] in HALF_FOOD)
    pairs = halves % 2 == 1 or halves_left >= 2 or not editions.EDITIONS.has(state, "lone_half_food")
    opts = [{"type": "feed", "src": s["src"]} for s in cubes if s["good"] in WHOLE_FOOD or pairs]
    if local_market.can_buy(state, p):
        opts.append({"type": "feed", "src": "market"})
    return opts + [{"type": "feed", "src": d} for d in ("free_rice", "free_wheat") if progress.cashable(state, p, d)]


def _options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    # workers must be fed if at all possible: "done" only once nothing useful is left to give
    return feed_options(state, frame["p"], frame["halves"]) or [{"type": "feed_done"}]


def _params(state: YinziState, frame: Frame) -> dict[str, Any]:
    return {"need": frame["need"], "paid": frame["halves"] / 2}


def _give(state: YinziState, p: int, src: str) -> tuple[int, list[Event]]:
    """One food unit from `src`: its value in halves, and the events (a cube eaten, a disc cashed)."""
    if src == "market":
        owner, events = local_market.buy(state, p)
        goods.return_cube(state, owner)
        return HALVES[src], [*events, STEPS.event("fed_with", {"player": p, "src": src, "owner": owner})]
    if src in ("free_rice", "free_wheat"):
        return HALVES[src], [progress.cash(state, p, src)]
    _, good = goods.take_cube(state, p, src)
    goods.return_cube(state, p)
    return (2 if good in WHOLE_FOOD else 1), [STEPS.event("fed_with", {"player": p, "src": src, "good": good})]


@decision("feed", RULE_FEED, _options, _params)
def _feed(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    frame = local_market.first_answer(state, frame)
    p = frame["p"]
    events: list[Event] = []
    halves = frame["halves"]
    if action["type"] == "feed":
        value, events = _give(state, p, action["src"])
        halves += value
        if halves < 2 * frame["need"]:
            again(state, frame, halves=halves)
            return events
    missing = max(0, 2 * frame["need"] - halves)
    misfortune = -(-missing // 2)
    state.players[p].misfortune += misfortune
    return [*events, STEPS.event("fed", {"player": p, "food": frame["need"], "free": False, "misfortune": misfortune})]
