"""Every text random playouts of every game produce, in de/nl/en (issue 11, "Done means"): no missing key,
no unfilled {placeholder}, no raw field text, the right plural for 1, no button over 120 characters.
Gùgōng 2-4 players (with bonus tiles, expert), solo with Meng, Dragon with and without both expansions,
Yinzi 2 and 3 players (3 with table entry, "Something else…" entered now and then); the checks live in
tests/i18n/render_check.py (run it as a module to list them all)."""

from __future__ import annotations

import pytest

from companion.i18n import t

from .render_check import PLAYS, PLURAL_ONE, RAW, UNFILLED, check_play

SEEDS = (1,)  # `make test`: one 300-step playout of each setup (the same checks as the soak, on fewer steps)
SOAK_SEEDS = tuple(range(2, 23))  # `make soak`: the long buttons seeds 6-15 showed came from these


IDS = [f"{g}-{len(s['players'])}p-{i}" for i, (g, s) in enumerate(PLAYS)]


@pytest.mark.parametrize(("game", "setup"), PLAYS, ids=IDS)
def test_every_text_of_a_playout_reads_as_a_sentence(game, setup):
    found = [f for seed in SEEDS for f in check_play(game, setup, seed, steps=300)]
    shown = sorted({f"{f.lang} {f.what} {f.key}: {f.problem}: {f.text[:140]}" for f in found})
    assert not shown, "\n".join(shown[:40])


@pytest.mark.soak
@pytest.mark.parametrize(("game", "setup"), PLAYS, ids=IDS)
def test_every_text_of_many_playouts_reads_as_a_sentence(game, setup):
    found = [f for seed in SOAK_SEEDS for f in check_play(game, setup, seed, steps=400)]
    shown = sorted({f"{f.lang} {f.what} {f.key}: {f.problem}: {f.text[:140]}" for f in found})
    assert not shown, "\n".join(shown[:40])


def test_the_checks_catch_what_the_issue_saw():
    assert RAW.search("Tile (tile Counts as 2 tiles, detail , opt , target )")
    assert RAW.search("Exchange (card 5?, loc Reisen, taken 3)")
    assert PLURAL_ONE.search("Anna gains 1 servants") and PLURAL_ONE.search("Anna krijgt 1 Dienaren")
    assert PLURAL_ONE.search("1 worker(s)") and PLURAL_ONE.search("0.0 of 2 food paid")
    assert UNFILLED.search("Anna pays {count}")
    assert not PLURAL_ONE.search("Anna erhält 1 Diener")


def test_plural_words_follow_their_count():
    assert t("gugong.event.servants_gained", "en", player="Anna", count=1) == "Anna gains 1 servant"
    assert t("gugong.event.servants_gained", "nl", player="Anna", count=2) == "Anna krijgt 2 Dienaren"
    assert t("gugong.event.servants_gained", "nl", player="Anna", count=1) == "Anna krijgt 1 Dienaar"


def test_rule_references_cite_the_readers_rulebook_without_internal_ids():
    from companion.i18n.labels import rule_reference

    rule = "gugong-de: Tagesphase, 1. Geschenke austauschen (S. 4)"
    assert rule_reference(rule, "nl") == "Gùgōng-spelregels: Fase 2: De Dagfase, 1. Geschenken ruilen (p. 4)"
    assert rule_reference(rule, "en") == "Gùgōng rulebook (German): Tagesphase, 1. Geschenke austauschen (p. 4)"
    assert "gugong-de" not in rule_reference("gugong-de: Variante für Experten", "nl")
    assert rule_reference("gugong-de: Spielende; gugong-nl: Einde van het spel", "nl").count("Einde") == 1


def test_cubes_from_city_markets_name_each_market_once():
    from companion.i18n.words.yinzi import sources_text

    two = sources_text(["m/jiangxi", "m/huguang"], {}, "en")
    assert two == "raw material from the Jiangxi and Huguang city markets"
    mixed = sources_text(["m/nanzhili/cotton", "m/huguang"], {}, "en")
    assert mixed == "Cotton (Nanzhili), raw material (Huguang) from the city markets"
    one = sources_text(["m/zhejiang", "m/zhejiang/sugarcane"], {}, "de")
    assert one == "Rohstoff + Zuckerrohr vom städtischen Markt Zhejiang"


def test_a_factory_is_named_as_the_rulebook_names_it():
    from companion.i18n.words.yinzi import factory_at

    assert factory_at("sugar", "jiangxi", 3, "de") == "Zucker-Fabrik in Jiangxi (Stufe 3)"
    assert factory_at("paper", "zhejiang", 2, "nl") == "Papierfabriek in Zhejiang (niveau 2)"
