"""The compiled decoder's one pass (``plane_summaries(data, decode_events=True)``: events decoded while
every byte is checked, columns grown as they fill) gives what its two passes and protobuf give, and
refuses what they refuse, with the same error."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_decode_fast import (
    CORRUPT_EVENTS,
    FIXTURES,
    assert_space_same,
    edge_case_space,
    mutate,
    one_line_space,
    stat,
    with_event_bytes,
)

import nbprof
from nbprof.errors import ProfileError
from nbprof.proto import xplane_pb2
from nbprof.xspace import decode_native, read
from nbprof.xspace.decode_pb import decode_space_pb

pytestmark = pytest.mark.skipif(not decode_native.available(), reason="the C decoder was not compiled here")


def one_pass(data: bytes):  # type: ignore[no-untyped-def]
    summaries, *_ = decode_native.plane_summaries(data, decode_events=True)
    assert all(s.decoded for s in summaries)
    return decode_native.decode_space_native(data, summaries)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.parts[-5] for p in FIXTURES])
def test_one_pass_decodes_fixtures_like_protobuf(path) -> None:  # type: ignore[no-untyped-def]
    data = path.read_bytes()
    assert_space_same(one_pass(data), decode_space_pb(data))
    counted, *_ = decode_native.plane_summaries(data)
    decoded, *_ = decode_native.plane_summaries(data, decode_events=True)
    assert [s.counts for s in decoded] == [s.counts for s in counted]  # the same counts, counted while filling
    # a mutable buffer is read again (its bytes may have changed since)
    assert_space_same(decode_native.decode_space_native(bytearray(data), decoded), decode_space_pb(data))


def test_columns_grow_past_their_first_size() -> None:
    """Many small events (a few bytes each) and stats: every column doubles several times."""
    events = [
        xplane_pb2.XEvent(
            metadata_id=i % 7, offset_ps=i, stats=[stat(1, int64_value=i), stat(2, str_value=f"s{i % 300}")]
        )
        for i in range(20_000)
    ]
    events += [xplane_pb2.XEvent()] * 30_000  # two bytes each: more events than a first guess from the bytes
    events += [xplane_pb2.XEvent(metadata_id=1, num_occurrences=3, stats=[stat(3, double_value=0.5)])]
    data = one_line_space(events).SerializeToString()
    got = one_pass(data)
    assert_space_same(got, decode_space_pb(data))
    assert len(got.planes[0].events.stats.obj_value) == 40_001
    assert got.planes[0].events.num_occurrences.flags.owndata is False  # a view of the C module's column


def test_all_zero_columns_are_left_out_as_counted_ones_are() -> None:
    data = one_line_space([xplane_pb2.XEvent(metadata_id=1, offset_ps=5, stats=[stat(1, int64_value=2)])] * 3)
    out = decode_native._wire.read_plane(data.SerializeToString(), *_plane_span(data), True, None, True)
    assert "num_occurrences" not in out and "stat_double" not in out
    assert out["counts"][1:3] == (3, 3)


def _plane_span(space: xplane_pb2.XSpace) -> tuple[int, int]:
    spans, *_ = decode_native.split_space(space.SerializeToString())
    return spans[0]


def test_edge_values_and_empty_bytes() -> None:
    space = edge_case_space()
    for data in (space.SerializeToString(), b""):
        assert_space_same(one_pass(data), decode_space_pb(data))


@pytest.mark.parametrize("event", CORRUPT_EVENTS.values(), ids=CORRUPT_EVENTS.keys())
def test_corrupt_event_bytes_raise_the_same_error(event: bytes) -> None:
    good = xplane_pb2.XEvent(metadata_id=1, offset_ps=2, stats=[stat(1, int64_value=3)])
    edits = iter([good.SerializeToString(), event, good.SerializeToString()])
    data = with_event_bytes(one_line_space([good] * 3), lambda e: next(edits))
    with pytest.raises(ProfileError) as counted:
        decode_native.plane_summaries(data)
    with pytest.raises(ProfileError) as decoded:
        decode_native.plane_summaries(data, decode_events=True)
    assert str(decoded.value) == str(counted.value)


def test_random_damage_gives_the_same_outcome_in_one_pass_and_two() -> None:
    rng = random.Random(20261127)
    original = edge_case_space()
    for _ in range(300):
        target = rng.randrange(5)
        edits = iter(range(10**6))
        data = with_event_bytes(
            original, lambda e, edits=edits, target=target: mutate(e, rng) if next(edits) == target else e
        )
        outcomes = []
        for decode_now in (False, True):
            try:
                summaries, *_ = decode_native.plane_summaries(data, decode_events=decode_now)
                outcomes.append(decode_native.decode_space_native(data, summaries))
            except Exception as exc:  # noqa: BLE001 - the error itself is compared
                outcomes.append(f"{type(exc).__name__}: {exc}")
        counted, decoded = outcomes
        if isinstance(counted, str):
            assert decoded == counted
        else:
            assert_space_same(decoded, counted)


def test_load_decodes_small_files_at_once_and_big_ones_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    path = FIXTURES[0]
    small = nbprof.load(path, cache=False)
    assert all(s.decoded for h in small._pending._hosts for s in h.summaries)
    monkeypatch.setattr(read, "DECODE_AT_LOAD_BYTES", 0)
    big = nbprof.load(path, cache=False)
    assert not any(s.decoded for h in big._pending._hosts for s in h.summaries)
    for frame in ("events", "planes", "lines", "event_metadata", "stat_metadata", "stats"):
        assert getattr(small, frame).equals(getattr(big, frame)), frame
    np.testing.assert_array_equal(small.events["start_ps"].to_numpy(), big.events["start_ps"].to_numpy())
