"""Every decision kind, event code and error code the engine emits has a text in en, de and nl."""

from __future__ import annotations

import re
from pathlib import Path

from companion.core.playout import playout
from companion.gugong.engine import GAME
from companion.gugong.steps import STEPS
from companion.i18n import catalog, placeholders

SOURCE = Path(__file__).resolve().parents[2] / "companion" / "gugong"


def emitted_codes() -> set[str]:
    codes: set[str] = set()
    for seed in range(6):
        setup = {"players": ["A", "B", "C", "D", "E"][: 2 + seed % 4], "bonus_tiles": True}
        state = GAME.initial_state(GAME.normalize_setup(setup))

        def on_step(before, before_bytes, action, after) -> None:
            codes.add(GAME.decision(before).kind)

        result = playout(GAME, setup, seed, on_step=on_step)
        assert state is not None and result.completed
    return codes


def test_every_code_has_a_text_in_every_language_with_the_same_placeholders():
    keys = {f"gugong.{k}" for k, v in STEPS.kinds.items() if v.options}
    keys |= emitted_codes()
    text = "\n".join(p.read_text(encoding="utf-8") for p in SOURCE.glob("*.py"))
    keys |= {f"gugong.event.{c}" for c in re.findall(r'event\("([a-z_]+)"', text)}
    keys |= set(re.findall(r'"(gugong\.(?:error|setup)\.[a-z_]+)"', text))
    en, de, nl = catalog("en"), catalog("de"), catalog("nl")
    missing = {lang: sorted(k for k in keys if k not in cat) for lang, cat in (("en", en), ("de", de), ("nl", nl))}
    assert missing == {"en": [], "de": [], "nl": []}
    own = [k for k in en if k.startswith("gugong.")]
    for key in own:
        assert placeholders(en[key]) == placeholders(de[key]) == placeholders(nl[key]), key
