"""Nesting of events on a line by timespan inclusion: depth, direct parent and self time.

The parent of an event is the latest earlier event of its line (in start order, longer
first) that still contains it: it ends at or after the event's end, and after its start.
That is what a stack walk over the line gives, including lines where events overlap
without nesting (Python-tracer frames and TraceMe's on the same thread do): an event the
walk popped never contains a later event that a still-stacked one does not.

It is computed vectorised by pointer jumping: a candidate that does not contain the event
is replaced by the candidate's own current candidate, since everything in between ended
before the candidate did. The first round (is the previous event the parent?) runs on whole
slices; later rounds only on the events still searching, kept as compact arrays with their
thresholds; row numbers are int32 where they fit (half the bytes per gather); and on long
lines a running maximum of end times first settles the events that no earlier event
outlasts (top level; theirs would be the longest walks back). Depth then comes from
pointer doubling over the parents. jax_large (1.18M events, a Python-traced line of 1M):
about 0.1 s of CPU for all three outputs.
"""

from __future__ import annotations

import numpy as np

try:
    from nbprof.xspace import _wire  # type: ignore[attr-defined]
except ImportError:  # not compiled: numpy only
    _wire = None

# Tests set this to check the numpy path where the compiled one exists.
_FORCE_NUMPY = False
# Lines with at least this many events get a running-maximum pass first.
_LONG_LINE = 1024


def _row_dtype(n: int) -> type:
    return np.int32 if n < np.iinfo(np.int32).max else np.int64


def _parents_by_jumping(line_key: np.ndarray, start: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Row of the direct parent of each event (-1 at top level); inputs sorted by (line, start, -duration).

    Returns int32 rows when the event count allows, else int64.
    """
    n = len(start)
    rows = _row_dtype(n)
    cand = np.arange(-1, n - 1, dtype=rows)
    if not n:
        return cand
    first_of_line = np.ones(n, bool)
    first_of_line[1:] = line_key[1:] != line_key[:-1]
    cand[first_of_line] = -1
    searching = ~first_of_line
    # c contains event i when end[c] >= end[i] and end[c] > start[i], i.e. end[c] >= need[i]
    need = np.maximum(end, start + 1)
    # On long lines, events that nothing earlier outlasts are top level: settle them at once
    # (their walk back would be the longest).
    bounds = np.append(np.flatnonzero(first_of_line), n).tolist()
    del first_of_line
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        if hi - lo >= _LONG_LINE:
            top = np.maximum.accumulate(end[lo : hi - 1]) < need[lo + 1 : hi]
            cand[lo + 1 : hi][top] = -1
            searching[lo + 1 : hi] &= ~top
    # First round on whole slices: does the previous event contain each event?
    searching[1:] &= end[:-1] < need[1:]
    active = np.flatnonzero(searching).astype(rows, copy=False)
    del searching
    need = need[active]
    c = cand[active - 1]  # it does not: on to the previous event's own candidate
    cand[active] = c
    more = c >= 0
    active, need, c = active[more], need[more], c[more]
    while len(active):
        found = end[c] >= need
        active, need, c = active[~found], need[~found], c[~found]
        c = cand[c]
        cand[active] = c
        more = c >= 0
        active, need, c = active[more], need[more], c[more]
    return cand


def _depth_by_doubling(parent: np.ndarray) -> np.ndarray:
    """Number of ancestors of each event (int32), by pointer doubling (log2(max depth) rounds)."""
    depth = (parent >= 0).astype(np.int32)
    anc = parent.copy()
    active = np.flatnonzero(anc >= 0).astype(parent.dtype, copy=False)
    while len(active):
        a = anc[active]
        depth_a = depth[a]
        anc_a = anc[a]
        depth[active] += depth_a
        anc[active] = anc_a
        active = active[anc_a >= 0]
    return depth


def nest_lines(line_key: np.ndarray, start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Depth (int32), parent (int64 row, -1 if none) and self time (int64 ps) per event.

    Inputs are parallel arrays sorted by (line_key, start asc, duration desc); lines are
    contiguous runs of equal ``line_key``. Self time = duration - durations of direct children
    (children that overlap their parent's end are counted whole, as XProf does).

    Uses the compiled stack walk (``_wire.nest``) where it was built, else numpy
    (``nest_lines_numpy``); both give the same arrays (tests/test_nesting.py).
    """
    if _wire is not None and not _FORCE_NUMPY:
        return _nest_compiled(line_key, start, end)
    return nest_lines_numpy(line_key, start, end)


def _nest_compiled(
    line_key: np.ndarray, start: np.ndarray, end: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n = len(start)
    key = line_key if line_key.dtype in (np.int32, np.int64) else line_key.astype(np.int64)
    parent = np.empty(n, np.int64)
    depth = np.empty(n, np.int32)
    self_ps = np.empty(n, np.int64)
    _wire.nest(
        np.ascontiguousarray(key),
        np.ascontiguousarray(start, dtype=np.int64),
        np.ascontiguousarray(end, dtype=np.int64),
        parent,
        depth,
        self_ps,
    )
    return depth, parent, self_ps


def nest_lines_numpy(
    line_key: np.ndarray, start: np.ndarray, end: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``nest_lines`` in numpy only (pointer jumping, see the module docstring)."""
    parent = _parents_by_jumping(line_key, start, end)
    depth = _depth_by_doubling(parent)
    self_ps = end - start  # durations, then less each event's direct children
    has_parent = np.flatnonzero(parent >= 0)
    child_duration = self_ps[has_parent]  # a copy, taken before the subtraction
    np.subtract.at(self_ps, parent[has_parent], child_duration)
    return depth, parent.astype(np.int64, copy=False), self_ps


def marked_owners(parent: np.ndarray, marked: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Over a forest (``parent``: row of each row's parent, -1 for a root), with ``marked`` rows
    numbered 0, 1, ... in row order as nodes: (``owner``, ``node_parent``), int64. ``owner`` per row:
    its own node number when marked, else its nearest marked ancestor's (-1: none);
    ``node_parent`` per node: its nearest marked strict ancestor's node number (-1: none).

    One compiled pass where parents precede their children (the events frame's order), else
    numpy (``marked_owners_numpy``; the same arrays, tests/test_nesting.py).
    """
    if _wire is not None and not _FORCE_NUMPY:
        owner = np.empty(len(parent), np.int64)
        node_parent = np.empty(int(np.count_nonzero(marked)), np.int64)
        parent64 = np.ascontiguousarray(parent, dtype=np.int64)
        if _wire.owners(parent64, np.ascontiguousarray(marked, dtype=bool).view(np.uint8), owner, node_parent):
            return owner, node_parent
    return marked_owners_numpy(parent, marked)


def marked_owners_numpy(parent: np.ndarray, marked: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``marked_owners`` in numpy only: nearest marked ancestors by pointer doubling (a few passes,
    as many as log2 of the nesting depth), then rows to node numbers by a search."""
    nodes = np.flatnonzero(marked)
    above = np.asarray(parent, dtype=np.int64).copy()
    done = above < 0
    done[~done] = marked[above[~done]]
    while not done.all():
        todo = np.flatnonzero(~done)
        via = above[todo]
        above[todo] = above[via]
        done[todo] = done[via]
    node_above = above[nodes]
    node_parent = np.where(node_above >= 0, np.searchsorted(nodes, node_above), -1)
    has_above = np.flatnonzero(above >= 0)
    above[has_above] = np.searchsorted(nodes, above[has_above])
    above[nodes] = np.arange(len(nodes))
    return above, node_parent
