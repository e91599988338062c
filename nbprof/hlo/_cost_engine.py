"""The cost model itself: XLA's ``HloCostAnalysis`` visitor and its GPU refinement, redone over HLO protos.

One :class:`CostAnalysis` walks a module's entry computation the way XLA's visitor does (operands
before users; called computations analysed when their caller is) and keeps, per instruction, a
property map like XLA's: ``flops``, ``transcendentals``, ``bytes`` accessed, the bytes of each
operand and output index, and operand utilizations. Values are XLA's: a property of -1 means XLA
could not cost the instruction (unmodelled custom calls). ``gpu=True`` applies what XLA's
``GpuHloCostAnalysis`` changes (the variant XProf runs on GPU profiles): elementwise FLOPs from
a per-op cycle table, fusion FLOPs and operand reads weighted by how much of each value the fusion
uses, cuBLAS/cuDNN custom calls, concatenate, reduce and collective byte counts.
"""

from __future__ import annotations

import functools
import math
import struct
from collections.abc import Callable, Collection

from nbprof.hlo import _cost_shapes as shp
from nbprof.hlo._cost_formulas import (
    CONV_TARGETS,
    ELEMENTWISE,
    ELEMENTWISE_COSTED,
    FMA_FLOPS,
    GEMM_TARGETS,
    GPU_NUM_RANKS,
    LEGACY_GEMM_TARGET,
    TRANSCENDENTAL,
    all_elementwise,
    conv_flops,
    dot_flops,
    f32,
    gemm_contracting_dims,
    gpu_flops_per_element,
    transpose_is_bitcast,
)
from nbprof.hlo._cost_graph import Comp, Instr, Module
from nbprof.proto import hlo_pb2

FLOPS = "flops"
TRANSCENDENTALS = "transcendentals"
BYTES = "bytes"
UTILIZATION = "utilization"
FAILED = "failed"

# Keys a caller copies (scaled) from a called computation; byte and utilization keys stay its own.
_COPIED_KEYS = (FLOPS, TRANSCENDENTALS)
_FLOAT32 = struct.Struct("f")


class Props(dict):
    """One instruction's (or a computation's summed) cost properties; missing keys read as 0."""

    def get0(self, key: object) -> float:
        return self.get(key, 0.0)

    def out(self, index: shp.Index = ()) -> float:
        return self.get(("out", index), 0.0)

    def set_out(self, index: shp.Index, value: float) -> None:
        self[("out", index)] = float(value)

    def operand(self, i: int, index: shp.Index = ()) -> float:
        return self.get(("in", i, index), 0.0)

    def set_operand(self, i: int, index: shp.Index, value: float) -> None:
        self[("in", i, index)] = float(value)

    def util(self, i: int, index: shp.Index = ()) -> float:
        return self.get(("util", i, index), 0.0)

    def set_util(self, i: int, index: shp.Index, value: float) -> None:
        self[("util", i, index)] = float(value)

    def add(self, other: Props) -> None:
        for k, v in other.items():
            self[k] = self.get(k, 0.0) + v


# ------------------------------------------------------------------------------------------ the visitor


