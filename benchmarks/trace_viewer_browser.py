"""The trace viewer in headless Chromium at 10 million events: first paint and frame times.

    python benchmarks/trace_viewer_browser.py                 # 10M synthetic events (+ ../shared jax_large)
    python benchmarks/trace_viewer_browser.py --events 2000000 --no-real

The page is the tests' static harness (tests/browser/trace_harness.py): the real view bundle
with a fake model whose requests are answered in this process by ``TraceViewer.model.handle``,
the same code the widget's comm runs. It measures

* first paint: from ``TraceViewer(profile)`` (index build included) to the first frame drawn
  with data, and from mounting the view to that frame (the view opens on the first steps, or
  the densest stretch: ``nbprof.trace.opening``);
* panning: a 2 s mouse drag (a move every 16 ms), then wheel zooming; ``requestAnimationFrame``
  intervals (the frame time the user sees) and the view's own draw time per frame;
* the viewport replies: kernel time and size.

Targets (issue 8): first paint <= 2 s after the profile is loaded; pan frame <= 16 ms median.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "browser")]
SHARED_LARGE = REPO.parent / "shared" / "fixtures" / "jax_large"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
]

FRAME_PROBE = """() => { window.__frames = []; let last = performance.now();
  const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__run) requestAnimationFrame(tick); };
  window.__run = true; requestAnimationFrame(tick); }"""


def _pct(values, q) -> float:
    return float(np.percentile(values, q)) if len(values) else float("nan")


def bench(label: str, prof, browser) -> None:
    from trace_harness import TraceHarness

    from nbprof.widgets.trace import TraceViewer

    page = browser.new_page(viewport={"width": 1700, "height": 1000})
    t_start = time.perf_counter()
    viewer = TraceViewer(prof)
    build_s = time.perf_counter() - t_start
    harness = TraceHarness(page, viewer)
    t_mount = time.perf_counter()
    harness.mount()
    first_paint_ms = harness.api("api.stats.firstPaintMs")
    total_s = time.perf_counter() - t_start
    width = harness.api("api.state.W")
    s0, s1 = viewer.model.span
    o0, o1 = viewer.model.opening
    print(
        f"\n== {label}: {len(viewer.model.index):,} events, plot {width:.0f} px wide; "
        f"opens on {(o1 - o0) / 1e9:,.1f} ms of {(s1 - s0) / 1e9:,.1f} ms"
    )
    print(
        f"first paint: {total_s:.2f} s after the profile was loaded (viewer build {build_s:.2f} s, "
        f"mount -> first frame with data {first_paint_ms:.0f} ms; wall {time.perf_counter() - t_mount:.2f} s)"
    )
    page.focus("[data-testid=trace-viewer]")
    box = harness.canvas_box()
    for phase, zoom in (("pan (half the trace)", 2), ("pan (zoomed 50x)", 50), ("wheel zoom", 50)):
        if phase.startswith("pan"):
            page.evaluate("([a, b]) => window.__model.kernelSet('time_range', [a, b])", [s1 - (s1 - s0) // zoom, s1])
            harness.wait_idle()
        draws_before = len(harness.api("api.stats.drawMs"))
        kernel_before = len(harness.kernel_ms)
        page.keyboard.press("2")
        page.evaluate(FRAME_PROBE)
        if phase.startswith("pan"):
            page.mouse.move(box["x"] + 50, box["y"] + 300)  # the view starts at the trace end: drag right
            page.mouse.down()
            x = 50
            t_end = time.perf_counter() + 2.0
            while time.perf_counter() < t_end:
                x = x + 20 if x < box["width"] - 60 else 50
                page.mouse.move(box["x"] + x, box["y"] + 300)
                page.wait_for_timeout(16)
            page.mouse.up()
        else:
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 300)
            for i in range(40):
                page.mouse.wheel(0, -120 if i < 20 else 120)
                page.wait_for_timeout(30)
        harness.wait_idle()
        frames = page.evaluate("() => { window.__run = false; return window.__frames.slice(1); }")
        draws = harness.api("api.stats.drawMs")[draws_before:]
        kernel = harness.kernel_ms[kernel_before:]
        sizes = harness.reply_bytes[kernel_before:]
        print(
            f"{phase:>20}: frame interval median {np.median(frames):.1f} ms, p95 {_pct(frames, 95):.1f} ms, "
            f"max {max(frames):.0f} ms ({len(frames)} frames); draw median {np.median(draws):.1f} ms, "
            f"p95 {_pct(draws, 95):.1f} ms; {len(kernel)} viewport replies, kernel median "
            f"{np.median(kernel) if kernel else float('nan'):.1f} ms, max {max(sizes, default=0) / 1e3:.0f} kB"
        )
    page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=10_000_000, help="synthetic events (0 = none)")
    parser.add_argument("--no-real", action="store_true", help="skip ../shared jax_large")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    import nbprof

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=shutil.which("chromium"), headless=True, args=CHROMIUM_ARGS)
        if args.events:
            from trace_builder import build_trace_profile

            prof = build_trace_profile(args.events)
            bench(f"synthetic {args.events:,}", prof, browser)
            del prof
        if not args.no_real and SHARED_LARGE.exists():
            bench("jax_large", nbprof.load(SHARED_LARGE), browser)
        browser.close()


if __name__ == "__main__":
    main()
