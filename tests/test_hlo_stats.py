"""HLO op stats (``prof.hlo_stats()``) against XProf 2.24.2's ``hlo_stats`` tool.

References: tests/reference/<fixture>/hlo_stats.json (the AMD MI300X GEMM and convolution
profiles, the TPU v6e inference profile: every row XProf lists) and the ``raw/`` outputs of the
CPU fixtures, where XProf lists nothing. GPU comparisons use XProf's cost gaps
(``match_xprof=True``: the legacy ``__cublas$gemm`` calls unpriced); nbprof's default prices
those, checked against hand-computed values in test_gpu_costs.py.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import NVIDIA_XLA_OPS_FIXTURES, xprof_output_path
from test_gpu_costs import XprofCostOpStats
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.tools.hlo_stats import COLUMNS, hlo_stats
from nbprof.tools.registry import TOOLS

HERE = Path(__file__).parent
DEVICE_FIXTURES = ["amd_mi300x_gemm", "amd_mi300x_conv", "tpu_v6e", *NVIDIA_XLA_OPS_FIXTURES]
CPU_FIXTURES = ["flax_cnn_train", "torch_xla_train", "tf_keras2_fit"]
RTOL = 0.01
TIME_RTOL = 0.005


@functools.cache
def load(fixture: str) -> nbprof.Profile:
    return nbprof.load(HERE / "fixtures" / fixture)


def reference(fixture: str, raw: bool = False) -> pd.DataFrame:
    path = xprof_output_path(fixture, "hlo_stats") if raw else HERE / "reference" / fixture / "hlo_stats.json"
    if not path.exists():  # references kept verbatim only (raw/)
        path = xprof_output_path(fixture, "hlo_stats")
    data = json.loads(path.read_text())
    return pd.DataFrame(
        [[c.get("v") if c else None for c in r["c"]] for r in data["rows"]], columns=[c["id"] for c in data["cols"]]
    )


def ours_for(fixture: str) -> pd.DataFrame:
    if fixture.startswith("amd"):
        stats = XprofCostOpStats(load(fixture))
    elif fixture in NVIDIA_XLA_OPS_FIXTURES:  # XProf drops kernels without HLO (command buffers)
        stats = XprofCostOpStats(load(fixture), keep_ops_without_hlo=False)
    else:
        stats = load(fixture).op_stats()
    return hlo_stats(stats).table


def source_text(cell: str) -> tuple[str, str]:
    """(top line, stack) of XProf's HTML source cell, as text."""
    if not cell:
        return "", ""
    m = re.match(r"<div class='source-info-cell' title='(.*)'>(.*)</div>$", cell, re.S)
    assert m, cell
    return html.unescape(m.group(2)), html.unescape(m.group(1))


@pytest.mark.parametrize("fixture", DEVICE_FIXTURES)
def test_rows_match_xprof(fixture):
    ref = reference(fixture)
    ours = ours_for(fixture)
    assert len(ref) >= 4 and len(ours) == len(ref)
    assert list(zip(ours["program_id"].astype(str), ours["hlo_op_name"])) == list(
        zip(ref["program_id"], ref["hlo_op_name"])
    )
    assert list(ours["rank"]) == [int(r) for r in ref["rank"]]
    for col in ("category", "hlo_op_expression", "tf_op_name", "bound_by", "core_type", "parent_op_name"):
        assert list(ours[col]) == list(ref[col]), col
    assert list(ours["occurrences"]) == [int(v) for v in ref["occurrences"]]
    for ours_col, ref_col in (("total_time_us", "total_time"), ("avg_time_us", "avg_time"),
                              ("total_self_time_us", "total_self_time"), ("avg_self_time_us", "avg_self_time")):  # fmt: skip
        np.testing.assert_allclose(ours[ours_col], ref[ref_col].astype(float), rtol=TIME_RTOL, err_msg=ours_col)
    for ours_col, ref_col in (("total_self_time_pct", "total_self_time_percent"),
                              ("cumulative_total_self_time_pct", "cumulative_total_self_time_percent")):  # fmt: skip
        np.testing.assert_allclose(ours[ours_col], ref[ref_col].astype(float), rtol=TIME_RTOL, atol=1e-9)
    for ours_col, ref_col in (("model_flop_rate_gflops", "model_flop_rate"),
                              ("normalized_flop_rate_gflops", "normalized_flop_rate"),
                              ("measured_memory_bw_gibps", "measured_memory_bw"), ("hbm_bw_gibps", "hbm_bw"),
                              ("operational_intensity", "operational_intensity")):  # fmt: skip
        np.testing.assert_allclose(ours[ours_col], ref[ref_col].astype(float), rtol=RTOL, atol=1e-9, err_msg=ours_col)
    for ours_col, ref_col in (("is_rematerialization", "hlo_rematerialization"),
                              ("is_outside_compilation", "outside_compilation"), ("is_autotuned", "autotuned")):  # fmt: skip
        assert list(ours[ours_col]) == [v == "Yes" for v in ref[ref_col]], ours_col
    # TPU-only counters an open-source profile does not carry: 0 in XProf's output too
    for ours_col, ref_col in (("dma_stall_pct", "dma_stall_percent"), ("cmem_read_bw_gibps", "cmem_read_bw"),
                              ("cmem_write_bw_gibps", "cmem_write_bw"), ("vdd_energy_j", "vdd_energy")):  # fmt: skip
        assert (ref[ref_col].astype(float) == 0).all() and (ours[ours_col] == 0).all(), ours_col
    # Source info: XProf's HTML cell, nbprof's text columns.
    for (top, stack), file, line, ours_stack in zip(
        map(source_text, ref["source_info"]), ours["source_file"], ours["source_line"], ours["source_stack"]
    ):
        assert top == (f"{file}:{line}" if file else "")
        assert stack == ours_stack


