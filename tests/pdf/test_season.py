"""The printable season summary (issue 16): `python -m companion print season [GAME] [--from] [--to]` draws
companion.stats.season.season_summary of the stored results: per player plays, wins and win rate with
competitive and solo plays apart, per player and game average and best, each player's best plays. Checked on
the fixed 30-result fixture (tests/stats/fixture.py, counted by hand there)."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.i18n import t
from companion.storage import open_store
from tests.stats.fixture import store_all

from .conftest import read, squash, text_of


@pytest.fixture
def stored(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    with open_store() as s:
        store_all(s)
    return tmp_path


def _season(tmp_path, capsys, *args: str) -> str:
    out = tmp_path / "season.pdf"
    assert main(["print", "season", *args, "-o", str(out)]) == 0, capsys.readouterr().err
    return text_of(out.read_bytes())


@pytest.mark.parametrize(("lang", "rate", "day"), [("en", "73 %", "2026-01-12"), ("de", "73 %", "12.01.2026"),
                                                   ("nl", "73 %", "12-01-2026")])
def test_season_prints_players_rates_apart_and_best_plays(stored, tmp_path, capsys, lang, rate, day):
    text = _season(tmp_path, capsys, "--from", "2026-01-01", "--to", "2026-01-31", "--lang", lang)
    found = squash(text)
    assert squash(t("print.season.title", lang)) in found and squash(t("print.season.plays", lang, n=30,
                                                                         games="")).rstrip(":") in found
    competitive, solo = t("stats.mode.competitive", lang), t("stats.mode.solo", lang)
    assert squash(competitive) in found and squash(solo) in found
    assert found.index(squash(competitive)) < found.index(squash(solo))  # two tables, never one blended rate
    assert squash(f"Ben 22 16 2 {rate}") in found  # Ben: 22 competitive plays, 16 wins (2 shared)
    assert squash("Anna 8 5 1 63 %") in found  # Anna solo: 8 plays, 5 wins (play 5 shared with Meng)
    assert squash(f"Anna {t('ui.game.gugong', lang)} {day} 52") in found  # her best Gùgōng play
    assert squash(t("print.season.best", lang)) in found and squash(t("print.season.apart", lang)) in found


def test_season_period_and_game_filter(stored, tmp_path, capsys):
    late = squash(_season(tmp_path, capsys, "--from", "2026-01-23"))
    assert squash("8 plays") in late and squash(t("stats.mode.competitive", "en")) not in late
    dragon = squash(_season(tmp_path, capsys, "dragon"))
    assert squash("10 plays") in dragon and "Anna" not in dragon


def test_season_without_results_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert squash(t("print.season.none", "nl")) in squash(_season(tmp_path, capsys, "--lang", "nl"))


def test_season_is_one_deterministic_pdf(stored, tmp_path, capsys):
    first = (_season(tmp_path, capsys), (tmp_path / "season.pdf").read_bytes())[1]
    _season(tmp_path, capsys)
    assert (tmp_path / "season.pdf").read_bytes() == first and len(read(first).pages) >= 1


@pytest.mark.parametrize(("argv", "message"), [
    (["--from", "2026-02-01", "--to", "2026-01-01"], "comes after"),
    (["--from", "1.2.2026"], "YYYY-MM-DD"),
    (["chess"], "Unknown game 'chess'"),
])
def test_season_refuses_bad_arguments_in_one_line(stored, tmp_path, capsys, argv, message):
    assert main(["print", "season", *argv, "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_other_printables_still_need_a_game(tmp_path, capsys):
    assert main(["print", "pad", "-o", str(tmp_path / "x.pdf")]) == 2
    assert "needs a game" in capsys.readouterr().err
