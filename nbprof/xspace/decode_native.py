"""The compiled decoder: XSpace wire format straight into columns (``nbprof/xspace/_wire.c``).

``decode_space_native(data)`` returns the same ``RawSpace`` as the pure-Python decoders
(``decode_fast``, ``decode_pb``; the tests compare all three) at C speed: the C module
walks the file once to check and count, once more to fill bytearrays that numpy views
without a copy. A plane's small parts (metadata maps, plane stats) are parsed by protobuf
from the plane's bytes less its lines; string stat values equal to each other share one
Python object. Nothing depends on protobuf's 2 GiB message limit.

``plane_summaries(data)`` is the cheap half: every plane's name, metadata and lines with
each byte of its events checked but none decoded (``load``'s lazy path); with
``decode_events=True`` (``load`` of a small file) the events are decoded in that same pass.

The module exists only where it was compiled (``pip install`` does it when a C compiler is
there; ``python -m nbprof.xspace.build_native`` in a checkout); ``available()`` says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from nbprof.errors import ProfileError
from nbprof.proto import xplane_lazy_pb2
from nbprof.xspace.absent import constant
from nbprof.xspace.plane_header import (
    event_metadata_of,
    metadata_from_columns,
    plane_stats_from_columns,
    stat_metadata_of,
    stats_from_messages,
)
from nbprof.xspace.raw import RawEventMetadata, RawEvents, RawLines, RawPlane, RawSpace, RawStats

try:
    from nbprof.xspace import _wire  # type: ignore[attr-defined]
except ImportError:  # not compiled here: the pure-Python decoders are used
    _wire = None

__all__ = ["available", "decode_space_native", "plane_summaries", "summarize_space", "PlaneSummary"]


def available() -> bool:
    """True where the C module was compiled and imports."""
    return _wire is not None


def _wire_call(function: Any, *args: Any) -> Any:
    try:
        return function(*args)
    except ValueError as exc:  # malformed bytes: the C module says which
        raise ProfileError(f"corrupt profile data: {exc}") from None


def split_space(data: Any) -> tuple[list[tuple[int, int]], list[str], list[str], list[str]]:
    """(byte span of each plane, errors, warnings, hostnames) of a serialized XSpace."""
    return _wire_call(_wire.split_space, data)


def decode_space_native(data: Any, summaries: list[PlaneSummary] | None = None) -> RawSpace:
    """Decode serialized XSpace bytes (any buffer: bytes, mmap) into a RawSpace.

    ``summaries`` (from ``plane_summaries(data)``) saves the counting pass and header parsing.
    Raises ``ProfileError`` for malformed bytes; protobuf's ``DecodeError`` or
    ``UnicodeDecodeError`` for a malformed plane header or name (as protobuf would).
    """
    spans, errors, warnings, hostnames = split_space(data)
    if summaries is not None and [s.span for s in summaries] == spans:
        planes = [decode_plane(data, *s.span, summary=s) for s in summaries]
    else:
        planes = [decode_plane(data, start, stop) for start, stop in spans]
    return RawSpace(planes=planes, errors=errors, warnings=warnings, hostnames=hostnames)


def decode_plane(data: Any, start: int, stop: int, summary: PlaneSummary | None = None) -> RawPlane:
    """One plane (bytes ``data[start:stop]``) with its events decoded.

    With the plane's ``summary`` (from ``plane_summaries``: counts known, header parsed), one
    pass over the bytes instead of two, and the header is not parsed again; none where the summary
    decoded the events already or counted none, in immutable ``bytes`` (every byte was checked then,
    and cannot have changed).
    """
    if summary is not None and (summary.decoded or not summary.num_events) and type(data) is bytes:
        plane = summary.plane
        summary.plane = None  # type: ignore[assignment]  # handed over
        return plane  # its events: the summary's (none, or decoded)
    out = _wire_call(_wire.read_plane, data, start, stop, True, summary.counts if summary else None)
    if summary is not None:
        plane = summary.plane
        summary.plane = None  # type: ignore[assignment]  # handed over
    else:
        plane = _plane_without_events(out)
    plane.events = _events_of(out)
    return plane


def _events_of(out: dict[str, Any]) -> RawEvents:
    """The events and their stats of a ``read_plane`` result decoded with its events (numpy views of
    the C module's bytearrays)."""
    n_events, n_stats = out["counts"][1], out["counts"][2]
    # no str/bytes stat: a read-only view of None (8 bytes a stat saved; readers index it by kind)
    objects = np.broadcast_to(np.array(None, object), (n_stats,))
    if out["objects"]:
        objects = np.full(n_stats, None, dtype=object)
        values = np.empty(len(out["objects"]), dtype=object)
        values[:] = out["objects"]
        objects[np.frombuffer(out["object_rows"], np.int64)] = values
    return RawEvents(
        line=np.frombuffer(out["line"], np.int32),
        metadata_id=np.frombuffer(out["metadata_id"], np.int64),
        offset_ps=np.frombuffer(out["offset_ps"], np.int64),
        duration_ps=np.frombuffer(out["duration_ps"], np.int64),
        num_occurrences=_column_or_zeros(out, "num_occurrences", np.int64, n_events),
        stats=RawStats(
            owner=np.frombuffer(out["stat_owner"], np.int64),
            metadata_id=np.frombuffer(out["stat_metadata_id"], np.int64),
            kind=np.frombuffer(out["stat_kind"], np.int8),
            int_value=np.frombuffer(out["stat_int"], np.uint64),
            double_value=_column_or_zeros(out, "stat_double", np.float64, n_stats),
            obj_value=objects,
        ),
    )


def _column_or_zeros(out: dict[str, Any], key: str, dtype: type, n: int) -> np.ndarray:
    """The C module leaves out a column that would hold only zeros: a read-only view of zeros then."""
    if key in out:
        return np.frombuffer(out[key], dtype)
    return constant(0, dtype, n)


@dataclass
class PlaneSummary:
    """A plane whose events were checked but not decoded (``plane.events`` empty), or where ``decoded``,
    decoded in the same pass."""

    plane: RawPlane
    span: tuple[int, int]  # its bytes in the file
    counts: tuple[int, ...]  # lines, events, stats, str/bytes stats, header bytes, aggregated events, double stats
    decoded: bool = False

    @property
    def num_events(self) -> int:
        return self.counts[1]


def summarize_space(
    data: Any, path: str, decode_events: bool = False
) -> tuple[list[PlaneSummary], list[str], list[str], list[str]]:
    """``plane_summaries`` with a ProfileError naming ``path`` for corrupt bytes."""
    try:
        return plane_summaries(data, decode_events)
    except ProfileError as exc:
        raise ProfileError(f"cannot decode: {exc}", path=path, hint="the file is corrupt") from None
    except MemoryError:  # out of memory while decoding, not damage: the load says what it needs
        raise
    except Exception as exc:  # protobuf's DecodeError (a plane header), UnicodeDecodeError (a name)
        raise ProfileError(
            f"cannot decode: {type(exc).__name__}: {exc}",
            path=path,
            hint="the file is corrupt or not an XSpace profile",
        ) from None


def plane_summaries(
    data: Any, decode_events: bool = False
) -> tuple[list[PlaneSummary], list[str], list[str], list[str]]:
    """(every plane without its events, errors, warnings, hostnames); every byte is checked.

    ``decode_events``: each plane's events are decoded in the pass that checks them (one pass over
    its bytes, where checking now and decoding later take two; their columns grow as they fill):
    for small files, whose events a tool nearly always reads.
    """
    spans, errors, warnings, hostnames = split_space(data)
    summaries = []
    for start, stop in spans:
        out = _wire_call(_wire.read_plane, data, start, stop, decode_events, None, decode_events)
        plane = _plane_without_events(out)
        if decode_events and out["counts"][1]:
            plane.events = _events_of(out)
        summaries.append(PlaneSummary(plane, (start, stop), out["counts"], decode_events))
    return summaries, errors, warnings, hostnames


def _plane_without_events(out: dict[str, Any]) -> RawPlane:
    header = xplane_lazy_pb2.LazyXPlane.FromString(out["header"])  # checks the bytes and names
    event_metadata, stat_metadata, stats = header_parts(out["header"], header)
    lines = RawLines(
        id=np.frombuffer(out["line_id"], np.int64),
        display_id=np.frombuffer(out["display_id"], np.int64),
        name=out["line_name"],
        display_name=out["line_display_name"],
        timestamp_ns=np.frombuffer(out["timestamp_ns"], np.int64),
        duration_ps=np.frombuffer(out["line_duration_ps"], np.int64),
        num_events=np.frombuffer(out["num_events"], np.int64),
    )
    return RawPlane(
        id=header.id,
        name=header.name,
        lines=lines,
        events=_NO_EVENTS,
        event_metadata=event_metadata,
        stat_metadata=stat_metadata,
        stats=stats,
    )


def header_metadata(data: bytes, header: Any) -> tuple[RawEventMetadata, dict[int, tuple[str, str]]]:
    """(event metadata, stat metadata) of a plane header: see ``header_parts``."""
    event_metadata, stat_metadata, _ = header_parts(data, header)
    return event_metadata, stat_metadata


def header_parts(data: bytes, header: Any) -> tuple[RawEventMetadata, dict[int, tuple[str, str]], RawStats]:
    """(event metadata, stat metadata, the plane's stats) of a plane header: ``data`` read by the C
    module, or ``header`` (protobuf's parse of ``data``) where the bytes hold what protobuf merges."""
    lists = _wire.read_header(data)
    if lists is not None:
        return (*metadata_from_columns(lists), plane_stats_from_columns(lists))
    stats = stats_from_messages([header.stats])
    return event_metadata_of(header.event_metadata), stat_metadata_of(header.stat_metadata), stats


_NO_EVENTS = RawEvents(
    line=np.zeros(0, np.int32),
    metadata_id=np.zeros(0, np.int64),
    offset_ps=np.zeros(0, np.int64),
    duration_ps=np.zeros(0, np.int64),
    num_occurrences=np.zeros(0, np.int64),
    stats=RawStats.empty(),
)
