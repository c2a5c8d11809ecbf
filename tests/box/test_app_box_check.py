"""Issue 15: the guided Box check (AppTest) for each game: enter, validate, refuse with the reason, save, reset."""

from __future__ import annotations

from companion.core.profile import load_default
from companion.storage import open_store
from tests.ui.apphelpers import click, texts


def _box(app, game: str, fact: str):
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_game").set_value(game).run()
    app.selectbox(key=f"box_fact_{game}").set_value(fact).run()
    return app


def test_gugong_dice_faces_by_steppers_refuse_save_and_reset(app):
    _box(app, "gugong", "dice_faces")
    assert "Number" not in texts(app) and "[" not in "".join(n.label for n in app.number_input)  # no JSON
    app.number_input(key="boxf_gugong_dice_faces_5").set_value(9).run()
    click(app, "box_save_gugong_dice_faces")
    assert open_store().box_overrides("gugong") == {"dice_faces": [1, 2, 3, 4, 5, 9]}
    assert "Saved: Faces of the fate dice" in texts(app)
    app.toggle(key="box_only_open").set_value(False).run()  # checked facts are hidden by default
    app.selectbox(key="box_fact_gugong").set_value("dice_faces").run()
    assert "checked in your box" in texts(app)
    click(app, "box_reset_gugong_dice_faces")
    assert open_store().box_overrides("gugong") == {}


def test_gugong_gift_cards_grid_counts_to_38_and_a_wrong_count_is_refused_with_its_reason(app):
    _box(app, "gugong", "gift_cards")
    assert "Gift cards counted: 38 of 38" in texts(app)
    grid = app.get("arrow_data_frame") or app.dataframe
    assert grid is not None
    click(app, "box_agree_gugong_gift_cards")
    assert open_store().box_overrides("gugong") == {"gift_cards": load_default("gugong").value("gift_cards")}


def test_gugong_map_refuses_a_city_no_road_reaches(app):
    _box(app, "gugong", "travel_tiles")
    app.number_input(key="boxf_gugong_travel_tiles_servant1").set_value(9).run()
    click(app, "box_save_gugong_travel_tiles")
    assert "was not saved" in texts(app) and open_store().box_overrides("gugong") == {}


def test_gugong_decree_costs_per_tile(app):
    _box(app, "gugong", "decree_costs")
    app.number_input(key="boxf_gugong_decree_costs_morning_intrigue").set_value(2).run()
    click(app, "box_save_gugong_decree_costs")
    assert open_store().box_overrides("gugong")["decree_costs"]["morning_intrigue"] == 2


def test_yinzi_box_check_enters_and_refuses(app):
    default = load_default("yinzi")
    fact = next(f for f in default.unverified() if isinstance(f.value, int) and not isinstance(f.value, bool))
    _box(app, "yinzi", fact.key)
    click(app, f"box_agree_yinzi_{fact.key}")
    assert open_store().box_overrides("yinzi") == {fact.key: fact.value}
    app.toggle(key="box_only_open").set_value(False).run()
    app.selectbox(key="box_fact_yinzi").set_value(fact.key).run()
    click(app, f"box_reset_yinzi_{fact.key}")
    assert open_store().box_overrides("yinzi") == {}


def test_dragon_box_check_opens(app):
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    games = app.selectbox(key="box_game").options
    for game in games:
        app.selectbox(key="box_game").set_value(game).run()
        assert not app.exception


