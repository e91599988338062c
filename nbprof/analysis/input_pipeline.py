"""XProf's input-pipeline analyzer: ``prof.input_pipeline()``.

Follows ``xprof/convert/op_stats_to_input_pipeline_analysis.cc``:

* device side: per step (the steps in the averages, ``prof.steps[in_analysis]``) the step
  time and the time waiting for input (host waiting for input + host-to-device);
* input-bound verdict on the sums over those steps: ``input % = input / step time``;
  HIGHLY (>= 20 %), MODERATELY (>= 5 %), else POTENTIALLY when "all others" (time no
  event explains) is >= 3 %, else NOT input-bound; unknown without steps;
* host side: the input ops of the host op metrics db (tf.data ``Iterator::...``, infeed
  enqueue, host-to-device memcpy), their self time split into enqueue / demanded file
  read / advanced file read / preprocessing / other, and the op table (self time = the
  op's time minus the input ops directly nested in it, e.g. ``Iterator::Root`` excludes
  ``Iterator::Root::Prefetch``).

Times in the frames are ps; the result reports ms and µs as XProf does (column names say).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from nbprof.analysis._result import ToolResult
from nbprof.analysis.steps import CATEGORIES

HIGHLY_INPUT_BOUND_PCT = 20.0
MODERATELY_INPUT_BOUND_PCT = 5.0
ALL_OTHER_BOUND_PCT = 3.0
KERNEL_LAUNCH_BOUND_PCT = (3.0, 15.0)
DEVICE_COLLECTIVES_BOUND_PCT = (3.0, 15.0)
HOST_CATEGORIES = (
    "enqueue_us",
    "demanded_file_read_us",
    "advanced_file_read_us",
    "preprocessing_us",
    "unclassified_nonenqueue_us",
)
FILE_READ_SUFFIXES = ("::TFRecord", "::TextLine", "::FixedLengthRecord", "::SSTable", "::RecordIO", "::ArrayRecord")
ADVANCED_READ_MARKERS = ("::MemoryReader", "::MemoryWriter", "::Interleave", "::Prefetch", "::ParallelMap")
INFEED_TYPES = ("InfeedEnqueue", "InfeedEnqueueTuple", "InfeedEnqueuePrelinearizedBuffer")
VERDICT_WORDS = {"high": "HIGHLY", "moderate": "MODERATELY", "potential": "POTENTIALLY", "none": "NOT"}


@dataclass(repr=False)
class InputPipelineResult(ToolResult):
    """The input-pipeline analysis of a profile.

    ``summary``: ``input_percent`` (0-100), ``verdict`` (``high``/``moderate``/``potential``/
    ``none``/``unknown``), ``statement``, step-time and input-percent statistics (ms, %).
    ``device_steps``: one row per analysed step (ms and %). ``host_breakdown``: input-op self
    time per category in µs (XProf's five). ``input_ops``: the input-op table. ``notes``:
    which events were used and what could not be attributed.
    """

    summary: dict[str, Any]
    device_steps: pd.DataFrame
    host_breakdown: dict[str, float]
    input_ops: pd.DataFrame
    notes: list[str] = field(default_factory=list)
    tool: str = "input_pipeline"

    def _text(self) -> str:
        s = self.summary
        lines = [f"Input pipeline: {s['statement']}"]
        if s["verdict"] != "unknown":
            lines.append(
                f"  step time {s['step_time_ms_avg']:.2f} ms avg over {len(self.device_steps)} steps; "
                f"waiting for input {s['input_percent']:.1f}% of it"
            )
        if len(self.input_ops):
            top = self.input_ops.iloc[0]
            lines.append(f"  {len(self.input_ops)} input ops; most self time: {top['name']} ({top['self_ms']:.1f} ms)")
        busy = {k: v for k, v in self.host_breakdown.items() if v > 0}
        if busy:
            lines.append("  host input time (µs): " + ", ".join(f"{k}={v:,.0f}" for k, v in busy.items()))
        return "\n".join(lines)


def input_pipeline(profile: Any) -> InputPipelineResult:
    """XProf's input-pipeline analysis of ``profile`` (see the module docstring)."""
    steps = profile.steps
    notes = list(steps.attrs.get("notes", []))
    analysed = steps[steps["in_analysis"]]
    device_steps = device_step_table(analysed)
    summary = step_summary(analysed)
    summary.update(bottleneck(analysed))
    input_ops, breakdown, op_notes = _host_input_ops(profile)
    notes.extend(op_notes)
    tf_data_used = (
        breakdown["demanded_file_read_us"] + breakdown["advanced_file_read_us"] + breakdown["preprocessing_us"] > 0
    )
    summary["tf_data_used"] = bool(tf_data_used)
    if summary["verdict"] == "unknown":
        summary["next_step"] = "You may skip the rest of this page."
    elif not tf_data_used:
        summary["next_step"] = (
            "Consider using the tf.data API to enable the profiler's host-side analysis of the input "
            "pipeline; custom input pipelines are not analysed (ignore the host-side breakdown)."
        )
    else:
        summary["next_step"] = "Look at the host-side breakdown of the input time (input_ops, host_breakdown)."
    return InputPipelineResult(
        summary=summary, device_steps=device_steps, host_breakdown=breakdown, input_ops=input_ops, notes=notes
    )


# ------------------------------------------------------------------------ device side
def device_step_table(steps: pd.DataFrame) -> pd.DataFrame:
    """Per step: name, step time and each category in ms, input time and its % of the step."""
    out = pd.DataFrame(
        {
            "host": steps["host"].to_numpy(),
            "step_name": steps["step_name"].to_numpy(),
            "step_num": steps["step_num"].to_numpy(),
        }
    )
    out["step_time_ms"] = steps["duration_ps"].to_numpy() / 1e9
    for cat in CATEGORIES:
        out[f"{cat}_ms"] = steps[f"{cat}_ps"].to_numpy() / 1e9
    out["input_wait_ms"] = steps["host_wait_input_ps"].to_numpy() / 1e9
    out["host_to_device_ms"] = steps["host_to_device_ps"].to_numpy() / 1e9
    with np.errstate(invalid="ignore", divide="ignore"):
        out["input_pct"] = np.where(out["step_time_ms"] > 0, 100.0 * out["input_ms"] / out["step_time_ms"], 0.0)
    return out


def _stats(values: pd.Series, prefix: str) -> dict[str, float]:
    """avg / std (sample, as XProf's tsl::Stat) / min / max."""
    v = values.astype(float)
    if len(v) == 0:
        return {f"{prefix}_avg": 0.0, f"{prefix}_std": 0.0, f"{prefix}_min": 0.0, f"{prefix}_max": 0.0}
    return {
        f"{prefix}_avg": float(v.mean()),
        f"{prefix}_std": float(v.std(ddof=1)) if len(v) > 1 else 0.0,
        f"{prefix}_min": float(v.min()),
        f"{prefix}_max": float(v.max()),
    }


def step_summary(steps: pd.DataFrame) -> dict[str, float]:
    """Step-time statistics (ms) and per-category averages/stds (ms) over ``steps``."""
    out: dict[str, float] = {"num_steps": int(len(steps))}
    out.update(_stats(steps["duration_ps"] / 1e9, "step_time_ms"))
    for cat in CATEGORIES:
        s = _stats(steps[f"{cat}_ps"] / 1e9, f"{cat}_ms")
        out[f"{cat}_ms_avg"] = s[f"{cat}_ms_avg"]
        out[f"{cat}_ms_std"] = s[f"{cat}_ms_std"]
    dur = steps["duration_ps"].to_numpy(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        pct = np.where(dur > 0, 100.0 * steps["input_ps"].to_numpy(float) / dur, 0.0)
    out.update(_stats(pd.Series(pct), "input_percent_per_step"))
    return out


def _level(pct: float, thresholds: tuple[float, float]) -> str:
    moderate, high = thresholds
    return "high" if pct >= high else ("moderate" if pct >= moderate else "no")


def bottleneck(steps: pd.DataFrame) -> dict[str, Any]:
    """XProf's ComputeBottleneckAnalysis on the sums over ``steps``."""
    total = float(steps["duration_ps"].sum())
    if total == 0:
        return {
            "input_percent": 0.0,
            "verdict": "unknown",
            "statement": "No step time measured. Therefore we cannot tell where the performance bottleneck is.",
            "all_others_percent": 0.0,
            "output_percent": 0.0,
            "device_compute_percent": 0.0,
            "kernel_launch_bottleneck": "no",
            "device_collectives_bottleneck": "no",
            "all_others_bottleneck": "no",
        }
    pct = {cat: 100.0 * float(steps[f"{cat}_ps"].sum()) / total for cat in CATEGORIES}
    input_pct, other_pct = pct["input"], pct["all_others"]
    all_other_reported = False
    if input_pct >= HIGHLY_INPUT_BOUND_PCT:
        verdict = "high"
        statement = (
            f"Your program is HIGHLY input-bound because {input_pct:.1f}% of the total step time sampled is "
            "waiting for input. Therefore, you should first focus on reducing the input time."
        )
    elif input_pct >= MODERATELY_INPUT_BOUND_PCT:
        verdict = "moderate"
        statement = (
            f"Your program is MODERATELY input-bound because {input_pct:.1f}% of the total step time sampled is "
            "waiting for input. Therefore, you would need to reduce both the input time and other time."
        )
    elif other_pct >= ALL_OTHER_BOUND_PCT:
        verdict = "potential"
        all_other_reported = True
        statement = (
            f"Your program is POTENTIALLY input-bound because {other_pct:.1f}% of the total step time sampled is "
            "spent on 'All Others' time (which could be due to I/O or Python execution or both)."
        )
    else:
        verdict = "none"
        statement = (
            f"Your program is NOT input-bound because only {input_pct:.1f}% of the total step time sampled is "
            "waiting for input. Therefore, you should focus on reducing other time."
        )
    return {
        "input_percent": input_pct,
        "verdict": verdict,
        "statement": statement,
        "all_others_percent": other_pct,
        "output_percent": pct["output"],
        "device_compute_percent": pct["device_compute"],
        "kernel_launch_percent": pct["kernel_launch"],
        "device_collectives_percent": pct["device_collectives"],
        "kernel_launch_bottleneck": _level(pct["kernel_launch"], KERNEL_LAUNCH_BOUND_PCT),
        "device_collectives_bottleneck": _level(pct["device_collectives"], DEVICE_COLLECTIVES_BOUND_PCT),
        "all_others_bottleneck": "no" if all_other_reported else _level(other_pct, (ALL_OTHER_BOUND_PCT, 15.0)),
    }


# -------------------------------------------------------------------------- host side
def _host_input_ops(profile: Any) -> tuple[pd.DataFrame, dict[str, float], list[str]]:
    """Input ops of the host op metrics db, their categories, and the µs per category."""
    from nbprof.analysis.op_metrics import op_metrics

    metrics = op_metrics(profile)
    host = metrics[(metrics["host_or_device"] == "Host") & (metrics["name"].astype(str) != "IDLE")]
    category = host["category"].astype(str)
    lower = category.str.lower()
    is_dataset = category.eq("Dataset")
    is_enqueue = category.isin(INFEED_TYPES) | category.eq("MemcpyHToD") | lower.eq("enqueue")
    is_new = lower.isin(["read", "preprocessing", "unknown"])
    ops = host[(is_dataset | is_enqueue | is_new).to_numpy()].copy()
    breakdown = {k: 0.0 for k in HOST_CATEGORIES}
    notes = [
        "input ops: tf.data Iterator::* events, infeed enqueue and host-to-device memcpy of the host op metrics db; "
        "self time excludes the input ops directly nested in them"
    ]
    if len(ops) == 0:
        notes.append(
            "no tf.data input ops on the host: the host-side breakdown is empty (custom input pipelines are not analysed)"
        )
        return _empty_input_ops(), breakdown, notes
    if ops["host"].nunique() > 1:
        # several hosts: one row per op, as XProf's combined op metrics db
        ops = (
            ops.assign(name=ops["name"].astype(str), category=ops["category"].astype(str), host="all hosts")
            .groupby(["name", "category", "host"], as_index=False, observed=True)[
                ["occurrences", "total_time_ps", "self_time_ps"]
            ]
            .sum()
        )
    ops = ops.sort_values(["self_time_ps", "name"], ascending=[False, True], kind="stable")
    oname = ops["name"].astype(str)
    ocat = ops["category"].astype(str)
    label = np.full(len(ops), "Preprocessing", dtype=object)
    file_read = oname.apply(lambda n: n.endswith(FILE_READ_SUFFIXES)).to_numpy()
    advanced = oname.apply(lambda n: any(m in n for m in ADVANCED_READ_MARKERS)).to_numpy()
    label[file_read & advanced] = "Advanced file read"
    label[file_read & ~advanced] = "Demanded file read"
    low = ocat.str.lower().to_numpy()
    label[low == "read"] = "Demanded file read"
    label[low == "unknown"] = "Unknown"
    enqueue = (ocat.isin(INFEED_TYPES) | ocat.eq("MemcpyHToD")).to_numpy() | (low == "enqueue")
    label[enqueue] = "Enqueue"
    total_self = float(ops["self_time_ps"].sum())
    table = pd.DataFrame(
        {
            "name": oname.to_numpy(),
            "count": ops["occurrences"].to_numpy(np.int64),
            "total_ms": ops["total_time_ps"].to_numpy() / 1e9,
            "total_pct": 100.0 * ops["total_time_ps"].to_numpy() / total_self if total_self else 0.0,
            "self_ms": ops["self_time_ps"].to_numpy() / 1e9,
            "self_pct": 100.0 * ops["self_time_ps"].to_numpy() / total_self if total_self else 0.0,
            "category": label,
            "host": ops["host"].astype(str).to_numpy(),
        }
    )
    key = {
        "Enqueue": "enqueue_us",
        "Demanded file read": "demanded_file_read_us",
        "Advanced file read": "advanced_file_read_us",
        "Preprocessing": "preprocessing_us",
        "Unknown": "unclassified_nonenqueue_us",
    }
    for cat, us in (table.groupby("category")["self_ms"].sum() * 1e3).items():
        breakdown[key[cat]] += float(us)
    return table, breakdown, notes


def _empty_input_ops() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "name": pd.Series(dtype=object),
            "count": pd.Series(dtype="int64"),
            "total_ms": pd.Series(dtype=float),
            "total_pct": pd.Series(dtype=float),
            "self_ms": pd.Series(dtype=float),
            "self_pct": pd.Series(dtype=float),
            "category": pd.Series(dtype=object),
            "host": pd.Series(dtype=object),
        }
    )
