"""GPU kernel statistics: one row per unique (kernel, launch config, op), as XProf's kernel_stats.

The rows are the kernel stats db (``OpStats.kernel_db``; ``nbprof/opstats/kernel_db.py`` says
how kernels, launch parameters, Tensor/Matrix Core flags and op names are read), its 1000
longest kernels as XProf lists them.

Times: ``*_duration_ps`` columns are exact ps sums; the ``*_us`` columns reproduce XProf's
numbers (each kernel's duration truncated to whole ns before summing).
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats import event_columns as ec
from nbprof.opstats.kernel_db import (
    MAX_KERNELS,
    KernelDb,
    einsum_tensor_core_eligible,
    kernel_uses_tensor_core,
    op_tensor_core_eligible,
    parse_kernel_details,
)
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace.typed_frame import column_arrays, read_only, strings, typed_frame

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


@result_dataclass
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


def dims_text(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """``"x,y,z"`` of each row's three dimensions (object array of str), formatted once per distinct triple."""
    triples = np.stack([x, y, z], axis=1).astype(np.int64).reshape(-1, 3)
    distinct, inverse = np.unique(triples, axis=0, return_inverse=True)
    text = np.array([f"{a},{b},{c}" for a, b, c in distinct.tolist()] or [""], dtype=object)
    return text[inverse.reshape(-1)] if len(distinct) else np.zeros(0, dtype=object)


def _top_columns(db: KernelDb) -> dict[str, Any]:
    """The kept reports' columns as ``column_arrays`` gives those of ``top_reports``: the db's arrays (its text
    typed as its frame types it) where it kept them, so that its frame need not be made; else its frame's."""
    arrays = db.report_arrays()
    if arrays is not None:
        return {c: ec.inferred_text(v[:MAX_KERNELS]) if v.dtype == object else read_only(v[:MAX_KERNELS])
                for c, v in arrays.items()}  # fmt: skip
    frame = db.reports if db.num_reports <= MAX_KERNELS else db.top_reports  # read only: no copy needed
    found = column_arrays(frame)
    if found is not None:
        return found
    return {c: frame[c].to_numpy() if isinstance(frame[c].dtype, np.dtype) else frame[c].array for c in frame.columns}


def _table(top: dict[str, Any], made: dict[str, np.ndarray]) -> pd.DataFrame:
    """The table in ``COLUMNS`` order: the columns ``made`` here, the others ``top``'s (the kernel db's
    top reports, by column: ``_top_columns``), as ``pd.DataFrame`` makes it; typed without its inference
    where no column of ``top`` is an object column (the made text columns are all str then)."""
    taken = [c for c in COLUMNS if c not in made]
    if any(top[c].dtype == object for c in taken):
        return pd.DataFrame({c: made[c] if c in made else top[c] for c in COLUMNS})
    columns: dict[str, object] = {c: top[c] for c in taken}
    columns.update({c: strings(v.tolist()) if v.dtype == object else v for c, v in made.items()})
    return typed_frame({c: columns[c] for c in COLUMNS})


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
    num_reports = db.num_reports
    if num_reports == 0:
        return KernelStats(ec.empty_frame(COLUMNS), db.num_kernel_events, 0, notes=list(db.notes))
    rows_dropped = max(0, num_reports - MAX_KERNELS)
    top = _top_columns(db)
    ints = {c: np.asarray(values) for c, values in top.items() if values.dtype == np.int64}
    occ = ints["occurrences"]
    columns = {
        "rank": np.arange(1, min(num_reports, MAX_KERNELS) + 1),
        "shmem_bytes": ints["static_shmem_bytes"] + ints["dynamic_shmem_bytes"],
        "grid_dim": dims_text(ints["grid_x"], ints["grid_y"], ints["grid_z"]),
        "block_dim": dims_text(ints["block_x"], ints["block_y"], ints["block_z"]),
        "total_duration_us": ints["total_duration_ns"] / 1e3,
        "avg_duration_us": (ints["total_duration_ns"] // np.maximum(occ, 1)) / 1e3,
        "min_duration_us": ints["min_duration_ns"] / 1e3,
        "max_duration_us": ints["max_duration_ns"] / 1e3,
    }
    out = _table(top, columns)
    notes = list(db.notes)
    if rows_dropped:
        notes.append(f"{rows_dropped:,} unique kernels beyond XProf's limit of {MAX_KERNELS} are left out")
    return KernelStats(out, db.num_kernel_events, rows_dropped, notes=notes)
