"""The device op db (OpStats.device_ops) on JAX-on-GPU: AMD MI300X profiles against XProf 2.24.2.

Fixtures: tests/fixtures/amd_mi300x_{gemm,conv} (AMD-AGI/TraceLens, JAX 0.8 on ROCm, MI300X),
references: XProf 2.24.2's raw outputs for them in tests/reference/amd_mi300x_*/ (DataTables
and the op-profile proto as JSON). Tolerances: op times 0.5 %, percentages 0.5 points.

FLOP rates, memory bandwidths, operational intensities and "bound by" of GPU ops come from the
HLO's cost analysis (nbprof/hlo/cost.py, joined in device_ops.join_hlo_costs): the join point is
checked here with XProf's own per-op costs, the costs nbprof computes in tests/test_gpu_costs.py.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import NVIDIA_XLA_OPS_FIXTURES, xprof_output_path, xprof_profile

from nbprof.opstats.device_ops import join_hlo_costs

HERE = Path(__file__).parent
AMD = ["amd_mi300x_gemm", "amd_mi300x_conv"]
NVIDIA = NVIDIA_XLA_OPS_FIXTURES  # the H100 captures whose ops XProf keeps (fixture_paths)
TIME_RTOL = 0.005
PCT_ATOL = 0.5


@functools.cache
def load(fixture: str):
    return xprof_profile(fixture)  # GPU kernels without HLO dropped, as XProf


def raw(fixture: str, tool: str):
    return json.loads(xprof_output_path(fixture, tool).read_text())


def table(data: dict) -> pd.DataFrame:
    """A Google DataTable as a frame (column ids as names)."""
    return pd.DataFrame(
        [[c.get("v") if c else None for c in row["c"]] for row in data["rows"]], columns=[c["id"] for c in data["cols"]]
    )


def op_profile_nodes(fixture: str, tree: str) -> pd.DataFrame:
    """XProf's op-profile tree flattened: one row per node with its path from the root."""
    rows = []

    def walk(node: dict, path: str) -> None:
        xla = node.get("xla", {})
        rows.append({"path": path, "time_ps": int(node["metrics"].get("rawTime", 0)),
                     "occurrences": int(node["metrics"].get("occurrences", 0)),
                     "num_children": int(node.get("numChildren", 0)), "category": xla.get("category"),
                     "provenance": xla.get("provenance"), "expression": xla.get("expression"),
                     "source": xla.get("sourceInfo"), "program_id": xla.get("programId")})  # fmt: skip
        for child in node.get("children", []):
            walk(child, f"{path} / {child['name']}" if path else child["name"])

    walk(raw(fixture, "op_profile")[tree], "")
    return pd.DataFrame(rows)


def with_paths(tree: pd.DataFrame) -> pd.DataFrame:
    paths: list[str] = []
    for name, parent in zip(tree["name"], tree["parent_id"]):  # pre-order nodes, not events
        paths.append("" if parent < 0 else (name if paths[parent] == "" else f"{paths[parent]} / {name}"))
    return tree.assign(path=paths)


