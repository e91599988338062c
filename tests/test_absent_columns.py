"""Promoted stats no event carries: all-<NA> columns that take no memory, also in row selections."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import fixture_file

import nbprof
from nbprof.xspace.absent import absent, constant, masked
from nbprof.xspace.stat_values import PROMOTED


def takes_no_memory(series: pd.Series) -> bool:
    array = series.array
    if isinstance(array, pd.Categorical):
        return array.codes.strides[0] == 0
    return array._data.strides[0] == 0 and array._mask.strides[0] == 0


def test_absent_columns_stay_free_when_rows_are_selected() -> None:
    events = nbprof.load(fixture_file("jax_mlp_train")).events
    absent_columns = [c for c in PROMOTED if events[c].isna().all()]
    assert {"tf_op", "kernel_details", "flops", "fragmentation"} <= set(absent_columns)
    assert all(takes_no_memory(events[c]) for c in absent_columns)
    mask = events["depth"].to_numpy() > 0
    rows = np.flatnonzero(mask)[::3]
    for sub in (events[mask], events.iloc[rows], events.iloc[5:900], events.loc[events.index[rows]]):
        for c in absent_columns:
            if isinstance(sub[c].dtype, pd.CategoricalDtype):  # codes taken: at most a byte per row
                assert sub[c].array.codes.nbytes <= len(sub), c
            else:
                assert takes_no_memory(sub[c]), c
            assert sub[c].isna().all() and len(sub[c]) == len(sub) and sub[c].dtype == events[c].dtype
    real = events["start_ps"].iloc[rows].to_numpy()
    np.testing.assert_array_equal(events.iloc[rows]["start_ps"].to_numpy(), real)


def test_absent_columns_behave_as_pandas_ones() -> None:
    column = pd.Series(absent(np.int64, 6))
    assert column.dtype == "Int64" and column.isna().all() and column.sum() == 0
    filled = column.fillna(7)
    assert filled.tolist() == [7] * 6 and not takes_no_memory(filled)
    assert filled.iloc[[1, 2]].tolist() == [7, 7]  # an array holding values takes rows as usual
    copy = pd.DataFrame({"a": column}).copy()
    copy.loc[2, "a"] = 5  # a copy can be written
    assert copy["a"].tolist()[:3] == [pd.NA, pd.NA, 5]
    with pytest.raises(IndexError):
        column.iloc[[10]]
    assert pd.Series(absent(np.float64, 3)).dtype == "Float64"


@pytest.mark.parametrize(
    ("value", "dtype"),
    [(0, np.int64), (-1, np.int8), (True, np.bool_), (0, np.float64), (2**64 - 1, np.uint64), (7, np.int16)],
)
@pytest.mark.parametrize("n", [0, 1, 1000])
def test_constant_is_a_broadcast_view(value: object, dtype: type, n: int) -> None:
    ours, theirs = constant(value, dtype, n), np.broadcast_to(np.array(value, dtype), (n,))
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape and ours.strides == (0,)
    np.testing.assert_array_equal(ours, theirs)
    assert not ours.flags.writeable
    with pytest.raises(ValueError):
        ours.flags.writeable = True  # its buffer is immutable: no write can reach the shared element


@pytest.mark.parametrize(
    ("cls", "values"),
    [
        (pd.arrays.IntegerArray, np.array([1, -2, 3], np.int64)),
        (pd.arrays.IntegerArray, np.array([1, 2**63, 3], np.uint64)),
        (pd.arrays.FloatingArray, np.array([1.5, np.nan, -0.0])),
    ],
)
def test_masked_is_the_checked_constructor(cls: type, values: np.ndarray) -> None:
    """``masked`` (no checks of its inputs) makes the array the class's constructor makes."""
    mask = np.array([False, True, False])
    ours, theirs = masked(cls, values, mask), cls(values, mask)
    assert type(ours) is type(theirs) and ours.dtype == theirs.dtype
    pd.testing.assert_extension_array_equal(ours, theirs)
    assert ours._data is values and ours._mask is mask  # no copy, as the constructor
