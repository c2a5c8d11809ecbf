"""Issue 22: Box check never stores what it did not say. A number typed outside its fact's range, a die with 7
faces or an Automa deck of 12 is refused in the reader's words, and the stored profile is read back unchanged."""

from __future__ import annotations

from companion.core.profile import load_default
from companion.storage import open_store
from tests.ui.apphelpers import click, texts


def _box(app, game: str, fact: str, lang: str = "en"):
    app.session_state["lang"] = lang
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_game").set_value(game).run()
    app.selectbox(key=f"box_fact_{game}").set_value(fact).run()
    return app


def _stored(game: str) -> dict:
    return open_store().box_overrides(game)


def test_a_die_face_of_10_is_refused_and_nothing_is_stored(app):
    _box(app, "gugong", "dice_faces")
    app.number_input(key="boxf_gugong_dice_faces_5").set_value(10).run()
    click(app, "box_save_gugong_dice_faces")
    shown = texts(app)
    assert "was not saved" in shown and "Saved:" not in shown, shown
    assert _stored("gugong") == {}
    assert open_store().setting("box_seen.gugong", []) == []


def test_a_yinzi_exchange_rate_of_0_is_refused_in_german_and_nothing_is_stored(app):
    _box(app, "yinzi", "exchange.rates", "de")
    app.number_input(key="boxf_yinzi_exchange.rates_0").set_value(0).run()
    click(app, "box_save_yinzi_exchange.rates")
    shown = texts(app)
    assert "wurde nicht gespeichert" in shown and "Gespeichert:" not in shown, shown
    assert _stored("yinzi") == {}
    assert load_default("yinzi").fact("exchange.rates").status == "unknown"  # still a placeholder, not "checked"


def test_seven_faces_and_twelve_automa_cards_are_refused_with_the_rules_count(app):
    app.session_state["lang"] = "en"
    store = open_store()
    store.set_box_overrides("gugong", {"dice_faces": [1, 2, 3, 4, 5, 6, 7]})  # stored before the rule's check
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.toggle(key="box_only_open").set_value(False).run()  # the owner's own value counts as checked
    app.selectbox(key="box_fact_gugong").set_value("dice_faces").run()
    click(app, "box_save_gugong_dice_faces")
    shown = texts(app)
    assert "was not saved" in shown and "a die has 6" in shown, shown
    assert _stored("gugong") == {"dice_faces": [1, 2, 3, 4, 5, 6, 7]}  # read back: exactly as before
    store.set_box_overrides("gugong", {})
    app.selectbox(key="box_fact_gugong").set_value("meng.automa_cards").run()
    app.number_input(key="boxf_gugong_meng.automa_cards_palace").set_value(3).run()  # 12 cards
    click(app, "box_save_gugong_meng.automa_cards")
    shown = texts(app)
    assert "was not saved" in shown and "12 cards in all" in shown and "11 Automa cards" in shown, shown
    assert _stored("gugong") == {}
    app.number_input(key="boxf_gugong_meng.automa_cards_palace").set_value(1).run()
    app.number_input(key="boxf_gugong_meng.automa_cards_jade").set_value(3).run()  # 11 again, another split
    click(app, "box_save_gugong_meng.automa_cards")
    assert _stored("gugong")["meng.automa_cards"]["jade"] == 3


def test_count_labels_as_the_printed_sheet_and_the_part_stays_chosen(app):
    _box(app, "gugong", "meng.automa_cards")
    labels = {n.label for n in app.number_input}
    assert "Emperor's canal" in labels or any("canal" in x.lower() for x in labels), labels
    assert not any("tile" in x.lower() for x in labels), labels  # locations, not travel tiles
    click(app, "box_agree_gugong_meng.automa_cards")
    app.toggle(key="box_only_open").set_value(False).run()
    app.selectbox(key="box_fact_gugong").set_value("meng.automa_cards").run()
    click(app, "box_reset_gugong_meng.automa_cards")
    assert app.selectbox(key="box_fact_gugong").value == "meng.automa_cards"
    app.selectbox(key="box_fact_gugong").set_value("day_income").run()
    assert {"Day 2", "Day 3", "Day 4"} <= {n.label for n in app.number_input}
    shown = [m.value for m in app.metric]
    listed = [k for k in app.selectbox(key="box_fact_gugong").options]
    assert shown and listed


def test_facts_still_to_check_agrees_with_the_list(app):
    _box(app, "gugong", "dice_faces")
    listed = app.selectbox(key="box_fact_gugong").options
    assert int(app.metric[0].value) == len(listed)


def test_a_partly_seen_fact_is_shown_as_such_still_to_check_and_back_to_default_forgets_its_proofs(app):
    store = open_store()
    faces = [1, 2, 3, 4, 5, 8]
    store.set_box_overrides("gugong", {"dice_faces": faces})
    store.set_setting("box_partly.gugong", ["dice_faces"])
    store.set_setting("box_seen_items.gugong", {"dice_faces": [8]})
    _box(app, "gugong", "dice_faces")  # still listed among the facts to check
    assert "partly seen at the table" in texts(app)
    assert int(app.metric[0].value) == len(app.selectbox(key="box_fact_gugong").options)
    click(app, "box_reset_gugong_dice_faces")
    assert _stored("gugong") == {} and store.setting("box_seen_items.gugong") == {}
    assert store.setting("box_partly.gugong") == []


def test_after_my_box_agrees_the_form_shows_the_stored_faces_not_the_refused_one(app):
    """A refused 10, then "My box agrees": the stored value is the shown one, and the fields are new widgets
    holding it (a browser would otherwise keep showing the 10 it typed); "Back to default" likewise."""
    _box(app, "gugong", "dice_faces")
    app.toggle(key="box_only_open").set_value(False).run()  # the fact stays on screen once the owner checked it
    app.number_input(key="boxf_gugong_dice_faces_5").set_value(10).run()
    click(app, "box_save_gugong_dice_faces")
    click(app, "box_agree_gugong_dice_faces")
    assert _stored("gugong") == {"dice_faces": [1, 2, 3, 4, 5, 6]}
    keys = [n.key for n in app.number_input]
    assert "boxf_gugong_dice_faces_5" not in keys
    assert app.number_input(key="boxf1_gugong_dice_faces_5").value == 6
    click(app, "box_reset_gugong_dice_faces")
    assert _stored("gugong") == {}
    assert app.number_input(key="boxf2_gugong_dice_faces_5").value == 6
