"""Several hosts: one OpStats per host, combined as XProf combines a multi-host session.

References (XProf 2.24.2):
- tests/reference/jax_two_gpu_procs/ — two JAX processes on one H100 captured together by nbprof.capture
  (tests/fixtures/make/jax_two_hosts.py run on the GPU machine), as one session;
- tests/reference/jax_two_hosts/ — both files of tests/fixtures/jax_two_hosts as one session,
  and tests/reference/jax_two_hosts/<host>/ — each file alone;
- tests/reference/tf_keras2_two_hosts/ — tests/fixtures/tf_keras2_fit as ``worker0`` and
  tf_keras2_input_bound as ``worker1`` in one run directory (README there). Their line
  timestamps are relative to each capture's start, so XProf slides one step sequence against
  the other on the files' own time axes: the pairing checks the alignment.
Tolerances: step times 0.1 %, breakdowns 0.5 % of the step, percentages 0.5 points; XProf's
one-decimal summary numbers within their rounding.
"""

from __future__ import annotations

import functools
import json
import pathlib
import pickle
import shutil

import numpy as np
import pandas as pd
import pytest
from fixture_paths import fixture_file

import nbprof
from nbprof.opstats import OpStats
from nbprof.opstats.combine import combine_step_dbs, step_intersection
from nbprof.opstats.op_stats import CombinedOpStats
from nbprof.opstats.step_db import STEP_COLUMNS, StepDb, empty_steps
from nbprof.tools.framework_op_stats import XPROF_MAX_OPS_PER_SIDE, framework_op_stats
from nbprof.tools.input_pipeline import input_pipeline
from nbprof.tools.memory_profile import memory_profile
from nbprof.tools.overview import overview
from nbprof.tools.pod_viewer import CATEGORY_LABELS, pod_viewer

HERE = pathlib.Path(__file__).parent
REFERENCE = HERE / "reference"
JAX_HOSTS = ["localhost_9531", "localhost_9532"]
SESSIONS = ["jax_two_hosts", "tf_keras2_two_hosts", "jax_two_gpu_procs"]
GRAPH_COLUMNS = {
    "device_compute": "deviceComputeTimeMs",
    "device_to_device": "deviceToDeviceTimeMs",
    "device_collectives": "deviceCollectivesTimeMs",
    "host_compute": "hostComputeTimeMs",
    "kernel_launch": "kernelLaunchTimeMs",
    "input": "infeedTimeMs",
    "output": "outfeedTimeMs",
    "compile": "compileTimeMs",
    "all_others": "otherTimeMs",
}


@functools.cache
def _tf_session_dir() -> pathlib.Path:
    import tempfile

    run = pathlib.Path(tempfile.mkdtemp(prefix="nbprof_tf2hosts_")) / "plugins" / "profile" / "run"
    run.mkdir(parents=True)
    shutil.copy(fixture_file("tf_keras2_fit"), run / "worker0.xplane.pb")
    shutil.copy(fixture_file("tf_keras2_input_bound"), run / "worker1.xplane.pb")
    return run.parents[2]


def session_path(name: str) -> pathlib.Path:
    return _tf_session_dir() if name == "tf_keras2_two_hosts" else HERE / "fixtures" / name


@functools.cache
def load(name: str) -> nbprof.Profile:
    return nbprof.load(session_path(name))


def reference(name: str, tool: str) -> dict:
    return json.loads((REFERENCE / name / f"{tool}.json").read_text())


def graph_rows(ref: dict) -> list[dict]:
    cols = ref["step_time_graph"]["cols"]
    return [dict(zip(cols, row)) for row in ref["step_time_graph"]["rows"]]


# ------------------------------------------------------------------------------ combined
@pytest.mark.parametrize("name", SESSIONS)
def test_combined_steps_match_xprofs_pod_viewer(name: str) -> None:
    ours = pod_viewer(load(name).op_stats()).steps
    ref = reference(name, "pod_viewer")["steps"]
    by_key = ours.set_index(["step_num", "core_id"])
    assert sorted(by_key.index) == sorted((s["step_num"], s["core"]) for s in ref)
    for s in ref:
        row = by_key.loc[(s["step_num"], s["core"])]
        assert row["duration_us"] == pytest.approx(s["duration_us"], rel=1e-3)
        assert row["bottleneck"] == s["bottleneck"]
        for i, cat in enumerate(CATEGORY_LABELS, start=1):
            assert abs(row[f"{cat}_us"] - s["breakdown_us"][str(i)]) <= 0.005 * s["duration_us"]


