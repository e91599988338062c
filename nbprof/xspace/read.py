"""Reading profiles: a file, run directory or logdir -> ``Frames`` (``nbprof.load`` wraps it).

A load reads each host file once and checks its structure (clear errors before anything
else). Then:

- with the compiled decoder (``decode_native``): every byte is checked and each plane's
  metadata is parsed, but no event is decoded yet (files under ``DECODE_AT_LOAD_BYTES``: the events
  are decoded in the same pass). The returned ``Frames`` is deferred:
  hosts, errors and HLO protos are there at once, the event frames are built on first read
  (one more pass over the bytes) and then written to the cache (``cache.py``);
- without it: the pure-Python decoder decodes and builds everything at once.

A profile read before, unchanged, reopens from the cache instead (memory-mapped columns).
"""

from __future__ import annotations

import ctypes
import os
import sys
import warnings
from dataclasses import dataclass
from typing import Any

from nbprof.errors import NbprofMemoryError, ProfileError
from nbprof.units import format_bytes
from nbprof.xspace import cache as _cache
from nbprof.xspace import decode_native, files
from nbprof.xspace.decode import check_structure, decode_space, decoder_name
from nbprof.xspace.frames import HostSpace, build_frames
from nbprof.xspace.frameset import TIME_SUM_LIMIT_PS, Frames
from nbprof.xspace.metadata_frames import METADATA_FRAMES, METADATA_PLANE, hlo_protos_of
from nbprof.xspace.origin import time_axis_error
from nbprof.xspace.raw import RawPlane, RawSpace


def read_frames(
    path: str | os.PathLike[str],
    *,
    run: str | None = None,
    host: str | list[str] | None = None,
    partial: bool = False,
    cache: bool | None = None,
) -> Frames:
    """Read a profile into ``Frames``: the part of ``nbprof.load`` (``nbprof/loading.py``, whose
    docstring describes every parameter) that builds one events frame of the chosen hosts.
    ``cache=None``: on for profiles of 4 MiB of files or more (``cache.MIN_CACHED_BYTES``) unless the
    environment sets ``NBPROF_CACHE=0``; ``cache=True``: on for any size. Raises ``ProfileError``
    naming the file, with a hint.
    """
    text = os.fspath(path)
    fs, found, kind = files.discover(text)
    chosen = files.select(fs, found, kind, run, host, text)
    return read_chosen(fs, chosen, kind, partial=partial, cache=cache)


def read_chosen(
    fs: files.FileSystem, chosen: list[files.HostFile], kind: str, *, partial: bool = False, cache: bool | None = None
) -> Frames:
    """``read_frames`` of host files found already (``files.discover`` and ``files.select``: a path
    of ``kind``)."""
    run_name = chosen[0].run if chosen and kind in ("logdir", "run") else None
    min_bytes = 0 if cache else _cache.MIN_CACHED_BYTES  # cache=True: any size; the default: big profiles
    entry = _cache.entry_for(fs, chosen, partial, min_bytes) if _cache.enabled(cache) else None
    if entry is not None:
        reopened = entry.load()
        if reopened is not None:
            reopened.run = run_name
            return reopened
    hosts = [_read_host(fs, hf, partial) for hf in chosen]
    known: dict[str, Any] = {
        "hosts": [h.host for h in hosts],
        "paths": [h.path for h in hosts],
        "run": run_name,
        "errors": [e for h in hosts for e in h.errors],
        "warnings": [w for h in hosts for w in h.warnings],
        "hostnames": list(dict.fromkeys(n for h in hosts for n in h.hostnames)),
        "host_hostnames": {h.host: list(h.hostnames) for h in hosts},
        "hlo_protos": {name: proto for h in hosts for name, proto in h.hlo_protos.items()},
        "damaged": "; ".join(f"{h.path}: {h.damage}" for h in hosts if h.damage) or None,
    }
    builder = FramesBuilder(hosts, entry, known)
    if all(h.summaries is not None for h in hosts):
        return Frames.deferred(builder, **known)
    return Frames.deferred(None, **known, **builder.build())


