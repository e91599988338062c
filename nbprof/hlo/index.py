"""The HLO instructions of a profile's programs: category, framework op, source, text, fusion contents.

Reads the serialized ``HloProto`` s a profile carries (``frames.hlo_protos``, keyed
``<module>(<program id>)``) with the wire-format reader, keeping per instruction what the op
tools need (XLA's ``hlo.proto`` field numbers): name (1), opcode (2), shape (3), metadata (7:
op_type 1, op_name 2, source_file 3, source_line 4, deduplicated_name 12, stack_frame_id 15),
parameter number (9), fusion kind (11), tuple index (13), dimensions (14), window (15),
convolution dimension numbers (16), custom-call target (28), id (35), operands (36), called
computations (38) and group counts (50, 58).

Per instruction, as XProf's ``HloInstructionWrapper`` derives them:

* ``category``: XLA's ``HloInstruction::ToCategory`` (``loop fusion``, ``data formatting``...);
* ``provenance``: the framework op, ``TfOpFullname(op_type, op_name)`` = ``op_name:op_type``
  (``""`` when both are empty), e.g. ``jit(dot)/dot_general:``;
* ``source_file``/``source_line``: the metadata's, else the first frame of ``source_stack``
  (``file:line:column`` lines from the module's stack-frame index, innermost first);
* ``expression``: the instruction's text (``nbprof.hlo.text``).

``program_id`` is the id in the module key (on TPU it differs from the module's own id), as
``uint64``. Built once per profile as the ``OpStats.hlo_index`` part. A program's modules are
parsed when a lookup first names it (protobuf's compiled parser; the wire reader for a module it
rejects), to instruction names; an instruction's row (its text, stack and source) is made when
first read: the op tools read the few instructions that ran, not every instruction of a program.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Mapping
from itertools import repeat
from operator import attrgetter
from typing import Any

import numpy as np
import pandas as pd

from nbprof.hlo.shapes import shape_text
from nbprof.hlo.text import DIMENSION_OPCODES, InstructionFields, instruction_text
from nbprof.proto import hlo_pb2
from nbprof.proto.wire import fields, packed_ints
from nbprof.xspace.typed_frame import strings, typed_frame

FUSION_KIND_CATEGORY = {"kLoop": "loop fusion", "kInput": "input fusion", "kOutput": "output fusion",
                        "kCustom": "custom fusion"}  # fmt: skip
DATA_FORMATTING = {"transpose", "copy", "reshape", "dynamic-reshape"}
ELEMENTWISE = {
    "abs", "add", "and", "atan2", "cbrt", "ceil", "clamp", "clz", "compare", "complex", "constant",
    "convert", "cosine", "divide", "erf", "exponential", "exponential-minus-one", "floor", "imag",
    "is-finite", "log", "log-plus-one", "logistic", "maximum", "minimum", "multiply", "negate", "not",
    "or", "popcnt", "power", "real", "reduce-precision", "remainder", "round-nearest-afz",
    "round-nearest-even", "rsqrt", "select", "shift-left", "shift-right-arithmetic",
    "shift-right-logical", "sign", "sine", "sqrt", "stochastic-convert", "subtract", "tan", "tanh", "xor",
}  # fmt: skip
XLA_ARGS_OR_RETVALS = ("XLA_Args", "XLA_Retvals")

COLUMNS = [
    "program", "program_id", "module", "computation_id", "name", "opcode", "category", "fusion_kind",
    "op_name", "op_type", "provenance", "source_file", "source_line", "source_stack", "deduplicated_name",
    "expression", "shape", "called",
]  # fmt: skip

TREE_COLUMNS = ("name", "opcode", "called", "computation_id", "category", "provenance")  # HloIndex.program_tree
LIGHT_COLUMNS = ("provenance", "category")  # HloIndex.lookup_light_values: read without making rows
_PROGRAM_KEY = re.compile(r"^(.*)\((\d+)\)$")
_OP_NAME = attrgetter("metadata.op_name")  # of an instruction protobuf read
_NAME = attrgetter("name")
_ID = attrgetter("id")


def hlo_category(opcode: str, fusion_kind: str) -> str:
    """XLA's category of an instruction (``HloInstruction::ToCategory``)."""
    if opcode == "fusion":
        return FUSION_KIND_CATEGORY.get(fusion_kind, "fusion")
    if opcode in DATA_FORMATTING:
        return "data formatting"
    if opcode in ELEMENTWISE:
        return "non-fusion elementwise"
    return opcode


def framework_op_fullname(op_type: str, op_name: str) -> str:
    """XProf's ``TfOpFullname``: ``op_name:op_type``; ``""`` when both are empty."""
    if not op_type:
        if not op_name:
            return ""
        if op_name in XLA_ARGS_OR_RETVALS:
            op_type = op_name
    return f"{op_name}:{op_type}"


def _text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else ""


def _signed(value: int) -> int:
    return value - 2**64 if value >= 2**63 else value


Frame = tuple[str, int, int, int]  # (file, line, column, parent frame id)


def _light_value(i: Any, column: str) -> str:
    """An instruction protobuf's ``column`` of ``LIGHT_COLUMNS``, as its row holds it."""
    if column == "category":
        return hlo_category(i.opcode, i.fusion_kind)
    meta = i.metadata
    return framework_op_fullname(meta.op_type, meta.op_name)


