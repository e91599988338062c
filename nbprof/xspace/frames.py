"""Build the Profile's DataFrames from decoded RawSpaces (one per host).

Everything here is vectorised over events; Python loops run over planes, lines and stat
names only. The column contract is docs/frames.md.

Memory and time go together (a fresh page costs more than the arithmetic on it), so the
builder touches as few new bytes as it can:

- The decoder's arrays become columns without a copy where they can (one plane holding the
  events, the file already in order): ``start_ps`` is computed in place over the decoded
  offsets, ``duration_ps`` and ``metadata_id`` are the decoded arrays.
- Event names are looked up through a table indexed by metadata id, and every categorical
  code is made in its final small dtype (names are interned for all planes first).
- Sorting only moves events within a line, so host, plane and line columns are built in
  order and never permuted.
- A promoted numeric column starts as fresh mmap'd zero pages (``_zeros``): a stat on a
  few events costs its mask and the pages written, not 8 bytes per event. An absent stat
  costs nothing (a read-only all-NA view, one per kind shared by all such columns).
"""

from __future__ import annotations

import mmap
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from nbprof.xspace import raw
from nbprof.xspace.absent import absent, constant, masked
from nbprof.xspace.metadata_frames import METADATA_PLANE, MetadataFrames
from nbprof.xspace.nesting import nest_lines
from nbprof.xspace.origin import (
    INT64_MAX,
    INT64_MIN,
    check_times,
    host_clock,
    line_zero_ps,
    profile_origin,
    time_axis,
    time_axis_error,
)
from nbprof.xspace.stat_values import (
    FLOAT_STATS,
    INT_STATS,
    PROMOTED,
    STRING_STATS,
    UINT_STATS,
    StatNames,
    id_mask,
    ids_called,
    numeric_values,
    promoted_rows,
    text_codes,
)
from nbprof.xspace.stats_frame import StatsSource, kept_stats, take_stats
from nbprof.xspace.typed_frame import categories_dtype, object_index, typed_frame
from nbprof.xspace.typed_frame import code_dtype as _code_dtype

__all__ = [
    "BuiltFrames",
    "FLOAT_STATS",
    "HostSpace",
    "INT_STATS",
    "METADATA_PLANE",
    "PROMOTED",
    "STRING_STATS",
    "UINT_STATS",
    "build_frames",
]

# Events handled at once where a step needs event-length temporaries (they stay this small).
_EVENTS_PER_CHUNK = 1 << 20
# Event metadata ids below this are looked up through a table (else a binary search).
_DENSE_ID_LIMIT = 1 << 22


@dataclass
class HostSpace:
    """One decoded file: its host name, path and RawSpace."""

    host: str
    path: str
    space: raw.RawSpace


@dataclass
class BuiltFrames:
    events: pd.DataFrame
    metadata: MetadataFrames
    """Builds ``planes``, ``lines``, ``event_metadata`` and ``stat_metadata`` when first read."""
    origin_ns: int
    origin_source: str
    hlo_protos: dict[str, bytes]
    stats_sources: list[StatsSource] | Callable[[], list[StatsSource]]
    """Pieces from which the long-form ``stats`` frame is built on first use (or a function
    returning them, where metadata stats are expanded per event only then)."""
    notes: list[str] = field(default_factory=list)
    """What the user should know about how the times were read."""
    time_axis: tuple[int, int] = (0, 0)
    """``origin.time_axis`` of the events (for ``time_axis_error``), told before they became a frame."""
    num_aggregated: int = 0
    """Events with ``aggregated`` True (``num_occurrences`` > 0), counted before they became a frame."""
    sums_bound: float = 0.0
    """A bound at or above the sums ``Frames.check_sums`` takes (of |durations|, |num_occurrences| and
    |device_duration_ps|): the largest magnitude of those values x events, told before the frame."""

    @property
    def planes(self) -> pd.DataFrame:
        return self.metadata.frame("planes")

    @property
    def lines(self) -> pd.DataFrame:
        return self.metadata.frame("lines")

    @property
    def event_metadata(self) -> pd.DataFrame:
        return self.metadata.frame("event_metadata")

    @property
    def stat_metadata(self) -> pd.DataFrame:
        return self.metadata.frame("stat_metadata")


@dataclass
class _PlaneEvents:
    """One plane's event arrays, gathered before they are joined (each set to None once consumed)."""

    host_code: int
    plane_code: int
    plane_id: int
    line_offset: int  # added to `line` (position in the plane's lines) for a key unique over planes
    line: np.ndarray | None  # int32
    name_code: np.ndarray | None  # final code dtype
    display_code: np.ndarray | None  # final code dtype
    metadata_id: np.ndarray | None
    start_ps: np.ndarray | None
    duration_ps: np.ndarray | None
    num_occurrences: np.ndarray | None
    promoted: dict[str, list[tuple[np.ndarray, tuple[np.ndarray, Any]]]] = field(default_factory=dict)
    """name -> [(rows in the plane, ``_values``: (values, valid) or, for text, (codes, texts))], metadata
    stats first."""

    def __len__(self) -> int:
        return len(self.start_ps) if self.start_ps is not None else 0


