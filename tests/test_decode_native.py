"""The compiled decoder gives exactly what protobuf and the pure-Python decoder give.

``nbprof/xspace/_wire.c`` is built by ``pip install`` where a C compiler exists; without it
these tests are skipped and nbprof runs the pure-Python decoder (test_decode_fast.py). The
frames built from either decoder are compared too, and the compiled stack walk against numpy.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from google.protobuf.message import DecodeError
from test_decode_fast import (
    CORRUPT_EVENTS,
    FIXTURES,
    UNKNOWN_FIELDS,
    assert_space_same,
    edge_case_space,
    mutate,
    one_line_space,
    stat,
    with_event_bytes,
)
from wire_bytes import protobuf_names_utf8_errors

import nbprof
from nbprof.errors import ProfileError
from nbprof.proto import xplane_pb2
from nbprof.xspace import decode_native
from nbprof.xspace.decode_fast import decode_space_fast
from nbprof.xspace.decode_pb import decode_space_pb

pytestmark = pytest.mark.skipif(not decode_native.available(), reason="the C decoder was not compiled here")


def native(data: bytes):  # type: ignore[no-untyped-def]
    return decode_native.decode_space_native(data)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.parts[-5] for p in FIXTURES])
def test_fixture_decodes_like_protobuf(path: Path) -> None:
    data = path.read_bytes()
    assert_space_same(native(data), decode_space_pb(data))
    summaries, *_ = decode_native.plane_summaries(data)  # the one-pass decode after a check
    assert_space_same(decode_native.decode_space_native(data, summaries), decode_space_pb(data))
    # a plane without events is the summary's as it is for bytes, read again for a mutable buffer
    summaries, *_ = decode_native.plane_summaries(data)
    assert_space_same(decode_native.decode_space_native(bytearray(data), summaries), decode_space_pb(data))


def test_edge_values_unknown_fields_and_oneofs() -> None:
    space = edge_case_space()
    for data in (
        space.SerializeToString(),
        with_event_bytes(space, lambda e: e + UNKNOWN_FIELDS),
        with_event_bytes(space, lambda e: UNKNOWN_FIELDS + e),
        b"",
    ):
        assert_space_same(native(data), decode_space_pb(data))


def test_many_fields_in_one_event() -> None:
    many = xplane_pb2.XEvent(metadata_id=1, stats=[stat(i % 50, int64_value=-i) for i in range(30_000)])
    data = one_line_space([many, xplane_pb2.XEvent(metadata_id=2)]).SerializeToString()
    assert_space_same(native(data), decode_space_pb(data))


def test_invalid_utf8_in_a_string_stat_is_replaced_like_the_fast_decoder() -> None:
    data = with_event_bytes(one_line_space([xplane_pb2.XEvent()]), lambda e: b"\x22\x05" + b"\x2a\x03a\xffb")
    assert native(data).planes[0].events.stats.obj_value.tolist() == ["a\ufffdb"]
    assert_space_same(native(data), decode_space_fast(data))


def test_equal_strings_share_one_object() -> None:
    events = [xplane_pb2.XEvent(metadata_id=1, stats=[stat(1, str_value="same/source.py:10")]) for _ in range(50)]
    values = native(one_line_space(events).SerializeToString()).planes[0].events.stats.obj_value
    assert len({id(v) for v in values}) == 1 and values[0] == "same/source.py:10"


@pytest.mark.parametrize("event", CORRUPT_EVENTS.values(), ids=CORRUPT_EVENTS.keys())
def test_corrupt_event_bytes_raise_profile_error(event: bytes) -> None:
    good = xplane_pb2.XEvent(metadata_id=1, offset_ps=2, stats=[stat(1, int64_value=3)])
    edits = iter([good.SerializeToString(), event, good.SerializeToString()])
    data = with_event_bytes(one_line_space([good] * 3), lambda e: next(edits))
    with pytest.raises(ProfileError):
        native(data)
    with pytest.raises(ProfileError):
        decode_native.plane_summaries(data)


def test_random_damage_is_decoded_like_protobuf_or_refused() -> None:
    rng = random.Random(20261123)
    original = edge_case_space()
    outcomes = {"equal": 0, "both refuse": 0, "utf-8": 0}
    for _ in range(400):
        target = rng.randrange(5)
        edits = iter(range(10**6))
        data = with_event_bytes(
            original, lambda e, edits=edits, target=target: mutate(e, rng) if next(edits) == target else e
        )
        try:
            ref, ref_error = decode_space_pb(data), ""
        except DecodeError as exc:
            ref, ref_error = None, str(exc)
        try:
            got = native(data)
        except ProfileError:
            got = None
        if ref is not None:
            assert got is not None, "protobuf decodes it, so must the compiled decoder"
            assert_space_same(got, ref)
            outcomes["equal"] += 1
        elif got is None:
            outcomes["both refuse"] += 1
        else:
            assert "UTF-8" in ref_error or not protobuf_names_utf8_errors()  # the one refusal we read past
            outcomes["utf-8"] += 1
    assert min(outcomes.values()) > 0, outcomes


def test_whole_file_damage_never_escapes_as_another_error() -> None:
    """Bytes flipped anywhere (plane headers, lines, names): a RawSpace, a ProfileError, or what
    protobuf itself raises for a plane header (load turns that into a ProfileError)."""
    rng = random.Random(7)
    data = bytearray(FIXTURES[0].read_bytes())
    for _ in range(150):
        damaged = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        try:
            native(bytes(damaged))
        except (ProfileError, DecodeError, UnicodeDecodeError):
            pass


@pytest.mark.parametrize("name", ["jax_mlp_train_pytrace", "tf_keras_fit", "tpu_v6e", "gpu_v100"])
def test_frames_from_either_decoder_are_identical(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The pure-Python path must give the very same frames as the compiled one."""
    path = next(p for p in FIXTURES if p.parts[-5] == name)
    monkeypatch.setenv("NBPROF_DECODER", "fast")
    fast = nbprof.load(path, cache=False)
    monkeypatch.delenv("NBPROF_DECODER")
    compiled = nbprof.load(path, cache=False)
    assert not compiled.is_built  # deferred: nothing decoded until a frame is read
    for frame in ("events", "planes", "lines", "event_metadata", "stat_metadata", "flows", "stats"):
        pd.testing.assert_frame_equal(getattr(fast, frame), getattr(compiled, frame))
    assert (fast.origin_ns, fast.hlo_protos, fast.notes) == (compiled.origin_ns, compiled.hlo_protos, compiled.notes)


@pytest.mark.parametrize("seed", range(4))
def test_compiled_nesting_equals_numpy(seed: int) -> None:
    from nbprof.xspace import nesting

    rng = np.random.default_rng(seed)
    n = 5000
    key = np.sort(rng.integers(0, 1 + seed * 3, n)).astype(np.int32)
    start = rng.integers(0, 2000, n)
    duration = rng.integers(0, 80, n)
    order = np.lexsort((-duration, start, key))
    key, start, end = key[order], start[order], (start + duration)[order]
    for got, want in zip(nesting.nest_lines(key, start, end), nesting.nest_lines_numpy(key, start, end)):
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got, want)
