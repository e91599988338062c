"""Parsing and checking what users type for remote captures: worker lists and durations."""

from __future__ import annotations

import re
from collections.abc import Iterable

from nbprof.errors import CaptureError

#: Longest capture accepted (ms): one hour. Servers hold the whole trace in memory.
MAX_DURATION_MS = 3_600_000

_SCHEME = re.compile(r"^grpc://", re.IGNORECASE)
_HOST_PORT = re.compile(r"^(?:\[(?P<ipv6>[0-9A-Fa-f:.%a-zA-Z]+)\]|(?P<host>[A-Za-z0-9_.\-]+)):(?P<port>[0-9]{1,5})$")
_DURATION = re.compile(r"^\s*(?P<num>[0-9]*\.?[0-9]+)\s*(?P<unit>ms|s|sec|m|min)?\s*$", re.IGNORECASE)
_UNIT_MS = {None: 1.0, "ms": 1.0, "s": 1000.0, "sec": 1000.0, "m": 60_000.0, "min": 60_000.0}

_EXAMPLE = "'host:port' or several 'host1:9012,host2:9012' (a 'grpc://' prefix is allowed)"


def parse_workers(workers: str | Iterable[str]) -> list[str]:
    """Worker addresses ``host:port`` from a comma-separated string or a list.

    ``grpc://`` prefixes and blanks are dropped; duplicates, a missing or out-of-range port
    and empty lists raise :class:`CaptureError`.
    """
    if isinstance(workers, str):
        items = workers.split(",")
    else:
        try:
            items = [str(w) for w in workers]
        except TypeError:
            raise CaptureError(f"workers must be {_EXAMPLE}, not {workers!r}") from None
    addresses: list[str] = []
    for raw in items:
        text = _SCHEME.sub("", raw.strip()).rstrip("/")
        if not text:
            continue
        match = _HOST_PORT.match(text)
        if match is None:
            raise CaptureError(
                f"malformed worker address {raw.strip()!r}: expected {_EXAMPLE}, "
                "for example 'localhost:9999' for jax.profiler.start_server(9999)."
            )
        port = int(match["port"])
        if not 1 <= port <= 65535:
            raise CaptureError(f"malformed worker address {raw.strip()!r}: port {port} is not in 1..65535.")
        if text in addresses:
            raise CaptureError(f"worker {text!r} is listed twice; each worker can be captured once at a time.")
        addresses.append(text)
    if not addresses:
        raise CaptureError(f"no worker address given: expected {_EXAMPLE}.")
    return addresses


def parse_duration_ms(duration: int | float | str) -> int:
    """A capture duration in ms from a number (ms) or a string such as ``'2s'``, ``'500ms'``, ``'1.5 s'``, ``'1m'``.

    Must be positive and at most one hour (:data:`MAX_DURATION_MS`).
    """
    if isinstance(duration, bool):
        raise CaptureError(f"duration must be a number of ms or a string like '2s', not {duration!r}.")
    if isinstance(duration, str):
        match = _DURATION.match(duration)
        if match is None:
            raise CaptureError(
                f"cannot read the duration {duration!r}: use a number of ms (2000) or a string like '2s' or '500ms'."
            )
        unit = match["unit"].lower() if match["unit"] else None
        value_ms = float(match["num"]) * _UNIT_MS[unit]
    elif isinstance(duration, (int, float)):
        value_ms = float(duration)
    else:
        raise CaptureError(f"duration must be a number of ms or a string like '2s', not {type(duration).__name__}.")
    if not value_ms == value_ms or value_ms <= 0:  # NaN or not positive
        raise CaptureError(f"the capture duration must be positive, got {duration!r} (ms unless a unit is given).")
    if value_ms > MAX_DURATION_MS:
        raise CaptureError(
            f"the capture duration {value_ms / 1000:,.0f} s is longer than the one-hour limit; "
            "profiles of a few seconds are usually enough (the server keeps the whole trace in memory)."
        )
    return max(int(round(value_ms)), 1)


def check_level(name: str, value: int, top: int) -> int:
    """A tracer level as an int in ``0..top``, else :class:`CaptureError`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise CaptureError(f"{name} must be an integer from 0 to {top}, got {value!r}.")
    return value
