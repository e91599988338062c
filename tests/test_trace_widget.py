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


def test_prof_trace_opens_the_whole_trace(prof):
    viewer = prof.trace()
    assert isinstance(viewer, TraceViewer)
    ev = prof.events[~prof.events["aggregated"]]
    assert viewer.time_range == [ev["start_ps"].min(), ev["end_ps"].max()]
    state = viewer.get_state()
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
        "start_ps": viewer.time_range[0],
        "end_ps": viewer.time_range[1],
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
    reply = viewer.query(*viewer.time_range, 800)
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
        {"type": "box", "rid": 2, "start_ps": viewer.time_range[0], "end_ps": viewer.time_range[1] + 1, "lanes": lanes},
        [],
    )
    assert sent[-1]["count"] == len(viewer.selection) == (~prof.events["aggregated"]).sum()


def test_unknown_arguments_are_refused(prof):
    with pytest.raises(TypeError, match="unexpected"):
        TraceViewer(prof, colour="red")
