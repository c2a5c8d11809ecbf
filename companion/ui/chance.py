"""A chance step: the app draws or rolls, or the table enters what it drew or rolled."""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import streamlit as st

from ..core import Decision
from ..core.game import apply
from ..i18n import labels
from . import folds
from .context import describer, flash, lang, names, on_command, randomness, shown_as, tr
from .dispatch import APP_CHANCE, APP_CHANCE_ALL, Table
from .picking import select_and_confirm

Entry = Callable[[Table, Decision, list[str], int], None]  # a game's own screen for what the table enters
# the decision panel's heading (set by ui/widgets on each run of the script): a screen that answers several steps
# in a row shows the question of the step open now there, not the first step's
chance_heading: ContextVar[Any] = ContextVar("chance_heading", default=None)


def retitle(question: str) -> None:
    slot = chance_heading.get()
    if slot is not None:
        slot.markdown(f"**{question}**")


def chance_panel(tab: Table, decision: Decision, option_labels: list[str], version: int,
                 table_enters: Entry | None = None, table_holds: Entry | None = None) -> None:
    """Who draws (the app, or the table), then the app's buttons or the table's entry: a game's chooser may
    bring its own entry screens (`table_enters`, `table_holds`: companion.ui.table_entry)."""
    if decision.hidden:  # what the table holds face down or was dealt: never the app's to draw
        (table_holds or held_panel)(tab, decision, option_labels, version)
        return
    modes = ["app", "table"]
    mode_key = f"chance_mode_{version}"
    last_key = f"_chance_mode_{tab.game_id}"  # the table's last choice sticks for the next steps
    if mode_key not in st.session_state:
        st.session_state[mode_key] = st.session_state.get(last_key) or tab.meta.get("randomness") or randomness()
    mode = st.radio(
        tr("ui.chance_who"),
        modes,
        format_func=shown_as(modes, lambda m: tr(f"ui.chance_{m}")),
        key=mode_key,
        horizontal=True,
        on_change=lambda: st.session_state.__setitem__(last_key, st.session_state[mode_key]),
    )
    if mode == "app":
        st.button(
            tr("ui.app_draws"),
            key=f"app_chance_{version}",
            on_click=on_command,
            args=(APP_CHANCE, tab.revision),
            type="primary",
            width="stretch",
        )
        st.button(
            tr("ui.app_draws_all"),
            key=f"app_chance_all_{version}",
            on_click=on_command,
            args=(APP_CHANCE_ALL, tab.revision),
            width="stretch",
        )
        return
    if table_enters is not None:
        table_enters(tab, decision, option_labels, version)
        return
    listed = [i for i, o in enumerate(decision.options) if SEEN not in o]
    option_labels = counted(tab, decision, option_labels)
    shown = Decision(decision.player, decision.kind, tuple(decision.options[i] for i in listed), decision.params)
    select_and_confirm(shown, [option_labels[i] for i in listed], version, "ui.table_shows", tab.revision)
    something_else(tab, decision, version)


def counted(tab: Table, decision: Decision, option_labels: list[str]) -> list[str]:
    """The labels with the copies left ("(×3)"), only where the box profile confirms the counts: never a
    guessed count. `option_labels` are the decision's first options (the listed ones come first)."""
    game, setup = tab.session.game.name, tab.session.setup
    if decision.weights is None or not labels.weights_verified(game, decision.kind, setup):
        return option_labels
    return [f"{label} ({labels.weight_text(game, decision.kind, setup, w)})"
            for label, w in zip(option_labels, decision.weights, strict=False)]


# -- "Something else…": what the table sees that the box profile does not list ---------------------
SEEN = "seen"  # the key of an option only the table enters (companion.core.chance.SEEN)


def entry_fields(option: dict[str, Any]) -> dict[str, Any]:
    """What the table names in a seen option: its fields besides the type, the seen record's fields inlined."""
    fields = {k: v for k, v in option.items() if k not in ("type", SEEN)}
    return {**fields, **option[SEEN]} if isinstance(option[SEEN], dict) else fields


def field_values(seen: list[dict[str, Any]], chosen: dict[str, Any], field: str) -> list[Any]:
    """The values a field may take given the fields chosen above it: every choice leads to a component the
    table can enter (a coin field only beside a good the tile demands), never to a combination none has."""
    fitting = [entry_fields(o) for o in seen]
    fitting = [f for f in fitting if all(f.get(k) == v for k, v in chosen.items())]
    values: list[Any] = []
    for f in fitting:
        if field in f and f[field] not in values:
            values.append(f[field])
    return sorted(values, key=lambda v: (str(type(v)), v))


TAPS_MAX = 12  # a field with up to this many values is a row of one-tap choices; longer ones stay a list


