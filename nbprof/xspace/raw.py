"""Columnar, decoded XSpace: the boundary between decoding and frame building.

A decoder (``nbprof.xspace.decode``) turns the bytes of one ``.xplane.pb`` into a
``RawSpace``; ``nbprof.xspace.frames`` turns RawSpaces into DataFrames. Keeping this
boundary small lets a faster decoder replace the current one without touching frames.

Stat values are stored column-wise; ``kind`` says which column holds each value.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

# XStat value kinds (order of the `value` oneof in xplane.proto).
KIND_NONE = 0
KIND_DOUBLE = 1
KIND_UINT64 = 2
KIND_INT64 = 3
KIND_STR = 4
KIND_BYTES = 5
KIND_REF = 6


@dataclass
class RawStats:
    """Stats of many owners (events, or event metadata), one entry per stat.

    owner: int64 index of the owner (event index within its plane, or row of metadata).
    metadata_id: int64 XStat.metadata_id.
    kind: int8, one of the KIND_* codes.
    int_value: uint64 raw value for KIND_UINT64 / KIND_INT64 (two's complement) / KIND_REF.
    double_value: float64 value for KIND_DOUBLE.
    obj_value: object array, str for KIND_STR and bytes for KIND_BYTES, else None.
    """

    owner: np.ndarray
    metadata_id: np.ndarray
    kind: np.ndarray
    int_value: np.ndarray
    double_value: np.ndarray
    obj_value: np.ndarray

    @classmethod
    def empty(cls) -> RawStats:
        return cls(
            owner=np.zeros(0, np.int64),
            metadata_id=np.zeros(0, np.int64),
            kind=np.zeros(0, np.int8),
            int_value=np.zeros(0, np.uint64),
            double_value=np.zeros(0, np.float64),
            obj_value=np.zeros(0, object),
        )

    def __len__(self) -> int:
        return len(self.owner)


@dataclass
class RawEventMetadata:
    """XEventMetadata entries of one plane, as parallel lists/arrays (small: thousands)."""

    id: np.ndarray  # int64
    name: list[str]
    display_name: list[str]
    metadata: list[bytes]
    child_ids: list[list[int]]
    stats: RawStats  # owner = position in these lists


@dataclass
class RawLines:
    """XLines of one plane, parallel arrays."""

    id: np.ndarray  # int64
    display_id: np.ndarray  # int64
    name: list[str]
    display_name: list[str]
    timestamp_ns: np.ndarray  # int64, as in the file
    duration_ps: np.ndarray  # int64
    num_events: np.ndarray  # int64


@dataclass
class RawEvents:
    """All XEvents of one plane (lines concatenated in file order), parallel arrays.

    line: int32 position of the event's line in RawLines.
    offset_ps: int64 (0 when the event has num_occurrences instead).
    num_occurrences: int64 (0 for ordinary timed events).
    """

    line: np.ndarray
    metadata_id: np.ndarray
    offset_ps: np.ndarray
    duration_ps: np.ndarray
    num_occurrences: np.ndarray
    stats: RawStats  # owner = event index in these arrays

    def __len__(self) -> int:
        return len(self.line)


@dataclass
class RawPlane:
    id: int
    name: str
    lines: RawLines
    events: RawEvents
    event_metadata: RawEventMetadata
    stat_metadata: dict[int, tuple[str, str]]  # id -> (name, description)
    stats: RawStats  # plane stats, owner = 0


@dataclass
class RawSpace:
    planes: list[RawPlane]
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    hostnames: list[str] = field(default_factory=list)
    # Set when the file was truncated/corrupt after some complete planes.
    damage: str | None = None
