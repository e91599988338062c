"""XProf's op metrics databases (host and device) as one DataFrame.

XProf builds two "op metrics dbs" per host before its op tools (framework op stats, the
overview's top ops, the input-pipeline op table): ``host_op_metrics_db`` from the
``/host:CPU`` plane and ``device_op_metrics_db`` from the device planes
(``xprof/convert/xplane_to_op_metrics_db.cc``, ``xprof/utils/op_utils.cc``,
``op_metrics_db_utils.cc``). This module rebuilds both from ``prof.events``, vectorised:

Host (``ConvertHostThreadsXPlaneToOpMetricsDb``)
    Framework ops are host events whose name parses as ``name:Type`` (TensorFlow), a JAX
    op, a tf.data ``Iterator::...`` or a memcpy (see ``_tf_op.py``), plus events carrying a
    non-empty ``tf_op`` stat (e.g. TF's ``MemoryAllocation``; parsed from the stat, never
    eager). Self time = duration minus the durations of the framework ops directly nested
    in it on the same thread (non-framework events in between are transparent). The db's
    total time is, per thread, the span from the first framework op start to the last end;
    ``IDLE`` = total - sum of self times.
GPU (``ConvertDeviceTraceXPlaneToOpMetricsDb``)
    Every event on a non-derived line of a ``/device:GPU:N`` plane: with an ``hlo_op`` stat
    it is an XLA op named after the HLO instruction; else with a ``tf_op`` stat it is named
    ``<tf op name>/<kernel name>`` with the TF op type as category. Self time = duration.
    Total time per device = span of all its events; ``IDLE`` is added per device.
TPU (``ConvertTensorCoreDeviceTraceXPlaneToOpMetricsDb``)
    Events of the ``XLA Ops`` lines, timed by their device timespan (``device_offset_ps``,
    ``device_duration_ps``), nested by inclusion; keyed by (``program_id``, ``symbol_id``)
    of their metadata (events without a symbol are skipped, as XProf does); name = metadata
    display name, category = ``hlo_category``, provenance = ``tf_op``. Total time = span of
    the op and ``Steps`` lines.

Columns of the result (one row per op and host/device side, plus one ``IDLE`` row per
side and host; times int64 ps):

============================ ===============================================================
``host``                     host (file stem)
``host_or_device``           ``"Host"`` or ``"Device"``
``program_id``               XLA program id of device XLA ops (UInt64), 0 otherwise
``name``                     TF/JAX op name on the host; XLA op (HLO instruction) or
                             ``<tf op>/<kernel>`` on the device; ``IDLE`` for idle time
``category``                 op type (``MatMul``, ``Dataset``, HLO category ``fusion`` ...)
``provenance``               device ops: the framework op full name (``tf_op``), else ``""``
``occurrences``              number of executions
``total_time_ps``            sum of durations
``self_time_ps``             sum of self times (duration minus nested ops)
``flops``                    FLOPs over all occurrences (device XLA ops; 0 elsewhere)
``model_flops``              model FLOPs (defaults to ``flops``)
``bytes_accessed``           bytes over all occurrences (device XLA ops; 0 elsewhere)
``is_eager``                 executed eagerly at least once
``db_total_time_ps``         total time of this host/side db (span-based; idle included)
``db_total_op_time_ps``      sum of self times of this host/side db (idle excluded)
============================ ===============================================================

``build_op_metrics_db`` returns the frame and a dict saying which events were used and what
could not be attributed (``notes``); ``OpStats`` builds it once per profile.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats import tf_op as _tf_op
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames

IDLE = "IDLE"

COLUMNS = [
    "host",
    "host_or_device",
    "program_id",
    "name",
    "category",
    "provenance",
    "occurrences",
    "total_time_ps",
    "self_time_ps",
    "flops",
    "model_flops",
    "bytes_accessed",
    "is_eager",
    "db_total_time_ps",
    "db_total_op_time_ps",
]


# --------------------------------------------------------------------------- helpers
def _codes(series: pd.Series) -> np.ndarray:
    return np.asarray(series.cat.codes.to_numpy(), dtype=np.int64)


def _group_key(*columns: np.ndarray) -> np.ndarray:
    """Dense int64 group number of each row for the given parallel key columns."""
    if len(columns[0]) == 0:
        return np.zeros(0, np.int64)
    frame = pd.DataFrame({f"k{i}": col for i, col in enumerate(columns)})
    return frame.groupby(list(frame.columns), sort=False).ngroup().to_numpy(np.int64)


def _int_column(events: pd.DataFrame, name: str, rows: np.ndarray, default: int = 0) -> np.ndarray:
    if name not in events.columns:
        return np.full(len(rows), default, np.int64)
    col = events[name].iloc[rows] if len(rows) else events[name].iloc[:0]
    return col.fillna(default).to_numpy(dtype=np.int64) if len(rows) else np.zeros(0, np.int64)


def _str_column(events: pd.DataFrame, name: str, rows: np.ndarray) -> np.ndarray:
    """Object array of strings ("" where missing) for the given rows."""
    if name not in events.columns or len(rows) == 0:
        return np.full(len(rows), "", dtype=object)
    col = events[name]
    codes = _codes(col)[rows]
    cats = np.asarray(col.cat.categories.astype(str), dtype=object)
    out = np.full(len(rows), "", dtype=object)
    ok = codes >= 0
    out[ok] = cats[codes[ok]]
    return out


def _parse_used(column: pd.Series, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Parse the categories of ``column`` that ``codes`` use; arrays indexed by category code."""
    cats = column.cat.categories
    kind = np.full(len(cats), _tf_op.UNKNOWN, dtype=object)
    name = np.asarray(cats.astype(str), dtype=object).copy()
    op_type = np.full(len(cats), "", dtype=object)
    used = np.unique(codes[codes >= 0])
    if len(used):
        kind[used], name[used], op_type[used] = _tf_op.parse_many(name[used])
    return kind, name, op_type


