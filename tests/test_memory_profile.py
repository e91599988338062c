"""memory_profile: allocator timeline, peak and breakdown at peak, checked against XProf 2.24.2.

The references (tests/reference/<fixture>/memory_profile.json, made by
scripts/copy_reference_memory.py) are XProf's memory_profile outputs for the same files,
trimmed to what is compared: per allocator the summary, the breakdown rows at the peak and
the down-sampled timeline (offsets and step ids).
"""

from __future__ import annotations

import functools
import json
from dataclasses import fields
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture

import nbprof
from nbprof.errors import NbprofError
from nbprof.opstats import OpStats
from nbprof.tools import memory_profile as mp
from nbprof.tools.memory_profile import MemoryProfileError, memory_profile, sample_timeline
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames

HERE = Path(__file__).parent
WITH_MEMORY = [
    "tf_cpu_bfc_memory",
    "tf_custom_loop",
    "tf_keras_fit",
    "gpu_v100",
    "tpu_v6e",
    "tf_keras2_fit",
    "tf_keras2_input_bound",
    "jax_gpu_train",
    "flax_cnn_gpu",
    "jax_gpu_kernels",
]
WITHOUT_MEMORY = ["jax_mlp_train", "jax_mlp_train_pytrace", "flax_cnn_train", "torch_xla_train"]


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


@functools.cache
def reference(fixture: str) -> dict:
    return json.loads((HERE / "reference" / fixture / "memory_profile.json").read_text())


@functools.cache
def result(fixture: str, memory_id: str):
    return memory_profile(load(fixture).op_stats(), memory_id)


def allocators() -> list[tuple[str, str]]:
    return [(f, m) for f in WITH_MEMORY for m in reference(f)["memoryIds"]]


@pytest.mark.parametrize("fixture", WITH_MEMORY + WITHOUT_MEMORY)
def test_memory_ids_match_xprof(fixture):
    res = memory_profile(load(fixture).op_stats())
    assert res.memory_ids == reference(fixture)["memoryIds"]


@pytest.mark.parametrize("fixture,memory_id", allocators())
def test_peak_matches_xprof(fixture, memory_id):
    ref = reference(fixture)["allocators"][memory_id]["profileSummary"]
    peak = ref["peakStats"]
    s = result(fixture, memory_id).summary
    assert s["peak_bytes_in_use"] == int(peak["peakBytesInUse"])
    assert s["peak_heap_bytes"] == int(peak.get("heapAllocatedBytes", 0))
    assert s["peak_stack_bytes"] == int(peak.get("stackReservedBytes", 0))
    assert s["peak_free_bytes"] == int(peak.get("freeMemoryBytes", 0))
    assert s["peak_fragmentation"] == pytest.approx(peak.get("fragmentation", 0.0), abs=1e-6)
    assert s["capacity_bytes"] == int(ref["memoryCapacity"])
    assert s["peak_heap_lifetime_bytes"] == int(ref["peakBytesUsageLifetime"])
    # XProf's timestamp is the event's offset on its line; ours is on the profile's axis
    assert s["peak_offset_ps"] == int(ref["peakStatsTimePs"])


@pytest.mark.parametrize("fixture,memory_id", allocators())
def test_peak_time_is_the_peak_event_on_the_profile_axis(fixture, memory_id):
    prof = load(fixture)
    s = result(fixture, memory_id).summary
    event = prof.events.iloc[s["peak_event"]]
    assert event["name"] in ("MemoryAllocation", "MemoryDeallocation")
    assert s["peak_time_ps"] == int(event["start_ps"])
    assert int(event["bytes_allocated"]) + int(event["bytes_reserved"]) == s["peak_bytes_in_use"]


@pytest.mark.parametrize("fixture,memory_id", allocators())
def test_breakdown_at_peak_matches_xprof(fixture, memory_id):
    ref = reference(fixture)["allocators"][memory_id]
    cols = ref["breakdown_columns"]
    got = result(fixture, memory_id).breakdown[cols]
    rows = [list(r) for r in got.itertuples(index=False)]
    assert rows == ref["breakdown"]


