"""Solo setup for Meng (gugong-de "SPIELAUFBAU (SOLO)"): card sets, the Automa deck, the focus, hard mode."""

from __future__ import annotations

from companion.core.actions import Action

from ..frames import kind
from . import deck
from .instructions import (
    RULE_SETUP,
    say,
)
from .state import SoloState


# == setup ========================================================================================
def solo_setup(state: SoloState, frame: dict, action: Action | None) -> None:
    """Human = seat 0, start player; card sets by the chosen pairing; the Automa deck by difficulty."""
    m = state.meng
    human, seat = 1 - m.seat, m.seat
    state.start = state.turn = human
    p_human, p_meng = state.comp.profile.value("meng.card_sets")[m.sets]
    for s, card_set in ((human, p_human), (seat, p_meng)):
        state.players[s].hand = [c.id for c in state.comp.cards if c.set == card_set]
    for s in (human, seat):  # the start player's marker at the bottom of the stack, Meng's on top
        state.seq += 1
        state.players[s].intrigue_seq = state.seq
    dealt = {c for pl in state.players for c in pl.hand}
    state.box += [c.id for c in state.comp.cards if c.set.startswith("p") and c.id not in dealt]
    specials = int(state.comp.profile.value("meng.difficulty_special_cards")[m.difficulty])
    m.deck = deck.starting_deck(state.comp.profile.value("meng.automa_cards"), specials)
    say(state, "setup.sets", human=p_human, meng=p_meng)
    say(state, "setup.automa", cards=sum(m.deck.values()), difficulty=m.difficulty)
    follow = [{"k": "meng_focus"}]
    if m.difficulty == "hard":
        m.markers["card"] += 1
        follow += [{"k": "meng_draw", "dest": "hand"} for _ in range(int(state.comp.profile.value(
            "meng.hard_extra_cards")))]
        say(state, "setup.hard")
    # the focus is marked beside a start card, so it comes after the 7 start cards are laid out
    boards = [i for i, f in enumerate(state.stack) if f["k"] == "setup_board"]
    at = min(boards) if boards else len(state.stack)
    state.stack[at:at] = list(reversed(follow))
    say(state, "setup.start", player=human)


def _focus_options(state: SoloState, frame: dict) -> list[Action]:
    if state.meng.focus is not None:  # chosen in the setup ("after a few games you may choose")
        return [{"type": "focus", "location": state.meng.focus}]
    return [{"type": "focus", "location": name} for name in state.comp.locations]


@kind("meng_focus", RULE_SETUP, _focus_options, chance=True)
def _focus(state: SoloState, frame: dict, action: Action | None) -> None:
    assert action is not None
    state.meng.focus = action["location"]
    say(state, "setup.focus", location=action["location"])
