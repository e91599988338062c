"""memory_viewer: XLA buffer assignment at its peak, checked against XProf 2.24.2.

The references (tests/reference/<fixture>/memory_viewer.json, made by
scripts/copy_reference_memory.py) are XProf's memory_viewer outputs for the module named in
them, in MiB as XProf writes them: MiB x 2**20 gives exact bytes.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture

from nbprof.errors import NbprofError
from nbprof.hlo import shapes as _hlo_shapes
from nbprof.proto import hlo_pb2
from nbprof.tools import memory_viewer as mv
from nbprof.tools.memory_viewer import MemoryViewerError, memory_viewer, module_times
from nbprof.xspace import typed_frame as typed_frame_module
from nbprof.xspace.typed_frame import string_array

HERE = Path(__file__).parent
MIB = 1 << 20
WITH_HLO = ["jax_mlp_train", "jax_mlp_train_pytrace", "tpu_v6e", "jax_gpu_train", "flax_cnn_gpu", "jax_gpu_kernels"]


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


@functools.cache
def reference(fixture: str) -> dict:
    return json.loads((HERE / "reference" / fixture / "memory_viewer.json").read_text())


@functools.cache
def result(fixture: str):
    return memory_viewer(load(fixture).op_stats(), reference(fixture)["module"])


def exact_bytes(mib: float) -> int:
    value = mib * MIB
    assert value == int(value)
    return int(value)


@pytest.mark.parametrize("fixture", WITH_HLO)
def test_peak_sizes_match_xprof_exactly(fixture):
    ref = reference(fixture)
    s = result(fixture).summary
    assert s["module_name"] == ref["moduleName"]
    assert s["entry_computation"] == ref["entryComputationName"]
    assert s["peak_bytes"] == exact_bytes(ref["peakHeapMib"])
    assert s["peak_unpadded_bytes"] == exact_bytes(ref["peakUnpaddedHeapMib"])
    assert s["peak_position"] == ref.get("peakHeapSizePosition", 0)


@pytest.mark.parametrize("fixture", WITH_HLO)
def test_allocation_totals_match_xprof(fixture):
    ref = reference(fixture)
    s = result(fixture).summary
    for ours, theirs in [
        ("entry_parameters_bytes", "entryComputationParametersMib"),
        ("maybe_live_out_bytes", "maybeLiveOutMib"),
        ("non_reusable_bytes", "nonReusableMib"),
        ("total_allocation_bytes", "totalBufferAllocationMib"),
        ("indefinite_allocation_bytes", "indefiniteBufferAllocationMib"),
    ]:
        assert s[ours] == exact_bytes(ref.get(theirs, 0.0)), ours


@pytest.mark.parametrize("fixture", WITH_HLO)
def test_heap_timeline_matches_xprof(fixture):
    ref = reference(fixture)
    tl = result(fixture).heap_timeline
    assert tl["heap_bytes"].tolist() == [exact_bytes(x) for x in ref["heapSizes"]]
    assert tl["unpadded_heap_bytes"].tolist() == [exact_bytes(x) for x in ref["unpaddedHeapSizes"]]
    assert tl["instruction"].tolist() == ref["hloInstructionNames"]
    assert tl["heap_bytes"].max() == result(fixture).summary["peak_bytes"]


@pytest.mark.parametrize("fixture", WITH_HLO)
def test_buffers_at_peak_match_xprof(fixture):
    ref = reference(fixture)["maxHeap"]
    buffers = result(fixture).buffers
    assert len(buffers) == len(ref)
    for (_, row), theirs in zip(buffers.iterrows(), ref):
        assert row["name"] == theirs.get("instructionName", theirs["label"])
        assert row["size_bytes"] == exact_bytes(theirs["logicalBufferSizeMib"])
        assert row["unpadded_bytes"] == exact_bytes(theirs.get("unpaddedShapeMib", 0.0))
        assert row["shape"] == theirs.get("shapeString", "")
        assert row["tf_op"] == theirs.get("tfOpName", "")
        assert row["allocation_type"] == theirs.get("groupName", "")
        assert row["opcode"] == theirs.get("opCode", "")
        assert row["logical_buffer_id"] == theirs["logicalBufferId"]
        if "instructionName" in theirs:
            assert row["label"] == theirs["label"]


@pytest.mark.parametrize("fixture", WITH_HLO)
def test_buffers_by_size_match_xprof(fixture):
    by_size = result(fixture).buffers_by_size
    assert by_size["size_bytes"].tolist() == [exact_bytes(x) for x in reference(fixture)["maxHeapBySizeMib"]]


def test_padding_and_expansion_columns():
    b = result("jax_mlp_train").buffers
    real = b[b["category"] != "small"]
    assert (real["padding_bytes"] == real["size_bytes"] - real["unpadded_bytes"]).all()
    assert (real["expansion"] == real["size_bytes"] / real["unpadded_bytes"]).all()
    assert set(real["allocation_type"]) <= {"Parameter", "Output", "Thread-local", "Constant", "Temporary"}
    assert b["category"].iloc[-1] == "small" and b["name"].iloc[-1] == "small (<16384 bytes)"


def test_default_module_is_the_one_that_ran_longest():
    """Deliberate difference: XProf opens the first module of its (unordered) list; we open the
    module whose XLA ops took most time in the profile."""
    prof = load("jax_mlp_train")
    res = memory_viewer(prof.op_stats())
    assert res.module == "jit_train_step(30)"
    times = module_times(prof)
    assert times.index[0] == "jit_train_step(30)"
    assert memory_viewer(load("tpu_v6e").op_stats()).module == reference("tpu_v6e")["module"]


def test_modules_list_and_plain_names():
    prof = load("jax_mlp_train")
    res = prof.memory_viewer()
    assert len(res.modules) == 18 and "jit_train_step(30)" in res.modules
    assert memory_viewer(prof.op_stats(), "jit_train_step").module == "jit_train_step(30)"
    with pytest.raises(MemoryViewerError) as info:
        memory_viewer(prof.op_stats(), "jit__normal")  # three programs share this name
    assert "several" in str(info.value)
    with pytest.raises(NbprofError):
        memory_viewer(prof.op_stats(), "no_such_module")


@pytest.mark.parametrize("module", ["jit_multiply(12)", "jit_stage(0)", "jit__normal(8)", "jit__threefry_split(4)"])
def test_every_module_replays(module):
    res = memory_viewer(load("jax_mlp_train").op_stats(), module)
    assert res.summary["peak_bytes"] >= res.summary["indefinite_bytes"] >= 0
    assert res.summary["peak_bytes"] == res.buffers["size_bytes"].sum()


def test_profile_without_hlo_protos():
    res = memory_viewer(load("tf_keras_fit").op_stats())
    assert not res.available and res.modules == []
    assert "no HLO module protos" in res.message
    assert len(res.buffers) == 0 and len(res.heap_timeline) == 0
    assert res.summary["peak_bytes"] == 0


def test_repr():
    text = repr(result("tpu_v6e"))
    assert "jit_f(12190760917235803885)" in text and "20,480.00 MiB" in text


def test_shape_text_follows_xla():
    def array(dims, minor_to_major, tiles=(), memory_space=0, et=hlo_pb2.F32):
        s = hlo_pb2.ShapeProto(element_type=et, dimensions=dims)
        s.layout.minor_to_major.extend(minor_to_major)
        for t in tiles:
            s.layout.tiles.add(dimensions=t)
        s.layout.memory_space = memory_space
        return s

    assert _hlo_shapes.shape_text(array([784, 512], [1, 0])) == "f32[784,512]{1,0}"
    assert _hlo_shapes.shape_text(array([], [])) == "f32[]"
    tiled = array([5, 1024], [1, 0], tiles=[[8, 128]], memory_space=5)
    assert _hlo_shapes.shape_text(tiled) == "f32[5,1024]{1,0:T(8,128)S(5)}"
    tup = hlo_pb2.ShapeProto(element_type=hlo_pb2.TUPLE)
    for _ in range(6):
        tup.tuple_shapes.append(array([2], [0], et=hlo_pb2.BF16))
    assert _hlo_shapes.shape_text(tup) == "(" + ", ".join(["bf16[2]{0}"] * 5) + ", /*index=5*/bf16[2]{0})"
    assert _hlo_shapes.unpadded_bytes(tup) == 48
    assert _hlo_shapes.unpadded_bytes(array([3, 5], [1, 0], et=hlo_pb2.BF16)) == 30


@pytest.mark.parametrize("fixture", WITH_HLO)
def test_buffer_blocks_match_xprof(fixture):
    """XProf's allocation timeline (its order of allocations is a hash map's: compare as sets)."""
    ref = {
        (
            b.get("logicalBufferId"),
            b.get("name"),
            int(b.get("offset", 0)),
            int(b["size"]),
            b.get("startStep", 0),
            b.get("endStep", 0),
            b.get("tfOpName", ""),
            b.get("category", ""),
            b.get("shapeString", ""),
            int(b.get("unpaddedSize", 0)),
        )
        for b in reference(fixture)["bufferBlocks"]
    }
    blocks = result(fixture).buffer_blocks
    ours = {
        tuple(r)
        for r in blocks[
            [
                "logical_buffer_id",
                "name",
                "offset_bytes",
                "size_bytes",
                "start_step",
                "end_step",
                "tf_op",
                "allocation_type",
                "shape",
                "unpadded_bytes",
            ]
        ].itertuples(index=False)
    }
    assert ours == ref


# ------------------------------------------------------------ frames made without pandas' inference
def _no_arrow_buffers(values, dtype):
    raise TypeError("as a pandas without ArrowStringArray")


@pytest.mark.parametrize("fixture", ["jax_mlp_train", "tpu_v6e"])
def test_every_frame_equals_pandas_own_construction(fixture, monkeypatch):
    """The result with pandas' public constructors (no Arrow buffers, no internal frame constructor)."""
    fast = result(fixture)
    monkeypatch.setattr(typed_frame_module, "_arrays_to_mgr", None)
    monkeypatch.setattr(typed_frame_module, "_arrow_strings", _no_arrow_buffers)
    slow = memory_viewer(load(fixture).op_stats(), reference(fixture)["module"])
    for name in ("buffers", "heap_timeline", "buffer_blocks"):
        pd.testing.assert_frame_equal(getattr(fast, name), getattr(slow, name))
    assert fast.summary == slow.summary