@pytest.mark.parametrize("fixture,memory_id", allocators())
def test_sampled_timeline_matches_xprof(fixture, memory_id):
    """XProf's chart keeps 1000 snapshots (max of stack + heap per box); same rows, same steps."""
    ref = reference(fixture)["allocators"][memory_id]
    sampled = result(fixture, memory_id).sampled_timeline()
    assert len(sampled) == ref["sampled_count"]
    assert int(sampled["offset_ps"].sum()) == ref["sampled_offset_ps_sum"]
    assert sampled["offset_ps"].head(10).tolist() == ref["sampled_offsets_head"]
    steps = sampled["step_id"].to_numpy()
    runs = []
    for v in steps:
        if runs and runs[-1][0] == v:
            runs[-1][1] += 1
        else:
            runs.append([int(v), 1])
    assert runs == ref["sampled_step_runs"]


@pytest.mark.parametrize("fixture,memory_id", allocators())
def test_counts_cover_every_event(fixture, memory_id):
    """Deliberate difference: XProf's summary counts (de)allocations among the <= 1000 sampled
    snapshots its chart keeps; we count every allocator event."""
    res = result(fixture, memory_id)
    kinds = res.timeline["kind"]
    assert res.summary["num_allocations"] == int((kinds == "allocation").sum())
    assert res.summary["num_deallocations"] == int((kinds == "deallocation").sum())
    ref = reference(fixture)["allocators"][memory_id]
    assert res.summary["num_allocations"] >= ref["sampled_allocations"]
    if ref["sampled_count"] < 1000:  # nothing was sampled away: the counts agree
        assert res.summary["num_allocations"] == ref["sampled_allocations"]


@pytest.mark.parametrize("fixture,memory_id", allocators())
def test_timeline_frame(fixture, memory_id):
    tl = result(fixture, memory_id).timeline
    for column in (
        "time_ms",
        "stack_bytes",
        "heap_bytes",
        "free_bytes",
        "fragmentation",
        "kind",
        "requested_bytes",
        "allocation_bytes",
        "tf_op",
        "step_id",
        "region_type",
        "data_type",
        "shape",
        "in_use_bytes",
    ):
        assert column in tl
    assert (np.diff(tl["offset_ps"].to_numpy()) >= 0).all()
    assert (tl["in_use_bytes"] == tl["stack_bytes"] + tl["heap_bytes"]).all()
    assert np.allclose(tl["time_ms"], tl["time_ps"] / 1e9)
    assert set(tl["kind"]) <= {"allocation", "deallocation"}


def test_deallocations_carry_their_allocation_metadata():
    tl = result("tf_keras_fit", "mklcpu").timeline
    freed = tl[(tl["kind"] == "deallocation") & (tl["tf_op"] != "")]
    assert len(freed) > 0
    allocs = tl[tl["kind"] == "allocation"]
    assert set(freed["tf_op"]) <= set(allocs["tf_op"])


def test_breakdown_accounts_for_the_peak_heap():
    res = result("tf_cpu_bfc_memory", "bfc_cpu_allocator_for_gpu")
    b = res.breakdown
    total = int((b["allocation_bytes"] * b["occurrences"]).sum())
    assert total == res.summary["peak_bytes_in_use"]
    assert b["special"].sum() == 1
    assert b.loc[b["special"], "tf_op"].tolist() == ["unused preallocated device memory"]


def test_stack_row_on_tpu():
    b = result("tpu_v6e", "0").breakdown
    stack = b[b["tf_op"] == "stack"]
    assert len(stack) == 1 and stack["region_type"].iloc[0] == "stack"


@pytest.mark.parametrize("fixture", WITHOUT_MEMORY)
def test_no_allocator_events_is_a_result_not_an_error(fixture):
    res = memory_profile(load(fixture).op_stats())
    assert not res.available
    assert res.memory_ids == []
    assert "no memory profile data" in res.message
    assert len(res.timeline) == 0 and len(res.breakdown) == 0
    assert "no memory profile data" in repr(res)


def test_unknown_memory_id_is_a_clear_error():
    with pytest.raises(MemoryProfileError) as info:
        memory_profile(load("tf_keras_fit").op_stats(), "GPU_0_bfc")
    assert isinstance(info.value, NbprofError)
    assert "mklcpu" in str(info.value)


