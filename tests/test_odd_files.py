"""Odd files and logdirs: each gives one ProfileError naming the path and saying what to do,
never a raw OSError, a hang or a read that never ends; one bad run does not spoil a logdir."""

from __future__ import annotations

import os
import re
import shutil
import time

import pytest
from fixture_paths import fixture_file

import nbprof
from nbprof.errors import NbprofWarning, ProfileError, TruncatedProfileError
from nbprof.xspace import files

GOOD = fixture_file("jax_mlp_train")


def _run(tmp_path, name: str = "2026_01_01_00_00_00"):
    run = tmp_path / "plugins" / "profile" / name
    run.mkdir(parents=True)
    return run


def _assert_clear(exc: ProfileError, path) -> None:  # type: ignore[no-untyped-def]
    text = str(exc)
    assert str(path) in text, text
    assert "Hint:" in text, text
    assert "Errno" not in text, text


def test_symlink_loop(tmp_path) -> None:
    loop = tmp_path / "h.xplane.pb"
    loop.symlink_to(loop)
    with pytest.raises(ProfileError, match="symbolic link to nothing") as info:
        nbprof.load(loop)
    _assert_clear(info.value, loop)


def test_dangling_symlink(tmp_path) -> None:
    link = tmp_path / "h.xplane.pb"
    link.symlink_to(tmp_path / "gone.xplane.pb")
    with pytest.raises(ProfileError, match="symbolic link to nothing") as info:
        nbprof.load(link)
    _assert_clear(info.value, link)
    assert "gone.xplane.pb" in str(info.value)


def test_dangling_host_file_in_a_run_is_named_and_the_others_load(tmp_path) -> None:
    run = _run(tmp_path)
    shutil.copy(GOOD, run / "good.xplane.pb")
    (run / "bad.xplane.pb").symlink_to(run / "missing")
    with pytest.raises(ProfileError, match="does not exist") as info:
        nbprof.load(tmp_path)
    _assert_clear(info.value, run / "bad.xplane.pb")
    assert "host=" in str(info.value)
    assert nbprof.load(tmp_path, host="good").hosts == ["good"]


def test_loop_host_file_in_a_run(tmp_path) -> None:
    run = _run(tmp_path)
    (run / "bad.xplane.pb").symlink_to(run / "bad.xplane.pb")
    with pytest.raises(ProfileError, match="loop of symbolic links") as info:
        nbprof.load(run)
    _assert_clear(info.value, run / "bad.xplane.pb")


def test_directory_named_like_a_profile(tmp_path) -> None:
    fake = tmp_path / "h.xplane.pb"
    fake.mkdir()
    with pytest.raises(ProfileError, match="holds no profiles") as info:
        nbprof.load(fake)
    _assert_clear(info.value, fake)
    run = _run(tmp_path / "logdir")
    shutil.copy(GOOD, run / "good.xplane.pb")
    (run / "odd.xplane.pb").mkdir()
    assert nbprof.load(tmp_path / "logdir").hosts == ["good"]


def test_fifo_does_not_hang(tmp_path) -> None:
    fifo = tmp_path / "h.xplane.pb"
    os.mkfifo(fifo)  # opening it for reading would block until a writer comes
    with pytest.raises(ProfileError, match=r"named pipe \(FIFO\), not a profile file") as info:
        nbprof.load(fifo)
    _assert_clear(info.value, fifo)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_link_to_a_device_is_not_read(tmp_path, device: str) -> None:
    """/dev/zero would be read until memory runs out, /dev/urandom forever."""
    link = tmp_path / "h.xplane.pb"
    link.symlink_to(device)
    with pytest.raises(ProfileError, match="character device, not a profile file") as info:
        nbprof.load(link)
    _assert_clear(info.value, link)
    run = _run(tmp_path / "logdir")
    (run / "h.xplane.pb").symlink_to(device)
    with pytest.raises(ProfileError, match="character device"):
        nbprof.load(tmp_path / "logdir")


def _deny(monkeypatch, function: str, denied: str) -> None:
    """Make ``os.<function>`` fail with EACCES for ``denied`` (tests run as root, which chmod cannot stop)."""
    real = getattr(os, function)

    def guarded(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if os.fspath(path) == denied:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, function, guarded)


