"""Yinzi's table companion: read-only views of the engine's `to_json` (no rules here).

What a group would otherwise track by hand: the round, where the table is in the fixed round
order (A bonus ... F administration) and what comes next, whose turn, the exchange-rate track with
the die, and each player's ledger (the engine's own `companion.yinzi.view.ledgers`). The six
values above the exchange-rate track are placeholders until the owner enters them in the box
check: they are marked with "?" and a note, never shown as fact. `describe` turns option and event
parameters (provinces, goods, factories, crop tiles, cards, seats) into what the table sees.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

import pandas as pd
import streamlit as st

from companion.i18n import has, t

MARK = "▶"  # the current step, the player whose turn it is, the die's field
DIE = "▲"
UNVERIFIED = "?"
# The round in its fixed order (RULES-Y 5 Spielablauf), as the engine's phase codes
# (companion.yinzi.flow.PHASE_OF); "actions" is phase B, the rest follow the administration order.
ROUND_ORDER = (
    "bonus",
    "actions",
    "feeding",
    "war_glory",
    "disasters",
    "infrastructure",
    "emperor",
    "taxation",
    "late_shipping",
    "administration",
)


# -- words ----------------------------------------------------------------------------------------
def _humanize(code: str) -> str:
    text = str(code).rsplit(".", 1)[-1].replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else str(code)


def word(prefix: str, code: Any, lang: str) -> str:
    key = f"yinzi.{prefix}.{code}"
    return t(key, lang) if has(key, lang) else _humanize(str(code))


def colour_word(colour: str, lang: str) -> str:
    return t(f"ui.colour.{colour}", lang) if has(f"ui.colour.{colour}", lang) else str(colour)


def factory_tile(code: str, lang: str) -> str:
    """ "paper/blue" -> "Paper (blue)" (a factory tile: ware and the raw-material colour it needs)."""
    ware, _, colour = code.partition("/")
    return t("yinzi.ui.factory_tile", lang, ware=word("ware", ware, lang), colour=colour_word(colour, lang))


def card_text(card: Any, lang: str) -> str:
    """[fate, workers] or "fate/workers" -> "fate 2 · 3 workers" (an action card)."""
    if isinstance(card, str):
        fate, _, workers = card.partition("/")
    else:
        fate, workers = card[0], card[1]
    return t("yinzi.ui.card", lang, fate=fate, workers=workers)


def names(state: dict[str, Any]) -> list[str]:
    return [p["name"] for p in state.get("players", [])]


def _name(state: dict[str, Any], seat: Any) -> str:
    who = names(state)
    return who[seat] if isinstance(seat, int) and 0 <= seat < len(who) else str(seat)


# -- the engine's view of the state (companion.yinzi.view), rebuilt from to_json --------------------
@lru_cache(maxsize=8)
def _box(overrides_json: str) -> Any:
    import json

    from companion.yinzi.box import box_for

    return box_for(json.loads(overrides_json))


def box_of(state: dict[str, Any]) -> Any:
    import json

    return _box(json.dumps(state.get("overrides") or {}, sort_keys=True))


def ledgers(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Per player the ledger the engine keeps (companion.yinzi.view), from the JSON state."""
    from dataclasses import fields

    from companion.yinzi.state import Player, YinziState
    from companion.yinzi.view import ledgers as engine_ledgers

    known = {f.name for f in fields(YinziState)}
    data = {k: v for k, v in state.items() if k in known}
    data["players"] = [Player(**p) for p in state.get("players", [])]
    return engine_ledgers(YinziState(**data), box_of(state))


def rates(state: dict[str, Any]) -> tuple[list[int], bool]:
    """The six copper-per-silver values above the track and whether they are the owner's (verified)."""
    box = box_of(state)
    return list(box.rates), box.profile.fact("exchange.rates").verified


