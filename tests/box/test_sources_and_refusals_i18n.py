"""Box check in the reader's language: where each fact's value came from (a structured source in data/, cited
from the reader's own rulebook where one exists) and why a profile whose facts do not fit together is refused."""

from __future__ import annotations

import re

import pytest

from companion.core import CompanionError
from companion.core.profile import load_default
from companion.core.profile_checks import KINDS
from companion.i18n import LANGUAGES, catalog
from companion.i18n.labels import error_text, fact_source
from tests.ui.apphelpers import click, new_session

GAMES = ("gugong", "dragon", "yinzi")
INTERNAL = re.compile(r"gugong-de|gugong-nl|yinzi-de|quickref|RULES-|components/|shared/|BGA|PY-PORT|\{|\}")
KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+\.[a-z_]+\b")  # a fact key such as gift_cards, meng.path
ENGLISH = re.compile(r"\b(entries|must|cannot|add up|placeholder|rulebook|DE|setup)\b")


@pytest.mark.parametrize("game", GAMES)
def test_every_fact_source_reads_as_words_in_every_language(game):
    for fact in load_default(game).facts.values():
        assert f"box.source.{fact.source['basis']}" in catalog("en"), (game, fact.key)
        for lang in LANGUAGES:
            text = fact_source(fact.source, lang)
            assert text and not INTERNAL.search(text), (game, fact.key, lang, text)
            if lang != "en":
                assert not ENGLISH.search(text), (game, fact.key, lang, text)


def test_gugong_sources_cite_the_dutch_rulebook_in_dutch():
    for fact in load_default("gugong").facts.values():
        rules = fact.source.get("rules", "")
        if rules.startswith("gugong-de:"):
            text = fact_source(fact.source, "nl")
            assert "Gùgōng-spelregels" in text and "Duitse" not in text, (fact.key, text)
            assert "Gùgōng-Spielregel" in fact_source(fact.source, "de"), fact.key


def test_every_check_reason_exists_in_every_language():
    texts = {*KINDS, "sum_at_least", "at_most_keep"}
    for lang in LANGUAGES:
        assert {f"profile.check.{k}" for k in texts} <= set(catalog(lang)), lang


def _refusal(game: str, overrides: dict) -> CompanionError:
    with pytest.raises(CompanionError) as caught:
        load_default(game).with_overrides(overrides)
    assert caught.value.code == "profile.inconsistent"
    return caught.value


def _refusals() -> list[CompanionError]:
    gugong = load_default("gugong")
    tiles = {**gugong.value("travel_tiles"), "servant1": 9}
    yinzi = load_default("yinzi")
    crops, removed = yinzi.value("crops.tiles"), yinzi.value("crops.removed_2p")
    first = next(iter(removed))  # four of that sort taken away at two players, with only four in the box
    return [_refusal("gugong", {"gift_cards": gugong.value("gift_cards")[:-1]}),
            _refusal("gugong", {"map_roads": [[0, 1]]}),
            _refusal("gugong", {"travel_tiles": tiles}),
            _refusal("yinzi", {"crops.tiles": {**crops, first: 4}, "crops.removed_2p": {**removed, first: 4}})]


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_consistency_refusal_gives_its_reason_in_the_readers_words(lang):
    for err in _refusals():
        text = error_text(err, lang)
        assert not INTERNAL.search(text) and not KEY.search(text), text
        assert not ENGLISH.search(text) and err.params["problem"] not in text, text


def test_box_check_shows_source_and_refusal_in_dutch(data_dir):
    app = new_session("nl")
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_fact_gugong").set_value("travel_tiles").run()
    source = [c.value for c in app.caption if c.value.startswith("Bron:")]
    assert source == ["Bron: deels uit de spelregels (Gùgōng-spelregels: Lijst van Reisfiches), de rest is een "
                      "plaatshouder: controleer je doos"], source
    app.number_input(key="boxf_gugong_travel_tiles_servant1").set_value(9).run()
    click(app, "box_save_gugong_travel_tiles")
    refused = " ".join(e.value for e in app.error)
    assert "is niet opgeslagen" in refused and "komen samen op 38; dat moet 32 zijn" in refused, refused
    assert not ENGLISH.search(refused) and not KEY.search(refused), refused