class _StackFrames:
    """The frames of a serialized ``StackFrameIndexProto``, by id (1-based), each decoded when first
    asked for: a lookup walks the few frames of the instructions it reads."""

    def __init__(self, blob: bytes = b"") -> None:
        self._files: list[int | bytes] = []
        self._locations: list[bytes] = []
        self._frames: list[bytes] = []
        for num, value in fields(blob):
            if num == 1:
                self._files.append(value)
            elif num == 3 and isinstance(value, bytes):
                self._locations.append(value)
            elif num == 4 and isinstance(value, bytes):
                self._frames.append(value)
        self._decoded: dict[int, Frame | None] = {}

    def get(self, frame_id: int) -> Frame | None:
        """(file, line, column, parent id) of a frame; ``None`` for an unknown id or location."""
        if frame_id in self._decoded:
            return self._decoded[frame_id]
        out = None
        if 0 < frame_id <= len(self._frames):
            frame = dict.fromkeys((1, 2), 0)
            frame.update({k: v for k, v in fields(self._frames[frame_id - 1]) if isinstance(v, int)})
            location_id, parent = frame[1], frame[2]
            if 0 < location_id <= len(self._locations):
                loc = dict.fromkeys((1, 3, 4), 0)
                loc.update({k: v for k, v in fields(self._locations[location_id - 1]) if isinstance(v, int)})
                file_id = loc[1]
                name = _text(self._files[file_id - 1]) if 0 < file_id <= len(self._files) else ""
                out = (name, loc[3], loc[4], parent)
        self._decoded[frame_id] = out
        return out


class _CompiledStackFrames:
    """``_StackFrames`` of a ``StackFrameIndexProto`` protobuf's compiled parser read: the same frames,
    its int32 ids and positions as the wire reader gives them (a negative one as its unsigned 64 bits)."""

    def __init__(self, index: Any) -> None:
        # Only the message is kept: a repeated field's container that outlives the interpreter's
        # protobuf module crashes its final collection on protobuf 5.27 (upb's RepeatedContainer_Dealloc).
        self._index = index
        self._decoded: dict[int, Frame | None] = {}

    def __reduce__(self) -> tuple[type[_CompiledStackFrames], tuple[Any]]:
        """Pickled as its protobuf (its repeated fields are not picklable)."""
        return type(self), (self._index,)

    def get(self, frame_id: int) -> Frame | None:
        """(file, line, column, parent id) of a frame; ``None`` for an unknown id or location."""
        if frame_id in self._decoded:
            return self._decoded[frame_id]
        out = None
        frames, locations, files = self._index.stack_frames, self._index.file_locations, self._index.file_names
        if 0 < frame_id <= len(frames):
            frame = frames[frame_id - 1]
            location_id = frame.file_location_id & _U64
            if 0 < location_id <= len(locations):
                loc = locations[location_id - 1]
                file_id = loc.file_name_id & _U64
                name = files[file_id - 1] if 0 < file_id <= len(files) else ""
                out = (name, loc.line & _U64, loc.column & _U64, frame.parent_frame_id & _U64)
        self._decoded[frame_id] = out
        return out


class SharedTexts:
    """Texts the modules of one index share, each made once: ``stacks``, serialized
    ``StackFrameIndexProto`` -> its frames and the stack text of each frame id made so far (modules
    compiled from one call site carry equal indexes); ``shapes``, serialized shape -> its text."""

    def __init__(self) -> None:
        self.stacks: dict[bytes, tuple[_CompiledStackFrames, dict[int, str]]] = {}
        self.shapes: dict[bytes, str] = {}


def _stack_text(frames: _StackFrames | _CompiledStackFrames, frame_id: int) -> str:
    """``file:line:column`` lines from ``frame_id`` outwards (XProf's ``GetOpLocationStack``)."""
    lines: list[str] = []
    seen: set[int] = set()
    while frame_id and frame_id not in seen:  # a chain of frames, not events
        frame = frames.get(frame_id)
        if frame is None:
            break
        seen.add(frame_id)
        name, line, column, frame_id = frame
        lines.append(f"{name}:{line}:{column}\n")
    return "".join(lines)


def _instruction(blob: bytes) -> tuple[InstructionFields, dict]:
    ins = InstructionFields()
    meta = {"op_type": "", "op_name": "", "source_file": "", "source_line": 0, "deduplicated_name": "",
            "stack_frame_id": 0, "id": -1}  # fmt: skip
    for num, value in fields(blob):
        if num == 1:
            ins.name = _text(value)
        elif num == 2:
            ins.opcode = _text(value)
        elif num == 3 and isinstance(value, bytes):
            try:
                ins.shape = shape_text(hlo_pb2.ShapeProto.FromString(value))
            except Exception:  # noqa: BLE001 - a damaged shape leaves the text without it
                ins.shape = ""
        elif num == 7 and isinstance(value, bytes):
            for mnum, mvalue in fields(value):
                if mnum == 1:
                    meta["op_type"] = _text(mvalue)
                elif mnum == 2:
                    meta["op_name"] = _text(mvalue)
                elif mnum == 3:
                    meta["source_file"] = _text(mvalue)
                elif mnum == 4 and isinstance(mvalue, int):
                    meta["source_line"] = _signed(mvalue)
                elif mnum == 12:
                    meta["deduplicated_name"] = _text(mvalue)
                elif mnum == 15 and isinstance(mvalue, int):
                    meta["stack_frame_id"] = mvalue
        elif num == 9 and isinstance(value, int):
            ins.parameter_number = value
        elif num == 11:
            ins.fusion_kind = _text(value)
        elif num == 13 and isinstance(value, int):
            ins.tuple_index = value
        elif num == 14:
            ins.dimensions += packed_ints(value)
        elif num == 15 and isinstance(value, bytes):
            ins.window = value
        elif num == 16 and isinstance(value, bytes):
            ins.conv_dims = value
        elif num == 28:
            ins.custom_call_target = _text(value)
        elif num == 35 and isinstance(value, int):
            meta["id"] = value
        elif num == 36:
            ins.operand_ids += packed_ints(value)
        elif num == 38:
            ins.called_ids += packed_ints(value)
        elif num == 68 and isinstance(value, bytes):  # FrontendAttributes: map<string, string> = 1
            for anum, entry in fields(value):
                if anum == 1 and isinstance(entry, bytes):
                    kv = {enum: _text(evalue) for enum, evalue in fields(entry)}
                    ins.frontend_attributes[kv.get(1, "")] = kv.get(2, "")
        elif num == 50 and isinstance(value, int):
            ins.feature_group_count = value
        elif num == 58 and isinstance(value, int):
            ins.batch_group_count = value
    return ins, meta


