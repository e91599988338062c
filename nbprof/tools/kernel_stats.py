"""GPU kernel statistics: one row per unique (kernel, launch config, op), as XProf's kernel_stats.

Source: every event on a ``/device:GPU:*`` plane (derived lines excluded) that carries a
``kernel_details`` stat. The stat is a space-separated list of ``key:value`` tokens
(``regs:``, ``static_shared:``, ``dynamic_shared:``, ``grid:x,y,z``, ``block:x,y,z``,
``occ_pct:``), parsed as ``xprof/utils/kernel_stats_utils.cc`` does: unknown tokens (such as
the old ``shm:``) are ignored and missing dimensions default to 1. Kernels shorter than 1 ns
are skipped, as XProf does. Tensor-core use is decided from the kernel name, eligibility from
the op name (or an einsum ``equation`` stat).

Times: ``*_duration_ps`` columns are exact ps sums; the ``*_us`` columns reproduce XProf's
numbers (each kernel's duration truncated to whole ns before summing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.tools._result import ToolResult
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames

MAX_KERNELS = 1000  # XProf keeps the 1000 kernels with the largest total duration.

# Kernel-name fragments that mean the kernel runs on Tensor Cores (kernel_stats_utils.cc).
TENSOR_CORE_KERNEL_PATTERNS = (
    "16816", "c1688", "conv1x1", "conv2d_c1_k1", "dgrad_1x1_stride_2x2", "direct_group",
    "first_layer_wgrad_kernel", "h1688", "h884", "hmma", "i16832", "i8816", "s884", "s1688",
    "xmma_gemm", "xmma_implicit_gemm", "xmma_sparse_conv", "xmma_sparse_gemm",
    "xmma_warp_specialized_implicit_gemm",
)  # fmt: skip

_ENDS_ELIGIBLE = (
    "Conv2D", "Conv2DBackpropFilter", "Conv2DBackpropInput", "Conv3D", "DepthwiseConv2dNative",
    "DepthwiseConv2dNativeBackpropFilter", "DepthwiseConv2dNativeBackpropInput", "/MatMul",
    "FusedMatMul", "/CudnnRNN", "XlaDot", "XlaDotV2",
)  # fmt: skip
_CONTAINS_ELIGIBLE = ("BatchMatMul", "CudnnRNNV", "CudnnRNNForward", "CudnnRNNBackprop")

COLUMNS = [
    "rank", "kernel_name", "registers_per_thread", "static_shmem_bytes", "dynamic_shmem_bytes",
    "shmem_bytes", "block_dim", "grid_dim", "occupancy_pct", "is_op_tensor_core_eligible",
    "is_kernel_using_tensor_core", "op_name", "occurrences", "total_duration_us", "avg_duration_us",
    "min_duration_us", "max_duration_us", "total_duration_ps", "min_duration_ps", "max_duration_ps",
]  # fmt: skip


def kernel_uses_tensor_core(names: pd.Series) -> np.ndarray:
    """Whether each kernel name contains a Tensor Core pattern."""
    text = names.astype(str)
    hit = np.zeros(len(text), dtype=bool)
    for pattern in TENSOR_CORE_KERNEL_PATTERNS:
        hit |= text.str.contains(pattern, regex=False).to_numpy()
    return hit


def op_tensor_core_eligible(op_names: pd.Series) -> np.ndarray:
    """Whether each framework op name is one XProf lists as Tensor Core eligible."""
    text = op_names.astype(str)
    hit = np.zeros(len(text), dtype=bool)
    for suffix in _ENDS_ELIGIBLE:
        hit |= text.str.endswith(suffix).to_numpy()
    for part in _CONTAINS_ELIGIBLE:
        hit |= text.str.contains(part, regex=False).to_numpy()
    return hit


def einsum_tensor_core_eligible(equations: pd.Series) -> np.ndarray:
    """An einsum ``a,b->c`` with exactly two operands is eligible."""
    text = equations.fillna("").astype(str)
    sides = text.str.split("->", regex=False)
    ok = sides.str.len() == 2
    n_operands = sides.str[0].fillna("").str.count(",") + 1
    return (ok & (n_operands == 2) & (text != "")).to_numpy()


def parse_kernel_details(details: pd.Series) -> pd.DataFrame:
    """Parse ``kernel_details`` strings (one per row) into launch-parameter columns.

    Returns ``registers_per_thread``, ``static_shmem_bytes``, ``dynamic_shmem_bytes``,
    ``grid_x/y/z``, ``block_x/y/z`` (int64, default 0 and 1) and ``occupancy_pct`` (float).
    Parsing runs once per distinct string.
    """
    codes, uniques = pd.factorize(details.astype(str))
    parsed = [_parse_one(text) for text in uniques]
    table = pd.DataFrame(
        parsed,
        columns=[
            "registers_per_thread", "static_shmem_bytes", "dynamic_shmem_bytes",
            "grid_x", "grid_y", "grid_z", "block_x", "block_y", "block_z", "occupancy_pct",
        ],
    )  # fmt: skip
    if len(table) == 0:
        return table.reindex(range(len(details))).reset_index(drop=True)
    return table.iloc[codes].reset_index(drop=True)


def _uint(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _parse_one(text: str) -> tuple:
    regs = static = dynamic = 0
    grid = [1, 1, 1]
    block = [1, 1, 1]
    occ = 0.0
    for token in text.replace("\n", " ").split(" "):
        parts = token.split(":")
        if len(parts) != 2:
            continue
        key, value = parts
        if key == "regs" and _uint(value) is not None:
            regs = int(value)
        elif key == "static_shared" and _uint(value) is not None:
            static = int(value)
        elif key == "dynamic_shared" and _uint(value) is not None:
            dynamic = int(value)
        elif key in ("grid", "block"):
            dims = value.split(",")
            if len(dims) == 3 and all(_uint(d) is not None for d in dims):
                (grid if key == "grid" else block)[:] = [int(d) for d in dims]
        elif key == "occ_pct":
            try:
                occ = float(value)
            except ValueError:
                pass
    return (regs, static, dynamic, *grid, *block, occ)


def _tf_op_name(tf_op: pd.Series) -> pd.Series:
    """The op name part of a ``name:type`` framework op (XProf's ParseTfOpFullname)."""
    text = tf_op.astype("string").fillna("")
    return text.str.split(":", n=1, regex=False).str[0].fillna("")


def _equations(prof: Frames, rows: pd.Index) -> pd.Series:
    """The einsum ``equation`` stat of kernel rows ("" where absent; event stats win)."""
    values, present = xs.stat_values(prof, "equation", rows.to_numpy())
    return pd.Series(np.where(present, values, ""), index=rows).astype(str)


@dataclass(repr=False)
class KernelStats(ToolResult):
    """XProf's GPU kernel stats: ``table``, one row per unique kernel launch.

    ``num_kernel_events``: kernel events read; ``rows_dropped``: unique kernels beyond
    XProf's limit of 1000.
    """

    table: pd.DataFrame
    num_kernel_events: int
    rows_dropped: int
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "kernel_stats"
    frame_names: ClassVar[tuple[str, ...]] = ("table",)

    def summary_text(self) -> str:
        if len(self.table) == 0:
            return "Kernel stats: no GPU kernels with launch details in this profile."
        lines = [f"Kernel stats: {len(self.table):,} unique kernels from {self.num_kernel_events:,} launches; longest:"]
        for _, k in self.table.head(5).iterrows():
            lines.append(f"  {k['total_duration_us']:12,.1f} us  {k['kernel_name']}")
        return "\n".join(lines)


def kernel_stats(op_stats: OpStats) -> KernelStats:
    """XProf's GPU kernel stats as a DataFrame, one row per unique kernel launch.

    Columns: ``rank`` (1 = largest total duration), ``kernel_name``, ``registers_per_thread``,
    ``static_shmem_bytes``, ``dynamic_shmem_bytes``, ``shmem_bytes`` (their sum),
    ``block_dim`` and ``grid_dim`` (``"x,y,z"``), ``occupancy_pct``,
    ``is_op_tensor_core_eligible``, ``is_kernel_using_tensor_core``, ``op_name``,
    ``occurrences``, ``total/avg/min/max_duration_us`` (XProf's µs) and
    ``total/min/max_duration_ps``. At most 1000 rows (XProf's limit); ``info`` says how many
    kernel events were read and how many rows were dropped.
    """
    prof = op_stats.frames
    events = prof.events
    none = "no GPU kernel events with kernel_details in this profile"
    if len(events) == 0 or "kernel_details" not in events.columns:
        return KernelStats(pd.DataFrame(columns=COLUMNS), 0, 0, notes=[none])

    mask = (
        xs.plane_mask(events, xs.is_gpu_plane)
        & events["kernel_details"].notna().to_numpy()
        & ~xs.is_derived_line_id(events["line_id"])
        & (events["duration_ps"].to_numpy() >= 1000)
    )
    k = events.loc[mask, ["name", "duration_ps", "kernel_details"]]
    if len(k) == 0:
        return KernelStats(pd.DataFrame(columns=COLUMNS), 0, 0, notes=[none])
    tf_op = events.loc[mask, "tf_op"] if "tf_op" in events.columns else pd.Series(pd.NA, index=k.index)
    has_tf_op = tf_op.notna() & (tf_op.astype("string").fillna("") != "")
    params = parse_kernel_details(k["kernel_details"])
    params.index = k.index
    frame = pd.concat([k[["name", "duration_ps"]], params], axis=1)
    frame["kernel_name"] = k["name"].astype(str)
    frame["op_name"] = _tf_op_name(tf_op).where(has_tf_op, "").astype(str)
    uses_tc = kernel_uses_tensor_core(frame["kernel_name"])
    eligible = op_tensor_core_eligible(frame["op_name"]) | einsum_tensor_core_eligible(_equations(prof, k.index))
    # XProf: a kernel with an op that uses Tensor Cores makes the op eligible; no op -> False.
    frame["is_kernel_using_tensor_core"] = uses_tc
    frame["is_op_tensor_core_eligible"] = (eligible | uses_tc) & has_tf_op.to_numpy()
    frame["duration_ns"] = frame["duration_ps"].to_numpy() // 1000
    keys = [
        "kernel_name", "grid_x", "grid_y", "grid_z", "block_x", "block_y", "block_z",
        "registers_per_thread", "static_shmem_bytes", "dynamic_shmem_bytes",
        "is_kernel_using_tensor_core", "is_op_tensor_core_eligible", "op_name",
    ]  # fmt: skip
    grouped = frame.groupby(keys, sort=False, observed=True, dropna=False)
    out = grouped.agg(
        occupancy_pct=("occupancy_pct", "first"),
        occurrences=("duration_ns", "size"),
        total_ns=("duration_ns", "sum"),
        min_ns=("duration_ns", "min"),
        max_ns=("duration_ns", "max"),
        total_duration_ps=("duration_ps", "sum"),
        min_duration_ps=("duration_ps", "min"),
        max_duration_ps=("duration_ps", "max"),
    ).reset_index()
    out = out.sort_values(["total_ns"] + keys, ascending=[False] + [True] * len(keys), kind="stable")
    rows_dropped = max(0, int(len(out)) - MAX_KERNELS)
    out = out.head(MAX_KERNELS).reset_index(drop=True)
    out["rank"] = np.arange(1, len(out) + 1)
    out["shmem_bytes"] = out["static_shmem_bytes"] + out["dynamic_shmem_bytes"]
    out["grid_dim"] = out["grid_x"].astype(str) + "," + out["grid_y"].astype(str) + "," + out["grid_z"].astype(str)
    out["block_dim"] = out["block_x"].astype(str) + "," + out["block_y"].astype(str) + "," + out["block_z"].astype(str)
    occ = out["occurrences"].to_numpy()
    out["total_duration_us"] = out["total_ns"] / 1e3
    out["avg_duration_us"] = (out["total_ns"].to_numpy() // np.maximum(occ, 1)) / 1e3
    out["min_duration_us"] = out["min_ns"] / 1e3
    out["max_duration_us"] = out["max_ns"] / 1e3
    out = out[COLUMNS]
    for col in ("registers_per_thread", "static_shmem_bytes", "dynamic_shmem_bytes", "shmem_bytes", "occurrences"):
        out[col] = out[col].astype("int64")
    for col in ("total_duration_ps", "min_duration_ps", "max_duration_ps"):
        out[col] = out[col].astype("int64")
    notes = ["kernels: events on /device:GPU planes (derived lines excluded) with a kernel_details stat"]
    if rows_dropped:
        notes.append(f"{rows_dropped:,} unique kernels beyond XProf's limit of {MAX_KERNELS} are left out")
    return KernelStats(out, num_kernel_events=int(len(k)), rows_dropped=rows_dropped, notes=notes)
