"""XProf's overview page: ``prof.overview()``.

Follows ``xprof/convert/op_stats_to_overview_page.cc`` (and the step analysis shared with
the input-pipeline analyzer):

* performance summary: average step time (ms) with std/min/max over the analysed steps
  (``prof.steps[in_analysis]``; with several hosts each step's slowest host, as XProf) and
  its breakdown; % of step time waiting for input;
  device duty cycle and idle % (TPU); framework-op placement (host vs device, by number of
  op executions); op time in eager execution (host, device); device compute precision
  (16-bit vs 32-bit, GPU); FLOPS and HBM bandwidth utilisation where the plane stats give
  the device's peaks;
* step-time graph: per analysed step and category, ms (several hosts: the first host's
  rows of the steps every host ran, as XProf lists them);
* top 10 ops by self time on the device (framework ops, as XProf), with % of device op
  time, cumulative %, category and FLOP rate (GFLOP/s over the op's total time); on GPUs
  also whether the op is Tensor Core eligible and uses them (kernel stats by op name). XProf
  shows nothing for a profile without a device; we show the top host framework ops then;
* run environment: host count, device type, device core count;
* recommendation: XProf's input-bound verdict and sentence, and the tools to open next.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats.step_analysis import bottleneck, step_details, step_summary
from nbprof.opstats.step_db import CATEGORIES
from nbprof.tools._result import ToolResult
from nbprof.xspace import semantics as xs

TOP_OPS = 10
LOW_PRECISION_PCT = 10.0  # XProf's kLowPrecisionPercentThreshold


@dataclass(repr=False)
class Overview(ToolResult):
    """The overview page of a profile.

    ``summary`` (dict; times ms, percentages 0-100), ``step_time_graph`` (DataFrame: one row
    per analysed step, ms per category), ``top_ops`` (DataFrame: ``name``, ``category``,
    ``self_time_pct``, ``cumulative_pct``, ``flop_rate_gflops``, ``self_time_ms``, ``side``; on
    GPUs ``is_op_tensor_core_eligible`` and ``is_op_using_tensor_core``),
    ``recommendation`` (dict: ``verdict``, ``bottleneck``, ``text``, ``next_tools``),
    ``notes`` (which events were used, what could not be attributed).
    """

    summary: dict[str, Any]
    step_time_graph: pd.DataFrame
    top_ops: pd.DataFrame
    recommendation: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "overview"
    frame_names: ClassVar[tuple[str, ...]] = ("step_time_graph", "top_ops")

    def summary_text(self) -> str:
        s = self.summary
        lines = [f"Overview ({s['device_type']}, {s['host_count']} host(s), {s['device_core_count']} device core(s))"]
        if s["num_steps"]:
            lines.append(
                f"  step time {s['step_time_ms_avg']:.2f} ms avg (std {s['step_time_ms_std']:.2f}, "
                f"min {s['step_time_ms_min']:.2f}, max {s['step_time_ms_max']:.2f}) over {s['num_steps']} steps; "
                f"input {s['input_pct']:.1f}%"
            )
        else:
            lines.append("  no step time measured")
        lines.append(f"  {self.recommendation['text']}")
        if len(self.top_ops):
            side = self.top_ops["side"].iloc[0]
            lines.append(f"  top {side.lower()} ops by self time:")
            for _, op in self.top_ops.head(5).iterrows():
                lines.append(f"    {op['self_time_pct']:5.1f}%  {op['name']} ({op['category']})")
        lines.append(f"  next: {', '.join(self.recommendation['next_tools'])}")
        return "\n".join(lines)


def overview(op_stats: OpStats) -> Overview:
    """XProf's overview page from an OpStats (see the module docstring)."""
    step_db = op_stats.step_db
    steps = step_db.steps
    notes = list(step_db.notes)
    analysed = step_db.analysed_steps
    summary: dict[str, Any] = {}
    summary.update(step_summary(analysed))
    bn = bottleneck(analysed)
    summary["input_pct"] = bn["input_pct"]
    summary["all_others_pct"] = bn["all_others_pct"]
    env = op_stats.run_env
    summary.update(
        {
            "device_type": env.device_type,
            "hardware_type": env.hardware_type,
            "host_count": env.host_count,
            "device_core_count": env.device_core_count,
        }
    )
    if env.hardware_type == xs.HARDWARE_GPU:
        summary.update(_precision(steps))
        notes.append(
            "device compute precision: 16-bit when the kernel's tensor shapes (else its name) say half/fp16, "
            "over the device compute time inside the steps"
        )
    op_summary, top, op_notes = _ops(op_stats)
    summary.update(op_summary)
    notes.extend(op_notes)
    listed = step_details(analysed)
    graph = pd.DataFrame({"host": listed["host"].to_numpy(), "step_name": listed["step_name"].to_numpy()})
    graph["step_time_ms"] = listed["duration_ps"].to_numpy() / 1e9
    for cat in CATEGORIES:
        graph[f"{cat}_ms"] = listed[f"{cat}_ps"].to_numpy() / 1e9
    recommendation = _recommendation(bn, env.hardware_type)
    return Overview(summary=summary, step_time_graph=graph, top_ops=top, recommendation=recommendation, notes=notes)


