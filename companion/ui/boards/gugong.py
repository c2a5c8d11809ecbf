"""Gùgōng board: renders the engine's view (companion.gugong.view, via the manifest); no rules here.

`render(view, lang)` shows who plays and in which order, the players' boards, the officials with
the cards lying there (and, for the player whose turn it is, what exchanging each hand card there
costs), and the shared board: tracks, Great Wall, decrees, cities, canal, dice and jade. Words
come from companion.i18n.words.gugong; a value resting on an unverified box fact carries "?".
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from companion.i18n import labels, t
from companion.i18n.words import gugong as words
from companion.i18n.words.gugong import decree, location, tile
from companion.ui.boards import memo
from companion.ui.boards.memo import per_view

__all__ = ["location", "render"]  # location: the Meng page and the solo form name locations with it


def _values(cards: list[dict[str, int]], ok: bool) -> str:
    return ", ".join(words.marked(c["value"], ok) for c in cards) or "–"


def _name(view: dict[str, Any], seat: int | None) -> str:
    names = view["names"]
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "–"


def _word(key: str, fallback: str, lang: str) -> str:
    text = t(key, lang)
    return fallback if text == key else text


def _heading(view: dict[str, Any], lang: str) -> str:
    facts = [t("ui.gg.day", lang, day=view["day"]), _word(f"gugong.board.phase.{view['phase']}", view["phase"], lang),
             t("ui.gg.start_player", lang, player=_name(view, view["start"])),
             t("gugong.board.order", lang, order=", ".join(_name(view, s) for s in view["order"]))]
    if view.get("turn") is not None:
        facts.append(t("gugong.board.turn", lang, player=_name(view, view["turn"])))
    if view.get("medal") is not None:
        facts.append(t("ui.gg.medal", lang, player=_name(view, view["medal"])))
    return " · ".join(facts)


def _held(cards: list[dict[str, int]], ok: bool, own: bool, lang: str) -> str:
    """A hand or discard pile: its cards for its owner's own screen, else how many (they are private)."""
    return _values(cards, ok) if own else t("hidden.card_count", lang, n=len(cards))


@per_view  # a rerun that changed nothing finds it made
def players_frame(view: dict[str, Any], lang: str, own: int | None = None) -> pd.DataFrame:
    """Every player's numbers; hands and discard piles as counts, but the cards of `own` (the Seat screen's)."""
    ok = view["verified"]["cards"]
    stacks = {seat: (space, i + 1, len(seats)) for space, seats in view["intrigue"]["stacks"]
              for i, seat in enumerate(seats)}
    rows: dict[str, list[str]] = {}

    def row(key: str, values: list[Any]) -> None:
        rows[t(key, lang)] = [str(v) for v in values]

    players = view["players"]
    row("ui.gg.vp", [p["vp"] for p in players])
    row("ui.gg.servants", [f"{p['servants']['supply']} / {p['servants']['general']}" for p in players])
    row("ui.gg.double", [_word(f"ui.gg.dd.{p['double']}", p["double"], lang) for p in players])
    row("ui.gg.hand", [_held(p["hand"], ok, p["seat"] == own, lang) for p in players])
    row("ui.gg.discard", [_held(p["discard"], ok, p["seat"] == own, lang) for p in players])
    row("ui.gg.intrigue", [_intrigue(stacks[p["seat"]], lang) for p in players])
    row("ui.gg.envoy", [_envoy(p, view, lang) for p in players])
    row("ui.gg.jade", [p["jade"] for p in players])
    row("ui.gg.tiles", [", ".join(tile(x, lang) for x in p["tiles"]) or "–" for p in players])
    row("ui.gg.boats", [len(p["boats"]) for p in players])
    row("ui.gg.decrees", ["; ".join(decree(d, lang) for d in p["decrees"]) or "–" for p in players])
    row("ui.gg.wall", [p["wall"] for p in players])
    frame = memo.rows_frame(rows, [p["name"] for p in players])
    return frame.rename_axis(t("a11y.board.players", lang))  # the corner cell is a header too (WCAG 1.3.1)


def _intrigue(stack: tuple[int, int, int], lang: str) -> str:
    space, height, count = stack
    return t("gugong.board.stacked", lang, space=space, height=height, count=count) if count > 1 else str(space)


