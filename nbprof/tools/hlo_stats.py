"""HLO op stats: XProf's ``hlo_stats`` table, one row per XLA op of the profile.

Follows ``xprof/convert/op_stats_to_hlo_stats.cc`` (and ``op_metrics_to_record.h``): the rows are
the device op db's ops (``OpStats.xla_ops``: combined over hosts; the IDLE entry left out),
ordered by self time (then name), with

* times: total and self time over all occurrences, and their averages (µs, ps columns beside);
  ``total_self_time_pct`` of the device's total time (idle included) and its running sum;
* rates over the op's total time (nested ops' work is part of an op's costs):
  ``normalized_flop_rate_gflops`` (FLOPs normalised to 16-bit work, XProf's "Normalized
  GFLOP/s"), ``model_flop_rate_gflops``, ``measured_memory_bw_gibps`` (all bytes accessed) and
  ``hbm_bw_gibps`` (the op's HBM bytes from its memory-access breakdown, else all its bytes);
  ``operational_intensity`` = FLOPs / bytes accessed;
* ``bound_by``: the resource the op uses the largest share of, ``Compute`` (FLOP rate / peak) or
  ``HBM`` (HBM bandwidth / peak), ``Unknown`` when it uses neither;
* ``is_rematerialization``: the instruction's name says ``.remat`` or its framework op is inside a
  ``/rematted_computation/``; ``is_outside_compilation``: a host-transfer ``send-done`` or a
  framework op ending ``:XlaSendToHost`` / ``:XlaRecvFromHost``; ``core_type``: ``TensorCore`` on
  TPU; source file, line and stack of the framework op (XProf renders them as one HTML cell; here
  they are text columns).

XProf's TPU-only columns nbprof cannot fill from an open-source profile stay 0 (``dma_stall_pct``,
CMEM bandwidths, ``vdd_energy_j``) and ``is_autotuned`` False.

**Where nbprof differs.** Without a device, XProf's table is empty; for JAX (and PyTorch/XLA) on
CPU nbprof lists the XLA CPU ops that ran on host threads (``source == "host"``; their share is of
the XLA ops' own self time, no rates: no device peaks or costs). GPU FLOPs and bytes are nbprof's
cost analysis (``nbprof.hlo.cost``), which also prices the legacy ``__cublas$gemm`` calls XProf
2.24.2 leaves at 0.
"""

from __future__ import annotations

import re
from dataclasses import field
from typing import ClassVar

import numpy as np
import pandas as pd

from nbprof.opstats import OpStats
from nbprof.opstats.xla_ops import GIBI, hbm_bytes
from nbprof.tools._result import ToolResult, result_dataclass
from nbprof.xspace import semantics as xs

COLUMNS = [
    "rank", "program_id", "program", "category", "hlo_op_name", "hlo_op_expression", "tf_op_name", "occurrences",
    "total_time_us", "avg_time_us", "total_self_time_us", "avg_self_time_us", "total_self_time_pct",
    "cumulative_total_self_time_pct", "dma_stall_pct", "model_flop_rate_gflops", "normalized_flop_rate_gflops",
    "measured_memory_bw_gibps", "hbm_bw_gibps", "cmem_read_bw_gibps", "cmem_write_bw_gibps",
    "operational_intensity", "bound_by", "is_rematerialization", "is_outside_compilation", "is_autotuned",
    "source_file", "source_line", "source_stack", "core_type", "parent_op_name", "vdd_energy_j", "total_time_ps",
    "total_self_time_ps", "flops", "model_flops", "bytes_accessed", "hbm_bytes",
]  # fmt: skip
_OUTSIDE_COMPILATION_OPS = (":XlaSendToHost", ":XlaRecvFromHost")
_REMAT_NAME = re.compile(r"^[^=]*\.remat")


