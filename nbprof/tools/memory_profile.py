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

from dataclasses import field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.opstats import OpStats
from nbprof.opstats import event_columns as ec
from nbprof.opstats.step_grouping import (
    GROUP_ID_STATS,
    NO_STEP_ROOTS,
    finds_no_groups,
    headers_find_no_groups,
    host_event_groups,
)
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace import semantics as xs
from nbprof.xspace.flows import build_flows
from nbprof.xspace.frames import BuiltEvents, HostSpace, SelectedEvents, build_events, select_events
from nbprof.xspace.origin import time_axis_error
from nbprof.xspace.stat_values import FLOW_STATS
from nbprof.xspace.stats_frame import first_stat_values
from nbprof.xspace.typed_frame import (
    coded_strings,
    column_arrays,
    repeated_strings,
    string_array,
    strings,
    typed_frame,
)

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


@result_dataclass
class MemoryProfile(ToolResult):
    """One allocator's memory profile (sizes in bytes, times in ps)."""

    memory_id: str | None
    memory_ids: list[str]
    summary: dict[str, Any]
    timeline: pd.DataFrame
    breakdown: pd.DataFrame
    host: str | None = None
    message: str = ""
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "memory_profile"
    frame_names: ClassVar[tuple[str, ...]] = ("timeline", "breakdown")

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
_NO_DATA = (
    "no memory profile data: the profile has no MemoryAllocation/MemoryDeallocation events on "
    "/host:CPU (TensorFlow writes them when profiling with memory tracking; JAX on CPU does not)"
)


def memory_profile(op_stats: OpStats, memory_id: str | None = None, host: str | None = None) -> MemoryProfile:
    """The memory profile of one allocator (default: the first memory id, sorted as XProf).

    ``host`` picks a host of a multi-host profile (default: the first with allocator events);
    its own OpStats gives the step ids (XProf refuses several files here).
    """
    profile = op_stats.frames
    if not getattr(profile, "is_built", True) and not set(EVENT_NAMES) & profile.event_names_on(xs.HOST_PLANE):
        return _empty(_NO_DATA)  # known before the frames are built (once built, the rows below tell)
    before_build = _before_build(op_stats, memory_id, host)
    if before_build is not None:
        return before_build
    few_stats = _from_few_stats(op_stats, memory_id, host)
    if few_stats is not None:
        return few_stats
    ev = profile.events
    rows = _allocator_rows(ev)
    if not len(rows):
        return _empty(_NO_DATA)
    hosts = list(dict.fromkeys(_host_names(ev, rows).tolist()))
    host = _chosen_host(host, hosts)
    profile_hosts = list(op_stats.hosts)
    if len(profile_hosts) > 1:
        # one host's allocator, as XProf (it reads one file): that host's own OpStats and steps
        op_stats = op_stats.for_host(host)
        profile = op_stats.frames
        ev = profile.events
        rows = _allocator_rows(ev)
    rows = rows[xs.values_in(ev["host"], [host], rows)]
    ids = _memory_ids(profile, ev, rows)
    memory_ids = sorted(set(ids.tolist()))
    memory_id = _chosen_id(memory_id, memory_ids)
    rows = rows[ids == memory_id]
    steps, step_source = _group_ids(op_stats, rows)
    snapshots = _snapshots(_FrameColumns(profile, ev, rows, host), steps)
    notes = [f"step ids: {step_source}"]
    if len(profile_hosts) > 1:
        notes.append(
            f"host {host!r} of {profile_hosts} (with allocator events: {hosts}); XProf's memory profile "
            "reads one file only; pass host= for another"
        )
    return _result(snapshots, memory_id, memory_ids, host, notes)


def _result(
    snapshots: dict[str, Any], memory_id: str, memory_ids: list[str], host: str, notes: list[str]
) -> MemoryProfile:
    """The memory profile of one allocator's snapshots (``_snapshots``)."""
    summary = _summary(snapshots)
    timeline = _timeline(snapshots)
    breakdown = _breakdown(timeline, summary)
    return MemoryProfile(memory_id, memory_ids, summary, _timeline_frame(timeline), breakdown, host=host, notes=notes)


# Promoted stats the memory profile reads of each allocator event.
_ALLOCATOR_STATS = (
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
    "allocator_name",
    "index_on_host",
)


def _before_build(op_stats: OpStats, memory_id: str | None, host: str | None) -> MemoryProfile | None:
    """``memory_profile`` read from the decoded files, without building the events frame: a one-host
    profile not built yet whose step grouping finds no group (``headers_find_no_groups``), every allocator
    event named by ``allocator_name`` or ``index_on_host`` and typed by enum numbers. The same result as
    from the frames; None where the profile is not such a one (the frames are built then)."""
    frames = op_stats.frames
    if getattr(frames, "is_built", True) or len(frames.hosts) != 1 or "event_groupings" in vars(op_stats):
        return None
    headers = frames.plane_headers()
    if headers is None or not headers_find_no_groups(headers):
        return None
    decoded = frames.decoded_hosts()
    if decoded is None or not frames.sums_fit_unbuilt(decoded):
        return None
    profile_host = frames.hosts[0]
    picked = select_events(decoded, profile_host, xs.HOST_PLANE, EVENT_NAMES, _ALLOCATOR_STATS)
    if picked is None or not len(picked.rows):
        return None
    ids = _selected_ids(picked)
    data_types = _selected_data_types(picked)
    if ids is None or data_types is None:
        return None
    if host is not None and host != profile_host:
        raise MemoryProfileError(f"no allocator events for host {host!r} (hosts with memory data: {[profile_host]})")
    memory_ids = sorted(set(ids.tolist()))
    memory_id = _chosen_id(memory_id, memory_ids)
    columns = _SelectedColumns(picked, np.flatnonzero(ids == memory_id), data_types)
    steps = np.full(len(columns.keep), -1, np.int64)
    notes = [f"step ids: the step db's groups (step groups: {NO_STEP_ROOTS})"]
    return _result(_snapshots(columns, steps), memory_id, memory_ids, profile_host, notes)


# Profiles of up to this many events not built yet are grouped on an events frame of a few stats
# (``_from_few_stats``): its build beside the decoded arrays (shared, not consumed) stays small.
_FEW_STATS_MAX_EVENTS = 200_000


