"""Reading profiles: a file, run directory or logdir -> ``Frames`` (``nbprof.load`` wraps it)."""

from __future__ import annotations

import ctypes
import os
import sys
import warnings
from typing import Any

from nbprof.errors import ProfileError
from nbprof.xspace import files
from nbprof.xspace.decode import decode_space
from nbprof.xspace.frames import HostSpace, build_frames
from nbprof.xspace.frameset import Frames


def read_frames(
    path: str | os.PathLike[str], *, run: str | None = None, host: str | list[str] | None = None, partial: bool = False
) -> Frames:
    """Read a profile into DataFrames (see ``nbprof.load`` for the user-facing form).

    Parameters
    ----------
    path:
        An ``.xplane.pb`` file, a run directory holding ``<host>.xplane.pb`` files, or a
        TensorBoard logdir (``<logdir>/plugins/profile/<run>/<host>.xplane.pb``). Paths with a
        scheme (``gs://``, ``s3://``, ``memory://``) are read with fsspec.
    run:
        Run to load from a logdir (default: the newest). ``nbprof.runs(logdir)`` lists them.
    host:
        Host (file name without ``.xplane.pb``) or list of hosts (default: all, merged with a
        ``host`` column).
    partial:
        Load the complete planes of a file whose tail is broken instead of raising
        ``TruncatedProfileError`` (a warning says what was dropped).

    Raises
    ------
    nbprof.ProfileError
        Missing path, empty/corrupt/truncated file, wrong format, no profiles in a logdir,
        unknown run or host. The message names the file and gives a hint.
    """
    text = os.fspath(path)
    fs, found, kind = files.discover(text)
    chosen = files.select(fs, found, kind, run, host, text)
    spaces = []
    notes = []
    damaged = []
    for hf in chosen:
        data = fs.read_bytes(hf.path)
        try:
            space = decode_space(data, hf.path, partial=partial)
        except ProfileError as exc:  # a file seconds old that does not decode may still be being written
            raise files.still_being_written(exc, fs, hf.path) from None
        del data
        if space.damage:
            damaged.append(f"{hf.path}: {space.damage}")
            warnings.warn(f"nbprof: {hf.path}: {space.damage}; loaded the whole planes only", stacklevel=2)
        spaces.append(HostSpace(hf.host, hf.path, space))
        del space
    built = build_frames(spaces)
    if "relative; no Task Environment" in built.origin_source:
        notes.append(
            "line timestamps are relative and there is no Task Environment plane: times are relative "
            "to the profiler session, not wall-clock"
        )
    if built.events["aggregated"].any():
        notes.append(
            f"{int(built.events['aggregated'].sum()):,} aggregated events (num_occurrences, no start time) "
            "are kept with aggregated=True and start_ps at their line's start"
        )
    errors = [e for s in spaces for e in s.space.errors]
    warns = [w for s in spaces for w in s.space.warnings]
    hostnames = list(dict.fromkeys(h for s in spaces for h in s.space.hostnames))
    host_names, host_paths = [s.host for s in spaces], [s.path for s in spaces]
    del spaces  # what frames did not take over (metadata, lines) goes now
    frames = Frames(
        events=built.events,
        planes=built.planes,
        lines=built.lines,
        event_metadata=built.event_metadata,
        stat_metadata=built.stat_metadata,
        origin_ns=built.origin_ns,
        origin_source=built.origin_source,
        hosts=host_names,
        paths=host_paths,
        run=chosen[0].run if chosen and kind == "logdir" else (chosen[0].run if kind == "run" else None),
        errors=errors,
        warnings=warns,
        hostnames=hostnames,
        hlo_protos=built.hlo_protos,
        notes=notes,
        damaged="; ".join(damaged) or None,
        _stats_sources=built.stats_sources,
    )
    del built
    _return_freed_memory()
    return frames


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
