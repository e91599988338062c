"""Memory profile payload: summary, a down-sampled timeline (peaks kept) and the breakdown at peak.

Reads ``MemoryProfile`` (nbprof.tools.memory_profile): ``memory_id``, ``memory_ids``, ``message``,
``summary`` (keys below), ``timeline`` (``time_ms``, ``kind``, ``stack_bytes``, ``heap_bytes``,
``free_bytes``, ``in_use_bytes``, ``fragmentation``, ``requested_bytes``, ``allocation_bytes``, ``tf_op``,
``step_id``, ``region_type``, ``data_type``, ``shape``) and ``breakdown`` (``tf_op``, ``allocation_bytes``,
``requested_bytes``, ``occurrences``, ``region_type``, ``data_type``, ``shape``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from nbprof.tools.memory_profile import MemoryProfile
from nbprof.units import format_bytes
from nbprof.widgets.payloads._common import HIDDEN, column_values, notes_of, summary_rows, table

MAX_POINTS = 2000  # timeline samples sent to the chart
MAX_MEMORY_IDS = 8

SUMMARY_LABELS = {
    "num_allocations": "#Allocations", "num_deallocations": "#Deallocations",
    "capacity_bytes": "Memory capacity", "peak_heap_lifetime_bytes": "Peak heap usage since program start",
    "peak_bytes_in_use": "Peak memory usage in the profiling interval", "peak_time_ps": "Timestamp of the peak",
    "peak_stack_bytes": "Stack reserved at peak", "peak_heap_bytes": "Heap allocated at peak",
    "peak_free_bytes": "Free memory at peak", "peak_fragmentation": "Fragmentation at peak",
    "peak_offset_ps": "Peak offset from the profile start", "peak_event": "Event at the peak (row of prof.events)",
}  # fmt: skip

# timeline payload key -> (timeline column, type)
TIMELINE_FIELDS: dict[str, tuple[str, str]] = {
    "time_ms": ("time_ms", "num"), "stack": ("stack_bytes", "int"), "heap": ("heap_bytes", "int"),
    "free": ("free_bytes", "int"), "fragmentation": ("fragmentation", "num"), "kind": ("kind", "str"),
    "requested": ("requested_bytes", "int"), "allocation": ("allocation_bytes", "int"), "tf_op": ("tf_op", "str"),
    "step_id": ("step_id", "int"), "region_type": ("region_type", "str"), "data_type": ("data_type", "str"),
    "shape": ("shape", "str"), "in_use": ("in_use_bytes", "int"),
}  # fmt: skip

BREAKDOWN_COLUMNS = [
    ("tf_op", "Op name", "name"), ("allocation_bytes", "Allocation size", "bytes"),
    ("requested_bytes", "Requested size", "bytes"), ("occurrences", "Occurrences", "int"),
    ("shape", "Shape", "str"), ("data_type", "Data type", "str"), ("region_type", "Region type", "str", HIDDEN),
]  # fmt: skip


def sample_indices(in_use: np.ndarray, max_points: int = MAX_POINTS) -> np.ndarray:
    """Row positions to draw: per bucket of consecutive events the one with the most memory in use,
    plus the first and last events, so peaks survive the down-sampling."""
    n = len(in_use)
    if n <= max_points:
        return np.arange(n)
    bucket = np.arange(n) // int(np.ceil(n / max_points))
    order = pd.Series(in_use).groupby(bucket).idxmax().to_numpy()
    return np.unique(np.concatenate([[0, n - 1], order]))


def timeline(frame: pd.DataFrame) -> dict[str, Any]:
    """Column lists of the (down-sampled) timeline, in time order."""
    if len(frame) == 0:
        return {}
    ordered = frame.sort_values("time_ms", kind="stable")
    rows = sample_indices(ordered["in_use_bytes"].to_numpy())
    sampled = ordered.iloc[rows]
    out: dict[str, Any] = {
        key: column_values(sampled[column], kind)
        for key, (column, kind) in TIMELINE_FIELDS.items()
        if column in sampled.columns
    }
    if len(rows) < len(ordered):
        out["sampled_from"] = int(len(ordered))
    return out


def advice(result: MemoryProfile) -> str:
    """One plain sentence: the peak against capacity and the largest allocation live at the peak."""
    s = result.summary
    peak, capacity = s["peak_bytes_in_use"], s.get("capacity_bytes") or 0
    pct = 100 * peak / capacity if capacity else 0.0
    share = f" ({pct:.0f}% of the {format_bytes(capacity)} capacity)" if pct >= 1 else ""
    share = f" (under 1% of the {format_bytes(capacity)} capacity)" if capacity and pct < 1 else share
    text = f"Memory in use peaks at {format_bytes(peak)}{share}"
    breakdown = result.breakdown
    if len(breakdown):
        largest = breakdown.loc[breakdown["allocation_bytes"].idxmax()]
        op = str(largest["tf_op"]) or "an unnamed op"
        text += f"; the largest allocation live then is {format_bytes(largest['allocation_bytes'])} for {op}"
    return text + "."


def one(result: MemoryProfile) -> dict[str, Any]:
    """Payload part of one memory id's result."""
    return {
        "advice": advice(result),
        "summary": summary_rows(result.summary, SUMMARY_LABELS),
        "timeline": timeline(result.timeline),
        "breakdown": table(result.breakdown, BREAKDOWN_COLUMNS),
    }


def build(result: MemoryProfile, compute: Callable[[str], MemoryProfile] | None = None) -> dict[str, Any]:
    """Payload of ``prof.memory_profile()``; ``compute(memory_id)`` adds the other memory ids."""
    ids = [str(i) for i in result.memory_ids]
    if not ids or result.memory_id is None:
        return {
            "memory_ids": [],
            "reason": result.message or "no memory profile data (no allocator events) in this profile",
            "notes": notes_of(result),
        }
    selected = str(result.memory_id)
    profiles = {selected: one(result)}
    if compute is not None:
        for memory_id in ids[:MAX_MEMORY_IDS]:
            if memory_id not in profiles:
                profiles[memory_id] = one(compute(memory_id))
    shown = [i for i in ids if i in profiles]
    notes = (
        []
        if len(shown) == len(ids)
        else [f"{len(ids) - len(shown)} more memory ids: use prof.memory_profile(memory_id=...)."]
    )
    return {
        "memory_ids": shown,
        "selected": selected,
        "profiles": profiles,
        "notes": notes + notes_of(result),
    }
