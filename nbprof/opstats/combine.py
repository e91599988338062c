"""Several hosts' OpStats combined into one, as XProf combines a multi-host session.

XProf converts each host's XSpace into its own OpStats and then combines them
(``xprof/convert/op_stats_combiner.cc``, ``multi_xplanes_to_op_stats.cc``,
``xprof/utils/step_intersection.cc``). Every function here takes the per-host parts only
(tables, never frames), so a host's OpStats can be computed elsewhere and shipped back:

* **steps** (``combine_step_dbs``): XProf's StepIntersection, twice: over every step (the
  pod viewer) and over the steps each host keeps for its averages (first and last dropped;
  the overview and input-pipeline analyzer). Hosts without a device in a
  system that has devices are coordinators and are left out. The *chief* is the worker whose
  steps span the shortest time; every other worker's step sequence is slid against the
  chief's to the offset where their step timespans overlap most (on each file's own time
  axis, as XProf: relative line timestamps count from that host's session start, not from
  nbprof's common origin); the combined steps are the
  chief steps every worker has. Combined step ``i`` holds each worker's aligned step, keyed
  by XProf's global core id (``host index * 1000 + core``); steps outside the intersection
  are dropped (a host's own OpStats keeps them);
* **op metrics** (``combine_op_metrics``): the per-host dbs stacked with their ``host``
  column. The framework-op table and the overview aggregate over hosts as XProf's op
  metrics combiner does (same op: occurrences, times, FLOPs and bytes add up; the
  side's total time is the sum of the hosts' totals);
* **XLA ops** (``combine_xla_ops``): merged by (program id, op), additive columns summed;
* **run and perf environments**: XProf's CombineRunEnvironment / CombinePerfEnv (host count =
  distinct host names; the device type of the hosts that have one; device cores added up).

Times are int64 ps.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field, fields, replace
from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.opstats.duty_cycle import DutyCycle
from nbprof.opstats.group_agg import group_agg, group_arrays
from nbprof.opstats.kernel_db import KEY_COLUMNS as KERNEL_KEY_COLUMNS
from nbprof.opstats.kernel_db import REPORT_COLUMNS as KERNEL_REPORT_COLUMNS
from nbprof.opstats.kernel_db import KernelDb
from nbprof.opstats.op_metrics_db import db_order
from nbprof.opstats.perf_env import PerfEnv
from nbprof.opstats.run_env import RunEnvironment
from nbprof.opstats.step_db import DROP_INCOMPLETE_THRESHOLD, PER_HOST_ANALYSIS_NOTE_ENDS, StepDb, empty_steps
from nbprof.opstats.step_grouping import DERIVED_GPU_MARKER
from nbprof.opstats.xla_ops import XlaOps
from nbprof.xspace import semantics as xs
from nbprof.xspace.typed_frame import column_arrays, strings, take_array, take_rows, typed_frame

MAX_DEVICES_PER_HOST = 1000  # XProf's kMaxDevicesPerHost: global core id = host index * 1000 + core
HARDWARE_RANK = {xs.HARDWARE_CPU: 1, xs.HARDWARE_GPU: 2, xs.HARDWARE_TPU: 3}  # XProf's HardwareType enum


def global_core_id(host_index: int, core_id: int | np.ndarray) -> Any:
    """XProf's GlobalCoreId: a core's id in a combined OpStats."""
    return host_index * MAX_DEVICES_PER_HOST + core_id


# ----------------------------------------------------------------------- step intersection
@dataclass(frozen=True)
class StepAlignment:
    """Where a worker's step sequence meets the chief's: its step ``begin_host_idx`` is the
    chief's step ``begin_chief_idx``; ``num_steps`` steps overlap from there."""

    begin_host_idx: int
    begin_chief_idx: int
    num_steps: int


@dataclass(frozen=True)
class StepIntersection:
    """XProf's StepIntersection over the workers' step sequences (indices into each host's
    steps in step order). ``chief`` is None when no worker has steps."""

    chief: str | None
    alignments: dict[str, StepAlignment]
    begin_chief_idx: int
    num_steps: int
    empty_intersect: bool

    def first_step_index(self, host: str) -> int:
        """Index in ``host``'s step sequence of the first combined step."""
        found = self.alignments.get(host)
        if found is None:
            return 0
        return found.begin_host_idx + (self.begin_chief_idx - found.begin_chief_idx)


