"""The fast decoder gives exactly what the protobuf-API decoder gives, and rejects bad bytes.

Reference: ``nbprof.xspace.decode_pb.decode_space_pb`` (one protobuf object per event).
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest
from google.protobuf.message import DecodeError
from wire_bytes import protobuf_names_utf8_errors

from nbprof.errors import ProfileError
from nbprof.proto import xplane_lazy_pb2, xplane_pb2
from nbprof.xspace import decode_fast, raw
from nbprof.xspace.decode_fast import decode_space_fast
from nbprof.xspace.decode_pb import decode_space_pb

FIXTURES = sorted(Path(__file__).parent.joinpath("fixtures").glob("*/plugins/profile/*/*.xplane.pb"))
INT64_MIN, INT64_MAX, UINT64_MAX = -(2**63), 2**63 - 1, 2**64 - 1


# --------------------------------------------------------------------------- comparison


def assert_array_same(a: np.ndarray, b: np.ndarray, what: str) -> None:
    assert a.dtype == b.dtype, f"{what}: dtype {a.dtype} != {b.dtype}"
    assert a.shape == b.shape, f"{what}: shape {a.shape} != {b.shape}"
    if a.dtype == np.float64:  # bit for bit: NaN payloads, -0.0
        a, b = a.view(np.uint64), b.view(np.uint64)
    if a.dtype == object:
        assert [(type(x), x) for x in a] == [(type(y), y) for y in b], what
    else:
        mismatch = np.flatnonzero(a != b)
        assert mismatch.size == 0, f"{what}: {mismatch.size} differ, first at {mismatch[:5]}"


def assert_stats_same(a: raw.RawStats, b: raw.RawStats, what: str) -> None:
    for name in ("owner", "metadata_id", "kind", "int_value", "double_value", "obj_value"):
        assert_array_same(getattr(a, name), getattr(b, name), f"{what}.{name}")


def assert_space_same(fast: raw.RawSpace, ref: raw.RawSpace) -> None:
    assert (fast.errors, fast.warnings, fast.hostnames, fast.damage) == (
        ref.errors,
        ref.warnings,
        ref.hostnames,
        ref.damage,
    )
    assert len(fast.planes) == len(ref.planes)
    for p, q in zip(fast.planes, ref.planes):
        where = f"plane {q.name!r}"
        assert (p.id, p.name) == (q.id, q.name), where
        assert p.stat_metadata == q.stat_metadata, where
        assert_stats_same(p.stats, q.stats, f"{where} stats")
        for name in ("id", "display_id", "timestamp_ns", "duration_ps", "num_events"):
            assert_array_same(getattr(p.lines, name), getattr(q.lines, name), f"{where} lines.{name}")
        assert (p.lines.name, p.lines.display_name) == (q.lines.name, q.lines.display_name), where
        for name in ("line", "metadata_id", "offset_ps", "duration_ps", "num_occurrences"):
            assert_array_same(getattr(p.events, name), getattr(q.events, name), f"{where} events.{name}")
        assert_stats_same(p.events.stats, q.events.stats, f"{where} event stats")
        pm, qm = p.event_metadata, q.event_metadata
        assert_array_same(pm.id, qm.id, f"{where} event_metadata.id")
        assert (pm.name, pm.display_name, pm.metadata, pm.child_ids) == (
            qm.name,
            qm.display_name,
            qm.metadata,
            qm.child_ids,
        ), where
        assert_stats_same(pm.stats, qm.stats, f"{where} event_metadata stats")


def assert_decoders_agree(data: bytes) -> raw.RawSpace:
    fast = decode_space_fast(data)
    assert_space_same(fast, decode_space_pb(data))
    return fast


# --------------------------------------------------------------------------- real profiles


@pytest.mark.parametrize("path", FIXTURES, ids=[p.parts[-5] for p in FIXTURES])
def test_fixture_decodes_like_protobuf(path: Path) -> None:
    space = assert_decoders_agree(path.read_bytes())
    assert sum(len(p.events) for p in space.planes) > 1000
    assert sum(len(p.events.stats) for p in space.planes) > 0


def test_small_chunks_decode_like_protobuf(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunk boundaries (events, stats, copy blocks) change nothing."""
    monkeypatch.setattr(decode_fast, "_EVENTS_PER_CHUNK", 7)
    monkeypatch.setattr(decode_fast, "_STATS_PER_CHUNK", 5)
    monkeypatch.setattr(decode_fast, "_EVENTS_PER_COPY", 3)
    path = next(p for p in FIXTURES if p.parts[-5] == "jax_mlp_train")
    assert_decoders_agree(path.read_bytes())
    assert_decoders_agree(edge_case_space().SerializeToString())


