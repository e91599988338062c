"""Shape arithmetic for HLO cost analysis: element counts, byte sizes and leaves as XLA counts them.

Works on ``nbprof.proto.hlo_pb2.ShapeProto``. Byte sizes follow XLA's default shape-size function
(``ShapeUtil::ByteSizeOf`` with 8-byte pointers): an array is its element count times the element
width (sub-byte types take a byte each unless the layout packs them with ``element_size_in_bits``),
a tuple is its table of pointers (8 bytes per element, not its contents), a token is 0 bytes. A shape
without a layout has size 0, as in XLA's cost analysis. Dynamic dimensions count at their bound.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator

from nbprof.proto import hlo_pb2

Shape = hlo_pb2.ShapeProto
Index = tuple[int, ...]

POINTER_BYTES = 8
_NOT_ARRAY = {hlo_pb2.TUPLE, hlo_pb2.TOKEN, hlo_pb2.OPAQUE_TYPE, hlo_pb2.PRIMITIVE_TYPE_INVALID}

# Bits per element of each primitive type (XLA's primitive_util::BitWidth).
BIT_WIDTH: dict[int, int] = {
    hlo_pb2.PRED: 1, hlo_pb2.S1: 1, hlo_pb2.U1: 1, hlo_pb2.S2: 2, hlo_pb2.U2: 2,
    hlo_pb2.S4: 4, hlo_pb2.U4: 4, hlo_pb2.F4E2M1FN: 4,
    hlo_pb2.S8: 8, hlo_pb2.U8: 8, hlo_pb2.F8E5M2: 8, hlo_pb2.F8E4M3: 8, hlo_pb2.F8E4M3FN: 8,
    hlo_pb2.F8E4M3B11FNUZ: 8, hlo_pb2.F8E3M4: 8, hlo_pb2.F8E5M2FNUZ: 8, hlo_pb2.F8E4M3FNUZ: 8,
    hlo_pb2.F8E8M0FNU: 8,
    hlo_pb2.S16: 16, hlo_pb2.U16: 16, hlo_pb2.F16: 16, hlo_pb2.BF16: 16,
    hlo_pb2.S32: 32, hlo_pb2.U32: 32, hlo_pb2.F32: 32,
    hlo_pb2.S64: 64, hlo_pb2.U64: 64, hlo_pb2.F64: 64, hlo_pb2.C64: 64,
    hlo_pb2.C128: 128,
}  # fmt: skip


@functools.lru_cache(maxsize=256)
def type_name(element_type: int) -> str:
    """Lower-case XLA name of a primitive type (``f32``, ``bf16``...), ``type<N>`` when unknown."""
    try:
        return hlo_pb2.PrimitiveType.Name(element_type).lower()
    except ValueError:
        return f"type{element_type}"


def is_tuple(shape: Shape) -> bool:
    return shape.element_type == hlo_pb2.TUPLE


def is_array(shape: Shape) -> bool:
    return shape.element_type not in _NOT_ARRAY


def element_bytes(element_type: int) -> int:
    """Bytes per element when not packed: sub-byte types take one byte; 0 for unknown types."""
    bits = BIT_WIDTH.get(element_type, 0)
    return (bits + 7) // 8 if bits else 0


def elements(shape: Shape) -> int:
    """Number of elements of an array (1 for a scalar); 0 for tuples, tokens and unknown types."""
    if not is_array(shape):
        return 0
    dims = shape.dimensions[:]  # a list: iterating upb's container costs more
    count = math.prod(dims)
    return count if count > 0 else math.prod(max(d, 0) for d in dims)


def elements_recursive(shape: Shape) -> int:
    """Elements summed over all arrays of a (possibly nested) tuple."""
    if not is_tuple(shape):
        return elements(shape)
    return sum(elements(leaf) for _, leaf in leaves(shape))


def has_layout(shape: Shape) -> bool:
    """XLA's ``LayoutUtil::HasLayout``: arrays need a layout, tuples need it on every leaf."""
    if is_tuple(shape):
        return all(has_layout(s) for s in shape.tuple_shapes[:])
    if not is_array(shape):
        return True
    return shape.HasField("layout")


def array_bytes(shape: Shape, count: int | None = None) -> int:
    """Bytes of an array's elements (packed when its layout gives ``element_size_in_bits``); ``count``: its
    ``elements``, where known."""
    count = elements(shape) if count is None else count
    bits = shape.layout.element_size_in_bits if shape.HasField("layout") else 0
    if bits > 0:
        return -(-count * bits // 8)
    return count * element_bytes(shape.element_type)


def byte_size(shape: Shape) -> int:
    """XLA's cost-analysis size of a shape in bytes (0 without a layout; a tuple is its pointer table)."""
    if shape.element_type not in _NOT_ARRAY:  # an array, the common case: no layout, no size
        return array_bytes(shape) if shape.HasField("layout") else 0
    if not has_layout(shape):
        return 0
    if is_tuple(shape):
        return POINTER_BYTES * len(shape.tuple_shapes)
    if shape.element_type == hlo_pb2.OPAQUE_TYPE:
        return POINTER_BYTES
    if not is_array(shape):
        return 0
    return array_bytes(shape)


def subshapes(shape: Shape, index: Index = ()) -> Iterator[tuple[Index, Shape]]:
    """Every sub-shape with its index, parents before children (XLA's ``ForEachSubshape``)."""
    yield index, shape
    if is_tuple(shape):
        for i, sub in enumerate(shape.tuple_shapes[:]):
            yield from subshapes(sub, (*index, i))


def leaves(shape: Shape) -> Iterator[tuple[Index, Shape]]:
    """The non-tuple sub-shapes with their indices (XLA's ``ForEachLeafShape``)."""
    for index, sub in subshapes(shape):
        if not is_tuple(sub):
            yield index, sub


def leaf_bytes(shape: Shape) -> int:
    """Bytes of all arrays of a shape, tuple contents included (0 for leaves without a layout)."""
    return sum(byte_size(leaf) for _, leaf in leaves(shape) if is_array(leaf))


def memory_space(shape: Shape) -> int | None:
    """Memory space of an array's layout (0 = device memory), ``None`` without a layout."""
    return int(shape.layout.memory_space) if shape.HasField("layout") else None


def bit_width(element_type: int) -> int:
    """Bits per element (0 for tuples, tokens and unknown types)."""
    return BIT_WIDTH.get(element_type, 0)
