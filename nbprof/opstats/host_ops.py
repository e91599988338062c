"""XProf's host op metrics db: framework ops on the ``/host:CPU`` threads, one row per op and host.

As ``xplane_to_op_metrics_db.cc::ConvertHostThreadsXPlaneToOpMetricsDb`` builds it:

* framework ops are host events whose name parses as ``name:Type`` (TensorFlow), a JAX op, a
  tf.data ``Iterator::...`` or a memcpy (``tf_op.py``), plus events carrying a non-empty
  ``tf_op`` stat (e.g. TF's ``MemoryAllocation``; parsed from the stat, never eager);
* self time = duration minus the durations of the framework ops directly nested in it on the
  same thread (events that are not framework ops in between are transparent);
* the db's total time is, per thread, the span from the first framework op's start to the last
  one's end; ``IDLE`` = total - the sum of self times.

Columns (``COLUMNS``; times int64 ps): ``host``, ``host_or_device`` (``"Host"``),
``program_id`` (0), ``name``, ``category`` (the op type), ``provenance`` (``""``),
``occurrences``, ``total_time_ps``, ``self_time_ps``, ``flops``, ``model_flops``,
``bytes_accessed`` (0 on the host), ``is_eager``, ``db_total_time_ps`` (the host's span-based
total, idle included) and ``db_total_op_time_ps`` (its ops' self time).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.opstats import tf_op as _tf_op
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames

IDLE = "IDLE"
COLUMNS = [
    "host", "host_or_device", "program_id", "name", "category", "provenance", "occurrences", "total_time_ps",
    "self_time_ps", "flops", "model_flops", "bytes_accessed", "is_eager", "db_total_time_ps", "db_total_op_time_ps",
]  # fmt: skip


def idle_rows(per_host: pd.DataFrame, side: str) -> pd.DataFrame:
    """One ``IDLE`` row per host of ``per_host`` (``host``, ``total``, ``op``): self time = total - op."""
    idle = (per_host["total"] - per_host["op"]).to_numpy(dtype=np.int64)
    return pd.DataFrame(
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


def with_db_totals(frame: pd.DataFrame, per_host: pd.DataFrame) -> pd.DataFrame:
    """Add ``db_total_time_ps`` / ``db_total_op_time_ps`` of each row's host (one db per host and side)."""
    total, op = db_totals(per_host, frame["host"].to_numpy(dtype=object))
    return frame.assign(db_total_time_ps=total, db_total_op_time_ps=op)


