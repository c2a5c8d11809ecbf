"""Issue 22: the table enters several chance steps of one kind on one screen (companion.ui.table_entry).

A 3-player Gùgōng game, the table entering (table entry on): each start hand on one screen with the player
set's cards chosen beforehand; the seven officials' cards, the decrees, the fate dice and the cities' tiles
each a grid, one tap per step, one confirm for the run. The log gets one action per step, as before; the
options are the engine's (a die face the box's checked die lacks is not offered, counts only where the box
profile confirms them)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.registry import get_game
from companion.core.session import Session
from companion.i18n import t
from companion.storage import open_store

from .apphelpers import click, enter_seen, new_session, start, table, texts

NAMES = ["Ada", "Bo", "Cy"]
SEEN = "seen"


def _grid(at, v: int) -> list:
    """The option buttons of the open step (entry_<version>_<n>_<index>)."""
    head = f"entry_{v}_"
    return [b for b in at.button if b.key and b.key.startswith(head) and b.key[len(head):][0].isdigit()]


def _ahead(at, tapped: list[dict]) -> Session:
    """The game as it would be after `tapped` (asked of the engine, as the screen does)."""
    tab = table(at)
    return Session.from_log(tab.session.game, tab.session.setup, [*tab.session.log, *tapped])


def _tap_first(at, tapped: list[dict]) -> None:
    b = _grid(at, table(at).version)[0]
    tapped.append(_ahead(at, tapped).decision.options[int(b.key.rsplit("_", 1)[1])])
    b.click().run()
    assert not at.exception, at.exception


def _run(at) -> list[dict]:
    """Tap the first button of each open step, then confirm; the options tapped, in order."""
    tapped: list[dict] = []
    while _grid(at, table(at).version):
        _tap_first(at, tapped)
    click(at, f"entry_confirm_{table(at).version}")
    return tapped


def _resume_at(kind: str, profile: dict[str, Any] | None = None, lang: str = "en"):
    """A game with table entry on, the table entering, set up up to the first step of `kind` (the first listed
    option at each step), resumed from Home."""
    setup: dict[str, Any] = {"players": NAMES, "seed": 5, "table_entry": True}
    if profile:
        setup["profile"] = {"overrides": profile}
    session = Session.new(get_game("gugong"), setup)
    while session.decision.kind != kind:
        session.act(next(o for o in session.decision.options if SEEN not in o))
    store = open_store()
    row = store.create_game(session, owner=store.home_table(), title="entry", meta={"randomness": "table"})
    at = new_session(lang)
    at.run()
    return click(at, f"resume_{row.id}")


def test_officials_cards_one_tap_each_and_one_confirm_log_one_action_per_step(data_dir):
    at = start(new_session(), "gugong", players=3, names=NAMES, who="table")
    assert table(at).session.decision.kind == "gugong.setup_start"
    _run(at)  # the start player: one step
    while table(at).session.decision.hidden:  # each start hand: its player set chosen beforehand
        v = table(at).version
        assert at.button(key=f"held_confirm_{v}").label == "Enter these 4"
        click(at, f"held_confirm_{v}")
    tab = table(at)
    assert tab.session.decision.kind == "gugong.setup_board"
    before, v = len(tab.session.log), tab.version
    assert at.button(key=f"entry_confirm_{v}").disabled, "nothing entered: nothing to confirm"
    assert t("table_entry.help", "en") in texts(at)
    tapped = _run(at)
    assert len(tapped) == 7, tapped
    assert table(at).session.log[before:] == tapped, "one logged choice per official, in the order tapped"
    assert table(at).session.decision.kind == "gugong.setup_decree"


def test_take_back_the_last_entry_before_confirming(data_dir):
    at = _resume_at("gugong.setup_board")
    v, log = table(at).version, list(table(at).session.log)
    tapped: list[dict] = []
    _tap_first(at, tapped)
    _tap_first(at, tapped)
    shown = texts(at)
    assert "1. " in shown and "2. " in shown and table(at).session.log == log, "nothing sent before confirming"
    click(at, f"entry_back_{v}")
    click(at, f"entry_confirm_{v}")
    assert table(at).session.log == [*log, tapped[0]]


def test_decrees_are_a_grid_with_effect_and_printed_cost(data_dir):
    at = _resume_at("gugong.setup_decree")
    labels = [b.label for b in _grid(at, table(at).version)]
    d = table(at).session.decision
    assert len(labels) == sum(1 for o in d.options if SEEN not in o), "one button per listed decree"
    assert all("cost" in label and "Each" in label for label in labels), labels
    before = len(table(at).session.log)
    tapped = _run(at)
    assert len(tapped) == 6 and table(at).session.log[before:] == tapped


def test_a_hand_is_its_player_set_chosen_beforehand_and_a_card_it_lacks_entered_beside(data_dir):
    at = _resume_at("gugong.deal_card")
    tab = table(at)
    d, v, before = tab.session.decision, tab.version, len(tab.session.log)
    listed = [i for i, o in enumerate(d.options) if SEEN not in o]
    pills = at.button_group(key=f"held_pick_{v}")
    assert pills.value == listed and len(listed) == 4, "the player set, chosen beforehand"
    pills.set_value(listed[:3]).run()  # the fourth is not what the player holds
    assert at.button(key=f"held_confirm_{v}").disabled
    assert t("table_entry.chosen", "en", n=4, chosen=3) in texts(at)
    enter_seen(at, v, value=9, action="wall")  # "Something else…": a tap on the value, a tap on the action
    assert table(at).session.log[before:] == [], "nothing sent before confirming"
    assert not at.button(key=f"held_confirm_{v}").disabled
    click(at, f"held_confirm_{v}")
    log = table(at).session.log[before:]
    assert log[:3] == [d.options[i] for i in listed[:3]] and log[3]["seen"] == {"value": 9, "action": "wall"}
    state = table(at).session.state
    seat = d.params["p"]
    assert any((state.comp.cards[c].value, state.comp.cards[c].action) == (9, "wall") for c in state.players[seat].hand)


def test_a_seen_card_fills_an_officials_step_and_the_panel_serves_the_next_one(data_dir):
    at = _resume_at("gugong.setup_board")
    v, before = table(at).version, len(table(at).session.log)
    for value in (9, 8):  # two in a row: no send in between, the same fields stay on the screen
        enter_seen(at, v, value=value, action="wall")
    assert _grid(at, v) and table(at).session.log[before:] == []
    click(at, f"entry_confirm_{v}")
    assert [a[SEEN]["value"] for a in table(at).session.log[before:]] == [9, 8]


def test_a_checked_die_offers_only_its_faces_and_nothing_else(data_dir):
    at = _resume_at("gugong.roll_die", profile={"dice_faces": [2, 3, 4, 6, 8, 9]})
    assert [b.label for b in _grid(at, table(at).version)] == ["2", "3", "4", "6", "8", "9"]
    assert t("box.something_else", "en") not in [e.label for e in at.expander]
    at = _resume_at("gugong.roll_die")  # the shipped profile: the model's faces, and what it may lack
    assert [b.label.rstrip("?") for b in _grid(at, table(at).version)] == ["1", "2", "3", "4", "5", "6"]
    assert t("box.something_else", "en") in [e.label for e in at.expander]


def test_tile_counts_only_where_the_box_profile_confirms_them(data_dir):
    at = _resume_at("gugong.draw_tile")
    assert not any("×" in b.label for b in _grid(at, table(at).version)), "no guessed counts"
    from companion.core.profile import load_default

    shipped = load_default("gugong")  # the owner checked the tile mix (the draw counts from both piles' facts)
    facts = {k: shipped.fact(k).value for k in ("travel_tiles", "bonus_tiles")}
    at = _resume_at("gugong.draw_tile", profile=facts)
    labels = [b.label for b in _grid(at, table(at).version)]
    assert all("(×" in label for label in labels) and "(×3)" in labels[0], labels


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_run_screens_speak_the_readers_language(data_dir, lang):
    at = _resume_at("gugong.setup_board", lang=lang)
    tapped: list[dict] = []
    _tap_first(at, tapped)
    shown = texts(at)
    assert t("table_entry.help", lang) in shown and t("table_entry.help", "en") not in shown
    place = t("table_entry.slot.gugong.setup_board", lang, loc="§").split("§")[0]  # "Beamter für ", ...
    assert place and f"1. {place}" in shown
    assert at.button(key=f"entry_back_{table(at).version}").label == t("table_entry.take_back", lang)


def test_the_new_catalog_has_the_same_keys_in_every_language_and_none_twice():
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "companion" / "i18n" / "catalog"
    keys = {lang: set(json.loads((folder / f"table_entry.{lang}.json").read_text())) for lang in ("en", "de", "nl")}
    assert keys["en"] == keys["de"] == keys["nl"]
    others = set()
    for path in folder.glob("*.json"):
        if not path.name.startswith("table_entry."):
            others |= set(json.loads(path.read_text()))
    assert not keys["en"] & others, "a key is defined once across catalogs"


def _question(at) -> str:
    """The decision panel's heading: its first bold line."""
    return next(m.value for m in at.markdown if m.value.startswith("**") and m.value.endswith("?**"))


def test_each_step_of_a_run_asks_its_own_question(data_dir):
    """The panel's heading is the open step's question, not the first step's, all through the run."""
    at = _resume_at("gugong.setup_board")
    tapped: list[dict] = []
    asked = []
    while _grid(at, table(at).version):
        asked.append(_question(at))
        _tap_first(at, tapped)
    assert len(tapped) == 7 and len(set(asked)) == 7, asked  # seven officials, seven questions
    assert "Travel official" in asked[0] and all("Travel official" not in q for q in asked[1:]), asked


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_pick_caption_says_what_is_shown(data_dir, lang):
    """A start hand: "the 4 cards of this player set"; never "player set" for a single card drawn face down."""
    at = _resume_at("gugong.deal_card", lang=lang)
    v = table(at).version
    pills = at.button_group(key=f"held_pick_{v}")
    assert pills.label == t("table_entry.pick_set", lang, n=4)
    assert "4" in pills.label
    one = t("table_entry.pick_one", lang, n=1)
    assert t("table_entry.pick_set", lang, n=1) != one and "{" not in one
