"""What a trace-viewer request may ask, and the checks that hold every request to it.

The browser's messages arrive as JSON through the widget comm, so anything can come in: a NaN
from JavaScript arrives as ``null``, numbers beyond int64, strings where numbers belong, huge
lists, nested junk. Every parameter is checked here before any work is done, and bounded so
that one request cannot hold the kernel for long nor take much memory:

==================  =====================================================================
parameter           accepted
==================  =====================================================================
``start_ps``,       a finite number (int, or a float that is floored); values beyond the
``end_ps``          trace's span +- ``MAX_SPAN_PS`` (or int64) are clamped to that band
``width_px``        an integer (or integral float) in 1 .. ``MAX_WIDTH_PX``
``tracks``          ``null`` (every shown track) or a list of at most ``MAX_LIST_ITEMS`` track
                    ids (ints); names are accepted from Python only (``viewer.query``)
``lanes``           a list of at most ``MAX_LIST_ITEMS`` lane ids (ints)
``row``, ``index``  an integer (a row must exist; a search index wraps around the matches)
``pattern``         a string of at most ``MAX_PATTERN_CHARS`` characters
``regex``           true / false
``rid``             echoed when it is an int or a short string, else ``null``
==================  =====================================================================

A request outside these bounds gets an error reply (``TraceRequestError``), never an exception.
"""

from __future__ import annotations

import math
import reprlib
from typing import Any

import numpy as np

from nbprof.errors import NbprofError

MAX_WIDTH_PX = 16_384  # wider than an 8K screen at 2x with the viewer's side margins
MAX_LIST_ITEMS = 65_536  # track and lane lists (lanes travel as uint16)
MAX_PATTERN_CHARS = 200
MAX_RID_CHARS = 64
MAX_ERROR_CHARS = 600
INT64_MIN = int(np.iinfo(np.int64).min)
INT64_MAX = int(np.iinfo(np.int64).max)

_short = reprlib.Repr()
_short.maxstring = 60
_short.maxother = 60
_short.maxlist = _short.maxtuple = _short.maxdict = 4
_short.maxlevel = 2


class TraceRequestError(NbprofError):
    """A viewer request named something that does not exist or broke the bounds above."""


def describe(value: Any) -> str:
    """A short, safe repr of any request value for an error message (depth and length capped)."""
    try:
        return _short.repr(value)
    except Exception:  # a value whose repr fails is described by its type alone
        return f"<{type(value).__name__}>"


def as_int(value: Any, name: str) -> int:
    """An integer from a JSON number: ints as they are, finite floats floored; else an error."""
    if isinstance(value, (bool, np.bool_)):
        raise TraceRequestError(f"{name} must be a number, got {describe(value)}")
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(value):
            raise TraceRequestError(f"{name} must be a finite number, got {describe(value)}")
        return math.floor(value)
    raise TraceRequestError(f"{name} must be a number, got {describe(value)}")


def as_time(value: Any, name: str, lo: int, hi: int) -> int:
    """A time in ps, clamped to ``[lo, hi]``."""
    return min(max(as_int(value, name), lo), hi)


def as_width(value: Any) -> int:
    """A viewport width in pixels, 1 .. ``MAX_WIDTH_PX``."""
    width = as_int(value, "width_px")
    if not 1 <= width <= MAX_WIDTH_PX:
        raise TraceRequestError(f"width_px must be between 1 and {MAX_WIDTH_PX} pixels, got {width}")
    return width


def as_id_list(value: Any, name: str, count: int) -> list[int]:
    """Distinct ids in ``[0, count)`` from a list of ints, in first-seen order."""
    if not isinstance(value, (list, tuple)):
        raise TraceRequestError(f"{name} must be a list of integers, got {describe(value)}")
    if len(value) > MAX_LIST_ITEMS:
        raise TraceRequestError(f"{name} has {len(value):,} items; at most {MAX_LIST_ITEMS:,} are accepted")
    out = [as_int(v, name) for v in value]
    bad = [v for v in out if not 0 <= v < count]
    if bad:
        raise TraceRequestError(f"{name} holds {describe(bad)}: valid ids are 0 .. {count - 1}")
    return list(dict.fromkeys(out))


def as_track_list(value: Any, count: int) -> list[int] | None:
    """``None`` (the tracks shown) or distinct track ids; names are for the Python API only."""
    if value is None:
        return None
    return as_id_list(value, "tracks", count)


def as_pattern(value: Any) -> str:
    """A search pattern: a string of at most ``MAX_PATTERN_CHARS`` characters (``None`` = no search)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise TraceRequestError(f"pattern must be a string, got {describe(value)}")
    if len(value) > MAX_PATTERN_CHARS:
        raise TraceRequestError(
            f"the search pattern has {len(value):,} characters; at most {MAX_PATTERN_CHARS} are accepted"
        )
    return value


def as_flag(value: Any, name: str) -> bool:
    """A JSON boolean (missing = false)."""
    if value is None:
        return False
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TraceRequestError(f"{name} must be true or false, got {describe(value)}")


def echo_rid(message: Any) -> int | str | None:
    """The request id to echo: an int or a short string, else ``None``."""
    rid = message.get("rid") if isinstance(message, dict) else None
    if isinstance(rid, int) and not isinstance(rid, bool) and abs(rid) < 2**53:
        return rid
    if isinstance(rid, str) and len(rid) <= MAX_RID_CHARS:
        return rid
    return None


def request_kind(message: Any) -> str | None:
    """The request's ``type`` when it is a short string."""
    kind = message.get("type") if isinstance(message, dict) else None
    return kind if isinstance(kind, str) and len(kind) <= 40 else None


def error_reply(kind: str | None, text: str) -> dict:
    """The reply to a request that could not be answered (plain text, length capped)."""
    if len(text) > MAX_ERROR_CHARS:
        text = text[: MAX_ERROR_CHARS - 1] + "…"
    return {"type": "error", "request": kind, "error": text}
