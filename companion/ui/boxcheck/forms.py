"""One form per kind of fact, built from the fact's value (no JSON anywhere): a count, a list of numbers,
numbers per kind (travel tiles, decree costs, Automa cards), a table of records (jade houses, decrees),
pairs (the map's roads) and the gift-card census (per set one row per card: value and action, counted up to the
box's total).

Each form returns the value the owner entered (same shape as the fact's value); validation is the
profile's own (core.profile) and the game's setup check, run by the page before saving. Steppers carry no
bounds: a number typed outside the fact's range reaches that check and is refused in the reader's words
(a bounded widget would silently keep its old value, and Save would store that).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import streamlit as st

from companion.i18n import has
from companion.i18n.labels import part_name
from companion.pdf import boxform
from companion.ui.context import lang, tr

ROW_PX = 35  # a grid row's height in Streamlit's data editor
WORDS = {"action": "card_action", "tile": "tile", "decree": "decree", "id": "decree", "set": "box.set"}


def word(game: str, prefix: str, code: Any) -> str:
    """A code as the reader's word (gugong.tile.canal -> "Kaiserkanal"), else the code itself."""
    key = f"{prefix}.{code}" if prefix.startswith("box.") else f"{game}.{prefix}.{code}"
    return tr(key) if has(key, lang()) else str(code)


def key_word(game: str, fact: str, key: str) -> str:
    """A count's label as the printed sheet has it: its template's `key_label` ("Day 2") or `keys` words (Meng's
    Automa cards by location, not by travel tile), else the game's word for the key (a tile, decree...)."""
    hint = boxform.hint(game, fact)
    if hint.get("key_label"):
        return boxform.t(hint["key_label"], lang(), key=key)
    if hint.get("keys"):
        return boxform.Words(lang())(key, hint["keys"])
    return part_name(game, key, lang())


def edit(game: str, fact: str, value: Any, schema: dict[str, Any], key: str) -> Any:
    """The form for one fact's value; returns what the owner entered."""
    if fact == "gift_cards":
        return gift_cards(game, value, schema, key)
    if isinstance(value, bool):
        return st.toggle(tr("box.value"), value=value, key=key)
    if isinstance(value, int):
        return int(st.number_input(tr("box.value"), value=value, step=1, key=key))
    if isinstance(value, dict) and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
        return counts(game, fact, value, schema, key)
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return numbers(value, schema, key)
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return rows(game, fact, value, schema, key)
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        return records(game, value, schema, key)
    return Parts(game, fact).whole(value, schema, key)


def _bounds(schema: dict[str, Any]) -> dict[str, int]:
    out = {}
    if "minimum" in schema:
        out["min_value"] = int(schema["minimum"])
    if "maximum" in schema:
        out["max_value"] = int(schema["maximum"])
    return out


def counts(game: str, fact: str, value: dict[str, int], schema: dict[str, Any], key: str) -> dict[str, int]:
    """A stepper per kind, with the running total."""
    out: dict[str, int] = {}
    columns, half = st.columns(2), (len(value) + 1) // 2  # down the first column, then the second: a phone
    for i, (k, v) in enumerate(value.items()):            # stacks them in the box's own order
        out[k] = int(columns[i // half].number_input(key_word(game, fact, str(k)), value=int(v), step=1,
                                                 key=f"{key}_{k}"))
    if boxform.hint(game, fact).get("tally"):  # components counted by kind (not prices, points or ids)
        st.caption(tr("box.running_total", n=sum(out.values())))
    return out


def numbers(value: list[int], schema: dict[str, Any], key: str) -> list[int]:
    """One stepper per position (e.g. each face of a die)."""
    columns = st.columns(min(6, max(1, len(value))))
    return [int(columns[i % len(columns)].number_input(tr("box.position", n=i + 1), value=int(v), step=1,
                                                       key=f"{key}_{i}")) for i, v in enumerate(value)]


def rows(game: str, fact: str, value: list[list[Any]], schema: dict[str, Any], key: str) -> list[list[Any]]:
    """Rows of a few cells (a road between two provinces, a card's fate value and workers): add, change or
    remove rows; columns headed and words shown as the printed sheet has them."""
    hint, words = boxform.hint(game, fact), boxform.Words(lang())
    inner = schema.get("items", {})
    cell = inner.get("items", {}) if isinstance(inner.get("items"), dict) else {}
    width = max(len(r) for r in value)
    heads = [head(c) for c in hint.get("columns", [])] or [tr("box.position", n=i + 1) for i in range(width)]
    names = [f"c{i}" for i in range(width)]
    prefix = (hint.get("choices") or {}).get("*")
    config: dict[str, Any] = {}
    for name, label in zip(names, heads, strict=False):
        if "enum" in cell:
            config[name] = st.column_config.SelectboxColumn(label, options=cell["enum"], required=True,
                                                            format_func=lambda c: words(c, prefix))
        else:
            config[name] = st.column_config.NumberColumn(label, step=1, **_bounds(cell))
    frame = pd.DataFrame([dict(zip(names, r, strict=False)) for r in value], columns=names)
    edited = st.data_editor(frame, num_rows="dynamic", column_config=config, key=key, hide_index=True,
                            width="stretch")
    return [[_number(r[n]) for n in names] for _, r in edited.iterrows() if all(pd.notna(r[n]) for n in names)]


