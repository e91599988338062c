"""Shared pytest fixtures and markers for nbprof's tests.

``load_fixture(name)`` returns the loaded ``nbprof.Profile`` of ``tests/fixtures/<name>``, each
fixture loaded once per session (tests must not modify what it returns). Helper functions at
module level import the same function from ``fixture_paths``; tests can ask for the
``load_fixture`` fixture instead.

Markers (registered in pyproject.toml): ``browser`` (real headless Chromium; tests/browser),
``slow``, ``capture`` (starts profiler servers, kernels or the framework's profiler). Every
test has a generous time limit (pytest-timeout, pyproject.toml) so a hang fails, never stalls.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fixture_paths import load_fixture as _load_fixture


@pytest.fixture(scope="session")
def load_fixture() -> Callable[[str], object]:
    """``load_fixture("gpu_v100")`` -> that fixture's Profile, loaded once per session."""
    return _load_fixture