def test_profile_method_and_repr():
    res = load("tf_keras_fit").memory_profile()
    assert res.memory_id == "mklcpu"
    assert "mklcpu" in repr(res) and "GiB" in repr(res)


def test_sampling_keeps_the_largest_in_each_box():
    tl = result("tf_cpu_bfc_memory", "bfc_cpu_allocator_for_gpu").timeline
    sampled = sample_timeline(tl, 100)
    assert len(sampled) == 100
    assert sampled["in_use_bytes"].max() == tl["in_use_bytes"].max()
    assert len(sample_timeline(tl, len(tl) + 5)) == len(tl)


def _built_profile(tmp_path):
    """A small allocator trace with the cases real captures rarely show side by side."""
    from xspace_builder import XSpaceBuilder

    b = XSpaceBuilder()
    b.task_environment(start_ns=1_000_000, stop_ns=2_000_000)
    line = b.plane("/host:CPU").line("tf_Compute", timestamp_ns=5_000)
    heap = 0

    def event(kind, t, addr, size, op="", memory=None):
        nonlocal heap
        heap += size if kind == "MemoryAllocation" else -size
        stats = {
            "bytes_reserved": 0,
            "bytes_allocated": heap,
            "bytes_available": 1000 - heap,
            "fragmentation": 0.25,
            "peak_bytes_in_use": 300,
            "requested_bytes": size - 1,
            "allocation_bytes": size,
            "addr": addr,
            "data_type": 1,
            "device_ordinal": 0,
        }
        if op:
            stats.update(tf_op=op, region_type="output", shape="[4]")
        if memory:
            stats = {"allocator_name": memory, "bytes_allocated": 7, "allocation_bytes": 3, "addr": 1}
        line.event(kind, offset_ps=t, duration_ps=0, stats=stats)

    event("MemoryAllocation", 10, addr=1, size=100, op="a")
    event("MemoryAllocation", 20, addr=2, size=50, op="b")
    event("MemoryDeallocation", 30, addr=1, size=100)
    event("MemoryAllocation", 40, addr=3, size=200, op="c")  # peak: 250
    event("MemoryDeallocation", 50, addr=3, size=200)
    event("MemoryAllocation", 60, addr=5, size=10, op="p")
    event("MemoryAllocation", 70, addr=5, size=10, op="q")  # same address again
    event("MemoryDeallocation", 80, addr=5, size=10)
    event("MemoryAllocation", 90, addr=1, size=0, memory="bfc")
    b.write(tmp_path)
    return nbprof.load(tmp_path)


def test_built_trace_follows_xprof_rules(tmp_path):
    prof = _built_profile(tmp_path)
    res = memory_profile(prof.op_stats())
    assert res.memory_ids == ["0", "bfc"]  # device_ordinal when there is no allocator_name
    assert res.memory_id == "0"
    s = res.summary
    assert s["peak_bytes_in_use"] == 250 and s["peak_offset_ps"] == 40
    assert s["peak_time_ps"] == 40 + 5_000 * 1000  # line timestamp is relative to the session start
    assert s["capacity_bytes"] == 1000 and s["peak_heap_lifetime_bytes"] == 300
    assert (s["num_allocations"], s["num_deallocations"]) == (5, 3)
    tl = res.timeline
    freed = tl[tl["kind"] == "deallocation"]
    # a deallocation is named after the first allocation at its address since the last free
    assert freed["tf_op"].tolist() == ["a", "c", "p"]
    assert set(tl["step_id"]) == {0}  # no steps: every event gets last valid step (-1) + 1
    b = res.breakdown
    assert b[["tf_op", "allocation_bytes", "requested_bytes", "occurrences"]].values.tolist() == [
        ["c", 200, 199, 1],
        ["b", 50, 49, 1],
    ]
    assert not b["special"].any()  # every heap byte at the peak is accounted for
    assert b["data_type"].tolist() == ["float", "float"]
    other = memory_profile(prof.op_stats(), "bfc")
    assert other.summary["peak_heap_bytes"] == 7
    # heap the profile's allocations do not explain (7 - 3 bytes) is XProf's "unused preallocated" row
    assert other.breakdown[["tf_op", "allocation_bytes"]].values.tolist() == [
        ["unused preallocated device memory", 4],
        ["", 3],
    ]


