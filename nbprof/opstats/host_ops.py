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

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.opstats import tf_op as _tf_op
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames
from nbprof.xspace.typed_frame import typed_frame

IDLE = "IDLE"
COLUMNS = [
    "host", "host_or_device", "program_id", "name", "category", "provenance", "occurrences", "total_time_ps",
    "self_time_ps", "flops", "model_flops", "bytes_accessed", "is_eager", "db_total_time_ps", "db_total_op_time_ps",
]  # fmt: skip


@dataclass
class _Activities:
    """Framework-op activities on host threads: per activity its event row, op name id, op type id
    and eager flag; ``name_text`` / ``type_text``: the text of each id (distinct values; names and
    types may share one numbering)."""

    event: np.ndarray
    name_id: np.ndarray
    type_id: np.ndarray
    eager: np.ndarray
    name_text: np.ndarray
    type_text: np.ndarray


def _host_rows(ev: pd.DataFrame, line_id: np.ndarray) -> np.ndarray:
    """Rows of the ``/host:CPU`` plane's events that are neither aggregated nor on derived lines
    (``line_id``: the events' line ids)."""
    mask = xs.plane_mask(ev, lambda name: name == xs.HOST_PLANE)
    mask &= ~ev["aggregated"].to_numpy(dtype=bool)
    mask &= ~xs.is_derived_line_id(line_id)
    return np.flatnonzero(mask)


def _unified(*parts: tuple[np.ndarray, np.ndarray]) -> tuple[list[np.ndarray], np.ndarray]:
    """Ids of texts in several per-category tables, one numbering (equal texts, one id), and the text
    of each id. Each part is (table, the category codes used): only used entries get an id (-1 else)."""
    picked = []
    for table, used_codes in parts:
        used = np.zeros(len(table), bool)
        used[used_codes] = True
        picked.append(np.flatnonzero(used))
    texts = [ec.text(table[pick]) for (table, _), pick in zip(parts, picked)]
    ids, distinct = pd.factorize(np.concatenate(texts))
    out, at = [], 0
    for (table, _), pick in zip(parts, picked):
        full = np.full(len(table), -1, np.int64)
        full[pick] = ids[at : at + len(pick)]
        out.append(full)
        at += len(pick)
    return out, np.asarray(distinct, dtype=object)


def _activities(ev: pd.DataFrame, rows: np.ndarray, duration: np.ndarray, info: dict[str, Any]) -> _Activities:
    """The framework-op activities of host event ``rows``: by event name, then by ``tf_op`` stat
    (``duration``: the events' durations, ps)."""
    # 1. Framework ops by event name.
    names = ev["name"]  # each column read once (a Series made per read)
    name_codes = ec.row_codes(names, rows)
    name_kind, name_op, name_type = ec.parse_used(names, name_codes)
    known = np.zeros(len(rows), bool)
    if len(name_kind):
        known = (name_codes >= 0) & (name_kind != _tf_op.UNKNOWN)[np.maximum(name_codes, 0)]
    # 2. Events with a tf_op stat (parsed from the stat, never eager).
    if "tf_op" in ev.columns:
        tf_ops = ev["tf_op"]
        tf_codes = ec.row_codes(tf_ops, rows)
        _, tf_name, tf_type = ec.parse_used(tf_ops, tf_codes)
        tf_nonempty = ec.category_text(tf_ops) != ""  # all str
        has_stat = (tf_codes >= 0) & (tf_nonempty[np.maximum(tf_codes, 0)] if len(tf_nonempty) else False)
    else:
        tf_name = tf_type = np.zeros(0, object)
        tf_codes = np.full(len(rows), -1, np.int64)
        has_stat = np.zeros(len(rows), bool)

    # XProf adds a second activity for an event that is both; with a positive duration its
    # stack then drops it (same span as the first), so keep it only for zero-length events.
    both = known & has_stat
    second = both & (duration[rows] == 0)
    info["host_events_named_and_tf_op_stat_dropped"] = int((both & ~second).sum())
    by_stat_mask = (has_stat & ~known) | second
    by_name = rows[known]
    by_stat = rows[by_stat_mask]
    by_name_codes, by_stat_codes = name_codes[known], tf_codes[by_stat_mask]
    # op names and types numbered together (one factorize): an id is a text, whichever it names
    (name_of_name, name_of_tf, type_of_name, type_of_tf), text = _unified(
        (name_op, by_name_codes), (tf_name, by_stat_codes), (name_type, by_name_codes), (tf_type, by_stat_codes)
    )
    info["host_framework_op_events"] = int(len(by_name) + len(by_stat))
    info["host_events_considered"] = int(len(rows))
    return _Activities(
        event=np.concatenate([by_name, by_stat]),
        name_id=np.concatenate([name_of_name[by_name_codes], name_of_tf[by_stat_codes]]),
        type_id=np.concatenate([type_of_name[by_name_codes], type_of_tf[by_stat_codes]]),
        eager=np.concatenate([ec.int_column(ev, "is_eager", by_name) != 0, np.zeros(len(by_stat), bool)]),
        name_text=text,
        type_text=text,
    )


