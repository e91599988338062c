"""``Frames``: one profile's tidy DataFrames (docs/frames.md), what ``nbprof.xspace`` returns.

``nbprof.Profile`` (``nbprof/profile.py``) is a ``Frames`` with the tools as methods; every
layer below it (OpStats, the tools, the trace viewer) only needs the frames.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from nbprof.errors import ProfileError

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.xspace.summary import ProfileSummary


@dataclass(eq=False, repr=False)
class Frames:
    """A profile (one or more hosts of one run) as pandas DataFrames.

    Attributes are described in docs/frames.md. Times are int64 picoseconds since
    ``origin_ns`` (absolute wall-clock ns) unless a column name says otherwise.
    """

    events: pd.DataFrame
    planes: pd.DataFrame
    lines: pd.DataFrame
    event_metadata: pd.DataFrame
    stat_metadata: pd.DataFrame
    origin_ns: int
    origin_source: str
    hosts: list[str]
    paths: list[str]
    run: str | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    hostnames: list[str] = field(default_factory=list)
    hlo_protos: dict[str, bytes] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    host_hostnames: dict[str, list[str]] = field(default_factory=dict)
    """Each host's (file's) own ``XSpace.hostnames``; ``hostnames`` is their union."""
    damaged: str | None = None
    _stats_sources: list[Any] = field(default_factory=list)
    _stats_frame: pd.DataFrame | None = None

    @property
    def stats(self) -> pd.DataFrame:
        """Every stat of every event in long form: ``event`` (row of ``events``), ``name``,
        ``value`` (int, float, str or bytes; ref values resolved), ``source`` (event/metadata).

        Built on first access (it is large and most tools only need the promoted columns).
        """
        if self._stats_frame is None:
            from nbprof.xspace.frames import build_stats_frame

            self._stats_frame = build_stats_frame(self._stats_sources)
        return self._stats_frame

    def event_stats(self, row: int) -> dict[str, Any]:
        """All stats of one event (row of ``events``) as a dict; event stats win over metadata stats."""
        st = self.stats
        lo, hi = st["event"].searchsorted([row, row + 1])
        part = st.iloc[lo:hi]
        out: dict[str, Any] = {}
        for name, value, source in zip(part["name"], part["value"], part["source"]):
            if source == "event" or name not in out:
                out[str(name)] = value
        return out

    @property
    def path(self) -> str:
        """The first source file (see ``paths`` for all)."""
        return self.paths[0] if self.paths else ""

    @property
    def duration_ps(self) -> int:
        """Span from the first timed event's start to the last one's end, in ps (0 when empty)."""
        timed = self.events[~self.events["aggregated"]]
        if len(timed) == 0:
            return 0
        return int(timed["end_ps"].max() - timed["start_ps"].min())

    def summary(self) -> ProfileSummary:
        """The data behind ``nbprof summary``: counts, span, hosts, top events."""
        from nbprof.xspace.summary import summarize

        return summarize(self)

    def for_host(self, host: str) -> Any:
        """The same profile restricted to one host (same origin, frames filtered, same class)."""
        return self.for_hosts([host])

    def for_hosts(self, hosts: list[str]) -> Any:
        """The same profile restricted to some hosts (same origin; event rows renumbered,
        parents remapped; same class as ``self``)."""
        unknown = [h for h in hosts if h not in self.hosts]
        if unknown:
            raise ProfileError(
                f"no host {', '.join(map(repr, unknown))} in this profile", hint=f"hosts: {', '.join(self.hosts)}"
            )
        ev = self.events
        keep = ev["host"].isin(hosts).to_numpy()
        rows = np.flatnonzero(keep)
        new_index = np.full(len(ev), -1, np.int64)
        new_index[rows] = np.arange(len(rows))
        if len(rows) and rows[-1] - rows[0] + 1 == len(rows):
            # events are ordered by host: one host is a contiguous slice, shared, not copied
            events = ev.iloc[int(rows[0]) : int(rows[-1]) + 1].reset_index(drop=True)
        else:
            events = ev.iloc[rows].reset_index(drop=True)
        parent = events["parent"].to_numpy()
        events["parent"] = np.where(parent >= 0, new_index[np.maximum(parent, 0)], -1)
        sources = []
        for ev_rows, st, names, src in self._stats_sources:
            mask = keep[ev_rows]
            if mask.any():
                from nbprof.xspace.frames import _take_stats

                idx = np.flatnonzero(mask)
                sources.append((new_index[ev_rows[idx]], _take_stats(st, idx, new_index[ev_rows[idx]]), names, src))

        def by_host(df: pd.DataFrame) -> pd.DataFrame:
            return df[df["host"].isin(hosts)].reset_index(drop=True) if "host" in df else df

        data = Frames(
            events=events,
            planes=by_host(self.planes),
            lines=by_host(self.lines),
            event_metadata=by_host(self.event_metadata),
            stat_metadata=by_host(self.stat_metadata),
            origin_ns=self.origin_ns,
            origin_source=self.origin_source,
            hosts=[h for h in self.hosts if h in hosts],
            paths=[p for h, p in zip(self.hosts, self.paths) if h in hosts],
            run=self.run,
            errors=self.errors,
            warnings=self.warnings,
            hostnames=(
                list(dict.fromkeys(n for h in hosts for n in self.host_hostnames.get(h, [])))
                if self.host_hostnames
                else self.hostnames
            ),
            hlo_protos=self._hlo_protos_of(hosts),
            notes=self.notes,
            damaged=self.damaged,
            host_hostnames={h: n for h, n in self.host_hostnames.items() if h in hosts},
            _stats_sources=sources,
        )
        return type(self).from_frames(data)

    def _hlo_protos_of(self, hosts: list[str]) -> dict[str, bytes]:
        """The HLO protos the given hosts' files carry, each host's own (two hosts may hold
        different modules under one name; all of them when the metadata does not say)."""
        em = self.event_metadata
        if not self.hlo_protos or "hlo_proto" not in em.columns or "host" not in em.columns:
            return self.hlo_protos
        mine = em[em["host"].isin(hosts).to_numpy() & em["hlo_proto"].notna().to_numpy()]
        return dict(zip(mine["name"].astype(str), mine["hlo_proto"]))

    @classmethod
    def from_frames(cls, frames: Frames) -> Any:
        """An instance of ``cls`` holding the same frames (no copy)."""
        if type(frames) is cls:
            return frames
        return cls(**{f.name: getattr(frames, f.name) for f in fields(Frames)})
