"""The Gùgōng chooser (companion/ui/choosers/gugong.py) in AppTest, without a browser (issue 11, phone-first choosing).

A turn is tap your card → tap the official → tap the action; officials show the card lying there and
free or pay *before* the tap, as the engine's view says (Tagesphase, 1. Geschenke austauschen, S. 4);
long follow-up questions are grouped buttons; every tap sends exactly one of the decision's options.
"""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from companion.core.registry import manifest
from companion.gugong.view import view

PLAYERS = ["Lisa", "Ben", "Mia"]


def _chooser_app(game: str, players: list[str], seed: int, want: str, min_options: int, lang: str) -> None:
    """A page with only the chooser on the first decision of kind `want` (at least `min_options` options) of a
    seeded playout; what it sends lands in session_state["sent"]."""
    import random

    import streamlit as st

    from companion.core.registry import manifest
    from companion.core.session import Session
    from companion.i18n import labels
    from companion.ui.choosers import CHOOSERS, Ask
    from companion.ui.dispatch import Table

    if "tab" not in st.session_state:
        session = Session.new(manifest(game).engine, {"players": players, "seed": seed})
        rng = random.Random(seed)
        for _ in range(3000):
            d = session.decision
            if d.kind == want and len(d.options) >= min_options:
                break
            acts = [o for o in d.options if o.get("type") in ("card", "location")] if d.kind == "gugong.act" else []
            session.act(rng.choice(acts or list(d.options)))
        st.session_state["tab"] = Table("g1", session)
    tab = st.session_state["tab"]
    d = tab.session.decision
    option_labels = [labels.option_label(game, d, o, lang, players, None) for o in d.options]
    ask = Ask(tab, d, option_labels, manifest(game).view(tab.session.state), lang, players, tab.version,
              lambda option: st.session_state.__setitem__("sent", option))
    st.session_state["drawn"] = CHOOSERS[game](ask)


def _app(want: str = "gugong.turn", min_options: int = 2, seed: int = 4, lang: str = "en",
         game: str = "gugong", players: list[str] | None = None) -> AppTest:
    at = AppTest.from_function(_chooser_app, args=(game, players or PLAYERS, seed, want, min_options, lang),
                               default_timeout=30)
    at.run()
    assert not at.exception, at.exception
    return at


def _tab(at: AppTest):
    return at.session_state["tab"]


def _buttons(at: AppTest, prefix: str) -> list[Any]:
    return [b for b in at.button if b.key and b.key.startswith(prefix)]


def test_the_hand_is_at_the_question_as_card_buttons_with_value_and_action():
    at = _app()
    state = _tab(at).session.state
    hand = view(state)["players"][state.turn]["hand"]
    cards = _buttons(at, "gg_card_")
    assert [b.label for b in cards] == [f"{c['value']} · {_action_en(c['action'])}" for c in hand]
    assert not _buttons(at, "opt_"), "no official can be tapped before a card is picked"
    assert all(b.disabled for b in _buttons(at, "gg_off_")) and len(_buttons(at, "gg_off_")) == 7
    assert [e.label for e in at.expander] == ["All choices as a list"]  # the long list only folded away


def _action_en(code: str) -> str:
    from companion.i18n import t

    return t(f"gugong.card_action.{code}", "en")


def test_tap_card_then_official_sends_that_exchange_in_two_taps():
    at = _app()
    state = _tab(at).session.state
    seat = state.turn
    card = view(state)["players"][seat]["hand"][-1]["card"]
    at.button(key=f"gg_card_{_tab(at).version}_{card}").click().run()
    officials = _buttons(at, "opt_")
    assert len(officials) == 7
    officials[2].click().run()
    assert at.session_state["sent"] == {"type": "exchange", "card": card, "loc": 2}


