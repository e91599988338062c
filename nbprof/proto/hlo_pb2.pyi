from collections.abc import Iterable as _Iterable
from collections.abc import Mapping as _Mapping
from typing import (
    ClassVar as _ClassVar,
)

from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper

DESCRIPTOR: _descriptor.FileDescriptor

class PrimitiveType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PRIMITIVE_TYPE_INVALID: _ClassVar[PrimitiveType]
    PRED: _ClassVar[PrimitiveType]
    S1: _ClassVar[PrimitiveType]
    S2: _ClassVar[PrimitiveType]
    S4: _ClassVar[PrimitiveType]
    S8: _ClassVar[PrimitiveType]
    S16: _ClassVar[PrimitiveType]
    S32: _ClassVar[PrimitiveType]
    S64: _ClassVar[PrimitiveType]
    U1: _ClassVar[PrimitiveType]
    U2: _ClassVar[PrimitiveType]
    U4: _ClassVar[PrimitiveType]
    U8: _ClassVar[PrimitiveType]
    U16: _ClassVar[PrimitiveType]
    U32: _ClassVar[PrimitiveType]
    U64: _ClassVar[PrimitiveType]
    F16: _ClassVar[PrimitiveType]
    F32: _ClassVar[PrimitiveType]
    BF16: _ClassVar[PrimitiveType]
    F64: _ClassVar[PrimitiveType]
    F8E5M2: _ClassVar[PrimitiveType]
    F8E4M3: _ClassVar[PrimitiveType]
    F8E4M3FN: _ClassVar[PrimitiveType]
    F8E4M3B11FNUZ: _ClassVar[PrimitiveType]
    F8E3M4: _ClassVar[PrimitiveType]
    F8E5M2FNUZ: _ClassVar[PrimitiveType]
    F8E4M3FNUZ: _ClassVar[PrimitiveType]
    F4E2M1FN: _ClassVar[PrimitiveType]
    F8E8M0FNU: _ClassVar[PrimitiveType]
    C64: _ClassVar[PrimitiveType]
    C128: _ClassVar[PrimitiveType]
    TUPLE: _ClassVar[PrimitiveType]
    OPAQUE_TYPE: _ClassVar[PrimitiveType]
    TOKEN: _ClassVar[PrimitiveType]
    BUFFER: _ClassVar[PrimitiveType]

PRIMITIVE_TYPE_INVALID: PrimitiveType
PRED: PrimitiveType
S1: PrimitiveType
S2: PrimitiveType
S4: PrimitiveType
S8: PrimitiveType
S16: PrimitiveType
S32: PrimitiveType
S64: PrimitiveType
U1: PrimitiveType
U2: PrimitiveType
U4: PrimitiveType
U8: PrimitiveType
U16: PrimitiveType
U32: PrimitiveType
U64: PrimitiveType
F16: PrimitiveType
F32: PrimitiveType
BF16: PrimitiveType
F64: PrimitiveType
F8E5M2: PrimitiveType
F8E4M3: PrimitiveType
F8E4M3FN: PrimitiveType
F8E4M3B11FNUZ: PrimitiveType
F8E3M4: PrimitiveType
F8E5M2FNUZ: PrimitiveType
F8E4M3FNUZ: PrimitiveType
F4E2M1FN: PrimitiveType
F8E8M0FNU: PrimitiveType
C64: PrimitiveType
C128: PrimitiveType
TUPLE: PrimitiveType
OPAQUE_TYPE: PrimitiveType
TOKEN: PrimitiveType
BUFFER: PrimitiveType

class TileProto(_message.Message):
    __slots__ = ("dimensions",)
    DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    dimensions: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, dimensions: _Iterable[int] | None = ...) -> None: ...

