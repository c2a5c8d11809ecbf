"""Everything a screen shows of a Yinzi table, as JSON data: `view(state)`.

The board renders this and computes nothing: the round and its phase order, whose turn it is, the
exchange-rate track with each printed value's status, the boat track, the provinces with their
markets and fields, factories, ships, infrastructure, the war box, the emperor's boxes, the
progress box, and per player the ledger and what they have done this round. Values that rest on
an unverified box fact say so ("verified": false); a screen marks them, never shows them as fact, and
`unverified` lists every placeholder fact the game rests on with the parts of the screen it reaches.
Also the conversions the quick score needs (`copper_to_silver`, `factory_levels`).
"""

from __future__ import annotations

from typing import Any

from . import boats, components, crops, exchange, goods, progress, table_entry, war
from .disasters import active
from .flow import PHASES, ROUND
from .state import BONUSES, PROGRESS_AREAS, YinziState, from_json


def acting(state: YinziState) -> int | None:
    """The seat whose decision is pending (None: a draw or the game is over)."""
    top = state.stack[-1] if state.stack else None
    p = top.get("p") if top and not top["k"].startswith("draw_") else None
    return p if isinstance(p, int) and not isinstance(p, bool) else None


def _round(state: YinziState) -> dict[str, Any]:
    """The round in its fixed order: each phase done, now, or to come."""
    here = ROUND.index(state.phase) if state.phase in ROUND else (-1 if state.phase == "setup" else len(ROUND))
    order = [{"phase": ph, "status": "done" if i < here else "now" if i == here else "next"}
             for i, ph in enumerate(ROUND)]
    box = components.of(state)
    progress = {"key": "table.progress.yinzi" if state.round else "table.progress.setup", "round": state.round,
                "phase": f"yinzi.phase.{state.phase}"}  # where the game stands: "Round 2 · Feeding"
    return {"round": state.round, "rounds": box.rounds, "phase": state.phase, "phases": list(PHASES),
            "round_order": order, "over": state.phase == "over", "progress": progress}


def copper_to_silver(copper: int, rate: int) -> dict[str, int]:
    """Copper exchanged at the final scoring (RULES-Y 7): whole silver and the copper left over."""
    silver, left = exchange.silver_for(copper, rate)
    return {"copper": copper, "rate": rate, "silver": silver, "left": left}


def exchange_track(overrides: dict[str, Any] | None, die: int) -> dict[str, Any]:
    """The six copper-per-silver values above the track, each with its status, and the die's field."""
    box = components.for_overrides(overrides)
    verified = box.verified("exchange.rates")
    fields = [{"field": i + 1, "rate": r, "verified": verified, "die": i + 1 == die} for i, r in enumerate(box.rates)]
    rate = box.rate(die) if 1 <= die <= len(box.rates) else None
    return {"fields": fields, "die": die, "rate": rate, "verified": verified,
            "status": box.profile.fact("exchange.rates").status}


