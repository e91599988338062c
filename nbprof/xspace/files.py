"""Finding profile files: a single ``.xplane.pb``, a run directory, or a TensorBoard logdir.

Local paths use the OS; paths with a scheme (``gs://``, ``s3://``, ``memory://``) go through
fsspec when it is installed.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

import pandas as pd

from nbprof.errors import ProfileError

XPLANE_SUFFIX = ".xplane.pb"
_RUN_NAME = re.compile(r"^\d{4}_\d{2}_\d{2}_\d{2}_\d{2}_\d{2}")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://")


class FileSystem:
    """The few filesystem operations loading needs, local or through fsspec."""

    def __init__(self, path: str) -> None:
        self.remote = bool(_SCHEME.match(path)) and not path.startswith("file://")
        self.fs: Any = None
        if self.remote:
            try:
                import fsspec
            except ImportError as exc:
                raise ProfileError(
                    "this path has a scheme, which needs fsspec to be read",
                    path=path,
                    hint="pip install fsspec (and gcsfs for gs://, s3fs for s3://)",
                ) from exc
            try:
                self.fs, _ = fsspec.core.url_to_fs(path)
            except (ImportError, ValueError) as exc:
                raise ProfileError(
                    f"fsspec cannot open this kind of path: {exc}",
                    path=path,
                    hint="install the fsspec backend for this scheme, e.g. gcsfs for gs://",
                ) from exc

    def normalize(self, path: str) -> str:
        if path.startswith("file://"):
            path = path[len("file://") :]
        return path.rstrip("/") if self.remote else os.path.abspath(os.path.expanduser(path))

    def join(self, *parts: str) -> str:
        if self.remote:
            return "/".join(p.rstrip("/") for p in parts)
        return os.path.join(*parts)

    def exists(self, path: str) -> bool:
        return bool(self.fs.exists(path)) if self.remote else os.path.exists(path)

    def isdir(self, path: str) -> bool:
        return bool(self.fs.isdir(path)) if self.remote else os.path.isdir(path)

    def listdir(self, path: str) -> list[str]:
        """Names (not paths) of the entries of a directory, sorted."""
        if self.remote:
            return sorted(p.rstrip("/").rsplit("/", 1)[-1] for p in self.fs.ls(path, detail=False))
        return sorted(os.listdir(path))

    def mtime(self, path: str) -> float:
        if self.remote:
            info = self.fs.info(path)
            value = info.get("mtime") or info.get("updated") or info.get("created") or 0
            try:
                return float(value)
            except (TypeError, ValueError):
                return 0.0
        return os.path.getmtime(path)

    def read_bytes(self, path: str) -> bytes:
        """Read a whole file once (a 2 GB profile is read into memory exactly once)."""
        if self.remote:
            with self.fs.open(path, "rb") as f:
                return f.read()
        with open(path, "rb") as f:
            return f.read()


@dataclass
class HostFile:
    run: str | None
    host: str
    path: str


def host_of(filename: str) -> str:
    """Host name of a ``<host>.xplane.pb`` file name."""
    base = filename.rsplit("/", 1)[-1]
    return base[: -len(XPLANE_SUFFIX)] if base.endswith(XPLANE_SUFFIX) else base


def _host_files(fs: FileSystem, run_dir: str, run: str | None) -> list[HostFile]:
    return [
        HostFile(run, host_of(name), fs.join(run_dir, name))
        for name in fs.listdir(run_dir)
        if name.endswith(XPLANE_SUFFIX)
    ]


def _profile_root(fs: FileSystem, path: str) -> str | None:
    """The ``plugins/profile`` folder of a logdir (or the path itself when it is that folder)."""
    candidate = fs.join(path, "plugins", "profile")
    if fs.isdir(candidate):
        return candidate
    return None


def discover(path: str) -> tuple[FileSystem, list[HostFile], str]:
    """All host files reachable from ``path`` and what kind of path it was (file/run/logdir)."""
    fs = FileSystem(str(path))
    p = fs.normalize(str(path))
    if not fs.exists(p):
        raise ProfileError(
            "no such file or directory",
            path=p,
            hint="pass an .xplane.pb file, a run directory, or a TensorBoard logdir",
        )
    if not fs.isdir(p):
        return fs, [HostFile(None, host_of(p), p)], "file"
    direct = _host_files(fs, p, os.path.basename(p.rstrip("/")) or None)
    if direct:
        return fs, direct, "run"
    root = _profile_root(fs, p)
    run_parent = root if root is not None else p
    files: list[HostFile] = []
    for name in fs.listdir(run_parent):
        run_dir = fs.join(run_parent, name)
        if fs.isdir(run_dir):
            files.extend(_host_files(fs, run_dir, name))
    if not files:
        what = "logdir" if root is not None else "directory"
        raise ProfileError(
            f"this {what} holds no profiles (no <run>/<host>{XPLANE_SUFFIX} files)",
            path=p,
            hint="a TensorBoard logdir has plugins/profile/<run>/<host>.xplane.pb; capture one with "
            "nbprof.profile() or point at the directory that holds the .xplane.pb files",
        )
    return fs, files, "logdir"


def runs(logdir: str) -> pd.DataFrame:
    """Runs and hosts of a logdir (or run directory, or file): one row per host file.

    Columns: ``run``, ``host``, ``path``, ``newest`` (True for the run ``load`` picks by default).
    """
    fs, files, _ = discover(str(logdir))
    frame = pd.DataFrame([(f.run, f.host, f.path) for f in files], columns=["run", "host", "path"])
    newest = newest_run(fs, files)
    frame["newest"] = frame["run"] == newest
    return frame.sort_values(["run", "host"], ignore_index=True)


def newest_run(fs: FileSystem, files: list[HostFile]) -> str | None:
    """The newest run: by name when runs are named by time (TensorBoard's format), else by mtime."""
    names = sorted({f.run for f in files if f.run is not None})
    if not names:
        return None
    if all(_RUN_NAME.match(n) for n in names):
        return names[-1]
    latest: dict[str, float] = {}
    for f in files:
        if f.run is not None:
            latest[f.run] = max(latest.get(f.run, 0.0), fs.mtime(f.path))
    return max(names, key=lambda n: (latest.get(n, 0.0), n))


def select(
    fs: FileSystem, files: list[HostFile], kind: str, run: str | None, host: str | list[str] | None, path: str
) -> list[HostFile]:
    """The host files of the chosen run (newest by default) and hosts (all by default)."""
    chosen = files
    if kind == "logdir":
        run_names = sorted({f.run for f in files if f.run is not None})
        if run is None:
            run = newest_run(fs, files)
        elif run not in run_names:
            raise ProfileError(
                f"no run named {run!r}", path=path, hint=f"runs here: {', '.join(run_names)} (see nbprof.runs(path))"
            )
        chosen = [f for f in files if f.run == run]
    if host is not None:
        wanted = [host] if isinstance(host, str) else list(host)
        hosts = [f.host for f in chosen]
        missing = [h for h in wanted if h not in hosts]
        if missing:
            raise ProfileError(
                f"no host file for {', '.join(map(repr, missing))} in this run",
                path=path,
                hint=f"hosts here: {', '.join(hosts)}",
            )
        chosen = [f for f in chosen if f.host in wanted]
    return chosen
