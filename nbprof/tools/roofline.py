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
from dataclasses import field
from typing import ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats import event_columns as ec
from nbprof.opstats.xla_ops import GIBI, XlaOps, hbm_bytes_values
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace.typed_frame import strings, typed_frame

COLUMNS = [
    "rank", "program", "program_id", "category", "name", "occurrences", "total_time_ps", "avg_time_ps",
    "self_time_ps", "self_time_pct", "time_pct", "flops", "model_flops", "bytes_accessed", "hbm_bytes",
    "flop_rate_gflops", "model_flop_rate_gflops", "memory_bw_gibps", "hbm_bw_gibps", "operational_intensity",
    "hbm_operational_intensity", "flops_utilization_ratio", "hbm_bw_utilization_ratio", "roofline_efficiency_ratio",
    "optimal_flop_rate_gflops", "bound_by",
]  # fmt: skip

_TEXT_COLUMNS = ("program", "category", "name", "bound_by")  # object arrays of str; the others numeric

# Categories whose time includes nested ops (tsl MayHaveInnerOps): not summed into the total.
_INNER_OP_CATEGORIES = ("call", "conditional", "while", "megacore fusion")


def _per_ns(values: np.ndarray, time_ns: np.ndarray) -> np.ndarray:
    """values / time in ns (0 where the time is 0): FLOP/ns = GFLOP/s, bytes/ns = GB/s."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(time_ns > 0, values / time_ns, 0.0)


def _rates(columns: dict[str, np.ndarray], peak_gflops: float, peak_gibps: float) -> dict[str, np.ndarray]:
    """Rates, intensities, utilisations and bound of rows given as float64 arrays (``total_time_ps``,
    ``flops``, ``model_flops``, ``bytes_accessed``, ``hbm_bytes``): the derived columns of ``COLUMNS``."""
    time_ns = columns["total_time_ps"].astype(np.float64) / 1000.0
    flops, ba, hb = columns["flops"], columns["bytes_accessed"], columns["hbm_bytes"]
    out = {
        "flop_rate_gflops": _per_ns(flops, time_ns),
        "model_flop_rate_gflops": _per_ns(columns["model_flops"], time_ns),
        "memory_bw_gibps": _per_ns(ba, time_ns) * 1e9 / GIBI,
        "hbm_bw_gibps": _per_ns(hb, time_ns) * 1e9 / GIBI,
    }
    n = len(time_ns)
    with np.errstate(divide="ignore", invalid="ignore"):
        out["operational_intensity"] = np.where(ba > 0, flops / ba, 0.0)
        out["hbm_operational_intensity"] = np.where(hb > 0, flops / hb, 0.0)
        fu = out["flop_rate_gflops"] / peak_gflops if peak_gflops > 0 else np.full(n, np.nan)
        bu = out["hbm_bw_gibps"] / peak_gibps if peak_gibps > 0 else np.full(n, np.nan)
    out["flops_utilization_ratio"] = fu
    out["hbm_bw_utilization_ratio"] = bu
    f0 = np.nan_to_num(fu, nan=0.0)
    b0 = np.nan_to_num(bu, nan=0.0)
    eff = np.maximum(f0, b0)
    out["roofline_efficiency_ratio"] = np.where(np.isnan(fu) & np.isnan(bu), np.nan, eff)
    with np.errstate(divide="ignore", invalid="ignore"):
        out["optimal_flop_rate_gflops"] = np.where(eff > 0, out["flop_rate_gflops"] / eff, 0.0)
    out["bound_by"] = np.where(b0 > f0, "HBM", np.where(f0 > 0, "Compute", "Unknown")).astype(object)
    return out


def _is_inner_category(categories: np.ndarray) -> np.ndarray:
    """Whether each category (case-insensitive) may hold nested ops; tested once per distinct value."""
    distinct, inverse = np.unique(categories.astype(str), return_inverse=True)
    inner = np.array([c.lower() in _INNER_OP_CATEGORIES for c in distinct], dtype=bool)
    return inner[inverse] if len(distinct) else np.zeros(0, bool)


def _with_program_row(program_row: object, values: np.ndarray) -> np.ndarray:
    """``values`` with the ``Program`` total's value in front."""
    return np.concatenate([np.asarray([program_row], dtype=values.dtype), values])


