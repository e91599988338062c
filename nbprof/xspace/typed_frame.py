"""DataFrames made of columns that are typed already, without pandas' per-column inference.

``pd.DataFrame(dict)`` checks and infers every column (about 10 us each, 0.6 ms for the
events frame of a small profile). The frame builders know their columns' final types, so
they hand them to pandas' own constructor of a frame from arrays and get the same frame.
"""

from __future__ import annotations

import functools

import numpy as np
import pandas as pd

try:  # pandas' look-up tables of an Index (internal: left to pandas where absent)
    from pandas._libs import index as _libindex
except ImportError:  # pragma: no cover
    _libindex = None

try:  # pandas' constructor of a frame from typed arrays (internal: pd.DataFrame where absent)
    from pandas.core.internals.construction import arrays_to_mgr as _arrays_to_mgr
except ImportError:  # pragma: no cover
    _arrays_to_mgr = None
_MGR_KIND = (  # pandas 2 also makes an ArrayManager and asks which (``typ``); pandas 3 has blocks only
    {"typ": "block"} if _arrays_to_mgr is not None and "typ" in _arrays_to_mgr.__code__.co_varnames else {}
)
try:  # the blocks and block manager arrays_to_mgr makes (internal: arrays_to_mgr where absent)
    from pandas._libs.internals import BlockPlacement as _BlockPlacement
    from pandas.core.internals.blocks import ExtensionBlock as _ExtensionBlock
    from pandas.core.internals.blocks import NumpyBlock as _NumpyBlock
    from pandas.core.internals.managers import BlockManager as _BlockManager
except ImportError:  # pragma: no cover
    _BlockManager = None


def typed_frame(columns: dict[str, object]) -> pd.DataFrame:
    """``pd.DataFrame(columns, copy=False)`` for columns that are final 1-D numpy arrays, pandas
    arrays or Series (RangeIndex) of one length: no copy, no inference, the same frame."""
    if not columns or _arrays_to_mgr is None or not hasattr(pd.DataFrame, "_from_mgr"):
        return pd.DataFrame(columns, copy=False)
    n = len(next(iter(columns.values())))  # type: ignore[arg-type]
    labels = _column_labels(tuple(columns)).copy()  # its own object: a frame may rename its columns
    arrays = list(columns.values())
    try:
        blocks = _column_blocks(arrays, n)
        if blocks is not None:
            mgr = _BlockManager(blocks, [labels, pd.RangeIndex(n)], verify_integrity=False)
        else:
            mgr = _arrays_to_mgr(
                arrays, labels, pd.RangeIndex(n), verify_integrity=False, consolidate=False, **_MGR_KIND
            )
        return pd.DataFrame._from_mgr(mgr, axes=mgr.axes)
    except (TypeError, AttributeError, ValueError):  # a pandas whose internals differ: its public constructor
        return pd.DataFrame(columns, copy=False)


def _column_blocks(arrays: list[object], n: int) -> list[object] | None:
    """A block per column, as ``arrays_to_mgr`` makes them unconsolidated (a 1-row view of a numpy
    array, the extension array itself), without its checks and conversions of each column: for
    ``n``-row numpy arrays of numbers, bools or objects and 1-D-only extension arrays (categorical,
    nullable, Arrow); None where a column is anything else (a Series, datetimes, numpy str)."""
    if _BlockManager is None:
        return None
    blocks = []
    for i, values in enumerate(arrays):
        if type(values) is np.ndarray:
            if values.ndim != 1 or len(values) != n or values.dtype.kind not in "biufcO":
                return None
            blocks.append(_NumpyBlock(values.reshape(1, -1), _BlockPlacement(i), 2))
        elif (
            isinstance(values, pd.api.extensions.ExtensionArray)
            and not getattr(values.dtype, "_supports_2d", True)
            and not isinstance(values, pd.arrays.NumpyExtensionArray)
            and len(values) == n
        ):
            blocks.append(_ExtensionBlock(values, _BlockPlacement(i), 2))
        else:
            return None
    return blocks


