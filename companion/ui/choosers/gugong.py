"""Gùgōng on a phone: a turn is tap your card → tap the official → tap the action.

The hand is drawn right at the question as big card buttons (value · card action); once a card is
picked, each official is one button showing the card lying there and whether the exchange is free
or must be paid (the engine's view says which; the chooser never decides it). Follow-up questions
are buttons, in groups when there are more than fit one list (card action / location action / trades,
a die's faces as a row of numbers). Nothing here is a rule: every tap sends one of the decision's
own options, or only marks which card the player is about to give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from companion.core import Decision
from companion.i18n import has, t

from .. import folds, table_entry
from ..chance import SEEN, chance_panel, something_else
from ..picking import select_and_confirm
from .ask import Ask

MAX_BUTTONS = 8  # up to this many options stay one plain list of buttons
ROW_FIELDS = ("face", "doubles")  # small numbers: a row of number buttons, one tap each
Group = tuple[str, str]  # (heading text, group key)


def choose(ask: Ask) -> bool:
    """Draw the pending Gùgōng question; False leaves Meng's steps and short lists to the generic panel. What
    the table enters at chance steps: several steps of one kind on one screen (companion.ui.table_entry)."""
    decision = ask.decision
    kind = decision.kind.rsplit(".", 1)[-1]
    if kind == "income_read":
        _income(ask)
        return True
    if decision.is_chance:
        if ".meng_" in decision.kind:  # Meng's own steps: his screen's taps (companion.ui.pages.meng)
            return False
        chance_panel(ask.table, decision, ask.labels, ask.version, table_entry.run_panel, table_entry.hand_panel)
        return True
    if any(SEEN in o for o in decision.options):  # printed facts the table may correct: below the options
        _listed(ask)
        _corrections(ask)
        return True
    if kind == "turn" and _hand(ask):
        _turn(ask)
    elif kind == "act":
        _grouped(ask, _act_group)
    elif kind == "pay_exchange" and len(set(ask.labels)) < len(ask.labels):
        _distinct(ask)
    elif len(decision.options) > MAX_BUTTONS:
        _grouped(ask, _other_group)
    else:
        return False
    _as_list(ask)
    return True


# -- what the box shows instead of the app's model (companion.gugong.corrections) -------------------------
def _listed(ask: Ask) -> None:
    """The options without the corrections. Those need not come last (a trade may follow a move's corrections),
    so each listed option is picked by itself; a tap sends the option, its widget key only numbers the list."""
    d = ask.decision
    kept = [i for i, o in enumerate(d.options) if SEEN not in o]
    options = tuple(d.options[i] for i in kept)
    listed = Decision(d.player, d.kind, options, d.params, d.weights, d.rule, d.unordered, d.hidden)
    shown = Ask(ask.table, listed, [ask.labels[i] for i in kept], ask.view, ask.lang, ask.names, ask.version, ask.send)
    if not choose(shown):
        for i, label in enumerate(shown.labels):
            _option_button(shown, i, label=label, width="stretch")


def _corrections(ask: Ask) -> None:
    """One "The box shows something else…" panel per kind of printed fact (a house's jade, its price, a
    decree's cost, a city's tile)."""
    d = ask.decision
    groups: dict[str, list[dict[str, Any]]] = {}
    for o in d.options:
        if SEEN in o:
            groups.setdefault(str(o.get("type")), []).append(o)
    for group, options in groups.items():
        fixes = Decision(d.player, d.kind, tuple(options), d.params, None, d.rule)
        title = f"corrections.box_shows.{group}"
        title = title if has(title, ask.lang) else "corrections.box_shows"
        something_else(ask.table, fixes, ask.version, title, group, ask.send)


def _income(ask: Ask) -> None:
    """What the day track shows: the model's number in one tap, any other number behind "something else"."""
    options = ask.decision.options
    # keyed as the confirm of what the table holds (a hidden step): one tap takes the listed first, as there
    st.button(ask.labels[0], key=f"held_confirm_{ask.version}", on_click=ask.send, args=(options[0],),
              type="primary", width="stretch", icon=":material/check:")
    with folds.closed(t("corrections.box_shows", ask.lang), f"income_other_{ask.table.game_id}") as shown:
        if not shown:
            return  # a phone: drawn only while open
        row = st.container(horizontal=True, key=f"gg_income_{ask.version}")
        for i, option in enumerate(options[1:], start=1):
            row.button(str(option["n"]), key=f"opt_{ask.version}_{i}", on_click=ask.send, args=(option,),
                       help=ask.labels[i], width="content")


# -- the exchange: card, then official ----------------------------------------------------------------
def _hand(ask: Ask) -> list[dict[str, Any]]:
    players = ask.view.get("players") or []
    seat = ask.decision.player
    return list(players[seat]["hand"]) if 0 <= seat < len(players) else []


def _pick_key(ask: Ask) -> str:
    return f"gg_pick_{ask.table.game_id}_{ask.table.revision}"  # a revision never repeats, so no stale pick


def _picked(ask: Ask, hand: list[dict[str, Any]]) -> int | None:
    cards = [c["card"] for c in hand]
    picked = st.session_state.get(_pick_key(ask))
    if picked in cards:
        return picked
    return cards[0] if len(cards) == 1 else None  # one card left: nothing to pick


def _pick(key: str, card: int) -> None:
    st.session_state[key] = card


def _turn(ask: Ask) -> None:
    hand = _hand(ask)
    picked = _picked(ask, hand)
    st.caption(t("gugong.chooser.hand", ask.lang))
    row = st.container(horizontal=True, key="gg_hand")
    for card in hand:
        row.button(
            t("gugong.chooser.card", ask.lang, value=card["value"], action=_card_action(card["action"], ask.lang)),
            key=f"gg_card_{ask.version}_{card['card']}",
            on_click=_pick, args=(_pick_key(ask), card["card"]),
            type="primary" if card["card"] == picked else "secondary", width="content",
        )
    _officials(ask, picked, hand)
    _trades(ask)


def _card_action(code: str, lang: str) -> str:
    return t(f"gugong.card_action.{code}", lang)


def _officials(ask: Ask, picked: int | None, hand: list[dict[str, Any]]) -> None:
    lang = ask.lang
    if picked is None:
        st.caption(t("gugong.chooser.officials_first", lang))
    else:
        value = next(c["value"] for c in hand if c["card"] == picked)
        st.markdown(f"**{t('gugong.chooser.officials', lang, value=value)}**")
    hints: set[str] = set()
    for loc, official in enumerate(ask.view.get("officials") or []):
        index = _option_index(ask, {"type": "exchange", "card": picked, "loc": loc})
        cost = _cost(official, picked) if index is not None else None
        if cost is not None and not cost["free"]:
            hints.add(_ways(cost, lang))
        label, kind, icon = _official_label(official, cost, lang)
        st.button(label, key=f"opt_{ask.version}_{index}" if index is not None else f"gg_off_{ask.version}_{loc}",
                  on_click=ask.send, args=(ask.decision.options[index],) if index is not None else None,
                  disabled=index is None, type=kind, icon=icon, width="stretch")
    for hint in sorted(hints):
        st.caption(t("gugong.chooser.paid_hint", lang, ways=hint))


def _official_label(official: dict[str, Any], cost: dict[str, Any] | None, lang: str) -> tuple[str, str, str | None]:
    """(label, button type, icon): the official's place and the card lying there; free or pay, told apart by
    word, colour and icon before the tap."""
    params = {"location": _place(official["location"], lang),
              "value": "–" if official.get("value") is None else official["value"]}
    if cost is None:
        return t("gugong.chooser.official", lang, **params), "secondary", None
    if cost["free"]:
        return t("gugong.chooser.free", lang, **params), "primary", ":material/check_circle:"
    return t("gugong.chooser.paid", lang, **params), "secondary", ":material/payments:"


def _place(code: str, lang: str) -> str:
    """The official's place, in its short form where the full name would not fit a phone's button."""
    short = f"gugong.chooser.short.{code}"
    return t(short, lang) if has(short, lang) else t(f"gugong.location.{code}", lang)


def _option_index(ask: Ask, wanted: dict[str, Any]) -> int | None:
    for i, option in enumerate(ask.decision.options):
        if option == wanted:
            return i
    return None


def _cost(official: dict[str, Any], card: int | None) -> dict[str, Any] | None:
    """The view's word on giving `card` to this official (free, or what paying may take)."""
    for entry in official.get("exchange") or []:
        if entry["card"] == card:
            return entry
    return None


def _ways(cost: dict[str, Any], lang: str) -> str:
    words = []
    for way in cost.get("ways") or []:
        if way == "servants":
            words.append(t("gugong.chooser.way.servants", lang, n=cost.get("servants", 0)))
        else:
            words.append(t(f"gugong.chooser.way.{way}", lang))
    return t("gugong.chooser.or", lang).join(words)


def _trades(ask: Ask) -> None:
    """Travel tiles may be traded in before the exchange: the turn's other options, as buttons."""
    others = [i for i, o in enumerate(ask.decision.options) if o.get("type") != "exchange"]
    if others:
        st.caption(t("gugong.chooser.trades", ask.lang))
    for i in others:
        _option_button(ask, i, width="stretch")


# -- follow-up questions: buttons, grouped when long ------------------------------------------------
def _act_group(ask: Ask, option: dict[str, Any]) -> Group:
    kind = option.get("type", "")
    if kind in ("card", "location", "trade"):
        return t(f"gugong.chooser.group.{kind}", ask.lang), kind
    return "", "end"


def _other_group(ask: Ask, option: dict[str, Any]) -> Group:
    if "die" in option:
        dice = ask.view.get("dice") or []
        now = dice[option["die"]] if option["die"] < len(dice) else "–"
        return t("gugong.chooser.group.die", ask.lang, die=option["die"] + 1, now=now), f"die{option['die']}"
    if option.get("type") == "trade":
        return t("gugong.chooser.group.trade", ask.lang), "trade"
    if option.get("type") in ("skip", "end"):
        return "", "end"
    return t("gugong.chooser.group.other", ask.lang) if len(ask.decision.options) > MAX_BUTTONS else "", "main"


def _grouped(ask: Ask, group_of: Callable[[Ask, dict[str, Any]], Group]) -> None:
    groups: dict[str, tuple[str, list[int]]] = {}
    for i, option in enumerate(ask.decision.options):
        heading, key = group_of(ask, option)
        groups.setdefault(key, (heading, []))[1].append(i)
    several = len(groups) > 1
    for key, (heading, indices) in groups.items():
        if heading and several:
            st.caption(heading)
        if all(any(f in ask.decision.options[i] for f in ROW_FIELDS) for i in indices) and len(indices) > 1:
            row = st.container(horizontal=True, key=f"gg_row_{ask.version}_{key}")
            for i in indices:
                _option_button(ask, i, where=row, label=_row_label(ask, i), width="content")
        else:
            shown = _without_heading([ask.labels[i] for i in indices]) if heading and several else None
            for n, i in enumerate(indices):
                _option_button(ask, i, label=shown[n] if shown else None, width="stretch")


def _distinct(ask: Ask) -> None:
    """Paying for an exchange with two cards alike (same value, same action): one button for both, since
    the table cannot tell them apart; cards that differ say how (their action) in their label."""
    shown: set[str] = set()
    for i, label in enumerate(ask.labels):
        if label not in shown:
            shown.add(label)
            _option_button(ask, i)


def _without_heading(texts: list[str]) -> list[str] | None:
    """Under a heading, "Card action: Great Wall A" reads "Great Wall A" when every button repeats "Card action: "."""
    heads = {text.split(": ", 1)[0] for text in texts if ": " in text}
    if len(heads) != 1 or not all(": " in text for text in texts):
        return None
    return [text.split(": ", 1)[1] for text in texts]


def _row_label(ask: Ask, i: int) -> str:
    option = ask.decision.options[i]
    return str(option["face"]) if "face" in option else ask.labels[i]


def _option_button(ask: Ask, i: int, where: Any = None, label: str | None = None, width: Any = "stretch") -> None:
    option = ask.decision.options[i]
    (where or st).button(
        label or ask.labels[i], key=f"opt_{ask.version}_{i}", on_click=ask.send, args=(option,),
        type="tertiary" if option.get("type") in ("end", "skip") else "secondary", width=width,
    )


def _as_list(ask: Ask) -> None:
    """Every option in one list too, folded away: for a screen reader, or a very long question."""
    if len(ask.decision.options) <= MAX_BUTTONS:
        return
    with folds.closed(t("gugong.chooser.list", ask.lang), "list_fold_gugong") as shown:  # a phone: drawn when open
        if shown:
            select_and_confirm(ask.decision, ask.labels, ask.version, "ui.confirm", ask.table.revision)
