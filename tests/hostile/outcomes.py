"""Counting what hostile inputs do: refused with a message, accepted, crashed, or too slow.

Every fuzz test sends each input through `Recorder.run`. A crash is any exception other than the
project's own CompanionError types; a refusal must carry a code and a message with no unfilled
"{placeholder}". No step of an input (a load, a setup, one move) may take more than `SLOW` seconds of
CPU time of its thread (the work it causes; wall time would also count whatever else the machine
runs); a slow input is run a second time, and counts as slow only if it is slow again. Counts per input path are written
to RESULTS (one file per process, so xdist workers add up) and printed by `report.py`.

A crash inside the shared layers (core, CLI) fails the test at once, and hypothesis shrinks the
input. A crash raised inside a game's own package is counted and listed (`engine_crashes`, where
it happened and one input); the test is then an expected failure (xfail) with that list as its
reason, and the table shows the crashes. HOSTILE_STRICT=1 makes it a failure.
"""

from __future__ import annotations

import gc
import json
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.i18n import LANGUAGES, catalog, placeholders
from companion.i18n.labels import error_text

SLOW = 1.0  # seconds: no input may hold a thread longer
RESULTS = Path(os.environ.get("HOSTILE_RESULTS", Path(__file__).resolve().parents[2] / ".hostile"))
COLUMNS = ("inputs", "refused", "accepted", "crashes", "over_1s")


@dataclass
class Tally:
    inputs: int = 0
    refused: int = 0
    accepted: int = 0
    crashes: int = 0
    over_1s: int = 0
    slowest: float = 0.0
    codes: dict[str, int] = field(default_factory=dict)
    engine_crashes: dict[str, list[Any]] = field(default_factory=dict)  # where -> [count, one input]


class Crash(AssertionError):
    """An input that crashed or was too slow: hypothesis shrinks it and the test fails with it."""


class Recorder:
    def __init__(self, path: str) -> None:
        self.path = path
        self.tally = Tally()
        self._slow_step = 0.0

    def run(self, what: Callable[[], Any], show: Any = None, steps: bool = False) -> str:
        """Run one input; returns "accepted", "refused" or "crash" (inside an engine); raises Crash for
        any other crash, and for an input slow twice in a row (once may be the machine, not the input).
        `steps`: `what` times its own steps through `timed` (a setup, then each move of a whole game)."""
        self.tally.inputs += 1
        outcome = self._once(what, show, steps)
        if self._slow_step > SLOW:
            gc.collect()
            self._once(what, show, steps, again=True)
            if self._slow_step > SLOW:
                self.tally.over_1s += 1
                self.save()
                raise Crash(f"{self.path}: one step of this input took {self._slow_step:.2f} s of CPU twice "
                            f"(limit {SLOW} s): {_show(show)}")
        if outcome != "crash":
            setattr(self.tally, outcome, getattr(self.tally, outcome) + 1)
        return outcome

    def _once(self, what: Callable[[], Any], show: Any, steps: bool, again: bool = False) -> str:
        self._slow_step = 0.0
        start = time.thread_time()
        try:
            what()
            outcome = "accepted"
        except Crash:
            raise
        except CompanionError as err:
            outcome = "refused"
            if not again:
                self.tally.codes[err.code] = self.tally.codes.get(err.code, 0) + 1
            unclear = _unclear(err)
            if unclear:
                self._crash(f"refusal without a clear message: {unclear}", show)
        except Exception as err:
            where = _engine_frame(err)
            if where is None:
                self._crash(f"{type(err).__name__}: {str(err)[:300]}\n{traceback.format_exc(limit=-4)}", show)
            outcome = "crash"
            if not again:
                self.tally.crashes += 1
                entry = self.tally.engine_crashes.setdefault(f"{where} {type(err).__name__}: {str(err)[:80]}",
                                                             [0, _show(show)[:300]])
                entry[0] += 1
        if not steps:
            self.timed(time.thread_time() - start)
        return outcome

    def timed(self, seconds: float, show: Any = None) -> None:
        """Count a step that took `seconds` of CPU (an input may be several: a setup, then each move)."""
        self.tally.slowest = max(self.tally.slowest, seconds)
        self._slow_step = max(self._slow_step, seconds)

    def _crash(self, what: str, show: Any) -> None:
        self.tally.crashes += 1
        self.save()
        raise Crash(f"{self.path}: crash on {_show(show)}\n{what}")

    def save(self) -> None:
        RESULTS.mkdir(parents=True, exist_ok=True)
        out = RESULTS / f"{self.path.replace(' ', '_').replace('/', '-')}.{os.getpid()}.{id(self)}.json"
        out.write_text(json.dumps({"path": self.path, **asdict(self.tally)}), encoding="utf-8")


def _unclear(err: CompanionError) -> str:
    """What is unclear about a refusal as a player reads it (in every language); "" when nothing is."""
    if not err.code or not err.message.strip():
        return f"no code or message: {err.code!r} {err.message!r}"
    for lang in LANGUAGES:
        text = error_text(err, lang)
        template = catalog(lang).get(err.code) or catalog("en").get(err.code) or ""
        unfilled = [p for p in placeholders(template) if "{" + p + "}" in text and p not in err.params]
        if not text.strip() or unfilled:
            return f"{lang}: {text!r}"
    return ""


ENGINES = ("gugong", "dragon", "yinzi")


def _engine_frame(err: BaseException) -> str | None:
    """"package/module.py:line" when the innermost frame of the project is in a game's package."""
    frames = [f for f in traceback.extract_tb(err.__traceback__) if "/companion/" in f.filename]
    if not frames:
        return None
    rel = frames[-1].filename.split("/companion/", 1)[1]
    return f"{rel}:{frames[-1].lineno}" if rel.split("/", 1)[0] in ENGINES else None


def engine_crash_report(tally: Tally) -> str:
    lines = [f"{n} x {where}\n    e.g. {example}" for where, (n, example) in sorted(tally.engine_crashes.items())]
    return "crashes inside the engines (each needs an engine change):\n" + "\n".join(lines)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 600 else text[:600] + f"… ({len(text)} characters)"


def collect() -> dict[str, Tally]:
    """The counts of every recorder that wrote to RESULTS, added up per input path."""
    totals: dict[str, Tally] = {}
    for file in sorted(RESULTS.glob("*.json")) if RESULTS.is_dir() else ():
        data = json.loads(file.read_text(encoding="utf-8"))
        tally = totals.setdefault(data["path"], Tally())
        for column in COLUMNS:
            setattr(tally, column, getattr(tally, column) + data[column])
        tally.slowest = max(tally.slowest, data["slowest"])
        for code, n in data["codes"].items():
            tally.codes[code] = tally.codes.get(code, 0) + n
        for where, (n, example) in data["engine_crashes"].items():
            tally.engine_crashes.setdefault(where, [0, example])[0] += n
    return totals


def table(totals: dict[str, Tally]) -> str:
    head = f"{'input path':<34}" + "".join(f"{c:>10}" for c in COLUMNS) + f"{'slowest':>10}"
    lines = [head, "-" * len(head)]
    for path, t in sorted(totals.items()):
        lines.append(f"{path:<34}" + "".join(f"{getattr(t, c):>10,}" for c in COLUMNS) + f"{t.slowest:>9.2f}s")
    return "\n".join(lines)