def current_phase(state: dict[str, Any]) -> str:
    from companion.yinzi.flow import PHASE_OF

    step = state.get("step", "setup")
    return PHASE_OF.get(step, step)


def acting_player(state: dict[str, Any]) -> int | None:
    frames = state.get("frames") or []
    p = frames[-1].get("p") if frames else None
    return p if isinstance(p, int) and not isinstance(p, bool) else None


# -- describe: option, decision and event parameters as the table sees them -------------------------
def source_text(src: Any, state: dict[str, Any], lang: str) -> str:
    """A goods cube's place: "f/<province>/<good>" a printed field, "t/<i>" a crop tile,
    "m/<province>/<coin>" raw material from a city market, "market" the local market."""
    if not isinstance(src, str):
        return str(src)
    if src == "market":
        return t("yinzi.ui.local_market", lang)
    if has(f"yinzi.field.{src}", lang):  # a progress disc standing in for a good ("free_salt")
        return t(f"yinzi.field.{src}", lang)
    kind, _, rest = src.partition("/")
    if kind == "f":
        province, _, good = rest.partition("/")
        return t("yinzi.ui.src_field", lang, good=word("good", good, lang), province=word("province", province, lang))
    if kind == "t" and rest.isdigit():
        tiles = state.get("tiles", [])
        i = int(rest)
        if i < len(tiles):
            tile = tiles[i]
            good, province = word("good", tile["good"], lang), word("province", tile["province"], lang)
            return t("yinzi.ui.src_tile", lang, good=good, province=province)
    if kind == "m":
        province, _, coin = rest.partition("/")
        where = word("province", province, lang)
        if coin:
            return t("yinzi.ui.src_market_coin", lang, good=word("good", coin, lang), province=where)
        return t("yinzi.ui.src_market", lang, province=where)
    return src


def factory_text(index: Any, state: dict[str, Any], lang: str) -> str:
    factories = state.get("factories", [])
    if not isinstance(index, int) or not 0 <= index < len(factories):
        return str(index)
    f = factories[index]
    return t(
        "yinzi.ui.factory_at",
        lang,
        ware=word("ware", f["ware"], lang),
        province=word("province", f["province"], lang),
        level=f["level"],
    )


def infra_tile_text(index: Any, state: dict[str, Any], lang: str) -> str:
    tiles = box_of(state).v("infra.tiles")
    if not isinstance(index, int) or not 0 <= index < len(tiles):
        return str(index)
    tile = tiles[index]
    return t(
        "yinzi.ui.infra_tile",
        lang,
        demand=demand_text(tile["demand"], state, lang),
        war=tile["war"],
        disaster=word("disaster", tile["disaster"], lang) if tile.get("disaster") else "–",
    )


def demand_text(code: Any, state: dict[str, Any], lang: str) -> str:
    demand = box_of(state).v("infra.demands").get(code)
    if demand is None:
        return str(code)
    needs = ", ".join(need_text(n, lang) for n in demand["needs"])
    return t("yinzi.ui.demand", lang, needs=needs, vp=demand["vp"])


def need_text(need: str, lang: str) -> str:
    """ "ware:silk|porcelain" -> "Silk or Porcelain"; "pair:wheat+rice|rice+fruit"; "cube:any"."""
    kind, _, what = need.partition(":")
    if kind == "ambassador" or not what:
        return t("yinzi.ui.need_ambassador", lang) if kind == "ambassador" else need
    if what == "any":
        return t(f"yinzi.ui.need_any_{kind}", lang) if has(f"yinzi.ui.need_any_{kind}", lang) else need
    prefix = "ware" if kind == "ware" else "good"
    alternatives = [" + ".join(word(prefix, g, lang) for g in alt.split("+")) for alt in what.split("|")]
    return t("yinzi.ui.or", lang).join(alternatives)