# --------------------------------------------------------------------------- synthetic


def stat(metadata_id: int, **value: object) -> xplane_pb2.XStat:
    return xplane_pb2.XStat(metadata_id=metadata_id, **value)


def one_line_space(events: list[xplane_pb2.XEvent]) -> xplane_pb2.XSpace:
    return xplane_pb2.XSpace(planes=[xplane_pb2.XPlane(lines=[xplane_pb2.XLine(events=events)])])


def edge_case_space() -> xplane_pb2.XSpace:
    """Every kind of value, at its limits, in events, metadata and plane stats."""
    stats = [
        stat(1, int64_value=-1),
        stat(2, int64_value=INT64_MIN),
        stat(3, int64_value=INT64_MAX),
        stat(4, uint64_value=UINT64_MAX),
        stat(5, uint64_value=0),
        stat(6, double_value=math.nan),
        stat(7, double_value=-math.inf),
        stat(8, double_value=-0.0),
        stat(9, double_value=5e-324),
        stat(10, str_value=""),
        stat(11, str_value="naïve 名前 🚀"),
        stat(12, bytes_value=b"\x00\xff\x80"),
        stat(13, bytes_value=b""),
        stat(14, ref_value=UINT64_MAX),
        stat(15),  # no value at all
        stat(INT64_MIN, int64_value=2**31),
    ]
    events = [
        xplane_pb2.XEvent(metadata_id=1, offset_ps=-5, duration_ps=INT64_MAX, stats=stats),
        xplane_pb2.XEvent(metadata_id=-1, offset_ps=INT64_MIN, duration_ps=-1),
        xplane_pb2.XEvent(metadata_id=2, num_occurrences=INT64_MAX, duration_ps=10),
        xplane_pb2.XEvent(),  # no fields at all: serialises to zero bytes
        xplane_pb2.XEvent(metadata_id=3, offset_ps=0, stats=[stat(11, str_value="x" * 300)]),
    ]
    plane = xplane_pb2.XPlane(
        id=INT64_MIN,
        name="/device:TEST:0",
        lines=[
            xplane_pb2.XLine(id=1, display_id=-2, name="empty", timestamp_ns=INT64_MAX),
            xplane_pb2.XLine(id=2, name="main", display_name="Main", timestamp_ns=-7, events=events),
            xplane_pb2.XLine(id=3, name="again", duration_ps=9, events=events[::-1] * 3),
        ],
        stats=stats[:5],
    )
    plane.event_metadata[1].CopyFrom(
        xplane_pb2.XEventMetadata(
            id=1, name="op", display_name="Op", metadata=b"\x01", stats=stats[5:], child_id=[2, -3]
        )
    )
    plane.event_metadata[-1].CopyFrom(xplane_pb2.XEventMetadata(id=-1, name="negative"))
    plane.event_metadata[7].CopyFrom(xplane_pb2.XEventMetadata(id=8, name="key differs from id"))
    plane.stat_metadata[1].CopyFrom(xplane_pb2.XStatMetadata(id=1, name="s", description="d"))
    return xplane_pb2.XSpace(
        planes=[plane, xplane_pb2.XPlane(id=5, name="no lines"), xplane_pb2.XPlane(name="")],
        errors=["e"],
        warnings=["w1", "w2"],
        hostnames=["h"],
    )


def test_edge_values_decode_like_protobuf() -> None:
    space = assert_decoders_agree(edge_case_space().SerializeToString())
    events = space.planes[0].events
    assert len(events) == 5 * 4
    assert events.line.tolist() == [1] * 5 + [2] * 15  # line 0 has no events
    assert events.offset_ps[:2].tolist() == [-5, INT64_MIN]
    assert events.num_occurrences.max() == INT64_MAX
    values = events.stats
    first = values.owner == values.owner[0]
    assert values.int_value[first][:4].tolist() == [2**64 - 1, 2**63, 2**63 - 1, UINT64_MAX]
    assert values.int_value[first][:3].view(np.int64).tolist() == [-1, INT64_MIN, INT64_MAX]
    assert values.obj_value[first][10] == "naïve 名前 🚀"
    assert values.obj_value[first][11] == b"\x00\xff\x80"
    assert values.kind[first][14] == raw.KIND_NONE


