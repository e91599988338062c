"""The memory viewer's view without a browser: its payload carries the result's frames (the heap after
each program point, the peak where the result puts it, the buffers with their lifetimes, the allocation
timeline), agrees with XProf 2.24.2's memory viewer, and its module selector is answered by the kernel
(standalone view and app) — a request it cannot serve says why in the payload, never raises."""

from __future__ import annotations

import json

import numpy as np
import pytest
from fixture_paths import FIXTURES

import nbprof
from nbprof.widgets.app import ProfileApp
from nbprof.widgets.payloads import memory_viewer as payload_module
from nbprof.widgets.registry import view_for

REFERENCE = FIXTURES.parent / "reference"
MIB = 1 << 20
FIXTURES_WITH_HLO = ("jax_mlp_train", "tpu_v6e", "flax_cnn_train")
INJECTION = "<img src=x onerror=alert(1)>"


@pytest.fixture(scope="module")
def profiles():
    cache: dict[str, nbprof.Profile] = {}

    def get(name: str) -> nbprof.Profile:
        if name not in cache:
            cache[name] = nbprof.load(str(FIXTURES / name))
        return cache[name]

    return get


@pytest.mark.parametrize("fixture", FIXTURES_WITH_HLO)
def test_heap_is_memory_after_each_point_and_the_peak_is_on_it(profiles, fixture):
    result = profiles(fixture).memory_viewer()
    p = payload_module.build(result)
    heap, timeline, s = p["heap"], result.heap_timeline, result.summary
    # a point's value is what the result holds at the start of the next point
    assert heap["position"] == timeline["position"].iloc[:-1].tolist()
    assert heap["heap"] == timeline["heap_bytes"].iloc[1:].tolist()
    assert heap["unpadded"] == timeline["unpadded_heap_bytes"].iloc[1:].tolist()
    assert heap["instruction"] == timeline["instruction"].iloc[:-1].astype(str).tolist()
    assert heap["points"] == len(timeline)
    # the peak mark: the result's program point, and the curve is at the result's peak there
    assert p["peak"] == {
        "position": s["peak_position"],
        "bytes": s["peak_bytes"],
        "unpadded_bytes": s["peak_unpadded_bytes"],
    }
    at = heap["position"].index(s["peak_position"])
    assert heap["heap"][at] == s["peak_bytes"] == max(heap["heap"])


@pytest.mark.parametrize("fixture", FIXTURES_WITH_HLO)
def test_payload_agrees_with_xprof(profiles, fixture):
    """XProf's heapSizes are at the start of each program point: the view's curve is the same series one
    point on, and its peak is at XProf's peakHeapSizePosition; the buffers are XProf's maxHeap, in order."""
    xprof = json.loads((REFERENCE / fixture / "memory_viewer.json").read_text())
    p = payload_module.build(profiles(fixture).memory_viewer())
    np.testing.assert_allclose(np.array(p["heap"]["heap"]) / MIB, xprof["heapSizes"][1:], rtol=1e-9)
    assert p["peak"]["position"] == xprof["peakHeapSizePosition"]
    assert p["peak"]["bytes"] / MIB == pytest.approx(xprof["peakHeapMib"], rel=1e-9)
    assert p["module"] == xprof["module"]
    b = p["buffers"]
    assert b["name"] == [o.get("instructionName", o["label"]) for o in xprof["maxHeap"]]  # with XProf's "small" row
    assert b["id"] == [o["logicalBufferId"] for o in xprof["maxHeap"]]
    np.testing.assert_allclose(np.array(b["size"]) / MIB, [o["logicalBufferSizeMib"] for o in xprof["maxHeap"]])
    np.testing.assert_allclose([b["size"][i] / MIB for i in b["by_size"]], xprof["maxHeapBySizeMib"])


@pytest.mark.parametrize("fixture", FIXTURES_WITH_HLO)
def test_buffers_and_blocks_are_the_result_frames(profiles, fixture):
    result = profiles(fixture).memory_viewer()
    p = payload_module.build(result)
    b, frame = p["buffers"], result.buffers
    assert b["name"] == frame["name"].astype(str).tolist()
    assert b["size"] == frame["size_bytes"].tolist() and b["shape"] == frame["shape"].astype(str).tolist()
    assert b["allocation_type"] == frame["allocation_type"].astype(str).tolist()
    assert [b["name"][i] for i in b["by_size"]] == result.buffers_by_size["name"].astype(str).tolist()
    blocks = result.buffer_blocks.set_index("logical_buffer_id")
    for i, (buffer_id, category) in enumerate(zip(b["id"], b["category"])):
        if category == "temporary":  # lives from its allocation to its free, as in the allocation timeline
            assert (b["start"][i], b["end"][i]) == tuple(blocks.loc[buffer_id, ["start_step", "end_step"]]), buffer_id
        elif category == "indefinite":  # arguments and outputs: the whole program
            assert (b["start"][i], b["end"][i]) == (0, len(result.heap_timeline) - 1)
        else:
            assert b["start"][i] is None
    assert p["blocks"]["id"] == result.buffer_blocks["logical_buffer_id"].tolist()
    assert p["blocks"]["offset"] == result.buffer_blocks["offset_bytes"].tolist()
    rows = p["table"]["rows"]
    assert [r[0] for r in rows] == b["name"]  # one table row per buffer, aligned with the charts
    json.dumps(p, allow_nan=False)


