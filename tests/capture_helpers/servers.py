"""Start and stop real JAX profiler servers (tests/capture_helpers/jax_server.py) in subprocesses."""

from __future__ import annotations

import os
import select
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

SERVER_PROGRAMS = {"jax": Path(__file__).with_name("jax_server.py"), "tf": Path(__file__).with_name("tf_server.py")}
READY_TIMEOUT_S = 60.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# What TSL's profiler logs (INFO) when a profiling session has started on the server.
SESSION_STARTED = "Profiler session started"


@dataclass
class ServerProcess:
    """A running JAX profiler server: ``address`` is ``127.0.0.1:<port>``.

    ``log`` collects the server's stderr (TSL's INFO log) as it comes, so a test can wait for
    what the server did instead of sleeping: ``wait_for_sessions(n)``.
    """

    process: subprocess.Popen
    port: int
    log: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        threading.Thread(target=self._read_log, name=f"server-{self.port}-log", daemon=True).start()

    def _read_log(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.log.append(line)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def alive(self) -> bool:
        return self.process.poll() is None

    def sessions_started(self) -> int:
        """Profiling sessions this server has started so far."""
        return sum(SESSION_STARTED in line for line in list(self.log))

    def wait_for_sessions(self, count: int) -> None:
        """Return once ``count`` sessions have started (a test's time limit ends a wait that never does)."""
        while self.sessions_started() < count:
            if not self.alive():
                raise RuntimeError(f"profiler server on port {self.port} exited: {''.join(self.log[-5:])}")
            time.sleep(0.01)

    def stop(self) -> None:
        """Kill this server process (by its own pid) and reap it."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()


def start_servers(
    count: int = 1, lifetime_s: float = 60.0, die_after_s: float | None = None, framework: str = "jax"
) -> list[ServerProcess]:
    """Start ``count`` servers at once and wait until each prints READY (work compiled, port open).

    ``framework``: ``"jax"`` (tests/capture_helpers/jax_server.py) or ``"tf"`` (tf_server.py).

    Each exits by itself after ``lifetime_s`` (at most 15 min), or as soon as this process is
    gone; ``die_after_s`` makes it die abruptly. A test module's servers live as long as its
    fixture, however slow the machine (the fixture stops them).
    """
    lifetime_s = min(lifetime_s, 900.0)
    servers = []
    env = dict(os.environ, JAX_PLATFORMS="cpu", TF_CPP_MIN_LOG_LEVEL="0")  # INFO: session starts are logged
    for _ in range(count):
        port = free_port()
        command = [sys.executable, str(SERVER_PROGRAMS[framework]), str(port), "--lifetime", str(lifetime_s)]
        if die_after_s is not None:
            command += ["--die-after", str(die_after_s)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        servers.append(ServerProcess(process, port))
    try:
        deadline = time.monotonic() + READY_TIMEOUT_S
        for server in servers:
            assert server.process.stdout is not None
            ready, _, _ = select.select([server.process.stdout], [], [], max(deadline - time.monotonic(), 0.1))
            line = server.process.stdout.readline() if ready else "(no READY line in time)"
            if not line.startswith("READY"):
                raise RuntimeError(f"{framework} profiler server on port {server.port} did not start: {line!r}")
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return servers
