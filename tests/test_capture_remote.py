"""Remote capture against real JAX profiler servers (subprocesses on 127.0.0.1)."""

from __future__ import annotations

import importlib
import os
import time
from pathlib import Path

import grpc
import pytest
from capture_helpers.servers import start_servers

from nbprof.capture import remote
from nbprof.capture.logdir import RUN_FORMAT
from nbprof.errors import CaptureError
from nbprof.proto import profiler_service_pb2 as pb
from nbprof.proto.service import CHANNEL_OPTIONS, ProfilerServiceStub

# The package by module path (nbprof exports the name nbprof.capture as a callable package too).
capture_api = importlib.import_module("nbprof.capture")
pytestmark = pytest.mark.capture
REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"


@pytest.fixture(scope="module")
def servers():
    started = start_servers(2, lifetime_s=900)
    yield started
    for server in started:
        server.stop()


def _step_numbers(profile) -> set[int]:
    ev = profile.events
    marked = ev[ev["step_num"].notna()] if "step_num" in ev else ev.iloc[:0]
    return set(marked["step_num"].astype("int64").tolist())


def test_one_worker_in_band_xspace_saved_in_tensorboard_layout(servers, tmp_path, capsys):
    server = servers[0]
    prof = capture_api.capture(f"grpc://{server.address}", duration_ms=600, logdir=tmp_path, progress=False)
    run_dirs = list((tmp_path / "plugins" / "profile").iterdir())
    assert len(run_dirs) == 1
    time.strptime(run_dirs[0].name, RUN_FORMAT)  # the run is named like TensorBoard's
    saved = run_dirs[0] / f"127.0.0.1_{server.port}.xplane.pb"
    assert saved.is_file() and saved.stat().st_size > 10_000
    assert prof.hosts == [f"127.0.0.1_{server.port}"]
    assert prof.run == run_dirs[0].name
    # The server traced our window: events span about the requested duration, with step markers.
    span_ms = prof.duration_ps / 1e9
    assert 400 < span_ms < 1500, span_ms
    steps = _step_numbers(prof)
    assert len(steps) > 10, "expected many train steps in 600 ms"
    assert "captured 1 worker(s)" in capsys.readouterr().out


def test_two_workers_concurrently_one_run_two_files_with_progress(servers, tmp_path, capsys):
    workers = ",".join(s.address for s in servers)
    prof = capture_api.capture(workers, duration_ms=1200, logdir=str(tmp_path), progress="text")
    run_dirs = list((tmp_path / "plugins" / "profile").iterdir())
    assert len(run_dirs) == 1
    names = sorted(p.name for p in run_dirs[0].iterdir())
    assert names == sorted(f"127.0.0.1_{s.port}.xplane.pb" for s in servers)
    assert sorted(prof.hosts) == sorted(f"127.0.0.1_{s.port}" for s in servers)
    # Captured concurrently: the two traced windows (same wall-clock origin) overlap by most of 1.2 s.
    ev = prof.events[~prof.events["aggregated"]]
    windows = ev.groupby("host", observed=True).agg(start=("start_ps", "min"), end=("end_ps", "max"))
    overlap_ms = (windows["end"].min() - windows["start"].max()) / 1e9
    assert overlap_ms > 800, f"workers were not traced at the same time (overlap {overlap_ms:.0f} ms)"
    for host in prof.hosts:
        assert len(_step_numbers(prof.for_host(host))) > 10
    err = capsys.readouterr().err
    for server in servers:  # a text progress line per worker, ending in "done"
        assert f"{server.address} done" in err
    assert "/1.2 s" in err


def test_request_asks_for_in_band_xspace_and_names_the_repository(tmp_path):
    options = remote.CaptureOptions(
        duration_ms=1500,
        logdir=str(tmp_path),
        run="2026_01_02_03_04_05",
        host_tracer_level=3,
        python_tracer_level=1,
        device_tracer_level=0,
    )
    request = remote.build_request("10.0.0.1:9012", options)
    assert request.emit_xspace
    assert request.opts.duration_ms == 1500 and request.duration_ms == 1500  # servers read opts.duration_ms
    assert (request.opts.host_tracer_level, request.opts.python_tracer_level, request.opts.device_tracer_level) == (
        3,
        1,
        0,
    )
    assert request.opts.version == 1
    assert request.repository_root == os.path.join(str(tmp_path), "plugins", "profile")
    assert request.session_id == "2026_01_02_03_04_05" and request.host_name == "10.0.0.1:9012"


