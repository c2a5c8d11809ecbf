"""The box check: what an owner reads off their own box once, to replace the labelled placeholders.

Each question names the profile fact it fills, a translation key for the prompt and the shape of the
answer; `apply_answers` validates answers and returns setup overrides (setup["profile"]["overrides"]).
"""

from __future__ import annotations

from typing import Any

from companion.core import SetupError

from .components import for_overrides as box_for

QUESTIONS: tuple[dict[str, Any], ...] = (
    {"fact": "exchange.rates", "key": "yinzi.boxcheck.exchange_rates", "shape": "int_list", "length": 6},
    {"fact": "boat.capacities", "key": "yinzi.boxcheck.boat_capacities", "shape": "int_list"},
    {"fact": "crops.track_costs", "key": "yinzi.boxcheck.crop_costs", "shape": "int_list", "length": 6},
    {"fact": "cards.deck", "key": "yinzi.boxcheck.cards", "shape": "pairs", "length": 12},
    {"fact": "foreign_markets.vp", "key": "yinzi.boxcheck.foreign_vp", "shape": "int_map"},
)


def questions(overrides: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Open questions: facts still unverified in this profile, with the current (placeholder) value."""
    box = box_for(overrides)
    out = []
    for q in QUESTIONS:
        fact = box.profile.fact(q["fact"])
        if not fact.verified:
            out.append({**q, "current": fact.value, "status": fact.status, "source": fact.source})
    return out


def apply_answers(answers: dict[str, Any], overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    merged = dict(overrides or {})
    shapes = {q["fact"]: q for q in QUESTIONS}
    for fact, value in answers.items():
        q = shapes.get(fact)
        if q is None:
            raise SetupError("yinzi.boxcheck_unknown", f"{fact!r} is not part of the Yinzi box check.", fact=fact)
        ok = _valid(q, value)
        if not ok:
            raise SetupError("yinzi.boxcheck_invalid", f"The answer for {fact} is not valid: {value!r}.", fact=fact)
        merged[fact] = value
    box_for(merged)  # refuses unknown keys like any setup would
    return merged


def _valid(q: dict[str, Any], value: Any) -> bool:
    if q["shape"] == "int_list":
        good = isinstance(value, list) and value and all(isinstance(v, int) and v > 0 for v in value)
        return bool(good) and ("length" not in q or len(value) == q["length"])
    if q["shape"] == "pairs":
        return (
            isinstance(value, list)
            and len(value) == q["length"]
            and all(
                isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and x >= 0 for x in v) for v in value
            )
        )
    if q["shape"] == "int_map":
        return isinstance(value, dict) and all(isinstance(v, int) and v >= 0 for v in value.values())
    return False