@pytest.mark.parametrize("fixture", DEVICE_FIXTURES)
def test_result_contract(fixture):
    result = load(fixture).hlo_stats()
    assert result.tool == "hlo_stats" and TOOLS["hlo_stats"].method == "hlo_stats"
    assert list(result.table.columns) == COLUMNS and result.source == "device"
    assert result.to_frames() == {"table": result.table}
    text = result.summary_text()
    assert text.startswith("HLO op stats (") and result.table["hlo_op_name"].iloc[0] in text
    # Every op of the device op db but IDLE, ordered by self time, shares of the device time
    db = load(fixture).op_stats().xla_ops
    assert len(result.table) == len(db.ops)
    assert result.table["total_self_time_ps"].is_monotonic_decreasing
    assert result.table["total_self_time_pct"].sum() == pytest.approx(
        100 * db.ops["self_time_ps"].sum() / db.total_time_ps
    )


def test_legacy_gemms_priced_by_default():
    ref = reference("amd_mi300x_gemm")
    ours = load("amd_mi300x_gemm").hlo_stats().table
    legacy = ours["hlo_op_expression"].str.contains("__cublas$gemm", regex=False)
    assert legacy.sum() == 5
    assert (ref.loc[ref["hlo_op_expression"].str.contains("__cublas$gemm", regex=False), "model_flop_rate"] == 0).all()
    assert (ours.loc[legacy, "normalized_flop_rate_gflops"] > 1e5).all() and (
        ours.loc[legacy, "bound_by"] == "Compute"
    ).all()
    assert (ours.loc[~legacy, "normalized_flop_rate_gflops"].to_numpy() == ours_for("amd_mi300x_gemm").loc[
        ~legacy.to_numpy(), "normalized_flop_rate_gflops"].to_numpy()).all()  # fmt: skip


@pytest.mark.parametrize("fixture", CPU_FIXTURES)
def test_cpu_profiles_list_xla_cpu_ops(fixture):
    """XProf lists nothing without a device; nbprof lists the XLA CPU ops of JAX / PyTorch-XLA (none for TF)."""
    assert reference(fixture, raw=True).empty
    prof = load(fixture)
    result = prof.hlo_stats()
    cpu = prof.op_stats().xla_cpu_op_db
    if len(cpu) == 0:
        assert result.source == "none" and result.table.empty
        return
    assert result.source == "host" and len(result.table) == len(cpu)
    assert result.table["total_self_time_pct"].sum() == pytest.approx(100.0)
    assert (result.table["bound_by"] == "Unknown").all()
    assert any("XProf's hlo_stats is empty" in n for n in result.notes)


def test_rematerialisation_and_outside_compilation(tmp_path):
    """The flags read the instruction's name and the framework op, as XProf (a TPU profile built here)."""
    b = XSpaceBuilder()
    b.plane("/host:CPU").line("main").event("x", offset_ps=0, duration_ps=10)
    tpu = b.plane("/device:TPU:0", plane_id=1)
    tpu.plane_stat("peak_teraflops_per_second", 100.0)
    ops = tpu.line("XLA Ops", line_id=3)
    events = [
        ("fusion.3.remat", "%fusion.3.remat = f32[8] fusion(f32[8] %p), kind=kLoop", "jit(f)/mul:", 500),
        ("dot.1", "%dot.1 = f32[8] dot(f32[8] %a, f32[8] %b)", "jit(f)/rematted_computation/dot_general:", 400),
        ("send-done.2", "%send-done.2 = token[] send-done(%send.2), is_host_transfer=true", "", 300),
        ("recv.1", "%recv.1 = (f32[8], token[]) recv(token[] %t)", "cb/XlaRecvFromHost:XlaRecvFromHost", 200),
        ("add.1", "%add.1 = f32[8] add(f32[8] %a, f32[8] %b)", "jit(f)/add:", 100),
    ]
    at = 0
    for symbol, (name, text, tf_op, dur) in enumerate(events, start=1):
        meta = {"hlo_category": "non-fusion elementwise", "program_id": 1, "symbol_id": symbol, "tf_op": tf_op}
        ops.event(text, display_name=name, offset_ps=at, duration_ps=dur, metadata_stats=meta)
        at += dur
    table = nbprof.load(b.write(tmp_path)).hlo_stats().table.set_index("hlo_op_name")
    assert list(table.index) == ["fusion.3.remat", "dot.1", "send-done.2", "recv.1", "add.1"]
    assert list(table["is_rematerialization"]) == [True, True, False, False, False]
    assert list(table["is_outside_compilation"]) == [False, False, True, True, False]
    assert (table["core_type"] == "TensorCore").all()
