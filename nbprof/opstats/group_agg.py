"""``group_agg``: pandas' ``groupby(keys, sort=False).agg(...).reset_index()`` in numpy.

pandas spends about a millisecond per aggregation in fixed costs, which dominates the small
tables of the op dbs (tens to thousands of rows). Here the keys are factorized once and each
aggregation is one numpy reduction. Only plain numpy columns are reduced here (int sums; int,
float and bool min/max/any; ``first``/``last``/``size`` of any column); any other aggregation
falls back to pandas, so the
result is always pandas' own: groups in order of first appearance, missing keys dropped
unless ``dropna=False``, ``sum``/``min``/``max`` skipping NaN, ``first``/``last`` the first
or last non-missing value.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from pandas.api.extensions import take

from nbprof.opstats import event_columns as ec

_REDUCTIONS = frozenset({"sum", "min", "max", "any", "size", "first", "last"})


def group_agg(
    frame: pd.DataFrame, keys: list[str], aggs: dict[str, tuple[str, str]], *, dropna: bool = True
) -> pd.DataFrame:
    """``frame.groupby(keys, sort=False, observed=True, dropna=dropna).agg(**aggs).reset_index()``.

    ``aggs`` maps an output column to ``(input column, reduction)``; reductions: ``sum``,
    ``min``, ``max``, ``any``, ``size``, ``first``, ``last``.
    """
    if not _supported(frame, aggs):
        grouped = frame.groupby(keys, sort=False, observed=True, dropna=dropna)
        return grouped.agg(**aggs).reset_index()  # type: ignore[arg-type]
    group, n_groups = _group_codes(frame, keys, dropna)
    kept = np.flatnonzero(group >= 0) if not dropna or (group < 0).any() else None
    if kept is not None:
        group = group[kept]
    positions = np.arange(len(group)) if kept is None else kept
    first_rows = positions[ec.first_rows(group)]
    out = {k: _key_values(frame[k], first_rows) for k in keys}
    for name, (column, how) in aggs.items():
        values = frame[column]
        out[name] = _reduce(values, group, positions, n_groups, how)
    return pd.DataFrame(out)


def _key_values(key: pd.Series, first_rows: np.ndarray) -> pd.Series:
    """A key column of the result: its values in the groups' first rows, typed as pandas types a
    group index (object keys are inferred again, e.g. to ``str``)."""
    values = key.take(first_rows).reset_index(drop=True)
    if values.dtype == object:
        array = values.to_numpy(copy=True)
        array[values.isna().to_numpy()] = np.nan  # as pandas' factorize gives a missing key
        return pd.Series(pd.Index(array.tolist()), name=key.name)
    return values


def _supported(frame: pd.DataFrame, aggs: dict[str, tuple[str, str]]) -> bool:
    for column, how in aggs.values():
        if how not in _REDUCTIONS:
            return False
        if how in ("first", "last", "size"):
            continue
        dtype = frame[column].dtype
        if not isinstance(dtype, np.dtype) or dtype.kind not in "iufb":
            return False
        if how == "any" and dtype.kind != "b":
            return False
        if how == "sum" and dtype.kind in "bf":  # pandas sums floats with Kahan's compensation
            return False
    return True


def _group_codes(frame: pd.DataFrame | dict[str, np.ndarray], keys: list[str], dropna: bool) -> tuple[np.ndarray, int]:
    """Group code of every row (first-appearance order; -1 = a missing key when ``dropna``)."""
    codes: np.ndarray | None = None
    missing = np.zeros(len(frame[keys[0]]), bool)
    for key in keys:
        key_codes, uniques = pd.factorize(frame[key], use_na_sentinel=dropna)
        key_codes = key_codes.astype(np.int64, copy=False)
        if dropna:
            missing |= key_codes < 0
        codes = key_codes if codes is None else codes * (len(uniques) + 1) + key_codes
    assert codes is not None
    if len(keys) > 1:
        codes, uniques = pd.factorize(np.where(missing, -1, codes), use_na_sentinel=False)
        codes = codes.astype(np.int64, copy=False)
        if dropna and missing.any():
            # the missing rows' code is a group of its own: drop it and renumber the others
            gone = codes[np.flatnonzero(missing)[0]]
            codes = np.where(missing, -1, codes - (codes > gone))
            return codes, len(uniques) - 1
        return codes, len(uniques)
    return codes, int(codes.max()) + 1 if len(codes) else 0


def _reduce(values: pd.Series, group: np.ndarray, positions: np.ndarray, n_groups: int, how: str) -> object:
    if how == "size":
        return np.bincount(group, minlength=n_groups).astype(np.int64)
    if how in ("first", "last"):
        pick = _pick_rows(positions, group, values.notna().to_numpy()[positions], n_groups, how)
        array = values.to_numpy() if isinstance(values.dtype, np.dtype) else values.array
        return pd.Series(take(array, pick, allow_fill=True), dtype=values.dtype)
    return _reduce_numbers(values.to_numpy()[positions], group, n_groups, how)


def _pick_rows(positions: np.ndarray, group: np.ndarray, valid: np.ndarray, n_groups: int, how: str) -> np.ndarray:
    """Each group's first (``how="first"``) or last valid row among ``positions``, -1 where it has
    none (``ufunc.at``: defined where groups repeat, unlike a fancy assignment)."""
    none = np.iinfo(np.int64).max
    pick = np.full(n_groups, none if how == "first" else -1, np.int64)
    (np.minimum if how == "first" else np.maximum).at(pick, group[valid], positions[valid])
    pick[pick == none] = -1
    return pick


def _reduce_numbers(data: np.ndarray, group: np.ndarray, n_groups: int, how: str) -> np.ndarray:
    """``sum``/``min``/``max``/``any`` of numeric or bool ``data`` per group (NaN skipped; a float
    group with no number gives NaN)."""
    if how == "any" or (how == "max" and data.dtype.kind == "b"):
        return np.bincount(group, weights=data.astype(np.int64), minlength=n_groups) > 0
    if how == "min" and data.dtype.kind == "b":
        return np.bincount(group, weights=(~data).astype(np.int64), minlength=n_groups) == 0
    if data.dtype.kind == "f":
        valid = ~np.isnan(data)
        data, group = data[valid], group[valid]
    if how == "sum":
        out = np.zeros(n_groups, data.dtype)
        np.add.at(out, group, data)
        return out
    ufunc = np.minimum if how == "min" else np.maximum
    if data.dtype.kind == "f":
        out = np.full(n_groups, np.nan)
        seen = np.zeros(n_groups, bool)
        seen[group] = True
        init = np.inf if how == "min" else -np.inf
        out[seen] = init
        ufunc.at(out, group, data)
        return out
    info = np.iinfo(data.dtype)
    out = np.full(n_groups, info.max if how == "min" else info.min, data.dtype)
    ufunc.at(out, group, data)
    return out


def group_arrays(
    columns: dict[str, np.ndarray], keys: list[str], aggs: dict[str, tuple[str, str]]
) -> dict[str, np.ndarray] | None:
    """``group_agg`` (``dropna=True``) on numpy arrays by column, without a frame: arrays by output
    column, keys first (their values in each group's first row), groups in order of first appearance.

    ``first``/``last`` give each group's first/last non-missing value (object NaN where it has none);
    ``sum``/``min``/``max`` need int or bool arrays, ``any`` bool ones: None otherwise (use ``group_agg``).
    """
    for column, how in aggs.values():
        kind = columns[column].dtype.kind
        numeric = {"sum": "iu", "min": "iub", "max": "iub", "any": "b"}.get(how)
        if how not in _REDUCTIONS or (numeric is not None and kind not in numeric):
            return None
    group, n_groups = _group_codes(columns, keys, True)
    positions = np.flatnonzero(group >= 0)
    group = group[positions]
    first_rows = positions[ec.first_rows(group)] if len(group) else positions
    out = {k: columns[k][first_rows] for k in keys}
    for name, (column, how) in aggs.items():
        out[name] = _reduce_array(columns[column], group, positions, n_groups, how)
    return out


def _reduce_array(values: np.ndarray, group: np.ndarray, positions: np.ndarray, n_groups: int, how: str) -> np.ndarray:
    """One reduction of ``group_arrays`` (``values`` of the kind it accepts for ``how``)."""
    if how == "size":
        return np.bincount(group, minlength=n_groups).astype(np.int64)
    if how in ("first", "last"):
        valid = ~pd.isna(values[positions]) if values.dtype.kind in "Ofc" else np.ones(len(positions), bool)
        pick = _pick_rows(positions, group, valid, n_groups, how)
        if (pick >= 0).all():
            return values[pick]
        out = np.full(n_groups, np.nan, dtype=np.float64 if values.dtype.kind == "f" else object)
        out[pick >= 0] = values[pick[pick >= 0]]
        return out
    return _reduce_numbers(values[positions], group, n_groups, how)


def group_columns(
    columns: dict[str, np.ndarray], keys: list[str], aggs: dict[str, tuple[str, str]]
) -> dict[str, np.ndarray]:
    """``group_arrays`` where numpy can reduce every column, else ``group_agg`` on a frame of them
    (its columns back as arrays)."""
    out = group_arrays(columns, keys, aggs)
    if out is None:
        frame = group_agg(pd.DataFrame(columns), keys, aggs)
        out = {c: frame[c].to_numpy() for c in frame.columns}
    return out
