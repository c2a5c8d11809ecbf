"""What the table does by hand for each event (companion.core.instructions), for every player.

Codes are "dragon.do.<step>"; each has a text and an ".undo" text in the dragon catalogs. A code
whose words depend on a count has a second code with the suffix "_one" for exactly one (as
"dragon.ui.palace_desc_one"): `counted("dragon.do.take_rice", 1)` is "dragon.do.take_rice_one".
Palaces are given as `palace_no` (1 = the leftmost), persons as tile ids, cards and events as codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from companion.core import Event
from companion.core.instructions import Board, Instruction, Instructions, Rule

from . import action, super_events, wall
from .components import components_for, components_key

# -- what each step touches on the board (companion.core.instructions.Board): paths into dragon.view ----------
BOARD = Board(
    paths=(
        "event_track.[month].event", "super_event", "wall", "groups.[group].cards", "groups.[group].dragons",
        "person_tiles_left", "players.*.yuan", "players.*.rice", "players.*.fireworks", "players.*.small_privileges",
        "players.*.large_privileges", "players.*.person_points", "players.*.vp", "players.*.palaces",
        "players.*.hand", "players.*.wall_pieces_left",
    ),
    # a tile turned over or put in the box, a marker moved to the field it stood on: nothing the view shows
    unchanged=frozenset(f"dragon.do.{c}" for c in ("event", "event_again", "discard_person", "volcanic_eruption",
                                                   "assassination")),
)
PRIVILEGES = ("small_privileges", "large_privileges")
# per step (its code without "dragon.do." and "_one"): the player's own fields, then the shared board paths
TOUCHES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "lay_event": ((), ("event_track.{month}.event",)), "super_corner": ((), ("super_event",)),
    "take_opening": ((), ("person_tiles_left",)), "take_person": ((), ("person_tiles_left.{tile}",)),
    "place_person": (("palaces",), ()), "disc_to": (("person_points",), ()), "move_disc": (("person_points",), ()),
    "release": (("palaces",), ()), "play_card": (("hand",), ()), "discard_card": (("hand",), ()),
    "month_start": ((), ("groups",)), "lay_group": ((), ("groups.{group}",)),
    "place_dragon": ((), ("groups.{group}.dragons",)), "pay_yuan": (("yuan",), ()), "take_yuan": (("yuan",), ()),
    "take_rice": (("rice",), ()), "return_rice": (("rice",), ()), "take_rockets": (("fireworks",), ()),
    "return_rockets": (("fireworks",), ()), "move_vp": (("vp",), ()), "take_privilege": (PRIVILEGES, ()),
    "new_palace": (("palaces",), ()), "add_floor": (("palaces",), ()), "decay": (("palaces",), ()),
    "remove_floor": (("palaces",), ()), "palace_gone": (("palaces",), ()),
    "build_wall": (("wall_pieces_left",), ("wall",)), "round_score": (("vp",), ()), "final_score": (("vp",), ()),
    "assassination": ((), ("players.*.small_privileges", "players.*.large_privileges")),
    "volcanic_eruption": ((), ("players.*.person_points",)),
}


def touches(i: Instruction) -> tuple[str, ...]:
    """The board paths step `i` touches: its player's own fields, then the shared board."""
    own, shared = TOUCHES.get(i.code.removeprefix("dragon.do.").removesuffix("_one"), ((), ()))
    return (*(f"players.{i.seat}.{f}" for f in own), *(path.format(**i.params) for path in shared))


INSTRUCTIONS = Instructions(touches=touches)
rule = INSTRUCTIONS.rule

# What taking each resource of companion.dragon.supply means on the table. Floors have no entry: each
# floor is placed at once and its dragon.floor_built event says where.
TAKE = {"yuan": "take_yuan", "rice": "take_rice", "fireworks": "take_rockets", "person_points": "move_disc",
        "vp": "move_vp"}
# codes whose words change with the count ("1 rice sack", "2 rice sacks"); yuan reads the same in every language
COUNTED = {"take_rice", "return_rice", "take_rockets", "return_rockets", "move_disc", "move_vp", "decay",
           "remove_floor"}


def counted(code: str, n: int) -> str:
    return f"{code}_one" if n == 1 and code.rsplit(".", 1)[-1] in COUNTED else code


def do(step: str, seat: int | None = None, **params: Any) -> Instruction:
    """One instruction; a count `n` picks the singular code when it is 1."""
    code = f"dragon.do.{step}"
    return Instruction(counted(code, params["n"]) if "n" in params else code, params, seat)