class LayoutProto(_message.Message):
    __slots__ = (
        "minor_to_major",
        "tiles",
        "element_size_in_bits",
        "memory_space",
        "tail_padding_alignment_in_elements",
        "dynamic_shape_metadata_prefix_bytes",
    )
    MINOR_TO_MAJOR_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    ELEMENT_SIZE_IN_BITS_FIELD_NUMBER: _ClassVar[int]
    MEMORY_SPACE_FIELD_NUMBER: _ClassVar[int]
    TAIL_PADDING_ALIGNMENT_IN_ELEMENTS_FIELD_NUMBER: _ClassVar[int]
    DYNAMIC_SHAPE_METADATA_PREFIX_BYTES_FIELD_NUMBER: _ClassVar[int]
    minor_to_major: _containers.RepeatedScalarFieldContainer[int]
    tiles: _containers.RepeatedCompositeFieldContainer[TileProto]
    element_size_in_bits: int
    memory_space: int
    tail_padding_alignment_in_elements: int
    dynamic_shape_metadata_prefix_bytes: int
    def __init__(
        self,
        minor_to_major: _Iterable[int] | None = ...,
        tiles: _Iterable[TileProto | _Mapping] | None = ...,
        element_size_in_bits: int | None = ...,
        memory_space: int | None = ...,
        tail_padding_alignment_in_elements: int | None = ...,
        dynamic_shape_metadata_prefix_bytes: int | None = ...,
    ) -> None: ...

class ShapeProto(_message.Message):
    __slots__ = ("element_type", "dimensions", "tuple_shapes", "layout", "is_dynamic_dimension")
    ELEMENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    TUPLE_SHAPES_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    IS_DYNAMIC_DIMENSION_FIELD_NUMBER: _ClassVar[int]
    element_type: PrimitiveType
    dimensions: _containers.RepeatedScalarFieldContainer[int]
    tuple_shapes: _containers.RepeatedCompositeFieldContainer[ShapeProto]
    layout: LayoutProto
    is_dynamic_dimension: _containers.RepeatedScalarFieldContainer[bool]
    def __init__(
        self,
        element_type: PrimitiveType | str | None = ...,
        dimensions: _Iterable[int] | None = ...,
        tuple_shapes: _Iterable[ShapeProto | _Mapping] | None = ...,
        layout: LayoutProto | _Mapping | None = ...,
        is_dynamic_dimension: _Iterable[bool] | None = ...,
    ) -> None: ...

class WindowDimension(_message.Message):
    __slots__ = ("size", "stride", "padding_low", "padding_high", "window_dilation", "base_dilation", "window_reversal")
    SIZE_FIELD_NUMBER: _ClassVar[int]
    STRIDE_FIELD_NUMBER: _ClassVar[int]
    PADDING_LOW_FIELD_NUMBER: _ClassVar[int]
    PADDING_HIGH_FIELD_NUMBER: _ClassVar[int]
    WINDOW_DILATION_FIELD_NUMBER: _ClassVar[int]
    BASE_DILATION_FIELD_NUMBER: _ClassVar[int]
    WINDOW_REVERSAL_FIELD_NUMBER: _ClassVar[int]
    size: int
    stride: int
    padding_low: int
    padding_high: int
    window_dilation: int
    base_dilation: int
    window_reversal: bool
    def __init__(
        self,
        size: int | None = ...,
        stride: int | None = ...,
        padding_low: int | None = ...,
        padding_high: int | None = ...,
        window_dilation: int | None = ...,
        base_dilation: int | None = ...,
        window_reversal: bool = ...,
    ) -> None: ...

class Window(_message.Message):
    __slots__ = ("dimensions",)
    DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    dimensions: _containers.RepeatedCompositeFieldContainer[WindowDimension]
    def __init__(self, dimensions: _Iterable[WindowDimension | _Mapping] | None = ...) -> None: ...

