"""Printables: score pads, player aids and filled score sheets (ReportLab), layouts in pdf_templates/.

    build_pad(game, lang, paper, players, base_url) -> bytes
    build_aid(game, lang, paper, crop_marks) -> bytes
    build_sheet(session, lang, paper, base_url, with_log) -> bytes

See docs/printables.md.
"""

from .aid import build_aid
from .pad import build_pad
from .sheet import build_log, build_sheet

__all__ = ["build_aid", "build_log", "build_pad", "build_sheet"]
