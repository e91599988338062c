"""How much of the device's compute and memory bandwidth the ops used: the overview's utilisations.

XProf 2.24.2 leaves these at 0 outside Google: its overview computes FLOPS and memory-bandwidth
utilisation only when given "TPU performance limits", which the open-source build never passes,
and reads MXU and HBM utilisation from hardware counters (``matrix_unit_utilization_percent`` and
``hbm_utilization_percent`` stats of the ``/host:CPU`` plane) that only some TPU runtimes write;
program goodput is not computed at all. nbprof computes them from the device op db and the
device's peaks (``PerfEnv``), the way XProf's own formula (``ComputeTpuAnalysisResult``) would:

* the ops counted are those that have no ops inside them (not ``call``, ``conditional``,
  ``while``, ``megacore fusion``), their FLOPs (XProf's ``flops``, normalised to 16-bit work)
  and HBM bytes (the op's memory-access breakdown where known, else all its bytes);
* ``time`` is the device time the ops ran in, idle included, summed over cores (so rates are per
  core, as the peaks are);
* ``flops_utilization_pct`` = FLOP rate / peak FLOP rate;
  ``flop_rate_utilization_relative_to_roofline_pct`` = FLOP rate / min(operational intensity x
  peak bandwidth, peak FLOP rate) (XProf's definition);
  ``memory_bw_utilization_pct`` = HBM bytes / time / peak HBM bandwidth;
* ``program_goodput_pct`` (nbprof's definition; XProf's is not public) = the time the ops would
  take at the roofline (each op bound by its FLOPs at peak FLOP rate or its HBM bytes at peak
  bandwidth, whichever is longer) / the time the device spent, idle included;
* ``mxu_utilization_pct`` / ``hbm_counter_utilization_pct``: the hardware counters where the
  profile has them (XProf shows them as they are), averaged over hosts.

Percentages are 0-100; None where the peak or the counts are unknown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats.perf_env import PerfEnv, plane_names
from nbprof.xspace import semantics as xs

# tsl MayHaveInnerOps: their time and costs include the ops nested in them.
INNER_OP_CATEGORIES = ("call", "conditional", "while", "megacore fusion")
GIBI = 2**30


@dataclass(frozen=True)
class Utilization:
    """The overview's utilisation metrics (percent, 0-100; None where unknown) and what they rest on.

    ``flops``, ``hbm_bytes``: totals of the counted ops; ``time_ps``: the device time they are
    divided by (summed over cores, idle included); ``basis``: which time that is.
    """

    flops_utilization_pct: float | None
    flop_rate_utilization_relative_to_roofline_pct: float | None
    memory_bw_utilization_pct: float | None
    program_goodput_pct: float | None
    flop_rate_gflops: float
    hbm_bw_gibps: float
    operational_intensity: float
    flops: float
    hbm_bytes: float
    time_ps: int
    basis: str


def leaf_ops(ops: pd.DataFrame) -> pd.DataFrame:
    """The ops whose costs are their own (categories that may hold inner ops left out)."""
    return ops[is_leaf(ops)]


def is_leaf(ops: Mapping[str, Any]) -> np.ndarray:
    """Row mask of ``leaf_ops``: the op's category (as str, lower case) may hold no inner ops
    (tested once per distinct category). ``ops``: a frame, or its columns by name (Series or arrays)."""
    categories = _array(ops["category"], object)
    code, distinct = pd.factorize(categories, use_na_sentinel=False)
    inner = np.array([str(c).lower() in INNER_OP_CATEGORIES for c in distinct], dtype=bool)
    return ~inner[code] if len(distinct) else np.ones(len(categories), bool)


def _array(column: Any, dtype: Any) -> np.ndarray:
    """A column's values as a numpy array of ``dtype``: a Series' ``to_numpy``, else ``np.asarray``."""
    return column.to_numpy(dtype) if isinstance(column, pd.Series) else np.asarray(column, dtype=dtype)


def _sum_of(column: Any, rows: np.ndarray) -> float:
    """``float(pd.Series(column)[rows].sum())`` (pandas' sum: integers as int64 or uint64, NaN skipped)
    without selecting a Series for a numpy column (``column``: a Series, numpy or pandas array)."""
    dtype = column.dtype
    if not isinstance(dtype, np.dtype) or dtype.kind not in "iubf":
        series = column if isinstance(column, pd.Series) else pd.Series(column)
        return float(series[rows].sum())
    values = _array(column, None)[rows]
    if dtype.kind == "f":
        return float(np.nansum(values))
    return float(values.sum(dtype=np.uint64 if dtype.kind == "u" else np.int64))


def hbm_bytes_of(ops: Mapping[str, Any]) -> np.ndarray:
    """HBM bytes per op: the memory-access breakdown's where the op has one, else all its bytes
    (``ops``: a frame, or its columns by name)."""
    has_breakdown = _array(ops["has_breakdown"], bool)
    return np.where(has_breakdown, ops["hbm_bytes_all"], ops["bytes_accessed"]).astype(np.float64)


def device_utilization(ops: Mapping[str, Any], time_ps: int, env: PerfEnv, basis: str) -> Utilization:
    """Utilisations of device ops (device op db rows, no IDLE) over ``time_ps`` against ``env``'s peaks.
    ``ops``: a frame, or its columns by name (Series, numpy or pandas arrays; ``XlaOps.op_columns``):
    ``category``, ``flops``, ``has_breakdown``, ``hbm_bytes_all``, ``bytes_accessed``."""
    leaf = is_leaf(ops) if len(ops["flops"]) else np.zeros(0, bool)
    n_leaves = int(leaf.sum())
    flops = _sum_of(ops["flops"], leaf) if n_leaves else 0.0
    hbm = hbm_bytes_of(ops)[leaf] if n_leaves else np.zeros(0)
    hbm_total = float(hbm.sum())
    seconds = time_ps / 1e12
    rate = flops / seconds if seconds > 0 else 0.0  # FLOP/s
    bandwidth = hbm_total / seconds if seconds > 0 else 0.0  # bytes/s
    intensity = flops / hbm_total if hbm_total > 0 else 0.0
    peak_flops = env.peak_tflops * 1e12
    peak_bw = env.peak_hbm_gibps * GIBI
    counted = seconds > 0 and n_leaves > 0
    flops_pct = 100.0 * rate / peak_flops if counted and peak_flops > 0 and flops > 0 else None
    bw_pct = 100.0 * bandwidth / peak_bw if counted and peak_bw > 0 and hbm_total > 0 else None
    roofline_pct = None
    goodput = None
    if counted and peak_flops > 0 and peak_bw > 0 and (flops > 0 or hbm_total > 0):
        attainable = min(intensity * peak_bw, peak_flops) if hbm_total > 0 else peak_flops
        roofline_pct = 100.0 * rate / attainable if attainable > 0 else None
        op_flops = _array(ops["flops"], np.float64)[leaf]
        ideal_s = np.maximum(op_flops / peak_flops, hbm / peak_bw).sum()
        goodput = 100.0 * float(ideal_s) / seconds
    return Utilization(
        flops_utilization_pct=flops_pct,
        flop_rate_utilization_relative_to_roofline_pct=roofline_pct,
        memory_bw_utilization_pct=bw_pct,
        program_goodput_pct=goodput,
        flop_rate_gflops=rate / 1e9,
        hbm_bw_gibps=bandwidth / GIBI,
        operational_intensity=intensity,
        flops=flops,
        hbm_bytes=hbm_total,
        time_ps=int(time_ps),
        basis=basis,
    )


def performance_counters(planes: pd.DataFrame) -> dict[str, float | None]:
    """The TPU hardware counters XProf shows (``/host:CPU`` plane stats, percent), averaged over hosts;
    None where no host plane has them."""
    out: dict[str, float | None] = {"mxu_utilization_pct": None, "hbm_counter_utilization_pct": None}
    stats = [stat for stat in (xs.MXU_UTILIZATION_STAT, xs.HBM_UTILIZATION_STAT) if stat in planes.columns]
    if len(planes) == 0 or not stats:  # no plane states a counter (most profiles): no host planes to select
        return out
    host = [i for i, name in enumerate(plane_names(planes)) if name == xs.HOST_PLANE]  # planes, not events
    for key, stat in (("mxu_utilization_pct", xs.MXU_UTILIZATION_STAT),
                      ("hbm_counter_utilization_pct", xs.HBM_UTILIZATION_STAT)):  # fmt: skip
        if stat in stats:
            out[key] = _mean_of_present(planes[stat], host)
    return out


def _mean_of_present(column: pd.Series, rows: list[int]) -> float | None:
    """``pd.to_numeric(column.iloc[rows], errors="coerce").dropna().mean()`` (the column's own type), None
    without a value; a nullable Float64/Int64 column's values read without a Series (its masked mean)."""
    if isinstance(column.dtype, (pd.Float64Dtype, pd.Int64Dtype)):
        values = column.array[rows]
        data = values.to_numpy(dtype=np.float64, na_value=np.nan)[~np.asarray(values.isna(), dtype=bool)]
        if not np.isnan(data).any():  # no NaN that pandas would keep as a value
            return float(np.mean(data, where=np.ones(len(data), bool))) if len(data) else None
    present = pd.to_numeric(column.iloc[rows], errors="coerce").dropna()
    return float(present.mean()) if len(present) else None
