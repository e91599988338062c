"""XProf's RunEnvironment: how many hosts, which device, how many device cores.

Built per host as XProf does (its host name is the XSpace's first ``hostnames`` entry, else
``"localhost"``); several hosts are combined in ``combine.py`` (host count = distinct names).
"""

from __future__ import annotations

from dataclasses import dataclass

from nbprof.opstats.perf_env import GPU_KIND_INPUTS, gpu_kind, plane_names, plane_rows, present_columns
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames


@dataclass(frozen=True)
class RunEnvironment:
    """``device_type`` is XProf's: the TPU type string (e.g. ``"TPU v6 lite"``), ``"GPU"`` or
    ``"CPU"``; ``hardware_type`` is ``"TPU"``, ``"GPU"`` or ``"CPU_ONLY"``; ``device_core_count``
    counts device planes (TPU cores or GPUs) over all hosts. ``hosts`` are nbprof's hosts
    (file names), ``hostnames`` the machines' names the files state; XProf's ``host_count``
    counts distinct ``hostnames`` (two processes on one machine are one host)."""

    host_count: int
    hosts: tuple[str, ...]
    hardware_type: str
    device_type: str
    device_core_count: int
    hostnames: tuple[str, ...] = ()


def build_run_env(frames: Frames) -> RunEnvironment:
    """The run environment of a profile from its planes."""
    planes = frames.planes
    names = plane_names(planes)
    kind = xs.hardware_type(names)
    device_type = "CPU"
    if kind == xs.HARDWARE_TPU:
        device_type = "TPU"
        if "device_type_string" in planes.columns:
            tpu = plane_rows(planes, lambda name: name.startswith(xs.TPU_PLANE_PREFIX), ["device_type_string"])
            kinds = [row["device_type_string"] for row in tpu if isinstance(row["device_type_string"], str)]
            if kinds:  # the first that is text (not missing, bytes or a number)
                device_type = kinds[0]
    elif kind == xs.HARDWARE_GPU:
        # The GPU's model as XProf names it ("AMD GPU - gfx942"; "GPU" without a vendor): perf_env.gpu_kind.
        gpu = plane_rows(planes, xs.is_gpu_plane, present_columns(planes, GPU_KIND_INPUTS))
        device_type = gpu_kind(gpu[0]).device_type if gpu else "GPU"
    cores = sum(1 for n in names if xs.is_gpu_plane(n) or xs.is_tpu_plane(n))
    own = getattr(frames, "host_hostnames", {}) or {}
    hostnames = tuple(dict.fromkeys((own.get(h) or ["localhost"])[0] for h in frames.hosts)) or ("localhost",)
    return RunEnvironment(
        host_count=len(frames.hosts),
        hosts=tuple(frames.hosts),
        hardware_type=kind,
        device_type=device_type,
        device_core_count=cores,
        hostnames=hostnames,
    )
