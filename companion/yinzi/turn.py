"""Phase B: fate and worker actions in turn order, with all their limits (RULES-Y 5B).

Each player takes six actions per round, one per turn: three fate actions (a card) and three
worker actions (a group of workers from the tableau). The first action of a round, and any
action while no workers lie on the tableau, must be a fate action; each action kind at most
once per round; at most four workers per worker action.
"""

from __future__ import annotations

from typing import Any

from companion.core import Event

from . import board, ledger
from .box import Box
from .frames import Ask, handler, pop, push, rule
from .state import FATE_ACTIONS, LOCAL_SELLABLE, WORKER_ACTIONS, YinziState

RULE_B = rule("5B Schicksals- und Arbeiteraktionen ausführen")
RULE_FATE = rule("5B I Schicksalsaktionen")
RULE_WORKER = rule("5B II Arbeiteraktionen")
MAX_WORKERS = 4


def fate_left(state: YinziState, p: int) -> int:
    return 3 - len(state.players[p].fate_used)


def worker_left(state: YinziState, p: int) -> int:
    return 3 - len(state.players[p].worker_used)


def worker_feasible(state: YinziState, box: Box, p: int, action: str, n: int) -> bool:
    """Could this worker action be carried out at least once with n workers (n <= 4)?"""
    from . import work

    return bool(work.exec_options(state, box, {"p": p, "action": action, "left": n, "transport": 0, "used_f": []}))


def turn_options(state: YinziState, box: Box, p: int) -> list[dict[str, Any]]:
    pl = state.players[p]
    opts: list[dict[str, Any]] = []
    if fate_left(state, p) > 0:
        for card in sorted({tuple(c) for c in pl.hand}):
            for action in FATE_ACTIONS:
                if action in pl.fate_used:
                    continue
                opts.append({"type": "fate", "action": action, "card": list(card), "tax": False})
                if pl.discs > 0:
                    opts.append({"type": "fate", "action": action, "card": list(card), "tax": True})
    groups = [g for g in FATE_ACTIONS if pl.tableau.get(g, 0) > 0]
    if worker_left(state, p) > 0 and pl.actions_done > 0:
        for g in groups:
            n = min(MAX_WORKERS, pl.tableau[g] + pl.migr_lower)
            for action in WORKER_ACTIONS:
                if action not in pl.worker_used and worker_feasible(state, box, p, action, n):
                    opts.append({"type": "worker", "action": action, "group": g})
    if not opts:
        if worker_left(state, p) > 0 and pl.actions_done > 0 and groups:
            opts = [{"type": "migrate", "group": g} for g in groups]
        else:
            opts = [{"type": "pass"}]
    if ledger.can_sell_local(state):
        opts += [{"type": "sell_local", "src": s["src"]} for s in ledger.sources(state, p, LOCAL_SELLABLE)]
    opts += [{"type": "cash", "field": f} for f in TURN_DISCS if board.cashable(state, p, f) and _disc_useful(state, f)]
    return opts


# progress discs a player may cash on their turn (RULES-Y 5B Fortschritte wählen)
TURN_DISCS = ("extra_city_sale", "extra_planting", "personal_infra", "virtual_copper")


def _disc_useful(state: YinziState, field: str) -> bool:
    if field == "extra_planting":
        return any(state.crop_track)
    if field == "personal_infra":
        return bool(state.discard_known or state.discard_hidden)
    return True


def cash_on_turn(state: YinziState, box: Box, p: int, field: str) -> list[Event]:
    events = [board.cash(state, p, field)]
    if field == "extra_city_sale":
        push(
            state,
            {
                "k": "fate",
                "p": p,
                "action": "city_market",
                "left": 1,
                "transport": 0,
                "bought": True,
                "areas": [],
                "extra": True,
            },
        )
    elif field == "extra_planting":  # one crop tile from the track, paid as usual
        push(
            state,
            {
                "k": "fate",
                "p": p,
                "action": "plant",
                "left": 0,
                "transport": 0,
                "bought": False,
                "areas": [],
                "extra": True,
            },
        )
    elif field == "personal_infra":
        push(state, {"k": "road", "p": p})
    else:  # two virtual copper coins: spendable in this turn only, the rest lapses at its end
        ledger.gain_virtual_copper(state, p, 2)
    return events


