"""The Dragon and Yinzi choosers through the app (streamlit.testing AppTest, no browser): issue 11,
"Phone-first choosing". Every button sends one of the decision's own options (or, for planting, the same
option once per field), the common choices need no list, and the words are the table's in de/nl/en.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from companion.core import Session
from companion.core.actions import same
from companion.core.registry import get_game
from companion.storage import open_store

from .apphelpers import click, new_session, start, step, step_until, table

NAMES = ["Anna", "Benno", "Clara"]


def decision(at: AppTest):
    return table(at).session.decision


def option_buttons(at: AppTest) -> dict[int, str]:
    """Option index -> label of every enabled option button on screen."""
    v = table(at).version
    return {int(b.key.rsplit("_", 1)[1]): b.label for b in at.button
            if b.key and b.key.startswith(f"opt_{v}_") and not b.disabled}


def last_action(at: AppTest) -> dict:
    return table(at).session.log[-1]


def at_kind(at: AppTest, kind: str, limit: int = 200) -> None:
    step_until(at, lambda a: decision(a) is not None and decision(a).kind == kind, limit=limit)


def played_to(tmp_path_factory, game: str, done) -> dict:
    """A game started and tapped through in the app until `done`, once for the module: what its store holds
    (tests/ui/apphelpers.start and step, as a table would)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COMPANION_DATA_DIR", str(tmp_path_factory.mktemp(game)))
        at = start(new_session(), game, 3, NAMES)
        done(at)
        tab = table(at)
        return {"game": game, "setup": tab.session.setup, "log": list(tab.session.log), "title": tab.title,
                "meta": dict(tab.meta or {})}


def resumed(played: dict, lang: str = "en") -> AppTest:
    """That game stored in this test's data directory and opened from Home in `lang`: each test taps a game of
    its own."""
    session = Session.from_log(get_game(played["game"]), played["setup"], played["log"])
    with open_store() as store:
        row = store.create_game(session, owner=store.home_table(), title=played["title"], meta=played["meta"])
    at = new_session(lang)
    at.run()
    click(at, f"resume_{row.id}")
    assert table(at).session.log == played["log"] and table(at).version == len(played["log"])
    return at


# -- In the Year of the Dragon ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def dragon_opening(tmp_path_factory) -> dict:
    return played_to(tmp_path_factory, "dragon", lambda at: at_kind(at, "dragon.opening"))


@pytest.fixture
def dragon(data_dir, dragon_opening) -> AppTest:
    return resumed(dragon_opening)


def test_the_opening_pair_is_two_taps_first_person_then_second(dragon):
    """Vor dem eigentlichen Spiel: two different younger persons; the second tap sends the pair."""
    v, options = table(dragon).version, decision(dragon).options
    firsts = [b for b in dragon.button if b.key and b.key.startswith(f"dy_open_{v}_")]
    assert len(firsts) == 9 and not option_buttons(dragon)  # nothing is sent by the first tap
    click(dragon, f"dy_open_{v}_monk")
    seconds = option_buttons(dragon)
    assert len(seconds) == 8 and "Monk" not in seconds.values()
    assert all("monk" in options[i]["persons"] for i in seconds)
    i = next(i for i, label in seconds.items() if label == "Healer")
    click(dragon, f"opt_{v}_{i}")
    assert same(last_action(dragon), {"type": "opening", "persons": options[i]["persons"]})
    assert sorted(options[i]["persons"]) == ["healer", "monk"]


def test_a_changed_first_person_can_be_taken_back(dragon):
    v = table(dragon).version
    click(dragon, f"dy_open_{v}_monk")
    click(dragon, f"dy_open_back_{v}")
    assert [b for b in dragon.button if b.key == f"dy_open_{v}_farmer"] and len(table(dragon).session.log) == v


