"""Solo against Meng through the UI: a full day including the dusk, then the Meng screen."""

from __future__ import annotations

import itertools

import pytest

from companion.core.actions import CHANCE, Decision, Event
from companion.core.registry import manifest
from companion.i18n import labels, t
from companion.ui import context
from companion.ui.pages.meng import goes_on, stretch

from .apphelpers import click, new_session, play_in_engine, start, step_until, table, texts
from .test_app_gugong import step

context.register_extra_games()


def test_solo_day_one_with_dusk_and_the_meng_screen(app):
    start(app, "gugong-solo", names=["Anna"])
    assert table(app).session.setup["difficulty"] == "normal"
    codes: list[str] = []
    for _ in range(250):
        step(app)
        codes = [e.code for evs in table(app).session.events for e in evs]
        if table(app).session.state.day == 2:
            break
    assert table(app).session.state.day == 2
    assert any(c.startswith("meng.event.dusk") for c in codes), "the dusk phase ran"
    app.switch_page("companion/ui/pages/meng.py").run()
    assert not app.exception
    shown = texts(app)
    assert "What Meng does now" in shown and "1. " in shown
    deck = app.table[0].value
    assert list(deck.columns) == ["Deck", "Today", "Earlier days"]
    # the table can go on from Meng's screen
    v = table(app).version
    step(app)  # Meng's turn (one tap) or the player's question, whichever is next
    assert table(app).version > v


def test_solo_options_reach_the_engine(app):
    app.run()
    app.selectbox(key="new_game").set_value("gugong-solo").run()
    app.radio(key="new_gugong-solo_difficulty").set_value("hard").run()
    app.selectbox(key="new_gugong-solo_focus").set_value("jade").run()
    click(app, "start_game")
    setup = table(app).session.setup
    assert setup["difficulty"] == "hard" and setup["focus"] == "jade"


def test_meng_screen_in_a_multiplayer_game_says_so(app):
    start(app, "gugong", players=2)
    app.switch_page("companion/ui/pages/meng.py").run()
    assert "only in a solo game" in texts(app)


def _notice(app) -> str:
    return "\n".join(str(m.value) for m in app.markdown if "nobody has checked yet" in str(m.value))


def test_the_meng_screen_names_the_unverified_facts_it_rests_on_and_can_hide_them(app):
    start(app, "gugong-solo", names=["Anna"])
    app.switch_page("companion/ui/pages/meng.py").run()
    assert not app.exception
    notice = _notice(app)
    deck = labels.fact_name("gugong", "meng.automa_cards", "en")  # his deck's counts are a placeholder
    assert deck in notice, notice
    assert "meng.automa_cards" not in notice  # named in words, never the key
    links = [link.label for link in app.get("page_link")]
    assert "Check it against your box" in links or "Check them against your box" in links, "links Box check"
    if "one fact" in notice:
        assert "Check it against your box" in links, "the link's plural follows the facts named"
    click(app, f"hide_unverified_{table(app).game_id}")
    assert not _notice(app)
    app.run()
    assert not _notice(app), "stays hidden for this game"


def test_the_meng_notice_speaks_the_readers_language(data_dir):
    app = new_session("nl")
    start(app, "gugong-solo", names=["Anna"])
    app.switch_page("companion/ui/pages/meng.py").run()
    deck = labels.fact_name("gugong", "meng.automa_cards", "nl")
    shown = [str(m.value) for m in app.markdown if deck in str(m.value)]
    assert shown and "nobody" not in shown[0], shown


MENG = "companion/ui/pages/meng.py"
HEADING = {"title": 1, "header": 2, "subheader": 3}
SHOWN = {  # language: (the dice line, the "new" badge, Meng's heading, the table's heading)
    "en": ("Fate dice:", ":blue-badge[new]", "What Meng does now", "On the table"),
    "de": ("Schicksalswürfel:", ":blue-badge[neu]", "Was Meng jetzt tut", "Auf dem Tisch"),
    "nl": ("Lotdobbelstenen:", ":blue-badge[nieuw]", "Wat Meng nu doet", "Op tafel"),
}


def headings(app) -> list[tuple[int, str]]:
    """The screen's headings in page order: (level, text)."""
    return [(HEADING[node.type], str(node.value)) for node in app.main if getattr(node, "type", "") in HEADING]


def to_day_two_from_the_meng_screen(lang: str):
    app = new_session(lang)
    start(app, "gugong-solo", names=["Anna"])
    app.switch_page(MENG).run()
    # day 1 up to its dusk in the engine (the screen is the point, not those taps), then tapped on to day 2
    play_in_engine(app, lambda s: s.state.day >= 2 or s.state.phase in ("dusk", "night"))
    step_until(app, _rolled_on_day_two, limit=150, chance="app_chance")
    return app