def test_empty_space() -> None:
    assert_decoders_agree(b"")
    assert_decoders_agree(one_line_space([]).SerializeToString())


def with_event_bytes(space: xplane_pb2.XSpace, edit) -> bytes:  # type: ignore[no-untyped-def]
    """The serialized space after ``edit(event_bytes) -> bytes`` on every event."""
    lazy = xplane_lazy_pb2.LazyXSpace.FromString(space.SerializeToString())
    for plane in lazy.planes:
        for line in plane.lines:
            edited = [edit(e) for e in line.events]
            del line.events[:]
            line.events.extend(edited)
    return lazy.SerializeToString()


UNKNOWN_FIELDS = (
    b"\x98\x06\x01"  # field 99, varint
    + b"\x9a\x06\x03abc"  # field 99, length-delimited
    + b"\x9d\x06\x01\x02\x03\x04"  # field 99, fixed32
    + b"\x99\x06"
    + bytes(8)  # field 99, fixed64
    + b"\x0a\x00"  # field 1 (metadata_id) with the wrong wire type: unknown
    + b"\x21"
    + bytes(8)  # field 4 (stats) as fixed64: unknown
)


def test_unknown_fields_are_skipped() -> None:
    space = edge_case_space()
    assert_decoders_agree(with_event_bytes(space, lambda e: e + UNKNOWN_FIELDS))
    assert_decoders_agree(with_event_bytes(space, lambda e: UNKNOWN_FIELDS + e))


def test_unknown_fields_inside_stats_are_skipped() -> None:
    inner = stat(3, str_value="s").SerializeToString() + UNKNOWN_FIELDS
    event = b"\x08\x01" + b"\x22" + bytes([len(inner)]) + inner
    space = one_line_space([xplane_pb2.XEvent()])
    fast = assert_decoders_agree(with_event_bytes(space, lambda e: event))
    assert fast.planes[0].events.stats.obj_value.tolist() == ["s"]


def test_repeated_scalars_and_oneofs_last_wins() -> None:
    """Concatenated messages merge: the last scalar wins, a later oneof member clears the other."""
    first = xplane_pb2.XEvent(metadata_id=1, offset_ps=10, duration_ps=3, stats=[stat(1, int64_value=-4)])
    second = xplane_pb2.XEvent(metadata_id=2, num_occurrences=6, stats=[stat(2, double_value=1.5)])
    merged_stat = (
        stat(9, str_value="gone").SerializeToString()
        + stat(0, uint64_value=7).SerializeToString()
        + stat(0, int64_value=-8).SerializeToString()
    )
    replaced_int = stat(0, int64_value=-8).SerializeToString() + stat(0, double_value=2.5).SerializeToString()
    replaced_str = stat(0, bytes_value=b"b").SerializeToString() + stat(0, ref_value=3).SerializeToString()
    third = b"".join(b"\x22" + bytes([len(m)]) + m for m in (merged_stat, replaced_int, replaced_str))
    variants = [
        first.SerializeToString() + second.SerializeToString(),
        second.SerializeToString() + first.SerializeToString(),
        first.SerializeToString() + third,
    ]
    space = one_line_space([xplane_pb2.XEvent()] * 3)
    it = iter(variants)
    fast = assert_decoders_agree(with_event_bytes(space, lambda e: next(it)))
    events = fast.planes[0].events
    assert events.num_occurrences.tolist() == [6, 0, 0]
    assert events.offset_ps.tolist() == [0, 10, 10]
    assert events.stats.owner.tolist() == [0, 0, 1, 1, 2, 2, 2, 2]
    assert events.stats.kind[-3:].tolist() == [raw.KIND_INT64, raw.KIND_DOUBLE, raw.KIND_REF]
    assert events.stats.int_value[-3:].view(np.int64).tolist() == [-8, 0, 3]
    assert events.stats.double_value[-3:].tolist() == [0.0, 2.5, 0.0]
    assert events.stats.obj_value[-3:].tolist() == [None, None, None]


