"""``text_codes`` of a few integer stats, made in Python, gives the very codes and texts of its numpy path."""

from __future__ import annotations

import numpy as np
import pytest
from test_decode_fast import FIXTURES

from nbprof.xspace import raw, stat_values
from nbprof.xspace.decode import decode_space
from nbprof.xspace.raw import RawStats


def both_ways(stats: RawStats, rows: np.ndarray, names: stat_values.StatNames, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    few = stat_values.text_codes(stats, rows, names)
    with monkeypatch.context() as m:
        m.setattr(stat_values, "FEW_TEXT_ROWS", 0)
        general = stat_values.text_codes(stats, rows, names)
    return few, general


def assert_same(few, general) -> None:  # type: ignore[no-untyped-def]
    assert few[1] == general[1]
    assert few[0].dtype == general[0].dtype
    np.testing.assert_array_equal(few[0], general[0])


def random_stats(rng: np.random.Generator, n: int, kinds: list[int]) -> RawStats:
    kind = rng.choice(np.array(kinds, np.int8), n)
    big = rng.integers(0, 2**64, n, dtype=np.uint64, endpoint=False)
    small = rng.integers(0, 6, n).astype(np.uint64)
    return RawStats(
        owner=np.arange(n, dtype=np.int64),
        metadata_id=np.ones(n, np.int64),
        kind=kind,
        int_value=np.where(rng.random(n) < 0.5, big, small),
        double_value=rng.random(n),
        obj_value=np.array([f"s{v}" for v in rng.integers(0, 4, n)], dtype=object),
    )


@pytest.mark.parametrize("seed", range(40))
def test_random_integer_stats(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(seed)
    kinds = [[raw.KIND_REF], [raw.KIND_INT64], [raw.KIND_UINT64], [raw.KIND_REF, raw.KIND_INT64], [raw.KIND_STR]][
        seed % 5
    ]
    n = int(rng.integers(1, 80))
    stats = random_stats(rng, n, kinds)
    # ref names: some unknown ids, some ids sharing one name (merged into one code)
    names = {0: ("a", ""), 1: ("b", ""), 2: ("a", ""), 3: ("", ""), 5: ("c", "")}
    rows = rng.permutation(n)[: int(rng.integers(1, n + 1))]
    assert_same(*both_ways(stats, rows, names, monkeypatch))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.parts[-5] for p in FIXTURES])
def test_fixture_text_stats(path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    space = decode_space(path.read_bytes(), str(path))
    for plane in space.planes:
        for stats in (plane.events.stats, plane.event_metadata.stats):
            for _, _, rows in stat_values.promoted_rows(stats, plane.stat_metadata):
                for part in (rows[:1], rows[: stat_values.FEW_TEXT_ROWS]):
                    assert_same(*both_ways(stats, part, plane.stat_metadata, monkeypatch))
