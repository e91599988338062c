"""Loading a pod: one process vs Dask workers, wall time and the notebook process's peak memory.

    python benchmarks/pod.py                              # 64 hosts x 2M events
    python benchmarks/pod.py --hosts 16 --events 200000   # smaller
    python benchmarks/pod.py --dir /tmp/nbprof_pod        # keep the synthetic logdir there (reused)
    python benchmarks/pod.py --modes sequential dask-2    # a subset of the modes

The pod is synthetic (tests/pod_builder.py): one TensorFlow-like CPU host of ``--events``
events (train steps holding framework ops, an input wait and XLA CPU ops), written once and
copied to ``--hosts`` host files of one run. Each mode loads it in a fresh subprocess (so
``ru_maxrss`` is that process's own: the "notebook" process) and builds the overview, pod
viewer, input pipeline and framework op stats:

- ``one-frame``: ``nbprof.load(reduce_hosts=False)``, every host's events in one frame (run
  only on the first ``--one-frame-hosts`` hosts: on all of them it does not fit in memory;
  its peak per host shows what all would take);
- ``sequential``: reduced host by host in this process (``workers=0``, what happens without Dask);
- ``dask-1``, ``dask-2``: a local Dask cluster of 1 and 2 worker processes.

Reported: wall seconds (cluster start included), the notebook process's peak RSS, the peak
RSS of the worker processes together (sampled every 0.2 s), the pickled size of the hosts'
reductions (what comes back to the notebook), events per second, and events per second per
core (per worker; the sequential and one-frame modes use one core). The reductions' own CPU
seconds (``host_table.cpu_s``) give one core's rate even on a busy machine, where wall-clock
scaling from 1 to 2 workers says as much about the other processes as about nbprof.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(1, str(REPO / "tests"))

MODES = ("one-frame", "sequential", "dask-1", "dask-2")


def write_logdir(root: Path, hosts: int, events: int) -> Path:
    """The synthetic pod under ``root`` (reused when it is already there with these sizes)."""
    from pod_builder import RUN, host_bytes, host_name

    run = root / "plugins" / "profile" / RUN
    stamp = root / "pod.json"
    wanted = {"hosts": hosts, "events": events}
    if stamp.exists() and json.loads(stamp.read_text()) == wanted:
        return root
    shutil.rmtree(root / "plugins", ignore_errors=True)
    run.mkdir(parents=True)
    ops = 997
    steps = max(1, round(events / (ops + 3)))
    t0 = time.perf_counter()
    data = host_bytes(0, steps=steps, ops_per_step=ops, memory_every=0)
    print(
        f"built one host: {steps * (ops + 3):,} events, {len(data) / 2**20:,.1f} MiB in {time.perf_counter() - t0:.1f} s"
    )
    for i in range(hosts):
        (run / f"{host_name(i)}.xplane.pb").write_bytes(data)
    stamp.write_text(json.dumps(wanted))
    return root


def run_mode(mode: str, logdir: str, one_frame_hosts: int) -> dict:
    """One mode in this process (called in a fresh subprocess)."""
    import pickle

    import psutil

    import nbprof

    me = psutil.Process()
    peak_workers = [0]
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            total = 0
            for child in me.children(recursive=True):
                try:
                    total += child.memory_info().rss
                except psutil.Error:
                    pass
            peak_workers[0] = max(peak_workers[0], total)
            stop.wait(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    t0 = time.perf_counter()
    if mode == "one-frame":
        hosts = [h for h in nbprof.runs(logdir)["host"]][:one_frame_hosts]
        prof = nbprof.load(logdir, host=hosts, reduce_hosts=False)
        events = len(prof.events)
        workers = 1
    else:
        workers = {"sequential": 0, "dask-1": 1, "dask-2": 2}[mode]
        prof = nbprof.load(logdir, reduce_hosts=True, workers=workers, progress=False)
        events = int(prof.host_table["events"].sum())
    loaded_s = time.perf_counter() - t0
    prof.overview()
    prof.pod_viewer()
    prof.input_pipeline()
    prof.framework_op_stats()
    wall_s = time.perf_counter() - t0
    stop.set()
    sampler.join()
    out = {
        "mode": mode,
        "hosts": len(prof.hosts),
        "events": events,
        "workers": max(workers, 1),
        "load_s": loaded_s,
        "wall_s": wall_s,
        "peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        "workers_peak_rss_bytes": peak_workers[0],
        "load_average": os.getloadavg()[0],
    }
    if mode != "one-frame":
        table = prof.host_table
        out["reductions_pickled_bytes"] = len(pickle.dumps(list(prof._reductions.values())))
        out["host_compute_s"] = float((table["read_s"] + table["reduce_s"]).sum())
        out["host_cpu_s"] = float(table["cpu_s"].sum())
        out["computed_on"] = prof.computed_on
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hosts", type=int, default=64)
    parser.add_argument("--events", type=int, default=2_000_000, help="events per host")
    parser.add_argument("--dir", default=None, help="where the synthetic logdir is written (reused)")
    parser.add_argument("--modes", nargs="*", default=list(MODES), choices=MODES)
    parser.add_argument("--one-frame-hosts", type=int, default=4)
    parser.add_argument("--run-mode", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run_mode:
        print(json.dumps(run_mode(args.run_mode, args.dir, args.one_frame_hosts)))
        return
    root = Path(args.dir) if args.dir else Path(tempfile.gettempdir()) / f"nbprof_pod_{args.hosts}x{args.events}"
    write_logdir(root, args.hosts, args.events)
    size = sum(p.stat().st_size for p in root.rglob("*.xplane.pb"))
    print(f"pod: {args.hosts} hosts x {args.events:,} events, {size / 2**30:,.2f} GiB of files in {root}")
    print(f"{'mode':<11} {'hosts':>5} {'events':>13} {'wall s':>8} {'nb peak RSS':>12} {'workers RSS':>12} "
          f"{'returned':>10} {'events/s':>11} {'/s per core':>11}")  # fmt: skip
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    results = []
    for mode in args.modes:
        cmd = [sys.executable, __file__, "--run-mode", mode, "--dir", str(root), "--one-frame-hosts",
               str(args.one_frame_hosts)]  # fmt: skip
        done = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if done.returncode != 0:
            print(f"{mode:<11} failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        results.append(r)
        rate = r["events"] / r["wall_s"]
        returned = (
            f"{r.get('reductions_pickled_bytes', 0) / 2**20:,.1f} MiB" if "reductions_pickled_bytes" in r else "-"
        )
        print(
            f"{mode:<11} {r['hosts']:>5} {r['events']:>13,} {r['wall_s']:>8.1f} {r['peak_rss_bytes'] / 2**20:>9,.0f} MiB "
            f"{r['workers_peak_rss_bytes'] / 2**20:>8,.0f} MiB {returned:>10} {rate:>11,.0f} {rate / r['workers']:>11,.0f}"
        )
    by_mode = {r["mode"]: r for r in results}
    if "dask-1" in by_mode and "dask-2" in by_mode:
        print(f"scaling 1 -> 2 workers: {by_mode['dask-1']['wall_s'] / by_mode['dask-2']['wall_s']:.2f}x (wall)")
    if "one-frame" in by_mode:
        r = by_mode["one-frame"]
        per_host = r["peak_rss_bytes"] / r["hosts"]
        print(f"one frame: {per_host / 2**20:,.0f} MiB peak per host -> about {per_host * args.hosts / 2**30:,.1f} GiB "
              f"for all {args.hosts} hosts in one process")  # fmt: skip
    for r in results:
        if "host_compute_s" in r:
            print(
                f"{r['mode']}: reductions (decode + OpStats, no cluster start or transfer) {r['host_compute_s']:,.0f} s "
                f"wall, {r['host_cpu_s']:,.0f} CPU s: {r['events'] / r['host_cpu_s']:,.0f} events per CPU second "
                f"(one core's rate); {r['host_cpu_s'] / r['wall_s']:.2f} cores busy on average; load average "
                f"{r['load_average']:.1f} at the end; on {r['computed_on']}"
            )


if __name__ == "__main__":
    main()