def _from_few_stats(op_stats: OpStats, memory_id: str | None, host: str | None) -> MemoryProfile | None:
    """``memory_profile`` of a one-host profile not built yet, its events on the host and device planes
    (``_groups_every_event``), read from an events frame of the stats it and the step grouping read only
    (``frames.build_events``: the decoded files are left for the profile's own build, which a later tool
    makes; this frame is not kept). The same result as from the frames; None where the profile is not
    such a one."""
    frames = op_stats.frames
    if getattr(frames, "is_built", True) or len(frames.hosts) != 1 or "event_groupings" in vars(op_stats):
        return None
    decoded = frames.decoded_hosts()
    if decoded is None or not frames.sums_fit_unbuilt(decoded) or not _few_events_on_host_and_devices(decoded):
        return None
    built = build_events(decoded, _ALLOCATOR_STATS + GROUP_ID_STATS)
    error = time_axis_error(*built.time_axis, frames.paths)  # the build's check of the times, on its arrays
    if error is not None:
        raise error
    few = _FewStatsFrames(built, decoded)
    ev = few.events
    rows = _allocator_rows(ev)
    if not len(rows):
        return _empty(_NO_DATA)
    host = _chosen_host(host, list(dict.fromkeys(_host_names(ev, rows).tolist())))
    rows = rows[xs.values_in(ev["host"], [host], rows)]
    ids = _memory_ids(few, ev, rows)
    memory_ids = sorted(set(ids.tolist()))
    memory_id = _chosen_id(memory_id, memory_ids)
    rows = rows[ids == memory_id]
    if finds_no_groups(ev):
        steps, source = np.full(len(rows), -1, np.int64), NO_STEP_ROOTS
    else:
        group, source = host_event_groups(ev, few.flows, gpu_fill=False)
        steps = group[rows]
    snapshots = _snapshots(_FrameColumns(few, ev, rows, host), steps)
    return _result(snapshots, memory_id, memory_ids, host, [f"step ids: the step db's groups (step groups: {source})"])


def _few_events_on_host_and_devices(hosts: list[HostSpace]) -> bool:
    """Whether the decoded files hold at most ``_FEW_STATS_MAX_EVENTS`` events, all on the host plane or
    device planes (``_groups_every_event`` of their frames)."""
    planes = [plane for hs in hosts for plane in hs.space.planes if len(plane.events)]
    return sum(len(plane.events) for plane in planes) <= _FEW_STATS_MAX_EVENTS and all(
        plane.name == xs.HOST_PLANE or xs.is_device_plane(plane.name) for plane in planes
    )


class _FewStatsFrames:
    """What the memory profile reads of a profile, from an events frame of a few stats (``build_events``)
    of its decoded files: ``events``, the stats (``first_stat_values``, ``stat_metadata_names``: what
    ``semantics.stat_columns`` reads), ``flows()`` and the host plane's lines (``host_lines``)."""

    def __init__(self, built: BuiltEvents, hosts: list[HostSpace]) -> None:
        self.built, self.hosts = built, hosts
        self.events = built.events

    def _sources_of(self, names: list[str]) -> list[Any]:
        """Stats sources holding at least the stats called ``names`` (as ``Frames._stats_sources_of``)."""
        sources = self.built.stats_sources
        named = getattr(sources, "named", None)
        return named(names) if callable(named) else sources() if callable(sources) else sources

    def first_stat_values(self, rows: np.ndarray, names: list[str]) -> dict[str, Any]:
        return first_stat_values(self._sources_of(list(names)), rows, list(names))

    def stat_metadata_names(self) -> frozenset[object]:
        """The names of every plane's stat metadata (what the ``stat_metadata`` frame holds)."""
        return frozenset(
            name for hs in self.hosts for plane in hs.space.planes for name, _ in plane.stat_metadata.values()
        )

    def flows(self) -> pd.DataFrame:
        """``Frames.flows`` of these events."""
        return build_flows(self._sources_of(list(FLOW_STATS)))

    def host_lines(self, host: str) -> tuple[np.ndarray, np.ndarray]:
        """``_host_lines``: (line id, start ps) of ``host``'s host plane lines, in the lines frame's order."""
        none = np.zeros(0, np.int64)
        return self.built.line_zero_ps.get((host, xs.HOST_PLANE), (none, none))


def _chosen_host(host: str | None, hosts: list[str]) -> str:
    """The host asked for (default: the first of ``hosts``, those with allocator events); an error for another."""
    if host is None:
        return hosts[0]
    if host not in hosts:
        raise MemoryProfileError(f"no allocator events for host {host!r} (hosts with memory data: {hosts})")
    return host


def _chosen_id(memory_id: str | None, memory_ids: list[str]) -> str:
    """The memory id asked for (default: the first of ``memory_ids``), as str; an error for an unknown one."""
    if memory_id is None:
        return memory_ids[0]
    if str(memory_id) not in memory_ids:
        raise MemoryProfileError(f"no memory id {memory_id!r} in this profile (available: {memory_ids})")
    return str(memory_id)


def _selected_ids(picked: SelectedEvents) -> np.ndarray | None:
    """``_memory_ids`` of the selected allocator events (object array of str), where each has an
    ``allocator_name`` or an ``index_on_host`` below 2^53 (else None: the frames tell)."""
    codes, names = picked.texts["allocator_name"]
    ids = np.array([*names, ""], dtype=object)[codes]  # code -1: the appended ""
    unnamed = np.flatnonzero(codes < 0)
    if not len(unnamed):
        return ids
    values, present = picked.numbers["index_on_host"]
    values = values[unnamed]
    if not present[unnamed].all() or (np.abs(values) >= _EXACT_FLOAT_INT).any():
        return None
    ids[unnamed] = [str(v) for v in values.tolist()]
    return ids


def _empty(message: str) -> MemoryProfile:
    timeline = ec.empty_frame(TIMELINE_COLUMNS)
    breakdown = ec.empty_frame(BREAKDOWN_COLUMNS)
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
class _Text:
    """A text column of some events: ``table[codes]`` (``table``: object array of distinct values).

    A plain class: a dataclass would exec generated code when the module is first imported (0.3 ms)."""

    __slots__ = ("codes", "table")

    def __init__(self, codes: np.ndarray, table: np.ndarray) -> None:
        self.codes = codes  # int64 positions in ``table``
        self.table = table

    def take(self, rows: np.ndarray) -> _Text:
        return _Text(self.codes[rows], self.table)

    def values(self, rows: np.ndarray | None = None) -> np.ndarray:
        """The values (object array), of all events or of ``rows``."""
        return self.table[self.codes if rows is None else self.codes[rows]]


def _allocator_rows(ev: pd.DataFrame) -> np.ndarray:
    """Rows of the allocator events (``EVENT_NAMES`` on the ``/host:CPU`` planes), in frame order."""
    named = np.flatnonzero(xs.values_in(ev["name"], list(EVENT_NAMES)))
    return named[xs.values_in(ev["plane"], [xs.HOST_PLANE], named)]


def _host_names(ev: pd.DataFrame, rows: np.ndarray) -> np.ndarray:
    """The host of each of ``rows`` (object array of str, ``""`` where missing)."""
    names, present = _strings(ev["host"], rows)
    names[~present] = ""
    return names