def _precision(steps: pd.DataFrame) -> dict[str, float]:
    """Device compute split by precision over all steps (XProf's PrecisionStats)."""
    c16 = float(steps["device_compute_16_ps"].sum()) if len(steps) else 0.0
    c32 = float(steps["device_compute_32_ps"].sum()) if len(steps) else 0.0
    total = c16 + c32
    return {
        "device_compute_16bit_pct": 100.0 * c16 / total if total else 0.0,
        "device_compute_32bit_pct": 100.0 * c32 / total if total else 0.0,
    }


def _ops(op_stats: OpStats) -> tuple[dict[str, float | None], pd.DataFrame, list[str]]:
    """Top ops, op placement, eager %, duty cycle from the op metrics dbs."""
    stats = op_stats.framework_op_table(include_idle=False).table
    notes: list[str] = op_stats.op_metrics_notes
    out: dict[str, float | None] = {}
    host = op_stats.host_op_db
    device = op_stats.device_op_db
    host_ops = host[host["name"].astype(str) != "IDLE"]
    device_tf = stats[stats["host_or_device"] == "Device"]
    n_host = float(host_ops["occurrences"].sum())
    n_device = float(device_tf["occurrences"].sum())
    total = n_host + n_device
    out["host_tf_op_pct"] = 100.0 * n_host / total if total else 0.0
    out["device_tf_op_pct"] = 100.0 * n_device / total if total else 0.0
    host_self = float(host_ops["self_time_ps"].sum())
    out["host_op_time_eager_pct"] = (
        100.0 * float(host_ops.loc[host_ops["is_eager"], "self_time_ps"].sum()) / host_self if host_self else 0.0
    )
    dev_self = float(device_tf["total_self_time_ps"].sum())
    out["device_op_time_eager_pct"] = (
        100.0 * float(device_tf.loc[device_tf["is_eager"].astype(bool), "total_self_time_ps"].sum()) / dev_self
        if dev_self
        else 0.0
    )
    if op_stats.run_env.hardware_type == xs.HARDWARE_TPU:
        # XProf reports device idle and duty cycle for TPUs only
        idle = _idle(device, "device")
        out.update(idle)
        out["device_duty_cycle_pct"] = 100.0 - idle["device_idle_time_pct"]
    out.update(_utilization(op_stats, device, notes))
    if len(device_tf):
        side, rows = "Device", device_tf
        pct_col = "device_self_time_pct"
    else:
        side, rows = "Host", stats[stats["host_or_device"] == "Host"]
        pct_col = "host_self_time_pct"
        if len(rows):
            notes.append("no device ops: top ops are host framework ops (XProf lists none without a device)")
        else:
            xla_top = _host_xla_top_ops(op_stats)
            if xla_top is not None:
                notes.append(
                    "no device or framework ops: top ops are the XLA CPU ops on host threads "
                    "(nbprof's op profile, source 'host'; XProf lists none)"
                )
                return out, xla_top, notes
    rows = rows.sort_values(["total_self_time_ps", "name"], ascending=[False, True], kind="stable").head(TOP_OPS)
    top = pd.DataFrame(
        {
            "name": rows["name"].astype(str).to_numpy(),
            "category": rows["type"].astype(str).to_numpy(),
            "self_time_pct": rows[pct_col].to_numpy(float),
            "flop_rate_gflops": rows["flop_rate_gflops"].to_numpy(float),
            "self_time_ms": rows["total_self_time_ps"].to_numpy() / 1e9,
            "side": side,
        }
    )
    top.insert(3, "cumulative_pct", np.cumsum(top["self_time_pct"].to_numpy()))
    if op_stats.run_env.hardware_type == xs.HARDWARE_GPU and side == "Device":
        top = _with_tensor_core_flags(top, op_stats)
    return out, top, notes


def _with_tensor_core_flags(top: pd.DataFrame, op_stats: OpStats) -> pd.DataFrame:
    """XProf's GPU top-op columns: the op is Tensor Core eligible / uses them (kernel stats by op name)."""
    by_op = op_stats.kernel_db.by_op_name().reindex(top["name"].to_numpy())
    eligible = by_op["is_op_tensor_core_eligible"].fillna(False).to_numpy(dtype=bool)
    using = by_op["tensor_core_duration_ns"].fillna(0).to_numpy(dtype=np.float64) > 0
    return top.assign(is_op_tensor_core_eligible=eligible, is_op_using_tensor_core=using)


