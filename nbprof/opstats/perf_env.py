"""What device a profile ran on and its peaks: one vocabulary for vendor, architecture and device type.

XProf derives these from the first device plane (``xplane_to_op_stats.cc::GetPerfEnvFromXPlane``,
``SetRunEnvironment``, ``xprof/utils/hardware_type_utils.cc``):

* **TPU** planes state the peaks (``peak_teraflops_per_second``, ``peak_hbm_bw_gigabytes_per_second``)
  and the device type (``device_type_string``, e.g. ``TPU v6 Lite``).
* **GPU** planes state the vendor (``device_vendor``: ``Nvidia`` or ``AMD``), the core count
  (SMs / CUs), clock (kHz), compute capability and memory bandwidth (bytes/s). The peak FLOP
  rate is ``peak_teraflops_per_second`` when stated, else cores x FLOPs per core per cycle x
  clock, from the vendor's table: NVIDIA by compute capability (``cuda_type_utils.cc``: the best
  of fp32/fp16 on CUDA and tensor cores; an unknown capability uses the nearest lower one), AMD
  by gfx architecture (``rocm_type_utils.cc``: the best of fp32/fp16 on vector and matrix
  units; the architecture is the plane's ``gpu_device_name`` when it reads ``gfxNNN``, else
  compute capability 9.4 = ``gfx942``, 9.5 = ``gfx950``). The device type is
  ``Nvidia GPU (<family>)``, ``AMD GPU - <gfx>`` (or ``AMD GPU - gfx-9XX series`` when the
  architecture is unknown), and ``GPU`` when the plane names no vendor.

Where nbprof differs: a GPU plane that names no vendor but has a compute capability (profiles
written before vendors were recorded, all NVIDIA) gets its peak from the NVIDIA table; XProf
reports 0 there. Units: ``_tflops`` TFLOP/s, ``_gbps`` GB/s (1e9 bytes/s), ``_gibps`` GiB/s.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.xspace import semantics as xs
from nbprof.xspace.typed_frame import column_arrays

GIBI_PER_GIGA = 1e9 / 2**30
VENDOR_NVIDIA = "Nvidia"
VENDOR_AMD = "AMD"

# NVIDIA: compute capability (major*1000 + minor*10) -> FLOPs per SM per cycle (best of CUDA-core and
# tensor-core fp32/fp16), and the family XProf names the device after.
_NVIDIA_FLOPS_PER_SM_PER_CYCLE: dict[int, float] = {
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
_NVIDIA_SHARED_BYTES_PER_SM_PER_CYCLE = 32 * 8  # 32 banks x 8 bytes (compute capability 3.0 and above)

# AMD: gfx architecture -> FLOPs per CU per cycle (best of vector and matrix fp32/fp16) and LDS bytes
# per CU per cycle, from AMD's CDNA whitepapers as XProf tabulates them.
_AMD_FLOPS_PER_CU_PER_CYCLE: dict[str, float] = {
    "gfx908": 1024.0,  # MI100 (CDNA 1): matrix fp16
    "gfx90a": 1024.0,  # MI250X (CDNA 2): matrix fp16
    "gfx942": 2048.0,  # MI300 (CDNA 3): matrix fp16
    "gfx950": 4096.0,  # MI350 (CDNA 4): matrix fp16
}
_AMD_LDS_BYTES_PER_CU_PER_CYCLE: dict[str, float] = {"gfx908": 128.0, "gfx90a": 128.0, "gfx942": 128.0,
                                                     "gfx950": 256.0}  # fmt: skip
_AMD_GFX_BY_COMPUTE_CAP = {(9, 4): "gfx942", (9, 5): "gfx950"}
_GFX_NAME = re.compile(r"gfx[0-9a-fA-F]{3,}")


@dataclass(frozen=True)
class GpuKind:
    """A GPU as XProf names it: ``vendor`` (``Nvidia``, ``AMD`` or ``""``), ``arch`` (``gfx942``, or
    the NVIDIA compute capability ``9.0``; ``""`` unknown) and ``device_type`` (run environment)."""

    vendor: str
    arch: str
    device_type: str


def _nvidia_family(major: int, minor: int) -> str:
    families = {2: "Fermi", 3: "Kepler", 5: "Maxwell", 6: "Pascal", 9: "Hopper", 10: "Blackwell"}
    if major == 7:
        return "Volta" if minor < 5 else "Turing"
    if major == 8:
        return "Ampere" if minor < 9 else "Ada Lovelace"
    return families.get(major, "")


PlaneRow: TypeAlias = "pd.Series | Mapping[str, Any]"  # a row of ``frames.planes``: a Series, or a dict by column


def _num(row: PlaneRow, name: str) -> float:
    value = row.get(name)
    try:
        out = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return math.nan
    return out


def _text(row: PlaneRow, name: str) -> str:
    value = row.get(name)
    return "" if value is None or (isinstance(value, float) and math.isnan(value)) else str(value)


def gpu_kind(row: PlaneRow) -> GpuKind:
    """Vendor, architecture and device type of one GPU plane (a row of ``frames.planes``)."""
    vendor = _text(row, "device_vendor")
    major, minor = _num(row, "compute_cap_major"), _num(row, "compute_cap_minor")
    cap = (int(major) if math.isfinite(major) else 0, int(minor) if math.isfinite(minor) else 0)  # NaN/inf: unknown
    if vendor == VENDOR_AMD:
        name = _text(row, "gpu_device_name")
        gfx = name if _GFX_NAME.fullmatch(name) else _AMD_GFX_BY_COMPUTE_CAP.get(cap, "")
        if gfx:
            return GpuKind(vendor, gfx, f"AMD GPU - {gfx}")
        series = {9: "gfx-9XX series", 10: "gfx-10XX series", 11: "gfx-11XX series"}.get(cap[0])
        return GpuKind(vendor, "", f"AMD GPU - {series}" if series else "AMD GPU")
    if vendor == VENDOR_NVIDIA:
        family = _nvidia_family(*cap)
        return GpuKind(vendor, f"{cap[0]}.{cap[1]}", f"Nvidia GPU ({family})" if family else "Nvidia GPU")
    return GpuKind(vendor, f"{cap[0]}.{cap[1]}" if math.isfinite(major) else "", "GPU")


def nvidia_peak_tflops(core_count: float, clock_rate_khz: float, cc_major: int, cc_minor: int) -> float:
    """Peak TFLOP/s of an NVIDIA GPU from its SM count, clock (kHz) and compute capability.

    An unknown capability uses the nearest lower known one (the oldest when below all), as XProf.
    """
    key = int(cc_major) * 1000 + int(cc_minor) * 10
    known = sorted(_NVIDIA_FLOPS_PER_SM_PER_CYCLE)
    lower = [k for k in known if k <= key]
    chosen = lower[-1] if lower else known[0]
    return float(core_count) * _NVIDIA_FLOPS_PER_SM_PER_CYCLE[chosen] * (float(clock_rate_khz) / 1e6) / 1e3


def amd_peak_tflops(core_count: float, clock_rate_khz: float, gfx: str) -> float:
    """Peak TFLOP/s of an AMD GPU from its CU count, clock (kHz) and gfx architecture (0 if unknown)."""
    per_cycle = _AMD_FLOPS_PER_CU_PER_CYCLE.get(gfx, 0.0)
    return float(core_count) * per_cycle * (float(clock_rate_khz) / 1e6) / 1e3


def _gpu_peaks(row: PlaneRow, kind: GpuKind) -> tuple[float, float, str]:
    """(peak TFLOP/s, peak shared-memory GiB/s, where the FLOP peak came from) of one GPU plane."""
    cores, clock = _num(row, "core_count"), _num(row, "clock_rate")
    stated = _num(row, "peak_teraflops_per_second")
    known = math.isfinite(cores) and math.isfinite(clock)
    clock_ghz = clock / 1e6 if known else 0.0
    if kind.vendor == VENDOR_AMD:
        sram = cores * _AMD_LDS_BYTES_PER_CU_PER_CYCLE.get(kind.arch, 0.0) * clock_ghz if known else 0.0
        tflops = amd_peak_tflops(cores, clock, kind.arch) if known else math.nan
        source = f"core_count x clock_rate x FLOPs per CU per cycle of {kind.arch or 'an unknown AMD GPU'}"
    else:
        sram = cores * _NVIDIA_SHARED_BYTES_PER_SM_PER_CYCLE * clock_ghz if known else 0.0
        cap_major, cap_minor = _num(row, "compute_cap_major"), _num(row, "compute_cap_minor")
        if known and math.isfinite(cap_major):
            tflops = nvidia_peak_tflops(cores, clock, int(cap_major), int(cap_minor) if math.isfinite(cap_minor) else 0)
            source = "core_count x clock_rate x compute capability table"
            if kind.vendor != VENDOR_NVIDIA:
                source += " (no device_vendor stat: NVIDIA assumed; XProf reports 0)"
        else:
            tflops, source = math.nan, "unknown"
    if stated > 0:
        tflops, source = stated, "peak_teraflops_per_second"
    return tflops, sram * GIBI_PER_GIGA, source


_PEAK_COLUMNS = ["host", "plane", "vendor", "arch", "device_type", "peak_tflops", "peak_hbm_gbps", "peak_hbm_gibps",
                 "peak_sram_gibps", "peak_source"]  # fmt: skip


def plane_rows(
    planes: pd.DataFrame, test: Callable[[str], bool], columns: list[str] | None = None, names: list[str] | None = None
) -> list[dict[str, Any]]:
    """The rows of the planes whose name passes ``test``, as dicts by column (all, or ``columns``;
    values as ``iterrows`` gives them: each column as objects); ``names``: ``plane_names(planes)`` where known."""
    names = plane_names(planes) if names is None else names
    positions = [i for i, name in enumerate(names) if test(name)]  # a handful of planes, not events
    if not positions:
        return []
    arrays = column_arrays(planes) or {}  # no Series made per column (``planes[c]``: ~30 us each)
    values = {c: _column_objects(planes, c, arrays.get(c)) for c in (planes.columns if columns is None else columns)}
    return [{c: column[i] for c, column in values.items()} for i in positions]


def _column_objects(planes: pd.DataFrame, name: str, values: Any) -> list[Any] | np.ndarray:
    """``_objects(planes[name])`` of the column's array ``values`` (``column_arrays``' own; None: read from
    the frame) without a Series made: a categorical read through its categories, a masked array
    through its values and mask (``_masked_objects``)."""
    if values is None:
        return _objects(planes[name])
    if isinstance(values, pd.Categorical):
        return xs.categorical_values_list(values)
    if isinstance(values, _MASKED_ARRAYS) and hasattr(values, "_data") and hasattr(values, "_mask"):
        return _masked_objects(values)
    return ec.array_values(values, object)


_MASKED_ARRAYS = (pd.arrays.IntegerArray, pd.arrays.FloatingArray, pd.arrays.BooleanArray)


def _masked_objects(values: Any) -> np.ndarray:
    """``values.to_numpy(dtype=object)`` of a pandas masked array (Python scalars, ``pd.NA`` where masked),
    from its values and mask (pandas' conversion: ~30 us a column, for a handful of planes)."""
    out = values._data.astype(object)
    out[values._mask] = pd.NA
    return out


def _objects(column: pd.Series) -> list[Any] | np.ndarray:
    """``column.to_numpy(dtype=object)``; a categorical's values through its categories (no conversion)."""
    return xs.values_list(column) if isinstance(column.dtype, pd.CategoricalDtype) else column.to_numpy(dtype=object)


def plane_names(planes: pd.DataFrame) -> list[str]:
    """The planes' names as str (``[]`` for a frame without planes)."""
    return [str(n) for n in xs.values_list(planes["name"])] if len(planes) else []


# The plane columns the peaks are read from (``_peak_rows``, ``gpu_kind``, ``_gpu_peaks``).
_PEAK_INPUTS = ("host", "name", "device_type_string", "peak_teraflops_per_second", "peak_hbm_bw_gigabytes_per_second",
                "peak_sram_wr_bw_gigabytes_per_second", "memory_bandwidth", "device_vendor", "compute_cap_major",
                "compute_cap_minor", "gpu_device_name", "core_count", "clock_rate")  # fmt: skip
GPU_KIND_INPUTS = ("device_vendor", "compute_cap_major", "compute_cap_minor", "gpu_device_name")


def present_columns(planes: pd.DataFrame, names: tuple[str, ...]) -> list[str]:
    """Those of ``names`` that are columns of ``planes`` (a row dict without the others reads None)."""
    return [c for c in names if c in planes.columns]


def _peak_rows(planes: pd.DataFrame, names: list[str] | None = None) -> list[dict[str, Any]]:
    """``device_peaks``' rows, as dicts (``names``: ``plane_names(planes)`` where known)."""
    return [_peak_row(row) for row in _peak_input_rows(planes, xs.is_device_plane, names)]


def _peak_input_rows(
    planes: pd.DataFrame, test: Callable[[str], bool], names: list[str] | None = None
) -> list[dict[str, Any]]:
    """The peak inputs (``_PEAK_INPUTS`` present) of the planes whose name passes ``test``, as dicts."""
    return plane_rows(planes, test, present_columns(planes, _PEAK_INPUTS), names)


def _peak_row(row: Mapping[str, Any]) -> dict[str, Any]:
    """One ``device_peaks`` row (a dict) of a device plane's peak inputs."""
    name = str(row["name"])
    if name.startswith(xs.TPU_PLANE_PREFIX):
        hbm_gbps = _num(row, "peak_hbm_bw_gigabytes_per_second")
        sram = _num(row, "peak_sram_wr_bw_gigabytes_per_second")
        kind = GpuKind("", "", _text(row, "device_type_string") or "TPU")
        tflops, sram_gibps, source = _num(row, "peak_teraflops_per_second"), sram * GIBI_PER_GIGA, "plane stats"
    else:
        kind = gpu_kind(row)
        bandwidth = _num(row, "memory_bandwidth")
        hbm_gbps = bandwidth / 1e9 if bandwidth == bandwidth else math.nan
        tflops, sram_gibps, source = _gpu_peaks(row, kind)
    return {"host": row.get("host", ""), "plane": name, "vendor": kind.vendor, "arch": kind.arch,
            "device_type": kind.device_type, "peak_tflops": tflops, "peak_hbm_gbps": hbm_gbps,
            "peak_hbm_gibps": hbm_gbps * GIBI_PER_GIGA if hbm_gbps == hbm_gbps else math.nan,
            "peak_sram_gibps": sram_gibps, "peak_source": source}  # fmt: skip


def device_peaks(planes: pd.DataFrame) -> pd.DataFrame:
    """One row per device plane: ``host``, ``plane``, ``vendor``, ``arch``, ``device_type``,
    ``peak_tflops`` (TFLOP/s), ``peak_hbm_gbps`` (GB/s), ``peak_hbm_gibps`` (GiB/s, the unit XProf
    divides by), ``peak_sram_gibps`` (GiB/s) and ``peak_source``. NaN where the plane does not say."""
    if len(planes) == 0:
        return ec.empty_frame(_PEAK_COLUMNS)
    return pd.DataFrame(_peak_rows(planes), columns=_PEAK_COLUMNS)


def gpu_vendor(planes: pd.DataFrame) -> str:
    """The ``device_vendor`` of the first GPU plane (``Nvidia``, ``AMD``; ``""`` when none says)."""
    if len(planes) == 0 or "device_vendor" not in planes.columns:
        return ""
    gpu = plane_rows(planes, xs.is_gpu_plane, ["device_vendor"])
    return _text(gpu[0], "device_vendor") if gpu else ""


@dataclass(frozen=True)
class PerfEnv:
    """XProf's PerfEnv plus the device's name: what one profile's device ops are measured against.

    ``hardware_type``: ``TPU``, ``GPU`` or ``CPU_ONLY``; ``device_type``: XProf's run-environment
    device type (``TPU v6 Lite``, ``AMD GPU - gfx942``, ``Nvidia GPU (Hopper)``, ``GPU``, ``CPU``);
    ``vendor``/``arch`` as in ``GpuKind``. ``peak_tflops`` (TFLOP/s per core), ``peak_hbm_gibps``
    and ``peak_sram_gibps`` (GiB/s) are 0 where the planes do not say.
    """

    hardware_type: str
    device_type: str
    peak_tflops: float
    peak_hbm_gibps: float
    peak_source: str
    vendor: str = ""
    arch: str = ""
    peak_sram_gibps: float = 0.0

    @property
    def ridge_point(self) -> float:
        """FLOPs per byte at which compute and HBM bandwidth meet (GFLOP/s over GB/s)."""
        if self.peak_tflops <= 0 or self.peak_hbm_gibps <= 0:
            return 0.0
        return self.peak_tflops * 1e3 / (self.peak_hbm_gibps / GIBI_PER_GIGA)


_PEAKS = ("peak_tflops", "peak_hbm_gibps", "peak_sram_gibps")


def _first_peaks(rows: Iterable[dict[str, Any]]) -> dict[str, float]:
    """Per peak (``_PEAKS``), its first value in ``rows`` that is not NaN (0.0 when none is); the rows
    are read only until every peak is found (each row costs its plane's peak computation)."""
    found: dict[str, float] = {}
    for row in rows:
        for key in _PEAKS:
            if key not in found and not pd.isna(row[key]):
                found[key] = float(row[key])
        if len(found) == len(_PEAKS):
            break
    return {key: found.get(key, 0.0) for key in _PEAKS}


def build_perf_env(planes: pd.DataFrame) -> PerfEnv:
    """The perf env of the profile's first device plane (XProf uses one per profile); a later device
    plane of its kind gives a peak the first one lacks."""
    names = plane_names(planes)
    kind = xs.hardware_type(names)
    if kind == xs.HARDWARE_CPU:
        return PerfEnv(kind, "CPU", 0.0, 0.0, "no device")
    prefix = xs.TPU_PLANE_PREFIX if kind == xs.HARDWARE_TPU else xs.GPU_PLANE_PREFIX
    inputs = _peak_input_rows(planes, lambda name: xs.is_device_plane(name) and name.startswith(prefix), names)
    if len(inputs) == 0:
        return PerfEnv(kind, kind, 0.0, 0.0, "unknown")
    rows = (_peak_row(row) for row in inputs)  # computed as read
    first = next(rows)
    peaks = _first_peaks(itertools.chain([first], rows))
    return PerfEnv(
        hardware_type=kind,
        device_type=str(first["device_type"]) or kind,
        peak_tflops=peaks["peak_tflops"],
        peak_hbm_gibps=peaks["peak_hbm_gibps"],
        peak_source=str(first["peak_source"]),
        vendor=str(first["vendor"]),
        arch=str(first["arch"]),
        peak_sram_gibps=peaks["peak_sram_gibps"],
    )
