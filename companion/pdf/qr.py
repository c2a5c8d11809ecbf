"""QR codes drawn as vector squares (crisp at any print resolution), error correction level M.

Blank pads carry a link to the app's quick-score screen; filled sheets carry the game's resume
link (the compact token from companion.core.codec), so scanning a sheet reopens that game.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote, urlencode

import qrcode
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M
from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

DEFAULT_BASE_URL = "http://localhost:8501"
QUIET_ZONE = 4  # modules of white border the QR standard asks for


def quick_score_url(base_url: str, game: str) -> str:
    return f"{base_url.rstrip('/')}/quick-score?{urlencode({'game': game})}"


def resume_url(base_url: str, token: str) -> str:
    """The app reads ?r=<token> on start; codec.from_token also accepts the whole link.

    A base URL that already has a query (the app passes "...?g=<game id>") gets "&r=" appended."""
    value = quote(token, safe=".-_~")
    if "?" in base_url:
        return f"{base_url}&r={value}"
    return f"{base_url.rstrip('/')}/?r={value}"


@lru_cache(maxsize=64)
def matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The module matrix without border; level M, or L when a long game log needs the room."""
    for level in (ERROR_CORRECT_M, ERROR_CORRECT_L):
        code = qrcode.QRCode(error_correction=level, border=0)
        code.add_data(data)
        try:
            code.make(fit=True)
        except qrcode.exceptions.DataOverflowError:
            continue
        return tuple(tuple(row) for row in code.get_matrix())
    raise ValueError(f"{len(data)} characters do not fit one QR code")


def draw(c: Canvas, data: str, x: float, y: float, size: float) -> int:
    """Draw a QR code (quiet zone included) in the square x, y, size. Returns the module count."""
    m = matrix(data)
    n = len(m)
    module = size / (n + 2 * QUIET_ZONE)
    c.setFillColor(white)
    c.rect(x, y, size, size, stroke=0, fill=1)
    c.setFillColor(black)
    ox, oy = x + QUIET_ZONE * module, y + size - QUIET_ZONE * module
    path = c.beginPath()
    for r, row in enumerate(m):
        col = 0
        while col < n:  # one rectangle per horizontal run keeps the PDF small
            if row[col]:
                start = col
                while col < n and row[col]:
                    col += 1
                path.rect(ox + start * module, oy - (r + 1) * module, (col - start) * module, module)
            else:
                col += 1
    c.drawPath(path, stroke=0, fill=1)
    return n