@pytest.mark.parametrize("name", SESSIONS)
def test_combined_overview_matches_xprof(name: str) -> None:
    res, ref = overview(load(name).op_stats()), reference(name, "overview_page")
    rows = graph_rows(ref)
    graph = res.step_time_graph
    assert list(graph["step_name"]) == [r["stepnum"] for r in rows]
    assert set(graph["host"]) == {load(name).hosts[0]}  # XProf lists core 1: the first host's steps
    for (_, ours), row in zip(graph.iterrows(), rows):
        assert ours["step_time_ms"] == pytest.approx(row["stepTimeMs"], rel=1e-3)
        for cat, col in GRAPH_COLUMNS.items():
            # XProf's "all others" holds the time only XLA CPU ops covered, which nbprof shows apart
            value = ours[f"{cat}_ms"] + (ours["xla_cpu_compute_ms"] if cat == "all_others" else 0.0)
            assert abs(value - row[col]) <= 0.005 * row["stepTimeMs"]
    p, s = ref["step_time_graph"]["p"], res.summary
    if name != "jax_two_gpu_procs":  # there both processes run the same step: the hosts' times are alike
        # the step time of a combined step is its slowest host's: not the mean of the listed rows
        assert s["step_time_ms_avg"] > np.mean([r["stepTimeMs"] for r in rows]) + 0.5
    for ours_key, ref_key in [
        ("step_time_ms_avg", "steptime_ms_average"),
        ("step_time_ms_std", "steptime_ms_standard_deviation"),
        ("step_time_ms_min", "steptime_ms_minimum"),
        ("step_time_ms_max", "steptime_ms_maximum"),
        ("host_compute_ms_avg", "host_compute_time_ms_avg"),
        ("all_others_ms_avg_xprof", "other_time_ms_avg"),
        ("input_ms_avg", "infeed_time_ms_avg"),
    ]:
        assert s[ours_key] == pytest.approx(float(p[ref_key]), abs=0.05 + 1e-9), ours_key
    assert res.recommendation["text_xprof"] == ref["recommendation"]["p"]["statement"]
    assert res.recommendation["bottleneck_xprof"] == ref["recommendation"]["p"]["bottleneck"]
    env = ref["run_environment"]["p"]
    assert (s["host_count"], s["device_type"], s["device_core_count"]) == (
        int(env["host_count"]),
        env["device_type"],
        int(env["device_core_count"]),
    )


def test_jax_two_hosts_step_time_is_the_slower_hosts() -> None:
    # XProf: 4.3 ms average over the 20 combined steps; the listed rows (host 9531) average
    # 3.630 ms, host 9532's own steps train 1 .. train 20 (its alone reference) 4.098 ms.
    s = overview(load("jax_two_hosts").op_stats()).summary
    alone = graph_rows(reference("jax_two_hosts/localhost_9532", "overview_page"))
    listed = graph_rows(reference("jax_two_hosts", "overview_page"))
    slowest = np.maximum([r["stepTimeMs"] for r in listed], [r["stepTimeMs"] for r in alone])
    assert s["num_steps"] == 20
    assert s["step_time_ms_avg"] == pytest.approx(slowest.mean(), rel=1e-3)
    assert s["step_time_ms_std"] == pytest.approx(slowest.std(ddof=1), rel=1e-3)


@pytest.mark.parametrize("name", SESSIONS)
def test_combined_input_pipeline_matches_xprof(name: str) -> None:
    res, ref = input_pipeline(load(name).op_stats()), reference(name, "input_pipeline_analyzer")
    cols = ref["steps"]["cols"]
    assert res.summary["statement_xprof"] == ref["steps"]["p"]["input_conclusion"]
    assert list(res.device_steps["step_name"]) == [r[0] for r in ref["steps"]["rows"]]
    for (_, row), r in zip(res.device_steps.iterrows(), ref["steps"]["rows"]):
        step = r[cols.index("stepTimeMs")]
        assert row["input_pct"] == pytest.approx(100.0 * r[cols.index("infeedTimeMs")] / step, abs=0.5)


def test_combined_framework_ops_are_xprofs_combined_op_metrics() -> None:
    # The stacked per-host op dbs (host column) aggregate to XProf's combined table: same
    # ops in the same order, occurrences, times and percentages of the summed host totals.
    ours = framework_op_stats(load("tf_keras2_two_hosts").op_stats()).xprof_rows(XPROF_MAX_OPS_PER_SIDE)
    ours = ours.reset_index(drop=True)
    ref_json = reference("tf_keras2_two_hosts", "framework_op_stats")
    ref = pd.DataFrame(ref_json["with_idle"], columns=ref_json["columns"])
    assert list(zip(ours["host_or_device"], ours["name"])) == list(zip(ref["Host/device"], ref["Operation Name"]))
    assert list(ours["occurrences"]) == [int(v) for v in ref["#Occurrences"]]
    expected = ref["Total self-time (us)"].to_numpy(float)
    assert ours["total_self_time_us"].to_numpy() == pytest.approx(expected, rel=5e-3, abs=1e-6)
    expected_pct = 100 * ref["Total self-time on Host (%)"].to_numpy(float)
    assert ours["host_self_time_pct"].to_numpy() == pytest.approx(expected_pct, abs=0.5)


