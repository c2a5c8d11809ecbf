"""Issue 15 in the app: the table enters a gift card the profile does not list ("Something else…"), the game
goes on with it, and Box check offers once to record it as "seen at the table" for the next new game."""

from __future__ import annotations

from companion.storage import open_store
from tests.ui.apphelpers import click, enter_seen, start, table, texts


def test_something_else_then_recorded_as_seen_at_the_table(app):
    start(app, "gugong", players=3, who="table")
    tab = table(app)
    v = tab.version
    click(app, f"entry_{v}_0_0")  # the start player (the run screen: tap, then confirm; companion.ui.table_entry)
    click(app, f"entry_confirm_{v}")
    tab = table(app)
    v = tab.version
    assert tab.session.decision.kind == "gugong.deal_card"
    seat = tab.session.decision.params["p"]
    pills = app.button_group(key=f"held_pick_{v}")
    pills.set_value(pills.value[1:]).run()  # the set's first card is not in the hand: the table holds another
    enter_seen(app, v, value=9, action="palace")
    click(app, f"held_confirm_{v}")  # the whole hand at once
    state = table(app).session.state
    card = state.players[seat].hand[-1]
    assert (state.comp.cards[card].value, state.comp.cards[card].action) == (9, "palace")
    assert len(state.comp.cards) == 38
    app.switch_page("companion/ui/pages/box_check.py").run()
    assert "seen at the table" in texts(app)
    click(app, "box_seen_yes")
    stored = open_store().box_overrides("gugong")
    assert {"value": 9, "action": "palace", "set": "p1"} in stored["gift_cards"]
    # one card of 38 seen (issue 22): recorded as that card, the fact only "partly" seen, still unverified
    assert open_store().setting("box_seen.gugong") == [] and open_store().setting("box_partly.gugong") == ["gift_cards"]
    assert "box_seen_yes" not in [b.key for b in app.button]  # asked once
    app.switch_page("companion/ui/pages/home.py").run()
    start(app, "gugong", players=3)
    assert table(app).session.setup["profile"]["partly"] == ["gift_cards"]
    assert not table(app).session.state.comp.profile.fact("gift_cards").verified


READS = ("yinzi.rate_read", "yinzi.boat_read", "yinzi.crop_cost_read")  # the model's number in one tap


def test_yinzi_something_else_at_an_infrastructure_draw_then_recorded(app):
    """A Yinzi table turns up an infrastructure tile the placeholders lack (Nachfrage d2, 4 war symbols, no
    disaster): entered under "Something else…", the tile lies face up in the app as the table saw it, and
    Box check records the grown tiles as "seen at the table" for the next new game."""
    from companion.yinzi.components import for_overrides

    start(app, "yinzi", players=3, who="table")
    for _ in range(40):  # the table turns up markets, order, crops, ships and factories: the first listed each
        tab = table(app)
        v = tab.version
        if tab.session.decision.kind == "yinzi.draw_infra":
            break
        if tab.session.decision.kind in READS:  # a track read where the game uses it (rulings 41-44)
            click(app, f"held_confirm_{v}")
            continue
        app.selectbox(key=f"select_{v}").set_value(0).run()
        click(app, f"confirm_{v}")
    else:
        raise AssertionError("no infrastructure tile was turned up")
    assert tab.session.setup.get("table_entry") is True  # the app starts a game with table entry on
    row = tab.session.decision.params["row"]
    assert "Something else…" in [e.label for e in app.expander]
    enter_seen(app, v, demand="d2", war=4, disaster="none")
    state = table(app).session.state
    tile = for_overrides(state.overrides, state.seen).infra.tiles[state.infra_rows[row]["top"]]
    assert tile == {"demand": "d2", "war": 4, "disaster": None}
    assert len(state.overrides["infra.tiles"]) == 20 and state.seen["infra.tiles"][0]["war"] == 4
    app.switch_page("companion/ui/pages/box_check.py").run()
    assert "seen at the table" in texts(app)
    click(app, "box_seen_yes")
    stored = open_store().box_overrides("yinzi")
    assert {"demand": "d2", "war": 4, "disaster": None} in stored["infra.tiles"]
    # one tile of 20 seen (and the rate read at the die's start field): recorded item by item, still "partly"
    assert not open_store().setting("box_seen.yinzi")
    assert "infra.tiles" in open_store().setting("box_partly.yinzi")
    assert open_store().setting("box_seen_items.yinzi")["infra.tiles"] == {
        '{"demand":"d2","disaster":null,"war":4}': 1}
    app.switch_page("companion/ui/pages/home.py").run()
    start(app, "yinzi", players=3)
    assert "infra.tiles" in table(app).session.setup["profile"]["partly"]