class _Interner:
    """Assigns stable integer codes to strings (for categoricals)."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}

    def code(self, s: str) -> int:
        c = self.codes.get(s)
        if c is None:
            c = self.codes[s] = len(self.codes)
        return c

    def codes_of(self, strings: list[str]) -> np.ndarray:
        codes = self.codes
        # setdefault's default is evaluated first: a new string gets the next code
        return np.array([codes.setdefault(s, len(codes)) for s in strings], np.int64)

    def categories(self) -> list[str]:
        return list(self.codes)


_NO_ROWS = np.zeros(0, np.int64)
_NO_ROWS_I32 = np.zeros(0, np.int32)
# Zero-filled arrays at least this big are mapped fresh from the OS (see _zeros).
_LAZY_ZEROS_BYTES = 1 << 20


def _zeros(n: int, dtype: type) -> np.ndarray:
    """A zero-filled array whose pages take memory only once written (large ones: an anonymous mmap).

    ``np.zeros`` gives that only while malloc serves big blocks by mmap; after a load has
    freed its decoder arrays, glibc's raised threshold serves them from the heap, zeroed
    page by page. Mostly-missing promoted columns are the case this is for. The mapping is
    private where the platform allows: reading a page of it then costs nothing (the kernel's
    zero page), where a shared one (``mmap``'s default) gets a real page on every first read
    (``num_occurrences`` of jax_large: 9.4 MB when a tool sums it) and is shared with forks.
    """
    nbytes = n * np.dtype(dtype).itemsize
    if nbytes < _LAZY_ZEROS_BYTES:
        return np.zeros(n, dtype)
    try:
        return np.frombuffer(mmap.mmap(-1, nbytes, **_PRIVATE), dtype, n)
    except (OSError, ValueError):
        return np.zeros(n, dtype)


# mmap.mmap's flags for a private anonymous mapping (POSIX; Windows has no flags: its default)
_PRIVATE = {"flags": mmap.MAP_PRIVATE | getattr(mmap, "MAP_ANONYMOUS", 0)} if hasattr(mmap, "MAP_PRIVATE") else {}


_NO_CATEGORIES = pd.CategoricalDtype(pd.Index([], dtype=object))


def _categorical(codes: np.ndarray, dtype: pd.CategoricalDtype) -> pd.Categorical:
    n = len(dtype.categories)
    return pd.Categorical.from_codes(codes.astype(_code_dtype(n), copy=False), dtype=dtype, validate=False)


def _categories_dtype(categories: list[str]) -> pd.CategoricalDtype:
    """The categorical dtype of distinct strings (an object Index), without pandas' check that
    they are distinct (a hash table of them: half the cost of a small column)."""
    return categories_dtype(object_index(categories))


Times = tuple[np.ndarray, np.ndarray, np.ndarray]
"""An events frame's ``start_ps``, ``end_ps`` and ``duration_ps`` arrays (its own: no copy), int64 ps."""

# --------------------------------------------------------------------------- build


def build_frames(hosts: list[HostSpace]) -> BuiltFrames:
    """Turn decoded files (one per host) into the Profile's frames.

    Consumes the RawSpaces' event arrays: each plane's ``events`` keeps only its stats
    afterwards (the arrays become event columns without a copy where they can). Raises
    ``ProfileError`` (naming the file) when event times do not fit int64 ps.
    """
    clocks = [host_clock(hs.space) for hs in hosts]
    origin_ns, origin_source = profile_origin([hs.space for hs in hosts], clocks)
    notes = list(dict.fromkeys(c.note for c in clocks if c.note))
    meta = MetadataFrames()
    events, stats_sources, times, (num_aggregated, sums_bound) = _events_and_stats(
        hosts, clocks, origin_ns, meta.add_plane, PROMOTED, consume=True
    )
    return BuiltFrames(
        events=events,
        metadata=meta,
        origin_ns=int(origin_ns),
        origin_source=origin_source,
        hlo_protos=meta.hlo_protos,
        stats_sources=stats_sources,
        notes=notes,
        time_axis=time_axis(*times),
        num_aggregated=num_aggregated,
        sums_bound=sums_bound,
    )


class BuiltEvents:
    """An events frame of some promoted stats only (``build_events``), with what a tool reads beside it.

    ``events``: the rows and columns of ``build_frames``' events frame, promoted stat columns only those
    asked for; ``stats_sources``: its ``BuiltFrames.stats_sources``; ``line_zero_ps``: per (host, plane
    name), the ``lines`` frame's (``line_id``, ``start_ps``) of those planes' lines, in its order (int64).
    A plain class: a dataclass execs code on import.
    """

    __slots__ = ("events", "stats_sources", "line_zero_ps", "_times")

    def __init__(
        self,
        events: pd.DataFrame,
        stats_sources: list[StatsSource] | Callable[[], list[StatsSource]],
        line_zero_ps: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]],
        times: Times,
    ) -> None:
        self.events, self.stats_sources, self.line_zero_ps = events, stats_sources, line_zero_ps
        self._times = times  # the events' start, end and duration (ps): the frame's own arrays

    @property
    def time_axis(self) -> tuple[int, int]:
        """``BuiltFrames.time_axis`` of these events (told from their arrays, no column read)."""
        return time_axis(*self._times)


def build_events(hosts: list[HostSpace], stat_names: tuple[str, ...]) -> BuiltEvents:
    """``build_frames(hosts)``' events frame with only the promoted stats ``stat_names`` (of ``PROMOTED``)
    as stat columns, and no metadata frames: for a tool that reads a few columns of a small profile
    whose frames are not built yet (each promoted stat left out saves its values and column).

    The RawSpaces are left as they are (``build_frames`` may consume them later): the events' arrays
    are shared or copied, never written. The same ``ProfileError`` as ``build_frames`` for times that
    do not fit int64 ps.
    """
    clocks = [host_clock(hs.space) for hs in hosts]
    origin_ns, _ = profile_origin([hs.space for hs in hosts], clocks)
    lines: dict[tuple[str, str], list[tuple[np.ndarray, np.ndarray]]] = {}

    def add_lines(host: str, plane: raw.RawPlane, num_events: int, line_zero: np.ndarray) -> None:
        lines.setdefault((host, plane.name), []).append((plane.lines.id, line_zero))

    wanted = set(stat_names)
    promoted = {name: kind for name, kind in PROMOTED.items() if name in wanted}  # in the frame's order
    events, stats_sources, times, _ = _events_and_stats(hosts, clocks, origin_ns, add_lines, promoted, consume=False)
    line_zero_ps = {
        key: (
            np.concatenate([ids for ids, _ in parts]).astype(np.int64, copy=False),
            np.concatenate([zero for _, zero in parts]).astype(np.int64, copy=False),
        )
        for key, parts in lines.items()
    }
    return BuiltEvents(events, stats_sources, line_zero_ps, times)


