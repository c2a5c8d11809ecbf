"""Edition 5 (ruling 40) asks less after the action; games of edition 4 replay as they were written: their logs
answer the `yinzi.after_action` questions edition 4 asked (with "end the turn"), and those answers still fit."""

from __future__ import annotations

from companion.core.canonical import canonical_bytes
from companion.core.playout import playout
from companion.core.replay import replay_log
from companion.yinzi.engine import GAME

NAMES = ["Anna", "Ben", "Cleo"]


def _asked_after(setup, log) -> int:
    """How many `yinzi.after_action` questions a replay of `log` meets."""
    session, asked = replay_log(GAME, setup, []), 0
    for action in log:
        asked += session.decision.kind == "yinzi.after_action"
        session.act(action)
    return asked


def test_an_edition_4_game_replays_with_its_end_the_turn_answers():
    for seed in range(3):
        setup = {"players": NAMES, "seed": seed, "rules": 4}
        game = playout(GAME, setup, seed=seed)
        ends = [a for a in game.log if a.get("type") == "end_turn"]
        if not ends:
            continue
        again = replay_log(GAME, game.setup, game.log)
        assert canonical_bytes(GAME.to_json(again.state)) == canonical_bytes(GAME.to_json(game.state))
        assert _asked_after(game.setup, game.log) >= len(ends), 'each "end the turn" answered such a question'
        return
    raise AssertionError("no edition-4 playout answered an after_action question")


def test_edition_5_asks_fewer_after_action_questions_than_edition_4():
    asked = {4: 0, 5: 0}
    for rules in asked:
        for seed in range(3):
            game = playout(GAME, {"players": NAMES, "seed": seed, "rules": rules}, seed=seed)
            asked[rules] += _asked_after(game.setup, game.log)
    assert asked[5] < asked[4], asked
