"""All-missing promoted columns that cost no memory, also after rows are selected.

A promoted stat that no event carries is an all-``<NA>`` nullable column (docs/frames.md).
Its values are read-only broadcast views (zero bytes per event). A plain pandas array would
turn into full arrays as soon as rows are taken (``events[mask]``, ``events.iloc[rows]``):
on 1.2M events, 27 such columns cost 500 MiB and 2 s. These subclasses answer a row
selection with another broadcast view; everything else is pandas' own behaviour, and an
array that holds values (after ``fillna``, a copy, an assignment) is a plain one again.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd


def _is_absent(array: Any) -> bool:
    mask = array._mask
    return mask.ndim == 1 and mask.strides[0] == 0 and bool(mask[:1].all())


def _selected_length(n: int, item: Any) -> int | None:
    """Rows ``item`` selects out of ``n`` (None: not a row selection this can answer)."""
    if isinstance(item, slice):
        return len(range(*item.indices(n)))
    key = np.asarray(item)
    if key.dtype == bool and key.shape == (n,):
        return int(np.count_nonzero(key))
    if key.dtype.kind in "iu" and key.ndim == 1:
        if len(key) and (int(key.max()) >= n or int(key.min()) < -n):
            raise IndexError(f"index out of bounds for a column of {n} rows")
        return len(key)
    return None


class _AbsentMixin:
    def __getitem__(self, item: Any) -> Any:
        if _is_absent(self):
            size = _selected_length(len(self), item)  # type: ignore[arg-type]
            if size is not None:
                return absent_like(self, size)
        return super().__getitem__(item)  # type: ignore[misc]

    def take(self, indexer: Any, *, allow_fill: bool = False, fill_value: Any = None) -> Any:
        if _is_absent(self) and (fill_value is None or pd.isna(fill_value)):
            indexer = np.asarray(indexer)
            n = len(self)  # type: ignore[arg-type]
            lowest = -1 if allow_fill else -n
            if len(indexer) and (int(indexer.max()) >= n or int(indexer.min()) < lowest):
                raise IndexError(f"index out of bounds for a column of {n} rows")
            return absent_like(self, len(indexer))
        return super().take(indexer, allow_fill=allow_fill, fill_value=fill_value)  # type: ignore[misc]


class AbsentIntegerArray(_AbsentMixin, pd.arrays.IntegerArray):
    """An ``Int64``/``UInt64`` column with no value (see the module docstring)."""


class AbsentFloatingArray(_AbsentMixin, pd.arrays.FloatingArray):
    """A ``Float64`` column with no value (see the module docstring)."""


def absent(np_dtype: type, n: int) -> pd.api.extensions.ExtensionArray:
    """An all-missing nullable array of ``n`` rows whose values take no memory."""
    cls = AbsentFloatingArray if np.dtype(np_dtype).kind == "f" else AbsentIntegerArray
    return masked(cls, constant(0, np_dtype, n), constant(True, np.bool_, n))


def masked(cls: Any, values: np.ndarray, mask: np.ndarray) -> Any:
    """``cls(values, mask)`` of a pandas masked array class (``IntegerArray``, ``FloatingArray``, or
    one of those above) for values and mask known to fit it (numpy values of its kind, a bool mask
    of their shape): the same array without its checks of them (a third of its cost)."""
    simple = getattr(cls, "_simple_new", None)
    return simple(values, mask) if simple is not None else cls(values, mask)


def constant(value: Any, dtype: Any, n: int) -> np.ndarray:
    """``n`` copies of ``value`` as a read-only view of one element (zero stride, no memory): what
    ``np.broadcast_to`` gives for a numeric scalar, at a sixth of its cost (an absent column
    takes two). It can never be made writeable (its buffer is an immutable ``bytes``)."""
    dtype = np.dtype(dtype)
    return np.ndarray((n,), dtype, buffer=np.array(value, dtype).tobytes(), strides=(0,))


def is_absent(series: pd.Series) -> bool:
    """Whether ``series`` is an all-missing column that takes no memory (``absent``)."""
    array = series.array
    return isinstance(array, _AbsentMixin) and _is_absent(array)


def absent_like(array: Any, n: int) -> pd.api.extensions.ExtensionArray:
    return absent(array._data.dtype.type, n)
