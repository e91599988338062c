"""Frames.stats_of and stat_table read the decoded stats directly while the long-form ``stats``
frame is not built: the same rows, values and value types as the built frame gives."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, FIXTURES

import nbprof
from nbprof.xspace import semantics as xs


def _subset(stats: pd.DataFrame, rows: np.ndarray, names: list[str]) -> pd.DataFrame:
    sel = stats[stats["event"].isin(rows).to_numpy() & stats["name"].isin(names).to_numpy()]
    return pd.DataFrame(
        {
            "event": sel["event"].to_numpy(np.int64),
            "name": sel["name"].astype(str).to_numpy(object),
            "value": sel["value"].to_numpy(object),
            "source": sel["source"].astype(str).to_numpy(object),
        }
    )


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_stats_of_equals_the_built_frame(name):
    unbuilt = nbprof.load(FIXTURES / name, cache=False)
    built = nbprof.load(FIXTURES / name, cache=False)
    n = len(built.events)
    names = sorted(set(built.stats["name"].astype(str)))[::2] + ["no such stat"]
    rows = np.random.default_rng(1).choice(n, min(n, 400), replace=True) if n else np.zeros(0, np.int64)
    direct = unbuilt.stats_of(rows, names)
    assert unbuilt._stats_frame is None  # read without building the whole frame
    pd.testing.assert_frame_equal(direct, _subset(built.stats, rows, names))
    assert [type(v) for v in direct["value"]] == [type(v) for v in _subset(built.stats, rows, names)["value"]]
    # stat_table: the same values either way, event stats winning over metadata stats
    table = xs.stat_table(unbuilt, rows, names)
    pd.testing.assert_frame_equal(table, xs.stat_table(built, rows, names))
    assert table["no such stat"].isna().all()


def _same_columns(a: dict, b: dict) -> bool:
    """Equal object columns (NaN equal to NaN, None to None), value types included."""
    if a.keys() != b.keys():
        return False
    for name in a:
        x, y = a[name], b[name]
        if x is None or y is None:
            if x is not y:
                return False
            continue
        if len(x) != len(y) or [type(v) for v in x] != [type(v) for v in y]:
            return False
        if not all((u == v) or (u != u and v != v) for u, v in zip(x.tolist(), y.tolist())):
            return False
    return True


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_first_stat_values_equal_the_long_form_reading(name):
    """``first_stat_values`` (per name, from the decoded stats) gives what reading the long-form
    selection gives: the first event stat, else the first metadata stat, NaN or None where absent."""
    from nbprof.xspace.stats_frame import first_stat_values

    unbuilt = nbprof.load(FIXTURES / name, cache=False)
    built = nbprof.load(FIXTURES / name, cache=False)
    n = len(built.events)
    names = sorted(set(built.stats["name"].astype(str))) + ["no such stat"]
    rng = np.random.default_rng(2)
    for rows in (rng.choice(n, min(n, 500), replace=True) if n else np.zeros(0, np.int64), np.arange(n)):
        got = first_stat_values(unbuilt._resolved_stats_sources(), rows, names)
        expected = xs._first_stat_values(_subset(built.stats, rows, names), rows, names)
        assert _same_columns(got, expected)
    assert unbuilt._stats_frame is None
    assert sum(v is not None for v in got.values()) >= min(len(names) - 1, 1)


def test_first_stat_values_prefer_event_stats_then_file_order():
    """An event's own stat wins over its metadata's, the first in file order wins within a source,
    an event without the stat reads NaN, and a name no chosen event has reads None."""
    from nbprof.xspace import raw
    from nbprof.xspace.stats_frame import StatsSource, first_stat_values, select_stats

    names = {1: ("a", ""), 2: ("b", "")}

    def source(owner: list[int], ids: list[int], values: list[int], kind: str) -> StatsSource:
        n = len(owner)
        stats = raw.RawStats(
            owner=np.array(owner, np.int64),
            metadata_id=np.array(ids, np.int64),
            kind=np.full(n, raw.KIND_INT64, np.int8),
            int_value=np.array(values, np.int64).view(np.uint64),
            double_value=np.zeros(n),
            obj_value=np.full(n, None, object),
        )
        return StatsSource(np.array(owner, np.int64), stats, names, kind)

    metadata = source([0, 1, 1, 3], [1, 1, 1, 2], [10, 11, 12, 13], "metadata")
    event = source([1, 2, 2, 0], [1, 1, 1, 2], [21, 22, 23, 24], "event")
    rows = np.array([0, 1, 2, 3, 4, 1])
    for sources in ([metadata, event], [event, metadata]):
        got = first_stat_values(sources, rows, ["a", "b", "c"])
        assert got["a"][[0, 1, 2, 5]].tolist() == [10, 21, 22, 21]  # event stat wins; first in file order
        assert all(v != v for v in got["a"][[3, 4]])  # no "a" on events 3 and 4
        assert got["b"][[0, 3]].tolist() == [24, 13] and all(v != v for v in got["b"][[1, 2, 4]])
        assert got["c"] is None
        expected = xs._first_stat_values(select_stats(sources, rows, ["a", "b", "c"]), rows, ["a", "b", "c"])
        assert _same_columns(got, expected)


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "tpu_v6e", "tf_keras_fit"])
def test_named_in_metadata_is_isin_and_follows_a_replaced_frame(name):
    prof = nbprof.load(FIXTURES / name, cache=False)
    names = prof.stat_metadata["name"].dropna().astype(str).tolist()
    for asked in (names[:1], names[-2:], ["no such stat"], [], ["no such stat", names[0]]):
        expected = bool(prof.stat_metadata["name"].isin(asked).any())
        assert xs._named_in_metadata(prof, asked) is expected
    prof.stat_metadata = prof.stat_metadata.iloc[:0]  # another frame: its own (empty) names
    assert xs._named_in_metadata(prof, names[:1]) is False


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint64])
def test_distinct_sorted_is_np_unique(dtype):
    from nbprof.xspace.stat_values import distinct_kinds, distinct_sorted

    rng = np.random.default_rng(7)
    for n in (0, 1, 2, 5, 1000):
        values = rng.integers(0, 60, n).astype(dtype)
        got, want = distinct_sorted(values), np.unique(values)
        assert got.dtype == want.dtype and np.array_equal(got, want)
        assert distinct_kinds(values) == want.tolist()


def test_stats_called_by_id_are_those_name_codes_names():
    """``ids_called`` + ``id_mask`` pick the stats whose ``name_codes`` label is wanted: ids sharing a
    name, an id the plane does not name (``<stat N>``), ids outside the look-up table's range."""
    from nbprof.xspace import raw
    from nbprof.xspace.stat_values import id_mask, ids_called, name_codes

    names = {1: ("a", ""), 2: ("b", ""), 5: ("a", "")}
    for ids in ([1, 2, 5, 7, 7, 1, 300], [1, 2, 5, 7, -3, 2**40], []):
        n = len(ids)
        stats = raw.RawStats(
            owner=np.zeros(n, np.int64),
            metadata_id=np.array(ids, np.int64),
            kind=np.full(n, raw.KIND_INT64, np.int8),
            int_value=np.zeros(n, np.uint64),
            double_value=np.zeros(n),
            obj_value=np.full(n, None, object),
        )
        codes, labels = name_codes(stats, names)
        for wanted in (
            {"a"},
            {"b", "<stat 7>"},
            {"<stat 07>", "zz"},
            {"<stat 300>"},
            {"<stat 2>"},
            {"<stat -3>"},
            set(),
        ):
            expected = np.isin(codes, [k for k, label in enumerate(labels) if label in wanted])
            called = ids_called(names, wanted)
            got = id_mask(stats.metadata_id, called) if called else np.zeros(n, bool)
            assert got.tolist() == expected.tolist(), (ids, wanted)


def test_row_mask_is_isin():
    from nbprof.xspace.stats_frame import row_mask

    owner = np.array([0, 3, 5, 9, 2**40, -1, 4, 3], np.int64)
    for rows in ([3, 4], [0], [], [9, 2**30], [-2, 3]):
        wanted = np.array(rows, np.int64)
        assert row_mask(wanted)(owner).tolist() == np.isin(owner, wanted).tolist()
        assert row_mask(wanted)(owner[:0]).tolist() == []
