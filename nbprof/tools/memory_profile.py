"""XProf's memory profile: an allocator's memory over time and what was live at its peak.

``memory_profile(profile, memory_id=None)`` reads the allocator events TensorFlow and
JAX/PJRT write on the host plane (``MemoryAllocation`` / ``MemoryDeallocation`` on
``/host:CPU``, with ``bytes_reserved``, ``bytes_allocated``, ``bytes_available``,
``fragmentation``, ``peak_bytes_in_use``, ``requested_bytes``, ``allocation_bytes``,
``addr``, ``tf_op``, ``region_type``, ``data_type``, ``shape`` stats) and computes, for one
allocator (a memory id: ``allocator_name``, else ``index_on_host`` / ``device_ordinal``),
what XProf's ``xplane_to_memory_profile.cc`` computes:

- ``summary``: counts, capacity, lifetime peak heap, the peak of stack + heap inside the
  profile with its time (``peak_time_ps``, ps since ``profile.origin_ns``; ``peak_offset_ps``
  is XProf's number, relative to the event's line) and the stack / heap / free /
  fragmentation there;
- ``timeline``: one row per allocator event, in time order (all events; XProf's view
  down-samples to 1000 with a max filter: ``sampled_timeline()``);
- ``breakdown``: the allocations live at the peak, restricted to the peak's step as XProf
  does, identical rows merged with an occurrence count, largest first; heap not accounted
  for by those allocations is one ``unused preallocated device memory`` row and the stack
  reservation one ``stack`` row.
Step ids come from each event's ``group_id`` (grouped as XProf groups TF events when the
file is not grouped yet); an event without one takes the previous event's step + 1.
Sizes are bytes, times int64 ps. Profiles without allocator events give a result that
says so (``available`` False), never an error.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.opstats import OpStats
from nbprof.opstats import event_columns as ec
from nbprof.tools._result import ToolResult
from nbprof.xspace import semantics as xs

EVENT_NAMES = ("MemoryAllocation", "MemoryDeallocation")
MAX_TIMELINE_SNAPSHOTS = 1000
UNUSED_PREALLOCATED = "unused preallocated device memory"

# TensorFlow DataType enum -> DataTypeString (tensorflow/core/framework/types.proto).
_TF_DTYPES = {
    0: "INVALID",
    1: "float",
    2: "double",
    3: "int32",
    4: "uint8",
    5: "int16",
    6: "int8",
    7: "string",
    8: "complex64",
    9: "int64",
    10: "bool",
    11: "qint8",
    12: "quint8",
    13: "qint32",
    14: "bfloat16",
    15: "qint16",
    16: "quint16",
    17: "uint16",
    18: "complex128",
    19: "half",
    20: "resource",
    21: "variant",
    22: "uint32",
    23: "uint64",
    24: "float8_e5m2",
    25: "float8_e4m3fn",
    26: "float8_e4m3fnuz",
    27: "float8_e4m3b11fnuz",
    28: "float8_e5m2fnuz",
    29: "int4",
    30: "uint4",
}

_EVENT_COLUMNS = {
    "host",
    "plane",
    "plane_id",
    "line_id",
    "name",
    "start_ps",
    "allocator_name",
    "device_ordinal",
    "bytes_reserved",
    "bytes_allocated",
    "bytes_available",
    "fragmentation",
    "peak_bytes_in_use",
    "requested_bytes",
    "allocation_bytes",
    "addr",
    "tf_op",
    "region_type",
    "data_type",
    "shape",
    "group_id",
}
TIMELINE_COLUMNS = [
    "time_ps",
    "time_ms",
    "offset_ps",
    "kind",
    "stack_bytes",
    "heap_bytes",
    "in_use_bytes",
    "free_bytes",
    "fragmentation",
    "peak_bytes_in_use",
    "requested_bytes",
    "allocation_bytes",
    "address",
    "tf_op",
    "step_id",
    "region_type",
    "data_type",
    "shape",
    "event",
]
BREAKDOWN_COLUMNS = [
    "tf_op",
    "allocation_bytes",
    "requested_bytes",
    "occurrences",
    "region_type",
    "data_type",
    "shape",
    "step_id",
    "special",
]


class MemoryProfileError(NbprofError):
    """The memory profile cannot show what was asked (an unknown memory id)."""


class MemoryProfile(ToolResult):
    """One allocator's memory profile (sizes in bytes, times in ps)."""

    tool = "memory_profile"
    frame_names = ("timeline", "breakdown")

    def __init__(
        self,
        memory_id: str | None,
        memory_ids: list[str],
        summary: dict[str, Any],
        timeline: pd.DataFrame,
        breakdown: pd.DataFrame,
        host: str | None = None,
        message: str = "",
        notes: list[str] | None = None,
    ) -> None:
        self.memory_id = memory_id
        self.memory_ids = memory_ids
        self.summary = summary
        self.timeline = timeline
        self.breakdown = breakdown
        self.host = host
        self.message = message
        self.notes = list(notes or [])

    @property
    def available(self) -> bool:
        return self.memory_id is not None

    def sampled_timeline(self, max_points: int = MAX_TIMELINE_SNAPSHOTS) -> pd.DataFrame:
        """The timeline down-sampled as XProf's chart does (max of stack + heap per box)."""
        return sample_timeline(self.timeline, max_points)

    def summary_text(self) -> str:
        if not self.available:
            return f"<MemoryProfile: {self.message}>"
        s = self.summary
        gib = 1 << 30
        return (
            f"<MemoryProfile memory_id={self.memory_id!r} of {self.memory_ids}: "
            f"{s['num_allocations']:,} allocations, {s['num_deallocations']:,} deallocations; "
            f"peak {s['peak_bytes_in_use'] / gib:,.3f} GiB (stack {s['peak_stack_bytes'] / gib:,.3f}, "
            f"heap {s['peak_heap_bytes'] / gib:,.3f}) at {s['peak_time_ps'] / 1e9:,.3f} ms; "
            f"capacity {s['capacity_bytes'] / gib:,.3f} GiB; {len(self.breakdown)} rows at peak>"
        )


