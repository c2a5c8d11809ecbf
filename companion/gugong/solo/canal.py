"""Meng's boats and port rewards (gugong-de "Der Kaiserkanal (Solo)", "Hafenbelohnungen").

Meng loads one servant at a time onto his fullest boat with room (else a new boat in the first free
port); a boat with 3 servants is rewarded at once, in any port and any phase (`meng_claim`).
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import push

from .. import canal
from ..gift_cards import draw_options
from ..marks import CARD_TABLE, marked
from ..steps import Events, step
from ..table_entry import take_card
from ..tracks import add_vp
from . import choices
from .meng import card_value, meng_of, say
from .state import SoloState
from .travel import afford, day_trades

RULE_CANAL = "gugong-de: Der Kaiserkanal (Solo)"
RULE_PORTS = "gugong-de: Der Kaiserkanal (Solo), Hafenbelohnungen"


def board_boat(state: SoloState, src: str) -> Events:
    pl = meng_of(state)
    target = choices.canal_target(state, pl)
    assert target is not None
    new = "route" in target
    events = canal.place(state, pl, target, False, src)
    boat = pl.boats[-1] if new else pl.boats[target["boat"]]
    return [*events, say(f"canal.{'new_boat' if new else 'load'}_{src}", port=boat.port, places=boat.places)]


def day_canal(state: SoloState) -> Events:
    """Option A: one servant from his supply onto a boat (tiles traded for it if he has none)."""
    pl = meng_of(state)
    traded = afford(state, 1, trading=day_trades(state)) if choices.canal_target(state, pl) is not None else None
    if traded is None:
        return [say("canal.cannot")]
    push(state, {"k": "meng_claim"})
    return traded + board_boat(state, "pool")


def from_general(state: SoloState) -> str | None:
    """Special cards take servants from his general supply, else from his supply."""
    pl = meng_of(state)
    return "general" if pl.general >= 1 else "pool" if pl.pool >= 1 else None


def special_canal(state: SoloState) -> Events:
    push(state, *({"k": "meng_special_boat"} for _ in range(state.comp.meng_act.special_canal_servants)))
    return [say("special.canal")]


@step("meng_special_boat", "gugong-de: Spezielle Automakarten")
def _special_boat(state: SoloState, frame: dict, action: Action | None) -> Events:
    """One servant at a time: a boat that reaches 3 is rewarded before the next servant is placed."""
    src = from_general(state)
    if src is not None and choices.canal_target(state, meng_of(state)) is not None:
        push(state, {"k": "meng_claim"})
        return board_boat(state, src)
    return []


def place_from_general(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Travel tile / level-1 decree: a servant from his general supply onto his boat (or a new one)."""
    events = [say("morning.decree_canal")] if frame.get("why") == "decree" else []
    if meng_of(state).general >= 1 and choices.canal_target(state, meng_of(state)) is not None:
        push(state, {"k": "meng_claim"})  # a boat with 3 servants is rewarded at once
        return events + board_boat(state, "general")
    return [*events, say("canal.cannot")]


def port_claim(state: SoloState, frame: dict, action: Action | None) -> Events:
    return claim(state, frame, None)


@step("meng_claim", RULE_PORTS)
def claim(state: SoloState, frame: dict, action: Action | None) -> Events:
    """A boat with 3 servants is rewarded at once, in any port and any phase: a gift card the 1st and 2nd
    time (hard: the 5th start card took the 1st card space), then 4 VP each time, without limit."""
    m = state.meng
    pl = meng_of(state)
    cards_max = int(state.comp.meng.port_reward_cards)
    events: Events = []
    for boat in [b for b in pl.boats if b.places >= state.comp.boat_capacity]:
        pl.boats.remove(boat)
        pl.general += boat.servants
        m.claims += 1
        if m.markers["card"] < cards_max and state.deck:
            m.markers["card"] += 1
            events.append(say("port.card", port=boat.port))
            push(state, {"k": "meng_draw", "dest": "discard" if m.dusk else "hand"})
        else:
            m.markers["vp"] += 1
            events.append(say("port.vp", port=boat.port, vp=state.comp.port_vp))
            events += add_vp(state, m.seat, state.comp.port_vp)
    return events


@step("meng_draw", RULE_PORTS, draw_options, chance=True)
def _draw(state: SoloState, frame: dict, action: Action | None) -> Events:
    """A card gained at dusk goes to his discard pile; otherwise it joins today's cards."""
    assert action is not None
    card, seen = take_card(state, state.deck, action)
    pl = meng_of(state)
    (pl.discard if frame["dest"] == "discard" else pl.hand).append(card)
    told = say(f"port.card_{frame['dest']}", card=card, value=card_value(state, card))
    return [*seen, marked(state, told, value=CARD_TABLE)]
