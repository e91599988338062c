"""XPlane semantics: the one place that says what a plane, a line or a stat means.

Everything above the frames (OpStats, the tools, the trace viewer) asks this module, so each
fact is written once:

* **plane kinds** — ``/host:CPU`` (host threads), ``/device:GPU:N``, ``/device:TPU:N`` (a TPU
  core; ``/device:TPU:N SparseCore M`` is its SparseCore), ``/host:metadata`` (HLO protos),
  ``Task Environment`` (session start time); and the hardware type of a profile in XProf's
  vocabulary (``"TPU"`` when any TPU plane exists, else ``"GPU"``, else ``"CPU_ONLY"``);
* **derived lines** — the lines XProf synthesises (``Steps``, ``XLA Modules``, ``XLA Ops``,
  framework-op and name-scope lines, ...). XProf recognises them by line id: TSL's
  ``kThreadIdDerivedMin = 0xdeadbeef`` as a C ``int`` up to ``kThreadIdDerivedMax`` (min + 289,
  ``kThreadIdHostXlaRegionEnd``);
* **stat lookup** — a stat's value for an event is the event's own stat when it has one, else
  its event metadata's (docs/frames.md: "event stats win"); promoted stats are columns of
  ``events``, the others are read from the long-form ``stats`` frame.

Categorical helpers evaluate a predicate once per distinct value and spread it through the
codes, so masks over millions of events cost one pass over the codes.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from nbprof.xspace.absent import absent
from nbprof.xspace.stats_frame import first_value_per_event

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.xspace.frameset import Frames

# ------------------------------------------------------------------------------ planes
HOST_PLANE = "/host:CPU"
METADATA_PLANE = "/host:metadata"
TASK_ENV_PLANE = "Task Environment"
GPU_PLANE_PREFIX = "/device:GPU:"
TPU_PLANE_PREFIX = "/device:TPU:"
SPARSECORE_MARK = "SparseCore"

# XProf's HardwareType names.
HARDWARE_TPU = "TPU"
HARDWARE_GPU = "GPU"
HARDWARE_CPU = "CPU_ONLY"


def is_gpu_plane(name: str) -> bool:
    """``/device:GPU:N``."""
    return name.startswith(GPU_PLANE_PREFIX)


def is_tpu_plane(name: str) -> bool:
    """A TPU TensorCore plane ``/device:TPU:N`` (its SparseCore planes excluded)."""
    return name.startswith(TPU_PLANE_PREFIX) and SPARSECORE_MARK not in name


def is_sparsecore_plane(name: str) -> bool:
    """``/device:TPU:N SparseCore M``."""
    return name.startswith(TPU_PLANE_PREFIX) and SPARSECORE_MARK in name


def is_device_plane(name: str) -> bool:
    """Planes XProf treats as devices: GPUs and TPUs (SparseCores included)."""
    return name.startswith(GPU_PLANE_PREFIX) or name.startswith(TPU_PLANE_PREFIX)


def hardware_type(plane_names: Iterable[str]) -> str:
    """XProf's hardware type of a profile: ``"TPU"``, ``"GPU"`` or ``"CPU_ONLY"`` (TPU wins)."""
    names = [str(n) for n in plane_names]
    if any(n.startswith(TPU_PLANE_PREFIX) for n in names):
        return HARDWARE_TPU
    if any(is_gpu_plane(n) for n in names):
        return HARDWARE_GPU
    return HARDWARE_CPU


def device_planes(plane_names: Iterable[str]) -> list[str]:
    """Sorted distinct device planes XProf reads ops from: TPU cores, else GPUs, else none."""
    names = sorted({str(n) for n in plane_names})
    kind = hardware_type(names)
    if kind == HARDWARE_TPU:
        return [n for n in names if is_tpu_plane(n)]
    if kind == HARDWARE_GPU:
        return [n for n in names if is_gpu_plane(n)]
    return []


