"""Suite-wide defaults.

nbprof's cache of decoded frames (nbprof/xspace/cache.py) is off unless a test turns it on:
the tests must exercise the decoders and frame building, and must not write cache folders
into tests/fixtures. tests/test_cache.py turns it on for its own temporary copies.
"""

from __future__ import annotations

import os

os.environ.setdefault("NBPROF_CACHE", "0")
