"""``prof.flows``: the producer/consumer context stats, one row per event that carries them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, FIXTURES, MULTI_HOST_FIXTURE_NAMES
from xspace_builder import U64, XSpaceBuilder

import nbprof
from nbprof.xspace.flows import FLOW_COLUMNS

# What the events frame's promoted columns held before flows had their own frame: a stat as an Int64
# (uint64 as its 64 bits), the event stat over the metadata's.


def _expected_from_stats(prof: nbprof.Profile) -> pd.DataFrame:
    """``flows`` worked out with pandas from the long-form ``stats`` frame."""
    st = prof.stats
    st = st[st["name"].isin(list(FLOW_COLUMNS)).to_numpy()]
    st = st.assign(
        rank=(st["source"].astype(str) == "event").astype(int),
        number=[int(v) - (1 << 64) if int(v) >= 1 << 63 else int(v) for v in st["value"]],
        name=st["name"].astype(str),
    )
    # within one event and source, stats keep their file order: the later one wins
    last = st.sort_values(["event", "rank"], kind="stable").groupby(["event", "name"]).tail(1)
    events = np.unique(last["event"].to_numpy(np.int64))
    out = pd.DataFrame({"event": events})
    for stat, column in FLOW_COLUMNS.items():
        mine = last[(last["name"] == stat).to_numpy()]
        by_event = dict(zip(mine["event"].tolist(), mine["number"].tolist()))  # Python ints: exact
        out[column] = pd.array([by_event.get(e, pd.NA) for e in events.tolist()], dtype="Int64")
    return out


@pytest.mark.parametrize("name", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_flows_equal_the_stats_of_every_event_that_has_them(load_fixture, name: str) -> None:
    prof = load_fixture(name)
    flows = prof.flows
    assert list(flows.columns) == ["event", *FLOW_COLUMNS.values()]
    assert flows["event"].is_monotonic_increasing and flows["event"].is_unique
    # a profile of its own: building ``stats`` changes how the shared one answers stat look-ups
    pd.testing.assert_frame_equal(flows, _expected_from_stats(nbprof.load(FIXTURES / name, cache=False)))
    assert not set(FLOW_COLUMNS) & set(prof.events.columns)  # no longer event columns


def test_most_fixtures_have_flows(load_fixture) -> None:
    with_flows = [n for n in FIXTURE_NAMES if len(load_fixture(n).flows)]
    assert len(with_flows) >= len(FIXTURE_NAMES) - 2, with_flows


def _profile(tmp_path, events) -> nbprof.Profile:  # type: ignore[no-untyped-def]
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("main", timestamp_ns=1000)
    for name, offset, stats, metadata_stats in events:
        line.event(name, offset_ps=offset, duration_ps=10, stats=stats, metadata_stats=metadata_stats)
    run = tmp_path / "plugins" / "profile" / "run"
    run.mkdir(parents=True)
    (run / "host.xplane.pb").write_bytes(b.serialize())
    return nbprof.load(tmp_path, cache=False)


def test_event_stats_win_and_values_read_as_int64(tmp_path) -> None:
    prof = _profile(
        tmp_path,
        [
            ("launch", 0, {"_p": 7}, {"_pt": 1, "_p": 99}),  # the event's _p over its metadata's
            ("plain", 100, {}, None),
            ("launch", 200, {"_p": U64(2**64 - 2)}, None),  # a uint64 reads as its 64 bits
            ("work", 300, {"_ct": 1, "_c": 7.9}, None),  # a double is truncated
            ("work2", 400, {"_ct": 1, "_c": float("nan")}, None),  # NaN is missing
        ],
    )
    flows = prof.flows
    assert flows["event"].tolist() == [0, 2, 3, 4]
    assert flows["producer_type"].tolist() == [1, 1, pd.NA, pd.NA]
    assert flows["producer_id"].tolist() == [7, -2, pd.NA, pd.NA]
    assert flows["consumer_type"].tolist() == [pd.NA, pd.NA, 1, 1]
    assert flows["consumer_id"].tolist() == [pd.NA, pd.NA, 7, pd.NA]
    assert all(str(flows[c].dtype) == "Int64" for c in FLOW_COLUMNS.values())
    # the stats themselves stay in `stats`, as written
    st = prof.stats_of(np.array([0]), ["_p"])
    assert sorted(st["value"].tolist()) == [7, 99]


def test_no_flow_stats_give_an_empty_frame(tmp_path) -> None:
    flows = _profile(tmp_path, [("a", 0, {"step_num": 1}, None)]).flows
    assert len(flows) == 0 and list(flows.columns) == ["event", *FLOW_COLUMNS.values()]
    assert flows["event"].dtype == np.int64


def test_one_host_s_flows_are_renumbered_with_its_events(load_fixture) -> None:
    prof = load_fixture("jax_two_hosts")
    whole = prof.flows
    for host in prof.hosts:
        part = prof.for_host(host)
        rows = np.flatnonzero((prof.events["host"] == host).to_numpy())
        mine = whole[np.isin(whole["event"].to_numpy(), rows)].reset_index(drop=True)
        mine["event"] = np.searchsorted(rows, mine["event"].to_numpy())
        assert len(mine)
        pd.testing.assert_frame_equal(part.flows, mine)


def test_stats_read_by_name_leave_other_metadata_stats_unexpanded() -> None:
    """``flows``, ``stats_of`` and ``first_stat_values`` expand the metadata stats of the names they
    read only, and read what the fully expanded stats give (tpu_v6e: the fixture whose event metadata
    carries stats)."""
    name = "tpu_v6e"
    lazy = nbprof.load(FIXTURES / name, cache=False)
    lazy.events  # noqa: B018
    pending = lazy._stats_sources
    assert hasattr(pending, "named")
    full = nbprof.load(FIXTURES / name, cache=False)
    full.events  # noqa: B018
    full._resolved_stats_sources()
    names = sorted({str(n) for n in full.stat_metadata["name"]})[:6] + ["_p", "_ct"]
    rows = np.arange(0, len(full.events), 3)
    pd.testing.assert_frame_equal(lazy.flows, full.flows)
    pd.testing.assert_frame_equal(lazy.stats_of(rows, names), full.stats_of(rows, names))
    got, want = lazy.first_stat_values(rows, names), full.first_stat_values(rows, names)
    assert got is not None and want is not None and got.keys() == want.keys()
    for stat in names:
        assert (got[stat] is None) == (want[stat] is None), stat
        if got[stat] is not None:
            assert pd.Series(got[stat]).equals(pd.Series(want[stat])), stat
    assert not pending._made  # nothing expanded it all


def _flows_by_name_codes(sources: list) -> pd.DataFrame:  # type: ignore[type-arg]
    """``build_flows`` as it was written before it looked flow stats up by metadata id: stats grouped by
    ``name_codes`` (ids ascending), each event's last value of a name winning."""
    from nbprof.xspace.stat_values import name_codes, numeric_values

    found: dict[str, list[tuple[np.ndarray, np.ndarray]]] = {name: [] for name in FLOW_COLUMNS}
    for source in sources:
        codes, labels = name_codes(source.stats, source.names)
        for code, label in enumerate(labels):
            if label in found:
                at = np.flatnonzero(codes == code)
                values, valid = numeric_values(source.stats, at, "int")
                found[label].append((source.rows[at[valid]], values[valid]))
    last: dict[str, dict[int, int]] = {name: {} for name in FLOW_COLUMNS}
    for name, pieces in found.items():
        for rows, values in pieces:
            for row, value in zip(rows.tolist(), values.tolist()):
                last[name][row] = value
    events = sorted({row for by_row in last.values() for row in by_row})
    out = pd.DataFrame({"event": np.array(events, np.int64)})
    for name, column in FLOW_COLUMNS.items():
        out[column] = pd.array([last[name].get(e, pd.NA) for e in events], dtype="Int64")
    return out