class CostAnalysis:
    """Per-instruction cost properties of one module, computed as XLA's cost-analysis visitor does.

    ``gpu`` selects XLA's GPU model (XProf's choice for GPU profiles) over the base model;
    ``legacy_gemm`` also costs ``__cublas$gemm`` custom calls, which XProf 2.24.2's XLA no longer
    recognises (it reports 0 for them).
    """

    def __init__(self, module: Module, *, gpu: bool = True, legacy_gemm: bool = True) -> None:
        self.module = module
        self.gpu = gpu
        self.gemm_targets = GEMM_TARGETS | ({LEGACY_GEMM_TARGET} if legacy_gemm else set())
        self.props: dict[Instr, Props] = {}
        self.problems: list[str] = []
        self.fatal: list[str] = []  # what would make XLA's visitor stop (XProf then drops the module)
        self._active: list[Comp] = []
        self._handlers = _handler_table(type(self))

    def run(self, names: Collection[str] | None = None) -> None:
        """Analyse the entry computation (without one, every computation no other one calls). ``names``:
        only what the properties of the instructions of these names need (the entry's instructions that
        are one or call, at any depth, a computation holding one; each analysed whole): theirs are the
        whole analysis' (an instruction's depend on it and the computations it calls alone)."""
        entry = self.module.entry
        if entry is not None:
            self.accept(entry, None if names is None else entry_instructions_needed(entry, names))
            return
        called = {id(c) for comp in self.module.computations for i in comp.instructions for c in i.called}
        for comp in self.module.computations:
            if id(comp) not in called:
                self.accept(comp)

    # -- traversal

    def accept(self, comp: Comp, only: set[Instr] | None = None) -> Props:
        """Analyse every instruction of ``comp`` (``only``: of these alone); the properties summed over them
        (XLA's properties_sum_)."""
        total = Props()
        if comp in self._active:
            self.problems.append(f"{comp.name}: calls itself; not analysed again")
            return total
        self._active.append(comp)
        all_props = self.props
        total_get = total.get
        try:
            for ins in comp.order if only is None else [i for i in comp.order if i in only]:
                props = all_props[ins] = self.visit(ins)
                for k, v in props.items():  # total.add(props), inline: once per instruction visited
                    total[k] = total_get(k, 0.0) + v
        finally:
            self._active.pop()
        return total

    def visit(self, ins: Instr) -> Props:
        props = self.preprocess(ins)
        handler = self._handlers.get(ins.opcode)
        if handler is None:
            return props
        try:
            result = handler(self, ins, props)
        except (IndexError, KeyError, ValueError, TypeError, ZeroDivisionError, OverflowError, RecursionError) as exc:
            self.problems.append(f"{ins.comp.name}/{ins.name} ({ins.opcode}): not costed, {type(exc).__name__}: {exc}")
            return Props({FAILED: 1.0})
        return props if result is None else result

    def preprocess(self, ins: Instr) -> Props:
        """Default properties: the instruction reads each operand once and writes its result."""
        p = Props()  # filled directly (the ``set_*`` keys): this runs once per instruction visited
        out = ins.written_bytes
        total = float(out)
        p[("out", ())] = total
        for i, op in enumerate(ins.operands):
            size = op.size
            total += size
            p[("in", i, ())] = float(size)
            p[("util", i, ())] = 1.0
        p[BYTES] = total
        return p

    def subcomputation(self, comp: Comp) -> Props:
        return self.accept(comp)

    # -- simple ops

    def free(self, ins: Instr, p: Props) -> Props:
        """Parameters, constants, tuple-element reads, bitcasts, ordering tokens: no work, no traffic."""
        p[BYTES] = 0.0
        p.set_out((), 0)
        if ins.opcode in ("get-tuple-element", "bitcast"):
            p.set_operand(0, (), 0)
        elif ins.opcode in ("after-all", "add-dependency", "domain"):
            for i in range(len(ins.operands)):
                p.set_operand(i, (), 0)
        return p

    def tuple_(self, ins: Instr, p: Props) -> Props:
        size = ins.size
        p[BYTES] = float(size)
        p.set_out((), size)
        for i in range(len(ins.operands)):
            p.set_operand(i, (), 0)
        return p

    def transpose(self, ins: Instr, p: Props) -> Props:
        return self.free(ins, p) if transpose_is_bitcast(ins) else p

    def elementwise(self, ins: Instr, p: Props) -> Props:
        if self.gpu:
            count = ins.elements_recursive
            p[FLOPS] = float(gpu_flops_per_element(ins.opcode, ins.shape.element_type) * count)
            if ins.opcode in TRANSCENDENTAL:
                p[TRANSCENDENTALS] = float(count)
        elif ins.opcode in TRANSCENDENTAL:
            p[TRANSCENDENTALS] = float(ins.elements)
        else:
            p[FLOPS] = float(ins.elements)
        return p

    def slice_(self, ins: Instr, p: Props) -> Props:
        out = ins.size
        p[BYTES] = 2.0 * out
        p.set_out((), out)
        p.set_operand(0, (), out)
        p.set_util(0, (), _ratio(ins.elements, ins.operands[0].elements))
        return p

    def dynamic_slice(self, ins: Instr, p: Props) -> Props:
        out, idx = ins.size, ins.operands[1].size
        p[BYTES] = 2.0 * out + idx
        p.set_out((), out)
        p.set_operand(0, (), out)
        p.set_operand(1, (), idx)
        p.set_util(0, (), _ratio(ins.elements, ins.operands[0].elements))
        return p

    def dynamic_update_slice(self, ins: Instr, p: Props) -> Props:
        update, idx = ins.operands[1].size, ins.operands[2].size
        p[BYTES] = 2.0 * update + idx
        p.set_out((), update)
        p.set_operand(0, (), 0)
        p.set_operand(1, (), update)
        p.set_operand(2, (), idx)
        n_out, n_upd = ins.elements, ins.operands[1].elements
        p.set_util(0, (), _ratio(n_out - n_upd, n_out))
        return p

    def concatenate(self, ins: Instr, p: Props) -> Props:
        if self.gpu:
            dim = int(ins.proto.dimensions[0]) if ins.proto.dimensions else 0
            per_element = 6
            if dim > 0 and int(ins.operands[0].shape.dimensions[dim]) & 31:
                per_element = 400  # XLA prices a concat a warp can straddle as divergent
            p[FLOPS] = float(per_element * shp.elements_recursive(ins.shape))
        return p

    def dot(self, ins: Instr, p: Props) -> Props:
        dn = ins.proto.dot_dimension_numbers
        p[FLOPS] = dot_flops(ins.operands[0].shape, ins.shape, dn.lhs_contracting_dimensions)
        return p

    def ragged_dot(self, ins: Instr, p: Props) -> Props:
        rdn = ins.proto.ragged_dot_dimension_numbers
        result = hlo_pb2.ShapeProto()
        result.CopyFrom(ins.shape)
        dims = result.dimensions[:]
        for i in range(len(rdn.rhs_group_dimensions)):
            del dims[i]  # as XLA does: drops the i-th dimension for each group dimension
        del result.dimensions[:]
        result.dimensions.extend(dims)
        p[FLOPS] = dot_flops(ins.operands[0].shape, result, rdn.dot_dimension_numbers.lhs_contracting_dimensions)
        return p

    def convolution(self, ins: Instr, p: Props) -> Props:
        p[FLOPS] = conv_flops(ins.proto, ins.operands[0].shape, ins.operands[1].shape, ins.shape)
        return p

    def fft(self, ins: Instr, p: Props) -> Props:
        real = ins.operands[0].shape
        if shp.is_tuple(real):
            real = real.tuple_shapes[0]
        log_factors = math.prod(max(int(n), 1).bit_length() - 1 for n in ins.proto.fft_length)
        p[FLOPS] = float(FMA_FLOPS * 4 * log_factors * shp.elements(real))
        return p

    def triangular_solve(self, ins: Instr, p: Props) -> Props:
        a, b = ins.operands[0].shape, ins.operands[1].shape
        out = ins.size
        p.set_out((), out)
        p[BYTES] = f32(out + shp.byte_size(a) / 2.0 + shp.byte_size(b))
        p.set_operand(0, (), shp.byte_size(b))  # XLA overwrites operand 0's entry with operand 1's size
        p[FLOPS] = float(FMA_FLOPS * int(a.dimensions[-1]) * shp.elements(b))
        return p

    def cholesky(self, ins: Instr, p: Props) -> Props:
        a = ins.operands[0].shape
        half = shp.byte_size(a) / 2.0
        p[BYTES] = 2 * half
        p.set_out((), half)
        p.set_operand(0, (), half)
        p[FLOPS] = float(int(a.dimensions[-1]) * shp.elements(a) // 3)
        return p

    def rng(self, ins: Instr, p: Props) -> Props:
        count = ins.elements if ins.opcode == "rng" else shp.elements_recursive(ins.shape)
        p[TRANSCENDENTALS] = float(count)
        return p

    def sort(self, ins: Instr, p: Props) -> Props:
        n = ins.operands[0].elements
        p[FLOPS] = float(n * max(n - 1, 0).bit_length())
        return p

    def infeed(self, ins: Instr, p: Props) -> Props:
        total = 0
        for index, leaf in shp.leaves(ins.shape):
            size = shp.byte_size(leaf)
            total += size
            p.set_out(index, size)
        p.set_out((), total)
        p[BYTES] = float(total)
        return p

    def outfeed(self, ins: Instr, p: Props) -> Props:
        p[BYTES] = 0.0
        for i, op in enumerate(ins.operands):
            total = 0
            for index, leaf in shp.leaves(op.shape):
                size = shp.byte_size(leaf)
                total += size
                p.set_operand(i, index, size)
            p.set_operand(i, (), total)
            p[BYTES] += total
        return p

    def gather(self, ins: Instr, p: Props) -> Props:
        out, idx = ins.size, ins.operands[1].size
        p[BYTES] = 2.0 * out + idx
        p.set_operand(0, (), out)
        p.set_operand(1, (), idx)
        p.set_util(0, (), _ratio(ins.elements, ins.operands[0].elements))
        p.set_out((), out)
        return p

    def scatter(self, ins: Instr, p: Props) -> Props:
        n = (len(ins.operands) - 1) // 2
        updates = ins.operands[n + 1 :]
        total_update = 0
        for i, upd in enumerate(updates):
            size = upd.size
            p.set_operand(i, (), size)
            p.set_operand(n + 1 + i, (), size)
            total_update += size
        idx = shp.byte_size(ins.operands[n].shape)
        p.set_operand(n, (), idx)
        p[BYTES] = 3.0 * total_update + idx
        p.set_out((), total_update)
        self._scaled(p, self.subcomputation(ins.called[0]), updates[0].elements)
        return p

    # -- ops applying a computation per element

    def _scaled(self, p: Props, sub: Props, count: float) -> None:
        for key in _COPIED_KEYS:
            if key in sub:
                p[key] = sub[key] * count

    def map_(self, ins: Instr, p: Props) -> Props:
        self._scaled(p, self.subcomputation(ins.called[0]), ins.elements)
        return p

    def reduce(self, ins: Instr, p: Props) -> Props:
        sub = self.subcomputation(ins.called[0])
        out0 = ins.shape.tuple_shapes[0] if shp.is_tuple(ins.shape) else ins.shape
        self._scaled(p, sub, ins.operands[0].elements - shp.elements(out0))
        if self.gpu:  # every output element reads the init values
            output = shp.leaf_bytes(ins.shape)
            p.set_out((), output)
            n_inputs = len(ins.operands) // 2
            total = float(output) + sum(p.operand(i) for i in range(n_inputs))
            n_out = shp.elements(out0)
            for i in range(n_inputs, len(ins.operands)):
                size = n_out * ins.operands[i].size
                p.set_operand(i, (), size)
                p.set_util(i, (), n_out)
                total += size
            p[BYTES] = total
        return p

    def reduce_window(self, ins: Instr, p: Props) -> Props:
        sub = self.subcomputation(ins.called[0])
        window = ins.proto.window.dimensions[:]
        window_count = math.prod(int(d.size) for d in window)
        out0 = ins.shape.tuple_shapes[0] if shp.is_tuple(ins.shape) else ins.shape
        n_out = shp.elements(out0)
        count = (window_count - 1) * n_out
        # A window spanning a whole padded dimension is a reduce followed by a broadcast.
        reducing = [d for d in window if d.size != 1]
        padded = [d for d in window if d.padding_low != 0 or d.padding_high != 0]
        if len(reducing) == 1 and len(padded) == 1 and not shp.is_tuple(ins.shape):
            for k, d in enumerate(window):
                if (
                    d.size != 1
                    and d.padding_low != 0
                    and d.padding_high != 0
                    and d.padding_low == d.padding_high
                    and d.size == 2 * d.padding_low + 1
                ):
                    if d.padding_low == int(ins.shape.dimensions[k]) - 1:
                        span = int(ins.shape.dimensions[k])
                        count = n_out // span + (span - 1)
                    break
        self._scaled(p, sub, count)
        return p

    def select_and_scatter(self, ins: Instr, p: Props) -> Props:
        select = self.subcomputation(ins.called[0])
        scatter = self.subcomputation(ins.called[1])
        n_source = ins.operands[1].elements
        window_count = math.prod(int(d.size) for d in ins.proto.window.dimensions[:])
        for key in _COPIED_KEYS:
            p[key] = p.get0(key) + select.get0(key) * n_source * (window_count - 1)
            p[key] += scatter.get0(key) * n_source
        return p

    # -- control flow

    def while_(self, ins: Instr, p: Props) -> Props:
        result = Props()
        for comp in ins.called:  # body and condition: the cost of one iteration
            result.add(self.subcomputation(comp))
        return result

    def conditional(self, ins: Instr, p: Props) -> Props:
        branches = [self.subcomputation(c) for c in ins.called]
        if not branches:
            return p
        result = Props(branches[0])
        for other in branches[1:]:
            for k, v in other.items():
                result[k] = max(result.get(k, 0.0), v)
        return result

    def call(self, ins: Instr, p: Props) -> Props:
        return self.subcomputation(ins.called[0]) if ins.called else p

    def async_start(self, ins: Instr, p: Props) -> Props:
        if not self.gpu:
            return self.subcomputation(ins.called[0]) if ins.called else p
        # XLA's GPU model prices only an async reduce-scatter on the start op (from a clean slate: no
        # per-operand bytes); the wrapped computation's instructions still get their own costs.
        result = Props()
        if ins.called:
            self.subcomputation(ins.called[0])
        wrapped = ins.called[0].root if ins.called else None
        if wrapped is not None and wrapped.opcode == "reduce-scatter":
            self.reduce_scatter(wrapped, result)
        return result

    # -- collectives

    def _root_opcode(self, ins: Instr) -> str:
        root = ins.called[0].root if ins.called else None
        return root.opcode if root is not None else ""

    def all_reduce(self, ins: Instr, p: Props) -> Props:
        arrays = [s for _, s in shp.subshapes(ins.shape) if shp.is_array(s)]
        output = sum(shp.byte_size(s) for s in arrays)
        p.set_out((), output)
        p[BYTES] = float(output + sum(op.size for op in ins.operands))
        if self.gpu:
            count = shp.elements_recursive(ins.shape)
            p[FLOPS] = float(gpu_flops_per_element(self._root_opcode(ins), ins.shape.element_type) * count)
        else:
            p[FLOPS] = float(sum(shp.elements(s) for s in arrays))
        return p

    def all_reduce_start(self, ins: Instr, p: Props) -> Props:
        if not self.gpu:
            return self.all_reduce(ins, p)
        count = shp.elements_recursive(ins.shape)
        p[FLOPS] = float(gpu_flops_per_element(self._root_opcode(ins), ins.shape.element_type) * count)
        p[BYTES] = float(shp.leaf_bytes(ins.shape))
        return p

    def all_gather(self, ins: Instr, p: Props) -> Props:
        if self.gpu:
            p[BYTES] = _gathered_bytes(shp.leaf_bytes(ins.shape))
        return p

    def all_gather_start(self, ins: Instr, p: Props) -> Props:
        if self.gpu:  # the result tuple's first element repeats the operands
            total = sum(shp.byte_size(s) for i, s in shp.leaves(ins.shape) if shp.is_array(s) and i[:1] != (0,))
            p[BYTES] = _gathered_bytes(total)
        return p

    def reduce_scatter(self, ins: Instr, p: Props) -> Props:
        if self.gpu:
            total = sum(shp.leaf_bytes(op.shape) for op in ins.operands)
            rank = total // GPU_NUM_RANKS
            p[BYTES] = float(rank * GPU_NUM_RANKS + rank * (2 * GPU_NUM_RANKS - 1))
            count = shp.elements_recursive(ins.shape)
            p[FLOPS] = float(gpu_flops_per_element(self._root_opcode(ins), ins.shape.element_type) * count)
        return p

    # -- custom calls

    def custom_call(self, ins: Instr, p: Props) -> Props:
        target = ins.proto.custom_call_target
        if self.gpu and target in self.gemm_targets:
            try:
                contracting = gemm_contracting_dims(ins)
            except (ValueError, AttributeError, TypeError) as exc:  # XLA fails the whole module here
                msg = f"{ins.comp.name}/{ins.name}: GEMM backend_config unreadable ({type(exc).__name__})"
                self.problems.append(msg)
                self.fatal.append(msg)
                return self._unknown(ins, p)
            result = ins.shape.tuple_shapes[0] if shp.is_tuple(ins.shape) else ins.shape
            p[FLOPS] = dot_flops(ins.operands[0].shape, result, contracting)
            self._first_output_only(ins, p)
            return p
        if self.gpu and target in CONV_TARGETS:
            result = ins.shape.tuple_shapes[0] if shp.is_tuple(ins.shape) else ins.shape
            p[FLOPS] = conv_flops(ins.proto, ins.operands[0].shape, ins.operands[1].shape, result)
            self._first_output_only(ins, p)
            return p
        return self._unknown(ins, p)

    def _first_output_only(self, ins: Instr, p: Props) -> None:
        """cuBLAS/cuDNN results are (result, scratch): count the result, not the scratch buffer."""
        if shp.is_tuple(ins.shape) and ins.shape.tuple_shapes:
            size = shp.byte_size(ins.shape.tuple_shapes[0])
            p[BYTES] = p.get0(BYTES) - p.out() + size
            p.set_out((), size)

    def _unknown(self, ins: Instr, p: Props) -> Props:
        """XLA's mark for an op it cannot price: every cost -1."""
        p[BYTES] = -1.0
        p[FLOPS] = -1.0
        p.set_out((), -1)
        for i in range(len(ins.operands)):
            p.set_operand(i, (), -1)
        return p

    # -- fusion

    def fusion(self, ins: Instr, p: Props) -> Props:
        comp = ins.called[0]
        if ins.proto.fusion_kind == "kCustom":
            for inner in comp.instructions:
                if inner.opcode == "gather":
                    return self.gather(inner, p)
                if inner.opcode == "scatter":
                    return self.scatter(inner, p)
        p = self.subcomputation(comp)
        p[BYTES] = 0.0
        self._fusion_outputs(ins, p)
        if self.gpu:
            self._gpu_utilizations(ins, p)
        else:
            for inner in comp.instructions:
                self.props.setdefault(inner, Props())[UTILIZATION] = 1.0
        self._fusion_constants(ins, p)
        self._fusion_operands(ins, p)
        return p

    def _fusion_outputs(self, ins: Instr, p: Props) -> None:
        """The fusion writes each array of its result once (only the update of an in-place update)."""
        root = ins.called[0].root
        if root is None:
            return
        for index, sub in shp.subshapes(ins.shape):
            if not shp.is_array(sub):
                continue
            producer = root
            if len(index) == 1 and root.opcode == "tuple":
                producer = root.operands[index[0]]
            if producer.opcode == "dynamic-update-slice":
                size = producer.operands[1].size
                self.props.setdefault(producer, Props()).set_util(0, (), 0.0)
            else:
                size = shp.byte_size(sub)
            p[BYTES] += size
            p.set_out(index, size)
        if shp.is_tuple(ins.shape):
            p.set_out((), 0)
            self._sum_tuple_outputs(p, ins.shape, ())

    def _sum_tuple_outputs(self, p: Props, shape: shp.Shape, index: shp.Index) -> float:
        value = p.out(index)
        if value != 0 or not shp.is_tuple(shape):
            return value
        for i, sub in enumerate(shape.tuple_shapes):
            value += self._sum_tuple_outputs(p, sub, (*index, i))
        p.set_out(index, value)
        return value

    def _gpu_utilizations(self, ins: Instr, p: Props) -> None:
        """XLA's GPU fusion model: how often each fused value is computed (utilization), from the root
        back; the fusion's FLOPs are its instructions' FLOPs weighted by that."""
        comp = ins.called[0]
        root = comp.root
        order = list(reversed(comp.order))
        roots: dict[Instr, set[Instr]] = {i: set() for i in order}
        root_util: dict[Instr, float] = dict.fromkeys(order, 0.0)
        all_props = self.props
        for inner in order:
            props = all_props.get(inner)
            if props is None:
                props = all_props[inner] = Props()
            props[UTILIZATION] = 0.0
        if root is None:
            return
        root_util[root] = 1.0
        roots[root] = {root}
        p[FLOPS] = self._weighted_flops(order, roots, root_util)

    def _weighted_flops(
        self, order: list[Instr], roots: dict[Instr, set[Instr]], root_util: dict[Instr, float]
    ) -> float:
        flops = 0.0
        all_props = self.props
        for inner in order:
            props = all_props[inner]  # every one set by _gpu_utilizations
            util = 0.0
            for n_root, r in enumerate(roots[inner]):  # root utilizations are floats already: the first as is
                util = f32(util + root_util[r]) if n_root else root_util[r]
            props[UTILIZATION] = util
            flops = f32(flops + f32(util * props.get(FLOPS, 0.0)))
            for k, op in enumerate(inner.operands):
                if op not in roots:
                    continue
                if (
                    inner.opcode in ELEMENTWISE
                    or inner.opcode in ("tuple", "get-tuple-element")
                    or all_elementwise(inner)
                ):
                    roots[op] |= roots[inner]
                    continue
                roots[op].add(op)
                n = op.elements_recursive
                rounded = 0.0 if n == 0 else _rounded_share(util, props.util(k), n)
                root_util[op] = f32(root_util[op] + rounded)
        return flops

    def _fusion_constants(self, ins: Instr, p: Props) -> None:
        """Constants too large to be immediates are read from memory."""
        largest_immediate = 8 if self.gpu else 1
        for inner in ins.called[0].instructions:
            if inner.opcode == "constant" and inner.elements > largest_immediate:
                util = min(self.props.get(inner, Props()).get0(UTILIZATION), 1.0)
                p[BYTES] += inner.size * util

    def _fusion_operands(self, ins: Instr, p: Props) -> None:
        comp = ins.called[0]
        for param in comp.parameters():
            i = int(param.proto.parameter_number)
            size = 0.0
            if not shp.is_tuple(param.shape):
                size = self._parameter_read_bytes(param)
            else:
                for index, _ in shp.leaves(param.shape):
                    source = param
                    for sub in index:
                        for user in source.users:
                            if user.opcode == "get-tuple-element" and user.proto.tuple_index == sub:
                                source = user
                                break
                    part = self._parameter_read_bytes(source)
                    size += part
                    p.set_operand(i, index, part)
            p[BYTES] += size
            p.set_operand(i, (), size)
            p.set_util(i, (), self.props.get(param, Props()).get0(UTILIZATION))

    def _parameter_read_bytes(self, hlo: Instr) -> float:
        if self.gpu:  # the share of the parameter the fusion uses, at most all of it
            util = min(self.props.get(hlo, Props()).get0(UTILIZATION), 1.0)
            return float(math.floor(hlo.size * util + 0.5))
        return float(self._base_parameter_read_bytes(hlo))

    def _base_parameter_read_bytes(self, hlo: Instr, depth: int = 0) -> int:
        """XLA's base model: a parameter is read once, except through slices (only the slice) and
        broadcasts/reshapes (once per such user)."""
        if depth > 64:
            raise RecursionError("fusions nested more than 64 deep")
        size = 0
        seen_plain_user = False
        for user in hlo.users:
            if user.opcode == "fusion":
                for idx in user.operand_indices(hlo):
                    nested_seen = False
                    inner_root = user.called[0].root
                    fused_param = user.fused_parameter(idx)
                    simple = inner_root is not None and (
                        not inner_root.operands or fused_param is inner_root.operands[0]
                    )
                    for outer_user in user.users:
                        if simple and outer_user.opcode == "slice":
                            size += outer_user.size
                        elif simple and outer_user.opcode == "dynamic-slice":
                            if user is outer_user.operands[0]:
                                size += outer_user.size
                            elif not nested_seen:
                                nested_seen = True
                                size += user.size
                        elif simple and outer_user.opcode == "dynamic-update-slice":
                            if user is not outer_user.operands[0] and not nested_seen:
                                nested_seen = True
                                size += user.size
                        elif not nested_seen:
                            nested_seen = True
                            size += self._base_parameter_read_bytes(fused_param, depth + 1)
            elif user.opcode == "slice":
                size += user.size
            elif user.opcode == "dynamic-slice":
                if hlo is user.operands[0]:
                    size += user.size
                elif not seen_plain_user:
                    seen_plain_user = True
                    size += hlo.size
            elif user.opcode == "dynamic-update-slice":
                if hlo is not user.operands[0] and not seen_plain_user:
                    seen_plain_user = True
                    size += hlo.size
            elif user.opcode in ("broadcast", "reshape"):
                size += hlo.size
            elif not seen_plain_user:
                seen_plain_user = True
                size += hlo.size
        return size


class _CallCycle(Exception):
    """A computation calls itself (malformed)."""


def entry_instructions_needed(entry: Comp, names: Collection[str]) -> set[Instr] | None:
    """The instructions of ``entry`` that are named in ``names`` or call (at any depth) a computation
    holding one; None (all of them) where computations call themselves or nest too deep to tell."""
    holds: dict[int, bool] = {}  # id(computation) -> it, or one it calls, holds a named instruction
    try:
        return {
            i for i in entry.instructions if i.name in names or any(_holds(c, names, holds, set()) for c in i.called)
        }
    except (_CallCycle, RecursionError):
        return None


def _holds(comp: Comp, names: Collection[str], holds: dict[int, bool], active: set[int]) -> bool:
    """Whether ``comp`` or a computation it calls holds an instruction named in ``names``."""
    key = id(comp)
    if key in holds:
        return holds[key]
    if key in active:
        raise _CallCycle(comp.name)
    active.add(key)
    found = any(i.name in names or any(_holds(c, names, holds, active) for c in i.called) for i in comp.instructions)
    active.discard(key)
    holds[key] = found
    return found


Handler = Callable[["CostAnalysis", Instr, Props], "Props | None"]

# The method of ``CostAnalysis`` that costs each opcode (others keep their default properties).
_HANDLER_NAMES: dict[str, str] = dict.fromkeys(ELEMENTWISE_COSTED, "elementwise") | {
    "parameter": "free", "constant": "free", "get-tuple-element": "free", "bitcast": "free",
    "after-all": "free", "add-dependency": "free", "domain": "free", "tuple": "tuple_",
    "transpose": "transpose", "slice": "slice_", "dynamic-slice": "dynamic_slice",
    "dynamic-update-slice": "dynamic_update_slice", "concatenate": "concatenate", "dot": "dot",
    "ragged-dot": "ragged_dot", "convolution": "convolution", "fft": "fft", "triangular-solve": "triangular_solve",
    "cholesky": "cholesky", "reduce": "reduce", "reduce-window": "reduce_window",
    "select-and-scatter": "select_and_scatter", "map": "map_", "scatter": "scatter", "gather": "gather",
    "sort": "sort", "rng": "rng", "rng-bit-generator": "rng", "infeed": "infeed", "outfeed": "outfeed",
    "while": "while_", "conditional": "conditional", "call": "call", "async-start": "async_start",
    "all-reduce": "all_reduce", "all-reduce-start": "all_reduce_start", "all-gather": "all_gather",
    "all-gather-start": "all_gather_start", "reduce-scatter": "reduce_scatter", "custom-call": "custom_call",
    "fusion": "fusion",
}  # fmt: skip


@functools.lru_cache(maxsize=8)
def _handler_table(cls: type[CostAnalysis]) -> dict[str, Handler]:
    """Opcode -> the (unbound) method of ``cls`` that costs it; made once per class, not per module."""
    return {opcode: getattr(cls, name) for opcode, name in _HANDLER_NAMES.items()}


def _float32(value: float) -> float:
    """``float(np.float32(value))``: the C cast to float (out of range: infinity), without numpy's scalar."""
    try:
        return _FLOAT32.unpack(_FLOAT32.pack(value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def _rounded_share(util: float, operand_util: float, elements: int) -> float:
    """XLA's share of an operand a fused user computes, in float32 as XLA rounds it: ``ceil(util x
    operand_util x elements) / elements``. Each float32 operation is the double one rounded once to
    float32 (exact: a float32 product fits a double; a quotient rounded twice is the quotient rounded once),
    as numpy's float32 scalars give it, without their per-operation cost."""
    n = _float32(float(elements))
    scaled = _float32(_float32(_float32(util) * _float32(operand_util)) * n)
    if math.isfinite(scaled):
        scaled = float(math.ceil(scaled))
    return _float32(scaled / n)


def _ratio(num: float, den: float) -> float:
    return f32(num / den) if den else 0.0


def _gathered_bytes(total: int) -> float:
    """XLA's GPU all-gather traffic for two ranks: each rank's share written 3x and read 2x."""
    rank = total // GPU_NUM_RANKS
    return float(rank * (2 * GPU_NUM_RANKS - 1) + rank * GPU_NUM_RANKS)