# ------------------------------------------------------------------------- XProf comparisons
@pytest.mark.parametrize("fixture", AMD + NVIDIA)
@pytest.mark.parametrize("include_idle", [True, False])
def test_framework_op_rows_match_xprof(fixture, include_idle):
    ref = table(raw(fixture, "framework_op_stats")[0 if include_idle else 1])
    ours = load(fixture).framework_op_stats(include_idle=include_idle).xprof_rows().reset_index(drop=True)
    assert list(zip(ours["host_or_device"], ours["name"])) == list(zip(ref["host_or_device"], ref["operation"]))
    assert list(ours["type"]) == list(ref["type"])
    assert list(ours["occurrences"]) == [int(v) for v in ref["occurrences"]]
    for col in ("total_time", "avg_time", "total_self_time", "avg_self_time"):
        np.testing.assert_allclose(ours[f"{col}_us"], ref[col].astype(float), rtol=TIME_RTOL, err_msg=col)
    pairs = [
        ("device_self_time_pct", "device_total_self_time_percent"),
        ("device_cumulative_self_time_pct", "device_cumulative_total_self_time_percent"),
        ("host_self_time_pct", "host_total_self_time_percent"),
        ("host_cumulative_self_time_pct", "Host_cumulative_total_self_time_percent"),
    ]
    for ours_col, ref_col in pairs:
        np.testing.assert_allclose(ours[ours_col], 100 * ref[ref_col].astype(float), atol=PCT_ATOL, err_msg=ref_col)
    # JAX op names come from the HLO metadata (jit(dot)/dot_general), not the tf_op stat (XlaModule:).
    device = ours[ours["host_or_device"] == "Device"]
    assert not device["name"].str.contains("XlaModule").any()
    np.testing.assert_allclose(
        ours["gpu_tensorcore_utilization_ratio"], ref["gpu_tensorcore_utilization"].astype(float)
    )


@pytest.mark.parametrize("fixture", AMD + NVIDIA)
def test_overview_top_ops_and_placement_match_xprof(fixture):
    ref = raw(fixture, "overview_page")
    top = table(ref[0])
    result = load(fixture).overview()
    ours = result.top_ops
    assert list(ours["name"]) == list(top["operation"])
    assert list(ours["category"]) == list(top["category"])
    np.testing.assert_allclose(ours["self_time_pct"], 100 * top["selfTimePercent"].astype(float), atol=PCT_ATOL)
    np.testing.assert_allclose(ours["cumulative_pct"], 100 * top["cumulativeTimePercent"].astype(float), atol=PCT_ATOL)
    assert list(ours["is_op_tensor_core_eligible"]) == list(top["tcEligibility"])
    assert list(ours["is_op_using_tensor_core"]) == list(top["tcUtilization"])
    p = ref[0]["p"]
    for ours_key, ref_key in (("device_tf_op_pct", "device_tf_op_percent"), ("host_tf_op_pct", "host_tf_op_percent")):
        assert result.summary[ours_key] == pytest.approx(float(p[ref_key].rstrip("%")), abs=PCT_ATOL)
    assert result.summary["device_type"] == ref[2]["p"]["device_type"]
    assert result.summary["device_type"] == ("AMD GPU - gfx942" if fixture in AMD else "Nvidia GPU (Hopper)")
    assert result.summary["device_core_count"] == int(ref[2]["p"]["device_core_count"])


@pytest.mark.parametrize("fixture", AMD + NVIDIA)
def test_kernel_stats_match_xprof(fixture):
    ref = table(raw(fixture, "kernel_stats"))
    ours = load(fixture).kernel_stats().table
    assert list(ours["kernel_name"]) == list(ref["kernel_name"])
    assert list(ours["op_name"]) == list(ref["op_name"])
    assert list(ours["is_kernel_using_tensor_core"]) == list(ref["is_kernel_using_tensor_core"])
    assert list(ours["is_op_tensor_core_eligible"]) == list(ref["is_op_tensor_core_eligible"])
    for col in ("block_dim", "grid_dim"):
        assert list(ours[col]) == list(ref[col])
    assert list(ours["occurrences"]) == [int(v) for v in ref["occurrences"]]
    # AMD's kernel_details name registers and LDS differently (private_mem/group_mem): 0, as XProf.
    assert (ours["registers_per_thread"] == ref["registers_per_thread"].astype(int)).all()
    assert (ours["shmem_bytes"] == ref["shmem_bytes"].astype(int)).all()
    for col in ("total_duration_us", "avg_duration_us", "min_duration_us", "max_duration_us"):
        np.testing.assert_allclose(ours[col], ref[col].astype(float), rtol=1e-9, err_msg=col)


