"""Per-row values of promoted event stats for a subset of event rows, without copying the events frame.

The op metrics builders (``host_ops``, ``device_ops``, ``xla_cpu_ops``) read a handful of
columns for the rows they select; these helpers gather them as plain numpy arrays. String
work runs once per distinct value of a categorical, never per event.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats import tf_op as _tf_op
from nbprof.xspace import semantics as xs
from nbprof.xspace.semantics import category_text
from nbprof.xspace.stat_values import distinct_sorted as distinct_sorted  # re-exported: ec.distinct_sorted
from nbprof.xspace.typed_frame import string_index, strings, typed_frame


def codes(series: pd.Series) -> np.ndarray:
    """int64 category codes of a categorical column (-1 where missing)."""
    return np.asarray(series.array.codes, dtype=np.int64)


def row_codes(series: pd.Series, rows: np.ndarray) -> np.ndarray:
    """Category codes of a categorical column at ``rows`` (-1 where missing), in the codes' own narrow
    dtype: for indexing and comparisons (no int64 copy of the whole column)."""
    return np.asarray(series.array.codes)[rows]


def int_column(events: pd.DataFrame, name: str, rows: np.ndarray, default: int = 0) -> np.ndarray:
    """int64 values of a numeric stat column for ``rows`` (``default`` where missing or absent)."""
    if name not in events.columns or len(rows) == 0:
        return np.full(len(rows), default, np.int64)
    col = events[name]
    if isinstance(col.dtype, pd.Int64Dtype):  # the promoted integer stats: only the rows' values are copied
        return col.array[rows].to_numpy(dtype=np.int64, na_value=default)
    return col.iloc[rows].fillna(default).to_numpy(dtype=np.int64)


def uint_column(events: pd.DataFrame, name: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(uint64 values with 0 where missing, present mask) of a ``UInt64`` stat column for ``rows``."""
    if name not in events.columns or len(rows) == 0:
        return np.zeros(len(rows), np.uint64), np.zeros(len(rows), bool)
    col = events[name]
    if isinstance(col.dtype, pd.UInt64Dtype):  # only the rows' values are copied
        values = col.array[rows]
        return values.to_numpy(dtype=np.uint64, na_value=0), ~np.asarray(values.isna(), dtype=bool)
    col = col.iloc[rows]
    present = col.notna().to_numpy()
    return col.to_numpy(dtype=np.uint64, na_value=0), present