def factory_levels(levels: list[int], overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The quick score's factory row: levels the box allows and the VP of the given ones (RULES-Y 7)."""
    vp = {int(k): int(v) for k, v in components.for_overrides(overrides).factories.vp.items()}
    return {"levels": sorted(vp), "vp_per_level": vp, "vp": sum(vp[lv] for lv in levels if lv in vp)}


def quick_score(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the quick-score pad asks with the owner's box: the exchange-rate track (the die's start field
    marked), the factory levels and their VP, and how many fields each progress area has."""
    box = components.for_overrides(overrides)
    return {
        "exchange": exchange_track(overrides, int(box.exchange.start_field)),
        "factories": factory_levels([], overrides),
        "progress_areas": {area: len(fields) for area, fields in box.progress.fields.items()},
    }


# the parts of the view (and of the score sheet, "score.<row>") that each box fact reaches
FACT_PARTS: dict[str, tuple[str, ...]] = {
    "exchange.rates": ("exchange", "players.copper_worth", "players.silver_at_end", "score.yinzi"),
    "boat.capacities": ("boat_track", "players.boat_capacity", "score.boats"),
    "crops.track_costs": ("crop_track",),
    "map.printed_crops": ("provinces.printed_crops",),
    "map.borders": ("provinces.coast_distance",),
    "city_markets.tiles": ("provinces.market",),
    "ships.kinds": ("ships.coast", "ships.stacks"),
    "foreign_markets.vp": ("score.wares",),
    "infra.tiles": ("infrastructure", "score.infrastructure"),
    "cards.deck": ("players.hand", "players.deck"),
    "components.colors": ("players.color",),
    "crops.removed_2p": ("setup",),
    "crops.removed_3p": ("setup",),
    "rules.roll_after_last_round": ("round_order",),
}
PLAYER_COUNT_FACTS = {"crops.removed_2p": 2, "crops.removed_3p": 3}  # read only with that many players


def placeholders(state: YinziState) -> list[dict[str, Any]]:
    """Every unverified fact this game rests on (the box profile's order), its status and what it reaches."""
    n = len(state.players)
    return [{"fact": f.key, "status": f.status, "shown": list(FACT_PARTS.get(f.key, ()))}
            for f in components.of(state).profile.unverified() if PLAYER_COUNT_FACTS.get(f.key, n) == n]


def _boat_track(state: YinziState) -> dict[str, Any]:
    box = components.of(state)
    return {"capacities": list(box.boat_capacity), "verified": box.verified("boat.capacities"),
            "players": [pl.boat for pl in state.players]}


def _provinces(state: YinziState) -> list[dict[str, Any]]:
    box = components.of(state)
    tiles, printed = box.city_markets.tiles, box.map.printed_crops
    out = []
    for prov in box.provinces:
        market = state.markets.get(prov)
        tile = tiles.get(market["tile"]) if market else None
        out.append({
            "province": prov,
            "market": None if market is None else {
                "tile": market["tile"], "goods": list(tile["goods"]) if tile else [],
                "coin": list(tile["coin"]) if tile else [], "raw": [list(r) for r in market["raw"]],
                "verified": box.verified("city_markets.tiles")},
            "printed_crops": list(printed.get(prov, [])),
            "fields": {p: {k.split("/")[1]: n for k, n in pl.fields.items() if k.startswith(prov + "/")}
                       for p, pl in enumerate(state.players)},
            "crop_tiles": [dict(t, index=i) for i, t in enumerate(state.tiles)
                           if t["province"] == prov and crops.on_board(t)],
            "coast_distance": box.coast_distance[prov],
        })
    return out


def _ships(state: YinziState) -> dict[str, Any]:
    return {
        "coast": [None if s is None else {"row": r, "nation": s["nation"], "slots": s["slots"]}
                  for r, s in enumerate(state.coast)],
        "stacks": [{"row": r, "top": row["top"], "hidden": row["hidden"]} for r, row in enumerate(state.ship_rows)],
        "foreign": {m: list(owners) for m, owners in state.foreign.items()},
        "verified": components.of(state).verified("ships.kinds"),
    }


def _infrastructure(state: YinziState) -> dict[str, Any]:
    tiles = components.of(state).infra.tiles
    rows = [{"row": r, "tile": row["top"], "hidden": row["hidden"], "by": row["by"],
             "demand": tiles[row["top"]]["demand"] if row["top"] is not None else None,
             "war": tiles[row["top"]]["war"] if row["top"] is not None else 0,
             "disaster": tiles[row["top"]]["disaster"] if row["top"] is not None else None}
            for r, row in enumerate(state.infra_rows)]
    return {"rows": rows, "discard_known": list(state.discard_known), "discard_hidden": state.discard_hidden,
            "war_symbols": war.war_symbols(state), "disasters": active(state),
            "verified": components.of(state).verified("infra.tiles")}


def _progress_box(state: YinziState) -> dict[str, Any]:
    fields = components.of(state).progress.fields
    return {"areas": {a: [{"field": f, "owner": state.progress.get(f), "fresh": f in state.progress_fresh}
                          for f in fields[a]] for a in PROGRESS_AREAS}}


def _crop_track(state: YinziState) -> list[dict[str, Any]]:
    costs = components.of(state).crop_costs
    return [{"slot": i + 1, "crop": c, "cost": costs[i]} for i, c in enumerate(state.crop_track)]


def _bonus_track(state: YinziState) -> list[dict[str, Any]]:
    """The bonus tiles under the crop track (5A): the crop tile above each, its price, who took the bonus."""
    costs = components.of(state).crop_costs
    return [{"bonus": b, "slot": i + 1, "crop": state.crop_track[i] if i < len(state.crop_track) else None,
             "cost": costs[i] if i < len(costs) else None,
             "taken_by": state.bonus_of.index(b) if b in state.bonus_of else None} for i, b in enumerate(BONUSES)]


def _this_round(state: YinziState, p: int) -> dict[str, Any]:
    """What player p has done this round (the tableau and the action boxes show it on the table)."""
    pl = state.players[p]
    box = components.of(state)
    return {"bonus": state.bonus_of[p] if p < len(state.bonus_of) else None,
            "actions_done": pl.actions_done, "actions": box.actions_per_round,
            "fate_used": list(pl.fate_used), "worker_used": list(pl.worker_used),
            "fate_left": box.fate_actions - len(pl.fate_used), "worker_left": box.worker_actions - len(pl.worker_used),
            "played": [dict(c) for c in pl.played], "tableau": dict(pl.tableau), "boxes": dict(pl.boxes)}


def player_ledger(state: YinziState, p: int) -> dict[str, Any]:
    pl = state.players[p]
    return {
        "seat": p, "name": pl.name, "color": pl.color,
        "copper": pl.copper, "silver": pl.silver, "virtual_copper": pl.virtual_copper,
        "copper_worth": exchange.copper_worth(state, p),
        "wood": pl.wood, "stone": pl.stone, "discs": pl.discs, "cubes": pl.cubes, "wares": pl.wares,
        "boat_field": pl.boat, "boat_capacity": boats.capacity(state, p),
        "factories": [{"index": i, "ware": f["ware"], "color": f["color"], "province": f["province"],
                       "level": f["level"], "wares": list(f["wares"])}
                      for i, f in enumerate(state.factories) if f["owner"] == p],
        "wares_in_factories": sum(f["wares"].count(p) for f in state.factories),
        "wares_on_ships": goods.wares_on_coast_ships(state, p),
        "wares_abroad": {m: owners.count(p) for m, owners in state.foreign.items() if p in owners},
        "delivered": dict(pl.delivered), "ambassadors_abroad": pl.ambassadors_abroad,
        "progress": sorted(f for f, owner in state.progress.items() if owner == p),
        "cashable": sorted(f for f, owner in state.progress.items() if owner == p and progress.cashable(state, p, f)),
        "war_discs": dict(pl.war_discs),
        "infrastructure_won": [dict(t) for t in pl.infra_won],
        "infrastructure_open": [dict(t) for t in pl.personal_infra],
        "misfortune": pl.misfortune,
        "cubes_on_board": goods.cubes_on_board(state, p), "workers_on_board": goods.workers_on_board(state, p),
        "workers_supply": pl.workers, "migration": {"upper": pl.migr_upper, "lower": pl.migr_lower},
        "veterans": pl.veterans, "tax_discs": pl.tax_discs,
        "hand": [list(c) for c in pl.hand], "deck": len(pl.deck), "cards_played": [dict(c) for c in pl.history],
        "this_round": _this_round(state, p),
        "silver_at_end": copper_to_silver(pl.copper, exchange.rate(state)),
    }


def ledgers(state: YinziState) -> list[dict[str, Any]]:
    return [player_ledger(state, p) for p in range(len(state.players))]


def view(state: YinziState) -> dict[str, Any]:
    return {
        "game": "yinzi",
        **_round(state),
        "order": list(state.order), "provisional_order": list(state.prov_order), "last_order": list(state.last_order),
        "acting": acting(state),
        "turn": acting(state),  # whose turn it is (the banner's): in Yinzi the player who decides now
        "exchange": exchange_track(state.overrides, state.die),
        "boat_track": _boat_track(state),
        "crop_track": _crop_track(state),
        "bonus_track": _bonus_track(state),
        "provinces": _provinces(state),
        "factories": [dict(f, index=i) for i, f in enumerate(state.factories)],
        "factory_display": list(state.factory_display),
        "ships": _ships(state),
        "infrastructure": _infrastructure(state),
        "war_box": {"groups": [list(g) for g in state.war_box], "levies": list(state.levies),
                    "weakened": state.weakened},
        "emperor": {b: list(ps) for b, ps in state.emperor.items()},
        "progress": _progress_box(state),
        "local_market": list(state.local_market),
        "resources": {"wood": state.wood_box, "stone": state.stone_box},
        "bank": {"copper": state.bank_copper, "silver": state.bank_silver},
        "players": ledgers(state),
        "unverified": placeholders(state),
        "seen_facts": table_entry.seen_facts(state),  # what the table entered, in profile facts (Box check)
    }


def view_json(data: dict[str, Any]) -> dict[str, Any]:
    """The view of a state given as the engine's JSON data (to_json)."""
    return view(from_json(data))
