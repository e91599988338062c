from collections.abc import Iterable as _Iterable
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar

from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from google.protobuf.internal import containers as _containers

from nbprof.proto import xplane_pb2 as _xplane_pb2

DESCRIPTOR: _descriptor.FileDescriptor

class LazyXSpace(_message.Message):
    __slots__ = ("planes", "errors", "warnings", "hostnames")
    PLANES_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    WARNINGS_FIELD_NUMBER: _ClassVar[int]
    HOSTNAMES_FIELD_NUMBER: _ClassVar[int]
    planes: _containers.RepeatedCompositeFieldContainer[LazyXPlane]
    errors: _containers.RepeatedScalarFieldContainer[str]
    warnings: _containers.RepeatedScalarFieldContainer[str]
    hostnames: _containers.RepeatedScalarFieldContainer[str]
    def __init__(
        self,
        planes: _Iterable[LazyXPlane | _Mapping] | None = ...,
        errors: _Iterable[str] | None = ...,
        warnings: _Iterable[str] | None = ...,
        hostnames: _Iterable[str] | None = ...,
    ) -> None: ...

class LazyXPlane(_message.Message):
    __slots__ = ("id", "name", "lines", "event_metadata", "stat_metadata", "stats")
    class EventMetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: _xplane_pb2.XEventMetadata
        def __init__(
            self, key: int | None = ..., value: _xplane_pb2.XEventMetadata | _Mapping | None = ...
        ) -> None: ...

    class StatMetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: _xplane_pb2.XStatMetadata
        def __init__(self, key: int | None = ..., value: _xplane_pb2.XStatMetadata | _Mapping | None = ...) -> None: ...

    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    EVENT_METADATA_FIELD_NUMBER: _ClassVar[int]
    STAT_METADATA_FIELD_NUMBER: _ClassVar[int]
    STATS_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    lines: _containers.RepeatedCompositeFieldContainer[LazyXLine]
    event_metadata: _containers.MessageMap[int, _xplane_pb2.XEventMetadata]
    stat_metadata: _containers.MessageMap[int, _xplane_pb2.XStatMetadata]
    stats: _containers.RepeatedCompositeFieldContainer[_xplane_pb2.XStat]
    def __init__(
        self,
        id: int | None = ...,
        name: str | None = ...,
        lines: _Iterable[LazyXLine | _Mapping] | None = ...,
        event_metadata: _Mapping[int, _xplane_pb2.XEventMetadata] | None = ...,
        stat_metadata: _Mapping[int, _xplane_pb2.XStatMetadata] | None = ...,
        stats: _Iterable[_xplane_pb2.XStat | _Mapping] | None = ...,
    ) -> None: ...

class LazyXLine(_message.Message):
    __slots__ = ("id", "display_id", "name", "display_name", "timestamp_ns", "duration_ps", "events")
    ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_NS_FIELD_NUMBER: _ClassVar[int]
    DURATION_PS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    id: int
    display_id: int
    name: str
    display_name: str
    timestamp_ns: int
    duration_ps: int
    events: _containers.RepeatedScalarFieldContainer[bytes]
    def __init__(
        self,
        id: int | None = ...,
        display_id: int | None = ...,
        name: str | None = ...,
        display_name: str | None = ...,
        timestamp_ns: int | None = ...,
        duration_ps: int | None = ...,
        events: _Iterable[bytes] | None = ...,
    ) -> None: ...
