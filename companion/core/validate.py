"""Everything that comes from outside passes here first: files, tokens, links, forms, the CLI.

The limits are checked before any work is done on the data: the size of a text, the nesting
depth of JSON, the digits of a number (no 4,300-digit integers), no NaN or Infinity, the number
of nodes in a value built elsewhere, list sizes. JSON text is read by `load_json`, a value that
arrived as Python data by `check_value`; both walk without recursion, so no input can exhaust
the stack. Schemas (data/schemas/) say per value what would be right (`check_schema`).

Every refusal is a CompanionError subclass with a code, a message that says what is wrong and
what would be right, and parameters for the translated text.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import cache
from typing import Any

from .errors import CompanionError

MAX_DEPTH = 24  # the deepest legitimate save (setup > profile > overrides > fact > list > object) is 8
MAX_INT_DIGITS = 30  # seeds have at most 19 digits; no count of a board game has more than a few
MAX_NODES = 200_000  # values inside one value; a complete save of a long game has about 20,000
MAX_TEXT = 10_000  # characters of one text inside a value (names are shorter still: core.setup)
MAX_ACTION_CHARS = 2_000  # a move typed by hand
MAX_TABLE_BYTES = 200_000  # an end-of-game table file


class InputError(CompanionError):
    """Outside data that breaks a limit or a schema before it reaches any game."""


ErrorType = type[CompanionError]


# -- JSON text -------------------------------------------------------------------------------------
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth_over(text: str, limit: int = MAX_DEPTH) -> bool:
    """True when the brackets of `text` nest deeper than `limit` (strings skipped; linear time)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


class _Refused(Exception):
    """Raised inside json.loads by the number hooks; turned into the caller's error type."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(kind)
        self.kind, self.text = kind, text


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused("number", text)
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("number", text)
    return value


def _parse_constant(text: str) -> Any:
    raise _Refused("constant", text)


def load_json(data: str | bytes, what: str, *, max_bytes: int, error: ErrorType = InputError,
              code: str = "input", max_depth: int = MAX_DEPTH, hint: str = "") -> Any:
    """Parse JSON text from outside. `what` names it in messages ("This save file", "The token's setup").

    Codes are f"{code}_too_large", _not_text, _too_deep, _bad_number, _not_json (with line and column);
    `hint` ends the message of a malformed text (what to do about it).
    """
    if len(data) > max_bytes:
        raise error(f"{code}_too_large", f"{what} is {len(data):,} bytes long; at most {max_bytes:,} are accepted.",
                    limit=max_bytes)
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as err:
            raise error(f"{code}_not_text", f"{what} is not UTF-8 text (byte {err.start} is not); "
                        "save it as UTF-8 JSON.", position=err.start) from err
    if json_depth_over(data, max_depth):
        raise error(f"{code}_too_deep", f"{what} nests lists or objects more than {max_depth} levels deep; "
                    "no valid file does.", limit=max_depth)
    try:
        return json.loads(data, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except _Refused as err:
        raise error(f"{code}_bad_number", f"{what} holds the number {_short(err.text)}: numbers must be finite "
                    f"and have at most {MAX_INT_DIGITS} digits.", number=_short(err.text)) from None
    except json.JSONDecodeError as err:
        raise error(f"{code}_not_json", f"{what} is not valid JSON: it breaks at line {err.lineno}, column "
                    f"{err.colno} ({err.msg}).{hint and ' ' + hint}", line=err.lineno, column=err.colno) from err
    except RecursionError:  # cannot happen after the depth check; kept so no traceback can escape
        raise error(f"{code}_too_deep", f"{what} nests too deeply.", limit=max_depth) from None


def _short(text: Any, limit: int = 40) -> str:
    text = text if isinstance(text, str) else repr(text)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def short(value: Any, limit: int = 40) -> str:
    """A value for a message: never the whole of a huge or deep value."""
    if isinstance(value, str):
        return repr(_short(value, limit))
    if isinstance(value, bool | int | float) or value is None:
        return _short(repr(value) if not isinstance(value, int) or value.bit_length() < 200 else "a huge number",
                      limit)
    kind = "list" if isinstance(value, list | tuple) else "object" if isinstance(value, dict) else type(value).__name__
    size = f" of {len(value)} entries" if isinstance(value, list | tuple | dict) else ""
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}{size}"


# -- JSON values built elsewhere (forms, storage, Python callers) ---------------------------------------
_MAX_INT = 10**MAX_INT_DIGITS


def value_problem(value: Any, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES,
                  max_text: int = MAX_TEXT) -> str | None:
    """Why `value` is not plain, bounded JSON data (None when it is). Walks without recursion."""
    todo: list[tuple[Any, int]] = [(value, 1)]
    nodes = 0
    while todo:
        item, depth = todo.pop()
        nodes += 1
        if nodes > max_nodes:
            return f"it holds more than {max_nodes:,} values"
        if depth > max_depth:
            return f"it nests more than {max_depth} levels deep"
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, int):
            if not -_MAX_INT < item < _MAX_INT:
                return f"a number has more than {MAX_INT_DIGITS} digits"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"it holds {item!r}, which is not a finite number"
        elif isinstance(item, str):
            if len(item) > max_text:
                return f"a text is {len(item):,} characters long (at most {max_text:,})"
        elif isinstance(item, list | tuple | dict) and nodes + len(todo) + len(item) > max_nodes:
            return f"it holds more than {max_nodes:,} values"
        elif isinstance(item, list | tuple):
            todo.extend((x, depth + 1) for x in item)
        elif isinstance(item, dict):
            if not all(isinstance(k, str) for k in item):
                return "an object has a key that is not a text"
            todo.extend((x, depth + 1) for x in item.values())
        else:
            return f"it holds a {type(item).__name__}, which is not JSON data"
    return None


# -- schemas ------------------------------------------------------------------------------------------
@cache
def _validator(schema_json: str) -> Any:
    import jsonschema  # loaded on first use: most paths never need it

    schema = json.loads(schema_json)
    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    # types exactly as Python reads them: 4.0 and True are not whole numbers here (JSON Schema says 4.0 is)
    exact = base.TYPE_CHECKER.redefine("integer", lambda _, value: type(value) is int).redefine(
        "number", lambda _, value: type(value) in (int, float))
    cls = jsonschema.validators.extend(base, type_checker=exact)
    return cls(schema, format_checker=base.FORMAT_CHECKER)


def schema_problem(value: Any, schema: dict[str, Any]) -> tuple[str, str] | None:
    """(where as a path "a/0/b", what is wrong) for the first problem of `value` against `schema`, or None.

    Call it on values that passed `value_problem` (bounded depth and size).
    """
    import jsonschema

    validator = _validator(json.dumps(schema, sort_keys=True))
    error = jsonschema.exceptions.best_match(validator.iter_errors(value))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)  # e.g. players/1/palaces/0/floors
    return where, _problem_text(error)


def schema_finding(value: Any, schema: dict[str, Any]) -> dict[str, Any] | None:
    """The first problem of `value` against `schema` as data a reader's language can word: the path
    ("where"), the schema keyword broken ("rule": "maximum"), the value found and the rule's bound; None if fine."""
    import jsonschema

    validator = _validator(json.dumps(schema, sort_keys=True))
    error = jsonschema.exceptions.best_match(validator.iter_errors(value))
    if error is None:
        return None
    bound = error.validator_value
    if error.validator == "type":
        bound = bound if isinstance(bound, str) else "|".join(map(str, bound))
    elif not isinstance(bound, int | float | str) or isinstance(bound, bool):
        bound = ", ".join(map(str, bound)) if isinstance(bound, list) else ""
    value = error.instance
    count = len(value) if isinstance(value, list | dict | str) else 0
    where = list(error.absolute_path)
    if error.validator == "required" and isinstance(value, dict):  # name the entry that is missing
        where += [p for p in error.validator_value if p not in value][:1]
    plain = value is None or isinstance(value, bool | int | float) or (isinstance(value, str) and len(value) <= 40)
    return {"where": where, "rule": str(error.validator), "got": short(value) if plain else None,
            "got_kind": _KINDS.get(type(value), "object"), "bound": bound, "count": count}


