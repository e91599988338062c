"""Progress of a remote capture, per worker: an ipywidgets bar in a notebook, a text line in a terminal.

A reporter gets ``start(workers, duration_s)``, then ``update(states)`` a few times a
second with one :class:`WorkerProgress` per worker, then ``close()``. Reporters never
raise: a display problem must not break a capture.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from nbprof.text import StatusLine
from nbprof.widgets.display import in_notebook_kernel

#: Captures at most this long (seconds) show no progress.
MIN_DURATION_FOR_PROGRESS_S = 1.0


@dataclass
class WorkerProgress:
    """What one worker's capture is doing: ``status`` is connecting / capturing / retrying / done / failed."""

    address: str
    status: str = "connecting"
    elapsed_s: float = 0.0
    attempt: int = 1

    def describe(self, duration_s: float) -> str:
        """Short text such as ``127.0.0.1:9012 1.2/2.0 s`` or ``127.0.0.1:9012 done``."""
        if self.status in ("capturing", "connecting"):
            shown = min(self.elapsed_s, duration_s)
            retry = f" (attempt {self.attempt})" if self.attempt > 1 else ""
            return f"{self.address} {shown:.1f}/{duration_s:.1f} s{retry}"
        return f"{self.address} {self.status}"


class ProgressReporter(Protocol):
    def start(self, workers: Sequence[str], duration_s: float) -> None: ...
    def update(self, states: Sequence[WorkerProgress]) -> None: ...
    def close(self) -> None: ...


class NullProgress:
    """Shows nothing."""

    def start(self, workers: Sequence[str], duration_s: float) -> None:
        pass

    def update(self, states: Sequence[WorkerProgress]) -> None:
        pass

    def close(self) -> None:
        pass


class TextProgress:
    """One line on a terminal stream, rewritten in place with ``\\r``, finished with a newline."""

    #: Seconds between two redraws of the line.
    interval_s = 0.25

    def __init__(self, stream: TextIO | None = None) -> None:
        self._line = StatusLine(stream)
        self.stream = self._line.stream
        self.duration_s = 0.0
        self._last_line = ""
        self._last_time = float("-inf")

    def start(self, workers: Sequence[str], duration_s: float) -> None:
        self.duration_s = duration_s

    def update(self, states: Sequence[WorkerProgress]) -> None:
        line = "nbprof capture: " + " | ".join(s.describe(self.duration_s) for s in states)
        now = time.monotonic()
        finished = all(s.status in ("done", "failed", "cancelled") for s in states)
        if line == self._last_line or (now - self._last_time < self.interval_s and not finished):
            return
        self._last_line, self._last_time = line, now
        self._line.write(line)

    def close(self) -> None:
        self._line.close()


class WidgetProgress:
    """One ipywidgets ``FloatProgress`` per worker with a label, shown in the notebook output."""

    def __init__(self) -> None:
        self.duration_s = 0.0
        self._bars: list[Any] = []
        self._labels: list[Any] = []
        self._box: Any = None

    def start(self, workers: Sequence[str], duration_s: float) -> None:
        import ipywidgets as widgets
        from IPython.display import display

        self.duration_s = duration_s
        rows = []
        for address in workers:
            bar = widgets.FloatProgress(value=0.0, min=0.0, max=max(duration_s, 1e-9), description="")
            label = widgets.Label(value=f"{address} connecting")
            self._bars.append(bar)
            self._labels.append(label)
            rows.append(widgets.HBox([bar, label]))
        self._box = widgets.VBox(rows)
        display(self._box)

    def update(self, states: Sequence[WorkerProgress]) -> None:
        styles = {"done": "success", "failed": "danger", "retrying": "warning"}
        for bar, label, state in zip(self._bars, self._labels, states):
            bar.value = self.duration_s if state.status == "done" else min(state.elapsed_s, self.duration_s)
            bar.bar_style = styles.get(state.status, "")
            label.value = state.describe(self.duration_s)

    def close(self) -> None:
        pass  # the bars stay in the output as a record of the capture


def choose_progress(progress: bool | str | None, duration_s: float) -> ProgressReporter:
    """The reporter for a capture of ``duration_s`` seconds.

    ``progress``: None (auto: shown for captures longer than one second, widget in a
    notebook kernel, text elsewhere), False (none), True (auto kind, any duration),
    ``"widget"`` or ``"text"``.
    """
    if progress is False or (progress is None and duration_s <= MIN_DURATION_FOR_PROGRESS_S):
        return NullProgress()
    kind = progress if isinstance(progress, str) else ("widget" if in_notebook_kernel() else "text")
    if kind == "widget":
        try:
            import ipywidgets  # noqa: F401

            return WidgetProgress()
        except ImportError:
            return TextProgress()
    if kind == "text":
        return TextProgress()
    from nbprof.errors import CaptureError

    raise CaptureError(f"progress must be None, True, False, 'widget' or 'text', not {progress!r}")
