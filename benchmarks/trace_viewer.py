"""Kernel side of the trace viewer at 10 million events, against the issue's targets.

    python benchmarks/trace_viewer.py                  # 10M synthetic events + ../shared jax_large + gpu_v100
    python benchmarks/trace_viewer.py --events 2000000 --no-baseline

For each profile it prints: the time to build the viewer (layout + index), the index's memory
next to the events frame's, and for zoom levels 1x, 4x, 16x, ... (random viewports, 1600 px,
all tracks) the median / p95 time of ``TraceViewer.query`` and the largest reply. In the same
run, the baseline: serialising the same events to Chrome trace JSON (what an XProf-style
viewer does up front) with nbprof's own vectorised writer.

Targets (issue 8): query <= 50 ms median and <= 150 ms p95 at every zoom level; reply <= 1 MB
for 1600 px; index memory <= 2x the events frame.

Then the request bounds (nbprof/trace/requests.py, patterns.py): the costliest requests the comm
accepts (every track at the widest width, a box over everything, the slowest regex the rules let
through on pathological names) and ones it refuses (width 1e7, 100,000 track ids, ``(.*)*x$``),
each sent through ``TraceModel.handle`` as the browser would.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO)]
SHARED_LARGE = REPO.parent / "shared" / "fixtures" / "jax_large"

TARGET_MEDIAN_MS = 50
TARGET_P95_MS = 150
TARGET_REPLY_BYTES = 1_000_000
TARGET_MEMORY_X = 2.0


def bench_profile(label: str, prof, *, viewports: int, width: int, baseline: bool, seed: int = 0) -> dict:
    from nbprof.export.chrome_trace import to_chrome_trace
    from nbprof.trace.index import reply_nbytes
    from nbprof.widgets.trace import TraceViewer

    n = int((~prof.events["aggregated"]).sum())
    frame_bytes = int(prof.events.memory_usage(deep=True).sum())
    t = time.perf_counter()
    viewer = TraceViewer(prof)
    build_s = time.perf_counter() - t
    index_bytes = viewer.model.index.nbytes
    s0, s1 = viewer.model.span
    t = time.perf_counter()
    first = viewer.query(s0, s1, width)
    first_ms = (time.perf_counter() - t) * 1e3
    print(
        f"\n== {label}: {n:,} events, {len(viewer.model.layout.tracks)} tracks, "
        f"{viewer.model.layout.n_lanes} lanes, span {(s1 - s0) / 1e9:,.1f} ms"
    )
    print(
        f"viewer build (layout + index): {build_s:.2f} s; whole-trace query: {first_ms:.1f} ms, "
        f"{reply_nbytes(first) / 1e3:.0f} kB"
    )
    print(
        f"memory: events frame {frame_bytes / 1e6:,.0f} MB, viewer index {index_bytes / 1e6:,.0f} MB "
        f"({index_bytes / frame_bytes:.2f}x)"
    )
    print(f"{'zoom':>10} {'view':>12} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'max reply':>10} {'items':>8}")
    rng = np.random.default_rng(seed)
    rows = []
    zoom = 1
    while (s1 - s0) / zoom >= 1_000 * width or zoom == 1:  # down to about 1 ns per pixel
        span = (s1 - s0) / zoom
        times, sizes, items = [], [], []
        for _ in range(viewports):
            a = s0 + rng.uniform(0, max(s1 - s0 - span, 0))
            t = time.perf_counter()
            reply = viewer.query(int(a), int(a + span), width)
            times.append((time.perf_counter() - t) * 1e3)
            sizes.append(reply_nbytes(reply))
            items.append(reply["n_items"])
        row = {
            "zoom": zoom,
            "span_ps": span,
            "median_ms": float(np.median(times)),
            "p95_ms": float(np.percentile(times, 95)),
            "max_ms": max(times),
            "max_bytes": max(sizes),
            "max_items": max(items),
        }
        rows.append(row)
        print(
            f"{zoom:>10,} {_fmt_ps(span):>12} {row['median_ms']:>10.1f} {row['p95_ms']:>8.1f} {row['max_ms']:>8.1f} "
            f"{row['max_bytes'] / 1e3:>8.0f}kB {row['max_items']:>8,}"
        )
        zoom *= 4
    model = viewer.model
    row = int(model.index.row[len(model.index) // 2])
    name = str(prof.events["name"].iat[row])
    t = time.perf_counter()
    found = model.run_search(name)["count"]
    search_ms = (time.perf_counter() - t) * 1e3
    t = time.perf_counter()
    model.search_step(found // 2)
    step_ms = (time.perf_counter() - t) * 1e3
    t = time.perf_counter()
    model.details(row)
    details_ms = (time.perf_counter() - t) * 1e3
    t = time.perf_counter()
    box = model.box(s0 + (s1 - s0) // 2, s0 + (s1 - s0) // 2 + (s1 - s0) // 100, range(model.layout.n_lanes))
    box_ms = (time.perf_counter() - t) * 1e3
    model.run_search("")
    print(
        f"search {name!r}: {found:,} matches in {search_ms:.0f} ms, step {step_ms:.1f} ms; details (first click, "
        f"stats built lazily) {details_ms:.0f} ms; box over 1% of the span: {box['count']:,} events in {box_ms:.0f} ms"
    )
    out = {
        "label": label,
        "events": n,
        "build_s": build_s,
        "frame_bytes": frame_bytes,
        "index_bytes": index_bytes,
        "first_ms": first_ms,
        "levels": rows,
    }
    if baseline:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "trace.json"
            t = time.perf_counter()
            to_chrome_trace(prof, path)
            out["baseline_s"] = time.perf_counter() - t
            out["baseline_bytes"] = path.stat().st_size
        print(
            f"baseline: Chrome trace JSON of the same events: {out['baseline_s']:.1f} s, "
            f"{out['baseline_bytes'] / 1e6:,.0f} MB (before any browser could show a pixel)"
        )
    bench_bounds(viewer)
    worst_median = max(r["median_ms"] for r in rows)
    worst_p95 = max(r["p95_ms"] for r in rows)
    worst_bytes = max(r["max_bytes"] for r in rows)
    ratio = index_bytes / frame_bytes
    print(
        f"targets: median {worst_median:.1f} ms (<= {TARGET_MEDIAN_MS}) {_ok(worst_median <= TARGET_MEDIAN_MS)}; "
        f"p95 {worst_p95:.1f} ms (<= {TARGET_P95_MS}) {_ok(worst_p95 <= TARGET_P95_MS)}; "
        f"reply {worst_bytes / 1e3:.0f} kB (<= 1000) {_ok(worst_bytes <= TARGET_REPLY_BYTES)}; "
        f"memory {ratio:.2f}x (<= {TARGET_MEMORY_X}) {_ok(ratio <= TARGET_MEMORY_X)}"
    )
    return out


def bench_bounds(viewer) -> None:
    """Time the heaviest requests the comm accepts and the ones it refuses (see the docstring)."""
    from nbprof.trace.patterns import MAX_SUBJECT_CHARS, match_names
    from nbprof.trace.requests import MAX_WIDTH_PX

    model = viewer.model
    s0, s1 = model.span
    whole = {"start_ps": s0, "end_ps": s1}
    cases = [
        ("viewport, every track, width_px 16384", {"type": "viewport", **whole, "width_px": MAX_WIDTH_PX}),
        ("viewport, width_px 1e7", {"type": "viewport", **whole, "width_px": 1e7}),
        (
            "viewport, 100,000 track ids",
            {"type": "viewport", **whole, "width_px": 1600, "tracks": list(range(100_000))},
        ),
        ("viewport, NaN start (null)", {"type": "viewport", "start_ps": None, "end_ps": s1, "width_px": 1600}),
        ("box, every lane, whole trace", {"type": "box", **whole, "lanes": list(range(model.layout.n_lanes))}),
        ("search (.*)*x$ as regex", {"type": "search", "pattern": "(.*)*x$", "regex": True}),
        ("search a.*b.*c as regex", {"type": "search", "pattern": "a.*b.*c", "regex": True}),
    ]
    print("request bounds (sent through TraceModel.handle):")
    for label, message in cases:
        t = time.perf_counter()
        reply = model.handle({**message, "rid": 1})
        ms = (time.perf_counter() - t) * 1e3
        outcome = reply.get("error") or f"{reply['type']} reply"
        print(f"  {label:<38} {ms:>9.1f} ms  {outcome[:90]}")
    model.run_search("")
    names = ["a" * MAX_SUBJECT_CHARS] * 200
    t = time.perf_counter()
    try:
        match_names(names, ".*a.*b", regex=True)
        outcome = "finished"
    except Exception as err:  # the budget stops it
        outcome = str(err)[:90]
    print(f"  {'.*a.*b on 200 pathological names':<38} {(time.perf_counter() - t) * 1e3:>9.1f} ms  {outcome}")


def _ok(flag: bool) -> str:
    return "OK" if flag else "MISSED"


def _fmt_ps(ps: float) -> str:
    for unit, scale in (("s", 1e12), ("ms", 1e9), ("us", 1e6), ("ns", 1e3)):
        if ps >= scale:
            return f"{ps / scale:.3g} {unit}"
    return f"{ps:.3g} ps"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=10_000_000, help="synthetic events (default 10M; 0 = none)")
    parser.add_argument("--viewports", type=int, default=25, help="random viewports per zoom level")
    parser.add_argument("--width", type=int, default=1600, help="viewport width in pixels")
    parser.add_argument("--no-real", action="store_true", help="skip jax_large and the gpu_v100 fixture")
    parser.add_argument("--no-baseline", action="store_true", help="skip the Chrome trace JSON baseline")
    args = parser.parse_args()
    import nbprof

    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}")
    if args.events:
        sys.path.insert(0, str(REPO / "tests"))
        from trace_builder import build_trace_profile

        t = time.perf_counter()
        prof = build_trace_profile(args.events)
        print(f"synthetic profile built in {time.perf_counter() - t:.1f} s")
        bench_profile(
            f"synthetic {args.events:,}",
            prof,
            viewports=args.viewports,
            width=args.width,
            baseline=not args.no_baseline,
        )
        del prof
    if not args.no_real:
        paths = [("gpu_v100 (fixture)", REPO / "tests" / "fixtures" / "gpu_v100")]
        if SHARED_LARGE.exists():
            paths.insert(0, ("jax_large", SHARED_LARGE))
        for label, path in paths:
            t = time.perf_counter()
            prof = nbprof.load(path, cache=False)
            prof.events  # noqa: B018 - build the frames inside the load time
            print(f"\nloaded {label} in {time.perf_counter() - t:.1f} s")
            bench_profile(label, prof, viewports=args.viewports, width=args.width, baseline=not args.no_baseline)


if __name__ == "__main__":
    main()
