"""Issue 22: a fact a table saw only in part ("partly") is not a checked fact anywhere it is read: the screens'
notice still names it and says how much was seen ("partly checked: 3 of 38 seen at the table"), the quick score
and the statistics count it apart from the owner's checks."""

from __future__ import annotations

import pytest

from companion.core import seen_items
from companion.core.profile import load_default
from companion.core.seen_items import item_key
from companion.stats import box
from companion.storage import open_store
from companion.ui.widgets import still_open
from tests.ui.apphelpers import new_session, start, texts

START = {"1|swap": 1, "2|decree": 1, "3|jade": 1}  # three start cards a table saw, as the shipped profile has them


def _partly_cards() -> tuple[dict, dict]:
    """The owner's profile after a game that showed three start cards: (overrides, proofs)."""
    default = load_default("gugong")
    start_cards = [c for c in default.value("gift_cards") if c["set"] == "start"][:3]
    proof = {"start": {f"{c['value']}|{c['action']}": 1 for c in start_cards}}
    overrides, seen, partly, proofs = seen_items.record(default, {}, {"gift_cards": proof})
    assert partly == ["gift_cards"] and not seen
    return overrides, proofs


def test_a_partly_seen_fact_stays_open_on_the_screens_and_a_seen_one_does_not():
    overrides, _proofs = _partly_cards()
    setup = {"profile": {"overrides": overrides, "partly": ["gift_cards"]}}
    assert still_open("gugong", setup, ["gift_cards"]) == ["gift_cards"]
    assert still_open("gugong", {"profile": {"overrides": overrides, "seen": ["gift_cards"]}}, ["gift_cards"]) == []
    assert still_open("gugong", {"profile": {"overrides": overrides}}, ["gift_cards"]) == []  # the owner's check


def test_coverage_counts_the_items_seen_of_each_kind():
    default = load_default("gugong")
    assert seen_items.coverage("gugong", "gift_cards", default.value("gift_cards"), {"start": START}) == (3, 38)
    assert seen_items.coverage("gugong", "dice_faces", [1, 2, 3, 4, 5, 6], [2, 5]) == (2, 6)
    costs = default.value("decree_costs")
    assert seen_items.coverage("gugong", "decree_costs", costs, {next(iter(costs)): 3}) == (1, len(costs))
    assert seen_items.coverage("gugong", "meng.automa_cards", default.value("meng.automa_cards"),
                               {"travel": 2}) == (2, 11)
    tiles = load_default("yinzi").value("infra.tiles")
    assert seen_items.coverage("yinzi", "infra.tiles", tiles, {item_key(tiles[0]): 1}) == (1, 20)
    assert seen_items.coverage("gugong", "jade_houses", [], {}) is None  # no items: a fact seen whole or not


def test_statistics_count_table_sight_apart_from_the_owners_checks():
    overrides, _proofs = _partly_cards()
    counts = box.status(box.profile("gugong", {**overrides, "dice_faces": [1, 2, 3, 4, 5, 6]}, (), ["gift_cards"]))
    assert counts["partly"] == 1 and counts["owner"] == 1  # before: both counted as the owner's checks


@pytest.mark.parametrize("lang, words", [("en", "partly checked: 3 of 38 seen at the table"),
                                         ("de", "teilweise geprüft: 3 von 38 am Tisch gesehen"),
                                         ("nl", "deels gecontroleerd: 3 van 38 aan tafel gezien")])
def test_the_table_notice_says_how_much_of_a_partly_seen_fact_was_seen(data_dir, lang, words):
    overrides, proofs = _partly_cards()
    store = open_store()
    store.set_box_overrides("gugong", overrides)
    store.set_setting("box_partly.gugong", ["gift_cards"])
    store.set_setting("box_seen_items.gugong", proofs)
    app = start(new_session(lang), "gugong", players=3)
    assert "gift_cards" in app.session_state["table"].session.setup["profile"]["partly"]
    notice = "\n".join(str(m.value) for m in app.markdown if ":material/help:" in str(m.value))
    assert words in notice, texts(app)