def test_the_action_is_one_tap_on_its_card_under_its_group(dragon):
    """1. Phase Aktion: each card group with its cards, what joining costs, what each card gives now."""
    for _ in range(2):  # the next player sees groups with dragons on them
        at_kind(dragon, "dragon.action")
        d, v = decision(dragon), table(dragon).version
        shown = option_buttons(dragon)
        assert sorted(shown) == list(range(len(d.options)))  # every option a button, no list
        taxes = [i for i, o in enumerate(d.options) if o.get("card") == "taxes"]
        assert all("Taxes · +" in shown[i] and "yuan" in shown[i] for i in taxes)
        assert "top up" in shown[len(d.options) - 1]
        click(dragon, f"opt_{v}_0")
        assert same(last_action(dragon), d.options[0])
    markdown = "\n".join(m.value for m in dragon.markdown)
    assert "Group 1" in markdown and ("yuan to join" in markdown or "free" in markdown)


def test_person_cards_and_tiles_are_buttons(dragon):
    at_kind(dragon, "dragon.card")
    d, v = decision(dragon), table(dragon).version
    shown = option_buttons(dragon)
    assert len(d.options) > 8 and sorted(shown) == list(range(len(d.options)))
    i = len(d.options) - 1
    click(dragon, f"opt_{v}_{i}")
    assert same(last_action(dragon), d.options[i])
    if decision(dragon).kind == "dragon.tile":
        shown = option_buttons(dragon)
        assert shown and all("left" in label for label in shown.values())


# -- Yinzi ------------------------------------------------------------------------------------------------
def _at_planting(at: AppTest) -> None:
    step_until(at, lambda a: decision(a).kind == "yinzi.choose_action"
               and any(o.get("action") == "plant" for o in decision(a).options), limit=200)


@pytest.fixture(scope="module")
def yinzi_planting(tmp_path_factory) -> dict:
    return played_to(tmp_path_factory, "yinzi", _at_planting)


@pytest.fixture
def yinzi(data_dir, yinzi_planting) -> AppTest:
    return resumed(yinzi_planting)


def plant_card(at: AppTest, tax: bool = False) -> None:
    """Tap "Plant crops" under the card with the highest fate value (one tap; two with the taxation disc)."""
    v, d = table(at).version, decision(at)
    plants = [i for i, o in enumerate(d.options)
              if o.get("action") == "plant" and o["type"] == "fate" and o["tax"] == tax]
    i = max(plants, key=lambda i: d.options[i]["card"][0])
    if tax:
        click(at, f"dy_tax_{v}")
    assert option_buttons(at)[i] == "Plant crops"
    click(at, f"opt_{v}_{i}")
    assert decision(at).kind == "yinzi.fate_plant"


def field(at: AppTest, crop: str = "Wheat") -> int:
    return next(i for i, label in option_buttons(at).items() if label.startswith(crop))


def test_planting_a_whole_card_on_one_field_is_three_taps_at_most(yinzi):
    """5B Pflanzen anbauen: the card (1), the crop with all executions at once (2), Done or nothing more (3).
    The fields are one step of the engine (rules edition 3): one log entry, one undo."""
    taps, before = 0, len(table(yinzi).session.log)
    plant_card(yinzi)
    taps += 1
    d, v = decision(yinzi), table(yinzi).version
    left = d.params["left"]
    i = field(yinzi)
    assert option_buttons(yinzi)[i] == (f"Wheat ×{left}" if left > 1 else "Wheat")  # the cards the table entered
    click(yinzi, f"opt_{v}_{i}")
    taps += 1
    log = table(yinzi).session.log
    assert log[before + 1:] == [d.options[i]] and d.options[i]["fields"] == left
    if decision(yinzi).kind == "yinzi.fate_plant":  # a crop tile may still be bought
        done = next(i for i, label in option_buttons(yinzi).items() if label == "Done")
        click(yinzi, f"opt_{table(yinzi).version}_{done}")
        taps += 1
    assert decision(yinzi).kind != "yinzi.fate_plant" and taps <= 3


