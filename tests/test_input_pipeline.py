"""prof.input_pipeline() against XProf 2.24's input-pipeline analyzer for every fixture.

References: tests/reference/<fixture>/input_pipeline_analyzer.json
(scripts/copy_reference_analysis1.py). Input percentages within 0.5 points; the input-op
table: same ops, counts, times (0.5%) and categories; the host breakdown in µs (0.5%).
"""

from __future__ import annotations

import functools
import json
import pathlib

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture

import nbprof
from nbprof.tools.input_pipeline import input_pipeline

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
VERDICTS = {"HIGHLY": "high", "MODERATELY": "moderate", "POTENTIALLY": "potential", "NOT": "none", "No step": "unknown"}
BREAKDOWN_KEYS = {
    "enqueue_us": "enqueue_us",
    "demanded_file_read_us": "demanded_file_read_us",
    "advanced_file_read_us": "advanced_file_read_us",
    "preprocessing_us": "preprocessing_us",
    "unclassified_nonenqueue_us": "unclassified_nonequeue_us",  # XProf's spelling
}


@functools.cache
def result(name: str):
    return input_pipeline(load_fixture(name).op_stats())


def reference(name: str) -> dict:
    return json.loads((REFERENCE / name / "input_pipeline_analyzer.json").read_text())


@pytest.mark.parametrize("name", ALL)
def test_verdict_matches_xprof(name: str) -> None:
    ref = reference(name)["steps"]["p"]
    statement = ref.get("input_conclusion", "")
    expected = next(v for k, v in VERDICTS.items() if k in statement)
    res = result(name)
    assert res.summary["verdict_xprof"] == expected
    assert res.summary["statement_xprof"] == statement
    assert res.summary["verdict"] in {"high", "moderate", "potential", "none", "unknown"}
    if res.summary.get("xla_cpu_compute_pct", 0.0) == 0.0:  # nothing for nbprof to count differently
        assert res.summary["verdict"] == expected and res.summary["statement"] == statement


@pytest.mark.parametrize(
    "name",
    ["tf_custom_loop", "tf_cpu_bfc_memory", "jax_mlp_train", "gpu_v100", "tf_keras2_fit", "tf_keras2_input_bound"],
)
def test_input_percent_per_step(name: str) -> None:
    ref = reference(name)["steps"]
    cols = ref["cols"]
    ours = result(name).device_steps
    assert len(ours) == len(ref["rows"])
    for (_, row), r in zip(ours.iterrows(), ref["rows"]):
        step = r[cols.index("stepTimeMs")]
        ref_pct = 100.0 * r[cols.index("infeedTimeMs")] / step
        assert row["input_pct"] == pytest.approx(ref_pct, abs=0.5)
    total_input = sum(r[cols.index("infeedTimeMs")] for r in ref["rows"])
    total = sum(r[cols.index("stepTimeMs")] for r in ref["rows"])
    assert result(name).summary["input_pct"] == pytest.approx(100 * total_input / total, abs=0.5)


@pytest.mark.parametrize("name", ALL)
def test_input_op_table(name: str) -> None:
    ref = reference(name)["input_ops"]
    cols = ref["cols"]
    ours = result(name).input_ops
    assert len(ours) == len(ref["rows"])
    by_name = ours.set_index("name")
    for r in ref["rows"]:
        row = by_name.loc[r[cols.index("opName")]]
        assert row["count"] == r[cols.index("count")]
        assert row["total_ms"] == pytest.approx(r[cols.index("timeInMs")], rel=0.005)
        assert row["self_ms"] == pytest.approx(r[cols.index("selfTimeInMs")], rel=0.005)
        # XProf's "percent" cells hold fractions
        assert row["self_pct"] == pytest.approx(100 * r[cols.index("selfTimeInPercent")], abs=0.5)
        assert row["total_pct"] == pytest.approx(100 * r[cols.index("timeInPercent")], abs=0.5)
        assert row["category"] == r[cols.index("category")]
    if len(ours):
        assert ours["self_ms"].is_monotonic_decreasing


@pytest.mark.parametrize("name", ALL)
def test_host_breakdown(name: str) -> None:
    p = reference(name)["input_ops"]["p"]
    ours = result(name).host_breakdown
    for key, ref_key in BREAKDOWN_KEYS.items():
        assert ours[key] == pytest.approx(float(p[ref_key]), rel=0.005, abs=0.01)


def test_self_time_excludes_nested_input_ops() -> None:
    ops = result("tf_custom_loop").input_ops.set_index("name")
    root = ops.loc["Iterator::Root"]
    assert root["self_ms"] < 0.01 * root["total_ms"]  # almost all of it is Iterator::Root::Prefetch


