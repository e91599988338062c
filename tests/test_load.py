"""nbprof.load on the real fixtures, checked against counts read straight from the protobuf."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES, fixture_file, load_fixture

import nbprof
from nbprof.proto import xplane_pb2


def _raw_space(name: str) -> xplane_pb2.XSpace:
    return xplane_pb2.XSpace.FromString(fixture_file(name).read_bytes())


@pytest.mark.parametrize("fixture_name", FIXTURE_NAMES)
def test_event_counts_and_durations_per_line_match_protobuf(fixture_name: str) -> None:
    prof = load_fixture(fixture_name)
    space = _raw_space(fixture_name)
    expected = {}
    for plane in space.planes:
        for line in plane.lines:
            key = (plane.name, line.id)
            n, total = expected.get(key, (0, 0))
            expected[key] = (n + len(line.events), total + sum(e.duration_ps for e in line.events))
    got = prof.events.groupby(["plane", "line_id"], observed=True).agg(n=("name", "size"), total=("duration_ps", "sum"))
    for (plane, line_id), (n, total) in expected.items():
        if n == 0:
            continue
        assert got.loc[(plane, line_id), "n"] == n
        assert got.loc[(plane, line_id), "total"] == total
    assert len(prof.events) == sum(n for n, _ in expected.values())


@pytest.mark.parametrize("fixture_name", FIXTURE_NAMES)
def test_times_are_int64_and_consistent(fixture_name: str) -> None:
    ev = load_fixture(fixture_name).events
    for col in ("start_ps", "duration_ps", "end_ps", "self_ps"):
        assert ev[col].dtype == np.int64
    assert (ev["end_ps"] == ev["start_ps"] + ev["duration_ps"]).all()
    # children lie inside their parent on the same line
    child = ev[ev["parent"] >= 0]
    par = ev.loc[child["parent"].to_numpy()]
    assert (par["start_ps"].to_numpy() <= child["start_ps"].to_numpy()).all()
    assert (child["end_ps"].to_numpy() <= par["end_ps"].to_numpy()).all()
    assert (par["line_id"].to_numpy() == child["line_id"].to_numpy()).all()
    assert (child["depth"].to_numpy() == par["depth"].to_numpy() + 1).all()


@pytest.mark.parametrize("fixture_name", FIXTURE_NAMES)
def test_self_time_is_duration_minus_direct_children(fixture_name: str) -> None:
    ev = load_fixture(fixture_name).events
    child = ev[ev["parent"] >= 0]
    kids = child.groupby("parent")["duration_ps"].sum()
    expected = ev["duration_ps"].copy()
    expected.loc[kids.index] -= kids.to_numpy()
    assert (ev["self_ps"] == expected).all()


def test_one_known_event_and_its_stats_jax() -> None:
    """The first 'train' step marker: step_num/_r stats read straight from the protobuf."""
    space = _raw_space("jax_mlp_train")
    cpu = next(p for p in space.planes if p.name == "/host:CPU")
    names = {k: m.name for k, m in cpu.event_metadata.items()}
    snames = {k: m.name for k, m in cpu.stat_metadata.items()}
    line = next(ln for ln in cpu.lines if ln.name == "python")
    raw_ev = next(e for e in line.events if names[e.metadata_id] == "train")
    raw_stats = {snames[s.metadata_id]: getattr(s, s.WhichOneof("value")) for s in raw_ev.stats}
    te = next(p for p in space.planes if p.name == "Task Environment")
    start_ns = next(s.uint64_value for s in te.stats if te.stat_metadata[s.metadata_id].name == "profile_start_time")

    prof = load_fixture("jax_mlp_train")
    ev = prof.events
    row = ev[(ev["name"] == "train") & (ev["step_num"] == raw_stats["step_num"])].iloc[0]
    assert prof.origin_ns == start_ns
    assert row["start_ps"] == (line.timestamp_ns) * 1000 + raw_ev.offset_ps
    assert row["duration_ps"] == raw_ev.duration_ps
    assert row["_r"] == raw_stats["_r"]
    stats = prof.event_stats(int(row.name))
    assert stats["step_num"] == raw_stats["step_num"]


def test_metadata_stats_and_ref_values_are_resolved_tpu() -> None:
    """TPU XLA ops carry hlo_op etc.; compare promoted columns with a direct protobuf read."""
    space = _raw_space("tpu_v6e")
    tpu = next(p for p in space.planes if p.name == "/device:TPU:0")
    snames = {k: m.name for k, m in tpu.stat_metadata.items()}
    xla_ops = next(ln for ln in tpu.lines if ln.name == "XLA Ops")
    expected_ops = []
    for e in xla_ops.events:
        em = tpu.event_metadata[e.metadata_id]
        value = None
        for s in list(em.stats) + list(e.stats):  # event stats win
            if snames.get(s.metadata_id) == "hlo_op":
                which = s.WhichOneof("value")
                value = snames[s.ref_value] if which == "ref_value" else getattr(s, which)
        expected_ops.append(value)
    prof = load_fixture("tpu_v6e")
    ev = prof.events
    got = ev[(ev["plane"] == "/device:TPU:0") & (ev["line"] == "XLA Ops")]
    assert sorted(map(str, got["hlo_op"].astype(object).where(got["hlo_op"].notna(), None))) == sorted(
        map(str, expected_ops)
    )


def test_planes_carry_device_stats() -> None:
    gpu = load_fixture("gpu_v100").planes.set_index("name")
    assert gpu.loc["/device:GPU:0", "core_count"] == 80
    assert gpu.loc["/device:GPU:0", "memory_bandwidth"] == 898048000000
    tpu = load_fixture("tpu_v6e").planes.set_index("name")
    assert tpu.loc["/device:TPU:0", "peak_teraflops_per_second"] == pytest.approx(918.0)
    assert tpu.loc["/device:TPU:0", "device_type_string"] == "TPU v6 Lite"


def test_hlo_protos_from_metadata_plane() -> None:
    prof = load_fixture("tpu_v6e")
    assert "jit_f(12190760917235803885)" in prof.hlo_protos
    assert all(isinstance(v, bytes) and len(v) > 100 for v in prof.hlo_protos.values())


def test_uint64_program_id_kept_exactly() -> None:
    ev = load_fixture("tpu_v6e").events
    ids = ev["program_id"].dropna().unique()
    assert any(int(v) > 2**63 for v in ids) or len(ids) == 0


@pytest.mark.parametrize("fixture_name", FIXTURE_NAMES)
def test_strings_are_categoricals(fixture_name: str) -> None:
    ev = load_fixture(fixture_name).events
    for col in ("host", "plane", "line", "name", "tf_op", "hlo_op"):
        assert isinstance(ev[col].dtype, pd.CategoricalDtype)


def test_multi_host_logdir_merges_hosts_on_common_clock(tmp_path) -> None:
    src = fixture_file("jax_mlp_train").read_bytes()
    run = tmp_path / "plugins" / "profile" / "2026_01_01_00_00_00"
    run.mkdir(parents=True)
    (run / "worker0.xplane.pb").write_bytes(src)
    (run / "worker1.xplane.pb").write_bytes(src)
    prof = nbprof.load(tmp_path)
    assert prof.hosts == ["worker0", "worker1"]
    counts = prof.events["host"].value_counts()
    assert counts["worker0"] == counts["worker1"] == 4119
    a = prof.events[prof.events["host"] == "worker0"]["start_ps"].to_numpy()
    b = prof.events[prof.events["host"] == "worker1"]["start_ps"].to_numpy()
    assert (a == b).all()  # same wall clock
    one = nbprof.load(tmp_path, host="worker1")
    assert one.hosts == ["worker1"] and len(one.events) == 4119
    sub = prof.for_host("worker1")
    assert len(sub.events) == 4119 and (sub.events["parent"] < len(sub.events)).all()


def test_runs_and_newest_run(tmp_path) -> None:
    src = fixture_file("jax_mlp_train").read_bytes()
    for run in ("2026_01_01_00_00_00", "2026_02_01_00_00_00"):
        d = tmp_path / "plugins" / "profile" / run
        d.mkdir(parents=True)
        (d / "h.xplane.pb").write_bytes(src)
    table = nbprof.runs(tmp_path)
    assert list(table["run"]) == ["2026_01_01_00_00_00", "2026_02_01_00_00_00"]
    assert list(table["newest"]) == [False, True]
    assert nbprof.load(tmp_path).run == "2026_02_01_00_00_00"
    assert nbprof.load(tmp_path, run="2026_01_01_00_00_00").run == "2026_01_01_00_00_00"


def test_run_directory_and_single_file() -> None:
    f = fixture_file("tf_custom_loop")
    assert len(nbprof.load(f).events) == len(nbprof.load(f.parent).events) == 56940


def test_fsspec_memory_filesystem() -> None:
    fsspec = pytest.importorskip("fsspec")
    fs = fsspec.filesystem("memory")
    fs.pipe("/logs/plugins/profile/2026_01_01_00_00_00/vm.xplane.pb", fixture_file("jax_mlp_train").read_bytes())
    prof = nbprof.load("memory://logs")
    assert len(prof.events) == 4119 and prof.run == "2026_01_01_00_00_00"
    assert list(nbprof.runs("memory://logs")["host"]) == ["vm"]


def test_summary_and_repr() -> None:
    prof = nbprof.load(nbprof.examples.path("jax_mlp_train"))
    s = prof.summary()
    assert s.num_events == 4119
    assert s.top_total.iloc[0]["total_ps"] >= s.top_total.iloc[-1]["total_ps"]
    ev = prof.events
    train = ev[ev["name"] == "train"]
    row = s.top_total[s.top_total["name"] == "train"].iloc[0]
    assert row["count"] == len(train) == 20
    assert row["total_ps"] == train["duration_ps"].sum()
    assert "events=4,119" in repr(prof)


@pytest.mark.parametrize("decoder", ["native", "fast"])
def test_only_big_loads_hand_their_freed_heap_back(monkeypatch: pytest.MonkeyPatch, decoder: str) -> None:
    """malloc_trim after building the frames of files of TRIM_AFTER_BYTES or more; not for small ones."""
    from nbprof.xspace import decode_native, read

    if decoder == "native" and not decode_native.available():
        pytest.skip("needs the C decoder")
    monkeypatch.setenv("NBPROF_DECODER", decoder)
    trims: list[int] = []
    monkeypatch.setattr(read, "_return_freed_memory", lambda: trims.append(1))
    path = fixture_file("jax_mlp_train")
    nbprof.load(path, cache=False).events  # noqa: B018
    assert trims == []
    monkeypatch.setattr(read, "TRIM_AFTER_BYTES", path.stat().st_size)
    nbprof.load(path, cache=False).events  # noqa: B018
    assert trims == [1]


def test_run_id_and_device_ordinal_are_stats_not_columns() -> None:
    """XLA's run_id and device_ordinal (on jax_mlp_train's XLA CPU ops) are read from ``stats_of``."""
    prof = load_fixture("jax_mlp_train")
    assert not {"run_id", "device_ordinal"} & set(prof.events.columns)
    rows = np.arange(len(prof.events))
    found = prof.stats_of(rows, ["run_id", "device_ordinal"])
    assert set(found["name"]) == {"run_id", "device_ordinal"}
    assert all(type(v) is int for v in found["value"])


@pytest.mark.parametrize("fixture_name", ["jax_mlp_train", "jax_two_hosts"])
def test_load_finds_the_files_once_and_reads_what_read_frames_reads(
    fixture_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain load lists the profile's files once for one host (twice with the plan of several) and
    gives the frames the path through ``read_frames`` (``reduce_hosts=False``) gives."""
    from fixture_paths import FIXTURES

    from nbprof.xspace import files

    calls = []
    discover = files.discover
    monkeypatch.setattr(files, "discover", lambda path: calls.append(path) or discover(path))
    prof = nbprof.load(FIXTURES / fixture_name, cache=False)
    assert len(calls) == (1 if fixture_name == "jax_mlp_train" else 2)
    plain = nbprof.load(FIXTURES / fixture_name, cache=False, reduce_hosts=False)
    pd.testing.assert_frame_equal(prof.events, plain.events)
    assert prof.hosts == plain.hosts and prof.paths == plain.paths and prof.run == plain.run
