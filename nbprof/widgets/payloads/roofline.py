"""Roofline payload: the device's roofs, the ops as points (HBM operational intensity, FLOP rate, time)
and the per-op table; a sentence says why when something cannot be drawn (no peaks, no FLOP counts).

Reads ``Roofline`` (nbprof.tools.roofline): ``table`` (row 0 the ``Program`` total; ``name``, ``category``,
``program``, ``occurrences``, ``total_time_ps``, ``avg_time_ps``, ``self_time_ps``, ``self_time_pct``,
``time_pct``, ``flops``, ``model_flops``, ``bytes_accessed``, ``hbm_bytes``, ``flop_rate_gflops``,
``model_flop_rate_gflops``, ``memory_bw_gibps``, ``hbm_bw_gibps``, ``operational_intensity``,
``hbm_operational_intensity``, ``flops_utilization_ratio``, ``hbm_bw_utilization_ratio``,
``roofline_efficiency_ratio``, ``optimal_flop_rate_gflops``, ``bound_by``), ``source``, ``hardware_type``,
``device_type``, ``peak_flop_rate_gflops``, ``peak_hbm_bw_gibps``, ``ridge_point``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from nbprof.tools.roofline import Roofline
from nbprof.widgets.payloads._common import AUTO, HIDDEN, column_values, jsonable, notes_of, table, truncation_note

MAX_POINTS = 1000  # ops drawn, by self time (XProf draws its top 1,000 ops)
GB_PER_GIB = 2**30 / 1e9

COLUMNS = [
    ("name", "Operation", "name"), ("category", "Category", "str"), ("total_time_ps", "Total time", "ps"),
    ("self_time_pct", "Self time (%)", "pct"), ("flop_rate_gflops", "FLOP rate (GFLOP/s)", "num", AUTO),
    ("hbm_operational_intensity", "HBM intensity (FLOP/byte)", "num", AUTO),
    ("hbm_bw_gibps", "HBM BW (GiB/s)", "num", AUTO), ("bound_by", "Bound by", "str", AUTO),
    ("roofline_efficiency_ratio", "Roofline efficiency (%)", "frac", AUTO), ("program", "Program", "name", HIDDEN),
    ("occurrences", "Occurrences", "int", HIDDEN), ("avg_time_ps", "Avg. time", "ps", HIDDEN),
    ("self_time_ps", "Self time", "ps", HIDDEN), ("time_pct", "Total time (%)", "pct", HIDDEN),
    ("flops", "FLOPs", "num", HIDDEN), ("model_flops", "Model FLOPs", "num", HIDDEN),
    ("bytes_accessed", "Bytes accessed", "bytes", HIDDEN), ("hbm_bytes", "HBM bytes", "bytes", HIDDEN),
    ("model_flop_rate_gflops", "Model FLOP rate (GFLOP/s)", "num", HIDDEN),
    ("memory_bw_gibps", "Memory BW (GiB/s)", "num", HIDDEN),
    ("operational_intensity", "Operational intensity (FLOP/byte)", "num", HIDDEN),
    ("flops_utilization_ratio", "FLOP rate / peak (%)", "frac", HIDDEN),
    ("hbm_bw_utilization_ratio", "HBM BW / peak (%)", "frac", HIDDEN),
    ("optimal_flop_rate_gflops", "Optimal FLOP rate (GFLOP/s)", "num", HIDDEN), ("rank", "Rank", "int", HIDDEN),
]  # fmt: skip

# point payload key -> (table column, type)
POINT_FIELDS = {
    "name": ("name", "str"), "category": ("category", "str"), "program": ("program", "str"),
    "time_ps": ("total_time_ps", "int"), "time_pct": ("time_pct", "num"), "flop_rate": ("flop_rate_gflops", "num"),
    "intensity": ("hbm_operational_intensity", "num"), "hbm_bw": ("hbm_bw_gibps", "num"),
    "bound_by": ("bound_by", "str"), "efficiency": ("roofline_efficiency_ratio", "num"),
    "occurrences": ("occurrences", "int"), "row": ("rank", "int"),
}  # fmt: skip


def shared_names(ops: pd.DataFrame) -> bool:
    """Whether ops of different programs share a name (the Program column is then shown)."""
    return bool((ops.groupby(ops["name"].astype(str))["program"].nunique() > 1).any())


def columns_for(ops: pd.DataFrame) -> list[tuple[str, ...]]:
    """The table's columns: ``COLUMNS``, with Program shown when names alone do not tell ops apart."""
    if not shared_names(ops):
        return COLUMNS
    return [("program", "Program", "name") if c[0] == "program" else c for c in COLUMNS]


