"""Inference profiles: XProf's ``is_training``, and the sessions' latency split XProf leaves empty for JAX.

References: every fixture's XProf run environment (``is_training``), and XProf's untrimmed overview
for the TPU v6e inference profile (tests/reference/tpu_v6e/raw/overview_page.json, copied from
the project's shared XProf outputs): its inference-latency table has no rows, because XProf finds
sessions only in TensorFlow serving request events. nbprof takes JAX's top-level jitted calls as
sessions; its numbers are checked by hand on a profile built here and against the fixture's raw
events.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.opstats.inference import LATENCY_COLUMNS, PERCENTILES, InferenceSessions

HERE = Path(__file__).parent
US = 1_000_000  # ps
MS = 1_000 * US
FIXTURES = sorted(
    p.name for p in (HERE / "reference").iterdir() if (p / "overview_page.json").exists() and (HERE / "fixtures" / p.name).exists()
)  # fmt: skip


@functools.cache
def load(name: str) -> nbprof.Profile:
    return nbprof.load(HERE / "fixtures" / name)


def xprof_run_environment(name: str) -> dict:
    data = json.loads((HERE / "reference" / name / "overview_page.json").read_text())
    return data["run_environment"]["p"] if isinstance(data, dict) else data[2]["p"]


@pytest.mark.parametrize("name", FIXTURES)
def test_is_training_matches_xprof(name):
    assert load(name).overview().summary["is_training"] == (xprof_run_environment(name)["is_training"] == "true")


def test_tpu_v6e_sessions_where_xprof_lists_none():
    raw = json.loads((HERE / "reference" / "tpu_v6e" / "raw" / "overview_page.json").read_text())
    latency = raw[4]
    assert [c["id"] for c in latency["cols"]] == ["percentile", "hostTimeMs", "deviceTimeMs", "communicationTimeMs",
                                                  "totalTimeMs"] and latency["rows"] == []  # fmt: skip
    prof = load("tpu_v6e")
    ov = prof.overview()
    sessions = prof.op_stats().inference_sessions
    table = sessions.table
    ev = prof.events
    calls = ev[
        (ev["plane"] == "/host:CPU") & (ev["depth"] == 0) & ev["name"].astype(str).str.startswith("PjitFunction(")
    ]
    assert sessions.source == "JAX jit calls" and len(table) == len(calls) == 105
    # every device program belongs to exactly one call: 100 x jit_f and 3 x _psum on 4 cores, 2 one-core programs
    modules = ev[ev["line"] == "XLA Modules"]
    assert table["device_programs"].sum() == len(modules) == 414
    first = table.iloc[0]  # PjitFunction(convert_element_type): one program on TPU:0
    assert first["name"] == "PjitFunction(convert_element_type)" and first["device_programs"] == 1
    module = modules[modules["name"].astype(str).str.startswith("jit_convert_element_type")].iloc[0]
    assert first["device_ps"] == module["duration_ps"]
    parts = table["host_ps"] + table["device_ps"] + table["transfer_ps"]
    assert (parts == table["total_ps"]).all() and (table["waiting_ps"] <= table["host_ps"]).all()
    # XProf's percentile pick: the session at int(p / 100 * n) of the sorted totals; the average first
    lat = ov.inference_latency
    assert list(lat.columns) == LATENCY_COLUMNS and lat["percentile"].tolist() == ["Avg"] + [f"{p:.1f}%" for p in
                                                                                            PERCENTILES]  # fmt: skip
    totals = np.sort(table["total_ps"].to_numpy()) / 1e9
    assert lat["total_ms"].iloc[1:].tolist() == pytest.approx([totals[int(p / 100 * 105)] for p in PERCENTILES])
    assert lat["total_ms"].iloc[0] == pytest.approx(totals.mean())
    s = ov.summary
    assert s["num_sessions"] == 105 and s["session_time_ms_avg"] == pytest.approx(totals.mean())
    assert "inference: session time" in repr(ov)
    assert any("XProf finds sessions only in TensorFlow serving" in n for n in ov.notes)


def inference_profile(tmp_path: Path) -> nbprof.Profile:
    """Three jitted calls of 1 ms, 2 ms apart. Each hands a host-to-device transfer (1 ms, from 0.5 ms into the
    call) to a worker thread and enqueues a 3 ms device program (producer/consumer links); the device runs the
    programs one after another from 2 ms: call k's program runs 2 + 3k .. 5 + 3k ms (queued behind the others)."""
    b = XSpaceBuilder()
    host = b.plane("/host:CPU", plane_id=0)
    main, worker = host.line("main", line_id=1), host.line("pjrt-worker", line_id=2)
    tpu = b.plane("/device:TPU:0", plane_id=1)
    tpu.plane_stat("peak_teraflops_per_second", 100.0)
    modules = tpu.line("XLA Modules", line_id=2)
    for k in range(3):
        t = k * 2 * MS
        main.event("PjitFunction(f)", offset_ps=t, duration_ps=1 * MS)
        main.event("Execute", offset_ps=t + 100 * US, duration_ps=200 * US, stats={"_pt": 5, "_p": 100 + k})
        main.event("DoEnqueueProgram", offset_ps=t + 400 * US, duration_ps=100 * US, stats={"_pt": 12, "_p": 200 + k})
        worker.event("tpu::System::TransferToDevice", offset_ps=t + 500 * US, duration_ps=1 * MS,
                     stats={"_ct": 5, "_c": 100 + k})  # fmt: skip
        modules.event("jit_f(7)", offset_ps=(2 + 3 * k) * MS, duration_ps=3 * MS, stats={"_ct": 12, "_c": 200 + k})
    return nbprof.load(b.write(tmp_path))


