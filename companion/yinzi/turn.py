"""5B Schicksals- und Arbeiteraktionen ausführen: the action phase, turn by turn.

Each player takes six actions per round, one per turn: three fate actions (a card) and three
worker actions (a group of workers from the tableau). The first action of a round, and any
action while no workers lie on the tableau, must be a fate action; each action kind at most
once per round; at most four workers per worker action. On their turn a player may also sell
at the local market and cash some progress discs (one function per kind of answer below).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import Event
from companion.core.steps import Frame, push

from . import boats, components, editions, exchange, goods, local_market, progress, war, work
from .draws import draw_frame
from .fate import city_sale_options, fate_frame
from .fate import options as fate_options
from .migration import max_workers, start_worker_action
from .state import FATE_ACTIONS, LOCAL_SELLABLE, WORKER_ACTIONS, YinziState
from .steps import STEPS, again, bookkeeping, decision

RULE_B = "5B Schicksals- und Arbeiteraktionen ausführen"
RULE_FATE = "5B I Schicksalsaktionen"
RULE_WORKER = "5B II Arbeiteraktionen"
VIRTUAL_COPPER = 2  # RULES-Y 5B Wirtschaft: "Virtuelle Kupfermünzen: Der Spieler gibt 2 Kupfermünzen aus"
# progress discs a player may cash on their turn (RULES-Y 5B Fortschritte wählen; war bonds: ruling 31)
TURN_DISCS = ("extra_city_sale", "extra_planting", "personal_infra", "virtual_copper", "war_bonds")


def fate_left(state: YinziState, p: int) -> int:
    return components.of(state).fate_actions - len(state.players[p].fate_used)


def worker_left(state: YinziState, p: int) -> int:
    return components.of(state).worker_actions - len(state.players[p].worker_used)


# -- the phase, turn by turn ------------------------------------------------------------------------
@bookkeeping("action_cards", "5B Aktionskarten ziehen")
def draw_cards(state: YinziState) -> list[Event]:
    per_round = components.of(state).cards_per_round
    frames = []
    for p in state.order:
        frames += [draw_frame("card", p=p) for _ in range(min(per_round, len(state.players[p].deck)))]
    push(state, *frames)
    return []


@bookkeeping("action_turns", RULE_B)
def first_turn(state: YinziState) -> list[Event]:
    state.turn = 0
    local_market.open_occasion(state, state.order[:1])
    push(state, {"k": "turn", "p": state.order[0]}, {"k": "turn_end"})
    return [STEPS.event("phase_actions", {"round": state.round})]


@bookkeeping("turn_end", RULE_B)
def next_turn(state: YinziState) -> list[Event]:
    """After a finished turn: the next player in order with actions left (none: the phase ends)."""
    events = exchange.lapse_virtual_copper(state)
    local_market.turn_ended(state)
    n = len(state.order)
    actions = components.of(state).actions_per_round
    for step in range(1, n + 1):
        i = (state.turn + step) % n
        p = state.order[i]
        if state.players[p].actions_done < actions:
            state.turn = i
            local_market.open_occasion(state, [p])  # each turn is a new occasion at the local market
            push(state, {"k": "turn", "p": p}, {"k": "turn_end"})
            break
    return events


# -- the options of a turn ----------------------------------------------------------------------------
def _fate_options(state: YinziState, p: int) -> list[dict[str, Any]]:
    pl = state.players[p]
    if fate_left(state, p) <= 0:
        return []
    opts = []
    for card in sorted({tuple(c) for c in pl.hand}):
        for action in FATE_ACTIONS:
            if action in pl.fate_used:
                continue
            opts.append({"type": "fate", "action": action, "card": list(card), "tax": False})
            if pl.discs > 0:
                opts.append({"type": "fate", "action": action, "card": list(card), "tax": True})
    return opts


def _worker_options(state: YinziState, p: int, groups: list[str]) -> list[dict[str, Any]]:
    pl = state.players[p]
    if worker_left(state, p) <= 0 or pl.actions_done == 0:
        return []
    most = max_workers(state)
    return [
        {"type": "worker", "action": action, "group": g}
        for g in groups
        for action in WORKER_ACTIONS
        if action not in pl.worker_used and work.feasible(state, p, action, min(most, pl.tableau[g] + pl.migr_lower))
    ]


def _disc_useful(state: YinziState, p: int, field: str) -> bool:
    if editions.EDITIONS.has(state, "emperor_discs_if_useful") and field in ("extra_planting", "extra_city_sale"):
        return _can_carry_out(state, p, field)
    if field == "extra_planting":
        return any(state.crop_track)
    if field == "personal_infra":
        return bool(state.discard_known or state.discard_hidden)
    if field == "war_bonds":
        return war.own_in_war_box(state, p) > 0
    return True


def _can_carry_out(state: YinziState, p: int, field: str) -> bool:
    """Y 530 "wenn benötigt": an extra planting needs a crop tile the player can pay for and plant (Y 550), an
    extra city sale a cube that reaches a city market by boat, a virtual capacity counted in (Y 548)."""
    if field == "extra_planting":
        return any(o["type"] == "buy_crop" for o in fate_options(state, fate_frame(p, "plant", 0)))
    budget = boats.capacity(state, p) + (1 if progress.cashable(state, p, "virtual_capacity") else 0)
    return bool(city_sale_options(state, p, budget))


def turn_options(state: YinziState, p: int) -> list[dict[str, Any]]:
    pl = state.players[p]
    groups = [g for g in FATE_ACTIONS if pl.tableau.get(g, 0) > 0]
    opts = _fate_options(state, p) + _worker_options(state, p, groups)
    if not opts:
        if worker_left(state, p) > 0 and pl.actions_done > 0 and groups:
            opts = [{"type": "migrate", "group": g} for g in groups]
        else:
            opts = [{"type": "pass"}]
    return opts + on_the_turn(state, p)


def on_the_turn(state: YinziState, p: int) -> list[dict[str, Any]]:
    """What a player may do at any point of their turn besides the action: sell at the local market, cash discs."""
    opts = []
    if local_market.can_sell(state, p):
        opts += [{"type": "sell_local", "src": s["src"]} for s in goods.sources(state, p, LOCAL_SELLABLE)]
    opts += [{"type": "cash", "field": f} for f in TURN_DISCS
             if progress.cashable(state, p, f) and _disc_useful(state, p, f)
             and (f != "war_bonds" or editions.EDITIONS.has(state, "war_bonds_on_turn"))]
    return opts


def _turn_params(state: YinziState, frame: Frame) -> dict[str, Any]:
    pl = state.players[frame["p"]]
    return {"action_number": pl.actions_done + 1, "hand": [list(c) for c in pl.hand]}


# -- the answers ----------------------------------------------------------------------------------------
def _sell_local(state: YinziState, p: int, action: dict[str, Any]) -> list[Event]:
    return [local_market.sell(state, p, action["src"], state.bonus_of[p] == "better_sales")]


def _cash(state: YinziState, p: int, action: dict[str, Any]) -> list[Event]:
    """A progress disc cashed on the turn: one more city sale or planting, a personal tile, copper."""
    field = action["field"]
    events = [progress.cash(state, p, field)]
    if field == "extra_city_sale":
        push(state, fate_frame(p, "city_market", 1, bought=True, extra=True))
    elif field == "extra_planting":  # one crop tile from the track, paid as usual
        push(state, fate_frame(p, "plant", 0, extra=True))
    elif field == "personal_infra":
        push(state, {"k": "road", "p": p})
    elif field == "war_bonds":
        events += war.war_bonds(state, p)
    else:  # virtual copper: spendable in this turn only, the rest lapses at its end
        exchange.gain_virtual_copper(state, p, VIRTUAL_COPPER)
    return events


def _fate(state: YinziState, p: int, action: dict[str, Any]) -> list[Event]:
    pl = state.players[p]
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
    push(state, fate_frame(p, action["action"], f + (1 if action["tax"] else 0)))
    return [STEPS.event("fate_action",
                  {"player": p, "action": action["action"], "fate": f, "workers": placed, "tax": bool(action["tax"])})]


def _worker(state: YinziState, p: int, action: dict[str, Any]) -> list[Event]:
    pl = state.players[p]
    most = max_workers(state)
    n = pl.tableau.pop(action["group"])
    pl.worker_used.append(action["action"])
    over = max(0, n - most)  # never more than four in one worker action: the rest migrate
    events = [STEPS.event("worker_action",
                    {"player": p, "action": action["action"], "workers": n, "group": action["group"], "upper": over})]
    pl.migr_upper += over
    n -= over
    eager = action["action"] == "emperor" and pl.migr_upper > 0 and progress.cashable(state, p, "eager_migrants")
    if (pl.migr_lower > 0 or eager) and n < most:
        push(state, {"k": "migrants", "p": p, "action": action["action"], "n": n})
    else:
        start_worker_action(state, p, action["action"], n, 0)
    return events


def _migrate(state: YinziState, p: int, action: dict[str, Any]) -> list[Event]:
    """No worker action is possible with any group: one group goes to the upper migration area."""
    pl = state.players[p]
    n = pl.tableau.pop(action["group"])
    pl.migr_upper += n
    pl.worker_used.append("migration")
    return [STEPS.event("workers_migrated", {"player": p, "workers": n, "group": action["group"]})]


def _pass(state: YinziState, p: int, action: dict[str, Any]) -> list[Event]:
    """Nothing the player could do: the action is lost."""
    pl = state.players[p]
    (pl.worker_used if worker_left(state, p) > 0 else pl.fate_used).append("pass")
    return [STEPS.event("action_forfeited", {"player": p})]


Answer = Callable[[YinziState, int, dict[str, Any]], list[Event]]
ON_THE_TURN: dict[str, Answer] = {"sell_local": _sell_local, "cash": _cash}  # the turn goes on
ACTIONS: dict[str, Answer] = {"fate": _fate, "worker": _worker, "migrate": _migrate, "pass": _pass}


@decision("turn", RULE_B, lambda state, frame: turn_options(state, frame["p"]), _turn_params,
          decision_kind="yinzi.choose_action")
def _turn(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    frame = local_market.first_answer(state, frame)
    p, kind = frame["p"], action["type"]
    if kind in ON_THE_TURN:
        again(state, frame)
        return ON_THE_TURN[kind](state, p, action)
    state.players[p].actions_done += 1
    if editions.EDITIONS.has(state, "market_after_action"):  # under the action's steps: the turn goes on after them
        offered = on_the_turn(state, p) if editions.EDITIONS.has(state, "after_action_if_new") else None
        push(state, {"k": "after_action", "p": p, **({"offered": offered} if offered is not None else {})})
    return ACTIONS[kind](state, p, action)


def _after_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    """Nothing left to do: no question (the turn simply ends); else those things, or end the turn.
    Edition 5 (ruling 40): the turn question offered the same sales and discs and the player took the action
    instead: selling or cashing them now comes to the same, so "end the turn" is the one sensible answer and the
    turn ends without a question. Something new on offer (a cube the action planted on an empty source, a sale
    that opened) asks as before; once the player sold or cashed after the action, every later offer is asked."""
    opts = on_the_turn(state, frame["p"])
    offered = frame.get("offered")
    if offered is not None and all(o in offered for o in opts):
        return []
    return [*opts, {"type": "end_turn"}] if opts else []


@decision("after_action", RULE_B, _after_options)
def _after_action(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    """Y 968: the local market "kann vom Spieler immer unternommen werden, wenn er am Zug ist", so also after the
    action; discs likewise (Y 512 "Immer, wenn er am Zug ist"). Ending the turn hands it on (turn_end)."""
    if action["type"] == "end_turn":
        return []
    # the player went on at the market after the action: asked again while anything is left (frames stay unchanged)
    again(state, {k: v for k, v in frame.items() if k != "offered"})
    return ON_THE_TURN[action["type"]](state, frame["p"], action)