def test_empty_capture_is_retried_then_explained(servers, tmp_path):
    # All tracers off: the real server traces nothing and answers empty_trace.
    with pytest.raises(CaptureError, match=r"no trace event was collected after 2 attempt\(s\).*running work"):
        capture_api.capture(
            servers[0].address,
            duration_ms=300,
            logdir=tmp_path,
            host_tracer_level=0,
            device_tracer_level=0,
            num_retries=1,
            progress=False,
        )
    assert not (tmp_path / "plugins" / "profile").exists() or not any((tmp_path / "plugins" / "profile").rglob("*.pb"))


def test_busy_worker_gives_clear_message_and_next_capture_works(servers, tmp_path):
    # Another client (a raw call from this test) holds the server's only profiling session.
    with grpc.insecure_channel(servers[1].address, options=list(CHANNEL_OPTIONS)) as channel:
        request = remote.build_request(
            servers[1].address, remote.CaptureOptions(2000, str(tmp_path / "other"), "other")
        )
        started = servers[1].sessions_started()
        other = ProfilerServiceStub(channel).Profile.future(request, timeout=60)
        servers[1].wait_for_sessions(started + 1)  # the other client's session is running
        with pytest.raises(CaptureError, match="already being profiled"):
            capture_api.capture(servers[1].address, duration_ms=300, logdir=tmp_path, num_retries=0, progress=False)
        assert other.result().HasField("xspace")
    prof = capture_api.capture(servers[1].address, duration_ms=300, logdir=tmp_path, progress=False)
    assert len(prof.events) > 0


def test_one_dead_worker_among_live_ones_warns_and_keeps_the_rest(servers, tmp_path):
    from capture_helpers.servers import free_port

    dead = f"127.0.0.1:{free_port()}"
    with pytest.warns(capture_api.CaptureWarning, match="nothing is listening"):
        prof = capture_api.capture(
            [servers[0].address, dead], duration_ms=300, logdir=tmp_path, num_retries=0, progress=False
        )
    assert prof.hosts == [f"127.0.0.1_{servers[0].port}"]
    assert any("nothing is listening" in note for note in prof.notes)


def test_service_paths_match_the_upstream_service_descriptor():
    from nbprof.proto import service

    descriptor = pb.DESCRIPTOR.services_by_name["ProfilerService"]
    upstream = "tensorflow." + descriptor.name
    assert service.UPSTREAM_SERVICE == upstream
    for method in ("Profile", "Terminate", "Monitor"):
        assert method in descriptor.methods_by_name
        assert getattr(service, f"{method.upper()}_PATH") == f"/{upstream}/{descriptor.methods_by_name[method].name}"
    assert descriptor.methods_by_name["Profile"].input_type.name == "ProfileRequest"
    assert descriptor.methods_by_name["Profile"].output_type.name == "ProfileResponse"


@pytest.fixture
def old_server():
    from capture_helpers.old_server import OldProfilerServer

    server = OldProfilerServer()
    yield server
    server.stop()


def test_older_server_file_in_reachable_repository_is_loaded(old_server, tmp_path):
    prof = capture_api.capture(old_server.address, duration_ms=200, logdir=tmp_path, progress=False)
    assert old_server.requests[0].emit_xspace  # we asked for in-band, the old server ignored it
    saved = next((tmp_path / "plugins" / "profile").rglob("*.xplane.pb"))
    assert saved.name == f"127.0.0.1_{old_server.port}.xplane.pb"
    assert prof.hosts == [f"127.0.0.1_{old_server.port}"] and len(prof.events) > 0


def test_older_server_on_another_disk_says_how_to_fix(old_server, tmp_path, monkeypatch):
    # The server "writes on its own machine": a root this kernel cannot see.
    monkeypatch.setattr(old_server, "disk_root", str(tmp_path / "server-side-disk"))
    with pytest.raises(CaptureError, match=r"older profiler server.*cannot read.*shared filesystem.*gs://"):
        capture_api.capture(old_server.address, duration_ms=200, logdir=tmp_path / "kernel", progress=False)