def test_module_selector_is_answered_by_the_standalone_view(profiles):
    prof = profiles("flax_cnn_train")
    result = prof.memory_viewer()
    view = view_for(result)
    other = "jit_conv_general_dilated(40)"
    assert other in view.payload["modules"] and other != view.payload["module"]
    view._on_message(view, {"kind": "select", "module": other, "id": "r1"}, [])
    expected = prof.memory_viewer(module=other)
    assert view.payload["module"] == other and view.payload["answers"] == "r1"
    assert view.payload["peak"]["bytes"] == expected.summary["peak_bytes"]
    assert view.payload["static_id"] and view.payload["tool"] == "memory_viewer"
    assert "request_error" not in view.payload


@pytest.mark.parametrize(
    "request_",
    [
        {"kind": "select", "module": "no_such_module(1)"},
        {"kind": "select", "module": INJECTION},
        {"kind": "select", "module": "x" * 100_000},
        {"kind": "select", "module": ["jit_train_step(90)"]},
        {"kind": "select"},
    ],
    ids=["unknown", "markup", "huge", "not-a-string", "missing"],
)
def test_a_request_it_cannot_serve_says_why(profiles, request_):
    view = view_for(profiles("flax_cnn_train").memory_viewer())
    before = dict(view.payload)
    view._on_message(view, request_, [])
    after = view.payload
    assert after["module"] == before["module"] and after["peak"] == before["peak"]
    assert after["request_error"].startswith("no HLO module") and "choose one from the list" in after["request_error"]
    assert len(after["request_error"]) < 200
    json.dumps(after, allow_nan=False)


def test_a_module_that_fails_to_compute_says_why(profiles, monkeypatch):
    result = profiles("jax_mlp_train").memory_viewer()
    view = view_for(result)

    def broken(module: str):
        raise RuntimeError(f"cannot decode {module}")

    monkeypatch.setattr(result, "_compute", broken)
    view._on_message(view, {"kind": "select", "module": "jit_multiply(12)"}, [])
    assert view.payload["module"] == "jit_train_step(30)"
    assert view.payload["request_error"] == "module jit_multiply(12): cannot decode jit_multiply(12)"
    view._on_message(view, {"kind": "something else", "module": "jit_multiply(12)"}, [])  # ignored
    assert view.payload["module"] == "jit_train_step(30)"


def test_app_answers_the_module_selector_for_the_host_shown(profiles):
    prof = profiles("jax_two_hosts")
    app = ProfileApp(prof, tool="memory_viewer")
    first = app.view.payload
    host = prof.hosts[1]
    app.host = host
    default = app.view.payload
    assert default["host"] == host and default["module"] != ""
    other = next(m for m in default["modules"] if m != default["module"])
    app._on_request(app.view, {"kind": "select", "tool": "memory_viewer", "host": host, "module": other, "id": 7}, [])
    shown = app.view.payload
    assert shown["module"] == other and shown["host"] == host and shown["tool"] == "memory_viewer"
    assert shown["peak"]["bytes"] == prof.for_host(host).memory_viewer(module=other).summary["peak_bytes"]
    assert app.payload("memory_viewer", host) is shown  # kept: coming back to the tab shows it
    # requests for another tool, an unknown host or of the wrong shape change nothing
    for bad in (
        {"kind": "select", "tool": "overview", "host": host, "module": other},
        {"kind": "select", "tool": "memory_viewer", "host": "nowhere", "module": other},
        {"kind": "select", "tool": ["memory_viewer"], "host": host, "module": other},
        "select",
    ):
        app._on_request(app.view, bad, [])
        assert app.view.payload is shown
    app.host = ""
    assert app.view.payload == first


def test_without_hlo_protos_the_view_says_why(profiles):
    p = payload_module.build(profiles("tf_keras_fit").memory_viewer())
    assert p["available"] is False and "no HLO module protos" in p["reason"]
