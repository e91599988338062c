"""Parse speed and memory of nbprof on a profile with >= 1M events.

    python benchmarks/parse.py                 # ../shared jax_large if present, else a synthetic profile
    python benchmarks/parse.py PATH.xplane.pb  # any profile
    python benchmarks/parse.py --profile       # also show where decode_space_fast / nbprof.load spend time

Each phase runs in a fresh subprocess so that its peak RSS (``ru_maxrss``) is its own:

- ``XSpace.FromString``: protobuf (upb) parses the whole file; no Python object per event yet.
- ``LazyXSpace.FromString``: the shadow schema (events kept as bytes), step 1 of the fast decoder.
- ``decode_space_native``: bytes -> RawSpace with the compiled decoder (``_wire.c``).
- ``decode_space_fast``: bytes -> RawSpace with the pure-Python decoder (numpy columns).
- ``decode_space_pb``: the protobuf-API reference decoder (one Python object per event).
- ``build_frames``: a decoded RawSpace -> all frames (events, promoted stats, nesting); the
  decoding before it is not timed, its arrays are in the baseline.
- ``nbprof.load``: file -> Profile with all frames built (``prof.events`` read), cache off.

For ``nbprof.load`` the table also gives the RSS the Profile keeps (read right after the
first load, while it is alive): since the frames were made lean, peak and kept are close.

Peak RSS is reported as measured and above the process's baseline after imports (the part
the phase is responsible for), the latter also as a multiple of the file size.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED_LARGE = next(
    (p / "shared" / "fixtures" / "jax_large" for p in REPO.parents if (p / "shared").exists()),
    REPO.parent / "shared" / "fixtures" / "jax_large",
)
SYNTHETIC_EVENTS = 1_200_000

PHASES = {
    "fromstring": "XSpace.FromString",
    "lazy": "LazyXSpace.FromString",
    "native": "decode_space_native",
    "fast": "decode_space_fast",
    "pb": "decode_space_pb",
    "frames": "build_frames",
    "load": "nbprof.load",
}
GOAL_X_FROMSTRING = 3.0  # load <= 3x XSpace.FromString
GOAL_RSS_X_FILE = 5.0  # peak RSS of load <= 5x the file


def peak_rss_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux reports KiB


def current_rss_bytes() -> int | None:
    """Resident set size now (Linux), else None."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


# --------------------------------------------------------------------------- input


def find_large_profile() -> Path | None:
    found = sorted(SHARED_LARGE.glob("plugins/profile/*/*.xplane.pb"))
    return found[0] if found else None


