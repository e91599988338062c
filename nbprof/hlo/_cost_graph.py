"""An HLO module as a graph: instructions with their operands, users and called computations resolved.

Built from ``nbprof.proto.hlo_pb2`` messages for the cost analysis; dangling operand or computation
ids (damaged protos) are skipped and listed in ``Module.problems``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nbprof.hlo import _cost_shapes as shp
from nbprof.proto import hlo_pb2

ShapeFacts = tuple[int, int, int, int]  # (size, elements, elements over all leaves, bytes written)


def shape_facts(shape: shp.Shape) -> ShapeFacts:
    """What the cost analysis reads of a result shape: its cost-analysis size (a tuple: its pointer
    table), its elements (0 for a tuple), the elements of all its arrays, and the bytes an instruction
    producing it writes by default (a tuple: its arrays' bytes)."""
    if shp.is_array(shape):  # the common case: its elements counted once
        count = shp.elements(shape)
        size = shp.array_bytes(shape, count) if shape.HasField("layout") else 0
        return (size, count, count, size)
    size = shp.byte_size(shape)
    if not shp.is_tuple(shape):
        return (size, 0, 0, size)
    leaves = [leaf for _, leaf in shp.leaves(shape)]
    written = sum(shp.byte_size(leaf) for leaf in leaves if shp.is_array(leaf))
    return (size, 0, sum(shp.elements(leaf) for leaf in leaves), written)


class Instr:
    """An HLO instruction with its operands, users and called computations resolved.

    A plain slotted class (hashed by identity): one is made per instruction of every analysed module.
    What its result shape gives is read many times, so it is kept as attributes: ``size`` (bytes of
    the result as XLA's cost analysis sizes it; a tuple: its pointer table), ``elements`` (0 for a
    tuple), ``elements_recursive`` (of all its arrays) and ``written_bytes`` (what it writes by
    default: its size, for a tuple its arrays' bytes), worked out once per distinct shape of the
    module (``facts``: serialized shape -> ``shape_facts``; its instructions share a few dozen)."""

    __slots__ = ("proto", "comp", "operands", "users", "called", "name", "opcode", "shape", "size", "elements",
                 "elements_recursive", "written_bytes")  # fmt: skip

    def __init__(self, proto: hlo_pb2.HloInstructionProto, comp: Comp, facts: dict[bytes, ShapeFacts]) -> None:
        self.proto = proto
        self.comp = comp
        self.operands: list[Instr] = []
        self.users: list[Instr] = []
        self.called: list[Comp] = []
        self.name: str = proto.name
        self.opcode: str = proto.opcode
        shape = self.shape = proto.shape
        key = shape.SerializeToString()
        known = facts.get(key)
        if known is None:
            known = facts[key] = shape_facts(shape)
        self.size, self.elements, self.elements_recursive, self.written_bytes = known

    def operand_indices(self, operand: Instr) -> list[int]:
        return [i for i, op in enumerate(self.operands) if op is operand]

    def fused_parameter(self, number: int) -> Instr:
        return self.called[0].parameter(number)


@dataclass(eq=False)
class Comp:
    """An HLO computation: its instructions in proto order and its root."""

    proto: hlo_pb2.HloComputationProto
    instructions: list[Instr] = field(default_factory=list)
    root: Instr | None = None
    is_fusion: bool = False
    _order: list[Instr] | None = field(default=None, repr=False)

    @property
    def name(self) -> str:
        return self.proto.name

    def parameter(self, number: int) -> Instr:
        for ins in self.instructions:
            if ins.opcode == "parameter" and ins.proto.parameter_number == number:
                return ins
        raise IndexError(f"{self.name} has no parameter {number}")

    def parameters(self) -> list[Instr]:
        params = [i for i in self.instructions if i.opcode == "parameter"]
        return sorted(params, key=lambda i: i.proto.parameter_number)

    @property
    def order(self) -> list[Instr]:
        """Operands before users: unreachable roots first, then the root (XLA's visiting order)."""
        order = self._order
        if order is None:
            order = self._order = self._post_order()
        return order

    def _post_order(self) -> list[Instr]:
        roots = [i for i in self.instructions if not i.users and i is not self.root]
        if self.root is not None:
            roots.append(self.root)
        seen: set[Instr] = set()  # instructions hash by identity
        order: list[Instr] = []
        for start in roots:
            if start in seen:
                continue
            seen.add(start)
            stack = [(start, iter(start.operands))]
            while stack:
                ins, operands = stack[-1]
                for op in operands:  # the next operand not visited yet, from where this one stopped
                    if op not in seen and op.comp is self:
                        seen.add(op)
                        stack.append((op, iter(op.operands)))
                        break
                else:
                    stack.pop()
                    order.append(ins)
        order.extend(i for i in self.instructions if i not in seen)  # in a cycle: malformed input
        return order


@dataclass
class Module:
    """A parsed HLO module; ``problems`` lists what had to be skipped while resolving it."""

    proto: hlo_pb2.HloModuleProto
    computations: list[Comp]
    entry: Comp | None
    problems: list[str]

    @classmethod
    def from_proto(cls, proto: hlo_pb2.HloModuleProto, facts: dict[bytes, ShapeFacts] | None = None) -> Module:
        """The module's graph; ``facts``: ``shape_facts`` by serialized shape, shared by the modules
        of one analysis (a function of the shape alone; filled as shapes are met)."""
        problems: list[str] = []
        comps = [Comp(c) for c in proto.computations[:]]  # a slice: iterating upb's containers costs more
        by_comp_id = {c.proto.id: c for c in comps}
        facts = {} if facts is None else facts
        for comp in comps:
            comp.instructions = [Instr(p, comp, facts) for p in comp.proto.instructions[:]]
        for comp in comps:
            by_id = {i.proto.id: i for i in comp.instructions}
            for ins in comp.instructions:
                for oid in ins.proto.operand_ids[:]:
                    op = by_id.get(oid)
                    if op is None:
                        problems.append(f"{comp.name}/{ins.name}: operand id {oid} not in its computation")
                        continue
                    ins.operands.append(op)
                    users = op.users
                    if not users or users[-1] is not ins:  # a user once, however many times it reads op
                        users.append(ins)
                for cid in ins.proto.called_computation_ids[:]:
                    callee = by_comp_id.get(cid)
                    if callee is None:
                        problems.append(f"{comp.name}/{ins.name}: called computation id {cid} not in the module")
                    else:
                        ins.called.append(callee)
                if ins.opcode == "fusion" and ins.called:
                    ins.called[0].is_fusion = True
            comp.root = by_id.get(comp.proto.root_id) or (comp.instructions[-1] if comp.instructions else None)
            comp.is_fusion = comp.is_fusion or comp.proto.is_fusion_computation
        named = [c for c in comps if proto.entry_computation_name and c.name == proto.entry_computation_name]
        entry = named[0] if named else by_comp_id.get(proto.entry_computation_id)
        if entry is None:
            problems.append("entry computation missing; analysing every computation no other one calls")
        return cls(proto, comps, entry, problems)
