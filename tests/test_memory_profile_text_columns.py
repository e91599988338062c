"""The memory profile's text columns made from one Arrow array of them all (``_str_columns``,
``_string_columns``): the same arrays, dtypes included, as making each column on its own."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture

from nbprof.tools import memory_profile as mp
from nbprof.xspace.typed_frame import string_array

FIXTURES = ["amd_mi300x_gemm", "tf_cpu_bfc_memory", "tf_keras2_fit", "jax_gpu_kernels"]
TIMELINE_TEXTS = ["kind", *mp._TEXT_COLUMNS]


def _texts(frame: pd.DataFrame, names: list[str]) -> dict[str, mp._Text]:
    """The columns ``names`` of a result table as ``_Text`` (codes into their distinct values)."""
    out = {}
    for name in names:
        codes, distinct = pd.factorize(frame[name].to_numpy(object))
        out[name] = mp._Text(codes.astype(np.int64), np.asarray(distinct, dtype=object))
    return out


def _assert_same(got: object, expected: object) -> None:
    assert type(got) is type(expected)
    assert got.dtype == expected.dtype  # type: ignore[attr-defined]
    if isinstance(expected, pd.api.extensions.ExtensionArray):
        pd.testing.assert_extension_array_equal(got, expected)
    else:
        np.testing.assert_array_equal(got, expected)


def _assert_same_column(got: object, column: pd.Series) -> None:
    """``got`` makes exactly ``column``, dtype included (on pandas 2 a numpy column's ``.array`` is a wrapper)."""
    pd.testing.assert_series_equal(pd.Series(got, index=column.index, name=column.name), column, check_exact=True)


@pytest.mark.parametrize("fixture", FIXTURES)
def test_timeline_texts_as_one_column_each(fixture: str) -> None:
    result = load_fixture(fixture).memory_profile()
    texts = _texts(result.timeline, TIMELINE_TEXTS)
    joined = mp._str_columns(texts)
    for name, text in texts.items():
        _assert_same(joined[name], mp._str_column(text))
        _assert_same_column(joined[name], result.timeline[name])


@pytest.mark.parametrize("fixture", FIXTURES)
def test_breakdown_texts_as_one_column_each(fixture: str) -> None:
    breakdown = load_fixture(fixture).memory_profile().breakdown
    columns = {name: breakdown[name].tolist() for name in mp._TEXT_COLUMNS}
    joined = mp._string_columns(columns, pd.StringDtype())
    for name, values in columns.items():
        _assert_same(joined[name], string_array(values, pd.StringDtype()))
        _assert_same(joined[name], breakdown[name].array)


def test_a_value_not_str_takes_a_column_at_a_time() -> None:
    texts = {
        "a": mp._Text(np.array([0, 1, 0]), np.array(["x", "y"], dtype=object)),
        "b": mp._Text(np.array([1, 0, 1]), np.array(["z", 7], dtype=object)),
    }
    joined = mp._str_columns(texts)
    for name, text in texts.items():
        _assert_same(joined[name], mp._str_column(text))


def test_no_rows() -> None:
    joined = mp._string_columns({"a": [], "b": []}, pd.StringDtype())
    for name in "ab":
        _assert_same(joined[name], string_array([], pd.StringDtype()))


def test_columns_of_one_value_and_of_several_mixed() -> None:
    """Columns of one str (made by repeating its bytes), of one value that is no str or that UTF-8 cannot
    encode, and of several values: each the array ``_str_column`` makes of it alone."""
    one = np.zeros(4, np.int64)
    cases = [
        {
            "a": mp._Text(one, np.array(["x", "y"], dtype=object)),
            "b": mp._Text(np.array([0, 1, 0, 1]), np.array(["p", "ü"], dtype=object)),
        },
        {"a": mp._Text(one, np.array([""], dtype=object)), "b": mp._Text(one + 1, np.array(["", "op"], dtype=object))},
        {"a": mp._Text(one, np.array(["\ud800"], dtype=object)), "b": mp._Text(one, np.array(["x"], dtype=object))},
        {"a": mp._Text(one, np.array([7], dtype=object)), "b": mp._Text(one, np.array(["x"], dtype=object))},
    ]
    for texts in cases:
        try:
            expected = {name: mp._str_column(text) for name, text in texts.items()}
        except Exception as error:  # what pandas makes of a lone surrogate: the same error either way
            with pytest.raises(type(error)):
                mp._str_columns(texts)
            continue
        joined = mp._str_columns(texts)
        assert list(joined) == list(texts)
        for name in texts:
            _assert_same(joined[name], expected[name])


@pytest.mark.parametrize("fixture", FIXTURES)
def test_deallocations_named_alike_with_one_value_per_column(fixture: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Naming deallocations is skipped where each text column holds one value: the timeline is the one the
    full matching makes."""
    fast = load_fixture(fixture).memory_profile().timeline
    monkeypatch.setattr(mp, "_one_code_each", lambda codes: [False] * len(codes))
    slow = load_fixture(fixture).memory_profile().timeline
    pd.testing.assert_frame_equal(fast, slow, check_exact=True)
