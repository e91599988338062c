"""Kernel stats payload: the kernel table (the pie is computed from it in the browser)."""

from __future__ import annotations

from typing import Any

from nbprof.widgets.payloads._common import table, truncation_note

COLUMNS = [
    ("rank", "Rank", "int"), ("kernel_name", "Kernel name", "str"),
    ("registers_per_thread", "Registers per thread", "int"), ("shmem_bytes", "Shared memory (bytes)", "int"),
    ("block_dim", "Block dim", "str"), ("grid_dim", "Grid dim", "str"),
    ("is_op_tensor_core_eligible", "Op is TensorCore eligible", "bool"),
    ("is_kernel_using_tensor_core", "Kernel uses TensorCore", "bool"), ("op_name", "Op name", "str"),
    ("occurrences", "Occurrences", "int"), ("total_duration_us", "Total duration (us)", "us"),
    ("avg_duration_us", "Avg duration (us)", "us"), ("min_duration_us", "Min duration (us)", "us"),
    ("max_duration_us", "Max duration (us)", "us"),
]  # fmt: skip


def build(result: Any) -> dict[str, Any]:
    """Payload of ``prof.kernel_stats()``."""
    frame = result.table
    if frame is None or len(frame) == 0:
        return {"available": False, "reason": "this profile has no GPU kernels with kernel details"}
    return {"table": table(frame, COLUMNS), "notes": truncation_note(frame, "kernels")}
