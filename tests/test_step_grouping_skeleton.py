"""Step grouping propagates over a skeleton (roots and link ends) and gives every other event its
nearest skeleton ancestor's group: the same groups as spreading over every event, on every fixture."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, MULTI_HOST_FIXTURE_NAMES

from nbprof.opstats import event_columns as ec
from nbprof.opstats import step_grouping as sg
from nbprof.xspace import nesting
from nbprof.xspace.semantics import column, values_in
from nbprof.xspace.semantics import int_values as int_array


def _groups_over_every_event(ev, flows) -> np.ndarray:
    """The grouping's propagation run over the whole event graph (the definition the skeleton shortcuts)."""
    n = len(ev)
    graph = sg.event_graph(ev, flows)
    r_col = column(ev, "_r")
    level = np.where(r_col.notna().to_numpy(), np.maximum(int_array(r_col, 0), 0), -1)
    level[values_in(ev["name"], ["TraceContext"]) & (level < 0)] = 1
    step_id_col = column(ev, "id").fillna(column(ev, "step_id")) if "id" in ev.columns else column(ev, "step_id")
    has_step_id = step_id_col.notna().to_numpy()
    step_id = int_array(step_id_col, 0)
    tf_data = values_in(ev["name"], sg.TF_DATA_FUNCTION_RUNS) & has_step_id
    if tf_data.any():
        level[has_step_id & np.isin(step_id, np.unique(step_id[tf_data])) & (level >= 0)] = -1
    inf = np.iinfo(np.int64).max
    group = np.full(n, inf, np.int64)
    start = ev["start_ps"].to_numpy()
    next_id = 0
    for lv in sorted(set(level[level >= 0].tolist()), reverse=True):
        frozen = group != inf
        roots = np.flatnonzero((level == lv) & ~frozen)
        roots = roots[np.argsort(start[roots], kind="stable")]
        rank = np.full(n, inf, np.int64)
        rank[roots] = np.arange(len(roots))
        roots = roots[graph.incoming_min(graph.propagate(rank, np.zeros(n, bool)))[roots] == inf]
        ids = np.full(n, inf, np.int64)
        ids[roots] = next_id + np.arange(len(roots))
        next_id += len(roots)
        spread = graph.propagate(ids, frozen)
        take = (spread != inf) & ~frozen
        group[take] = spread[take]
    group = np.where(group == inf, -1, group)
    sg.fill_ungrouped_gpu_events(ev, group)  # the step after propagation, the same for both
    return group


def _host_slices(ev):
    """Each host's events as step grouping gets them: the whole frame for one host, else a row slice."""
    for host in ev["host"].cat.categories:
        rows = np.flatnonzero((ev["host"] == host).to_numpy())
        yield ev if len(rows) == len(ev) else ev.iloc[rows]


