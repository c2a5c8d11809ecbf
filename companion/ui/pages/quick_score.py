"""Quick score: the final score of a game that was not tracked, from what the table shows.

The form is built from the game's end-table JSON Schema (the manifest's `end_table_schema` in
data/schemas/): one block per player with a field per schema property. The filled-in document
goes to the manifest's `score_table`, the same function as `python -m companion score GAME FILE`,
so the form holds no rules and the engine's validation messages are shown as they are.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import streamlit as st

from companion.core import CompanionError
from companion.core.end_table import FAMILY
from companion.core.registry import manifest, manifests
from companion.i18n import has, labels
from companion.stats import zone
from companion.stats.record import save_quick
from companion.stats.words import DATE_INPUT
from companion.ui import context, quick_fields, widgets
from companion.ui.boxcheck import owner
from companion.ui.context import lang, tr
from companion.ui.markup import plain

SCHEMA_DIR = Path(__file__).resolve().parents[3] / "data" / "schemas"
MAX_TABLE_BYTES = 200_000


def schema_for(game: str) -> dict[str, Any] | None:
    name = manifest(game).end_table_schema
    path = SCHEMA_DIR / name
    return json.loads(path.read_text(encoding="utf-8")) if name and path.is_file() else None


def quick_games() -> list[str]:
    return [m.name for m in manifests() if m.score_table is not None and m.end_table_schema]


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """Follow a local $ref ("#/$defs/x"), keeping the referring node's own keys."""
    ref = node.get("$ref")
    if not ref or not ref.startswith("#/"):
        return node
    target: Any = schema
    for part in ref[2:].split("/"):
        target = target[part]
    return {**_resolve(schema, target), **{k: v for k, v in node.items() if k != "$ref"}}


def _field_label(game: str, name: str) -> str:
    return labels.lookup([f"{game}.table.{name}", f"ui.qs.{game}.{name}"], lang(), {}) or labels.humanize(name)


def _game_field(game: str, name: str, spec: dict[str, Any], key: str) -> Any:
    """A field the generic form cannot draw (Dragon's palaces...): quick_fields.FIELDS, None = leave it out."""
    draw = quick_fields.FIELDS.get((game, name))
    return None if draw is None else draw(game, name, spec, key, lang())


SOLO_ONLY = "solo"  # a field whose schema description says it belongs to a solo game ("... in a solo game")


def _shown_field(spec: dict[str, Any], players: int) -> bool:
    """Only the fields of the chosen mode: a solo game's field (Meng) is not asked of a table of three."""
    solo_field = SOLO_ONLY in str(spec.get("description", "")).lower()
    return not solo_field or players <= 2


def player_fields(game: str, schema: dict[str, Any], prop: dict[str, Any], seat: int, players: int = 2
                  ) -> dict[str, Any]:
    """Widgets for one player's object, in one column (a phone shows no zigzag); returns the filled-in
    object (optional empties left out)."""
    item = _resolve(schema, prop.get("items", {}))
    required = set(item.get("required", []))
    out: dict[str, Any] = {}
    for name, raw in item.get("properties", {}).items():
        spec = _resolve(schema, raw)
        if name not in required and not _shown_field(spec, players):
            continue
        value = _field(game, schema, name, spec, seat, name in required)
        if value is None or ((value == "" or value is False) and name not in required):
            continue
        out[name] = value
    return out


def _field(game: str, schema: dict[str, Any], name: str, spec: dict[str, Any], seat: int, required: bool) -> Any:
    """One field's widget, by the schema's type; its value (None: left empty)."""
    key, label, help_ = f"qs_{game}_{seat}_{name}", _field_label(game, name), spec.get("description")
    kind = spec.get("type")
    if kind == "string":
        return st.text_input(label, value=tr("ui.default_player", n=seat + 1) if name == "name" else "", key=key,
                             help=help_)
    if kind == "integer":
        low = spec.get("minimum", 0)
        return st.number_input(label, min_value=low, max_value=spec.get("maximum"), value=low if required else None,
                               step=1, key=key, help=help_)
    if kind == "boolean":
        return st.checkbox(label, key=key, help=help_)
    if kind == "array" and "enum" in _resolve(schema, spec.get("items", {})):
        choices = _resolve(schema, spec["items"])["enum"]
        return st.multiselect(label, choices, key=key, help=help_, max_selections=spec.get("maxItems"),
                              format_func=context.shown_as(choices, lambda c: _decree_word(game, c)))
    return _game_field(game, name, spec, key)


def _decree_word(game: str, code: str) -> str:
    found = labels.lookup([f"{game}.decree.{code}", f"{game}_score.row.decree.{code}"], lang(), {})
    return found or labels.humanize(code)