def _rolled_on_day_two(app) -> bool:
    """Day 2, and the last tap rolled its dice (a game whose night ends at a question of its own reaches day 2
    one tap before the morning's dice)."""
    session = table(app).session
    return session.state.day == 2 and any(e.code == "gugong.event.die_rolled" for e in (session.events or [[]])[-1])


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_meng_screen_shows_dice_refills_and_new_lines_with_headings_in_order(data_dir, lang):
    app = to_day_two_from_the_meng_screen(lang)
    dice_line, new, meng_heading, table_heading = SHOWN[lang]
    shown = texts(app)
    assert not app.exception
    levels = [level for level, _ in headings(app)]
    assert levels[0] == 1 and all(b - a <= 1 for a, b in itertools.pairwise(levels)), headings(app)
    titles = [text for _, text in headings(app)]
    assert meng_heading in titles and any(x.startswith(table_heading) for x in titles), titles
    faces = table(app).session.state.dice
    assert f"{dice_line} {' · '.join(str(d) for d in faces)}" in shown
    # the tap that reached day 2 rolled the dice and laid the refills: their lines are there and marked new
    marked = [str(m.value) for m in app.markdown if new in str(m.value)]
    assert marked, "new lines are marked"
    lay = t("gugong.do.tile_laid", lang, tile="@", city="@").split("@")[0]
    die = t("gugong.do.die", lang, die="@", face="@").split("@")[0]
    table_lines = next(m for m in marked if m.startswith("- "))
    assert lay in table_lines and die in table_lines, table_lines
    assert "(the steps below)" not in shown and "ui." not in shown


def test_meng_screen_lines_are_new_only_once(data_dir):
    app = to_day_two_from_the_meng_screen("en")
    assert any("[new]" in str(m.value) for m in app.markdown)
    app.run()  # a rerun without a change keeps the marks
    assert any("[new]" in str(m.value) for m in app.markdown)
    v = table(app).version
    step(app, chance="app_chance")  # day 2 begins with the player's own choice: it gives the table no line
    assert table(app).version > v
    events = table(app).session.events[v:]
    if not any(manifest("gugong-solo").instructions(evs) for evs in events):
        assert not any("[new]" in str(m.value) for m in app.markdown), "the earlier tap's lines are new no more"
    for _ in range(10):  # the next tap that gives the table something to do marks its own lines
        if any("[new]" in str(m.value) for m in app.markdown):
            break
        step(app, chance="app_chance")
    assert any("[new]" in str(m.value) for m in app.markdown), "the next tap marks its own lines"


def test_the_table_enters_gift_card_and_automa_card_and_meng_plays_in_one_tap(app):
    start(app, "gugong-solo", names=["Anna"])
    app.switch_page(MENG).run()
    step_until(app, lambda a: table(a).session.decision.kind.endswith(".meng_reveal"), limit=40, chance="app_chance")
    v = table(app).version
    app.radio(key=f"chance_mode_{v}").set_value("table").run()
    assert "tap the gift card, then the location" in texts(app)
    automa = [b.label for b in app.button if b.key and b.key.startswith(f"opt_{v}_")]
    assert any("Special card (Meng's focus)" in label for label in automa), automa
    assert not any(": special" in label for label in automa), "no raw code on a button"
    hand = sorted(table(app).session.state.players[1].hand)
    assert len(hand) > 1
    app.button_group(key=f"meng_gift_pick_{v}").set_value(1).run()  # the second gift card
    reveal = table(app).session.decision
    card = reveal.options[0]["card"]
    click(app, f"opt_{v}_0")
    log = table(app).session.log
    assert log[v:v + 2] == [{"type": "automa_card", "card": card}, {"type": "meng_card", "card": hand[1]}]
    assert table(app).session.state.meng.today[-1] == card
    after = table(app).session.decision
    assert not after.kind.endswith((".meng_reveal", ".meng_gift")), "his turn is carried out"
    assert "1. :blue-badge[new]" in texts(app)


def _ev(*codes: str) -> list[Event]:
    return [Event(c, {}) for c in codes]


def test_the_app_draws_on_to_the_players_decision_or_mengs_next_turn():
    def chance(kind: str) -> Decision:
        return Decision(CHANCE, kind, ({"type": "x"},))

    assert goes_on(chance("gugong.meng_gift")) and goes_on(chance("gugong.roll_die"))
    assert goes_on(chance("gugong.meng_travel")) and goes_on(chance("gugong.draw_tile"))
    assert not goes_on(chance("gugong.meng_reveal")), "one tap per Meng turn: his next turn waits"
    assert not goes_on(Decision(0, "gugong.turn", ({"type": "x"},))) and not goes_on(None)


def test_mengs_latest_turn_and_the_table_moves_around_it():
    events = [
        _ev("gugong.event.exchange"),  # 0 the player's exchange
        _ev("gugong.event.action"),  # 1 her action; her turn ends
        _ev("meng.event.day.automa_card"),  # 2 Meng's card (drawn)
        _ev("gugong.event.exchange", "meng.event.day.exchange"),  # 3 his gift card (drawn)
        _ev("gugong.event.exchange"),  # 4 the player's next exchange
        _ev("gugong.event.action"),  # 5 her action
        _ev("meng.event.day.automa_card"),  # 6 Meng's next turn (drawn)
        _ev("meng.event.day.exchange", "meng.event.dusk.start"),  # 7 (drawn)
        _ev("gugong.event.tile_laid"),  # 8 a refill (drawn)
        _ev("gugong.event.die_rolled", "meng.event.morning.decrees"),  # 9 a die (drawn)
    ]
    flags = [False, False, True, True, False, False, True, True, True, True]
    meng, moves = stretch(events, flags, 0)
    assert list(meng) == [6, 7, 8, 9], "his latest turn, through the morning, not his turn before"
    assert list(moves) == [4, 5, 6, 7, 8, 9], "the player's own moves just before it stay listed"
    meng, moves = stretch(events[:6], flags[:6], 0)
    assert list(meng) == [2, 3] and list(moves) == [0, 1, 2, 3, 4, 5]
    meng, moves = stretch(events[:2], flags[:2], 0)
    assert list(meng) == [] and list(moves) == [0, 1], "before Meng's first turn: the table's moves only"
