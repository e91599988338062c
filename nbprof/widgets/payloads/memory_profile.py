"""Memory profile payload: summary, a down-sampled timeline (peaks kept) and the breakdown at peak."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from nbprof.widgets.payloads._common import column_values, summary_rows, table

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

# timeline payload key -> (candidate frame columns, type)
TIMELINE_FIELDS: dict[str, tuple[tuple[str, ...], str]] = {
    "time_ms": (("time_ms",), "num"),
    "stack": (("stack_bytes", "stack_reserved_bytes", "stack"), "int"),
    "heap": (("heap_bytes", "heap_allocated_bytes", "heap"), "int"),
    "free": (("free_bytes", "free_memory_bytes", "free"), "int"),
    "fragmentation": (("fragmentation",), "num"),
    "kind": (("kind", "activity", "memory_activity"), "str"),
    "requested": (("requested_bytes", "request_bytes"), "int"),
    "allocation": (("allocation_bytes",), "int"),
    "tf_op": (("tf_op", "tf_op_name", "op_name"), "str"),
    "step_id": (("step_id",), "int"),
    "region_type": (("region_type",), "str"),
    "data_type": (("data_type",), "str"),
    "shape": (("shape", "tensor_shape"), "str"),
    "in_use": (("in_use_bytes", "memory_in_use_bytes", "bytes_in_use"), "int"),
}

BREAKDOWN_COLUMNS = [
    ("tf_op", "Op name", "str"), ("allocation_bytes", "Allocation size", "bytes"),
    ("requested_bytes", "Requested size", "bytes"), ("occurrences", "Occurrences", "int"),
    ("region_type", "Region type", "str"), ("data_type", "Data type", "str"), ("shape", "Shape", "str"),
]  # fmt: skip


def _pick(frame: pd.DataFrame, names: tuple[str, ...]) -> str | None:
    return next((n for n in names if n in frame.columns), None)


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
    """Column lists of the (down-sampled) timeline; only the fields the frame has."""
    if frame is None or len(frame) == 0 or _pick(frame, TIMELINE_FIELDS["time_ms"][0]) is None:
        return {}
    cols = {key: _pick(frame, names) for key, (names, _) in TIMELINE_FIELDS.items()}
    ordered = frame.sort_values(cols["time_ms"], kind="stable")
    if cols["in_use"]:
        in_use = pd.to_numeric(ordered[cols["in_use"]], errors="coerce").fillna(0).to_numpy()
    else:
        parts = [
            pd.to_numeric(ordered[cols[k]], errors="coerce").fillna(0).to_numpy() for k in ("stack", "heap") if cols[k]
        ]
        in_use = np.sum(parts, axis=0) if parts else np.zeros(len(ordered))
    rows = sample_indices(in_use)
    sampled = ordered.iloc[rows]
    out: dict[str, Any] = {
        key: column_values(sampled[col], TIMELINE_FIELDS[key][1]) for key, col in cols.items() if col
    }
    if "in_use" not in out:
        out["in_use"] = [int(v) for v in in_use[rows]]
    if len(rows) < len(ordered):
        out["sampled_from"] = int(len(ordered))
    return out


def one(result: Any) -> dict[str, Any]:
    """Payload part of one memory id's result."""
    summary = dict(getattr(result, "summary", {}) or {})
    breakdown = getattr(result, "breakdown", None)
    return {
        "summary": summary_rows(summary, SUMMARY_LABELS),
        "timeline": timeline(getattr(result, "timeline", None)),
        "breakdown": table(breakdown, BREAKDOWN_COLUMNS) if isinstance(breakdown, pd.DataFrame) else None,
    }


def build(result: Any, compute: Callable[[str], Any] | None = None) -> dict[str, Any]:
    """Payload of ``prof.memory_profile()``; ``compute(memory_id)`` adds the other memory ids."""
    ids = [str(i) for i in (getattr(result, "memory_ids", None) or [])]
    if not ids:
        return {"memory_ids": [], "reason": "no memory profile data (no allocator events) in this profile"}
    selected = str(getattr(result, "memory_id", None) or ids[0])
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
    from nbprof.widgets.payloads._common import notes_of

    return {"memory_ids": shown, "selected": selected, "profiles": profiles, "notes": notes + notes_of(result)}
