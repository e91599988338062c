"""kernel_stats: GPU kernel statistics, checked row by row against XProf 2.24.2.

Reference: tests/reference/<fixture>/kernel_stats.json (scripts/copy_reference_analysis2_ops.py).
The gpu_v100 fixture is a real TF BERT profile whose kernels carry ``kernel_details`` in the old
``regs:N shm:N grid:x,y,z block:x,y,z`` form (``shm:`` is not a token XProf reads, so shared
memory is 0, as in XProf) and no ``tf_op`` stat (so XProf's op name is empty).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture

from nbprof.tools.kernel_stats import COLUMNS, kernel_stats, parse_kernel_details
from nbprof.xspace.typed_frame import column_arrays

HERE = Path(__file__).parent
CPU_FIXTURES = ["jax_mlp_train", "jax_mlp_train_pytrace", "tf_custom_loop", "tf_keras_fit", "tf_cpu_bfc_memory"]


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


def reference(fixture: str) -> pd.DataFrame:
    ref = json.loads((HERE / "reference" / fixture / "kernel_stats.json").read_text())
    return pd.DataFrame(ref["rows"], columns=ref["columns"])


def test_gpu_v100_rows_match_xprof():
    ref = reference("gpu_v100")
    result = kernel_stats(load("gpu_v100").op_stats())
    ours = result.table
    assert list(ours.columns) == COLUMNS and result.tool == "kernel_stats"
    assert len(ours) == len(ref) == 15
    assert ours["rank"].tolist() == list(range(1, len(ref) + 1))
    for col in ("kernel_name", "block_dim", "grid_dim", "op_name"):
        assert ours[col].tolist() == ref[col].tolist(), col
    for col in ("registers_per_thread", "shmem_bytes", "occurrences", "is_op_tensor_core_eligible",
                "is_kernel_using_tensor_core"):  # fmt: skip
        assert ours[col].tolist() == ref[col].astype(type(ours[col].iloc[0])).tolist(), col
    for col in ("occupancy_pct", "total_duration_us", "avg_duration_us", "min_duration_us", "max_duration_us"):
        np.testing.assert_allclose(ours[col].astype(float), ref[col].astype(float), rtol=1e-9, atol=1e-9, err_msg=col)


def test_gpu_v100_totals_match_xprof():
    ref = reference("gpu_v100")
    result = kernel_stats(load("gpu_v100").op_stats())
    ours = result.table
    assert ours["occurrences"].sum() == ref["occurrences"].sum() == result.num_kernel_events
    assert ours["total_duration_us"].sum() == pytest.approx(ref["total_duration_us"].sum(), rel=1e-9)
    # ps columns are exact sums; the µs columns truncate each kernel to whole ns like XProf.
    assert (ours["total_duration_ps"] >= ours["total_duration_us"] * 1e6 - 1).all()
    assert (ours["min_duration_ps"] <= ours["max_duration_ps"]).all()


@pytest.mark.parametrize("fixture", CPU_FIXTURES + ["tpu_v6e"])
def test_no_gpu_kernels_gives_empty_table(fixture):
    assert len(reference(fixture)) == 0
    ours = kernel_stats(load(fixture).op_stats())
    assert len(ours.table) == 0 and list(ours.table.columns) == COLUMNS and ours.notes
    assert repr(ours) == "Kernel stats: no GPU kernels with launch details in this profile."


def test_parse_current_kernel_details_format():
    """The stat as current CUPTI tracers write it (xprof kernel_stats_utils.cc tokens)."""
    details = pd.Series([
        "regs:32 static_shared:1024 dynamic_shared:2048 grid:10,2,1 block:128,1,1 occ_pct:62.5",
        "regs:38 shm:0 grid:160,1,1 block:1024,1,1",
        "bogus block:1,2 grid:x,1,1",
    ])  # fmt: skip
    p = parse_kernel_details(details)
    assert p.iloc[0].tolist() == [32, 1024, 2048, 10, 2, 1, 128, 1, 1, 62.5]
    assert p.iloc[1].tolist() == [38, 0, 0, 160, 1, 1, 1024, 1, 1, 0.0]
    assert p.iloc[2].tolist() == [0, 0, 0, 1, 1, 1, 1, 1, 1, 0.0]


def test_profile_method_delegates():
    prof = load("gpu_v100")
    assert prof.kernel_stats().table.equals(kernel_stats(prof.op_stats()).table)


def test_synthetic_gpu_kernels_tensor_core_flags(tmp_path):
    """Kernels named like Tensor Core GEMMs, with framework ops (built with the test builder)."""
    from test_op_profile import synthetic_gpu_xla

    ours = kernel_stats(synthetic_gpu_xla(tmp_path).op_stats()).table.set_index("kernel_name")
    assert len(ours) == 3
    gemm = ours.loc["sm80_xmma_gemm_f16"]
    assert bool(gemm["is_kernel_using_tensor_core"]) and bool(gemm["is_op_tensor_core_eligible"])
    assert gemm["op_name"] == "jit(f)/dot_general" and gemm["rank"] == 1
    a = ours.loc["loop_fusion_kernel_a"]
    assert a["occurrences"] == 2 and a["total_duration_us"] == 7.0 and a["avg_duration_us"] == 3.5
    assert not bool(a["is_kernel_using_tensor_core"]) and not bool(a["is_op_tensor_core_eligible"])
    assert a["block_dim"] == "128,1,1" and a["registers_per_thread"] == 32


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_gpu_train"])
def test_typed_table_matches_pandas_construction(name):
    from nbprof.tools import kernel_stats as module

    table = kernel_stats(load_fixture(name).op_stats()).table
    made = {c: table[c].to_numpy() for c in ("rank", "shmem_bytes", "total_duration_us")}
    made.update({c: table[c].to_numpy(dtype=object) for c in ("grid_dim", "block_dim")})
    top = {c: table[c] for c in COLUMNS if c not in made}
    expected = pd.DataFrame({c: made[c] if c in made else top[c].array for c in COLUMNS})
    arrays = column_arrays(table)
    pd.testing.assert_frame_equal(module._table(arrays, made), expected, check_exact=True)
    top["op_name"] = top["op_name"].astype(object)  # an object column: pandas' own construction
    expected = pd.DataFrame({c: made[c] if c in made else top[c].array for c in COLUMNS})
    arrays["op_name"] = top["op_name"].to_numpy()
    pd.testing.assert_frame_equal(module._table(arrays, made), expected, check_exact=True)


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_gpu_train", "gpu_v100"])
@pytest.mark.parametrize("hosts", [1, 2])
def test_table_from_the_dbs_arrays_is_the_table_from_its_frame(name, hosts):
    # the db's report arrays (its frame never made) or its reports frame: the same table; 2: the db
    # combined with itself (two hosts that ran the same kernels: the combined db's arrays)
    from nbprof.opstats.combine import combine_kernel_dbs
    from nbprof.opstats.kernel_db import KernelDb

    db = load_fixture(name).op_stats().kernel_db
    if hosts == 2:
        db = combine_kernel_dbs([db, db])
    assert db.report_arrays() is not None
    as_frame = KernelDb(db.reports, db.num_kernel_events, db.vendor, db.notes)
    for other in (as_frame, KernelDb(db.reports.astype({"op_name": object}), 1, "", [])):
        expected = kernel_stats(type("Stats", (), {"kernel_db": other})()).table
        found = kernel_stats(type("Stats", (), {"kernel_db": db})()).table
        pd.testing.assert_frame_equal(found, expected, check_exact=True)
    from nbprof.tools import kernel_stats as module

    assert not module._top_columns(db)["occurrences"].flags.writeable  # the db's arrays stay as they are
