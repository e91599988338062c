"""Overview payload: summary cards, the step-time graph, top-10 ops, run environment, recommendation.

Reads ``Overview`` (nbprof.tools.overview): ``summary`` keys ``num_steps``, ``step_time_ms_avg|std|min|max``,
``<category>_ms_avg``, ``input_pct``, ``hardware_type``, ``device_type``, ``host_count``,
``device_core_count``, ``flops_utilization_pct``, ``memory_bw_utilization_pct``, ``device_duty_cycle_pct``,
``device_idle_time_pct``, ``device_tf_op_pct``, ``host_tf_op_pct``, ``host_op_time_eager_pct``,
``device_op_time_eager_pct``, ``device_compute_16bit_pct``, ``device_compute_32bit_pct``;
``step_time_graph`` (``host``, ``step_name``, ``step_time_ms``, ``<category>_ms``); ``top_ops``
(``name``, ``category``, ``self_time_pct``, ``cumulative_pct``, ``flop_rate_gflops``, ``side``, XLA ops'
``program``);
``recommendation`` (``verdict``, ``text``, ``next_tools``).
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.tools.overview import Overview
from nbprof.tools.registry import TOOLS
from nbprof.widgets.payloads._common import HIDDEN, NO_STEPS_BANNER, Column, jsonable, notes_of, table
from nbprof.widgets.payloads.steps import category_label, step_graph
from nbprof.xspace import semantics as xs

NO_STEPS = "no step markers in this profile"
CPU_ONLY = "CPU-only profile: no device to measure"

# card id -> (label, summary key, type, [(detail label, summary key, type)])
CARDS: list[tuple[str, str, str, str, list[tuple[str, str, str]]]] = [
    ("step_time", "Average step time", "step_time_ms_avg", "ms",
     [("std", "step_time_ms_std", "ms"), ("min", "step_time_ms_min", "ms"), ("max", "step_time_ms_max", "ms")]),
    ("session_time", "Average session time", "session_time_ms_avg", "ms",
     [("min", "session_time_ms_min", "ms"), ("max", "session_time_ms_max", "ms"), ("sessions", "num_sessions", "int")]),
    ("input", "Step time waiting for input", "input_pct", "pct", []),
    ("flops", "FLOPS utilisation", "flops_utilization_pct", "pct",
     [("of the roofline", "flop_rate_utilization_relative_to_roofline_pct", "pct")]),
    ("duty_cycle", "Device duty cycle", "device_duty_cycle_pct", "pct", [("idle", "device_idle_time_pct", "pct")]),
    ("memory_bw", "Memory bandwidth utilisation", "memory_bw_utilization_pct", "pct", []),
    ("goodput", "Program goodput efficiency", "program_goodput_pct", "pct", []),
    ("mxu", "MXU utilisation (counter)", "mxu_utilization_pct", "pct",
     [("HBM (counter)", "hbm_counter_utilization_pct", "pct")]),
    ("placement", "Op placement (device)", "device_tf_op_pct", "pct", [("host", "host_tf_op_pct", "pct")]),
    ("eager", "Op time in eager execution (host)", "host_op_time_eager_pct", "pct",
     [("device", "device_op_time_eager_pct", "pct")]),
    ("precision", "Device compute in 16-bit", "device_compute_16bit_pct", "pct",
     [("32-bit", "device_compute_32bit_pct", "pct")]),
]  # fmt: skip

# Cards computed from the device ops' FLOPs and bytes (the overview says why they are missing).
UTILIZATION_CARDS = {"flops", "memory_bw", "goodput"}
# Cards only inference profiles have: left out elsewhere rather than shown as unavailable.
INFERENCE_CARDS = {"session_time"}
# ``*_ms_avg`` summary keys that are not step-time categories
NOT_CATEGORIES = {"step_time_ms_avg", "session_time_ms_avg"}
LATENCY_COLUMNS = [
    ("percentile", "Percentile", "str"),
    ("host_ms", "Host time (ms)", "ms"),
    ("device_ms", "Device time (ms)", "ms"),
    ("communication_ms", "Host-device communication (ms)", "ms"),
    ("total_ms", "Total latency (ms)", "ms"),
    ("waiting_ms", "Of host time: queued (ms)", "ms"),
]

TOP_OPS_COLUMNS: list[Column] = [
    ("name", "Operation", "name"), ("self_time_pct", "Time (%)", "pct"), ("cumulative_pct", "Cumulative time (%)", "pct"),
    ("category", "Category", "str"), ("flop_rate_gflops", "FLOP rate (GFLOP/s)", "num"),
]  # fmt: skip

PROGRAM_COLUMN = ("program", "Program", "str")


def top_ops_columns(top: pd.DataFrame) -> list[Column]:
    """TOP_OPS_COLUMNS with the op's program after its name: shown where two of ``top``'s ops of
    different programs share a name (XLA ops: ``fusion.1`` of two programs), else behind the chooser."""
    if "program" not in top.columns:
        return TOP_OPS_COLUMNS
    named = top[top["program"].astype(str) != ""]
    repeats = bool(len(named)) and bool(named.groupby("name")["program"].nunique().max() > 1)
    program = PROGRAM_COLUMN if repeats else (*PROGRAM_COLUMN, HIDDEN)
    return [TOP_OPS_COLUMNS[0], program, *TOP_OPS_COLUMNS[1:]]


ENVIRONMENT = [
    ("host_count", "Number of hosts"),
    ("device_type", "Device type"),
    ("hardware_type", "Hardware type"),
    ("device_core_count", "Number of device cores"),
]


def missing_reason(card_id: str, summary: dict[str, Any]) -> str:
    """Why a card has no value, in the user's terms."""
    hardware = summary.get("hardware_type")
    if card_id in ("step_time", "input"):
        return NO_STEPS
    if card_id in UTILIZATION_CARDS and summary.get("utilization_unavailable_reason"):
        return str(summary["utilization_unavailable_reason"])
    if hardware == xs.HARDWARE_CPU and card_id in ("flops", "duty_cycle", "memory_bw", "precision", "goodput", "mxu"):
        return CPU_ONLY
    return {
        "flops": "the device's ops carry no FLOP counts in this profile",
        "memory_bw": "the device's ops carry no memory-access byte counts in this profile",
        "duty_cycle": "measured on TPUs only (as in XProf)",
        "precision": "measured on GPUs only",
    }.get(card_id, "not in this profile")


