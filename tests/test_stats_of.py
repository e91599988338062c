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
