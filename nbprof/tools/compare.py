"""Compare two profiles of the same program: what got faster, what got slower.

``compare(before, after)`` answers the question every optimisation asks, which XProf
cannot: per step-time category and per op, how did the time change?

* **Step time** — from ``prof.steps`` (the steps XProf's averages use, ``in_analysis``):
  the mean step time and each breakdown category (``<category>_ps`` columns), in ms,
  with the change and its share of the step.
* **Ops** — by default the framework ops of ``framework_op_stats`` (host and device rows,
  keyed by side and op name). When a profile has no framework ops (JAX on CPU: XProf's
  host op db only knows TF ops), the comparison falls back to **events**: self time per
  event name and plane kind (``Host``/``Device``) from ``prof.events``.
* Op times are compared **per step** when both profiles have steps (total self time divided
  by the number of steps in the profile), otherwise as totals; ``summary["normalization"]``
  says which. An op is ``new`` / ``vanished`` when it has no time on one side, ``slower`` /
  ``faster`` when its time changed by at least ``min_change_pct`` percent and
  ``min_change_us``, else ``same``.

Result: ``Comparison`` with ``summary`` (dict), ``step_time``, ``ops`` (every op),
``slower`` / ``faster`` (the ``top`` largest changes), ``new``, ``vanished`` and ``notes``.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.opstats import OpStats
from nbprof.opstats.op_metrics_db import IDLE
from nbprof.opstats.op_stats import CombinedOpStats
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace import semantics as xs

OP_COLUMNS = [
    "host_or_device",
    "name",
    "type",
    "before_us",
    "after_us",
    "delta_us",
    "delta_pct",
    "ratio",
    "before_occurrences",
    "after_occurrences",
    "status",
]
STEP_COLUMNS = ["metric", "before_ms", "after_ms", "delta_ms", "delta_pct", "before_pct_of_step", "after_pct_of_step"]


@result_dataclass
class Comparison(ToolResult):
    """Differences between two profiles (see module docstring)."""

    summary: dict[str, Any]
    step_time: pd.DataFrame
    ops: pd.DataFrame
    slower: pd.DataFrame
    faster: pd.DataFrame
    new: pd.DataFrame
    vanished: pd.DataFrame
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "compare"
    frame_names: ClassVar[tuple[str, ...]] = ("step_time", "ops")

    def summary_text(self) -> str:
        s = self.summary
        lines = ["<Comparison before -> after>"]
        if s.get("step_time_ms_before") is not None and s.get("step_time_ms_after") is not None:
            lines.append(
                f"  step time {s['step_time_ms_before']:.3f} ms -> {s['step_time_ms_after']:.3f} ms "
                f"({s['step_time_delta_pct']:+.1f}%, speed-up x{s['speedup']:.2f})"
            )
        else:
            lines.append("  step time: not measured in both profiles")
        unit = "per step" if s["normalization"] == "per_step" else "total"
        lines.append(
            f"  {s['level']} ops compared ({unit}): {len(self.slower)} slower, {len(self.faster)} faster "
            f"shown; {len(self.new)} new, {len(self.vanished)} vanished"
        )
        for label, frame in (("slower", self.slower), ("faster", self.faster)):
            for _, row in frame.head(3).iterrows():  # three rows of a small result
                lines.append(f"  {label}: {row['name']} {row['before_us']:.1f} -> {row['after_us']:.1f} us")
        return "\n".join(lines)


# --------------------------------------------------------------------------- steps
def _steps_of(op_stats: OpStats, notes: list[str], label: str) -> pd.DataFrame | None:
    steps = op_stats.step_db.steps
    if steps is None or len(steps) == 0:
        notes.append(f"{label}: no steps found; op times are compared as totals")
        return None
    analysed = op_stats.step_db.analysed_steps
    return analysed if len(analysed) else steps


def _step_means(steps: pd.DataFrame | None) -> pd.Series:
    if steps is None:
        return pd.Series(dtype=np.float64)
    cols = ["duration_ps"] + [c for c in steps.columns if c.endswith("_ps") and c not in ("start_ps", "duration_ps")]
    means = steps[cols].astype(np.float64).mean()
    return means.rename(index={"duration_ps": "step_time_ps"})


def _step_table(before: pd.Series, after: pd.Series) -> pd.DataFrame:
    metrics = list(dict.fromkeys(list(before.index) + list(after.index)))
    if not metrics:
        return pd.DataFrame(columns=STEP_COLUMNS)
    b = before.reindex(metrics).to_numpy(np.float64) / 1e9
    a = after.reindex(metrics).to_numpy(np.float64) / 1e9
    b_step = before.get("step_time_ps", np.nan) / 1e9
    a_step = after.get("step_time_ps", np.nan) / 1e9
    with np.errstate(divide="ignore", invalid="ignore"):
        out = pd.DataFrame(
            {
                "metric": [m.removesuffix("_ps") for m in metrics],
                "before_ms": b,
                "after_ms": a,
                "delta_ms": a - b,
                "delta_pct": np.where(b > 0, 100.0 * (a - b) / b, np.nan),
                "before_pct_of_step": 100.0 * b / b_step if b_step else np.nan,
                "after_pct_of_step": 100.0 * a / a_step if a_step else np.nan,
            }
        )
    return out


# --------------------------------------------------------------------------- ops
def _framework_ops(op_stats: OpStats) -> pd.DataFrame:
    table = op_stats.framework_op_table(include_idle=False).table
    table = table[table["name"] != IDLE]
    return pd.DataFrame(
        {
            "host_or_device": table["host_or_device"].astype(str),
            "name": table["name"].astype(str),
            "type": table["type"].astype(str),
            "self_ps": table["total_self_time_ps"].astype(np.int64),
            "occurrences": table["occurrences"].astype(np.int64),
        }
    )


def _event_ops(op_stats: OpStats) -> pd.DataFrame:
    """Self time per event name, host planes vs device planes (timed events only)."""
    ev = op_stats.frames.events
    if len(ev) == 0:
        return pd.DataFrame(columns=["host_or_device", "name", "type", "self_ps", "occurrences"])
    side = np.where(xs.plane_mask(ev, lambda name: name.startswith("/device:")), "Device", "Host")
    frame = pd.DataFrame(
        {
            "host_or_device": side,
            "name": ev["name"],
            "self_ps": ev["self_ps"].to_numpy(),
            "timed": ~ev["aggregated"].to_numpy(dtype=bool),
        }
    )
    frame = frame[frame["timed"]]
    grouped = (
        frame.groupby(["host_or_device", "name"], observed=True, sort=False)
        .agg(self_ps=("self_ps", "sum"), occurrences=("self_ps", "size"))
        .reset_index()
    )
    grouped["name"] = grouped["name"].astype(str)
    grouped["type"] = "event"
    return grouped[["host_or_device", "name", "type", "self_ps", "occurrences"]]


def _op_table(
    before: pd.DataFrame,
    after: pd.DataFrame,
    scale_before: float,
    scale_after: float,
    min_change_pct: float,
    min_change_us: float,
) -> pd.DataFrame:
    merged = before.merge(after, on=["host_or_device", "name"], how="outer", suffixes=("_before", "_after"))
    b = merged["self_ps_before"].fillna(0).to_numpy(np.float64) / 1e6 / scale_before
    a = merged["self_ps_after"].fillna(0).to_numpy(np.float64) / 1e6 / scale_after
    delta = a - b
    with np.errstate(divide="ignore", invalid="ignore"):
        pct = np.where(b > 0, 100.0 * delta / b, np.nan)
        ratio = np.where(b > 0, a / b, np.inf)
    changed = (np.abs(delta) >= min_change_us) & ((b == 0) | (np.abs(pct) >= min_change_pct))
    status = np.select(
        [b <= 0, a <= 0, changed & (delta > 0), changed & (delta < 0)],
        ["new", "vanished", "slower", "faster"],
        default="same",
    )
    # An op with no time on either side (e.g. zero-length events) is not new or vanished.
    status = np.where((b <= 0) & (a <= 0), "same", status)
    type_col = merged["type_after"].where(merged["type_after"].notna(), merged["type_before"]).fillna("")
    out = pd.DataFrame(
        {
            "host_or_device": merged["host_or_device"].astype(str),
            "name": merged["name"].astype(str),
            "type": type_col.astype(str),
            "before_us": b,
            "after_us": a,
            "delta_us": delta,
            "delta_pct": pct,
            "ratio": ratio,
            "before_occurrences": merged["occurrences_before"].fillna(0).astype(np.int64),
            "after_occurrences": merged["occurrences_after"].fillna(0).astype(np.int64),
            "status": status,
        }
    )
    return out.sort_values("delta_us", ascending=False, key=np.abs, kind="stable").reset_index(drop=True)


def compare(
    before: OpStats,
    after: OpStats,
    *,
    top: int = 10,
    min_change_pct: float = 5.0,
    min_change_us: float = 1.0,
    level: str = "auto",
) -> Comparison:
    """Differences between two profiles of the same program (see module docstring).

    ``level``: ``"framework"`` (framework op stats), ``"events"`` (self time per event
    name) or ``"auto"`` (framework ops when both profiles have some, else events).
    ``min_change_us`` applies to the compared unit (µs per step, or µs in total).
    """
    if level not in ("auto", "framework", "events"):
        raise NbprofError(f"compare: level must be 'auto', 'framework' or 'events', not {level!r}")
    notes: list[str] = []
    steps_b = _steps_of(before, notes, "before")
    steps_a = _steps_of(after, notes, "after")
    means_b, means_a = _step_means(steps_b), _step_means(steps_a)
    step_table = _step_table(means_b, means_a)

    if level in ("auto", "framework"):
        ops_b, ops_a = _framework_ops(before), _framework_ops(after)
        if level == "auto" and (len(ops_b) == 0 or len(ops_a) == 0):
            notes.append("no framework ops in one profile (e.g. JAX on CPU): comparing self time per event name")
            level = "events"
        else:
            level = "framework"
    if level == "events":
        ops_b, ops_a = _event_ops(before), _event_ops(after)

    per_step = steps_b is not None and steps_a is not None
    n_b = float(_step_count(before)) if per_step else 1.0
    n_a = float(_step_count(after)) if per_step else 1.0
    for label, stats in (("before", before), ("after", after)):
        if len(stats.hosts) > 1:
            notes.append(
                f"{label}: {len(stats.hosts)} hosts: step means over every host's row of the steps all hosts ran "
                "(XProf's combined steps); op times add up the hosts, per step = per step of one host"
            )
    if per_step and (n_b == 0 or n_a == 0):
        per_step, n_b, n_a = False, 1.0, 1.0
    ops = _op_table(ops_b, ops_a, n_b, n_a, min_change_pct, min_change_us)

    step_b = means_b.get("step_time_ps")
    step_a = means_a.get("step_time_ps")
    summary: dict[str, Any] = {
        "level": level,
        "normalization": "per_step" if per_step else "total",
        "steps_before": int(n_b) if per_step else (0 if steps_b is None else len(steps_b)),
        "steps_after": int(n_a) if per_step else (0 if steps_a is None else len(steps_a)),
        "step_time_ms_before": None if step_b is None else float(step_b) / 1e9,
        "step_time_ms_after": None if step_a is None else float(step_a) / 1e9,
        "step_time_delta_pct": None,
        "speedup": None,
        "num_slower": int((ops["status"] == "slower").sum()),
        "num_faster": int((ops["status"] == "faster").sum()),
        "num_new": int((ops["status"] == "new").sum()),
        "num_vanished": int((ops["status"] == "vanished").sum()),
    }
    if step_b and step_a:
        summary["step_time_delta_pct"] = float(100.0 * (step_a - step_b) / step_b)
        summary["speedup"] = float(step_b / step_a)
    if per_step:
        notes.append(f"op times are per step: total self time / number of steps ({int(n_b)} before, {int(n_a)} after)")

    def pick(status: str, ascending: bool) -> pd.DataFrame:
        sel = ops[ops["status"] == status].sort_values("delta_us", ascending=ascending, kind="stable")
        return sel.head(top).reset_index(drop=True)

    return Comparison(
        summary=summary,
        step_time=step_table,
        ops=ops,
        slower=pick("slower", False),
        faster=pick("faster", True),
        new=pick("new", False),
        vanished=pick("vanished", True),
        notes=notes,
    )


def _step_count(op_stats: OpStats) -> int:
    """Every step found, not only those in the averages: op totals cover the whole profile.
    Several hosts: every host's own steps (op totals add up all hosts), not only the combined."""
    if isinstance(op_stats, CombinedOpStats):  # the hosts' own steps, from their parts (no events read)
        return sum(len(op_stats.parts_of(h).step_db.steps) for h in op_stats.hosts)
    if len(op_stats.hosts) > 1:
        return sum(len(op_stats.for_host(h).step_db.steps) for h in op_stats.hosts)
    return len(op_stats.step_db.steps)
