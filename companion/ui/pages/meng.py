"""Meng (solo Gùgōng): the solo cockpit. Everything the table must do, then the one tap that goes on.

- "What Meng does now": Meng's latest turn (or dusk, night, morning) as numbered steps, the engine's
  `meng.*` instructions; the lines of the last tap are marked new.
- "On the table": the fate dice as they lie, and every other instruction of the same stretch of play
  (refills, dice, the player's own moves, from the manifest's instructions), new ones marked.
- The decision. When the app draws, one tap plays Meng's whole turn: it draws his Automa card and his
  gift card and everything after, up to the player's next decision or Meng's next turn. When the table
  draws, the table taps the gift card it turned over, then the location its Automa card shows: that tap
  enters both and carries out his turn.
- Meng's Automa cards (deck, today, earlier days), his difficulty, focus and claims.

The UI holds no rules: the lists only arrange the engine's instructions, the taps only send the
decision's own options (or "the app draws").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
import streamlit as st

from companion.core.actions import Action, Decision, Event
from companion.core.chance import app_may_draw
from companion.core.game import apply
from companion.core.instructions import Instruction
from companion.core.registry import manifest
from companion.i18n import labels
from companion.i18n.words import gugong as words
from companion.ui import context, widgets
from companion.ui.boards.gugong import location
from companion.ui.chance import SEEN as TABLE_ONLY
from companion.ui.chance import something_else
from companion.ui.context import lang, names, tr
from companion.ui.dispatch import APP_CHANCE, Outcome, Table, dispatch
from companion.ui.rule_card import decision_rule, moves_rule

LOOK_BACK = 48  # steps looked at for Meng's latest turn and the table's moves around it
TABLE_LINES = 16  # at most this many of the table's latest lines
SEEN = "_meng_seen"  # (game id, log length last shown, first step marked new)
MAX_RUN = 200  # chance steps one tap may resolve (a whole dusk, night and morning is about 20)


# -- the stretch of play shown --------------------------------------------------------------------
def chance_flags(session, lo: int) -> list[bool]:
    """For the log's steps lo..end: True when the step answered a chance decision (drawn or rolled)."""
    n = len(session.log)
    base = max(k for k in session._checkpoints if k <= lo)
    state = session._checkpoints[base]
    flags: list[bool] = []
    for i in range(base, n):
        if i >= lo:
            d = session.game.decision(state)
            flags.append(d is not None and d.is_chance)
        state, _ = apply(session.game, state, session.log[i])
    return flags


def _mengs(events: list[Event]) -> bool:
    return any(e.code.startswith("meng.") for e in events)


def _turn_starts(events: list[Event]) -> bool:
    return any(e.code == "meng.event.day.automa_card" for e in events)


def stretch(events: list[list[Event]], flags: list[bool], lo: int) -> tuple[range, range]:
    """(steps of Meng's latest turn or phase, steps whose table moves are listed), from the log's `events` and
    the `flags` of steps lo..end. Meng's run goes back over drawn steps to the tap that started it (not into
    his previous turn); the table's list also keeps the player's own moves just before it."""
    n = lo + len(flags)
    marked = [i for i in range(lo, n) if _mengs(events[i])]
    if not marked:
        return range(n, n), range(lo, n)
    end = start = marked[-1]
    while start > lo and flags[start - lo] and not _turn_starts(events[start]):
        start -= 1
    first = start
    while first > lo and not flags[first - 1 - lo] and not _mengs(events[first - 1]):
        first -= 1
    return range(start, end + 1), range(first, n)


def _flags(tab: Table, lo: int) -> list[bool]:
    """chance_flags, kept for the game position shown (a rerun without a change replays nothing)."""
    session = tab.session
    key = (tab.game_id, len(session.log), repr(session.log[-1]) if session.log else "", lo)
    cached = st.session_state.get("_meng_flags")
    if not cached or cached[0] != key:
        cached = (key, chance_flags(session, lo))
        st.session_state["_meng_flags"] = cached
    return cached[1]


def new_from(tab: Table) -> int:
    """The first step marked new: the steps this screen had not shown yet (kept across reruns without a change)."""
    n = len(tab.session.log)
    seen = st.session_state.get(SEEN)
    if not seen or seen[0] != tab.game_id:
        first = n
    elif seen[1] == n:
        first = seen[2]
    else:
        first = min(seen[1], n)
    st.session_state[SEEN] = (tab.game_id, n, first)
    return first


