"""Fast XSpace decoder: protobuf splits the file, numpy decodes the events.

``decode_space_fast(data)`` returns the same ``RawSpace`` as the protobuf-API decoder
(``nbprof.xspace.decode_pb``) but never builds a Python object per event:

1. ``LazyXSpace`` (``nbprof/proto/xplane_lazy.proto``) declares ``XLine.events`` as
   ``repeated bytes``, so protobuf parses planes, lines and metadata and hands back each
   event as one byte string.
2. The event byte strings of a plane are concatenated into one uint8 buffer, and every
   event's fields are decoded at once: iteration *k* reads the *k*-th field of every
   event that still has bytes left (vectorised varints, up to 10 bytes each).
3. The XStat submessages found in step 2 are decoded the same way.

Memory: the parsed protobuf message is freed before step 2, events are decoded in chunks
(``_EVENTS_PER_CHUNK``) and the event buffer is freed before the stat chunks are joined;
peak RSS is about 5x the file size above the caller's (``benchmarks/parse.py``).

Where the time goes (jax_large: 1.18M events, 0.86M stats, 23 MB; about 0.25 s of CPU,
4-5M events/s): protobuf's parse ~10 %, copying each event's bytes out of protobuf into
the buffer ~25 % (one Python bytes object per event: the floor of this design), the
vectorised event fields ~45 %, the stats ~20 %. A replacement (a compiled decoder reading
the wire format straight into columns) has to beat that ~210 ns/event; plain
``XSpace.FromString`` alone takes ~75 ns/event. Cost grows with the largest number of
fields in one event (one numpy pass per field: ~25 us each), so an event with 100k stats
decodes slower than with protobuf's API (seconds), though still in linear time.

Malformed event bytes raise ``nbprof.errors.ProfileError``; protobuf's own
``DecodeError`` (from step 1) is left to the caller.

Differences from protobuf's parser, on malformed input only: string stat values with
invalid UTF-8 are decoded with ``errors="replace"`` (protobuf refuses the whole file), and
unknown fields of the deprecated *group* wire types inside events/stats raise ProfileError
(protobuf would skip them; no profiler writes them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nbprof.errors import ProfileError
from nbprof.proto import xplane_lazy_pb2
from nbprof.xspace.plane_header import event_metadata_of, stat_metadata_of, stats_from_messages
from nbprof.xspace.raw import (
    KIND_BYTES,
    KIND_DOUBLE,
    KIND_INT64,
    KIND_REF,
    KIND_STR,
    KIND_UINT64,
    RawEvents,
    RawLines,
    RawPlane,
    RawSpace,
    RawStats,
)

__all__ = ["decode_space_fast"]

# Events decoded together; bounds the temporary arrays (about 100 bytes per event).
_EVENTS_PER_CHUNK = 1 << 16
# Stats decoded together.
_STATS_PER_CHUNK = 1 << 16
# Events copied out of protobuf at once while building the buffer.
_EVENTS_PER_COPY = 1 << 14
# Zero bytes after the buffer, so a 10-byte varint read never runs off its end.
_PAD = 16

_WT_VARINT, _WT_FIXED64, _WT_LEN, _WT_START_GROUP, _WT_END_GROUP, _WT_FIXED32 = 0, 1, 2, 3, 4, 5


# protobuf refuses a message of 2 GiB or more: larger files are parsed a plane at a time.
_PROTOBUF_LIMIT = 2**31 - 1
_SPLIT_FILES_FROM = _PROTOBUF_LIMIT  # tests lower it


def decode_space_fast(data: bytes) -> RawSpace:
    """Decode a serialized XSpace into columnar ``RawSpace`` (all event times in ps).

    Raises ``ProfileError`` for malformed event or stat bytes and lets protobuf's
    ``DecodeError`` through for a malformed file structure. A file of 2 GiB or more is parsed
    plane by plane; a single plane that large needs the compiled decoder (ProfileError).
    """
    if len(data) >= _SPLIT_FILES_FROM:
        space = _space_by_planes(data)
    else:
        space = xplane_lazy_pb2.LazyXSpace.FromString(data)
    # First copy everything out of protobuf (the event bytes into one buffer per plane),
    # then free the parsed message before decoding events: this keeps the peak low.
    pending = [_split_plane(plane, len(data)) for plane in space.planes]
    result = RawSpace(
        planes=[],
        errors=list(space.errors),
        warnings=list(space.warnings),
        hostnames=list(space.hostnames),
    )
    del space
    pending.reverse()
    while pending:
        plane, event_bytes = pending.pop()
        plane.events = _decode_events(event_bytes, plane.lines.num_events)
        result.planes.append(plane)
    return result


@dataclass
class _ParsedSpace:
    planes: list[xplane_lazy_pb2.LazyXPlane]
    errors: list[str]
    warnings: list[str]
    hostnames: list[str]


def _space_by_planes(data: bytes) -> _ParsedSpace:
    """An XSpace too large for one protobuf parse, its planes parsed one by one."""
    from nbprof.proto.wire import varint

    out = _ParsedSpace([], [], [], [])
    pos, n = 0, len(data)
    while pos < n:
        tag, pos = varint(data, pos)
        field, wire = tag >> 3, tag & 7
        if wire != _WT_LEN:  # scan_top_level let only length-delimited fields 1-4 and unknown ones through
            pos = _skip_top_level(data, pos, wire)
            continue
        size, pos = varint(data, pos)
        body = data[pos : pos + size]
        pos += size
        if field == 1:
            if size >= _PROTOBUF_LIMIT:
                raise ProfileError(
                    f"a plane of {size / 2**30:.1f} GiB is beyond protobuf's 2 GiB limit, which the pure-Python "
                    "decoder depends on; install nbprof where a C compiler is found (its compiled decoder has no limit)"
                )
            out.planes.append(xplane_lazy_pb2.LazyXPlane.FromString(body))
        elif field in (2, 3, 4):
            (out.errors, out.warnings, out.hostnames)[field - 2].append(body.decode("utf-8"))
    return out


def _skip_top_level(data: bytes, pos: int, wire: int) -> int:
    from nbprof.proto.wire import varint

    if wire == _WT_VARINT:
        return varint(data, pos)[1]
    if wire in (_WT_FIXED64, _WT_FIXED32):
        return pos + (8 if wire == _WT_FIXED64 else 4)
    raise ProfileError("corrupt profile: a group at the top of the XSpace")


@dataclass
class _EventBytes:
    """The event bytes of one plane: event i is buf[ends[i-1]:ends[i]] (buf zero-padded)."""

    buf: np.ndarray | None  # uint8
    ends: np.ndarray | None  # uint32, or int64 when buf is 4 GiB or more


# --------------------------------------------------------------------------- planes


def _split_plane(plane: xplane_lazy_pb2.LazyXPlane, capacity: int) -> tuple[RawPlane, _EventBytes]:
    """A RawPlane without events, plus its event bytes."""
    lines = plane.lines
    raw_lines = RawLines(
        id=np.array([line.id for line in lines], dtype=np.int64),
        display_id=np.array([line.display_id for line in lines], dtype=np.int64),
        name=[line.name for line in lines],
        display_name=[line.display_name for line in lines],
        timestamp_ns=np.array([line.timestamp_ns for line in lines], dtype=np.int64),
        duration_ps=np.array([line.duration_ps for line in lines], dtype=np.int64),
        num_events=np.array([len(line.events) for line in lines], dtype=np.int64),
    )
    event_bytes = _event_buffer(lines, int(raw_lines.num_events.sum()), capacity)
    raw_plane = RawPlane(
        id=plane.id,
        name=plane.name,
        lines=raw_lines,
        events=None,  # type: ignore[arg-type]  # filled by decode_space_fast
        event_metadata=event_metadata_of(plane.event_metadata),
        stat_metadata=stat_metadata_of(plane.stat_metadata),
        stats=stats_from_messages([plane.stats]),
    )
    return raw_plane, event_bytes


# --------------------------------------------------------------------------- events


def _decode_events(event_bytes: _EventBytes, num_events: np.ndarray) -> RawEvents:
    """Decode the events of one plane (lines in file order); frees ``event_bytes`` when done."""
    buf, ends = event_bytes.buf, event_bytes.ends
    event_bytes.buf = event_bytes.ends = None
    n = len(ends)
    metadata_id = np.zeros(n, np.uint64)
    offset_ps = np.zeros(n, np.uint64)
    duration_ps = np.zeros(n, np.uint64)
    num_occurrences = np.zeros(n, np.uint64)
    stat_parts: list[RawStats] = []
    for lo in range(0, n, _EVENTS_PER_CHUNK):
        hi = min(lo + _EVENTS_PER_CHUNK, n)
        chunk_ends = ends[lo:hi].astype(np.int64)
        chunk_starts = np.empty_like(chunk_ends)
        chunk_starts[0] = ends[lo - 1] if lo else 0
        chunk_starts[1:] = chunk_ends[:-1]
        stat_start, stat_end, stat_owner = _decode_events_chunk(
            buf,
            chunk_starts,
            chunk_ends,
            metadata_id[lo:hi],
            offset_ps[lo:hi],
            duration_ps[lo:hi],
            num_occurrences[lo:hi],
        )
        del chunk_starts
        stats = _alloc_stats(len(stat_start))
        stats.owner[:] = stat_owner
        stats.owner += lo
        for at in range(0, len(stat_start), _STATS_PER_CHUNK):
            rows = slice(at, at + _STATS_PER_CHUNK)
            _decode_stats_into(buf, stat_start[rows], stat_end[rows], stats, at)
        stat_parts.append(stats)
        del stat_start, stat_end, stat_owner
    del buf, ends  # before the stats are joined: lowers the peak
    return RawEvents(
        line=np.repeat(np.arange(len(num_events), dtype=np.int32), num_events),
        metadata_id=metadata_id.view(np.int64),
        offset_ps=offset_ps.view(np.int64),
        duration_ps=duration_ps.view(np.int64),
        num_occurrences=num_occurrences.view(np.int64),
        stats=_concat_stats(stat_parts),
    )


def _concat_stats(parts: list[RawStats]) -> RawStats:
    """Concatenate column by column, freeing each part's column as soon as it is copied."""
    if len(parts) == 1:
        return parts[0]
    if not parts:
        return RawStats.empty()
    columns = {}
    for name in ("owner", "metadata_id", "kind", "int_value", "double_value", "obj_value"):
        columns[name] = np.concatenate([getattr(part, name) for part in parts])
        for part in parts:
            setattr(part, name, None)
    return RawStats(**columns)


