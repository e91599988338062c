"""The metadata frames (``planes``, ``lines``, ``event_metadata``, ``stat_metadata``) are built when first
read: each alone, the same frame whenever and through whichever object it is read (a cached load, which
builds them all at once, a profile of one host, a pickled profile)."""

from __future__ import annotations

import pickle
import shutil

import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, FIXTURES, MULTI_HOST_FIXTURE_NAMES

import nbprof
from nbprof.xspace import cache
from nbprof.xspace.frameset import METADATA_FRAMES
from nbprof.xspace.metadata_frames import file_time_offsets_ps
from nbprof.xspace.semantics import stat_names

ALL = FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES


def _assert_same(got: pd.DataFrame, want: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(got, want, check_exact=True, check_column_type=True, check_index_type=True)
    for column in want.columns:
        assert got[column].dtype == want[column].dtype
        assert type(got[column].array) is type(want[column].array)


@pytest.fixture
def cached_loads(monkeypatch: pytest.MonkeyPatch, tmp_path):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))


@pytest.mark.parametrize("fixture", ALL)
def test_each_frame_is_built_when_read_and_equals_the_cached_ones(fixture: str, cached_loads: None, tmp_path) -> None:
    logdir = tmp_path / fixture  # a copy: the cache is written beside the files, never into tests/fixtures
    shutil.copytree(FIXTURES / fixture, logdir, ignore=shutil.ignore_patterns(cache.CACHE_DIR_NAME))
    lazy = nbprof.load(logdir, cache=False)
    lazy.events  # noqa: B018
    assert not METADATA_FRAMES & lazy.__dict__.keys()
    eager = nbprof.load(logdir, cache=True)  # a cached load builds every frame with the events
    eager.events  # noqa: B018
    assert METADATA_FRAMES <= eager.__dict__.keys()
    cache.flush()
    reopened = nbprof.load(logdir, cache=True)
    for name in sorted(METADATA_FRAMES):
        frame = getattr(lazy, name)
        assert name in lazy.__dict__ and getattr(lazy, name) is frame
        _assert_same(frame, getattr(eager, name))
        _assert_same(frame, getattr(reopened, name))


@pytest.mark.parametrize("fixture", ALL)
def test_stat_names_without_the_frame_are_the_frames(fixture: str) -> None:
    prof = nbprof.load(FIXTURES / fixture, cache=False)
    prof.events  # noqa: B018
    names = prof.stat_metadata_names()
    assert "stat_metadata" not in prof.__dict__
    assert names == stat_names(prof.stat_metadata) == prof.stat_metadata_names()


@pytest.mark.parametrize("fixture", ALL)
def test_file_time_offsets_without_the_lines_frame_are_the_frames(fixture: str) -> None:
    """``file_time_offsets_ps`` read before ``lines`` is built (the whole profile's and each host's, in
    the dict's order too) equals what the built ``lines`` frame gives."""
    prof = nbprof.load(FIXTURES / fixture, cache=False)
    prof.events  # noqa: B018
    hosts = [prof.for_host(host) for host in prof.hosts]
    got = [prof.file_time_offsets_ps(), *(h.file_time_offsets_ps() for h in hosts)]
    assert "lines" not in prof.__dict__ and not any("lines" in h.__dict__ for h in hosts)
    want = [file_time_offsets_ps(prof.lines), *(file_time_offsets_ps(h.lines) for h in hosts)]
    assert [list(g.items()) for g in got] == [list(w.items()) for w in want]
    assert all(type(v) is int for offsets in got for v in offsets.values())
    assert [prof.file_time_offsets_ps(), *(h.file_time_offsets_ps() for h in hosts)] == want  # once built
    assert set(got[0]) == {h for h in prof.hosts if len(prof.lines[(prof.lines["host"] == h).to_numpy()])}


@pytest.mark.parametrize("fixture", ["jax_two_hosts", "jax_two_gpu_procs"])
def test_a_hosts_frames_are_its_rows_of_the_whole_profiles(fixture: str) -> None:
    whole = nbprof.load(FIXTURES / fixture, cache=False)
    for host in whole.hosts:
        lazy = nbprof.load(FIXTURES / fixture, cache=False).for_host(host)  # before the whole's frames
        for name in sorted(METADATA_FRAMES):
            frame = getattr(whole, name)
            mine = frame[(frame["host"].astype(object) == host).to_numpy()].reset_index(drop=True)
            _assert_same(getattr(lazy, name), mine)
            _assert_same(getattr(whole.for_host(host), name), mine)


def test_a_pickled_profile_builds_its_frames_the_same() -> None:
    prof = nbprof.load(FIXTURES / "tpu_v6e", cache=False)
    prof.events, prof.lines  # noqa: B018
    shipped = pickle.loads(pickle.dumps(prof))
    assert "planes" not in shipped.__dict__ and "lines" in shipped.__dict__
    for name in sorted(METADATA_FRAMES):
        _assert_same(getattr(shipped, name), getattr(prof, name))