@result_dataclass
class HloStats(ToolResult):
    """XProf's HLO op stats: ``table``, one row per XLA op (columns in the module docstring).

    ``source``: ``"device"`` (GPU/TPU ops), ``"host"`` (XLA CPU ops, nbprof's addition) or
    ``"none"``. ``total_time_ps``: the time the percentages divide by. ``peak_flop_rate_gflops`` /
    ``peak_hbm_bw_gibps``: the roofs ``bound_by`` measures against (NaN unknown).
    """

    table: pd.DataFrame
    source: str
    device_type: str
    total_time_ps: int
    peak_flop_rate_gflops: float
    peak_hbm_bw_gibps: float
    notes: list[str] = field(default_factory=list)
    tool: ClassVar[str] = "hlo_stats"
    frame_names: ClassVar[tuple[str, ...]] = ("table",)

    def summary_text(self) -> str:
        if len(self.table) == 0:
            return "HLO op stats: no XLA ops in this profile."
        where = "XLA CPU ops on host threads" if self.source == "host" else f"{self.device_type} XLA ops"
        t = self.table
        lines = [f"HLO op stats ({where}): {len(t):,} ops; most self time:"]
        for _, op in t.head(5).iterrows():
            rate = f", {op['normalized_flop_rate_gflops']:,.1f} GFLOP/s" if op["normalized_flop_rate_gflops"] else ""
            bound = f", {op['bound_by']}-bound" if op["bound_by"] != "Unknown" else ""
            lines.append(
                f"  {op['total_self_time_pct']:5.1f}%  {op['hlo_op_name']} ({op['category']}, "
                f"{op['occurrences']:,}x{rate}{bound})"
            )
        flags = int(t["is_rematerialization"].sum()), int(t["is_outside_compilation"].sum())
        if any(flags):
            lines.append(f"  {flags[0]} rematerialised, {flags[1]} outside-compilation ops")
        return "\n".join(lines)


def _per_ns(values: np.ndarray, time_ns: np.ndarray) -> np.ndarray:
    """values / ns (0 where the time is 0): FLOP/ns = GFLOP/s, bytes/ns = GB/s."""
    return np.divide(values, time_ns, out=np.zeros(len(values)), where=time_ns > 0)


def op_name_of(expression: str) -> str:
    """XProf's HLO op name from an instruction's text: the part before `` = ``, without its ``%``."""
    head = expression.split(" = ", 1)[0]
    return head[1:] if head.startswith("%") else head


