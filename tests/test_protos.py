"""Our .proto copies are wire-compatible with upstream and live in a private package."""

from __future__ import annotations

import importlib

import pytest

from nbprof.proto import hlo_pb2, profiler_options_pb2, profiler_service_pb2, xplane_pb2

# (message, field) -> (number, type) as in XLA/TSL's xplane.proto / profiler_*.proto.
EXPECTED = {
    ("XSpace", "planes"): 1,
    ("XSpace", "errors"): 2,
    ("XSpace", "warnings"): 3,
    ("XSpace", "hostnames"): 4,
    ("XPlane", "id"): 1,
    ("XPlane", "name"): 2,
    ("XPlane", "lines"): 3,
    ("XPlane", "event_metadata"): 4,
    ("XPlane", "stat_metadata"): 5,
    ("XPlane", "stats"): 6,
    ("XLine", "id"): 1,
    ("XLine", "display_id"): 10,
    ("XLine", "name"): 2,
    ("XLine", "display_name"): 11,
    ("XLine", "timestamp_ns"): 3,
    ("XLine", "duration_ps"): 9,
    ("XLine", "events"): 4,
    ("XEvent", "metadata_id"): 1,
    ("XEvent", "offset_ps"): 2,
    ("XEvent", "num_occurrences"): 5,
    ("XEvent", "duration_ps"): 3,
    ("XEvent", "stats"): 4,
    ("XStat", "metadata_id"): 1,
    ("XStat", "double_value"): 2,
    ("XStat", "uint64_value"): 3,
    ("XStat", "int64_value"): 4,
    ("XStat", "str_value"): 5,
    ("XStat", "bytes_value"): 6,
    ("XStat", "ref_value"): 7,
    ("XEventMetadata", "id"): 1,
    ("XEventMetadata", "name"): 2,
    ("XEventMetadata", "display_name"): 4,
    ("XEventMetadata", "metadata"): 3,
    ("XEventMetadata", "stats"): 5,
    ("XEventMetadata", "child_id"): 6,
    ("XStatMetadata", "id"): 1,
    ("XStatMetadata", "name"): 2,
    ("XStatMetadata", "description"): 3,
}


# (message, field) -> number as in XLA's xla/service/hlo.proto and xla/xla_data.proto (the fields cost
# analysis reads; a wrong number would silently read another field).
EXPECTED_HLO = {
    ("HloInstructionProto", "name"): 1,
    ("HloInstructionProto", "opcode"): 2,
    ("HloInstructionProto", "shape"): 3,
    ("HloInstructionProto", "metadata"): 7,
    ("HloInstructionProto", "parameter_number"): 9,
    ("HloInstructionProto", "fusion_kind"): 11,
    ("HloInstructionProto", "tuple_index"): 13,
    ("HloInstructionProto", "dimensions"): 14,
    ("HloInstructionProto", "window"): 15,
    ("HloInstructionProto", "convolution_dimension_numbers"): 16,
    ("HloInstructionProto", "custom_call_target"): 28,
    ("HloInstructionProto", "dot_dimension_numbers"): 30,
    ("HloInstructionProto", "fft_length"): 32,
    ("HloInstructionProto", "id"): 35,
    ("HloInstructionProto", "operand_ids"): 36,
    ("HloInstructionProto", "called_computation_ids"): 38,
    ("HloInstructionProto", "backend_config"): 43,
    ("HloInstructionProto", "feature_group_count"): 50,
    ("HloInstructionProto", "batch_group_count"): 58,
    ("HloInstructionProto", "ragged_dot_dimension_numbers"): 90,
    ("HloComputationProto", "is_fusion_computation"): 7,
    ("HloComputationProto", "root_id"): 6,
    ("HloModuleProto", "id"): 5,
    ("HloModuleProto", "entry_computation_id"): 6,
    ("ShapeProto", "element_type"): 2,
    ("ShapeProto", "dimensions"): 3,
    ("ShapeProto", "tuple_shapes"): 4,
    ("ShapeProto", "layout"): 5,
    ("LayoutProto", "element_size_in_bits"): 7,
    ("LayoutProto", "memory_space"): 8,
    ("Window", "dimensions"): 1,
    ("WindowDimension", "size"): 1,
    ("WindowDimension", "stride"): 2,
    ("WindowDimension", "padding_low"): 3,
    ("WindowDimension", "padding_high"): 4,
    ("WindowDimension", "window_dilation"): 5,
    ("WindowDimension", "base_dilation"): 6,
    ("WindowDimension", "window_reversal"): 7,
    ("ConvolutionDimensionNumbers", "input_batch_dimension"): 7,
    ("ConvolutionDimensionNumbers", "input_feature_dimension"): 8,
    ("ConvolutionDimensionNumbers", "input_spatial_dimensions"): 11,
    ("ConvolutionDimensionNumbers", "kernel_input_feature_dimension"): 3,
    ("ConvolutionDimensionNumbers", "kernel_output_feature_dimension"): 4,
    ("ConvolutionDimensionNumbers", "kernel_spatial_dimensions"): 6,
    ("ConvolutionDimensionNumbers", "output_batch_dimension"): 9,
    ("ConvolutionDimensionNumbers", "output_feature_dimension"): 10,
    ("ConvolutionDimensionNumbers", "output_spatial_dimensions"): 12,
    ("DotDimensionNumbers", "lhs_contracting_dimensions"): 1,
    ("DotDimensionNumbers", "rhs_contracting_dimensions"): 2,
    ("DotDimensionNumbers", "lhs_batch_dimensions"): 3,
    ("DotDimensionNumbers", "rhs_batch_dimensions"): 4,
    ("RaggedDotDimensionNumbers", "dot_dimension_numbers"): 1,
    ("RaggedDotDimensionNumbers", "lhs_ragged_dimensions"): 2,
    ("RaggedDotDimensionNumbers", "rhs_group_dimensions"): 3,
}


