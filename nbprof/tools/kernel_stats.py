"""GPU kernel statistics: one row per unique (kernel, launch config, op), as XProf's kernel_stats.

The rows are the kernel stats db (``OpStats.kernel_db``; ``nbprof/opstats/kernel_db.py`` says
how kernels, launch parameters, Tensor/Matrix Core flags and op names are read), its 1000
longest kernels as XProf lists them.

Times: ``*_duration_ps`` columns are exact ps sums; the ``*_us`` columns reproduce XProf's
numbers (each kernel's duration truncated to whole ns before summing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats.kernel_db import (
    MAX_KERNELS,
    einsum_tensor_core_eligible,
    kernel_uses_tensor_core,
    op_tensor_core_eligible,
    parse_kernel_details,
)
from nbprof.tools._result import ToolResult

__all__ = [
    "COLUMNS", "MAX_KERNELS", "KernelStats", "einsum_tensor_core_eligible", "kernel_stats", "kernel_uses_tensor_core",
    "op_tensor_core_eligible", "parse_kernel_details",
]  # fmt: skip

COLUMNS = [
    "rank", "kernel_name", "registers_per_thread", "static_shmem_bytes", "dynamic_shmem_bytes",
    "shmem_bytes", "block_dim", "grid_dim", "occupancy_pct", "is_op_tensor_core_eligible",
    "is_kernel_using_tensor_core", "op_name", "occurrences", "total_duration_us", "avg_duration_us",
    "min_duration_us", "max_duration_us", "total_duration_ps", "min_duration_ps", "max_duration_ps",
]  # fmt: skip


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
    ``total/min/max_duration_ps``. At most 1000 rows (XProf's limit).
    """
    db = op_stats.kernel_db
    reports = db.reports
    if len(reports) == 0:
        return KernelStats(pd.DataFrame(columns=COLUMNS), db.num_kernel_events, 0, notes=list(db.notes))
    rows_dropped = max(0, len(reports) - MAX_KERNELS)
    out = db.top_reports.copy()
    out["rank"] = np.arange(1, len(out) + 1)
    out["shmem_bytes"] = out["static_shmem_bytes"] + out["dynamic_shmem_bytes"]
    out["grid_dim"] = out["grid_x"].astype(str) + "," + out["grid_y"].astype(str) + "," + out["grid_z"].astype(str)
    out["block_dim"] = out["block_x"].astype(str) + "," + out["block_y"].astype(str) + "," + out["block_z"].astype(str)
    occ = out["occurrences"].to_numpy()
    out["total_duration_us"] = out["total_duration_ns"] / 1e3
    out["avg_duration_us"] = (out["total_duration_ns"].to_numpy() // np.maximum(occ, 1)) / 1e3
    out["min_duration_us"] = out["min_duration_ns"] / 1e3
    out["max_duration_us"] = out["max_duration_ns"] / 1e3
    notes = list(db.notes)
    if rows_dropped:
        notes.append(f"{rows_dropped:,} unique kernels beyond XProf's limit of {MAX_KERNELS} are left out")
    return KernelStats(out[COLUMNS].reset_index(drop=True), db.num_kernel_events, rows_dropped, notes=notes)
