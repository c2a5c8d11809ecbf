"""In the Year of the Dragon's and Yinzi's words (companion.i18n.words.dragon / .yinzi): one vocabulary for
the app, the printables and the CLI. The printed score sheet and game log of a tracked game read like the
app's log: player names, person tiles, cards, provinces and goods in the rulebooks' terms, in en/de/nl,
never a raw snake_case code, a catalog key or an unfilled "{...}".
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.core import Session
from companion.core.game import apply
from companion.core.playout import playout
from companion.core.profile import load_default
from companion.core.registry import get_game
from companion.i18n import LANGUAGES, labels, t
from companion.i18n.words import dragon as dragon_words
from companion.i18n.words import yinzi as yinzi_words
from tests.pdf.conftest import squash, text_of

NAMES = ["Anna", "Björn", "Joĳ"]
# a snake_case code, a dotted catalog key, a person tile code ("farmer:old"), a missing value, a "{...}"
RAW = re.compile(r"[{}]|\b[a-z]+_[a-z0-9_]+\b|\b[a-z_]+\.[a-z_]+(\.[a-z_]+)*\b|:(young|old)\b|\bNone\b")
ALLOWED = {"exchange.rates"}  # the Yinzi legend names the box-check fact the owner enters on purpose
SETUPS = {
    "dragon": {"players": NAMES, "great_wall": True, "super_event": "earthquake"},
    "yinzi": {"players": NAMES},
}
DRAGON_DATA = Path(__file__).resolve().parents[1] / "dragon" / "data"


def _game(name: str):
    return get_game(name)


def _session(name: str, setup: dict) -> Session:
    game = _game(name)
    result = playout(game, setup, seed=3)
    return Session.from_log(game, result.setup, result.log)


@pytest.fixture(scope="module")
def sessions() -> dict[str, Session]:
    """One whole random game each, to the final scoring."""
    return {name: _session(name, setup) for name, setup in SETUPS.items()}


@pytest.fixture(scope="module")
def sheet_text(sessions):
    """The printed sheet's text of `sessions[name]` in `lang`, built once for the module's tests."""
    from companion.pdf.sheet import build_sheet

    built: dict[tuple[str, str], str] = {}

    def text(name: str, lang: str) -> str:
        if (name, lang) not in built:
            built[name, lang] = text_of(build_sheet(sessions[name], lang, "a4", base_url=""))
        return built[name, lang]

    return text


@pytest.fixture(scope="module")
def replayed(sessions):
    """Each game's log replayed once: (state as JSON, decision, action, events) per step, shared by languages."""
    out = {}
    for name, session in sessions.items():
        game, steps = session.game, []
        state = game.initial_state(session.setup)
        for action in session.log:
            decision = game.decision(state)
            before = game.to_json(state)
            state, events = apply(game, state, action)
            steps.append((before, decision, action, events))
        out[name] = steps
    return out


def _raw_codes(text: str) -> set[str]:
    return {m.group(0) for m in RAW.finditer(text)} - ALLOWED