def _events_and_stats(
    hosts: list[HostSpace],
    clocks: list[Any],
    origin_ns: int,
    add_plane: Callable[[str, raw.RawPlane, int, np.ndarray], None],
    promoted: dict[str, str],
    consume: bool,
) -> tuple[pd.DataFrame, list[StatsSource] | Callable[[], list[StatsSource]], Times, tuple[int, float]]:
    """The events frame (``promoted``: its promoted stat columns, name -> kind), its stats sources, its
    ``Times`` and ``_assemble_events``' (aggregated events, sums bound), ``add_plane(host, plane, events,
    line zeros)`` called per plane first; ``consume``: the RawSpaces' event arrays are consumed
    (``build_frames``), else left as they are."""
    host_i, plane_i, line_i, name_i = _Interner(), _Interner(), _Interner(), _Interner()
    # Pass 1, per plane: metadata frames, line tables, names interned, times checked.
    line_ids: list[np.ndarray] = []  # XLine.id per line key
    line_name_codes: list[np.ndarray] = []  # line name code per line key
    with_events: list[tuple[raw.RawPlane, int, int, np.ndarray, int, np.ndarray, tuple[np.ndarray, np.ndarray]]] = []
    line_counter = 0
    for hs, clock in zip(hosts, clocks):
        hcode = host_i.code(hs.host)
        for plane in hs.space.planes:
            pcode = plane_i.code(plane.name)
            lines, ev = plane.lines, plane.events
            zero = line_zero_ps(lines.timestamp_ns, clock.base_ns, origin_ns, hs.path)
            add_plane(hs.host, plane, len(ev), zero)
            line_ids.append(lines.id)
            line_name_codes.append(line_i.codes_of(lines.name))
            if len(ev):
                check_times(hs.path, ev.line, zero, ev.offset_ps, ev.duration_ps)
                em_order = np.argsort(plane.event_metadata.id, kind="stable")
                em = plane.event_metadata
                codes = (name_i.codes_of(em.name), name_i.codes_of(em.display_name))
                name_i.code("")
                with_events.append((plane, hcode, pcode, zero, line_counter, em_order, codes))
            line_counter += len(lines.id)
    name_dtype = _code_dtype(len(name_i.codes))

    # Pass 2, per plane with events: names, starts, promoted stats.
    pieces: list[_PlaneEvents] = []
    stats_pieces: list[tuple[int, raw.RawStats | _MetadataStats, StatNames, str]] = []
    offset = 0
    for plane, hcode, pcode, zero, line_offset, em_order, codes in with_events:
        piece, plane_stats = _plane_events(
            plane, hcode, pcode, zero, line_offset, em_order, codes, name_i, name_dtype, promoted, consume
        )
        stats_pieces.extend((offset, st, names, src) for st, names, src in plane_stats)
        pieces.append(piece)
        offset += len(piece)
    line_tables = (
        np.concatenate(line_ids) if line_ids else _NO_ROWS,
        np.concatenate(line_name_codes) if line_name_codes else _NO_ROWS,
    )
    interners = (host_i, plane_i, line_i, name_i)
    events, perm_inverse, times, facts = _assemble_events(pieces, line_tables, *interners, offset, promoted)
    del pieces
    stats_sources: list[StatsSource | _PlacedMetadataStats] = []
    for off, st, names, src in stats_pieces:
        if isinstance(st, _MetadataStats):
            stats_sources.append(st.placed(off, perm_inverse, offset, names, src))
        else:
            kept = kept_stats(st, _event_rows(st.owner, off, perm_inverse), offset)
            stats_sources.append(StatsSource(kept.owner, kept, names, src))
    del stats_pieces
    del perm_inverse
    return events, _sources_when_read(stats_sources), times, facts


def _plane_events(
    plane: raw.RawPlane,
    hcode: int,
    pcode: int,
    line_zero: np.ndarray,
    line_offset: int,
    em_order: np.ndarray,
    codes: tuple[np.ndarray, np.ndarray],
    name_i: _Interner,
    name_dtype: type,
    promoted: dict[str, str],
    consume: bool,
) -> tuple[_PlaneEvents, list[tuple[raw.RawStats | _MetadataStats, StatNames, str]]]:
    """One plane's events as a piece (names, starts, the ``promoted`` stats) and its stats for ``stats``.

    ``consume``: the plane's ``events`` keeps only its stats afterwards (else it is left as it is).
    """
    ev, em, names = plane.events, plane.event_metadata, plane.stat_metadata
    n = len(ev)
    em_ids = em.id[em_order]
    unknown = name_i.codes[""]
    # code per sorted metadata row, the unknown code last (row -1 picks it)
    name_table = np.append(codes[0][em_order], unknown).astype(name_dtype)  # interned in build_frames' first pass
    display_table = np.append(codes[1][em_order], unknown).astype(name_dtype)
    rows = np.empty(n, np.int32 if len(em_ids) < 2**31 else np.int64)
    name_code = np.empty(n, name_dtype)
    display_code = np.empty(n, name_dtype)
    for lo in range(0, n, _EVENTS_PER_CHUNK):  # chunks bound the look-up's temporaries
        part = slice(lo, lo + _EVENTS_PER_CHUNK)
        rows[part] = _metadata_rows(em_ids, ev.metadata_id[part])
        name_code[part] = name_table[rows[part]]
        display_code[part] = display_table[rows[part]]
    piece = _PlaneEvents(
        host_code=hcode,
        plane_code=pcode,
        plane_id=plane.id,
        line_offset=line_offset,
        line=ev.line,
        name_code=name_code,
        display_code=display_code,
        metadata_id=ev.metadata_id,
        start_ps=_starts(ev.offset_ps if consume else np.array(ev.offset_ps), ev.line, line_zero),
        duration_ps=ev.duration_ps,
        num_occurrences=ev.num_occurrences,
    )
    stats: list[tuple[raw.RawStats | _MetadataStats, StatNames, str]] = []
    # promoted stats: metadata stats first, event stats override
    if len(em.stats):
        em_row_of_event = np.where(rows >= 0, em_order[np.maximum(rows, 0)], -1) if len(em_ids) else rows
        owner_rows = _events_by_metadata_row(em_row_of_event, len(em.name))
        for sname, kind, srows, ev_rows, at in _expanded_by_name(owner_rows, em.stats, names, promoted):
            # values read once per metadata stat, then repeated for its events
            values = _values(em.stats, srows, kind, names)
            piece.promoted.setdefault(sname, []).append((ev_rows, _repeated(values, at, kind)))
        # long form: metadata stats expanded per event when the stats are first read (most tools never do)
        if _expanded_size(owner_rows, em.stats.owner):
            stats.append((_MetadataStats(em.stats, owner_rows), names, "metadata"))
    del rows
    # narrowed now, not after assembly: the decoder's int64 stat columns are gone before the frame peaks
    # (left as decoded where the RawSpaces are not consumed: the narrowing would free nothing)
    ev_stats = kept_stats(ev.stats, ev.stats.owner, n) if len(ev.stats) and consume else ev.stats
    if len(ev_stats):
        for sname, kind, srows in promoted_rows(ev_stats, names, promoted):
            piece.promoted.setdefault(sname, []).append((ev_stats.owner[srows], _values(ev_stats, srows, kind, names)))
        stats.append((ev_stats, names, "event"))
    if not consume:
        return piece, stats
    # the piece holds what frames need; the decoder's other event arrays go now
    plane.events = raw.RawEvents(
        line=_NO_ROWS_I32,
        metadata_id=_NO_ROWS,
        offset_ps=_NO_ROWS,
        duration_ps=_NO_ROWS,
        num_occurrences=_NO_ROWS,
        stats=ev_stats,
    )
    assert len(piece) == n
    return piece, stats