# ------------------------------------------------------------------------------- lines
STEPS_LINE = "Steps"
SPARSECORE_STEPS_LINE = "SparseCore Steps"
XLA_MODULES_LINE = "XLA Modules"
XLA_OPS_LINE = "XLA Ops"
ASYNC_XLA_OPS_LINE = "Async XLA Ops"
SPARSECORE_OPS_LINE = "SparseCore Ops"
SPARSECORE_MODULES_LINE = "SparseCore Modules"
# Lines XProf reads TPU ops from (tsl IsOpLineName) and lines that extend a TPU core's span.
TPU_OP_LINES = (XLA_OPS_LINE, "TensorFlow Ops", "Framework Ops", SPARSECORE_OPS_LINE)
TPU_STEP_LINES = (STEPS_LINE, SPARSECORE_STEPS_LINE)
DERIVED_LINE_NAMES = frozenset(
    {
        STEPS_LINE,
        "TensorFlow Ops",
        "TensorFlow Name Scope",
        "Framework Ops",
        "Framework Name Scope",
        XLA_MODULES_LINE,
        XLA_OPS_LINE,
        "XLA TraceMe",
        "Launch Stats",
        "Source code",
        "Kernel Launch",
    }
)
# TSL kThreadIdDerivedMin = 0xdeadbeef stored in a C int, up to kThreadIdHostXlaRegionEnd.
DERIVED_LINE_ID_MIN = int(np.uint32(0xDEADBEEF).view(np.int32))
DERIVED_LINE_ID_MAX = DERIVED_LINE_ID_MIN + 289


def is_derived_line_id(line_ids: np.ndarray | pd.Series) -> np.ndarray:
    """XProf's IsDerivedThreadId: the line id, truncated to a C int, is in the derived range."""
    as_int32 = np.asarray(line_ids, dtype=np.int64).astype(np.int32)  # keeps the low 32 bits, as C does
    return (as_int32 >= DERIVED_LINE_ID_MIN) & (as_int32 <= DERIVED_LINE_ID_MAX)


def is_derived_line(line_ids: np.ndarray | pd.Series, line_names: pd.Series) -> np.ndarray:
    """Derived by id (XProf's rule) or by one of the derived lines' names (files that number
    their synthetic lines differently)."""
    return is_derived_line_id(line_ids) | values_in(line_names, DERIVED_LINE_NAMES)


# ------------------------------------------------------------------------ plane stats
# TPU hardware performance counters XProf reads from the /host:CPU plane (percent, 0-100).
MXU_UTILIZATION_STAT = "matrix_unit_utilization_percent"
HBM_UTILIZATION_STAT = "hbm_utilization_percent"
# A TPU plane's CoreDetails proto (serialized): field 4 local_chip_id, 2 device_ordinal.
CORE_DETAILS_STAT = "core_details"


# ---------------------------------------------------------------------- categoricals
def category_mask(series: pd.Series, predicate: Callable[[pd.Series], Any]) -> np.ndarray:
    """Boolean row mask: ``predicate`` (a vectorised test on a str Series) run once over the
    distinct values of a categorical column and spread back through its codes."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        values = series.array  # the Categorical: codes and categories without the accessor's copies
        cats = values.categories
        strings = pd.Series(cats if cats.dtype == object and cats.inferred_type == "string" else cats.astype(str))
        hit = np.append(np.asarray(predicate(strings), dtype=bool), False)
        return hit[values.codes]  # code -1 (missing) picks the appended False
    codes, uniques = pd.factorize(series)
    hit = np.append(np.asarray(predicate(pd.Series(uniques, dtype=object).astype(str)), dtype=bool), False)
    return hit[codes]


def value_map(
    series: pd.Series, function: Callable[[str], Any], missing: Any, dtype: Any, rows: np.ndarray | None = None
) -> np.ndarray:
    """``function(str)`` run once per distinct value of a column (categorical or not) and spread to
    its rows (or to the positions ``rows`` only) as a ``dtype`` array; ``missing`` where the row has
    no value."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        values = series.array  # the Categorical: codes and categories without the accessor's copies
        distinct, codes = values.categories, np.asarray(values.codes)
    else:
        codes, distinct = pd.factorize(series)
    if rows is not None:
        codes = codes[rows]
    mapped = np.fromiter((function(str(v)) for v in distinct), dtype, len(distinct))
    return np.append(mapped, np.asarray(missing, dtype))[codes]  # code -1 (missing) picks the appended value


def value_mask(series: pd.Series, predicate: Callable[[str], bool]) -> np.ndarray:
    """Boolean row mask: ``predicate(str)`` per distinct value (missing values are False)."""
    return value_map(series, lambda v: bool(predicate(v)), False, bool)


