"""Engine codes to words: decision kinds, options, events, errors, score rows, log steps.

The one place the app (companion.ui) and the printables (companion.pdf) turn engine codes into
text, so a step reads the same on the screen and on paper. Engines emit codes with parameters;
this module looks them up in the catalogs and, when a key is missing, falls back to a readable
rendering of the code and its parameters (never a crash, never raw JSON). Seat numbers in
parameters named `player` (or `*_player`) become the player's name.

A game may add a vocabulary module companion/i18n/words/<game>.py with
`describe(params, state_json, lang, setup) -> params`: ids to what the table sees (card ids to
printed values, location numbers to names). Pure functions: no Streamlit here.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ..core import CHANCE, CompanionError, Decision, Event, RuleError
from ..core.actions import Action
from ..core.provenance import UNVERIFIED, marked
from ..core.rules import Rule
from ..core.rules import parse as parse_rules
from ..core.steps import FORCED
from . import FALLBACK, catalog, has, placeholders, t


def number(value: Any, missing: str = "–") -> str:
    """A score cell: 12.0 -> "12", 2.5 -> "2.5", None -> the dash."""
    if value is None:
        return missing
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def unique_names(names: list[str]) -> list[str]:
    """Column names for a table: two players called Anna become "Anna" and "Anna (2)"."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return out


def humanize(code: str) -> str:
    """ "gugong.choose_card" -> "Choose card" (the last dotted part, words spaced)."""
    last = code.rsplit(".", 1)[-1]
    text = last.replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:] if text else code