@pytest.mark.parametrize("fixture", AMD + NVIDIA)
@pytest.mark.parametrize("include_idle", [True, False])
def test_op_profile_nodes_match_xprof(fixture, include_idle):
    ref = op_profile_nodes(fixture, "byProgram" if include_idle else "byProgramExcludeIdle")
    result = load(fixture).op_profile(by="program", include_idle=include_idle)
    assert result.hardware_type == "GPU" and result.device_type == raw(fixture, "op_profile")["deviceType"]
    ours = with_paths(result.tree)
    assert sorted(ours["path"]) == sorted(ref["path"])
    m = ref.merge(ours, on="path", suffixes=("_ref", ""))
    np.testing.assert_allclose(m["time_ps"], m["time_ps_ref"], rtol=TIME_RTOL)
    assert (m["occurrences"] == m["occurrences_ref"]).all()
    # GPU fusions list no instructions inside them (XProf does that on TPU only).
    assert (m["num_children"] == m["num_children_ref"]).all() and (ours["kind"] != "fused").all()
    ops = m[m["kind"] == "op"]
    assert len(ops) and (ops["category"] == ops["category_ref"]).all()
    assert (ops["tf_op"] == ops["provenance"]).all()
    assert (ops["expression"] == ops["expression_ref"]).all()
    assert (ops["program_id"].astype(str) == ops["program_id_ref"]).all()
    assert (ops["source_file"] == [s["fileName"] for s in ops["source"]]).all()
    lines = [s["lineNumber"] for s in ops["source"]]
    assert ops["source_line"].fillna(-1).astype(int).tolist() == lines
    # Sibling order is XProf's (by time).
    order = {path: i for i, path in enumerate(ref["path"])}
    for _, siblings in ours.groupby("parent_id"):
        ranks = [order[p] for p in siblings["path"]]
        assert ranks == sorted(ranks)


@pytest.mark.parametrize("fixture", AMD + NVIDIA)
def test_roofline_rows_and_roofs_match_xprof(fixture):
    data = raw(fixture, "roofline_model")[0]
    ref = table(data)
    # nbprof's roofline is XProf's "Total" step (XProf adds one all-zero Program row per GPU step)
    ref = ref[ref["include_infeed_outfeed"] & (ref["step"] == "Total")].reset_index(drop=True)
    result = load(fixture).roofline()
    ours = result.table
    assert list(ours["name"]) == list(ref["operation"])
    assert list(ours["category"]) == list(ref["category"])
    assert list(ours["occurrences"]) == [int(v) for v in ref["occurrences"]]
    assert ours["program_id"].astype("string").fillna("0").tolist() == ref["hlo_module_id"].tolist()
    np.testing.assert_allclose(ours["total_time_ps"] / 1e6, ref["total_time"].astype(float), rtol=TIME_RTOL)
    np.testing.assert_allclose(
        ours["self_time_pct"].fillna(0), 100 * ref["total_self_time_percent"].astype(float), atol=PCT_ATOL
    )
    p = data["p"]
    assert result.device_type == p["device_type"]
    assert result.device_type == ("AMD GPU - gfx942" if fixture in AMD else "Nvidia GPU (Hopper)")
    assert result.peak_flop_rate_gflops == pytest.approx(float(p["peak_flop_rate"]), rel=1e-5)
    assert result.peak_hbm_bw_gibps == pytest.approx(float(p["peak_hbm_bw"]), rel=1e-5)
    assert result.ridge_point == pytest.approx(float(p["hbm_ridge_point"]), rel=1e-5)


def test_perf_env_of_mi300x():
    env = load("amd_mi300x_gemm").op_stats().perf_env
    assert (env.vendor, env.arch, env.device_type) == ("AMD", "gfx942", "AMD GPU - gfx942")
    # 304 CUs x 2048 FLOPs per CU per cycle (CDNA 3 matrix fp16) x 2.1 GHz; read as compute
    # capability 9.4 in NVIDIA's table (Hopper, 4096) it would be twice that.
    assert env.peak_tflops == pytest.approx(304 * 2048 * 2.1 / 1000)
    p = raw("amd_mi300x_gemm", "roofline_model")[0]["p"]
    assert env.peak_sram_gibps == pytest.approx(float(p["peak_vmem_write_bw"]), rel=1e-5)


