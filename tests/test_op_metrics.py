"""OpStats.op_metrics_db: XProf's host/device op metrics dbs, checked against XProf 2.24.2's totals.

The references (tests/reference/<fixture>/framework_op_stats.json, made by
scripts/copy_reference_analysis1_ops.py) are XProf's framework-op-stats tables; their
per-side sums of self time and their IDLE rows are the op metrics dbs' totals.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURES as FIXTURE_DIRS
from fixture_paths import fixture_file, load_fixture, xprof_op_stats

import nbprof
from nbprof.opstats.op_metrics_db import COLUMNS

HERE = Path(__file__).parent
FIXTURES = [
    "jax_mlp_train",
    "jax_mlp_train_pytrace",
    "tf_custom_loop",
    "tf_keras_fit",
    "tf_cpu_bfc_memory",
    "gpu_v100",
    "tpu_v6e",
    "jax_gpu_train",
    "flax_cnn_gpu",
    "jax_gpu_kernels",
]


load = load_fixture  # each fixture loaded once per session (tests/fixture_paths.py)


def op_metrics(prof):
    return prof.op_stats().op_metrics_db


def info(prof):
    return prof.op_stats().op_metrics_info


def reference(fixture: str) -> dict:
    return json.loads((HERE / "reference" / fixture / "framework_op_stats.json").read_text())


def ref_rows(fixture: str, side: str) -> list[dict]:
    ref = reference(fixture)
    cols = ref["columns"]
    rows = [dict(zip(cols, r)) for r in ref["with_idle"]]
    return [r for r in rows if r["Host/device"] == side]


def test_columns_and_types():
    prof = load("tf_custom_loop")
    om = op_metrics(prof)
    assert list(om.columns) == COLUMNS
    assert om["total_time_ps"].dtype == np.int64 and om["self_time_ps"].dtype == np.int64
    assert (om["self_time_ps"] <= om["total_time_ps"]).all()
    assert (om["self_time_ps"] >= 0).all()
    ops = om[om["name"] != "IDLE"]
    assert (ops["occurrences"] > 0).all()
    assert prof.op_stats().op_metrics_notes


def test_built_once_per_profile():
    prof = nbprof.load(HERE / "fixtures" / "tf_keras_fit")
    assert op_metrics(prof) is op_metrics(prof)
    prof.framework_op_stats()
    prof.overview()
    prof.input_pipeline()
    assert prof.op_stats().builds["op_metrics_db"] == 1


@pytest.mark.parametrize("fixture", FIXTURES)
@pytest.mark.parametrize("side", ["Host", "Device"])
def test_idle_and_db_total_match_xprof(fixture, side):
    om = xprof_op_stats(fixture).op_metrics_db  # GPU kernels without HLO dropped, as XProf
    ours = om[om["host_or_device"] == side]
    ref = ref_rows(fixture, side)
    if not ref:
        assert len(ours) == 0, f"XProf has no {side} db for {fixture}"
        return
    ref_idle = sum(r["Total self-time (us)"] for r in ref if r["Operation Name"] == "IDLE")
    our_idle = ours.loc[ours["name"] == "IDLE", "self_time_ps"].sum() / 1e6
    ref_total = sum(r["Total self-time (us)"] for r in ref)
    our_total = ours["self_time_ps"].sum() / 1e6
    if len(ref) >= 500:
        # XProf lists at most 500 ops per side; compare the db total through the percentages.
        pct = f"Total self-time on {side} (%)"
        top = max(ref, key=lambda r: r["Total self-time (us)"])
        ref_total = top["Total self-time (us)"] / top[pct]
    assert our_idle == pytest.approx(ref_idle, rel=5e-3, abs=1e-3)
    assert our_total == pytest.approx(ref_total, rel=5e-3, abs=1e-3)
    assert ours["db_total_time_ps"].iloc[0] / 1e6 == pytest.approx(our_total, rel=1e-9, abs=1e-6)


def test_tpu_device_ops_are_xla_ops_with_provenance():
    prof = load("tpu_v6e")
    om = op_metrics(prof)
    dev = om[(om["host_or_device"] == "Device") & (om["name"] != "IDLE")]
    adds = dev[dev["provenance"] == "jit(f)/jit(main)/add:"]
    assert len(adds) and (adds["occurrences"] > 0).all()
    assert (dev["program_id"] > 0).all()
    # FLOPs come from the op metadata, per occurrence times occurrences.
    assert adds["flops"].sum() > 0
    assert info(prof)["hardware_type"] == "TPU"


def test_gpu_kernels_without_tf_op_are_reported_unattributed():
    prof = load("gpu_v100")
    assert info(prof)["hardware_type"] == "GPU"
    assert info(prof)["device_events_without_op"] == info(prof)["device_events_considered"] > 0
    assert any("IDLE" in note for note in prof.op_stats().op_metrics_notes)


def test_cpu_only_jax_has_only_host_idle():
    om = op_metrics(load("jax_mlp_train"))
    assert list(om["name"]) == ["IDLE"]
    assert om["self_time_ps"].iloc[0] == 0


@pytest.mark.parametrize("name", ["flax_cnn_gpu", "tf_keras2_fit", "tpu_v6e", "gpu_v100"])
def test_host_op_db_alone_is_the_combined_dbs_host_side(name: str) -> None:
    """The input pipeline reads the host op db without building the device ops; those rows are the
    combined db's Host rows, in the same order and types."""
    alone = nbprof.load(fixture_file(name)).op_stats()
    host = alone.host_op_db
    assert "device_ops" not in alone.__dict__ and "_op_metrics" not in alone.__dict__
    combined = nbprof.load(fixture_file(name)).op_stats()
    db = combined.op_metrics_db
    expected = db[(db["host_or_device"] == "Host").to_numpy()].reset_index(drop=True)
    pd.testing.assert_frame_equal(host, expected, check_exact=True)
    assert len(host) > 0