_KINDS = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object",
          type(None): "null"}


def _problem_text(error: Any) -> str:
    got, rule = short(error.instance), error.validator_value
    texts: dict[str, Callable[[], str]] = {
        "type": lambda: f"{got} is not {_a(rule)}",
        "minimum": lambda: f"{got} is below {rule}",
        "maximum": lambda: f"{got} is above {rule}",
        "exclusiveMinimum": lambda: f"{got} is not above {rule}",
        "enum": lambda: f"{got} is not one of {', '.join(map(str, rule))}",
        "const": lambda: f"{got} is not {rule!r}",
        "minItems": lambda: f"it has {len(error.instance)} entries, fewer than {rule}",
        "maxItems": lambda: f"it has {len(error.instance)} entries, more than {rule}",
        "uniqueItems": lambda: "an entry appears twice",
        "minLength": lambda: f"{got} is shorter than {rule} characters",
        "maxLength": lambda: f"{got} is longer than {rule} characters",
        "required": lambda: f"an entry is missing ({error.message.split(' is a')[0]})",
        "additionalProperties": lambda: f"it has an unexpected entry ({_short(error.message, 80)})",
        "propertyNames": lambda: f"it has an unexpected key {got}",
        "pattern": lambda: f"{got} has the wrong form",
        "minProperties": lambda: f"it has fewer than {rule} entries",
        "maxProperties": lambda: f"it has more than {rule} entries",
    }
    make = texts.get(error.validator)
    return make() if make else _short(error.message, 120)