def _event_labels(ev: pd.DataFrame, rows: np.ndarray) -> np.ndarray:
    """Row labels of ``ev`` at positions ``rows`` (int64; the positions themselves for a default index)."""
    index = ev.index
    if isinstance(index, pd.RangeIndex) and index.start == 0 and index.step == 1:
        return rows.astype(np.int64)
    return index.to_numpy(np.int64)[rows]


def _memory_ids(profile: Any, ev: pd.DataFrame, rows: np.ndarray) -> np.ndarray:
    """Memory id (str) of each allocator event: ``allocator_name``, else index_on_host / device_ordinal;
    ``""`` (XProf's id) when no stat names the allocator."""
    ids = np.full(len(rows), "", dtype=object)
    named = np.zeros(len(rows), bool)
    if "allocator_name" in ev.columns:
        names, named = _strings(ev["allocator_name"], rows)
        ids[named] = names[named]
    if not named.all():
        ids[~named] = _numbered_ids(profile, ev, rows[~named])
    return ids


def _str_categories(series: pd.Series) -> np.ndarray | None:
    """The categories of a categorical column of str (object array), else None."""
    return _categories_if_str(series.array)


def _categories_if_str(values: Any) -> np.ndarray | None:
    """The categories of a categorical array of str (object array), else None."""
    if not isinstance(values.dtype, pd.CategoricalDtype):
        return None
    categories = np.asarray(values.categories, dtype=object)
    return categories if all(type(c) is str for c in categories.tolist()) else None


