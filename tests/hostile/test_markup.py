"""companion.ui.markup.plain: user text shown through Markdown stays text (the browser test shows it
in Chromium; these pin the escapes)."""

from __future__ import annotations

import pytest

from companion.ui.markup import plain, shown_state


@pytest.mark.parametrize(("raw", "shown"), [
    ("![x](http://host/x.png)", "!\\[x\\](http\\://host/x.png)"),
    ("[a](https://h/a)", "\\[a\\](https\\://h/a)"),
    ("**Bo** `x` $y$ ~z~ <b>", "\\*\\*Bo\\*\\* \\`x\\` \\$y\\$ \\~z\\~ \\<b\\>"),
    ("# Big", "\\# Big"),
    ("- item", "\\- item"),
    ("1. first", "1\\. first"),
    ("see www.host.org", "see www\\.host.org"),
    ("Jean-Luc (host): 2.5", "Jean-Luc (host): 2.5"),
    ("Anna", "Anna"),
])
def test_plain_escapes_what_starts_markdown_and_nothing_else(raw, shown):
    assert plain(raw) == shown


def test_shown_state_escapes_names_wherever_the_engines_keep_them():
    state = {"names": ["[a](b)"], "players": [{"name": "*x*", "vp": 3}, 7], "vp": [1]}
    shown = shown_state(state)
    assert shown["names"] == ["\\[a\\](b)"] and shown["players"][0] == {"name": "\\*x\\*", "vp": 3}
    assert state["names"] == ["[a](b)"]  # the game's own state is not touched
