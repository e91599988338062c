"""XProf's input-pipeline analyzer: ``prof.input_pipeline()``.

Follows ``xprof/convert/op_stats_to_input_pipeline_analysis.cc``:

* device side: per step (the steps in the averages, ``prof.steps[in_analysis]``) the step
  time and the time waiting for input (host waiting for input + host-to-device); with
  several hosts XProf lists the first host's rows of the steps every host ran, and its
  step-time statistics take each step's slowest host;
* input-bound verdict on the sums over those steps: ``input % = input / step time``;
  HIGHLY (>= 20 %), MODERATELY (>= 5 %), else POTENTIALLY when "all others" (time no
  event explains) is >= 3 %, else NOT input-bound; unknown without steps;
* host side: the input ops of the host op metrics db (tf.data ``Iterator::...``, infeed
  enqueue, host-to-device memcpy), their self time split into enqueue / demanded file
  read / advanced file read / preprocessing / other, and the op table (self time = the
  op's time minus the input ops directly nested in it, e.g. ``Iterator::Root`` excludes
  ``Iterator::Root::Prefetch``).

Times in the frames are ps; the result reports ms and µs as XProf does (column names say).
"""

from __future__ import annotations

import functools
from dataclasses import field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats import event_columns as ec
from nbprof.opstats.step_analysis import (
    TPU_BREAKDOWN,
    bottleneck,
    nbprof_breakdown_ms,
    step_detail_rows,
    step_summary,
    tpu_bottleneck,
    tpu_step_summary,
)
from nbprof.opstats.step_rows import StepRows, analysed_rows
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace import semantics as xs
from nbprof.xspace.typed_frame import strings, typed_frame

HOST_CATEGORIES = (
    "enqueue_us",
    "demanded_file_read_us",
    "advanced_file_read_us",
    "preprocessing_us",
    "unclassified_nonenqueue_us",
)
FILE_READ_SUFFIXES = ("::TFRecord", "::TextLine", "::FixedLengthRecord", "::SSTable", "::RecordIO", "::ArrayRecord")
ADVANCED_READ_MARKERS = ("::MemoryReader", "::MemoryWriter", "::Interleave", "::Prefetch", "::ParallelMap")
INFEED_TYPES = ("InfeedEnqueue", "InfeedEnqueueTuple", "InfeedEnqueuePrelinearizedBuffer")
VERDICT_WORDS = {"high": "HIGHLY", "moderate": "MODERATELY", "potential": "POTENTIALLY", "none": "NOT"}


@result_dataclass
class InputPipeline(ToolResult):
    """The input-pipeline analysis of a profile.

    ``summary``: ``input_pct`` (0-100), ``verdict`` (``high``/``moderate``/``potential``/
    ``none``/``unknown``), ``statement``, step-time and input-percent statistics (ms, %).
    ``device_steps``: one row per analysed step (ms and %). ``host_breakdown``: input-op self
    time per category in µs (XProf's five). ``input_ops``: the input-op table. ``notes``:
    which events were used and what could not be attributed.
    """

    summary: dict[str, Any]
    device_steps: pd.DataFrame
    host_breakdown: dict[str, float]
    input_ops: pd.DataFrame
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "input_pipeline"
    frame_names: ClassVar[tuple[str, ...]] = ("device_steps", "input_ops")

    def summary_text(self) -> str:
        s = self.summary
        lines = [f"Input pipeline: {s['statement']}"]
        if s["verdict"] != "unknown":
            lines.append(
                f"  step time {s['step_time_ms_avg']:.2f} ms avg over {len(self.device_steps)} steps; "
                f"waiting for input {s['input_pct']:.1f}% of it"
            )
        if len(self.input_ops):
            top = self.input_ops.iloc[0]
            lines.append(f"  {len(self.input_ops)} input ops; most self time: {top['name']} ({top['self_ms']:.1f} ms)")
        busy = {k: v for k, v in self.host_breakdown.items() if v > 0}
        if busy:
            lines.append("  host input time (µs): " + ", ".join(f"{k}={v:,.0f}" for k, v in busy.items()))
        return "\n".join(lines)