def test_text_columns_are_what_pandas_builds():
    texts = ["a", "", "ünï", "x" * 40]
    columns = {
        "name": string_array(texts, pd.StringDtype()),
        "size": np.arange(4, dtype=np.int64),
        "ratio": np.linspace(0.0, 1.0, 4),
    }
    expected = pd.DataFrame(
        {"name": pd.array(texts, dtype="string"), "size": columns["size"], "ratio": columns["ratio"]}
    )
    pd.testing.assert_frame_equal(typed_frame_module.typed_frame(columns), expected)
    empty = typed_frame_module.typed_frame({"name": string_array([], pd.StringDtype()), "size": np.zeros(0, np.int64)})
    expected_empty = pd.DataFrame({"name": pd.array([], dtype="string"), "size": np.zeros(0, np.int64)})
    pd.testing.assert_frame_equal(empty, expected_empty)


@pytest.mark.parametrize("values", [["a", None], ["a", 3], ["\ud800"]])  # missing, not str, a lone surrogate
def test_values_arrow_cannot_hold_as_str_take_pandas_own_conversion(values):
    try:
        expected = pd.array(values, dtype="string")
    except Exception as err:  # what pandas refuses, string_array refuses the same way
        with pytest.raises(type(err)):
            string_array(values, pd.StringDtype())
    else:
        pd.testing.assert_extension_array_equal(string_array(values, pd.StringDtype()), expected)


def test_public_constructor_where_pandas_internals_differ(monkeypatch):
    monkeypatch.setattr(typed_frame_module, "_arrays_to_mgr", None)
    columns = {"a": np.arange(3), "b": string_array(["x", "y", "z"], pd.StringDtype())}
    pd.testing.assert_frame_equal(typed_frame_module.typed_frame(columns), pd.DataFrame(columns))


def test_empty_result_frames_are_what_pandas_builds():
    viewer = mv._empty([], "none")
    for got, dtypes in (
        (viewer.buffers, mv._BUFFER_COLUMNS),
        (viewer.heap_timeline, mv._TIMELINE_COLUMNS),
        (viewer.buffer_blocks, mv._BLOCK_COLUMNS),
    ):
        pd.testing.assert_frame_equal(got, pd.DataFrame({c: pd.Series(dtype=t) for c, t in dtypes.items()}))
