"""The numpy paths and early exits of the OpStats parts agree with the expressions they replace."""

from __future__ import annotations

import pickle

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, MULTI_HOST_FIXTURE_NAMES

from nbprof.opstats import combine, inference, op_metrics_db, utilization, xla_ops
from nbprof.opstats import event_columns as ec
from nbprof.opstats.device_ops import LazyColumns
from nbprof.opstats.kernel_db import KernelDb
from nbprof.opstats.xla_ops import XlaOps
from nbprof.tools import overview
from nbprof.xspace.typed_frame import column_arrays

ALL_FIXTURES = FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES


def test_first_of_groups_and_distinct_sorted_match_np_unique() -> None:
    rng = np.random.default_rng(0)
    for n in (0, 1, 7, 500):
        group = rng.integers(0, 5, n)
        _, first = np.unique(group, return_index=True)
        found = ec.first_of_groups(group, 5)
        assert found[found < n].tolist() == first.tolist()
        assert (found[np.setdiff1d(np.arange(5), group)] == n).all()
        assert ec.distinct_sorted(group).tolist() == np.unique(group).tolist()
        dense = pd.factorize(group)[0]
        assert ec.first_rows(dense).tolist() == np.unique(dense, return_index=True)[1].tolist()


def _union_length_by_merging(start: list[int], end: list[int]) -> int:
    """The union's length of some intervals: in start order, each adds what reaches past the
    furthest end so far (the definition, one interval at a time)."""
    total, reach = 0, None
    for s, e in sorted(zip(start, end)):
        total += max(0, e - (s if reach is None else max(s, reach)))
        reach = e if reach is None else max(reach, e)
    return total


def test_union_lengths_match_merged_intervals() -> None:
    rng = np.random.default_rng(1)
    for trial in range(200):
        n, size = int(rng.integers(0, 60)), int(rng.integers(1, 8))
        scale = 10**12 if trial % 3 == 0 else 1
        group = rng.integers(0, size, n)
        start = rng.integers(-50, 50, n) * scale
        end = start + rng.integers(0, 30, n) * scale
        expected = np.array(
            [_union_length_by_merging(start[group == k].tolist(), end[group == k].tolist()) for k in range(size)]
        )
        assert ec.union_lengths(group, start, end, size).tolist() == expected.tolist()
        assert ec._union_lengths_by_group(group, start, end, size).tolist() == expected.tolist()


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_inference_early_exit_matches_the_full_search(name, load_fixture, monkeypatch) -> None:
    frames = load_fixture(name).op_stats().frames
    fast = inference.build_inference_sessions(frames)
    monkeypatch.setattr(inference, "_may_have_roots", lambda *args: True)
    monkeypatch.setattr(inference, "_has_root_candidates", lambda *args: True)
    full = inference.build_inference_sessions(frames)
    pd.testing.assert_frame_equal(fast.table, full.table)
    assert (fast.source, fast.notes) == (full.source, full.notes)


def test_text_ranks_and_db_order_match_factorize_and_lexsort() -> None:
    rng = np.random.default_rng(2)
    for n in (0, 1, 9, 300):
        names = np.array([f"op{int(k)}" for k in rng.integers(0, 40, n)], dtype=object)
        assert op_metrics_db.text_ranks(names).tolist() == pd.factorize(names, sort=True)[0].tolist()
        host = np.array([f"h{int(k)}" for k in rng.integers(0, 3, n)], dtype=object)
        side = np.array(["Host", "Device"], dtype=object)[rng.integers(0, 2, n)]
        self_time = rng.integers(0, 4, n).astype(np.int64)
        expected = np.lexsort(
            (
                pd.factorize(names, sort=True)[0],
                -self_time,
                -pd.factorize(side, sort=True)[0],
                pd.factorize(host, sort=True)[0],
            )
        )
        assert op_metrics_db.db_order(host, side, self_time, names).tolist() == expected.tolist()


def test_empty_frame_is_a_fresh_pd_dataframe_of_its_columns() -> None:
    columns = ["a", "b", "c"]
    first = ec.empty_frame(columns)
    pd.testing.assert_frame_equal(first, pd.DataFrame(columns=columns))
    first["d"] = []  # a caller's change stays its own
    pd.testing.assert_frame_equal(ec.empty_frame(columns), pd.DataFrame(columns=columns))


