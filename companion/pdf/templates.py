"""Layout templates (pdf_templates/<game>.yaml): what each pad row and aid card holds, as data.

Templates hold catalog keys, icon names and component facts with their status; the renderers
(pad.py, aid.py) know nothing about any particular game.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "pdf_templates"
GAMES = ("gugong", "dragon", "yinzi")
ROW_KINDS = {"number", "tick", "total", "tiebreak"}
BLOCK_KINDS = {"h", "p", "ul", "ol", "table", "blanks"}
STATUSES = {"confirmed", "inferred", "unknown", "owner"}


class TemplateError(ValueError):
    pass


@cache
def load(game: str) -> dict[str, Any]:
    if game not in GAMES:
        raise TemplateError(f"No printables for {game!r}; choose one of: {', '.join(GAMES)}.")
    data = yaml.safe_load((TEMPLATE_DIR / f"{game}.yaml").read_text(encoding="utf-8"))
    _check(game, data)
    return data


def _check(game: str, data: dict[str, Any]) -> None:
    if data.get("game") != game:
        raise TemplateError(f"{game}.yaml: 'game' must be {game!r}")
    for row in data["pad"]["rows"]:
        if row.get("kind") not in ROW_KINDS:
            raise TemplateError(f"{game}.yaml: row {row.get('code')!r} has kind {row.get('kind')!r}")
        for step in row.get("ladder", []):
            if step.get("status") not in STATUSES:
                raise TemplateError(f"{game}.yaml: ladder step {step} needs a status")
    for card in data["aid"]["cards"]:
        for block in card["blocks"]:
            if not BLOCK_KINDS & set(block):
                raise TemplateError(f"{game}.yaml: block {block} has no known kind")


def is_printed_as_fact(status: str) -> bool:
    """Only confirmed (or owner-checked) values are printed as numbers; the rest become marked blanks."""
    return status in ("confirmed", "owner")


def catalog_keys(game: str) -> set[str]:
    """Every catalog key a game's printables use (for the translation and glyph tests)."""
    data = load(game)
    keys = {data["title"], "pdf.kind.pad", "pdf.kind.aid"}
    if data.get("solo_column"):
        keys.add(data["solo_column"])
    pad = data["pad"]
    keys.update(k for k in (pad.get("subtitle"), pad.get("ref"), pad.get("note")) if k)
    if pad.get("blanks"):
        keys.add(pad["blanks"]["label"])
    grid = pad.get("grid")
    if grid:
        keys.update({grid["label"], grid["note"]})
        keys.update(col["label"] for col in grid["columns"])
    for row in pad["rows"]:
        keys.update(row[f] for f in ("label", "hint") if row.get(f))
        keys.update(sub["label"] for sub in row.get("sub", []) if sub.get("label"))
    for card in data["aid"]["cards"]:
        keys.update({card["title"], card["ref"]})
        for block in card["blocks"]:
            keys.update(str(v) for k, v in block.items() if k in BLOCK_KINDS | {"head", "row"})
    return keys


def literal_strings(game: str) -> set[str]:
    """Text printed from the template itself (not the catalog): ladder keys, factors, Chinese titles."""
    data = load(game)
    out = {data.get("cjk", "")}
    for card in data["aid"]["cards"]:
        out.add(card.get("cjk", ""))
    for row in data["pad"]["rows"]:
        for step in row.get("ladder", []):
            out.update({str(step["k"]), str(step["v"])})
        for sub in row.get("sub", []):
            out.update({sub.get("text", ""), sub.get("factor", "")})
    if data["pad"].get("blanks"):
        out.update(data["pad"]["blanks"]["keys"])
    return {s for s in out if s}
