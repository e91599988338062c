"""The HLO instructions of a profile's programs: category, framework op and fusion contents.

Reads the serialized ``HloProto`` s the profile carries (``prof.hlo_protos``, keyed
``<module>(<program id>)``) with a small wire-format reader, keeping only the fields op
profile needs (XLA's ``hlo.proto`` field numbers): per instruction its name (1), opcode (2),
metadata (7: op_name 2, source_file 3, source_line 4, deduplicated_name 12), fusion_kind (11),
id (35) and called computations (38). Categories follow XLA's ``HloInstruction::ToCategory``.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field

import pandas as pd

from nbprof.proto.wire import fields, packed_ints

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

COLUMNS = ["program", "program_id", "computation_id", "name", "opcode", "category", "tf_op", "source_file",
           "source_line", "deduplicated_name", "called"]  # fmt: skip


def hlo_category(opcode: str, fusion_kind: str) -> str:
    """XLA's category of an instruction (``HloInstruction::ToCategory``)."""
    if opcode == "fusion":
        return FUSION_KIND_CATEGORY.get(fusion_kind, "fusion")
    if opcode in DATA_FORMATTING:
        return "data formatting"
    if opcode in ELEMENTWISE:
        return "non-fusion elementwise"
    return opcode


def _text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else ""


def _instruction(blob: bytes) -> dict:
    row = {"name": "", "opcode": "", "fusion_kind": "", "tf_op": "", "source_file": "", "source_line": 0,
           "deduplicated_name": "", "id": -1, "called": []}  # fmt: skip
    for num, value in fields(blob):
        if num == 1:
            row["name"] = _text(value)
        elif num == 2:
            row["opcode"] = _text(value)
        elif num == 11:
            row["fusion_kind"] = _text(value)
        elif num == 35 and isinstance(value, int):
            row["id"] = value
        elif num == 38:
            row["called"] = row["called"] + packed_ints(value)
        elif num == 7 and isinstance(value, bytes):
            for mnum, mvalue in fields(value):
                if mnum == 2:
                    row["tf_op"] = _text(mvalue)
                elif mnum == 3:
                    row["source_file"] = _text(mvalue)
                elif mnum == 4 and isinstance(mvalue, int):
                    row["source_line"] = mvalue
                elif mnum == 12:
                    row["deduplicated_name"] = _text(mvalue)
    return row


def parse_hlo_proto(blob: bytes) -> list[dict]:
    """Instructions of one serialized ``HloProto`` (field 1: ``HloModuleProto``)."""
    rows: list[dict] = []
    for num, module in fields(blob):
        if num != 1 or not isinstance(module, bytes):
            continue
        for mnum, comp in fields(module):
            if mnum != 3 or not isinstance(comp, bytes):
                continue
            comp_id = -1
            instructions = []
            for cnum, cvalue in fields(comp):
                if cnum == 2 and isinstance(cvalue, bytes):
                    instructions.append(_instruction(cvalue))
                elif cnum == 5 and isinstance(cvalue, int):
                    comp_id = cvalue
            for ins in instructions:
                ins["computation_id"] = comp_id
            rows.extend(instructions)
    return rows


@dataclass
class HloIndex:
    """All instructions of all programs, plus fusion contents."""

    instructions: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=COLUMNS))

    def lookup(self, program_id: object, name: str) -> pd.Series | None:
        """The instruction ``name`` of program ``program_id`` (None if unknown)."""
        key = (str(program_id), name)
        try:
            return self._by_key.loc[key]
        except (KeyError, AttributeError):
            return None

    def fused(self, program_id: object, name: str) -> list[pd.Series]:
        """Instructions inside fusion ``name`` (parameters excluded), in program order."""
        ins = self.lookup(program_id, name)
        if ins is None or ins["opcode"] != "fusion":
            return []
        inside = self.instructions[
            (self.instructions["program_id"] == str(program_id))
            & self.instructions["computation_id"].isin(list(ins["called"]))
            & (self.instructions["opcode"] != "parameter")
        ]
        return [row for _, row in inside.iterrows()]

    def finish(self) -> HloIndex:
        frame = self.instructions
        self._by_key = frame.drop_duplicates(["program_id", "name"]).set_index(["program_id", "name"])
        return self


_CACHE: weakref.WeakKeyDictionary[object, HloIndex] = weakref.WeakKeyDictionary()
_PROGRAM_KEY = re.compile(r"^(.*)\((\d+)\)$")


def hlo_index(prof) -> HloIndex:
    """The profile's HLO instructions (parsed once per profile)."""
    try:
        return _CACHE[prof]
    except (KeyError, TypeError):
        pass
    rows: list[dict] = []
    for key, blob in (getattr(prof, "hlo_protos", None) or {}).items():
        match = _PROGRAM_KEY.match(str(key))
        program_id = match.group(2) if match else ""
        for ins in parse_hlo_proto(bytes(blob)):
            ins["program"] = str(key)
            ins["program_id"] = program_id
            rows.append(ins)
    frame = pd.DataFrame(rows, columns=COLUMNS + ["fusion_kind", "id"]) if rows else pd.DataFrame(columns=COLUMNS)
    if len(frame):
        frame["category"] = [hlo_category(o, k) for o, k in zip(frame["opcode"], frame["fusion_kind"])]
    index = HloIndex(frame).finish()
    try:
        _CACHE[prof] = index
    except TypeError:
        pass
    return index
