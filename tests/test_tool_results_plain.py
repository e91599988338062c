"""Tool result dataclasses without the generated ``__init__``/``__eq__`` (no code exec'd when a tool
module is first imported) keep the result contract: constructor defaults, ``dataclasses.replace`` and
``fields``, repr, frames, pickling, op_profile's copies."""

from __future__ import annotations

import dataclasses
import pickle

import pandas as pd
import pytest
from fixture_paths import load_fixture

import nbprof
from nbprof.tools._result import ToolResult
from nbprof.tools.compare import Comparison
from nbprof.tools.framework_op_stats import FrameworkOpStats
from nbprof.tools.hlo_stats import HloStats
from nbprof.tools.input_pipeline import InputPipeline
from nbprof.tools.kernel_stats import KernelStats
from nbprof.tools.memory_profile import MemoryProfile
from nbprof.tools.memory_viewer import MemoryViewer
from nbprof.tools.op_profile import OpProfile
from nbprof.tools.overview import Overview
from nbprof.tools.pod_viewer import PodViewer
from nbprof.tools.roofline import Roofline
from nbprof.tools.tf_data import TfDataBottleneck

RESULT_CLASSES = [
    Comparison, FrameworkOpStats, HloStats, InputPipeline, KernelStats, MemoryProfile, MemoryViewer, OpProfile,
    Overview, PodViewer, Roofline, TfDataBottleneck,
]  # fmt: skip


@pytest.mark.parametrize("cls", RESULT_CLASSES, ids=lambda c: c.__name__)
def test_result_classes_take_their_fields_in_order(cls: type[ToolResult]) -> None:
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    assert not params.init and not params.eq and not params.repr
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    assert list(cls.__init__.__code__.co_varnames[1 : len(names) + 1]) == names
    assert "notes" in names


def test_notes_default_to_a_new_list_each() -> None:
    table = pd.DataFrame()
    a, b = KernelStats(table, 0, 0), KernelStats(table, 0, 0)
    assert a.notes == [] and b.notes == [] and a.notes is not b.notes
    assert KernelStats(table, 3, 1, notes=["x"]).notes == ["x"]
    pod = PodViewer(table, "TPU")
    assert pod.steps is table and pod.device_type == "TPU" and pod.notes == []
    other = pd.DataFrame({"a": [1]})
    replaced = dataclasses.replace(pod, steps=other)
    assert replaced.steps is other and replaced.device_type == "TPU" and replaced.notes is pod.notes


def _same(a: ToolResult, b: ToolResult) -> None:
    assert type(a) is type(b) and repr(a) == repr(b)
    assert set(vars(a)) == set(vars(b))
    for name, value in vars(a).items():
        other = getattr(b, name)
        if isinstance(value, pd.DataFrame):
            pd.testing.assert_frame_equal(value, other)
        elif name != "_op_stats":
            assert value == other or (value != value and other != other), name


@pytest.mark.parametrize(
    ("fixture", "tool"),
    [("tpu_v6e", "op_profile"), ("tpu_v6e", "roofline"), ("tpu_v6e", "hlo_stats"), ("tpu_v6e", "pod_viewer"),
     ("tpu_v6e", "framework_op_stats"), ("amd_mi300x_gemm", "kernel_stats"), ("tf_keras2_fit", "tf_data_bottleneck"),
     ("tpu_v6e", "overview"), ("tf_keras2_fit", "input_pipeline"), ("tf_keras2_fit", "memory_profile")],
)  # fmt: skip
def test_results_pickle_and_keep_their_frames(fixture: str, tool: str) -> None:
    result = getattr(load_fixture(fixture), tool)()
    assert repr(result) == result.summary_text()
    assert list(result.to_frames()) == list(result.frame_names)
    _same(result, pickle.loads(pickle.dumps(result)))


def test_a_comparison_pickles() -> None:
    prof = load_fixture("tpu_v6e")
    result = nbprof.compare(prof, prof)
    _same(result, pickle.loads(pickle.dumps(result)))


def test_op_profile_top_is_a_copy_and_keeps_regroup() -> None:
    result = load_fixture("tpu_v6e").op_profile(by="program")
    tree = result.tree.copy()
    top = result.top(1)
    assert top is not result and len(top.tree) < len(result.tree)
    pd.testing.assert_frame_equal(result.tree, tree)  # the original is untouched
    for name in ("source", "device_type", "by", "include_idle", "idle_time_ps", "total_time_ps", "notes"):
        assert getattr(top, name) == getattr(result, name)
    assert dataclasses.replace(result, by="x")._op_stats is result._op_stats
    regrouped = top.regroup(by="category")
    assert regrouped.by == "category" and len(regrouped.tree)