@pytest.mark.parametrize("decoder", ["native", "fast"])
def test_no_allocator_events_known_without_building_the_frames(monkeypatch, decoder):
    """JAX on CPU writes no allocator events: the plane headers say so before any event is decoded (the
    compiled decoder defers the frames; the pure-Python one builds them at load: same answer)."""
    monkeypatch.setenv("NBPROF_DECODER", decoder)
    prof = nbprof.load(HERE / "fixtures" / "jax_mlp_train", cache=False)
    result = prof.memory_profile()
    assert result.summary["num_allocations"] == 0 and "no memory profile data" in result.summary_text()
    if decoder == "native":  # the compiled decoder defers the frames: answered from the plane headers
        assert not prof.is_built
    # the headers and the built frames agree, with and without allocator events
    for name in ("jax_mlp_train", "tf_keras_fit"):
        deferred = nbprof.load(HERE / "fixtures" / name, cache=False)
        hint = deferred.event_names_on("/host:CPU")
        assert deferred.is_built == (decoder != "native")
        assert hint == load_fixture(name).event_names_on("/host:CPU")
        assert ("MemoryAllocation" in hint) == (name == "tf_keras_fit")


# ------------------------------------------------------------- fast paths and their fallbacks
_STAT_COLUMNS = [
    "allocator_name",
    "device_ordinal",
    "index_on_host",
    "bytes_reserved",
    "bytes_allocated",
    "bytes_available",
    "fragmentation",
    "peak_bytes_in_use",
    "requested_bytes",
    "allocation_bytes",
    "addr",
    "tf_op",
    "region_type",
    "data_type",
    "shape",
]


def _with_object_stats(frames: Frames) -> Frames:
    """The same frames with the allocator stat columns as plain object columns (no categorical or
    nullable Int64/Float64): every column read takes its generic pandas conversion."""
    events = frames.events.copy()
    for column in _STAT_COLUMNS:
        if column in events.columns:
            values = events[column].astype(object)
            events[column] = values.where(values.notna(), None)
    known = {f.name: getattr(frames, f.name) for f in fields(Frames) if f.name not in ("_pending", "_stats_frame")}
    return Frames(**{**known, "events": events})


@pytest.mark.parametrize("fixture", ["tpu_v6e", "tf_keras2_fit", "amd_mi300x_gemm", "jax_gpu_kernels"])
def test_generic_column_reads_give_the_same_profile(fixture):
    """Categorical / Int64 / Float64 columns are read from their codes and arrays; object columns take
    pandas' conversions: same result for every allocator."""
    op_stats = load(fixture).op_stats()
    generic = OpStats(_with_object_stats(op_stats.frames))
    for memory_id in memory_profile(op_stats).memory_ids:
        fast, slow = memory_profile(op_stats, memory_id), memory_profile(generic, memory_id)
        assert fast.summary == slow.summary and fast.memory_ids == slow.memory_ids and fast.notes == slow.notes
        pd.testing.assert_frame_equal(fast.timeline, slow.timeline)
        pd.testing.assert_frame_equal(fast.breakdown, slow.breakdown)


@pytest.mark.parametrize("fixture", ["tpu_v6e", "gpu_v100", "tf_keras_fit"])
def test_numbered_ids_match_the_generic_conversion(fixture):
    prof = load(fixture)
    ev = prof.events
    rows = mp._allocator_rows(ev)
    assert len(rows)
    fast = mp._numbered_ids(prof, ev, rows)
    assert fast.tolist() == mp._numbered_ids_generic(prof, ev, rows).tolist()
    if fixture == "tpu_v6e":  # TPU allocators are numbered by index_on_host
        assert set(fast.tolist()) == {"0", "1", "2", "3"}


def test_numbers_past_2_53_take_the_generic_conversion():
    ev = pd.DataFrame(
        {
            "index_on_host": pd.array([2**60 + 1, None], dtype="Int64"),
            "device_ordinal": pd.array([None, 3], dtype="Int64"),
        }
    )
    frames = type("F", (), {"events": ev})()
    rows = np.arange(2)
    assert mp._numbered_ids(frames, ev, rows).tolist() == mp._numbered_ids_generic(frames, ev, rows).tolist()


