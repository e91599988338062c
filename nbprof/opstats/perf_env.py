"""Peak compute and memory bandwidth of each device plane, as XProf derives them.

XProf (``xplane_to_op_stats.cc::GetPerfEnvFromXPlane``) reads the peaks from plane stats:
TPU planes carry ``peak_teraflops_per_second`` and ``peak_hbm_bw_gigabytes_per_second``;
GPU planes carry ``memory_bandwidth`` (bytes/s) and either ``peak_teraflops_per_second``
or the SM count, clock and compute capability from which the peak is computed with the
per-SM-per-cycle table of ``xprof/utils/cuda_type_utils.cc`` (the best of fp32/fp16 on
CUDA cores and tensor cores).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd

from nbprof.xspace import semantics as xs

GIBI_PER_GIGA = 1e9 / 2**30

# Compute capability (major*1000 + minor*10) -> per SM per cycle FLOPs
# (max of CUDA-core fp32/fp16 and tensor-core fp32/fp16), from NVIDIA whitepapers.
_FLOPS_PER_SM_PER_CYCLE: dict[int, float] = {
    10000: 8192.0,  # Blackwell (tensor core fp16, dense)
    9000: 4096.0,  # Hopper
    8090: 1024.0,  # Ada
    8060: 1024.0,  # Ampere GA10x
    8000: 2048.0,  # Ampere A100
    7050: 1024.0,  # Turing
    7000: 1024.0,  # Volta
    6010: 256.0,  # Pascal GP10x
    6000: 256.0,  # Pascal P100
    5000: 256.0,  # Maxwell
    3000: 384.0,  # Kepler
    2000: 64.0,  # Fermi
}


def gpu_peak_tflops(core_count: float, clock_rate_khz: float, cc_major: int, cc_minor: int) -> float:
    """Peak TFLOP/s of a GPU from its SM count, clock (kHz) and compute capability.

    An unknown capability uses the nearest lower known one, as XProf does.
    """
    key = int(cc_major) * 1000 + int(cc_minor) * 10
    known = sorted(_FLOPS_PER_SM_PER_CYCLE)
    lower = [k for k in known if k <= key]
    chosen = lower[-1] if lower else known[0]
    clock_ghz = float(clock_rate_khz) / 1e6
    return float(core_count) * _FLOPS_PER_SM_PER_CYCLE[chosen] * clock_ghz / 1e3


def _num(row: pd.Series, name: str) -> float:
    if name not in row.index:
        return math.nan
    value = row[name]
    try:
        out = float(value)
    except (TypeError, ValueError):
        return math.nan
    return out


def device_peaks(planes: pd.DataFrame) -> pd.DataFrame:
    """One row per device plane: ``host``, ``plane``, ``device_type``,
    ``peak_tflops`` (TFLOP/s), ``peak_hbm_gbps`` (GB/s, 1e9 bytes/s), ``peak_hbm_gibps``
    (GiB/s, the unit XProf divides by) and ``peak_source`` (which stats gave the peak).
    Values are NaN where the plane does not say.
    """
    rows = []
    if len(planes) == 0:
        return pd.DataFrame(
            columns=["host", "plane", "device_type", "peak_tflops", "peak_hbm_gbps", "peak_hbm_gibps", "peak_source"]
        )
    names = planes["name"].astype(str)
    device = planes[names.str.startswith("/device:")]
    for _, row in device.iterrows():  # a handful of planes, not events
        name = str(row["name"])
        is_tpu = name.startswith("/device:TPU")
        tflops = _num(row, "peak_teraflops_per_second")
        source = "peak_teraflops_per_second"
        if is_tpu:
            hbm_gbps = _num(row, "peak_hbm_bw_gigabytes_per_second")
            device_type = str(row.get("device_type_string", "TPU"))
        else:
            bw = _num(row, "memory_bandwidth")
            hbm_gbps = bw / 1e9 if bw == bw else math.nan
            device_type = "GPU" if name.startswith("/device:GPU") else str(row.get("device_type_string", ""))
            if not tflops > 0:
                cores, clock = _num(row, "core_count"), _num(row, "clock_rate")
                major, minor = _num(row, "compute_cap_major"), _num(row, "compute_cap_minor")
                if all(math.isfinite(v) for v in (cores, clock, major)):  # NaN or inf: no int compute capability
                    tflops = gpu_peak_tflops(cores, clock, int(major), int(minor) if math.isfinite(minor) else 0)
                    source = "core_count x clock_rate x compute capability table"
                else:
                    tflops, source = math.nan, "unknown"
        rows.append(
            {
                "host": row.get("host", ""),
                "plane": name,
                "device_type": device_type if device_type != "nan" else "",
                "peak_tflops": tflops,
                "peak_hbm_gbps": hbm_gbps,
                "peak_hbm_gibps": hbm_gbps * GIBI_PER_GIGA if hbm_gbps == hbm_gbps else math.nan,
                "peak_source": source,
            }
        )
    return pd.DataFrame(rows)


def peak_of(planes: pd.DataFrame, plane_prefix: str) -> tuple[float, float]:
    """(peak TFLOP/s, peak HBM GiB/s) of the first device plane named with ``plane_prefix``
    that states them; NaN where unknown. XProf uses one perf env per profile."""
    peaks = device_peaks(planes)
    if len(peaks) == 0:
        return math.nan, math.nan
    sel = peaks[peaks["plane"].astype(str).str.startswith(plane_prefix)]
    if len(sel) == 0:
        return math.nan, math.nan
    tflops = sel["peak_tflops"].dropna()
    hbm = sel["peak_hbm_gibps"].dropna()
    return (float(tflops.iloc[0]) if len(tflops) else math.nan, float(hbm.iloc[0]) if len(hbm) else math.nan)


@dataclass(frozen=True)
class PerfEnv:
    """XProf's PerfEnv: the peaks one profile's device ops are measured against.

    ``peak_tflops`` (TFLOP/s per core) and ``peak_hbm_gibps`` (GiB/s) are 0 where the planes
    do not say; ``ridge_point`` is FLOPs per byte where both are known (else 0).
    """

    hardware_type: str
    device_type: str
    peak_tflops: float
    peak_hbm_gibps: float
    peak_source: str

    @property
    def ridge_point(self) -> float:
        """FLOPs per byte at which compute and HBM bandwidth meet (GFLOP/s over GB/s)."""
        if self.peak_tflops <= 0 or self.peak_hbm_gibps <= 0:
            return 0.0
        return self.peak_tflops * 1e3 / (self.peak_hbm_gibps / GIBI_PER_GIGA)


def build_perf_env(planes: pd.DataFrame) -> PerfEnv:
    """The perf env of the first device plane that states peaks (XProf uses one per profile)."""
    names = planes["name"].astype(str).tolist() if len(planes) else []
    kind = xs.hardware_type(names)
    if kind == xs.HARDWARE_CPU:
        return PerfEnv(kind, "CPU", 0.0, 0.0, "no device")
    prefix = xs.TPU_PLANE_PREFIX if kind == xs.HARDWARE_TPU else xs.GPU_PLANE_PREFIX
    peaks = device_peaks(planes)
    sel = peaks[peaks["plane"].astype(str).str.startswith(prefix)] if len(peaks) else peaks
    tflops = sel["peak_tflops"].dropna() if len(sel) else pd.Series(dtype=float)
    hbm = sel["peak_hbm_gibps"].dropna() if len(sel) else pd.Series(dtype=float)
    device_type = str(sel["device_type"].iloc[0]) if len(sel) else kind
    source = str(sel["peak_source"].iloc[0]) if len(sel) else "unknown"
    return PerfEnv(
        hardware_type=kind,
        device_type=device_type or kind,
        peak_tflops=float(tflops.iloc[0]) if len(tflops) else 0.0,
        peak_hbm_gibps=float(hbm.iloc[0]) if len(hbm) else 0.0,
        peak_source=source,
    )
