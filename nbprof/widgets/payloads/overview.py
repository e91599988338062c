"""Overview payload: summary cards, the step-time graph, top-10 ops, run environment, recommendation."""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.tools.registry import TOOLS
from nbprof.widgets.payloads._common import first, jsonable, notes_of, table
from nbprof.widgets.payloads.steps import pretty, step_graph

NOT_ON_DEVICE = "not available on this device"

# card id -> (label, candidate summary keys, type, [(detail label, candidate keys, type)])
CARDS: list[tuple[str, str, tuple[str, ...], str, list[tuple[str, tuple[str, ...], str]]]] = [
    ("step_time", "Average step time", ("step_time_ms_avg",), "ms",
     [("std", ("step_time_ms_std",), "ms"), ("min", ("step_time_ms_min",), "ms"), ("max", ("step_time_ms_max",), "ms")]),
    ("session_time", "Average session time", ("session_time_ms_avg",), "ms",
     [("min", ("session_time_ms_min",), "ms"), ("max", ("session_time_ms_max",), "ms"),
      ("sessions", ("num_sessions",), "int")]),
    ("input", "Step time waiting for input", ("input_pct",), "pct", []),
    ("flops", "FLOPS utilisation", ("flops_utilization_pct",), "pct",
     [("of the roofline", ("flop_rate_utilization_relative_to_roofline_pct",), "pct")]),
    ("duty_cycle", "Device duty cycle", ("device_duty_cycle_pct",), "pct", [("idle", ("device_idle_time_pct",), "pct")]),
    ("memory_bw", "Memory bandwidth utilisation", ("memory_bw_utilization_pct",), "pct", []),
    ("goodput", "Program goodput efficiency", ("program_goodput_pct",), "pct", []),
    ("mxu", "MXU utilisation (counter)", ("mxu_utilization_pct",), "pct",
     [("HBM (counter)", ("hbm_counter_utilization_pct",), "pct")]),
    ("placement", "Op placement (device)", ("device_tf_op_pct",), "pct", [("host", ("host_tf_op_pct",), "pct")]),
    ("eager", "Op time in eager execution (host)", ("host_op_time_eager_pct",), "pct",
     [("device", ("device_op_time_eager_pct",), "pct")]),
    ("precision", "Device compute in 16-bit", ("device_compute_16bit_pct",), "pct",
     [("32-bit", ("device_compute_32bit_pct",), "pct")]),
]  # fmt: skip

# Cards computed from the device ops' FLOPs and bytes (the overview says why they are missing).
UTILIZATION_CARDS = {"flops", "memory_bw", "goodput"}
# Cards only inference profiles have: left out elsewhere rather than shown as unavailable.
INFERENCE_CARDS = {"session_time"}
LATENCY_COLUMNS = [
    ("percentile", "Percentile", "str"),
    ("host_ms", "Host time (ms)", "ms"),
    ("device_ms", "Device time (ms)", "ms"),
    ("communication_ms", "Host-device communication (ms)", "ms"),
    ("total_ms", "Total latency (ms)", "ms"),
    ("waiting_ms", "Of host time: queued (ms)", "ms"),
]

TOP_OPS_COLUMNS = [
    ("self_time_pct", "Time (%)", "pct"), ("cumulative_pct", "Cumulative time (%)", "pct"),
    ("category", "Category", "str"), ("name", "Operation", "str"),
    ("flop_rate_gflops", "FLOP rate (GFLOP/s)", "num"),
]  # fmt: skip

ENVIRONMENT = [
    ("host_count", "Number of hosts"),
    ("device_type", "Device type"),
    ("hardware_type", "Hardware type"),
    ("device_core_count", "Number of device cores"),
]


def breakdown(summary: dict[str, Any]) -> list[list[Any]]:
    """Average step time per category (``<category>_ms_avg`` keys), largest first, zeros left out."""
    rows = [
        [pretty(key[: -len("_avg")]), jsonable(value), "ms"]
        for key, value in summary.items()
        if key.endswith("_ms_avg") and key != "step_time_ms_avg" and jsonable(value)
    ]
    return sorted(rows, key=lambda r: -r[1])


def cards(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """The performance-summary cards; a card without data says so instead of showing 0."""
    has_steps = bool(summary.get("num_steps", 1))
    out = []
    for card_id, label, keys, kind, details in CARDS:
        value = first(summary, keys)
        if card_id in INFERENCE_CARDS and value is None:
            continue
        card: dict[str, Any] = {"id": card_id, "label": label, "type": kind}
        if card_id in ("step_time", "input") and not has_steps:
            card.update(available=False, reason="no step markers in this profile")
        elif value is None:
            reason = summary.get("utilization_unavailable_reason") if card_id in UTILIZATION_CARDS else None
            card.update(available=False, reason=reason or NOT_ON_DEVICE)
        else:
            rows = [[name, first(summary, ks), k] for name, ks, k in details if first(summary, ks) is not None]
            if card_id == "step_time":
                rows += breakdown(summary)
            card.update(value=value, details=rows)
        out.append(card)
    return out


def next_tool(tool: str) -> dict[str, str]:
    """``{"id", "label"}`` of a registered tool id."""
    spec = TOOLS.get(tool)
    return {"id": tool, "label": spec.label if spec else tool}


def build(result: Any) -> dict[str, Any]:
    """Payload of ``prof.overview()``."""
    summary = dict(getattr(result, "summary", {}) or {})
    top = getattr(result, "top_ops", None)
    side = str(top["side"].iloc[0]) if isinstance(top, pd.DataFrame) and len(top) and "side" in top.columns else ""
    rec = dict(getattr(result, "recommendation", {}) or {})
    latency = getattr(result, "inference_latency", None)
    return {
        "cards": cards(summary),
        "step_graph": step_graph(getattr(result, "step_time_graph", None)),
        "top_ops": {
            **table(top.head(10), TOP_OPS_COLUMNS),
            "title": f"Top 10 {side.lower() if side in ('Host', 'Device') else side} operations".replace("  ", " "),
        }
        if isinstance(top, pd.DataFrame) and len(top)
        else {"reason": "no ops"},
        "environment": [
            [label, str(jsonable(summary[key]))] for key, label in ENVIRONMENT if summary.get(key) is not None
        ],
        "recommendation": {
            "verdict": jsonable(rec.get("verdict")),
            "text": str(rec.get("text") or ""),
            "next_tools": [next_tool(str(n)) for n in rec.get("next_tools") or []],
        }
        if rec
        else None,
        "inference_latency": {**table(latency, LATENCY_COLUMNS), "title": "Inference session latency"}
        if isinstance(latency, pd.DataFrame) and len(latency)
        else None,
        "notes": notes_of(result),
    }
