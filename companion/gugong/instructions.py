"""What the table does with the pieces for each event (companion.core.instructions).

`INSTRUCTIONS(events)` turns the engine's events into physical steps: payments and where they
go, pieces moved, cards laid out and exchanged, tiles taken and laid out, dice set, markers
moved. Each code "gugong.do.<step>" has a text and an ".undo" text in the gugong catalogs;
a step with a count has one code per plural form: "<code>.one" (1) and "<code>.other".
Events with nothing to do on the table (a score the app keeps, a phase that starts) have no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.core.actions import Event
from companion.core.instructions import Board, Instruction, Instructions
from companion.core.provenance import carry, marked, tag

DO = "gugong.do."
Rule = Callable[[Event], list[Instruction]]


def plural(code: str, count: int) -> str:
    """The code of a counted step: one key per plural form (en, de and nl: "one" for 1, else "other")."""
    return f"{code}.{'one' if count == 1 else 'other'}"


def _do(code: str, seat: int | None = None, /, **params: Any) -> Instruction:
    return Instruction(DO + code, params, seat)


def _player(e: Event) -> int:
    return e.params["player"]


# -- setup and the day's start ------------------------------------------------------------------------
def _start_player(e: Event) -> list[Instruction]:
    out = [_do("start_player", None, player=_player(e))]
    out += [_do("deal_set", seat, player=seat, set=int(name[1:])) for seat, name in e.params.get("hands", [])]
    return [*out, _do("expert_deck" if e.params.get("expert") else "unused_sets")]


def _hand_card(e: Event) -> list[Instruction]:
    """A start-hand card the table entered (edition 3): its hand changes card by card, so each is said (never
    naming the card: the shared screen keeps hands hidden)."""
    return [_do("hand_card", _player(e), player=_player(e), card=e.params["card"])]


def _board_card(e: Event) -> list[Instruction]:
    return [_do("board_card", None, card=e.params["card"], location=e.params["location"])]


def _decree_laid(e: Event) -> list[Instruction]:
    return [_do("decree_laid", None, decree=e.params["decree"], level=e.params["level"])]


def _die(e: Event) -> list[Instruction]:
    return [_do("die", None, die=e.params["die"], face=e.params["face"])]


def _tile_laid(e: Event) -> list[Instruction]:
    return [_do("tile_laid", None, city=e.params["city"], tile=e.params["tile"])]


def _day_start(e: Event) -> list[Instruction]:
    # day 1: the hands were dealt at setup and no discard pile holds a card yet
    step = "day_first" if e.params["day"] == 1 else "day_start"
    return [_do(step, None, day=e.params["day"], start=e.params["start"])]


def _morning(e: Event) -> list[Instruction]:
    """The morning of days 2-4: the day marker moves on (step 5 of the morning), the medal's holder starts."""
    out = [_do("day_marker", None, day=e.params["day"])]
    return out + ([_do("medal_to_start", None, start=e.params["start"])] if e.params.get("medal") else [])


# -- gift cards -----------------------------------------------------------------------------------------
def _exchange(e: Event) -> list[Instruction]:
    p = e.params
    return [_do("exchange", p["player"], player=p["player"], given=p["given"], taken=p["taken"],
                location=p["location"])]


def _swap(e: Event) -> list[Instruction]:
    p = e.params
    return [_do("swap", p["player"], player=p["player"], given=p["given"], taken=p["taken"], location=p["location"])]


def _card(step: str) -> Rule:
    def rule(e: Event) -> list[Instruction]:
        return [_do(step, _player(e), player=_player(e), card=e.params["card"])]

    return rule


# -- servants -------------------------------------------------------------------------------------------
def _counted(step: str, count: int, seat: int, **params: Any) -> list[Instruction]:
    return [_do(plural(step, count), seat, player=seat, count=count, **params)] if count else []


def _paid(e: Event) -> list[Instruction]:
    seat = _player(e)
    out = _counted("pay", e.params["count"], seat)
    return out + ([_do("pay_double", seat, player=seat)] if e.params.get("double") else [])