def _metadata_rows(em_ids: np.ndarray, metadata_id: np.ndarray) -> np.ndarray:
    """Row of each event's metadata in ``em_ids`` (sorted), -1 where the id is unknown."""
    n = len(metadata_id)
    if not len(em_ids):
        return np.full(n, -1, np.int32)
    lo, hi = int(em_ids[0]), int(em_ids[-1])
    if lo >= 0 and hi < _DENSE_ID_LIMIT:  # usual: small ids, one table look-up per event
        table = np.full(hi + 2, -1, np.int32)  # the last slot answers every id outside [0, hi]
        table[em_ids] = np.arange(len(em_ids), dtype=np.int32)
        ids = np.clip(metadata_id, -1, hi + 1)
        ids[ids < 0] = hi + 1
        return table[ids]
    pos = np.searchsorted(em_ids, metadata_id)
    np.minimum(pos, len(em_ids) - 1, out=pos)
    return np.where(em_ids[pos] == metadata_id, pos, -1)


def _starts(offset_ps: np.ndarray, line: np.ndarray, line_zero: np.ndarray) -> np.ndarray:
    """Start of each event on the profile axis (line zero + offset), in place over the offsets
    where the decoder's array allows it. The caller checked that no sum leaves int64."""
    start = offset_ps if offset_ps.flags.writeable else offset_ps.copy()
    if not line_zero.any():
        return start
    if len(line_zero) == 1:
        start += line_zero[0]
        return start
    for lo in range(0, len(start), _EVENTS_PER_CHUNK):
        hi = lo + _EVENTS_PER_CHUNK
        start[lo:hi] += line_zero[line[lo:hi]]
    return start