def test_many_stats_on_one_event() -> None:
    many = [stat(i % 50, int64_value=-i) for i in range(3000)]
    events = [xplane_pb2.XEvent(metadata_id=1), xplane_pb2.XEvent(stats=many)]
    space = assert_decoders_agree(one_line_space(events).SerializeToString())
    assert len(space.planes[0].events.stats) == 3000


def test_invalid_utf8_is_replaced() -> None:
    """Protobuf refuses the whole file; the fast decoder keeps it and replaces the bad bytes."""
    event = b"\x22\x05" + b"\x2a\x03a\xffb"
    space = one_line_space([xplane_pb2.XEvent()])
    data = with_event_bytes(space, lambda e: event)
    with pytest.raises(DecodeError):
        decode_space_pb(data)
    assert decode_space_fast(data).planes[0].events.stats.obj_value.tolist() == ["a\ufffdb"]


# --------------------------------------------------------------------------- malformed


CORRUPT_EVENTS = {
    "truncated varint": b"\x08",
    "truncated varint at the end": b"\x08\x01\x10\xff\xff",
    "varint over 10 bytes": b"\x08" + b"\xff" * 11 + b"\x01",
    "truncated tag": b"\x80",
    "field number 0": b"\x00\x01",
    "invalid wire type": b"\x0f",
    "length past the end": b"\x22\x05ab",
    "huge length": b"\x22" + b"\xff" * 9 + b"\x01",
    "fixed64 past the end": b"\x11\x00\x00",
    "fixed32 past the end": b"\x15\x00",
    "truncated stat": b"\x22\x01\x08",
    "stat length past its end": b"\x22\x02\x2a\x05abcde",
    "garbage": bytes(range(256)),
}


@pytest.mark.parametrize("event", CORRUPT_EVENTS.values(), ids=CORRUPT_EVENTS.keys())
def test_corrupt_event_bytes_raise_profile_error(event: bytes) -> None:
    good = xplane_pb2.XEvent(metadata_id=1, offset_ps=2, stats=[stat(1, int64_value=3)])
    space = one_line_space([good] * 3)
    edits = iter([good.SerializeToString(), event, good.SerializeToString()])
    data = with_event_bytes(space, lambda e: next(edits))
    with pytest.raises(DecodeError):  # protobuf agrees that the bytes are bad
        decode_space_pb(data)
    with pytest.raises(ProfileError):
        decode_space_fast(data)


def test_group_wire_type_is_refused() -> None:
    space = one_line_space([xplane_pb2.XEvent()])
    data = with_event_bytes(space, lambda e: b"\x9b\x06\x9c\x06")  # empty group, field 99
    with pytest.raises(ProfileError, match="group"):
        decode_space_fast(data)


def test_load_uses_the_fast_decoder_where_the_compiled_one_is_missing_or_not_wanted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nbprof
    from nbprof.xspace import decode, decode_native

    calls = []

    def spy(data: bytes) -> raw.RawSpace:
        calls.append(len(data))
        return decode_space_fast(data)

    monkeypatch.setattr(decode_fast, "decode_space_fast", spy)
    path = next(p for p in FIXTURES if p.parts[-5] == "jax_mlp_train")
    monkeypatch.delenv("NBPROF_DECODER", raising=False)
    monkeypatch.setattr(decode_native, "_wire", None)  # as where nothing was compiled
    assert decode.decoder_name() == "fast"
    assert len(nbprof.load(path, cache=False).events) > 1000
    assert calls == [path.stat().st_size]
    monkeypatch.undo()
    monkeypatch.setattr(decode_fast, "decode_space_fast", spy)
    monkeypatch.setenv("NBPROF_DECODER", "fast")
    assert len(nbprof.load(path, cache=False).events) > 1000
    assert calls == [path.stat().st_size] * 2