@dataclass
class Line:
    text: str
    new: bool


def _lines(tab: Table, steps: range, first_new: int, mengs: bool) -> list[Line]:
    """The instructions of `steps` in words: Meng's (mengs) or all others."""
    session = tab.session
    make = manifest(session.game.name).instructions
    describe, language, players = widgets.describer(tab), lang(), names()
    out: list[Line] = []
    for i in steps:
        found: list[Instruction] = [x for x in make(session.events[i]) if x.code.startswith("meng.") == mengs]
        out += [Line(labels.instruction_text(x, language, players, describe), i >= first_new) for x in found]
    return out


def _moves(tab: Table, steps: range, mengs: bool) -> list[tuple[int, Instruction]]:
    """(log step, instruction) of the lines `_lines` shows, for the rule card of the steps behind them."""
    make = manifest(tab.session.game.name).instructions
    return [(i, x) for i in steps for x in make(tab.session.events[i]) if x.code.startswith("meng.") == mengs]


def latest_meng_events(tab) -> list[Event]:
    """Meng's instruction events of his latest turn (or dusk, night, morning), oldest first."""
    session = tab.session
    lo = max(0, len(session.log) - LOOK_BACK)
    meng_steps, _ = stretch(session.events, _flags(tab, lo), lo)
    return [e for i in meng_steps for e in session.events[i] if e.code.startswith("meng.")]


def screen_facts(tab) -> list[str]:
    """The unverified facts this screen rests on: Meng's steps, the question, and his deck, whose counts
    come from the facts his draws are counted from (the manifest's chance_facts for Meng's steps)."""
    entry = manifest(tab.session.game.name)
    keys = labels.facts_in([e.params for e in latest_meng_events(tab)]) + widgets.decision_facts(tab)
    keys += [k for kind, facts in entry.chance_facts.items() if ".meng_" in kind for k in facts]
    return widgets.still_open(tab.session.game.name, tab.session.setup, list(dict.fromkeys(keys)))


# -- the taps ---------------------------------------------------------------------------------------
def goes_on(decision: Decision | None) -> bool:
    """After a tap of "the app draws": draw on while the next step is drawn too, but stop before Meng's next
    turn (one tap per turn, so the table sees each turn's steps), at every player's decision and in front of
    what only the table holds (a hidden step: the table enters it)."""
    return app_may_draw(decision) and not decision.kind.endswith(".meng_reveal")


def _report(outcome: Outcome) -> None:
    context.report(outcome)


def _go(shown: int) -> None:
    """The app draws for the pending step and everything drawn after it (goes_on), each step saved."""
    tab, store = context.table(), context.shared_store()
    if tab is None:
        context.flash("warning", tr("ui.no_game"))
        return
    outcome = dispatch(tab, APP_CHANCE, shown, store)
    for _ in range(MAX_RUN):
        if not outcome.ok or not goes_on(tab.session.decision):
            break
        outcome = dispatch(tab, APP_CHANCE, tab.revision, store, joined=True)
    _report(outcome)


def _enter(option: Action, gift_key: str | None, gifts: tuple[Action, ...], shown: int) -> None:
    """The table enters what it turned over: the Automa card (this tap) and the gift card tapped before it."""
    tab, store = context.table(), context.shared_store()
    if tab is None:
        context.flash("warning", tr("ui.no_game"))
        return
    outcome = dispatch(tab, option, shown, store)
    picked = st.session_state.get(gift_key) if gift_key else None
    decision = tab.session.decision
    if outcome.ok and picked is not None and decision is not None and decision.kind.endswith(".meng_gift"):
        outcome = dispatch(tab, gifts[picked], tab.revision, store, joined=True)
    _report(outcome)


def _mode(tab: Table, version: int) -> str:
    """Who draws: the same radio (and the same remembered choice) as every chance step's."""
    modes = ["app", "table"]
    mode_key, last_key = f"chance_mode_{version}", f"_chance_mode_{tab.game_id}"
    if mode_key not in st.session_state:
        st.session_state[mode_key] = widgets.chance_mode(tab)
    return st.radio(tr("ui.chance_who"), modes, format_func=context.shown_as(modes, lambda m: tr(f"ui.chance_{m}")),
                    key=mode_key, horizontal=True,
                    on_change=lambda: st.session_state.__setitem__(last_key, st.session_state[mode_key]))