def test_text_and_notes() -> None:
    res = result("tf_custom_loop")
    assert "HIGHLY input-bound" in repr(res)
    assert res.notes
    empty = result("tf_keras_fit")
    assert empty.summary["verdict"] == "unknown" and empty.device_steps.empty


def test_merged_hosts_combine_input_ops(tmp_path: pathlib.Path) -> None:
    import shutil

    run = tmp_path / "plugins" / "profile" / "run"
    run.mkdir(parents=True)
    src = next((FIXTURES / "tf_cpu_bfc_memory").rglob("*.xplane.pb"))
    shutil.copy(src, run / "worker0.xplane.pb")
    shutil.copy(src, run / "worker1.xplane.pb")
    both = input_pipeline(nbprof.load(tmp_path).op_stats())
    one = result("tf_cpu_bfc_memory")
    assert len(both.input_ops) == len(one.input_ops)
    merged = both.input_ops.set_index("name")
    for _, row in one.input_ops.iterrows():
        assert merged.loc[row["name"], "count"] == 2 * row["count"]
        assert merged.loc[row["name"], "self_ms"] == pytest.approx(2 * row["self_ms"])
        assert merged.loc[row["name"], "self_pct"] == pytest.approx(row["self_pct"])
    assert both.summary["verdict"] == one.summary["verdict"]
    assert both.summary["input_pct"] == pytest.approx(one.summary["input_pct"])


def test_input_op_labels_by_name_and_category() -> None:
    """XProf's input-op classes: file reads by reader suffix (advanced when a prefetch/interleave/... is
    in the name), enqueue by infeed/memcpy/"enqueue" category, read/unknown categories, the rest
    preprocessing; IDLE and non-input categories are no input ops."""
    from types import SimpleNamespace

    from nbprof.tools.input_pipeline import _host_input_ops

    rows = [
        ("Iterator::Model::TFRecord", "Dataset", "Demanded file read"),
        ("Iterator::Prefetch::ParallelMap::TFRecord", "Dataset", "Advanced file read"),
        ("Iterator::Map", "Dataset", "Preprocessing"),
        ("InfeedEnqueueTuple", "InfeedEnqueueTuple", "Enqueue"),
        ("MemcpyHToD", "MemcpyHToD", "Enqueue"),
        ("my_reader", "Read", "Demanded file read"),
        ("mystery", "Unknown", "Unknown"),
        ("push", "enqueue", "Enqueue"),
        ("decode", "preprocessing", "Preprocessing"),
        ("dense/MatMul", "MatMul", None),
        ("IDLE", "IDLE", None),
    ]
    n = len(rows)
    host_op_db = pd.DataFrame(
        {
            "host": ["h"] * n,
            "name": [r[0] for r in rows],
            "category": [r[1] for r in rows],
            "occurrences": np.ones(n, np.int64),
            "total_time_ps": np.arange(1, n + 1, dtype=np.int64) * 1000,
            "self_time_ps": np.arange(1, n + 1, dtype=np.int64) * 1000,
        }
    )
    table, _, _ = _host_input_ops(SimpleNamespace(host_op_db=host_op_db, host_op_db_as_built=None))  # type: ignore[arg-type]
    got = dict(zip(table["name"], table["category"]))
    assert got == {name: label for name, _, label in rows if label is not None}


def test_input_ops_of_several_hosts_are_added_up_and_sorted() -> None:
    """Several hosts: one row per input op (counts and times summed), by self time then name; the
    host breakdown is the pandas group sum of the rows' self ms."""
    from types import SimpleNamespace

    from nbprof.tools.input_pipeline import _host_input_ops

    host_op_db = pd.DataFrame(
        {
            "host": pd.array(["h1", "h2", "h1", "h2", "h1"], dtype="str"),
            "name": pd.array(["Iterator::Map", "Iterator::Map", "Iterator::B", "Iterator::A", "IDLE"], dtype="str"),
            "category": pd.array(["Dataset"] * 4 + ["IDLE"], dtype="str"),
            "occurrences": np.array([1, 2, 3, 4, 5], np.int64),
            "total_time_ps": np.array([10, 20, 30, 40, 50], np.int64) * 10**6,
            "self_time_ps": np.array([5, 5, 7, 7, 50], np.int64) * 10**6,
        }
    )
    table, breakdown, notes = _host_input_ops(SimpleNamespace(host_op_db=host_op_db, host_op_db_as_built=None))  # type: ignore[arg-type]
    assert table["name"].tolist() == ["Iterator::Map", "Iterator::A", "Iterator::B"]
    assert table["count"].tolist() == [3, 4, 3]
    assert table["host"].tolist() == ["all hosts"] * 3
    assert table["self_ms"].tolist() == [10e-3, 7e-3, 7e-3]
    expected_us = float(pd.Series([10e-3, 7e-3, 7e-3]).groupby(["P"] * 3).sum().iloc[0] * 1e3)
    assert breakdown["preprocessing_us"] == expected_us
    assert any("several hosts" in note for note in notes)


