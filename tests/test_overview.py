"""prof.overview() against XProf 2.24's overview page for every fixture.

References: tests/reference/<fixture>/overview_page.json (scripts/copy_reference_analysis1.py).
Tolerances (issue 5): average step time and breakdown within 0.5% of the step time, top-10
ops same ops in the same order, input percentage within 0.5 points.
"""

from __future__ import annotations

import functools
import json
import pathlib

import pytest
from fixture_paths import load_fixture, xprof_op_stats
from xspace_builder import xla_cpu_programs

import nbprof
from nbprof.tools.overview import overview

REFERENCE = pathlib.Path(__file__).parent / "reference"
FIXTURES = pathlib.Path(__file__).parent / "fixtures"
ALL = [
    "jax_mlp_train",
    "jax_mlp_train_pytrace",
    "tf_custom_loop",
    "tf_cpu_bfc_memory",
    "tf_keras_fit",
    "gpu_v100",
    "tpu_v6e",
    "tf_keras2_fit",
    "tf_keras2_input_bound",
    "flax_cnn_train",
    "torch_xla_train",
    "jax_gpu_train",
    "flax_cnn_gpu",
    "jax_gpu_kernels",
]
# XProf's step-time-graph averages (ms, rounded to 0.1 in its table properties)
AVERAGE_KEYS = {
    "device_compute": "device_compute_time_ms_avg",
    "device_to_device": "device_to_device_time_ms_avg",
    "device_collectives": "device_collectives_time_ms_avg",
    "host_compute": "host_compute_time_ms_avg",
    "kernel_launch": "kernel_launch_time_ms_avg",
    "input": "infeed_time_ms_avg",
    "output": "outfeed_time_ms_avg",
    "compile": "compile_time_ms_avg",
    "all_others": "other_time_ms_avg",
}
GRAPH_COLUMNS = {
    "device_compute": "deviceComputeTimeMs",
    "device_to_device": "deviceToDeviceTimeMs",
    "device_collectives": "deviceCollectivesTimeMs",
    "host_compute": "hostComputeTimeMs",
    "kernel_launch": "kernelLaunchTimeMs",
    "input": "infeedTimeMs",
    "output": "outfeedTimeMs",
    "compile": "compileTimeMs",
    "all_others": "otherTimeMs",
}


@functools.cache
def result(name: str):
    return overview(xprof_op_stats(name))  # GPU kernels without HLO dropped, as XProf


def reference(name: str) -> dict:
    return json.loads((REFERENCE / name / "overview_page.json").read_text())


@pytest.mark.parametrize("name", ALL)
def test_step_time_summary(name: str) -> None:
    ours, ref = result(name).summary, reference(name)["step_time_graph"]
    rows = ref["rows"]
    assert ours["num_steps"] == len(rows)
    if not rows:
        assert result(name).recommendation["verdict"] == "unknown"
        return
    cols = ref["cols"]
    times = [r[cols.index("stepTimeMs")] for r in rows]
    avg = sum(times) / len(times)
    assert ours["step_time_ms_avg"] == pytest.approx(avg, rel=0.005)
    assert ours["step_time_ms_min"] == pytest.approx(min(times), rel=1e-3)
    assert ours["step_time_ms_max"] == pytest.approx(max(times), rel=1e-3)
    assert round(ours["step_time_ms_std"], 1) == pytest.approx(
        float(ref["p"]["steptime_ms_standard_deviation"]), abs=0.051
    )


@pytest.mark.parametrize("name", ALL)
def test_step_time_graph_matches_xprof(name: str) -> None:
    graph, ref = result(name).step_time_graph, reference(name)["step_time_graph"]
    cols = ref["cols"]
    if "stepTimeMs" not in cols:  # TPU layout, no steps here
        assert graph.empty and not ref["rows"]
        return
    assert [str(s) for s in graph["step_name"]] == [str(r[0]) for r in ref["rows"]]
    for (_, ours), row in zip(graph.iterrows(), ref["rows"]):
        step = row[cols.index("stepTimeMs")]
        assert ours["step_time_ms"] == pytest.approx(step, rel=1e-3)
        for cat, col in GRAPH_COLUMNS.items():
            # nbprof shows the time only XLA CPU ops covered as its own part; XProf has it in "all others"
            value = ours[f"{cat}_ms"] + (ours["xla_cpu_compute_ms"] if cat == "all_others" else 0.0)
            assert abs(value - row[cols.index(col)]) <= 0.005 * step, (name, ours["step_name"], cat)


