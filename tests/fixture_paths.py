"""Paths of the real fixture profiles in tests/fixtures (import this, not conftest)."""

from __future__ import annotations

import functools
import pathlib
from typing import Any

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
_DIRS = sorted(p for p in FIXTURES.iterdir() if p.is_dir() and p.name != "make")
# One .xplane.pb per fixture (one host) ...
FIXTURE_NAMES = [p.name for p in _DIRS if len(list(p.rglob("*.xplane.pb"))) == 1]
# ... and multi-host sessions: one run directory holding several <host>.xplane.pb (jax_two_hosts).
MULTI_HOST_FIXTURE_NAMES = [p.name for p in _DIRS if len(list(p.rglob("*.xplane.pb"))) > 1]


# The H100 captures whose ops XProf keeps (tests/fixtures/README.md): the device-op, HLO-stats, roofline and cost
# comparisons take them; jax_gpu_train runs every kernel in an XLA command buffer, which XProf drops
# (tests/test_gpu_captures.py compares that one).
NVIDIA_XLA_OPS_FIXTURES = ["flax_cnn_gpu", "jax_gpu_kernels"]


def fixture_file(name: str) -> pathlib.Path:
    """The single .xplane.pb of a fixture logdir."""
    (path,) = sorted((FIXTURES / name).rglob("*.xplane.pb"))
    return path


def fixture_files(name: str) -> list[pathlib.Path]:
    """Every .xplane.pb of a fixture logdir, sorted (one per host)."""
    return sorted((FIXTURES / name).rglob("*.xplane.pb"))


@functools.cache
def load_fixture(name: str) -> Any:
    """The ``nbprof.Profile`` of ``tests/fixtures/<name>``, loaded once per test session.

    Shared by every test that asks for it: read it, never modify it (load your own copy with
    ``nbprof.load(FIXTURES / name)`` to change anything).
    """
    import nbprof

    return nbprof.load(FIXTURES / name)


@functools.cache
def xprof_profile(name: str) -> Any:
    """A Profile of ``tests/fixtures/<name>`` of its own (not ``load_fixture``'s) whose tools count GPU kernels
    as XProf does where nbprof deliberately differs (``keep_ops_without_hlo=False``; see ``xprof_op_stats``)."""
    import nbprof

    prof = nbprof.load(FIXTURES / name)
    prof.keep_ops_without_hlo = False
    return prof


@functools.cache
def xprof_op_stats(name: str) -> Any:
    """The OpStats of ``tests/fixtures/<name>`` built the way XProf builds it where nbprof deliberately
    differs: GPU kernels whose HLO instruction the profile's HLO protos lack (XLA command buffers) are
    dropped, their time idle (``keep_ops_without_hlo=False``). The comparisons with XProf's outputs use
    it; tests/test_gpu_captures.py checks that nbprof's default differs by exactly those kernels."""
    from nbprof.opstats import OpStats

    return OpStats(load_fixture(name), keep_ops_without_hlo=False)


REFERENCE = pathlib.Path(__file__).parent / "reference"


def xprof_output_path(fixture: str, tool: str) -> pathlib.Path:
    """XProf's verbatim output of ``tool`` for a fixture: ``tests/reference/<fixture>/raw/<tool>.json`` where
    the reference keeps trimmed forms beside it, else ``tests/reference/<fixture>/<tool>.json``."""
    raw = REFERENCE / fixture / "raw" / f"{tool}.json"
    return raw if raw.exists() else REFERENCE / fixture / f"{tool}.json"
