"""The club server under faults (issue 24), in a real Chromium against `streamlit run`.

(1) Two devices on one game, the host changes no setting: 50 interleaved taps, each made on a screen
    that shows the stored game, are all stored; none is refused as stale and the game's settings never
    change by themselves.
(2) A real PostgreSQL is stopped mid-game (pg_ctl stop -m immediate): both screens say so once, in
    plain words, a tap is refused with that message and stored nowhere, a reload shows the message (no
    traceback, no server path), the server idles meanwhile; after the restart the screens say so, nothing
    was lost and the game goes on.
"""

from __future__ import annotations

import contextlib
import os
import time

import pytest

from companion.storage import open_store
from tests.storage.pg_server import PgServer, why_not

from .test_browser import LAPTOP, PHONE, pick_card, shot, wait_for_app
from .test_two_devices import game_id_of, open_list, serve, tap_option

pytestmark = pytest.mark.e2e
DOWN = "The game store cannot be reached just now"
STALE = ("moved on", "nothing was changed")


def _log_length(location, game_id: str) -> tuple[int, dict]:
    with open_store(location) as store:
        session, row = store.load_game(game_id)
    return len(session.log), row.meta


def _shows(page, n: int, timeout: float = 15_000) -> None:
    """Wait until the page's log ends with step n (the follow brought the other device's tap)."""
    page.wait_for_function(
        "n => { const p = [...document.querySelectorAll('.st-key-event_log p')].pop();"
        " return !!p && p.innerText.startsWith(n + '.'); }",
        arg=n, timeout=timeout, polling=100,
    )
    wait_for_app(page)


def _tap(page) -> None:
    """tap_option(page, 0), but a confirm button folded away in an expander after the choice is unfolded."""
    confirm = page.locator("[class*='st-key-confirm_'] button").first
    if page.locator("[class*='st-key-opt_'] button").count() or not page.locator("[class*='st-key-select_']").count():
        tap_option(page, 0)
        return
    pick_card(page)
    select = page.locator("[class*='st-key-select_'] input").first
    holder = page.locator("[data-testid='stExpander']").filter(has=page.locator("[class*='st-key-select_']"))
    if not select.is_visible() and holder.count():
        holder.locator("summary").first.click()
    open_list(page, select).first.click()
    wait_for_app(page)
    if not confirm.is_visible() and holder.count():
        holder.locator("summary").first.click()
    confirm.click()
    wait_for_app(page)


def _alerts(page) -> list[str]:
    return page.locator("[data-testid='stAlert']").all_inner_texts()


def _wait(page, timeout: float = 120_000) -> None:
    """wait_for_app with room for a busy machine (a first run of a fresh server imports everything)."""
    wait_for_app(page, timeout)


def _open(browser, viewport: dict, url: str):
    page = browser.new_context(viewport=viewport, locale="en-GB").new_page()
    page.goto(url, timeout=120_000)
    _wait(page)
    return page


def _stored(location, game_id: str) -> tuple[int, int, dict]:
    """(log length, revision, meta) of the stored game."""
    with open_store(location) as store:
        session, row = store.load_game(game_id)
    return len(session.log), row.revision, row.meta


def _start_pig(page) -> None:
    page.locator(".st-key-new_game input").click()
    page.get_by_role("option", name="Toy pig", exact=True).click()
    _wait(page)
    page.locator(".st-key-start_game button").click()
    _wait(page)
    page.wait_for_selector(".companion-tap-watch", state="attached")


def _shows_revision(page, revision: int) -> None:
    """Wait until the screen shows the stored game (the revision its buttons carry)."""
    page.wait_for_function("r => document.querySelector('.companion-tap-watch')?.dataset.rev === String(r)",
                           arg=revision, timeout=30_000, polling=100)
    _wait(page)


def _pig_tap(page) -> None:
    """Roll, or roll again (never bank: the game goes on for as many taps as wanted)."""
    again = page.locator("[class*='st-key-opt_'] button").filter(has_not_text="Bank")
    button = again.first if again.count() else page.locator("[class*='st-key-app_chance_'] button").first
    button.click()
    _wait(page)


