"""Row takes that avoid pyarrow's pandas layer (``typed_frame.take_rows`` / ``take_array``) give
pandas' own frames and arrays, on made-up columns and on the fixtures' step and op tables."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES
from pandas.testing import assert_extension_array_equal, assert_frame_equal

from nbprof.opstats import combine, op_stats
from nbprof.opstats import event_columns as ec
from nbprof.xspace import typed_frame as typed_frame_module
from nbprof.xspace.frameset import rows_of
from nbprof.xspace.typed_frame import strings, take_array, take_rows, typed_frame

ROWS = [np.array([], np.int64), np.array([0]), np.array([3, 1, 1, 4]), np.arange(5), np.array([4, 0], np.int32)]


def _frame() -> pd.DataFrame:
    frame = typed_frame(
        {
            "name": strings(["a", "é", "", "bb", "a"]),
            "host": pd.Categorical(["h1", "h2", "h1", "h1", "h2"]),
            "start_ps": np.arange(5, dtype=np.int64) * 7,
            "ratio": np.linspace(0.0, 1.0, 5),
            "flag": np.array([True, False, True, True, False]),
            "note": np.array(["x", None, "y", 1, "z"], dtype=object),
            "count": pd.array([1, None, 3, 4, 5], dtype="Int64"),
            "label": pd.array(["p", None, "q", "r", "s"], dtype="string"),
        }
    )
    frame["second_int"] = np.arange(5, dtype=np.int64)  # consolidated with start_ps: a 2-D block
    return frame


@pytest.mark.parametrize("rows", ROWS)
@pytest.mark.parametrize("selected", [False, True])
def test_take_rows_is_pandas_take(rows: np.ndarray, selected: bool) -> None:
    frame = _frame()
    if selected:  # an index that is not a RangeIndex, as a boolean selection leaves it
        frame = frame[np.array([True, False, True, True, True, True])[:5]]
        rows = rows[rows < len(frame)]
    fast, plain = take_rows(frame, rows), frame.take(rows)
    assert_frame_equal(fast, plain, check_exact=True)
    assert fast.columns.equals(plain.columns) and fast.columns.dtype == plain.columns.dtype
    assert fast.index.equals(plain.index) and type(fast.index) is type(plain.index)


@pytest.mark.parametrize("rows", ROWS)
@pytest.mark.parametrize("column", ["name", "host", "start_ps", "count", "label", "note"])
def test_take_array_is_pandas_take(rows: np.ndarray, column: str) -> None:
    series = _frame()[column]
    expected = series.take(rows).array
    for values in (series, series.array):
        taken = take_array(values, rows)
        if isinstance(taken, np.ndarray):
            np.testing.assert_array_equal(taken, series.to_numpy()[rows])
            assert taken.dtype == series.dtype
        else:
            assert_extension_array_equal(taken, expected)


def test_take_rows_falls_back_where_pandas_internals_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(typed_frame_module, "_arrays_to_mgr", None)
    frame, rows = _frame(), np.array([2, 0])
    assert_frame_equal(take_rows(frame, rows), frame.take(rows))


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_analysed_steps_are_the_steps_in_analysis(load_fixture, name: str) -> None:
    db = load_fixture(name).op_stats().step_db
    if db.analysed is not None:
        return
    expected = db.steps[db.steps["in_analysis"].to_numpy(bool)]
    assert_frame_equal(db.analysed_steps, expected, check_exact=True)
    assert db.analysed_steps.index.equals(expected.index)


@pytest.mark.parametrize("name", FIXTURE_NAMES)
@pytest.mark.parametrize("side", ["Host", "Device"])
def test_side_of_an_op_db_is_the_boolean_selection(load_fixture, name: str, side: str) -> None:
    """``_side_of`` (``rows_of``: a slice for one run of rows, else ``take_rows``) is pandas' selection."""
    db = load_fixture(name).op_stats().op_metrics_db
    shuffled = db.take(np.random.default_rng(0).permutation(len(db))).reset_index(drop=True)  # rows not in one run
    for frame in (db, shuffled):
        mask = frame["host_or_device"].to_numpy(dtype=object) == side
        expected = frame[mask].reset_index(drop=True)
        assert_frame_equal(op_stats._side_of(frame, side), expected, check_exact=True)
        assert_frame_equal(rows_of(frame, mask), expected, check_exact=True)


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_first_valid_is_the_filled_take(load_fixture, name: str) -> None:
    ops = load_fixture(name).op_stats().xla_ops.ops
    for column in ops.columns:
        values = ops[column].array
        if isinstance(ops[column].dtype, np.dtype) or len(values) == 0:
            continue
        for group, n in ((np.arange(len(values)) % 3, 3), (np.arange(len(values)) % 3, 4)):  # 4: a group with no rows
            expected = values.take(_first_positions(values, group, n), allow_fill=True)
            found = combine._first_valid(values, group, n, ec.first_rows(group))
            assert_extension_array_equal(found, expected)
    stacked = pd.concat([ops, ops], ignore_index=True)  # two hosts that ran the same ops: first rows 0..n-1
    group = np.arange(len(stacked)) % max(len(ops), 1)
    for column in ops.columns:
        values = stacked[column].array
        if not isinstance(stacked[column].dtype, np.dtype) and len(values):
            expected = values.take(_first_positions(values, group, len(ops)), allow_fill=True)
            found = combine._first_valid(values, group, len(ops), ec.first_rows(group))
            assert_extension_array_equal(found, expected)


