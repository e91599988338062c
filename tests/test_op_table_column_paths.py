"""Column reads of the perf env, the op metrics db and the overview's top ops: each compared with the general path it replaces."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, FIXTURES

import nbprof
from nbprof.opstats import perf_env
from nbprof.xspace.typed_frame import column_arrays


def _same_objects(ours: object, theirs: object) -> bool:
    """Element by element: the same type and value (NaN equal to NaN, ``pd.NA`` to ``pd.NA``)."""
    pairs = list(zip(list(ours), list(theirs)))  # type: ignore[call-overload]
    if len(pairs) != len(list(theirs)) or len(pairs) != len(list(ours)):  # type: ignore[call-overload]
        return False
    for a, b in pairs:
        if a is b:
            continue
        if type(a) is not type(b):
            return False
        if isinstance(a, float) and math.isnan(a) and math.isnan(b):
            continue
        if a != b:
            return False
    return True


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_plane_column_objects_are_the_series_objects(name) -> None:
    """Every planes column read from its array (categorical, masked, numpy) is its Series' objects."""
    planes = nbprof.load(FIXTURES / name, cache=False).op_stats().frames.planes
    arrays = column_arrays(planes)
    assert arrays is not None
    for column in planes.columns:
        ours = perf_env._column_objects(planes, column, arrays[column])
        assert _same_objects(ours, perf_env._objects(planes[column])), column


def test_masked_and_categorical_objects_keep_missing_values() -> None:
    """Missing values of masked and categorical columns read as pandas reads them (``pd.NA``, NaN)."""
    frame = pd.DataFrame(
        {
            "ints": pd.array([1, None, 3], dtype="Int64"),
            "floats": pd.array([1.5, None, 2.0], dtype="Float64"),
            "flags": pd.array([True, None, False], dtype="boolean"),
            "names": pd.Categorical(["a", None, "b"]),
            "plain": np.array([1.0, np.nan, 2.0]),
        }
    )
    arrays = column_arrays(frame)
    assert arrays is not None
    for column in frame.columns:
        ours = perf_env._column_objects(frame, column, arrays[column])
        assert _same_objects(ours, perf_env._objects(frame[column])), column
        assert _same_objects(ours, perf_env._column_objects(frame, column, None)), column


def _gpu_planes(peaks: list[tuple[object, object]]) -> pd.DataFrame:
    """GPU planes (AMD MI300X-like) with the given (clock kHz, memory bandwidth) each; None: missing."""
    n = len(peaks)
    return pd.DataFrame(
        {
            "host": ["h"] * n,
            "name": [f"/device:GPU:{k}" for k in range(n)],
            "device_vendor": ["AMD"] * n,
            "clock_rate": pd.array([clock for clock, _ in peaks], dtype="Int64"),
            "core_count": pd.array([304] * n, dtype="Int64"),
            "memory_bandwidth": pd.array([bw for _, bw in peaks], dtype="Int64"),
            "compute_cap_major": pd.array([9] * n, dtype="Int64"),
            "compute_cap_minor": pd.array([4] * n, dtype="Int64"),
        }
    )


def _perf_env_of_all_rows(planes: pd.DataFrame, kind: str = "GPU") -> perf_env.PerfEnv:
    """The perf env as computed from every device plane's peaks (``device_peaks``), first non-NaN each."""
    prefix = "/device:TPU:" if kind == "TPU" else "/device:GPU:"
    rows = [row for row in perf_env._peak_rows(planes) if row["plane"].startswith(prefix)]
    first = rows[0]

    def first_of(key: str) -> float:
        return next((float(r[key]) for r in rows if not pd.isna(r[key])), 0.0)

    return perf_env.PerfEnv(kind, str(first["device_type"]), first_of("peak_tflops"), first_of("peak_hbm_gibps"),
                            str(first["peak_source"]), str(first["vendor"]), str(first["arch"]),
                            first_of("peak_sram_gibps"))  # fmt: skip


@pytest.mark.parametrize(
    "peaks",
    [
        [(2_100_000, 5_300_000_000_000)] * 3,
        [(None, None), (2_100_000, None), (1_000_000, 5_300_000_000_000)],
        [(None, None), (None, None)],
        [(2_100_000, None)],
    ],
)
def test_perf_env_reads_planes_until_every_peak_is_found(peaks) -> None:
    """Peaks taken from the first plane that has each: as computed from all planes' peaks."""
    planes = _gpu_planes(peaks)
    assert perf_env.build_perf_env(planes) == _perf_env_of_all_rows(planes)


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_perf_env_of_fixtures_is_the_one_of_all_planes(name) -> None:
    planes = nbprof.load(FIXTURES / name, cache=False).op_stats().frames.planes
    env = perf_env.build_perf_env(planes)
    if env.hardware_type in ("GPU", "TPU"):
        assert env == _perf_env_of_all_rows(planes, env.hardware_type)


@pytest.mark.parametrize(
    ("values", "fill", "dtype"),
    [
        (pd.array([1, None, 2**64 - 1], dtype="UInt64"), 0, np.uint64),
        (pd.array([5, 7], dtype="UInt64"), 0, np.uint64),
        (pd.array([-3, None], dtype="Int64"), 0, np.int64),
        (pd.array([True, None, False], dtype="boolean"), False, bool),
    ],
)
def test_filled_masked_columns_are_the_series_filled_ones(values, fill, dtype) -> None:
    """A masked column filled from its values and mask is pandas' ``fillna`` of it, as the db types it."""
    from nbprof.opstats import op_metrics_db

    ours = op_metrics_db._filled({"c": values}, len(values), "c", fill).astype(dtype)
    theirs = pd.Series(values, copy=False).fillna(fill).to_numpy(dtype=object).astype(dtype)
    assert ours.dtype == theirs.dtype and ours.tolist() == theirs.tolist()
    from_series = op_metrics_db._filled({"c": pd.Series(values)}, len(values), "c", fill).astype(dtype)
    assert from_series.tolist() == theirs.tolist()


@pytest.mark.parametrize("name", FIXTURE_NAMES)
@pytest.mark.parametrize("include_idle", [True, False])
def test_plain_columns_and_flop_rates_are_the_table_columns(name, include_idle) -> None:
    """The framework-op rows' plain columns and FLOP rates of some rows (what the overview reads) are
    ``table_columns``' (and so the finished table's)."""
    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    rows = stats.framework_op_rows(include_idle)
    env = stats.perf_env
    full = rows.table_columns(env.peak_tflops, env.peak_hbm_gibps)
    plain = rows.plain_columns()
    for column, values in plain.items():
        assert values.dtype == full[column].dtype and values.tolist() == full[column].tolist(), column
    every = np.arange(len(full["name"]))
    for picked in (every, every[::-1][:3], every[:0]):
        rates = rows.flop_rate_gflops(picked)
        assert rates.dtype == np.float64 and rates.tolist() == full["flop_rate_gflops"][picked].tolist()


def test_plain_columns_without_rows_are_the_empty_table_columns() -> None:
    from nbprof.opstats.framework_ops import FrameworkOpRows

    rows = FrameworkOpRows(None, True, {}, {}, {"Device": 0, "Host": 0})
    full = rows.table_columns(1.0, 1.0)
    for column, values in rows.plain_columns().items():
        assert values.dtype == full[column].dtype and len(values) == 0, column
    assert rows.flop_rate_gflops(np.zeros(0, np.int64)).tolist() == []