def _event_buffer(lines, total: int, capacity: int) -> _EventBytes:
    """All event bytes of the lines in one uint8 buffer (zero-padded), and each event's end.

    ``capacity`` bounds the total size (the file size will do): the buffer is reserved at
    that size, only the pages written take memory, and it is shrunk in place at the end, so
    the bytes are copied once.
    """
    ends = np.empty(total, dtype=np.uint32 if capacity < 2**32 else np.int64)
    buf = np.empty(capacity + _PAD, dtype=np.uint8)
    k = 0
    at = 0
    for line in lines:
        events = line.events
        for lo in range(0, len(events), _EVENTS_PER_COPY):
            block = events[lo : lo + _EVENTS_PER_COPY]
            ends[k : k + len(block)] = np.fromiter(map(len, block), np.int64, len(block))
            k += len(block)
            joined = b"".join(block)
            del block
            if at + len(joined) > capacity:
                raise ProfileError("corrupt profile: events larger than the file")
            buf[at : at + len(joined)] = np.frombuffer(joined, dtype=np.uint8)
            at += len(joined)
    np.cumsum(ends, out=ends)
    buf[at : at + _PAD] = 0
    buf.resize(at + _PAD, refcheck=False)  # give back the unused reservation (realloc, no copy)
    return _EventBytes(buf, ends)


