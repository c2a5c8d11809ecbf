"""data/schemas/profile-<box>.json: every fact of every box has a schema, every shipped value fits
it ("My box agrees" in Box check stores the default as the owner's value), and the consistency
checks hold for the shipped profile."""

from __future__ import annotations

import pytest

from companion.core import profile_checks
from companion.core.profile import _schema_file, consistency, load_default

BOXES = ("gugong", "dragon", "yinzi")


@pytest.mark.parametrize("box", BOXES)
def test_every_fact_has_a_schema_in_data(box):
    missing = sorted(set(load_default(box).facts) - set(_schema_file(box)["facts"]))
    assert missing == [], f"add a schema for these facts to data/schemas/profile-{box}.json"
    unknown = sorted(set(_schema_file(box)["facts"]) - set(load_default(box).facts))
    assert unknown == [], "schemas for facts the box does not have"


@pytest.mark.parametrize("box", BOXES)
def test_every_shipped_value_can_be_confirmed_by_the_owner(box):
    default = load_default(box)
    for key, fact in default.facts.items():
        confirmed = default.with_overrides({key: fact.value})
        assert confirmed.value(key) == fact.value and confirmed.fact(key).status == "owner"


@pytest.mark.parametrize("box", BOXES)
def test_the_shipped_profile_passes_its_consistency_checks(box):
    values = {k: f.value for k, f in load_default(box).facts.items()}
    consistency(box, values, set(values))
    for check in _schema_file(box)["checks"]:
        assert check["kind"] in profile_checks.KINDS
        assert profile_checks.facts_read(check) <= set(values)