@pytest.mark.parametrize("name", ["jax_two_hosts", "jax_two_gpu_procs"])
@pytest.mark.parametrize("hosts_first", [False, True])
def test_combined_host_op_db_from_the_hosts_host_dbs_is_the_combined_dbs_host_side(name: str, hosts_first) -> None:
    """Several hosts: the host op db made from each host's host db alone (no device ops built; the dbs as
    built, or each host's ``host_op_db`` where made first) is the Host side of the combined op metrics db,
    rows, order and types."""
    alone = nbprof.load(FIXTURE_DIRS / name, cache=False).op_stats()
    if hosts_first:
        assert all(len(alone.parts_of(h).host_op_db) for h in alone.hosts)
    host = alone.host_op_db
    assert "_op_metrics" not in alone.__dict__
    assert all("device_ops" not in alone.parts_of(h).__dict__ for h in alone.hosts)
    combined = nbprof.load(FIXTURE_DIRS / name, cache=False).op_stats()
    db = combined.op_metrics_db
    expected = db[(db["host_or_device"] == "Host").to_numpy()].reset_index(drop=True)
    pd.testing.assert_frame_equal(host, expected, check_exact=True)
    pd.testing.assert_frame_equal(combined.host_op_db, expected, check_exact=True)
    assert host["host"].nunique() == len(alone.hosts)


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURE_DIRS.iterdir() if p.is_dir() and p.name != "make"))
def test_kept_db_columns_are_the_frames_columns(name: str) -> None:
    """``op_metrics_db_columns`` (the builder's own arrays where it kept them, the combined hosts'
    converted) hold what the frame's columns convert to."""
    op_stats = nbprof.load(FIXTURE_DIRS / name, cache=False).op_stats()
    frame = op_stats.op_metrics_db
    columns = op_stats.op_metrics_db_columns()
    assert list(columns) == list(frame.columns)
    for c in frame.columns:
        want = frame[c].to_numpy()
        assert columns[c].dtype == want.dtype, (name, c)
        assert columns[c].tolist() == want.tolist(), (name, c)


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURE_DIRS.iterdir() if p.is_dir() and p.name != "make"))
def test_combined_columns_from_host_arrays_are_those_from_the_host_frame(name: str) -> None:
    """The combined db read from the host db's arrays (``OpStats``' path) is the one read from its frame."""
    from nbprof.opstats.host_ops import build_host_op_columns, host_op_frame
    from nbprof.opstats.op_metrics_db import combine_op_metrics_columns

    op_stats = nbprof.load(FIXTURE_DIRS / name, cache=False).op_stats()
    host = build_host_op_columns(op_stats.frames, {})
    device = op_stats.for_host(op_stats.hosts[0]).device_ops
    from_arrays = combine_op_metrics_columns(host, device)
    from_frame = combine_op_metrics_columns(host_op_frame(host), device)
    assert (from_arrays is None) == (from_frame is None)
    for c in from_frame or {}:
        assert from_arrays[c].dtype == from_frame[c].dtype, (name, c)
        assert from_arrays[c].tolist() == from_frame[c].tolist(), (name, c)


def test_program_id_columns_are_pd_arrays_uint64() -> None:
    """The unchecked ``UInt64`` program ids (the combined db's, the device db's) are ``pd.array``'s."""
    from nbprof.opstats.device_ops import _as_program_id
    from nbprof.opstats.op_metrics_db import op_metrics_frame

    for ids in (np.array([0, 3, 2**63 + 5], np.uint64), np.zeros(0, np.uint64)):
        want = pd.array(np.concatenate([ids, np.zeros(2, np.uint64)]), dtype="UInt64")
        pd.testing.assert_extension_array_equal(_as_program_id(ids, 2), want)
        columns = {c: np.zeros(len(ids), np.int64) for c in COLUMNS}
        columns.update({c: np.full(len(ids), "x", dtype=object) for c in ("host", "name", "category", "provenance")})
        columns["host_or_device"] = np.full(len(ids), "Host", dtype=object)
        columns["program_id"], columns["is_eager"] = ids, np.zeros(len(ids), bool)
        got = op_metrics_frame(columns)["program_id"].array
        pd.testing.assert_extension_array_equal(got, pd.array(ids, dtype="UInt64"))
