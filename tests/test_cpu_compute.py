"""XLA CPU op time inside a step counts as compute (nbprof), not as "All others" (XProf).

JAX and PyTorch/XLA on CPU run XLA's compiled ops on host threads that no step group reaches, so
XProf files that time under "All others" and calls a plain jit training loop "POTENTIALLY
input-bound". nbprof keeps XProf's breakdown and verdict (``all_others_ps``, ``*_xprof``) and
shows its own beside them: ``xla_cpu_compute_ps`` is the time in a step when only XLA CPU ops ran,
taken out of "all others" in the overview, the input-pipeline analysis and their verdicts.
"""

from __future__ import annotations

import functools
import json
import pathlib

import numpy as np
import pandas as pd
import pytest
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.opstats.event_columns import union_lengths

HERE = pathlib.Path(__file__).parent
US = 1_000_000
JAX_CPU = ["jax_mlp_train", "jax_mlp_train_pytrace", "flax_cnn_train", "torch_xla_train"]


@functools.cache
def load(name: str) -> nbprof.Profile:
    return nbprof.load(HERE / "fixtures" / name)


def xprof_conclusion(name: str) -> str:
    return json.loads((HERE / "reference" / name / "input_pipeline_analyzer.json").read_text())["steps"]["p"][
        "input_conclusion"
    ]


def jit_loop(tmp_path: pathlib.Path, op_spans_us: list[tuple[int, int]]) -> nbprof.Profile:
    """Three 10 ms steps (``train``, ``_r=1``): 1 ms of Python dispatch on the main thread, then XLA CPU
    ops (``hlo_op``/``hlo_module`` stats) on a worker thread at ``op_spans_us`` within each step."""
    b = XSpaceBuilder()
    plane = b.plane("/host:CPU", plane_id=1)
    main = plane.line("python", line_id=1, timestamp_ns=1000)
    worker = plane.line("tf_XLAEigen", line_id=2, timestamp_ns=1000)
    for k in range(3):
        t = k * 20_000
        main.event("train", offset_ps=t * US, duration_ps=10_000 * US, stats={"_r": 1, "step_num": k})
        main.event("PjitFunction(step)", offset_ps=t * US, duration_ps=1_000 * US)
        for i, (start, dur) in enumerate(op_spans_us):
            worker.event(f"fusion.{i}", offset_ps=(t + start) * US, duration_ps=dur * US,
                         stats={"hlo_op": f"fusion.{i}", "hlo_module": "jit_step", "program_id": 3})  # fmt: skip
    b.write(tmp_path)
    return nbprof.load(tmp_path)


def test_a_jit_loop_is_not_input_bound(tmp_path):
    """XLA ops 1.0..5.0 and 5.1..9.9 ms: XProf sees 90 % all others; nbprof 8.8 ms of XLA compute."""
    prof = jit_loop(tmp_path, [(1_000, 4_000), (5_100, 4_800)])
    steps = prof.steps
    assert steps["host_compute_ps"].tolist() == [1_000 * US] * 3
    assert steps["all_others_ps"].tolist() == [9_000 * US] * 3  # XProf's
    assert steps["xla_cpu_compute_ps"].tolist() == [8_800 * US] * 3
    s = prof.input_pipeline().summary
    assert s["verdict_xprof"] == "potential" and s["all_others_pct_xprof"] == pytest.approx(90.0)
    assert s["statement_xprof"].startswith("Your program is POTENTIALLY input-bound because 90.0%")
    assert s["verdict"] == "none" and s["all_others_pct"] == pytest.approx(2.0)
    assert s["xla_cpu_compute_pct"] == pytest.approx(88.0)
    assert s["statement"].startswith("Your program is NOT input-bound") and "88.0%" in s["statement"]
    assert s["input_pct"] == s["input_pct_xprof"] == 0.0
    ov = prof.overview()
    assert ov.recommendation["verdict"] == "none" and ov.recommendation["verdict_xprof"] == "potential"
    assert ov.summary["xla_cpu_compute_ms_avg"] == pytest.approx(8.8)
    assert ov.summary["all_others_ms_avg"] == pytest.approx(0.2)
    assert ov.summary["all_others_ms_avg_xprof"] == pytest.approx(9.0)
    graph = ov.step_time_graph
    assert graph["xla_cpu_compute_ms"].tolist() == pytest.approx([8.8] * 3)
    assert (graph["host_compute_ms"] + graph["xla_cpu_compute_ms"] + graph["all_others_ms"]).tolist() == pytest.approx(
        graph["step_time_ms"].tolist()
    )


def test_xla_ops_under_other_events_and_outside_steps(tmp_path):
    """Only time no XProf event type covers counts (an op overlapping the dispatch adds its rest), and ops
    outside every step count nowhere."""
    prof = jit_loop(tmp_path, [(500, 2_000), (10_500, 3_000)])  # the second starts after the step ends
    steps = prof.steps
    assert steps["xla_cpu_compute_ps"].tolist() == [1_500 * US] * 3
    assert steps["all_others_ps"].tolist() == [9_000 * US] * 3


