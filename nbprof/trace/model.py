"""The trace viewer's kernel side without any widget: requests in, JSON + typed arrays out.

``TraceModel(profile)`` builds the layout and index once; ``handle(message)`` answers the
browser's requests (``viewport``, ``details``, ``search``, ``search_step``, ``box``), so the
whole protocol can be tested and timed without a browser or a comm. Every request gets a reply:
its parameters are checked and bounded first (``nbprof.trace.requests``), and whatever goes
wrong becomes an ``{"type": "error"}`` reply the browser shows, never an exception.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.trace import requests as rq
from nbprof.trace.counters import find_counters
from nbprof.trace.index import MAX_SPAN_PS, CounterSeries, TraceIndex
from nbprof.trace.inspect import FlowIndex, Search, TraceSearchError, aggregate, event_details, event_summary
from nbprof.trace.layout import Layout, build_layout
from nbprof.trace.opening import opening_range
from nbprof.trace.requests import TraceRequestError
from nbprof.trace.steps import find_step_events, rename_in_index

__all__ = ["TraceModel", "TraceRequestError", "TraceSearchError"]
MAX_BOX_ROWS = 500  # names listed in a box selection's table (the count covers them all)


class TraceModel:
    """Layout + index + search/selection state of one profile's trace."""

    def __init__(self, profile: Any):
        self.profile = profile
        events = profile.events
        t0 = time.perf_counter()
        sources = find_counters(events)
        self.layout: Layout = build_layout(
            events, getattr(profile, "lines", None), [(c.host, c.plane, c.name) for c in sources]
        )
        self.notes: list[str] = []
        start, end = events["start_ps"].to_numpy(np.int64), events["end_ps"].to_numpy(np.int64)
        wrapped = (end < start) & (self.layout.event_lane >= 0)
        if wrapped.any():  # start + duration overflowed int64: such an event cannot be placed
            self.layout.event_lane[wrapped] = -1
            self.notes.append(
                f"{int(wrapped.sum()):,} events end before they start (start + duration beyond int64 ps) "
                "and are not shown"
            )
        counters = []
        for src in sources:
            track = next(
                t
                for t in self.layout.tracks
                if t.kind == "counter" and (t.host, t.plane, t.name) == (src.host, src.plane, src.name)
            )
            counters.append(CounterSeries(track.id, src.time_ps, src.value))
        self.index = TraceIndex(events, self.layout, counters)
        self.steps = find_step_events(events, _group_ids(profile))
        rename_in_index(self.index, self.steps.names)
        self.opening = opening_range(self.index, self.steps.rows, start, end)
        self.build_seconds = time.perf_counter() - t0
        self._flows: FlowIndex | None = None
        self.search: Search | None = None
        self.hidden_tracks: set[int] = set()
        self.selected_rows = np.zeros(0, np.int64)

    # ------------------------------------------------------------------ tracks
    @property
    def span(self) -> tuple[int, int]:
        """(first start, last end) of the shown events, in ps."""
        return self.index.span

    def layout_json(self) -> dict:
        out = self.layout.as_json()
        out["start_ps"], out["end_ps"] = self.span
        out["n_events"] = len(self.index)
        return out

    def resolve_tracks(self, tracks: Iterable[int | str] | None) -> list[int]:
        """Track ids from ids or names (a name matches ``section › track``, the track name, or a
        case-insensitive regex of either). ``None`` means every track not hidden."""
        if tracks is None:
            return [t.id for t in self.layout.tracks if t.id not in self.hidden_tracks]
        if isinstance(tracks, (str, int, np.integer)):
            tracks = [tracks]
        out: list[int] = []
        for item in tracks:
            if isinstance(item, (int, np.integer)):
                if not 0 <= int(item) < len(self.layout.tracks):
                    raise TraceRequestError(f"no track {item}: the trace has {len(self.layout.tracks)} tracks")
                out.append(int(item))
                continue
            found = self.match_tracks(str(item))
            if not found:
                raise TraceRequestError(
                    f"no track matches {item!r}; tracks: "
                    f"{[self.layout.track_label(t.id) for t in self.layout.tracks][:20]}"
                )
            out += found
        return list(dict.fromkeys(out))

    def match_tracks(self, pattern: str) -> list[int]:
        """Tracks whose ``section › track`` label equals, contains or regex-matches ``pattern``."""
        try:
            rx = re.compile(pattern, re.IGNORECASE)
        except re.error:
            rx = re.compile(re.escape(pattern), re.IGNORECASE)
        return [
            t.id
            for t in self.layout.tracks
            if pattern in (t.name, self.layout.track_label(t.id)) or rx.search(self.layout.track_label(t.id))
        ]

    # ------------------------------------------------------------------ requests
    def time_band(self) -> tuple[int, int]:
        """Requested times are clamped to this band: the span widened by ``MAX_SPAN_PS`` on each
        side, within int64 (so no arithmetic on them can overflow)."""
        s0, s1 = self.span
        return max(s0 - MAX_SPAN_PS, rq.INT64_MIN), min(s1 + MAX_SPAN_PS, rq.INT64_MAX)

    def _times(self, start_ps: Any, end_ps: Any) -> tuple[int, int]:
        lo, hi = self.time_band()
        start = rq.as_time(start_ps, "start_ps", lo, hi - 1)
        end = rq.as_time(end_ps, "end_ps", lo, hi)
        return start, max(end, start + 1)

    def query(self, start_ps: int, end_ps: int, width_px: int, tracks: Iterable[int | str] | None = None) -> dict:
        """The viewport reply (see ``TraceIndex.query``) for the given tracks (ids or names)."""
        start, end = self._times(start_ps, end_ps)
        width = rq.as_width(width_px)
        ids = self.resolve_tracks(tracks)
        lanes = self.index.lanes_of_tracks(ids)
        counters = [i for i in ids if self.layout.tracks[i].kind == "counter"]
        return self.index.query(start, end, width, lanes, counters, search=self.search)

    def details(self, row: int) -> dict:
        """Name (step name where XProf shows one), times, stats and flows of one event."""
        row = rq.as_int(row, "row")
        n = len(self.profile.events)
        if not 0 <= row < n:
            raise TraceRequestError(f"event row {row} is outside the events frame (0..{n - 1})")
        if self._flows is None:
            self._flows = FlowIndex(self.profile.events)
        self.selected_rows = np.array([row], np.int64)
        return event_details(self.profile, self.index, self._flows, row, self.steps.names)

    def run_search(self, pattern: str, regex: bool = False) -> dict:
        """Mark events whose name contains ``pattern`` (or matches it as a regex, see
        ``nbprof.trace.patterns``); an empty pattern clears the search."""
        pattern = rq.as_pattern(pattern)
        if not pattern:
            self.search = None
            return {"type": "search", "pattern": "", "count": 0}
        try:
            self.search = Search(self.index, self.index.full_names, pattern, bool(regex))
        except TraceSearchError as err:
            self.search = None
            return {"type": "search", "pattern": pattern, "count": 0, "error": str(err)}
        return {"type": "search", "pattern": pattern, "count": len(self.search)}

    def search_step(self, i: int) -> dict:
        """Match ``i`` (wrapped into range) of the current search, in time order."""
        i = rq.as_int(i, "index")
        if self.search is None or len(self.search) == 0:
            return {"type": "search_step", "index": -1, "count": 0}
        i %= len(self.search)
        out = event_summary(self.profile.events, self.index, self.search.row(i), self.steps.names)
        out.update({"type": "search_step", "index": i, "count": len(self.search)})
        return out

    def box(self, start_ps: int, end_ps: int, lanes: Iterable[int]) -> dict:
        """Events of ``lanes`` overlapping ``[start_ps, end_ps)``, aggregated by name; they become
        the selection. The table lists the ``MAX_BOX_ROWS`` names with the most total time."""
        start, end = self._times(start_ps, end_ps)
        lane_ids = rq.as_id_list(list(lanes), "lanes", self.layout.n_lanes)
        rows, table = aggregate(self.index, np.asarray(lane_ids, np.int64), start, end)
        self.selected_rows = rows
        shown = table.head(MAX_BOX_ROWS)
        return {
            "type": "box",
            "start_ps": start,
            "end_ps": end,
            "count": int(len(rows)),
            "names": int(len(table)),
            "columns": list(shown.columns),
            "rows": [
                [str(r.name), int(r.count), int(r.total_ps), float(r.avg_ps), int(r.min_ps), int(r.max_ps)]
                for r in shown.itertuples(index=False)
            ],
        }

    def handle(self, message: Any) -> dict:
        """Answer one request from the browser; the reply echoes its ``rid``. Never raises: a bad
        request, or anything that goes wrong answering it, gets an ``{"type": "error"}`` reply."""
        kind = rq.request_kind(message)
        try:
            if not isinstance(message, dict):
                raise TraceRequestError(f"a request must be a JSON object, got {rq.describe(message)}")
            answer = self._answerers().get(kind or "")
            if answer is None:
                raise TraceRequestError(f"unknown request type {rq.describe(message.get('type'))}")
            reply = answer(message)
        except NbprofError as err:
            reply = rq.error_reply(kind, f"{type(err).__name__}: {err}")
        except MemoryError:
            reply = rq.error_reply(kind, "MemoryError: the kernel ran out of memory answering this request")
        except Exception as err:  # a bug must not leave the browser waiting for a reply
            reply = rq.error_reply(kind, f"internal error answering {kind or 'a'} request: {type(err).__name__}: {err}")
        reply["rid"] = rq.echo_rid(message)
        return reply

    def _answerers(self) -> dict[str, Callable[[dict], dict]]:
        return {
            "viewport": lambda m: self.query(
                m.get("start_ps"),
                m.get("end_ps"),
                m.get("width_px"),
                rq.as_track_list(m.get("tracks"), len(self.layout.tracks)),
            ),
            "details": lambda m: self.details(m.get("row")),
            "search": lambda m: self.run_search(rq.as_pattern(m.get("pattern")), rq.as_flag(m.get("regex"), "regex")),
            "search_step": lambda m: self.search_step(m.get("index", 0)),
            "box": lambda m: self.box(m.get("start_ps"), m.get("end_ps"), _listed(m.get("lanes", []), "lanes")),
        }

    @property
    def selection(self) -> pd.DataFrame:
        """Rows of ``profile.events`` selected in the viewer (click or box)."""
        return self.profile.events.iloc[self.selected_rows]


def _listed(value: Any, name: str) -> list:
    if not isinstance(value, (list, tuple)):
        raise TraceRequestError(f"{name} must be a list of integers, got {rq.describe(value)}")
    return list(value)


def _group_ids(profile: Any) -> Callable[[], np.ndarray] | None:
    """XProf's group id of every event, from the profile's step grouping (made only when called;
    the grouping alone, not the step db's breakdown)."""
    op_stats = getattr(profile, "op_stats", None)
    if op_stats is None:
        return None

    def group_ids() -> np.ndarray:
        stats = op_stats()
        groupings = getattr(stats, "event_groupings", None)
        return groupings.event_groups if groupings is not None else stats.step_db.event_groups

    return group_ids