# ---------------------------------------------------------------------- entry point
def memory_profile(op_stats: OpStats, memory_id: str | None = None, host: str | None = None) -> MemoryProfile:
    """The memory profile of one allocator (default: the first memory id, sorted as XProf).

    ``host`` picks a host of a multi-host profile (default: the first with allocator events);
    its own OpStats gives the step ids (XProf refuses several files here).
    """
    profile = op_stats.frames
    no_data = (
        "no memory profile data: the profile has no MemoryAllocation/MemoryDeallocation events on "
        "/host:CPU (TensorFlow writes them when profiling with memory tracking; JAX on CPU does not)"
    )
    if not set(EVENT_NAMES) & profile.event_names_on(xs.HOST_PLANE):  # known before the frames are built
        return _empty(no_data)
    ev = profile.events
    is_memory = ev["name"].isin(EVENT_NAMES).to_numpy() & (ev["plane"] == xs.HOST_PLANE).to_numpy()
    if not is_memory.any():
        return _empty(no_data)
    hosts = list(dict.fromkeys(ec.str_column(ev, "host", np.flatnonzero(is_memory)).tolist()))
    if host is None:
        host = hosts[0]
    elif host not in hosts:
        raise MemoryProfileError(f"no allocator events for host {host!r} (hosts with memory data: {hosts})")
    profile_hosts = list(op_stats.hosts)
    if len(profile_hosts) > 1:
        # one host's allocator, as XProf (it reads one file): that host's own OpStats and steps
        op_stats = op_stats.for_host(host)
        profile = op_stats.frames
        ev = profile.events
        is_memory = ev["name"].isin(EVENT_NAMES).to_numpy() & (ev["plane"] == xs.HOST_PLANE).to_numpy()
    is_memory &= (ev["host"] == host).to_numpy()
    rows = np.flatnonzero(is_memory)
    mem = ev.iloc[rows, [ev.columns.get_loc(c) for c in ev.columns if c in _EVENT_COLUMNS]]
    ids = _memory_ids(profile, mem).fillna("")  # XProf's id is "" when no stat names the allocator
    memory_ids = sorted(ids.unique().tolist())
    if memory_id is None:
        memory_id = memory_ids[0]
    elif str(memory_id) not in memory_ids:
        raise MemoryProfileError(f"no memory id {memory_id!r} in this profile (available: {memory_ids})")
    memory_id = str(memory_id)
    chosen = (ids == memory_id).to_numpy()
    steps, step_source = _group_ids(op_stats, rows[chosen])
    frame = _snapshots(profile, mem[chosen], steps)
    summary = _summary(frame)
    timeline = _timeline(frame)
    breakdown = _breakdown(timeline, summary)
    notes = [f"step ids: {step_source}"]
    if len(profile_hosts) > 1:
        notes.append(
            f"host {host!r} of {profile_hosts} (with allocator events: {hosts}); XProf's memory profile "
            "reads one file only; pass host= for another"
        )
    return MemoryProfile(memory_id, memory_ids, summary, timeline, breakdown, host=host, notes=notes)


