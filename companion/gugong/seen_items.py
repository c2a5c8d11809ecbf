"""What a Gùgōng table saw of its box in one game, component by component (companion.core.seen_items).

Read from the game's log, step by step: each chance step the table entered names one component (a gift card turned
up, a die face rolled, a decree tile laid with its printed cost, a travel tile drawn, Meng's Automa card revealed,
the bottom half of an Automa card read at dusk). A step the app drew is not the table's sight: the log cannot tell
the two apart, so an entry equal to the app's own seeded pick at that step counts as the app's
(docs/rulings/box-facts.md B3); a step only the table holds (a start hand, the draw pile's top card) is always
its entry.

Travel tiles and Automa cards are counted per pass through their pile (a reshuffle starts a new pass), so the
same tile is never counted twice; the proof per kind is the most one pass showed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.core.chance import pick, rng_for
from companion.core.game import Game
from companion.core.seen_items import item_of, kinds
from companion.core.session import Session

CARD_STEPS = ("deal_card", "setup_board", "draw_card", "meng_draw", "meng_top_card")


def items_seen(game: Game, setup: dict[str, Any], log: list[dict[str, Any]]) -> dict[str, Any]:
    """{fact: proof} of what the table entered in this game (only facts with something seen). Only a game set up
    with table entry counts: without "Something else…" the table could only pick among the profile's own
    components, so a pick there is no sight of the box."""
    if not setup.get("table_entry"):
        return {}
    session = Session.new(game, setup)
    cards: set[int] = set()
    faces: set[int] = set()
    decrees: set[str] = set()
    tiles, automa = _Passes(), _Passes()
    dusk: dict[str, str] = {}
    lower: dict[str, int] = {}
    for position, action in enumerate(log):
        decision = session.decision
        entered = decision is not None and decision.is_chance and _entered(game, setup, decision, position, action)
        events = session.act(action)
        step = decision.kind.rsplit(".", 1)[-1] if decision is not None else ""
        if entered and step == "meng_dusk_read":  # one card's bottom half (solo/corrections.py)
            dusk[str(action["card"])] = str(action["dusk"])
        elif entered and step == "meng_slot_read":  # which decree of a level lies lower on the board
            lower = {"value": int(action["slot"])}
        elif entered:
            _note(step, action, events, cards, faces, decrees, tiles, automa)
        for e in events:
            if e.code.endswith("tiles_reshuffled"):
                tiles.next()
            elif e.code.endswith("day.reshuffle"):
                automa.next()
    proofs = _proofs(session.state, cards, faces, decrees, tiles, automa)
    read = {"meng.dusk_actions": dusk, "meng.decree_lower_slot": lower}
    return {**proofs, **{k: v for k, v in read.items() if v}}


def _entered(game: Game, setup: dict[str, Any], decision: Any, position: int, action: dict[str, Any]) -> bool:
    if decision.hidden:
        return True
    return action != pick(decision, rng_for(game.name, setup.get("seed", 0), position))


def _note(step: str, action: dict[str, Any], events: list[Any], cards: set[int], faces: set[int],
          decrees: set[str], tiles: _Passes, automa: _Passes) -> None:
    if step in CARD_STEPS:
        card = action.get("card")
        if not isinstance(card, int):  # "Something else…": the card that took its identity
            card = next((e.params["card"] for e in events if isinstance(e.params.get("card"), int)), None)
        if isinstance(card, int):
            cards.add(card)
    elif step == "roll_die":
        faces.add(int(action["face"]))
    elif step == "setup_decree":
        decrees.add(str(action["decree"]))
    elif step == "draw_tile":
        tiles.add(str(action["tile"]))
    elif step == "meng_reveal":
        automa.add(str(action["card"]))


class _Passes:
    """Counts per kind within one pass through a pile; the most of each kind over all passes."""

    def __init__(self) -> None:
        self.now: Counter[str] = Counter()
        self.most: Counter[str] = Counter()

    def add(self, kind: str) -> None:
        self.now[kind] += 1
        self.most[kind] = max(self.most[kind], self.now[kind])

    def next(self) -> None:
        self.now = Counter()


def _proofs(state: Any, cards: set[int], faces: set[int], decrees: set[str], tiles: _Passes,
            automa: _Passes) -> dict[str, Any]:
    comp = state.comp
    out: dict[str, Any] = {}
    if cards:
        fields = kinds("gugong")["gift_cards"]["fields"]
        census: dict[str, Counter[str]] = {}
        for c in sorted(cards):
            card = comp.cards[c]
            census.setdefault(card.set, Counter())[item_of(fields, {"value": card.value, "action": card.action})] += 1
        out["gift_cards"] = {s: dict(n) for s, n in census.items()}
    if faces:
        out["dice_faces"] = sorted(faces)
    costs = {d: comp.decrees[d].cost for d in sorted(decrees) if comp.decrees[d].cost_fact == "decree_costs"}
    if costs:
        out["decree_costs"] = costs
    base = {k: n for k, n in tiles.most.items() if k in comp.tiles}
    if base:
        out["travel_tiles"] = base
    if automa.most:
        out["meng.automa_cards"] = dict(automa.most)
    return out