_U64 = (1 << 64) - 1


def _unsigned(values: Any) -> list[int]:
    """Integers as the wire reader gives them: a negative int64 as its unsigned 64 bits."""
    return [v & _U64 for v in values[:]]


def _compiled_instruction(i: Any, text_of: Callable[[Any], str]) -> tuple[InstructionFields, dict]:
    """The fields and metadata of an instruction protobuf's compiled parser read: those its row and text
    read (the wire reader's ``_instruction`` values of them; the opcode's attributes only, the others
    left at their defaults, which its text does not read)."""
    opcode = i.opcode
    ins = InstructionFields(
        name=i.name, opcode=opcode, shape=text_of(i.shape) if i.HasField("shape") else "", fusion_kind=i.fusion_kind
    )
    if i.operand_ids:
        ins.operand_ids = _unsigned(i.operand_ids)
    if i.called_computation_ids:
        ins.called_ids = _unsigned(i.called_computation_ids)
    if opcode in _ATTRIBUTE_READERS:
        _ATTRIBUTE_READERS[opcode](i, ins)
    if opcode in DIMENSION_OPCODES and i.dimensions:
        ins.dimensions = _unsigned(i.dimensions)
    if i.HasField("frontend_attributes"):
        attributes = i.frontend_attributes.map
        if len(attributes):  # none (the common case): the field's default {}, not a copy of upb's map
            ins.frontend_attributes = dict(attributes)
    m = i.metadata
    meta = {
        "op_type": m.op_type, "op_name": m.op_name, "source_file": m.source_file,
        "source_line": m.source_line, "deduplicated_name": m.deduplicated_name,
        "stack_frame_id": m.stack_frame_id & _U64, "id": i.id & _U64 or -1,
    }  # fmt: skip
    return ins, meta


def _parameter_attributes(i: Any, ins: InstructionFields) -> None:
    ins.parameter_number = i.parameter_number & _U64


def _tuple_element_attributes(i: Any, ins: InstructionFields) -> None:
    ins.tuple_index = i.tuple_index & _U64


def _custom_call_attributes(i: Any, ins: InstructionFields) -> None:
    if i.HasField("window"):
        ins.window = i.window.SerializeToString()
    if i.HasField("convolution_dimension_numbers"):
        ins.conv_dims = i.convolution_dimension_numbers.SerializeToString()
    ins.custom_call_target = i.custom_call_target
    ins.feature_group_count = i.feature_group_count & _U64
    ins.batch_group_count = i.batch_group_count & _U64


# the attributes ``instruction_text`` prints for an opcode, beyond those of every instruction
_ATTRIBUTE_READERS: dict[str, Callable[[Any, InstructionFields], None]] = {
    "parameter": _parameter_attributes,
    "get-tuple-element": _tuple_element_attributes,
    "custom-call": _custom_call_attributes,
}


