"""One form per kind of fact, built from the fact's value (no JSON anywhere): a count, a list of numbers,
numbers per kind (travel tiles, decree costs, Automa cards), a table of records (jade houses, decrees),
pairs (the map's roads) and the gift-card census (per set one row per card: value and action, counted up to the
box's total).

Each form returns the value the owner entered (same shape as the fact's value); validation is the
profile's own (core.profile) and the game's setup check, run by the page before saving.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from companion.i18n import has
from companion.i18n.labels import part_name
from companion.ui.context import lang, tr

ROW_PX = 35  # a grid row's height in Streamlit's data editor
WORDS = {"action": "card_action", "tile": "tile", "decree": "decree", "id": "decree", "set": "box.set"}


def word(game: str, prefix: str, code: Any) -> str:
    """A code as the reader's word (gugong.tile.canal -> "Kaiserkanal"), else the code itself."""
    key = f"{prefix}.{code}" if prefix.startswith("box.") else f"{game}.{prefix}.{code}"
    return tr(key) if has(key, lang()) else str(code)


def key_word(game: str, fact: str, key: str) -> str:
    """A count's label: the printed sheet's word for the key (a tile, decree, action value...)."""
    return part_name(game, key, lang())


def edit(game: str, fact: str, value: Any, schema: dict[str, Any], key: str) -> Any:
    """The form for one fact's value; returns what the owner entered."""
    if fact == "gift_cards":
        return gift_cards(game, value, schema, key)
    if isinstance(value, bool):
        return st.toggle(tr("box.value"), value=value, key=key)
    if isinstance(value, int):
        return int(st.number_input(tr("box.value"), value=value, step=1, key=key, **_bounds(schema)))
    if isinstance(value, dict) and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
        return counts(game, fact, value, schema, key)
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return numbers(value, schema, key)
    if isinstance(value, list) and all(isinstance(v, list) for v in value):
        return pairs(value, key)
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        return records(game, value, schema, key)
    st.write(_plain(value))
    return value


def _bounds(schema: dict[str, Any]) -> dict[str, int]:
    out = {}
    if "minimum" in schema:
        out["min_value"] = int(schema["minimum"])
    if "maximum" in schema:
        out["max_value"] = int(schema["maximum"])
    return out


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return " · ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def counts(game: str, fact: str, value: dict[str, int], schema: dict[str, Any], key: str) -> dict[str, int]:
    """A stepper per kind, with the running total."""
    props = schema.get("properties", {})
    out: dict[str, int] = {}
    columns = st.columns(2)
    for i, (k, v) in enumerate(value.items()):
        bounds = _bounds(props.get(str(k), schema.get("additionalProperties") or {}))
        out[k] = int(columns[i % 2].number_input(key_word(game, fact, str(k)), value=int(v), step=1,
                                                 key=f"{key}_{k}", **bounds))
    st.caption(tr("box.running_total", n=sum(out.values())))
    return out


def numbers(value: list[int], schema: dict[str, Any], key: str) -> list[int]:
    """One stepper per position (e.g. each face of a die)."""
    bounds = _bounds(schema.get("items", {}))
    columns = st.columns(min(6, max(1, len(value))))
    return [int(columns[i % len(columns)].number_input(tr("box.position", n=i + 1), value=int(v), step=1,
                                                       key=f"{key}_{i}", **bounds)) for i, v in enumerate(value)]


def pairs(value: list[list[Any]], key: str) -> list[list[int]]:
    """Rows of two (a road between two cities): add, change or remove rows."""
    frame = pd.DataFrame([{"a": p[0], "b": p[1]} for p in value], columns=["a", "b"])
    config = {"a": st.column_config.NumberColumn(tr("box.from"), step=1, min_value=0),
              "b": st.column_config.NumberColumn(tr("box.to"), step=1, min_value=0)}
    edited = st.data_editor(frame, num_rows="dynamic", column_config=config, key=key, hide_index=True,
                            width="stretch")
    return [[int(r["a"]), int(r["b"])] for _, r in edited.iterrows() if pd.notna(r["a"]) and pd.notna(r["b"])]


def records(game: str, value: list[dict[str, Any]], schema: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """A table of records, one row each (jade houses: price and jade; decrees: level and points)."""
    props = schema.get("items", {}).get("properties", {})
    fields = list(dict.fromkeys(k for r in value for k in r))
    config: dict[str, Any] = {}
    for f in fields:
        label = tr(f"box.field.{f}") if has(f"box.field.{f}", lang()) else f
        spec = props.get(f, {})
        if "enum" in spec:
            config[f] = st.column_config.SelectboxColumn(label, options=spec["enum"])
        elif spec.get("type") == "integer":
            config[f] = st.column_config.NumberColumn(label, step=1, **_bounds(spec))
        else:
            config[f] = st.column_config.Column(label)
    edited = st.data_editor(pd.DataFrame(value, columns=fields), column_config=config, key=key, hide_index=True,
                            width="stretch", num_rows="fixed")
    return [{f: _number(r[f]) for f in fields if pd.notna(r[f])} for _, r in edited.iterrows()]


def _number(v: Any) -> Any:
    return int(v) if isinstance(v, float) and v.is_integer() else (v.item() if hasattr(v, "item") else v)


def gift_cards(game: str, value: list[dict[str, Any]], schema: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """Per set (start, draw pile, player sets): one row per card, its value and its action symbol (two columns:
    fits a phone). Rows can be added or removed; the running count must reach the box's number of cards."""
    props = schema["items"]["properties"]
    sets = props["set"]["enum"]
    order = sorted(sets, key=lambda s: ("start", "deck").index(s) if s in ("start", "deck") else 2 + int(s[1:]))
    tabs = st.tabs([word(game, "box.set", s) for s in order])
    out: list[dict[str, Any]] = []
    for tab, s in zip(tabs, order, strict=True):
        with tab:
            out += _card_set(game, s, [c for c in value if c.get("set") == s], props, f"{key}_{s}")
    return out


def _card_set(game: str, s: str, cards: list[dict[str, Any]], props: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The cards of one set as rows (value, action), sorted by value as they lie on the table."""
    actions = props["action"]["enum"]
    names = {a: word(game, "card_action", a) for a in actions}
    rows = sorted(((int(c["value"]), c["action"]) for c in cards), key=lambda r: (r[0], actions.index(r[1])))
    frame = pd.DataFrame(rows, columns=["value", "action"])
    config = {"value": st.column_config.NumberColumn(tr("box.field.value"), step=1, required=True,
                                                     **_bounds(props["value"])),
              "action": st.column_config.SelectboxColumn(tr("box.field.action"), options=actions, required=True,
                                                         format_func=names.get)}
    height = ROW_PX * (len(rows) + 2) + 3  # every card, the header and the row to add one: no scrolling inside
    grid = st.data_editor(frame, column_config=config, key=key, hide_index=True, num_rows="dynamic",
                          width="stretch", height=height)
    return [{"value": int(r["value"]), "set": s, "action": r["action"]} for _, r in grid.iterrows()
            if pd.notna(r["value"]) and r["action"] in actions]
