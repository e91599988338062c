"""Real NVIDIA GPU profiles: JAX 0.11 on an H100, captured by tests/fixtures/make/gpu_capture.sh.

jax_gpu_train (an MLP whose whole train step XLA runs as one command buffer, a CUDA graph) and
flax_cnn_gpu (a CNN: cuDNN convolutions outside the command buffer, the rest inside). JAX leaves
the events ungrouped; XProf groups them itself: a host API call with a ``correlation_id``
(``cuGraphLaunch``, a memcpy) adopts the GPU events with the same id, a GPU event launched outside
any step takes the step of the GPU event before it, and each GPU's steps are derived from its
grouped events. The tools' numbers are compared with XProf's in test_steps / test_overview /
test_input_pipeline / test_pod_viewer / test_framework_op_stats / test_op_metrics /
test_device_ops / test_hlo_stats (both fixtures where XProf keeps ops); here: what is specific.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from fixture_paths import REFERENCE, fixture_files, load_fixture, xprof_op_stats

from nbprof.opstats import step_grouping as sg

GPU_CAPTURES = ["jax_gpu_train", "flax_cnn_gpu", "jax_gpu_kernels"]


def xprof_steps(name: str) -> list[tuple[str, float]]:
    steps = json.loads((REFERENCE / name / "input_pipeline_analyzer.json").read_text())["steps"]
    return [(row[0], row[-1]) for row in steps["rows"]]


@pytest.mark.parametrize("name", GPU_CAPTURES)
def test_capture_is_a_real_h100_jax_profile(name: str) -> None:
    (path,) = fixture_files(name)
    assert path.stat().st_size < 1_000_000
    data = path.read_bytes()
    for prefix in (b"/work/", b"/tmp/", b"/root/", b"/opt/"):  # sanitize.py rewrote the capture's paths
        assert prefix not in data, prefix
    prof = load_fixture(name)
    planes = prof.planes.set_index("name")
    assert planes.loc["/device:GPU:0", "gpu_device_name"] == "NVIDIA H100 80GB HBM3"
    assert str(planes.loc["/host:metadata", "jax_version"]).startswith("0.11")
    ev = prof.events
    train = ev[(ev["name"] == "train") & ev["_r"].notna()]
    assert len(train) >= 15 and train["step_num"].notna().all()
    assert ev["group_id"].isna().all()  # ungrouped: nbprof groups the events itself


@pytest.mark.parametrize("name", GPU_CAPTURES)
def test_gpu_events_join_the_step_whose_launch_they_carry(name: str) -> None:
    prof = load_fixture(name)
    ev = prof.events
    group = prof.op_stats().event_groupings.event_groups
    on_gpu = (ev["plane"] == "/device:GPU:0").to_numpy()
    # every kernel launched inside a step (cuGraphLaunch / cuLaunchKernel with its correlation id) is in it
    launches = ev[(ev["plane"] == "/host:CPU").to_numpy() & ev["correlation_id"].notna().to_numpy() & (group >= 0)]
    step_of_launch = (
        pd.Series(group[launches.index], index=launches["correlation_id"].to_numpy()).groupby(level=0).last()
    )
    kernels = np.flatnonzero(on_gpu & ev["kernel_details"].notna().to_numpy())
    corr = ev["correlation_id"].to_numpy()[kernels]
    launched = np.isin(corr, step_of_launch.index)
    assert launched.mean() > 0.9
    np.testing.assert_array_equal(group[kernels[launched]], step_of_launch.loc[corr[launched]].to_numpy())
    # the rest of the GPU's events take the step of the GPU event before them (XProf's ProcessUngroupedEvents)
    order = np.lexsort((-ev["duration_ps"].to_numpy()[on_gpu], ev["start_ps"].to_numpy()[on_gpu]))
    in_time = group[np.flatnonzero(on_gpu)[order]]
    first = int(np.flatnonzero(in_time >= 0)[0])
    assert (in_time[:first] < 0).all() and (in_time[first:] >= 0).all()


def test_filling_ungrouped_gpu_events_follows_time_across_lines() -> None:
    ev = pd.DataFrame(
        {
            "plane": pd.Categorical(["/device:GPU:0"] * 5 + ["/host:CPU"]),
            "line_id": [1, 2, 1, 2, 1, 7],
            "start_ps": [30, 10, 50, 40, 60, 5],
            "duration_ps": [5, 5, 5, 5, 5, 5],
        }
    )
    group = np.array([3, -1, -1, -1, 4, -1])
    assert sg.fill_ungrouped_gpu_events(ev, group) == 2
    # in time: line-2 event at 10 (before any grouped event: stays), 30 (3), 40 -> 3, 50 -> 3, 60 (4)
    assert group.tolist() == [3, -1, 3, 3, 4, -1]


@pytest.mark.parametrize("name", GPU_CAPTURES)
def test_steps_are_derived_from_the_gpu_events(name: str) -> None:
    prof = load_fixture(name)
    steps = prof.steps
    analysed = steps[steps["in_analysis"]]
    ref = xprof_steps(name)
    # XProf names these steps by their group id and measures each from its GPU events
    assert [(n, round(ms, 3)) for n, ms in zip(analysed["step_name"], analysed["duration_ps"] / 1e9)] == [
        (n, round(ms, 3)) for n, ms in ref
    ]
    assert (steps["marker"] == sg.DERIVED_GPU_MARKER).all()
    train_nums = sorted(load_fixture(name).events.query("name == 'train'")["step_num"].dropna().astype(int))
    assert steps["step_num"].tolist() == train_nums[: len(steps)]  # the annotation's number is kept
    assert any("took the step of the GPU event before them" in n for n in prof.op_stats().step_db.notes)


def test_command_buffer_kernels_kept_where_xprof_drops_them() -> None:
    """nbprof keeps the kernels of an XLA command buffer as one op; XProf (keep_ops_without_hlo=False)
    drops them and calls their time idle. The two dbs differ by exactly those kernels."""
    ours = load_fixture("jax_gpu_train").op_stats()
    xprof = xprof_op_stats("jax_gpu_train")
    info = ours.op_metrics_info
    dev, dev_x = ours.device_op_db, xprof.device_op_db
    buffered = dev[dev["name"] == "command_buffer_1"]
    assert len(buffered) == 1 and int(buffered["occurrences"].iloc[0]) == 1520
    assert int(buffered["self_time_ps"].iloc[0]) == info["device_time_without_hlo_ps"] > 0
    assert list(dev_x["name"]) == ["IDLE"]  # XProf: no device op at all
    idle = int(dev.loc[dev["name"] == "IDLE", "self_time_ps"].iloc[0])
    idle_x = int(dev_x.loc[dev_x["name"] == "IDLE", "self_time_ps"].iloc[0])
    assert idle_x - idle == info["device_time_without_hlo_ps"]
    assert any("command buffer" in note and "kept" in note for note in ours.op_metrics_notes)
    assert any("command buffer" in note and "dropped" in note for note in xprof.op_metrics_notes)
    # the overview lists it as the device's top op; XProf lists none
    top = load_fixture("jax_gpu_train").overview().top_ops
    assert top["name"].iloc[0] == "command_buffer_1" and top["side"].iloc[0].startswith("Device")


def test_command_buffer_kernels_in_kernel_stats_name_their_module_op() -> None:
    """As XProf: a kernel whose HLO instruction is unknown gets the op of its tf_op stat (XlaModule)."""
    kernels = load_fixture("jax_gpu_train").kernel_stats().table
    ref = json.loads((REFERENCE / "jax_gpu_train" / "kernel_stats.json").read_text())
    column = ref["columns"].index
    assert {row[column("op_name")] for row in ref["rows"]} == {"XlaModule"}
    assert set(kernels["op_name"]) == {"XlaModule"}
    assert len(kernels) == len(ref["rows"]) == 37
    assert int(kernels["occurrences"].sum()) == sum(row[column("occurrences")] for row in ref["rows"]) == 1520


def test_back_to_back_copies_of_two_programs_count_as_xprof_counts_them() -> None:
    """JAX stages each input with its own jit_stage program; XProf books the two back-to-back copy.1
    events of one step under the first program (two occurrences), and so does nbprof."""
    ops = load_fixture("flax_cnn_gpu").op_stats().device_op_db
    copies = ops[ops["name"] == "copy.1"]
    assert len(copies) == 1 and int(copies["occurrences"].iloc[0]) == 30


def test_scope_range_stats_are_no_plane_columns() -> None:
    """JAX 0.11's /host:__ScopeRangeCallStack__ plane carries ~1,500 stats under ids its stat metadata does not
    name (scope id -> parent scope id): counted, not turned into 1,500 columns of ``prof.planes``."""
    planes = load_fixture("jax_gpu_kernels").planes.set_index("name")
    assert int(planes.loc["/host:__ScopeRangeCallStack__", "unnamed_stats"]) > 1000
    assert len(planes.columns) < 40 and not any(str(c).startswith("<stat ") for c in planes.columns)
    assert planes.loc["/device:GPU:0", "gpu_device_name"] == "NVIDIA H100 80GB HBM3"  # named stats stay columns


def test_hopper_gemm_kernels_xprof_does_not_flag_are_said_so() -> None:
    """XProf flags no Tensor Core kernel on these H100 profiles (its name patterns predate nvjet / Triton GEMMs);
    nbprof flags none either, as XProf, and its notes say how much kernel time that leaves out."""
    kernels = load_fixture("jax_gpu_train").kernel_stats()
    assert not kernels.table["is_kernel_using_tensor_core"].any()
    note = next(n for n in load_fixture("jax_gpu_train").op_stats().kernel_db.notes if "predate" in n)
    assert "540 kernel launches" in note and "gemm_fusion" in note
