"""Layout templates (pdf_templates/<game>.yaml): what each pad row and aid card holds, as data.

Templates hold layout only: catalog keys, icon names and references to box-profile facts
(companion.pdf.facts), never a rule value. Which games have printables, the box profile they
read and their player range come from the manifests (companion.core.registry); the renderers
(pad.py, aid.py) know nothing about any particular game.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from companion.core import registry

from .facts import FactRefError, Facts, Printed

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "pdf_templates"
KINDS = ("pad", "aid")  # the printables a template lays out (a filled "sheet" needs none)
ROW_KINDS = {"number", "tick", "total", "tiebreak"}
BLOCK_KINDS = {"h", "p", "ul", "ol", "table", "blanks"}


class TemplateError(ValueError):
    pass


def games() -> list[str]:
    """The games whose manifest offers a pad or an aid, in the app's order."""
    return [m.name for m in registry.manifests() if set(KINDS) & set(m.printables)]


def load(game: str) -> dict[str, Any]:
    """The game's layout plus, from its manifests, `box` (profile name) and `players` (min, max, default)."""
    offered = games()
    if game not in offered:
        raise TemplateError(f"No printables for {str(game)[:40]!r}; choose one of: {', '.join(offered)}.")
    return _load(game)


@cache
def _load(game: str) -> dict[str, Any]:
    path = TEMPLATE_DIR / f"{game}.yaml"
    if not path.exists():
        raise TemplateError(f"The {game} manifest offers printables, but {path.name} is missing in pdf_templates/.")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    box = registry.manifest(game).box
    _check(game, data, box)
    same_box = [m for m in registry.manifests() if m.box == box]
    low, high = min(m.min_players for m in same_box), max(m.max_players for m in same_box)
    return {**data, "box": box, "players": {"min": low, "max": high, "default": high}}


def _check(game: str, data: dict[str, Any], box: str) -> None:
    if data.get("game") != game:
        raise TemplateError(f"{game}.yaml: 'game' must be {game!r}")
    for row in data["pad"]["rows"]:
        if row.get("kind") not in ROW_KINDS:
            raise TemplateError(f"{game}.yaml: row {row.get('code')!r} has kind {row.get('kind')!r}")
    for card in data["aid"]["cards"]:
        for block in card["blocks"]:
            if not BLOCK_KINDS & set(block):
                raise TemplateError(f"{game}.yaml: block {block} has no known kind")
    facts = Facts(box)
    try:
        for spec in fact_specs(data):
            resolve(spec, facts)
    except FactRefError as err:
        raise TemplateError(f"{game}.yaml: {err}") from err
    box_check = data.get("box_check", {})
    asked = [q["fact"] for q in box_check.get("questions", [])] + list(box_check.get("checklist", {}))
    unknown = [key for key in asked if key not in facts.profile.facts]
    if unknown:
        raise TemplateError(f"{game}.yaml: box_check names facts the box profile does not have: {unknown}")


def resolve(spec: Any, facts: Facts) -> list[Printed]:
    """Resolve one fact spec of a template (a ladder step with `each:` gives several values)."""
    if isinstance(spec, dict) and "each" in spec:
        return [printed for _, printed in ladder_steps([spec], facts)]
    return [facts.get({k: v for k, v in spec.items() if k != "k"} if isinstance(spec, dict) else spec)]


def any_marked(part: dict[str, Any], box: str, overrides: dict[str, Any] | None = None) -> bool:
    """Whether a part of a template (the pad, a card) prints any value with the placeholder mark."""
    probe = Facts(box, overrides)
    for spec in fact_specs(part):
        resolve(spec, probe)
    return probe.marked_since(0)


def fact_specs(data: dict[str, Any]) -> Iterator[Any]:
    """Every place a template names a fact: `facts:` maps, ladders, blanks, factors, grid rows."""
    for node in _nodes(data):
        yield from (node.get("facts") or {}).values()
        yield from node.get("ladder", [])
        if isinstance(node.get("factor"), dict):
            yield node["factor"]
        if "fact" in node:
            yield {k: v for k, v in node.items() if k in ("fact", "pick", "join", "fmt")}


def _nodes(value: Any) -> Iterator[dict[str, Any]]:
    """Every mapping of the template except ladder steps, factors and `facts:` maps themselves."""
    if isinstance(value, dict):
        yield value
        for key, child in value.items():
            if key not in ("facts", "ladder", "factor", "box_check"):  # box-check questions ask, not print
                yield from _nodes(child)
    elif isinstance(value, list):
        for child in value:
            yield from _nodes(child)


def ladder_steps(steps: list[dict[str, Any]], facts: Facts) -> list[tuple[str, Printed]]:
    """(label, printed value) per ladder cell; `each:` spreads a list fact (or a list of facts) over cells."""
    out: list[tuple[str, Printed]] = []
    for step in steps:
        if "each" not in step:
            out.append((str(step["k"]), facts.get({k: v for k, v in step.items() if k != "k"})))
            continue
        refs = step["each"]
        if isinstance(refs, str):
            value, _ = facts.lookup(refs)
            refs = [f"{refs}[{i}]" for i in range(len(value))]
        for n, ref in enumerate(refs, start=1):
            out.append((step["k"].format(n=n), facts.get({"fact": ref, "fmt": step.get("fmt", "{}")})))
    return out


def params(node: dict[str, Any], facts: Facts) -> dict[str, str]:
    """The catalog parameters of one template element (its `facts:` map), resolved and recorded."""
    return facts.params(node.get("facts"))


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
        for sub in row.get("sub", []):
            keys.update(v for f, v in sub.items() if f in ("label", "factor") and isinstance(v, str))
    for card in data["aid"]["cards"]:
        keys.update({card["title"], card["ref"]})
        for block in card["blocks"]:
            keys.update(str(v) for k, v in block.items() if k in BLOCK_KINDS | {"head", "row"})
    return keys


def literal_strings(game: str) -> set[str]:
    """Text printed from the template itself (not the catalog): ladder labels, level names, Chinese titles."""
    data = load(game)
    out = {data.get("cjk", ""), "0123456789", "+−–×÷."}
    for card in data["aid"]["cards"]:
        out.add(card.get("cjk", ""))
    for row in data["pad"]["rows"]:
        out.update(str(step.get("k", "")) for step in row.get("ladder", []))
        out.update(sub.get("text", "") for sub in row.get("sub", []))
        factors = [sub["factor"] for sub in row.get("sub", []) if isinstance(sub.get("factor"), dict)]
        out.update(str(factor.get("fmt", "")) for factor in factors)
    return {s for s in out if s}