def something_else(tab: Table, decision: Decision, version: int, title: str = "box.something_else",
                   group: str = "", send: Callable[[dict[str, Any]], None] | None = None) -> None:
    """The components the table may enter beyond the listed ones, field by field: each field one tap (a row of
    choices, the first chosen beforehand), the last field's tap enters the component. The panel stays open from
    one step of the same kind to the next (its key names the kind, not the step), so several are entered in a row."""
    seen = [o for o in decision.options if SEEN in o]
    if not seen:
        return
    game = tab.session.game.name
    key = f"something_else_{tab.game_id}_{decision.kind}_{group}"
    with folds.closed(tr(title), key, rerun=True) as shown:  # open from one step to the next: its state reruns
        if not shown:
            return  # a phone: drawn only while open (its tap reruns the screen), ~15 elements a run less
        st.caption(tr("corrections.help" if group else "box.something_else_help"))
        chosen: dict[str, Any] = {}
        language = lang()  # bound now: the words must not depend on when the widget formats its value
        fields = list(dict.fromkeys(k for o in seen for k in entry_fields(o)))
        for k in fields[:-1]:
            chosen[k] = _field(k, field_values(seen, chosen, k), f"seen_{group}{k}_{version}",
                               lambda v, k=k: labels.entry_word(game, k, v, language))
        last = fields[-1]
        values = field_values(seen, chosen, last)
        if len(values) > TAPS_MAX:  # a long list: choose, then enter
            chosen[last] = st.selectbox(tr(f"box.field.{last}"), values, key=f"seen_{group}{last}_{version}",
                                        format_func=lambda v: labels.entry_word(game, last, v, language))
            match = next((o for o in seen if entry_fields(o) == chosen), None)
            st.button(tr("corrections.enter" if group else "box.enter_seen"), key=f"enter_seen_{group}{version}",
                      on_click=_enter, args=(match, tab.revision, send), width="stretch")
            return
        st.markdown(tr("box.seen_tap", field=tr(f"box.field.{last}")))
        row = st.container(horizontal=True, gap="xsmall", key=f"seen_row_{group}{version}")
        for v in values:  # one tap enters the component with this last field
            match = next((o for o in seen if entry_fields(o) == {**chosen, last: v}), None)
            row.button(labels.entry_word(game, last, v, language), key=f"enter_seen_{group}{version}_{value_key(v)}",
                       on_click=_enter, args=(match, tab.revision, send))


def value_key(value: Any) -> str:
    """A field value in a widget key (a number, a word, a list of words), plain enough for a CSS class."""
    if isinstance(value, int | str):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, int | str) for v in value):
        return "-".join(map(str, value))
    return str(zlib.crc32(json.dumps(value, sort_keys=True).encode()))


def _field(field: str, values: list[Any], key: str, word: Callable[[Any], str]) -> Any:
    """One field of a component: a row of one-tap choices (the first chosen beforehand), a list when long."""
    if len(values) > TAPS_MAX:
        return st.selectbox(tr(f"box.field.{field}"), values, key=key, format_func=word)
    picked = st.pills(tr(f"box.field.{field}"), values, default=values[0] if values else None, key=key,
                      format_func=word, selection_mode="single")
    return values[0] if picked is None and values else picked


def _enter(option: dict[str, Any] | None, shown: int, send: Callable[[dict[str, Any]], None] | None = None) -> None:
    if option is None:  # the model already lists exactly this: choose it from the list above
        flash("warning", tr("box.seen_is_listed"))
        return
    if send is not None:  # a chooser's own way of sending an option
        send(option)
        return
    on_command(option, shown)


# -- what the table holds: a whole hand on one screen ------------------------------------------------
MAX_HELD = 12  # entries of one holder in a row on one screen (a start hand is 4, Yinzi draws 3)


def held_by(decision: Decision) -> str:
    """Who holds what is entered: the player the step names, else the table (a tile lying face down)."""
    seat, players = decision.params.get("p"), names()
    if isinstance(seat, int) and 0 <= seat < len(players):
        return tr("hidden.held_by_player", player=players[seat])
    return tr("hidden.held_by_table")


def _same_holding(first: Decision, later: Decision | None) -> bool:
    return (later is not None and later.hidden and later.kind == first.kind
            and later.params.get("p") == first.params.get("p"))


def held_panel(tab: Table, decision: Decision, option_labels: list[str], version: int) -> None:
    """The table enters what it holds: one select per component of the same holder in a row (a player's start
    hand is one screen), the first listed option chosen beforehand; one confirm enters them all at once.
    The later selects list what the engine offers once the earlier ones are entered (no rules here)."""
    session, game = tab.session, tab.session.game
    st.info(held_by(decision), icon=":material/visibility_off:")
    language, players = lang(), names()
    describe = describer(tab)
    chosen: list[dict[str, Any]] = []
    state, current = session.state, decision
    shown = [_with_action(label, o, describe) for label, o in zip(option_labels, decision.options, strict=True)]
    for i in range(MAX_HELD):
        index = st.selectbox(tr("hidden.entry", n=i + 1), range(len(current.options)), format_func=shown.__getitem__,
                             key=f"held_{version}_{i}_{_signature(chosen)}", index=0)
        chosen.append(current.options[index])
        state, _ = apply(game, state, current.options[index])
        following = game.decision(state)
        if not _same_holding(decision, following):
            break
        current = following
        shown = [_with_action(labels.option_label(game.name, current, o, language, players, describe), o, describe)
                 for o in current.options]
    st.button(tr("hidden.confirm", n=len(chosen)), key=f"held_confirm_{version}", on_click=on_command,
              args=(chosen, tab.revision), type="primary", width="stretch")
    something_else(tab, decision, version)  # one component by its printed fields, as at every other draw


def _with_action(label: str, option: dict[str, Any], describe: labels.Describe | None) -> str:
    """A card the profile lists, with its action as the seen cards show it ("Gift card 5 · Great Wall"): the
    table tells its cards by value and action."""
    if SEEN in option or describe is None or "card" not in option:
        return label
    action = describe(dict(option)).get("card_action")
    return f"{label} · {action}" if isinstance(action, str) and action not in label else label


def _signature(chosen: list[dict[str, Any]]) -> str:
    """Widget keys of later selects change with the earlier choices (their options change with them)."""
    return str(zlib.crc32(repr(chosen).encode()))
