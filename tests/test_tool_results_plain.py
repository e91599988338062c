"""Tool result dataclasses without the generated ``__init__``/``__eq__`` (no code exec'd when a tool
module is first imported) keep the result contract: ``ToolResult.__init__`` takes the fields as a
generated one would, with their signature; ``dataclasses.replace`` and ``fields``, repr, frames,
pickling, op_profile's copies."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pandas as pd
import pytest
from fixture_paths import load_fixture

import nbprof
from nbprof.tools._result import ToolResult, result_dataclass
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
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = [f.name for f in fields]
    parameters = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in parameters] == names and "notes" in names
    for f, p in zip(fields, parameters):
        assert p.kind is p.POSITIONAL_OR_KEYWORD
        if f.default_factory is not dataclasses.MISSING:  # None stands for the factory's value
            assert p.default is None and p.annotation == f"{f.type} | None"
        else:
            assert p.default == (p.empty if f.default is dataclasses.MISSING else f.default) and p.annotation == f.type
    required = [f.name for f in fields if f.default is f.default_factory is dataclasses.MISSING]
    for made in (cls(*required), cls(**{name: name for name in required})):
        assert [getattr(made, name) for name in required] == required and made.notes == []


def test_memory_viewer_takes_what_its_init_says() -> None:
    own = list(inspect.signature(MemoryViewer.__init__).parameters.values())[1:]
    assert own == list(inspect.signature(MemoryViewer).parameters.values())
    viewer = MemoryViewer(None, [], {}, pd.DataFrame(), pd.DataFrame(), "no protos")
    assert viewer.notes == ["no protos"] and viewer.message == "no protos" and viewer._compute is None
    assert list(viewer.buffer_blocks.columns) and len(viewer.buffer_blocks) == 0
    assert MemoryViewer(None, [], {}, pd.DataFrame(), pd.DataFrame(), "m", notes=["n"]).notes == ["n"]


def test_the_generic_init_checks_its_arguments_like_a_function() -> None:
    table = pd.DataFrame()
    with pytest.raises(TypeError, match="missing required argument.*'rows_dropped'"):
        KernelStats(table, 0)
    with pytest.raises(TypeError, match="missing required argument.*'table', 'num_kernel_events', 'rows_dropped'"):
        KernelStats()
    with pytest.raises(TypeError, match="unexpected keyword argument 'rows'"):
        KernelStats(table, 0, 0, rows=1)
    with pytest.raises(TypeError, match="multiple values for argument 'table'"):
        KernelStats(table, 0, 0, table=table)
    with pytest.raises(TypeError, match="takes 4 arguments \\(5 given\\)"):
        KernelStats(table, 0, 0, [], 1)
    stats = KernelStats(rows_dropped=2, table=table, num_kernel_events=1)
    assert (stats.table, stats.num_kernel_events, stats.rows_dropped, stats.notes) == (table, 1, 2, [])


def test_the_generic_init_uses_defaults_and_new_factory_values() -> None:
    table = pd.DataFrame()
    profile = MemoryProfile("0", ["0"], {}, table, table)
    assert profile.host is None and profile.message == "" and profile.notes == []
    assert MemoryProfile("0", ["0"], {}, table, table, "h", "m", ["n"]).host == "h"
    first, second = Overview({}, table, table, {}), Overview({}, table, table, {}, None, None)
    assert first.notes == second.notes == [] and first.notes is not second.notes
    assert first.inference_latency is not second.inference_latency and len(first.inference_latency) == 0
    assert list(first.inference_latency.columns) == list(second.inference_latency.columns)
    notes = ["kept"]
    assert Overview({}, table, table, {}, notes).notes is notes  # given values are taken as they are


def test_a_class_with_a_required_field_after_a_default_has_no_signature() -> None:
    @result_dataclass
    class Odd(ToolResult):
        first: int = 0
        second: int = dataclasses.field()

    with pytest.raises(ValueError, match="non-default argument follows default argument"):
        inspect.signature(Odd)
    assert inspect.signature(ToolResult).parameters.keys() == {"args", "kwargs"}  # not a dataclass


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
