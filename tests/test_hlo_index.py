"""nbprof.hlo.index: the HLO instructions of a profile, as XProf's HloInstructionWrapper reads them.

The instruction text, category, framework op and source of the ops on the AMD MI300X profiles
are compared with XProf 2.24.2's op profile in test_device_ops.py; these tests cover the
pieces one by one and damaged input.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, MULTI_HOST_FIXTURE_NAMES
from google.protobuf.message import DecodeError
from wire_bytes import varint

import nbprof
from nbprof.hlo import index as index_module
from nbprof.hlo.index import (
    _inferred_instruction_frame,
    _instruction_frame,
    build_hlo_index,
    framework_op_fullname,
    parse_hlo_proto,
)
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


@pytest.mark.parametrize("name", ["amd_mi300x_conv", "flax_cnn_gpu", "jax_gpu_kernels", "torch_xla_train", "tpu_v6e"])
def test_rows_made_when_read_are_the_parsed_rows(load_fixture, name):
    """A fresh index makes only the rows a lookup reads; they, and a lookup's frame of them, are the
    rows and frame of the index with every instruction parsed."""
    protos = load_fixture(name).hlo_protos
    whole = build_hlo_index(protos)
    table = whole.instructions
    pick = table.iloc[::7]
    pids = np.r_[pick["program_id"].to_numpy(np.uint64), np.uint64(5)]
    names = np.r_[pick["name"].to_numpy(object), np.array(["nope"], object)]
    columns = list(table.columns)
    lazy = build_hlo_index(protos)
    values, found = lazy.lookup_values(pids, names, columns, missing=None)
    expected, expected_found = whole.lookup_values(pids, names, columns, missing=None)
    assert found.tolist() == expected_found.tolist() == [True] * len(pick) + [False]
    for column in columns:
        assert values[column].tolist() == expected[column].tolist(), column
    for masked in (True, False):
        rows, _ = build_hlo_index(protos).lookup(pids, names, masked=masked)  # the rows asked for alone
        full = build_hlo_index(protos)
        full._keyed_for(sorted({int(p) for p in pids}))  # the keyed table's rows, as a given frame
        keyed = full._keyed
        assert keyed is not None
        keyed.int64_computation_ids = False
        reference, _ = full.lookup(pids, names, masked=masked)
        pd.testing.assert_frame_equal(rows, reference, check_exact=True)


def test_instruction_frame_types_columns_as_pandas_infers_them(load_fixture):
    index = build_hlo_index(load_fixture("jax_gpu_kernels").hlo_protos)
    rows = [row for pid in index._modules for row in index._rows_of(pid)]
    for part in (rows, rows[:1], rows[::5]):
        pd.testing.assert_frame_equal(_instruction_frame(part), _inferred_instruction_frame(part), check_exact=True)
    beyond = [dict(rows[0], computation_id=2**63 + 1), dict(rows[1], computation_id=-1)]
    pd.testing.assert_frame_equal(_instruction_frame(beyond), _inferred_instruction_frame(beyond), check_exact=True)
    assert _instruction_frame(beyond)["computation_id"].dtype == object


def test_a_module_whose_rows_fail_is_read_field_by_field(load_fixture, monkeypatch):
    """Rows protobuf's parser cannot make (reading an instruction raises) come from the wire reader, as
    for a module protobuf rejects; those are the same rows, before and after the failure."""
    blob = bytes(max(load_fixture("amd_mi300x_conv").hlo_protos.values(), key=len))
    expected = parse_hlo_proto(blob, fast=False)
    real = index_module._compiled_instruction
    calls = {"n": 0}

    def failing(i, text_of):
        calls["n"] += 1
        if calls["n"] == 4:
            raise RuntimeError("unreadable")
        return real(i, text_of)

    monkeypatch.setattr(index_module, "_compiled_instruction", failing)
    assert parse_hlo_proto(blob) == expected
    calls["n"] = 0
    index = build_hlo_index({"m(7)": blob})
    rows = [index._program_rows(7).row(j) for j in (0, 1, 2, 5, 3, 4)]
    assert [r["expression"] for r in rows] == [expected[j]["expression"] for j in (0, 1, 2, 5, 3, 4)]


def test_an_index_pickles_with_its_rows_made_or_not(load_fixture):
    import pickle

    index = build_hlo_index(load_fixture("amd_mi300x_gemm").hlo_protos)
    pids, names = np.array([49, 1], np.uint64), np.array(["custom-call.1", "copy.1"], object)
    expected, _ = index.lookup(pids, names)
    again = pickle.loads(pickle.dumps(index))
    rows, found = again.lookup(pids, names)
    assert found.all()
    pd.testing.assert_frame_equal(rows, expected)
    pd.testing.assert_frame_equal(again.instructions, index.instructions)


def test_op_names_are_the_same_before_and_after_every_row_is_made(load_fixture):
    protos = load_fixture("flax_cnn_gpu").hlo_protos
    fresh = build_hlo_index(protos)
    programs = list(fresh._modules)
    expected = fresh.op_names(programs)  # read by protobuf, no rows
    parsed = build_hlo_index(protos)
    parsed.contains(np.array(programs, np.uint64), np.array(["x"] * len(programs), object))
    assert parsed.op_names(programs) == expected  # names parsed, rows not made
    parsed.instructions_of(programs)
    assert parsed.op_names(programs) == expected  # every row made: the rows' op names
    assert expected == set(parsed.instructions["op_name"])


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "flax_cnn_gpu", "jax_two_gpu_procs"])
def test_modules_sharing_texts_give_the_rows_of_modules_alone(load_fixture, name):
    """Modules of one index share stack and shape texts (equal stack frame indexes, equal shapes):
    each module's rows, read in any order, are those of the module read with texts of its own."""
    protos = load_fixture(name).hlo_protos
    shared = index_module.SharedTexts()
    blobs = list(protos.values())
    together = [index_module._hlo_modules(blob, shared=shared) for blob in blobs]
    for k in reversed(range(max(len(m.names) for ms in together for m in ms))):  # rows read last first
        for modules in together:
            for module in modules:
                if k < len(module.names):
                    module.row(k)
    assert len(shared.stacks) <= len(blobs)
    for blob, modules in zip(blobs, together):
        alone = index_module._hlo_modules(blob)
        assert [m.rows() for m in modules] == [m.rows() for m in alone]
        assert sum((m.rows() for m in modules), []) == parse_hlo_proto(blob, fast=False)