def test_one_event_with_many_fields_takes_few_vectorised_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hardening: an event with 100k tiny fields used to cost one numpy round (~70 us) per field.

    Now the fields of the few messages still being read are walked one by one: the number of
    vectorised rounds does not grow with the number of fields, and the result is protobuf's.
    """
    rounds = []
    real = decode_fast._read_varints

    def counting(*args):  # type: ignore[no-untyped-def]
        rounds.append(1)
        return real(*args)

    monkeypatch.setattr(decode_fast, "_read_varints", counting)
    many_stats = xplane_pb2.XEvent(metadata_id=1, stats=[stat(i % 7, int64_value=i % 3) for i in range(20_000)])
    data = one_line_space([many_stats, xplane_pb2.XEvent(metadata_id=2)]).SerializeToString()
    tiny_fields = with_event_bytes(one_line_space([xplane_pb2.XEvent()] * 2), lambda e: b"\x08\x01" * 30_000)
    for case in (data, tiny_fields):
        rounds.clear()
        assert_decoders_agree(case)
        assert len(rounds) < 40, len(rounds)


@pytest.mark.parametrize("scalar_below", [1, 10**9])
def test_vectorised_and_one_by_one_walks_agree(monkeypatch: pytest.MonkeyPatch, scalar_below: int) -> None:
    """Every message read by vectorised rounds only, or one by one after the first round."""
    monkeypatch.setattr(decode_fast, "_SCALAR_BELOW", scalar_below)
    assert_decoders_agree(edge_case_space().SerializeToString())
    path = next(p for p in FIXTURES if p.parts[-5] == "tpu_v6e")
    assert_decoders_agree(path.read_bytes())
    for event in CORRUPT_EVENTS.values():
        good = xplane_pb2.XEvent(metadata_id=1, offset_ps=2, stats=[stat(1, int64_value=3)])
        edits = iter([good.SerializeToString(), event, good.SerializeToString()])
        data = with_event_bytes(one_line_space([good] * 3), lambda e, edits=edits: next(edits))
        with pytest.raises(ProfileError):
            decode_space_fast(data)


def mutate(event: bytes, rng: random.Random) -> bytes:
    data = bytearray(event)
    for _ in range(rng.randint(1, 3)):
        choice = rng.random()
        if choice < 0.5 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif choice < 0.75 and data:
            del data[rng.randrange(len(data)) :]
        else:
            data.insert(rng.randrange(len(data) + 1), rng.randrange(256))
    return bytes(data)


def test_random_damage_is_decoded_like_protobuf_or_refused() -> None:
    """Flipped, cut and inserted bytes in one event: same result as protobuf, or ProfileError.

    The only accepted difference: invalid UTF-8 in a string stat (protobuf refuses it).
    """
    rng = random.Random(20261122)
    original = edge_case_space()
    outcomes = {"equal": 0, "both refuse": 0, "utf-8": 0}
    for _ in range(400):
        target = rng.randrange(5)
        edits = iter(range(10**6))
        data = with_event_bytes(
            original, lambda e, edits=edits, target=target: mutate(e, rng) if next(edits) == target else e
        )
        try:
            ref = decode_space_pb(data)
        except DecodeError as exc:
            ref, ref_error = None, str(exc)
        try:
            fast = decode_space_fast(data)
        except ProfileError:
            fast = None
        if ref is not None:
            assert fast is not None, "protobuf decodes it, so must the fast decoder"
            assert_space_same(fast, ref)
            outcomes["equal"] += 1
        elif fast is None:
            outcomes["both refuse"] += 1
        else:
            assert "UTF-8" in ref_error or not protobuf_names_utf8_errors()  # the one refusal we read past
            outcomes["utf-8"] += 1
    assert min(outcomes.values()) > 0, outcomes


def test_files_over_2_gib_are_parsed_plane_by_plane(monkeypatch: pytest.MonkeyPatch) -> None:
    """protobuf cannot parse a message of 2 GiB: such files are split into planes first."""
    monkeypatch.setattr(decode_fast, "_SPLIT_FILES_FROM", 64)  # every file here takes that path
    for path in FIXTURES[:3]:
        assert_decoders_agree(path.read_bytes())
    assert_decoders_agree(edge_case_space().SerializeToString())
    monkeypatch.setattr(decode_fast, "_PROTOBUF_LIMIT", 64)  # a plane beyond the limit: a clear refusal
    with pytest.raises(ProfileError, match="2 GiB"):
        decode_space_fast(FIXTURES[0].read_bytes())
