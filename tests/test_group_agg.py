"""group_agg gives pandas' groupby(...).agg(...).reset_index() exactly (values, dtypes, group order)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbprof.opstats.group_agg import group_agg

AGGS = {
    "n": ("i", "size"),
    "i_sum": ("i", "sum"),
    "i_min": ("i", "min"),
    "i_max": ("i", "max"),
    "i32_sum": ("i32", "sum"),
    "i32_max": ("i32", "max"),
    "f_min": ("f", "min"),
    "f_max": ("f", "max"),
    "b_any": ("b", "any"),
    "o_first": ("o", "first"),
    "o_last": ("o", "last"),
    "c_first": ("c", "first"),
    "i_first": ("i", "first"),
    "b_last": ("b", "last"),
    "b_max": ("b", "max"),
    "b_min": ("b", "min"),
    "u_sum": ("u", "sum"),
}

rows = st.lists(
    st.tuples(
        st.sampled_from(["a", "b", "c", None]),
        st.integers(0, 3),
        st.integers(-(2**40), 2**40),
        st.one_of(st.none(), st.floats(-1e6, 1e6)),
        st.booleans(),
        st.sampled_from(["x", "y", None]),
    ),
    max_size=40,
)


def _frame(data: list[tuple]) -> pd.DataFrame:
    k, k2, i, f, b, o = (list(c) for c in zip(*data)) if data else ([], [], [], [], [], [])
    return pd.DataFrame(
        {
            "k": pd.Series(k, dtype=object),
            "kc": pd.Categorical(k),
            "k2": np.asarray(k2, np.int64),
            "i": np.asarray(i, np.int64),
            "i32": (np.asarray(i, np.int64) % 1000).astype(np.int32),
            "u": (np.asarray(i, np.int64) % 1000).astype(np.uint64),
            "f": np.asarray([np.nan if x is None else x for x in f], np.float64),
            "b": np.asarray(b, bool),
            "o": pd.Series(o, dtype=object),
            "c": pd.Categorical(o),
        }
    )


@settings(max_examples=150, deadline=None)
@given(rows, st.sampled_from([["k"], ["kc"], ["k2"], ["k", "k2"], ["kc", "k2"], ["k2", "k"]]), st.booleans())
def test_same_as_pandas(data: list[tuple], keys: list[str], dropna: bool) -> None:
    frame = _frame(data)
    expected = frame.groupby(keys, sort=False, observed=True, dropna=dropna).agg(**AGGS).reset_index()
    got = group_agg(frame, keys, AGGS, dropna=dropna)
    pd.testing.assert_frame_equal(got, expected, check_exact=True)


def test_falls_back_to_pandas_for_other_columns() -> None:
    frame = pd.DataFrame({"k": ["a", "b", "a"], "v": pd.array([1, None, 3], dtype="Int64")})
    got = group_agg(frame, ["k"], {"v": ("v", "sum"), "m": ("v", "mean")})
    expected = frame.groupby(["k"], sort=False).agg(v=("v", "sum"), m=("v", "mean")).reset_index()
    pd.testing.assert_frame_equal(got, expected)


@pytest.mark.parametrize("how", ["sum", "min", "max"])
def test_keeps_int64_exact(how: str) -> None:
    big = 2**62 + 1
    frame = pd.DataFrame({"k": [1, 1, 2], "v": np.array([big, 1, big], np.int64)})
    got = group_agg(frame, ["k"], {"v": ("v", how)})
    expected = frame.groupby(["k"], sort=False).agg(v=("v", how)).reset_index()
    pd.testing.assert_frame_equal(got, expected, check_exact=True)
