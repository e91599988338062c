"""XProf's overview page: ``prof.overview()``.

Follows ``xprof/convert/op_stats_to_overview_page.cc`` (and the step analysis shared with
the input-pipeline analyzer):

* performance summary: average step time (ms) with std/min/max over the analysed steps
  (``prof.steps[in_analysis]``; with several hosts each step's slowest host, as XProf) and
  its breakdown (on TPU XProf's TPU parts: TensorCore compute, infeed, outfeed, idle, host
  transfer, SparseCore; on CPU the time only XLA CPU ops ran as ``xla_cpu_compute``, which
  XProf counts as "all others": its figures are kept as ``*_xprof`` keys); % of step time
  waiting for input; TPU duty cycle (XProf's) and idle %; framework-op placement (host vs
  device, by number of op executions); op time in eager execution (host, device); device
  compute precision (16-bit vs 32-bit, GPU); FLOPS utilisation (vs the peak and vs the
  roofline), HBM bandwidth utilisation and program goodput (``nbprof.opstats.utilization``:
  XProf 2.24.2 shows 0 for these), the TPU MXU/HBM hardware counters; ``is_training`` and, for
  inference profiles without steps, the sessions' time (``session_time_ms_*``);
* step-time graph: per analysed step and category, ms (several hosts: the first host's
  rows of the steps every host ran, as XProf lists them);
* inference latency (``inference_latency``): XProf's per-percentile split of session time into
  host, device and communication ms, for inference profiles (``nbprof.opstats.inference``);
* top 10 ops by self time on the device (framework ops, as XProf), with % of device op
  time, cumulative %, category and FLOP rate (GFLOP/s over the op's total time); on GPUs
  also whether the op is Tensor Core eligible and uses them (kernel stats by op name). XProf
  shows nothing for a profile without a device; we show the top host framework ops then;
* run environment: host count, device type, device core count;
* recommendation: the input-bound verdict and sentence (nbprof's; XProf's as ``*_xprof``), and
  the tools to open next.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats import event_columns as ec
from nbprof.opstats import tf_op as _tf_op
from nbprof.opstats.inference import LATENCY_COLUMNS
from nbprof.opstats.step_analysis import (
    TPU_BREAKDOWN,
    bottleneck,
    nbprof_breakdown_ms,
    step_detail_rows,
    step_summary,
    tpu_bottleneck,
    tpu_step_summary,
)
from nbprof.opstats.step_db import CATEGORIES
from nbprof.opstats.step_rows import StepRows, analysed_rows
from nbprof.opstats.utilization import device_utilization, performance_counters
from nbprof.opstats.xla_cpu_ops import XlaCpuOpRows
from nbprof.opstats.xla_ops import XlaOps
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace import semantics as xs
from nbprof.xspace.typed_frame import strings, typed_frame

TOP_OPS = 10
_GENERIC_CATEGORY_KEYS = tuple(
    f"{c}_ms_{stat}{x}" for c in (*CATEGORIES, "xla_cpu_compute") for stat in ("avg", "std") for x in ("", "_xprof")
)
UTILIZATION_KEYS = (
    "flops_utilization_pct", "flop_rate_utilization_relative_to_roofline_pct", "memory_bw_utilization_pct",
    "program_goodput_pct", "mxu_utilization_pct", "hbm_counter_utilization_pct",
)  # fmt: skip
LOW_PRECISION_PCT = 10.0  # XProf's kLowPrecisionPercentThreshold


@result_dataclass
class Overview(ToolResult):
    """The overview page of a profile.

    ``summary`` (dict; times ms, percentages 0-100), ``step_time_graph`` (DataFrame: one row
    per analysed step, ms per category), ``top_ops`` (DataFrame: ``name``, ``category``,
    ``self_time_pct``, ``cumulative_pct``, ``flop_rate_gflops``, ``self_time_ms``, ``side``; where the
    ops are XLA ops ``program`` (``<module>(<program id>)``, "" when the op spans several) and
    ``num_programs``; on GPUs ``is_op_tensor_core_eligible`` and ``is_op_using_tensor_core``),
    ``recommendation`` (dict: ``verdict``, ``bottleneck``, ``text``, ``next_tools``),
    ``notes`` (which events were used, what could not be attributed), ``inference_latency``
    (DataFrame, ``LATENCY_COLUMNS``; no rows unless the profile is an inference one).
    """

    summary: dict[str, Any]
    step_time_graph: pd.DataFrame
    top_ops: pd.DataFrame
    recommendation: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    inference_latency: pd.DataFrame = field(default_factory=lambda: ec.empty_frame(LATENCY_COLUMNS))
    tool: ClassVar[str] = "overview"
    frame_names: ClassVar[tuple[str, ...]] = ("step_time_graph", "top_ops", "inference_latency")

    def summary_text(self) -> str:
        s = self.summary
        lines = [f"Overview ({s['device_type']}, {s['host_count']} host(s), {s['device_core_count']} device core(s))"]
        if s["num_steps"]:
            lines.append(
                f"  step time {s['step_time_ms_avg']:.2f} ms avg (std {s['step_time_ms_std']:.2f}, "
                f"min {s['step_time_ms_min']:.2f}, max {s['step_time_ms_max']:.2f}) over {s['num_steps']} steps; "
                f"input {s['input_pct']:.1f}%"
            )
        elif s.get("num_sessions"):
            lines.append(
                f"  inference: session time {s['session_time_ms_avg']:.2f} ms avg (min {s['session_time_ms_min']:.2f}, "
                f"max {s['session_time_ms_max']:.2f}) over {s['num_sessions']} sessions"
            )
        else:
            lines.append("  no step time measured")
        lines.append(f"  {self.recommendation['text']}")
        if len(self.top_ops):
            side = self.top_ops["side"].iloc[0]
            lines.append(f"  top {side.lower()} ops by self time:")
            for _, op in self.top_ops.head(5).iterrows():
                lines.append(f"    {op['self_time_pct']:5.1f}%  {op['name']} ({op['category']})")
        lines.append(f"  next: {', '.join(self.recommendation['next_tools'])}")
        return "\n".join(lines)


def overview(op_stats: OpStats) -> Overview:
    """XProf's overview page from an OpStats (see the module docstring)."""
    step_db = op_stats.step_db
    steps = step_db.steps
    notes = list(step_db.notes)
    analysed = analysed_rows(steps, step_db.analysed, step_db.columns)  # no copy of the steps frame
    tpu = step_db.tpu.steps if step_db.tpu is not None and len(step_db.tpu.steps) else None
    summary: dict[str, Any] = {}
    summary.update(step_summary(analysed))
    if tpu is not None:
        # TPU: XProf's TPU breakdown (TensorCore compute/infeed/outfeed/idle, host transfer) replaces the
        # generic categories, and its TPU bottleneck analysis the verdict.
        summary = {k: v for k, v in summary.items() if not k.endswith(_GENERIC_CATEGORY_KEYS)}
        summary.update(tpu_step_summary(tpu))
        bn = tpu_bottleneck(tpu)
        summary["tc_idle_pct"] = bn["tc_idle_pct"]
        summary["output_pct"] = bn["output_pct"]
    else:
        bn = bottleneck(analysed)
    summary["input_pct"] = bn["input_pct"]
    summary["all_others_pct"] = bn["all_others_pct"]
    for key in ("xla_cpu_compute_pct", "verdict_xprof", "input_pct_xprof", "all_others_pct_xprof"):
        if key in bn:
            summary[key] = bn[key]
    env = op_stats.run_env
    summary.update(
        {
            "device_type": env.device_type,
            "hardware_type": env.hardware_type,
            "host_count": env.host_count,
            "device_core_count": env.device_core_count,
        }
    )
    if env.hardware_type == xs.HARDWARE_GPU:
        summary.update(_precision(StepRows(steps, None, step_db.columns)))
        notes.append(
            "device compute precision: 16-bit when the kernel's tensor shapes (else its name) say half/fp16, "
            "over the device compute time inside the steps"
        )
    op_summary, top, op_notes = _ops(op_stats)
    summary.update(op_summary)
    notes.extend(op_notes)
    if tpu is not None:
        graph = tpu_step_graph(tpu)
    else:
        listed = step_detail_rows(analysed)
        graph_columns = {"step_time_ms": listed.values("duration_ps") / 1e9}
        for cat, values in nbprof_breakdown_ms(listed).items():
            graph_columns[f"{cat}_ms"] = values
        graph = _graph_frame(listed, graph_columns)
    recommendation = _recommendation(bn, env.hardware_type)
    summary["is_training"] = op_stats.is_training
    latency = ec.empty_frame(LATENCY_COLUMNS)  # a copy of one made once (0.1 ms each time otherwise)
    if not op_stats.is_training and not summary["num_steps"]:
        # XProf's inference view: sessions' latency in place of the step time
        sessions = op_stats.inference_sessions
        if len(sessions.table):
            summary.update(sessions.summary())
            latency = sessions.latency_breakdown()
            notes.extend(sessions.notes)
    return Overview(
        summary=summary,
        step_time_graph=graph,
        top_ops=top,
        recommendation=recommendation,
        notes=notes,
        inference_latency=latency,
    )