def input_pipeline(op_stats: OpStats) -> InputPipeline:
    """XProf's input-pipeline analysis from an OpStats (see the module docstring)."""
    step_db = op_stats.step_db
    notes = list(step_db.notes)
    analysed = analysed_rows(step_db.steps, step_db.analysed, step_db.columns)  # no copy of the steps frame
    tpu = step_db.tpu
    if tpu is not None and len(tpu.steps):
        # TPU: XProf's TPU breakdown and bottleneck analysis (TensorCore infeed, outfeed, idle).
        device_steps = tpu_device_step_table(tpu.steps)
        summary = {k: v for k, v in step_summary(analysed).items() if k.startswith(("num_steps", "step_time_ms"))}
        summary.update(tpu_step_summary(tpu.steps))
        summary.update(tpu_bottleneck(tpu.steps))
    else:
        device_steps = device_step_table(step_detail_rows(analysed))
        summary = step_summary(analysed)
        summary.update(bottleneck(analysed))
    input_ops, breakdown, op_notes = _host_input_ops(op_stats)
    notes.extend(op_notes)
    tf_data_used = (
        breakdown["demanded_file_read_us"] + breakdown["advanced_file_read_us"] + breakdown["preprocessing_us"] > 0
    )
    summary["tf_data_used"] = bool(tf_data_used)
    if summary["verdict"] == "unknown":
        summary["next_step"] = "You may skip the rest of this page."
    elif not tf_data_used:
        summary["next_step"] = (
            "Consider using the tf.data API to enable the profiler's host-side analysis of the input "
            "pipeline; custom input pipelines are not analysed (ignore the host-side breakdown)."
        )
    else:
        summary["next_step"] = "Look at the host-side breakdown of the input time (input_ops, host_breakdown)."
    return InputPipeline(
        summary=summary, device_steps=device_steps, host_breakdown=breakdown, input_ops=input_ops, notes=notes
    )


# ------------------------------------------------------------------------ device side
def device_step_table(steps: pd.DataFrame | StepRows) -> pd.DataFrame:
    """Per step: name, step time and each category in ms, input time and its % of the step."""
    rows = steps if isinstance(steps, StepRows) else StepRows(steps)
    columns: dict[str, Any] = {
        "host": rows.values("host"),
        "step_name": rows.values("step_name"),
        "step_num": rows.values("step_num"),
        "step_time_ms": rows.values("duration_ps") / 1e9,
    }
    for cat, values in nbprof_breakdown_ms(rows).items():
        columns[f"{cat}_ms"] = values
    columns["input_wait_ms"] = rows.values("host_wait_input_ps") / 1e9
    columns["host_to_device_ms"] = rows.values("host_to_device_ps") / 1e9
    step_time = columns["step_time_ms"]
    with np.errstate(invalid="ignore", divide="ignore"):
        columns["input_pct"] = np.where(step_time > 0, 100.0 * columns["input_ms"] / step_time, 0.0)
    return _table(columns)


def tpu_device_step_table(tpu: pd.DataFrame) -> pd.DataFrame:
    """Per TPU step: step time and XProf's TPU parts in ms, and the infeed share of the step (%, the
    average, smallest and largest over the TensorCores)."""
    columns: dict[str, Any] = {
        "host": tpu["host"].to_numpy(),
        "step_name": tpu["step_name"].to_numpy(),
        "step_num": tpu["step"].to_numpy(),
        "step_time_ms": tpu["step_time_ps"].to_numpy() / 1e9,
    }
    for part in TPU_BREAKDOWN:
        columns[f"{part}_ms"] = tpu[f"{part}_ps"].to_numpy() / 1e9
    columns["input_pct"] = tpu["infeed_pct_avg"].to_numpy(np.float64)
    columns["input_pct_min"] = tpu["infeed_pct_min"].to_numpy(np.float64)
    columns["input_pct_max"] = tpu["infeed_pct_max"].to_numpy(np.float64)
    return _table(columns)


def _table(columns: dict[str, Any]) -> pd.DataFrame:
    """``pd.DataFrame(columns)`` of 1-D numpy arrays (and float scalars, repeated), made as one typed frame:
    numeric (and empty) arrays copied, object arrays of str typed as pandas infers them
    (``typed_frame.strings``); pandas' own constructor where an object column holds anything but str."""
    n = len(next(v for v in columns.values() if isinstance(v, np.ndarray)))
    typed: dict[str, object] = {}
    for name, values in columns.items():
        if isinstance(values, float):
            typed[name] = np.full(n, values, np.float64)
        elif values.dtype != object or not len(values):  # no rows: an object column stays object
            typed[name] = np.array(values, copy=True)
        else:
            texts = values.tolist()
            if not all(type(v) is str for v in texts):
                return pd.DataFrame(columns)
            typed[name] = strings(texts)
    return typed_frame(typed)