def values_in(series: pd.Series, values: Iterable[str], rows: np.ndarray | None = None) -> np.ndarray:
    """Boolean mask of all rows, or of the positions ``rows``: the value is one of ``values``. A
    categorical of strings is matched by its codes (pandas caches the categories' hash table: one
    scan per frame, not per call)."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        categorical = series.array
        categories = categorical.categories
        if categories.inferred_type == "string":  # cached on the categories
            codes = np.asarray(categorical.codes)
            if rows is not None:
                codes = codes[rows]
            mask = np.zeros(len(codes), bool)
            for code in _category_codes(categories, values):
                mask |= codes == code
            return mask
    wanted = list(values)
    mask = category_mask(series, lambda s: s.isin(wanted).to_numpy())
    return mask if rows is None else mask[rows]


def _category_codes(categories: pd.Index, values: Iterable[str]) -> list[int]:
    """The codes of those of ``values`` that are categories (distinct: one code each)."""
    out = []
    for value in dict.fromkeys(values):
        try:
            out.append(int(categories.get_loc(value)))
        except KeyError:
            continue
    return out


def values_list(series: pd.Series) -> list[object]:
    """``series.tolist()``; a categorical's through its categories (pandas' own maps every value)."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        return categorical_values_list(series.array)
    return series.tolist()


def categorical_values_list(categorical: pd.Categorical) -> list[object]:
    """``categorical.tolist()`` through its categories: each code's category, NaN for a missing one."""
    values = [*categorical.categories.tolist(), np.nan]  # code -1 (missing) takes the last, as tolist's NaN
    return [values[code] for code in categorical.codes.tolist()]


def plane_mask(events: pd.DataFrame, predicate: Callable[[str], bool]) -> np.ndarray:
    """Rows of ``events`` whose plane name satisfies ``predicate`` (e.g. ``is_gpu_plane``)."""
    return value_mask(events["plane"], predicate)


def column(events: pd.DataFrame, name: str) -> pd.Series:
    """A promoted stat column, or an all-missing one when no event carries that stat."""
    if name in events.columns:
        return events[name]
    return pd.Series(absent(np.int64, len(events)), index=events.index, copy=False)  # no per-row memory


def int_values(series: pd.Series, missing: int = -1, rows: np.ndarray | None = None) -> np.ndarray:
    """int64 values of a nullable column, for ``rows`` or all, ``missing`` where absent or not a number."""
    dtype = series.dtype
    if isinstance(dtype, pd.Int64Dtype):  # the promoted integer stats: no copy but the result
        values = series.array if rows is None else series.array[rows]
        return values.to_numpy(dtype=np.int64, na_value=missing)
    if rows is not None:
        series = series.iloc[rows]
    if isinstance(dtype, np.dtype) and dtype.kind == "i":
        return series.to_numpy(np.int64)
    return pd.to_numeric(series, errors="coerce").fillna(missing).to_numpy(np.int64)


def category_text(series: pd.Series) -> np.ndarray:
    """The categories of a categorical column as an object array of str (``str(value)`` where a
    category is no str; the categories' own array when all are: do not write to it)."""
    categories = series.array.categories
    if categories.dtype == object and categories.inferred_type in ("string", "empty"):  # inferred once per Index
        return np.asarray(categories, dtype=object)
    return np.asarray(categories.astype(str), dtype=object)