def db_totals(per_host: pd.DataFrame, hosts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(db total time, db total op time) of each of ``hosts`` from ``per_host`` (0 for a host not in it)."""
    position = pd.Index(ec.text(per_host["host"])).get_indexer(ec.text(hosts))
    found = position >= 0
    safe = np.maximum(position, 0)
    total = per_host["total"].to_numpy(dtype=np.int64)
    op = per_host["op"].to_numpy(dtype=np.int64)
    return (
        np.where(found, total[safe] if len(total) else 0, 0),
        np.where(found, op[safe] if len(op) else 0, 0),
    )


def build_host_op_db(frames: Frames, info: dict[str, Any]) -> pd.DataFrame:
    """The host op metrics db of every host (see the module docstring); counts go into ``info``."""
    ev = frames.events
    mask = xs.plane_mask(ev, lambda name: name == xs.HOST_PLANE)
    mask &= ~ev["aggregated"].to_numpy(dtype=bool)
    mask &= ~xs.is_derived_line_id(ev["line_id"].to_numpy())
    rows = np.flatnonzero(mask)
    if len(rows) == 0:
        return pd.DataFrame(columns=COLUMNS)

    # 1. Framework ops by event name.
    name_codes = ec.row_codes(ev["name"], rows)
    name_kind, name_op, name_type = ec.parse_used(ev["name"], name_codes)
    known = np.zeros(len(rows), bool)
    if len(name_kind):
        known = (name_codes >= 0) & (name_kind != _tf_op.UNKNOWN)[np.maximum(name_codes, 0)]
    # 2. Events with a tf_op stat (parsed from the stat, never eager).
    if "tf_op" in ev.columns:
        tf_codes = ec.row_codes(ev["tf_op"], rows)
        _, tf_name, tf_type = ec.parse_used(ev["tf_op"], tf_codes)
        tf_nonempty = np.asarray(ev["tf_op"].array.categories.astype(str).str.len() > 0, dtype=bool)
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
    by_stat_mask = (has_stat & ~known) | second
    by_name = rows[known]
    by_stat = rows[by_stat_mask]
    act_event = np.concatenate([by_name, by_stat])
    act_name = np.concatenate([name_op[name_codes[known]], tf_name[tf_codes[by_stat_mask]]])
    act_type = np.concatenate([name_type[name_codes[known]], tf_type[tf_codes[by_stat_mask]]])
    act_eager = np.concatenate([ec.int_column(ev, "is_eager", by_name) != 0, np.zeros(len(by_stat), bool)])
    info["host_framework_op_events"] = int(len(act_event))
    info["host_events_considered"] = int(len(rows))

    if len(act_event) == 0:
        host_codes = ec.row_codes(ev["host"], rows)
        run_starts = np.flatnonzero(np.r_[True, host_codes[1:] != host_codes[:-1]])  # rows come by host
        hosts = list(dict.fromkeys(ec.str_column(ev, "host", rows[run_starts]).tolist()))  # in order of appearance
        per_host = pd.DataFrame({"host": hosts, "total": 0, "op": 0})
        return with_db_totals(idle_rows(per_host, "Host"), per_host)

    # Nesting among framework ops only: nearest framework-op ancestor on the same line.
    is_act = np.zeros(len(ev), bool)
    is_act[act_event] = True
    parent_all = ev["parent"].to_numpy()
    ancestor = parent_all[act_event].copy()
    while True:  # climbs nesting levels (a handful), not events
        climb = ancestor >= 0
        climb[climb] &= ~is_act[ancestor[climb]]
        if not climb.any():
            break
        ancestor[climb] = parent_all[ancestor[climb]]
    # Children time per event row (unique rows), then self time per activity.
    event_pos = pd.Index(np.unique(act_event))
    dur = duration[act_event]
    nested = ancestor >= 0
    child_time = ec.sum_by(event_pos.get_indexer(ancestor[nested]), dur[nested], len(event_pos))
    self_time = dur - child_time[event_pos.get_indexer(act_event)]

    # Activities in frame order.
    order = np.argsort(act_event, kind="stable")
    rows_in_order = act_event[order]
    host = ec.str_column(ev, "host", rows_in_order)
    name, category = ec.text(act_name)[order], ec.text(act_type)[order]
    dur, self_time, eager = dur[order], self_time[order], act_eager[order]

    # Per line: span (first start to last end) or its ops' self time if larger; summed per host.
    line_group, n_lines = ec.group_ids(
        host, ev["plane_id"].to_numpy()[rows_in_order], ev["line_id"].to_numpy()[rows_in_order]
    )
    line_start = np.full(n_lines, np.iinfo(np.int64).max)
    np.minimum.at(line_start, line_group, ev["start_ps"].to_numpy(np.int64)[rows_in_order])
    line_end = np.full(n_lines, np.iinfo(np.int64).min)
    np.maximum.at(line_end, line_group, ev["end_ps"].to_numpy(np.int64)[rows_in_order])
    line_op = ec.sum_by(line_group, self_time, n_lines)
    line_total = np.maximum(line_end - line_start, line_op)
    line_host = host[ec.first_rows(line_group)]
    host_group, n_hosts = ec.group_ids(line_host)
    per_host = pd.DataFrame(
        {
            "host": line_host[ec.first_rows(host_group)],
            "total": ec.sum_by(host_group, line_total, n_hosts),
            "op": ec.sum_by(host_group, line_op, n_hosts),
        }
    )

    # Per (host, op name): the first non-empty type, counts, times, eager if any was.
    op_group, n_ops = ec.group_ids(host, name)
    first = ec.first_rows(op_group)
    typed = np.flatnonzero(category != "")
    with_type, first_typed = np.unique(op_group[typed], return_index=True)
    op_type = np.full(n_ops, "", dtype=object)
    op_type[with_type] = category[typed[first_typed]]
    zeros = np.zeros(n_ops, np.int64)
    ops = {
        "host": host[first],
        "host_or_device": np.full(n_ops, "Host", dtype=object),
        "program_id": np.zeros(n_ops, np.uint64),  # uint64 like the device rows' ids
        "name": name[first],
        "category": op_type,
        "provenance": np.full(n_ops, "", dtype=object),
        "occurrences": np.bincount(op_group, minlength=n_ops).astype(np.int64),
        "total_time_ps": ec.sum_by(op_group, dur, n_ops),
        "self_time_ps": ec.sum_by(op_group, self_time, n_ops),
        "flops": zeros,
        "model_flops": zeros,
        "bytes_accessed": zeros,
        "is_eager": np.bincount(op_group, weights=eager, minlength=n_ops) > 0,
    }
    idle = idle_rows(per_host, "Host")
    out = {c: np.concatenate([ops[c], idle[c].to_numpy()]) for c in ops}
    out["db_total_time_ps"], out["db_total_op_time_ps"] = db_totals(per_host, out["host"])
    return pd.DataFrame(out, columns=COLUMNS)
