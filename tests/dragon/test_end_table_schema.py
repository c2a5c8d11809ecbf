"""The quick-score form draws its bounds from the end-table schema (companion/ui/quick_fields.py): the schema's
palace bounds must be the box's own (data/dragon/profile/table.yaml)."""

from __future__ import annotations

import json

from companion.core.profile import SCHEMA_DIR, load_default


def test_schema_palace_floors_and_persons_are_the_boxs_max_floors():
    palace = json.loads((SCHEMA_DIR / "dragon-end-table.schema.json").read_text(encoding="utf-8"))
    spec = palace["properties"]["players"]["items"]["properties"]["palaces"]["items"]["properties"]
    floors = load_default("dragon").value("palace.max_floors")
    assert spec["floors"]["maximum"] == floors
    assert spec["persons"]["maxItems"] == floors  # one person a floor