def _a(kind: Any) -> str:
    names = {"integer": "a whole number", "number": "a number", "string": "a text", "boolean": "true or false",
             "array": "a list", "object": "an object", "null": "empty (null)"}
    if isinstance(kind, list):
        return " or ".join(names.get(k, k) for k in kind)
    return names.get(kind, str(kind))


def describe(schema: dict[str, Any], depth: int = 0) -> str:
    """What a value of `schema` looks like, in English: the "what would be right" of a message."""
    if "description" in schema and depth:
        return str(schema["description"])
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    kind = schema.get("type")
    if kind == "integer":
        return _a(kind) + _range(schema)
    if kind == "array":
        return _describe_list(schema, depth)
    if kind == "object":
        return _describe_object(schema, depth)
    if kind == "string":
        return "a text" + (f" of at most {schema['maxLength']} characters" if "maxLength" in schema else "")
    return _a(kind) if kind else "a value"


def _range(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f" from {low} to {high}"
    return f" of at least {low}" if low is not None else f" of at most {high}" if high is not None else ""


def _describe_list(schema: dict[str, Any], depth: int) -> str:
    low, high = schema.get("minItems", 0), schema.get("maxItems")
    size = f"{low}" if low == high else f"{low} to {high}" if high is not None else f"at least {low}"
    items = describe(schema.get("items", {}), depth + 1)
    unique = ", all different" if schema.get("uniqueItems") else ""
    return f"a list of {size} entries, each {items}{unique}"


def _describe_object(schema: dict[str, Any], depth: int) -> str:
    props = schema.get("properties", {})
    if depth > 1 or not props:
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            return f"an object whose values are each {describe(extra, depth + 1)}"
        return "an object" + (f" with the keys {', '.join(props)}" if props else "")
    parts = [f"{k}: {describe(v, depth + 1)}" for k, v in props.items()]
    return "an object with " + "; ".join(parts)


def _json_kind(value: Any) -> str:
    kinds = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"),
             (dict, "object"), (type(None), "null"))
    return next((name for kind, name in kinds if isinstance(value, kind)), "unknown")


def _same_shape(option: Any, value: Any) -> bool:
    """`value` has the JSON kinds of `option`, inside lists too (each entry like one of the option's)."""
    if _json_kind(option) != _json_kind(value):
        return False
    if isinstance(option, list):
        return all(any(_same_shape(o, v) for o in option) if option else _json_kind(v) in _PLAIN for v in value)
    if isinstance(option, dict):
        return option.keys() == value.keys() and all(_same_shape(option[k], value[k]) for k in option)
    return True


_PLAIN = ("null", "boolean", "integer", "string")


def _plain(value: Any, depth: int = 0) -> bool:
    """A value a move of any moment may carry: text, whole numbers, yes/no, or short lists of them."""
    if value is None or isinstance(value, bool | int | str):
        return True
    return isinstance(value, list) and depth < 2 and len(value) <= 16 and all(_plain(v, depth + 1) for v in value)


def action_shape_problem(action: Any, options: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> str | None:
    """Why `action` is not even shaped like one of `options` (None: it has the type, keys and value
    types of at least one, or another type with plain values). Engines explain refusals of
    well-formed moves; this catches the rest before an engine reads them."""
    if not isinstance(action, dict):
        return f"a move is an object with a type, not {short(action)}"
    same_type = [o for o in options if o.get("type") == action.get("type")]
    if not same_type:  # a move of another moment: the engine says why not now, if its values are plain
        odd = [k for k, v in action.items() if not _plain(v)]
        return f"the value of {odd[0]!r} must be a text, a whole number or a short list of them" if odd else None
    for option in same_type:  # extra keys are ignored by the engines, if plain
        if option.keys() <= action.keys() and all(_same_shape(option[k], action[k]) for k in option) \
                and all(_plain(action[k]) for k in action.keys() - option.keys()):
            return None
    option = same_type[0]
    shape = ", ".join(f"{k} ({_a(_json_kind(v))})" for k, v in option.items() if k != "type")
    return f"a move of type {option['type']} has {shape or 'nothing but its type'}"


def parse_action(text: str, options: tuple[dict[str, Any], ...] | None = None) -> dict[str, Any]:
    """A move typed by hand ("Enter a move by hand"): a short JSON object with a text "type".

    With the pending decision's `options`, a move not even shaped like one of them is refused here,
    so the engine only ever explains refusals of well-formed moves.
    """
    from .errors import RuleError

    if not isinstance(text, str):
        raise RuleError("malformed_action", f"A move is typed as text, not {short(text)}.")
    data = load_json(text.strip(), "The move you typed", max_bytes=MAX_ACTION_CHARS, error=RuleError,
                     code="manual_action", max_depth=8)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise RuleError("malformed_action", f"A move must be a JSON object with a \"type\", e.g. "
                        f'{{"type": "pass"}}; not {short(data)}.')
    problem = action_shape_problem(data, options) if options is not None else None
    if problem is not None:
        raise RuleError("not_an_option", f"That is not a possible move now: {problem}.")
    return data
