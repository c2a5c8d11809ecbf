"""Solo Gùgōng against Meng: `GAME`, the engine "gugong-solo" (gugong-de "SOLO VARIANT").

The same engine as multiplayer Gùgōng (same frames, actions and save format) on the 2-player
board, with Meng in seat 1. Meng never decides anything: his steps are automatic frames
(companion/gugong/solo/automa.py); what the table turns up for him is a chance step.

Setup: {"players": ["Anna"], "difficulty": "easy|normal|hard", "night_rule": "as_if|at_least",
"focus": null or a location, "sets": "4/5|2/3|1/2", "seed": 0, "profile": {"overrides": {...}}}.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core.actions import Action, Decision
from companion.core.errors import RuleError, SetupError

from .. import frames
from ..components import components
from ..end_table import EndTable
from ..engine import Gugong
from . import automa  # noqa: F401 - registers Meng's frame kinds
from .state import MengState, SoloState

DIFFICULTIES = ("easy", "normal", "hard")
NIGHT_RULES = ("as_if", "at_least")
MENG_SEAT = 1


class GugongSolo(Gugong):
    name = "gugong-solo"
    min_players = 1
    max_players = 1

    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(setup, dict):
            raise SetupError("meng.setup.not_object", "A solo setup is an object with the player's name.")
        players = setup.get("players")
        if not isinstance(players, list) or len(players) != 1 or not str(players[0]).strip():
            raise SetupError("meng.setup.players", "Solo Gùgōng needs exactly one player name.")
        base = super().normalize_setup({**setup, "players": [str(players[0]).strip(), "Meng"],
                                        "bonus_tiles": False, "expert": False})
        meng_name = str(components(_overrides(base)).profile.value("meng.name"))
        if base["players"][0] == meng_name:
            raise SetupError("meng.setup.names", f"Please choose a name other than {meng_name}.")
        out = {"players": base["players"][:1], "seed": base["seed"]}
        for key, allowed, default in (("difficulty", DIFFICULTIES, "normal"), ("night_rule", NIGHT_RULES, "as_if"),
                                      ("sets", tuple(components(_overrides(base)).profile.value("meng.card_sets")),
                                       "4/5")):
            value = setup.get(key, default)
            if value not in allowed:
                raise SetupError(f"meng.setup.{key}", f"{key} must be one of {', '.join(allowed)}.", value=value)
            out[key] = value
        focus = setup.get("focus")
        locations = components(_overrides(base)).locations
        if focus is not None and focus not in locations:
            raise SetupError("meng.setup.focus", f"focus must be one of {', '.join(locations)}.", value=focus)
        out["focus"] = focus
        if "profile" in base:
            out["profile"] = base["profile"]
        return out

    def initial_state(self, setup: dict[str, Any]) -> SoloState:
        comp = components(_overrides(setup))
        two = {"players": [setup["players"][0], str(comp.profile.value("meng.name"))], "seed": setup["seed"],
               "bonus_tiles": False, "expert": False}  # base tiles only (Spielaufbau Solo)
        if "profile" in setup:
            two["profile"] = setup["profile"]
        meng = MengState(seat=MENG_SEAT, difficulty=setup["difficulty"], night_rule=setup["night_rule"],
                         focus=setup["focus"], sets=setup["sets"])
        state = SoloState.from_base(super().initial_state(two), meng)
        frames.settle(state)
        return state

    def decision(self, state: SoloState) -> Decision | None:
        d = frames.current(state)
        if d is not None and d.player == state.meng.seat:  # every Meng step must have a rule
            raise AssertionError(f"Meng has no Automa rule for {d.kind}")
        return d

    def explain_refusal(self, state: SoloState, action: Action, decision: Decision) -> RuleError:
        if decision.kind.startswith("gugong.meng_") and action.get("type") not in {o["type"] for o in decision.options}:
            return RuleError("meng.error.meng_step", "Meng's step comes first: enter what the table turns up for him "
                             f"({decision.kind}).", rule=decision.rule, step=decision.kind)
        return super().explain_refusal(state, action, decision)

    def invariants(self, state: SoloState) -> list[str]:
        out = super().invariants(state)
        m = state.meng
        total = int(sum(state.comp.profile.value("meng.automa_cards").values()))
        specials = int(state.comp.profile.value("meng.difficulty_special_cards")[m.difficulty])
        expected = total - (int(state.comp.profile.value("meng.automa_cards")["special"]) - specials)
        if m.deck and m.automa_total != expected:
            out.append(f"Automa cards: {m.automa_total} accounted for, expected {expected}")
        if min([*m.deck.values(), *m.earlier.values(), 0]) < 0:
            out.append("Automa cards: a negative count")
        pl = state.players[m.seat]
        if pl.dd != "locked" or any(b.places >= state.comp.boat_capacity for b in pl.boats):
            out.append("Meng: his double servant left the focus, or a full boat was not rewarded")
        if sum(pl.rewards.values()):
            out.append("Meng: his own servants on port-reward spaces (he uses neutral markers)")
        return out

    def end_table(self, state: SoloState) -> EndTable:
        table = super().end_table(state)
        m = state.meng
        markers = m.markers["card"] + min(m.markers["vp"], state.comp.reward_slots["vp"])
        players = list(table.players)
        players[m.seat] = replace(players[m.seat], meng=True, port_servants=markers)
        return replace(table, players=players)

    def summary(self, state: SoloState) -> dict[str, Any]:
        out = super().summary(state)
        m = state.meng
        out.update({"difficulty": m.difficulty, "focus": m.focus, "automa_deck": sum(m.deck.values()),
                    "port_rewards": m.claims})
        return out


def _overrides(setup: dict[str, Any]) -> dict[str, Any] | None:
    return (setup.get("profile") or {}).get("overrides")


GAME = GugongSolo()
