"""What every browser test and screenshot script shares: the `streamlit run` server, Chromium, the page helpers,
and the pytest fixtures that start them once per test process (an xdist worker) instead of once per test.

Imports neither Playwright nor Chromium itself: the fixtures skip with a reason when either is missing, so the
root conftest can offer them to every test folder (tests/e2e, tests/stats, tests/box, tests/hostile).

Fixtures (tests/conftest.py makes them visible everywhere):
- `chromium`: one headless Chromium per test process (Debian's /usr/bin/chromium through Playwright).
- `browser`: that Chromium for one test; every context the test opens is closed when it ends.
- `app_server`: one `streamlit run` per test process, live follow off (COMPANION_FOLLOW_SECONDS=0, every tap
  is taken), the home table, its own data folder. Each test starts its own games there (ids are new), so
  tests share the server but not their games. A test that needs another configuration (private tables, live
  follow, PostgreSQL, a crash and restart, an empty database) starts a `Server` of its own.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "out" / "screenshots"
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 900}
SIZES = (("phone", PHONE), ("laptop", LAPTOP))
LOCALES = {"de": "de-DE", "nl": "nl-NL", "en": "en-GB"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`streamlit run streamlit_app.py` on 127.0.0.1 with its own data directory; `env`: settings of its own
    (COMPANION_FOLLOW_SECONDS, COMPANION_TABLES, ...) on top of this process's environment; `script`: another
    page to serve the same way (a bench's page without the app)."""

    def __init__(self, data_dir: Path, env: dict[str, str] | None = None, script: str = "streamlit_app.py") -> None:
        self.data_dir = data_dir
        self.env = env or {}
        self.script = script
        self.port = _free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> Server:
        env = {
            **os.environ,
            "COMPANION_DATA_DIR": str(self.data_dir),
            "COMPANION_EXTRA_GAMES": "tests.core.toy_game:MANIFEST",
            "PYTHONPATH": str(ROOT),
            **self.env,
        }
        cmd = [
            sys.executable, "-m", "streamlit", "run", self.script,
            "--server.headless", "true",
            "--server.port", str(self.port),
            "--server.address", "127.0.0.1",
            "--browser.gatherUsageStats", "false",
            "--server.fileWatcherType", "none",
        ]  # fmt: skip
        log = open(self.data_dir / f"server-{self.port}.log", "ab")  # noqa: SIM115 (closed with the process)
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "_stcore/health", timeout=2) as r:
                    if r.read() == b"ok":
                        return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("streamlit did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown hooks, like a crash or a pulled plug."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


def launch(pw):
    """Debian's Chromium through Playwright (never a browser Playwright downloads)."""
    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


# Installed in every context the fixtures open (`watch`): when the page last had input (a tap, a key, a fill)
# and when the app's script run last began and ended, so that `wait_for_app` can stop waiting as soon as the run
# a tap asked for has begun and ended instead of always sleeping its whole `pause`.
WATCH_JS = """(() => {
  const w = window.__companionWatch = {input: 0, runStart: 0, idleSince: 0, state: null};
  const mark = () => { w.input = performance.now(); };
  for (const kind of ['pointerdown', 'keydown', 'input', 'change']) window.addEventListener(kind, mark, true);
  new MutationObserver((records) => {
    for (const r of records) {
      const state = r.target.getAttribute('data-test-script-state');
      if (state === w.state) continue;
      w.state = state;
      if (state === 'running') w.runStart = performance.now();
      if (state === 'notRunning') w.idleSince = performance.now();
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-test-script-state']});
})();"""
# The pause is over when `pause` ms passed, or (on a watched page) a run began after the last input and the app
# has been idle for QUIET ms since it ended (a run that asks for another one, st.rerun, starts it within that).
QUIET = 120
_SETTLED_JS = """({t0, pause, quiet}) => {
  const now = performance.now(), w = window.__companionWatch;
  if (now - t0 >= pause) return true;
  return !!w && w.runStart > w.input && w.state === 'notRunning' && w.idleSince > w.runStart
    && now - w.idleSince >= quiet;
}"""


def watch(context):
    """`context` with WATCH_JS in each of its pages (wait_for_app's early end)."""
    context.add_init_script(WATCH_JS)
    return context


def _settle(page, pause: int) -> None:
    """Up to `pause` ms for the run a tap or a load asks for to begin (and, on a watched page, to end)."""
    try:
        t0 = page.evaluate("performance.now()")
        page.wait_for_function(_SETTLED_JS, arg={"t0": t0, "pause": pause, "quiet": QUIET}, polling=40)
    except Exception:  # a navigation replaced the page's script world: the whole pause, as before
        page.wait_for_timeout(pause)


def wait_for_app(page, timeout: float = 30_000, pause: int = 300) -> None:
    """Until the page is connected and its script has finished (`timeout` ms for each). First up to `pause` ms
    for the run a tap or a load asks for to begin: on a watched page (`watch`) only until that run has begun
    and ended; 0 when the caller already saw it begin (the screen or the store changed)."""
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=timeout)
    if pause:
        _settle(page, pause)
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=timeout)
    page.wait_for_selector("[data-testid='stSkeleton']", state="detached", timeout=timeout)


