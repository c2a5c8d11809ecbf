"""Statistics: the play history with filters, per person, per game, solo against Meng, and exports.

Every number comes from companion.stats (pandas over the stored results). The frames are cached per
table and results version (one cheap query a run tells whether anything changed), the filtered view
per filter choice, and the simulated Meng baseline per difficulty and box profile; a rerun only
draws. Only the section shown is computed: the history makes BG Stats links for its visible page,
the charts load Altair when first drawn, and the export files are built when a download is tapped.
Competitive and solo plays are shown apart, never added together.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

import pandas as pd
import streamlit as st

from companion.core.registry import manifest
from companion.i18n import t
from companion.stats import aggregate, baseline, export, words, zone
from companion.stats.extract import DIFFICULTY
from companion.stats.frames import COMPETITIVE, SOLO, Filters, Frames, apply, choices, only
from companion.stats.record import backfill, pending
from companion.storage import store_location
from companion.storage.table import TableStore
from companion.ui import context, stats_tables
from companion.ui.boxcheck import owner as box_owner
from companion.ui.context import lang, tr

if TYPE_CHECKING:
    import altair as alt

SECTIONS = ("history", "players", "games", "meng", "people", "export")
PAGE = 20  # plays per page of the history
PLACE = "stats.table_name"  # a table setting: where it plays (BG Stats' location)
PERIODS = ("all", "30d", "365d", "year", "custom")
WHEN = {"en": "%Y-%m-%d %H:%M", "de": "%d.%m.%Y %H:%M", "nl": "%d-%m-%Y %H:%M"}


@dataclass(frozen=True)
class View:
    key: tuple  # what it was made from (location, owner, version, filters, language, box checks)
    frames: Frames  # the filtered plays


# -- data (cached) ------------------------------------------------------------------------------------
@st.cache_resource(max_entries=8, show_spinner=False)
def _frames(location: str, owner: str, version: str) -> Frames:
    """All results of a table; `version` changes with every stored result, delete and merge (so does this entry)."""
    table = TableStore(context.shared_store(), owner)
    return Frames.load(table, zone.of_table(table))


@st.cache_resource(max_entries=32, show_spinner=False)
def _view(location: str, owner: str, version: str, chosen: tuple, language: str, boxes: str) -> View:
    shown = apply(_frames(location, owner, version), Filters(*chosen))
    return View((location, owner, version, chosen, language, boxes), shown)


@st.cache_resource(max_entries=64, show_spinner=False)
def _cards(key: tuple, ids: tuple[str, ...]) -> pd.DataFrame:
    """The plays `ids` of a view (a page of the history), newest first, in words: made for the page shown."""
    language = key[4]
    history = aggregate.history(only(_view(*key).frames, ids))
    comma = stats_tables.DECIMAL.get(language)
    table = pd.DataFrame({
        "id": history["id"], "date": history["played"],
        "players": history["players"].str.replace(r"(\d)\.(\d)", rf"\1{comma}\2", regex=True) if comma
        else history["players"],
        "winners": history["winners"].map(lambda w: w or t("stats.nobody_won", language)),  # a game nobody could win
        "game": history["game"].map(lambda g: words.game_name(g, language)),
        "options": [_options(g, t, d, language) for g, t, d in zip(history["game"], history["tags"],
                                                                   history["difficulty"], strict=True)],
        "duration": history["duration_min"],
    })
    return table


@st.cache_resource(max_entries=64, show_spinner=False)
def _bgstats(key: tuple, ids: tuple[str, ...], place: str) -> dict[str, dict[str, Any]]:
    """The plays `ids` of a view in BG Stats' format, by play id: made for the page shown, not every play."""
    language, boxes = key[4], key[5]
    pushed = export.plays(only(_view(*key).frames, ids), language, json.loads(boxes), place)
    return {p["sourcePlayId"].split(":", 1)[1]: p for p in pushed}


@st.cache_resource(max_entries=32, show_spinner=False)
def _people(key: tuple) -> tuple[pd.DataFrame, pd.DataFrame]:
    shown = _view(*key).frames
    return aggregate.overall(shown), aggregate.per_game(shown)


@st.cache_resource(max_entries=64, show_spinner=False)
def _categories(key: tuple, game: str) -> pd.DataFrame:
    return aggregate.categories(_view(*key).frames, game)