@pytest.mark.parametrize(
    "array,missing",
    [
        (pd.array([5, None, -(2**62), 7, None], dtype="Int64"), 0),
        (pd.arrays.FloatingArray(np.array([1.5, np.nan, np.nan, -0.0, 2.0]), np.array([0, 1, 0, 0, 1], bool)), 0.0),
    ],
)
def test_masked_values_are_pandas_own_values(array, missing):
    """``_masked_values`` (the data and mask read directly) gives what pandas' indexing and ``to_numpy`` give,
    a NaN that is a value (not masked) kept; a fresh array."""
    rows = np.array([4, 0, 2, 1, 2, 3])
    before = array.copy()
    expected = array[rows].to_numpy(array.dtype.numpy_dtype, na_value=missing)
    got = mp._masked_values(array, rows, missing)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)
    got[:] = 1  # a fresh array: the column is left as it was
    pd.testing.assert_extension_array_equal(array, before)


def test_data_types_per_category_match_the_per_event_conversion():
    values = ["1", "14", None, "119", "-3", "1e1", "x", "2.5", " 7"]
    ev = pd.DataFrame({"data_type": pd.Categorical(values)})
    rows = np.arange(len(values))
    per_event = mp._dtype_text(pd.to_numeric(ev["data_type"], errors="coerce").fillna(0).to_numpy(np.int64))
    assert mp._data_types(ev["data_type"].array, rows).values().tolist() == per_event.values().tolist()
    plain = ev.iloc[[0, 1, 2, 3, 4]].reset_index(drop=True)  # plain numbers only: read per category
    names = ["float", "bfloat16", "INVALID", "half_ref", "unknown dtype enum (-3)"]
    assert mp._data_types(plain["data_type"].array, np.arange(5)).values().tolist() == names


def test_values_in_at_rows_on_categorical_and_plain_columns():
    values = ["a", "b", None, "c", "a"]
    rows = np.array([4, 2, 0])
    for series in (pd.Series(pd.Categorical(values)), pd.Series(values, dtype=object)):
        assert xs.values_in(series, ["a", "zzz"]).tolist() == [True, False, False, False, True]
        assert xs.values_in(series, ["a", "c"], rows).tolist() == [True, False, True]


@pytest.mark.parametrize("fixture", WITH_MEMORY + ["amd_mi300x_gemm", "amd_mi300x_conv", "jax_two_gpu_procs"])
def test_skipped_grouping_gives_the_grouping_s_step_ids(fixture):
    """Without group ids, step roots or TF loop ops the grouping is not run; with them, a host whose events
    are all grouped is grouped for its ids alone (``event_groupings`` not built either way): the step ids
    and source are what ``event_groupings`` says."""
    op_stats = load(fixture).op_stats()
    if len(op_stats.hosts) > 1:
        op_stats = op_stats.for_host(op_stats.hosts[0])
    rows = mp._allocator_rows(op_stats.frames.events)
    fresh = OpStats(op_stats.frames)
    skipped = mp._has_no_groups(fresh.frames)
    steps, source = mp._group_ids(fresh, rows)
    assert "event_groupings" not in vars(fresh)
    assert skipped or mp._groups_every_event(fresh.frames)
    grouped_steps, grouped_source = mp._group_ids(_grouped(OpStats(op_stats.frames)), rows)
    assert steps.dtype == grouped_steps.dtype
    assert steps.tolist() == grouped_steps.tolist() and source == grouped_source
    if fixture in ("tpu_v6e", "amd_mi300x_gemm", "amd_mi300x_conv"):
        assert skipped


@pytest.mark.parametrize("fixture", ["tf_keras2_fit", "jax_gpu_train"])
def test_ids_alone_fall_back_to_event_groupings(fixture, monkeypatch):
    """Where the step db would group only some events (here: pretended), the ids are ``event_groupings``'."""
    op_stats = load(fixture).op_stats()
    rows = mp._allocator_rows(op_stats.frames.events)
    light = mp._group_ids(OpStats(op_stats.frames), rows)
    monkeypatch.setattr(mp, "_groups_every_event", lambda frames: False)
    fresh = OpStats(op_stats.frames)
    steps, source = mp._group_ids(fresh, rows)
    assert "event_groupings" in vars(fresh)
    assert steps.tolist() == light[0].tolist() and source == light[1]
    assert (steps >= 0).any()


