"""The Grand Canal (gugong-de "7. Der Kaiserkanal", p. 12): boats, ports, moves and port rewards.

Each route has ports 1..5 and a port holds one boat. A new boat goes to the free port nearest
the start of the chosen route; a moved boat skips occupied ports to the next free one. A full
boat (3 places; the double servant takes 2) may claim its port's reward if the player board
still has a free space for it: double servant 1x, card 2x, 4 VP 3x.
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from .servants import DOUBLE, double_pays, pay, pays_as_one, place_variants
from .state import Boat, GugongState, Player
from .steps import Events, event, step
from .tracks import add_vp

RULE_CANAL = "gugong-de: 7. Der Kaiserkanal (S. 12)"
RULE_NIGHT = "gugong-de: Nachtphase, Schritt 2: Bewege alle Schiffe (S. 14)"


def route_count(state: GugongState) -> int:
    return state.comp.routes[state.n]


def occupied(state: GugongState, route: int) -> set[int]:
    return {b.port for p in state.players for b in p.boats if b.route == route}


def first_free_port(state: GugongState, route: int, after: int = 0) -> int | None:
    taken = occupied(state, route)
    for port in range(after + 1, state.comp.ports + 1):
        if port not in taken:
            return port
    return None


def targets(state: GugongState, pl: Player, size: int) -> list[dict]:
    """Where a unit of `size` places (1, or 2 for the double servant) can go: a boat or a new boat."""
    cap = state.comp.boat_capacity
    out: list[dict] = [{"boat": i} for i, b in enumerate(pl.boats) if cap - b.places >= size]
    if len(pl.boats) < state.comp.boats:
        out += [{"route": r} for r in range(route_count(state)) if first_free_port(state, r) is not None]
    return out


def capacity(state: GugongState, pl: Player) -> int:
    cap = state.comp.boat_capacity
    free_ports = sum(state.comp.ports - len(occupied(state, r)) for r in range(route_count(state)))
    new = min(state.comp.boats - len(pl.boats), free_ports)
    return sum(cap - b.places for b in pl.boats) + cap * new


def place(state: GugongState, pl: Player, target: dict, dd: bool, src: str = "pool") -> Events:
    events: Events = []
    if "boat" in target:
        boat = pl.boats[target["boat"]]
    else:
        port = first_free_port(state, target["route"])
        assert port is not None
        boat = Boat(target["route"], port, 0)
        pl.boats.append(boat)
        events.append(event("boat_launched", player=pl.seat, route=boat.route, port=port))
    if dd:
        pl.dd = "boat"
        boat.dd = True
    else:
        boat.servants += 1
        if src == "pool":
            pl.pool -= 1
        else:
            pl.general -= 1
    events.append(event("boat_loaded", player=pl.seat, port=boat.port, route=boat.route, places=boat.places,
                        source=src, double=dd))
    return events


def moves(state: GugongState, pl: Player) -> list[int]:
    return [i for i, b in enumerate(pl.boats) if first_free_port(state, b.route, b.port) is not None]


# -- the location action ----------------------------------------------------------------------
def _b_feasible(state: GugongState, pl: Player, dd: bool) -> bool:
    if not dd:
        return capacity(state, pl) >= 2
    # the double servant needs 2 places on one boat, then 1 more place anywhere
    return any(_room_after(state, pl, {**t, "dd": True}, 1) for t in targets(state, pl, DOUBLE))


def options(state: GugongState, seat: int) -> list[dict]:
    pl = state.players[seat]
    out: list[dict] = []
    can_place = (pl.pool >= 1 and targets(state, pl, 1)) or (pl.dd == "pool" and targets(state, pl, DOUBLE))
    if can_place or moves(state, pl) or claimable(state, seat):  # A's place and move are both optional (R10)
        out.append({"opt": "A"})
    cost = state.comp.act.canal_b_cost
    for dd in place_variants(pl, 2, extra_cost=cost):
        if _b_feasible(state, pl, dd):
            out.append({"opt": "B", "dd": dd})
    paid_by_double = pays_as_one(state) and double_pays(pl, cost, True) and pl.pool >= 2 + cost - min(cost, DOUBLE)
    if paid_by_double and _b_feasible(state, pl, False):
        out.append({"opt": "B", "dd": False, "pay_dd": True})  # the double servant pays, 2 regular ones go on
    return out


def perform(state: GugongState, seat: int, opt: dict) -> Events:
    pl = state.players[seat]
    if opt["opt"] == "A":
        push(state, {"k": "canal_place", "p": seat, "src": "pool", "optional": True},
             {"k": "canal_move", "p": seat}, {"k": "claim", "p": seat})
        return []
    events = pay(pl, state.comp.act.canal_b_cost, opt.get("pay_dd", False))
    if opt["dd"]:
        push(state, {"k": "canal_place", "p": seat, "src": "pool", "only": "dd", "then": 1},
             {"k": "canal_place", "p": seat, "src": "pool", "only": "regular"}, {"k": "claim", "p": seat})
    else:
        push(state, {"k": "canal_place", "p": seat, "src": "pool", "only": "regular", "then": 1},
             {"k": "canal_place", "p": seat, "src": "pool", "only": "regular"}, {"k": "claim", "p": seat})
    return events


def _place_options(state: GugongState, frame: dict) -> list[Action]:
    """Frame: src pool|general, optional (skip allowed), only regular|dd, then (units still to place after)."""
    pl = state.players[frame["p"]]
    only = frame.get("only")
    out: list[Action] = []
    if frame["src"] == "general":
        if pl.general >= 1:
            out = [{"type": "place", **t, "dd": False} for t in targets(state, pl, 1)]
    else:
        if only != "dd" and pl.pool >= 1:
            out += [{"type": "place", **t, "dd": False} for t in targets(state, pl, 1)]
        if only != "regular" and pl.dd == "pool":
            out += [{"type": "place", **t, "dd": True} for t in targets(state, pl, DOUBLE)]
        then = frame.get("then", 0)
        if then:
            out = [o for o in out if _room_after(state, pl, o, then)]
    if out and frame.get("optional"):
        out.append({"type": "skip"})
    return out


def _room_after(state: GugongState, pl: Player, option: dict, units: int) -> bool:
    """After this placement, is there still room for `units` more regular servants?"""
    return capacity(state, pl) - (DOUBLE if option["dd"] else 1) >= units


@step("canal_place", RULE_CANAL, _place_options)
def _place(state: GugongState, frame: dict, action: Action | None) -> Events:
    """Frame "claim": "placed": the boat loaded here may claim its reward at once if this was its 3rd servant."""
    if not action or action["type"] == "skip":
        return []
    pl = state.players[frame["p"]]
    target = {"boat": action["boat"]} if "boat" in action else {"route": action["route"]}
    events = place(state, pl, target, action["dd"], frame["src"])
    boat = action.get("boat", len(pl.boats) - 1)
    if frame.get("claim") == "placed" and pl.boats[boat].places >= state.comp.boat_capacity:
        push(state, {"k": "claim", "p": frame["p"], "boat": boat})
    return events


def _move_options(state: GugongState, frame: dict) -> list[Action]:
    out: list[Action] = [{"type": "move_boat", "boat": i} for i in moves(state, state.players[frame["p"]])]
    return [*out, {"type": "skip"}] if out else []


@step("canal_move", RULE_CANAL, _move_options)
def _move(state: GugongState, frame: dict, action: Action | None) -> Events:
    if not action or action["type"] == "skip":
        return []
    boat = state.players[frame["p"]].boats[action["boat"]]
    port = first_free_port(state, boat.route, boat.port)
    assert port is not None
    boat.port = port
    return [event("boat_moved", player=frame["p"], route=boat.route, port=port)]


# -- port rewards -------------------------------------------------------------------------------
def claimable(state: GugongState, seat: int) -> list[Action]:
    pl = state.players[seat]
    out: list[Action] = []
    for i, b in enumerate(pl.boats):
        if b.places < state.comp.boat_capacity:
            continue
        for reward in state.comp.port_rewards.get(b.port, ()):
            if pl.rewards[reward] >= state.comp.reward_slots[reward]:
                continue
            if reward == "card" and not state.deck:
                continue
            if reward == "double" and pl.dd != "locked":
                continue
            out.append({"type": "claim", "boat": i, "reward": reward})
    return out


def _claim_options(state: GugongState, frame: dict) -> list[Action]:
    """Every full boat's rewards, or (frame "boat") only that boat's."""
    out = [o for o in claimable(state, frame["p"]) if o["boat"] == frame.get("boat", o["boat"])]
    return [*out, {"type": "skip"}] if out else []


@step("claim", RULE_CANAL, _claim_options)
def _claim(state: GugongState, frame: dict, action: Action | None) -> Events:
    if not action or action["type"] == "skip":
        return []
    seat = frame["p"]
    pl = state.players[seat]
    if "boat" not in frame:
        push(state, {"k": "claim", "p": seat})  # another full boat may claim too
    boat = pl.boats.pop(action["boat"])
    reward = action["reward"]
    pl.rewards[reward] += 1  # one regular servant leaves the boat for the reward space
    pl.general += boat.servants - 1
    if boat.dd:
        pl.dd = "general"
    events = [event("port_reward", player=seat, port=boat.port, reward=reward, servants=boat.servants - 1,
                    double=boat.dd)]
    if reward == "vp":
        events += add_vp(state, seat, state.comp.port_vp)
    elif reward == "double":
        pl.dd = "pool"
    else:
        push(state, {"k": "draw_card", "p": seat})
    return events


def night_moves(state: GugongState) -> Events:
    """All boats move 1 port, front-most first; a boat in the last port is lost."""
    last = state.comp.ports
    events: Events = [event("boats_moved")] if any(pl.boats for pl in state.players) else []
    boats = [(b.port, pl.seat, b) for pl in state.players for b in pl.boats]
    for _port, seat, b in sorted(boats, key=lambda x: -x[0]):
        pl = state.players[seat]
        if b.port == last:
            pl.boats.remove(b)
            pl.general += b.servants
            if b.dd:
                pl.dd = "general"
            events.append(event("boat_lost", player=seat, route=b.route, servants=b.servants, double=b.dd))
        else:
            b.port += 1
    push(state, *({"k": "claim", "p": s} for s in state.order_from(state.start) if claimable(state, s)))
    return events
