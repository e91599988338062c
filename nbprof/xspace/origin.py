"""The profile's time axis: its origin across hosts, and event times checked to fit int64 ps.

Each host's line timestamps are anchored on the wall clock where the file allows it
(docs/frames.md: "Scalars"); the origin is the earliest anchored start over all hosts. An
event's ``start_ps`` is its line's zero on that axis plus its offset, ``end_ps`` adds its
duration. int64 ps span +-106 days around the origin: times beyond that cannot be held,
and ``check_times`` refuses them with a ``ProfileError`` instead of letting them wrap.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nbprof.errors import ProfileError
from nbprof.xspace import raw
from nbprof.xspace.stat_values import stat_names

TASK_ENV_PLANE = "Task Environment"
# Line timestamps below this are relative to the session start, not wall-clock (ns; 1973).
_ABSOLUTE_NS_THRESHOLD = 10**17
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
# A wall-clock profile start in ns must be a plausible time: 0 .. year 2262 (int64 ns).
_MAX_START_NS = INT64_MAX


@dataclass
class HostClock:
    """How one host's line timestamps map onto the wall clock."""

    base_ns: int  # added to the host's line timestamps (its session start when they are relative)
    source: str  # sentence for ``origin_source``
    note: str | None = None  # something the user should know (an unusable profile_start_time)


def host_clock(space: raw.RawSpace) -> HostClock:
    """The Task Environment's ``profile_start_time`` anchors relative line timestamps.

    A start time that is not a uint64/int64 in [0, 2**63) ns is ignored, with a note, and
    the line timestamps are used as they are.
    """
    start, note = _profile_start_time(space)
    ts = [plane.lines.timestamp_ns for plane in space.planes if len(plane.lines.timestamp_ns)]
    if ts:
        all_ts = np.concatenate(ts)
        relative = bool(np.all((all_ts > -_ABSOLUTE_NS_THRESHOLD) & (all_ts < _ABSOLUTE_NS_THRESHOLD)))
    else:
        relative = start is not None
    if relative and start is not None:
        return HostClock(start, "Task Environment profile_start_time (line timestamps are relative to it)", note)
    if relative:
        return HostClock(0, "line timestamps (relative; no Task Environment plane to anchor them)", note)
    return HostClock(0, "line timestamps (absolute)", note)


def _profile_start_time(space: raw.RawSpace) -> tuple[int | None, str | None]:
    for plane in space.planes:
        if plane.name != TASK_ENV_PLANE or not len(plane.stats):
            continue
        hit = np.flatnonzero(stat_names(plane.stats, plane.stat_metadata) == "profile_start_time")
        if not len(hit):
            continue
        i = int(hit[0])
        kind = plane.stats.kind[i]
        value = int(plane.stats.int_value[i])
        if kind == raw.KIND_INT64 and value >= 2**63:
            value -= 2**64  # two's complement: a negative int64
        if kind in (raw.KIND_UINT64, raw.KIND_INT64) and 0 <= value <= _MAX_START_NS:
            return value, None
        return None, (
            f"the Task Environment's profile_start_time ({value if kind in (raw.KIND_UINT64, raw.KIND_INT64) else 'not an integer'}) "
            "is not a time in ns since 1970: ignored, line timestamps are used as they are"
        )
    return None, None


def profile_origin(spaces: list[raw.RawSpace], clocks: list[HostClock]) -> tuple[int, str]:
    """(origin in wall-clock ns, sentence saying where it came from) of hosts read together."""
    abs_starts = []
    for space, clock in zip(spaces, clocks):
        for plane in space.planes:
            if len(plane.lines.timestamp_ns):
                abs_starts.append(int(plane.lines.timestamp_ns.min()) + clock.base_ns)
    task_starts = [c.base_ns for c in clocks if c.base_ns]
    if task_starts:
        origin_ns = min(task_starts + abs_starts)
    else:
        origin_ns = min(abs_starts) if abs_starts else 0
    return origin_ns, "; ".join(sorted({c.source for c in clocks})) or "empty profile"


def line_zero_ps(timestamp_ns: np.ndarray, base_ns: int, origin_ns: int, path: str) -> np.ndarray:
    """Each line's zero on the profile axis in ps: (timestamp + base - origin) * 1000, checked to fit int64."""
    zeros = [(int(t) + base_ns - origin_ns) * 1000 for t in timestamp_ns.tolist()]
    bad = [z for z in zeros if not INT64_MIN <= z <= INT64_MAX]
    if bad:
        raise _out_of_range(path, f"{len(bad)} line timestamp(s) lie more than 106 days from the profile's start")
    return np.array(zeros, dtype=np.int64)