def test_unreadable_file(tmp_path, monkeypatch) -> None:
    path = tmp_path / "h.xplane.pb"
    shutil.copy(GOOD, path)
    _deny(monkeypatch, "open", str(path))
    with pytest.raises(ProfileError, match="cannot read the file: Permission denied") as info:
        nbprof.load(path)
    _assert_clear(info.value, path)


def test_unreadable_run_directory_is_skipped_with_a_warning(tmp_path, monkeypatch) -> None:
    shutil.copy(GOOD, _run(tmp_path, "2026_01_01_00_00_00") / "vm.xplane.pb")
    locked = _run(tmp_path, "2026_02_01_00_00_00")
    shutil.copy(GOOD, locked / "vm.xplane.pb")
    _deny(monkeypatch, "listdir", str(locked))
    with pytest.warns(NbprofWarning, match=r"skipped 1 run directory that cannot be read.*Permission denied"):
        prof = nbprof.load(tmp_path)
    assert prof.run == "2026_01_01_00_00_00"
    with pytest.warns(NbprofWarning), pytest.raises(ProfileError, match="run '2026_02_01_00_00_00' cannot be read"):
        nbprof.load(tmp_path, run="2026_02_01_00_00_00")


def test_logdir_whose_only_run_is_unreadable(tmp_path, monkeypatch) -> None:
    locked = _run(tmp_path)
    shutil.copy(GOOD, locked / "vm.xplane.pb")
    _deny(monkeypatch, "listdir", str(locked))
    with pytest.warns(NbprofWarning), pytest.raises(ProfileError, match="no run directory of this logdir can be read"):
        nbprof.load(tmp_path)


def test_unlistable_directory(tmp_path, monkeypatch) -> None:
    _deny(monkeypatch, "listdir", str(tmp_path))
    with pytest.raises(ProfileError, match="cannot list this directory: Permission denied") as info:
        nbprof.load(tmp_path)
    _assert_clear(info.value, tmp_path)


def test_file_growing_while_read(tmp_path, monkeypatch) -> None:
    """A profiler appends to the file between nbprof's size check and its read."""
    path = tmp_path / "h.xplane.pb"
    shutil.copy(GOOD, path)
    real_fdopen = os.fdopen

    def writer_appends_then_open(fd, *args, **kwargs):  # type: ignore[no-untyped-def]
        with open(path, "ab") as f:
            f.write(b"\x0a\x05more!")
        return real_fdopen(fd, *args, **kwargs)

    monkeypatch.setattr(files.os, "fdopen", writer_appends_then_open)
    with pytest.raises(ProfileError, match="changed while it was read.*still being written") as info:
        nbprof.load(path)
    _assert_clear(info.value, path)


def test_size_that_lies_is_caught(tmp_path) -> None:
    """/proc files say 0 bytes and have content: the size read does not match the size seen."""
    link = tmp_path / "h.xplane.pb"
    link.symlink_to("/proc/self/status")
    with pytest.raises(ProfileError, match="changed while it was read"):
        nbprof.load(link)


def _cut(path) -> None:  # type: ignore[no-untyped-def]
    data = GOOD.read_bytes()
    path.write_bytes(data[: len(data) * 3 // 4])  # inside the Task Environment or host plane


def test_fresh_truncated_file_may_still_be_written(tmp_path) -> None:
    path = tmp_path / "h.xplane.pb"
    _cut(path)
    with pytest.raises(TruncatedProfileError) as info:
        nbprof.load(path)
    _assert_clear(info.value, path)
    assert re.search(r"modified \d+ s ago: if a profiler is still writing it, try again", str(info.value))
    assert "partial=True" in str(info.value)


def test_old_truncated_file_is_just_truncated(tmp_path) -> None:
    path = tmp_path / "h.xplane.pb"
    _cut(path)
    hour_ago = time.time() - 3600
    os.utime(path, (hour_ago, hour_ago))
    with pytest.raises(TruncatedProfileError) as info:
        nbprof.load(path)
    assert "still writing" not in str(info.value) and "partial=True" in str(info.value)