@pytest.mark.parametrize("name", ["flax_cnn_train", "jax_two_hosts", "torch_xla_train", "amd_mi300x_gemm"])
def test_compiled_stack_frames_are_the_wire_readers_frames(load_fixture, name):
    """A module's stack frames read from its parsed protobuf are those the wire reader decodes from its
    bytes: every frame id, unknown ones (0, past the end) included, and after pickling."""
    import pickle

    for blob in load_fixture(name).hlo_protos.values():
        module = hlo_pb2.HloProto.FromString(bytes(blob)).hlo_module
        index = module.stack_frame_index
        wire = index_module._StackFrames(index.SerializeToString())
        compiled = index_module._CompiledStackFrames(index)
        ids = range(len(index.stack_frames) + 2)
        assert [compiled.get(i) for i in ids] == [wire.get(i) for i in ids]
        again = pickle.loads(pickle.dumps(compiled))
        assert [again.get(i) for i in ids] == [wire.get(i) for i in ids]


def test_compiled_stack_frames_hold_no_repeated_field(load_fixture):
    """Only the message is kept, never one of its repeated fields' containers: a container still alive
    when the interpreter tears protobuf down crashed its final collection (protobuf 5.27, the floor)."""
    for blob in load_fixture("flax_cnn_gpu").hlo_protos.values():
        index = hlo_pb2.HloProto.FromString(bytes(blob)).hlo_module.stack_frame_index
        compiled = index_module._CompiledStackFrames(index)
        [compiled.get(i) for i in range(len(index.stack_frames) + 2)]
        kinds = {type(value).__name__ for value in vars(compiled).values()}
        assert not any("Repeated" in kind for kind in kinds), kinds
