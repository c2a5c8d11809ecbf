"""Render every text a random playout produces (events, options, decision kinds, instructions) and find
what a reader must never see: a missing key, an unfilled placeholder, raw field text, a wrong plural
for 1, a button longer than 120 characters. Shared by the test and by `python -m tests.i18n.render_check`."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from companion.core import Session
from companion.core.chance import pick
from companion.core.registry import get_game, manifest
from companion.i18n import LANGUAGES, has, labels

PLAYS: list[tuple[str, dict[str, Any]]] = [
    ("gugong", {"players": ["Anna", "Ben"]}),
    ("gugong", {"players": ["Anna", "Ben", "Cleo"], "bonus_tiles": True}),
    ("gugong", {"players": ["Anna", "Ben", "Cleo"], "table_entry": True}),  # as the app starts a game
    ("gugong", {"players": ["Anna", "Ben", "Cleo", "Dirk"], "expert": True}),
    ("gugong-solo", {"players": ["Anna"]}),
    ("dragon", {"players": ["Anna", "Ben", "Cleo"]}),
    ("dragon", {"players": ["Anna", "Ben", "Cleo"], "great_wall": True, "super_event": "random"}),
    ("yinzi", {"players": ["Anna", "Ben", "Cleo"]}),
    ("yinzi", {"players": ["Anna", "Ben"]}),
    ("yinzi", {"players": ["Anna", "Ben", "Cleo"], "table_entry": True}),  # as the app starts a game
    ("yinzi", {"players": ["Anna", "Ben"], "table_entry": True}),  # two players may turn up a crop put back
]
ENTER_SEEN = 0.3  # with table entry: how often the table enters "Something else…" where it may
MAX_BUTTON = 120
UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
RAW = re.compile(
    r"\b(detail|opt|target|loc) ,|\b\w+=\S|\((card|die|tile|face|city) [^()]*, (loc|detail|opt|target|city)\b"
)
PLURAL_ONE = re.compile(
    r"(?<![\d.,])1 (servants|workers|Dienaren|dienaren|arbeiders|cards|Karten|kaarten|points|Punkte"
    r"|punten"
    r"|coins|Münzen|munten|VPs|tiles|tegels|helmets|Helme|helmen|persons|Personen|personen"
    r"|steps|Schritte|stappen|people|ships|boats|Boote|boten|cubes|dobbelstenen|symbols|Symbole|symbolen)\b"
    r"|\w\((s|e|en|n)\)|/-\w|\b0\.0 (of|von|van)\b|\b\d+\.0 (of|von|van)\b"
)


@dataclass(frozen=True)
class Found:
    game: str
    lang: str
    what: str  # "event" | "option" | "kind" | "instruction" | "undo"
    key: str
    text: str
    problem: str


def _problems(text: str, button: bool) -> Iterator[str]:
    if UNFILLED.search(text):
        yield "unfilled placeholder"
    if RAW.search(text):
        yield "raw field text"
    if PLURAL_ONE.search(text):
        yield "wrong plural"
    if button and len(text) > MAX_BUTTON:
        yield f"button over {MAX_BUTTON} characters"


def _option_keys(game: str, decision: Any, action: dict[str, Any]) -> list[str]:
    kind_type = str(action.get("type", "?"))
    base = game.split("-", 1)[0]
    return [f"{decision.kind}.{kind_type}", f"{game}.action.{kind_type}", f"{game}.{kind_type}",
            f"{base}.action.{kind_type}"]


def texts_of(
    game: str, session: Session, decision: Any, events: list[Any], lang: str, action: dict[str, Any] | None = None
) -> Iterator[tuple[str, str, str, bool]]:
    """(what, key, text, is a button) for one step: the decision asked, its options, the events (or, for a step
    without any, the log's line for the action), the table steps."""
    players = session.setup["players"]
    names = [*(session.setup.get("names") or [p if isinstance(p, str) else p.get("name") for p in players]), "Meng"]
    describe = labels.describer(game, session.setup, session.game.to_json(session.state), lang)
    if decision is not None:
        yield "kind", decision.kind, labels.kind_label(decision.kind, lang, decision.params, names, describe), False
        for action in decision.options[:40]:
            keys = _option_keys(game, decision, action)
            key = next((k for k in keys if has(k, lang)), keys[0])
            yield "option", key, labels.option_label(game, decision, action, lang, names, describe), True
    for e in events:
        yield "event", e.code, labels.event_text(e, lang, names, describe), False
    if action is not None and not events:  # the log shows the action itself
        kind_type, base = str(action.get("type")), game.split("-", 1)[0]
        key = next((k for k in (f"{game}.action.{kind_type}", f"{base}.action.{kind_type}") if has(k, lang)),
                   f"{base}.action.{kind_type}")
        yield "log", key, labels.action_text(game, action, lang, names, describe), False
    for ins in manifest(game).instructions(events):
        yield "instruction", ins.code, labels.instruction_text(ins, lang, names, describe), False
        yield "undo", ins.undo_code, labels.instruction_text(ins, lang, names, describe, undo=True), False


def missing_key(what: str, key: str, lang: str) -> bool:
    if what == "option":
        return False  # checked by the keys tried (see below)
    return not has(key, lang)


def check_play(game: str, setup: dict[str, Any], seed: int, steps: int = 400) -> list[Found]:
    found: list[Found] = []
    session = Session.new(get_game(game), {**setup, "seed": seed})
    rng = random.Random(seed)
    for ins in manifest(game).setup_instructions(session.setup):
        for lang in LANGUAGES:
            for what, code, undo in (("instruction", ins.code, False),):
                text = labels.instruction_text(ins, lang, [*setup["players"], "Meng"], None, undo=undo)
                found += _report(game, lang, what, code, text, False)
    for _ in range(steps):
        decision = session.decision
        if decision is None:
            break
        action = pick(decision, rng)
        entered = [o for o in decision.options if "seen" in o] if setup.get("table_entry") else []
        if entered and rng.random() < ENTER_SEEN:  # what only the table enters: its events are read too
            action = rng.choice(entered)
        events = session.act(action)
        for lang in LANGUAGES:
            for what, key, text, button in texts_of(game, session, decision, events, lang, action):
                found += _report(game, lang, what, key, text, button)
                kind_type = {"type": key.rsplit(".", 1)[-1]}
                if what == "option" and not any(has(k, lang) for k in _option_keys(game, decision, kind_type)):
                    found.append(Found(game, lang, what, key, text, "missing key"))
    return found


def _report(game: str, lang: str, what: str, key: str, text: str, button: bool) -> list[Found]:
    out = [Found(game, lang, what, key, text, p) for p in _problems(text, button)]
    if missing_key(what, key, lang):
        out.append(Found(game, lang, what, key, text, "missing key"))
    return out


def check_all(seeds: tuple[int, ...] = (1,), steps: int = 400) -> list[Found]:
    out: list[Found] = []
    for game, setup in PLAYS:
        for seed in seeds:
            out += check_play(game, setup, seed, steps)
    return out


if __name__ == "__main__":
    import sys

    seen: set[tuple[str, str, str]] = set()
    for f in check_all(tuple(int(s) for s in sys.argv[1:]) or (1,)):
        if (f.lang, f.key, f.problem) not in seen:
            seen.add((f.lang, f.key, f.problem))
            print(f"{f.game}\t{f.lang}\t{f.what}\t{f.key}\t{f.problem}\t{f.text[:160]}")
