"""roofline: per-op FLOP rate and operational intensity against the roofs, vs XProf 2.24.2.

Reference: tests/reference/<fixture>/roofline_model.json (scripts/copy_reference_analysis2_ops.py),
XProf's rows of step "Total" with infeed/outfeed included.

Deliberate differences, asserted below:
- gpu_v100: XProf reports a peak FLOP rate of 0 for this V100 profile; we compute the peak from
  the plane's SM count, clock and compute capability (XProf's cuda_type_utils table), 125.3 TFLOP/s.
- CPU-only profiles: XProf's table is empty; ours lists the XLA CPU ops (no roofs, so NaN
  utilisations).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture

from nbprof.tools.roofline import COLUMNS, roofline

HERE = Path(__file__).parent
RTOL = 0.005


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


def reference(fixture: str) -> tuple[dict, pd.DataFrame]:
    ref = json.loads((HERE / "reference" / fixture / "roofline_model.json").read_text())
    return ref["p"], pd.DataFrame(ref["rows"], columns=ref["columns"])


def test_tpu_rows_match_xprof():
    p, ref = reference("tpu_v6e")
    result = roofline(load("tpu_v6e").op_stats())
    ours = result.table
    assert list(ours.columns) == COLUMNS and result.tool == "roofline"
    assert len(ours) == len(ref)
    assert ours["name"].tolist() == ref["operation"].tolist()
    assert ours["category"].tolist() == ref["category"].tolist()
    assert ours["bound_by"].tolist() == ref["bound_by"].tolist()
    assert (ours["occurrences"].to_numpy() == ref["occurrences"].to_numpy()).all()
    pairs = [
        ("total_time_ps", "total_time", 1e6), ("self_time_ps", "total_self_time", 1e6),
        ("self_time_pct", "total_self_time_percent", 100), ("flop_rate_gflops", "measured_flop_rate", 1),
        ("model_flop_rate_gflops", "model_flop_rate", 1), ("memory_bw_gibps", "measured_memory_bw", 1),
        ("hbm_bw_gibps", "hbm_bw", 1), ("operational_intensity", "operational_intensity", 1),
        ("hbm_operational_intensity", "hbm_operational_intensity", 1),
        ("roofline_efficiency_ratio", "roofline_efficiency", 1), ("optimal_flop_rate_gflops", "optimal_flop_rate", 1),
        ("flops_utilization_ratio", "compute_efficiency", 1),
    ]  # fmt: skip
    for ours_col, ref_col, scale in pairs:
        np.testing.assert_allclose(ours[ours_col].astype(float) / scale, ref[ref_col].astype(float), rtol=RTOL,
                                   atol=1e-12, err_msg=ours_col)  # fmt: skip
    ids = ours["program_id"].astype("string").fillna("0").tolist()
    assert ids == ref["hlo_module_id"].astype(str).tolist()


def test_tpu_roofs_match_xprof():
    p, _ = reference("tpu_v6e")
    ours = roofline(load("tpu_v6e").op_stats())
    assert ours.peak_flop_rate_gflops == pytest.approx(float(p["peak_flop_rate"]), rel=1e-4)
    assert ours.peak_hbm_bw_gibps == pytest.approx(float(p["peak_hbm_bw"]), rel=1e-4)
    assert ours.ridge_point == pytest.approx(float(p["hbm_ridge_point"]), rel=1e-4)


def test_gpu_v100_roofs():
    p, ref = reference("gpu_v100")
    ours = roofline(load("gpu_v100").op_stats())
    # No XLA ops on this TF GPU profile: XProf lists only program totals, we list nothing.
    assert set(ref["operation"]) == {"Program"} and len(ours.table) == 0
    assert ours.peak_hbm_bw_gibps == pytest.approx(float(p["peak_hbm_bw"]), rel=1e-4)
    assert float(p["peak_flop_rate"]) == 0  # XProf; ours (deliberately) from the SM table:
    assert ours.peak_flop_rate_gflops == pytest.approx(80 * 1024 * 1.53, rel=1e-9)


def test_cpu_profile_lists_host_xla_ops():
    _, ref = reference("jax_mlp_train")
    assert len(ref) == 0
    result = roofline(load("jax_mlp_train").op_stats())
    assert result.source == "host"
    ours = result.table
    assert ours["name"].iloc[0] == "Program" and len(ours) > 1
    assert ours["flops_utilization_ratio"].isna().all()
    assert (ours["self_time_ps"].iloc[1:].diff().dropna() <= 0).all()
    assert "peak FLOP rate is unknown" in repr(result)


def test_profile_method_delegates():
    prof = load("tpu_v6e")
    assert prof.roofline().table.equals(roofline(prof.op_stats()).table)


@pytest.mark.parametrize("name", ["tpu_v6e", "jax_gpu_kernels", "torch_xla_train"])
def test_typed_table_matches_pandas_inference(name):
    from nbprof.tools import roofline as module

    table = roofline(load_fixture(name).op_stats()).table
    assert len(table)  # a table always has its Program row (no frame is made without ops)
    columns = {c: table[c].to_numpy(dtype=object if c in module._TEXT_COLUMNS else None) for c in COLUMNS}
    columns["program_id"] = table["program_id"].array
    pd.testing.assert_frame_equal(module._frame(columns), pd.DataFrame(columns), check_exact=True)
    columns["name"] = np.array([None, *columns["name"][1:]], dtype=object)
    pd.testing.assert_frame_equal(module._frame(columns), pd.DataFrame(columns), check_exact=True)


@pytest.mark.parametrize("fixture", ["amd_mi300x_gemm", "tpu_v6e", "jax_two_gpu_procs", "jax_mlp_train"])
def test_column_values_are_the_series_values(fixture: str) -> None:
    """The roofline reads the ops' columns as arrays (``column_arrays``, or each column's pandas array):
    ``array_values`` of either gives what ``Series.to_numpy(dtype)`` gives."""
    from nbprof.opstats.event_columns import array_values
    from nbprof.xspace.typed_frame import column_arrays

    ops = load_fixture(fixture).op_stats().xla_ops.ops
    assert len(ops)
    arrays = column_arrays(ops)
    assert arrays is not None
    for name in ("self_time_ps", "time_ps", "flops", "category", "name", "program", "has_breakdown"):
        dtype = {"category": object, "name": object, "program": object, "has_breakdown": bool}.get(name, np.float64)
        expected = ops[name].to_numpy(dtype)
        for values in (arrays[name], ops[name].array):
            got = array_values(values, dtype)
            assert got.dtype == expected.dtype and got.tolist() == expected.tolist(), name
