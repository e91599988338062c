"""The framework-op table's shortcuts against the paths they skip, on every fixture."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import nbprof
from nbprof.opstats import framework_ops as fo

HERE = Path(__file__).parent
ALL_FIXTURES = sorted(p.name for p in (HERE / "fixtures").iterdir() if (p / "plugins").is_dir())


@pytest.mark.parametrize("fixture", ALL_FIXTURES)
def test_kernel_ops_not_named_means_no_tensor_core_time(fixture: str) -> None:
    """Where ``_kernel_ops_may_be_named`` says no kernel's op has one of the device rows' names (the
    kernel stats db is then not built), the db built anyway gives every one of them 0."""
    prof = nbprof.load(HERE / "fixtures" / fixture, cache=False)
    for op_stats in (prof.op_stats(), *(prof.op_stats(host=h) for h in prof.hosts)):
        columns = op_stats.framework_op_rows().columns
        if columns is None:
            continue
        device = np.asarray(columns["host_or_device"], dtype=object) == "Device"
        names = [str(n) for n in np.asarray(columns["name"], dtype=object)[device]]
        if fo._kernel_ops_may_be_named(op_stats, names):
            continue
        values = op_stats.kernel_db.by_op_name_values(names, "tensor_core_utilization_ratio", 0.0)
        assert (np.asarray(values, dtype=np.float64) == 0).all()


def test_str_objects_is_astype_str_object() -> None:
    """``_str_objects`` gives ``astype(str).astype(object)``'s values, for str and other values."""
    cases = [
        np.array(["a", "b:c", ""], dtype=object),
        np.array(["a", 1, None, np.nan, 2.5], dtype=object),
        np.array([], dtype=object),
        np.array(["x", "y"]),
    ]
    for values in cases:
        got = fo._str_objects(values)
        expected = values.astype(str).astype(object)
        assert got.dtype == object and got.tolist() == expected.tolist()


@pytest.mark.parametrize("fixture", ALL_FIXTURES)
def test_ratios_are_safe_ratios(fixture: str) -> None:
    """The table's ratio columns (one division, ``_ratios``) are ``_safe_ratio``'s, bit for bit."""
    op_stats = nbprof.load(HERE / "fixtures" / fixture, cache=False).op_stats()
    table = op_stats.framework_op_table().table
    total_ps = table["total_time_ps"].to_numpy(np.float64)
    occurrences = table["occurrences"].to_numpy(np.float64)
    flops = table["flops"].to_numpy(np.float64)
    bytes_accessed = table["bytes_accessed"].to_numpy(np.float64)
    expected = {
        "avg_time_us": fo._safe_ratio(total_ps / 1e6, occurrences),
        "avg_self_time_us": fo._safe_ratio(table["total_self_time_ps"].to_numpy(np.float64) / 1e6, occurrences),
        "flop_rate_gflops": fo._safe_ratio(flops, total_ps / 1e3),
        "model_flop_rate_gflops": fo._safe_ratio(table["model_flops"].to_numpy(np.float64), total_ps / 1e3),
        "memory_bw_gibps": fo._safe_ratio(bytes_accessed, total_ps / 1e3) / fo._GIBI,
        "operational_intensity": fo._safe_ratio(flops, bytes_accessed),
    }
    for name, values in expected.items():
        assert table[name].to_numpy().tobytes() == values.tobytes(), name
