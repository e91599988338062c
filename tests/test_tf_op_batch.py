"""``tf_op.parse_many``'s byte scan of many names agrees with parsing each name alone."""

from __future__ import annotations

import numpy as np
import pytest
from fixture_paths import FIXTURES

import nbprof
from nbprof.opstats import tf_op

_PIECES = [
    "Iterator", ":", "::", "MatMul", "_Send", "a/b", "", "\n", "\r", "\x00", "jit(f)/add", "MEMCPYHToD", "memcpy",
    "MemcpyDToH", "x_1", "é", "ſ", "ı", "ｍ", "\ud800", "\u2028", " ", "[x]", ".", "\\", ">", "-", "_", "0", "add",
    "Z", "m",
]  # fmt: skip


def _one_by_one(values: list) -> list[tuple[str, str, str]]:
    return [tf_op.parse_tf_op_fullname(v if type(v) is str else str(v)) for v in values]


def _batched(values: list) -> list[tuple[str, str, str]]:
    kind, name, op_type = tf_op.parse_many(values)
    assert kind.dtype == name.dtype == op_type.dtype == object
    assert len(kind) == len(name) == len(op_type) == len(values)
    return list(zip(kind.tolist(), name.tolist(), op_type.tolist()))


def _hostile_names(rng: np.random.Generator, count: int, pieces: list[str]) -> list[str]:
    return ["".join(rng.choice(pieces, rng.integers(0, 6))) for _ in range(count)]


def test_byte_scan_matches_each_name_on_hostile_names(monkeypatch) -> None:
    monkeypatch.setattr(tf_op, "_BATCH_MIN", 1)
    rng = np.random.default_rng(7)
    no_break = [p for p in _PIECES if p != "\n"]
    cases = [[""], ["", ""], ["a:B"], ["Iterator:Map", "Iterator"], ["m"], [":"], ["a:"], [":B"], ["a:B:C"]]
    cases += [_hostile_names(rng, int(rng.integers(1, 40)), no_break) for _ in range(400)]
    cases += [_hostile_names(rng, 300, _PIECES), [1, "a:B", None]]  # the per-name fallbacks
    for values in cases:
        assert _batched(values) == _one_by_one(values), values


def test_byte_scan_matches_each_name_on_many_names() -> None:
    rng = np.random.default_rng(11)
    no_break = [p for p in _PIECES if p != "\n"]
    for pieces in (no_break, ["a/b", "MatMul", ":", "_1", ".", "x"], ["a", ":", "B", "\u00e9"]):
        values = _hostile_names(rng, 2000, pieces)
        assert len(values) >= tf_op._BATCH_MIN
        assert _batched(values) == _one_by_one(values)
        given = np.array(values, dtype=object)
        assert _batched(given) == _one_by_one(values)
        assert given.tolist() == values  # the input array is not written to


@pytest.mark.parametrize("name", ["gpu_v100", "tf_keras2_fit", "tf_cpu_bfc_memory"])
def test_byte_scan_matches_each_name_on_fixture_names(monkeypatch, name) -> None:
    monkeypatch.setattr(tf_op, "_BATCH_MIN", 1)
    ev = nbprof.load(FIXTURES / name, cache=False).events
    for column in ("name", "tf_op"):
        if column in ev.columns:
            values = ev[column].cat.categories.tolist()
            assert _batched(values) == _one_by_one(values), (name, column)
