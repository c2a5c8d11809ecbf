"""Setup for 2-4 players as far as it affects bookkeeping (RULES-Y 3 Spielaufbau A-O)."""

from __future__ import annotations

from typing import Any

from companion.core import SetupError
from companion.core.setup import player_names

from .box import box_for
from .state import Player, YinziState


def normalize_setup(setup: dict[str, Any]) -> dict[str, Any]:
    names = player_names(
        setup, 2, 4,
        ("yinzi.bad_players", "Yinzi is played by 2 to 4 players: give a list of 2 to 4 names."),
        ("yinzi.bad_names", "Every player needs a different, non-empty name."),
    )
    profile = setup.get("profile") or {}
    overrides = dict(profile.get("overrides") or {})
    box = box_for(overrides)  # refuses unknown fact keys
    palette = list(box.v("components.colors"))
    colors = setup.get("colors") or palette[: len(names)]
    if len(colors) != len(names) or len(set(colors)) != len(colors) or any(c not in palette for c in colors):
        raise SetupError(
            "yinzi.bad_colors",
            f"Give each player a different colour from {', '.join(palette)}.",
            colors=colors,
        )
    try:
        seed = int(setup.get("seed", 0))
    except (TypeError, ValueError) as err:
        raise SetupError("yinzi.bad_seed", "The seed must be a whole number.") from err
    return {"players": names, "colors": list(colors), "seed": seed, "profile": {"overrides": overrides}}


def initial_state(setup: dict[str, Any]) -> YinziState:
    box = box_for(setup["profile"]["overrides"])
    n = len(setup["players"])
    players = [
        Player(
            name=name,
            color=color,
            copper=int(box.v("setup.start_copper")),
            discs=int(box.v("components.discs_per_player")),
            cubes=int(box.v("components.cubes_per_player")),
            wares=int(box.v("components.wares_per_player")),
            workers=int(box.v("components.workers_per_player")),
            deck=[list(c) for c in box.deck],
        )
        for name, color in zip(setup["players"], setup["colors"], strict=True)
    ]
    state = YinziState(players=players, overrides=setup["profile"]["overrides"], seed=setup["seed"])
    state.die = int(box.v("exchange.start_field"))
    state.bank_copper = int(box.v("components.copper")) - sum(p.copper for p in players)
    state.bank_silver = int(box.v("components.silver"))
    state.wood_box = int(box.v("components.wood"))
    state.stone_box = int(box.v("components.stone"))
    state.market_pool = sorted(box.v("city_markets.tiles"))
    crops = dict(box.v("crops.tiles"))
    removed = box.v("crops.removed_3p") if n == 3 else box.v("crops.removed_2p") if n == 2 else {}
    for sort, k in removed.items():
        crops[sort] -= k
    state.crop_reserve = {s: crops.pop(s) for s in ("potato", "grain")}
    state.crop_pool = crops
    state.ship_pool = {kind: int(s["count"]) for kind, s in box.ship_kinds.items()}
    state.coast = [None] * n
    state.foreign = {nation: [] for nation in box.v("ships.kinds")} | {"general_east": [], "general_europe": []}
    state.factory_pool = {f"{w}/{c}": 1 for w in box.v("factories.wares") for c in setup["colors"]}
    state.infra_pool = list(range(len(box.v("infra.tiles"))))
    state.local_market = [0] * n
    state.bonus_of = [None] * n
    state.emperor = {b: [] for b in box.v("emperor.boxes")}
    state.frames = []
    return state
