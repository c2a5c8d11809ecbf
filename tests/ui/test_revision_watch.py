"""Live follow by push (issue 23): the watcher reads each watched game's stored revision once per check and names
only the screens whose game moved past what they show, once per move."""

from __future__ import annotations

from companion.ui.revision_watch import GIVE_WAY, STUCK, YIELD, Watcher, available


def idle(session_id: str) -> bool:
    return False


def due(watcher: Watcher) -> list[str]:
    """Check, then every queued rerun at once (a watcher without a limit)."""
    watcher.check()
    return watcher.take(idle, 0.0)


class Stored:
    def __init__(self) -> None:
        self.revisions: dict[str, int] = {"g1": 3, "g2": 7}
        self.reads: list[tuple[str, str | None]] = []

    def __call__(self, game_id: str, owner: str | None) -> int | None:
        self.reads.append((game_id, owner))
        return self.revisions.get(game_id)


def test_only_the_screens_whose_game_moved_are_rerun_once_per_move():
    stored = Stored()
    watcher = Watcher(stored, parallel=99)
    watcher.show("a", "g1", "T", 3)
    watcher.show("b", "g1", "T", 3)
    watcher.show("c", "g2", "T", 7)
    assert due(watcher) == [] and sorted(stored.reads) == [("g1", "T"), ("g2", "T")]  # one read per game
    stored.revisions["g1"] = 4
    assert sorted(due(watcher)) == ["a", "b"]
    assert due(watcher) == []  # asked once: the rerun shows it
    watcher.show("a", "g1", "T", 4)  # a's rerun drew revision 4; b's did not run yet (it was busy)
    watcher.retry("b")
    assert due(watcher) == ["b"]


def test_a_screen_that_left_or_a_game_that_is_gone_is_never_rerun():
    stored = Stored()
    watcher = Watcher(stored, parallel=99)
    watcher.show("a", "g1", None, 3)
    watcher.show("b", "gone", None, 1)
    watcher.forget("a")
    stored.revisions["g1"] = 5
    assert due(watcher) == [] and watcher.watched() == 1


def test_an_unreachable_store_reruns_each_screen_once_to_say_so():
    """The screens learn of an outage from the watcher (one rerun each: the message, then the outage check polls
    with its back-off); not again at every check."""
    def down(game_id: str, owner: str | None) -> int | None:
        raise OSError("database unreachable")

    watcher = Watcher(down, parallel=99)
    watcher.show("a", "g1", None, 3)
    watcher.show("b", "g1", None, 3)
    assert sorted(due(watcher)) == ["a", "b"]
    assert due(watcher) == []


def test_without_a_streamlit_server_the_screens_poll():
    assert not available()  # a test process runs no Streamlit server: live.follow uses its fragment


def test_the_reruns_of_a_move_are_handed_out_a_few_at_a_time_in_the_order_queued():
    """Every session's script shares one GIL: a tap on the playing device waits for at most `parallel` follow
    reruns, not for all the open screens at once; a rerun is in flight until its screen showed the move and its
    run ended."""
    stored = Stored()
    watcher = Watcher(stored, parallel=2)
    for name in "abcde":
        watcher.show(name, "g1", "T", 3)
    stored.revisions["g1"] = 4
    assert watcher.check() == list("abcde")
    running: set[str] = set()
    assert watcher.take(running.__contains__, 0.0) == ["a", "b"]
    running |= {"a", "b"}
    assert watcher.take(running.__contains__, 0.1) == []  # two in flight
    watcher.show("a", "g1", "T", 4)  # a's rerun drew the move, its run goes on
    assert watcher.take(running.__contains__, 0.2) == []
    running.discard("a")  # a's run ended
    assert watcher.take(running.__contains__, 0.3) == ["c"]
    watcher.show("b", "g1", "T", 4)
    running.discard("b")
    running.add("d")  # d is busy with a tap of its own: the reruns wait for it (a tap draws first)
    assert watcher.take(running.__contains__, 0.4) == []
    assert watcher.take(running.__contains__, 0.4 + YIELD + 0.1) == ["e"]  # not forever: d still waits
    running.discard("d")
    watcher.show("c", "g1", "T", 4)
    running.discard("c")
    assert watcher.take(running.__contains__, 2.0) == ["d"]
    assert watcher.pending()


def test_a_rerun_that_never_shows_its_game_frees_its_place_and_a_departed_screen_its_turn():
    stored = Stored()
    watcher = Watcher(stored, parallel=1)
    for name in "abc":
        watcher.show(name, "g1", "T", 3)
    stored.revisions["g1"] = 4
    watcher.check()
    assert watcher.take(idle, 0.0) == ["a"]
    assert watcher.take(idle, 1.0) == []  # asked, not shown yet
    watcher.forget("b")  # b's browser went away
    assert watcher.take(idle, STUCK + 0.1) == ["c"]  # a never showed the move (its page changed): not waited for
    watcher.show("c", "g1", "T", 4)
    assert watcher.take(idle, STUCK + 0.2) == [] and not watcher.pending()