@dataclass
class _HostRead:
    """One host file, read and checked; decoded lazily where the compiled decoder can."""

    host: str
    path: str
    data: bytes | None
    damage: str | None
    errors: list[str]
    warnings: list[str]
    hostnames: list[str]
    hlo_protos: dict[str, bytes]
    summaries: list[decode_native.PlaneSummary] | None  # None: decoded already (``space``)
    space: RawSpace | None = None
    size: int = 0  # bytes of the file read

    def planes(self) -> list[RawPlane] | None:
        """This host's planes (headers: name, lines, metadata; events where decoded already); None once the
        space was handed over."""
        if self.summaries is not None:
            return [s.plane for s in self.summaries]
        return self.space.planes if self.space is not None else None

    def event_names(self, plane_name: str) -> set[str] | None:
        """Names of the event metadata of this host's planes called ``plane_name``, read from the plane
        headers before the events are decoded; None once the space was handed over."""
        planes = self.planes()
        if planes is None:
            return None
        return {name for plane in planes if plane.name == plane_name for name in plane.event_metadata.name}

    def decoded(self) -> RawSpace:
        """The RawSpace (decoding now where it was deferred), handed over; the bytes are released."""
        self.decode()
        space, self.space = self.space, None
        assert space is not None
        return space

    def decode(self) -> RawSpace:
        """The RawSpace, decoded now where it was deferred and kept (``decoded`` hands it over); the bytes
        are released."""
        if self.space is None:
            self.space = decode_space(self.data or b"", self.path, summaries=self.summaries)
            self.space.damage = self.damage
        self.data = self.summaries = None
        return self.space


def _read_host(fs: files.FileSystem, hf: files.HostFile, partial: bool) -> _HostRead:
    try:
        return _check_and_summarize(fs, hf, partial)
    except ProfileError as exc:  # a file seconds old that does not decode may still be being written
        raise files.still_being_written(exc, fs, hf.path) from None


def _check_and_summarize(fs: files.FileSystem, hf: files.HostFile, partial: bool) -> _HostRead:
    data = fs.read_bytes(hf.path)
    data, damage = check_structure(data, hf.path, partial=partial)
    if damage:
        warnings.warn(f"nbprof: {hf.path}: {damage}; loaded the whole planes only", stacklevel=4)
    if decoder_name() == "native":
        decode_now = len(data) <= DECODE_AT_LOAD_BYTES
        summaries, errors, warns, hostnames = decode_native.summarize_space(data, hf.path, decode_now)
        hlo: dict[str, bytes] = {}
        for s in summaries:
            if s.plane.name == METADATA_PLANE:
                hlo.update(hlo_protos_of(s.plane.event_metadata, s.plane.stat_metadata))
        return _HostRead(hf.host, hf.path, data, damage, errors, warns, hostnames, hlo, summaries, size=len(data))
    space = decode_space(data, hf.path)
    space.damage = damage
    hlo = {}
    for plane in space.planes:
        if plane.name == METADATA_PLANE:
            hlo.update(hlo_protos_of(plane.event_metadata, plane.stat_metadata))
    return _HostRead(
        hf.host, hf.path, None, damage, space.errors, space.warnings, space.hostnames, hlo, None, space, len(data)
    )


# Files up to this size have their events decoded in the pass that checks them (one pass over the bytes
# instead of a check now and a decode when the events are first read): nearly every tool reads the events
# of a small profile. Bigger ones decode when first read (memory_viewer never does).
DECODE_AT_LOAD_BYTES = 4 << 20


