"""Framework op stats: XProf's "Framework Op Stats" (TF stats) table, host and device.

The table is ``OpStats.framework_op_table`` (``nbprof/opstats/framework_ops.py`` has its
columns and how XProf builds it). Unlike XProf, which lists at most 500 ops per side, the
table keeps every op; ``FrameworkOpStats.to_xprof_csv()`` writes XProf's CSV export (its
column labels, its units: µs and fractions, its 500-per-side cap) — byte for byte what XProf
2.24's "Export as CSV" returns for the fixtures. ``to_csv()`` writes every column.
"""

from __future__ import annotations

import csv
import io
from dataclasses import field
from pathlib import Path
from typing import ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats.framework_ops import XPROF_MAX_OPS_PER_SIDE
from nbprof.text import csv_safe_cell
from nbprof.tools._result import ToolResult, result_dataclass

# XProf's CSV labels and the columns they come from (``None``: computed at export).
_XPROF_COLUMNS: list[tuple[str, str]] = [
    ("Rank", "rank"),
    ("Host/device", "host_or_device"),
    ("Operation Type", "type"),
    ("Operation Name", "name"),
    ("#Occurrences", "occurrences"),
    ("Total time (us)", "total_time_us"),
    ("Avg. time (us)", "avg_time_us"),
    ("Total self-time (us)", "total_self_time_us"),
    ("Avg. self-time (us)", "avg_self_time_us"),
    ("Total self-time on Device (%)", "device_self_time_pct"),
    ("Cumulative total-self time on Device (%)", "device_cumulative_self_time_pct"),
    ("Total self-time on Host (%)", "host_self_time_pct"),
    ("Cumulative total-self time on Host (%)", "host_cumulative_self_time_pct"),
    ("Normalized FLOP Rate (FLOPs/s)", "flop_rate_gflops"),
    ("Model FLOP Rate (GFLOP/s)", "model_flop_rate_gflops"),
    ("Measured Memory BW (GBytes/Sec)", "memory_bw_gibps"),
    ("Operational Intensity (FLOPs/Byte)", "operational_intensity"),
    ("GPU TensorCore utilization", "gpu_tensorcore_utilization_ratio"),
    ("Bound by", "bound_by"),
    ("Execution mode", "execution_mode"),
]


