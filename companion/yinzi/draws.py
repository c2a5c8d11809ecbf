"""Chance: what the table sees turn up (tiles, ships, cards, the die), as decisions with weights.

Options are the kinds still possible, weighted by copies left, so the table can enter what it
sees or the app can draw with its seeded RNG. Pools never hold kinds with zero copies.
"""

from __future__ import annotations

from typing import Any

from companion.core import CHANCE, Event

from .box import Box
from .frames import Ask, handler, pop, rule
from .state import YinziState


def infra_signature(box: Box, idx: int) -> str:
    t = box.v("infra.tiles")[idx]
    return f"{t['demand']}/{t['war']}/{t['disaster'] or '-'}"


def _infra_options(state: YinziState, box: Box) -> tuple[list[dict], list[int]]:
    reps: dict[str, list[int]] = {}
    for idx in sorted(state.infra_pool):
        reps.setdefault(infra_signature(box, idx), []).append(idx)
    opts, weights = [], []
    for sig in sorted(reps):
        opts.append({"type": "draw", "value": reps[sig][0]})
        weights.append(len(reps[sig]))
    return opts, weights


def _counted(pool: dict[str, int], allowed: set[str] | None = None) -> tuple[list[dict], list[int]]:
    keys = [k for k in sorted(pool) if pool[k] > 0 and (allowed is None or k in allowed)]
    return [{"type": "draw", "value": k} for k in keys], [pool[k] for k in keys]


def east_nations(box: Box) -> set[str]:
    """Ship kinds (see Box.ship_kinds) of the eastern powers."""
    return {k for k, s in box.ship_kinds.items() if s["region"] == "east"}


def draw_options(state: YinziState, box: Box, frame: dict[str, Any]) -> tuple[list[dict], list[int]]:
    what = frame["what"]
    if what == "market":
        return [{"type": "draw", "value": m} for m in sorted(state.market_pool)], [1] * len(state.market_pool)
    if what == "order":
        left = [p for p in range(len(state.players)) if p not in state.prov_order]
        return [{"type": "draw", "value": p} for p in left], [1] * len(left)
    if what == "crop":
        return _counted(state.crop_pool)
    if what in ("ship_remove", "coast"):
        return _counted(state.ship_pool, east_nations(box))
    if what == "ship_top":
        return _counted(state.ship_pool)
    if what == "factory":
        return _counted(state.factory_pool)
    if what in ("infra", "infra_hidden"):
        return _infra_options(state, box)
    if what == "card":
        counts: dict[str, int] = {}
        for f, w in state.players[frame["p"]].deck:
            counts[f"{f}/{w}"] = counts.get(f"{f}/{w}", 0) + 1
        return _counted(counts)
    if what == "die":
        return [{"type": "draw", "value": v} for v in range(1, 7)], [1] * 6
    raise AssertionError(what)


def draw_frame(what: str, **extra: Any) -> dict[str, Any]:
    return {"k": "draw", "what": what, **extra}


def can_draw(state: YinziState, box: Box, what: str, **extra: Any) -> bool:
    return bool(draw_options(state, box, draw_frame(what, **extra))[0])


RULES = {
    "market": "3 Spielaufbau B",
    "order": "3 Spielaufbau N",
    "crop": "5A Ernteleiste auffüllen",
    "ship_remove": "3 Spielaufbau E",
    "coast": "3 Spielaufbau E",
    "ship_top": "5B Schiffe beliefern: Neue Schiffe treffen ein",
    "factory": "3 Spielaufbau I; 5B Fabriken ausbauen",
    "infra": "5C III Infrastruktur",
    "infra_hidden": "5C IV Straßenbau",
    "card": "5B Aktionskarten ziehen",
    "die": "5F I Kupfer-Silber-Tauschverhältnis festlegen",
}


def _ask(state: YinziState, box: Box, frame: dict[str, Any]) -> Ask:
    opts, weights = draw_options(state, box, frame)
    params = {k: v for k, v in frame.items() if k not in ("k", "what")}
    return Ask(CHANCE, f"yinzi.draw_{frame['what']}", opts, rule(RULES[frame["what"]]), weights, params)


@handler("draw", _ask)
def _act(state: YinziState, box: Box, frame: dict[str, Any], action: dict[str, Any]) -> list[Event]:
    from . import placing  # the effect of a drawn thing depends on where it goes

    pop(state, frame)
    return placing.place_draw(state, box, frame, action["value"])
