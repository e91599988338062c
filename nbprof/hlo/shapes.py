"""XLA shapes from HLO protos: the text XLA prints for them and their unpadded byte sizes.

Works on ``nbprof.proto.hlo_pb2.ShapeProto`` messages. Text follows XLA's
``ShapeUtil::HumanStringWithLayout`` (``f32[128,512]{1,0}``, tiles as ``:T(8,128)``,
memory space as ``S(5)``, tuples in parentheses with an ``/*index=N*/`` marker every
five elements), which is what XProf's memory viewer shows.
"""

from __future__ import annotations

import functools
from typing import Any

from nbprof.proto import hlo_pb2

_TUPLE = hlo_pb2.TUPLE
_TOKEN = hlo_pb2.TOKEN
_OPAQUE = hlo_pb2.OPAQUE_TYPE
_POINTER_BYTES = 8

# Bytes per element as XLA stores them by default (sub-byte types take one byte).
_ELEMENT_BYTES = {
    hlo_pb2.PRED: 1,
    hlo_pb2.S1: 1,
    hlo_pb2.S2: 1,
    hlo_pb2.S4: 1,
    hlo_pb2.S8: 1,
    hlo_pb2.U1: 1,
    hlo_pb2.U2: 1,
    hlo_pb2.U4: 1,
    hlo_pb2.U8: 1,
    hlo_pb2.S16: 2,
    hlo_pb2.U16: 2,
    hlo_pb2.F16: 2,
    hlo_pb2.BF16: 2,
    hlo_pb2.S32: 4,
    hlo_pb2.U32: 4,
    hlo_pb2.F32: 4,
    hlo_pb2.S64: 8,
    hlo_pb2.U64: 8,
    hlo_pb2.F64: 8,
    hlo_pb2.C64: 8,
    hlo_pb2.C128: 16,
    hlo_pb2.F8E5M2: 1,
    hlo_pb2.F8E4M3: 1,
    hlo_pb2.F8E4M3FN: 1,
    hlo_pb2.F8E4M3B11FNUZ: 1,
    hlo_pb2.F8E3M4: 1,
    hlo_pb2.F8E5M2FNUZ: 1,
    hlo_pb2.F8E4M3FNUZ: 1,
    hlo_pb2.F4E2M1FN: 1,
    hlo_pb2.F8E8M0FNU: 1,
}


@functools.lru_cache(maxsize=256)
def type_name(element_type: int) -> str:
    """XLA's lower-case name of a primitive type (``f32``, ``bf16``, ``pred``...)."""
    try:
        name = hlo_pb2.PrimitiveType.Name(element_type)
    except ValueError:
        return f"type{element_type}"
    return "opaque" if name == "OPAQUE_TYPE" else name.lower()


def _layout_text(layout: Any) -> str:
    extras = []
    if layout.tiles:
        extras.append("T" + "".join("(" + ",".join(map(str, t.dimensions[:])) + ")" for t in layout.tiles[:]))
    if layout.tail_padding_alignment_in_elements > 1:
        extras.append(f"L({layout.tail_padding_alignment_in_elements})")
    if layout.element_size_in_bits:
        extras.append(f"E({layout.element_size_in_bits})")
    if layout.memory_space:
        extras.append(f"S({layout.memory_space})")
    if layout.dynamic_shape_metadata_prefix_bytes:
        extras.append(f"M({layout.dynamic_shape_metadata_prefix_bytes})")
    text = ",".join(map(str, layout.minor_to_major[:]))
    if extras:
        text += ":" + "".join(extras)
    return "{" + text + "}"


def shape_text(shape: Any) -> str:
    """XLA's human-readable shape with layout, e.g. ``f32[784,512]{1,0}``."""
    if shape.element_type == _TUPLE:
        parts = []
        for i, sub in enumerate(shape.tuple_shapes[:]):
            marker = f"/*index={i}*/" if i and i % 5 == 0 else ""
            parts.append(marker + shape_text(sub))
        return "(" + ", ".join(parts) + ")"
    name = type_name(shape.element_type)
    if shape.element_type in (_TOKEN, _OPAQUE):
        return f"{name}[]"
    dims = []
    dynamic = shape.is_dynamic_dimension[:]  # lists: iterating upb's containers costs more
    for i, d in enumerate(shape.dimensions[:]):
        dims.append(f"<={d}" if i < len(dynamic) and dynamic[i] else str(d))
    text = f"{name}[{','.join(dims)}]"
    if shape.dimensions and shape.HasField("layout") and len(shape.layout.minor_to_major):
        text += _layout_text(shape.layout)
    return text


def unpadded_bytes(shape: Any) -> int:
    """Bytes of a shape without layout padding: elements x element size; tuples hold pointers."""
    if shape.element_type == _TUPLE:
        return _POINTER_BYTES * len(shape.tuple_shapes)
    if shape.element_type == _TOKEN:
        return 0
    if shape.element_type == _OPAQUE:
        return _POINTER_BYTES
    count = 1
    for d in shape.dimensions[:]:
        count *= d
    bits = shape.layout.element_size_in_bits if shape.HasField("layout") else 0
    if bits:
        return (count * bits + 7) // 8
    return count * _ELEMENT_BYTES.get(shape.element_type, 0)


def subshape(shape: Any, index: Any) -> Any:
    """The shape at a tuple index path (the whole shape for an empty path)."""
    for i in index:
        if shape.element_type != _TUPLE or i >= len(shape.tuple_shapes):
            break
        shape = shape.tuple_shapes[i]
    return shape


def shape_at_last_index(shape: Any, index: Any) -> Any:
    """The shape XProf shows for a buffer: only the last index of the path picks a tuple element.

    XProf resolves ``{i, j}`` as ``tuple_shapes[j]`` of the instruction's shape (kept for
    parity with its buffer labels); the full path is used for sizes.
    """
    if len(index) and index[-1] < len(shape.tuple_shapes):
        return shape.tuple_shapes[index[-1]]
    return shape
