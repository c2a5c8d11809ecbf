"""Issue 22: an exported box profile carries what tables saw, item by item and when (its proofs and recordings),
and imports back unchanged; a file whose proofs do not fit its values is refused whole, nothing stored."""

from __future__ import annotations

import json

import pytest

from companion.core import seen_items
from companion.core.errors import SetupError
from companion.core.profile import import_profile, load_default
from companion.storage import open_store
from companion.ui.boxcheck import owner

FOUND = {"dice_faces": [2, 3, 7], "meng.automa_cards": {"travel": 2, "palace": 1}}


def _recorded(game: str = "gugong") -> dict:
    """The owner's stored profile after one recorded game (what the Table screen's "record" does)."""
    owner.record(game, FOUND, per_item=True)
    return owner.export_doc(game)


def test_the_exported_file_carries_the_proofs_and_when_they_were_recorded(data_dir):
    doc = _recorded()
    assert doc["partly"] == ["dice_faces", "meng.automa_cards"]
    assert doc["proofs"] == {"dice_faces": [2, 3, 7], "meng.automa_cards": {"palace": 1, "travel": 2}}
    (entry,) = doc["recordings"]
    assert entry["found"] == FOUND and entry["at"][:2] == "20"  # an ISO time, UTC


def test_a_profile_file_imports_back_unchanged(data_dir):
    doc = _recorded()
    text = json.dumps(doc, ensure_ascii=False)
    store = open_store()
    for key in ("box_seen_items.gugong", "box_seen_log.gugong", "box_partly.gugong"):
        store.set_setting(key, [] if "items" not in key else {})
    store.set_box_overrides("gugong", {})
    owner.import_doc("gugong", text)
    assert owner.export_doc("gugong") == doc
    assert owner.profile("gugong").fact("dice_faces").status == "partly"  # still unverified after the trip


def test_a_file_whose_proofs_do_not_fit_its_values_is_refused_and_nothing_stored(data_dir):
    doc = _recorded()
    before = owner.export_doc("gugong")
    bad = {**doc, "proofs": {**doc["proofs"], "dice_faces": [8]}}  # a face the stored die does not have
    with pytest.raises(SetupError) as err:
        owner.import_doc("gugong", json.dumps(bad))
    assert err.value.code == "bad_profile_proofs"
    not_seen = {**doc, "proofs": {**doc["proofs"], "decree_costs": {"morning_intrigue": 3}}}  # never seen
    with pytest.raises(SetupError):
        owner.import_doc("gugong", json.dumps(not_seen))
    assert owner.export_doc("gugong") == before


def test_proofs_of_every_kind_pass_the_core_round_trip():
    default = load_default("gugong")
    cards = [c for c in default.value("gift_cards") if c["set"] == "p1"][:2]
    found = {"gift_cards": {"p1": {f"{c['value']}|{c['action']}": 1 for c in cards}},
             "decree_costs": {next(iter(default.value("decree_costs"))): 4}, "travel_tiles": {"canal": 3}}
    overrides, seen, partly, proofs = seen_items.record(default, {}, found)
    profile = default.with_overrides(overrides, set(seen), set(partly))
    text = json.dumps(seen_items.exported(profile, proofs, [{"at": "2026-11-28T01:00+00:00", "found": found}]))
    back = import_profile(text, "gugong")
    assert back.export() == profile.export()
    assert seen_items.read_proofs(json.loads(text), back) == (proofs, [{"at": "2026-11-28T01:00+00:00",
                                                                       "found": found}])
