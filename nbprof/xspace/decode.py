"""Bytes of one ``.xplane.pb`` -> RawSpace, with clear errors for files that are not XSpace.

A cheap scan of the top-level fields checks the structure first, so random bytes, JSON,
gzip and truncated files are told apart before any decoding, and a file whose tail is
broken can still give its complete planes (``partial=True``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

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


def decoder_name() -> str:
    """The decoder ``decode_space`` uses: ``NBPROF_DECODER`` (``native``, ``fast`` or ``pb``)
    when set, else ``native`` where the C module was compiled, else ``fast`` (pure Python)."""
    choice = os.environ.get("NBPROF_DECODER", "")
    if choice in ("fast", "pb"):
        return choice
    from nbprof.xspace import decode_native

    return "native" if decode_native.available() else "fast"


def _decoder() -> Callable[[bytes], raw.RawSpace]:
    name = decoder_name()
    if name == "native":
        from nbprof.xspace.decode_native import decode_space_native

        return decode_space_native
    if name == "fast":
        from nbprof.xspace import decode_fast

        return decode_fast.decode_space_fast
    from nbprof.xspace.decode_pb import decode_space_pb

    return decode_space_pb


def check_structure(data: bytes, path: str, *, partial: bool = False) -> tuple[bytes, str | None]:
    """Refuse what is not a whole XSpace with a ProfileError naming ``path``.

    Returns the bytes to decode and None, or with ``partial=True`` for a file whose tail is
    broken, the bytes of its complete planes and a sentence saying what was dropped.
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
        raise ProfileError(
            wrong, path=path, hint="profilers write it as <logdir>/plugins/profile/<run>/<host>.xplane.pb"
        )
    if problem is None:
        return data, None
    if planes == 0:
        raise ProfileError(
            f"not an XSpace profile: {problem}",
            path=path,
            hint="is this really an .xplane.pb file? It may be corrupt",
        )
    message = (
        f"the file is truncated or corrupt: {problem}; the {planes} plane(s) before byte {end:,} of {total:,} are whole"
    )
    if not partial:
        raise TruncatedProfileError(
            message, path=path, hint="pass partial=True to nbprof.load to read the whole planes"
        )
    return data[:end], message


def decode_space(data: bytes, path: str, *, summaries: list[Any] | None = None) -> raw.RawSpace:
    """Decode bytes that passed ``check_structure``; a ProfileError naming ``path`` when they are corrupt.

    ``summaries`` (the native decoder's ``plane_summaries`` of the same bytes) saves a pass.
    """
    name = decoder_name()
    try:
        if name == "native":
            from nbprof.xspace.decode_native import decode_space_native

            return decode_space_native(data, summaries)
        return _decoder()(data)
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
