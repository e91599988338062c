"""nbprof.tools._frames: frames from typed arrays, text columns from Arrow buffers; the same as pandas builds."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from nbprof.tools import _frames


def test_frames_from_typed_arrays_are_what_pandas_builds():
    texts = ["a", "", "ünï", "x" * 40]
    columns = {
        "name": _frames.text_array(texts),
        "kind": _frames.str_array(texts),
        "size": np.arange(4, dtype=np.int64),
        "ratio": np.linspace(0.0, 1.0, 4),
    }
    expected = pd.DataFrame(
        {
            "name": pd.array(texts, dtype="string"),
            "kind": np.asarray(texts, dtype=object),
            "size": columns["size"],
            "ratio": columns["ratio"],
        }
    )
    pd.testing.assert_frame_equal(_frames.frame(columns), expected)
    pd.testing.assert_index_equal(_frames.column_labels(("name", "size")), pd.Index(["name", "size"]))
    empty = _frames.frame({"name": _frames.text_array([]), "size": np.zeros(0, np.int64)})
    expected_empty = pd.DataFrame({"name": pd.array([], dtype="string"), "size": np.zeros(0, np.int64)})
    pd.testing.assert_frame_equal(empty, expected_empty)


def test_columns_from_codes():
    table = np.array(["x", "", "ü", "unused"], dtype=object)
    codes = np.array([2, 0, 1, 1, 2])
    values = table[codes]
    pd.testing.assert_extension_array_equal(_frames.text_array(table, codes), pd.array(values, dtype="string"))
    built = pd.DataFrame({"a": _frames.str_array(table, codes)})
    pd.testing.assert_frame_equal(built, pd.DataFrame({"a": values}))
    many = np.array([f"v{i}" for i in range(10)], dtype=object)  # a larger table than the rows: the used ones
    assert _frames.str_array(many, np.array([9, 3])).tolist() == ["v9", "v3"]


@pytest.mark.parametrize("values", [["a", None], ["a", 3], ["\ud800"]])  # missing, not str, a lone surrogate
def test_values_arrow_cannot_hold_as_str_take_pandas_own_conversion(values):
    table = np.asarray(values, dtype=object)
    assert _frames._arrow_strings(table, None, pd.StringDtype()) is None
    if "\ud800" not in values:
        pd.testing.assert_extension_array_equal(_frames.text_array(values), pd.array(values, dtype="string"))
        built = pd.DataFrame({"a": _frames.str_array(values)})
        pd.testing.assert_frame_equal(built, pd.DataFrame({"a": table}))


def test_public_constructors_where_pandas_internals_differ(monkeypatch):
    monkeypatch.setattr(_frames, "_arrays_to_mgr", None)
    columns = {"a": np.arange(3), "b": _frames.text_array(["x", "y", "z"])}
    pd.testing.assert_frame_equal(_frames.frame(columns), pd.DataFrame(columns))


def test_empty_results_are_the_frames_pandas_builds():
    from nbprof.tools import memory_profile, memory_viewer

    empty = memory_profile._empty("none")
    for got, names in (
        (empty.timeline, memory_profile.TIMELINE_COLUMNS),
        (empty.breakdown, memory_profile.BREAKDOWN_COLUMNS),
    ):
        pd.testing.assert_frame_equal(got, pd.DataFrame({c: pd.Series(dtype="object") for c in names}))
    viewer = memory_viewer._empty([], "none")
    for got, dtypes in (
        (viewer.buffers, memory_viewer._BUFFER_COLUMNS),
        (viewer.heap_timeline, memory_viewer._TIMELINE_COLUMNS),
        (viewer.buffer_blocks, memory_viewer._BLOCK_COLUMNS),
    ):
        pd.testing.assert_frame_equal(got, pd.DataFrame({c: pd.Series(dtype=t) for c, t in dtypes.items()}))