def _xla_ops_frame(rng: np.random.Generator, n: int, host: int) -> pd.DataFrame:
    names = [f"op{int(k)}" for k in rng.integers(0, 6, n)]
    frame = pd.DataFrame(
        {
            "program": [f"prog({host})"] * n,
            "program_id": pd.array(rng.integers(1, 3, n), dtype="UInt64"),
            "name": names,
            "category": [None if k == 0 else f"cat{int(k)}" for k in rng.integers(0, 3, n)],
            "source_line": pd.array([None if k == 0 else int(k) for k in rng.integers(0, 4, n)], dtype="Int64"),
            "time_ps": rng.integers(0, 10**9, n),
            "self_time_ps": rng.integers(0, 10**9, n),
            "normalized_time_ps": np.where(rng.random(n) < 0.2, np.nan, rng.random(n) * 1e7),
            "min_time_ps": rng.integers(0, 10**6, n),
            "has_breakdown": rng.random(n) < 0.5,
            "is_eager": rng.random(n) < 0.5,
        }
    )
    return frame.drop_duplicates(["program_id", "name"]).reset_index(drop=True)  # one row per op and host


def test_merged_xla_ops_numpy_matches_pandas_groupby() -> None:
    rng = np.random.default_rng(3)
    for hosts in (1, 2, 3, 5):
        stacked = pd.concat([_xla_ops_frame(rng, 12, h) for h in range(hosts)], ignore_index=True)
        expected, expected_group = combine._merged_ops(stacked)
        found = combine._merged_ops_numpy(column_arrays(stacked))
        if found is None:
            # pandas 2 types a text column with missing values as object: the numpy path declines it by design
            assert int(pd.__version__.split(".")[0]) < 3
            continue
        pd.testing.assert_frame_equal(found[0], expected)
        assert found[1].tolist() == expected_group.tolist()


@pytest.mark.parametrize("name", MULTI_HOST_FIXTURE_NAMES)
def test_merged_xla_ops_numpy_on_multi_host_fixtures(name, load_fixture) -> None:
    stats = load_fixture(name).op_stats()
    frames = [stats.parts_of(h).xla_ops.ops for h in stats.hosts]
    stacked = pd.concat(frames, ignore_index=True)
    expected, expected_group = combine._merged_ops(stacked)
    for columns in (column_arrays(stacked), combine._stacked_columns_of(frames)):  # the stack's, the hosts'
        found = combine._merged_ops_numpy(columns)
        assert found is not None
        pd.testing.assert_frame_equal(found[0], expected)
        assert found[1].tolist() == expected_group.tolist()


def _hosts_with_kept_xla_op_columns(stats):
    """(host's OpStats, its XLA ops) of each host whose device XLA ops kept the builder's columns."""
    for host in stats.hosts:
        own = stats.for_host(host)
        x = own.xla_ops
        if x.source == "device" and x.op_columns is not None:
            yield own, x


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_xla_ops_made_of_their_columns_match_the_device_op_table(name, load_fixture) -> None:
    # one host's XLA ops: the frame made on first read of the kept columns is the device op table's rows
    for own, x in _hosts_with_kept_xla_op_columns(load_fixture(name).op_stats()):
        assert x.num_ops == len(x.op_columns["name"])
        pd.testing.assert_frame_equal(x.ops, xla_ops.device_xla_ops(own.device_ops.table))
        assert x.num_ops == len(x.ops)
        shipped = pickle.loads(pickle.dumps(x))  # made before pickling
        pd.testing.assert_frame_equal(shipped.ops, x.ops)


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_utilization_and_programs_of_xla_op_columns_match_the_frame(name, load_fixture) -> None:
    # the overview reads the kept columns by name (no frame made, the db's lazy text columns unmade)
    for own, x in _hosts_with_kept_xla_op_columns(load_fixture(name).op_stats()):
        columns = xla_ops.device_db_xla_op_columns(own.device_ops)  # as kept: each column taken when read
        assert isinstance(columns, LazyColumns) and not dict.__len__(columns)
        env = own.perf_env
        found = utilization.device_utilization(columns, x.total_time_ps, env, "b")
        assert "expression" not in columns._made  # read by name alone
        expected = utilization.device_utilization(x.ops, x.total_time_ps, env, "b")
        assert found == expected
        for c in ("tf_op", "name", "program"):
            assert overview._text_values(columns[c]).tolist() == overview._str_values(x.ops[c]).tolist()


