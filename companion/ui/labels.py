"""Engine codes to words: decision kinds, options, events, errors, score rows.

Engines emit codes with parameters; this module looks them up in the catalogs and, when a
key is missing, falls back to a readable rendering of the code and its parameters (never a
crash, never raw JSON). Seat numbers in parameters named `player` (or `*_player`) become the
player's name. Pure functions: no Streamlit here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import CompanionError, Decision, Event, RuleError
from ..core.actions import Action
from ..i18n import catalog, has, t


def humanize(code: str) -> str:
    """ "gugong.choose_card" -> "Choose card" (the last dotted part, words spaced)."""
    last = code.rsplit(".", 1)[-1]
    text = last.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:] if text else code


def _value_text(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return t("ui.yes" if value else "ui.no", lang)
    if isinstance(value, str) and has(value, lang):
        return t(value, lang)
    if isinstance(value, list | tuple):
        return ", ".join(_value_text(v, lang) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{humanize(k)} {_value_text(v, lang)}" for k, v in value.items())
    return str(value)


def with_names(params: dict[str, Any], names: list[str], lang: str) -> dict[str, Any]:
    """Parameters ready for a catalog text: seats become names, known codes become words."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if _is_seat(key) and isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            out[key] = names[value]
        elif isinstance(value, str) and has(value, lang):
            out[key] = t(value, lang)
        elif isinstance(value, list | tuple | dict):
            out[key] = _value_text(value, lang)
        else:
            out[key] = value
    return out


SEAT_KEYS = ("player", "p", "seat")
Describe = Callable[[dict[str, Any]], dict[str, Any]]  # a board view's hook: ids -> what the table sees


def _is_seat(key: str) -> bool:
    return key in SEAT_KEYS or key.endswith("_player")


def _described(params: dict[str, Any], describe: Describe | None) -> dict[str, Any]:
    return describe(dict(params)) if describe is not None else params


def _lookup(keys: list[str], lang: str, params: dict[str, Any]) -> str | None:
    for key in keys:
        if has(key, lang):
            return t(key, lang, **params)
    return None


def readable(code: str, params: dict[str, Any], lang: str) -> str:
    """The fallback: "Choose card (card 7, payment: 2 servants)"."""
    shown = {k: v for k, v in params.items() if k != "type"}
    if not shown:
        return humanize(code)
    inner = ", ".join(f"{humanize(k).lower()} {_value_text(v, lang)}" for k, v in shown.items())
    return f"{humanize(code)} ({inner})"


def kind_label(
    kind: str,
    lang: str,
    params: dict[str, Any] | None = None,
    names: list[str] | None = None,
    describe: Describe | None = None,
) -> str:
    p = with_names(_described(params or {}, describe), names or [], lang)
    return _lookup([kind], lang, p) or humanize(kind)


def option_label(
    game: str,
    decision: Decision,
    action: Action,
    lang: str,
    names: list[str] | None = None,
    describe: Describe | None = None,
) -> str:
    """Label of one option. Keys tried: "<kind>.<type>", "<game>.action.<type>", "<game>.<type>"."""
    kind_type = str(action.get("type", "?"))
    raw = _described({k: v for k, v in action.items() if k != "type"}, describe)
    params = with_names(raw, names or [], lang)
    keys = [f"{decision.kind}.{kind_type}", f"{game}.action.{kind_type}", f"{game}.{kind_type}"]
    return _lookup(keys, lang, params) or readable(kind_type, params, lang)


def event_text(event: Event, lang: str, names: list[str] | None = None, describe: Describe | None = None) -> str:
    params = with_names(_described(event.params, describe), names or [], lang)
    return _lookup([event.code], lang, params) or readable(event.code, params, lang)


def error_text(err: CompanionError, lang: str, names: list[str] | None = None) -> str:
    """The refusal in the player's language (the engine's English message when no key exists)."""
    params = with_names({k: v for k, v in err.params.items() if k != "action"}, names or [], lang)
    text = _lookup([err.code, f"error.{err.code}"], lang, params)
    return text if text is not None else err.message


def rule_text(err: CompanionError) -> str:
    return err.rule if isinstance(err, RuleError) else ""


def row_label(game: str, code: str, lang: str) -> str:
    return _lookup([f"{game}.score.{code}", code], lang, {}) or humanize(code)


def known_keys(lang: str) -> set[str]:
    return set(catalog(lang))
