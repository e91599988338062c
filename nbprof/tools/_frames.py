"""Result frames of the memory tools, built from typed arrays with one construction per frame.

``frame(columns)`` is ``pd.DataFrame(columns)`` for columns whose final types are known: pandas'
constructor from arrays, without its per-column inference. Text columns are made from their
UTF-8 bytes and offsets (``text_array``: the ``string`` dtype; ``str_array``: what a frame infers
for str, pandas 3's ``str``), not by pyarrow's conversion of Python objects, which first sets up
pyarrow's pandas integration (about 2.5 ms once per process: a memory viewer in a fresh process
makes no other Arrow array). Where pandas keeps text elsewhere than in Arrow, or its internals
differ, its public constructors make the same frames.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pandas as pd

try:  # pandas' constructor of a frame from typed arrays (internal: pd.DataFrame where absent)
    from pandas.core.internals.construction import arrays_to_mgr as _arrays_to_mgr
except ImportError:  # pragma: no cover
    _arrays_to_mgr = None


def frame(columns: dict[str, Any]) -> pd.DataFrame:
    """``pd.DataFrame(columns)`` for final typed columns (1-D numpy or pandas arrays of one length)."""
    if _arrays_to_mgr is None or not hasattr(pd.DataFrame, "_from_mgr"):
        return pd.DataFrame(columns)
    n = len(next(iter(columns.values()))) if columns else 0
    labels = column_labels(tuple(columns)).copy()  # its own object: a frame may rename its columns
    try:
        mgr = _arrays_to_mgr(
            list(columns.values()), labels, pd.RangeIndex(n), verify_integrity=False, consolidate=False
        )
        return pd.DataFrame._from_mgr(mgr, axes=mgr.axes)
    except (TypeError, AttributeError):  # a pandas whose internals differ: its public constructor
        return pd.DataFrame(columns)


@functools.lru_cache(maxsize=16)
def column_labels(names: tuple[str, ...]) -> pd.Index:
    """The column Index ``pd.DataFrame`` makes of a dict with keys ``names``."""
    array = _arrow_strings(np.asarray(names, dtype=object), None, _inferred_str_dtype())
    return pd.Index(list(names)) if array is None else pd.Index(array)


def text_array(values: Any, codes: np.ndarray | None = None) -> Any:
    """``pd.array(values, dtype="string")`` (of ``values[codes]`` where ``codes`` are given)."""
    table = np.asarray(values, dtype=object)
    out = _arrow_strings(table, codes, pd.StringDtype())
    return pd.array(table if codes is None else table[codes], dtype="string") if out is None else out


def str_array(values: Any, codes: np.ndarray | None = None) -> Any:
    """An object column of str (``values``, or ``values[codes]``) as ``pd.DataFrame`` types it: pandas'
    ``str`` dtype where it infers one (pandas 3), else the object array itself."""
    table = np.asarray(values, dtype=object)
    dtype = _inferred_str_dtype()
    out = _arrow_strings(table, codes, dtype)
    if out is not None:
        return out
    objects = table if codes is None else table[codes]
    if isinstance(dtype, pd.StringDtype) and all(type(v) is str for v in objects.tolist()):
        return pd.array(objects, dtype=dtype)
    return objects


def _inferred_str_dtype() -> Any:
    """What pandas infers for a column of str: pandas 3's ``str`` (a StringDtype), else numpy's str."""
    return pd.api.types.pandas_dtype("str")


def _arrow_strings(table: np.ndarray, codes: np.ndarray | None, dtype: Any) -> Any:
    """``table`` (or ``table[codes]``) as the Arrow-backed pandas array of ``dtype``, made from the UTF-8
    bytes and offsets; None unless ``dtype`` is an Arrow StringDtype and the values used are all str."""
    if not isinstance(dtype, pd.StringDtype) or dtype.storage != "pyarrow":
        return None
    if codes is not None and len(table) > len(codes):  # a large table (a categorical's): the values used only
        used, codes = np.unique(codes, return_inverse=True)
        table = table[used]
    strings = table.tolist()
    if not all(type(v) is str for v in strings):
        return None
    try:
        encoded = [v.encode() for v in strings]
    except UnicodeEncodeError:  # a lone surrogate: pandas' own conversion says what it makes of it
        return None
    lengths = np.fromiter((len(e) for e in encoded), np.int64, len(encoded))
    if codes is not None:
        column = np.empty(len(encoded), dtype=object)
        column[:] = encoded
        encoded = column[codes].tolist()
        lengths = lengths[codes]
    import pyarrow as pa

    offsets = np.zeros(len(lengths) + 1, np.int64)
    np.cumsum(lengths, out=offsets[1:])
    array = pa.LargeStringArray.from_buffers(len(lengths), pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded)))
    try:
        out = dtype.construct_array_type()(array, dtype=dtype)
    except (TypeError, ValueError):  # another pandas' constructor
        return None
    return out if out.dtype == dtype else None
