"""What the trace viewer shows beside the timeline: event details, flows, search, box selection."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from nbprof.trace.index import TraceIndex
from nbprof.trace.patterns import TraceSearchError, match_names

__all__ = ["TraceSearchError", "FlowIndex", "Search", "aggregate", "event_details", "event_summary", "json_value"]

MAX_FLOWS = 16
MAX_AGGREGATE_ROWS = 500
JS_SAFE_INT = 2**53


def json_value(value: Any) -> Any:
    """A stat value as JSON text-safe data: big ints as str, bytes as a size, NaN as None."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value) if abs(int(value)) < JS_SAFE_INT else str(int(value))
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return f"<{len(value)} bytes>"
    if value is None or value is pd.NA:
        return None
    return str(value)


def event_summary(events: pd.DataFrame, index: TraceIndex, row: int, renamed: Mapping[int, str] | None = None) -> dict:
    """Name (as shown: ``renamed`` holds step names), lane, track and times of one event (row of
    the events frame)."""
    lane = int(index.layout.event_lane[row])
    track = int(index.layout.lane_track[lane]) if lane >= 0 else -1
    name = (renamed or {}).get(int(row))
    return {
        "row": int(row),
        "name": str(events["name"].iat[row]) if name is None else name,
        "lane": lane,
        "track": track,
        "start_ps": int(events["start_ps"].iat[row]),
        "end_ps": int(events["end_ps"].iat[row]),
    }


class FlowIndex:
    """Events sharing a ``correlation_id`` (host launch -> device kernel), looked up by row."""

    def __init__(self, events: pd.DataFrame):
        if "correlation_id" not in events:
            self.rows = self.ids = np.zeros(0, np.int64)
            return
        col = events["correlation_id"]
        has = col.notna().to_numpy()
        rows = np.flatnonzero(has)
        ids = col[has].to_numpy(np.int64)
        order = np.argsort(ids, kind="stable")
        self.rows, self.ids = rows[order], ids[order]
        self._events = events

    def partners(self, row: int) -> np.ndarray:
        """Rows of the other events with the same correlation id as ``row``."""
        if len(self.ids) == 0 or pd.isna(self._events["correlation_id"].iat[row]):
            return np.zeros(0, np.int64)
        cid = int(self._events["correlation_id"].iat[row])
        lo, hi = np.searchsorted(self.ids, [cid, cid + 1])
        out = self.rows[lo:hi]
        return out[out != row][:MAX_FLOWS]


def event_details(
    profile: Any, index: TraceIndex, flows: FlowIndex, row: int, renamed: Mapping[int, str] | None = None
) -> dict:
    """Everything the details pane shows for one event, JSON-able (``event_name`` is the frame's
    name where the viewer shows a step name instead)."""
    events = profile.events
    if not 0 <= row < len(events):
        raise IndexError(f"event row {row} is outside the events frame (0..{len(events) - 1})")
    out = event_summary(events, index, row, renamed)
    track = out["track"]
    out.update(
        {
            "type": "details",
            "track_name": index.layout.track_label(track) if track >= 0 else str(events["line"].iat[row]),
            "duration_ps": int(events["duration_ps"].iat[row]),
            "self_ps": int(events["self_ps"].iat[row]),
            "depth": int(events["depth"].iat[row]),
            "display_name": str(events["display_name"].iat[row]) if "display_name" in events else "",
            "stats": [[name, json_value(value)] for name, value in profile.event_stats(row).items()],
            "flows": [event_summary(events, index, int(r), renamed) for r in flows.partners(row)],
            "event_name": str(events["name"].iat[row]),
        }
    )
    if out["display_name"] in ("nan", out["name"]):
        out["display_name"] = ""
    if out["event_name"] == out["name"]:
        out["event_name"] = ""
    return out


class Search:
    """Events whose name matches a pattern, in start order (ties by frame row)."""

    def __init__(self, index: TraceIndex, names: Any, pattern: str, regex: bool = False):
        """Match ``pattern`` (substring, or regex under ``nbprof.trace.patterns``' rules) against
        the distinct ``names`` (``index.full_names``), then spread the result through the events."""
        self.pattern = pattern
        self.name_mask = match_names(names, pattern, regex)
        hits = self.name_mask[index.name] if len(index) else np.zeros(0, bool)
        # matches before each index position: a viewport marks sub-pixel columns holding one
        self.prefix = np.concatenate([[0], np.cumsum(hits, dtype=np.int32 if len(hits) < 2**31 else np.int64)])
        pos = np.flatnonzero(hits)
        order = np.lexsort((index.row[pos], index.start[pos]))
        self.positions = pos[order]
        self._index = index

    def __len__(self) -> int:
        return len(self.positions)

    def row(self, i: int) -> int:
        """Frame row of match ``i`` (wrapped into range)."""
        return int(self._index.row[self.positions[i % len(self.positions)]])


def aggregate(index: TraceIndex, lanes: np.ndarray, start_ps: int, end_ps: int) -> tuple[np.ndarray, pd.DataFrame]:
    """Events overlapping ``[start_ps, end_ps)`` in ``lanes``: their frame rows (ascending) and a
    table by name with ``count``, ``total_ps``, ``avg_ps``, ``min_ps``, ``max_ps`` (by total, descending)."""
    parts = [index.overlapping(int(lane), int(start_ps), int(end_ps)) for lane in lanes]
    pos = np.concatenate(parts) if parts else np.zeros(0, np.int64)
    dur = index.end[pos] - index.start[pos]
    frame = pd.DataFrame({"code": index.name[pos], "dur": dur})
    table = frame.groupby("code", sort=False)["dur"].agg(["count", "sum", "mean", "min", "max"])
    table.columns = ["count", "total_ps", "avg_ps", "min_ps", "max_ps"]
    table.insert(0, "name", [index.full_names[c] for c in table.index])
    table = table.sort_values(["total_ps", "name"], ascending=[False, True], kind="stable").reset_index(drop=True)
    return np.sort(index.row[pos].astype(np.int64)), table
