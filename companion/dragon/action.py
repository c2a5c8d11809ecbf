"""1. Phase: Aktion. The action cards are laid out in groups; in person-track order each player puts
his dragon on a group and carries out one of its actions (3 yuan to join a group with a dragon),
or tops up to 3 yuan instead. Building places the new floors at once (Bau), Privilege buys one.
"""

from __future__ import annotations

from itertools import combinations

from companion.core import Action, Event
from companion.core.steps import Frame, push

from .palaces import add_floor, floor_options, symbols
from .state import DragonState
from .steps import STEPS, step
from .supply import grant

RULE = "Jahr des Drachen: 1. Phase Aktion"
RULE_BUILD = "Jahr des Drachen: 1. Phase Aktion, Bau"
RULE_PRIVILEGE = "Jahr des Drachen: 1. Phase Aktion, Privileg"

# What each action card with a symbol multiplier gives (the symbols: components.multiplier)
GIVES = {
    "taxes": "yuan",
    "build": "floors",
    "harvest": "rice",
    "fireworks": "fireworks",
    "parade": "person_points",
    "research": "vp",
}


def new_month(state: DragonState) -> list[Event]:
    """A month begins: the dragons come back, the action cards are shuffled."""
    state.month += 1
    state.deck = list(state.comp.cards)
    state.groups, state.dragons = [], []
    return [STEPS.event("month_started", {"month": state.month, "event": state.events[state.month - 1]})]


def phase_frames(state: DragonState) -> list[Frame]:
    """The card groups are dealt, then everyone acts in the order of the person track (ruling D3)."""
    deals = [{"k": "deal", "g": g} for g in range(len(state.comp.group_sizes))]
    return deals + [{"k": "action", "p": p} for p in state.order()]


# -- dealing: one chance step per group (the last group is what remains) ------------------------
def deal_options(state: DragonState, frame: Frame) -> list[Action]:
    size = state.comp.group_sizes[frame["g"]]
    return [{"type": "deal", "group": frame["g"] + 1, "cards": list(c)} for c in combinations(state.deck, size)]


@step("deal", RULE, deal_options, chance=True)
def deal(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    for card in action["cards"]:
        state.deck.remove(card)
    state.groups.append(list(action["cards"]))
    state.dragons.append([])
    return [STEPS.event("group_dealt", {"group": action["group"], "cards": action["cards"]})]


# -- a player's action -------------------------------------------------------------------------
def join_cost(state: DragonState, group: int) -> int:
    """Yuan to put a dragon on group `group` (0-based): nothing while no dragon stands there."""
    return state.comp.join_cost if state.dragons[group] else 0


def can_perform(state: DragonState, p: int, card: str, yuan: int) -> bool:
    """An action must be carried out (ruling D4): Privilege needs money, the wall a piece and room."""
    comp = state.comp
    if card == "privilege":
        return yuan >= comp.small_cost
    if card == comp.wall_card:
        return bool(state.players[p].wall_tiles) and len(state.wall) < comp.wall_length
    return True


def action_options(state: DragonState, frame: Frame) -> list[Action]:
    p = frame["p"]
    yuan = state.players[p].yuan
    out: list[Action] = []
    for g, cards in enumerate(state.groups):
        cost = join_cost(state, g)
        if yuan < cost:
            continue
        out += [{"type": "action", "group": g + 1, "card": c} for c in cards if can_perform(state, p, c, yuan - cost)]
    out.append({"type": "top_up"})
    return out


@step("action", RULE, action_options)
def action(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p = frame["p"]
    if action["type"] == "top_up":
        return top_up(state, p)
    g, card = action["group"] - 1, action["card"]
    events = []
    if state.dragons[g]:
        cost = join_cost(state, g)
        state.players[p].yuan -= cost
        events.append(STEPS.event("paid_to_join", {"player": p, "group": g + 1, "yuan": cost}))
    state.dragons[g].append(p)
    events.append(STEPS.event("action_chosen", {"player": p, "group": g + 1, "card": card}))
    comp = state.comp
    if card in comp.multiplier:
        amount = comp.base[card] + symbols(state, p, comp.multiplier[card])
        events.append(STEPS.event(f"action.{card}", {"player": p, "amount": amount}))
        grant(state, p, GIVES[card], amount, card)
    elif card == "privilege":
        push(state, {"k": "privilege", "p": p})
    elif card == comp.wall_card:
        push(state, {"k": "wall_tile", "p": p})
    return events


def top_up(state: DragonState, p: int) -> list[Event]:
    """Instead of an action: take as many yuan as it needs to have 3."""
    player = state.players[p]
    gain = max(0, state.comp.top_up_to - player.yuan)
    player.yuan += gain
    return [STEPS.event("topped_up", {"player": p, "gain": gain, "yuan": player.yuan})]


# -- Privileg: one privilege per action, small or large ------------------------------------------------
def privilege_cost(state: DragonState, size: str) -> int:
    return state.comp.large_cost if size == "large" else state.comp.small_cost


def privilege_options(state: DragonState, frame: Frame) -> list[Action]:
    yuan = state.players[frame["p"]].yuan
    return [{"type": "privilege", "size": size} for size in ("small", "large") if yuan >= privilege_cost(state, size)]


@step("privilege", RULE_PRIVILEGE, privilege_options)
def privilege(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    player = state.players[frame["p"]]
    cost = privilege_cost(state, action["size"])
    player.yuan -= cost
    if action["size"] == "small":
        player.small_privileges += 1
    else:
        player.large_privileges += 1
    return [STEPS.event("privilege_bought", {"player": frame["p"], "size": action["size"], "yuan": cost})]


# -- Bau: the new floors, one at a time in palace order (ruling D5) ---------------------------------
def floor_step_options(state: DragonState, frame: Frame) -> list[Action]:
    return floor_options(state.players[frame["p"]], frame["min"], state.comp.max_floors)


@step("floor", RULE_BUILD, floor_step_options)
def floor(state: DragonState, frame: Frame, action: Action) -> list[Event]:
    p = frame["p"]
    player = state.players[p]
    index = action["palace"]
    add_floor(player, index)
    if frame["n"] > 1:
        push(state, {"k": "floor", "p": p, "n": frame["n"] - 1, "min": index})
    return [STEPS.event("floor_built", {"player": p, "palace": index, "floors": player.palaces[index].floors})]
