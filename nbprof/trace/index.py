"""Viewport queries over millions of events: per-lane sorted arrays plus duration classes.

Every timed event lives in one lane (a depth row of a track). Lanes are stored back to back,
each sorted by start (``start``, ``end``, ``name`` codes and frame ``row`` ids). Events are
also grouped by *duration class* ``k`` (duration in ``[4**k, 4**(k+1))`` ps), each class
keeping the positions of its events in ascending order. That is the level-of-detail
structure: a viewport of ``width_px`` pixels of ``px_ps`` picoseconds needs

* every event at least one pixel wide: only classes with ``4**(k+1) > px_ps`` can hold one,
  and in a lane (events at one depth do not overlap) each class has at most
  ``width_px * px_ps / 4**k + 4`` of them in view, so the work is bounded by pixels, not events;
* for the rest, per pixel column, how many events start there and a representative name:
  ``searchsorted`` of the ``width_px + 1`` column boundaries on the lane's starts.

So a reply holds at most about two items per pixel per lane whatever the event count, and
answering it costs ``O(lanes * (width_px * log n))``. When the lanes asked for hold few events
(``SMALL_QUERY_EVENTS``: a small profile, or a few lanes), one pass over those events gives the same
items without the per-lane loop, whose fixed cost per lane would then dominate.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.opstats.event_columns import sorted_member
from nbprof.trace.layout import Layout

N_CLASSES = 28  # 4**28 ps = 20 hours: the top class holds everything longer
MAX_REPLY_BYTES = 1_000_000
MAX_LABEL_CHARS = 120
# A viewport over at most this many events (all of its lanes) is answered in one pass over them.
SMALL_QUERY_EVENTS = 1 << 18
# A trace may span at most 2**61 ps (26.7 days), so that every difference of two times the
# index computes (an event and a viewport edge clamped to the span +- this) fits in int64.
MAX_SPAN_PS = 2**61
INT64_MIN = int(np.iinfo(np.int64).min)


class TraceSpanError(NbprofError):
    """The trace's times are too far apart for the viewer (more than ``MAX_SPAN_PS``)."""


def duration_class(duration_ps: np.ndarray) -> np.ndarray:
    """uint8 class k of each duration: ``4**k <= max(duration, 1) < 4**(k+1)`` (clipped)."""
    return _duration_class_in_place(np.array(duration_ps, np.int64))


def _duration_class_in_place(duration_ps: np.ndarray) -> np.ndarray:
    """``duration_class`` of an int64 array that it may overwrite (no event-length int64 temporaries).

    floor(log2(d)) is the exponent of d as a double (exact below 2**53 ps, 2.5 hours; above,
    a duration just under a power of two may land one class up). The top 16 bits of a positive
    double are its biased exponent ``b`` (11 bits) and 4 mantissa bits, so the class,
    ``floor((b - 1023) / 2)``, is ``((top16 + 16) >> 5) - 512``, computed in uint16.
    """
    np.maximum(duration_ps, 1, out=duration_ps)
    top16 = duration_ps.astype(np.float64).view(np.uint16)[3::4]  # little-endian: the last 2 of 8 bytes
    k = top16 + np.uint16(16)
    k >>= 5
    k -= np.uint16(512)
    np.minimum(k, N_CLASSES - 1, out=k)
    return k.astype(np.uint8)


@dataclass
class CounterSeries:
    """A counter track: value (float64) from each time (int64 ps, ascending) to the next."""

    track: int
    time_ps: np.ndarray
    value: np.ndarray