class ConvolutionDimensionNumbers(_message.Message):
    __slots__ = (
        "input_batch_dimension",
        "input_feature_dimension",
        "input_spatial_dimensions",
        "kernel_input_feature_dimension",
        "kernel_output_feature_dimension",
        "kernel_spatial_dimensions",
        "output_batch_dimension",
        "output_feature_dimension",
        "output_spatial_dimensions",
    )
    INPUT_BATCH_DIMENSION_FIELD_NUMBER: _ClassVar[int]
    INPUT_FEATURE_DIMENSION_FIELD_NUMBER: _ClassVar[int]
    INPUT_SPATIAL_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    KERNEL_INPUT_FEATURE_DIMENSION_FIELD_NUMBER: _ClassVar[int]
    KERNEL_OUTPUT_FEATURE_DIMENSION_FIELD_NUMBER: _ClassVar[int]
    KERNEL_SPATIAL_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_BATCH_DIMENSION_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FEATURE_DIMENSION_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_SPATIAL_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    input_batch_dimension: int
    input_feature_dimension: int
    input_spatial_dimensions: _containers.RepeatedScalarFieldContainer[int]
    kernel_input_feature_dimension: int
    kernel_output_feature_dimension: int
    kernel_spatial_dimensions: _containers.RepeatedScalarFieldContainer[int]
    output_batch_dimension: int
    output_feature_dimension: int
    output_spatial_dimensions: _containers.RepeatedScalarFieldContainer[int]
    def __init__(
        self,
        input_batch_dimension: int | None = ...,
        input_feature_dimension: int | None = ...,
        input_spatial_dimensions: _Iterable[int] | None = ...,
        kernel_input_feature_dimension: int | None = ...,
        kernel_output_feature_dimension: int | None = ...,
        kernel_spatial_dimensions: _Iterable[int] | None = ...,
        output_batch_dimension: int | None = ...,
        output_feature_dimension: int | None = ...,
        output_spatial_dimensions: _Iterable[int] | None = ...,
    ) -> None: ...

class DotDimensionNumbers(_message.Message):
    __slots__ = (
        "lhs_contracting_dimensions",
        "rhs_contracting_dimensions",
        "lhs_batch_dimensions",
        "rhs_batch_dimensions",
    )
    LHS_CONTRACTING_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    RHS_CONTRACTING_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    LHS_BATCH_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    RHS_BATCH_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    lhs_contracting_dimensions: _containers.RepeatedScalarFieldContainer[int]
    rhs_contracting_dimensions: _containers.RepeatedScalarFieldContainer[int]
    lhs_batch_dimensions: _containers.RepeatedScalarFieldContainer[int]
    rhs_batch_dimensions: _containers.RepeatedScalarFieldContainer[int]
    def __init__(
        self,
        lhs_contracting_dimensions: _Iterable[int] | None = ...,
        rhs_contracting_dimensions: _Iterable[int] | None = ...,
        lhs_batch_dimensions: _Iterable[int] | None = ...,
        rhs_batch_dimensions: _Iterable[int] | None = ...,
    ) -> None: ...

class RaggedDotDimensionNumbers(_message.Message):
    __slots__ = ("dot_dimension_numbers", "lhs_ragged_dimensions", "rhs_group_dimensions")
    DOT_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    LHS_RAGGED_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    RHS_GROUP_DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    dot_dimension_numbers: DotDimensionNumbers
    lhs_ragged_dimensions: _containers.RepeatedScalarFieldContainer[int]
    rhs_group_dimensions: _containers.RepeatedScalarFieldContainer[int]
    def __init__(
        self,
        dot_dimension_numbers: DotDimensionNumbers | _Mapping | None = ...,
        lhs_ragged_dimensions: _Iterable[int] | None = ...,
        rhs_group_dimensions: _Iterable[int] | None = ...,
    ) -> None: ...