@pytest.mark.parametrize("name", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_skeleton_grouping_equals_spreading_over_every_event(load_fixture, name):
    prof = load_fixture(name)
    ev = prof.events
    for sub in _host_slices(ev):
        if column(sub, "group_id").notna().any() or values_in(sub["name"], sg.TF_LOOP_OP_NAMES).any():
            continue  # grouped by the file, or not grouped at all: no propagation
        grouping = sg.group_host_events(sub, prof.flows)
        np.testing.assert_array_equal(grouping.group, _groups_over_every_event(sub, prof.flows))


@pytest.mark.parametrize("compiled", [False, True] if nesting._wire is not None else [False])
def test_marked_owners(monkeypatch, compiled):
    monkeypatch.setattr(nesting, "_FORCE_NUMPY", not compiled)
    # 0 -> 1 -> 2 -> 3, 0 -> 4, 5 alone; marked: 0 and 2 (nodes 0 and 1)
    parent = np.array([-1, 0, 1, 2, 0, -1])
    marked = np.array([True, False, True, False, False, False])
    owner, node_parent = nesting.marked_owners(parent, marked)
    assert owner.tolist() == [0, 0, 1, 1, 0, -1]
    assert node_parent.tolist() == [-1, 0]


@pytest.mark.parametrize("seed", range(4))
def test_marked_owners_compiled_equals_numpy(seed):
    rng = np.random.default_rng(seed)
    n = 5000
    parent = np.where(rng.random(n) < 0.1, -1, (rng.random(n) * np.arange(n)).astype(np.int64))
    parent[0] = -1
    marked = rng.random(n) < 0.05 * (1 + seed)
    want = nesting.marked_owners_numpy(parent, marked)
    for got, expected in zip(nesting.marked_owners(parent, marked), want):
        np.testing.assert_array_equal(got, expected)
    # a parent after its child: the compiled pass declines, numpy answers
    shuffled, marked = np.append(parent, -1), np.append(marked, True)
    shuffled[5] = n  # row 5's parent is the new last row
    for got, expected in zip(nesting.marked_owners(shuffled, marked), nesting.marked_owners_numpy(shuffled, marked)):
        np.testing.assert_array_equal(got, expected)


def _spread_over_every_event(ev, flows, roots: np.ndarray) -> np.ndarray:
    """``spread_from_roots`` by propagating over the whole event graph (its definition)."""
    inf = np.iinfo(np.int64).max
    ids = np.full(len(ev), inf, np.int64)
    ids[roots] = np.arange(len(roots))
    spread = sg.event_graph(ev, flows).propagate(ids, np.zeros(len(ev), bool))
    return np.where(spread == inf, -1, spread)


@pytest.mark.parametrize("name", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_spread_from_roots_equals_spreading_over_every_event(load_fixture, name):
    prof = load_fixture(name)
    ev = prof.events
    rng = np.random.default_rng(3)
    for sub in _host_slices(ev):
        depth = sub["depth"].to_numpy()
        top = np.flatnonzero(depth == 0)
        for roots in (top, rng.permutation(np.flatnonzero(depth <= 1))[:200], top[:0]):
            np.testing.assert_array_equal(
                sg.spread_from_roots(sub, prof.flows, roots), _spread_over_every_event(sub, prof.flows, roots)
            )


@pytest.mark.parametrize("name", ["gpu_v100", "tf_keras2_fit"])
def test_existing_names_are_each_groups_first_step_name(load_fixture, name):
    import pandas as pd

    prof = load_fixture(name)
    ev = prof.events
    sn = column(ev, "step_name")
    for group in (prof.op_stats().event_groupings.event_groups, np.arange(len(ev)) % 7 - 1):
        has = sn.notna().to_numpy() & (group >= 0)
        frame = pd.DataFrame({"g": group[has], "n": sn[has].astype(str).to_numpy()})
        expected = frame.drop_duplicates("g").set_index("g")["n"].to_dict() if has.any() else {}
        got = sg._existing_names(ev, group)
        assert got == expected and list(got) == list(expected)


@pytest.mark.parametrize("name", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_host_event_groups_are_the_groupings_ids_and_source(load_fixture, name):
    """The ids alone (no step names, no GPU step markers) equal the full grouping's, host by host."""
    prof = load_fixture(name)
    ev = prof.events
    for sub in _host_slices(ev):
        grouping = sg.group_host_events(sub, prof.flows)
        group, source = sg.host_event_groups(sub, prof.flows)
        np.testing.assert_array_equal(group, grouping.group)
        assert group.dtype == grouping.group.dtype and source == grouping.source


def test_sorted_member_equals_numpy_isin():
    rng = np.random.default_rng(3)
    for _ in range(500):
        values = rng.integers(-20, 20, int(rng.integers(0, 30)))
        distinct = np.unique(rng.integers(-20, 20, int(rng.integers(0, 10))))  # the empty set too
        np.testing.assert_array_equal(ec.sorted_member(values, distinct), np.isin(values, distinct))


def _context_pairs_by_raw_ids(ev, flows):
    """``_context_pairs`` keyed by the (type, id) pairs themselves (ids never renumbered first)."""
    from nbprof.opstats import event_columns as ec

    at = sg._flow_positions(ev, flows["event"].to_numpy(np.int64))
    inside = np.flatnonzero(at >= 0)
    ends = [flows[c].array[inside] for c in ("producer_type", "producer_id", "consumer_type", "consumer_id")]
    present = [~np.asarray(v.isna(), dtype=bool) for v in ends]
    numbers = [v.to_numpy(dtype=np.int64, na_value=0) for v in ends]
    is_prod, is_cons = present[0] & present[1], present[2] & present[3]
    prod, cons = at[inside[is_prod]], at[inside[is_cons]]
    if len(prod) == 0 or len(cons) == 0:
        return prod[:0], cons[:0], np.zeros(0, np.int64)
    key, n_keys = ec.group_ids(
        np.concatenate([numbers[0][is_prod], numbers[2][is_cons]]),
        np.concatenate([numbers[1][is_prod], numbers[3][is_cons]]),
    )
    pkey, ckey = key[: len(prod)], key[len(prod) :]
    skip = (np.bincount(pkey, minlength=n_keys) >= 64) & (np.bincount(ckey, minlength=n_keys) >= 64)
    return prod[~skip[pkey]], cons[~skip[ckey]], np.concatenate([pkey[~skip[pkey]], ckey[~skip[ckey]]])


@pytest.mark.parametrize("name", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_context_pairs_equal_pairs_keyed_by_raw_ids(load_fixture, name):
    """Producer/consumer keys numbered from the ids' codes (negative ids) or the ids: the same keys."""
    prof = load_fixture(name)
    ev = prof.events
    for sub in _host_slices(ev):
        for got, want in zip(sg._context_pairs(sub, prof.flows), _context_pairs_by_raw_ids(sub, prof.flows)):
            np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_ids_without_the_gpu_fill_differ_only_on_the_filled_gpu_events(load_fixture, name):
    """``gpu_fill=False`` leaves the events the GPU fill groups at -1, counts them for the same source,
    and gives every other event the same group."""
    prof = load_fixture(name)
    for sub in _host_slices(prof.events):
        group, source = sg.host_event_groups(sub, prof.flows)
        unfilled, unfilled_source = sg.host_event_groups(sub, prof.flows, gpu_fill=False)
        assert unfilled_source == source
        changed = unfilled != group
        assert (unfilled[changed] == -1).all()
        in_time = sg.gpu_plane_rows_in_time_order(sub)
        on_gpu = np.concatenate(in_time) if in_time else np.zeros(0, np.int64)
        assert np.isin(np.flatnonzero(changed), on_gpu).all()
        count = sg.gpu_fill_count(sub, unfilled)
        assert count == sg.fill_ungrouped_gpu_events(sub, unfilled.copy())
        if source.startswith(("grouped here", sg.NO_STEP_ROOTS)):  # else the file's own groups: no fill
            assert count == changed.sum()


def test_gpu_fill_count_equals_the_fill_on_random_planes():
    """Ties of start and duration, negative and extreme durations, several GPU planes, derived lines."""
    rng = np.random.default_rng(11)
    extremes = np.array([np.iinfo(np.int64).min, -1, 0, np.iinfo(np.int64).max])
    for _ in range(300):
        n = int(rng.integers(0, 40))
        duration = rng.integers(-3, 4, n)
        odd = rng.random(n) < 0.1
        duration[odd] = rng.choice(extremes, int(odd.sum()))
        ev = pd.DataFrame(
            {
                "plane": pd.Categorical(rng.choice(["/device:GPU:0", "/device:GPU:1", "/host:CPU"], n)),
                "line_id": rng.choice([1, 2, 3, 0xDEADBEEF], n),  # the last: a derived line (left out)
                "start_ps": rng.integers(0, 6, n),
                "duration_ps": duration,
            }
        )
        group = np.where(rng.random(n) < 0.4, rng.integers(0, 5, n), -1)
        assert sg.gpu_fill_count(ev, group) == sg.fill_ungrouped_gpu_events(ev, group.copy())


def _edge_arrays(graph: sg._Graph) -> list[np.ndarray]:
    return [graph.parent, graph.prod, graph.cons, graph.prod_key, graph.cons_key, np.array([graph.n_keys])]


@pytest.mark.parametrize("name", ["flax_cnn_gpu", "torch_xla_train", "tf_keras2_fit", "jax_gpu_train"])
def test_grouping_then_sessions_share_the_edges_and_spread_the_same(load_fixture, name, monkeypatch):
    """Step grouping hands out its context edges (``Grouping.edges``): equal to a fresh build, and a spread
    given them is the same as one that builds its own."""
    prof = load_fixture(name)
    ev, flows = prof.events, prof.flows
    built = []
    monkeypatch.setattr(sg, "_context_edges", lambda *a: built.append(1) or _context_edges(*a))
    grouping = sg.group_host_events(ev, flows)
    assert len(built) == 1 and grouping.edges is not None
    kept = sg._Graph(sg.parent_positions(ev), np.zeros(0, np.int64), *grouping.edges)
    fresh = sg._Graph(sg.parent_positions(ev), np.zeros(0, np.int64), *_context_edges(ev, flows))
    for a, b in zip(_edge_arrays(kept), _edge_arrays(fresh)):
        np.testing.assert_array_equal(a, b)
    roots = np.flatnonzero(ev["depth"].to_numpy() == 0)
    shared = sg.spread_from_roots(ev, flows, roots, grouping.edges)
    assert len(built) == 1  # given the grouping's: none built
    np.testing.assert_array_equal(shared, sg.spread_from_roots(ev, flows, roots))  # built again
    assert len(built) == 2
    np.testing.assert_array_equal(shared, _spread_over_every_event(ev, flows, roots))


_context_edges = sg._context_edges


@pytest.mark.parametrize("name", ["tpu_v6e", "jax_gpu_train", "jax_two_hosts"])
def test_op_stats_hands_the_groupings_edges_to_the_sessions_of_the_same_frame(load_fixture, name, monkeypatch):
    """The inference sessions reuse the step grouping's edges where both spread over the whole events
    frame (one host, where some event roots a group: else the grouping builds none); the sessions are
    those built without them."""
    from nbprof.opstats import OpStats
    from nbprof.opstats.inference import build_inference_sessions

    prof = load_fixture(name)
    ops = OpStats(prof.frames if hasattr(prof, "frames") else prof)
    edges = ops.event_groupings.whole_frame_edges
    rooted = sg.NO_STEP_ROOTS not in ops.event_groupings.sources
    assert (edges is not None) == (len(prof.hosts) == 1 and rooted)
    built = []
    monkeypatch.setattr(sg, "_context_edges", lambda *a: built.append(1) or _context_edges(*a))
    sessions = ops.inference_sessions
    assert not built or edges is None
    alone = build_inference_sessions(prof)
    pd.testing.assert_frame_equal(sessions.table, alone.table)


def test_edges_of_large_frames_are_not_kept(load_fixture, monkeypatch):
    prof = load_fixture("jax_gpu_train")
    monkeypatch.setattr(sg, "KEEP_EDGES_MAX_EVENTS", len(prof.events) - 1)
    grouping = sg.group_host_events(prof.events, prof.flows)
    assert grouping.edges is None
    monkeypatch.setattr(sg, "KEEP_EDGES_MAX_EVENTS", len(prof.events))
    kept = sg.group_host_events(prof.events, prof.flows)
    np.testing.assert_array_equal(kept.group, grouping.group)
    assert kept.edges is not None


@pytest.mark.parametrize("name", ["tpu_v6e", "amd_mi300x_gemm", "amd_mi300x_conv"])
def test_grouping_without_roots_reads_no_flows(load_fixture, name, monkeypatch):
    """Where no event roots a group, the grouping gives every event -1 without reading the flows (a
    function it is handed is never called) or building edges; as spreading over every event gives."""
    prof = load_fixture(name)
    ev = prof.events
    read = []
    grouping = sg.group_host_events(ev, lambda: read.append(1) or prof.flows)
    assert not read and grouping.edges is None and grouping.source == sg.NO_STEP_ROOTS
    assert grouping.names == {} and len(grouping.gpu_markers["group"]) == 0
    np.testing.assert_array_equal(grouping.group, np.full(len(ev), -1))
    np.testing.assert_array_equal(grouping.group, _groups_over_every_event(ev, prof.flows))
    group, source = sg.host_event_groups(ev, lambda: read.append(1) or prof.flows)
    assert not read and source == sg.NO_STEP_ROOTS
    np.testing.assert_array_equal(group, grouping.group)


def test_grouping_reads_flows_given_as_a_function_where_it_spreads(load_fixture):
    """A rooted grouping reads its flows function once and groups as with the frame itself."""
    prof = load_fixture("jax_gpu_train")
    read = []
    grouping = sg.group_host_events(prof.events, lambda: read.append(1) or prof.flows)
    assert read == [1]
    np.testing.assert_array_equal(grouping.group, sg.group_host_events(prof.events, prof.flows).group)


def test_present_ints_reads_int64_arrays_as_pandas_does():
    values = pd.array([3, None, -(2**63), 2**63 - 1, 0, None], dtype="Int64")
    for array in (values, values[[1, 3, 5]], values[:0]):
        got = sg._present_ints(array)
        expected = (~np.asarray(array.isna(), dtype=bool), array.to_numpy(dtype=np.int64, na_value=0))
        for a, b in zip(got, expected):
            assert a.dtype == b.dtype
            np.testing.assert_array_equal(a, b)
    present, got = sg._present_ints(pd.array([3, None, 7], dtype="Int32"))  # another dtype: pandas' path
    np.testing.assert_array_equal(present, [True, False, True])
    np.testing.assert_array_equal(got, np.array([3, 0, 7], np.int64))


@pytest.mark.parametrize("name", ["jax_gpu_train", "tpu_v6e", "jax_two_hosts"])
def test_context_pairs_of_int64_flows_equal_those_of_other_integer_columns(load_fixture, name):
    """The Int64 flows columns read directly give the pairs pandas' reading of other nullable integer
    columns gives (Int32 where the values fit, else Float64)."""
    prof = load_fixture(name)
    flows = prof.flows
    other = flows.copy()
    for flow_column in ("producer_type", "producer_id", "consumer_type", "consumer_id"):
        values = flows[flow_column]
        fits = bool((values.dropna().abs() < 2**31).all())
        other[flow_column] = values.astype("Int32") if fits else values.astype("Float64")
    for sub in _host_slices(prof.events):
        for got, want in zip(sg._context_pairs(sub, flows), sg._context_pairs(sub, other)):
            np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name", ["tf_keras2_input_bound", "jax_two_gpu_procs"])
def test_int_values_read_from_the_mask_equal_int_array(load_fixture, name):
    """The grouping's ``Int64`` reads from the array's data and mask equal ``int_values``' (rows or all);
    other columns are read by ``int_values`` itself."""
    ev = load_fixture(name).events
    rows = np.arange(0, len(ev), 3)
    for stat in ("_r", "iter_num", "step_num", "id", "correlation_id", "group_id", "program_id"):
        series = column(ev, stat)
        for at in (None, rows):
            got = sg._int_values(series, 7, at)
            np.testing.assert_array_equal(got, int_array(series, 7, at))
            assert got.dtype == np.int64
        values, present = sg._ints_at(series, rows)
        np.testing.assert_array_equal(values, int_array(series, 0, rows))
        np.testing.assert_array_equal(present, series.notna().to_numpy()[rows])
