"""Profiles with broken content (built with the XSpace builder): every tool gives a result or an
NbprofError that names the file and says what to do, never a raw exception.

One test per failure the schema-level mutation sweep (tests/fuzz/sweep.py) found; each built
the smallest way that still fails without its fix.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fixture_paths import fixture_file
from xspace_builder import U64, XSpaceBuilder

import nbprof
from nbprof.errors import NbprofError, ProfileError
from nbprof.proto import xplane_pb2

START_NS = 1_700_000_000_000_000_000
REPO = Path(__file__).resolve().parent.parent


def _load(tmp_path, b: XSpaceBuilder) -> nbprof.Profile:
    return nbprof.load(b.write(tmp_path))


def test_tf_data_iterators_without_an_id_are_skipped(tmp_path) -> None:
    """Regression: rows without an ``id`` stat were filtered but their ids were not, so the
    two arrays no longer lined up (a raw ValueError)."""
    b = XSpaceBuilder().task_environment(START_NS, START_NS + 10**9)
    line = b.plane("/host:CPU").line("tf_data_thread", timestamp_ns=1000)
    line.event("Iterator::Prefetch", offset_ps=0, duration_ps=1_000_000, stats={"id": 1})
    line.event("Iterator::Prefetch::Map", offset_ps=100_000, duration_ps=500_000, stats={"id": 2, "parent_id": 1})
    line.event("Iterator::Prefetch::Map", offset_ps=700_000, duration_ps=100_000)  # no id
    line.event("Iterator::Prefetch", offset_ps=2_000_000, duration_ps=3_000_000)  # no id
    result = _load(tmp_path, b).tf_data_bottleneck()
    assert "2 iterator events had no 'id' stat and were skipped" in result.notes
    assert result.pipelines["num_runs"].tolist() == [1]
    assert result.pipelines["max_latency_ps"].tolist() == [1_000_000]
    assert result.summary["iterator_name"] == "Prefetch"  # 500 µs self vs. Map's 500 µs: the root's, first


@pytest.mark.parametrize("start_ns", [-1, -(2**63), 2**64 - 1])
def test_profile_start_time_out_of_range_is_ignored(tmp_path, start_ns) -> None:
    """Regression: a Task Environment start time that is no wall-clock ns (negative, or past
    int64) overflowed the picosecond axis (raw OverflowError). It is ignored: times stay relative."""
    b = XSpaceBuilder()
    b.plane("Task Environment").plane_stat("profile_start_time", U64(start_ns) if start_ns > 0 else start_ns)
    b.plane("/host:CPU").line("t", timestamp_ns=1000).event("op", offset_ps=0, duration_ps=10)
    prof = _load(tmp_path, b)
    assert prof.events["start_ps"].tolist() == [0] and prof.origin_ns == 1000
    assert "relative" in prof.origin_source


@pytest.mark.parametrize("offset_ps", [2**63 - 1, -(2**63)])
def test_offsets_that_wrap_int64_are_a_profile_error(tmp_path, offset_ps) -> None:
    """Regression: an offset whose start (line timestamp + offset) wrapped int64 made repr and the
    tools overflow (RuntimeWarning, garbage spans)."""
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("t", timestamp_ns=10**9)
    line.event("ok", offset_ps=0, duration_ps=10)
    line.event("far", offset_ps=offset_ps, duration_ps=10)
    # At load, or where load defers building the event frames, when they are first read.
    with pytest.raises(ProfileError, match="106 days|wrapped around int64") as info:
        _load(tmp_path, b).events  # noqa: B018
    assert str(tmp_path) in str(info.value) and "Hint:" in str(info.value)


@pytest.mark.parametrize("tool", ["overview", "op_profile", "framework_op_stats", "pod_viewer", "roofline"])
def test_durations_adding_up_beyond_int64(tmp_path, tool) -> None:
    """Regression: op durations whose sums pass 2^63 ps wrapped or raised OverflowError."""
    b = XSpaceBuilder().task_environment(START_NS, START_NS + 10**9)
    line = b.plane("/host:CPU").line("python", timestamp_ns=1000)
    for i in range(4):
        line.event("train", offset_ps=i * 2**61, duration_ps=2**61 - 1, stats={"step_num": i, "_r": 1})
    with pytest.raises(NbprofError) as info:
        getattr(_load(tmp_path, b), tool)()
    assert "int64" in str(info.value) and str(tmp_path) in str(info.value)


def test_cli_summary_of_durations_beyond_int64(tmp_path, capsys) -> None:
    from nbprof.cli import main

    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("python", timestamp_ns=1000)
    for i in range(4):
        line.event("op", offset_ps=i * 2**61, duration_ps=2**61 - 1)
    path = b.write(tmp_path)
    assert main(["summary", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nbprof: error:") and "int64" in err and "Traceback" not in err


# Run in a child process: load a profile, cap the address space 1 MiB above what it uses, run a tool.
_OUT_OF_MEMORY = """
import resource, sys
import nbprof
from nbprof.errors import NbprofMemoryError