def _gained(e: Event) -> list[Instruction]:
    return _counted("gain", e.params["count"], _player(e))


def _seat_step(step: str) -> Rule:
    def rule(e: Event) -> list[Instruction]:
        return [_do(step, _player(e), player=_player(e))]

    return rule


# -- tracks -----------------------------------------------------------------------------------------------
def _vp(e: Event) -> list[Instruction]:
    delta = e.params["delta"]
    return [_do("vp_forward" if delta > 0 else "vp_back", _player(e), player=_player(e), vp=abs(delta))]


def _intrigue(e: Event) -> list[Instruction]:
    return [_do("intrigue", _player(e), player=_player(e), space=e.params["space"])]


def _envoy(e: Event) -> list[Instruction]:
    return [_do("envoy", _player(e), player=_player(e), step=e.params["step"])]


def _arrival(e: Event) -> list[Instruction]:
    return [_do("palace_arrival", _player(e), player=_player(e), order=e.params["order"])]


def _jade(e: Event) -> list[Instruction]:
    house = e.params.get("house")
    if house is None:
        return [_do("jade_square", _player(e), player=_player(e))]
    return [_do("jade_house", _player(e), player=_player(e), house=house + 1)]


# -- the Great Wall, decrees, dice -------------------------------------------------------------------------
def _wall(e: Event) -> list[Instruction]:
    seat, p = _player(e), e.params
    source = "general" if p.get("source") == "general" else "supply"
    out = _counted(f"wall_{source}", p.get("count", 1), seat)
    return out + ([_do("wall_double", seat, player=seat)] if p.get("double") else [])


def _wall_scored(e: Event) -> list[Instruction]:
    seat, p = _player(e), e.params
    out = _counted("wall_back", p.get("servants", 0), seat)
    out += [_do("wall_double_back", seat, player=seat)] if p.get("double") else []
    return [*out, _do("wall_slide", None)]


def _benefit(e: Event) -> list[Instruction]:
    if e.params.get("benefit") != "die":
        return []  # its servants, jade and intrigue steps have events of their own
    return [_do("turn_die", _player(e), player=_player(e), die=e.params["die"], face=e.params["face"])]


def _decree(e: Event) -> list[Instruction]:
    return [_do("decree", _player(e), player=_player(e), decree=e.params["decree"])]


# -- travel ---------------------------------------------------------------------------------------------------
def _travel(e: Event) -> list[Instruction]:
    return [_do("travel", _player(e), player=_player(e), city=e.params["city"], tile=e.params["tile"])]


def _trade(e: Event) -> list[Instruction]:
    tiles = e.params["tiles"]
    return [_do(plural("trade", len(tiles)), _player(e), player=_player(e), count=len(tiles), tiles=tiles)]


def _bonus_played(e: Event) -> list[Instruction]:
    p = e.params
    if p.get("location") is None:
        return [_do("bonus_own", p["player"], player=p["player"], tile=p["tile"])]
    return [_do("bonus_at", p["player"], player=p["player"], tile=p["tile"], location=p["location"])]


def _bonus_kept(e: Event) -> list[Instruction]:
    return [_do("bonus_kept", _player(e), player=_player(e), tile=e.params["tile"])]


def _bonus_returned(e: Event) -> list[Instruction]:
    step = "bonus_returned_travel" if e.params.get("travel") else "bonus_returned"  # edition 3: to the travel tiles
    return _counted(step, e.params["count"], _player(e))


def _bonus_joined(e: Event) -> list[Instruction]:
    return _counted("bonus_joined", e.params["count"], _player(e))


# -- the Grand Canal --------------------------------------------------------------------------------------------
def _boat_launched(e: Event) -> list[Instruction]:
    p = e.params
    return [_do("boat_launched", p["player"], player=p["player"], route=p["route"], port=p["port"])]


def _boat_loaded(e: Event) -> list[Instruction]:
    p = e.params
    step = "boat_double" if p.get("double") else "boat_general" if p.get("source") == "general" else "boat_supply"
    return [_do(step, p["player"], player=p["player"], route=p["route"], port=p["port"])]


