"""tf_data_bottleneck on the TF fixtures' real ``Iterator::`` events.

XProf 2.24 has no reference for this tool (it no longer ships it), so the tests check the
definitions of its former converter against the raw events: runs = root iterator events,
latencies = their durations, slow calls > 50 µs, self time = duration minus overlap with
graph children, the bottleneck = the blocking iterator with the longest self time.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest
from fixture_paths import load_fixture

from nbprof.tools.tf_data import SLOW_CALL_THRESHOLD_PS, TfDataBottleneck, bottleneck_type, tf_data_bottleneck

HERE = Path(__file__).parent


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


@functools.cache
def analysis(fixture: str) -> TfDataBottleneck:
    return tf_data_bottleneck(load(fixture).op_stats())


def root_events(fixture: str):
    ev = load(fixture).events
    names = ev["name"].astype(str)
    return ev[(ev["plane"] == "/host:CPU") & names.str.startswith("Iterator::") & (names.str.count("::") == 1)]


@pytest.mark.parametrize("fixture", ["tf_custom_loop", "tf_keras_fit", "tf_cpu_bfc_memory", "gpu_v100"])
def test_pipeline_runs_and_latencies_come_from_root_iterator_events(fixture):
    result = analysis(fixture)
    roots = root_events(fixture)
    assert result.pipelines["num_runs"].sum() == len(roots)
    assert result.pipelines["max_latency_ps"].max() == roots["duration_ps"].max()
    assert result.pipelines["min_latency_ps"].min() == roots["duration_ps"].min()
    assert result.pipelines["num_slow_calls"].sum() == int((roots["duration_ps"] > SLOW_CALL_THRESHOLD_PS).sum())
    # Pipelines are ranked by their slowest run; the summary names the first one.
    assert list(result.pipelines["max_latency_ps"]) == sorted(result.pipelines["max_latency_ps"], reverse=True)
    assert result.summary["input_pipeline"] == result.pipelines["input_pipeline"].iloc[0]
    assert result.summary["is_input_bound"] == (roots["duration_ps"].max() > SLOW_CALL_THRESHOLD_PS)


@pytest.mark.parametrize("fixture", ["tf_custom_loop", "tf_keras_fit", "tf_cpu_bfc_memory", "gpu_v100"])
def test_bottleneck_is_the_longest_self_time_on_the_critical_path(fixture):
    result = analysis(fixture)
    top = result.pipelines["input_pipeline"].iloc[0]
    nodes = result.graph[result.graph["input_pipeline"] == top]
    blocking = nodes[nodes["is_blocking"]]
    bottleneck = nodes[nodes["is_bottleneck"]]
    assert len(bottleneck) == 1
    assert bottleneck["self_time_ps"].iloc[0] == blocking["self_time_ps"].max()
    assert bottleneck["long_name"].iloc[0] == result.summary["iterator_long_name"]
    assert result.critical_path == list(blocking.sort_values(["depth", "start_time_ps"])["long_name"])
    assert result.critical_path[0].count("::") == 1  # starts at the root iterator
    # The graph is rebuilt from long names: every non-root node's parent is a node too.
    non_root = nodes[nodes["depth"] > 0]
    assert set(non_root["parent_long_name"]) <= set(nodes["long_name"])
    assert (nodes["self_time_ps"] <= nodes["duration_ps"]).all()
    assert result.summary["suggestion"]


def test_root_self_time_is_duration_minus_overlap_with_its_nested_iterator():
    result = analysis("tf_custom_loop")
    ev = load("tf_custom_loop").events
    roots = root_events("tf_custom_loop")
    slowest = roots.loc[roots["duration_ps"].idxmax()]
    child = ev[(ev["parent"] == slowest.name) & ev["name"].astype(str).str.startswith("Iterator::")].iloc[0]
    overlap = min(slowest["end_ps"], child["end_ps"]) - max(slowest["start_ps"], child["start_ps"])
    node = result.graph[result.graph["long_name"] == "Iterator::Root"].iloc[0]
    assert node["self_time_ps"] == slowest["duration_ps"] - overlap
    assert node["num_calls"] == 1 and node["duration_ps"] == slowest["duration_ps"]


def test_producer_iterators_on_other_threads_are_linked():
    result = analysis("tf_custom_loop")
    names = set(result.graph["long_name"])
    # MapAndBatch runs on a tf.data thread, reached only through Prefetch's produce/consume link.
    assert "Iterator::Root::Prefetch::MapAndBatch" in names
    assert "Iterator::Root::Prefetch::MapAndBatch::ParallelMapV2::TensorSlice" in names
    assert any("consumer to its producer" in n for n in result.notes)


def test_generator_source_gets_the_slow_source_suggestion():
    result = analysis("gpu_v100")
    assert result.summary["iterator_name"] == "Generator"
    assert result.summary["bottleneck_type"] == "slow_source"
    assert len(result.pipelines) == 2


def test_bottleneck_types():
    assert bottleneck_type("TFRecord") == "slow_source"
    assert bottleneck_type("Map") == "parallelizable"
    assert bottleneck_type("BatchV2") == "sequential"
    assert bottleneck_type("Prefetch") == "other"


def test_no_tf_data_in_jax_profile():
    result = analysis("jax_mlp_train")
    assert not result.summary["is_input_bound"]
    assert len(result.pipelines) == 0 and result.critical_path == []
    assert "No tf.data activity" in repr(result)


def test_a_profile_without_tf_data_gives_the_same_pipeline_columns():
    """Code reading ``pipelines`` (e.g. ``max_latency_ps``) works whether or not the profile has tf.data."""
    assert list(analysis("jax_mlp_train").pipelines.columns) == list(analysis("tf_keras_fit").pipelines.columns)


def test_repr_is_text():
    text = repr(analysis("tf_keras_fit"))
    assert "critical path" in text and "<" in text.splitlines()[0]
    assert np.isfinite(analysis("tf_keras_fit").summary["max_latency_us"])