# ------------------------------------------------------------------- one db, every tool
def framework_name(provenance: str, name: str) -> str:
    from nbprof.opstats.tf_op import parse_tf_op_fullname

    return parse_tf_op_fullname(provenance)[1] if provenance else name


@pytest.mark.parametrize("fixture", [*AMD, "tpu_v6e"])
def test_every_tool_reads_the_same_device_ops(fixture):
    prof = load(fixture)
    stats = prof.op_stats()
    db = stats.device_ops.ops
    assert len(db) and (db["occurrences"] > 0).all() and (db["total_time_ps"] > 0).all()
    expected = {(int(p), n): (int(o), int(t)) for p, n, o, t in
                zip(db["program_id"], db["name"], db["occurrences"], db["total_time_ps"])}  # fmt: skip

    tree = prof.op_profile(by="program", include_idle=True).tree
    ops = tree[tree["kind"] == "op"]
    in_tree = {(int(p), n): (int(o), int(t)) for p, n, o, t in
               zip(ops["program_id"], ops["name"], ops["occurrences"], ops["time_ps"])}  # fmt: skip
    # Op profile lists the ops no nested op took time from (XProf's leaves) and skips "region" ops.
    leaf = (db["children_time_ps"] <= 0) & ~db["name"].str.startswith("region")
    assert leaf.sum() > 0
    assert in_tree == {k: v for (k, v), is_leaf in zip(expected.items(), leaf) if is_leaf}
    assert tree["time_ps"].iloc[0] == stats.device_ops.total_time_ps

    roof = prof.roofline().table.iloc[1:]
    in_roofline = {(int(p), n): (int(o), int(t)) for p, n, o, t in
                   zip(roof["program_id"], roof["name"], roof["occurrences"], roof["total_time_ps"])}  # fmt: skip
    assert in_roofline == expected

    fos = prof.framework_op_stats(include_idle=False).table
    device = fos[fos["host_or_device"] == "Device"].set_index("name")
    grouped = db.assign(framework=[framework_name(p, n) for p, n in zip(db["provenance"], db["name"])]).groupby(
        "framework"
    )
    assert set(device.index) == set(grouped.groups)
    assert (device["occurrences"] == grouped["occurrences"].max().reindex(device.index)).all()
    assert (device["total_time_ps"] == grouped["total_time_ps"].sum().reindex(device.index)).all()

    top = prof.overview().top_ops
    assert list(top["name"]) == list(device.sort_values("total_self_time_ps", ascending=False).index[: len(top)])
    np.testing.assert_allclose(top["self_time_ms"], device.loc[top["name"], "total_self_time_ps"] / 1e9)

    kernels = prof.kernel_stats().table
    if stats.perf_env.hardware_type == "GPU":
        by_op = kernels[kernels["op_name"] != ""].groupby("op_name")["total_duration_ps"].sum()
        assert len(by_op) and set(by_op.index) <= set(device.index)
        # Every kernel of these profiles is an op event: kernel time per framework op = its op time.
        assert (by_op == device.loc[by_op.index, "total_time_ps"]).all()


def test_ops_of_several_programs_keep_their_own_counts():
    """custom-call.1 runs in five programs (jit_dot(21), (34), ...): five ops, each with its own
    kernels as occurrences, none with time but no occurrences (nbprof merged them across programs)."""
    db = load("amd_mi300x_gemm").op_stats().device_ops.ops
    calls = db[db["name"] == "custom-call.1"]
    assert sorted(calls["program_id"].astype(int)) == [21, 34, 49, 64, 79]
    assert (calls["occurrences"] == 3).all()
    assert (calls["min_time_ps"] > 0).all() and (calls["min_time_ps"] <= calls["total_time_ps"] / 3).all()
    # Kernels without a group_id: each is an occurrence (cudnn-conv.1: 40 GEMM + 39 im2col kernels).
    conv = load("amd_mi300x_conv").op_stats().device_ops.ops.set_index("name")
    assert conv.loc["cudnn-conv.1", "occurrences"] == 79


