"""nbprof.proto.wire: the inline one-byte varint reads give the plain reader's fields."""

from __future__ import annotations

import random

from nbprof.proto.wire import fields, packed_ints, varint


def plain_fields(buf: bytes) -> list[tuple[int, int | bytes]]:
    """The reader every varint through ``varint``: what ``fields`` must give."""
    out: list[tuple[int, int | bytes]] = []
    pos = 0
    try:
        while pos < len(buf):
            key, pos = varint(buf, pos)
            num, wire = key >> 3, key & 7
            if wire == 0:
                value, pos = varint(buf, pos)
                out.append((num, value))
            elif wire == 2:
                size, pos = varint(buf, pos)
                out.append((num, buf[pos : pos + size]))
                pos += size
            elif wire == 1:
                pos += 8
            elif wire == 5:
                pos += 4
            else:
                break
    except ValueError:
        pass
    return out


def plain_packed_ints(value: bytes) -> list[int]:
    out: list[int] = []
    pos = 0
    try:
        while pos < len(value):
            v, pos = varint(value, pos)
            out.append(v)
    except ValueError:
        pass
    return out


def test_fields_and_packed_ints_match_the_plain_reader_on_random_buffers() -> None:
    rng = random.Random(13)
    alphabet = [
        0x00,
        0x01,
        0x02,
        0x03,
        0x05,
        0x08,
        0x09,
        0x0A,
        0x0B,
        0x0D,
        0x0F,
        0x10,
        0x12,
        0x1A,
        0x7F,
        0x80,
        0x81,
        0xFF,
    ]
    for _ in range(20000):
        n = rng.randint(0, 20)
        if rng.random() < 0.3:
            buf = bytes(rng.randint(0, 255) for _ in range(n))
        else:  # keys, lengths and continuation bytes: truncations in every place
            buf = bytes(rng.choice(alphabet) for _ in range(n))
        assert fields(buf) == plain_fields(buf), buf
        assert packed_ints(buf) == plain_packed_ints(buf), buf
    assert packed_ints(300) == [300]
    assert fields(b"\x08\x96\x01\x12\x02ab") == [(1, 150), (2, b"ab")]
