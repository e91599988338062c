"""XProf's op profile: the XLA op tree with time, FLOPS and bandwidth utilisation, as a flat frame.

The tree follows ``op_profile_builder.cc``: root -> program (``by="program"``; named
``<hlo module>(<program id>)``) -> category -> [group of ops sharing a deduplicated name,
``"<top op> and its duplicate(s)"``] -> op -> instructions inside a fusion. An ``IDLE`` leaf
under the root holds device time with no op (``include_idle=True``).

Node metrics (as XProf): categories and groups sum their ops; programs and the root sum the
ops' self times, and the root's time is the whole device time (idle included when asked).
``flops_utilization_ratio`` = min(1, FLOP rate / peak) where the FLOP rate uses the DVFS-normalised
time; ``hbm_bw_utilization_ratio`` = min(1, HBM bytes / time / peak HBM bandwidth), both 0-1
(XProf's UI multiplies the stored value by the time fraction; here they are plain ratios).
Children are ordered by time (instructions inside a fusion by FLOPs); nothing is pruned: use
``top(n)`` for the view's "top N per node" control.
"""

from __future__ import annotations

import math
import re
from dataclasses import field, replace
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.opstats import OpStats
from nbprof.opstats import event_columns as ec
from nbprof.opstats.xla_ops import GIBI, XlaOps
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace.absent import masked
from nbprof.xspace.typed_frame import strings, typed_frame

COLUMNS = [
    "node_id", "parent_id", "level", "kind", "name", "category", "program", "program_id", "time_ps",
    "time_pct", "self_time_ps", "occurrences", "avg_time_ps", "flops", "model_flops",
    "flops_utilization_ratio", "bytes_accessed", "hbm_bytes", "hbm_bw_utilization_ratio", "tf_op",
    "expression", "shape", "layout", "deduplicated_name", "source_file", "source_line", "num_children",
]  # fmt: skip

_SUM_COLS = ["time_ps", "self_time_ps", "occurrences", "normalized_time_ps", "flops", "model_flops",
             "bytes_accessed", "hbm_bytes"]  # fmt: skip


class OpProfileError(NbprofError):
    """Bad arguments to op_profile."""


@result_dataclass
class OpProfile(ToolResult):
    """The op profile tree as a flat DataFrame ``tree`` (one row per node, pre-order).

    ``source``: ``"device"`` (XLA ops on TPU/GPU planes), ``"host"`` (XLA CPU ops on host
    threads, for CPU-only JAX profiles) or ``"none"``. ``peak_tflops`` / ``peak_hbm_gibps``:
    the device peaks utilisations are measured against (NaN unknown). ``total_time_ps``: the
    device time the root stands for (idle included); ``idle_time_ps``: the IDLE node's time.
    ``top(n)`` keeps, under every node, its n largest children.
    """

    tree: pd.DataFrame
    source: str
    hardware_type: str
    device_type: str
    peak_tflops: float
    peak_hbm_gibps: float
    total_time_ps: int
    idle_time_ps: int
    by: str
    include_idle: bool
    notes: list[str] = field(default_factory=list)
    _op_stats: OpStats | None = field(default=None, repr=False, compare=False)
    tool: ClassVar[str] = "op_profile"
    frame_names: ClassVar[tuple[str, ...]] = ("tree",)

    def summary_text(self) -> str:
        if self.source == "none" or len(self.tree) == 0:
            return "Op profile: no XLA ops in this profile."
        where = "XLA CPU ops on host threads" if self.source == "host" else f"{self.device_type or 'device'} XLA ops"
        ops = self.tree[(self.tree["kind"] == "op").to_numpy()]
        lines = [f"Op profile ({where}, by {self.by}): {len(ops):,} ops; most time:"]
        for _, op in ops.sort_values("time_ps", ascending=False, kind="stable").head(5).iterrows():
            lines.append(f"  {op['time_pct']:5.1f}%  {op['name']} ({op['category']})")
        return "\n".join(lines)

    def regroup(self, by: str | None = None, include_idle: bool | None = None) -> OpProfile:
        """The same profile's op profile grouped ``by`` ``"category"`` or ``"program"``, with or without
        idle time (unchanged where not given); the views use it to offer both groupings."""
        if self._op_stats is None:
            raise OpProfileError("this op profile was not built by op_profile(); call prof.op_profile(by=...) instead")
        return op_profile(
            self._op_stats, by=by or self.by, include_idle=self.include_idle if include_idle is None else include_idle
        )

    def top(self, n: int = 10, by: str = "time_ps") -> OpProfile:
        """The tree with at most ``n`` children per node (the largest by ``by``), ancestors kept."""
        if by not in self.tree.columns:
            raise OpProfileError(f"op_profile.top: unknown column {by!r}; try one of {list(self.tree.columns)}")
        frame = self.tree
        if len(frame) == 0:
            return self
        value = frame[by].astype("float64").fillna(-np.inf)
        rank = value.groupby(frame["parent_id"]).rank(method="first", ascending=False).to_numpy()
        keep = (rank <= n) | (frame["parent_id"].to_numpy() < 0)
        keep_by_id = pd.Series(keep, index=frame["node_id"].to_numpy())
        levels = frame["level"].to_numpy()
        parents = frame["parent_id"].to_numpy()
        for level in range(1, int(levels.max()) + 1):  # depth of the tree, not rows
            at = levels == level
            parent_kept = keep_by_id.reindex(parents[at]).fillna(False).to_numpy(dtype=bool)
            keep[at] &= parent_kept
            keep_by_id.iloc[np.flatnonzero(at)] = keep[at]
        return replace(self, tree=frame[keep].reset_index(drop=True))


