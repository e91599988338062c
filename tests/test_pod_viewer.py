"""prof.pod_viewer() against XProf 2.24's pod viewer for every fixture (all steps, per core).

References: tests/reference/<fixture>/pod_viewer.json (scripts/copy_reference_analysis1.py).
"""

from __future__ import annotations

import functools
import json
import pathlib

import numpy as np
import pandas as pd
import pytest
from fixture_paths import load_fixture

import nbprof
from nbprof.tools.pod_viewer import CATEGORY_LABELS, pod_viewer

REFERENCE = pathlib.Path(__file__).parent / "reference"
FIXTURES = pathlib.Path(__file__).parent / "fixtures"
ALL = [
    "jax_mlp_train",
    "jax_mlp_train_pytrace",
    "tf_custom_loop",
    "tf_cpu_bfc_memory",
    "tf_keras_fit",
    "gpu_v100",
    "tpu_v6e",
    "tf_keras2_fit",
    "tf_keras2_input_bound",
    "flax_cnn_train",
    "torch_xla_train",
    "jax_gpu_train",
    "flax_cnn_gpu",
    "jax_gpu_kernels",
]


@functools.cache
def result(name: str):
    return pod_viewer(load_fixture(name).op_stats())


def reference(name: str) -> dict:
    return json.loads((REFERENCE / name / "pod_viewer.json").read_text())


@pytest.mark.parametrize("name", ALL)
def test_steps_and_bottlenecks_match_xprof(name: str) -> None:
    ref = reference(name)
    ours = result(name).steps
    assert len(ours) == len(ref["steps"])
    assert result(name).device_type == ref["device_type"]
    labels = ref["categories"]
    assert list(CATEGORY_LABELS.values()) == [labels[str(i)] for i in range(1, 10)]
    for (_, row), s in zip(ours.iterrows(), ref["steps"]):
        assert row["step_num"] == s["step_num"]
        assert row["duration_us"] == pytest.approx(s["duration_us"], rel=1e-3)
        assert row["bottleneck"] == s["bottleneck"]
        for i, cat in enumerate(CATEGORY_LABELS, start=1):
            assert abs(row[f"{cat}_us"] - s["breakdown_us"][str(i)]) <= 0.005 * s["duration_us"]


@pytest.mark.parametrize("name", ["tf_keras_fit", "tpu_v6e"])
def test_no_steps_warns_like_xprof(name: str) -> None:
    assert reference(name)["diagnostics"]["warnings"]
    res = result(name)
    assert res.steps.empty
    assert "step time is unknown" in " ".join(res.notes)
    assert "no step marker" in repr(res)


def test_merged_multi_host_logdir(tmp_path: pathlib.Path) -> None:
    # Two hosts in one run directory: one row per host and step.
    import shutil

    run = tmp_path / "plugins" / "profile" / "run"
    run.mkdir(parents=True)
    src = next((FIXTURES / "tf_cpu_bfc_memory").rglob("*.xplane.pb"))
    shutil.copy(src, run / "worker0.xplane.pb")
    shutil.copy(src, run / "worker1.xplane.pb")
    res = pod_viewer(nbprof.load(tmp_path).op_stats())
    single = result("tf_cpu_bfc_memory").steps
    assert sorted(res.steps["host"].unique()) == ["worker0", "worker1"]
    assert len(res.steps) == 2 * len(single)
    per_host = res.steps[res.steps["host"] == "worker1"].reset_index(drop=True)
    pd.testing.assert_series_equal(per_host["duration_us"], single["duration_us"].reset_index(drop=True))


@pytest.mark.parametrize("name", ["jax_gpu_train", "tpu_v6e", "jax_two_hosts"])
def test_typed_table_matches_pandas_construction(name):
    import numpy as np

    from nbprof.tools import pod_viewer as module

    table = load_fixture(name).pod_viewer().steps
    columns = {c: table[c].to_numpy() for c in table.columns}
    columns["bottleneck"] = table["bottleneck"].tolist() if len(table) else np.empty(0, dtype=object)
    pd.testing.assert_frame_equal(module._frame(columns), pd.DataFrame(columns), check_exact=True)
    if len(table):  # a missing text: pandas' inference
        columns["step_name"] = np.array([None, *columns["step_name"][1:]], dtype=object)
        pd.testing.assert_frame_equal(module._frame(columns), pd.DataFrame(columns), check_exact=True)


@pytest.mark.parametrize("from_arrays", [True, False])
def test_columns_read_from_the_frames_arrays_are_to_numpy(from_arrays: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from nbprof.tools import pod_viewer as module

    if not from_arrays:  # a frame column_arrays declines: pandas' own reads
        monkeypatch.setattr(module, "column_arrays", lambda frame: None)
    frame = pd.DataFrame(
        {
            "host": ["a", "b", "a"],
            "core_id": np.array([1, 1001, 1], np.int32),
            "duration_ps": np.array([5, 6, 7], np.int64),
            "nullable": pd.array([1, None, 3], dtype="Int64"),
        }
    )
    read = module._column_reader(frame)
    for name, dtype in (("host", None), ("core_id", np.int64), ("duration_ps", None), ("nullable", np.float64)):
        expected = frame[name].to_numpy(dtype)
        found = read(name, dtype)
        assert found.dtype == expected.dtype
        np.testing.assert_array_equal(found, expected)