def test_tf_hosts_are_aligned_on_their_files_time_axes() -> None:
    # The two captures ran 3.4 s apart; their files count from each session's start. XProf
    # pairs worker0's steps from its 5th on with worker1's first (8 combined steps); for the
    # averages, after each host drops its first and last step, worker0's train 13..15 with
    # worker1's train 6..8.
    prof = load("tf_keras2_two_hosts")
    steps = prof.steps
    assert steps["step"].nunique() == 8
    first = steps[steps["step"] == 0].set_index("host")["step_name"]
    assert first.to_dict() == {"worker0": "train 9", "worker1": "train 5"}
    analysed = prof.op_stats().step_db.analysed_steps
    assert list(analysed[analysed["host"] == "worker1"]["step_name"]) == ["train 6", "train 7", "train 8"]
    # in_analysis marks the host steps the averages use, even though they pair differently
    used = steps[steps["in_analysis"]]
    assert set(zip(used["host"], used["step_name"])) <= set(zip(analysed["host"], analysed["step_name"]))


# ----------------------------------------------------------------------- each host alone
@pytest.mark.parametrize("host", JAX_HOSTS)
def test_each_host_alone_matches_xprof(host: str) -> None:
    prof = load("jax_two_hosts")
    own = prof.op_stats(host=host)
    assert type(own) is OpStats and own.hosts == [host]
    ref_dir = f"jax_two_hosts/{host}"
    res, ref = overview(own), reference(ref_dir, "overview_page")
    rows = graph_rows(ref)
    assert list(res.step_time_graph["step_name"]) == [r["stepnum"] for r in rows]
    ours_ms = res.step_time_graph["step_time_ms"].to_numpy()
    assert ours_ms == pytest.approx([r["stepTimeMs"] for r in rows], rel=1e-3)
    assert res.summary["step_time_ms_avg"] == pytest.approx(np.mean([r["stepTimeMs"] for r in rows]), rel=1e-3)
    assert res.recommendation["text_xprof"] == ref["recommendation"]["p"]["statement"]
    pod = pod_viewer(own).steps
    ref_pod = reference(ref_dir, "pod_viewer")["steps"]
    assert list(pod["step_num"]) == [s["step_num"] for s in ref_pod]
    assert pod["duration_us"].to_numpy() == pytest.approx([s["duration_us"] for s in ref_pod], rel=1e-3)


@pytest.mark.parametrize("host", JAX_HOSTS)
def test_a_hosts_op_stats_equals_its_file_loaded_alone(host: str) -> None:
    path = HERE / "fixtures" / "jax_two_hosts"
    alone_prof = nbprof.load(path, host=host)
    alone = alone_prof.steps
    ours = load("jax_two_hosts").op_stats(host=host).step_db.steps
    # the same steps; times on the session's axis (its origin is the earliest host's start)
    shift_ps = (alone_prof.origin_ns - load("jax_two_hosts").origin_ns) * 1000
    pd.testing.assert_frame_equal(ours.drop(columns="start_ps"), alone.drop(columns="start_ps"))
    assert (ours["start_ps"] - alone["start_ps"] == shift_ps).all()


def test_memory_profile_reads_one_host_with_its_own_steps() -> None:
    prof = load("tf_keras2_two_hosts")
    res = memory_profile(prof.op_stats(), host="worker1")
    ref = json.loads((REFERENCE / "tf_keras2_input_bound" / "memory_profile.json").read_text())
    summary = ref["allocators"][res.memory_id]["profileSummary"]
    assert res.host == "worker1"
    assert res.summary["peak_bytes_in_use"] == int(summary["peakStats"]["peakBytesInUse"])
    assert any("reads one file only" in n for n in res.notes)
    alone = memory_profile(nbprof.load(fixture_file("tf_keras2_input_bound")).op_stats())
    pd.testing.assert_frame_equal(res.breakdown, alone.breakdown)


