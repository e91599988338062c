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
_TF_NAME = re.compile(r"[A-Za-z0-9.][A-Za-z0-9_.\\/>-]*")
_TF_TYPE = re.compile(r"[A-Z_][a-zA-Z0-9_]*")
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
    parse = parse_tf_op_fullname
    parsed = [parse(n if type(n) is str else str(n)) for n in full_names]
    if not parsed:
        empty = np.zeros(0, object)
        return empty, empty.copy(), empty.copy()
    kind, name, op_type = (np.array(col, dtype=object) for col in zip(*parsed))
    return kind, name, op_type


def parse_each(full_names: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``parse_many`` of every value of an object array, parsing each distinct value once (missing
    values parse as their text, as ``parse_many`` does); arrays (kind, name, type) aligned with it."""
    code, distinct = pd.factorize(full_names, use_na_sentinel=False)
    kind, name, op_type = parse_many(distinct)
    return kind[code], name[code], op_type[code]
