"""Issue 20, items 7 and 8 (the UI part): texts that were wrong on screen, and taps that did nothing useful.

Each test fails on the old text or behaviour: "Setup · Setup"; two identical "Discard card 2" buttons;
"Great Wall A" beside "Great Wall action A"; a banner that says "Ben's turn" for Ben's wall benefit in Anna's
turn; German "deinen allgemeinen Vorrat" and "Was Rückgängig zurücklegen lässt"; a help text pointing at
"docs/rulings"; "Hide for this game" forgotten on a reload; "Plant crops: 0 left"; Dragon's palace question
without the person; Yinzi feeding one tap per food.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from companion.core import Session
from companion.core.playout import playout
from companion.core.registry import get_game, manifest
from companion.i18n import labels, t
from companion.storage import open_store
from companion.ui.choosers import gugong as gugong_chooser
from tests.ui.apphelpers import click, new_session, start, table, texts

CATALOG = Path(__file__).resolve().parents[2] / "companion" / "i18n" / "catalog"
NAMES = ["Anna", "Ben", "Mia"]


def _catalog_texts(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted(CATALOG.glob(f"*.{lang}.json")):
        out.update(json.loads(path.read_text(encoding="utf-8")))
    return out


@cache
def _decisions(game: str, seeds: int = 8, **options) -> list[tuple[Session, object]]:
    """(session at the decision, its setup) for every decision of a few seeded playouts."""
    out = []
    for seed in range(seeds):
        result = playout(get_game(game), {"players": NAMES, **options}, seed=seed)
        session = Session.new(get_game(game), result.setup)
        for action in result.log:
            if session.decision is not None:
                out.append((session.decision, result.setup, get_game(game).to_json(session.state), session.state))
            session.act(action)
    return out


def _labels(game: str, decision, setup, state_json, lang: str = "en") -> list[str]:
    describe = labels.describer(game, setup, state_json, lang)
    return [labels.option_label(game, decision, o, lang, NAMES, describe) for o in decision.options]


# -- German wording ----------------------------------------------------------------------------------------
def test_german_general_supply_is_nobodys_and_undo_reads_as_a_sentence():
    de = _catalog_texts("de")
    owned = [k for k, v in de.items() if any(f"{w} allgemeine" in v for w in ("deinen", "deinem", "seinen", "seinem"))]
    assert not owned, owned[:5]
    assert any("in den allgemeinen Vorrat" in v for v in de.values())
    assert "Rückgängig zurücklegen lässt" not in de["table.do.undo_preview"]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_no_text_sends_a_player_to_our_repository(lang):
    pointing = [k for k, v in _catalog_texts(lang).items() if "docs/" in v or "rulings" in v.lower()]
    assert not pointing, pointing
    assert len(_catalog_texts(lang)["ui.meng.night_rule_help"]) > 120  # the ruling itself, in words


# -- Setup · Setup -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_yinzi_setup_is_named_once(data_dir, lang):
    app = new_session(lang)
    start(app, "yinzi", names=NAMES)
    shown = [str(c.value) for c in app.caption]
    setup = t("yinzi.phase.setup", lang)
    assert not [c for c in shown if f"{setup} · {setup}" in c], shown


# -- buttons that say what they do ------------------------------------------------------------------------
def test_discard_buttons_of_cards_that_differ_say_how():
    """Two cards of one value with different actions: the buttons name the action, so they differ."""
    checked = 0
    for decision, setup, view, _ in _decisions("gugong"):
        if decision.kind != "gugong.pay_exchange":
            continue
        shown = _labels("gugong", decision, setup, view)
        for o, label in zip(decision.options, shown, strict=True):
            if o.get("how") == "discard":  # "Discard card 2 (Great Wall)", was "Discard card 2"
                assert label.endswith(")") and label.split(" (", 1)[0] != label, label
                assert label.rsplit(" (", 1)[1].rstrip(")") not in ("", "{card_action}"), label
                checked += 1
    assert checked


def test_alike_discard_cards_show_one_button(monkeypatch):
    """Two cards alike (same value and action): one button; the generic panel used to show both."""
    calls = []
    monkeypatch.setattr(gugong_chooser, "_option_button", lambda ask, i, **kw: calls.append(i))
    monkeypatch.setattr(gugong_chooser, "_as_list", lambda ask: None)

    class Ask:
        def __init__(self, decision, shown):
            self.decision, self.labels, self.view = decision, shown, {}

    for decision, setup, view, _ in _decisions("gugong"):
        if decision.kind == "gugong.pay_exchange":
            shown = _labels("gugong", decision, setup, view)
            if len(set(shown)) < len(shown):
                calls.clear()
                assert gugong_chooser.choose(Ask(decision, shown))
                assert len(calls) == len(set(shown)) and [shown[i] for i in calls] == list(dict.fromkeys(shown))
                return
    pytest.skip("no hand with two alike cards in these playouts")


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_great_wall_has_one_name_on_the_action_screen(lang):
    """Under the headings "Card action" and "Location action" the wall's options read the same."""
    for decision, setup, view, _ in _decisions("gugong"):
        if decision.kind != "gugong.act":
            continue
        options = decision.options
        if not any(o.get("type") == "card" and o.get("opt") for o in options):
            continue
        shown = _labels("gugong", decision, setup, view, lang)
        wall = labels.kind_label("gugong.location.wall", lang)
        card = [s for o, s in zip(options, shown, strict=True) if o["type"] == "card" and wall in s]
        loc = [s for o, s in zip(options, shown, strict=True) if o["type"] == "location" and wall in s]
        if card and loc:
            assert gugong_chooser._without_heading(card) == gugong_chooser._without_heading(loc), (card, loc)
            return
    pytest.skip("no wall card on the wall location in these playouts")