def tpu_step_graph(tpu: pd.DataFrame) -> pd.DataFrame:
    """XProf's TPU step-time graph: per step, ms of TensorCore compute, SparseCore v0 compute and infeed,
    TensorCore infeed, outfeed and idle, host transfer (and SparseCore parts where a SparseCore ran);
    ``infeed_pct`` is the largest share of a core's step spent on infeed."""
    columns = {"step_time_ms": tpu["step_time_ps"].to_numpy() / 1e9}
    parts = TPU_BREAKDOWN + (("sc_compute", "sc_idle") if (tpu["sparse_cores"] > 0).any() else ())
    for part in parts:
        columns[f"{part}_ms"] = tpu[f"{part}_ps"].to_numpy() / 1e9
    columns["infeed_pct"] = tpu["infeed_pct_max"].to_numpy(np.float64)
    return _graph_frame(tpu, columns)


def _graph_frame(steps: pd.DataFrame | StepRows, numbers: dict[str, np.ndarray]) -> pd.DataFrame:
    """A step-time graph: the steps' ``host`` and ``step_name`` then ``numbers`` (arrays, one value per
    step), as ``pd.DataFrame`` makes it of their values; str (or empty object) columns and numpy
    numbers taken as they are (str columns of str only made from their texts)."""
    rows = steps if isinstance(steps, StepRows) else StepRows(steps)
    names = ("host", "step_name")
    values = {c: rows.values(c) for c in names}
    kinds = {c: rows.dtype(c) for c in names}
    typed = all(kinds[c] == _STR or (kinds[c] == _OBJECT and not len(values[c])) for c in names)
    if not typed or not all(isinstance(v, np.ndarray) and v.dtype.kind in "fiub" for v in numbers.values()):
        return pd.DataFrame({**values, **numbers})
    return typed_frame({**{c: _text_column(rows, c, values[c]) for c in names}, **numbers})


