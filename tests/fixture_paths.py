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