class TraceIndex:
    """The viewer's per-lane arrays (see module docstring). Pure: no widget imports."""

    def __init__(self, events: pd.DataFrame, layout: Layout, counters: list[CounterSeries] | None = None):
        self.layout = layout
        self.counters = {c.track: c for c in counters or []}
        lane = layout.event_lane
        rows, lane_of = _rows_by_lane(lane, layout.n_lanes, np.int32 if len(events) < 2**31 else np.int64)
        start = events["start_ps"].to_numpy(np.int64)
        end = events["end_ps"].to_numpy(np.int64)
        self.start = start[rows]
        self.end = end[rows]
        lanes = np.arange(layout.n_lanes + 1, dtype=lane_of.dtype)  # the lanes' dtype: no int64 copy of lane_of
        self.lane_off = np.searchsorted(lane_of, lanes).astype(np.int64)
        if _unsorted_within_lanes(self.start, self.lane_off):  # the frame promises start order per line
            order = np.lexsort((self.start, lane_of))
            rows, self.start, self.end = rows[order], self.start[order], self.end[order]
            del order
        del lane_of
        self.row = rows
        codes = events["name"].cat.codes.to_numpy()
        self.name = codes[rows]  # the categorical's own small code dtype
        self.full_names = np.asarray(events["name"].cat.categories, dtype=object)
        self.labels = [_label(n) for n in self.full_names]
        # each label's size in a reply's JSON (its text and a comma), measured when first sent; -1 until then
        self.label_json_bytes = np.full(len(self.labels), -1, np.int64)
        duration = self.end - self.start
        cls = _duration_class_in_place(duration)
        del duration
        corder = np.argsort(cls, kind="stable")
        self._stride = np.int64(len(rows) + 1)
        key = cls[corder].astype(np.int64)  # class * stride + position, made in place
        key *= self._stride
        key += corder
        del corder
        self.cls_key = key
        self.max_class = int(cls.max()) if len(cls) else 0
        self.span = (int(self.start.min()), int(self.end.max())) if len(rows) else (0, 0)
        if self.span[1] - self.span[0] > MAX_SPAN_PS:
            raise TraceSpanError(
                f"the trace spans {self.span[1] - self.span[0]:,} ps, from {self.span[0]:,} to {self.span[1]:,} ps: "
                f"more than the viewer's {MAX_SPAN_PS:,} ps (26.7 days), so some timestamps of this profile "
                "cannot be right. Hint: look at prof.lines (timestamp_ns) and prof.events['start_ps'] for "
                "the outliers; prof.for_host(name).trace() opens one host"
            )

    # ---------------------------------------------------------------- sizes
    @property
    def nbytes(self) -> int:
        """Memory held by the index arrays, in bytes."""
        arrays = [
            self.start,
            self.end,
            self.row,
            self.name,
            self.cls_key,
            self.lane_off,
            self.layout.event_lane,
            self.layout.lane_track,
        ]
        arrays += [a for c in self.counters.values() for a in (c.time_ps, c.value)]
        return int(sum(a.nbytes for a in arrays))

    def __len__(self) -> int:
        return len(self.start)

    # ---------------------------------------------------------------- lanes
    def lanes_of_tracks(self, tracks: list[int]) -> np.ndarray:
        """Global lane numbers of the given track ids (slices tracks only)."""
        out = [
            np.arange(t.lane0, t.lane0 + t.lanes) for t in (self.layout.tracks[i] for i in tracks) if t.kind == "slices"
        ]
        return np.concatenate(out).astype(np.int64) if out else np.zeros(0, np.int64)

    def overlapping(self, lane: int, t0: int, t1: int, min_duration_ps: float = 0) -> np.ndarray:
        """Positions (ascending) of lane events overlapping ``[t0, t1)`` lasting >= ``min_duration_ps``."""
        a, b = int(self.lane_off[lane]), int(self.lane_off[lane + 1])
        if a == b:
            return np.zeros(0, np.int64)
        starts = self.start[a:b]
        k_min = int(duration_class(np.array([max(int(min_duration_ps), 1)]))[0])
        ks = np.arange(k_min, self.max_class + 1, dtype=np.int64)
        lookback = np.where(ks == N_CLASSES - 1, 2.0**62, np.minimum(4.0 ** (ks + 1), 2.0**62)).astype(np.int64)
        lookback = np.minimum(lookback, min(t0 - INT64_MIN, 2**62))  # t0 - lookback stays in int64
        lo_pos = a + np.searchsorted(starts, t0 - lookback)
        hi_pos = a + np.searchsorted(starts, t1)
        base = ks * self._stride
        lo = np.searchsorted(self.cls_key, base + lo_pos)
        hi = np.searchsorted(self.cls_key, base + hi_pos)
        parts = [self.cls_key[i:j] for i, j in zip(lo.tolist(), hi.tolist()) if j > i]
        if not parts:
            return np.zeros(0, np.int64)
        pos = np.concatenate(parts) % self._stride
        keep = (self.end[pos] > t0) | (self.start[pos] >= t0)  # instants at t0 are inside
        if min_duration_ps > 0:
            keep &= (self.end[pos] - self.start[pos]) >= min_duration_ps
        pos = pos[keep]
        pos.sort()
        return pos

    # ---------------------------------------------------------------- viewport
    def query(
        self,
        start_ps: int,
        end_ps: int,
        width_px: int,
        lanes: np.ndarray,
        counter_tracks: list[int] = (),
        search: Any = None,
        max_bytes: int = MAX_REPLY_BYTES,
    ) -> dict:
        """What the browser needs to draw ``[start_ps, end_ps)`` on ``width_px`` pixels.

        Returns a dict: JSON-able metadata plus typed arrays (one entry per item):
        ``lane`` uint16, ``x0``/``x1`` float32 pixels from the view start, ``name`` uint32
        index into ``names``, ``row`` int32 (events-frame row, or ``-count`` for a summary of
        ``count`` sub-pixel events). Counter samples: ``counter_track`` uint16, ``counter_x``
        float32 pixels, ``counter_v`` float64. If the reply would exceed ``max_bytes``,
        summaries and the one-pixel threshold are coarsened by powers of two until it fits.
        """
        start_ps, end_ps = int(start_ps), int(end_ps)
        width_px = max(int(width_px), 1)
        if end_ps <= start_ps:
            end_ps = start_ps + 1
        coarsen = 1
        while True:
            reply = self._query_at(start_ps, end_ps, width_px, lanes, counter_tracks, search, coarsen)
            size = self._estimate_nbytes(reply)
            if size <= max_bytes or coarsen >= width_px:
                del reply["_codes"]
                return reply
            coarsen *= 2 ** max(int(np.ceil(np.log2(size / max_bytes))), 1)

    def label_bytes(self, codes: np.ndarray) -> np.ndarray:
        """Size in bytes of each name code's label in a reply's JSON (its text and a comma)."""
        sizes = self.label_json_bytes[codes]
        unknown = sizes < 0
        if unknown.any():
            todo = np.unique(codes[unknown])
            self.label_json_bytes[todo] = [len(json.dumps(self.labels[c]).encode()) + 1 for c in todo.tolist()]
            sizes = self.label_json_bytes[codes]
        return sizes

    def _estimate_nbytes(self, reply: dict) -> int:
        """Wire size of a reply, computed without serialising it (the names' JSON sizes are known)."""
        binary = sum(v.nbytes for v in reply.values() if isinstance(v, np.ndarray))
        names = int(self.label_bytes(reply["_codes"]).sum()) if len(reply["_codes"]) else 0
        return binary - reply["_codes"].nbytes + names + 400

    def _query_at(
        self, t0: int, t1: int, width_px: int, lanes: np.ndarray, counter_tracks, search, coarsen: int
    ) -> dict:
        px_ps = (t1 - t0) / width_px
        cols = max(width_px // coarsen, 1)
        col_ps = (t1 - t0) / cols  # a summary column (1 px unless coarsened)
        bounds = t0 + np.floor(np.arange(cols + 1) * col_ps).astype(np.int64)
        bounds[-1] = t1
        lanes = np.asarray(lanes, np.int64)
        n_events = int((self.lane_off[lanes + 1] - self.lane_off[lanes]).sum()) if len(lanes) else 0
        if n_events <= SMALL_QUERY_EVENTS and bool(np.all(bounds[1:] >= bounds[:-1])):
            cat = self._items_of_few(t0, t1, bounds, col_ps, coarsen, px_ps, lanes, search)
        else:
            cat = self._items_by_lane(t0, t1, bounds, col_ps, coarsen, px_ps, lanes, search)
        limit = 4.0 * width_px + 16
        x0 = np.clip(cat["x0"], -limit, limit).astype(np.float32)
        x1 = np.clip(cat["x1"], -limit, limit).astype(np.float32)
        codes, local = np.unique(cat["name"].astype(np.int64), return_inverse=True)
        names = [self.labels[c] for c in codes.tolist()]
        reply = {
            "type": "viewport",
            "start_ps": t0,
            "end_ps": t1,
            "width_px": width_px,
            "px_ps": px_ps,
            "coarsen": coarsen,
            "n_items": int(len(x0)),
            "names": names,
            "lane": cat["lane"].astype(np.uint16),
            "x0": x0,
            "x1": x1,
            "name": local.astype(np.uint32),
            "row": cat["row"].astype(np.int32),
            "_codes": codes,
        }
        if search is not None:
            reply["hit"] = cat["hit"].astype(np.uint8)
        reply.update(self._counters(t0, t1, width_px, counter_tracks))
        return reply

    def _items_by_lane(
        self, t0: int, t1: int, bounds: np.ndarray, col_ps: float, coarsen: int, px_ps: float, lanes: np.ndarray, search
    ) -> dict[str, np.ndarray]:
        """The viewport's items lane by lane: per lane, its wide events (ascending), then one item per
        pixel column holding event starts (the event itself when it is the only one, else a summary)."""
        cols = len(bounds) - 1
        parts: dict[str, list[np.ndarray]] = {k: [] for k in ("lane", "x0", "x1", "name", "row", "hit")}
        for lane in lanes.tolist():
            a, b = int(self.lane_off[lane]), int(self.lane_off[lane + 1])
            if a == b:
                continue
            pos = a + np.searchsorted(self.start[a:b], bounds)
            wide = self.overlapping(lane, t0, t1, min_duration_ps=col_ps)
            if pos[0] == pos[-1] and len(wide) == 0:
                continue
            counts = np.diff(pos)
            wide_in = wide[(self.start[wide] >= t0)]
            if len(wide_in):
                wcol = np.minimum(((self.start[wide_in] - t0) / col_ps).astype(np.int64), cols - 1)
                counts = counts - np.bincount(wcol, minlength=cols)
            col = np.flatnonzero(counts > 0)
            rep = pos[col]
            is_wide = sorted_member(rep, wide)
            rep = np.where(is_wide, np.minimum(rep + 1, pos[col + 1] - 1), rep)
            single = (counts[col] == 1) & ~sorted_member(rep, wide)
            n_items = len(wide) + len(col)
            parts["lane"].append(np.full(n_items, lane, np.uint16))
            sx0 = np.where(single, (self.start[rep] - t0) / px_ps, col * coarsen)
            sx1 = np.where(single, (self.end[rep] - t0) / px_ps, (col + 1) * coarsen)
            parts["x0"].append(np.concatenate([(self.start[wide] - t0) / px_ps, sx0]))
            parts["x1"].append(np.concatenate([(self.end[wide] - t0) / px_ps, sx1]))
            parts["name"].append(np.concatenate([self.name[wide], self.name[rep]]))
            parts["row"].append(
                np.concatenate([self.row[wide].astype(np.int64), np.where(single, self.row[rep], -counts[col])])
            )
            if search is not None:  # an event matches by name; a summary if its column holds a match
                in_col = search.prefix[pos[col + 1]] - search.prefix[pos[col]] > 0
                parts["hit"].append(
                    np.concatenate(
                        [search.name_mask[self.name[wide]], np.where(single, search.name_mask[self.name[rep]], in_col)]
                    )
                )
        return {k: (np.concatenate(v) if v else np.zeros(0)) for k, v in parts.items()}

    def _items_of_few(
        self, t0: int, t1: int, bounds: np.ndarray, col_ps: float, coarsen: int, px_ps: float, lanes: np.ndarray, search
    ) -> dict[str, np.ndarray]:
        """``_items_by_lane``'s items, in its order, from one pass over all events of the lanes (few of
        them: a small profile or a few lanes), without a loop over the lanes. Needs ascending ``bounds``."""
        cols = len(bounds) - 1
        first, last = self.lane_off[lanes], self.lane_off[lanes + 1]
        sizes = last - first
        seg = np.repeat(np.arange(len(lanes), dtype=np.int64), sizes)  # which requested lane each event is of
        offsets = np.cumsum(sizes) - sizes
        pos = first[seg] + (np.arange(len(seg), dtype=np.int64) - offsets[seg])  # ascending within a lane
        start, end = self.start[pos], self.end[pos]
        # wide: overlapping [t0, t1) and at least a column long (TraceIndex.overlapping's set)
        wide = (start < t1) & ((end > t0) | (start >= t0)) & ((end - start) >= col_ps)
        wide_pos, wide_seg = pos[wide], seg[wide]
        # the events starting in view, by pixel column; (lane, column) keys ascend with the events
        shown = (start >= t0) & (start < t1)
        col_of = np.searchsorted(bounds, start[shown], "right") - 1
        key = seg[shown] * cols + col_of
        group_first = np.flatnonzero(np.r_[True, key[1:] != key[:-1]]) if len(key) else np.zeros(0, np.int64)
        group_key = key[group_first]
        raw = np.diff(np.r_[group_first, len(key)])
        rep = pos[shown][group_first]  # the first event of the column
        after = rep + raw  # the position the next column starts at (as searchsorted of its bound)
        wide_in = wide & (start >= t0)
        wcol = np.minimum(((start[wide_in] - t0) / col_ps).astype(np.int64), cols - 1)
        wide_keys, wide_counts = np.unique(seg[wide_in] * cols + wcol, return_counts=True)
        counts = raw.copy()
        at = np.searchsorted(group_key, wide_keys)
        hit_group = at < len(group_key)
        hit_group[hit_group] = group_key[at[hit_group]] == wide_keys[hit_group]
        counts[at[hit_group]] -= wide_counts[hit_group]
        busy = counts > 0
        col_seg, col = group_key[busy] // cols, group_key[busy] % cols
        column_first, after, counts = rep[busy], after[busy], counts[busy]
        rep = np.where(sorted_member(column_first, wide_pos), np.minimum(column_first + 1, after - 1), column_first)
        single = (counts == 1) & ~sorted_member(rep, wide_pos)
        sx0 = np.where(single, (self.start[rep] - t0) / px_ps, col * coarsen)
        sx1 = np.where(single, (self.end[rep] - t0) / px_ps, (col + 1) * coarsen)
        order = np.argsort(np.r_[wide_seg, col_seg], kind="stable")  # per lane: wide events, then columns
        items = {
            "lane": lanes[np.r_[wide_seg, col_seg]].astype(np.uint16),
            "x0": np.r_[(self.start[wide_pos] - t0) / px_ps, sx0],
            "x1": np.r_[(self.end[wide_pos] - t0) / px_ps, sx1],
            "name": np.r_[self.name[wide_pos], self.name[rep]],
            "row": np.r_[self.row[wide_pos].astype(np.int64), np.where(single, self.row[rep], -counts)],
        }
        if search is not None:  # an event matches by name; a summary if its column holds a match
            in_col = search.prefix[after] - search.prefix[column_first] > 0
            items["hit"] = np.r_[
                search.name_mask[self.name[wide_pos]], np.where(single, search.name_mask[self.name[rep]], in_col)
            ]
        return {k: v[order] for k, v in items.items()}

    def _counters(self, t0: int, t1: int, width_px: int, tracks) -> dict:
        px_ps = (t1 - t0) / width_px
        tr, xs, vs = [], [], []
        for track in tracks:
            series = self.counters.get(int(track))
            if series is None or len(series.time_ps) == 0:
                continue
            i0 = max(int(np.searchsorted(series.time_ps, t0, "right")) - 1, 0)
            i1 = int(np.searchsorted(series.time_ps, t1, "right"))
            t, v = series.time_ps[i0:i1], series.value[i0:i1]
            if len(t) > 2 * width_px:  # one sample per pixel: the column's maximum
                col = np.clip(((t - t0) / px_ps).astype(np.int64), -1, width_px)
                starts = np.flatnonzero(np.r_[True, np.diff(col) > 0])
                v = np.maximum.reduceat(v, starts)
                t = t[starts]
            tr.append(np.full(len(t), track, np.uint16))
            xs.append(np.maximum((t - t0) / px_ps, -1.0))
            vs.append(v)
        return {
            "counter_track": np.concatenate(tr) if tr else np.zeros(0, np.uint16),
            "counter_x": (np.concatenate(xs) if xs else np.zeros(0)).astype(np.float32),
            "counter_v": (np.concatenate(vs) if vs else np.zeros(0)).astype(np.float64),
        }


def _rows_by_lane(lane: np.ndarray, n_lanes: int, row_dtype: type) -> tuple[np.ndarray, np.ndarray]:
    """(frame rows of the shown events sorted by lane, keeping frame order within a lane; their lanes).

    One stable (radix) argsort of every row's lane as unsigned: the hidden rows' lane -1 becomes
    the largest key, so they sort last and are cut off, with no flatnonzero and gathers before it.
    """
    key_dtype = np.uint16 if n_lanes < 65_535 else np.uint32
    keys = lane.astype(key_dtype)
    order = np.argsort(keys, kind="stable")
    n_shown = len(lane) - int(np.count_nonzero(lane < 0))
    rows = order[:n_shown].astype(row_dtype)
    del order
    return rows, keys[rows]


def _unsorted_within_lanes(start: np.ndarray, lane_off: np.ndarray, chunk: int = 1 << 20) -> bool:
    """Whether some lane's starts decrease (checked in chunks: no event-length temporaries)."""
    n = len(start)
    boundaries = lane_off[(lane_off > 0) & (lane_off < n)]
    for lo in range(0, max(n - 1, 0), chunk):
        hi = min(lo + chunk, n - 1)
        down = np.flatnonzero(start[lo + 1 : hi + 1] < start[lo:hi]) + lo + 1  # positions that go back
        if len(down) and not np.isin(down, boundaries).all():
            return True
    return False


def _label(name: object) -> str:
    text = str(name)
    return text if len(text) <= MAX_LABEL_CHARS else text[: MAX_LABEL_CHARS - 1] + "…"


def split_binary(reply: dict) -> tuple[dict, list[memoryview]]:
    """(JSON-able content with a ``buffers`` list of keys, the binary parts in that order)."""
    content, buffers, keys = {}, [], []
    for key, value in reply.items():
        if isinstance(value, np.ndarray):
            keys.append(key)
            content.setdefault("dtypes", {})[key] = value.dtype.str.lstrip("<|=")
            buffers.append(memoryview(np.ascontiguousarray(value)).cast("B"))
        elif isinstance(value, (bytes, memoryview)):
            keys.append(key)
            buffers.append(memoryview(value).cast("B"))
        else:
            content[key] = value
    content["buffers"] = keys
    return content, buffers


def reply_nbytes(reply: dict) -> int:
    """Bytes the reply takes on the wire: binary buffers plus the JSON of the rest."""
    content, buffers = split_binary(reply)
    return sum(b.nbytes for b in buffers) + len(json.dumps(content, separators=(",", ":")).encode())