def head(field: str) -> str:
    """A record field's name as the printed sheet heads its column."""
    for name in (f"pdf.boxcheck.field.{field}", f"box.field.{field}"):
        if has(name, lang()):
            return tr(name)
    return part_name("", field, lang())


class Parts:
    """Facts of other shapes (lists of words, words per key, records per key): one widget per part, as the
    fact's schema allows, in the words of the printed sheet (its template's hints)."""

    def __init__(self, game: str, fact: str) -> None:
        self.game, self.hint, self.words = game, boxform.hint(game, fact), boxform.Words(lang())
        self.choices = self.hint.get("choices") or {}

    def whole(self, value: Any, schema: dict[str, Any], key: str) -> Any:
        if not isinstance(value, dict):
            return self.part(tr("box.shows"), "*", value, schema, key)
        return {k: self.entry(k, v, _prop(schema, k), f"{key}_{k}") for k, v in value.items()}

    def entry(self, k: str, v: Any, spec: dict[str, Any], key: str) -> Any:
        fmt, keys = self.hint.get("key_label"), self.hint.get("keys")
        label = (boxform.t(fmt, lang(), key=k) if fmt else self.words(k, keys) if keys
                 else part_name(self.game, k, lang()))
        if not isinstance(v, dict):
            return self.part(label, "*", v, spec, key)
        with st.container(border=True, key=f"{key}_box"):
            st.markdown(f"**{label}**")
            return {f: self.part(head(f), f, x, _prop(spec, f), f"{key}_{f}") for f, x in v.items()}

    def _says(self, column: str) -> Any:
        prefix = self.choices.get(column, self.choices.get("*"))
        return lambda code: self.words(code, prefix)

    def part(self, label: str, column: str, v: Any, spec: dict[str, Any], key: str) -> Any:
        """One value's widget by its type: yes/no, a number, a word, a list of words; else shown as words."""
        if isinstance(v, bool):
            return st.toggle(label, value=v, key=key)
        if isinstance(v, int):
            return int(st.number_input(label, value=v, step=1, key=key))
        if isinstance(v, str) and len(spec.get("enum", ())) == 1:  # fixed by the rest (a nation's region)
            st.caption(f"{label}: {self._says(column)(v)}")
            return v
        if isinstance(v, str) and "enum" in spec:
            options = list(spec["enum"])
            return st.selectbox(label, options, index=options.index(v) if v in options else 0, key=key,
                                format_func=self._says(column))
        if isinstance(v, list) and all(isinstance(x, str) for x in v):
            return self.words_list(label, column, v, spec, key)
        if isinstance(v, list) and v and all(isinstance(x, list) for x in v):  # e.g. one slot list per ship
            item = spec.get("items", {})
            return [self.part(f"{label} · {tr('box.position', n=i + 1)}", column, x, item, f"{key}_{i}")
                    for i, x in enumerate(v)]
        st.caption(f"{label}: {self.words.text(v, self.choices.get('*'), self.hint.get('keys'))}")
        return v

    def words_list(self, label: str, column: str, v: list[str], spec: dict[str, Any], key: str) -> list[str]:
        """Words from a list: chosen once each (a set of goods), else place by place (a ship's places, where
        one ware may come twice); without a list of words to choose from, the owner may name new ones."""
        enum, says = spec.get("items", {}).get("enum"), self._says(column)
        if enum is None:
            return st.multiselect(label, v, default=v, key=key, format_func=says, accept_new_options=True)
        if spec.get("uniqueItems") or spec.get("maxItems") is None:
            return st.multiselect(label, enum, default=[x for x in v if x in enum], key=key, format_func=says,
                                  max_selections=spec.get("maxItems"))
        places, count = [None, *enum], int(spec["maxItems"])
        st.caption(label)
        columns = st.columns(min(4, count))
        picks = [columns[i % len(columns)].selectbox(
            tr("box.place_n", n=i + 1), places, index=places.index(v[i]) if i < len(v) and v[i] in places else 0,
            key=f"{key}_{i}", format_func=lambda c: "—" if c is None else says(c)) for i in range(count)]
        return [x for x in picks if x is not None]


def _prop(schema: dict[str, Any], name: str) -> dict[str, Any]:
    props = schema.get("properties", {})
    extra = schema.get("additionalProperties")
    return props.get(str(name)) or (extra if isinstance(extra, dict) else {})


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
    return int(v) if isinstance(v, float) and v.is_integer() else (v.item() if isinstance(v, np.generic) else v)


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
