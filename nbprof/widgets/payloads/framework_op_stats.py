"""Framework op stats payload: the op table (pies and the idle toggle work on it in the browser).

Reads ``FrameworkOpStats.table`` (nbprof.tools.framework_op_stats, built by
nbprof.opstats.framework_ops): ``host_or_device``, ``type``, ``name``, ``occurrences``, ``total_time_us``,
``avg_time_us``, ``total_self_time_us``, ``avg_self_time_us``, ``device_self_time_pct``,
``device_cumulative_self_time_pct``, ``host_self_time_pct``, ``host_cumulative_self_time_pct``,
``flop_rate_gflops``, ``model_flop_rate_gflops``, ``memory_bw_gibps``, ``operational_intensity``,
``gpu_tensorcore_utilization_ratio``, ``bound_by``, ``is_eager``, ``execution_mode``, ``rank``.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.tools.framework_op_stats import FrameworkOpStats
from nbprof.widgets.payloads._common import AUTO, HIDDEN, MAX_TABLE_ROWS, notes_of, table, truncation_note

COLUMNS = [
    ("name", "Operation", "name"), ("total_self_time_us", "Total self-time (µs)", "us"),
    ("device_self_time_pct", "Device self-time (%)", "pct", AUTO),
    ("host_self_time_pct", "Host self-time (%)", "pct", AUTO),
    ("type", "Type", "str"), ("host_or_device", "Host/device", "str"),
    ("device_cumulative_self_time_pct", "Device cumulative (%)", "pct", AUTO),
    ("host_cumulative_self_time_pct", "Host cumulative (%)", "pct", AUTO),
    ("occurrences", "Occurrences", "int"), ("avg_self_time_us", "Avg. self-time (µs)", "us"),
    ("total_time_us", "Total time (µs)", "us"), ("avg_time_us", "Avg. time (µs)", "us", HIDDEN),
    ("flop_rate_gflops", "FLOP rate (GFLOP/s)", "num", AUTO),
    ("memory_bw_gibps", "Memory bandwidth (GiB/s)", "num", AUTO), ("bound_by", "Bound by", "str", AUTO),
    ("is_eager", "Eager", "bool", AUTO),
    ("model_flop_rate_gflops", "Model FLOP rate (GFLOP/s)", "num", HIDDEN),
    ("operational_intensity", "Operational intensity (FLOP/byte)", "num", HIDDEN),
    ("gpu_tensorcore_utilization_ratio", "Tensor Core utilisation", "frac", HIDDEN),
    ("execution_mode", "Execution mode", "str", HIDDEN), ("rank", "Rank", "int", HIDDEN),
]  # fmt: skip


def side_totals(frame: pd.DataFrame) -> dict[str, float]:
    """Total and idle self time (µs) per side, so the browser can recompute the %s without idle."""
    self_us = frame["total_self_time_us"].astype("float64")
    idle = frame["type"].astype(str).eq("IDLE").to_numpy()
    sums = self_us.groupby([frame["host_or_device"].astype(str).to_numpy(), idle]).sum()
    out = {"host": 0.0, "device": 0.0, "host_idle": 0.0, "device_idle": 0.0}
    for (side, is_idle), value in sums.items():
        side = str(side).lower()
        out[side] += float(value)
        if is_idle:
            out[f"{side}_idle"] += float(value)
    return out


def busy_side(frame: pd.DataFrame) -> str:
    """``"Device"`` when some device op is not IDLE, else ``"Host"``: the side whose % columns come first."""
    device = frame["host_or_device"].astype(str).eq("Device") & frame["type"].astype(str).ne("IDLE")
    return "Device" if device.any() else "Host"


def columns_for(frame: pd.DataFrame) -> list[tuple[str, ...]]:
    """COLUMNS with the busy side's % columns before the other side's."""
    if busy_side(frame) == "Device":
        return COLUMNS
    first = {"device_self_time_pct": "host_self_time_pct", "host_self_time_pct": "device_self_time_pct"}
    by_id = {c[0]: c for c in COLUMNS}
    return [by_id[first.get(c[0], c[0])] for c in COLUMNS]


def advice(frame: pd.DataFrame) -> str:
    """One plain sentence: the op with the most self time and the top-5 share, of the side's busy time."""
    idle = frame["type"].astype(str).eq("IDLE").to_numpy()
    ops = frame[~idle]
    if len(ops) == 0:
        return "Every op here is IDLE: no framework op names reached the profile; see the op profile and the trace."
    side = busy_side(frame)
    rows = ops[(ops["host_or_device"] == side).to_numpy()]
    busy = float(rows["total_self_time_us"].sum())
    top = rows.nlargest(5, "total_self_time_us")
    share = 100.0 * top["total_self_time_us"] / busy if busy > 0 else top["total_self_time_us"] * 0
    lead = ""
    if side == "Host" and (frame["host_or_device"] == "Device").any():
        lead = "The device's time carries no framework op names (IDLE); on the host, "
    text = (
        f"{top['name'].iloc[0]} ({top['type'].iloc[0]}) has the most self time: {share.iloc[0]:.1f}% of the "
        f"{side.lower()}'s non-idle time; the top {len(top)} ops take {share.sum():.1f}%."
    )
    return lead + text


def build(result: FrameworkOpStats) -> dict[str, Any]:
    """Payload of ``prof.framework_op_stats(include_idle=True)`` (sorted by self time)."""
    frame = result.table
    if len(frame) == 0:
        return {"available": False, "reason": "this profile has no framework ops", "notes": notes_of(result)}
    # only the rows sent need sorting (big frames: nlargest)
    ordered = (
        frame.nlargest(MAX_TABLE_ROWS, "total_self_time_us", keep="first")
        if len(frame) > MAX_TABLE_ROWS
        else frame.sort_values("total_self_time_us", ascending=False, kind="stable")
    )
    return {
        "advice": advice(frame),
        "table": {**table(ordered, columns_for(frame)), "total_rows": int(len(frame))},
        "csv_name": "framework_op_stats.csv",
        "totals": side_totals(frame),
        "notes": truncation_note(frame, "ops") + notes_of(result),
    }