def test_fifty_interleaved_taps_on_two_devices_get_no_stale_refusal(browser, tmp_path, monkeypatch):
    server = serve(tmp_path, monkeypatch, follow="1")
    location = tmp_path / "companion.sqlite3"
    try:
        a = _open(browser, LAPTOP, server.url)
        _start_pig(a)
        game_id = game_id_of(a)
        b = _open(browser, PHONE, a.url)
        b.wait_for_selector(".companion-tap-watch", state="attached")
        meta = _stored(location, game_id)[2]
        wrong, resent = [], 0
        for tap in range(50):
            page = (a, b)[tap % 2]
            n, revision, _ = _stored(location, game_id)
            _shows_revision(page, revision)  # the other device's tap is on this screen: a current tap
            for _attempt in range(8):
                _pig_tap(page)
                if _stored(location, game_id)[0] > n:
                    break
                page.wait_for_timeout(1_000)
                refusals = [t for t in _alerts(page) if any(s in t for s in STALE)]
                if refusals:
                    wrong.append((tap, refusals))
                resent += 1  # a click lost in the browser while a poll reran (a busy machine): sent again
            assert _stored(location, game_id)[0] > n, (tap, _alerts(page))
            assert not [t for t in _alerts(page) if any(s in t for s in STALE)], (tap, _alerts(page))
        length, revision, stored_meta = _stored(location, game_id)
        print(f"50 interleaved taps: {len(wrong)} wrong stale refusals, {resent} clicks sent again;"
              f" {length} steps stored at revision {revision}")
        assert wrong == []
        assert stored_meta.get("seats_act") == meta.get("seats_act")  # nobody touched it: it never flipped
        assert length >= 50
    finally:
        server.kill()


@pytest.fixture
def pg():
    reason = why_not()
    if reason:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    server = PgServer().start()
    yield server
    server.stop()


