from collections.abc import Iterable as _Iterable
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar

from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from google.protobuf.internal import containers as _containers

from nbprof.proto import profiler_options_pb2 as _profiler_options_pb2
from nbprof.proto import xplane_pb2 as _xplane_pb2

DESCRIPTOR: _descriptor.FileDescriptor

class ToolRequestOptions(_message.Message):
    __slots__ = ("output_formats", "save_to_repo")
    OUTPUT_FORMATS_FIELD_NUMBER: _ClassVar[int]
    SAVE_TO_REPO_FIELD_NUMBER: _ClassVar[int]
    output_formats: str
    save_to_repo: bool
    def __init__(self, output_formats: str | None = ..., save_to_repo: bool = ...) -> None: ...

class ProfileRequest(_message.Message):
    __slots__ = (
        "duration_ms",
        "max_events",
        "tools",
        "opts",
        "repository_root",
        "session_id",
        "host_name",
        "tool_options",
        "emit_xspace",
    )
    class ToolOptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: ToolRequestOptions
        def __init__(self, key: str | None = ..., value: ToolRequestOptions | _Mapping | None = ...) -> None: ...

    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    MAX_EVENTS_FIELD_NUMBER: _ClassVar[int]
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    OPTS_FIELD_NUMBER: _ClassVar[int]
    REPOSITORY_ROOT_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    HOST_NAME_FIELD_NUMBER: _ClassVar[int]
    TOOL_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    EMIT_XSPACE_FIELD_NUMBER: _ClassVar[int]
    duration_ms: int
    max_events: int
    tools: _containers.RepeatedScalarFieldContainer[str]
    opts: _profiler_options_pb2.ProfileOptions
    repository_root: str
    session_id: str
    host_name: str
    tool_options: _containers.MessageMap[str, ToolRequestOptions]
    emit_xspace: bool
    def __init__(
        self,
        duration_ms: int | None = ...,
        max_events: int | None = ...,
        tools: _Iterable[str] | None = ...,
        opts: _profiler_options_pb2.ProfileOptions | _Mapping | None = ...,
        repository_root: str | None = ...,
        session_id: str | None = ...,
        host_name: str | None = ...,
        tool_options: _Mapping[str, ToolRequestOptions] | None = ...,
        emit_xspace: bool = ...,
    ) -> None: ...

class ProfileToolData(_message.Message):
    __slots__ = ("name", "data")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    name: str
    data: bytes
    def __init__(self, name: str | None = ..., data: bytes | None = ...) -> None: ...

class ProfileResponse(_message.Message):
    __slots__ = ("tool_data", "empty_trace", "xspace")
    TOOL_DATA_FIELD_NUMBER: _ClassVar[int]
    EMPTY_TRACE_FIELD_NUMBER: _ClassVar[int]
    XSPACE_FIELD_NUMBER: _ClassVar[int]
    tool_data: _containers.RepeatedCompositeFieldContainer[ProfileToolData]
    empty_trace: bool
    xspace: _xplane_pb2.XSpace
    def __init__(
        self,
        tool_data: _Iterable[ProfileToolData | _Mapping] | None = ...,
        empty_trace: bool = ...,
        xspace: _xplane_pb2.XSpace | _Mapping | None = ...,
    ) -> None: ...

class TerminateRequest(_message.Message):
    __slots__ = ("session_id",)
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    session_id: str
    def __init__(self, session_id: str | None = ...) -> None: ...

class TerminateResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MonitorRequest(_message.Message):
    __slots__ = ("duration_ms", "monitoring_level", "timestamp")
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    MONITORING_LEVEL_FIELD_NUMBER: _ClassVar[int]
    TIMESTAMP_FIELD_NUMBER: _ClassVar[int]
    duration_ms: int
    monitoring_level: int
    timestamp: bool
    def __init__(
        self, duration_ms: int | None = ..., monitoring_level: int | None = ..., timestamp: bool = ...
    ) -> None: ...

class MonitorResponse(_message.Message):
    __slots__ = ("data", "monitor_result")
    DATA_FIELD_NUMBER: _ClassVar[int]
    MONITOR_RESULT_FIELD_NUMBER: _ClassVar[int]
    data: str
    monitor_result: bytes
    def __init__(self, data: str | None = ..., monitor_result: bytes | None = ...) -> None: ...
