"""Promoted string values: the shortcuts for stats that all carry text give the same values."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from nbprof.xspace import raw
from nbprof.xspace.frames import _text_column, _values
from nbprof.xspace.stat_values import (
    distinct_kinds,
    few_values_python,
    has_valueless,
    text_codes,
    value_strings,
    values_python,
)


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
    codes, texts = _values(stats, rows, "str", {1: ("x", ""), 7: ("ref", "")})
    expected = {0: "None", 1: "1.5", 2: "7", 3: "7", 5: "b", 6: "ref"}
    assert [texts[c] for c in codes.tolist()] == [f"s{i}" if k == 4 else expected[k] for i, k in enumerate(kinds)]
    assert len(set(texts)) == len(texts)


def _mixed_stats(rng: np.random.Generator, n: int) -> raw.RawStats:
    """Stats of every kind (and an unknown one) with repeated, odd values: -0.0, NaN, inf, 2**63 and
    more, invalid UTF-8, a ref to an unknown id, text equal to another kind's."""
    kinds = rng.choice([0, 1, 2, 3, 4, 5, 6, 9], n).astype(np.int8)
    ints = rng.choice(np.array([0, 1, 7, 2**63, 2**64 - 1, 12345678901234567890], np.uint64), n)
    doubles = rng.choice(np.array([0.0, -0.0, 1.5, np.nan, np.inf, -np.inf, 1e20, 7.0]), n)
    texts = ["7", "a", "", "None", "1.5", "ref"]
    raw_bytes = [b"b", b"\xff", b"\xfe", b"7"]
    objects = np.empty(n, object)
    objects[:] = [
        texts[rng.integers(len(texts))]
        if k == raw.KIND_STR
        else raw_bytes[rng.integers(len(raw_bytes))]
        if k == raw.KIND_BYTES
        else None
        for k in kinds.tolist()
    ]
    return raw.RawStats(
        owner=np.arange(n, dtype=np.int64),
        metadata_id=np.ones(n, np.int64),
        kind=kinds,
        int_value=ints,
        double_value=doubles,
        obj_value=objects,
    )


@pytest.mark.parametrize("seed", range(8))
def test_text_codes_give_the_text_of_value_strings(seed: int) -> None:
    """``text_codes`` (each distinct value converted once) names every stat as ``value_strings`` does,
    "None" for a stat without a value; its texts are distinct."""
    rng = np.random.default_rng(seed)
    stats = _mixed_stats(rng, 200)
    names = {1: ("x", ""), 7: ("ref", ""), 0: ("7", "")}
    rows = rng.permutation(200)[: rng.integers(0, 200)]
    codes, texts = text_codes(stats, rows, names)
    expected = value_strings(stats, rows, names)
    expected[pd.isna(expected)] = "None"
    assert [texts[c] for c in codes.tolist()] == expected.tolist()
    assert len(set(texts)) == len(texts)


def _factorized_column(n: int, pieces: list[tuple[np.ndarray, list[str]]]) -> pd.Categorical:
    """The text column as one ``pd.factorize`` of every piece's values makes it (categories sorted)."""
    rows = np.concatenate([r for r, _ in pieces])
    values = np.array([v for _, vals in pieces for v in vals], dtype=object)
    codes, uniq = pd.factorize(values)
    categories = sorted(uniq.tolist())
    position = np.array([categories.index(u) for u in uniq.tolist()], np.int64)
    out = np.full(n, -1, np.int64)
    out[rows] = position[codes]
    return pd.Categorical.from_codes(out, categories=pd.Index(categories, dtype=object))


@pytest.mark.parametrize("seed", range(8))
def test_text_column_of_coded_pieces_equals_factorizing_their_values(seed: int) -> None:
    """Pieces given as codes into texts (some texts unused, pieces overlapping: the later wins) make
    the column that factorizing all their values gives."""
    rng = np.random.default_rng(seed)
    n = 50
    words = ["b", "a", "", "zz", "a2", "None", "é"]
    pieces, coded = [], []
    for _ in range(rng.integers(1, 5)):
        texts = list(dict.fromkeys(rng.choice(words, rng.integers(1, len(words))).tolist()))
        rows = rng.choice(n, rng.integers(0, n), replace=False)
        codes = rng.integers(0, len(texts), len(rows))
        coded.append((rows, codes, texts))
        pieces.append((rows, [texts[c] for c in codes.tolist()]))
    got = _text_column(n, [r for r, _, _ in coded], [c for _, c, _ in coded], [t for _, _, t in coded])
    expected = _factorized_column(n, pieces)
    assert list(got.categories) == list(expected.categories)
    assert got.categories.dtype == object
    assert got.codes.tolist() == expected.codes.tolist()


@pytest.mark.parametrize("seed", range(8))
def test_few_values_python_are_values_python(seed: int) -> None:
    """The values of a plane's own stats, a stat at a time, are those of the vectorised ``values_python``."""
    rng = np.random.default_rng(seed)
    stats = _mixed_stats(rng, int(rng.integers(0, 40)))
    names = {1: ("x", ""), 7: ("ref", ""), 0: ("7", "")}
    ours, theirs = few_values_python(stats, names), values_python(stats, names).tolist()
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        assert type(a) is type(b)
        assert a == b or (a != a and b != b)  # NaN
