"""The step breakdown's priority sweep (``step_db._top_type_time``) against unions of intervals,
and swept in chunks of groups (as on large profiles) against in one piece."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import fixture_file
from hypothesis import given, settings
from hypothesis import strategies as st

import nbprof
from nbprof.opstats import step_db
from nbprof.opstats.event_columns import union_lengths
from nbprof.opstats.step_db import _covered_by_parent, _top_type_time
from nbprof.xspace.nesting import nest_lines

spans = st.lists(
    st.tuples(st.integers(0, 3), st.sampled_from([10, 20, 30, 35]), st.integers(0, 50), st.integers(0, 20)),
    max_size=30,
)


def _by_unions(g: np.ndarray, t: np.ndarray, s: np.ndarray, e: np.ndarray, groups: pd.Index) -> dict[int, np.ndarray]:
    """union(types >= T) - union(types > T) per group: the definition the sweep must equal."""
    out = {}
    size = int(max(groups.max() if len(groups) else 0, g.max(initial=0))) + 1
    at_groups = groups.to_numpy(np.int64)
    for ty in np.unique(t).tolist():
        at, above = t >= ty, t > ty
        cov_at = union_lengths(g[at], s[at], e[at], size)[at_groups]
        cov_above = union_lengths(g[above], s[above], e[above], size)[at_groups]
        out[ty] = cov_at - cov_above
    return out


@settings(max_examples=200, deadline=None)
@given(spans, st.integers(1, 40))
def test_sweep_equals_unions(rows: list[tuple[int, int, int, int]], chunk: int) -> None:
    g = np.array([r[0] for r in rows], np.int64)
    t = np.array([r[1] for r in rows], np.int64)
    s = np.array([r[2] for r in rows], np.int64)
    e = s + np.array([r[3] for r in rows], np.int64)
    groups = pd.Index([3, 0, 1, 2])  # not sorted: positions, not ids, order the sweep
    expected = _by_unions(g, t, s, e, groups)
    old = step_db.SWEEP_SPANS
    try:
        step_db.SWEEP_SPANS = chunk
        got = _top_type_time(g, t, s, e, groups)
    finally:
        step_db.SWEEP_SPANS = old
    assert sorted(got) == sorted(expected)
    for ty in expected:
        np.testing.assert_array_equal(got[ty], expected[ty])


@pytest.mark.parametrize("name", ["tf_custom_loop", "jax_mlp_train_pytrace", "flax_cnn_train", "tf_keras2_input_bound"])
def test_chunked_sweep_gives_the_same_steps(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = nbprof.load(fixture_file(name)).steps
    assert len(whole) > 0
    monkeypatch.setattr(step_db, "SWEEP_SPANS", 7)
    chunked = nbprof.load(fixture_file(name)).steps
    pd.testing.assert_frame_equal(chunked, whole, check_exact=True)


pairs = st.lists(st.tuples(st.integers(0, 4), st.integers(-5, 30)), max_size=25)


@settings(max_examples=200, deadline=None)
@given(pairs, pairs, st.sampled_from(["left", "right"]))
def test_pair_search_equals_tuple_search(
    data: list[tuple[int, int]], queries: list[tuple[int, int]], side: str
) -> None:
    """Binary search on the combined (group, value) keys = searching the sorted tuples."""
    data = sorted(data)
    sorted_pairs = np.array(data, np.int64).reshape(-1, 2)
    group = np.array([q[0] for q in queries], np.int64)
    value = np.array([q[1] for q in queries], np.int64)
    got = step_db._searchsorted_pairs(sorted_pairs, group, value, side)
    bisect = __import__("bisect").bisect_right if side == "right" else __import__("bisect").bisect_left
    np.testing.assert_array_equal(got, [bisect(data, q) for q in queries])
    order = step_db._pair_order(value, group)
    np.testing.assert_array_equal(order, np.lexsort((group, value)))


line_events = st.lists(
    st.tuples(
        st.integers(0, 1),  # line
        st.integers(0, 40),  # start
        st.integers(0, 15),  # duration
        st.integers(0, 2),  # group
        st.sampled_from([5, 10, 12]),  # span type
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(line_events)
def test_spans_covered_by_their_parent_do_not_change_the_breakdown(rows: list[tuple[int, int, int, int, int]]) -> None:
    """Dropping the spans ``_covered_by_parent`` names gives the same clipped and unclipped
    breakdown, the zero-duration artefact spans included, as sweeping every span."""
    rows = sorted(rows, key=lambda r: (r[0], r[1], -r[2]))  # the events frame's order on a line
    line = np.array([r[0] for r in rows], np.int64)
    start = np.array([r[1] for r in rows], np.int64)
    end = start + np.array([r[2] for r in rows], np.int64)
    _, parent, _ = nest_lines(line, start, end)
    ev = pd.DataFrame({"parent": parent.astype(np.int64), "duration_ps": end - start})
    group = np.array([r[3] for r in rows], np.int64)
    kind = np.array([r[4] for r in rows], np.int64)
    every = np.arange(len(rows))
    covered = _covered_by_parent(ev, every, kind, group)
    groups = np.unique(group)
    steps = {"group": groups, "start_ps": 8 + groups, "duration_ps": np.full(len(groups), 30)}

    def breakdown(keep: np.ndarray) -> dict[str, np.ndarray]:
        spans = {"group": group[keep], "type": kind[keep], "start_ps": start[keep], "end_ps": end[keep]}
        return {k: v for k, v in step_db._breakdown(spans, steps).items() if v.any()}

    full, reduced = breakdown(every), breakdown(every[~covered])
    assert full.keys() == reduced.keys()
    for key in full:
        np.testing.assert_array_equal(reduced[key], full[key], err_msg=key)


def test_python_traced_profile_drops_nested_spans() -> None:
    """On a Python-traced profile most host spans nest in a span of their step: they are dropped."""
    prof = nbprof.load(fixture_file("jax_mlp_train_pytrace"))
    events = prof.events
    groups = prof.op_stats().event_groupings.event_groups
    rows = np.flatnonzero((groups >= 0) & (events["duration_ps"].to_numpy() > 0))
    covered = _covered_by_parent(events, rows, np.full(len(rows), 10, np.int64), groups)
    assert covered.sum() > len(rows) // 2


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(-(2**63), 2**63 - 1), max_size=20, unique=True),
    st.lists(st.integers(-(2**63), 2**63 - 1), max_size=30),
    st.booleans(),
)
def test_positions_are_get_indexers(groups: list[int], others: list[int], small: bool) -> None:
    """``_positions`` (a table over a small id range, else a binary search) is ``get_indexer``."""
    if small:  # step ids: a small range
        groups = [g % 50 for g in dict.fromkeys(g % 50 for g in groups)]
    ids = np.array(groups, np.int64)
    values = np.array(others + groups[::2], np.int64)
    expected = pd.Index(ids).get_indexer(values)
    np.testing.assert_array_equal(step_db._positions(ids, values), expected)
