"""WCAG 2.2 AA in a real Chromium (issue 20, item 9): axe-core over the main screens in de/nl/en, and the size
of what a finger taps on the phone Table screen.

The shared `streamlit run` and browser (tests/e2e/harness.py); the games are stored as another device would.
axe-core (axe-playwright-python) checks Home, the Table screen mid-turn, the Meng page, Score, Statistics and
Box check in each language: no violation at all, of any impact (best practice included). Then, on the phone
Table screen, every button, link and form control is measured: primary controls (buttons) at least 44×44 px,
everything at least 24×24 px (WCAG 2.5.8). The sizes are printed (min/median).
"""

from __future__ import annotations

import statistics

import pytest

from .harness import LAPTOP, LOCALES, PHONE, Server, drawn
from .test_browser import sync_api, wait_for_app

pytestmark = pytest.mark.e2e
axe_api = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python not installed")

SERIOUS = {"serious", "critical"}
AXE_OPTIONS = {"resultTypes": ["violations"], "runOnly": {"type": "tag", "values": [
    "wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}}
# Streamlit's own page furniture, not the app's: the toolbar and the coloured line on top. And st.toast: Streamlit
# draws a toast as a dialog without a name (aria-dialog-name, serious); the Statistics page shows one once, when
# it first adds finished games (pages/stats.py, owned by the statistics work; an inline message would pass).
EXCLUDE = [["[data-testid='stToolbar']"], ["[data-testid='stDecoration']"], [".stToast"]]
PRIMARY_MIN, ANY_MIN = 44, 24


def _session_until(game: str, players: list[str], done, seed: int = 3):
    """A seeded playout of `game`, replayed up to the first decision `done(session, n)` accepts (n: actions)."""
    from companion.core import Session
    from companion.core.playout import playout
    from companion.core.registry import get_game

    engine = get_game(game)
    result = playout(engine, {"players": players}, seed=seed)
    session = Session.new(engine, result.setup)
    for n, action in enumerate(result.log):
        if done(session, n):
            break
        session.act(action)
    return session


def make_games(data_dir) -> dict[str, str]:
    """screen -> game id, stored as another device would: a Gùgōng table mid-turn (a card given, the actions
    asked), a solo game against Meng some turns in, a finished Gùgōng game."""
    from companion.i18n.labels import kind_label
    from companion.storage import open_store

    three = ["Anna", "Ben", "Mia"]
    sessions = {
        "table": _session_until("gugong", three, lambda s, n: n > 60 and s.decision.kind == "gugong.act"),
        "meng": _session_until("gugong-solo", ["Anna"], lambda s, n: n > 60 and not s.decision.is_chance),
        "ended": _session_until("gugong", three, lambda s, n: False),
    }
    with open_store(data_dir / "companion.sqlite3") as store:
        owner = store.home_table()
        return {name: store.create_game(s, owner=owner, title=kind_label(f"ui.game.{s.game.name}", "en"),
                                        meta=_moves_of_last_steps(s)).id
                for name, s in sessions.items()}


def _moves_of_last_steps(session, steps: int = 3) -> dict:
    """The table moves a game played through the app keeps (ui/kept_moves): here those of its last steps."""
    from companion.ui import kept_moves

    return {kept_moves.KEY: kept_moves.advance(None, session.events[:-steps], session)}


@pytest.fixture(scope="module")
def games(app_server) -> dict[str, str]:
    return make_games(app_server.data_dir)


def screens(ids: dict[str, str]) -> dict[str, str]:
    return {
        "home": "",
        "table": f"table?g={ids['table']}",
        "meng": f"meng?g={ids['meng']}",
        "score": f"score?g={ids['ended']}",
        "stats": f"stats?g={ids['ended']}",
        "box-check": f"box-check?g={ids['table']}",
    }


def open_screen(page, server: Server, path: str) -> None:
    """Open a screen and wait until its script has finished (patiently: two cores shared by many runs)."""
    page.goto(server.url + path)
    for _ in range(3):
        try:
            wait_for_app(page)
            break
        except sync_api.TimeoutError:
            continue
    drawn(page)  # the charts drawn, the last frames painted (not a fixed 400 ms pause)


def raw_words(page) -> list[str]:
    """Python's None or a code shown as text ("Duration: None", "Trend: None"): never a sentence."""
    text = page.locator("[data-testid='stMain']").inner_text()
    return [line for line in text.splitlines() if "None" in line.split() or ": None" in line]


def violations(page) -> list[dict]:
    results = axe_api.Axe().run(page, context={"exclude": EXCLUDE}, options=AXE_OPTIONS)
    return results.response["violations"]


def describe(found: list[dict]) -> str:
    lines = []
    for v in found:
        targets = "; ".join(", ".join(n["target"]) for n in v["nodes"][:3])
        lines.append(f"  {v['impact']:<9}{v['id']} ×{len(v['nodes'])}: {v['help']} [{targets}]")
    return "\n".join(lines)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_no_axe_violation_on_the_main_screens(browser, app_server, games, lang):
    counts, report = {}, []
    for device, size in (("phone", PHONE), ("laptop", LAPTOP)):
        page = browser.new_context(viewport=size, locale=LOCALES[lang]).new_page()
        for name, path in screens(games).items():
            open_screen(page, app_server, path)
            found = violations(page)
            assert not raw_words(page), f"{lang} {name} {device}: {raw_words(page)}"
            bad = [v for v in found if v["impact"] in SERIOUS]
            counts[f"{name}/{device}"] = (len(bad), len(found))
            if found:
                report.append(f"{lang} {name} {device}:\n{describe(found)}")
        page.context.close()
    print(f"\naxe {lang}: " + ", ".join(f"{k} {s}/{a}" for k, (s, a) in counts.items())
          + " (serious+critical / all)\n" + "\n".join(report))
    assert not any(a for _, a in counts.values()), "\n".join(report)  # clean: minor findings count too


MEASURE = """() => [...document.querySelectorAll(
    "[data-testid='stMain'] button, [data-testid='stMain'] a[href], [data-testid='stMain'] input:not([type=hidden]),"
    + "[data-testid='stMain'] [role=checkbox], [data-testid='stMain'] [role=radio], [data-testid='stMain'] summary,"
    + "[data-testid='stMain'] [role=combobox], [data-testid='stMain'] [role=tab]")]
  .filter(e => e.offsetParent !== null)
  .map(e => {
    let target = e;
    // a checkbox or radio input is tapped through its label (the whole row)
    if (e.matches("input[type=checkbox], input[type=radio]")) target = e.closest("label") || e;
    // a select (its input, its open and clear buttons) is tapped through the whole select box
    const select = e.closest("[data-testid=stSelectbox], [data-testid=stMultiSelect], [data-baseweb=select]");
    if (select) target = select.querySelector("input") || e;  // its open/clear buttons are part of the box
    const r = target.getBoundingClientRect();
    return {tag: select ? "select" : e.tagName.toLowerCase(), kind: e.getAttribute("kind") || e.type || "",
            text: (e.innerText || e.getAttribute("aria-label") || "").trim().slice(0, 40),
            w: Math.round(r.width), h: Math.round(r.height)};
  })
  .filter(t => t.w > 0 && t.h > 0)"""


def test_touch_targets_on_the_phone_table_screen(browser, app_server, games):
    page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    open_screen(page, app_server, f"table?g={games['table']}")
    targets = page.evaluate(MEASURE)
    page.context.close()
    assert targets, "nothing to tap found on the Table screen"
    buttons = [t for t in targets if t["tag"] in ("button", "a")]  # the primary controls: buttons and links
    sides = [min(t["w"], t["h"]) for t in targets]
    heights = [t["h"] for t in buttons]
    print(f"\ntouch targets on the phone Table screen: {len(targets)} (buttons and links {len(buttons)}); "
          f"smaller side min {min(sides)} px, median {statistics.median(sides)} px; "
          f"button/link height min {min(heights)} px, median {statistics.median(heights)} px")
    for t in sorted(targets, key=lambda t: min(t["w"], t["h"]))[:12]:
        print(f"  {t['tag']:<8}{t['kind']:<10}{t['w']:>4}×{t['h']:<4}{t['text']!r}")
    small = [t for t in buttons if t["h"] < PRIMARY_MIN or t["w"] < PRIMARY_MIN]
    tiny = [t for t in targets if t["h"] < ANY_MIN or t["w"] < ANY_MIN]
    assert not small, f"buttons under {PRIMARY_MIN}×{PRIMARY_MIN} px: {small[:8]}"
    assert not tiny, f"targets under {ANY_MIN}×{ANY_MIN} px: {tiny[:8]}"
