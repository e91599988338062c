"""nbprof.hlo.index: the HLO instructions of a profile, as XProf's HloInstructionWrapper reads them.

The instruction text, category, framework op and source of the ops on the AMD MI300X profiles
are compared with XProf 2.24.2's op profile in test_device_ops.py; these tests cover the
pieces one by one and damaged input.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from fixture_paths import FIXTURE_NAMES, MULTI_HOST_FIXTURE_NAMES
from google.protobuf.message import DecodeError
from wire_bytes import varint

import nbprof
from nbprof.hlo.index import build_hlo_index, framework_op_fullname, parse_hlo_proto
from nbprof.proto import hlo_pb2
from nbprof.proto.wire import fields

HERE = Path(__file__).parent


def test_metadata_of_a_jax_gemm():
    index = nbprof.load(HERE / "fixtures" / "amd_mi300x_gemm").op_stats().hlo_index
    rows, found = index.lookup(np.array([49, 1, 49], np.uint64), np.array(["custom-call.1", "copy.1", "nope"], object))
    assert list(found) == [True, True, False]
    call, copy = rows.iloc[0], rows.iloc[1]
    assert (call["op_name"], call["op_type"], call["provenance"]) == (
        "jit(dot)/dot_general",
        "",
        "jit(dot)/dot_general:",
    )
    assert call["category"] == "custom-call" and call["module"] == "jit_dot" and call["program"] == "jit_dot(49)"
    assert call["source_file"].endswith("generate_gemm_trace.py") and call["source_line"] == 37
    # The stack frames, innermost first, as file:line:column lines.
    assert call["source_stack"].splitlines()[0].endswith("generate_gemm_trace.py:37:16")
    assert len(call["source_stack"].splitlines()) == 3
    assert call["expression"].startswith("%custom-call.1 = (bf16[8192,8192]{1,0}, s8[79691776]{0}) custom-call(")
    assert (copy["provenance"], copy["source_file"], copy["source_line"]) == ("", "", -1)
    assert copy["category"] == "data formatting"
    assert index.instructions["program_id"].dtype == np.uint64


def test_framework_op_fullname_as_xprof():
    assert framework_op_fullname("", "") == ""
    assert framework_op_fullname("", "jit(f)/add") == "jit(f)/add:"
    assert framework_op_fullname("MatMul", "model/dense/MatMul") == "model/dense/MatMul:MatMul"
    assert framework_op_fullname("", "XLA_Args") == "XLA_Args:XLA_Args"


def test_damaged_protos_do_not_raise():
    index = build_hlo_index(
        {"m(1)": b"\x0a\xff\xff\x01", "no program id": b"\x0a\x00", "m(2)": b"\x0a\x05\x1a\x03\x12\x01"}
    )
    assert list(index.instructions.columns)[:2] == ["program", "program_id"]
    rows, found = index.lookup(np.array([1], np.uint64), np.array(["x"], object))
    assert not found.any() and len(rows) == 1
    assert len(build_hlo_index(None).instructions) == 0


@pytest.mark.parametrize("name", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_compiled_parser_gives_the_wire_readers_rows(load_fixture, name):
    """Each module is read by protobuf's compiled parser; the field-by-field wire reader (kept for
    modules protobuf rejects) gives the same rows on every fixture's HLO protos."""
    protos = load_fixture(name).hlo_protos
    for key, blob in protos.items():
        assert parse_hlo_proto(bytes(blob)) == parse_hlo_proto(bytes(blob), fast=False), key


def test_a_module_protobuf_rejects_is_read_field_by_field(load_fixture):
    blob = max(load_fixture("amd_mi300x_conv").hlo_protos.values(), key=len)
    whole = parse_hlo_proto(bytes(blob))
    # Module (field 1) cut in the middle of its computations: protobuf rejects it, the wire
    # reader keeps the instructions before the cut.
    module = dict(fields(bytes(blob)))[1]
    assert isinstance(module, bytes)
    cut = module[: len(module) // 2]
    damaged = b"\x0a" + varint(len(cut)) + cut
    with pytest.raises(DecodeError):
        hlo_pb2.HloModuleProto.FromString(cut)
    rows = parse_hlo_proto(damaged)
    assert rows == parse_hlo_proto(damaged, fast=False)
    assert 0 < len(rows) < len(whole)
    assert (rows[0]["name"], rows[0]["opcode"]) == (whole[0]["name"], whole[0]["opcode"])
