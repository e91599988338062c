"""Shared pytest fixtures, markers and suite-wide defaults for nbprof's tests.

``load_fixture(name)`` returns the loaded ``nbprof.Profile`` of ``tests/fixtures/<name>``, each
fixture loaded once per session (tests must not modify what it returns). Helper functions at
module level import the same function from ``fixture_paths``; tests can ask for the
``load_fixture`` fixture instead.

nbprof's cache of decoded frames (nbprof/xspace/cache.py) is off unless a test turns it on:
the tests must exercise the decoders and frame building, and must not write cache folders
into tests/fixtures. tests/test_cache.py turns it on for its own temporary copies.

Markers (registered in pyproject.toml): ``browser`` (real headless Chromium; tests/browser),
``slow``, ``capture`` (starts profiler servers, kernels or the framework's profiler). Every
test has a generous time limit (pytest-timeout, pyproject.toml) so a hang fails, never stalls.
"""

from __future__ import annotations

import os

os.environ.setdefault("NBPROF_CACHE", "0")

from collections.abc import Callable  # noqa: E402

import pytest  # noqa: E402
from fixture_paths import load_fixture as _load_fixture  # noqa: E402


@pytest.fixture(scope="session")
def load_fixture() -> Callable[[str], object]:
    """``load_fixture("gpu_v100")`` -> that fixture's Profile, loaded once per session."""
    return _load_fixture