def test_free_and_paid_exchanges_differ_before_the_tap_as_the_view_says():
    """gugong-de Tagesphase, 1. (S. 4): free when the card given is higher, else pay (servants, a card, no action)."""
    at = _app()
    state = _tab(at).session.state
    hand = view(state)["players"][state.turn]["hand"]
    lowest = hand[0]["card"]
    at.button(key=f"gg_card_{_tab(at).version}_{lowest}").click().run()
    officials = view(state)["officials"]
    kinds = []
    for b, official in zip(_buttons(at, "opt_"), officials, strict=True):
        free = next(e["free"] for e in official["exchange"] if e["card"] == lowest)
        assert b.label.endswith("· free" if free else "· pay"), b.label
        assert str(official["value"]) in b.label
        kinds.append(free)
    assert False in kinds, "the lowest card pays somewhere"
    hint = " ".join(c.value for c in at.caption)
    assert "Pay means your card is not higher: pay 2 servants" in hint and "take no action" in hint


def test_labels_fit_a_phone_in_every_language():
    for lang in ("de", "nl", "en"):
        at = _app(lang=lang)
        state = _tab(at).session.state
        card = view(state)["players"][state.turn]["hand"][0]["card"]
        at.button(key=f"gg_card_{_tab(at).version}_{card}").click().run()
        for b in [*_buttons(at, "opt_"), *_buttons(at, "gg_card_")]:
            assert len(b.label) <= 42 and "{" not in b.label and "?" not in b.label, (lang, b.label)


def test_a_long_action_question_is_grouped_buttons_card_then_location_then_end():
    at = _app(want="gugong.act", min_options=9)
    d = _tab(at).session.decision
    heads = [c.value for c in at.caption]
    assert heads[:2] == ["Card action", "Location action"]
    buttons = _buttons(at, "opt_")
    assert len(buttons) == len(d.options) > 8
    card_actions = [b.label for b, o in zip(buttons, d.options, strict=True) if o["type"] == "card"]
    assert card_actions and not any(label.startswith("Card action") for label in card_actions)  # said by the heading
    buttons[-1].click().run()
    assert at.session_state["sent"] == d.options[-1] == {"type": "end"}


def test_short_questions_and_chance_steps_go_to_the_generic_panel():
    """A short question goes to the generic panel, unless two of its options read alike (two cards alike to
    discard): then the chooser shows one button for them (issue 20: no two identical buttons)."""
    from companion.i18n import labels

    at = _app(want="gugong.pay_exchange", min_options=2)
    d = _tab(at).session.decision
    shown = [labels.option_label("gugong", d, o, "en", PLAYERS, None) for o in d.options]
    assert len(d.options) <= 8 and at.session_state["drawn"] is (len(set(shown)) < len(shown))
    assert len(_buttons(at, "opt_")) == (len(set(shown)) if at.session_state["drawn"] else 0)


def test_one_card_left_needs_no_card_tap():
    at = _app(want="gugong.turn", min_options=1)
    while len(_tab(at).session.decision.options) > 7:  # play on (first option) to a player's last card
        tab = _tab(at)
        tab.session.act(tab.session.decision.options[0])
        while tab.session.decision.kind != "gugong.turn":
            tab.session.act(tab.session.decision.options[-1])
        at.run()
    officials = _buttons(at, "opt_")
    assert len(officials) == 7 and not any(b.disabled for b in officials)


def test_the_solo_game_uses_the_same_chooser():
    at = _app(game="gugong-solo", players=["Anna"])
    assert at.session_state["drawn"] is True and _buttons(at, "gg_card_")
    assert manifest("gugong-solo").view(_tab(at).session.state)["game"] == "gugong-solo"