def _empty(message: str) -> MemoryProfile:
    timeline = pd.DataFrame({c: pd.Series(dtype="object") for c in TIMELINE_COLUMNS})
    breakdown = pd.DataFrame({c: pd.Series(dtype="object") for c in BREAKDOWN_COLUMNS})
    summary = {
        "num_allocations": 0,
        "num_deallocations": 0,
        "peak_bytes_in_use": 0,
        "peak_time_ps": 0,
        "peak_heap_bytes": 0,
        "peak_stack_bytes": 0,
        "peak_free_bytes": 0,
        "peak_fragmentation": 0.0,
        "capacity_bytes": 0,
        "message": message,
    }
    return MemoryProfile(None, [], summary, timeline, breakdown, message=message)


# ------------------------------------------------------------------- event columns
def _memory_ids(profile: Any, mem: pd.DataFrame) -> pd.Series:
    """Memory id of each allocator event: ``allocator_name``, else index_on_host / device_ordinal."""
    ids = pd.Series(pd.NA, index=mem.index, dtype="object")
    if "allocator_name" in mem:
        name = mem["allocator_name"].astype("string")
        ids = ids.where(name.isna(), name.astype(object))
    missing = ids.isna().to_numpy()
    if missing.any():
        values, present = xs.stat_values(profile, "index_on_host", mem.index[missing].to_numpy())
        index_on_host = pd.Series(np.where(present, values, None), index=mem.index[missing], dtype=object)
        if "device_ordinal" in mem:
            ordinal = mem["device_ordinal"][missing]
            fallback = ordinal.where(ordinal.notna(), pd.NA)
        else:
            fallback = pd.Series(pd.NA, index=mem.index[missing], dtype="object")
        fallback = fallback.astype(object)
        found = index_on_host.reindex(mem.index[missing])
        fallback = found.where(found.notna(), fallback)
        text = pd.to_numeric(fallback, errors="coerce").astype("Int64").astype("string")
        ids.loc[missing] = text.astype(object).to_numpy()
    return ids


def _group_ids(op_stats: OpStats, rows: np.ndarray) -> tuple[np.ndarray, str]:
    """Step (group) id of each allocator event, -1 where none; and where the ids came from.

    The ids are the step db's (``OpStats.event_groupings``, without the steps' breakdown): the
    file's own ``group_id`` stats where it has them, else XProf's grouping of the host's events.
    """
    groupings = op_stats.event_groupings
    source = "; ".join(f"step groups: {s}" for s in groupings.sources) or "step db"
    return groupings.event_groups[rows], f"the step db's groups ({source})"


