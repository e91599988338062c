"""``prof.to_chrome_trace(path)``: Chrome trace-event JSON that round-trips names, times and nesting."""

from __future__ import annotations

import gzip
import json
from decimal import Decimal

import numpy as np
import pytest

import nbprof
from nbprof.errors import NbprofError
from nbprof.export.chrome_trace import ps_to_us_text
from nbprof.trace.model import TraceModel
from tests.trace_builder import HTML_NAMES, build_trace_profile

FIXTURES = "tests/fixtures"


def _read(path) -> dict:
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f, parse_float=Decimal)


@pytest.fixture(scope="module")
def gpu_export(tmp_path_factory, load_fixture):
    prof = load_fixture("gpu_v100")
    path = prof.to_chrome_trace(tmp_path_factory.mktemp("ct") / "gpu.json")
    return prof, _read(path)


def test_processes_and_threads_are_named_like_sections_and_tracks(gpu_export):
    prof, doc = gpu_export
    layout = TraceModel(prof).layout
    meta = [e for e in doc["traceEvents"] if e["ph"] == "M"]
    processes = {e["pid"]: e["args"]["name"] for e in meta if e["name"] == "process_name"}
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    assert list(processes.values()) == [s.name for s in layout.sections]
    assert sorted(threads.values()) == sorted(t.name for t in layout.tracks if t.kind == "slices")
    assert (
        threads[
            (
                processes and next(p for p, n in processes.items() if n == "/device:GPU:4"),
                next(
                    t.id + 1
                    for t in layout.tracks
                    if t.name == "Steps" and layout.sections[t.section].name == "/device:GPU:4"
                ),
            )
        ]
        == "Steps"
    )


def test_names_times_and_nesting_round_trip(gpu_export):
    prof, doc = gpu_export
    ev = prof.events
    rows = np.flatnonzero(~ev["aggregated"].to_numpy())
    xs = [e for e in doc["traceEvents"] if e["ph"] == "X"]
    assert len(xs) == len(rows)
    assert [e["name"] for e in xs] == ev["name"].astype(str).to_numpy()[rows].tolist()
    # µs with every picosecond kept
    assert [int(e["ts"] * 10**6) for e in xs] == ev["start_ps"].to_numpy()[rows].tolist()
    assert [int(e["dur"] * 10**6) for e in xs] == ev["duration_ps"].to_numpy()[rows].tolist()
    assert any(e["ts"] * 10**6 % 10**6 for e in xs)  # sub-µs digits really occur and survive
    # nesting: each child lies inside its parent on the same thread
    pos = {int(r): i for i, r in enumerate(rows)}
    parent = ev["parent"].to_numpy()
    checked = 0
    for r in rows[parent[rows] >= 0]:
        child, par = xs[pos[int(r)]], xs[pos[int(parent[r])]]
        assert (child["pid"], child["tid"]) == (par["pid"], par["tid"])
        assert par["ts"] <= child["ts"] and child["ts"] + child["dur"] <= par["ts"] + par["dur"]
        checked += 1
    assert checked > 1000


def test_stats_and_flows_go_to_args(gpu_export):
    prof, doc = gpu_export
    ev = prof.events
    xs = [e for e in doc["traceEvents"] if e["ph"] == "X"]
    rows = np.flatnonzero(~ev["aggregated"].to_numpy())
    with_kernel = [
        i
        for i, r in enumerate(rows)
        if not isinstance(ev["kernel_details"].iat[r], float)
        and ev["kernel_details"].iat[r] is not None
        and str(ev["kernel_details"].iat[r]) != "nan"
    ]
    assert with_kernel
    i = with_kernel[0]
    assert xs[i]["args"]["kernel_details"] == str(ev["kernel_details"].iat[rows[i]])
    flows = [e for e in xs if "bind_id" in e]
    assert len(flows) == ev["correlation_id"].notna().sum()
    assert {"flow_in", "flow_out"} <= {k for e in flows for k in e}


def test_gzip_counters_and_html_names(tmp_path):
    prof = build_trace_profile(20_000, seed=2)
    path = nbprof.export.to_chrome_trace(prof, tmp_path / "t.json.gz")
    doc = _read(path)
    names = {e["name"] for e in doc["traceEvents"] if e["ph"] == "X"}
    assert set(HTML_NAMES) <= names
    counters = [e for e in doc["traceEvents"] if e["ph"] == "C"]
    mem = prof.events[prof.events["bytes_allocated"].notna()].sort_values("start_ps", kind="stable")
    assert [int(e["args"]["bytes"]) for e in counters] == mem["bytes_allocated"].tolist()
    assert [int(e["ts"] * 10**6) for e in counters] == mem["start_ps"].tolist()
    xs = [e for e in doc["traceEvents"] if e["ph"] == "X"]
    starts = prof.events["start_ps"].to_numpy()[np.flatnonzero(~prof.events["aggregated"].to_numpy())]
    assert [int(e["ts"] * 10**6) for e in xs] == starts.tolist()
    assert any(e["ts"] * 10**6 % 1000 for e in xs)  # picosecond digits survive


def test_real_memory_counters(tmp_path, load_fixture):
    prof = load_fixture("tf_cpu_bfc_memory")
    doc = _read(prof.to_chrome_trace(tmp_path / "m.json"))
    counters = [e for e in doc["traceEvents"] if e["ph"] == "C"]
    assert {e["name"] for e in counters} == {"Memory in use (bfc_cpu_allocator_for_gpu)"}
    assert max(int(e["args"]["bytes"]) for e in counters) == prof.events["bytes_allocated"].max()


def test_exact_decimal_microseconds():
    assert ps_to_us_text(np.array([0, 1, 1_234_567, -1, -1_000_001, 10**16])).tolist() == [
        "0.000000",
        "0.000001",
        "1.234567",
        "-0.000001",
        "-1.000001",
        "10000000000.000000",
    ]


def test_bad_paths_raise_clear_errors(tmp_path):
    prof = build_trace_profile(1_000)
    with pytest.raises(NbprofError, match=r"\.json or \.json\.gz"):
        prof.to_chrome_trace(tmp_path / "t.txt")
    with pytest.raises(NbprofError, match="does not exist"):
        prof.to_chrome_trace(tmp_path / "missing" / "t.json")
