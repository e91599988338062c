"""``OpStats``: what XProf computes once per host before any tool, built once and cached.

XProf converts each host's XSpace into one ``OpStats`` (``xprof/convert/xplane_to_op_stats.cc``)
and every tool is a converter from it. nbprof does the same: a ``Profile`` owns one
``OpStats`` (``Profile.op_stats()``), whose parts are built on first use and kept:

========================= ==========================================================
``op_metrics_db``         host and device op metrics (``op_metrics_db.py``), one frame
``host_op_db``            its host rows (framework ops on host threads)
``device_op_db``          its device rows (ops on GPU/TPU planes)
``xla_ops``               XLA ops with their HLO details: on the device, else the XLA CPU
                          ops on host threads (nbprof's CPU-only addition; ``xla_ops.py``)
``framework_op_table()``  XProf's framework-op (TF stats) table (``framework_ops.py``)
``step_db``               the steps, their breakdown, and every event's step (``step_db.py``)
``perf_env``              peak FLOP rate and bandwidth of the device (``perf_env.py``)
``run_env``               hosts, device type, core count (``run_env.py``)
``hlo_index``             the profile's HLO instructions (``nbprof.hlo.index``)
========================= ==========================================================

``builds`` counts how often each part was built (once, whichever tool asks first).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any

import pandas as pd

from nbprof.hlo.index import HloIndex, hlo_index
from nbprof.opstats.framework_ops import FrameworkOpTable, build_framework_op_table
from nbprof.opstats.op_metrics_db import build_op_metrics_db
from nbprof.opstats.perf_env import PerfEnv, build_perf_env
from nbprof.opstats.run_env import RunEnvironment, build_run_env
from nbprof.opstats.step_db import StepDb, build_step_db
from nbprof.opstats.xla_ops import XlaOps, xla_ops
from nbprof.xspace.frameset import Frames


class OpStats:
    """XProf's OpStats of a profile (its hosts together), parts built once on first use.

    Times are int64 ps unless a column name says otherwise; sizes in bytes.
    """

    def __init__(self, frames: Frames) -> None:
        frames.check_sums()  # int64 ps sums below fit (an NbprofError for corrupt durations)
        self.frames = frames
        self.hosts: list[str] = list(frames.hosts)
        self.builds: Counter[str] = Counter()
        self._framework_tables: dict[bool, FrameworkOpTable] = {}

    def _built(self, part: str) -> None:
        self.builds[part] += 1

    # ------------------------------------------------------------------ op metrics
    @cached_property
    def _op_metrics(self) -> tuple[pd.DataFrame, dict[str, Any]]:
        self._built("op_metrics_db")
        return build_op_metrics_db(self.frames)

    @property
    def op_metrics_db(self) -> pd.DataFrame:
        """Host and device op metrics, one row per op and side and host (see ``op_metrics_db.py``)."""
        return self._op_metrics[0]

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
        """The host side of ``op_metrics_db`` (framework ops on host threads, plus IDLE)."""
        db = self.op_metrics_db
        return db[(db["host_or_device"] == "Host").to_numpy()].reset_index(drop=True)

    @cached_property
    def device_op_db(self) -> pd.DataFrame:
        """The device side of ``op_metrics_db`` (ops on GPU/TPU planes, plus IDLE)."""
        db = self.op_metrics_db
        return db[(db["host_or_device"] == "Device").to_numpy()].reset_index(drop=True)

    def framework_op_table(self, include_idle: bool = True) -> FrameworkOpTable:
        """XProf's framework-op (TF stats) table, with or without the IDLE rows (built once each)."""
        if include_idle not in self._framework_tables:
            self._built("framework_op_table")
            self._framework_tables[include_idle] = build_framework_op_table(self, include_idle)
        return self._framework_tables[include_idle]

    @cached_property
    def xla_ops(self) -> XlaOps:
        """XLA ops with HLO details: device ops where there is a device, else XLA CPU ops."""
        self._built("xla_ops")
        return xla_ops(self.frames)

    # ---------------------------------------------------------------------- steps
    @cached_property
    def step_db(self) -> StepDb:
        """The steps (``.steps``), notes, and the step id of every event (``.event_groups``)."""
        self._built("step_db")
        return build_step_db(self.frames)

    # ----------------------------------------------------------------- environment
    @cached_property
    def perf_env(self) -> PerfEnv:
        """Peak FLOP rate and memory bandwidth of the profile's device."""
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
