"""HLO op stats payload: the per-op table, and the pies of self time by category and by op.

Reads ``HloStats`` (nbprof.tools.hlo_stats): ``source`` (``device``, ``host``: XLA CPU ops, or
``none``) and ``table`` with ``rank``, ``program_id``, ``program``, ``category``, ``hlo_op_name``,
``hlo_op_expression``, ``tf_op_name``, ``occurrences``, ``total_time_us``, ``avg_time_us``,
``total_self_time_us``, ``avg_self_time_us``, ``total_self_time_pct``,
``cumulative_total_self_time_pct``, ``model_flop_rate_gflops``, ``normalized_flop_rate_gflops``,
``measured_memory_bw_gibps``, ``hbm_bw_gibps``, ``operational_intensity``, ``bound_by``,
``is_rematerialization``, ``is_outside_compilation``, ``source_file``, ``source_line``,
``source_stack``, ``core_type``, ``flops``, ``bytes_accessed``, ``hbm_bytes``.

The pies are computed here from the whole table (the browser may get only its first rows): the
largest ``TOP_SLICES`` and the rest as one "Other" slice, each with its self time (µs) and its share
of the time the table's percentages are of (``pct``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.tools.hlo_stats import HloStats
from nbprof.widgets.payloads._common import AUTO, HIDDEN, MAX_TABLE_ROWS, notes_of, table, truncation_note

TOP_SLICES = 10  # pie slices before "Other"

COLUMNS = [
    ("hlo_op_name", "HLO op", "name"), ("program", "Program", "str", HIDDEN), ("rank", "Rank", "int"),
    ("category", "Category", "str"), ("total_self_time_pct", "Self time (%)", "pct"),
    ("cumulative_total_self_time_pct", "Cumulative (%)", "pct"), ("occurrences", "Occurrences", "int"),
    ("total_self_time_us", "Total self time (µs)", "us"), ("normalized_flop_rate_gflops", "GFLOP/s", "num", AUTO),
    ("bound_by", "Bound by", "str", AUTO), ("avg_self_time_us", "Avg. self time (µs)", "us"),
    ("program_id", "Program ID", "str", HIDDEN), ("hlo_op_expression", "HLO op text", "name", HIDDEN),
    ("tf_op_name", "Framework op", "name", HIDDEN), ("total_time_us", "Total time (µs)", "us", HIDDEN),
    ("avg_time_us", "Avg. time (µs)", "us", HIDDEN),
    ("model_flop_rate_gflops", "Model FLOP rate (GFLOP/s)", "num", HIDDEN),
    ("measured_memory_bw_gibps", "Memory bandwidth (GiB/s)", "num", HIDDEN),
    ("hbm_bw_gibps", "HBM bandwidth (GiB/s)", "num", HIDDEN),
    ("operational_intensity", "Operational intensity (FLOP/byte)", "num", HIDDEN),
    ("flops", "FLOPs", "num", HIDDEN), ("bytes_accessed", "Bytes accessed", "bytes", HIDDEN),
    ("is_rematerialization", "Rematerialisation", "bool", HIDDEN),
    ("is_outside_compilation", "Outside compilation", "bool", HIDDEN),
    ("source", "Source", "str", HIDDEN), ("core_type", "Core type", "str", HIDDEN),
]  # fmt: skip


def repeated_names(frame: pd.DataFrame) -> pd.Series:
    """Per row: whether another row of a different program has the same op name."""
    programs = frame.groupby(frame["hlo_op_name"].astype(str).to_numpy())["program"].transform("nunique")
    return pd.Series(programs.to_numpy() > 1, index=frame.index)


def op_labels(frame: pd.DataFrame) -> pd.Series:
    """The op's name, with its program in brackets where the name repeats across programs."""
    names = frame["hlo_op_name"].astype(str)
    with_program = names + " (" + frame["program"].astype(str) + ")"
    return with_program.where(repeated_names(frame), names)