def test_tf_data_links_producers_within_a_host(tmp_path: pathlib.Path) -> None:
    # two copies of one capture: the same iterator and element ids on both hosts; a consumer
    # reads only from its own host's producers, so every count doubles, never quadruples
    run = tmp_path / "plugins" / "profile" / "run"
    run.mkdir(parents=True)
    for host in ("w0", "w1"):
        shutil.copy(fixture_file("tf_keras2_input_bound"), run / f"{host}.xplane.pb")
    two = nbprof.load(tmp_path).tf_data_bottleneck()
    one = nbprof.load(fixture_file("tf_keras2_input_bound")).tf_data_bottleneck()

    def links(result) -> tuple[int, int]:  # type: ignore[no-untyped-def]
        (note,) = [n for n in result.notes if "graph links" in n]
        nested, producer = note.split("graph links: ")[1].split(" by nesting on a thread, ")
        return int(nested), int(producer.split(" ")[0])

    assert links(two) == (2 * links(one)[0], 2 * links(one)[1])
    assert sorted(two.pipelines["host"].unique()) == ["w0", "w1"]
    assert any("2 hosts" in n for n in two.notes)


# ------------------------------------------------------------------------ OpStats structure
def test_one_host_profile_op_stats_is_built_on_its_own_frames() -> None:
    prof = nbprof.load(fixture_file("tf_keras2_fit"))
    stats = prof.op_stats()
    assert type(stats) is OpStats and stats.frames is prof
    assert prof.op_stats(host=prof.hosts[0]) is stats
    with pytest.raises(nbprof.ProfileError, match="no host"):
        prof.op_stats(host="elsewhere")


def test_each_part_is_built_once_per_host() -> None:
    prof = nbprof.load(HERE / "fixtures" / "jax_two_hosts")
    for _ in range(2):
        prof.overview()
        prof.input_pipeline()
        prof.pod_viewer()
        prof.framework_op_stats()
        prof.op_profile()
        prof.roofline()
        prof.memory_profile()
        prof.tf_data_bottleneck()
    combined = prof.op_stats()
    assert isinstance(combined, CombinedOpStats)
    for part in ("op_metrics_db", "step_db", "run_env", "perf_env", "xla_ops"):
        assert combined.builds[part] == 1, part
        for host in JAX_HOSTS:
            assert prof.op_stats(host=host).builds[part] == 1, (host, part)
    # the framework-op rows are built once with and once without IDLE (the overview reads those without), the
    # table once (framework_op_stats: with IDLE); everything else once
    assert combined.builds.pop("framework_op_rows") == 2
    assert combined.builds.pop("framework_op_table") == 1
    assert all(count == 1 for count in combined.builds.values()), combined.builds
    for host in JAX_HOSTS:
        assert all(count == 1 for count in prof.op_stats(host=host).builds.values())
        assert prof.for_host(host) is prof.for_host(host)
        # a host's events are a slice of the profile's, not a copy
        assert np.shares_memory(prof.for_host(host).events["start_ps"].to_numpy(), prof.events["start_ps"].to_numpy())


def test_combination_reads_the_hosts_tables_only() -> None:
    # The per-host tables travel (pickled) from another Profile; the combination never makes
    # per-host frames of the Profile it belongs to.
    shipped = {h: pickle.loads(pickle.dumps(load("jax_two_hosts").op_stats(host=h).tables())) for h in JAX_HOSTS}
    target = nbprof.load(HERE / "fixtures" / "jax_two_hosts")
    combined = CombinedOpStats(target, shipped.__getitem__)
    pd.testing.assert_frame_equal(combined.step_db.steps, load("jax_two_hosts").steps)
    assert (
        overview(combined).summary["step_time_ms_avg"]
        == overview(load("jax_two_hosts").op_stats()).summary["step_time_ms_avg"]
    )
    pd.testing.assert_frame_equal(combined.op_metrics_db, load("jax_two_hosts").op_stats().op_metrics_db)
    assert combined.run_env == load("jax_two_hosts").op_stats().run_env
    assert target._host_profiles == {}


# --------------------------------------------------------------------- step intersection
def _steps(host: str, spans: list[tuple[int, int]], hardware: str = "CPU_ONLY") -> StepDb:
    rows = {c: [0] * len(spans) for c in STEP_COLUMNS}
    frame = pd.DataFrame(rows)
    frame["host"] = host
    frame["step_name"] = [f"train {i}" for i in range(len(spans))]
    frame["group_id"] = frame["step"] = frame["step_num"] = np.arange(len(spans))
    frame["core"] = "host"
    frame["core_id"] = 1
    frame["start_ps"] = [b for b, _ in spans]
    frame["duration_ps"] = [e - b for b, e in spans]
    frame["all_others_ps"] = frame["duration_ps"]
    frame["marker"] = "host (explicit)"
    frame["in_analysis"] = True
    if len(spans) > 5:
        frame.loc[[0, len(spans) - 1], "in_analysis"] = False
    frame = frame[STEP_COLUMNS] if len(spans) else empty_steps()
    return StepDb(steps=frame, notes=[], event_groups=None)


