"""XProf's memory viewer: the buffer assignment of one XLA module, at its peak.

``memory_viewer(profile, module=None)`` reads the HLO protos a JAX/XLA program writes into
the profile's ``/host:metadata`` plane (``profile.hlo_protos``), replays the buffer
assignment (``_hlo_buffers``) and returns:

- ``summary``: ``peak_bytes`` (heap at its peak, padded, including the buffers live for the
  whole program), ``peak_unpadded_bytes``, the peak's program point and the totals XProf
  prints (parameters, outputs, non-reusable, all allocations...), all in bytes;
- ``buffers``: the buffers live at the peak in program order (``buffers_by_size``: largest
  first), one row each with name, size, unpadded size, padding, expansion, shape,
  framework op and allocation type; buffers under ``small_buffer_bytes`` are one
  ``small (<N bytes)`` row, as in XProf;
- ``heap_timeline``: heap size at each program point of the heap simulation;
- ``buffer_blocks``: XProf's allocation timeline: each simulated allocation (one row with
  ``logical_buffer_id`` -1) and the buffers placed in it, with offset, size and the program
  points they live from (``start_step``) to (``end_step``);
- ``modules``: the HLO modules available (names as XProf lists them, ``name(program_id)``).
Profiles without HLO protos give a result that says so, never an error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.hlo import buffers as _hlo_buffers
from nbprof.hlo import shapes as _hlo_shapes
from nbprof.opstats import OpStats
from nbprof.opstats import event_columns as ec
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace import semantics as xs
from nbprof.xspace.frames import build_events
from nbprof.xspace.origin import time_axis_error
from nbprof.xspace.typed_frame import string_array, typed_frame

DEFAULT_SMALL_BUFFER_BYTES = 16 * 1024

_BUFFER_COLUMNS = {
    "name": "string",
    "size_bytes": "int64",
    "unpadded_bytes": "int64",
    "padding_bytes": "int64",
    "expansion": "float64",
    "shape": "string",
    "tf_op": "string",
    "opcode": "string",
    "allocation_type": "string",
    "category": "string",
    "logical_buffer_id": "int64",
    "source": "string",
    "label": "string",
}

_TIMELINE_COLUMNS = {
    "position": "int64",
    "heap_bytes": "int64",
    "unpadded_heap_bytes": "int64",
    "instruction": "string",
}


class MemoryViewerError(NbprofError):
    """The memory viewer cannot show what was asked (unknown module, broken buffer assignment)."""


@result_dataclass
class MemoryViewer(ToolResult):
    """Buffer assignment of one HLO module at its peak (sizes in bytes)."""

    module: str | None
    modules: list[str]
    summary: dict[str, Any]
    buffers: pd.DataFrame
    heap_timeline: pd.DataFrame
    message: str = ""
    buffer_blocks: pd.DataFrame = field(default_factory=lambda: _empty_blocks())
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "memory_viewer"
    frame_names: ClassVar[tuple[str, ...]] = ("buffers", "heap_timeline", "buffer_blocks")

    def __init__(
        self,
        module: str | None,
        modules: list[str],
        summary: dict[str, Any],
        buffers: pd.DataFrame,
        heap_timeline: pd.DataFrame,
        message: str = "",
        buffer_blocks: pd.DataFrame | None = None,
        notes: list[str] | None = None,
    ) -> None:
        """The fields, as ``ToolResult.__init__`` takes them; ``notes`` default to ``[message]`` (none if no
        message) and ``buffer_blocks`` to a table without rows."""
        notes = list(notes or ([message] if message else []))
        super().__init__(module, modules, summary, buffers, heap_timeline, message, buffer_blocks, notes)
        self._compute: Callable[[str], MemoryViewer] | None = None

    def for_module(self, module: str) -> MemoryViewer:
        """The memory viewer of another module of the same profile (a name from ``modules``), with the
        same options; the view's module selector asks for it."""
        if self._compute is None:
            raise MemoryViewerError("this memory viewer result was not made by prof.memory_viewer(): no other module")
        return self._compute(module)

    @property
    def buffers_by_size(self) -> pd.DataFrame:
        """The buffers live at the peak, largest first (ties keep program order)."""
        return self.buffers.sort_values("size_bytes", ascending=False, kind="stable")

    @property
    def available(self) -> bool:
        return self.module is not None

    def summary_text(self) -> str:
        if not self.available:
            return f"<MemoryViewer: {self.message}>"
        s = self.summary
        mib = 1 << 20
        where = (
            f"at program point {s['peak_position']} of {len(self.heap_timeline)}"
            if len(self.heap_timeline)
            else "(no heap simulation: every buffer lives throughout)"
        )
        return (
            f"<MemoryViewer module={self.module!r} peak={s['peak_bytes'] / mib:,.2f} MiB "
            f"(unpadded {s['peak_unpadded_bytes'] / mib:,.2f} MiB) {where}; {len(self.buffers)} buffers at peak; "
            f"{len(self.modules)} modules>"
        )


