"""The memory profile's breakdown walked in Python for a few events at the peak (``_peak_rows_few``) and
in numpy (``_peak_rows``) give the same rows, on every fixture's allocators and on random windows."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture
from test_memory_profile import allocators

from nbprof.tools import memory_profile as mp
from nbprof.tools.memory_profile import memory_profile


@pytest.mark.parametrize("fixture,memory_id", allocators())
def test_few_event_window_equals_the_vectorised_one(fixture, memory_id, monkeypatch):
    walked = memory_profile(load_fixture(fixture).op_stats(), memory_id).breakdown
    monkeypatch.setattr(mp, "_FEW_WINDOW_ROWS", -1)
    vectorised = memory_profile(load_fixture(fixture).op_stats(), memory_id).breakdown
    pd.testing.assert_frame_equal(walked, vectorised, check_exact=True)


def _random_timeline(rng: np.random.Generator, n: int) -> dict:
    """A time-ordered timeline of ``n`` events on a few addresses, texts of a few values (one missing)."""
    table = np.array(["", "op/a", "op/b", "é", None], dtype=object)
    columns = {
        "address": rng.integers(0, 6, n).astype(np.int64) * 64,
        "is_deallocation": rng.random(n) < 0.45,
        "allocation_bytes": rng.integers(0, 4, n).astype(np.int64) * 256,
        "requested_bytes": rng.integers(0, 4, n).astype(np.int64) * 200,
        "offset_ps": np.arange(n, dtype=np.int64),
        "step_id": (np.arange(n) >= n // 3).astype(np.int64),
        "in_use_bytes": rng.integers(0, 5, n).astype(np.int64),
    }
    for c in mp._TEXT_COLUMNS:
        columns[c] = mp._Text(rng.integers(0, len(table), n).astype(np.int64), table)
    return columns


@pytest.mark.parametrize("seed", range(12))
def test_walked_window_equals_the_vectorised_one_on_random_events(seed):
    """Re-allocated and twice-freed addresses, frees of memory allocated before the window, heap left over
    or overcounted, with and without a stack."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 60))
    timeline = _random_timeline(rng, n)
    peak = int(rng.integers(0, n))
    summary = {
        "peak_bytes_in_use": int(timeline["in_use_bytes"][peak]),
        "peak_offset_ps": peak,
        "peak_heap_bytes": int(rng.integers(0, 4096)),
        "peak_stack_bytes": int(rng.integers(0, 2)) * 512,
    }
    in_use, step_id = timeline["in_use_bytes"], timeline["step_id"]
    at_peak = np.flatnonzero(in_use == summary["peak_bytes_in_use"])
    window = np.flatnonzero((timeline["offset_ps"] <= peak) & (step_id == int(step_id[at_peak[-1]])))
    walked = mp._peak_rows_few(timeline, summary, window)
    vectorised = mp._peak_rows(timeline, summary, window)
    assert walked.keys() == vectorised.keys()
    for name, values in vectorised.items():
        assert np.asarray(walked[name]).tolist() == np.asarray(values).tolist(), name


def test_int64_sum_wraps_as_numpy():
    for terms in ([2**62, 2**62], [-(2**62), -(2**62), -(2**62)], [5, -7], []):
        assert mp._int64_sum(sum(terms)) == int(np.array(terms, np.int64).sum())
