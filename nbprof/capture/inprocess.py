"""In-process profiling: ``with nbprof.profile() as session``, ``nbprof.start()`` / ``nbprof.stop()``, ``nbprof.step(n)``.

The framework's own profiler (JAX or TensorFlow, see :mod:`nbprof.capture.backends`) traces
this process and writes ``<logdir>/plugins/profile/<run>/<host>.xplane.pb``; the session then
loads that run as a :class:`nbprof.Profile`. One nbprof session runs at a time per process.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from contextlib import AbstractContextManager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from nbprof.capture import logdir as layout
from nbprof.capture.addresses import check_level
from nbprof.capture.backends import Backend, get_backend
from nbprof.errors import CaptureError

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.profile import Profile

_lock = threading.Lock()
_active: ProfilingSession | None = None


class ProfilingSession:
    """One in-process trace. Use as a context manager or via :func:`start` / :func:`stop`.

    Attributes after stopping: ``profile`` (the loaded :class:`nbprof.Profile`), ``run_dir``
    (``<logdir>/plugins/profile/<run>``), ``paths`` (its ``.xplane.pb`` files),
    ``elapsed_s`` (wall seconds traced).
    """

    def __init__(
        self,
        logdir: str | os.PathLike[str] | None = None,
        backend: str | None = None,
        host_tracer_level: int = 2,
        python_tracer_level: int = 0,
        device_tracer_level: int = 1,
        quiet: bool = False,
    ) -> None:
        self.host_tracer_level = check_level("host_tracer_level", host_tracer_level, 3)
        self.python_tracer_level = check_level("python_tracer_level", python_tracer_level, 1)
        self.device_tracer_level = check_level("device_tracer_level", device_tracer_level, 2)
        if logdir is not None and layout.is_url(os.fspath(logdir)):
            raise CaptureError(
                f"in-process profiling writes to a local directory, not {os.fspath(logdir)!r}; "
                "copy the run directory afterwards if you need it elsewhere."
            )
        self.requested_backend = backend
        self.logdir: str | None = None if logdir is None else layout.resolve_logdir(logdir)
        self.quiet = quiet
        self.backend: Backend | None = None
        self.run: str | None = None
        self.run_dir: str | None = None
        self.paths: list[str] = []
        self.elapsed_s = 0.0
        self._profile: Profile | None = None
        self._started_at: float | None = None
        self._staging: str | None = None

    # ------------------------------------------------------------------ control
    @property
    def running(self) -> bool:
        return self._started_at is not None

    @property
    def profile(self) -> Profile:
        """The profile, once the session has stopped."""
        if self._profile is None:
            state = "still running: leave the `with` block or call nbprof.stop()" if self.running else "not started"
            raise CaptureError(f"no profile yet: the session is {state}.")
        return self._profile

    def start(self) -> ProfilingSession:
        """Start tracing this process (raises CaptureError when a trace is already running)."""
        global _active
        with _lock:
            if _active is not None:
                raise CaptureError(
                    "an nbprof profiling session is already running in this process; "
                    "call nbprof.stop() (or leave its `with nbprof.profile()` block) first."
                )
            backend = get_backend(self.requested_backend)
            if self.logdir is None:
                self.logdir = layout.new_logdir()
            os.makedirs(self.logdir, exist_ok=True)
            # The framework names the run by the second it stopped; two sessions in one second would
            # share a run directory and overwrite each other, so it writes into a private staging
            # logdir and the run is moved into place under a name not taken yet.
            self._staging = tempfile.mkdtemp(prefix=".nbprof-staging-", dir=self.logdir)
            try:
                backend.start(self._staging, self.host_tracer_level, self.python_tracer_level, self.device_tracer_level)
            except BaseException:
                shutil.rmtree(self._staging, ignore_errors=True)
                raise
            self.backend = backend
            self._started_at = time.monotonic()
            _active = self
        return self

    def stop(self) -> Profile:
        """Stop tracing, save the run, load it and return the :class:`nbprof.Profile`."""
        global _active
        with _lock:
            if not self.running or self.backend is None:
                raise CaptureError("this profiling session is not running.")
            assert self._started_at is not None and self.logdir is not None
            self.elapsed_s = time.monotonic() - self._started_at
            self._started_at = None
            _active = None
            try:
                self.backend.stop()
                self.run_dir, self.paths = self._move_run_into_place()
            finally:
                shutil.rmtree(self._staging or "", ignore_errors=True)
            self.run = os.path.basename(self.run_dir)
        from nbprof.loading import load

        self._profile = load(self.run_dir, host=[layout.host_of(p) for p in self.paths])
        if not self.quiet:
            print(f"nbprof: profiled {self.elapsed_s:.2f} s with {self.backend.name}, saved to {self.run_dir}")
        return self._profile

    def _move_run_into_place(self) -> tuple[str, list[str]]:
        """Move the run the framework wrote in the staging logdir to ``<logdir>/plugins/profile/<run>``."""
        assert self.logdir is not None and self._staging is not None
        staged_root = Path(layout.profile_root(self._staging))
        runs = sorted(p for p in staged_root.iterdir() if p.is_dir()) if staged_root.is_dir() else []
        files = sorted(runs[-1].glob("*" + layout.XPLANE_SUFFIX)) if runs else []
        if not files:
            raise CaptureError(
                f"the profiler stopped but wrote no .xplane.pb under {staged_root}; "
                "check that the directory is writable and that the framework's profiler works here."
            )
        # Claimed atomically (a new directory), so a session of another process stopping in the
        # same second gets a run of its own; the files are then moved in one by one.
        target = Path(layout.run_dir(self.logdir, layout.claim_run(self.logdir, base=runs[-1].name)))
        for entry in sorted(runs[-1].iterdir()):
            os.replace(entry, target / entry.name)
        return str(target), sorted(str(p) for p in target.glob("*" + layout.XPLANE_SUFFIX))

    # ---------------------------------------------------------- context manager
    def __enter__(self) -> ProfilingSession:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if not self.running:
            return
        if exc_type is None:
            self.stop()
            return
        try:  # the body failed: still stop and save, then let the body's exception through
            self.stop()
        except Exception as stop_error:  # noqa: BLE001
            _add_note(exc, f"nbprof: the trace could not be saved either: {stop_error}")
        else:
            if self.run_dir:
                _add_note(exc, f"nbprof: the trace up to the error was saved to {self.run_dir} (session.profile)")

    def __repr__(self) -> str:
        state = "running" if self.running else ("stopped" if self._profile is not None else "not started")
        return f"<nbprof.ProfilingSession {state} backend={getattr(self.backend, 'name', self.requested_backend)!r} logdir={self.logdir!r}>"


def _add_note(exc: BaseException | None, note: str) -> None:
    """Attach a note to an exception's traceback (Python 3.11+; ignored before)."""
    add_note = getattr(exc, "add_note", None)
    if add_note is not None:
        add_note(note)