class _CompiledModule:
    """A module protobuf's compiled parser accepted: its instructions' names at once, each one's row
    (``parse_hlo_proto``'s) when first asked for; a lookup reads a few of a module's instructions."""

    def __init__(self, module: bytes, shared: SharedTexts | None = None) -> None:
        self.blob = module
        self._shared = shared if shared is not None else SharedTexts()
        self.proto = hlo_pb2.HloModuleProto.FromString(module)
        self.comp_names: dict[int, str] = {}
        self.names: list[str] = []  # of every instruction, in proto order (its position: ``k``)
        self._starts: list[int] = []  # each computation's first position
        self._comp_ids: list[int] = []
        for comp in self.proto.computations[:]:  # slices: iterating upb's containers costs more
            comp_id = comp.id & _U64 or -1  # an id of 0 is not on the wire: the wire reader's "absent"
            self.comp_names[comp_id] = comp.name
            self._starts.append(len(self.names))
            self._comp_ids.append(comp_id)
            self.names.extend(map(_NAME, comp.instructions[:]))
        self._shape_texts = self._shared.shapes  # shapes repeat: text once per distinct serialized shape
        self._shapes: list[str | None] = [None] * len(self.names)  # each instruction's shape text, once made
        self._by_id: dict[int, dict[int, int]] = {}  # computation index -> instruction id -> its position
        self._frames: _CompiledStackFrames | None = None
        self._stacks: dict[int, str] = {}
        self._wire_rows: list[dict] | None = None  # the wire reader's rows, where this parser's failed

    def __reduce__(self) -> tuple[type[_CompiledModule], tuple[bytes]]:
        """Pickled as its bytes (read again when unpickled)."""
        return type(self), (self.blob,)

    def row(self, k: int) -> dict:
        """The row of instruction ``k`` (proto order)."""
        if self._wire_rows is None:
            try:
                return self._row(k)
            except Exception:  # noqa: BLE001 - the module read field by field instead, as parse_hlo_proto
                self._wire_rows = _wire_module_rows(self.blob)
        rows = self._wire_rows  # the same instructions (tested on every fixture); a row more: an empty one
        return rows[k] if k < len(rows) else _row("", -1, InstructionFields(name=self.names[k]), _NO_META, [], {}, "")

    def light_values(self, k: int, columns: list[str]) -> list[str]:
        """Instruction ``k``'s ``columns`` (of ``LIGHT_COLUMNS``; its row's), read from the instruction
        without making the row."""
        if self._wire_rows is None:
            try:
                i = self._instruction(k)[1]
                return [_light_value(i, column) for column in columns]
            except Exception:  # noqa: BLE001 - the module read field by field instead, as ``row``
                self._wire_rows = _wire_module_rows(self.blob)
        row = self.row(k)
        return [row[column] for column in columns]

    def rows(self) -> list[dict]:
        """Every instruction's row (``row`` of each, in one pass)."""
        if self._wire_rows is None:
            try:
                return [self._row(k) for k in range(len(self.names))]
            except Exception:  # noqa: BLE001 - the module read field by field instead, as parse_hlo_proto
                self._wire_rows = _wire_module_rows(self.blob)
        return [self.row(k) for k in range(len(self.names))]

    def op_names(self) -> set[str]:
        """The instructions' framework op names (``metadata.op_name``)."""
        names: set[str] = set()
        for comp in self.proto.computations[:]:
            names.update(map(_OP_NAME, comp.instructions[:]))
        return names

    def tree_columns(self) -> dict[str, list] | None:
        """``TREE_COLUMNS`` of every instruction (lists in proto order, the values of their rows) read
        from the protobuf without making the rows; None where the rows are the wire reader's."""
        if self._wire_rows is not None:
            return None
        out: dict[str, list] = {c: [] for c in TREE_COLUMNS}
        for comp_id, comp in zip(self._comp_ids, self.proto.computations[:]):
            for i in comp.instructions[:]:
                out["name"].append(i.name)
                out["opcode"].append(i.opcode)
                out["called"].append(_unsigned(i.called_computation_ids) if i.called_computation_ids else [])
                out["computation_id"].append(comp_id)
                out["category"].append(hlo_category(i.opcode, i.fusion_kind))
                out["provenance"].append(framework_op_fullname(i.metadata.op_type, i.metadata.op_name))
        return out

    def _instruction(self, k: int) -> tuple[int, Any]:
        """(computation index, instruction) of position ``k``."""
        c = bisect_right(self._starts, k) - 1  # the last computation starting at or before k: not an empty one
        return c, self.proto.computations[c].instructions[k - self._starts[c]]

    def _row(self, k: int) -> dict:
        c, i = self._instruction(k)
        ins, meta = _compiled_instruction(i, self._shape_text)
        self._shapes[k] = ins.shape
        by_id = self._by_id.get(c)
        if by_id is None:  # the last of an id wins, as in the wire reader's rows
            start = self._starts[c]
            ids = list(map(_ID, self.proto.computations[c].instructions[:]))
            if ids and min(ids) > 0:  # ids as read: positive (the rule)
                by_id = dict(zip(ids, range(start, start + len(ids))))
            else:
                by_id = {i & _U64 or -1: start + j for j, i in enumerate(ids)}
            self._by_id[c] = by_id
        operands = []
        for o in ins.operand_ids:
            j = by_id.get(o)
            if j is not None:
                operands.append((self._shapes[j] or self._shape_at(j), self.names[j]))
        stack = self._stacks.get(meta["stack_frame_id"])
        if stack is None:
            stack = self._stack(meta["stack_frame_id"])
        return _row(self.proto.name, self._comp_ids[c], ins, meta, operands, self.comp_names, stack)

    def _shape_at(self, k: int) -> str:
        """The shape text of instruction ``k``."""
        text = self._shapes[k]
        if text is None:
            shape_owner = self._instruction(k)[1]
            text = self._shape_text(shape_owner.shape) if shape_owner.HasField("shape") else ""
            self._shapes[k] = text
        return text

    def _shape_text(self, shape: Any) -> str:
        key = shape.SerializeToString()
        text = self._shape_texts.get(key)
        if text is None:
            text = self._shape_texts[key] = shape_text(shape)
        return text

    def _stack(self, frame_id: int) -> str:
        """The stack text of a frame (the module's stack frames read when first needed, or taken from
        another module with an equal index)."""
        stack = self._stacks.get(frame_id)
        if stack is None:
            if self._frames is None:
                has_index = self.proto.HasField("stack_frame_index")
                index = self.proto.stack_frame_index.SerializeToString() if has_index else b""
                shared = self._shared.stacks.get(index)
                if shared is None:
                    shared = self._shared.stacks[index] = (_CompiledStackFrames(self.proto.stack_frame_index), {})
                self._frames, self._stacks = shared
                stack = self._stacks.get(frame_id)
            if stack is None:
                stack = self._stacks[frame_id] = _stack_text(self._frames, frame_id)
        return stack


_NO_META = {"op_type": "", "op_name": "", "source_file": "", "source_line": 0, "deduplicated_name": "",
               "stack_frame_id": 0, "id": -1}  # fmt: skip


def _module_parts(module: bytes) -> tuple[str, list[tuple[int, list[tuple[InstructionFields, dict]]]],
                                          dict[int, str], _StackFrames]:  # fmt: skip
    """Name, computations (id, instructions), computation names and stack frames of a serialized
    ``HloModuleProto``, read field by field: a damaged module gives what could be read."""
    module_name = ""
    comps: list[tuple[int, list[tuple[InstructionFields, dict]]]] = []
    comp_names: dict[int, str] = {}
    frames = _StackFrames()
    for mnum, value in fields(module):
        if mnum == 1:
            module_name = _text(value)
        elif mnum == 17 and isinstance(value, bytes):
            frames = _StackFrames(value)
        elif mnum == 3 and isinstance(value, bytes):
            comp_id, comp_name, instructions = -1, "", []
            for cnum, cvalue in fields(value):
                if cnum == 1:
                    comp_name = _text(cvalue)
                elif cnum == 2 and isinstance(cvalue, bytes):
                    instructions.append(_instruction(cvalue))
                elif cnum == 5 and isinstance(cvalue, int):
                    comp_id = cvalue
            comp_names[comp_id] = comp_name
            comps.append((comp_id, instructions))
    return module_name, comps, comp_names, frames


def _hlo_modules(
    blob: bytes, fast: bool = True, shared: SharedTexts | None = None
) -> list[_CompiledModule | list[dict]]:
    """Each ``HloModuleProto`` (field 1) of a serialized ``HloProto``: read by protobuf's compiled
    parser where it accepts it (``fast``; rows made when asked for), else its rows read field by field.
    ``shared``: the texts of the index's modules made so far."""
    modules: list[_CompiledModule | list[dict]] = []
    for num, module in fields(blob):
        if num != 1 or not isinstance(module, bytes):
            continue
        compiled = None
        if fast:
            try:
                compiled = _CompiledModule(module, shared)
            except Exception:  # noqa: BLE001 - a module protobuf rejects is read field by field
                compiled = None
        modules.append(compiled if compiled is not None else _wire_module_rows(module))
    return modules