def gets(resource: str | None, n: int, seat: int) -> list[Instruction]:
    """Player `seat` takes `n` of a resource from the supply, or moves a disc or marker by `n` (nothing for 0)."""
    step = TAKE.get(resource or "")
    return [do(step, seat, n=n)] if step and n > 0 else []


def pays(step: str, n: int, seat: int) -> list[Instruction]:
    return [do(step, seat, n=n)] if n > 0 else []


def instructions(events: Iterable[Event]) -> list[Instruction]:
    return INSTRUCTIONS(list(events))


# -- setup and the opening ----------------------------------------------------------------------------
@rule("dragon.event_laid")
def _event_laid(e: Event) -> Iterator[Instruction]:
    yield do("lay_event", month=e.params["month"], event=e.params["event"])


@rule("dragon.super_revealed")
def _super_revealed(e: Event) -> Iterator[Instruction]:
    yield do("super_corner", super_event=e.params["super_event"])


@rule("dragon.opening_chosen")
def _opening(e: Event) -> Iterator[Instruction]:
    yield do("take_opening", e.params["player"], persons=e.params["persons"])


# -- persons -----------------------------------------------------------------------------------------
@rule("dragon.person_taken")
def _person_taken(e: Event) -> Iterator[Instruction]:
    yield do("take_person", e.params["player"], tile=e.params["tile"])


@rule("dragon.person_placed")
def _person_placed(e: Event) -> Iterator[Instruction]:
    p = e.params
    yield do("place_person", p["player"], tile=p["tile"], palace_no=p["palace"] + 1)
    yield do("disc_to", p["player"], track=p["track"], tile=p["tile"])


@rule("dragon.person_discarded")
def _person_discarded(e: Event) -> Iterator[Instruction]:
    yield do("discard_person", e.params["player"], tile=e.params["tile"])


@rule("dragon.released")
def _released(e: Event) -> Iterator[Instruction]:
    p = e.params
    yield do("release", p["player"], tile=p["tile"], palace_no=p["palace"] + 1, why=p["why"])


@rule("dragon.card_played")
def _card_played(e: Event) -> Iterator[Instruction]:
    yield do("play_card", e.params["player"], card=e.params["card"])


# -- the action phase -----------------------------------------------------------------------------
@rule("dragon.month_started")
def _month_started(e: Event) -> Iterator[Instruction]:
    if e.params["month"] > 1:  # month 1: no dragon is out yet, and the setup shuffled the action cards
        yield do("month_start", month=e.params["month"])


@rule("dragon.group_dealt")
def _group_dealt(e: Event) -> Iterator[Instruction]:
    yield do("lay_group", group=e.params["group"], cards=e.params["cards"])


@rule("dragon.paid_to_join")
def _paid_to_join(e: Event) -> list[Instruction]:
    return pays("pay_yuan", e.params["yuan"], e.params["player"])


@rule("dragon.action_chosen")
def _action_chosen(e: Event) -> Iterator[Instruction]:
    yield do("place_dragon", e.params["player"], group=e.params["group"], card=e.params["card"])


def _action_gives(resource: str) -> Rule:
    return lambda e: gets(resource, e.params["amount"], e.params["player"])


for _card, _resource in action.GIVES.items():  # Steuer, Ernte, Feuerwerk, Heerschau, Studium (Bau: floor_built)
    rule(f"dragon.action.{_card}")(_action_gives(_resource))


@rule("dragon.topped_up")
def _topped_up(e: Event) -> list[Instruction]:
    return gets("yuan", e.params["gain"], e.params["player"])


@rule("dragon.privilege_bought")
def _privilege(e: Event) -> Iterator[Instruction]:
    yield from pays("pay_yuan", e.params["yuan"], e.params["player"])
    yield do("take_privilege", e.params["player"], size=e.params["size"])


@rule("dragon.floor_built")
def _floor_built(e: Event) -> Iterator[Instruction]:
    p = e.params
    step = "new_palace" if p["floors"] == 1 else "add_floor"
    yield do(step, p["player"], palace_no=p["palace"] + 1, floors=p["floors"])


@rule("dragon.wall_built")
def _wall_built(e: Event) -> Iterator[Instruction]:
    p = e.params
    yield do("build_wall", p["player"], tile=p["tile"], position=p["position"])
    yield from gets(wall.GIVES[p["tile"]], p["amount"], p["player"])


# -- the event phase, decay and scoring --------------------------------------------------------------
@rule("dragon.event_resolved")
def _event_resolved(e: Event) -> Iterator[Instruction]:
    p = e.params
    yield do("event_again" if p["repeat"] else "event", month=p["month"], event=p["event"])


@rule("dragon.tribute_paid")
def _tribute(e: Event) -> list[Instruction]:
    return pays("pay_yuan", e.params["paid"], e.params["player"])


