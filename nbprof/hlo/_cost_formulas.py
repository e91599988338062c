"""Cost formulas of XLA's HLO cost analysis: FLOPs of dots and convolutions, the GPU elementwise table.

Each is XLA's definition, redone from its documented behaviour and checked against XProf 2.24.2's output
(see tests/test_hlo_cost.py).
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Iterable

import numpy as np

from nbprof.hlo import _cost_shapes as shp
from nbprof.hlo._cost_graph import Instr
from nbprof.proto import hlo_pb2

UNARY_ELEMENTWISE = {
    "abs", "cbrt", "ceil", "count-leading-zeros", "cosine", "erf", "exponential", "exponential-minus-one",
    "floor", "imag", "is-finite", "log", "log-plus-one", "logistic", "negate", "not", "popcnt", "real",
    "round-nearest-afz", "round-nearest-even", "rsqrt", "sign", "sine", "sqrt", "tan", "tanh",
    "convert", "bitcast-convert", "reduce-precision",
}  # fmt: skip
BINARY_ELEMENTWISE = {
    "add", "and", "atan2", "complex", "compare", "divide", "maximum", "minimum", "multiply", "or", "power",
    "remainder", "shift-left", "shift-right-arithmetic", "shift-right-logical", "stochastic-convert",
    "subtract", "xor",
}  # fmt: skip
ELEMENTWISE_COSTED = UNARY_ELEMENTWISE | BINARY_ELEMENTWISE | {"select", "clamp"}
# XLA's HloInstruction::IsElementwise (copy, map, constant and rng are, though costed differently).
ELEMENTWISE = ELEMENTWISE_COSTED | {"copy", "map", "constant", "rng"}
# Ops XLA counts as transcendentals rather than FLOPs in its base analysis.
TRANSCENDENTAL = {
    "erf", "exponential", "log", "logistic", "power", "sqrt", "cbrt", "rsqrt", "tanh", "sine", "cosine",
    "exponential-minus-one", "log-plus-one", "atan2", "tan",
}  # fmt: skip

# FLOPs per output element of elementwise ops in XLA's GPU model: the cycle counts of its op profile
# (the sm_86 table it falls back to when no device is known, as in XProf), keyed by opcode and output
# element type; every other (opcode, type) costs 3. Measured from XProf 2.24.2's output, one HLO
# instruction per (opcode, type).
GPU_DEFAULT_FLOPS_PER_ELEMENT = 3
GPU_FLOPS_PER_ELEMENT = {
    "add": {"c128": 97, "f64": 97},
    "atan2": {"c128": 39027, "c64": 5353, "f16": 482, "f32": 486, "f64": 3747},
    "cbrt": {"f16": 925, "f32": 867, "f64": 6339},
    "cosine": {"c128": 6613, "f16": 691, "f32": 662, "f64": 1717},
    "divide": {"c128": 7941, "c64": 687, "f64": 2016, "s16": 367, "s32": 306, "s64": 918, "s8": 370,
               "u16": 302, "u32": 115, "u64": 838, "u8": 306},
    "exponential": {"c128": 4028, "c64": 1360, "f16": 108, "f32": 86, "f64": 1652},
    "exponential-minus-one": {"c128": 4161, "c64": 1400, "f16": 396, "f32": 381, "f64": 1900},
    "log": {"c128": 7599, "c64": 950, "f16": 266, "f32": 244, "f64": 608},
    "log-plus-one": {"c128": 6962, "c64": 842, "f16": 284, "f32": 262, "f64": 2073},
    "logistic": {"f16": 226, "f32": 176, "f64": 2412},
    "multiply": {"c128": 270, "f64": 97},
    "power": {"c128": 18205, "c64": 3351, "f16": 975, "f32": 925, "f64": 5511, "s16": 396, "s64": 601,
              "s8": 392, "u16": 399, "u64": 604, "u8": 388},
    "rsqrt": {"c128": 11318, "c64": 2383, "f16": 97, "f32": 75, "f64": 698},
    "sine": {"c128": 5878, "f32": 662, "f64": 1789},
    "sqrt": {"c128": 15606, "c64": 3193, "f16": 97, "f32": 75, "f64": 986},
    "subtract": {"c128": 97, "f64": 97},
    "tanh": {"c128": 9939, "f16": 212, "f32": 190, "f64": 1609},
}  # fmt: skip

GEMM_TARGETS = {"__cublas$lt$matmul", "__cublas$lt$matmul$f8"}
LEGACY_GEMM_TARGET = "__cublas$gemm"
CONV_TARGETS = {
    "__cudnn$convForward", "__cudnn$convBackwardInput", "__cudnn$convBackwardFilter",
    "__cudnn$convBiasActivationForward", "__cudnn$convForwardGraph",
}  # fmt: skip

FMA_FLOPS = 2
_F32_MAX = float(np.finfo(np.float32).max)
_FLOAT32 = struct.Struct("f")
GPU_NUM_RANKS = 2  # XLA's GPU model prices collectives for two participants.


def f32(value: float) -> float:
    """Round to single precision, as XLA's float-valued properties are (out of range: infinity)."""
    if not abs(value) <= _F32_MAX:
        return value if math.isnan(value) else math.copysign(math.inf, value)
    return _FLOAT32.unpack(_FLOAT32.pack(value))[0]  # the C cast to float, as np.float32, without numpy's scalar


