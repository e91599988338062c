"""A minimal protobuf wire-format reader: varints and top-level fields, without generated classes.

Used to check an XSpace's top-level structure before decoding (nbprof.xspace.decode) and by the
analysis tools that peek into small serialized messages (memory-access breakdowns, HLO protos).
"""

from __future__ import annotations

MAX_VARINT_BYTES = 10


def varint(buf: bytes, pos: int) -> tuple[int, int]:
    """(value, next position) of the varint at ``pos``; ValueError when truncated or over 10 bytes."""
    result = shift = 0
    end = min(len(buf), pos + MAX_VARINT_BYTES)
    while pos < end:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7
    raise ValueError("bad varint")


def fields(buf: bytes) -> list[tuple[int, int | bytes]]:
    """Top-level (field number, value) pairs: varints as int, length-delimited as bytes.

    Fixed-width fields are skipped; a malformed tail ends the list. One-byte varints (most keys,
    lengths and small values) are read inline, the others by ``varint``.
    """
    out: list[tuple[int, int | bytes]] = []
    append = out.append
    pos = 0
    n = len(buf)
    try:
        while pos < n:
            key = buf[pos]
            if key < 0x80:
                pos += 1
            else:
                key, pos = varint(buf, pos)
            num, wire = key >> 3, key & 7
            if wire == 2:
                size = buf[pos] if pos < n else 0x80  # past the end: varint raises
                if size < 0x80:
                    pos += 1
                else:
                    size, pos = varint(buf, pos)
                append((num, buf[pos : pos + size]))
                pos += size
            elif wire == 0:
                value = buf[pos] if pos < n else 0x80
                if value < 0x80:
                    pos += 1
                else:
                    value, pos = varint(buf, pos)
                append((num, value))
            elif wire == 1:
                pos += 8
            elif wire == 5:
                pos += 4
            else:
                break
    except ValueError:
        pass
    return out


def packed_ints(value: int | bytes) -> list[int]:
    """A repeated integer field's values, packed (bytes) or not (one int)."""
    if isinstance(value, int):
        return [value]
    out: list[int] = []
    pos = 0
    n = len(value)
    try:
        while pos < n:
            v = value[pos]
            if v < 0x80:
                pos += 1
            else:
                v, pos = varint(value, pos)
            out.append(v)
    except ValueError:
        pass
    return out