def parse_hlo_proto(blob: bytes, fast: bool = True) -> list[dict]:
    """One dict per instruction of a serialized ``HloProto`` (field 1: ``HloModuleProto``).

    Each module is read by protobuf's compiled parser where it accepts it (``fast``), else field
    by field with the wire reader, which keeps what a damaged module still holds; both give the
    same rows for a module the compiled parser accepts (tested on every fixture)."""
    rows: list[dict] = []
    for module in _hlo_modules(blob, fast):
        if isinstance(module, _CompiledModule):
            rows.extend(module.rows())
        else:
            rows.extend(module)
    return rows


def _wire_module_rows(module: bytes) -> list[dict]:
    """The rows of a serialized ``HloModuleProto`` read field by field (what a damaged one still holds)."""
    module_name, comps, comp_names, frames = _module_parts(module)
    rows: list[dict] = []
    stacks: dict[int, str] = {}  # instructions share stack frames: each frame's text once
    for comp_id, instructions in comps:
        by_id = {meta["id"]: ins for ins, meta in instructions}
        for ins, meta in instructions:
            operands = [(by_id[i].shape, by_id[i].name) for i in ins.operand_ids if i in by_id]
            frame_id = meta["stack_frame_id"]
            stack = stacks.get(frame_id)
            if stack is None:
                stack = stacks[frame_id] = _stack_text(frames, frame_id)
            rows.append(_row(module_name, comp_id, ins, meta, operands, comp_names, stack))
    return rows


def _row(
    module_name: str,
    comp_id: int,
    ins: InstructionFields,
    meta: dict,
    operands: list[tuple[str, str]],
    comp_names: dict[int, str],
    stack: str,
) -> dict:
    """An instruction's row (``COLUMNS`` but the program's); ``operands``: (shape text, name) of each."""
    source_file, source_line = meta["source_file"], meta["source_line"]
    if not source_file and stack:
        first = stack.split("\n", 1)[0].split(":")
        source_file = first[0]
        source_line = int(first[1]) if len(first) > 1 and first[1].lstrip("-").isdigit() else 0
    return {
        "module": module_name,
        "computation_id": comp_id,
        "name": ins.name,
        "opcode": ins.opcode,
        "category": hlo_category(ins.opcode, ins.fusion_kind),
        "fusion_kind": ins.fusion_kind,
        "op_name": meta["op_name"],
        "op_type": meta["op_type"],
        "provenance": framework_op_fullname(meta["op_type"], meta["op_name"]),
        "source_file": source_file,
        "source_line": source_line if source_file else -1,
        "source_stack": stack,
        "deduplicated_name": meta["deduplicated_name"],
        "expression": instruction_text(ins, operands, comp_names),
        "shape": ins.shape,
        "called": list(ins.called_ids),
    }


class _ProgramRows:
    """The instructions of one program (its ``<module>(<program id>)`` protos): their names at once,
    each one's row (``COLUMNS``) when first asked for."""

    def __init__(self, program_id: int, protos: list[tuple[str, bytes]], shared: SharedTexts | None = None) -> None:
        self.program_id = program_id
        self.names: list[str] = []
        self.modules: list[_CompiledModule | list[dict]] = []
        self._keys: list[str] = []  # each module's program key
        self._starts: list[int] = []  # each module's first instruction in ``names``
        for key, blob in protos:
            for module in _hlo_modules(blob, shared=shared):
                self.modules.append(module)
                self._keys.append(key)
                self._starts.append(len(self.names))
                self.names.extend(module.names if isinstance(module, _CompiledModule) else [r["name"] for r in module])
        self._rows: list[dict | None] = [None] * len(self.names)
        computation_ids = [
            c
            for module in self.modules
            for c in (
                module.comp_names if isinstance(module, _CompiledModule) else {r["computation_id"] for r in module}
            )
        ]
        # a frame of any of its rows types ``computation_id`` int64, as one of all of them
        self.int64_computation_ids = _within_int64(computation_ids)

    def row(self, j: int) -> dict:
        """Instruction ``j``'s row."""
        row = self._rows[j]
        if row is None:
            m = bisect_right(self._starts, j) - 1  # the last module starting at or before j: not an empty one
            module, k = self.modules[m], j - self._starts[m]
            row = module.row(k) if isinstance(module, _CompiledModule) else module[k]  # its own: made for this program
            row["program"] = self._keys[m]
            row["program_id"] = self.program_id
            self._rows[j] = row
        return row

    def light_values(self, j: int, columns: list[str]) -> list[str]:
        """Instruction ``j``'s ``columns`` (of ``LIGHT_COLUMNS``; its row's, the row not made for them)."""
        row = self._rows[j]
        if row is None:
            m = bisect_right(self._starts, j) - 1
            module, k = self.modules[m], j - self._starts[m]
            if isinstance(module, _CompiledModule):
                return module.light_values(k, columns)
            row = module[k]
        return [row[column] for column in columns]

    def rows(self) -> list[dict]:
        """Every instruction's row."""
        if self._rows and self._rows[0] is None and all(row is None for row in self._rows):
            self._make_all()
        return [self.row(j) for j in range(len(self.names))]

    def _make_all(self) -> None:
        """Every row, each module's in one pass (none made yet); a parsed module is then its rows (its
        protobuf objects let go)."""
        j = 0
        for m, (module, key) in enumerate(zip(self.modules, self._keys)):
            made = module.rows() if isinstance(module, _CompiledModule) else module
            self.modules[m] = made
            for row in made:
                row["program"] = key
                row["program_id"] = self.program_id
                self._rows[j] = row
                j += 1

    def tree_columns(self) -> dict[str, list] | None:
        """``TREE_COLUMNS`` of every instruction (lists, in ``names`` order) without making rows; None
        where a module's rows are the wire reader's or some computation id is beyond int64."""
        if not self.int64_computation_ids or not all(isinstance(m, _CompiledModule) for m in self.modules):
            return None
        parts = [m.tree_columns() for m in self.modules if isinstance(m, _CompiledModule)]
        if any(p is None for p in parts):
            return None
        return {c: [v for p in parts if p is not None for v in p[c]] for c in TREE_COLUMNS}

    def op_names(self) -> set[str]:
        """The instructions' framework op names (``metadata.op_name``), without making rows."""
        names: set[str] = set()
        for module in self.modules:
            if isinstance(module, _CompiledModule):
                names.update(module.op_names())
            else:
                names.update(str(row["op_name"]) for row in module)
        return names


