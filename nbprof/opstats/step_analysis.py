"""Step-time statistics and XProf's bottleneck verdict, from the step db.

Shared by the overview page and the input-pipeline analyzer, as in XProf
(``op_stats_to_input_pipeline_analysis.cc``: ``ComputeBottleneckAnalysis`` and the step
summaries). Input: rows of ``StepDb.steps`` (usually those ``in_analysis``), times in ps.
Output keys say their units: ``_ms`` milliseconds, ``_pct`` percent (0-100).

With several hosts combined, a step has one row per worker (``core_id``). As XProf's generic
(non-TPU) analysis does, the step-time statistics take each step's slowest worker, while the
per-step details, breakdown averages and the verdict come from the rows of core 1: the first
host's steps (``step_details``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats.step_db import CATEGORIES, DEFAULT_CORE_ID, empty_steps
from nbprof.opstats.step_rows import StepRows
from nbprof.opstats.tpu_steps import tpu_step_time_ps

HIGHLY_INPUT_BOUND_PCT = 20.0
MODERATELY_INPUT_BOUND_PCT = 5.0
ALL_OTHER_BOUND_PCT = 3.0
KERNEL_LAUNCH_BOUND_PCT = (3.0, 15.0)
DEVICE_COLLECTIVES_BOUND_PCT = (3.0, 15.0)


def _rows(steps: pd.DataFrame | StepRows) -> StepRows:
    return steps if isinstance(steps, StepRows) else StepRows(steps)


def _stats(values: pd.Series | np.ndarray, prefix: str) -> dict[str, float]:
    """avg / std (sample, as XProf's tsl::Stat) / min / max (in numpy: a handful of steps, no pandas calls)."""
    v = np.asarray(values, dtype=np.float64)
    if len(v) == 0:
        return {f"{prefix}_avg": 0.0, f"{prefix}_std": 0.0, f"{prefix}_min": 0.0, f"{prefix}_max": 0.0}
    return {
        f"{prefix}_avg": float(v.mean()),
        f"{prefix}_std": float(v.std(ddof=1)) if len(v) > 1 else 0.0,
        f"{prefix}_min": float(v.min()),
        f"{prefix}_max": float(v.max()),
    }


def _row_averages_and_stds(values: np.ndarray) -> tuple[list[float], list[float]]:
    """``_stats``' average and std of each row of a 2-D float64 array, in one numpy call each: a row of a
    C-contiguous array is reduced as that row alone (the same pairwise sums), so the numbers are the
    same as ``_stats`` gives row by row (tests compare them)."""
    rows, n = values.shape
    if n == 0:
        return [0.0] * rows, [0.0] * rows
    averages = values.mean(axis=1).tolist()
    stds = values.std(axis=1, ddof=1).tolist() if n > 1 else [0.0] * rows
    return averages, stds


def step_details(steps: pd.DataFrame) -> pd.DataFrame:
    """The rows XProf lists per step: core 1's (one host: every row; combined: the first host's).
    ``steps`` itself where that is every row (read it, do not write to it)."""
    return step_detail_rows(StepRows(steps)).frame()


def step_detail_rows(steps: StepRows) -> StepRows:
    """``step_details`` as ``StepRows`` (``steps`` itself where that is every row)."""
    if "core_id" not in steps:
        return steps
    mask = _details_mask(steps)
    return steps if mask.all() else steps.subset(mask)


def _details_mask(steps: pd.DataFrame | StepRows) -> np.ndarray:
    """``step_details``' rows as a mask of ``steps``' rows."""
    steps = _rows(steps)
    if "core_id" not in steps:
        return np.ones(len(steps), bool)
    if steps.is_numpy("core_id"):  # numpy compares without pandas' op
        return steps.values("core_id") == DEFAULT_CORE_ID
    return (steps.series("core_id") == DEFAULT_CORE_ID).to_numpy()


def step_times_ps(steps: pd.DataFrame | StepRows) -> np.ndarray:
    """Each step's time (ps, float64), by step number: its slowest core's, as XProf's
    ComputeStepTimeSummaryInMs."""
    rows = _rows(steps)
    duration = rows.values("duration_ps")
    if "step" not in rows or len(duration) == 0:  # no step: nothing to factorize
        return duration.astype(np.float64)
    step_code, distinct = pd.factorize(rows.values("step"), sort=True)
    slowest = np.full(len(distinct), np.iinfo(np.int64).min, np.int64)
    np.maximum.at(slowest, step_code, duration.astype(np.int64))
    return slowest.astype(np.float64)


def nbprof_breakdown_ps(steps: pd.DataFrame) -> dict[str, pd.Series]:
    """Each step's breakdown as nbprof shows it (ps): XProf's categories, with the time only XLA CPU
    ops covered (``xla_cpu_compute``) taken out of ``all_others`` (XProf's ``all_others_ps`` column
    keeps it)."""
    out = {cat: steps[f"{cat}_ps"] for cat in CATEGORIES}
    if "xla_cpu_compute_ps" in steps.columns:
        xla = steps["xla_cpu_compute_ps"]
        out["all_others"] = (steps["all_others_ps"] - xla).clip(lower=0)
        out["xla_cpu_compute"] = xla
    return out


def nbprof_breakdown_ms(steps: pd.DataFrame | StepRows) -> dict[str, np.ndarray]:
    """``nbprof_breakdown_ps`` in ms (float64 arrays), read with numpy where the columns are numpy
    integers (pandas' Series arithmetic and clip cost ~0.3 ms a call)."""
    rows = _rows(steps)
    names = [f"{cat}_ps" for cat in CATEGORIES]
    has_xla = "xla_cpu_compute_ps" in rows
    if has_xla:
        names.append("xla_cpu_compute_ps")
    if not all(rows.is_numpy(name) for name in names):
        return {cat: values.to_numpy() / 1e9 for cat, values in nbprof_breakdown_ps(rows.frame()).items()}
    out = {cat: rows.values(f"{cat}_ps") / 1e9 for cat in CATEGORIES}
    if has_xla:
        xla = rows.values("xla_cpu_compute_ps")
        out["all_others"] = np.clip(rows.values("all_others_ps") - xla, 0, None) / 1e9
        out["xla_cpu_compute"] = xla / 1e9
    return out


def step_summary(steps: pd.DataFrame | StepRows) -> dict[str, float]:
    """Step-time statistics (ms; each step's slowest core) and per-category averages/stds (ms)
    over the step details (``step_details``) of ``steps``."""
    rows = _rows(steps)
    core_one = _details_mask(rows)
    out: dict[str, float] = {"num_steps": int(core_one.sum())}
    out.update(_stats(step_times_ps(rows) / 1e9, "step_time_ms"))

    def column(name: str) -> np.ndarray:  # a column of the step details, as float64
        return _float64(rows, name)[core_one]

    parts = {cat: column(f"{cat}_ps") for cat in CATEGORIES}
    if "xla_cpu_compute_ps" in rows:  # nbprof_breakdown_ps's split of "all others"
        xla = rows.values("xla_cpu_compute_ps")[core_one]
        others = rows.values("all_others_ps")[core_one]
        parts["all_others"] = np.clip(others - xla, 0, None).astype(np.float64)
        parts["xla_cpu_compute"] = xla.astype(np.float64)
    ms = [values / 1e9 for values in parts.values()] + [column("all_others_ps") / 1e9]
    averages, stds = _row_averages_and_stds(np.stack(ms))
    for k, cat in enumerate(parts):
        out[f"{cat}_ms_avg"] = averages[k]
        out[f"{cat}_ms_std"] = stds[k]
    out["all_others_ms_avg_xprof"] = averages[-1]
    out["all_others_ms_std_xprof"] = stds[-1]
    dur = column("duration_ps")
    with np.errstate(invalid="ignore", divide="ignore"):
        pct = np.where(dur > 0, 100.0 * column("input_ps") / dur, 0.0)
    out.update(_stats(pct, "input_pct_per_step"))
    return out


def _float64(rows: StepRows, name: str) -> np.ndarray:
    """A column of ``rows`` as float64 (``Series.to_numpy(np.float64)``)."""
    if rows.is_numpy(name, "iufb"):
        return rows.values(name).astype(np.float64)
    return rows.series(name).to_numpy(np.float64)


def _level(pct: float, thresholds: tuple[float, float]) -> str:
    moderate, high = thresholds
    return "high" if pct >= high else ("moderate" if pct >= moderate else "no")


def _input_verdict(input_pct: float, other_pct: float) -> tuple[str, str]:
    """XProf's InputAnalysis: the verdict and its sentence from the input and "all others" shares (%)."""
    if input_pct >= HIGHLY_INPUT_BOUND_PCT:
        return "high", (
            f"Your program is HIGHLY input-bound because {input_pct:.1f}% of the total step time sampled is "
            "waiting for input. Therefore, you should first focus on reducing the input time."
        )
    if input_pct >= MODERATELY_INPUT_BOUND_PCT:
        return "moderate", (
            f"Your program is MODERATELY input-bound because {input_pct:.1f}% of the total step time sampled is "
            "waiting for input. Therefore, you would need to reduce both the input time and other time."
        )
    if other_pct >= ALL_OTHER_BOUND_PCT:
        return "potential", (
            f"Your program is POTENTIALLY input-bound because {other_pct:.1f}% of the total step time sampled is "
            "spent on 'All Others' time (which could be due to I/O or Python execution or both)."
        )
    return "none", (
        f"Your program is NOT input-bound because only {input_pct:.1f}% of the total step time sampled is "
        "waiting for input. Therefore, you should focus on reducing other time."
    )


def bottleneck(steps: pd.DataFrame | StepRows) -> dict[str, Any]:
    """XProf's ComputeBottleneckAnalysis on the sums over the step details of ``steps``, with nbprof's
    reading beside it.

    nbprof counts the time in a step when only XLA CPU ops ran (``xla_cpu_compute_ps``: JAX or
    PyTorch/XLA on CPU) as compute, not as "all others": ``verdict``, ``statement`` and
    ``all_others_pct`` are nbprof's; ``verdict_xprof``, ``statement_xprof``, ``input_pct_xprof`` and
    ``all_others_pct_xprof`` are what XProf says. They agree where no XLA CPU op ran in the steps.
    """
    rows = _rows(steps)
    details = _details_mask(rows)

    def total_of(column: str) -> float:  # the column's sum over the step details
        if rows.is_numpy(column):  # numpy sums without pandas' call
            return float(rows.values(column)[details].sum())
        return float(rows.series(column)[details].sum())

    total = total_of("duration_ps")
    if total == 0:
        unknown = "No step time measured. Therefore we cannot tell where the performance bottleneck is."
        return {
            "input_pct": 0.0,
            "verdict": "unknown",
            "statement": unknown,
            "all_others_pct": 0.0,
            "xla_cpu_compute_pct": 0.0,
            "output_pct": 0.0,
            "device_compute_pct": 0.0,
            "kernel_launch_bottleneck": "no",
            "device_collectives_bottleneck": "no",
            "all_others_bottleneck": "no",
            "verdict_xprof": "unknown",
            "statement_xprof": unknown,
            "input_pct_xprof": 0.0,
            "all_others_pct_xprof": 0.0,
        }
    pct = {cat: 100.0 * total_of(f"{cat}_ps") / total for cat in CATEGORIES}
    xla_pct = 100.0 * total_of("xla_cpu_compute_ps") / total if "xla_cpu_compute_ps" in rows else 0.0
    input_pct, xprof_other_pct = pct["input"], pct["all_others"]
    other_pct = max(xprof_other_pct - xla_pct, 0.0)
    verdict_xprof, statement_xprof = _input_verdict(input_pct, xprof_other_pct)
    verdict, statement = _input_verdict(input_pct, other_pct)
    if xla_pct > 0:
        statement += (
            f" (nbprof counts the {xla_pct:.1f}% of the step time when only XLA CPU ops ran as compute; XProf files "
            f"it under 'All Others' and says: {statement_xprof})"
        )
    return {
        "input_pct": input_pct,
        "verdict": verdict,
        "statement": statement,
        "all_others_pct": other_pct,
        "xla_cpu_compute_pct": xla_pct,
        "output_pct": pct["output"],
        "device_compute_pct": pct["device_compute"],
        "kernel_launch_pct": pct["kernel_launch"],
        "device_collectives_pct": pct["device_collectives"],
        "kernel_launch_bottleneck": _level(pct["kernel_launch"], KERNEL_LAUNCH_BOUND_PCT),
        "device_collectives_bottleneck": _level(pct["device_collectives"], DEVICE_COLLECTIVES_BOUND_PCT),
        "all_others_bottleneck": "no" if verdict == "potential" else _level(other_pct, (ALL_OTHER_BOUND_PCT, 15.0)),
        "verdict_xprof": verdict_xprof,
        "statement_xprof": statement_xprof,
        "input_pct_xprof": input_pct,
        "all_others_pct_xprof": xprof_other_pct,
    }


# ------------------------------------------------------------------------------------ TPU
TC_IDLE_BOUND_PCT = 3.0  # XProf's kTcIdleThresholdInPercent
TPU_BREAKDOWN = ("tc_compute", "scv0_compute", "scv0_infeed", "tc_infeed", "tc_outfeed", "tc_idle", "host_transfer")
SPARSE_CORE_BREAKDOWN = ("sc_compute", "sc_idle", "sc_step_time")


def tpu_step_summary(tpu_steps: pd.DataFrame) -> dict[str, float]:
    """XProf's TPU step-time breakdown (``TpuStepTimeBreakdown``): average and std (ms) of each part of
    the per-step TPU details (``StepDb.tpu.steps``), and ``input_pct_per_step_*``: the statistics of each
    step's largest per-core infeed share (%, XProf's input-percent summary).

    SparseCore parts are left out when no step ran on a SparseCore."""
    out: dict[str, float] = {}
    parts = TPU_BREAKDOWN + (SPARSE_CORE_BREAKDOWN if (tpu_steps["sparse_cores"] > 0).any() else ())
    for part in parts:
        s = _stats(tpu_steps[f"{part}_ps"] / 1e9, f"{part}_ms")
        out[f"{part}_ms_avg"] = s[f"{part}_ms_avg"]
        out[f"{part}_ms_std"] = s[f"{part}_ms_std"]
    out.update(_stats(tpu_steps["infeed_pct_max"], "input_pct_per_step"))  # the largest core infeed share
    return out


def tpu_bottleneck(tpu_steps: pd.DataFrame) -> dict[str, Any]:
    """XProf's ComputeTpuBottleneckAnalysis (all cores profiled) on the sums over the TPU steps.

    Shares of XProf's TPU step time (everything but idle, plus idle): ``input_pct`` (TensorCore and
    SparseCore v0 infeed), ``output_pct`` (outfeed), ``tc_idle_pct``, ``compute_pct`` (the rest);
    ``verdict`` and ``statement`` as the generic analysis (input only: TPU steps have no "all others"),
    ``tc_idle_bottleneck`` (``yes`` at 3 % idle) and its statement.
    """
    total = float(tpu_step_time_ps(tpu_steps).sum()) if len(tpu_steps) else 0.0
    if total == 0:
        out = bottleneck(empty_steps())
        out.update(tc_idle_pct=0.0, compute_pct=0.0, tc_idle_bottleneck="no", tc_idle_statement="")
        return out
    input_pct = 100.0 * float((tpu_steps["tc_infeed_ps"] + tpu_steps["scv0_infeed_ps"]).sum()) / total
    output_pct = 100.0 * float(tpu_steps["tc_outfeed_ps"].sum()) / total
    idle_pct = 100.0 * float(tpu_steps["tc_idle_ps"].sum()) / total
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
    else:
        verdict = "none"
        statement = (
            f"Your program is NOT input-bound because only {input_pct:.1f}% of the total step time sampled is "
            "waiting for input. Therefore, you should focus on reducing other time."
        )
    idle_bound = idle_pct >= TC_IDLE_BOUND_PCT
    return {
        "input_pct": input_pct,
        "verdict": verdict,
        "statement": statement,
        "output_pct": output_pct,
        "tc_idle_pct": idle_pct,
        "compute_pct": max(0.0, 100.0 - input_pct - output_pct - idle_pct),
        "all_others_pct": 0.0,
        "device_compute_pct": max(0.0, 100.0 - input_pct - output_pct - idle_pct),
        "tc_idle_bottleneck": "yes" if idle_bound else "no",
        "tc_idle_statement": (
            f"{idle_pct:.1f} % of the total step time sampled is due to host overhead that is not input-related "
            "(TensorCore idle): run several steps per host call (e.g. a training loop inside one jit / tf.function)."
            if idle_bound
            else ""
        ),
        "kernel_launch_bottleneck": "no",
        "device_collectives_bottleneck": "no",
        "all_others_bottleneck": "no",
        "verdict_xprof": verdict,
        "statement_xprof": statement,
        "input_pct_xprof": input_pct,
        "all_others_pct_xprof": 0.0,
    }