def _go_button(tab: Table, decision: Decision) -> None:
    label = ("ui.meng.go_turn" if decision.kind.endswith(".meng_reveal") else
             "ui.meng.go_meng" if ".meng_" in decision.kind else "ui.meng.go_draw")
    st.caption(tr("ui.meng.app_hint"))
    st.button(tr(label), key=f"app_chance_{tab.version}", on_click=_go, args=(tab.revision,), type="primary",
              width="stretch", icon=":material/check:")


def _gift_step(tab: Table, decision: Decision) -> Decision | None:
    """The gift card step that follows Meng's Automa card, when the table has a choice to enter there."""
    state, _ = apply(tab.session.game, tab.session.state, decision.options[0])
    after = tab.session.game.decision(state)
    if after is None or not after.kind.endswith(".meng_gift") or len(after.options) < 2:
        return None
    return after


def _in_words(describe: labels.Describe | None) -> labels.Describe | None:
    """The describer, with the special Automa card named in words (its code is not a location)."""
    if describe is None:
        return None
    special = tr("meng.automa.special")
    return lambda params: {**describe(params), **({"card": special} if params.get("card") == "special" else {})}


def _option_labels(tab: Table, decision: Decision) -> list[str]:
    game, describe = tab.session.game.name, _in_words(widgets.describer(tab))
    out = [labels.option_label(game, decision, o, lang(), names(), describe) for o in decision.options]
    if decision.weights is None:
        return out
    return [f"{text} ({labels.weight_text(game, decision.kind, tab.session.setup, w)})"
            for text, w in zip(out, decision.weights, strict=True)]


READINGS = (".meng_dusk_read", ".meng_slot_read")  # companion/gugong/solo/corrections.py


def _table_buttons(tab: Table, decision: Decision) -> None:
    """The table draws: a button per card it can turn over; for the Automa card, the gift card first."""
    version, gift = tab.version, None
    gift_key: str | None = None
    if decision.kind.endswith(".meng_reveal"):
        gift = _gift_step(tab, decision)
    if gift is not None:
        gift_key = f"meng_gift_pick_{version}"
        texts = _option_labels(tab, gift)
        st.pills(tr("ui.meng.gift_pick"), list(range(len(texts))), format_func=texts.__getitem__, key=gift_key)
    reading = decision.kind.endswith(READINGS)  # the table reads its own box: nothing is turned over
    st.caption(tr("ui.meng.read_hint" if reading else "ui.meng.table_hint" if gift is not None
                  else "ui.meng.table_hint_one"))
    gifts = gift.options if gift is not None else ()
    for i, text in enumerate(_option_labels(tab, decision)):
        if TABLE_ONLY in decision.options[i]:
            continue  # a card the profile does not list: entered under "Something else…", as at every draw
        st.button(text, key=f"opt_{version}_{i}", on_click=_enter, args=(decision.options[i], gift_key, gifts,
                  tab.revision), width="stretch")
    something_else(tab, decision, version)


def mengs_step(decision: Decision | None) -> bool:
    """A step of Meng's own (his Automa card, his gift card): played by this page's taps on the Table page too."""
    return decision is not None and decision.is_chance and ".meng_" in decision.kind


def turn_panel(tab: Table) -> None:
    """The next step: Meng's (and the table's drawing) by this page's taps; a player's by the usual panel.
    The Table page shows Meng's steps this way too: one tap plays his whole turn there as well."""
    decision = tab.session.decision
    if decision is None or not decision.is_chance:
        widgets.decision_panel(tab)
        return
    mengs = ".meng_" in decision.kind
    if not mengs and (decision.hidden or widgets.chance_mode(tab) == "table"):  # the table rolls, draws or holds
        widgets.decision_panel(tab)
        return
    st.markdown(f"**{labels.kind_label(decision.kind, lang(), decision.params, names(), widgets.describer(tab))}**")
    if not decision.hidden and _mode(tab, tab.version) == "app":
        _go_button(tab, decision)
    else:  # Meng's step, drawn by the table (or held by it: never the app's to draw)
        _table_buttons(tab, decision)
    decision_rule(decision)  # one tap opens the rule of Meng's step, as in the decision panel (issue 21)


# -- the screen ---------------------------------------------------------------------------------------
def _numbered(lines: list[Line]) -> str:
    badge = f":blue-badge[{tr('table.do.new')}] "
    return "\n".join(f"{i}. {badge if line.new else ''}{line.text}" for i, line in enumerate(lines, 1))


def _listed(lines: list[Line]) -> str:
    badge = f":blue-badge[{tr('table.do.new')}] "
    return "\n".join(f"- {badge if line.new else ''}{line.text}" for line in lines)