def _draw_value(value: Any, state: dict[str, Any], lang: str) -> Any:
    """What a chance option shows: the kind of draw is the pending draw frame's ("what")."""
    frames = state.get("frames") or []
    what = frames[-1].get("what") if frames and frames[-1].get("k") == "draw" else None
    if what == "order":
        return _name(state, value)
    if what in ("infra", "infra_hidden"):
        return infra_tile_text(value, state, lang)
    if what == "card":
        return card_text(value, lang)
    if what == "factory" and isinstance(value, str):
        return factory_tile(value, lang)
    if what in ("crop",):
        return word("good", value, lang)
    if what in ("coast", "ship_top", "ship_remove"):
        return word("nation", value, lang)
    if what == "market" and isinstance(value, str):
        return market_tile_text(value, state, lang)
    return value


def market_tile_text(code: str, state: dict[str, Any], lang: str) -> str:
    tile = box_of(state).v("city_markets.tiles").get(code)
    if not tile:
        return code
    goods = ", ".join(word("good", g, lang) for g in tile["goods"])
    return t("yinzi.ui.market_tile", lang, tile=code, goods=goods)  # "m7 (Tea, Bamboo, Salt)"


WORDS = {  # parameter -> catalog prefix of its words
    "province": "province",
    "market": "province",
    "good": "good",
    "crop": "good",
    "food": "good",
    "resource": "resource",
    "ware": "ware",
    "nation": "nation",
    "bonus": "bonus",
    "field": "field",
    "box": "box",
    "disaster": "disaster",
    "action": "action",
    "group": "action",
    "phase": "phase",
}


def describe(params: dict[str, Any], state_json: dict[str, Any], lang: str) -> dict[str, Any]:
    """Parameters in words (companion.ui.widgets' label hook).

    Option rows and slots are 0-based; events already count from 1, so options get extra
    1-based fields (`row_n`, `slot_n`) for their labels and `row`/`slot` stay as they are.
    """
    state = state_json
    out = dict(params)
    if out.get("round") == 0:
        out["round"] = None  # the setup, before round 1: the banner leaves the round out
    if out.get("phase") == "over":
        out["phase"] = None  # the banner says "Game over" once, from the shell
    for key, prefix in WORDS.items():
        value = out.get(key)
        if isinstance(value, str) and not (key == "field" and value.isdigit()):
            out[key] = word(prefix, value, lang)
    load = _ship_load(out, state, lang)  # before "ware" becomes a word: a ship option's factory index
    if load is not None:
        out["load"] = load
    if isinstance(out.get("what"), str):
        what = out["what"]
        out["what"] = word("ware" if has(f"yinzi.ware.{what}", lang) else "good", what, lang)
    if isinstance(out.get("factory"), str):
        out["factory"] = factory_tile(out["factory"], lang)
    elif isinstance(out.get("factory"), int) and not isinstance(out.get("factory"), bool):
        out["factory"] = factory_text(out["factory"], state, lang)
    for key in ("src", "first", "tea"):
        if isinstance(out.get(key), str):
            out[key] = source_text(out[key], state, lang)
    for key in ("raw", "salt"):
        if isinstance(out.get(key), list):
            out[key] = ", ".join(source_text(s, state, lang) for s in out[key])
    if isinstance(out.get("card"), list | str) and out.get("card"):
        out["card"] = card_text(out["card"], lang)
    if isinstance(out.get("hand"), list):
        out["hand"] = "; ".join(card_text(c, lang) for c in out["hand"])
    if isinstance(out.get("foods"), list):
        out["foods"] = " + ".join(word("good", f, lang) for f in out["foods"])
    if isinstance(out.get("crop_track"), list):
        out["crop_track"] = ", ".join(word("good", c, lang) if c else "–" for c in out["crop_track"])
    if isinstance(out.get("order"), list):
        out["order"] = " → ".join(_name(state, p) for p in out["order"])
    if isinstance(out.get("owner"), int):
        out["owner"] = _name(state, out["owner"])
    if isinstance(out.get("demand"), str):
        out["demand"] = demand_text(out["demand"], state, lang)
    if isinstance(out.get("need"), list):
        out["need"] = ", ".join(need_text(str(n), lang) for n in out["need"])
    if isinstance(out.get("tile"), int) and not isinstance(out.get("tile"), bool):
        out["crop_tile"] = source_text(f"t/{out['tile']}", state, lang)  # plant_tile: an empty crop tile
        out["tile"] = infra_tile_text(out["tile"], state, lang)
    elif "tile" in out and out["tile"] is None:  # the road-building pick from the face-down discards
        out["tile"] = t("yinzi.ui.hidden_tile", lang)
    elif isinstance(out.get("tile"), str):
        out["tile"] = market_tile_text(out["tile"], state, lang)
    if isinstance(out.get("pay"), str):
        out["pay"] = word("resource", out["pay"], lang)
    for key in ("row", "slot"):
        if isinstance(out.get(key), int) and not isinstance(out.get(key), bool):
            out[f"{key}_n"] = out[key] + 1
    for flag in ("tax", "coin", "crop", "extra_worker", "double"):
        if isinstance(out.get(flag), bool):  # option fragments: " + taxation disc" or nothing
            out[f"{flag}_note"] = t(f"yinzi.ui.note_{flag}", lang) if out[flag] else ""
    for key in ("rate", "exchange_rate"):  # a placeholder rate is never shown as fact (banner, die-roll events)
        if isinstance(out.get(key), int) and not isinstance(out.get(key), bool) and not rates(state)[1]:
            out[key] = f"{out[key]}{UNVERIFIED}"
    if isinstance(out.get("send"), bool):
        out["send"] = t("yinzi.ui.send_yes" if out["send"] else "yinzi.ui.send_no", lang)
    if "value" in out:
        out["value"] = _draw_value(out["value"], state, lang)
    return out