def _text_column(rows: StepRows, name: str, values: np.ndarray) -> Any:
    """A str column of the rows as its own array type: made from ``values`` (its ``to_numpy()``) where
    they are all str, else the column's rows (missing values kept); empty: ``values``."""
    if not len(values):
        return values
    texts = values.tolist()
    return strings(texts) if all(type(v) is str for v in texts) else rows.series(name).array


_STR = pd.api.types.pandas_dtype("str")  # the type pandas gives a column of str (object before pandas 3)
_OBJECT = np.dtype(object)


def _precision(steps: StepRows) -> dict[str, float]:
    """Device compute split by precision over all steps (XProf's PrecisionStats)."""
    c16 = float(steps.values("device_compute_16_ps").sum()) if len(steps) else 0.0
    c32 = float(steps.values("device_compute_32_ps").sum()) if len(steps) else 0.0
    total = c16 + c32
    return {
        "device_compute_16bit_pct": 100.0 * c16 / total if total else 0.0,
        "device_compute_32bit_pct": 100.0 * c32 / total if total else 0.0,
    }


def _ops(op_stats: OpStats) -> tuple[dict[str, float | str | None], pd.DataFrame, list[str]]:
    """Top ops, op placement, eager %, duty cycle from the op metrics dbs."""
    # the framework-op table's columns as arrays (no frame of them made; FLOP rates of the top ops alone)
    framework_rows = op_stats.framework_op_rows(include_idle=False)
    stats = framework_rows.plain_columns()
    notes: list[str] = op_stats.op_metrics_notes
    out: dict[str, float | str | None] = {}
    db = op_stats.op_metrics_db_columns()  # the host rows' sums, read without the host db's frame
    host_busy = (db["host_or_device"] == "Host") & (db["name"] != "IDLE")
    host_self_ps = db["self_time_ps"][host_busy]
    side_of_op = stats["host_or_device"]
    on_device = side_of_op == "Device"
    device_self_ps = stats["total_self_time_ps"]
    n_host = float(db["occurrences"][host_busy].sum())
    n_device = float(stats["occurrences"][on_device].sum())
    total = n_host + n_device
    out["host_tf_op_pct"] = 100.0 * n_host / total if total else 0.0
    out["device_tf_op_pct"] = 100.0 * n_device / total if total else 0.0
    host_self = float(host_self_ps.sum())
    host_eager = db["is_eager"].astype(bool)[host_busy]
    out["host_op_time_eager_pct"] = 100.0 * float(host_self_ps[host_eager].sum()) / host_self if host_self else 0.0
    dev_self = float(device_self_ps[on_device].sum())
    device_eager = on_device & stats["is_eager"]
    out["device_op_time_eager_pct"] = 100.0 * float(device_self_ps[device_eager].sum()) / dev_self if dev_self else 0.0
    if op_stats.run_env.hardware_type == xs.HARDWARE_TPU:
        # XProf reports device idle and duty cycle for TPUs only
        out.update(_idle(op_stats.device_op_db, "device"))  # read on TPU only: its side of the db costs ~0.5 ms
        duty = op_stats.duty_cycle
        out["device_duty_cycle_pct"] = duty.duty_cycle_pct
        out["device_idle_time_high_confidence_ms"] = duty.idle_ps / 1e9
    out.update(_utilization(op_stats, notes))
    if on_device.any():
        side, rows = "Device", np.flatnonzero(on_device)
        pct_col = "device_self_time_pct"
    else:
        side, rows = "Host", np.flatnonzero(side_of_op == "Host")
        pct_col = "host_self_time_pct"
        if len(rows):
            notes.append("no device ops: top ops are host framework ops (XProf lists none without a device)")
        else:
            xla_top = _host_xla_top_ops(op_stats)
            if xla_top is not None:
                notes.append(
                    "no device or framework ops: top ops are the XLA CPU ops on host threads "
                    "(nbprof's op profile, source 'host'; XProf lists none)"
                )
                return out, xla_top, notes
    names = stats["name"]
    rows = _top_rows(device_self_ps, names, rows, TOP_OPS)
    self_time_pct = stats[pct_col][rows]
    columns: dict[str, Any] = {
        "name": names[rows].astype(str),
        "category": stats["type"][rows].astype(str),
        "self_time_pct": self_time_pct,
        "cumulative_pct": np.cumsum(self_time_pct),
        "flop_rate_gflops": framework_rows.flop_rate_gflops(rows),
        "self_time_ms": device_self_ps[rows] / 1e9,
        "side": side,
    }
    if side == "Device":
        columns["program"], columns["num_programs"] = _device_programs(columns["name"].tolist(), op_stats)
        if op_stats.run_env.hardware_type == xs.HARDWARE_GPU:
            eligible, using = _tensor_core_flags(columns["name"], op_stats)
            columns["is_op_tensor_core_eligible"], columns["is_op_using_tensor_core"] = eligible, using
    return out, _top_ops_frame(columns), notes