class _Keyed:
    """The first instruction of each (program id, name) of some programs: its row (``COLUMNS``, made
    when first read) and its position by key; the rows as a frame when first asked for. The rows are
    ``records`` (a frame given) or those of (program, instruction) ``refs``."""

    def __init__(
        self,
        programs: frozenset[int],
        position: dict[tuple[int, str], int],
        refs: list[tuple[_ProgramRows, int]] | None = None,
        records: list[dict] | None = None,
        frame: pd.DataFrame | None = None,
    ) -> None:
        self.programs = programs
        self.position = position
        self._refs = refs if refs is not None else []
        self._records = records
        self.size = len(records) if records is not None else len(self._refs)
        self._frame = frame
        self.int64_computation_ids = False  # every row's computation id is an int64: a subset's dtype too

    def row(self, p: int) -> dict:
        """The row at position ``p``."""
        if self._records is not None:
            return self._records[p]
        program, j = self._refs[p]
        return program.row(j)

    def light_values(self, p: int, columns: list[str]) -> list[str]:
        """``row(p)``'s ``columns`` (of ``LIGHT_COLUMNS``), the row not made."""
        if self._records is not None:
            return [self._records[p][column] for column in columns]
        program, j = self._refs[p]
        return program.light_values(j, columns)

    def rows_at(self, positions: np.ndarray) -> pd.DataFrame | None:
        """``table().iloc[positions]`` from those rows alone, where that frame has the table's dtypes
        (``None`` where it might not: the caller takes the table's rows)."""
        if self._frame is not None or not self.int64_computation_ids or not self.size or not len(positions):
            return None
        return _instruction_frame([self.row(p) for p in positions.tolist()])

    def table(self) -> pd.DataFrame:
        """The rows as a frame, in position order."""
        if self._frame is None:
            self._frame = _instruction_frame([self.row(p) for p in range(self.size)])
        return self._frame


