"""What Streamlit itself costs per tap, without the app: the floor under bench_ui_clicks.

Serves a generated page (no Companion code: a counter, `blocks` Markdown paragraphs and `buttons` buttons, every
text changing with each tap, as the Table's do) with `streamlit run` and this repo's .streamlit/config.toml
(tests/e2e/harness.Server), and taps its first button in Chromium on a phone viewport, measured exactly as
bench_ui_clicks measures a game's tap (click to the first frame showing the change with the script finished; CPU
of the server and of Chromium's renderer per tap from /proc). Pages: a blank one (one button), and pages of up to
the Table's size with the buttons' keys kept from tap to tap or new on every tap (as the app's versioned keys
are), and one whose texts and buttons stay as they were (only its heading changes).
Run: PYTHONPATH=$PWD python benchmarks/bench_streamlit_floor.py [taps]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright

from benchmarks.bench_ui_clicks import DONE, OBSERVE, PHONE_AGENT, _cpu_seconds, chromium_cpu
from tests.e2e.harness import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, wait_for_app

PAGE = '''
import os
import streamlit as st

blocks, buttons = int(os.environ["FLOOR_BLOCKS"]), int(os.environ["FLOOR_BUTTONS"])
versioned = os.environ["FLOOR_KEYS"] == "versioned"
still = os.environ["FLOOR_KEYS"] == "still"  # the texts and buttons stay as they were; only the heading changes
step = st.session_state.setdefault("step", 0)


def tap() -> None:
    st.session_state.step += 1


st.markdown(f"### Step {step}")
for i in range(blocks):
    st.markdown(f"**Anna** moves servant {i} from the *palace* to the gate at step {0 if still else step}. " * 3)
for i in range(buttons):
    label = f"Option {i} at step {0 if still else step}"
    st.button(label, key=f"opt_{step}_{i}" if versioned else f"opt_{i}", on_click=tap)
'''

CASES = (  # name, Markdown blocks, buttons, keys
    ("blank page, one button", 0, 1, "stable"),
    ("10 texts + 5 buttons, keys new each tap", 10, 5, "versioned"),
    ("20 texts + 10 buttons, nothing but the heading changes", 20, 10, "still"),
    ("20 texts + 10 buttons, keys kept", 20, 10, "stable"),
    ("20 texts + 10 buttons, keys new each tap", 20, 10, "versioned"),
    ("40 texts + 15 buttons, keys new each tap", 40, 15, "versioned"),
)


def taps_on(page, taps: int) -> list[float]:
    """Milliseconds from each click on the first button to the redrawn page (as bench_ui_clicks.play)."""
    page.evaluate(OBSERVE)
    times = []
    for _ in range(taps):
        before = page.evaluate("() => window.__changes")
        page.locator("[class*='st-key-opt_'] button").first.click()
        if page.evaluate(DONE, before):
            times.append(page.evaluate("() => window.__took"))
        wait_for_app(page)
    return times


def case(pw_browser, script: Path, taps: int, blocks: int, buttons: int, keys: str) -> str:
    env = {"FLOOR_BLOCKS": str(blocks), "FLOOR_BUTTONS": str(buttons), "FLOOR_KEYS": keys}
    server = Server(script.parent, env=env, script=str(script)).start()
    try:
        page = pw_browser.new_context(viewport=PHONE, user_agent=PHONE_AGENT, is_mobile=True,
                                      has_touch=True).new_page()
        page.goto(server.url)
        wait_for_app(page)
        server0, browser0 = _cpu_seconds(server.proc.pid), chromium_cpu()
        ms = sorted(taps_on(page, taps))
        server_ms = (_cpu_seconds(server.proc.pid) - server0) * 1000 / max(len(ms), 1)
        renderer_ms = (chromium_cpu().get("renderer", 0) - browser0.get("renderer", 0)) * 1000 / max(len(ms), 1)
        page.context.close()
    finally:
        server.kill()
    p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
    return (f"median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms over {len(ms)} taps; CPU per tap: server "
            f"{server_ms:.0f} ms, Chromium renderer {renderer_ms:.0f} ms")


def main(taps: int) -> None:
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        script = Path(tmp) / "floor_page.py"
        script.write_text(PAGE)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for name, blocks, buttons, keys in CASES:
                line = case(browser, script, taps, blocks, buttons, keys)
                print(f"SUMMARY bench_streamlit_floor: {name}: {line}; load {os.getloadavg()[0]:.1f}", flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("taps", type=int, nargs="?", default=30)
    main(parser.parse_args().taps)
