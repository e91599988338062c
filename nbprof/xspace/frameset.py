"""``Frames``: one profile's tidy DataFrames (docs/frames.md), what ``nbprof.xspace`` returns.

``nbprof.Profile`` (``nbprof/profile.py``) is a ``Frames`` with the tools as methods; every
layer below it (OpStats, the tools, the trace viewer) only needs the frames.

A ``Frames`` may be *deferred* (``Frames.deferred``): the file was read and checked, the
hosts, HLO protos and errors are known, and the event frames are built the first time one
of ``DEFERRED_FIELDS`` is read. ``memory_viewer`` needs only the HLO protos, so it never
decodes an event.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from nbprof.errors import ProfileError
from nbprof.xspace import metadata_frames
from nbprof.xspace.absent import is_absent
from nbprof.xspace.frames import HostSpace, shifted_source
from nbprof.xspace.origin import time_axis, time_axis_error
from nbprof.xspace.semantics import stat_names, values_in
from nbprof.xspace.stat_values import FLOW_STATS, numeric_values, promoted_rows
from nbprof.xspace.stats_frame import StatsSource
from nbprof.xspace.typed_frame import take_rows

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.xspace.raw import RawPlane
    from nbprof.xspace.summary import ProfileSummary


# Sums of durations (ps, 2^62: 53 days) or counts past this could overflow int64 in the tools.
TIME_SUM_LIMIT_PS = float(2**62)


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
    _stats_sources: list[Any] | Callable[[], list[Any]] = field(default_factory=list)
    """``stats_frame.StatsSource`` pieces, or a function returning them (a reopened cache)."""
    _stats_frame: pd.DataFrame | None = None
    _flows_frame: pd.DataFrame | None = None
    _pending: Any = None
    """For a deferred ``Frames``: a ``FramesBuilder`` whose ``build()`` returns the deferred fields."""
    _lazy_frames: Any = None
    """Where some of ``METADATA_FRAMES`` are not built yet: what builds them (its ``frame(name)``) on first
    read (``metadata_frames.MetadataFrames``, or ``HostFrames`` of a profile of some hosts)."""

    @classmethod
    def deferred(cls, builder: Any, **known: Any) -> Any:
        """A ``cls`` whose ``DEFERRED_FIELDS`` come from ``builder.build()`` on first read.

        ``known`` gives the other fields (defaults where absent), and may give deferred ones too
        (``builder`` None: all of them, built already). ``builder.build()`` returns a dict of the
        deferred fields and must be safe to call more than once (it keeps its result). Where
        ``_lazy_frames`` is given (known or built), the ``METADATA_FRAMES`` it holds are built
        when first read.
        """
        obj = cls.__new__(cls)
        for f in fields(cls):
            if f.name == "_pending":
                continue
            if f.name in known:
                value = known[f.name]
            elif f.name in DEFERRED_FIELDS:
                continue
            elif f.default is not MISSING:
                value = f.default
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                raise TypeError(f"Frames.deferred needs {f.name}")
            setattr(obj, f.name, value)
        obj._pending = builder
        return obj

    def __getattr__(self, name: str) -> Any:
        # Called only for attributes not set: the deferred fields before their first read, the metadata
        # frames before theirs.
        state = self.__dict__
        pending = state.get("_pending")
        if name in DEFERRED_FIELDS and pending is not None:
            state.update(pending.build())
            self._pending = None
            if state.pop("_check_sums_on_build", False):  # asked for before the build (by a tool)
                if getattr(pending, "sums_fit", False):  # passes, told by the build's bound: no column read
                    state["_sums_checked"] = True
                else:
                    self.check_sums()  # its error goes to that tool
            if name in state:
                return state[name]
        lazy = state.get("_lazy_frames")
        if name in METADATA_FRAMES and lazy is not None:
            state[name] = lazy.frame(name)
            return state[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def file_time_offsets_ps(self) -> dict[str, int]:
        """Per host, what nbprof added to the file's own times (ps; ``metadata_frames.file_time_offsets_ps``
        of ``lines``), read without building ``lines`` where it is not built yet."""
        lazy = self.__dict__.get("_lazy_frames")
        offsets = getattr(lazy, "file_time_offsets_ps", None)
        if "lines" not in self.__dict__ and callable(offsets) and self.is_built:
            return offsets()
        return metadata_frames.file_time_offsets_ps(self.lines)

    def stat_metadata_names(self) -> frozenset[object] | None:
        """The stat names ``stat_metadata`` holds (missing ones left out), without building it where
        it is not built yet; None where it is no frame with a ``name`` column (any name may be)."""
        lazy = self.__dict__.get("_lazy_frames")
        if "stat_metadata" not in self.__dict__ and lazy is not None and self.is_built:
            names = lazy.stat_names()
            if names is not None:
                return names
        metadata = self.stat_metadata
        if not isinstance(metadata, pd.DataFrame) or "name" not in metadata.columns:
            return None
        return stat_names(metadata)

    def event_names_on(self, plane_name: str) -> set[str]:
        """Names of the event metadata of the planes called ``plane_name`` (all hosts): from the plane
        headers while the frames are not built (no build), else from ``event_metadata``."""
        pending = self.__dict__.get("_pending")
        hint = getattr(pending, "event_names", None)
        names = hint(plane_name) if callable(hint) else None
        if names is not None:
            return names
        em = self.event_metadata
        if len(em) == 0:
            return set()
        return {str(n) for n in em.loc[(em["plane"].astype(str) == plane_name).to_numpy(), "name"]}

    def plane_headers(self) -> list[RawPlane] | None:
        """Every plane of the files (``raw.RawPlane``: name, lines, event and stat metadata; its events only
        where decoded already) while the event frames are not built: what a tool may tell from the metadata
        before any event is decoded. None once the frames are built."""
        pending = self.__dict__.get("_pending")
        headers = getattr(pending, "plane_headers", None)
        return headers() if callable(headers) else None

    def decoded_hosts(self) -> list[HostSpace] | None:
        """The decoded files (``frames.HostSpace``: host, path, RawSpace) while the event frames are not
        built: for a tool that reads a few events without building them (``frames.select_events``).
        Decoded now where they were not, once (the build reuses them; read them before it). None once
        the frames are built. A tool reading them checks ``sums_fit_unbuilt`` too."""
        pending = self.__dict__.get("_pending")
        decoded = getattr(pending, "decoded_hosts", None)
        return decoded() if callable(decoded) else None

    def sums_fit_unbuilt(self, hosts: list[HostSpace]) -> bool:
        """Whether ``check_sums``, where it was asked for before the build (it runs on the build), passes on
        the events of these decoded files (``decoded_hosts``), told by bounds (``sums_fit``); False where
        that cannot be told without the build (build the frames then: their check raises or passes)."""
        return not self.__dict__.get("_check_sums_on_build") or sums_fit(hosts)

    @property
    def is_built(self) -> bool:
        """False while a deferred ``Frames`` has not built its event frames yet."""
        return self.__dict__.get("_pending") is None

    def _resolved_stats_sources(self) -> list[Any]:
        if callable(self._stats_sources):
            self._stats_sources = self._stats_sources()
        return self._stats_sources

    def _stats_sources_of(self, names: list[str]) -> list[Any]:
        """Stats sources holding at least the stats called ``names``: metadata stats that a load left to
        expand per event on first read are expanded for those names only (``frames._PendingSources``)."""
        named = getattr(self._stats_sources, "named", None)
        return named(names) if callable(named) else self._resolved_stats_sources()

    @property
    def stats(self) -> pd.DataFrame:
        """Every stat of every event in long form: ``event`` (row of ``events``), ``name``,
        ``value`` (int, float, str or bytes; ref values resolved), ``source`` (event/metadata).

        Built on first access (it is large and most tools only need the promoted columns).
        """
        if self._stats_frame is None:
            from nbprof.xspace.stats_frame import build_stats_frame

            self._stats_frame = build_stats_frame(self._resolved_stats_sources())
        return self._stats_frame

    @property
    def flows(self) -> pd.DataFrame:
        """The producer/consumer context stats (``_pt``/``_p``, ``_ct``/``_c``) of the events that carry
        them: ``event`` (row of ``events``), ``producer_type``, ``producer_id``, ``consumer_type``,
        ``consumer_id`` (``Int64``). Built on first access from the decoded stats."""
        if self._flows_frame is None:
            from nbprof.xspace.flows import build_flows

            self._flows_frame = build_flows(self._stats_sources_of(list(FLOW_STATS)))
        return self._flows_frame

    def stats_of(self, rows: np.ndarray, names: list[str]) -> pd.DataFrame:
        """The ``stats`` rows of events ``rows`` and stat ``names`` (same columns and order; ``name``
        and ``source`` as str). Reads the decoded stats directly while ``stats`` is not built."""
        if self._stats_frame is None:
            from nbprof.xspace.stats_frame import select_stats

            return select_stats(self._stats_sources_of(list(names)), rows, list(names))
        st = self._stats_frame
        sel = st[st["event"].isin(rows).to_numpy() & st["name"].isin(names).to_numpy()]
        return pd.DataFrame(
            {
                "event": sel["event"].to_numpy(np.int64),
                "name": sel["name"].astype(str).to_numpy(object),
                "value": sel["value"].to_numpy(object),
                "source": sel["source"].astype(str).to_numpy(object),
            }
        )

    def first_stat_values(self, rows: np.ndarray, names: list[str]) -> dict[str, Any] | None:
        """Per stat name, the value of each event of ``rows`` (event stats win, see
        ``stats_frame.first_stat_values``), read from the decoded stats while ``stats`` is not built;
        None once it is (then ``stats_of`` reads the frame)."""
        if self._stats_frame is not None:
            return None
        from nbprof.xspace.stats_frame import first_stat_values

        return first_stat_values(self._stats_sources_of(list(names)), rows, list(names))

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
        ev = self.events
        timed = ~ev["aggregated"].to_numpy(dtype=bool)
        if not timed.any():
            return 0
        end, start = ev["end_ps"].to_numpy(), ev["start_ps"].to_numpy()
        if not timed.all():  # the timed events' columns only, not a copy of the frame
            end, start = end[timed], start[timed]
        return int(end.max() - start.min())

    def check_time_axis(self) -> None:
        """Raise ProfileError when the events' times cannot all be differenced in int64 ps: the
        span from the earliest start to the latest end passes 2^63 ps (106 days), or an event
        ends before it starts with a non-negative duration.

        Both come from corrupt line timestamps or event offsets whose ps arithmetic wrapped
        around while the frames were built; the tools and repr would overflow on them. Real
        captures span seconds to hours.
        """
        check_time_axis(self.events, self.paths)

    def check_sums(self) -> None:
        """Raise ProfileError when the events' durations (or TPU device durations) add up past 2^62 ps
        (53 days), or their ``num_occurrences`` past 2^62.

        Tools sum durations and counts in int64 (per op, step, category, host); sums past 2^63
        would wrap around silently (numpy) or raise OverflowError. Below 2^62 every such sum,
        and a difference or total of two of them, fits. Real captures stay far below (one hour
        of events nested 1,000 deep add up to 3.6e18 ps, 2^61.6); more means corrupt values.
        On deferred frames the check runs when the event frames are first built. The outcome is
        kept: a failed check raises again on every later call (a tool that caught the first error
        must not go on with the corrupt values).
        """
        if not self.is_built:  # checked when the event frames are built (never building them here)
            self.__dict__["_check_sums_on_build"] = True
            return
        known = self.__dict__.get("_sums_checked")
        if known is not None:
            if isinstance(known, ProfileError):
                raise known
            return
        try:
            self._check_sums_now()
        except ProfileError as exc:
            self.__dict__["_sums_checked"] = exc
            raise
        self.__dict__["_sums_checked"] = True

    def _check_sums_now(self) -> None:
        events = self.events
        total = _abs_sum(events["duration_ps"])
        if "device_duration_ps" in events.columns:  # TPU ops' device times: summed per op like durations
            total = max(total, _abs_sum(events["device_duration_ps"]))
        occurrences = _abs_sum(events["num_occurrences"])
        if total >= TIME_SUM_LIMIT_PS or occurrences >= TIME_SUM_LIMIT_PS:
            what = (
                f"the events' durations add up to {total / 8.64e16:,.0f} days, more than the "
                f"{TIME_SUM_LIMIT_PS / 8.64e16:.0f} days"
                if total >= TIME_SUM_LIMIT_PS
                else f"the events' num_occurrences add up to {occurrences:.3g}, more than the 2^62"
            )
            raise ProfileError(
                f"{what} that nbprof's int64 sums can hold: some values are corrupt",
                path=", ".join(self.paths) or None,
                hint="the trace viewer and the frames still work; for the tools, load the hosts one at a time "
                "(host=...) or recapture",
            )

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
        keep = host_mask(ev, hosts)
        rows = np.flatnonzero(keep)
        new_index = np.full(len(ev), -1, np.int64)
        new_index[rows] = np.arange(len(rows))
        events = rows_of(ev, keep)
        span = (int(rows[0]), int(rows[-1]) + 1) if is_contiguous(rows) else None
        parent = events["parent"].to_numpy()
        if not parents_unchanged(parent, span):
            events["parent"] = np.where(parent >= 0, new_index[np.maximum(parent, 0)], -1)
        kept = KeptRows(len(ev), span) if span is not None else KeptRows(len(ev), None, keep, new_index)
        whole = self._stats_sources
        within = getattr(whole, "within", None)  # metadata stats left to expand when read stay so
        sources: Any = within(*span) if callable(within) and span is not None else None
        if sources is None and callable(getattr(whole, "named", None)):
            sources = HostSources(whole, kept)
        elif sources is None:
            sources = kept.sources(self._resolved_stats_sources())

        data = Frames.deferred(
            None,
            events=events,
            _lazy_frames=HostFrames(self, hosts),
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
        if not self.hlo_protos:
            return self.hlo_protos
        em = self.event_metadata
        if "hlo_proto" not in em.columns or "host" not in em.columns:
            return self.hlo_protos
        protos = em["hlo_proto"].to_numpy(dtype=object)
        rows = np.flatnonzero(host_mask(em, hosts) & pd.notna(protos))  # an array's mask: no Series made
        names = em["name"].to_numpy(dtype=object)[rows].tolist()
        if not all(type(name) is str for name in names):  # as str (a missing name too)
            names = em["name"].take(rows).astype(str).tolist()
        return dict(zip(names, protos[rows].tolist()))

    @classmethod
    def from_frames(cls, frames: Frames) -> Any:
        """An instance of ``cls`` holding the same frames (no copy; what is not built yet stays so)."""
        if type(frames) is cls:
            return frames
        known = {f.name: frames.__dict__[f.name] for f in fields(Frames) if f.name in frames.__dict__}
        return cls.deferred(known.pop("_pending", None), **known)


# Frames that ``_lazy_frames`` builds when first read.
METADATA_FRAMES = frozenset(metadata_frames.METADATA_FRAMES)
# Fields of a deferred ``Frames`` that are built on first read.
DEFERRED_FIELDS = frozenset(
    {
        "events",
        "planes",
        "lines",
        "event_metadata",
        "stat_metadata",
        "origin_ns",
        "origin_source",
        "notes",
        "_stats_sources",
    }
)


def host_mask(frame: pd.DataFrame, hosts: list[str]) -> np.ndarray:
    """Whether each row's ``host`` is one of ``hosts`` (a missing host is none): by category codes
    where the column is categorical, else by comparing the values (no hashing: a few hosts)."""
    column = frame["host"]
    if isinstance(column.dtype, pd.CategoricalDtype):
        return values_in(column, hosts)
    values = column.to_numpy(dtype=object)
    mask = np.zeros(len(values), bool)
    for host in dict.fromkeys(hosts):
        mask |= values == host
    return mask


_SLICES_ARE_VIEWS = int(pd.__version__.split(".")[0]) < 3  # pandas 3 copies on write


def rows_of(frame: pd.DataFrame, mask: np.ndarray) -> pd.DataFrame:
    """The rows of ``frame`` where ``mask``, renumbered from 0; a contiguous run of rows (frames are
    ordered by host) is a slice, shared, not copied; other rows are ``typed_frame.take_rows``'."""
    rows = np.flatnonzero(mask)
    if not is_contiguous(rows):  # other rows: taken (Arrow strings without pyarrow's pandas layer)
        return take_rows(frame, rows, renumber=True)
    part = frame.iloc[int(rows[0]) : int(rows[-1]) + 1]
    if _SLICES_ARE_VIEWS:  # pandas 2 flags a slice: a column later set on it would warn (SettingWithCopyWarning)
        part = part.copy(deep=False)
    part.index = pd.RangeIndex(len(rows))  # the new frame's own index (no copy of its columns, as reset_index makes)
    return part


