"""tf.data bottleneck payload: summary, bottlenecks, per-pipeline stats and each pipeline's graph."""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.widgets.payloads._common import column_values, jsonable, notes_of, table

PIPELINE_COLUMNS = [
    ("host", "Host", "str"), ("input_pipeline", "Input pipeline", "str"), ("root_iterator", "Root iterator", "str"),
    ("num_runs", "Runs", "int"), ("avg_latency_us", "Avg latency (us)", "us"),
    ("min_latency_us", "Min latency (us)", "us"), ("max_latency_us", "Max latency (us)", "us"),
    ("num_slow_calls", "Slow calls (> 50 us)", "int"),
]  # fmt: skip

BOTTLENECK_COLUMNS = [
    ("host", "Host", "str"), ("input_pipeline", "Input pipeline", "str"), ("max_latency_us", "Max latency (us)", "us"),
    ("iterator_name", "Bottleneck iterator", "str"), ("iterator_long_name", "Iterator long name", "str"),
    ("iterator_latency_us", "Iterator latency (us)", "us"), ("bottleneck_type", "Type", "str"),
    ("suggestion", "Suggestion", "str"),
]  # fmt: skip

SUMMARY = [
    ("host", "Most input-bound host", "str"),
    ("input_pipeline", "Input pipeline", "str"),
    ("max_latency_us", "Slowest run", "us"),
    ("iterator_long_name", "Bottleneck iterator", "str"),
    ("iterator_latency_us", "Bottleneck latency", "us"),
    ("bottleneck_type", "Bottleneck type", "str"),
]


def graph(nodes: pd.DataFrame) -> dict[str, Any]:
    """One pipeline's graph: nodes with string ids (iterator ids exceed JS's exact integers)."""

    def ids(col: str) -> list[str | None]:
        return [None if v is None else str(v) for v in column_values(nodes[col], "str")]

    names = column_values(nodes["long_name"], "str")
    short = column_values(nodes["name"], "str") if "name" in nodes.columns else names
    self_ps = column_values(nodes["self_time_ps"], "int")
    total_ps = column_values(nodes["duration_ps"], "int")
    calls = column_values(nodes["num_calls"], "int")
    critical = column_values(nodes["is_blocking"], "bool")
    bottleneck = column_values(nodes["is_bottleneck"], "bool")
    node_ids, parents = ids("iterator_id"), ids("parent_id")
    return {
        "nodes": [
            {
                "id": node_ids[i],
                "parent": parents[i],
                "name": names[i],
                "short_name": short[i],
                "self_ps": self_ps[i],
                "total_ps": total_ps[i],
                "calls": calls[i],
                "critical": bool(critical[i]),
                "bottleneck": bool(bottleneck[i]),
            }
            for i in range(len(nodes))
        ]
    }


def build(result: Any) -> dict[str, Any]:
    """Payload of ``prof.tf_data_bottleneck()``."""
    summary = dict(getattr(result, "summary", {}) or {})
    pipelines = getattr(result, "pipelines", None)
    nodes = getattr(result, "graph", None)
    if not isinstance(pipelines, pd.DataFrame) or len(pipelines) == 0:
        return {
            "available": False,
            "reason": summary.get("text") or "no tf.data iterator events in this profile",
            "notes": notes_of(result),
        }
    graphs: dict[str, Any] = {}
    if isinstance(nodes, pd.DataFrame) and len(nodes):
        keys = nodes["host"].astype(str) + " · " + nodes["input_pipeline"].astype(str)
        for key in pd.unique(keys):
            graphs[str(key)] = graph(nodes[keys.eq(key).to_numpy()])
    default = f"{summary.get('host')} · {summary.get('input_pipeline')}"
    bottlenecks = getattr(result, "bottleneck_analysis", None)
    return {
        "summary": [
            [label, jsonable(summary[k]), kind] for k, label, kind in SUMMARY if summary.get(k) not in (None, "")
        ],
        "text": str(summary.get("text") or ""),
        "recommendation": str(summary.get("suggestion") or ""),
        "graphs": graphs,
        "default_graph": default if default in graphs else next(iter(graphs), None),
        "bottlenecks": table(bottlenecks, BOTTLENECK_COLUMNS) if isinstance(bottlenecks, pd.DataFrame) else None,
        "pipelines": table(pipelines, PIPELINE_COLUMNS),
        "notes": notes_of(result),
    }
