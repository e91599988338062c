"""Pods: many hosts reduced one by one (in parallel on Dask) and combined, never one events frame.

The yardstick is one load of all hosts in one process (``reduce_hosts=False``), itself checked
against XProf on the two-host sessions (test_multi_host.py): every combined table of a reduced
pod must equal it. The pods are synthetic (tests/pod_builder.py: 32 CPU workers that differ in
session start, steps and durations, some with allocator events) and real (the two-host
sessions, copies of the V100 profile). Tests that start a Dask cluster are marked ``slow``.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import shutil
import socket
import sys
import time

import pandas as pd
import pytest
from fixture_paths import fixture_file
from pod_builder import host_name, write_pod

import nbprof
from nbprof.errors import EventsNotLoadedError, NbprofError, NbprofWarning, ProfileError
from nbprof.pod import plan as pod_plan
from nbprof.pod.parallel import reduce_hosts
from nbprof.pod.plan import plan_load, use_reduction
from nbprof.pod.profile import PodProfile
from nbprof.pod.progress import TextProgress, WidgetProgress
from nbprof.pod.reduce import HostFailure, HostReduction, reduce_host

HERE = pathlib.Path(__file__).parent
HOSTS = 32


# ----------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def pod_dir(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    logdir = tmp_path_factory.mktemp("pod32")
    write_pod(logdir, HOSTS)
    return logdir


@pytest.fixture(scope="module")
def one_load(pod_dir: pathlib.Path) -> nbprof.Profile:
    return nbprof.load(pod_dir, reduce_hosts=False)


@pytest.fixture(scope="module")
def reduced(pod_dir: pathlib.Path) -> PodProfile:
    prof = nbprof.load(pod_dir, workers=0)
    assert isinstance(prof, PodProfile)
    return prof


def same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(a.reset_index(drop=True), b.reset_index(drop=True))


def assert_same_tools(one: nbprof.Profile, pod: nbprof.Profile) -> None:
    """Every combined table of the pod equals the one-process load's."""
    same(one.steps, pod.steps)
    same(one.op_stats().step_db.analysed_steps, pod.op_stats().step_db.analysed_steps)
    same(one.pod_viewer().steps, pod.pod_viewer().steps)
    o1, o2 = one.overview(), pod.overview()
    assert o1.summary == o2.summary and o1.recommendation == o2.recommendation
    for name in o1.frame_names:
        same(getattr(o1, name), getattr(o2, name))
    i1, i2 = one.input_pipeline(), pod.input_pipeline()
    assert i1.summary == i2.summary
    for name in i1.frame_names:
        same(getattr(i1, name), getattr(i2, name))
    same(one.framework_op_stats().table, pod.framework_op_stats().table)
    same(one.framework_op_stats(include_idle=False).table, pod.framework_op_stats(include_idle=False).table)
    same(one.op_profile(by="program").tree, pod.op_profile(by="program").tree)
    same(one.roofline().table, pod.roofline().table)
    same(one.kernel_stats().table, pod.kernel_stats().table)
    assert one.op_stats().run_env == pod.op_stats().run_env
    assert one.op_stats().perf_env == pod.op_stats().perf_env


# ------------------------------------------------------------------------ when it is used
def test_many_hosts_are_reduced_by_default_and_few_are_not(pod_dir: pathlib.Path) -> None:
    plan = plan_load(pod_dir, run=None, host=None)
    assert len(plan.tasks) == HOSTS and all(t.file_bytes > 0 for t in plan.tasks)
    assert use_reduction(plan, None, None)  # 32 > REDUCE_ABOVE_HOSTS
    few = plan_load(pod_dir, run=None, host=[host_name(i) for i in range(pod_plan.REDUCE_ABOVE_HOSTS)])
    assert not use_reduction(few, None, None)
    assert use_reduction(few, True, None) and use_reduction(few, None, client=object())
    assert not use_reduction(plan, False, None)
    with pytest.raises(NbprofError, match="client="):
        use_reduction(plan, False, client=object())
    # a few small hosts: one load, one events frame
    assert isinstance(nbprof.load(pod_dir, host=few.hosts), nbprof.Profile)
    assert not isinstance(nbprof.load(pod_dir, host=few.hosts), PodProfile)