@result_dataclass
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
    return Roofline(
        table=_table(x, peak_gflops, peak_gibps) if x.num_ops else ec.empty_frame(COLUMNS),
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


def _table(x: XlaOps, peak_gflops: float, peak_gibps: float) -> pd.DataFrame:
    """The roofline table (``COLUMNS``) of ops ``x`` (some), against these peaks (GFLOP/s, GiB/s; 0: unknown)."""
    # ops by self time, longest first (stable), each column as an array (no Series made); the frame is made once
    arrays = x.op_arrays()
    order = np.argsort(-ec.array_values(arrays["self_time_ps"], np.int64), kind="stable")
    text = {c: ec.array_values(arrays[c], object)[order] for c in ("program", "category", "name")}
    ints = {c: ec.array_values(arrays[s], np.int64)[order] for c, s in (("occurrences", "occurrences"),
            ("total_time_ps", "time_ps"), ("self_time_ps", "self_time_ps"))}  # fmt: skip
    floats = {c: ec.array_values(arrays[c], np.float64)[order] for c in ("flops", "model_flops", "bytes_accessed")}
    has_breakdown = ec.array_values(arrays["has_breakdown"], bool)
    floats["hbm_bytes"] = hbm_bytes_values(has_breakdown, arrays["hbm_bytes_all"], arrays["bytes_accessed"])[order]
    total_time = int(x.total_time_ps) if x.source == "device" else int(ints["self_time_ps"].sum())
    # The total's HBM bytes come from the combined breakdown when any op has one (XProf).
    op_inner = _is_inner_category(ec.array_values(arrays["category"], object))
    inner = op_inner[order]  # per op: the rows' categories in the table's order
    program_hbm_of = "hbm_bytes_all" if has_breakdown.any() else "bytes_accessed"
    program_hbm = float(ec.array_values(arrays[program_hbm_of], np.int64)[~op_inner].sum())
    columns: dict[str, np.ndarray] = {}
    for c, name in (("program", ""), ("category", "Program"), ("name", "Program")):
        columns[c] = _with_program_row(name, text[c])
    for c, value in (("occurrences", 1), ("total_time_ps", total_time), ("self_time_ps", 0)):
        columns[c] = _with_program_row(value, ints[c])
    for c in ("flops", "model_flops", "bytes_accessed"):
        columns[c] = _with_program_row(float(floats[c][~inner].sum()), floats[c])
    columns["hbm_bytes"] = _with_program_row(program_hbm, floats["hbm_bytes"])
    pid = arrays["program_id"]
    columns["program_id"] = pd.arrays.IntegerArray(
        _with_program_row(0, pid.to_numpy(np.uint64, na_value=0)[order]),
        _with_program_row(True, np.asarray(pid.isna())[order]),
    )
    n = len(order) + 1
    columns["rank"] = np.arange(n)
    occ = columns["occurrences"].astype(np.float64)
    time_ps = columns["total_time_ps"]
    columns["avg_time_ps"] = np.where(occ > 0, time_ps.astype(np.float64) / np.maximum(occ, 1), 0.0)
    columns["self_time_pct"] = columns["self_time_ps"] / total_time * 100 if total_time > 0 else np.full(n, np.nan)
    columns["time_pct"] = time_ps / total_time * 100 if total_time > 0 else np.full(n, np.nan)
    columns.update(_rates(columns, peak_gflops, peak_gibps))
    return _frame(columns)


def _frame(columns: dict[str, np.ndarray]) -> pd.DataFrame:
    """``pd.DataFrame`` of ``columns`` in ``COLUMNS`` order, typed without pandas' inference where every
    value of the text columns is a str (pandas infers its ``str`` dtype for them then)."""
    texts = {c: columns[c].tolist() for c in _TEXT_COLUMNS}
    if not all(type(v) is str for values in texts.values() for v in values):
        return pd.DataFrame({c: columns[c] for c in COLUMNS})
    return typed_frame({c: strings(texts[c]) if c in texts else columns[c] for c in COLUMNS})