def test_a_screen_queued_for_a_move_that_shows_it_by_a_run_of_its_own_is_not_rerun_again():
    stored = Stored()
    watcher = Watcher(stored, parallel=1)
    watcher.show("a", "g1", "T", 3)
    watcher.show("b", "g1", "T", 3)
    stored.revisions["g1"] = 4
    watcher.check()
    watcher.show("b", "g1", "T", 4)  # b tapped meanwhile: its own run loaded the move
    assert watcher.take(idle, 0.0) == ["a"]
    watcher.show("a", "g1", "T", 4)
    assert watcher.take(idle, 0.1) == [] and not watcher.pending()
    assert watcher.check() == []  # nothing moved since


def test_a_move_shown_by_the_tapping_screen_queues_its_followers_at_once():
    """No wait for the next store check: the tapping screen's run shows the new revision, the watcher queues the
    screens of that game that show an older one (not another game's)."""
    stored = Stored()
    watcher = Watcher(stored, parallel=9)
    watcher.show("player", "g1", "T", 3)
    watcher.show("a", "g1", "T", 3)
    watcher.show("b", "g1", None, 3)  # the same game by its own link
    watcher.show("c", "g2", "T", 7)
    watcher.wake.clear()
    watcher.show("player", "g1", "T", 4)  # the tap was saved as revision 4
    assert watcher.wake.is_set()
    assert sorted(watcher.take(idle, 0.0)) == ["a", "b"]
    stored.revisions["g1"] = 4
    assert watcher.check() == []  # already asked for this move: not twice


def test_follow_reruns_in_flight_pause_while_a_tap_runs_and_go_on_when_it_ended():
    """The scripts of all sessions share one GIL: a follower's rerun gives way to a tap on another screen."""
    import threading
    import time

    stored = Stored()
    watcher = Watcher(stored, parallel=1)
    for session in ("player", "f1", "f2"):
        watcher.show(session, "g1", None, 3)
    stored.revisions["g1"] = 4
    watcher.show("player", "g1", None, 4)  # the player's tap made the move: the others are queued
    running: set[str] = set()
    assert watcher.take(lambda s: s in running, 0.0) == ["f1"] and not watcher.tapping
    running.add("f1")  # its rerun runs
    assert watcher.take(lambda s: s in running, 0.0) == [] and not watcher.tapping
    running.add("player")  # the player taps while f1's rerun runs
    assert watcher.take(lambda s: s in running, 0.0) == [] and watcher.tapping
    started = time.monotonic()
    watcher.give_way("player")  # the tap itself never waits
    watcher.give_way("f2")  # nor a screen whose rerun is not running
    assert time.monotonic() - started < 0.05

    def tap_ends() -> None:
        time.sleep(0.1)
        running.discard("player")
        watcher.take(lambda s: s in running, 0.0)

    threading.Thread(target=tap_ends).start()
    watcher.give_way("f1")  # f1's rerun pauses until the tap's run ended
    paused = time.monotonic() - started
    assert 0.08 <= paused < GIVE_WAY and not watcher.tapping


def test_a_pause_never_lasts_longer_than_give_way():
    import time

    watcher = Watcher(Stored(), parallel=1)
    watcher.show("player", "g1", None, 3)
    watcher.show("f1", "g1", None, 3)
    watcher._flight["f1"] = (0.0, False)
    watcher.tapping = True  # a tap that never ends (the watcher's thread gone)
    started = time.monotonic()
    watcher.give_way("f1")
    assert GIVE_WAY <= time.monotonic() - started < GIVE_WAY + 0.2
    started = time.monotonic()
    watcher.give_way("f1")  # the same rerun, later: it paused its share already
    assert time.monotonic() - started < 0.05


def test_the_devices_that_play_see_a_move_before_the_screens_that_only_watch():
    """A screen that moved the game itself (a tap: it shows a newer revision without a rerun of the watcher's) is
    a player's device: its follow reruns go before the watching screens', which keep the order queued."""
    stored = Stored()
    watcher = Watcher(stored, parallel=1)
    for name in ("w1", "w2", "p1", "w3", "p2"):
        watcher.show(name, "g1", "T", 3)
    watcher.show("p1", "g1", "T", 4)  # p1 taps: revision 4, then p2 taps: revision 5
    watcher.show("p2", "g1", "T", 5)
    stored.revisions["g1"] = 5
    watcher.check()
    order = []
    while watcher.pending():
        taken = watcher.take(idle, 0.0)
        assert len(taken) <= 1
        for session_id in taken:
            order.append(session_id)
            watcher.show(session_id, "g1", "T", 5)  # the rerun shows the move (not a move of its own)
    assert order == ["p1", "w1", "w2", "w3"]  # p2 shows revision 5 already; p1 played, the others watch
    stored.revisions["g1"] = 6
    watcher.check()
    order = []
    while watcher.pending():
        for session_id in watcher.take(idle, 0.0):
            order.append(session_id)
            watcher.show(session_id, "g1", "T", 6)
    assert order == ["p2", "p1", "w1", "w2", "w3"]  # p2 played last: first; the watchers' reruns never count
