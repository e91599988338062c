"""op_profile: the XLA op tree, checked node by node against XProf 2.24.2.

References: tests/reference/<fixture>/op_profile.json (scripts/copy_reference_analysis2_ops.py),
XProf's ``by_program`` trees with and without idle, flattened to one row per node.

Deliberate differences from XProf, asserted below:
- CPU-only JAX profiles: XProf's op profile is empty; ours is built from the XLA CPU ops on
  host threads (``result.source == "host"``), checked against an independent count.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture

import nbprof
from nbprof.errors import NbprofError
from nbprof.tools.op_profile import COLUMNS, op_profile

HERE = Path(__file__).parent
TIME_RTOL = 0.005  # 0.5%
UTIL_ATOL = 0.01  # 1 point


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


def reference(fixture: str) -> dict:
    return json.loads((HERE / "reference" / fixture / "op_profile.json").read_text())


def ref_nodes(fixture: str, tree: str) -> pd.DataFrame:
    ref = reference(fixture)
    return pd.DataFrame(ref[tree], columns=ref["row_fields"])


def with_paths(frame: pd.DataFrame) -> pd.DataFrame:
    """Add XProf-style paths (names joined from the root with " / ")."""
    names = frame["name"].tolist()
    parents = frame["parent_id"].tolist()
    paths: list[str] = []
    for i in range(len(frame)):  # rows are in pre-order: a parent precedes its children
        paths.append(names[i] if parents[i] < 0 else f"{paths[parents[i]]} / {names[i]}")
    return frame.assign(path=paths)


def test_columns_and_types():
    result = op_profile(load("tpu_v6e").op_stats(), by="program", include_idle=True)
    op = result.tree
    assert list(op.columns) == COLUMNS
    assert result.tool == "op_profile" and result.source == "device"
    for col in ("node_id", "parent_id", "level", "time_ps", "self_time_ps", "occurrences"):
        assert op[col].dtype == np.int64, col
    assert op["parent_id"].iloc[0] == -1 and (op["parent_id"].iloc[1:] >= 0).all()
    assert (op["level"].iloc[1:].to_numpy() == op["level"].to_numpy()[op["parent_id"].iloc[1:]] + 1).all()
    util = op[["flops_utilization_ratio", "hbm_bw_utilization_ratio"]].to_numpy()
    assert ((util >= 0) & (util <= 1)).all()
    assert op["time_pct"].iloc[0] == pytest.approx(100.0)


@pytest.mark.parametrize("include_idle", [True, False])
def test_tpu_by_program_matches_xprof(include_idle):
    tree = "by_program" if include_idle else "by_program_exclude_idle"
    ref = ref_nodes("tpu_v6e", tree)
    ours = with_paths(op_profile(load("tpu_v6e").op_stats(), by="program", include_idle=include_idle).tree)
    # Same nodes, including the instructions inside fusions (read from the HLO protos).
    assert sorted(ours["path"]) == sorted(ref["path"])
    m = ref.merge(ours, on="path", suffixes=("_ref", ""))
    assert len(m) == len(ours) == len(ref)
    leaves = m["kind"].isin(["op", "fused", "idle"])
    assert (m.loc[leaves, "category"] == m.loc[leaves, "category_ref"]).all()
    assert (m["kind"] == "fused").sum() == 9
    np.testing.assert_allclose(m["time_ps"], m["raw_time_ps"], rtol=TIME_RTOL)
    assert (m["occurrences"] == m["occurrences_ref"]).all()
    root_time = float(ref["raw_time_ps"].iloc[0])
    np.testing.assert_allclose(m["time_pct"], m["raw_time_ps"] / root_time * 100, rtol=TIME_RTOL)
    # XProf stores utilisation x time fraction; undo it to compare the plain ratio.
    frac = m["raw_time_ps"] / root_time
    ref_util = np.where(frac > 0, m["flops_util_x_time_fraction"] / frac.where(frac > 0, 1), 0.0)
    np.testing.assert_allclose(m["flops_utilization_ratio"], ref_util, atol=UTIL_ATOL, rtol=0.01)
    np.testing.assert_allclose(m["hbm_bw_utilization_ratio"], m["hbm_bw_util"], atol=UTIL_ATOL)
    assert np.all(m["flops"].to_numpy() == pytest.approx(m["raw_flops"].to_numpy(), rel=1e-9))


def test_tpu_occurrences_and_children_match_xprof():
    ref = ref_nodes("tpu_v6e", "by_program")
    ours = with_paths(op_profile(load("tpu_v6e").op_stats(), by="program", include_idle=True).tree)
    m = ref.merge(ours, on="path", suffixes=("_ref", ""))
    assert (m["occurrences"] == m["occurrences_ref"]).all()
    assert (m["num_children_ref"] == m["num_children"]).all()
    # Siblings come in XProf's order (by time; instructions inside a fusion by FLOPs).
    order = {path: i for i, path in enumerate(ref["path"])}
    for _, group in ours.groupby("parent_id"):
        ranks = [order[p] for p in group["path"] if order.get(p) is not None]
        if (group["kind"] != "fused").all():
            assert ranks == sorted(ranks)


def test_tpu_by_category_regroups_by_program():
    """XProf 2.24 emits only the by-program tree; the by-category tree must regroup its categories."""
    ref = ref_nodes("tpu_v6e", "by_program_exclude_idle")
    cats = ref[ref["level"] == 2].assign(cat=lambda r: r["path"].str.rsplit(" / ", n=1).str[1])
    expected = cats.groupby("cat")["raw_time_ps"].sum()
    ours = op_profile(load("tpu_v6e").op_stats(), by="category").tree
    got = ours[ours["kind"] == "category"].set_index("name")["time_ps"]
    assert set(got.index) == set(expected.index)
    np.testing.assert_allclose(got.reindex(expected.index), expected, rtol=TIME_RTOL)
    assert ours["time_ps"].iloc[0] == pytest.approx(ref["raw_time_ps"].iloc[0], rel=TIME_RTOL)
    assert ours["time_pct"].iloc[1:].sum() > 0


def test_gpu_without_xla_ops_is_idle_only_as_xprof():
    ref = ref_nodes("gpu_v100", "by_program")
    assert reference("gpu_v100")["device_type"] == "GPU"
    result = op_profile(load("gpu_v100").op_stats(), by="program", include_idle=True)
    assert result.source == "device" and result.hardware_type == "GPU"
    ours = result.tree
    idle = ours[ours["kind"] == "idle"]
    assert len(ours) == 2 and len(idle) == 1
    # XProf collapses a root with a single IDLE child into that child.
    assert ref["path"].tolist() == ["IDLE"]
    assert int(idle["time_ps"].iloc[0]) == pytest.approx(ref["raw_time_ps"].iloc[0], rel=TIME_RTOL)
    empty = op_profile(load("gpu_v100").op_stats(), by="program", include_idle=False).tree
    assert len(empty) == 1 and empty["time_ps"].iloc[0] == 0
    assert ref_nodes("gpu_v100", "by_program_exclude_idle")["raw_time_ps"].iloc[0] == 0


def independent_host_ops(prof) -> dict[tuple[str, str], list[int]]:
    """(program node name, op) -> [time, occurrences], counted one event at a time."""
    ev = prof.events
    sel = ev[ev["plane"].astype(str).str.startswith("/host:") & ev["hlo_op"].notna() & ev["hlo_module"].notna()]
    out: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for module, pid, op, dur in zip(sel["hlo_module"], sel["program_id"], sel["hlo_op"], sel["duration_ps"]):
        acc = out[(f"{module}({pid})", str(op))]
        acc[0] += int(dur)
        acc[1] += 1
    return out


@pytest.mark.parametrize("fixture", ["jax_mlp_train", "jax_mlp_train_pytrace"])
def test_cpu_fallback_counts_host_xla_ops(fixture):
    # XProf shows nothing for CPU-only profiles (deliberate difference: we use host XLA ops).
    assert reference(fixture)["device_type"] == "CPU_ONLY"
    assert reference(fixture)["by_program"][0][3] == 0
    prof = load(fixture)
    result = op_profile(prof.op_stats(), by="program")
    assert result.source == "host" and result.notes
    ours = result.tree
    expected = independent_host_ops(prof)
    assert expected
    ops = ours[ours["kind"] == "op"]
    programs = ours.set_index("node_id")["name"]
    got = {}
    for _, row in ops.iterrows():
        category_parent = ours.loc[ours["node_id"] == row["parent_id"]].iloc[0]
        program = programs[category_parent["parent_id"]]
        got[(program, row["name"])] = [int(row["time_ps"]), int(row["occurrences"])]
    assert got == dict(expected)
    # No IDLE on host threads; the root is the sum of self times.
    assert (ours["kind"] != "idle").all()
    assert ours["time_ps"].iloc[0] == ops["self_time_ps"].sum()
    by_cat = op_profile(prof.op_stats(), by="category", include_idle=True).tree
    assert by_cat["time_ps"].iloc[0] == ours["time_ps"].iloc[0]
    assert by_cat["flops_utilization_ratio"].isna().all()


def test_profile_without_xla_ops_is_empty():
    ours = op_profile(load("tf_keras_fit").op_stats())
    assert ours.source == "none" and len(ours.tree) == 0 and list(ours.tree.columns) == COLUMNS
    assert repr(ours) == "Op profile: no XLA ops in this profile."


def test_top_keeps_largest_children():
    result = op_profile(load("tpu_v6e").op_stats(), by="program", include_idle=True)
    top_result = result.top(2)
    assert top_result.tool == "op_profile" and top_result.source == result.source
    full, top = result.tree, top_result.tree
    counts = top.groupby("parent_id").size()
    assert counts.max() <= 2
    kept = set(top["node_id"])
    assert set(top.loc[top["parent_id"] >= 0, "parent_id"]) <= kept
    copy_done = full[(full["kind"] == "category") & (full["name"] == "copy-done")]["node_id"].iloc[0]
    children = full[full["parent_id"] == copy_done].sort_values("time_ps", ascending=False)
    assert set(top.loc[top["parent_id"] == copy_done, "node_id"]) == set(children["node_id"].head(2))
    with pytest.raises(NbprofError):
        result.top(3, by="no_such_column")


def test_bad_grouping_raises():
    with pytest.raises(NbprofError):
        op_profile(load("tpu_v6e").op_stats(), by="provenance")


def test_profile_method_delegates():
    prof = load("tpu_v6e")
    assert prof.op_profile(by="program").tree.equals(op_profile(prof.op_stats(), by="program").tree)


def synthetic_gpu_xla(tmp_path: Path, vendor: str = "Nvidia"):
    """An NVIDIA GPU profile whose kernels carry XLA stats and no HLO protos (``vendor=""``: a plane
    that names no vendor, as profiles written before vendors were recorded)."""
    from xspace_builder import XSpaceBuilder

    b = XSpaceBuilder()
    gpu = b.plane("/device:GPU:0", plane_id=1)
    for name, value in (("compute_cap_major", 8), ("compute_cap_minor", 0), ("core_count", 108),
                        ("clock_rate", 1410000), ("memory_bandwidth", 1_555_000_000_000)):  # fmt: skip
        gpu.plane_stat(name, value)
    if vendor:
        gpu.plane_stat("device_vendor", vendor)
    line = gpu.line("Stream #7(Compute)", line_id=7, timestamp_ns=1_000_000)
    kernels = [  # (kernel, hlo op, step, start, duration, flops)
        ("loop_fusion_kernel_a", "fusion.1", 0, 0, 4_000_000, 1000),
        ("loop_fusion_kernel_b", "fusion.1", 0, 5_000_000, 2_000_000, 1000),
        ("sm80_xmma_gemm_f16", "dot.2", 0, 8_000_000, 10_000_000, 2_000_000),
        ("loop_fusion_kernel_a", "fusion.1", 1, 20_000_000, 3_000_000, 1000),
    ]
    for kernel, hlo, step, start, dur, flops in kernels:
        line.event(kernel, offset_ps=start, duration_ps=dur,
                   stats={"hlo_op": hlo, "hlo_module": "jit_f", "program_id": 5, "group_id": step, "flops": flops,
                          "kernel_details": "regs:32 static_shared:0 dynamic_shared:0 grid:1,1,1 block:128,1,1",
                          "tf_op": "jit(f)/dot_general:" if hlo == "dot.2" else "jit(f)/add:"})  # fmt: skip
    return nbprof.load(b.write(tmp_path))


def test_gpu_xla_kernels_form_ops(tmp_path):
    prof = synthetic_gpu_xla(tmp_path)
    result = op_profile(prof.op_stats(), by="program", include_idle=True)
    assert result.source == "device" and result.hardware_type == "GPU"
    # A100-class: 108 SMs x 2048 FLOP/cycle x 1.41 GHz (XProf's cuda_type_utils table).
    assert result.peak_tflops == pytest.approx(108 * 2048 * 1.41 / 1000)
    ours = result.tree
    ops = ours[ours["kind"] == "op"].set_index("name")
    # XProf counts every kernel of an HLO op as an occurrence (a fusion launching two kernels per
    # run counts two), and multiplies a kernel's flops stat by those occurrences.
    assert ops.loc["fusion.1", "occurrences"] == 3 and ops.loc["fusion.1", "time_ps"] == 9_000_000
    assert ops.loc["dot.2", "occurrences"] == 1 and ops.loc["dot.2", "time_ps"] == 10_000_000
    assert ops.loc["dot.2", "flops"] == 2_000_000 and ops.loc["fusion.1", "flops"] == 3000
    assert ours.loc[ours["kind"] == "program", "name"].tolist() == ["jit_f(5)"]
    idle = ours.loc[ours["kind"] == "idle", "time_ps"].iloc[0]
    assert idle == 23_000_000 - 19_000_000
    rate = 2_000_000 / 10_000  # FLOP per ns = GFLOP/s
    assert ops.loc["dot.2", "flops_utilization_ratio"] == pytest.approx(rate / (108 * 2048 * 1.41))


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_gpu_train", "torch_xla_train", "tpu_v6e", "jax_mlp_train"])
def test_node_ids_and_lines_as_pandas_converts_them(name) -> None:
    """The tree's ``program_id`` and ``source_line`` columns made from the nodes' values and their mask: what
    pandas' conversions of the values give (``pd.array(..., "UInt64")``, ``pd.to_numeric`` then Int64)."""
    from nbprof.tools.op_profile import _nullable_ints, _program_ids, _source_lines, build_tree

    x = load_fixture(name).op_stats().xla_ops
    if x.source == "none":
        pytest.skip("no XLA ops")
    for by in ("category", "program"):
        nodes = build_tree(x, by, include_idle=True)
        ids, lines = nodes["program_id"], nodes["source_line"]
        pd.testing.assert_extension_array_equal(_program_ids(ids), pd.array(ids.tolist(), dtype="UInt64"))
        expected = _nullable_ints(np.asarray(pd.to_numeric(lines, errors="coerce"), np.float64))
        pd.testing.assert_extension_array_equal(_source_lines(lines), expected)
    odd = np.array([1, pd.NA, np.nan, 2**63, 7], dtype=object)  # beyond int64 and float64's whole numbers
    pd.testing.assert_extension_array_equal(_program_ids(odd), pd.array(odd.tolist(), dtype="UInt64"))
    odd_lines = np.array([3, pd.NA, "x", 2**60], dtype=object)
    expected = _nullable_ints(np.asarray(pd.to_numeric(odd_lines, errors="coerce"), np.float64))
    pd.testing.assert_extension_array_equal(_source_lines(odd_lines), expected)
