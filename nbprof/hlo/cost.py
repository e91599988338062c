"""FLOPs and bytes accessed per HLO instruction, from the HLO protos a profile carries.

The numbers are XLA's cost analysis (``HloCostAnalysis``) as XProf 2.24.2 applies it to GPU ops
(XLA's ``GpuHloCostAnalysis`` plus XProf's device-FLOP normalisation), so they join onto device
ops and give XProf's FLOP rates, memory bandwidths and roofline. All values are per execution of
the instruction.

    df = nbprof.hlo.cost.module_costs(prof.hlo_protos)    # key: (program_id, name)

What the GPU model counts (``variant="gpu"``, the default; ``"xla"`` gives XLA's base model):

* dot and cuBLAS GEMM custom calls: 2 x result elements x contracted size (batch dims included; the
  dimensions of ``__cublas$lt$matmul[$f8]`` and ``__cublas$gemm`` come from their backend_config).
  Convolutions and cuDNN/MIOpen convolution custom calls: 2 x the multiply-adds that read real
  (not padding) input, per feature group and batch group. A custom call's (result, scratch) tuple
  counts only the result's bytes.
* elementwise ops: a cost per output element that depends on the op and type (3 for most;
  exp f32 86, divide s32 306, ...: XLA's GPU cycle table, measured from XProf); the base model
  counts 1 per element and transcendentals (exp, log, tanh, ...) separately.
* reduce / reduce-window / map / scatter / select-and-scatter: the reducer's cost x the times it
  runs; sort n log2 n; fft 8 n log2(length); concatenate 6 per element (400 when a warp can straddle
  operands); collectives as XLA's GPU model prices them for two ranks.
* fusions: the fused instructions' FLOPs weighted by how many times each value is computed; bytes
  are the fusion's own traffic: its result (only the update for an in-place dynamic-update-slice),
  the part of each operand it reads, and constants of more than 8 elements.
* while: one iteration (body + condition); conditional: the most expensive branch, key by key; call:
  its computation.

Left at 0 FLOPs: data movement (copy, transpose, reshape, bitcast, broadcast, slice, dynamic-slice,
dynamic-update-slice, pad, gather, iota, reverse, tuple ops, parameters, constants), all-gather,
all-to-all, collective-permute, send/recv, infeed/outfeed, rng (XLA counts it as transcendentals),
topk, batch-norm ops, async wrappers other than reduce-scatter (the GPU model gives them no cost at
all), and custom calls that are neither cuBLAS GEMMs nor cuDNN convolutions (Triton, TopK, user
kernels...): XLA cannot price those, so their FLOPs and bytes are 0 with ``cost_known`` False.

Where nbprof differs from XProf 2.24.2: XProf's XLA no longer recognises the legacy
``__cublas$gemm`` target (which JAX emits on ROCm), so XProf gives those GEMMs 0 FLOPs and 0 bytes;
nbprof prices them like ``__cublas$lt$matmul`` unless ``match_xprof=True``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping
from typing import Literal

import numpy as np
import pandas as pd
from google.protobuf.message import DecodeError

from nbprof.hlo import _cost_shapes as shp
from nbprof.hlo._cost_engine import _HANDLER_NAMES, BYTES, FAILED, FLOPS, TRANSCENDENTALS, CostAnalysis, Props
from nbprof.hlo._cost_formulas import GEMM_TARGETS, LEGACY_GEMM_TARGET
from nbprof.hlo._cost_graph import Instr, Module, ShapeFacts
from nbprof.proto import hlo_pb2, wire
from nbprof.xspace.typed_frame import typed_frame

Variant = Literal["gpu", "xla"]

COLUMNS = [
    "program_id", "module", "computation", "name", "opcode", "fusion_kind", "custom_call_target",
    "is_entry", "is_fused", "flops", "model_flops", "transcendentals", "bytes_accessed", "bytes_read",
    "bytes_written", "cost_known",
]  # fmt: skip

_DTYPES = {
    "program_id": "uint64", "is_entry": bool, "is_fused": bool, "flops": "float64", "model_flops": "float64",
    "transcendentals": "float64", "bytes_accessed": "float64", "bytes_read": "float64",
    "bytes_written": "float64", "cost_known": bool,
}  # fmt: skip

_UINT64 = (1 << 64) - 1
_PROGRAM_ID_IN_KEY = re.compile(r"\((\d+)\)\s*$")


def instruction_costs(
    hlo_proto: bytes | hlo_pb2.HloProto | hlo_pb2.HloModuleProto,
    *,
    program_id: int | None = None,
    variant: Variant = "gpu",
    match_xprof: bool = False,
) -> pd.DataFrame:
    """Cost of every instruction of one HLO module, one row each (all computations, fused ones too).

    ``hlo_proto``: a serialized ``xla.HloProto`` (what ``prof.hlo_protos`` holds) or a parsed
    ``HloProto`` / ``HloModuleProto``. ``program_id``: the id device ops carry for this program
    (default: the module's own id, which is that id on GPU but not on TPU).

    Columns: ``program_id`` (uint64), ``module``, ``computation``, ``name``, ``opcode``,
    ``fusion_kind``, ``custom_call_target``, ``is_entry`` (in the entry computation), ``is_fused``
    (inside a fusion computation), then per execution of the instruction:

    - ``flops``: XProf's FLOPs, the count normalised to the 16-bit rate (halved when the widest
      input is 8-bit, quartered when 4-bit); what op_profile and "Normalized GFLOP/s" use;
    - ``model_flops``: the FLOP count ("Model GFLOP/s");
    - ``transcendentals``: XLA's count of transcendental evaluations (XProf does not show it);
    - ``bytes_accessed``: bytes read and written ("Measured memory BW");
    - ``bytes_read`` / ``bytes_written``: the part in memory space 0 (device memory), XProf's HBM
      read/write breakdown; 0 when ``bytes_accessed`` is 0. XLA records no per-element split of a
      tuple result, so tuple-shaped results (custom calls, variadic reduces) count 0 written;
    - ``cost_known``: False where XLA cannot price the op (costs 0, as XProf shows them).

    ``variant="xla"`` uses XLA's base model instead of its GPU one; ``match_xprof=True`` also
    reproduces XProf 2.24.2's gaps (legacy ``__cublas$gemm`` calls unpriced; no costs at all for a
    module where XLA's analysis would stop). Problems with the input (truncated or inconsistent
    protos) never raise: what could be computed is returned and the problems are listed in
    ``df.attrs["notes"]``.
    """
    _check_variant(variant)
    notes: list[str] = []
    module_proto = _module_proto(hlo_proto, notes)
    if module_proto is None:
        return _frame(_arrays(_empty_columns()), notes)
    return _frame(_arrays(_module_rows(module_proto, program_id, variant, match_xprof, notes)), notes)


def module_costs(
    hlo_protos: Mapping[str, bytes],
    *,
    variant: Variant = "gpu",
    match_xprof: bool = False,
    programs: Collection[int] | None = None,
    fused: bool = True,
    instructions: Mapping[int, Collection[str]] | None = None,
) -> pd.DataFrame:
    """:func:`instruction_costs` of every module of a profile (``prof.hlo_protos``), concatenated.

    ``programs``: only the modules whose key names one of these program ids (a key without an
    id is always analysed), e.g. the programs that ran on the device: the others' costs join no op.
    ``fused=False``: no rows for the instructions inside fusions (analysed all the same; a GPU kernel
    is a fusion or an unfused instruction, so their rows join no op). ``instructions``: only the rows of
    these instructions (program id -> names; a module of no program listed is not analysed), each costed
    as the analysis of its whole module costs it: the rows of the full table that hold those keys, in its
    order (only what their costs need is analysed, so ``notes`` list the problems met there).

    Rows are keyed by ``(program_id, name)``: the program id the device ops carry (the ``<id>`` of
    the ``"<module>(<id>)"`` key, else the module's own id) and the instruction name, unique within a
    module. ``df.attrs["notes"]`` lists problems, prefixed by the module key.
    """
    columns, notes = module_cost_columns(
        hlo_protos, variant=variant, match_xprof=match_xprof, programs=programs, fused=fused, instructions=instructions
    )
    return _frame(columns, notes)


def module_cost_columns(
    hlo_protos: Mapping[str, bytes],
    *,
    variant: Variant = "gpu",
    match_xprof: bool = False,
    programs: Collection[int] | None = None,
    fused: bool = True,
    instructions: Mapping[int, Collection[str]] | None = None,
) -> tuple[dict[str, np.ndarray], list[str]]:
    """:func:`module_costs`' columns as arrays (``COLUMNS``, its dtypes; texts as object arrays) and its notes,
    without the frame (the device ops join them: ``device_ops.join_hlo_costs`` reads either)."""
    _check_variant(variant)
    columns = _empty_columns()
    notes: list[str] = []
    wanted = None if programs is None else set(programs)
    facts: dict[bytes, ShapeFacts] = {}  # what the analysis reads of each shape, for all modules
    for key, blob in hlo_protos.items():
        m = _PROGRAM_ID_IN_KEY.search(key)
        program_id = int(m.group(1)) if m else None
        if wanted is not None and program_id is not None and program_id not in wanted:
            continue
        module_notes: list[str] = []
        module_proto = _module_proto(blob, module_notes)
        names = None
        if instructions is not None and module_proto is not None:
            names = instructions.get((int(module_proto.id) if program_id is None else program_id) & _UINT64, ())
            if not names:
                continue  # no row wanted: not analysed
        if module_proto is not None:
            _module_rows(module_proto, program_id, variant, match_xprof, module_notes, fused, columns, facts, names)
        notes.extend(f"{key}: {n}" for n in module_notes)
    return _arrays(columns), notes


def _check_variant(variant: str) -> None:
    if variant not in ("gpu", "xla"):
        raise ValueError(f"variant must be 'gpu' or 'xla', not {variant!r}")


# ------------------------------------------------------------------------------------------ parsing


def _module_proto(
    hlo_proto: bytes | hlo_pb2.HloProto | hlo_pb2.HloModuleProto, notes: list[str]
) -> hlo_pb2.HloModuleProto | None:
    if isinstance(hlo_proto, hlo_pb2.HloModuleProto):
        return hlo_proto
    if isinstance(hlo_proto, hlo_pb2.HloProto):
        return hlo_proto.hlo_module
    blob = bytes(hlo_proto)
    try:
        return hlo_pb2.HloProto.FromString(blob).hlo_module
    except DecodeError as exc:
        notes.append(f"HLO proto unreadable ({exc}); costs from the computations that could be read")
        return _salvage(blob, notes)


def _complete_fields(buf: bytes) -> list[tuple[int, int | bytes]]:
    """Top-level fields whose value is entirely present; reading stops at the first broken one."""
    out: list[tuple[int, int | bytes]] = []
    pos = 0
    try:
        while pos < len(buf):
            key, pos = wire.varint(buf, pos)
            num, kind = key >> 3, key & 7
            if kind == 0:
                value, pos = wire.varint(buf, pos)
                out.append((num, value))
            elif kind == 2:
                size, pos = wire.varint(buf, pos)
                if pos + size > len(buf):
                    break
                out.append((num, buf[pos : pos + size]))
                pos += size
            elif kind in (1, 5):
                pos += 8 if kind == 1 else 4
            else:
                break
    except ValueError:
        pass
    return out


def _salvage(blob: bytes, notes: list[str]) -> hlo_pb2.HloModuleProto | None:
    """The readable part of a truncated or damaged ``HloProto``: its whole computations."""
    module_blob = b""
    pos = 0
    try:  # field 1 of HloProto, possibly cut short
        key, pos = wire.varint(blob, 0)
        if key == (1 << 3 | 2):
            size, pos = wire.varint(blob, pos)
            module_blob = blob[pos : pos + size]
    except ValueError:
        return None
    module = hlo_pb2.HloModuleProto()
    kept = lost = 0
    for num, value in _complete_fields(module_blob):
        try:
            if num == 1 and isinstance(value, bytes):
                module.name = value.decode("utf-8", "replace")
            elif num == 2 and isinstance(value, bytes):
                module.entry_computation_name = value.decode("utf-8", "replace")
            elif num == 3 and isinstance(value, bytes):
                module.computations.append(hlo_pb2.HloComputationProto.FromString(value))
                kept += 1
            elif num == 5 and isinstance(value, int):
                module.id = value if value < (1 << 63) else value - (1 << 64)
            elif num == 6 and isinstance(value, int):
                module.entry_computation_id = value if value < (1 << 63) else value - (1 << 64)
        except DecodeError:
            lost += 1
    if not kept:
        notes.append("no whole computation could be read")
        return None
    notes.append(f"read {kept} whole computations" + (f", {lost} damaged ones skipped" if lost else ""))
    return module


# ------------------------------------------------------------------------------------------ rows


_COST_COLUMNS = ("flops", "model_flops", "transcendentals", "bytes_accessed", "bytes_read", "bytes_written",
                 "cost_known")  # fmt: skip
_UNKNOWN_COSTS = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, False)
# what ``_computed_costs`` gives every instruction the analysis's ``free`` handler costs (parameters, constants,
# tuple-element reads, ...: no FLOPs, no bytes, known); most rows of an entry computation
_FREE_OPCODES = frozenset(opcode for opcode, handler in _HANDLER_NAMES.items() if handler == "free")
_FREE_COSTS = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, True)


def _empty_columns() -> dict[str, list]:
    return {col: [] for col in COLUMNS}


def _module_rows(
    proto: hlo_pb2.HloModuleProto,
    program_id: int | None,
    variant: Variant,
    match_xprof: bool,
    notes: list[str],
    fused: bool = True,
    columns: dict[str, list] | None = None,
    facts: dict[bytes, ShapeFacts] | None = None,
    names: Collection[str] | None = None,
) -> dict[str, list]:
    """The module's rows appended to ``columns`` (``COLUMNS`` -> values; new lists when ``None``);
    ``facts``: the shape facts of the modules analysed before (``Module.from_proto``); ``names``: only the
    rows of the instructions of these names (None: all)."""
    columns = _empty_columns() if columns is None else columns
    module = Module.from_proto(proto, facts)
    analysis = CostAnalysis(module, gpu=variant == "gpu", legacy_gemm=not match_xprof)
    analysis.run(None if match_xprof else names)  # match_xprof: every instruction (one may stop XLA's analysis)
    notes.extend(module.problems)
    notes.extend(analysis.problems)
    dropped = match_xprof and bool(analysis.fatal)
    if dropped:
        notes.append("XLA's analysis stops on this module: XProf reports no costs for it (match_xprof)")
    program_id = (int(proto.id) if program_id is None else int(program_id)) & _UINT64
    gpu = variant == "gpu"
    all_props = analysis.props
    costs: list[tuple] = []
    for comp in module.computations:
        if comp.is_fusion and not fused:
            continue
        instructions = comp.instructions if names is None else [i for i in comp.instructions if i.name in names]
        n = len(instructions)
        columns["computation"] += [comp.name] * n
        columns["is_entry"] += [comp is module.entry] * n
        columns["is_fused"] += [comp.is_fusion] * n
        for ins in instructions:
            props = None if dropped else all_props.get(ins)
            columns["name"].append(ins.name)
            columns["opcode"].append(ins.opcode)
            columns["fusion_kind"].append(ins.proto.fusion_kind)
            columns["custom_call_target"].append(ins.proto.custom_call_target)
            costs.append(_costs(ins, props, gpu, match_xprof))
    columns["program_id"] += [program_id] * len(costs)
    columns["module"] += [proto.name] * len(costs)
    for col, values in zip(_COST_COLUMNS, zip(*costs) if costs else [()] * len(_COST_COLUMNS)):
        columns[col] += values
    return columns


def _as_int64(value: float) -> int:
    """XLA reads its float properties back as int64 (truncating)."""
    return int(value) if math.isfinite(value) else 0


def _valid(value: int) -> int:
    """XProf shows XLA's 'unknown' (-1) as 0."""
    return 0 if value == -1 else value


def _costs(ins: Instr, props: Props | None, gpu: bool, match_xprof: bool) -> tuple:
    """The instruction's ``_COST_COLUMNS`` values (``_computed_costs``; an instruction the analysis costs as
    free, known without reading its properties)."""
    if props is None or FAILED in props:
        return _UNKNOWN_COSTS
    if ins.opcode in _FREE_OPCODES:
        return _FREE_COSTS
    return _computed_costs(ins, props, gpu, match_xprof)


def _computed_costs(ins: Instr, props: Props | None, gpu: bool, match_xprof: bool) -> tuple:
    """The instruction's ``_COST_COLUMNS`` values, from its properties."""
    if props is None or FAILED in props:
        return _UNKNOWN_COSTS
    flops = props.get(FLOPS, 0.0)
    raw_bytes = _as_int64(props.get(BYTES, 0.0))
    count = _as_int64(flops)
    adjustment = _as_int64(_device_flops_adjustment(ins, flops, match_xprof)) if gpu else 0
    bytes_accessed = _valid(raw_bytes)
    read = written = 0
    if bytes_accessed > 0:
        read = max(_as_int64(_bytes_read(ins, props)), 0)
        written = max(_as_int64(_bytes_written(ins, props)), 0)
    return (
        float(_valid(count - adjustment)),
        float(_valid(count)),
        float(max(_as_int64(props.get(TRANSCENDENTALS, 0.0)), 0)),
        float(bytes_accessed),
        float(read),
        float(written),
        count != -1 and raw_bytes != -1,
    )


def _device_flops_adjustment(ins: Instr, model_flops: float, match_xprof: bool) -> float:
    """FLOPs XProf removes to express low-precision work at the 16-bit rate: 1/2 of 8-bit work, 3/4 of 4-bit."""
    if ins.opcode == "custom-call":
        targets = GEMM_TARGETS if match_xprof else GEMM_TARGETS | {LEGACY_GEMM_TARGET}
        if ins.proto.custom_call_target not in targets or not ins.operands:
            return 0.0
        width = shp.bit_width(ins.operands[0].shape.element_type)
    else:
        if not model_flops:
            return 0.0
        widths = [shp.bit_width(op.shape.element_type) for op in ins.operands if shp.is_array(op.shape)]
        if not widths:
            return 0.0
        width = max(widths)
    factor = {8: 2, 4: 4}.get(width, 1)
    if factor == 1:  # model - model: 0 (or NaN beyond float32, which the caller reads as 0 too)
        return 0.0
    model = np.float32(model_flops)
    return float(model - model / np.float32(factor))


def _bytes_read(ins: Instr, props: Props) -> float:
    total = 0.0
    for i, op in enumerate(ins.operands):
        if not shp.is_tuple(op.shape):
            total += props.operand(i) if shp.memory_space(op.shape) == 0 else 0.0
            continue
        for index, leaf in shp.leaves(op.shape):
            if shp.memory_space(leaf) == 0:
                total += props.operand(i, index)
    return total


def _bytes_written(ins: Instr, props: Props) -> float:
    if not shp.is_tuple(ins.shape):
        return props.out() if shp.memory_space(ins.shape) == 0 else 0.0
    return sum(props.out(index) for index, leaf in shp.leaves(ins.shape) if shp.memory_space(leaf) == 0)


def _frame(columns: dict[str, np.ndarray], notes: list[str]) -> pd.DataFrame:
    """The columns (``_arrays``) as one frame, without pandas' per-column inference; ``notes`` in its attrs."""
    df = typed_frame(columns)
    df.attrs["notes"] = list(notes)
    return df


def _arrays(columns: dict[str, list]) -> dict[str, np.ndarray]:
    """The rows' columns (``COLUMNS`` -> values) as arrays, each built once with its dtype (texts as object)."""
    data = {}
    for col in COLUMNS:
        values = columns[col]
        dtype = _DTYPES.get(col, object)
        if dtype is object:
            array = np.empty(len(values), dtype=object)
            array[:] = values
        else:
            array = np.array(values, dtype=dtype) if values else np.empty(0, dtype=dtype)
        data[col] = array
    return data