def check_times(
    path: str, line: np.ndarray, line_zero: np.ndarray, offset_ps: np.ndarray, duration_ps: np.ndarray
) -> None:
    """Raise ProfileError when an event's start (line zero + offset) or end (start + duration)
    leaves int64 ps. ``line`` (each event's line) groups events by line.

    Bounds per line first (no event-length temporaries); the exact test only on a line whose
    bounds could overflow.
    """
    if not len(line) or _within_bounds(line_zero, offset_ps, duration_ps):
        return
    firsts = np.flatnonzero(np.diff(line, prepend=line[0] - 1))
    ends = [*firsts[1:].tolist(), len(line)]
    lo_off, hi_off = np.minimum.reduceat(offset_ps, firsts), np.maximum.reduceat(offset_ps, firsts)
    lo_dur, hi_dur = np.minimum.reduceat(duration_ps, firsts), np.maximum.reduceat(duration_ps, firsts)
    zeros = line_zero[line[firsts]].tolist()
    for k, (z, a, b, c, d) in enumerate(zip(zeros, lo_off.tolist(), hi_off.tolist(), lo_dur.tolist(), hi_dur.tolist())):
        if z + a + min(c, 0) >= INT64_MIN and z + b + max(d, 0) <= INT64_MAX:
            continue
        rows = slice(int(firsts[k]), ends[k])
        bad = _overflowing(z, offset_ps[rows], duration_ps[rows])
        if bad.any():
            i = int(np.flatnonzero(bad)[0]) + rows.start
            raise _out_of_range(
                path,
                f"{int(bad.sum()):,} event(s) start or end more than 106 days from the profile's start "
                f"(the first: line zero {z:,} ps, offset {int(offset_ps[i]):,} ps, duration {int(duration_ps[i]):,} ps)",
            )


def _within_bounds(line_zero: np.ndarray, offset_ps: np.ndarray, duration_ps: np.ndarray) -> bool:
    """Whether every start and end fits int64 by the largest magnitudes alone (Python ints: exact):
    the usual case, four reductions instead of bounds per line."""
    if not len(line_zero):
        return False
    largest = [max(-int(a.min()), int(a.max())) for a in (line_zero, offset_ps, duration_ps)]
    return sum(largest) <= INT64_MAX


def _overflowing(line_zero: int, offset_ps: np.ndarray, duration_ps: np.ndarray) -> np.ndarray:
    """Events of one line whose start or end does not fit int64 (exact; no wrapping arithmetic)."""
    if line_zero >= 0:
        start_ok = offset_ps <= INT64_MAX - line_zero
    else:
        start_ok = offset_ps >= INT64_MIN - line_zero
    start = np.where(start_ok, offset_ps, 0) + line_zero
    end_ok = np.where(
        duration_ps >= 0,
        start <= INT64_MAX - np.maximum(duration_ps, 0),
        start >= INT64_MIN - np.minimum(duration_ps, 0),
    )
    return ~(start_ok & end_ok)


def _out_of_range(path: str, what: str) -> ProfileError:
    return ProfileError(
        f"times out of range: {what}; nbprof holds times as int64 picoseconds (+-106 days)",
        path=path,
        hint="the file's timestamps or offsets are corrupt; capture the profile again",
    )


def time_axis(start_ps: np.ndarray, end_ps: np.ndarray, duration_ps: np.ndarray) -> tuple[int, int]:
    """What ``time_axis_error`` is told of events (their start, end and duration, int64 ps): their span
    (from the earliest start or end to the latest, a Python int: exact) and how many end before they
    start with a non-negative duration; (0, 0) for no event."""
    if not len(start_ps):
        return 0, 0
    span = max(int(end_ps.max()), int(start_ps.max())) - min(int(start_ps.min()), int(end_ps.min()))
    return span, int(((end_ps < start_ps) & (duration_ps >= 0)).sum())


def time_axis_error(span: int, wrapped: int, paths: list[str]) -> ProfileError | None:
    """The error for events whose times wrapped around int64 ps (``Frames.check_time_axis``): their
    ``span`` (ps, from the earliest start or end to the latest; a Python int) passes 2^63, or ``wrapped``
    of them end before they start with a non-negative duration; None where neither."""
    if span < 2**63 and not wrapped:
        return None
    what = f"{wrapped:,} event(s) end before they start" if wrapped else f"the events span {span / 8.64e16:,.0f} days"
    return ProfileError(
        f"{what}: their times wrapped around int64 picoseconds (106 days at most); the file's line "
        "timestamps or event offsets are corrupt",
        path=", ".join(paths) or None,
        hint="recapture the profile; with several hosts, load the others with host=...",
    )
