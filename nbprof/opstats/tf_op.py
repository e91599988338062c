"""Framework op names as XProf reads them: ``name:type`` (TSL's ``ParseTfOpFullname``).

TensorFlow TraceMes are named ``scope/op_name:OpType``; JAX ops ``jit(f)/jit(main)/add:``
(an empty type is derived from the last name component, ``add``); tf.data iterators
``Iterator::Prefetch::Map`` (type ``Dataset``); GPU copies ``MEMCPYHToD``. Anything else is
"unknown" and XProf does not count it as a framework op on the host.

Parsing works on the distinct names (a categorical's categories), never per event.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

import numpy as np
import pandas as pd

UNKNOWN = "unknown"
TENSORFLOW = "tensorflow"
JAX = "jax"
TF_DATA = "tf_data"
MEMCPY = "memcpy"

DATASET_TYPE = "Dataset"

# TensorFlow's ``name:Type``: the characters a name and a type start with and hold (ASCII; an item is a
# character or a ``first-last`` range). The per-name regexes and the batch scan's byte tables are both
# made from these. The scan needs every type character to be a name character (a test checks).
_NAME_STARTS = ("A-Z", "a-z", "0-9", ".")
_NAME_CHARS = (*_NAME_STARTS, "_", "\\", "/", ">", "-")
_TYPE_STARTS = ("A-Z", "_")
_TYPE_CHARS = ("A-Z", "a-z", "0-9", "_")
_CLASS_ESCAPES = str.maketrans({"\\": "\\\\", "-": "\\-", "]": "\\]", "^": "\\^"})


def _char_class(items: tuple[str, ...]) -> str:
    """The regex character class of ``items`` (characters, escaped where a class needs it, and
    ``first-last`` ranges of letters or digits)."""
    return "[" + "".join([i.translate(_CLASS_ESCAPES) if len(i) == 1 else i for i in items]) + "]"


def _spans(items: tuple[str, ...]) -> list[slice]:
    """The code points of ``items`` (characters and ``first-last`` ranges), as one slice each."""
    return [slice(ord(i[0]), ord(i[-1]) + 1) for i in items]


_TF_NAME = re.compile(_char_class(_NAME_STARTS) + _char_class(_NAME_CHARS) + "*")
_TF_TYPE = re.compile(_char_class(_TYPE_STARTS) + _char_class(_TYPE_CHARS) + "*")
_JAX_TYPE = re.compile(r"[a-z_][a-z0-9_]*(\[.*\])?", re.S)
_MEMCPY_TYPES = ("MemcpyHToD", "MemcpyDToH", "MemcpyDToD", "MemcpyHToH")
_MEMCPY_UPPER = tuple(t.upper() for t in _MEMCPY_TYPES)


def _derive_op_type(full_name: str) -> str:
    """``model/layer/MatMul_1`` -> ``MatMul``: last name component without a numeric suffix."""
    op_name = full_name.split("/")[-1]
    suffix = op_name.split("_")[-1]
    if suffix.lstrip("+-").isdigit():
        return op_name[: len(op_name) - len(suffix) - 1]
    return op_name


@functools.lru_cache(maxsize=1 << 16)
def parse_tf_op_fullname(full_name: str) -> tuple[str, str, str]:
    """(kind, op name, op type) of one framework op full name; kind is one of the module constants.

    The type is ``""`` for unknown ops, as XProf's ``kUnknownOp``. Memoised: the op dbs, kernel
    stats and framework table parse the same names.
    """
    if ":" not in full_name:
        upper = full_name.upper()
        if upper.startswith(_MEMCPY_UPPER):
            for op_type, prefix in zip(_MEMCPY_TYPES, _MEMCPY_UPPER):
                if upper.startswith(prefix):
                    return MEMCPY, full_name, op_type
        return UNKNOWN, full_name, ""
    name, op_type = full_name.split(":", 1)
    if name == "Iterator":
        return TF_DATA, full_name, DATASET_TYPE
    if _TF_NAME.fullmatch(name) and _TF_TYPE.fullmatch(op_type):
        return TENSORFLOW, name, op_type
    derived = op_type if op_type else _derive_op_type(name)
    if _JAX_TYPE.fullmatch(derived):
        return JAX, name, derived.split("[", 1)[0]
    if not op_type:
        return TENSORFLOW, name, derived
    return UNKNOWN, full_name, ""


def parse_many(full_names: Iterable[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Parse distinct names: arrays (kind, name, type) of object dtype, aligned with the input."""
    items = full_names.tolist() if isinstance(full_names, np.ndarray) else list(full_names)
    if not items:
        empty = np.zeros(0, object)
        return empty, empty.copy(), empty.copy()
    if len(items) >= _BATCH_MIN and set(map(type, items)) == {str}:
        joined = "\n".join(items)
        if joined.count("\n") == len(items) - 1:  # no name holds a line break
            given = isinstance(full_names, np.ndarray) and full_names.dtype == object and full_names.ndim == 1
            return _parse_lines(full_names if given else np.array(items, dtype=object), joined)
    return _parse_each_name(items)


_BATCH_MIN = 256  # fewer names parse faster one by one than through the byte scan


