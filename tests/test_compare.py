"""compare(before, after) on real fixture pairs (same program, different captures)."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest
from fixture_paths import load_fixture

from nbprof import compare
from nbprof.errors import NbprofError
from nbprof.tools.compare import OP_COLUMNS, STEP_COLUMNS, Comparison

HERE = Path(__file__).parent


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


@functools.cache
def comparison(before: str, after: str) -> Comparison:
    return compare(load(before), load(after))


def test_profile_against_itself_has_no_changes():
    result = comparison("tf_custom_loop", "tf_custom_loop")
    assert list(result.ops.columns) == OP_COLUMNS and list(result.step_time.columns) == STEP_COLUMNS
    assert set(result.ops["status"]) == {"same"}
    assert np.allclose(result.ops["delta_us"], 0)
    assert len(result.slower) == len(result.faster) == len(result.new) == len(result.vanished) == 0
    assert result.summary["speedup"] == pytest.approx(1.0)
    assert np.allclose(result.step_time["delta_ms"].fillna(0), 0)


def test_step_time_rows_are_means_of_the_steps_in_analysis():
    result = comparison("jax_mlp_train", "jax_mlp_train_pytrace")
    for label, fixture in (("before_ms", "jax_mlp_train"), ("after_ms", "jax_mlp_train_pytrace")):
        steps = load(fixture).steps
        steps = steps[steps["in_analysis"]]
        row = result.step_time.set_index("metric")
        assert row.loc["step_time", label] == pytest.approx(steps["duration_ps"].mean() / 1e9)
        assert row.loc["host_compute", label] == pytest.approx(steps["host_compute_ps"].mean() / 1e9)
    s = result.summary
    assert s["speedup"] == pytest.approx(s["step_time_ms_before"] / s["step_time_ms_after"])


def test_jax_cpu_falls_back_to_events_and_finds_python_tracer_events_new():
    result = comparison("jax_mlp_train", "jax_mlp_train_pytrace")
    assert result.summary["level"] == "events"
    assert any("per event name" in n for n in result.notes)
    # The Python tracer adds '$file.py:line function' events that the plain capture lacks.
    new = result.ops[result.ops["status"] == "new"]
    assert len(new) > 0 and new["name"].str.startswith("$").any()
    assert (new["before_us"] == 0).all() and (new["after_us"] > 0).all()
    assert list(result.new["delta_us"]) == sorted(result.new["delta_us"], reverse=True)


def test_framework_ops_per_step_match_framework_op_stats():
    result = comparison("tf_custom_loop", "tf_cpu_bfc_memory")
    assert result.summary["level"] == "framework" and result.summary["normalization"] == "per_step"
    before = load("tf_custom_loop").framework_op_stats(include_idle=False).table
    n_steps = len(load("tf_custom_loop").steps)
    row = result.ops.set_index(["host_or_device", "name"]).loc[("Host", "EagerPyFunc")]
    ref = before[before["name"] == "EagerPyFunc"]["total_self_time_us"].iloc[0]
    assert row["before_us"] == pytest.approx(ref / n_steps)
    slower, faster = result.slower, result.faster
    assert (slower["delta_us"] > 0).all() and (faster["delta_us"] < 0).all()
    assert list(slower["delta_us"]) == sorted(slower["delta_us"], reverse=True)
    assert "IDLE" not in set(result.ops["name"])


def test_profile_without_steps_compares_totals():
    no_steps = load("tf_keras_fit")  # Keras 3's callback marks no steps XProf (or nbprof) can use
    assert len(no_steps.steps) == 0
    result = compare(no_steps, load("tf_custom_loop"))
    assert result.summary["normalization"] == "total"
    assert result.summary["speedup"] is None
    assert any("no steps found" in n for n in result.notes)
    assert "not measured" in repr(result)


def test_bad_level_is_rejected():
    with pytest.raises(NbprofError, match="level"):
        compare(load("jax_mlp_train"), load("jax_mlp_train"), level="hlo")
