"""Finding profile files: a single ``.xplane.pb``, a run directory, or a TensorBoard logdir.

Local paths use the OS; paths with a scheme (``gs://``, ``s3://``, ``memory://``) go through
fsspec when it is installed.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
import warnings
from dataclasses import dataclass
from typing import Any

import pandas as pd

from nbprof.errors import NbprofWarning, ProfileError

XPLANE_SUFFIX = ".xplane.pb"
# A file modified this recently that does not decode may still be being written (s).
STILL_WRITING_S = 30.0
_RUN_NAME = re.compile(r"^\d{4}_\d{2}_\d{2}_\d{2}_\d{2}_\d{2}")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://")


class FileSystem:
    """The few filesystem operations loading needs, local or through fsspec.

    ``skipped`` collects the directories of a logdir that could not be listed (path -> reason);
    loading goes on with the others.
    """

    def __init__(self, path: str) -> None:
        self.remote = bool(_SCHEME.match(path)) and not path.startswith("file://")
        self.fs: Any = None
        self.skipped: dict[str, str] = {}
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
        """Names (not paths) of the entries of a directory, sorted; ProfileError when unreadable."""
        try:
            if self.remote:
                return sorted(p.rstrip("/").rsplit("/", 1)[-1] for p in self.fs.ls(path, detail=False))
            return sorted(os.listdir(path))
        except OSError as exc:
            raise ProfileError(
                f"cannot list this directory: {_reason(exc)}",
                path=path,
                hint="check that it exists and that you may read it (permissions, mounts)",
            ) from None

    def mtime(self, path: str) -> float:
        """Modification time (s since the epoch); 0.0 when unknown."""
        try:
            if self.remote:
                info = self.fs.info(path)
                value = info.get("mtime") or info.get("updated") or info.get("created") or 0
                return float(value.timestamp() if hasattr(value, "timestamp") else value)
            return os.path.getmtime(path)
        except (OSError, TypeError, ValueError):
            return 0.0

    def read_bytes(self, path: str) -> bytes:
        """Read a whole file once (a 2 GB profile is read into memory exactly once).

        Only regular files are read: a FIFO, a device (``/dev/zero``, ``/dev/urandom``) or a
        socket named ``*.xplane.pb`` raises ProfileError instead of blocking or reading forever,
        and so does a file whose size changes while it is read (still being written).
        """
        if self.remote:
            try:
                with self.fs.open(path, "rb") as f:
                    return bytes(f.read())
            except OSError as exc:
                raise ProfileError(f"cannot read the file: {_reason(exc)}", path=path, hint=_READ_HINT) from None
        return _read_regular_file(path)


_READ_HINT = "check that the file exists and that you may read it; pass host=[...] to load the other hosts"


def _reason(exc: OSError) -> str:
    """A short reason for an OSError: a dangling link or a link loop named as such."""
    if exc.errno == errno.ELOOP:
        return "a loop of symbolic links"
    if exc.errno == errno.ENOENT:
        return "it does not exist (a symbolic link to a missing file?)"
    return exc.strerror or type(exc).__name__


def _file_kind(mode: int) -> str:
    for test, kind in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a named pipe (FIFO)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return kind
    return "not a regular file"


def _read_regular_file(path: str) -> bytes:
    """The bytes of a local regular file, read through one descriptor checked before reading."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # O_NONBLOCK: opening a FIFO does not wait for a writer
    except OSError as exc:
        raise ProfileError(f"cannot read the file: {_reason(exc)}", path=path, hint=_READ_HINT) from None
    try:
        before = os.fstat(fd)
        if not stat.S_ISREG(before.st_mode):
            raise ProfileError(
                f"this is {_file_kind(before.st_mode)}, not a profile file",
                path=path,
                hint="point nbprof at an .xplane.pb file, its run directory or the TensorBoard logdir",
            )
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(before.st_size + 1)  # one byte more: a file still growing shows it
        after = os.fstat(fd)
    except OSError as exc:
        raise ProfileError(f"cannot read the file: {_reason(exc)}", path=path, hint=_READ_HINT) from None
    finally:
        os.close(fd)
    if len(data) != before.st_size or after.st_size != before.st_size or after.st_mtime_ns != before.st_mtime_ns:
        raise ProfileError(
            f"the file changed while it was read ({before.st_size:,} bytes, then {max(len(data), after.st_size):,}): "
            "it is still being written",
            path=path,
            hint="wait until the capture has finished, then load it again",
        )
    return data


def still_being_written(error: ProfileError, fs: FileSystem, path: str) -> ProfileError:
    """``error`` for a file that does not decode, with a hint when the file is seconds old:
    a profiler may still be writing it."""
    age = time.time() - fs.mtime(path)
    if not 0 <= age < STILL_WRITING_S:
        return error
    hint = (
        f"the file was modified {age:.0f} s ago: if a profiler is still writing it, try again when the "
        "capture has finished" + (f"; else {error.hint}" if error.hint else "")
    )
    return type(error)(error.message, path=path, hint=hint)


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
    """The ``<host>.xplane.pb`` entries of a directory (directories with that suffix left out;
    dangling links and other odd entries kept, so that reading them says what is wrong)."""
    return [
        HostFile(run, host_of(name), fs.join(run_dir, name))
        for name in fs.listdir(run_dir)
        if name.endswith(XPLANE_SUFFIX) and not fs.isdir(fs.join(run_dir, name))
    ]


def _profile_root(fs: FileSystem, path: str) -> str | None:
    """The ``plugins/profile`` folder of a logdir (or the path itself when it is that folder)."""
    candidate = fs.join(path, "plugins", "profile")
    if fs.isdir(candidate):
        return candidate
    return None


def discover(path: str) -> tuple[FileSystem, list[HostFile], str]:
    """All host files reachable from ``path`` and what kind of path it was (file/run/logdir).

    Run directories that cannot be listed are skipped with a warning (``fs.skipped``); the
    other runs still load.
    """
    fs = FileSystem(str(path))
    p = fs.normalize(str(path))
    if not fs.exists(p):
        if not fs.remote and os.path.islink(p):
            raise ProfileError(
                "this is a symbolic link to nothing (its target is missing, or the link leads to itself)",
                path=p,
                hint=f"the link points to {os.readlink(p)!r}; point nbprof at the profile itself",
            )
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
            try:
                files.extend(_host_files(fs, run_dir, name))
            except ProfileError as exc:
                fs.skipped[run_dir] = str(exc).split("\n")[0]
    if fs.skipped:
        warnings.warn(
            f"nbprof: skipped {len(fs.skipped)} run director{'y' if len(fs.skipped) == 1 else 'ies'} "
            f"that cannot be read: {'; '.join(fs.skipped.values())}",
            NbprofWarning,
            stacklevel=3,
        )
    if not files:
        what = "logdir" if root is not None else "directory"
        if fs.skipped:
            raise ProfileError(
                f"no run directory of this {what} can be read",
                path=p,
                hint="check the permissions of: " + ", ".join(fs.skipped),
            )
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
            unreadable = [reason for d, reason in fs.skipped.items() if os.path.basename(d.rstrip("/")) == run]
            if unreadable:
                raise ProfileError(f"run {run!r} cannot be read: {unreadable[0]}", path=path, hint=_READ_HINT)
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
