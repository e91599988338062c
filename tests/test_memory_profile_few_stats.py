"""memory_profile of a one-host profile not built yet, read from an events frame of a few stats
(``frames.build_events``, ``memory_profile._from_few_stats``): the same frame rows, step groups, stats,
results and errors as through the profile's own frames, and the decoded files left for its build."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture
from test_memory_profile_before_build import (
    WITH_MEMORY,
    assert_first_tool_raises_the_frames_error,
    assert_same,
    hostile_times,
)
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.opstats.step_grouping import GROUP_ID_STATS, host_event_groups
from nbprof.tools import memory_profile as mp
from nbprof.xspace import decode_native
from nbprof.xspace.frames import PROMOTED, build_events
from nbprof.xspace.semantics import stat_columns

HERE = Path(__file__).parent
FIXTURES = sorted(p.name for p in (HERE / "fixtures").iterdir() if p.is_dir() and list(p.rglob("*.xplane.pb")))
FEW_STATS = mp._ALLOCATOR_STATS + GROUP_ID_STATS

native_only = pytest.mark.skipif(not decode_native.available(), reason="the C decoder was not compiled here")


def load(path: Path) -> nbprof.Profile:
    return nbprof.load(path, cache=False)


def few_stats_frames(path: Path) -> tuple[nbprof.Profile, mp._FewStatsFrames]:
    """A fresh load and the events frame of ``FEW_STATS`` of its decoded files."""
    prof = load(path)
    decoded = prof.decoded_hosts()
    assert decoded is not None
    return prof, mp._FewStatsFrames(build_events(decoded, FEW_STATS), decoded)


@native_only
@pytest.mark.parametrize("fixture", FIXTURES)
def test_events_of_a_few_stats_are_the_frames_and_leave_the_files(fixture):
    """The rows and columns of the events frame (its promoted stat columns those asked for), and the frames
    the profile builds after it are those of a fresh load."""
    path = HERE / "fixtures" / fixture
    prof, few = few_stats_frames(path)
    whole = load_fixture(fixture)
    assert set(few.events.columns) == {c for c in whole.events.columns if c not in PROMOTED or c in FEW_STATS}
    pd.testing.assert_frame_equal(few.events, whole.events[list(few.events.columns)])
    pd.testing.assert_frame_equal(prof.events, whole.events)
    pd.testing.assert_frame_equal(prof.stats, whole.stats)
    pd.testing.assert_frame_equal(prof.flows, whole.flows)


@native_only
@pytest.mark.parametrize("fixture", FIXTURES)
def test_step_groups_flows_stats_and_lines_of_a_few_stats(fixture):
    """The step grouping of the few stats' frame is the whole frame's (one host's, as the memory profile
    groups it); its flows, stats read by ``stat_columns``, stat names and host lines are the profile's."""
    path = HERE / "fixtures" / fixture
    _, few = few_stats_frames(path)
    whole = load_fixture(fixture)
    pd.testing.assert_frame_equal(few.flows(), whole.flows)
    assert few.stat_metadata_names() == whole.stat_metadata_names()
    rows = np.arange(0, len(whole.events), 7)
    names = ["device_ordinal", "index_on_host", "_p", "tf_op"]
    for name, values in stat_columns(few, rows, names).items():
        expected = stat_columns(whole, rows, names)[name]
        assert [None if pd.isna(v) else v for v in values.tolist()] == [
            None if pd.isna(v) else v for v in expected.tolist()
        ], name
    if len(whole.hosts) == 1:
        group, source = host_event_groups(few.events, few.flows, gpu_fill=False)
        whole_group, whole_source = host_event_groups(whole.events, whole.flows, gpu_fill=False)
        assert source == whole_source and group.tolist() == whole_group.tolist()
    for host in whole.hosts:
        ev = whole.events
        rows = mp._allocator_rows(ev)
        rows = rows[mp.xs.values_in(ev["host"], [host], rows)]
        assert (
            mp._line_zero_ps(few, few.events, rows, host).tolist() == mp._line_zero_ps(whole, ev, rows, host).tolist()
        )


