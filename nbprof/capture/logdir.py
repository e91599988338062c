"""The TensorBoard logdir layout every capture path writes: ``<logdir>/plugins/profile/<run>/<host>.xplane.pb``."""

from __future__ import annotations

import itertools
import os
import re
import secrets
import tempfile
import time
from pathlib import Path

PROFILE_SUBDIR = ("plugins", "profile")
XPLANE_SUFFIX = ".xplane.pb"
RUN_FORMAT = "%Y_%m_%d_%H_%M_%S"


def is_url(path: str | os.PathLike[str]) -> bool:
    """True for fsspec-style URLs such as ``gs://bucket/dir`` (``file://`` counts as a URL too)."""
    return bool(re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*://", str(path)))


def new_logdir() -> str:
    """A fresh temporary logdir (``/tmp/nbprof-XXXX``), kept after the session ends."""
    return tempfile.mkdtemp(prefix="nbprof-")


def resolve_logdir(logdir: str | os.PathLike[str] | None) -> str:
    """The logdir to write to: the given one (``~`` expanded, made absolute) or a new temp dir."""
    if logdir is None:
        return new_logdir()
    text = os.fspath(logdir)
    if is_url(text):
        return text.rstrip("/")
    return str(Path(text).expanduser().resolve())


def run_name(now: float | None = None) -> str:
    """A run directory name in TensorBoard's format, ``%Y_%m_%d_%H_%M_%S`` (local time)."""
    return time.strftime(RUN_FORMAT, time.localtime(time.time() if now is None else now))


def profile_root(logdir: str) -> str:
    """``<logdir>/plugins/profile`` (the gRPC ``repository_root``)."""
    return join(logdir, *PROFILE_SUBDIR)


def run_dir(logdir: str, run: str) -> str:
    """``<logdir>/plugins/profile/<run>``."""
    return join(profile_root(logdir), run)


def host_file_name(address: str) -> str:
    """File stem for a worker: the address with ``:`` (and path separators) replaced by ``_``."""
    return re.sub(r"[:/\\]", "_", address)


def host_of(path: str) -> str:
    """Host of a ``<host>.xplane.pb`` path: its file name without the suffix."""
    name = os.path.basename(path)
    return name[: -len(XPLANE_SUFFIX)] if name.endswith(XPLANE_SUFFIX) else name


def xplane_path(logdir: str, run: str, host: str) -> str:
    """``<logdir>/plugins/profile/<run>/<host>.xplane.pb``."""
    return join(run_dir(logdir, run), host + XPLANE_SUFFIX)


def join(base: str, *parts: str) -> str:
    """Join path parts with ``/`` for URLs and ``os.path.join`` for local paths."""
    if is_url(base):
        return "/".join([base.rstrip("/"), *parts])
    return os.path.join(base, *parts)


def list_runs(logdir: str) -> set[str]:
    """Names of the run directories that exist now under a local logdir."""
    root = Path(profile_root(logdir))
    if not root.is_dir():
        return set()
    return {p.name for p in root.iterdir() if p.is_dir()}


def claim_run(logdir: str, base: str | None = None) -> str:
    """A new run of ``logdir`` that no other capture uses, named ``base`` (default: now, as
    ``%Y_%m_%d_%H_%M_%S``) or ``base`` with a suffix.

    Local logdirs: the run directory is created here, atomically (``os.mkdir`` fails when it
    exists), so two processes capturing in the same second never share one: the first gets
    TensorBoard's plain name, the next ``<name>_<pid>`` (then ``<name>_<pid>_<n>``). URLs
    (object stores have no atomic mkdir): ``<name>_<6 random hex digits>``, not created.
    """
    base = base or run_name()
    if is_url(logdir):
        return f"{base}_{secrets.token_hex(3)}"
    root = profile_root(logdir)
    os.makedirs(root, exist_ok=True)
    pid = os.getpid()
    for attempt in itertools.count():
        name = base if attempt == 0 else f"{base}_{pid}" if attempt == 1 else f"{base}_{pid}_{attempt - 1}"
        try:
            os.mkdir(os.path.join(root, name))
        except FileExistsError:
            continue
        return name
    raise AssertionError("unreachable")  # pragma: no cover


def release_run(logdir: str, run: str) -> None:
    """Remove a claimed local run directory if nothing was saved in it (a failed capture)."""
    if is_url(logdir):
        return
    try:
        os.rmdir(run_dir(logdir, run))
    except OSError:  # not empty (something was saved), or already gone
        pass