def _events_by_metadata_row(em_row_of_event: np.ndarray, n_rows: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR-style grouping of event indices by their metadata row: (order, row starts)."""
    idx = np.flatnonzero(em_row_of_event >= 0)
    rows = em_row_of_event[idx].astype(_code_dtype(n_rows + 1), copy=False)  # small ints: a radix sort
    order = np.argsort(rows, kind="stable")
    sorted_events = idx[order]
    counts = np.bincount(rows, minlength=n_rows)
    starts = np.concatenate([[0], np.cumsum(counts)])
    return sorted_events, starts


def _expand(owner_rows: tuple[np.ndarray, np.ndarray], stat_owner: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each metadata stat (its metadata row in ``stat_owner``), the events of that row:
    (event rows, position of the stat in ``stat_owner``)."""
    sorted_events, starts = owner_rows
    lo = starts[stat_owner]
    hi = starts[stat_owner + 1]
    counts = hi - lo
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    at = np.repeat(np.arange(len(stat_owner)), counts)
    within = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    ev_rows = sorted_events[np.repeat(lo, counts) + within]
    return ev_rows, at


def _expanded_by_name(
    owner_rows: tuple[np.ndarray, np.ndarray], stats: raw.RawStats, names: StatNames, wanted: dict[str, str] = PROMOTED
) -> list[tuple[str, str, np.ndarray, np.ndarray, np.ndarray]]:
    """Per promoted metadata stat name of ``wanted`` with events: (name, kind, its stat rows, and ``_expand``
    of them: event rows, position in its stat rows), all names expanded in one ``_expand``."""
    promoted = promoted_rows(stats, names, wanted)
    if not promoted:
        return []
    stat_rows = np.concatenate([srows for _, _, srows in promoted])
    ev_rows, at = _expand(owner_rows, stats.owner[stat_rows])
    starts = owner_rows[1]
    owner = stats.owner[stat_rows]
    stat_ends = np.cumsum([len(srows) for _, _, srows in promoted]).tolist()
    ev_ends = np.cumsum(starts[owner + 1] - starts[owner])[np.array(stat_ends) - 1].tolist()
    out = []
    stat_lo = ev_lo = 0
    for (sname, kind, srows), stat_hi, ev_hi in zip(promoted, stat_ends, ev_ends):
        if ev_hi > ev_lo:
            out.append((sname, kind, srows, ev_rows[ev_lo:ev_hi], at[ev_lo:ev_hi] - stat_lo))
        stat_lo, ev_lo = stat_hi, ev_hi
    return out


def _expanded_size(owner_rows: tuple[np.ndarray, np.ndarray], stat_owner: np.ndarray) -> int:
    """How many (event, metadata stat) pairs ``_expand`` gives."""
    starts = owner_rows[1]
    return int((starts[stat_owner + 1] - starts[stat_owner]).sum())


@dataclass
class _MetadataStats:
    """A plane's metadata stats, to be repeated for each event of their metadata when first read."""

    stats: raw.RawStats  # owner = row of the plane's event metadata
    owner_rows: tuple[np.ndarray, np.ndarray]  # ``_events_by_metadata_row``: plane rows by metadata row

    def placed(
        self, offset: int, perm_inverse: np.ndarray | None, n_events: int, names: StatNames, source: str
    ) -> _PlacedMetadataStats:
        """These stats with their events' rows in the events frame (the plane's first event was at
        ``offset`` before sorting)."""
        sorted_events, starts = self.owner_rows
        rows = (_event_rows(sorted_events, offset, perm_inverse), starts)
        return _PlacedMetadataStats(self.stats, rows, n_events, names, source)


@dataclass
class _PlacedMetadataStats:
    """``_MetadataStats`` whose event rows are final; ``source()`` expands them."""

    stats: raw.RawStats
    owner_rows: tuple[np.ndarray, np.ndarray]  # event rows (of the frame) by metadata row
    n_events: int
    names: StatNames
    kind: str

    def source(self) -> StatsSource:
        """The stats source: each metadata stat once per event of its metadata."""
        return self._expanded(self.stats)

    def named(self, wanted: set[str]) -> StatsSource | None:
        """The stats source of the metadata stats called one of ``wanted`` only (None: none is)."""
        ids = ids_called(self.names, wanted)
        rows = np.flatnonzero(id_mask(self.stats.metadata_id, ids)) if ids else _NO_ROWS
        if not len(rows):
            return None
        return self._expanded(take_stats(self.stats, rows, self.stats.owner[rows]))

    def _expanded(self, stats: raw.RawStats) -> StatsSource:
        ev_rows, at = _expand(self.owner_rows, stats.owner)
        kept = kept_stats(take_stats(stats, at, ev_rows), ev_rows, self.n_events)
        return StatsSource(kept.owner, kept, self.names, self.kind)


def _sources_when_read(
    sources: list[StatsSource | _PlacedMetadataStats],
) -> list[StatsSource] | Callable[[], list[StatsSource]]:
    """The stats sources, or where metadata stats wait to be expanded, a function making them (once)."""
    if all(isinstance(s, StatsSource) for s in sources):
        return sources  # type: ignore[return-value]
    return _PendingSources(sources)


class _PendingSources:
    """Called: the stats sources, metadata stats expanded per event (once). ``named(names)`` gives
    sources holding at least the stats called ``names`` without expanding the others."""

    def __init__(self, pieces: list[StatsSource | _PlacedMetadataStats]) -> None:
        self.pieces = pieces
        self._made: list[list[StatsSource]] = []

    def __call__(self) -> list[StatsSource]:
        if not self._made:  # the cache's writer thread may ask too: both get the same sources
            self._made.append([s.source() if isinstance(s, _PlacedMetadataStats) else s for s in self.pieces])
        return self._made[0]

    def named(self, names: list[str]) -> list[StatsSource]:
        """Sources in the same order as ``self()``'s, where metadata stats are only those of ``names``."""
        if self._made:
            return self._made[0]
        wanted = set(names)
        out = [s.named(wanted) if isinstance(s, _PlacedMetadataStats) else s for s in self.pieces]
        return [s for s in out if s is not None]

    def within(self, start: int, stop: int) -> _PendingSources | None:
        """These sources for the events ``start``..``stop`` (one host's rows), renumbered from 0, still
        expanded when read: each piece (one plane's) lying inside them shifted, those outside left out.
        None where a piece lies across their bounds."""
        pieces: list[StatsSource | _PlacedMetadataStats] = []
        for piece in self._made[0] if self._made else self.pieces:
            rows = piece.rows if isinstance(piece, StatsSource) else piece.owner_rows[0]
            if not len(rows) or int(rows.max()) < start or int(rows.min()) >= stop:
                continue
            if int(rows.min()) < start or int(rows.max()) >= stop:
                return None
            pieces.append(_shifted_piece(piece, start, stop - start))
        return _PendingSources(pieces)


def shifted_source(source: StatsSource, start: int) -> StatsSource:
    """``source`` with its event rows ``start`` less (int64), its stats shared."""
    rows = np.subtract(source.rows, start, dtype=np.int64)
    return StatsSource(rows, replace(source.stats, owner=rows), source.names, source.source)


def _shifted_piece(
    piece: StatsSource | _PlacedMetadataStats, start: int, n_events: int
) -> StatsSource | _PlacedMetadataStats:
    """``piece`` with its event rows ``start`` less, in a frame of ``n_events`` events (its stats shared)."""
    if isinstance(piece, StatsSource):
        return shifted_source(piece, start)
    events, starts = piece.owner_rows
    shifted = (np.subtract(events, start, dtype=np.int64), starts)
    return _PlacedMetadataStats(piece.stats, shifted, n_events, piece.names, piece.kind)


def _values(stats: raw.RawStats, rows: np.ndarray, kind: str, names: StatNames) -> tuple[np.ndarray, Any]:
    """The stats at ``rows`` for a promoted column of ``kind``: (values, valid) of numbers, (code per
    stat, distinct texts) of text (``text_codes``)."""
    if kind == "str":
        return text_codes(stats, rows, names)
    return numeric_values(stats, rows, kind)


def _repeated(values: tuple[np.ndarray, Any], at: np.ndarray, kind: str) -> tuple[np.ndarray, Any]:
    """``_values`` of some stats taken at positions ``at`` (a metadata stat once per event of it)."""
    first, second = values
    return (first[at], second) if kind == "str" else (first[at], second[at])


# --------------------------------------------------------------------------- assembly


def _join(pieces: list[_PlaneEvents], attr: str, dtype: type, add: list[int] | None = None) -> np.ndarray:
    """One column from the pieces' arrays (released as they are copied); no copy for a single piece."""
    arrays = [getattr(p, attr) for p in pieces]
    for p in pieces:
        setattr(p, attr, None)
    if len(arrays) == 1 and not (add and add[0]):
        return np.asarray(arrays[0], dtype=dtype)
    out = np.empty(sum(len(a) for a in arrays), dtype)
    at = 0
    for k, a in enumerate(arrays):
        if add:
            np.add(a, add[k], out=out[at : at + len(a)], casting="unsafe")
        else:
            out[at : at + len(a)] = a
        at += len(a)
        arrays[k] = None  # type: ignore[call-overload]
    return out


def _take(values: np.ndarray, perm: np.ndarray | None) -> np.ndarray:
    return values if perm is None else values[perm]


def _event_rows(rows_in_plane: np.ndarray, offset: int, perm_inverse: np.ndarray | None) -> np.ndarray:
    """Rows of `events` for rows counted within a plane whose first event was at `offset` before sorting
    (``rows_in_plane`` itself, of any integer dtype, when neither moves them; else int64)."""
    rows = np.add(rows_in_plane, offset, dtype=np.int64) if offset else rows_in_plane
    return rows if perm_inverse is None else perm_inverse[rows]


def _assemble_events(
    pieces: list[_PlaneEvents],
    line_tables: tuple[np.ndarray, np.ndarray],
    host_i: _Interner,
    plane_i: _Interner,
    line_i: _Interner,
    name_i: _Interner,
    n: int,
    promoted: dict[str, str],
) -> tuple[pd.DataFrame, np.ndarray | None, Times, tuple[int, float]]:
    """Concatenate plane pieces, sort, nest, and build the events DataFrame (``promoted``: its promoted
    stat columns, name -> kind).

    Returns the frame, when sorting moved events the new row of each old row (else None), its
    ``Times`` and (its number of aggregated events, ``BuiltFrames.sums_bound``).
    Line keys increase from piece to piece, so sorting only moves events within a piece's
    lines: per-piece and per-line values need no permutation.
    """
    sizes = [len(p) for p in pieces]
    line_key = _join(
        pieces, "line", np.int32 if len(line_tables[0]) < 2**31 else np.int64, add=[p.line_offset for p in pieces]
    )
    start = _join(pieces, "start_ps", np.int64)
    duration = _join(pieces, "duration_ps", np.int64)
    # Order: host, plane, line (file order = line_key), start asc, duration desc.
    perm = _sort_order(line_key, start, duration)
    inverse = None
    if perm is not None:
        inverse = np.empty(n, np.int64)
        inverse[perm] = np.arange(n)
        line_key, start, duration = line_key[perm], start[perm], duration[perm]
    occurrences = _take(_join(pieces, "num_occurrences", np.int64), perm)
    num_aggregated = 0
    largest = _largest_magnitude(duration)  # of the values check_sums adds up
    if not occurrences.any():  # the usual case: columns that take no memory until written
        occurrences, aggregated = _zeros(n, np.int64), _zeros(n, bool)
    else:
        aggregated = occurrences > 0
        num_aggregated = int(np.count_nonzero(aggregated))
        largest = max(largest, _largest_magnitude(occurrences))
    end = start + duration  # checked to fit int64 (origin.check_times)
    if not aggregated.any():
        depth, parent, self_ps = nest_lines(line_key, start, end)
    else:
        depth = np.zeros(n, np.int32)
        parent = np.full(n, -1, np.int64)
        self_ps = duration.copy()
        timed = np.flatnonzero(~aggregated)
        if len(timed):
            d, p, s = nest_lines(line_key[timed], start[timed], end[timed])
            depth[timed] = d
            parent[timed] = np.where(p >= 0, timed[np.maximum(p, 0)], -1)
            self_ps[timed] = s
            del d, p, s, timed
    line_id_table, line_name_table = line_tables
    line_id = line_id_table.astype(np.int64, copy=False)[line_key]
    line_codes = line_name_table.astype(_code_dtype(len(line_i.codes)))[line_key]
    del line_key

    def per_piece(values: list[int], dtype: type) -> np.ndarray:
        """A value per piece, repeated over its events; one piece: a read-only view (no memory)."""
        if len(pieces) == 1:
            return constant(values[0], dtype, n)
        return np.repeat(np.array(values, dtype), sizes) if pieces else np.zeros(0, dtype)

    columns: dict[str, object] = {
        "host": _categorical(
            per_piece([p.host_code for p in pieces], _code_dtype(len(host_i.codes))),
            _categories_dtype(host_i.categories()),
        ),
        "plane": _categorical(
            per_piece([p.plane_code for p in pieces], _code_dtype(len(plane_i.codes))),
            _categories_dtype(plane_i.categories()),
        ),
        "plane_id": per_piece([p.plane_id for p in pieces], np.int64),
        "line": _categorical(line_codes, _categories_dtype(line_i.categories())),
        "line_id": line_id,
    }
    names = _code_dtype(len(name_i.codes))
    name_dtype = _categories_dtype(name_i.categories())  # one dtype for both columns
    columns["display_name"] = _categorical(_take(_join(pieces, "display_code", names), perm), name_dtype)
    columns["name"] = _categorical(_take(_join(pieces, "name_code", names), perm), name_dtype)
    columns["metadata_id"] = _take(_join(pieces, "metadata_id", np.int64), perm)
    columns.update(
        {
            "start_ps": start,
            "duration_ps": duration,
            "end_ps": end,
            "depth": depth,
            "parent": parent,
            "self_ps": self_ps,
            "num_occurrences": occurrences,
            "aggregated": aggregated,
        }
    )
    offsets = np.concatenate([[0], np.cumsum(sizes)]).tolist() if pieces else [0]
    present = set().union(*(p.promoted for p in pieces))  # promoted stats some plane has
    numeric = [s for s, kind in promoted.items() if kind != "str" and s in present]
    zeroed = dict(zip(numeric, _zero_columns(n, len(numeric))))
    missing: dict[str, object] = {}  # per kind, one all-missing column for the stats no event has (read-only)
    for sname, kind in promoted.items():
        if sname not in present:
            if kind not in missing:
                missing[kind] = _promoted_column(kind, n, [], [], [])
            columns[sname] = missing[kind]
            continue
        rows_list, vals_list, valid_list = [], [], []
        for p, off in zip(pieces, offsets[:-1]):
            for rows, (vals, valid) in p.promoted.pop(sname, []):
                rows_list.append(_event_rows(rows, off, inverse))
                vals_list.append(vals)
                valid_list.append(valid)
                if sname == SUMMED_STAT:  # every value written (a later one may replace it): a bound
                    largest = max(largest, _largest_magnitude(vals[valid]))
        columns[sname] = _promoted_column(kind, n, rows_list, vals_list, valid_list, zeroed.pop(sname, None))
        del rows_list, vals_list, valid_list
    return typed_frame(columns), inverse, (start, end, duration), (num_aggregated, largest * n)


# The promoted stat whose values ``Frames.check_sums`` adds up beside durations (TPU ops' device times).
SUMMED_STAT = "device_duration_ps"


def _largest_magnitude(values: np.ndarray) -> float:
    """The largest |value| of a numeric array, 0.0 when empty (float64: |INT64_MIN| too)."""
    if not len(values):
        return 0.0
    return max(abs(float(values.min())), abs(float(values.max())))


def _text_column(n: int, rows_list: list[np.ndarray], codes_list: list[np.ndarray], texts_list: list[Any]) -> object:
    """A categorical column of the texts given by (rows, codes into texts) pieces: categories the texts
    used, sorted; where pieces share rows, the last one's text."""
    if not rows_list:  # no memory: a read-only view of -1 codes
        return pd.Categorical.from_codes(constant(-1, np.int8, n), dtype=_NO_CATEGORIES, validate=False)
    used: set[str] = set()
    for codes, texts in zip(codes_list, texts_list):
        used.update(texts[k] for k in np.flatnonzero(np.bincount(codes, minlength=len(texts))).tolist())
    categories = sorted(used)  # Python's sort of str: as fast as it gets, and the order pandas gives
    position = {text: k for k, text in enumerate(categories)}
    code_dtype = _code_dtype(len(categories))
    out = np.full(n, -1, code_dtype)
    for rows, codes, texts in zip(rows_list, codes_list, texts_list):
        out[rows] = np.array([position.get(text, -1) for text in texts], code_dtype)[codes]
    return pd.Categorical.from_codes(out, dtype=_categories_dtype(categories), validate=False)


def _zero_columns(n: int, count: int) -> list[np.ndarray]:
    """``count`` zero-filled columns of ``n`` 8-byte values (uint64; to be viewed as the column's dtype).

    Small ones are slices of one block (``_zeros``: fresh pages from one mapping once the block is big
    enough): a separate array each, freed and allocated again by every load, costs its page faults and
    glibc's zeroing again (tpu_v6e, 19 columns of 210 kB: 2 ms a load). Columns of 1 MiB or more keep a
    mapping each (``_zeros``), so each is freed on its own.
    """
    if count < 2 or n * 8 >= _LAZY_ZEROS_BYTES:
        return [_zeros(n, np.uint64) for _ in range(count)]
    block = _zeros(n * count, np.uint64)
    return [block[k * n : (k + 1) * n] for k in range(count)]


def _sort_order(line_key: np.ndarray, start: np.ndarray, duration: np.ndarray) -> np.ndarray | None:
    """Permutation ordering events by (line, start asc, duration desc); None when they are in order already."""
    n = len(start)
    if n < 2:
        return None
    for lo in range(0, n - 1, _EVENTS_PER_CHUNK):  # chunks bound the comparisons' temporaries
        hi = min(lo + _EVENTS_PER_CHUNK, n - 1)
        a, b = slice(lo, hi), slice(lo + 1, hi + 1)
        same_line = line_key[b] == line_key[a]
        out_of_order = line_key[b] < line_key[a]
        later_start_first = (start[b] < start[a]) | ((start[b] == start[a]) & (duration[b] > duration[a]))
        out_of_order |= same_line & later_start_first
        if out_of_order.any():
            break
    else:
        return None
    # duration descending without negating (-INT64_MIN does not exist): order by its bitwise complement
    return np.lexsort((~duration, start, line_key))


def _promoted_column(
    kind: str,
    n: int,
    rows_list: list[np.ndarray],
    vals_list: list[np.ndarray],
    valid_list: list[np.ndarray],
    zeroed: np.ndarray | None = None,
) -> object:
    """A typed column: categorical for strings, nullable Int64/UInt64/Float64 for numbers.

    Rows are written in order, so event stats (added after metadata stats) win.
    An absent stat costs no memory (a read-only all-NA view). ``zeroed``: ``n`` zero-filled
    8-byte values for a number column's data (else its own ``_zeros``). For text, ``vals_list`` holds
    codes and ``valid_list`` the texts they index (``_values``).
    """
    if kind == "str":
        return _text_column(n, rows_list, vals_list, valid_list)
    np_dtype, pd_cls = {
        "int": (np.int64, pd.arrays.IntegerArray),
        "uint": (np.uint64, pd.arrays.IntegerArray),
        "float": (np.float64, pd.arrays.FloatingArray),
    }[kind]
    if not rows_list:
        return absent(np_dtype, n)
    data = _zeros(n, np_dtype) if zeroed is None else zeroed.view(np_dtype)
    mask = np.ones(n, bool)
    for rows, vals, valid in zip(rows_list, vals_list, valid_list):
        rows = rows[valid]
        data[rows] = vals[valid].astype(np_dtype, copy=False)
        mask[rows] = False
    return masked(pd_cls, data, mask)


# --------------------------------------------------------------------------- some events, no frame


class SelectedEvents:
    """Events of one plane picked by name (``select_events``), with what the events frame holds of them,
    in its row order.

    ``rows``: each event's row in the events frame the build makes (int64, ascending); ``name``: its name
    (object array of str); ``start_ps``; ``line_zero_ps``: the start of the plane's first line with the
    event's line id (what the ``lines`` frame gives for its ``line_id``; int64 ps); ``numbers``: per
    numeric promoted stat asked for, (values, present) as its nullable column holds them (values 0 where
    not present; int64, uint64 or float64 by ``PROMOTED``); ``texts``: per text promoted stat, (code per
    event, -1 where it has none; its texts). A plain class: a dataclass execs code on import.
    """

    __slots__ = ("rows", "name", "start_ps", "line_zero_ps", "numbers", "texts")

    def __init__(
        self,
        rows: np.ndarray,
        name: np.ndarray,
        start_ps: np.ndarray,
        line_zero_ps: np.ndarray,
        numbers: dict[str, tuple[np.ndarray, np.ndarray]],
        texts: dict[str, tuple[np.ndarray, list[str]]],
    ) -> None:
        self.rows, self.name, self.start_ps, self.line_zero_ps = rows, name, start_ps, line_zero_ps
        self.numbers, self.texts = numbers, texts


def select_events(
    hosts: list[HostSpace], host: str, plane_name: str, event_names: tuple[str, ...], stat_names: tuple[str, ...]
) -> SelectedEvents | None:
    """The events called one of ``event_names`` on ``host``'s plane ``plane_name``, as ``build_frames(hosts)``
    would give them, without building the events frame (a tool that reads a few events of a small profile).

    Runs the build's checks of every event's time first (the same ``ProfileError`` for times that do
    not fit int64 ps, or a time axis that wraps). ``stat_names``: promoted stats (``PROMOTED``) to read
    for them. None where ``host`` has no plane or several planes called ``plane_name``. The RawSpaces
    are left as they are (the build may consume them later).
    """
    found = _checked_times(hosts, host, plane_name)
    if found is None:
        return None
    plane, zero, start, offset = found
    ev, em = plane.events, plane.event_metadata
    em_order = np.argsort(em.id, kind="stable")
    md_rows = _metadata_rows(em.id[em_order], ev.metadata_id)
    names = np.array(em.name, dtype=object)[em_order]
    chosen = set(event_names)
    is_chosen = np.array([name in chosen for name in names.tolist()] + [False])  # row -1 (unknown): no
    picked = np.flatnonzero(is_chosen[md_rows])
    perm = _sort_order(ev.line, start, ev.duration_ps)
    position = picked if perm is None else np.argsort(perm, kind="stable")[picked]
    order = np.argsort(position, kind="stable")
    picked = picked[order]
    line = ev.line[picked]
    numbers, texts = _promoted_of(plane, picked, md_rows, em_order, stat_names)
    return SelectedEvents(
        rows=position[order].astype(np.int64) + offset,
        name=names[md_rows[picked]],
        start_ps=start[picked],
        line_zero_ps=zero[_first_line_of_id(plane.lines.id, line)],
        numbers=numbers,
        texts=texts,
    )


def _checked_times(
    hosts: list[HostSpace], host: str, plane_name: str
) -> tuple[raw.RawPlane, np.ndarray, np.ndarray, int] | None:
    """``build_frames``' checks of every event's time and ``check_time_axis``' of the events it would
    build (the same errors, in the same order); then ``host``'s plane ``plane_name`` with its line zeros,
    its events' starts (ps) and the events frame's row of its first event; None where ``host`` has no
    such plane or several."""
    clocks = [host_clock(hs.space) for hs in hosts]
    origin_ns, _ = profile_origin([hs.space for hs in hosts], clocks)
    timed: list[tuple[raw.RawPlane, np.ndarray]] = []  # planes with events, their line zeros
    bounds = [INT64_MAX, INT64_MIN]  # below every start and end, above every one (Python ints)
    offset, found, several = 0, None, False
    for hs, clock in zip(hosts, clocks):
        for plane in hs.space.planes:
            ev = plane.events
            zero = line_zero_ps(plane.lines.timestamp_ns, clock.base_ns, origin_ns, hs.path)
            if len(ev):
                check_times(hs.path, ev.line, zero, ev.offset_ps, ev.duration_ps)
                timed.append((plane, zero))
                _widen(bounds, zero, ev.offset_ps, ev.duration_ps)
            if hs.host == host and plane.name == plane_name:
                several |= found is not None
                found = found or (plane, zero, offset)
            if found is None:
                offset += len(ev)
    if bounds[1] - bounds[0] >= 2**63:  # the exact span then, as check_time_axis reads it
        _check_span(timed, [hs.path for hs in hosts])
    if found is None or several:
        return None
    plane, zero, offset = found
    return plane, zero, _starts(np.array(plane.events.offset_ps), plane.events.line, zero), offset


def _widen(bounds: list[int], zero: np.ndarray, offset_ps: np.ndarray, duration_ps: np.ndarray) -> None:
    """Widen [low, high] (``bounds``) to hold every start (line zero + offset) and end (start + duration)
    of a plane's events, by the extremes of each (Python ints: exact)."""
    low = int(zero.min()) + int(offset_ps.min()) + min(int(duration_ps.min()), 0)
    high = int(zero.max()) + int(offset_ps.max()) + max(int(duration_ps.max()), 0)
    bounds[0], bounds[1] = min(bounds[0], low), max(bounds[1], high)


def _check_span(timed: list[tuple[raw.RawPlane, np.ndarray]], paths: list[str]) -> None:
    """``check_time_axis`` of the events of planes (with their line zeros) whose times passed ``check_times``
    (every start and end fits int64: none ends before it starts with a duration >= 0)."""
    low, high = INT64_MAX, INT64_MIN
    for plane, zero in timed:
        ev = plane.events
        start = _starts(np.array(ev.offset_ps), ev.line, zero)  # a copy: the build uses the decoder's array
        end = start + ev.duration_ps
        low = min(low, int(start.min()), int(end.min()))
        high = max(high, int(start.max()), int(end.max()))
    error = time_axis_error(high - low, 0, paths)
    if error is not None:
        raise error


def _first_line_of_id(line_ids: np.ndarray, lines: np.ndarray) -> np.ndarray:
    """For some lines of a plane (positions), the plane's first line with the same id (what a look-up by
    id in the ``lines`` frame gives)."""
    distinct, first = np.unique(line_ids, return_index=True)
    return first[np.searchsorted(distinct, line_ids[lines])]


def _promoted_of(
    plane: raw.RawPlane, picked: np.ndarray, md_rows: np.ndarray, em_order: np.ndarray, wanted: tuple[str, ...]
) -> tuple[dict[str, tuple[np.ndarray, np.ndarray]], dict[str, tuple[np.ndarray, list[str]]]]:
    """The promoted stats ``wanted`` of the plane's events ``picked`` (rows in the plane), as ``_plane_events``
    and ``_promoted_column`` make their columns: metadata stats first, event stats override (a number only
    where valid), the last stat of a name winning."""
    ev, em, names = plane.events, plane.event_metadata, plane.stat_metadata
    at = np.full(len(ev) + 1, -1, np.int64)  # position among the picked events, per plane row
    at[picked] = np.arange(len(picked))
    pieces: dict[str, list[tuple[np.ndarray, tuple[np.ndarray, Any]]]] = {}
    if len(em.stats):
        em_rows = np.where(md_rows[picked] >= 0, em_order[np.maximum(md_rows[picked], 0)], -1)
        for sname, kind, srows in promoted_rows(em.stats, names):
            if sname in wanted:
                for_events = _metadata_stat_events(em.stats.owner[srows], em_rows)
                values = _values(em.stats, srows, kind, names)
                pieces.setdefault(sname, []).extend(
                    (events, _repeated(values, stats, kind)) for events, stats in for_events
                )
    mine = np.flatnonzero(at[ev.stats.owner] >= 0) if len(ev.stats) else _NO_ROWS  # the picked events' stats
    if len(mine):
        st = take_stats(ev.stats, mine, at[ev.stats.owner[mine]])  # owner: position among the picked
        for sname, kind, srows in promoted_rows(st, names):
            if sname in wanted:
                pieces.setdefault(sname, []).append((st.owner[srows], _values(st, srows, kind, names)))
    numbers: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    texts: dict[str, tuple[np.ndarray, list[str]]] = {}
    n = len(picked)
    for sname in wanted:
        kind = PROMOTED[sname]
        parts = pieces.get(sname, [])
        if kind == "str":
            texts[sname] = _picked_texts(n, parts)
        else:
            numbers[sname] = _picked_numbers(n, kind, parts)
    return numbers, texts


def _metadata_stat_events(stat_owner: np.ndarray, em_rows: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """(picked events, positions in ``stat_owner``) pairs giving each metadata stat (its metadata row in
    ``stat_owner``) to every picked event of that row (``em_rows``: each picked event's row): stats in
    order, each once per event, as ``_expand`` gives them."""
    order = np.argsort(em_rows, kind="stable")
    sorted_rows = em_rows[order]
    lo = np.searchsorted(sorted_rows, stat_owner, "left")
    hi = np.searchsorted(sorted_rows, stat_owner, "right")
    counts = hi - lo
    if not counts.any():
        return []
    stats = np.repeat(np.arange(len(stat_owner)), counts)
    within = np.arange(len(stats)) - np.repeat(np.cumsum(counts) - counts, counts)
    return [(order[np.repeat(lo, counts) + within], stats)]


def _picked_texts(n: int, parts: list[tuple[np.ndarray, tuple[np.ndarray, list[str]]]]) -> tuple[np.ndarray, list[str]]:
    """A text column of ``n`` events from (events, (codes, texts)) parts: one code per distinct text, -1
    where none; the last part wins where they share events."""
    codes = np.full(n, -1, np.int64)
    table: dict[str, int] = {}
    for events, (part_codes, part_texts) in parts:
        position = np.array([table.setdefault(t, len(table)) for t in part_texts], np.int64)
        codes[events] = position[part_codes]
    return codes, list(table)


def _picked_numbers(
    n: int, kind: str, parts: list[tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]]
) -> tuple[np.ndarray, np.ndarray]:
    """A number column of ``n`` events from (events, (values, valid)) parts, as ``_promoted_column``."""
    dtype = {"int": np.int64, "uint": np.uint64, "float": np.float64}[kind]
    values = np.zeros(n, dtype)
    present = np.zeros(n, bool)
    for events, (part_values, valid) in parts:
        events = events[valid]
        values[events] = part_values[valid].astype(dtype, copy=False)
        present[events] = True
    return values, present