def _dice(tab: Table) -> str:
    dice = context.state_json(tab).get("dice") or []
    return tr("ui.meng.fate_dice", dice=" · ".join(str(d) for d in dice) if dice else "–")


def _to_do(tab: Table) -> None:
    """Meng's numbered steps, then the table's own (dice, refills, the player's moves), the new ones marked."""
    session = tab.session
    lo = max(0, len(session.log) - LOOK_BACK)
    meng_steps, table_steps = stretch(session.events, _flags(tab, lo), lo)
    first = new_from(tab)
    st.header(tr("ui.meng.steps"), anchor=False)
    mengs = _lines(tab, meng_steps, first, mengs=True)
    if mengs:
        st.markdown(_numbered(mengs))
        moves_rule(_moves(tab, meng_steps, mengs=True), "meng_steps")
    else:
        st.caption(tr("ui.meng.no_steps"))
    st.header(tr("ui.meng.table_moves"), anchor=False)
    st.markdown(f"**{_dice(tab)}**")
    others = _lines(tab, table_steps, first, mengs=False)[-TABLE_LINES:]
    if others:
        st.markdown(_listed(others))
        moves_rule(_moves(tab, table_steps, mengs=False)[-TABLE_LINES:], "meng_table")
    else:
        st.caption(tr("ui.meng.no_table_moves"))


def render() -> None:
    with st.container(key="meng_page"):
        _page()


def _page() -> None:
    st.title(tr("nav.meng"), anchor=False)
    tab = widgets.require_table()
    if tab is None:
        return
    meng = context.state_json(tab).get("meng")
    if not isinstance(meng, dict):
        st.info(tr("ui.meng.not_solo"))
        return
    decision = tab.session.decision
    st.header(" · ".join([*widgets.summary_chips(tab), widgets.turn_text(decision, widgets.chance_mode(tab))]),
              anchor=False)
    context.show_flash()
    widgets.unverified_notice(tab.session.game.name, tab.game_id, screen_facts(tab))
    if meng.get("dusk"):
        st.warning(tr("ui.meng.dusk_now"))
    left, right = st.columns([1, 1], gap="medium")
    with left:
        _to_do(tab)
        with st.container(border=True, key="meng_decision"):
            turn_panel(tab)
        widgets.undo_bar(tab)
    with right:
        _deck(tab, meng)


def _kind(code: str) -> str:
    return tr("ui.meng.special") if code == "special" else location(code, lang())


def _deck(tab: Table, meng: dict[str, Any]) -> None:
    """Meng's Automa cards: left in the deck, drawn today and earlier; his difficulty, focus and claims."""
    deck, earlier, today = meng.get("deck", {}), meng.get("earlier", {}), meng.get("today", [])
    kinds = list(dict.fromkeys([*deck, *earlier, *today]))
    # what is left in the deck is counted from the box profile's Automa cards (a placeholder until checked)
    deck_ok = words.verified(tab.session.setup, "meng.automa_cards")
    frame = pd.DataFrame(
        {
            tr("ui.meng.deck"): [words.marked(deck.get(k, 0), deck_ok) for k in kinds],
            tr("ui.meng.today"): [today.count(k) for k in kinds],
            tr("ui.meng.earlier"): [earlier.get(k, 0) for k in kinds],
        },
        index=pd.Index([_kind(k)[:1].upper() + _kind(k)[1:] for k in kinds],  # row heads start with a capital
                       name=tr("ui.meng.card_kind")),  # the corner cell names the column: no empty header
    )
    st.header(tr("ui.meng.cards"), anchor=False)
    st.table(frame)
    st.markdown(f"**{tr('ui.meng.today_pile')}:** " + (", ".join(_kind(k) for k in today) or "–"))
    facts = [
        tr("ui.meng.difficulty_is", value=tr(f"ui.meng.difficulty.{meng.get('difficulty', 'normal')}")),
        tr("ui.meng.focus_is", value=location(meng["focus"], lang()) if meng.get("focus") else "–"),
        tr("ui.meng.claims_is", value=meng.get("claims", 0)),
    ]
    st.caption(" · ".join(facts))
    shown = not deck_ok or labels.placeholder_legend(tab.session.game.name, tab.session.setup, lang())
    if shown and labels.marks_shown():  # on screen the one notice names the guesses; no "?" to explain
        st.caption(words.legend(lang()))


if __name__ == "__main__":
    render()
