"""How fast remote capture gives up on a faulty worker: the figures the capture tests used to
assert as wall-clock limits (tests/test_capture_faults.py, tests/test_capture_kernel.py now
check what happened, not how long it took).

    python benchmarks/capture_faults.py

Each case against a real JAX profiler server (tests/capture_helpers) on 127.0.0.1, seconds
from the ``capture()`` call to its CaptureError:

- refused: nothing listens on the port, 2 attempts (each should end at once, no connect wait);
- unreachable: TCP accepted but never answered, ``connect_timeout_s=0.5``, 1 attempt;
- worker dies: the server is killed once its profiling session started, in an 8 s capture
  (should end when the connection breaks, long before the 8 s + 60 s deadline);
- Ctrl-C: ``KeyboardInterrupt`` once the server traces, in an 8 s capture (all workers cancelled).
"""

from __future__ import annotations

import _thread
import importlib
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from capture_helpers.servers import free_port, start_servers  # noqa: E402

from nbprof.errors import CaptureError  # noqa: E402

capture = importlib.import_module("nbprof.capture").capture


def _seconds(call) -> tuple[float, str]:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    try:
        call()
        outcome = "no error (!)"
    except CaptureError as exc:
        outcome = str(exc).split(":", 2)[-1].strip()[:70]
    return time.perf_counter() - started, outcome


def _when_profiling(server, action) -> None:  # type: ignore[no-untyped-def]
    count = server.sessions_started()

    def run() -> None:
        server.wait_for_sessions(count + 1)
        action()

    threading.Thread(target=run, daemon=True).start()


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as logdir:
        options = {"logdir": logdir, "progress": False, "quiet": True}
        rows.append(
            (
                "refused (2 attempts)",
                *_seconds(lambda: capture(f"127.0.0.1:{free_port()}", 300, num_retries=1, **options)),
            )
        )
        with socket.socket() as silent:
            silent.bind(("127.0.0.1", 0))
            silent.listen(0)
            address = f"127.0.0.1:{silent.getsockname()[1]}"
            rows.append(
                (
                    "unreachable (connect_timeout_s=0.5)",
                    *_seconds(lambda: capture(address, 300, connect_timeout_s=0.5, num_retries=0, **options)),
                )
            )
        (dying,) = start_servers(1)
        try:
            _when_profiling(dying, dying.stop)
            rows.append(("worker dies (8 s capture)", *_seconds(lambda: capture(dying.address, 8000, **options))))
        finally:
            dying.stop()
        (server,) = start_servers(1)
        try:
            _when_profiling(server, _thread.interrupt_main)
            rows.append(("Ctrl-C (8 s capture)", *_seconds(lambda: capture(server.address, 8000, **options))))
        finally:
            server.stop()
    for name, seconds, outcome in rows:
        print(f"{name:<38} {seconds:6.2f} s   {outcome}")


if __name__ == "__main__":
    main()
