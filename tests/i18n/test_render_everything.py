"""Every text random playouts of every game produce, in de/nl/en (issue 11, "Done means"): no missing key,
no unfilled {placeholder}, no raw field text, the right plural for 1, no button over 120 characters.
Gùgōng 2-4 players (with bonus tiles, expert), solo with Meng, Dragon with and without both expansions,
Yinzi 2 and 3 players (3 with table entry, "Something else…" entered now and then); the checks live in
tests/i18n/render_check.py (run it as a module to list them all)."""

from __future__ import annotations

import pytest

from companion.i18n import t

from .render_check import PLAYS, PLURAL_ONE, RAW, UNFILLED, check_play

SEEDS = (1, 2)


IDS = [f"{g}-{len(s['players'])}p-{i}" for i, (g, s) in enumerate(PLAYS)]


@pytest.mark.parametrize(("game", "setup"), PLAYS, ids=IDS)
def test_every_text_of_a_playout_reads_as_a_sentence(game, setup):
    found = [f for seed in SEEDS for f in check_play(game, setup, seed, steps=300)]
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
    assert rule_reference(rule, "nl") == "Gùgōng-spelregels: Fase 2: De Dagfase, 1. Geschenken ruilen"
    assert rule_reference(rule, "en") == "Gùgōng rulebook (German): Tagesphase, 1. Geschenke austauschen (S. 4)"
    assert "gugong-de" not in rule_reference("gugong-de: Variante für Experten", "nl")
    assert rule_reference("gugong-de: Spielende; gugong-nl: Einde van het spel", "nl").count("Einde") == 1