def test_many_bytes_are_reduced(pod_dir: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    two = plan_load(pod_dir, run=None, host=[host_name(0), host_name(1)])
    assert not use_reduction(two, None, None)
    monkeypatch.setattr(pod_plan, "REDUCE_ABOVE_BYTES", two.total_bytes - 1)
    assert use_reduction(two, None, None)
    single = plan_load(pod_dir, run=None, host=host_name(0))
    assert not use_reduction(single, None, None)  # one host: nothing to combine


# ------------------------------------------------------------------ the combined tables
def test_sequential_reduction_equals_one_load(one_load: nbprof.Profile, reduced: PodProfile) -> None:
    assert reduced.hosts == one_load.hosts
    assert reduced.origin_ns == one_load.origin_ns and reduced.origin_source == one_load.origin_source
    assert "one host after another" in reduced.computed_on
    # the hosts differ: the intersection slides them and drops steps some hosts lack
    steps = reduced.steps
    assert steps.groupby("step")["host"].nunique().eq(HOSTS).all()
    own = [len(r.tables.step_db.steps) for r in reduced._reductions.values()]
    assert len(set(own)) > 1 and steps["step"].nunique() < max(own)
    assert_same_tools(one_load, reduced)
    c1, c2 = nbprof.compare(one_load, one_load), nbprof.compare(reduced, reduced)
    assert c1.summary == c2.summary and c2.summary["level"] == "framework"
    same(c1.ops, c2.ops)


def test_without_dask_hosts_are_read_one_after_another(
    pod_dir: pathlib.Path, one_load: nbprof.Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    pod = nbprof.load(pod_dir)
    assert isinstance(pod, PodProfile)
    assert "dask.distributed is not installed" in pod.computed_on
    assert set(pod.host_table["worker"]) == {f"{socket.gethostname()} pid {os.getpid()}"}
    same(one_load.pod_viewer().steps, pod.pod_viewer().steps)
    same(one_load.framework_op_stats().table, pod.framework_op_stats().table)


def test_summary_and_host_table(one_load: nbprof.Profile, reduced: PodProfile) -> None:
    a, b = one_load.summary(), reduced.summary()
    assert (b.num_events, b.num_aggregated, b.span_ps, b.file_bytes) == (
        a.num_events,
        a.num_aggregated,
        a.span_ps,
        a.file_bytes,
    )
    assert reduced.duration_ps == one_load.duration_ps
    # the hosts are alike: each host's top names merge to the one load's top 10 exactly
    for part in ("top_total", "top_self"):
        ours, theirs = getattr(b, part), getattr(a, part)
        assert list(ours["name"]) == list(theirs["name"].astype(str))
        assert ours[["count", "total_ps", "self_ps", "avg_ps"]].to_numpy().tolist() == (
            theirs[["count", "total_ps", "self_ps", "avg_ps"]].to_numpy().tolist()
        )
    same(a.planes.astype({"host": str, "name": str}), b.planes.astype({"host": str, "name": str}))
    table = reduced.host_table
    assert list(table["host"]) == one_load.hosts and set(table["status"]) == {"ok"}
    # two processes per machine: XProf counts machines
    assert table["hostname"].head(4).tolist() == ["pod-vm-0", "pod-vm-0", "pod-vm-1", "pod-vm-1"]
    assert reduced.op_stats().run_env.host_count == HOSTS // 2
    events = one_load.events.groupby("host", observed=True).size()
    assert table.set_index("host")["events"].to_dict() == events.to_dict()
    own_steps = {h: one_load.op_stats(host=h).step_db.steps["step"].nunique() for h in one_load.hosts[:4]}
    assert table.set_index("host")["steps"].head(4).to_dict() == own_steps
    assert (table["events_per_s"] > 0).all()
    text = repr(reduced)
    assert f"hosts={HOSTS}" in text and "reduced per host" in text and f"events={len(one_load.events):,}" in text


def test_memory_profile_reads_the_first_host_with_allocators(one_load: nbprof.Profile, reduced: PodProfile) -> None:
    a, b = one_load.memory_profile(), reduced.memory_profile()
    assert a.host == b.host == host_name(3)
    assert a.summary == b.summary and a.memory_ids == b.memory_ids
    same(a.timeline, b.timeline)
    same(a.breakdown, b.breakdown)
    other = host_name(11)
    same(one_load.memory_profile(host=other).timeline, reduced.memory_profile(host=other).timeline)
    peaks = reduced.host_table.set_index("host")["peak_memory_bytes"]
    assert peaks[host_name(3)] == a.summary["peak_bytes_in_use"] and peaks[host_name(0)] == -1


# ------------------------------------------------------------------------ raw events
def test_events_are_not_in_memory_and_the_error_says_how_to_get_them(reduced: PodProfile) -> None:
    for attribute in ("events", "stats", "event_metadata", "stat_metadata"):
        with pytest.raises(EventsNotLoadedError, match=r"for_host\('worker000'\)") as err:
            getattr(reduced, attribute)
        assert "reduce_hosts=False" in str(err.value)
    with pytest.raises(EventsNotLoadedError, match="hosts="):
        reduced.trace()
    with pytest.raises(EventsNotLoadedError, match="hosts="):
        reduced.tf_data_bottleneck()


def test_one_hosts_events_are_read_on_demand_on_the_pods_time_axis(
    one_load: nbprof.Profile, reduced: PodProfile
) -> None:
    def plain(df: pd.DataFrame) -> pd.DataFrame:
        return df.astype({c: str for c in df.select_dtypes("category").columns})

    host = host_name(7)  # not the earliest host: its times move to the pod's origin
    ours = reduced.for_host(host)
    assert ours.origin_ns == one_load.origin_ns and ours.hosts == [host]
    same(plain(one_load.for_host(host).events), plain(ours.events))
    same(one_load.for_host(host).lines, ours.lines)
    assert reduced.for_host(host) is ours  # kept while recent
    two = [host_name(2), host_name(5)]
    same(plain(one_load.for_hosts(two).events), plain(reduced.for_hosts(two).events))
    assert reduced.trace(hosts=[host]).model is not None
    # a host's own OpStats from its file equals the one in one load
    same(one_load.op_stats(host=host).step_db.steps, reduced.op_stats(host=host).step_db.steps)
    with pytest.raises(ProfileError, match="no host 'nope'"):
        reduced.for_host("nope")


def test_the_app_shows_the_combined_views_and_says_what_needs_hosts(reduced: PodProfile) -> None:
    from nbprof.widgets.tools import compute_payload

    assert compute_payload(reduced, "overview")["available"] is True
    assert compute_payload(reduced, "pod_viewer")["available"] is True
    tf_data = compute_payload(reduced, "tf_data")
    assert tf_data["available"] is False and "hosts=" in tf_data["reason"]
    from nbprof.widgets.app import ProfileApp

    app = ProfileApp(reduced)
    app.tool = "trace"  # all hosts: no events frame to draw, the app says how to get one host's
    assert "for_host" in app.children[1].value and "\n" not in app.children[1].value
    app.host = host_name(3)  # one host: its file is read, the trace viewer opens
    assert type(app.children[1]).__name__ == "TraceViewer"
    text = reduced.summary().to_text()
    assert f"Hosts: {host_name(0)}" in text and "Top 10 events by total time" in text


# ------------------------------------------------------------------------------ failures
def _copy_run(pod_dir: pathlib.Path, tmp_path: pathlib.Path, hosts: int) -> pathlib.Path:
    (src,) = (pod_dir / "plugins" / "profile").iterdir()
    dst = tmp_path / "plugins" / "profile" / src.name
    dst.mkdir(parents=True)
    for i in range(hosts):
        shutil.copy(src / f"{host_name(i)}.xplane.pb", dst / f"{host_name(i)}.xplane.pb")
    return dst


def test_a_truncated_host_is_reported_and_the_others_load(pod_dir: pathlib.Path, tmp_path: pathlib.Path) -> None:
    run = _copy_run(pod_dir, tmp_path, 10)
    bad = run / f"{host_name(4)}.xplane.pb"
    data = bad.read_bytes()
    bad.write_bytes(data[: len(data) // 2])
    (run / f"{host_name(6)}.xplane.pb").write_bytes(b"not a profile at all, just some bytes")
    with pytest.warns(NbprofWarning) as record:
        pod = nbprof.load(tmp_path, workers=0)
    warned = " ".join(str(w.message) for w in record)
    assert host_name(4) in warned and host_name(6) in warned
    good = [host_name(i) for i in range(10) if i not in (4, 6)]
    assert pod.hosts == good
    assert set(pod.failed_hosts) == {host_name(4), host_name(6)}
    assert "truncated" in pod.failed_hosts[host_name(4)].lower()
    assert any(host_name(6) in e for e in pod.errors)
    table = pod.host_table.set_index("host")
    assert table.loc[host_name(4), "status"] == "failed" and "Truncated" in table.loc[host_name(4), "error"]
    with pytest.raises(ProfileError, match="could not be read"):
        pod.for_host(host_name(4))
    one = nbprof.load(tmp_path, host=good, reduce_hosts=False)
    same(one.pod_viewer().steps, pod.pod_viewer().steps)
    same(one.framework_op_stats().table, pod.framework_op_stats().table)


def test_no_readable_host_is_an_error(tmp_path: pathlib.Path) -> None:
    run = tmp_path / "plugins" / "profile" / "r"
    run.mkdir(parents=True)
    for i in range(3):
        (run / f"h{i}.xplane.pb").write_bytes(b"\x0a\xff\xff")
    with pytest.raises(ProfileError, match="none of the 3 host files could be read"):
        nbprof.load(tmp_path, reduce_hosts=True, workers=0)


def test_a_failing_reduction_is_a_host_failure_not_an_exception(pod_dir: pathlib.Path) -> None:
    plan = plan_load(pod_dir, run=None, host=[host_name(0), host_name(1)])

    def flaky(task):  # type: ignore[no-untyped-def]
        if task.host == host_name(1):
            raise OSError("connection reset by peer")
        return reduce_host(task)

    results, where = reduce_hosts(plan.tasks, workers=0, progress=False, reduce=flaky)
    assert isinstance(results[0], HostReduction)
    assert isinstance(results[1], HostFailure) and results[1].kind == "OSError"
    assert "connection reset" in results[1].describe() and host_name(1) in results[1].describe()


def test_a_child_process_starts_no_cluster_of_its_own(pod_dir: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "parent_process", lambda: object())  # as inside a worker or pool
    plan = plan_load(pod_dir, run=None, host=[host_name(0), host_name(1)])
    results, where = reduce_hosts(plan.tasks, progress=False)
    assert "child process" in where and all(isinstance(r, HostReduction) for r in results)


# ------------------------------------------------------------------------------ real data
@pytest.mark.parametrize("session", ["jax_two_hosts", "tf_keras2_two_hosts"])
def test_real_multi_host_sessions_reduced_equal_one_load(session: str) -> None:
    from test_multi_host import session_path

    one = nbprof.load(session_path(session), reduce_hosts=False)
    pod = nbprof.load(session_path(session), reduce_hosts=True, workers=0)
    assert isinstance(pod, PodProfile)
    assert_same_tools(one, pod)


def test_jax_two_hosts_reduced_matches_xprofs_pod_viewer() -> None:
    pod = nbprof.load(HERE / "fixtures" / "jax_two_hosts", reduce_hosts=True, workers=0)
    ref = json.loads((HERE / "reference" / "jax_two_hosts" / "pod_viewer.json").read_text())["steps"]
    ours = pod.pod_viewer().steps.set_index(["step_num", "core_id"])
    assert sorted(ours.index) == sorted((s["step_num"], s["core"]) for s in ref)
    for s in ref:
        row = ours.loc[(s["step_num"], s["core"])]
        assert row["duration_us"] == pytest.approx(s["duration_us"], rel=1e-3)
        assert row["bottleneck"] == s["bottleneck"]


def test_each_host_keeps_its_own_hlo_protos() -> None:
    # jax_two_hosts: both hosts have a module named jit_train_step(22), with different protos
    one = nbprof.load(HERE / "fixtures" / "jax_two_hosts", reduce_hosts=False)
    alone = {h: nbprof.load(p) for h, p in zip(one.hosts, one.paths)}
    first, second = (alone[h].hlo_protos for h in one.hosts)
    assert any(first[k] != second[k] for k in set(first) & set(second))
    for host, prof in alone.items():
        assert one.for_host(host).hlo_protos == prof.hlo_protos


@pytest.mark.slow
def test_gpu_hosts_kernel_stats_merge_as_one_load(tmp_path: pathlib.Path) -> None:
    # three copies of the real V100 profile, and synthetic GPU hosts whose kernels differ
    run = tmp_path / "v100" / "plugins" / "profile" / "run"
    run.mkdir(parents=True)
    for i in range(3):
        shutil.copy(fixture_file("gpu_v100"), run / f"gpu{i}.xplane.pb")
    one = nbprof.load(tmp_path / "v100", reduce_hosts=False)
    pod = nbprof.load(tmp_path / "v100", reduce_hosts=True, workers=0)
    kernels = pod.kernel_stats()
    same(one.kernel_stats().table, kernels.table)
    assert kernels.num_kernel_events == one.kernel_stats().num_kernel_events > 0
    assert_same_tools(one, pod)
    write_pod(tmp_path / "synthetic", 6, gpu=True)
    one = nbprof.load(tmp_path / "synthetic", reduce_hosts=False)
    pod = nbprof.load(tmp_path / "synthetic", reduce_hosts=True, workers=0)
    table = pod.kernel_stats().table
    assert len(table) > 2 and table["occurrences"].sum() == one.kernel_stats().table["occurrences"].sum()
    same(one.kernel_stats().table, table)


# ------------------------------------------------------------------------------ progress
def test_text_progress_counts_the_hosts(pod_dir: pathlib.Path) -> None:
    import io

    stream = io.StringIO()
    plan = plan_load(pod_dir, run=None, host=[host_name(i) for i in range(3)])
    reduce_hosts(plan.tasks, workers=0, progress=TextProgress(stream))
    text = stream.getvalue()
    assert "0/3 hosts reduced" in text and "3/3 hosts reduced" in text and text.endswith("\n")


def test_widget_progress_shows_hosts_done_and_failures() -> None:
    progress = WidgetProgress()
    progress.start(4, "2 local Dask worker processes")
    progress.update(3, 1)
    assert progress._bar.value == 3 and progress._bar.max == 4 and progress._bar.bar_style == "warning"
    assert "3/4 hosts reduced, 1 failed" in progress._label.value


# ---------------------------------------------------------------------- on a Dask cluster
@contextlib.contextmanager
def _local_cluster():  # type: ignore[no-untyped-def]
    """A client of a new two-worker LocalCluster, both workers joined; closed on exit."""
    distributed = pytest.importorskip("distributed")
    import logging

    import dask

    # one death is retried, a second is the end (the default allows 3): keeps the test short;
    # one task per worker, as nbprof's own local cluster, so a death implicates only its host
    config = {"distributed.scheduler.allowed-failures": 1, "distributed.scheduler.worker-saturation": 1.0}
    with dask.config.set(config):
        local = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=logging.ERROR
        )
        client = distributed.Client(local, set_as_default=False)
        client.wait_for_workers(2)  # polls until both have joined (a busy machine starts them slowly)
    try:
        yield client
    finally:
        client.close()
        local.close()


@pytest.fixture(scope="module")
def cluster():  # type: ignore[no-untyped-def]
    """One cluster for the tests that leave it as they found it."""
    with _local_cluster() as client:
        yield client


@pytest.fixture()
def killing_cluster():  # type: ignore[no-untyped-def]
    """A cluster of its own for a test that kills workers: no other test waits for their restarts."""
    with _local_cluster() as client:
        yield client


@pytest.mark.slow
def test_two_worker_cluster_equals_one_load(
    cluster, pod_dir: pathlib.Path, one_load: nbprof.Profile, tmp_path: pathlib.Path
) -> None:  # type: ignore[no-untyped-def]
    pod = nbprof.load(pod_dir, client=cluster)
    assert "2 workers" in pod.computed_on
    workers = set(pod.host_table["worker"])
    assert 1 <= len(workers) <= 2 and f"{socket.gethostname()} pid {os.getpid()}" not in workers
    assert_same_tools(one_load, pod)
    # a truncated host through the cluster: reported, the others combined
    run = _copy_run(pod_dir, tmp_path, 9)
    bad = run / f"{host_name(2)}.xplane.pb"
    bad.write_bytes(bad.read_bytes()[:-20])
    with pytest.warns(UserWarning, match=host_name(2)):
        broken = nbprof.load(tmp_path, client=cluster)
    assert list(broken.failed_hosts) == [host_name(2)] and len(broken.hosts) == 8


@pytest.mark.slow
def test_default_local_cluster_equals_one_load_and_is_closed(pod_dir: pathlib.Path) -> None:
    pytest.importorskip("distributed")
    import psutil

    hosts = [host_name(i) for i in range(pod_plan.REDUCE_ABOVE_HOSTS + 1)]
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    pod = nbprof.load(pod_dir, host=hosts)
    assert isinstance(pod, PodProfile) and "local Dask worker process" in pod.computed_on
    one = nbprof.load(pod_dir, host=hosts, reduce_hosts=False)
    same(one.pod_viewer().steps, pod.pod_viewer().steps)
    same(one.overview().step_time_graph, pod.overview().step_time_graph)
    deadline = time.monotonic() + 60
    while {p.pid for p in psutil.Process().children(recursive=True)} - before and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not ({p.pid for p in psutil.Process().children(recursive=True)} - before)


def _worker_environment(task):  # type: ignore[no-untyped-def]
    return HostFailure(task, "environment", os.environ.get("MALLOC_TRIM_THRESHOLD_", "unset"))


@pytest.mark.slow
def test_local_workers_keep_glibcs_adaptive_malloc(by_value, pod_dir: pathlib.Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # Dask's nanny sets MALLOC_TRIM_THRESHOLD_, which costs a reduction ~25% more CPU: unset it
    pytest.importorskip("distributed")
    plan = plan_load(pod_dir, run=None, host=[host_name(0), host_name(1)])
    # as after any default LocalCluster in this process: its nanny leaves Dask's value in os.environ
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    results, where = reduce_hosts(plan.tasks, workers=1, progress=False, reduce=_worker_environment)
    assert os.environ["MALLOC_TRIM_THRESHOLD_"] == "65536"  # put back for this process
    assert "1 local Dask worker process" in where
    assert [r.message for r in results] == ["unset", "unset"]  # type: ignore[union-attr]


def _dies_first_time(markers: str, task):  # type: ignore[no-untyped-def]
    """Kill the worker process the first time it reads host 001 (a marker file remembers)."""
    marker = pathlib.Path(markers) / f"{task.host}.died"
    if task.host.endswith("001") and not marker.exists():
        marker.touch()
        os._exit(1)
    return reduce_host(task)


def _always_dies(task):  # type: ignore[no-untyped-def]
    if task.host.endswith("001"):
        os._exit(1)
    return reduce_host(task)


def _slow(task):  # type: ignore[no-untyped-def]
    time.sleep(1.0)
    return reduce_host(task)


@pytest.fixture()
def by_value():  # type: ignore[no-untyped-def]
    """Ship this module's task functions to the workers by value (the workers cannot import tests/)."""
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield
    cloudpickle.unregister_pickle_by_value(sys.modules[__name__])


@pytest.mark.slow
def test_a_killed_worker_is_retried(killing_cluster, by_value, pod_dir: pathlib.Path, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    import functools

    cluster = killing_cluster

    plan = plan_load(pod_dir, run=None, host=[host_name(i) for i in range(4)])
    dies_once = functools.partial(_dies_first_time, str(tmp_path))
    results, _ = reduce_hosts(plan.tasks, client=cluster, progress=False, reduce=dies_once)
    assert (tmp_path / f"{host_name(1)}.died").exists()  # its first worker did die
    assert all(isinstance(r, HostReduction) for r in results)
    same(results[1].tables.step_db.steps, reduce_host(plan.tasks[1]).tables.step_db.steps)
    # a host that kills every worker that reads it: reported after Dask's retries, the others load
    cluster.wait_for_workers(2)
    results, _ = reduce_hosts(plan.tasks, client=cluster, progress=False, reduce=_always_dies)
    failure = results[1]
    assert isinstance(failure, HostFailure) and failure.kind == "KilledWorker"
    assert "died" in failure.message and "memory" in failure.message
    assert all(isinstance(r, HostReduction) for i, r in enumerate(results) if i != 1)


class _InterruptAfterFirst:
    def start(self, total: int, where: str) -> None:
        pass

    def update(self, done: int, failed: int) -> None:
        raise KeyboardInterrupt

    def close(self) -> None:
        pass


@pytest.mark.slow
def test_interrupting_cancels_the_hosts_not_yet_reduced(cluster, by_value, pod_dir: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    plan = plan_load(pod_dir, run=None, host=None)
    with pytest.raises(KeyboardInterrupt):
        reduce_hosts(plan.tasks, client=cluster, progress=_InterruptAfterFirst(), reduce=_slow)

    def pending(dask_scheduler) -> int:  # type: ignore[no-untyped-def]
        return sum(1 for key in dask_scheduler.tasks if str(key).startswith("nbprof-reduce-"))

    deadline = time.monotonic() + 60
    while cluster.run_on_scheduler(pending) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert cluster.run_on_scheduler(pending) == 0
    results, _ = reduce_hosts(plan.tasks[:1], client=cluster, progress=False)  # the cluster works on
    assert isinstance(results[0], HostReduction)


@pytest.mark.parametrize("name", ["tpu_v6e", "gpu_v100", "jax_two_hosts"])
def test_plane_values_match_to_numpy_objects(name, load_fixture):
    from nbprof.opstats import perf_env

    planes = load_fixture(name).op_stats().frames.planes
    for column in planes.columns:
        found = perf_env._objects(planes[column])
        expected = planes[column].to_numpy(dtype=object)
        assert len(found) == len(expected)
        for a, b in zip(found, expected):
            assert type(a) is type(b)
            assert (pd.isna(a) and pd.isna(b)) if pd.api.types.is_scalar(a) and pd.isna(a) else a == b
    missing = pd.Series(pd.Categorical(["/device:TPU:0", None]))
    assert perf_env._objects(missing)[0] == "/device:TPU:0" and pd.isna(perf_env._objects(missing)[1])
    assert perf_env.plane_names(planes) == [str(n) for n in planes["name"].tolist()]
