"""The calm moment on the Table screen: a Gùgōng game that used "Something else…" has ended, and the table is
asked once (the answer kept with the game) whether to record what it saw in the box profile. Recording never
replaces a fact the owner checked."""

from __future__ import annotations

import pytest

from companion.core import Session
from companion.core.playout import playout
from companion.core.profile import load_default
from companion.gugong.engine import GAME
from companion.gugong.seen_items import items_seen
from companion.storage import open_store
from tests.ui.apphelpers import click, keys, new_session, resume, start, table, texts

from .table import JADE, play_mirrored, real_box

PLAYERS = ["Anna", "Lisa", "David"]
ENTERED = {"players": PLAYERS, "seed": 5, "table_entry": True, "profile": {"overrides": {"jade_houses": JADE}}}
OWNER_DICE = [1, 2, 3, 4, 5, 6]  # the owner checked the dice: what the table saw of them must not replace this


@pytest.fixture(scope="module")
def entered_log() -> list[dict]:
    """The log of a whole game whose table entered what the real box shows (cards, dice, decrees)."""
    real = {"players": PLAYERS, "seed": 5, "profile": {"overrides": real_box()}}
    mirrors = []
    play_mirrored(GAME, real, ENTERED, 5, lambda _r, _e, mirror: mirrors.append(mirror))
    return list(mirrors[-1].log)


def _stored(log: list[dict]) -> str:
    """The game in the app's store (with the owner's box check), as a new browser would find it."""
    store = open_store()
    store.set_box_overrides("gugong", {"jade_houses": JADE, "dice_faces": OWNER_DICE})
    session = Session.from_log(GAME, ENTERED, log)
    return store.create_game(session, owner=store.home_table(), title="seen game").id


def _found(app) -> dict:
    session = table(app).session
    return items_seen(session.game, session.setup, list(session.log))


def _prompt(app) -> str:
    return "\n".join(str(m.value) for m in app.markdown
                     if "seen at the table" in str(m.value) and ":material/help:" not in str(m.value))  # not the notice


def test_shown_at_the_end_recorded_once_and_used_by_the_next_game(data_dir, entered_log):
    game_id = _stored(entered_log)
    app = resume(game_id)
    assert table(app).session.is_over
    found = _found(app)
    assert {"gift_cards", "dice_faces", "decree_costs"} <= set(found)
    prompt = _prompt(app)
    n = len(set(found) - {"dice_faces"})  # the owner's checked dice are not offered
    assert f"This game saw {n} box facts" in prompt, prompt
    assert "gift_cards" not in prompt and "dice_faces" not in prompt  # facts named in words, never keys
    click(app, "table_seen_yes")
    store = open_store()
    stored = store.box_overrides("gugong")
    assert stored["dice_faces"] == OWNER_DICE and stored["jade_houses"] == JADE  # the owner's checks stay
    real = real_box()["gift_cards"]
    for group, proof in found["gift_cards"].items():  # each card the table entered is the real box's
        assert sum(proof.values()) <= sum(1 for c in real if c["set"] == group)
        shown = [c for c in stored["gift_cards"] if c["set"] == group]
        assert all(sum(1 for c in shown if f"{c['value']}|{c['action']}" == item) >= n for item, n in proof.items())
    recorded = set(store.setting("box_seen.gugong")) | set(store.setting("box_partly.gugong"))
    assert recorded == set(found) - {"dice_faces"}
    assert "gift_cards" in store.setting("box_partly.gugong")  # the draw pile was not all drawn: still unverified
    assert "table_seen_yes" not in keys(app) and "Recorded as seen at the table" in texts(app)
    again = resume(game_id)  # another browser, or a reload: asked once per game
    assert not _prompt(again) and store.load_game(game_id)[1].meta.get("seen_asked") is True
    again.switch_page("companion/ui/pages/home.py").run()
    start(again, "gugong", players=3)
    profile = table(again).session.setup["profile"]
    assert "gift_cards" in profile.get("partly", profile), [e.value for e in again.error]
    assert profile["overrides"]["dice_faces"] == OWNER_DICE


def test_not_now_hides_it_for_that_game(data_dir, entered_log):
    game_id = _stored(entered_log)
    app = resume(game_id)
    assert _prompt(app)
    click(app, "table_seen_no")
    assert not _prompt(app)
    assert open_store().box_overrides("gugong") == {"jade_houses": JADE, "dice_faces": OWNER_DICE}  # nothing kept
    again = resume(game_id)
    assert not _prompt(again)
    again.switch_page("companion/ui/pages/box_check.py").run()
    assert "box_seen_yes" not in keys(again)  # Box check does not ask again for this game either


def test_not_asked_while_the_game_runs_nor_when_nothing_was_seen(data_dir, entered_log):
    running = _stored(entered_log[:-1])
    app = resume(running)
    assert not table(app).session.is_over and not _prompt(app)
    done = playout(GAME, {"players": PLAYERS, "seed": 4}, seed=4)  # no table entry: nothing seen
    store = open_store()
    ended = store.create_game(Session.from_log(GAME, done.setup, done.log), owner=store.home_table()).id
    app = resume(ended)
    assert table(app).session.is_over and not _prompt(app) and "table_seen_yes" not in keys(app)


def test_the_sentence_counts_in_the_readers_language(data_dir, entered_log):
    game_id = _stored(entered_log)
    open_store().set_box_overrides("gugong", {**{"jade_houses": JADE, "dice_faces": OWNER_DICE},
                                              "decree_costs": load_default("gugong").value("decree_costs")})
    app = new_session("de")
    app.run()
    click(app, f"resume_{game_id}")
    shown = [str(m.value) for m in app.markdown if "Schachtelprofil" in str(m.value)]
    n = len(set(_found(app)) - {"dice_faces", "decree_costs"})
    word = "eine Angabe" if n == 1 else f"{n} Angaben"
    assert shown and word in shown[0], shown
