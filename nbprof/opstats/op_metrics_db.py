"""XProf's host and device op metrics dbs side by side, as one frame.

The host db is ``host_ops.build_host_op_db``, the device db ``device_ops.build_device_op_db``;
this frame stacks them with the columns both have (``COLUMNS``: ``host``, ``host_or_device``,
``program_id``, ``name``, ``category``, ``provenance``, ``occurrences``, ``total_time_ps``,
``self_time_ps``, ``flops``, ``model_flops``, ``bytes_accessed``, ``is_eager``,
``db_total_time_ps``, ``db_total_op_time_ps``; times int64 ps), sorted per host and side by
self time. The framework-op table and the overview read it (``OpStats.op_metrics_db``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.opstats.device_ops import DeviceOpDb, build_device_op_db
from nbprof.opstats.host_ops import COLUMNS, IDLE
from nbprof.xspace import semantics as xs
from nbprof.xspace.absent import masked
from nbprof.xspace.typed_frame import strings, typed_frame

__all__ = ["COLUMNS", "IDLE", "DeviceOpDb", "build_device_op_db", "combine_op_metrics_dbs", "op_metrics_notes"]

_INT_COLUMNS = ["occurrences", "total_time_ps", "self_time_ps", "flops", "model_flops", "bytes_accessed",
                "db_total_time_ps", "db_total_op_time_ps"]  # fmt: skip


def combine_op_metrics_dbs(host: pd.DataFrame, device: DeviceOpDb) -> pd.DataFrame:
    """The host and device op metrics dbs as one frame (``COLUMNS``). The device db's columns are read
    as its builder made them (its table's frame is not needed)."""
    columns = combine_op_metrics_columns(host, device)
    if columns is None:
        return pd.DataFrame({c: pd.Series(dtype=object) for c in COLUMNS})
    return op_metrics_frame(columns)


def combine_op_metrics_columns(
    host: pd.DataFrame | dict[str, np.ndarray] | None, device: DeviceOpDb
) -> dict[str, np.ndarray] | None:
    """``combine_op_metrics_dbs``' columns in its row order as numpy arrays (texts object arrays of
    str, ``program_id`` uint64), as ``op_metrics_frame(columns)[c].to_numpy()`` gives them; None
    where neither db has a row. ``host``: the host db's frame or its arrays by column (None: no row)."""
    device_columns, device_rows = _device_columns(device)
    if isinstance(host, pd.DataFrame):
        host_columns, host_rows = {c: host[c] for c in host.columns}, len(host)
    else:
        host_columns, host_rows = host or {}, len(host["name"]) if host else 0
    parts = [(p, n) for p, n in ((host_columns, host_rows), (device_columns, device_rows)) if n]
    if not parts:
        return None
    out: dict[str, Any] = {}
    for c in _INT_COLUMNS:
        out[c] = np.concatenate([_filled(p, n, c, 0).astype(np.int64) for p, n in parts])
    out["program_id"] = np.concatenate([_filled(p, n, "program_id", 0).astype(np.uint64) for p, n in parts])
    out["is_eager"] = np.concatenate([_filled(p, n, "is_eager", False).astype(bool) for p, n in parts])
    for c in _TEXT_COLUMNS:
        out[c] = np.concatenate([ec.text(_values(p[c]) if c in p else [""] * n) for p, n in parts])
    order = db_order(out["host"], out["host_or_device"], out["self_time_ps"], out["name"])
    return {c: out[c][order] for c in COLUMNS}


def _device_columns(device: DeviceOpDb) -> tuple[dict[str, Any], int]:
    """The device db's columns (``DeviceOpDb.columns``) and its number of rows; a db without a device
    (its table an empty frame) has none to read (its frame's 30 empty columns: ~0.9 ms on first use)."""
    if device.hardware_type not in (xs.HARDWARE_TPU, xs.HARDWARE_GPU) and not len(device.table):
        return {}, 0
    columns = device.columns()
    return columns, len(columns["name"]) if "name" in columns else len(device.table)


def op_metrics_frame(columns: dict[str, np.ndarray]) -> pd.DataFrame:
    """The op metrics db frame of ``combine_op_metrics_columns``' arrays (which stay unchanged)."""
    frame_columns: dict[str, Any] = dict(columns)
    program_id = columns["program_id"].copy()  # as pd.array(..., dtype="UInt64") makes it, without its checks
    frame_columns["program_id"] = masked(pd.arrays.IntegerArray, program_id, np.zeros(len(program_id), bool))
    for c in _TEXT_COLUMNS:  # all str (``ec.text``): typed as pd.DataFrame infers them
        frame_columns[c] = strings(columns[c].tolist())
    return typed_frame(frame_columns)


_TEXT_COLUMNS = ["host", "name", "category", "provenance", "host_or_device"]


def db_order(host: np.ndarray, side: np.ndarray, self_time: np.ndarray, name: np.ndarray) -> np.ndarray:
    """Row order of the db: per host, then host side first, then self time descending, then name (a
    stable sort). Names are ranked only among rows the first three keys leave tied (text sorts are
    the costly part)."""
    keys = (-self_time, -_sorted_codes(side), _sorted_codes(host))
    order = np.lexsort(keys)
    ordered = [k[order] for k in keys]
    tied_with_next = np.logical_and.reduce([k[1:] == k[:-1] for k in ordered])
    if not tied_with_next.any():
        return order
    tied = order[np.r_[tied_with_next, False] | np.r_[False, tied_with_next]]  # rows of a tied run
    name_rank = np.zeros(len(name), np.int64)
    name_rank[tied] = text_ranks(name[tied])
    return np.lexsort((name_rank, *keys))


def _sorted_codes(texts: np.ndarray) -> np.ndarray:
    """``pd.factorize(texts, sort=True)[0]`` of an object array of str that comes in runs of equal values
    (a db's hosts and sides): each run's rank among the runs' sorted values, without a hash table."""
    if not len(texts):
        return np.zeros(0, np.int64)
    if pd.api.types.infer_dtype(texts, skipna=False) != "string":  # one pass in C
        return pd.factorize(texts, sort=True)[0]
    starts = np.flatnonzero(np.concatenate([[True], texts[1:] != texts[:-1]]))
    if len(starts) > 64:
        return pd.factorize(texts, sort=True)[0]
    values = texts[starts].tolist()
    rank = {v: k for k, v in enumerate(sorted(set(values)))}
    run_lengths = np.concatenate([starts[1:], [len(texts)]]) - starts
    return np.repeat(np.array([rank[v] for v in values], np.int64), run_lengths)


def text_ranks(texts: np.ndarray) -> np.ndarray:
    """Dense rank of each str of an object array in ascending order (``pd.factorize(texts, sort=True)``'s
    codes, by one sort and no hash table: Python's sort of the str, faster than numpy's of objects)."""
    items = texts.tolist()
    order = np.array(sorted(range(len(items)), key=items.__getitem__), dtype=np.int64)  # stable, as argsort's
    ordered = texts[order]
    ranks = np.empty(len(texts), np.int64)
    ranks[order] = np.cumsum(np.r_[True, ordered[1:] != ordered[:-1]]) - 1 if len(texts) else 0
    return ranks


def _values(column: Any) -> Any:
    """A column's array: a Series' own (numpy or pandas), else the array given."""
    return column.array if isinstance(column, pd.Series) else column


def _filled(part: dict[str, Any], n: int, column: str, fill: Any) -> np.ndarray:
    """A column of a part (``n`` rows; Series or arrays by name) with ``fill`` where missing (or everywhere,
    where the part lacks it)."""
    if column not in part:
        return np.full(n, fill, dtype=object)
    values = part[column]
    if isinstance(values.dtype, np.dtype) and values.dtype.kind in "iub":  # nothing missing
        return np.asarray(values)
    array = _values(values)
    if isinstance(array, _MASKED_INTS) and hasattr(array, "_data") and hasattr(array, "_mask"):
        return np.where(array._mask, fill, array._data)  # the fill where missing, without a Series made
    return pd.Series(values, copy=False).fillna(fill).to_numpy(dtype=object)


_MASKED_INTS = (pd.arrays.IntegerArray, pd.arrays.BooleanArray)  # values of a numpy integer or bool type


def op_metrics_notes(host_info: dict[str, Any], device: DeviceOpDb) -> list[str]:
    """Which events the two dbs came from and what could not be attributed (plain sentences)."""
    notes = [
        f"host: {host_info.get('host_framework_op_events', 0):,} framework-op events "
        f"(named 'name:Type', JAX ops, tf.data 'Iterator::', memcpy, or with a tf_op stat) "
        f"of {host_info.get('host_events_considered', 0):,} /host:CPU events",
    ]
    return notes + list(device.notes)
