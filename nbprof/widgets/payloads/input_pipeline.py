"""Input-pipeline payload: summary, device-side steps and stats, host-side breakdown, input-op table.

Reads ``InputPipeline`` (nbprof.tools.input_pipeline): ``summary`` keys ``num_steps``, ``verdict``,
``statement``, ``next_step``, ``input_pct``, ``step_time_ms_avg|std|min|max``,
``input_pct_per_step_avg|std|min|max``; ``device_steps`` (``host``, ``step_name``, ``<category>_ms``);
``host_breakdown`` (``<part>_us``); ``input_ops`` (``name``, ``count``, ``total_ms``, ``total_pct``,
``self_ms``, ``self_pct``, ``category``, ``host``).
"""

from __future__ import annotations

from typing import Any

from nbprof.tools.input_pipeline import InputPipeline
from nbprof.widgets.payloads._common import HIDDEN, NO_STEPS_BANNER, jsonable, notes_of, table
from nbprof.widgets.payloads.steps import step_graph

INPUT_OPS_COLUMNS = [
    ("name", "Input op", "name"), ("self_ms", "Self time (ms)", "ms"), ("self_pct", "Self time (%)", "pct"),
    ("count", "Count", "int"), ("total_ms", "Total time (ms)", "ms"), ("total_pct", "Total time (%)", "pct"),
    ("category", "Category", "str"), ("host", "Host", "str", HIDDEN),
]  # fmt: skip

HOST_LABELS = {
    "enqueue_us": "Enqueuing data to the device",
    "preprocessing_us": "Data preprocessing",
    "demanded_file_read_us": "Reading data from files on demand",
    "advanced_file_read_us": "Reading data from files in advance",
    "unclassified_nonenqueue_us": "Other data reading or processing",
}

HOST_ADVICE = {
    "enqueue_us": "copying batches to the device: prefetch to the device, or send fewer, larger batches",
    "preprocessing_us": "preprocessing: parallelise the map functions (num_parallel_calls) or cache their results",
    "demanded_file_read_us": "reading files on demand: read in advance (prefetch) and in parallel (interleave)",
    "advanced_file_read_us": "reading files: read in parallel (interleave over shards)",
    "unclassified_nonenqueue_us": "reading or processing outside tf.data's known stages",
}

DEVICE_STATS = [
    ("step_time_ms", "Step time", "ms"),
    ("input_pct_per_step", "Waiting for input (% of step)", "pct"),
]


def device_stats(summary: dict[str, Any]) -> list[list[Any]]:
    """Average, std, min and max of step time (ms) and of the input share (%)."""
    rows = []
    for key, label, kind in DEVICE_STATS:
        for stat in ("avg", "std", "min", "max"):
            value = jsonable(summary.get(f"{key}_{stat}"))
            if value is not None:
                rows.append([f"{label}: {stat}", value, kind])
    return rows


def host_slices(breakdown: dict[str, float]) -> list[dict[str, Any]]:
    """The host-side breakdown (µs) as pie slices."""
    return [{"label": HOST_LABELS.get(key, key), "value": float(value)} for key, value in breakdown.items()]


def advice(result: InputPipeline) -> str:
    """One plain sentence: how input-bound, and where the host's input time goes."""
    s = result.summary
    parts = {k: v for k, v in result.host_breakdown.items() if v > 0}
    where = ""
    if parts:
        key = max(parts, key=lambda k: parts[k])
        where = f" Most host input time is {HOST_ADVICE.get(key, key)}."
    if not s["num_steps"]:
        return "Without steps the input share cannot be measured." + where
    share = s["input_pct"]
    if share >= 5:
        return f"{share:.1f}% of the step time waits for input: make the input pipeline faster.{where}"
    return f"Only {share:.1f}% of the step time waits for input: the input pipeline is not what slows the steps."


def build(result: InputPipeline) -> dict[str, Any]:
    """Payload of ``prof.input_pipeline()``."""
    summary = result.summary
    device = step_graph(result.device_steps)
    device["stats"] = device_stats(summary) if summary["num_steps"] else []
    ops = result.input_ops
    text = " ".join(str(summary[k]) for k in ("statement", "next_step") if summary.get(k))
    return {
        "banner": None if summary["num_steps"] else NO_STEPS_BANNER,
        "advice": advice(result),
        "summary": {
            "input_percent": jsonable(summary["input_pct"]) if summary["num_steps"] else None,
            "verdict": summary.get("verdict") or "unknown",
            "text": text,
        },
        "device": device,
        "host_breakdown": host_slices(result.host_breakdown),
        "input_ops": table(ops, INPUT_OPS_COLUMNS),
        "notes": notes_of(result),
    }
