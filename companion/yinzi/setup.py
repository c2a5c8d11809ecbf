"""3 Spielaufbau: the setup values, the state before the first draw, and the setup steps A-O.

Everything the table lays out at random (markets, turn order, crop track, ships, factories,
infrastructure stacks) is a chance step, so the table can enter what it turned up. The counts
come from the box profile (companion.yinzi.components).
"""

from __future__ import annotations

from typing import Any

from companion.core import Event, SetupError
from companion.core.setup import overrides_of, player_names, seed_of
from companion.core.steps import Frame, push

from . import components, corrections, factories, goods, readings
from .draws import draw_frame
from .state import Player, YinziState
from .steps import bookkeeping, decision

RULE = "3 Spielaufbau"
RULE_START = "3 Spielaufbau O"


def normalize_setup(setup: dict[str, Any]) -> dict[str, Any]:
    names = player_names(
        setup, 2, 4,
        ("yinzi.bad_players", "Yinzi is played by 2 to 4 players: give a list of 2 to 4 names."),
        ("yinzi.bad_names", "Every player needs a different, non-empty name."),
    )
    overrides = overrides_of(setup, "yinzi.bad_profile")
    box = components.for_overrides(overrides)  # refuses unknown fact keys
    palette = list(box.components.colors)
    colors = setup.get("colors") or palette[: len(names)]
    ok = isinstance(colors, list) and all(isinstance(c, str) and c in palette for c in colors)
    if not ok or len(colors) != len(names) or len(set(colors)) != len(colors):
        raise SetupError(
            "yinzi.bad_colors",
            f"Give each player a different colour from {', '.join(palette)}.",
            colors=colors,
        )
    seed = seed_of(setup, "yinzi.bad_seed")
    out: dict[str, Any] = {"players": names, "colors": list(colors), "seed": seed,
                           "profile": {"overrides": overrides, **_seen_keys(setup, overrides)}}
    if setup.get("table_entry") is True:  # "Something else…" at the draws (companion.yinzi.table_entry)
        out["table_entry"] = True
    return out


