"""Bad input and faults of remote capture: each gives one clear CaptureError, and the next capture works."""

from __future__ import annotations

import importlib
import socket
import threading
import types

import pytest
from capture_helpers.servers import free_port, start_servers

from nbprof.capture.addresses import parse_duration_ms, parse_workers
from nbprof.errors import CaptureError, NbprofError

pytestmark = pytest.mark.capture

# The package by module path (nbprof exports the name nbprof.capture as a callable package too).
capture_api = importlib.import_module("nbprof.capture")


@pytest.fixture(scope="module")
def server():
    (started,) = start_servers(1, lifetime_s=900)
    yield started
    started.stop()


def _capture_ok(address: str, tmp_path) -> None:
    prof = capture_api.capture(address, duration_ms=300, logdir=tmp_path / "after", progress=False, quiet=True)
    assert len(prof.events) > 0


@pytest.mark.parametrize(
    "workers, message",
    [
        ("localhost", "malformed worker address 'localhost'"),
        ("localhost:port", "malformed worker address"),
        ("localhost:99999", "port 99999 is not in 1..65535"),
        ("http://localhost:9012", "malformed worker address"),
        ("", "no worker address given"),
        (" , ", "no worker address given"),
        ("a:1,a:1", "listed twice"),
        (42, "workers must be"),
    ],
)
def test_malformed_addresses(workers, message):
    with pytest.raises(CaptureError, match=message):
        capture_api.capture(workers, duration_ms=100)


def test_addresses_accepted():
    assert parse_workers(" grpc://h1:9012, GRPC://10.0.0.2:9013/ ,[::1]:8466,") == [
        "h1:9012",
        "10.0.0.2:9013",
        "[::1]:8466",
    ]
    assert parse_workers(["a:1", "b:2"]) == ["a:1", "b:2"]


@pytest.mark.parametrize(
    "duration, message",
    [
        (-5, "must be positive"),
        (0, "must be positive"),
        (float("nan"), "must be positive"),
        ("-2s", "cannot read"),
        ("two seconds", "cannot read"),
        (10**10, "one-hour limit"),
        ("2h", "cannot read"),
        ("90m", "one-hour limit"),
        (True, "must be a number"),
    ],
)
def test_bad_durations(duration, message):
    with pytest.raises(CaptureError, match=message):
        capture_api.capture("localhost:9012", duration_ms=duration)


def test_duration_strings():
    assert [parse_duration_ms(d) for d in ("2s", "500ms", "1.5 s", "1m", 250, 0.4)] == [2000, 500, 1500, 60000, 250, 1]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"host_tracer_level": 4},
        {"python_tracer_level": -1},
        {"num_retries": -1},
        {"timeout_s": 0},
        {"progress": "fancy"},
    ],
)
def test_bad_options(kwargs):
    with pytest.raises(CaptureError):
        capture_api.capture(f"127.0.0.1:{free_port()}", duration_ms=100, **kwargs)


def test_nothing_listening(tmp_path):
    # A refusal ends each attempt at once (no connect timeout); how fast: benchmarks/capture_faults.py.
    address = f"127.0.0.1:{free_port()}"
    with pytest.raises(CaptureError, match=r"nothing is listening there \(connection refused\).*start_server") as info:
        capture_api.capture(address, duration_ms=300, logdir=tmp_path, num_retries=1, progress=False)
    assert "(2 attempt(s); last error: UNAVAILABLE" in str(info.value)


def test_unresolvable_host(tmp_path):
    with pytest.raises(CaptureError, match="host name cannot be resolved"):
        capture_api.capture("nbprof-no-such-host.invalid:9012", duration_ms=300, logdir=tmp_path, progress=False)


def test_unreachable_address_times_out_with_a_hint(tmp_path):
    # A host that accepts TCP but never answers (like a dropped route): the connect wait ends it.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(0)
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        with pytest.raises(CaptureError, match=r"did not answer in time.*reachable.*no connection within 0.5 s"):
            capture_api.capture(
                address, duration_ms=300, logdir=tmp_path, connect_timeout_s=0.5, num_retries=0, progress=False
            )