def _spans(start: int, n: int, period: int = 100, length: int = 80) -> list[tuple[int, int]]:
    return [(start + i * period, start + i * period + length) for i in range(n)]


def test_intersection_slides_a_host_to_the_chief() -> None:
    # worker b starts two steps later; the chief is the host whose steps span the least time
    a = _steps("a", _spans(0, 10))
    b = _steps("b", _spans(200, 6))
    db = combine_step_dbs(["a", "b"], [a, b], ["CPU_ONLY", "CPU_ONLY"])
    steps = db.steps
    assert steps["step"].nunique() == 6
    paired = steps.pivot(index="step", columns="host", values="group_id")
    assert list(paired["a"]) == [2, 3, 4, 5, 6, 7] and list(paired["b"]) == [0, 1, 2, 3, 4, 5]
    assert sorted(steps["core_id"].unique()) == [1, 1001]
    assert any("chief 'b'" in n for n in db.notes)
    # averages: each host drops its first and last, then a's 3..6 meet b's 1..4
    analysed = db.analysed_steps.pivot(index="step", columns="host", values="group_id")
    assert list(analysed["a"]) == [3, 4, 5, 6] and list(analysed["b"]) == [1, 2, 3, 4]


def test_coordinator_without_device_is_left_out() -> None:
    worker = _steps("worker", _spans(0, 4))
    coordinator = _steps("coordinator", _spans(1000, 9))
    db = combine_step_dbs(["coordinator", "worker"], [coordinator, worker], ["CPU_ONLY", "GPU"])
    assert set(db.steps["host"]) == {"worker"}
    assert list(db.steps["core_id"].unique()) == [1001]  # host index 1
    assert any("coordinators" in n for n in db.notes)


def test_hosts_whose_steps_never_overlap_pair_from_the_start_as_xprof() -> None:
    # no overlap at any offset: XProf keeps offset 0 (the first it tries)
    inter = step_intersection(
        {
            "a": (np.array([0, 100]), np.array([50, 150])),
            "b": (np.array([10**9, 10**9 + 100]), np.array([10**9 + 50, 10**9 + 150])),
        }
    )
    assert (inter.begin_chief_idx, inter.num_steps) == (0, 2)
    assert inter.first_step_index("a") == inter.first_step_index("b") == 0


def test_a_worker_without_steps_empties_the_combination() -> None:
    db = combine_step_dbs(["a", "b"], [_steps("a", _spans(0, 4)), _steps("b", [])], ["CPU_ONLY", "CPU_ONLY"])
    assert db.steps.empty and db.analysed_steps.empty
    assert list(db.steps.columns) == STEP_COLUMNS


@pytest.mark.parametrize("name", ["jax_two_hosts", "jax_two_gpu_procs"])
def test_host_rows_are_those_pandas_selects(name: str) -> None:
    # host_mask (category codes or plain comparison) and rows_of (a slice where contiguous)
    # select what boolean indexing with isin selects, on every frame with a host column
    from nbprof.xspace.frameset import host_mask, rows_of

    prof = nbprof.load(HERE / "fixtures" / name)
    for table in ("events", "planes", "lines", "event_metadata", "stat_metadata"):
        frame = getattr(prof, table)
        if table == "events":  # a few columns of each kind: the rows are what is checked
            frame = frame[["host", "start_ps", "name", "parent", "plane"]]
        shuffled = frame.iloc[np.random.default_rng(0).permutation(len(frame))].reset_index(drop=True)
        plain = frame.assign(host=frame["host"].astype(object).where(np.arange(len(frame)) % 7 != 3))
        for df in (frame, shuffled, plain, frame.assign(host=frame["host"].astype("category"))):
            for hosts in ([JAX_HOSTS[0]], [JAX_HOSTS[1]], JAX_HOSTS, ["elsewhere"]):
                expected = df["host"].isin(hosts).to_numpy()
                mask = host_mask(df, hosts)
                assert mask.dtype == bool and np.array_equal(mask, expected), (table, hosts)
                pd.testing.assert_frame_equal(rows_of(df, mask), df[expected].reset_index(drop=True))


@functools.cache
def _tpu_session_dir() -> pathlib.Path:
    """Two copies of tpu_v6e as two hosts: metadata stats a load leaves to expand when read."""
    import tempfile

    run = pathlib.Path(tempfile.mkdtemp(prefix="nbprof_tpu2hosts_")) / "plugins" / "profile" / "run"
    run.mkdir(parents=True)
    for host in ("w0", "w1"):
        shutil.copy(fixture_file("tpu_v6e"), run / f"{host}.xplane.pb")
    return run.parents[2]