@st.cache_data(max_entries=16, show_spinner=False)
def _baseline(game: str, difficulty: str, profile: str) -> baseline.Baseline | None:
    """`profile`: the stored box profile as JSON ({"overrides", "seen", "partly"}, boxcheck.owner.setup_profile)."""
    doc = json.loads(profile)
    return baseline.simulate(game, difficulty, doc.get("overrides"), seen=doc.get("seen"), partly=doc.get("partly"))


def _place(owner: str) -> str:
    """Where the table plays (its name for BG Stats), "" when not set."""
    found = TableStore(context.shared_store(), owner).setting(PLACE, "")
    return found.strip()[:80] if isinstance(found, str) else ""


def _options(game: str, tags: list[str], difficulty: str, language: str) -> str:
    shown = [*([f"{DIFFICULTY}={difficulty}"] if difficulty else []), *tags]
    return words.tags_text(game, shown, language)


def _boxes() -> str:
    """The table's box-check corrections per box (BGG ids, the simulated profile), as a cache key."""
    boxes = {m.box for m in (manifest(g) for g in context.available_games())}
    return json.dumps({b: context.store().box_overrides(b) for b in sorted(boxes)}, sort_keys=True)


def _backfill() -> None:
    """Finished games saved before results existed: replayed once into results."""
    if st.session_state.get("_stats_backfilled") or not pending(context.shared_store(), context.owner()):
        return
    st.session_state["_stats_backfilled"] = True
    bar = st.progress(0.0, text=tr("stats.backfill"))
    done = backfill(context.shared_store(), context.owner(), lambda n, total: bar.progress(n / max(total, 1)))
    bar.empty()
    if done.stored:
        st.toast(tr("stats.backfilled", n=done.stored))


# -- filters --------------------------------------------------------------------------------------------
def _period(first: date, last: date) -> tuple[date | None, date | None]:
    period = st.selectbox(tr("stats.period"), PERIODS, key="stats_period",
                          format_func=context.shown_as(PERIODS, lambda p: tr(f"stats.period.{p}")))
    today = date.today()
    if period == "30d":
        return today - timedelta(days=30), None
    if period == "365d":
        return today - timedelta(days=365), None
    if period == "year":
        return date(today.year, 1, 1), None
    if period == "custom":
        picked = st.date_input(tr("stats.period.custom"), value=(first, last), key="stats_dates",
                               format=words.DATE_INPUT.get(lang(), "YYYY-MM-DD"))
        ends = tuple(picked) if isinstance(picked, tuple | list) else (picked,)
        return (ends[0] if ends else None), (ends[1] if len(ends) > 1 else None)
    return None, None


def _filters(found: dict[str, Any]) -> tuple:
    language, tags = lang(), found["tags"]
    with st.expander(tr("stats.filters"), expanded=False, icon=":material/filter_list:"):
        left, right = st.columns(2)
        games = left.multiselect(tr("stats.games"), found["games"], key="stats_games",
                                 placeholder=tr("stats.all_games"),
                                 format_func=context.shown_as(found["games"], context.game_title))
        people = ["", *found["players"]]
        player = right.selectbox(tr("stats.player"), people, key="stats_player",
                                 format_func=context.shown_as(people, lambda p: p or tr("stats.everyone")))
        with left:
            since, until = _period(found["first"], found["last"])
        chosen = right.multiselect(tr("stats.options"), tags, key="stats_tags", placeholder=tr("stats.any_options"),
                                   format_func=context.shown_as(
                                       tags, lambda t: words.tag_text(found["tag_games"][t], t, language)))
    return tuple(games), player or None, since, until, tuple(chosen)


