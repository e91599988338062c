"""Stat values: names, the promoted stats (typed event columns), and values as Python, text or numbers.

A decoded stat is columnar (``raw.RawStats``): its kind says which value column holds it.
Everything here works on many stats at once, with one Python call per distinct stat name.

Numeric promotion (docs/frames.md): an ``Int64`` column takes int64 values, uint64 values
as their 64 bits (a value of 2**63 or more reads negative: ids such as tf.data iterator ids
and correlation ids stay unique and equal where the file's are) and finite doubles inside
the int64 range (truncated); a ``UInt64`` column takes uint64 values and int64 values as
their 64 bits; a ``Float64`` column takes every number. A double that is NaN, infinite or
beyond int64 is missing in an integer column (it used to be cast to an arbitrary integer
with a RuntimeWarning); ``stats`` keeps every value as written.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from nbprof.xspace import raw
from nbprof.xspace.typed_frame import code_dtype

# Stats promoted to typed event columns (docs/frames.md). Everything else is in `stats`; the
# producer/consumer stats (`_p`, `_pt`, `_c`, `_ct`) are also in `flows` (nbprof/xspace/flows.py); `run_id`
# and `device_ordinal` (XLA's, on most XLA CPU op events) are read from `stats` where needed.
STRING_STATS = (
    "hlo_op",
    "hlo_module",
    "tf_op",
    "long_name",
    "kernel_details",
    "step_name",
    "allocator_name",
    "region_type",
    "data_type",
    "shape",
    "tf_function_call",
    "memcpy_details",
    "hlo_category",
    "deduplicated_name",
    "shape_with_layout",
)
INT_STATS = (
    "step_num",
    "step_id",
    "group_id",
    "iter_num",
    "correlation_id",
    "context_id",
    "flops",
    "bytes_accessed",
    "bytes_allocated",
    "bytes_reserved",
    "bytes_available",
    "peak_bytes_in_use",
    "requested_bytes",
    "allocation_bytes",
    "addr",
    "_r",
    "is_eager",
    "index_on_host",
    "queue_id",
    "replica_id",
    "device_offset_ps",
    "device_duration_ps",
    "model_flops",
    "id",
    "parent_id",
    "element_id",
    "source_line",
    "symbol_id",
)
UINT_STATS = ("program_id",)
FLOW_STATS = ("_pt", "_p", "_ct", "_c")  # producer type and id, consumer type and id: ``flows`` (flows.py)
FLOAT_STATS = ("fragmentation",)
PROMOTED = {
    **{n: "str" for n in STRING_STATS},
    **{n: "int" for n in INT_STATS},
    **{n: "uint" for n in UINT_STATS},
    **{n: "float" for n in FLOAT_STATS},
}

StatNames = dict[int, tuple[str, str]]  # stat metadata id -> (name, description)

_INT64_HIGH_AS_FLOAT = 2.0**63  # the first double above int64's range


def ref_names(refs: np.ndarray, names: StatNames) -> np.ndarray:
    """Stat metadata name of each ref_value (object array; "" for an unknown id), one lookup per distinct id."""
    distinct, which = np.unique(refs, return_inverse=True)
    labels = np.array([names.get(int(r), ("", ""))[0] for r in distinct.tolist()] + [""], dtype=object)[:-1]
    return labels[which]


def name_codes(stats: raw.RawStats, names: StatNames) -> tuple[np.ndarray, list[str]]:
    """(code per stat, name per code): stat names as small integer codes, without sorting strings."""
    codes, uniq = int_codes(stats.metadata_id)
    return codes, [names.get(int(u), (f"<stat {int(u)}>", ""))[0] for u in uniq]


def ids_called(names: StatNames, wanted: set[str]) -> list[int]:
    """The stat metadata ids whose name (``name_codes``' label: ``<stat N>`` for an id ``names`` lacks)
    is one of ``wanted``, ascending."""
    ids = {mid for mid, (name, _) in names.items() if name in wanted}
    for label in wanted:  # an unnamed id's label
        if label.startswith("<stat ") and label.endswith(">"):
            try:
                mid = int(label[6:-1])
            except ValueError:
                continue
            if mid not in names and f"<stat {mid}>" == label:
                ids.add(mid)
    return sorted(ids)


def id_mask(metadata_id: np.ndarray, ids: list[int]) -> np.ndarray:
    """Whether each stat's metadata id is one of ``ids`` (``np.isin``; by a table where ids are small)."""
    if len(metadata_id) and 0 <= int(metadata_id.min()) and int(metadata_id.max()) < (1 << 20):
        top = int(metadata_id.max())
        table = np.zeros(top + 1, bool)
        table[[mid for mid in ids if 0 <= mid <= top]] = True
        return table[metadata_id]
    return np.isin(metadata_id, np.array([mid for mid in ids if -(2**63) <= mid < 2**63], np.int64))


def int_codes(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(code per value, distinct values ascending) of integers: ``np.unique(values, return_inverse=True)``
    the other way round, by a table instead of a sort where all are small and not negative (ids)."""
    if len(values) and 0 <= int(values.min()) and int(values.max()) < (1 << 20):
        present = np.flatnonzero(np.bincount(values.astype(np.intp, copy=False)))
        table = np.zeros(int(values.max()) + 1, np.int64)
        table[present] = np.arange(len(present))
        return table[values], present.astype(values.dtype, copy=False)
    uniq, codes = np.unique(values, return_inverse=True)
    return codes, uniq


def stat_names(stats: raw.RawStats, names: StatNames) -> np.ndarray:
    """Name of each stat (object array)."""
    codes, labels = name_codes(stats, names)
    return np.array(labels, dtype=object)[codes] if len(labels) else np.empty(0, object)


def promoted_rows(
    stats: raw.RawStats, names: StatNames, wanted: dict[str, str] = PROMOTED
) -> list[tuple[str, str, np.ndarray]]:
    """(stat name, kind, stat rows) for each promoted stat present in ``stats`` (of ``wanted``: name -> kind,
    ``PROMOTED`` or a part of it; the rows of the others are not looked for), one per stat metadata id
    (ids ascending: several ids may carry one name)."""
    ids = [mid for mid in ids_called(names, set(wanted)) if mid in names]  # the promoted names are real ones
    if len(ids) <= FEW_CODES:  # a pass per named id, no codes made (most planes name few of ``wanted``)
        by_id = [(names[mid][0], np.flatnonzero(stats.metadata_id == mid)) for mid in ids]
        return [(label, wanted[label], rows) for label, rows in by_id if len(rows)]
    codes, labels = name_codes(stats, names)
    found = [(code, label, kind) for code, label in enumerate(labels) if (kind := wanted.get(label)) is not None]
    if len(found) <= FEW_CODES:  # a pass per code costs less than the sort
        return [(label, kind, np.flatnonzero(codes == code)) for code, label, kind in found]
    positions, bounds = code_runs(codes, len(labels))
    return [(label, kind, positions[bounds[code] : bounds[code + 1]]) for code, label, kind in found]


FEW_CODES = 6
"""Up to this many codes, ``promoted_rows`` finds each one's rows by a pass over the codes; beyond, by
``code_runs``' one sort (numpy 2.4: the sort costs as much as 6-8 passes)."""


def code_runs(codes: np.ndarray, n_codes: int) -> tuple[np.ndarray, list[int]]:
    """``codes`` (ints in [0, ``n_codes``)) grouped by one stable sort: (positions, bounds) where the
    positions of code ``c`` are ``positions[bounds[c] : bounds[c + 1]]``, ascending, as
    ``np.flatnonzero(codes == c)`` gives them (one pass over the codes instead of one per code)."""
    positions = np.argsort(codes.astype(code_dtype(n_codes), copy=False), kind="stable")  # small ints: a radix sort
    bounds = [0, *np.cumsum(np.bincount(codes, minlength=n_codes)).tolist()]
    return positions, bounds


def value_strings(stats: raw.RawStats, rows: np.ndarray, names: StatNames) -> np.ndarray:
    """Text of the stats at ``rows``: str values, ref values resolved to names, numbers as text,
    bytes decoded (invalid UTF-8 replaced), ``None`` for a stat without a value."""
    out = np.full(len(rows), None, object)
    kind = stats.kind[rows]
    for code in distinct_kinds(kind):
        m = kind == code
        at = rows[m]
        if code == raw.KIND_STR:
            out[m] = stats.obj_value[at]
        elif code == raw.KIND_REF:
            out[m] = ref_names(stats.int_value[at], names)
        elif code == raw.KIND_INT64:
            out[m] = stats.int_value[at].view(np.int64).astype(str)
        elif code == raw.KIND_UINT64:
            out[m] = stats.int_value[at].astype(str)
        elif code == raw.KIND_DOUBLE:
            out[m] = stats.double_value[at].astype(str)
        elif code == raw.KIND_BYTES:
            out[m] = [b.decode("utf-8", "replace") for b in stats.obj_value[at]]
    return out


def text_codes(stats: raw.RawStats, rows: np.ndarray, names: StatNames) -> tuple[np.ndarray, list[str]]:
    """The text of the stats at ``rows`` as (code per stat, distinct texts by code): the text
    ``value_strings`` gives, "None" for a stat without a value (what ``str`` makes of it). Each
    distinct value is converted once: ref values by id, numbers by value, strings by hashing."""
    if 0 < len(rows) <= FEW_TEXT_ROWS:
        few = _few_int_text_codes(stats, rows, names)
        if few is not None:
            return few
    kind = stats.kind[rows]
    kinds = distinct_kinds(kind)
    if len(kinds) == 1:
        codes, texts = _kind_text_codes(stats, rows, kinds[0], names)
    else:
        codes = np.empty(len(rows), np.int64)
        texts = []
        for code in kinds:
            m = kind == code
            part, part_texts = _kind_text_codes(stats, rows[m], code, names)
            codes[m] = part + len(texts)
            texts.extend(part_texts)
    return _merged_texts(codes, texts)


FEW_TEXT_ROWS = 64
"""Up to this many stats, ``text_codes`` of integer stats (ref, int64, uint64: the usual text stats) is
made in Python (``_few_int_text_codes``): less than a dozen numpy calls cost on so few values."""

_INT_TEXT_KINDS = (raw.KIND_REF, raw.KIND_INT64, raw.KIND_UINT64)


def _few_int_text_codes(stats: raw.RawStats, rows: np.ndarray, names: StatNames) -> tuple[np.ndarray, list[str]] | None:
    """``text_codes`` of a few stats all of one integer kind, the same codes and texts, in Python; None
    where they are of another kind or of several."""
    kinds = stats.kind[rows].tolist()
    kind = kinds[0]
    if kind not in _INT_TEXT_KINDS or kinds.count(kind) != len(kinds):
        return None
    values = stats.int_value[rows].tolist()  # uint64 as Python ints: ascending as int_codes sorts them
    distinct = sorted(set(values))
    code_of = {value: code for code, value in enumerate(distinct)}
    if kind == raw.KIND_REF:
        texts = [names.get(r, ("", ""))[0] for r in distinct]
    elif kind == raw.KIND_INT64:  # the 64 bits as signed
        texts = [str(v - (1 << 64) if v >= 1 << 63 else v) for v in distinct]
    else:
        texts = [str(v) for v in distinct]
    first: dict[str, int] = {}  # equal texts merged into one code (first seen), as _merged_texts does
    merged = [first.setdefault(t, len(first)) for t in texts]
    if len(first) < len(texts):
        code_of = {value: merged[code] for value, code in code_of.items()}
        texts = list(first)
    return np.array([code_of[v] for v in values], np.int64), texts


def _kind_text_codes(
    stats: raw.RawStats, rows: np.ndarray, kind: int, names: StatNames
) -> tuple[np.ndarray, list[str]]:
    """``text_codes`` of stats all of one ``kind`` (texts not necessarily distinct)."""
    if kind in (raw.KIND_STR, raw.KIND_BYTES):
        codes, uniq = pd.factorize(stats.obj_value[rows])
        texts = uniq.tolist() if kind == raw.KIND_STR else [b.decode("utf-8", "replace") for b in uniq.tolist()]
        if len(codes) and int(codes.min()) < 0:  # a value missing (None): its text
            codes[codes < 0] = len(texts)
            texts.append("None")
        return codes, texts
    if kind == raw.KIND_DOUBLE:  # by bits: 0.0 and -0.0 read differently
        codes, bits = int_codes(stats.double_value[rows].view(np.uint64))
        return codes, bits.view(np.float64).astype(str).tolist()
    if kind in (raw.KIND_INT64, raw.KIND_UINT64, raw.KIND_REF):
        codes, uniq = int_codes(stats.int_value[rows])
        if kind == raw.KIND_REF:
            return codes, [names.get(r, ("", ""))[0] for r in uniq.tolist()]
        return codes, (uniq.view(np.int64) if kind == raw.KIND_INT64 else uniq).astype(str).tolist()
    return np.zeros(len(rows), np.int64), ["None"]  # no value (or a kind unknown here)


def _merged_texts(codes: np.ndarray, texts: list[str]) -> tuple[np.ndarray, list[str]]:
    """(codes, texts) with equal texts merged into one code (first seen)."""
    first: dict[str, int] = {}
    new_code = [first.setdefault(t, len(first)) for t in texts]
    if len(first) == len(texts):
        return codes, texts
    return np.array(new_code, np.int64)[codes], list(first)


def distinct_kinds(kind: np.ndarray) -> list[int]:
    """The distinct stat kinds (``raw.KIND_*``) in ``kind``, ascending; one comparison where all
    are alike (the usual case)."""
    if len(kind) and bool((kind == kind[0]).all()):
        return [int(kind[0])]
    return distinct_sorted(kind).tolist()


def distinct_sorted(values: np.ndarray) -> np.ndarray:
    """The distinct values of an integer array in ascending order: ``np.unique(values)`` by one sort
    (numpy 2.3+'s ``np.unique`` without ``return_*`` hashes instead, ~10x slower on small arrays)."""
    out = np.sort(values)
    return out[np.r_[True, out[1:] != out[:-1]]] if len(out) else out


def has_valueless(kind: np.ndarray) -> bool:
    """Whether any kind is not one ``value_strings`` writes text for (``KIND_NONE``, or unknown)."""
    return bool(len(kind)) and (int(kind.min()) < raw.KIND_DOUBLE or int(kind.max()) > raw.KIND_REF)


def values_python(stats: raw.RawStats, names: StatNames) -> np.ndarray:
    """Typed Python value per stat (int, float, str or bytes; ref resolved to str; None without a value)."""
    out = np.empty(len(stats), object)
    kind = stats.kind
    for k in (raw.KIND_STR, raw.KIND_BYTES):
        m = kind == k
        out[m] = stats.obj_value[m]
    m = kind == raw.KIND_REF
    if m.any():
        out[m] = ref_names(stats.int_value[m], names)
    m = kind == raw.KIND_INT64
    out[m] = stats.int_value[m].view(np.int64).tolist()
    m = kind == raw.KIND_UINT64
    out[m] = stats.int_value[m].tolist()
    m = kind == raw.KIND_DOUBLE
    out[m] = stats.double_value[m].tolist()
    return out


def few_values_python(stats: raw.RawStats, names: StatNames) -> list[object]:
    """``values_python(stats, names).tolist()`` a stat at a time: for a few stats (a plane's own), where
    its numpy temporaries cost more than the values."""
    out: list[object] = []
    for kind, number, double, obj in zip(
        stats.kind.tolist(), stats.int_value.tolist(), stats.double_value.tolist(), stats.obj_value.tolist()
    ):
        if kind == raw.KIND_STR or kind == raw.KIND_BYTES:
            out.append(obj)
        elif kind == raw.KIND_REF:
            out.append(names.get(number, ("", ""))[0])
        elif kind == raw.KIND_INT64:
            out.append(number - (1 << 64) if number >= 1 << 63 else number)  # its 64 bits as signed
        elif kind == raw.KIND_UINT64:
            out.append(number)
        elif kind == raw.KIND_DOUBLE:
            out.append(double)
        else:
            out.append(None)
    return out


def numeric_values(stats: raw.RawStats, rows: np.ndarray, kind: str) -> tuple[np.ndarray, np.ndarray]:
    """Values of the stats at ``rows`` for a promoted column of ``kind`` (int, uint or float):
    (values, valid); values that do not fit the column are not valid (see the module docstring)."""
    k = stats.kind[rows]
    iv = stats.int_value[rows]
    ints, uints, dbl = k == raw.KIND_INT64, k == raw.KIND_UINT64, k == raw.KIND_DOUBLE
    if kind == "float":
        vals = stats.double_value[rows]
        vals[ints] = iv[ints].view(np.int64)
        vals[uints] = iv[uints]
        return vals, dbl | ints | uints
    if kind == "uint":
        return iv, uints | ints
    vals = iv.view(np.int64)
    valid = ints | uints
    if dbl.any():
        doubles = stats.double_value[rows[dbl]]
        fits = np.isfinite(doubles) & (doubles >= -_INT64_HIGH_AS_FLOAT) & (doubles < _INT64_HIGH_AS_FLOAT)
        vals[dbl] = np.where(fits, doubles, 0.0).astype(np.int64)
        valid[dbl] = fits
    return vals, valid
