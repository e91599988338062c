"""Framework op stats payload: the op table (pies and the idle toggle work on it in the browser)."""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.widgets.payloads._common import MAX_TABLE_ROWS, table, truncation_note

COLUMNS = [
    ("host_or_device", "Host/device", "str"), ("type", "Type", "str"), ("name", "Operation", "str"),
    ("occurrences", "Occurrences", "int"), ("total_time_us", "Total time (us)", "us"),
    ("avg_time_us", "Avg. time (us)", "us"), ("total_self_time_us", "Total self-time (us)", "us"),
    ("avg_self_time_us", "Avg. self-time (us)", "us"),
    ("device_self_time_pct", "Device total self-time (%)", "pct"),
    ("host_self_time_pct", "Host total self-time (%)", "pct"),
]  # fmt: skip


def build(result: Any) -> dict[str, Any]:
    """Payload of ``prof.framework_op_stats(include_idle=True)`` (sorted by self time)."""
    frame = result.table
    if frame is None or len(frame) == 0:
        return {"available": False, "reason": "this profile has no framework ops"}
    ordered = frame
    if "total_self_time_us" in frame.columns:  # only the rows sent need sorting (big frames: nlargest)
        ordered = (
            frame.nlargest(MAX_TABLE_ROWS, "total_self_time_us", keep="first")
            if len(frame) > MAX_TABLE_ROWS
            else frame.sort_values("total_self_time_us", ascending=False, kind="stable")
        )
    return {
        "table": {**table(ordered, COLUMNS), "total_rows": int(len(frame))},
        "csv_name": "framework_op_stats.csv",
        "totals": side_totals(frame),
        "notes": truncation_note(frame, "ops"),
    }


def side_totals(frame: pd.DataFrame) -> dict[str, float]:
    """Total and idle self time (us) per side, so the browser can recompute the %s without idle."""
    if not {"host_or_device", "total_self_time_us"} <= set(frame.columns):
        return {}
    self_us = pd.to_numeric(frame["total_self_time_us"], errors="coerce").fillna(0.0)
    idle = frame["type"].astype(object).eq("IDLE") if "type" in frame.columns else pd.Series(False, index=frame.index)
    sums = self_us.groupby([frame["host_or_device"].astype(object), idle.to_numpy()], observed=True).sum()
    out = {"host": 0.0, "device": 0.0, "host_idle": 0.0, "device_idle": 0.0}
    for (side, is_idle), value in sums.items():
        side = str(side).lower()
        if side in ("host", "device"):
            out[side] += float(value)
            if is_idle:
                out[f"{side}_idle"] += float(value)
    return out
