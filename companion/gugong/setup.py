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
from companion.core.steps import Frame, push

from .components import BASE_TILES, BONUS_TILES, components, current_overrides, for_setup
from .editions import CURRENT, EDITIONS, ENTRY_ONLY
from .morning import roll_dice
from .state import GugongState, Player
from .steps import Events, event, step
from .table_entry import card_options, decree_options, held_cards_open, open_fact, print_decree, take_card

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
    if setup.get("table_entry") is True:  # "Something else…" at table entry (companion.gugong.table_entry)
        out["table_entry"] = True
    seen, partly = seen_of(setup, overrides), seen_of(setup, overrides, "partly")
    if overrides:
        out["profile"] = {"overrides": overrides, **({"seen": seen} if seen else {}),
                          **({"partly": partly} if partly else {})}
    return out


def seen_of(setup: dict[str, Any], overrides: dict[str, Any], which: str = "seen") -> list[str]:
    """The overridden facts a table saw rather than the owner checked (profile "seen": status "seen"; "partly":
    only some of their components, still unverified)."""
    seen = (setup.get("profile") or {}).get(which, [])
    if not isinstance(seen, list) or not all(isinstance(k, str) and k in overrides for k in seen):
        raise SetupError("gugong.setup.seen", "The profile's 'seen' must list facts among its overrides.")
    return sorted(set(seen))


def rules_of(setup: dict[str, Any]) -> int:
    """The rules edition the game is played by (companion.gugong.editions); new games: the current one. A new
    game without table entry naming none gets the newest edition it can tell apart (ENTRY_ONLY: the editions
    that differ only when the table enters what it sees), so it is recorded, replayed and simulated as before."""
    if "rules" not in setup and not setup.get("table_entry"):
        return max(e for e in EDITIONS.all if e not in ENTRY_ONLY)
    return EDITIONS.of_setup(setup)


def table(setup: dict[str, Any]) -> GugongState:
    """The table before the setup steps: supplies, piles and empty spaces, all from the box profile."""
    comp = for_setup(setup)
    state = GugongState(names=list(setup["players"]), comp=comp, bonus=setup["bonus_tiles"], expert=setup["expert"],
                        rules=setup.get("rules", CURRENT), table_entry=bool(setup.get("table_entry")))
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
    hands = []
    for i, seat in enumerate(state.order_from(state.start)):
        hands.append([seat, f"p{i + 1}"])
        state.seq += 1
        state.players[seat].intrigue_seq = state.seq  # start player at the bottom of the stack, the last on top
    entered = deal(state, hands, table_holds=True)
    # entered hands: the deck of the expert variant forms once the last card is entered ("dealt")
    return [event("start_player", player=state.start, hands=hands, expert=state.expert and not entered)]


def deal(state: GugongState, hands: list[list[Any]], table_holds: bool = False) -> bool:
    """Each [seat, set] gets its player set (the rules fix which: the start player set 1, then clockwise).
    With "Something else…" on an unverified census, or (`table_holds`, edition 3) whenever the census is
    unverified, the table enters the cards it was dealt: the profile's sets are placeholders, not its cards.
    The solo game (companion.gugong.solo) deals as before. True if the table enters the cards."""
    cards = state.comp.cards
    if open_fact(state, "gift_cards") or (table_holds and held_cards_open(state)):
        state.box += [c.id for c in cards if c.set.startswith("p")]
        push(state, *({"k": "deal_card", "p": seat, "set": s} for seat, s in hands
                      for c in cards if c.set == s), {"k": "dealt", "entered": True})
        return True
    for seat, s in hands:
        state.players[seat].hand = [c.id for c in cards if c.set == s]
    dealt = {c for pl in state.players for c in pl.hand}
    state.box += [c.id for c in cards if c.set.startswith("p") and c.id not in dealt]
    _dealt(state, {}, None)
    return False


@step("dealt", RULE_SETUP)
def _dealt(state: GugongState, frame: dict, action: Action | None) -> Events | None:
    if state.expert:  # start cards, draw pile and unused player sets form one deck (RULE_EXPERT)
        state.deck = sorted(state.deck + state.box)
        state.box = []
        # after entered hands the table is told now (otherwise with the start player)
        return [event("expert_deck")] if frame.get("entered") else None
    return None


def _set_of(state: GugongState, frame: dict) -> list[int]:
    return [c for c in state.box if state.comp.cards[c].set == frame["set"]]


def _deal_options(state: GugongState, frame: dict) -> list[Action]:
    return [*({"type": "hand_card", "card": c} for c in _set_of(state, frame)),
            *card_options(state, "hand_card", held=True)]


@step("deal_card", RULE_SETUP, _deal_options, chance=True, hidden=True)
def _deal_card(state: GugongState, frame: dict, action: Action | None) -> Events:
    """One card of a start hand, as the table turns it up (its player set is unverified)."""
    assert action is not None
    card, seen = take_card(state, state.box, action, _set_of(state, frame))
    state.players[frame["p"]].hand.append(card)
    return [*seen, event("hand_card", player=frame["p"], card=card)]


def _board_pool(state: GugongState) -> list[int]:
    return state.deck if state.expert else [c for c in state.box if state.comp.cards[c].set == "start"]


def _board_options(state: GugongState, frame: dict) -> list[Action]:
    return [*({"type": "board_card", "card": c} for c in sorted(_board_pool(state))),
            *card_options(state, "board_card")]


@step("setup_board", RULE_SETUP, _board_options, chance=True)
def _setup_board(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    card, seen = take_card(state, state.deck if state.expert else state.box, action, _board_pool(state))
    state.board[frame["loc"]] = card
    return [*seen, event("board_card", location=state.comp.locations[frame["loc"]], card=card)]


def _decree_options(state: GugongState, frame: dict) -> list[Action]:
    level = state.comp.decree_level(frame["slot"])
    pool = [d for d in state.decree_pool if state.comp.decrees[d].level == level]
    return [*({"type": "decree_tile", "decree": d} for d in pool), *decree_options(state, pool)]


@step("setup_decree", RULE_SETUP, _decree_options, chance=True)
def _setup_decree(state: GugongState, frame: dict, action: Action | None) -> Events:
    assert action is not None
    seen = print_decree(state, action)
    state.decree_pool.remove(action["decree"])
    state.decree_slots[frame["slot"]] = action["decree"]
    return [*seen, event("decree_laid", slot=frame["slot"], level=state.comp.decree_level(frame["slot"]),
                  decree=action["decree"])]
