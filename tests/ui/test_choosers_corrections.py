"""The Gùgōng chooser with printed facts the table may correct (issue 22), in AppTest.

The day track's number is one tap (the model's number) or one tap behind "The box shows something else…";
corrections of a jade house or a city's tile are never plain option buttons: they sit in their own panel,
field by field, and its button sends exactly the correction chosen.
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.ui.apphelpers import enter_seen

PLAYERS = ["Lisa", "Ben", "Mia"]


def _app_fn(want: str, lang: str) -> None:
    import streamlit as st

    from companion.core.registry import manifest
    from companion.core.session import Session
    from companion.i18n import labels
    from companion.ui.choosers import CHOOSERS, Ask
    from companion.ui.dispatch import Table
    from tests.gugong.test_corrections import play_until

    players = ["Lisa", "Ben", "Mia"]
    wanted = {
        "income": lambda d: d.kind.endswith("income_read"),
        "jade": lambda d: d.kind.endswith(".act") and any(o.get("type") == "jade_house_seen" for o in d.options),
    }[want]
    if "tab" not in st.session_state:
        session = Session.new(manifest("gugong").engine, {"players": players, "seed": 5, "table_entry": True})
        play_until(session, wanted)
        st.session_state["tab"] = Table("g1", session)
    tab = st.session_state["tab"]
    d = tab.session.decision
    option_labels = [labels.option_label("gugong", d, o, lang, players, None) for o in d.options]
    ask = Ask(tab, d, option_labels, manifest("gugong").view(tab.session.state), lang, players, tab.version,
              lambda option: st.session_state.__setitem__("sent", option))
    st.session_state["drawn"] = CHOOSERS["gugong"](ask)


def _app(want: str, lang: str = "en") -> AppTest:
    at = AppTest.from_function(_app_fn, args=(want, lang), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    return at


def _button(at: AppTest, key: str):
    return next(b for b in at.button if b.key == key)


def test_the_day_track_number_is_one_tap_and_another_number_one_tap_more():
    at = _app("income", "de")
    d = at.session_state["tab"].session.decision
    version = at.session_state["tab"].version
    first = _button(at, f"held_confirm_{version}")  # as every step the table enters: one tap, the listed first
    assert first.label == "6 Diener"
    four = next(i for i, o in enumerate(d.options) if o["n"] == 4)
    assert _button(at, f"opt_{version}_{four}").label == "4"
    _button(at, f"opt_{version}_{four}").click().run()
    assert at.session_state["sent"] == {"type": "income", "n": 4, "seen": True}


def test_corrections_are_a_panel_of_their_own_not_option_buttons():
    at = _app("jade")
    tab = at.session_state["tab"]
    d, version = tab.session.decision, tab.version
    listed = sum(1 for o in d.options if "seen" not in o)
    keys = {b.key for b in at.button}
    assert all(f"opt_{version}_{i}" not in keys for i in range(listed, len(d.options)))
    assert any(k == f"opt_{version}_{i}" for k in keys for i in range(listed))
    labels = [e.label for e in at.expander]
    assert {"The box shows other jade fields…", "The box shows another jade price…"} <= set(labels)
    enter_seen(at, version, group="jade_house_seen", house=0, jade=1)
    assert at.session_state["sent"] == {"type": "jade_house_seen", "house": 0, "seen": {"jade": 1}}