def _strings(series: pd.Series, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(values as the ``string`` dtype gives them, object array; where present) of a column at ``rows``."""
    categories = _str_categories(series)
    if categories is not None:
        codes = np.asarray(series.array.codes)[rows]
        return np.append(categories, None)[codes], codes >= 0  # code -1 (missing) picks the appended None
    text = series.iloc[rows].astype("string")
    return text.astype(object).to_numpy(copy=True), text.notna().to_numpy(dtype=bool)


_EXACT_FLOAT_INT = 2**53  # integers below this survive the float64 pandas may turn them into


def _numbered_ids(profile: Any, ev: pd.DataFrame, rows: np.ndarray) -> np.ndarray:
    """The ``index_on_host`` (else ``device_ordinal``) stat of allocator events as text, ``""`` where neither.

    Reads the nullable Int64 ``index_on_host`` column directly and ``device_ordinal`` (a stat, not a
    column: docs/frames.md) from the stats of the rows without it, where those are Python ints; other
    columns or values, and numbers past 2^53 (which the generic conversion may round through
    float64), take ``_numbered_ids_generic``.
    """
    column = ev["index_on_host"] if "index_on_host" in ev.columns else None
    if column is None or not isinstance(column.dtype, pd.Int64Dtype):
        return _numbered_ids_generic(profile, ev, rows)
    part = column.array[rows]
    present = ~np.asarray(part.isna(), dtype=bool)
    value = part.to_numpy(np.int64, na_value=0)
    if not present.all():  # index_on_host wins where both are there
        lacking = np.flatnonzero(~present)
        ordinals, has = xs.stat_values(profile, "device_ordinal", _event_labels(ev, rows[lacking]))
        found = ordinals[has].tolist()
        if not all(type(v) is int for v in found):
            return _numbered_ids_generic(profile, ev, rows)
        value[lacking[has]] = found
        present[lacking[has]] = True
    if (np.abs(value) >= _EXACT_FLOAT_INT).any():
        return _numbered_ids_generic(profile, ev, rows)
    out = np.full(len(rows), "", dtype=object)
    distinct, which = np.unique(value[present], return_inverse=True)
    out[present] = np.array([str(v) for v in distinct.tolist()] + [""], dtype=object)[:-1][which.reshape(-1)]
    return out


def _numbered_ids_generic(profile: Any, ev: pd.DataFrame, rows: np.ndarray) -> np.ndarray:
    """``_numbered_ids`` for any column types: pandas' numeric conversion of the stats' values."""
    labels = _event_labels(ev, rows)
    values, present = xs.stat_values(profile, "index_on_host", labels)
    ordinals, has_ordinal = xs.stat_values(profile, "device_ordinal", labels)
    chosen = pd.Series(np.where(present, values, np.where(has_ordinal, ordinals, None)), dtype=object)
    text = pd.to_numeric(chosen, errors="coerce").astype("Int64").astype("string")
    return text.fillna("").astype(object).to_numpy()


def _group_ids(op_stats: OpStats, rows: np.ndarray) -> tuple[np.ndarray, str]:
    """Step (group) id of each allocator event, -1 where none; and where the ids came from.

    The ids are the step db's (``OpStats.event_groupings``, without the steps' breakdown): the
    file's own ``group_id`` stats where it has them, else XProf's grouping of the host's events.
    A one-host profile without group ids, step roots or TF loop ops has no groups: the grouping
    is skipped. A one-host profile whose events are all grouped (host and device planes) takes
    the ids alone (``step_grouping.host_event_groups``: no step names or GPU step markers, and the
    GPU events XProf's fill groups only counted: allocator events are host events), as
    ``event_groupings`` would group it.
    """
    frames = op_stats.frames
    if "event_groupings" not in vars(op_stats):
        if _has_no_groups(frames):
            return np.full(len(rows), -1, np.int64), f"the step db's groups (step groups: {NO_STEP_ROOTS})"
        if _groups_every_event(frames):
            group, source = host_event_groups(frames.events, frames.flows, gpu_fill=False)
            return group[rows], f"the step db's groups (step groups: {source})"
    groupings = op_stats.event_groupings
    source = "; ".join(f"step groups: {s}" for s in groupings.sources) or "step db"
    return groupings.event_groups[rows], f"the step db's groups ({source})"


def _groups_every_event(frames: Any) -> bool:
    """Whether ``step_db.group_events`` groups these frames as one host's events, every event of
    them (one host or none; every event on the host plane or a device plane)."""
    if len(frames.hosts) > 1:
        return False
    plane = frames.events["plane"]
    return bool((xs.values_in(plane, [xs.HOST_PLANE]) | xs.value_mask(plane, xs.is_device_plane)).all())


def _has_no_groups(frames: Any) -> bool:
    """Whether this one-host profile has no step groups to find (``step_grouping.finds_no_groups``)."""
    return len(frames.hosts) <= 1 and finds_no_groups(frames.events)


def _line_zero_ps(profile: Any, ev: pd.DataFrame, rows: np.ndarray, host: str) -> np.ndarray:
    """Where each event's line timestamp lies on nbprof's time axis (ps), to give XProf's offsets
    (events of ``host``'s ``/host:CPU`` plane): the line's ``start_ps``, which the loader made of its
    timestamp as (timestamp + the host's clock base - origin) * 1000."""
    host_line_ids, host_line_zero = _host_lines(profile, host)
    line_ids, first = np.unique(host_line_ids, return_index=True)  # first wins
    line_zero = host_line_zero[first]
    wanted = ev["line_id"].to_numpy(np.int64)[rows]
    at = np.minimum(np.searchsorted(line_ids, wanted), max(len(line_ids) - 1, 0))
    found = (line_ids[at] == wanted) if len(line_ids) else np.zeros(len(wanted), bool)
    if found.all():
        return line_zero[at]
    # an event of a line the lines table lacks: a line timestamp of 0
    unknown = (_timestamp_base_ns(profile, host) - int(profile.origin_ns)) * 1000
    return np.where(found, line_zero[at] if len(line_ids) else 0, unknown).astype(np.int64)


def _host_lines(profile: Any, host: str) -> tuple[np.ndarray, np.ndarray]:
    """(``line_id``, ``start_ps``) of the lines of ``host``'s ``/host:CPU`` planes, in the ``lines`` frame's
    order (int64 arrays)."""
    few = getattr(profile, "host_lines", None)
    if few is not None:
        return few(host)
    lines = profile.lines
    mine = (lines["host"].to_numpy(object) == host) & (lines["plane"].to_numpy(object) == xs.HOST_PLANE)
    return lines["line_id"].to_numpy(np.int64)[mine], lines["start_ps"].to_numpy(np.int64)[mine]


def _timestamp_base_ns(profile: Any, host: str) -> int:
    """What the loader added to ``host``'s line timestamps to make them wall-clock ns.

    Relative line timestamps are anchored at the host's Task Environment
    ``profile_start_time`` when there is one (see docs/frames.md, ``origin_ns``).
    """
    source = str(getattr(profile, "origin_source", ""))
    if "relative" not in source or "no Task Environment" in source:
        return 0
    planes = profile.planes
    if "profile_start_time" not in planes:
        return 0
    task = np.flatnonzero(xs.values_in(planes["name"], [xs.TASK_ENV_PLANE]))
    column = planes["profile_start_time"]
    if isinstance(column.dtype, pd.Int64Dtype):  # numbers already: pandas' conversion would keep them
        start = column.array[task].tolist()
    else:
        start = pd.to_numeric(column.iloc[task], errors="coerce").tolist()
    plane_hosts, known = _strings(planes["host"], task)
    plane_hosts[~known] = "nan"  # as pandas writes a missing value as str
    for plane_host, value in zip(plane_hosts.tolist(), start):
        if str(plane_host) == host and not pd.isna(value):  # the first known start of the host
            return int(value)
    return int(profile.origin_ns)


# A byte count of 2^60 (1 EiB) or more is no allocator's: a corrupt stat, read as 0 so that sums
# of a few of them (stack + heap + free) stay within int64.
_MAX_BYTES = 2**60


def _int(values: Any, rows: np.ndarray, limit: bool = True) -> np.ndarray:
    """int64 values of a numeric stat at ``rows`` (0 where missing; with ``limit``, 0 past +-``_MAX_BYTES``).
    ``values``: the stat's column as its array (``_FrameColumns.array``), None where no event has it."""
    if values is None:
        return np.zeros(len(rows), np.int64)
    if isinstance(values.dtype, pd.Int64Dtype):
        out = _masked_values(values, rows, 0)
    else:
        out = pd.to_numeric(_taken(values, rows), errors="coerce").fillna(0).to_numpy(np.int64, copy=True)
    if limit:
        out[(out >= _MAX_BYTES) | (out <= -_MAX_BYTES)] = 0
    return out


def _taken(values: Any, rows: np.ndarray) -> pd.Series:
    """A column's values (its array) at ``rows`` as a Series, for pandas' conversions."""
    return pd.Series(values[rows], copy=False)


def _masked_values(array: Any, rows: np.ndarray, missing: float) -> np.ndarray:
    """The values of a pandas masked array (``Int64`` / ``Float64`` column) at ``rows``, ``missing`` where NA:
    gathered from its numpy data and mask (pandas' indexing and ``to_numpy`` cost ~0.07 ms a column, more
    on first use); a fresh array of the data's dtype."""
    values = array._data[rows]
    values[array._mask[rows]] = missing
    return values


def _float(values: Any, rows: np.ndarray) -> np.ndarray:
    """float64 values of a numeric stat at ``rows`` (0.0 where missing; ``values`` as ``_int``'s)."""
    if values is None:
        return np.zeros(len(rows), np.float64)
    if isinstance(values.dtype, pd.Float64Dtype):
        return _masked_values(values, rows, 0.0)
    return pd.to_numeric(_taken(values, rows), errors="coerce").fillna(0.0).to_numpy(np.float64)


def _text(values: Any, rows: np.ndarray) -> _Text:
    """A text stat at ``rows`` (``""`` where missing): a categorical's codes, else its distinct values
    (``values`` as ``_int``'s)."""
    if values is None:
        return _Text(np.zeros(len(rows), np.int64), np.array([""], dtype=object))
    if isinstance(values.dtype, pd.CategoricalDtype):
        categories = np.append(np.asarray(values.categories, dtype=object), "")
        codes = np.asarray(values.codes)[rows].astype(np.int64)
        codes[codes < 0] = len(categories) - 1
        return _Text(codes, categories)
    taken = _taken(values, rows).to_numpy(dtype=object, copy=True)
    taken[pd.isna(taken)] = ""
    codes, distinct = pd.factorize(taken)
    return _Text(codes.astype(np.int64), np.asarray(distinct, dtype=object))


def _data_types(values: Any, rows: np.ndarray) -> _Text:
    """TensorFlow data type name of each event's ``data_type`` stat (an enum number; 0, INVALID, where none;
    ``values`` as ``_int``'s).

    A categorical of plain decimal numbers is read once per category; other values take pandas'
    numeric conversion per event.
    """
    if values is None:
        return _Text(np.zeros(len(rows), np.int64), np.array(["INVALID"], dtype=object))
    categories = _categories_if_str(values)
    if categories is not None:
        code = np.asarray(values.codes)[rows].astype(np.int64) + 1  # 0: missing, k: category k - 1
        used = np.flatnonzero(np.bincount(code, minlength=len(categories) + 1))
        read = [0 if k == 0 else _plain_int(categories[k - 1]) for k in used.tolist()]
        enums = [e for e in read if e is not None]
        if len(enums) == len(read):  # each distinct enum named once (distinct enums have distinct names)
            table: dict[int, int] = {}  # enum -> its position in the names
            position = np.zeros(len(categories) + 1, np.int64)
            position[used] = [table.setdefault(e, len(table)) for e in enums]
            return _Text(position[code], np.array([_dtype_name(e) for e in table], dtype=object))
    return _dtype_text(pd.to_numeric(_taken(values, rows), errors="coerce").fillna(0).to_numpy(np.int64))


def _plain_int(text: str) -> int | None:
    """The integer ``text`` writes as 1 to 15 ASCII digits with an optional ``-`` (what every numeric
    parser reads as that integer), else None."""
    digits = text[1:] if text.startswith("-") else text
    return int(text) if 0 < len(digits) <= 15 and digits.isascii() and digits.isdigit() else None


def _dtype_text(enums: np.ndarray) -> _Text:
    distinct, which = np.unique(enums, return_inverse=True)
    return _Text(which.reshape(-1).astype(np.int64), np.array([_dtype_name(int(c)) for c in distinct], dtype=object))


# The byte counts a snapshot reads (``_snapshots``), in its order.
_SIZE_STATS = (
    "bytes_reserved",
    "bytes_allocated",
    "bytes_available",
    "peak_bytes_in_use",
    "requested_bytes",
    "allocation_bytes",
)


def _snapshots(columns: Any, steps: np.ndarray) -> dict[str, Any]:
    """XProf's snapshot fields of some allocator events (``columns``: ``_FrameColumns`` or
    ``_SelectedColumns``), in file order: int64 / float64 arrays, ``_Text`` for the texts;
    ``is_deallocation`` for the event kind."""
    start = columns.start_ps()
    stack, heap, free, peak, requested, allocation = columns.ints(_SIZE_STATS)
    return {
        "time_ps": start,
        "offset_ps": start - columns.line_zero_ps(),
        "is_deallocation": columns.is_deallocation(),
        "stack_bytes": stack,
        "heap_bytes": heap,
        "in_use_bytes": stack + heap,
        "free_bytes": free,
        "fragmentation": columns.float("fragmentation"),
        "peak_bytes_in_use": peak,
        "requested_bytes": requested,
        "allocation_bytes": allocation,
        "address": columns.int("addr", limit=False),
        "tf_op": columns.text("tf_op"),
        "group_id": steps,
        "region_type": columns.text("region_type"),
        "data_type": columns.data_types(),
        "shape": columns.text("shape"),
        "event": columns.event_rows(),
    }


class _FrameColumns:
    """What ``_snapshots`` reads of the allocator events ``rows`` of ``host``, from the events frame (each
    column read as its array: ``ev[name]`` makes a Series, ~15 us a column)."""

    def __init__(self, profile: Any, ev: pd.DataFrame, rows: np.ndarray, host: str) -> None:
        self.profile, self.ev, self.rows, self.host = profile, ev, rows, host
        self.arrays = column_arrays(ev)

    def array(self, name: str) -> Any:
        """The column ``name`` as its array (numpy's, else pandas'); None where the frame has no such column."""
        if self.arrays is not None:
            return self.arrays.get(name)
        return self.ev[name].array if name in self.ev.columns else None

    def start_ps(self) -> np.ndarray:
        return np.asarray(self.array("start_ps"), np.int64)[self.rows]

    def line_zero_ps(self) -> np.ndarray:
        return _line_zero_ps(self.profile, self.ev, self.rows, self.host)

    def is_deallocation(self) -> np.ndarray:
        return ~xs.values_in(self.ev["name"], ["MemoryAllocation"], self.rows)

    def ints(self, names: tuple[str, ...]) -> list[np.ndarray]:
        """``int(name)`` of each of ``names``."""
        return [_int(self.array(name), self.rows) for name in names]

    def int(self, name: str, limit: bool = True) -> np.ndarray:
        return _int(self.array(name), self.rows, limit)

    def float(self, name: str) -> np.ndarray:
        return _float(self.array(name), self.rows)

    def text(self, name: str) -> _Text:
        return _text(self.array(name), self.rows)

    def data_types(self) -> _Text:
        return _data_types(self.array("data_type"), self.rows)

    def event_rows(self) -> np.ndarray:
        return _event_labels(self.ev, self.rows)


class _SelectedColumns:
    """``_FrameColumns`` of the selected events ``keep`` (positions in ``picked``), from ``select_events``;
    ``data_types``: ``_selected_data_types(picked)``."""

    def __init__(self, picked: SelectedEvents, keep: np.ndarray, data_types: tuple[np.ndarray, np.ndarray]) -> None:
        self.picked, self.keep, self.types = picked, keep, data_types

    def start_ps(self) -> np.ndarray:
        return self.picked.start_ps[self.keep]

    def line_zero_ps(self) -> np.ndarray:
        return self.picked.line_zero_ps[self.keep]

    def is_deallocation(self) -> np.ndarray:
        return self.picked.name[self.keep] != "MemoryAllocation"

    def ints(self, names: tuple[str, ...]) -> np.ndarray:
        """``int(name)`` of each of ``names``, as the rows of one array."""
        values = np.array([self.picked.numbers[name][0] for name in names], np.int64)[:, self.keep]  # 0 where missing
        values[(values >= _MAX_BYTES) | (values <= -_MAX_BYTES)] = 0
        return values

    def int(self, name: str, limit: bool = True) -> np.ndarray:
        values = self.picked.numbers[name][0][self.keep]  # 0 where missing
        if limit:
            values[(values >= _MAX_BYTES) | (values <= -_MAX_BYTES)] = 0
        return values

    def float(self, name: str) -> np.ndarray:
        return self.picked.numbers[name][0][self.keep]

    def text(self, name: str) -> _Text:
        codes, texts = self.picked.texts[name]
        codes = codes[self.keep]
        return _Text(np.where(codes < 0, len(texts), codes), np.array([*texts, ""], dtype=object))

    def data_types(self) -> _Text:
        position, names = self.types
        return _Text(position[self.picked.texts["data_type"][0][self.keep] + 1], names)

    def event_rows(self) -> np.ndarray:
        return self.picked.rows[self.keep]


def _selected_data_types(picked: SelectedEvents) -> tuple[np.ndarray, np.ndarray] | None:
    """The ``_data_types`` of the selected events, where every ``data_type`` is a plain decimal number (else
    None): (the position in the names of each ``data_type`` text code + 1, 0 for none; the names, object
    array: one per enum used)."""
    codes, texts = picked.texts["data_type"]
    used = np.flatnonzero(np.bincount(codes + 1, minlength=len(texts) + 1))  # 0: missing, k: text k - 1
    read = [0 if k == 0 else _plain_int(texts[k - 1]) for k in used.tolist()]
    enums = [e for e in read if e is not None]
    if len(enums) != len(read):
        return None
    table: dict[int, int] = {}  # enum -> its position in the names
    position = np.zeros(len(texts) + 1, np.int64)
    position[used] = [table.setdefault(e, len(table)) for e in enums]
    return position, np.array([_dtype_name(e) for e in table], dtype=object)


def _dtype_name(code: int) -> str:
    if code > 100:
        base = _TF_DTYPES.get(code - 100)
        return f"{base}_ref" if base else f"unknown dtype enum ({code})"
    return _TF_DTYPES.get(code, f"unknown dtype enum ({code})")


# ------------------------------------------------------------------ XProf's steps
def _summary(snapshots: dict[str, Any]) -> dict[str, Any]:
    """Peak of stack + heap within the profile (the last event, in file order, reaching it)."""
    in_use = snapshots["in_use_bytes"]
    peak_value = int(in_use.max())
    peak = int(np.flatnonzero(in_use == peak_value)[-1])
    deallocations = int(snapshots["is_deallocation"].sum())

    def at_peak(name: str) -> int:
        return int(snapshots[name][peak])

    return {
        "num_allocations": len(in_use) - deallocations,
        "num_deallocations": deallocations,
        "capacity_bytes": at_peak("stack_bytes") + at_peak("heap_bytes") + at_peak("free_bytes"),
        "peak_heap_lifetime_bytes": int(snapshots["peak_bytes_in_use"][-1]),
        "peak_bytes_in_use": peak_value,
        "peak_time_ps": at_peak("time_ps"),
        "peak_offset_ps": at_peak("offset_ps"),
        "peak_stack_bytes": at_peak("stack_bytes"),
        "peak_heap_bytes": at_peak("heap_bytes"),
        "peak_free_bytes": at_peak("free_bytes"),
        "peak_fragmentation": float(snapshots["fragmentation"][peak]),
        "peak_event": at_peak("event"),
    }


_TEXT_COLUMNS = ("tf_op", "region_type", "data_type", "shape")


def _timeline(snapshots: dict[str, Any]) -> dict[str, Any]:
    """The snapshots sorted by XProf's time (line offset), steps filled in (``step_id``), deallocations
    named (columns as in ``_snapshots``)."""
    order = np.argsort(snapshots["offset_ps"], kind="stable")
    columns = {c: v.take(order) if isinstance(v, _Text) else v[order] for c, v in snapshots.items()}
    group = columns.pop("group_id").astype(np.int64)
    valid = group >= 0
    # a step-less event takes the step after the last event with one (-1 + 1 = 0 before any)
    last = np.where(valid, np.arange(len(group)), -1)
    np.maximum.accumulate(last, out=last)
    last_valid = np.where(last >= 0, group[np.maximum(last, 0)], -1)
    columns["step_id"] = np.where(valid, group, last_valid + 1)
    _name_deallocations(columns)
    return columns


def _timeline_frame(timeline: dict[str, Any]) -> pd.DataFrame:
    """The ``timeline`` table: ``TIMELINE_COLUMNS`` of the time-ordered snapshots, one frame built once."""
    kind = _Text(timeline["is_deallocation"].astype(np.int64), np.array(["allocation", "deallocation"], dtype=object))
    texts = _str_columns({"kind": kind, **{name: timeline[name] for name in _TEXT_COLUMNS}})
    data: dict[str, Any] = {}
    for name in TIMELINE_COLUMNS:
        if name == "time_ms":
            data[name] = timeline["time_ps"] / 1e9
        elif name in texts:
            data[name] = texts[name]
        else:
            data[name] = timeline[name]
    return typed_frame(data)


def _str_columns(texts: dict[str, _Text]) -> dict[str, Any]:
    """``_str_column`` of each of several text columns of one length: pandas' Arrow-backed ``str`` arrays
    sliced from one array of the columns of several values (one Arrow conversion instead of one a column,
    0.04 ms each) and one of the columns of a single str (``repeated_strings``: its bytes repeated, no
    string per row; the allocator events' ops, shapes and types often are one value)."""
    n = len(next(iter(texts.values())).codes)
    one_code = _single_valued(list(texts.values())) if n >= _REPEATED_MIN_ROWS else []
    single = [name for (name, text), one in zip(texts.items(), one_code) if one and _encodable_str(text)]
    varying = [name for name in texts if name not in single]
    out: dict[str, Any] = {}
    if varying:
        starts = np.cumsum([0] + [len(texts[name].table) for name in varying])
        codes = np.concatenate([texts[name].codes + start for name, start in zip(varying, starts.tolist())])
        out.update(_sliced(coded_strings(np.concatenate([texts[name].table for name in varying]), codes), varying, n))
    if single:
        runs = [(texts[name].table[texts[name].codes[0]], n) for name in single]
        out.update(_sliced(repeated_strings(runs), single, n))
    if len(out) != len(texts):  # pandas 2 (object), a value not str: a column at a time
        return {name: _str_column(text) for name, text in texts.items()}
    return {name: out[name] for name in texts}


# From this many rows on, the text columns of one value are made apart (``repeated_strings``; on fewer, a
# second Arrow array costs more than the joined rows it saves) and deallocations of such columns not matched.
_REPEATED_MIN_ROWS = 128


def _encodable_str(text: _Text) -> bool:
    """Whether the first row of a (non-empty) text column is a str that UTF-8 can encode."""
    value = text.table[text.codes[0]]
    if type(value) is not str:
        return False
    try:
        value.encode()
    except UnicodeEncodeError:  # a lone surrogate: pandas' own conversion says what it makes of it
        return False
    return True


def _single_valued(texts: list[_Text]) -> list[bool]:
    """Per text column (all of one length), whether its codes are all one (or there are none): known for a
    column of a one-value table, ``_one_code_each`` of the others."""
    tested = [text.codes for text in texts if len(text.table) != 1]
    found = iter(_one_code_each(tested) if tested else [])
    return [len(text.table) == 1 or next(found) for text in texts]


def _one_code_each(codes: list[np.ndarray]) -> list[bool]:
    """Per array of codes (all of one length), whether its codes are all one (or there are none): one
    comparison of them all (numpy's per-call costs were most of the work for a few hundred rows)."""
    if not len(codes[0]):
        return [True] * len(codes)
    stacked = np.stack(codes)
    return (stacked == stacked[:, :1]).all(axis=1).tolist()  # type: ignore[no-any-return]


def _sliced(joined: object, names: list[str], n: int) -> dict[str, Any]:
    """The columns ``names`` of ``n`` rows each, one after the other in ``joined``: slices of it where it is
    an Arrow-backed ``str`` array, else none."""
    if not isinstance(joined, pd.arrays.ArrowStringArray):
        return {}
    return {name: joined[k * n : (k + 1) * n] for k, name in enumerate(names)}


def _str_column(text: _Text) -> Any:
    """A text column as ``pd.DataFrame`` types an object column of str (pandas 3: its Arrow-backed ``str``
    dtype, made here from the distinct values' bytes; else what ``typed_frame.strings`` makes)."""
    out = coded_strings(text.table, text.codes)
    if out is not None:
        return out
    values = text.values()
    return strings(values.tolist()) if all(type(v) is str for v in values.tolist()) else values


def _address_order(address: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the rows ordered by address, time order kept within one; per position of that order, whether
    it starts the rows of another address)."""
    order = np.argsort(address, kind="stable")
    ordered = address[order]
    new_address = np.ones(len(order), bool)
    new_address[1:] = ordered[1:] != ordered[:-1]
    return order, new_address


def _segments(is_dealloc: np.ndarray, order: np.ndarray, new_address: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row (time order): its segment, one allocate ... free episode of its address (the rows of
    an address up to and including a deallocation: nothing is allocated at a freed address before
    the next episode); and the first row of each segment. ``order``, ``new_address``: ``_address_order``.

    Segments are numbered 0, 1, ... (int64); a segment's rows other than its last are allocations.
    """
    starts = new_address.copy()
    starts[1:] |= is_dealloc[order][:-1]  # the row after a deallocation of the same address starts another
    segment = np.empty(len(order), np.int64)
    segment[order] = np.cumsum(starts) - 1
    return segment, order[starts]


def _name_deallocations(timeline: dict[str, Any]) -> None:
    """Give each deallocation the op, region, data type and shape of the allocation it frees
    (``_Text`` columns of ``timeline``, in time order, replaced).

    Per address, the allocation freed by a deallocation is the first allocation since the
    previous deallocation of that address (XProf's address map keeps the first one): the
    first row of its segment, where that is an allocation.
    """
    texts = [timeline[column] for column in _TEXT_COLUMNS]
    many = len(timeline["address"]) >= _REPEATED_MIN_ROWS  # on fewer rows numpy's check costs what it saves
    if all(len(text.table) == 1 for text in texts) or (many and all(_single_valued(texts))):
        return  # one value per column: a deallocation has its allocation's already
    is_dealloc = timeline["is_deallocation"]
    segment, first_row = _segments(is_dealloc, *_address_order(timeline["address"]))
    dealloc_rows = np.flatnonzero(is_dealloc)
    source = first_row[segment[dealloc_rows]]
    matched = ~is_dealloc[source]  # else the deallocation is its segment's first row: no allocation before
    if not matched.any():
        return
    targets, sources = dealloc_rows[matched], source[matched]
    for column in _TEXT_COLUMNS:
        text = timeline[column]
        codes = text.codes.copy()
        codes[targets] = codes[sources]
        timeline[column] = _Text(codes, text.table)


def _breakdown(timeline: dict[str, Any], summary: dict[str, Any]) -> pd.DataFrame:
    """Allocations live at the peak within the peak's step, merged and sorted as XProf (in numpy, or in
    Python for a few rows: a few hundred rows, where pandas' per-call costs dominated)."""
    in_use = timeline["in_use_bytes"]
    step_id = timeline["step_id"]
    at_peak = np.flatnonzero(in_use == summary["peak_bytes_in_use"])
    peak_step = int(step_id[at_peak[-1]]) if len(at_peak) else 0
    window = np.flatnonzero((timeline["offset_ps"] <= summary["peak_offset_ps"]) & (step_id == peak_step))
    if len(window) <= _FEW_WINDOW_ROWS:
        merged = _peak_rows_few(timeline, summary, window)
    else:
        merged = _peak_rows(timeline, summary, window)
    n_groups = len(merged["occurrences"])
    texts = _string_columns({c: merged[c] for c in _TEXT_COLUMNS}, pd.StringDtype())
    return typed_frame(
        {
            "tf_op": texts["tf_op"],
            "allocation_bytes": merged["allocation_bytes"],
            "requested_bytes": merged["requested_bytes"],
            "occurrences": merged["occurrences"],
            "region_type": texts["region_type"],
            "data_type": texts["data_type"],
            "shape": texts["shape"],
            "step_id": np.full(n_groups, peak_step, np.int64),
            "special": merged["special"],
        }
    )


# Up to this many events in the peak's window are walked in Python (``_peak_rows_few``: numpy's per-call
# costs, ~0.1 ms in a fresh process, are most of the work for the few events a small profile has); more
# take the vectorised ``_peak_rows``.
_FEW_WINDOW_ROWS = 512


def _peak_rows(timeline: dict[str, Any], summary: dict[str, Any], window: np.ndarray) -> dict[str, Any]:
    """The breakdown's rows (``_merged``'s columns) of the allocations live at the end of ``window`` (the
    peak's step up to the peak, time-ordered rows of ``timeline``), the special rows after them."""
    address = timeline["address"][window]
    is_dealloc = timeline["is_deallocation"][window]
    alloc_bytes = timeline["allocation_bytes"][window]
    order, new_address = _address_order(address)
    # live: an address whose last event in the window is an allocation
    last = order[np.append(new_address[1:], True)] if len(order) else order
    live = window[np.sort(last[~is_dealloc[last]])]
    # deallocations of memory allocated before the window (alone in their segment: no allocation since the last free)
    segment, first_row = _segments(is_dealloc, order, new_address)
    unmatched = is_dealloc & (first_row[segment] == np.arange(len(window)))
    unmapped = (
        summary["peak_heap_bytes"]
        - int(alloc_bytes[~is_dealloc].sum())
        + int(alloc_bytes[is_dealloc].sum())
        - int(alloc_bytes[unmatched].sum())
    )
    parts = {c: timeline[c].values(live) for c in _TEXT_COLUMNS}
    parts["allocation_bytes"] = timeline["allocation_bytes"][live]
    parts["requested_bytes"] = timeline["requested_bytes"][live]
    special = np.zeros(len(live), bool)
    specials = _special_rows(unmapped, summary["peak_stack_bytes"])
    if specials:
        for k, c in enumerate(("tf_op", "allocation_bytes", "requested_bytes", "region_type", "data_type", "shape")):
            extra = np.array([row[k] for row in specials], dtype=parts[c].dtype)
            parts[c] = np.concatenate([parts[c], extra])
        special = np.concatenate([special, np.ones(len(specials), bool)])
    texts = {c: ec.text(parts[c]) for c in _TEXT_COLUMNS}
    if len(special) <= _FEW_BREAKDOWN_ROWS:
        return _merged_few(parts["allocation_bytes"], parts["requested_bytes"], texts, special)
    return _merged(parts["allocation_bytes"], parts["requested_bytes"], texts, special)


def _peak_rows_few(timeline: dict[str, Any], summary: dict[str, Any], window: np.ndarray) -> dict[str, Any]:
    """``_peak_rows`` of a few events, walked in time order in Python (the same rows and order)."""
    live, allocated, freed, unmatched = _walked_window(
        timeline["address"][window].tolist(),
        timeline["is_deallocation"][window].tolist(),
        timeline["allocation_bytes"][window].tolist(),
    )
    unmapped = summary["peak_heap_bytes"] - _int64_sum(allocated) + _int64_sum(freed) - _int64_sum(unmatched)
    rows = window[live]
    texts = {c: _text_list(timeline[c], rows) for c in _TEXT_COLUMNS}
    allocation = timeline["allocation_bytes"][rows].tolist()
    requested = timeline["requested_bytes"][rows].tolist()
    special = [False] * len(rows)
    for tf_op, size, requested_size, region_type, data_type, shape in _special_rows(
        unmapped, summary["peak_stack_bytes"]
    ):
        for c, value in zip(_TEXT_COLUMNS, (tf_op, region_type, data_type, shape)):
            texts[c].append(value)
        allocation.append(size)
        requested.append(requested_size)
        special.append(True)
    return _merged_lists(allocation, requested, texts, special)


def _walked_window(address: list[int], is_dealloc: list[bool], size: list[int]) -> tuple[list[int], int, int, int]:
    """Of some time-ordered allocator events: the positions of the allocations still live after them (the
    last event of their address, ascending); the bytes (``allocation_bytes``) they allocate, free, and free
    of memory allocated before them (no allocation of the address since its last deallocation among them),
    exact sums."""
    last: dict[int, int] = {}  # address -> position of its last event
    allocated: set[int] = set()  # addresses whose last event so far is an allocation
    allocated_bytes = freed_bytes = unmatched_bytes = 0
    for position, (where, dealloc, nbytes) in enumerate(zip(address, is_dealloc, size)):
        last[where] = position
        if not dealloc:
            allocated.add(where)
            allocated_bytes += nbytes
            continue
        freed_bytes += nbytes
        if where in allocated:
            allocated.discard(where)
        else:
            unmatched_bytes += nbytes
    return sorted([last[where] for where in allocated]), allocated_bytes, freed_bytes, unmatched_bytes


def _int64_sum(total: int) -> int:
    """An exact integer sum as numpy's int64 sum of its terms gives it (wrapped modulo 2^64)."""
    return (total + 2**63) % 2**64 - 2**63


def _text_list(text: _Text, rows: np.ndarray) -> list[str]:
    """A text column's values at ``rows`` as ``ec.text`` gives them (``""`` for a missing one), as a list."""
    table = text.table.tolist()
    if not all(type(v) is str for v in table):
        table = ec.text(text.table).tolist()
    return [table[code] for code in text.codes[rows].tolist()]


def _special_rows(unmapped: int, stack: int) -> list[tuple[str, int, int, str, str, str]]:
    """The breakdown's special rows (tf_op, allocation and requested bytes, region type, data type, shape):
    heap not accounted for by the live allocations (``unmapped``, where positive) and the stack reservation."""
    specials = []
    if unmapped > 0:
        specials.append((UNUSED_PREALLOCATED, unmapped, unmapped, "persist/dynamic", "INVALID", "unknown"))
    if stack > 0:
        specials.append(("stack", stack, stack, "stack", "INVALID", "unknown"))
    return specials


def _string_columns(columns: dict[str, list[str]], dtype: pd.StringDtype) -> dict[str, Any]:
    """``string_array(values, dtype)`` of each of several lists of str of one length: Arrow-backed arrays
    sliced from one array of them all (one Arrow conversion instead of one a column)."""
    n = len(next(iter(columns.values())))
    joined = string_array([v for values in columns.values() for v in values], dtype)
    if not isinstance(joined, pd.arrays.ArrowStringArray):  # a string dtype not Arrow-backed: a column at a time
        return {name: string_array(values, dtype) for name, values in columns.items()}
    return {name: joined[k * n : (k + 1) * n] for k, name in enumerate(columns)}


# Up to this many rows at the peak are merged with a dict (numpy's and pandas' per-call costs, ~0.3 ms,
# are most of the work for the few rows a peak usually has); more take the vectorised ``_merged``.
_FEW_BREAKDOWN_ROWS = 200


def _merged(
    allocation: np.ndarray, requested: np.ndarray, texts: dict[str, np.ndarray], special: np.ndarray
) -> dict[str, Any]:
    """One row per distinct (sizes, texts) with its occurrences and whether any of its rows is special, by
    size (descending), requested size (descending), then the texts: int64 / bool arrays, lists of str."""
    group, n_groups = ec.group_ids(allocation, requested, *texts.values())
    first = ec.first_rows(group) if n_groups else np.zeros(0, np.int64)
    occurrences = np.bincount(group, minlength=n_groups).astype(np.int64)
    is_special = np.bincount(group, weights=special, minlength=n_groups) > 0
    merged_texts = {c: v[first] for c, v in texts.items()}
    order = np.lexsort(
        [pd.factorize(merged_texts[c], sort=True)[0] for c in reversed(_TEXT_COLUMNS)]
        + [-requested[first], -allocation[first]]
    )
    out: dict[str, Any] = {c: v[order].tolist() for c, v in merged_texts.items()}
    out["allocation_bytes"] = allocation[first][order]
    out["requested_bytes"] = requested[first][order]
    out["occurrences"] = occurrences[order]
    out["special"] = is_special[order]
    return out


def _merged_few(
    allocation: np.ndarray, requested: np.ndarray, texts: dict[str, np.ndarray], special: np.ndarray
) -> dict[str, Any]:
    """``_merged`` of a few rows, with a dict keyed by each row's values (the same rows and order)."""
    return _merged_lists(
        allocation.tolist(), requested.tolist(), {c: v.tolist() for c, v in texts.items()}, special.tolist()
    )


def _merged_lists(
    allocation: list[int], requested: list[int], texts: dict[str, list[str]], special: list[bool]
) -> dict[str, Any]:
    """``_merged_few`` of rows given as lists."""
    groups: dict[tuple[Any, ...], list[Any]] = {}  # key -> [occurrences, special]
    keys = zip(allocation, requested, *texts.values())
    for key, is_special in zip(keys, special):
        seen = groups.get(key)
        if seen is None:
            groups[key] = [1, is_special]
        else:
            seen[0] += 1
            seen[1] = seen[1] or is_special
    # the keys differ: sorting by (-size, -requested, texts) leaves no ties
    ordered = sorted(groups, key=lambda k: (-k[0], -k[1], *k[2:]))
    out: dict[str, Any] = {c: [k[2 + i] for k in ordered] for i, c in enumerate(texts)}
    out["allocation_bytes"] = np.array([k[0] for k in ordered], np.int64)
    out["requested_bytes"] = np.array([k[1] for k in ordered], np.int64)
    out["occurrences"] = np.array([groups[k][0] for k in ordered], np.int64)
    out["special"] = np.array([groups[k][1] for k in ordered], bool)
    return out


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
