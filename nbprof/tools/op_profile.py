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
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.opstats import OpStats
from nbprof.opstats.xla_ops import GIBI, XlaOps
from nbprof.tools._result import ToolResult

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


@dataclass(repr=False)
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


_OP_ROW_COLUMNS = ["name", "category", "program", "program_id", "time_ps", "self_time_ps", "occurrences",
                   "normalized_time_ps", "flops", "model_flops", "bytes_accessed", "hbm_bytes", "tf_op",
                   "expression", "shape", "deduplicated_name", "source_file", "source_line"]  # fmt: skip


def _group_rows(ops: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    g = ops.groupby(keys, sort=False, observed=True, dropna=False)
    return g[_SUM_COLS].sum().reset_index()


def build_tree(x: XlaOps, by: str, include_idle: bool) -> pd.DataFrame:
    """The node table (pre-order) for op metrics ``x``."""
    ops = x.ops.copy()
    # XProf leaves out ops it cannot symbolize (names starting with "region").
    ops = ops[~ops["name"].astype(str).str.startswith("region")]
    ops["hbm_bytes"] = (ops["hbm_read_bytes"] + ops["hbm_write_bytes"]).astype("float64")
    ops["occurrences"] = ops["occurrences"].astype(np.int64)
    # XProf: ops whose own children took time are counted in program/root totals only.
    leaf_ops = ops[ops["children_time_ps"] <= 0].copy()
    leaf_ops["dedup_key"] = leaf_ops["deduplicated_name"].where(leaf_ops["deduplicated_name"] != "", leaf_ops["name"])
    by_program = by == "program"
    outer = ["program_id", "program"] if by_program else []

    nodes: list[dict[str, Any]] = []

    def add(row: dict[str, Any]) -> None:
        nodes.append(row)

    # Root: sums of op self time (program / root rule), time reset to the device total.
    total_op_self = int(x.ops["self_time_ps"].sum())  # the db total, unsymbolized ops included
    idle_ps = max(0, int(x.total_time_ps) - total_op_self) if x.source == "device" else 0
    root_time = int(x.total_time_ps) if (include_idle and x.source == "device") else total_op_self
    root = {
        "kind": "root", "name": f"by_{by}", "category": "", "program": "", "program_id": pd.NA,
        "time_ps": root_time, "self_time_ps": 0, "occurrences": 0,
        "normalized_time_ps": float(ops["normalized_time_ps"].sum()),
        "flops": float(ops.loc[ops["children_time_ps"] <= 0, "flops"].sum()),
        "model_flops": float(ops.loc[ops["children_time_ps"] <= 0, "model_flops"].sum()),
        "bytes_accessed": float(ops.loc[ops["children_time_ps"] <= 0, "bytes_accessed"].sum()),
        "hbm_bytes": float(ops.loc[ops["children_time_ps"] <= 0, "hbm_bytes"].sum()),
        "parent": None, "key": ("root",),
    }  # fmt: skip
    add(root)

    # An op's values by position in leaf_ops, read from its columns' arrays (what a row of the
    # frame holds, without a Series per op).
    leaf = {c: leaf_ops[c].array for c in _OP_ROW_COLUMNS}
    labels = leaf_ops.index

    def op_row(at: int, parent: tuple) -> dict[str, Any]:
        op = {c: values[at] for c, values in leaf.items()}
        return {
            "kind": "op", "name": op["name"], "category": op["category"], "program": op["program"],
            "program_id": op["program_id"], "time_ps": int(op["time_ps"]), "self_time_ps": int(op["self_time_ps"]),
            "occurrences": int(op["occurrences"]), "normalized_time_ps": float(op["normalized_time_ps"]),
            "flops": float(op["flops"]), "model_flops": float(op["model_flops"]),
            "bytes_accessed": float(op["bytes_accessed"]), "hbm_bytes": float(op["hbm_bytes"]),
            "tf_op": op["tf_op"], "expression": op["expression"], "shape": op["shape"],
            "deduplicated_name": op["deduplicated_name"], "source_file": op["source_file"],
            "source_line": op["source_line"], "parent": parent, "key": parent + ("op", op["name"]),
            "op_index": labels[at],
        }  # fmt: skip

    def group_row(kind: str, name: str, sums: pd.Series, parent: tuple, key: tuple, **extra: Any) -> dict[str, Any]:
        row = {"kind": kind, "name": name, "parent": parent, "key": key, "self_time_ps": 0}
        for col in _SUM_COLS:
            row[col] = sums[col]
        row.update(extra)
        return row

    programs: list[tuple] = [()]
    if by_program:
        prog = ops.groupby(outer, sort=False, observed=True, dropna=False)
        psum = prog[["self_time_ps", "normalized_time_ps"]].sum()
        leaf_sum = leaf_ops.groupby(outer, sort=False, observed=True, dropna=False)[
            ["flops", "model_flops", "bytes_accessed", "hbm_bytes"]].sum()  # fmt: skip
        psum = psum.join(leaf_sum).fillna(0)
        programs = []
        for (pid, pname), r in psum.iterrows():  # one row per program
            key = ("program", pid)
            add({"kind": "program", "name": pname, "category": "", "program": pname, "program_id": pid,
                 "time_ps": int(r["self_time_ps"]), "self_time_ps": 0, "occurrences": 0,
                 "normalized_time_ps": float(r["normalized_time_ps"]), "flops": float(r["flops"]),
                 "model_flops": float(r["model_flops"]), "bytes_accessed": float(r["bytes_accessed"]),
                 "hbm_bytes": float(r["hbm_bytes"]), "parent": ("root",), "key": key})  # fmt: skip
            programs.append((pid,))

    leaf_time = leaf_ops["time_ps"].to_numpy()
    for prog_key in programs:
        if by_program:
            in_scope = (leaf_ops["program_id"].astype("object") == prog_key[0]).to_numpy(dtype=bool)
            scope = leaf_ops[in_scope]
            scope_at = np.flatnonzero(in_scope)  # positions in leaf_ops
            parent_key: tuple = ("program", prog_key[0])
        else:
            scope = leaf_ops
            scope_at = np.arange(len(leaf_ops))
            parent_key = ("root",)
        if len(scope) == 0:
            continue
        cats = _group_rows(scope, ["category"])
        for _, c in cats.iterrows():  # categories of one program
            ckey = parent_key + ("cat", c["category"])
            add(group_row("category", c["category"], c, parent_key, ckey, category=c["category"],
                          program=scope["program"].iloc[0] if by_program else "",
                          program_id=prog_key[0] if by_program else pd.NA))  # fmt: skip
            in_cat = scope_at[(scope["category"] == c["category"]).to_numpy(dtype=bool)]
            # dedup groups of one category, in order of first appearance (a missing key is no group)
            codes, dedup_keys = pd.factorize(leaf_ops["dedup_key"].array.take(in_cat))
            by_code = np.argsort(codes, kind="stable")
            starts = np.searchsorted(codes[by_code], np.arange(len(dedup_keys) + 1))
            for k, dkey in enumerate(dedup_keys):
                members = in_cat[by_code[starts[k] : starts[k + 1]]]
                if len(members) == 1:
                    add(op_row(int(members[0]), ckey))
                    continue
                members = members[np.argsort(-leaf_time[members], kind="stable")]  # longest first
                top_op = op_row(int(members[0]), ckey)
                gkey = ckey + ("dedup", dkey)
                sums = leaf_ops.iloc[members][_SUM_COLS].sum()
                add(group_row("dedup", f"{top_op['name']} and its duplicate(s)", sums, ckey, gkey,
                              category=top_op["category"], program=top_op["program"],
                              program_id=top_op["program_id"], expression=top_op["expression"],
                              deduplicated_name=dkey, source_file=top_op["source_file"],
                              source_line=top_op["source_line"]))  # fmt: skip
                for at in members.tolist():
                    add(op_row(at, gkey))

    if include_idle and x.source == "device":
        add({"kind": "idle", "name": "IDLE", "category": "IDLE", "program": "", "program_id": pd.NA,
             "time_ps": idle_ps, "self_time_ps": idle_ps, "occurrences": 0, "normalized_time_ps": 0.0,
             "flops": 0.0, "model_flops": 0.0, "bytes_accessed": 0.0, "hbm_bytes": 0.0,
             "parent": ("root",), "key": ("idle",)})  # fmt: skip

    table = pd.DataFrame(nodes)
    table = _add_fused_children(table, x)
    return _order(table)


def _add_fused_children(table: pd.DataFrame, x: XlaOps) -> pd.DataFrame:
    """Instructions inside fusion ops as leaves under them (time 0, as XProf)."""
    fused = x.fused_children
    if len(fused) == 0 or "op_index" not in table.columns:
        return table
    ops = table[table["kind"] == "op"]
    rows = []
    for op_index, key, program, program_id in zip(ops["op_index"], ops["key"], ops["program"], ops["program_id"]):
        inside = fused[fused["op_index"] == op_index]
        op_name = key[-1]
        for parent, name, category, tf_op, flops in zip(inside["parent_name"], inside["name"], inside["category"],
                                                         inside["tf_op"], inside["flops"]):  # fmt: skip
            parent_key = key if parent == op_name else key + ("fused", parent)
            rows.append({"kind": "fused", "name": name, "category": category, "program": program,
                         "program_id": program_id, "time_ps": 0, "self_time_ps": 0, "occurrences": 1,
                         "normalized_time_ps": 0.0, "flops": float(flops), "model_flops": float(flops),
                         "bytes_accessed": 0.0, "hbm_bytes": 0.0, "tf_op": tf_op, "parent": parent_key,
                         "key": key + ("fused", name)})  # fmt: skip
    if not rows:
        return table
    return pd.concat([table, pd.DataFrame(rows)], ignore_index=True)


def _order(table: pd.DataFrame) -> pd.DataFrame:
    """Pre-order rows: children by time descending (fused instructions by FLOPs); assign ids."""
    children: dict[tuple, list[int]] = {}
    for i, parent in enumerate(table["parent"]):
        if parent is not None:
            children.setdefault(parent, []).append(i)
    time = table["time_ps"].to_numpy(dtype="float64")
    flops = table["model_flops"].to_numpy(dtype="float64")
    kinds = table["kind"].to_numpy()
    keys = table["key"].tolist()
    order: list[int] = []
    parent_pos: list[int] = []
    level: list[int] = []
    stack = [(0, -1, 0)]
    visited = np.zeros(len(table), bool)  # an HLO whose fusions call each other would loop forever
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
    out = table.iloc[order].reset_index(drop=True)
    out["node_id"] = np.arange(len(out))
    out["parent_id"] = parent_pos
    out["level"] = level
    counts = out.groupby("parent_id").size()
    out["num_children"] = counts.reindex(out["node_id"]).fillna(0).astype(np.int64).to_numpy()
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
    result = OpProfile(
        tree=pd.DataFrame(columns=COLUMNS),
        source=x.source,
        hardware_type=x.device_kind,
        device_type=x.device_type,
        peak_tflops=x.peak_tflops,
        peak_hbm_gibps=x.peak_hbm_gibps,
        total_time_ps=int(x.total_time_ps),
        idle_time_ps=0,
        by=by,
        include_idle=include_idle,
        notes=list(x.notes),
        _op_stats=op_stats,
    )
    if x.source == "none":
        return result
    table = build_tree(x, by, include_idle)
    fu, bu = _utilization(
        table["flops"].to_numpy(dtype="float64"),
        table["normalized_time_ps"].to_numpy(dtype="float64"),
        table["time_ps"].to_numpy(dtype="float64"),
        table["hbm_bytes"].to_numpy(dtype="float64"),
        x.peak_tflops if x.peak_tflops == x.peak_tflops else 0.0,
        x.peak_hbm_gibps if x.peak_hbm_gibps == x.peak_hbm_gibps else 0.0,
    )
    table["flops_utilization_ratio"] = fu
    table["hbm_bw_utilization_ratio"] = bu
    root_time = float(table["time_ps"].iloc[0]) if len(table) else 0.0
    table["time_pct"] = table["time_ps"].astype("float64") / root_time * 100 if root_time > 0 else math.nan
    occ = table["occurrences"].to_numpy(dtype="float64")
    with np.errstate(divide="ignore", invalid="ignore"):
        table["avg_time_ps"] = np.where(occ > 0, table["time_ps"].to_numpy(dtype="float64") / occ, 0.0)
    for col, default in (("tf_op", ""), ("expression", ""), ("shape", ""), ("deduplicated_name", ""),
                         ("source_file", ""), ("category", ""), ("program", "")):  # fmt: skip
        if col not in table.columns:
            table[col] = default
        table[col] = table[col].fillna(default).astype(str)
    # The layout part of an XLA shape, e.g. "{3,2,1,0:T(8,128)}" of "f32[5,1024]{3,2,1,0:T(8,128)}".
    table["layout"] = table["shape"].str.extract(r"(\{[^{}]*\})\s*$", expand=False).fillna("")
    if "source_line" not in table.columns:
        table["source_line"] = np.nan
    table["source_line"] = pd.to_numeric(table["source_line"], errors="coerce").astype("Int64")
    for col in ("time_ps", "self_time_ps", "occurrences"):
        table[col] = table[col].astype(np.int64)
    table["program_id"] = pd.array(table["program_id"].tolist(), dtype="UInt64") if len(table) else table["program_id"]
    idle = int(table.loc[table["kind"] == "idle", "time_ps"].sum())
    return replace(result, tree=table[COLUMNS], idle_time_ps=idle)
