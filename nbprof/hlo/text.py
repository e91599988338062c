"""An HLO instruction as XLA prints it: ``%name = shape opcode(operand_shape %operand, ...), attrs``.

XProf shows this text as an op's "expression" (``HloInstruction::ToString`` without metadata or
backend config, operand shapes printed). nbprof renders it from the instruction's proto fields
for the attributes below; attributes not in this list are left out of the text:

* the called computations (``calls=``, ``to_apply=``, ``condition=``/``body=``,
  ``called_computations=``), a fusion's ``kind=``, a parameter's number;
* a custom call's ``window=``, ``dim_labels=``, group counts and ``custom_call_target=``;
* ``dimensions=`` of the ops that carry them, ``index=`` of get-tuple-element;
* ``frontend_attributes=`` (e.g. ``{xla.pdl_launch="true"}`` on Hopper GEMM fusions); every fifth
  operand preceded by its index (``/*index=5*/``), as XLA prints them.

Window and convolution dimension text follow XLA's ``window_util::ToString`` and
``ConvolutionDimensionNumbersToString``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from nbprof.proto.wire import fields, packed_ints

# Opcodes whose ``dimensions`` field XLA prints as ``dimensions={...}``.
DIMENSION_OPCODES = frozenset(
    {"broadcast", "transpose", "reduce", "reverse", "concatenate", "sort", "reduce-precision", "map"}
)
# Opcodes that name their one called computation ``to_apply=``.
TO_APPLY_OPCODES = frozenset(
    {"call", "map", "reduce-window", "reduce", "all-reduce", "reduce-scatter", "all-reduce-start", "scatter",
     "sort", "topk"}
)  # fmt: skip


@dataclass
class InstructionFields:
    """The proto fields of one instruction that its text needs (upstream ``hlo.proto`` numbers)."""

    name: str = ""
    opcode: str = ""
    shape: str = ""  # XLA's shape text with layout
    parameter_number: int = 0
    fusion_kind: str = ""
    tuple_index: int = 0
    dimensions: list[int] = field(default_factory=list)
    window: bytes = b""
    conv_dims: bytes = b""
    custom_call_target: str = ""
    feature_group_count: int = 0
    batch_group_count: int = 0
    operand_ids: list[int] = field(default_factory=list)
    called_ids: list[int] = field(default_factory=list)
    frontend_attributes: dict[str, str] = field(default_factory=dict)


def window_text(blob: bytes) -> str:
    """XLA's ``window_util::ToString`` of a serialized ``Window`` (``size=3x3 stride=2x2 pad=1_1x1_1``)."""
    dims = []
    for num, value in fields(blob):
        if num != 1 or not isinstance(value, bytes):
            continue
        d = {"size": 0, "stride": 0, "lo": 0, "hi": 0, "rhs": 1, "lhs": 1, "rev": 0}
        for dnum, dval in fields(value):
            if not isinstance(dval, int):
                continue
            key = {1: "size", 2: "stride", 3: "lo", 4: "hi", 5: "rhs", 6: "lhs", 7: "rev"}.get(dnum)
            if key:
                d[key] = dval if dval < 2**63 else dval - 2**64
        dims.append(d)
    if not dims:
        return ""
    parts = ["size=" + "x".join(str(d["size"]) for d in dims)]
    if any(d["stride"] != 1 for d in dims):
        parts.append("stride=" + "x".join(str(d["stride"]) for d in dims))
    if any(d["lo"] or d["hi"] for d in dims):
        parts.append("pad=" + "x".join(f"{d['lo']}_{d['hi']}" for d in dims))
    if any(d["lhs"] != 1 for d in dims):
        parts.append("lhs_dilate=" + "x".join(str(d["lhs"]) for d in dims))
    if any(d["rhs"] != 1 for d in dims):
        parts.append("rhs_dilate=" + "x".join(str(d["rhs"]) for d in dims))
    if any(d["rev"] for d in dims):
        parts.append("rhs_reversal=" + "x".join("1" if d["rev"] else "0" for d in dims))
    return " ".join(parts)


