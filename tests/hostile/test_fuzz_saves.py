"""Fuzz: save files (app import, resume from storage, CLI replay) through codec.loads."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import strategies as st

from companion.core import codec

from .fuzzing import GAMES, fuzz_tests, played, save_of
from .outcomes import Recorder
from .strategies import ODD_TEXTS, mutated, odd

ACTION_ODDITIES = st.sampled_from([3.0, True, False, "3", None, -1, 10**40, [3], {"v": 3}, 0.5])


@st.composite
def save_texts(draw: st.DrawFn) -> str | bytes:
    name = draw(st.sampled_from(GAMES))
    setup, log = played(name)
    log = list(log[: draw(st.integers(0, len(log)))])
    save = save_of(name, setup, log)
    how = draw(st.sampled_from(["setup", "setup", "action", "field", "text", "wrap"]))
    if how == "setup":
        save["setup"] = draw(mutated(setup))
    elif how == "action" and log:
        i = draw(st.integers(0, len(log) - 1))
        action = dict(log[i])
        key = draw(st.sampled_from(sorted(action)))
        action[key] = draw(st.one_of(ACTION_ODDITIES, odd))
        save["log"] = [*log[:i], action, *log[i + 1:]]
    elif how == "field":
        save = draw(mutated(save))
    if draw(st.booleans()) and isinstance(save, dict) and isinstance(save.get("setup"), dict) and \
            isinstance(save.get("log"), list) and isinstance(save.get("game"), str | list):
        with contextlib.suppress(TypeError, ValueError, RecursionError):
            save["checksum"] = codec._checksum(save["game"], save["setup"], save["log"])  # reach the replay
    text = _dumps(save)
    if how == "text":
        cut = draw(st.integers(0, len(text)))
        text = draw(st.sampled_from([text[:cut], text[:cut] + draw(st.sampled_from(ODD_TEXTS)) + text[cut:],
                                     "[" * 100_000, '{"a":' + "1" * 5000 + "}", text.replace("2", "1e400", 1)]))
    if how == "wrap":
        return draw(st.sampled_from([text.encode("utf-16"), b"\xff\xfe" + text.encode(), text.encode()[:-1],
                                     "[" * 50_000 + "0" + "]" * 50_000]))
    return text


def _dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError):
        return "[" * 5000


def check(recorder: Recorder, text: str | bytes) -> None:
    recorder.run(lambda: codec.loads(text), text)


test_saves_fuzz, test_saves_soak = fuzz_tests("saves (codec.loads)", save_texts(), check)


def load(text: Any) -> None:  # for debugging scripts
    codec.loads(text)