def _parse_each_name(items: list) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``parse_many`` one name at a time (any values: non-str ones parse as their text)."""
    parse = parse_tf_op_fullname
    parsed = [parse(n if type(n) is str else str(n)) for n in items]
    kind, name, op_type = (np.array(col, dtype=object) for col in zip(*parsed))
    return kind, name, op_type


def _byte_classes() -> bytes:
    """``bytes.translate`` table: each byte to its class in a TensorFlow ``name:Type`` (``_NAME_CHARS``
    and ``_TYPE_CHARS``): ``_ANY_PART`` (a type's, so also a name's), ``_NAME_ONLY``, itself for ``:``
    and line breaks, else 0."""
    table = bytearray(256)
    for span in _spans(_NAME_CHARS):
        table[span] = bytes([_NAME_ONLY]) * (span.stop - span.start)
    for span in _spans(_TYPE_CHARS):
        table[span] = bytes([_ANY_PART]) * (span.stop - span.start)
    table[_COLON] = _COLON
    table[_BREAK] = _BREAK
    return bytes(table)


def _byte_table(items: tuple[str, ...]) -> np.ndarray:
    """Lookup table over byte values: True for the characters of ``items`` (characters and ranges)."""
    table = np.zeros(256, bool)
    for span in _spans(items):
        table[span] = True
    return table


@functools.cache
def _scan_tables() -> tuple[bytes, np.ndarray, np.ndarray]:
    """The batch scan's tables, made on its first use: ``_byte_classes()`` and the bytes a name and a
    type start with (``_byte_table``)."""
    return _byte_classes(), _byte_table(_NAME_STARTS), _byte_table(_TYPE_STARTS)


_ANY_PART, _NAME_ONLY, _COLON, _BREAK = 3, 1, ord(":"), ord("\n")


def _parse_lines(full: np.ndarray, joined: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``parse_many`` of an object array of str names without line breaks (not written to), ``joined``
    one per line: TensorFlow ``name:Type`` names and plain ASCII names without ``:`` are classified by
    a scan of the UTF-8 bytes; the rest go through ``parse_tf_op_fullname``."""
    encoded = joined.encode("utf-8", "surrogatepass") + b"\n"
    tensorflow, colons, starts = _tensorflow_lines(encoded)
    plain = (colons == 0) & (len(encoded) == len(joined) + 1)  # all ASCII: upper() is ASCII's
    plain &= (np.frombuffer(encoded, np.uint8)[starts] | 0x20) != ord("m")  # no MEMCPY prefix
    kind = np.full(len(full), UNKNOWN, dtype=object)
    name = full.copy()
    op_type = np.full(len(full), "", dtype=object)
    if tensorflow.any():
        parts = np.array("\n".join(full[tensorflow].tolist()).replace(":", "\n").split("\n"), dtype=object)
        kind[tensorflow] = TENSORFLOW
        name[tensorflow] = parts[0::2]
        op_type[tensorflow] = parts[1::2]
    rest = np.flatnonzero(~(tensorflow | plain))
    if len(rest):
        kind[rest], name[rest], op_type[rest] = _parse_each_name(full[rest].tolist())
    return kind, name, op_type


def _tensorflow_lines(encoded: bytes) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(is a TensorFlow name, colon count, start offset) of each line of ``encoded`` (UTF-8
    bytes, every line ending in a line break): TensorFlow names fully match ``_TF_NAME:_TF_TYPE``
    and are not ``Iterator:`` ones."""
    byte_classes, name_first, type_first = _scan_tables()
    raw = np.frombuffer(encoded + b"\0", np.uint8)  # the pad: a byte after every colon offset
    classes = np.frombuffer(encoded.translate(byte_classes), np.uint8)
    special = np.flatnonzero(classes != _ANY_PART)  # offsets of the bytes no type may hold
    special_class = classes[special]
    name_only = special[special_class == _NAME_ONLY]
    hard = special[special_class != _NAME_ONLY]  # line breaks, colons, bytes no name may hold
    hard_class = classes[hard]
    breaks = np.flatnonzero(hard_class == _BREAK)  # each line's end, as an index into hard
    ends = hard[breaks]
    starts = np.concatenate(([0], ends[:-1] + 1))
    colons_before = np.concatenate(([0], np.cumsum(hard_class == _COLON)))
    colons = colons_before[breaks] - colons_before[np.concatenate(([0], breaks[:-1] + 1))]
    last_hard = np.maximum(breaks - 1, 0)  # a single colon is the hard byte before the break
    colon = np.where(colons == 1, hard[last_hard], starts)
    only_colon_hard = (colons == 1) & (hard_class[last_hard] == _COLON)
    only_colon_hard &= np.diff(breaks, prepend=-1) == 2  # no other hard byte in the line
    match = only_colon_hard & name_first[raw[starts]] & type_first[raw[colon + 1]]
    match &= np.searchsorted(name_only, ends) == np.searchsorted(name_only, colon)
    for line in np.flatnonzero(match & (colon - starts == len("Iterator"))):
        if encoded[starts[line] : colon[line]] == b"Iterator":
            match[line] = False
    return match, colons, starts


def parse_each(full_names: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``parse_many`` of every value of an object array, parsing each distinct value once (missing
    values parse as their text, as ``parse_many`` does); arrays (kind, name, type) aligned with it."""
    code, distinct = pd.factorize(full_names, use_na_sentinel=False)
    kind, name, op_type = parse_many(distinct)
    return kind[code], name[code], op_type[code]