def slices(labels: pd.Series, self_us: pd.Series, pct: pd.Series, what: str) -> list[dict[str, Any]]:
    """``[{"label", "value" (self time, µs), "pct"}]`` summed per label: the largest ``TOP_SLICES``, then
    "Other (<n> <what>)" for the rest."""
    sums = pd.DataFrame({"value": self_us.to_numpy(np.float64), "pct": pct.to_numpy(np.float64)})
    sums = sums.groupby(labels.astype(str).to_numpy(), sort=False).sum()
    sums = sums[sums["value"] > 0].sort_values("value", ascending=False, kind="stable")
    top, rest = sums.head(TOP_SLICES), sums.iloc[TOP_SLICES:]
    out = [
        {"label": str(k), "value": float(v), "pct": float(p)} for k, v, p in zip(top.index, top["value"], top["pct"])
    ]
    if len(rest):
        out.append({"label": f"Other ({len(rest):,} {what})", "value": float(rest["value"].sum()),
                    "pct": float(rest["pct"].sum())})  # fmt: skip
    return out


def advice(result: HloStats) -> str:
    """One plain sentence: the op with most self time and the top-5 share (on CPU: what the rows are)."""
    t = result.table
    top = t.head(5)
    first = top.iloc[0]
    program = f", {first['program']}" if repeated_names(t).iloc[0] else ""
    of = "of their self time" if result.source == "host" else "of the device's time"
    lead = (
        "No device in this profile, so XProf lists no HLO ops; these are the XLA CPU ops that ran on host threads: "
        if result.source == "host"
        else ""
    )
    text = (
        f"{first['hlo_op_name']} ({first['category']}{program}) has the most self time, "
        f"{first['total_self_time_pct']:.1f}% {of}; the top {len(top)} ops take {top['total_self_time_pct'].sum():.1f}%"
    )
    bound = t["bound_by"].astype(str).value_counts()
    if result.source == "device" and (bound.get("HBM", 0) or bound.get("Compute", 0)):
        text += f"; {bound.get('HBM', 0):,} ops are HBM-bound, {bound.get('Compute', 0):,} compute-bound"
    return f"{lead}{text}."


def source_text(frame: pd.DataFrame) -> pd.Series:
    """``file:line`` of each op's framework op (``file`` alone without a line; "" without a file)."""
    files = frame["source_file"].astype(str)
    lines = frame["source_line"].astype("Int64").astype(str).replace("<NA>", "")
    return (files + ":" + lines).where(lines != "", files).where(files != "", "")


def build(result: HloStats) -> dict[str, Any]:
    """Payload of ``prof.hlo_stats()`` (its table is in rank order: self time, largest first)."""
    frame = result.table
    if len(frame) == 0:
        return {
            "available": False,
            "reason": "this profile has no XLA ops (XProf's HLO op stats lists nothing for it either)",
            "notes": notes_of(result),
        }
    repeats = bool(repeated_names(frame).any())
    columns = [c if c[0] != "program" or not repeats else c[:3] for c in COLUMNS]
    head = frame.head(MAX_TABLE_ROWS)
    head = head.assign(source=source_text(head))
    label = "of the XLA CPU ops' self time" if result.source == "host" else "of the device's time"
    return {
        "advice": advice(result),
        "source": result.source,
        "table": {**table(head, columns), "total_rows": int(len(frame))},
        "csv_name": "hlo_stats.csv",
        "pies": [
            {
                "id": "category",
                "title": "Self time by category",
                "pct_label": f"Share {label}",
                "slices": slices(
                    frame["category"], frame["total_self_time_us"], frame["total_self_time_pct"], "categories"
                ),
            },
            {
                "id": "op",
                "title": "Self time by HLO op",
                "pct_label": f"Share {label}",
                "slices": slices(op_labels(frame), frame["total_self_time_us"], frame["total_self_time_pct"], "ops"),
            },
        ],  # fmt: skip
        "notes": truncation_note(frame, "ops") + notes_of(result),
    }