def test_hlo_costs_join_point():
    """Per-run HLO FLOPs and bytes replace the events' values times the occurrences (XProf's perf info)."""
    from nbprof.opstats.device_ops import build_device_op_db

    stats = load("amd_mi300x_gemm").op_stats()
    ops = build_device_op_db(stats.frames, stats.hlo_index).ops  # without OpStats' own cost table
    dot = ops[ops["name"] == "gemm_fusion_dot_general.1"]
    costs = pd.DataFrame({"program_id": dot["program_id"].astype("uint64"), "name": dot["name"],
                          "flops": [33554432.0], "model_flops": [0.0], "bytes_accessed": [393216.0]})  # fmt: skip
    joined = join_hlo_costs(ops, costs)
    row = joined[joined["name"] == "gemm_fusion_dot_general.1"].iloc[0]
    # XProf: 100,663,296 raw FLOPs and 1,179,648 bytes for its 3 occurrences (op_profile.json).
    assert row["flops"] == row["model_flops"] == 100_663_296 and row["bytes_accessed"] == 1_179_648
    assert (joined[joined["name"] != "gemm_fusion_dot_general.1"]["flops"] == 0).all()
    assert join_hlo_costs(ops, None) is ops


# ---------------------------------------------------------------------- vendors and peaks
def gpu_plane(**stats) -> pd.Series:
    return pd.Series({"name": "/device:GPU:0", **stats})


@pytest.mark.parametrize(
    ("stats", "vendor", "arch", "device_type", "tflops"),
    [
        ({"device_vendor": "AMD", "compute_cap_major": 9, "compute_cap_minor": 4}, "AMD", "gfx942",
         "AMD GPU - gfx942", 304 * 2048 * 2.1 / 1000),
        ({"device_vendor": "AMD", "gpu_device_name": "gfx90a", "compute_cap_major": 9, "compute_cap_minor": 0},
         "AMD", "gfx90a", "AMD GPU - gfx90a", 304 * 1024 * 2.1 / 1000),
        ({"device_vendor": "AMD", "gpu_device_name": "gfx950"}, "AMD", "gfx950", "AMD GPU - gfx950",
         304 * 4096 * 2.1 / 1000),
        ({"device_vendor": "AMD", "compute_cap_major": 9, "compute_cap_minor": 0}, "AMD", "",
         "AMD GPU - gfx-9XX series", 0.0),
        ({"device_vendor": "Nvidia", "compute_cap_major": 9, "compute_cap_minor": 0}, "Nvidia", "9.0",
         "Nvidia GPU (Hopper)", 304 * 4096 * 2.1 / 1000),
        ({"device_vendor": "Nvidia", "compute_cap_major": 7, "compute_cap_minor": 5}, "Nvidia", "7.5",
         "Nvidia GPU (Turing)", 304 * 1024 * 2.1 / 1000),
        # No vendor: XProf names the device "GPU" and reports no peak; nbprof assumes NVIDIA for the peak.
        ({"compute_cap_major": 7, "compute_cap_minor": 0}, "", "7.0", "GPU", 304 * 1024 * 2.1 / 1000),
    ],
)  # fmt: skip
def test_gpu_vendor_arch_type_and_peak(stats, vendor, arch, device_type, tflops):
    from nbprof.opstats.perf_env import device_peaks

    planes = pd.DataFrame([gpu_plane(host="h", core_count=304, clock_rate=2_100_000, **stats)])
    peak = device_peaks(planes).iloc[0]
    assert (peak["vendor"], peak["arch"], peak["device_type"]) == (vendor, arch, device_type)
    assert peak["peak_tflops"] == pytest.approx(tflops)


