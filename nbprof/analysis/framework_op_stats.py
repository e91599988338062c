"""Framework op stats: XProf's "Framework Op Stats" (TF stats) table, host and device.

Built from the op metrics dbs (``op_metrics.py``) as ``xprof/convert/op_stats_to_tf_stats.cc``
and ``op_metrics_db_utils.cc::CreateTfMetricsDbFromDeviceOpMetricsDb`` do:

- host rows are the host op metrics db as is (one row per framework op name);
- device rows group the device ops by the framework op they came from (their
  ``provenance``, parsed as ``name:type``); a device op without one keeps its own name with
  type ``Unknown``. Occurrences of a framework op = the largest occurrence count among its
  device ops; times, FLOPs and bytes add up;
- rows are sorted per side by total self time (then name), device side first; percentages
  are of the side's total time (with idle: the db's span-based total; without: the sum of
  op self times).

Columns (percentages 0-100, times in µs as in XProf, ps columns beside):
``rank``, ``host_or_device``, ``type``, ``name``, ``occurrences``, ``total_time_us``,
``avg_time_us``, ``total_self_time_us``, ``avg_self_time_us``, ``device_self_time_pct``,
``device_cumulative_self_time_pct``, ``host_self_time_pct``, ``host_cumulative_self_time_pct``,
``flop_rate_gflops`` (FLOPs / total time), ``model_flop_rate_gflops``, ``memory_bw_gibps``
(GiB/s), ``operational_intensity`` (FLOPs/byte), ``bound_by`` (``Compute``/``HBM``/``Unknown``
against the device's peaks), ``is_eager``, ``execution_mode`` (``Eager``/``Function``),
``total_time_ps``, ``total_self_time_ps``, ``flops``, ``model_flops``, ``bytes_accessed`` and,
when the device is a GPU, ``gpu_tensorcore_utilization`` (0-1; 0 here, see notes).

Unlike XProf, which lists at most 500 ops per side, the frame keeps every op;
``FrameworkOpStats.to_xprof_csv()`` writes XProf's CSV export (its column labels, its units:
µs and fractions, its 500-per-side cap) — byte for byte what XProf 2.24's "Export as CSV"
returns for the fixtures. ``to_csv()`` stays pandas' own (all columns above).
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from nbprof.analysis import _tf_op
from nbprof.analysis._result import ToolFrame
from nbprof.analysis.op_metrics import GPU_PLANE_PREFIX, IDLE, TPU_PLANE_PREFIX, op_metrics

XPROF_MAX_OPS_PER_SIDE = 500
_GIBI = 2**30 / 1e9  # GiB per GB

# XProf's CSV labels and the columns they come from (``None``: computed at export).
_XPROF_COLUMNS: list[tuple[str, str]] = [
    ("Rank", "rank"),
    ("Host/device", "host_or_device"),
    ("Operation Type", "type"),
    ("Operation Name", "name"),
    ("#Occurrences", "occurrences"),
    ("Total time (us)", "total_time_us"),
    ("Avg. time (us)", "avg_time_us"),
    ("Total self-time (us)", "total_self_time_us"),
    ("Avg. self-time (us)", "avg_self_time_us"),
    ("Total self-time on Device (%)", "device_self_time_pct"),
    ("Cumulative total-self time on Device (%)", "device_cumulative_self_time_pct"),
    ("Total self-time on Host (%)", "host_self_time_pct"),
    ("Cumulative total-self time on Host (%)", "host_cumulative_self_time_pct"),
    ("Normalized FLOP Rate (FLOPs/s)", "flop_rate_gflops"),
    ("Model FLOP Rate (GFLOP/s)", "model_flop_rate_gflops"),
    ("Measured Memory BW (GBytes/Sec)", "memory_bw_gibps"),
    ("Operational Intensity (FLOPs/Byte)", "operational_intensity"),
    ("GPU TensorCore utilization", "gpu_tensorcore_utilization"),
    ("Bound by", "bound_by"),
    ("Execution mode", "execution_mode"),
]


class FrameworkOpStats(ToolFrame):
    """The framework-op-stats DataFrame, with XProf's CSV export (``to_xprof_csv``)."""

    def xprof_rows(self, max_ops_per_side: int | None = XPROF_MAX_OPS_PER_SIDE) -> pd.DataFrame:
        """The rows XProf lists: per side, the top ``max_ops_per_side`` by self time.

        XProf takes the top 500 of the db including its IDLE entry and only then drops IDLE
        from the table without idle, so that table can list 499 ops.
        """
        frame = pd.DataFrame(self)
        if max_ops_per_side is None:
            return frame
        idle = (self.info or {}).get("idle_time_ps", {}) if not (self.info or {}).get("include_idle", True) else {}
        parts = []
        for side, rows in frame.groupby("host_or_device", sort=False):
            cap = max_ops_per_side
            if side in idle:
                ahead = (rows["total_self_time_ps"] > idle[side]) | (
                    (rows["total_self_time_ps"] == idle[side]) & (rows["name"] < "IDLE")
                )
                if int(ahead.sum()) < max_ops_per_side:
                    cap -= 1
            parts.append(rows.head(cap))
        return pd.concat(parts) if parts else frame

    def to_xprof_csv(
        self, path: str | Path | None = None, max_ops_per_side: int | None = XPROF_MAX_OPS_PER_SIDE
    ) -> str | None:
        """Write the table as XProf's "Export as CSV" does; return the text when ``path`` is None.

        Same column labels and order as XProf (``GPU TensorCore utilization`` only for GPU
        profiles), every cell quoted, numbers as Python writes floats, percentages as
        fractions (0-1) and at most ``max_ops_per_side`` rows per side (XProf: 500;
        ``None`` keeps all).
        """
        frame = _xprof_fractions(self.xprof_rows(max_ops_per_side), (self.info or {}).get("total_time_ps", {}))
        columns = [(label, col) for label, col in _XPROF_COLUMNS if col in frame.columns]
        buffer = io.StringIO()
        writer = csv.writer(buffer, quoting=csv.QUOTE_ALL, lineterminator="\n")
        writer.writerow([label for label, _ in columns])
        for values in zip(*(_xprof_cells(frame[col], col) for _, col in columns)):
            writer.writerow(values)
        text = buffer.getvalue()
        if path is None:
            return text
        Path(path).write_text(text, encoding="utf-8")
        return None