@pytest.mark.parametrize("name", ALL)
def test_breakdown_averages(name: str) -> None:
    ours, p = result(name).summary, reference(name)["step_time_graph"]["p"]
    if "device_compute_time_ms_avg" not in p:
        return
    avg = float(p["steptime_ms_average"])
    for cat, key in AVERAGE_KEYS.items():
        # XProf rounds to 0.1 ms; allow that rounding plus 0.5% of the step time
        ours_key = "all_others_ms_avg_xprof" if cat == "all_others" else f"{cat}_ms_avg"
        assert abs(ours[ours_key] - float(p[key])) <= 0.05 + 0.005 * avg, cat
    assert ours["all_others_ms_avg"] + ours["xla_cpu_compute_ms_avg"] == pytest.approx(ours["all_others_ms_avg_xprof"])


@pytest.mark.parametrize("name", ALL)
def test_input_percent_and_recommendation(name: str) -> None:
    res, ref = result(name), reference(name)
    statement = ref["recommendation"]["p"]["statement"]
    assert res.recommendation["text_xprof"] == statement
    assert res.recommendation["bottleneck_xprof"] == ref["recommendation"]["p"]["bottleneck"]
    if "HIGHLY" in statement or "MODERATELY" in statement or "NOT input" in statement:
        pct = float(statement.split("because ")[1].split("%")[0].replace("only ", ""))
        assert res.summary["input_pct_xprof"] == pytest.approx(pct, abs=0.5 + 0.05)
    if res.summary.get("xla_cpu_compute_pct", 0.0) == 0.0:  # no XLA CPU op in the steps: nbprof says what XProf says
        assert res.recommendation["text"] == statement
        assert res.recommendation["bottleneck"] == ref["recommendation"]["p"]["bottleneck"]


@pytest.mark.parametrize("name", ALL)
def test_run_environment(name: str) -> None:
    ours, p = result(name).summary, reference(name)["run_environment"]["p"]
    assert ours["device_type"] == p["device_type"]
    assert ours["host_count"] == int(p["host_count"])
    assert ours["device_core_count"] == int(p["device_core_count"])


@pytest.mark.parametrize("name", ALL)
def test_top_ops(name: str) -> None:
    res, ref = result(name), reference(name)["top_ops"]
    top = res.top_ops
    if not ref["rows"]:
        # XProf lists device ops only; without device framework ops we list host ops instead
        # (host framework ops, else the XLA CPU ops: see test_cpu_only_jax_top_ops_are_the_xla_cpu_ops)
        assert top.empty or top["side"].str.startswith("Host").all()
        return
    cols = ref["cols"]
    assert top["name"].tolist() == [r[cols.index("operation")] for r in ref["rows"]]
    assert top["category"].tolist() == [r[cols.index("category")] for r in ref["rows"]]
    for (_, ours), row in zip(top.iterrows(), ref["rows"]):
        assert ours["self_time_pct"] == pytest.approx(100 * row[cols.index("selfTimePercent")], abs=0.05)
        assert ours["cumulative_pct"] == pytest.approx(100 * row[cols.index("cumulativeTimePercent")], abs=0.05)
        assert ours["flop_rate_gflops"] == pytest.approx(row[cols.index("flopRate")], rel=0.005, abs=1e-6)


def test_op_placement_and_duty_cycle_tpu() -> None:
    ours, p = result("tpu_v6e").summary, reference("tpu_v6e")["top_ops"]["p"]
    assert ours["host_tf_op_pct"] == pytest.approx(float(p["host_tf_op_percent"].rstrip("%")), abs=0.05 + 0.05)
    assert ours["device_idle_time_pct"] == pytest.approx(float(p["device_idle_time_percent"].rstrip("%")), abs=0.1)
    # XProf's duty cycle: the union of op activity per chip (XProf prints one decimal)
    assert ours["device_duty_cycle_pct"] == pytest.approx(float(p["device_duty_cycle_percent"].rstrip("%")), abs=0.05)


def test_utilization_against_device_peaks() -> None:
    tpu = result("tpu_v6e").summary
    assert 0 < tpu["flops_utilization_pct"] < 100
    assert 0 < tpu["memory_bw_utilization_pct"] < 100
    cpu = result("tf_custom_loop").summary
    assert cpu["flops_utilization_pct"] is None and cpu["memory_bw_utilization_pct"] is None


def test_text_repr_and_notes() -> None:
    res = result("tf_custom_loop")
    text = repr(res)
    assert "HIGHLY input-bound" in text and "85.89" in text
    assert res.notes
    assert set(res.recommendation) >= {"verdict", "text", "next_tools"}


