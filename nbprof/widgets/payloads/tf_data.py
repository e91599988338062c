"""tf.data bottleneck payload: summary, bottlenecks, per-pipeline stats and each pipeline's graph.

Reads ``TfDataBottleneck`` (nbprof.tools.tf_data): ``summary`` (``is_input_bound``, ``text``, ``host``,
``input_pipeline``, ``max_latency_us``, ``iterator_long_name``, ``iterator_latency_us``,
``bottleneck_type``, ``suggestion``), ``pipelines``, ``bottleneck_analysis`` and ``graph`` (``host``,
``input_pipeline``, ``iterator_id``, ``parent_id``, ``long_name``, ``name``, ``self_time_ps``,
``duration_ps``, ``num_calls``, ``is_blocking``, ``is_bottleneck``).
"""

from __future__ import annotations

import re
from typing import Any

import pandas as pd

from nbprof.tools.tf_data import TfDataBottleneck
from nbprof.widgets.payloads._common import HIDDEN, column_values, jsonable, notes_of, table

PIPELINE_COLUMNS = [
    ("input_pipeline", "Input pipeline", "str"), ("root_iterator", "Root iterator", "name"),
    ("max_latency_us", "Max latency (µs)", "us"), ("avg_latency_us", "Avg latency (µs)", "us"),
    ("min_latency_us", "Min latency (µs)", "us"), ("num_runs", "Runs", "int"),
    ("num_slow_calls", "Slow calls (> 50 µs)", "int"), ("host", "Host", "str"),
]  # fmt: skip

BOTTLENECK_COLUMNS = [
    ("input_pipeline", "Input pipeline", "str"), ("iterator_long_name", "Bottleneck iterator", "name"),
    ("bottleneck_type", "Type", "str"), ("iterator_latency_us", "Iterator latency (µs)", "us"),
    ("max_latency_us", "Max latency (µs)", "us"), ("suggestion", "Suggestion", "str"), ("host", "Host", "str"),
    ("iterator_name", "Iterator", "str", HIDDEN),
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


def advice(result: TfDataBottleneck) -> str:
    """One plain sentence: the bottleneck of the slowest pipeline and the first line of its fix."""
    s = result.summary
    if not s.get("is_input_bound") or not s.get("iterator_long_name"):
        return str(s.get("text") or "No tf.data pipeline is slow enough to matter.")
    fix = re.split(r"(?<=\.)\s", str(s.get("suggestion") or ""), maxsplit=1)[0]
    return f"{s['iterator_long_name']} holds up the slowest pipeline ({s['iterator_latency_us']:,.0f} µs). {fix}"


def build(result: TfDataBottleneck) -> dict[str, Any]:
    """Payload of ``prof.tf_data_bottleneck()``."""
    summary = result.summary
    pipelines = result.pipelines
    nodes = result.graph
    if len(pipelines) == 0:
        return {
            "available": False,
            "reason": summary.get("text") or "no tf.data iterator events in this profile",
            "notes": notes_of(result),
        }
    graphs: dict[str, Any] = {}
    if len(nodes):
        keys = nodes["host"].astype(str) + " · " + nodes["input_pipeline"].astype(str)
        for key in pd.unique(keys):
            graphs[str(key)] = graph(nodes[keys.eq(key).to_numpy()])
    default = f"{summary.get('host')} · {summary.get('input_pipeline')}"
    return {
        "advice": advice(result),
        "summary": [
            [label, jsonable(summary[k]), kind] for k, label, kind in SUMMARY if summary.get(k) not in (None, "")
        ],
        "text": str(summary.get("text") or ""),
        "recommendation": str(summary.get("suggestion") or ""),
        "graphs": graphs,
        "default_graph": default if default in graphs else next(iter(graphs), None),
        "bottlenecks": table(result.bottleneck_analysis, BOTTLENECK_COLUMNS),
        "pipelines": table(pipelines, PIPELINE_COLUMNS),
        "notes": notes_of(result),
    }