def test_tensor_core_patterns_depend_on_the_vendor():
    from nbprof.opstats.kernel_db import kernel_uses_tensor_core

    names = pd.Series(
        ["volta_h884gemm_128x64", "sm80_xmma_gemm_f16", "Cijk_Ailk_Bljk_BBS_BH_MT256x224x64_MI16x16x16x1_SN.kd",
         "Custom_Cijk_Alik_Bljk_BBS_BH_MT256x256x64_shortname0_gfx950", "gemm_fusion_dot_1.kd",
         "ck_fused_mfma_kernel", "attn_fwd", "wrapped_broadcast.kd", "Im3d2Col.kd"]
    )  # fmt: skip
    assert list(kernel_uses_tensor_core(names, "Nvidia")) == [True, True] + [False] * 7
    assert list(kernel_uses_tensor_core(names, "AMD")) == [False, False] + [True] * 5 + [False, False]
    assert not kernel_uses_tensor_core(names, "").any()


def test_unnamed_vendor_flags_no_kernel_and_missing_hlo_keeps_ops(tmp_path):
    """A GPU plane without device_vendor: no kernel is flagged (XProf). Kernels whose HLO the profile
    does not carry stay ops named by their hlo_op stat (XProf drops them into IDLE)."""
    from test_op_profile import synthetic_gpu_xla

    prof = synthetic_gpu_xla(tmp_path, vendor="")
    stats = prof.op_stats()
    assert stats.perf_env.device_type == "GPU" and stats.run_env.device_type == "GPU"
    assert not stats.kernel_db.reports["is_kernel_using_tensor_core"].any()
    db = stats.device_ops.ops.set_index("name")
    assert set(db.index) == {"fusion.1", "dot.2"}
    assert db.loc["dot.2", "category"] == "dot" and db.loc["fusion.1", "category"] == "fusion"
    assert db.loc["dot.2", "provenance"] == "jit(f)/dot_general:"
    assert any("XProf drops them" in note for note in stats.device_ops.notes)
    fos = prof.framework_op_stats().table
    assert set(fos.loc[fos["host_or_device"] == "Device", "name"]) == {"IDLE", "jit(f)/dot_general", "jit(f)/add"}


def test_xla_cpu_op_db_is_the_device_db_sibling():
    """JAX on CPU: no device db, the XLA CPU ops have its columns and feed op profile and roofline."""
    stats = load("jax_mlp_train").op_stats()
    assert stats.device_ops.hardware_type == "CPU_ONLY" and len(stats.device_ops.table) == 0
    cpu = stats.xla_cpu_op_db
    assert list(cpu.columns) == list(stats.device_ops.table.columns) and len(cpu)
    assert (cpu["host_or_device"] == "Host").all() and (cpu["occurrences"] > 0).all()
    assert (cpu["self_time_ps"] <= cpu["total_time_ps"]).all()
    found = cpu[cpu["expression"].str.startswith("%")]
    assert len(found) and (found["category"] != "").all()
    assert stats.xla_ops.source == "host" and stats.xla_ops.ops["time_ps"].sum() == cpu["total_time_ps"].sum()


def xprof_costs(fixture: str) -> pd.DataFrame:
    """Per-run FLOPs, bytes and HBM bytes of each op as XProf's roofline states them (rate x time /
    occurrences), in the form nbprof/hlo/cost.py gives them."""
    rows = table(raw(fixture, "roofline_model")[0])
    rows = rows[rows["include_infeed_outfeed"] & (rows["category"] != "Program")]
    time_s = rows["total_time"].astype(float) / 1e6
    occ = rows["occurrences"].astype(float)
    return pd.DataFrame(
        {
            "program_id": rows["hlo_module_id"].astype("uint64"),
            "name": rows["operation"],
            "flops": rows["measured_flop_rate"].astype(float) * 1e9 * time_s / occ,
            "model_flops": 0.0,
            "bytes_accessed": rows["measured_memory_bw"].astype(float) * 2**30 * time_s / occ,
            "bytes_read": rows["hbm_bw"].astype(float) * 2**30 * time_s / occ,
            "bytes_written": 0.0,
        }
    )