@pytest.mark.parametrize("seed", range(8))
def test_flow_stats_of_ids_sharing_a_name_are_read_by_ascending_id(seed: int) -> None:
    """Several stat metadata ids may carry one flow name (and ids no name): ``build_flows`` reads each
    name's stats id by id, ascending, so an event's last value is the one ``name_codes``' order gives."""
    from nbprof.xspace import raw
    from nbprof.xspace.flows import build_flows
    from nbprof.xspace.stats_frame import StatsSource

    rng = np.random.default_rng(seed)
    sources = []
    for _ in range(int(rng.integers(1, 4))):
        n = int(rng.integers(0, 60))
        names = {9: ("_p", ""), 3: ("_p", ""), 5: ("_ct", ""), 7: ("step_num", ""), 2: ("_c", ""), 4: ("_pt", "")}
        rows = np.sort(rng.integers(0, 20, n)).astype(np.int64)
        sources.append(
            StatsSource(
                rows,
                raw.RawStats(
                    owner=rows,
                    metadata_id=rng.choice([2, 3, 4, 5, 7, 8, 9], n).astype(np.int64),  # 8: no name
                    kind=np.full(n, raw.KIND_INT64, np.int8),
                    int_value=rng.integers(0, 50, n).astype(np.uint64),
                    double_value=np.zeros(n),
                    obj_value=np.full(n, None, object),
                ),
                names,
                "event",
            )
        )
    pd.testing.assert_frame_equal(build_flows(sources), _flows_by_name_codes(sources))