def test_yinzi_box_check_saves_refuses_with_its_reason_and_resets(app):
    _box(app, "yinzi", "exchange.rates")
    first = app.number_input(key="boxf_yinzi_exchange.rates_0").value
    app.number_input(key="boxf_yinzi_exchange.rates_0").set_value(first + 1).run()
    click(app, "box_save_yinzi_exchange.rates")
    assert open_store().box_overrides("yinzi")["exchange.rates"][0] == first + 1
    app.toggle(key="box_only_open").set_value(False).run()  # the crop facts are the rulebook's: all checked
    app.selectbox(key="box_fact_yinzi").set_value("crops.tiles").run()
    app.number_input(key="boxf_yinzi_crops.tiles_tea").set_value(2).run()  # 2 players take 2 tea tiles away
    click(app, "box_save_yinzi_crops.tiles")
    shown = texts(app)
    assert "was not saved" in shown and "takes away 2 of Tea" in shown and "1 must stay" in shown, shown
    assert "crops.tiles" not in open_store().box_overrides("yinzi")
    app.selectbox(key="box_fact_yinzi").set_value("exchange.rates").run()
    click(app, "box_reset_yinzi_exchange.rates")
    assert open_store().box_overrides("yinzi") == {}


def test_dragon_box_check_refuses_events_that_cannot_fill_the_track_then_agrees_and_resets(app):
    app.run()
    app.switch_page("companion/ui/pages/box_check.py").run()
    app.selectbox(key="box_game").set_value("dragon").run()
    app.toggle(key="box_only_open").set_value(False).run()  # Dragon's facts are the rulebook's: all checked
    app.selectbox(key="box_fact_dragon").set_value("events.random").run()
    app.number_input(key="boxf_dragon_events.random_drought").set_value(9).run()
    click(app, "box_save_dragon_events.random")
    assert "was not saved" in texts(app) and open_store().box_overrides("dragon") == {}
    click(app, "box_agree_dragon_events.random")
    assert open_store().box_overrides("dragon") == {"events.random": load_default("dragon").value("events.random")}
    click(app, "box_reset_dragon_events.random")
    assert open_store().box_overrides("dragon") == {}


def test_yinzi_city_market_tiles_by_goods_and_coin_fields_saved_or_refused_with_the_reason(app):
    """No field list and no JSON: each tile's goods and coin fields are chosen from the six sorts by name."""
    _box(app, "yinzi", "city_markets.tiles")
    goods = app.multiselect(key="boxf_yinzi_city_markets.tiles_m1_goods")
    assert goods.label == "Goods demanded" and "Sugar cane" in goods.options
    assert "m1" not in texts(app) and "sugarcane" not in texts(app)
    app.multiselect(key="boxf_yinzi_city_markets.tiles_m1_coin").set_value(["ramie"]).run()  # not demanded there
    click(app, "box_save_yinzi_city_markets.tiles")
    assert "was not saved" in texts(app) and open_store().box_overrides("yinzi") == {}
    app.multiselect(key="boxf_yinzi_city_markets.tiles_m1_coin").set_value(["salt"]).run()
    click(app, "box_save_yinzi_city_markets.tiles")
    assert open_store().box_overrides("yinzi")["city_markets.tiles"]["m1"] == {"goods": ["salt", "sugarcane", "tea"],
                                                                               "coin": ["salt"]}


def test_yinzi_ships_place_by_place_and_every_fact_of_every_game_opens_without_raw_codes(app):
    _box(app, "yinzi", "ships.kinds")
    app.selectbox(key="boxf_yinzi_ships.kinds_japan_slots_2").set_value("silk").run()  # a third place
    click(app, "box_save_yinzi_ships.kinds")
    assert open_store().box_overrides("yinzi")["ships.kinds"]["japan"]["slots"] == ["tea", "porcelain", "silk"]
    app.toggle(key="box_only_open").set_value(False).run()
    for game in ("gugong", "yinzi", "dragon"):
        app.selectbox(key="box_game").set_value(game).run()
        for fact in load_default(game).facts:
            app.selectbox(key=f"box_fact_{game}").set_value(fact).run()
            assert not app.exception, (game, fact, app.exception)
            shown = texts(app) + " ".join(str(w.label) for w in [*app.multiselect, *app.selectbox])
            assert fact not in shown, (game, fact)  # the fact by its name, never its key
