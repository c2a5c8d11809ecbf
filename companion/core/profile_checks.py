"""Consistency checks between box facts, written as data in data/schemas/profile-<game>.json.

A fact's schema says what one value may be; a check says how facts must agree, e.g. the gift-card
census lists exactly `gift_card_count` cards, or every city on Meng's path exists on the map.
Each check is an object {"kind": ..., ...}; `run` refuses a profile that breaks one (SetupError
"profile.inconsistent", naming the facts and what would be right). Kinds:

- "length":  {"fact": F, "equals": G}          len(F) == value of G (G a fact or a number)
- "keys":    {"fact": F, "from": a, "to": G}    F's keys are exactly the numbers a..G (as texts)
- "below":   {"fact": F, "bound": G}           every whole number inside F (values, and keys written
                                               as numbers) is below the value of G
- "within":  {"fact": F, "of": G}              every text inside F (keys and values) is an entry or key of G
- "sum":     {"fact": F, "plus": [H], "equals": G}   the numbers in F (and H) add up to G
                                               ("at_least": G instead: to G or more)
- "order":   {"fact": F}                       the numbers of list F never go down
- "counted": {"fact": F, "list": L, "count": C} in every entry of object F that has a list L, that
                                               list has as many entries as the entry's number C
- "connected": {"fact": F, "bound": G}      the pairs of F join every number 0..G-1 into one network
- "even":    {"fact": F}                       F is an even number
- "at_most": {"fact": F, "of": G}              each number of object F is at most G's number under
                                               the same key (minus "keep", default 0)
- "among":   {"fact": F, "list": L, "in": M}   in every entry of object F, each item of its list L is also
                                               in its list M ("text": the catalog text naming the lists)

Any check may name its refusal's catalog text ("text": "profile.check.<text>"), e.g. a count the rules fix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

from .errors import SetupError


def _number(values: dict[str, Any], ref: Any) -> Any:
    return values[ref] if isinstance(ref, str) else ref


def _walk(value: Any) -> Iterator[Any]:
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        else:
            yield item


Problem = tuple[str, dict[str, Any]]  # the English reason, and its parameters for the reader's words


def _length(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    want = _number(values, check["equals"])
    got = len(values[check["fact"]])
    return None if got == want else (f"{check['fact']} has {got} entries; it must have {want} ({check['equals']})",
                                     {"got": got, "want": want, "other": check["equals"]})


def _keys(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    high = _number(values, check["to"])
    want = {str(n) for n in range(check["from"], high + 1)}
    if set(values[check["fact"]]) == want:
        return None
    return (f"{check['fact']} must have exactly the keys {check['from']} to {high} ({check['to']}), one per "
            f"{check.get('per', 'entry')}", {"low": check["from"], "high": high, "other": check["to"]})


def _below(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    bound = _number(values, check["bound"])
    numbers = [int(v) if isinstance(v, str) else v for v in _walk(values[check["fact"]])
               if type(v) is int or (isinstance(v, str) and v.isdecimal() and len(v) < 4)]
    bad = [v for v in numbers if v >= bound]
    if not bad:
        return None
    return (f"{check['fact']} names {bad[0]}, but only 0 to {bound - 1} exist ({check['bound']})",
            {"bad": bad[0], "top": bound - 1, "other": check["bound"]})


def _within(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    known = values[check["of"]]
    names = set(known) | {v for v in _walk(known) if isinstance(v, str)} if isinstance(known, dict) else set(known)
    bad = [v for v in _walk(values[check["fact"]]) if isinstance(v, str) and v not in names]
    return (f"{check['fact']} names {bad[0]!r}, which is not in {check['of']}",
            {"bad": bad[0], "other": check["of"]}) if bad else None


def _sum(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    facts = [check["fact"], *check.get("plus", ())]
    got = sum(v for f in facts for v in _walk(values[f]) if type(v) is int)
    if "at_least" in check:
        want = _number(values, check["at_least"])
        return None if got >= want else (f"{' + '.join(facts)} add up to {got}; at least {want} are needed "
                                         f"({check.get('why', check['at_least'])})",
                                         {"text": "sum_at_least", "got": got, "want": want, "added": facts})
    want = _number(values, check["equals"])
    return None if got == want else (f"{' + '.join(facts)} add up to {got}; they must add up to {want} "
                                     f"({check['equals']})", {"got": got, "want": want, "added": facts,
                                                              "other": check["equals"]})


def _order(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    seq = values[check["fact"]]
    ok = all(a <= b for a, b in pairwise(seq))
    return None if ok else (f"the numbers of {check['fact']} must never go down", {})


def _counted(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    for name, entry in values[check["fact"]].items():
        listed = entry.get(check["list"]) if isinstance(entry, dict) else None
        if listed is not None and len(listed) != entry.get(check["count"]):
            return (f"{check['fact']}/{name} lists {len(listed)} {check['list']} for {check['count']} "
                    f"{entry.get(check['count'])}; give one per {check.get('per', 'piece')}",
                    {"got": len(listed), "want": entry.get(check["count"])})
    return None


def _at_most(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    keep = check.get("keep", 0)
    limits = values[check["of"]]
    for key, n in values[check["fact"]].items():
        if n > limits.get(key, 0) - keep:
            return (f"{check['fact']} takes {n} {key} away, but {check['of']} has {limits.get(key, 0)}"
                    + (f" and {keep} must stay" if keep else ""),
                    {"text": "at_most_keep" if keep else "at_most", "got": n, "have": limits.get(key, 0),
                     "keep": keep, "other": check["of"], "item": key})
    return None


def _among(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    """Within one entry, one list names only what another names (a market tile's coin fields sit beside
    goods the tile demands)."""
    for name, entry in values[check["fact"]].items():
        if not isinstance(entry, dict):
            continue
        outside = [x for x in entry.get(check["list"]) or () if x not in (entry.get(check["in"]) or ())]
        if outside:
            return (f"{check['fact']}/{name} names {outside[0]!r} in {check['list']} but not in {check['in']}",
                    {"text": check.get("text", "among"), "entry": name, "item": outside[0],
                     "list": check["list"], "among": check["in"]})
    return None


def _connected(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    """The pairs of F (roads) join all of 0..bound-1 (cities) into one network."""
    count = int(_number(values, check["bound"]))
    links: dict[int, set[int]] = {c: set() for c in range(count)}
    for pair in values[check["fact"]]:
        a, b = (int(x) for x in pair)
        if a in links and b in links:
            links[a].add(b)
            links[b].add(a)
    reached, todo = {0}, [0]
    while todo:
        for n in links[todo.pop()] - reached:
            reached.add(n)
            todo.append(n)
    alone = sorted(set(links) - reached)
    return None if not alone or count == 0 else (f"city {alone[0]} cannot be reached by any road", {"bad": alone[0]})


def _even(check: dict[str, Any], values: dict[str, Any]) -> Problem | None:
    n = _number(values, check["fact"])
    return None if int(n) % 2 == 0 else (f"{check['fact']} is {n}; the rules need an even number", {"got": n})


KINDS: dict[str, Callable[[dict[str, Any], dict[str, Any]], Problem | None]] = {
    "length": _length, "keys": _keys, "below": _below, "within": _within, "sum": _sum, "order": _order,
    "counted": _counted, "at_most": _at_most, "connected": _connected, "even": _even,
    "among": _among,
}


def facts_read(check: dict[str, Any]) -> set[str]:
    refs = [check.get("fact"), check.get("of"), *check.get("plus", ())]
    refs += [check.get(k) for k in ("equals", "at_least", "to", "bound") if isinstance(check.get(k), str)]
    return {r for r in refs if isinstance(r, str)}


def run(check: dict[str, Any], values: dict[str, Any], changed: set[str], box: str = "") -> None:
    """Refuse the profile when `check` fails; checks that read no changed fact are skipped. The refusal's
    parameters say which check failed and with what numbers (`check`, `box`, ...), so a screen can give the
    reason in the reader's words (companion.i18n.labels.error_text); `problem` is the English reason."""
    if not facts_read(check) & changed:
        return
    found = KINDS[check["kind"]](check, values)
    if found is not None:
        problem, detail = found
        facts = sorted(facts_read(check))
        raise SetupError("profile.inconsistent", f"The box facts {', '.join(facts)} do not fit together: {problem}.",
                         key=check["fact"], facts=", ".join(facts), problem=problem, box=box,
                         check=detail.pop("text", check.get("text", check["kind"])), read=facts, **detail)


def refuse(box: str, check: str, problem: str, key: str, read: list[str], **detail: Any) -> SetupError:
    """An engine's own consistency refusal, shaped like `run`'s so it reads in the reader's words: `check` names
    its catalog text ("profile.check.<check>"), `detail` the numbers and facts that text names."""
    return SetupError("profile.inconsistent", f"The box facts {', '.join(read)} do not fit together: {problem}.",
                      key=key, facts=", ".join(read), problem=problem, box=box, check=check, read=read, **detail)

