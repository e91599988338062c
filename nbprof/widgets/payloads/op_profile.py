"""Op profile payload: the op tree as compact rows (one per node), per grouping."""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.widgets.payloads._common import column_values, jsonable

MAX_NODES = 6000  # nodes sent per tree; deeper levels (ops inside fusions) are dropped first

FIELDS: list[tuple[str, str]] = [
    ("node_id", "int"), ("parent_id", "int"), ("level", "int"), ("kind", "str"), ("name", "str"),
    ("category", "str"), ("time_ps", "int"), ("time_pct", "num"), ("self_time_ps", "int"),
    ("occurrences", "int"), ("flops", "num"), ("flops_utilization", "num"),
    ("bandwidth_utilization", "num"), ("tf_op", "str"), ("expression", "str"), ("shape", "str"),
    ("layout", "str"),
]  # fmt: skip


def prune(frame: pd.DataFrame, max_nodes: int = MAX_NODES) -> pd.DataFrame:
    """At most ``max_nodes`` rows: drop the deepest levels first, then the shortest ops (keeping parents)."""
    out = frame
    while len(out) > max_nodes and out["level"].max() > 2:
        out = out[out["level"] < out["level"].max()]
    if len(out) > max_nodes:
        groups = out[out["level"] <= 1]
        rest = out[out["level"] > 1].nlargest(max_nodes - len(groups), "time_ps")
        keep_ids = set(rest["parent_id"].tolist()) | set(rest["node_id"].tolist()) | set(groups["node_id"].tolist())
        out = out[out["node_id"].isin(keep_ids)]
    return out


# payload field -> tree column where they differ
_COLUMN = {"flops_utilization": "flops_utilization_ratio", "bandwidth_utilization": "hbm_bw_utilization_ratio"}


def tree(frame: pd.DataFrame) -> dict[str, Any]:
    """``{"fields": [...], "rows": [[...]]}`` for one op-profile tree."""
    small = prune(frame).rename(columns={v: k for k, v in _COLUMN.items()})
    present = [(name, kind) for name, kind in FIELDS if name in small.columns]
    values = [column_values(small[name], kind) for name, kind in present]
    return {
        "fields": [name for name, _ in present],
        "rows": [list(r) for r in zip(*values)],
        "total_nodes": int(len(frame)),
    }


def build(results: dict[str, Any] | Any) -> dict[str, Any]:
    """Payload from ``{"category": OpProfile, "program": OpProfile}`` (or one ``OpProfile``)."""
    if not isinstance(results, dict):
        results = {results.by: results}
    trees = {by: tree(result.tree) for by, result in results.items() if len(result.tree)}
    if not trees:
        return {"available": False, "reason": "this profile has no XLA ops"}
    any_result = next(iter(results.values()))
    notes = []
    for by, t in trees.items():
        if len(t["rows"]) < t["total_nodes"]:
            notes.append(f"By {by}: showing the {len(t['rows']):,} largest of {t['total_nodes']:,} nodes.")
    summary = []
    for key, label in (
        ("source", "Source"),
        ("hardware_type", "Device kind"),
        ("device_type", "Device"),
        ("peak_tflops", "Peak TFLOP/s"),
        ("peak_hbm_gibps", "Peak memory bandwidth (GiB/s)"),
    ):
        value = jsonable(getattr(any_result, key, None))
        if value not in (None, ""):
            summary.append([label, f"{value:,.4g}" if isinstance(value, float) else str(value)])
    notes += [str(n) for n in any_result.notes if n]
    return {
        "trees": trees,
        "default_by": "category" if "category" in trees else next(iter(trees)),
        "top_n": 10,
        "summary": summary,
        "notes": notes,
    }
