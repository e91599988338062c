"""Text from a profile is untrusted: make it safe to print and to write as CSV.

Names, stats and paths in a profile can hold anything. Where nbprof writes them to a
terminal, control characters (ANSI escape sequences among them) are shown escaped; where
it writes them to CSV, a cell that a spreadsheet would read as a formula is prefixed with a
single quote (OWASP's advice for CSV injection).
"""

from __future__ import annotations

import re
import sys
from typing import Any, TextIO

import pandas as pd

# C0 and C1 control characters and DEL, except tab and newline; and with them.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CONTROL_ONE_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def printable(text: Any, one_line: bool = False) -> str:
    """``text`` with control characters (terminal escape sequences included) written as ``\\xNN``;
    with ``one_line``, tabs and newlines too (a name that must not start a line of its own)."""
    pattern = _CONTROL_ONE_LINE if one_line else _CONTROL
    return pattern.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def csv_safe_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as text: strings starting with ``= + - @``, tab or CR get a
    leading ``'``. Numbers and other values are returned unchanged."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def csv_safe_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` whose text cells (object, string and categorical columns) are
    ``csv_safe_cell``-escaped; numeric columns are untouched."""
    out = frame.copy()
    for name in out.columns:
        column = out[name]
        if isinstance(column.dtype, (pd.CategoricalDtype, pd.StringDtype)) or column.dtype == object:
            out[name] = column.astype(object).map(csv_safe_cell, na_action="ignore")
    return out


class StatusLine:
    """One line on a terminal stream, rewritten in place with ``\\r`` and finished with a newline
    (the progress of loads and captures). Writing never raises: progress must never break the work."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self._width = 0

    def write(self, line: str) -> None:
        """Show ``line`` in place of the previous one."""
        pad = max(self._width - len(line), 0)
        self._width = len(line)
        try:
            self.stream.write("\r" + line + " " * pad)
            self.stream.flush()
        except Exception:  # noqa: BLE001 - a closed or broken stream: progress is not worth an error
            pass

    def close(self) -> None:
        """End the line (nothing when nothing was written)."""
        if self._width:
            try:
                self.stream.write("\n")
                self.stream.flush()
            except Exception:  # noqa: BLE001
                pass