# -------------------------------------------------------------------------- host side
def _host_input_ops(op_stats: OpStats) -> tuple[pd.DataFrame, dict[str, float], list[str]]:
    """Input ops of the host op metrics db, their categories, and the µs per category."""
    host = _host_db(op_stats)
    # the categories as Python str: factorising them, not the Arrow column (pyarrow's first dictionary
    # encoding in a process costs ~1 ms)
    read = {"name": host["name"].to_numpy(dtype=object), "category": host["category"].to_numpy(dtype=object)}
    categories = pd.Series(read["category"], dtype=object, copy=False)
    is_input = (read["name"] != "IDLE") & xs.value_mask(categories, _is_input_category)
    breakdown = {k: 0.0 for k in HOST_CATEGORIES}
    notes = [
        "input ops: tf.data Iterator::* events, infeed enqueue and host-to-device memcpy of the host op metrics db; "
        "self time excludes the input ops directly nested in them"
    ]
    if not is_input.any():
        notes.append(
            "no tf.data input ops on the host: the host-side breakdown is empty (custom input pipelines are not analysed)"
        )
        return _empty_input_ops(), breakdown, notes
    rows = np.flatnonzero(is_input)
    ops = {c: (read[c] if c in read else host[c].to_numpy())[rows] for c in _INPUT_OP_COLUMNS}
    if _distinct_count(ops["host"]) > 1:
        notes.append("several hosts: one row per input op, its counts and times added up over the hosts (as XProf)")
        ops = _input_ops_over_hosts(host.iloc[rows])
    order = ec.time_then_name_order(ops["self_time_ps"], ops["name"])
    ops = {c: values[order] for c, values in ops.items()}
    label = _label_positions(ops["name"], ops["category"])
    self_ps = ops["self_time_ps"]
    total_ps = ops["total_time_ps"]
    total_self = float(self_ps.sum())
    self_ms = self_ps / 1e9
    table = _table(
        {
            "name": ops["name"],
            "count": ops["occurrences"].astype(np.int64),
            "total_ms": total_ps / 1e9,
            "total_pct": 100.0 * total_ps / total_self if total_self else 0.0,
            "self_ms": self_ms,
            "self_pct": 100.0 * self_ps / total_self if total_self else 0.0,
            "category": np.array(_LABELS, dtype=object)[label],
            "host": ops["host"],
        }
    )
    # grouped by the labels' positions, which sort as the labels do: pandas adds in the same order as
    # grouping by the label texts would, without making an index of them
    for position, ms in _label_sums(self_ms, label).items():
        breakdown[_BREAKDOWN_KEYS[_LABELS[position]]] += float(ms * 1e3)
    return table, breakdown, notes


def _host_db(op_stats: OpStats) -> pd.DataFrame:
    """The host op metrics db the input ops are read from: ``host_op_db``, or while it is not made, the db
    as ``build_host_op_db`` made it where that is of one host, its texts all str and its counts and times
    int64 (the same rows and values in another order: sorting it costs ~0.8 ms, and the input ops are
    ordered by self time, then name, which both orders leave tied rows in one order)."""
    built = op_stats.host_op_db_as_built
    if built is None or not len(built) or not set(_INPUT_OP_COLUMNS) <= set(built.columns):
        return op_stats.host_op_db
    if any(built[c].dtype != np.int64 for c in _INPUT_OP_NUMBERS):
        return op_stats.host_op_db
    texts = [built[c].to_numpy(dtype=object).tolist() for c in _INPUT_OP_TEXTS]
    if not all(type(v) is str for values in texts for v in values) or len(set(texts[2])) != 1:
        return op_stats.host_op_db
    return built


def _label_sums(values: np.ndarray, label: np.ndarray) -> dict[int, float]:
    """``pd.Series(values).groupby(label).sum()`` as {label: sum} (float64 ``values``, ``label`` ints).
    Where this pandas adds labels in ascending runs with ``np.add.reduceat`` (pandas 3.1) and they
    come so, without NaN, the runs are added that way here, without its groupby set-up (~0.3 ms on
    a process's first groupby); else pandas' groupby (older ones use a compensated sum)."""
    if (
        len(label)
        and _groupby_sums_sorted_runs_by_reduceat()
        and not np.isnan(values).any()
        and bool((label[1:] >= label[:-1]).all())
    ):
        starts = np.flatnonzero(np.r_[True, label[1:] != label[:-1]])
        return dict(zip(label[starts].tolist(), np.add.reduceat(values, starts).tolist()))
    return {int(k): v for k, v in pd.Series(values, copy=False).groupby(label).sum().items()}


