"""A running game's provisional sheet says who is ahead, never who wins; a tie names every tied player."""

from __future__ import annotations

import re

import pytest

from companion.gugong.end_table import EndPlayer, EndTable
from companion.gugong.scoring import final_score
from companion.i18n import LANGUAGES
from companion.i18n.labels import note_text, top_players

WINS = {"en": r"\bwins?\b", "de": r"\bgewinnt\b", "nl": r"\bwint\b"}


def _tied(final: bool, space_b: int = 6):
    """Anna and Bert level on points; Bert further along the intrigue track. Both in the palace."""
    same = space_b == 4  # one intrigue space: Bert's marker lies on top of Anna's
    players = [EndPlayer(name="Anna", vp=30, intrigue=4, intrigue_height=1, envoy_steps=8, palace_arrival=1),
               EndPlayer(name="Bert", vp=32, intrigue=space_b, intrigue_height=2 if same else 1, envoy_steps=8,
                         palace_arrival=2),
               EndPlayer(name="Cleo", vp=3, intrigue=0, envoy_steps=8, palace_arrival=3)]
    return final_score(EndTable(players=players), final=final)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_running_tie_says_ahead_and_names_both(lang):
    sheet = _tied(final=False)
    texts = [note_text("gugong", n, lang, sheet.players, final=False) for n in sheet.notes]
    tie = [s for s in texts if "Anna" in s and "Bert" in s]
    assert tie, texts
    assert not any(re.search(WINS[lang], s, re.IGNORECASE) for s in texts), texts
    assert [sheet.players[i] for i in top_players(sheet)] == ["Anna", "Bert"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_final_tie_still_names_the_winner(lang):
    sheet = _tied(final=True)
    texts = [note_text("gugong", n, lang, sheet.players, final=True) for n in sheet.notes]
    assert any(re.search(WINS[lang], s, re.IGNORECASE) for s in texts), texts
    assert top_players(sheet) == [1]


def test_a_running_tie_on_one_intrigue_space_says_ahead():
    sheet = _tied(final=False, space_b=4)
    codes = [n["code"] for n in sheet.notes]
    assert "gugong_score.note.tiebreak_stack" in codes
    for lang in LANGUAGES:
        texts = [note_text("gugong", n, lang, sheet.players, final=False) for n in sheet.notes]
        assert not any(re.search(WINS[lang], s, re.IGNORECASE) for s in texts), texts
