"""Bytes of one ``.xplane.pb`` -> RawSpace, with clear errors for files that are not XSpace.

A cheap scan of the top-level fields checks the structure first, so random bytes, JSON,
gzip and truncated files are told apart before any decoding, and a file whose tail is
broken can still give its complete planes (``partial=True``).
"""

from __future__ import annotations

import os

from nbprof.errors import ProfileError, TruncatedProfileError
from nbprof.proto.wire import varint
from nbprof.xspace import raw


def scan_top_level(data: bytes) -> tuple[int, int, int, str | None]:
    """Check the XSpace's top-level fields.

    Returns (end of the last complete field, number of complete planes, total bytes, problem).
    ``problem`` is None for a whole file, else a sentence about where it breaks.
    """
    pos = 0
    n = len(data)
    planes = 0
    while pos < n:
        start = pos
        try:
            tag, pos = varint(data, pos)
        except ValueError:
            return start, planes, n, f"unreadable field header at byte {start:,}"
        field, wire = tag >> 3, tag & 7
        if field == 0 or wire in (3, 4, 6, 7):
            return start, planes, n, f"invalid field (number {field}, wire type {wire}) at byte {start:,}"
        try:
            if wire == 0:
                _, pos = varint(data, pos)
            elif wire == 1:
                pos += 8
            elif wire == 5:
                pos += 4
            else:
                length, pos = varint(data, pos)
                pos += length
        except ValueError:
            return start, planes, n, f"unreadable length at byte {start:,}"
        if pos > n:
            what = "a plane" if field == 1 else f"field {field}"
            return (
                start,
                planes,
                n,
                f"the file ends inside {what} that starts at byte {start:,} (needs {pos - start:,} bytes, has {n - start:,})",
            )
        if field in (1, 2, 3, 4) and wire != 2:
            return start, planes, n, f"field {field} has wire type {wire}, XSpace needs 2, at byte {start:,}"
        if field == 1:
            planes += 1
    return pos, planes, n, None


def sniff_format(data: bytes) -> str | None:
    """A sentence naming a wrong format (gzip, JSON, ...), or None when it may be XSpace."""
    head = data[:64].lstrip()
    if data[:2] == b"\x1f\x8b":
        return (
            "this is a gzip file, not a raw XSpace; JAX/TF write `<host>.trace.json.gz` (Chrome trace JSON) "
            "beside `<host>.xplane.pb` - load the .xplane.pb"
        )
    if head[:1] in (b"{", b"["):
        return "this is JSON (a Chrome trace or a tool's output?), not an XSpace protobuf - load the .xplane.pb file"
    if data[:4] == b"PK\x03\x04":
        return "this is a zip archive, not an XSpace protobuf - unpack it and load the .xplane.pb inside"
    return None


def _decoder():  # type: ignore[no-untyped-def]
    choice = os.environ.get("NBPROF_DECODER", "fast")
    if choice != "pb":
        try:
            from nbprof.xspace.decode_fast import decode_space_fast

            return decode_space_fast
        except ImportError:
            pass
    from nbprof.xspace.decode_pb import decode_space_pb

    return decode_space_pb


def decode_space(data: bytes, path: str, *, partial: bool = False) -> raw.RawSpace:
    """Decode one file's bytes; raise ProfileError (naming ``path``) when it is not a whole XSpace.

    With ``partial=True`` a file whose tail is broken gives its complete planes, and
    ``RawSpace.damage`` says what was dropped.
    """
    if len(data) == 0:
        raise ProfileError(
            "the file is empty (0 bytes)",
            path=path,
            hint="the capture may have failed or still be writing; capture again",
        )
    wrong = sniff_format(data)
    end, planes, total, problem = scan_top_level(data)
    # A whole XSpace can look like JSON: b"\n{" is a first plane of 123 bytes (and b"\n[" of 91).
    if wrong and (problem is not None or planes == 0):
        raise ProfileError(wrong, path=path)
    damage = None
    if problem is not None:
        if planes == 0:
            raise ProfileError(
                f"not an XSpace profile: {problem}",
                path=path,
                hint="is this really an .xplane.pb file? It may be corrupt",
            )
        message = (
            f"the file is truncated or corrupt: {problem}; the {planes} plane(s) before byte {end:,} "
            f"of {total:,} are whole"
        )
        if not partial:
            raise TruncatedProfileError(
                message, path=path, hint="pass partial=True to nbprof.load to read the whole planes"
            )
        damage = message
        data = data[:end]
    decode = _decoder()
    try:
        space = decode(data)
    except ProfileError as exc:
        raise ProfileError(f"cannot decode: {exc}", path=path, hint="the file is corrupt") from None
    except MemoryError:
        raise  # not a corrupt file: nbprof.load says how much memory loading needs
    except Exception as exc:  # protobuf's DecodeError and friends
        if "Arena alloc failed" in str(exc):  # upb's DecodeError when memory runs out
            raise MemoryError(str(exc)) from None
        raise ProfileError(
            f"cannot decode: {type(exc).__name__}: {exc}",
            path=path,
            hint="the file is corrupt or not an XSpace profile",
        ) from None
    space.damage = damage
    return space