def finite(value: float) -> float | None:
    """``value`` when it is a positive finite number, else None."""
    return float(value) if value is not None and math.isfinite(value) and value > 0 else None


def device(result: Roofline) -> dict[str, Any]:
    """The device's name and roofs: peak FLOP rate (GFLOP/s), HBM bandwidth (GiB/s), ridge point (FLOP/byte)."""
    return {
        "device_type": str(result.device_type or ""),
        "hardware_type": str(result.hardware_type or ""),
        "peak_flop_rate_gflops": finite(result.peak_flop_rate_gflops),
        "peak_hbm_bw_gibps": finite(result.peak_hbm_bw_gibps),
        "peak_hbm_bw_gbps": finite(result.peak_hbm_bw_gibps * GB_PER_GIB),
        "ridge_point": finite(result.ridge_point),
    }


def placeable(frame: pd.DataFrame) -> np.ndarray:
    """Rows a log-log chart can place: a positive FLOP rate and HBM operational intensity."""
    rate = frame["flop_rate_gflops"].to_numpy(dtype="float64")
    intensity = frame["hbm_operational_intensity"].to_numpy(dtype="float64")
    return np.isfinite(rate) & np.isfinite(intensity) & (rate > 0) & (intensity > 0)


def points(frame: pd.DataFrame) -> dict[str, Any]:
    """Column lists of the points drawn (the ops by self time, then the Program total if placeable)."""
    return {key: column_values(frame[col], kind) for key, (col, kind) in POINT_FIELDS.items()}


def chart_note(result: Roofline, ops: pd.DataFrame, placed: int) -> str:
    """Why the chart lacks roofs or points (empty when it has both)."""
    roofs = finite(result.peak_flop_rate_gflops) is not None
    cpu = result.source == "host"
    parts = []
    if not roofs:
        parts.append(
            "this CPU-only profile gives no peak FLOP rate or memory bandwidth, so there are no roofs"
            if cpu
            else "the profile gives no peak FLOP rate for this device, so there are no roofs"
        )
    missing = len(ops) - placed
    if placed == 0:
        parts.append(f"none of the {len(ops):,} ops carries FLOP counts in this profile, so no op can be placed")
    elif missing:
        parts.append(
            f"{missing:,} of the {len(ops):,} ops do no FLOPs (copies, data movement) and are left off the chart"
        )
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + ("; the table lists every op by self time." if text else "")


def advice(result: Roofline, ops: pd.DataFrame) -> str:
    """One plain sentence: where the time goes by bound, and the op to look at first."""
    time = ops["self_time_ps"].to_numpy(dtype="float64")
    total = time.sum()
    if not finite(result.peak_flop_rate_gflops) or total <= 0 or not placeable(ops).any():
        top = ops.iloc[0]
        return f"{top['name']} takes the most time ({top['self_time_pct']:.1f}% of the ops' self time)."
    by_bound = pd.Series(time).groupby(ops["bound_by"].astype(str).to_numpy()).sum() / total * 100
    shares = ", ".join(f"{pct:.0f}% {name}-bound" for name, pct in by_bound.sort_values(ascending=False).items())
    top = ops.iloc[0]
    efficiency = top["roofline_efficiency_ratio"]
    eff = f" at {100 * efficiency:.0f}% of its roof" if efficiency == efficiency else ""
    return f"Op time: {shares}; the op with most time, {top['name']}, is {str(top['bound_by'])}-bound{eff}."


def build(result: Roofline) -> dict[str, Any]:
    """Payload of ``prof.roofline()``."""
    frame = result.table
    is_program = (frame["category"].astype(str) == "Program").to_numpy()
    ops = frame[~is_program]
    if len(ops) == 0:
        return {"available": False, "reason": "no XLA ops in this profile (the roofline places XLA ops)",
                "device": device(result), "notes": notes_of(result)}  # fmt: skip
    drawn = ops.head(MAX_POINTS)
    ok = placeable(drawn)
    program = frame[is_program]
    total = points(program[placeable(program)]) if len(program) else {}
    notes = notes_of(result)
    if len(ops) > MAX_POINTS:
        notes.insert(0, f"The chart draws the {MAX_POINTS:,} ops with most self time of {len(ops):,}.")
    return {
        "advice": advice(result, ops),
        "device": device(result),
        "points": points(drawn[ok]),
        "program": total,
        "chart_note": chart_note(result, ops, int(placeable(ops).sum())),
        "table": table(frame, columns_for(ops)),
        "total_time_ps": jsonable(result.total_time_ps),
        "notes": truncation_note(frame, "ops") + notes,
    }
