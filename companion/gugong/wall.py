"""The Great Wall (gugong-de "2. Die chinesische Mauer", p. 8): placing, scoring, intrigue benefits."""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from .decrees import owns
from .marks import DICE, marked
from .servants import DOUBLE, double_pays, grant, pay, pays_as_one, place_variants
from .state import GugongState
from .steps import Events, event, step
from .tracks import add_vp, advance_envoy, best_by_intrigue, intrigue_key, move_intrigue

RULE_WALL = "gugong-de: 2. Die chinesische Mauer (S. 8)"
RULE_BENEFITS = "gugong-de: Wertung der Mauer, Intrigevorteile (S. 8)"
RULE_EXTRA = "gugong-de: Dekrete Stufe 2, zusätzlicher Diener auf der Mauer (S. 11)"


def strength(state: GugongState) -> dict[int, int]:
    out: dict[int, int] = {}
    for seat, size in state.wall:
        out[seat] = out.get(seat, 0) + size
    return out


def total(state: GugongState) -> int:
    return sum(size for _, size in state.wall)


def options(state: GugongState, seat: int) -> list[dict]:
    pl = state.players[seat]
    cost = state.comp.act.wall_b_cost
    out = [{"opt": "A", "dd": dd} for dd in place_variants(pl, 1)]
    out += [{"opt": "B", "dd": dd} for dd in place_variants(pl, 2, extra_cost=cost)]
    if pays_as_one(state) and double_pays(pl, cost, True) and pl.pool >= 2 + cost - min(cost, DOUBLE):
        out.append({"opt": "B", "dd": False, "pay_dd": True})  # the double servant pays, 2 regular ones go on
    return out


def perform(state: GugongState, seat: int, opt: dict) -> Events:
    """Place all servants of the action, then check once whether the wall is complete (ruling R3)."""
    pl = state.players[seat]
    later = []
    if owns(state, seat, "wall_extra"):  # asked after paying: option B's servant may be the one it takes
        later.append({"k": "wall_extra", "p": seat})
    later.append({"k": "wall_check"})
    push(state, *later)
    units, events = 1, []
    if opt["opt"] == "B":
        events = pay(pl, state.comp.act.wall_b_cost, opt.get("pay_dd", False))
        units = 2
    if opt["dd"]:
        pl.dd = "wall"
        state.wall.append([seat, DOUBLE])
        units -= 1
    for _ in range(units):
        pl.pool -= 1
        state.wall.append([seat, 1])
    return [*events, event("wall", player=seat, total=total(state), count=units, double=opt["dd"], source="pool")]


def place_from_general(state: GugongState, seat: int) -> Events:
    """Travel tile / level-2 decree: one servant from the general supply onto the wall."""
    pl = state.players[seat]
    if pl.general < 1:
        return []
    pl.general -= 1
    state.wall.append([seat, 1])
    return [event("wall", player=seat, total=total(state), count=1, double=False, source="general")]


def _extra_options(state: GugongState, frame: dict) -> list[Action]:
    if state.players[frame["p"]].general < 1:
        return []  # nothing in the general supply: the benefit lapses
    return [{"type": "wall_extra", "use": True}, {"type": "wall_extra", "use": False}]


@step("wall_extra", RULE_EXTRA, _extra_options)
def _extra(state: GugongState, frame: dict, action: Action | None) -> Events:
    return place_from_general(state, frame["p"]) if action and action["use"] else []


@step("wall_check", RULE_WALL)
def _check(state: GugongState, frame: dict, action: Action | None) -> Events:
    return check(state)


def check(state: GugongState) -> Events:
    """A complete wall (as many servants as the player count asks for) is scored at once."""
    if total(state) >= state.comp.wall_size[state.n]:
        return score(state, benefits=True)
    return []


def majority(state: GugongState) -> int | None:
    counts = strength(state)
    if not counts:
        return None
    top = max(counts.values())
    return best_by_intrigue(state, [s for s, c in counts.items() if c == top])


def score(state: GugongState, benefits: bool) -> Events:
    """Most servants: VP and 1 envoy step (tie: intrigue); their servants leave; then benefits."""
    participants = sorted(strength(state), key=lambda s: intrigue_key(state, s))  # lowest marker first
    winner = majority(state)
    if winner is None:
        return []
    back = [size for seat, size in state.wall if seat == winner]
    events = [event("wall_scored", player=winner, servants=back.count(1), double=DOUBLE in back)]
    events += add_vp(state, winner, state.comp.wall_vp)
    events += advance_envoy(state, winner, state.comp.act.wall_envoy_steps)
    pl = state.players[winner]
    for seat, size in state.wall:
        if seat == winner:
            if size == DOUBLE:
                pl.dd = "general"
            else:
                pl.general += 1
    state.wall = [e for e in state.wall if e[0] != winner]  # the others slide left, in order
    if benefits:
        push(state, *({"k": "benefit", "p": s} for s in participants))
    return events


def _benefit_options(state: GugongState, frame: dict) -> list[Action]:
    pl = state.players[frame["p"]]
    b = state.comp.benefits
    out: list[Action] = []
    can_gain = pl.general > 0 or pl.dd == "general"
    if can_gain and pl.intrigue >= b["servant1"]:
        out.append({"type": "benefit", "benefit": "servant1"})
    if can_gain and pl.intrigue >= b["servant2"]:
        out.append({"type": "benefit", "benefit": "servant2"})
    if pl.intrigue >= b["die"]:
        for die, shown in enumerate(state.dice):
            out += [{"type": "benefit", "benefit": "die", "die": die, "face": f}
                    for f in state.comp.dice_faces if f != shown]
    if pl.intrigue >= b["jade"]:
        out.append({"type": "benefit", "benefit": "jade"})
    return [*out, {"type": "skip"}] if out else []


@step("benefit", RULE_BENEFITS, _benefit_options)
def _benefit(state: GugongState, frame: dict, action: Action | None) -> Events:
    if not action or action["type"] == "skip":
        return []
    seat, which = frame["p"], action["benefit"]
    events = move_intrigue(state, seat, -state.comp.benefits[which])
    if which == "die":
        state.dice[action["die"]] = action["face"]
        told = event("benefit", player=seat, benefit=which, die=action["die"], face=action["face"])
        return [*events, marked(state, told, face=DICE)]
    events.append(event("benefit", player=seat, benefit=which))
    return events + grant(state, seat, which)