class FramesBuilder:
    """Builds the deferred fields of a ``Frames`` once (and writes them to the cache)."""

    def __init__(self, hosts: list[_HostRead], entry: _cache.CacheEntry | None, known: dict[str, Any]) -> None:
        self._hosts: list[_HostRead] | None = hosts
        self._entry = entry
        self._known = known
        self._built: dict[str, Any] | None = None
        self._time_axis = (0, 0)  # ``BuiltFrames.time_axis`` once built
        self.sums_fit = False
        """Once built: whether ``Frames.check_sums`` passes on the built events, told by the build's bound
        (``BuiltFrames.sums_bound``); False where the bound cannot tell (the check reads the frame then)."""

    def event_names(self, plane_name: str) -> set[str] | None:
        """Event metadata names on the planes called ``plane_name`` of every host, without building the
        frames; None when they are no longer at hand (built already)."""
        if self._hosts is None or self._built is not None:
            return None
        names: set[str] = set()
        for host in self._hosts:
            mine = host.event_names(plane_name)
            if mine is None:
                return None
            names |= mine
        return names

    def plane_headers(self) -> list[RawPlane] | None:
        """Every host's planes (``_HostRead.planes``) before the build; None once built."""
        if self._hosts is None or self._built is not None:
            return None
        planes = [h.planes() for h in self._hosts]
        return None if any(p is None for p in planes) else [plane for p in planes for plane in p or []]

    def decoded_hosts(self) -> list[HostSpace] | None:
        """The decoded files (one ``HostSpace`` each) before the build, decoded now where they were not
        and kept for the build (which consumes them: read them before it); None once built, and for a
        profile to be cached (its build writes the frames for the next load)."""
        if self._hosts is None or self._built is not None or self._entry is not None:
            return None
        try:
            return [HostSpace(h.host, h.path, h.decode()) for h in self._hosts]
        except MemoryError as exc:
            if isinstance(exc, NbprofMemoryError):
                raise
            raise load_memory_error(", ".join(self._known["paths"])) from None

    def build(self) -> dict[str, Any]:
        """The deferred fields (``_lazy_frames`` in place of the metadata frames where they are not
        cached); a ProfileError (on every call) when the events' times wrapped int64."""
        if self._built is not None:
            self._check_time_axis()
            return self._built
        try:
            self._built = self._build()
        except MemoryError as exc:
            if isinstance(exc, NbprofMemoryError):
                raise
            raise load_memory_error(", ".join(self._known["paths"])) from None
        self._check_time_axis()  # never cached, never garbage times
        if self._entry is not None:  # the cache holds every frame: built now, not in the writer's thread
            metadata = self._built.pop("_lazy_frames")
            self._built.update({name: metadata.frame(name) for name in METADATA_FRAMES})
            _cache.save_in_background(self._entry, {**self._known, **self._built})
        return self._built

    def _check_time_axis(self) -> None:
        """``Frames.check_time_axis`` of the built events, told by the build (``BuiltFrames.time_axis``)."""
        error = time_axis_error(*self._time_axis, self._known["paths"])
        if error is not None:
            raise error

    def _build(self) -> dict[str, Any]:
        hosts = self._hosts or []
        file_bytes = sum(h.size for h in hosts)
        spaces = [HostSpace(h.host, h.path, h.decoded()) for h in hosts]
        built = build_frames(spaces)
        del spaces
        self._hosts = None
        self._time_axis = built.time_axis
        self.sums_fit = built.sums_bound < TIME_SUM_LIMIT_PS
        notes = list(built.notes)
        if "relative; no Task Environment" in built.origin_source:
            notes.append(
                "line timestamps are relative and there is no Task Environment plane: times are relative "
                "to the profiler session, not wall-clock"
            )
        if built.num_aggregated:  # counted by the build: no Series made of the column
            notes.append(
                f"{built.num_aggregated:,} aggregated events (num_occurrences, no start time) "
                "are kept with aggregated=True and start_ps at their line's start"
            )
        out = {
            "events": built.events,
            "_lazy_frames": built.metadata,  # the metadata frames: built when first read
            "origin_ns": built.origin_ns,
            "origin_source": built.origin_source,
            "notes": notes,
            "_stats_sources": built.stats_sources,
        }
        del built
        if file_bytes >= TRIM_AFTER_BYTES:
            _return_freed_memory()
        return out


# Memory over the .xplane.pb size while loading (benchmarks/tool_memory.py on jax_large, 1.18M events:
# peak 10.4x).
LOAD_MEMORY_FACTOR = 11


def available_memory() -> str:
    """``"; N GiB available now"`` from /proc/meminfo (Linux), else ``""``."""
    try:
        with open("/proc/meminfo") as f:
            kib = next(int(line.split()[1]) for line in f if line.startswith("MemAvailable:"))
    except (OSError, StopIteration, ValueError, IndexError):
        return ""
    return f"; {format_bytes(kib * 1024)} available now"


def load_memory_error(where: str) -> NbprofMemoryError:
    """The error for running out of memory while loading ``where`` (files or a path): what it needs."""
    return NbprofMemoryError(
        f"loading {where} ran out of memory: a profile needs about {LOAD_MEMORY_FACTOR}x the size "
        f"of its .xplane.pb files while it loads{available_memory()}. Load one host at a time (host=...; "
        "nbprof.runs(path) lists them), or use a machine with more memory."
    )


# Loads of files this big hand their freed heap back to the OS; a smaller one frees a few MiB (gpu_v100,
# 3 MB: 0.6 MiB a load), which the trim (0.5 ms there) would only hand back for the next allocations to fault in.
TRIM_AFTER_BYTES = 8 << 20


def _return_freed_memory() -> None:
    """Hand the heap pages freed while decoding and building back to the OS (glibc's malloc_trim).

    A load frees tens of MB of decoder arrays and protobuf objects; glibc keeps most of it
    for reuse, so the process would stay that much bigger (jax_large: about 20 MiB of 250).
    A no-op where there is no glibc.
    """
    global _malloc_trim
    if _malloc_trim is None:
        _malloc_trim = False
        if sys.platform.startswith("linux"):
            try:
                _malloc_trim = ctypes.CDLL("libc.so.6").malloc_trim
            except (OSError, AttributeError):
                pass
    if _malloc_trim:
        _malloc_trim(0)


_malloc_trim: Any = None


def runs(logdir: str | os.PathLike[str]) -> Any:
    """Runs and hosts found under a logdir: DataFrame with ``run``, ``host``, ``path``, ``newest``."""
    return files.runs(os.fspath(logdir))