def test_sessions_by_hand(tmp_path):
    prof = inference_profile(tmp_path)
    table = prof.op_stats().inference_sessions.table
    # call k starts at 2k ms, its program ends at 5 + 3k ms
    assert table["total_ps"].tolist() == [5 * MS, 6 * MS, 7 * MS]
    assert table["device_ps"].tolist() == [3 * MS] * 3
    assert table["transfer_ps"].tolist() == [1 * MS] * 3  # 0.5 .. 1.5 ms, before the program
    assert table["host_ps"].tolist() == [1 * MS, 2 * MS, 3 * MS]
    # nothing of call k runs from its transfer's end (2k + 1.5 ms) until its program starts (2 + 3k ms)
    assert table["waiting_ps"].tolist() == [int(0.5 * MS), int(1.5 * MS), int(2.5 * MS)]
    lat = prof.overview().inference_latency.set_index("percentile")
    assert lat.loc["Avg", "total_ms"] == pytest.approx(6.0) and lat.loc["Avg", "host_ms"] == pytest.approx(2.0)
    assert lat.loc["50.0%", "total_ms"] == pytest.approx(6.0)  # index int(0.5 * 3) = 1 of the sorted totals
    assert lat.loc["99.9%", "total_ms"] == pytest.approx(7.0)
    assert lat.loc["Avg", "communication_ms"] == pytest.approx(1.0)
    assert prof.overview().summary["is_training"] is False


def test_training_profiles_have_no_session_table():
    ov = load("jax_mlp_train").overview()
    assert ov.summary["is_training"] and ov.inference_latency.empty and "num_sessions" not in ov.summary


def _latency_breakdown_by_pandas(table: pd.DataFrame) -> pd.DataFrame:
    """The latency table as frame operations: mean of the columns, rows of the sorted table."""
    ordered = table.sort_values("total_ps", kind="stable").reset_index(drop=True)
    picks = [min(int(p / 100.0 * len(ordered)), len(ordered) - 1) for p in PERCENTILES]
    parts = ["host_ps", "device_ps", "transfer_ps", "total_ps", "waiting_ps"]
    rows = [("Avg", *table[parts].mean().tolist())]
    rows += [(f"{p:.1f}%", *ordered.iloc[i][parts].tolist()) for p, i in zip(PERCENTILES, picks)]
    out = pd.DataFrame(rows, columns=LATENCY_COLUMNS)
    for c in LATENCY_COLUMNS[1:]:
        out[c] = out[c].astype(np.float64) / 1e9
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 7, 50, None])
def test_latency_breakdown_matches_frame_operations(n):
    sessions = load("tpu_v6e").op_stats().inference_sessions
    table = sessions.table if n is None else sessions.table.iloc[:n].reset_index(drop=True)
    found = InferenceSessions(table, sessions.source).latency_breakdown()
    pd.testing.assert_frame_equal(found, _latency_breakdown_by_pandas(table), check_exact=True)