# -- a value its schema refuses (Box check, an imported profile, a save) ----------------------------------
BAD_VALUES = [
    ("gugong", "decrees_per_level", 1, {"de": "„Dekrete je Stufe im Spiel“ ist nicht verwendbar: 1 ist zu klein",
                                        "nl": "1 is te klein (minstens 2)"}),
    ("gugong", "days", [1] * 10, {"de": "eine Liste passt nicht; erwartet: eine ganze Zahl"}),
    ("yinzi", "exchange.rates", [1, 2, 3, 4, 5, "x"], {"de": "Eintrag 6: 'x' passt nicht", "nl": "item 6"}),
    ("gugong", "meng.action_values", {"swap_vp": 99}, {"de": "Spezialkarte Reisen: Schritte: ein Eintrag fehlt"}),
]


@pytest.mark.parametrize(("game", "key", "value", "expected"), BAD_VALUES)
def test_a_refused_value_names_the_fact_and_the_problem_in_the_readers_words(game, key, value, expected):
    from companion.core.profile import check_fact

    with pytest.raises(CompanionError) as refused:
        check_fact(game, key, value)
    for lang in LANGUAGES:
        text = error_text(refused.value, lang)
        assert key not in text and "{" not in text, (lang, text)
        if lang != "en":
            assert not re.search(r"\b(cannot|entry|expected|above|below|missing|does)\b", text), (lang, text)
    for lang, part in expected.items():
        assert part in error_text(refused.value, lang), (lang, error_text(refused.value, lang))


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_of_a_box_fact_has_a_word_in_every_language(game):
    """The guided Box check labels each count of a fact (an action value, a tile, a set) with these words."""
    from companion.i18n.labels import humanize, part_name

    profile = load_default(game)
    for fact in profile.facts.values():
        value = profile.value(fact.key)
        for part in value if isinstance(value, dict) else ():
            if str(part).isdigit():
                continue
            for lang in LANGUAGES:
                word = part_name(game, str(part), lang)
                named = word != humanize(str(part)) or any(k.endswith(f".{part}") for k in catalog(lang))
                assert named and "_" not in word, (game, fact.key, part, lang, word)


def _engine_refusals() -> list[CompanionError]:
    """The engines' own consistency refusals (checks no profile rule states), each raised once."""
    from companion.dragon.components import _check_event_tiles
    from companion.gugong.components import Card, _check_cards, _check_map

    values = {"months": 12, "events.fixed_start": [1, 2], "events.random": {"a": 9, "b": 3}}
    cards = tuple(Card(i, 1 + i % 9, "start", "none") for i in range(5))
    found = []
    for attempt in (lambda: _check_event_tiles(values.__getitem__), lambda: _check_map(7, ()),
                    lambda: _check_map(6, ((0, 9),)), lambda: _check_cards(cards, 6, 9, 5),
                    lambda: _check_cards((*cards, Card(5, 12, "start", "none")), 6, 9, 5),
                    lambda: _check_cards((*cards[:4], Card(4, 1, "start", "none")), 5, 9, 5),
                    lambda: _check_cards(cards, 5, 9, 5)):
        with pytest.raises(CompanionError) as refused:
            attempt()
        found.append(refused.value)
    return found


def test_the_engines_own_box_refusals_read_in_the_readers_words():
    for err in _engine_refusals():
        assert err.code == "profile.inconsistent", err.message
        for lang in LANGUAGES:
            text = error_text(err, lang)
            assert "{" not in text and not KEY.search(text), (lang, text)
            if lang != "en":
                assert not ENGLISH.search(text) and "box" not in text, (lang, text)
