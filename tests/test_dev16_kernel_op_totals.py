"""The kernel db's per-op totals (``OpTotals``: by-op values read from the kernel events, no report made)
against the reports' ``by_op_name`` on every GPU fixture, and the reports made only when read."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from fixture_paths import load_fixture

from nbprof.opstats.kernel_db import MAX_KERNELS, KernelDb, OpTotals, build_kernel_db, op_totals
from nbprof.opstats.op_stats import OpStats
from nbprof.opstats.perf_env import gpu_vendor

GPU_FIXTURES = ["amd_mi300x_gemm", "amd_mi300x_conv", "flax_cnn_gpu", "gpu_v100", "jax_gpu_kernels", "jax_gpu_train",
                "jax_two_gpu_procs"]  # fmt: skip
COLUMNS = [
    ("is_op_tensor_core_eligible", False),
    ("total_duration_ns", 0),
    ("tensor_core_duration_ns", 0),
    ("tensor_core_utilization_ratio", 0.0),
]


def _host_dbs(fixture: str) -> list[KernelDb]:
    prof = load_fixture(fixture)
    stats = prof.op_stats()
    return [stats.for_host(host).kernel_db for host in stats.hosts]


@pytest.mark.parametrize("fixture", GPU_FIXTURES)
def test_op_totals_give_the_reports_by_op_values(fixture):
    for db in _host_dbs(fixture):
        from_reports = KernelDb(db.reports, db.num_kernel_events, db.vendor, db.notes)  # no totals: by the reports
        names = sorted({str(n) for n in db.reports["op_name"].tolist()}) + ["no such op"]
        for column, missing in COLUMNS:
            got = db.by_op_name_values(names, column, missing)
            expected = from_reports.by_op_name_values(names, column, missing)
            assert got.dtype == expected.dtype, (fixture, column)
            assert got.tolist() == expected.tolist(), (fixture, column)


@pytest.mark.parametrize("fixture", ["amd_mi300x_gemm", "jax_gpu_train"])
def test_reports_made_when_read(fixture):
    prof = load_fixture(fixture)
    stats = prof.op_stats()
    db = stats.for_host(stats.hosts[0]).kernel_db
    if db.num_kernel_events == 0:
        pytest.skip("no kernels")
    fresh = KernelDb(db.__dict__["_reports"], db.num_kernel_events, db.vendor, db.notes, db.__dict__["_columns"])
    if db.__dict__["_op_totals"] is not None:  # made only where XProf keeps every report
        assert db.num_reports <= MAX_KERNELS
    arrays = db.report_arrays()
    assert arrays is not None and len(arrays["kernel_name"]) == db.num_reports == len(db.reports)
    assert fresh.reports.equals(db.reports)


def test_totals_of_events_disagreeing_on_eligibility_defer_to_the_reports():
    op = (np.array([0, 0, 1]), np.array(["a", "b"], dtype=object))
    totals = op_totals(op, np.array([True, False, True]), np.array([True, False, False]), np.array([2500, 1000, 999]))
    assert isinstance(totals, OpTotals)
    assert totals.values(["a"], "total_duration_ns", 0) is None  # "a": one eligible event, one not
    assert totals.values(["b", "c"], "total_duration_ns", 0).tolist() == [0, 0]  # 999 ps: 0 whole ns
    assert totals.values(["b"], "is_op_tensor_core_eligible", False).tolist() == [True]
    assert totals.values(["b"], "tensor_core_utilization_ratio", 0.0).tolist() == [0.0]


@pytest.mark.parametrize("fixture", GPU_FIXTURES)
def test_kernel_db_of_the_device_ops_gpu_events_as_read_anew(fixture):
    stats = load_fixture(fixture).op_stats()
    for host in stats.hosts:
        own = stats.for_host(host)
        gpu_events = own.device_ops.gpu_events
        assert gpu_events is not None
        vendor = gpu_vendor(own.frames.planes)
        anew = build_kernel_db(own.frames, own._device_op_keys, vendor, own.hlo_index)
        without_ops = dataclasses.replace(gpu_events, ops=None)  # kernels' ops found by their keys in the db
        for given in (gpu_events, without_ops):
            shared = build_kernel_db(own.frames, own._device_op_keys, vendor, own.hlo_index, given)
            assert shared.num_kernel_events == anew.num_kernel_events and shared.notes == anew.notes
            assert shared.reports.equals(anew.reports)


@pytest.mark.parametrize("fixture", GPU_FIXTURES)
def test_kernel_db_vendor_read_from_a_built_perf_env_is_the_planes(fixture):
    stats = load_fixture(fixture).op_stats()
    for host in stats.hosts:
        own = stats.for_host(host)
        assert own.perf_env.vendor == gpu_vendor(own.frames.planes) == own.kernel_db.vendor


@pytest.mark.parametrize("fixture", GPU_FIXTURES)
def test_kernel_db_built_first_as_after_the_device_ops(fixture):
    stats = load_fixture(fixture).op_stats()
    for host in stats.hosts:
        own = stats.for_host(host)
        after = own.device_ops and own.kernel_db
        first = OpStats(own.frames, own.keep_ops_without_hlo)  # its device op keys and GPU events read for it
        db = first.kernel_db
        assert "device_ops" not in first.__dict__
        assert db.num_kernel_events == after.num_kernel_events and db.notes == after.notes
        assert db.reports.equals(after.reports)
