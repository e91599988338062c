"""Promoted string values: the shortcuts for stats that all carry text give the same values."""

from __future__ import annotations

import numpy as np
import pytest

from nbprof.xspace import raw
from nbprof.xspace.frames import _values
from nbprof.xspace.stat_values import distinct_kinds, has_valueless


def _stats(kinds: list[int]) -> raw.RawStats:
    n = len(kinds)
    objects = np.empty(n, object)
    objects[:] = [f"s{i}" if k == raw.KIND_STR else b"b" if k == raw.KIND_BYTES else None for i, k in enumerate(kinds)]
    return raw.RawStats(
        owner=np.arange(n, dtype=np.int64),
        metadata_id=np.ones(n, np.int64),
        kind=np.array(kinds, np.int8),
        int_value=np.full(n, 7, np.uint64),
        double_value=np.full(n, 1.5),
        obj_value=objects,
    )


@pytest.mark.parametrize("kinds", [[], [4], [4, 4, 4], [4, 1, 4, 6], [0, 4], [3, 2, 2]])
def test_distinct_kinds_is_np_unique(kinds: list[int]) -> None:
    kind = np.array(kinds, np.int8)
    assert distinct_kinds(kind) == np.unique(kind).tolist()


@pytest.mark.parametrize(
    ("kinds", "expected"),
    [([], False), ([4, 4], False), ([1, 2, 3, 4, 5, 6], False), ([4, 0], True), ([0], True), ([4, 9], True)],
)
def test_has_valueless(kinds: list[int], expected: bool) -> None:
    assert has_valueless(np.array(kinds, np.int8)) is expected


@pytest.mark.parametrize("kinds", [[4, 4, 4], [4, 0, 5, 1], [0, 0], [6, 3, 2, 4]])
def test_text_values_name_a_valueless_stat_none(kinds: list[int]) -> None:
    stats = _stats(kinds)
    rows = np.arange(len(kinds))
    vals, valid = _values(stats, rows, "str", {1: ("x", ""), 7: ("ref", "")})
    expected = {0: "None", 1: "1.5", 2: "7", 3: "7", 5: "b", 6: "ref"}
    assert vals.tolist() == [f"s{i}" if k == 4 else expected[k] for i, k in enumerate(kinds)]
    assert valid.all()
