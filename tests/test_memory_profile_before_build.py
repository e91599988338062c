"""memory_profile read from the decoded files before the events frame is built (``frames.select_events``,
``Frames.decoded_hosts``): the same results, errors and frames as the path through the events frame."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import fixture_file, load_fixture
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.errors import ProfileError
from nbprof.tools import memory_profile as mp
from nbprof.xspace import decode_native, read
from nbprof.xspace.decode import decode_space
from nbprof.xspace.frames import PROMOTED, HostSpace, select_events

HERE = Path(__file__).parent
WITH_MEMORY = [
    "amd_mi300x_gemm",
    "amd_mi300x_conv",
    "tpu_v6e",
    "gpu_v100",
    "tf_cpu_bfc_memory",
    "tf_custom_loop",
    "tf_keras_fit",
    "tf_keras2_fit",
    "tf_keras2_input_bound",
    "jax_gpu_train",
    "flax_cnn_gpu",
    "jax_gpu_kernels",
    "jax_two_gpu_procs",
]
# one host, no step groups: read before the build
BEFORE_BUILD = ["amd_mi300x_gemm", "amd_mi300x_conv", "tpu_v6e"]
# several hosts: the frames are built (one host's step groups come from its own OpStats); the others are read
# before the build or from an events frame of a few stats (test_memory_profile_few_stats.py)
BUILT = ["jax_two_gpu_procs"]

native_only = pytest.mark.skipif(not decode_native.available(), reason="the C decoder was not compiled here")


def assert_same(first: mp.MemoryProfile, second: mp.MemoryProfile) -> None:
    assert first.summary == second.summary and first.notes == second.notes and first.host == second.host
    assert first.memory_id == second.memory_id and first.memory_ids == second.memory_ids
    pd.testing.assert_frame_equal(first.timeline, second.timeline)
    pd.testing.assert_frame_equal(first.breakdown, second.breakdown)


def load(path: Path) -> nbprof.Profile:
    return nbprof.load(path, cache=False)


@native_only
@pytest.mark.parametrize("fixture", WITH_MEMORY)
def test_first_tool_or_after_the_events_give_the_same_profile(fixture):
    """memory_profile in a fresh load (the decoded files where it can) equals memory_profile once the events
    frame is built, for every allocator."""
    path = HERE / "fixtures" / fixture
    built = load(path)
    built.events  # noqa: B018
    for memory_id in [None, *built.memory_profile().memory_ids]:
        fresh = load(path)
        assert_same(fresh.memory_profile(memory_id), built.memory_profile(memory_id))
        assert fresh.is_built == (fixture in BUILT)


@native_only
@pytest.mark.parametrize("fixture", BEFORE_BUILD)
def test_the_frames_built_after_are_those_of_a_fresh_load(fixture):
    """The decoded files are kept for the build (decoded once): its frames are a fresh load's."""
    path = HERE / "fixtures" / fixture
    prof = load(path)
    prof.memory_profile()
    assert not prof.is_built and prof.decoded_hosts() is not None
    pd.testing.assert_frame_equal(prof.events, load(path).events)
    pd.testing.assert_frame_equal(prof.stats, load_fixture(fixture).stats)
    assert prof.decoded_hosts() is None  # built: the frames answer


def test_errors_on_the_path_before_the_build():
    with pytest.raises(mp.MemoryProfileError, match="no memory id 'nope'"):
        load(HERE / "fixtures" / "amd_mi300x_gemm").memory_profile("nope")
    with pytest.raises(mp.MemoryProfileError, match="no allocator events for host 'other'"):
        load(HERE / "fixtures" / "amd_mi300x_gemm").memory_profile(host="other")


@pytest.mark.parametrize("decoder", ["native", "fast", "pb"])
@pytest.mark.parametrize("fixture", ["amd_mi300x_gemm", "amd_mi300x_conv", "tpu_v6e", "tf_keras2_fit", "gpu_v100"])
def test_selected_events_are_those_of_the_events_frame(monkeypatch, fixture, decoder):
    """``select_events`` of every decoder's RawSpace: the rows, starts, line zeros and promoted stats the
    events frame holds for those events."""
    if decoder == "native" and not decode_native.available():
        pytest.skip("the C decoder was not compiled here")
    monkeypatch.setenv("NBPROF_DECODER", decoder)
    path = fixture_file(fixture)
    prof = load_fixture(fixture)
    host = prof.hosts[0]
    space = decode_space(path.read_bytes(), str(path))
    picked = select_events([HostSpace(host, str(path), space)], host, "/host:CPU", mp.EVENT_NAMES, tuple(PROMOTED))
    assert picked is not None
    ev = prof.events
    rows = mp._allocator_rows(ev)
    assert picked.rows.tolist() == rows.tolist()
    assert picked.start_ps.tolist() == ev["start_ps"].to_numpy()[rows].tolist()
    assert picked.name.tolist() == ev["name"].astype(object).to_numpy()[rows].tolist()
    line_zero = mp._line_zero_ps(prof, ev, rows, host)
    assert picked.line_zero_ps.tolist() == line_zero.tolist()
    for name, (values, present) in picked.numbers.items():
        column = ev[name].array[rows]
        assert present.tolist() == (~np.asarray(column.isna(), bool)).tolist(), name
        assert values[present].tolist() == column[present].tolist(), name
    for name, (codes, texts) in picked.texts.items():
        column = ev[name].astype(object).to_numpy()[rows]
        expected = [None if pd.isna(v) else v for v in column.tolist()]
        assert [None if c < 0 else texts[c] for c in codes.tolist()] == expected, name


