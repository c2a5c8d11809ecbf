"""Every code the engine emits is translated (en/de/nl); the CLI scores and simulates."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.cli import main
from companion.core import Session
from companion.core.playout import playout
from companion.dragon.engine import GAME
from companion.dragon.steps import STEPS
from companion.i18n import LANGUAGES, catalog, placeholders

ROOT = Path(__file__).resolve().parents[2]


def _emitted_codes() -> tuple[set[str], dict[str, set[str]]]:
    """Decision kinds, event codes (with their parameters) and score rows seen in playouts of every kind."""
    codes: set[str] = set()
    params: dict[str, set[str]] = {}
    for i, (wall, se) in enumerate([(True, "earthquake"), (True, "flood"), (False, "sunrise"), (True, "charter"),
                                    (False, "tornado"), (True, "solar_eclipse"), (False, "random")]):
        result = playout(GAME, {"players": ["A", "B", "C", "D"], "great_wall": wall, "super_event": se}, seed=i)
        s = Session.new(GAME, result.setup)
        for action in result.log:
            d = s.decision
            codes.add(d.kind)
            params.setdefault(d.kind, set()).update(d.params)
            for e in s.act(action):
                codes.add(e.code)
                params.setdefault(e.code, set()).update(e.params)
        codes.update(r.code for r in GAME.score(s.state).rows)
    return codes, params


def test_every_emitted_code_is_translated_with_its_parameters():
    codes, params = _emitted_codes()
    codes.update(f"dragon.{k}" for k, step in STEPS.kinds.items() if not step.automatic)
    codes -= {c for c in codes if c.startswith("core.")}  # core.forced: rendered by companion.i18n.labels
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "companion" / "dragon").glob("*.py"))
    codes.update(re.findall(r'RuleError\(\s*"(dragon\.[a-z_.]+)"', source))
    codes.update(re.findall(r'SetupError\(\s*"(dragon\.[a-z_.]+)"', source))
    codes.update(re.findall(r'"(dragon\.setup\.[a-z_]+)"', source))  # codes handed to companion.core.setup
    for lang in LANGUAGES:
        cat = catalog(lang)
        missing = sorted(c for c in codes if c not in cat)
        assert not missing, f"{lang}: {missing}"
        for code, names in params.items():
            if code not in codes:
                continue
            assert placeholders(cat[code]) <= names, f"{lang}: {code} uses {placeholders(cat[code]) - names}"


def test_german_catalog_uses_the_rulebook_terms():
    de = catalog("de")
    assert de["dragon.person.tax_collector"] == "Steuereintreiber"
    assert de["dragon.event.mongol_invasion"] == "Mongolensturm" and de["dragon.card.parade"] == "Heerschau"
    assert de["dragon.super.charter"] == "Freibrief" and de["dragon.card.wall"] == "Mauerbau"


def test_simulate_json_fields(capsys):
    argv = ["simulate", "dragon", "--players", "3", "--games", "3", "--seed", "5", "--wall", "--super-event",
            "random", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("games", "completed", "invariant_violations", "actions_total", "digest", "scores", "winning_scores"):
        assert key in report
    assert report["games"] == report["completed"] == 3 and report["invariant_violations"] == 0
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["digest"] == report["digest"]  # same seed, same games


def test_simulate_named_super_event_text_output(capsys):
    assert main(["simulate", "dragon", "--players", "2", "--games", "2", "--seed", "1", "--super-event", "buddha"]) == 0
    assert "2/2 games completed" in capsys.readouterr().out
