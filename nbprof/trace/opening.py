"""Where the viewer opens: on something a person can read, with the whole trace one key away.

* With step events (``nbprof.trace.steps``): the first ``OPEN_STEPS`` steps of the first track
  that has them (devices come first, as in XProf), leaving out the first step when there are
  more than ``SKIP_FIRST_ABOVE`` (XProf drops it from its step analysis: it is usually cut by
  the capture window or holds the compilation).
* Otherwise the densest stretch of the trace: the shortest window holding ``OPEN_EVENTS``
  event starts, found on a histogram of the starts, refined inside the winning bins.
* A trace with fewer events than that opens whole.

Times are int64 ps.
"""

from __future__ import annotations

import numpy as np

from nbprof.trace.index import TraceIndex

OPEN_STEPS = 3
SKIP_FIRST_ABOVE = 5
OPEN_EVENTS = 2_000
PAD_RATIO = 0.02
_BINS = 4_096
_SAMPLE = 1_000_000  # event starts looked at, at most (a stride sample of the index)


def opening_range(
    index: TraceIndex, step_rows: np.ndarray, start_ps: np.ndarray, end_ps: np.ndarray
) -> tuple[int, int]:
    """``(start, end)`` in ps to open the viewer on (see the module docstring).

    ``step_rows`` are frame rows of step events; ``start_ps`` / ``end_ps`` the frame's columns.
    """
    s0, s1 = index.span
    if s1 <= s0:
        return s0, s0 + 1
    window = _first_steps(index, step_rows, start_ps, end_ps) or _densest(index)
    if window is None:
        return s0, s1
    a, b = window
    pad = max((b - a) * PAD_RATIO, 1)
    return max(int(a - pad), s0), min(int(np.ceil(b + pad)), s1)


def _first_steps(
    index: TraceIndex, rows: np.ndarray, start_ps: np.ndarray, end_ps: np.ndarray
) -> tuple[int, int] | None:
    rows = np.asarray(rows, np.int64)
    lanes = index.layout.event_lane[rows] if len(rows) else np.zeros(0, np.int32)
    rows, lanes = rows[lanes >= 0], lanes[lanes >= 0]
    if len(rows) == 0:
        return None
    tracks = index.layout.lane_track[lanes]
    rows = rows[tracks == tracks.min()]  # tracks are numbered in display order
    rows = rows[np.argsort(start_ps[rows], kind="stable")]
    if len(rows) > SKIP_FIRST_ABOVE:
        rows = rows[1:]
    rows = rows[:OPEN_STEPS]
    a, b = int(start_ps[rows].min()), int(end_ps[rows].max())
    return (a, b) if b > a else None


def _densest(index: TraceIndex) -> tuple[int, int] | None:
    n = len(index)
    if n <= OPEN_EVENTS:
        return None
    stride = max(n // _SAMPLE, 1)
    sample = index.start[::stride]
    want = max(int(OPEN_EVENTS * len(sample) / n), 2)
    lo, hi = index.span
    for _ in range(4):  # a coarse histogram, then up to three refinements inside the winner
        counts, edges = np.histogram(sample, bins=_BINS, range=(lo, hi))
        cum = np.concatenate([[0], np.cumsum(counts)])
        if cum[-1] < want:
            break
        first = np.arange(_BINS)
        last = np.searchsorted(cum, cum[first] + want)  # window = bins first .. last-1
        ok = last <= _BINS
        spans = np.where(ok, last - first, _BINS + 1)
        i = int(np.argmin(spans))
        new_lo, new_hi = int(edges[i]), int(np.ceil(edges[min(int(last[i]), _BINS)]))
        refine = spans[i] < _BINS // 16 and new_hi - new_lo > 1  # a narrow winner: look closer
        lo, hi = max(new_lo, lo), min(new_hi, hi)
        if not refine:
            break
        sample = sample[(sample >= lo) & (sample <= hi)]
    return (lo, hi) if hi > lo else None
