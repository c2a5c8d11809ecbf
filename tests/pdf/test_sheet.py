"""Filled score sheets and game logs: generic over ScoreSheet and Session, QR payload = resume token."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from companion.core import codec
from companion.core.errors import CompanionError
from companion.core.playout import playout
from companion.core.registry import get_game
from companion.core.session import Session
from companion.pdf import qr
from companion.pdf.commands import print_main
from companion.pdf.sheet import build_sheet, resume_payload
from companion.pdf.text import tr

from .conftest import read, squash, text_of

NAMES = ["Anna", "Joĳ", "Grüße 故"]


@pytest.fixture(scope="module")
def toy_session(toy_game):
    result = playout(toy_game, {"players": NAMES}, 3)
    assert result.completed
    return Session.from_log(toy_game, {"players": NAMES, "seed": 3}, result.log)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_toy_sheet_prints_names_rows_totals_winner_and_log(toy_session, lang):
    sheet = toy_session.game.score(toy_session.state)
    data = build_sheet(toy_session, lang, "a4")
    found = squash(text_of(data))
    for name in NAMES:
        assert squash(name) in found
    for total in sheet.totals:
        assert str(int(total)) in found
    assert squash(tr("pdf.sheet.final", lang)) in found
    assert squash(tr("pdf.kind.log", lang)) in found
    winner = NAMES[sheet.winners[0]]
    assert squash(tr("pdf.sheet.winner", lang, names=winner)) in found
    assert squash(tr("pdf.log.table", lang)) in found  # the dice rolls are the table's chance steps
    assert f"{len(toy_session.log)}" in found


def test_sheet_bytes_are_identical_on_repeated_builds(toy_session):
    assert build_sheet(toy_session, "nl", "letter") == build_sheet(toy_session, "nl", "letter")


def test_sheet_without_log_is_one_page(toy_session):
    assert len(read(build_sheet(toy_session, "en", "a4", with_log=False)).pages) == 1


def test_qr_payload_round_trips_through_the_token_codec(toy_session):
    payload = resume_payload(toy_session, "https://companion.example/app")
    assert payload.startswith("https://companion.example/app/?r=" + codec.TOKEN_PREFIX)
    back = codec.from_token(payload)  # the app accepts the whole link
    assert back.log == toy_session.log and back.setup == toy_session.setup
    bare = resume_payload(toy_session, "")
    assert bare == codec.to_token(toy_session)
    assert codec.from_token(bare).log == toy_session.log
    assert qr.matrix(payload)  # fits a QR code


@pytest.mark.skipif(not (shutil.which("zbarimg") and shutil.which("pdftoppm")), reason="zbarimg/pdftoppm missing")
def test_qr_image_decodes_to_the_resume_link(toy_session, tmp_path):
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(build_sheet(toy_session, "en", "a4", "http://localhost:8501", with_log=False))
    subprocess.run(["pdftoppm", "-r", "200", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "p")], check=True)
    png = next(tmp_path.glob("p*.png"))
    out = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True, check=True).stdout
    assert out.strip() == resume_payload(toy_session, "http://localhost:8501")
    assert codec.from_token(out.strip()).log == toy_session.log


@pytest.mark.skipif(not (shutil.which("zbarimg") and shutil.which("pdftoppm")), reason="zbarimg/pdftoppm missing")
def test_blank_pad_qr_decodes_to_the_quick_score_link(tmp_path):
    from companion.pdf.pad import build_pad

    pdf = tmp_path / "pad.pdf"
    pdf.write_bytes(build_pad("yinzi", "en", "letter", base_url="https://x.example"))
    subprocess.run(["pdftoppm", "-r", "200", "-png", str(pdf), str(tmp_path / "p")], check=True)
    out = subprocess.run(["zbarimg", "-q", "--raw", str(next(tmp_path.glob("p*.png")))], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "https://x.example/quick-score?game=yinzi"


ENGINE_SETUPS = {
    "gugong": {"players": ["Anna", "Björn", "Joĳ"], "seed": 7},
    "dragon": {"players": ["Anna", "Björn", "Joĳ", "Dörte"], "seed": 7},
    "yinzi": {"players": ["Anna", "Björn", "Joĳ"], "seed": 7},
}


@pytest.mark.parametrize("game_name", sorted(ENGINE_SETUPS))
def test_filled_sheet_from_a_random_playout_of_each_engine(game_name):
    """Print a finished random game of each real engine: rows, totals and names appear; the QR reopens it."""
    try:
        game = get_game(game_name)
        setup = ENGINE_SETUPS[game_name]
        result = playout(game, setup, 7, max_actions=5000)
    except CompanionError as err:
        pytest.skip(f"{game_name} engine not usable yet: {err}")
    assert result.completed
    session = Session.from_log(game, setup, result.log)
    sheet = game.score(session.state)
    data = build_sheet(session, "de", "a4")
    found = squash(text_of(data))
    for name in sheet.players:
        assert squash(name) in found
    assert squash(tr("pdf.sheet.final", "de")) in found
    for total in sheet.totals:
        assert squash(str(int(total)) if float(total).is_integer() else str(total)) in found
    assert codec.from_token(resume_payload(session)).log == session.log


def test_filled_sheet_of_a_solo_game_against_meng():
    from companion.gugong.solo.engine import GAME

    setup = {"players": ["Anna"], "difficulty": "normal", "seed": 5}
    result = playout(GAME, setup, 5, max_actions=5000)
    assert result.completed
    session = Session.from_log(GAME, setup, result.log)
    data = build_sheet(session, "nl", "a4", with_log=False)
    found = squash(text_of(data))
    assert squash("Gùgōng") in found  # the base game's title and colours
    for name in GAME.score(session.state).players:
        assert squash(name) in found
    assert codec.from_token(resume_payload(session)).log == session.log


def test_cli_prints_pad_aid_and_sheet(tmp_path, toy_session, capsys):
    assert print_main(["pad", "gugong", "--lang", "nl", "--players", "1", "-o", str(tmp_path / "pad.pdf")]) == 0
    assert print_main(["aid", "dragon", "--paper", "letter", "--crop-marks", "-o", str(tmp_path / "aid.pdf")]) == 0
    save = tmp_path / "game.json"
    save.write_text(codec.dumps(toy_session), encoding="utf-8")
    assert print_main(["sheet", toy_session.game.name, "--save", str(save), "-o", str(tmp_path / "s.pdf")]) == 0
    token = tmp_path / "game.token"
    token.write_text(codec.to_token(toy_session), encoding="utf-8")
    assert print_main(["sheet", toy_session.game.name, "--save", str(token), "--no-log", "--base-url", "",
                       "-o", str(tmp_path / "t.pdf")]) == 0
    assert len(read((tmp_path / "t.pdf").read_bytes()).pages) == 1
    assert "wrote" in capsys.readouterr().out
    with pytest.raises(CompanionError, match="not gugong"):
        print_main(["sheet", "gugong", "--save", str(save), "-o", str(tmp_path / "x.pdf")])
    with pytest.raises(CompanionError, match="needs --save"):
        print_main(["sheet", "gugong", "-o", str(tmp_path / "x.pdf")])
    with pytest.raises(CompanionError, match="2-4 players"):
        print_main(["pad", "yinzi", "--players", "5", "-o", str(tmp_path / "x.pdf")])


def test_main_cli_dispatches_print(tmp_path):
    from companion.cli import main

    assert main(["print", "pad", "dragon", "--players", "3", "-o", str(tmp_path / "d.pdf")]) == 0
    assert main(["print", "pad", "chess", "-o", str(tmp_path / "c.pdf")]) == 2
