"""One host reduced to what the tools need of it: its OpStats tables and a few small summaries.

``reduce_host(task)`` runs where the host's file is read — a Dask worker, or this process when
hosts are read one after another. It decodes the file into frames, builds the host's
``OpStats`` (XProf's per-host intermediate) and returns only small tables: the events frame
never leaves the function. What comes back (``HostReduction``) is picklable and about the
size of the host's op tables, whatever the size of its file:

* ``tables``: ``OpStats.tables()`` — op metrics, step db, XLA ops, run and perf environments,
  what ``CombinedOpStats`` combines (pod viewer, overview, input pipeline, framework op
  stats, op profile, roofline);
* ``summary``: planes, lines, event counts, time span and the heaviest event names (for
  ``prof.summary()`` and ``prof.host_table``);
* ``memory``: its allocators and the default one's peak (the GPU kernel db travels in the
  OpStats tables, merged by ``CombinedOpStats.kernel_db`` as XProf merges the hosts' dbs).

Times are int64 ps since the host file's own ``origin_ns`` until ``rebased`` puts them on the
pod's common origin. A file that cannot be read gives a ``HostFailure`` (which host, why),
never an exception: one bad host does not lose the others.
"""

from __future__ import annotations

import os
import socket
import time
import warnings
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.opstats import OpStats
from nbprof.opstats.combine import OpStatsTables
from nbprof.pod.plan import HostTask
from nbprof.tools.memory_profile import EVENT_NAMES as MEMORY_EVENT_NAMES
from nbprof.tools.memory_profile import memory_profile
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames
from nbprof.xspace.read import read_frames
from nbprof.xspace.summary import summarize

#: Event names kept per host for the pod's top-events summary (by total and by self time).
TOP_NAMES_PER_HOST = 100


@dataclass(frozen=True)
class HostFailure:
    """A host whose file could not be read or reduced: ``kind`` is the error's class name."""

    task: HostTask
    kind: str
    message: str

    @property
    def host(self) -> str:
        return self.task.host

    def describe(self) -> str:
        """One line: host, file and why (an nbprof error's message names the file already and
        ends with its hint)."""
        text = self.message if self.task.path in self.message else f"{self.task.path}: {self.message}"
        return (
            f"host {self.task.host!r}: "
            + text.replace("\nHint: ", " (hint: ").replace("\n", " ")
            + (")" if "\nHint: " in text else "")
        )


@dataclass(frozen=True)
class HostSummary:
    """What the pod's summary needs of one host (times ps; ``first_ps``/``last_ps`` are the first
    timed event's start and the last one's end, both 0 when the host has no timed event)."""

    planes: pd.DataFrame
    lines: pd.DataFrame
    line_busy: pd.DataFrame
    top_names: pd.DataFrame
    num_events: int
    num_aggregated: int
    has_timed_events: bool
    first_ps: int
    last_ps: int
    hostnames: list[str]
    errors: list[str]
    warnings: list[str]
    notes: list[str]
    damaged: str | None


@dataclass(frozen=True)
class HostMemory:
    """A host's allocators (``memory_ids``) and the default one's summary (bytes, ps)."""

    memory_ids: list[str]
    memory_id: str | None
    num_events: int
    peak_bytes_in_use: int
    peak_time_ps: int
    capacity_bytes: int


@dataclass(frozen=True)
class HostReduction:
    """One host's reduction (see the module docstring); ``read_s``/``reduce_s`` are the seconds
    spent decoding the file and building the tables, ``cpu_s`` the CPU seconds of both (the
    thread's own: on a busy machine it stays what the work costs), ``worker`` where it ran."""

    task: HostTask
    origin_ns: int
    origin_source: str
    tables: OpStatsTables
    summary: HostSummary
    memory: HostMemory | None
    load_warnings: list[str]
    read_s: float
    reduce_s: float
    cpu_s: float
    worker: str
    notes: list[str] = field(default_factory=list)

    @property
    def host(self) -> str:
        return self.task.host

    def rebased(self, origin_ns: int) -> HostReduction:
        """The same reduction with its times on the time axis that starts at ``origin_ns``."""
        delta = (self.origin_ns - origin_ns) * 1000
        if delta == 0:
            return self
        step_db = self.tables.step_db
        step_db = replace(
            step_db,
            steps=step_db.steps.assign(start_ps=step_db.steps["start_ps"].to_numpy(np.int64) + delta),
            file_time_offsets={h: v + delta for h, v in step_db.file_time_offsets_ps.items()},
            analysed=None
            if step_db.analysed is None
            else step_db.analysed.assign(start_ps=step_db.analysed["start_ps"].to_numpy(np.int64) + delta),
        )
        s = self.summary
        lines = s.lines.assign(start_ps=s.lines["start_ps"].to_numpy(np.int64) + delta) if len(s.lines) else s.lines
        shift = delta if s.has_timed_events else 0
        summary = replace(s, lines=lines, first_ps=s.first_ps + shift, last_ps=s.last_ps + shift)
        memory = self.memory
        if memory is not None and memory.memory_id is not None:
            memory = replace(memory, peak_time_ps=memory.peak_time_ps + delta)
        return replace(
            self,
            origin_ns=origin_ns,
            tables=replace(self.tables, step_db=step_db),
            summary=summary,
            memory=memory,
        )