def _line_zero_ps(profile: Any, mem: pd.DataFrame) -> np.ndarray:
    """Where each event's line timestamp lies on nbprof's time axis (ps), to give XProf's offsets."""
    lines = profile.lines
    host = str(mem["host"].iloc[0]) if len(mem) else ""
    mine = (lines["host"].to_numpy(object) == host) & (lines["plane"].to_numpy(object) == xs.HOST_PLANE)
    line_ids, first = np.unique(lines["line_id"].to_numpy(np.int64)[mine], return_index=True)  # first wins
    line_ts = lines["timestamp_ns"].to_numpy(np.int64)[mine][first]
    wanted = mem["line_id"].to_numpy(np.int64)
    at = np.minimum(np.searchsorted(line_ids, wanted), max(len(line_ids) - 1, 0))
    found = (line_ids[at] == wanted) if len(line_ids) else np.zeros(len(wanted), bool)
    line_ns = np.where(found, line_ts[at] if len(line_ids) else 0, 0).astype(np.int64)
    return (line_ns + _timestamp_base_ns(profile, mem) - int(profile.origin_ns)) * 1000


def _timestamp_base_ns(profile: Any, mem: pd.DataFrame) -> np.ndarray:
    """What the loader added to line timestamps to make them wall-clock ns, per event.

    Relative line timestamps are anchored at the host's Task Environment
    ``profile_start_time`` when there is one (see docs/frames.md, ``origin_ns``).
    """
    source = str(getattr(profile, "origin_source", ""))
    if "relative" not in source or "no Task Environment" in source:
        return np.zeros(len(mem), np.int64)
    planes = profile.planes
    if "profile_start_time" not in planes:
        return np.zeros(len(mem), np.int64)
    task = planes[(planes["name"] == xs.TASK_ENV_PLANE).to_numpy()]
    start = pd.to_numeric(task["profile_start_time"], errors="coerce")
    first: dict[str, Any] = {}  # the first known start per host (a few planes)
    for host, value in zip(task["host"].astype(str).tolist(), start.tolist()):
        if host not in first and not pd.isna(value):
            first[host] = value
    hosts, host_of_event = np.unique(mem["host"].astype(str).to_numpy(object), return_inverse=True)
    base = np.array([int(first.get(h, profile.origin_ns)) for h in hosts], dtype=np.int64)
    return base[host_of_event.reshape(-1)] if len(hosts) else np.zeros(len(mem), np.int64)


# A byte count of 2^60 (1 EiB) or more is no allocator's: a corrupt stat, read as 0 so that sums
# of a few of them (stack + heap + free) stay within int64.
_MAX_BYTES = 2**60


def _int(mem: pd.DataFrame, name: str) -> np.ndarray:
    if name not in mem:
        return np.zeros(len(mem), np.int64)
    values = pd.to_numeric(mem[name], errors="coerce").fillna(0).to_numpy(np.int64)
    values[(values >= _MAX_BYTES) | (values <= -_MAX_BYTES)] = 0
    return values


def _text(mem: pd.DataFrame, name: str) -> np.ndarray:
    if name not in mem:
        return np.full(len(mem), "", dtype=object)
    values = mem[name].to_numpy(dtype=object)
    values[pd.isna(values)] = ""
    return values