@native_only
@pytest.mark.parametrize("fixture", [f for f in WITH_MEMORY if f != "jax_two_gpu_procs"])
def test_every_host_and_allocator_as_the_frames_give_them(fixture):
    """Read from the few stats (the profile left unbuilt) for every host and memory id: the built profile's."""
    path = HERE / "fixtures" / fixture
    built = load(path)
    built.events  # noqa: B018
    for host in built.hosts:
        for memory_id in [None, *built.memory_profile(host=host).memory_ids]:
            fresh = load(path)
            assert_same(fresh.memory_profile(memory_id, host=host), built.memory_profile(memory_id, host=host))
            assert not fresh.is_built
    for memory_id, host in [("nope", None), (None, "nope")]:
        with pytest.raises(mp.MemoryProfileError) as fresh_error:
            load(path).memory_profile(memory_id, host=host)
        with pytest.raises(mp.MemoryProfileError) as built_error:
            built.memory_profile(memory_id, host=host)
        assert str(fresh_error.value) == str(built_error.value)


@native_only
def test_a_grouped_profile_built_after_the_memory_profile_is_a_fresh_load():
    path = HERE / "fixtures" / "jax_gpu_train"
    prof = load(path)
    first = prof.memory_profile()
    assert not prof.is_built and prof.decoded_hosts() is not None
    whole = load_fixture("jax_gpu_train")
    pd.testing.assert_frame_equal(prof.events, whole.events)
    pd.testing.assert_frame_equal(prof.stats, whole.stats)
    assert_same(first, prof.memory_profile())


# ------------------------------------------------------------------ made-up files
def grouped_allocator_profile(
    events: list[tuple[int, int, int]], named: bool = True, line2: tuple[int, int, int] | None = None
) -> XSpaceBuilder:
    """A /host:CPU plane with a step root (``_r``) and allocator events (line timestamp ns, offset ps,
    duration ps) nested under it; ``named`` False: the allocator told by ``device_ordinal`` only."""
    b = XSpaceBuilder()
    plane = b.plane("/host:CPU")
    plane.line("steps", timestamp_ns=0).event("train_step", offset_ps=0, duration_ps=10**6, stats={"_r": 1})
    for k, (timestamp_ns, offset_ps, duration_ps) in enumerate(events):
        stats = {"bytes_allocated": 10 * (k + 1), "addr": 100 + k, "allocation_bytes": 10}
        stats.update({"allocator_name": "bfc"} if named else {"device_ordinal": 3})
        plane.line(f"a{k}", timestamp_ns=timestamp_ns).event(
            "MemoryAllocation", offset_ps=offset_ps, duration_ps=duration_ps, stats=stats
        )
    if line2 is not None:
        plane.line("other", timestamp_ns=line2[0]).event("op", offset_ps=line2[1], duration_ps=line2[2])
    return b


@native_only
@pytest.mark.parametrize("named", [True, False])
def test_made_up_grouped_profile_from_a_few_stats(tmp_path, named):
    """Step ids from a root, the memory id from the allocator name or from the device ordinal (a stat)."""
    path = grouped_allocator_profile([(0, 5, 1), (0, 3, 1), (0, 2 * 10**6, 1)], named=named).write(tmp_path, host="h")
    prof = load(path)
    first = prof.memory_profile()
    assert not prof.is_built
    assert first.memory_id == ("bfc" if named else "3")
    built = load(path)
    built.events  # noqa: B018
    assert_same(first, built.memory_profile())


HOSTILE = hostile_times(grouped_allocator_profile)


@native_only
@pytest.mark.parametrize("case", HOSTILE, ids=str)
def test_hostile_times_give_the_frames_errors(tmp_path, case):
    """memory_profile as a first tool of a grouped profile raises the error it raises once the frames are built."""
    assert_first_tool_raises_the_frames_error(HOSTILE[case].write(tmp_path, host="h"))


@native_only
def test_many_events_take_the_frames(tmp_path, monkeypatch):
    """A profile of more events than ``_FEW_STATS_MAX_EVENTS`` is built (the frame beside the decoded arrays
    would grow with it); the result is the same."""
    path = grouped_allocator_profile([(0, 5, 1), (0, 3, 1)]).write(tmp_path, host="h")
    monkeypatch.setattr(mp, "_FEW_STATS_MAX_EVENTS", 2)
    prof = load(path)
    first = prof.memory_profile()
    assert prof.is_built
    monkeypatch.setattr(mp, "_FEW_STATS_MAX_EVENTS", 10)
    fresh = load(path)
    assert_same(first, fresh.memory_profile())
    assert not fresh.is_built