@pytest.mark.parametrize("name", MULTI_HOST_FIXTURE_NAMES)
def test_merged_xla_op_columns_match_the_merged_frames(name, load_fixture) -> None:
    stats = load_fixture(name).op_stats()
    parts = [stats.parts_of(h).xla_ops for h in stats.hosts]
    with_ops = [p for p in parts if p.num_ops]
    found = combine._merged_op_columns(with_ops)
    if any(p.op_columns is None for p in with_ops):
        assert found is None
        return
    assert found is not None
    expected = combine._merged_op_frames(with_ops)
    pd.testing.assert_frame_equal(found[0], expected[0])
    assert found[1].tolist() == expected[1].tolist()


def test_merged_xla_op_columns_leave_other_kinds_to_the_frames() -> None:
    rng = np.random.default_rng(6)
    frames = [_xla_ops_frame(rng, 12, h).assign(category="c") for h in range(2)]
    columns = [{c: f[c].to_numpy() if isinstance(f[c].dtype, np.dtype) else f[c].array for c in f} for f in frames]
    for own in columns:
        for c in ("program", "name", "category"):
            own[c] = np.asarray(own[c], dtype=object)

    def parts(kept: list) -> list[XlaOps]:
        return [XlaOps(source="device", device_kind="GPU", total_time_ps=1, _op_columns=c) for c in kept]

    found = combine._merged_op_columns(parts(columns))
    assert found is not None
    expected = combine._merged_op_frames(parts(columns))
    pd.testing.assert_frame_equal(found[0], expected[0])
    not_str = [dict(columns[0]), columns[1]]
    not_str[0]["category"] = np.array([None] * len(not_str[0]["category"]), dtype=object)
    other_dtype = [dict(columns[0]), columns[1]]
    other_dtype[0]["time_ps"] = other_dtype[0]["time_ps"].astype(np.float64)
    without = [XlaOps(ops=frames[0], source="device", device_kind="GPU", total_time_ps=1), *parts(columns[1:])]
    for declined in (parts(not_str), parts(other_dtype), without):
        assert combine._merged_op_columns(declined) is None
        merged = combine.combine_xla_ops(declined).ops  # the frames merge them
        pd.testing.assert_frame_equal(merged, combine._merged_op_frames(declined)[0])


def test_xla_ops_of_hosts_with_other_dtypes_are_stacked_by_pandas() -> None:
    # a host whose column has another dtype: no arrays stacked here, pandas' stack (its common dtype) merged
    rng = np.random.default_rng(5)
    frames = [_xla_ops_frame(rng, 12, h) for h in range(2)]
    frames[1] = frames[1].astype({"time_ps": np.float64})
    assert combine._stacked_columns_of(frames) is None
    parts = [XlaOps(ops=f, source="device", device_kind="GPU", total_time_ps=1) for f in frames]
    merged = combine.combine_xla_ops(parts).ops
    expected = combine._merged_ops(pd.concat(frames, ignore_index=True))[0]
    pd.testing.assert_frame_equal(merged, expected)


def test_sorted_op_metrics_matches_sort_values() -> None:
    rng = np.random.default_rng(4)
    n = 200
    frame = pd.DataFrame(
        {
            "host": [f"h{int(k)}" for k in rng.integers(0, 3, n)],
            "host_or_device": np.array(["Host", "Device"], dtype=object)[rng.integers(0, 2, n)],
            "self_time_ps": rng.integers(0, 5, n),
            "name": [f"op{int(k)}" for k in rng.integers(0, 30, n)],
            "row": np.arange(n),
        }
    )
    keys = ["host", "host_or_device", "self_time_ps", "name"]
    expected = frame.sort_values(keys, ascending=[True, False, False, True], kind="stable").reset_index(drop=True)
    pd.testing.assert_frame_equal(combine._sorted_op_metrics(frame), expected)
    with_missing = frame.assign(name=frame["name"].where(frame["row"] % 7 != 0))  # pandas sorts those
    expected = with_missing.sort_values(keys, ascending=[True, False, False, True], kind="stable")
    pd.testing.assert_frame_equal(combine._sorted_op_metrics(with_missing), expected.reset_index(drop=True))