def _decode_events_chunk(buf, starts, ends, metadata_id, offset_ps, duration_ps, num_occurrences):  # type: ignore[no-untyped-def]
    """Fill the event columns (uint64 views, in place) of one chunk of events.

    Returns the [start, end) of every XStat submessage and the event (chunk-relative) that
    owns it, ordered by event then by position in the event.
    """
    f = _scan_fields(buf, starts, ends)
    for key, column in ((_tag(1, _WT_VARINT), metadata_id), (_tag(3, _WT_VARINT), duration_ps)):
        msg, value, _ = f.last_of((key,))
        column[msg] = value
    # offset_ps and num_occurrences share a oneof: the last one present wins, the other is 0
    msg, value, tag = f.last_of((_tag(2, _WT_VARINT), _tag(5, _WT_VARINT)))
    is_offset = tag == _tag(2, _WT_VARINT)
    offset_ps[msg] = np.where(is_offset, value, 0)
    num_occurrences[msg] = np.where(is_offset, 0, value)
    rows = f.all_of(_tag(4, _WT_LEN))
    return f.payload[rows], f.payload[rows] + f.value[rows].astype(np.int64), f.msg[rows]


def _tag(field: int, wire_type: int) -> int:
    return field << 3 | wire_type


# --------------------------------------------------------------------------- stats