@pytest.mark.parametrize("fixture", AMD + NVIDIA)
def test_hlo_costs_joined_give_xprofs_rates(fixture):
    """Fed XProf's own per-op costs, the join point gives XProf's FLOP rates, bandwidths, intensities,
    bounds and utilisations in every tool (what nbprof/hlo/cost.py will feed it)."""
    from functools import cached_property

    from nbprof.opstats import OpStats
    from nbprof.opstats.device_ops import build_device_op_db
    from nbprof.tools.framework_op_stats import framework_op_stats
    from nbprof.tools.op_profile import op_profile
    from nbprof.tools.roofline import roofline

    costs = xprof_costs(fixture)

    class CostedOpStats(OpStats):
        @cached_property
        def device_ops(self):
            return build_device_op_db(
                self.frames, self.hlo_index, hlo_costs=costs, keep_ops_without_hlo=False,
                event_groups=lambda: self.event_groupings.event_groups,
            )  # fmt: skip

    stats = CostedOpStats(load(fixture).op_stats().frames)
    ref = table(raw(fixture, "framework_op_stats")[0])
    ours = framework_op_stats(stats).xprof_rows().reset_index(drop=True)
    for ours_col, ref_col in (("flop_rate_gflops", "measured_flop_rate"), ("memory_bw_gibps", "measured_memory_bw"),
                              ("operational_intensity", "operational_intensity")):  # fmt: skip
        np.testing.assert_allclose(ours[ours_col], ref[ref_col].astype(float), rtol=1e-4, atol=1e-6, err_msg=ours_col)
    assert list(ours["bound_by"]) == list(ref["bound_by"])

    data = table(raw(fixture, "roofline_model")[0])
    data = data[data["include_infeed_outfeed"] & (data["step"] == "Total")].reset_index(drop=True)
    roof = roofline(stats).table
    for ours_col, ref_col in (("flop_rate_gflops", "measured_flop_rate"), ("memory_bw_gibps", "measured_memory_bw"),
                              ("operational_intensity", "operational_intensity")):  # fmt: skip
        np.testing.assert_allclose(roof[ours_col], data[ref_col].astype(float), rtol=1e-4, atol=1e-6, err_msg=ours_col)
    assert list(roof["bound_by"]) == list(data["bound_by"])

    ref_nodes = op_profile_nodes(fixture, "byProgram").set_index("path")
    tree = with_paths(op_profile(stats, by="program", include_idle=True).tree).set_index("path")
    raw_tree = {}

    def walk(node: dict, path: str) -> None:
        raw_tree[path] = node["metrics"]
        for child in node.get("children", []):
            walk(child, f"{path} / {child['name']}" if path else child["name"])

    walk(raw(fixture, "op_profile")["byProgram"], "")
    root_time = float(raw_tree[""]["rawTime"])
    for path, metrics in raw_tree.items():
        fraction = float(metrics.get("rawTime", 0)) / root_time
        flops_util = metrics.get("flops", 0) / fraction if fraction > 0 else 0.0
        assert tree.loc[path, "flops"] == pytest.approx(float(metrics.get("rawFlops", 0)), rel=1e-4), path
        assert tree.loc[path, "flops_utilization_ratio"] == pytest.approx(flops_util, rel=1e-4, abs=1e-9), path
        hbm = metrics.get("bandwidthUtils", [0])[0]
        assert tree.loc[path, "hbm_bw_utilization_ratio"] == pytest.approx(hbm, rel=1e-4, abs=1e-9), path
    assert len(raw_tree) == len(ref_nodes)
