"""The trace viewer's kernel side: layout, viewport replies, search, box selection, details.

Every reply is checked against a brute-force computation on the events frame itself.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import nbprof
from nbprof.trace.index import (
    MAX_REPLY_BYTES,
    N_CLASSES,
    TraceIndex,
    _rows_by_lane,
    duration_class,
    reply_nbytes,
    split_binary,
)
from nbprof.trace.layout import build_layout
from nbprof.trace.model import TraceModel
from tests.trace_builder import HTML_NAMES, build_trace_profile

FIXTURES = "tests/fixtures"


@pytest.fixture(scope="module")
def gpu(load_fixture):
    return load_fixture("gpu_v100")


@pytest.fixture(scope="module")
def pytrace(load_fixture):
    return load_fixture("jax_mlp_train_pytrace")


@pytest.fixture(scope="module")
def synthetic():
    return build_trace_profile(300_000, seed=3)


def _model(profile) -> TraceModel:
    return TraceModel(profile)


# ---------------------------------------------------------------------------- layout
def test_layout_sections_and_tracks_follow_planes_and_lines(gpu):
    m = _model(gpu)
    names = [s.name for s in m.layout.sections]
    ev = gpu.events
    planes = sorted(set(ev.loc[~ev["aggregated"], "plane"].astype(str)))
    assert sorted(n if n != "Host threads" else "/host:CPU" for n in names) == planes
    assert names[-1] == "Host threads"  # devices first, as in XProf
    gpu4 = next(s for s in m.layout.sections if s.name == "/device:GPU:4")
    track_names = [m.layout.tracks[t].name for t in gpu4.tracks]
    assert track_names[0] == "Steps"  # derived lines (negative ids) come before the streams
    assert set(track_names) == set(ev.loc[ev["plane"] == "/device:GPU:4", "line"].astype(str))
    # every timed event sits in the lane of its track at its depth
    lanes = m.layout.event_lane
    for track in m.layout.tracks:
        if track.kind != "slices":
            continue
        sel = (ev["plane"].astype(str) == track.plane).to_numpy() & (ev["line_id"] == track.line_id).to_numpy()
        assert np.array_equal(lanes[sel], track.lane0 + ev.loc[sel, "depth"].to_numpy())
        assert track.lanes == ev.loc[sel, "depth"].max() + 1


def test_counter_track_is_memory_in_use(load_fixture):
    prof = load_fixture("tf_cpu_bfc_memory")
    m = _model(prof)
    counters = [t for t in m.layout.tracks if t.kind == "counter"]
    assert [t.name for t in counters] == ["Memory in use (bfc_cpu_allocator_for_gpu)"]
    ev = prof.events
    mem = ev[ev["bytes_allocated"].notna()].sort_values("start_ps", kind="stable")
    t0, t1 = m.span
    reply = m.query(t0, t1, 10_000, [counters[0].id])
    # few samples: every one is sent, at its time, with its value
    assert len(reply["counter_v"]) == len(mem)
    assert np.array_equal(reply["counter_v"], mem["bytes_allocated"].to_numpy(np.float64))
    x = mem["start_ps"].to_numpy() - t0
    assert np.allclose(reply["counter_x"], x / reply["px_ps"], atol=0.01)
    narrow = m.query(t0, t1, 100, [counters[0].id])  # more samples than pixels: one max per column
    assert len(narrow["counter_v"]) <= 102
    assert narrow["counter_v"].max() == mem["bytes_allocated"].max()


@pytest.mark.parametrize("categorical", [True, False])
def test_counter_series_match_a_sorted_groupby(categorical):
    """One series per (host, plane, allocator) in a sorted groupby's order (a categorical's own order,
    else sorted text), samples by start time, file order among equal starts; missing allocator = ""."""
    from nbprof.trace.counters import find_counters

    rng = np.random.default_rng(5)
    n = 400
    host = rng.choice(["h2", "h1", "h10"], n).astype(object)
    plane = rng.choice(["/host:CPU", "/device:GPU:0"], n).astype(object)
    events = pd.DataFrame(
        {
            "host": pd.Categorical(host, categories=["h2", "h10", "h1"]) if categorical else host,
            "plane": pd.Categorical(plane, categories=["/host:CPU", "/device:GPU:0"]) if categorical else plane,
            "start_ps": rng.integers(0, 50, n).astype(np.int64),  # many equal starts
            "bytes_allocated": pd.array(np.where(rng.random(n) < 0.3, None, rng.integers(0, 1 << 40, n)), "Int64"),
            "allocator_name": pd.array(rng.choice(np.array(["bfc", "gpu_host", None], object), n), "str"),
        }
    )
    got = find_counters(events)
    part = events[events["bytes_allocated"].notna()].assign(
        alloc=lambda f: f["allocator_name"].astype(object).fillna("").astype(str)
    )
    expected = list(part.groupby(["host", "plane", "alloc"], observed=True, sort=True))
    assert len(got) == len(expected) > 6
    for series, ((h, p, a), grp) in zip(got, expected):
        grp = grp.sort_values("start_ps", kind="stable")
        assert (series.host, series.plane) == (h, p)
        assert series.name == (f"Memory in use ({a})" if a else "Memory in use")
        assert np.array_equal(series.time_ps, grp["start_ps"].to_numpy(np.int64))
        assert np.array_equal(series.value, grp["bytes_allocated"].to_numpy(np.float64))


# ---------------------------------------------------------------------------- viewport replies
def _brute_force_check(profile, model: TraceModel, t0: int, t1: int, width: int):
    reply = model.query(t0, t1, width)
    px = reply["px_ps"] * reply["coarsen"]
    ev = profile.events
    lanes = model.layout.event_lane
    start, end = ev["start_ps"].to_numpy(), ev["end_ps"].to_numpy()
    shown = lanes >= 0
    starts_in = shown & (start >= t0) & (start < t1)
    wide_before = shown & (start < t0) & (end > t0) & (end - start >= px)
    wide = shown & (start < t1) & (end > t0) & (end - start >= px)
    row = reply["row"].astype(np.int64)
    events = row[row >= 0]
    # each item that is an event is a real event of this viewport, drawn at its own place
    assert len(np.unique(events)) == len(events)
    assert np.all(starts_in[events] | wide_before[events])
    assert np.array_equal(lanes[events], reply["lane"][row >= 0])
    x0 = (start[events] - t0) / reply["px_ps"]
    lim = 4 * width + 16
    assert np.allclose(reply["x0"][row >= 0], np.clip(x0, -lim, lim), rtol=1e-6, atol=1e-3)
    # every event at least a pixel wide is sent individually
    assert set(np.flatnonzero(wide)) <= set(events.tolist())
    # counts add up per lane: events starting in view + wide ones starting before
    counts = np.where(row >= 0, 1, -row)
    per_lane = np.bincount(reply["lane"].astype(np.int64), weights=counts, minlength=model.layout.n_lanes)
    expected = np.bincount(lanes[starts_in | wide_before], minlength=model.layout.n_lanes)
    assert np.array_equal(per_lane.astype(np.int64), expected)
    # names are the events' names, or their step names (checked against XProf in test_trace_steps.py)
    names = np.asarray(reply["names"], dtype=object)[reply["name"][row >= 0]]
    shown = [model.steps.names.get(r, str(n)) for r, n in zip(events.tolist(), ev["name"].to_numpy()[events])]
    assert list(names) == [n if len(n) <= 120 else names[i] for i, n in enumerate(shown)]
    return reply


@pytest.mark.parametrize("zoom", [1, 7, 300, 20_000])
def test_viewport_matches_brute_force_on_real_python_trace(pytrace, zoom):
    m = _model(pytrace)
    s0, s1 = m.span
    width = (s1 - s0) // zoom
    rng = np.random.default_rng(zoom)
    for _ in range(3):
        t0 = int(rng.integers(s0, max(s1 - width, s0 + 1)))
        _brute_force_check(pytrace, m, t0, t0 + width, 1200)


@pytest.mark.parametrize("zoom", [1, 50, 5_000])
def test_viewport_matches_brute_force_on_synthetic(synthetic, zoom):
    m = _model(synthetic)
    s0, s1 = m.span
    width = (s1 - s0) // zoom
    t0 = s0 + (s1 - s0 - width) // 3
    _brute_force_check(synthetic, m, t0, t0 + width, 1600)


@pytest.mark.parametrize("one_pass", [True, False])
def test_viewport_matches_brute_force_by_either_path(synthetic, pytrace, monkeypatch, one_pass):
    """The one-pass answer (few events) and the lane-by-lane one (many) both match brute force."""
    import nbprof.trace.index as trace_index

    monkeypatch.setattr(trace_index, "SMALL_QUERY_EVENTS", 1 << 40 if one_pass else -1)
    for profile in (synthetic, pytrace):
        m = _model(profile)
        s0, s1 = m.span
        for zoom in (1, 40, 4_000):
            width = (s1 - s0) // zoom
            _brute_force_check(profile, m, s0 + (s1 - s0 - width) // 3, s0 + (s1 - s0 - width) // 3 + width, 1000)


@pytest.mark.parametrize("fixture", ["tpu_v6e", "amd_mi300x_conv", "jax_mlp_train_pytrace"])
def test_one_pass_items_equal_the_lane_by_lane_items(load_fixture, fixture):
    """Same items in the same order, searched or not, coarsened or not, on random viewports and lanes
    (viewports past the trace's ends and narrower than the pixels included)."""
    m = _model(load_fixture(fixture))
    index = m.index
    s0, s1 = m.span
    every_lane = index.lanes_of_tracks(m.resolve_tracks(None))
    rng = np.random.default_rng(11)
    views = [(s0, s1, 1600, every_lane)]
    for _ in range(25):
        t0, t1 = sorted(rng.integers(s0 - 1000, s1 + 1000, 2).tolist())
        lanes = rng.choice(every_lane, int(rng.integers(1, 12)))  # duplicates included
        views.append((t0, max(t1, t0 + int(rng.integers(1, 40))), int(rng.choice([1, 7, 1600, 5000])), lanes))
    m.run_search("e")
    items = 0
    for t0, t1, width, lanes in views:
        for search in (None, m.search):
            for coarsen in (1, 4):
                cols = max(width // coarsen, 1)
                col_ps = (t1 - t0) / cols
                bounds = t0 + np.floor(np.arange(cols + 1) * col_ps).astype(np.int64)
                bounds[-1] = t1
                args = (t0, t1, bounds, col_ps, coarsen, (t1 - t0) / width, np.asarray(lanes, np.int64), search)
                by_lane, one_pass = index._items_by_lane(*args), index._items_of_few(*args)
                keys = ["lane", "x0", "x1", "name", "row"] + (["hit"] if search is not None else [])
                for key in keys:
                    assert np.array_equal(by_lane[key].astype(np.float64), one_pass[key].astype(np.float64)), key
                items += len(one_pass["row"])
    assert items > 1000


def test_rows_out_of_order_still_give_exact_replies(synthetic):
    shuffled = build_trace_profile(30_000, seed=9)
    order = np.random.default_rng(0).permutation(len(shuffled.events))
    shuffled.events = shuffled.events.iloc[order].reset_index(drop=True)
    m = _model(shuffled)
    s0, s1 = m.span
    for zoom in (1, 30, 3000):
        width = (s1 - s0) // zoom
        _brute_force_check(shuffled, m, s0 + (s1 - s0 - width) // 2, s0 + (s1 - s0 - width) // 2 + width, 900)


def test_events_longer_than_the_top_class_are_found():
    prof = build_trace_profile(2_000, seed=4)
    ev = prof.events
    ev.loc[0, "duration_ps"] = 4**29  # ~ 80 hours
    ev.loc[0, "end_ps"] = ev.loc[0, "start_ps"] + 4**29
    m = _model(prof)
    lane = int(m.layout.event_lane[0])
    t0 = int(ev.loc[0, "start_ps"]) + 4**28 + 5
    assert 0 in m.index.row[m.index.overlapping(lane, t0, t0 + 10)].tolist()


def test_reply_is_bounded_by_pixels_not_events():
    prof = build_trace_profile(1_000_000, seed=1)
    m = _model(prof)
    s0, s1 = m.span
    sizes = []
    for zoom in (1, 10, 1000, 100_000):
        w = (s1 - s0) // zoom
        reply = m.query(s0, s0 + w, 1600)
        sizes.append(reply_nbytes(reply))
        assert reply_nbytes(reply) <= MAX_REPLY_BYTES
        assert reply["n_items"] <= 2 * 1600 * m.layout.n_lanes
    assert max(sizes) > 100_000  # dense: the bound is what limits it


def test_coarsening_keeps_counts_exact(synthetic):
    m = _model(synthetic)
    s0, s1 = m.span
    lanes = m.index.lanes_of_tracks(m.resolve_tracks(None))
    full = m.index.query(s0, s1, 1600, lanes)
    small = m.index.query(s0, s1, 1600, lanes, max_bytes=reply_nbytes(full) // 3)
    assert small["coarsen"] > 1
    assert reply_nbytes(small) <= reply_nbytes(full) // 3
    count = lambda r: int(np.where(r["row"] >= 0, 1, -r["row"].astype(np.int64)).sum())  # noqa: E731
    assert count(small) == count(full)


def test_reply_binary_parts_are_typed_buffers(gpu):
    m = _model(gpu)
    reply = m.query(*m.span, 800)
    content, buffers = split_binary(reply)
    assert content["buffers"] == ["lane", "x0", "x1", "name", "row", "counter_track", "counter_x", "counter_v"]
    assert content["dtypes"]["lane"] == "u2" and content["dtypes"]["x0"] == "f4" and content["dtypes"]["row"] == "i4"
    assert all(isinstance(b, memoryview) for b in buffers)
    assert buffers[0].nbytes == 2 * reply["n_items"]


def test_tracks_argument_limits_lanes(gpu):
    m = _model(gpu)
    steps = m.resolve_tracks(["/device:GPU:4 › Steps"])
    reply = m.query(*m.span, 800, tracks=steps)
    lanes = set(reply["lane"].tolist())
    track = m.layout.tracks[steps[0]]
    assert lanes == {track.lane0}
    with pytest.raises(nbprof.errors.NbprofError):
        m.resolve_tracks(["no such track"])


def test_duration_classes():
    assert duration_class(np.array([0, 1, 3, 4, 15, 16, 10**12])).tolist() == [0, 0, 0, 1, 1, 2, 19]


def test_duration_classes_at_every_power_of_four_and_the_int64_ends():
    """Each class boundary, its neighbours, non-positive and the largest durations, against Python's bit_length."""
    powers = [4**k for k in range(32)]
    d = sorted({max(min(p + j, 2**53), -(2**63)) for p in powers for j in (-1, 0, 1)} | {-(2**63), -5, 0, 2**63 - 1})
    expected = [min((max(x, 1).bit_length() - 1) // 2, N_CLASSES - 1) for x in d]
    values = np.array(d, np.int64)
    assert duration_class(values).tolist() == expected
    assert values.tolist() == d  # the input is not overwritten


def test_rows_by_lane_keeps_frame_order_within_a_lane_and_drops_hidden_rows():
    rng = np.random.default_rng(7)
    for n_lanes in (5, 65_535):
        lane = rng.integers(-1, n_lanes, 5_000).astype(np.int32)
        rows, lane_of = _rows_by_lane(lane, n_lanes, np.int32)
        shown = np.flatnonzero(lane >= 0)
        expected = shown[np.argsort(lane[shown], kind="stable")]
        assert rows.dtype == np.int32 and rows.tolist() == expected.tolist()
        assert lane_of.tolist() == lane[expected].tolist()


# ---------------------------------------------------------------------------- search, box, details
def test_search_counts_and_steps_in_time_order(pytrace):
    m = _model(pytrace)
    ev = pytrace.events[~pytrace.events["aggregated"]]
    reply = m.run_search("jit")
    expected = ev[ev["name"].astype(str).str.contains("jit", case=False, regex=False)]
    assert reply["count"] == len(expected) > 0
    order = expected.sort_values(["start_ps"], kind="stable")
    got = [m.search_step(i)["row"] for i in range(min(5, len(order)))]
    assert got == order.index[:5].tolist()
    assert m.search_step(-1)["row"] == order.index[-1]  # previous from the first wraps around
    flagged = m.query(*m.span, 1200)
    names = np.asarray(flagged["names"], dtype=object)[flagged["name"]]
    events = flagged["row"] >= 0
    assert [("jit" in n.lower()) for n in names[events]] == flagged["hit"][events].astype(bool).tolist()
    # a summary is marked when some event starting in its pixel column matches
    ev_lane, start = m.layout.event_lane, pytrace.events["start_ps"].to_numpy()
    matching = pytrace.events["name"].astype(str).str.contains("jit", case=False).to_numpy()
    t0, px = flagged["start_ps"], flagged["px_ps"]
    for i in np.flatnonzero(~events)[:200]:
        lo, hi = t0 + int(np.floor(flagged["x0"][i] * px)), t0 + int(np.floor(flagged["x1"][i] * px))
        inside = (ev_lane == flagged["lane"][i]) & (start >= lo) & (start < hi)
        assert bool(flagged["hit"][i]) == bool((matching & inside).any())
    assert flagged["hit"].sum() > 0
    assert m.run_search("([", regex=True)["error"].startswith("invalid regular expression")


def test_box_selection_aggregates_like_pandas(synthetic):
    m = _model(synthetic)
    ev = synthetic.events
    track = m.layout.tracks[m.resolve_tracks(["python3/1001"])[0]]
    lanes = list(range(track.lane0, track.lane0 + 3))
    s0, s1 = m.span
    t0, t1 = s0 + (s1 - s0) // 3, s0 + (s1 - s0) // 3 + (s1 - s0) // 200
    reply = m.box(t0, t1, lanes)
    start, end = ev["start_ps"].to_numpy(), ev["end_ps"].to_numpy()
    sel = np.isin(m.layout.event_lane, lanes) & (start < t1) & ((end > t0) | (start >= t0))
    expected = ev[sel].groupby("name", observed=True)["duration_ps"].agg(["count", "sum", "min", "max"])
    assert reply["count"] == sel.sum()
    got = {r[0]: r[1:] for r in reply["rows"]}
    assert set(got) == set(expected.index.astype(str))
    for name, row in expected.iterrows():
        assert got[str(name)][0] == row["count"] and got[str(name)][1] == row["sum"]
        assert got[str(name)][3] == row["min"] and got[str(name)][4] == row["max"]
    assert m.selection.index.tolist() == np.flatnonzero(sel).tolist()


def test_details_match_events_and_stats_and_flows(synthetic, gpu):
    m = _model(synthetic)
    ev = synthetic.events
    launch = int(np.flatnonzero((ev["name"] == "cudaLaunchKernel").to_numpy())[5])
    d = m.details(launch)
    assert d["name"] == "cudaLaunchKernel"
    assert d["duration_ps"] == ev["duration_ps"].iat[launch] and d["self_ps"] == ev["self_ps"].iat[launch]
    assert d["track_name"] == "Host threads › python3/1000"
    assert dict(d["stats"])["correlation_id"] == ev["correlation_id"].iat[launch]
    (flow,) = d["flows"]
    assert ev["correlation_id"].iat[flow["row"]] == ev["correlation_id"].iat[launch]
    assert ev["plane"].iat[flow["row"]].startswith("/device") and flow["lane"] == m.layout.event_lane[flow["row"]]
    assert m.selection.index.tolist() == [launch]
    g = _model(gpu)
    row = int(gpu.events.index[gpu.events["kernel_details"].notna()][0])
    details = g.details(row)
    assert dict(details["stats"]) == {
        k: v if not isinstance(v, bytes) else f"<{len(v)} bytes>" for k, v in gpu.event_stats(row).items()
    }


def test_html_names_are_kept_as_text(synthetic):
    m = _model(synthetic)
    reply = m.query(*m.span, 1600)
    assert set(HTML_NAMES) & set(reply["names"])  # plain strings: the browser draws them as text


def test_requests_report_errors_instead_of_raising(gpu):
    m = _model(gpu)
    assert m.handle({"type": "details", "row": 10**9, "rid": 4}) == {
        "type": "error",
        "request": "details",
        "rid": 4,
        "error": f"TraceRequestError: event row {10**9} is outside the events frame (0..{len(gpu.events) - 1})",
    }
    assert m.handle({"type": "nope"})["type"] == "error"
    assert m.handle({"type": "viewport", "start_ps": 0, "end_ps": 10, "width_px": 5, "rid": 1})["rid"] == 1


def test_index_memory_is_below_twice_the_events_frame(synthetic):
    m = _model(synthetic)
    assert m.index.nbytes < 2 * synthetic.events.memory_usage(deep=True).sum()


def test_empty_profile_gives_empty_replies(gpu):
    empty = build_trace_profile(1_000, seed=0)
    empty.events = empty.events.iloc[:0]
    m = TraceModel(empty)
    assert m.query(0, 100, 10)["n_items"] == 0
    assert isinstance(TraceIndex(empty.events, build_layout(empty.events)).span, tuple)
    assert pd.api.types.is_integer_dtype(m.selection["start_ps"])