# Charts draw after the script run: each chart's canvas (or SVG) is there and has a size (a chart in a closed
# fold or another tab is not shown: nothing to wait for).
_CHARTS_DRAWN = """() => [...document.querySelectorAll("[data-testid='stVegaLiteChart']")].every(chart => {
  if (chart.offsetParent === null) return true;
  const drawn = chart.querySelector('canvas, svg');
  return drawn && drawn.getBoundingClientRect().height > 0;
})"""
# The fonts loaded and two frames painted since: what the script run sent is laid out and drawn.
_PAINTED = """() => document.fonts.ready.then(() => new Promise(done =>
  requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))"""


def charts_drawn(page, timeout: float = 5_000) -> None:
    """Until every chart on the page has drawn (instead of a fixed pause); at most `timeout` ms, then as it stands
    (a picture then shows it as it is, as after a pause)."""
    with contextlib.suppress(Exception):  # Playwright's TimeoutError
        page.wait_for_function(_CHARTS_DRAWN, timeout=timeout, polling=50)


def drawn(page) -> None:
    """After wait_for_app: until the page's charts have drawn and the fonts and the last frames are painted,
    instead of a fixed pause before a check that reads the page as it looks (axe's contrasts and sizes)."""
    charts_drawn(page)
    page.evaluate(_PAINTED)


def go(page, server: Server, path: str) -> None:
    page.goto(server.url + path)
    wait_for_app(page)


# The browser tests take their pictures (out/screenshots/) only when asked: COMPANION_TEST_SHOTS=1. A whole-page
# picture grows the viewport to the page's height, lays it out, rasters and encodes it: 0.6 s of Chromium's CPU on
# a phone, 1.2-1.4 s on a laptop, for about 80 pictures a run, and no test checks them (they are for looking at).
# The screenshot scripts (shots_*.py) always take theirs.
TEST_SHOTS = os.environ.get("COMPANION_TEST_SHOTS", "") == "1"


def picture_if_asked(page, path: Path) -> None:
    """A browser test's picture of the whole page: taken with COMPANION_TEST_SHOTS=1 (TEST_SHOTS), else skipped."""
    if TEST_SHOTS:
        picture(page, path)


def picture(page, path: Path, tallest: int = 4000) -> None:
    """The whole page: Streamlit scrolls inside the app, so the viewport grows for the picture."""
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("document.querySelector('[data-testid=stMain]')?.scrollHeight || 0")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(int(height), tallest))})
    page.wait_for_timeout(200)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


@contextlib.contextmanager
def served(folder: Path | None = None, env: dict[str, str] | None = None) -> Iterator[tuple[object, Server]]:
    """For the screenshot scripts: a server on `folder` (else a fresh temporary one) and a Chromium."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = Server(Path(folder or tmp), env).start()
        browser = launch(pw)
        try:
            yield browser, server
        finally:
            browser.close()
            server.kill()


def each_set(langs: list[str], take: Callable[[str, str, dict], None]) -> None:
    """take(lang, device, viewport) for each language, phone and laptop; a failed set is reported, the rest taken."""
    for lang in langs:
        for device, size in SIZES:
            try:
                take(lang, device, size)
            except Exception as err:  # one failed set is reported, the others still taken
                print(f"{lang} {device}: {err}", file=sys.stderr)


def shots_main(screens: Callable[..., None]) -> None:
    """A screenshot script's command line (`OUT [en de nl]`): screens(browser, server, out, lang, device, size)
    for each language, phone and laptop, on one served app."""
    out, langs = Path(sys.argv[1]), sys.argv[2:] or ["en", "de", "nl"]
    out.mkdir(parents=True, exist_ok=True)
    with served() as (browser, server):
        each_set(langs, lambda lang, device, size: screens(browser, server, out, lang, device, size))


# -- the fixtures: one server and one Chromium per test process -----------------------------------------------
def _why_no_browser() -> str | None:
    if not (shutil.which(CHROMIUM) or os.access(CHROMIUM, os.X_OK)):
        return f"Chromium not found at {CHROMIUM} (install Debian's chromium: make test does so as root)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


class Contexts:
    """The shared Chromium as a test sees it: the contexts it opens are closed when the test ends (an open page
    of a stopped server would go on reconnecting)."""

    def __init__(self, browser) -> None:
        self._browser = browser
        self.opened: list = []

    def new_context(self, **options):
        context = watch(self._browser.new_context(**options))
        self.opened.append(context)
        return context

    def close_all(self) -> None:
        for context in self.opened:
            with contextlib.suppress(Exception):
                context.close()
        self.opened.clear()


@pytest.fixture(scope="session")
def chromium():
    reason = _why_no_browser()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw)
        yield browser
        browser.close()


@pytest.fixture
def browser(chromium):
    contexts = Contexts(chromium)
    yield contexts
    contexts.close_all()


def warm(browser, server: Server) -> None:
    """Open Home once, patiently: a fresh server's first script run imports the whole app (slow on a busy
    machine), so no test's first page pays for it."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url, timeout=120_000)
        wait_for_app(page, timeout=120_000)
    finally:
        context.close()


@pytest.fixture(scope="session")
def app_server(tmp_path_factory, chromium):
    server = Server(tmp_path_factory.mktemp("app"), {"COMPANION_FOLLOW_SECONDS": "0"}).start()
    warm(chromium, server)
    yield server
    server.kill()
