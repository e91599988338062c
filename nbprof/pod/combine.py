"""The hosts' reductions combined into the pod-level tables that are not OpStats.

OpStats parts are combined by ``nbprof.opstats.combine`` (``CombinedOpStats``); here are the
rest: the common time origin, the profile summary and one row per host (``host_table``).
Times int64 ps.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from nbprof.pod.reduce import HostFailure, HostReduction
from nbprof.xspace.summary import ProfileSummary

EMPTY_ORIGIN = "empty profile"


def common_origin(reductions: list[HostReduction]) -> tuple[int, str]:
    """The pod's ``origin_ns`` and ``origin_source``: as one load of all hosts picks them (the
    earliest host origin; hosts without any line or session start do not count)."""
    timed = [r for r in reductions if r.origin_source != EMPTY_ORIGIN]
    origin = min((r.origin_ns for r in timed), default=0)
    sources = sorted({part for r in timed for part in r.origin_source.split("; ")})
    return origin, "; ".join(sources) or EMPTY_ORIGIN


def pod_summary(
    reductions: list[HostReduction],
    *,
    run: str | None,
    origin_ns: int,
    origin_source: str,
    errors: list[str],
    warnings: list[str],
    notes: list[str],
    top: int = 10,
) -> ProfileSummary:
    """``prof.summary()`` of a pod: counts added up, the span over all hosts, and the top event
    names merged from each host's heaviest ``TOP_NAMES_PER_HOST`` (exact unless a name is
    heavy on some hosts and outside that list on others)."""
    summaries = [r.summary for r in reductions]
    timed = [s for s in summaries if s.has_timed_events]
    span = max(s.last_ps for s in timed) - min(s.first_ps for s in timed) if timed else 0
    names = pd.concat([s.top_names for s in summaries], ignore_index=True) if summaries else _no_names()
    by_name = names.groupby("name", sort=False)[["count", "total_ps", "self_ps"]].sum().reset_index()
    by_name["avg_ps"] = (by_name["total_ps"] // by_name["count"].clip(lower=1)).astype("int64")
    top_total = by_name.sort_values(["total_ps", "name"], ascending=[False, True]).head(top).reset_index(drop=True)
    top_self = by_name.sort_values(["self_ps", "name"], ascending=[False, True]).head(top).reset_index(drop=True)
    planes = _concat([s.planes for s in summaries])
    keep = [c for c in ("host", "name", "num_lines", "num_events") if c in planes.columns]
    return ProfileSummary(
        paths=[r.task.path for r in reductions],
        run=run,
        hosts=[r.host for r in reductions],
        num_events=sum(s.num_events for s in summaries),
        num_aggregated=sum(s.num_aggregated for s in summaries),
        span_ps=int(span),
        origin_ns=origin_ns,
        origin_source=origin_source,
        planes=planes[keep].reset_index(drop=True),
        lines=_concat([s.line_busy for s in summaries]),
        top_total=top_total,
        top_self=top_self,
        errors=list(errors),
        warnings=list(warnings),
        notes=list(notes),
        file_bytes=sum(max(r.task.file_bytes, 0) for r in reductions),
    )


def _no_names() -> pd.DataFrame:
    return pd.DataFrame(
        {"name": pd.Series(dtype=str), **{c: pd.Series(dtype="int64") for c in ("count", "total_ps", "self_ps")}}
    )


def _concat(frames: list[pd.DataFrame]) -> pd.DataFrame:
    frames = [f for f in frames if len(f)]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


HOST_TABLE_COLUMNS = [
    "host", "hostname", "status", "error", "path", "file_bytes", "events", "steps", "step_time_ms_avg",
    "first_ps", "last_ps", "peak_memory_bytes", "read_s", "reduce_s", "cpu_s", "events_per_s", "worker",
]  # fmt: skip


def host_table(reductions: list[HostReduction], failures: list[HostFailure], order: list[str]) -> pd.DataFrame:
    """One row per host file of the run, failed ones included (``status`` ok / failed, ``error``).

    ``hostname``: the machine the file says it came from (XProf's host name);
    ``steps``: the host's own steps; ``step_time_ms_avg``: their mean over the steps XProf
    averages (ms); ``first_ps``/``last_ps``: its first and last timed event on the pod's axis;
    ``peak_memory_bytes``: its default allocator's peak; ``read_s``/``reduce_s``: seconds to
    decode its file and build its tables, ``cpu_s`` the CPU seconds of both; ``events_per_s``:
    events per CPU second (one core's rate, whatever else the machine ran).
    """
    rows = []
    for r in reductions:
        steps = r.tables.step_db.steps
        analysed = r.tables.step_db.analysed_steps
        rows.append(
            {
                "host": r.host,
                "hostname": r.summary.hostnames[0] if r.summary.hostnames else "",
                "status": "ok",
                "error": "",
                "path": r.task.path,
                "file_bytes": r.task.file_bytes,
                "events": r.summary.num_events,
                "steps": int(steps["step"].nunique()) if len(steps) else 0,
                "step_time_ms_avg": float(analysed["duration_ps"].mean() / 1e9) if len(analysed) else np.nan,
                "first_ps": r.summary.first_ps,
                "last_ps": r.summary.last_ps,
                "peak_memory_bytes": r.memory.peak_bytes_in_use if r.memory is not None else -1,
                "read_s": r.read_s,
                "reduce_s": r.reduce_s,
                "cpu_s": r.cpu_s,
                "events_per_s": r.summary.num_events / r.cpu_s if r.cpu_s > 0 else np.nan,
                "worker": r.worker,
            }
        )
    for f in failures:
        rows.append(
            {
                "host": f.host,
                "hostname": "",
                "status": "failed",
                "error": f"{f.kind}: {f.message}",
                "path": f.task.path,
                "file_bytes": f.task.file_bytes,
                "events": 0,
                "steps": 0,
                "step_time_ms_avg": np.nan,
                "first_ps": 0,
                "last_ps": 0,
                "peak_memory_bytes": -1,
                "read_s": np.nan,
                "reduce_s": np.nan,
                "cpu_s": np.nan,
                "events_per_s": np.nan,
                "worker": "",
            }
        )
    table = pd.DataFrame(rows, columns=HOST_TABLE_COLUMNS)
    rank = {h: i for i, h in enumerate(order)}
    table["_order"] = table["host"].map(rank)
    return table.sort_values("_order", kind="stable").drop(columns="_order").reset_index(drop=True)
