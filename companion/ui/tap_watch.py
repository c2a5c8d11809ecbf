"""A tap lost in transit (a network stall): told, not silently dropped.

A tap that never reached the server cannot be seen there, so the screen itself remembers it: a click on a
game screen's button is noted in the browser (sessionStorage) with what the screen showed (the game's stored
revision and this session's run count). When the connection is back, the screen compares: if no run answered
the tap and the stored revision is still the one the tap was made on, the tap was lost, and the screen says
so in the reader's language ("tap again"). Nothing is sent on the player's behalf: the game may have moved on.
"""

from __future__ import annotations

import html
import secrets

import streamlit as st

from .context import tr
from .dispatch import Table

RUNS = "_tap_watch_runs"  # full runs of a game screen in this session (a tap that arrived makes one)
SESSION = "_tap_watch_session"
SETTLE_MS = 4000  # after the connection is back, how long a delayed answer may still take

_SCRIPT = """
<script>
(() => {
  const KEY = "companion-pending-tap";
  const mark = () => document.querySelector(".companion-tap-watch");
  const read = () => { try { return JSON.parse(sessionStorage.getItem(KEY)); } catch (e) { return null; } };
  const keep = (p) => sessionStorage.setItem(KEY, JSON.stringify(p));
  const app = () => document.querySelector("[data-testid='stApp']");
  const show = (text) => {
    document.getElementById("companion-tap-lost")?.remove();
    const box = document.createElement("div");
    box.id = "companion-tap-lost";
    box.setAttribute("role", "alert");
    box.textContent = text;
    box.style.cssText = "position:fixed;top:3.5rem;left:50%;transform:translateX(-50%);z-index:999999;"
      + "max-width:min(36rem,92vw);padding:.75rem 1rem;border-radius:.5rem;background:#fff3cd;color:#4d3800;"
      + "border:1px solid #d9a400;font:inherit;box-shadow:0 2px 8px rgba(0,0,0,.2)";
    document.body.appendChild(box);
  };
  const check = () => {
    const p = read(), m = mark(), a = app();
    if (!p || !a) return;
    if (a.getAttribute("data-test-connection-state") !== "CONNECTED") {
      if (!p.down) { p.down = true; p.back = 0; keep(p); }
      return;
    }
    if (!m || m.dataset.game !== p.game) return;
    const answered = m.dataset.session === p.session && Number(m.dataset.runs) > p.runs;
    if (answered || m.dataset.rev !== p.rev) { sessionStorage.removeItem(KEY); return; }
    const reloaded = m.dataset.session !== p.session;
    if (p.down && !p.back) { p.back = Date.now(); keep(p); return; }
    const settled = a.getAttribute("data-test-script-state") !== "running";
    if (settled && (reloaded || (p.down && Date.now() - p.back > SETTLE))) {
      sessionStorage.removeItem(KEY);
      show(m.dataset.lost);
    }
  };
  if (!window.companionTapWatch) {
    window.companionTapWatch = true;
    document.addEventListener("click", (ev) => {
      const m = mark(), b = ev.target.closest ? ev.target.closest("button") : null;
      if (!m || !b || !b.closest("[data-testid='stMain']")) return;
      document.getElementById("companion-tap-lost")?.remove();
      keep({game: m.dataset.game, rev: m.dataset.rev, runs: Number(m.dataset.runs), session: m.dataset.session,
            at: Date.now(), down: false, back: 0});
    }, true);
    setInterval(check, 500);
    // a reconnection can be quicker than the check's half second: every change of the connection is seen here
    new MutationObserver(() => {
      const p = read(), a = app();
      if (p && a && !p.down && a.getAttribute("data-test-connection-state") !== "CONNECTED") {
        p.down = true; p.back = 0; keep(p);
      }
    }).observe(document.body, {attributes: true, subtree: true, attributeFilter: ["data-test-connection-state"]});
  }
})();
</script>
""".replace("SETTLE", str(SETTLE_MS))


def watch(tab: Table) -> None:
    """Every full run of a game screen: what this screen shows now, for the browser's comparison."""
    st.session_state[RUNS] = st.session_state.get(RUNS, 0) + 1
    session = st.session_state.setdefault(SESSION, secrets.token_hex(6))
    attrs = {"game": tab.game_id, "rev": str(tab.revision), "runs": str(st.session_state[RUNS]),
             "session": session, "lost": tr("tap.lost")}
    marker = " ".join(f'data-{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items())
    with st.container(key="tap_watch", height=1, border=False):
        st.html(f'<div class="companion-tap-watch" {marker} hidden></div>{_SCRIPT}', unsafe_allow_javascript=True)
