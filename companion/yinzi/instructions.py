"""What the table does with its hands, for every event of every player (companion.core.instructions).

Each rule turns one event into the physical steps it implies: coins to and from the bank or a
player, exchanges, workers from the tableau to a box, cubes and wares moved, discs placed and taken
back, cards and tiles laid out, misfortune tiles taken. `setup_layout` lists the steps of setting
up the box (RULES-Y 3) before the first draw.

Codes are "yinzi.do.<step>" (catalog domain yinzi); a step that names a number of pieces carries its
plural form in the code: "yinzi.do.<step>.one" or "yinzi.do.<step>.other" (the CLDR categories of
en, de and nl). Every code has its undo text, code + ".undo".

A number computed from an event parameter that rests on a placeholder box fact carries that fact too
(core.provenance): `inherit` hands the event's marks on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from companion.core import Event
from companion.core.instructions import Board, Instruction, Instructions
from companion.core.provenance import carry, marked, tag

from . import components
from .infra import DISC_GOODS
from .turn import VIRTUAL_COPPER

# -- what each step touches on the board (companion.core.instructions.Board): paths into yinzi.view -----------
_OWN = ("copper", "silver", "virtual_copper", "wood", "stone", "discs", "cubes", "wares", "boat_field", "misfortune",
        "workers_supply", "migration.upper", "migration.lower", "veterans", "tax_discs", "hand", "deck", "war_discs",
        "infrastructure_won", "infrastructure_open", "this_round.tableau", "this_round.played", "this_round.boxes",
        "ambassadors_abroad")
BOARD = Board(
    paths=(
        "exchange.die", "crop_track.*.crop", "bonus_track.*.taken_by", "provinces.*.market.tile",
        "provinces.*.market.raw", "provinces.*.fields", "provinces.*.crop_tiles", "factories", "factory_display",
        "ships.coast", "ships.stacks", "ships.foreign", "infrastructure.rows.*.tile", "infrastructure.rows.*.by",
        "infrastructure.rows.*.hidden", "infrastructure.discard_known", "infrastructure.discard_hidden",
        "war_box.groups", "war_box.levies", "emperor", "progress.areas.*.*.owner", "local_market",
        "resources.wood", "resources.stone", "bank.copper", "bank.silver", "provisional_order",
        *(f"players.*.{f}" for f in _OWN),
    ),
    # a die turned to the face it shows, tiles shuffled into a face-down pile, a delivery put back as it was, the
    # crop track closed (the view closes it when a tile is taken)
    unchanged=frozenset(f"yinzi.do.{c}" for c in ("die_stays", "potatoes_and_grain", "put_back", "slide_crop_track",
                                                  "ship_to_box", "flood")),
)
ALL = "players.*."
# per step (its code without "yinzi.do." and the plural form): paths, "@x" for the acting player's own field x,
# "{name}" filled from the step's parameters
TOUCHES: dict[str, tuple[str, ...]] = {
    "copper_from_bank": ("@copper", "bank.copper"), "copper_to_bank": ("@copper", "@virtual_copper", "bank.copper"),
    "silver_from_bank": ("@silver", "bank.silver"), "silver_to_bank": ("@silver", "bank.silver"),
    "copper_to_player": ("@copper", "players.{to}.copper"), "silver_to_player": ("@silver", "players.{to}.silver"),
    "break_silver": ("@copper", "@silver", "bank"), "buy_silver": ("@copper", "@silver", "bank"),
    "all_copper_to_bank": ("@copper", "bank.copper"), "misfortune": ("@misfortune",),
    "virtual_copper": ("@copper", "@virtual_copper", "bank.copper"), "boat_right": ("@boat_field",),
    "flood": (ALL + "boat_field",), "draw_card": ("@hand", "@deck"), "play_card": ("@hand", "@this_round.played"),
    "workers_to_tableau": ("@workers_supply", "@this_round.tableau"), "tax_disc": ("@tax_discs", "@discs"),
    "take_group": ("@this_round.tableau",), "workers_to_upper": ("@migration.upper",),
    "workers_to_lower": ("@migration.lower",), "group_to_upper": ("@this_round.tableau", "@migration.upper"),
    "migrants_from_lower": ("@migration.lower",), "migrants_from_upper": ("@migration.upper",),
    "workers_to_box": ("@this_round.boxes",), "workers_to_emperor": ("emperor.{box}", "@this_round.boxes"),
    "workers_to_war": ("war_box.groups",), "veterans_join": ("@veterans", "war_box.groups"),
    "veterans_aside": ("@veterans", "war_box.groups"), "veterans_stand": ("@veterans", "war_box.groups"),
    "admin_workers": (ALL + "workers_supply", ALL + "this_round.boxes", ALL + "this_round.tableau",
                      ALL + "migration.lower", "emperor", "war_box.groups"),
    "admin_migrants": (ALL + "migration",), "admin_discs": (ALL + "tax_discs", ALL + "discs", "war_box.levies"),
    "admin_cards": (ALL + "this_round.played",), "admin_cylinders": ("bonus_track", "provisional_order", "order"),
    "progress_disc": ("@discs", "progress"), "progress_back": ("@discs", "progress"),
    "levies_to_war": ("progress", "war_box.levies"),
    "ambassador": ("@discs", "@ambassadors_abroad", "ships.foreign", "progress"),
    "factory_disc": ("@discs", "factories"), "factory_disc_back": ("@discs", "factories"),
    "ware_back": ("@wares", "factories"), "war_glory_disc": ("@discs", "@war_discs"),
    "cylinder_on_bonus": ("bonus_track",), "market_tile": ("provinces",), "order_cylinder": ("provisional_order",),
    "crop_to_track": ("crop_track",), "slide_crop_track": ("crop_track",), "take_crop_tile": ("crop_track",),
    "ship_to_box": ("ships",), "ship_to_coast": ("ships",), "ship_turned_up": ("ships",),
    "factory_tile_up": ("factory_display",), "infra_tile_up": ("infrastructure",), "infra_discard": ("infrastructure",),
    "infra_won": ("infrastructure", "@infrastructure_won", "@infrastructure_open", ALL + "cubes", ALL + "wares",
                  ALL + "discs"),
    "personal_tile": ("infrastructure", "@infrastructure_open"), "take_resource": ("resources", "@wood", "@stone"),
    "cube_from_local_market": ("local_market",), "die_moves": ("exchange.die",), "die_stays": ("exchange.die",),
    "ship_sails": ("ships", ALL + "cubes"), "wares_to_general": ("ships",), "wood_to_box": ("@wood", "resources"),
    "stone_to_box": ("@stone", "resources"), "factory_tile_to_board": ("factory_display", "factories", "@discs"),
    "lay_crop_tile": ("provinces", "@cubes"), "plant_empty_tile": ("provinces", "@cubes"),
    "plant_field": ("provinces", "@cubes"), "plant_fields": ("provinces", "@cubes"),
    "cube_to_coin_field": ("provinces",), "cube_to_city_market": ("provinces",),
    "cube_to_local_market": ("provinces", "local_market"), "cube_home": ("provinces", "@cubes"),
    "market_cube_home": ("players.{owner}.cubes",), "raw_home": ("provinces", "players.{owner}.cubes"),
    "wares_to_factory": ("@wares", "factories"), "ware_to_ship": ("factories", "ships"),
    "cube_to_ship": ("provinces", "ships"), "ware_to_tile": ("factories", "infrastructure", "@infrastructure_open"),
    "disc_to_tile": ("progress", "infrastructure", "@infrastructure_open"),
    "market_cube_to_tile": ("infrastructure", "@infrastructure_open"),
    "cube_to_tile": ("provinces", "infrastructure", "@infrastructure_open"),
    "disc_good_counts": ("infrastructure", "@infrastructure_open"), "disc_good_on_ship": ("ships",),
    "setup_infrastructure": ("infrastructure",), "empty_crop_tile_to_box": ("provinces",),
}


def touches(i: Instruction) -> tuple[str, ...]:
    """The board paths step `i` touches ("@x": its player's own field x)."""
    step = i.code.removeprefix("yinzi.do.").removesuffix(".one").removesuffix(".other")
    return tuple(f"players.{i.seat}.{t[1:]}" if t.startswith("@") else t.format(**i.params)
                 for t in TOUCHES.get(step, ()))


INSTRUCTIONS = Instructions(touches=touches)
Rule = Callable[[Event], Iterable[Instruction]]
# events that move nothing on the table: the app's own bookkeeping and announcements; what the table
# entered at a draw (table_entry) it already holds
NOTHING_TO_DO = ("core.forced", "yinzi.round_started", "yinzi.phase_actions", "yinzi.action_done",
                 "yinzi.action_forfeited", "yinzi.war_resolved", "yinzi.nothing_to_upgrade",
                 "yinzi.final_opportunity", "yinzi.game_over", "yinzi.infra_in_part",
                 "yinzi.infra_seen", "yinzi.card_seen", "yinzi.market_seen", "yinzi.ship_seen",
                 "yinzi.crop_seen")


def do(step: str, seat: int | None = None, **params: Any) -> Instruction:
    if seat is not None:
        params = {"player": seat, **params}
    return Instruction(f"yinzi.do.{step}", params, seat)


def counted(step: str, n: int, seat: int | None = None, **params: Any) -> Instruction:
    """A step that names `n` pieces: its code carries the plural form."""
    return do(f"{step}.{'one' if n == 1 else 'other'}", seat, **params)


def instructions(events: Sequence[Event]) -> list[Instruction]:
    return INSTRUCTIONS(events)


def inherit(ins: Instruction, e: Event, **sources: str | tuple[str, ...]) -> Instruction:
    """`ins` with the marks of the event parameters its own parameters are computed from:
    inherit(ins, e, copper=("broken", "rate")) marks `copper` with the facts behind `broken` and `rate`."""
    marks = marked(e.params)
    found = {name: sorted({k for src in ((keys,) if isinstance(keys, str) else keys) for k in marks.get(src, ())})
             for name, keys in sources.items()}
    found = {name: keys for name, keys in found.items() if keys and name in ins.params}
    return replace(ins, params=carry(ins.params, found)) if found else ins


# -- copper, silver, misfortune -----------------------------------------------------------------------
def coins(seat: int, copper: int = 0, silver: int = 0) -> list[Instruction]:
    """Coins the player takes from the bank."""
    out = [counted("copper_from_bank", copper, seat, copper=copper)] if copper else []
    return out + ([counted("silver_from_bank", silver, seat, silver=silver)] if silver else [])


@INSTRUCTIONS.rule("yinzi.paid_copper", "yinzi.paid_silver", "yinzi.outsourcing_paid")
def _paid(e: Event) -> list[Instruction]:
    p, to, rate = e.params["player"], e.params.get("to"), e.params["rate"]
    out = []
    if e.params.get("broken"):
        n = e.params["broken"]
        out.append(inherit(counted("break_silver", n, p, silver=n, copper=n * rate), e,
                           silver="broken", copper=("broken", "rate")))
    if e.params.get("bought"):
        n = e.params["bought"]
        out.append(inherit(counted("buy_silver", n, p, silver=n, copper=n * rate), e,
                           silver="bought", copper=("bought", "rate")))
    for coin in ("copper", "silver"):
        n = e.params.get(coin, 0)
        if n:
            where = "bank" if to is None else "player"
            step = counted(f"{coin}_to_{where}", n, p, **{coin: n}, **({} if to is None else {"to": to}))
            out.append(inherit(step, e, **{coin: coin}))
    return out


@INSTRUCTIONS.rule("yinzi.taxed")
def _taxed(e: Event) -> list[Instruction]:
    p = e.params["player"]
    out = []
    if e.params.get("exchanged"):
        n = e.params["exchanged"]
        out.append(inherit(counted("buy_silver", n, p, silver=n, copper=n * e.params["rate"]), e,
                           silver="exchanged", copper=("exchanged", "rate")))
    if e.params["paid"]:
        out.append(inherit(counted("silver_to_bank", e.params["paid"], p, silver=e.params["paid"]), e, silver="paid"))
    if e.params.get("copper_lost"):
        out.append(inherit(do("all_copper_to_bank", p, copper=e.params["copper_lost"]), e, copper="copper_lost"))
    return out + [inherit(i, e, count="misfortune") for i in _misfortune(p, e.params["misfortune"])]


def _misfortune(p: int, n: int) -> list[Instruction]:
    return [counted("misfortune", n, p, count=n)] if n else []


@INSTRUCTIONS.rule("yinzi.fed")
def _fed(e: Event) -> list[Instruction]:
    return _misfortune(e.params["player"], e.params["misfortune"])


@INSTRUCTIONS.rule("yinzi.virtual_copper_lapsed")
def _lapsed(e: Event) -> list[Instruction]:
    return [counted("copper_to_bank", e.params["copper"], e.params["player"], copper=e.params["copper"])]


@INSTRUCTIONS.rule("yinzi.emperor_reward")
def _emperor_reward(e: Event) -> list[Instruction]:
    p = e.params["player"]
    out = coins(p, e.params["copper"], e.params["silver"])
    return out + ([counted("boat_right", 1, p, steps=1)] if e.params["box"] == "waterway" else [])


@INSTRUCTIONS.rule("yinzi.infra_fulfilled")
def _infra_paid(e: Event) -> list[Instruction]:
    paid = coins(e.params["player"], int(e.params["copper"]), int(e.params["silver"]))
    return [inherit(i, e, copper="copper", silver="silver") for i in paid]


@INSTRUCTIONS.rule("yinzi.war_bonds")
def _war_bonds(e: Event) -> list[Instruction]:
    return coins(e.params["player"], e.params["copper"])


# -- cards, workers -------------------------------------------------------------------------------------
@INSTRUCTIONS.rule("yinzi.card_drawn")
def _card_drawn(e: Event) -> list[Instruction]:
    return [do("draw_card", e.params["player"], fate=e.params["fate"], workers=e.params["workers"])]


@INSTRUCTIONS.rule("yinzi.fate_action")
def _fate_action(e: Event) -> list[Instruction]:
    p, action, workers = e.params["player"], e.params["action"], e.params["workers"]
    out = [do("play_card", p, action=action, fate=e.params["fate"])]
    if workers:
        out.append(counted("workers_to_tableau", workers, p, workers=workers, action=action))
    return out + ([do("tax_disc", p)] if e.params["tax"] else [])


@INSTRUCTIONS.rule("yinzi.worker_action")
def _worker_action(e: Event) -> list[Instruction]:
    p, n = e.params["player"], e.params["workers"]
    out = [counted("take_group", n, p, workers=n, group=e.params["group"], action=e.params["action"])]
    up = e.params.get("upper", 0)
    return out + ([counted("workers_to_upper", up, p, workers=up)] if up else [])


@INSTRUCTIONS.rule("yinzi.workers_migrated")
def _migrated(e: Event) -> list[Instruction]:
    n = e.params["workers"]
    return [counted("group_to_upper", n, e.params["player"], workers=n, group=e.params["group"])]


@INSTRUCTIONS.rule("yinzi.migrants_added")
def _migrants(e: Event) -> list[Instruction]:
    p, lower, upper = e.params["player"], e.params.get("lower", 0), e.params.get("upper", 0)
    out = [counted("migrants_from_lower", lower, p, workers=lower)] if lower else []
    return out + ([counted("migrants_from_upper", upper, p, workers=upper)] if upper else [])


@INSTRUCTIONS.rule("yinzi.workers_in_box")
def _in_box(e: Event) -> list[Instruction]:
    n = e.params["workers"]
    return [counted("workers_to_box", n, e.params["player"], workers=n, action=e.params["action"])]


@INSTRUCTIONS.rule("yinzi.emperor_project")
def _emperor_project(e: Event) -> list[Instruction]:
    n = e.params["workers"]
    return [counted("workers_to_emperor", n, e.params["player"], workers=n, box=e.params["box"])]


@INSTRUCTIONS.rule("yinzi.war_placed")
def _war_placed(e: Event) -> list[Instruction]:
    p, n, field = e.params["player"], e.params["workers"], e.params["field"]
    out = [counted("workers_to_war", n, p, workers=n, field=field)]
    v = e.params.get("veterans", 0)
    return out + ([counted("veterans_join", v, p, workers=v, field=field)] if v else [])


@INSTRUCTIONS.rule("yinzi.workers_to_migration")
def _to_migration(e: Event) -> list[Instruction]:
    p, up, down = e.params["player"], e.params["upper"], e.params["lower"]
    out = [counted("workers_to_upper", up, p, workers=up)] if up else []
    return out + ([counted("workers_to_lower", down, p, workers=down)] if down else [])


@INSTRUCTIONS.rule("yinzi.veterans_stood")
def _veterans_stood(e: Event) -> list[Instruction]:
    n = e.params["workers"]
    return [counted("veterans_stand", n, e.params["player"], workers=n, field=e.params["field"])]


@INSTRUCTIONS.rule("yinzi.veterans_kept")
def _veterans(e: Event) -> list[Instruction]:
    n = e.params["workers"]
    return [counted("veterans_aside", n, e.params["player"], workers=n)]


@INSTRUCTIONS.rule("yinzi.round_ended")
def _round_ended(e: Event) -> list[Instruction]:
    discs = [do("admin_discs")] if e.params.get("discs", 1) else []  # no taxation disc nor levy: nothing to do
    return [do("admin_workers"), do("admin_migrants"), *discs, do("admin_cards"), do("admin_cylinders")]


# -- discs ----------------------------------------------------------------------------------------------
@INSTRUCTIONS.rule("yinzi.progress_placed")
def _progress_placed(e: Event) -> list[Instruction]:
    return [do("progress_disc", e.params["player"], field=e.params["field"])]


@INSTRUCTIONS.rule("yinzi.progress_cashed")
def _progress_cashed(e: Event) -> list[Instruction]:
    p, field = e.params["player"], e.params["field"]
    if field == "new_levies":  # the disc does not go home: it stands in the war box as a worker
        return [do("levies_to_war", p)]
    out = [do("progress_back", p, field=field)]
    if field == "virtual_copper":
        out.append(do("virtual_copper", p, copper=VIRTUAL_COPPER))
    return out


@INSTRUCTIONS.rule("yinzi.ambassador_sent")
def _ambassador(e: Event) -> list[Instruction]:
    return [do("ambassador", e.params["player"], nation=e.params["nation"])]


@INSTRUCTIONS.rule("yinzi.factory_upgraded")
def _factory_disc(e: Event) -> list[Instruction]:
    return [do("factory_disc", e.params["player"], factory=e.params["factory"], level=e.params["level"])]


@INSTRUCTIONS.rule("yinzi.factory_burnt")
def _factory_burnt(e: Event) -> list[Instruction]:
    return [do("factory_disc_back", e.params["player"], factory=e.params["factory"], level=e.params["level"])]


@INSTRUCTIONS.rule("yinzi.ware_lost")
def _ware_lost(e: Event) -> list[Instruction]:
    return [do("ware_back", e.params["player"])]


@INSTRUCTIONS.rule("yinzi.war_glory")
def _war_glory(e: Event) -> list[Instruction]:
    return [inherit(do("war_glory_disc", e.params["player"], vp=e.params["vp"]), e, vp="vp")]


@INSTRUCTIONS.rule("yinzi.bonus_chosen")
def _bonus(e: Event) -> list[Instruction]:
    return [do("cylinder_on_bonus", e.params["player"], bonus=e.params["bonus"])]


# -- tiles, ships, the die ------------------------------------------------------------------------------
def _simple(step: str, *keys: str, seat: bool = False) -> Rule:
    """A rule with one instruction that hands on some of the event's parameters."""

    def rule(e: Event) -> list[Instruction]:
        params = {k: e.params[k] for k in keys}
        return [do(step, e.params["player"] if seat else None, **params)]

    return rule


for _code, _rule in {
    "yinzi.market_placed": _simple("market_tile", "province", "tile"),
    "yinzi.order_drawn": _simple("order_cylinder", "position", seat=True),
    "yinzi.crop_revealed": _simple("crop_to_track", "slot", "crop"),
    "yinzi.turn_order": _simple("slide_crop_track"),
    "yinzi.crop_bought": _simple("take_crop_tile", "crop", "slot", seat=True),
    "yinzi.crop_tile_removed": _simple("empty_crop_tile_to_box", "crop", "province", seat=True),
    "yinzi.ship_removed": _simple("ship_to_box", "nation"),
    "yinzi.ship_arrived": _simple("ship_to_coast", "nation", "row"),
    "yinzi.ship_sighted": _simple("ship_turned_up", "nation", "row"),
    "yinzi.potatoes_and_grain_added": _simple("potatoes_and_grain"),
    "yinzi.factory_revealed": _simple("factory_tile_up", "factory"),
    "yinzi.infra_revealed": _simple("infra_tile_up", "row"),
    "yinzi.infra_discarded": _simple("infra_discard", "row"),
    "yinzi.infra_won": _simple("infra_won", seat=True),
    "yinzi.personal_infra_taken": _simple("personal_tile", seat=True),
    "yinzi.infra_aborted": _simple("put_back", seat=True),
    "yinzi.late_aborted": _simple("put_back", seat=True),
    "yinzi.resource_taken": _simple("take_resource", "resource", seat=True),
    "yinzi.bought_local": _simple("cube_from_local_market", "owner", seat=True),
}.items():
    INSTRUCTIONS.rule(_code)(_rule)


@INSTRUCTIONS.rule("yinzi.die_rolled")
def _die(e: Event) -> list[Instruction]:
    if e.params["from"] == e.params["to"]:
        return [do("die_stays", field=e.params["to"])]
    return [do("die_moves", start=e.params["from"], end=e.params["to"])]


@INSTRUCTIONS.rule("yinzi.disaster")
def _disaster(e: Event) -> list[Instruction]:
    return [do("flood")] if e.params["disaster"] == "flood" else []  # wildfire and drought: each player's own step


@INSTRUCTIONS.rule("yinzi.ship_sailed")
def _sailed(e: Event) -> list[Instruction]:
    general = e.params["general"]
    out = [do("ship_sails", nation=e.params["nation"], wares=e.params["wares"] - general)]
    return out + ([counted("wares_to_general", general, None, wares=general)] if general else [])


@INSTRUCTIONS.rule("yinzi.boat_built")
def _boat_built(e: Event) -> list[Instruction]:
    p = e.params["player"]
    out = [do("wood_to_box", p)] if e.params.get("pay") == "wood" else []
    return [*out, counted("boat_right", 1, p, steps=1)]


@INSTRUCTIONS.rule("yinzi.boat_moved")
def _boat_moved(e: Event) -> list[Instruction]:
    n = e.params["steps"]
    return [counted("boat_right", n, e.params["player"], steps=n)] if n else []


@INSTRUCTIONS.rule("yinzi.factory_built")
def _factory_built(e: Event) -> list[Instruction]:
    p = e.params["player"]
    out = [do("factory_tile_to_board", p, factory=e.params["factory"], province=e.params["province"])]
    return out + ([do("stone_to_box", p)] if e.params.get("pay") == "stone" else [])


# -- cubes and wares ------------------------------------------------------------------------------------
@INSTRUCTIONS.rule("yinzi.crop_planted")
def _planted(e: Event) -> list[Instruction]:
    p, n, on = e.params["player"], e.params["cubes"], e.params.get("on", "field")
    where = {"crop": e.params["crop"], "province": e.params["province"]}
    if on == "new_tile":
        return [counted("lay_crop_tile", n, p, cubes=n, **where)]
    if on == "tile":
        return [do("plant_empty_tile", p, **where)]
    fields = e.params.get("fields", 1)
    if fields > 1:  # several fields of one crop at once (rules edition 3): how many, and cubes on each
        return [do("plant_fields", p, fields=fields, each=n // fields, cubes=n, **where)]
    return [counted("plant_field", n, p, cubes=n, **where)]


@INSTRUCTIONS.rule("yinzi.sold_city")
def _sold_city(e: Event) -> list[Instruction]:
    p = e.params["player"]
    step = "cube_to_coin_field" if e.params.get("coin") else "cube_to_city_market"
    return [do(step, p, src=e.params.get("src"), market=e.params["market"]), *coins(p, e.params["copper"])]


@INSTRUCTIONS.rule("yinzi.sold_local")
def _sold_local(e: Event) -> list[Instruction]:
    p = e.params["player"]
    return [do("cube_to_local_market", p, src=e.params.get("src")), *coins(p, e.params["copper"])]


@INSTRUCTIONS.rule("yinzi.fed_with", "yinzi.drought_loss")
def _cube_home(e: Event) -> list[Instruction]:
    p, src = e.params["player"], e.params["src"]
    if src is None:
        return []
    if src == "market":  # bought at the local market and eaten: it goes to its colour's supply
        return [do("market_cube_home", p, owner=e.params["owner"])]
    return [do("cube_home", p, src=src)]


@INSTRUCTIONS.rule("yinzi.ware_produced")
def _produced(e: Event) -> list[Instruction]:
    p, n = e.params["player"], e.params["count"]
    out = [do("raw_home", market=market, owner=owner) for market, owner in e.params.get("raw", [])]
    return [*out, counted("wares_to_factory", n, p, count=n, factory=e.params["factory"])]


@INSTRUCTIONS.rule("yinzi.ship_delivered")
def _delivered(e: Event) -> list[Instruction]:
    p, load = e.params["player"], e.params.get("load")
    where = {"row": e.params["row"], "slot": e.params["slot"]}
    if isinstance(load, int):
        out = [do("ware_to_ship", p, factory=load, **where)]
    else:
        out = [do("cube_to_ship", p, src=src, **where) for src in load or [] if src not in DISC_GOODS]
        discs = [src for src in load or [] if src in DISC_GOODS]
        out += _discs_used(p, discs) + _disc_on_ship(p, out, discs, where)
    return out + coins(p, silver=e.params["silver"])


def _disc_on_ship(p: int, out: list[Instruction], discs: list[str], where: dict[str, int]) -> list[Instruction]:
    """No cube laid on the ship's place this step, a disc stands for the good: the table is told the place counts
    as filled (the app marks it so)."""
    return [do("disc_good_on_ship", p, field=discs[-1], **where)] if discs and not out else []


def _discs_used(p: int, fields: list[str]) -> list[Instruction]:
    """A progress disc that stood for a good (free salt, rice...) goes back to its supply: the disc is the good."""
    return [do("progress_back", p, field=field) for field in fields]


@INSTRUCTIONS.rule("yinzi.late_shipped")
def _late(e: Event) -> list[Instruction]:
    p = e.params["player"]
    where = {"row": e.params["row"], "slot": e.params["slot"]}
    # a first food from a field was told at its own step (late_food_chosen); one from the local market goes onto
    # the ship now, with the second; a disc is told by its cashing
    srcs = e.params.get("srcs", [])
    now = [src for src in srcs[:-1] if src == "market"] + srcs[-1:]
    out = [do("cube_to_ship", p, src=src, **where) for src in now if src not in DISC_GOODS]
    out += _disc_on_ship(p, out, [src for src in now if src in DISC_GOODS], where)
    return out + coins(p, silver=e.params["silver"])


@INSTRUCTIONS.rule("yinzi.late_food_chosen")
def _late_first(e: Event) -> list[Instruction]:
    """The first food of a late pair: a cube from a field goes onto the ship now (the local market's cube goes
    on with the second food, at late_shipped; a progress disc is told by its cashing)."""
    src = e.params["src"]
    if src in DISC_GOODS or src == "market":
        return []
    return [do("cube_to_ship", e.params["player"], src=src, row=e.params["row"], slot=e.params["slot"])]


@INSTRUCTIONS.rule("yinzi.tile_item")
def _tile_item(e: Event) -> list[Instruction]:
    p = e.params["player"]
    if "ware" in e.params:
        return [do("ware_to_tile", p, factory=e.params["ware"])]
    if "disc" in e.params:
        return [do("disc_to_tile", p, field=e.params["disc"])]
    src = e.params["src"]
    if src in DISC_GOODS:  # a virtual cube: the disc taken back (its own step) stands for the good on the tile
        return [do("disc_good_counts", p, field=src)]
    if src == "market":
        return [do("market_cube_to_tile", p)]
    return [do("cube_to_tile", p, src=src)]


# -- setting up the box (RULES-Y 3) -------------------------------------------------------------------
def setup_layout(setup: dict[str, Any]) -> list[Instruction]:
    """The table's steps before the first draw, for a normalized setup (numbers from the box profile)."""
    box = components.for_overrides(setup["profile"]["overrides"])
    n = len(setup["players"])
    removed = box.crops.removed_3p if n == 3 else box.crops.removed_2p if n == 2 else {}
    out = [
        do("setup_board"),
        do("setup_markets", **tag({"tiles": len(box.city_markets.tiles), "provinces": len(box.provinces)},
                                  box.profile, tiles="city_markets.tiles")),
        do("setup_die", field=int(box.exchange.start_field)),
        do("setup_crops", potato=box.crops.tiles["potato"], grain=box.crops.tiles["grain"]),
    ]
    if removed:
        facts = "crops.removed_3p" if n == 3 else "crops.removed_2p"
        count = max(removed.values())
        out.append(counted("setup_crops_removed", count, None, **tag({"count": count}, box.profile, count=facts)))
    ships_out = int(box.ships.removed_2_3p) if n < 4 else 0
    if ships_out:
        out.append(counted("setup_ships_removed", ships_out, None, count=ships_out))
    out += [
        counted("setup_coast", n, None, ships=n),
        counted("setup_ship_stacks", n, None, stacks=n),
        do("setup_resources", wood=int(box.components.wood), stone=int(box.components.stone)),
        do("setup_bank"),
        do("setup_player_pieces", **tag({
            "cards": len(box.deck), "workers": int(box.components.workers_per_player),
            "cubes": int(box.components.cubes_per_player), "discs": int(box.components.discs_per_player),
            "wares": int(box.components.wares_per_player)}, box.profile, cards="cards.deck")),
        do("setup_factories", tiles=n),
        do("setup_infrastructure", stacks=n + 1, size=int(box.infra.stack_size)),
        counted("setup_copper", int(box.setup.start_copper), None, copper=int(box.setup.start_copper)),
        do("setup_decks"),
        do("setup_boats"),
    ]
    return [INSTRUCTIONS.touching(i) for i in out]