def test_hlo_field_numbers() -> None:
    for (msg, field), number in EXPECTED_HLO.items():
        desc = getattr(hlo_pb2, msg).DESCRIPTOR
        assert desc.fields_by_name[field].number == number, (msg, field)
    assert hlo_pb2.DESCRIPTOR.package == "nbprof.hlo"


def test_xplane_field_numbers() -> None:
    for (msg, field), number in EXPECTED.items():
        desc = getattr(xplane_pb2, msg).DESCRIPTOR
        assert desc.fields_by_name[field].number == number, (msg, field)


def test_profiler_request_fields() -> None:
    req = profiler_service_pb2.ProfileRequest.DESCRIPTOR.fields_by_name
    assert {k: v.number for k, v in req.items()} == {
        "duration_ms": 1,
        "max_events": 2,
        "tools": 3,
        "opts": 4,
        "repository_root": 5,
        "session_id": 6,
        "host_name": 7,
        "tool_options": 8,
        "emit_xspace": 9,
    }
    resp = profiler_service_pb2.ProfileResponse.DESCRIPTOR.fields_by_name
    assert {k: v.number for k, v in resp.items()} == {"tool_data": 6, "empty_trace": 7, "xspace": 8}
    opts = profiler_options_pb2.ProfileOptions.DESCRIPTOR.fields_by_name
    assert opts["host_tracer_level"].number == 2 and opts["duration_ms"].number == 9
    assert opts["python_tracer_level"].number == 4 and opts["enable_hlo_proto"].number == 7
    assert opts["session_id"].number == 14 and opts["override_hostname"].number == 15


def test_packages_are_private() -> None:
    assert xplane_pb2.DESCRIPTOR.package == "nbprof.xplane"
    assert profiler_service_pb2.DESCRIPTOR.package == "nbprof.profiler"


def test_roundtrip_through_bytes_known_layout() -> None:
    """Hand-encoded upstream bytes decode as expected (field 4 of XLine = events)."""
    line = xplane_pb2.XLine(id=7, timestamp_ns=100, display_name="d")
    line.events.add(metadata_id=3, offset_ps=5, duration_ps=9)
    data = line.SerializeToString()
    # id=7 (08 07), timestamp_ns=100 (18 64), events (22 ..), display_name (5a 01 'd')
    assert data.startswith(b"\x08\x07\x18\x64\x22")
    assert b"\x5a\x01d" in data


def test_coexists_with_upstream_xplane_pb2() -> None:
    """Importing an upstream xplane_pb2 in the same process does not clash (skip when none installed)."""
    for name in (
        "tsl.profiler.protobuf.xplane_pb2",
        "tensorflow.tsl.profiler.protobuf.xplane_pb2",
        "xprof.protobuf.xplane_pb2",
        "xla.tsl.profiler.protobuf.xplane_pb2",
    ):
        try:
            upstream = importlib.import_module(name)
            break
        except Exception:
            continue
    else:
        pytest.skip("no upstream xplane_pb2 installed (TensorFlow / XProf absent)")
    import nbprof  # noqa: F401  (after upstream)

    space = upstream.XSpace()
    space.planes.add(name="/host:CPU").lines.add(name="t").events.add(metadata_id=1, offset_ps=2, duration_ps=3)
    ours = xplane_pb2.XSpace.FromString(space.SerializeToString())
    assert ours.planes[0].lines[0].events[0].duration_ps == 3
