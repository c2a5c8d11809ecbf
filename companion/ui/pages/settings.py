"""Settings: language (default from the browser) and who rolls and draws by default."""

from __future__ import annotations

import streamlit as st

from companion.i18n import LANGUAGES
from companion.ui import context
from companion.ui.context import tr
from companion.ui.language import set_lang

LANGUAGE_NAMES = {"de": "Deutsch", "nl": "Nederlands", "en": "English"}


def _set_lang() -> None:
    set_lang(st.session_state["_settings_lang"])


def _set_randomness() -> None:
    value = st.session_state["_settings_randomness"]
    st.session_state[context.RANDOMNESS] = value
    context.store().set_setting(context.RANDOMNESS, value)


def render() -> None:
    st.title(tr("nav.settings"))
    st.session_state["_settings_lang"] = context.lang()
    st.radio(
        tr("ui.language"),
        list(LANGUAGES),
        format_func=LANGUAGE_NAMES.get,
        key="_settings_lang",
        on_change=_set_lang,
        horizontal=True,
    )
    st.caption(tr("ui.language_hint"))
    st.session_state["_settings_randomness"] = context.randomness()
    st.radio(
        tr("ui.chance_who"),
        ["app", "table"],
        format_func=context.shown_as(["app", "table"], lambda m: tr(f"ui.chance_{m}")),
        key="_settings_randomness",
        on_change=_set_randomness,
    )
    st.caption(tr("ui.randomness_hint"))


if __name__ == "__main__":
    render()
