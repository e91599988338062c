"""Huge synthetic profiles for the trace viewer's tests and benchmarks, built vectorised.

``build_trace_profile(n_events)`` returns a real ``nbprof.Profile`` whose frames follow
docs/frames.md: devices with Steps / XLA Ops / stream lines, host threads with events nested
by depth, host launches and device kernels sharing a ``correlation_id`` (flows), a memory
line whose ``bytes_allocated`` makes a counter track, and a few names with HTML in them.
Every event of a line is a node of a k-ary tree, so nesting, ``parent`` and ``self_ps`` are
exact. 10 million events take about 10 s and 2 GB.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from nbprof.profile import Profile

HTML_NAMES = ["<b>bold_op</b>", "<img src=x onerror=alert(1)>", "a&amp;b <script>x</script>"]


@dataclass
class _LineSpec:
    plane: str
    plane_id: int
    line: str
    line_id: int
    top: int  # top-level events
    branching: int
    depth: int  # deepest depth (0 = flat)
    vocab: str  # name prefix


def _tree(spec: _LineSpec, span_ps: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Events of one line: a forest of k-ary trees, in (start asc, duration desc) order."""
    slot = span_ps // spec.top
    start = np.arange(spec.top, dtype=np.int64) * slot + rng.integers(0, max(slot // 20, 1), spec.top)
    dur = (slot * rng.uniform(0.55, 0.92, spec.top)).astype(np.int64)
    starts, durs, depths, parents = [start], [dur], [np.zeros(spec.top, np.int32)], [np.full(spec.top, -1)]
    offset = 0
    for d in range(1, spec.depth + 1):
        p_start, p_dur = starts[-1], durs[-1]
        k = spec.branching
        child_slot = np.repeat(p_dur // k, k)
        j = np.tile(np.arange(k, dtype=np.int64), len(p_start))
        c_start = np.repeat(p_start, k) + j * child_slot + (child_slot * rng.uniform(0, 0.05, len(j))).astype(np.int64)
        c_dur = np.maximum((child_slot * rng.uniform(0.3, 0.9, len(j))).astype(np.int64), 1)
        parents.append(np.repeat(np.arange(len(p_start)) + offset, k))
        offset += len(p_start)
        starts.append(c_start)
        durs.append(c_dur)
        depths.append(np.full(len(c_start), d, np.int32))
    start = np.concatenate(starts)
    dur = np.concatenate(durs)
    depth = np.concatenate(depths)
    parent = np.concatenate(parents)
    order = np.lexsort((depth, start))  # a parent starts before (or with) its children
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    parent = np.where(parent >= 0, rank[np.maximum(parent, 0)], -1)[order]
    start, dur, depth = start[order], dur[order], depth[order]
    child_sum = np.bincount(parent[parent >= 0], weights=dur[parent >= 0], minlength=len(start)).astype(np.int64)
    name_ids = rng.zipf(1.3, len(start)) % 997
    return {"start": start, "dur": dur, "depth": depth, "parent": parent, "self": dur - child_sum, "name_id": name_ids}


def _line_specs(n_events: int, n_devices: int, host_threads: int) -> list[_LineSpec]:
    """Lines sized so that their events add up to about ``n_events``."""
    shapes = []  # (plane, plane_id, line, line_id, weight, branching, depth, vocab)
    for dev in range(n_devices):
        plane = f"/device:GPU:{dev}"
        shapes += [
            (plane, dev + 1, "Steps", 1, 0.0005, 1, 0, "step"),
            (plane, dev + 1, "XLA Ops", 2, 0.3 / n_devices, 4, 2, "fusion"),
            (plane, dev + 1, "Stream #7", 7, 0.1 / n_devices, 1, 0, "kernel"),
        ]
    for t in range(host_threads):
        shapes.append(("/host:CPU", 0, f"python3/{1000 + t}", 1000 + t, 0.6 / host_threads, 3, 5, "py"))
    specs = []
    for plane, pid, line, lid, weight, k, depth, vocab in shapes:
        per_tree = sum(k**d for d in range(depth + 1))
        top = max(int(n_events * weight / per_tree), 2)
        specs.append(_LineSpec(plane, pid, line, lid, top, k, depth, vocab))
    return specs


def build_trace_profile(
    n_events: int = 1_000_000,
    *,
    n_devices: int = 2,
    host_threads: int = 4,
    span_ps: int = 10_000_000_000_000,  # 10 s
    seed: int = 0,
    memory_events: int = 2_000,
) -> Profile:
    """A synthetic ``Profile`` with about ``n_events`` events (see module docstring)."""
    rng = np.random.default_rng(seed)
    specs = _line_specs(n_events, n_devices, host_threads)
    parts = []
    for spec in specs:
        ev = _tree(spec, span_ps, rng)
        parts.append((spec, ev))
    # The memory line: zero-duration allocation events with a random-walk bytes_allocated.
    mem_start = np.sort(rng.integers(0, span_ps, memory_events)).astype(np.int64)
    mem_bytes = np.cumsum(rng.integers(-4096, 4200, memory_events)) + 1 << 20
    mem = {
        "start": mem_start,
        "dur": np.zeros(memory_events, np.int64),
        "depth": np.zeros(memory_events, np.int32),
        "parent": np.full(memory_events, -1),
        "self": np.zeros(memory_events, np.int64),
        "name_id": np.zeros(memory_events, np.int64),
    }
    mem_spec = _LineSpec("/host:CPU", 0, "memory", 900, memory_events, 1, 0, "MemoryAllocation")
    device_parts = [p for p in parts if p[0].plane.startswith("/device")]
    host_parts = [p for p in parts if not p[0].plane.startswith("/device")]
    ordered = device_parts + host_parts[:1] + [(mem_spec, mem)] + host_parts[1:]
    ordered.sort(key=lambda p: (p[0].plane != "/host:CPU", p[0].plane))  # host plane first, like files

    names: list[str] = []
    name_index: dict[str, int] = {}

    def code(label: str) -> int:
        if label not in name_index:
            name_index[label] = len(names)
            names.append(label)
        return name_index[label]

    cols: dict[str, list[np.ndarray]] = {
        k: []
        for k in (
            "plane",
            "plane_id",
            "line",
            "line_id",
            "name",
            "start_ps",
            "duration_ps",
            "depth",
            "parent",
            "self_ps",
            "correlation_id",
            "bytes_allocated",
        )
    }
    plane_names, line_names = [], []
    row0 = 0
    launch_ids: np.ndarray | None = None
    for spec, ev in ordered:
        n = len(ev["start"])
        if spec.vocab == "MemoryAllocation":
            vocab = np.array([code("MemoryAllocation")])
        else:
            vocab = np.array([code(f"{spec.vocab}_{i}") for i in range(997)])
            vocab[:3] = [code(s) for s in HTML_NAMES]  # frequent enough to be seen
        name_codes = vocab[ev["name_id"] % len(vocab)]
        corr = np.full(n, -1, np.int64)
        if spec.line.startswith("Stream") and launch_ids is None:
            corr = np.arange(1, n + 1, dtype=np.int64)
            launch_ids = corr
        cols["name"].append(name_codes)
        cols["start_ps"].append(ev["start"])
        cols["duration_ps"].append(ev["dur"])
        cols["depth"].append(ev["depth"])
        cols["parent"].append(np.where(ev["parent"] >= 0, ev["parent"] + row0, -1))
        cols["self_ps"].append(ev["self"])
        cols["correlation_id"].append(corr)
        cols["bytes_allocated"].append(mem_bytes if spec.vocab == "MemoryAllocation" else np.full(n, -1, np.int64))
        cols["plane"].append(np.full(n, _index(plane_names, spec.plane), np.int32))
        cols["plane_id"].append(np.full(n, spec.plane_id, np.int64))
        cols["line"].append(np.full(n, _index(line_names, spec.line), np.int32))
        cols["line_id"].append(np.full(n, spec.line_id, np.int64))
        row0 += n
    flat = {k: np.concatenate(v) for k, v in cols.items()}
    n_total = len(flat["start_ps"])
    corr = flat["correlation_id"]
    # Host launches: the deepest events of the first host thread get the device kernels' ids.
    if launch_ids is not None:
        host_rows = np.flatnonzero(
            (flat["plane"] == plane_names.index("/host:CPU"))
            & (flat["line"] == line_names.index("python3/1000"))
            & (flat["depth"] == flat["depth"].max())
        )
        m = min(len(host_rows), len(launch_ids))
        corr[host_rows[:m]] = launch_ids[:m]
        flat["name"][host_rows[:m]] = code("cudaLaunchKernel")
    events = pd.DataFrame(
        {
            "host": pd.Categorical.from_codes(np.zeros(n_total, np.int8), ["synthetic"]),
            "plane": pd.Categorical.from_codes(flat["plane"], plane_names),
            "plane_id": flat["plane_id"],
            "line": pd.Categorical.from_codes(flat["line"], line_names),
            "line_id": flat["line_id"],
            "display_name": pd.Categorical.from_codes(np.zeros(n_total, np.int8), [""]),
            "name": pd.Categorical.from_codes(flat["name"].astype(np.int32), names),
            "metadata_id": flat["name"].astype(np.int64),
            "start_ps": flat["start_ps"],
            "duration_ps": flat["duration_ps"],
            "end_ps": flat["start_ps"] + flat["duration_ps"],
            "depth": flat["depth"].astype(np.int32),
            "parent": flat["parent"].astype(np.int64),
            "self_ps": flat["self_ps"],
            "num_occurrences": np.zeros(n_total, np.int64),
            "aggregated": np.zeros(n_total, bool),
            "correlation_id": pd.array(np.where(corr >= 0, corr, 0), dtype="Int64"),
            "bytes_allocated": pd.array(flat["bytes_allocated"], dtype="Int64"),
            "allocator_name": pd.Categorical.from_codes(
                np.where(flat["bytes_allocated"] >= 0, 0, -1).astype(np.int8), ["bfc_allocator"]
            ),
        }
    )
    events.loc[corr < 0, "correlation_id"] = pd.NA
    events.loc[flat["bytes_allocated"] < 0, "bytes_allocated"] = pd.NA
    stats = _stats_frame(events)
    lines = (
        events.groupby(["plane", "plane_id", "line", "line_id"], observed=True, sort=False)
        .agg(num_events=("start_ps", "size"), duration_ps=("end_ps", "max"))
        .reset_index()
    )
    lines.insert(0, "host", "synthetic")
    lines["display_id"] = lines["line_id"]
    lines["name"] = lines.pop("line").astype(str)
    lines["display_name"] = ""
    lines["timestamp_ns"] = 0
    planes = (
        events.groupby(["plane", "plane_id"], observed=True, sort=False)
        .agg(num_events=("start_ps", "size"), num_lines=("line_id", "nunique"))
        .reset_index()
        .rename(columns={"plane": "name"})
    )
    planes.insert(0, "host", "synthetic")
    return Profile(
        events=events,
        _stats_frame=stats,
        planes=planes,
        lines=lines,
        event_metadata=pd.DataFrame(),
        stat_metadata=pd.DataFrame(),
        origin_ns=1_700_000_000_000_000_000,
        origin_source="synthetic",
        hosts=["synthetic"],
        paths=["<synthetic>"],
    )


def _index(items: list[str], item: str) -> int:
    if item not in items:
        items.append(item)
    return items.index(item)


def _stats_frame(events: pd.DataFrame) -> pd.DataFrame:
    """Long-form stats for the events that carry a promoted stat (ordered by event)."""
    frames = []
    for col in ("correlation_id", "bytes_allocated"):
        rows = np.flatnonzero(events[col].notna().to_numpy())
        frames.append(
            pd.DataFrame(
                {"event": rows, "name": col, "value": events[col].to_numpy()[rows].astype(object), "source": "event"}
            )
        )
    stats = pd.concat(frames, ignore_index=True).sort_values("event", kind="stable", ignore_index=True)
    stats["name"] = stats["name"].astype("category")
    stats["source"] = stats["source"].astype("category")
    return stats
