"""Values at the edges of what a profile can hold: each loads to a documented value or raises
one clear ProfileError naming the file; nothing wraps silently, nothing escapes as a raw error.

- ``profile_start_time`` that is not an int in [0, 2**63) ns is ignored (a note says so);
- event times that do not fit int64 ps around the origin (+-106 days) raise ProfileError;
- doubles that do not fit an integer column (inf, NaN) are missing there and kept in
  ``stats``; uint64 values keep their 64 bits in an Int64 column (ids stay unique);
- +-inf and NaN device stats are kept in ``planes`` as written, and every tool still answers;
- string stats that are not UTF-8 are decoded with U+FFFD; names that are not UTF-8 are refused.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from xspace_builder import U64, XSpaceBuilder

import nbprof
from nbprof.errors import NbprofError, ProfileError

DECODERS = ["native", "fast", "pb"]
INT64_MAX = 2**63 - 1


@pytest.fixture(params=DECODERS)
def decoder(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    from nbprof.xspace import decode_native

    if request.param == "native" and not decode_native.available():
        pytest.skip("the C decoder was not compiled here")
    monkeypatch.setenv("NBPROF_DECODER", request.param)
    return request.param


def write(tmp_path: Path, b: XSpaceBuilder) -> Path:
    return b.write(tmp_path, host="h")


def relative_profile(start: object) -> XSpaceBuilder:
    b = XSpaceBuilder()
    te = b.plane("Task Environment")
    te.plane_stat("profile_start_time", start)
    b.plane("/host:CPU").line("t", timestamp_ns=5000).event("op", offset_ps=7, duration_ps=3)
    return b


@pytest.mark.parametrize("start", [U64(2**63), U64(2**64 - 1), -5, "yesterday"], ids=str)
def test_a_profile_start_time_that_is_no_time_is_ignored_with_a_note(tmp_path, decoder, start) -> None:
    prof = nbprof.load(write(tmp_path, relative_profile(start)))
    assert prof.origin_ns == 5000  # the line timestamps, as they are
    assert prof.events["start_ps"].tolist() == [7]
    assert any("profile_start_time" in note for note in prof.notes)


def test_a_valid_profile_start_time_anchors_the_lines(tmp_path, decoder) -> None:
    prof = nbprof.load(write(tmp_path, relative_profile(U64(1_700_000_000_000_000_000))))
    assert prof.origin_ns == 1_700_000_000_000_000_000
    assert prof.events["start_ps"].tolist() == [5000 * 1000 + 7]
    assert not any("profile_start_time" in note for note in prof.notes)


def one_event(timestamp_ns: int, offset_ps: int, duration_ps: int, line2_ns: int | None = None) -> XSpaceBuilder:
    b = XSpaceBuilder()
    plane = b.plane("/host:CPU")
    plane.line("t", timestamp_ns=timestamp_ns).event("op", offset_ps=offset_ps, duration_ps=duration_ps)
    if line2_ns is not None:
        plane.line("u", timestamp_ns=line2_ns).event("op2", offset_ps=0, duration_ps=1)
    return b


OUT_OF_RANGE = {
    "end past int64": one_event(0, INT64_MAX - 10, 11),
    "offset past int64 after the line's zero": one_event(0, INT64_MAX, 1, line2_ns=-(10**9)),
    "line timestamps 300 days apart": one_event(0, 0, 1, line2_ns=300 * 86_400 * 10**9),
    "negative end below int64": one_event(0, -(2**63) + 5, -10),
}


@pytest.mark.parametrize("case", OUT_OF_RANGE, ids=str)
def test_times_that_do_not_fit_int64_ps_are_refused_not_wrapped(tmp_path, decoder, case) -> None:
    path = write(tmp_path, OUT_OF_RANGE[case])
    with pytest.raises(ProfileError) as info:
        nbprof.load(path).events  # noqa: B018
    assert str(path) in str(info.value) and "106 days" in str(info.value) and "Hint:" in str(info.value)


def test_times_just_inside_int64_are_exact(tmp_path, decoder) -> None:
    prof = nbprof.load(write(tmp_path, one_event(0, INT64_MAX - 10, 10)))
    assert prof.events["end_ps"].tolist() == [INT64_MAX] and prof.events["self_ps"].tolist() == [10]


def numbers_profile() -> XSpaceBuilder:
    b = XSpaceBuilder()
    gpu = b.plane("/device:GPU:0", plane_id=1)
    gpu.plane_stat("peak_teraflops_per_second", math.inf).plane_stat("memory_bandwidth", -math.inf)
    gpu.plane_stat("clock_rate", math.nan).plane_stat("core_count", 80).plane_stat("compute_cap_major", 7)
    line = gpu.line("stream", line_id=7, timestamp_ns=1000)
    for i, flops in enumerate([math.inf, -math.inf, math.nan, 2.5e3, 12.0]):
        stats = {"flops": flops, "correlation_id": U64(2**64 - 1 - i), "hlo_op": f"fusion.{i}", "hlo_module": "m"}
        line.event(f"fusion.{i}", offset_ps=i * 1000, duration_ps=500, stats=stats)
    host = b.plane("/host:CPU", plane_id=2).line("t", timestamp_ns=1000)
    for i in range(6):
        host.event("step", offset_ps=i * 1000, duration_ps=900, stats={"step_num": i, "_r": 1})
    return b


def test_numbers_that_do_not_fit_a_column_are_missing_there_and_kept_in_stats(tmp_path, decoder) -> None:
    prof = nbprof.load(write(tmp_path, numbers_profile()))
    ops = prof.events[prof.events["plane"] == "/device:GPU:0"]
    assert ops["flops"].tolist() == [pd.NA, pd.NA, pd.NA, 2500, 12]
    # uint64 ids keep their 64 bits in the Int64 column: -1 - i, distinct as the file's
    assert ops["correlation_id"].tolist() == [-1 - i for i in range(5)]
    kept = prof.stats[prof.stats["name"] == "correlation_id"]["value"].tolist()
    assert kept == [2**64 - 1 - i for i in range(5)]
    flops = prof.stats[prof.stats["name"] == "flops"]["value"].tolist()
    assert flops[:2] == [math.inf, -math.inf] and math.isnan(flops[2])


def test_infinite_device_stats_are_kept_and_every_tool_answers(tmp_path, decoder) -> None:
    prof = nbprof.load(write(tmp_path, numbers_profile()))
    gpu = prof.planes.set_index("name").loc["/device:GPU:0"]
    assert gpu["peak_teraflops_per_second"] == math.inf and gpu["memory_bandwidth"] == -math.inf
    for tool in ("overview", "input_pipeline", "framework_op_stats", "op_profile", "kernel_stats", "roofline"):
        try:
            getattr(prof, tool)()
        except NbprofError:
            pass  # a clear nbprof error is an answer too
    for tool in ("pod_viewer", "memory_profile", "memory_viewer", "tf_data_bottleneck"):
        try:
            getattr(prof, tool)()
        except NbprofError:
            pass


def test_string_stats_that_are_not_utf8_are_replaced(tmp_path, decoder) -> None:
    if decoder == "pb":
        pytest.skip("protobuf's own API refuses the whole file (test_decode_fast)")
    b = XSpaceBuilder()
    b.plane("/host:CPU").line("t").event("op", duration_ps=1, stats={"hlo_op": "PLACEHOLDER", "note": "PLACEHOLDER"})
    data = b.serialize().replace(b"PLACEHOLDER", b"fus\xffion.12\xc3")  # same length
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(data)
    prof = nbprof.load(path)
    assert prof.events["hlo_op"].tolist() == ["fus\ufffdion.12\ufffd"]
    assert prof.event_stats(0)["note"] == "fus\ufffdion.12\ufffd"


def test_names_that_are_not_utf8_are_refused_clearly(tmp_path, decoder) -> None:
    b = XSpaceBuilder()
    b.plane("/host:CPU").line("THREADNAME").event("op", duration_ps=1)
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(b.serialize().replace(b"THREADNAME", b"thread\xff\xfeAB"))
    with pytest.raises(ProfileError) as info:
        nbprof.load(path).events  # noqa: B018
    assert str(path) in str(info.value) and "Hint:" in str(info.value)


def test_event_names_that_are_not_utf8_are_refused_clearly(tmp_path, decoder) -> None:
    b = XSpaceBuilder()
    b.plane("/host:CPU").line("t").event("EVENTNAME", duration_ps=1)
    data = b.serialize().replace(b"EVENTNAME", b"event\xff\xfeAB")
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(data)
    with pytest.raises(ProfileError) as info:
        nbprof.load(path).events  # noqa: B018
    assert str(path) in str(info.value)


def test_plane_stats_keep_their_types(tmp_path, decoder) -> None:
    """Plane stats become typed columns: ints Int64 (UInt64 past int64), floats Float64, text object."""
    b = XSpaceBuilder()
    gpu = b.plane("/device:GPU:0", plane_id=1)
    gpu.plane_stat("core_count", 80).plane_stat("memory_size", U64(2**64 - 1)).plane_stat("clock_rate", 1.5e3)
    gpu.plane_stat("device_type_string", "Tesla V100").plane_stat("details", b"\x01\x02")
    gpu.line("stream").event("k", duration_ps=1)
    b.plane("/host:CPU").line("t").event("op", duration_ps=1)
    planes = nbprof.load(write(tmp_path, b)).planes.set_index("name")
    assert str(planes["core_count"].dtype) == "Int64" and str(planes["memory_size"].dtype) == "UInt64"
    assert str(planes["clock_rate"].dtype) == "Float64"
    assert planes["device_type_string"].dtype == object and planes["details"].dtype == object
    assert planes.loc["/device:GPU:0", "memory_size"] == 2**64 - 1
    assert planes.loc["/device:GPU:0", "details"] == b"\x01\x02"


@pytest.mark.parametrize("seed", range(4))
def test_time_check_by_magnitudes_refuses_exactly_what_the_exact_check_refuses(seed: int) -> None:
    """``check_times`` raises exactly where some event's start or end leaves int64, whether the
    magnitudes alone clear the plane or its lines are checked one by one."""
    from nbprof.xspace.origin import _overflowing, check_times

    rng = np.random.default_rng(seed)
    for _ in range(300):
        scale = 2 ** int(rng.integers(58, 64))
        n_lines = int(rng.integers(1, 4))
        zero = rng.integers(-scale // 2, scale // 2, n_lines, dtype=np.int64)
        line = np.sort(rng.integers(0, n_lines, 5)).astype(np.int32)
        offset = rng.integers(-scale // 2, scale // 2, 5, dtype=np.int64)
        duration = rng.integers(-scale // 4, scale // 2, 5, dtype=np.int64)
        bad = any(_overflowing(int(zero[k]), offset[line == k], duration[line == k]).any() for k in range(n_lines))
        try:
            check_times("p", line, zero, offset, duration)
            raised = False
        except ProfileError:
            raised = True
        assert raised == bad
