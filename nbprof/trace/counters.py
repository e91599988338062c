"""Counter tracks: time series drawn as step areas under a section (e.g. memory in use)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd


@dataclass
class CounterSource:
    """One counter series before it gets a track: where it goes and its samples."""

    host: str
    plane: str
    name: str
    time_ps: np.ndarray  # int64, ascending
    value: np.ndarray  # float64


def find_counters(events: pd.DataFrame) -> list[CounterSource]:
    """Memory in use (``bytes_allocated`` after each allocation event), one series per allocator.

    The value holds from one sample to the next, as in XProf's memory profile. Series come in
    (host, plane, allocator) order, as a sorted pandas groupby of those columns gives them
    (categorical columns by their categories' order), samples by start time (stable).
    """
    if "bytes_allocated" not in events or len(events) == 0:
        return []
    values = events["bytes_allocated"]
    rows = np.flatnonzero(values.notna().to_numpy())
    if not len(rows):
        return []
    host_codes, hosts = _group_codes(events["host"], rows)
    plane_codes, planes = _group_codes(events["plane"], rows)
    if "allocator_name" in events:
        allocator = events["allocator_name"].to_numpy(object)[rows]
        allocator = np.array(["" if pd.isna(a) else str(a) for a in allocator], dtype=object)
    else:
        allocator = np.full(len(rows), "", dtype=object)
    alloc_names, alloc_codes = np.unique(allocator.astype(str), return_inverse=True)
    keep = (host_codes >= 0) & (plane_codes >= 0)  # a missing host or plane is in no group (groupby drops it)
    start = events["start_ps"].to_numpy(np.int64)[rows][keep]
    value = values.to_numpy(np.float64, na_value=np.nan)[rows][keep]
    keys = (host_codes[keep], plane_codes[keep], alloc_codes.reshape(-1)[keep])
    order = np.lexsort((start, *reversed(keys)))  # stable: equal starts keep file order
    start, value = start[order], value[order]
    host_k, plane_k, alloc_k = (k[order] for k in keys)
    first = np.flatnonzero(np.r_[True, (np.diff(host_k) != 0) | (np.diff(plane_k) != 0) | (np.diff(alloc_k) != 0)])
    out = []
    for lo, hi in zip(first.tolist(), np.r_[first[1:], len(start)].tolist()):
        alloc = str(alloc_names[alloc_k[lo]])
        label = f"Memory in use ({alloc})" if alloc else "Memory in use"
        out.append(CounterSource(str(hosts[host_k[lo]]), str(planes[plane_k[lo]]), label, start[lo:hi], value[lo:hi]))
    return out


def _group_codes(column: pd.Series, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Codes of ``column`` at ``rows`` in groupby order (a categorical's own order, else sorted), -1
    where missing, and the value of each code."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        return column.cat.codes.to_numpy()[rows].astype(np.int64), np.asarray(column.cat.categories, dtype=object)
    values = column.to_numpy(object)[rows]
    missing = pd.isna(values)
    labels, codes = np.unique(values[~missing].astype(str), return_inverse=True)
    out = np.full(len(values), -1, np.int64)
    out[~missing] = codes.reshape(-1)
    return out, labels.astype(object)
