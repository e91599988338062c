"""Bad input: each case raises one nbprof.ProfileError naming the file, with a hint; never a raw traceback."""

from __future__ import annotations

import gzip
import os

import pytest
from fixture_paths import fixture_file

import nbprof
from nbprof.errors import ProfileError, TruncatedProfileError


def _assert_clear(exc: ProfileError, path) -> None:  # type: ignore[no-untyped-def]
    text = str(exc)
    assert str(path) in text
    assert "Hint:" in text
    assert "google.protobuf" not in text


def test_missing_path(tmp_path) -> None:
    with pytest.raises(ProfileError) as info:
        nbprof.load(tmp_path / "nope.xplane.pb")
    _assert_clear(info.value, tmp_path / "nope.xplane.pb")
    assert "no such file" in str(info.value)


def test_empty_file(tmp_path) -> None:
    p = tmp_path / "h.xplane.pb"
    p.write_bytes(b"")
    with pytest.raises(ProfileError) as info:
        nbprof.load(p)
    _assert_clear(info.value, p)
    assert "empty" in str(info.value)


def test_truncated_file_says_so_and_partial_loads_whole_planes(tmp_path) -> None:
    from nbprof.proto import xplane_pb2

    data = fixture_file("jax_mlp_train").read_bytes()
    space = xplane_pb2.XSpace.FromString(data)
    assert space.planes[-1].name == "Task Environment"
    last = xplane_pb2.XSpace(planes=[space.planes[-1]]).SerializeToString()
    tail = xplane_pb2.XSpace(hostnames=space.hostnames).SerializeToString()  # written after the planes
    p = tmp_path / "h.xplane.pb"
    p.write_bytes(data[: len(data) - len(tail) - len(last) // 2])  # cut inside the last plane
    with pytest.raises(TruncatedProfileError) as info:
        nbprof.load(p)
    _assert_clear(info.value, p)
    assert "truncated" in str(info.value) and "partial=True" in str(info.value)
    with pytest.warns(UserWarning, match="whole planes"):
        prof = nbprof.load(p, partial=True)
    assert prof.damaged and "truncated" in prof.damaged
    assert len(prof.events) == 4119  # /host:CPU came before the broken Task Environment plane


def test_truncated_inside_first_plane(tmp_path) -> None:
    data = fixture_file("tf_custom_loop").read_bytes()
    p = tmp_path / "h.xplane.pb"
    p.write_bytes(data[:5000])
    with pytest.raises(ProfileError) as info:
        nbprof.load(p)
    _assert_clear(info.value, p)


def test_random_bytes(tmp_path) -> None:
    p = tmp_path / "h.xplane.pb"
    p.write_bytes(os.urandom(4096))
    with pytest.raises(ProfileError) as info:
        nbprof.load(p)
    _assert_clear(info.value, p)


@pytest.mark.parametrize("seed", range(20))
def test_many_random_inputs_never_crash(tmp_path, seed: int) -> None:
    import random

    rnd = random.Random(seed)
    data = bytearray(fixture_file("jax_mlp_train").read_bytes())
    for _ in range(20):  # flip bytes inside the file
        data[rnd.randrange(len(data))] = rnd.randrange(256)
    p = tmp_path / "h.xplane.pb"
    p.write_bytes(bytes(data))
    try:
        nbprof.load(p)
    except ProfileError:
        pass


def test_gzip_trace_given_by_mistake(tmp_path) -> None:
    p = tmp_path / "vm.trace.json.gz"
    p.write_bytes(gzip.compress(b'{"traceEvents": []}'))
    with pytest.raises(ProfileError) as info:
        nbprof.load(p)
    assert "gzip" in str(info.value) and str(p) in str(info.value)


def test_json_given_by_mistake(tmp_path) -> None:
    p = tmp_path / "trace.json"
    p.write_text('{"traceEvents": []}')
    with pytest.raises(ProfileError) as info:
        nbprof.load(p)
    assert "JSON" in str(info.value)


def test_logdir_with_no_profiles(tmp_path) -> None:
    (tmp_path / "plugins" / "profile" / "run1").mkdir(parents=True)
    with pytest.raises(ProfileError) as info:
        nbprof.load(tmp_path)
    _assert_clear(info.value, tmp_path)
    assert "no profiles" in str(info.value)


def test_run_with_no_host_file(tmp_path) -> None:
    d = tmp_path / "plugins" / "profile" / "2026_01_01_00_00_00"
    d.mkdir(parents=True)
    (d / "notes.txt").write_text("x")
    with pytest.raises(ProfileError):
        nbprof.load(tmp_path)


def test_unknown_run_and_host(tmp_path) -> None:
    d = tmp_path / "plugins" / "profile" / "2026_01_01_00_00_00"
    d.mkdir(parents=True)
    (d / "vm.xplane.pb").write_bytes(fixture_file("jax_mlp_train").read_bytes())
    with pytest.raises(ProfileError, match="no run named 'other'"):
        nbprof.load(tmp_path, run="other")
    with pytest.raises(ProfileError, match="hosts here: vm"):
        nbprof.load(tmp_path, host="worker9")


def test_cli_reports_errors_without_traceback(tmp_path, capsys) -> None:
    from nbprof.cli import main

    assert main(["summary", str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err
    assert "nbprof: error:" in err and "Traceback" not in err