def test_a_smaller_number_plants_fewer_fields_and_the_rest_stays_open(yinzi):
    plant_card(yinzi, tax=True)  # one execution more: at least two
    d, v = decision(yinzi), table(yinzi).version
    before, left = len(table(yinzi).session.log), d.params["left"]
    assert left >= 2
    click(yinzi, f"dy_n_{v}_1")
    i = field(yinzi)
    assert option_buttons(yinzi)[i] == "Wheat" and d.options[i]["fields"] == 1
    click(yinzi, f"opt_{v}_{i}")
    assert len(table(yinzi).session.log) == before + 1
    assert decision(yinzi).kind == "yinzi.fate_plant" and decision(yinzi).params["left"] == left - 1


def test_the_taxation_disc_is_one_toggle_not_every_action_twice(yinzi):
    d, v = decision(yinzi), table(yinzi).version
    shown = option_buttons(yinzi)
    assert all(not d.options[i].get("tax") for i in shown)
    click(yinzi, f"dy_tax_{v}")
    shown = option_buttons(yinzi)
    fates = [i for i in shown if d.options[i]["type"] == "fate"]
    assert fates and all(d.options[i]["tax"] for i in fates)
    click(yinzi, f"opt_{v}_{fates[0]}")
    assert same(last_action(yinzi), d.options[fates[0]])


def test_long_yinzi_questions_are_grouped_buttons(app):
    """The bonus (5A) by bonus tile, the free progress by area: every option one button."""
    start(app, "yinzi", 3, NAMES)
    seen = set()
    for _ in range(120):
        d = decision(app)
        if d.kind in ("yinzi.choose_bonus", "yinzi.progress_pick", "yinzi.start_factory") and d.kind not in seen:
            seen.add(d.kind)
            assert sorted(option_buttons(app)) == list(range(len(d.options))), d.kind
            titles = "\n".join(m.value for m in app.markdown)
            if d.kind == "yinzi.progress_pick":
                assert "**Diplomacy**" in titles and "**Economy**" in titles
            if d.kind == "yinzi.choose_bonus":
                assert "**Better sales**" in titles
        if d.kind == "yinzi.choose_action":
            break
        step(app)
    assert seen == {"yinzi.choose_bonus", "yinzi.progress_pick", "yinzi.start_factory"}


@pytest.fixture(scope="module")
def dragon_action(tmp_path_factory) -> dict:
    return played_to(tmp_path_factory, "dragon", lambda at: at_kind(at, "dragon.action"))


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_choosers_speak_the_table_language(data_dir, dragon_action, lang):
    app = resumed(dragon_action, lang)
    shown = " ".join(option_buttons(app).values()) + " ".join(m.value for m in app.markdown)
    assert "choosers_dy." not in shown and ("Gruppe 1" if lang == "de" else "Groep 1") in shown
    assert ("Yuan" if lang == "de" else "yuan") in shown


# -- small numbers ------------------------------------------------------------------------------------------
def ask_of(kind: str, options: list[dict]):
    from companion.core import Decision
    from companion.ui.choosers import Ask

    return Ask(None, Decision(0, kind, tuple(options)), [str(o) for o in options], {}, "en", NAMES, 0, print)


def test_amounts_are_number_buttons_but_indices_of_things_are_not():
    from companion.ui.choosers.grouped import number_of

    assert number_of(ask_of("yinzi.war_workers", [{"type": "war", "workers": n} for n in (1, 2, 3, 4)])) == "workers"
    assert number_of(ask_of("dragon.flood", [{"type": "flood_yuan", "yuan": n} for n in range(6)])) == "yuan"
    assert number_of(ask_of("yinzi.road_tile", [{"type": "road_tile", "tile": n} for n in (0, 3, 7)])) is None
    assert number_of(ask_of("yinzi.war_infra", [{"type": "fulfil", "row": 0}, {"type": "skip"}])) is None
    assert number_of(ask_of("yinzi.x", [{"type": "war", "workers": True}, {"type": "war", "workers": False}])) is None