def str_values(series: pd.Series, rows: np.ndarray | None = None) -> np.ndarray:
    """Object array of str (``""`` where missing) of a categorical column, for ``rows`` or all."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        cats = np.append(category_text(series), "")
        codes = series.array.codes if rows is None else series.array.codes[rows]
        return cats[codes]  # code -1 (missing) picks the appended ""
    part = series if rows is None else series.iloc[rows]
    return part.astype("string").fillna("").to_numpy(dtype=object)


# ------------------------------------------------------------------------------- stats
def stat_table(frames: Frames, rows: np.ndarray, names: Iterable[str]) -> pd.DataFrame:
    """Values of the named stats for event ``rows``: one column per name (missing where absent),
    indexed by event row. Event stats win over metadata stats of the same name.

    Promoted stats come from ``events`` columns; the others from the long-form ``stats``
    frame (built on first use, which costs time: ask only for what is not promoted).
    """
    rows = np.asarray(rows, dtype=np.int64)
    names = list(names)
    columns = stat_columns(frames, rows, names)
    return pd.DataFrame(columns, index=pd.Index(rows, name="event"), columns=names)


def stat_columns(frames: Frames, rows: np.ndarray, names: Iterable[str]) -> dict[str, np.ndarray]:
    """``stat_table``'s values as object arrays (None or NaN where absent), without the frame (whose
    string columns pandas would type and a caller convert back)."""
    rows = np.asarray(rows, dtype=np.int64)
    names = list(names)
    events = frames.events
    columns: dict[str, Any] = {}
    for name in names:
        if name in events.columns:
            values = events[name].iloc[rows]
            columns[name] = values.astype(object).where(values.notna().to_numpy(), None).to_numpy()
    other = [n for n in names if n not in events.columns]
    if other:
        if not len(rows) or not _named_in_metadata(frames, other):
            columns.update(dict.fromkeys(other))
        else:
            direct = frames.first_stat_values(rows, other) if hasattr(frames, "first_stat_values") else None
            if direct is None:
                sel = (
                    frames.stats_of(rows, other)
                    if hasattr(frames, "stats_of")
                    else _stats_of(frames.stats, rows, other)
                )
                direct = _first_stat_values(sel, rows, other)
            columns.update(direct)
    return {n: _object_column(columns[n], len(rows)) for n in names}


def _named_in_metadata(frames: Frames, names: list[str]) -> bool:
    """Whether some plane's stat metadata names one of ``names`` (no stat can have a name none gives)."""
    known = getattr(frames, "stat_metadata_names", None)
    if callable(known):  # a Frames: without building stat_metadata where it is not built yet
        given = known()
        return given is None or not given.isdisjoint(names)
    metadata = getattr(frames, "stat_metadata", None)
    if not isinstance(metadata, pd.DataFrame) or "name" not in metadata.columns:
        return True
    return not stat_names(metadata).isdisjoint(names)


# id(stat_metadata frame) -> (a reference to that frame, the names it holds); dropped with the frame
_STAT_NAMES: dict[int, tuple[weakref.ref[pd.DataFrame], frozenset[object]]] = {}


def stat_names(metadata: pd.DataFrame) -> frozenset[object]:
    """The stat names of a stat_metadata frame as a set (missing ones left out), made once per frame
    (every stat look-up asks)."""
    key = id(metadata)
    entry = _STAT_NAMES.get(key)
    if entry is not None and entry[0]() is metadata:
        return entry[1]
    names = frozenset(name for name in metadata["name"].tolist() if type(name) is str or not pd.isna(name))
    _STAT_NAMES[key] = (weakref.ref(metadata, lambda _ref, key=key: _STAT_NAMES.pop(key, None)), names)
    return names


def _object_column(values: Any, n: int) -> np.ndarray:
    if values is None:
        return np.full(n, None, dtype=object)
    return np.asarray(values, dtype=object)


def _first_stat_values(sel: pd.DataFrame | None, rows: np.ndarray, names: list[str]) -> dict[str, Any]:
    """Per name, the value for each of ``rows`` from long-form stats ``sel``: the first event stat,
    else the first metadata stat; NaN where the event lacks a stat others have, None for a name no
    selected event has."""
    out: dict[str, Any] = dict.fromkeys(names)
    if sel is None or not len(sel):
        return out
    event = sel["event"].to_numpy(np.int64)
    name = sel["name"].to_numpy(object).astype(str)
    value = sel["value"].to_numpy(object)
    rank = (sel["source"].to_numpy(object).astype(str) != "event").astype(np.int8)
    for n in names:
        mine = np.flatnonzero(name == n)
        if len(mine):
            out[n] = first_value_per_event(event[mine], rank[mine], value[mine], rows)
    return out


def _stats_of(stats: pd.DataFrame, rows: np.ndarray, names: list[str]) -> pd.DataFrame:
    return stats[stats["event"].isin(rows).to_numpy() & stats["name"].isin(names).to_numpy()]


def stat_values(frames: Frames, name: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(values, present)`` of one stat for event ``rows`` (object array; event stats win)."""
    values = stat_columns(frames, rows, [name])[name]
    return values, ~pd.isna(values)
