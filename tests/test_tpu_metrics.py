"""TPU overview metrics: duty cycle, the per-core step breakdown, utilisations, goodput, MXU counter.

The real TPU fixture (tests/fixtures/tpu_v6e, JAX inference on TPU v6e) has no steps, so the
training metrics are checked on a TPU profile built here with the planes, lines and stats the
fixture shows (``/device:TPU:N`` planes with peak and ``core_details`` stats; ``Steps``, ``XLA
Modules`` and ``XLA Ops`` lines; op metadata with ``hlo_category``, ``program_id``,
``symbol_id``, ``flops``, ``bytes_accessed``; events with ``device_offset_ps`` /
``device_duration_ps`` and, as XProf's preprocessing leaves them, ``group_id``), against values
worked out by hand from XProf's definitions (``op_stats_to_input_pipeline_analysis.cc``,
``profile_time_breakdown.h``, ``duty_cycle_tracker.cc``). Duty cycle is also checked against
XProf's output for the real fixture.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.proto.wire import fields

HERE = Path(__file__).parent
US = 1_000_000  # ps
DEVICE_CLOCK = 5 * US  # device_offset_ps = the event's offset + this (the device's own clock)
PEAK_TFLOPS, PEAK_HBM_GBPS = 918.0, 1638.0
STEPS = 3
STEP_US = 12  # a step every 12 us
# (name, category, start us, duration us, flops, bytes, all-reduce id?) per core, within each step
CORE_OPS = {
    0: [("infeed.1", "infeed", 0.0, 1.0), ("fusion.1", "convolution fusion", 1.0, 5.0),
        ("outfeed.1", "outfeed", 6.0, 0.5), ("all-reduce.1", "all-reduce", 6.5, 1.0),
        ("send-to-host.1", "host send", 7.5, 0.2)],
    1: [("infeed.1", "infeed", 0.0, 0.8), ("fusion.1", "convolution fusion", 0.8, 5.0),
        ("outfeed.1", "outfeed", 5.8, 0.3), ("all-reduce.1", "all-reduce", 6.1, 1.5)],
}  # fmt: skip
MARKER_US = {0: 10.0, 1: 9.0}  # each core's Steps event
FUSION_FLOPS, FUSION_BYTES = 10**9, 10**6
SC_MARKER_US, SC_OP_US = 8.0, 5.0


def core_details(chip: int, ordinal: int) -> bytes:
    """A serialized CoreDetails: device_ordinal (2), local_chip_id (4)."""
    return bytes([2 << 3, ordinal, 4 << 3, chip])


def tpu_training_profile(tmp_path: Path, sparse_core: bool = True) -> nbprof.Profile:
    b = XSpaceBuilder()
    host = b.plane("/host:CPU", plane_id=0)
    host.plane_stat("matrix_unit_utilization_percent", 41.5)
    host.line("main", line_id=1).event("train_loop", offset_ps=0, duration_ps=40 * US)
    for core in (0, 1):
        plane = b.plane(f"/device:TPU:{core}", plane_id=core + 1)
        plane.plane_stat("peak_teraflops_per_second", PEAK_TFLOPS)
        plane.plane_stat("peak_hbm_bw_gigabytes_per_second", PEAK_HBM_GBPS)
        plane.plane_stat("device_type_string", "TPU v4")
        plane.plane_stat("core_details", core_details(chip=0, ordinal=core))  # one chip, two TensorCores
        steps = plane.line("Steps", line_id=1)
        modules = plane.line("XLA Modules", line_id=2)
        ops = plane.line("XLA Ops", line_id=3)
        for step in range(STEPS):
            start = step * STEP_US * US
            length = int(MARKER_US[core] * US)
            timing = {"device_offset_ps": start + DEVICE_CLOCK, "device_duration_ps": length, "group_id": step}
            steps.event(str(step), offset_ps=start, duration_ps=length, stats=timing)
            modules.event("jit_train(7)", offset_ps=start, duration_ps=length, stats=timing)
            for symbol, (name, category, at, dur) in enumerate(CORE_OPS[core], start=1):
                begin, length = start + int(at * US), int(dur * US)
                stats = {"device_offset_ps": begin + DEVICE_CLOCK, "device_duration_ps": length, "group_id": step}
                if category == "all-reduce":
                    stats["all_reduce_unique_id"] = 100 + step
                fusion = name == "fusion.1"
                meta = {"hlo_category": category, "program_id": 7, "symbol_id": symbol,
                        "flops": FUSION_FLOPS if fusion else 0, "bytes_accessed": FUSION_BYTES if fusion else 0}  # fmt: skip
                ops.event(f"%{name} = f32[8] {name}()", display_name=name, offset_ps=begin, duration_ps=length,
                          stats=stats, metadata_stats=meta)  # fmt: skip
        if core == 0:  # a step that only core 0 marked: not a step of the TPU (XProf intersects the cores)
            steps.event("3", offset_ps=36 * US, duration_ps=10 * US,
                        stats={"device_offset_ps": 36 * US + DEVICE_CLOCK, "device_duration_ps": 10 * US,
                               "group_id": 3})  # fmt: skip
    if sparse_core:
        sc = b.plane("/device:TPU:0 SparseCore 0", plane_id=10)
        sc_steps, sc_ops = sc.line("SparseCore Steps", line_id=1), sc.line("SparseCore Ops", line_id=2)
        for step in range(STEPS):
            start = step * STEP_US * US
            sc_steps.event(str(step), offset_ps=start, duration_ps=int(SC_MARKER_US * US), stats={"group_id": step})
            sc_ops.event("sc.embedding", offset_ps=start, duration_ps=int(SC_OP_US * US), stats={"group_id": step},
                         metadata_stats={"hlo_category": "sparsecore op"})  # fmt: skip
    path = b.write(tmp_path, host="tpu_host")
    return nbprof.load(path)


@pytest.fixture(scope="module")
def tpu(tmp_path_factory) -> nbprof.Profile:
    return tpu_training_profile(tmp_path_factory.mktemp("tpu"))


# ---------------------------------------------------------------------- per core and per step, by hand
def test_per_core_breakdown(tpu):
    cores = tpu.op_stats().step_db.tpu.cores
    tc = cores[~cores["is_sparse_core"]].set_index(["step", "plane"])
    assert sorted(set(cores["step"])) == [0, 1, 2]  # step 3 ran on core 0 only
    c0, c1 = tc.loc[(1, "/device:TPU:0")], tc.loc[(1, "/device:TPU:1")]
    # A TensorCore step lasts as long as the step's longest marker on any core: 10 us on both.
    assert c0["duration_ps"] == c1["duration_ps"] == 10 * US
    assert c0["begin_ps"] == 12 * US + DEVICE_CLOCK  # device time
    assert (c0["infeed_ps"], c0["outfeed_ps"], c0["host_send_recv_ps"], c0["all_reduce_ps"]) == (
        1 * US, US // 2, US // 5, 1 * US)  # fmt: skip
    assert c0["op_time_ps"] == int(7.7 * US) and c0["idle_ps"] == int(2.3 * US)
    assert (c1["infeed_ps"], c1["outfeed_ps"], c1["all_reduce_ps"]) == (int(0.8 * US), int(0.3 * US), int(1.5 * US))
    assert c1["idle_ps"] == int(2.4 * US)
    assert c0["flops"] == FUSION_FLOPS and c0["hbm_bytes"] == FUSION_BYTES


def test_per_step_tpu_details(tpu):
    steps = tpu.op_stats().step_db.tpu.steps.set_index("step")
    assert list(steps.index) == [0, 1, 2]
    s = steps.loc[1]
    # compute: min over cores of step - (infeed + outfeed + host send/recv + idle): core 0 6.0, core 1 6.5
    assert s["tc_compute_ps"] == 6 * US
    assert s["tc_infeed_ps"] == 1 * US  # the largest infeed
    assert s["tc_outfeed_ps"] == int(0.4 * US)  # the cores' average outfeed
    assert s["host_transfer_ps"] == int(0.2 * US)  # the largest host send/recv
    # all-reduce 100+step: 1.0 us on core 0, 1.5 on core 1: compute 1.0 each, core 1 waits 0.5 more
    assert (s["all_reduce_compute_ps"], s["all_reduce_sync_ps"]) == (1 * US, US // 2)
    # idle: the shortest core step (10) - (6.0 + 1.0 + 1.0 + 0.5 + 0.4)
    assert s["tc_idle_ps"] == int(1.1 * US)
    assert s["step_time_ps"] == 10 * US
    assert (s["infeed_pct_avg"], s["infeed_pct_min"], s["infeed_pct_max"]) == pytest.approx((9.0, 8.0, 10.0))
    # SparseCore: step 8 us, busy 5 us
    assert (s["sc_step_time_ps"], s["sc_compute_ps"], s["sc_idle_ps"]) == (8 * US, 5 * US, 3 * US)
    assert (s["tensor_cores"], s["sparse_cores"]) == (2, 1)
    notes = tpu.op_stats().step_db.notes
    assert any("not run by every TPU core" in n for n in notes)


def test_steps_table_and_step_time_graph(tpu):
    steps = tpu.steps
    assert list(steps["step_name"]) == ["0", "1", "2"] and steps["in_analysis"].all()  # TPU keeps every step
    assert (steps["duration_ps"] == 10 * US).all()
    assert (steps["device_compute_ps"] == 6 * US).all() and (steps["input_ps"] == 1 * US).all()
    assert (steps["all_others_ps"] == int(1.1 * US)).all()
    ov = tpu.overview()
    graph = ov.step_time_graph
    assert {"tc_compute_ms", "scv0_compute_ms", "scv0_infeed_ms", "tc_infeed_ms", "tc_outfeed_ms", "tc_idle_ms",
            "host_transfer_ms", "sc_compute_ms", "sc_idle_ms"} <= set(graph.columns)  # fmt: skip
    assert graph["tc_compute_ms"].tolist() == pytest.approx([0.006] * 3)
    assert graph["tc_idle_ms"].tolist() == pytest.approx([0.0011] * 3)
    s = ov.summary
    assert s["step_time_ms_avg"] == pytest.approx(0.010)
    assert s["tc_compute_ms_avg"] == pytest.approx(0.006) and s["tc_infeed_ms_avg"] == pytest.approx(0.001)
    assert s["tc_outfeed_ms_avg"] == pytest.approx(0.0004) and s["host_transfer_ms_avg"] == pytest.approx(0.0002)
    assert s["sc_step_time_ms_avg"] == pytest.approx(0.008)
    assert s["input_pct_per_step_avg"] == pytest.approx(10.0)  # XProf's summary: each step's largest core share
    assert "device_compute_ms_avg" not in s  # the generic categories give way to the TPU ones


def test_tpu_bottleneck(tpu):
    """Shares of XProf's TPU step time: the parts (compute 6.0 + infeed 1.0 + all-reduce 1.5 + outfeed 0.4 us)
    plus idle 1.1 us = 10 us a step."""
    ip = tpu.input_pipeline()
    s = ip.summary
    assert s["input_pct"] == pytest.approx(100 * 1.0 / 10.0)
    assert s["output_pct"] == pytest.approx(100 * 0.4 / 10.0)
    assert s["tc_idle_pct"] == pytest.approx(100 * 1.1 / 10.0)
    assert s["compute_pct"] == pytest.approx(100 * (10.0 - 1.0 - 0.4 - 1.1) / 10.0)
    assert s["verdict"] == "moderate" and s["statement"].startswith("Your program is MODERATELY input-bound")
    assert s["tc_idle_bottleneck"] == "yes"
    assert list(ip.device_steps["tc_infeed_ms"]) == pytest.approx([0.001] * 3)
    assert tpu.overview().recommendation["verdict"] == "moderate"


# --------------------------------------------------------------------- duty cycle, utilisations, goodput
def test_duty_cycle(tpu):
    """Chip 0 (both TensorCores): span 0..34 us, busy = union of its non-off-duty ops (fusion, all-reduce):
    per step [0.8, 6.0) + [6.1, 7.6) = 6.7 us. The SparseCore plane has no core_details: a chip of its own,
    span 0..29 us, busy 3 x 5 us."""
    duty = tpu.op_stats().duty_cycle
    chips = duty.chips.set_index("chip")
    assert chips.loc["chip 0", "span_ps"] == 34 * US
    assert chips.loc["chip 0", "busy_ps"] == pytest.approx(3 * 6.7 * US)
    sc = chips.loc["/device:TPU:0 SparseCore 0"]
    assert (sc["span_ps"], sc["busy_ps"]) == (29 * US, 15 * US)
    busy, idle = 3 * 6.7 + 15, (34 - 3 * 6.7) + (29 - 15)
    assert tpu.overview().summary["device_duty_cycle_pct"] == pytest.approx(100 * busy / (busy + idle))


def test_utilisations_over_the_steps(tpu):
    """6 fusions of 1 GFLOP and 1 MB in 2 cores x 3 steps x 10 us."""
    s = tpu.overview().summary
    seconds = 2 * 3 * 10e-6
    flop_rate = 6 * FUSION_FLOPS / seconds
    assert s["flops_utilization_pct"] == pytest.approx(100 * flop_rate / (PEAK_TFLOPS * 1e12))
    assert s["memory_bw_utilization_pct"] == pytest.approx(100 * 6 * FUSION_BYTES / seconds / (PEAK_HBM_GBPS * 1e9))
    # intensity 1000 FLOP/byte is past the ridge: the roofline is the peak FLOP rate
    assert s["flop_rate_utilization_relative_to_roofline_pct"] == pytest.approx(s["flops_utilization_pct"])
    assert s["mxu_utilization_pct"] == 41.5  # the hardware counter the host plane states


def test_program_goodput(tpu):
    """The fusions at the roofline take 6 GFLOP / 918 TFLOP/s; the TensorCores spent 46 us (core 0: 0..46,
    the unmatched step marker included) + 33 us (core 1)."""
    s = tpu.overview().summary
    ideal = max(6 * FUSION_FLOPS / (PEAK_TFLOPS * 1e12), 6 * FUSION_BYTES / (PEAK_HBM_GBPS * 1e9))
    assert tpu.op_stats().device_ops.total_time_ps == (46 + 33) * US
    assert s["program_goodput_pct"] == pytest.approx(100 * ideal / 79e-6)


def test_without_group_ids_steps_pair_by_order(tmp_path):
    """Steps events without group_id (a profile XProf's preprocessing has not grouped): nbprof pairs the
    cores' steps by order and says so; XProf finds no steps there."""
    from xspace_builder import XSpaceBuilder as B

    b = B()
    b.plane("/host:CPU").line("main").event("x", offset_ps=0, duration_ps=US)
    for core in (0, 1):
        plane = b.plane(f"/device:TPU:{core}", plane_id=core + 1)
        plane.plane_stat("peak_teraflops_per_second", PEAK_TFLOPS)
        steps, ops = plane.line("Steps", line_id=1), plane.line("XLA Ops", line_id=3)
        for step in range(2):
            start = step * 10 * US
            steps.event(f"{step}", offset_ps=start, duration_ps=8 * US)
            ops.event("fusion.1", offset_ps=start, duration_ps=6 * US,
                      metadata_stats={"hlo_category": "loop fusion", "program_id": 1, "symbol_id": 1})  # fmt: skip
    prof = nbprof.load(b.write(tmp_path))
    tpu = prof.op_stats().step_db.tpu
    assert len(tpu.steps) == 2 and (tpu.steps["tc_compute_ps"] == 6 * US).all()
    assert any("paired by their order" in n for n in prof.op_stats().step_db.notes)


# ------------------------------------------------------------------------------------------ real fixture
def xprof_summary(fixture: str) -> dict:
    """The properties of XProf's overview summary table (tests/reference: trimmed, by table name)."""
    return json.loads((HERE / "reference" / fixture / "overview_page.json").read_text())["top_ops"]["p"]


@functools.cache
def v6e() -> nbprof.Profile:
    return nbprof.load(HERE / "fixtures" / "tpu_v6e")


def test_duty_cycle_matches_xprof_on_tpu_v6e():
    p = xprof_summary("tpu_v6e")
    s = v6e().overview().summary
    assert s["device_duty_cycle_pct"] == pytest.approx(float(p["device_duty_cycle_percent"].rstrip("%")), abs=0.05)
    # XProf's "high confidence" idle time is the chips' idle time
    assert s["device_idle_time_high_confidence_ms"] * 1e9 == pytest.approx(float(p["idle_time_high_confidence_ps"]),
                                                                           rel=1e-5)  # fmt: skip
    assert s["mxu_utilization_pct"] == float(p["mxu_utilization_percent"].rstrip("%")) == 0.0
    chips = v6e().op_stats().duty_cycle.chips
    assert len(chips) == 4  # one TensorCore per v6e chip (core_details local_chip_id 0..3)


def test_core_details_parse_the_real_planes():
    from nbprof.opstats.duty_cycle import local_chip_id

    planes = v6e().planes
    tpu = planes[planes["name"].str.startswith("/device:TPU:")]
    chips = [local_chip_id(b) for b in tpu["core_details"]]
    assert sorted(chips) == [0, 1, 2, 3]
    # the proto's own reading of field 4 agrees
    assert [dict(fields(b)).get(4, 0) for b in tpu["core_details"]] == chips


def test_utilisations_where_xprof_shows_zero_on_tpu_v6e():
    """XProf 2.24.2 prints 0.0% for FLOPS and memory-bandwidth utilisation (it lacks the performance limits);
    nbprof computes them from the ops' costs over the device time (no steps here: the whole profile)."""
    p = xprof_summary("tpu_v6e")
    assert p["flop_rate_utilization_relative_to_roofline"] == p["memory_bw_utilization_relative_to_hw_limit"] == "0.0%"
    stats = v6e().op_stats()
    s = v6e().overview().summary
    ops = stats.xla_ops.ops
    seconds = stats.xla_ops.total_time_ps / 1e12
    flops = ops.loc[~ops["category"].isin(["call", "while", "conditional"]), "flops"].sum()
    assert s["flops_utilization_pct"] == pytest.approx(100 * flops / seconds / (918e12))
    assert 0 < s["memory_bw_utilization_pct"] < 100 and 0 < s["program_goodput_pct"] < 100


def test_duty_cycle_pair_ids_and_texts_match_their_definitions():
    import numpy as np
    import pandas as pd

    from nbprof.opstats import duty_cycle
    from nbprof.opstats import event_columns as ec

    rng = np.random.default_rng(3)
    for n in (0, 1, 9, 400):
        first, second = rng.integers(0, 4, n), rng.integers(0, 6, n)
        ids, count = duty_cycle._pair_ids(first, second)
        expected, expected_count = ec.group_ids(first, second)
        assert ids.tolist() == expected.tolist() and count == expected_count
    planes = v6e().op_stats().frames.planes
    for name in ("host", "name"):
        assert duty_cycle._texts(planes[name]) == planes[name].astype(str).tolist()
    with_missing = pd.Series(pd.Categorical(["a", None, "b"]))
    texts = duty_cycle._texts(with_missing)
    assert texts[::2] == ["a", "b"] and pd.isna(texts[1])
    if int(pd.__version__.split(".")[0]) >= 3:  # pandas 2's astype(str) writes a missing value as "nan"
        assert pd.isna(with_missing.astype(str).tolist()[1])


def test_no_duty_cycle_without_tpu_planes_or_tpu_ops(tpu):
    """A profile without TPU planes (GPU) or without ops on its TPU planes: zero busy and idle time, a
    chip table with the columns and no rows."""
    from nbprof.opstats.duty_cycle import CHIP_COLUMNS, build_duty_cycle

    frames = tpu.op_stats().frames
    without_ops = frames.events[frames.events["line"].astype(str).str.startswith("Steps")]
    gpu = nbprof.load(HERE / "fixtures" / "gpu_v100").op_stats().frames
    for source in (gpu, type("NoOps", (), {"planes": frames.planes, "events": without_ops})()):
        duty = build_duty_cycle(source)
        assert (duty.busy_ps, duty.idle_ps, duty.duty_cycle_pct) == (0, 0, None)
        assert duty.chips.columns.tolist() == CHIP_COLUMNS and len(duty.chips) == 0