def _snapshots(profile: Any, mem: pd.DataFrame, steps: np.ndarray) -> pd.DataFrame:
    """One row per allocator event, in file order, with XProf's snapshot fields."""
    dtype_codes = pd.to_numeric(mem["data_type"], errors="coerce") if "data_type" in mem else None
    if dtype_codes is None:
        data_type = np.full(len(mem), "INVALID", dtype=object)
    else:
        codes = dtype_codes.fillna(0).to_numpy(np.int64)
        uniq, inverse = np.unique(codes, return_inverse=True)
        data_type = np.array([_dtype_name(int(c)) for c in uniq], dtype=object)[inverse.reshape(-1)]
    frag = mem["fragmentation"] if "fragmentation" in mem else pd.Series(0.0, index=mem.index)
    start = mem["start_ps"].to_numpy(np.int64)
    frame = pd.DataFrame(
        {
            "time_ps": start,
            "offset_ps": start - _line_zero_ps(profile, mem),
            "kind": np.where(mem["name"].astype(str).to_numpy() == "MemoryAllocation", "allocation", "deallocation"),
            "stack_bytes": _int(mem, "bytes_reserved"),
            "heap_bytes": _int(mem, "bytes_allocated"),
            "free_bytes": _int(mem, "bytes_available"),
            "fragmentation": pd.to_numeric(frag, errors="coerce").fillna(0.0).to_numpy(np.float64),
            "peak_bytes_in_use": _int(mem, "peak_bytes_in_use"),
            "requested_bytes": _int(mem, "requested_bytes"),
            "allocation_bytes": _int(mem, "allocation_bytes"),
            "address": pd.to_numeric(mem["addr"], errors="coerce").fillna(0).to_numpy(np.int64)
            if "addr" in mem
            else np.zeros(len(mem), np.int64),
            "tf_op": _text(mem, "tf_op"),
            "group_id": steps,
            "region_type": _text(mem, "region_type"),
            "data_type": data_type,
            "shape": _text(mem, "shape"),
            "event": mem.index.to_numpy(np.int64),
        }
    )
    frame["in_use_bytes"] = frame["stack_bytes"] + frame["heap_bytes"]
    return frame


def _dtype_name(code: int) -> str:
    if code > 100:
        base = _TF_DTYPES.get(code - 100)
        return f"{base}_ref" if base else f"unknown dtype enum ({code})"
    return _TF_DTYPES.get(code, f"unknown dtype enum ({code})")


# ------------------------------------------------------------------ XProf's steps
def _summary(frame: pd.DataFrame) -> dict[str, Any]:
    """Peak of stack + heap within the profile (the last event, in file order, reaching it)."""
    in_use = frame["in_use_bytes"].to_numpy()
    peak_value = int(in_use.max())
    peak_row = int(np.flatnonzero(in_use == peak_value)[-1])
    peak = frame.iloc[peak_row]
    kinds = frame["kind"].to_numpy()
    return {
        "num_allocations": int((kinds == "allocation").sum()),
        "num_deallocations": int((kinds == "deallocation").sum()),
        "capacity_bytes": int(peak["stack_bytes"] + peak["heap_bytes"] + peak["free_bytes"]),
        "peak_heap_lifetime_bytes": int(frame["peak_bytes_in_use"].iloc[-1]),
        "peak_bytes_in_use": peak_value,
        "peak_time_ps": int(peak["time_ps"]),
        "peak_offset_ps": int(peak["offset_ps"]),
        "peak_stack_bytes": int(peak["stack_bytes"]),
        "peak_heap_bytes": int(peak["heap_bytes"]),
        "peak_free_bytes": int(peak["free_bytes"]),
        "peak_fragmentation": float(peak["fragmentation"]),
        "peak_event": int(peak["event"]),
    }


def _timeline(frame: pd.DataFrame) -> pd.DataFrame:
    """Events sorted by XProf's time (line offset), steps filled in, deallocations named (on arrays,
    one frame at the end)."""
    order = np.argsort(frame["offset_ps"].to_numpy(), kind="stable")
    columns = {c: frame[c].to_numpy()[order] for c in frame.columns}
    group = columns.pop("group_id").astype(np.int64)
    valid = group >= 0
    # a step-less event takes the step after the last event with one (-1 + 1 = 0 before any)
    last = np.where(valid, np.arange(len(group)), -1)
    np.maximum.accumulate(last, out=last)
    last_valid = np.where(last >= 0, group[np.maximum(last, 0)], -1)
    columns["step_id"] = np.where(valid, group, last_valid + 1)
    _name_deallocations(columns)
    columns["time_ms"] = columns["time_ps"] / 1e9
    return pd.DataFrame({c: columns[c] for c in TIMELINE_COLUMNS})


