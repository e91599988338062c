"""``PodProfile``: a profile of many hosts, each reduced where its file was read, then combined.

``nbprof.load`` returns one when a run is reduced per host (``nbprof/pod/plan.py`` says when).
It is a ``Profile`` whose tools read the combined OpStats (the hosts' tables, as XProf
combines a multi-host session) and never an events frame of all hosts:

* the pod viewer, overview, input pipeline, framework op stats, op profile, roofline, steps
  and ``compare``: from the combined OpStats, the same as one load of all hosts;
* kernel stats: from the combined OpStats' kernel db (the hosts' kernel dbs merged, as XProf merges them);
* the memory profile and memory viewer: one host (``host=``, XProf reads one file), read when
  asked; ``prof.summary()`` and ``prof.host_table``: from per-host summaries;
* ``prof.events`` (and ``stats``, ``event_metadata``, ``stat_metadata``): an
  ``EventsNotLoadedError`` that says how to get one host's (``prof.for_host(h).events``).
  ``for_host(h)`` / ``for_hosts([...])`` read those hosts' files into an ordinary
  ``Profile`` on the pod's time axis: the trace viewer and the tf.data analysis run there.

Times are int64 ps since ``origin_ns`` (the earliest host's, as a load of all hosts).
"""

from __future__ import annotations

import os
import warnings
from collections import OrderedDict
from typing import Any

import pandas as pd

from nbprof.errors import EventsNotLoadedError, NbprofWarning, ProfileError
from nbprof.opstats import OpStats
from nbprof.opstats.op_stats import CombinedOpStats, HostParts
from nbprof.pod.combine import common_origin, host_table, pod_summary
from nbprof.pod.parallel import reduce_hosts
from nbprof.pod.plan import REDUCE_ABOVE_BYTES, REDUCE_ABOVE_HOSTS, LoadPlan
from nbprof.pod.progress import LoadProgress
from nbprof.pod.reduce import HostFailure, HostReduction
from nbprof.profile import Profile
from nbprof.xspace.frameset import Frames
from nbprof.xspace.read import read_frames
from nbprof.xspace.summary import ProfileSummary

#: Hosts read on demand (``for_host``) that a PodProfile keeps in memory, most recent first.
KEEP_READ_HOSTS = 2


class PodOpStats(CombinedOpStats):
    """The pod's combined OpStats: the hosts' tables; a host's own OpStats reads its file."""

    def for_host(self, host: str) -> OpStats:
        return self.frames.op_stats(host=host)  # type: ignore[attr-defined, no-any-return]


def load_pod(
    plan: LoadPlan,
    *,
    client: Any = None,
    workers: int | None = None,
    progress: bool | str | None | LoadProgress = None,
) -> PodProfile:
    """Reduce every host of ``plan`` (in parallel where Dask is installed) and combine them.

    A host that cannot be read is left out with a warning and listed in ``prof.errors`` and
    ``prof.host_table``; ``ProfileError`` when no host could be read.
    """
    results, where = reduce_hosts(plan.tasks, client=client, workers=workers, progress=progress)
    reductions = [r for r in results if isinstance(r, HostReduction)]
    failures = [r for r in results if isinstance(r, HostFailure)]
    if client is not None:
        failures = [_with_cluster_hint(f) for f in failures]
    if not reductions:
        shown = "; ".join(f.describe() for f in failures[:3]) + ("; ..." if len(failures) > 3 else "")
        raise ProfileError(
            f"none of the {len(failures)} host files could be read ({shown})",
            path=plan.path,
            hint="check the files with nbprof.runs(path) and load one with nbprof.load(path, host=...)",
        )
    for f in failures:
        warnings.warn(
            f"nbprof: {f.describe()}; the other hosts are loaded (prof.host_table)", NbprofWarning, stacklevel=3
        )
    for r in reductions:
        for message in r.load_warnings:
            warnings.warn(f"nbprof: host {r.host!r}: {message}", NbprofWarning, stacklevel=3)
    return PodProfile.combine(plan, reductions, failures, where)


