"""Every Meng step gives the table a plain, translated instruction (companion/i18n/catalog/meng.*.json)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from companion.core.chance import pick
from companion.core.session import Session
from companion.gugong.solo import steps as solo_steps
from companion.gugong.solo.engine import GAME
from companion.i18n import LANGUAGES, catalog, t

SOLO = Path(solo_steps.__file__).parent
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SOLO.glob("*.py")))
VARIANTS = {
    "night.majority_meng": ["night.majority_meng", "night.majority_meng_tie"],
    "night.majority_you": ["night.majority_you", "night.majority_you_tie"],
    "canal.{'new_boat' if new else 'load'}_{src}": [f"canal.{a}_{b}" for a in ("new_boat", "load")
                                                   for b in ("pool", "general")],
    "port.card_{frame['dest']}": ["port.card_hand", "port.card_discard"],
    "wall.benefit_{which}": ["wall.benefit_jade", "wall.benefit_servant1"],
}


def _codes_in_source() -> set[str]:
    codes = set(re.findall(r'say\("([a-z_.]+)"', SOURCE))
    for a, b in re.findall(r'say\("([a-z_.]+)" if [^"]+ else "([a-z_.]+)"', SOURCE):
        codes |= {a, b}
    for pattern in re.findall(r'say\(f"([^"]+)"', SOURCE):
        codes |= set(VARIANTS[pattern])
    codes |= set(re.findall(r'"(servants\.[a-z]+)"', SOURCE))  # Meng's gains, told by why they happen
    for a, b in re.findall(r'\("(night\.majority_[a-z]+)" if mine else "(night\.majority_[a-z]+)"\)', SOURCE):
        codes |= {*VARIANTS[a], *VARIANTS[b]}
    return {f"meng.event.{c}" for c in codes}


def test_every_instruction_in_the_code_is_translated():
    codes = _codes_in_source()
    assert len(codes) > 50
    for lang in LANGUAGES:
        missing = sorted(c for c in codes if c not in catalog(lang))
        assert not missing, (lang, missing)


def test_instructions_and_meng_decisions_seen_in_play_are_translated():
    seen_events, seen_kinds = set(), set()
    for seed, difficulty in [(1, "easy"), (2, "normal"), (3, "hard"), (4, "hard")]:
        s = Session.new(GAME, {"players": ["Anna"], "difficulty": difficulty, "seed": seed})
        rng = random.Random(seed)
        while (d := s.decision) is not None:
            seen_kinds.add(d.kind)
            events = s.resolve_chance() if d.is_chance else s.act(pick(d, rng))
            for e in events:
                if e.code.startswith("meng."):
                    seen_events.add(e.code)
                    for lang in LANGUAGES:
                        text = t(e.code, lang, **e.params)
                        assert "{" not in text and text != e.code, (lang, e.code)
    assert {"meng.event.day.exchange", "meng.event.dusk.start", "meng.event.night.matches"} <= seen_events
    meng_kinds = {k for k in seen_kinds if k.startswith("gugong.meng_")}
    assert {"gugong.meng_reveal", "gugong.meng_gift", "gugong.meng_focus", "gugong.meng_travel"} <= meng_kinds
    for lang in LANGUAGES:
        assert all(k in catalog(lang) for k in meng_kinds)


def test_setup_errors_are_translated():
    codes = set(re.findall(r'"(meng\.setup\.[a-z_]+)"', (SOLO / "setup.py").read_text()))
    codes |= {f"meng.setup.{k}" for k in ("difficulty", "night_rule", "sets")}
    assert all(c in catalog(lang) for c in codes for lang in LANGUAGES)
