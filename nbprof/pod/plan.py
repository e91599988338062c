"""Which host files a load reads, how big they are, and whether they are reduced per host.

``nbprof.load`` reads a run of a few hosts into one events frame (``Profile``); a run of many
hosts, or of many bytes, is reduced host by host (``PodProfile``): see ``use_reduction``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from nbprof.errors import NbprofError
from nbprof.xspace import files

#: A run with more host files than this is reduced per host unless ``reduce_hosts=False``.
REDUCE_ABOVE_HOSTS = 8
#: A run of several hosts whose files hold more bytes than this in all is reduced per host.
REDUCE_ABOVE_BYTES = 1 << 30


@dataclass(frozen=True)
class HostTask:
    """One host file to reduce: picklable, so a Dask worker can read the file itself."""

    host: str
    path: str
    run: str | None
    file_bytes: int
    partial: bool = False


@dataclass(frozen=True)
class LoadPlan:
    """The host files of the chosen run (sizes in bytes; -1 where the file system did not say)."""

    path: str
    run: str | None
    kind: str  # "file" | "run" | "logdir"
    tasks: tuple[HostTask, ...]

    @property
    def hosts(self) -> list[str]:
        return [t.host for t in self.tasks]

    @property
    def total_bytes(self) -> int:
        return sum(max(t.file_bytes, 0) for t in self.tasks)

    @property
    def run_dir(self) -> str:
        """The directory holding the run's host files."""
        first = self.tasks[0].path
        return first.rsplit("/", 1)[0] if "://" in first else os.path.dirname(first)


def plan_load(
    path: str | os.PathLike[str], *, run: str | None, host: str | list[str] | None, partial: bool = False
) -> LoadPlan:
    """The host files ``nbprof.load(path, run=, host=)`` would read, with their sizes.

    Raises ``ProfileError`` as ``nbprof.load`` does (missing path, no profiles, unknown run/host).
    """
    text = os.fspath(path)
    fs, found, kind = files.discover(text)
    chosen = files.select(fs, found, kind, run, host, text)
    sizes = _sizes(fs, [f.path for f in chosen])
    chosen_run = chosen[0].run if chosen and kind in ("logdir", "run") else None
    tasks = tuple(HostTask(f.host, f.path, chosen_run, sizes.get(f.path, -1), partial) for f in chosen)
    return LoadPlan(text, chosen_run, kind, tasks)


def _sizes(fs: files.FileSystem, paths: list[str]) -> dict[str, int]:
    """File sizes in bytes: one listing per directory on remote file systems (not one call per file)."""
    out: dict[str, int] = {}
    if not fs.remote:
        for p in paths:
            try:
                out[p] = os.path.getsize(p)
            except OSError:
                out[p] = -1
        return out
    for folder in dict.fromkeys(p.rsplit("/", 1)[0] for p in paths):
        try:
            for entry in fs.fs.ls(folder, detail=True):
                name = str(entry.get("name", "")).rstrip("/")
                out[name] = int(entry.get("size") or 0)
        except (OSError, ValueError, TypeError):
            continue
    # fsspec lists names without the scheme: match on the path after it
    bare = {k.split("://", 1)[-1]: v for k, v in out.items()}
    return {p: bare.get(p.split("://", 1)[-1], -1) for p in paths}


def use_reduction(plan: LoadPlan, reduce_hosts: bool | None, client: object | None) -> bool:
    """Whether to reduce each host on its own (True) or read all hosts into one frame (False).

    ``reduce_hosts`` True/False decides; ``None`` (auto) reduces when a Dask ``client`` is
    given, or when the run has several hosts and either more than ``REDUCE_ABOVE_HOSTS`` of
    them or more than ``REDUCE_ABOVE_BYTES`` of files.
    """
    if reduce_hosts is False:
        if client is not None:
            raise NbprofError(
                "client= runs the per-host reduction on a Dask cluster, but reduce_hosts=False asks for one "
                "frame of all hosts in this process; drop one of them"
            )
        return False
    if reduce_hosts or client is not None:
        return True
    n = len(plan.tasks)
    return n > 1 and (n > REDUCE_ABOVE_HOSTS or plan.total_bytes > REDUCE_ABOVE_BYTES)
