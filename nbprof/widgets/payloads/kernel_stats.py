"""Kernel stats payload: the kernel table (the pie is computed from it in the browser).

Reads ``KernelStats.table`` (nbprof.tools.kernel_stats): ``kernel_name``, ``op_name``, ``occurrences``,
``total_duration_us``, ``avg_duration_us``, ``min_duration_us``, ``max_duration_us``, ``occupancy_pct``,
``is_kernel_using_tensor_core``, ``is_op_tensor_core_eligible``, ``registers_per_thread``,
``static_shmem_bytes``, ``dynamic_shmem_bytes``, ``shmem_bytes``, ``block_dim``, ``grid_dim``, ``rank``.
"""

from __future__ import annotations

import re
from typing import Any

import pandas as pd

from nbprof.tools.kernel_stats import KernelStats
from nbprof.widgets.payloads._common import AUTO, HIDDEN, notes_of, table, truncation_note

COLUMNS = [
    ("kernel_name", "Kernel name", "name"), ("total_duration_us", "Total duration (µs)", "us"),
    ("occurrences", "Occurrences", "int"), ("op_name", "Op name", "name", AUTO),
    ("avg_duration_us", "Avg duration (µs)", "us"), ("occupancy_pct", "Occupancy (%)", "pct"),
    ("is_kernel_using_tensor_core", "Kernel uses Tensor Cores", "bool"),
    ("is_op_tensor_core_eligible", "Op is Tensor Core eligible", "bool"),
    ("grid_dim", "Grid dim", "str"), ("block_dim", "Block dim", "str"),
    ("registers_per_thread", "Registers per thread", "int"), ("shmem_bytes", "Shared memory", "bytes", AUTO),
    ("static_shmem_bytes", "Static shared memory", "bytes", HIDDEN),
    ("dynamic_shmem_bytes", "Dynamic shared memory", "bytes", HIDDEN),
    ("min_duration_us", "Min duration (µs)", "us", HIDDEN), ("max_duration_us", "Max duration (µs)", "us", HIDDEN),
    ("rank", "Rank", "int", HIDDEN),
]  # fmt: skip


def function_name(kernel: str) -> str:
    """``void ns::Kernel<...>(args)`` -> ``ns::Kernel``: a C++ kernel's name without types and arguments."""
    name = re.sub(r"^(?:void|auto|int)\s+", "", kernel.strip())
    return re.split(r"[<(]", name, maxsplit=1)[0] or kernel


def advice(frame: pd.DataFrame) -> str:
    """One plain sentence: the kernel with most time, and the share of time on Tensor Cores."""
    total = float(frame["total_duration_us"].sum())
    if total <= 0:
        return "No kernel took measurable time."
    per_kernel = frame.groupby("kernel_name", sort=False)["total_duration_us"].sum()
    top = per_kernel.idxmax()
    tensor = float(frame.loc[frame["is_kernel_using_tensor_core"].astype(bool), "total_duration_us"].sum())
    return (
        f"{function_name(str(top))} takes {100 * per_kernel.max() / total:.0f}% of the kernel time; "
        f"kernels on Tensor Cores take {100 * tensor / total:.0f}%."
    )


def build(result: KernelStats) -> dict[str, Any]:
    """Payload of ``prof.kernel_stats()``."""
    frame = result.table
    if len(frame) == 0:
        return {
            "available": False,
            "reason": "this profile has no GPU kernels with kernel details",
            "notes": notes_of(result),
        }
    return {
        "advice": advice(frame),
        "table": table(frame, COLUMNS),
        "notes": truncation_note(frame, "kernels") + notes_of(result),
    }
