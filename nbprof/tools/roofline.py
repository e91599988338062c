"""Roofline: per XLA op, arithmetic intensity and achieved FLOP rate against the device's roofs.

Follows XProf's roofline model tool (``op_stats_to_roofline_model.cc``,
``op_metrics_to_record.h::SetRooflineMetrics``) for its "Total" step over the whole profile:

* ``flop_rate_gflops`` = FLOPs / total time (GFLOP/s, XProf's "measured FLOP rate");
* ``memory_bw_gibps`` = all bytes accessed / time, ``hbm_bw_gibps`` = HBM bytes / time
  (GiB/s; HBM bytes from the op's memory-access breakdown, else all its bytes);
* ``operational_intensity`` = FLOPs / bytes accessed, ``hbm_operational_intensity`` =
  FLOPs / HBM bytes (FLOP/byte);
* ``flops_utilization_ratio`` and ``hbm_bw_utilization_ratio`` against the peaks (0-1, not capped: async
  copies can exceed 1, as in XProf); ``bound_by`` is the resource with the larger
  utilisation (``Compute`` / ``HBM``; ``Unknown`` when both are 0);
  ``roofline_efficiency_ratio`` = that larger utilisation.

Row 0 is the ``Program`` total (innermost ops' FLOPs and bytes over the whole device time);
then ops ordered by self time. The result carries the roofs: ``peak_flop_rate_gflops``,
``peak_hbm_bw_gibps`` and ``ridge_point`` (FLOP/byte where the roofs meet).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats.xla_ops import GIBI, hbm_bytes
from nbprof.tools._result import ToolResult

COLUMNS = [
    "rank", "program", "program_id", "category", "name", "occurrences", "total_time_ps", "avg_time_ps",
    "self_time_ps", "self_time_pct", "time_pct", "flops", "model_flops", "bytes_accessed", "hbm_bytes",
    "flop_rate_gflops", "model_flop_rate_gflops", "memory_bw_gibps", "hbm_bw_gibps", "operational_intensity",
    "hbm_operational_intensity", "flops_utilization_ratio", "hbm_bw_utilization_ratio", "roofline_efficiency_ratio",
    "optimal_flop_rate_gflops", "bound_by",
]  # fmt: skip

# Categories whose time includes nested ops (tsl MayHaveInnerOps): not summed into the total.
_INNER_OP_CATEGORIES = ("call", "conditional", "while", "megacore fusion")


def _per_ns(values: pd.Series, time_ns: np.ndarray) -> np.ndarray:
    """values / time in ns (0 where the time is 0): FLOP/ns = GFLOP/s, bytes/ns = GB/s."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(time_ns > 0, values.to_numpy(dtype="float64") / time_ns, 0.0)


def _rates(frame: pd.DataFrame, peak_gflops: float, peak_gibps: float) -> pd.DataFrame:
    time_ns = frame["total_time_ps"].to_numpy(dtype="float64") / 1000.0
    flops = frame["flops"].to_numpy(dtype="float64")
    frame["flop_rate_gflops"] = _per_ns(frame["flops"], time_ns)
    frame["model_flop_rate_gflops"] = _per_ns(frame["model_flops"], time_ns)
    frame["memory_bw_gibps"] = _per_ns(frame["bytes_accessed"], time_ns) * 1e9 / GIBI
    frame["hbm_bw_gibps"] = _per_ns(frame["hbm_bytes"], time_ns) * 1e9 / GIBI
    with np.errstate(divide="ignore", invalid="ignore"):
        ba = frame["bytes_accessed"].to_numpy(dtype="float64")
        hb = frame["hbm_bytes"].to_numpy(dtype="float64")
        frame["operational_intensity"] = np.where(ba > 0, flops / ba, 0.0)
        frame["hbm_operational_intensity"] = np.where(hb > 0, flops / hb, 0.0)
        fu = frame["flop_rate_gflops"].to_numpy() / peak_gflops if peak_gflops > 0 else np.full(len(frame), np.nan)
        bu = frame["hbm_bw_gibps"].to_numpy() / peak_gibps if peak_gibps > 0 else np.full(len(frame), np.nan)
    frame["flops_utilization_ratio"] = fu
    frame["hbm_bw_utilization_ratio"] = bu
    f0 = np.nan_to_num(fu, nan=0.0)
    b0 = np.nan_to_num(bu, nan=0.0)
    eff = np.maximum(f0, b0)
    frame["roofline_efficiency_ratio"] = np.where(np.isnan(fu) & np.isnan(bu), np.nan, eff)
    with np.errstate(divide="ignore", invalid="ignore"):
        frame["optimal_flop_rate_gflops"] = np.where(eff > 0, frame["flop_rate_gflops"].to_numpy() / eff, 0.0)
    frame["bound_by"] = np.where(b0 > f0, "HBM", np.where(f0 > 0, "Compute", "Unknown"))
    return frame