def memory_viewer(
    op_stats: OpStats,
    module: str | None = None,
    memory_space: int = 0,
    small_buffer_bytes: int = DEFAULT_SMALL_BUFFER_BYTES,
) -> MemoryViewer:
    """The buffer assignment of ``module`` (default: the module that ran longest, see below).

    With ``module=None`` the module whose XLA ops (or ``XLA Modules`` line events) take most
    time in the profile is shown; where no event names a module, the one with the largest
    peak. (XProf opens the first module of its list, an arbitrary order.)

    ``module`` is a name from ``result.modules`` (``jit_train_step(30)``) or a plain module
    name when only one program has it. ``memory_space`` is XLA's memory colour (0 = device
    HBM / host RAM).
    """
    profile = op_stats.frames
    protos: dict[str, bytes] = dict(profile.hlo_protos or {})
    modules = list(protos)
    if not modules:
        return _empty(
            modules,
            "this profile carries no HLO module protos (XLA programs write them "
            "into the /host:metadata plane; TensorFlow graphs without XLA do not)",
        )
    if module is None:
        module = _busiest_module(_module_events(profile), modules)
    if module is None:
        replays = {name: _replay(name, protos[name], memory_space) for name in modules}
        module = max(modules, key=lambda n: _peak_bytes(replays[n]))
        replay = replays[module]
    else:
        module = _resolve_module(module, modules)
        replay = _replay(module, protos[module], memory_space)
    result = _result(module, modules, replay, small_buffer_bytes)
    result._compute = lambda other: memory_viewer(op_stats, other, memory_space, small_buffer_bytes)
    if len(op_stats.hosts) > 1:
        result.notes.append(
            f"{len(op_stats.hosts)} hosts: the modules of every host in one list, as XProf lists them (a module "
            "that several hosts ran, same name and program id, is one entry); the default module is the one "
            "that ran longest over all hosts"
        )
    return result


def _empty(modules: list[str], message: str) -> MemoryViewer:
    buffers = _typed_frame({c: [] for c in _BUFFER_COLUMNS}, _BUFFER_COLUMNS)
    timeline = _typed_frame({c: [] for c in _TIMELINE_COLUMNS}, _TIMELINE_COLUMNS)
    summary = {"module": None, "peak_bytes": 0, "peak_unpadded_bytes": 0, "peak_position": 0, "message": message}
    return MemoryViewer(None, modules, summary, buffers, timeline, message)


def _resolve_module(module: str, modules: list[str]) -> str:
    if module in modules:
        return module
    matches = [m for m in modules if m.split("(")[0] == module]
    if len(matches) == 1:
        return matches[0]
    hint = f"several programs are named {module!r}: {matches}" if matches else f"available: {modules}"
    raise MemoryViewerError(f"no HLO module {module!r} in this profile ({hint})")


def module_times(profile: Any) -> pd.Series:
    """Time (ps) the profile spends in each HLO module, by XProf's module name ``name(program_id)``.

    Sums XLA op events carrying ``hlo_module`` and ``program_id`` stats, and the events of
    device ``XLA Modules`` lines (named after their module).
    """
    names, totals = _module_totals(profile)
    if not names:
        return pd.Series(dtype="int64")
    order = _descending_order(totals)
    return pd.Series(totals[order], index=[names[k] for k in order.tolist()])


def _busiest_module(profile: Any, modules: list[str]) -> str | None:
    """The module of ``modules`` the profile spends most time in (``module_times``' first of them), None
    where none has time."""
    names, totals = _module_totals(profile)
    known = set(modules)
    for k in _descending_order(totals).tolist():
        if names[k] in known:
            return names[k] if totals[k] > 0 else None
    return None


# Profiles not built yet of up to this many events are read on an events frame of the module stats only
# (``_module_events``): its build beside the decoded arrays (shared, not consumed) stays small.
_FEW_EVENTS = 200_000
_MODULE_STATS = ("hlo_module", "program_id")


