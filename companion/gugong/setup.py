"""Setting up the table (gugong-de "Spielaufbau", p. 2-3, and "Variante für Experten", p. 15).

`normalize_setup` checks a setup; `table` builds the board from the box profile; the setup
phase's steps are chance steps: the start player, the card at each official, the decrees laid
out, the fate dice and the tile in each city. The table enters what it sees (or the app draws).
"""

from __future__ import annotations

from typing import Any

from companion.core.actions import Action
from companion.core.errors import SetupError
from companion.core.setup import overrides_of, player_names, seed_of
from companion.core.steps import Frame

from .components import BASE_TILES, BONUS_TILES, components, current_overrides
from .editions import CURRENT, EDITIONS
from .morning import roll_dice
from .state import GugongState, Player
from .steps import Events, event, step

RULE_SETUP = "gugong-de: Spielaufbau (S. 2-3)"
RULE_START = "gugong-de: Spielaufbau, Startspielermarker (S. 3)"
RULE_EXPERT = "gugong-de: Variante für Experten (S. 15)"
SEATS = (2, 5)  # the board's player counts; the solo game sets up its 2-seat board through here too


def normalize_setup(setup: Any) -> dict[str, Any]:
    if not isinstance(setup, dict):
        raise SetupError("gugong.setup.not_object", "A Gùgōng setup is an object with a list of players.")
    low, high = SEATS
    names = player_names(
        setup, low, high,
        ("gugong.setup.players", f"Gùgōng needs a list of {low} to {high} player names."),
        ("gugong.setup.names", "Every player needs a different, non-empty name."),
    )
    overrides = current_overrides(overrides_of(setup, "gugong.setup.profile"))
    components(overrides)  # validates the overrides (unknown facts, inconsistent values)
    out: dict[str, Any] = {
        "players": names,
        "seed": seed_of(setup, "gugong.setup.seed"),
        "bonus_tiles": bool(setup.get("bonus_tiles", False)),
        "expert": bool(setup.get("expert", False)),
        "rules": rules_of(setup),
    }
    if overrides:
        out["profile"] = {"overrides": overrides}
    return out


def rules_of(setup: dict[str, Any]) -> int:
    """The rules edition the game is played by (companion.gugong.editions); new games: the current one."""
    rules = setup.get("rules", CURRENT)
    if type(rules) is not int or rules not in EDITIONS:
        editions = ", ".join(str(e) for e in EDITIONS)
        raise SetupError("gugong.setup.rules", f"The rules edition must be one of {editions}.", editions=editions)
    return rules


def table(setup: dict[str, Any]) -> GugongState:
    """The table before the setup steps: supplies, piles and empty spaces, all from the box profile."""
    comp = components((setup.get("profile") or {}).get("overrides"))
    state = GugongState(names=list(setup["players"]), comp=comp, bonus=setup["bonus_tiles"], expert=setup["expert"],
                        rules=setup.get("rules", CURRENT))
    state.players = [Player(seat=s, pool=comp.start_pool, general=comp.servants - comp.start_pool)
                     for s in range(len(setup["players"]))]
    state.board = [None] * len(comp.locations)
    state.deck = [c.id for c in comp.cards if c.set == "deck"]
    state.box = [c.id for c in comp.cards if c.set == "start"]
    state.decree_slots = [None] * comp.decree_slots
    state.decree_servants = [[] for _ in range(comp.decree_slots)]
    state.decree_pool = sorted(comp.decrees)
    state.dice = [0] * comp.dice_count
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
    return state


def setup_steps(state: GugongState) -> list[Frame]:
    return [{"k": "setup_start"}, *({"k": "setup_board", "loc": i} for i in range(len(state.board))),
            *({"k": "setup_decree", "slot": s} for s in range(len(state.decree_slots))),
            *roll_dice(state), *({"k": "draw_tile", "city": c} for c in range(len(state.cities)))]


def _start_options(state: GugongState, frame: dict) -> list[Action]:
    return [{"type": "start_player", "seat": s} for s in range(state.n)]


@step("setup_start", RULE_START, _start_options, chance=True)
def _setup_start(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    state.start = state.turn = action["seat"]
    cards = state.comp.cards
    hands = []
    for i, seat in enumerate(state.order_from(state.start)):
        pl = state.players[seat]
        hands.append([seat, f"p{i + 1}"])
        pl.hand = [c.id for c in cards if c.set == f"p{i + 1}"]
        state.seq += 1
        pl.intrigue_seq = state.seq  # start player at the bottom of the stack, the last player on top
    dealt = {c for pl in state.players for c in pl.hand}
    unused = [c.id for c in cards if c.set.startswith("p") and c.id not in dealt]
    if state.expert:  # start cards, draw pile and unused player sets form one deck (RULE_EXPERT)
        state.deck = sorted(state.deck + state.box + unused)
        state.box = []
    else:
        state.box += unused
    return [event("start_player", player=state.start, hands=hands, expert=state.expert)]


def _board_options(state: GugongState, frame: dict) -> list[Action]:
    pool = state.deck if state.expert else [c for c in state.box if state.comp.cards[c].set == "start"]
    return [{"type": "board_card", "card": c} for c in sorted(pool)]


@step("setup_board", RULE_SETUP, _board_options, chance=True)
def _setup_board(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    (state.deck if state.expert else state.box).remove(action["card"])
    state.board[frame["loc"]] = action["card"]
    return [event("board_card", location=state.comp.locations[frame["loc"]], card=action["card"])]


def _decree_options(state: GugongState, frame: dict) -> list[Action]:
    level = state.comp.decree_level(frame["slot"])
    return [{"type": "decree_tile", "decree": d} for d in state.decree_pool if state.comp.decrees[d].level == level]


@step("setup_decree", RULE_SETUP, _decree_options, chance=True)
def _setup_decree(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    state.decree_pool.remove(action["decree"])
    state.decree_slots[frame["slot"]] = action["decree"]
    return [event("decree_laid", slot=frame["slot"], level=state.comp.decree_level(frame["slot"]),
                  decree=action["decree"])]
