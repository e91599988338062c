"""``OpStats``: what XProf computes once per host before any tool, built once and cached.

XProf converts each host's XSpace into one ``OpStats`` (``xprof/convert/xplane_to_op_stats.cc``),
combines the hosts' OpStats into one (``op_stats_combiner.cc``), and every tool is a converter
from that. nbprof does the same: ``Profile.op_stats(host=h)`` is a host's ``OpStats`` (built
from the frames of that host only), ``Profile.op_stats()`` the profile's: the host's own on a
one-host profile, else a ``CombinedOpStats`` made from the hosts' parts (``combine.py``; it
reads their tables only, so a host's OpStats may be computed elsewhere: ``OpStats.tables()``).
Parts are built on first use and kept:

========================= ==========================================================
``op_metrics_db``         host and device op metrics (``op_metrics_db.py``), one frame
``host_op_db``            its host rows (framework ops on host threads; ``host_ops.py``)
``device_op_db``          its device rows (ops on GPU/TPU planes)
``device_ops``            the device op metrics db with every column the op tools need,
                          one builder for GPU and TPU (``device_ops.py``)
``hlo_costs``             FLOPs and bytes per HLO instruction (``nbprof.hlo.cost``), joined
                          onto GPU ops (empty on TPU, whose op events carry their costs)
``xla_cpu_op_db``         XLA CPU ops on host threads with the same columns (nbprof's
                          CPU-only addition; ``xla_cpu_ops.py``)
``xla_ops``               XLA ops with their HLO details: a view on ``device_ops``, else on
                          ``xla_cpu_op_db`` (``xla_ops.py``)
``kernel_db``             GPU kernel launches by kernel, launch config and op (``kernel_db.py``)
``framework_op_table()``  XProf's framework-op (TF stats) table (``framework_ops.py``;
                          its rows before their frame: ``framework_op_rows()``)
``event_groupings``       every event's step (group) id, XProf's grouping only (``step_db.py``)
``step_db``               the steps, their breakdown, and every event's step (``step_db.py``)
``perf_env``              device vendor, type, peak FLOP rate and bandwidths (``perf_env.py``)
``run_env``               hosts, device type, core count (``run_env.py``)
``duty_cycle``            TPU chips' busy and idle time (``duty_cycle.py``)
``is_training``           whether the HLO shows gradients (XProf's ModelTracker; ``inference.py``)
``inference_sessions``    inference requests / JAX calls and their latency split (``inference.py``)
``hlo_index``             the profile's HLO instructions (``nbprof.hlo.index``)
========================= ==========================================================

``builds`` counts how often each part was built (once, whichever tool asks first); on a
``CombinedOpStats`` it counts the combinations (each host's builds are on its own OpStats).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from nbprof.errors import ProfileError
from nbprof.hlo.cost import COLUMNS as COST_COLUMNS
from nbprof.hlo.cost import module_cost_columns, module_costs
from nbprof.hlo.index import HloIndex, hlo_index
from nbprof.opstats import combine
from nbprof.opstats.combine import OpStatsTables
from nbprof.opstats.device_ops import device_op_keys, device_op_keys_and_events
from nbprof.opstats.duty_cycle import DutyCycle, build_duty_cycle, combine_duty_cycles
from nbprof.opstats.framework_ops import FrameworkOpRows, FrameworkOpTable, build_framework_op_table, framework_op_rows
from nbprof.opstats.host_ops import build_host_op_columns, host_op_frame
from nbprof.opstats.inference import InferenceSessions, build_inference_sessions, is_training
from nbprof.opstats.kernel_db import KernelDb, build_kernel_db
from nbprof.opstats.op_metrics_db import (
    DeviceOpDb,
    build_device_op_db,
    combine_op_metrics_columns,
    combine_op_metrics_dbs,
    op_metrics_frame,
    op_metrics_notes,
)
from nbprof.opstats.perf_env import PerfEnv, build_perf_env, gpu_vendor
from nbprof.opstats.run_env import RunEnvironment, build_run_env
from nbprof.opstats.step_db import EventGroupings, StepDb, build_step_db, group_events
from nbprof.opstats.xla_cpu_ops import XlaCpuOpRows, xla_cpu_op_frame, xla_cpu_op_rows
from nbprof.opstats.xla_ops import XlaOps, build_xla_ops, host_xla_op_rows
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames, rows_of


class OpStats:
    """XProf's OpStats of one host (or of frames holding one host), parts built once on first use.

    Times are int64 ps unless a column name says otherwise; sizes in bytes.
    """

    def __init__(self, frames: Frames, keep_ops_without_hlo: bool = True) -> None:
        """``keep_ops_without_hlo=False``: drop GPU kernels whose HLO instruction the profile's HLO protos
        lack (XLA command buffers run as CUDA graphs, say) from the device ops, their time idle, as
        XProf does; by default nbprof keeps them as ops named by their ``hlo_op`` stat."""
        frames.check_sums()  # int64 ps sums below fit (an NbprofError for corrupt durations)
        self.frames = frames
        self.keep_ops_without_hlo = keep_ops_without_hlo
        self.hosts: list[str] = list(frames.hosts)
        self.builds: Counter[str] = Counter()
        self._framework_tables: dict[bool, FrameworkOpTable] = {}
        self._framework_rows: dict[bool, FrameworkOpRows] = {}
        self._per_host: dict[str, OpStats] = {}
        self._op_metrics_columns: dict[str, np.ndarray] | None = None  # ``op_metrics_db``'s, kept by its builder

    def _built(self, part: str) -> None:
        if self.frames.is_built:  # an error the events' sums gave earlier (kept by the frames) stops every part
            self.frames.check_sums()
        self.builds[part] += 1

    def for_host(self, host: str) -> OpStats:
        """The OpStats of one of this OpStats' hosts: ``self`` when it has only that host, else
        one built (once) from that host's frames."""
        if self.hosts == [host]:
            return self
        if host not in self.hosts:
            raise ProfileError(f"no host {host!r} in this OpStats", hint=f"hosts: {', '.join(self.hosts)}")
        if host not in self._per_host:
            self._per_host[host] = OpStats(self.frames.for_host(host), self.keep_ops_without_hlo)
        return self._per_host[host]

    def tables(self) -> OpStatsTables:
        """The parts a combination of hosts needs, as small tables without the frames (picklable:
        a host's OpStats can be built in another process and its tables shipped back)."""
        step_db = self.step_db
        return OpStatsTables(
            host=self.hosts[0] if len(self.hosts) == 1 else ",".join(self.hosts),
            op_metrics_db=self.op_metrics_db,
            op_metrics_info=self.op_metrics_info,
            step_db=replace(step_db, event_groups=None, file_time_offsets=step_db.file_time_offsets_ps),
            run_env=self.run_env,
            perf_env=self.perf_env,
            xla_ops=self.xla_ops,
            duty_cycle=self.duty_cycle,
            kernel_db=self.kernel_db,
            is_training=self.is_training,
        )

    # ------------------------------------------------------------------ op metrics
    @cached_property
    def _host_op_columns(self) -> tuple[dict[str, np.ndarray] | None, dict[str, Any]]:
        """The host op metrics db's arrays as ``build_host_op_columns`` makes them, and its counts."""
        self._built("host_ops")
        info: dict[str, Any] = {}
        return build_host_op_columns(self.frames, info), info

    @cached_property
    def _host_ops(self) -> tuple[pd.DataFrame, dict[str, Any]]:
        """The host op metrics db as ``build_host_op_db`` makes it, and its counts."""
        columns, info = self._host_op_columns
        return host_op_frame(columns), info

    @cached_property
    def _op_metrics(self) -> tuple[pd.DataFrame | None, dict[str, Any]]:
        """The op metrics db's frame (None: made of ``_op_metrics_columns`` on first read,
        ``op_metrics_db``) and its counts."""
        self._built("op_metrics_db")
        host, host_info = self._host_op_columns  # arrays: the combined db needs no host frame
        info = dict(host_info)
        device = self.device_ops
        info.update(device.info)
        info["notes"] = op_metrics_notes(info, device)
        columns = combine_op_metrics_columns(host, device)
        if columns is None:
            return combine_op_metrics_dbs(self._host_ops[0], device), info
        self._op_metrics_columns = columns
        return None, info

    @cached_property
    def _op_metrics_frame(self) -> pd.DataFrame:
        """``op_metrics_db``: the builder's frame, else one made of its arrays (the framework-op table and
        the overview read the arrays: no frame made for them)."""
        frame = self._op_metrics[0]
        if frame is not None:
            return frame
        assert self._op_metrics_columns is not None  # kept by the builder where it made no frame
        return op_metrics_frame(self._op_metrics_columns)

    @cached_property
    def _plane_names(self) -> list[str]:
        """The names of this host's planes, as text."""
        return [str(name) for name in xs.values_list(self.frames.planes["name"])] if len(self.frames.planes) else []

    @cached_property
    def device_ops(self) -> DeviceOpDb:
        """The device op metrics db, one builder for GPU and TPU (see ``device_ops.py``): one row per
        op and host with program, category, framework op, expression, source, times, FLOPs, bytes."""
        self._built("device_ops")
        if xs.hardware_type(self._plane_names) == xs.HARDWARE_CPU:  # no device plane: an empty db, no HLO to read
            return build_device_op_db(self.frames, HloIndex())
        return build_device_op_db(
            self.frames,
            self.hlo_index,
            hlo_costs=self._hlo_costs_of,
            keep_ops_without_hlo=self.keep_ops_without_hlo,
            event_groups=lambda: self.event_groupings.event_groups,
        )

    @cached_property
    def hlo_costs(self) -> pd.DataFrame:
        """FLOPs and bytes per execution of each HLO instruction of this host's modules, keyed by
        ``(program_id, name)`` (``nbprof.hlo.cost.module_costs``; nbprof's default, which prices the
        legacy ``__cublas$gemm`` calls XProf 2.24.2 leaves at 0). Computed for GPU profiles only: TPU
        op events carry XLA's costs and CPU-only profiles have no device ops. Only the programs that ran
        (a program id some event carries) are analysed: no op joins another program's costs."""
        self._built("hlo_costs")
        if xs.hardware_type(self._plane_names) != xs.HARDWARE_GPU or not self.frames.hlo_protos:
            return pd.DataFrame(columns=COST_COLUMNS)
        ran = pd.unique(self.frames.events["program_id"].to_numpy(np.uint64, na_value=0))
        return self.costs_of([int(p) for p in ran])

    def costs_of(
        self, programs: list[int], fused: bool = True, instructions: dict[int, set[str]] | None = None
    ) -> pd.DataFrame:
        """FLOPs and bytes per execution of the instructions of these programs (``module_costs``; the
        one place costs are computed: a subclass may price them otherwise); ``fused=False`` leaves out
        the rows of instructions inside fusions (what the device ops join needs no such row);
        ``instructions``: only the rows of these (program id -> names)."""
        if not self.frames.hlo_protos:
            return pd.DataFrame(columns=COST_COLUMNS)
        return module_costs(self.frames.hlo_protos, programs=programs, fused=fused, instructions=instructions)

    def _hlo_costs_of(
        self, programs: list[int], instructions: dict[int, set[str]] | None = None
    ) -> pd.DataFrame | dict[str, np.ndarray]:
        """``hlo_costs`` where already made, else the costs of these programs only (the device ops ask
        for the programs whose instructions they found: a profile whose kernels all run in XLA command
        buffers analyses none), the rows of ``instructions`` alone (the ops' program ids and names): as
        ``module_costs``' columns (no frame made; ``module_cost_columns``) unless a subclass prices them
        (``costs_of``)."""
        if "hlo_costs" in self.__dict__:
            return self.hlo_costs
        if type(self).costs_of is not OpStats.costs_of or not self.frames.hlo_protos:
            return self.costs_of(programs, fused=False, instructions=instructions)
        return module_cost_columns(self.frames.hlo_protos, programs=programs, fused=False, instructions=instructions)[0]

    @cached_property
    def xla_cpu_op_db(self) -> pd.DataFrame:
        """XLA CPU ops on host threads, with ``device_ops``' columns (nbprof's CPU-only addition)."""
        return xla_cpu_op_frame(self._xla_cpu_op_columns)

    @cached_property
    def _xla_cpu_op_columns(self) -> dict[str, Any] | None:
        """``xla_cpu_op_db``'s arrays, before its frame (``build_xla_cpu_op_columns``; None: no row)."""
        rows = self._xla_cpu_op_rows
        return rows.db_columns() if rows is not None else None

    @cached_property
    def _xla_cpu_op_rows(self) -> XlaCpuOpRows | None:
        """``xla_cpu_op_db``'s rows before their HLO details (``xla_cpu_op_rows``; None: no row)."""
        self._built("xla_cpu_op_db")
        return xla_cpu_op_rows(self.frames, self.hlo_index)

    @cached_property
    def kernel_db(self) -> KernelDb:
        """GPU kernel launches grouped as XProf's kernel stats db (see ``kernel_db.py``)."""
        self._built("kernel_db")
        device = self.__dict__.get("device_ops")  # built: its GPU events' keys read, not read again
        gpu_events = device.gpu_events if device is not None else None
        op_keys: Callable[[], DeviceOpDb | dict[str, np.ndarray]] = self._device_op_keys
        gpu = xs.hardware_type(self._plane_names) == xs.HARDWARE_GPU
        if device is None and gpu and "kernel_details" in self.frames.events.columns:  # keys and events read once
            keys, gpu_events = device_op_keys_and_events(
                self.frames,
                self.hlo_index,
                keep_ops_without_hlo=self.keep_ops_without_hlo,
                event_groups=lambda: self.event_groupings.event_groups,
            )
            op_keys = functools.partial(dict, keys)  # the keys read
        env = self.__dict__.get("perf_env")  # built: its GPU vendor is the first GPU plane's, as gpu_vendor reads
        vendor = (
            env.vendor if env is not None and env.hardware_type == xs.HARDWARE_GPU else gpu_vendor(self.frames.planes)
        )
        return build_kernel_db(self.frames, op_keys, vendor, self.hlo_index, gpu_events)

    def _device_op_keys(self) -> DeviceOpDb | dict[str, np.ndarray]:
        """The device op db where built, else (GPU) its ``op_keys`` alone (``device_op_keys``)."""
        if "device_ops" in self.__dict__ or xs.hardware_type(self._plane_names) != xs.HARDWARE_GPU:
            return self.device_ops
        return device_op_keys(
            self.frames,
            self.hlo_index,
            keep_ops_without_hlo=self.keep_ops_without_hlo,
            event_groups=lambda: self.event_groupings.event_groups,
        )

    @property
    def op_metrics_db(self) -> pd.DataFrame:
        """Host and device op metrics, one row per op and side and host (see ``op_metrics_db.py``)."""
        return self._op_metrics_frame

    def op_metrics_db_columns(self) -> dict[str, np.ndarray]:
        """``op_metrics_db``'s columns as numpy arrays (``frame[c].to_numpy()``: texts as object arrays):
        the builder's own arrays where it kept them (no text column converts back, no frame made; do not
        write to them), else converted."""
        _ = self._op_metrics  # built once: its arrays kept, or its frame
        if self._op_metrics_columns is not None:
            return self._op_metrics_columns
        db = self.op_metrics_db
        return {c: db[c].to_numpy() for c in db.columns}

    @property
    def op_metrics_notes(self) -> list[str]:
        """Which events the op metrics came from and what could not be attributed."""
        return list(self._op_metrics[1].get("notes", []))

    @property
    def op_metrics_info(self) -> dict[str, Any]:
        """Counts behind ``op_metrics_notes`` (events read, attributed, dropped)."""
        return self._op_metrics[1]

    @cached_property
    def host_op_db(self) -> pd.DataFrame:
        """The host side of ``op_metrics_db`` (framework ops on host threads, plus IDLE). Made from
        the host db alone (the input pipeline needs no device op) unless the combined db exists or
        the host db is empty (whose empty frame takes the combined db's dtypes)."""
        host = self._host_ops[0] if "_op_metrics" not in self.__dict__ else None
        if host is not None and len(host):
            return combine_op_metrics_dbs(host, _NO_DEVICE_OPS)  # the combined db's host rows, same order
        return _side_of(self.op_metrics_db, "Host")

    @property
    def host_op_db_as_built(self) -> pd.DataFrame | None:
        """The host op metrics db as ``build_host_op_db`` makes it (object text columns, its own row order)
        while neither ``host_op_db`` nor ``op_metrics_db`` is made, else None. Its rows are ``host_op_db``'s,
        which sorts them (stably) per host by self time descending, then name: rows tied on those keep one
        order in both."""
        if "host_op_db" in self.__dict__ or "_op_metrics" in self.__dict__:
            return None
        return self._host_ops[0]

    @cached_property
    def device_op_db(self) -> pd.DataFrame:
        """The device side of ``op_metrics_db`` (ops on GPU/TPU planes, plus IDLE)."""
        return _side_of(self.op_metrics_db, "Device")

    def framework_op_table(self, include_idle: bool = True) -> FrameworkOpTable:
        """XProf's framework-op (TF stats) table, with or without the IDLE rows (built once each)."""
        if include_idle not in self._framework_tables:
            self._built("framework_op_table")
            rows = self.framework_op_rows(include_idle)
            self._framework_tables[include_idle] = build_framework_op_table(self, include_idle, rows)
        return self._framework_tables[include_idle]

    def framework_op_rows(self, include_idle: bool = True) -> FrameworkOpRows:
        """``framework_op_table``'s rows before their derived columns and frame (built once each; the
        overview reads these)."""
        if include_idle not in self._framework_rows:
            self._built("framework_op_rows")
            self._framework_rows[include_idle] = framework_op_rows(self, include_idle)
        return self._framework_rows[include_idle]

    @cached_property
    def xla_ops(self) -> XlaOps:
        """XLA ops with HLO details: device ops where there is a device, else XLA CPU ops."""
        self._built("xla_ops")
        device = self.device_ops
        on_device = device.hardware_type in (xs.HARDWARE_TPU, xs.HARDWARE_GPU)
        cpu = self.xla_cpu_op_db if not on_device else None
        return build_xla_ops(device, cpu, self.perf_env, self.hlo_index)

    def host_xla_op_rows(self) -> XlaCpuOpRows | None:
        """``xla_ops``' rows before their HLO details (``xla_ops.host_xla_op_rows``; do not write to their
        arrays) where they are one host's XLA CPU ops, read from their db's (neither frame made); else None
        (device ops, no XLA CPU op, several hosts)."""
        if self.has_device_xla_ops:
            return None
        return host_xla_op_rows(self._xla_cpu_op_rows)

    @property
    def has_device_xla_ops(self) -> bool:
        """Whether ``xla_ops`` are device ops (``source == "device"``), known without building them where
        they are not built: the profile has a TPU or GPU plane."""
        if "xla_ops" in self.__dict__:
            return self.xla_ops.source == "device"
        return xs.hardware_type(self._plane_names) in (xs.HARDWARE_TPU, xs.HARDWARE_GPU)

    # ---------------------------------------------------------------------- steps
    @cached_property
    def event_groupings(self) -> EventGroupings:
        """XProf's grouping of the events into steps (``.event_groups``: the group id of every event)."""
        self._built("event_groupings")
        return group_events(self.frames)

    @cached_property
    def step_db(self) -> StepDb:
        """The steps (``.steps``), notes, and the step id of every event (``.event_groups``)."""
        self._built("step_db")
        return build_step_db(self.frames, self.event_groupings)

    # ----------------------------------------------------------------- environment
    @cached_property
    def perf_env(self) -> PerfEnv:
        """Vendor, type, peak FLOP rate and memory bandwidths of the profile's device."""
        self._built("perf_env")
        return build_perf_env(self.frames.planes)

    @cached_property
    def run_env(self) -> RunEnvironment:
        """Hosts, device type and device core count."""
        self._built("run_env")
        return build_run_env(self.frames)

    @cached_property
    def hlo_index(self) -> HloIndex:
        """The HLO instructions of the profile's modules (from ``/host:metadata``)."""
        self._built("hlo_index")
        return hlo_index(self.frames)

    @cached_property
    def duty_cycle(self) -> DutyCycle:
        """Busy and idle time of the TPU chips (XProf's duty cycle; zero without TPU planes)."""
        self._built("duty_cycle")
        return build_duty_cycle(self.frames)

    @cached_property
    def is_training(self) -> bool:
        """Whether the profile's HLO computes gradients (XProf's run environment ``is_training``)."""
        return is_training(self.hlo_index)

    @cached_property
    def inference_sessions(self) -> InferenceSessions:
        """Inference sessions (request events, else top-level JAX jit calls) and their latency split."""
        self._built("inference_sessions")
        groupings = self.__dict__.get("event_groupings")  # the grouping's edges where it ran (not run for them)
        return build_inference_sessions(self.frames, groupings.whole_frame_edges if groupings is not None else None)


