"""``prof.summary()``'s tables, from category codes, against pandas' group-bys of the same events."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, MULTI_HOST_FIXTURE_NAMES

from nbprof.xspace.summary import summarize


def _pandas_tables(ev: pd.DataFrame, top: int) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """(top_total, top_self, lines) by pandas group-bys over the timed events' rows."""
    timed = ev[~ev["aggregated"]]
    by_name = timed.groupby("name", observed=True).agg(
        count=("duration_ps", "size"), total_ps=("duration_ps", "sum"), self_ps=("self_ps", "sum")
    )
    by_name["avg_ps"] = (by_name["total_ps"] // by_name["count"]).astype("int64")
    by_name = by_name.reset_index()
    top_total = by_name.sort_values(["total_ps", "name"], ascending=[False, True]).head(top).reset_index(drop=True)
    top_self = by_name.sort_values(["self_ps", "name"], ascending=[False, True]).head(top).reset_index(drop=True)
    keys = ["host", "plane", "line"]
    busy = timed[timed["depth"] == 0].groupby(keys, observed=True).agg(busy_ps=("duration_ps", "sum")).reset_index()
    counts = ev.groupby(keys, observed=True).size().rename("events").reset_index()
    lines = counts.merge(busy, on=keys, how="left").fillna({"busy_ps": 0})
    lines["busy_ps"] = lines["busy_ps"].astype("int64")
    return top_total, top_self, lines


def _assert_tables(ev: pd.DataFrame, summary, top: int) -> None:  # type: ignore[no-untyped-def]
    top_total, top_self, lines = _pandas_tables(ev, top)
    pd.testing.assert_frame_equal(summary.top_total, top_total, check_exact=True)
    pd.testing.assert_frame_equal(summary.top_self, top_self, check_exact=True)
    pd.testing.assert_frame_equal(summary.lines, lines, check_exact=True)


@pytest.mark.parametrize("name", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_summary_tables_equal_pandas_group_bys(load_fixture, name: str) -> None:
    prof = load_fixture(name)
    for top in (10, 3):
        _assert_tables(prof.events, prof.summary() if top == 10 else summarize(prof, top=top), top)


class _Frames:
    """Just what ``summarize`` reads, around a hand-made events frame."""

    def __init__(self, events: pd.DataFrame) -> None:
        self.events = events
        self.paths, self.run, self.hosts, self.errors, self.warnings, self.notes = [], None, ["h"], [], [], []
        self.origin_ns, self.origin_source, self.duration_ps = 0, "test", 0
        self.planes = pd.DataFrame({"host": [], "name": [], "num_lines": [], "num_events": []})

    def check_sums(self) -> None:
        pass


def test_aggregated_missing_names_and_plain_columns() -> None:
    """Aggregated events count for their line but in no time; a missing name is no group; object
    (not categorical) key columns are grouped the same way."""
    rng = np.random.default_rng(3)
    n = 400
    names = np.array(["b", "a", "c", None, "a long name"], dtype=object)[rng.integers(0, 5, n)]
    ev = pd.DataFrame(
        {
            "name": pd.Categorical(names),
            "host": pd.Categorical(np.array(["h2", "h1"], dtype=object)[rng.integers(0, 2, n)]),
            "plane": pd.Categorical(np.array(["/host:CPU", "/device:GPU:0"], dtype=object)[rng.integers(0, 2, n)]),
            "line": pd.Categorical(np.array(["x", "y", "z"], dtype=object)[rng.integers(0, 3, n)]),
            "duration_ps": rng.integers(0, 10**15, n),
            "self_ps": rng.integers(0, 10**15, n),
            "depth": rng.integers(0, 3, n).astype(np.int32),
            "aggregated": rng.random(n) < 0.2,
        }
    )
    _assert_tables(ev, summarize(_Frames(ev), top=4), 4)
    plain = ev.assign(**{c: ev[c].astype(object) for c in ("name", "host", "plane", "line")})
    expected = summarize(_Frames(ev), top=4)
    got = summarize(_Frames(plain), top=4)
    for table in ("top_total", "top_self", "lines"):
        pd.testing.assert_frame_equal(getattr(got, table), getattr(expected, table), check_categorical=False)