def _grouped(op_stats: OpStats) -> OpStats:
    op_stats.event_groupings  # noqa: B018 - computed: _group_ids reads it
    return op_stats


@pytest.mark.parametrize("fixture", ["tf_cpu_bfc_memory", "tpu_v6e"])
def test_frames_equal_pandas_own_construction(fixture, monkeypatch):
    """The result with pandas' public constructors (no Arrow buffers, no internal frame constructor)."""
    op_stats = load(fixture).op_stats()
    fast = memory_profile(op_stats)
    monkeypatch.setattr(mp, "typed_frame", pd.DataFrame)
    monkeypatch.setattr(mp, "_str_column", lambda text: text.values())
    slow = memory_profile(op_stats)
    pd.testing.assert_frame_equal(fast.timeline, slow.timeline)
    pd.testing.assert_frame_equal(fast.breakdown, slow.breakdown)


def test_strings_of_plain_columns_are_writable_copies():
    series = pd.Series(["vm", None, "tpu"], dtype=object)
    names, present = mp._strings(series, np.array([2, 1, 0]))
    assert present.tolist() == [True, False, True]
    names[~present] = ""  # callers fill the missing ones in place
    assert names.tolist() == ["tpu", "", "vm"]
    frame = pd.DataFrame({"host": series})
    assert mp._host_names(frame, np.array([1, 0])).tolist() == ["", "vm"]


def test_str_columns_are_what_pandas_builds():
    text = mp._Text(np.array([2, 0, 1, 1, 2]), np.array(["x", "", "ü", "unused"], dtype=object))
    built = pd.DataFrame({"a": mp._str_column(text), "n": np.arange(5)})
    pd.testing.assert_frame_equal(built, pd.DataFrame({"a": text.values(), "n": np.arange(5)}))
    mixed = mp._Text(np.array([0, 1]), np.array(["x", 3], dtype=object))  # not all str: an object column
    assert mp._str_column(mixed).tolist() == ["x", 3]


def test_empty_result_frames_are_what_pandas_builds():
    empty = mp._empty("none")
    for got, names in ((empty.timeline, mp.TIMELINE_COLUMNS), (empty.breakdown, mp.BREAKDOWN_COLUMNS)):
        pd.testing.assert_frame_equal(got, pd.DataFrame({c: pd.Series(dtype="object") for c in names}))


def test_coded_strings_leave_what_arrow_cannot_hold_to_the_caller():
    from nbprof.xspace.typed_frame import coded_strings

    for table in (["\ud800"], ["x", None]):  # a lone surrogate, a missing value
        assert coded_strings(np.asarray(table, dtype=object), np.arange(len(table))) is None
    big = np.array([f"op{i}" for i in range(1000)], dtype=object)  # a categorical's table: the values used only
    made = coded_strings(big, np.array([999, 3, 3]))
    if made is None:  # pandas 2: its default text type is no Arrow array, so the caller makes the column
        assert int(pd.__version__.split(".")[0]) < 3
        return
    pd.testing.assert_extension_array_equal(made, pd.array(["op999", "op3", "op3"], dtype="str"))


@pytest.mark.parametrize("fixture,memory_id", allocators())
def test_few_row_breakdown_merge_equals_the_vectorised_one(fixture, memory_id, monkeypatch):
    """The dict merge of a few rows at the peak and the vectorised merge give the same breakdown."""
    few = result(fixture, memory_id).breakdown
    monkeypatch.setattr(mp, "_FEW_BREAKDOWN_ROWS", -1)
    vectorised = memory_profile(load_fixture(fixture).op_stats(), memory_id=memory_id).breakdown
    pd.testing.assert_frame_equal(few, vectorised, check_exact=True)


