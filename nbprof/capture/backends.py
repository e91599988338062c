"""In-process profiler backends: JAX (``jax.profiler``) and TensorFlow (``tf.profiler.experimental``).

A backend starts and stops the framework's own profiler session, which writes
``<logdir>/plugins/profile/<run>/<host>.xplane.pb``, and makes step markers. The backend is
picked from the frameworks already imported (then installed), JAX first.
"""

from __future__ import annotations

import importlib.util
import sys
from contextlib import AbstractContextManager
from typing import Any

from nbprof.errors import CaptureError

BACKENDS = ("jax", "tf")
_MODULES = {"jax": "jax", "tf": "tensorflow"}


class Backend:
    """Interface: ``start(logdir, levels)``, ``stop()``, ``step(n, name)``, ``is_tracing()``."""

    name = ""

    def start(self, logdir: str, host_tracer_level: int, python_tracer_level: int, device_tracer_level: int) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def step(self, step_num: int, name: str) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def is_tracing(self) -> bool:
        raise NotImplementedError


class JaxBackend(Backend):
    """``jax.profiler.start_trace`` / ``stop_trace`` and ``StepTraceAnnotation``.

    JAX's ``ProfileOptions`` has no device tracer level: device activity is always traced.
    """

    name = "jax"

    def __init__(self) -> None:
        import jax.profiler

        self.profiler = jax.profiler

    def start(self, logdir: str, host_tracer_level: int, python_tracer_level: int, device_tracer_level: int) -> None:
        options = self.profiler.ProfileOptions()
        options.host_tracer_level = host_tracer_level
        options.python_tracer_level = python_tracer_level
        if self.is_tracing():
            raise CaptureError(
                "a JAX profiler trace is already running in this process (jax.profiler.start_trace or "
                "jax.profiler.trace); stop it with jax.profiler.stop_trace() first."
            )
        try:
            self.profiler.start_trace(logdir, profiler_options=options)
        except RuntimeError as exc:
            raise CaptureError(
                f"JAX could not start a profiler trace: {exc} A trace started elsewhere (jax.profiler.start_trace, "
                "or a capture from this process's profiler server) must end first."
            ) from None

    def stop(self) -> None:
        try:
            self.profiler.stop_trace()
        except Exception as exc:
            self._reset_state()
            raise CaptureError(f"JAX could not stop and save the trace: {exc}") from exc

    def step(self, step_num: int, name: str) -> AbstractContextManager[Any]:
        return self.profiler.StepTraceAnnotation(name, step_num=step_num)

    def is_tracing(self) -> bool:
        state = self._state()
        return state is not None and getattr(state, "profile_session", None) is not None

    @staticmethod
    def _state() -> Any:
        try:
            from jax._src import profiler as private  # the only place JAX keeps "is a trace running"
        except ImportError:  # pragma: no cover - layout of another JAX version
            return None
        return getattr(private, "_profile_state", None)

    def _reset_state(self) -> None:
        """After a failed stop, forget the session so that the next trace can start."""
        state = self._state()
        if state is not None and hasattr(state, "reset"):
            try:
                state.reset()
            except Exception:  # noqa: BLE001
                pass


class TfBackend(Backend):
    """``tf.profiler.experimental.start`` / ``stop`` and ``Trace(name, step_num=n, _r=1)``."""

    name = "tf"

    def __init__(self) -> None:
        import tensorflow as tf

        self.tf = tf
        self._tracing = False

    def start(self, logdir: str, host_tracer_level: int, python_tracer_level: int, device_tracer_level: int) -> None:
        experimental = self.tf.profiler.experimental
        options = experimental.ProfilerOptions(
            host_tracer_level=host_tracer_level,
            python_tracer_level=python_tracer_level,
            device_tracer_level=device_tracer_level,
        )
        try:
            experimental.start(logdir, options=options)
        except self.tf.errors.AlreadyExistsError:
            raise CaptureError(
                "a TensorFlow profiler session is already running in this process; stop it with "
                "tf.profiler.experimental.stop() first."
            ) from None
        except Exception as exc:
            raise CaptureError(f"TensorFlow could not start the profiler: {exc}") from None
        self._tracing = True

    def stop(self) -> None:
        self._tracing = False
        try:
            self.tf.profiler.experimental.stop()
        except Exception as exc:
            raise CaptureError(f"TensorFlow could not stop and save the profile: {exc}") from exc

    def step(self, step_num: int, name: str) -> AbstractContextManager[Any]:
        return self.tf.profiler.experimental.Trace(name, step_num=step_num, _r=1)

    def is_tracing(self) -> bool:
        return self._tracing


_CLASSES = {"jax": JaxBackend, "tf": TfBackend}
_cache: dict[str, Backend] = {}


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: sys.modules[module] is None (import blocked)
        return False


def _imported(module: str) -> bool:
    return sys.modules.get(module) is not None


def detect_backend() -> str:
    """``"jax"`` or ``"tf"``: the framework already imported, else the one installed (JAX first)."""
    for check in (_imported, _installed):
        for name in BACKENDS:
            if check(_MODULES[name]):
                return name
    raise CaptureError(
        "no supported framework found: in-process profiling needs JAX (pip install jax) or TensorFlow "
        "(pip install tensorflow) in this kernel. To profile a program running elsewhere, use "
        "nbprof.capture('host:port') against its profiler server, or nbprof.load(path) for saved profiles."
    )


def get_backend(name: str | None = None) -> Backend:
    """The backend called ``name`` (``"jax"``, ``"tf"``/``"tensorflow"``) or the detected one."""
    if name is None:
        name = detect_backend()
    key = {"tensorflow": "tf"}.get(str(name).lower(), str(name).lower())
    if key not in _CLASSES:
        raise CaptureError(f"unknown backend {name!r}: use 'jax' or 'tf' (or None to pick automatically).")
    if key in _cache:
        return _cache[key]
    try:
        backend = _cache[key] = _CLASSES[key]()
        return backend
    except ImportError as exc:
        module = _MODULES[key]
        raise CaptureError(
            f"backend {name!r} needs {module}, which cannot be imported here ({exc}); install it or pick another backend."
        ) from None