def _boat_moved(e: Event) -> list[Instruction]:
    p = e.params
    return [_do("boat_moved", p["player"], player=p["player"], route=p["route"], port=p["port"])]


def _boat_lost(e: Event) -> list[Instruction]:
    seat, p = _player(e), e.params
    out = [_do("boat_lost", seat, player=seat, route=p["route"])]
    out += _counted("boat_back", p.get("servants", 0), seat)
    return out + ([_do("boat_double_back", seat, player=seat)] if p.get("double") else [])


def _port_reward(e: Event) -> list[Instruction]:
    seat, p = _player(e), e.params
    out = [_do("port_reward", seat, player=seat, port=p["port"], reward=p["reward"])]
    out += _counted("boat_back", p.get("servants", 0), seat)
    out += [_do("boat_double_back", seat, player=seat)] if p.get("double") else []
    return out + ([_do("unlock_double", seat, player=seat)] if p["reward"] == "double" else [])


RULES: dict[str, Rule] = {
    "start_player": _start_player, "hand_card": _hand_card,
    "board_card": _board_card, "decree_laid": _decree_laid, "die_rolled": _die,
    "tile_laid": _tile_laid, "tiles_reshuffled": lambda e: [_do("reshuffle_tiles")],
    "expert_deck": lambda e: [_do("expert_deck")], "day_start": _day_start,
    "morning": _morning, "exchange": _exchange, "swap": _swap, "discarded": _card("discard"),
    "recovered": _card("recover"), "card_drawn": _card("draw_card"), "paid": _paid, "servants_gained": _gained,
    "double_taken": _seat_step("take_double"), "medal": _seat_step("medal"), "vp": _vp, "intrigue": _intrigue,
    "envoy": _envoy, "palace_arrival": _arrival, "jade": _jade, "wall": _wall, "wall_scored": _wall_scored,
    "benefit": _benefit, "decree": _decree, "travel": _travel, "trade": _trade, "bonus_played": _bonus_played,
    "bonus_kept": _bonus_kept, "bonus_returned": _bonus_returned, "bonus_joined": _bonus_joined,
    "boat_launched": _boat_launched,
    "boat_loaded": _boat_loaded,
    "boat_moved": _boat_moved, "boats_moved": lambda e: [_do("boats_moved")], "boat_lost": _boat_lost,
    "port_reward": _port_reward,
}
RENAMED = {"delta": "vp"}  # event parameter -> the instruction parameter that shows it

