"""The tools nbprof offers, in the order the app shows them: one explicit table, keyed by id.

A result's ``tool`` attribute is one of these ids; the views layer keeps its own table from
id to view (``nbprof.widgets.registry``). ``method`` is the ``Profile`` method that runs the
tool; ``xprof`` is XProf's name for it (its ``tag=`` in the HTTP API), where it has one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ToolSpec:
    """One tool: id, label shown in the app, Profile method, XProf's name, one-line purpose."""

    id: str
    label: str
    method: str
    xprof: str
    purpose: str


TOOLS: dict[str, ToolSpec] = {
    spec.id: spec
    for spec in (
        ToolSpec("overview", "Overview", "overview", "overview_page", "step time, its breakdown, top ops, advice"),
        ToolSpec(
            "input_pipeline",
            "Input pipeline",
            "input_pipeline",
            "input_pipeline_analyzer",
            "is the program input-bound, and where the input time goes",
        ),
        ToolSpec(
            "tf_data", "tf.data bottleneck", "tf_data_bottleneck", "", "tf.data pipelines and their slowest stage"
        ),
        ToolSpec(
            "framework_op_stats",
            "Framework op stats",
            "framework_op_stats",
            "framework_op_stats",
            "time per TensorFlow/JAX op, host and device",
        ),
        ToolSpec("op_profile", "Op profile", "op_profile", "op_profile", "XLA ops by category or program"),
        ToolSpec(
            "hlo_stats", "HLO op stats", "hlo_stats", "hlo_stats", "time, FLOP rate, bandwidth and bound per HLO op"
        ),
        ToolSpec("kernel_stats", "Kernel stats", "kernel_stats", "kernel_stats", "GPU kernels and launch settings"),
        ToolSpec("memory_profile", "Memory profile", "memory_profile", "memory_profile", "allocator memory over time"),
        ToolSpec(
            "memory_viewer", "Memory viewer", "memory_viewer", "memory_viewer", "XLA buffer assignment of a module"
        ),
        ToolSpec("roofline", "Roofline", "roofline", "roofline_model", "ops against the device's roofs"),
        ToolSpec("pod_viewer", "Pod viewer", "pod_viewer", "pod_viewer", "step breakdown per host and step"),
        ToolSpec("trace", "Trace viewer", "trace", "trace_viewer@", "every event on a timeline"),
        ToolSpec("compare", "Compare", "", "", "what got faster or slower between two profiles"),
    )
}


def tool_ids() -> list[str]:
    """Registered tool ids in the app's order."""
    return list(TOOLS)