def is_contiguous(rows: np.ndarray) -> bool:
    """Whether the sorted, distinct row numbers ``rows`` are one run ``rows[0]..rows[-1]`` (not empty)."""
    return bool(len(rows)) and int(rows[-1]) - int(rows[0]) + 1 == len(rows)


def parents_unchanged(parent: np.ndarray, span: tuple[int, int] | None) -> bool:
    """Whether the kept events' ``parent`` rows (-1: none) stay as they are when the kept events are the
    rows ``span`` (start, stop) renumbered from 0: they start at row 0 and every parent is kept."""
    if span is None or span[0] != 0 or parent.dtype != np.int64:
        return False
    return not len(parent) or (int(parent.min()) >= -1 and int(parent.max()) < span[1])


@dataclass
class KeptRows:
    """The events of a whole profile (``n`` rows) that a profile of some of its hosts keeps: the run of rows
    ``span`` (start, stop), or where they are no run (``span`` None), ``keep`` (bool per row) and
    ``new_row`` (each row's number in the kept events, -1 where dropped)."""

    n: int
    span: tuple[int, int] | None
    keep: np.ndarray | None = None
    new_row: np.ndarray | None = None

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(``keep``, ``new_row``), made from ``span`` where not given (kept once made)."""
        if self.keep is None or self.new_row is None:
            start, stop = self.span or (0, 0)
            self.keep = np.zeros(self.n, bool)
            self.keep[start:stop] = True
            self.new_row = np.full(self.n, -1, np.int64)
            self.new_row[start:stop] = np.arange(stop - start)
        return self.keep, self.new_row

    def sources(self, whole: list[StatsSource]) -> list[StatsSource]:
        """The stats sources of the kept events (``host_source`` of each), renumbered; empty ones left out."""
        restricted = (host_source(src, self) for src in whole)
        return [src for src in restricted if src is not None]


def host_source(source: StatsSource, kept: KeptRows) -> StatsSource | None:
    """``source.restricted(keep, new_row)``: the stats of the kept events, renumbered. Where the kept
    events are the rows ``span`` (start, stop) and the source's events lie all inside it or all outside
    it (a source is one plane's, a plane one host's), its stats are shared with their rows shifted, or
    it is dropped, without a pass over each stat column."""
    rows = source.rows
    if kept.span is not None and len(rows):
        start, stop = kept.span
        low, high = int(rows.min()), int(rows.max())
        if high < start or low >= stop:
            return None
        if start <= low and high < stop:
            return shifted_source(source, start)
    return source.restricted(*kept.arrays())


class HostSources:
    """The stats sources of a profile of some hosts while the whole profile's metadata stats wait to be
    expanded per event (``frames._PendingSources``). Called: the whole profile's sources restricted to the
    kept events; ``named(names)``: those holding at least the stats called ``names`` (metadata stats
    expanded for those names only), restricted."""

    def __init__(self, whole: Any, kept: KeptRows) -> None:
        self.whole, self.kept = whole, kept

    def __call__(self) -> list[StatsSource]:
        return self.kept.sources(self.whole())

    def named(self, names: list[str]) -> list[StatsSource]:
        return self.kept.sources(self.whole.named(names))


class HostFrames:
    """The metadata frames of a profile of some hosts: the rows of ``hosts`` of the whole profile's
    frames, each taken when first read (``frame(name)``; the same object after)."""

    def __init__(self, whole: Frames, hosts: list[str]) -> None:
        self.whole, self.hosts = whole, hosts
        self._built: dict[str, pd.DataFrame] = {}

    def frame(self, name: str) -> pd.DataFrame:
        built = self._built.get(name)
        if built is None:
            whole = getattr(self.whole, name)
            built = self._built[name] = rows_of(whole, host_mask(whole, self.hosts)) if "host" in whole else whole
            if len(self._built) == len(METADATA_FRAMES):
                self.whole = None  # type: ignore[assignment]  # all taken: the whole profile is not kept for them
        return built

    def stat_names(self) -> None:
        """None: the names are read from ``stat_metadata`` (these hosts' only)."""
        return None

    def file_time_offsets_ps(self) -> dict[str, int]:
        """``Frames.file_time_offsets_ps`` of these hosts: the whole profile's, of these hosts (a host's
        offset is read from its own lines alone), while their ``lines`` is not taken."""
        if "lines" in self._built or self.whole is None:
            return metadata_frames.file_time_offsets_ps(self.frame("lines"))
        hosts = set(self.hosts)
        return {host: offset for host, offset in self.whole.file_time_offsets_ps().items() if host in hosts}


def check_time_axis(events: pd.DataFrame, paths: list[str]) -> None:
    """``Frames.check_time_axis`` on an events frame (``paths`` name the files in the error)."""
    if len(events) == 0:
        return
    columns = (events[name].to_numpy() for name in ("start_ps", "end_ps", "duration_ps"))
    error = time_axis_error(*time_axis(*columns), paths)
    if error is not None:
        raise error


def sums_fit(hosts: list[HostSpace]) -> bool:
    """Whether ``Frames.check_sums`` passes on the events the build makes of these decoded files, told
    from bounds (largest magnitude x events, as ``_abs_sum``) of the durations, ``num_occurrences`` and
    every ``device_duration_ps`` stat; False where a bound reaches the limit (the exact sums may not)."""
    planes = [plane for hs in hosts for plane in hs.space.planes if len(plane.events)]
    n = sum(len(plane.events) for plane in planes)
    largest = {"duration": 0, "occurrences": 0, "device": 0}
    for plane in planes:
        ev = plane.events
        largest["duration"] = max(largest["duration"], -int(ev.duration_ps.min()), int(ev.duration_ps.max()))
        occurrences = ev.num_occurrences
        largest["occurrences"] = max(largest["occurrences"], -int(occurrences.min()), int(occurrences.max()))
        if not any(name == "device_duration_ps" for name, _ in plane.stat_metadata.values()):
            continue
        for stats in (plane.event_metadata.stats, ev.stats):
            for name, kind, rows in promoted_rows(stats, plane.stat_metadata) if len(stats) else []:
                if name == "device_duration_ps":
                    values, valid = numeric_values(stats, rows, kind)
                    values = values[valid]
                    if len(values):
                        largest["device"] = max(largest["device"], -int(values.min()), int(values.max()))
    return all(float(value) * n < TIME_SUM_LIMIT_PS for value in largest.values())


def _abs_sum(column: pd.Series) -> float:
    """Sum of the absolute values of an integer column (missing values count 0), in float64, or
    just a bound at or above it when that is under ``TIME_SUM_LIMIT_PS`` (max |value| x rows: no
    float copy of the column)."""
    if is_absent(column):
        return 0.0
    plain = isinstance(column.dtype, np.dtype) and column.dtype.kind in "iu"
    values = column.to_numpy() if plain else column.to_numpy(np.float64, na_value=0.0)
    if len(values) == 0:
        return 0.0
    bound = max(abs(float(values.min())), abs(float(values.max()))) * len(values)
    if bound < TIME_SUM_LIMIT_PS:
        return bound
    # in float64 (np.abs of int64 -2^63 stays negative)
    return float(np.abs(values.astype(np.float64, copy=False)).sum())
