"""Live follow by push (issue 23): the screens that follow a game share one replay of each stored revision, and
never anything else: each gets its own copy, a move, an undo or another device's change is always loaded."""

from __future__ import annotations

from companion.core.chance import app_may_draw
from companion.ui.dispatch import APP_CHANCE, UNDO, Table, dispatch, follow, set_meta
from companion.ui.live import SharedLoads

from .test_dispatch_storage import new_table, store  # noqa: F401 (the fixture)


class Counting:
    """The store, counting the replays (load_game) it is asked for."""

    def __init__(self, store) -> None:  # noqa: F811
        self.store, self.loads = store, 0

    def revision(self, game_id, *, owner=None):
        return self.store.revision(game_id, owner=owner)

    def load_game(self, game_id, *, owner=None):
        self.loads += 1
        return self.store.load_game(game_id, owner=owner)


def _play(tab: Table, store) -> bool:  # noqa: F811
    """One step of the toy game: the app rolls, or the first option (roll again)."""
    options = tab.session.decision.options if tab.session.decision else []
    command = APP_CHANCE if app_may_draw(tab.session.decision) or not options else options[0]
    return dispatch(tab, command, tab.revision, store).ok


def _screen(store, tab: Table) -> Table:  # noqa: F811
    session, row = store.load_game(tab.game_id, owner=tab.owner)
    return Table(row.id, session, row.title, row.meta, owner=row.owner, revision=row.revision)


def test_the_followers_of_a_move_share_one_replay_and_each_gets_its_own_copy(store):  # noqa: F811
    player = new_table(store)
    screens = [_screen(store, player) for _ in range(5)]
    counting = Counting(store)
    loads = SharedLoads(counting)
    assert dispatch(player, APP_CHANCE, player.revision, store).ok
    assert all(follow(s, loads) for s in screens)
    assert counting.loads == 1  # one replay for five screens
    assert {s.revision for s in screens} == {player.revision}
    assert all(s.session.log == player.session.log for s in screens)
    sessions = [s.session for s in screens]
    assert len({id(s) for s in sessions}) == 5 and len({id(s.log) for s in sessions}) == 5
    assert len({id(s.meta) for s in screens}) == 5
    screens[0].meta["colours"].append("green")  # a screen's own copy: the others (and the kept one) unchanged
    assert all(s.meta["colours"] == ["red", "blue"] for s in screens[1:])
    assert not follow(screens[1], loads) and counting.loads == 1  # nothing moved: nothing loaded


def test_a_tap_on_a_follower_changes_no_other_screen(store):  # noqa: F811
    player = new_table(store)
    a, b = _screen(store, player), _screen(store, player)
    loads = SharedLoads(store)
    assert dispatch(player, APP_CHANCE, player.revision, store).ok
    assert follow(a, loads) and follow(b, loads)
    assert _play(a, store)  # a plays on from the shared replay
    assert len(a.session.log) == 2 and len(b.session.log) == 1 and len(b.session.events) == 1
    assert follow(b, loads) and len(b.session.log) == 2 and b.revision == a.revision


def test_an_undo_and_another_devices_setting_are_loaded_never_a_kept_older_replay(store):  # noqa: F811
    player = new_table(store)
    follower = _screen(store, player)
    loads = SharedLoads(store)
    assert dispatch(player, APP_CHANCE, player.revision, store).ok
    assert follow(follower, loads) and len(follower.session.log) == 1
    assert dispatch(player, UNDO, player.revision, store).ok  # back to the start: a new revision
    assert follow(follower, loads) and follower.session.log == [] and follower.revision == player.revision
    assert set_meta(player, store, seats_act=True).ok
    assert follow(follower, loads) and follower.meta.get("seats_act") is True


def test_only_a_few_replays_are_kept(store):  # noqa: F811
    player = new_table(store)
    follower = _screen(store, player)
    counting = Counting(store)
    loads = SharedLoads(counting, kept=2)
    for _ in range(4):
        assert _play(player, store)
        assert follow(follower, loads)
    assert counting.loads == 4 and len(loads._games) == 2
