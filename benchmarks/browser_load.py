"""bench_first_load.py --browser: a first load in Chromium, phase by phase, on fresh and warm servers (issue 23).

Chromium is Debian's (tests/e2e/harness.launch); the server is `streamlit run streamlit_app.py` started in the
checkout measured (its own code and .streamlit/config.toml). CPU seconds come from /proc: the server's process,
and Chromium's processes (every process below this one that is not the server).
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.harness import LOCALES, PHONE, launch

# in the page from its first byte: when the script run and the connection changed state, the paints
RECORD = """(() => {
  const t = window.__load = {states: [], fcp: null, runs: 0};
  const seen = {};
  new MutationObserver((records) => {
    for (const r of records) {
      for (const a of ['data-test-script-state', 'data-test-connection-state']) {
        const v = r.target.getAttribute && r.target.getAttribute(a);
        if (!v || seen[a] === v) continue;
        seen[a] = v;
        t.states.push([performance.now(), v]);
        if (v === 'running') t.runs += 1;
      }
    }
  }).observe(document, {subtree: true, attributes: true,
                        attributeFilter: ['data-test-script-state', 'data-test-connection-state']});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') t.fcp = e.startTime;
  }).observe({type: 'paint', buffered: true});
  // drawn: Home's form with its Start button (the widgets' code is loaded after the run that sends them), idle;
  // checked on each change of the page, never by polling (a poll costs the page's CPU while it waits)
  const drawn = () => !!document.querySelector('.st-key-start_game button')
    && !!document.querySelector("[data-testid='stApp'][data-test-script-state='notRunning']")
    && !document.querySelector("[data-testid='stSkeleton']");
  t.drawnAt = new Promise((resolve) => {
    const check = () => { if (drawn()) { t.drawn = performance.now(); resolve(t.drawn); return true; } };
    const o = new MutationObserver(() => { if (check()) o.disconnect(); });
    o.observe(document, {subtree: true, childList: true, attributes: true});
  });
})();"""
SUMMARY = """() => {
  const t = window.__load, nav = performance.getEntriesByType('navigation')[0];
  const at = (v) => (t.states.find((s) => s[1] === v) || [null])[0];
  const res = performance.getEntriesByType('resource');
  return {html: nav.responseEnd, dcl: nav.domContentLoadedEventEnd, connected: at('CONNECTED'),
          run: at('running'), idle: at('notRunning'), fcp: t.fcp, runs: t.runs,
          requests: res.length + 1, kib: (nav.transferSize + res.reduce((n, r) => n + r.transferSize, 0)) / 1024,
          lazy: res.filter((r) => r.startTime > (at('running') || 1e9)).length};
}"""
MAIN_THREAD = {"main_task": "TaskDuration", "main_script": "ScriptDuration", "main_layout": "LayoutDuration",
               "main_style": "RecalcStyleDuration"}
PHASES = ("html", "dcl", "connected", "run", "idle", "fcp", "drawn")


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) of one process, 0 when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _descendants(root: int, skip: int) -> list[int]:
    """Every process below `root` except `skip` and its own (the server)."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    children.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(name))
            except OSError:
                continue
    found, todo = [], list(children.get(root, []))
    while todo:
        pid = todo.pop()
        if pid != skip:
            found.append(pid)
            todo += children.get(pid, [])
    return found


def _chromium_cpu(server_pid: int) -> float:
    return sum(_cpu(p) for p in _descendants(os.getpid(), server_pid))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(root: Path, data: Path) -> tuple[subprocess.Popen, str]:
    """`streamlit run` in `root` (its code, its config), as tests/e2e/harness.Server starts it."""
    port = _free_port()
    env = {**os.environ, "COMPANION_DATA_DIR": str(data), "PYTHONPATH": str(root)}
    env.pop("COMPANION_EXTRA_GAMES", None)
    cmd = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.headless", "true",
           "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"]
    log = open(data / "server.log", "ab")  # noqa: SIM115 (closed with the process)
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "_stcore/health", timeout=2) as r:
                if r.read() == b"ok":
                    return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"the server in {root} did not start (see {data / 'server.log'})")


