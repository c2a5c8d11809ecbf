"""Each case of issue 13 ("Hostile and broken input"), under "Why", by name: refused with a clear
message, in time, with nothing changed: through the shared checks of saves, tokens and the app, and
through each engine's own setup."""

from __future__ import annotations

import base64
import hashlib
import json
import time
import tracemalloc
import zlib
from pathlib import Path

import pytest

from companion.cli import main
from companion.core import RuleError, SetupError, apply, codec
from companion.core.canonical import canonical_bytes
from companion.core.errors import CompanionError
from companion.core.profile import load_default, usable_overrides
from companion.core.registry import get_game
from companion.core.setup import check_setup, clean_name, player_names
from companion.core.validate import load_json, parse_action
from companion.i18n import LANGUAGES
from companion.i18n.labels import error_text, fact_name

from .fuzzing import GAMES, base_setup, manifest_of, played, save_of


def saved(name: str, setup: dict, log: list | None = None) -> str:
    return json.dumps(save_of(name, setup, log or []))


def token_for(name: str, setup: dict, count: int = 0) -> str:
    header = canonical_bytes({"g": name, "s": setup})
    payload = codec._varint(len(header)) + header + codec._varint(count)
    payload += hashlib.sha256(payload).digest()[:8]
    return "CP2." + base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode().rstrip("=")


def refused(what, *args, expect: str | None = None, **kwargs) -> CompanionError:
    start = time.perf_counter()
    with pytest.raises(CompanionError) as err:
        what(*args, **kwargs)
    assert time.perf_counter() - start < 1.0
    assert expect is None or err.value.code == expect, (err.value.code, err.value.message)
    for lang in LANGUAGES:
        assert "{" not in error_text(err.value, lang).replace("{\"", "")
    return err.value


def normalize(name: str, **changes):
    return get_game(name).normalize_setup({**base_setup(name, 2), **changes})


# -- saves and tokens -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_text_seed_is_a_valid_seed_for_every_game(name):
    """core.setup.seed_of: a seed is a whole number or a short text (dragon/setup.py did int(seed))."""
    assert normalize(name, seed="abc")["seed"] == "abc"


@pytest.mark.parametrize("name", GAMES)
def test_profile_that_is_a_string_is_refused(name):
    err = refused(codec.loads, saved(name, {**base_setup(name, 2), "profile": "x"}), expect="save_bad_setup")
    assert "setup.profile must be an object" in err.message
    refused(normalize, name, profile="x")


@pytest.mark.parametrize("name", GAMES)
def test_infinity_seed_is_refused(name):
    text = saved(name, base_setup(name, 2)).replace('"seed": 1', '"seed": Infinity')
    assert "Infinity" in text
    refused(codec.loads, text, expect="save_bad_number")
    refused(normalize, name, seed=float("inf"))


def test_game_that_is_a_list_is_refused():
    data = save_of("gugong", base_setup("gugong", 2), [])
    data["game"] = ["gugong"]
    refused(codec.from_save, data, expect="save_missing_field")
    refused(get_game, ["gugong"], expect="unknown_game")
    refused(codec.from_token, token_for(["gugong"], base_setup("gugong", 2)), expect="token_corrupt")  # type: ignore


