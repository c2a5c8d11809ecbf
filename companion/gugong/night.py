"""The night phase (gugong-de "Phase 3: Die Nachtphase", p. 14).

1. Each discarded card earns 1 servant per fate die showing its value; the most matches (= most
servants, tie: intrigue) also earn VP and 1 envoy step. 2. Every boat moves 1 port (canal.py).
The solo game counts Meng's matches its own way and passes them to `score_matches`.
"""

from __future__ import annotations

from companion.core.actions import Action
from companion.core.steps import Frame, push

from . import canal
from .marks import MATCHES, marked
from .state import GugongState
from .steps import Events, event, step
from .tracks import add_vp, advance_envoy, best_by_intrigue

RULE_NIGHT = "gugong-de: Phase 3: Die Nachtphase (S. 14)"


def night_steps(state: GugongState) -> list[Frame]:
    return [{"k": "night_dice"}, {"k": "night_boats"}]


def after_night(state: GugongState) -> str:
    return "morning" if state.day < state.comp.days else "end"


def matches(state: GugongState, seat: int) -> int:
    """Each discarded card earns 1 servant per die showing its value (3-3-6: a 3 earns 2)."""
    return sum(state.dice.count(state.comp.cards[c].value) for c in state.players[seat].discard)


def score_matches(state: GugongState, counts: dict[int, int],
                  facts: dict[int, tuple[str, ...]] | None = None) -> Events:
    """The majority of matches scores; then everyone takes 1 servant per match, in player order. `facts`: per seat,
    the box facts the count rests on (default: the card values and the dice faces)."""
    facts = facts or {}
    rests_on = {s: list(facts.get(s, MATCHES)) for s in counts}
    events: Events = []
    top = max(counts.values())
    if top > 0:  # most matching values (= most servants), tie broken by intrigue
        winner = best_by_intrigue(state, [s for s, c in counts.items() if c == top])
        behind = sorted({k for keys in rests_on.values() for k in keys})  # the largest of all the counts
        events.append(marked(state, event("dice_majority", player=winner, matches=top), matches=behind))
        events += add_vp(state, winner, state.comp.dice_vp)
        events += advance_envoy(state, winner, state.comp.act.dice_envoy_steps)
    push(state, *({"k": "gain", "p": s, "n": counts[s], "facts": rests_on[s]}
                  for s in state.order_from(state.start) if counts[s]))
    return events


@step("night_dice", RULE_NIGHT)
def _night_dice(state: GugongState, frame: dict, action: Action | None) -> Events:
    return score_matches(state, {s: matches(state, s) for s in range(state.n)})


@step("night_boats", canal.RULE_NIGHT)
def _night_boats(state: GugongState, frame: dict, action: Action | None) -> Events:
    return canal.night_moves(state)