def _alloc_stats(n: int) -> RawStats:
    """RawStats of n zeroed entries (obj_value None)."""
    return RawStats(
        owner=np.zeros(n, np.int64),
        metadata_id=np.zeros(n, np.int64),
        kind=np.zeros(n, np.int8),
        int_value=np.zeros(n, np.uint64),
        double_value=np.zeros(n, np.float64),
        obj_value=np.full(n, None, dtype=object),
    )


# XStat value oneof: tag -> kind (the last member present wins).
_STAT_VALUE_KINDS = {
    _tag(2, _WT_FIXED64): KIND_DOUBLE,
    _tag(3, _WT_VARINT): KIND_UINT64,
    _tag(4, _WT_VARINT): KIND_INT64,
    _tag(5, _WT_LEN): KIND_STR,
    _tag(6, _WT_LEN): KIND_BYTES,
    _tag(7, _WT_VARINT): KIND_REF,
}
_KIND_OF_TAG = np.zeros(256, np.int8)
for _key, _kind in _STAT_VALUE_KINDS.items():
    _KIND_OF_TAG[_key] = _kind


def _decode_stats_into(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray, out: RawStats, at: int) -> None:
    """Decode XStat submessages buf[starts[i]:ends[i]] into rows at.. of ``out`` (zeroed).

    Fills metadata_id, kind and the value columns; owner is the caller's.
    """
    rows = slice(at, at + len(starts))
    f = _scan_fields(buf, starts, ends)
    msg, value, _ = f.last_of((_tag(1, _WT_VARINT),))
    out.metadata_id[rows].view(np.uint64)[msg] = value
    msg, value, tag = f.last_of(tuple(_STAT_VALUE_KINDS))
    kind = _KIND_OF_TAG[tag.astype(np.intp)]
    out.kind[rows][msg] = kind
    is_int = (kind == KIND_UINT64) | (kind == KIND_INT64) | (kind == KIND_REF)
    out.int_value[rows][msg[is_int]] = value[is_int]
    is_double = kind == KIND_DOUBLE
    out.double_value[rows].view(np.uint64)[msg[is_double]] = value[is_double]
    is_object = (kind == KIND_STR) | (kind == KIND_BYTES)
    if is_object.any():
        payload = f.payload_of_last
        n = len(starts)
        obj_start = np.zeros(n, np.int64)
        obj_end = np.zeros(n, np.int64)
        obj_start[msg[is_object]] = payload[is_object]
        obj_end[msg[is_object]] = payload[is_object] + value[is_object].astype(np.int64)
        _fill_object_values(buf, out.kind[rows], obj_start, obj_end, out.obj_value[rows])


def _fill_object_values(buf: np.ndarray, kind: np.ndarray, start: np.ndarray, end: np.ndarray, out: np.ndarray) -> None:
    """Set str (UTF-8, invalid bytes replaced) for string stats and bytes for bytes stats."""
    view = memoryview(buf)
    for code, convert in (
        (KIND_STR, lambda s, e: str(view[s:e], "utf-8", "replace")),
        (KIND_BYTES, lambda s, e: bytes(view[s:e])),
    ):
        rows = np.flatnonzero(kind == code)
        if rows.size:
            out[rows] = _as_object_array(list(map(convert, start[rows].tolist(), end[rows].tolist())))