def text_ids(series: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(id of each category code's text, the code -1 last; the text of each id) of a categorical
    column: ids number its distinct texts (a missing value is ``""``), so integer ids group rows as
    their texts would."""
    ids, distinct = pd.factorize(np.append(category_text(series), ""))
    return ids.astype(np.int64), np.asarray(distinct, dtype=object)


def str_column(events: pd.DataFrame, name: str, rows: np.ndarray) -> np.ndarray:
    """Object array of strings (``""`` where missing) of a categorical column for ``rows``."""
    if name not in events.columns or len(rows) == 0:
        return np.full(len(rows), "", dtype=object)
    return xs.str_values(events[name], rows)


def last_component(events: pd.DataFrame, name: str, rows: np.ndarray, separator: str) -> np.ndarray:
    """The last ``separator``-separated part of a categorical's value for ``rows`` (``""`` where missing)."""
    if name not in events.columns or len(rows) == 0:
        return np.full(len(rows), "", dtype=object)
    col = events[name]
    table = np.array([*(text.split(separator)[-1] for text in category_text(col).tolist()), ""], dtype=object)
    return table[np.asarray(col.array.codes)[rows]]  # code -1 (missing) picks the appended ""


def parse_used(column: pd.Series, row_codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Parse (``tf_op.parse_many``) the categories of ``column`` that ``row_codes`` use.

    Returns (kind, name, type) arrays indexed by category code; unused categories stay unknown.
    """
    name = category_text(column).copy()
    kind = np.full(len(name), _tf_op.UNKNOWN, dtype=object)
    op_type = np.full(len(name), "", dtype=object)
    seen = np.zeros(len(name) + 1, bool)  # the last slot takes the missing values' -1
    seen[row_codes] = True  # no sort and no copy of the rows' codes
    used = np.flatnonzero(seen[:-1])
    if len(used):
        kind[used], name[used], op_type[used] = _tf_op.parse_many(name[used])
    return kind, name, op_type


def text(values: Any) -> np.ndarray:
    """Object array of str: missing values as ``""``, others as ``str(value)`` (no copy when all
    already are str)."""
    values = np.asarray(values, dtype=object)
    if pd.api.types.infer_dtype(values, skipna=False) in ("string", "empty"):  # one pass in C
        return values
    missing = pd.isna(values)
    return np.array(["" if m else str(v) for v, m in zip(values, missing)], dtype=object)


def inferred_text(values: np.ndarray) -> Any:
    """An object array of text typed as ``pd.DataFrame`` (or a column assignment) types it:
    ``strings`` where all are str, else pandas' own inference."""
    items = values.tolist()
    if all(type(v) is str for v in items):
        return strings(items)
    column = pd.Series(values, copy=False)
    return column.to_numpy() if isinstance(column.dtype, np.dtype) else column.array


def time_then_name_order(time_ps: np.ndarray, names: np.ndarray) -> np.ndarray:
    """Positions that sort rows by time (ps, descending), ties by name (ascending; a missing name
    last), ties kept in row order: pandas' stable ``sort_values([time, name], ascending=[False, True])``."""
    if len(names) and not pd.isna(names).any():
        name_rank = np.unique(names, return_inverse=True)[1].reshape(-1)
        return np.lexsort((name_rank, np.negative(time_ps)))  # times are >= 0: no overflow
    keys = pd.DataFrame({"t": time_ps, "n": names})  # a missing name sorts last, as pandas puts it
    return keys.sort_values(["t", "n"], ascending=[False, True], kind="stable").index.to_numpy()


def array_values(values: Any, dtype: Any) -> np.ndarray:
    """``Series.to_numpy(dtype)`` of a column's array: numpy's, or pandas' (``typed_frame.column_arrays``'
    own, or a Series' ``.array``), without a Series made."""
    if isinstance(values, np.ndarray):
        return np.asarray(values, dtype=dtype)
    return values.to_numpy(dtype=dtype)


def empty_frame(columns: list[str]) -> pd.DataFrame:
    """``pd.DataFrame(columns=columns)``: object columns without rows, made as a typed frame (distinct
    labels: a first call costs a third less than pandas' constructor), else a copy of one made once
    per column list (a tenth of the cost)."""
    if columns and len(set(columns)) == len(columns):
        return typed_frame({c: np.empty(0, dtype=object) for c in columns})
    return _empty_frame(tuple(columns)).copy()


@functools.lru_cache(maxsize=64)
def _empty_frame(columns: tuple[str, ...]) -> pd.DataFrame:
    # its labels made from Arrow buffers (string_index): a tool may make no other Arrow array
    return pd.DataFrame(columns=string_index(list(columns)) if columns else [])


def sorted_member(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    """``np.isin(values, sorted_set)`` for an ascending array ``sorted_set``: one binary search, without
    ``np.isin``'s set-up (~0.1 ms however few the values)."""
    if len(sorted_set) == 0:
        return np.zeros(len(values), bool)
    at = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    return sorted_set[at] == values


def first_rows(group: np.ndarray) -> np.ndarray:
    """Position of each group's first row, for group ids ``0..n-1`` that all occur (``group_ids``)."""
    return first_of_groups(group, int(group.max()) + 1 if len(group) else 0)


def first_of_groups(group: np.ndarray, size: int) -> np.ndarray:
    """int64 position of each group's first row for group ids in [0, size) (``len(group)`` for a
    group without rows): one pass, no sort (``np.unique(..., return_index=True)`` sorts)."""
    first = np.full(size, len(group), np.int64)
    np.minimum.at(first, group, np.arange(len(group), dtype=np.int64))
    return first


def sum_by(keys: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """int64 sums of ``values`` grouped by integer ``keys`` in [0, size)."""
    out = np.zeros(size, np.int64)
    if len(keys):
        np.add.at(out, keys, values.astype(np.int64))
    return out


def group_ids(*keys: np.ndarray) -> tuple[np.ndarray, int]:
    """Dense group number (int64, in order of first appearance) of each row for parallel key arrays,
    and the number of groups. Keys of non-negative ints that fit side by side in one int64 are
    packed and factorised once; other keys each on their own, their codes combined as integers
    (``_factorized_group_ids``), so rows are never turned into tuples."""
    packed = _packed_keys(keys)
    if packed is not None:
        ids, uniques = pd.factorize(packed)
        return ids.astype(np.int64, copy=False), len(uniques)
    return _factorized_group_ids(keys)


def _packed_keys(keys: tuple[np.ndarray, ...]) -> np.ndarray | None:
    """The keys' values side by side in one int64 (each shifted past the next ones' bits), where all are
    numpy ints, none negative and their bit widths add up to 62 at most; None otherwise."""
    if not len(keys[0]) or any(not isinstance(k, np.ndarray) or k.dtype.kind not in "iu" for k in keys):
        return None
    if any(int(k.min()) < 0 for k in keys):
        return None
    widths = [int(k.max()).bit_length() for k in keys]
    if sum(widths) > 62:
        return None
    packed = keys[0].astype(np.int64)
    for key, width in zip(keys[1:], widths[1:]):
        packed <<= width
        packed |= key.astype(np.int64, copy=False)
    return packed


def _factorized_group_ids(keys: tuple[np.ndarray, ...]) -> tuple[np.ndarray, int]:
    """``group_ids`` by factorising each key on its own and combining the codes as integers."""
    n = len(keys[0])
    combined = np.zeros(n, np.int64)
    radix = 1
    for key in keys:
        codes_, uniques = pd.factorize(_factorizable(key))
        size = max(len(uniques), 1)
        if radix * size >= 2**62:  # too many combinations for one int64: renumber what we have first
            combined, _ = pd.factorize(combined)
            radix = int(combined.max()) + 1 if n else 1
        combined = combined * size + codes_.astype(np.int64)
        radix *= size
    ids, uniques = pd.factorize(combined)
    return ids.astype(np.int64), len(uniques)


def _factorizable(key: object) -> object:
    """A key as ``pd.factorize`` takes it without a warning: pandas 2 deprecates (FutureWarning) the
    ``NumpyExtensionArray`` an object column's ``.array`` is, so its numpy array (no copy; the same codes)."""
    if isinstance(key, pd.arrays.NumpyExtensionArray):
        return key.to_numpy()
    return key


def union_lengths(group: np.ndarray, start: np.ndarray, end: np.ndarray, size: int) -> np.ndarray:
    """int64 length (ps) of the union of the intervals ``[start, end)`` of each group ``0..size-1``
    (0 for a group without intervals): ``step_db.union_length`` without pandas."""
    out = np.zeros(size, np.int64)
    n = len(group)
    if n == 0:
        return out
    if size * n >= 2**62:  # the segmented running maximum's keys would not fit int64: a loop over groups
        return _union_lengths_by_group(group, start, end, size)
    order = np.lexsort((start, group))
    g, s, e = group[order].astype(np.int64), start[order].astype(np.int64), end[order].astype(np.int64)
    # the largest end of the earlier intervals of the same group: a running maximum of keys that
    # order groups first and ends (by rank: a position in the sorted ends, equal ends in any order) second
    by_end = np.argsort(e, kind="stable")
    ends = e[by_end]
    rank = np.empty(n, np.int64)
    rank[by_end] = np.arange(n)
    running = np.maximum.accumulate(g * n + rank)
    first_of_group = np.r_[True, g[1:] != g[:-1]]
    earlier = np.where(first_of_group, 0, np.r_[0, running[:-1]] - g * n)
    previous_end = np.where(first_of_group, np.iinfo(np.int64).min, ends[earlier])
    contribution = np.clip(e - np.maximum(s, previous_end), 0, None)
    firsts = np.flatnonzero(first_of_group)
    out[g[firsts]] = np.add.reduceat(contribution, firsts)  # groups are runs of the sorted intervals
    return out


def _union_lengths_by_group(group: np.ndarray, start: np.ndarray, end: np.ndarray, size: int) -> np.ndarray:
    """``union_lengths`` one group at a time (for more group x interval pairs than int64 keys hold)."""
    out = np.zeros(size, np.int64)
    if len(group) == 0:
        return out
    order = np.lexsort((start, group))
    g, s, e = group[order], start[order].astype(np.int64), end[order].astype(np.int64)
    bounds = np.flatnonzero(np.r_[True, g[1:] != g[:-1], True])
    for a, b in zip(bounds[:-1], bounds[1:]):  # groups, not intervals
        previous_end = np.r_[np.iinfo(np.int64).min, np.maximum.accumulate(e[a:b])[:-1]]
        out[g[a]] = np.clip(e[a:b] - np.maximum(s[a:b], previous_end), 0, None).sum()
    return out