def cap_address_space(extra_bytes):
    with open("/proc/self/status") as f:
        size = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:"))
    resource.setrlimit(resource.RLIMIT_AS, (size + extra_bytes, resource.RLIM_INFINITY))

path, what = sys.argv[1], sys.argv[2]
headroom = int(sys.argv[3]) if len(sys.argv) > 3 else 2**20
try:
    if what == "load":
        cap_address_space(headroom)
        nbprof.load(path).events  # loading defers building the event frames to their first read
    else:
        prof = nbprof.load(path)
        cap_address_space(headroom)
        getattr(prof, what)() if what != "steps" else prof.steps
    print("no error")
except NbprofMemoryError as exc:
    print("NbprofMemoryError:", exc)
except MemoryError as exc:
    print("raw MemoryError:", exc)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc/self/status are Linux's")
@pytest.mark.parametrize("what", ["load", "overview", "summary"])
def test_running_out_of_memory_says_what_needs_how_much(what) -> None:
    """Regression: a profile that loads but whose tools need more memory than is left raised a
    raw MemoryError (and one that ran out while loading was called corrupt)."""
    path = fixture_file("tf_custom_loop")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run(
        [sys.executable, "-c", _OUT_OF_MEMORY, str(path), what], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert out.startswith("NbprofMemoryError:"), out
    assert "ran out of memory" in out and ("x the size" in out or "x its file size" in out)
    assert "host=" in out and "machine with more memory" in out
    assert str(path) in out or what == "load"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc/self/status are Linux's")
def test_running_out_of_memory_while_decoding_is_not_called_corrupt() -> None:
    """Regression: a load that ran out of memory inside the decoder (a small file is decoded at load) said
    the file was corrupt. Where memory runs out depends on the headroom, so several are tried: each load
    either works or says it ran out of memory."""
    path = fixture_file("tf_custom_loop")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    outcomes = set()
    for headroom_mib in (1, 2, 3, 4, 5, 6, 8):
        run = subprocess.run(
            [sys.executable, "-c", _OUT_OF_MEMORY, str(path), "load", str(headroom_mib * 2**20)],
            capture_output=True,
            text=True,
            env=env,
        )
        assert run.returncode == 0, (headroom_mib, run.stderr[-2000:])
        assert run.stdout.startswith(("NbprofMemoryError:", "no error")), (headroom_mib, run.stdout)
        outcomes.add(run.stdout.split(":")[0].strip())
    assert "NbprofMemoryError" in outcomes


def test_memory_error_in_the_decoder_is_not_a_profile_error(monkeypatch) -> None:
    """The decoder's wrapper names damaged bytes as corrupt, but lets a MemoryError through (the load
    turns it into an NbprofMemoryError saying how much a profile needs)."""
    from nbprof.xspace import decode_native

    def out_of_memory(data: object, decode_events: bool = False) -> None:
        raise MemoryError

    monkeypatch.setattr(decode_native, "plane_summaries", out_of_memory)
    with pytest.raises(MemoryError) as raised:
        decode_native.summarize_space(b"", "some.xplane.pb")
    assert not isinstance(raised.value, ProfileError)


def _allocator_profile(tmp_path, heap_bytes: list[int]) -> nbprof.Profile:
    b = XSpaceBuilder().task_environment(START_NS, START_NS + 10**9)
    line = b.plane("/host:CPU").line("Allocator", timestamp_ns=1000)
    for i, heap in enumerate(heap_bytes):
        stats = {
            "allocator_name": "GPU_0_bfc",
            "bytes_allocated": heap,
            "bytes_reserved": 0,
            "bytes_available": 1 << 30,
        }
        stats.update({"allocation_bytes": 256, "requested_bytes": 256, "peak_bytes_in_use": max(heap_bytes[: i + 1])})
        line.event("MemoryAllocation", offset_ps=i * 1000, stats=stats)
    return _load(tmp_path, b)


def test_absurd_allocator_byte_counts(tmp_path) -> None:
    """Regression: a byte count of 2^63-1 overflowed memory_profile's sums (RuntimeWarning,
    garbage peak) and the Chrome trace's integer counters. Such counts read as 0 (XProf 2.24.2
    shows a heap of 9,223,372,036,854,775,807 bytes)."""
    import gzip
    import json

    prof = _allocator_profile(tmp_path, [1 << 20, 2**63 - 1, 3 << 20])
    result = prof.memory_profile()
    assert result.summary["peak_bytes_in_use"] == 3 << 20
    path = prof.to_chrome_trace(tmp_path / "t.json.gz")
    with gzip.open(path, "rt") as f:
        counters = [e for e in json.load(f)["traceEvents"] if e["ph"] == "C"]
    assert [c["args"]["bytes"] for c in counters] == pytest.approx([1 << 20, 2.0**63, 3 << 20])  # valid JSON


def test_heap_simulator_share_loop_does_not_hang(tmp_path) -> None:
    """Regression: two SHARE_WITH events making buffers each other's canonical buffer made the
    memory viewer's replay follow the loop forever (a hung kernel). Now: a MemoryViewerError.
    XProf 2.24.2's memory_viewer hangs on this file too (no answer in 300 s)."""
    from fuzz.mutations import share_loop_in_heap_traces

    space = xplane_pb2.XSpace.FromString(fixture_file("jax_mlp_train").read_bytes())
    assert share_loop_in_heap_traces(space) > 0
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(space.SerializeToString())
    prof = nbprof.load(path)
    with pytest.raises(NbprofError, match="shares memory with itself through a loop of shares"):
        prof.memory_viewer()
    prof.to_html(tmp_path / "report.html")  # the app shows the other views


def test_fusions_fusing_each_other_do_not_hang(tmp_path) -> None:
    """Regression: fusions whose called computation is the one holding them made the op
    profile's tree walk revisit a node under itself forever (a hung kernel, memory growing)."""
    from fuzz.mutations import fusions_calling_their_computation

    space = xplane_pb2.XSpace.FromString(fixture_file("jax_mlp_train").read_bytes())
    assert fusions_calling_their_computation(space) > 0
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(space.SerializeToString())
    tree = nbprof.load(path).op_profile().tree
    assert tree["node_id"].is_unique and (tree["parent_id"] < tree["node_id"]).all()


def test_occurrence_counts_adding_up_beyond_int64(tmp_path) -> None:
    """Regression (mutation sweep, num_occurrences = 2^63-1): the framework-op table's occurrence
    sums wrapped around (silently here; on TPU ops a RuntimeWarning 'invalid value encountered
    in cast'). Counts past 2^62 in all are a ProfileError. XProf 2.24.2 shows a wrapped count
    (4,294,967,293 occurrences of a TPU op) without a word."""
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("python", timestamp_ns=1000)
    for i in range(3):
        line.event(f"model/op{i}:MatMul", offset_ps=None, num_occurrences=2**63 - 1, duration_ps=10)
    with pytest.raises(ProfileError, match="num_occurrences add up to .* int64 sums") as info:
        _load(tmp_path, b).framework_op_stats()
    assert str(tmp_path) in str(info.value)


@pytest.mark.parametrize("value", [b"\xff\xfe not text", 7, 1.5])
def test_tpu_device_type_that_is_not_text(tmp_path, value) -> None:
    """Regression (mutation sweep): a bytes ``device_type_string`` plane stat raised
    UnicodeDecodeError in the run environment (overview, framework op stats, pod viewer)."""
    b = XSpaceBuilder()
    b.plane("/device:TPU:0").plane_stat("device_type_string", value).line("XLA Ops", timestamp_ns=1000).event(
        "fusion.1", offset_ps=0, duration_ps=100
    )
    prof = _load(tmp_path, b)
    assert prof.op_stats().run_env.device_type == "TPU"
    prof.overview()
    prof.pod_viewer()


@pytest.mark.parametrize("plane_bytes", [91, 123])
def test_profile_whose_first_bytes_look_like_json(tmp_path, plane_bytes) -> None:
    """Regression: an XSpace whose first plane is 123 (or 91) bytes long starts with b"\\n{"
    (b"\\n["), which the format sniffer took for JSON: a valid profile that would not load."""
    b = XSpaceBuilder()
    plane = b.plane("/host:CPU")
    plane.line("t", timestamp_ns=1000).event("op", offset_ps=0, duration_ps=10)
    plane.msg.name += "x" * (plane_bytes - plane.msg.ByteSize())
    assert plane.msg.ByteSize() == plane_bytes
    assert b.serialize()[:2] in (b"\n{", b"\n[")
    assert len(_load(tmp_path, b).events) == 1


def test_program_ids_stay_exact_in_the_op_metrics_db(load_fixture) -> None:
    """Regression (mutation sweep, program_id = -1 read as 2^64-1: 'cannot safely cast
    non-equivalent float64 to uint64'): host and IDLE rows had int64 ids, so concatenating them
    with the device rows' uint64 ids went through float64, which also rounded the real TPU
    fixture's ids past 2^53 (9646411105960254074 became 9646411105960253440)."""
    prof = load_fixture("tpu_v6e")
    db = prof.op_stats().op_metrics_db
    from_events = {int(v) for v in prof.events["program_id"].dropna().unique()}
    assert {int(v) for v in db["program_id"].dropna()} - {0} == from_events


def test_program_id_of_all_ones(tmp_path) -> None:
    """The sweep's case: tpu_v6e's ops with ``program_id`` -1 (all ones as uint64)."""
    from fuzz.mutations import mutated, small_base, stat_mutations

    (negative,) = stat_mutations(["program_id"], ("int_negative",))
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(mutated(small_base(fixture_file("tpu_v6e").read_bytes()), negative))
    prof = nbprof.load(path)
    assert int(prof.op_stats().op_metrics_db["program_id"].max()) == 2**64 - 1
    prof.overview()


@pytest.mark.parametrize("stat", ["compute_cap_major", "compute_cap_minor"])
def test_gpu_compute_capability_that_is_infinite(tmp_path, stat) -> None:
    """Regression (mutation sweep on gpu_v100): an infinite compute capability raised
    OverflowError ('cannot convert float infinity to integer') in every tool using the peaks."""
    b = XSpaceBuilder()
    gpu = b.plane("/device:GPU:0")
    for name, value in (("core_count", 80), ("clock_rate", 1_530_000), ("compute_cap_major", 7)):
        gpu.plane_stat(name, value)
    gpu.plane_stat(stat, float("inf"))
    gpu.line("Stream #1", timestamp_ns=1000).event("kernel", offset_ps=0, duration_ps=100)
    prof = _load(tmp_path, b)
    peaks = prof.op_stats().perf_env
    assert peaks is not None
    prof.roofline()
    prof.overview()
