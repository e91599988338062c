"""Compare payload: two profiles side by side — step time and its categories before and after, and the ops
that got slower or faster, are new or vanished.

Reads ``Comparison`` (nbprof.tools.compare): ``summary`` (``level``, ``normalization``, ``steps_before``,
``steps_after``, ``step_time_ms_before``, ``step_time_ms_after``, ``step_time_delta_pct``, ``speedup``,
``num_slower``, ``num_faster``, ``num_new``, ``num_vanished``), ``step_time`` (``metric``, ``before_ms``,
``after_ms``, ``delta_ms``, ``delta_pct``, ``before_pct_of_step``, ``after_pct_of_step``), ``ops`` and its
selections ``slower``, ``faster``, ``new``, ``vanished`` (``host_or_device``, ``name``, ``type``,
``before_us``, ``after_us``, ``delta_us``, ``delta_pct``, ``ratio``, ``before_occurrences``,
``after_occurrences``, ``status``).
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.opstats.step_db import CATEGORIES
from nbprof.tools.compare import Comparison
from nbprof.widgets.payloads._common import AUTO, HIDDEN, column_values, notes_of, table, truncation_note
from nbprof.widgets.payloads.steps import category_label

OP_COLUMNS = [
    ("name", "Operation", "name"), ("before_us", "Before (µs)", "us"), ("after_us", "After (µs)", "us"),
    ("delta_us", "Change (µs)", "us"), ("delta_pct", "Change (%)", "pct"), ("type", "Type", "str", AUTO),
    ("host_or_device", "Host/device", "str"), ("ratio", "After / before", "num", HIDDEN),
    ("before_occurrences", "Occurrences before", "int", HIDDEN),
    ("after_occurrences", "Occurrences after", "int", HIDDEN), ("status", "Status", "str", HIDDEN),
]  # fmt: skip

# (payload key, result attribute, label, summary count key)
OP_TABLES = [
    ("slower", "slower", "Slower", "num_slower"), ("faster", "faster", "Faster", "num_faster"),
    ("new", "new", "New", "num_new"), ("vanished", "vanished", "Vanished", "num_vanished"),
    ("all", "ops", "All ops", ""),
]  # fmt: skip

STEP_METRIC = "step_time"
# parts of another category in the step frames (input, device compute): not bars of their own
SUB_METRICS = frozenset({"host_wait_input", "host_to_device", "device_compute_16", "device_compute_32"})


def steps(frame: pd.DataFrame) -> dict[str, Any]:
    """``{"metrics", "labels", "before", "after"}`` (ms): the step time, then the categories with time on
    either side, XProf's in its order, then the frame's others (nbprof's own)."""
    if len(frame) == 0:
        return {}
    by_metric = frame.set_index("metric")
    others = [m for m in by_metric.index if m not in (STEP_METRIC, *CATEGORIES) and m not in SUB_METRICS]
    wanted = [m for m in (STEP_METRIC, *CATEGORIES) if m in by_metric.index] + others
    rows = by_metric.reindex(wanted)
    some = (rows["before_ms"].fillna(0).abs() + rows["after_ms"].fillna(0).abs()) > 0
    rows = rows[some.to_numpy() | (rows.index == STEP_METRIC)]
    return {
        "metrics": rows.index.tolist(),
        "labels": ["Step time" if m == STEP_METRIC else category_label(m) for m in rows.index],
        "before": column_values(rows["before_ms"], "num"),
        "after": column_values(rows["after_ms"], "num"),
    }


def advice(result: Comparison) -> str:
    """One plain sentence: the step time change and the op that changed most."""
    s = result.summary
    before, after = s.get("step_time_ms_before"), s.get("step_time_ms_after")
    if before and after:
        verb = "faster" if after < before else "slower"
        ratio = before / after if after < before else after / before
        text = f"Steps take {after:.3g} ms after vs {before:.3g} ms before: {ratio:.2f}× {verb}"
    else:
        text = "Step time is not measured in both profiles (no step markers), so ops are compared by total time"
    changed = result.ops[result.ops["status"] != "same"]
    if len(changed):
        top = changed.iloc[0]  # ops are ordered by the size of their change
        unit = "µs per step" if s["normalization"] == "per_step" else "µs"
        what = {"new": "is new", "vanished": "vanished"}.get(str(top["status"]), f"got {top['status']}")
        text += f"; the largest change: {top['name']} {what} ({top['before_us']:,.1f} → {top['after_us']:,.1f} {unit})"
    return text + "."


def build(result: Comparison) -> dict[str, Any]:
    """Payload of ``nbprof.compare(before, after)``."""
    s = result.summary
    unit = "per step" if s["normalization"] == "per_step" else "in total"
    tables = []
    for key, attribute, label, count_key in OP_TABLES:
        frame = getattr(result, attribute)
        total = int(s[count_key]) if count_key else len(frame)
        tables.append({"id": key, "label": label, "count": total, "table": table(frame, OP_COLUMNS)})
    level = "framework ops" if s["level"] == "framework" else "events (self time per name)"
    return {
        "advice": advice(result),
        "summary": [
            ["Step time before", s.get("step_time_ms_before"), "ms", "step_time_ms_before"],
            ["Step time after", s.get("step_time_ms_after"), "ms", "step_time_ms_after"],
            ["Change", s.get("step_time_delta_pct"), "pct", "step_time_delta_pct"],
            ["Speed-up", s.get("speedup"), "num", "speedup"],
            ["Steps (before, after)", f"{s['steps_before']:,}, {s['steps_after']:,}", "str", "steps"],
            ["Compared", f"{level}, µs {unit}", "str", "level"],
        ],
        "steps": steps(result.step_time),
        "op_unit": unit,
        "tables": tables,
        "notes": truncation_note(result.ops, "ops") + notes_of(result),
    }
