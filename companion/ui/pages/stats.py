"""Statistics: the play history with filters, per person, per game, solo against Meng, and exports.

Every number comes from companion.stats (pandas over the stored results). The frames are cached per
table and results version (one cheap query a run tells whether anything changed), the filtered view
per filter choice, and the simulated Meng baseline per difficulty and box profile; a rerun only
draws. Competitive and solo plays are shown apart, never added together.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

from companion.core.registry import manifest
from companion.i18n import t
from companion.stats import aggregate, baseline, export, words
from companion.stats.extract import DIFFICULTY
from companion.stats.frames import COMPETITIVE, SOLO, Filters, Frames, apply, choices
from companion.stats.record import backfill, pending
from companion.storage import store_location
from companion.storage.table import TableStore
from companion.ui import context
from companion.ui.context import lang, tr

SECTIONS = ("history", "players", "games", "meng", "export")
PERIODS = ("all", "30d", "365d", "year", "custom")
DATE_FORMAT = {"en": "YYYY-MM-DD HH:mm", "de": "DD.MM.YYYY HH:mm", "nl": "DD-MM-YYYY HH:mm"}


@dataclass(frozen=True)
class View:
    key: tuple  # what it was made from (location, owner, version, filters, language, box checks)
    frames: Frames  # the filtered plays
    history: pd.DataFrame  # the history table, in words, with a BG Stats link per play
    plays: list[dict[str, Any]]  # the same plays in BG Stats' format


# -- data (cached) ------------------------------------------------------------------------------------
@st.cache_resource(max_entries=8, show_spinner=False)
def _frames(location: str, owner: str, version: str) -> Frames:
    """All results of a table; `version` changes with every stored result (so does this entry)."""
    return Frames.load(TableStore(context.shared_store(), owner))


@st.cache_resource(max_entries=32, show_spinner=False)
def _view(location: str, owner: str, version: str, chosen: tuple, language: str, boxes: str) -> View:
    shown = apply(_frames(location, owner, version), Filters(*chosen))
    plays = export.plays(shown, language, json.loads(boxes))
    history = aggregate.history(shown)
    links = {p["sourcePlayId"].split(":", 1)[1]: export.link(p) for p in plays}
    table = pd.DataFrame({
        "date": history["played"], "players": history["players"],
        "winners": history["winners"].map(lambda w: w or t("stats.nobody_won", language)),  # a game nobody could win
        "game": history["game"].map(lambda g: words.game_name(g, language)),
        "options": [_options(g, t, d, language) for g, t, d in zip(history["game"], history["tags"],
                                                                   history["difficulty"], strict=True)],
        "duration": history["duration_min"], "bgstats": history["id"].map(links),
    })
    return View((location, owner, version, chosen, language, boxes), shown, table, plays)


@st.cache_resource(max_entries=32, show_spinner=False)
def _people(key: tuple) -> tuple[pd.DataFrame, pd.DataFrame]:
    shown = _view(*key).frames
    return aggregate.overall(shown), aggregate.per_game(shown)


@st.cache_resource(max_entries=64, show_spinner=False)
def _categories(key: tuple, game: str) -> pd.DataFrame:
    return aggregate.categories(_view(*key).frames, game)


@st.cache_data(max_entries=16, show_spinner=False)
def _baseline(game: str, difficulty: str, overrides: str) -> baseline.Baseline | None:
    return baseline.simulate(game, difficulty, json.loads(overrides))


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
    table = view.history
    st.caption(tr("stats.history_count", n=len(table)))
    config = {
        "date": st.column_config.DatetimeColumn(tr("stats.col.date"), format=DATE_FORMAT.get(lang(), "YYYY-MM-DD"),
                                                pinned=True),
        "game": st.column_config.TextColumn(tr("stats.col.game"), width="medium"),
        "players": tr("stats.col.players"), "winners": tr("stats.col.winners"),
        "options": st.column_config.TextColumn(tr("stats.col.options"), width="medium"),
        "duration": st.column_config.NumberColumn(tr("stats.col.duration"), format="%d min"),
        "bgstats": st.column_config.LinkColumn(tr("stats.col.bgstats"), display_text=tr("stats.bgstats_open"),
                                               help=tr("stats.bgstats_help")),
    }
    st.dataframe(table, hide_index=True, column_config=config, key="stats_history")


def _time_axis(played: pd.Series) -> alt.X:
    """Plays along a date axis, about six ticks whole days apart (plays are evenings, not hours)."""
    days = (played.max() - played.min()).days if len(played) else 0
    ticks = {"interval": "day", "step": max(1, days // 6)}
    return alt.X("played:T", title=tr("stats.col.date"), axis=alt.Axis(format="%Y-%m-%d", tickCount=ticks,
                                                                       labelAngle=-30))


def _percent(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.assign(win_rate=frame["win_rate"] * 100)


def _people_tables(view: View, mode: str) -> None:
    overall, games = _people(view.key)
    if mode not in overall.index.get_level_values("mode"):
        st.caption(tr(f"stats.no_{mode}"))
        return
    pct = st.column_config.NumberColumn(tr("stats.col.win_rate"), format="%.0f %%")
    number = {c: st.column_config.NumberColumn(tr(f"stats.col.{c}"), format="%.1f")
              for c in ("average", "best", "trend")}
    name = st.column_config.TextColumn(tr("stats.col.player"), pinned=True)
    st.dataframe(_percent(overall.loc[mode]).reset_index()[["name", "plays", "wins", "shared_wins", "win_rate"]],
                 hide_index=True, key=f"stats_overall_{mode}", column_config={
                     "name": name, "plays": tr("stats.col.plays"), "wins": tr("stats.col.wins"),
                     "shared_wins": tr("stats.col.shared_wins"), "win_rate": pct})
    per_game = _percent(games.loc[mode]).reset_index()
    per_game["game"] = per_game["game"].map(context.game_title)
    st.dataframe(per_game[["name", "game", "plays", "wins", "win_rate", "average", "best", "trend"]],
                 hide_index=True, key=f"stats_games_{mode}", column_config={
                     "game": tr("stats.col.game"), "name": name, "plays": tr("stats.col.plays"),
                     "wins": tr("stats.col.wins"), "win_rate": pct, **number})


def _players(view: View) -> None:
    shown = view.frames
    for mode in (COMPETITIVE, SOLO):
        st.subheader(tr(f"stats.mode.{mode}"))
        _people_tables(view, mode)
    games = list(dict.fromkeys(shown.results["game"]))
    game = st.selectbox(tr("stats.trend_game"), games, key="stats_trend_game",
                        format_func=context.shown_as(games, context.game_title))
    series = aggregate.scores(shown, game)
    chart = alt.Chart(series).mark_line(point=True).encode(
        x=_time_axis(series["played"]), y=alt.Y("total:Q", title=tr("stats.col.score"), scale=alt.Scale(zero=False)),
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
    number = {c: st.column_config.NumberColumn(tr(f"stats.cat.{c}"), format="%.1f")
              for c in ("average", "winners", "difference")}
    st.dataframe(table[["category", "average", "winners", "difference"]], hide_index=True, key="stats_categories",
                 column_config={"category": tr("stats.col.category"), **number})
    st.caption(tr("stats.categories_profile"))
    long = table.melt(id_vars=["category"], value_vars=["average", "winners"], var_name="who", value_name="points")
    long["who"] = long["who"].map(lambda w: tr(f"stats.cat.{w}"))
    chart = alt.Chart(long.dropna()).mark_bar().encode(
        y=alt.Y("category:N", sort=list(table["category"]), title=None),
        x=alt.X("points:Q", title=tr("stats.col.points")), yOffset="who:N",
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
    return _percent(table), [b for b in sims if b is not None]


def _solo_chart(shown: Frames, game: str, sims: list[baseline.Baseline]) -> None:
    series = aggregate.solo_series(shown)
    series = series[series["game"] == game]
    levels = sorted(dict.fromkeys(series["difficulty"]), key=lambda d: _difficulty_order(game).get(d, 99))
    level = st.selectbox(tr("stats.meng.difficulty"), levels, key="stats_meng_level",
                         format_func=context.shown_as(levels, lambda d: words.difficulty_text(d, lang())))
    shown_series = series[series["difficulty"] == level]
    lines = alt.Chart(shown_series).mark_line(point=True).encode(
        x=_time_axis(shown_series["played"]), y=alt.Y("total:Q", title=tr("stats.col.score"),
                                                      scale=alt.Scale(zero=False)),
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
    overrides = json.dumps(context.store().box_overrides(manifest(game).box), sort_keys=True)
    with st.spinner(tr("stats.meng.simulating")):
        table, sims = _solo_table(view.key, game, overrides)
    pct = st.column_config.NumberColumn(tr("stats.col.win_rate"), format="%.0f %%")
    number = {c: st.column_config.NumberColumn(tr(f"stats.meng.col.{c}"), format="%.1f")
              for c in ("average", "automa_average", "simulated")}
    st.dataframe(table[["difficulty", "plays", "wins", "win_rate", "average", "automa_average", "simulated",
                        "simulated_range"]], hide_index=True, key="stats_meng_table", column_config={
        "difficulty": st.column_config.TextColumn(tr("stats.meng.difficulty"), pinned=True),
        "plays": tr("stats.col.plays"), "wins": tr("stats.col.wins"),
        "win_rate": pct, "simulated_range": tr("stats.meng.col.simulated_range"), **number})
    if sims:
        status = sims[0].profile_status
        st.caption(tr("stats.meng.baseline", games=sims[0].games, **status))
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


@st.cache_data(max_entries=8, show_spinner=False)
def _files(location: str, owner: str, version: str, chosen: tuple, language: str, boxes: str) -> dict[str, bytes]:
    view = _view(location, owner, version, chosen, language, boxes)
    return {
        "history": export.csv_bytes(export.history_table(view.frames, language), language),
        "rows": export.csv_bytes(export.rows_table(view.frames, language), language),
        "bgsplay": export.bgsplay_bytes(view.plays, me=chosen[1]),
    }


def _export(view: View, files: dict[str, bytes]) -> None:
    st.caption(tr("stats.export.hint"))
    for name, file_name, mime in (("history", "companion-history.csv", "text/csv"),
                                  ("rows", "companion-score-rows.csv", "text/csv"),
                                  ("bgsplay", "companion-plays.bgsplay", "application/json")):
        st.download_button(tr(f"stats.export.{name}"), data=files[name], file_name=file_name, mime=mime,
                           on_click="ignore", key=f"stats_download_{name}", icon=":material/download:",
                           width="stretch")
    latest = view.plays[-1]
    st.link_button(tr("stats.export.latest", game=latest["game"]["name"], date=latest["playDate"][:10]),
                   export.link(latest), icon=":material/open_in_new:", width="stretch")


def render() -> None:
    st.title(tr("stats.title"))
    _backfill()
    store = context.store()
    location, owner, version = store_location(), context.owner(), store.results_version()
    frames = _frames(location, owner, version)
    if not len(frames):
        st.info(tr("stats.empty"))
        return
    chosen = _filters(choices(frames))
    boxes = _boxes()
    view = _view(location, owner, version, chosen, lang(), boxes)
    if not len(view.frames):
        st.info(tr("stats.no_match"))
        return
    section = st.radio(tr("stats.section"), SECTIONS, horizontal=True, key="stats_section",
                       format_func=context.shown_as(SECTIONS, lambda s: tr(f"stats.section.{s}")))
    if section == "export":
        _export(view, _files(location, owner, version, chosen, lang(), boxes))
    else:
        {"history": _history, "players": _players, "games": _games, "meng": _meng}[section](view)


if __name__ == "__main__":
    render()
