"""Live follow by push (issue 23): the watcher reads each watched game's stored revision once per check and names
only the screens whose game moved past what they show, once per move."""

from __future__ import annotations

from companion.ui.revision_watch import Watcher, available


class Stored:
    def __init__(self) -> None:
        self.revisions: dict[str, int] = {"g1": 3, "g2": 7}
        self.reads: list[tuple[str, str | None]] = []

    def __call__(self, game_id: str, owner: str | None) -> int | None:
        self.reads.append((game_id, owner))
        return self.revisions.get(game_id)


def test_only_the_screens_whose_game_moved_are_rerun_once_per_move():
    stored = Stored()
    watcher = Watcher(stored)
    watcher.show("a", "g1", "T", 3)
    watcher.show("b", "g1", "T", 3)
    watcher.show("c", "g2", "T", 7)
    assert watcher.due() == [] and sorted(stored.reads) == [("g1", "T"), ("g2", "T")]  # one read per game
    stored.revisions["g1"] = 4
    assert sorted(watcher.due()) == ["a", "b"]
    assert watcher.due() == []  # asked once: the rerun shows it
    watcher.show("a", "g1", "T", 4)  # a's rerun drew revision 4; b's did not run yet (it was busy)
    watcher.retry("b")
    assert watcher.due() == ["b"]


def test_a_screen_that_left_or_a_game_that_is_gone_is_never_rerun():
    stored = Stored()
    watcher = Watcher(stored)
    watcher.show("a", "g1", None, 3)
    watcher.show("b", "gone", None, 1)
    watcher.forget("a")
    stored.revisions["g1"] = 5
    assert watcher.due() == [] and watcher.watched() == 1


def test_an_unreachable_store_reruns_each_screen_once_to_say_so():
    """The screens learn of an outage from the watcher (one rerun each: the message, then the outage check polls
    with its back-off); not again at every check."""
    def down(game_id: str, owner: str | None) -> int | None:
        raise OSError("database unreachable")

    watcher = Watcher(down)
    watcher.show("a", "g1", None, 3)
    watcher.show("b", "g1", None, 3)
    assert sorted(watcher.due()) == ["a", "b"]
    assert watcher.due() == []


def test_without_a_streamlit_server_the_screens_poll():
    assert not available()  # a test process runs no Streamlit server: live.follow uses its fragment