def _module_events(profile: Any) -> Any:
    """What ``_module_totals`` reads (``events``) of a profile: the profile itself; for a one-host profile not
    built yet of at most ``_FEW_EVENTS`` events, an events frame of its module stats only (``build_events``:
    the same rows and columns, half the work of the full build; not kept, the profile's own build is left
    to a tool that needs it), the build's checks of the times run on it."""
    if getattr(profile, "is_built", True) or len(profile.hosts) != 1:
        return profile
    decoded = profile.decoded_hosts()
    if decoded is None or not profile.sums_fit_unbuilt(decoded):
        return profile
    if sum(len(plane.events) for hs in decoded for plane in hs.space.planes) > _FEW_EVENTS:
        return profile
    built = build_events(decoded, _MODULE_STATS)
    error = time_axis_error(*built.time_axis, profile.paths)  # the build's check of the times, on its arrays
    if error is not None:
        raise error
    return built


def _module_totals(profile: Any) -> tuple[list[str], np.ndarray]:
    """(module names ``name(program_id)``, sorted; the ps spent in each, int64) of ``module_times``: numpy
    sums by category codes (pandas' group-bys cost ~5 ms in a fresh process)."""
    ev = getattr(profile, "events", None)
    if ev is None or not len(ev):
        return [], np.zeros(0, np.int64)
    totals: dict[str, int] = {}
    duration = None
    parts = []
    if "hlo_module" in ev.columns and "program_id" in ev.columns:
        duration = ev["duration_ps"].to_numpy(np.int64)
        parts.append(_xla_op_module_totals(ev, duration))
    on_modules_line = np.flatnonzero(xs.values_in(ev["line"], [xs.XLA_MODULES_LINE]))
    if len(on_modules_line):
        duration = ev["duration_ps"].to_numpy(np.int64) if duration is None else duration
        parts.append(_module_line_totals(ev["name"], on_modules_line, duration[on_modules_line]))
    for part_names, part_totals in parts:
        for name, ps in zip(part_names, part_totals.tolist()):
            totals[name] = _int64(totals.get(name, 0) + ps)
    names = sorted(totals)
    return names, np.array([totals[name] for name in names], np.int64)


def _xla_op_module_totals(ev: pd.DataFrame, duration: np.ndarray) -> tuple[list[str], np.ndarray]:
    """(``name(program_id)`` of each module, int64 ps) summed over the events with both stats."""
    module = ev["hlo_module"]
    if isinstance(module.dtype, pd.CategoricalDtype):
        codes = np.asarray(module.array.codes)
        rows = np.flatnonzero(codes >= 0)
        program, present = ec.uint_column(ev, "program_id", rows)
        rows, program = rows[present], program[present]
        keys, table = codes[rows], module.array.categories
    else:
        rows = np.flatnonzero(module.notna().to_numpy())
        program, present = ec.uint_column(ev, "program_id", rows)
        rows, program = rows[present], program[present]
        keys, table = pd.factorize(module.iloc[rows].astype(str).to_numpy())
    if not len(rows):
        return [], np.zeros(0, np.int64)
    group, n_groups = ec.group_ids(keys, program)
    first = ec.first_rows(group)
    sums = ec.sum_by(group, duration[rows], n_groups)
    return [f"{m}({p})" for m, p in zip(table[keys[first]], program[first].tolist())], sums


def _module_line_totals(name: pd.Series, rows: np.ndarray, duration: np.ndarray) -> tuple[list[str], np.ndarray]:
    """(event name as text, int64 ps) summed over the ``XLA Modules`` line events ``rows`` (those without a
    name left out, as pandas' group-by of their names did)."""
    if isinstance(name.dtype, pd.CategoricalDtype):
        codes, texts = np.asarray(name.array.codes)[rows], name.array.categories.tolist()
    else:
        codes, uniques = pd.factorize(name.iloc[rows].to_numpy(object))
        texts = list(uniques)
    named = np.flatnonzero(codes >= 0)
    if not len(named):
        return [], np.zeros(0, np.int64)
    codes = codes[named].astype(np.int64)
    group, n_groups = ec.group_ids(codes)
    first = ec.first_rows(group)
    return [str(texts[c]) for c in codes[first].tolist()], ec.sum_by(group, duration[named], n_groups)


def _int64(value: int) -> int:
    """An integer as int64 arithmetic wraps it (modulo 2^64)."""
    return (value + 2**63) % 2**64 - 2**63


