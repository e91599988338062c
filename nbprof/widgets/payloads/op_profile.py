"""Op profile payload: the op tree as compact rows (one per node), per grouping, with and without idle.

Reads ``OpProfile`` (nbprof.tools.op_profile): ``tree`` (``node_id``, ``parent_id``, ``level``, ``kind``,
``name``, ``category``, ``program``, ``time_ps``, ``time_pct``, ``self_time_ps``, ``occurrences``, ``flops``,
``flops_utilization_ratio``, ``hbm_bw_utilization_ratio``, ``tf_op``, ``expression``, ``shape``,
``layout``, ``source_file``, ``source_line``), ``by``, ``include_idle``, ``source``, ``hardware_type``,
``device_type``, ``peak_tflops``, ``peak_hbm_gibps``, ``idle_time_ps``; ``regroup(by, include_idle)``
gives the other groupings.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.tools.op_profile import OpProfile, OpProfileError
from nbprof.widgets.payloads._common import column_values, jsonable, notes_of

MAX_NODES = 6000  # nodes sent per tree; deeper levels (ops inside fusions) are dropped first
GROUPINGS = ("category", "program")
SOURCES = {"device": "XLA ops on the device", "host": "XLA CPU ops on host threads (no device in this profile)"}

# payload field -> (tree column, type)
FIELDS: dict[str, tuple[str, str]] = {
    "node_id": ("node_id", "int"), "parent_id": ("parent_id", "int"), "level": ("level", "int"),
    "kind": ("kind", "str"), "name": ("name", "str"), "category": ("category", "str"),
    "program": ("program", "str"), "time_ps": ("time_ps", "int"), "time_pct": ("time_pct", "num"),
    "self_time_ps": ("self_time_ps", "int"), "occurrences": ("occurrences", "int"), "flops": ("flops", "num"),
    "flops_utilization": ("flops_utilization_ratio", "num"),
    "bandwidth_utilization": ("hbm_bw_utilization_ratio", "num"), "tf_op": ("tf_op", "str"),
    "expression": ("expression", "str"), "shape": ("shape", "str"), "layout": ("layout", "str"),
    "source_file": ("source_file", "str"), "source_line": ("source_line", "int"),
}  # fmt: skip


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


def tree(frame: pd.DataFrame) -> dict[str, Any]:
    """``{"fields": [...], "rows": [[...]], "total_nodes": n}`` for one op-profile tree."""
    small = prune(frame)
    values = [column_values(small[column], kind) for column, kind in FIELDS.values()]
    source = [None if not f else f for f in values[list(FIELDS).index("source_file")]]
    values[list(FIELDS).index("source_file")] = source
    return {"fields": list(FIELDS), "rows": [list(r) for r in zip(*values)], "total_nodes": int(len(frame))}


def variants(result: OpProfile) -> dict[tuple[str, bool], OpProfile]:
    """The result and, where it can regroup, the other grouping and the idle variants (device ops only)."""
    out = {(result.by, result.include_idle): result}
    idle_options = (False, True) if result.source == "device" else (result.include_idle,)
    try:
        for by in GROUPINGS:
            for idle in idle_options:
                if (by, idle) not in out:
                    out[(by, idle)] = result.regroup(by=by, include_idle=idle)
    except OpProfileError:  # not built from a profile (e.g. a hand-made tree): its own tree only
        return {(result.by, result.include_idle): result}
    return out


def percent(ratio: float) -> str:
    """A 0-1 ratio as a percentage that never reads 0.0% for a small non-zero value."""
    pct = 100.0 * ratio
    return "0%" if pct == 0 else "<0.1%" if pct < 0.1 else f"{pct:.1f}%"


def advice(result: OpProfile) -> str:
    """One plain sentence: the category with most time and how well it uses the device."""
    frame = result.tree
    cats = frame[(frame["kind"] == "category").to_numpy()]
    if len(cats) == 0:
        return "No XLA ops to profile."
    top = cats.loc[cats["time_ps"].idxmax()]
    util = top["flops_utilization_ratio"]
    where = f" at {percent(util)} of the device's peak FLOPS" if result.source == "device" and util == util else ""
    return f"{top['name']} ops take {top['time_pct']:.1f}% of the time{where}: expand it to see which ops."


def build(result: OpProfile) -> dict[str, Any]:
    """Payload of ``prof.op_profile()``: its tree, the other grouping, and with/without idle time."""
    if not (result.tree["kind"] == "op").any():
        return {"available": False, "reason": "this profile has no XLA ops", "notes": notes_of(result)}
    all_trees = {key: tree(r.tree) for key, r in variants(result).items() if len(r.tree)}
    trees = {by: t for (by, idle), t in all_trees.items() if not idle}
    idle_trees = {by: t for (by, idle), t in all_trees.items() if idle}
    if not trees:  # a result built with include_idle=True that cannot regroup
        trees, idle_trees = idle_trees, {}
    notes = [
        f"By {by}: showing the {len(t['rows']):,} largest of {t['total_nodes']:,} nodes."
        for by, t in trees.items()
        if len(t["rows"]) < t["total_nodes"]
    ]
    summary = [["Ops", SOURCES.get(result.source, result.source)]]
    for key, label in (
        ("hardware_type", "Device kind"),
        ("device_type", "Device"),
        ("peak_tflops", "Peak TFLOP/s"),
        ("peak_hbm_gibps", "Peak memory bandwidth (GiB/s)"),
    ):
        value = jsonable(getattr(result, key))
        if value not in (None, ""):
            summary.append([label, f"{value:,.4g}" if isinstance(value, float) else str(value)])
    return {
        "advice": advice(result),
        "trees": trees,
        "idle_trees": idle_trees or None,
        "default_by": result.by if result.by in trees else next(iter(trees)),
        "top_n": 10,
        "summary": summary,
        "notes": notes + notes_of(result),
    }
