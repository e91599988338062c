"""XProf's pod viewer: ``prof.pod_viewer()`` — per worker and step, the step breakdown.

Follows ``xprof/convert/op_stats_to_pod_stats.cc``: every step of the step database (all
of them: the pod viewer does not drop the first and last step), per host and core, its
duration and the time per generic category in µs, and the "bottleneck" (the largest
category). Several hosts: one row per combined step (``step_num`` = its number in XProf's
step intersection, the steps every worker ran) and worker (``core_id`` = XProf's global core
id, ``host index * 1000 + 1``). Built on ``prof.steps`` (times there are ps).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any, ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats.step_db import CATEGORIES
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace.typed_frame import column_arrays, strings, typed_frame

# XProf's stepBreakdownEvents names, in its id order (1..9).
CATEGORY_LABELS = {
    "device_compute": "Device compute",
    "device_to_device": "Device to device",
    "device_collectives": "Device collective communication",
    "host_compute": "Host compute",
    "kernel_launch": "Kernel launch",
    "input": "Input",
    "output": "Output",
    "compile": "Compilation",
    "all_others": "All others",
}


_TEXT_COLUMNS = ("host", "core", "step_name", "bottleneck")  # of the table: object arrays or lists


@result_dataclass
class PodViewer(ToolResult):
    """Per host/core and step: ``step_num`` (XProf's), ``core_id``, ``duration_us``,
    ``<category>_us``, ``bottleneck``.

    ``steps`` is the table; ``device_type`` is XProf's run-environment device type;
    ``notes`` says which events were used and what could not be attributed.
    """

    steps: pd.DataFrame
    device_type: str
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "pod_viewer"
    frame_names: ClassVar[tuple[str, ...]] = ("steps",)

    def summary_text(self) -> str:
        if self.steps.empty:
            return "Pod viewer: no step marker observed, so the step time is unknown."
        hosts = self.steps["host"].nunique()
        counts = self.steps["bottleneck"].value_counts()
        common = ", ".join(f"{k} ({v})" for k, v in counts.items())
        return (
            f"Pod viewer: {len(self.steps)} steps on {hosts} worker(s) ({self.device_type}); "
            f"bottleneck per step: {common}"
        )


def _frame(columns: dict[str, Any]) -> pd.DataFrame:
    """``pd.DataFrame(columns)``, typed without its inference where each text column holds only str (pandas'
    ``str`` then) or nothing (object then); the numeric columns are numpy arrays already."""
    texts = {c: list(columns[c]) for c in _TEXT_COLUMNS}
    if not all(type(v) is str for values in texts.values() for v in values):
        return pd.DataFrame(columns)
    typed = {c: strings(v) if v else np.empty(0, dtype=object) for c, v in texts.items()}
    return typed_frame({c: typed.get(c, v) for c, v in columns.items()})


def _column_reader(frame: pd.DataFrame) -> Callable[..., np.ndarray]:
    """``lambda name, dtype=None: frame[name].to_numpy(dtype)``, the columns read from the frame's arrays
    (``column_arrays``: a Series per column costs 20-40 us)."""
    arrays = column_arrays(frame)

    def read(name: str, dtype: Any = None) -> np.ndarray:
        if arrays is None:
            return frame[name].to_numpy(dtype)
        values = arrays[name]
        return np.asarray(values, dtype) if isinstance(values, np.ndarray) else values.to_numpy(dtype)

    return read


def pod_viewer(op_stats: OpStats) -> PodViewer:
    """XProf's pod-viewer table from an OpStats (see the module docstring)."""
    steps = op_stats.step_db.steps
    notes = list(op_stats.step_db.notes)
    read = _column_reader(steps)
    columns: dict[str, Any] = {
        "host": read("host"),
        "core": read("core"),
        "core_id": read("core_id", np.int64),
        "step_num": read("step", np.int64),
        "step_name": read("step_name"),
        "duration_us": read("duration_ps") / 1e6,
    }
    for cat in CATEGORIES:
        columns[f"{cat}_us"] = read(f"{cat}_ps") / 1e6
    if len(steps):  # the largest category of each step (the first on a tie)
        parts = np.column_stack([columns[f"{c}_us"] for c in CATEGORIES])
        columns["bottleneck"] = [CATEGORY_LABELS[CATEGORIES[i]] for i in parts.argmax(axis=1)]
    if not len(steps):
        columns["bottleneck"] = np.empty(0, dtype=object)
    table = _frame(columns)  # one frame: a few steps, where each column insert cost more
    if len(op_stats.hosts) > 1:
        notes.append(
            f"{len(op_stats.hosts)} hosts: one row per step every worker ran and worker (XProf's combined step db: "
            "step_num counts those steps, core_id = host index * 1000 + 1); a host's other steps are in its own "
            "OpStats (prof.op_stats(host=...)); host is the file's host, where XProf shows the machine name"
        )
    if not len(table):
        notes.append(
            "No step marker observed and hence the step time is unknown (instrument the training steps, "
            "or profile for longer than one step)"
        )
    return PodViewer(steps=table, device_type=op_stats.run_env.device_type, notes=notes)
