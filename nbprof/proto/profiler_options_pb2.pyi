from collections.abc import Iterable as _Iterable
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar

from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper

DESCRIPTOR: _descriptor.FileDescriptor

class ProfileOptions(_message.Message):
    __slots__ = (
        "include_dataset_ops",
        "host_tracer_level",
        "device_tracer_level",
        "python_tracer_level",
        "version",
        "device_type",
        "enable_hlo_proto",
        "start_timestamp_ns",
        "duration_ms",
        "repository_path",
        "trace_options",
        "advanced_configuration",
        "raise_error_on_start_failure",
        "session_id",
        "override_hostname",
        "enable_multipass",
    )
    class DeviceType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        UNSPECIFIED: _ClassVar[ProfileOptions.DeviceType]
        CPU: _ClassVar[ProfileOptions.DeviceType]
        GPU: _ClassVar[ProfileOptions.DeviceType]
        TPU: _ClassVar[ProfileOptions.DeviceType]
        PLUGGABLE_DEVICE: _ClassVar[ProfileOptions.DeviceType]

    UNSPECIFIED: ProfileOptions.DeviceType
    CPU: ProfileOptions.DeviceType
    GPU: ProfileOptions.DeviceType
    TPU: ProfileOptions.DeviceType
    PLUGGABLE_DEVICE: ProfileOptions.DeviceType
    class TraceOptions(_message.Message):
        __slots__ = ("host_traceme_filter_mask",)
        HOST_TRACEME_FILTER_MASK_FIELD_NUMBER: _ClassVar[int]
        host_traceme_filter_mask: int
        def __init__(self, host_traceme_filter_mask: int | None = ...) -> None: ...

    class AdvancedConfigValue(_message.Message):
        __slots__ = ("string_value", "bool_value", "int64_value")
        STRING_VALUE_FIELD_NUMBER: _ClassVar[int]
        BOOL_VALUE_FIELD_NUMBER: _ClassVar[int]
        INT64_VALUE_FIELD_NUMBER: _ClassVar[int]
        string_value: str
        bool_value: bool
        int64_value: int
        def __init__(
            self, string_value: str | None = ..., bool_value: bool = ..., int64_value: int | None = ...
        ) -> None: ...

    class AdvancedConfigurationEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: ProfileOptions.AdvancedConfigValue
        def __init__(
            self, key: str | None = ..., value: ProfileOptions.AdvancedConfigValue | _Mapping | None = ...
        ) -> None: ...

    INCLUDE_DATASET_OPS_FIELD_NUMBER: _ClassVar[int]
    HOST_TRACER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    DEVICE_TRACER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    PYTHON_TRACER_LEVEL_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DEVICE_TYPE_FIELD_NUMBER: _ClassVar[int]
    ENABLE_HLO_PROTO_FIELD_NUMBER: _ClassVar[int]
    START_TIMESTAMP_NS_FIELD_NUMBER: _ClassVar[int]
    DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    REPOSITORY_PATH_FIELD_NUMBER: _ClassVar[int]
    TRACE_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    ADVANCED_CONFIGURATION_FIELD_NUMBER: _ClassVar[int]
    RAISE_ERROR_ON_START_FAILURE_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    OVERRIDE_HOSTNAME_FIELD_NUMBER: _ClassVar[int]
    ENABLE_MULTIPASS_FIELD_NUMBER: _ClassVar[int]
    include_dataset_ops: bool
    host_tracer_level: int
    device_tracer_level: int
    python_tracer_level: int
    version: int
    device_type: ProfileOptions.DeviceType
    enable_hlo_proto: bool
    start_timestamp_ns: int
    duration_ms: int
    repository_path: str
    trace_options: ProfileOptions.TraceOptions
    advanced_configuration: _containers.MessageMap[str, ProfileOptions.AdvancedConfigValue]
    raise_error_on_start_failure: bool
    session_id: str
    override_hostname: str
    enable_multipass: bool
    def __init__(
        self,
        include_dataset_ops: bool = ...,
        host_tracer_level: int | None = ...,
        device_tracer_level: int | None = ...,
        python_tracer_level: int | None = ...,
        version: int | None = ...,
        device_type: ProfileOptions.DeviceType | str | None = ...,
        enable_hlo_proto: bool = ...,
        start_timestamp_ns: int | None = ...,
        duration_ms: int | None = ...,
        repository_path: str | None = ...,
        trace_options: ProfileOptions.TraceOptions | _Mapping | None = ...,
        advanced_configuration: _Mapping[str, ProfileOptions.AdvancedConfigValue] | None = ...,
        raise_error_on_start_failure: bool = ...,
        session_id: str | None = ...,
        override_hostname: str | None = ...,
        enable_multipass: bool = ...,
    ) -> None: ...

class RemoteProfilerSessionManagerOptions(_message.Message):
    __slots__ = (
        "profiler_options",
        "service_addresses",
        "session_creation_timestamp_ns",
        "max_session_duration_ms",
        "delay_ms",
    )
    PROFILER_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SERVICE_ADDRESSES_FIELD_NUMBER: _ClassVar[int]
    SESSION_CREATION_TIMESTAMP_NS_FIELD_NUMBER: _ClassVar[int]
    MAX_SESSION_DURATION_MS_FIELD_NUMBER: _ClassVar[int]
    DELAY_MS_FIELD_NUMBER: _ClassVar[int]
    profiler_options: ProfileOptions
    service_addresses: _containers.RepeatedScalarFieldContainer[str]
    session_creation_timestamp_ns: int
    max_session_duration_ms: int
    delay_ms: int
    def __init__(
        self,
        profiler_options: ProfileOptions | _Mapping | None = ...,
        service_addresses: _Iterable[str] | None = ...,
        session_creation_timestamp_ns: int | None = ...,
        max_session_duration_ms: int | None = ...,
        delay_ms: int | None = ...,
    ) -> None: ...