_NO_DEVICE_OPS = DeviceOpDb(pd.DataFrame(), pd.DataFrame(), xs.HARDWARE_CPU)


def _side_of(db: pd.DataFrame, side: str) -> pd.DataFrame:
    """The rows of an op metrics db of one side (``"Host"`` or ``"Device"``)."""
    return rows_of(db, db["host_or_device"].to_numpy(dtype=object) == side)


HostParts = OpStats | OpStatsTables
"""What a combination reads of a host: its OpStats (parts built on demand) or its shipped tables."""


class CombinedOpStats(OpStats):
    """XProf's combined OpStats of several hosts, made from each host's parts (``combine.py``).

    ``host_parts(host)`` gives a host's ``OpStats`` (built on first use, e.g. by
    ``Profile.op_stats(host=...)``) or its ``OpStatsTables``. The combined parts read only those
    parts' tables; ``frames`` (all hosts) serve the tools that read raw events. ``builds``
    counts the combinations; each host's OpStats counts its own builds.
    """

    def __init__(self, frames: Frames, host_parts: Callable[[str], HostParts]) -> None:
        super().__init__(frames)
        self._host_parts = host_parts

    def parts_of(self, host: str) -> HostParts:
        """The parts of one host, as ``host_parts`` gives them."""
        if host not in self.hosts:
            raise ProfileError(f"no host {host!r} in this profile", hint=f"hosts: {', '.join(self.hosts)}")
        return self._host_parts(host)

    def for_host(self, host: str) -> OpStats:
        """One host's own OpStats (its steps all there, not only those every host ran)."""
        parts = self.parts_of(host)
        if isinstance(parts, OpStats):
            return parts
        return super().for_host(host)

    def _all_parts(self) -> list[HostParts]:
        return [self.parts_of(h) for h in self.hosts]

    @cached_property
    def host_op_db(self) -> pd.DataFrame:
        """The host side of the hosts' combined op metrics db: where that db is not made, the hosts' own
        host dbs combined (the same rows in the same order; no host's device ops built), else its rows."""
        parts = self._all_parts()
        hosts = [p for p in parts if isinstance(p, OpStats)]
        if "_op_metrics" in self.__dict__ or len(hosts) < len(parts):
            return _side_of(self.op_metrics_db, "Host")
        built = [p.host_op_db_as_built for p in hosts]
        if all(db is not None and len(db) and db.dtypes.equals(built[0].dtypes) for db in built):
            # stacked as built and typed and sorted once: as each host's host db, combined
            stacked = pd.concat(built, ignore_index=True)
            return _side_of(combine_op_metrics_dbs(stacked, _NO_DEVICE_OPS), "Host")
        host_dbs = [p.host_op_db for p in hosts]
        if all(len(db) for db in host_dbs):  # an empty one: the combined db's dtypes
            return _side_of(combine.combine_op_metric_frames(host_dbs), "Host")
        return _side_of(self.op_metrics_db, "Host")

    @property
    def host_op_db_as_built(self) -> pd.DataFrame | None:
        """None: the hosts' host dbs are combined (``host_op_db``)."""
        return None

    @cached_property
    def _op_metrics(self) -> tuple[pd.DataFrame | None, dict[str, Any]]:
        """The hosts' op metrics dbs combined: as arrays where every host's db is made of arrays (its
        frame made on first read, as ``OpStats._op_metrics``), else as frames."""
        self._built("op_metrics_db")
        infos = [p.op_metrics_info for p in self._all_parts()]  # builds each host's db
        kept = [p._op_metrics_columns if isinstance(p, OpStats) else None for p in self._all_parts()]
        arrays = [c for c in kept if c is not None]
        if arrays and len(arrays) == len(kept):  # every host's db made of arrays: combined as arrays
            self._op_metrics_columns = combine.combine_op_metric_columns(arrays)
            return None, combine.combine_op_metrics_info(self.hosts, infos)
        parts = [(p.op_metrics_db, info) for p, info in zip(self._all_parts(), infos)]
        return combine.combine_op_metrics(self.hosts, parts)

    @cached_property
    def xla_ops(self) -> XlaOps:
        """The hosts' XLA ops merged by (program id, op)."""
        self._built("xla_ops")
        return combine.combine_xla_ops([p.xla_ops for p in self._all_parts()])

    def host_xla_op_rows(self) -> XlaCpuOpRows | None:
        """None: the hosts' XLA ops are combined (``xla_ops``)."""
        return None

    @property
    def has_device_xla_ops(self) -> bool:
        """Whether the combined ``xla_ops`` are device ops (built to know: a host's parts may be tables)."""
        return self.xla_ops.source == "device"

    @cached_property
    def step_db(self) -> StepDb:
        """XProf's step intersection of the hosts' steps (no ``event_groups``: see ``for_host``)."""
        self._built("step_db")
        parts = self._all_parts()
        return combine.combine_step_dbs(
            self.hosts, [p.step_db for p in parts], [p.run_env.hardware_type for p in parts]
        )

    @cached_property
    def perf_env(self) -> PerfEnv:
        """The hosts' perf envs combined as XProf does."""
        self._built("perf_env")
        return combine.combine_perf_envs([p.perf_env for p in self._all_parts()])

    @cached_property
    def run_env(self) -> RunEnvironment:
        """The hosts' run environments combined as XProf does (host count = distinct host names)."""
        self._built("run_env")
        return combine.combine_run_envs([p.run_env for p in self._all_parts()])

    @cached_property
    def duty_cycle(self) -> DutyCycle:
        """The hosts' TPU busy and idle time added up."""
        self._built("duty_cycle")
        parts = [getattr(p, "duty_cycle", None) for p in self._all_parts()]
        return combine_duty_cycles([p for p in parts if p is not None])

    @cached_property
    def kernel_db(self) -> KernelDb:
        """The hosts' GPU kernel stats dbs merged (``combine.combine_kernel_dbs``)."""
        self._built("kernel_db")
        parts = [getattr(p, "kernel_db", None) for p in self._all_parts()]
        return combine.combine_kernel_dbs([p for p in parts if p is not None])

    @cached_property
    def is_training(self) -> bool:
        """Whether any host's HLO computes gradients."""
        return any(bool(getattr(p, "is_training", False)) for p in self._all_parts())
