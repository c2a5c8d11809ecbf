"""The Gùgōng rules engine for 2-5 players: `GAME`, a `companion.core.Game`.

State and decisions live in the modules named after the game's parts (turn, travel, wall,
canal, decrees, locations, phases); this module wires them to the core contract: setup
validation, the initial state, decisions, refusals with reasons, invariants and scoring.
"""

from __future__ import annotations

from typing import Any

from companion.core.actions import Action, Decision, Event
from companion.core.errors import RuleError, SetupError
from companion.core.game import Game
from companion.core.scoring import ScoreSheet
from companion.core.setup import player_names

from . import cards, frames, phases, turn  # noqa: F401 - importing registers the frame kinds
from .components import BASE_TILES, BONUS_TILES, components
from .end_table import LEVEL3_DECREES, EndPlayer, EndTable
from .final_scoring import final_score
from .invariants import violations
from .refusals import explain
from .state import GugongState, Player


class Gugong(Game[GugongState]):
    name = "gugong"
    min_players = 2
    max_players = 5

    # -- setup -------------------------------------------------------------------------------
    def normalize_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(setup, dict):
            raise SetupError("gugong.setup.not_object", "A Gùgōng setup is an object with a list of players.")
        names = player_names(
            setup, 2, 5,  # literal: the solo engine (1 seat) sets up the same 2-seat board through here
            ("gugong.setup.players", "Gùgōng needs a list of 2 to 5 player names."),
            ("gugong.setup.names", "Every player needs a different, non-empty name."),
        )
        profile = setup.get("profile") or {}
        overrides = profile.get("overrides") or {} if isinstance(profile, dict) else None
        if not isinstance(overrides, dict):
            raise SetupError("gugong.setup.profile", "setup.profile.overrides must be an object of box facts.")
        components(overrides)  # validates the overrides (unknown facts, inconsistent values)
        seed = setup.get("seed", 0)
        if not isinstance(seed, int | str):
            raise SetupError("gugong.setup.seed", "The seed must be a number or a text.")
        out: dict[str, Any] = {
            "players": names,
            "seed": seed,
            "bonus_tiles": bool(setup.get("bonus_tiles", False)),
            "expert": bool(setup.get("expert", False)),
        }
        if overrides:
            out["profile"] = {"overrides": overrides}
        return out

    def initial_state(self, setup: dict[str, Any]) -> GugongState:
        comp = components((setup.get("profile") or {}).get("overrides"))
        n = len(setup["players"])
        state = GugongState(names=list(setup["players"]), comp=comp, bonus=setup["bonus_tiles"],
                            expert=setup["expert"])
        state.players = [Player(seat=s, pool=comp.start_pool, general=comp.servants - comp.start_pool)
                         for s in range(n)]
        state.board = [None] * len(comp.locations)
        state.deck = [c.id for c in comp.cards if c.set == "deck"]
        state.box = [c.id for c in comp.cards if c.set == "start"]
        n_slots = 3 * 2
        state.decree_slots = [None] * n_slots
        state.decree_servants = [[] for _ in range(n_slots)]
        state.decree_pool = sorted(comp.decrees)
        state.dice = [0] * 3
        state.cities = [None] * comp.cities
        state.bag = dict(comp.tiles)
        if state.bonus:
            state.bag.update(comp.bonus_tiles)
            state.tile_box = {t: 0 for t in BONUS_TILES}
        else:
            state.tile_box = dict(comp.bonus_tiles)
        state.tile_discard = {t: 0 for t in BASE_TILES}
        state.jade_houses = [jade for _cost, jade in comp.jade_houses]
        state.jade_supply = comp.jade_total - sum(state.jade_houses)
        state.stack = [{"k": "flow"}]
        frames.settle(state)
        return state

    # -- playing -----------------------------------------------------------------------------
    def decision(self, state: GugongState) -> Decision | None:
        return frames.current(state)

    def perform(self, state: GugongState, action: Action, decision: Decision) -> list[Event]:
        frames.resolve(state, action)
        return frames.take_events(state)

    def explain_refusal(self, state: GugongState, action: Action, decision: Decision) -> RuleError:
        return explain(state, action, decision) or super().explain_refusal(state, action, decision)

    def clone(self, state: GugongState) -> GugongState:
        return state.clone()

    def to_json(self, state: GugongState) -> dict[str, Any]:
        return state.to_json()

    # -- checks ------------------------------------------------------------------------------
    def invariants(self, state: GugongState) -> list[str]:
        return violations(state)

    # -- scoring -----------------------------------------------------------------------------
    def end_table(self, state: GugongState) -> EndTable:
        return EndTable([end_player(state, s) for s in range(state.n)])

    def score(self, state: GugongState) -> ScoreSheet:
        return final_score(self.end_table(state), state.comp.profile, final=self.decision(state) is None)

    def summary(self, state: GugongState) -> dict[str, Any]:
        d = self.decision(state)
        return {
            "day": state.day,
            "phase": state.phase if d is None else d.kind,
            "start_player": state.names[state.start],
            "vp": {state.names[p.seat]: p.vp for p in state.players},
            "palace": [state.names[s] for s in state.arrivals],
        }


def end_player(state: GugongState, seat: int) -> EndPlayer:
    pl = state.players[seat]
    same_space = sorted((p for p in state.players if p.intrigue == pl.intrigue), key=lambda p: p.intrigue_seq)
    owned = [d for slot, d in enumerate(state.decree_slots) if d and seat in state.decree_servants[slot]]
    return EndPlayer(
        name=state.names[seat],
        vp=pl.vp,
        wall_servants=sum(1 for s, size in state.wall if s == seat and size == 1),
        wall_double_servant=any(s == seat and size == 2 for s, size in state.wall),
        envoy_steps=pl.envoy,
        palace_arrival=state.arrivals.index(seat) + 1 if seat in state.arrivals else None,
        jade=pl.jade,
        intrigue=pl.intrigue,
        intrigue_height=same_space.index(pl) + 1,
        decrees=[d for d in owned if d in LEVEL3_DECREES],
        decree_servants=len(owned),
        port_servants=sum(pl.rewards.values()),
    )


GAME = Gugong()
