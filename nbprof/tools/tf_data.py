"""tf.data bottleneck analysis, rebuilt from the host's ``Iterator::`` events.

XProf 2.24 no longer ships this tool; this follows the definitions of its former converter
(``xprof/convert/xplane_to_tf_data_stats.cc``), vectorised over events:

* An iterator event is a host event named ``Iterator::...``; its ``id`` stat is the
  iterator id, ``parent_id`` the id of the iterator that calls it. A **pipeline** is a root
  iterator (name with a single ``::``, e.g. ``Iterator::Root``); each root event is one
  **run** (one ``GetNext`` of the pipeline).
* The **graph** of a run links an iterator event to (a) the iterator events nested directly
  in it on the same thread and (b) the producer iterator events of asynchronous iterators:
  a ``*Consume`` event nested in iterator *q* with ``element_id`` *e* is fed by the
  ``*Produce`` event with the same ``element_id`` whose first iterator child has
  ``parent_id`` = *q*'s id (Prefetch, ParallelMap, MapAndBatch, ParallelInterleave,
  ParseExample, ParallelBatch).
* Self time of an iterator event = duration minus its overlap with each child in the graph.
  An iterator is **blocking** (on the **critical path**) when every link from the root down
  to it overlaps in time; the **bottleneck** of a run is the blocking iterator with the
  longest self time.
* Per pipeline: number of runs, average/min/max latency (root duration) and slow calls
  (> 50 µs). The pipelines are ranked by their slowest run; the first one's host is the
  most input-bound host.

Result: ``TfDataBottleneck`` with ``summary`` (dict), ``bottleneck_analysis``,
``pipelines``, ``graph`` (every pipeline's slowest run, one row per iterator),
``critical_path`` (long names, root first) and ``notes``. Times are int64 ps with µs columns
beside where shown to people.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace import semantics as xs

SLOW_CALL_THRESHOLD_PS = 50 * 1_000_000  # 50 µs
MAX_GRAPH_DEPTH = 100
ITERATOR_PREFIX = "Iterator::"
_ASYNC_ITERATORS = {
    "Prefetch",
    "ParallelInterleave",
    "ParallelMap",
    "ParseExample",
    "MapAndBatch",
    "DataService",
    "LegacyParallelInterleave",
    "ParallelBatch",
}
_LINKED = ("Prefetch", "ParallelInterleave", "ParallelMap", "MapAndBatch", "ParseExample", "ParallelBatch")
PRODUCE_EVENTS = tuple(f"{n}Produce" for n in _LINKED)
CONSUME_EVENTS = tuple(f"{n}Consume" for n in _LINKED)

_SLOW_SOURCE = (
    "TFRecord",
    "SSTable",
    "RecordIO",
    "Spanner",
    "TFColumn",
    "SleepwalkRemoteDataset",
    "TextLine",
    "StitchedTimelineDataset",
    "DateKeyDataset",
    "CapacitorProto",
    "LMDB",
    "ExternalDataset",
    "PearModel",
    "FixedLengthRecordV2",
    "FromTensor",
    "TensorSlice",
    "Generator",
    "SyntheticDatasetOp",
)
_SLOW_REMOTE = (
    "GuzzlerDataGuzzlerRemoteDataset",
    "ReverbDataset",
    "DatasetSampleGame",
    "Courier",
    "ReverbEpisodeDataset",
)
_PARALLELIZABLE = ("Map", "Interleave")
_SEQUENTIAL = ("Filter", "Batch", "Unbatch")
GUIDE = "https://www.tensorflow.org/guide/data_performance_analysis"

SUGGESTIONS = {
    "slow_source": (
        "The pipeline waits on reading its source. Keep the data close to the host (same cell or "
        "region), and read it in parallel (e.g. interleave over shards with num_parallel_calls). "
        f"See {GUIDE}#source_datasets."
    ),
    "slow_data_service": (
        f"Fetching from the tf.data service is slow: profile the tf.data service workers. See {GUIDE}."
    ),
    "slow_remote_source": (f"The remote data source is slow: profile the host serving it. See {GUIDE}."),
    "parallelizable": (
        "Run this transformation in parallel with num_parallel_calls=tf.data.AUTOTUNE; if the data "
        "fits in memory and nothing random runs upstream, cache() after it. "
        f"See {GUIDE}#transformation_datasets."
    ),
    "sequential": (
        "This transformation is sequential: run several copies of the pipeline over sharded inputs "
        "and combine them; if the data fits in memory and nothing random runs upstream, cache() after "
        f"it. See {GUIDE}#3_are_you_reaching_high_cpu_utilization."
    ),
    "other": f"See {GUIDE} for suggestions.",
}


def bottleneck_type(iterator_name: str) -> str:
    """XProf's bottleneck type of an iterator (by its short name; a ``V2`` suffix is ignored)."""
    base = iterator_name
    for candidate in (iterator_name, iterator_name.rstrip("0123456789").removesuffix("V")):
        if (
            candidate in _SLOW_SOURCE
            or candidate in _SLOW_REMOTE
            or candidate in _PARALLELIZABLE
            or candidate in _SEQUENTIAL
            or candidate == "DataService"
        ):
            base = candidate
            break
    if base in _SLOW_SOURCE:
        return "slow_source"
    if base == "DataService":
        return "slow_data_service"
    if base in _SLOW_REMOTE:
        return "slow_remote_source"
    if base in _PARALLELIZABLE:
        return "parallelizable"
    if base in _SEQUENTIAL:
        return "sequential"
    return "other"


