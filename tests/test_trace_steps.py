"""Step names on the timeline (XProf's ``step_name``) and where the viewer opens."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import nbprof
from nbprof.trace.model import TraceModel
from nbprof.trace.opening import OPEN_EVENTS
from tests.trace_builder import build_trace_profile

FIXTURES = Path("tests/fixtures")
REFERENCE = Path("tests/reference")
STEPPED = [
    "jax_mlp_train",
    "jax_mlp_train_pytrace",
    "flax_cnn_train",
    "tf_keras2_fit",
    "tf_keras2_input_bound",
    "torch_xla_train",
    "tf_cpu_bfc_memory",
    "tf_custom_loop",
    "gpu_v100",
]
# Not jax_gpu_train / flax_cnn_gpu: XProf derives their steps from GPU events and draws them on a derived
# "Steps" line of the GPU plane, which nbprof's timeline does not draw yet (the host's "train N" spans show).


def xprof_steps(fixture: str) -> list[tuple[str, float]]:
    """(step name, step time in ms) of the steps XProf's input-pipeline tool lists."""
    steps = json.loads((REFERENCE / fixture / "input_pipeline_analyzer.json").read_text())["steps"]
    assert steps["cols"][0] == "stepnum" and steps["cols"][-1] == "stepTimeMs"
    return [(row[0], row[-1]) for row in steps["rows"]]


def shown_names(model: TraceModel) -> np.ndarray:
    """The name the viewer draws for every index position (what viewport replies carry)."""
    return np.asarray(model.index.full_names, dtype=object)[model.index.name]


@pytest.mark.parametrize("fixture", STEPPED)
def test_step_events_carry_xprofs_step_names(fixture):
    model = TraceModel(nbprof.load(FIXTURES / fixture))
    names = shown_names(model)
    duration_ms = (model.index.end - model.index.start) / 1e9
    steps = xprof_steps(fixture)
    assert steps
    for name, step_ms in steps:  # each step XProf lists is an event of that name lasting its step time
        assert np.abs(duration_ms[names == name] - step_ms).min() < 1e-6, name
    # and the viewport reply, the details pane and the search use that name
    name, _ = steps[0]
    pos = int(np.flatnonzero(names == name)[0])
    row = int(model.index.row[pos])
    reply = model.query(int(model.index.start[pos]), int(model.index.end[pos]), 400)
    assert name in reply["names"]
    details = model.details(row)
    assert details["name"] == name
    assert details["event_name"] in ("", str(model.profile.events["name"].iat[row]))
    assert model.run_search(name)["count"] >= 1


def test_implicit_roots_keep_their_names():
    prof = nbprof.load(FIXTURES / "tf_keras2_fit")
    model = TraceModel(prof)
    ev = prof.events
    function_runs = np.flatnonzero(((ev["name"] == "FunctionRun") & ev["_r"].notna()).to_numpy())
    assert len(function_runs) > 0
    assert not set(function_runs.tolist()) & set(model.steps.names)
    train = np.flatnonzero(((ev["name"] == "train") & ev["_r"].notna()).to_numpy())
    assert [model.steps.names[r] for r in train] == [f"train {n}" for n in ev["step_num"].iloc[train]]


def test_a_profile_without_step_markers_keeps_its_names():
    prof = nbprof.load(FIXTURES / "tf_keras_fit")  # Keras 3 marks batches without _r: XProf finds no steps
    assert xprof_steps("tf_keras_fit") == []
    model = TraceModel(prof)
    assert model.steps.names == {}


@pytest.mark.parametrize("fixture", ["jax_mlp_train", "flax_cnn_train", "tf_keras2_fit", "torch_xla_train"])
def test_the_viewer_opens_on_the_first_steps_xprof_analyses(fixture):
    prof = nbprof.load(FIXTURES / fixture)
    viewer = prof.trace()
    model = viewer.model
    names = shown_names(model)
    first = [name for name, _ in xprof_steps(fixture)[:3]]  # XProf leaves out the first step
    pos = np.flatnonzero(np.isin(names, first))
    a, b = int(model.index.start[pos].min()), int(model.index.end[pos].max())
    start, end = viewer.time_range
    assert start <= a and end >= b
    assert end - start <= 1.05 * (b - a)
    s0, s1 = model.span
    assert end - start < (s1 - s0) / 3


def _compress(prof, lo_ratio: float, hi_ratio: float, factor: int):
    """Squeeze the events in [lo, hi) of the span ``factor`` times (a monotonic time map keeps
    nesting), so that stretch becomes the densest."""
    ev = prof.events
    s0, s1 = int(ev["start_ps"].min()), int(ev["end_ps"].max())
    lo, hi = s0 + int((s1 - s0) * lo_ratio), s0 + int((s1 - s0) * hi_ratio)

    def squeeze(t: np.ndarray) -> np.ndarray:
        inside = lo + (np.clip(t, lo, hi) - lo) // factor
        return np.where(t < lo, t, np.where(t < hi, inside, t - (hi - lo) + (hi - lo) // factor))

    start, end = squeeze(ev["start_ps"].to_numpy()), squeeze(ev["end_ps"].to_numpy())
    ev["start_ps"], ev["end_ps"], ev["duration_ps"] = start, end, end - start
    return lo, lo + (hi - lo) // factor


def test_without_steps_the_viewer_opens_on_the_densest_stretch():
    prof = build_trace_profile(60_000, seed=7, n_devices=0, host_threads=3)
    burst = _compress(prof, 0.60, 0.70, 50)
    model = TraceModel(prof)
    assert len(model.steps.rows) == 0
    start, end = model.opening
    pad = 0.05 * (end - start)  # the window is padded by 2% of its width on each side
    assert burst[0] - pad <= start < end <= burst[1] + pad
    starts = np.sort(model.index.start)
    inside = np.searchsorted(starts, end) - np.searchsorted(starts, start)
    assert inside >= OPEN_EVENTS
    best = (np.searchsorted(starts, starts + (end - start)) - np.arange(len(starts))).max()
    assert inside >= best / 2  # within a factor of two of the densest window of that width


def test_a_small_trace_opens_whole():
    prof = build_trace_profile(1_000, seed=1, n_devices=0, host_threads=1, memory_events=100)
    prof.events = prof.events.iloc[:OPEN_EVENTS].copy()
    model = TraceModel(prof)
    assert 0 < len(model.index) <= OPEN_EVENTS and model.opening == model.span