def test_deeply_nested_json_is_refused_everywhere(tmp_path, capsys):
    deep = "[" * 100_000 + "]" * 100_000
    refused(codec.loads, deep, expect="save_too_deep")
    refused(parse_action, deep, expect="manual_action_too_large")
    refused(parse_action, deep[:900] + deep[-900:], expect="manual_action_too_deep")
    refused(codec.from_token, "https://app/?r=" + token_for("gugong", base_setup("gugong", 2)) + deep[:5000])
    header = deep[:30_000].encode()
    payload = codec._varint(len(header)) + header + codec._varint(0)
    payload += hashlib.sha256(payload).digest()[:8]
    refused(codec.from_token, "CP2." + base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode().rstrip("="),
            expect="token_header_too_deep")
    path = tmp_path / "table.json"
    path.write_text(deep)
    assert main(["score", "gugong", str(path)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_integers_over_4300_digits_are_refused():
    refused(codec.loads, '{"format": "companion-save", "version": ' + "1" * 5000 + "}", expect="save_bad_number")
    refused(load_json, "[" + "9" * 31 + "]", "This", max_bytes=100, expect="input_bad_number")
    assert load_json("[" + "9" * 30 + "]", "This", max_bytes=100) == [int("9" * 30)]


@pytest.mark.parametrize("version", ["1.0", "true", "2.0", '"2"', "null"])
def test_version_1_0_or_true_is_not_a_version(version):
    text = saved("gugong", base_setup("gugong", 2)).replace('"version": 2', f'"version": {version}')
    refused(codec.loads, text, expect="save_wrong_version")


def test_a_token_that_inflates_far_is_refused_without_inflating_it():
    zeros = zlib.compressobj(9)
    packed = b"".join(zeros.compress(b"\0" * 1_000_000) for _ in range(14)) + zeros.flush()
    token = "CP2." + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    assert len(token) <= codec.MAX_TOKEN_CHARS  # 14 MB once inflated
    tracemalloc.start()
    refused(codec.from_token, token, expect="token_too_large")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1_000_000


def test_a_token_claiming_a_million_moves_is_refused_before_replaying():
    refused(codec.from_token, token_for("gugong", base_setup("gugong", 2), 1_000_000), expect="token_too_long")


# -- actions ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("odd", [3.0, True, "3"])
def test_3_0_and_true_never_match_3(name, odd):
    setup, log = played(name)
    game = get_game(name)
    position, action = next((i, a) for i, a in enumerate(log) if any(type(v) is int for v in a.values()))
    key = next(k for k, v in action.items() if type(v) is int)
    bad = {**action, key: odd if odd != "3" else str(action[key])}
    err = refused(codec.loads, saved(name, setup, [*log[:position], bad]), expect="save_illegal_action")
    assert err.params["position"] == position
    state = codec.loads(saved(name, setup, list(log[:position]))).state
    before = canonical_bytes(game.to_json(state))
    with pytest.raises(RuleError):
        apply(game, state, parse_action(json.dumps(bad), game.decision(state).options))
    assert canonical_bytes(game.to_json(state)) == before


# -- box-profile values ---------------------------------------------------------------------------------------
def test_days_1000000_is_refused_before_any_game():
    setup = {**base_setup("gugong", 2), "profile": {"overrides": {"days": 1_000_000}}}
    err = refused(check_setup, manifest_of("gugong"), setup, expect="profile.bad_value")
    assert "days" in err.message and "from 1 to 8" in err.message


@pytest.mark.parametrize(("box", "key", "value"), [
    ("dragon", "score.final", {"per_person": 2, "sell_price": 2, "yuan_per_point": 0}),
    ("gugong", "final_scoring.decree_vp_per_3_vp", {"per": 0, "vp": 1, "max": 10}),
    ("yinzi", "exchange.rates", [6, 8, 0, 12, 14, 16]),
])
def test_a_divisor_of_0_is_refused(box, key, value):
    err = refused(load_default(box).with_overrides, {key: value}, expect="profile.bad_value")
    assert key in err.message and "below 1" in err.message


def test_a_short_token_with_months_1000000_is_refused_at_once():
    setup = {**base_setup("dragon", 2), "profile": {"overrides": {"months": 1_000_000}}}
    token = token_for("dragon", setup)
    assert len(token) < 300
    err = refused(codec.from_token, token, expect="token_bad_setup")
    assert "months" in err.message


def test_box_check_cannot_save_abc_for_the_dice_faces():
    err = refused(load_default("gugong").with_overrides, {"dice_faces": "abc"}, expect="profile.bad_value")
    assert err.params["key"] == "dice_faces" and "Expected" in err.message and "whole number from 1 to 9" in err.message


def test_a_damaged_stored_value_names_the_fact_and_the_rest_stays_usable():
    good, bad = usable_overrides("gugong", {"dice_faces": "abc", "decree_spaces": 4})
    assert good == {"decree_spaces": 4}
    assert [e.params["key"] for e in bad] == ["dice_faces"]
    for lang in LANGUAGES:
        text = error_text(bad[0], lang)
        assert fact_name("gugong", "dice_faces", lang) in text and "{key}" not in text and "dice_faces" not in text


def test_an_engine_refusal_without_the_fact_shows_no_literal_placeholder():
    err = SetupError("bad_profile", "The card table lists 3 gift cards; the box has 38.")
    for lang in LANGUAGES:
        assert "{key}" not in error_text(err, lang)


# -- names ---------------------------------------------------------------------------------------------------
NAME_ERRORS = ("x", "y")


def names(*players):
    return player_names({"players": list(players)}, 1, 5, NAME_ERRORS, NAME_ERRORS)


def test_a_10000_character_name_is_refused():
    refused(names, "x" * 10_000, "Bo", expect="setup.name_too_long")
    assert names("x" * 40, "Bo")[0] == "x" * 40


@pytest.mark.parametrize("name", GAMES)
def test_two_annas_are_refused_in_every_game(name):
    m = manifest_of(name)
    if m.max_players < 2:
        pytest.skip("one player")
    setup = {**base_setup(name, 2), "players": ["Anna", "anna "]}
    refused(check_setup, m, setup, expect="setup.names")
    refused(codec.loads, saved(name, setup), expect="save_bad_setup")
    refused(get_game(name).normalize_setup, setup)


def test_none_never_becomes_the_name_None():
    refused(names, None, "Bo", expect="setup.name_not_text")
    refused(names, 3, "Bo", expect="setup.name_not_text")


@pytest.mark.parametrize("invisible", ["\u200b", "\u200b\u200d", " \u2060 ", "\u0301", "   "])
def test_zero_width_only_names_are_refused(invisible):
    refused(names, invisible, "Bo", expect="x")


def test_e_acute_written_two_ways_is_one_name():
    assert clean_name("Ren\u0065\u0301") == "Ren\u00e9"
    refused(names, "Ren\u00e9", "Ren\u0065\u0301", expect="x")
    refused(names, "Anna", "An\u200bna", expect="x")


def test_control_characters_in_names_are_refused():
    refused(names, "Anna\nBob", "Cy", expect="setup.name_control")


# -- the command line ----------------------------------------------------------------------------------------
def cli(capsys, *argv: str) -> str:
    code = main(list(argv))
    out = capsys.readouterr()
    assert code == 2, (code, out)
    lines = out.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in out.err + out.out
    return lines[0]


def test_cli_non_utf8_end_table(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_bytes('{"players": [{"name": "Jürgen"}]}'.encode("latin-1"))
    assert "UTF-8" in cli(capsys, "score", "gugong", str(path))


def test_cli_vp_10_to_the_400(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text('{"format": "gugong-end-table", "version": 1, "players": [{"name": "A", "vp": 1' + "0" * 400
                    + "}]}")
    assert "number" in cli(capsys, "score", "gugong", str(path))


def test_cli_nested_tables(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"players": [[[{"name": "A"}]]]}))
    cli(capsys, "score", "dragon", str(path))


def test_cli_output_is_a_directory_or_a_full_device(tmp_path, capsys):
    assert "directory" in cli(capsys, "print", "pad", "gugong", "-o", str(tmp_path))
    if Path("/dev/full").exists():
        assert "space" in cli(capsys, "print", "pad", "gugong", "-o", "/dev/full")


def test_cli_a_5000_character_base_url(tmp_path, capsys):
    line = cli(capsys, "print", "pad", "gugong", "-o", str(tmp_path / "p.pdf"), "--base-url", "https://" + "x" * 5000)
    assert len(line) < 300


@pytest.mark.parametrize("games", ["-1", "0", "abc"])
def test_cli_simulate_games_minus_1_exits_non_zero(capsys, games):
    cli(capsys, "simulate", "gugong", "--games", games)


def test_cli_reading_a_device_ends(capsys):
    if Path("/dev/zero").exists():
        assert "not a file" in cli(capsys, "replay", "/dev/zero")


def test_cli_debug_shows_the_traceback(capsys):
    assert main(["replay", "/nonexistent", "--debug"]) == 2
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize("odd", [4.0, True, "4"])
def test_box_values_are_whole_numbers_exactly(odd):
    """JSON Schema counts 4.0 as an integer; a box fact does not (issue 13: 3.0 and True are not 3)."""
    err = refused(load_default("gugong").with_overrides, {"days": odd}, expect="profile.bad_value")
    assert "not a whole number" in err.message
