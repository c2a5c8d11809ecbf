"""Every code the Yinzi engine emits is keyed in en/de/nl with the same placeholders (NFC text)."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from companion.core import RuleError
from companion.core.playout import playout
from companion.core.steps import FORCED
from companion.i18n import LANGUAGES, placeholders
from companion.yinzi import draws, fate, work
from companion.yinzi.editions import CURRENT
from companion.yinzi.engine import GAME
from companion.yinzi.scoring import ROW_CODE
from companion.yinzi.state import BONUSES, FATE_ACTIONS, WORKER_ACTIONS

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "companion" / "i18n" / "catalog"


def catalogs() -> dict[str, dict[str, str]]:
    """Yinzi's texts: its own catalog and its keys in the catalogs of the table instructions and of the round-3
    rules fixes and of issue 22 (instructions, rules_round3, seen_items.<lang>.json)."""
    def read(name: str, lang: str) -> dict[str, str]:
        return json.loads((CATALOG / f"{name}.{lang}.json").read_text(encoding="utf-8"))

    return {lang: {**read("yinzi", lang), **{k: v for extra in ("instructions", "rules_round3", "seen_items")
                                             for k, v in read(extra, lang).items() if k.startswith("yinzi.")}}
            for lang in LANGUAGES}


def emitted_codes() -> set[str]:
    """Codes seen in playouts plus every code literal in the engine's source (errors, rare events)."""
    codes: set[str] = set()
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        setup = {"players": ["a", "b", "c", "d"][:n], "seed": seed, "rules": CURRENT}
        result = playout(GAME, setup, seed)
        state = GAME.initial_state(GAME.normalize_setup(setup))
        for action in result.log:
            d = GAME.decision(state)
            codes.add(d.kind)
            from companion.core import apply

            state, events = apply(GAME, state, action)
            codes.update(e.code for e in events if e.code.startswith("yinzi."))
            codes.update(e.params["step"] for e in events if e.code == FORCED)
    for path in (ROOT / "companion" / "yinzi").glob("*.py"):
        codes.update(re.findall(r'"(yinzi\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    codes.update(f"yinzi.draw_{w}" for w in draws.RULES)
    codes.update(f"yinzi.fate_{a}" for a in fate.RULES)
    codes.update(f"yinzi.work_{a}" for a in ("resources", "produce", "ship"))
    codes.update(ROW_CODE.values())
    assert work.RULES
    return codes


def test_event_and_decision_params_fill_every_placeholder():
    from companion.core import apply

    cats = catalogs()
    setup = {"players": ["a", "b", "c"], "seed": 8, "rules": CURRENT}
    state = GAME.initial_state(GAME.normalize_setup(setup))
    result = playout(GAME, setup, 8)
    for action in result.log:
        d = GAME.decision(state)
        assert placeholders(cats["en"][d.kind]) <= set(d.params), d.kind
        state, events = apply(GAME, state, action)
        for e in events:
            code = e.params["step"] if e.code == FORCED else e.code  # a step taken for the table: its question
            assert placeholders(cats["en"][code]) <= set(e.params), code


def test_every_emitted_code_is_translated():
    cats = catalogs()
    missing = {lang: sorted(c for c in emitted_codes() if c not in cats[lang]) for lang in LANGUAGES}
    assert missing == {lang: [] for lang in LANGUAGES}


def test_same_keys_and_placeholders_in_every_language():
    cats = catalogs()
    assert set(cats["en"]) == set(cats["de"]) == set(cats["nl"])
    for key, text in cats["en"].items():
        for lang in ("de", "nl"):
            assert placeholders(cats[lang][key]) == placeholders(text), (lang, key)
            assert unicodedata.normalize("NFC", cats[lang][key]) == cats[lang][key]


def test_terms_for_every_enumerated_value():
    cats = catalogs()
    for value in (*BONUSES, *FATE_ACTIONS, *WORKER_ACTIONS):
        prefix = "yinzi.bonus." if value in BONUSES else "yinzi.action."
        assert prefix + value in cats["de"]
    assert cats["de"]["yinzi.row_war_glory"] == "Kriegsruhm"  # the rulebook's own term


def test_refusal_messages_are_keyed():
    cats = catalogs()
    err = RuleError("yinzi.worker_first", "x")
    assert err.code in cats["nl"]