def _xprof_fractions(frame: pd.DataFrame, totals: dict[str, int]) -> pd.DataFrame:
    """The percentage columns as XProf stores them: fractions of the side's total in µs,
    cumulated row by row (so the CSV matches XProf's digits, not only its values)."""
    frame = frame.copy()
    self_us = frame["total_self_time_ps"].to_numpy(np.float64) / 1e6
    for side in ("Device", "Host"):
        key = side.lower()
        on_side = (frame["host_or_device"] == side).to_numpy()
        total_us = totals.get(side, 0) / 1e6
        fraction = np.where(on_side, self_us / total_us, 0.0) if total_us else np.zeros(len(frame))
        frame[f"{key}_self_time_pct"] = fraction
        frame[f"{key}_cumulative_self_time_pct"] = np.where(on_side, np.cumsum(fraction), 0.0)
    return frame


def _xprof_cells(series: pd.Series, column: str) -> list[str]:
    if series.dtype == object or isinstance(series.dtype, pd.StringDtype):
        return [str(v) for v in series]
    return [str(float(v)) for v in series.to_numpy(dtype=np.float64)]


def framework_op_stats(profile: Any, include_idle: bool = True) -> FrameworkOpStats:
    """XProf's framework op stats table of a profile (see the module docstring for columns)."""
    metrics = op_metrics(profile)
    frame = pd.DataFrame(metrics)
    device = _device_framework_ops(frame[frame["host_or_device"] == "Device"], include_idle)
    host = _host_framework_ops(frame[frame["host_or_device"] == "Host"], include_idle)
    totals = _side_totals(frame, include_idle)
    peak_tflops, peak_hbm_gibps, is_gpu = _perf_env(profile)

    parts = []
    for side, ops in (("Device", device), ("Host", host)):
        if len(ops) == 0:
            continue
        ops = ops.sort_values(["self_time_ps", "name"], ascending=[False, True], kind="stable")
        ops = ops.assign(host_or_device=side)
        total = totals.get(side, 0)
        pct = 100.0 * ops["self_time_ps"].to_numpy(np.float64) / total if total else np.zeros(len(ops))
        cumulative = np.cumsum(pct)
        zeros = np.zeros(len(ops))
        key = side.lower()
        other = "host" if side == "Device" else "device"
        ops[f"{key}_self_time_pct"] = pct
        ops[f"{key}_cumulative_self_time_pct"] = cumulative
        ops[f"{other}_self_time_pct"] = zeros
        ops[f"{other}_cumulative_self_time_pct"] = zeros
        parts.append(ops)
    table = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=_EMPTY_COLUMNS)
    table = _finish(table, peak_tflops, peak_hbm_gibps, is_gpu)
    info = dict(metrics.info)
    info["include_idle"] = include_idle
    info["total_time_ps"] = totals
    idle_rows = frame[frame["category"] == IDLE]
    idle_by_side = idle_rows.groupby("host_or_device")["self_time_ps"].sum()
    info["idle_time_ps"] = {str(k): int(v) for k, v in idle_by_side.items()}
    notes = list(metrics.info.get("notes", []))
    notes.append(
        f"XProf lists at most {XPROF_MAX_OPS_PER_SIDE} ops per side; this table keeps all "
        f"({int((table['host_or_device'] == 'Host').sum())} host, "
        f"{int((table['host_or_device'] == 'Device').sum())} device rows)"
    )
    if is_gpu:
        notes.append(
            "gpu_tensorcore_utilization is 0: per-op tensor-core use needs kernel stats keyed by "
            "framework op, which this table does not join"
        )
    info["notes"] = notes
    out = FrameworkOpStats(table)
    out.tool = "framework_op_stats"
    out.info = info
    return out