class OpMetadata(_message.Message):
    __slots__ = ("op_type", "op_name", "source_file", "source_line", "deduplicated_name", "stack_frame_id")
    OP_TYPE_FIELD_NUMBER: _ClassVar[int]
    OP_NAME_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FILE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_LINE_FIELD_NUMBER: _ClassVar[int]
    DEDUPLICATED_NAME_FIELD_NUMBER: _ClassVar[int]
    STACK_FRAME_ID_FIELD_NUMBER: _ClassVar[int]
    op_type: str
    op_name: str
    source_file: str
    source_line: int
    deduplicated_name: str
    stack_frame_id: int
    def __init__(
        self,
        op_type: str | None = ...,
        op_name: str | None = ...,
        source_file: str | None = ...,
        source_line: int | None = ...,
        deduplicated_name: str | None = ...,
        stack_frame_id: int | None = ...,
    ) -> None: ...

class HloInstructionProto(_message.Message):
    __slots__ = (
        "name",
        "opcode",
        "shape",
        "metadata",
        "parameter_number",
        "fusion_kind",
        "tuple_index",
        "dimensions",
        "window",
        "convolution_dimension_numbers",
        "feature_group_count",
        "batch_group_count",
        "custom_call_target",
        "dot_dimension_numbers",
        "ragged_dot_dimension_numbers",
        "fft_length",
        "id",
        "operand_ids",
        "called_computation_ids",
        "backend_config",
        "frontend_attributes",
    )
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPCODE_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_NUMBER_FIELD_NUMBER: _ClassVar[int]
    FUSION_KIND_FIELD_NUMBER: _ClassVar[int]
    TUPLE_INDEX_FIELD_NUMBER: _ClassVar[int]
    DIMENSIONS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    CONVOLUTION_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    FEATURE_GROUP_COUNT_FIELD_NUMBER: _ClassVar[int]
    BATCH_GROUP_COUNT_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CALL_TARGET_FIELD_NUMBER: _ClassVar[int]
    DOT_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    RAGGED_DOT_DIMENSION_NUMBERS_FIELD_NUMBER: _ClassVar[int]
    FFT_LENGTH_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    OPERAND_IDS_FIELD_NUMBER: _ClassVar[int]
    CALLED_COMPUTATION_IDS_FIELD_NUMBER: _ClassVar[int]
    BACKEND_CONFIG_FIELD_NUMBER: _ClassVar[int]
    FRONTEND_ATTRIBUTES_FIELD_NUMBER: _ClassVar[int]
    name: str
    opcode: str
    shape: ShapeProto
    metadata: OpMetadata
    parameter_number: int
    fusion_kind: str
    tuple_index: int
    dimensions: _containers.RepeatedScalarFieldContainer[int]
    window: Window
    convolution_dimension_numbers: ConvolutionDimensionNumbers
    feature_group_count: int
    batch_group_count: int
    custom_call_target: str
    dot_dimension_numbers: DotDimensionNumbers
    ragged_dot_dimension_numbers: RaggedDotDimensionNumbers
    fft_length: _containers.RepeatedScalarFieldContainer[int]
    id: int
    operand_ids: _containers.RepeatedScalarFieldContainer[int]
    called_computation_ids: _containers.RepeatedScalarFieldContainer[int]
    backend_config: bytes
    frontend_attributes: FrontendAttributes
    def __init__(
        self,
        name: str | None = ...,
        opcode: str | None = ...,
        shape: ShapeProto | _Mapping | None = ...,
        metadata: OpMetadata | _Mapping | None = ...,
        parameter_number: int | None = ...,
        fusion_kind: str | None = ...,
        tuple_index: int | None = ...,
        dimensions: _Iterable[int] | None = ...,
        window: Window | _Mapping | None = ...,
        convolution_dimension_numbers: ConvolutionDimensionNumbers | _Mapping | None = ...,
        feature_group_count: int | None = ...,
        batch_group_count: int | None = ...,
        custom_call_target: str | None = ...,
        dot_dimension_numbers: DotDimensionNumbers | _Mapping | None = ...,
        ragged_dot_dimension_numbers: RaggedDotDimensionNumbers | _Mapping | None = ...,
        fft_length: _Iterable[int] | None = ...,
        id: int | None = ...,
        operand_ids: _Iterable[int] | None = ...,
        called_computation_ids: _Iterable[int] | None = ...,
        backend_config: bytes | None = ...,
        frontend_attributes: FrontendAttributes | _Mapping | None = ...,
    ) -> None: ...

