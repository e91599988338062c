"""framework_op_stats against XProf 2.24.2's own tables for every fixture.

References: tests/reference/<fixture>/framework_op_stats.json (scripts/copy_reference_analysis1_ops.py).
Times and self times within 0.5%; same ops in the same order; percentages within 0.5%
(XProf stores fractions, we store 0-100). Deliberate difference: XProf lists at most 500
ops per side, our frame keeps all of them (the CSV export applies XProf's cap).
"""

from __future__ import annotations

import csv
import functools
import io
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture, xprof_op_stats

import nbprof
from nbprof.tools.framework_op_stats import XPROF_MAX_OPS_PER_SIDE, framework_op_stats

HERE = Path(__file__).parent
FIXTURES = [
    "jax_mlp_train",
    "jax_mlp_train_pytrace",
    "tf_custom_loop",
    "tf_keras_fit",
    "tf_cpu_bfc_memory",
    "gpu_v100",
    "tpu_v6e",
    "jax_gpu_train",
    "flax_cnn_gpu",
    "jax_gpu_kernels",
]
REL = 5e-3

ISSUE_COLUMNS = [
    "host_or_device",
    "type",
    "name",
    "occurrences",
    "total_time_us",
    "avg_time_us",
    "total_self_time_us",
    "avg_self_time_us",
    "device_self_time_pct",
    "host_self_time_pct",
]


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


def fos_of(fixture: str, include_idle: bool = True):
    return _fos_cached(fixture, include_idle)


@functools.cache
def _fos_cached(fixture: str, include_idle: bool):
    return framework_op_stats(xprof_op_stats(fixture), include_idle=include_idle)  # as XProf: see fixture_paths


@functools.cache
def reference(fixture: str) -> dict:
    return json.loads((HERE / "reference" / fixture / "framework_op_stats.json").read_text())


def ref_table(fixture: str, key: str = "with_idle") -> pd.DataFrame:
    ref = reference(fixture)
    return pd.DataFrame(ref[key], columns=ref["columns"])


def capped(ours) -> pd.DataFrame:
    """Our table as XProf lists it: at most 500 rows per side (IDLE counted, see xprof_rows)."""
    return ours.xprof_rows(XPROF_MAX_OPS_PER_SIDE)


def test_issue_columns_present():
    fos = framework_op_stats(load("tf_keras_fit").op_stats())
    assert set(ISSUE_COLUMNS) <= set(fos.table.columns)
    assert fos.tool == "framework_op_stats"
    assert fos.notes and all(isinstance(n, str) for n in fos.notes)
    assert fos.to_frames() == {"table": fos.table}


@pytest.mark.parametrize("fixture", FIXTURES)
def test_same_ops_same_order_as_xprof(fixture):
    ours = capped(fos_of(fixture))
    ref = ref_table(fixture)
    assert list(zip(ours["host_or_device"], ours["name"])) == list(zip(ref["Host/device"], ref["Operation Name"]))


@pytest.mark.parametrize("fixture", FIXTURES)
def test_times_and_counts_match_xprof(fixture):
    ours = capped(fos_of(fixture)).reset_index(drop=True)
    ref = ref_table(fixture)
    assert list(ours["type"]) == list(ref["Operation Type"])
    assert list(ours["occurrences"]) == [int(v) for v in ref["#Occurrences"]]
    assert list(ours["execution_mode"]) == list(ref["Execution mode"])
    for ours_col, ref_col in [
        ("total_time_us", "Total time (us)"),
        ("total_self_time_us", "Total self-time (us)"),
        ("avg_time_us", "Avg. time (us)"),
        ("avg_self_time_us", "Avg. self-time (us)"),
    ]:
        expected = ref[ref_col].to_numpy(dtype=float)
        assert ours[ours_col].to_numpy() == pytest.approx(expected, rel=REL, abs=1e-6), ours_col


@pytest.mark.parametrize("fixture", FIXTURES)
def test_percentages_match_xprof(fixture):
    ours = capped(fos_of(fixture)).reset_index(drop=True)
    ref = ref_table(fixture)
    for side in ("Device", "Host"):
        key = side.lower()
        for ours_col, ref_col in [
            (f"{key}_self_time_pct", f"Total self-time on {side} (%)"),
            (f"{key}_cumulative_self_time_pct", f"Cumulative total-self time on {side} (%)"),
        ]:
            expected = ref[ref_col].to_numpy(dtype=float)
            assert (ours[ours_col] / 100).to_numpy() == pytest.approx(expected, rel=REL, abs=1e-9)