def test_whole_frame_path_matches_a_slice_of_the_host():
    """The host's events taken as the whole frame (no copy) give the sessions a selected slice gives."""
    from nbprof.opstats import inference
    from nbprof.xspace import semantics as xs

    frames = load("tpu_v6e").op_stats().frames
    ev = frames.events
    on_host = inference._on_host_plane(ev)
    kind, transfer = inference._root_kinds(ev), inference._transfers(ev)
    user_root, top_call = inference._root_flags(ev, on_host, kind)
    flags = inference._RowFlags(kind, on_host, transfer, xs.plane_mask(ev, xs.is_device_plane), user_root, top_call)
    whole, source = inference._host_sessions(ev, frames.flows, "tpu_inference_2", flags)
    selected = ev[np.ones(len(ev), bool)].set_axis(pd.Index(np.arange(len(ev))))  # labels, not a RangeIndex
    sliced, sliced_source = inference._host_sessions(selected, frames.flows, "tpu_inference_2", flags)
    assert source == sliced_source == "JAX jit calls" and len(whole) == 105
    pd.testing.assert_frame_equal(whole, sliced, check_exact=True)


@pytest.mark.parametrize(
    "op_names",
    [
        [],
        ["jit(f)/dot_general", "jit(f)/add"],
        ["jit(train)/transpose(jvp(loss))/dot_general"],
        ["transpose(jvp(f))/mul", "other"],
        ["jit(f)/transpose/mul", "xtranspose(y)/add"],
        ["model/gradients/dense/MatMul_grad/MatMul"],
        ["model/gradient_tape/dense/MatMul"],
        ["gradients_1/add", "model/gradientsX"],
        ["model/gradient_tapes/x", "a/gradients"],
    ],
)
def test_is_training_matches_the_pandas_expression(op_names):
    from nbprof.hlo.index import HloIndex
    from nbprof.opstats.inference import is_training

    frame = pd.DataFrame({"program_id": np.full(len(op_names), 7, np.uint64), "op_name": op_names})
    names = pd.Series(sorted(set(op_names)), dtype=object)
    jax = names.str.contains(r"(?:^|/)transpose\(", regex=True)
    tf = names.str.contains(r"(?:^|/)(?:gradient_tape|gradients[^/]*)/", regex=True)
    assert is_training(HloIndex(frame)) == bool((jax | tf).any())


def _session_unions_of_every_event(ev: pd.DataFrame, owner: np.ndarray, member: np.ndarray, n: int) -> np.ndarray:
    """Each session's union length over every ``member`` event it owns (nested ones included)."""
    from nbprof.opstats import event_columns as ec

    rows = np.flatnonzero((owner >= 0) & member)
    start, end = ev["start_ps"].to_numpy()[rows], ev["end_ps"].to_numpy()[rows]
    return ec.union_lengths(owner[rows], start, end, n)


@pytest.mark.parametrize("name", ["tpu_v6e", "amd_mi300x_conv"])
def test_session_unions_leave_out_spanned_events_only(name):
    """Leaving out the events a parent of the same session spans changes no session's union, on the
    fixtures with sessions (both own such events)."""
    from nbprof.opstats import inference
    from nbprof.opstats.step_grouping import parent_positions, spread_from_roots

    frames = load(name).op_stats().frames
    ev = frames.events
    on_host = inference._on_host_plane(ev)
    kind = inference._root_kinds(ev)
    _, top_call = inference._root_flags(ev, on_host, kind)
    roots = np.flatnonzero(top_call)
    roots = roots[np.argsort(ev["start_ps"].to_numpy()[roots], kind="stable")]
    owner = spread_from_roots(ev, frames.flows, roots)
    owned = np.flatnonzero(owner >= 0)
    g, start, end = owner[owned], ev["start_ps"].to_numpy()[owned], ev["end_ps"].to_numpy()[owned]
    parent, spanned = inference._spanning_parents(parent_positions(ev), owned, g, start, end)
    assert spanned.any()
    for member in [ev["duration_ps"].to_numpy() > 0, inference._transfers(ev), np.ones(len(ev), bool)]:
        found = inference._union_by_session(member[owned], parent, spanned, g, start, end, len(roots))
        np.testing.assert_array_equal(found, _session_unions_of_every_event(ev, owner, member, len(roots)))