def _seen_keys(setup: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """The overridden facts a table saw rather than the owner checked (profile "seen": status "seen"; "partly":
    only some of their components, still unverified)."""
    profile = setup.get("profile")
    out: dict[str, Any] = {}
    for name in ("seen", "partly"):
        keys = profile.get(name, []) if isinstance(profile, dict) else []
        if not isinstance(keys, list) or not all(isinstance(k, str) and k in overrides for k in keys):
            raise SetupError("yinzi.bad_profile", f"The profile's '{name}' must list facts of its 'overrides'.")
        keys = sorted(set(keys) - set(out.get("seen", ())))
        if keys:
            out[name] = keys
    return out


def _player(box: components.Components, name: str, color: str) -> Player:
    return Player(
        name=name,
        color=color,
        copper=int(box.setup.start_copper),
        discs=int(box.components.discs_per_player),
        cubes=int(box.components.cubes_per_player),
        wares=int(box.components.wares_per_player),
        workers=int(box.components.workers_per_player),
        deck=[list(c) for c in box.deck],
    )


def initial_state(setup: dict[str, Any]) -> YinziState:
    """The table before the first draw: supplies (H, K), bank (G), resource box (F), the die (C)."""
    seen, partly = setup["profile"].get("seen", []), setup["profile"].get("partly", [])
    box = components.for_overrides(setup["profile"]["overrides"], seen, partly)
    n = len(setup["players"])
    players = [_player(box, name, color) for name, color in zip(setup["players"], setup["colors"], strict=True)]
    state = YinziState(players=players, overrides=setup["profile"]["overrides"], seed=setup["seed"],
                       table_entry=bool(setup.get("table_entry")), seen={k: [] for k in seen},
                       partly=sorted(partly))
    state.die = int(box.exchange.start_field)
    state.bank_copper = int(box.components.copper) - sum(p.copper for p in players)
    state.bank_silver = int(box.components.silver)
    state.wood_box = int(box.components.wood)
    state.stone_box = int(box.components.stone)
    state.market_pool = sorted(box.city_markets.tiles)
    state.crop_track = [None] * len(box.crop_costs)
    crops = dict(box.crops.tiles)
    removed = box.crops.removed_3p if n == 3 else box.crops.removed_2p if n == 2 else {}
    for sort, k in removed.items():
        crops[sort] -= k
    state.crop_reserve = {s: crops.pop(s) for s in ("potato", "grain")}
    state.crop_pool = crops
    state.ship_pool = {kind: int(s["count"]) for kind, s in box.ship_kinds.items()}
    state.coast = [None] * n
    state.foreign = {nation: [] for nation in box.ships.kinds} | {"general_east": [], "general_europe": []}
    state.factory_pool = {f"{w}/{c}": 1 for w in box.factories.wares for c in setup["colors"]}
    state.infra_pool = list(range(len(box.infra.tiles)))
    state.local_market = [0] * n
    state.occasion = [{"sold": False, "bought": False} for _ in range(n)]
    state.bonus_of = [None] * n
    state.emperor = {b: [] for b in box.emperor.boxes}
    return state


# -- the setup steps, in the rulebook's order -----------------------------------------------------
@bookkeeping("setup_markets", "3 Spielaufbau B")
def lay_out_markets(state: YinziState) -> list[Event]:
    # 3 C: the die stands on its start field; edition 6 asks the table what the track shows there (edition 7:
    # the boat track under the cylinders' start field too)
    push(state, *(draw_frame("market", province=p) for p in components.of(state).provinces),
         *corrections.read_rate(state), *readings.boat_fields(state, sorted({pl.boat for pl in state.players})))
    return []


@bookkeeping("setup_order", "3 Spielaufbau N")
def draw_turn_order(state: YinziState) -> list[Event]:
    push(state, *(draw_frame("order") for _ in state.players))
    return []


@bookkeeping("setup_crops", "3 Spielaufbau D")
def fill_crop_track(state: YinziState) -> list[Event]:
    push(state, *(draw_frame("crop", slot=i) for i in range(len(state.crop_track))))
    return []


@bookkeeping("setup_ships", "3 Spielaufbau E")
def ships_at_the_coast(state: YinziState) -> list[Event]:
    n = len(state.players)
    removed = int(components.of(state).ships.removed_2_3p) if n < 4 else 0
    removals = [draw_frame("ship_remove") for _ in range(removed)]
    push(state, *removals, *(draw_frame("coast", row=r) for r in range(n)))
    return []


@bookkeeping("setup_ship_stacks", "3 Spielaufbau E")
def ship_stacks(state: YinziState) -> list[Event]:
    """The remaining ships in about equal stacks, one per row, the top ship face up."""
    total = sum(state.ship_pool.values())
    n = len(state.players)
    state.ship_rows = [{"top": None, "hidden": total // n + (1 if r < total % n else 0)} for r in range(n)]
    push(state, *(draw_frame("ship_top", row=r) for r in range(n) if state.ship_rows[r]["hidden"] > 0))
    return []


@bookkeeping("setup_factories", "3 Spielaufbau I")
def factory_display(state: YinziState) -> list[Event]:
    push(state, *(draw_frame("factory") for _ in state.players))
    return []


@bookkeeping("setup_infrastructure", "3 Spielaufbau J")
def infrastructure_stacks(state: YinziState) -> list[Event]:
    """Players + 1 stacks of four: the first is the face-down discard stack, the others one row each."""
    size = int(components.of(state).infra.stack_size)
    state.discard_hidden = size
    state.infra_rows = [{"top": None, "hidden": size, "by": None, "items": []} for _ in state.players]
    push(state, *(draw_frame("infra", row=r) for r in range(len(state.players))))
    return []


@bookkeeping("setup_start", RULE_START)
def starting_factories(state: YinziState) -> list[Event]:
    """In reverse turn order a starting factory each, new factory tiles, then wood or stone each."""
    reverse = list(reversed(state.prov_order))
    frames: list[Frame] = [{"k": "start_factory", "p": p} for p in reverse]
    frames += [draw_frame("factory") for _ in state.players]
    frames += [{"k": "start_resource", "p": p} for p in reverse]
    push(state, *frames)
    return []


SETUP_STEPS = ("setup_markets", "setup_order", "setup_crops", "setup_ships", "setup_ship_stacks",
               "setup_factories", "setup_infrastructure", "setup_start")


# -- 3 O: starting factory and resource ------------------------------------------------------------
def _factory_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    return [
        {"type": "start_factory", "factory": kind, "province": prov}
        for kind in sorted(set(state.factory_display))
        for prov in components.of(state).provinces
    ]


@decision("start_factory", RULE_START, _factory_options)
def _start_factory(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    return [factories.build(state, frame["p"], action["factory"], action["province"])]


def _resource_options(state: YinziState, frame: Frame) -> list[dict[str, Any]]:
    left = (("wood", state.wood_box), ("stone", state.stone_box))
    return [{"type": "start_resource", "resource": r} for r, n in left if n > 0]


@decision("start_resource", RULE_START, _resource_options)
def _start_resource(state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    return goods.take_resource(state, frame["p"], action["resource"])

