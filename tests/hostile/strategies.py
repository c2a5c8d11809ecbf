"""Hypothesis strategies for hostile input: odd JSON, values from a schema, mutations of valid data."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

ODD_TEXTS = ["", " ", "\u200b", "\u200b\u200d", "\u202e", "None", "null", "abc", "3", "-1", "1e400", "NaN",
             "x" * 41, "y" * 5000, "Anna\nBob", "\x00", "e\u0301", "é", "![x](http://host/x.png)",
             "<script>alert(1)</script>", "{key}", "%s", "../../etc/passwd", "\ud7ff", "🐉" * 20]
ODD_SCALARS: list[Any] = [None, True, False, 0, 1, -1, 1.0, 3.0, 0.5, -0.0, 2**31, 2**63, -(2**63), 10**29,
                          10**31, 10**400, float("nan"), float("inf"), float("-inf"), *ODD_TEXTS]


def deep(depth: int, leaf: Any = 0) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


ODD_VALUES: list[Any] = [*ODD_SCALARS, [], {}, [None], {"": None}, list(range(5000)),
                         {str(i): i for i in range(300)}, [[1, 2]] * 50]

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.integers(),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30))
json_values = st.recursive(json_scalars, lambda kids: st.one_of(st.lists(kids, max_size=6),
                                                                 st.dictionaries(st.text(max_size=10), kids,
                                                                                 max_size=6)),
                           max_leaves=25)
deep_values = st.sampled_from([25, 30, 2000]).map(deep)  # built on use: hypothesis prints what it samples
odd = st.one_of(st.sampled_from(ODD_VALUES), deep_values, json_values)


# -- values from a JSON schema (the subset data/schemas uses) ----------------------------------------
def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values that (mostly) fit `schema`: the valid side of every boundary."""
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "const" in schema:
        return st.just(schema["const"])
    kind = schema.get("type")
    if kind == "integer":
        low, high = schema.get("minimum", -100), schema.get("maximum", 1000)
        step = schema.get("multipleOf", 1)
        return st.integers(-(-low // step), high // step).map(lambda n: n * step)
    if kind == "boolean":
        return st.booleans()
    if kind == "string":  # names and labels: letters, digits and spaces, something visible
        visible = st.text(st.characters(categories=("L", "N")), min_size=1, max_size=3)
        return st.tuples(visible, st.text(st.characters(categories=("L", "N", "Zs")), max_size=12)).map(
            lambda parts: (parts[0] + parts[1]).strip()[: schema.get("maxLength", 20)])
    if kind == "array":
        items = from_schema(schema.get("items", {}))
        low = schema.get("minItems", 0)
        high = min(schema.get("maxItems", low + 5), low + 40)
        return st.lists(items, min_size=low, max_size=high, unique_by=_key if schema.get("uniqueItems") else None)
    if kind == "object":
        return _object(schema)
    return json_values


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _object(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    props = schema.get("properties", {})
    required = set(schema.get("required", ()))
    if props:
        fixed = {k: from_schema(v) for k, v in props.items() if k in required}
        optional = {k: from_schema(v) for k, v in props.items() if k not in required}
        return st.fixed_dictionaries(fixed, optional=optional)
    extra = schema.get("additionalProperties")
    names = schema.get("propertyNames", {})
    keys = st.integers(0, 30).map(str) if "pattern" in names else st.text(max_size=8)
    return st.dictionaries(keys, from_schema(extra) if isinstance(extra, dict) else json_values,
                           max_size=min(schema.get("maxProperties", 6), 6))


# -- mutations of valid data ---------------------------------------------------------------------------
def paths(value: Any, limit: int = 400) -> list[tuple[Any, ...]]:
    """Paths to the parts of `value` (breadth first, at most `limit`)."""
    out: list[tuple[Any, ...]] = [()]
    todo: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while todo and len(out) < limit:
        path, item = todo.pop(0)
        children = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for key, child in children:
            out.append((*path, key))
            todo.append(((*path, key), child))
    return out


def near(value: Any) -> list[Any]:
    """Values close to `value` that a careless reader mixes up with it."""
    if isinstance(value, bool):
        return [int(value), str(value).lower(), not value]
    if isinstance(value, int):
        return [value + 1, value - 1, -value, 0, float(value), str(value), value * 1000, 10**40, True]
    if isinstance(value, str):
        return [value.upper(), value + " ", "", value * 100, [value]]
    if isinstance(value, list):
        return [value[:-1], value + value[-1:], value[::-1], [], value * 20]
    if isinstance(value, dict):
        return [{**value, "extra": 1}, dict(list(value.items())[:-1]), {k: None for k in value}, list(value)]
    return [0]


@st.composite
def mutated(draw: st.DrawFn, value: Any, replacements: st.SearchStrategy[Any] = odd) -> Any:
    """`value` with one part replaced: by a near value, an odd value, or removed."""
    value = copy.deepcopy(value)
    path = draw(st.sampled_from(paths(value)))
    if not path:
        return draw(st.one_of(st.sampled_from(near(value)), replacements))
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = draw(st.sampled_from(["near", "odd", "odd", "drop"]))
    if how == "drop":
        del parent[key]
    else:
        parent[key] = draw(st.sampled_from(near(parent[key]))) if how == "near" else draw(replacements)
    return value