class HloIndex:
    """All instructions of all programs of a profile, one row each (columns: ``COLUMNS``).

    Built from the profile's ``<module>(<program id>)`` HLO protos, each module parsed on first use:
    ``lookup`` and ``instructions_of`` parse only the programs they are asked about, ``instructions`` parses
    every module. ``HloIndex(frame)`` wraps instructions already parsed.
    """

    def __init__(self, instructions: pd.DataFrame | None = None, protos: Mapping[str, bytes] | None = None) -> None:
        self._modules: dict[int, list[tuple[str, bytes]]] = {}  # program id -> its (key, serialized HloProto)
        for key, blob in (protos or {}).items():
            match = _PROGRAM_KEY.match(str(key))
            if match and int(match.group(2)) < 2**64:
                self._modules.setdefault(int(match.group(2)), []).append((str(key), bytes(blob)))
        self._programs: dict[int, _ProgramRows] = {}  # program id -> its instructions (parsed)
        self._parsed: dict[int, pd.DataFrame] = {}  # program id -> those rows as a frame (asked for alone)
        self._all: pd.DataFrame | None = instructions
        self._given = instructions is not None  # a frame given, not protos parsed here
        self._keyed: _Keyed | None = None
        self._shared = SharedTexts()  # the stack and shape texts of the parsed modules

    def __len__(self) -> int:
        """Modules (programs) the index holds."""
        return len(self._modules) if self._all is None else int(self._all["program_id"].nunique())

    @property
    def program_names(self) -> dict[int, str]:
        """program id -> module name, without parsing a module."""
        if self._all is not None:
            firsts = self._all.drop_duplicates("program_id")
            return dict(zip(firsts["program_id"].astype(int), firsts["module"].astype(str)))
        names = {}
        for pid, keys in self._modules.items():
            match = _PROGRAM_KEY.match(keys[0][0])
            names[pid] = match.group(1) if match else keys[0][0]
        return names

    @property
    def instructions(self) -> pd.DataFrame:
        """Every instruction of every program (parses the modules not parsed yet)."""
        if self._all is None:
            self._all = self.instructions_of(list(self._modules))
        return self._all

    def program_rows(self, program_id: int) -> list[dict] | None:
        """The rows (dicts of ``COLUMNS``) of ``instructions_of([program_id])``, read without making
        its frame: the values that frame holds where it types its columns as made (None otherwise,
        and where the instructions come from a frame or that frame exists: read the frame then)."""
        if self._all is not None or program_id not in self._modules or program_id in self._parsed:
            return None
        rows = self._rows_of(program_id)
        return rows if _typed_as_made(rows) else None

    def instructions_of(self, program_ids: list[int]) -> pd.DataFrame:
        """The instructions of some programs, in the order of ``program_ids`` (unknown ids: none)."""
        if self._all is not None:
            ins = self._all
            return ins[ins["program_id"].isin(np.asarray(program_ids, np.uint64)).to_numpy()]
        known = [pid for pid in program_ids if pid in self._modules]
        if len(known) == 1:
            return self._program(known[0])
        rows = [row for pid in known for row in self._rows_of(pid)]  # one frame, not one per program
        return _instruction_frame(rows)

    def programs_mentioning(self, *patterns: bytes) -> list[int]:
        """Programs whose serialized protos hold one of the byte strings (a cheap search before parsing)."""
        if self._all is not None:
            return sorted({int(p) for p in self._all["program_id"]})
        return [pid for pid, keys in self._modules.items() if any(pat in blob for _, blob in keys for pat in patterns)]

    def program_tree(self, program_id: int) -> dict[str, list] | None:
        """``TREE_COLUMNS`` of one program's instructions (lists, in ``instructions_of``' order, the values
        of its rows) read from its parsed modules without making their rows; None where those rows hold
        them (a frame given, rows made already, a module read field by field, an unknown program)."""
        if self._all is not None or program_id not in self._modules or program_id in self._parsed:
            return None
        return self._program_rows(program_id).tree_columns()

    def op_names(self, program_ids: list[int]) -> set[str]:
        """The framework op names (``metadata.op_name``) of these programs' instructions; a module not
        parsed yet is read by protobuf for them alone, without building its instructions' rows."""
        names: set[str] = set()
        for pid in program_ids:
            if pid in self._programs:  # parsed already: its instructions, no rows
                names.update(self._programs[pid].op_names())
                continue
            if self._all is not None or pid not in self._modules:
                ins = self.instructions_of([pid])
                names.update(str(n) for n in pd.unique(ins["op_name"]))
                continue
            for _, blob in self._modules[pid]:
                try:
                    module = hlo_pb2.HloProto.FromString(blob).hlo_module
                except Exception:  # noqa: BLE001 - a module protobuf rejects: its rows (read field by field)
                    names.update(str(row["op_name"]) for row in self._rows_of(pid))
                    break
                for comp in module.computations:
                    names.update(map(_OP_NAME, comp.instructions))
        return names

    def _rows_of(self, program_id: int) -> list[dict]:
        """The instruction rows of one program (each module parsed once)."""
        return self._program_rows(program_id).rows()

    def _program_rows(self, program_id: int) -> _ProgramRows:
        """One program's instructions, parsed on first use (their rows made when read)."""
        program = self._programs.get(program_id)
        if program is None:
            program = self._programs[program_id] = _ProgramRows(program_id, self._modules[program_id], self._shared)
        return program

    def _program(self, program_id: int) -> pd.DataFrame:
        frame = self._parsed.get(program_id)
        if frame is None:
            frame = self._parsed[program_id] = _instruction_frame(self._rows_of(program_id))
        return frame

    def lookup(self, program_id: np.ndarray, name: np.ndarray, masked: bool = True) -> tuple[pd.DataFrame, np.ndarray]:
        """The instruction of each (program id, name) pair: rows aligned with the input (NaN where
        unknown) and a mask of the pairs found. The first instruction of a name wins, as in XProf.
        ``masked=False``: the rows of pairs not found hold some other instruction's values (no NaN
        pass; for callers that select by the mask themselves)."""
        keyed, position = self._positions(program_id, name)
        found = position >= 0
        rows = keyed.rows_at(np.maximum(position, 0))
        if rows is None:  # the whole table's rows (a frame given; no instruction; no pair)
            table = keyed.table()
            rows = table.iloc[np.maximum(position, 0)] if len(table) else table.reindex(range(len(position)))
        rows = rows.reset_index(drop=True)
        if masked and not found.all():
            rows = rows.where(pd.Series(found))
        return rows, found

    def lookup_values(
        self, program_id: np.ndarray, name: np.ndarray, columns: list[str], missing: object = ""
    ) -> tuple[dict[str, np.ndarray], np.ndarray]:
        """``lookup``'s columns as object arrays (``missing`` where a pair is not found) and its mask,
        read from the instructions' rows without making a frame (for a few pairs, e.g. distinct ops)."""
        keyed, position = self._positions(program_id, name)
        found = position >= 0
        rows = [keyed.row(p) if p >= 0 else None for p in position.tolist()]
        out = {}
        for column in columns:
            values = np.empty(len(position), dtype=object)
            values[:] = [missing if row is None else row[column] for row in rows]
            out[column] = values
        return out, found

    def lookup_provenance(self, program_id: np.ndarray, name: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``lookup_values(program_id, name, ["provenance"])``'s column (object array, "" where a pair is
        not found) and mask, read without making the instructions' rows."""
        values, found = self.lookup_light_values(program_id, name, ["provenance"])
        return values["provenance"], found

    def lookup_light_values(
        self, program_id: np.ndarray, name: np.ndarray, columns: list[str]
    ) -> tuple[dict[str, np.ndarray], np.ndarray]:
        """``lookup_values(program_id, name, columns)`` (object arrays, "" where a pair is not found) for
        columns of ``LIGHT_COLUMNS``, read from the instructions without making their rows (no text,
        stack or shape made)."""
        unknown = set(columns) - set(LIGHT_COLUMNS)
        if unknown:
            raise ValueError(f"not readable without the instructions' rows: {sorted(unknown)}")
        keyed, position = self._positions(program_id, name)
        missing = [""] * len(columns)
        read = [keyed.light_values(p, columns) if p >= 0 else missing for p in position.tolist()]
        out = {}
        for k, column in enumerate(columns):
            values = np.empty(len(position), dtype=object)
            values[:] = [r[k] for r in read]
            out[column] = values
        return out, position >= 0

    def contains(self, program_id: np.ndarray, name: np.ndarray) -> np.ndarray:
        """Whether each (program id, name) pair names an instruction (``lookup``'s mask, without rows)."""
        return self._positions(program_id, name)[1] >= 0

    def _positions(self, program_id: np.ndarray, name: np.ndarray) -> tuple[_Keyed, np.ndarray]:
        """The keyed instructions and the position of each (program id, name) pair in them (-1: none)."""
        pids = np.asarray(program_id, dtype=np.uint64)
        names = np.asarray(name, dtype=object)
        keyed = self._keyed_for(self._programs_naming(pids, names))
        if not keyed.size:
            return keyed, np.full(len(pids), -1, np.int64)
        position = keyed.position
        pairs = zip(pids.tolist(), names.tolist())
        return keyed, np.fromiter((position.get(pair, -1) for pair in pairs), np.int64, len(pids))

    def _programs_naming(self, pids: np.ndarray, names: np.ndarray) -> list[int]:
        """The programs among ``pids`` whose protos may hold one of the names asked for with them: a
        module not parsed yet whose bytes hold none of those names is not parsed (e.g. the kernels
        of an XLA command buffer name ``command_buffer_1``, which no instruction is called)."""
        names_of: dict[int, set[object]] = {}  # program id -> the distinct names asked for with it
        for pid, name in zip(pids.tolist(), names.tolist()):
            names_of.setdefault(pid, set()).add(name)
        out = []
        for pid in sorted(names_of):
            if self._all is not None or pid in self._programs or pid not in self._modules:
                out.append(pid)
                continue
            wanted = {str(n).encode() for n in names_of[pid]}
            if any(w in blob for _, blob in self._modules[pid] for w in wanted):
                out.append(pid)
        return out

    def _keyed_for(self, program_ids: list[int]) -> _Keyed:
        """The instructions of (at least) these programs with unique (program id, name), first wins;
        kept until a lookup needs a program it does not hold."""
        wanted = frozenset(p for p in program_ids if self._all is not None or p in self._modules)
        if self._keyed is None or not wanted <= self._keyed.programs:
            have = wanted | (self._keyed.programs if self._keyed is not None else frozenset())
            self._keyed = self._key(sorted(have))
        return self._keyed

    def _key(self, program_ids: list[int]) -> _Keyed:
        """The first instruction of each (program id, name) of these programs, keyed."""
        if self._given:  # a frame given: its rows, its dtypes
            table = self.instructions_of(program_ids).drop_duplicates(["program_id", "name"])
            records = table.to_dict("records")
            keys = zip(table["program_id"].astype(np.uint64).tolist(), table["name"].tolist())
            position = {key: i for i, key in enumerate(keys)}
            return _Keyed(frozenset(program_ids), position, records=records, frame=table)
        refs: list[tuple[_ProgramRows, int]] = []  # (program, instruction) of each position
        position = {}
        for pid in program_ids:
            if pid not in self._modules:
                continue
            program = self._program_rows(pid)
            keys = list(zip(repeat(pid), program.names))
            first = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1)))  # key -> its first instruction
            if len(first) == len(keys):  # names unique in the program (the rule): every instruction, in order
                position.update(zip(keys, range(len(refs), len(refs) + len(keys))))
                refs.extend(zip(repeat(program), range(len(keys))))
                continue
            for j, key in enumerate(keys):  # every instruction once, as the parse itself
                if key not in position:
                    position[key] = len(refs)
                    refs.append((program, j))
        keyed = _Keyed(frozenset(program_ids), position, refs=refs)
        keyed.int64_computation_ids = all(
            self._programs[p].int64_computation_ids for p in program_ids if p in self._modules
        )
        return keyed