def take_rows(
    frame: pd.DataFrame,
    rows: np.ndarray,
    *,
    renumber: bool = False,
    replaced: dict[str, object] | None = None,
) -> pd.DataFrame:
    """``frame.take(rows)`` for positions in range (not negative): the same frame (index included;
    a new RangeIndex where ``renumber``), its Arrow string columns taken without pyarrow's pandas
    layer (see ``take_array``). ``replaced`` gives columns' new values (final arrays, one per row
    taken) instead of their taken ones, as assigning them afterwards would."""
    get_values = getattr(frame._mgr, "iget_values", None)
    replaced = replaced or {}
    if _arrays_to_mgr is None or get_values is None or not hasattr(pd.DataFrame, "_from_mgr"):
        return _assigned(frame.take(rows), renumber, replaced)
    names = frame.columns.tolist()  # once: iterating an Index of Arrow strings reads them one by one
    if len(set(names)) != len(names) or not set(replaced) <= set(names):
        return _assigned(frame.take(rows), renumber, replaced)
    arrays = [replaced[name] if name in replaced else take_array(get_values(i), rows) for i, name in enumerate(names)]
    index = pd.RangeIndex(len(rows)) if renumber else frame.index.take(rows)
    try:
        mgr = _arrays_to_mgr(arrays, frame.columns, index, verify_integrity=False, consolidate=False, **_MGR_KIND)
        return pd.DataFrame._from_mgr(mgr, axes=mgr.axes)
    except (TypeError, AttributeError, ValueError):  # pragma: no cover - a pandas whose internals differ
        return _assigned(frame.take(rows), renumber, replaced)


def column_arrays(frame: pd.DataFrame) -> dict[str, object] | None:
    """Each column of ``frame`` (distinct str labels) as its array, read only: a numpy array where its
    dtype is numpy's (``Series.to_numpy()``), else its pandas array (``Series.array``). Read from the
    frame's blocks (``frame[name]`` makes a Series per column: 20-40 us each on a wide frame), else
    through pandas' public API; None where labels repeat or are not all str."""
    names = frame.columns.tolist()  # once: iterating an Index of Arrow strings reads them one by one
    if len(set(names)) != len(names) or not all(type(name) is str for name in names):
        return None
    get_values = getattr(frame._mgr, "iget_values", None)
    if get_values is None or getattr(frame._mgr, "ndim", 2) != 2:
        return {name: _public_array(frame[name]) for name in names}
    return {name: read_only(get_values(i)) for i, name in enumerate(names)}


def _public_array(column: pd.Series) -> object:
    """``column_arrays``' array of a Series, through pandas' public API."""
    return read_only(column.to_numpy() if isinstance(column.dtype, np.dtype) else column.array)


def read_only(values: object) -> object:
    """A numpy array as a read-only view (``Series.to_numpy()`` of pandas 3: a frame's own values, or arrays
    a db shares with its readers, must stay as they are); a numpy-typed pandas array (datetimes) as its
    numpy array; other pandas arrays as they are."""
    if not isinstance(values, np.ndarray):
        if not isinstance(getattr(values, "dtype", None), np.dtype):
            return values
        values = np.asarray(values)
    view = values.view()
    view.flags.writeable = False
    return view


def _assigned(frame: pd.DataFrame, renumber: bool, replaced: dict[str, object]) -> pd.DataFrame:
    """``frame`` renumbered from 0 (where ``renumber``) with the ``replaced`` columns assigned."""
    out = frame.reset_index(drop=True) if renumber else frame
    for name, values in replaced.items():
        out[name] = values
    return out