def test_yinzi_something_else_at_a_city_market_then_recorded(app):
    """The first city market turns up a tile the placeholders lack (bamboo, salt and sugarcane, a coin field
    beside salt): entered under "Something else…" by its goods and coin field, the tile lies on that market,
    and Box check records the grown tiles as "seen at the table"."""
    from companion.yinzi.components import for_overrides

    start(app, "yinzi", players=3, who="table")
    tab = table(app)
    v = tab.version
    assert tab.session.decision.kind == "yinzi.draw_market"
    province = tab.session.decision.params["province"]
    goods = next(w for w in [*app.selectbox, *app.button_group] if w.key == f"seen_goods_{v}")
    goods.set_value(["bamboo", "salt", "sugarcane"]).run()
    coins = [b.label for b in app.button if b.key and b.key.startswith(f"enter_seen_{v}_")]
    assert coins == ["Bamboo", "Salt", "Sugar cane"], coins  # a coin field only beside a good the tile demands
    enter_seen(app, v, goods=["bamboo", "salt", "sugarcane"], coin=["salt"])
    state = table(app).session.state
    tiles = for_overrides(state.overrides, state.seen).city_markets.tiles
    assert tiles[state.markets[province]["tile"]] == {"goods": ["bamboo", "salt", "sugarcane"], "coin": ["salt"]}
    assert len(tiles) == 8
    app.switch_page("companion/ui/pages/box_check.py").run()
    assert "seen at the table" in texts(app)
    click(app, "box_seen_yes")
    stored = open_store().box_overrides("yinzi")
    assert {"goods": ["bamboo", "salt", "sugarcane"], "coin": ["salt"]} in stored["city_markets.tiles"].values()
    assert "city_markets.tiles" in open_store().setting("box_partly.yinzi")  # one tile of 8: item by item


def test_yinzi_something_else_at_a_ship_draw_then_recorded(app):
    """The first ship drawn (a ship taken out at three players, or one for the coast) is a Japanese ship with
    paper and silk, which the placeholders lack: entered by nation and places, Japan's ships grow a layout,
    and Box check records that ship ("partly seen at the table": the other ships were not all turned up)."""
    start(app, "yinzi", players=3, who="table")
    for _ in range(40):
        tab = table(app)
        v = tab.version
        if tab.session.decision.kind in ("yinzi.draw_ship_remove", "yinzi.draw_coast"):
            break
        if tab.session.decision.kind in READS:  # a track read where the game uses it (rulings 41-44)
            click(app, f"held_confirm_{v}")
            continue
        app.selectbox(key=f"select_{v}").set_value(0).run()
        click(app, f"confirm_{v}")
    else:
        raise AssertionError("no ship was drawn")
    enter_seen(app, v, nation="japan", slots=["paper", "silk"])
    state = table(app).session.state
    assert ["paper", "silk"] in state.overrides["ships.kinds"]["japan"]["layouts"]
    app.switch_page("companion/ui/pages/box_check.py").run()
    assert "seen at the table" in texts(app)
    click(app, "box_seen_yes")
    stored = open_store().box_overrides("yinzi")
    assert stored["ships.kinds"]["japan"]["layouts"].count(["paper", "silk"]) == 1
    # recorded ship by ship (ruling 46): the ships this game turned up, not all 18, so only partly seen
    assert "ships.kinds" not in open_store().setting("box_seen.yinzi", [])
    assert "ships.kinds" in open_store().setting("box_partly.yinzi", [])