def test_something_else_on_the_port(tmp_path):
    import http.server

    httpd = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        with pytest.raises(CaptureError, match="not a gRPC profiler server"):
            capture_api.capture(
                f"127.0.0.1:{httpd.server_address[1]}", duration_ms=300, logdir=tmp_path, num_retries=0, progress=False
            )
    finally:
        httpd.shutdown()
        httpd.server_close()


def _when_profiling(server, action) -> threading.Thread:
    """Run ``action()`` in a thread as soon as ``server`` has started its next profiling session."""
    started = server.sessions_started()

    def wait_then_act() -> None:
        server.wait_for_sessions(started + 1)
        action()

    thread = threading.Thread(target=wait_then_act, daemon=True)
    thread.start()
    return thread


def _interrupt_poll_once_profiling(server, monkeypatch) -> None:
    """Make the capture's poll sleep in the main thread raise KeyboardInterrupt once, when ``server`` has
    started its next profiling session (as Ctrl-C there would); other threads and later sleeps as usual."""
    remote = importlib.import_module("nbprof.capture.remote")
    started = server.sessions_started()
    real_sleep = remote.time.sleep
    interrupted = threading.Event()

    def sleep(seconds: float) -> None:
        main = threading.current_thread() is threading.main_thread()
        if main and not interrupted.is_set() and server.sessions_started() > started:
            interrupted.set()
            raise KeyboardInterrupt
        real_sleep(seconds)

    clock = types.SimpleNamespace(**{k: getattr(remote.time, k) for k in dir(remote.time) if not k.startswith("_")})
    clock.sleep = sleep
    monkeypatch.setattr(remote, "time", clock)


def test_server_dies_mid_capture(tmp_path):
    (dying,) = start_servers(1)
    try:
        killer = _when_profiling(dying, dying.stop)  # killed (SIGKILL) once it is tracing for us
        # "connection broke", not "did not answer in time": the capture ended when the worker died,
        # not at its 8 s + 60 s deadline (how fast: benchmarks/capture_faults.py).
        with pytest.raises(CaptureError, match=r"connection broke during the capture.*exit or crash"):
            capture_api.capture(dying.address, duration_ms=8000, logdir=tmp_path, num_retries=1, progress=False)
        killer.join()
        assert not dying.alive()
    finally:
        dying.stop()


def test_keyboard_interrupt_cancels_capture_and_frees_the_server(server, tmp_path, monkeypatch):
    # Ctrl-C once the server is tracing for us, in an 8 s capture (how fast it ends: benchmarks/capture_faults.py).
    # It is raised where a Ctrl-C lands while nbprof waits for its workers: in the main thread's poll sleep.
    # (With _thread.interrupt_main Python raises it at some later bytecode of the main thread; once in CI it never
    # took effect and the capture ran its whole 8 s, most likely raised where it cannot propagate, e.g. a finalizer.)
    _interrupt_poll_once_profiling(server, monkeypatch)
    with pytest.raises(CaptureError, match="capture interrupted"):
        capture_api.capture(server.address, duration_ms=8000, logdir=tmp_path, progress=False)
    assert not any((tmp_path / "plugins" / "profile").rglob("*.xplane.pb")) if (tmp_path / "plugins").exists() else True
    _capture_ok(server.address, tmp_path)  # no session left running on the server, nor in nbprof


def test_second_capture_in_this_process_is_refused(server, tmp_path):
    errors: list[BaseException] = []

    def first():
        try:
            capture_api.capture(server.address, duration_ms=2000, logdir=tmp_path / "first", progress=False, quiet=True)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    started = server.sessions_started()
    thread = threading.Thread(target=first)
    thread.start()
    server.wait_for_sessions(started + 1)  # the first capture is tracing: it holds nbprof's capture lock
    try:
        with pytest.raises(CaptureError, match="already running in this process"):
            capture_api.capture(server.address, duration_ms=300, logdir=tmp_path / "second", progress=False)
    finally:
        thread.join()
    assert not errors
    _capture_ok(server.address, tmp_path)


def test_errors_are_nbprof_errors():
    assert issubclass(CaptureError, NbprofError)
