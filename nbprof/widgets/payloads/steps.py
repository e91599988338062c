"""Per-step charts shared by overview, input pipeline and pod viewer payloads."""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.widgets.payloads._common import column_values

ID_COLUMNS = {
    "step_num",
    "step",
    "step_name",
    "host",
    "core",
    "worker",
    "device",
    "step_id",
    "in_analysis",
    "start_ps",
    "start_ms",
}
TOTAL_COLUMNS = {
    "step_time_ms",
    "step_time",
    "total_ms",
    "duration_ms",
    "duration_ps",
    "step_time_ps",
    # sub-breakdowns of another category: stacking them would count time twice
    "host_wait_input_ps",
    "host_to_device_ps",
    "device_compute_16_ps",
    "device_compute_32_ps",
    "host_wait_input_ms",
    "host_to_device_ms",
    "device_compute_16_ms",
    "device_compute_32_ms",
    "input_wait_ms",
    "xla_cpu_compute_ps",  # the part of all_others_ps that only XLA CPU ops covered
}


def pretty(column: str) -> str:
    """``device_compute_ms`` -> ``Device compute``."""
    for suffix in ("_ms", "_ps", "_us", "_time"):
        if column.endswith(suffix):
            column = column[: -len(suffix)]
    return column.replace("_", " ").strip().capitalize()


def step_graph(frame: pd.DataFrame | None, unit: str = "ms") -> dict[str, Any]:
    """``{"labels": [step numbers], "series": [{"name", "values" (ms)}]}`` from a per-step frame.

    Accepts the wide form (one row per step, one numeric column per category) and the long
    form (``step_num``, ``category``, and a ``ms``/``time_ms`` column)."""
    if frame is None or len(frame) == 0:
        return {"reason": "no steps found in this profile"}
    step_col = next((c for c in ("step_name", "step_num", "step", "step_id") if c in frame.columns), None)
    value_col = next((c for c in ("time_ms", "ms", "value_ms") if c in frame.columns), None)
    if "category" in frame.columns and value_col and step_col:
        wide = frame.pivot_table(
            index=step_col, columns="category", values=value_col, aggfunc="sum", sort=False, observed=True
        ).fillna(0.0)
        labels = [str(v) for v in wide.index.tolist()]
        series = [{"name": str(c), "values": column_values(wide[c], "num")} for c in wide.columns]
        return {"labels": labels, "series": [s for s in series if any(s["values"])]}
    scale = 1e-9 if unit == "ps" else 1.0
    numeric = [
        c
        for c in frame.columns
        if c not in ID_COLUMNS
        and c not in TOTAL_COLUMNS
        and pd.api.types.is_numeric_dtype(frame[c])
        and not pd.api.types.is_bool_dtype(frame[c])
        and not c.endswith(("_pct", "_percent"))
        and (c.endswith("_ps") if unit == "ps" else True)
    ]
    labels = [str(v) for v in (frame[step_col] if step_col else pd.RangeIndex(len(frame))).tolist()]
    if "host" in frame.columns and frame["host"].nunique() > 1:  # several hosts: say whose step it is
        labels = [f"{h}:{lab}" for h, lab in zip(frame["host"].astype(str), labels)]
    series = []
    for col in numeric:
        values = pd.to_numeric(frame[col], errors="coerce").fillna(0.0) * scale
        if values.abs().sum() > 0:
            series.append({"name": pretty(col), "values": column_values(values, "num")})
    return {"labels": labels, "series": series}
