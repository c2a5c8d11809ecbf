"""The table corrects Meng's unverified box facts where Meng first uses them (issue 22, rulings M20-M22).

Like companion.gugong.corrections for the players' facts: with table entry on (edition 5 on) and the fact
unverified, Meng's step that reads a printed fact first asks the table what its component shows. The model's
value is the first option (one tap when the box agrees); every other value carries the key "seen" (the app never
draws it, only the table enters it). The answer is an action of the log, so it replays, undoes and redoes with
the game, and it holds for the rest of the game: it is kept in `state.seen` (JSON: replays and digests see it),
per item, so Box check can record exactly the items the table read (companion.gugong.seen_items).

- meng.dusk_actions: the bottom half of an Automa card, read the first time a card of that top location is
  turned over at dusk;
- meng.decree_lower_slot: which decree of a level lies lower on the board, read the first time Meng buys a decree.

Meng's action values (dusk costs and steps, the special cards' steps, the VP instead of a card swap) are confirmed
by the rulebook's text, not read off a component: they are never asked (ruling M20).
"""

from __future__ import annotations

from typing import Any

from companion.core.actions import Action
from companion.core.profile import fact_schema

from ..editions import EDITIONS
from ..steps import Events
from ..table_entry import SEEN, _note, open_fact
from .meng import say
from .state import SoloState

DUSK_FACT = "meng.dusk_actions"
SLOT_FACT = "meng.decree_lower_slot"
DUSK_SEEN = "meng_dusk"  # state.seen: [{"card": top location, "dusk": bottom action}]
SLOT_SEEN = "meng_lower_slot"  # state.seen: [{"slot": 0 or 1}]


def reads(state: SoloState, fact: str) -> bool:
    """Edition 5, table entry on, the fact unverified: Meng's step asks the table first."""
    return EDITIONS.has(state, "meng_facts_read") and open_fact(state, fact)


# -- the bottom half of an Automa card -------------------------------------------------------------
def dusk_action(state: SoloState, card: str) -> str:
    """The dusk action of a card with top location `card`: as the table read it in this game, else the profile's."""
    read = [r["dusk"] for r in state.seen.get(DUSK_SEEN, ()) if r["card"] == card]
    return str(read[-1]) if read else str(state.comp.meng.dusk_actions[card])


def dusk_frames(state: SoloState) -> list[dict[str, Any]]:
    """Today's dusk cards, each preceded by the table's reading when it is the first card of its top location
    this game whose bottom half the table has not read yet."""
    read = {r["card"] for r in state.seen.get(DUSK_SEEN, ())}
    frames: list[dict[str, Any]] = []
    for i, card in enumerate(state.meng.today):
        if reads(state, DUSK_FACT) and card not in read:
            read.add(card)
            frames.append({"k": "meng_dusk_read", "card": card})
        frames.append({"k": "meng_dusk_card", "card": card, "i": i})
    return frames


def dusk_options(state: SoloState, card: str) -> list[Action]:
    """The model's bottom action first, every other one the schema allows after it (entered by the table)."""
    model = dusk_action(state, card)
    allowed = fact_schema("gugong", DUSK_FACT)["properties"][card]["enum"]
    return [_dusk_option(card, model, False), *(_dusk_option(card, a, True) for a in allowed if a != model)]


def _dusk_option(card: str, dusk: str, seen: bool) -> Action:
    # "bottom" names the action in words for the table (a catalog key, as in the dusk card's instruction)
    option: Action = {"type": "meng_dusk", "card": card, "dusk": dusk, "bottom": f"meng.dusk_action.{dusk}"}
    return {**option, SEEN: True} if seen else option


def dusk_seen(state: SoloState, action: Action) -> Events:
    """The table read the card's bottom half: kept for the rest of the game (a confirmation too, per item)."""
    card, dusk = str(action["card"]), str(action["dusk"])
    model = dusk_action(state, card)
    _note(state, DUSK_SEEN, card=card, dusk=dusk)
    if dusk == model:
        return []
    return [say("correction.dusk_seen", card=card, bottom=f"meng.dusk_action.{dusk}",
                expected=f"meng.dusk_action.{model}")]


# -- the lower decree of a level ---------------------------------------------------------------------
def lower_slot(state: SoloState) -> int:
    read = [r["slot"] for r in state.seen.get(SLOT_SEEN, ())]
    return int(read[-1]) if read else int(state.comp.meng.decree_lower_slot)


def slot_unread(state: SoloState) -> bool:
    return reads(state, SLOT_FACT) and not state.seen.get(SLOT_SEEN)


def slot_options(state: SoloState) -> list[Action]:
    """The two decrees of today's level, the one the model takes for the lower first (the table taps the one
    that lies lower on its board)."""
    level = min(state.day, state.comp.decree_levels)
    slots = state.comp.level_slots(level)
    model = lower_slot(state)
    options: list[Action] = []
    for i in (model, 1 - model):
        option: Action = {"type": "meng_lower_slot", "slot": i, "decree": state.decree_slots[slots[i]]}
        options.append(option if i == model else {**option, SEEN: True})
    return options


def slot_seen(state: SoloState, action: Action) -> Events:
    slot, model = int(action["slot"]), lower_slot(state)
    _note(state, SLOT_SEEN, slot=slot)
    return [] if slot == model else [say("correction.lower_slot_seen", decree=action["decree"])]
