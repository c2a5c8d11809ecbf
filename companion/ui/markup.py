"""User text is text: names, titles and imported strings shown through Streamlit's Markdown.

Streamlit renders Markdown in st.markdown, captions, headers, alerts, buttons and tabs, so a
player called `![x](http://host/x.png)` would make every viewer's browser fetch that address.
`plain` puts a backslash before each character that starts Markdown (links and images need
brackets; emphasis, code, HTML and LaTeX their own marks; headings, quotes and lists a mark at
the start), which Markdown shows as the character itself. Hyphens, colons and brackets of other
kinds stay as they are, so "Jean-Luc (host)" reads the same in every widget.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_ANYWHERE = re.compile(r"([\\`*_\[\]<>$~|])")
_LINE_MARK = re.compile(r"^(\s*)([#+\-=])")  # heading, list, setext underline
_NUMBERED = re.compile(r"^(\s*\d+)([.)])")  # "1." starts a numbered list


def plain(text: object) -> str:
    """`text` as literal text inside Markdown."""
    escaped = _ANYWHERE.sub(r"\\\1", str(text))
    return _NUMBERED.sub(r"\1\\\2", _LINE_MARK.sub(r"\1\\\2", escaped))


def plain_all(texts: Iterable[object]) -> list[str]:
    return [plain(t) for t in texts]
