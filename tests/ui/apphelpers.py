"""Small AppTest helpers shared by the UI flow tests."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from companion.ui.dispatch import Table


def texts(at: AppTest) -> str:
    """Every visible text of the last run, joined (markdown, captions, alerts, titles, buttons)."""
    parts: list[str] = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "title", "subheader", "header"):
        parts.extend(str(e.value).replace("\\.", ".") for e in getattr(at, kind))
    parts.extend(b.label for b in at.button)
    return "\n".join(parts)


def keys(at: AppTest) -> list[str]:
    return [b.key for b in at.button]


def table(at: AppTest) -> Table:
    return at.session_state["table"]


def start(
    at: AppTest, game: str, players: int | None = None, names: list[str] | None = None, who: str = "app"
) -> AppTest:
    at.run()
    at.selectbox(key="new_game").set_value(game).run()
    if players is not None:
        at.number_input(key=f"new_{game}_count").set_value(players).run()
    for i, name in enumerate(names or []):
        at.text_input(key=f"new_name_{i}").set_value(name)
    at.radio(key="new_randomness").set_value(who)
    at.button(key="start_game").click().run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def option_key(at: AppTest, label_part: str) -> str:
    """The key of the option button whose label contains `label_part`."""
    for b in at.button:
        if b.key and b.key.startswith("opt_") and label_part in b.label:
            return b.key
    raise AssertionError(f"no option {label_part!r} among {[b.label for b in at.button]}")