def hlo_stats(op_stats: OpStats) -> HloStats:
    """XProf's HLO op stats table from an OpStats (see the module docstring)."""
    x = op_stats.xla_ops
    env = op_stats.perf_env
    peak_gflops = env.peak_tflops * 1e3 if x.source == "device" else 0.0
    peak_gibps = env.peak_hbm_gibps if x.source == "device" else 0.0
    ops = x.ops
    ops = ops[(ops["occurrences"] > 0).to_numpy()] if len(ops) else ops
    result = HloStats(
        table=pd.DataFrame(columns=COLUMNS),
        source=x.source,
        device_type=x.device_type or env.device_type,
        total_time_ps=int(x.total_time_ps),
        peak_flop_rate_gflops=peak_gflops or float("nan"),
        peak_hbm_bw_gibps=peak_gibps or float("nan"),
        notes=list(x.notes),
    )
    if len(ops) == 0:
        return result
    order = np.lexsort((ops["name"].astype(str).to_numpy(), -ops["self_time_ps"].to_numpy(np.int64)))
    ops = ops.iloc[order].reset_index(drop=True)
    time_ps = ops["time_ps"].to_numpy(np.float64)
    self_ps = ops["self_time_ps"].to_numpy(np.float64)
    occ = ops["occurrences"].to_numpy(np.float64)
    time_ns = time_ps / 1e3
    flops = ops["flops"].to_numpy(np.float64)
    model = ops["model_flops"].to_numpy(np.float64)
    accessed = ops["bytes_accessed"].to_numpy(np.float64)
    hbm = hbm_bytes(ops)
    total = float(x.total_time_ps)
    pct = 100.0 * self_ps / total if total > 0 else np.zeros(len(ops))
    flop_rate = _per_ns(flops, time_ns)
    hbm_bw = _per_ns(hbm, time_ns) * 1e9 / GIBI
    flops_util = flop_rate / peak_gflops if peak_gflops > 0 else np.zeros(len(ops))
    hbm_util = hbm_bw / peak_gibps if peak_gibps > 0 else np.zeros(len(ops))
    bound = np.where(hbm_util > np.maximum(flops_util, 0), "HBM", np.where(flops_util > 0, "Compute", "Unknown"))
    expression = ops["expression"].astype(str)
    expression = expression.where(expression != "", ops["name"].astype(str)).to_numpy(object)
    provenance = ops["tf_op"].astype(str).to_numpy(object)
    # per distinct op, not per event
    remat = np.array(
        [bool(_REMAT_NAME.search(e)) or "/rematted_computation/" in t for e, t in zip(expression, provenance)]
    )
    outside = np.array([p.endswith(_OUTSIDE_COMPILATION_OPS) for p in provenance]) | np.array(
        ["send-done" in e and "is_host_transfer=true" in e for e in expression]
    )
    zeros = np.zeros(len(ops))
    table = pd.DataFrame(
        {
            "rank": np.arange(1, len(ops) + 1, dtype=np.int64),
            "program_id": ops["program_id"].astype("UInt64"),
            "program": ops["program"].astype(str).to_numpy(object),
            "category": ops["category"].astype(str).to_numpy(object),
            "hlo_op_name": [op_name_of(e) for e in expression],
            "hlo_op_expression": expression,
            "tf_op_name": provenance,
            "occurrences": occ.astype(np.int64),
            "total_time_us": time_ps / 1e6,
            "avg_time_us": np.divide(time_ps / 1e6, occ, out=zeros.copy(), where=occ > 0),
            "total_self_time_us": self_ps / 1e6,
            "avg_self_time_us": np.divide(self_ps / 1e6, occ, out=zeros.copy(), where=occ > 0),
            "total_self_time_pct": pct,
            "cumulative_total_self_time_pct": np.cumsum(pct),
            "dma_stall_pct": zeros,
            "model_flop_rate_gflops": _per_ns(model, time_ns),
            "normalized_flop_rate_gflops": flop_rate,
            "measured_memory_bw_gibps": _per_ns(accessed, time_ns) * 1e9 / GIBI,
            "hbm_bw_gibps": hbm_bw,
            "cmem_read_bw_gibps": zeros,
            "cmem_write_bw_gibps": zeros,
            "operational_intensity": np.divide(flops, accessed, out=zeros.copy(), where=accessed > 0),
            "bound_by": bound.astype(object),
            "is_rematerialization": remat,
            "is_outside_compilation": outside,
            "is_autotuned": np.zeros(len(ops), bool),
            "source_file": ops["source_file"].astype(str).to_numpy(object),
            "source_line": ops["source_line"].astype("Int64"),
            "source_stack": ops["source_stack"].astype(str).to_numpy(object),
            "core_type": "TensorCore" if x.device_kind == xs.HARDWARE_TPU else "",
            "parent_op_name": "",
            "vdd_energy_j": zeros,
            "total_time_ps": time_ps.astype(np.int64),
            "total_self_time_ps": self_ps.astype(np.int64),
            "flops": flops,
            "model_flops": model,
            "bytes_accessed": accessed,
            "hbm_bytes": hbm,
        }
    )
    result.table = table[COLUMNS]
    if x.source == "host":
        result.notes.append(
            "no device: the table lists the XLA CPU ops that ran on host threads (XProf's hlo_stats is empty here); "
            "shares are of their own self time; no rates (no device peaks, no cost analysis on CPU)"
        )
    return result