@pytest.mark.parametrize("name", ["jax_two_gpu_procs", "amd_mi300x_gemm", "flax_cnn_gpu"])
def test_combined_kernel_dbs_numpy_matches_group_agg(name, load_fixture, monkeypatch) -> None:
    stats = load_fixture(name).op_stats()
    dbs = [stats.for_host(h).kernel_db for h in stats.hosts]
    if len(dbs) == 1:  # one host: combined with itself, as two hosts that ran the same kernels
        dbs = dbs * 2
    fast = combine.combine_kernel_dbs(dbs)
    assert all(db.report_arrays() is not None for db in dbs)  # the builders' arrays, stacked
    as_frames = [KernelDb(db.reports, db.num_kernel_events, db.vendor, db.notes) for db in dbs]
    from_frames = combine.combine_kernel_dbs(as_frames)  # the frames stacked instead
    pd.testing.assert_frame_equal(fast.reports, from_frames.reports)
    for db in (fast, from_frames):
        assert db.report_arrays() is not None  # the merged columns kept: the overview reads them
        pd.testing.assert_frame_equal(db.by_op_name(), fast.by_op_name())
    monkeypatch.setattr(combine, "group_arrays", lambda *args: None)
    pd.testing.assert_frame_equal(fast.reports, combine.combine_kernel_dbs(dbs).reports)


def test_performance_counters_average_the_host_planes_values() -> None:
    from nbprof.opstats.utilization import performance_counters
    from nbprof.xspace import semantics as xs

    planes = pd.DataFrame(
        {
            "name": [xs.HOST_PLANE, "/device:TPU:0", xs.HOST_PLANE, xs.HOST_PLANE],
            xs.MXU_UTILIZATION_STAT: ["10", 99.0, None, "x"],
            xs.HBM_UTILIZATION_STAT: [20.0, 5.0, 40.0, np.nan],
        }
    )
    assert performance_counters(planes) == {"mxu_utilization_pct": 10.0, "hbm_counter_utilization_pct": 30.0}
    assert performance_counters(planes.drop(columns=[xs.MXU_UTILIZATION_STAT, xs.HBM_UTILIZATION_STAT])) == {
        "mxu_utilization_pct": None,
        "hbm_counter_utilization_pct": None,
    }


def test_fused_frame_matches_pandas_inference() -> None:
    from nbprof.opstats import xla_ops

    typed = [(0, "fusion.1", "add.2", "elementwise", "jit(f)/add", 0.0), (3, "fusion.1", "mul", "", "", 0.0)]
    untyped = [(0, "fusion.1", "add.2", None, "jit(f)/add", 0.0), (np.int64(3), "f", "m", "c", "t", 0.0)]
    for rows in ([], typed, untyped, untyped[:1], untyped[1:]):
        expected = pd.DataFrame(rows, columns=xla_ops.FUSED_COLUMNS)
        pd.testing.assert_frame_equal(xla_ops._fused_frame(rows), expected, check_exact=True)


def test_several_matches_nunique() -> None:
    from nbprof.opstats import xla_ops

    for values in ([], ["a"], ["a", "a"], ["a", "b"], ["a", None], [None, np.nan], ["a", np.nan, "b"]):
        array = np.array(values, dtype=object)
        assert xla_ops._several(array) == (pd.Series(array, dtype=object).nunique() > 1)


def test_mean_of_present_matches_pandas() -> None:
    from nbprof.opstats import utilization

    columns = [
        pd.array([12.5, None, 40.25, 7.0], dtype="Float64"),
        pd.array([3, None, 4, 9], dtype="Int64"),
        pd.array([None, None, None, None], dtype="Float64"),
        np.array([1.5, np.nan, 2.0, 3.0]),
        np.array(["1.5", "x", None, "4"], dtype=object),
    ]
    for values in columns:
        column = pd.Series(values)
        for rows in ([0, 1, 2, 3], [1], [3, 0], []):
            present = pd.to_numeric(column.iloc[rows], errors="coerce").dropna()
            expected = float(present.mean()) if len(present) else None
            assert utilization._mean_of_present(column, rows) == expected


def test_positions_among_chosen_steps_are_isin_and_searchsorted() -> None:
    rng = np.random.default_rng(6)
    for size in (0, 1, 5, 40):
        values = rng.integers(-3, 30, 50)
        chosen = np.unique(rng.integers(0, 25, size))
        kept, position = combine._positions_among(values, chosen)
        expected = np.flatnonzero(np.isin(values, chosen))
        assert kept.tolist() == expected.tolist()
        assert position.tolist() == np.searchsorted(chosen, values[expected]).tolist()