def breakdown(summary: dict[str, Any]) -> list[list[Any]]:
    """Average step time per category (``<category>_ms_avg`` keys), largest first, zeros left out."""
    rows = [
        [category_label(key[: -len("_ms_avg")]), jsonable(value), "ms"]
        for key, value in summary.items()
        if key.endswith("_ms_avg") and key not in NOT_CATEGORIES and jsonable(value)
    ]
    return sorted(rows, key=lambda r: -r[1])


def cards(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The performance-summary cards; a card without data says why instead of showing 0."""
    has_steps = bool(summary["num_steps"])
    out = []
    for card_id, label, key, kind, details in CARDS:
        value = jsonable(summary.get(key))
        if card_id in INFERENCE_CARDS and value is None:
            continue
        card: dict[str, Any] = {"id": card_id, "label": label, "type": kind}
        if value is None or (card_id in ("step_time", "input") and not has_steps):
            card.update(available=False, reason=missing_reason(card_id, summary))
        else:
            rows = [[name, jsonable(summary[k]), t] for name, k, t in details if jsonable(summary.get(k)) is not None]
            if card_id == "step_time":
                rows += breakdown(summary)
            card.update(value=value, details=rows)
        out.append(card)
    return out


def next_tool(tool: str) -> dict[str, str]:
    """``{"id", "label"}`` of a registered tool id."""
    spec = TOOLS.get(tool)
    return {"id": tool, "label": spec.label if spec else tool}


# what to do when a step-time category takes the largest share of the step
CATEGORY_ADVICE = {
    "device_compute": "see which ops take the time in the op profile or framework op stats",
    "device_to_device": "reduce copies between devices (placement, sharding)",
    "device_collectives": "overlap or shrink the collectives (sharding, gradient accumulation)",
    "host_compute": "see which host ops take the time in framework op stats",
    "kernel_launch": "launch fewer, larger kernels (fuse ops, jit larger functions)",
    "input": "see the input pipeline",
    "output": "see what the device sends back to the host in the trace viewer",
    "compile": "steps recompile: keep shapes and static arguments the same from step to step",
    "all_others": "no traced op covers that time (Python, I/O or idle): look at the trace viewer",
}


def advice(result: Overview) -> str:
    """One plain sentence: the largest part of the step and what to do about it."""
    s = result.summary
    if s["num_steps"] and s["step_time_ms_avg"]:
        parts = [
            (key[: -len("_ms_avg")], value)
            for key, value in s.items()
            if key.endswith("_ms_avg") and key not in NOT_CATEGORIES and value
        ]
        if parts:
            category, value = max(parts, key=lambda kv: kv[1])
            share = 100.0 * value / s["step_time_ms_avg"]
            todo = CATEGORY_ADVICE.get(category, "look at the trace viewer")
            return f"{category_label(category)} takes {share:.0f}% of the average step: {todo}."
    top = result.top_ops
    if len(top):
        return f"Without steps, start from the ops: {top['name'].iloc[0]} has the most self time ({top['self_time_pct'].iloc[0]:.1f}%)."
    return "This profile has neither steps nor ops to summarise: open the trace viewer."


def build(result: Overview) -> dict[str, Any]:
    """Payload of ``prof.overview()``."""
    summary = result.summary
    top = result.top_ops
    side = str(top["side"].iloc[0]) if len(top) else ""
    rec = result.recommendation
    latency = result.inference_latency
    return {
        "banner": None if summary["num_steps"] else NO_STEPS_BANNER,
        "advice": advice(result),
        "cards": cards(summary),
        "step_graph": step_graph(result.step_time_graph),
        "top_ops": {
            **table(top.head(10), top_ops_columns(top.head(10))),
            "title": f"Top 10 {side.lower() if side in ('Host', 'Device') else side} operations",
        }
        if len(top)
        else {"reason": "no ops"},
        "environment": [
            [label, str(jsonable(summary[key]))] for key, label in ENVIRONMENT if summary.get(key) is not None
        ],
        "recommendation": {
            "verdict": jsonable(rec["verdict"]),
            "text": str(rec["text"] or ""),
            "next_tools": [next_tool(str(n)) for n in rec["next_tools"]],
        },
        "inference_latency": {**table(latency, LATENCY_COLUMNS), "title": "Inference session latency"}
        if len(latency)
        else None,
        "notes": notes_of(result),
    }