@pytest.mark.parametrize("name", [*SESSIONS, "tpu_v6e_two_hosts"])
def test_a_hosts_frames_are_the_whole_profiles_rows_of_that_host(name: str) -> None:
    # for_host slices the whole profile's frames (shared columns, stats sources shared with their rows
    # shifted, parents kept where nothing moves; metadata stats left unexpanded until read): every frame
    # is what boolean selection gives, and stats read by name are those of the whole profile
    path = _tpu_session_dir() if name == "tpu_v6e_two_hosts" else session_path(name)
    prof = nbprof.load(path, cache=False)
    events = prof.events
    for host in prof.hosts:
        part = nbprof.load(path, cache=False).for_host(host)
        names = ["hlo_op", "program_id", "step_num", "_pt", "tf_op"]
        by_name = part.stats_of(np.arange(len(part.events)), names)  # before the host's stats frame
        keep = (events["host"].astype(object) == host).to_numpy()
        rows = np.flatnonzero(keep)
        new_row = np.full(len(events), -1, np.int64)
        new_row[rows] = np.arange(len(rows))
        expected = events[keep].reset_index(drop=True)
        parent = expected["parent"].to_numpy()
        expected["parent"] = np.where(parent >= 0, new_row[np.maximum(parent, 0)], -1)
        pd.testing.assert_frame_equal(part.events, expected, check_exact=True)
        for table in ("planes", "lines", "event_metadata", "stat_metadata"):
            frame = getattr(prof, table)
            selected = frame[(frame["host"].astype(object) == host).to_numpy()].reset_index(drop=True)
            pd.testing.assert_frame_equal(getattr(part, table), selected, check_exact=True)
        for table in ("stats", "flows"):
            whole = getattr(prof, table)
            selected = whole[keep[whole["event"].to_numpy()]].reset_index(drop=True)
            selected["event"] = new_row[selected["event"].to_numpy()]
            mine = getattr(part, table)
            if table == "stats":  # a host's name categories are its own stats' names
                mine, selected = (f.astype({"name": object, "source": object}) for f in (mine, selected))
                pd.testing.assert_frame_equal(
                    by_name.astype({"name": object, "source": object}),
                    selected[selected["name"].isin(names)].reset_index(drop=True),
                    check_exact=True,
                )
            pd.testing.assert_frame_equal(mine, selected, check_exact=True)
    if name == "tpu_v6e_two_hosts":  # the hosts' frames left the whole profile's metadata stats unexpanded
        fresh = nbprof.load(path, cache=False)
        fresh.for_host("w0").flows  # noqa: B018
        assert not fresh._stats_sources._made


def test_a_hosts_pending_stats_are_the_restricted_expanded_ones() -> None:
    # a host's rows of a profile whose metadata stats wait to be expanded: the whole profile's pending
    # pieces within them (shifted), expanded when read, give the whole profile's expanded stats
    # restricted to them; a span across a plane's rows has none
    from nbprof.xspace.frameset import KeptRows, host_mask
    from nbprof.xspace.stats_frame import build_stats_frame

    prof = nbprof.load(_tpu_session_dir(), cache=False)
    n = len(prof.events)
    pending = prof._stats_sources
    for host in prof.hosts:
        rows = np.flatnonzero(host_mask(prof.events, [host]))
        span = (int(rows[0]), int(rows[-1]) + 1)
        mine = pending.within(*span)
        assert mine is not None and not pending._made
        named = mine.named(["hlo_op", "program_id"])
        expanded = KeptRows(n, span).sources(nbprof.load(_tpu_session_dir(), cache=False)._resolved_stats_sources())
        pd.testing.assert_frame_equal(build_stats_frame(mine()), build_stats_frame(expanded), check_exact=True)
        frame = build_stats_frame(named)
        assert {"hlo_op", "program_id"} <= set(frame["name"].astype(str))
    assert pending.within(1, n - 1) is None