@rule("dragon.rice_paid")
def _rice_paid(e: Event) -> list[Instruction]:
    return pays("return_rice", e.params["paid"], e.params["player"])


@rule("dragon.festival_scored")
def _festival(e: Event) -> Iterator[Instruction]:
    p = e.params
    yield from gets("vp", p["points"], p["player"])
    yield from pays("return_rockets", p["returned"], p["player"])


@rule("dragon.invasion")
def _invasion(e: Event) -> Iterator[Instruction]:
    for seat, helmets in enumerate(e.params["helmets"]):
        yield from gets("vp", helmets, seat)


@rule("dragon.wall_scored")
def _wall_scored(e: Event) -> Iterator[Instruction]:
    if e.params["reached"]:
        for seat, pieces in enumerate(e.params["pieces"]):
            yield from gets("vp", pieces, seat)


@rule("dragon.decay")
def _decay(e: Event) -> Iterator[Instruction]:
    p = e.params
    yield do("decay", p["player"], palace_no=p["palace"] + 1, n=p["floors"])


@rule("dragon.palace_gone")
def _palace_gone(e: Event) -> Iterator[Instruction]:
    yield do("palace_gone", e.params["player"], palace_no=e.params["palace"] + 1)


@rule("dragon.round_scored", "dragon.final_scored")
def _scored(e: Event) -> Iterator[Instruction]:
    step = "final_score" if e.code == "dragon.final_scored" else "round_score"
    if e.params.get("gained", 1):  # no points: the marker stays (events of older engines lack "gained")
        yield do(step, e.params["player"], vp=e.params["vp"])


# -- the super events ------------------------------------------------------------------------------
@rule("dragon.super_event")
def _super_event(e: Event) -> Iterator[Instruction]:
    name = e.params["super_event"]
    for seat, points in enumerate(e.params.get("points", ())):
        yield from gets("vp", points, seat)
    if name in ("volcanic_eruption", "assassination"):
        yield do(name)


@rule("dragon.floor_removed")
def _floor_removed(e: Event) -> Iterator[Instruction]:
    p = e.params
    if p["floors"] == 0:
        yield do("palace_gone", p["player"], palace_no=p["palace"] + 1)
    else:
        yield do("remove_floor", p["player"], palace_no=p["palace"] + 1, n=p["floors"])


@rule("dragon.flood_paid")
def _flood(e: Event) -> Iterator[Instruction]:
    p = e.params
    yield from pays("pay_yuan", p["yuan"], p["player"])
    yield from pays("return_rice", p["rice"], p["player"])
    yield from pays("return_rockets", p["fireworks"], p["player"])


@rule("dragon.card_discarded")
def _card_discarded(e: Event) -> Iterator[Instruction]:
    yield do("discard_card", e.params["player"], card=e.params["card"])


@rule("dragon.charter_used")
def _charter(e: Event) -> list[Instruction]:
    return gets(super_events.CHARTER_GIVES.get(e.params["kind"]), e.params["amount"], e.params["player"])


# -- the table before the first step --------------------------------------------------------------------
def setup_instructions(setup: dict[str, Any]) -> list[Instruction]:
    """How to lay out the box for a (normalized) setup; the event track and opening follow as events."""
    names = setup["players"]
    overrides = (setup.get("profile") or {}).get("overrides") or {}
    comp = components_for(components_key(len(names), setup["great_wall"], setup["edition"], overrides))
    young_only = [k for k in comp.types if k in comp.young_only]
    mixed = next(k for k in comp.types if k not in comp.young_only)
    counts = {"young_only": comp.supply[f"{young_only[0]}:young"], "persons": young_only,
              "young": comp.supply[f"{mixed}:young"], "old": comp.supply[f"{mixed}:old"]}
    out = [
        do("setup_persons", **counts),
        do("setup_events", peace=len(comp.fixed_events), events=sum(comp.random_events.values())),
        do("setup_cards", cards=len(comp.cards)),
    ]
    for seat in range(len(names)):
        out.append(do("setup_player", seat, cards=len(comp.hand), palaces=len(comp.start_palaces),
                      floors=comp.start_palaces[0], parts=sum(comp.start_palaces), yuan=comp.start_yuan))
        if comp.great_wall:
            out.append(do("setup_wall", seat, pieces=len(comp.wall_tiles)))
    mode = setup["super_event"]
    if mode != "none":
        step = {"random": "setup_super_random", "hidden": "setup_super_hidden"}.get(mode, "setup_super_chosen")
        out.append(do(step, month=comp.super_month, super_event=mode))
    out.append(do("setup_supply"))
    return out
