"""Golden playthroughs per game and option set (companion.core.playthrough): a seeded random game, one line a
decision (`kind | options | chosen | events`), re-played and diffed line by line against tests/golden/*.txt.
Regenerate after an intended change with GOLDEN_UPDATE=1 and read the diff in review.

The same game is played once more through a Session and saved and loaded (companion.core.codec) at every
2ⁿ-th action: the loaded game must be the same state byte for byte."""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from companion.core import codec
from companion.core.canonical import canonical_bytes
from companion.core.playthrough import playthrough
from companion.core.registry import manifest
from companion.core.session import Session

HERE = Path(__file__).resolve().parent
NAMES = ["Anna", "Lisa", "David", "Sebastian", "Rafaël"]
# file name -> (game, players, options, seed)
CASES = {
    "gugong-2p": ("gugong", 2, {}, 11),
    "gugong-3p-bonus-expert": ("gugong", 3, {"bonus_tiles": True, "expert": True}, 12),
    "gugong-solo-hard": ("gugong-solo", 1, {"difficulty": "hard"}, 13),
    "dragon-2p": ("dragon", 2, {}, 14),
    "dragon-3p-wall-2007": ("dragon", 3, {"wall": True, "edition": "2007"}, 15),
    "yinzi-2p": ("yinzi", 2, {}, 16),
}


def setup_of(game: str, players: int, options: dict, seed: int) -> dict:
    m = manifest(game)
    colours = list(m.colours({}))
    seats = [{"name": NAMES[i], "colour": colours[i]} for i in range(players)]
    return m.setup_for(seats, options, seed)


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_equals_its_golden_file(name):
    game, players, options, seed = CASES[name]
    engine = manifest(game).engine
    head = f"# {game} | {players} players | {sorted(options.items())} | seed {seed}"
    lines = [head, *playthrough(engine, setup_of(game, players, options, seed), seed)]
    path = HERE / f"{name}.txt"
    if os.environ.get("GOLDEN_UPDATE"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: write it with GOLDEN_UPDATE=1 and review it"
    golden = path.read_text(encoding="utf-8").splitlines()
    diff = list(difflib.unified_diff(golden, lines, "golden", "now", lineterm="", n=1))
    assert not diff, "\n".join(diff[:40])
    assert lines[-1].startswith("end | "), "the golden game must reach its end"


@pytest.mark.parametrize("name", ["gugong-2p", "gugong-solo-hard", "dragon-2p", "yinzi-2p"])
def test_save_and_load_at_every_power_of_two(name):
    game, players, options, seed = CASES[name]
    engine = manifest(game).engine
    golden = (HERE / f"{name}.txt").read_text(encoding="utf-8").splitlines()[1:-1]
    session = Session.new(engine, setup_of(game, players, options, seed))

    for n, line in enumerate(golden, start=1):
        session.act(json.loads(line.split(" | ")[2]))
        if n & (n - 1) == 0:  # 1, 2, 4, 8, ...
            loaded = codec.loads(codec.dumps(session))
            assert canonical_bytes(engine.to_json(loaded.state)) == canonical_bytes(engine.to_json(session.state)), n
            assert loaded.log == session.log
    assert session.is_over
