"""Gùgōng saves and tokens: round trips, and damaged, truncated or tampered ones refused with a message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core import SaveError, Session, codec
from companion.core.canonical import canonical_bytes
from companion.core.errors import SetupError
from companion.core.playout import playout
from companion.core.registry import get_game
from companion.gugong.editions import CURRENT, EDITIONS, ENTRY_ONLY
from companion.gugong.engine import GAME


@pytest.fixture(scope="module")
def session() -> Session:
    result = playout(GAME, {"players": ["Anna", "Lisa", "David"], "seed": 8, "bonus_tiles": True}, 8)
    return Session.from_log(GAME, result.setup, result.log[:150])


def same(a: Session, b: Session) -> bool:
    return canonical_bytes(GAME.to_json(a.state)) == canonical_bytes(GAME.to_json(b.state))


def test_save_and_token_round_trip_mid_game(session: Session):
    assert same(codec.loads(codec.dumps(session)), session)
    assert same(codec.from_token(codec.to_token(session)), session)
    overrides = {"dice_faces": [1, 2, 3, 4, 5, 6, 7, 8, 9]}
    owner = Session.new(GAME, {"players": ["Anna", "Lisa"], "profile": {"overrides": overrides}})
    owner.resolve_all_chance()
    assert codec.loads(codec.dumps(owner)).setup["profile"]["overrides"] == overrides


def test_tampered_truncated_and_corrupt_saves_are_refused(session: Session):
    text = codec.dumps(session)
    with pytest.raises(SaveError) as err:
        codec.loads(text[: len(text) // 2])
    assert err.value.code == "save_not_json"
    data = json.loads(text)
    data["log"][40] = {"type": "exchange", "card": 0, "loc": 0}
    with pytest.raises(SaveError) as err:
        codec.from_save(data)
    assert err.value.code == "save_checksum"
    data["checksum"] = codec._checksum(data["game"], data["setup"], data["log"])
    with pytest.raises(SaveError) as err:
        codec.from_save(data)
    assert err.value.code == "save_illegal_action" and "not legal" in err.value.message


def test_tampered_and_truncated_tokens_are_refused(session: Session):
    token = codec.to_token(session)
    with pytest.raises(SaveError):
        codec.from_token(token[:-10])
    flipped = token[:20] + ("A" if token[20] != "A" else "B") + token[21:]
    with pytest.raises(SaveError):
        codec.from_token(flipped)


# -- rules editions: a game keeps the rules it was started with ----------------------------------------
LEGACY = sorted((Path(__file__).parents[1] / "saves" / "legacy").glob("gugong*.json"))


@pytest.mark.parametrize("path", LEGACY, ids=[p.stem for p in LEGACY])
def test_a_game_saved_before_rules_editions_replays_by_edition_1(path):
    """The saves written before the rules were re-read (tests/saves/legacy/) have no "rules" in their setup:
    `saved_setup` makes them edition 1, whose steps they replay to the very same score sheet. (The codec calls
    `game.saved_setup` on a setup read back from a save or token once the core hook is in place.)"""
    record = json.loads(path.read_text(encoding="utf-8"))
    save = json.loads(record["save"]) if isinstance(record["save"], str) else record["save"]
    game = get_game(save["game"])
    setup = game.saved_setup(save["setup"])
    assert setup["rules"] == 1 and game.saved_setup({**save["setup"], "rules": 2})["rules"] == 2
    session = Session.from_log(game, setup, save["log"])
    rows = [{k: r[k] for k in ("code", "values", "params")} for r in game.score(session.state).to_dict()["rows"]]
    assert rows == record["score"]["rows"] and session.is_over == record["over"]
    assert codec.loads(codec.dumps(session)).setup["rules"] == 1  # saved again, it stays edition 1


def test_new_games_play_the_current_edition_and_refuse_unknown_ones():
    assert GAME.normalize_setup({"players": ["Anna", "Lisa"], "table_entry": True})["rules"] == CURRENT
    # without table entry a new game gets the newest edition it plays differently from (ruling M21): the same
    # game, the same save and simulation digests as before edition 5
    assert GAME.normalize_setup({"players": ["Anna", "Lisa"]})["rules"] == max(set(EDITIONS.all) - ENTRY_ONLY) < CURRENT
    with pytest.raises(SetupError) as err:
        GAME.normalize_setup({"players": ["Anna", "Lisa"], "rules": 7})
    assert err.value.code == "gugong.setup.rules"
