"""One place for engine codes to words (companion.i18n.labels), Gùgōng's words in three languages,
and the printed game log reading like the app's log: names, card values, rulebook terms, no raw codes.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from companion.core.chance import pick
from companion.core.game import apply
from companion.core.profile import load_default
from companion.core.registry import get_game
from companion.core.session import Session
from companion.gugong.components import BASE_TILES, BONUS_TILES, CARD_ACTIONS
from companion.i18n import LANGUAGES, catalog, has, labels, t
from companion.i18n.words import gugong as words
from tests.pdf.conftest import squash, text_of

GAME = get_game("gugong")

NAMES = ["Anna", "Björn", "Joĳ"]
RAW = re.compile(r"[{}#]|\b[a-z]+_[a-z0-9_]+\b")  # an unformatted placeholder, a "#id" or a snake_case code


def _session(setup: dict, steps: int, seed: int = 5) -> Session:
    setup = GAME.normalize_setup(setup)
    state, log, rng = GAME.initial_state(setup), [], random.Random(seed)
    for _ in range(steps):
        decision = GAME.decision(state)
        if decision is None:
            break
        action = pick(decision, rng)
        state, _ = apply(GAME, state, action)
        log.append(action)
    return Session.from_log(GAME, setup, log)


@pytest.fixture(scope="module")
def session() -> Session:
    return _session({"players": NAMES, "seed": 5, "bonus_tiles": True}, 160)


def test_printables_and_labels_import_no_streamlit():
    code = "import sys, companion.pdf.sheet, companion.i18n.labels, companion.i18n.words.gugong; " \
           "sys.exit('streamlit' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_gugong_name_has_the_rulebooks_words(lang):
    profile = load_default("gugong")
    groups = {
        "decree": [d["id"] for d in profile.value("decrees")],
        "tile": [*BASE_TILES, *BONUS_TILES],
        "card_action": list(CARD_ACTIONS),
        "location": list(profile.value("board_locations")),
        "benefit_kind": list(profile.value("intrigue_benefits")),
        "reward": list(profile.value("reward_slots")),
        "trade": list(profile.value("tile_trades")),
    }
    assert len(groups["decree"]) == 15
    for group, codes in groups.items():
        for code in codes:
            key = f"gugong.{group}.{code}"
            assert has(key, lang) and key in catalog(lang), key
    assert words.decree("wall_extra", "de") == "Chinesische Mauer: 1 zusätzlicher Diener"
    assert words.location("canal", "nl") == "Grote Kanaal"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_decisions_options_and_events_read_as_words(session, lang):
    """Every decision, option and event of a sampled game: no raw codes, ids or placeholders left."""
    state = GAME.initial_state(session.setup)
    seen = 0
    for action in session.log:
        decision = GAME.decision(state)
        describe = labels.describer("gugong", session.setup, GAME.to_json(state), lang)
        texts = [labels.kind_label(decision.kind, lang, decision.params, NAMES, describe)]
        texts += [labels.option_label("gugong", decision, o, lang, NAMES, describe) for o in decision.options]
        state, events = apply(GAME, state, action)
        describe = labels.describer("gugong", session.setup, GAME.to_json(state), lang)
        texts += [labels.event_text(e, lang, NAMES, describe) for e in events]
        for text in texts:
            assert not RAW.search(text), (decision.kind, text)
            seen += 1
    assert seen > 300


def test_card_values_carry_the_placeholder_mark_until_the_owner_confirms_them():
    event_params = {"player": 0, "given": 0, "taken": 1, "location": "palace"}
    default = words.describe(event_params, {"names": NAMES}, "en", {})
    comp = words.comp_of({})
    assert default["given"] == f"{comp.cards[0].value}?" and default["location"] == "Palace of Heavenly Purity"
    owned = {"profile": {"overrides": {"gift_cards": load_default("gugong").value("gift_cards")}}}
    assert words.describe(event_params, {"names": NAMES}, "en", owned)["given"] == str(comp.cards[0].value)
    assert words.placeholder_legend({}, "nl").startswith("? = ")


def test_printed_log_shows_the_apps_texts(session):
    from companion.pdf.sheet import build_sheet

    found = squash(text_of(build_sheet(session, "en", "a4", base_url="")))
    describe = labels.describer("gugong", session.setup, GAME.to_json(session.state), "en")
    expected = [labels.event_text(e, "en", NAMES, describe) for evs in session.events for e in evs]
    assert len(expected) > 50
    missing = [text for text in expected if squash(text) not in found]
    assert not missing, missing[:5]
    assert squash(t("gugong.placeholder.legend", "en", mark="?")) in found
    for raw in ('{"card"', "board_card", "start_player", "decree_tile"):
        assert raw not in found


def test_printed_log_in_german_with_the_owners_box_has_no_placeholder_legend():
    from companion.pdf.sheet import build_sheet

    default = load_default("gugong")
    checked = ("gift_cards", "jade_houses", "dice_faces", "map_cities", "map_roads")  # every fact the log shows
    overrides = {key: default.value(key) for key in checked}
    owned = _session({"players": NAMES, "seed": 5, "profile": {"overrides": overrides}}, 60)
    found = squash(text_of(build_sheet(owned, "de", "a4", base_url="")))
    assert squash("Platzhalter aus dem Standard-Schachtelprofil") not in found
    assert squash("Spielaufbau: Welche Geschenkkarte liegt beim Beamten für Reisen?") in found
    assert "Anna" in found


def test_chance_weights_are_marked_while_the_tile_counts_are_placeholders():
    assert labels.weight_text("gugong", "gugong.draw_tile", {}, 3) == "×3?"
    assert labels.weight_text("gugong", "gugong.roll_die", {}, 1) == "×1"
    default = load_default("gugong")
    counted = {"profile": {"overrides": {k: default.value(k) for k in ("travel_tiles", "bonus_tiles")}}}
    assert labels.weight_text("gugong", "gugong.draw_tile", counted, 3) == "×3"
    assert labels.weight_text("toy-pig", "pig.roll", {}, 2) == "×2"  # a game without words: unchanged


def _fourth_arrival_sheet():
    import json
    from pathlib import Path

    from companion.gugong.commands import score_table

    data = json.loads((Path(__file__).resolve().parents[2] / "examples/gugong-end-table-example.json").read_text())
    data["players"][2].update(envoy_steps=8, palace_arrival=3)
    data["players"][3].update(envoy_steps=8, palace_arrival=4)  # the 4th arrival's VP is an unknown fact
    return score_table(data)


def test_score_values_from_an_unknown_fact_are_marked_in_the_app_and_on_paper():
    from reportlab.lib.colors import black

    from companion.pdf.sheet import score_table
    from companion.ui.widgets import score_frame

    sheet = _fourth_arrival_sheet()
    palace = next(r for r, row in enumerate(sheet.rows) if row.code.endswith(".row.palace"))
    assert labels.placeholder_cells("gugong", sheet, {}) == {(palace, 3)}
    frame = score_frame(sheet, "gugong", labels.placeholder_cells("gugong", sheet, {}))
    assert frame.iloc[palace, 3].endswith("?") and not frame.iloc[palace, 0].endswith("?")
    owner = {"profile": {"overrides": {"final_scoring.palace_arrival_vp_4": 2}}}
    assert labels.placeholder_cells("gugong", sheet, owner) == set()

    flowables = score_table(sheet, "en", 500, black, {})
    cells = [p.text for row in flowables[0]._cellvalues for p in row if hasattr(p, "text")]
    assert f"{number_text(sheet.rows[palace].values[3])}?" in cells
    legend = t("gugong.placeholder.legend", "en", mark="?")
    assert any(legend in getattr(f, "text", "") for f in flowables)


def number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
