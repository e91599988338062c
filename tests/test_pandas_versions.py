"""The shortcuts through pandas internals give pandas' own results on every pandas nbprof supports
(pyproject.toml: pandas 2.2 and 3), and their fallbacks are pandas' public constructors."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest
from pandas.testing import assert_extension_array_equal, assert_frame_equal

from nbprof.opstats import event_columns as ec
from nbprof.xspace import typed_frame as typed_frame_module
from nbprof.xspace.typed_frame import column_arrays, string_array, take_array, take_rows, typed_frame


def _mixed_columns(n: int) -> dict[str, object]:
    """Columns of which one (a Series) takes pandas' arrays_to_mgr, not the blocks made here."""
    return {
        "start_ps": np.arange(n, dtype=np.int64),
        "ids": np.array([None, (1, 2)] * (n // 2) + [None] * (n % 2), dtype=object),  # objects, not str
        "flops": pd.array([None] * n, dtype="Int64"),
        "series": pd.Series(np.arange(n, dtype=np.float64)),
    }


@pytest.mark.parametrize("n", [0, 4])
def test_arrays_to_mgr_path_is_the_public_frame(n: int) -> None:
    """pandas 2's arrays_to_mgr needs ``typ="block"`` (``_MGR_KIND``); pandas 3's has no such argument."""
    columns = _mixed_columns(n)
    assert_frame_equal(typed_frame(columns), pd.DataFrame(columns, copy=False), check_exact=True)
    frame = pd.DataFrame(columns)
    rows = np.array([3, 0, 0], np.int64) if n else np.zeros(0, np.int64)
    assert_frame_equal(take_rows(frame, rows, renumber=True), frame.take(rows).reset_index(drop=True))


def test_a_refused_internal_frame_is_the_public_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """An internal constructor that refuses its arguments with a ValueError (pandas 2 without ``typ``)."""

    def refuses(*args: object, **kwargs: object) -> None:
        raise ValueError("'typ' needs to be one of {'block', 'array'}, got 'None'")

    monkeypatch.setattr(typed_frame_module, "_arrays_to_mgr", refuses)
    columns = _mixed_columns(3)
    assert_frame_equal(typed_frame(columns), pd.DataFrame(columns, copy=False), check_exact=True)
    frame = pd.DataFrame(columns)
    rows = np.array([2, 1], np.int64)
    assert_frame_equal(take_rows(frame, rows), frame.take(rows))


@pytest.mark.parametrize("storage", ["pyarrow", "python"])
def test_explicit_string_arrays_are_pandas_arrays(storage: str) -> None:
    """``string_array`` of a given string dtype (Arrow-backed or not) on any pandas; pandas 2's
    ArrowStringArray takes no dtype, so there it is pandas' own array."""
    dtype = pd.StringDtype(storage)
    values = ["a", "", "é", "\U0001f600", "a"]
    made = string_array(values, dtype)
    assert_extension_array_equal(made, pd.array(values, dtype=dtype))  # type: ignore[arg-type]
    rows = np.array([4, 0, 2], np.int64)
    assert_extension_array_equal(take_array(made, rows), made.take(rows))  # type: ignore[arg-type, attr-defined]


def test_group_ids_of_object_arrays_do_not_warn() -> None:
    """pandas 2 deprecates ``pd.factorize`` of the NumpyExtensionArray an object column's ``.array``
    is (a FutureWarning): the keys are factorised as numpy arrays, with the same groups."""
    names = pd.Series(np.array(["b", "a", "b", "c", "a"], dtype=object)).array
    ids = pd.array([7, 7, 7, 2, 2], dtype="UInt64")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got, n = ec.group_ids(ids, names)
    expected, expected_n = ec.group_ids(ids.to_numpy(np.uint64).astype(object), np.asarray(names, dtype=object))
    assert got.tolist() == expected.tolist() == [0, 1, 0, 2, 3] and n == expected_n == 4


def _public_arrays(frame: pd.DataFrame) -> dict[str, object]:
    return {c: frame[c].to_numpy() if isinstance(frame[c].dtype, np.dtype) else frame[c].array for c in frame.columns}


@pytest.mark.parametrize("stacked", [False, True])
def test_column_arrays_are_the_public_arrays(stacked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """``column_arrays`` from the blocks (a concatenated frame's too) and from the public API: each column's
    ``to_numpy()`` (numpy dtypes, datetimes included) or ``.array``, read only."""
    frame = pd.DataFrame(_mixed_columns(4)).assign(
        text=["a", "b", "", "é"],
        when=pd.date_range("2024-01-01", periods=4),
        zoned=pd.date_range("2024-01-01", periods=4, tz="UTC"),
        kind=pd.Categorical(["x", "y", "x", "x"]),
        flag=np.array([True, False, True, True]),
    )
    if stacked:
        frame = pd.concat([frame, frame.iloc[::-1]], ignore_index=True)
    expected = _public_arrays(frame)
    internal = column_arrays(frame)
    monkeypatch.setattr(type(frame._mgr), "iget_values", None, raising=False)
    for found in (internal, column_arrays(frame)):
        assert found is not None and list(found) == list(expected)
        for name, values in expected.items():
            got = found[name]
            assert type(got) is type(values) and got.dtype == values.dtype, name
            if isinstance(values, np.ndarray):
                assert not got.flags.writeable and got.tolist() == values.tolist(), name
            else:
                assert_extension_array_equal(got, values)


def test_column_arrays_refuse_repeated_or_other_labels() -> None:
    assert column_arrays(pd.DataFrame([[1, 2]], columns=["a", "a"])) is None
    assert column_arrays(pd.DataFrame([[1, 2]], columns=[0, 1])) is None
