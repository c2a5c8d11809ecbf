"""Issue 21: every step kind of every game has a rule card in de/nl/en, in our own words, whose rulebook
reference resolves to the reader's book; coded option labels (A/B, privileges, progress fields) say what
they do."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from companion.core import Session
from companion.core.chance import pick
from companion.core.registry import get_game
from companion.core.rules import Rule, parse
from companion.i18n import LANGUAGES, catalog, labels, rule_cards
from companion.i18n.labels import reader_book, reference_parts, rule_reference

RULES_DIRS = (Path("/work/shared/rules"), Path(__file__).resolve().parents[3] / "shared" / "rules")
RUN = 8  # a card may share at most 7 consecutive words with a rulebook (a short phrase)
GAMES = ("gugong", "gugong-solo", "dragon", "yinzi")


def every_step() -> list[tuple[str, str, str]]:
    """(game, kind, rule) of every registered step, Meng's routed steps included."""
    from companion.gugong.solo.steps import MENG_STEPS, TOLD

    out = [(g, kind, step.rule) for g in GAMES for kind, step in get_game(g).steps.kinds.items()]
    out += [("gugong-solo", step.kind, step.rule) for step in (*MENG_STEPS.values(), *TOLD.values())]
    return sorted(set(out))


STEPS = every_step()


def test_the_registries_are_enumerated():
    kinds = {(g, k) for g, k, _ in STEPS}
    assert ("gugong", "act") in kinds and ("gugong-solo", "meng_turn") in kinds
    assert ("dragon", "quake") in kinds and ("yinzi", "tax") in kinds
    # bookkeeping (no question), Meng's routed steps and both Dragon expansions (I: the Wall, II: super events)
    assert {("gugong", "night_boats"), ("gugong-solo", "meng_dusk_card"), ("dragon", "wall_scoring"),
            ("dragon", "super"), ("dragon", "wall_tile"), ("yinzi", "taxation")} <= kinds
    assert len(kinds) > 150


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_kind_has_a_rule_card_in_each_language(lang):
    own = catalog(lang)  # the language's own catalog: no falling back to English
    missing = []
    for game, kind, rule in STEPS:
        topic = rule_cards.topic(game, kind)
        key = f"rulecard.{rule_cards.card_game(game)}.{topic}"
        if topic is None or key not in own or rule_cards.card(game, kind, rule, lang) is None:
            missing.append(f"{game}.{kind}")
    assert not missing, missing


def _words(text: str) -> list[str]:
    return re.findall(r"[a-zà-ÿäöüßğōù0-9]+", text.lower())


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def _rulebooks() -> set[tuple[str, ...]]:
    folder = next((d for d in RULES_DIRS if d.is_dir()), None)
    if folder is None:
        pytest.skip("the rulebook texts (../shared/rules) are not on this machine")
    return set().union(*(_runs(_words(p.read_text(encoding="utf-8"))) for p in folder.glob("*.txt")))


def _card_texts(lang: str) -> dict[str, str]:
    return {k: v for k, v in catalog(lang).items() if k.startswith("rulecard.")}


def test_no_card_repeats_the_rulebook():
    books = _rulebooks()
    copied = [f"{lang} {key}: {' '.join(sorted(_runs(_words(text)) & books)[0])}"
              for lang in LANGUAGES for key, text in _card_texts(lang).items() if _runs(_words(text)) & books]
    assert not copied, copied


def test_the_copy_check_would_catch_a_rulebook_sentence():
    books = _rulebooks()
    sentence = "Du erhältst sofort 2 Siegpunkte. In jeder Morgenphase darfst du deinen Intrigemarker 2 Felder vor " \
        "bewegen."
    assert _runs(_words(sentence)) & books


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reference_resolves_to_the_readers_book(lang):
    bad = []
    for game, kind, rule in STEPS:
        rules = parse(rule)
        if not rules:
            bad.append(f"{game}.{kind}: no reference")
        for r in rules:
            text, known = reference_parts(r, lang)
            if not known or text.startswith((f"{r.book}:", f"{r.book},")):
                bad.append(f"{game}.{kind}: {text}")
            if lang == "nl" and r.book == "gugong-de" and reader_book(r, lang) != "gugong-nl":
                bad.append(f"{game}.{kind}: no Dutch passage for {r.section}")
    assert not bad, bad


