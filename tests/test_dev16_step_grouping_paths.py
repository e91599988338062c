"""Step grouping of profiles without a root (no ``_r`` stat, no TraceContext): no group, the flows never read."""

from __future__ import annotations

import pytest
from fixture_paths import load_fixture

from nbprof.opstats import step_grouping as sg


def _unread_flows():
    raise AssertionError("the flows are read only where some event may root a group")


@pytest.mark.parametrize("fixture", ["amd_mi300x_gemm", "amd_mi300x_conv"])
def test_no_root_no_group_flows_unread(fixture):
    stats = load_fixture(fixture).op_stats()
    ev = stats.frames.events
    assert not ("_r" in ev.columns and sg._present(ev["_r"]).any())
    group, source = sg.host_event_groups(ev, _unread_flows)
    assert source == sg.NO_STEP_ROOTS and (group == -1).all() and len(group) == len(ev)
    assert stats.event_groupings.sources == [sg.NO_STEP_ROOTS]
    assert (stats.step_db.event_groups == -1).all()