def test_device_compute_precision_gpu() -> None:
    ours, p = result("gpu_v100").summary, reference("gpu_v100")["top_ops"]["p"]
    assert ours["device_compute_16bit_pct"] == pytest.approx(
        float(p["device_compute_16bit_percent"].rstrip("%")), abs=0.05 + 0.05
    )
    assert ours["device_compute_32bit_pct"] == pytest.approx(
        float(p["device_compute_32bit_percent"].rstrip("%")), abs=0.05 + 0.05
    )


def test_cpu_only_jax_top_ops_are_the_xla_cpu_ops():
    """nbprof differs from XProf on purpose: with no device and no framework ops (JAX on CPU),
    XProf's top-ops table is empty; nbprof lists the XLA CPU ops by self time."""
    prof = load_fixture("jax_mlp_train")
    top = prof.overview().top_ops
    assert 0 < len(top) <= 10
    assert (top["side"] == "Host XLA CPU").all()
    # independent: time of the events carrying each hlo_op stat on host threads (no XLA op
    # nests inside another in this profile, so an op's self time is its events' duration)
    ev = prof.events
    xla = ev[ev["hlo_op"].notna()]
    by_op = xla.groupby(xla["hlo_op"].astype(str))["duration_ps"].sum()
    first = top.iloc[0]
    assert first["name"] == by_op.idxmax()
    assert abs(first["self_time_ms"] - by_op.max() / 1e9) <= 0.005 * first["self_time_ms"]
    assert (top["self_time_pct"].diff().dropna() <= 1e-9).all()
    assert top["cumulative_pct"].iloc[-1] <= 100.0 + 1e-9


# two jitted functions whose XLA CPU ops share the name fusion.1
TWO_PROGRAMS = [("jit_a", 3, "fusion.1", 400), ("jit_a", 3, "dot", 300), ("jit_b", 7, "fusion.1", 200),
                ("jit_b", 7, "copy", 100)]  # fmt: skip


def test_top_ops_name_their_program(tmp_path):
    """XLA top ops carry XProf's ``<module>(<program id>)`` program: two ops named fusion.1 of two
    programs are told apart (a synthetic JAX-on-CPU profile), and on real profiles each op's program is
    its HLO op stats program (on TPU v6e also XProf's hlo_stats program id)."""
    xla_cpu_programs(tmp_path, TWO_PROGRAMS)
    top = nbprof.load(tmp_path).overview().top_ops
    assert top[["name", "program", "num_programs"]].values.tolist() == [
        ["fusion.1", "jit_a(3)", 1], ["dot", "jit_a(3)", 1], ["fusion.1", "jit_b(7)", 1], ["copy", "jit_b(7)", 1],
    ]  # fmt: skip
    assert top["self_time_pct"].tolist() == pytest.approx([40.0, 30.0, 20.0, 10.0])

    for name in ("jax_mlp_train", "torch_xla_train"):  # XLA CPU ops: one program each, as HLO op stats say
        prof = load_fixture(name)
        top, hlo = prof.overview().top_ops, prof.hlo_stats().table
        programs = hlo.groupby("hlo_op_name")["program"].agg(set)
        assert all({p} <= programs[n] for n, p in zip(top["name"], top["program"]))
        assert (top["num_programs"] == 1).all()

    tpu = result("tpu_v6e").top_ops  # device ops named after their HLO op: XProf's program id
    ref = json.loads((FIXTURES.parent / "reference" / "tpu_v6e" / "hlo_stats.json").read_text())
    ids = [c["id"] for c in ref["cols"]]
    xprof = {r["c"][ids.index("hlo_op_name")]["v"]: r["c"][ids.index("program_id")]["v"] for r in ref["rows"]}
    first = tpu.iloc[0]
    assert first["name"] == "copy-done.4" and first["program"] == f"jit_f({xprof['copy-done.4']})"

    gemm = result("amd_mi300x_gemm").top_ops  # a framework op over six jit_dot programs: no one program
    hlo = load_fixture("amd_mi300x_gemm").hlo_stats().table
    dot = gemm.set_index("name").loc["jit(dot)/dot_general"]
    in_dot = hlo[hlo["tf_op_name"].str.startswith("jit(dot)/dot_general")]
    assert dot["program"] == "" and dot["num_programs"] == in_dot["program"].nunique() == 6
    copy = gemm.set_index("name").loc["copy.1"]  # an XLA op without a framework op: its one program
    assert copy["program"] == "jit_convert_element_type(1)" and copy["num_programs"] == 1
    assert "program" not in result("gpu_v100").top_ops.columns  # host TensorFlow ops: no programs


