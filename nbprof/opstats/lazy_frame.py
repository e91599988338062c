"""A dataclass field holding a DataFrame, or a function making it on first read (the builders' dbs keep
their columns as arrays and make the frame only where something reads it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd


class FrameOrMaker:
    """Descriptor of a field given a frame, or a function making it: the function is called on the field's
    first read and its frame kept. Stored in the instance's ``__dict__`` under ``_<field name>``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.slot = f"_{name}"

    def __get__(self, obj: Any, owner: type | None = None) -> pd.DataFrame:
        if obj is None:
            raise AttributeError(self.name)  # the dataclass field has no default
        value = obj.__dict__[self.slot]
        if not isinstance(value, pd.DataFrame) and callable(value):
            value = obj.__dict__[self.slot] = value()
        return value

    def __set__(self, obj: Any, value: pd.DataFrame | Callable[[], pd.DataFrame]) -> None:
        obj.__dict__[self.slot] = value