def _top_rows(time_ps: np.ndarray, names: np.ndarray, rows: np.ndarray, n: int) -> np.ndarray:
    """The first ``n`` of ``rows`` (positions) by time descending, then name, ties in row order
    (``ec.time_then_name_order``): only the rows whose time reaches the n-th largest are sorted (sorting
    thousands of host op names costs ~2 ms)."""
    if len(rows) > n:
        times = time_ps[rows]
        rows = rows[times >= np.partition(times, len(times) - n)[len(times) - n]]
    return rows[ec.time_then_name_order(time_ps[rows], names[rows])[:n]]


def _top_ops_frame(columns: dict[str, Any]) -> pd.DataFrame:
    """``pd.DataFrame(columns)`` of the top ops' columns (``side`` one str for every row): its text
    columns made as ``strings`` where every text is a str (pandas' inferred type, without its inference)."""
    n = len(columns["name"])
    texts = {c: columns[c].tolist() for c in ("name", "category", "program") if c in columns}
    texts["side"] = [columns["side"]] * n
    if not n or not all(type(v) is str for values in texts.values() for v in values):
        return pd.DataFrame(columns)
    return typed_frame({c: strings(texts[c]) if c in texts else values for c, values in columns.items()})


def _device_programs(names: list[str], op_stats: OpStats) -> tuple[np.ndarray, np.ndarray]:
    """``program`` (XProf's ``<module>(<program id>)``) and ``num_programs`` of each device top op: the
    programs of the XLA ops its time comes from (a framework op, or an XLA op without one, can span
    several; ``program`` is then ""). Ops that are not XLA ops (TensorFlow without XLA): "", 0."""
    x = op_stats.xla_ops
    ops = _device_op_columns(x) if x.source == "device" else x.ops.iloc[:0]
    provenance = _text_values(ops["tf_op"])
    _, parsed, _ = _tf_op.parse_each(provenance)
    framework_name = np.where(provenance != "", parsed, _text_values(ops["name"])).astype(str)
    op_programs = _text_values(ops["program"])
    count = np.zeros(len(names), np.int64)
    program = np.full(len(names), "", dtype=object)
    for k, name in enumerate(names):  # the top ops (ten): the programs of the XLA ops each comes from
        mine = op_programs[framework_name == name]
        count[k] = len(set(mine.tolist()))
        if count[k] == 1:
            program[k] = mine[0]
    return program, count