def _self_times(ev: pd.DataFrame, act: _Activities, duration: np.ndarray) -> np.ndarray:
    """Each activity's duration minus those of the framework ops directly nested in it on the same
    line (its nearest framework-op ancestor; other events in between are transparent)."""
    is_act = np.zeros(len(ev), bool)
    is_act[act.event] = True
    parent_all = ev["parent"].to_numpy()
    ancestor = parent_all[act.event].copy()
    while True:  # climbs nesting levels (a handful), not events
        climb = ancestor >= 0
        climb[climb] &= ~is_act[ancestor[climb]]
        if not climb.any():
            break
        ancestor[climb] = parent_all[ancestor[climb]]
    # Children time per event row (unique rows; ancestors are activities' rows), then per activity.
    event_rows = ec.distinct_sorted(act.event)
    dur = duration[act.event]
    nested = ancestor >= 0
    child_time = ec.sum_by(np.searchsorted(event_rows, ancestor[nested]), dur[nested], len(event_rows))
    return dur - child_time[np.searchsorted(event_rows, act.event)]


def _idle_columns(hosts: np.ndarray, idle: np.ndarray) -> dict[str, np.ndarray]:
    """One ``IDLE`` row per host of ``hosts`` (texts) with self and total time ``idle`` (ps)."""
    n = len(hosts)
    zeros = np.zeros(n, np.int64)
    return {
        "host": np.asarray(hosts, dtype=object),
        "host_or_device": np.full(n, "Host", dtype=object),
        "program_id": np.zeros(n, np.uint64),  # uint64: stacked with ops' ids > 2^53 it must not become float
        "name": np.full(n, IDLE, dtype=object),
        "category": np.full(n, IDLE, dtype=object),
        "provenance": np.full(n, "", dtype=object),
        "occurrences": zeros,
        "total_time_ps": idle.astype(np.int64),
        "self_time_ps": idle.astype(np.int64),
        "flops": zeros,
        "model_flops": zeros,
        "bytes_accessed": zeros,
        "is_eager": np.zeros(n, bool),
    }


def _db_columns(columns: dict[str, np.ndarray], db_total: np.ndarray, db_op: np.ndarray) -> dict[str, np.ndarray]:
    """The db's columns (``COLUMNS``) of its rows' columns and each row's host db totals (ps)."""
    out = {**columns, "db_total_time_ps": db_total.astype(np.int64), "db_total_op_time_ps": db_op.astype(np.int64)}
    return {c: out[c] for c in COLUMNS}


def build_host_op_db(frames: Frames, info: dict[str, Any]) -> pd.DataFrame:
    """The host op metrics db of every host (see the module docstring); counts go into ``info``."""
    return host_op_frame(build_host_op_columns(frames, info))