def conv_dims_text(blob: bytes) -> str:
    """XLA's ``ConvolutionDimensionNumbersToString`` (``b01f_01io->b01f``) of serialized numbers."""
    single: dict[int, int] = {}
    spatial: dict[int, list[int]] = {6: [], 11: [], 12: []}
    for num, value in fields(blob):
        if num in spatial:
            spatial[num] += packed_ints(value)
        elif isinstance(value, int):
            single[num] = value

    def labels(rank: int, marks: dict[int, str], spatial_dims: Sequence[int]) -> str:
        out = ["?"] * rank
        for dim, mark in marks.items():
            if 0 <= dim < rank:
                out[dim] = mark
        for i, dim in enumerate(spatial_dims):
            if 0 <= dim < rank:
                out[dim] = str(i)
        return "".join(out)

    rank = len(spatial[11]) + 2
    lhs = labels(rank, {single.get(7, 0): "b", single.get(8, 0): "f"}, spatial[11])
    rhs = labels(rank, {single.get(3, 0): "i", single.get(4, 0): "o"}, spatial[6])
    out = labels(rank, {single.get(9, 0): "b", single.get(10, 0): "f"}, spatial[12])
    return f"{lhs}_{rhs}->{out}"


def instruction_text(
    ins: InstructionFields, operands: Sequence[tuple[str, str]], computation_names: dict[int, str]
) -> str:
    """XLA's text of ``ins``; ``operands`` are (shape text, name) of its operands in order."""
    if ins.opcode == "parameter":
        args = str(ins.parameter_number)
    else:
        # XLA marks every fifth operand with its index (HloPrintOptions' operand index annotation interval)
        args = ", ".join(
            (f"/*index={i}*/" if i and i % 5 == 0 else "") + f"{shape} %{name}"
            for i, (shape, name) in enumerate(operands)
        )
    attrs: list[str] = []
    if ins.opcode == "fusion" and ins.fusion_kind:
        attrs.append(f"kind={ins.fusion_kind}")
    if ins.opcode == "get-tuple-element":
        attrs.append(f"index={ins.tuple_index}")
    if ins.opcode in DIMENSION_OPCODES and (ins.dimensions or ins.opcode in ("broadcast", "transpose")):
        attrs.append("dimensions={" + ",".join(str(d) for d in ins.dimensions) + "}")
    if ins.opcode == "custom-call":
        if ins.window:
            attrs.append("window={" + window_text(ins.window) + "}")
        if ins.conv_dims:
            attrs.append("dim_labels=" + conv_dims_text(ins.conv_dims))
        if ins.feature_group_count > 1:
            attrs.append(f"feature_group_count={ins.feature_group_count}")
        if ins.batch_group_count > 1:
            attrs.append(f"batch_group_count={ins.batch_group_count}")
        attrs.append(f'custom_call_target="{ins.custom_call_target}"')
    called = ["%" + computation_names.get(i, str(i)) for i in ins.called_ids]
    if called:
        if ins.opcode == "while" and len(called) == 2:
            attrs += [f"condition={called[0]}", f"body={called[1]}"]
        elif ins.opcode in TO_APPLY_OPCODES:
            attrs.append(f"to_apply={called[0]}")
        elif ins.opcode == "custom-call":
            attrs.append("called_computations={" + ", ".join(called) + "}")
        elif ins.opcode != "conditional":
            attrs.append("calls=" + ", ".join(called))
    if ins.frontend_attributes:
        attrs.append("frontend_attributes=" + frontend_attributes_text(ins.frontend_attributes))
    text = f"%{ins.name} = {ins.shape} {ins.opcode}({args})"
    return ", ".join([text, *attrs])


def frontend_attributes_text(attributes: dict[str, str]) -> str:
    """XLA's text of an instruction's frontend attributes: ``{key="value",...}`` sorted by key, a value
    that is itself a ``{...}`` dictionary unquoted."""
    items = []
    for key, value in sorted(attributes.items()):
        quoted = value if value.startswith("{") and value.endswith("}") else f'"{value}"'
        items.append(f"{key}={quoted}")
    return "{" + ",".join(items) + "}"