@result_dataclass
class TfDataBottleneck(ToolResult):
    """tf.data bottleneck analysis (see module docstring)."""

    summary: dict[str, Any]
    bottleneck_analysis: pd.DataFrame
    pipelines: pd.DataFrame
    graph: pd.DataFrame
    critical_path: list[str]
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "tf_data"
    frame_names: ClassVar[tuple[str, ...]] = ("bottleneck_analysis", "pipelines", "graph")

    def summary_text(self) -> str:
        s = self.summary
        lines = [f"<TfDataBottleneck: {s['text']}>"]
        if s.get("input_pipeline"):
            lines.append(
                f"  slowest pipeline {s['input_pipeline']} on {s['host']}: max latency {s['max_latency_us']:.1f} us, "
                f"bottleneck {s['iterator_long_name']} ({s['iterator_latency_us']:.1f} us self)"
            )
            lines.append(f"  critical path: {' -> '.join(self.critical_path)}")
            lines.append(f"  suggestion: {s['suggestion']}")
        lines.append(f"  {len(self.pipelines)} pipeline(s), {len(self.graph)} graph node(s)")
        return "\n".join(lines)


# --------------------------------------------------------------------------- events
def _host_rows(ev: pd.DataFrame) -> np.ndarray:
    return np.flatnonzero(xs.values_in(ev["plane"], [xs.HOST_PLANE]))


def _name_mask(ev: pd.DataFrame, rows: np.ndarray, predicate: Any) -> np.ndarray:
    cats = ev["name"].cat.categories
    ok = np.array([bool(predicate(str(c))) for c in cats], dtype=bool)
    codes = ev["name"].cat.codes.to_numpy()[rows]
    return (codes >= 0) & (ok[np.maximum(codes, 0)] if len(ok) else False)