def test_a_rule_is_typed_and_its_text_round_trips():
    wall = Rule("gugong-de", "", "2. Die chinesische Mauer", "8")
    assert parse("gugong-de: 2. Die chinesische Mauer (S. 8)") == (wall,)
    assert parse("Jahr des Drachen, Erweiterung II: Die Super-Ereignisse")[0].chapter == "Erweiterung II"
    assert [r.section for r in parse("yinzi-de: 5B Pflanzen anbauen; Fabriken ausbauen")] == \
        ["5B Pflanzen anbauen", "Fabriken ausbauen"]
    for _, _, rule in STEPS:
        for r in parse(rule):
            assert parse(r.text) == (r,)


def test_references_in_each_language():
    rule = "gugong-de: Tagesphase, 2. Aktionen ausführen (S. 5)"
    assert rule_reference(rule, "en") == "Gùgōng rulebook (German): Tagesphase, 2. Aktionen ausführen (p. 5)"
    assert rule_reference(rule, "de") == "Gùgōng-Spielregel: Tagesphase, 2. Aktionen ausführen (S. 5)"
    assert rule_reference(rule, "nl") == "Gùgōng-spelregels: Fase 2: De Dagfase, 2. Acties uitvoeren (p. 5)"
    expansion = "Jahr des Drachen, Erweiterung I: Die chinesische Mauer"
    assert rule_reference(expansion, "en") == "In the Year of the Dragon rulebook (German), expansion I: " \
        "Die chinesische Mauer"
    assert "uitbreiding II" in rule_reference("Jahr des Drachen, Erweiterung II: Die Super-Ereignisse", "nl")


def test_a_ruling_is_told_in_one_sentence_where_we_made_one():
    card = rule_cards.card("gugong", "take_double", "gugong-de: Doppelter Diener (S. 13)", "en")
    assert card is not None and card.ruling.startswith("Our ruling (R2):") and card.ruling.count(". ") == 0
    assert "(p. 13)" in card.reference


def test_a_refusal_finds_the_card_of_the_rule_it_cites():
    steps = get_game("dragon").steps
    card = rule_cards.refusal_card("dragon", steps, "Jahr des Drachen: 3. Phase Ereignis, Dürre", "nl")
    assert card is not None and card.topic == "drought" and "Droogte" in card.text


# -- coded option labels carry their effect ----------------------------------------------------------------
def _coded(game: str, decision: Any, action: dict[str, Any], lang: str, comp: Any) -> str | None:
    """The effect words a coded option's label must carry (None: the option is not coded)."""
    own = catalog(lang)
    if game.startswith("gugong") and action.get("opt") and action.get("type") in ("card", "location"):
        params = decision.params
        code = comp.cards[params["card"]].action if action["type"] == "card" else comp.locations[params["loc"]]
        return own.get(f"rulecard.gugong.opt.{code}.{action['opt']}")
    if game == "dragon" and action.get("type") == "action":
        return own.get(f"rulecard.dragon.does.card.{action['card']}")
    if game == "dragon" and isinstance(action.get("size"), str):
        return own.get(f"rulecard.dragon.does.privilege.{action['size']}")
    if game == "yinzi" and action.get("type") == "progress" and isinstance(action.get("field"), str):
        return own.get(f"rulecard.yinzi.does.field.{action['field']}", "")
    return None


STEER = ("privilege", "taxes", "progress", "free_progress")  # what leads to coded options (money first)


def _steered(decision: Any, rng: random.Random) -> dict[str, Any]:
    towards = [o for o in decision.options if any(v in STEER for v in o.values() if isinstance(v, str))]
    return rng.choice(towards) if towards and not decision.is_chance else pick(decision, rng)


