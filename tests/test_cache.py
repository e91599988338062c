"""The cache of decoded frames: reopened frames equal fresh ones; a changed file, another
nbprof version, a stale or corrupt entry are never used; cache=False skips it; a logdir that
cannot be written falls back to the user cache dir ($XDG_CACHE_HOME)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import fixture_file, fixture_files
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.xspace import cache, read

FRAMES = ("events", "planes", "lines", "event_metadata", "stat_metadata", "flows", "stats")
SCALARS = ("origin_ns", "origin_source", "hosts", "paths", "run", "errors", "warnings", "hostnames")
SCALARS += ("hlo_protos", "notes", "damaged")


@pytest.fixture(autouse=True)
def private_cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Cache on for profiles of any size (the fixtures are small), and the user cache dir inside
    this test's tmp_path."""
    monkeypatch.setenv("NBPROF_CACHE", "1")
    monkeypatch.setattr(cache, "MIN_CACHED_BYTES", 0)
    home = tmp_path / "xdg-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home


@pytest.fixture
def decodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Paths decoded from their bytes (a cache hit decodes nothing)."""
    seen: list[str] = []
    real = read._read_host

    def spy(fs, hf, partial):  # type: ignore[no-untyped-def]
        seen.append(hf.path)
        return real(fs, hf, partial)

    monkeypatch.setattr(read, "_read_host", spy)
    return seen


def copy_fixture(name: str, tmp_path: Path) -> Path:
    """A writable copy of a fixture logdir."""
    dest = tmp_path / name
    shutil.copytree(fixture_files(name)[0].parents[3], dest, ignore=shutil.ignore_patterns(cache.CACHE_DIR_NAME))
    return dest


def cache_dirs(logdir: Path) -> list[Path]:
    cache.flush()  # entries are written on a background thread
    return sorted(p for p in logdir.rglob(f"{cache.CACHE_DIR_NAME}/*") if (p / "manifest.json").exists())


def built(path: Path, **options: object) -> nbprof.Profile:
    """Load, build the frames, and wait for the cache entry that writes."""
    prof = nbprof.load(path, **options)
    prof.events  # noqa: B018
    cache.flush()
    return prof


def assert_same_profile(a: nbprof.Profile, b: nbprof.Profile) -> None:
    for frame in FRAMES:
        pd.testing.assert_frame_equal(getattr(a, frame), getattr(b, frame), check_exact=True)
    for name in SCALARS:
        assert getattr(a, name) == getattr(b, name), name


@pytest.mark.parametrize("name", ["jax_mlp_train_pytrace", "tf_keras_fit", "tpu_v6e", "gpu_v100", "amd_mi300x_gemm"])
def test_reopened_frames_equal_fresh_ones(tmp_path: Path, decodes: list[str], name: str) -> None:
    logdir = copy_fixture(name, tmp_path)
    first = nbprof.load(logdir)
    first.events  # noqa: B018 - the first full read writes the cache (on a background thread)
    assert len(cache_dirs(logdir)) == 1
    decodes.clear()
    again = nbprof.load(logdir)
    assert decodes == [] and again.is_built
    assert_same_profile(nbprof.load(logdir, cache=False), again)
    assert again.overview().summary == nbprof.load(logdir, cache=False).overview().summary


@pytest.mark.parametrize("name", ["jax_two_hosts", "jax_two_gpu_procs"])
def test_a_reopened_profiles_hosts_equal_the_fresh_ones(tmp_path: Path, decodes: list[str], name: str) -> None:
    # for_host of a profile reopened from the cache (its stats sources read from the entry) gives the
    # frames for_host of a decoded one gives
    logdir = copy_fixture(name, tmp_path)
    built(logdir)
    decodes.clear()
    again = nbprof.load(logdir)
    assert decodes == [] and again.is_built
    fresh = nbprof.load(logdir, cache=False)
    for host in fresh.hosts:
        assert_same_profile(fresh.for_host(host), again.for_host(host))


def test_reopened_columns_can_be_written_without_touching_the_cache(tmp_path: Path) -> None:
    logdir = copy_fixture("jax_mlp_train", tmp_path)
    built(logdir)
    events = nbprof.load(logdir).events
    start = events["start_ps"].to_numpy(copy=False)
    if start.flags.writeable:
        start[:] = -1  # a private copy-on-write map: the file keeps its bytes
    assert (nbprof.load(logdir).events["start_ps"] >= 0).all()


def test_multi_host_and_host_selection_are_cached_apart(tmp_path: Path, decodes: list[str]) -> None:
    logdir = copy_fixture("jax_two_hosts", tmp_path)
    hosts = [p.name.removesuffix(".xplane.pb") for p in fixture_files("jax_two_hosts")]
    both = nbprof.load(logdir)
    one = nbprof.load(logdir, host=hosts[0])
    both.events, one.events  # noqa: B018
    cache.flush()
    assert len(cache_dirs(logdir)) == 2
    decodes.clear()
    assert nbprof.load(logdir).hosts == hosts and nbprof.load(logdir, host=hosts[0]).hosts == hosts[:1]
    assert decodes == []


def test_a_changed_file_is_read_again(tmp_path: Path, decodes: list[str]) -> None:
    def profile(duration_ps: int) -> XSpaceBuilder:
        b = XSpaceBuilder()
        b.plane("/host:CPU").line("t", timestamp_ns=1000).event("op", offset_ps=0, duration_ps=duration_ps)
        return b

    path = profile(10).write(tmp_path)
    assert built(tmp_path).events["duration_ps"].tolist() == [10]
    profile(20).write(tmp_path)  # same size, new content
    decodes.clear()
    assert nbprof.load(tmp_path).events["duration_ps"].tolist() == [20]
    assert decodes == [str(path)]
    assert len(cache_dirs(tmp_path)) == 1  # the older state was removed when the new one was written


@pytest.mark.parametrize("library", [nbprof, np, pd], ids=["nbprof", "numpy", "pandas"])
def test_another_version_is_never_reused(tmp_path: Path, decodes: list[str], monkeypatch, library: object) -> None:
    """Another nbprof, and another numpy or pandas (they type the cached columns: pandas 2 reads text as
    object, 3 as str), never reuse an entry."""
    logdir = copy_fixture("jax_mlp_train", tmp_path)
    built(logdir)
    monkeypatch.setattr(library, "__version__", "0.0.1")
    monkeypatch.setattr(cache, "_code_digest", None)
    decodes.clear()
    assert not nbprof.load(logdir).is_built
    assert len(decodes) == 1


def test_a_profile_without_text_stats_reopens_with_its_stats(tmp_path: Path, decodes: list[str]) -> None:
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("t", timestamp_ns=1000)
    line.event("op", offset_ps=0, duration_ps=10, stats={"step_num": 3})
    b.write(tmp_path)
    fresh = built(tmp_path)
    decodes.clear()
    reopened = nbprof.load(tmp_path)
    assert decodes == []
    pd.testing.assert_frame_equal(reopened.stats, fresh.stats, check_exact=True)
    assert reopened.stats["value"].tolist() == [3]


def corrupt_entries(entry: Path) -> dict[str, object]:
    """Ways an entry can be damaged: each is a function changing the files of ``entry``."""

    def truncate(name: str):  # type: ignore[no-untyped-def]
        def edit() -> None:
            data = (entry / name).read_bytes()
            (entry / name).write_bytes(data[: len(data) // 2])

        return edit

    def garbage(name: str):  # type: ignore[no-untyped-def]
        return lambda: (entry / name).write_bytes(os.urandom(4096))

    def manifest(**changes):  # type: ignore[no-untyped-def]
        def edit() -> None:
            data = json.loads((entry / "manifest.json").read_text())
            data.update(changes)
            (entry / "manifest.json").write_text(json.dumps(data))

        return edit

    def bad_codes() -> None:  # a valid Arrow file whose name codes point past the categories
        import pyarrow as pa
        import pyarrow.ipc as ipc

        with pa.OSFile(str(entry / "events.arrow")) as f:  # read into memory: the file is rewritten below
            table = ipc.open_file(f).read_all()
        codes = table.column("name").to_numpy().copy()
        codes[:] = np.iinfo(codes.dtype).max  # more than there are names
        table = table.set_column(table.schema.get_field_index("name"), "name", pa.array(codes))
        with ipc.new_file(str(entry / "events.arrow"), table.schema) as writer:
            writer.write_table(table)

    return {
        "events truncated": truncate("events.arrow"),
        "events garbage": garbage("events.arrow"),
        "stats garbage": garbage("stats.arrow"),
        "lines truncated": truncate("lines.arrow"),
        "manifest not json": lambda: (entry / "manifest.json").write_text("{"),
        "manifest wrong size": manifest(num_events=5),
        "manifest unknown kind": manifest(columns=[{"name": "host", "kind": "pickle"}]),
        "codes out of range": bad_codes,
        "file missing": lambda: (entry / "planes.arrow").unlink(),
    }


@pytest.mark.parametrize("damage", list(corrupt_entries(Path())), ids=str)
def test_a_corrupt_entry_is_rebuilt_silently(tmp_path: Path, damage: str, decodes: list[str]) -> None:
    logdir = copy_fixture("jax_mlp_train", tmp_path)
    built(logdir)
    (entry,) = cache_dirs(logdir)
    corrupt_entries(entry)[damage]()  # type: ignore[operator]
    decodes.clear()
    with_damage = nbprof.load(logdir)  # no warning, no error: filterwarnings would raise
    assert len(decodes) == 1  # read from the file again ...
    assert_same_profile(nbprof.load(logdir, cache=False), with_damage)
    cache.flush()
    decodes.clear()
    assert nbprof.load(logdir).is_built and decodes == []  # ... and the entry was written anew


def test_cache_false_neither_reads_nor_writes(tmp_path: Path, decodes: list[str]) -> None:
    logdir = copy_fixture("jax_mlp_train", tmp_path)
    built(logdir, cache=False)
    assert cache_dirs(logdir) == []
    built(logdir)
    decodes.clear()
    assert not nbprof.load(logdir, cache=False).is_built and len(decodes) == 1


def test_the_environment_can_turn_it_off(tmp_path: Path, monkeypatch) -> None:
    logdir = copy_fixture("jax_mlp_train", tmp_path)
    monkeypatch.setenv("NBPROF_CACHE", "0")
    built(logdir)
    assert cache_dirs(logdir) == []
    built(logdir, cache=True)
    assert len(cache_dirs(logdir)) == 1


def test_a_logdir_that_cannot_be_written_falls_back_to_xdg_cache_home(
    tmp_path: Path, private_cache_home: Path, decodes: list[str]
) -> None:
    logdir = copy_fixture("jax_mlp_train", tmp_path)
    run_dir = fixture_file("jax_mlp_train").parent
    run_dir = logdir / run_dir.relative_to(fixture_file("jax_mlp_train").parents[3])
    # root writes anywhere, so block the cache folder with a file; others also lose write permission
    (run_dir / cache.CACHE_DIR_NAME).write_text("not a folder")
    mode = run_dir.stat().st_mode
    run_dir.chmod(0o555)
    try:
        built(logdir)
        entries = [p for p in (private_cache_home / "nbprof").iterdir() if (p / "manifest.json").exists()]
        assert len(entries) == 1
        decodes.clear()
        assert nbprof.load(logdir).is_built and decodes == []
    finally:
        run_dir.chmod(mode)


def test_small_profiles_are_cached_only_when_asked(tmp_path: Path, decodes: list[str], monkeypatch) -> None:
    """By default a profile under ``MIN_CACHED_BYTES`` of files gets no entry (decoding it again costs
    about what opening one does); ``cache=True`` caches it; one at the limit is cached."""
    logdir = copy_fixture("jax_mlp_train", tmp_path)
    size = sum(p.stat().st_size for p in logdir.rglob("*.xplane.pb"))
    monkeypatch.setattr(cache, "MIN_CACHED_BYTES", size + 1)
    built(logdir)
    built(logdir)
    assert cache_dirs(logdir) == [] and len(decodes) == 2  # read twice, nothing written
    built(logdir, cache=True)
    assert len(cache_dirs(logdir)) == 1
    decodes.clear()
    assert built(logdir, cache=True).is_built and decodes == []  # reopened
    other = copy_fixture("jax_mlp_train_pytrace", tmp_path)
    monkeypatch.setattr(cache, "MIN_CACHED_BYTES", sum(p.stat().st_size for p in other.rglob("*.xplane.pb")))
    built(other)
    assert len(cache_dirs(other)) == 1  # at the limit: the default caches it
