"""Protobuf wire-format bytes written by hand, for tests that build damaged or unusual messages."""

from __future__ import annotations


def varint(value: int) -> bytes:
    """A base-128 varint (negative values as their 64-bit two's complement, as protobuf writes them)."""
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def tag(field: int, wire: int) -> bytes:
    """A field's key: field number and wire type."""
    return varint(field << 3 | wire)


def field_bytes(field: int, payload: bytes) -> bytes:
    """A length-delimited field (wire type 2)."""
    return tag(field, 2) + varint(len(payload)) + payload


def protobuf_names_utf8_errors() -> bool:
    """Whether this protobuf says why it refuses a string that is not UTF-8 (protobuf 5.x's upb says only
    "Error parsing message"): tests check the reason only where protobuf gives one."""
    from nbprof.proto import xplane_pb2

    try:
        xplane_pb2.XPlane.FromString(field_bytes(2, b"\xff"))  # XPlane.name, one byte that is no UTF-8
    except Exception as exc:  # noqa: BLE001 - protobuf's error type differs between its back ends
        return "utf" in str(exc).lower()
    return False