@pytest.mark.parametrize(("game", "seed"), [("gugong", 1), ("dragon", 2), ("yinzi", 3)])
def test_coded_option_labels_say_what_they_do(game, seed):
    from companion.gugong.components import components

    names = ["Anna", "Ben", "Cleo"]
    session = Session.new(get_game(game), {"players": names, "seed": seed})
    comp = components() if game == "gugong" else None
    rng, seen, bad = random.Random(seed), 0, []
    for _ in range(300):
        decision = session.decision
        if decision is None:
            break
        for lang in LANGUAGES:
            describe = labels.describer(game, session.setup, session.game.to_json(session.state), lang)
            for action in decision.options[:40]:
                effect = _coded(game, decision, action, lang, comp)
                if effect is None:
                    continue
                seen += 1
                label = labels.option_label(game, decision, action, lang, names, describe)
                if effect not in label or len(label) > 90:  # two lines of a phone button
                    bad.append(f"{lang}: {label}")
        session.act(_steered(decision, rng))
    assert seen, "the playout met no coded option"
    assert not bad, sorted(set(bad))[:20]


# -- refusals show the card of the rule they cite ------------------------------------------------------------
def _cited_passages() -> list[tuple[str, str]]:
    """(game, reference) of every rule constant the engines cite (RULE* in their modules; Yinzi's are sections of
    its book, cited through yinzi.steps.rule)."""
    import importlib
    import pkgutil

    from companion.yinzi.steps import rule as yinzi_rule

    found = set()
    for name, game in (("gugong", "gugong-solo"), ("dragon", "dragon"), ("yinzi", "yinzi")):
        package = importlib.import_module(f"companion.{name}")
        for info in pkgutil.walk_packages(package.__path__, f"companion.{name}."):
            for const, value in vars(importlib.import_module(info.name)).items():
                if const.startswith("RULE") and isinstance(value, str) and value:
                    found.add((game, yinzi_rule(value) if name == "yinzi" else value))
    return sorted(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_passage_a_refusal_cites_has_a_card(lang):
    cited = _cited_passages()
    assert len(cited) > 60
    missing = [f"{game}: {rule}" for game, rule in cited
               if rule_cards.refusal_card(game, get_game(game).steps, rule, lang) is None]
    assert not missing, missing


def _wrong_moves(decision: Any, before: Any) -> list[dict[str, Any]]:
    """Moves the table might tap wrongly: a stale option of the question before, or an option with a number off."""
    moves = [dict(o) for o in (before.options[:3] if before is not None else ())]
    for option in decision.options[:3]:
        for key, value in option.items():
            if isinstance(value, int) and not isinstance(value, bool):
                moves.append({**option, key: value + 7})
    return [m for m in moves if decision.index_of(m) < 0]


@pytest.mark.parametrize(("game", "seed"), [("gugong", 1), ("gugong-solo", 2), ("dragon", 3), ("yinzi", 4)])
def test_refusals_met_in_play_show_their_card(game, seed):
    from companion.core.errors import RuleError

    players = ["Anna"] if game == "gugong-solo" else ["Anna", "Ben", "Cleo"]
    session = Session.new(get_game(game), {"players": players, "seed": seed})
    rng, before, cited, missing = random.Random(seed), None, set(), set()
    for _ in range(250):
        decision = session.decision
        if decision is None:
            break
        for move in _wrong_moves(decision, before):
            try:
                session.act(move)
            except RuleError as err:
                if err.rule:
                    cited.add(err.rule)
                    if rule_cards.refusal_card(game, session.game.steps, err.rule, "nl") is None:
                        missing.add(f"{err.code}: {err.rule}")
            else:  # an accepted move: the test only wanted refusals
                session.undo()
        before = decision
        session.act(pick(decision, rng))
    assert len(cited) >= 4, cited
    assert not missing, sorted(missing)