def _tensor_core_flags(names: np.ndarray, op_stats: OpStats) -> tuple[np.ndarray, np.ndarray]:
    """XProf's GPU top-op columns: the op is Tensor Core eligible / uses them (kernel stats by op name)."""
    kernels, names = op_stats.kernel_db, names.tolist()
    eligible = kernels.by_op_name_values(names, "is_op_tensor_core_eligible", False).astype(bool)
    using = kernels.by_op_name_values(names, "tensor_core_duration_ns", 0).astype(np.float64) > 0
    return eligible, using


def _host_xla_top_ops(op_stats: OpStats) -> pd.DataFrame | None:
    """Top XLA CPU ops by self time (JAX on CPU has no framework ops); None when there are none.

    The ops and percentages are the op profile's on such profiles: leaf ops (no nested XLA
    op took time), as a share of all XLA CPU op self time. Read as arrays from the op db (a few
    hundred rows: a pandas mask, sort and head of the whole db cost ~2 ms): one host's from the db's
    rows (``OpStats.host_xla_op_rows``; no frame of the ops made, the HLO details of the top ops alone
    read), else from the ops' frame.
    """
    db_rows = op_stats.host_xla_op_rows()
    if db_rows is not None:
        try:
            return _top_xla_cpu_ops(_host_op_arrays_of_rows(db_rows))
        except _NotAllStr:
            pass  # read from the ops' frame, as pandas types them
    x = op_stats.xla_ops
    if x.source != "host":
        return None
    return _top_xla_cpu_ops(_host_op_arrays(x.ops))


