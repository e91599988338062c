"""Progress of a per-host load: an ipywidgets bar in a notebook, one line in a terminal.

A reporter gets ``start(total, where)``, ``update(done, failed)`` as hosts finish, then
``close()``. Reporters never raise: a display problem must not break a load.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Protocol, TextIO

from nbprof.text import StatusLine
from nbprof.widgets.display import in_notebook_kernel


class LoadProgress(Protocol):
    def start(self, total: int, where: str) -> None: ...
    def update(self, done: int, failed: int) -> None: ...
    def close(self) -> None: ...


class NullProgress:
    """Shows nothing."""

    def start(self, total: int, where: str) -> None:
        pass

    def update(self, done: int, failed: int) -> None:
        pass

    def close(self) -> None:
        pass


def _line(done: int, total: int, failed: int, where: str, elapsed_s: float) -> str:
    failed_text = f", {failed} failed" if failed else ""
    return f"nbprof load: {done}/{total} hosts reduced{failed_text} ({where}, {elapsed_s:.0f} s)"


class TextProgress:
    """One line on a terminal stream, rewritten in place with ``\\r``, finished with a newline."""

    #: Seconds between two redraws of the line.
    interval_s = 0.5

    def __init__(self, stream: TextIO | None = None) -> None:
        self._line = StatusLine(stream)
        self.stream = self._line.stream
        self.total, self.where = 0, ""
        self._t0 = time.monotonic()
        self._last = float("-inf")

    def start(self, total: int, where: str) -> None:
        self.total, self.where, self._t0 = total, where, time.monotonic()
        self._write(_line(0, total, 0, where, 0.0))

    def update(self, done: int, failed: int) -> None:
        now = time.monotonic()
        if now - self._last < self.interval_s and done < self.total:
            return
        self._last = now
        self._write(_line(done, self.total, failed, self.where, now - self._t0))

    def _write(self, line: str) -> None:
        self._line.write(line)

    def close(self) -> None:
        self._line.close()


class WidgetProgress:
    """An ipywidgets ``IntProgress`` (hosts done) with a label, shown in the notebook output."""

    def __init__(self) -> None:
        self._bar: Any = None
        self._label: Any = None
        self.total, self.where = 0, ""
        self._t0 = time.monotonic()

    def start(self, total: int, where: str) -> None:
        import ipywidgets as widgets
        from IPython.display import display

        self.total, self.where, self._t0 = total, where, time.monotonic()
        self._bar = widgets.IntProgress(value=0, min=0, max=max(total, 1))
        self._label = widgets.Label(value=_line(0, total, 0, where, 0.0))
        display(widgets.HBox([self._bar, self._label]))

    def update(self, done: int, failed: int) -> None:
        if self._bar is None:
            return
        try:
            self._bar.value = done
            self._bar.bar_style = "warning" if failed else ("success" if done >= self.total else "")
            self._label.value = _line(done, self.total, failed, self.where, time.monotonic() - self._t0)
        except Exception:  # noqa: BLE001
            pass

    def close(self) -> None:
        pass  # the bar stays in the output as a record of the load


def choose_progress(progress: bool | str | None) -> LoadProgress:
    """``None`` (auto): a widget in a notebook kernel, a text line on a terminal, else nothing;
    ``False``: nothing; ``True``: the auto kind, even when stderr is not a terminal;
    ``"widget"`` or ``"text"``."""
    from nbprof.errors import NbprofError

    if progress is False:
        return NullProgress()
    if progress not in (None, True, "widget", "text"):
        raise NbprofError(f"progress must be None, True, False, 'widget' or 'text', not {progress!r}")
    notebook = in_notebook_kernel()
    kind = progress if isinstance(progress, str) else ("widget" if notebook else "text")
    if kind == "text" and progress is None and not _is_terminal(sys.stderr):
        return NullProgress()
    if kind == "widget":
        try:
            import ipywidgets  # noqa: F401

            return _Guarded(WidgetProgress())
        except ImportError:
            return _Guarded(TextProgress())
    return _Guarded(TextProgress())


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except Exception:  # noqa: BLE001
        return False


class _Guarded:
    """A reporter whose failures (no front end, a closed stream) are swallowed."""

    def __init__(self, inner: LoadProgress) -> None:
        self.inner = inner

    def start(self, total: int, where: str) -> None:
        try:
            self.inner.start(total, where)
        except Exception:  # noqa: BLE001
            self.inner = NullProgress()

    def update(self, done: int, failed: int) -> None:
        try:
            self.inner.update(done, failed)
        except Exception:  # noqa: BLE001
            pass

    def close(self) -> None:
        try:
            self.inner.close()
        except Exception:  # noqa: BLE001
            pass
