"""Helpers that turn frames and scalars into the compact JSON the views draw."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

MAX_TABLE_ROWS = 5000  # rows sent to a table view; the rest is summarised in a note

# (frame column, label, type[, flag]): types are listed in js/src/lib/table.js ("name" is a long name
# shown shortened). Flags: HIDDEN columns start hidden behind the table's column chooser; AUTO columns
# start hidden when they hold nothing (every value 0, "", "Unknown" or missing). The first column is
# the table's key column (it stays put when the table scrolls sideways).
Column = tuple[str, ...]
HIDDEN = "hidden"
AUTO = "auto"

NO_STEPS_BANNER: dict[str, Any] = {
    "text": "No step markers in this profile, so there are no step times and no input-bound verdict.",
    "fixes": [
        "nbprof.step(i)",
        'jax.profiler.StepTraceAnnotation("train", step_num=i)',
        'tf.profiler.experimental.Trace("train", step_num=i, _r=1)',
    ],
}


def jsonable(value: Any) -> Any:
    """A JSON-safe Python value: numpy scalars unwrapped, NaN/NA -> None, bytes dropped."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        v = float(value)
        return None if math.isnan(v) or math.isinf(v) else v
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        return None
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray, pd.Series)):
        return [jsonable(v) for v in value]
    return str(value)


def round_significant(values: np.ndarray, digits: int = 9) -> np.ndarray:
    """Round to ``digits`` significant digits (shorter JSON, no visible change)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        magnitude = np.floor(np.log10(np.abs(values)))
        scale = np.where(np.isfinite(magnitude), 10.0 ** (digits - 1 - magnitude), 1.0)
        out = np.round(values * scale) / scale
    return np.where(np.isfinite(out), out, values)


def column_values(series: pd.Series, kind: str) -> list[Any]:
    """One frame column as a JSON-safe list (vectorised; NaN/NA -> None)."""
    if kind in ("int", "bytes"):
        numeric = pd.to_numeric(series, errors="coerce").astype("Float64")
        return [None if v is pd.NA else int(v) for v in numeric.round().tolist()]
    if kind in ("num", "pct", "frac", "ps", "us", "ms"):
        numeric = pd.to_numeric(series, errors="coerce").astype("float64").to_numpy()
        out = round_significant(numeric).astype(object)
        out[~np.isfinite(numeric)] = None
        return out.tolist()
    if kind == "bool":
        return [None if pd.isna(v) else bool(v) for v in series.tolist()]
    as_obj = series.astype(object)
    return [
        None if (v is None or v is pd.NA or (isinstance(v, float) and math.isnan(v))) else str(v)
        for v in as_obj.tolist()
    ]


def _empty(values: list[Any]) -> bool:
    """Nothing to show: every value is missing, zero, false, "" or "Unknown"."""
    return all(v is None or v == "" or v == 0 or v is False or v == "Unknown" for v in values)


def table(frame: pd.DataFrame, columns: Sequence[Column], limit: int = MAX_TABLE_ROWS) -> dict[str, Any]:
    """``{"columns": [...], "rows": [[...]], "total_rows": n}`` for the columns present in ``frame``.

    A column starts hidden when its flag is HIDDEN, or AUTO and every value sent is empty."""
    present = [c for c in columns if c[0] in frame.columns]
    head = frame.head(limit)
    values = [column_values(head[c[0]], "str" if c[2] == "name" else c[2]) for c in present]
    specs = []
    for i, (c, vals) in enumerate(zip(present, values)):
        spec: dict[str, Any] = {"id": c[0], "label": c[1], "type": c[2]}
        if i > 0 and (HIDDEN in c[3:] or (AUTO in c[3:] and _empty(vals))):
            spec["hidden"] = True
        specs.append(spec)
    return {
        "columns": specs,
        "rows": [list(r) for r in zip(*values)] if values else [],
        "total_rows": int(len(frame)),
    }


def truncation_note(frame: pd.DataFrame, what: str, limit: int = MAX_TABLE_ROWS) -> list[str]:
    """A note when only the first ``limit`` rows of ``frame`` are shown."""
    if len(frame) > limit:
        return [f"Showing the first {limit:,} of {len(frame):,} {what}; query the DataFrame for the rest."]
    return []


def first(mapping: Any, keys: Iterable[str]) -> Any:
    """The first non-missing value among ``keys`` of a dict or object's attributes (None if none)."""
    for key in keys:
        value = mapping.get(key) if isinstance(mapping, dict) else getattr(mapping, key, None)
        value = jsonable(value) if not isinstance(value, (pd.DataFrame,)) else value
        if value is not None and value != "":
            return value
    return None


def notes_of(result: Any) -> list[str]:
    """The result's notes (which events were used, what could not be attributed): shown behind "Details"."""
    return [str(n) for n in (getattr(result, "notes", None) or []) if n]


def kind_from_key(key: str) -> str:
    """Guess a display type from a summary key's unit suffix."""
    if "bytes" in key or key.endswith("_size"):
        return "bytes"
    if "fragmentation" in key:
        return "frac"
    if key.endswith("_ps"):
        return "ps"
    if key.endswith("_ms"):
        return "ms"
    if key.endswith("_us"):
        return "us"
    if key.endswith(("_pct", "_percent")) or "_percent_" in key:
        return "pct"
    if key.startswith(("num_", "n_")) or key.endswith("_count"):
        return "int"
    return "num"


def summary_rows(summary: dict[str, Any], labels: dict[str, str]) -> list[list[Any]]:
    """``[[label, value, type, key], ...]``: the known keys first (in ``labels`` order), then the rest."""
    rows = []
    for key in [*labels, *(k for k in summary if k not in labels)]:
        if key not in summary:
            continue
        value = jsonable(summary[key])
        if value is None or isinstance(value, (dict, list)):
            continue
        kind = "str" if isinstance(value, str) else ("bool" if isinstance(value, bool) else kind_from_key(key))
        rows.append([labels.get(key, key.replace("_", " ")), value, kind, key])
    return rows
