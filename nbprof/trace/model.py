"""The trace viewer's kernel side without any widget: requests in, JSON + typed arrays out.

``TraceModel(profile)`` builds the layout and index once; ``handle(message)`` answers the
browser's requests (``viewport``, ``details``, ``search``, ``search_step``, ``box``), so the
whole protocol can be tested and timed without a browser or a comm.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from typing import Any

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.trace.counters import find_counters
from nbprof.trace.index import CounterSeries, TraceIndex
from nbprof.trace.inspect import FlowIndex, Search, TraceSearchError, aggregate, event_details, event_summary
from nbprof.trace.layout import Layout, build_layout


class TraceRequestError(NbprofError):
    """A viewer request named something that does not exist (track, event, message type)."""


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
        counters = []
        for src in sources:
            track = next(
                t
                for t in self.layout.tracks
                if t.kind == "counter" and (t.host, t.plane, t.name) == (src.host, src.plane, src.name)
            )
            counters.append(CounterSeries(track.id, src.time_ps, src.value))
        self.index = TraceIndex(events, self.layout, counters)
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
    def query(self, start_ps: int, end_ps: int, width_px: int, tracks: Iterable[int | str] | None = None) -> dict:
        """The viewport reply (see ``TraceIndex.query``) for the given tracks."""
        ids = self.resolve_tracks(tracks)
        lanes = self.index.lanes_of_tracks(ids)
        counters = [i for i in ids if self.layout.tracks[i].kind == "counter"]
        return self.index.query(start_ps, end_ps, width_px, lanes, counters, search=self.search)

    def details(self, row: int) -> dict:
        if self._flows is None:
            self._flows = FlowIndex(self.profile.events)
        self.selected_rows = np.array([int(row)], np.int64)
        return event_details(self.profile, self.index, self._flows, int(row))

    def run_search(self, pattern: str, regex: bool = False) -> dict:
        if not pattern:
            self.search = None
            return {"type": "search", "pattern": "", "count": 0}
        try:
            self.search = Search(self.index, self.index.full_names, pattern, regex)
        except TraceSearchError as err:
            self.search = None
            return {"type": "search", "pattern": pattern, "count": 0, "error": str(err)}
        return {"type": "search", "pattern": pattern, "count": len(self.search)}

    def search_step(self, i: int) -> dict:
        if self.search is None or len(self.search) == 0:
            return {"type": "search_step", "index": -1, "count": 0}
        i = int(i) % len(self.search)
        out = event_summary(self.profile.events, self.index, self.search.row(i))
        out.update({"type": "search_step", "index": i, "count": len(self.search)})
        return out

    def box(self, start_ps: int, end_ps: int, lanes: Iterable[int]) -> dict:
        lanes = [int(x) for x in lanes if 0 <= int(x) < self.layout.n_lanes]
        rows, table = aggregate(self.index, np.asarray(lanes, np.int64), int(start_ps), int(end_ps))
        self.selected_rows = rows
        shown = table.head(500)
        return {
            "type": "box",
            "start_ps": int(start_ps),
            "end_ps": int(end_ps),
            "count": int(len(rows)),
            "names": int(len(table)),
            "columns": list(shown.columns),
            "rows": [
                [str(r.name), int(r.count), int(r.total_ps), float(r.avg_ps), int(r.min_ps), int(r.max_ps)]
                for r in shown.itertuples(index=False)
            ],
        }

    def handle(self, message: dict) -> dict:
        """Answer one request from the browser; the reply echoes its ``rid``."""
        kind = message.get("type")
        try:
            if kind == "viewport":
                reply = self.query(message["start_ps"], message["end_ps"], message["width_px"], message.get("tracks"))
            elif kind == "details":
                reply = self.details(int(message["row"]))
            elif kind == "search":
                reply = self.run_search(str(message.get("pattern", "")), bool(message.get("regex", False)))
            elif kind == "search_step":
                reply = self.search_step(int(message.get("index", 0)))
            elif kind == "box":
                reply = self.box(message["start_ps"], message["end_ps"], message.get("lanes", []))
            else:
                raise TraceRequestError(f"unknown request type {kind!r}")
        except (NbprofError, IndexError, KeyError, ValueError) as err:
            reply = {"type": "error", "request": kind, "error": f"{type(err).__name__}: {err}"}
        reply["rid"] = message.get("rid")
        return reply

    @property
    def selection(self) -> pd.DataFrame:
        """Rows of ``profile.events`` selected in the viewer (click or box)."""
        return self.profile.events.iloc[self.selected_rows]