def test_die_faces_are_one_tap_number_buttons_in_a_row_per_die():
    """Wertung der Mauer, Intrigevorteile (gugong-de S. 8): "einen Schicksalswürfel auf die Seite deiner Wahl drehen";
    19 options become a row of one-tap faces per die."""
    at = _app(want="gugong.benefit", min_options=9, seed=0)
    d = _tab(at).session.decision
    dice = view(_tab(at).session.state)["dice"]
    heads = [c.value for c in at.caption]
    assert [h for h in heads if h.startswith("Fate die")] == [
        f"Fate die {i + 1} (shows {dice[i]}): turn it to" for i in range(len(dice))
    ]
    faces = [b for b in _buttons(at, "opt_") if b.label.isdigit()]
    assert len(faces) == sum(1 for o in d.options if "face" in o) and len(faces) > 8
    faces[-1].click().run()
    assert at.session_state["sent"] == [o for o in d.options if "face" in o][-1]


def test_meng_screen_one_tap_plays_mengs_whole_turn_with_undo_and_redo(app):
    """Solo (Meng) day: the app draws Meng's cards and plays his whole turn with one tap on his screen; undo
    takes back its last step, redo brings it back."""
    from companion.ui import context

    from .apphelpers import click, draw_setup, start, table, texts

    context.register_extra_games()
    start(app, "gugong-solo", names=["Anna"])
    draw_setup(app)  # the app draws, the table enters the start hands it holds
    app.switch_page("companion/ui/pages/meng.py").run()
    for _ in range(20):  # Anna's turn: tap card, official, action, as the chooser offers them
        d = table(app).session.decision
        if d.is_chance and ".meng_" in d.kind:
            break
        v = table(app).version
        cards = _buttons(app, f"gg_card_{v}_")
        if cards and not _buttons(app, f"opt_{v}_"):
            cards[0].click().run()
        _buttons(app, f"opt_{v}_")[0].click().run()
    v = table(app).version
    done = app.button(key=f"app_chance_{v}")
    assert done.label == "Reveal Meng's cards and play his turn"
    assert "up to your next decision or Meng's next turn" in texts(app)
    done.click().run()
    after = table(app).version
    assert after > v + 1 and "1. " in texts(app), "his Automa card, his gift card and what follows: one tap"
    click(app, f"undo_{after}")
    if table(app).version == after:  # it hid a draw: confirm
        click(app, f"undo_yes_{after}")
    assert table(app).version == after - 1
    click(app, f"redo_{after - 1}")
    assert table(app).version == after


def _corrections_app() -> None:
    """The chooser on a travel move whose corrections (a city's tile as the table finds it) are followed by a
    trade, as the engine lists them when a trade is open during the move."""
    import streamlit as st

    from companion.core import Decision
    from companion.core.registry import manifest
    from companion.core.session import Session
    from companion.ui.choosers import CHOOSERS, Ask
    from companion.ui.dispatch import Table

    players = ["Lisa", "Ben", "Mia"]
    if "tab" not in st.session_state:
        st.session_state["tab"] = Table("g1", Session.new(manifest("gugong").engine, {"players": players, "seed": 4}))
    tab = st.session_state["tab"]
    moves = [{"type": "move", "city": c} for c in (1, 2)]
    seen = [{"type": "move", "city": c, "seen": {"tile": t}} for c in (1, 2) for t in ("a", "b")]
    decision = Decision(0, "gugong.travel_move", (*moves, *seen, {"type": "trade"}))
    texts = [f"option {i}" for i in range(len(decision.options))]
    ask = Ask(tab, decision, texts, {}, "en", players, tab.version,
              lambda option: st.session_state.__setitem__("sent", option))
    st.session_state["drawn"] = CHOOSERS["gugong"](ask)


def test_corrections_listed_before_a_trade_are_drawn_once_and_every_other_option_is_a_button():
    """A move's corrections need not come last: a trade open during the move follows them. They are drawn once,
    in their own panel (a second panel with the same key stopped the screen), and the trade is a button."""
    at = AppTest.from_function(_corrections_app, default_timeout=30)
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["drawn"] is True
    assert [b.label for b in _buttons(at, "opt_")] == ["option 0", "option 1", "option 6"]
    assert [e.label for e in at.expander] == ["The box shows another travel tile…"]
    _buttons(at, "opt_")[-1].click().run()
    assert at.session_state["sent"] == {"type": "trade"}
