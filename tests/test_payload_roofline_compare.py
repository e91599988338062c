"""The roofline and compare views without a browser: their payloads carry the results' numbers (roofs,
ridge and points as XProf 2.24.2 has them; before/after step times and op tables), say in one sentence
why a chart lacks roofs or points, and keep compare out of the app's tabs."""

from __future__ import annotations

import json

import numpy as np
import pytest
from fixture_paths import FIXTURES

import nbprof
from nbprof.widgets.app import ProfileApp
from nbprof.widgets.payloads import compare as compare_payload
from nbprof.widgets.payloads import roofline as roofline_payload
from nbprof.widgets.registry import view_for

REFERENCE = FIXTURES.parent / "reference"


@pytest.fixture(scope="module")
def profiles():
    cache: dict[str, nbprof.Profile] = {}

    def get(name: str) -> nbprof.Profile:
        if name not in cache:
            cache[name] = nbprof.load(str(FIXTURES / name))
        return cache[name]

    return get


def xprof_roofline(fixture: str) -> dict:
    data = json.loads((REFERENCE / fixture / "roofline_model.json").read_text())
    return data[0] if isinstance(data, list) else data


@pytest.mark.parametrize("fixture", ["tpu_v6e", "amd_mi300x_gemm"])
def test_roofs_and_ridge_are_xprofs(profiles, fixture):
    p = roofline_payload.build(profiles(fixture).roofline())
    device, ref = p["device"], xprof_roofline(fixture)["p"]
    assert device["device_type"] == ref["device_type"]
    assert device["peak_flop_rate_gflops"] == pytest.approx(float(ref["peak_flop_rate"]), rel=1e-5)
    assert device["peak_hbm_bw_gibps"] == pytest.approx(float(ref["peak_hbm_bw"]), rel=1e-5)
    assert device["ridge_point"] == pytest.approx(float(ref["hbm_ridge_point"]), rel=1e-5)
    # the slanted roof in GB/s meets the flat one at the ridge
    assert device["ridge_point"] * device["peak_hbm_bw_gbps"] == pytest.approx(device["peak_flop_rate_gflops"])


def test_tpu_points_are_the_ops_with_flops_and_the_program_is_xprofs(profiles):
    result = profiles("tpu_v6e").roofline()
    p = roofline_payload.build(result)
    ops = result.table[result.table["category"] != "Program"]
    placed = ops[(ops["flop_rate_gflops"] > 0) & (ops["hbm_operational_intensity"] > 0)]
    assert len(placed) == 4 and p["points"]["row"] == placed["rank"].tolist()
    np.testing.assert_allclose(p["points"]["flop_rate"], placed["flop_rate_gflops"], rtol=1e-8)
    np.testing.assert_allclose(p["points"]["intensity"], placed["hbm_operational_intensity"], rtol=1e-8)
    assert p["points"]["bound_by"] == placed["bound_by"].tolist()
    assert p["points"]["time_ps"] == placed["total_time_ps"].tolist()
    program = xprof_roofline("tpu_v6e")["rows"][0]  # XProf's Program row
    columns = xprof_roofline("tpu_v6e")["columns"]
    assert p["program"]["flop_rate"][0] == pytest.approx(program[columns.index("measured_flop_rate")], rel=1e-6)
    assert p["program"]["intensity"][0] == pytest.approx(program[columns.index("hbm_operational_intensity")], rel=1e-6)
    assert p["chart_note"] == (
        "13 of the 17 ops do no FLOPs (copies, data movement) and are left off the chart; "
        "the table lists every op by self time."
    )
    shown = [c["id"] for c in p["table"]["columns"] if not c.get("hidden")]
    assert shown[:4] == ["name", "category", "total_time_ps", "self_time_pct"]
    assert {"flop_rate_gflops", "hbm_operational_intensity", "bound_by", "roofline_efficiency_ratio"} <= set(shown)
    assert p["advice"].startswith("Op time: 100% HBM-bound; the op with most time, copy-done.4, is HBM-bound")


def test_cpu_roofline_says_why_there_is_nothing_to_draw(profiles):
    result = profiles("jax_mlp_train").roofline()
    p = roofline_payload.build(result)
    assert p["points"]["name"] == [] and p["program"]["name"] == []
    assert p["device"]["peak_flop_rate_gflops"] is None and p["device"]["ridge_point"] is None
    assert p["chart_note"].startswith("This CPU-only profile gives no peak FLOP rate or memory bandwidth")
    assert "none of the 32 ops carries FLOP counts" in p["chart_note"]
    # the table shows what it has (no columns of zeros); ops of several programs share names: Program shown
    shown = [c["id"] for c in p["table"]["columns"] if not c.get("hidden")]
    assert shown == ["name", "category", "total_time_ps", "self_time_pct", "program"]
    assert p["table"]["total_rows"] == len(result.table) == 33


def test_roofline_without_xla_ops_is_not_available(profiles):
    p = view_for(profiles("tf_custom_loop").roofline()).payload
    assert p["available"] is False and p["reason"].startswith("no XLA ops in this profile")


def test_compare_payload_is_the_comparison(profiles):
    result = nbprof.compare(profiles("tf_custom_loop"), profiles("tf_cpu_bfc_memory"))
    p = compare_payload.build(result)
    st = result.step_time.set_index("metric")
    assert p["steps"]["metrics"] == ["step_time", "host_compute", "input", "all_others"]
    for metric, before, after in zip(p["steps"]["metrics"], p["steps"]["before"], p["steps"]["after"]):
        assert before == pytest.approx(st.loc[metric, "before_ms"]) and after == pytest.approx(
            st.loc[metric, "after_ms"]
        )
    tables = {t["id"]: t for t in p["tables"]}
    for key, frame in (("slower", result.slower), ("faster", result.faster), ("new", result.new),
                       ("vanished", result.vanished), ("all", result.ops)):  # fmt: skip
        rows = tables[key]["table"]["rows"]
        assert [r[0] for r in rows] == frame["name"].tolist(), key
        assert tables[key]["count"] == (len(result.ops) if key == "all" else result.summary[f"num_{key}"])
    assert p["advice"].startswith("Steps take 98.8 ms after vs 85.9 ms before: 1.15× slower")
    json.dumps(p, allow_nan=False)


def test_compare_is_a_view_of_its_own_not_an_app_tab(profiles):
    prof = profiles("jax_mlp_train")
    view = view_for(nbprof.compare(prof, profiles("jax_mlp_train_pytrace")))
    assert view.payload["tool"] == "compare" and view.payload["steps"]["metrics"][0] == "step_time"
    assert "compare" not in [t["id"] for t in ProfileApp(prof).view.tools]
    tools = [t["id"] for t in ProfileApp(prof).view.tools]
    assert tools.index("memory_viewer") < tools.index("roofline") < tools.index("pod_viewer")


def test_compare_without_steps_on_one_side_has_no_step_chart(profiles):
    result = nbprof.compare(profiles("tpu_v6e"), profiles("tpu_v6e"))
    p = compare_payload.build(result)
    assert all(v is None for v in p["steps"].get("before", [None]))
    assert "ops are compared by total time" in p["advice"]