class _NotAllStr(Exception):
    """Some top op's category (read from the HLO protos) is not a str."""


def _top_xla_cpu_ops(ops: dict[str, Any]) -> pd.DataFrame | None:
    """``_host_xla_top_ops`` of the ops' arrays (``_host_op_arrays``); None when there are none."""
    self_ps = ops["self_time_ps"]
    total = float(self_ps.sum())
    names = ops["name"]
    is_region = np.fromiter((isinstance(n, str) and n.startswith("region") for n in names.tolist()), bool, len(names))
    leaves = np.flatnonzero(ops["childless"] & ~is_region)
    if not len(leaves) or total <= 0:
        return None
    rows = _top_rows(self_ps, ops["raw_name"], leaves, TOP_OPS)
    time_ps = ops["time_ps"][rows]
    flops = ops["flops"][rows]
    self_time_pct = 100.0 * self_ps.astype(float)[rows] / total
    return _top_ops_frame(
        {
            "name": names[rows],
            "category": _categories_at(ops["category"], rows),
            "self_time_pct": self_time_pct,
            "cumulative_pct": np.cumsum(self_time_pct),
            # FLOPs per ps * 1000 = GFLOP/s
            "flop_rate_gflops": np.divide(flops * 1e3, time_ps, out=np.zeros_like(flops), where=time_ps > 0),
            "self_time_ms": self_ps[rows] / 1e9,
            "side": "Host XLA CPU",
            "program": ops["program"][rows],
            "num_programs": np.ones(len(rows), np.int64),
        }
    )


def _host_op_arrays_of_rows(db_rows: XlaCpuOpRows) -> dict[str, Any]:
    """``_host_op_arrays`` of the XLA CPU db's rows (``OpStats.host_xla_op_rows``: names and programs
    str, numbers int64 without missing values); ``category`` a function giving the categories of some
    rows (positions), read from their HLO instructions then (``_NotAllStr`` where one is not a str)."""
    columns = db_rows.columns
    return {
        "self_time_ps": columns["self_time_ps"],
        "name": columns["name"],
        "raw_name": columns["name"],
        "childless": columns["children_time_ps"] <= 0,
        "time_ps": columns["total_time_ps"].astype(float),
        "flops": columns["flops"].astype(float),
        "category": lambda rows: _str_categories(db_rows.hlo_columns(rows)["category"]),
        "program": columns["program"],
    }


def _str_categories(categories: np.ndarray) -> np.ndarray:
    """``categories`` where all are str (as the ops' frame's ``_str_values`` reads them), else ``_NotAllStr``."""
    if not all(type(v) is str for v in categories.tolist()):
        raise _NotAllStr
    return categories


def _host_op_arrays(ops: pd.DataFrame) -> dict[str, np.ndarray]:
    """The XLA CPU ops' columns the top ops read, as arrays: texts as str (``_str_values``; ``raw_name``
    the names as they are), ``childless`` (no child time: at most 0), times and FLOPs as float (0 for a
    missing FLOP count)."""
    name_column = ops["name"]
    raw_names = name_column.to_numpy(dtype=object)
    return {
        "self_time_ps": ops["self_time_ps"].to_numpy(),
        "name": raw_names if name_column.dtype == _STR else _str_values(name_column),
        "raw_name": raw_names,
        "childless": _at_most_zero(ops["children_time_ps"]),
        "time_ps": ops["time_ps"].to_numpy(float),
        "flops": _zero_filled_floats(ops["flops"]),
        "category": _str_values(ops["category"]),
        "program": _str_values(ops["program"]),
    }