# -- what each step touches on the board (companion.core.instructions.Board): paths into gugong.view ----------
BOARD = Board(
    paths=(
        "day", "start", "medal", "dice", "officials.[location].card", "wall.servants", "decrees.[slot].decree",
        "decrees.[slot].owners", "cities.[city].tile", "jade.houses.[house].left", "jade.supply", "piles.deck",
        "piles.tiles", "piles.tiles_discarded", "players.*.vp", "players.*.servants.supply",
        "players.*.servants.general", "players.*.double", "players.*.hand", "players.*.discard",
        "players.*.intrigue", "players.*.envoy", "players.*.arrival", "players.*.jade", "players.*.tiles",
        "players.*.traveller", "players.*.boats", "players.*.rewards", "players.*.bonus", "players.*.bonus_spent",
    ),
    # steps that may leave the view as it was: cards back into the box, a day that begins, a marker handed to the
    # player who had it by default, a die rolled to the face it showed, a card swapped for one of the same value,
    # a player set the table takes and then enters card by card (edition 3: each card is said as it is entered)
    unchanged=frozenset({DO + c for c in ("unused_sets", "day_first", "start_player", "die", "deal_set")}),
)
SUPPLY, GENERAL, DOUBLE = "servants.supply", "servants.general", "double"
# per step: the player's own fields it touches, and the shared board paths ({name} from the step's parameters)
TOUCHES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "start_player": ((), ("start",)), "deal_set": (("hand",), ()), "hand_card": (("hand",), ()),
    "expert_deck": ((), ("piles.deck",)),
    "board_card": ((), ("officials.{location}.card", "piles.deck")),  # expert: from the draw pile
    "decree_laid": ((), ("decrees.{slot}.decree",)),
    "die": ((), ("dice.{die}",)), "turn_die": ((), ("dice.{die}",)),
    "tile_laid": ((), ("cities.{city}.tile", "piles.tiles")),
    "reshuffle_tiles": ((), ("piles.tiles", "piles.tiles_discarded")),
    "day_start": ((), ("players.*.hand", "players.*.discard")), "day_marker": ((), ("day",)),
    "medal_to_start": ((), ("start", "medal")),
    "exchange": (("hand", "discard"), ("officials.{location}.card",)),
    "swap": (("hand", "discard"), ("officials.{location}.card",)),  # the card given: from hand or discard pile
    "discard": (("hand", "discard"), ()),
    "recover": (("hand", "discard"), ()), "draw_card": (("hand",), ("piles.deck",)),
    "pay": ((SUPPLY, GENERAL), ()), "pay_double": ((DOUBLE,), ()), "gain": ((SUPPLY, GENERAL), ()),
    "take_double": ((DOUBLE,), ()), "medal": ((), ("medal",)), "vp_forward": (("vp",), ()),
    "vp_back": (("vp",), ()), "intrigue": (("intrigue",), ()), "envoy": (("envoy",), ()),
    "palace_arrival": (("arrival", "envoy"), ()), "jade_square": (("jade",), ("jade.supply",)),
    "jade_house": (("jade",), ("jade.houses.{house}.left",)), "wall_supply": ((SUPPLY,), ("wall.servants",)),
    "wall_general": ((GENERAL,), ("wall.servants",)), "wall_double": ((DOUBLE,), ("wall.servants",)),
    "wall_back": ((GENERAL,), ("wall.servants",)), "wall_double_back": ((DOUBLE,), ("wall.servants",)),
    "wall_slide": ((), ("wall.servants",)), "decree": ((SUPPLY,), ("decrees.{slot}.owners",)),
    "travel": (("traveller", "tiles"), ("cities.{city}.tile",)), "trade": (("tiles",), ("piles.tiles_discarded",)),
    "bonus_own": (("bonus", SUPPLY), ()), "bonus_at": (("bonus", SUPPLY), ()),
    "bonus_returned": (("bonus", "bonus_spent", GENERAL), ()), "bonus_kept": (("bonus_spent",), ()),
    "bonus_returned_travel": (("bonus", GENERAL, "tiles"), ()), "bonus_joined": (("bonus_spent", "tiles"), ()),
    "boat_launched": (("boats",), ()),
    "boat_supply": (("boats", SUPPLY), ()), "boat_general": (("boats", GENERAL), ()),
    "boat_double": (("boats", DOUBLE), ()), "boat_moved": (("boats",), ()), "boats_moved": ((), ("players.*.boats",)),
    "boat_lost": (("boats",), ()), "boat_back": ((GENERAL,), ()), "boat_double_back": ((DOUBLE,), ()),
    "port_reward": (("boats", "rewards"), ()), "unlock_double": ((DOUBLE, "rewards"), ()),
}


def touches(i: Instruction, e: Event) -> tuple[str, ...]:
    """The board paths step `i` (said for event `e`) touches: the player's own fields, then the shared board."""
    step = i.code.removeprefix(DO).removesuffix(".one").removesuffix(".other")
    own, shared = TOUCHES.get(step, ((), ()))
    where = {**e.params, **i.params}
    seat = where.get("player")
    return (*(f"players.{seat}.{f}" for f in own), *(path.format(**where) for path in shared))


