"""Nesting (depth, parent, self time) equals a plain stack walk over each line."""

from __future__ import annotations

import numpy as np
import pytest
from fixture_paths import fixture_file

import nbprof
from nbprof.xspace import nesting


def stack_walk(line_key: np.ndarray, start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Reference: per line, pop the stack until its top contains the event (ends at or after its
    end and after its start); that top is the parent. Self time = duration - direct children's."""
    n = len(start)
    depth = np.zeros(n, np.int32)
    parent = np.full(n, -1, np.int64)
    stack: list[int] = []
    for i in range(n):
        if i and line_key[i] != line_key[i - 1]:
            stack = []
        while stack and not (end[stack[-1]] >= end[i] and end[stack[-1]] > start[i]):
            stack.pop()
        if stack:
            parent[i] = stack[-1]
            depth[i] = len(stack)
        stack.append(i)
    self_ps = end - start
    for i in range(n):
        if parent[i] >= 0:
            self_ps[parent[i]] -= end[i] - start[i]
    return depth, parent, self_ps


def sorted_events(rng: np.random.Generator, n: int, lines: int, span: int, max_duration: int):
    line_key = rng.integers(0, lines, n)
    start = rng.integers(0, span, n)
    duration = rng.integers(0, max_duration + 1, n)
    order = np.lexsort((-duration, start, line_key))
    return line_key[order], start[order], start[order] + duration[order]


# numpy with two thresholds (1: every line takes the running-maximum pass), and the compiled walk
IMPLEMENTATIONS = [("numpy", 1024), ("numpy", 1)] + ([("compiled", 0)] if nesting._wire is not None else [])


@pytest.mark.parametrize("impl", IMPLEMENTATIONS, ids=lambda impl: f"{impl[0]}-{impl[1]}")
@pytest.mark.parametrize("seed", range(6))
def test_random_overlapping_lines_match_a_stack_walk(monkeypatch, seed, impl):
    monkeypatch.setattr(nesting, "_FORCE_NUMPY", impl[0] == "numpy")
    monkeypatch.setattr(nesting, "_LONG_LINE", impl[1])
    rng = np.random.default_rng(seed)
    # overlaps without nesting, equal starts, zero durations, touching ends
    args = sorted_events(rng, 3000, lines=1 + seed % 4, span=500 * (1 + seed), max_duration=60 * (1 + seed % 3))
    for got, want in zip(nesting.nest_lines(*args), stack_walk(*args)):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)


def test_a_python_traced_profile_matches_a_stack_walk():
    """jax_mlp_train_pytrace has Python-tracer frames overlapping TraceMe events on one thread."""
    events = nbprof.load(fixture_file("jax_mlp_train_pytrace")).events
    timed = events[~events["aggregated"]]
    key = timed["line_id"].to_numpy() + (timed["plane_id"].to_numpy() << 32)
    line_key = np.concatenate([[0], np.cumsum(key[1:] != key[:-1])])
    depth, parent, self_ps = stack_walk(line_key, timed["start_ps"].to_numpy(), timed["end_ps"].to_numpy())
    rows = timed.index.to_numpy()
    np.testing.assert_array_equal(timed["depth"].to_numpy(), depth)
    np.testing.assert_array_equal(timed["parent"].to_numpy(), np.where(parent >= 0, rows[np.maximum(parent, 0)], -1))
    np.testing.assert_array_equal(timed["self_ps"].to_numpy(), self_ps)
    assert (depth > 0).any() and len(timed) > 10_000
