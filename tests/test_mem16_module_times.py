"""The memory viewer's module times summed by numpy (``module_times``, ``_busiest_module``) equal pandas'
group-bys of the events they replaced, on every fixture and on frames made to hold the odd cases."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, FIXTURES, MULTI_HOST_FIXTURE_NAMES, load_fixture

import nbprof
from nbprof.tools import memory_viewer as mv
from nbprof.xspace import semantics as xs


def _pandas_module_times(ev: pd.DataFrame) -> pd.Series:
    """``module_times`` as pandas' group-bys computed it before (the reference)."""
    parts = []
    if "hlo_module" in ev and "program_id" in ev:
        module = ev["hlo_module"]
        codes = module.cat.codes.to_numpy() if isinstance(module.dtype, pd.CategoricalDtype) else None
        has = (codes >= 0) if codes is not None else module.notna().to_numpy().copy()  # (read-only in pandas 3)
        has &= ev["program_id"].notna().to_numpy()
        if has.any():
            ops = pd.DataFrame(
                {
                    "module": module[has].astype(str).to_numpy() if codes is None else codes[has],
                    "program": ev["program_id"][has].to_numpy(np.uint64),
                    "ps": ev["duration_ps"].to_numpy(np.int64)[has],
                }
            )
            sums = ops.groupby(["module", "program"], sort=False)["ps"].sum()
            mods = sums.index.get_level_values(0)
            if codes is not None:
                mods = module.cat.categories[np.asarray(mods)]
            names = [f"{m}({p})" for m, p in zip(mods, sums.index.get_level_values(1))]
            parts.append(pd.Series(sums.to_numpy(), index=names))
    # an event without a name is no module (pandas 3's group-by dropped it; pandas 2 named it "nan")
    on_modules_line = (ev["line"] == xs.XLA_MODULES_LINE).to_numpy() & ev["name"].notna().to_numpy()
    if on_modules_line.any():
        mods = ev[on_modules_line]
        parts.append(pd.Series(mods["duration_ps"].to_numpy(np.int64), index=mods["name"].astype(str).to_numpy()))
    if not parts:
        return pd.Series(dtype="int64")
    return pd.concat(parts).groupby(level=0).sum().sort_values(ascending=False)


class _Events:
    def __init__(self, events: pd.DataFrame) -> None:
        self.events = events


def _check(events: pd.DataFrame) -> None:
    expected = _pandas_module_times(events)
    got = mv.module_times(_Events(events))
    assert got.index.tolist() == expected.index.tolist()
    assert got.to_numpy(np.int64).tolist() == expected.to_numpy(np.int64).tolist()
    names = expected.index.tolist()
    for modules in (names, names[1:], names[::-1][:2], ["none(1)"]):
        kept = expected[expected.index.isin(modules)]
        want = str(kept.index[0]) if len(kept) and kept.iloc[0] > 0 else None
        assert mv._busiest_module(_Events(events), modules) == want


@pytest.mark.parametrize("fixture", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_module_times_equal_pandas_group_bys(fixture):
    _check(load_fixture(fixture).events)


def _frame(module, program, line, name, duration) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "hlo_module": pd.Categorical(module),
            "program_id": pd.array(program, dtype="UInt64"),
            "line": pd.Categorical(line),
            "name": pd.Categorical(name),
            "duration_ps": np.asarray(duration, np.int64),
        }
    )


def test_module_times_of_odd_events():
    """Ties (pandas' order of them), a module both as ops and as a modules line event, missing stats and
    names, a program id past 2^63, sums that wrap int64, events of no module."""
    lines = [xs.XLA_MODULES_LINE, "XLA Ops", "XLA Ops", xs.XLA_MODULES_LINE, "XLA Ops", "XLA Ops", "XLA Ops"]
    _check(
        _frame(
            ["a", "b", None, None, "c", "a", "b"],
            [1, 2, 3, None, 2**64 - 1, 1, None],
            lines,
            ["a(1)", "op", "op", None, "op", "op", "op"],
            [5, 10, 7, 3, 10, 5, 4],
        )
    )
    for duration in ([2**62] * 7, [7] * 7, list(range(7))):
        _check(
            _frame(list("abcdefa"), [1, 2, 3, 4, 5, 6, 1], ["XLA Ops"] * 7, ["x"] * 7, np.array(duration, np.int64) * 3)
        )
    ties = 40  # past numpy's insertion sort: its quicksort orders the ties
    _check(_frame([f"m{k}" for k in range(ties)], list(range(ties)), ["XLA Ops"] * ties, ["x"] * ties, [9] * ties))
    _check(_frame([None] * 3, [None] * 3, ["XLA Ops"] * 3, ["x"] * 3, [1, 2, 3]))


def test_module_times_of_no_events():
    assert mv.module_times(_Events(_frame([], [], [], [], []))).empty
    assert mv._busiest_module(_Events(_frame([], [], [], [], [])), ["a(1)"]) is None


def test_module_times_of_text_columns_not_categorical():
    events = _frame(
        ["a", "b", None, "a"],
        [1, 2, 3, 1],
        ["XLA Ops"] * 3 + [xs.XLA_MODULES_LINE],
        ["x", "y", "z", None],
        [4, 5, 6, 7],
    )
    events["hlo_module"] = events["hlo_module"].astype(object)
    events["name"] = pd.Series(["x", "y", "z", "a(1)"], dtype=object)
    events.loc[3, "line"] = xs.XLA_MODULES_LINE
    _check(events)


@pytest.mark.parametrize("fixture", FIXTURE_NAMES + MULTI_HOST_FIXTURE_NAMES)
def test_module_events_of_a_profile_not_built_give_the_built_ones_times(fixture):
    """The events frame of the module stats only (``_module_events``) sums to the full frame's module times."""
    fresh = nbprof.load(FIXTURES / fixture, cache=False).op_stats().frames
    read = mv._module_events(fresh)
    names, totals = mv._module_totals(read)
    if not fresh.is_built and len(fresh.hosts) == 1:
        assert read is not fresh and not fresh.is_built  # read without building the profile
    full_names, full_totals = mv._module_totals(load_fixture(fixture).op_stats().frames)
    assert names == full_names and totals.tolist() == full_totals.tolist()


def test_module_events_leave_large_profiles_to_their_build(monkeypatch):
    monkeypatch.setattr(mv, "_FEW_EVENTS", 10)
    fresh = nbprof.load(FIXTURES / "torch_xla_train", cache=False).op_stats().frames
    assert mv._module_events(fresh) is fresh
