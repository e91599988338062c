"""Errors nbprof raises: one family, each message names the file and gives a hint."""

from __future__ import annotations


class NbprofError(Exception):
    """Base class of every error nbprof raises on purpose."""


class ProfileError(NbprofError):
    """A profile could not be found or read (missing, empty, corrupt, truncated, wrong format)."""

    def __init__(self, message: str, *, path: object = None, hint: str | None = None) -> None:
        self.message = message
        self.path = None if path is None else str(path)
        self.hint = hint
        text = message
        if path is not None and str(path) not in message:
            text = f"{path}: {message}"
        if hint:
            text = f"{text}\nHint: {hint}"
        super().__init__(text)


class TruncatedProfileError(ProfileError):
    """The file ends in the middle of a message: some planes may be whole, the tail is broken."""


class CaptureError(NbprofError):
    """A capture (in-process or remote) failed; the message says what to check."""


class NbprofWarning(UserWarning):
    """Base class of the warnings nbprof gives (the result is usable; something was left out)."""


class NbprofMemoryError(NbprofError, MemoryError):
    """A load or a tool needed more memory than the machine had; the message says how much the
    profile takes and what to load instead (also a ``MemoryError``, for code that catches those)."""


class EventsNotLoadedError(ProfileError):
    """A profile loaded per host (``nbprof.load(..., reduce_hosts=True)``) keeps no events
    frame of all hosts; the message says how to read one host's events."""