def host_op_frame(columns: dict[str, np.ndarray] | None) -> pd.DataFrame:
    """The host op metrics db frame of ``build_host_op_columns``' arrays (None: no row, no column type)."""
    return ec.empty_frame(COLUMNS) if columns is None else typed_frame(columns)


def build_host_op_columns(frames: Frames, info: dict[str, Any]) -> dict[str, np.ndarray] | None:
    """``build_host_op_db``'s columns as numpy arrays (texts object arrays of str); None where the
    profile has no host event to read (its frame: ``ec.empty_frame``). Counts go into ``info``."""
    ev = frames.events
    line_id, duration = ev["line_id"].to_numpy(), ev["duration_ps"].to_numpy()  # each column read once
    rows = _host_rows(ev, line_id)
    if len(rows) == 0:
        return None
    hosts = ev["host"]  # read once (a Series made per read)
    host_of_code, host_text = ec.text_ids(hosts)
    act = _activities(ev, rows, duration, info)
    if len(act.event) == 0:
        first_seen = pd.unique(host_of_code[ec.row_codes(hosts, rows)])  # host ids in order of appearance
        zeros = np.zeros(len(first_seen), np.int64)
        return _db_columns(_idle_columns(host_text[first_seen], zeros), zeros, zeros)

    self_time = _self_times(ev, act, duration)
    # Activities in frame order.
    order = np.argsort(act.event, kind="stable")
    rows_in_order = act.event[order]
    host = host_of_code[ec.row_codes(hosts, rows_in_order)]
    name_id, type_id, eager = act.name_id[order], act.type_id[order], act.eager[order]
    dur, self_time = duration[rows_in_order], self_time[order]

    # Per line: span (first start to last end) or its ops' self time if larger; summed per host.
    line_group, n_lines = ec.group_ids(host, ev["plane_id"].to_numpy()[rows_in_order], line_id[rows_in_order])
    line_start = np.full(n_lines, np.iinfo(np.int64).max)
    np.minimum.at(line_start, line_group, ev["start_ps"].to_numpy(np.int64)[rows_in_order])
    line_end = np.full(n_lines, np.iinfo(np.int64).min)
    np.maximum.at(line_end, line_group, ev["end_ps"].to_numpy(np.int64)[rows_in_order])
    line_op = ec.sum_by(line_group, self_time, n_lines)
    line_total = np.maximum(line_end - line_start, line_op)
    line_host = host[ec.first_rows(line_group)]
    host_group, n_hosts = ec.group_ids(line_host)
    db_hosts = line_host[ec.first_rows(host_group)]  # host ids of the per-host dbs, in order
    db_total = ec.sum_by(host_group, line_total, n_hosts)
    db_op = ec.sum_by(host_group, line_op, n_hosts)

    # Per (host, op name): the first non-empty type, counts, times, eager if any was.
    op_group, n_ops = ec.group_ids(host, name_id)
    first = ec.first_rows(op_group)
    typed = np.flatnonzero(act.type_text[type_id] != "")
    first_typed = ec.first_of_groups(op_group[typed], n_ops)
    with_type = np.flatnonzero(first_typed < len(typed))
    op_type = np.full(n_ops, "", dtype=object)
    op_type[with_type] = act.type_text[type_id[typed[first_typed[with_type]]]]
    zeros = np.zeros(n_ops, np.int64)
    ops = {
        "host": host_text[host[first]],
        "host_or_device": np.full(n_ops, "Host", dtype=object),
        "program_id": np.zeros(n_ops, np.uint64),  # uint64 like the device rows' ids
        "name": act.name_text[name_id[first]],
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
    idle = _idle_columns(host_text[db_hosts], db_total - db_op)
    db_of_host = np.zeros(len(host_text), np.int64)
    db_of_host[db_hosts] = np.arange(n_hosts)
    db = np.concatenate([db_of_host[host[first]], np.arange(n_hosts)])  # each row's host db
    columns = {c: np.concatenate([ops[c], idle[c]]) for c in ops}
    return _db_columns(columns, db_total[db], db_op[db])