def _ship_load(out: dict[str, Any], state: dict[str, Any], lang: str) -> str | None:
    """What a delivery (ship, infrastructure) option hands over: wares of a factory, cubes, a disc."""
    if isinstance(out.get("ware"), int) and not isinstance(out.get("ware"), bool):
        return factory_text(out["ware"], state, lang)
    for key in ("salt", "pair"):
        if isinstance(out.get(key), list):
            return " + ".join(source_text(s, state, lang) for s in out[key])
    for key in ("tea", "src"):
        if isinstance(out.get(key), str):
            return source_text(out[key], state, lang)
    if isinstance(out.get("disc"), str):
        return word("field", out["disc"], lang)
    return None


# -- the board ------------------------------------------------------------------------------------
def round_order_line(state: dict[str, Any], lang: str) -> str:
    """The whole round in its fixed order: done steps struck through, the current one marked."""
    phase = current_phase(state)
    here = ROUND_ORDER.index(phase) if phase in ROUND_ORDER else (-1 if phase == "setup" else len(ROUND_ORDER))
    parts = []
    for i, code in enumerate(ROUND_ORDER):
        text = word("phase", code, lang)
        if i < here:
            parts.append(f"~~{text}~~")
        elif i == here:
            parts.append(f"**{MARK} {text}**")
        else:
            parts.append(text)
    return " → ".join(parts)


def order_line(state: dict[str, Any], lang: str) -> str:
    order = state.get("order") or state.get("prov_order") or []
    acting = acting_player(state)
    who = [f"**{MARK} {_name(state, p)}**" if p == acting else _name(state, p) for p in order]
    return t("yinzi.ui.turn_order", lang, order=" → ".join(who) or "–")