def profile(
    logdir: str | os.PathLike[str] | None = None,
    backend: str | None = None,
    host_tracer_level: int = 2,
    python_tracer_level: int = 0,
    device_tracer_level: int = 1,
    quiet: bool = False,
) -> ProfilingSession:
    """Profile the ``with`` block in this process; afterwards ``session.profile`` is the Profile.

    ``backend``: ``"jax"`` or ``"tf"`` (None: the framework imported, else installed, JAX
    first). ``logdir``: a new temporary directory when None (printed when the block ends).
    Tracer levels: host 0-3 (2 default), Python 0-1, device 0-2 (ignored by JAX).

    >>> with nbprof.profile() as session:   # doctest: +SKIP
    ...     train(steps=10)
    >>> session.profile.steps                # doctest: +SKIP
    """
    return ProfilingSession(logdir, backend, host_tracer_level, python_tracer_level, device_tracer_level, quiet)


def start(
    logdir: str | os.PathLike[str] | None = None,
    backend: str | None = None,
    host_tracer_level: int = 2,
    python_tracer_level: int = 0,
    device_tracer_level: int = 1,
    quiet: bool = False,
) -> ProfilingSession:
    """Start profiling this process; end with :func:`stop`. Same arguments as :func:`profile`."""
    return profile(logdir, backend, host_tracer_level, python_tracer_level, device_tracer_level, quiet).start()


def stop() -> Profile:
    """Stop the session started by :func:`start` and return its :class:`nbprof.Profile`."""
    session = _active
    if session is None:
        raise CaptureError("no nbprof profiling session is running: start one with nbprof.start().")
    return session.stop()


def active_session() -> ProfilingSession | None:
    """The running in-process session, if any."""
    return _active


def step(step_num: int, name: str = "train") -> AbstractContextManager[Any]:
    """Mark one training step: ``with nbprof.step(i): ...``; step analysis groups events by it.

    Maps to JAX ``StepTraceAnnotation(name, step_num=n)`` or TF
    ``Trace(name, step_num=n, _r=1)``: the backend of the running session, else the detected one.
    """
    if isinstance(step_num, bool) or not isinstance(step_num, int) or step_num < 0:
        raise CaptureError(f"step number must be a non-negative integer, got {step_num!r}.")
    session = _active
    backend = session.backend if session is not None and session.backend is not None else get_backend(None)
    return backend.step(step_num, str(name))
