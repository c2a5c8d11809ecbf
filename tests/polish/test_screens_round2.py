"""Round-2 screen gaps: Dragon's forced placements name the palace; Gùgōng's fate-die faces and city numbers
(placeholder facts `dice_faces`, `map_cities`/`map_roads`) carry "?" in the app and the printed log until the
owner's box check verifies them (shared/components/README.md, point 5); Dragon's per-month table fits a phone.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from companion.core import Event, Session
from companion.core.errors import SetupError
from companion.core.playout import playout
from companion.core.profile import load_default
from companion.core.registry import get_game
from companion.i18n import labels, t
from companion.storage import open_store
from tests.pdf.conftest import squash, text_of
from tests.ui.apphelpers import start, step, table, texts

NAMES = ["Lisa", "Ben"]
MAP_AND_DICE = ("dice_faces", "map_cities", "map_roads")


def _game(name: str):
    try:
        return get_game(name)
    except SetupError as err:  # pragma: no cover - the engines are written in parallel
        pytest.skip(f"{name} engine not available: {err}")


def _owner_overrides() -> dict:
    """An owner who checked the dice and the map (and found the default values printed on them)."""
    default = load_default("gugong")
    return {key: default.value(key) for key in MAP_AND_DICE}


# -- Dragon: "Into palace 1", not "Into 1" ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "only one possibility: Into palace 1."), ("de", "In Palast 1."), ("nl", "In paleis 1.")],
)
def test_dragon_forced_placement_names_the_palace(lang, expected):
    """Only one palace to place the new person in: the log names it as "palace 1" in every language."""
    game = _game("dragon")
    setup = {"players": ["Anna", "Benno", "Clara"], "great_wall": True, "super_event": "earthquake"}
    result = playout(game, setup, seed=0)
    session = Session.new(game, result.setup)
    found = []
    for action in result.log:
        describe = labels.describer("dragon", result.setup, game.to_json(session.state), lang)
        for event in session.act(action):
            if event.code == "core.forced" and event.params["step"] == "dragon.place":
                found.append(labels.event_text(event, lang, setup["players"], describe))
    assert found and not [text for text in found if re.search(r"\b(Into|In) \d", text)], found[:3]
    assert any(expected in text for text in found), found[:3]
    forced = Event("core.forced", {"step": "dragon.quake", "player": 0,
                                   "action": {"type": "remove_floor", "palace": 1}})
    assert t("dragon.ui.palace_n", lang, n=2) in labels.event_text(forced, lang, setup["players"], describe)


# -- Gùgōng: placeholder dice faces and city numbers ------------------------------------------------------
def test_gugong_words_mark_die_faces_and_city_numbers_until_verified():
    from companion.i18n.words import gugong as words

    state = {"cities": [None, None, "envoy"]}
    default = words.describe({"face": 4, "die": 0, "city": 2, "player": 0}, state, "en", {})
    assert (default["face"], default["die"], default["city"]) == ("4?", 1, "3?")
    assert words.describe({"benefit": "die", "die": 1, "face": 5}, state, "en", {})["detail"] == " – die 2 to 5?"
    owned = {"profile": {"overrides": _owner_overrides()}}
    verified = words.describe({"face": 4, "die": 0, "city": 2, "player": 0}, state, "en", owned)
    assert (verified["face"], verified["city"]) == ("4", "3")
    comp, comp_owned = words.comp_of({}), words.comp_of(owned)
    assert words.dice_text([2, 5, None], comp) == "2?, 5?" and words.dice_text([2, 5], comp_owned) == "2, 5"
    assert words.cities_text([None, "envoy"], comp, "en") == "2?: Envoy +1"
    assert words.cities_text([None, "envoy"], comp_owned, "en") == "2: Envoy +1"
    assert words.placeholder_legend({}, "en") is not None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_gugong_printed_log_marks_die_faces_and_city_numbers(lang):
    """The printed game log: "City 3?: which travel tile was drawn?", travels to "city 5?", die faces "4?";
    after the owner's box check of the dice and the map the same log shows them plain."""
    from companion.pdf.sheet import build_sheet

    game = _game("gugong")
    city = {"en": "city", "de": "stadt"}[lang]
    for overrides, marked in (({}, True), (_owner_overrides(), False)):
        setup = {"players": ["Anna", "Björn"], "profile": {"overrides": overrides}}
        result = playout(game, setup, seed=2)
        session = Session.from_log(game, result.setup, result.log)
        found = squash(text_of(build_sheet(session, lang, "a4", base_url=""))).lower()
        numbers = re.findall(rf"{city}(\d+)(\??)", found)
        assert numbers, found[:300]
        assert all(bool(mark) == marked for _, mark in numbers), numbers[:10]


def _to_first_die(at: AppTest) -> None:
    """The app draws the setup one chance step at a time until the first fate die is to be rolled; the table
    enters its start hands (hidden: the app may not draw them)."""
    for _ in range(60):
        decision = table(at).session.decision
        if decision.kind == "gugong.roll_die":
            return
        step(at, chance="app_chance")
    raise AssertionError("no fate die rolled in the setup")


def _die_faces_offered(at: AppTest) -> list[str]:
    v = table(at).version
    at.radio(key=f"chance_mode_{v}").set_value("table").run()
    # the table enters the three dice on one screen (companion.ui.table_entry): the first die's faces, one button each
    return [b.label for b in at.button if b.key and b.key.startswith(f"entry_{v}_0_")]


def test_app_offers_marked_die_faces_until_the_owner_checked_the_dice(app, data_dir):
    _game("gugong")
    start(app, "gugong", players=2, names=NAMES)
    _to_first_die(app)
    assert _die_faces_offered(app) == ["1", "2", "3", "4", "5", "6"]  # no marks on screen: the notice names them
    assert "Fate dice" in texts(app) or "fate dice" in texts(app)

    open_store().set_box_overrides("gugong", _owner_overrides())
    fresh = AppTest.from_file(app._script_path, default_timeout=30)
    fresh.session_state["lang"] = "en"
    start(fresh, "gugong", players=2, names=NAMES)
    _to_first_die(fresh)
    assert _die_faces_offered(fresh) == ["1", "2", "3", "4", "5", "6"]


# -- Dragon: the per-month table in halves ----------------------------------------------------------------
def test_dragon_month_tables_split_a_finished_game_into_two_halves():
    from companion.ui.boards.dragon import month_tables

    columns = [str(m) for m in range(1, 13)] + ["Final"]
    cells = [columns, columns]
    halves = month_tables(columns, ["a", "b"], cells, final=True)
    assert [list(h.columns) for h in halves] == [columns[:6], columns[6:]]
    assert all(list(h.loc["b"]) == list(h.columns) for h in halves)
    assert [list(h.columns) for h in month_tables(columns[:7], ["a"], [columns[:7]], final=False)] == [
        columns[:6],
        ["7"],
    ]
    assert len(month_tables(["1", "2"], ["a"], [["1", "2"]], final=False)) == 1