def _utilization(flops: np.ndarray, norm_time: np.ndarray, time: np.ndarray, hbm: np.ndarray,
                 peak_tflops: float, peak_hbm_gibps: float) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    with np.errstate(divide="ignore", invalid="ignore"):
        t_flops = np.where(norm_time > 0, norm_time, time)
        gflops = np.where(t_flops > 0, flops / (t_flops / 1000.0), 0.0)  # FLOP/ns = GFLOP/s
        fu = np.minimum(gflops / (peak_tflops * 1000.0), 1.0) if peak_tflops > 0 else np.full(len(flops), np.nan)
        gibps = np.where(time > 0, hbm / (time / 1000.0), 0.0) * 1e9 / GIBI
        bu = np.minimum(gibps / peak_hbm_gibps, 1.0) if peak_hbm_gibps > 0 else np.full(len(flops), np.nan)
    return fu, bu


_TEXT_COLUMNS = ["tf_op", "expression", "shape", "deduplicated_name", "source_file"]
_NODE_COLUMNS = ["kind", "name", "category", "program", "program_id", *_SUM_COLS, *_TEXT_COLUMNS, "source_line"]


def _is_region(names: np.ndarray) -> np.ndarray:
    """Ops XProf cannot symbolize (names starting with ``region``), tested once per distinct name."""
    distinct, inverse = np.unique(names.astype(str), return_inverse=True)
    region = np.array([n.startswith("region") for n in distinct], dtype=bool)
    return region[inverse] if len(distinct) else np.zeros(0, bool)