def test_words_modules_and_printables_import_no_streamlit():
    code = (
        "import sys, companion.i18n.words.dragon, companion.i18n.words.yinzi, companion.pdf.sheet; "
        "sys.exit('streamlit' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_app_and_the_printables_use_one_describe():
    """The board modules keep no words of their own: they hand on the words modules' functions, and
    companion.i18n.labels (the app's widgets.describer and the printed log) finds them per game."""
    from companion.ui.boards import dragon as dragon_board
    from companion.ui.boards import yinzi as yinzi_board

    assert labels.words_module("dragon") is dragon_words and labels.words_module("yinzi") is yinzi_words
    assert dragon_board.describe is dragon_words.describe and dragon_board.tile_word is dragon_words.tile_word
    assert yinzi_board.describe is yinzi_words.describe and yinzi_board.word is yinzi_words.word
    hook = labels.describer("dragon", {}, {"players": [{"name": "Anna"}]}, "de")
    assert hook is not None
    assert hook({"tile": "farmer:old", "card": "taxes"}) == {"tile": "Bauer (älter)", "card": "Steuer",
                                                             "does": " (2 Yuan + 1 je Münze deiner Steuereintreiber)"}
    hook = labels.describer("yinzi", {}, {"players": [{"name": "Anna"}]}, "nl")
    assert hook is not None and hook({"owner": 0})["owner"] == "Anna"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_printed_sheet_and_log_read_as_words(sessions, sheet_text, replayed, name, lang):
    """Every step of the printed log is the app's text: the decision, the option taken and its events."""
    session = sessions[name]
    found = sheet_text(name, lang)
    assert not _raw_codes(found), sorted(_raw_codes(found))[:10]
    for who in ("Anna", "Björn"):
        assert who in found
    expected = []
    for state_json, decision, action, events in replayed[name]:
        describe = labels.describer(name, session.setup, state_json, lang)
        assert describe is not None
        expected.append(labels.action_text(name, action, lang, NAMES, describe, decision))
        expected += [labels.event_text(e, lang, NAMES, describe) for e in events]
    assert len(expected) > 300
    squashed = squash(found.replace("Joij", "Joĳ"))  # the PDF's text layer spells the "ĳ" ligature out
    missing = [text for text in expected if squash(text) not in squashed]
    assert not missing, missing[:5]
    assert not [text for text in expected if _raw_codes(text)]


def test_dragon_log_names_persons_cards_and_players(sheet_text):
    found = squash(sheet_text("dragon", "en"))  # the module's Dragon game: _session("dragon", SETUPS["dragon"])
    for words in ("(younger)", "Which event lies on the next field of the event track?", "Anna takes"):
        assert squash(words) in found
    for raw in ("young", "dragon.", "monk:", "farmer:"):
        assert raw not in found.replace("younger", "")


def test_yinzi_placeholder_rates_are_marked_and_explained_until_the_owner_enters_them(sessions, sheet_text):
    from companion.pdf.sheet import build_sheet
    from companion.yinzi.commands import score_table

    legend = squash(t("yinzi.ui.placeholders", "en", mark="?"))
    default = sessions["yinzi"]
    found = squash(sheet_text("yinzi", "en"))
    assert legend in found and re.search(r"exchangerate\d+\?copper", found)  # "Round 1 ends; exchange rate 10?"
    sheet = default.game.score(default.state)
    # the marked cells are the sheet's own (ScoreRow.unverified): the boat levels and the silver row among them
    cells = labels.placeholder_cells("yinzi", sheet, default.setup)
    assert cells == {(r, i) for r, row in enumerate(sheet.rows) for i in range(3) if row.facts_behind(i)}
    boats = next(r for r, row in enumerate(sheet.rows) if row.code == "yinzi.row_boats")
    silver = next(r for r, row in enumerate(sheet.rows) if row.code == yinzi_words.SILVER_ROW)
    assert {(boats, p) for p in range(3)} <= cells
    assert {(silver, p) for p in range(3) if default.state.players[p].copper} <= cells
    typed = score_table({"exchange_rate": 10, "players": [{"name": "A", "copper": 25}, {"name": "B"}]})
    assert labels.placeholder_cells("yinzi", typed, {}) == set()  # a quick-score pad: the table typed the rate

    box = load_default("yinzi")
    shown = ("exchange.rates", "boat.capacities", "crops.track_costs", "infra.tiles", "foreign_markets.vp")
    overrides = {key: box.value(key) for key in shown}  # every placeholder the sheet and its log can show
    owned = _session("yinzi", {**SETUPS["yinzi"], "profile": {"overrides": overrides}})
    found = squash(text_of(build_sheet(owned, "en", "a4", base_url="")))
    assert legend not in found and not re.search(r"\d\?", found)
    assert labels.placeholder_cells("yinzi", owned.game.score(owned.state), owned.setup) == set()


def test_cli_prints_the_tie_break_in_words(capsys, tmp_path):
    """`python -m companion score dragon FILE`: the tie-break as the app shows it, not its code and JSON."""
    data = json.loads((DRAGON_DATA / "benno_end_table.json").read_text(encoding="utf-8"))
    data["players"][0]["vp"] = 89  # 89 + 8 persons = 97, as Benno's 72 + 25 (tests/dragon/test_i18n_and_cli.py)
    data["great_wall"] = {"complete": True}
    data["players"][0]["wall_pieces"] = data["players"][1]["wall_pieces"] = 0
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "dragon", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Tie broken by the person track." in out and "Tie-break: Tie" not in out  # said once
    assert "dragon.tiebreak" not in out and "{" not in out