# -- the banner: whose turn, whose benefit ----------------------------------------------------------------
def test_a_wall_benefit_inside_anothers_turn_keeps_the_turn_and_names_the_benefit():
    for decision, _setup, _json, state in _decisions("gugong"):
        if decision.kind != "gugong.benefit":
            continue
        owner = manifest("gugong").view(state)["turn"]  # the engine's view says whose turn it is (the banner's)
        if owner is not None and owner != decision.player:
            text = labels.lookup(["a11y.banner.for.gugong.benefit"], "en",
                                 {"player": NAMES[owner], "other": NAMES[decision.player]})
            assert text.startswith(f"{NAMES[owner]}'s turn") and f"{NAMES[decision.player]}'s benefit" in text
            for lang in ("de", "nl"):
                other = labels.lookup(["a11y.banner.for.gugong.benefit"], lang, {"player": "A", "other": "B"})
                assert other and "A" in other and "B" in other and "{" not in other
            return
    pytest.skip("no benefit of another player in these playouts")


@pytest.mark.parametrize("game", ["gugong", "dragon", "yinzi"])
def test_every_view_says_whose_turn_it_is_for_the_banner(game):
    """The UI holds no rules: the banner reads whose turn it is from the engine's view. Dragon and Yinzi: the
    player who decides now; Gùgōng: the player whose day turn it is, also under another player's benefit."""
    for decision, _setup, _json, state in _decisions(game, seeds=2):
        turn = manifest(game).view(state)["turn"]
        if decision.is_chance:
            continue
        if game != "gugong" or decision.kind in ("gugong.turn", "gugong.act"):
            assert turn == decision.player, (decision.kind, turn)


# -- the unverified-facts notice stays hidden ------------------------------------------------------------------
def test_hiding_the_unverified_notice_survives_a_reload_and_is_no_new_revision(data_dir):
    app = new_session()
    start(app, "gugong-solo", names=["Anna"])
    app.switch_page("companion/ui/pages/meng.py").run()
    game_id = table(app).game_id
    assert "nobody has checked" in texts(app)
    revision = open_store().revision(game_id)
    click(app, f"hide_unverified_{game_id}")
    assert "nobody has checked" not in texts(app)
    assert open_store().revision(game_id) == revision, "hiding is a setting, not a move"
    again = new_session()  # a reload: a new browser session on the same table
    again.run()
    click(again, f"resume_{game_id}")
    again.switch_page("companion/ui/pages/meng.py").run()
    assert not again.exception
    assert "nobody has checked" not in texts(again)


# -- Dragon: the palace question names the person -------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_dragon_palace_question_names_the_person(lang):
    for decision, setup, view, _ in _decisions("dragon", 3, great_wall=True, super_event="earthquake"):
        if decision.kind == "dragon.place":
            describe = labels.describer("dragon", setup, view, lang)
            person = describe({"tile": decision.params["tile"]})["tile"]
            question = labels.kind_label(decision.kind, lang, decision.params, NAMES, describe)
            assert person and person in question, question
            return
    pytest.fail("no palace question in these playouts")


# -- Yinzi: "0 left", feeding ----------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_plant_crops_counts_plantings_in_words(lang):
    """Was "Plant crops: 0 left.": now the count says what is counted, in its plural."""
    zero = labels.kind_label("yinzi.fate_plant", lang, {"left": 0})
    one = labels.kind_label("yinzi.fate_plant", lang, {"left": 1})
    assert zero not in ("Plant crops: 0 left.", "Pflanzen anbauen: noch 0.", "Gewassen telen: nog 0.")
    word0, word1 = zero.split("0", 1)[1].strip(" ."), one.split("1", 1)[1].strip(" .")
    assert word0 and word1 and word0 != word1, (zero, one)  # "0 plantings left", "1 planting left"


def test_plant_crops_with_nothing_left_asks_only_when_a_crop_tile_can_still_be_bought():
    """No pointless "Done": with every planting done the question stays only while a purchase is possible."""
    for decision, *_ in _decisions("yinzi", 6):
        if decision.kind == "yinzi.fate_plant" and decision.params.get("left") == 0:
            assert any(o["type"] == "buy_crop" for o in decision.options), decision.options
        if decision.kind.startswith("yinzi.fate_") and len(decision.options) == 1:
            pytest.fail(f"a question with one answer was asked: {decision}")


def test_feeding_takes_one_tap_per_place_not_per_food(data_dir):
    """A feeding question with two places to feed from: one tap on a place feeds as much as needed from it."""
    from companion.ui.choosers.yinzi import feeds_in_a_row

    game = get_game("yinzi")
    for seed in range(12):
        result = playout(game, {"players": NAMES}, seed=seed)
        session = Session.new(game, result.setup)
        for action in result.log:
            d = session.decision
            if d is not None and d.kind == "yinzi.feed" and len(d.options) >= 2:

                class Ask:
                    table = type("T", (), {"session": session})()
                    decision = d

                runs = [feeds_in_a_row(Ask, o) for o in d.options]
                if max(runs) > 1:
                    _one_tap(session, runs)
                    return
            session.act(action)
    pytest.skip("no feeding with a place giving two foods in these playouts")


def _one_tap(session: Session, runs: list[int]) -> None:
    store = open_store()
    row = store.create_game(session, owner=store.home_table(), title="feeding")
    app = new_session()
    app.run()
    click(app, f"resume_{row.id}")
    before = len(table(app).session.log)
    best = max(range(len(runs)), key=runs.__getitem__)
    button = next(b for b in app.button if b.key == f"opt_{table(app).version}_{best}")
    assert f"×{runs[best]}" in button.label, button.label
    button.click().run()
    assert not app.exception
    assert len(table(app).session.log) == before + runs[best], "one tap, every food from that place"
