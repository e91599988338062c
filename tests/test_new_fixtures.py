"""Smoke test of the fixtures captured in tests/fixtures/make/ and their XProf references.

Each fixture loads with nbprof.load, and each XProf 2.24.2 output kept for it (tests/reference/<fixture>/,
raw/ verbatim) parses and has the tool's top-level shape. nbprof's values are not compared with XProf's here.
"""

from __future__ import annotations

import json
import pathlib

import pytest
from fixture_paths import fixture_files, load_fixture

REFERENCE = pathlib.Path(__file__).parent / "reference"
# fixture -> the hosts (file names without .xplane.pb) its run directory holds
NEW_FIXTURES = {
    "tf_keras2_fit": ["vm"],
    "tf_keras2_input_bound": ["vm"],
    "flax_cnn_train": ["vm"],
    "torch_xla_train": ["localhost_9541"],
    "jax_two_hosts": ["localhost_9531", "localhost_9532"],
}
# reference folders: each fixture, plus each host of the two-host session alone
REFERENCES = [*NEW_FIXTURES, "jax_two_hosts/localhost_9531", "jax_two_hosts/localhost_9532"]
HAS_HLO = {"flax_cnn_train", "torch_xla_train", "jax_two_hosts"}


def _table(t: dict) -> None:
    """A Google DataTable: cols with ids, rows of cells."""
    assert isinstance(t["cols"], list) and all("id" in c for c in t["cols"])
    assert all(len(r["c"]) == len(t["cols"]) for r in t.get("rows", []))


def _raw(ref: str, tool: str):
    return json.loads((REFERENCE / ref / "raw" / f"{tool}.json").read_text())


@pytest.mark.parametrize("name", NEW_FIXTURES)
def test_fixture_loads(name: str) -> None:
    files = fixture_files(name)
    assert [f.name.removesuffix(".xplane.pb") for f in files] == NEW_FIXTURES[name]
    assert len({f.parent for f in files}) == 1  # one run directory
    assert all(f.stat().st_size < 1_000_000 for f in files)
    prof = load_fixture(name)
    assert sorted(prof.hosts) == NEW_FIXTURES[name]
    assert len(prof.events) > 1000
    assert "/host:CPU" in set(prof.planes["name"])
    assert (prof.events["step_num"].notna() & (prof.events["line"] == "python")).sum() >= 10


@pytest.mark.parametrize("name", NEW_FIXTURES)
def test_no_absolute_paths_of_the_capture_machine(name: str) -> None:
    for f in fixture_files(name):
        data = f.read_bytes()
        for prefix in (b"/work/", b"/tmp/", b"/root/", b"/home/"):
            assert prefix not in data, (f, prefix)


@pytest.mark.parametrize("ref", REFERENCES)
def test_raw_references_have_xprofs_shapes(ref: str) -> None:
    results = json.loads((REFERENCE / ref / "raw" / "results.json").read_text())
    assert "overview_page" in results["tool_names"]
    overview = _raw(ref, "overview_page")
    assert isinstance(overview, list) and len(overview) == 7
    for t in overview:
        if t.get("cols"):
            _table(t)
    assert overview[1]["rows"] and "steptime_ms_average" in overview[1]["p"]
    assert "statement" in overview[3]["p"]
    pipeline = _raw(ref, "input_pipeline_analyzer")
    assert isinstance(pipeline, list) and "input_conclusion" in pipeline[1]["p"]
    _table(pipeline[1])
    with_idle, without_idle = _raw(ref, "framework_op_stats")
    _table(with_idle)
    _table(without_idle)
    assert {"byProgram", "deviceType"} <= set(_raw(ref, "op_profile"))
    _table(_raw(ref, "kernel_stats"))
    pod = _raw(ref, "pod_viewer")
    assert pod["podStatsSequence"]["podStatsMap"] and pod["stepBreakdownEvents"]
    for tool in ("hlo_stats", "roofline_model"):
        data = _raw(ref, tool)
        for t in data if isinstance(data, list) else [data]:
            _table(t)
    if (REFERENCE / ref / "raw" / "memory_profile.json").exists():
        memory = _raw(ref, "memory_profile")
        assert {"memoryProfilePerAllocator", "memoryIds"} <= set(memory)
        # TF on CPU: the mklcpu allocator; JAX and PyTorch/XLA on CPU: no allocator events
        assert memory["memoryIds"] == (["mklcpu"] if ref.startswith("tf_") else [])
    else:  # XProf's memory_profile takes one file only
        assert ref == "jax_two_hosts" and not results["tools"]["memory_profile"]["ok"]
    if ref.split("/")[0] in HAS_HLO:
        viewer = _raw(ref, "memory_viewer")
        assert viewer["moduleName"] and "peakHeapMib" in viewer
        assert results["tools"]["memory_viewer"]["params"]["module_name"] == results["hlo_modules"][0]


@pytest.mark.parametrize("ref", REFERENCES)
def test_trimmed_references_have_the_existing_forms(ref: str) -> None:
    d = REFERENCE / ref
    overview = json.loads((d / "overview_page.json").read_text())
    assert set(overview) == {"top_ops", "step_time_graph", "run_environment", "recommendation", "diagnostics"}
    assert "stepTimeMs" in overview["step_time_graph"]["cols"]
    assert set(json.loads((d / "input_pipeline_analyzer.json").read_text())) == {"steps", "input_ops"}
    assert set(json.loads((d / "pod_viewer.json").read_text())) == {"steps", "categories", "device_type", "diagnostics"}
    fos = json.loads((d / "framework_op_stats.json").read_text())
    assert {"columns", "with_idle", "without_idle_rows", "without_idle_head", "p"} <= set(fos)
    assert (d / "framework_op_stats.xprof.csv").read_text().startswith('"Rank",')
    assert {"device_type", "by_program"} <= set(json.loads((d / "op_profile.json").read_text()))
    assert {"columns", "rows"} <= set(json.loads((d / "kernel_stats.json").read_text()))
    assert {"p", "columns", "rows"} <= set(json.loads((d / "roofline_model.json").read_text()))
    if (d / "memory_profile.json").exists():
        assert {"memoryIds", "allocators"} <= set(json.loads((d / "memory_profile.json").read_text()))
    if ref.split("/")[0] in HAS_HLO:
        assert json.loads((d / "memory_viewer.json").read_text())["module"]