class FrontendAttributes(_message.Message):
    __slots__ = ("map",)
    class MapEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: str | None = ..., value: str | None = ...) -> None: ...

    MAP_FIELD_NUMBER: _ClassVar[int]
    map: _containers.ScalarMap[str, str]
    def __init__(self, map: _Mapping[str, str] | None = ...) -> None: ...

class HloComputationProto(_message.Message):
    __slots__ = ("name", "instructions", "id", "root_id", "is_fusion_computation")
    NAME_FIELD_NUMBER: _ClassVar[int]
    INSTRUCTIONS_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    ROOT_ID_FIELD_NUMBER: _ClassVar[int]
    IS_FUSION_COMPUTATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    instructions: _containers.RepeatedCompositeFieldContainer[HloInstructionProto]
    id: int
    root_id: int
    is_fusion_computation: bool
    def __init__(
        self,
        name: str | None = ...,
        instructions: _Iterable[HloInstructionProto | _Mapping] | None = ...,
        id: int | None = ...,
        root_id: int | None = ...,
        is_fusion_computation: bool = ...,
    ) -> None: ...

class StackFrameIndexProto(_message.Message):
    __slots__ = ("file_names", "function_names", "file_locations", "stack_frames")
    class FileLocation(_message.Message):
        __slots__ = ("file_name_id", "function_name_id", "line", "column")
        FILE_NAME_ID_FIELD_NUMBER: _ClassVar[int]
        FUNCTION_NAME_ID_FIELD_NUMBER: _ClassVar[int]
        LINE_FIELD_NUMBER: _ClassVar[int]
        COLUMN_FIELD_NUMBER: _ClassVar[int]
        file_name_id: int
        function_name_id: int
        line: int
        column: int
        def __init__(
            self,
            file_name_id: int | None = ...,
            function_name_id: int | None = ...,
            line: int | None = ...,
            column: int | None = ...,
        ) -> None: ...

    class StackFrame(_message.Message):
        __slots__ = ("file_location_id", "parent_frame_id")
        FILE_LOCATION_ID_FIELD_NUMBER: _ClassVar[int]
        PARENT_FRAME_ID_FIELD_NUMBER: _ClassVar[int]
        file_location_id: int
        parent_frame_id: int
        def __init__(self, file_location_id: int | None = ..., parent_frame_id: int | None = ...) -> None: ...

    FILE_NAMES_FIELD_NUMBER: _ClassVar[int]
    FUNCTION_NAMES_FIELD_NUMBER: _ClassVar[int]
    FILE_LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    STACK_FRAMES_FIELD_NUMBER: _ClassVar[int]
    file_names: _containers.RepeatedScalarFieldContainer[str]
    function_names: _containers.RepeatedScalarFieldContainer[str]
    file_locations: _containers.RepeatedCompositeFieldContainer[StackFrameIndexProto.FileLocation]
    stack_frames: _containers.RepeatedCompositeFieldContainer[StackFrameIndexProto.StackFrame]
    def __init__(
        self,
        file_names: _Iterable[str] | None = ...,
        function_names: _Iterable[str] | None = ...,
        file_locations: _Iterable[StackFrameIndexProto.FileLocation | _Mapping] | None = ...,
        stack_frames: _Iterable[StackFrameIndexProto.StackFrame | _Mapping] | None = ...,
    ) -> None: ...

