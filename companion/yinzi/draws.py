"""Chance: what the table turns up (tiles, ships, cards, the die) and where it goes.

Each kind of draw is a chance step "draw_<what>" whose options are the kinds still possible,
weighted by copies left, so the table can enter what it sees or the app can draw with its
seeded RNG. Pools never hold kinds with zero copies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core import Event
from companion.core.steps import Frame, Step, push

from . import components, corrections, exchange, table_entry
from .components import nation_of
from .state import YinziState
from .steps import STEPS, rule

Drawn = tuple[list[dict[str, Any]], list[int]]  # options and their weights
FACES = list(range(1, exchange.DIE_FIELDS + 1))  # the die's faces: one per field of the exchange-rate track


def new_ship(state: YinziState, kind: str) -> dict[str, Any]:
    """A ship tile at the coast; `kind` is a nation or, when its ships differ, "nation#layout"."""
    spec = components.of(state).ship_kinds[kind]
    return {"nation": spec["nation"], "slots": [{"need": s, "items": []} for s in spec["slots"]]}


def infra_signature(state: YinziState, idx: int) -> str:
    t = components.of(state).infra.tiles[idx]
    return f"{t['demand']}/{t['war']}/{t['disaster'] or '-'}"


def _counted(pool: dict[str, int], allowed: set[str] | None = None) -> Drawn:
    keys = [k for k in sorted(pool) if pool[k] > 0 and (allowed is None or k in allowed)]
    return [{"type": "draw", "value": k} for k in keys], [pool[k] for k in keys]


def _each(values: list[Any]) -> Drawn:
    return [{"type": "draw", "value": v} for v in values], [1] * len(values)


def east_nations(state: YinziState) -> set[str]:
    """Ship kinds (see Components.ship_kinds) of the eastern powers."""
    return {k for k, s in components.of(state).ship_kinds.items() if s["region"] == "east"}


def _infra(state: YinziState, frame: Frame) -> Drawn:
    """Tiles that look alike (demand, war symbols, disaster) are one option, weighted by copies."""
    reps: dict[str, list[int]] = {}
    for idx in sorted(state.infra_pool):
        reps.setdefault(infra_signature(state, idx), []).append(idx)
    return [{"type": "draw", "value": reps[s][0]} for s in sorted(reps)], [len(reps[s]) for s in sorted(reps)]


def _card(state: YinziState, frame: Frame) -> Drawn:
    counts: dict[str, int] = {}
    for f, w in state.players[frame["p"]].deck:
        counts[f"{f}/{w}"] = counts.get(f"{f}/{w}", 0) + 1
    return _counted(counts)


def _order(state: YinziState, frame: Frame) -> Drawn:
    return _each([p for p in range(len(state.players)) if p not in state.prov_order])


# -- where the drawn thing goes --------------------------------------------------------------------
def _market(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.market_pool.remove(value)
    state.markets[frame["province"]] = {"tile": value, "raw": []}
    return [STEPS.event("market_placed", {"province": frame["province"], "tile": value})]


def _order_drawn(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.prov_order.append(value)
    return [STEPS.event("order_drawn", {"player": value, "position": len(state.prov_order)})]


def _crop(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.crop_pool[value] -= 1
    state.crop_track[frame["slot"]] = value
    return [STEPS.event("crop_revealed", {"slot": frame["slot"] + 1, "crop": value})]


def _ship_removed(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.ship_pool[value] -= 1
    return [STEPS.event("ship_removed", {"nation": nation_of(value)})]


def _coast(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.ship_pool[value] -= 1
    state.coast[frame["row"]] = new_ship(state, value)
    return [STEPS.event("ship_arrived", {"nation": nation_of(value), "row": frame["row"] + 1})]


def _ship_top(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.ship_pool[value] -= 1
    row = state.ship_rows[frame["row"]]
    row["top"] = value
    row["hidden"] -= 1
    return [STEPS.event("ship_sighted", {"nation": nation_of(value), "row": frame["row"] + 1})]


def _factory(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.factory_pool[value] -= 1
    state.factory_display.append(value)
    return [STEPS.event("factory_revealed", {"factory": value})]


def _infra_top(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.infra_pool.remove(value)
    row = state.infra_rows[frame["row"]]
    row["top"] = value
    row["hidden"] -= 1
    return [STEPS.event("infra_revealed", {"row": frame["row"] + 1, "tile": value})]


def _infra_hidden(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    state.infra_pool.remove(value)
    state.discard_hidden -= 1
    state.players[frame["p"]].personal_infra.append({"tile": value})
    return [STEPS.event("personal_infra_taken", {"player": frame["p"], "tile": value})]


def _card_drawn(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    f, w = (int(x) for x in value.split("/"))
    pl = state.players[frame["p"]]
    pl.deck.remove([f, w])
    pl.hand.append([f, w])
    return [STEPS.event("card_drawn", {"player": frame["p"], "fate": f, "workers": w})]


def _die(state: YinziState, frame: Frame, value: Any) -> list[Event]:
    before = state.die
    state.die = exchange.move_die(before, value)
    state.die_history.append([before, value, state.die])
    push(state, *corrections.read_rate(state))  # edition 6: the table reads the rate where the die now stands
    params = {"roll": value, "from": before, "to": state.die, "rate": exchange.rate(state)}
    return [STEPS.event("die_rolled", components.tagged(state, params, rate=components.RATES))]


@dataclass(frozen=True)
class Draw:
    section: str  # where the rulebook has the table draw it
    options: Callable[[YinziState, Frame], Drawn]
    place: Callable[[YinziState, Frame, Any], list[Event]]
    # the table holds it face down in an order (or a choice) of its own and it goes to one player: only the
    # table enters it, the app never draws it (companion.core.chance.app_may_draw)
    hidden: bool = False


DRAWS: dict[str, Draw] = {
    "market": Draw("3 Spielaufbau B", lambda s, f: _each(sorted(s.market_pool)), _market),
    "order": Draw("3 Spielaufbau N", _order, _order_drawn),
    "crop": Draw("5A Ernteleiste auffüllen", lambda s, f: _counted(s.crop_pool), _crop),
    "ship_remove": Draw("3 Spielaufbau E", lambda s, f: _counted(s.ship_pool, east_nations(s)), _ship_removed),
    "coast": Draw("3 Spielaufbau E", lambda s, f: _counted(s.ship_pool, east_nations(s)), _coast),
    "ship_top": Draw("5B Schiffe beliefern: Neue Schiffe treffen ein", lambda s, f: _counted(s.ship_pool), _ship_top),
    "factory": Draw("3 Spielaufbau I; 5B Fabriken ausbauen", lambda s, f: _counted(s.factory_pool), _factory),
    "infra": Draw("5D III Infrastruktur", _infra, _infra_top),
    "infra_hidden": Draw("5D IV Vorhaben des Kaisers", _infra, _infra_hidden, hidden=True),  # the face-down pile
    "card": Draw("5B Aktionskarten ziehen", _card, _card_drawn, hidden=True),  # the top of a player's own deck
    "die": Draw("5F I Kupfer-Silber-Tauschverhältnis festlegen", lambda s, f: _each(FACES), _die),
}
RULES = {what: draw.section for what, draw in DRAWS.items()}


def draw_frame(what: str, **extra: Any) -> Frame:
    return {"k": f"draw_{what}", **extra}


def can_draw(state: YinziState, what: str, **extra: Any) -> bool:
    return bool(DRAWS[what].options(state, draw_frame(what, **extra))[0])


def _place(what: str, draw: Draw, state: YinziState, frame: Frame, action: dict[str, Any]) -> list[Event]:
    """Place what was drawn; a component the table entered ("Something else…") first grows the model."""
    value, seen = table_entry.take(state, what, frame, action)
    return seen + draw.place(state, frame, value)


def _register(what: str, draw: Draw) -> None:
    """One chance step per draw: the kinds left, weighted by copies, then what the table may enter beyond
    the profile (weight 0: the app never draws those, companion.yinzi.table_entry)."""
    STEPS.add(Step(
        f"draw_{what}",
        lambda state, frame, action: _place(what, draw, state, frame, action),
        lambda state, frame: draw.options(state, frame)[0] + table_entry.options(state, what, frame),
        rule(draw.section),
        chance=True,
        weights=lambda state, frame, options: _weights(draw, state, frame, options),
        hidden=draw.hidden,
    ))


def _weights(draw: Draw, state: YinziState, frame: Frame, options: list[Any]) -> list[int]:
    """Copies left of each listed kind; 0 for what only the table enters."""
    weights = draw.options(state, frame)[1]
    return [*weights, *[0] * (len(options) - len(weights))]


for _what, _draw in DRAWS.items():
    _register(_what, _draw)
