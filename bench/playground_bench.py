"""Benchmark of the site's playground in a real browser: cold load and per-query time.

Run with ``python bench/playground_bench.py`` after ``./dev docs`` (it serves
``site/`` itself).  Needs Chromium (``/usr/bin/chromium``) and Playwright.

* **Cold load**: a fresh browser context (empty HTTP cache) opens the
  playground page; the time runs from the start of navigation until the
  oracle answers its first query in Pyodide (``window.ttykmPlayground.ready``).
  The page's own measure, from loading Pyodide's script to ready, is shown
  too, split into its stages (Pyodide's script loaded, Python restored from the
  build's memory snapshot, the oracle's zip put in place, the first answer
  drawn), with whether the snapshot was used and how many bytes were fetched.
  The CPU time the browser's processes spent on it is measured too (Linux
  ``/proc``): unlike wall time it does not grow with the machine's load.
* **Warm load**: the same page opened again in the same context, so the HTTP
  cache and the browser's compiled-WebAssembly cache are used.
* **A click**: the reader's click on a copy and on "Undo a click", at 1280 px
  and at 390 px (where the board is cut to one era), each timed from the click
  to the page drawn again: Python's answer and the redraw, which the page does
  in the click's own handler.  This is the "click answered" target.
* **Per query**: the legal turns of positions from random playouts, asked of
  the oracle in the page (``GAME.legal_actions`` through Pyodide, each
  position new to the page), and a whole click answered by the playground
  (``view``: legal turns, picks and both pictures); then the legal turns
  again, once the page has run for a while (its cache of legal turns is not
  used by this query).

Figures depend on the machine: quote them with the machine they came from.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import platform
import random
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from oracle.games.ttykm.notation import format_position  # noqa: E402
from tests.positions import random_playout_position  # noqa: E402

TARGET_LOAD_SECONDS = 3.0
TARGET_QUERY_MS = 50.0
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
LEGAL = """(states) => {
    const py = window.ttykmPlayground.python;
    const legal = py.runPython(
        "from oracle.games import load_game\\n" +
        "def _bench_legal(text):\\n" +
        "    game = load_game('ttykm')\\n" +
        "    return len(game.legal_actions(game.parse_state(text), game.parse_rules(None, None)))\\n" +
        "_bench_legal");
    const times = [];
    for (const state of states) {
        const t = performance.now();
        legal(state);
        times.push(performance.now() - t);
    }
    return times;
}"""
# A click as the reader makes it: the click on White's copy and the click on "Undo a click", each timed
# from the click to the page drawn again (the handler is synchronous: Python's answer, then the redraw).
CLICKS = """(n) => {
    const visible = (node) => node.getBoundingClientRect().width > 0;
    const times = [];
    for (let i = 0; i < n; i++) {
        const cell = [...document.querySelectorAll(".pg-board [data-cell='past:a1']")].find(visible);
        let t = performance.now();
        cell.dispatchEvent(new MouseEvent("click", {bubbles: true}));
        times.push(performance.now() - t);
        const undo = document.querySelector(".pg-undo");
        t = performance.now();
        undo.click();
        times.push(performance.now() - t);
    }
    return times;
}"""
VIEW = """(states) => states.map((state) => {
    const t = performance.now();
    window.ttykmPlayground.view({game: "ttykm", state: state, picks: []});
    return performance.now() - t;
})"""


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def browser_cpu_seconds() -> float:
    """CPU time (user and system) used so far by this process's descendants still running: the browser.

    On a shared machine wall time grows with the load; the CPU time a cold load
    costs does not, and is about the wall time on one idle core of this processor."""
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            parent[int(entry.name)] = int(fields[1])
            used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    me = os.getpid()

    def descends(pid: int) -> bool:
        while pid > 1:
            pid = parent.get(pid, 0)
            if pid == me:
                return True
        return False

    return sum(seconds for pid, seconds in used.items() if descends(pid))


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--clicks", type=int, default=50, help="clicks timed at each width (each with its undo)")
    args = parser.parse_args()
    if not (args.site / "playground" / "index.html").is_file():
        print(f"no built site in {args.site}: run ./dev docs first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    rng = random.Random(2024)
    states = list(dict.fromkeys(
        format_position(p) for p in (random_playout_position(rng, rng.randrange(1, 30)) for _ in range(args.queries))
        if p.to_move is not None))
    server, base = serve(args.site)
    loads: list[float] = []
    page_loads: list[float] = []
    warm: list[float] = []
    stages: list[dict[str, float]] = []
    snapshots: list[bool] = []
    fetched: list[int] = []
    cpu_seconds: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS, headless=True)
        for _ in range(args.loads):
            context = browser.new_context()  # a new context: nothing cached
            page = context.new_page()
            before = browser_cpu_seconds()
            page.goto(base + "/playground/", wait_until="commit")
            page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=120_000)
            cpu_seconds.append(browser_cpu_seconds() - before)
            loads.append(page.evaluate("performance.now()") / 1000)
            page_loads.append(page.evaluate("window.ttykmPlayground.timing.loadMs") / 1000)
            stages.append(page.evaluate("window.ttykmPlayground.timing.stages"))
            snapshots.append(bool(page.evaluate("window.ttykmPlayground.timing.snapshot")))
            fetched.append(page.evaluate(
                "performance.getEntriesByType('resource').reduce((n, e) => n + e.transferSize, 0)"))
            page.goto(base + "/playground/", wait_until="commit")
            page.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=120_000)
            warm.append(page.evaluate("performance.now()") / 1000)
            last = page
            if _ < args.loads - 1:
                context.close()
        clicks_ms = {}
        for width, height in ((1280, 900), (390, 844)):
            last.set_viewport_size({"width": width, "height": height})
            last.goto(base + "/playground/", wait_until="commit")
            last.wait_for_function("window.ttykmPlayground && window.ttykmPlayground.ready", timeout=120_000)
            clicks_ms[width] = last.evaluate(CLICKS, args.clicks)
        legal_ms = last.evaluate(LEGAL, states)
        view_ms = last.evaluate(VIEW, list(reversed(states)))
        # The same queries again once the browser has compiled the hot WebAssembly with its optimising tier.
        legal_again_ms = last.evaluate(LEGAL, list(reversed(states)))
        version = browser.version
        browser.close()
    server.shutdown()
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor()) if os.path.exists("/proc/cpuinfo") else ""
    load, page_load = statistics.median(loads), statistics.median(page_loads)
    report = {
        "machine": f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}",
        "load_average_after": load_average(),
        "browser": f"Chromium {version} (headless)",
        "cold_load_s_median": round(load, 2),
        "cold_load_s_max": round(max(loads), 2),
        "script_to_ready_s_median": round(page_load, 2),
        "cold_load_cpu_s_median": round(statistics.median(cpu_seconds), 2),
        "from_snapshot": all(snapshots),
        "fetched_mb_cold": round(statistics.median(fetched) / 1e6, 1),
        "stages_s_median": {k: round(statistics.median(s[k] for s in stages) / 1000, 2) for k in stages[0]},
        "warm_load_s_median": round(statistics.median(warm), 2),
        "positions": len(states),
        "legal_turns_ms_median": round(statistics.median(legal_ms), 2),
        "legal_turns_ms_p95": round(sorted(legal_ms)[int(0.95 * len(legal_ms)) - 1], 2),
        "legal_turns_again_ms_median": round(statistics.median(legal_again_ms), 2),
        "legal_turns_again_ms_p95": round(sorted(legal_again_ms)[int(0.95 * len(legal_again_ms)) - 1], 2),
        "view_answer_ms_median": round(statistics.median(view_ms), 2),
        "view_answer_ms_p95": round(sorted(view_ms)[int(0.95 * len(view_ms)) - 1], 2),
        **{f"click_to_redraw_ms_median_{w}px": round(statistics.median(ms), 2) for w, ms in clicks_ms.items()},
        **{f"click_to_redraw_ms_p95_{w}px": round(sorted(ms)[int(0.95 * len(ms)) - 1], 2)
           for w, ms in clicks_ms.items()},
    }
    print(json.dumps(report, indent=2))
    click = max(statistics.median(ms) for ms in clicks_ms.values())
    ok = load <= TARGET_LOAD_SECONDS and click < TARGET_QUERY_MS
    print(f"targets: cold load <= {TARGET_LOAD_SECONDS} s, a click answered in < {TARGET_QUERY_MS} ms "
          f"(medians; quote them from an idle machine, load average now {load_average()}): "
          f"{'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