def _last_component(column: pd.Series, rows: np.ndarray, separator: str) -> np.ndarray:
    """Last ``separator``-separated part of a categorical's value for the given rows (per category)."""
    cats = np.array([str(c).split(separator)[-1] for c in column.cat.categories], dtype=object)
    codes = _codes(column)[rows]
    out = np.full(len(rows), "", dtype=object)
    ok = codes >= 0
    out[ok] = cats[codes[ok]]
    return out


def _sum_by(keys: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """int64 sums of ``values`` grouped by integer ``keys`` in [0, size)."""
    out = np.zeros(size, np.int64)
    if len(keys):
        np.add.at(out, keys, values.astype(np.int64))
    return out


def nearest_container(group: np.ndarray, start: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Direct parent (position, -1 if none) of each interval, intervals sorted by (group, start, -duration).

    Parent = the nearest earlier interval of the same group that contains this one (XProf's
    AncestorStack with timespan inclusion). Vectorised pointer jumping: a candidate that
    does not contain the interval is replaced by the candidate's own candidate, which is safe
    because everything skipped ends before it.
    """
    n = len(start)
    parent = np.full(n, -1, np.int64)
    if n == 0:
        return parent
    candidate = np.arange(n, dtype=np.int64) - 1
    first_of_group = np.ones(n, bool)
    first_of_group[1:] = group[1:] != group[:-1]
    candidate[first_of_group] = -1
    done = candidate < 0
    while not done.all():
        todo = np.flatnonzero(~done)
        cand = candidate[todo]
        contains = end[cand] >= end[todo]
        hit = todo[contains]
        parent[hit] = cand[contains]
        done[hit] = True
        miss = todo[~contains]
        if len(miss) == 0:
            break
        nxt = np.where(done[candidate[miss]], parent[candidate[miss]], candidate[candidate[miss]])
        candidate[miss] = nxt
        done[miss[nxt < 0]] = True
    return parent


# --------------------------------------------------------------------------- host side
def _host_db(profile: Any, info: dict[str, Any]) -> pd.DataFrame:
    ev = profile.events
    mask = xs.plane_mask(ev, lambda name: name == xs.HOST_PLANE)
    mask &= ~ev["aggregated"].to_numpy(dtype=bool)
    mask &= ~xs.is_derived_line_id(ev["line_id"].to_numpy())
    rows = np.flatnonzero(mask)
    if len(rows) == 0:
        return pd.DataFrame(columns=COLUMNS)

    # 1. Framework ops by event name.
    name_codes = _codes(ev["name"])[rows]
    name_kind, name_op, name_type = _parse_used(ev["name"], name_codes)
    known = np.zeros(len(rows), bool)
    if len(name_kind):
        known = (name_codes >= 0) & (name_kind[np.maximum(name_codes, 0)] != _tf_op.UNKNOWN)
    # 2. Events with a tf_op stat (parsed from the stat, never eager).
    if "tf_op" in ev.columns:
        tf_codes = _codes(ev["tf_op"])[rows]
        tf_kind, tf_name, tf_type = _parse_used(ev["tf_op"], tf_codes)
        tf_nonempty = np.array([len(str(c)) > 0 for c in ev["tf_op"].cat.categories], dtype=bool)
        has_stat = (tf_codes >= 0) & (tf_nonempty[np.maximum(tf_codes, 0)] if len(tf_nonempty) else False)
    else:
        tf_name = tf_type = np.zeros(0, object)
        tf_codes = np.full(len(rows), -1, np.int64)
        has_stat = np.zeros(len(rows), bool)

    duration = ev["duration_ps"].to_numpy()
    # XProf adds a second activity for an event that is both; with a positive duration its
    # stack then drops it (same span as the first), so keep it only for zero-length events.
    both = known & has_stat
    second = both & (duration[rows] == 0)
    info["host_events_named_and_tf_op_stat_dropped"] = int((both & ~second).sum())
    by_name = rows[known]
    by_stat = rows[(has_stat & ~known) | second]
    act_event = np.concatenate([by_name, by_stat])
    act_name = np.concatenate([name_op[name_codes[known]], tf_name[tf_codes[(has_stat & ~known) | second]]])
    act_type = np.concatenate([name_type[name_codes[known]], tf_type[tf_codes[(has_stat & ~known) | second]]])
    eager_col = _int_column(ev, "is_eager", by_name)
    act_eager = np.concatenate([eager_col != 0, np.zeros(len(by_stat), bool)])
    info["host_framework_op_events"] = int(len(act_event))
    info["host_events_considered"] = int(len(rows))

    if len(act_event) == 0:
        hosts = ev["host"].iloc[rows].astype(str).unique()
        per_host = pd.DataFrame({"host": hosts, "total": 0, "op": 0})
        return _with_db_totals(_idle_rows(per_host, "Host"), per_host)

    # Nesting among framework ops only: nearest framework-op ancestor on the same line.
    is_act = np.zeros(len(ev), bool)
    is_act[act_event] = True
    parent_all = ev["parent"].to_numpy()
    ancestor = parent_all[act_event].copy()
    while True:
        climb = ancestor >= 0
        climb[climb] &= ~is_act[ancestor[climb]]
        if not climb.any():
            break
        ancestor[climb] = parent_all[ancestor[climb]]
    # Children time per event row (unique rows), then self time per activity.
    event_pos = pd.Index(np.unique(act_event))
    dur = duration[act_event]
    nested = ancestor >= 0
    child_time = _sum_by(event_pos.get_indexer(ancestor[nested]), dur[nested], len(event_pos))
    self_time = dur - child_time[event_pos.get_indexer(act_event)]
    # A duplicate (zero-length) activity adds nothing to its parent; nothing to correct.

    acts = pd.DataFrame(
        {
            "host": ev["host"].to_numpy()[act_event].astype(str),
            "line": ev["line_id"].to_numpy()[act_event],
            "plane_id": ev["plane_id"].to_numpy()[act_event],
            "start": ev["start_ps"].to_numpy()[act_event],
            "end": ev["end_ps"].to_numpy()[act_event],
            "name": act_name.astype(str),
            "category": act_type.astype(str),
            "dur": dur,
            "self": self_time,
            "eager": act_eager,
            "order": act_event,
        }
    ).sort_values("order", kind="stable")

    per_line = acts.groupby(["host", "plane_id", "line"], sort=False).agg(
        start=("start", "min"), end=("end", "max"), op=("self", "sum")
    )
    per_line["total"] = np.maximum(per_line["end"] - per_line["start"], per_line["op"])
    per_host = per_line.groupby(level="host", sort=False)[["total", "op"]].sum().reset_index()

    acts["category"] = acts["category"].where(acts["category"] != "", None)
    ops = (
        acts.groupby(["host", "name"], sort=False)
        .agg(
            category=("category", "first"),
            occurrences=("dur", "size"),
            total_time_ps=("dur", "sum"),
            self_time_ps=("self", "sum"),
            is_eager=("eager", "any"),
        )
        .reset_index()
    )
    ops["category"] = ops["category"].fillna("")
    ops["host_or_device"] = "Host"
    ops["program_id"] = np.uint64(0)  # uint64 like the device rows: int64 + uint64 concat to float64
    ops["provenance"] = ""
    for col in ("flops", "model_flops", "bytes_accessed"):
        ops[col] = 0
    out = pd.concat([ops, _idle_rows(per_host, "Host")], ignore_index=True)
    return _with_db_totals(out, per_host)


def _idle_rows(per_host: pd.DataFrame, side: str) -> pd.DataFrame:
    """One IDLE row per host: self time = db total - sum of op self times."""
    idle = (per_host["total"] - per_host["op"]).to_numpy(dtype=np.int64)
    out = pd.DataFrame(
        {
            "host": per_host["host"].to_numpy(),
            "host_or_device": side,
            "program_id": np.uint64(0),  # uint64: concatenated with ops' ids > 2^53 it must not become float
            "name": IDLE,
            "category": IDLE,
            "provenance": "",
            "occurrences": 0,
            "total_time_ps": idle,
            "self_time_ps": idle,
            "flops": 0,
            "model_flops": 0,
            "bytes_accessed": 0,
            "is_eager": False,
        }
    )
    return out


def _with_db_totals(frame: pd.DataFrame, per_host: pd.DataFrame) -> pd.DataFrame:
    """Add the db totals of each row's host (one db per host and side)."""
    position = pd.Index(per_host["host"].astype(str).to_numpy(dtype=object)).get_indexer(
        frame["host"].astype(str).to_numpy(dtype=object)
    )
    found = position >= 0
    safe = np.maximum(position, 0)
    total = per_host["total"].to_numpy(dtype=np.int64)
    op = per_host["op"].to_numpy(dtype=np.int64)
    return frame.assign(
        db_total_time_ps=np.where(found, total[safe] if len(total) else 0, 0),
        db_total_op_time_ps=np.where(found, op[safe] if len(op) else 0, 0),
    )


# --------------------------------------------------------------------------- device side
def _device_plane_keys(profile: Any, plane_names: list[str]) -> pd.DataFrame:
    """host/plane pairs of the device planes (a plane with no events still counts: IDLE 0)."""
    planes = profile.planes
    sel = planes[planes["name"].astype(str).isin(plane_names)]
    return pd.DataFrame({"host": sel["host"].astype(str).to_numpy(), "plane": sel["name"].astype(str).to_numpy()})


def _gpu_db(profile: Any, plane_names: list[str], info: dict[str, Any]) -> pd.DataFrame:
    ev = profile.events
    names = set(plane_names)
    mask = xs.plane_mask(ev, lambda n: n in names)
    mask &= ~xs.is_derived_line_id(ev["line_id"].to_numpy())
    rows = np.flatnonzero(mask)
    hosts = ev["host"].to_numpy()[rows].astype(str)
    planes = ev["plane"].to_numpy()[rows].astype(str)
    start = ev["start_ps"].to_numpy()[rows]
    end = ev["end_ps"].to_numpy()[rows]
    dur = ev["duration_ps"].to_numpy()[rows]

    hlo = _str_column(ev, "hlo_op", rows)
    tf_full = _str_column(ev, "tf_op", rows)
    is_xla = hlo != ""
    is_tf = ~is_xla & (tf_full != "")
    info["device_events_considered"] = int(len(rows))
    info["device_xla_op_events"] = int(is_xla.sum())
    info["device_tf_op_events"] = int(is_tf.sum())
    unattributed = ~(is_xla | is_tf)
    info["device_events_without_op"] = int(unattributed.sum())
    info["device_time_without_op_ps"] = int(dur[unattributed].sum())
    info["device_event_time_ps"] = int(dur.sum())
    if unattributed.any():
        # Older TF GPU profiles name the op only in the kernel's annotation ("level 0" stat).
        _, annotated = xs.stat_values(profile, "level 0", rows[unattributed])
        info["device_events_with_annotation_only"] = int(annotated.sum())

    # Span per device plane (all events of its non-derived lines).
    spans = pd.DataFrame({"host": hosts, "plane": planes, "start": start, "end": end})
    span = spans.groupby(["host", "plane"]).agg(start=("start", "min"), end=("end", "max"))
    span = span.reindex(pd.MultiIndex.from_frame(_device_plane_keys(profile, plane_names)), fill_value=0)
    span_ps = (span["end"] - span["start"]).clip(lower=0)

    pieces = []
    if is_xla.any():
        x = np.flatnonzero(is_xla)
        hlo_names = _last_component(ev["hlo_op"], rows[x], "::")
        category, present = xs.stat_values(profile, "hlo_category", rows[x])
        category = np.where(present, category.astype(str), "unknown")
        pieces.append(
            pd.DataFrame(
                {
                    "host": hosts[x],
                    "plane": planes[x],
                    "program_id": _int_column(ev, "program_id", rows[x]).astype(np.uint64),
                    "name": hlo_names.astype(str),
                    "category": category.astype(str),
                    "provenance": tf_full[x].astype(str),
                    "dur": dur[x],
                    "flops": _int_column(ev, "flops", rows[x]),
                    "model_flops": _int_column(ev, "model_flops", rows[x]),
                    "bytes_accessed": _int_column(ev, "bytes_accessed", rows[x]),
                    "eager": _int_column(ev, "is_eager", rows[x]) != 0,
                    "occ": 1,
                }
            )
        )
    if is_tf.any():
        t = np.flatnonzero(is_tf)
        distinct = pd.unique(tf_full[t])
        _, op_name, op_type = _tf_op.parse_many(distinct)
        pos = pd.Index(distinct).get_indexer(tf_full[t])
        kernel = _str_column(ev, "name", rows[t])
        pieces.append(
            pd.DataFrame(
                {
                    "host": hosts[t],
                    "plane": planes[t],
                    "program_id": np.zeros(len(t), np.uint64),
                    "name": (op_name[pos].astype(str) + "/" + kernel.astype(str)),
                    "category": op_type[pos].astype(str),
                    "provenance": tf_full[t].astype(str),
                    "dur": dur[t],
                    "flops": 0,
                    "model_flops": 0,
                    "bytes_accessed": 0,
                    "eager": _int_column(ev, "is_eager", rows[t]) != 0,
                    "occ": 1,
                }
            )
        )
    ops = _aggregate_device(pieces)
    per_plane = pd.DataFrame({"span": span_ps})
    return _device_with_idle(ops, per_plane)


def _tpu_db(profile: Any, plane_names: list[str], info: dict[str, Any]) -> pd.DataFrame:
    ev = profile.events
    names = set(plane_names)
    in_plane = xs.plane_mask(ev, lambda n: n in names)
    on_op_line = in_plane & xs.value_mask(ev["line"], lambda n: n in xs.TPU_OP_LINES)
    on_step_line = in_plane & xs.value_mask(ev["line"], lambda n: n in xs.TPU_STEP_LINES)

    def device_span(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        off = ev["device_offset_ps"].iloc[rows] if "device_offset_ps" in ev.columns else None
        dd = ev["device_duration_ps"].iloc[rows] if "device_duration_ps" in ev.columns else None
        start = ev["start_ps"].to_numpy()[rows].copy()
        length = ev["duration_ps"].to_numpy()[rows].copy()
        if off is not None and dd is not None:
            has = (off.notna() & dd.notna()).to_numpy()
            start[has] = off.to_numpy(dtype=np.int64, na_value=0)[has]
            length[has] = dd.to_numpy(dtype=np.int64, na_value=0)[has]
        return start, length

    op_rows = np.flatnonzero(on_op_line)
    step_rows = np.flatnonzero(on_step_line)
    o_start, o_len = device_span(op_rows)
    s_start, s_len = device_span(step_rows)
    o_end = o_start + o_len

    hosts = ev["host"].to_numpy()[op_rows].astype(str)
    planes = ev["plane"].to_numpy()[op_rows].astype(str)
    line_ids = ev["line_id"].to_numpy()[op_rows]
    # Nest by device timespan per (host, plane, line).
    key = _group_key(hosts, planes, line_ids)
    order = np.lexsort((-o_len, o_start, key))
    parent_sorted = nearest_container(key[order], o_start[order], o_end[order])
    parent = np.full(len(op_rows), -1, np.int64)
    parent[order] = np.where(parent_sorted >= 0, order[np.maximum(parent_sorted, 0)], -1)
    nested = parent >= 0
    child = _sum_by(parent[nested], o_len[nested], len(op_rows))
    self_time = o_len - child

    symbol, has_symbol = xs.stat_values(profile, "symbol_id", op_rows)
    symbol_series = pd.Series(symbol, dtype=object).where(has_symbol, 0)
    symbol_int = pd.to_numeric(symbol_series, errors="coerce").fillna(0).to_numpy(np.int64)
    if "program_id" in ev.columns:
        program = ev["program_id"].iloc[op_rows]
    else:
        program = pd.Series(pd.array([pd.NA] * len(op_rows), dtype="UInt64"))
    has_program = program.notna().to_numpy()
    keep = has_symbol & (symbol_int != 0) & has_program
    info["device_events_considered"] = int(len(op_rows))
    info["device_xla_op_events"] = int(keep.sum())
    info["device_events_without_op"] = int((~keep).sum())
    info["device_time_without_op_ps"] = int(self_time[~keep].sum())
    info["device_event_time_ps"] = int(self_time.sum())

    k = np.flatnonzero(keep)
    rows_k = op_rows[k]
    display = _str_column(ev, "display_name", rows_k)
    plain = _str_column(ev, "name", rows_k)
    category, has_cat = xs.stat_values(profile, "hlo_category", rows_k)
    occ = np.maximum(ev["num_occurrences"].to_numpy()[rows_k], 1)
    ops = pd.DataFrame(
        {
            "host": hosts[k],
            "plane": planes[k],
            "program_id": program.to_numpy(dtype=np.uint64, na_value=0)[k] if len(k) else np.zeros(0, np.uint64),
            "name": np.where(display != "", display, plain).astype(str),
            "category": np.where(has_cat, category, "").astype(str),
            "provenance": _str_column(ev, "tf_op", rows_k).astype(str),
            "dur": o_len[k],
            "self": self_time[k],
            "occ": occ,
            "flops": _int_column(ev, "flops", rows_k),
            "model_flops": _int_column(ev, "model_flops", rows_k),
            "bytes_accessed": _int_column(ev, "bytes_accessed", rows_k),
            "eager": np.zeros(len(k), bool),
        }
    )
    # flops/bytes come from the op's metadata: per occurrence, times occurrences.
    ops["flops"] *= ops["occ"]
    ops["model_flops"] = np.where(ops["model_flops"] > 0, ops["model_flops"] * ops["occ"], ops["flops"])
    ops["bytes_accessed"] *= ops["occ"]
    aggregated = _aggregate_device([ops])

    span_rows = pd.DataFrame(
        {
            "host": np.concatenate([hosts, ev["host"].to_numpy()[step_rows].astype(str)]),
            "plane": np.concatenate([planes, ev["plane"].to_numpy()[step_rows].astype(str)]),
            "start": np.concatenate([o_start, s_start]),
            "end": np.concatenate([o_end, s_start + s_len]),
        }
    )
    span = span_rows.groupby(["host", "plane"]).agg(start=("start", "min"), end=("end", "max"))
    span = span.reindex(pd.MultiIndex.from_frame(_device_plane_keys(profile, plane_names)), fill_value=0)
    per_plane = pd.DataFrame({"span": (span["end"] - span["start"]).clip(lower=0)})
    # XProf's per-core op time counts only ops it keyed; use that per plane.
    per_plane["op"] = ops.groupby(["host", "plane"])["self"].sum().reindex(per_plane.index, fill_value=0)
    return _device_with_idle(aggregated, per_plane)


def _aggregate_device(pieces: list[pd.DataFrame]) -> pd.DataFrame:
    """Sum per (host, program_id, name); keep per-plane self sums in ``attrs['per_plane_op']``."""
    if not pieces:
        empty = pd.DataFrame(columns=COLUMNS[:13])
        empty.attrs["per_plane_op"] = pd.Series(dtype=np.int64)
        return empty
    frame = pd.concat(pieces, ignore_index=True)
    if "self" not in frame.columns:
        frame["self"] = frame["dur"]
    per_plane_op = frame.groupby(["host", "plane"])["self"].sum()
    frame["category"] = frame["category"].where(frame["category"] != "", None)
    ops = (
        frame.groupby(["host", "program_id", "name"], sort=False)
        .agg(
            category=("category", "first"),
            provenance=("provenance", "first"),
            occurrences=("occ", "sum"),
            total_time_ps=("dur", "sum"),
            self_time_ps=("self", "sum"),
            flops=("flops", "sum"),
            model_flops=("model_flops", "sum"),
            bytes_accessed=("bytes_accessed", "sum"),
            is_eager=("eager", "any"),
        )
        .reset_index()
    )
    ops["category"] = ops["category"].fillna("unknown")
    ops["host_or_device"] = "Device"
    ops.attrs["per_plane_op"] = per_plane_op
    return ops


def _device_with_idle(ops: pd.DataFrame, per_plane: pd.DataFrame) -> pd.DataFrame:
    """Add the device IDLE row(s): per plane total = max(span, op time); idle = total - op."""
    if "op" not in per_plane.columns:
        per_plane_op = ops.attrs.get("per_plane_op", pd.Series(dtype=np.int64))
        per_plane = per_plane.assign(op=per_plane_op.reindex(per_plane.index, fill_value=0))
    per_plane = per_plane.assign(total=np.maximum(per_plane["span"], per_plane["op"]))
    per_host = per_plane.groupby(level=0)[["total", "op"]].sum().reset_index()
    per_host = per_host.rename(columns={per_host.columns[0]: "host"})
    ops = ops.copy()
    ops.attrs = {}
    out = pd.concat([ops, _idle_rows(per_host, "Device")], ignore_index=True)
    return _with_db_totals(out, per_host)


# --------------------------------------------------------------------------- assembly
def build_op_metrics_db(profile: Frames) -> tuple[pd.DataFrame, dict[str, Any]]:
    """Host and device op metrics of a profile, as XProf builds them (see module docstring)."""
    info: dict[str, Any] = {}
    parts = [_host_db(profile, info)]
    plane_names = profile.planes["name"].astype(str).tolist() if len(profile.planes) else []
    kind = xs.hardware_type(plane_names)
    planes = xs.device_planes(plane_names)
    info["hardware_type"] = kind
    info["device_planes"] = planes
    if kind == xs.HARDWARE_GPU:
        parts.append(_gpu_db(profile, planes, info))
    elif kind == xs.HARDWARE_TPU:
        parts.append(_tpu_db(profile, planes, info))
    parts = [p for p in parts if len(p)]
    frame = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=COLUMNS)
    frame = frame.reindex(columns=COLUMNS)
    ints = [
        "occurrences",
        "total_time_ps",
        "self_time_ps",
        "flops",
        "model_flops",
        "bytes_accessed",
        "db_total_time_ps",
        "db_total_op_time_ps",
    ]
    for col in ints:
        frame[col] = frame[col].fillna(0).astype(np.int64)
    frame["program_id"] = frame["program_id"].fillna(0).astype("UInt64")
    frame["is_eager"] = frame["is_eager"].fillna(False).astype(bool)
    for col in ("host", "name", "category", "provenance", "host_or_device"):
        frame[col] = frame[col].fillna("").astype(str)
    frame = frame.sort_values(
        ["host", "host_or_device", "self_time_ps", "name"], ascending=[True, False, False, True], kind="stable"
    ).reset_index(drop=True)
    info["notes"] = _notes(frame, info)
    return frame, info


def _notes(frame: pd.DataFrame, info: dict[str, Any]) -> list[str]:
    notes = [
        f"host: {info.get('host_framework_op_events', 0):,} framework-op events "
        f"(named 'name:Type', JAX ops, tf.data 'Iterator::', memcpy, or with a tf_op stat) "
        f"of {info.get('host_events_considered', 0):,} /host:CPU events",
    ]
    if info.get("hardware_type") != xs.HARDWARE_CPU:
        busy = info.get("device_event_time_ps", 0)
        missing = info.get("device_time_without_op_ps", 0)
        pct = 100.0 * missing / busy if busy else 0.0
        notes.append(
            f"device ({info['hardware_type']}): {info.get('device_events_considered', 0):,} events read, "
            f"{info.get('device_events_without_op', 0):,} had no op to attribute them to "
            f"({pct:.1f}% of the device's event time; counted as IDLE, as XProf does)"
        )
        no_ops = info.get("device_tf_op_events", 0) == 0 and info.get("device_xla_op_events", 0) == 0
        if info["hardware_type"] == xs.HARDWARE_GPU and no_ops:
            notes.append(
                "GPU kernels carry neither a tf_op nor an hlo_op stat: XProf attributes no "
                "device time to framework ops; all of it is IDLE"
            )
        if info.get("device_events_with_annotation_only"):
            notes.append(
                f"{info['device_events_with_annotation_only']:,} of those kernels name their TF op only "
                "in a 'level 0' annotation stat (older TensorFlow), which XProf does not read"
            )
    else:
        notes.append("no device plane: only the host op metrics db exists")
    return notes