@pytest.mark.parametrize("name", ["tf_keras2_fit", "jax_two_hosts", "amd_mi300x_gemm", "tpu_v6e"])
def test_step_rows_read_the_analysed_steps(name: str) -> None:
    """``analysed_rows`` holds ``StepDb.analysed_steps``' rows (one host, combined hosts, no steps); the
    statistics and the step table read from it equal those of the frame."""
    from nbprof.opstats.step_analysis import bottleneck, step_detail_rows, step_details, step_summary
    from nbprof.opstats.step_rows import analysed_rows
    from nbprof.tools.input_pipeline import device_step_table

    db = load_fixture(name).op_stats().step_db
    rows = analysed_rows(db.steps, db.analysed)
    frame = db.analysed_steps
    pd.testing.assert_frame_equal(rows.frame(), frame)
    assert len(rows) == len(frame)
    assert step_summary(rows) == step_summary(frame)
    assert bottleneck(rows) == bottleneck(frame)
    pd.testing.assert_frame_equal(step_detail_rows(rows).frame(), step_details(frame))
    details = step_detail_rows(rows)
    pd.testing.assert_frame_equal(device_step_table(details), device_step_table(step_details(frame)), check_exact=True)


@pytest.mark.parametrize("name", ["tf_keras2_fit", "torch_xla_train", "jax_gpu_kernels", "gpu_v100", "jax_two_hosts"])
def test_step_rows_of_the_step_arrays_equal_those_of_the_frame(name: str) -> None:
    """``analysed_rows`` given the steps' arrays (``StepDb.columns``) reads them in place of the frame's
    columns: the same values, kinds and statistics."""
    from nbprof.opstats.step_analysis import bottleneck, step_detail_rows, step_summary
    from nbprof.opstats.step_rows import analysed_rows

    prof = load_fixture(name)
    db = prof.op_stats(host=prof.hosts[0]).step_db
    assert db.columns is not None
    fast, slow = analysed_rows(db.steps, None, db.columns), analysed_rows(db.steps, None)
    assert len(fast) == len(slow)
    for c in db.steps.columns:
        assert fast.is_numpy(c, "iufb") == slow.is_numpy(c, "iufb"), c
        np.testing.assert_array_equal(fast.values(c), slow.values(c))
        assert fast.values(c).dtype == slow.values(c).dtype, c
    assert step_summary(fast) == step_summary(slow)
    assert bottleneck(fast) == bottleneck(slow)
    pd.testing.assert_frame_equal(step_detail_rows(fast).frame(), step_detail_rows(slow).frame())


def test_typed_step_tables_equal_pandas_frames() -> None:
    """The input pipeline's tables equal ``pd.DataFrame`` of the same columns: str columns typed as pandas
    infers them, empty object columns object, mixed columns left to pandas, scalars repeated; numeric
    columns are copies (writing to the table leaves the steps alone)."""
    from nbprof.tools.input_pipeline import _table

    steps = np.array([3, 4], np.int64)
    cases = [
        {"host": np.array(["a", "b"], dtype=object), "n": steps, "pct": 0.0, "ms": np.array([1.5, 2.5])},
        {"host": np.empty(0, dtype=object), "n": np.empty(0, np.int64), "pct": 0.0},
        {"host": np.array(["a", None], dtype=object), "n": steps},
        {"host": np.array(["a", 7], dtype=object), "flag": np.array([True, False])},
    ]
    for columns in cases:
        pd.testing.assert_frame_equal(_table(columns), pd.DataFrame(columns), check_exact=True)
    table = _table({"n": steps})
    table.loc[0, "n"] = 99
    assert steps.tolist() == [3, 4]


