"""In a real Chromium against `streamlit run`: players called with Markdown image and link syntax
show as literal text on the Table (banner, board, log, sidebar), Score, My seat and Saved-games
screens, and the browser never requests the addresses in them (a local server counts every
request it gets, and every request the page makes is recorded)."""

from __future__ import annotations

import http.server
import threading

import pytest

from tests.e2e.harness import LAPTOP, _free_port
from tests.e2e.test_browser import act_first, pick_game, wait_for_app

pytestmark = pytest.mark.e2e


class Sink:
    """An HTTP server that only counts: the address a hostile name points at."""

    def __init__(self) -> None:
        self.port = _free_port()
        self.hits: list[str] = []
        hits = self.hits

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                hits.append(self.path)
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()


def test_markdown_in_names_is_text_and_fetches_nothing(browser, app_server):
    sink = Sink()
    host = f"127.0.0.1:{sink.port}"
    names = [f"![x](http://{host}/img.png)", f"[a](http://{host}/link)", "**Bo** `x` $y$"]
    assert all(len(n) <= 40 for n in names)
    server = app_server
    requests: list[str] = []
    stage: list[str] = []
    try:
        page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
        page.on("request", lambda r: requests.append(f"{r.url} (on {page.url}, after {stage[-1:]})"))
        page.goto(server.url)
        wait_for_app(page)
        pick_game(page, "Gùgōng", names)
        stage.append("start")
        page.locator(".st-key-start_game button").click()
        wait_for_app(page)
        page.get_by_text("What happened").wait_for()
        act_first(page)  # the app draws the setup: the log and the banner now name the players
        seen = {"table": page.inner_text("body")}
        stage.append("table shown")
        query = page.url.split("?", 1)[1]
        for screen in ("score", "seat", "home"):
            page.goto(f"{server.url}{'' if screen == 'home' else screen}?{query}")
            wait_for_app(page)
            stage.append(screen)
            if screen == "home":
                page.get_by_role("tab", name="Saved games").click()
                page.wait_for_timeout(500)
            seen[screen] = page.inner_text("body")
        images = page.evaluate("[...document.images].map(i => i.src)")
        links = page.evaluate("[...document.links].map(a => a.href)")
        page.context.close()
    finally:
        sink.close()
    for screen, text in seen.items():
        assert names[0] in text, f"{screen}: the image syntax is not shown as text"
    assert names[1] in seen["table"] and names[2] in seen["table"]
    assert not [u for u in images + links if host in u]
    assert not [u for u in requests if host in u], "the browser requested an address from a player's name"
    assert sink.hits == []