def test_fsspec_url_logdir(servers):
    import fsspec

    prof = capture_api.capture(
        servers[0].address, duration_ms=300, logdir="memory://nbprof-capture-test", progress=False
    )
    fs = fsspec.filesystem("memory")
    found = fs.glob("/nbprof-capture-test/plugins/profile/*/*.xplane.pb")
    assert [p.rsplit("/", 1)[1] for p in found] == [f"127.0.0.1_{servers[0].port}.xplane.pb"]
    assert len(prof.events) > 0
    fs.rm("/nbprof-capture-test", recursive=True)


def test_tensorflow_server(tmp_path):
    pytest.importorskip("tensorflow")
    (tf_server,) = start_servers(1, lifetime_s=900, framework="tf")
    try:
        prof = capture_api.capture(tf_server.address, duration_ms=600, logdir=tmp_path, progress=False)
    finally:
        tf_server.stop()
    assert prof.hosts == [f"127.0.0.1_{tf_server.port}"]
    assert len(_step_numbers(prof)) > 10


# Run in a child process: capture one worker into a shared logdir with the run name of a fixed
# second, as two notebooks capturing in the same second would get. Prints the profile's hosts and run.
_CAPTURE_IN_THE_SAME_SECOND = """
import json, sys
import nbprof.capture.logdir as layout
from nbprof.capture import capture
layout.run_name = lambda now=None: "2026_01_01_00_00_00"
prof = capture(sys.argv[1], duration_ms=400, logdir=sys.argv[2], progress=False, quiet=True)
print(json.dumps({"hosts": prof.hosts, "run": prof.run, "paths": prof.paths}))
"""


def test_two_processes_capturing_in_the_same_second_never_mix(servers, tmp_path):
    """Regression: both got the run directory of that second, and each returned profile held
    the other's worker too. Now each process claims a run directory of its own."""
    import json
    import subprocess
    import sys

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _CAPTURE_IN_THE_SAME_SECOND, server.address, str(tmp_path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for server in servers
    ]
    results = []
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    runs = sorted(r["run"] for r in results)
    assert runs[0] == "2026_01_01_00_00_00" and runs[1].startswith("2026_01_01_00_00_00_"), runs
    for server, result in zip(servers, results):
        assert result["hosts"] == [f"127.0.0.1_{server.port}"]
    run_dirs = sorted((tmp_path / "plugins" / "profile").iterdir())
    assert [p.name for p in run_dirs] == runs
    assert all(len(list(d.glob("*.xplane.pb"))) == 1 for d in run_dirs)


def test_profile_holds_only_this_captures_files(servers, tmp_path, monkeypatch):
    """A file another capture left in the run directory is not merged into the profile."""
    from nbprof.capture import logdir as layout

    claimed = layout.claim_run

    def claim_and_intrude(logdir, base=None):
        run = claimed(logdir, base)
        intruder = tmp_path / "plugins" / "profile" / run / "intruder.xplane.pb"
        intruder.write_bytes(next(FIXTURES.glob("jax_mlp_train/plugins/profile/*/*.xplane.pb")).read_bytes())
        return run

    monkeypatch.setattr(layout, "claim_run", claim_and_intrude)
    prof = capture_api.capture(servers[0].address, duration_ms=300, logdir=tmp_path, progress=False, quiet=True)
    assert prof.hosts == [f"127.0.0.1_{servers[0].port}"]


def test_failed_capture_leaves_no_empty_run_directory(tmp_path):
    from capture_helpers.servers import free_port

    with pytest.raises(CaptureError, match="nothing is listening"):
        capture_api.capture(f"127.0.0.1:{free_port()}", duration_ms=300, logdir=tmp_path, num_retries=0, progress=False)
    assert not any((tmp_path / "plugins" / "profile").iterdir())


def test_run_names_keep_tensorboards_time_prefix(tmp_path):
    from nbprof.capture import logdir as layout

    names = [layout.claim_run(str(tmp_path), base="2026_01_01_00_00_00") for _ in range(3)]
    assert names[0] == "2026_01_01_00_00_00"
    assert names[1] == f"2026_01_01_00_00_00_{os.getpid()}" and names[2] == f"2026_01_01_00_00_00_{os.getpid()}_1"
    assert all(time.strptime(n[:19], RUN_FORMAT) for n in names)
    url = layout.claim_run("memory://bucket/logs", base="2026_01_01_00_00_00")
    assert url.startswith("2026_01_01_00_00_00_") and url != layout.claim_run("memory://bucket/logs")