@result_dataclass
class FrameworkOpStats(ToolResult):
    """XProf's framework op stats.

    ``table``: one row per framework op and side (columns in ``nbprof.opstats.framework_ops``;
    percentages 0-100, times µs with ps columns beside). ``include_idle``: whether the IDLE
    rows are in it and the percentages count idle time. ``total_time_ps`` / ``idle_time_ps``:
    per side (``"Device"``, ``"Host"``), what the percentages divide by and the idle time.
    """

    table: pd.DataFrame
    include_idle: bool
    total_time_ps: dict[str, int]
    idle_time_ps: dict[str, int]
    hardware_type: str
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "framework_op_stats"
    frame_names: ClassVar[tuple[str, ...]] = ("table",)

    def summary_text(self) -> str:
        table = self.table
        if len(table) == 0:
            return "Framework op stats: no framework ops in this profile."
        lines = []
        for side in ("Device", "Host"):
            rows = table[(table["host_or_device"] == side).to_numpy()]
            rows = rows[(rows["name"] != "IDLE").to_numpy()]
            if len(rows) == 0:
                continue
            pct = f"{side.lower()}_self_time_pct"
            lines.append(f"Framework op stats, {side.lower()}: {len(rows):,} ops; most self time:")
            for _, op in rows.head(5).iterrows():
                lines.append(f"  {op[pct]:5.1f}%  {op['name']} ({op['type']}, {op['occurrences']:,}x)")
        return "\n".join(lines)

    def xprof_rows(self, max_ops_per_side: int | None = XPROF_MAX_OPS_PER_SIDE) -> pd.DataFrame:
        """The rows XProf lists: per side, the top ``max_ops_per_side`` by self time.

        XProf takes the top 500 of the db including its IDLE entry and only then drops IDLE
        from the table without idle, so that table can list 499 ops.
        """
        frame = self.table
        if max_ops_per_side is None:
            return frame
        idle = self.idle_time_ps if not self.include_idle else {}
        parts = []
        for side, rows in frame.groupby("host_or_device", sort=False):
            cap = max_ops_per_side
            if side in idle:
                ahead = (rows["total_self_time_ps"] > idle[side]) | (
                    (rows["total_self_time_ps"] == idle[side]) & (rows["name"] < "IDLE")
                )
                if int(ahead.sum()) < max_ops_per_side:
                    cap -= 1
            parts.append(rows.head(cap))
        return pd.concat(parts) if parts else frame

    def to_xprof_csv(
        self, path: str | Path | None = None, max_ops_per_side: int | None = XPROF_MAX_OPS_PER_SIDE
    ) -> str | None:
        """Write the table as XProf's "Export as CSV" does; return the text when ``path`` is None.

        Same column labels and order as XProf (``GPU TensorCore utilization`` only for GPU
        profiles), every cell quoted, numbers as Python writes floats, percentages as
        fractions (0-1) and at most ``max_ops_per_side`` rows per side (XProf: 500;
        ``None`` keeps all). Unlike XProf, a text cell starting with ``= + - @``, tab or CR
        (an op name a spreadsheet would run as a formula) is written with a leading ``'``;
        where no cell starts so, the file is byte for byte XProf's.
        """
        frame = _xprof_fractions(self.xprof_rows(max_ops_per_side), self.total_time_ps)
        columns = [(label, col) for label, col in _XPROF_COLUMNS if col in frame.columns]
        buffer = io.StringIO()
        writer = csv.writer(buffer, quoting=csv.QUOTE_ALL, lineterminator="\n")
        writer.writerow([label for label, _ in columns])
        for values in zip(*(_xprof_cells(frame[col], col) for _, col in columns)):
            writer.writerow(values)
        text = buffer.getvalue()
        if path is None:
            return text
        Path(path).write_text(text, encoding="utf-8")
        return None


def _xprof_fractions(frame: pd.DataFrame, totals: dict[str, int]) -> pd.DataFrame:
    """The percentage columns as XProf stores them: fractions of the side's total in µs,
    cumulated row by row (so the CSV matches XProf's digits, not only its values)."""
    frame = frame.copy()
    self_us = frame["total_self_time_ps"].to_numpy(np.float64) / 1e6
    for side in ("Device", "Host"):
        key = side.lower()
        on_side = (frame["host_or_device"] == side).to_numpy()
        total_us = totals.get(side, 0) / 1e6
        fraction = np.where(on_side, self_us / total_us, 0.0) if total_us else np.zeros(len(frame))
        frame[f"{key}_self_time_pct"] = fraction
        frame[f"{key}_cumulative_self_time_pct"] = np.where(on_side, np.cumsum(fraction), 0.0)
    return frame


def _xprof_cells(series: pd.Series, column: str) -> list[str]:
    """CSV cells of one column: numbers as Python writes floats; text as it is, except that a
    cell a spreadsheet would run as a formula (``= + - @``, tab, CR first) gets a leading ``'``
    (XProf writes such names as they are)."""
    if series.dtype == object or isinstance(series.dtype, (pd.StringDtype, pd.CategoricalDtype)):
        return [csv_safe_cell(str(v)) for v in series.astype(object)]
    return [str(float(v)) for v in series.to_numpy(dtype=np.float64)]


def framework_op_stats(op_stats: OpStats, include_idle: bool = True) -> FrameworkOpStats:
    """XProf's framework op stats table from an OpStats."""
    built = op_stats.framework_op_table(include_idle)
    return FrameworkOpStats(
        table=built.table,
        include_idle=built.include_idle,
        total_time_ps=built.total_time_ps,
        idle_time_ps=built.idle_time_ps,
        hardware_type=op_stats.perf_env.hardware_type,  # the run env's (both the planes'), built by the table
        notes=list(built.notes),
    )