@pytest.mark.parametrize("name", ["tpu_v6e", "jax_two_gpu_procs", "gpu_v100", "jax_two_hosts"])
def test_idle_share_is_the_groupby_one(name: str) -> None:
    """IDLE self time over the hosts' db totals (each host's first row), as pandas computes it."""
    import math

    import pandas as pd

    from nbprof.tools.overview import _idle

    def by_pandas(db: pd.DataFrame) -> float:
        idle = float(db.loc[db["name"].astype(str) == "IDLE", "self_time_ps"].sum())
        total = float(db.groupby("host")["db_total_time_ps"].first().sum())
        return 100.0 * idle / total if total else 0.0

    stats = load_fixture(name).op_stats()
    for db in (stats.device_op_db, stats.host_op_db):
        missing = db.assign(db_total_time_ps=pd.array([None] * len(db), "Int64"))  # pandas' own path
        for table in (db, missing):
            got, expected = _idle(table, "x")["x_idle_time_pct"], by_pandas(table) if len(table) else 0.0
            assert got == expected or (math.isnan(got) and math.isnan(expected))


@pytest.mark.parametrize("name", ["tf_keras2_fit", "torch_xla_train", "gpu_v100", "tpu_v6e", "jax_two_hosts"])
def test_has_device_xla_ops_is_known_before_the_xla_ops(name: str) -> None:
    """``has_device_xla_ops`` before the XLA ops are built says what their source says once built."""
    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    before = stats.has_device_xla_ops
    assert before == (stats.xla_ops.source == "device") == stats.has_device_xla_ops
    assert before == (name in ("gpu_v100", "tpu_v6e"))


def test_step_time_graph_frame_of_step_rows_equals_pandas_frame() -> None:
    """``_graph_frame`` of some rows of a steps table (``StepRows``) is ``pd.DataFrame`` of those rows' values,
    str columns typed as pandas types them (all str, and with a missing step name)."""
    import numpy as np
    import pandas as pd

    from nbprof.opstats.step_rows import StepRows
    from nbprof.tools.overview import _graph_frame

    for names in (["a", "b", "c", "d"], ["a", None, "c", "d"]):
        steps = pd.DataFrame({"host": ["h0", "h0", "h1", "h1"], "step_name": pd.array(names, dtype="str")})
        steps["duration_ps"] = np.arange(4, dtype=np.int64)
        mask = np.array([True, False, True, True])
        numbers = {"step_time_ms": steps["duration_ps"].to_numpy()[mask] / 1e9}
        expected = pd.DataFrame({"host": steps["host"][mask].to_numpy(), "step_name": steps["step_name"][mask].array,
                                 **numbers})  # fmt: skip
        expected["host"] = expected["host"].astype("str")
        found = _graph_frame(StepRows(steps, mask), numbers)
        pd.testing.assert_frame_equal(found, expected, check_exact=True)
        assert [str(d) for d in found.dtypes] == [str(d) for d in expected.dtypes]
        pd.testing.assert_frame_equal(_graph_frame(steps, {"n": np.ones(4)}).iloc[:, :2], steps.iloc[:, :2])


def test_column_readers_equal_the_pandas_expressions() -> None:
    """The top ops' column readers equal the pandas expressions they stand for, on numpy, str, object and
    nullable columns (missing values included)."""
    import numpy as np
    import pandas as pd

    from nbprof.tools.overview import _at_most_zero, _str_values, _zero_filled_floats

    texts = [
        pd.Series(["a", None, "b"], dtype="str"),
        pd.Series(["a", None, 3], dtype=object),
        pd.Series([], dtype="str"),
    ]
    for column in texts:
        got, expected = _str_values(column), column.astype(str).to_numpy(dtype=object)
        assert got.dtype == expected.dtype and list(map(repr, got)) == list(map(repr, expected))
    numbers = [
        pd.Series([3, 0, -1], dtype=np.int64),
        pd.Series([1.5, np.nan, -2.0]),
        pd.Series([2, None, 0], dtype="Int64"),
        pd.Series([5, 0], dtype=np.uint64),
    ]
    for column in numbers:
        got, expected = _at_most_zero(column), (column <= 0).to_numpy()
        assert got.dtype == expected.dtype and list(map(repr, got)) == list(map(repr, expected))
        np.testing.assert_array_equal(_zero_filled_floats(column), column.fillna(0).to_numpy(float))