def _as_object_array(values: list) -> np.ndarray:
    arr = np.empty(len(values), dtype=object)
    arr[:] = values
    return arr


# --------------------------------------------------------------------------- wire format


@dataclass
class _Fields:
    """Every field of many messages, flat: field i is the ``rank[i]``-th field of message ``msg[i]``.

    ``tag`` (uint64) is field number << 3 | wire type, ``value`` (uint64) the varint /
    fixed64 / fixed32 value or a length-delimited field's length, ``payload`` the buffer
    position of a length-delimited payload. The fields of one message appear in rank order.
    """

    msg: np.ndarray
    rank: np.ndarray
    tag: np.ndarray
    value: np.ndarray
    payload: np.ndarray
    payload_of_last: np.ndarray | None = None  # payloads of the rows ``last_of`` returned last

    def last_of(self, tags: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(msg, value, tag) of the last field of each message among ``tags`` (protobuf: the last
        value of a scalar wins; for a oneof, the last member present)."""
        rows = np.flatnonzero(np.isin(self.tag, np.array(tags, dtype=np.uint64)))
        if len(rows):
            order = np.lexsort((self.rank[rows], self.msg[rows]))
            rows = rows[order]
            m = self.msg[rows]
            last = np.ones(len(rows), bool)
            last[:-1] = m[1:] != m[:-1]
            rows = rows[last]
        self.payload_of_last = self.payload[rows]
        return self.msg[rows], self.value[rows], self.tag[rows]

    def all_of(self, tag: int) -> np.ndarray:
        """Rows of every field with ``tag``, ordered by message, then rank (a repeated field)."""
        rows = np.flatnonzero(self.tag == np.uint64(tag))
        return rows[np.lexsort((self.rank[rows], self.msg[rows]))]


# A round of the vectorised walk costs tens of microseconds whatever its width: once this few
# messages remain, their fields are read one by one instead (so one message with 100k fields
# costs about 100k small steps, not 100k numpy rounds).
_SCALAR_BELOW = 24
# Rounds done at least before the scalar tail may take over (tests lower it).
_VECTOR_ROUNDS = 1


def _scan_fields(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> _Fields:
    """Walk many messages buf[starts[i]:ends[i]]: every field of each, in linear time.

    Many messages are walked in step, one field of each per vectorised round; when few
    remain (``_SCALAR_BELOW``), the rest of their fields are read in a plain loop. Raises
    ProfileError for malformed bytes.
    """
    words = _words(buf)
    pos = starts.astype(np.int64, copy=True)
    ends = ends.astype(np.int64, copy=False)
    active = np.flatnonzero(pos < ends)
    parts: list[tuple[np.ndarray, ...]] = []
    rank = 0
    while active.size:
        if active.size < _SCALAR_BELOW and rank >= _VECTOR_ROUNDS:
            parts.append(_scan_tail(buf, active, pos[active], ends[active], rank))
            break
        at = pos[active]
        limit = ends[active]
        tag, size = _read_varints(buf, words, at, limit)
        at += size
        first = int(tag[0])
        if (tag == first).all():  # usual: the k-th field is the same field in every message
            _check_wire_types(np.array([first], dtype=np.uint64))
            value, payload, at = _read_values(buf, words, first & 7, at, limit)
        else:
            wire = _check_wire_types(tag)
            value = np.zeros(len(at), dtype=np.uint64)
            payload = at.copy()
            for wire_type in (_WT_VARINT, _WT_LEN, _WT_FIXED64, _WT_FIXED32):
                rows = np.flatnonzero(wire == wire_type)
                if rows.size:
                    value[rows], payload[rows], at[rows] = _read_values(buf, words, wire_type, at[rows], limit[rows])
        if isinstance(value, np.ndarray) and value.dtype != np.uint64:
            value = value.astype(np.uint64)
        parts.append((active, np.full(len(active), rank, np.int64), tag, value, np.broadcast_to(payload, len(active))))
        pos[active] = at
        active = active[at < limit]
        rank += 1
    if not parts:
        empty_i, empty_u = np.zeros(0, np.int64), np.zeros(0, np.uint64)
        return _Fields(empty_i, empty_i, empty_u, empty_u, empty_i)
    msg, ranks, tags, values, payloads = (np.concatenate([p[k] for p in parts]) for k in range(5))
    return _Fields(msg, ranks, tags.astype(np.uint64), values.astype(np.uint64), payloads.astype(np.int64))


def _scan_tail(
    buf: np.ndarray, messages: np.ndarray, pos: np.ndarray, ends: np.ndarray, first_rank: int
) -> tuple[np.ndarray, ...]:
    """The remaining fields of a few messages, one by one (same checks and errors as the rounds)."""
    msg: list[int] = []
    rank: list[int] = []
    tag: list[int] = []
    value: list[int] = []
    payload: list[int] = []
    for m, p, end in zip(messages.tolist(), pos.tolist(), ends.tolist()):
        data = buf[p:end].tobytes()
        i, n, k = 0, len(data), first_rank
        while i < n:
            t, i = _scalar_varint(data, i)
            if t < 8 or t >= 2**32:
                raise ProfileError("corrupt event data: field number 0 or out of range")
            wire = t & 7
            if wire in (_WT_START_GROUP, _WT_END_GROUP):
                raise ProfileError("unsupported event data: group wire type")
            if wire == _WT_VARINT:
                v, i = _scalar_varint(data, i)
                at = i
            elif wire == _WT_LEN:
                v, i = _scalar_varint(data, i)
                if v > n - i:
                    raise ProfileError("corrupt event data: length-delimited field runs past the end")
                at, i = i, i + v
            elif wire in (_WT_FIXED64, _WT_FIXED32):
                width = 8 if wire == _WT_FIXED64 else 4
                if i + width > n:
                    raise ProfileError("corrupt event data: fixed-width field runs past the end")
                v, at, i = int.from_bytes(data[i : i + width], "little"), i, i + width
            else:
                raise ProfileError("corrupt event data: invalid wire type")
            msg.append(m)
            rank.append(k)
            tag.append(t)
            value.append(v)
            payload.append(p + at)
            k += 1
    return (
        np.array(msg, np.int64),
        np.array(rank, np.int64),
        np.array(tag, np.uint64),
        np.array(value, np.uint64),
        np.array(payload, np.int64),
    )


def _scalar_varint(data: bytes, i: int) -> tuple[int, int]:
    """(value, next position) of the varint at ``i``: bits past 64 dropped, as protobuf does."""
    result = shift = 0
    for j in range(i, min(i + 10, len(data))):
        b = data[j]
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result & 0xFFFF_FFFF_FFFF_FFFF, j + 1
        shift += 7
    if i + 10 <= len(data):
        raise ProfileError("corrupt event data: varint longer than 10 bytes")
    raise ProfileError("corrupt event data: truncated varint")


def _check_wire_types(tag: np.ndarray) -> np.ndarray:
    """The wire types of valid tags; ProfileError for field number 0 or a bad wire type."""
    if ((tag - _EIGHT) >= _TAG_RANGE).any():  # tag < 8 wraps around
        raise ProfileError("corrupt event data: field number 0 or out of range")
    wire = (tag & _SEVEN).astype(np.int8)
    if not _WIRE_TYPE_OK[wire].all():
        if ((wire == _WT_START_GROUP) | (wire == _WT_END_GROUP)).any():
            raise ProfileError("unsupported event data: group wire type")
        raise ProfileError("corrupt event data: invalid wire type")
    return wire


def _read_values(
    buf: np.ndarray, words: np.ndarray, wire_type: int, at: np.ndarray, limit: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Read field values of one wire type at ``at``: (value, payload start, position after)."""
    if wire_type == _WT_VARINT:
        value, size = _read_varints(buf, words, at, limit)
        at = at + size
        return value, at, at
    if wire_type == _WT_LEN:
        value, size = _read_varints(buf, words, at, limit)
        payload = at + size
        if (value > (limit - payload).astype(np.uint64)).any():
            raise ProfileError("corrupt event data: length-delimited field runs past the end")
        return value, payload, payload + value.astype(np.int64)
    width, mask = (8, _ALL_BITS) if wire_type == _WT_FIXED64 else (4, _LOW_32_BITS)
    if (at + width > limit).any():
        raise ProfileError("corrupt event data: fixed-width field runs past the end")
    return words[at] & mask, at, at + width


def _words(buf: np.ndarray) -> np.ndarray:
    """words[i] = the 8 bytes buf[i:i+8] as a little-endian uint64 (a view, no copy)."""
    return np.ndarray(shape=(max(len(buf) - 7, 0),), dtype="<u8", buffer=buf, strides=(1,))


_EIGHT = np.uint64(8)
_SEVEN = np.uint64(7)
_TAG_RANGE = np.uint64(2**32 - 8)
_WIRE_TYPE_OK = np.array([True, True, True, False, False, True, False, False])
_HIGH_BITS = np.uint64(0x8080_8080_8080_8080)
_LOW_7_BITS = np.uint64(0x7F7F_7F7F_7F7F_7F7F)
_ALL_BITS = np.uint64(0xFFFF_FFFF_FFFF_FFFF)
_LOW_32_BITS = np.uint64(0xFFFF_FFFF)
_ONE = np.uint64(1)
# Steps that squeeze the 7-bit groups of 8 bytes together: (mask kept, mask moved, shift).
_SQUEEZE = [
    (np.uint64(0x007F_007F_007F_007F), np.uint64(0x7F00_7F00_7F00_7F00), np.uint64(1)),
    (np.uint64(0x0000_3FFF_0000_3FFF), np.uint64(0x3FFF_0000_3FFF_0000), np.uint64(2)),
    (np.uint64(0x0000_0000_0FFF_FFFF), np.uint64(0x0FFF_FFFF_0000_0000), np.uint64(4)),
]


def _read_varints(
    buf: np.ndarray, words: np.ndarray, at: np.ndarray, limit: np.ndarray
) -> tuple[np.ndarray, np.ndarray | int]:
    """Read one varint at each position; returns (uint64 values, sizes in bytes).

    One-byte varints (most tags and small values) take one gather; longer ones read 8
    bytes at once and decode them with bit operations, and the rare 9- and 10-byte ones
    (negative int64, values >= 2**56) take one more step. Bits past 64 are dropped, like
    protobuf. Raises ProfileError when a varint is longer than 10 bytes or does not end
    before its message's ``limit``.
    """
    first = buf[at]
    value = first.astype(np.uint64)
    longer = np.flatnonzero(first & 0x80)
    if not longer.size:
        if (at >= limit).any():
            raise ProfileError("corrupt event data: truncated varint")
        return value, 1
    size = np.ones(len(at), dtype=np.int64)
    value[longer], size[longer] = _multi_byte_varints(buf, words, at[longer])
    if (at + size > limit).any():
        raise ProfileError("corrupt event data: truncated varint")
    return value, size


def _multi_byte_varints(buf: np.ndarray, words: np.ndarray, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Varints of 2 to 10 bytes: decode 8 bytes per position with bit operations."""
    word = words[at]
    stop = ~word & _HIGH_BITS  # high bit of every byte that ends a varint
    first_stop = stop & (~stop + _ONE)
    keep = (first_stop << _ONE) - _ONE  # the varint's bytes (all 8 when none ends it)
    value = word & keep & _LOW_7_BITS
    for kept, moved, shift in _SQUEEZE:
        value = (value & kept) | ((value & moved) >> shift)
    size = np.bitwise_count(keep).astype(np.int64) >> 3
    longer = np.flatnonzero(stop == 0)
    if longer.size:
        value[longer], size[longer] = _long_varint_tails(buf, at[longer], value[longer])
    return value, size


def _long_varint_tails(buf: np.ndarray, at: np.ndarray, low: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Finish varints whose first 8 bytes all continue (``low`` = their 56 bits)."""
    ninth = buf[at + 8]
    value = low | ((ninth & 0x7F).astype(np.uint64) << np.uint64(56))
    size = np.full(len(at), 9, dtype=np.int64)
    going = np.flatnonzero(ninth & 0x80)
    if going.size:
        tenth = buf[at[going] + 9]
        if (tenth & 0x80).any():
            raise ProfileError("corrupt event data: varint longer than 10 bytes")
        value[going] |= (tenth & 0x7F).astype(np.uint64) << np.uint64(63)
        size[going] = 10
    return value, size