def one_load(browser, url: str, server: subprocess.Popen, lang: str) -> dict:
    """A new browser (no cache) opens Home: each phase in ms from the navigation, CPU of server and Chromium."""
    context = browser.new_context(viewport=PHONE, locale=LOCALES[lang])
    context.add_init_script(RECORD)
    page = context.new_page()
    page.set_default_timeout(120_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")  # the page's main thread: its script, style and layout work
    server0, chromium0 = _cpu(server.pid), _chromium_cpu(server.pid)
    page.goto(url, wait_until="commit")
    drawn = page.evaluate("window.__load.drawnAt")  # ms from the navigation's start, in the page's own clock
    result = page.evaluate(SUMMARY)
    result.update(drawn=drawn, server_cpu=(_cpu(server.pid) - server0) * 1000,
                  chromium_cpu=(_chromium_cpu(server.pid) - chromium0) * 1000)
    page.wait_for_timeout(300)  # a run the first one asks for (a rerun) would begin within this
    result["runs"] = page.evaluate("window.__load.runs")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    result.update({k: metrics[m] * 1000 for k, m in MAIN_THREAD.items()})
    context.close()
    return result


def _line(label: str, r: dict) -> str:
    phases = ", ".join(f"{p} {r[p]:.0f}" if r.get(p) is not None else f"{p} -" for p in PHASES)
    return (f"  {label}: {phases} ms; {r['runs']} script run(s), {r['requests']} requests ({r['lazy']} after the "
            f"run began), {r['kib']:.0f} KiB; CPU server {r['server_cpu']:.0f} ms, Chromium "
            f"{r['chromium_cpu']:.0f} ms (page's main thread {r['main_task']:.0f}: script {r['main_script']:.0f}, "
            f"style {r['main_style']:.0f}, layout {r['main_layout']:.0f}); load {os.getloadavg()[0]:.1f}")


def _median_line(root: Path, kind: str, loads: list[dict]) -> str:
    med = {k: statistics.median(x[k] for x in loads if x.get(k) is not None)
           for k in (*PHASES, "server_cpu", "chromium_cpu", "main_task", "main_script")}
    return (f"SUMMARY first-load browser {root.name} {kind}: drawn median {med['drawn']:.0f} ms over {len(loads)} "
            f"loads (html {med['html']:.0f}, scripts loaded {med['dcl']:.0f}, connected {med['connected']:.0f}, "
            f"run {med['run']:.0f}-{med['idle']:.0f}, first paint {med['fcp']:.0f}); CPU server "
            f"{med['server_cpu']:.0f} ms, Chromium {med['chromium_cpu']:.0f} ms (page's main thread "
            f"{med['main_task']:.0f}, script {med['main_script']:.0f}); load {os.getloadavg()[0]:.1f}")


def browser_main(roots: list[Path], servers: int, warm: int, lang: str) -> int:
    """For each round, each checkout in turn: a fresh server, its first load, then `warm` loads."""
    from playwright.sync_api import sync_playwright

    fresh: dict[Path, list[dict]] = {r: [] for r in roots}
    warmed: dict[Path, list[dict]] = {r: [] for r in roots}
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            for n in range(servers):
                for root in roots:
                    with tempfile.TemporaryDirectory() as tmp:
                        server, url = serve(root, Path(tmp))
                        try:
                            fresh[root].append(one_load(browser, url, server, lang))
                            print(_line(f"{root.name} server {n + 1} fresh", fresh[root][-1]), flush=True)
                            for k in range(warm):
                                warmed[root].append(one_load(browser, url, server, lang))
                                print(_line(f"{root.name} server {n + 1} warm {k + 1}", warmed[root][-1]), flush=True)
                        finally:
                            server.kill()
                            server.wait(10)
        finally:
            browser.close()
    for root in roots:
        print(_median_line(root, "fresh server", fresh[root]))
        if warmed[root]:
            print(_median_line(root, "warm server, new browser", warmed[root]))
    return 0