def _host_xla_top_ops(op_stats: OpStats) -> pd.DataFrame | None:
    """Top XLA CPU ops by self time (JAX on CPU has no framework ops); None when there are none.

    The ops and percentages are the op profile's on such profiles: leaf ops (no nested XLA
    op took time), as a share of all XLA CPU op self time.
    """
    x = op_stats.xla_ops
    if x.source != "host":
        return None
    ops = x.ops
    total = float(ops["self_time_ps"].sum())
    leaves = ops[(ops["children_time_ps"] <= 0).to_numpy() & ~ops["name"].astype(str).str.startswith("region")]
    if not len(leaves) or total <= 0:
        return None
    leaves = leaves.sort_values(["self_time_ps", "name"], ascending=[False, True], kind="stable").head(TOP_OPS)
    time_ps = leaves["time_ps"].to_numpy(float)
    flops = leaves["flops"].fillna(0).to_numpy(float)
    top = pd.DataFrame(
        {
            "name": leaves["name"].astype(str).to_numpy(),
            "category": leaves["category"].astype(str).to_numpy(),
            "self_time_pct": 100.0 * leaves["self_time_ps"].to_numpy(float) / total,
            # FLOPs per ps * 1000 = GFLOP/s
            "flop_rate_gflops": np.divide(flops * 1e3, time_ps, out=np.zeros_like(flops), where=time_ps > 0),
            "self_time_ms": leaves["self_time_ps"].to_numpy() / 1e9,
            "side": "Host XLA CPU",
        }
    )
    top.insert(3, "cumulative_pct", np.cumsum(top["self_time_pct"].to_numpy()))
    return top


def _utilization(op_stats: OpStats, device: pd.DataFrame, notes: list[str]) -> dict[str, float | None]:
    """FLOPS and HBM bandwidth utilisation of the device ops against the device's peaks (%).

    nbprof's definition: achieved rate over the device ops' self time (per core) divided by
    the per-core peak from the plane stats. XProf shows these only for TPU profiles with
    complete steps; ``None`` where the peak or the FLOPs are unknown.
    """
    out: dict[str, float | None] = {"flops_utilization_pct": None, "memory_bw_utilization_pct": None}
    ops = device[device["name"].astype(str) != "IDLE"]
    busy_s = float(ops["self_time_ps"].sum()) / 1e12 if len(ops) else 0.0
    if busy_s <= 0:
        return out
    peak_tflops, peak_hbm_gibps = op_stats.perf_env.peak_tflops, op_stats.perf_env.peak_hbm_gibps
    flops = float(ops["flops"].sum())
    bytes_accessed = float(ops["bytes_accessed"].sum())
    if peak_tflops > 0 and flops > 0:
        out["flops_utilization_pct"] = 100.0 * flops / busy_s / (peak_tflops * 1e12)
    if peak_hbm_gibps > 0 and bytes_accessed > 0:
        out["memory_bw_utilization_pct"] = 100.0 * bytes_accessed / busy_s / (peak_hbm_gibps * 2**30)
    if out["flops_utilization_pct"] is not None or out["memory_bw_utilization_pct"] is not None:
        notes.append(
            "FLOPS / HBM utilisation: device op FLOPs and bytes over their self time, against the per-core peak "
            "of the plane stats (XProf reports these only over complete TPU steps)"
        )
    return out


def _idle(db: pd.DataFrame, side: str) -> dict[str, float]:
    """IDLE share of a side's op metrics db (XProf's IdleTimeRatio), in %."""
    if len(db) == 0:
        return {f"{side}_idle_time_pct": 0.0}
    idle = float(db.loc[db["name"].astype(str) == "IDLE", "self_time_ps"].sum())
    total = float(db.groupby("host")["db_total_time_ps"].first().sum())
    return {f"{side}_idle_time_pct": 100.0 * idle / total if total else 0.0}


def _recommendation(bn: dict[str, Any], hardware_type: str) -> dict[str, Any]:
    """XProf's verdict and sentence, and the nbprof tools to look at next."""
    verdict = bn["verdict"]
    bottleneck_side = {"high": "host", "moderate": "both", "potential": "both", "none": "device", "unknown": "unknown"}[
        verdict
    ]
    device_tools = ["op_profile" if hardware_type == xs.HARDWARE_TPU else "framework_op_stats", "trace"]
    host_tools = ["input_pipeline", "trace"]
    if bottleneck_side == "device":
        tools = device_tools + host_tools
    else:
        tools = host_tools + device_tools
    if hardware_type == xs.HARDWARE_GPU:
        tools.append("kernel_stats")
    return {
        "verdict": verdict,
        "bottleneck": bottleneck_side,
        "text": bn["statement"],
        "next_tools": list(dict.fromkeys(tools)),
        "kernel_launch_bottleneck": bn["kernel_launch_bottleneck"],
        "device_collectives_bottleneck": bn["device_collectives_bottleneck"],
        "all_others_bottleneck": bn["all_others_bottleneck"],
    }