def form(game: str, schema: dict[str, Any]) -> dict[str, Any]:
    props = schema.get("properties", {})
    players_prop = _resolve(schema, props.get("players", {}))
    low, high = players_prop.get("minItems", 1), players_prop.get("maxItems", 6)
    count = widgets.player_count(low, high, key=f"qs_{game}_count")
    doc: dict[str, Any] = {k: v["const"] for k, v in props.items() if isinstance(v, dict) and "const" in v}
    players = []
    for seat in range(int(count)):
        with st.container(border=True, key=f"qs_player_{seat}"):
            st.markdown(f"**{tr('ui.player_n', n=seat + 1)}**")
            players.append(player_fields(game, schema, players_prop, seat, int(count)))
    doc["players"] = players
    extra = quick_fields.EXTRAS.get(game)  # table-wide fields (Yinzi's exchange rate, Dragon's wall)
    if extra is not None:
        doc.update(extra(game, schema, doc, lang()))
    overrides = context.store().box_overrides(manifest(game).box)
    if overrides and "profile" in props:
        doc["profile"] = {"overrides": overrides}
    return doc


def show_result(game: str, doc: dict[str, Any]) -> None:
    score_table = manifest(game).score_table
    assert score_table is not None
    try:
        sheet = score_table(doc)
    except CompanionError as err:
        st.error(context.error_message(err))
        for line in _more_problems(err):
            st.caption(line)
        return
    # the stored box profile decides the placeholder marks: a fact seen at a table only in part is still marked
    widgets.score_sheet(sheet, game, {"profile": owner.setup_profile(manifest(game).box)})
    save_result(game, doc, sheet)


def _more_problems(err: CompanionError) -> list[str]:
    """The table's further problems in the reader's words. Shape problems found by the schema have no words of
    their own (the headline says what is wrong, and the form cannot send most of them): they are not listed."""
    problems = err.params.get("problems")
    lines: list[str] = []
    for p in problems if isinstance(problems, list) else []:
        code = p.get("code") if isinstance(p, dict) else None
        if isinstance(code, str) and code not in (err.code, FAMILY) and has(code, lang()):
            lines.append(plain(tr(code, **(p.get("params") or {}))))
    return lines


def save_result(game: str, doc: dict[str, Any], sheet: Any) -> None:
    """Keep the result in the play history (Statistics), dated as chosen; the same sheet is kept once a day."""
    row = st.container(horizontal=True, vertical_alignment="bottom", key="qs_save_row")
    played = row.date_input(tr("stats.quick.date"), max_value="today", key="qs_played", width=180,
                            format=DATE_INPUT.get(lang(), "YYYY-MM-DD"))
    if row.button(tr("stats.quick.save"), key="qs_save", icon=":material/save:"):
        try:
            save_quick(context.store(), game, doc, sheet, zone.at(played, zone.of_table(context.store())))
        except CompanionError as err:
            st.error(context.error_message(err))
            return
        st.success(tr("stats.quick.saved"))


def _by_form(game: str, schema: dict[str, Any]) -> None:
    doc = form(game, schema)
    if st.button(tr("ui.compute_score"), key="qs_compute", type="primary", width="stretch"):
        st.session_state["qs_doc"] = (game, doc)
    if st.session_state.get("qs_doc") not in (None, (game, doc)):
        st.session_state.pop("qs_doc")  # an input changed: the old total and winner are gone at once
    with st.expander(tr("ui.quick_as_json")):
        st.download_button(tr("ui.download_table"), data=json.dumps(doc, ensure_ascii=False, indent=1),
                           file_name=f"{game}-end-table.json", mime="application/json", on_click="ignore",
                           key="qs_download")


def _by_file(game: str) -> bool:
    """An end table uploaded as a file; False when it was refused (the message is shown)."""
    upload = st.file_uploader(tr("ui.quick_upload"), type=["json"], key="qs_file")
    if upload is None:
        return True
    raw = upload.getvalue()
    if len(raw) > MAX_TABLE_BYTES:
        st.error(tr("ui.file_too_large", limit=MAX_TABLE_BYTES))
        return False
    try:
        st.session_state["qs_doc"] = (game, json.loads(raw.decode("utf-8")))
    except (UnicodeDecodeError, json.JSONDecodeError):
        st.error(tr("ui.not_json_file"))
        return False
    return True


def render() -> None:
    st.title(tr("nav.quick_score"))
    st.caption(tr("ui.quick_score_hint"))
    games = quick_games()
    if not games:
        st.info(tr("ui.quick_score_none"))
        return
    asked = st.query_params.get("game")  # the blank pad's QR: quick-score?game=gugong opens that game's form
    if asked in games and st.session_state.get("_qs_asked") != asked:
        st.session_state["_qs_asked"] = asked
        st.session_state["qs_game"] = asked
    game = st.selectbox(tr("ui.game"), games, format_func=context.shown_as(games, context.game_title), key="qs_game")
    schema = schema_for(game)
    assert schema is not None
    modes = ["form", "file"]
    entry = st.radio(tr("ui.quick_entry"), modes, horizontal=True, key="qs_entry",
                     format_func=context.shown_as(modes, lambda m: tr(f"ui.quick_entry_{m}")))
    if entry == "form":
        _by_form(game, schema)
    elif not _by_file(game):
        return
    shown = st.session_state.get("qs_doc")
    if isinstance(shown, tuple) and shown[0] == game:
        show_result(game, shown[1])


if __name__ == "__main__":
    render()