def test_few_row_merge_equals_the_vectorised_merge_on_random_rows():
    """Duplicated sizes and texts, specials among them, non-ASCII and empty texts: the same rows, counts,
    special flags and order from both merges."""
    rng = np.random.default_rng(6)
    words = np.array(["", "a", "b", "é", "b/c", "A", "unknown"], dtype=object)
    for n in (0, 1, 2, 5, 40, 150):
        allocation = rng.integers(0, 4, n).astype(np.int64) * 256
        requested = allocation - rng.integers(0, 2, n).astype(np.int64)
        texts = {c: words[rng.integers(0, len(words), n)] for c in mp._TEXT_COLUMNS}
        special = rng.random(n) < 0.2
        few = mp._merged_few(allocation, requested, texts, special)
        vectorised = mp._merged(allocation, requested, texts, special)
        assert few.keys() == vectorised.keys()
        for name, values in vectorised.items():
            assert np.array_equal(np.asarray(few[name]), np.asarray(values)), (n, name)
            assert np.asarray(few[name]).dtype == np.asarray(values).dtype


def _line_zero_from_timestamps_ps(profile, ev, rows, host):
    """Each event's line zero (ps) made from the line timestamps and the Task Environment's start, as the
    memory profile computed it before it read the lines' ``start_ps``."""
    lines = profile.lines
    mine = (lines["host"].to_numpy(object) == host) & (lines["plane"].to_numpy(object) == xs.HOST_PLANE)
    line_ids, first = np.unique(lines["line_id"].to_numpy(np.int64)[mine], return_index=True)
    line_ts = lines["timestamp_ns"].to_numpy(np.int64)[mine][first]
    at = np.searchsorted(line_ids, ev["line_id"].to_numpy(np.int64)[rows])
    return (line_ts[at] + mp._timestamp_base_ns(profile, host) - int(profile.origin_ns)) * 1000


@pytest.mark.parametrize("fixture", WITH_MEMORY + ["amd_mi300x_gemm", "jax_two_gpu_procs", "jax_two_hosts"])
def test_line_zeros_are_the_lines_start_from_their_timestamps(fixture):
    """The lines' ``start_ps`` the offsets are taken from equal the zeros made from the line timestamps
    and the host's clock base, for every event of each host's /host:CPU plane."""
    profile = load(fixture)
    ev = profile.events
    for host in profile.hosts:
        rows = np.flatnonzero(xs.values_in(ev["host"], [host]) & xs.values_in(ev["plane"], [xs.HOST_PLANE]))
        expected = _line_zero_from_timestamps_ps(profile, ev, rows, host)
        assert np.array_equal(mp._line_zero_ps(profile, ev, rows, host), expected)


def _episodes_by_walking(address: np.ndarray, is_dealloc: np.ndarray) -> tuple[list[int], list[bool]]:
    """Per deallocation, in time order: the allocation it frees (the first since the address's previous
    deallocation; -1: none), and per row whether it is a deallocation without one: a walk, as XProf's
    address map goes."""
    first_since_free: dict[int, int] = {}
    freed, unmatched = [], []
    for row, (addr, dealloc) in enumerate(zip(address.tolist(), is_dealloc.tolist())):
        if not dealloc:
            first_since_free.setdefault(addr, row)
            unmatched.append(False)
            continue
        source = first_since_free.pop(addr, -1)
        freed.append(source)
        unmatched.append(source < 0)
    return freed, unmatched


def test_allocation_episodes_equal_walking_the_events():
    """Reused addresses, deallocations first, twice in a row or of unknown addresses, extreme addresses:
    each deallocation's allocation and the deallocations without one, as walking the events finds them."""
    rng = np.random.default_rng(8)
    extremes = np.array([np.iinfo(np.int64).min, -1, 0, np.iinfo(np.int64).max])
    for n in [0, 1, 2, 3, *rng.integers(4, 60, 300).tolist()]:
        address = rng.integers(0, max(n // 3, 1), n).astype(np.int64)
        odd = rng.random(n) < 0.1
        address[odd] = rng.choice(extremes, int(odd.sum()))
        is_dealloc = rng.random(n) < 0.45
        segment, first_row = mp._segments(is_dealloc, *mp._address_order(address))
        freed, unmatched = _episodes_by_walking(address, is_dealloc)
        dealloc_rows = np.flatnonzero(is_dealloc)
        source = first_row[segment[dealloc_rows]]
        assert np.where(is_dealloc[source], -1, source).tolist() == freed
        assert (is_dealloc & (first_row[segment] == np.arange(n))).tolist() == unmatched
