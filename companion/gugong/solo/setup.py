"""Solo setup for Meng (gugong-de "SPIELAUFBAU (SOLO)"): the player's name and options, card sets, the Automa
deck, the focus, hard mode. The 2-seat board itself is set up as in the multiplayer game (seat 1: Meng)."""

from __future__ import annotations

from typing import Any

from companion.core.actions import Action
from companion.core.errors import SetupError

from .. import setup as board
from ..components import components
from ..editions import CURRENT
from ..steps import Events, step
from . import deck
from .meng import say
from .state import SoloState

RULE_SETUP = "gugong-de: Spielaufbau (Solo)"
DIFFICULTIES = ("easy", "normal", "hard")
NIGHT_RULES = ("as_if", "at_least")
MENG_SEAT = 1


def _overrides(setup: dict[str, Any]) -> dict[str, Any] | None:
    return (setup.get("profile") or {}).get("overrides")


def normalize_setup(setup: Any) -> dict[str, Any]:
    if not isinstance(setup, dict):
        raise SetupError("meng.setup.not_object", "A solo setup is an object with the player's name.")
    players = setup.get("players")
    if not isinstance(players, list) or len(players) != 1 or not str(players[0]).strip():
        raise SetupError("meng.setup.players", "Solo Gùgōng needs exactly one player name.")
    base = board.normalize_setup({**setup, "players": [str(players[0]).strip(), "Meng"],
                                  "bonus_tiles": False, "expert": False})
    comp = components(_overrides(base))
    meng_name = str(comp.meng.name)
    if base["players"][0] == meng_name:
        raise SetupError("meng.setup.names", f"Please choose a name other than {meng_name}.")
    out = {"players": base["players"][:1], "seed": base["seed"], "rules": base["rules"]}
    sets = tuple(comp.meng.card_sets)
    for key, allowed, default in (("difficulty", DIFFICULTIES, "normal"), ("night_rule", NIGHT_RULES, "as_if"),
                                  ("sets", sets, "4/5")):
        value = setup.get(key, default)
        if value not in allowed:
            raise SetupError(f"meng.setup.{key}", f"{key} must be one of {', '.join(allowed)}.", value=value)
        out[key] = value
    focus = setup.get("focus")
    if focus is not None and focus not in comp.locations:
        raise SetupError("meng.setup.focus", f"focus must be one of {', '.join(comp.locations)}.", value=focus)
    out["focus"] = focus
    if "profile" in base:
        out["profile"] = base["profile"]
    if base.get("table_entry"):
        out["table_entry"] = True
    return out


def two_seats(setup: dict[str, Any]) -> dict[str, Any]:
    """The multiplayer setup of the solo board: the player and Meng, base tiles only (Spielaufbau Solo)."""
    comp = components(_overrides(setup))
    two = {"players": [setup["players"][0], str(comp.meng.name)], "seed": setup["seed"],
           "bonus_tiles": False, "expert": False, "rules": setup.get("rules", CURRENT)}
    if setup.get("table_entry"):
        two["table_entry"] = True
    if "profile" in setup:
        two["profile"] = setup["profile"]
    return two


def solo_setup(state: SoloState, frame: dict, action: Action | None) -> Events:
    """Human = seat 0, start player; card sets by the chosen pairing; the Automa deck by difficulty."""
    m = state.meng
    human, seat = 1 - m.seat, m.seat
    state.start = state.turn = human
    p_human, p_meng = state.comp.meng.card_sets[m.sets]
    for s in (human, seat):  # the start player's marker at the bottom of the stack, Meng's on top
        state.seq += 1
        state.players[s].intrigue_seq = state.seq
    specials = int(state.comp.meng.difficulty_special_cards[m.difficulty])
    m.deck = deck.starting_deck(state.comp.meng.automa_cards, specials)
    events = [say("setup.sets", human=p_human, meng=p_meng),
              say("setup.automa", cards=sum(m.deck.values()), difficulty=m.difficulty)]
    follow = [{"k": "meng_focus"}]
    if m.difficulty == "hard":
        m.markers["card"] += 1
        extra = int(state.comp.meng.hard_extra_cards)
        follow += [{"k": "meng_draw", "dest": "hand"} for _ in range(extra)]
        events.append(say("setup.hard"))
    # the focus is marked beside a start card, so it comes after the start cards are laid out
    boards = [i for i, f in enumerate(state.stack) if f["k"] == "setup_board"]
    at = min(boards) if boards else len(state.stack)
    state.stack[at:at] = list(reversed(follow))
    board.deal(state, [[human, p_human], [seat, p_meng]])  # the hands first (entered, if the table enters them)
    return [*events, say("setup.start", player=human)]


def _focus_options(state: SoloState, frame: dict) -> list[Action]:
    if state.meng.focus is not None:  # chosen in the setup ("after a few games you may choose")
        return [{"type": "focus", "location": state.meng.focus}]
    return [{"type": "focus", "location": name} for name in state.comp.locations]


@step("meng_focus", RULE_SETUP, _focus_options, chance=True)
def _focus(state: SoloState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    state.meng.focus = action["location"]
    return [say("setup.focus", location=action["location"])]