def _int(ev: pd.DataFrame, col: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    if col not in ev.columns:
        return np.zeros(len(rows), np.int64), np.zeros(len(rows), bool)
    s = ev[col].iloc[rows]
    return s.to_numpy(dtype=np.int64, na_value=0), s.notna().to_numpy()


def _edges(ev: pd.DataFrame, it_rows: np.ndarray, host_rows: np.ndarray) -> pd.DataFrame:
    """Graph edges (parent event row, child event row) between iterator events."""
    is_iter = np.zeros(len(ev), bool)
    is_iter[it_rows] = True
    parent = ev["parent"].to_numpy()
    # (a) nesting on the same thread
    nested_child = it_rows[(parent[it_rows] >= 0)]
    nested_child = nested_child[is_iter[parent[nested_child]]]
    nest = pd.DataFrame({"parent": parent[nested_child], "child": nested_child})
    # (b) consumer iterator -> producer iterators, matched on (iterator id, element id)
    produce = host_rows[_name_mask(ev, host_rows, lambda n: n in PRODUCE_EVENTS)]
    consume = host_rows[_name_mask(ev, host_rows, lambda n: n in CONSUME_EVENTS)]
    links = pd.DataFrame(columns=["parent", "child"], dtype=np.int64)
    if len(produce) and len(consume):
        p_elem, p_has = _int(ev, "element_id", produce)
        # first iterator child of each produce event
        kids = it_rows[(parent[it_rows] >= 0)]
        kids = kids[np.isin(parent[kids], produce[p_has])]
        first_kid = pd.Series(kids, index=parent[kids]).groupby(level=0).min()
        prod = pd.DataFrame({"produce": produce[p_has], "element": p_elem[p_has]})
        prod["child"] = prod["produce"].map(first_kid)
        prod = prod.dropna(subset=["child"])
        prod["child"] = prod["child"].astype(np.int64)
        iter_parent_id, has_pid = _int(ev, "parent_id", prod["child"].to_numpy())
        host_code = ev["host"].cat.codes.to_numpy() if isinstance(ev["host"].dtype, pd.CategoricalDtype) else None
        if host_code is None:
            host_code = pd.factorize(ev["host"])[0]
        prod = prod[has_pid].assign(iterator=iter_parent_id[has_pid])
        prod["host"] = host_code[prod["produce"].to_numpy()]
        c_elem, c_has = _int(ev, "element_id", consume)
        cons = pd.DataFrame({"consume": consume[c_has], "element": c_elem[c_has]})
        cons["parent"] = parent[cons["consume"].to_numpy()]
        cons = cons[(cons["parent"] >= 0)]
        cons = cons[is_iter[cons["parent"].to_numpy()]]
        cid, has_id = _int(ev, "id", cons["parent"].to_numpy())
        cons = cons[has_id].assign(iterator=cid[has_id])
        cons["host"] = host_code[cons["consume"].to_numpy()]
        # iterator ids are per process: a consumer only reads from producers of its own host
        links = cons.merge(prod, on=["host", "iterator", "element"])[["parent", "child"]]
    edges = pd.concat([nest.assign(kind="nested"), links.assign(kind="producer")], ignore_index=True)
    edges[["parent", "child"]] = edges[["parent", "child"]].astype(np.int64)
    start = ev["start_ps"].to_numpy()
    end = ev["end_ps"].to_numpy()
    p, c = edges["parent"].to_numpy(), edges["child"].to_numpy()
    edges["overlap"] = np.maximum(np.minimum(end[p], end[c]) - np.maximum(start[p], start[c]), 0)
    return edges


def _walk(roots: np.ndarray, edges: pd.DataFrame) -> pd.DataFrame:
    """Every (run, event, blocking) reachable from each root event, level by level."""
    frontier = pd.DataFrame({"run": roots, "event": roots, "blocking": True})
    visits = [frontier]
    by_parent = edges.rename(columns={"parent": "event"})
    for _ in range(MAX_GRAPH_DEPTH):
        nxt = frontier.merge(by_parent, on="event")
        if len(nxt) == 0:
            break
        frontier = pd.DataFrame(
            {
                "run": nxt["run"].to_numpy(),
                "event": nxt["child"].to_numpy(),
                "blocking": (nxt["blocking"] & (nxt["overlap"] > 0)).to_numpy(),
            }
        )
        visits.append(frontier)
    return pd.concat(visits, ignore_index=True)


# --------------------------------------------------------------------------- analysis
def tf_data_bottleneck(op_stats: OpStats) -> TfDataBottleneck:
    """tf.data bottleneck analysis of a profile's host ``Iterator::`` events."""
    ev = op_stats.frames.events
    host_rows = _host_rows(ev)
    it_rows = host_rows[_name_mask(ev, host_rows, lambda n: n.startswith(ITERATOR_PREFIX))]
    it_id, has_id = _int(ev, "id", it_rows)
    notes = [f"used {len(it_rows):,} 'Iterator::' events on {xs.HOST_PLANE}"]
    if len(op_stats.hosts) > 1:
        notes.append(
            f"{len(op_stats.hosts)} hosts: each host's pipelines come from its own events (iterator ids are "
            "matched within a host; pipelines are named Host:N per host) and are ranked together by their "
            "slowest run; the top pipeline's host is the most input-bound host"
        )
    if (~has_id).any():
        notes.append(f"{int((~has_id).sum()):,} iterator events had no 'id' stat and were skipped")
    it_rows, it_id = it_rows[has_id], it_id[has_id]  # rows and ids stay aligned (hardening: both filtered)
    if len(it_rows) == 0:
        return _empty(notes)

    edges = _edges(ev, it_rows, host_rows)
    start = ev["start_ps"].to_numpy()
    duration = ev["duration_ps"].to_numpy()
    names = ev["name"].to_numpy()
    overlap_sum = edges.groupby("parent")["overlap"].sum()
    self_time = pd.Series(duration[it_rows], index=it_rows) - overlap_sum.reindex(it_rows, fill_value=0).to_numpy()

    long_name = np.asarray(names[it_rows]).astype(str)
    is_root = np.char.count(long_name.astype(np.str_), "::") == 1
    roots = it_rows[is_root]
    n_nested = int((edges["kind"] == "nested").sum())
    notes.append(
        f"{len(roots):,} pipeline runs (root iterator events); graph links: {n_nested:,} by nesting on a "
        f"thread, {len(edges) - n_nested:,} from a consumer to its producer iterator on another thread"
    )
    if len(roots) == 0:
        return _empty(notes + ["no root iterator event ('Iterator::<Name>'): no pipeline run to analyse"])

    visits = _walk(roots, edges)
    visits["iterator_id"] = pd.Series(it_id, index=it_rows).reindex(visits["event"]).to_numpy()
    visits["start"] = start[visits["event"].to_numpy()]
    visits["duration"] = duration[visits["event"].to_numpy()]
    visits["self"] = self_time.reindex(visits["event"]).to_numpy()
    per_iter = (
        visits.groupby(["run", "iterator_id"], sort=False)
        .agg(
            start_time_ps=("start", "min"),
            duration_ps=("duration", "sum"),
            self_time_ps=("self", "sum"),
            num_calls=("event", "size"),
            is_blocking=("blocking", "any"),
        )
        .reset_index()
    )

    hosts = ev["host"].to_numpy()
    root_frame = pd.DataFrame(
        {
            "run": roots,
            "host": hosts[roots].astype(str),
            "pipeline_id": pd.Series(it_id, index=it_rows).reindex(roots).to_numpy(),
            "latency_ps": duration[roots],
            "start_ps": start[roots],
        }
    )
    # Bottleneck of each run: the blocking iterator with the longest self time.
    blocking = per_iter[per_iter["is_blocking"] & (per_iter["self_time_ps"] > 0)]
    best = blocking.sort_values(["run", "self_time_ps"], ascending=[True, False]).drop_duplicates("run")
    best = best[["run", "iterator_id", "self_time_ps"]].rename(
        columns={"iterator_id": "bottleneck_iterator_id", "self_time_ps": "bottleneck_latency_ps"}
    )
    root_frame = root_frame.merge(best, on="run", how="left")

    metadata = _iterator_metadata(ev, it_rows, it_id)
    pipelines = _pipelines(root_frame, metadata)
    analysis = _bottleneck_analysis(pipelines, metadata)
    graph = _graph(pipelines, per_iter, metadata)
    summary, critical_path = _summary(analysis, graph)
    if summary["iterator_latency_us"] > summary["max_latency_us"] > 0:
        notes.append(
            "the bottleneck's self time exceeds the run's latency: it sums every call reached from the "
            "run, including producer calls that ran ahead on tf.data threads (XProf's definition)"
        )
    return TfDataBottleneck(
        summary=summary,
        bottleneck_analysis=analysis,
        pipelines=pipelines,
        graph=graph,
        critical_path=critical_path,
        notes=notes,
    )


def _iterator_metadata(ev: pd.DataFrame, it_rows: np.ndarray, it_id: np.ndarray) -> pd.DataFrame:
    """One row per (host, iterator id): long name, short name, parent id, async flag."""
    parent_id, has_parent = _int(ev, "parent_id", it_rows)
    frame = pd.DataFrame(
        {
            "host": ev["host"].to_numpy()[it_rows].astype(str),
            "iterator_id": it_id,
            "long_name": ev["name"].to_numpy()[it_rows].astype(str),
            "parent_id": pd.array(parent_id, dtype="Int64", copy=True),
        }
    )
    frame.loc[~has_parent, "parent_id"] = pd.NA
    frame = frame.drop_duplicates(["host", "iterator_id"])
    frame["name"] = frame["long_name"].str.split("::").str[-1]
    frame["is_async"] = frame["name"].isin(_ASYNC_ITERATORS)
    return frame


def _pipelines(root_frame: pd.DataFrame, metadata: pd.DataFrame) -> pd.DataFrame:
    """Per (host, root iterator): runs, latency stats, slow calls and the slowest run."""
    order = root_frame.sort_values(["host", "start_ps"], kind="stable")
    first_seen = order.drop_duplicates(["host", "pipeline_id"])[["host", "pipeline_id"]].copy()
    first_seen["input_pipeline"] = "Host:" + first_seen.groupby("host").cumcount().astype(str)
    slowest = root_frame.sort_values("latency_ps", ascending=False, kind="stable")
    slowest = slowest.drop_duplicates(["host", "pipeline_id"])
    stats = (
        root_frame.groupby(["host", "pipeline_id"])
        .agg(
            num_runs=("run", "size"),
            total_latency_ps=("latency_ps", "sum"),
            min_latency_ps=("latency_ps", "min"),
            max_latency_ps=("latency_ps", "max"),
            num_slow_calls=("latency_ps", lambda s: int((s > SLOW_CALL_THRESHOLD_PS).sum())),
        )
        .reset_index()
    )
    stats["avg_latency_ps"] = stats["total_latency_ps"] // stats["num_runs"]
    out = first_seen.merge(stats, on=["host", "pipeline_id"]).merge(
        slowest[["host", "pipeline_id", "run", "bottleneck_iterator_id", "bottleneck_latency_ps"]].rename(
            columns={"run": "slowest_run_event"}
        ),
        on=["host", "pipeline_id"],
    )
    names = metadata.set_index(["host", "iterator_id"])["long_name"]
    out["root_iterator"] = names.reindex(pd.MultiIndex.from_frame(out[["host", "pipeline_id"]])).to_numpy()
    for col in ("avg_latency_ps", "min_latency_ps", "max_latency_ps"):
        out[col.replace("_ps", "_us")] = out[col] / 1e6
    out["bottleneck_latency_ps"] = out["bottleneck_latency_ps"].fillna(0).astype(np.int64)
    return (
        out[_PIPELINE_COLUMNS]
        .sort_values(["max_latency_ps", "host", "input_pipeline"], ascending=[False, True, True], kind="stable")
        .reset_index(drop=True)
    )


def _bottleneck_analysis(pipelines: pd.DataFrame, metadata: pd.DataFrame) -> pd.DataFrame:
    meta = metadata.set_index(["host", "iterator_id"])
    key = pd.MultiIndex.from_arrays([pipelines["host"], pipelines["bottleneck_iterator_id"].fillna(0).astype(np.int64)])
    long_names = meta["long_name"].reindex(key).fillna("").to_numpy()
    short = meta["name"].reindex(key).fillna("").to_numpy()
    out = pd.DataFrame(
        {
            "host": pipelines["host"],
            "input_pipeline": pipelines["input_pipeline"],
            "max_latency_us": pipelines["max_latency_us"],
            "iterator_name": short.astype(str),
            "iterator_long_name": long_names.astype(str),
            "iterator_latency_us": pipelines["bottleneck_latency_ps"] / 1e6,
        }
    )
    out["bottleneck_type"] = [bottleneck_type(n) for n in out["iterator_name"]]  # one per pipeline
    out["suggestion"] = out["bottleneck_type"].map(SUGGESTIONS)
    return out


# The pipelines table, one row per input pipeline (latencies in µs for reading, in ps exact).
_PIPELINE_COLUMNS = [
    "host",
    "input_pipeline",
    "pipeline_id",
    "root_iterator",
    "num_runs",
    "avg_latency_us",
    "min_latency_us",
    "max_latency_us",
    "num_slow_calls",
    "avg_latency_ps",
    "min_latency_ps",
    "max_latency_ps",
    "slowest_run_event",
    "bottleneck_iterator_id",
    "bottleneck_latency_ps",
]

_GRAPH_COLUMNS = [
    "host",
    "input_pipeline",
    "iterator_id",
    "parent_id",
    "long_name",
    "name",
    "parent_long_name",
    "depth",
    "is_async",
    "start_time_ps",
    "duration_ps",
    "self_time_ps",
    "num_calls",
    "is_blocking",
    "is_bottleneck",
    "start_time_us",
    "duration_us",
    "self_time_us",
]


def _graph(pipelines: pd.DataFrame, per_iter: pd.DataFrame, metadata: pd.DataFrame) -> pd.DataFrame:
    """Nodes of each pipeline's slowest run, with the graph rebuilt from long names."""
    runs = pipelines[["host", "input_pipeline", "slowest_run_event", "bottleneck_iterator_id"]]
    nodes = per_iter.merge(runs, left_on="run", right_on="slowest_run_event")
    nodes = nodes.merge(metadata, on=["host", "iterator_id"], how="left")
    # Parent in the graph: the iterator whose long name is this one's minus its last component
    # (``ParallelInterleaveV4[2]::FlatMap`` is a child of ``ParallelInterleaveV4``).
    nodes["parent_long_name"] = nodes["long_name"].str.rsplit("::", n=1).str[0].str.replace(r"\[\d+\]$", "", regex=True)
    nodes.loc[nodes["long_name"].str.count("::") <= 1, "parent_long_name"] = ""
    nodes["is_bottleneck"] = nodes["iterator_id"] == nodes["bottleneck_iterator_id"]
    nodes["depth"] = nodes["long_name"].str.count("::") - 1
    nodes["start_time_us"] = nodes["start_time_ps"] / 1e6
    nodes["duration_us"] = nodes["duration_ps"] / 1e6
    nodes["self_time_us"] = nodes["self_time_ps"] / 1e6
    nodes = nodes[_GRAPH_COLUMNS].sort_values(["input_pipeline", "depth", "long_name"], kind="stable")
    return nodes.reset_index(drop=True)


def _summary(analysis: pd.DataFrame, graph: pd.DataFrame) -> tuple[dict[str, Any], list[str]]:
    if len(analysis) == 0:
        return _empty_summary(), []
    top = analysis.iloc[0]
    max_latency_ps = int(round(top["max_latency_us"] * 1e6))
    if max_latency_ps > SLOW_CALL_THRESHOLD_PS:
        text = (
            "A tf.data input pipeline is slower than 50 us per call. Below: the bottleneck of each slow "
            "pipeline and how to fix it."
        )
        input_bound = True
    elif max_latency_ps > 0:
        text = (
            "No tf.data input pipeline is slower than 50 us per call. The job may still be input bound "
            "on workers this profile did not capture."
        )
        input_bound = False
    else:
        text = "No tf.data activity captured. If the job uses tf.data, capture a longer profile."
        input_bound = False
    nodes = graph[(graph["host"] == top["host"]) & (graph["input_pipeline"] == top["input_pipeline"])]
    critical = nodes[nodes["is_blocking"]].sort_values(["depth", "start_time_ps"])
    summary = {
        "is_input_bound": input_bound,
        "text": text,
        "host": str(top["host"]),
        "input_pipeline": str(top["input_pipeline"]),
        "max_latency_us": float(top["max_latency_us"]),
        "iterator_name": str(top["iterator_name"]),
        "iterator_long_name": str(top["iterator_long_name"]),
        "iterator_latency_us": float(top["iterator_latency_us"]),
        "bottleneck_type": str(top["bottleneck_type"]),
        "suggestion": str(top["suggestion"]),
    }
    return summary, [str(n) for n in critical["long_name"]]


def _empty_summary() -> dict[str, Any]:
    return {
        "is_input_bound": False,
        "text": "No tf.data activity captured. If the job uses tf.data, capture a longer profile.",
        "host": "",
        "input_pipeline": "",
        "max_latency_us": 0.0,
        "iterator_name": "",
        "iterator_long_name": "",
        "iterator_latency_us": 0.0,
        "bottleneck_type": "",
        "suggestion": "",
    }


def _empty(notes: list[str]) -> TfDataBottleneck:
    return TfDataBottleneck(
        summary=_empty_summary(),
        bottleneck_analysis=pd.DataFrame(
            columns=[
                "host",
                "input_pipeline",
                "max_latency_us",
                "iterator_name",
                "iterator_long_name",
                "iterator_latency_us",
                "bottleneck_type",
                "suggestion",
            ]
        ),
        pipelines=pd.DataFrame(columns=_PIPELINE_COLUMNS),
        graph=pd.DataFrame(columns=_GRAPH_COLUMNS),
        critical_path=[],
        notes=notes,
    )