# ------------------------------------------------------------------ hostile files
def allocator_profile(events: list[tuple[int, int, int]], line2: tuple[int, int, int] | None = None) -> XSpaceBuilder:
    """A /host:CPU plane of allocator events (timestamp ns of the line, offset ps, duration ps) and optionally
    a second line (timestamp ns, offset ps, duration ps) of another event."""
    b = XSpaceBuilder()
    plane = b.plane("/host:CPU")
    for k, (timestamp_ns, offset_ps, duration_ps) in enumerate(events):
        stats = {"allocator_name": "bfc", "bytes_allocated": 10 * (k + 1), "addr": 100 + k, "allocation_bytes": 10}
        plane.line(f"a{k}", timestamp_ns=timestamp_ns).event(
            "MemoryAllocation", offset_ps=offset_ps, duration_ps=duration_ps, stats=stats
        )
    if line2 is not None:
        plane.line("other", timestamp_ns=line2[0]).event("op", offset_ps=line2[1], duration_ps=line2[2])
    return b


INT64_MAX = 2**63 - 1
DAY_PS = 86_400 * 10**12


def hostile_times(make):
    """Allocator profiles made by ``make`` (``allocator_profile`` or alike) whose times do not fit, whose time
    axis wraps or whose durations sum past the limit, by case."""
    return {
        "end past int64": make([(0, 0, 1)], line2=(0, INT64_MAX - 10, 11)),
        "line timestamps 300 days apart": make([(0, 0, 1)], line2=(300 * 86_400 * 10**9, 0, 1)),
        "events 200 days apart": make([(0, -100 * DAY_PS, 1)], line2=(0, 100 * DAY_PS, 1)),
        "durations adding up past 2^62": make([(0, 0, 2**61), (0, 1, 2**61), (0, 2, 2**61)]),
    }


HOSTILE = hostile_times(allocator_profile)


def assert_first_tool_raises_the_frames_error(path) -> None:
    """memory_profile as the first tool raises the error it raises once the frames are built."""
    with pytest.raises(ProfileError) as built:
        prof = load(path)
        prof.events  # noqa: B018
        prof.memory_profile()
    with pytest.raises(ProfileError) as first:
        load(path).memory_profile()
    assert str(first.value) == str(built.value)


@native_only
@pytest.mark.parametrize("case", HOSTILE, ids=str)
def test_hostile_times_give_the_frames_errors(tmp_path, case):
    """Times that do not fit, a time axis that wraps and sums past the limit: memory_profile as a first tool
    raises the error it raises once the frames are built."""
    assert_first_tool_raises_the_frames_error(HOSTILE[case].write(tmp_path, host="h"))


@native_only
def test_sums_whose_bound_passes_the_limit_but_not_the_sum(tmp_path):
    """A duration near the limit among small ones: the bound (largest x events) reaches 2^62, the exact sum
    does not: the frames are built to tell, and the result is theirs."""
    path = allocator_profile([(0, 0, 2**61), (0, 1, 1), (0, 2, 1), (0, 3, 1)]).write(tmp_path, host="h")
    prof = load(path)
    first = prof.memory_profile()
    assert prof.is_built
    built = load(path)
    built.events  # noqa: B018
    assert_same(first, built.memory_profile())


@native_only
def test_small_built_profile_before_and_after_the_build(tmp_path):
    path = allocator_profile([(0, 5, 1), (0, 3, 1), (10, 0, 1)], line2=(0, 4, 2)).write(tmp_path, host="h")
    prof = load(path)
    first = prof.memory_profile()
    assert not prof.is_built
    built = load(path)
    built.events  # noqa: B018
    assert_same(first, built.memory_profile())


@native_only
def test_plane_headers_before_and_after_decoding(monkeypatch):
    """The plane headers are there before any event is decoded, the same planes once decoded, none once built
    (a file decoded when its events are first read; a small one decodes them at load: its headers hold them)."""
    small = load(HERE / "fixtures" / "amd_mi300x_gemm")
    small_headers = small.plane_headers()
    assert small_headers is not None and sum(len(plane.events) for plane in small_headers) == 3782
    monkeypatch.setattr(read, "DECODE_AT_LOAD_BYTES", 0)
    prof = load(HERE / "fixtures" / "amd_mi300x_gemm")
    headers = prof.plane_headers()
    assert headers is not None and all(len(plane.events) == 0 for plane in headers)
    assert [plane.name for plane in headers] == [plane.name for plane in small_headers]
    names = [plane.name for plane in headers]
    decoded = prof.decoded_hosts()
    assert decoded is not None and [plane.name for plane in decoded[0].space.planes] == names
    assert [plane.name for plane in prof.plane_headers() or []] == names
    prof.events  # noqa: B018
    assert prof.plane_headers() is None and prof.decoded_hosts() is None


@native_only
def test_a_profile_to_be_cached_is_built(tmp_path, monkeypatch):
    """A profile whose load writes the cache builds its frames for memory_profile (the next load reopens them)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    copy = tmp_path / "gemm"
    shutil.copytree(HERE / "fixtures" / "amd_mi300x_gemm", copy, ignore=shutil.ignore_patterns(".nbprof_cache"))
    prof = nbprof.load(copy, cache=True)
    assert not prof.is_built
    first = prof.memory_profile()
    assert prof.is_built
    assert_same(first, load(HERE / "fixtures" / "amd_mi300x_gemm").memory_profile())