def test_input_op_classes_per_op_equal_the_rules_as_masks() -> None:
    """The per-(name, category) classification gives what the rules applied as masks over all ops give
    (a later rule wins; a missing name or category matches no rule)."""
    from nbprof.tools.input_pipeline import (
        _LABELS,
        ADVANCED_READ_MARKERS,
        FILE_READ_SUFFIXES,
        _is_enqueue_category,
        _label_positions,
    )
    from nbprof.xspace import semantics as xs

    names = ["Iterator::A::TFRecord", "Iterator::Prefetch::TFRecord", "Iterator::Map", None, "x::SSTable", "q"]
    categories = ["Dataset", "Read", "UNKNOWN", "Enqueue", None, "MemcpyHToD", "InfeedEnqueue", "preprocessing"]
    pairs = [(n, c) for n in names for c in categories]
    name = pd.Series([n for n, _ in pairs], dtype=object)
    category = pd.Series([c for _, c in pairs], dtype=object)
    expected = np.full(len(pairs), "Preprocessing", dtype=object)
    file_read = xs.value_mask(name, lambda n: n.endswith(FILE_READ_SUFFIXES))
    advanced = xs.value_mask(name, lambda n: any(m in n for m in ADVANCED_READ_MARKERS))
    expected[file_read & advanced] = "Advanced file read"
    expected[file_read & ~advanced] = "Demanded file read"
    expected[xs.value_mask(category, lambda c: c.lower() == "read")] = "Demanded file read"
    expected[xs.value_mask(category, lambda c: c.lower() == "unknown")] = "Unknown"
    expected[xs.value_mask(category, _is_enqueue_category)] = "Enqueue"
    got = np.array(_LABELS, dtype=object)[_label_positions(name.to_numpy(), category.to_numpy())]
    assert got.tolist() == expected.tolist()


def test_row_averages_and_stds_equal_the_statistics_row_by_row() -> None:
    """The step summary's averages and stds, computed for all categories in one numpy call, are the
    numbers ``_stats`` gives for each row alone (pairwise sums of any length, 0 and 1 steps included)."""
    from nbprof.opstats.step_analysis import _row_averages_and_stds, _stats

    rng = np.random.default_rng(13)
    for n in (0, 1, 2, 7, 8, 9, 20, 127, 128, 129, 1000, 8193):
        rows = np.stack([rng.random(n) * 10.0 ** rng.integers(-3, 12) for _ in range(11)])
        averages, stds = _row_averages_and_stds(rows)
        for k, row in enumerate(rows):
            one = _stats(row, "x")
            assert (averages[k], stds[k]) == (one["x_avg"], one["x_std"]), (n, k)


def _groupby_sums(values: np.ndarray, label: np.ndarray) -> dict[int, float]:
    return {int(k): v for k, v in pd.Series(values, copy=False).groupby(label).sum().items()}


def test_label_sums_equal_pandas_groupby():
    """Input-op self times per class: pandas' groupby sums, bit for bit, in ascending runs (the
    reduceat path) and in any other order (pandas itself); float ms as the tool makes them from ps."""
    from nbprof.tools import input_pipeline as ip

    rng = np.random.default_rng(7)
    for trial in range(3000):
        n = int(rng.integers(1, 40))
        label = rng.integers(0, 5, n)
        if trial % 2:
            label = np.sort(label)
        values = rng.integers(0, 10 ** int(rng.integers(1, 17)), n) / 1e9
        assert ip._label_sums(values, label) == _groupby_sums(values, label)


@pytest.mark.parametrize("fixture", ["tf_keras2_fit", "tf_keras_fit", "gpu_v100"])
def test_host_breakdown_equals_groupby_sums(fixture, monkeypatch):
    """The host breakdown with the sums made by pandas' groupby (what the tool did before)."""
    from nbprof.tools import input_pipeline as ip

    op_stats = load_fixture(fixture).op_stats()
    fast = input_pipeline(op_stats).host_breakdown
    monkeypatch.setattr(ip, "_label_sums", _groupby_sums)
    assert input_pipeline(op_stats).host_breakdown == fast
    assert any(fast.values())


@pytest.mark.parametrize(
    "fixture", ["tf_keras2_input_bound", "tf_keras2_fit", "tf_cpu_bfc_memory", "gpu_v100", "tpu_v6e"]
)
def test_input_ops_from_the_host_db_as_built_equal_those_from_host_op_db(fixture):
    """The input pipeline read from the host db as built (before ``host_op_db`` is made) is the one read
    from ``host_op_db`` (made first), table, breakdown, summary and notes."""
    fresh = nbprof.load(FIXTURES / fixture, cache=False).op_stats()
    assert fresh.host_op_db_as_built is not None
    fast = input_pipeline(fresh)
    assert "host_op_db" not in vars(fresh)  # the host db as built was read
    sorted_first = nbprof.load(FIXTURES / fixture, cache=False).op_stats()
    assert len(sorted_first.host_op_db)
    assert sorted_first.host_op_db_as_built is None
    slow = input_pipeline(sorted_first)
    pd.testing.assert_frame_equal(fast.input_ops, slow.input_ops, check_exact=True)
    pd.testing.assert_frame_equal(fast.device_steps, slow.device_steps, check_exact=True)
    assert (fast.host_breakdown, fast.summary, fast.notes) == (slow.host_breakdown, slow.summary, slow.notes)
    if fixture != "tpu_v6e":
        assert len(fast.input_ops)
