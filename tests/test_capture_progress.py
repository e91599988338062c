"""Progress reporters: which one is chosen, and what they show per worker."""

from __future__ import annotations

import io

import pytest

from nbprof.capture.progress import NullProgress, TextProgress, WidgetProgress, WorkerProgress, choose_progress
from nbprof.errors import CaptureError


def test_short_captures_show_nothing_longer_ones_a_text_line_outside_notebooks():
    assert isinstance(choose_progress(None, 1.0), NullProgress)
    assert isinstance(choose_progress(None, 1.5), TextProgress)  # pytest is not a notebook kernel
    assert isinstance(choose_progress(False, 10), NullProgress)
    assert isinstance(choose_progress(True, 0.2), TextProgress)
    assert isinstance(choose_progress("widget", 0.2), WidgetProgress)
    with pytest.raises(CaptureError):
        choose_progress("fancy", 2)


def test_text_line_per_worker_rewritten_in_place():
    stream = io.StringIO()
    reporter = TextProgress(stream)
    reporter.interval_s = 0.0
    states = [WorkerProgress("h1:1", "capturing", 0.5), WorkerProgress("h2:2", "capturing", 0.7, attempt=2)]
    reporter.start(["h1:1", "h2:2"], 2.0)
    reporter.update(states)
    states[0].status, states[1].status = "done", "failed"
    reporter.update(states)
    reporter.close()
    text = stream.getvalue()
    assert "\rnbprof capture: h1:1 0.5/2.0 s | h2:2 0.7/2.0 s (attempt 2)" in text
    last = text.rsplit("\r", 1)[1]
    assert last.startswith("nbprof capture: h1:1 done | h2:2 failed") and last.endswith("\n")
    assert len(last.rstrip("\n")) == len(text.split("\r")[1])  # padded over the longer previous line


def test_widget_bars_follow_workers():
    reporter = WidgetProgress()
    reporter.start(["h1:1", "h2:2"], 2.0)
    states = [WorkerProgress("h1:1", "capturing", 1.2), WorkerProgress("h2:2", "failed", 0.4)]
    reporter.update(states)
    assert [bar.value for bar in reporter._bars] == [1.2, 0.4]
    assert [bar.bar_style for bar in reporter._bars] == ["", "danger"]
    assert [label.value for label in reporter._labels] == ["h1:1 1.2/2.0 s", "h2:2 failed"]
    states[0].status = "done"
    reporter.update(states)
    assert reporter._bars[0].value == 2.0 and reporter._bars[0].bar_style == "success"
