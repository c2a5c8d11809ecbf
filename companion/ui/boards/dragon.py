"""In the Year of the Dragon's table mirror: renders the engine's view (companion.dragon.view), no rules here.

`render(view, lang)` shows what a group would otherwise count by hand: the month and what is done
in it, the event track with the wall under it, the super event, the card groups with their dragons
and what joining costs, each player's numbers and palaces in turn order, the person tiles left.
`render_score_details(details, lang)` shows the manifest's `score_details` (each category per
month). The words come from companion.i18n.words.dragon, shared with the printed log.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from companion.i18n import labels, t
from companion.i18n.labels import row_label
from companion.i18n.words.dragon import describe, tile_word, word
from companion.ui.boards import memo
from companion.ui.boards.memo import per_view
from companion.ui.markup import plain_all

# The board keeps no words of its own: it hands on the words module's (companion.i18n.words.dragon)
__all__ = ["describe", "month_tables", "render", "render_score_details", "tile_word", "word"]
MARK = "▶"  # the current month on the event track, the player whose turn it is
DONE = "✓"


def _names(view: dict[str, Any]) -> list[str]:
    return [p["name"] for p in view["players"]]


def _who(view: dict[str, Any], seat: int) -> str:
    names = _names(view)
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


# -- lines ---------------------------------------------------------------------------------------------
def event_track(view: dict[str, Any], lang: str) -> str:
    """All twelve months in one wrapping line: past events struck through, the current one marked."""
    parts = []
    for field in view["event_track"]:
        m, shown = field["month"], word("event", field["event"], lang)
        if field["done"]:
            parts.append(f"~~{m} {shown}~~")
        elif field["current"]:
            parts.append(f"**{MARK} {m} {shown}**")
        else:
            parts.append(f"{m} {shown}")
    return " · ".join(parts)


def month_line(view: dict[str, Any], lang: str) -> str | None:
    """This month's phases: done ones ticked, the running one marked."""
    if not view["month_phases"]:
        return None
    marks = {"done": f"{DONE} ", "now": f"{MARK} ", "later": ""}
    return " · ".join(f"{marks[p['status']]}{word('phase', p['phase'], lang)}" for p in view["month_phases"])


def super_line(view: dict[str, Any], lang: str) -> str | None:
    if view["super_mode"] == "none":
        return None
    name = view["super_event"]
    shown = word("super", name, lang) if name else t(f"dragon.super_mode.{view['super_mode']}", lang)
    return t("dragon.ui.super_line", lang, month=view["super_month"], name=shown)


def wall_line(view: dict[str, Any], lang: str) -> str:
    built = ", ".join(_who(view, p) for p in view["wall"]) or "–"
    return t("dragon.ui.wall_line", lang, n=len(view["wall"]), total=view["wall_length"], players=built)


@per_view  # a rerun that changed nothing finds it made
def group_lines(view: dict[str, Any], lang: str) -> list[str]:
    lines = []
    for group in view["groups"]:
        cards = ", ".join(word("card", c, lang) for c in group["cards"])
        text = t("dragon.ui.group", lang, n=group["group"], cards=cards)
        if group["dragons"]:
            text += " · " + t("dragon.ui.dragons", lang, players=", ".join(_who(view, p) for p in group["dragons"]))
        if group["cost"]:
            text += " · " + t("dragon.ui.join_cost", lang, yuan=group["cost"])
        lines.append(text)
    return lines


# -- tables and blocks -------------------------------------------------------------------------------
@per_view  # a rerun that changed nothing finds it made
def players_frame(view: dict[str, Any], lang: str) -> pd.DataFrame:
    """Numbers per player (columns in seat order, as the players sit)."""
    players = view["players"]
    rows: dict[str, list[str]] = {}

    def row(key: str, values: list[Any]) -> None:
        rows[t(key, lang)] = [str(v) for v in values]

    row("dragon.ui.turn", [f"{p['turn_position']}{' ' + MARK if p['seat'] == view['acting'] else ''}" for p in players])
    row("dragon.ui.vp", [p["vp"] for p in players])
    row("dragon.ui.person_points", [p["person_points"] for p in players])
    row("dragon.ui.yuan", [p["yuan"] for p in players])
    row("dragon.ui.rice", [p["rice"] for p in players])
    row("dragon.ui.fireworks", [p["fireworks"] for p in players])
    row("dragon.ui.privileges", [f"{p['small_privileges']} / {p['large_privileges']}" for p in players])
    row("dragon.ui.palaces", [" · ".join(str(x["floors"]) for x in p["palaces"]) or "–" for p in players])
    row("dragon.ui.cards_left", [len(p["hand"]) for p in players])
    if view["great_wall"]:
        row("dragon.ui.wall_pieces", [f"{p['wall_pieces_built']} / {len(p['wall_pieces_left'])}" for p in players])
    frame = memo.rows_frame(rows, labels.unique_names(_names(view)))
    return frame.rename_axis(t("a11y.board.players", lang))  # the corner cell is a header too (WCAG 1.3.1)


