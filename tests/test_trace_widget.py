"""``prof.trace()``: the TraceViewer widget's Python side (traits, comm replies, selection, filters)."""

from __future__ import annotations

import numpy as np
import pytest
import traitlets

import nbprof
from nbprof.trace.index import split_binary
from nbprof.widgets.trace import TraceViewer

FIXTURES = "tests/fixtures"


@pytest.fixture(scope="module")
def prof(load_fixture):
    return load_fixture("gpu_v100")


def test_prof_trace_shows_the_whole_trace_one_key_away(prof):
    viewer = prof.trace()
    assert isinstance(viewer, TraceViewer)
    ev = prof.events[~prof.events["aggregated"]]
    state = viewer.get_state()
    whole = [state["tracks_layout"]["start_ps"], state["tracks_layout"]["end_ps"]]
    assert whole == [ev["start_ps"].min(), ev["end_ps"].max()] == list(viewer.model.span)  # key 0 / Fit
    start, end = viewer.time_range  # it opens on the first step of GPU:4's Steps line (XProf: step "0")
    step = ev[(ev["plane"] == "/device:GPU:4") & (ev["line"] == "Steps")].iloc[0]
    pad = (step["end_ps"] - step["start_ps"]) * 0.02
    assert start == pytest.approx(step["start_ps"] - pad, abs=1) and end == pytest.approx(step["end_ps"] + pad, abs=1)
    assert state["tracks_layout"]["n_events"] == len(ev)
    assert [s["name"] for s in state["tracks_layout"]["sections"]][-1] == "Host threads"
    assert "trace" in str(viewer._esm) or "render" in str(state["_esm"])


def test_time_range_is_settable_and_checked(prof):
    viewer = TraceViewer(prof, time_range=(10, 10_000))
    assert viewer.time_range == [10, 10_000]
    viewer.time_range = [5, 500]
    assert viewer.time_range == [5, 500]
    with pytest.raises(traitlets.TraitError):
        viewer.time_range = [500, 5]


def test_query_is_what_the_comm_sends(prof):
    viewer = TraceViewer(prof)
    sent = []
    viewer.send = lambda content, buffers=None: sent.append((content, buffers))
    msg = {
        "type": "viewport",
        "rid": 7,
        "start_ps": viewer.model.span[0],
        "end_ps": viewer.model.span[1],
        "width_px": 900,
        "tracks": None,
    }
    viewer._on_request(viewer, msg, [])
    ((content, buffers),) = sent
    expected_content, expected_buffers = split_binary(viewer.query(msg["start_ps"], msg["end_ps"], 900))
    assert content == {**expected_content, "rid": 7}
    assert [bytes(b) for b in buffers] == [bytes(b) for b in expected_buffers]
    assert content["n_items"] > 0


def test_show_tracks_filters_what_is_drawn(prof):
    viewer = TraceViewer(prof)
    viewer.show_tracks("Steps")
    shown = viewer.tracks[viewer.tracks["shown"]]
    assert set(shown["name"]) == {"Steps"} and len(shown) == 2  # GPU:4 and GPU:6
    reply = viewer.query(*viewer.model.span, 800)
    lanes = set(reply["lane"].tolist())
    assert lanes == {viewer.model.layout.tracks[i].lane0 for i in shown["id"]}
    assert sorted(viewer.hidden_tracks) == sorted(set(viewer.tracks["id"]) - set(shown["id"]))
    viewer.show_tracks()
    assert viewer.tracks["shown"].all() and viewer.hidden_tracks == []
    TraceViewer(prof, tracks=["/device:GPU:6"])  # by section name as well
    with pytest.raises(nbprof.errors.NbprofError):
        viewer.show_tracks("no such thing")


def test_selection_follows_clicks_and_boxes(prof):
    viewer = TraceViewer(prof)
    sent = []
    viewer.send = lambda content, buffers=None: sent.append(content)
    row = int(np.flatnonzero(prof.events["name"].astype(str).str.contains("MemcpyH2D").to_numpy())[0])
    viewer._on_request(viewer, {"type": "details", "rid": 1, "row": row}, [])
    assert sent[-1]["name"] == str(prof.events["name"].iat[row])
    assert viewer.selection.equals(prof.events.iloc[[row]])
    lanes = list(range(viewer.model.layout.n_lanes))
    viewer._on_request(
        viewer,
        {"type": "box", "rid": 2, "start_ps": viewer.model.span[0], "end_ps": viewer.model.span[1] + 1, "lanes": lanes},
        [],
    )
    assert sent[-1]["count"] == len(viewer.selection) == (~prof.events["aggregated"]).sum()


def test_unknown_arguments_are_refused(prof):
    with pytest.raises(TypeError, match="unexpected"):
        TraceViewer(prof, colour="red")


def test_height_is_bounded(prof):
    viewer = TraceViewer(prof, height=300)
    viewer.height = 900  # what the view's resize handle sends
    assert viewer.get_state()["height"] == 900
    for bad in (0, 10**6):
        with pytest.raises(traitlets.TraitError, match="height"):
            viewer.height = bad


def test_every_comm_message_gets_a_reply(prof):
    viewer = TraceViewer(prof)
    sent = []
    viewer.send = lambda content, buffers=None: sent.append((content, buffers))
    for junk in ([1, 2], "viewport", None, {"type": "viewport", "start_ps": None, "rid": 3}):
        viewer._on_request(viewer, junk, [])
    assert [c["type"] for c, _ in sent] == ["error"] * 4
    assert sent[-1][0]["rid"] == 3 and "start_ps must be a number" in sent[-1][0]["error"]