def take_array(values: object, rows: np.ndarray) -> object:
    """The values of a column (a Series, numpy or pandas array) at positions ``rows`` (in range, not
    negative), as the column's own array type. pandas' take of an Arrow string column converts the
    positions through pyarrow's pandas layer, whose first use in a process costs ~2 ms; here they
    are made from their buffer."""
    if isinstance(values, pd.Series):
        values = values.to_numpy() if isinstance(values.dtype, np.dtype) else values.array
    array = values
    if isinstance(array, np.ndarray):
        return array[rows]
    if isinstance(array, pd.arrays.ArrowStringArray) and hasattr(array, "_from_pyarrow_array"):
        import pyarrow as pa

        positions = np.ascontiguousarray(rows, dtype=np.int64)
        gathered = _gathered_strings(array._pa_array, positions, array.dtype)
        if gathered is not None:
            return gathered
        indices = pa.Array.from_buffers(pa.int64(), len(positions), [None, pa.py_buffer(positions)])
        return array._from_pyarrow_array(array._pa_array.take(indices))
    return array.take(rows)  # type: ignore[attr-defined]


GATHER_MAX_BYTES = 1 << 20
"""Arrow strings of at most this many bytes are taken by numpy (``_gathered_strings``): a byte
index per byte taken (8 bytes each), so larger ones are left to Arrow's take."""


def _gathered_strings(chunked: object, positions: np.ndarray, dtype: object) -> object | None:
    """``ArrowStringArray`` of the strings at ``positions`` of an Arrow ``large_string`` array (chunked)
    without nulls, gathered from its offsets and bytes by numpy: Arrow's take costs ~0.6 ms on its
    first call in a process. None for other arrays (and beyond ``GATHER_MAX_BYTES``)."""
    parts = _string_buffers(chunked)
    if parts is None:
        return None
    offsets, data = parts
    starts = offsets[positions]
    lengths = offsets[positions + 1] - starts
    total = int(lengths.sum())
    if total > GATHER_MAX_BYTES:
        return None
    new_starts = np.cumsum(lengths) - lengths
    gather = np.repeat(starts - new_starts, lengths) + np.arange(total, dtype=np.int64)
    return _arrow_array(lengths, data[gather].tobytes(), dtype)


def _string_buffers(chunked: object) -> tuple[np.ndarray, np.ndarray] | None:
    """The offsets (int64, one more than the strings) and UTF-8 bytes (uint8) of a chunked Arrow
    ``large_string`` array without nulls, its chunks one after the other (a chunk's own buffers where
    there is one); None for other arrays, or chunks holding over ``GATHER_MAX_BYTES`` bytes in all."""
    import pyarrow as pa

    chunks = getattr(chunked, "chunks", None)
    if not chunks or any(c.null_count or c.type != pa.large_string() for c in chunks):
        return None
    offsets, data, base = [], [], 0
    for chunk in chunks:  # a chunk per stacked frame: a few
        _, offsets_buffer, data_buffer = chunk.buffers()
        own = np.frombuffer(offsets_buffer, np.int64)[chunk.offset : chunk.offset + len(chunk) + 1]
        held = np.frombuffer(data_buffer, np.uint8) if data_buffer is not None else np.empty(0, np.uint8)
        if len(chunks) == 1:
            return own, held
        data.append(held[own[0] : own[-1]])
        offsets.append(own[:-1] - own[0] + base)
        base += int(own[-1] - own[0])
        if base > GATHER_MAX_BYTES:
            return None
    offsets.append(np.array([base], np.int64))
    return np.concatenate(offsets), np.concatenate(data)


@functools.lru_cache(maxsize=16)
def _column_labels(names: tuple[str, ...]) -> pd.Index:
    """The column Index ``pd.DataFrame`` makes of a dict with keys ``names`` (frames of a kind share them),
    its look-up table made at once (``with_lookup``)."""
    return with_lookup(string_index(list(names)), names)


def with_lookup(index: pd.Index, labels: tuple[str, ...]) -> pd.Index:
    """``index`` (Arrow-backed str labels ``labels``) with the hash table its first ``get_loc`` would make
    (pandas' ``Index._engine``) made from ``labels``: pandas makes it from an object copy of the Arrow
    array, which costs 0.2 ms an Index, the first column read of each kind of frame. Left to pandas where
    its internals differ."""
    engine_type = getattr(_libindex, "StringObjectEngine", None)
    cache = getattr(index, "_cache", None)
    dtype = index.dtype
    arrow = getattr(dtype, "storage", None) == "pyarrow" and isinstance(dtype, pd.StringDtype)
    if engine_type is None or not isinstance(cache, dict) or type(index) is not pd.Index or not arrow:
        return index
    values = np.empty(len(labels), object)
    values[:] = labels
    cache.setdefault("_engine", engine_type(values, dtype.na_value))
    return index


