"""Widget machinery without a browser: dispatch, payloads (numbers equal the analysis frames,
JSON-safe, bounded), the app's tool/host protocol, and the offline HTML export."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURES

import nbprof
from nbprof.errors import NbprofError
from nbprof.tools.memory_profile import MemoryProfile
from nbprof.tools.registry import TOOLS as REGISTERED_TOOLS
from nbprof.widgets._base import esm_path
from nbprof.widgets.app import ProfileApp, host_options
from nbprof.widgets.html_export import to_html
from nbprof.widgets.payloads import framework_op_stats as fos_payload
from nbprof.widgets.payloads import memory_profile as mem_payload
from nbprof.widgets.payloads._common import table
from nbprof.widgets.registry import APP_TOOLS, VIEWS, view_for
from nbprof.widgets.tools import TOOLS, compute_payload


@pytest.fixture(scope="module")
def profiles(load_fixture):
    return load_fixture


def test_every_view_has_a_built_bundle():
    for tool in [*TOOLS, "app"]:
        if tool == "trace":
            continue
        text = esm_path(tool).read_text()
        assert "export" in text and "http://" not in text.replace("http://www.w3.org/2000/svg", "")


def test_views_are_keyed_by_registered_tool_ids():
    assert set(VIEWS) <= set(REGISTERED_TOOLS) and {"memory_viewer", "roofline", "compare"} <= set(VIEWS)
    # the app's tabs: one profile's tools; compare (two profiles) is a view of its own only
    assert APP_TOOLS == [t for t in REGISTERED_TOOLS if (t in VIEWS and t != "compare") or t == "trace"]
    assert "compare" not in APP_TOOLS and {"memory_viewer", "roofline"} <= set(APP_TOOLS)
    assert TOOLS == APP_TOOLS


def test_view_for_dispatches_every_result(profiles):
    prof = profiles("gpu_v100")
    results = {
        "overview": prof.overview(), "input_pipeline": prof.input_pipeline(), "tf_data": prof.tf_data_bottleneck(),
        "framework_op_stats": prof.framework_op_stats(), "op_profile": prof.op_profile(),
        "kernel_stats": prof.kernel_stats(), "memory_profile": prof.memory_profile(), "pod_viewer": prof.pod_viewer(),
    }  # fmt: skip
    for tool, result in results.items():
        assert result.tool == tool
        view = view_for(result)
        assert view is not None, tool
        assert view.payload["tool"] == tool, tool
        if tool == "op_profile":  # TF on GPU: no XLA ops, and the view says so
            assert view.payload["available"] is False and "no XLA ops" in view.payload["reason"]
        else:
            assert view.payload["available"] is not False, tool
        assert view._esm == esm_path(tool).read_text()
        json.dumps(view.payload, allow_nan=False)
        bundle = result._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert "application/vnd.jupyter.widget-view+json" in data
        assert data["text/plain"] == result.summary_text() == repr(result)
    bundle = prof._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data and data["text/plain"] == repr(prof)
    assert view_for(pd.DataFrame({"a": [1]})) is None
    assert view_for(object()) is None


def test_op_profile_payload_rows_equal_the_frame(profiles):
    result = profiles("tpu_v6e").op_profile()
    frame = result.tree
    tree = view_for(result).payload["trees"]["category"]
    got = pd.DataFrame(tree["rows"], columns=tree["fields"])
    assert len(got) == len(frame)
    np.testing.assert_array_equal(got["node_id"], frame["node_id"])
    np.testing.assert_array_equal(got["time_ps"], frame["time_ps"])
    np.testing.assert_allclose(
        got["flops_utilization"].astype(float), frame["flops_utilization_ratio"], rtol=1e-6, atol=1e-9
    )
    assert got["name"].tolist() == frame["name"].astype(str).tolist()


def test_framework_op_stats_payload_and_idle_totals(profiles):
    prof = profiles("gpu_v100")
    result = prof.framework_op_stats()
    frame = result.table
    payload = fos_payload.build(result)
    rows = pd.DataFrame(payload["table"]["rows"], columns=[c["id"] for c in payload["table"]["columns"]])
    assert len(rows) == len(frame)
    assert rows["total_self_time_us"].sum() == pytest.approx(frame["total_self_time_us"].sum(), rel=1e-9)
    # what the browser does without idle equals the analysis with include_idle=False
    t = payload["totals"]
    no_idle = prof.framework_op_stats(include_idle=False).table
    host = no_idle[no_idle["host_or_device"] == "Host"].iloc[0]
    assert 100 * host["total_self_time_us"] / (t["host"] - t["host_idle"]) == pytest.approx(
        host["host_self_time_pct"], rel=1e-6
    )


def test_memory_timeline_sampling_keeps_the_peak():
    rng = np.random.default_rng(0)
    in_use = rng.integers(0, 1000, 1_000_000)
    in_use[654_321] = 5000
    rows = mem_payload.sample_indices(in_use)
    assert len(rows) <= mem_payload.MAX_POINTS + 2
    assert 654_321 in rows and rows[0] == 0 and rows[-1] == len(in_use) - 1
    assert np.all(np.diff(rows) > 0)


def test_large_results_give_small_payloads():
    n = 1_000_000
    big = pd.DataFrame({
        "host_or_device": np.where(np.arange(n) % 2, "Host", "Device"), "type": "MatMul",
        "name": pd.Series(np.arange(n)).astype(str), "occurrences": 1, "total_time_us": np.linspace(1, 2, n),
        "avg_time_us": 1.0, "total_self_time_us": np.linspace(1, 2, n), "avg_self_time_us": 1.0,
        "device_self_time_pct": 0.0, "host_self_time_pct": 0.0,
    })  # fmt: skip
    payload = fos_payload.build(SimpleNamespace(table=big))
    assert len(payload["table"]["rows"]) == 5000 and payload["table"]["total_rows"] == n
    assert any("5,000 of 1,000,000" in note for note in payload["notes"])
    assert len(json.dumps(payload)) < 2_000_000

    timeline = pd.DataFrame(  # a memory profile of one million allocator events
        {
            "time_ms": np.arange(n) / 1e3,
            "heap_bytes": np.arange(n) % 977,
            "stack_bytes": 0,
            "free_bytes": 10,
            "in_use_bytes": np.arange(n) % 977,
            "tf_op": "op",
            "kind": "allocation",
        }
    )
    result = MemoryProfile(
        memory_id="GPU_0_bfc",
        memory_ids=["GPU_0_bfc"],
        summary={"peak_bytes_in_use": 976, "capacity_bytes": 4096},
        timeline=timeline,
        breakdown=pd.DataFrame({"tf_op": ["op"], "allocation_bytes": [5]}),
    )

    mem = mem_payload.build(result)
    tl = mem["profiles"]["GPU_0_bfc"]["timeline"]
    assert len(tl["time_ms"]) <= mem_payload.MAX_POINTS + 2 and tl["sampled_from"] == n
    assert max(tl["heap"]) == 976


def test_table_is_json_safe():
    frame = pd.DataFrame(
        {"a": [1.5, np.nan, np.inf], "b": pd.array([1, None, 3], dtype="Int64"), "c": pd.Categorical(["x", None, "z"])}
    )
    t = table(frame, [("a", "A", "num"), ("b", "B", "int"), ("c", "C", "str"), ("missing", "M", "str")])
    assert [c["id"] for c in t["columns"]] == ["a", "b", "c"]
    assert t["rows"] == [[1.5, 1, "x"], [None, None, None], [None, 3, "z"]]
    json.dumps(t, allow_nan=False)


def test_app_switches_tool_and_host(tmp_path, profiles):
    run = tmp_path / "plugins" / "profile" / "run1"
    run.mkdir(parents=True)
    for host, fixture in (("worker0", "jax_mlp_train"), ("worker1", "tf_cpu_bfc_memory")):
        (run / f"{host}.xplane.pb").write_bytes(
            next((FIXTURES / fixture).glob("plugins/profile/*/*.xplane.pb")).read_bytes()
        )
    prof = nbprof.load(str(tmp_path))
    assert [h["id"] for h in host_options(prof)] == ["", "worker0", "worker1"]
    app = ProfileApp(prof)
    assert app.view.payload["tool"] == "overview" and app.children == (app.view,)
    app.view.tool = "memory_profile"  # what a tab click does
    assert app.view.payload["tool"] == "memory_profile"
    app.view.host = "worker1"  # what the host selector does
    assert app.view.payload["host"] == "worker1"
    expected = prof.for_host("worker1").memory_profile().summary["peak_bytes_in_use"]
    selected = app.view.payload["selected"]
    summary = {row[3]: row[1] for row in app.view.payload["profiles"][selected]["summary"]}
    assert summary["peak_bytes_in_use"] == expected
    app.view.host = "worker0"
    assert app.view.payload["memory_ids"] == []
    with pytest.raises(NbprofError, match="unknown tool"):
        app.tool = "nope"


def test_app_shows_a_failing_tool_as_not_available(profiles, monkeypatch):
    prof = profiles("jax_mlp_train")

    class Boom(NbprofError):
        pass

    def fail(*args, **kwargs):
        raise Boom("kernel stats need a GPU profile")

    monkeypatch.setattr(type(prof), "kernel_stats", fail)
    payload = compute_payload(prof, "kernel_stats")
    assert payload == {
        **payload,
        "available": False,
        "reason": "kernel stats need a GPU profile",
        "tool": "kernel_stats",
    }


def test_app_trace_tab_adds_the_trace_viewer(profiles):
    app = ProfileApp(profiles("jax_mlp_train"))
    app.tool = "trace"
    assert len(app.children) == 2 and app.children[0] is app.view
    app.tool = "overview"
    assert app.children == (app.view,)


def test_to_html_is_one_offline_file(profiles, tmp_path):
    prof = profiles("tf_keras_fit")
    ops = prof.framework_op_stats()
    path = to_html(prof, tmp_path / "r.html")
    text = path.read_text()
    assert re.findall(r"<(?:script|link|img|iframe)[^>]*(?:src|href)=", text) == []
    state = json.loads(
        re.search(r'<script id="nbprof-state" type="application/json">(.*?)</script>', text, re.S).group(1)
    )
    assert set(state["payloads"][""]) == set(APP_TOOLS)
    assert state["payloads"][""]["framework_op_stats"]["table"]["total_rows"] == len(ops.table)


def test_to_html_escapes_script_breakers(profiles, tmp_path, monkeypatch):
    prof = profiles("jax_mlp_train")
    evil = "</script><script>alert(1)</script>"
    original = prof.framework_op_stats

    def hacked(include_idle=True):
        result = original(include_idle=include_idle)
        result.table.loc[result.table.index[0], "name"] = evil
        return result

    monkeypatch.setattr(prof, "framework_op_stats", hacked)
    text = to_html(prof, tmp_path / "evil.html", tools=["framework_op_stats"]).read_text()
    assert evil not in text
    assert text.count("</script>") == 2  # the state block and the module script
