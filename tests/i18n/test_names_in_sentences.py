"""Names of box facts inside a sentence (the unverified-facts notice): capitals as each language writes them,
and lists joined with the language's "and"."""

from __future__ import annotations

import pytest

from companion.i18n import labels


@pytest.mark.parametrize(("lang", "name", "in_sentence"), [
    ("en", "Gift cards", "gift cards"),
    ("en", "Faces of the fate dice", "faces of the fate dice"),
    ("en", "Meng's path", "Meng's path"),  # a name keeps its capital
    ("en", "BoardGameGeek id of this box", "BoardGameGeek id of this box"),
    ("nl", "Steden op de reiskaart", "steden op de reiskaart"),
    ("nl", "Geschenkkaarten", "Geschenkkaarten"),  # a game term the Dutch rulebook capitalises
    ("nl", "Dienaren per speler", "Dienaren per speler"),
    ("nl", "Wisselkoers", "wisselkoers"),
    ("de", "Geschenkkarten", "Geschenkkarten"),  # German nouns keep their capital
])
def test_a_fact_name_reads_inside_a_sentence(lang, name, in_sentence):
    assert labels.in_sentence(name, lang) == in_sentence


@pytest.mark.parametrize(("lang", "joined"), [("en", "a, b and c"), ("de", "a, b und c"), ("nl", "a, b en c")])
def test_a_list_is_joined_with_the_languages_and(lang, joined):
    assert labels.listing(["a", "b", "c"], lang) == joined
    assert labels.listing(["a"], lang) == "a" and labels.listing([], lang) == ""