def _empty_instructions() -> pd.DataFrame:
    return pd.DataFrame(columns=COLUMNS)


_INT_COLUMNS = {"program_id": np.uint64, "computation_id": np.int64, "source_line": np.int64}
_TEXT_COLUMNS = [c for c in COLUMNS if c not in _INT_COLUMNS and c != "called"]


def _instruction_frame(rows: list[dict]) -> pd.DataFrame:
    """The rows as a frame (``COLUMNS``), typed as pandas infers them, built column by column."""
    if not rows:
        return _empty_instructions()
    columns: dict[str, Any] = {col: [row[col] for row in rows] for col in COLUMNS}
    if not _columns_typed_as_made(columns):
        return _inferred_instruction_frame(rows)  # computation ids beyond int64: pandas picks their dtype
    for col, dtype in _INT_COLUMNS.items():
        columns[col] = np.array(columns[col], dtype=dtype)
    for col in _TEXT_COLUMNS:
        columns[col] = strings(columns[col])
    called = np.empty(len(rows), dtype=object)
    for i, ids in enumerate(columns["called"]):
        called[i] = ids
    columns["called"] = called
    return typed_frame(columns)


def _typed_as_made(rows: list[dict]) -> bool:
    """Whether ``_instruction_frame`` of these rows (some) types their columns as made: texts all str,
    computation ids within int64 (else pandas infers the columns' types)."""
    return bool(rows) and _columns_typed_as_made({col: [row[col] for row in rows] for col in COLUMNS})


def _columns_typed_as_made(columns: dict[str, list]) -> bool:
    return _within_int64(columns["computation_id"]) and all(set(map(type, columns[c])) == {str} for c in _TEXT_COLUMNS)


def _within_int64(values: list[int]) -> bool:
    """Whether every value (none: True) fits an int64."""
    return not values or (-(2**63) <= min(values) and max(values) < 2**63)


def _inferred_instruction_frame(rows: list[dict]) -> pd.DataFrame:
    """``_instruction_frame`` through pandas' inference of every column."""
    frame = pd.DataFrame(rows, columns=COLUMNS)
    frame["program_id"] = frame["program_id"].astype(np.uint64)
    frame["source_line"] = frame["source_line"].astype(np.int64)
    return frame


def hlo_index(frames: Any) -> HloIndex:
    """The HLO instructions of a profile's frames (their ``hlo_protos``); ``OpStats.hlo_index`` keeps it."""
    return build_hlo_index(getattr(frames, "hlo_protos", None))


def build_hlo_index(hlo_protos: Mapping[str, bytes] | None) -> HloIndex:
    """The HLO instructions of every ``<module>(<program id>)`` proto of a profile (each module parsed
    when first asked for)."""
    return HloIndex(protos=hlo_protos)
