"""A real box that differs from the shipped profile, and a table that mirrors it by table entry.

`play_mirrored` plays one game twice in lockstep: R knows the real box (the owner's profile), E starts from
the shipped placeholders and learns the box only from what the table enters ("Something else…"). Every
chance outcome of R is entered in E the way a table would (the listed card if the model has one that looks
the same, else what it sees); every player choice is the same. Invariants are checked after every action.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from companion.core import apply
from companion.core.canonical import canonical_bytes
from companion.core.chance import pick
from companion.core.profile import load_default
from companion.core.steps import FORCED
from companion.gugong.components import CARD_ACTIONS

_DEFAULT = load_default("gugong")


def real_box() -> dict[str, Any]:
    """Every gift card differs (value + 1, the next action symbol), other dice faces, decree costs,
    jade prices and travel-tile mix: nothing of it in the shipped profile."""
    cards = [{"value": c["value"] % 9 + 1, "set": c["set"],
              "action": CARD_ACTIONS[(CARD_ACTIONS.index(c["action"]) + 1) % len(CARD_ACTIONS)]}
             for c in _DEFAULT.value("gift_cards")]
    costs = {d: min(10, c + 1) for d, c in _DEFAULT.value("decree_costs").items()}
    tiles = {"servant1": 2, "servant2": 3, "envoy": 3, "intrigue": 1, "jade_card": 2, "vp2": 2, "swap": 3,
             "recover": 1, "canal": 3, "wall": 2, "jade_pay": 2, "double": 2}
    return {"gift_cards": cards, "dice_faces": [2, 3, 4, 5, 7, 9], "decree_costs": costs, "travel_tiles": tiles,
            "jade_houses": JADE}


JADE = [{"cost": 1, "jade": 3}, {"cost": 4, "jade": 2}, {"cost": 6, "jade": 1}]
CARD_KINDS = {"board_card", "draw", "hand_card"}


def _identity(state: Any, card: int) -> tuple[int, str]:
    c = state.comp.cards[card]
    return c.value, c.action


class Mirror:
    """The card ids of R and E for the same physical card, and the translation of R's actions (R's box never
    changes, so `real` is its first state)."""

    def __init__(self, real: Any, entered: Any) -> None:
        self.real, self.entered = real, entered
        self.ids: dict[int, int] = {}
        self.log: list[dict[str, Any]] = []  # E's actions, for the replay

    def player_action(self, action: dict[str, Any]) -> dict[str, Any]:
        out = dict(action)
        if isinstance(out.get("card"), int):
            out["card"] = self.ids[out["card"]]
        return out

    def chance_action(self, action: dict[str, Any], options: tuple[dict[str, Any], ...]) -> dict[str, Any]:
        """What the table enters in E for the outcome R drew."""
        t = action["type"]
        if t in CARD_KINDS:
            look = _identity(self.real, action["card"])
            for o in options:
                if o["type"] == t and "seen" not in o and _identity(self.entered, o["card"]) == look:
                    return o
            return {"type": t, "seen": {"value": look[0], "action": look[1]}}
        if t == "die":
            plain = {"type": "die", "face": action["face"]}
            return plain if plain in options else {**plain, "seen": True}
        if t == "tile":
            plain = {"type": "tile", "tile": action["tile"]}
            return plain if self.entered.bag.get(action["tile"], 0) > 0 else {**plain, "seen": True}
        if t == "decree_tile":
            d = action["decree"]
            real, model = self.real.comp.decrees[d], self.entered.comp.decrees[d]
            if (real.cost, real.vp) == (model.cost, model.vp):
                return action
            return {**action, "seen": {"cost": real.cost, "vp": real.vp}}
        return self.player_action(action)

    def learn(self, r_action: dict[str, Any], events: list[Any]) -> None:
        if r_action["type"] in CARD_KINDS:
            self.ids[r_action["card"]] = next(e.params["card"] for e in events if isinstance(e.params.get("card"), int))


def real_run(game: Any, setup: dict[str, Any], seed: int) -> tuple[list[Any], list[Any]]:
    """R played to the end (random choices): its states and every resolution (kind, action, forced) in order."""
    rng = random.Random(seed)
    state = game.initial_state(game.normalize_setup(setup))
    states, stream = [state], []
    while (d := game.decision(state)) is not None:
        action = pick(d, rng) if d.is_chance else d.options[rng.randrange(len(d.options))]
        stream.append((d.kind, action, False, len(states) - 1))  # with the index of R's state before it
        state, events = apply(game, state, action)
        states.append(state)
        stream += [(e.params["step"], e.params["action"], True, None) for e in events if e.code == FORCED]
    return states, stream


def play_mirrored(game: Any, real_setup: dict[str, Any], entered_setup: dict[str, Any], seed: int,
                  check: Any) -> tuple[Any, Any, int]:
    """Play E along R's run; `check(R state, E state, mirror)` after every action. Returns (R, E, entries)."""
    states, stream = real_run(game, real_setup, seed)
    hands_at = next(s for s in states if all(len(p.hand) == 4 for p in s.players))
    hands = {p.seat: deque(p.hand) for p in hands_at.players}
    queue = deque(stream)
    state = game.initial_state(game.normalize_setup(entered_setup))
    mirror = Mirror(states[0], state)
    entries = 0
    while (d := game.decision(state)) is not None:
        mirror.entered = state
        if d.kind.endswith(".income_read"):  # E reads its day track (R's box knows it): nothing of R's stream
            n = mirror.real.comp.income[state.day]
            action = {"type": "income", "n": n} if {"type": "income", "n": n} in d.options else {
                "type": "income", "n": n, "seen": True}
            r_action = action
        elif d.kind.endswith((".meng_dusk_read", ".meng_slot_read")):  # E reads Meng's facts off R's box
            real = mirror.real.comp.profile
            action = next(o for o in d.options if o.get("dusk", o.get("slot")) == (
                real.value("meng.dusk_actions")[d.params["card"]] if "card" in d.params
                else real.value("meng.decree_lower_slot")))
            r_action = action
        elif d.kind.endswith(".deal_card"):
            rid = hands[d.params["p"]].popleft()
            action = mirror.chance_action({"type": "hand_card", "card": rid}, d.options)
            r_action = {"type": "hand_card", "card": rid}
        else:
            kind, r_action, _forced, _at = queue.popleft()
            assert kind == d.kind, (kind, d.kind)
            action = mirror.chance_action(r_action, d.options) if d.is_chance else mirror.player_action(r_action)
        entries += "seen" in action
        mirror.log.append(action)
        state, events = apply(game, state, action)
        mirror.learn(r_action, events)
        forced = deque(e.params["step"] for e in events if e.code == FORCED)
        while queue and queue[0][2] and forced and queue[0][0] == forced[0]:
            queue.popleft()
            forced.popleft()
        assert not forced, f"E took {list(forced)} by itself where R asked"
        pending = game.decision(state)
        if pending is not None and pending.kind.endswith((".income_read", ".meng_dusk_read", ".meng_slot_read")):
            continue  # E reads its box mid-phase (day track, Meng's card or board): R has no rest point there
        if not queue or not queue[0][2]:  # R at rest at the same point (not inside one of its own actions)
            check(states[queue[0][3]] if queue else states[-1], state, mirror)
    assert not queue, f"R went on: {list(queue)[:3]}"
    replayed = game.initial_state(game.normalize_setup(entered_setup))
    for action in mirror.log:
        replayed, _ = apply(game, replayed, action)
    assert canonical_bytes(game.to_json(replayed)) == canonical_bytes(game.to_json(state))  # replay from the log
    return states[-1], state, entries
