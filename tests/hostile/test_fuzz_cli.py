"""Fuzz: command lines (`python -m companion ...`): every outcome is a result with exit 0 or exactly
one "error: ..." line on stderr with exit 2; never a traceback, never exit 3 (an internal error)."""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from companion.cli import main
from companion.core import codec
from companion.core.errors import CompanionError

from .fuzzing import GAMES, fuzz_tests, played, save_of, tokens
from .outcomes import Recorder
from .strategies import ODD_TEXTS

ROOT = Path(__file__).resolve().parents[2]


@cache
def files() -> dict[str, str]:
    """Files the command lines name: good ones, broken ones, and places that cannot be written."""
    tmp = Path(tempfile.mkdtemp(prefix="hostile-cli-"))
    setup, log = played("gugong")
    made = {
        "gugong_table": (ROOT / "examples" / "gugong-end-table-example.json").read_bytes(),
        "dragon_table": (ROOT / "tests" / "dragon" / "data" / "benno_end_table.json").read_bytes(),
        "save": json.dumps(save_of("gugong", setup, list(log))).encode(),
        "token": tokens("dragon")[-1].encode(),
        "latin1": '{"players": [{"name": "Jürgen"}]}'.encode("latin-1"),
        "deep": b"[" * 100_000,
        "huge_vp": b'{"format": "gugong-end-table", "version": 1, "players": [{"name": "A", "vp": 1' + b"0" * 400
                   + b', "envoy_steps": 0, "jade": 0, "intrigue": 0}]}',
        "nested": json.dumps({"players": [[[[{"name": "A"}]]]]}).encode(),
        "empty": b"",
        "big": b" " * 3_000_000,
    }
    out = {name: str(tmp / f"{name}.json") for name in made}
    for name, data in made.items():
        Path(out[name]).write_bytes(data)
    out.update(directory=str(tmp), missing=str(tmp / "nope.json"), full="/dev/full", pdf=str(tmp / "out.pdf"))
    return out


def _file(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(sorted(files().values())))


values = st.one_of(st.sampled_from(["-1", "0", "1", "2", "10" + "0" * 400, "abc", "", "1e9", "1.5", *ODD_TEXTS[:14],
                                    "https://" + "x" * 5000, "http://localhost:8501", "ftp://x"]),
                   st.text(max_size=12))


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    kind = draw(st.sampled_from(["score", "replay", "simulate", "print", "junk"]))
    if kind == "score":
        argv = ["score", draw(st.sampled_from(["gugong", "dragon", "yinzi", "gugong-solo", "x"])), _file(draw)]
    elif kind == "replay":
        argv = ["replay", _file(draw)]
    elif kind == "simulate":
        argv = ["simulate", draw(st.sampled_from([*GAMES, "nope"])), "--games", "1"]
        argv += draw(st.lists(st.sampled_from(["--games", "--players", "--seed", "--json", "--wall"]), max_size=3))
    elif kind == "print":
        argv = ["print", draw(st.sampled_from(["pad", "aid", "sheet", "x"])), draw(st.sampled_from(GAMES)),
                "-o", draw(st.sampled_from([files()["pdf"], files()["directory"], files()["full"]]))]
        argv += draw(st.lists(st.sampled_from(["--base-url", "--players", "--lang", "--save", "--paper"]), max_size=2))
    else:
        argv = draw(st.lists(values, max_size=5))
    extra = []
    for arg in argv:
        extra.append(arg)
        if arg in ("--games", "--players", "--seed", "--base-url", "--lang", "--paper"):
            extra.append(draw(values))
        elif arg == "--save":
            extra.append(_file(draw))
    if draw(st.booleans()):
        extra.append("--json")
    return extra


def run_cli(argv: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:  # --help of a game's parser
            code = exit_.code if isinstance(exit_.code, int) else 2
    lines = err.getvalue().splitlines()
    if "Traceback" in err.getvalue() + out.getvalue():
        raise AssertionError(f"a traceback was shown for {argv}")
    if code == 0:
        return
    if code == 2 and ((len(lines) == 1 and lines[0].startswith("error: ")) or not lines):
        raise CompanionError("cli_refused", lines[0] if lines else "usage shown")
    raise AssertionError(f"exit {code} with stderr {err.getvalue()[:500]!r}")


def check(recorder: Recorder, argv: Any) -> None:
    recorder.run(lambda: run_cli(argv), argv)


test_cli_fuzz, test_cli_soak = fuzz_tests("CLI arguments (companion.cli.main)", command_lines(), check, 70)


def test_the_files_the_cli_fuzz_names_are_there() -> None:
    assert Path(files()["save"]).stat().st_size > 100
    assert codec.loads(Path(files()["save"]).read_bytes()).log