@pytest.mark.parametrize("fixture", FIXTURES)
def test_without_idle_matches_xprof(fixture):
    ours = capped(fos_of(fixture, include_idle=False)).reset_index(drop=True)
    ref = ref_table(fixture, "without_idle_head")
    assert len(ours) == reference(fixture)["without_idle_rows"]
    assert "IDLE" not in set(ours["name"])
    head = ours.head(len(ref))
    assert list(head["name"]) == list(ref["Operation Name"])
    for side in ("Device", "Host"):
        col = f"Total self-time on {side} (%)"
        assert (head[f"{side.lower()}_self_time_pct"] / 100).to_numpy() == pytest.approx(
            ref[col].to_numpy(dtype=float), rel=REL, abs=1e-9
        )


def test_tpu_rates_and_bound_match_xprof():
    ours = fos_of("tpu_v6e").table.reset_index(drop=True)
    ref = ref_table("tpu_v6e")
    for ours_col, ref_col in [
        ("flop_rate_gflops", "Normalized FLOP Rate (FLOPs/s)"),
        ("memory_bw_gibps", "Measured Memory BW (GBytes/Sec)"),
        ("operational_intensity", "Operational Intensity (FLOPs/Byte)"),
    ]:
        expected = ref[ref_col].to_numpy(dtype=float)
        assert ours[ours_col].to_numpy() == pytest.approx(expected, rel=REL, abs=1e-9), ours_col
    assert list(ours["bound_by"]) == list(ref["Bound by"])


@pytest.mark.parametrize("fixture", ["gpu_v100", "tpu_v6e", "tf_cpu_bfc_memory"])
def test_xprof_csv_has_xprof_columns_and_values(fixture):
    fos = fos_of(fixture)
    text = fos.to_xprof_csv()
    rows = list(csv.reader(io.StringIO(text)))
    ref = reference(fixture)
    assert rows[0] == ["Rank"] + ref["columns"]
    assert len(rows) - 1 == len(ref["with_idle"])
    body = pd.DataFrame(rows[1:], columns=rows[0])
    assert list(body["Operation Name"]) == [r[2] for r in ref["with_idle"]]
    assert body["Total self-time (us)"].astype(float).to_numpy() == pytest.approx(
        [r[6] for r in ref["with_idle"]], rel=REL, abs=1e-6
    )
    assert body["Rank"].iloc[0] == "1.0"  # XProf writes its numbers as floats


def test_xprof_csv_to_file(tmp_path):
    fos = framework_op_stats(load("tf_custom_loop").op_stats())
    target = tmp_path / "ops.csv"
    assert fos.to_xprof_csv(target) is None
    assert target.read_text().startswith('"Rank","Host/device"')


def test_table_is_a_plain_frame_and_text_summary_names_top_ops():
    fos = framework_op_stats(load("tf_custom_loop").op_stats())
    assert type(fos.table) is pd.DataFrame
    host = fos.table[fos.table["host_or_device"] == "Host"]
    assert host["host_self_time_pct"].sum() == pytest.approx(100.0, rel=1e-9)
    top_host = host[host["name"] != "IDLE"].iloc[0]["name"]
    assert top_host in repr(fos) and repr(fos).startswith("Framework op stats")


def test_two_hosts_combine_like_xprofs_op_stats_combiner(tmp_path):
    # The same capture as two hosts of one run: every op twice, the same percentages.
    source = next((HERE / "fixtures" / "tf_custom_loop").glob("plugins/profile/*/*.xplane.pb"))
    run = tmp_path / "plugins" / "profile" / "run"
    run.mkdir(parents=True)
    for host in ("worker0", "worker1"):
        (run / f"{host}.xplane.pb").write_bytes(source.read_bytes())
    both = framework_op_stats(nbprof.load(tmp_path).op_stats()).table.set_index(["host_or_device", "name"])
    one = fos_of("tf_custom_loop").table.set_index(["host_or_device", "name"])
    assert both.index.equals(one.index)
    assert (both["occurrences"] == 2 * one["occurrences"]).all()
    assert (both["total_self_time_ps"] == 2 * one["total_self_time_ps"]).all()
    assert both["host_self_time_pct"].to_numpy() == pytest.approx(one["host_self_time_pct"].to_numpy())