_EMPTY_COLUMNS = [
    "host_or_device",
    "type",
    "name",
    "occurrences",
    "total_time_ps",
    "self_time_ps",
    "flops",
    "model_flops",
    "bytes_accessed",
    "is_eager",
]


def _host_framework_ops(host: pd.DataFrame, include_idle: bool) -> pd.DataFrame:
    """Host db rows combined across hosts by op name (XProf's OpStats combiner)."""
    if not include_idle:
        host = host[host["category"] != IDLE]
    if len(host) == 0:
        return pd.DataFrame(columns=_EMPTY_COLUMNS)
    host = host.assign(category=host["category"].where(host["category"] != "", None))
    grouped = (
        host.groupby("name", sort=False)
        .agg(
            type=("category", "first"),
            occurrences=("occurrences", "sum"),
            total_time_ps=("total_time_ps", "sum"),
            self_time_ps=("self_time_ps", "sum"),
            flops=("flops", "sum"),
            model_flops=("model_flops", "sum"),
            bytes_accessed=("bytes_accessed", "sum"),
            is_eager=("is_eager", "any"),
        )
        .reset_index()
    )
    grouped["type"] = grouped["type"].fillna("")
    return grouped


def _device_framework_ops(device: pd.DataFrame, include_idle: bool) -> pd.DataFrame:
    """Device ops grouped by their framework op (``CreateTfMetricsDbFromDeviceOpMetricsDb``)."""
    if len(device) == 0:
        return pd.DataFrame(columns=_EMPTY_COLUMNS)
    # Combine hosts first: the same device op on several hosts is one op metrics entry.
    device = (
        device.groupby(["program_id", "name"], sort=False)
        .agg(
            category=("category", "first"),
            provenance=("provenance", "first"),
            occurrences=("occurrences", "sum"),
            total_time_ps=("total_time_ps", "sum"),
            self_time_ps=("self_time_ps", "sum"),
            flops=("flops", "sum"),
            model_flops=("model_flops", "sum"),
            bytes_accessed=("bytes_accessed", "sum"),
            is_eager=("is_eager", "last"),
        )
        .reset_index()
    )
    is_idle = (device["category"] == IDLE).to_numpy()
    if not include_idle:
        device = device[~is_idle]
        is_idle = np.zeros(len(device), bool)
    provenance = device["provenance"].to_numpy(dtype=object)
    distinct = pd.unique(provenance)
    _, parsed_name, parsed_type = _tf_op.parse_many(distinct)
    pos = pd.Index(distinct).get_indexer(provenance)
    has_prov = provenance != ""
    tf_name = np.where(has_prov, parsed_name[pos] if len(pos) else provenance, device["name"].to_numpy(dtype=object))
    tf_type = np.where(has_prov, parsed_type[pos] if len(pos) else "", "")
    tf_type = np.where(tf_type == "", "Unknown", tf_type)
    tf_name = np.where(is_idle, IDLE, tf_name)
    tf_type = np.where(is_idle, IDLE, tf_type)
    device = device.assign(tf_name=tf_name.astype(str), tf_type=tf_type.astype(str))
    return (
        device.groupby("tf_name", sort=False)
        .agg(
            type=("tf_type", "first"),
            occurrences=("occurrences", "max"),
            total_time_ps=("total_time_ps", "sum"),
            self_time_ps=("self_time_ps", "sum"),
            flops=("flops", "sum"),
            model_flops=("model_flops", "sum"),
            bytes_accessed=("bytes_accessed", "sum"),
            is_eager=("is_eager", "last"),
        )
        .reset_index()
        .rename(columns={"tf_name": "name"})
    )


def _side_totals(frame: pd.DataFrame, include_idle: bool) -> dict[str, int]:
    """Total time per side over hosts: db totals with idle, else op self-time totals."""
    column = "db_total_time_ps" if include_idle else "db_total_op_time_ps"
    out: dict[str, int] = {}
    for side in ("Device", "Host"):
        rows = frame[frame["host_or_device"] == side]
        out[side] = int(rows.groupby("host")[column].first().sum()) if len(rows) else 0
    return out


