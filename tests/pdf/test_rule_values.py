"""Rule values on pads and aids come from the box profile, with their status; never from a template or a text.

What counts as a literal rule value (the tests below fail on one):
- in pdf_templates/<game>.yaml: any YAML number anywhere, and any digit in a string, except in a catalog key
  (a string naming an entry of the pdf catalog), in a fact reference (the value of `fact`, `each`, `facts`, or
  of an entry of a `facts:` map, or a key of the box check's `checklist:` map; each must name a fact of the
  game's box profile), in a ladder position label
  `k` ("{n}", "{n}." or "+1") and in the `accent` colour;
- in a pdf.<game>.* catalog text (rule references, keys *.ref, aside): any digit run that is not a {parameter}
  and not listed with its reason in literal_numbers.yaml (ordinal, wording, example, or no fact yet).
A value from a fact whose status is not confirmed or owner is printed with the placeholder mark "?" (a
write-in box on a ladder or rate row); a value from a verified fact never is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.core.profile import load_default
from companion.i18n import CATALOG_DIR, LANGUAGES
from companion.pdf import templates
from companion.pdf.aid import build_aid
from companion.pdf.facts import REF, STEP, UNMARKED_PICKS, FactRefError, Facts
from companion.pdf.pad import build_pad
from companion.pdf.text import plain, tr

from .conftest import squash, text_of

GAMES = templates.games()
LITERALS = yaml.safe_load((Path(__file__).parent / "literal_numbers.yaml").read_text(encoding="utf-8"))
PDF = {lang: json.loads((CATALOG_DIR / f"pdf.{lang}.json").read_text(encoding="utf-8")) for lang in LANGUAGES}
POSITION_LABEL = re.compile(r"^(\{n\}\.?|\+1)$")
DIGIT = re.compile(r"\d")


def _spec_literals(spec: Any, where: str) -> list[str]:
    """Literal numbers inside one fact spec: only references may hold digits."""
    if isinstance(spec, str):
        return []
    if not isinstance(spec, dict):
        return [f"{where}: {spec!r}"]
    out = []
    for key, value in spec.items():
        if key in ("fact", "each", "facts"):
            refs = value if isinstance(value, list) else [value]
            out += [f"{where}.{key}: {r!r}" for r in refs if not isinstance(r, str)]
        elif key == "k":
            out += [] if POSITION_LABEL.match(str(value)) else [f"{where}.k: {value!r}"]
        elif isinstance(value, bool) or not isinstance(value, str) or DIGIT.search(value):
            out.append(f"{where}.{key}: {value!r}")
    return out


def template_literals(node: Any, where: str = "") -> list[str]:
    """Every literal rule value of a template (see the module docstring for the definition)."""
    out: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{where}.{key}"
            if not isinstance(key, str) or (DIGIT.search(key) and not where.endswith(".checklist")):
                out.append(f"{here} (a number as a key)")  # checklist: keys are fact references
            if key == "facts" and isinstance(value, dict):
                for name, spec in value.items():
                    out += _spec_literals(spec, f"{here}.{name}")
            elif key in ("fact", "each", "k") or (key == "factor" and isinstance(value, dict)):
                out += _spec_literals({key: value} if key != "factor" else value, here)
            elif key != "accent":
                out += template_literals(value, here)
    elif isinstance(node, list):
        for i, child in enumerate(node):
            out += template_literals(child, f"{where}[{i}]")
    elif isinstance(node, bool):
        pass
    elif isinstance(node, int | float) or (isinstance(node, str) and DIGIT.search(node) and node not in PDF["en"]):
        out.append(f"{where}: {node!r}")
    return out


def _raw(game: str) -> dict[str, Any]:
    return yaml.safe_load((templates.TEMPLATE_DIR / f"{game}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_templates_hold_no_literal_rule_values(game):
    assert template_literals(_raw(game)) == []


def test_the_template_check_catches_the_old_kind_of_ladder_and_factor():
    """The ladder and factor shapes templates used before (values with a status) are caught."""
    old = {"rows": [{"ladder": [{"k": "4.", "v": 2, "status": "inferred"}]},
                    {"sub": [{"text": "I", "factor": "×2"}]}, {"grid": {"rows": 12}}],
           "players": {"min": 2}}
    found = template_literals(old)
    assert len(found) == 5, found  # k "4.", v 2, factor "×2", rows 12, min 2


@pytest.mark.parametrize("game", GAMES)
def test_every_fact_reference_names_a_fact_of_the_box(game):
    tpl = templates.load(game)
    facts = Facts(tpl["box"])
    specs = list(templates.fact_specs(tpl))
    assert specs
    for spec in specs:
        assert templates.resolve(spec, facts)
    with pytest.raises(FactRefError):
        facts.get("no_such_fact[1]")
    with pytest.raises(FactRefError):
        facts.get(f"{next(iter(facts.profile.facts))}[no_such_step][1]")


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", re.sub(r"\{[^{}]*\}", "", text)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_numbers_are_parameters_or_listed_literals(lang):
    for key, text in PDF[lang].items():
        if key.split(".")[1] not in GAMES or ".ref" in key:
            continue
        extra = _numbers(text) - set(LITERALS.get(key, {}))
        assert not extra, f"pdf.{lang}.json {key}: literal rule value(s) {sorted(extra)}: make them parameters"


def test_the_literal_list_has_no_stale_entries():
    for key, numbers in LITERALS.items():
        assert set(numbers) <= _numbers(PDF["en"][key]), f"{key}: {set(numbers) - _numbers(PDF['en'][key])}"
        assert all(str(reason).split(" ")[0] in ("ordinal", "wording", "example", "no") for reason in numbers.values())


def _walk(profile, ref: str) -> Any:
    """The value at a reference, walked independently of companion.pdf.facts."""
    found = REF.match(ref)
    value = profile.value(found["key"])
    for step in STEP.findall(found["path"]):
        if "=" in step:
            field, wanted = step.split("=")
            value = next(v for v in value if str(v[field]) == wanted)
        elif isinstance(value, list):
            value = value[int(step)]
        else:
            value = value[step] if step in value else value[int(step)]
    return value


def _check_printed(profile, printed, spec: Any) -> None:
    statuses = [profile.fact(k).status for k in printed.key.split(",")]
    pick = spec.get("pick") if isinstance(spec, dict) else None
    unverified = any(s not in ("confirmed", "owner") for s in statuses)
    assert printed.marked == (unverified and pick not in UNMARKED_PICKS), printed
    assert ("?" in printed.text) == printed.marked, printed
    if pick is None and "," not in printed.key:
        expected = _walk(profile, printed.ref)
        assert printed.value == (list(expected.values()) if isinstance(expected, dict) else expected), printed
    for value in printed.value if isinstance(printed.value, list) else [printed.value]:
        assert str(value).lstrip("-") in printed.text, printed


@pytest.mark.parametrize("overrides", [None, "owner"])
@pytest.mark.parametrize("game", GAMES)
def test_every_printed_value_is_the_profiles_with_the_right_mark(game, overrides):
    tpl = templates.load(game)
    base = load_default(tpl["box"])
    owned = {f.key: f.value for f in base.unverified()} if overrides else {}  # the owner confirms every placeholder
    profile = base.with_overrides(owned)
    facts = Facts(tpl["box"], owned)
    for spec in templates.fact_specs(tpl):
        for printed in templates.resolve(spec, facts):
            _check_printed(profile, printed, spec if not (isinstance(spec, dict) and "each" in spec) else None)
    assert facts.printed
    if overrides:
        assert not any(p.marked for p in facts.printed)


def test_gugong_printables_mark_the_placeholders_and_print_confirmed_values_plain():
    pad = squash(text_of(build_pad("gugong", "en")))
    assert "1.72.53.34.?5.?" in pad  # palace places 4 and 5 are placeholders: write-in boxes
    assert "112336410515+1+2" in pad  # the jade ladder is confirmed
    assert squash(plain(tr("pdf.pad.unverified", "en"))[2:]) in pad
    aid = squash(text_of(build_aid("gugong", "de")))
    assert "(Tag2/3/4:6?/4?/4?)" in aid  # day income: unknown
    assert "(7,5,3,2?,1?)" in aid
    assert "Jade:1/2/3/4/5Jade=1/3/6/10/15SP" in aid
    assert "2Intrige+2" in aid and "2?Intrige+2" not in aid  # decree points are confirmed (costs: decree_costs)
    assert squash(tr("pdf.aid.unverified", "de", mark="?")) in aid


def test_the_owners_values_replace_the_defaults_and_lose_the_mark():
    owner = {"final_scoring.palace_arrival_vp_4": 4, "final_scoring.palace_arrival_vp_5": 2,
             "day_income": {"2": 5, "3": 5, "4": 4}, "wall_majority_vp": 9,
             "final_scoring.jade_vp_ladder": [2, 4, 7, 11, 16]}
    pad = squash(text_of(build_pad("gugong", "nl", overrides=owner)))
    assert "1.72.53.34.45.2" in pad
    assert "122437411516+1+2" in pad
    assert "MeesteDienaren:9puntenenGezant+1stap" in pad
    aid = squash(text_of(build_aid("gugong", "en", overrides=owner)))
    assert "(days2/3/4:5/5/4)" in aid and "(7,5,3,4,2)" in aid
    assert "1/2/3/4/5jade=2/4/7/11/16points" in aid
    assert "Mostservants:9points" in aid
    assert "6?" not in aid and "2?,1?" not in aid


def test_dragon_pad_has_a_row_per_month_of_the_profile():
    pad = squash(text_of(build_pad("dragon", "de", overrides={"months": 10})))  # the profile allows 2 to 12
    assert "10Monate" in pad and "nachMonat10" in pad and "MonatEreignis12345678910Paläste" in pad
    assert "MonatEreignis123456789101112Paläste" in squash(text_of(build_pad("dragon", "de")))


def test_yinzi_rates_are_write_in_boxes_until_the_owner_enters_them():
    assert "1?2?3?4?5?6?" in squash(text_of(build_pad("yinzi", "en")))
    rates = [5, 7, 9, 11, 13, 15]
    pad = squash(text_of(build_pad("yinzi", "en", overrides={"exchange.rates": rates})))
    assert "".join(f"{i}{r}" for i, r in enumerate(rates, start=1)) in pad
    aid = squash(text_of(build_aid("yinzi", "nl", overrides={"exchange.rates": rates})))
    assert "Koperperzilver" + "".join(map(str, rates)) in aid