def build_synthetic(path: Path, n_events: int = SYNTHETIC_EVENTS) -> None:
    """A one-host profile shaped like a JAX trace (``benchmarks/synthetic.py``)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from synthetic import write_profile

    write_profile(path, n_events)


# --------------------------------------------------------------------------- one phase (child process)


def run_phase(phase: str, path: str, repeat: int) -> dict:
    sys.path.insert(0, str(REPO))
    import nbprof
    from nbprof.proto import xplane_lazy_pb2, xplane_pb2
    from nbprof.xspace.decode_fast import decode_space_fast
    from nbprof.xspace.decode_native import available, decode_space_native
    from nbprof.xspace.decode_pb import decode_space_pb
    from nbprof.xspace.frames import HostSpace, build_frames

    decode = decode_space_native if available() else decode_space_fast
    work = {
        "fromstring": lambda data: xplane_pb2.XSpace.FromString(data),
        "lazy": lambda data: xplane_lazy_pb2.LazyXSpace.FromString(data),
        "native": decode,
        "fast": decode_space_fast,
        "pb": decode_space_pb,
    }
    if phase == "frames":  # decode once first so that the baseline includes the decoder's arrays
        spaces = [decode(Path(path).read_bytes()) for _ in range(repeat)]
    baseline = peak_rss_bytes()
    resident_before = current_rss_bytes()
    times = []
    cpu_times = []
    events = 0
    peak = 0
    kept = None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        if phase == "load":
            result = nbprof.load(path, cache=False)
            result.events  # noqa: B018 - the frames are built on first use
        elif phase == "frames":
            hosts = [HostSpace("host", path, spaces.pop())]
            start, start_cpu = time.perf_counter(), time.process_time()
            result = build_frames(hosts)
            del hosts
        else:
            data = Path(path).read_bytes()
            start, start_cpu = time.perf_counter(), time.process_time()
            result = work[phase](data)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - start_cpu)
        if phase in ("native", "fast"):
            events = sum(len(plane.events) for plane in result.planes)
        if kept is None:
            now = current_rss_bytes()
            kept = now - resident_before if now is not None and resident_before is not None else -1
        del result
        peak = peak or peak_rss_bytes()  # the first run's: later runs reuse freed memory unevenly
    return {
        "seconds_first": times[0],
        "seconds_best": min(times),
        "cpu_best": min(cpu_times),
        "cpu_first": cpu_times[0],
        "baseline": baseline,
        "peak": peak,
        "kept": kept,
        "events": events,
    }


def measure(phase: str, path: Path, repeat: int) -> dict:
    """Run one phase in a fresh process. This parent stays small: Linux children inherit its peak RSS."""
    out = subprocess.run(
        [sys.executable, __file__, "--phase", phase, "--repeat", str(repeat), str(path)],
        check=True,
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


# --------------------------------------------------------------------------- profiling


DECODE_STEPS = {
    "LazyXSpace.FromString (upb parse)": "FromString",
    "copy event bytes out of protobuf": "_event_buffer",
    "event fields (vectorised scan)": "_decode_events_chunk",
    "stat fields (vectorised scan)": "_decode_stats_into",
    "join stat chunks": "_concat_stats",
    "metadata, plane stats (protobuf API)": "_event_metadata",
}


def show_profile(path: Path, top: int) -> None:
    """cProfile of decode_space_fast (by step) and of nbprof.load (by own and cumulative time)."""
    import cProfile
    import pstats

    sys.path.insert(0, str(REPO))
    import nbprof
    from nbprof.xspace.decode_fast import decode_space_fast

    data = path.read_bytes()
    decode_space_fast(data)  # warm the allocator and caches

    profiler = cProfile.Profile(time.process_time)  # CPU time: steadier on a busy machine
    profiler.runcall(decode_space_fast, data)
    stats = pstats.Stats(profiler)
    cumulative = {func[2]: row[3] for func, row in stats.stats.items()}  # type: ignore[attr-defined]
    total = cumulative["decode_space_fast"]
    print(f"\n=== decode_space_fast by step (cProfile cumulative CPU time, total {total:.3f} s) ===")
    for label, function in DECODE_STEPS.items():
        seconds = sum(t for name, t in cumulative.items() if function in name)
        print(f"{label:<40}{seconds:>8.3f} s{100 * seconds / total:>6.0f} %")
    print(f"\n=== cProfile: decode_space_fast (top {top} by own time) ===")
    stats.strip_dirs().sort_stats("tottime").print_stats(top)

    profiler = cProfile.Profile(time.process_time)  # CPU time: steadier on a busy machine
    profiler.runcall(lambda: nbprof.load(str(path), cache=False).events)
    stats = pstats.Stats(profiler).strip_dirs()
    print(f"\n=== cProfile: nbprof.load (top {top} by cumulative time) ===")
    stats.sort_stats("cumulative").print_stats(top)
    print(f"\n=== cProfile: nbprof.load (top {top} by own time) ===")
    stats.sort_stats("tottime").print_stats(top)


# --------------------------------------------------------------------------- report


TABLE = (
    # header, width, format(result, events, file size)
    ("phase", -24, lambda r, n, size: PHASES[r["phase"]]),
    ("wall s", 8, lambda r, n, size: f"{r['seconds_best']:.3f}"),
    ("1st wall", 9, lambda r, n, size: f"{r['seconds_first']:.3f}"),
    ("cpu s", 7, lambda r, n, size: f"{r['cpu_best']:.3f}"),
    ("1st cpu", 8, lambda r, n, size: f"{r['cpu_first']:.3f}"),
    ("Mev/s wall", 11, lambda r, n, size: f"{n / r['seconds_best'] / 1e6:.2f}"),
    ("Mev/s cpu", 10, lambda r, n, size: f"{n / r['cpu_best'] / 1e6:.2f}"),
    ("x FromString", 13, lambda r, n, size: f"{r['seconds_best'] / r['reference']:.2f}"),
    ("peak MiB", 9, lambda r, n, size: f"{r['peak'] / 2**20:.0f}"),
    ("+MiB", 6, lambda r, n, size: f"{(r['peak'] - r['baseline']) / 2**20:.0f}"),
    ("x file", 7, lambda r, n, size: f"{(r['peak'] - r['baseline']) / size:.2f}"),
    ("kept MiB", 9, lambda r, n, size: f"{r['kept'] / 2**20:.0f}" if r["phase"] == "load" and r["kept"] >= 0 else ""),
)
LEGEND = """\
wall s / 1st wall: wall-clock seconds (best run / first run in the process); cpu s / 1st cpu: process
CPU seconds, the steadier figure on a busy machine; Mev/s: million events per second (best run);
x FromString: best wall time / XSpace.FromString's on the same bytes in the same run;
peak MiB: peak RSS of the first run; +MiB: that minus the RSS after imports (the file's bytes are
included); x file: +MiB / file size; kept MiB: RSS while the first Profile is alive less RSS before
it (nbprof.load only; what a notebook keeps paying for). build_frames' baseline includes its
decoded RawSpaces (decoded before the clock starts)."""


def print_table(results: dict, phases: list[str], n_events: int, size: int) -> None:
    reference = results["fromstring"]["seconds_best"]

    def row(cells: list[str]) -> str:
        return "".join(f"{cell:{'<' if width < 0 else '>'}{abs(width)}}" for cell, (_, width, _) in zip(cells, TABLE))

    print(row([title for title, _, _ in TABLE]))
    print("-" * sum(abs(width) for _, width, _ in TABLE))
    for phase in phases:
        r = {**results[phase], "phase": phase, "reference": reference}
        print(row([fmt(r, n_events, size) for _, _, fmt in TABLE]))
    print("\n" + LEGEND + "\n")
    r = results["load"]
    x_fromstring = r["seconds_best"] / reference
    x_first = r["seconds_first"] / results["fromstring"]["seconds_first"]
    ratio = (r["peak"] - r["baseline"]) / size
    print(
        f"goal nbprof.load <= {GOAL_X_FROMSTRING:g}x XSpace.FromString: best {x_fromstring:.2f}x, first run "
        f"{x_first:.2f}x ({'met' if x_fromstring <= GOAL_X_FROMSTRING else 'NOT met'}); peak RSS +{ratio:.1f}x "
        f"the file, {(r['peak'] - r['baseline']) / n_events:.0f} B/event (goal <= {GOAL_RSS_X_FILE:g}x: "
        f"{'met' if ratio <= GOAL_RSS_X_FILE else 'NOT met'})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", nargs="?", help="an .xplane.pb (default: shared jax_large, else synthetic)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per phase; time = best run (default 3)")
    parser.add_argument("--synthetic", type=int, metavar="N", help="build and use a synthetic profile with N events")
    parser.add_argument("--skip-pb", action="store_true", help="skip the slow protobuf-API and pure-Python decoders")
    parser.add_argument("--profile", action="store_true", help="also print cProfile tables")
    parser.add_argument("--top", type=int, default=20, help="rows per cProfile table")
    parser.add_argument("--phase", choices=PHASES, help=argparse.SUPPRESS)
    parser.add_argument("--build-synthetic", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.build_synthetic:  # child process
        build_synthetic(Path(args.path), args.build_synthetic)
        return

    if args.phase:  # child process
        print(json.dumps(run_phase(args.phase, args.path, args.repeat)))
        return

    if args.path:
        path = Path(args.path)
        source = str(path)
    elif not args.synthetic and (large := find_large_profile()) is not None:
        path, source = large, f"shared jax_large ({large})"
    else:
        n_events = args.synthetic or SYNTHETIC_EVENTS
        path = Path(tempfile.gettempdir()) / f"nbprof_synthetic_{n_events}.xplane.pb"
        if not path.exists():
            print(f"building a synthetic profile with {n_events:,} events ...", flush=True)
            # in a child: Linux children inherit this process's peak RSS, which would hide theirs
            subprocess.run([sys.executable, __file__, "--build-synthetic", str(n_events), str(path)], check=True)
        source = f"synthetic ({path})"

    size = path.stat().st_size
    phases = [p for p in PHASES if not (args.skip_pb and p in ("pb", "fast"))]
    results = {phase: measure(phase, path, args.repeat) for phase in phases}
    n_events = results["native"]["events"]
    print(f"profile: {source}\nsize: {size / 2**20:.1f} MiB, events: {n_events:,}")
    print(f"python {sys.version.split()[0]}, cpus {os.cpu_count()}, best of {args.repeat} runs per phase\n")
    print_table(results, phases, n_events, size)
    if args.profile:
        show_profile(path, args.top)


if __name__ == "__main__":
    main()