def carrying_marks(rule: Rule) -> Rule:
    """The rule, with the provenance marks of the event's numbers carried onto the instructions that show them
    (companion.core.provenance): a placeholder value stays marked on the table's instructions too."""

    def carried(e: Event) -> list[Instruction]:
        out = [replace(i, touches=touches(i, e)) for i in rule(e)]
        marks = marked(e.params)
        if not marks:
            return out
        shown = {RENAMED.get(k, k): keys for k, keys in marks.items()}
        return [_with_marks(i, {k: v for k, v in shown.items() if k in i.params}) for i in out]

    return carried


def _with_marks(i: Instruction, marks: dict[str, list[str]]) -> Instruction:
    return replace(i, params=carry(i.params, marks)) if marks else i


INSTRUCTIONS = Instructions({f"gugong.event.{code}": carrying_marks(rule) for code, rule in RULES.items()})


def instructions(events: list[Event]) -> list[Instruction]:
    return INSTRUCTIONS(events)


# -- laying out the box (gugong-de "Spielaufbau"), before the first step -------------------------------------
def setup_instructions(setup: dict[str, Any]) -> list[Instruction]:
    """How to lay out the box for a (normalized) setup, numbers from the box profile. The start player, the start
    cards, the player sets, the decrees, the fate dice and the travel tiles follow as steps of their own."""
    comp = _components_of(setup)
    n = len(setup["players"])
    return [*_board_steps(comp, n), *_piece_steps(comp, n), *_pile_steps(comp, setup)]


def _components_of(setup: dict[str, Any]) -> Any:
    from .components import for_setup  # the box as this game was set up (default profile + the owner's)

    return for_setup(setup)


def _facts(comp: Any, params: dict[str, Any], **sources: str) -> dict[str, Any]:
    return tag(params, comp.profile, **sources)


def _board_steps(comp: Any, n: int) -> list[Instruction]:
    side = "setup_board_small" if comp.routes[n] == 1 else "setup_board_large"  # the side with 1 or 2 canal routes
    return [
        _do(side, None, **_facts(comp, {"routes": comp.routes[n]}, routes="canal_routes")),
        _do("setup_wall", None, **_facts(comp, {"count": comp.wall_size[n]}, count="wall_size")),
        _do("setup_cities", None, **_facts(comp, {"cities": comp.cities}, cities="map_cities")),
        _do("setup_jade", None, **_facts(comp, {"houses": len(comp.jade_houses), "total": comp.jade_total},
                                         houses="jade_houses", total="jade_total")),
        _do("setup_day", None, **_facts(comp, {"days": comp.days}, days="days")),
    ]


def _piece_steps(comp: Any, n: int) -> list[Instruction]:
    pieces = {"servants": comp.servants, "pool": comp.start_pool, "general": comp.servants - comp.start_pool,
              "boats": comp.boats}
    out = [_do("setup_player", seat, player=seat, **_facts(comp, pieces, servants="servants_per_player",
                                                           pool="start_pool", general="start_pool",
                                                           boats="boats_per_player")) for seat in range(n)]
    out.append(_do("setup_envoys", None, **_facts(comp, {"steps": comp.palace_steps}, steps="palace_steps")))
    return [*out, _do("setup_intrigue", None)]


def _pile_steps(comp: Any, setup: dict[str, Any]) -> list[Instruction]:
    bonus = sum(comp.bonus_tiles.values())
    tiles = "setup_tiles_bonus" if setup.get("bonus_tiles") else "setup_tiles"
    cards = "setup_cards_expert" if setup.get("expert") else "setup_cards"
    return [
        _do(tiles, None, **_facts(comp, {"bonus": bonus, "cities": comp.cities}, bonus="bonus_tiles",
                                  cities="map_cities")),
        _do(cards, None),
        _do("setup_decrees", None, per_level=comp.decrees_per_level),
        _do("setup_dice", None, **_facts(comp, {"dice": comp.dice_count}, dice="dice_count")),
    ]


SETUP_STEPS = ("setup_board_small", "setup_board_large", "setup_wall", "setup_cities", "setup_jade", "setup_day",
               "setup_player", "setup_envoys", "setup_intrigue", "setup_tiles", "setup_tiles_bonus", "setup_cards",
               "setup_cards_expert", "setup_decrees", "setup_dice")