def _segment_keys(address: np.ndarray, is_dealloc: np.ndarray) -> np.ndarray:
    """Per row (time order): one int per (address, number of its deallocations before the row).

    After any deallocation of an address nothing is allocated there, so the rows sharing a
    key are one allocate ... free episode of that address.
    """
    codes = pd.factorize(address)[0].astype(np.int64)
    d = is_dealloc.astype(np.int64)
    before = pd.Series(d).groupby(codes).cumsum().to_numpy(np.int64) - d
    return codes * (len(address) + 1) + before


def _first_allocation(keys: np.ndarray, is_dealloc: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """For each of ``rows``: the first allocation row with the same key, or -1."""
    alloc_rows = np.flatnonzero(~is_dealloc)
    uniq, first = np.unique(keys[alloc_rows], return_index=True)
    if not len(uniq):
        return np.full(len(rows), -1, np.int64)
    pos = np.clip(np.searchsorted(uniq, keys[rows]), 0, len(uniq) - 1)
    return np.where(uniq[pos] == keys[rows], alloc_rows[first[pos]], -1)


def _name_deallocations(timeline: dict[str, np.ndarray]) -> None:
    """Give each deallocation the op, region, data type and shape of the allocation it frees
    (columns of ``timeline``, in time order, replaced).

    Per address, the allocation freed by a deallocation is the first allocation since the
    previous deallocation of that address (XProf's address map keeps the first one).
    """
    is_dealloc = np.asarray(timeline["kind"] == "deallocation", dtype=bool)
    keys = _segment_keys(timeline["address"], is_dealloc)
    dealloc_rows = np.flatnonzero(is_dealloc)
    source = _first_allocation(keys, is_dealloc, dealloc_rows)
    matched = source >= 0
    if not matched.any():
        return
    targets, sources = dealloc_rows[matched], source[matched]
    for column in ("tf_op", "region_type", "data_type", "shape"):
        values = np.asarray(timeline[column], dtype=object).copy()
        values[targets] = values[sources]
        timeline[column] = values


def _breakdown(timeline: pd.DataFrame, summary: dict[str, Any]) -> pd.DataFrame:
    """Allocations live at the peak within the peak's step, merged and sorted as XProf (in numpy:
    a few hundred rows, where pandas' per-call costs dominated)."""
    in_use = timeline["in_use_bytes"].to_numpy()
    step_id = timeline["step_id"].to_numpy(np.int64)
    at_peak = np.flatnonzero(in_use == summary["peak_bytes_in_use"])
    peak_step = int(step_id[at_peak[-1]]) if len(at_peak) else 0
    window = np.flatnonzero((timeline["offset_ps"].to_numpy() <= summary["peak_offset_ps"]) & (step_id == peak_step))
    address = timeline["address"].to_numpy()[window]
    is_dealloc = timeline["kind"].to_numpy(dtype=object)[window] == "deallocation"
    alloc_bytes = timeline["allocation_bytes"].to_numpy(np.int64)[window]
    # live: an address whose last event in the window is an allocation
    address_code = pd.factorize(address)[0]
    last = np.full(int(address_code.max()) + 1 if len(window) else 0, -1, np.int64)
    np.maximum.at(last, address_code, np.arange(len(window)))
    live = window[np.sort(last[~is_dealloc[last]])]
    # deallocations of memory allocated before the window (no allocation since the last free)
    keys = _segment_keys(address, is_dealloc)
    unmatched = is_dealloc & ~np.isin(keys, keys[~is_dealloc])
    unmapped = (
        summary["peak_heap_bytes"]
        - int(alloc_bytes[~is_dealloc].sum())
        + int(alloc_bytes[is_dealloc].sum())
        - int(alloc_bytes[unmatched].sum())
    )
    text_columns = ("tf_op", "region_type", "data_type", "shape")
    parts = {c: timeline[c].to_numpy(dtype=object)[live] for c in text_columns}
    parts["allocation_bytes"] = timeline["allocation_bytes"].to_numpy(np.int64)[live]
    parts["requested_bytes"] = timeline["requested_bytes"].to_numpy(np.int64)[live]
    special = np.zeros(len(live), bool)
    specials = []
    if unmapped > 0:
        specials.append((UNUSED_PREALLOCATED, unmapped, unmapped, "persist/dynamic", "INVALID", "unknown"))
    if summary["peak_stack_bytes"] > 0:
        stack = summary["peak_stack_bytes"]
        specials.append(("stack", stack, stack, "stack", "INVALID", "unknown"))
    if specials:
        for k, c in enumerate(("tf_op", "allocation_bytes", "requested_bytes", "region_type", "data_type", "shape")):
            extra = np.array([row[k] for row in specials], dtype=parts[c].dtype)
            parts[c] = np.concatenate([parts[c], extra])
        special = np.concatenate([special, np.ones(len(specials), bool)])
    # one row per distinct (sizes, op, region, type, shape): its count and whether it is special
    group, n_groups = ec.group_ids(
        parts["allocation_bytes"], parts["requested_bytes"], *(ec.text(parts[c]) for c in text_columns)
    )
    first = ec.first_rows(group) if n_groups else np.zeros(0, np.int64)
    occurrences = np.bincount(group, minlength=n_groups).astype(np.int64)
    is_special = np.bincount(group, weights=special, minlength=n_groups) > 0
    merged = {c: v[first] for c, v in parts.items()}
    # by size (descending), requested size (descending), then the texts
    order = np.lexsort(
        [pd.factorize(ec.text(merged[c]), sort=True)[0] for c in reversed(text_columns)]
        + [-merged["requested_bytes"], -merged["allocation_bytes"]]
    )
    out = pd.DataFrame(
        {
            "tf_op": pd.array(ec.text(merged["tf_op"])[order], dtype="string"),
            "allocation_bytes": merged["allocation_bytes"][order],
            "requested_bytes": merged["requested_bytes"][order],
            "occurrences": occurrences[order],
            "region_type": pd.array(ec.text(merged["region_type"])[order], dtype="string"),
            "data_type": pd.array(ec.text(merged["data_type"])[order], dtype="string"),
            "shape": pd.array(ec.text(merged["shape"])[order], dtype="string"),
            "special": is_special[order],
            "step_id": np.full(n_groups, peak_step, np.int64),
        }
    )
    return out[BREAKDOWN_COLUMNS]


def sample_timeline(timeline: pd.DataFrame, max_points: int = MAX_TIMELINE_SNAPSHOTS) -> pd.DataFrame:
    """Down-sample to ``max_points`` rows keeping, per box, the row with most stack + heap.

    XProf's filter: with n rows, ``c1 = max_points * (n // max_points + 1) - n`` boxes of
    width ``n // max_points`` then the rest of width ``n // max_points + 1``; ties keep the
    first row of the box.
    """
    n = len(timeline)
    if n <= max_points:
        return timeline.reset_index(drop=True)
    width = n // max_points
    count1 = max_points * (width + 1) - n
    box = np.empty(n, np.int64)
    split = width * count1
    box[:split] = np.arange(split) // width
    box[split:] = count1 + np.arange(n - split) // (width + 1)
    in_use = timeline["in_use_bytes"].to_numpy()
    order = np.lexsort((np.arange(n), -in_use, box))
    first = np.ones(n, bool)
    first[1:] = box[order][1:] != box[order][:-1]
    return timeline.iloc[np.sort(order[first])].reset_index(drop=True)