def _uint_or_missing(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(uint64 values with 0 where missing, missing mask) of an object array of ids."""
    missing = np.asarray(pd.isna(values), dtype=bool)
    return np.where(missing, 0, values).astype(np.uint64), missing


def _group_sums(values: dict[str, np.ndarray], group: np.ndarray, n: int) -> dict[str, np.ndarray]:
    """Per group code ``0..n-1`` (``group``: a code per row), the sums of the columns as pandas'
    groupby sum gives them (a group without rows sums to 0). Columns of int64 and of whole float64
    numbers whose sum is exact (the op tables' times and bytes) are summed by numpy: every order of
    summation gives their sum. Others by pandas' groupby (its compensated float sums), whose first
    use in a process costs ~0.8 ms."""
    if all(_sums_exactly(v) for v in values.values()):
        return {c: _exact_sums(v, group, n) for c, v in values.items()}
    sums = typed_frame(values).groupby(group, sort=False).sum().reindex(range(n), fill_value=0)
    return {c: sums[c].to_numpy() for c in values}


def _sums_exactly(values: np.ndarray) -> bool:
    """int64 (wrapping sums, as pandas'), or float64 whole numbers (no NaN, infinity or -0.0) whose
    magnitudes sum below 2**53: then every partial sum, in any order, is exact."""
    if values.dtype == np.int64:
        return True
    if values.dtype != np.float64:
        return False
    whole = bool(np.all(np.floor(values) == values)) and not np.any(np.signbit(values) & (values == 0))
    with np.errstate(over="ignore"):  # huge magnitudes: an infinite sum, too large all the same
        return whole and float(np.abs(values).sum()) < 2.0**53


def _exact_sums(values: np.ndarray, group: np.ndarray, n: int) -> np.ndarray:
    if values.dtype == np.float64:
        return np.bincount(group, weights=values, minlength=n).astype(np.float64, copy=False)  # int64 when empty
    out = np.zeros(n, values.dtype)
    np.add.at(out, group, values)
    return out


class _Nodes:
    """The tree's nodes in creation order: op nodes point at a leaf op, the others carry their values."""

    def __init__(self, leaf: dict[str, np.ndarray]) -> None:
        self.leaf = leaf
        self.kind: list[str] = []
        self.parent: list[tuple | None] = []
        self.key: list[tuple] = []
        self.op_at: list[int] = []  # the leaf op of an op node, -1 for other nodes
        self.values: list[dict[str, Any]] = []  # the values of the other nodes

    def add(self, kind: str, parent: tuple | None, key: tuple, **values: Any) -> None:
        self.kind.append(kind)
        self.parent.append(parent)
        self.key.append(key)
        self.op_at.append(-1)
        self.values.append(values)

    def add_op(self, at: int, parent: tuple) -> None:
        self.kind.append("op")
        self.parent.append(parent)
        self.key.append(parent + ("op", self.leaf["name"][at]))
        self.op_at.append(at)
        self.values.append({})

    def columns(self) -> dict[str, np.ndarray]:
        """``_NODE_COLUMNS`` as object arrays (NaN where a node has no value) plus ``op_index``."""
        op_at = np.asarray(self.op_at, np.int64)
        is_op = op_at >= 0
        out: dict[str, np.ndarray] = {"kind": np.asarray(self.kind, dtype=object)}
        other = [self.values[i] for i in np.flatnonzero(~is_op).tolist()]
        for col in _NODE_COLUMNS[1:] + ["op_index"]:
            values = np.full(len(op_at), np.nan, dtype=object)
            values[~is_op] = [v.get(col, np.nan) for v in other]
            values[is_op] = self.leaf[col][op_at[is_op]]
            out[col] = values
        return out


_OBJECT_COLUMNS = ["name", "category", "program", "program_id", "tf_op", "expression", "shape",
                   "deduplicated_name", "source_file", "source_line"]  # fmt: skip


def _total_self_time(values: Any) -> int:
    """``int(x.ops["self_time_ps"].sum())`` of the column's array (int64: numpy's sum, which is pandas')."""
    if isinstance(values, np.ndarray) and values.dtype == np.int64:
        return int(values.sum())
    return int(pd.Series(values).sum())


def _op_columns(arrays: dict[str, Any], labels: np.ndarray) -> dict[str, np.ndarray]:
    """The ops' columns the tree reads (``XlaOps.op_arrays`` and ``op_row_labels``), as arrays: text and ids as
    object arrays of python values (what a row of the frame holds), times and counts int64,
    ``normalized_time_ps`` float64, ``hbm_bytes`` (HBM reads + writes) float64, ``op_index`` the labels."""
    out = {c: np.asarray(arrays[c], dtype=object) for c in _OBJECT_COLUMNS}
    for c in ("time_ps", "self_time_ps", "occurrences", "children_time_ps", "flops", "model_flops",
              "bytes_accessed"):  # fmt: skip
        out[c] = ec.array_values(arrays[c], np.int64)
    out["normalized_time_ps"] = ec.array_values(arrays["normalized_time_ps"], np.float64)
    hbm = ec.array_values(arrays["hbm_read_bytes"], np.int64) + ec.array_values(arrays["hbm_write_bytes"], np.int64)
    out["hbm_bytes"] = hbm.astype(np.float64)
    out["op_index"] = labels
    return out


def _node_values(leaf: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Numeric leaf columns as object arrays of python ints and floats (as a node row holds them)."""
    out = dict(leaf)
    for c in ("time_ps", "self_time_ps", "occurrences"):
        out[c] = leaf[c].astype(object)
    for c in ("normalized_time_ps", "flops", "model_flops", "bytes_accessed", "hbm_bytes"):
        out[c] = leaf[c].astype(np.float64).astype(object)
    return out


def build_tree(x: XlaOps, by: str, include_idle: bool) -> dict[str, np.ndarray]:
    """The node table (pre-order) for op metrics ``x``: ``_NODE_COLUMNS`` as object columns, then
    ``node_id``, ``parent_id``, ``level``, ``num_children``."""
    arrays, labels = x.op_arrays(), x.op_row_labels()
    every = _op_columns(arrays, labels)
    # XProf leaves out ops it cannot symbolize (names starting with "region").
    kept = np.flatnonzero(~_is_region(every["name"]))
    ops = {c: v[kept] for c, v in every.items()}
    # XProf: ops whose own children took time are counted in program/root totals only.
    is_leaf = ops["children_time_ps"] <= 0
    raw = {c: v[is_leaf] for c, v in ops.items()}
    dedup = raw["deduplicated_name"]
    raw["dedup_key"] = np.where(dedup != "", dedup, raw["name"])
    dedup_code = pd.factorize(raw["dedup_key"])[0].astype(np.int64)  # -1: no key
    sums = {c: raw[c] for c in _SUM_COLS}
    sum_columns = _SumColumns(sums)
    leaf = _node_values(raw)
    by_program = by == "program"
    nodes = _Nodes(leaf)

    # Root: sums of op self time (program / root rule), time reset to the device total.
    total_op_self = _total_self_time(arrays["self_time_ps"])  # the db total, unsymbolized ops included
    idle_ps = max(0, int(x.total_time_ps) - total_op_self) if x.source == "device" else 0
    root_time = int(x.total_time_ps) if (include_idle and x.source == "device") else total_op_self
    nodes.add("root", None, ("root",), name=f"by_{by}", category="", program="", program_id=pd.NA,
              time_ps=root_time, self_time_ps=0, occurrences=0,
              normalized_time_ps=float(ops["normalized_time_ps"].sum()),
              flops=float(sums["flops"].sum()), model_flops=float(sums["model_flops"].sum()),
              bytes_accessed=float(sums["bytes_accessed"].sum()),
              hbm_bytes=float(sums["hbm_bytes"].sum()))  # fmt: skip

    scopes: list[tuple[np.ndarray, tuple, Any]] = []  # (leaf positions, parent key, program id)
    if by_program:
        pid_code = pd.factorize(ops["program_id"], use_na_sentinel=False)[0].astype(np.int64)
        name_code = pd.factorize(ops["program"], use_na_sentinel=False)[0].astype(np.int64)
        program_code = pd.factorize(pid_code * (int(name_code.max(initial=-1)) + 1) + name_code)[0]
        n_programs = int(program_code.max(initial=-1)) + 1
        psum = _group_sums({c: ops[c] for c in ("self_time_ps", "normalized_time_ps")}, program_code, n_programs)
        lsum = _group_sums({c: sums[c] for c in ("flops", "model_flops", "bytes_accessed", "hbm_bytes")},
                           program_code[is_leaf], n_programs)  # fmt: skip
        leaf_pid, leaf_pid_missing = _uint_or_missing(raw["program_id"])
        for code, first in enumerate(ec.first_rows(program_code).tolist()):  # one per program
            pid, pname = ops["program_id"][first], ops["program"][first]
            nodes.add("program", ("root",), ("program", pid), name=pname, category="", program=pname,
                      program_id=pid, time_ps=int(float(psum["self_time_ps"][code])), self_time_ps=0, occurrences=0,
                      normalized_time_ps=float(psum["normalized_time_ps"][code]),
                      **{c: float(lsum[c][code]) for c in ("flops", "model_flops", "bytes_accessed", "hbm_bytes")})  # fmt: skip
            in_scope = np.zeros(len(leaf_pid), bool) if pd.isna(pid) else ~leaf_pid_missing & (leaf_pid == pid)
            scopes.append((np.flatnonzero(in_scope), ("program", pid), pid))
    else:
        scopes.append((np.arange(len(raw["name"])), ("root",), pd.NA))

    category = raw["category"]
    leaf_time = raw["time_ps"]
    if any(len(at) for at, _, _ in scopes):
        # categories per scope, in order of first appearance in it: one groupby over (scope, category)
        scoped = np.concatenate([at for at, _, _ in scopes])  # each scope's rows, scope after scope
        scope_of = np.concatenate([np.full(len(at), k, np.int64) for k, (at, _, _) in enumerate(scopes)])
        cat_code = pd.factorize(category, use_na_sentinel=False)[0].astype(np.int64)
        pair = pd.factorize(scope_of * (int(cat_code.max()) + 1) + cat_code[scoped])[0]
        cat_sums = _group_sums({c: sums[c][scoped] for c in _SUM_COLS}, pair, int(pair.max()) + 1)
        pair_first = ec.first_rows(pair)
        pair_scope = scope_of[pair_first]
        groups = _DedupGroups(pair, dedup_code[scoped])
        for k, (at, parent_key, pid) in enumerate(scopes):
            for g in np.flatnonzero(pair_scope == k).tolist():  # categories of one scope
                cat = category[scoped[pair_first[g]]]
                ckey = parent_key + ("cat", cat)
                nodes.add("category", parent_key, ckey, name=cat, category=cat,
                          program=leaf["program"][at[0]] if by_program else "",
                          program_id=pid if by_program else pd.NA,
                          **{c: cat_sums[c][g] for c in _SUM_COLS})  # fmt: skip
                if not pd.isna(cat):  # a missing category matches no op
                    for members in groups.of(g):
                        _add_ops(nodes, sum_columns, leaf_time, scoped[members], ckey)

    if include_idle and x.source == "device":
        nodes.add("idle", ("root",), ("idle",), name="IDLE", category="IDLE", program="", program_id=pd.NA,
                  time_ps=idle_ps, self_time_ps=idle_ps, occurrences=0, normalized_time_ps=0.0, flops=0.0,
                  model_flops=0.0, bytes_accessed=0.0, hbm_bytes=0.0)  # fmt: skip
    _add_fused_children(nodes, x)
    return _order(nodes)


class _DedupGroups:
    """Rows (positions in a sequence) grouped by (category group, deduplication key): the groups of
    each category in order of first appearance, rows in sequence order; a missing key (-1) is no group."""

    def __init__(self, category: np.ndarray, dedup: np.ndarray) -> None:
        keyed = np.flatnonzero(dedup >= 0)
        group = np.full(len(dedup), -1, np.int64)
        if len(keyed):
            group[keyed] = pd.factorize(category[keyed] * (int(dedup.max()) + 1) + dedup[keyed])[0]
        n = int(group.max()) + 1 if len(group) else 0
        self.rows = np.argsort(group, kind="stable")
        self.starts = np.searchsorted(group[self.rows], np.arange(n + 1))
        group_category = category[self.rows[self.starts[:-1]]]
        self.by_category = np.argsort(group_category, kind="stable")
        self.category_starts = np.searchsorted(group_category[self.by_category], np.arange(int(category.max()) + 2))

    def of(self, category: int) -> list[np.ndarray]:
        """The row groups of one category."""
        groups = self.by_category[self.category_starts[category] : self.category_starts[category + 1]]
        return [self.rows[self.starts[k] : self.starts[k + 1]] for k in groups.tolist()]


class _SumColumns:
    """Sums over some rows of the leaf ops' summed columns (int64 and float64 arrays, ``_op_columns``),
    as ``DataFrame.sum`` of those rows gives them (missing values skipped, every sum in the columns'
    common dtype), without a frame per group."""

    def __init__(self, columns: dict[str, np.ndarray]) -> None:
        self.columns = columns
        self.scalar = np.result_type(*[v.dtype for v in columns.values()]).type

    def sums(self, rows: np.ndarray) -> dict[str, Any]:
        """Column -> sum over ``rows`` (positions)."""
        return {
            c: self.scalar(np.nansum(v[rows]) if v.dtype.kind == "f" else v[rows].sum())
            for c, v in self.columns.items()
        }


def _add_ops(nodes: _Nodes, sum_columns: _SumColumns, leaf_time: np.ndarray, members: np.ndarray, ckey: tuple) -> None:
    """Ops sharing a deduplicated name (positions in the leaf ops): alone, one op node; else a group
    ``"<top op> and its duplicate(s)"`` over them, longest first."""
    leaf = nodes.leaf
    if len(members) == 1:
        nodes.add_op(int(members[0]), ckey)
        return
    members = members[np.argsort(-leaf_time[members], kind="stable")]  # longest first
    top = int(members[0])
    dkey = leaf["dedup_key"][top]
    gkey = ckey + ("dedup", dkey)
    sums = sum_columns.sums(members)
    nodes.add("dedup", ckey, gkey, name=f"{leaf['name'][top]} and its duplicate(s)",
              category=leaf["category"][top], program=leaf["program"][top], program_id=leaf["program_id"][top],
              expression=leaf["expression"][top], deduplicated_name=dkey, source_file=leaf["source_file"][top],
              source_line=leaf["source_line"][top], **{c: sums[c] for c in _SUM_COLS})  # fmt: skip
    for at in members.tolist():
        nodes.add_op(at, gkey)


def _add_fused_children(nodes: _Nodes, x: XlaOps) -> None:
    """Instructions inside fusion ops as leaves under them (time 0, as XProf)."""
    fused = x.fused_children
    if len(fused) == 0:
        return
    rows_of: dict[Any, list[int]] = {}
    for i, op_index in enumerate(fused["op_index"].tolist()):  # fused instructions, each op's in order
        rows_of.setdefault(op_index, []).append(i)
    columns = {c: fused[c].tolist() for c in ("parent_name", "name", "category", "tf_op", "flops")}
    leaf = nodes.leaf
    for n in range(len(nodes.kind)):  # the op nodes, in creation order
        at = nodes.op_at[n]
        if at < 0:
            continue
        key = nodes.key[n]
        for i in rows_of.get(leaf["op_index"][at], []):
            parent, name = columns["parent_name"][i], columns["name"][i]
            flops = float(columns["flops"][i])
            nodes.add("fused", key if parent == key[-1] else key + ("fused", parent), key + ("fused", name),
                      name=name, category=columns["category"][i], program=leaf["program"][at],
                      program_id=leaf["program_id"][at], time_ps=0, self_time_ps=0, occurrences=1,
                      normalized_time_ps=0.0, flops=flops, model_flops=flops, bytes_accessed=0.0, hbm_bytes=0.0,
                      tf_op=columns["tf_op"][i])  # fmt: skip


def _order(nodes: _Nodes) -> dict[str, np.ndarray]:
    """Pre-order rows: children by time descending (fused instructions by FLOPs); assign ids."""
    columns = nodes.columns()
    children: dict[tuple, list[int]] = {}
    for i, parent in enumerate(nodes.parent):
        if parent is not None:
            children.setdefault(parent, []).append(i)
    time = columns["time_ps"].astype(np.float64)
    flops = columns["model_flops"].astype(np.float64)
    kinds = nodes.kind
    keys = nodes.key
    order: list[int] = []
    parent_pos: list[int] = []
    level: list[int] = []
    stack = [(0, -1, 0)]
    visited = np.zeros(len(kinds), bool)  # an HLO whose fusions call each other would loop forever
    while stack:  # walks nodes (ops and groups), not events
        i, ppos, lev = stack.pop()
        if visited[i]:
            continue
        visited[i] = True
        pos = len(order)
        order.append(i)
        parent_pos.append(ppos)
        level.append(lev)
        kids = children.get(keys[i], [])
        if kids:
            fused = kinds[kids[0]] == "fused"
            metric = flops if fused else time
            kids = sorted(kids, key=lambda j: -metric[j])
            for j in reversed(kids):
                stack.append((j, pos, lev + 1))
    at = np.asarray(order, np.int64)
    out = {c: v[at] for c, v in columns.items()}
    parents = np.asarray(parent_pos, np.int64)
    out["node_id"] = np.arange(len(at))
    out["parent_id"] = parents
    out["level"] = np.asarray(level, np.int64)
    out["num_children"] = np.bincount(parents[parents >= 0], minlength=len(at)).astype(np.int64)
    return out


def op_profile(op_stats: OpStats, by: str = "category", include_idle: bool = False) -> OpProfile:
    """The XLA op tree as a flat DataFrame (see the module docstring).

    ``by``: ``"category"`` (root -> category -> op) or ``"program"`` (root -> program ->
    category -> op). ``include_idle``: add an ``IDLE`` node and count idle time in the root
    (device profiles only).
    """
    if by not in ("category", "program"):
        raise OpProfileError(f"op_profile(by={by!r}): use 'category' or 'program'")
    x = op_stats.xla_ops
    table, idle = _tree_table(x, by, include_idle) if x.source != "none" else (ec.empty_frame(COLUMNS), 0)
    return OpProfile(
        tree=table,
        source=x.source,
        hardware_type=x.device_kind,
        device_type=x.device_type,
        peak_tflops=x.peak_tflops,
        peak_hbm_gibps=x.peak_hbm_gibps,
        total_time_ps=int(x.total_time_ps),
        idle_time_ps=idle,
        by=by,
        include_idle=include_idle,
        notes=list(x.notes),
        _op_stats=op_stats,
    )


def _tree_table(x: XlaOps, by: str, include_idle: bool) -> tuple[pd.DataFrame, int]:
    """The tree frame (``COLUMNS``) of ops ``x`` (``build_tree`` with its derived columns) and the IDLE node's
    time (ps)."""
    nodes = build_tree(x, by, include_idle)
    time = nodes["time_ps"].astype(np.float64)
    fu, bu = _utilization(
        nodes["flops"].astype(np.float64),
        nodes["normalized_time_ps"].astype(np.float64),
        time,
        nodes["hbm_bytes"].astype(np.float64),
        x.peak_tflops if x.peak_tflops == x.peak_tflops else 0.0,
        x.peak_hbm_gibps if x.peak_hbm_gibps == x.peak_hbm_gibps else 0.0,
    )
    root_time = float(time[0]) if len(time) else 0.0
    occ = nodes["occurrences"].astype(np.float64)
    columns: dict[str, Any] = {
        "flops_utilization_ratio": fu,
        "hbm_bw_utilization_ratio": bu,
        "time_pct": time / root_time * 100 if root_time > 0 else np.full(len(time), math.nan),
    }
    with np.errstate(divide="ignore", invalid="ignore"):
        columns["avg_time_ps"] = np.where(occ > 0, time / occ, 0.0)
    for col in ("tf_op", "expression", "shape", "deduplicated_name", "source_file", "category", "program"):
        columns[col] = ec.text(nodes[col])
    columns["layout"] = _layout(columns["shape"])
    columns["source_line"] = _source_lines(nodes["source_line"])
    for col in ("time_ps", "self_time_ps", "occurrences"):
        columns[col] = (
            nodes[col].astype(np.float64).astype(np.int64) if _has_float(nodes[col]) else nodes[col].astype(np.int64)
        )
    for col in ("flops", "model_flops", "bytes_accessed", "hbm_bytes"):
        columns[col] = nodes[col].astype(np.float64)
    columns["program_id"] = _program_ids(nodes["program_id"])
    table = _tree_frame({c: columns[c] if c in columns else nodes[c] for c in COLUMNS})
    idle = int(columns["time_ps"][nodes["kind"] == "idle"].sum())
    return table, idle


_TREE_TEXT_COLUMNS = ("kind", "name", "category", "program", "tf_op", "expression", "shape", "layout",
                      "deduplicated_name", "source_file")  # fmt: skip


def _tree_frame(columns: dict[str, Any]) -> pd.DataFrame:
    """``pd.DataFrame(columns)`` for the tree's typed columns and object arrays of text: where every
    text is a str, its columns made as ``strings`` (pandas' inferred type, without its inference)."""
    texts = {c: columns[c].tolist() for c in _TREE_TEXT_COLUMNS}
    if not len(columns["node_id"]) or not all(type(v) is str for values in texts.values() for v in values):
        return pd.DataFrame(columns)
    return typed_frame({c: strings(texts[c]) if c in texts else values for c, values in columns.items()})


def _has_float(values: np.ndarray) -> bool:
    """Whether an object array holds a float (then pandas would have typed its column float64)."""
    return any(isinstance(v, float) for v in values)


def _missing(values: list[Any]) -> list[bool]:
    """Whether each node value is missing (``pd.NA``, or the NaN of a node without the value)."""
    return [v is pd.NA or (type(v) is float and v != v) for v in values]


def _present_ints(values: list[Any], missing: list[bool], low: int, high: int) -> bool:
    """Whether every value not missing is a python int in ``[low, high)``."""
    return all(m or (type(v) is int and low <= v < high) for v, m in zip(values, missing))


def _program_ids(values: np.ndarray) -> object:
    """``pd.array(values.tolist(), dtype="UInt64")`` of the nodes' program ids: made from the values and their
    mask where every present one is a python int within uint64 (no pandas conversion of the list)."""
    ids = values.tolist()
    missing = _missing(ids)
    if not _present_ints(ids, missing, 0, 2**64):
        return pd.array(ids, dtype="UInt64")
    data = np.array([0 if m else v for v, m in zip(ids, missing)], dtype=np.uint64)
    return masked(pd.arrays.IntegerArray, data, np.array(missing, dtype=bool))


def _source_lines(values: np.ndarray) -> object:
    """``_nullable_ints`` of ``pd.to_numeric(values, errors="coerce")`` (float64) for the nodes' source lines:
    made from the values and their mask where every present one is a python int that float64 holds exactly."""
    lines = values.tolist()
    missing = _missing(lines)
    if not _present_ints(lines, missing, -(2**53), 2**53):
        return _nullable_ints(np.asarray(pd.to_numeric(values, errors="coerce"), np.float64))
    data = np.array([0 if m else v for v, m in zip(lines, missing)], dtype=np.int64)
    return pd.arrays.IntegerArray(data, np.array(missing, dtype=bool))


def _nullable_ints(values: np.ndarray) -> object:
    """``pd.array(values, dtype="Int64")`` of float64 values (NaN: missing): made from the values and
    their mask where all are whole numbers within int64 (pandas' checks cost 0.3 ms on first use)."""
    missing = np.isnan(values)
    present = values[~missing]
    if np.all(np.floor(present) == present) and np.all(np.abs(present) < 2.0**63):
        return pd.arrays.IntegerArray(np.where(missing, 0, values).astype(np.int64), missing)
    return pd.array(values, dtype="Int64")


_LAYOUT = re.compile(r"(\{[^{}]*\})\s*$")


def _layout(shapes: np.ndarray) -> np.ndarray:
    """The layout part of each XLA shape, e.g. ``{3,2,1,0:T(8,128)}`` of ``f32[5,1024]{3,2,1,0:T(8,128)}``
    (``""`` when it has none), matched once per distinct shape."""
    distinct, inverse = np.unique(shapes.astype(str), return_inverse=True)
    matches = [_LAYOUT.search(shape) for shape in distinct]
    layouts = np.array([m.group(1) if m else "" for m in matches] or [""], dtype=object)
    return layouts[inverse] if len(distinct) else np.zeros(0, dtype=object)