def _categories_at(categories: Any, rows: np.ndarray) -> np.ndarray:
    """The categories of the ops at positions ``rows``: of an array, or of a function giving them."""
    return categories(rows) if callable(categories) else categories[rows]


def _str_values(column: pd.Series) -> np.ndarray:
    """``column.astype(str).to_numpy(dtype=object)``; a column of pandas' str type read as it is (the
    conversion leaves it unchanged: ~50 us a column)."""
    if column.dtype == _STR:
        return column.to_numpy(dtype=object)
    return column.astype(str).to_numpy(dtype=object)


def _text_values(values: Any) -> np.ndarray:
    """``_str_values`` of a column given as a Series, or as an array (the frame's column made of it: an
    object array of str is taken as it is)."""
    if isinstance(values, np.ndarray) and values.dtype == _OBJECT and all(type(v) is str for v in values.tolist()):
        return values
    return _str_values(values if isinstance(values, pd.Series) else pd.Series(values))


def _at_most_zero(column: pd.Series) -> np.ndarray:
    """``(column <= 0).to_numpy()``: compared as numpy where the column is a numpy one (no Series made)."""
    if isinstance(column.dtype, np.dtype) and column.dtype.kind in "iuf":
        return column.to_numpy() <= 0
    return (column <= 0).to_numpy()


def _zero_filled_floats(column: pd.Series) -> np.ndarray:
    """``column.fillna(0).to_numpy(float)``; an integer numpy column (no missing value) converted as it is."""
    if isinstance(column.dtype, np.dtype) and column.dtype.kind in "iu":
        return column.to_numpy().astype(float)
    return column.fillna(0).to_numpy(float)


def _utilization(op_stats: OpStats, notes: list[str]) -> dict[str, float | str | None]:
    """FLOPS, HBM bandwidth and roofline utilisation, program goodput and the TPU hardware counters (%).

    Computed from the device ops over the device time (``nbprof.opstats.utilization``): XProf 2.24.2
    shows 0 for all but the counters. None where there is no device op or peak.
    """
    out: dict[str, float | str | None] = dict.fromkeys(UTILIZATION_KEYS)
    out.update(performance_counters(op_stats.frames.planes))
    if not op_stats.has_device_xla_ops:  # not building the XLA CPU ops to learn it
        return out
    x = op_stats.xla_ops
    util = device_utilization(_device_op_columns(x), x.total_time_ps, op_stats.perf_env, "the whole profile")
    if util.flops == 0 and util.hbm_bytes == 0:
        reason = "no FLOP or byte counts: the device ops carry none"
        if not op_stats.frames.hlo_protos:
            reason += " and the profile has no HLO protos to compute them from"
        out["utilization_unavailable_reason"] = reason
        notes.append(f"FLOPS / HBM bandwidth utilisation: {reason}")
    out.update({key: getattr(util, key) for key in UTILIZATION_KEYS if hasattr(util, key)})
    tpu = op_stats.step_db.tpu
    if tpu is not None and len(tpu.cores):
        # XProf's basis on TPU: the ops of the complete steps, over the steps' time on every TensorCore.
        tc = tpu.cores[~tpu.cores["is_sparse_core"].to_numpy(bool)]
        in_steps = pd.DataFrame({"category": "", "flops": tc["flops"], "has_breakdown": True,
                                 "hbm_bytes_all": tc["hbm_bytes"], "bytes_accessed": tc["hbm_bytes"]})  # fmt: skip
        steps = device_utilization(in_steps, int(tc["duration_ps"].sum()), op_stats.perf_env, "the TPU steps")
        for key in ("flops_utilization_pct", "flop_rate_utilization_relative_to_roofline_pct",
                    "memory_bw_utilization_pct"):  # fmt: skip
            out[key] = getattr(steps, key)
        notes.append(
            "FLOPS / HBM bandwidth utilisation: the FLOPs and HBM bytes of the ops in the TPU steps over the steps' "
            "time on every TensorCore (XProf's basis); program goodput over the whole profile"
        )
    if util.flops_utilization_pct is not None or util.memory_bw_utilization_pct is not None:
        notes.append(
            f"FLOPS / HBM bandwidth utilisation and program goodput: device ops' FLOPs and HBM bytes over the "
            f"device time of {util.basis} (idle included, per core) against the peaks of the plane stats; "
            "XProf 2.24.2 shows 0 for these (it computes them only with Google-internal performance limits); "
            "program goodput = the time the ops would take at the roofline / the device time"
        )
    return out