def _with_cluster_hint(failure: HostFailure) -> HostFailure:
    if "no such file" not in failure.message.lower() or "://" in failure.task.path:
        return failure
    hint = " (the Dask workers read the files themselves: give a path every worker can reach, e.g. gs://...)"
    return HostFailure(failure.task, failure.kind, failure.message + hint)


class PodProfile(Profile):
    """A profile of many hosts reduced per host (see the module docstring).

    Beyond ``Profile``: ``host_table`` (one row per host file, failed ones included),
    ``failed_hosts`` (host -> why), ``computed_on`` (where the hosts were reduced).
    """

    _plan: LoadPlan
    _reductions: dict[str, HostReduction]
    _failures: list[HostFailure]
    _read_hosts: OrderedDict[str, Profile]
    computed_on: str

    @classmethod
    def combine(
        cls, plan: LoadPlan, reductions: list[HostReduction], failures: list[HostFailure], where: str
    ) -> PodProfile:
        """The pod of these hosts' reductions (times moved to the earliest host's origin)."""
        origin_ns, origin_source = common_origin(reductions)
        reductions = [r.rebased(origin_ns) for r in reductions]
        summaries = [r.summary for r in reductions]
        errors = [f"host {r.host!r}: {e}" for r in reductions for e in r.summary.errors]
        errors += [f.describe() for f in failures]
        notes = [
            f"{len(reductions)} of {len(reductions) + len(failures)} hosts reduced one by one ({where}) and combined "
            "from their OpStats tables: there is no events frame of all hosts (prof.for_host(h).events reads one)"
        ]
        notes += [f"host {r.host!r}: {n}" for r in reductions for n in [*r.summary.notes, *r.notes]]
        damaged = [f"{r.task.path}: {r.summary.damaged}" for r in reductions if r.summary.damaged]
        prof = cls(
            events=None,  # type: ignore[arg-type]
            planes=_concat([s.planes for s in summaries]),
            lines=_concat([s.lines for s in summaries]),
            event_metadata=None,  # type: ignore[arg-type]
            stat_metadata=None,  # type: ignore[arg-type]
            origin_ns=origin_ns,
            origin_source=origin_source,
            hosts=[r.host for r in reductions],
            paths=[r.task.path for r in reductions],
            run=plan.run,
            errors=errors,
            warnings=[f"host {r.host!r}: {w}" for r in reductions for w in r.summary.warnings],
            hostnames=list(dict.fromkeys(h for s in summaries for h in s.hostnames)),
            notes=notes,
            host_hostnames={r.host: list(r.summary.hostnames) for r in reductions},
            damaged="; ".join(damaged) or None,
        )
        prof._plan = plan
        prof._reductions = {r.host: r for r in reductions}
        prof._failures = list(failures)
        prof._read_hosts = OrderedDict()
        prof.computed_on = where
        return prof

    # ------------------------------------------------------------- what is not in memory
    def _not_loaded(self, what: str) -> EventsNotLoadedError:
        first = self.hosts[0] if self.hosts else "HOST"
        return EventsNotLoadedError(
            f"this profile of {len(self.hosts)} hosts was reduced host by host (nbprof.load(..., reduce_hosts=True); "
            f"the default above {REDUCE_ABOVE_HOSTS} hosts or {REDUCE_ABOVE_BYTES >> 30} GiB of files), so there is "
            f"no {what} frame of all hosts in memory",
            path=self._plan.path,
            hint=f"one host's: prof.for_host({first!r}).{what}; a few hosts in one frame: "
            f"prof.for_hosts([...]).{what}; every host in one frame (memory for all their events): "
            "nbprof.load(path, reduce_hosts=False)",
        )

    def check_sums(self) -> None:
        """Nothing to check here: each host's events were checked where that host was reduced."""

    @property  # type: ignore[override]
    def events(self) -> pd.DataFrame:
        raise self._not_loaded("events")

    @events.setter
    def events(self, value: Any) -> None:
        pass  # a pod keeps no events frame of all hosts

    @property  # type: ignore[override]
    def event_metadata(self) -> pd.DataFrame:
        raise self._not_loaded("event_metadata")

    @event_metadata.setter
    def event_metadata(self, value: Any) -> None:
        pass

    @property  # type: ignore[override]
    def stat_metadata(self) -> pd.DataFrame:
        raise self._not_loaded("stat_metadata")

    @stat_metadata.setter
    def stat_metadata(self, value: Any) -> None:
        pass

    @property
    def stats(self) -> pd.DataFrame:
        raise self._not_loaded("stats")

    def event_stats(self, row: int) -> dict[str, Any]:
        raise self._not_loaded("event_stats(row)")

    # ------------------------------------------------------------------ pod facts
    @property
    def duration_ps(self) -> int:
        """Span from the first timed event's start to the last one's end over all hosts (ps)."""
        timed = [r.summary for r in self._reductions.values() if r.summary.has_timed_events]
        return max(s.last_ps for s in timed) - min(s.first_ps for s in timed) if timed else 0

    @property
    def host_table(self) -> pd.DataFrame:
        """One row per host file of the run, failed ones included (``nbprof.pod.combine.host_table``)."""
        order = [t.host for t in self._plan.tasks]
        return host_table(list(self._reductions.values()), self._failures, order)

    @property
    def failed_hosts(self) -> dict[str, str]:
        """Host -> why its file could not be read or reduced."""
        return {f.host: f.describe() for f in self._failures}

    def summary(self) -> ProfileSummary:
        """Counts, span and top events over all hosts (from each host's summary)."""
        return pod_summary(
            list(self._reductions.values()),
            run=self.run,
            origin_ns=self.origin_ns,
            origin_source=self.origin_source,
            errors=self.errors,
            warnings=self.warnings,
            notes=self.notes,
        )

    def __repr__(self) -> str:
        planes = ", ".join(dict.fromkeys(self.planes["name"].astype(str))) if len(self.planes) else "-"
        run = f" run={self.run!r}" if self.run else ""
        failed = f" failed={len(self._failures)}" if self._failures else ""
        events = sum(r.summary.num_events for r in self._reductions.values())
        return (
            f"<nbprof.Profile{run} hosts={len(self.hosts)} (reduced per host){failed} planes=[{planes}] "
            f"lines={len(self.lines)} events={events:,} span={self.duration_ps / 1e9:,.3f} ms>"
        )

    # ------------------------------------------------------------------ OpStats
    def op_stats(self, host: str | None = None) -> OpStats:
        """The combined OpStats of the hosts' tables; with ``host``, that host's own OpStats
        (its file is read: ``for_host``)."""
        if host is not None:
            return self.for_host(host).op_stats()
        if self._op_stats is None:
            self._op_stats = PodOpStats(self, self._host_tables)
        return self._op_stats

    def _host_tables(self, host: str) -> HostParts:
        return self._reductions[host].tables

    # -------------------------------------------------------- hosts read on demand
    def _check_host(self, host: str) -> None:
        failed = self.failed_hosts
        if host in failed:
            raise ProfileError(f"this host could not be read: {failed[host]}", path=self._plan.path)
        if host not in self._reductions:
            raise ProfileError(f"no host {host!r} in this profile", hint=f"hosts: {_few(self.hosts)}")

    def for_host(self, host: str) -> Profile:
        """One host's profile, its file read now (kept for the last ``KEEP_READ_HOSTS`` hosts),
        on the pod's time axis: ``prof.for_host(h).events``, ``.trace()``."""
        self._check_host(host)
        if host in self._read_hosts:
            self._read_hosts.move_to_end(host)
            return self._read_hosts[host]
        task = self._reductions[host].task
        prof = self._on_pod_axis(read_frames(task.path, partial=task.partial))
        self._read_hosts[host] = prof
        while len(self._read_hosts) > KEEP_READ_HOSTS:
            self._read_hosts.popitem(last=False)
        return prof

    def for_hosts(self, hosts: list[str]) -> Profile:
        """Some hosts' profile in one events frame, their files read now, on the pod's time axis."""
        hosts = list(dict.fromkeys(hosts))
        for h in hosts:
            self._check_host(h)
        if len(hosts) == 1:
            return self.for_host(hosts[0])
        partial = any(self._reductions[h].task.partial for h in hosts)
        return self._on_pod_axis(read_frames(self._plan.run_dir, host=hosts, partial=partial))

    def _on_pod_axis(self, frames: Frames) -> Profile:
        """Frames read from some hosts' files with their times moved to the pod's origin."""
        delta = (int(frames.origin_ns) - int(self.origin_ns)) * 1000
        if delta:
            for frame, columns in ((frames.events, ("start_ps", "end_ps")), (frames.lines, ("start_ps",))):
                for column in columns:
                    if column in frame:
                        frame[column] = frame[column].to_numpy() + delta
        frames.origin_ns = self.origin_ns
        frames.origin_source = self.origin_source
        frames.run = self.run
        return Profile.from_frames(frames)

    # ------------------------------------------------------------ tools on events
    def memory_profile(self, memory_id: str | None = None, host: str | None = None) -> Any:
        """One host's memory profile (default: the first host with allocator events), its file
        read now; XProf's memory profile reads one file."""
        with_memory = [r.host for r in self._reductions.values() if r.memory is not None]
        if host is None:
            if not with_memory:
                from nbprof.tools.memory_profile import _empty

                # the tool's own answer for a profile without allocator events (no host file read)
                return _empty(
                    "no memory profile data: the profile has no MemoryAllocation/MemoryDeallocation events on "
                    "/host:CPU (TensorFlow writes them when profiling with memory tracking; JAX on CPU does not)"
                )
            host = with_memory[0]
        result = self.for_host(host).memory_profile(memory_id=memory_id)
        result.notes.append(
            f"host {host!r} of {len(self.hosts)} (with allocator events: {_few(with_memory)}); XProf's memory "
            "profile reads one file only; pass host= for another"
        )
        return result

    def memory_viewer(self, module: str | None = None, host: str | None = None, **options: Any) -> Any:
        """The buffer assignment of an HLO module of one host (default: the first), its file read now."""
        result = self.for_host(host or self.hosts[0]).memory_viewer(module=module, **options)
        notes = getattr(result, "notes", None)
        if isinstance(notes, list):
            notes.append(f"HLO modules of host {host or self.hosts[0]!r}; pass host= for another")
        return result

    def tf_data_bottleneck(self, hosts: list[str] | None = None) -> Any:
        """The tf.data analysis of some hosts (it reads their iterator events): ``hosts`` required."""
        return self._on_hosts("tf_data_bottleneck", hosts).tf_data_bottleneck()

    def trace(self, hosts: list[str] | None = None, **options: Any) -> Any:
        """The trace viewer of some hosts (their files are read): ``hosts`` required."""
        return self._on_hosts("trace", hosts).trace(**options)

    def to_chrome_trace(self, path: str | os.PathLike[str], hosts: list[str] | None = None) -> Any:
        """Chrome trace JSON of some hosts (their files are read): ``hosts`` required."""
        return self._on_hosts("to_chrome_trace", hosts).to_chrome_trace(path)

    def to_html(self, path: str | os.PathLike[str], hosts: list[str] | None = None) -> Any:
        """One offline HTML file with the views of all hosts combined (and of ``hosts``, each read now)."""
        from nbprof.widgets.app import ALL_HOSTS
        from nbprof.widgets.html_export import to_html

        return to_html(self, os.fspath(path), hosts=[ALL_HOSTS, *(hosts or [])])

    def _on_hosts(self, what: str, hosts: list[str] | None) -> Profile:
        if not hosts:
            raise EventsNotLoadedError(
                f"{what} reads raw events, and this profile of {len(self.hosts)} hosts was reduced host by host",
                path=self._plan.path,
                hint=f"name the hosts to read: prof.{what}(hosts=[{self.hosts[0]!r}]) (hosts: {_few(self.hosts)})",
            )
        return self.for_hosts(list(hosts))


def _concat(frames: list[pd.DataFrame]) -> pd.DataFrame:
    frames = [f for f in frames if len(f)]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def _few(names: list[str], limit: int = 8) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f", ... ({len(names)} in all)" if len(names) > limit else "")