def _ask_turn(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    pl = state.players[p]
    return Ask(
        p,
        "yinzi.choose_action",
        turn_options(state, box, p),
        RULE_B,
        params={"action_number": pl.actions_done + 1, "hand": [list(c) for c in pl.hand]},
    )


@handler("turn", _ask_turn)
def _turn(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    p = frame["p"]
    pl = state.players[p]
    kind = action["type"]
    if kind == "sell_local":
        price = ledger.sell_local(state, box, p, action["src"], state.bonus_of[p] == "better_sales")
        return [Event("yinzi.sold_local", {"player": p, "copper": price})]
    if kind == "cash":
        return cash_on_turn(state, box, p, action["field"])
    pop(state, frame)
    pl.actions_done += 1
    if kind == "fate":
        f, w = action["card"]
        pl.hand.remove([f, w])
        placed = min(w, pl.workers)  # a card cannot place workers the player no longer has
        pl.workers -= placed
        pl.tableau[action["action"]] = placed
        if action["tax"]:
            pl.discs -= 1
            pl.tax_discs += 1
        pl.fate_used.append(action["action"])
        card = {"action": action["action"], "fate": f, "workers": w, "tax": bool(action["tax"]), "round": state.round}
        pl.played.append(card)
        pl.history.append(card)
        times = f + (1 if action["tax"] else 0)
        push(
            state,
            {
                "k": "fate",
                "p": p,
                "action": action["action"],
                "left": times,
                "transport": 0,
                "bought": False,
                "areas": [],
            },
        )
        return [
            Event(
                "yinzi.fate_action",
                {"player": p, "action": action["action"], "fate": f, "workers": placed, "tax": bool(action["tax"])},
            )
        ]
    if kind == "worker":
        n = pl.tableau.pop(action["group"])
        pl.worker_used.append(action["action"])
        events = [Event("yinzi.worker_action", {"player": p, "action": action["action"], "workers": n})]
        if n > MAX_WORKERS:  # never more than four in one worker action: the rest migrate
            pl.migr_upper += n - MAX_WORKERS
            n = MAX_WORKERS
        eager = action["action"] == "emperor" and pl.migr_upper > 0 and board.cashable(state, p, "eager_migrants")
        if (pl.migr_lower > 0 or eager) and n < MAX_WORKERS:
            push(state, {"k": "migrants", "p": p, "action": action["action"], "n": n})
        else:
            start_worker_action(state, p, action["action"], n, 0)
        return events
    if kind == "migrate":
        n = pl.tableau.pop(action["group"])
        pl.migr_upper += n
        pl.worker_used.append("migration")
        return [Event("yinzi.workers_migrated", {"player": p, "workers": n})]
    # pass: nothing the player could do
    (pl.worker_used if worker_left(state, p) > 0 else pl.fate_used).append("pass")
    return [Event("yinzi.action_forfeited", {"player": p})]


def start_worker_action(state: YinziState, p: int, action: str, n: int, from_lower: int) -> None:
    if action == "emperor":
        push(state, {"k": "emperor_box", "p": p, "n": n, "from_lower": from_lower})
    elif action == "war":
        push(state, {"k": "war_count", "p": p, "n": n, "from_lower": from_lower})
    else:
        push(
            state,
            {
                "k": "work",
                "p": p,
                "action": action,
                "left": n,
                "used": 0,
                "from_lower": from_lower,
                "transport": 0,
                "used_f": [],
            },
        )


def _ask_migrants(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    p = frame["p"]
    pl = state.players[p]
    room = MAX_WORKERS - frame["n"]
    opts = [{"type": "migrants", "count": k} for k in range(min(pl.migr_lower, room) + 1)]
    if frame["action"] == "emperor" and board.cashable(state, p, "eager_migrants"):
        # eager migrants: workers may also come from the upper migration area (emperor's projects only)
        opts += [
            {"type": "migrants", "count": k, "upper": u}
            for k in range(min(pl.migr_lower, room) + 1)
            for u in range(1, min(pl.migr_upper, room - k) + 1)
        ]
    return Ask(frame["p"], "yinzi.add_migrants", opts, RULE_WORKER, params={"workers": frame["n"]})


@handler("migrants", _ask_migrants)
def _migrants(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    pop(state, frame)
    p = frame["p"]
    k, u = action["count"], action.get("upper", 0)
    state.players[p].migr_lower -= k
    state.players[p].migr_upper -= u
    events = [board.cash(state, p, "eager_migrants")] if u else []
    start_worker_action(state, p, frame["action"], frame["n"] + k + u, k)
    if k + u:
        events.append(Event("yinzi.migrants_added", {"player": p, "count": k + u}))
    return events


def release_unused(state: YinziState, p: int, unused: int, from_lower: int) -> list[Event]:
    """Unused workers go to the upper migration area; migrants taken this turn go back down
    instead (a player never sends workers up and takes them from below in one turn)."""
    if unused <= 0:
        return []
    pl = state.players[p]
    back = min(unused, from_lower)
    pl.migr_lower += back
    pl.migr_upper += unused - back
    return [Event("yinzi.workers_to_migration", {"player": p, "upper": unused - back, "lower": back})]


def next_turn(state: YinziState) -> bool:
    """After a finished turn: the next player in order with actions left, or False when all are done."""
    state.progress_fresh = []
    ledger.lapse_virtual_copper(state)
    ledger.new_occasion(state)
    n = len(state.order)
    for step in range(1, n + 1):
        i = (state.turn + step) % n
        p = state.order[i]
        if state.players[p].actions_done < 6:
            state.turn = i
            push(state, {"k": "turn", "p": p})
            return True
    return False


__all__ = ["next_turn", "release_unused", "start_worker_action"]