HostResult = HostReduction | HostFailure


def reduce_host(task: HostTask) -> HostResult:
    """Read one host file and reduce it (see the module docstring).

    File problems (missing, corrupt, truncated without ``partial``) give a ``HostFailure``;
    so does an analysis that fails on this host. An ``OSError`` that is not an nbprof error
    (a network file system hiccup) is raised, so that Dask retries the task.
    """
    t0, cpu0 = time.perf_counter(), time.thread_time()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            frames = read_frames(task.path, partial=task.partial)
    except NbprofError as err:
        return HostFailure(task, type(err).__name__, str(err))
    except MemoryError:
        return HostFailure(task, "MemoryError", "out of memory while decoding this host's file")
    t1 = time.perf_counter()
    load_warnings = [str(w.message) for w in caught]
    try:
        return _reduce_frames(task, frames, load_warnings, t1 - t0, t1, cpu0)
    except MemoryError:
        return HostFailure(task, "MemoryError", "out of memory while analysing this host")
    except Exception as err:  # noqa: BLE001 - one host's analysis must not lose the others
        return HostFailure(task, type(err).__name__, f"analysing this host failed: {err}")


def _reduce_frames(
    task: HostTask, frames: Frames, load_warnings: list[str], read_s: float, t1: float, cpu0: float
) -> HostReduction:
    op_stats = OpStats(frames)
    tables = replace(op_stats.tables(), host=task.host)
    notes: list[str] = []
    memory = _optional(lambda: _memory(op_stats), "memory profile", notes)
    summary = _summary(frames)
    return HostReduction(
        task=task,
        origin_ns=int(frames.origin_ns),
        origin_source=frames.origin_source,
        tables=tables,
        summary=summary,
        memory=memory,
        load_warnings=load_warnings,
        read_s=read_s,
        reduce_s=time.perf_counter() - t1,
        cpu_s=time.thread_time() - cpu0,
        worker=f"{socket.gethostname()} pid {os.getpid()}",
        notes=notes,
    )


def _optional(build: Any, what: str, notes: list[str]) -> Any:
    """A part no combined table depends on: its failure becomes a note, not a lost host."""
    try:
        return build()
    except NbprofError as err:
        notes.append(f"{what}: {err}")
    except Exception as err:  # noqa: BLE001
        notes.append(f"{what} failed on this host: {type(err).__name__}: {err}")
    return None


def _memory(op_stats: OpStats) -> HostMemory | None:
    ev = op_stats.frames.events
    is_memory = xs.values_in(ev["name"], list(MEMORY_EVENT_NAMES)) & xs.values_in(ev["plane"], [xs.HOST_PLANE])
    count = int(is_memory.sum())
    if count == 0:
        return None
    result = memory_profile(op_stats)
    s = result.summary
    return HostMemory(
        memory_ids=list(result.memory_ids),
        memory_id=result.memory_id,
        num_events=count,
        peak_bytes_in_use=int(s.get("peak_bytes_in_use", 0)),
        peak_time_ps=int(s.get("peak_time_ps", 0)),
        capacity_bytes=int(s.get("capacity_bytes", 0)),
    )


def _summary(frames: Frames) -> HostSummary:
    s = summarize(frames, top=TOP_NAMES_PER_HOST)
    top = pd.concat([s.top_total, s.top_self], ignore_index=True)
    top = top.assign(name=top["name"].astype(str)).drop_duplicates("name").reset_index(drop=True)
    ev = frames.events
    timed = ~ev["aggregated"].to_numpy(bool)
    has_timed = bool(timed.any())
    first = int(ev["start_ps"].to_numpy()[timed].min()) if has_timed else 0
    last = int(ev["end_ps"].to_numpy()[timed].max()) if has_timed else 0
    return HostSummary(
        planes=frames.planes.copy(),
        lines=frames.lines.copy(),
        line_busy=s.lines.astype({"host": str, "plane": str, "line": str}),
        top_names=top[["name", "count", "total_ps", "self_ps"]],
        num_events=s.num_events,
        num_aggregated=s.num_aggregated,
        has_timed_events=has_timed,
        first_ps=first,
        last_ps=last,
        hostnames=list(frames.hostnames),
        errors=list(frames.errors),
        warnings=list(frames.warnings),
        notes=list(frames.notes),
        damaged=frames.damaged,
    )