def exchange_track(state: dict[str, Any], lang: str) -> str:
    """Fields 1-6 with their copper-per-silver values and the die as a small Markdown table."""
    values, verified = rates(state)
    die = state.get("die")
    mark = "" if verified else UNVERIFIED
    head = "| " + " | ".join(str(i + 1) for i in range(len(values))) + " |"
    rule = "|" + "---|" * len(values)
    row = "| " + " | ".join(f"**{v}{mark}**" if i + 1 == die else f"{v}{mark}" for i, v in enumerate(values)) + " |"
    pos = "| " + " | ".join(DIE if i + 1 == die else "" for i in range(len(values))) + " |"
    return "\n".join([head, rule, row, pos])


def players_frame(state: dict[str, Any], books: list[dict[str, Any]], lang: str) -> pd.DataFrame:
    """The ledger's numbers, one column per player (in seat order, as the players sit)."""
    acting = acting_player(state)
    order = state.get("order") or []
    rows: dict[str, list[str]] = {}

    def row(key: str, values: list[Any]) -> None:
        rows[t(f"yinzi.ui.{key}", lang)] = [str(v) for v in values]

    place = [str(order.index(p) + 1) if p in order else "–" for p in range(len(books))]
    row("turn", [f"{n}{' ' + MARK if p == acting else ''}" for p, n in enumerate(place)])
    row("copper", [b["copper"] for b in books])
    row("silver", [b["silver"] for b in books])
    row("wood_stone", [f"{b['wood']} / {b['stone']}" for b in books])
    row("boat", [f"{b['boat_field']} ({b['boat_capacity']})" for b in books])
    row("factories", [" ".join(str(f["level"]) for f in b["factories"]) or "–" for b in books])
    abroad = [sum(b["wares_abroad"].values()) for b in books]
    row(
        "wares",
        [f"{b['wares_in_factories']} / {b['wares_on_ships']} / {n}" for b, n in zip(books, abroad, strict=True)],
    )
    delivered = ("ships", "city", "local", "infra")
    row("delivered", ["/".join(str(b["delivered"].get(k, 0)) for k in delivered) for b in books])
    row("ambassadors", [b["ambassadors_abroad"] for b in books])
    row("progress", [len(b["progress"]) for b in books])
    row("war", [f"{b['war_discs'].get('4', 0)} / {b['war_discs'].get('2', 0)}" for b in books])
    won = [b["infrastructure_won"] for b in books]
    row("infra", [f"{len(w)} ({sum(x.get('vp', 0) for x in w)})" for w in won])
    row("misfortune", [b["misfortune"] for b in books])
    row("cards", [len(b["cards_played"]) for b in books])
    return pd.DataFrame(rows, index=_unique(names(state))).T


def _unique(values: list[str]) -> list[str]:
    seen: Counter[str] = Counter()
    out = []
    for v in values:
        seen[v] += 1
        out.append(v if seen[v] == 1 else f"{v} ({seen[v]})")
    return out


def player_block(state: dict[str, Any], seat: int, book: dict[str, Any], lang: str) -> None:
    """One player's details: factories with their wares, progress discs, infrastructure, cards."""
    mark = f"{MARK} " if seat == acting_player(state) else ""
    colour = colour_word(book["color"], lang)
    worth = t("yinzi.ui.worth", lang, copper=book["copper_worth"])
    lines = [f"**{mark}{book['name']}** ({colour}) · {worth}"]
    for f in book["factories"]:
        wares = len(f["wares"])
        lines.append(
            t(
                "yinzi.ui.factory_line",
                lang,
                ware=word("ware", f["ware"], lang),
                province=word("province", f["province"], lang),
                level=f["level"],
                wares=wares,
            )
        )
    if book["progress"]:
        discs = ", ".join(word("field", x, lang) for x in book["progress"])
        lines.append(t("yinzi.ui.progress_line", lang, fields=discs))
    if book["infrastructure_won"] or book["infrastructure_open"]:
        lines.append(
            t(
                "yinzi.ui.infra_line",
                lang,
                won=", ".join(str(x.get("vp", "?")) for x in book["infrastructure_won"]) or "–",
                open=len(book["infrastructure_open"]),
            )
        )
    if book["hand"]:
        lines.append(t("yinzi.ui.hand_line", lang, cards="; ".join(card_text(c, lang) for c in book["hand"])))
    played = state["players"][seat].get("played") or []
    if played:
        cards = "; ".join(
            f"{word('action', c.get('action', '?'), lang)} ({card_text([c.get('fate'), c.get('workers')], lang)})"
            for c in played
        )
        lines.append(t("yinzi.ui.played_line", lang, cards=cards))
    lines.append(
        t(
            "yinzi.ui.workers_line",
            lang,
            board=book["workers_on_board"],
            supply=state["players"][seat].get("workers", 0),
            tax=book["tax_discs"],
        )
    )
    st.markdown("  \n".join(lines))