def test_session_unions_of_nested_intervals_by_hand():
    """Nested, overlapping, zero-length and other-session children: only a child its parent spans in the
    same session is left out, and the unions are those of every interval."""
    from nbprof.opstats import event_columns as ec
    from nbprof.opstats import inference

    # rows: 0 root of session 0 [0, 10); 1 its child [2, 5); 2 its child sticking out [8, 12);
    # 3 grandchild of 1 [3, 4); 4 child of 0 in session 1 [1, 2); 5 root of session 1 [20, 30);
    # 6 child of 5 of zero length [25, 25); 7 not owned; 8 child of 7, owned by session 1 [40, 41)
    parent_row = np.array([-1, 0, 0, 1, 0, -1, 5, -1, 7])
    owner = np.array([0, 0, 0, 0, 1, 1, 1, -1, 1])
    starts = np.array([0, 2, 8, 3, 1, 20, 25, 39, 40])
    ends = np.array([10, 5, 12, 4, 2, 30, 25, 42, 41])
    owned = np.flatnonzero(owner >= 0)
    g, start, end = owner[owned], starts[owned], ends[owned]
    parent, spanned = inference._spanning_parents(parent_row, owned, g, start, end)
    np.testing.assert_array_equal(spanned, [False, True, False, True, False, False, True, False])
    for member in [np.ones(len(owned), bool), np.array([False, True, True, True, True, True, False, True])]:
        expected = ec.union_lengths(g[member], start[member], end[member], 2)
        np.testing.assert_array_equal(inference._union_by_session(member, parent, spanned, g, start, end, 2), expected)


@pytest.mark.parametrize("name", FIXTURES)
def test_early_exit_only_where_no_event_can_start_a_session(name):
    """``_may_have_roots`` says what the row masks say about root candidates on every fixture (and
    tf_keras_fit, a profile without candidates, takes the exit)."""
    from nbprof.opstats import inference

    ev = load(name).op_stats().frames.events
    name_kinds = inference._name_kinds(ev)
    on_host = inference._on_host_plane(ev)
    kind = inference._root_kinds(ev, name_kinds)
    np.testing.assert_array_equal(kind, inference._root_kinds(ev))
    candidates = inference._has_root_candidates(on_host, kind, *inference._root_flags(ev, on_host, kind))
    may = inference._may_have_roots(ev, name_kinds)
    assert may == candidates  # (it may say yes where there is none: a `_r=-1` event off the host plane)
    if name == "tf_keras_fit":
        assert not may


def test_early_exit_keeps_user_roots_and_top_level_calls(tmp_path):
    """A ``_r=-1`` event on any plane, a request event, a top-level JAX call on ``/host:CPU`` keep the
    sessions' search going; a nested JAX call or one on another plane does not."""
    from nbprof.opstats import inference

    def events(names, planes, depths, r=None):
        frame = pd.DataFrame(
            {
                "name": pd.Categorical(names),
                "plane": pd.Categorical(planes),
                "depth": np.array(depths, np.int64),
            }
        )
        if r is not None:
            frame["_r"] = pd.array(r, dtype="Int64")
        return frame

    cases = [
        (events(["a", "PjitFunction(f)"], ["/host:CPU", "/host:CPU"], [0, 0]), True),
        (events(["a", "PjitFunction(f)"], ["/host:CPU", "/host:CPU"], [0, 3]), False),
        (events(["a", "PjitFunction(f)"], ["/host:CPU", "/device:GPU:0"], [0, 0]), False),
        (events(["a", "SessionRun"], ["/host:CPU", "/host:CPU"], [0, 2]), True),
        (events(["a", "SessionRun"], ["/host:CPU", "/device:GPU:0"], [0, 0]), False),
        (events(["a", "b"], ["/host:CPU", "/host:CPU"], [0, 0], r=[None, -1]), True),
        (events(["a", "b"], ["/host:CPU", "/host:CPU"], [0, 0], r=[None, 1]), False),
    ]
    for ev, expected in cases:
        assert inference._may_have_roots(ev, inference._name_kinds(ev)) == expected