# -- sections --------------------------------------------------------------------------------------------
def _history(view: View) -> None:
    """The plays, newest first, a card each (date, game, people with scores, winners, options, duration), a
    page at a time; each can be deleted (and restored) or logged in BG Stats."""
    newest = view.frames.results["id"].iloc[::-1]  # the results are oldest first
    _undo_delete()
    st.caption(tr("stats.history_count", n=len(newest)))
    pages = max(1, -(-len(newest) // PAGE))
    page = st.number_input(tr("stats.page", pages=pages), 1, pages, key="stats_page") if pages > 1 else 1
    shown = _cards(view.key, tuple(newest.iloc[(page - 1) * PAGE: page * PAGE]))
    links = _bgstats(view.key, tuple(shown["id"]), _place(context.owner()))
    for row in shown.itertuples(index=False):
        _play_card(row, links.get(row.id))


def _play_card(row: Any, play: dict[str, Any] | None) -> None:
    language = lang()
    when = row.date.strftime(WHEN.get(language, WHEN["en"]))
    with st.container(border=True, key=f"stats_play_{row.id}", gap="small"):
        st.markdown(f"**{_md(row.game)}** · {when}  \n{_md(row.players)}")
        facts = [tr("stats.card.winners", names=row.winners)]
        if row.options:
            facts.append(row.options)
        if not pd.isna(row.duration):
            facts.append(tr("stats.card.duration", n=int(row.duration)))
        st.caption(" · ".join(_md(f) for f in facts))
        buttons = st.container(horizontal=True, gap="small")
        if play is not None:
            buttons.link_button(tr("stats.bgstats_open"), export.link(play), help=tr("stats.bgstats_help"),
                                icon=":material/open_in_new:", width="stretch")
        buttons.button(tr("stats.delete"), key=f"stats_delete_{row.id}", icon=":material/delete:", width="stretch",
                       on_click=_delete, args=(row.id,))


def _md(text: str) -> str:
    """Names typed by people, shown as typed (no Markdown made of them)."""
    return "".join(f"\\{c}" if c in "\\`*_{}[]<>()#+-.!|~$" else c for c in str(text))


def _delete(result_id: str) -> None:
    if context.store().set_deleted(result_id, True):
        st.session_state["stats_deleted"] = result_id


def _undo_delete() -> None:
    gone = st.session_state.get("stats_deleted")
    if not gone:
        return
    left, right = st.columns([3, 2], vertical_alignment="center")
    left.success(tr("stats.deleted_one"))
    if right.button(tr("stats.undo_delete"), key="stats_undo_delete", icon=":material/undo:", width="stretch"):
        context.store().set_deleted(gone, False)
        st.session_state.pop("stats_deleted", None)
        st.rerun()


def _time_axis(played: pd.Series) -> alt.X:
    """Plays along a date axis, about six ticks whole days apart (plays are evenings, not hours)."""
    import altair as alt  # loaded with the first chart, not with the history (a second of CPU)

    days = (played.max() - played.min()).days if len(played) else 0
    ticks = {"interval": "day", "step": max(1, days // 6)}
    return alt.X("played:T", title=tr("stats.col.date"), axis=alt.Axis(format="%Y-%m-%d", tickCount=ticks,
                                                                       labelAngle=-30))


def _html(frame: pd.DataFrame, columns: list[tuple[str, str, str]]) -> None:
    st.html(stats_tables.table(frame, columns, lang()))


def _people_tables(view: View, mode: str) -> None:
    """Per person (plays, wins, shared wins, win rate), then per game a table of its people: narrow enough for
    a phone, each game under its own heading instead of a game column."""
    overall, games = _people(view.key)
    if mode not in overall.index.get_level_values("mode"):
        st.caption(tr(f"stats.no_{mode}"))
        return
    _html(overall.loc[mode].reset_index(), [
        ("name", tr("stats.col.player"), "text"), ("plays", tr("stats.col.plays"), "int"),
        ("wins", tr("stats.col.wins"), "int"), ("shared_wins", tr("stats.col.shared_wins"), "int"),
        ("win_rate", tr("stats.col.win_short"), "pct")])
    per_game = games.loc[mode].reset_index()
    for game, rows in per_game.groupby("game", sort=False):
        st.markdown(f"**{context.game_title(game)}**")
        _html(rows, [("name", tr("stats.col.player"), "text"), ("plays", tr("stats.col.plays"), "int"),
                     ("wins", tr("stats.col.wins"), "int"), ("win_rate", tr("stats.col.win_short"), "pct"),
                     ("average", tr("stats.col.average_short"), "num"), ("best", tr("stats.col.best"), "num"),
                     ("trend", tr("stats.col.trend_short"), "num")])
    st.caption(tr("stats.trend_unknown"))


def _players(view: View) -> None:
    shown = view.frames
    for mode in (COMPETITIVE, SOLO):
        st.subheader(tr(f"stats.mode.{mode}"))
        _people_tables(view, mode)
    games = list(dict.fromkeys(shown.results["game"]))
    game = st.selectbox(tr("stats.trend_game"), games, key="stats_trend_game",
                        format_func=context.shown_as(games, context.game_title))
    series = aggregate.scores(shown, game)
    import altair as alt

    chart = alt.Chart(series).mark_line(point=True).encode(
        x=_time_axis(series["played"]), y=alt.Y("total:Q", title=tr("stats.col.score"), scale=alt.Scale(zero=False),
                                                axis=alt.Axis(format="~g")),
        color=alt.Color("name:N", title=tr("stats.col.player"), legend=alt.Legend(orient="bottom")),
        tooltip=[alt.Tooltip("name:N", title=tr("stats.col.player")),
                 alt.Tooltip("total:Q", title=tr("stats.col.score")),
                 alt.Tooltip("played:T", title=tr("stats.col.date"))])
    st.altair_chart(chart, width="stretch")
    st.caption(tr("stats.trend_hint"))


def _games(view: View) -> None:
    shown = view.frames
    games = list(dict.fromkeys(shown.results["game"]))
    game = st.selectbox(tr("stats.col.game"), games, key="stats_category_game",
                        format_func=context.shown_as(games, context.game_title))
    sheet_game = shown.results.loc[shown.results["game"] == game, "sheet_game"].iloc[0]
    table = _categories(view.key, game).reset_index()
    table["category"] = table["code"].map(lambda c: words.category(sheet_game, c, lang()))
    plays = int((shown.results["game"] == game).sum())
    st.caption(tr("stats.categories_hint", n=plays))
    _html(table, [("category", tr("stats.col.category"), "text"), ("average", tr("stats.cat.average"), "num"),
                  ("winners", tr("stats.cat.winners"), "num"), ("difference", tr("stats.cat.difference"), "num")])
    st.caption(tr("stats.categories_profile"))
    long = table.melt(id_vars=["category"], value_vars=["average", "winners"], var_name="who", value_name="points")
    long["who"] = long["who"].map(lambda w: tr(f"stats.cat.{w}"))
    import altair as alt

    chart = alt.Chart(long.dropna()).mark_bar().encode(
        y=alt.Y("category:N", sort=list(table["category"]), title=None),
        x=alt.X("points:Q", title=tr("stats.col.points"), axis=alt.Axis(format="~g")), yOffset="who:N",
        color=alt.Color("who:N", title=None, legend=alt.Legend(orient="bottom")),
        tooltip=["category:N", "who:N", alt.Tooltip("points:Q", format=".1f")])
    st.altair_chart(chart, width="stretch")


@st.cache_resource(max_entries=16, show_spinner=False)
def _solo_table(key: tuple, game: str, overrides: str) -> tuple[pd.DataFrame, list[baseline.Baseline]]:
    """Per difficulty: the person against Meng, beside Meng's simulated scores with this table's box profile."""
    language = key[4]
    table = aggregate.solo_by_difficulty(_view(*key).frames).loc[game].reset_index()
    table = table.sort_values("difficulty", key=lambda d: d.map(_difficulty_order(game)), kind="stable")
    sims = [_baseline(game, d, overrides) for d in table["difficulty"]]
    table["simulated"] = [b.automa["mean"] if b else None for b in sims]
    table["simulated_range"] = [f"{b.automa['p10']:g}–{b.automa['p90']:g}" if b else "" for b in sims]
    table["difficulty"] = table["difficulty"].map(lambda d: words.difficulty_text(d, language))
    return table, [b for b in sims if b is not None]


def _solo_chart(shown: Frames, game: str, sims: list[baseline.Baseline]) -> None:
    series = aggregate.solo_series(shown)
    series = series[series["game"] == game]
    levels = sorted(dict.fromkeys(series["difficulty"]), key=lambda d: _difficulty_order(game).get(d, 99))
    level = st.selectbox(tr("stats.meng.difficulty"), levels, key="stats_meng_level",
                         format_func=context.shown_as(levels, lambda d: words.difficulty_text(d, lang())))
    shown_series = series[series["difficulty"] == level]
    import altair as alt

    lines = alt.Chart(shown_series).mark_line(point=True).encode(
        x=_time_axis(shown_series["played"]), y=alt.Y("total:Q", title=tr("stats.col.score"),
                                                      scale=alt.Scale(zero=False), axis=alt.Axis(format="~g")),
        color=alt.Color("name:N", title=None, legend=alt.Legend(orient="bottom")),
        tooltip=["name:N", "total:Q", alt.Tooltip("played:T", title=tr("stats.col.date"))])
    sim = next((b for b in sims if b.difficulty == level), None)
    layers = [lines]
    if sim is not None:
        band = pd.DataFrame([{"low": sim.automa["p10"], "high": sim.automa["p90"], "mean": sim.automa["mean"]}])
        layers[:0] = [alt.Chart(band).mark_rect(opacity=0.15, color="gray").encode(y="low:Q", y2="high:Q"),
                      alt.Chart(band).mark_rule(strokeDash=[4, 4], color="gray").encode(y="mean:Q")]
    st.altair_chart(alt.layer(*layers), width="stretch")


def _meng(view: View) -> None:
    shown = view.frames
    solo = [g for g in dict.fromkeys(shown.results["game"]) if _is_solo(g)]
    if not solo:
        st.info(tr("stats.meng.none"))
        return
    game = st.selectbox(tr("stats.col.game"), solo, key="stats_meng_game",
                        format_func=context.shown_as(solo, context.game_title)) if len(solo) > 1 else solo[0]
    overrides = json.dumps(box_owner.setup_profile(manifest(game).box), sort_keys=True)
    with st.spinner(tr("stats.meng.simulating")):
        table, sims = _solo_table(view.key, game, overrides)
    level = ("difficulty", tr("stats.meng.difficulty"), "text")
    _html(table, [level, ("plays", tr("stats.col.plays"), "int"), ("wins", tr("stats.col.wins"), "int"),
                  ("win_rate", tr("stats.col.win_short"), "pct")])
    _html(table, [level, ("average", tr("stats.meng.col.average"), "num"),
                  ("automa_average", tr("stats.meng.col.automa_average"), "num"),
                  ("simulated", tr("stats.meng.col.simulated"), "num"),
                  ("simulated_range", tr("stats.meng.col.simulated_range"), "text")])
    if sims:
        status = sims[0].profile_status
        st.caption(tr("stats.meng.baseline", games=sims[0].games, **status))
        if status.get("seen", 0) + status.get("partly", 0):  # a table's sight is neither a check nor a placeholder
            st.caption(tr("seen_items.stats_table", n=status["seen"] + status["partly"], partly=status["partly"]))
    _solo_chart(shown, game, sims)


def _difficulty_order(game: str) -> dict[str, int]:
    """The difficulties in the order the game offers them (easy, normal, hard)."""
    option = next((o for o in manifest(game).options if o.key == DIFFICULTY), None)
    return {str(c): n for n, c in enumerate(option.choices if option else ())}


def _is_solo(game: str) -> bool:
    try:
        return manifest(game).solo
    except Exception:  # a game this server no longer knows
        return False


def _files(view: View, me: str, place: str) -> dict[str, Callable[[], bytes]]:
    """Each export file as a function that builds it: Streamlit calls it when its download is tapped (on a
    thread of its own, so it uses no Streamlit call), never while the screen is drawn."""
    shown, language, boxes = view.frames, view.key[4], json.loads(view.key[5])
    return {
        "history": lambda: export.csv_bytes(export.history_table(shown, language), language),
        "rows": lambda: export.csv_bytes(export.rows_table(shown, language), language),
        "bgsplay": lambda: export.bgsplay_bytes(export.plays(shown, language, boxes, place), me=me or None),
    }


def _me(view: View) -> str:
    """Who is exporting (BG Stats' "me"), and where the table plays (BG Stats' location)."""
    people = ["", *sorted(view.frames.players.loc[view.frames.players["role"] == "player", "name"].unique(),
                          key=str.casefold)]
    me = st.selectbox(tr("stats.export.me"), people, key="stats_me", help=tr("stats.export.me_help"),
                      format_func=context.shown_as(people, lambda p: p or tr("stats.export.nobody")))
    place = _place(context.owner())
    typed = st.text_input(tr("stats.export.place"), value=place, max_chars=80, key="stats_place",
                          help=tr("stats.export.place_help"))
    if typed.strip() != place:
        context.store().set_setting(PLACE, typed.strip())
        st.rerun()
    return me


def _export(view: View, me: str) -> None:
    st.caption(tr("stats.export.hint"))
    place = _place(context.owner())
    files = _files(view, me, place)
    for name, file_name, mime in (("history", "companion-history.csv", "text/csv"),
                                  ("rows", "companion-score-rows.csv", "text/csv"),
                                  ("bgsplay", "companion-plays.bgsplay", "application/json")):
        st.download_button(tr(f"stats.export.{name}"), data=files[name], file_name=file_name, mime=mime,
                           on_click="ignore", key=f"stats_download_{name}", icon=":material/download:",
                           width="stretch")
    newest = str(view.frames.results["id"].iloc[-1])  # the results are oldest first
    latest = _bgstats(view.key, (newest,), place)[newest]
    st.link_button(tr("stats.export.latest", game=latest["game"]["name"], date=latest["playDate"][:10]),
                   export.link(latest), icon=":material/open_in_new:", width="stretch")


# -- people: one person per name, merges and their undo; deleted plays ------------------------------------
def _people_section(view: View) -> None:
    table = context.store()
    known = table.people()
    names = {p["key"]: p["name"] for p in known}
    own = [p for p in known if not p["merged_into"]]
    st.caption(tr("stats.people.hint"))
    if len(own) > 1:
        keys = [p["key"] for p in own]
        label = context.shown_as(keys, lambda k: names[k])
        alias = st.selectbox(tr("stats.people.merge_who"), keys, key="stats_merge_alias", format_func=label)
        into = st.selectbox(tr("stats.people.merge_into"), [k for k in keys if k != alias], key="stats_merge_into",
                            format_func=label)
        if st.button(tr("stats.people.merge"), key="stats_merge", icon=":material/merge:", width="stretch"):
            if table.merge_people(alias, into):
                st.rerun()
            st.error(tr("stats.cli.cannot_merge", name=names[alias], into=names[into]))
    merged = [p for p in known if p["merged_into"]]
    for p in merged:
        left, right = st.columns([3, 2], vertical_alignment="center")
        left.markdown(tr("stats.people.merged", name=_md(p["name"]), into=_md(names.get(p["merged_into"], "?"))))
        if right.button(tr("stats.people.unmerge"), key=f"stats_unmerge_{p['key']}", width="stretch"):
            table.unmerge_person(p["key"])
            st.rerun()
    _deleted_plays()


def _deleted_plays() -> None:
    gone = context.store().deleted_results()
    st.subheader(tr("stats.deleted.title"))
    if not gone:
        st.caption(tr("stats.deleted.none"))
    for play in gone[:PAGE]:
        left, right = st.columns([3, 2], vertical_alignment="center")
        when = datetime.fromtimestamp(play["played"], zone.of_table(context.store()))
        left.markdown(f"**{context.game_title(play['game'])}** · {when.strftime(WHEN.get(lang(), WHEN['en']))}  \n"
                      + _md(", ".join(play["players"])))
        if right.button(tr("stats.restore"), key=f"stats_restore_{play['id']}", icon=":material/restore:",
                        width="stretch"):
            context.store().set_deleted(play["id"], False)
            st.rerun()


def render() -> None:
    st.title(tr("stats.title"))
    _backfill()
    store = context.store()
    location, owner, version = store_location(), context.owner(), store.results_version()
    frames = _frames(location, owner, version)
    if not len(frames):
        st.info(tr("stats.empty"))
        if store.deleted_results():  # every play deleted: they can still be brought back
            _deleted_plays()
        return
    chosen = _filters(choices(frames))
    boxes = _boxes()
    view = _view(location, owner, version, chosen, lang(), boxes)
    if not len(view.frames):
        st.info(tr("stats.no_match"))
        return
    section = st.radio(tr("stats.section"), SECTIONS, horizontal=True, key="stats_section",
                       format_func=context.shown_as(SECTIONS, lambda s: tr(f"stats.section.{s}")))
    with st.container(key="stats_body"):
        st.html(stats_tables.CSS)
        if section == "export":
            _export(view, _me(view))
        else:
            {"history": _history, "players": _players, "games": _games, "meng": _meng,
             "people": _people_section}[section](view)