def _first_positions(values: object, group: np.ndarray, n: int) -> np.ndarray:
    """Each group's first position with a value (-1 where none), by a loop."""
    missing = pd.isna(values)
    pick = np.full(n, -1, np.int64)
    for i in range(len(group))[::-1]:
        if not missing[i]:
            pick[group[i]] = i
    return pick


@pytest.mark.skipif(
    not isinstance(strings(["a"]), pd.arrays.ArrowStringArray),
    reason="pandas 2 infers object for str (no Arrow column to gather; take_array is numpy's take there)",
)
@pytest.mark.parametrize("rows", ROWS[:4])
@pytest.mark.parametrize("limit", [0, typed_frame_module.GATHER_MAX_BYTES])
def test_gathered_strings_are_arrow_take(rows: np.ndarray, limit: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """By numpy (within the limit) or by Arrow, of a whole, sliced or two-chunk array, a take
    gives pandas' array with the same Arrow type."""
    monkeypatch.setattr(typed_frame_module, "GATHER_MAX_BYTES", limit)
    values = ["a", "é", "", "bb", "\U0001f600", "cc", "d"]
    whole = strings(values)
    sliced = strings(["zz", *values])[1:]  # an offset into its chunk
    two_chunks = pd.concat([pd.Series(strings(values[:3])), pd.Series(strings(values[3:]))]).array
    for array in (whole, sliced, two_chunks, strings(["", "", "", "", ""])):
        taken, expected = take_array(array, rows), array.take(rows)
        assert_extension_array_equal(taken, expected)
        assert taken._pa_array.type == expected._pa_array.type


@pytest.mark.parametrize("internals", [True, False])
def test_renumbered_take_with_replaced_columns_is_take_then_assign(
    internals: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not internals:
        monkeypatch.setattr(typed_frame_module, "_arrays_to_mgr", None)
    frame, rows = _frame(), np.array([4, 2, 2])
    new = {"start_ps": np.array([9, 8, 7], np.int64), "name": strings(["x", "y", "z"])}
    expected = frame.take(rows).reset_index(drop=True)
    for column, values in new.items():
        expected[column] = values
    fast = take_rows(frame, rows, renumber=True, replaced=new)
    assert_frame_equal(fast, expected, check_exact=True)
    assert type(fast.index) is pd.RangeIndex


def test_take_rows_of_repeated_column_labels_is_pandas_take() -> None:
    frame = pd.concat([_frame()[["name", "start_ps"]], _frame()[["name"]]], axis=1)
    rows = np.array([3, 0])
    assert_frame_equal(take_rows(frame, rows), frame.take(rows), check_exact=True)


@pytest.mark.parametrize("columns", [[], ["a"], ["host", "name", "start_ps"], ["a", "a"]])
def test_empty_frame_is_pandas_empty_frame(columns: list[str]) -> None:
    made, plain = ec.empty_frame(columns), pd.DataFrame(columns=columns)
    assert_frame_equal(made, plain, check_exact=True)
    assert made.columns.dtype == plain.columns.dtype and type(made.index) is type(plain.index)
    made["extra"] = np.empty(0, object)  # a frame of its own: the next one lacks it
    assert "extra" not in ec.empty_frame(columns).columns


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_step_rows_frame_is_the_boolean_selection(load_fixture, name: str) -> None:
    """``StepRows.frame`` (the overview's and input pipeline's analysed steps) is ``steps[mask]``, labels kept."""
    from nbprof.opstats.step_rows import analysed_rows

    steps = load_fixture(name).op_stats().step_db.steps
    mask = steps["in_analysis"].to_numpy(bool)
    assert_frame_equal(analysed_rows(steps, None).frame(), steps[mask])
    if len(steps) > 2:  # some rows out: the labels are the kept rows'
        mask = np.arange(len(steps)) % 2 == 1
        from nbprof.opstats.step_rows import StepRows

        assert_frame_equal(StepRows(steps, mask).frame(), steps[mask])
