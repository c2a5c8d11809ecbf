"""User text is text: names, titles and imported strings shown through Streamlit's Markdown.

Streamlit renders Markdown in st.markdown, captions, headers, alerts, buttons and tabs, so a
player called `![x](http://host/x.png)` would make every viewer's browser fetch that address.
`plain` puts a backslash before each character that starts Markdown (links and images need
brackets; emphasis, code, HTML and LaTeX their own marks; headings, quotes and lists a mark at
the start; bare addresses their "://" or "www."), which Markdown shows as the character itself.
Hyphens, colons and round brackets stay as they are, so "Jean-Luc (host)" reads the same in
every widget.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_ANYWHERE = re.compile(r"([\\`*_\[\]<>$~|])")
_AUTOLINK = re.compile(r"(:)(?=//)|(?<=\b[wW]{3})(\.)")  # GitHub-flavoured Markdown links bare addresses
_LINE_MARK = re.compile(r"^(\s*)([#+\-=])")  # heading, list, setext underline
_NUMBERED = re.compile(r"^(\s*\d+)([.)])")  # "1." starts a numbered list


def plain(text: object) -> str:
    """`text` as literal text inside Markdown."""
    escaped = _AUTOLINK.sub(lambda m: "\\" + m.group(0), _ANYWHERE.sub(r"\\\1", str(text)))
    return _NUMBERED.sub(r"\1\\\2", _LINE_MARK.sub(r"\1\\\2", escaped))


def plain_all(texts: Iterable[object]) -> list[str]:
    return [plain(t) for t in texts]


def shown_state(data: dict[str, Any]) -> dict[str, Any]:
    """A game's state JSON as the boards show it: the players' names (state["names"] or
    state["players"][i]["name"], as the engines keep them) Markdown-safe; everything else as is."""
    out = dict(data)
    if isinstance(out.get("names"), list):
        out["names"] = [plain(n) if isinstance(n, str) else n for n in out["names"]]
    if isinstance(out.get("players"), list):
        out["players"] = [{**p, "name": plain(p["name"])} if isinstance(p, dict) and isinstance(p.get("name"), str)
                          else p for p in out["players"]]
    return out