def string_index(values: list[str]) -> pd.Index:
    """``pd.Index(values)`` for a non-empty list of str: the same Index, its Arrow strings made
    without pyarrow's pandas conversion (see ``strings``) and taken as they are (``pd.Index`` of
    an array copies it first: a fifth of the cost of a small one)."""
    column = strings(values)
    if not isinstance(column, pd.api.extensions.ExtensionArray):
        return pd.Index(values)
    if _simple_index is not None and getattr(column.dtype, "index_class", None) is pd.Index:
        try:
            return _simple_index(column)  # type: ignore[no-any-return]
        except (TypeError, AssertionError):  # a pandas whose internals differ
            pass
    return pd.Index(column)


def strings(values: list[str]) -> object:
    """A column of ``values`` (all str) typed as ``pd.DataFrame`` infers it: pandas' ``str``
    dtype where it is the default (pandas 3), else object; an empty list is float64 (as there).

    Arrow-backed strings are made from their UTF-8 bytes and offsets: the same array as
    ``pd.array(values, dtype="str")``, at about half its cost, and without pyarrow's pandas
    conversion layer, whose first use in a process costs 3 ms.
    """
    if not values:
        return np.empty(0, np.float64)
    dtype = _inferred_string_dtype()
    if dtype == np.dtype(object):
        out = np.empty(len(values), object)
        out[:] = values
        return out
    if getattr(dtype, "storage", None) == "pyarrow":
        try:
            return _arrow_strings(values, dtype)
        except (UnicodeEncodeError, TypeError, ValueError, ImportError):  # a lone surrogate, a pandas without it
            pass
    return pd.array(values, dtype=dtype)


def string_array(values: list[str], dtype: pd.StringDtype) -> object:
    """``pd.array(values, dtype=dtype)`` for a list of str and a pandas string dtype (``"str"`` or
    ``"string"``); Arrow-backed ones made from their buffers, as ``strings`` makes them."""
    if getattr(dtype, "storage", None) == "pyarrow":
        try:
            out = _arrow_strings(values, dtype)
            if out.dtype == dtype:  # type: ignore[attr-defined]
                return out
        except (UnicodeEncodeError, TypeError, ValueError, ImportError):  # not all str, a lone surrogate
            pass
    return pd.array(values, dtype=dtype)


def coded_strings(table: np.ndarray, codes: np.ndarray) -> object | None:
    """``strings(table[codes].tolist())`` for an object array ``table`` of distinct values and codes
    into it (>= 0): made from the UTF-8 bytes of the values used, each encoded once. None where
    that is not pandas' Arrow-backed ``str`` or a value used is not a str (the caller decides)."""
    dtype = _inferred_string_dtype()
    if getattr(dtype, "storage", None) != "pyarrow" or not len(codes):
        return None
    used = np.flatnonzero(np.bincount(codes, minlength=len(table)))
    distinct = table[used].tolist()
    if not all(type(v) is str for v in distinct):
        return None
    try:
        encoded = [v.encode() for v in distinct]
    except UnicodeEncodeError:  # a lone surrogate: pandas' own conversion says what it makes of it
        return None
    by_code = np.empty(len(table), dtype=object)  # the bytes of each value used, by its code
    by_code[used] = encoded
    lengths = np.zeros(len(table), np.int64)
    lengths[used] = [len(e) for e in encoded]
    return _arrow_array(lengths[codes], b"".join(by_code[codes].tolist()), dtype)