@pytest.mark.parametrize("name", SESSIONS)
def test_a_hosts_stats_sources_are_the_restricted_sources(name: str) -> None:
    # host_source (sources inside or outside the host's contiguous rows shared or dropped, others
    # restricted stat by stat) gives what StatsSource.restricted gives, for each host, for a span
    # that cuts through sources and for no span; parents_unchanged only where remapping changes
    # nothing; rows_of leaves the frame it slices as it was
    from nbprof.xspace.frameset import KeptRows, host_mask, host_source, parents_unchanged, rows_of

    prof = nbprof.load(session_path(name), cache=False)
    events, sources = prof.events, prof._resolved_stats_sources()
    index_before = events.index.copy()
    n = len(events)
    cuts = [host_mask(events, [h]) for h in prof.hosts] + [np.arange(n) % 3 == 1, np.arange(n) < n // 3]
    unchanged = 0
    for keep in cuts:
        rows = np.flatnonzero(keep)
        new_row = np.full(n, -1, np.int64)
        new_row[rows] = np.arange(len(rows))
        rows_of(events, keep)
        contiguous = (int(rows[0]), int(rows[-1]) + 1) if len(rows) == rows[-1] - rows[0] + 1 else None
        parent = events["parent"].to_numpy()[rows]
        if parents_unchanged(parent, contiguous):
            assert np.array_equal(parent, np.where(parent >= 0, new_row[np.maximum(parent, 0)], -1))
            unchanged += 1
        for span in (contiguous, None):
            kept = KeptRows(n, span) if span is not None else KeptRows(n, None, keep, new_row)
            for src in sources:
                got, expected = host_source(src, kept), src.restricted(keep, new_row)
                assert (got is None) == (expected is None)
                if got is None or expected is None:
                    continue
                assert got.rows.dtype == expected.rows.dtype and np.array_equal(got.rows, expected.rows)
                assert (got.names, got.source) == (expected.names, expected.source)
                for column in ("owner", "metadata_id", "kind", "int_value", "double_value", "obj_value"):
                    a, b = getattr(got.stats, column), getattr(expected.stats, column)
                    assert a.dtype == b.dtype, column
                    assert np.array_equal(a, b, equal_nan=column == "double_value"), column
    assert events.index.equals(index_before) and isinstance(events.index, pd.RangeIndex)
    assert unchanged >= 1  # the first host's parents at least


@pytest.mark.parametrize("name", SESSIONS)
def test_analysed_intersection_from_the_steps_stack_equals_stacking_the_analysed_steps(name: str) -> None:
    # the hosts' analysed steps are rows of their steps: the analysed intersection takes them from
    # the stacked steps; given as separate tables (``analysed`` set), they are stacked on their own
    import dataclasses

    from nbprof.opstats.combine import _analysed_in_steps

    prof = load(name)
    dbs = [prof.op_stats(host=h).step_db for h in prof.hosts]
    kinds = [prof.op_stats(host=h).run_env.hardware_type for h in prof.hosts]
    assert _analysed_in_steps(dbs, list(range(len(dbs))))
    own = [dataclasses.replace(db, analysed=db.analysed_steps) for db in dbs]
    assert not _analysed_in_steps(own, list(range(len(own))))
    fast, slow = combine_step_dbs(prof.hosts, dbs, kinds), combine_step_dbs(prof.hosts, own, kinds)
    pd.testing.assert_frame_equal(fast.steps, slow.steps)
    pd.testing.assert_frame_equal(fast.analysed_steps, slow.analysed_steps)
    assert fast.notes == slow.notes
    assert len(fast.analysed_steps)


@pytest.mark.parametrize("name", SESSIONS)
def test_steps_combined_from_the_hosts_arrays_equal_those_from_their_frames(name: str) -> None:
    # each host's step db keeps its steps' arrays: the combination takes its rows from them (no frame
    # stacked); without them (or once ``steps`` is replaced) it stacks and takes the frames' rows
    import dataclasses

    prof = load(name)
    dbs = [prof.op_stats(host=h).step_db for h in prof.hosts]
    kinds = [prof.op_stats(host=h).run_env.hardware_type for h in prof.hosts]
    assert all(db.columns is not None for db in dbs)
    for db in dbs:
        for c, values in db.columns.items():
            np.testing.assert_array_equal(values, db.steps[c].to_numpy(object if values.dtype == object else None))
    bare = [dataclasses.replace(db, arrays=None) for db in dbs]
    moved = [dataclasses.replace(db, steps=db.steps.copy()) for db in dbs]
    assert all(db.columns is None for db in bare + moved)
    fast = combine_step_dbs(prof.hosts, dbs, kinds)
    for other in (bare, moved):
        slow = combine_step_dbs(prof.hosts, other, kinds)
        pd.testing.assert_frame_equal(fast.steps, slow.steps)
        pd.testing.assert_frame_equal(fast.analysed_steps, slow.analysed_steps)
        assert fast.notes == slow.notes
    assert len(fast.analysed_steps)


@pytest.mark.parametrize("name", SESSIONS)
def test_op_metrics_combined_from_the_hosts_arrays_equal_the_stacked_frames(name: str) -> None:
    # each host's op metrics db is made of arrays: the combination orders their stack (no frame stacked
    # and taken) and keeps its arrays; the frames' combination gives the same db and counts
    from nbprof.opstats import combine

    prof = load(name)
    ops = prof.op_stats()
    fast, info = ops.op_metrics_db, ops.op_metrics_info
    parts = [(prof.op_stats(host=h).op_metrics_db, prof.op_stats(host=h).op_metrics_info) for h in prof.hosts]
    slow, slow_info = combine.combine_op_metrics(prof.hosts, parts)
    pd.testing.assert_frame_equal(fast, slow)
    assert info == slow_info
    arrays = ops.op_metrics_db_columns()
    assert arrays is ops._op_metrics_columns
    for c in fast.columns:
        np.testing.assert_array_equal(arrays[c], fast[c].to_numpy(), err_msg=c)


def test_a_hosts_file_time_offsets_are_made_when_first_read_and_shipped_made() -> None:
    # only a combination reads them: a host's step db makes them from its frames' lines on first read;
    # its tables (and a pickled db) carry them made, without the function of the frames
    from nbprof.opstats.step_db import file_time_offsets_ps

    prof = load("jax_two_hosts")
    host = OpStats(prof.for_host(JAX_HOSTS[0]))
    db = host.step_db
    assert callable(db.file_time_offsets)
    expected = file_time_offsets_ps(host.frames)
    assert db.file_time_offsets_ps == expected and db.file_time_offsets == expected
    fresh = OpStats(prof.for_host(JAX_HOSTS[1]))
    shipped = fresh.tables().step_db
    assert shipped.file_time_offsets == file_time_offsets_ps(fresh.frames)
    unpickled = pickle.loads(pickle.dumps(OpStats(prof.for_host(JAX_HOSTS[1])).step_db))
    assert unpickled.file_time_offsets == shipped.file_time_offsets


def test_merged_kernels_are_ordered_as_sort_values_orders_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # the merged kernels' order by one lexsort (text keys ranked) equals sort_values' on the frame
    from nbprof.opstats import combine
    from nbprof.opstats.kernel_db import KernelDb

    prof = load("jax_two_gpu_procs")
    dbs = [prof.op_stats(host=h).kernel_db for h in prof.hosts]
    first = dbs[0].reports
    # a third host: the first's kernels in reverse order, one total for all (ties sort by the key),
    # and one kernel launched with another grid
    tied = first.iloc[::-1].assign(total_duration_ns=7).reset_index(drop=True)
    tied.loc[0, "grid_x"] += 1
    cases = [dbs, dbs + [KernelDb(tied, num_kernel_events=1, vendor="")]]
    fast = [combine.combine_kernel_dbs(c).reports for c in cases]
    monkeypatch.setattr(combine, "_kernel_order", lambda columns: None)
    for merged, c in zip(fast, cases):
        assert len(merged) > len(first)
        pd.testing.assert_frame_equal(merged, combine.combine_kernel_dbs(c).reports)


@pytest.mark.parametrize("name", ["jax_two_hosts", "jax_two_gpu_procs"])
def test_a_side_of_the_op_metrics_db_is_its_rows_of_that_side(name: str) -> None:
    # one host's sides are contiguous (a slice); the combined db's are not (a take): both as boolean indexing
    from nbprof.opstats.op_stats import _side_of

    prof = load(name)
    for db in (prof.op_stats().op_metrics_db, *(prof.op_stats(host=h).op_metrics_db for h in prof.hosts)):
        for side in ("Host", "Device", "elsewhere"):
            expected = db[(db["host_or_device"] == side).to_numpy()].reset_index(drop=True)
            pd.testing.assert_frame_equal(_side_of(db, side), expected)


@pytest.mark.parametrize("name", ["jax_two_hosts", "jax_two_gpu_procs"])
def test_a_hosts_hlo_protos_are_those_its_metadata_names(name: str) -> None:
    prof = nbprof.load(HERE / "fixtures" / name)
    em = prof.event_metadata
    for host in prof.hosts:
        mine = em[em["host"].isin([host]).to_numpy() & em["hlo_proto"].notna().to_numpy()]
        expected = dict(zip(mine["name"].astype(str), mine["hlo_proto"]))
        found = prof.for_host(host).hlo_protos
        assert found and list(found) == list(expected)
        assert all(type(k) is str and found[k] == v for k, v in expected.items())


def test_typed_table_is_the_pandas_frame() -> None:
    from nbprof.opstats.combine import _typed_table

    text = np.array(["a", "b", "c"], object)
    mixed = np.array(["a", None, 3], object)
    for columns in (
        {"name": text, "n": np.arange(3), "f": np.ones(3), "b": np.zeros(3, bool), "m": mixed},
        {"name": text[:0], "n": np.arange(0)},
    ):
        pd.testing.assert_frame_equal(_typed_table(columns), pd.DataFrame(columns))
