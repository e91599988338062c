"""The GPU device op db's instruction texts (expression, shape, source, stack, deduplicated name) are read
from the HLO protos when a reader first asks for them (``device_ops.LazyColumns``): what the framework-op
tools read needs none of them. Reading them by name, in bulk, or through the table gives the same values."""

from __future__ import annotations

import pickle

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURES

import nbprof
from nbprof.hlo.index import LIGHT_COLUMNS
from nbprof.opstats import device_ops
from nbprof.opstats.device_ops import LazyColumns

GPU_FIXTURES = [
    "amd_mi300x_gemm",
    "jax_gpu_kernels",
    "flax_cnn_gpu",
    "jax_gpu_train",
    "jax_two_gpu_procs",
]  # with XLA ops
LAZY = list(device_ops._LAZY_HLO_COLUMNS)


def _lazy_columns() -> tuple[LazyColumns, list[str]]:
    made: list[str] = []

    def maker(name: str) -> object:
        made.append(name)
        return np.array([name])

    columns = LazyColumns(["a", "b", "c"], {"a": np.array([1]), "c": np.array([3])}, {"b": lambda: maker("b")})
    return columns, made


def test_lazy_columns_make_a_column_once_when_read_by_name() -> None:
    columns, made = _lazy_columns()
    assert "b" in columns and "x" not in columns and not made
    assert columns["a"].tolist() == [1] and not made
    assert columns["b"].tolist() == ["b"] and columns.get("b").tolist() == ["b"] and made == ["b"]
    assert columns.get("x", 7) == 7
    with pytest.raises(KeyError):
        columns["x"]


@pytest.mark.parametrize(
    "use",
    [list, len, dict, lambda c: {**c}, lambda c: list(c.items()), lambda c: list(c.values()), lambda c: c.copy(),
     lambda c: pickle.loads(pickle.dumps(c)), repr],
)  # fmt: skip
def test_lazy_columns_make_every_column_on_other_uses(use) -> None:
    columns, made = _lazy_columns()
    use(columns)
    assert made == ["b"]
    assert list(columns) == ["a", "b", "c"] and len(columns) == 3  # in the names' order
    plain = dict(columns)
    assert type(plain) is dict and [v.tolist() for v in plain.values()] == [[1], ["b"], [3]]
    copied = pickle.loads(pickle.dumps(columns))
    assert type(copied) is dict and list(copied) == ["a", "b", "c"]


def test_lazy_columns_changed_as_a_dict() -> None:
    columns, made = _lazy_columns()
    columns["d"] = np.array([4])
    assert made == ["b"] and list(columns) == ["a", "b", "c", "d"]
    del columns["a"]
    assert list(columns) == ["b", "c", "d"]


@pytest.mark.parametrize("name", GPU_FIXTURES)
def test_device_texts_read_by_name_are_the_tables(name) -> None:
    """Each text column read alone (its makers not all run) equals the table's column."""
    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    db = stats.device_ops
    columns = db.columns()
    assert isinstance(columns, LazyColumns)
    by_name = {c: columns[c] for c in LAZY}
    assert columns._makers  # read by name: not made into a plain dict yet
    table = nbprof.load(FIXTURES / name, cache=False).op_stats().device_ops.table
    for c in LAZY:
        expected = table[c]
        pd.testing.assert_series_equal(pd.Series(by_name[c], name=c).astype(expected.dtype), expected)
    pd.testing.assert_frame_equal(db.table, table, check_exact=True)


@pytest.mark.parametrize("name", GPU_FIXTURES)
def test_framework_op_stats_read_no_instruction_text(name, monkeypatch) -> None:
    """The framework-op table reads the device ops' keys and times: no instruction text, stack or shape."""
    calls: list[object] = []
    original = device_ops._hlo_text_columns
    monkeypatch.setattr(device_ops, "_hlo_text_columns", lambda *a: calls.append(a) or original(*a))
    prof = nbprof.load(FIXTURES / name, cache=False)
    prof.framework_op_stats()
    assert not calls
    assert len(prof.op_stats().device_ops.table) and calls  # made when the table is


@pytest.mark.parametrize("name", GPU_FIXTURES)
def test_light_lookup_is_the_rows(name) -> None:
    """``HloIndex.lookup_light_values`` (no rows made) gives ``lookup_values``' columns; unknown pairs ""."""
    table = nbprof.load(FIXTURES / name, cache=False).op_stats().hlo_index.instructions
    pid = np.append(table["program_id"].to_numpy(np.uint64), np.uint64(12345))
    names = np.append(table["name"].to_numpy(object), "no_such_instruction")
    fresh = nbprof.load(FIXTURES / name, cache=False).op_stats().hlo_index
    light, found = fresh.lookup_light_values(pid, names, list(LIGHT_COLUMNS))
    values, expected_found = fresh.lookup_values(pid, names, list(LIGHT_COLUMNS))
    assert found.tolist() == expected_found.tolist() and not found[-1] and found[:-1].all()
    for column in LIGHT_COLUMNS:
        assert light[column].tolist() == values[column].tolist(), column
    with pytest.raises(ValueError):
        fresh.lookup_light_values(pid, names, ["expression"])