def render(state_json: dict[str, Any], lang: str) -> None:
    state = state_json
    rnd = state.get("round", 0)
    phase = current_phase(state)
    head = t("yinzi.ui.round_of", lang, round=rnd, rounds=4) if rnd else word("phase", "setup", lang)
    st.caption(f"{head} · {word('phase', phase, lang)}")
    st.markdown(f"**{t('yinzi.ui.round_order', lang)}:** {round_order_line(state, lang)}")
    if state.get("order") or state.get("prov_order"):
        st.markdown(order_line(state, lang))
    values, verified = rates(state)
    die = int(state.get("die", 1))
    rate = values[die - 1] if 1 <= die <= len(values) else "?"
    st.markdown(
        f"**{t('yinzi.ui.exchange_track', lang)}** · "
        + t("yinzi.ui.rate_now", lang, field=die, rate=f"{rate}{'' if verified else UNVERIFIED}")
    )
    st.markdown(exchange_track(state, lang))
    if not verified:
        st.warning(t("yinzi.ui.rates_unverified", lang), icon=":material/help:")
    books = ledgers(state)
    st.table(players_frame(state, books, lang))
    st.caption(t("yinzi.ui.table_legend", lang))
    seats = [p for p in (state.get("order") or []) if p < len(books)] or list(range(len(books)))
    cols = st.columns(2, gap="small")  # two players side by side on a laptop; stacked on a phone
    for n, seat in enumerate(seats):
        with cols[n % 2].container(border=True, key=f"yinzi_player_{seat}"):
            player_block(state, seat, books[seat], lang)
    if any(b["cards_played"] for b in books):
        with st.expander(t("yinzi.ui.cards_history", lang)):
            st.markdown(cards_history(books, lang))


def cards_history(books: list[dict[str, Any]], lang: str) -> str:
    """Every card each player has played, by round, with its values (fate, workers, taxation disc)."""
    lines = []
    for book in books:
        by_round: dict[Any, list[str]] = {}
        for c in book["cards_played"]:
            text = (
                f"{word('action', c.get('action', '?'), lang)} ({card_text([c.get('fate'), c.get('workers')], lang)})"
            )
            if c.get("tax"):
                text += t("yinzi.ui.note_tax", lang)
            by_round.setdefault(c.get("round", "?"), []).append(text)
        rounds = " · ".join(
            t("yinzi.ui.round_cards", lang, round=r, cards="; ".join(cards)) for r, cards in by_round.items()
        )
        lines.append(f"**{book['name']}:** {rounds or '–'}")
    return "  \n".join(lines)


# -- the Score page's optional hook ------------------------------------------------------------------
def score_details(sheet: Any, state_json: dict[str, Any], lang: str) -> None:
    """The silver row converts copper at the current rate: say so when that rate is a placeholder."""
    values, verified = rates(state_json)
    die = int(state_json.get("die", 1))
    if not verified and 1 <= die <= len(values):
        st.warning(t("yinzi.rate_unverified", lang, rate=f"{values[die - 1]}{UNVERIFIED}"), icon=":material/help:")
        st.caption(t("yinzi.ui.rates_unverified", lang))