@functools.lru_cache(maxsize=1)
def _groupby_sums_sorted_runs_by_reduceat() -> bool:
    """Whether pandas' groupby sum adds ascending group runs with ``np.add.reduceat`` (pandas 3.1's
    ``BaseGrouper._reduceat_aggregate``; absent: its compensated Cython sum)."""
    try:
        from pandas.core.groupby.ops import BaseGrouper
    except ImportError:  # pragma: no cover - a pandas laid out otherwise
        return False
    return hasattr(BaseGrouper, "_reduceat_aggregate")


_BREAKDOWN_KEYS = {
    "Enqueue": "enqueue_us",
    "Demanded file read": "demanded_file_read_us",
    "Advanced file read": "advanced_file_read_us",
    "Preprocessing": "preprocessing_us",
    "Unknown": "unclassified_nonenqueue_us",
}
_LABELS = tuple(sorted(_BREAKDOWN_KEYS))  # the input-op classes, in text order


def _label_positions(names: np.ndarray, categories: np.ndarray) -> np.ndarray:
    """The class of each input op (its position in ``_LABELS``) from its name and category (object
    arrays), worked out once per distinct (name, category): a few ops, where pandas' per-call costs
    of a mask per rule were most of the work."""
    positions: dict[tuple[Any, Any], int] = {}
    out = np.empty(len(names), np.int64)
    for row, key in enumerate(zip(names.tolist(), categories.tolist())):
        position = positions.get(key)
        if position is None:
            position = positions[key] = _LABELS.index(_input_op_label(*key))
        out[row] = position
    return out


def _input_op_label(name: Any, category: Any) -> str:
    """XProf's class of an input op: a file read by its reader suffix (advanced where a prefetch,
    interleave, ... is in the name), then by category read, unknown or enqueue (the last rule that
    holds wins); else preprocessing. A missing name or category matches no rule."""
    label = "Preprocessing"
    if not pd.isna(name):
        text = str(name)
        if text.endswith(FILE_READ_SUFFIXES):
            advanced = any(marker in text for marker in ADVANCED_READ_MARKERS)
            label = "Advanced file read" if advanced else "Demanded file read"
    if not pd.isna(category):
        text = str(category)
        if text.lower() == "read":
            label = "Demanded file read"
        if text.lower() == "unknown":
            label = "Unknown"
        if _is_enqueue_category(text):
            label = "Enqueue"
    return label


def _distinct_count(values: np.ndarray) -> int:
    """The number of distinct values of an object array, missing ones left out (``Series.nunique``)."""
    return len(set(values[~pd.isna(values)].tolist()))


_INPUT_OP_TEXTS = ("name", "category", "host")
_INPUT_OP_NUMBERS = ("occurrences", "total_time_ps", "self_time_ps")
_INPUT_OP_COLUMNS = _INPUT_OP_TEXTS + _INPUT_OP_NUMBERS


def _input_ops_over_hosts(ops: pd.DataFrame) -> dict[str, np.ndarray]:
    """One row per input op (name, category) of several hosts, its counts and times added up (as
    XProf's combined op metrics db), in name order; ``host`` is ``"all hosts"``."""
    summed = (
        ops.assign(name=ops["name"].astype(str), category=ops["category"].astype(str), host="all hosts")
        .groupby(["name", "category", "host"], as_index=False, observed=True)[
            ["occurrences", "total_time_ps", "self_time_ps"]
        ]
        .sum()
    )
    return {c: summed[c].to_numpy() for c in _INPUT_OP_COLUMNS}


def _is_enqueue_category(category: str) -> bool:
    """An infeed enqueue or host-to-device memcpy (XProf's enqueue ops)."""
    return category in INFEED_TYPES or category == "MemcpyHToD" or category.lower() == "enqueue"


def _is_input_category(category: str) -> bool:
    """A category the input pipeline counts: tf.data, enqueue, or the newer read/preprocessing/unknown."""
    return (
        category == "Dataset"
        or _is_enqueue_category(category)
        or category.lower() in ("read", "preprocessing", "unknown")
    )


def _empty_input_ops() -> pd.DataFrame:
    """The input-op table without rows (object, int64 and float64 columns)."""
    columns = {"name": object, "count": np.int64, "total_ms": np.float64, "total_pct": np.float64}
    columns.update({"self_ms": np.float64, "self_pct": np.float64, "category": object, "host": object})
    return typed_frame({name: np.empty(0, dtype) for name, dtype in columns.items()})