class HloModuleProto(_message.Message):
    __slots__ = ("name", "entry_computation_name", "computations", "id", "entry_computation_id", "stack_frame_index")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ENTRY_COMPUTATION_NAME_FIELD_NUMBER: _ClassVar[int]
    COMPUTATIONS_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    ENTRY_COMPUTATION_ID_FIELD_NUMBER: _ClassVar[int]
    STACK_FRAME_INDEX_FIELD_NUMBER: _ClassVar[int]
    name: str
    entry_computation_name: str
    computations: _containers.RepeatedCompositeFieldContainer[HloComputationProto]
    id: int
    entry_computation_id: int
    stack_frame_index: StackFrameIndexProto
    def __init__(
        self,
        name: str | None = ...,
        entry_computation_name: str | None = ...,
        computations: _Iterable[HloComputationProto | _Mapping] | None = ...,
        id: int | None = ...,
        entry_computation_id: int | None = ...,
        stack_frame_index: StackFrameIndexProto | _Mapping | None = ...,
    ) -> None: ...

class LogicalBufferProto(_message.Message):
    __slots__ = ("id", "size", "defined_at", "color")
    class Location(_message.Message):
        __slots__ = ("instruction_name", "shape_index", "instruction_id")
        INSTRUCTION_NAME_FIELD_NUMBER: _ClassVar[int]
        SHAPE_INDEX_FIELD_NUMBER: _ClassVar[int]
        INSTRUCTION_ID_FIELD_NUMBER: _ClassVar[int]
        instruction_name: str
        shape_index: _containers.RepeatedScalarFieldContainer[int]
        instruction_id: int
        def __init__(
            self,
            instruction_name: str | None = ...,
            shape_index: _Iterable[int] | None = ...,
            instruction_id: int | None = ...,
        ) -> None: ...

    ID_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    DEFINED_AT_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    id: int
    size: int
    defined_at: LogicalBufferProto.Location
    color: int
    def __init__(
        self,
        id: int | None = ...,
        size: int | None = ...,
        defined_at: LogicalBufferProto.Location | _Mapping | None = ...,
        color: int | None = ...,
    ) -> None: ...

class BufferAllocationProto(_message.Message):
    __slots__ = (
        "index",
        "size",
        "is_thread_local",
        "is_entry_computation_parameter",
        "parameter_number",
        "maybe_live_out",
        "color",
        "assigned",
        "parameter_shape_index",
        "is_tuple",
        "is_constant",
    )
    class Assigned(_message.Message):
        __slots__ = ("logical_buffer_id", "offset", "size")
        LOGICAL_BUFFER_ID_FIELD_NUMBER: _ClassVar[int]
        OFFSET_FIELD_NUMBER: _ClassVar[int]
        SIZE_FIELD_NUMBER: _ClassVar[int]
        logical_buffer_id: int
        offset: int
        size: int
        def __init__(
            self, logical_buffer_id: int | None = ..., offset: int | None = ..., size: int | None = ...
        ) -> None: ...

    INDEX_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    IS_THREAD_LOCAL_FIELD_NUMBER: _ClassVar[int]
    IS_ENTRY_COMPUTATION_PARAMETER_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_NUMBER_FIELD_NUMBER: _ClassVar[int]
    MAYBE_LIVE_OUT_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    ASSIGNED_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_SHAPE_INDEX_FIELD_NUMBER: _ClassVar[int]
    IS_TUPLE_FIELD_NUMBER: _ClassVar[int]
    IS_CONSTANT_FIELD_NUMBER: _ClassVar[int]
    index: int
    size: int
    is_thread_local: bool
    is_entry_computation_parameter: bool
    parameter_number: int
    maybe_live_out: bool
    color: int
    assigned: _containers.RepeatedCompositeFieldContainer[BufferAllocationProto.Assigned]
    parameter_shape_index: _containers.RepeatedScalarFieldContainer[int]
    is_tuple: bool
    is_constant: bool
    def __init__(
        self,
        index: int | None = ...,
        size: int | None = ...,
        is_thread_local: bool = ...,
        is_entry_computation_parameter: bool = ...,
        parameter_number: int | None = ...,
        maybe_live_out: bool = ...,
        color: int | None = ...,
        assigned: _Iterable[BufferAllocationProto.Assigned | _Mapping] | None = ...,
        parameter_shape_index: _Iterable[int] | None = ...,
        is_tuple: bool = ...,
        is_constant: bool = ...,
    ) -> None: ...