def _descending_order(values: np.ndarray) -> np.ndarray:
    """Positions ordering ``values`` (int64) as pandas' ``Series.sort_values(ascending=False)`` does (its
    quicksort of the reversed values, reversed back: ties in its order too)."""
    n = len(values)
    return np.arange(n)[::-1][values[::-1].argsort(kind="quicksort")][::-1]


def _replay(name: str, data: bytes, memory_space: int) -> _hlo_buffers.HeapReplay:
    try:
        return _hlo_buffers.replay(_hlo_buffers.parse_hlo_proto(data), memory_space)
    except _hlo_buffers.BufferAssignmentError as exc:
        raise MemoryViewerError(f"HLO module {name!r}: {exc}") from exc
    except Exception as exc:  # a corrupt proto: say which module
        raise MemoryViewerError(f"HLO module {name!r}: cannot decode its HLO proto ({exc})") from exc


def _peak_bytes(replay: _hlo_buffers.HeapReplay) -> int:
    return replay.peak_heap_bytes + replay.indefinite_bytes


def _source(instruction: Any, frames: Any) -> str:
    meta = instruction.metadata
    if meta.source_file:
        return f"{meta.source_file}:{meta.source_line}"
    frame_id = meta.stack_frame_id
    if frames is not None and 0 < frame_id <= len(frames.stack_frames):
        location_id = frames.stack_frames[frame_id - 1].file_location_id
        if 0 < location_id <= len(frames.file_locations):
            location = frames.file_locations[location_id - 1]
            if 0 < location.file_name_id <= len(frames.file_names):
                return f"{frames.file_names[location.file_name_id - 1]}:{location.line}"
    return ""


def _typed_frame(columns: dict[str, list[Any]], dtypes: dict[str, str]) -> pd.DataFrame:
    """A frame of ``dtypes``' columns in their order, each built once from its list of values."""
    data: dict[str, Any] = {}
    for name, dtype in dtypes.items():
        values = columns[name]
        data[name] = string_array(values, pd.StringDtype()) if dtype == "string" else np.asarray(values, dtype=dtype)
    return typed_frame(data)


def _add_row(columns: dict[str, list[Any]], **row: Any) -> None:
    """Append one row's values to ``columns`` (one list per column)."""
    for key, value in row.items():
        columns[key].append(value)


def _buffer_rows(replay: _hlo_buffers.HeapReplay, small_buffer_bytes: int) -> pd.DataFrame:
    columns: dict[str, list[Any]] = {c: [] for c in _BUFFER_COLUMNS if c not in ("padding_bytes", "expansion")}
    small_bytes = 0
    listed = list(replay.indefinite_buffers) if replay.memory_space == 0 else []
    kinds = ["indefinite"] * len(listed)
    listed += replay.peak_buffers
    kinds += ["temporary"] * len(replay.peak_buffers)

    for buffer, kind in zip(listed, kinds):
        if buffer.size < small_buffer_bytes:
            small_bytes += buffer.size
            continue
        instruction = buffer.instruction
        shape = _hlo_shapes.shape_text(_hlo_shapes.shape_at_last_index(instruction.shape, buffer.shape_index))
        op_name = instruction.metadata.op_name
        _add_row(
            columns,
            name=buffer.name,
            size_bytes=buffer.size,
            unpadded_bytes=buffer.unpadded_size,
            shape=shape,
            tf_op=op_name,
            opcode=instruction.opcode,
            allocation_type=_hlo_buffers.allocation_type(buffer.allocation),
            category=kind,
            logical_buffer_id=buffer.id,
            source=_source(instruction, replay.stack_frames),
            label=f"{instruction.name}: {shape} # {op_name}",
        )
    if small_bytes:
        label = f"small (<{small_buffer_bytes} bytes)"
        _add_row(
            columns,
            name=label,
            size_bytes=small_bytes,
            unpadded_bytes=0,
            shape="",
            tf_op="",
            opcode="",
            allocation_type="",
            category="small",
            logical_buffer_id=-1,
            source="",
            label=label,
        )
    size = np.asarray(columns["size_bytes"], dtype=np.int64)
    unpadded = np.asarray(columns["unpadded_bytes"], dtype=np.int64)
    columns["padding_bytes"] = np.where(unpadded > 0, size - unpadded, 0).tolist()
    with np.errstate(divide="ignore", invalid="ignore"):
        columns["expansion"] = np.where(unpadded > 0, size / np.maximum(unpadded, 1), np.nan).tolist()
    return _typed_frame(columns, _BUFFER_COLUMNS)


