"""The C module reads a plane header's metadata maps exactly as protobuf's parse gives them.

``decode_native.header_metadata`` reads the ``event_metadata`` and ``stat_metadata`` maps with
``_wire.read_header`` after protobuf has parsed (and so checked) the header; where the bytes
hold what protobuf merges, ``read_header`` answers None and protobuf's parse is read instead.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_decode_fast import FIXTURES, assert_array_same, assert_stats_same, mutate
from wire_bytes import field_bytes, protobuf_names_utf8_errors, tag, varint

from nbprof.proto import xplane_lazy_pb2, xplane_pb2
from nbprof.xspace import decode_native, raw
from nbprof.xspace.metadata_frames import MetadataFrames
from nbprof.xspace.plane_header import event_metadata_of, stat_metadata_of, stats_from_messages

pytestmark = pytest.mark.skipif(not decode_native.available(), reason="the C decoder was not compiled here")


def entry(key: bytes | None, *values: bytes) -> bytes:
    """A map entry's bytes: ``key`` (a varint's bytes) and each value message."""
    body = (tag(1, 0) + key if key is not None else b"") + b"".join(field_bytes(2, v) for v in values)
    return body


def assert_header_read_like_protobuf(data: bytes) -> None:
    """``header_metadata`` (C, or protobuf where the C module declines) equals protobuf's maps, and
    ``header_parts``' plane stats equal those of protobuf's parse."""
    parsed = xplane_lazy_pb2.LazyXPlane.FromString(data)
    em, sm = decode_native.header_metadata(data, parsed)
    assert_stats_same(decode_native.header_parts(data, parsed)[2], stats_from_messages([parsed.stats]), "plane stats")
    ref_em, ref_sm = event_metadata_of(parsed.event_metadata), stat_metadata_of(parsed.stat_metadata)
    assert sm == ref_sm
    assert_array_same(em.id, ref_em.id, "event_metadata.id")
    assert (em.name, em.display_name, em.metadata, em.child_ids) == (
        ref_em.name,
        ref_em.display_name,
        ref_em.metadata,
        ref_em.child_ids,
    )
    assert_stats_same(em.stats, ref_em.stats, "event_metadata stats")


def header_of(plane: xplane_pb2.XPlane) -> bytes:
    return plane.SerializeToString()


def rich_plane() -> xplane_pb2.XPlane:
    plane = xplane_pb2.XPlane(id=3, name="/device:GPU:0")
    for k in (9, -2, 0, 1 << 40, 5):
        m = plane.event_metadata[k]
        m.id, m.name, m.display_name, m.metadata = k, f"op{k} é", f"disp{k}", bytes([k & 0xFF, 0, 200])
        m.child_id.extend([k, -1, 1 << 62] if k % 2 else [])
        m.stats.add(metadata_id=1, str_value=f"s{k}")
        m.stats.add(metadata_id=2, int64_value=-k)
        m.stats.add(metadata_id=3, double_value=-0.0 if k else float("nan"))
        m.stats.add(metadata_id=4, bytes_value=b"\xff\x00")
        m.stats.add(metadata_id=-5, uint64_value=(1 << 64) - 1)
        m.stats.add(metadata_id=6, ref_value=7)
        m.stats.add(metadata_id=7)
    plane.event_metadata[4].name = ""  # an entry whose value has no fields but stats
    for k in (1, 7, -3, 0):
        plane.stat_metadata[k].CopyFrom(xplane_pb2.XStatMetadata(id=k, name=f"stat{k}", description="d" * k))
    plane.stats.add(metadata_id=1, int64_value=4)
    plane.stats.add(metadata_id=2, int64_value=-(1 << 63))
    plane.stats.add(metadata_id=3, double_value=float("-inf"))
    plane.stats.add(metadata_id=-4, str_value="peak é")
    plane.stats.add(metadata_id=5, bytes_value=b"\x00\xff")
    plane.stats.add(metadata_id=6, uint64_value=(1 << 64) - 1)
    plane.stats.add(metadata_id=7, ref_value=1)
    plane.stats.add(metadata_id=8)
    return plane


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.parts[-4])
def test_fixture_headers_are_read_like_protobuf(path) -> None:  # type: ignore[no-untyped-def]
    data = path.read_bytes()
    spans = decode_native.split_space(data)[0]
    for start, stop in spans:
        header = decode_native._wire.read_plane(data, start, stop, False)["header"]
        assert decode_native._wire.read_header(header) is not None
        assert_header_read_like_protobuf(header)


def test_every_value_kind_and_odd_key() -> None:
    data = header_of(rich_plane())
    assert decode_native._wire.read_header(data) is not None
    assert_header_read_like_protobuf(data)


# Hand-made map entries protobuf reads in its own way: (bytes, whether the C module reads them).
EM, SM = 4, 5
ODD_HEADERS = {
    "key_twice_in_the_map_last_wins": (
        field_bytes(EM, entry(varint(1), field_bytes(2, b"a") + field_bytes(5, field_bytes(5, b"x"))))
        + field_bytes(EM, entry(varint(2), field_bytes(2, b"b")))
        + field_bytes(EM, entry(varint(1), field_bytes(2, b"c")))
        + field_bytes(SM, entry(varint(3), field_bytes(2, b"s")))
        + field_bytes(SM, entry(varint(3), field_bytes(3, b"t"))),
        True,
    ),
    "key_twice_in_an_entry": (field_bytes(EM, tag(1, 0) + varint(8) + entry(varint(9), field_bytes(2, b"a"))), True),
    "no_key": (field_bytes(EM, entry(None, field_bytes(2, b"a"))) + field_bytes(SM, entry(None, b"")), True),
    "no_value": (field_bytes(EM, entry(varint(4))) + field_bytes(SM, entry(varint(4))), True),
    "empty_entries": (field_bytes(EM, b"") + field_bytes(SM, b""), True),
    "value_twice_is_merged_by_protobuf": (
        field_bytes(EM, entry(varint(1), field_bytes(2, b"a") + tag(6, 0) + varint(3), field_bytes(4, b"d")))
        + field_bytes(SM, entry(varint(2), field_bytes(2, b"n"), field_bytes(3, b"d"))),
        False,
    ),
    "entry_with_other_fields_is_dropped_by_protobuf": (
        field_bytes(EM, field_bytes(9, b"zz") + entry(varint(1), field_bytes(2, b"a")))
        + field_bytes(EM, tag(1, 2) + varint(1) + b"k" + entry(varint(2), field_bytes(2, b"a"))),
        False,
    ),
    "fields_with_other_wire_types_are_unknown": (
        field_bytes(EM, entry(varint(5), tag(2, 0) + varint(1) + field_bytes(2, b"n")))
        + field_bytes(EM, entry(varint(6), tag(5, 0) + varint(1) + tag(3, 5) + b"abcd"))
        + tag(EM, 0)
        + varint(7)
        + field_bytes(SM, entry(varint(2), tag(3, 1) + b"12345678" + field_bytes(3, b"desc"))),
        True,
    ),
    "unknown_fields_and_groups_are_skipped": (
        field_bytes(EM, entry(varint(1), field_bytes(9, b"zz") + tag(10, 3) + tag(11, 0) + varint(1) + tag(10, 4)))
        + field_bytes(EM, entry(varint(2), b""))
        + tag(12, 3)
        + tag(12, 4)
        + field_bytes(SM, entry(varint(1), tag(15, 5) + b"wxyz")),
        True,
    ),
    "child_ids_packed_and_not": (
        field_bytes(
            EM,
            entry(varint(1), tag(6, 0) + varint(5) + field_bytes(6, varint(-1) + varint(2)) + tag(6, 0) + varint(9)),
        ),
        True,
    ),
    "last_name_and_oneof_value_win": (
        field_bytes(
            EM,
            entry(
                varint(1),
                field_bytes(2, b"a")
                + field_bytes(2, b"b")
                + field_bytes(3, b"m1")
                + field_bytes(3, b"m2")
                + field_bytes(
                    5, tag(4, 0) + varint(-3) + field_bytes(5, b"s") + tag(1, 0) + varint(2) + tag(1, 0) + varint(4)
                )
                + field_bytes(5, field_bytes(6, b"b") + tag(2, 1) + b"\x00" * 7 + b"\x80"),
            ),
        ),
        True,
    ),
}


@pytest.mark.parametrize("name", sorted(ODD_HEADERS))
def test_odd_maps_are_read_like_protobuf(name: str) -> None:
    data, read_in_c = ODD_HEADERS[name]
    assert (decode_native._wire.read_header(data) is not None) == read_in_c
    assert_header_read_like_protobuf(data)


def test_invalid_utf8_is_left_to_protobuf() -> None:
    """Protobuf refuses a header whose names are not UTF-8; the C module declines them too."""
    data = field_bytes(SM, entry(varint(1), field_bytes(2, b"\xff")))
    with pytest.raises(Exception) as refused:
        xplane_lazy_pb2.LazyXPlane.FromString(data)
    if protobuf_names_utf8_errors():
        assert "utf" in str(refused.value).lower()
    assert decode_native._wire.read_header(data) is None


def test_random_damage_is_read_like_protobuf() -> None:
    """Flipped, cut and inserted bytes in a header: where protobuf parses it, the same maps."""
    rng = random.Random(7)
    base = header_of(rich_plane())
    parsed = 0
    for _ in range(3000):
        data = mutate(base, rng)
        try:
            xplane_lazy_pb2.LazyXPlane.FromString(data)
        except Exception:
            continue
        parsed += 1
        assert_header_read_like_protobuf(data)
    assert parsed > 200


def _plane_with_metadata(ids: list[int]) -> raw.RawPlane:
    k = len(ids)
    stats = raw.RawStats(
        owner=np.array([0, 2, 2], np.int64),
        metadata_id=np.array([1, 1, 2], np.int64),
        kind=np.zeros(3, np.int8),
        int_value=np.zeros(3, np.uint64),
        double_value=np.zeros(3),
        obj_value=np.full(3, None, object),
    )
    em = raw.RawEventMetadata(
        id=np.array(ids, np.int64),
        name=[f"n{i}" for i in ids],
        display_name=[f"d{i}" for i in ids],
        metadata=[b""] * k,
        child_ids=[[i] for i in ids],
        stats=stats,
    )
    no_lines = raw.RawLines(*(np.zeros(0, np.int64),) * 2, [], [], *(np.zeros(0, np.int64),) * 3)
    return raw.RawPlane(
        0, "p", no_lines, decode_native._NO_EVENTS, em, {9: ("b", ""), 2: ("a", "x")}, raw.RawStats.empty()
    )


def test_metadata_frames_sort_unsorted_event_metadata() -> None:
    """Decoders give event metadata sorted by id; other orders are sorted as before (stably)."""
    frames = MetadataFrames()
    frames.add_plane("h", _plane_with_metadata([5, 1, 3, 1]), 0, np.zeros(0, np.int64))
    df = frames.event_metadata_frame()
    assert df["metadata_id"].tolist() == [1, 1, 3, 5]
    assert df["name"].tolist() == ["n1", "n1", "n3", "n5"]
    assert df["num_stats"].tolist() == [0, 0, 2, 1]
    assert df["child_ids"].tolist() == [[1], [1], [3], [5]]
    sm = frames.stat_metadata_frame()
    assert sm["metadata_id"].tolist() == [2, 9] and sm["name"].tolist() == ["a", "b"]


def test_unsorted_entries_with_and_without_a_key_twice() -> None:
    """Entries out of key order (as the AMD profiles write them) are sorted by key by one argsort where no
    key repeats and by the last entry of each key where one does: both as protobuf's map gives them."""
    from nbprof.xspace.plane_header import _items, _key_order

    plane = rich_plane()
    for k in (70, 3, 41, 12, 8):  # without stats, after the rich ones
        plane.event_metadata[k].name = f"late{k}"
    data = header_of(plane)
    assert_header_read_like_protobuf(data)
    again = xplane_pb2.XPlane()
    again.event_metadata[3].name = "replaced"
    again.event_metadata[9].display_name = "replaced too"
    assert_header_read_like_protobuf(data + header_of(again))  # concatenated messages: a key's last entry wins
    keys = [5, 3, 9, 3, -1]
    ids, rows = _key_order(np.array(keys, np.int64), keys)
    assert ids.tolist() == [-1, 3, 5, 9] and rows == [4, 3, 0, 2]
    ids, rows = _key_order(np.array(keys[:3], np.int64), keys[:3])
    assert ids.tolist() == [3, 5, 9] and rows == [1, 0, 2]
    assert _items(["a", "b", "c"], [2, 0]) == ["c", "a"] and _items(["a", "b"], [1]) == ["b"] and _items([], []) == []
