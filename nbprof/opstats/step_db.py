"""Steps and their time breakdown: ``prof.steps`` (XProf's step database).

Follows XProf's ``xplane_to_step_events.cc``, ``event_span.cc`` and
``step_events_to_steps_db.cc``:

* events are grouped into steps (``_step_events.group_host_events``);
* a step's time is its longest marker: on a host-only profile the host markers (events
  named ``train*``/``test*``/``TraceContext`` without ``/``, or user roots with a step
  name such as JAX ``StepTraceAnnotation``); with GPUs/TPUs the device ``Steps`` line;
* every other grouped event gets an event type (host compute, waiting for input, device
  compute 16/32 bit, memcpy, collectives, ...); overlapping types are resolved by XProf's
  priority (higher wins) and time in the step covered by none is "all others";
* steps without compute (no host compute on a host-only profile, no device compute with
  a device) are dropped, as XProf does.

``in_analysis`` marks the steps the averages use: XProf drops the first and the last
step when a host has more than 5 steps (they are usually cut by the capture window).
Times are int64 ps.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.opstats import step_grouping as se
from nbprof.opstats.step_rows import analysed_rows
from nbprof.opstats.tpu_steps import TpuSteps, build_tpu_steps, stack_tpu_steps
from nbprof.opstats.xla_cpu_ops import xla_cpu_op_mask
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames
from nbprof.xspace.typed_frame import strings, typed_frame

CATEGORIES = tuple(se.CATEGORY_TYPES)

Columns = dict[str, np.ndarray]
"""A small table as numpy arrays of one length (the step db's markers and spans: no DataFrame each)."""
_MARKER_COLUMNS = ("group", "start_ps", "end_ps", "marker")  # a step marker: its group, times (ps), kind
_SPAN_COLUMNS = ("group", "type", "start_ps", "end_ps")  # a typed span: its group, XProf event type, times
EventTimes = tuple[np.ndarray, np.ndarray, np.ndarray]
"""Events' ``start_ps``, ``end_ps`` and ``duration_ps`` (int64 ps, one value per event), read once."""
DROP_INCOMPLETE_THRESHOLD = 5  # XProf's kDropIncomplteteStepThreshold

# Endings of the per-host notes about that host's own averages (a combination replaces them).
PER_HOST_ANALYSIS_NOTE_ENDS = (
    f"(XProf drops them when there are more than {DROP_INCOMPLETE_THRESHOLD})",
    "covered by no event of the step ('all others': untraced work, Python, idle)",
)
DEFAULT_CORE_ID = 1  # XProf's kDefaultGpuLocalCoreId: a host's steps are this core's

STEP_COLUMNS = (
    ["host", "step_num", "step_name", "group_id", "step", "core", "core_id", "start_ps", "duration_ps"]
    + [f"{c}_ps" for c in CATEGORIES]
    + [
        "host_wait_input_ps",
        "host_to_device_ps",
        "device_compute_16_ps",
        "device_compute_32_ps",
        "xla_cpu_compute_ps",
        "marker",
        "in_analysis",
    ]
)


@dataclass
class StepDb:
    """XProf's step database: the steps table, what was used, and the step (group) id of
    every event (``event_groups``, aligned with ``frames.events``; -1 = none). A combined
    db of several hosts has no ``event_groups`` (None): each host's OpStats has its own."""

    steps: pd.DataFrame
    notes: list[str]
    event_groups: np.ndarray | None
    file_time_offsets: dict[str, int] | Callable[[], dict[str, int]] = field(default_factory=dict, repr=False)
    """``file_time_offsets_ps`` as given: the dict, or the function that makes it on its first read
    (``build_step_db``'s: from the frames' lines, which only a combination of hosts reads)."""
    analysed: pd.DataFrame | None = None
    """The steps the averages use where they are not ``steps[in_analysis]`` (combined hosts)."""
    tpu: TpuSteps | None = None
    """TPU profiles: XProf's TPU step breakdown per step and core (``tpu_steps.py``); None elsewhere."""
    arrays: tuple[pd.DataFrame, Columns] | None = field(default=None, repr=False)
    """(the steps frame, its columns as numpy arrays) where the builder kept them (see ``columns``)."""

    @property
    def file_time_offsets_ps(self) -> dict[str, int]:
        """Per host, what nbprof added to the file's own times (ps): XProf works on the file's time
        (relative line timestamps: since that host's session start), ``start_ps - offset``."""
        if callable(self.file_time_offsets):
            self.file_time_offsets = self.file_time_offsets()
        return self.file_time_offsets

    def __getstate__(self) -> dict[str, Any]:
        """Pickled with its offsets made (no function of the frames in a shipped db)."""
        self.file_time_offsets = self.file_time_offsets_ps
        return self.__dict__

    @property
    def columns(self) -> Columns | None:
        """``steps``' columns as numpy arrays (``to_numpy()`` of each: text as object arrays of str) where
        its builder kept them for this very frame (one host's steps of numbers and str; a ``replace`` of
        ``steps`` leaves them behind), else None. Read-only: shared with every reader."""
        if self.arrays is None or self.arrays[0] is not self.steps:
            return None
        return self.arrays[1]

    @property
    def analysed_steps(self) -> pd.DataFrame:
        """The steps XProf's overview and input-pipeline averages use (ps): the frame of
        ``step_analysis.analysed_rows``, which states the rule."""

        return analysed_rows(self.steps, self.analysed, self.columns).frame()


def build_step_db(frames: Frames, groupings: EventGroupings | None = None) -> StepDb:
    """One row per step and host: start, duration and the breakdown columns (ps).

    Columns: ``host``, ``step_num`` (the step number of the marker, else XProf's group
    id), ``step_name`` (XProf's label, e.g. ``"train 3"``), ``group_id``, ``step`` (XProf's
    step number: the group id here; the position in the step intersection when hosts are
    combined), ``core`` (``"host"`` or ``"device"`` — where the step time was measured),
    ``core_id`` (XProf's core key: 1 on a host; ``host index * 1000 + 1`` combined), ``start_ps``,
    ``duration_ps``, one ``<category>_ps`` column per generic category (device_compute,
    device_to_device, device_collectives, host_compute, kernel_launch, input, output,
    compile, all_others), the input split ``host_wait_input_ps`` / ``host_to_device_ps``,
    the device precision split, ``marker`` and ``in_analysis``. ``groupings`` are the frames'
    ``group_events`` when already made (they are made here otherwise).
    """
    if groupings is None:
        groupings = group_events(frames)
    tables, arrays, notes, tpu_parts = [], [], [], []
    plane_names = [str(n) for n in xs.values_list(frames.planes["name"])]
    plane_hosts = xs.values_list(frames.planes["host"])
    for host in groupings.hosts:
        host_planes = plane_names if host is None else [n for n, h in zip(plane_names, plane_hosts) if h == host]
        sub, grouping = groupings.host_events(frames.events, host)
        table, host_notes, tpu, columns = _host_steps(
            frames, sub, grouping, host_planes, host if host is not None else ""
        )
        tables.append(table)
        arrays.append(columns)
        notes.extend(host_notes)
        if tpu is not None:
            tpu_parts.append(tpu)
    kept: tuple[pd.DataFrame, Columns] | None = None
    if not any(table is not None and len(table) for table in tables):  # no step: the empty table, its columns
        kept = _empty_steps_and_columns()
        out = kept[0]
    elif len(tables) == 1:  # one host's table has a default index already
        out = _or_empty(tables[0])
        kept = (out, arrays[0]) if arrays[0] is not None else None
    else:
        out = pd.concat([_or_empty(table) for table in tables], ignore_index=True)
    return StepDb(
        steps=out,
        notes=notes,
        event_groups=groupings.event_groups,
        file_time_offsets=lambda: file_time_offsets_ps(frames),  # made when a combination reads them
        tpu=stack_tpu_steps(tpu_parts) if tpu_parts else None,
        arrays=kept,
    )


def _or_empty(table: pd.DataFrame | None) -> pd.DataFrame:
    """A host's steps table (``_host_steps``'), ``empty_steps()`` for None (no steps)."""
    return empty_steps() if table is None else table


@dataclass
class HostGrouping:
    """XProf's event groups of one host: ``rows`` (of ``frames.events``: the host's host-plane and
    device-plane events, in frame order; None = every row) and the grouping (``se.Grouping``, whose
    ``group`` is left empty here: it is ``EventGroupings.event_groups[rows]``)."""

    rows: np.ndarray | None
    grouping: se.Grouping


@dataclass
class EventGroupings:
    """Every host's ``HostGrouping`` (key None: frames without hosts) and the group (step) id of
    every event, aligned with ``frames.events`` (-1 = none)."""

    hosts: dict[str | None, HostGrouping]
    event_groups: np.ndarray

    @property
    def whole_frame_edges(self) -> se.ContextEdges | None:
        """The context edges of the whole events frame where one host's grouping spread over all of it
        (``se.Grouping.edges``: kept for small frames only), else None."""
        if len(self.hosts) != 1:
            return None
        (only,) = self.hosts.values()
        return only.grouping.edges if only.rows is None else None

    @property
    def sources(self) -> list[str]:
        """How each host's groups were found (``se.Grouping.source``)."""
        return [hg.grouping.source for hg in self.hosts.values()]

    def host_events(self, events: pd.DataFrame, host: str | None) -> tuple[pd.DataFrame, se.Grouping]:
        """One host's grouped events (the events frame itself when they are all of it) and its
        grouping with its ``group`` ids."""
        hg = self.hosts[host]
        if hg.rows is None:
            return events, replace(hg.grouping, group=self.event_groups)
        return events.iloc[hg.rows], replace(hg.grouping, group=self.event_groups[hg.rows])


def group_events(frames: Frames) -> EventGroupings:
    """Group the events of each host (XProf's GroupTfEvents on its host and device planes).

    Selects rows with numpy masks and copies the events frame only when some rows are left out.
    """
    events = frames.events
    plane = events["plane"]
    grouped_planes = xs.values_in(plane, [xs.HOST_PLANE]) | xs.value_mask(plane, xs.is_device_plane)
    hosts = list(frames.hosts) or [None]
    flows = _flows_of(frames)
    if len(hosts) == 1 and grouped_planes.all():  # one host, every event grouped: its groups as they come
        grouping = se.group_host_events(events, flows)
        return EventGroupings(
            {hosts[0]: HostGrouping(None, replace(grouping, group=np.empty(0, np.int64)))}, grouping.group
        )
    event_groups = np.full(len(events), -1, np.int64)
    out: dict[str | None, HostGrouping] = {}
    for host in hosts:
        mask = grouped_planes if host is None else grouped_planes & xs.values_in(events["host"], [host])
        if mask.all():
            grouping = se.group_host_events(events, flows)
            event_groups[:] = grouping.group
            out[host] = HostGrouping(None, replace(grouping, group=np.empty(0, np.int64)))
            continue
        rows = np.flatnonzero(mask)
        grouping = se.group_host_events(events.iloc[rows], flows)
        event_groups[rows] = grouping.group
        out[host] = HostGrouping(rows, replace(grouping, group=np.empty(0, np.int64)))
    return EventGroupings(out, event_groups)


def _flows_of(frames: Frames) -> Callable[[], pd.DataFrame]:
    """``frames.flows`` as the grouping's ``se.Flows`` function: built on the first grouping that reads it."""
    return lambda: frames.flows


def file_time_offsets_ps(frames: Frames) -> dict[str, int]:
    """Per host, nbprof's time minus the file's time (ps), from its ``/host:CPU`` lines (else any
    line): nonzero where the file's line timestamps are relative to its session start
    (``Frames.file_time_offsets_ps``)."""
    return frames.file_time_offsets_ps()  # type: ignore[no-any-return]


_EMPTY_STEP_DTYPES = {
    c: object if c in ("host", "step_name", "core", "marker") else bool if c == "in_analysis" else np.int64
    for c in STEP_COLUMNS
}


def empty_steps() -> pd.DataFrame:
    """A steps table without rows (the columns and dtypes of ``build_step_db``'s)."""
    return _empty_steps_and_columns()[0]


def _empty_steps_and_columns() -> tuple[pd.DataFrame, Columns]:
    """``empty_steps()`` and the empty arrays it is made of (its columns' ``to_numpy()``: ``StepDb.columns``)."""
    columns = {c: np.empty(0, dtype) for c, dtype in _EMPTY_STEP_DTYPES.items()}
    return typed_frame(columns), columns


# ------------------------------------------------------------------------- one host
def _host_steps(
    frames: Frames, sub: pd.DataFrame, grouping: se.Grouping, plane_names: list[str], host: str
) -> tuple[pd.DataFrame | None, list[str], TpuSteps | None, Columns | None]:
    """Steps of one host (``plane_names``: its planes') from its grouped events (None: no step marker), its
    notes, on TPU its TPU step breakdown, and the steps' columns as numpy arrays where they were made so
    (``StepDb.columns``)."""
    notes: list[str] = []
    device_plane_names = [n for n in plane_names if xs.is_device_plane(n)]
    has_device = len(device_plane_names) > 0
    is_tpu = any(n.startswith("/device:TPU:") for n in device_plane_names)
    label = f"host {host!r}: " if host else ""
    notes.append(f"{label}step groups: {grouping.source}")

    if not is_tpu and not (grouping.group >= 0).any():  # every marker is a grouped event: none without groups
        return None, notes + _no_marker_notes(sub, label), None, None
    if not has_device:
        times = _event_times(sub)
        markers, spans = _host_markers_and_spans(sub, grouping, times)
        core = "host"
    elif is_tpu:
        tpu = build_tpu_steps(frames, sub, grouping.group, host, grouping.names)
        notes.extend(f"{label}{n}" for n in tpu.notes)
        notes.append(
            f"{label}TPU: steps come only from the TPU cores' 'Steps' lines (XProf ignores host markers here); "
            "their breakdown is XProf's TPU one (TensorCore compute, infeed, outfeed, idle, host transfer per core)"
        )
        if len(tpu.steps) == 0:
            notes.append(f"{label}no step markers on the TPU cores' Steps lines: XProf says 'No step time measured'")
            return None, notes, tpu, None
        return _tpu_step_rows(tpu.steps, grouping), notes, tpu, None
    else:
        times = _event_times(sub)
        markers, spans = _gpu_markers_and_spans(sub, grouping, times)
        core = "device"
    if len(markers["group"]) == 0:
        return None, notes + _no_marker_notes(sub, label), None, None

    step_span = _longest_markers(markers)
    if not has_device:
        xla = _xla_cpu_spans(sub, step_span, times)
        if len(xla["group"]):
            spans = {c: np.concatenate([spans[c], xla[c]]) for c in spans}
    breakdown = _breakdown(spans, step_span)
    well_formed = (breakdown["t_140"] + breakdown["t_150"] > 0) if has_device else (breakdown["_host_compute_any"] > 0)
    dropped = int((~well_formed).sum())
    if dropped:
        notes.append(
            f"{label}{dropped} step(s) without {'device' if has_device else 'host'} compute dropped (as XProf)"
        )
    kept = np.flatnonzero(well_formed)
    group_ids = step_span["group"][kept]
    duration = step_span["duration_ps"][kept]
    columns: dict[str, Any] = {
        "host": host,
        "step_num": [grouping.step_nums.get(g, g) for g in group_ids.tolist()],
        # XProf names a step by its marker's group name; steps derived from GPU events carry only the
        # group id (their Steps-line events get no name in XProf's step db)
        "step_name": [
            str(g) if has_device and grouping.gpu_markers is not None else grouping.names.get(g, str(g))
            for g in group_ids.tolist()
        ],
        "group_id": group_ids,
        "step": group_ids.copy(),
        "core": core,
        "core_id": DEFAULT_CORE_ID,
        "start_ps": step_span["start_ps"][kept],
        "duration_ps": duration,
    }
    type_ids = [int(c[2:]) for c in breakdown if c.startswith("t_")]
    by_type = {ty: breakdown[f"t_{ty}"][kept] for ty in type_ids}
    zero = np.zeros(len(kept), np.int64)
    known = sum((by_type.get(t, zero) for t in type_ids if t not in (se.UNKNOWN_TIME, se.XLA_CPU_COMPUTE)), zero)
    by_type[se.UNKNOWN_TIME] = np.maximum(duration - known, 0)
    for cat, types in se.CATEGORY_TYPES.items():
        columns[f"{cat}_ps"] = sum((by_type.get(t, zero) for t in types), zero)
    columns["host_wait_input_ps"] = by_type.get(se.HOST_WAIT_INPUT, zero)
    columns["host_to_device_ps"] = by_type.get(se.HOST_TO_DEVICE, zero) + by_type.get(se.DEVICE_WAIT_HOST, zero)
    columns["device_compute_16_ps"] = by_type.get(se.DEVICE_COMPUTE_16, zero)
    columns["device_compute_32_ps"] = by_type.get(se.DEVICE_COMPUTE_32, zero)
    columns["xla_cpu_compute_ps"] = np.minimum(by_type.get(se.XLA_CPU_COMPUTE, zero), columns["all_others_ps"])
    columns["marker"] = step_span["marker"][kept]
    # by group id (stable), then one frame: pandas' per-call costs dominate a few steps
    order = np.argsort(group_ids, kind="stable")
    columns = {c: _reordered(v, order) for c, v in columns.items()}
    in_analysis = np.ones(len(order), bool)
    if len(order) > DROP_INCOMPLETE_THRESHOLD:
        in_analysis[0] = in_analysis[-1] = False
        notes.append(
            f"{label}{len(order)} steps; the first and last are left out of the averages "
            f"(XProf drops them when there are more than {DROP_INCOMPLETE_THRESHOLD})"
        )
    columns["in_analysis"] = in_analysis
    out, arrays = _steps_frame(columns, len(order))
    total = float(columns["duration_ps"][in_analysis].sum())
    if total > 0:
        notes.append(
            f"{label}{100.0 * float(columns['all_others_ps'][in_analysis].sum()) / total:.1f}% of the analysed "
            "step time is covered by no event of the step ('all others': untraced work, Python, idle)"
        )
    timed = times[2] > 0
    lost = timed & (grouping.group < 0)
    if timed.any():
        notes.append(
            f"{label}{int(lost.sum()):,} of {int(timed.sum()):,} timed events belong to no step "
            "(not reachable from a step marker: other threads' work, time outside the steps)"
        )
    return out, notes, None, arrays


def _no_marker_notes(sub: pd.DataFrame, label: str) -> list[str]:
    """The notes of a host without step markers (``sub``: its grouped events; ``label``: the notes' prefix)."""
    notes = [
        f"{label}no step markers: XProf says 'No step time measured' "
        "(instrument steps with jax.profiler.StepTraceAnnotation or tf.profiler.experimental.Trace(..., step_num=, _r=1))"
    ]
    unrooted = _carries(sub, "step_num")
    if unrooted.any():
        unrooted &= ~_carries(sub, "_r")
    if unrooted.any():
        names = sorted({str(x) for x in sub["name"].to_numpy()[unrooted]})
        notes.append(
            f"{label}{int(unrooted.sum())} events carry step_num without _r=1 ({', '.join(names[:3])}; e.g. Keras 3's "
            "TensorBoard callback): XProf does not treat them as steps, nor do we"
        )
    return notes


def _carries(ev: pd.DataFrame, stat: str) -> np.ndarray:
    """Per event, whether it has a value of the promoted stat column ``stat`` (none where no event has one)."""
    if stat not in ev.columns:
        return np.zeros(len(ev), bool)
    return ~np.asarray(ev[stat].array.isna(), dtype=bool)


def _steps_frame(columns: dict[str, Any], n: int) -> tuple[pd.DataFrame, Columns | None]:
    """``pd.DataFrame(columns)`` of ``n`` rows (arrays, lists and scalars, as ``_host_steps`` makes them),
    typed as pandas infers them but without its checks, and its numpy columns; ``pd.DataFrame`` itself
    (and no columns) for what is not a column of str, of ints or of bools."""
    arrays = _step_arrays(columns, n)
    return (pd.DataFrame(columns) if arrays is None else step_frame(arrays)), arrays


def step_frame(arrays: Columns) -> pd.DataFrame:
    """A steps frame of numpy columns (at least one row): numbers and bools as they are, object arrays
    of str as pandas' str type (as ``pd.DataFrame`` types them)."""
    return typed_frame({c: strings(v.tolist()) if v.dtype == object else v for c, v in arrays.items()})


def _step_arrays(columns: dict[str, Any], n: int) -> Columns | None:
    """The columns of ``pd.DataFrame(columns)`` (``n`` rows, at least one) as its ``to_numpy()`` gives
    them where each is numbers, bools or str (text as object arrays), else None."""
    arrays = {c: _plain_column(v, n) for c, v in columns.items()} if n else {}
    if not n or any(v is None for v in arrays.values()):
        return None
    return arrays  # type: ignore[return-value]


def _plain_column(values: Any, n: int) -> np.ndarray | None:
    """A column of ``_step_arrays`` as ``pd.DataFrame`` types it, as numpy: a numeric or bool array as it
    is, str as an object array, ints as int64; None when it is of another kind."""
    if isinstance(values, np.ndarray):
        if values.dtype.kind in "iufb":
            return values
        values = values.tolist()
    elif not isinstance(values, list):
        values = [values] * n  # a scalar, as pandas broadcasts it
    if all(type(v) is str for v in values):
        out = np.empty(len(values), object)
        out[:] = values
        return out
    if all(type(v) is int or isinstance(v, np.signedinteger) for v in values):
        try:
            return np.array(values, dtype=np.int64)
        except OverflowError:  # pandas makes it another type
            return None
    return None


def _reordered(values: Any, order: np.ndarray) -> Any:
    """A column value taken in ``order``: arrays and lists (kept lists: their dtype is pandas' to
    infer, as before), scalars as they are."""
    if isinstance(values, np.ndarray):
        return values[order]
    if isinstance(values, list):
        return [values[i] for i in order.tolist()]
    return values


def _tpu_step_rows(tpu: pd.DataFrame, grouping: se.Grouping) -> pd.DataFrame:
    """``prof.steps`` rows of TPU steps: XProf's TPU breakdown in the generic columns (TensorCore and
    SparseCore v0 compute -> device compute, infeed -> input, outfeed -> output, all-reduce -> device
    collectives, TensorCore idle -> all others); every step is analysed (XProf keeps them all on TPU)."""
    n = len(tpu)
    zero = np.zeros(n, np.int64)
    groups = tpu["step"].to_numpy(np.int64)
    out = pd.DataFrame(
        {
            "host": tpu["host"].to_numpy(object),
            "step_num": [grouping.step_nums.get(int(g), int(g)) for g in groups],
            "step_name": tpu["step_name"].to_numpy(object),
            "group_id": groups,
            "step": groups,
            "core": "device",
            "core_id": DEFAULT_CORE_ID,
            "start_ps": tpu["start_ps"].to_numpy(np.int64),
            "duration_ps": tpu["step_time_ps"].to_numpy(np.int64),
        }
    )
    values = {
        "device_compute": tpu["tc_compute_ps"] + tpu["scv0_compute_ps"],
        "device_collectives": tpu["all_reduce_compute_ps"] + tpu["all_reduce_sync_ps"],
        "input": tpu["tc_infeed_ps"] + tpu["scv0_infeed_ps"],
        "output": tpu["tc_outfeed_ps"],
        "all_others": tpu["tc_idle_ps"],
    }
    for cat in CATEGORIES:
        out[f"{cat}_ps"] = values[cat].to_numpy(np.int64) if cat in values else zero
    out["host_wait_input_ps"] = out["input_ps"].to_numpy(np.int64)
    out["host_to_device_ps"] = zero
    out["device_compute_16_ps"] = zero
    out["device_compute_32_ps"] = zero
    out["xla_cpu_compute_ps"] = zero
    out["marker"] = "TPU Steps line"
    out["in_analysis"] = True
    return out[STEP_COLUMNS]


def _event_times(ev: pd.DataFrame) -> EventTimes:
    """``ev``'s ``start_ps``, ``end_ps`` and ``duration_ps`` as numpy arrays, each column read once (a
    column of the events frame costs ~25 us a read)."""
    return ev["start_ps"].to_numpy(), ev["end_ps"].to_numpy(), ev["duration_ps"].to_numpy()


def _host_markers_and_spans(ev: pd.DataFrame, grouping: se.Grouping, times: EventTimes) -> tuple[Columns, Columns]:
    """Host step markers and typed spans of a host-only profile (ConvertHostThreadsXPlaneToStepEvents),
    as ``_MARKER_COLUMNS`` and ``_SPAN_COLUMNS`` arrays."""
    group = grouping.group
    on_host = xs.values_in(ev["plane"], [xs.HOST_PLANE]) & (group >= 0)
    names = ev["name"]
    # per distinct name, both tests in one pass; the explicit-marker mask is read off it where needed
    # (one event-length array alive, not two: the memory of large profiles)
    kind = xs.value_map(names, _host_name_kind, 0, np.int8)
    implicit = _carries(ev, "step_name") & ((kind & _EXPLICIT) == 0)
    named_groups = np.array(sorted(grouping.names), dtype=np.int64)
    if len(named_groups):
        # grouping gives the user root of each named group a step_name stat
        roots = np.flatnonzero((xs.int_values(xs.column(ev, "_r")) >= 0) | xs.values_in(names, ["TraceContext"]))
        roots = roots[np.isin(group[roots], named_groups)]
        _, first_root = np.unique(group[roots], return_index=True)  # each named group's first root
        first_roots = roots[first_root]
        implicit[first_roots] |= (kind[first_roots] & _EXPLICIT) == 0
    is_marker = on_host & (((kind & _EXPLICIT) != 0) | implicit)
    markers = {
        "group": group[is_marker],
        "start_ps": times[0][is_marker],
        "end_ps": times[1][is_marker],
        "marker": np.where((kind[is_marker] & _EXPLICIT) != 0, "host (explicit)", "host (step name)").astype(object),
    }
    # real CPU compute is never an explicit marker
    rows = np.flatnonzero(on_host & ~implicit & ((kind & _REAL_CPU) != 0))
    span_type = _map_at(names, rows, _classify_cpu, se.HOST_COMPUTE, np.int16)  # XProf's types < 2**15
    kept = ~_covered_by_parent(ev, rows, span_type, group)
    rows, span_type = rows[kept], span_type[kept]
    return markers, _spans_at(times, rows, group, span_type)


def _spans_at(times: EventTimes, rows: np.ndarray, group: np.ndarray, span_type: np.ndarray) -> Columns:
    """The spans of the events at positions ``rows`` (``times``, ``group`` per event; ``span_type`` per
    span) as ``_SPAN_COLUMNS`` arrays (int64; times ps)."""
    return {
        "group": group[rows],
        "type": span_type.astype(np.int64),
        "start_ps": times[0][rows],
        "end_ps": times[1][rows],
    }


def _covered_by_parent(ev: pd.DataFrame, rows: np.ndarray, span_type: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Which spans (``ev`` positions ``rows``, of types ``span_type``; ``group`` per ``ev`` row) cannot
    change the breakdown: those whose direct parent on their line is also a span, of the same group
    and of a type at least as high. The parent contains the child, so every union of the spans of
    types >= T (what the priority sweep measures, clipped to the step or not) is the same without
    it, and a chain of such parents ends at a kept span that contains them all. ``_sticky_spans``
    gives the same too: a zero-duration child is blocked wherever its parent is, else its artefact
    span lies inside the parent's (same start, a type as high, a later or equal end), and a dropped
    child never starts first after an unblocked point (its parent starts no later or blocks it).

    Python-traced profiles gain most: jax_large's 1.07M host spans become 199k (the tracer's frames
    nest under their callers).
    """
    if len(rows) == 0 or "parent" not in ev.columns:
        return np.zeros(len(rows), bool)
    parent = se.parent_positions(ev)
    # a span's (group, type) packed in one int64 (types are < 2**16), -1 for the other rows and for
    # "no parent" (the extra last row): one gather per span; in chunks, so that the per-span
    # temporaries stay small on large profiles
    packed = np.full(len(ev) + 1, -1, np.int64)
    covered = np.empty(len(rows), bool)
    for lo in range(0, len(rows), _COVER_CHUNK):
        part = rows[lo : lo + _COVER_CHUNK]
        packed[part] = (group[part] << 16) | span_type[lo : lo + _COVER_CHUNK]
    for lo in range(0, len(rows), _COVER_CHUNK):
        part = rows[lo : lo + _COVER_CHUNK]
        mine, of_parent = packed[part], packed[parent[part]]
        covered[lo : lo + _COVER_CHUNK] = (of_parent >> 16 == mine >> 16) & (
            of_parent >= mine
        )  # same group, type as high
    return covered


_COVER_CHUNK = 1 << 18


def _xla_cpu_spans(ev: pd.DataFrame, steps: Columns, times: EventTimes) -> Columns:
    """XLA CPU ops on host threads as spans of nbprof's ``XLA_CPU_COMPUTE`` type, each in the step whose
    time span contains its start (they are usually in no step group: XProf counts their time as "all
    others"). Zero-length ops are left out. ``steps``: ``_longest_markers``' arrays."""
    rows = np.flatnonzero(xla_cpu_op_mask(ev) & (times[2] > 0))
    if len(rows) == 0 or len(steps["group"]) == 0:
        empty = np.zeros(0, np.int64)
        return {"group": empty, "type": empty, "start_ps": empty, "end_ps": empty}
    start = times[0][rows]
    order = np.argsort(steps["start_ps"], kind="stable")
    step_start = steps["start_ps"][order]
    step_end = step_start + steps["duration_ps"][order]
    step_group = steps["group"][order]
    at = np.searchsorted(step_start, start, side="right") - 1
    inside = (at >= 0) & (start < step_end[np.maximum(at, 0)])
    return {
        "group": step_group[at[inside]].astype(np.int64),
        "type": np.full(int(inside.sum()), se.XLA_CPU_COMPUTE, np.int64),
        "start_ps": start[inside].astype(np.int64),
        "end_ps": times[1][rows][inside].astype(np.int64),
    }


def _device_step_markers(group: np.ndarray, start: np.ndarray, end: np.ndarray) -> Columns:
    """The markers of the devices' ``Steps`` lines as ``_MARKER_COLUMNS`` arrays (``marker``:
    "device Steps line")."""
    return {
        "group": group,
        "start_ps": start,
        "end_ps": end,
        "marker": np.full(len(group), "device Steps line", object),
    }


_HAS_SHAPE, _HALF_SHAPE = 1, 2


def _shape_flags(shape: str) -> int:
    """A ``shape`` stat's text as bits: ``_HAS_SHAPE`` where it is not empty, ``_HALF_SHAPE`` where it
    names a ``half`` (fp16) tensor."""
    return (_HAS_SHAPE if len(shape) > 0 else 0) | (_HALF_SHAPE if "half" in shape else 0)


def _gpu_markers_and_spans(ev: pd.DataFrame, grouping: se.Grouping, times: EventTimes) -> tuple[Columns, Columns]:
    """Device markers (``Steps`` lines) and typed device spans, per GPU then unioned
    (ConvertDeviceTraceXPlaneToStepEvents), as ``_MARKER_COLUMNS`` and ``_SPAN_COLUMNS`` arrays."""
    group = grouping.group
    on_device = xs.value_mask(ev["plane"], xs.is_device_plane) & (group >= 0)
    if grouping.gpu_markers is not None:  # grouped here: the markers derived from the GPU events
        marker_rows = grouping.gpu_markers["row"]
        markers = {c: grouping.gpu_markers[c] for c in _MARKER_COLUMNS}
    else:
        start, end = _device_timespan(times)
        marker_rows = np.flatnonzero(on_device & xs.values_in(ev["line"], ["Steps"]))
        markers = _device_step_markers(group[marker_rows], start[marker_rows], end[marker_rows])
    op_rows = _device_op_rows(ev, on_device)
    kind = _map_at(ev["name"], op_rows, _classify_gpu, se.HOST_COMPUTE, np.int64)
    # precision from the tensor shapes (``shape`` stat) when an op has one, else from the name
    if _carries(ev, "shape")[op_rows].any():
        flags = xs.value_map(ev["shape"], _shape_flags, 0, np.int8, rows=op_rows)  # per distinct shape text
        has_shape, half = (flags & _HAS_SHAPE) != 0, (flags & _HALF_SHAPE) != 0
        compute = (kind == se.DEVICE_COMPUTE_16) | (kind == se.DEVICE_COMPUTE_32)
        kind = np.where(compute & has_shape, np.where(half, se.DEVICE_COMPUTE_16, se.DEVICE_COMPUTE_32), kind)
    # Per plane: keep only groups that the plane's Steps line marks (when it has events).
    op_plane, op_group = ec.row_codes(ev["plane"], op_rows), group[op_rows]  # plane codes: compared with each other
    marked_plane, marked_group = ec.row_codes(ev["plane"], marker_rows), group[marker_rows]
    keep = np.zeros(len(op_rows), bool)
    for code in ec.distinct_sorted(marked_plane):
        keep |= (op_plane == code) & np.isin(op_group, marked_group[marked_plane == code])
    return markers, _spans_at(times, op_rows[keep], group, kind[keep])


def _device_op_rows(ev: pd.DataFrame, on_device: np.ndarray) -> np.ndarray:
    """The rows of device ops that may be spans: ``on_device`` (grouped events of device planes) with a
    ``correlation_id``, not on a derived line (XProf's ``XLA Ops``, ``Steps``, ...: by id or name)."""
    rows = np.flatnonzero(on_device & _carries(ev, "correlation_id"))
    derived = xs.is_derived_line_id(ev["line_id"].to_numpy()[rows])
    derived |= xs.values_in(ev["line"], xs.DERIVED_LINE_NAMES, rows=rows)
    return rows[~derived]


def _map_at(
    series: pd.Series, rows: np.ndarray, function: Callable[[str], Any], missing: Any, dtype: Any
) -> np.ndarray:
    """``xs.value_map(series, function, missing, dtype, rows=rows)``: on a categorical, ``function``
    runs only for the categories that ``rows`` use (a profile's names are mostly other planes')."""
    if not isinstance(series.dtype, pd.CategoricalDtype):
        return xs.value_map(series, function, missing, dtype, rows=rows)
    categorical = series.array
    codes = np.asarray(categorical.codes)[rows]
    seen = np.zeros(len(categorical.categories) + 1, bool)  # the last slot takes the missing values' -1
    seen[codes] = True
    used = np.flatnonzero(seen[:-1])
    table = np.full(len(seen), missing, dtype)
    names = categorical.categories[used].tolist()
    table[used] = np.fromiter((function(str(name)) for name in names), dtype, len(used))
    return table[codes]


def _device_timespan(times: EventTimes) -> tuple[np.ndarray, np.ndarray]:
    """Event span; XProf uses device_offset_ps/device_duration_ps when both are present."""
    start, end, _ = times
    return start, end


_EXPLICIT_MARKER_PREFIXES = ("train", "test", "TraceContext")
_NOT_REAL_CPU_PREFIXES = ("EagerExecute", "EagerLocalExecute", "EagerKernelExecute", "FunctionRun")
_INFEED_ENQUEUE = re.compile(r"^[^:]*:Infeed(?:Enqueue|EnqueueTuple|EnqueuePrelinearizedBuffer)$")


def _explicit_marker(name: str) -> bool:
    """XProf's IsExplicitHostStepMarker: train*/test*/TraceContext* without '/'."""
    return name.startswith(_EXPLICIT_MARKER_PREFIXES) and "/" not in name


_EXPLICIT, _REAL_CPU = 1, 2  # bits of ``_host_name_kind``


def _host_name_kind(name: str) -> int:
    """``_EXPLICIT`` if the name is an explicit host step marker, ``| _REAL_CPU`` if it is real CPU compute."""
    return (_EXPLICIT if _explicit_marker(name) else 0) | (_REAL_CPU if _real_cpu_compute(name) else 0)


def _real_cpu_compute(name: str) -> bool:
    """XProf's IsRealCpuCompute: not eager dispatch, not FunctionRun, not a step marker."""
    return not (name.startswith(_NOT_REAL_CPU_PREFIXES) or _explicit_marker(name))


def _classify_cpu(name: str) -> int:
    """XProf's ClassifyCpuEvent for a host-only profile (no HOST_PREPARE without a device)."""
    lower = name[:16].lower()  # only prefixes of at most 15 characters are tested
    if lower.startswith("memcpyhtod") or _INFEED_ENQUEUE.search(name):
        return se.HOST_TO_DEVICE
    if lower.startswith("memcpyhtoh"):
        return se.HOST_TO_HOST
    if lower.startswith("iteratorgetnext"):
        return se.HOST_WAIT_INPUT
    return se.HOST_COMPUTE


def _classify_gpu(name: str) -> int:
    """XProf's ClassifyGpuEvent: memcpy directions, nccl collectives, else compute by precision."""
    lower = name[:16].lower()  # only prefixes of at most 10 characters are tested (kernel names run long)
    if lower.startswith("memcpyhtod"):
        return se.HOST_TO_DEVICE
    if lower.startswith("memcpydtoh"):
        return se.DEVICE_TO_HOST
    if lower.startswith("memcpydtod"):
        return se.DEVICE_TO_DEVICE
    if lower.startswith("nccl"):
        return se.DEVICE_COLLECTIVES
    return se.DEVICE_COMPUTE_16 if ("half" in name or "fp16" in name) else se.DEVICE_COMPUTE_32


# ------------------------------------------------------------------- step time, breakdown
def _longest_markers(markers: Columns) -> Columns:
    """Per group, the longest marker (first one on ties), as XProf's StepTime: arrays ``group`` (ascending,
    distinct), ``start_ps``, ``duration_ps`` (int64 ps) and ``marker``, one value per step."""
    start = markers["start_ps"].astype(np.int64, copy=False)
    duration = markers["end_ps"].astype(np.int64, copy=False) - start
    rows = np.flatnonzero(duration > 0)
    group = markers["group"].astype(np.int64, copy=False)
    in_rows = group[rows]
    order = np.lexsort((rows, -duration[rows], in_rows))  # by group, longest first, earliest on ties
    best = rows[order[np.r_[True, in_rows[order][1:] != in_rows[order][:-1]]]] if len(rows) else rows
    return {
        "group": group[best],
        "start_ps": start[best],
        "duration_ps": duration[best],
        "marker": markers["marker"][best],
    }


def _breakdown(spans: Columns, steps: Columns) -> dict[str, np.ndarray]:
    """Exclusive time per event type within each step (``t_<type>``, aligned with ``steps``: arrays ``group``
    (distinct), ``start_ps``, ``duration_ps``; ``spans``: ``_SPAN_COLUMNS`` arrays),
    resolving overlaps by XProf's priority, plus ``_host_compute_any``: positive where host compute
    is the highest type somewhere, the steps' spans not clipped to the step (XProf's "well-formed"
    host step; a time only where the clipped ``t_10`` is zero, else that)."""
    g, t, s, e = (np.asarray(spans[c], np.int64) for c in _SPAN_COLUMNS)
    step_group = np.asarray(steps["group"], np.int64)
    in_steps = np.isin(g, step_group)
    if not in_steps.all():
        g, t, s, e = g[in_steps], t[in_steps], s[in_steps], e[in_steps]
    sticky = _sticky_spans(g, t, s, e)
    if len(sticky[0]):
        g, t, s, e = (np.concatenate([a, b]) for a, b in zip((g, t, s, e), sticky))
    step_start = np.asarray(steps["start_ps"], np.int64)
    step_end = step_start + np.asarray(steps["duration_ps"], np.int64)
    clipped = _top_type_time(g, t, s, e, step_group, clip=(step_start, step_end))
    # Host compute on top somewhere in the step is on top there unclipped too (clipping only cuts
    # what lies outside the step); only the other steps need the unclipped sweep.
    host_compute = clipped.get(se.HOST_COMPUTE, np.zeros(len(step_group), np.int64))
    unclear = np.flatnonzero(host_compute == 0)
    rows = np.flatnonzero((t >= se.HOST_COMPUTE) & np.isin(g, step_group[unclear]))
    if len(rows):
        unclipped = _top_type_time(g[rows], t[rows], s[rows], e[rows], step_group)
        host_compute = np.where(host_compute > 0, host_compute, unclipped.get(se.HOST_COMPUTE, 0))
    out = {"_host_compute_any": host_compute}
    out.update((f"t_{ty}", time_ps) for ty, time_ps in sorted(clipped.items(), reverse=True))
    for ty in (se.DEVICE_COMPUTE_16, se.DEVICE_COMPUTE_32):
        out.setdefault(f"t_{ty}", np.zeros(len(step_group), np.int64))
    return out


SWEEP_SPANS = 1 << 21  # spans swept at once (whole groups): bounds the sweep's memory on large profiles


def _top_type_time(
    group: np.ndarray,
    kind: np.ndarray,
    start: np.ndarray,
    end: np.ndarray,
    groups: np.ndarray,
    clip: tuple[np.ndarray, np.ndarray] | None = None,
) -> dict[int, np.ndarray]:
    """Per span type, the time (ps) per group of ``groups`` (distinct ids, any order; results by position
    in it) where it is the highest type of the
    group's active spans: XProf's priority resolution of overlapping events. Equals
    ``union(types >= T) - union(types > T)`` per group. Swept in chunks of whole groups.

    ``clip``: (start, end) per group of ``groups``: spans are cut to their group's bounds first and
    those left empty dropped (chunk by chunk: no span-length copies of the clipped times); types
    only on dropped spans are left out of the result."""
    small = len(kind) and int(kind.min()) >= 0 and int(kind.max()) < 1 << 16
    types = np.flatnonzero(np.bincount(kind)) if small else ec.distinct_sorted(kind)
    total = np.zeros((len(groups), len(types)), np.int64)
    present = np.zeros(len(types), bool)
    if len(start):
        position = _positions(np.asarray(groups, np.int64), group).astype(np.int32)
        code = np.searchsorted(types, kind).astype(np.int16)

        def sweep(rows: np.ndarray | None) -> None:
            p, c, s, e = (
                (position, code, start, end) if rows is None else (position[rows], code[rows], start[rows], end[rows])
            )
            if clip is not None:
                s = np.maximum(s, clip[0][p])
                e = np.minimum(e, clip[1][p])
                keep = np.flatnonzero(e > s)
                p, c, s, e = p[keep], c[keep], s[keep], e[keep]
            present[c] = True
            _sweep(p, c, s, e, len(types), total)

        count = np.bincount(position, minlength=len(groups))
        chunk_of_group = (np.cumsum(count) - count) // SWEEP_SPANS
        if chunk_of_group[-1] == 0:
            sweep(None)
        else:
            for chunk in ec.distinct_sorted(chunk_of_group).tolist():
                in_chunk = np.flatnonzero(chunk_of_group == chunk)
                sweep(np.flatnonzero((position >= in_chunk[0]) & (position <= in_chunk[-1])))
    if clip is None:
        present[:] = True
    return {int(ty): total[:, k] for k, ty in enumerate(types.tolist()) if present[k]}


def _positions(groups: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The position in ``groups`` (distinct ids, any order) of each of ``values``, -1 where absent
    (``pd.Index(groups).get_indexer(values)``): by a table indexed by id where the ids span a small
    range (step ids), else by a binary search."""
    if len(groups) == 0:
        return np.full(len(values), -1, np.int64)
    low, high = int(groups.min()), int(groups.max())
    if high - low < 4 * len(groups) + 1024:
        table = np.full(high - low + 2, -1, np.int64)  # the last entry answers the ids outside the range
        table[groups - low] = np.arange(len(groups))
        outside = (values < low) | (values > high)  # compared before subtracting: no wrap-around
        return table[np.where(outside, high - low + 1, values - low)]
    order = np.argsort(groups, kind="stable")
    at = np.minimum(np.searchsorted(groups[order], values), len(groups) - 1)
    return np.where(groups[order][at] == values, order[at], -1)


def _sweep(
    position: np.ndarray, code: np.ndarray, start: np.ndarray, end: np.ndarray, n_types: int, total: np.ndarray
) -> None:
    """Add to ``total[group position, type code]`` the time where that type is the highest active one.

    One sweep over the spans' boundaries sorted by (group, time): a type's active count is a
    running sum of its +1 starts and -1 ends (every span ends in its group, so the sum is back to
    zero at each group's end), and each stretch between two boundaries goes to the highest type
    active over it.
    """
    n = len(start)
    if n == 0:
        return
    order = _boundary_order(position, start, end)
    is_start = order < n
    span = np.where(is_start, order, order - n)
    step = np.where(is_start, np.int8(1), np.int8(-1))
    span_code = code[span]
    del span, is_start
    top = np.full(2 * n, -1, np.int16)
    for k in range(n_types):  # ascending: a higher type overwrites a lower one
        active = np.cumsum(np.where(span_code == k, step, np.int8(0)), dtype=np.int32) > 0
        top[active] = k
        del active
    del span_code, step
    time = np.concatenate([start, end])[order]
    stretch = time[1:] - time[:-1]
    del time
    where = np.concatenate([position, position])[order]
    del order
    counted = np.flatnonzero((top[:-1] >= 0) & (where[1:] == where[:-1]) & (stretch > 0))
    # per type, sums over runs of equal positions (``where`` ascends): exact int64 cumulative sums
    owner, winner, length = where[counted], top[counted], stretch[counted]
    del where, top, stretch, counted
    for k in range(n_types):
        mine = winner == k
        if not mine.any():
            continue
        running = np.cumsum(length[mine], dtype=np.int64)
        bounds = np.searchsorted(owner[mine], np.arange(len(total) + 1))
        del mine
        running = np.concatenate([np.zeros(1, np.int64), running])
        total[:, k] += running[bounds[1:]] - running[bounds[:-1]]


def _boundary_order(position: np.ndarray, start: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Order of the boundaries ``concat(start, end)`` by (group position, time). Ties are in any
    order (they bound zero-length stretches): one quicksort on a combined key where it fits int64."""
    time = np.concatenate([start, end])
    low, high = int(time.min()), int(time.max())
    width = high - low + 1
    if width * (int(position.max()) + 1) < 2**62:
        key = time - np.int64(low)
        key += np.concatenate([position, position]).astype(np.int64) * np.int64(width)
        return np.argsort(key)
    return np.lexsort((time, np.concatenate([position, position])))


def _pair_keys(group: np.ndarray, value: np.ndarray) -> np.ndarray | None:
    """One int64 per (group, value) pair ordered as the pairs are, or None where it would not fit."""
    if len(group) == 0:
        return np.zeros(0, np.int64)
    g_low, g_high = int(group.min()), int(group.max())
    v_low, v_high = int(value.min()), int(value.max())
    width = v_high - v_low + 1
    if width * (g_high - g_low + 1) >= 2**62:
        return None
    key = value - np.int64(v_low)
    key += (group - np.int64(g_low)) * np.int64(width)
    return key


def _pair_order(group: np.ndarray, value: np.ndarray) -> np.ndarray:
    """``np.lexsort((value, group))``: by group, then value, stable."""
    keys = _pair_keys(group, value)
    return np.lexsort((value, group)) if keys is None else np.argsort(keys, kind="stable")


def _merged(group: np.ndarray, start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Union of intervals per group as sorted, disjoint (group, start, end) arrays."""
    if len(group) == 0:
        return group, start, end
    order = _pair_order(group, start)
    g, s, e = group[order], start[order], end[order]
    run_end = _running_max_by_group(g, e)
    prev_end = np.r_[np.iinfo(np.int64).min, run_end[:-1]]
    new = np.r_[True, g[1:] != g[:-1]] | (s > prev_end)
    # a merged interval's end is its run's last running max (it only grows within a group)
    last_of_run = np.r_[np.flatnonzero(new)[1:] - 1, len(g) - 1]
    return g[new], s[new], run_end[last_of_run]


def _running_max_by_group(group: np.ndarray, value: np.ndarray) -> np.ndarray:
    """Running maximum of ``value`` restarting at each group (``group`` sorted ascending)."""
    keys = _pair_keys(group, value)
    if keys is None:
        return pd.Series(value).groupby(group).cummax().to_numpy()
    # each group's keys lie above every earlier group's: one running max over all of them
    return value + (np.maximum.accumulate(keys) - keys)


def _sticky_spans(
    g: np.ndarray, t: np.ndarray, s: np.ndarray, e: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Spans reproducing XProf's zero-duration artefact in ToNonOverlappedEvents.

    XProf sweeps event boundaries with a per-type counter, ends before starts at equal
    times. A zero-duration event of type T whose start finds no event of type >= T
    active raises the current type to T with a zero count; the type then stays T until the
    next start of an event of type >= T (or the group's last boundary). We add that stretch
    as a span of type T, so the union-based priority sweep gives XProf's numbers (measured
    against XProf 2.24: JAX steps whose only link to worker threads is a zero-duration
    ``ThreadpoolListener::StartRegion`` gain that stretch as host compute). Every step of
    every fixture then matches XProf's breakdown to the microsecond.

    Spans in and out as (group, type, start, end) int64 arrays.
    """
    zero = e == s
    if not zero.any():
        return tuple(np.zeros(0, np.int64) for _ in range(4))  # type: ignore[return-value]
    low = int(g.min())
    if int(g.max()) - low < 4 * len(g) + 1024:  # group ids are small: index by them
        group_of = g - low
        last_end = np.full(int(g.max()) - low + 1, np.iinfo(np.int64).min)
    else:
        groups, group_of = np.unique(g, return_inverse=True)
        last_end = np.full(len(groups), np.iinfo(np.int64).min)
    np.maximum.at(last_end, group_of, e)  # each group's last boundary
    pieces = []
    for ty in ec.distinct_sorted(t[zero]):
        zi = np.flatnonzero(zero & (t == ty))
        zg, zt = g[zi], s[zi]
        last = last_end[group_of[zi]]
        # blocked: an event of type >= ty (positive duration) active at zt
        sel = (t >= ty) & ~zero
        mg, ms, me = _merged(g[sel], s[sel], e[sel])
        # the last merged interval of the same group starting at or before zt
        idx = _searchsorted_pairs(np.stack([mg, ms], axis=1), zg, zt, side="right") - 1
        ok_idx = idx >= 0
        blocked = np.zeros(len(zi), bool)
        if len(mg):  # else only zero-duration spans of types >= ty: nothing blocks
            same = ok_idx & (mg[np.maximum(idx, 0)] == zg)
            blocked[same] = me[idx[same]] > zt[same]
        # clear: next start of any span of type >= ty strictly after zt (or at zt with a higher type)
        sel2 = t >= ty
        cg, cs = g[sel2], s[sel2]
        order2 = _pair_order(cg, cs)
        cg, cs = cg[order2], cs[order2]
        nxt = _searchsorted_pairs(np.stack([cg, cs], axis=1), zg, zt, side="right")
        has_next = (nxt < len(cg)) & (cg[np.minimum(nxt, len(cg) - 1)] == zg) if len(cg) else np.zeros(len(zi), bool)
        clear = np.where(has_next, cs[np.minimum(nxt, max(len(cs) - 1, 0))] if len(cs) else 0, last)
        clear = np.minimum(clear, last)
        keep = ~blocked & (clear > zt)
        if keep.any():
            pieces.append((zg[keep], np.full(int(keep.sum()), ty, np.int64), zt[keep], clear[keep]))
    if not pieces:
        return tuple(np.zeros(0, np.int64) for _ in range(4))  # type: ignore[return-value]
    return tuple(np.concatenate(part).astype(np.int64, copy=False) for part in zip(*pieces))  # type: ignore[return-value]


def _searchsorted_pairs(sorted_pairs: np.ndarray, group: np.ndarray, value: np.ndarray, side: str) -> np.ndarray:
    """``np.searchsorted`` for (group, value) keys in rows sorted by (group, value)."""
    n_data = len(sorted_pairs)
    if n_data and len(group):
        keys = _pair_keys(np.concatenate([sorted_pairs[:, 0], group]), np.concatenate([sorted_pairs[:, 1], value]))
        if keys is not None:  # the keys keep the pairs' order: one binary search per query
            return np.searchsorted(keys[:n_data], keys[n_data:], side=side).astype(np.int64)
    if n_data == 0 or len(group) == 0:
        return np.zeros(len(group), np.int64)
    g = np.concatenate([sorted_pairs[:, 0], group])
    v = np.concatenate([sorted_pairs[:, 1], value])
    # on ties, 'right' puts the data first (query after equal keys), 'left' the query first
    query_flag = 1 if side == "right" else 0
    flag = np.concatenate([np.full(n_data, 1 - query_flag), np.full(len(group), query_flag)])
    order = np.lexsort((flag, v, g))
    is_query = order >= n_data
    data_before = np.cumsum(~is_query) - (~is_query)
    out = np.empty(len(group), np.int64)
    out[order[is_query] - n_data] = data_before[is_query]
    return out