def _stored_within(location, game_id: str, seconds: float) -> int:
    """The stored log's length once it has a step, or after `seconds` (0: nothing stored)."""
    deadline = time.monotonic() + seconds
    while not (length := _log_length(location, game_id)[0]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return length


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _outages(page) -> list[str]:
    return [t for t in _alerts(page) if DOWN in t]


def _clean(page, pg: PgServer) -> None:
    html = page.content()
    assert "Traceback" not in html and "stException" not in html and f":{pg.port}" not in html
    assert "/site-packages/" not in html and "companion/ui/" not in html.replace("companion/ui/pages", "")


def test_postgresql_stopped_mid_game_is_said_once_loses_nothing_and_idles(browser, tmp_path, monkeypatch, pg):
    url = pg.new_database("club")
    monkeypatch.setenv("COMPANION_DATABASE_URL", url)
    server = serve(tmp_path, monkeypatch, follow="1")
    try:
        a = _open(browser, LAPTOP, server.url)
        _start_pig(a)
        game_id = game_id_of(a)
        b = _open(browser, PHONE, a.url)
        b.wait_for_selector(".companion-tap-watch", state="attached")
        for _attempt in range(8):  # one move stored before the database dies (a busy browser may drop a click)
            _pig_tap(a)
            if _stored_within(url, game_id, seconds=1.0):  # not a fixed 1 s pause: stored at once, as a rule
                break
        stored = _log_length(url, game_id)[0]
        assert stored >= 1
        _shows_revision(b, _stored(url, game_id)[1])

        pg.halt()
        for page in (a, b):  # the open screens find out by their poll: one message each, no traceback
            page.wait_for_function(f"() => document.body.innerText.includes({DOWN!r})", timeout=20_000)
            _wait(page)
            assert len(_outages(page)) == 1, _alerts(page)
            _clean(page, pg)
        _pig_tap(a)  # a tap while down: refused with that message
        assert len(_outages(a)) == 1 and "Your last move was not saved" in _outages(a)[0], _alerts(a)
        _clean(a, pg)
        shot(a, "40-store-down-laptop")
        b.reload()  # a reload while down
        _wait(b)
        assert len(_outages(b)) == 1, _alerts(b)
        _clean(b, pg)
        shot(b, "41-store-down-reload-phone")

        time.sleep(2)
        before, t0 = _cpu_seconds(server.proc.pid), time.monotonic()
        time.sleep(6)
        cores = (_cpu_seconds(server.proc.pid) - before) / (time.monotonic() - t0)
        print(f"server CPU while the database is down, two screens open: {cores:.3f} cores")
        assert cores < 0.15

        pg.resume()
        for page in (a, b):  # back: the screens say so by themselves (back-off up to 16 s, a check every 5 s)
            page.wait_for_function(f"() => !document.body.innerText.includes({DOWN!r})", timeout=45_000)
            _wait(page)
            _clean(page, pg)
        assert _log_length(url, game_id)[0] == stored  # nothing lost, nothing half-stored
        b.goto(a.url, timeout=120_000)  # the other phone, opened again after the restart
        _wait(b)
        _pig_tap(a)
        assert _log_length(url, game_id)[0] == stored + 1  # the game goes on
        _shows_revision(b, _stored(url, game_id)[1])
    finally:
        server.kill()


class StallingProxy:
    """A TCP hop between the browser and the server that can stall (bytes are swallowed: lost in transit)
    and then cut its connections (the network comes back; the browser reconnects)."""

    def __init__(self, target_port: int) -> None:
        import socket
        import threading

        self.target = target_port
        self.stalled = False
        self.conns: list = []
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def _accept(self) -> None:
        import socket
        import threading

        while True:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.conns += [client, upstream]
            for src, dst in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    def _pump(self, src, dst) -> None:
        try:
            while data := src.recv(65536):
                if not self.stalled:
                    dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.close()

    def cut(self) -> None:
        import socket

        for s in self.conns:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
        self.conns = []
        self.stalled = False

    def close(self) -> None:
        self.cut()
        self.sock.close()


def _command_button(page):
    for css in ("[class*='st-key-opt_'] button", "[class*='st-key-app_chance_all_'] button"):
        if page.locator(css).count():
            return page.locator(css).first
    raise AssertionError("no button that changes the game")


def test_a_tap_lost_in_a_network_stall_is_told_when_the_connection_returns(browser, tmp_path, monkeypatch):
    server = serve(tmp_path, monkeypatch, follow="0")
    proxy = StallingProxy(server.port)
    location = tmp_path / "companion.sqlite3"
    try:
        page = _open(browser, PHONE, proxy.url)
        _start_pig(page)
        game_id = game_id_of(page)
        stored, revision, _ = _stored(location, game_id)
        button = _command_button(page)
        proxy.stalled = True  # the network stalls: the tap goes nowhere
        button.click()
        page.wait_for_timeout(3_000)
        assert _log_length(location, game_id)[0] == stored
        proxy.cut()  # the connection returns (the browser reconnects)
        lost = page.locator("#companion-tap-lost")
        lost.wait_for(state="visible", timeout=60_000)
        assert "did not reach the app" in lost.inner_text() and "tap again" in lost.inner_text()
        shot(page, "42-tap-lost-phone")
        assert _log_length(location, game_id)[0] == stored  # nothing was stored on the player's behalf
        _wait(page)
        shown = page.locator(".companion-tap-watch").get_attribute("data-rev")
        _command_button(page).click()  # tapped again: stored, the message gone
        page.wait_for_function(  # the screen shows the stored tap (a condition, not a guessed pause)
            "r => document.querySelector('.companion-tap-watch')?.dataset.rev !== r", arg=shown, timeout=60_000,
            polling=100)
        _wait(page)
        # stored once: one write. (Its steps are not counted: "the app rolls everything" rolls on after a bust, for
        # the next player, so one tap stores two steps or more in about one game in six: the flake seen once.)
        steps, now, _ = _stored(location, game_id)
        assert now == revision + 1 and steps > stored
        assert lost.count() == 0
    finally:
        proxy.close()
        server.kill()