def dot_flops(lhs: shp.Shape, result: shp.Shape, lhs_contracting: Iterable[int]) -> float:
    """2 x result elements x the product of the lhs contracting dimensions."""
    width = math.prod(int(lhs.dimensions[d]) for d in lhs_contracting)
    return float(FMA_FLOPS * shp.elements(result) * width)


_MAX_WINDOW_SIZE = 1 << 24  # larger kernel extents only come from damaged protos


def _valid_positions(size_in: int, size_out: int, size_k: int, d: hlo_pb2.WindowDimension) -> int:
    """(output, kernel) position pairs of one spatial dimension that read a real input element, not
    padding or a hole of base dilation: XLA's count, in closed form per kernel position."""
    stride, lhs_dil, rhs_dil = max(d.stride, 1), max(d.base_dilation, 1), max(d.window_dilation, 1)
    lo = d.padding_low
    if size_k > _MAX_WINDOW_SIZE:
        raise ValueError(f"window of {size_k} elements")
    last = (size_in - 1) * lhs_dil  # highest dilated input position
    count = 0
    for k in range(max(size_k, 0)):
        base = k * rhs_dil - lo  # dilated input position read by output 0
        first_o = max(0, -(base // stride))
        last_o = min(size_out - 1, (last - base) // stride)
        if first_o > last_o:
            continue
        if lhs_dil == 1:
            count += last_o - first_o + 1
            continue
        # outputs o with o * stride + base a multiple of lhs_dil: an arithmetic progression
        g = math.gcd(stride, lhs_dil)
        if base % g:
            continue
        step = lhs_dil // g
        r = ((-base // g) * pow(stride // g, -1, step)) % step if step > 1 else 0
        o0 = first_o + (r - first_o) % step
        if o0 <= last_o:
            count += (last_o - o0) // step + 1
    return count


def conv_flops(ins: hlo_pb2.HloInstructionProto, lhs: shp.Shape, rhs: shp.Shape, result: shp.Shape) -> float:
    """XLA's convolution FLOPs: 2 x (input features / groups) x output features x (batch / batch groups)
    x the (output, kernel) position pairs that read real input, per spatial dimension."""
    dn = ins.convolution_dimension_numbers
    in_feat = int(lhs.dimensions[dn.input_feature_dimension])
    out_feat = int(result.dimensions[dn.output_feature_dimension])
    batch = int(lhs.dimensions[dn.input_batch_dimension])
    window = ins.window.dimensions[:]
    positions = 1
    if window:
        for s, wd in enumerate(window):
            size_k = int(rhs.dimensions[dn.kernel_spatial_dimensions[s]])
            size_out = int(result.dimensions[dn.output_spatial_dimensions[s]])
            size_in = int(lhs.dimensions[dn.input_spatial_dimensions[s]])
            positions *= _valid_positions(size_in, size_out, size_k, wd)
    groups, batch_groups = max(ins.feature_group_count, 1), max(ins.batch_group_count, 1)
    return float(FMA_FLOPS * (in_feat // groups) * out_feat * (batch // batch_groups) * positions)


def transpose_is_bitcast(ins: Instr) -> bool:
    """XLA's ``IsEffectiveBitcast`` for a transpose: the physical (minor-to-major) order is unchanged."""
    src, dst = ins.operands[0].shape, ins.shape
    if not (src.HasField("layout") and dst.HasField("layout")):
        return False
    perm = ins.proto.dimensions[:]
    m2m_out = dst.layout.minor_to_major[:]
    try:
        return [perm[d] for d in m2m_out] == src.layout.minor_to_major[:]
    except IndexError:
        return False


def gemm_contracting_dims(ins: Instr) -> list[int]:
    """lhs contracting dimensions of a cuBLAS custom call, from its JSON ``GpuBackendConfig``."""
    config = json.loads(bytes(ins.proto.backend_config).decode("utf-8") or "{}")
    gemm = config.get("gemm_backend_config", config) if isinstance(config, dict) else {}
    dims = (gemm.get("dot_dimension_numbers") or {}).get("lhs_contracting_dimensions") or []
    return [int(d) for d in dims]


def gpu_flops_per_element(opcode: str, element_type: int) -> int:
    by_type = GPU_FLOPS_PER_ELEMENT.get(opcode)
    if by_type is None:  # most opcodes: no type to name
        return GPU_DEFAULT_FLOPS_PER_ELEMENT
    return by_type.get(shp.type_name(element_type), GPU_DEFAULT_FLOPS_PER_ELEMENT)


def all_elementwise(ins: Instr, _outer: frozenset[int] = frozenset()) -> bool:
    """A fusion whose fused instructions are all elementwise counts as elementwise (XLA)."""
    if ins.opcode != "fusion" or not ins.called or id(ins.called[0]) in _outer:
        return False
    inside = _outer | {id(ins.called[0])}
    return all(
        i.opcode == "parameter" or i.opcode in ELEMENTWISE or all_elementwise(i, inside)
        for i in ins.called[0].instructions
    )
