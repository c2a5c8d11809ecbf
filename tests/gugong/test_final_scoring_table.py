"""The documented end-of-game table format: schema, consistency checks, profile facts, translations."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from companion.core.end_table import EndTableError, table_schema
from companion.core.errors import SetupError
from companion.core.profile import load_default
from companion.core.registry import manifest
from companion.core.validate import InputError
from companion.gugong.end_table import LEVEL3_DECREES, load_end_table
from companion.gugong.scoring import final_score
from companion.i18n import LANGUAGES, catalog, placeholders

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((ROOT / "examples" / "gugong-end-table-example.json").read_text(encoding="utf-8"))
CATALOG = ROOT / "companion" / "i18n" / "catalog"


def refused(data) -> EndTableError:
    with pytest.raises(EndTableError) as err:
        manifest("gugong").score_table(data)  # the one end-table check, then the consistency checks
    return err.value


def edited(path: str, value) -> dict:
    """The example with one field changed; path like "players.1.jade"."""
    data = copy.deepcopy(EXAMPLE)
    node = data
    *parents, last = path.split(".")
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    if value is KeyError:
        del node[int(last) if last.isdigit() else last]
    else:
        node[int(last) if last.isdigit() else last] = value
    return data


# -- schema ------------------------------------------------------------------------------------------
def test_schema_is_a_valid_json_schema_and_the_example_matches():
    jsonschema.Draft202012Validator.check_schema(table_schema("gugong-end-table.schema.json"))
    jsonschema.validate(EXAMPLE, table_schema("gugong-end-table.schema.json"), cls=jsonschema.Draft202012Validator)


def test_schema_knows_exactly_the_level3_decrees():
    items = table_schema("gugong-end-table.schema.json")["$defs"]["player"]["properties"]["decrees"]["items"]["enum"]
    assert tuple(items) == LEVEL3_DECREES


@pytest.mark.parametrize(
    ("path", "value", "field", "says"),
    [
        ("players.0.jade", "six", "players[0] (Anna).jade", "'six' is not of type 'integer' (expected: a whole number"),
        ("players.0.vp", 12.5, "players[0] (Anna).vp", "is not of type 'integer'"),
        ("players.1.vp", -3, "players[1] (Lisa).vp", "-3 is less than the minimum of 0 (expected: a whole number, 0"),
        ("players.2.jade", -1, "players[2] (Sebastian).jade", "less than the minimum of 0"),
        ("players.1.envoy_steps", 9, "players[1] (Lisa).envoy_steps", "(expected: envoy position on the palace track"),
        ("players.1.intrigue", 15, "players[1] (Lisa).intrigue", "15 is greater than the maximum of 14"),
        ("players.0.decrees", ["vp_per_4_vp"], "players[0] (Anna).decrees[0]", "'vp_per_4_vp' is not one of"),
        ("players.0.wall_double_servant", "yes", "players[0] (Anna).wall_double_servant", "expected: true if"),
        ("players.0.intrigue", KeyError, "players[0] (Anna)", "'intrigue' is a required property"),
        ("players.3.colour", "red", "players[3] (David)", "Additional properties are not allowed ('colour'"),
        ("players", [], "players", "[] is too short (expected: a list of 2 to 5 players"),
        ("format", "gugong-save", "format", 'expected: the text "gugong-end-table"'),
        ("version", 2, "version", "expected: the number 1"),
    ],
)
def test_bad_types_and_values_are_refused_with_what_would_be_right(path, value, field, says):
    err = refused(edited(path, value))
    assert err.code == "table_invalid"
    messages = [f"{p.field}: {p.message}" for p in err.problems]
    assert any(m.startswith(field + ":") and says in m for m in messages), messages
    assert says in str(err)
def test_missing_players_are_refused():
    data = copy.deepcopy(EXAMPLE)
    del data["players"]
    err = refused(data)
    assert "'players' is a required property" in str(err)
    err = refused(edited("players", EXAMPLE["players"][:1]))
    assert "players: " in str(err) and "is too short" in str(err) and "2 to 5 players" in str(err)
def test_six_players_are_refused():
    six = [dict(EXAMPLE["players"][0], name=f"P{i}") for i in range(6)]
    assert "is too long" in str(refused(edited("players", six)))
def test_not_an_object_is_refused():
    err = refused([1, 2, 3])
    assert "is not of type 'object'" in str(err)
def test_every_problem_is_listed_at_once():
    data = edited("players.0.vp", -1)
    data["players"][1]["jade"] = "x"
    assert len(refused(data).problems) == 2


# -- consistency ---------------------------------------------------------------------------------------
def test_arrival_without_palace_is_refused():
    err = refused(edited("players.0.envoy_steps", 7))
    assert err.code == "table_invalid.inconsistent"
    assert "players[0] (Anna).palace_arrival: is set but envoy_steps is 7" in str(err)
def test_palace_without_arrival_is_refused():
    err = refused(edited("players.3.envoy_steps", 8))
    assert "players[3] (David).palace_arrival: the envoy is in the palace (envoy_steps 8): give its arrival" in str(err)
def test_shared_arrival_is_refused():
    err = refused(edited("players.1.palace_arrival", 1))
    assert "Anna, Lisa all have arrival 1" in str(err)
def test_intrigue_stack_must_be_consistent():
    err = refused(edited("players.2.intrigue_height", 1))
    assert (
        "on intrigue space 9 the markers have heights Lisa 1, Sebastian 1; 2 marker(s) there need heights 1 to 2"
        in str(err)
    )
    err = refused(edited("players.3.intrigue_height", 2))
    assert "on intrigue space 12" in str(err)
def test_more_than_two_level3_decrees_in_play_is_refused():
    err = refused(edited("players.1.decrees", ["vp_per_jade"]))
    assert "only 2 level-3 decrees are in play" in str(err)
def test_decree_listed_twice_is_refused():
    err = refused(edited("players.1.decrees", ["eight_vp", "eight_vp"]))
    assert "non-unique elements" in str(err)
def test_decree_servants_must_cover_the_decrees_owned():
    err = refused(edited("players.2.decree_servants", 1))
    assert "players[2] (Sebastian).decree_servants: is 1 but the player owns 2 level-3 decree(s)" in str(err)
def test_names_must_differ():
    err = refused(edited("players.1.name", "Anna"))  # the one end-table check, as every setup checks names
    assert err.code == "table_invalid.names" and "called 'Anna'" in str(err)
    assert err.params["where"] == "players[1].name"
    with pytest.raises(EndTableError) as inner:  # a table built in memory is checked for consistency too
        load_end_table(edited("players.1.name", "Anna"))
    assert "players[1].name: Anna is used twice" in str(inner.value)
def test_blank_name_is_refused():
    with pytest.raises(SetupError, match="name is empty or invisible"):  # the one check: names as every setup
        manifest("gugong").score_table(edited("players.1.name", "  "))
    with pytest.raises(EndTableError, match=r"players\[1\]\.name: is empty"):  # a table built in memory
        load_end_table(edited("players.1.name", "  "))
def test_meng_only_in_a_two_entry_solo_table():
    err = refused(edited("players.3.meng", True))
    assert "a solo game has exactly 2 entries: you and Meng" in str(err)
    solo = {
        "format": "gugong-end-table",
        "version": 1,
        "players": [
            {"name": "You", "vp": 30, "envoy_steps": 8, "palace_arrival": 1, "jade": 2, "intrigue": 3},
            {"name": "Meng", "vp": 35, "envoy_steps": 4, "jade": 1, "intrigue": 5, "meng": True},
        ],
    }
    sheet = final_score(load_end_table(solo))
    assert sheet.totals == [40, 36]
    two_mengs = copy.deepcopy(solo)
    two_mengs["players"][0]["meng"] = True
    assert "2 Meng among 2 players" in str(refused(two_mengs))
def test_errors_are_input_errors_with_translatable_problems():
    err = refused(edited("players.1.palace_arrival", 1))
    assert isinstance(err, InputError) and err.code == "table_invalid.inconsistent"
    problem = err.to_dict()["params"]["problems"][0]
    assert set(problem) == {"field", "code", "params", "message"}
    assert problem["code"] in catalog("de")
def test_profile_override_in_the_file():
    data = edited("profile", {"overrides": {"final_scoring.palace_arrival_vp_1": 8}})
    assert final_score(load_end_table(data)).row("gugong_score.row.palace").values[0] == 8
    with pytest.raises(SetupError, match="not a fact of the gugong box"):
        final_score(load_end_table(edited("profile", {"overrides": {"palace": 1}})))


# -- profile facts ------------------------------------------------------------------------------------
def test_scoring_profile_facts_have_status_and_source():
    raw = yaml.safe_load((ROOT / "data" / "gugong" / "profile" / "scoring.yaml").read_text(encoding="utf-8"))
    facts = raw["facts"]
    assert all(k.startswith("final_scoring.") for k in facts)
    for key, entry in facts.items():
        assert entry["status"] in ("confirmed", "inferred", "unknown"), key
        assert entry["source"], key
    profile = load_default("gugong")
    assert [profile.value(f"final_scoring.palace_arrival_vp_{i}") for i in (1, 2, 3)] == [7, 5, 3]
    assert [profile.fact(f"final_scoring.palace_arrival_vp_{i}").status for i in (1, 2, 3, 4, 5)] == [
        "confirmed",
        "confirmed",
        "confirmed",
        "unknown",
        "unknown",
    ]
    assert profile.value("final_scoring.jade_vp_ladder") == [1, 3, 6, 10, 15]
    assert profile.value("palace_steps") == 8  # board.yaml (engine), read by the final scoring


# -- translations ---------------------------------------------------------------------------------------
def test_catalog_has_the_same_keys_and_placeholders_in_every_language():
    files = {
        lang: json.loads((CATALOG / f"gugong_score.{lang}.json").read_text(encoding="utf-8")) for lang in LANGUAGES
    }
    keys = set(files["en"])
    for lang, data in files.items():
        assert set(data) == keys, lang
        assert all(k.startswith("gugong_score.") for k in data)
        for key, text in data.items():
            assert placeholders(text) == placeholders(files["en"][key]), (lang, key)
def test_every_code_the_scoring_emits_is_translated():
    codes = {f"gugong_score.row.decree.{d}" for d in LEVEL3_DECREES}
    sheet = final_score(load_end_table(EXAMPLE))
    codes |= {r.code for r in sheet.rows} | {n["code"] for n in sheet.notes}
    source = (ROOT / "companion" / "gugong" / "end_table.py").read_text(encoding="utf-8")
    source += (ROOT / "companion" / "gugong" / "scoring.py").read_text(encoding="utf-8")
    codes |= set(re.findall(r'"(gugong_score\.(?:problem|note|error|tiebreak)\.[a-z_0-9]+)"', source))
    for lang in LANGUAGES:
        missing = sorted(c for c in codes if c not in catalog(lang))
        assert not missing, (lang, missing)
def test_level3_ids_agree_with_the_engines_decree_list():
    """One name per decree: the table's level-3 ids are the engine's (data/gugong/profile/decrees.yaml)."""
    decrees = load_default("gugong").value("decrees")
    assert tuple(d["id"] for d in decrees if d["level"] == 3) == LEVEL3_DECREES