@pytest.mark.parametrize("name", JAX_CPU)
def test_real_jax_cpu_profiles(name):
    prof = load(name)
    steps = prof.steps
    ip = prof.input_pipeline().summary
    # XProf's own verdict and sentence are kept beside nbprof's
    assert ip["statement_xprof"] == xprof_conclusion(name)
    assert ip["input_pct_xprof"] == ip["input_pct"]
    # (PyTorch/XLA runs a step's ops after its marker ends, mostly between steps: fewer of its steps have any)
    assert (steps["xla_cpu_compute_ps"] > 0).any() and (steps["xla_cpu_compute_ps"] <= steps["all_others_ps"]).all()
    analysed = steps[steps["in_analysis"]]
    total = analysed["duration_ps"].sum()
    assert ip["all_others_pct_xprof"] == pytest.approx(100 * analysed["all_others_ps"].sum() / total)
    assert ip["all_others_pct"] == pytest.approx(
        100 * (analysed["all_others_ps"] - analysed["xla_cpu_compute_ps"]).sum() / total
    )
    # At most the time the XLA ops on host threads cover in the step
    ev = prof.events
    xla = ev[ev["hlo_op"].notna() & (ev["duration_ps"] > 0)]
    for step in analysed[analysed["xla_cpu_compute_ps"] > 0].head(3).itertuples():
        lo, hi = step.start_ps, step.start_ps + step.duration_ps
        inside = xla[(xla["start_ps"] >= lo) & (xla["start_ps"] < hi)]
        covered = union_lengths(
            np.zeros(len(inside), np.int64),
            inside["start_ps"].to_numpy(),
            np.minimum(inside["end_ps"].to_numpy(), hi),
            1,
        )
        assert 0 < step.xla_cpu_compute_ps <= int(covered[0])


def test_tf_profiles_unchanged():
    """TensorFlow on CPU runs no XLA CPU ops: nbprof's verdict is XProf's."""
    for name in ("tf_keras2_fit", "tf_keras2_input_bound", "tf_custom_loop"):
        s = load(name).input_pipeline().summary
        assert (load(name).steps["xla_cpu_compute_ps"] == 0).all()
        assert s["verdict"] == s["verdict_xprof"] and s["statement"] == s["statement_xprof"] == xprof_conclusion(name)


@pytest.mark.parametrize("name", ["torch_xla_train", "jax_mlp_train", "jax_two_hosts"])
def test_xla_cpu_hlo_details_from_rows_equal_the_frames(load_fixture, name) -> None:
    from nbprof.opstats import xla_cpu_ops

    prof = load_fixture(name)
    ops = prof.op_stats(host=prof.op_stats().hosts[0]).xla_cpu_op_db
    index = prof.op_stats(host=prof.op_stats().hosts[0]).hlo_index
    pids = np.r_[ops["program_id"].to_numpy(np.uint64), np.uint64(987654)]
    names = np.r_[ops["name"].to_numpy(object), np.array(["no such op"], object)]
    fast, found = xla_cpu_ops._hlo_details(index, pids, names)
    slow, found_too = xla_cpu_ops._hlo_details_of_frame(index, pids, names)
    assert found.tolist() == found_too.tolist() and found[:-1].any() and not found[-1]
    assert fast.keys() == slow.keys()
    for column in xla_cpu_ops._HLO_TEXT:
        assert fast[column].tolist() == slow[column].tolist(), column
    pd.testing.assert_extension_array_equal(fast["source_line"], slow["source_line"])


def test_xla_cpu_categories_guess_only_the_ops_not_found() -> None:
    """An op found in the HLO keeps its instruction's category; the others get ``category_from_name``'s
    guess, as a guess for every op selected by the mask gives."""
    from nbprof.opstats import xla_cpu_ops
    from nbprof.opstats.device_ops import category_from_name

    names = np.array(["multiply_add_fusion.3", "dot.2", "wrapped_reduce", "command_buffer_10", "dot.2"], object)
    hlo = np.array(["convolution", "", "reduce", "", "matmul"], object)
    for found in ([True] * 5, [False] * 5, [True, False, True, False, True], [False, True, False, True, False]):
        mask = np.array(found)
        expected = np.where(mask, hlo, category_from_name(names))
        assert xla_cpu_ops._categories(hlo, mask, names).tolist() == expected.tolist()


@pytest.mark.parametrize("top", [7, 2**53, 2**53 + 1, 2**62 + 12345])
def test_xla_cpu_source_lines_equal_the_float64_conversion(top) -> None:
    """``Int64`` source lines from values and mask equal pandas' conversion through float64 (large lines
    are rounded there, as the frame's), data under the mask included."""
    from nbprof.opstats import xla_cpu_ops

    line = np.array([0, 3, -1, top, 5, top - 1], np.int64)
    for keep in (line >= 0, np.zeros(len(line), bool), np.array([True, False, False, True, False, True])):
        found = xla_cpu_ops._source_lines(line, keep)
        expected = pd.array(np.where(keep, line, np.nan), dtype="Int64")
        pd.testing.assert_extension_array_equal(found, expected)
        assert found._data.tolist() == expected._data.tolist() and found._mask.tolist() == expected._mask.tolist()


def test_xla_cpu_int64_taken_equals_pandas_conversion() -> None:
    """Source lines taken in the db's order: an ``Int64`` array as it is, anything else converted first."""
    from nbprof.opstats import xla_cpu_ops

    order = np.array([2, 0, 1, 2])
    for values in (pd.array([5, None, 7], dtype="Int64"), np.array([5.0, np.nan, 7.0]), np.array([1, 2, 3])):
        expected = pd.array(values, dtype="Int64").take(order)
        pd.testing.assert_extension_array_equal(xla_cpu_ops._int64_taken(values, order), expected)


@pytest.mark.parametrize("name", ["torch_xla_train", "jax_two_hosts"])
def test_xla_cpu_program_ids_are_uint64_arrays_without_missing_values(load_fixture, name) -> None:
    ops = load_fixture(name).op_stats().xla_cpu_op_db
    ids = ops["program_id"].array
    assert isinstance(ids.dtype, pd.UInt64Dtype) and not ids.isna().any()
    pd.testing.assert_extension_array_equal(ids, pd.array(ids.to_numpy(np.uint64), dtype="UInt64"))