def _envoy(player: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    if player["arrival"] is not None:
        return t("gugong.board.arrived", lang, order=player["arrival"])
    return f"{player['envoy']} / {view['palace']['steps']}"


@per_view  # a rerun that changed nothing finds it made
def officials_frame(view: dict[str, Any], lang: str, own: int | None = None) -> pd.DataFrame:
    """The officials' cards; what exchanging each hand card costs only on the screen of the player whose turn it
    is (`own`): those are the cards of their hand, private on the shared screen (solo too)."""
    ok = view["verified"]["cards"]
    data: dict[str, list[str]] = {
        t("ui.gg.official", lang): ["–" if o["value"] is None else words.marked(o["value"], ok)
                                    for o in view["officials"]]}
    turn = view.get("turn")
    if turn is not None and turn == own and all("exchange" in o for o in view["officials"]):
        values = {c["card"]: c["value"] for c in view["players"][turn]["hand"]}
        column = t("gugong.board.exchange", lang, player=_name(view, turn))
        data[column] = [_costs(o["exchange"], values, ok, lang) for o in view["officials"]]
    frame = pd.DataFrame(data, index=[location(o["location"], lang) for o in view["officials"]])
    return frame.rename_axis(t("a11y.board.officials", lang))


def _costs(exchange: list[dict[str, Any]], values: dict[int, int], ok: bool, lang: str) -> str:
    """Hand cards grouped by what giving them here costs: "free: 9, 7 · 2 servants / … : 5, 3"."""
    groups: dict[str, list[str]] = {}
    for entry in exchange:
        groups.setdefault(_ways(entry, lang), []).append(words.marked(values.get(entry["card"], entry["card"]), ok))
    return " · ".join(t("gugong.board.costs", lang, ways=ways or t("gugong.board.free", lang), cards=", ".join(cards))
                      for ways, cards in sorted(groups.items(), key=lambda g: g[0] != "")) or "–"  # free first


def _ways(entry: dict[str, Any], lang: str) -> str:
    """How a paid exchange may be paid ("" when it is free)."""
    if entry["free"]:
        return ""
    n = entry["servants"]
    ways = [t(f"gugong.board.way.{w}", lang) for w in entry["ways"] if w != "servants"]
    if "servants" in entry["ways"]:
        ways.insert(0, t(f"gugong.board.way.servants.{'one' if n == 1 else 'other'}", lang, count=n))
    return " / ".join(ways)


@per_view  # a rerun that changed nothing finds it made
def shared_lines(view: dict[str, Any], lang: str) -> list[str]:
    """The shared board below the officials, one "**label:** value" line each."""
    dice = ", ".join(words.marked(d, view["verified"]["dice"]) for d in view["dice"] if d)
    decrees = "; ".join(_decree_line(d, view, lang) for d in view["decrees"] if d["decree"])  # names have commas
    lines = [
        (t("ui.gg.dice", lang), dice or "–"),
        (t("ui.gg.decrees", lang), decrees or "–"),
        (t("ui.gg.cities", lang), _cities(view, lang)),
        (t("ui.gg.canal", lang), "; ".join(_boat(b, view, lang) for b in view["canal"]["boats"]) or "–"),
        (t("ui.gg.wall", lang), _wall(view, lang)),
        (t("ui.gg.jade_houses", lang), _jade(view, lang)),
        (t("ui.gg.deck", lang), str(view["piles"]["deck"])),
    ]
    arrivals = view["palace"]["arrivals"]
    if arrivals:
        lines.append((t("ui.gg.palace", lang), ", ".join(_name(view, s) for s in arrivals)))
    return [f"**{label}:** {value}" for label, value in lines]


def _decree_line(d: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    owners = ", ".join(_name(view, s) for s in d["owners"])
    return f"{decree(d['decree'], lang)} ({owners})" if owners else decree(d["decree"], lang)


def _cities(view: dict[str, Any], lang: str) -> str:
    ok = view["verified"]["map"]
    out = []
    for c in view["cities"]:
        there = [_name(view, s) for s in c["travellers"]]
        if c["tile"] or there:
            what = [tile(c["tile"], lang)] if c["tile"] else []
            out.append(f"{words.marked(c['city'] + 1, ok)}: {', '.join(what + there)}")
    return "; ".join(out) or "–"


def _boat(b: dict[str, Any], view: dict[str, Any], lang: str) -> str:
    return t("ui.gg.boat", lang, player=_name(view, b["seat"]), route=b["route"] + 1, port=b["port"],
             servants=b["servants"])


def _wall(view: dict[str, Any], lang: str) -> str:
    wall = view["wall"]
    strength = ", ".join(f"{_name(view, s)} {n}" for s, n in enumerate(wall["strength"]) if n)
    text = t("gugong.board.wall", lang, total=wall["total"], size=wall["complete_at"])
    if wall["leader"] is not None:
        text += " · " + t("gugong.board.leads", lang, player=_name(view, wall["leader"]))
    return f"{text} ({strength})" if strength else text


def _jade(view: dict[str, Any], lang: str) -> str:
    ok = view["verified"]["jade_houses"]
    houses = [f"{t('gugong.word.jade_house', lang, house=h['house'], cost=words.marked(h['price'], ok))}: "
              f"{words.marked(h['left'], ok)}" for h in view["jade"]["houses"]]
    return "; ".join(houses) or "–"


def as_view(data: dict[str, Any]) -> dict[str, Any]:
    """The view to render. Until widgets.board passes `manifest.view(state)`, it passes the state's JSON: then
    the open game's view is read through its manifest (remove this once widgets passes the view)."""
    if "officials" in data:
        return data
    from companion.core.registry import manifest
    from companion.ui import context

    tab = context.table()
    return manifest(tab.session.game.name).view(tab.session.state)


def render(view: dict[str, Any], lang: str) -> None:
    view = as_view(view)
    st.caption(_heading(view, lang))
    memo.table(players_frame(view, lang))
    with st.expander(t("ui.gg.shared", lang), expanded=True):
        memo.table(officials_frame(view, lang))
        st.markdown("  \n".join(shared_lines(view, lang)))
    if not all(view["verified"].values()) and labels.marks_shown():  # else the screen's one notice names them
        st.caption(words.legend(lang))
