"""Meng's boats and port rewards (gugong-de "Der Kaiserkanal (Solo)", "Hafenbelohnungen")."""

from __future__ import annotations

from companion.core.actions import Action

from ..canal import place as canal_place
from ..frames import kind, push
from ..tracks import add_vp
from . import choices
from .instructions import (
    RULE_PORTS,
    card_value,
    meng_of,
    say,
)
from .state import SoloState


# == canal and port rewards ======================================================================
def board_boat(state: SoloState, src: str) -> None:
    pl = meng_of(state)
    target = choices.canal_target(state, pl)
    assert target is not None
    new = "route" in target
    canal_place(state, pl, target, False, src)
    boat = pl.boats[-1] if new else pl.boats[target["boat"]]
    say(state, f"canal.{'new_boat' if new else 'load'}_{src}", port=boat.port, places=boat.places)


@kind("meng_claim", RULE_PORTS)
def claim(state: SoloState, frame: dict, action: Action | None) -> None:
    """A boat with 3 servants is rewarded at once, in any port and any phase: a gift card the 1st and 2nd
    time (hard: the 5th start card took the 1st card space), then 4 VP each time, without limit."""
    m = state.meng
    pl = meng_of(state)
    cap = state.comp.boat_capacity
    cards_max = int(state.comp.profile.value("meng.port_reward_cards"))
    for boat in [b for b in pl.boats if b.places >= cap]:
        pl.boats.remove(boat)
        pl.general += boat.servants
        m.claims += 1
        if m.markers["card"] < cards_max and state.deck:
            m.markers["card"] += 1
            say(state, "port.card", port=boat.port)
            push(state, {"k": "meng_draw", "dest": "discard" if m.dusk else "hand"})
        else:
            m.markers["vp"] += 1
            say(state, "port.vp", port=boat.port, vp=state.comp.port_vp)
            add_vp(state, m.seat, state.comp.port_vp)


def _draw_options(state: SoloState, frame: dict) -> list[Action]:
    return [{"type": "draw", "card": c} for c in sorted(state.deck)]


@kind("meng_draw", RULE_PORTS, _draw_options, chance=True)
def _draw(state: SoloState, frame: dict, action: Action | None) -> None:
    """A card gained at dusk goes to his discard pile; otherwise it joins today's cards."""
    assert action is not None
    state.deck.remove(action["card"])
    pl = meng_of(state)
    (pl.discard if frame["dest"] == "discard" else pl.hand).append(action["card"])
    say(state, f"port.card_{frame['dest']}", card=action["card"], value=card_value(state, action["card"]))
