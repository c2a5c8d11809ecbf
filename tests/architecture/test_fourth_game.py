"""A fourth game needs nothing but its package and one registration: the toy game (Pig, on the core
step stack and phase table) registered through its manifest appears in the CLI and on Home."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from companion import cli
from companion.core import Session, codec
from companion.core.playout import playout
from companion.core.registry import game_names, manifest, register, unregister
from tests.core.toy_game import GAME, MANIFEST
from tests.ui.apphelpers import APP


def test_registered_toy_game_is_listed_after_the_real_ones():
    was_registered = "toy-pig" in game_names()  # other tests in this worker may have registered it
    unregister("toy-pig")
    assert "toy-pig" not in game_names()
    register(MANIFEST)
    try:
        assert game_names()[:4] == ["gugong", "gugong-solo", "dragon", "yinzi"]
        assert game_names()[-1] == "toy-pig" and manifest("toy-pig") is MANIFEST
    finally:
        if not was_registered:
            unregister("toy-pig")


def test_cli_simulates_and_replays_the_toy_game(tmp_path, capsys):
    register(MANIFEST)  # left registered: other tests in this worker use the toy game too
    assert cli.main(["simulate", "toy-pig", "--games", "3", "--seed", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "toy-pig" and report["completed"] == 3 and report["invariant_violations"] == 0
    result = playout(GAME, {"players": ["Ada", "Bo"], "seed": 2}, 2)
    save = tmp_path / "pig.json"
    save.write_text(codec.dumps(Session.from_log(GAME, result.setup, result.log)), encoding="utf-8")
    assert cli.main(["replay", str(save)]) == 0
    assert "toy-pig: " in capsys.readouterr().out


def test_home_offers_the_toy_game(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    register(MANIFEST)
    app = AppTest.from_file(APP, default_timeout=30)
    app.session_state["lang"] = "en"
    app.run()
    assert app.selectbox(key="new_game").options[-1] == "Toy pig"  # its name, humanized: no catalog entry