_BLOCK_COLUMNS = {
    "logical_buffer_id": "int64",
    "name": "string",
    "offset_bytes": "int64",
    "size_bytes": "int64",
    "start_step": "int64",
    "end_step": "int64",
    "tf_op": "string",
    "allocation_type": "string",
    "shape": "string",
    "unpadded_bytes": "int64",
}


def _empty_blocks() -> pd.DataFrame:
    return _typed_frame({c: [] for c in _BLOCK_COLUMNS}, _BLOCK_COLUMNS)


def _buffer_blocks(replay: _hlo_buffers.HeapReplay) -> pd.DataFrame:
    """XProf's allocation timeline: simulated allocations stacked, their buffers' lifetimes."""
    traced = [a for a in replay.allocations if _hlo_buffers.is_traced(a) and a.index in replay.trace_of_allocation]
    if not traced:
        return _empty_blocks()
    steps = max(replay.trace_lengths[replay.trace_of_allocation[a.index]] for a in traced)
    columns: dict[str, list[Any]] = {c: [] for c in _BLOCK_COLUMNS}

    base = 0
    for allocation in traced:
        kind = _hlo_buffers.allocation_type(allocation)
        _add_row(
            columns,
            logical_buffer_id=-1,
            name=kind,
            offset_bytes=base,
            size_bytes=allocation.size,
            start_step=0,
            end_step=steps,
            tf_op="",
            allocation_type=kind,
            shape="",
            unpadded_bytes=0,
        )
        for assigned in allocation.assigned:
            buffer = replay.buffers.get(assigned.logical_buffer_id)
            if buffer is None or buffer.span is None:  # sharers that revived freed memory have a span
                continue
            shape = _hlo_shapes.shape_text(
                _hlo_shapes.shape_at_last_index(buffer.instruction.shape, buffer.shape_index)
            )
            _add_row(
                columns,
                logical_buffer_id=buffer.id,
                name=buffer.name,
                offset_bytes=base + buffer.offset,
                size_bytes=buffer.size,
                start_step=buffer.span[0],
                end_step=buffer.span[1],
                tf_op=buffer.instruction.metadata.op_name,
                allocation_type=kind,
                shape=shape,
                unpadded_bytes=buffer.unpadded_size,
            )
        base += allocation.size
    return _typed_frame(columns, _BLOCK_COLUMNS)


def _result(module: str, modules: list[str], replay: _hlo_buffers.HeapReplay, small_buffer_bytes: int) -> MemoryViewer:
    extra = replay.indefinite_bytes
    timeline = typed_frame(
        {
            "position": np.arange(len(replay.heap_bytes), dtype=np.int64),
            "heap_bytes": np.asarray(replay.heap_bytes, dtype=np.int64) + extra,
            "unpadded_heap_bytes": np.asarray(replay.unpadded_heap_bytes, dtype=np.int64) + extra,
            "instruction": string_array(list(replay.instruction_names), pd.StringDtype()),
        }
    )
    allocations = replay.allocations
    summary = {
        "module": module,
        "module_name": replay.module_name,
        "entry_computation": replay.entry_computation_name,
        "memory_space": replay.memory_space,
        "peak_bytes": replay.peak_heap_bytes + extra,
        "peak_unpadded_bytes": replay.peak_unpadded_heap_bytes + extra,
        "peak_position": replay.peak_position,
        "peak_heap_bytes": replay.peak_heap_bytes,
        "indefinite_bytes": extra,
        "entry_parameters_bytes": sum(a.size for a in allocations if a.is_entry_computation_parameter),
        "maybe_live_out_bytes": sum(a.size for a in allocations if a.maybe_live_out),
        "non_reusable_bytes": sum(a.size for a in allocations if not _hlo_buffers.is_reusable(a)),
        "total_allocation_bytes": sum(a.size for a in allocations if not a.is_thread_local),
        "indefinite_allocation_bytes": sum(a.size for a in allocations if _hlo_buffers.is_indefinite(a)),
        "has_heap_trace": replay.trace_index >= 0,
        "warnings": list(replay.warnings),
    }
    summary["padding_bytes"] = summary["peak_bytes"] - summary["peak_unpadded_bytes"]
    buffers = _buffer_rows(replay, small_buffer_bytes)
    notes = [
        f"module {module} of {len(modules)}; peak of the heap simulation plus buffers live throughout "
        "(parameters, constants, outputs); thread-local allocations are not counted, as in XProf 2.24"
    ]
    notes.extend(str(w) for w in replay.warnings)
    return MemoryViewer(module, modules, summary, buffers, timeline, buffer_blocks=_buffer_blocks(replay), notes=notes)