def step_timespans(steps: pd.DataFrame, offset_ps: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """(begin, end) ps of each step of one host, in step order, over all its cores, on the
    file's own time axis (``start_ps - offset_ps``: XProf aligns hosts on their files' times)."""
    if len(steps) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    begin = steps["start_ps"].to_numpy(np.int64) - offset_ps
    return _timespans(steps["step"].to_numpy(np.int64), begin, steps["duration_ps"].to_numpy(np.int64))


def _timespans(step: np.ndarray, begin: np.ndarray, duration: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``step_timespans`` of steps given as int64 arrays (begin on the file's time axis, ps)."""
    if len(step) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    order = np.argsort(step, kind="stable")
    begin = begin[order]
    end = begin + duration[order]
    first = np.flatnonzero(np.r_[True, step[order][1:] != step[order][:-1]])
    b, e = np.minimum.reduceat(begin, first), np.maximum.reduceat(end, first)
    empty = e <= b  # XProf: an empty Timespan when the cores' span is empty
    return np.where(empty, 0, b), np.where(empty, 0, e)


def _offset_similarity(sub: tuple[np.ndarray, np.ndarray], chief: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Overlap (ps) of the two step sequences per offset k = chief index - host index, at
    position ``k + len(sub) - 1``; XProf's merge sweep (steps, not events: one pass each)."""
    (sb, se), (cb, ce) = (a.tolist() for a in sub), (a.tolist() for a in chief)  # Python ints: read one at a time
    n, m = len(sb), len(cb)
    similarity = [0] * (n + m - 1)
    i = j = 0
    while i < n and j < m:
        if se[i] == sb[i]:
            i += 1
            continue
        if ce[j] == cb[j]:
            j += 1
            continue
        overlap = min(se[i], ce[j]) - max(sb[i], cb[j])
        similarity[j - i + n - 1] += max(overlap, 0)
        if se[i] < ce[j]:
            i += 1
        elif ce[j] < se[i]:
            j += 1
        else:
            i += 1
            j += 1
    return np.array(similarity, np.int64)


def _align(sub: tuple[np.ndarray, np.ndarray], chief: tuple[np.ndarray, np.ndarray]) -> StepAlignment:
    """XProf's FindStepsAlignment: the offset of largest overlap (ties: k = 0, 1, ... first,
    then -1, -2, ...)."""
    n, m = len(sub[0]), len(chief[0])
    if n == 0 or m == 0:
        return StepAlignment(0, 0, 0)
    similarity = _offset_similarity(sub, chief)
    order = np.concatenate([np.arange(0, m), -np.arange(1, n)])
    best_k = int(order[int(np.argmax(similarity[order + n - 1]))])
    begin_sub, begin_chief = (0, best_k) if best_k >= 0 else (-best_k, 0)
    return StepAlignment(begin_sub, begin_chief, min(n - begin_sub, m - begin_chief))


def step_intersection(spans: dict[str, tuple[np.ndarray, np.ndarray]]) -> StepIntersection:
    """XProf's StepIntersection (no limit on the number of steps) over the workers' step
    timespans (``step_timespans`` of each worker, in host order)."""
    if not spans:
        return StepIntersection(None, {}, 0, 0, False)
    chief, shortest = "", 0
    for host, (begins, ends) in spans.items():
        timed = ends > begins
        total = int(ends[timed].max() - begins[timed].min()) if timed.any() else 0
        if not chief or total < shortest:  # the first host wins ties
            chief, shortest = host, total
    chief_spans = spans[chief]
    if len(chief_spans[0]) == 0:
        return StepIntersection(chief, {}, 0, 0, False)
    alignments = {
        host: StepAlignment(0, 0, len(chief_spans[0])) if host == chief else _align(own, chief_spans)
        for host, own in spans.items()
    }
    first = max(a.begin_chief_idx for a in alignments.values())
    last = min(a.begin_chief_idx + a.num_steps for a in alignments.values())
    if first > last:
        return StepIntersection(chief, alignments, 0, 0, True)
    return StepIntersection(chief, alignments, first, last - first, False)


def is_coordinator(hardware_type: str, no_accelerator_in_system: bool) -> bool:
    """XProf's IsCoordinator: a host without a device in a system that has devices."""
    return hardware_type == xs.HARDWARE_CPU and not no_accelerator_in_system


@dataclass(frozen=True)
class _WorkerSteps:
    """What the intersection reads of one worker's steps, as arrays in its table's row order;
    ``rows``: their positions in the stacked frame the combined rows are taken from."""

    rows: np.ndarray
    step: np.ndarray
    begin: np.ndarray  # start_ps on the file's own time axis
    duration: np.ndarray
    core: np.ndarray
    marker: np.ndarray
    name: np.ndarray

    @classmethod
    def of(cls, steps: pd.DataFrame | Columns, n: int, first_row: int, offset_ps: int) -> _WorkerSteps:
        """The ``n`` steps of one host's table (a frame, or its ``StepDb.columns``), which starts at row
        ``first_row`` of the stacked table."""
        return cls(
            rows=first_row + np.arange(n),
            step=np.asarray(steps["step"], np.int64),
            begin=np.asarray(steps["start_ps"], np.int64) - offset_ps,
            duration=np.asarray(steps["duration_ps"], np.int64),
            core=np.asarray(steps["core_id"]),
            marker=np.asarray(steps["marker"], object),
            name=np.asarray(steps["step_name"], object),
        )

    def subset(self, mask: np.ndarray) -> _WorkerSteps:
        """The steps where ``mask`` (bool per step)."""
        return _WorkerSteps(*(getattr(self, f.name)[mask] for f in fields(self)))


Columns = dict[str, np.ndarray]
"""A steps table as numpy arrays (``StepDb.columns``: text as object arrays of str)."""


def _stacked_workers(
    tables: list[pd.DataFrame], workers: list[int], offsets: list[int]
) -> tuple[pd.DataFrame | None, dict[int, _WorkerSteps]]:
    """The workers' step tables stacked (None without workers) and each worker's steps in it."""
    if not workers:
        return None, {}
    parts, start = {}, 0
    for i in workers:
        parts[i] = _WorkerSteps.of(tables[i], len(tables[i]), start, offsets[i])
        start += len(tables[i])
    return pd.concat([tables[i] for i in workers], ignore_index=True), parts


def _stacked_columns(
    step_dbs: list[StepDb], workers: list[int], offsets: list[int]
) -> tuple[Columns, dict[int, _WorkerSteps]] | None:
    """``_stacked_workers`` of the workers' ``StepDb.columns``: the arrays stacked, without a frame; None
    where a worker has none, or its own analysed steps, or theirs differ in names or dtypes (or there are
    no workers). Where not None, ``_analysed_in_steps`` holds (the frames' dtypes follow the arrays')."""
    if any(step_dbs[i].analysed is not None for i in workers):
        return None
    columns = [step_dbs[i].columns for i in workers]
    first = columns[0] if columns else None
    if first is None or "in_analysis" not in first or any(c is None or list(c) != list(first) for c in columns):
        return None
    if any(c[name].dtype != first[name].dtype for c in columns for name in first):  # type: ignore[index]
        return None
    parts, start = {}, 0
    for i, own in zip(workers, columns):
        n = len(own["step"])  # type: ignore[index]
        parts[i] = _WorkerSteps.of(own, n, start, offsets[i])  # type: ignore[arg-type]
        start += n
    return {name: np.concatenate([c[name] for c in columns]) for name in first}, parts  # type: ignore[index]


def _intersection_rows(
    hosts: list[str], workers: list[int], parts: dict[int, _WorkerSteps]
) -> tuple[np.ndarray, Columns, StepIntersection]:
    """The workers' steps (``parts``) intersected: the rows of their stack that take part, in the combined
    order (by combined step, then global core id), and their new ``step`` (combined step number),
    ``step_name`` (object array) and ``core_id`` (global core id)."""
    inter = step_intersection({hosts[i]: _timespans(parts[i].step, parts[i].begin, parts[i].duration) for i in workers})
    if not workers:
        return np.zeros(0, np.int64), {}, inter
    picked, steps_of, names_of, cores_of = [], [], [], []
    for i in workers:
        own = parts[i]
        order = ec.distinct_sorted(own.step)  # the host's steps in step order
        first = inter.first_step_index(hosts[i])
        chosen = order[first : first + inter.num_steps]
        kept, position = _positions_among(own.step, chosen)
        # a step derived from GPU events has no name in XProf: combined, it shows its combined number
        unnamed = own.marker[kept] == DERIVED_GPU_MARKER
        names_of.append(np.where(unnamed, position.astype(str), own.name[kept]))
        picked.append(own.rows[kept])
        steps_of.append(position.astype(np.int64))
        cores_of.append(global_core_id(i, own.core[kept]))
    step, core = np.concatenate(steps_of), np.concatenate(cores_of)
    order = np.lexsort((core, step))  # by combined step, then core: stable, as sort_values
    names = np.asarray(np.concatenate(names_of)[order], dtype=object)
    return np.concatenate(picked)[order], {"step": step[order], "step_name": names, "core_id": core[order]}, inter


def _positions_among(values: np.ndarray, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The positions of ``values`` found in ``chosen`` (sorted, distinct) and where each is in it:
    ``np.isin`` and ``np.searchsorted`` of those, by one search."""
    if len(chosen) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    at = np.searchsorted(chosen, values)
    kept = np.flatnonzero(chosen[np.minimum(at, len(chosen) - 1)] == values)
    return kept, at[kept]


def _intersected(
    hosts: list[str], workers: list[int], parts: dict[int, _WorkerSteps], stacked: pd.DataFrame | None
) -> tuple[pd.DataFrame, StepIntersection]:
    """The workers' steps (``parts``, rows of ``stacked``) intersected: one row per combined step
    and worker, ``step`` = combined step number, ``core_id`` = global core id."""
    rows, new_columns, inter = _intersection_rows(hosts, workers, parts)
    if stacked is None or len(rows) == 0:
        return _sorted_steps(empty_steps()), inter
    new_columns["step_name"] = ec.inferred_text(new_columns["step_name"])
    return take_rows(stacked, rows, renumber=True, replaced=new_columns), inter


def _intersected_columns(
    hosts: list[str], workers: list[int], parts: dict[int, _WorkerSteps], stacked: Columns
) -> tuple[Columns | None, StepIntersection]:
    """``_intersected`` of ``_stacked_columns``' arrays: the rows' columns as arrays (text as object
    arrays), None where no step is left."""
    rows, new_columns, inter = _intersection_rows(hosts, workers, parts)
    if len(rows) == 0:
        return None, inter
    return {c: new_columns[c] if c in new_columns else values[rows] for c, values in stacked.items()}, inter


def _combined_in_analysis(
    hosts: list[str], workers: list[int], step_dbs: list[StepDb], arrays: tuple[Columns, dict[int, _WorkerSteps]]
) -> tuple[Columns, Columns, StepIntersection, StepIntersection] | None:
    """The columns of the combined ``steps`` and ``analysed`` (``in_analysis`` set; ``_step_table`` makes
    their frames) and their intersections, from ``_stacked_columns``' arrays; None where either has no step."""
    stacked, parts = arrays
    steps, inter = _intersected_columns(hosts, workers, parts, stacked)
    analysed_parts = {i: parts[i].subset(_in_analysis(step_dbs[i])) for i in workers}
    analysed, inter_analysed = _intersected_columns(hosts, workers, analysed_parts, stacked)
    if steps is None or analysed is None:
        return None
    steps["in_analysis"] = _pairs_in(steps, analysed, ["host", "group_id"])
    analysed["in_analysis"] = np.ones(len(analysed["step"]), bool)
    return steps, analysed, inter, inter_analysed


def _step_table(columns: Columns) -> pd.DataFrame:
    """A steps frame of numpy columns (``StepDb.columns``' kind): text as pandas' str type, as
    ``step_db.step_frame`` makes it (``step_name`` typed as ``_intersected`` types it)."""
    typed = {c: strings(v.tolist()) if v.dtype == object and c != "step_name" else v for c, v in columns.items()}
    typed["step_name"] = ec.inferred_text(columns["step_name"])
    return typed_frame(typed)


def _in_analysis(step_db: StepDb) -> np.ndarray:
    """The db's ``steps["in_analysis"]`` as a bool array (from its columns where it has them)."""
    if step_db.columns is not None:
        return step_db.columns["in_analysis"].astype(bool, copy=False)
    return step_db.steps["in_analysis"].to_numpy(bool)


def _analysed_in_steps(step_dbs: list[StepDb], workers: list[int]) -> bool:
    """Whether every worker's analysed steps are its ``steps[in_analysis]`` and the workers' tables
    have one set of columns and dtypes: then stacking the analysed steps gives the rows (and dtypes)
    of the stacked steps, so the analysed intersection takes its rows from that one stack."""
    tables = [step_dbs[i].steps for i in workers]
    if any(step_dbs[i].analysed is not None for i in workers) or any("in_analysis" not in t for t in tables):
        return False
    dtypes = [t.dtypes for t in tables]
    return all(d.index.equals(dtypes[0].index) and list(d) == list(dtypes[0]) for d in dtypes)


def _sorted_steps(steps: pd.DataFrame) -> pd.DataFrame:
    """``steps`` by combined step, then core (stable), with a new index."""
    return steps.sort_values(["step", "core_id"], kind="stable").reset_index(drop=True)


def combine_step_dbs(hosts: list[str], step_dbs: list[StepDb], hardware_types: list[str]) -> StepDb:
    """The combined step db of several hosts (XProf's CombineStepDatabase over StepIntersection).

    ``steps``: one row per combined step and worker: the worker's own step (name, marker,
    breakdown) with ``step`` = the combined step number and ``core_id`` = XProf's global core
    id; every step of every worker takes part (XProf's pod viewer). ``analysed``: the same
    for the steps the averages use: as XProf's overview and input-pipeline analyzer, each
    host first drops its first and last step (more than 5 steps), then the rest is
    intersected, so it may pair the hosts' steps differently. ``in_analysis`` says whether
    a row's host step is one of ``analysed``.
    """
    no_accelerator = all(h == xs.HARDWARE_CPU for h in hardware_types)
    workers = [i for i, kind in enumerate(hardware_types) if not is_coordinator(kind, no_accelerator)]
    offsets = [db.file_time_offsets_ps.get(h, 0) for h, db in zip(hosts, step_dbs)]
    arrays = _stacked_columns(step_dbs, workers, offsets)
    combined = _combined_in_analysis(hosts, workers, step_dbs, arrays) if arrays is not None else None
    if combined is not None:  # the hosts' step arrays: no frame stacked, one made of each result
        steps_columns, analysed_columns, inter, inter_analysed = combined
        steps, analysed = _step_table(steps_columns), _step_table(analysed_columns)
        analysed_hosts, analysed_names = analysed_columns["host"], analysed_columns["step_name"]
        parts = arrays[1]  # type: ignore[index]
    else:
        stacked, parts = _stacked_workers([db.steps for db in step_dbs], workers, offsets)
        steps, inter = _intersected(hosts, workers, parts, stacked)
        if _analysed_in_steps(step_dbs, workers):  # rows of the same stack
            analysed_stack = stacked
            analysed_parts = {i: parts[i].subset(_in_analysis(step_dbs[i])) for i in workers}
        else:
            analysed_stack, analysed_parts = _stacked_workers([db.analysed_steps for db in step_dbs], workers, offsets)
        analysed, inter_analysed = _intersected(hosts, workers, analysed_parts, analysed_stack)
        steps["in_analysis"] = _pairs_in(steps, analysed, ["host", "group_id"])
        analysed["in_analysis"] = True
        analysed_hosts = analysed["host"].to_numpy(dtype=object)
        analysed_names = analysed["step_name"].to_numpy(dtype=object)
    notes = [n for db in step_dbs for n in db.notes if not n.endswith(PER_HOST_ANALYSIS_NOTE_ENDS)]
    coordinators = [hosts[i] for i in range(len(hosts)) if i not in workers]
    if coordinators:
        notes.append(
            f"{len(coordinators)} host(s) without a device left out of the steps as coordinators, as XProf: "
            f"{', '.join(coordinators)}"
        )
    if inter.chief is not None:
        notes.append(
            f"{len(workers)} worker(s) combined as XProf's step intersection (on each file's own time axis): "
            f"{inter.num_steps} steps that every worker ran, aligned on chief {inter.chief!r} (the worker "
            "whose steps span the shortest time)"
            + ("; the workers' steps do not overlap: no combined steps" if inter.empty_intersect else "")
        )
        notes.append(
            f"averages: each host's steps without its first and last (more than {DROP_INCOMPLETE_THRESHOLD} steps) "
            f"intersected again, as XProf: {inter_analysed.num_steps} steps; step time = the slowest host's, "
            "breakdown and verdict from the first host's steps (XProf lists core 1)"
        )
    for i in workers:
        mine = analysed_names[analysed_hosts == hosts[i]]
        span = f" ({mine[0]} .. {mine[-1]})" if len(mine) else ""
        total = len(ec.distinct_sorted(parts[i].step))  # the host's steps' ``step`` values
        notes.append(f"host {hosts[i]!r}: {len(mine)} of its {total} steps in the averages{span}")
    return StepDb(steps=steps, notes=notes, event_groups=None, analysed=analysed)


def _pairs_in(frame: pd.DataFrame | Columns, other: pd.DataFrame | Columns, columns: list[str]) -> np.ndarray:
    """Whether each row's values of ``columns`` are those of some row of ``other`` (rows are steps; frames
    or their columns as arrays)."""
    wanted = set(zip(*(np.asarray(other[c], dtype=object).tolist() for c in columns)))
    keys = [np.asarray(frame[c], dtype=object).tolist() for c in columns]
    return np.fromiter((key in wanted for key in zip(*keys)), dtype=bool, count=len(keys[0]))


# ------------------------------------------------------------------------------ op metrics
_INFO_LISTS = ("device_planes",)


def combine_op_metrics(
    hosts: list[str], parts: list[tuple[pd.DataFrame, dict[str, Any]]]
) -> tuple[pd.DataFrame, dict[str, Any]]:
    """The hosts' op metrics dbs as one frame (one row per op, side and host) and their
    counts added up; notes keep each host's, labelled."""
    frames = [db for db, _ in parts if len(db)]
    frame = combine_op_metric_frames(frames) if frames else _sorted_op_metrics(parts[0][0].iloc[:0])
    return frame, combine_op_metrics_info(hosts, [own for _, own in parts])


def combine_op_metrics_info(hosts: list[str], infos: list[dict[str, Any]]) -> dict[str, Any]:
    """The hosts' op metrics counts (``OpStats.op_metrics_info``) added up; notes keep each host's, labelled."""
    info: dict[str, Any] = {}
    notes: list[str] = []
    kinds = []
    for host, own in zip(hosts, infos):
        for key, value in own.items():
            if key == "notes":
                notes.extend(f"host {host!r}: {note}" for note in value)
            elif key == "hardware_type":
                kinds.append(value)
            elif key in _INFO_LISTS:
                info[key] = list(info.get(key, [])) + [f"{host}:{v}" for v in value]
            elif isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
                info[key] = info.get(key, 0) + value
    info["hardware_type"] = max(kinds, key=lambda k: HARDWARE_RANK.get(k, 0)) if kinds else xs.HARDWARE_CPU
    info["notes"] = notes
    return info


def combine_op_metric_columns(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """``combine_op_metric_frames`` of dbs given as the arrays they were made of (``op_metrics_db``'s
    ``combine_op_metrics_columns``, at least one): the combined db's columns, as numpy arrays in its row
    order (its frame: ``op_metrics_frame``), without a frame stacked or taken."""
    stacked = {c: np.concatenate([part[c] for part in parts]) for c in parts[0]}
    order = db_order(stacked["host"], stacked["host_or_device"], stacked["self_time_ps"], stacked["name"])
    return {c: values[order] for c, values in stacked.items()}


def combine_op_metric_frames(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """The hosts' op metrics dbs (or the same sides of them; at least one frame) as one frame, sorted as
    one host's db: rows tied on host, side, self time and name keep the order of ``frames``."""
    return _sorted_op_metrics(pd.concat(frames, ignore_index=True))


def _sorted_op_metrics(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` sorted as one host's op metrics db: host, host side first, self time descending, name
    (stable; ``op_metrics_db``'s order, by one lexsort where no key is missing)."""
    keys = ["host", "host_or_device", "self_time_ps", "name"]
    if len(frame) == 0 or any(frame[k].isna().any() for k in keys) or frame["self_time_ps"].dtype.kind not in "iu":
        return frame.sort_values(keys, ascending=[True, False, False, True], kind="stable").reset_index(drop=True)
    text = {k: frame[k].to_numpy(dtype=object) for k in ("host", "host_or_device", "name")}
    if any(pd.api.types.infer_dtype(v, skipna=False) != "string" for v in text.values()):
        return frame.sort_values(keys, ascending=[True, False, False, True], kind="stable").reset_index(drop=True)
    order = db_order(text["host"], text["host_or_device"], frame["self_time_ps"].to_numpy(), text["name"])
    return frame.take(order).reset_index(drop=True)


# --------------------------------------------------------------------------------- XLA ops
_XLA_SUMS = ("occurrences", "time_ps", "self_time_ps", "children_time_ps", "normalized_time_ps", "flops",
             "model_flops", "bytes_accessed", "hbm_read_bytes", "hbm_write_bytes", "hbm_bytes_all")  # fmt: skip
_SOURCE_RANK = {"device": 2, "host": 1, "none": 0}


def combine_xla_ops(parts: list[XlaOps]) -> XlaOps:
    """XLA ops of several hosts merged by (program id, op): additive columns summed, the
    shortest occurrence kept, the rest from the first host that has the op."""
    parts = [p for p in parts if p is not None]
    with_ops = [p for p in parts if p.num_ops]
    best = max(parts, key=lambda p: _SOURCE_RANK.get(p.source, 0))
    if not with_ops:
        return replace(best, notes=_unique_notes(parts))
    same_source = [p for p in with_ops if p.source == best.source]
    # the hosts' builders' arrays where they kept them (no frame made or stacked), else their frames
    merged, group = _merged_op_columns(same_source) or _merged_op_frames(same_source)
    fused = _combine_fused(same_source, group)
    peaks = [p for p in parts if not math.isnan(p.peak_tflops)]
    return XlaOps(
        ops=merged,
        source=best.source,
        device_kind=best.device_kind,
        total_time_ps=int(sum(p.total_time_ps for p in same_source)),
        peak_tflops=peaks[0].peak_tflops if peaks else float("nan"),
        peak_hbm_gibps=peaks[0].peak_hbm_gibps if peaks else float("nan"),
        device_type=best.device_type,
        fused_children=fused,
        notes=_unique_notes(parts),
    )


_XLA_KEYS = ["program_id", "name"]


def _merged_op_frames(parts: list[XlaOps]) -> tuple[pd.DataFrame, np.ndarray]:
    """The parts' ops frames merged by (program id, op), and each stacked row's group: in numpy where
    their columns allow (``_merged_ops_numpy``), else by pandas (``_merged_ops``)."""
    columns = _stacked_columns_of([p.ops for p in parts])  # the hosts' arrays: no frame stacked
    merged = _merged_ops_numpy(columns)
    if merged is not None:
        return merged
    stacked = pd.concat([p.ops for p in parts], ignore_index=True)
    if columns is None:  # hosts' dtypes differ: the stack's common ones may still merge in numpy
        merged = _merged_ops_numpy(column_arrays(stacked))
    return merged if merged is not None else _merged_ops(stacked)


def _merged_ops(stacked: pd.DataFrame) -> tuple[pd.DataFrame, np.ndarray]:
    """The hosts' stacked ops merged by (program id, op) with pandas' groupby, and each row's group."""
    grouped = stacked.groupby(_XLA_KEYS, sort=False, observed=True, dropna=False)
    first = grouped.first()
    sums = grouped[[c for c in _XLA_SUMS if c in stacked.columns]].sum()
    merged = first.drop(columns=sums.columns).join(sums)
    if "min_time_ps" in stacked.columns:
        merged["min_time_ps"] = grouped["min_time_ps"].min()
    if "has_breakdown" in stacked.columns:
        merged["has_breakdown"] = grouped["has_breakdown"].any()
    merged = merged.reset_index()[list(stacked.columns)]
    for col in merged.columns:
        if col in stacked.columns and stacked[col].dtype != merged[col].dtype:
            try:
                merged[col] = merged[col].astype(stacked[col].dtype)
            except (TypeError, ValueError):
                pass
    return merged, grouped.ngroup().to_numpy()


def _merged_op_columns(parts: list[XlaOps]) -> tuple[pd.DataFrame, np.ndarray] | None:
    """``_merged_ops_numpy`` of the parts' ``op_columns`` stacked (the same frame and groups as of their
    frames' columns); None where a part kept none, or a column is not of one kind in every part: a
    text column an object array of str in each, any other one array type and dtype."""
    kept = [p.op_columns for p in parts]
    if any(columns is None for columns in kept):
        return None
    stacked, texts = {}, []
    for name in kept[0]:  # type: ignore[union-attr]
        arrays = [columns[name] for columns in kept]  # type: ignore[index]
        if all(isinstance(a, np.ndarray) and a.dtype == object for a in arrays):
            if not all(type(v) is str for a in arrays for v in a.tolist()):
                return None  # a host's frame holds it as objects: the frames merge it
            texts.append(name)
        elif any(type(a) is not type(arrays[0]) or a.dtype != arrays[0].dtype for a in arrays):
            return None
        stacked[name] = _concatenated(arrays)
    return _merged_ops_numpy(stacked, texts)


def _stacked_columns_of(frames: list[pd.DataFrame]) -> dict[str, Any] | None:
    """The columns of ``pd.concat(frames, ignore_index=True)`` as ``column_arrays`` gives them, stacked
    from the frames' arrays without the frame; None where the frames differ in columns or dtypes (or
    their labels are not distinct str)."""
    parts = [column_arrays(frame) for frame in frames]
    first = parts[0]
    if first is None or any(part is None or list(part) != list(first) for part in parts):
        return None
    if any(part[c].dtype != first[c].dtype for part in parts for c in first):  # type: ignore[index]
        return None
    return {c: _concatenated([part[c] for part in parts]) for c in first}  # type: ignore[index]


def _concatenated(arrays: list[Any]) -> Any:
    """Arrays of one dtype one after the other: numpy's, or the pandas array type's own (as ``pd.concat``)."""
    if isinstance(arrays[0], np.ndarray):
        return np.concatenate(arrays)
    return type(arrays[0])._concat_same_type(arrays)


def _merged_ops_numpy(
    columns: dict[str, Any] | None, texts: list[str] | None = None
) -> tuple[pd.DataFrame, np.ndarray] | None:
    """``_merged_ops`` in numpy (the same frame and groups) of the stacked ops' ``column_arrays``: groups
    in order of first appearance, the first non-missing value of each other column, int sums, float sums
    compensated as pandas sums them, minimum ``min_time_ps``, any ``has_breakdown``. None where a key is
    missing somewhere or a reduced column is not a numpy number (pandas then merges), or without columns.
    ``texts``: columns given as object arrays of str that the frame holds as ``strings`` types them."""
    if columns is None or any(k not in columns or pd.isna(columns[k]).any() for k in _XLA_KEYS):
        return None
    how = {c: "sum" for c in _XLA_SUMS if c in columns}
    how.update({c: r for c, r in (("min_time_ps", "min"), ("has_breakdown", "any")) if c in columns})
    kinds = {"sum": "iuf", "min": "iu", "any": "b"}
    for c, r in how.items():
        dtype = columns[c].dtype
        if not isinstance(dtype, np.dtype) or dtype.kind not in kinds[r]:
            return None
    group, n = ec.group_ids(*(_factorizable(columns[k]) for k in _XLA_KEYS))
    out: dict[str, Any] = {}
    first_rows = ec.first_rows(group)
    for c, values in columns.items():
        if c in how:
            out[c] = _reduce_xla(values, group, n, how[c])
        elif isinstance(values, np.ndarray):
            if pd.isna(values).any():  # a numpy column with missing values: left to pandas
                return None
            out[c] = values[first_rows]
        else:
            out[c] = _first_valid(values, group, n, first_rows)
    for c in texts or ():
        out[c] = strings(out[c].tolist())
    return typed_frame(out), group


def _factorizable(values: Any) -> Any:
    """A key column as ``ec.group_ids`` factorises it: Arrow strings as Python str (the same groups;
    pyarrow's first dictionary encoding in a process costs ~1 ms), other columns as they are."""
    if isinstance(values, pd.arrays.ArrowStringArray):
        return values.to_numpy(dtype=object)
    return values


def _first_valid(values: Any, group: np.ndarray, n: int, first_rows: np.ndarray) -> Any:
    """Each group's first non-missing value of a pandas-typed column (an extension array; missing
    where the group has none); ``first_rows``: each group's first row (``ec.first_rows(group)``: ``n``
    of them where every group has a row)."""
    missing = pd.isna(values)
    if not missing.any() and len(first_rows) == n:
        return _values_at(values, first_rows)
    valid = np.flatnonzero(~missing)
    first = ec.first_of_groups(group[valid], n)  # a position in ``valid``; len(valid) where the group has none
    pick = np.full(n, -1, np.int64)
    found = first < len(valid)
    pick[found] = valid[first[found]]
    if found.all():  # no group without a value: plain positions
        return take_array(values, pick)
    return values.take(pick, allow_fill=True)


def _values_at(values: Any, first_rows: np.ndarray) -> Any:
    """``take_array(values, first_rows)`` for groups' first rows (increasing): a slice where they are the
    first rows of all (hosts that ran the same ops: every op's first row is the first host's)."""
    if len(first_rows) and first_rows[-1] == len(first_rows) - 1:  # increasing from 0: 0, 1, ..., n - 1
        return values[: len(first_rows)]
    return take_array(values, first_rows)


def _reduce_xla(values: np.ndarray, group: np.ndarray, n: int, how: str) -> np.ndarray:
    """One reduction per group: ``sum`` (ints exact; floats as pandas' compensated group sum), ``min``
    (ints) or ``any`` (bools)."""
    if how == "any":
        out = np.zeros(n, bool)
        np.logical_or.at(out, group, values)
        return out
    if how == "min":
        low = np.full(n, np.iinfo(values.dtype).max, values.dtype)
        np.minimum.at(low, group, values)
        return low
    if values.dtype.kind in "iu":
        total = np.zeros(n, values.dtype)
        np.add.at(total, group, values)
        return total
    return _compensated_sums(values, group, n)


def _compensated_sums(values: np.ndarray, group: np.ndarray, n: int) -> np.ndarray:
    """pandas' float group sum (Kahan-compensated, NaN skipped, inf kept): each group's values in row
    order, one round per member (a group's k-th value in round k: hosts, not ops)."""
    total = np.zeros(n, np.float64)
    compensation = np.zeros(n, np.float64)
    order = np.argsort(group, kind="stable")
    sorted_group = group[order]
    starts = np.flatnonzero(np.r_[True, sorted_group[1:] != sorted_group[:-1]])
    rank = np.arange(len(order)) - np.repeat(starts, np.diff(np.r_[starts, len(order)]))
    with np.errstate(invalid="ignore"):
        for k in range(int(rank.max()) + 1 if len(rank) else 0):
            at = order[rank == k]
            g, value = group[at], values[at].astype(np.float64)
            ok = ~np.isnan(value)
            g, value = g[ok], value[ok]
            y = value - compensation[g]
            t = total[g] + y
            c = t - total[g] - y
            compensation[g] = np.where(np.isnan(c), 0.0, c)
            total[g] = t
    return total


def _combine_fused(parts: list[XlaOps], new_row: np.ndarray) -> pd.DataFrame:
    """The hosts' fused-instruction rows re-pointed at the merged ops (``op_index``), once each."""
    frames, offset = [], 0
    for p in parts:
        fused = p.fused_children
        if len(fused) and "op_index" in fused.columns:
            old = fused["op_index"].to_numpy(np.int64) + offset
            frames.append(fused.assign(op_index=new_row[old]))
        offset += p.num_ops
    if not frames:
        return parts[0].fused_children.iloc[:0] if parts else pd.DataFrame()
    out = pd.concat(frames, ignore_index=True)
    subset = [c for c in ("op_index", "parent_name", "name") if c in out.columns]
    return out.drop_duplicates(subset=subset).reset_index(drop=True)


def _unique_notes(parts: list[XlaOps]) -> list[str]:
    return list(dict.fromkeys(n for p in parts for n in p.notes))


# ---------------------------------------------------------------------------- environments
def combine_run_envs(envs: list[RunEnvironment]) -> RunEnvironment:
    """XProf's CombineRunEnvironment: host count = distinct host names; device type and
    core count from the hosts that have a device (``CPU`` only when none has)."""
    hostnames = tuple(dict.fromkeys(h for env in envs for h in env.hostnames))
    device_type, cores = "", 0
    for env in envs:
        if env.device_type not in ("CPU", "Device"):
            device_type = env.device_type
            cores += env.device_core_count
        elif not device_type:
            device_type = env.device_type
    kinds = [env.hardware_type for env in envs]
    return RunEnvironment(
        host_count=len(hostnames),
        hosts=tuple(h for env in envs for h in env.hosts),
        hardware_type=max(kinds, key=lambda k: HARDWARE_RANK.get(k, 0)) if kinds else xs.HARDWARE_CPU,
        device_type=device_type or "CPU",
        device_core_count=cores,
        hostnames=hostnames,
    )


def combine_perf_envs(envs: list[PerfEnv]) -> PerfEnv:
    """XProf's CombinePerfEnv: the last host's positive peak FLOP rate, the first host's
    bandwidths; hardware and device type of the hosts with a device."""
    flops = [e.peak_tflops for e in envs if e.peak_tflops > 0]
    hbm = [e.peak_hbm_gibps for e in envs if e.peak_hbm_gibps > 0]
    with_device = [e for e in envs if e.hardware_type != xs.HARDWARE_CPU]
    base = with_device[0] if with_device else envs[0]
    return PerfEnv(
        hardware_type=max((e.hardware_type for e in envs), key=lambda k: HARDWARE_RANK.get(k, 0)),
        device_type=base.device_type,
        peak_tflops=flops[-1] if flops else 0.0,
        peak_hbm_gibps=hbm[0] if hbm else 0.0,
        peak_source=base.peak_source,
    )


@dataclass(frozen=True)
class OpStatsTables:
    """What the combiner needs of one host's OpStats: small tables, no frames (picklable, so
    a host's OpStats can be computed in another process; ``OpStats.tables()`` makes one).
    Times int64 ps."""

    host: str
    op_metrics_db: pd.DataFrame
    op_metrics_info: dict[str, Any]
    step_db: StepDb
    run_env: RunEnvironment
    perf_env: PerfEnv
    xla_ops: XlaOps
    notes: list[str] = field(default_factory=list)
    duty_cycle: DutyCycle | None = None  # TPU busy and idle time (None: not shipped)
    kernel_db: KernelDb | None = None  # GPU kernel launches (None: not shipped)
    is_training: bool = False  # the host's HLO computes gradients


_KERNEL_AGGS = {
    "occupancy_pct": ("occupancy_pct", "first"),
    "occurrences": ("occurrences", "sum"),
    "total_duration_ns": ("total_duration_ns", "sum"),
    "min_duration_ns": ("min_duration_ns", "min"),
    "max_duration_ns": ("max_duration_ns", "max"),
    "total_duration_ps": ("total_duration_ps", "sum"),
    "min_duration_ps": ("min_duration_ps", "min"),
    "max_duration_ps": ("max_duration_ps", "max"),
}


def combine_kernel_dbs(dbs: list[KernelDb]) -> KernelDb:
    """The hosts' kernel stats dbs as one, as XProf combines them: the same kernel (name, launch
    configuration, op) adds up its occurrences and durations, min and max over hosts; longest first."""
    vendor = next((db.vendor for db in dbs if db.vendor), "")
    events = sum(db.num_kernel_events for db in dbs)
    notes = list(dict.fromkeys(n for db in dbs for n in db.notes))
    with_reports = [db for db in dbs if db.num_reports]
    if len(with_reports) <= 1:
        if with_reports:
            return with_reports[0].relabelled(events, vendor, notes)
        return KernelDb(ec.empty_frame(KERNEL_REPORT_COLUMNS), num_kernel_events=events, vendor=vendor, notes=notes)
    parts = [db.report_arrays() for db in with_reports]
    if all(part is not None for part in parts):  # the builders' arrays: no frame made or stacked
        arrays = {c: np.concatenate([part[c] for part in parts]) for c in KERNEL_REPORT_COLUMNS}  # type: ignore[index]
        stacked = None
    else:
        stacked = pd.concat([db.reports for db in with_reports], ignore_index=True)
        arrays = {c: stacked[c].to_numpy() for c in stacked.columns}
    grouped = None
    if not any(pd.isna(arrays[c]).any() for c in KERNEL_KEY_COLUMNS):  # no key to keep as a missing group
        grouped = group_arrays(arrays, KERNEL_KEY_COLUMNS, _KERNEL_AGGS)
    # pandas' groupby(sort=False, dropna=False).agg(...).reset_index(), in numpy
    order = _kernel_order(grouped) if grouped is not None else None
    if grouped is not None and order is not None:
        columns = {c: grouped[c][order] for c in KERNEL_REPORT_COLUMNS}
        table = functools.partial(_typed_table, columns)  # made on first read: the overview reads the arrays
        return KernelDb(table, num_kernel_events=events, vendor=vendor, notes=notes, _columns=columns)
    if stacked is None:
        stacked = pd.concat([db.reports for db in with_reports], ignore_index=True)
    out = (
        pd.DataFrame(grouped)
        if grouped is not None
        else group_agg(stacked, KERNEL_KEY_COLUMNS, _KERNEL_AGGS, dropna=False)
    )
    # the single host's order (``kernel_db.build_kernel_db``): total duration, then the key
    out = out.sort_values(
        ["total_duration_ns", *KERNEL_KEY_COLUMNS],
        ascending=[False] + [True] * len(KERNEL_KEY_COLUMNS),
        kind="stable",
    )
    return KernelDb(
        out[KERNEL_REPORT_COLUMNS].reset_index(drop=True), num_kernel_events=events, vendor=vendor, notes=notes
    )


def _typed_table(columns: dict[str, np.ndarray]) -> pd.DataFrame:
    """``pd.DataFrame(columns)`` of numpy columns, its text (object) columns typed by ``ec.inferred_text``."""
    if not len(next(iter(columns.values()), ())):
        return pd.DataFrame(columns)
    return typed_frame({c: ec.inferred_text(v) if v.dtype == object else v for c, v in columns.items()})


def _kernel_order(columns: dict[str, np.ndarray]) -> np.ndarray | None:
    """The order of the merged kernels (one per distinct key) as the single host's kernel db sorts
    them (total duration descending, then the key ascending), by one lexsort; None where the total
    is not an int64 column that negates exactly or a key column is neither ints, bools nor str
    (``sort_values`` then)."""
    total = columns["total_duration_ns"]
    if total.dtype != np.int64 or (len(total) and int(total.min()) == np.iinfo(np.int64).min):
        return None
    keys = [-total]
    for c in KERNEL_KEY_COLUMNS:
        values = columns[c]
        if values.dtype.kind in "biu":
            keys.append(values)
        elif values.dtype == object and pd.api.types.infer_dtype(values, skipna=False) == "string":
            keys.append(np.unique(values, return_inverse=True)[1].reshape(-1))  # rank in str order
        else:
            return None
    return np.lexsort(keys[::-1])  # the last key sorts first; the keys are distinct: no ties
