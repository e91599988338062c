"""``nbprof.load`` and ``nbprof.runs``: files, run directories and logdirs into a ``Profile``.

Above both kinds of profile: one events frame of all hosts (``nbprof.profile.Profile``), or,
for runs of many hosts, each host reduced where it is read and combined (``nbprof.pod``).
"""

from __future__ import annotations

import os
from typing import Any

import pandas as pd

from nbprof.errors import NbprofMemoryError
from nbprof.pod.plan import plan_load, use_reduction
from nbprof.pod.profile import load_pod
from nbprof.profile import Profile
from nbprof.xspace import files
from nbprof.xspace.read import load_memory_error, read_chosen, read_frames
from nbprof.xspace.read import runs as _runs


def load(
    path: str | os.PathLike[str],
    *,
    run: str | None = None,
    host: str | list[str] | None = None,
    partial: bool = False,
    cache: bool | None = None,
    reduce_hosts: bool | None = None,
    client: Any = None,
    workers: int | None = None,
    progress: bool | str | None = None,
) -> Profile:
    """Load a profile into DataFrames.

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
    cache:
        Reopen the profile from nbprof's cache of decoded frames when it was read before and
        has not changed, and write that cache after the first read (beside the profile in a
        ``.nbprof_cache`` folder, or in ``$XDG_CACHE_HOME/nbprof`` where the logdir is read-only).
        ``False`` skips it; the default is on for profiles of 4 MiB of files or more (a smaller one
        decodes about as fast as its cache opens) unless the environment sets ``NBPROF_CACHE=0``;
        ``True`` caches any size.
    reduce_hosts:
        Reduce each host to its OpStats where its file is read (in parallel on Dask) and combine
        them, instead of one events frame of all hosts (docs/pods.md). ``None`` (default): do so
        for runs of more than 8 hosts or 1 GiB of files, or when ``client`` is given. The result
        has no ``prof.events`` (``EventsNotLoadedError``); ``prof.for_host(h)`` reads one host.
    client:
        A ``dask.distributed.Client``: the hosts are reduced on its cluster, each worker reading
        its files itself (a ``gs://``/``s3://`` logdir never passes through this process).
        Without one, a local cluster of worker processes (``pip install 'nbprof[dask]'``), or
        one host after another when Dask is not installed.
    workers:
        Worker processes of the local cluster (default: cores, hosts and memory allow); ``0``
        reduces the hosts one after another in this process.
    progress:
        Hosts reduced so far: ``None`` (a bar in a notebook, a line on a terminal), ``False``,
        ``True``, ``"widget"`` or ``"text"``.

    The event frames are built when first used: ``memory_viewer`` (HLO protos only) never
    decodes an event.

    Raises
    ------
    nbprof.ProfileError
        Missing path, empty/corrupt/truncated file, wrong format, no profiles in a logdir,
        unknown run or host. The message names the file and gives a hint. When hosts are
        reduced, a host whose file cannot be read is left out with a warning (``prof.errors``,
        ``prof.host_table``); the error comes only when no host can be read.
    """
    try:
        if reduce_hosts is False and client is None and workers is None:
            return Profile.from_frames(read_frames(path, run=run, host=host, partial=partial, cache=cache))
        chosen = None
        if reduce_hosts is None and client is None:  # the files found once (one host file is never reduced)
            chosen = _chosen_files(path, run, host)
            if len(chosen[1]) == 1:
                return Profile.from_frames(read_chosen(*chosen, partial=partial, cache=cache))
        plan = plan_load(path, run=run, host=host, partial=partial)
        if not use_reduction(plan, reduce_hosts, client):
            if chosen is not None:
                return Profile.from_frames(read_chosen(*chosen, partial=partial, cache=cache))
            return Profile.from_frames(read_frames(path, run=run, host=host, partial=partial, cache=cache))
        return load_pod(plan, client=client, workers=workers, progress=progress)
    except MemoryError as exc:
        if isinstance(exc, NbprofMemoryError):
            raise
        raise load_memory_error(os.fspath(path)) from None


def _chosen_files(
    path: str | os.PathLike[str], run: str | None, host: str | list[str] | None
) -> tuple[files.FileSystem, list[files.HostFile], str]:
    """(file system, the chosen host files, kind of path) of a load: what ``read_chosen`` reads."""
    text = os.fspath(path)
    fs, found, kind = files.discover(text)
    return fs, files.select(fs, found, kind, run, host, text), kind


def runs(logdir: str | os.PathLike[str]) -> pd.DataFrame:
    """Runs and hosts found under a logdir: DataFrame with ``run``, ``host``, ``path``, ``newest``."""
    return _runs(logdir)
