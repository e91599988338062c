"""XProf's framework op table (TF stats), host and device, from the op metrics dbs.

Built as ``xprof/convert/op_stats_to_tf_stats.cc`` and
``op_metrics_db_utils.cc::CreateTfMetricsDbFromDeviceOpMetricsDb`` do:

- host rows are the host op metrics db as is (one row per framework op name);
- device rows group the device ops by the framework op they came from (their
  ``provenance``, parsed as ``name:type``); a device op without one keeps its own name with
  type ``Unknown``. Occurrences of a framework op = the largest occurrence count among its
  device ops; times, FLOPs and bytes add up;
- rows are sorted per side by total self time (then name), device side first; percentages
  are of the side's total time (with idle: the db's span-based total; without: the sum of
  op self times).

Columns (percentages 0-100, times in µs as in XProf, ps columns beside):
``rank``, ``host_or_device``, ``type``, ``name``, ``occurrences``, ``total_time_us``,
``avg_time_us``, ``total_self_time_us``, ``avg_self_time_us``, ``device_self_time_pct``,
``device_cumulative_self_time_pct``, ``host_self_time_pct``, ``host_cumulative_self_time_pct``,
``flop_rate_gflops`` (GFLOP/s: FLOPs / total time), ``model_flop_rate_gflops``,
``memory_bw_gibps`` (GiB/s), ``operational_intensity`` (FLOPs/byte), ``bound_by``
(``Compute``/``HBM``/``Unknown`` against the device's peaks), ``is_eager``, ``execution_mode``
(``Eager``/``Function``), ``total_time_ps``, ``total_self_time_ps``, ``flops``, ``model_flops``,
``bytes_accessed`` and, when the device is a GPU, ``gpu_tensorcore_utilization_ratio`` (0-1: the
share of the op's kernel time on Tensor/Matrix Cores, from the kernel stats db grouped by op
name, ``KernelDb.by_op_name``; 0 for host ops and ops without kernels, as XProf).

The overview page's top ops and op placement, the framework-op-stats tool and ``compare``
all read this one table (``OpStats.framework_op_table``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.opstats import tf_op as _tf_op
from nbprof.opstats.group_agg import group_columns
from nbprof.opstats.host_ops import IDLE
from nbprof.xspace import semantics as xs
from nbprof.xspace.typed_frame import coded_strings, string_array, strings, typed_frame

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.opstats.op_stats import OpStats

XPROF_MAX_OPS_PER_SIDE = 500
_GIBI = 2**30 / 1e9  # GiB per GB


@dataclass(frozen=True)
class FrameworkOpTable:
    """The framework-op table and the totals its percentages are of.

    ``table``: one row per framework op and side (columns in the module docstring).
    ``total_time_ps``: per side (``"Device"``, ``"Host"``), the time the percentages divide by
    (with idle: the db's span-based total; without: the sum of op self times).
    ``idle_time_ps``: per side, the IDLE entry's self time. ``notes``: plain sentences.
    """

    table: pd.DataFrame
    include_idle: bool
    total_time_ps: dict[str, int]
    idle_time_ps: dict[str, int]
    notes: list[str]


@dataclass(frozen=True)
class FrameworkOpRows:
    """The framework-op table's rows before their derived columns and frame.

    ``columns``: arrays by column (``_EMPTY_COLUMNS`` and the side percentages; device rows first, each
    side by self time descending, then name; None: no row); ``total_time_ps`` and ``idle_time_ps`` as
    ``FrameworkOpTable``'s; ``side_rows``: rows per side (``"Device"``, ``"Host"``).
    """

    columns: dict[str, np.ndarray] | None
    include_idle: bool
    total_time_ps: dict[str, int]
    idle_time_ps: dict[str, int]
    side_rows: dict[str, int]

    def table_columns(self, peak_tflops: float, peak_hbm_gibps: float) -> dict[str, Any]:
        """The table's columns as arrays (texts object arrays of str), as the finished table holds them,
        without the GPU's tensor core column (which reads the kernel stats db) and without a frame."""
        return _derived_columns(self.columns, peak_tflops, peak_hbm_gibps, None)[0]

    def plain_columns(self) -> dict[str, np.ndarray]:
        """Those of ``table_columns`` taken from the rows as they are (no µs, rate or bound column):
        ``host_or_device``, ``type``, ``name`` (object arrays of str), ``occurrences``,
        ``total_self_time_ps`` (int64), ``is_eager`` and the side percentages (what the overview reads)."""
        return _plain_columns(_rows_or_empty(self.columns))

    def flop_rate_gflops(self, rows: np.ndarray) -> np.ndarray:
        """``table_columns()``' ``flop_rate_gflops`` (GFLOP/s) of the rows at positions ``rows`` alone."""
        table = _rows_or_empty(self.columns)
        total_ps = np.asarray(table["total_time_ps"], dtype=np.float64)[rows]
        return _safe_ratio(np.asarray(table["flops"], dtype=np.float64)[rows], total_ps / 1e3)


def build_framework_op_table(
    op_stats: OpStats, include_idle: bool = True, rows: FrameworkOpRows | None = None
) -> FrameworkOpTable:
    """XProf's framework op stats (TF stats) table from an OpStats' op metrics dbs (``rows``: its rows
    where made, ``framework_op_rows``)."""
    if rows is None:
        rows = framework_op_rows(op_stats, include_idle)
    env = op_stats.perf_env
    stacked = rows.columns
    tensor_core = _tensor_core_utilization(op_stats, stacked) if env.hardware_type == xs.HARDWARE_GPU else None
    table = _finish(stacked, env.peak_tflops, env.peak_hbm_gibps, tensor_core)
    notes = op_stats.op_metrics_notes
    notes.append(
        f"XProf lists at most {XPROF_MAX_OPS_PER_SIDE} ops per side; this table keeps all "
        f"({rows.side_rows['Host']} host, {rows.side_rows['Device']} device rows)"
    )
    return FrameworkOpTable(
        table=table,
        include_idle=include_idle,
        total_time_ps=rows.total_time_ps,
        idle_time_ps=rows.idle_time_ps,
        notes=notes,
    )


def framework_op_rows(op_stats: OpStats, include_idle: bool = True) -> FrameworkOpRows:
    """The framework-op table's rows (``FrameworkOpRows``) from an OpStats' op metrics db's arrays."""
    db = _db_columns(op_stats.op_metrics_db_columns())
    sides = db["host_or_device"]
    device = _device_framework_ops(_side_columns(db, sides == "Device"), include_idle)
    host = _host_framework_ops(_side_columns(db, sides == "Host"), include_idle)
    totals = _side_totals(db, include_idle)

    parts = []
    for side, ops in (("Device", device), ("Host", host)):
        n = len(ops["name"]) if ops is not None else 0
        if ops is None or n == 0:
            continue
        self_ps = ops["self_time_ps"].astype(np.int64)
        order = _by_self_time_then_name(self_ps, np.asarray(ops["name"], dtype=object))
        columns = {c: ops[c][order] for c in _EMPTY_COLUMNS if c != "host_or_device"}
        columns["host_or_device"] = np.full(n, side, dtype=object)
        total = totals.get(side, 0)
        pct = 100.0 * self_ps[order].astype(np.float64) / total if total else np.zeros(n)
        zeros = np.zeros(n)
        key = side.lower()
        other = "host" if side == "Device" else "device"
        columns[f"{key}_self_time_pct"] = pct
        columns[f"{key}_cumulative_self_time_pct"] = np.cumsum(pct)
        columns[f"{other}_self_time_pct"] = zeros
        columns[f"{other}_cumulative_self_time_pct"] = zeros
        parts.append(columns)
    stacked = {c: np.concatenate([part[c] for part in parts]) for c in parts[0]} if parts else None
    is_idle = db["category"] == IDLE
    idle_self = db["self_time_ps"].astype(np.int64)
    idle_by_side = {
        side: int(idle_self[is_idle & (sides == side)].sum())
        for side in ("Device", "Host")
        if (is_idle & (sides == side)).any()
    }
    n_rows = {side: len(ops["name"]) if ops is not None else 0 for side, ops in (("Device", device), ("Host", host))}
    return FrameworkOpRows(
        columns=stacked,
        include_idle=include_idle,
        total_time_ps=totals,
        idle_time_ps={str(k): int(v) for k, v in idle_by_side.items()},
        side_rows=n_rows,
    )


_EMPTY_COLUMNS = [
    "host_or_device",
    "type",
    "name",
    "occurrences",
    "total_time_ps",
    "self_time_ps",
    "flops",
    "model_flops",
    "bytes_accessed",
    "is_eager",
]


# Times, FLOPs and bytes add up whenever op metrics are merged (by host, by program, by framework op).
_SUMMED = {col: (col, "sum") for col in ("total_time_ps", "self_time_ps", "flops", "model_flops", "bytes_accessed")}


_DB_COLUMNS = ["program_id", "name", "category", "provenance", "occurrences", "total_time_ps", "self_time_ps",
               "flops", "model_flops", "bytes_accessed", "is_eager"]  # fmt: skip


def _db_columns(db: pd.DataFrame | dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The op metrics db's columns this table reads as numpy arrays (texts as object arrays), of its
    arrays by column (``OpStats.op_metrics_db_columns``) or of its frame (converted)."""
    wanted = [c for c in dict.fromkeys(["host", "host_or_device", *_DB_COLUMNS, "db_total_time_ps",
                                        "db_total_op_time_ps"]) if c in db]  # fmt: skip
    if isinstance(db, pd.DataFrame):
        return {c: db[c].to_numpy() for c in wanted}
    return {c: db[c] for c in wanted}


def _side_columns(db: dict[str, np.ndarray], on_side: np.ndarray) -> dict[str, np.ndarray]:
    """The op metrics db's rows of one side (``on_side``: mask of its rows) as arrays by column."""
    rows = np.flatnonzero(on_side)
    return {c: db[c][rows] for c in _DB_COLUMNS if c in db}


def _by_self_time_then_name(self_ps: np.ndarray, names: np.ndarray) -> np.ndarray:
    """Row order by self time descending, then name ascending; stable (ties keep row order). Only the
    names of rows that share a self time are sorted (thousands of host op names take ~2 ms)."""
    if len(names) < 2 or _in_order(self_ps, names):
        return np.arange(len(names))
    by_time = np.argsort(-self_ps, kind="stable")
    same = self_ps[by_time[1:]] == self_ps[by_time[:-1]]
    tied = np.zeros(len(names), bool)
    tied[1:] |= same
    tied[:-1] |= same
    if not tied.any():
        return by_time
    at = by_time[tied]  # the tied rows, by time, each time's rows in row order
    rank = np.zeros(len(names), np.int64)
    rank[at] = _name_ranks(names[at])
    return np.lexsort((rank, -self_ps))


def _in_order(self_ps: np.ndarray, names: np.ndarray) -> bool:
    """Whether the rows are in that order already (self time descending, then name ascending), as the
    host rows of a one-host db come: then the stable sort keeps them where they are. Names are compared
    only where self times tie (a missing name, or names that do not compare: not known to be in order)."""
    later, earlier = self_ps[1:], self_ps[:-1]
    if (later > earlier).any():
        return False
    tied = np.flatnonzero(later == earlier)
    if not len(tied):
        return True
    after, before = names[tied + 1], names[tied]
    if pd.isna(after).any() or pd.isna(before).any():
        return False
    try:
        return bool(np.all(after >= before))
    except TypeError:
        return False


def _name_ranks(names: np.ndarray) -> np.ndarray:
    """Each name's position in a stable sort of the names (equal names in their order); a missing name
    first, as pandas ranks it, and names that do not compare with each other by pandas' ranking."""
    if not pd.isna(names).any():
        values = names.tolist()
        try:  # Python's sort of str: half of numpy's object argsort
            order = sorted(range(len(values)), key=values.__getitem__)
        except TypeError:  # names that do not compare with each other: pandas' ranking below
            pass
        else:
            rank = np.empty(len(values), np.int64)
            rank[order] = np.arange(len(values))
            return rank
    return pd.factorize(names, sort=True)[0]  # missing names rank first


def _host_framework_ops(host: dict[str, np.ndarray], include_idle: bool) -> dict[str, np.ndarray] | None:
    """Host db rows combined across hosts by op name (XProf's OpStats combiner); None: no row."""
    category = host["category"]
    if not include_idle:
        keep = category != IDLE
        host = {c: values[keep] for c, values in host.items()}
        category = host["category"]
    if len(category) == 0:
        return None
    if _one_row_per_name(host):  # each op name in one row (one host's db): every row is its own group
        out = {"name": host["name"], "type": np.where(pd.isna(category) | (category == ""), "", category)}
        out.update({c: host[c] for c in ("occurrences", *_SUMMED, "is_eager")})
        return {**out, "type": out["type"].astype(object)}
    host = {**host, "category": np.where(category == "", None, category)}  # "" is no type
    grouped = group_columns(
        host,
        ["name"],
        {
            "type": ("category", "first"),
            "occurrences": ("occurrences", "sum"),
            **_SUMMED,
            "is_eager": ("is_eager", "any"),
        },
    )
    grouped["type"] = np.where(pd.isna(grouped["type"]), "", grouped["type"]).astype(object)
    return grouped


def _one_row_per_name(host: dict[str, np.ndarray]) -> bool:
    """Whether grouping the host rows by name keeps every row as it is: names present and distinct, counts
    and times integers, eager flags bool (what ``group_columns`` sums and ``any``s as numpy arrays)."""
    names = host["name"]
    if pd.isna(names).any() or len(set(names.tolist())) != len(names):
        return False
    return all(host[c].dtype.kind in "iu" for c in ("occurrences", *_SUMMED)) and host["is_eager"].dtype.kind == "b"


def _device_framework_ops(device: dict[str, np.ndarray], include_idle: bool) -> dict[str, np.ndarray] | None:
    """Device ops grouped by their framework op (``CreateTfMetricsDbFromDeviceOpMetricsDb``); None: no row."""
    if len(device["name"]) == 0:
        return None
    # Combine hosts first: the same device op on several hosts is one op metrics entry.
    if not _one_row_per_op(device):  # else (one host's db) every row is its own group
        device = group_columns(
            device,
            ["program_id", "name"],
            {
                "category": ("category", "first"),
                "provenance": ("provenance", "first"),
                "occurrences": ("occurrences", "sum"),
                **_SUMMED,
                "is_eager": ("is_eager", "last"),
            },
        )
    is_idle = device["category"] == IDLE
    if not include_idle:
        device = {c: values[~is_idle] for c, values in device.items()}
        is_idle = np.zeros(len(device["name"]), bool)
    provenance = np.asarray(device["provenance"], dtype=object)
    _, parsed_name, parsed_type = _tf_op.parse_each(provenance)
    has_prov = provenance != ""
    tf_name = np.where(has_prov, parsed_name, np.asarray(device["name"], dtype=object))
    tf_type = np.where(has_prov, parsed_type, "")
    tf_type = np.where(tf_type == "", "Unknown", tf_type)
    tf_name = np.where(is_idle, IDLE, tf_name)
    tf_type = np.where(is_idle, IDLE, tf_type)
    device = {**device, "tf_name": _str_objects(tf_name), "tf_type": _str_objects(tf_type)}
    grouped = group_columns(
        device,
        ["tf_name"],
        {
            "type": ("tf_type", "first"),
            "occurrences": ("occurrences", "max"),
            **_SUMMED,
            "is_eager": ("is_eager", "last"),
        },
    )
    grouped["name"] = grouped.pop("tf_name")
    return grouped


def _str_objects(values: np.ndarray) -> np.ndarray:
    """``values.astype(str).astype(object)``: the array itself where all are str already (no numpy str copy)."""
    if values.dtype == object and pd.api.types.infer_dtype(values, skipna=False) == "string":  # one pass in C
        return values
    return values.astype(str).astype(object)


def _one_row_per_op(device: dict[str, np.ndarray]) -> bool:
    """Whether grouping the device rows by (program id, name) keeps every row as it is: names and texts str,
    (program id, name) pairs distinct, counts and times int64, eager flags bool (what ``group_columns``
    gives such rows back unchanged, in their order)."""
    names = device["name"].tolist()
    texts = (*names, *device["category"].tolist(), *device["provenance"].tolist())
    if not all(type(v) is str for v in texts) or device["program_id"].dtype != np.uint64:
        return False
    if len(set(zip(device["program_id"].tolist(), names))) != len(names):
        return False
    return all(device[c].dtype == np.int64 for c in ("occurrences", *_SUMMED)) and device["is_eager"].dtype.kind == "b"


def _side_totals(db: dict[str, np.ndarray], include_idle: bool) -> dict[str, int]:
    """Total time per side over hosts: db totals with idle, else op self-time totals."""
    column = "db_total_time_ps" if include_idle else "db_total_op_time_ps"
    sides = db["host_or_device"]
    hosts = db["host"]
    values = db[column].astype(np.int64)
    out: dict[str, int] = {}
    for side in ("Device", "Host"):
        rows = np.flatnonzero(sides == side)
        out[side] = int(values[rows[_first_of_each(hosts[rows])]].sum())
    return out


def _first_of_each(values: np.ndarray) -> np.ndarray:
    """Offset of each distinct value's first occurrence in an object array (as ``np.unique``'s
    ``return_index``, in any order): the starts of its runs where each value makes one run (the
    db's hosts), without a sort."""
    starts = np.flatnonzero(np.r_[True, values[1:] != values[:-1]]) if len(values) else np.zeros(0, np.int64)
    if len(set(values[starts].tolist())) == len(starts):
        return starts
    return np.unique(values, return_index=True)[1]


def _tensor_core_utilization(op_stats: OpStats, table: dict[str, np.ndarray] | None) -> np.ndarray:
    """Per row of ``table`` (arrays by column; None: no row), the share of its kernels' time on
    Tensor/Matrix Cores for a device row (XProf's lookup by op name), 0 for a host row."""
    out = np.zeros(len(table["name"]) if table is not None else 0)
    if table is None:
        return out
    device_rows = np.flatnonzero(np.asarray(table["host_or_device"], dtype=object) == "Device")
    names = ec.text(np.asarray(table["name"], dtype=object)[device_rows]).tolist()  # as the finished table's
    if not _kernel_ops_may_be_named(op_stats, names):  # no kernel's op has one of the names: all 0, as the db gives
        return out
    out[device_rows] = op_stats.kernel_db.by_op_name_values(names, "tensor_core_utilization_ratio", 0.0)
    return out


def _kernel_ops_may_be_named(op_stats: OpStats, names: list[str]) -> bool:
    """Whether the kernel stats db may group a kernel under one of ``names`` (False only where it
    cannot: then it need not be built). A kernel's op (``kernel_db``) is ``""``, the op name of a
    ``tf_op`` stat, or the framework op of a device op (its provenance's name); this checks the names
    against all of those, for a host's OpStats whose device ops are built and kernel stats db is not."""
    built = vars(op_stats)
    if "kernel_db" in built or "device_ops" not in built or not hasattr(op_stats, "frames"):
        return True
    wanted = set(names)
    if "" in wanted:
        return True
    provenance = op_stats.device_ops.op_keys()["provenance"]  # no table frame needed
    if not wanted.isdisjoint(_tf_op.parse_each(provenance)[1].tolist()):  # the device rows' own names: GPU ops'
        return True
    events = op_stats.frames.events
    if "tf_op" not in events.columns:
        return False
    tf_op = events["tf_op"]
    return not isinstance(tf_op.dtype, pd.CategoricalDtype) or _may_name(xs.category_text(tf_op).tolist(), wanted)


def _may_name(values: list, wanted: set[str]) -> bool:
    """Whether the op name ``tf_op.parse_many`` gives one of ``values`` is in ``wanted``. That name is
    the value's text or its text before the first ``:``, so only values where either is wanted are parsed."""
    texts = (v if type(v) is str else str(v) for v in values)
    hits = [t for t in texts if t in wanted or t.partition(":")[0] in wanted]
    return bool(hits) and not wanted.isdisjoint(_tf_op.parse_many(hits)[1].tolist())


def _safe_ratio(numerator: np.ndarray, denominator: np.ndarray | float) -> np.ndarray:
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.broadcast_to(np.asarray(denominator, dtype=np.float64), numerator.shape)
    out = np.zeros_like(numerator)
    ok = denominator != 0
    out[ok] = numerator[ok] / denominator[ok]
    return out


def _ratios(numerators: np.ndarray, denominators: np.ndarray) -> np.ndarray:
    """``numerators / denominators`` elementwise (float64 2-D arrays; denominators broadcast), 0 where a
    denominator is 0: all of the table's ratio columns in one division (``_safe_ratio``'s values)."""
    out = np.zeros(np.broadcast_shapes(numerators.shape, denominators.shape))
    return np.divide(numerators, denominators, out=out, where=denominators != 0)


_NUMBER_COLUMNS = ["total_time_ps", "self_time_ps", "occurrences", "flops", "model_flops", "bytes_accessed"]


def _finish(
    table: dict[str, np.ndarray] | None, peak_tflops: float, peak_hbm_gibps: float, tensor_core: np.ndarray | None
) -> pd.DataFrame:
    """The table (columns as arrays, None: no rows) with its derived columns (``_derived_columns``) as
    a frame; ``tensor_core``: the GPU's tensor core utilization per row (None: not a GPU, no such column)."""
    out, bound = _derived_columns(table, peak_tflops, peak_hbm_gibps, tensor_core)
    if len(bound) == 0:  # as pandas makes them of empty numpy str arrays
        return typed_frame({**out, "bound_by": _no_strings(), "execution_mode": _no_strings()})
    # object arrays of str: typed as pd.DataFrame infers them, without its checks; those of a few values by code
    for col in ("type", "name"):
        out[col] = strings(out[col].tolist())
    if len(bound) < _CODED_TEXT_ROWS:
        out["host_or_device"] = strings(out["host_or_device"].tolist())
    else:
        side_code, sides = pd.factorize(out["host_or_device"])
        out["host_or_device"] = _coded_text(np.asarray(sides, dtype=object), side_code)
    out["bound_by"] = _coded_text(_BOUND_BY, bound)
    out["execution_mode"] = _coded_text(_EXECUTION_MODE, out["is_eager"].astype(np.int64))
    return typed_frame(out)


def _derived_columns(
    table: dict[str, np.ndarray] | None, peak_tflops: float, peak_hbm_gibps: float, tensor_core: np.ndarray | None
) -> tuple[dict[str, Any], np.ndarray]:
    """The table's columns as arrays (texts object arrays of str) with the derived ones: µs times,
    averages, rates, roofline bound, execution mode, rank (``tensor_core``: the tensor core column,
    None: none); and each row's bound code (into ``_BOUND_BY``)."""
    table = _rows_or_empty(table)
    numbers = np.array([table[c] for c in _NUMBER_COLUMNS], dtype=np.float64).reshape(len(_NUMBER_COLUMNS), -1)
    total_ps, self_ps, occurrences, flops, model_flops, bytes_accessed = numbers
    time_ns = total_ps / 1e3
    n = len(total_ps)
    ratios = _ratios(
        np.array([flops, bytes_accessed, model_flops, total_ps / 1e6, self_ps / 1e6, flops]),
        np.array([time_ns, time_ns, time_ns, occurrences, occurrences, bytes_accessed]),
    )
    flop_rate, bytes_rate, model_flop_rate, avg_time_us, avg_self_time_us, intensity = ratios  # flop rates GFLOP/s
    memory_bw = bytes_rate / _GIBI  # GiB/s
    utilization = _ratios(np.array([flop_rate, memory_bw]), np.array([[peak_tflops * 1e3], [peak_hbm_gibps]]))
    flops_util, hbm_util = utilization
    bound = np.where(hbm_util > np.maximum(flops_util, 0), 2, (flops_util > 0).astype(np.int64))  # _BOUND_BY
    plain = _plain_columns(table)
    is_eager = plain["is_eager"]
    out: dict[str, Any] = {
        "rank": np.arange(1, n + 1, dtype=np.int64),
        "host_or_device": plain["host_or_device"],
        "type": plain["type"],
        "name": plain["name"],
        "occurrences": plain["occurrences"],
        "total_time_us": total_ps / 1e6,
        "avg_time_us": avg_time_us,
        "total_self_time_us": self_ps / 1e6,
        "avg_self_time_us": avg_self_time_us,
        **{c: plain[c] for c in _PERCENT_COLUMNS},
        "flop_rate_gflops": flop_rate,
        "model_flop_rate_gflops": model_flop_rate,
        "memory_bw_gibps": memory_bw,
        "operational_intensity": intensity,
    }
    if tensor_core is not None:
        out["gpu_tensorcore_utilization_ratio"] = tensor_core
    out["bound_by"] = _BOUND_BY[bound]
    out["is_eager"] = is_eager
    out["execution_mode"] = _EXECUTION_MODE[is_eager.astype(np.int64)]
    out["total_time_ps"] = np.asarray(table["total_time_ps"]).astype(np.int64)
    out["total_self_time_ps"] = plain["total_self_time_ps"]
    for col in ("flops", "model_flops", "bytes_accessed"):
        out[col] = np.asarray(table[col]).astype(np.int64)
    return out, bound


def _rows_or_empty(table: dict[str, np.ndarray] | None) -> dict[str, np.ndarray]:
    """The rows' columns, or (None: no row) empty ones (texts object, numbers float64)."""
    if table is not None:
        return table
    return {
        c: np.zeros(0, object if c in ("host_or_device", "type", "name") else np.float64)
        for c in _EMPTY_COLUMNS + _PERCENT_COLUMNS
    }


def _plain_columns(table: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """``FrameworkOpRows.plain_columns`` of the rows' columns (``_rows_or_empty``'s)."""
    return {
        "host_or_device": ec.text(table["host_or_device"]),
        "type": ec.text(table["type"]),
        "name": ec.text(table["name"]),
        "occurrences": np.asarray(table["occurrences"], dtype=np.float64).astype(np.int64),
        "total_self_time_ps": np.asarray(table["self_time_ps"]).astype(np.int64),
        "is_eager": np.asarray(table["is_eager"]).astype(bool),
        **{c: np.asarray(table[c], dtype=np.float64) for c in _PERCENT_COLUMNS},
    }


_BOUND_BY = np.array(["Unknown", "Compute", "HBM"], dtype=object)
_EXECUTION_MODE = np.array(["Function", "Eager"], dtype=object)


_CODED_TEXT_ROWS = 1000  # from this many rows on, a column of few texts is made from codes (fewer: as fast by text)


def _coded_text(table: np.ndarray, codes: np.ndarray) -> object:
    """``strings(table[codes].tolist())`` for a few distinct str ``table`` and codes into it, made from
    the codes (``coded_strings``) where the rows are many and pandas' strings are Arrow's."""
    column = coded_strings(table, codes) if len(codes) >= _CODED_TEXT_ROWS else None
    return column if column is not None else strings(table[codes].tolist())


def _no_strings() -> object:
    """The column ``pd.DataFrame`` makes of an empty numpy str array: pandas' ``str`` where that is its
    string type (made from Arrow buffers, without pyarrow's pandas layer), else object."""
    dtype = pd.api.types.pandas_dtype("str")
    return string_array([], dtype) if isinstance(dtype, pd.StringDtype) else np.zeros(0, object)


_PERCENT_COLUMNS = [
    "device_self_time_pct",
    "device_cumulative_self_time_pct",
    "host_self_time_pct",
    "host_cumulative_self_time_pct",
]
