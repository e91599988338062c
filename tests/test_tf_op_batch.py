"""``tf_op.parse_many``'s byte scan of many names agrees with parsing each name alone."""

from __future__ import annotations

import re

import numpy as np
import pytest
from fixture_paths import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st

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


_ANY_CHAR = st.characters(exclude_categories=())  # lone surrogates too
_PIECE = st.one_of(st.sampled_from(_PIECES), st.sampled_from(_PIECES), st.characters(max_codepoint=0x7F), _ANY_CHAR)
_PART = st.lists(_PIECE, max_size=4).map("".join)
_NAME = st.tuples(_PART, st.sampled_from(["", ":", ":", "::"]), _PART).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(_NAME, min_size=1, max_size=30))
def test_byte_scan_matches_each_name_on_random_names(values: list[str]) -> None:
    with pytest.MonkeyPatch.context() as patch:  # any text: non-ASCII, NUL, line breaks, lone surrogates
        patch.setattr(tf_op, "_BATCH_MIN", 1)
        assert _batched(values) == _one_by_one(values)
        no_breaks = [v.replace("\n", "") for v in values]
        assert _batched(no_breaks) == _one_by_one(no_breaks)


def _chars(items: tuple[str, ...]) -> set[str]:
    return {chr(code) for span in tf_op._spans(items) for code in range(span.start, span.stop)}


def test_one_grammar_makes_the_regexes_and_the_byte_tables() -> None:
    name_starts, name_chars = _chars(tf_op._NAME_STARTS), _chars(tf_op._NAME_CHARS)
    type_starts, type_chars = _chars(tf_op._TYPE_STARTS), _chars(tf_op._TYPE_CHARS)
    assert name_starts <= name_chars and type_starts <= type_chars and type_chars <= name_chars  # the scan's premises
    assert not {":", "\n"} & name_chars and all(ord(c) < 128 for c in name_chars)
    ranges = [i for i in (*tf_op._NAME_CHARS, *tf_op._TYPE_CHARS) if len(i) > 1]
    assert all(len(i) == 3 and i[0].isalnum() and i[1] == "-" and i[2].isalnum() for i in ranges)
    assert len(name_chars) == 68 and len(type_chars) == 63 and len(name_starts) == 63 and len(type_starts) == 27
    classes, name_first, type_first = tf_op._scan_tables()
    for code in range(0x800):
        char = chr(code)
        assert bool(tf_op._TF_NAME.fullmatch(char)) == (char in name_starts)
        assert bool(tf_op._TF_NAME.fullmatch("a" + char)) == (char in name_chars)
        assert bool(tf_op._TF_TYPE.fullmatch(char)) == (char in type_starts)
        assert bool(tf_op._TF_TYPE.fullmatch("A" + char)) == (char in type_chars)
        if code < 256:
            assert name_first[code] == (char in name_starts) and type_first[code] == (char in type_starts)
            expected = tf_op._ANY_PART if char in type_chars else tf_op._NAME_ONLY if char in name_chars else 0
            assert classes[code] == (code if char in ":\n" else expected)


def test_byte_scan_matches_each_name_with_any_character_in_any_place() -> None:
    chars = [chr(code) for code in range(0x100) if chr(code) != "\n"] + ["\u0100", "\ud800", "\U0001f600"]
    values = [shape.format(c) for c in chars for shape in ("{}a:Type", "a{}b:Type", "a:{}T", "a:T{}", "a{}")]
    assert _batched(values) == _one_by_one(values)


def test_the_regexes_read_as_before() -> None:
    assert tf_op._TF_NAME.pattern == r"[A-Za-z0-9.][A-Za-z0-9._\\/>\-]*"
    assert tf_op._TF_TYPE.pattern == "[A-Z_][A-Za-z0-9_]*"
    assert re.fullmatch(tf_op._TF_NAME, "model/dense_1/MatMul") and not re.fullmatch(tf_op._TF_NAME, "_x")