def hand_text(hand: list[str], lang: str) -> str:
    """The person cards still in hand (in box order, as the view lists them), "Wild card ×2" for doubles."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    shown = {c: t("dragon.ui.wild", lang) if c == "wild" else word("person", c, lang) for c in counts}
    return ", ".join(shown[c] + (f" ×{n}" if n > 1 else "") for c, n in counts.items()) or "–"


def player_block(view: dict[str, Any], player: dict[str, Any], lang: str, own: bool = False) -> None:
    """A player's palaces and wall pieces; the person cards in hand on their own Seat screen (`own`), else
    only how many (the shared Table screen shows no hand)."""
    mark = f"{MARK} " if player["seat"] == view["acting"] else ""
    done = [t(key, lang) for key, flag in (("dragon.ui.acted", player["acted"]),
                                           ("dragon.ui.person_played", player["person_played"])) if flag]
    head = f"**{mark}{player['name']}** · {t('dragon.ui.vp_short', lang, n=player['vp'])}"
    lines = [head + (f" · {DONE} " + ", ".join(done) if done else "")]
    for i, palace in enumerate(player["palaces"]):
        persons = [tile_word(x, lang) for x in palace["persons"]] + [t("dragon.ui.free", lang)] * palace["free"]
        key = "dragon.ui.palace_line_one" if palace["floors"] == 1 else "dragon.ui.palace_line"
        lines.append(t(key, lang, n=i + 1, floors=palace["floors"], persons=", ".join(persons)))
    if not player["palaces"]:
        lines.append(t("dragon.ui.no_palace", lang))
    hand = player["hand"]
    lines.append(t("dragon.ui.hand", lang, n=len(hand), cards=hand_text(hand, lang)) if own
                 else t("hidden.hand_count", lang, n=len(hand)))
    if view["great_wall"] and player["wall_pieces_left"]:
        left = ", ".join(word("wall_tile", x, lang) for x in player["wall_pieces_left"])
        lines.append(t("dragon.ui.wall_left", lang, pieces=left))
    st.markdown("  \n".join(lines))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@per_view  # a rerun that changed nothing finds it made
def supply_frame(view: dict[str, Any], lang: str) -> pd.DataFrame:
    data = [[str(k["young"]), "–" if k["old"] is None else str(k["old"]), str(k["released"])]
            for k in view["person_tiles"]]
    columns = [_capital(t(k, lang)) for k in ("dragon.age.young", "dragon.age.old", "dragon.ui.released")]
    frame = pd.DataFrame(data, index=[word("person", k["kind"], lang) for k in view["person_tiles"]], columns=columns)
    return frame.rename_axis(t("a11y.board.supply", lang))


def render(view: dict[str, Any], lang: str) -> None:
    month = view["month"]
    facts = [
        t("dragon.ui.month_of", lang, month=month, months=view["months"]) if month else word("phase", "setup", lang),
        t("dragon.ui.large_cost", lang, yuan=view["large_privilege_cost"]),
    ]
    st.caption(" · ".join(facts))
    st.markdown(f"**{t('dragon.ui.event_track', lang)}:** {event_track(view, lang)}")
    extra = [line for line in (month_line(view, lang), super_line(view, lang)) if line]
    if view["great_wall"]:
        extra.append(wall_line(view, lang))
    if extra:
        st.markdown("  \n".join(extra))
    groups = group_lines(view, lang)
    if groups:  # the dragons stay on their groups until next month's cards are dealt
        st.markdown(f"**{t('dragon.ui.groups', lang)}**  \n" + "  \n".join(groups))
    memo.table(players_frame(view, lang))
    for seat in view["turn_order"]:  # one block per player in turn order, full width: palaces read in one line
        with st.container(border=True, key=f"dragon_player_{seat}"):
            player_block(view, view["players"][seat], lang)
    with st.expander(t("dragon.ui.supply", lang)):
        memo.table(supply_frame(view, lang))


# -- the score sheet per month (the manifest's score_details) -------------------------------------------
HALF = 6  # months per table: a finished game's 12 months and the final in one table scroll sideways at 390 px


def month_tables(columns: list[str], index: list[str], cells: list[list[str]], final: bool) -> list[pd.DataFrame]:
    """One table per half year (months 1-6, then 7-12, the final column with the last): each fits a phone."""
    months = len(columns) - int(final)
    cuts = [(a, min(a + HALF, months)) for a in range(0, months, HALF)]
    cuts[-1] = (cuts[-1][0], len(columns))  # the final column joins the last months
    return [pd.DataFrame([row[a:b] for row in cells], index=index, columns=columns[a:b]) for a, b in cuts]


def render_score_details(details: list[dict[str, Any]], lang: str) -> None:
    """Each category per month for each player, one tab per player (companion.dragon.scoring.score_details)."""
    if not details:
        return
    st.markdown(f"**{t('dragon.ui.per_month', lang)}**")
    tabs = st.tabs(plain_all(labels.unique_names([d["name"] for d in details])))
    for table, tab in zip(details, tabs, strict=True):
        columns = [t("dragon.ui.final", lang) if c == "final" else str(c) for c in table["columns"]]
        index = [row_label("dragon", r["code"], lang) for r in table["rows"]]
        index += [t("dragon.ui.month_total", lang), t("dragon.ui.running_total", lang)]
        values = [r["values"] for r in table["rows"]] + [table["month_total"], table["running_total"]]
        cells = [[str(v) for v in r] for r in values]
        with tab:
            for frame in month_tables(columns, index, cells, "final" in table["columns"]):
                memo.table(frame)
