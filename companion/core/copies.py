"""Copies of a game state that cannot forget a field: one copy function per dataclass, generated from its fields.

`copy(state)` copies any dataclass state. The copy function of a class is written once, from the types of its
fields, and compiled (as dataclasses compiles `__init__`), so it runs as fast as a hand-written copy:

- immutable values (numbers, strings, None, tuples of them, frozen dataclasses such as the box facts) are shared;
- lists, dicts and sets are copied as deep as their element types need (`list[list[int]]`: two levels);
- nested dataclasses are copied by their own generated function;
- a class with a `copy()` method of its own (the step stack, which keeps its settled decision) copies itself;
- JSON data of unknown shape (`Any` inside) is copied whole, all such fields of one object in a single
  marshal round trip (plain data only; marshal is in memory here, never for saved data).

A field of a type none of these covers is refused when the copy function is written, naming the field:
a new field is therefore either copied right or noticed at once, never silently shared.
"""

from __future__ import annotations

import dataclasses
import marshal
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
IMMUTABLE = (int, float, bool, str, bytes, type(None))
DEEP = "deep"  # the marker for "JSON data of unknown shape: copy it whole"

_COPIERS: dict[type, Callable[[Any], Any]] = {}


def copy(value: T) -> T:
    """A copy of the dataclass `value` that shares nothing a game could change."""
    cls = type(value)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = copier_for(cls)
    return copier(value)


def copier_for(cls: type) -> Callable[[Any], Any]:
    """The compiled copy function of the dataclass `cls` (see the module text for what each field gets)."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__qualname__} is not a dataclass: its copy cannot be written from its fields")
    hints = typing.get_type_hints(cls)
    env: dict[str, Any] = {"_cls": cls, "_loads": marshal.loads, "_dumps": marshal.dumps}
    copied, deep = [], []
    for f in dataclasses.fields(cls):
        try:
            expr = _expr(hints[f.name], f"d[{f.name!r}]", 0, env)
        except TypeError as e:
            raise TypeError(f"{cls.__qualname__}.{f.name}: {e}") from None
        if expr == DEEP:
            deep.append(f.name)
        elif expr is not None:
            copied.append(f"{f.name!r}: {expr}")
    lines = ["def copy(obj):", "    d = obj.__dict__", "    new = _cls.__new__(_cls)"]
    if len(deep) == 1:  # often empty (what the table entered beyond the box): no round trip for nothing
        lines.append(f"    _0 = d[{deep[0]!r}]")
        lines.append("    _0 = _loads(_dumps(_0)) if _0 else _0.copy() if _0.__class__ in (list, dict) else _0")
        copied.append(f"{deep[0]!r}: _0")
    elif deep:  # one marshal round trip for every field of unknown shape
        names = ", ".join(f"_{i}" for i in range(len(deep)))
        values = ", ".join(f"d[{n!r}]" for n in deep)
        lines.append(f"    ({names},) = _loads(_dumps(({values},)))")
        copied += [f"{n!r}: _{i}" for i, n in enumerate(deep)]
    lines += [f"    new.__dict__ = {{**d, {', '.join(copied)}}}", "    return new"]
    exec("\n".join(lines), env)  # our own text, built from the field types above
    fn = env["copy"]
    fn.__qualname__ = f"copy_{cls.__qualname__}"
    fn.__doc__ = "\n".join(lines)  # the generated text, for whoever reads a traceback
    return fn


def _expr(tp: Any, var: str, depth: int, env: dict[str, Any]) -> str | None:
    """The expression that copies `var` of type `tp`: None (share it), DEEP (copy it whole) or code."""
    if tp is Any:
        return DEEP
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return _union(args, var, depth, env)
    if origin is tuple:
        inner = {_expr(a, "_", depth, env) for a in args if a is not Ellipsis}
        return None if inner <= {None} else DEEP
    if origin in (list, dict, set, frozenset):
        return _container(origin, args, var, depth, env)
    if origin is typing.Literal or tp in IMMUTABLE or tp in (list, dict, set):
        return None if origin is typing.Literal or tp in IMMUTABLE else DEEP
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if tp.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return None
        name = f"_copy_{tp.__name__}"
        env[name] = _COPIERS.get(tp) or _COPIERS.setdefault(tp, copier_for(tp))
        return f"{name}({var})"
    if isinstance(tp, type) and callable(getattr(tp, "copy", None)):
        return f"{var}.copy()"
    raise TypeError(f"no copy is known for {tp!r}")


def _union(args: tuple[Any, ...], var: str, depth: int, env: dict[str, Any]) -> str | None:
    """`X | None` copies X when there is one; any other mix of changeable types is copied whole."""
    exprs = [_expr(a, var, depth, env) for a in args if a is not type(None)]
    changeable = [e for e in exprs if e is not None]
    if not changeable:
        return None
    if len(exprs) == 1 and changeable[0] != DEEP:
        return f"(None if {var} is None else {changeable[0]})"
    return DEEP


def _container(origin: type, args: tuple[Any, ...], var: str, depth: int, env: dict[str, Any]) -> str | None:
    """A list, dict or set: a flat copy when its elements are immutable, else each element copied."""
    if origin in (set, frozenset):
        if args and _expr(args[0], "_", depth, env) is not None:
            raise TypeError("a set of changeable values")
        return None if origin is frozenset else f"{var}.copy()"
    if not args:
        return DEEP
    x = f"_x{depth}"
    inner = _expr(args[-1], x, depth + 1, env)
    if inner == DEEP:
        return DEEP
    if origin is list:
        return f"{var}[:]" if inner is None else f"[{inner} for {x} in {var}]"
    return f"{var}.copy()" if inner is None else f"{{_k{depth}: {inner} for _k{depth}, {x} in {var}.items()}}"