def _value_text(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return t("ui.yes" if value else "ui.no", lang)
    if isinstance(value, str) and has(value, lang):
        return t(value, lang)
    if isinstance(value, list | tuple):
        return ", ".join(_value_text(v, lang) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{humanize(k)} {_value_text(v, lang)}" for k, v in value.items())
    return str(value)


UNVERIFIED_MARK = "?"  # after a value that rests on an unverified box fact (core.provenance)
# Paper (the printables) marks each such value; a screen shows no marks but one notice naming the facts
# (companion.ui.widgets.unverified_notice): the app turns the marks off for its script runs.
_MARKS_SHOWN: ContextVar[bool] = ContextVar("marks_shown", default=True)


def show_marks(shown: bool) -> None:
    """Whether values resting on unverified facts carry the mark in this thread's texts."""
    _MARKS_SHOWN.set(shown)


def marks_shown() -> bool:
    return _MARKS_SHOWN.get()


def with_names(params: dict[str, Any], names: list[str], lang: str) -> dict[str, Any]:
    """Parameters ready for a catalog text: seats become names, known codes become words, and a value
    that rests on an unverified box fact carries the mark."""
    marks = marked(params)
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key == UNVERIFIED:
            continue
        if _is_seat(key) and isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            out[key] = names[value]
        elif isinstance(value, str) and has(value, lang):
            out[key] = t(value, lang)
        elif isinstance(value, list | tuple | dict):
            out[key] = _value_text(value, lang)
        elif isinstance(value, float) and value.is_integer():
            out[key] = int(value)  # "0 of 2 food", never "0.0 of 2"
        else:
            out[key] = value
        if key in marks and marks_shown():
            out[key] = f"{out[key]}{UNVERIFIED_MARK}"
    return out


SEAT_KEYS = ("player", "p", "seat")
Describe = Callable[[dict[str, Any]], dict[str, Any]]  # a game's hook: ids -> what the table sees


def _is_seat(key: str) -> bool:
    return key in SEAT_KEYS or key.endswith("_player")


def _described(params: dict[str, Any], describe: Describe | None) -> dict[str, Any]:
    return describe(dict(params)) if describe is not None else params


def lookup(keys: list[str], lang: str, params: dict[str, Any]) -> str | None:
    """The first catalog key that exists, formatted; None when none does."""
    for key in keys:
        if has(key, lang):
            return t(key, lang, **params)
    return None


# -- a game's vocabulary ------------------------------------------------------------------------------
def words_module(game: str) -> ModuleType | None:
    """companion.i18n.words.<game> (a variant such as "gugong-solo" falls back to its base game)."""
    for name in (game.replace("-", "_"), game.split("-", 1)[0]):
        try:
            return importlib.import_module(f"{__package__}.words.{name}")
        except ImportError:
            continue
    return None


def entry_word(game: str, field: str, value: Any, lang: str) -> str:
    """A value the table enters under "Something else…" in the game's own words (its words module's
    `entry_word`), else as it is."""
    module = words_module(game)
    said = module.entry_word(field, value, lang) if module is not None and hasattr(module, "entry_word") else None
    return str(value) if said is None else said


def describer(game: str, setup: dict[str, Any], state_json: dict[str, Any], lang: str) -> Describe | None:
    """The game's describe hook bound to this game's setup (its box profile) and state, or None."""
    module = words_module(game)
    if module is None or not hasattr(module, "describe"):
        return None
    return lambda params: module.describe(params, state_json, lang, setup)


def placeholder_legend(game: str, setup: dict[str, Any], lang: str) -> str | None:
    """The legend for the placeholder mark when this game's words show unverified values, else None."""
    module = words_module(game)
    legend = getattr(module, "placeholder_legend", None) if module is not None else None
    return legend(setup, lang) if legend is not None else None


def weights_verified(game: str, kind: str, setup: dict[str, Any]) -> bool:
    """The copies left of a chance step's outcomes are counted from facts the box profile confirms."""
    module = words_module(game)
    check = getattr(module, "weights_verified", None) if module is not None else None
    return check is None or bool(check(kind, setup))


def weight_text(game: str, kind: str, setup: dict[str, Any], weight: int) -> str:
    """ "×3": copies left of a chance outcome, with the placeholder mark when the counts are unverified."""
    module = words_module(game)
    check = getattr(module, "weights_verified", None) if module is not None else None
    mark = "" if check is None or check(kind, setup) else placeholder_mark(game)
    return f"×{weight}{mark}"


def placeholder_cells(game: str, sheet: Any, setup: dict[str, Any] | None) -> set[tuple[int, int]]:
    """(row index, player) of the score-sheet values that come from an unverified box-profile fact."""
    module = words_module(game)
    cells = getattr(module, "placeholder_cells", None) if module is not None else None
    if cells is None:  # a game without its own rule: the sheet's marks (ScoreRow.unverified) as they are
        return {(r, i) for r, row in enumerate(sheet.rows) for i in range(len(row.values)) if row.facts_behind(i)}
    return cells(sheet, setup or {})


def placeholder_totals(sheet: Any, cells: set[tuple[int, int]]) -> set[int]:
    """The players whose total adds up a marked value (an eliminated player's 0 rests on none of them)."""
    return {i for _, i in cells if i < len(sheet.eligible) and sheet.eligible[i]}


def placeholder_mark(game: str) -> str:
    if not marks_shown():
        return ""
    module = words_module(game)
    return getattr(module, "MARK", "?") if module is not None else "?"


def placeholder_legend_text(game: str, lang: str) -> str:
    """The legend line itself, whether or not anything is marked (for a marked score cell)."""
    module = words_module(game)
    legend = getattr(module, "legend", None) if module is not None else None
    return legend(lang) if legend is not None else t("print.unverified.legend", lang, mark=placeholder_mark(game))


# -- labels -----------------------------------------------------------------------------------------
def readable(code: str, params: dict[str, Any], lang: str) -> str:
    """The fallback: "Choose card (card 7, payment: 2 servants)"."""
    shown = {k: v for k, v in params.items() if k != "type"}
    if not shown:
        return humanize(code)
    inner = ", ".join(f"{humanize(k).lower()} {_value_text(v, lang)}" for k, v in shown.items())
    return f"{humanize(code)} ({inner})"


def kind_label(
    kind: str,
    lang: str,
    params: dict[str, Any] | None = None,
    names: list[str] | None = None,
    describe: Describe | None = None,
) -> str:
    p = with_names(_described(params or {}, describe), names or [], lang)
    return lookup([kind], lang, p) or humanize(kind)


def option_label(
    game: str,
    decision: Decision,
    action: Action,
    lang: str,
    names: list[str] | None = None,
    describe: Describe | None = None,
) -> str:
    """Label of one option. Keys tried: "<kind>.<type>", "<game>.action.<type>", "<game>.<type>".

    The decision's parameters are offered to the text too (the card being played, the official),
    the option's own parameters win; the fallback lists only the option's parameters.
    """
    kind_type = str(action.get("type", "?"))
    own = [k for k in action if k != "type"]
    merged = {**getattr(decision, "params", {}), **{k: action[k] for k in own}}
    params = with_names(_described(merged, describe), names or [], lang)
    base = game.split("-", 1)[0]  # a variant (gugong-solo) speaks its base game's words
    keys = [f"{decision.kind}.{kind_type}", f"{game}.action.{kind_type}", f"{game}.{kind_type}",
            f"{base}.action.{kind_type}"]
    return lookup(keys, lang, params) or readable(kind_type, {k: params[k] for k in own if k in params}, lang)


def action_text(
    game: str,
    action: Action,
    lang: str,
    names: list[str] | None = None,
    describe: Describe | None = None,
    decision: Decision | None = None,
) -> str:
    """A logged action in words: its option label when the decision is known, else "<game>.action.<type>"."""
    if decision is not None:
        return option_label(game, decision, action, lang, names, describe)
    kind_type = str(action.get("type", "?"))
    raw = {k: v for k, v in action.items() if k != "type"}
    params = with_names(_described(raw, describe), names or [], lang)
    base = game.split("-", 1)[0]
    return lookup([f"{game}.action.{kind_type}", f"{base}.action.{kind_type}"], lang, params) or readable(
        kind_type, params, lang)


def event_text(event: Event, lang: str, names: list[str] | None = None, describe: Describe | None = None) -> str:
    if event.code == FORCED:
        return forced_text(event, lang, names, describe)
    params = with_names(_described(event.params, describe), names or [], lang)
    return lookup([event.code], lang, params) or readable(event.code, params, lang)


def forced_text(event: Event, lang: str, names: list[str] | None = None, describe: Describe | None = None) -> str:
    """A step the settle loop took for the table (one possibility): the option in words.

    A game's describe hook may say it in words (an "action" text); otherwise the option's label is used.
    """
    params = dict(event.params)
    step, player, action = str(params.pop("step", "")), params.pop("player", CHANCE), params.pop("action", {})
    said = describe(dict(event.params)) if describe is not None else {}
    if isinstance(said.get("action"), str):
        label = said["action"]
    else:
        decision = Decision(player if isinstance(player, int) else CHANCE, step, (action,), params)
        label = option_label(step.split(".", 1)[0], decision, action, lang, names, describe)
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(names or []):
        return t("core.forced.chance", lang, action=label)
    return t(FORCED, lang, player=(names or [])[player], action=label)


def instruction_text(
    instruction: Any,
    lang: str,
    names: list[str] | None = None,
    describe: Describe | None = None,
    undo: bool = False,
) -> str:
    """A table step (core.instructions.Instruction) as a sentence; `undo`: how to take it back."""
    raw = dict(instruction.params)
    seat = instruction.seat
    if "player" not in raw and isinstance(seat, int) and 0 <= seat < len(names or []):
        raw["player"] = seat
    params = with_names(_described(raw, describe), names or [], lang)
    code = instruction.undo_code if undo else instruction.code
    return lookup([code], lang, params) or readable(code, params, lang)


def error_text(err: CompanionError, lang: str, names: list[str] | None = None) -> str:
    """The refusal in the player's language (the engine's English message when no key exists)."""
    if err.code == "profile.inconsistent" and has(f"profile.check.{err.params.get('check')}", lang):
        return inconsistency_text(err.params, lang)
    if err.code == "profile.bad_value" and "box" in err.params:
        return bad_value_text(err.params, lang)
    params = with_names({k: v for k, v in err.params.items() if k != "action"}, names or [], lang)
    for key in (err.code, f"error.{err.code}"):
        if has(key, lang):  # a text whose placeholders the error does not fill would show "{key}" literally
            missing = placeholders(catalog(lang).get(key) or catalog(FALLBACK)[key]) - params.keys()
            return err.message if missing else t(key, lang, **params)
    return err.message


def bad_value_text(params: dict[str, Any], lang: str) -> str:
    """A box-fact value its schema refuses, in the reader's words: the fact by its Box check name, where inside
    it ("entry 3", a key's word), what is wrong and what would be right; never a fact key or English."""
    box, finding = str(params.get("box", "")), params.get("finding")
    if not isinstance(finding, dict) or not has(f"validate.{finding.get('rule')}", lang):
        problem = t("validate.too_big", lang) if finding is None else t("validate.other", lang)
        where = ""
    else:
        kind = str(finding.get("bound", "")).split("|")
        bound = t("validate.or", lang).join(t(f"validate.kind.{k}", lang) for k in kind) \
            if finding["rule"] == "type" else finding.get("bound")
        got = finding.get("got")
        got = t(f"validate.kind.{finding.get('got_kind')}", lang) if got is None else got
        problem = t(f"validate.{finding['rule']}", lang, got=got, bound=bound,
                    count=finding.get("count", 0))
        parts = [t("validate.entry", lang, n=p + 1) if isinstance(p, int) else part_name(box, str(p), lang)
                 for p in finding.get("where") or ()]
        where = t("validate.where", lang, path=" › ".join(parts)) if parts else ""
        if finding["rule"] in SHAPE_RULES:
            problem += t("validate.expected", lang, expected=expected_text(_schema_at(box, params, finding), lang))
    return t("profile.bad_value_words", lang, fact=fact_name(box, str(params.get("key", "")), lang), where=where,
             problem=problem)


SHAPE_RULES = ("type", "required", "additionalProperties", "enum", "pattern", "propertyNames", "const")


def _schema_at(box: str, params: dict[str, Any], finding: dict[str, Any]) -> dict[str, Any]:
    """The part of the fact's schema a finding's path points at (what would be right there)."""
    from ..core.profile import fact_schema

    node: Any = fact_schema(box, str(params.get("key", "")))
    for part in finding.get("where") or ():
        if not isinstance(node, dict):
            return {}
        if isinstance(part, int):
            node = node.get("items", {})
        else:
            node = node.get("properties", {}).get(part, node.get("additionalProperties", {}))
    return node if isinstance(node, dict) else {}


def expected_text(schema: dict[str, Any], lang: str, depth: int = 0) -> str:
    """What a value of `schema` looks like, in the reader's words ("a list of 2 to 12 entries, each a whole
    number from 1 to 9")."""
    if "enum" in schema:
        return t("validate.expect.enum", lang, values=", ".join(map(str, schema["enum"])))
    kind = schema.get("type")
    word = t(f"validate.kind.{kind}", lang) if isinstance(kind, str) and has(f"validate.kind.{kind}", lang) \
        else t("validate.kind.object", lang)
    if kind in ("integer", "number") and "minimum" in schema and "maximum" in schema:
        return t("validate.expect.range", lang, kind=word, min=schema["minimum"], max=schema["maximum"])
    if kind in ("integer", "number") and "minimum" in schema:
        return t("validate.expect.at_least", lang, kind=word, min=schema["minimum"])
    if kind == "array" and isinstance(schema.get("items"), dict) and depth < 2:
        item = expected_text(schema["items"], lang, depth + 1)
        if "minItems" in schema and "maxItems" in schema:
            return t("validate.expect.list", lang, min=schema["minItems"], max=schema["maxItems"], item=item)
        return t("validate.expect.list_any", lang, item=item)
    return word


def part_name(box: str, part: str, lang: str) -> str:
    """A key inside a box fact (a tile, decree, location, card action, good, person or a named count) in the
    reader's words: the printed sheet's word, else the game's own word for that code."""
    found = lookup([f"{box}.{kind}.{part}" for kind in ("tile", "decree", "location", "card_action")]
                   + [f"box.key.{part}", f"pdf.boxcheck.word.{part}"], lang, {})
    return found or _game_words(box, lang).get(part) or humanize(part)


@cache
def _game_words(box: str, lang: str) -> dict[str, str]:
    """code -> word from the game's "<box>.<group>.<code>" entries that are short names (no placeholders)."""
    words: dict[str, str] = {}
    for key, text in catalog(lang).items():
        parts = key.split(".")
        if len(parts) == 3 and parts[0] == box and "{" not in text and len(text) <= 40:
            words.setdefault(parts[2], text)
    return words


def inconsistency_text(params: dict[str, Any], lang: str) -> str:
    """Box facts that do not fit together (core.profile_checks), in the reader's words: the facts by their
    Box check names, the reason from its check's catalog text, never a fact key."""
    box = str(params.get("box", ""))

    def named(ref: Any) -> Any:
        return fact_name(box, ref, lang) if isinstance(ref, str) else ref

    words = {k: v for k, v in params.items() if isinstance(v, int | float) and not isinstance(v, bool)}
    words |= {"fact": named(params.get("key")), "other": named(params.get("other", "")),
              "added": " + ".join(named(f) for f in params.get("added") or ()),
              "bad": params.get("bad")}  # a city's number, or what was entered
    words |= {k: _part_word(box, str(params[k]), lang) for k in ("entry", "item", "list", "among") if k in params}
    problem = t(f"profile.check.{params['check']}", lang, **words)
    facts = names_in_sentence([named(f) for f in params.get("read") or ()], lang)
    return t("profile.inconsistent", lang, facts=facts, problem=problem)


def _part_word(box: str, part: str, lang: str) -> str:
    """A part a check names (a tile, a good, one of its lists) as Box check labels it."""
    return t(f"box.field.{part}", lang) if has(f"box.field.{part}", lang) else part_name(box, part, lang)


def rule_text(err: CompanionError) -> str:
    return err.rule if isinstance(err, RuleError) else ""


@cache
def _rulebooks() -> dict[str, Any]:
    return json.loads((Path(__file__).parent / "data" / "rulebooks.json").read_text(encoding="utf-8"))


def rule_reference(rule: str | Rule | Sequence[Rule], lang: str) -> str:
    """A rule reference in the reader's words: "Gùgōng-spelregels: Fase 2: De Dagfase (p. 4)" (nl, from the
    Dutch rulebook where data/rulebooks.json maps the section), else the book's name in the reader's language
    (with its expansion) and the German passage with its section and page; never the internal book id.
    Several references are "; "-separated. Free text that names no book is shown as it is."""
    rules = (rule,) if isinstance(rule, Rule) else parse_rules(rule) if isinstance(rule, str) else tuple(rule)
    if not rules:
        return rule.strip() if isinstance(rule, str) else ""
    return "; ".join(dict.fromkeys(reference_parts(r, lang)[0] for r in rules))


def reference_parts(rule: Rule, lang: str) -> tuple[str, bool]:
    """The reference in the reader's words and whether it resolved to a book the catalog names
    (False: an unknown book id, shown as it is)."""
    data = _rulebooks()
    books = data["books"]
    if rule.book not in books:
        return rule.text, False
    page = f" ({data['page'][lang].format(page=rule.page)})" if rule.page else ""
    own = data["sections"].get(rule.book, {}).get(lang)
    if own is not None and not rule.chapter:
        found = own["map"].get(rule.section)
        if found is not None:
            return f"{books[own['book']][lang]}: {found}{page if own.get('same_pages') else ''}", True
    book = books[rule.book].get(lang, rule.book)
    if rule.chapter:
        chapter = data.get("chapters", {}).get(rule.book, {}).get(rule.chapter, {}).get(lang)
        if chapter is None:
            return rule.text, False
        book = f"{book}, {chapter}"
    return f"{book}: {rule.section}{page}", True


def reader_book(rule: Rule, lang: str) -> str:
    """The id of the book the reader is sent to for `rule` (their own language's book where it is mapped)."""
    own = _rulebooks()["sections"].get(rule.book, {}).get(lang)
    if own is not None and not rule.chapter and rule.section in own["map"]:
        return str(own["book"])
    return rule.book


# -- scores -------------------------------------------------------------------------------------------
def code_text(game: str, code: str, lang: str, kind: str = "row", **params: Any) -> str | None:
    """The catalog text for a score-sheet code (row, tie-break, note), or None.

    Engines key their codes in their own catalog domains; the naming varies a little between
    games, so the usual patterns are tried.
    """
    candidates = [
        code,
        f"{game}_score.{kind}.{code}",
        f"{game}.score.{kind}.{code}",
        f"{game}.{kind}.{code}",
        f"{game}.score.{code}",
        f"{game}.{code}",
        f"pdf.{game}.{kind}.{code}",
    ]
    return lookup(candidates, lang, params)


def row_label(game: str, code: str, lang: str, **params: Any) -> str:
    return code_text(game, code, lang, "row", **params) or humanize(code)


def tiebreak_text(game: str, tiebreak: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    code = str(tiebreak.get("code", "tiebreak"))
    params = with_names(tiebreak.get("params", {}), names or [], lang)
    return code_text(game, code, lang, "tiebreak", **params) or readable(code, params, lang)


def top_players(sheet: Any) -> list[int]:
    """Who a sheet names at the top: the winners of a final sheet; on a running game's provisional sheet
    everyone level on the best total (a tie-break only says who is ahead for now)."""
    tied = ((sheet.tiebreak or {}).get("params") or {}).get("tied") if not sheet.final else None
    if isinstance(tied, list) and all(isinstance(i, int) and 0 <= i < len(sheet.players) for i in tied) and tied:
        return tied
    return list(sheet.winners)


RUNNING = ".running"  # a note's wording for a provisional sheet: "ahead", never "wins"


def note_text(game: str, note: dict[str, Any], lang: str, names: list[str] | None = None, final: bool = True) -> str:
    """A score-sheet note: its catalog text, else the engine's own English text, else the readable code.
    On a running game's provisional sheet (`final` False) a note's `.running` wording comes first."""
    code = str(note.get("code", ""))
    params = with_names(note.get("params", {}), names or [], lang)
    found = code_text(game, code + RUNNING, lang, "note", **params) if code and not final else None
    found = found or (code_text(game, code, lang, "note", **params) if code else None)
    if found is not None:
        return found
    return str(note["text"]) if "text" in note else readable(code, params, lang)


# -- unverified facts ---------------------------------------------------------------------------------
def facts_in(params_list: Iterable[dict[str, Any]]) -> list[str]:
    """The unverified box facts named by the provenance marks of these parameters, first seen first."""
    out: list[str] = []
    for params in params_list:
        for keys in marked(params).values():
            out.extend(k for k in keys if k not in out)
    return out


def fact_source(source: Any, lang: str) -> str:
    """Where a box fact's value came from, in the reader's words: the basis (rulebook, worked example,
    placeholder, the owner's check...) and the rulebook passages it rests on, cited in the reader's own
    rulebook where one exists (rule_reference); "" when the source is unknown."""
    if not isinstance(source, dict) or not has(f"box.source.{source.get('basis')}", lang):
        return ""
    rules = source.get("rules")
    return t(f"box.source.{source['basis']}", lang, rules=rule_reference(rules, lang) if isinstance(rules, str) else "")


def fact_name(box: str, key: str, lang: str) -> str:
    """A box fact in the reader's words (the Box check sheet's name for it), never its internal key."""
    found = lookup([f"pdf.boxcheck.{box}.{key}", f"table.fact.{key}"], lang, {})
    if found:
        return found.split(":", 1)[0]
    return humanize(key.replace(".", "_"))


def progress_text(progress: Any, lang: str) -> str | None:
    """A view's `progress` ({"key": ..., params}) in words: "Day 2 · day phase"; None when there is none."""
    if not isinstance(progress, dict) or not has(str(progress.get("key", "")), lang):
        return None
    params = {k: (t(v, lang) if isinstance(v, str) and has(v, lang) else v) for k, v in progress.items() if k != "key"}
    return t(progress["key"], lang, **params)


PROPER = ("Meng", "BoardGameGeek", "Level-")  # names that keep their capital inside any sentence
TERM = re.compile(r"\b[a-zà-ÿ]+ ([A-Z][a-zà-ÿ]{3,})")  # a capitalised word after a lower-case one


@cache
def capitalised_terms(lang: str) -> tuple[str, ...]:
    """The game terms a language writes with a capital inside a sentence (Dutch "Dienaren",
    "Geschenkkaarten"), read from how its own catalog texts write them."""
    return tuple(sorted({m.group(1) for text in catalog(lang).values() for m in TERM.finditer(text)}))


def in_sentence(name: str, lang: str) -> str:
    """A heading-style name ("Gift cards") as it reads inside a sentence ("gift cards"). German nouns
    keep their capital; Dutch keeps it for the game terms its rulebook capitalises; English for names."""
    first = name.split(" ", 1)[0]
    if lang == "de" or name.startswith(PROPER) or name[1:2].isupper():
        return name
    if lang != "en" and first.startswith(capitalised_terms(lang)):
        return name
    return name[:1].lower() + name[1:]


def names_in_sentence(names: list[str], lang: str) -> str:
    """Heading-style names listed inside a sentence: "gift cards, jade houses and decree tiles"."""
    return listing([in_sentence(n, lang) for n in names], lang)


def listing(items: list[str], lang: str) -> str:
    """"a, b and c" in the reader's language."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + t("ui.and", lang) + items[-1]