def _perf_env(profile: Any) -> tuple[float, float, bool]:
    """(peak TFLOP/s, peak HBM GiB/s, is GPU) of the first device plane, as XProf's PerfEnv."""
    names = [str(n) for n in profile.planes["name"]] if len(profile.planes) else []
    is_tpu = any(n.startswith(TPU_PLANE_PREFIX) for n in names)
    is_gpu = not is_tpu and any(n.startswith(GPU_PLANE_PREFIX) for n in names)
    if not (is_tpu or is_gpu):
        return 0.0, 0.0, False
    try:
        from nbprof.analysis._device_peaks import peak_of

        tflops, hbm = peak_of(profile.planes, TPU_PLANE_PREFIX if is_tpu else GPU_PLANE_PREFIX)
    except Exception:  # peaks are an extra: never fail the table for them
        tflops, hbm = math.nan, math.nan
    return (0.0 if tflops != tflops else tflops), (0.0 if hbm != hbm else hbm), is_gpu


def _safe_ratio(numerator: np.ndarray, denominator: np.ndarray | float) -> np.ndarray:
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.broadcast_to(np.asarray(denominator, dtype=np.float64), numerator.shape)
    out = np.zeros_like(numerator)
    ok = denominator != 0
    out[ok] = numerator[ok] / denominator[ok]
    return out


def _finish(table: pd.DataFrame, peak_tflops: float, peak_hbm_gibps: float, is_gpu: bool) -> pd.DataFrame:
    """Derived columns: µs times, averages, rates, roofline bound, execution mode, rank."""
    if len(table) == 0:
        table = pd.DataFrame(
            columns=_EMPTY_COLUMNS
            + [
                "device_self_time_pct",
                "device_cumulative_self_time_pct",
                "host_self_time_pct",
                "host_cumulative_self_time_pct",
            ]
        )
    total_ps = table["total_time_ps"].to_numpy(np.float64)
    self_ps = table["self_time_ps"].to_numpy(np.float64)
    occurrences = table["occurrences"].to_numpy(np.float64)
    time_ns = total_ps / 1e3
    flops = table["flops"].to_numpy(np.float64)
    model_flops = table["model_flops"].to_numpy(np.float64)
    bytes_accessed = table["bytes_accessed"].to_numpy(np.float64)
    out = pd.DataFrame(
        {
            "rank": np.arange(1, len(table) + 1, dtype=np.int64),
            "host_or_device": table["host_or_device"].astype(str).to_numpy(),
            "type": table["type"].astype(str).to_numpy(),
            "name": table["name"].astype(str).to_numpy(),
            "occurrences": occurrences.astype(np.int64),
            "total_time_us": total_ps / 1e6,
            "avg_time_us": _safe_ratio(total_ps / 1e6, occurrences),
            "total_self_time_us": self_ps / 1e6,
            "avg_self_time_us": _safe_ratio(self_ps / 1e6, occurrences),
            "device_self_time_pct": table["device_self_time_pct"].to_numpy(np.float64),
            "device_cumulative_self_time_pct": table["device_cumulative_self_time_pct"].to_numpy(np.float64),
            "host_self_time_pct": table["host_self_time_pct"].to_numpy(np.float64),
            "host_cumulative_self_time_pct": table["host_cumulative_self_time_pct"].to_numpy(np.float64),
        }
    )
    flop_rate = _safe_ratio(flops, time_ns)  # FLOPs/ns = GFLOP/s
    memory_bw = _safe_ratio(bytes_accessed, time_ns) / _GIBI  # GiB/s
    out["flop_rate_gflops"] = flop_rate
    out["model_flop_rate_gflops"] = _safe_ratio(model_flops, time_ns)
    out["memory_bw_gibps"] = memory_bw
    out["operational_intensity"] = _safe_ratio(flops, bytes_accessed)
    if is_gpu:
        out["gpu_tensorcore_utilization"] = 0.0
    flops_util = _safe_ratio(flop_rate, peak_tflops * 1e3)
    hbm_util = _safe_ratio(memory_bw, peak_hbm_gibps)
    bound = np.where(flops_util > 0, "Compute", "Unknown").astype(object)
    bound = np.where(hbm_util > np.maximum(flops_util, 0), "HBM", bound)
    out["bound_by"] = bound.astype(str)
    is_eager = table["is_eager"].astype(bool).to_numpy()
    out["is_eager"] = is_eager
    out["execution_mode"] = np.where(is_eager, "Eager", "Function")
    out["total_time_ps"] = table["total_time_ps"].to_numpy(np.int64)
    out["total_self_time_ps"] = table["self_time_ps"].to_numpy(np.int64)
    for col in ("flops", "model_flops", "bytes_accessed"):
        out[col] = table[col].to_numpy(np.int64)
    return out