@pytest.mark.parametrize("fixture", ["tpu_v6e", "tf_custom_loop", "tf_cpu_bfc_memory", "jax_mlp_train"])
def test_xprof_csv_is_byte_identical_to_xprofs_export(fixture):
    expected = (HERE / "reference" / fixture / "framework_op_stats.xprof.csv").read_text(encoding="utf-8")
    assert fos_of(fixture).to_xprof_csv() == expected


def test_first_of_each_is_uniques_first_index() -> None:
    import numpy as np

    from nbprof.opstats.framework_ops import _first_of_each

    cases = [[], ["a"], ["a", "a", "b", "b", "b", "c"], ["a", "b", "a"], ["b", "b", "a", "c", "a"], ["", "", "x"]]
    for values in cases:
        array = np.array(values, dtype=object)
        got = np.sort(_first_of_each(array))
        assert got.tolist() == np.sort(np.unique(array, return_index=True)[1]).tolist(), values


def test_may_name_is_parsing_every_value() -> None:
    """``_may_name`` (parses only the values whose text or text before ':' is wanted) answers as
    parsing all values and looking the names up."""
    from nbprof.opstats import tf_op
    from nbprof.opstats.framework_ops import _may_name

    values = ["a/b:MatMul", "jit(f)/add:", "Iterator::Map", "MEMCPYHToD", "x", "", "a:b:c", ":T", "é:Op", 3, None]
    names = tf_op.parse_many(values)[1].tolist()
    candidates = [*names, *[str(v) for v in values], "a", "a:b", "jit(f)", "Iterator", "nope", "3", "None"]
    for k in range(len(candidates)):
        for wanted in ({candidates[k]}, set(candidates[k:]), {candidates[k], "other"}):
            assert _may_name(values, wanted) == (not wanted.isdisjoint(names)), wanted
    assert not _may_name([], {"a"})


ALL_FIXTURES = sorted(p.name for p in (HERE / "fixtures").iterdir() if (p / "plugins").is_dir())


@pytest.mark.parametrize("fixture", ALL_FIXTURES)
@pytest.mark.parametrize("include_idle", [True, False])
def test_rows_table_columns_are_the_tables(fixture: str, include_idle: bool) -> None:
    """``framework_op_rows().table_columns()`` (what the overview reads, no frame made) are the finished
    table's columns, value for value and type for type (the GPU's tensor core column aside)."""
    op_stats = nbprof.load(HERE / "fixtures" / fixture, cache=False).op_stats()
    env = op_stats.perf_env
    columns = op_stats.framework_op_rows(include_idle).table_columns(env.peak_tflops, env.peak_hbm_gibps)
    table = op_stats.framework_op_table(include_idle).table
    assert list(columns) == [c for c in table.columns if c != "gpu_tensorcore_utilization_ratio"]
    for name, values in columns.items():
        expected = table[name].to_numpy(object if name in ("host_or_device", "type", "name") else None)
        assert isinstance(values, np.ndarray) and values.dtype == expected.dtype, name
        assert values.tolist() == expected.tolist(), name


@pytest.mark.parametrize("fixture", ALL_FIXTURES)
def test_hardware_type_is_the_run_envs(fixture: str) -> None:
    """The tool's ``hardware_type`` is read from the perf env (built by its table) in place of the run env:
    the two agree, on one host and combined (each host's OpStats and the profile's)."""
    prof = nbprof.load(HERE / "fixtures" / fixture, cache=False)
    for op_stats in (prof.op_stats(), *(prof.op_stats(host=h) for h in prof.hosts)):
        assert op_stats.perf_env.hardware_type == op_stats.run_env.hardware_type
    fresh = nbprof.load(HERE / "fixtures" / fixture, cache=False)
    assert fresh.framework_op_stats().hardware_type == fresh.op_stats().run_env.hardware_type