def _device_op_columns(x: XlaOps) -> Mapping[str, Any]:
    """The device XLA ops' columns by name: the builder's arrays where it kept them (``XlaOps.op_columns``:
    each made when read, no frame made), else the ops' frame."""
    columns = x.op_columns
    return columns if columns is not None else x.ops


def _idle(db: pd.DataFrame, side: str) -> dict[str, float]:
    """IDLE share of a side's op metrics db (XProf's IdleTimeRatio), in %."""
    if len(db) == 0:
        return {f"{side}_idle_time_pct": 0.0}
    idle = float(db["self_time_ps"].to_numpy()[db["name"].to_numpy(object) == "IDLE"].sum())
    totals = db["db_total_time_ps"]
    if isinstance(totals.dtype, np.dtype) and totals.dtype.kind in "iu":
        # each host's db total is its first row's: one per host, no groupby
        host_code = pd.factorize(db["host"].to_numpy(object))[0]  # not Arrow's factorize: 1 ms on first use
        hosts = host_code >= 0  # a row without a host is in no group
        total = float(totals.to_numpy()[hosts][ec.first_rows(host_code[hosts])].sum()) if hosts.any() else 0.0
    else:  # missing totals: the first present one per host, as groupby's first takes it
        total = float(db.groupby("host")["db_total_time_ps"].first().sum())
    return {f"{side}_idle_time_pct": 100.0 * idle / total if total else 0.0}


_SIDE = {"high": "host", "moderate": "both", "potential": "both", "none": "device", "unknown": "unknown"}


def _recommendation(bn: dict[str, Any], hardware_type: str) -> dict[str, Any]:
    """The verdict and sentence (nbprof's, XProf's beside: ``*_xprof``), and the tools to look at next."""
    verdict = bn["verdict"]
    bottleneck_side = _SIDE[verdict]
    device_tools = ["op_profile" if hardware_type == xs.HARDWARE_TPU else "framework_op_stats", "trace"]
    host_tools = ["input_pipeline", "trace"]
    if bottleneck_side == "device":
        tools = device_tools + host_tools
    else:
        tools = host_tools + device_tools
    if hardware_type == xs.HARDWARE_GPU:
        tools.append("kernel_stats")
    return {
        "verdict": verdict,
        "bottleneck": bottleneck_side,
        "text": bn["statement"],
        "verdict_xprof": bn.get("verdict_xprof", verdict),
        "bottleneck_xprof": _SIDE[bn.get("verdict_xprof", verdict)],
        "text_xprof": bn.get("statement_xprof", bn["statement"]),
        "next_tools": list(dict.fromkeys(tools)),
        "kernel_launch_bottleneck": bn["kernel_launch_bottleneck"],
        "device_collectives_bottleneck": bn["device_collectives_bottleneck"],
        "all_others_bottleneck": bn["all_others_bottleneck"],
        "tc_idle_bottleneck": bn.get("tc_idle_bottleneck", "no"),
        "tc_idle_statement": bn.get("tc_idle_statement", ""),
    }