def repeated_strings(runs: list[tuple[str, int]]) -> object:
    """``strings`` of each value repeated its count of times (a host or plane name per row of a
    frame of metadata): its Arrow buffers made a run at a time, not a string at a time."""
    dtype = _inferred_string_dtype()
    if getattr(dtype, "storage", None) == "pyarrow" and any(k for _, k in runs):
        try:
            encoded = [value.encode() for value, _ in runs]
        except UnicodeEncodeError:  # a lone surrogate: pandas' own conversion says so
            pass
        else:
            counts = [k for _, k in runs]
            data = b"".join(e * k for e, k in zip(encoded, counts))
            lengths = np.repeat(np.array([len(e) for e in encoded], np.int64), counts)
            return _arrow_array(lengths, data, dtype)
    return strings([value for value, k in runs for _ in range(k)])


def _arrow_strings(values: list[str], dtype: object) -> object:
    """pandas' ``ArrowStringArray`` of ``values`` (all str) built from its Arrow buffers."""
    text = "".join(values)
    data = text.encode()
    if not data:  # all empty (display names, descriptions often are)
        lengths = np.zeros(len(values), np.int64)
    elif len(data) == len(text):  # ASCII: a character is a byte
        lengths = np.fromiter(map(len, values), np.int64, len(values))
    else:
        lengths = np.fromiter((len(v.encode()) for v in values), np.int64, len(values))
    return _arrow_array(lengths, data, dtype)


def _arrow_array(lengths: np.ndarray, data: bytes, dtype: object) -> object:
    """An ``ArrowStringArray`` of the strings of ``lengths`` bytes each, one after the other in ``data``."""
    import pyarrow as pa
    from pandas.arrays import ArrowStringArray

    offsets = np.zeros(len(lengths) + 1, np.int64)
    np.cumsum(lengths, out=offsets[1:])
    array = pa.LargeStringArray.from_buffers(len(lengths), pa.py_buffer(offsets), pa.py_buffer(data))
    return ArrowStringArray(array, dtype=dtype)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=1)
def _inferred_string_dtype() -> object:
    """The dtype a frame infers for a column of str: pandas' default string dtype where it
    infers one ("str" names it then), else object (pandas 2)."""
    if _using_string_dtype is not None and _using_string_dtype():
        try:  # what "str" names then, without pandas' look-up of the name (0.1 ms the first time)
            return pd.StringDtype(na_value=np.nan)
        except TypeError:  # pragma: no cover - a pandas whose StringDtype differs
            pass
    dtype = pd.api.types.pandas_dtype("str")
    return dtype if isinstance(dtype, pd.StringDtype) else np.dtype(object)


try:  # whether pandas infers its "str" dtype (internal, pandas 2.3+: the name's look-up where absent)
    from pandas._config import using_string_dtype as _using_string_dtype
except ImportError:  # pragma: no cover - pandas 2.2
    _using_string_dtype = None


def object_index(values: list[str]) -> pd.Index:
    """``pd.Index(values, dtype=object)`` for a list of str, without pandas' conversion and checks
    of the list (25 us an Index, 4 us this way; a load makes one per categorical column)."""
    array = np.empty(len(values), object)
    array[:] = values
    if _simple_index is not None:
        try:
            return _simple_index(array)  # type: ignore[no-any-return]
        except (TypeError, AssertionError):  # a pandas whose internals differ
            pass
    return pd.Index(array, dtype=object, copy=False)


_simple_index = getattr(pd.Index, "_simple_new", None)  # pandas' Index of an array as it is (internal)


def code_dtype(n_categories: int) -> type:
    """pandas' dtype of the codes of a categorical of ``n_categories`` categories."""
    return np.int8 if n_categories < 127 else np.int16 if n_categories < 32767 else np.int32


def categories_dtype(categories: pd.Index) -> pd.CategoricalDtype:
    """``pd.CategoricalDtype(categories)`` for categories known to be distinct, without pandas'
    check that they are (a hash table of them: half the cost of a small categorical column)."""
    fastpath = getattr(pd.CategoricalDtype, "_from_fastpath", None)
    return fastpath(categories, False) if fastpath is not None else pd.CategoricalDtype(categories)
