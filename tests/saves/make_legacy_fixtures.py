"""How tests/saves/legacy/ was made: run once on main at 3844c16 (2026-11-26), before the engines
moved onto the core step stack. Each fixture is a save file and a token exactly as that main wrote
them, with the score sheet and summary it computed, so later engines prove they still load them.

    python tests/saves/make_legacy_fixtures.py
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.core import Session, codec
from companion.core.playout import playout
from companion.core.registry import get_game

OUT = Path(__file__).parent / "legacy"
NAMES = ["Anna", "Lisa", "David", "Sebastian", "Rafaël"]
CASES = [
    ("gugong", {"players": NAMES[:2]}, 11),
    ("gugong", {"players": NAMES[:3], "bonus_tiles": True}, 12),
    ("gugong", {"players": NAMES[:4], "expert": True}, 13),
    ("gugong", {"players": NAMES[:5], "bonus_tiles": True, "expert": True}, 14),
    ("gugong-solo", {"players": ["Anna"], "difficulty": "easy"}, 21),
    ("gugong-solo", {"players": ["Anna"], "difficulty": "normal", "night_rule": "at_least"}, 22),
    ("gugong-solo", {"players": ["Anna"], "difficulty": "hard", "focus": "wall"}, 23),
    ("dragon", {"players": NAMES[:2]}, 31),
    ("dragon", {"players": NAMES[:3], "wall": True}, 32),
    ("dragon", {"players": NAMES[:4], "super_event": "random"}, 33),
    ("dragon", {"players": NAMES[:5], "wall": True, "super_event": "random"}, 34),
    ("yinzi", {"players": NAMES[:2]}, 41),
    ("yinzi", {"players": NAMES[:3]}, 42),
    ("yinzi", {"players": NAMES[:4]}, 43),
]


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for game_name, setup, seed in CASES:
        game = get_game(game_name)
        result = playout(game, {**setup, "seed": seed}, seed)
        for cut in ("mid", "end"):
            log = result.log if cut == "end" else result.log[: len(result.log) // 2]
            session = Session.from_log(game, result.setup, log)
            record = {
                "save": codec.to_save(session),
                "token": codec.to_token(session),
                "score": game.score(session.state).to_dict(),
                "summary": game.summary(session.state),
                "over": session.is_over,
            }
            path = OUT / f"{game_name}-{len(result.setup['players'])}p-{seed}-{cut}.json"
            path.write_text(json.dumps(record, ensure_ascii=False, indent=None, sort_keys=True) + "\n",
                            encoding="utf-8")
            print(path.name, len(log), "actions")


if __name__ == "__main__":
    main()