class HeapSimulatorTrace(_message.Message):
    __slots__ = ("events", "whole_module_simulation", "buffer_allocation_index")
    class Event(_message.Message):
        __slots__ = ("kind", "buffer_id", "computation_name", "instruction_name", "share_with_canonical_id")
        class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
            __slots__ = ()
            ALLOC: _ClassVar[HeapSimulatorTrace.Event.Kind]
            FREE: _ClassVar[HeapSimulatorTrace.Event.Kind]
            SHARE_WITH: _ClassVar[HeapSimulatorTrace.Event.Kind]

        ALLOC: HeapSimulatorTrace.Event.Kind
        FREE: HeapSimulatorTrace.Event.Kind
        SHARE_WITH: HeapSimulatorTrace.Event.Kind
        KIND_FIELD_NUMBER: _ClassVar[int]
        BUFFER_ID_FIELD_NUMBER: _ClassVar[int]
        COMPUTATION_NAME_FIELD_NUMBER: _ClassVar[int]
        INSTRUCTION_NAME_FIELD_NUMBER: _ClassVar[int]
        SHARE_WITH_CANONICAL_ID_FIELD_NUMBER: _ClassVar[int]
        kind: HeapSimulatorTrace.Event.Kind
        buffer_id: int
        computation_name: str
        instruction_name: str
        share_with_canonical_id: int
        def __init__(
            self,
            kind: HeapSimulatorTrace.Event.Kind | str | None = ...,
            buffer_id: int | None = ...,
            computation_name: str | None = ...,
            instruction_name: str | None = ...,
            share_with_canonical_id: int | None = ...,
        ) -> None: ...

    EVENTS_FIELD_NUMBER: _ClassVar[int]
    WHOLE_MODULE_SIMULATION_FIELD_NUMBER: _ClassVar[int]
    BUFFER_ALLOCATION_INDEX_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[HeapSimulatorTrace.Event]
    whole_module_simulation: bool
    buffer_allocation_index: int
    def __init__(
        self,
        events: _Iterable[HeapSimulatorTrace.Event | _Mapping] | None = ...,
        whole_module_simulation: bool = ...,
        buffer_allocation_index: int | None = ...,
    ) -> None: ...

class BufferAssignmentProto(_message.Message):
    __slots__ = ("logical_buffers", "buffer_allocations", "heap_simulator_traces")
    LOGICAL_BUFFERS_FIELD_NUMBER: _ClassVar[int]
    BUFFER_ALLOCATIONS_FIELD_NUMBER: _ClassVar[int]
    HEAP_SIMULATOR_TRACES_FIELD_NUMBER: _ClassVar[int]
    logical_buffers: _containers.RepeatedCompositeFieldContainer[LogicalBufferProto]
    buffer_allocations: _containers.RepeatedCompositeFieldContainer[BufferAllocationProto]
    heap_simulator_traces: _containers.RepeatedCompositeFieldContainer[HeapSimulatorTrace]
    def __init__(
        self,
        logical_buffers: _Iterable[LogicalBufferProto | _Mapping] | None = ...,
        buffer_allocations: _Iterable[BufferAllocationProto | _Mapping] | None = ...,
        heap_simulator_traces: _Iterable[HeapSimulatorTrace | _Mapping] | None = ...,
    ) -> None: ...

class HloProto(_message.Message):
    __slots__ = ("hlo_module", "buffer_assignment")
    HLO_MODULE_FIELD_NUMBER: _ClassVar[int]
    BUFFER_ASSIGNMENT_FIELD_NUMBER: _ClassVar[int]
    hlo_module: HloModuleProto
    buffer_assignment: BufferAssignmentProto
    def __init__(
        self,
        hlo_module: HloModuleProto | _Mapping | None = ...,
        buffer_assignment: BufferAssignmentProto | _Mapping | None = ...,
    ) -> None: ...