@dataclass(repr=False)
class Roofline(ToolResult):
    """Per-op roofline ``table`` (row 0 the program total) and the device's roofs.

    ``peak_flop_rate_gflops`` (GFLOP/s) and ``peak_hbm_bw_gibps`` (GiB/s) are NaN where the
    profile does not say; ``ridge_point`` is the FLOP/byte where the roofs meet.
    """

    table: pd.DataFrame
    source: str
    hardware_type: str
    device_type: str
    peak_flop_rate_gflops: float
    peak_hbm_bw_gibps: float
    ridge_point: float
    total_time_ps: int
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "roofline"
    frame_names: ClassVar[tuple[str, ...]] = ("table",)

    def summary_text(self) -> str:
        ops = self.table[(self.table["category"] != "Program").to_numpy()]
        if len(ops) == 0:
            return "Roofline: no XLA ops in this profile."
        if not self.peak_flop_rate_gflops > 0:
            return f"Roofline: {len(ops):,} XLA ops; the device's peak FLOP rate is unknown, so no roofs."
        bound = ops["bound_by"].value_counts()
        parts = ", ".join(f"{k} {v}" for k, v in bound.items())
        return (
            f"Roofline ({self.device_type}): peak {self.peak_flop_rate_gflops:,.0f} GFLOP/s, "
            f"HBM {self.peak_hbm_bw_gibps:,.0f} GiB/s, ridge {self.ridge_point:.1f} FLOP/byte; "
            f"{len(ops):,} ops bound by: {parts}"
        )


def roofline(op_stats: OpStats) -> Roofline:
    """Per-op roofline table (see the module docstring)."""
    x = op_stats.xla_ops
    peak_gflops = x.peak_tflops * 1000.0 if x.peak_tflops == x.peak_tflops else 0.0
    peak_gibps = x.peak_hbm_gibps if x.peak_hbm_gibps == x.peak_hbm_gibps else 0.0
    result = Roofline(
        table=pd.DataFrame(columns=COLUMNS),
        source=x.source,
        hardware_type=x.device_kind,
        device_type=op_stats.perf_env.device_type if x.source == "device" else x.device_type,
        peak_flop_rate_gflops=peak_gflops or math.nan,
        peak_hbm_bw_gibps=peak_gibps or math.nan,
        # FLOP per byte where the roofs meet (bandwidth in GB/s, as XProf's hbm_ridge_point).
        ridge_point=(peak_gflops / (peak_gibps * GIBI / 1e9)) if peak_gflops > 0 and peak_gibps > 0 else math.nan,
        total_time_ps=int(x.total_time_ps),
        notes=list(x.notes),
    )
    ops = x.ops
    if len(ops) == 0:
        return result
    hbm = hbm_bytes(ops)
    rows = pd.DataFrame(
        {
            "program": ops["program"], "program_id": ops["program_id"], "category": ops["category"],
            "name": ops["name"], "occurrences": ops["occurrences"].astype(np.int64),
            "total_time_ps": ops["time_ps"].astype(np.int64), "self_time_ps": ops["self_time_ps"].astype(np.int64),
            "flops": ops["flops"].astype("float64"), "model_flops": ops["model_flops"].astype("float64"),
            "bytes_accessed": ops["bytes_accessed"].astype("float64"), "hbm_bytes": hbm.astype("float64"),
        }
    )  # fmt: skip
    rows = rows.sort_values("self_time_ps", ascending=False, kind="stable").reset_index(drop=True)
    total_time = int(x.total_time_ps) if x.source == "device" else int(rows["self_time_ps"].sum())
    cats = rows["category"].astype(str).str.lower()
    inner = cats.isin(_INNER_OP_CATEGORIES)
    # The total's HBM bytes come from the combined breakdown when any op has one (XProf).
    op_inner = ops["category"].astype(str).str.lower().isin(_INNER_OP_CATEGORIES).to_numpy()
    if ops["has_breakdown"].to_numpy(dtype=bool).any():
        program_hbm = float(ops.loc[~op_inner, "hbm_bytes_all"].sum())
    else:
        program_hbm = float(ops.loc[~op_inner, "bytes_accessed"].sum())
    total = pd.DataFrame(
        [{
            "program": "", "program_id": pd.NA, "category": "Program", "name": "Program", "occurrences": 1,
            "total_time_ps": total_time, "self_time_ps": 0, "flops": float(rows.loc[~inner, "flops"].sum()),
            "model_flops": float(rows.loc[~inner, "model_flops"].sum()),
            "bytes_accessed": float(rows.loc[~inner, "bytes_accessed"].sum()), "hbm_bytes": program_hbm,
        }]
    )  # fmt: skip
    table = pd.concat([total, rows], ignore_index=True)
    table["rank"] = np.arange(len(table))
    occ = table["occurrences"].to_numpy(dtype="float64")
    table["avg_time_ps"] = np.where(occ > 0, table["total_time_ps"].to_numpy(dtype="float64") / np.maximum(occ, 1), 0.0)
    table["self_time_pct"] = table["self_time_ps"] / total_time * 100 if total_time > 0 else math.nan
    table["time_pct"] = table["total_time_ps"] / total_time * 100 if total_time > 0 else math.nan
    table = _rates(table, peak_gflops, peak_gibps)
    table["program_id"] = pd.array(table["program_id"].tolist(), dtype="UInt64")
    result.table = table[COLUMNS]
    return result
