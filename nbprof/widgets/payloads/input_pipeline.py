"""Input-pipeline payload: summary, device-side steps and stats, host-side breakdown, input-op table."""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.widgets.payloads._common import jsonable, notes_of, table
from nbprof.widgets.payloads.steps import step_graph

INPUT_OPS_COLUMNS = [
    ("name", "Input op", "str"), ("count", "Count", "int"), ("total_ms", "Total time (ms)", "ms"),
    ("total_pct", "Total time (%)", "pct"), ("self_ms", "Self time (ms)", "ms"),
    ("self_pct", "Self time (%)", "pct"), ("category", "Category", "str"), ("host", "Host", "str"),
]  # fmt: skip

HOST_LABELS = {
    "enqueue_us": "Enqueuing data to the device",
    "preprocessing_us": "Data preprocessing",
    "demanded_file_read_us": "Reading data from files on demand",
    "advanced_file_read_us": "Reading data from files in advance",
    "unclassified_nonenqueue_us": "Other data reading or processing",
}

DEVICE_STATS = [
    ("step_time_ms", "Step time"),
    ("input_pct_per_step", "Waiting for input (% of step)"),
]


def device_stats(summary: dict[str, Any]) -> list[list[Any]]:
    """Average, std, min and max of step time (ms) and of the input share (%)."""
    rows = []
    for key, label in DEVICE_STATS:
        kind = "ms" if key.endswith("_ms") else "pct"
        for stat in ("avg", "std", "min", "max"):
            value = jsonable(summary.get(f"{key}_{stat}"))
            if value is not None:
                rows.append([f"{label}: {stat}", value, kind])
    return rows


def host_slices(breakdown: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The host-side breakdown (us) as pie slices."""
    out = []
    for key, value in (breakdown or {}).items():
        v = jsonable(value)
        if isinstance(v, (int, float)):
            label = HOST_LABELS.get(key) or key.removesuffix("_us").replace("_", " ").capitalize()
            out.append({"label": label, "value": float(v)})
    return out


def build(result: Any) -> dict[str, Any]:
    """Payload of ``prof.input_pipeline()``."""
    summary = dict(getattr(result, "summary", {}) or {})
    device = step_graph(getattr(result, "device_steps", None))
    device["stats"] = device_stats(summary)
    ops = getattr(result, "input_ops", None)
    text = " ".join(str(summary[k]) for k in ("statement", "next_step") if summary.get(k))
    return {
        "summary": {
            "input_percent": jsonable(summary.get("input_pct")) if summary.get("num_steps", 1) else None,
            "verdict": summary.get("verdict") or "unknown",
            "text": text,
        },
        "device": device,
        "host_breakdown": host_slices(getattr(result, "host_breakdown", None)),
        "input_ops": table(ops, INPUT_OPS_COLUMNS) if isinstance(ops, pd.DataFrame) else None,
        "notes": notes_of(result),
    }
