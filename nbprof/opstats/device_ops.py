"""XProf's device op metrics db: one builder for GPU and TPU, one row per (host, program, op).

Every device op tool reads this one table (``OpStats.device_ops``): framework op stats and the
overview group it by framework op, op profile and roofline list its XLA ops, kernel stats
joins its op names. XProf builds it per device plane and combines planes
(``xplane_to_op_metrics_db.cc``, ``xprof/utils/op_utils.cc``, ``op_metrics_db_utils.cc``):

GPU (``ConvertDeviceTraceXPlaneToOpMetricsDb``), every event of the non-derived lines of each
``/device:GPU:N`` plane:
    * with an ``hlo_op`` stat, an **XLA op** named after the HLO instruction (the last ``::``
      part of the stat) in program ``program_id``. Its category, framework op (``provenance``:
      the HLO metadata's ``op_name:op_type``, e.g. ``jit(dot)/dot_general:``), deduplicated
      name, source and expression come from the instruction in the profile's HLO protos
      (``nbprof.hlo.index``). Every kernel event is one occurrence; a fusion that launches two
      kernels per run counts two (as XProf);
    * else with a ``tf_op`` stat, a **TensorFlow op** named ``<tf op name>/<kernel name>``,
      category the TF op type (``unknown`` when it has none), provenance the stat;
    * self time = duration; a plane's total time is the span of all its events.
TPU (``ConvertTensorCoreDeviceTraceXPlaneToOpMetricsDb``), events of the op lines of each
TensorCore plane, timed by their device timespan (``device_offset_ps``/``device_duration_ps``),
nested by inclusion per line (self time = duration - direct children's durations), keyed by
program and symbol (events without a symbol are left out, as XProf does): name = the event's
display name, expression its long name, category ``hlo_category``, provenance ``tf_op``,
shape, source and deduplicated name from the event's stats; FLOPs, bytes and the HBM
read/write breakdown are per run and multiplied by the occurrences; the DVFS-normalised time
is the time x ``time_scale_multiplier``. A plane's total time spans its op and step lines.

Per host, the ops of its device planes are combined; ``IDLE`` = the sum over planes of
(total - the ops' self time), one row per host.

**Where nbprof differs from XProf.** XProf drops a GPU kernel whose HLO instruction is not in
the profile's HLO protos (its time becomes idle); nbprof keeps it as an op named by its
``hlo_op`` stat, categorised by its ``hlo_category`` stat or its name, with the ``tf_op`` stat
as provenance unless that is the XLA runtime's ``XlaModule:`` annotation. The notes count
such kernels.

FLOPs and bytes of GPU ops come from the HLO's cost analysis in XProf: ``join_hlo_costs`` is
the one place where per-instruction costs (``nbprof.hlo.cost``) are merged; until a cost table
is passed, GPU ops keep what their events carry (usually nothing). Costs given as a function are
joined when the table is first read: the kernel stats db needs the ops' keys only
(``DeviceOpDb.op_keys``), not their costs.

Columns (``COLUMNS``; times int64 ps, sizes bytes): ``host``, ``host_or_device``
(``"Device"``), ``program_id`` (``UInt64``; 0 for TF ops), ``program`` (XProf's program node
name ``<module>(<id>)``, else ``main``), ``hlo_module``, ``name``, ``category``,
``provenance``, ``expression``, ``shape``, ``deduplicated_name``, ``source_file``,
``source_line`` (``Int64``, NA unknown), ``source_stack``, ``occurrences``,
``total_time_ps``, ``self_time_ps``, ``children_time_ps``, ``min_time_ps``,
``normalized_time_ps`` (float: the DVFS-normalised time on TPU, 0 where the device states no
time scale, as XProf), ``flops``, ``model_flops``, ``bytes_accessed``,
``hbm_read_bytes``, ``hbm_write_bytes``, ``hbm_bytes_all`` (HBM bytes of any kind),
``has_breakdown`` (an HBM breakdown is known), ``is_eager``, ``db_total_time_ps`` (the host's
device total, idle included) and ``db_total_op_time_ps`` (its ops' self time).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from nbprof.hlo.index import LIGHT_COLUMNS, HloIndex
from nbprof.opstats import event_columns as ec
from nbprof.opstats import tf_op as _tf_op
from nbprof.opstats.host_ops import IDLE
from nbprof.opstats.lazy_frame import FrameOrMaker
from nbprof.proto.wire import fields
from nbprof.xspace import semantics as xs
from nbprof.xspace.absent import masked
from nbprof.xspace.frameset import Frames
from nbprof.xspace.typed_frame import strings, typed_frame

COLUMNS = [
    "host", "host_or_device", "program_id", "program", "hlo_module", "name", "category", "provenance",
    "expression", "shape", "deduplicated_name", "source_file", "source_line", "source_stack", "occurrences",
    "total_time_ps", "self_time_ps", "children_time_ps", "min_time_ps", "normalized_time_ps", "flops",
    "model_flops", "bytes_accessed", "hbm_read_bytes", "hbm_write_bytes", "hbm_bytes_all", "has_breakdown",
    "is_eager", "db_total_time_ps", "db_total_op_time_ps",
]  # fmt: skip
META_COLUMNS = ["program_id", "hlo_module", "name", "category", "provenance", "expression", "shape",
                "deduplicated_name", "source_file", "source_line", "source_stack"]  # fmt: skip
SUM_COLUMNS = ["occurrences", "total_time_ps", "self_time_ps", "children_time_ps", "flops", "model_flops",
               "bytes_accessed", "hbm_read_bytes", "hbm_write_bytes", "hbm_bytes_all"]  # fmt: skip
PLANE_COLUMNS = ["host", "plane", "span_ps", "op_time_ps", "total_time_ps", "idle_ps"]
XLA_MODULE_ANNOTATION = "XlaModule"  # the XLA runtime's tf_op on every kernel of a JAX GPU program
HLO_COST_COLUMNS = ("program_id", "name", "flops", "model_flops", "bytes_accessed")
_SUFFIX = re.compile(r"\.\d+$")
_PROGRAM_KEY = re.compile(r"^(.*)\((\d+)\)$")


@dataclass(frozen=True)
class DeviceOpDb:
    """The device op metrics db of a profile.

    ``table``: one row per (host, program, op) plus one ``IDLE`` row per host (``COLUMNS``; given as
    a frame, or as a function making it on first read). ``planes`` (given as ``table``): per device plane, ``span_ps``
    (first to last event), ``op_time_ps`` (its ops' self time), ``total_time_ps`` (max of the two)
    and ``idle_ps``. ``hardware_type``: ``TPU``, ``GPU`` or ``CPU_ONLY`` (then both frames are
    empty). ``info``: event counts behind ``notes``. ``columns()`` and ``op_keys()`` give the table's
    columns as arrays (the builder's, made before the frame, which they need not wait for). ``gpu_events``:
    on GPU, the events the builder read (``GpuEvents``; not pickled).
    """

    # given, or made on first read of the builder's ``columns`` (GPU: their HLO costs joined then)
    table: pd.DataFrame = FrameOrMaker()  # type: ignore[assignment]
    planes: pd.DataFrame = FrameOrMaker()  # type: ignore[assignment]
    hardware_type: str
    info: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    _op_keys: dict[str, np.ndarray] | None = field(default=None, repr=False, compare=False)
    _columns: dict[str, Any] | Callable[[], dict[str, Any]] | None = field(default=None, repr=False, compare=False)
    _total_time_ps: int | None = field(default=None, repr=False, compare=False)  # the builder's, planes not made
    gpu_events: GpuEvents | None = field(default=None, repr=False, compare=False)  # GPU: the events read

    @property
    def ops(self) -> pd.DataFrame:
        """The table without its ``IDLE`` rows."""
        return self.table[(self.table["name"] != IDLE).to_numpy()].reset_index(drop=True)

    @property
    def total_time_ps(self) -> int:
        """Device time over all planes of all hosts, idle included (XProf's db total time)."""
        if self._total_time_ps is not None:
            return self._total_time_ps
        return int(self.planes["total_time_ps"].sum()) if len(self.planes) else 0

    def columns(self) -> dict[str, Any]:
        """The table's columns by name, in its row order: the builder's arrays (the table is made of
        them; texts as object arrays of str), else the table's (numpy or pandas arrays)."""
        source = self._columns
        if source is not None:
            return source() if callable(source) else source
        table = self.table
        return {c: table[c].to_numpy() if isinstance(table[c].dtype, np.dtype) else table[c].array for c in table}

    def op_keys(self) -> dict[str, np.ndarray]:
        """The table's ``host``, ``program_id`` (uint64, 0 where missing), ``name`` and ``provenance``
        (object arrays of its values) in its row order; given by the builder where the table waits
        for its HLO costs (these columns need none), else read from ``columns``."""
        if self._op_keys is not None:
            return self._op_keys
        columns = self.columns()
        if not columns:
            return {c: np.zeros(0, np.uint64 if c == "program_id" else object) for c in _KEY_COLUMNS}
        keys = {c: np.asarray(columns[c], dtype=object) for c in _KEY_COLUMNS if c != "program_id"}
        return {**keys, "program_id": _uint64(columns["program_id"])}

    def __getstate__(self) -> dict[str, object]:
        """Pickled with its columns and table made (not the functions making them)."""
        state = dict(self.__dict__)
        state["_table"] = self.table
        state["_planes"] = self.planes
        if self._columns is not None:
            state["_columns"] = self.columns()
        state["gpu_events"] = None  # the frames' rows: of no use without them
        return state


# ------------------------------------------------------------------------------ helpers
_COMMAND_BUFFER = re.compile(r"^command_buffer(?:_\d+)?$")


def category_from_name(names: np.ndarray) -> np.ndarray:
    """A category for an HLO op known only by name: ``multiply_add_fusion.3`` -> ``fusion``,
    ``wrapped_reduce`` -> ``reduce``, ``dot.2`` -> ``dot``, ``command_buffer_10`` (the kernels XLA runs
    as a CUDA graph) -> ``command buffer`` (per distinct name)."""
    values = np.asarray(names, dtype=object)
    if all(type(v) is str for v in values.tolist()):  # the usual case: distinct names by hashing, no copy
        inverse, distinct = pd.factorize(values)
    else:
        distinct, inverse = np.unique(values.astype(str), return_inverse=True)
    base = [_COMMAND_BUFFER.sub("command buffer", re.sub(r"^wrapped_", "", _SUFFIX.sub("", n))) for n in distinct]
    cats = np.array(["fusion" if "fusion" in b else b for b in base] or [""], dtype=object)
    return cats[inverse] if len(distinct) else np.zeros(0, dtype=object)


def program_name(module: pd.Series, program_id: pd.Series) -> pd.Series:
    """XProf's program node name ``<hlo module>(<program id>)``; ``main`` when either is unknown."""
    modules, ids = module.tolist(), program_id.tolist()
    mod_missing, id_missing = module.isna().tolist(), program_id.isna().tolist()
    if not (
        pd.api.types.is_integer_dtype(program_id.dtype)
        and all(m or type(v) is str for v, m in zip(modules, mod_missing))
    ):
        return _program_name_pandas(module, program_id)
    names = [
        "main" if m_missing or i_missing or m == "" else f"{m}({i})"
        for m, i, m_missing, i_missing in zip(modules, ids, mod_missing, id_missing)
    ]
    return pd.Series(strings(names) if names else np.zeros(0, dtype=object), index=module.index).astype(str)


def _program_name_pandas(module: pd.Series, program_id: pd.Series) -> pd.Series:
    """``program_name`` by pandas' string dtype (modules that are not all str, ids that are not integers)."""
    mod = module.astype("string")
    pid = program_id.astype("string")
    named = mod.fillna("") + "(" + pid.fillna("") + ")"
    return named.where(mod.notna() & (mod != "") & pid.notna(), "main").astype(str)


def parse_memory_breakdown(blob: object) -> tuple[int, int, int, int]:
    """(HBM read, HBM write, HBM any-kind bytes, number of entries) per run, from a
    ``memory_access_breakdown`` stat: a serialized ``MemoryAccessBreakdown``, repeated field 1 of
    ``{operation_type=1 (1 read, 2 write), memory_space=2 (1 = HBM), bytes_accessed=3}``."""
    if not isinstance(blob, (bytes, bytearray)) or not blob:
        return 0, 0, 0, 0
    read = write = hbm = entries = 0
    for num, entry in fields(bytes(blob)):
        if num != 1 or not isinstance(entry, bytes):
            continue
        values = {k: v for k, v in fields(entry) if isinstance(v, int)}
        op_type, space, nbytes = values.get(1, 0), values.get(2, 0), values.get(3, 0)
        entries += 1
        if space == 1:
            hbm += nbytes
            read += nbytes if op_type == 1 else 0
            write += nbytes if op_type == 2 else 0
    return read, write, hbm, entries


def nearest_container(group: np.ndarray, start: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Direct parent (position, -1 if none) of each interval, intervals sorted by (group, start, -duration).

    Parent = the nearest earlier interval of the same group that contains this one (XProf's
    AncestorStack with timespan inclusion). Vectorised pointer jumping: a candidate that
    does not contain the interval is replaced by the candidate's own candidate, which is safe
    because everything skipped ends before it.
    """
    n = len(start)
    parent = np.full(n, -1, np.int64)
    if n == 0:
        return parent
    candidate = np.arange(n, dtype=np.int64) - 1
    first_of_group = np.ones(n, bool)
    first_of_group[1:] = group[1:] != group[:-1]
    candidate[first_of_group] = -1
    done = candidate < 0
    while not done.all():  # rounds of pointer jumping, not events
        todo = np.flatnonzero(~done)
        cand = candidate[todo]
        contains = end[cand] >= end[todo]
        hit = todo[contains]
        parent[hit] = cand[contains]
        done[hit] = True
        miss = todo[~contains]
        if len(miss) == 0:
            break
        nxt = np.where(done[candidate[miss]], parent[candidate[miss]], candidate[candidate[miss]])
        candidate[miss] = nxt
        done[miss[nxt < 0]] = True
    return parent


# ------------------------------------------------------------------- event columns at rows
def _empty_meta(n: int) -> dict[str, np.ndarray]:
    return {c: np.full(n, "", dtype=object) for c in META_COLUMNS if c not in ("program_id", "source_line")}


@dataclass
class OpEvents:
    """Op events of one kind: event rows, per-row metrics, and metadata rows they point to."""

    rows: np.ndarray  # positions in the events frame
    meta: pd.DataFrame | dict[str, Any]  # META_COLUMNS (a frame, or arrays by column), one row per distinct op
    meta_id: np.ndarray  # per event: its metadata row
    metrics: dict[str, np.ndarray]  # per event: SUM_COLUMNS + "eager" + "normalized"
    distinct_keys: bool = False  # the metadata rows' (program id, name) are all distinct (each its own op)


def _meta_columns(meta: pd.DataFrame | dict[str, Any]) -> dict[str, Any]:
    """A part's metadata as arrays by column: numpy arrays, or pandas arrays for nullable columns."""
    if not isinstance(meta, pd.DataFrame):
        return meta
    return {c: meta[c].to_numpy() if isinstance(meta[c].dtype, np.dtype) else meta[c].array for c in meta.columns}


def _concat(arrays: list[Any]) -> Any:
    """One column's arrays end to end, typed as ``pd.concat`` types them."""
    if len(arrays) == 1:
        return arrays[0]
    first = arrays[0]
    if all(isinstance(a, np.ndarray) and a.dtype == first.dtype for a in arrays):
        return np.concatenate(arrays)
    if all(isinstance(a, pd.arrays.IntegerArray) and a.dtype == first.dtype for a in arrays):
        data = np.concatenate([a.to_numpy(a.dtype.numpy_dtype, na_value=0) for a in arrays])
        return pd.arrays.IntegerArray(data, np.concatenate([a.isna() for a in arrays]))
    return pd.concat([pd.Series(a) for a in arrays], ignore_index=True).array


def _uint64(values: Any) -> np.ndarray:
    """uint64 values of a program id column (numpy or nullable; missing as 0)."""
    if isinstance(values, np.ndarray):
        return values.astype(np.uint64, copy=False)
    return np.asarray(values.to_numpy(np.uint64, na_value=0))


def aggregate_op_columns(ev: pd.DataFrame, parts: list[OpEvents]) -> dict[str, Any] | None:
    """Op events combined per (host, program id, name): sums, min time, metadata of the first event;
    as arrays by column (host, the metadata's, then the metrics'); None when no part has an event."""
    parts = [p for p in parts if len(p.rows)]
    if not parts:
        return None
    metas = [_meta_columns(p.meta) for p in parts]
    offsets = np.cumsum([0] + [len(next(iter(m.values()), ())) for m in metas[:-1]])  # metadata rows per part
    meta = {c: _concat([m[c] for m in metas]) for c in metas[0]}
    meta_id = np.concatenate([p.meta_id + off for p, off in zip(parts, offsets)])
    rows = np.concatenate([p.rows for p in parts])
    metrics = {k: np.concatenate([p.metrics[k] for p in parts]) for k in parts[0].metrics}
    if len(parts) == 1 and parts[0].distinct_keys:  # each metadata row its own op: no text to group
        op_of_meta = np.arange(len(meta["name"]), dtype=np.int64)
    else:
        op_of_meta, _ = ec.group_ids(_uint64(meta["program_id"]), np.asarray(meta["name"], dtype=object))
    # Event order decides which event's metadata an op keeps (the first, as XProf's builder).
    order = np.argsort(rows, kind="stable")
    rows, meta_id = rows[order], meta_id[order]
    metrics = {k: v[order] for k, v in metrics.items()}
    host_codes = ec.row_codes(ev["host"], rows).astype(np.int64)
    key, n = ec.group_ids(host_codes, op_of_meta[meta_id])
    first = np.full(n, len(key), np.int64)
    np.minimum.at(first, key, np.arange(len(key)))
    chosen = meta_id[first]
    out: dict[str, Any] = {"host": np.append(ec.category_text(ev["host"]), "")[:-1][host_codes[first]]}
    out.update({c: values[chosen] for c, values in meta.items()})
    for col in SUM_COLUMNS:
        out[col] = ec.sum_by(key, metrics[col], n)
    out["normalized_time_ps"] = np.bincount(key, weights=metrics["normalized"], minlength=n)
    minimum = np.full(n, np.iinfo(np.int64).max, np.int64)
    np.minimum.at(minimum, key, metrics["total_time_ps"].astype(np.int64))
    out["min_time_ps"] = minimum
    has_breakdown = np.zeros(n, bool)
    np.logical_or.at(has_breakdown, key, metrics["has_breakdown"])
    out["has_breakdown"] = has_breakdown
    eager = np.zeros(n, bool)
    np.logical_or.at(eager, key, metrics["eager"])
    out["is_eager"] = eager
    return out


def event_metrics(n: int, duration: np.ndarray, **values: np.ndarray) -> dict[str, np.ndarray]:
    """Per-event metrics: one occurrence of ``duration`` with no children and no DVFS-normalised time,
    unless ``values`` say otherwise."""
    zeros = np.zeros(n, np.int64)
    out = {
        "occurrences": np.ones(n, np.int64),
        "total_time_ps": duration.astype(np.int64),
        "self_time_ps": duration.astype(np.int64),
        "children_time_ps": zeros,
        "flops": zeros,
        "model_flops": zeros,
        "bytes_accessed": zeros,
        "hbm_read_bytes": zeros,
        "hbm_write_bytes": zeros,
        "hbm_bytes_all": zeros,
        "has_breakdown": np.zeros(n, bool),
        "eager": np.zeros(n, bool),
        "normalized": np.zeros(n, np.float64),
    }
    out.update(values)
    return out


def _plane_keys(frames: Frames, plane_names: list[str]) -> list[tuple[str, str]]:
    """(host, plane) of the device planes (a plane with no events still counts: idle 0)."""
    planes = frames.planes
    wanted = set(plane_names)
    hosts = [str(h) for h in xs.values_list(planes["host"])]
    names = [str(n) for n in xs.values_list(planes["name"])]
    return [key for key in zip(hosts, names) if key[1] in wanted]  # one per plane


def _plane_positions(ev: pd.DataFrame, rows: np.ndarray, keys: list[tuple[str, str]]) -> np.ndarray:
    """Position in ``keys`` of the (host, plane) of each event row (the last of equal keys; -1 where it
    is not a key), looked up once per distinct pair of category codes."""
    position = {key: k for k, key in enumerate(keys)}
    host_names, plane_names = np.append(ec.category_text(ev["host"]), ""), np.append(ec.category_text(ev["plane"]), "")
    host_code = ec.row_codes(ev["host"], rows).astype(np.int64)
    plane_code = ec.row_codes(ev["plane"], rows).astype(np.int64)
    host_code[host_code < 0] = len(host_names) - 1  # missing: "", as ``ec.str_column``
    plane_code[plane_code < 0] = len(plane_names) - 1
    pair = host_code * len(plane_names) + plane_code
    distinct, inverse = np.unique(pair, return_inverse=True)
    width = len(plane_names)
    mapped = [position.get((host_names[d // width], plane_names[d % width]), -1) for d in distinct.tolist()]
    return np.asarray(mapped, np.int64)[inverse] if len(distinct) else np.zeros(0, np.int64)


def _plane_totals(
    keys: list[tuple[str, str]],
    spans: tuple[np.ndarray, np.ndarray, np.ndarray],
    op_time: tuple[np.ndarray, np.ndarray],
) -> dict[str, Any]:
    """``PLANE_COLUMNS`` (hosts and planes as lists, times int64 arrays; ``_planes_frame`` makes their frame)
    from per-event (plane position, start, end) and per-op-event (plane position, self time); positions in
    ``keys``, -1 for an event of no listed plane."""
    n = len(keys)
    start = np.zeros(n, np.int64)
    end = np.zeros(n, np.int64)
    k, span_start, span_end = spans
    hit = k >= 0
    if hit.any():
        first = np.full(n, np.iinfo(np.int64).max, np.int64)
        last = np.full(n, np.iinfo(np.int64).min, np.int64)
        np.minimum.at(first, k[hit], span_start.astype(np.int64)[hit])
        np.maximum.at(last, k[hit], span_end.astype(np.int64)[hit])
        seen = np.bincount(k[hit], minlength=n) > 0
        start, end = np.where(seen, first, 0), np.where(seen, last, 0)
    k, self_time = op_time
    hit = k >= 0
    op = np.zeros(n, np.int64)
    np.add.at(op, k[hit], self_time.astype(np.int64)[hit])
    span = np.maximum(end - start, 0)
    total = np.maximum(span, op)
    return {"host": [h for h, _ in keys], "plane": [p for _, p in keys], "span_ps": span, "op_time_ps": op,
            "total_time_ps": total, "idle_ps": total - op}  # fmt: skip


def _planes_frame(planes: dict[str, Any]) -> pd.DataFrame:
    """``DeviceOpDb.planes``: the frame of ``_plane_totals``' columns."""
    host, plane = planes["host"], planes["plane"]
    numbers = {c: planes[c] for c in PLANE_COLUMNS[2:]}
    if not host or not all(type(h) is str and type(p) is str for h, p in zip(host, plane)):
        texts = {"host": np.empty(len(host), dtype=object), "plane": np.empty(len(host), dtype=object)}
        texts["host"][:], texts["plane"][:] = host, plane
        return pd.DataFrame({**texts, **numbers}, columns=PLANE_COLUMNS)
    return typed_frame({"host": strings(host), "plane": strings(plane), **numbers})


def _text_or_empty(values: np.ndarray) -> np.ndarray:
    """``Series.astype("string").fillna("")`` of an object array, computed once per distinct value
    (in Python where each is a str or missing, else by pandas)."""
    code, distinct = pd.factorize(values, use_na_sentinel=False)
    items = distinct.tolist()
    if all(type(v) is str or _is_missing(v) for v in items):
        text = np.array(["" if _is_missing(v) else v for v in items] or [""], dtype=object)
    else:
        text = pd.Series(distinct, dtype=object).astype("string").fillna("").to_numpy(dtype=object)
    return text[code] if len(distinct) else np.zeros(0, dtype=object)


def _is_missing(value: object) -> bool:
    """None or a float NaN (what a stat column holds where an event lacks the stat)."""
    return value is None or (type(value) is float and value != value)


# ---------------------------------------------------------------------------------- GPU
def hlo_op_ids(ev: pd.DataFrame, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(id of each row's HLO op name, the text of each id): the last ``::`` part of its ``hlo_op`` stat
    (``ec.last_component``; ``""`` where missing), numbered per distinct text (equal ids: equal names)."""
    if "hlo_op" not in ev.columns or len(rows) == 0:
        return np.zeros(len(rows), np.int64), np.array([""], dtype=object)
    hlo_op = ev["hlo_op"]
    parts = [text.split("::")[-1] for text in ec.category_text(hlo_op)]  # per category, not per kernel
    ids, texts = pd.factorize(np.array([*parts, ""], dtype=object))
    return ids.astype(np.int64)[ec.row_codes(hlo_op, rows)], np.asarray(texts, dtype=object)


def _merged_run_programs(
    ev: pd.DataFrame,
    rows: np.ndarray,
    x: np.ndarray,
    is_tf: np.ndarray,
    pid: np.ndarray,
    name_id: np.ndarray,
    found: np.ndarray,
    event_groups: Callable[[], np.ndarray],
) -> np.ndarray:
    """Program ids of the XLA op events ``rows[x]`` as XProf's HLOTracker books them.

    XProf walks each GPU line in order and merges consecutive events of one HLO op name and one step
    (group) into one op entry under the program of the first: two ``copy.1`` copies of two
    ``jit_stage`` programs back to back are one op of the first program with two occurrences. Events
    whose instruction the HLO protos lack are skipped without ending a run; a TensorFlow op event
    ends it; so does the end of a line or an event without a step. ``event_groups`` gives the step of
    every event (called only when some run spans two programs). ``name_id``: each event's HLO op name as
    an integer id (equal ids: equal names); ``found``: per event, whether the HLO protos hold its
    instruction (its own program's). ``pid`` itself is returned where no run spans two programs."""
    in_runs = np.zeros(len(rows), bool)
    in_runs[x[found]] = True
    in_runs |= is_tf
    seq = np.flatnonzero(in_runs)  # positions in ``rows``, in frame (line) order
    if len(seq) < 2:
        return pid
    xla_pos = np.full(len(rows), -1, np.int64)
    xla_pos[x] = np.arange(len(x))
    at = xla_pos[seq]  # index into x (-1: a TF op event)
    plane = ec.row_codes(ev["plane"], rows[seq])
    line_id = ev["line_id"].to_numpy()[rows[seq]]
    both_xla = (at[1:] >= 0) & (at[:-1] >= 0)
    same = both_xla & (plane[1:] == plane[:-1]) & (line_id[1:] == line_id[:-1])  # one line
    same &= name_id[np.maximum(at[1:], 0)] == name_id[np.maximum(at[:-1], 0)]
    across = same & (pid[np.maximum(at[1:], 0)] != pid[np.maximum(at[:-1], 0)])
    if not across.any():
        return pid  # runs within one program change nothing
    group = event_groups()[rows[seq]]
    # XProf compares the new event's step with the run's (0 when the run's first event had none)
    cont = same & (group[1:] >= 0) & (group[1:] == np.maximum(group[:-1], 0))
    run_first = np.maximum.accumulate(np.where(np.r_[True, ~cont], np.arange(len(seq)), 0))
    out = pid.copy()
    xla = at >= 0
    out[at[xla]] = pid[at[run_first[xla]]]
    return out


_HLO_META_COLUMNS = ["category", "provenance", "expression", "shape", "deduplicated_name", "source_file",
                     "source_stack", "source_line"]  # fmt: skip  # a GPU XLA op's, from its HLO instruction
# those read from the instruction's row (its text, stack, shape: the costly part), made when the table's are read
_LAZY_HLO_COLUMNS = ("expression", "shape", "deduplicated_name", "source_file", "source_stack", "source_line")
_HLO_FOUND = "_hlo_found"  # a GPU op's metadata: an XLA op whose instruction the HLO protos hold


@dataclass
class _KeyedOps:
    """Op events of one kind on the GPU planes, keyed: ``events`` (positions in ``_GpuOpKeys.rows``), each
    one's op (``op_of``) and each op's first event (``first``, positions in ``events``); ``meta``: each op's
    ``META_COLUMNS`` with its keys (program id, name, provenance; a TF op's category too), the rest ""
    and no source line; ``found``: XLA ops whose instruction the HLO protos hold (None for TF ops);
    ``kept``: the events that stay ops (None: all; else those of the found ops); ``hlo_values``: the
    XLA ops' instruction columns read (``index.lookup_values``'; "" where not found)."""

    events: np.ndarray
    op_of: np.ndarray
    first: np.ndarray
    meta: dict[str, Any]
    kept: np.ndarray | None = None
    found: np.ndarray | None = None
    hlo_values: dict[str, np.ndarray] = field(default_factory=dict)
    rekeyed: bool = False  # some event's op is keyed by another program's id (a run merged by XProf's rule)


@dataclass
class GpuEvents:
    """The events of the GPU planes' non-derived lines as the device op builder read them: their ``rows`` (of
    the events frame, ascending), each one's HLO op name (``hlo_op_ids``: ``hlo_id`` per row, ``hlo_text``
    per id) and program id (``program_id``: uint64, 0 where missing or the event names no HLO op). The
    kernel stats db reads its kernels' from these (``build_kernel_db``)."""

    rows: np.ndarray
    hlo_id: np.ndarray
    hlo_text: np.ndarray
    program_id: np.ndarray
    ops: XlaOpsOfEvents | None = None


@dataclass
class XlaOpsOfEvents:
    """The XLA ops of ``GpuEvents``' rows, where each event's op is keyed by its own program id (no run of
    events was booked under another program): ``op`` per row (-1: no XLA op event), and per op whether the
    HLO protos hold its instruction (``found``) and its ``provenance``."""

    op: np.ndarray
    found: np.ndarray
    provenance: np.ndarray


@dataclass
class _GpuOpKeys:
    """The event ``rows`` of the GPU planes' non-derived lines, their ``duration`` (ps), the XLA and TF
    ops among them (None: no such event), the rows attributed to no op, the plane totals and the events'
    keys (``GpuEvents``)."""

    rows: np.ndarray
    duration: np.ndarray
    xla: _KeyedOps | None
    tf: _KeyedOps | None
    unattributed: np.ndarray
    planes: dict[str, Any]  # ``_plane_totals``' columns
    events: GpuEvents


def _gpu_op_keys(
    frames: Frames,
    plane_names: list[str],
    index: HloIndex,
    info: dict[str, Any],
    keep_without_hlo: bool = True,
    event_groups: Callable[[], np.ndarray] | None = None,
    hlo_columns: tuple[str, ...] = ("provenance",),
) -> _GpuOpKeys:
    """The GPU op events and their ops' keys (what ``device_op_keys`` needs), the plane totals, and the
    event counts (in ``info``); ``hlo_columns``: the instruction columns the XLA ops read (one lookup),
    provenance among them."""
    ev = frames.events
    wanted = set(plane_names)
    mask = xs.plane_mask(ev, lambda n: n in wanted) & ~xs.is_derived_line_id(ev["line_id"].to_numpy())
    rows = np.flatnonzero(mask)
    dur = ev["duration_ps"].to_numpy()[rows]
    hlo_id, hlo_text = hlo_op_ids(ev, rows)
    tf_full = ec.str_column(ev, "tf_op", rows)
    is_xla = hlo_text[hlo_id] != ""
    is_tf = ~is_xla & (tf_full != "")
    x = np.flatnonzero(is_xla)
    pid = np.zeros(len(rows), np.uint64)
    pid[x] = ec.uint_column(ev, "program_id", rows[x])[0]
    texts = (hlo_id, hlo_text, tf_full)
    xla = (
        _xla_op_keys(ev, rows, (x, pid[x]), is_tf, texts, (index, hlo_columns), info, event_groups) if len(x) else None
    )
    matched = 0
    if xla is not None and xla.found is not None:
        event_found = xla.found[xla.op_of]
        matched = int(event_found.sum())
        without_hlo = x[~event_found]
        info["device_time_without_hlo_ps"] = int(dur[without_hlo].sum())
        info["device_ops_without_hlo"] = sorted({str(n) for n in xla.meta["name"][~xla.found]})[:20]
        info["device_ops_without_hlo_kept"] = keep_without_hlo
        if not keep_without_hlo and matched != len(x):  # XProf's rule: such a kernel is no op, its time is idle
            xla.kept = event_found
            is_xla[without_hlo] = False
    t = np.flatnonzero(is_tf)
    tf = _tf_op_keys(ev, rows, t, tf_full) if len(t) else None
    unattributed = ~(is_xla | is_tf)
    info.update(
        device_events_considered=int(len(rows)),
        device_xla_op_events=int(len(x)),
        device_xla_op_events_with_hlo=matched,
        device_tf_op_events=int(len(t)),
        device_events_without_op=int(unattributed.sum()),
        device_time_without_op_ps=int(dur[unattributed].sum()),
        device_event_time_ps=int(dur.sum()),
    )
    start = ev["start_ps"].to_numpy()[rows]
    keys = _plane_keys(frames, plane_names)
    plane_of = _plane_positions(ev, rows, keys)
    op = ~unattributed
    planes = _plane_totals(keys, (plane_of, start, start + dur), (plane_of[op], dur[op]))
    events = GpuEvents(rows, hlo_id, hlo_text, pid, _ops_of_events(len(rows), xla))
    return _GpuOpKeys(rows, dur, xla, tf, unattributed, planes, events)


def _ops_of_events(n: int, xla: _KeyedOps | None) -> XlaOpsOfEvents | None:
    """``XlaOpsOfEvents`` of ``n`` GPU rows and their XLA ops (None: none, or events re-keyed by a run merge)."""
    if xla is None or xla.rekeyed or xla.found is None:
        return None
    op = np.full(n, -1, np.int64)
    op[xla.events] = xla.op_of
    return XlaOpsOfEvents(op, xla.found, xla.meta["provenance"])


def _xla_op_keys(
    ev: pd.DataFrame,
    rows: np.ndarray,
    xla_events: tuple[np.ndarray, np.ndarray],
    is_tf: np.ndarray,
    texts: tuple[np.ndarray, np.ndarray, np.ndarray],
    instructions: tuple[HloIndex, tuple[str, ...]],
    info: dict[str, Any],
    event_groups: Callable[[], np.ndarray] | None,
) -> _KeyedOps:
    """The XLA op events ``rows[x]`` keyed by (program id, HLO op name); ``xla_events``: ``x`` and those
    events' program ids (uint64, 0 where missing); ``texts``: the rows' HLO op
    names (``hlo_op_ids``: id per row, text per id) and ``tf_op`` stats; ``instructions``: the HLO index
    and the instruction columns to read (the provenance alone is read without making rows). An op whose
    instruction the HLO protos lack takes its event's ``tf_op`` as provenance, unless that is the XLA
    runtime's module annotation."""
    hlo_id, hlo_text, tf_full = texts
    index, hlo_columns = instructions
    x, pid = xla_events
    name_id = hlo_id[x]
    keyed = _keyed_pairs(pid, name_id, hlo_text, index, hlo_columns)
    rekeyed = False
    if event_groups is not None:
        merged = _merged_run_programs(ev, rows, x, is_tf, pid, name_id, keyed.found[keyed.pair_id], event_groups)
        rekeyed = merged is not pid  # some event booked under another program
        if rekeyed:
            pid = merged
            keyed = _keyed_pairs(pid, name_id, hlo_text, index, hlo_columns)
    pair_id, first, found, n_pairs = keyed.pair_id, keyed.first, keyed.found, len(keyed.first)
    upid, uname = pid[first], hlo_text[name_id[first]]
    meta: dict[str, Any] = {"program_id": upid, **_empty_meta(n_pairs)}
    meta["provenance"] = keyed.values["provenance"]
    if not found.all():  # the event's tf_op, unless it is the module annotation
        missing = np.flatnonzero(~found)
        event_tf = tf_full[x][first[missing]]
        module_marker, distinct_tf = pd.factorize(event_tf)  # event_tf: str, none missing
        _, tf_names, _ = _tf_op.parse_many(distinct_tf)
        is_marker = tf_names[module_marker] == XLA_MODULE_ANNOTATION
        meta["provenance"] = meta["provenance"].copy()
        meta["provenance"][missing] = np.where(is_marker, "", event_tf)
    meta["name"] = uname
    meta["source_line"] = pd.arrays.IntegerArray(np.full(n_pairs, -1, np.int64), np.ones(n_pairs, bool))
    info["programs_with_hlo"] = sorted({int(p) for p in upid[found]})
    meta = {c: meta[c] for c in META_COLUMNS}
    return _KeyedOps(x, pair_id, first, meta, found=found, hlo_values=keyed.values, rekeyed=rekeyed)


@dataclass
class _Pairs:
    """XLA op events keyed by (program id, HLO op name): each event's pair (``pair_id``), each pair's first
    event (``first``), whether the HLO protos hold its instruction (``found``) and the instruction columns
    read (``values``: object arrays, "" where not found)."""

    pair_id: np.ndarray
    first: np.ndarray
    found: np.ndarray
    values: dict[str, np.ndarray]


def _keyed_pairs(
    pid: np.ndarray, name_id: np.ndarray, name_text: np.ndarray, index: HloIndex, columns: tuple[str, ...]
) -> _Pairs:
    """The events' (program id, name id) pairs, numbered in order of first appearance, and their
    instructions' ``columns`` (one lookup per pair; ``LIGHT_COLUMNS`` read without the instructions' rows)."""
    pair_id, n_pairs = ec.group_ids(pid, name_id)
    first = ec.first_of_groups(pair_id, n_pairs)
    upid, uname = pid[first], name_text[name_id[first]]
    if set(columns) <= set(LIGHT_COLUMNS):  # read without making the instructions' rows; "" where not found
        values, found = index.lookup_light_values(upid, uname, list(columns))
    else:
        values, found = index.lookup_values(upid, uname, list(columns))
    return _Pairs(pair_id, first, found, values)


def _tf_op_keys(ev: pd.DataFrame, rows: np.ndarray, t: np.ndarray, tf_full: np.ndarray) -> _KeyedOps:
    """The TensorFlow op events ``rows[t]`` keyed by (``tf_op`` stat, kernel name): op ``<tf op name>/<kernel>``,
    category the op's type (``unknown`` without one), provenance the stat."""
    kernel = ec.str_column(ev, "name", rows[t])
    pair_id, n_pairs = ec.group_ids(tf_full[t], kernel)
    first = np.full(n_pairs, len(t), np.int64)
    np.minimum.at(first, pair_id, np.arange(len(t)))
    utf = tf_full[t][first]
    _, op_name, op_type = _tf_op.parse_many(utf)
    meta: dict[str, Any] = {"program_id": np.zeros(n_pairs, np.uint64), **_empty_meta(n_pairs)}
    meta["name"] = (op_name.astype(str) + "/" + kernel[first].astype(str)).astype(object)
    meta["category"] = np.where(op_type == "", "unknown", op_type).astype(object)
    meta["provenance"] = utf
    meta["source_line"] = pd.arrays.IntegerArray(np.zeros(n_pairs, np.int64), np.ones(n_pairs, bool))
    return _KeyedOps(t, pair_id, first, {c: meta[c] for c in META_COLUMNS})


def _op_events(rows: np.ndarray, ops: _KeyedOps, meta: dict[str, Any], metrics: dict[str, np.ndarray]) -> OpEvents:
    """The ops' events (``rows[ops.events]``) with their ops' metadata and the events' metrics, those
    that are no ops (``ops.kept``) left out with their ops."""
    distinct = ops.found is not None  # XLA ops: one per (program id, name) pair
    if ops.kept is None:
        return OpEvents(rows[ops.events], meta, ops.op_of, metrics, distinct)
    keep = ops.kept
    kept_ops = np.flatnonzero(ops.found if ops.found is not None else np.ones(len(ops.first), bool))
    new_op = np.full(len(ops.first), -1, np.int64)
    new_op[kept_ops] = np.arange(len(kept_ops))
    kept_meta = {c: values[kept_ops] for c, values in meta.items()}
    kept_metrics = {k: v[keep] for k, v in metrics.items()}
    return OpEvents(rows[ops.events][keep], kept_meta, new_op[ops.op_of[keep]], kept_metrics, distinct)


def _gpu_key_parts(keys: _GpuOpKeys) -> list[OpEvents]:
    """The op events of ``keys`` with their ops' keys as metadata and their durations as metrics."""
    parts = []
    for ops in (keys.xla, keys.tf):
        if ops is not None:
            parts.append(
                _op_events(keys.rows, ops, ops.meta, event_metrics(len(ops.events), keys.duration[ops.events]))
            )
    return parts


def _gpu_ops(
    frames: Frames,
    plane_names: list[str],
    index: HloIndex,
    info: dict[str, Any],
    keep_without_hlo: bool = True,
    event_groups: Callable[[], np.ndarray] | None = None,
) -> tuple[list[OpEvents], dict[str, Any], GpuEvents]:
    """The GPU op events, plane totals and events' keys: the ops of ``_gpu_op_keys`` with all their metadata
    (an XLA op's from its HLO instruction) and metrics."""
    keys = _gpu_op_keys(frames, plane_names, index, info, keep_without_hlo, event_groups, LIGHT_COLUMNS)
    ev, rows, dur = frames.events, keys.rows, keys.duration
    parts = []
    if keys.xla is not None:
        xla = keys.xla
        at = rows[xla.events]
        metrics = event_metrics(
            len(at),
            dur[xla.events],
            flops=ec.int_column(ev, "flops", at),
            model_flops=ec.int_column(ev, "model_flops", at),
            bytes_accessed=ec.int_column(ev, "bytes_accessed", at),
            eager=ec.int_column(ev, "is_eager", at) != 0,
        )
        parts.append(_op_events(rows, xla, _xla_op_meta(ev, at[xla.first], xla), metrics))
    if keys.tf is not None:
        tf = keys.tf
        eager = ec.int_column(ev, "is_eager", rows[tf.events]) != 0
        meta = {**tf.meta, _HLO_FOUND: np.zeros(len(tf.first), bool)}
        parts.append(_op_events(rows, tf, meta, event_metrics(len(tf.events), dur[tf.events], eager=eager)))
    if keys.unattributed.any():
        # Older TF GPU profiles name the op only in the kernel's annotation ("level 0" stat).
        _, annotated = xs.stat_values(frames, "level 0", rows[keys.unattributed])
        info["device_events_with_annotation_only"] = int(annotated.sum())
    return parts, keys.planes, keys.events


def _xla_op_meta(ev: pd.DataFrame, first_rows: np.ndarray, xla: _KeyedOps) -> dict[str, Any]:
    """The XLA ops' ``META_COLUMNS`` and ``_HLO_FOUND``: category from their HLO instructions
    (``xla.hlo_values``), an op whose instruction the HLO protos lack categorised by its first event's
    ``hlo_category`` stat, else by its name; ``_LAZY_HLO_COLUMNS`` left "" (no source line): the table's
    are read from the instructions when first asked for (``_hlo_text_columns``). ``first_rows``: each
    op's first event row."""
    found = xla.found if xla.found is not None else np.ones(len(first_rows), bool)
    meta = dict(xla.meta)
    meta["category"] = np.array(xla.hlo_values["category"], dtype=object)  # a copy: the lookup's stays as read
    missing = np.flatnonzero(~found)
    if len(missing):  # ops without an instruction: their first event's hlo_category, else their name's
        stat_category = ec.str_column(ev, "hlo_category", first_rows[missing])
        by_name = category_from_name(xla.meta["name"][missing])
        meta["category"][missing] = np.where(stat_category != "", stat_category, by_name)
    meta["hlo_module"] = ec.str_column(ev, "hlo_module", first_rows)
    return {**{c: meta[c] for c in META_COLUMNS}, _HLO_FOUND: found}


# ---------------------------------------------------------------------------------- TPU
def _device_span(ev: pd.DataFrame, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(start, duration) on the device clock where ``device_offset_ps``/``device_duration_ps`` say
    (XProf's ``GetDeviceEventTimespan``), else the event's own."""
    start = ev["start_ps"].to_numpy()[rows]  # fancy indexing: copies
    length = ev["duration_ps"].to_numpy()[rows]
    if "device_offset_ps" in ev.columns and "device_duration_ps" in ev.columns and len(rows):
        off, dd = ev["device_offset_ps"].array[rows], ev["device_duration_ps"].array[rows]
        has = ~np.asarray(off.isna(), dtype=bool) & ~np.asarray(dd.isna(), dtype=bool)
        start[has] = off.to_numpy(dtype=np.int64, na_value=0)[has]
        length[has] = dd.to_numpy(dtype=np.int64, na_value=0)[has]
    return start, length


def _source_file_and_line(sources: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(file as object array of str, "" where unknown; line as float64, NaN where unknown) of each
    ``source`` stat value ("file:line"): the text up to and after its last ``:``. Values that are all
    str or missing are split in Python, others as pandas' ``string`` dtype splits them."""
    if not all(type(v) is str or v is None or (type(v) is float and v != v) for v in sources.tolist()):
        source = pd.Series(sources, dtype=object).astype("string")
        parts = source.str.rsplit(":", n=1)
        file = parts.str[0].fillna("").to_numpy(dtype=object)
        return file, pd.to_numeric(parts.str[1], errors="coerce").to_numpy()
    file = np.empty(len(sources), dtype=object)
    lines: list[object] = []
    for k, text in enumerate(sources.tolist()):
        if type(text) is not str:  # missing
            file[k] = ""
            lines.append(None)
            continue
        head, colon, tail = text.rpartition(":")
        file[k] = head if colon else text
        lines.append(tail if colon else None)
    return file, _line_numbers(lines)


def _line_numbers(lines: list[object]) -> np.ndarray:
    """float64 ``pd.to_numeric(..., errors="coerce")`` of texts (None: NaN): in Python where each is
    a short run of ASCII digits (exact in float64), else by pandas."""
    if all(v is None or (type(v) is str and v.isascii() and v.isdigit() and len(v) < 16) for v in lines):
        return np.array([math.nan if v is None else float(int(v)) for v in lines], dtype=np.float64)  # type: ignore[arg-type]
    line = pd.to_numeric(pd.Series(lines, dtype="string"), errors="coerce").to_numpy() if len(lines) else np.zeros(0)
    return np.asarray(line, dtype=np.float64)


def _time_scale(values: np.ndarray) -> np.ndarray:
    """float64 DVFS time scale of each event from its ``time_scale_multiplier`` stat values (1 where
    missing or not a number)."""
    if pd.isna(values).all():
        return np.ones(len(values))
    return pd.to_numeric(pd.Series(values), errors="coerce").fillna(1.0).to_numpy(np.float64)


def _tpu_ops(frames: Frames, plane_names: list[str], info: dict[str, Any]) -> tuple[list[OpEvents], dict[str, Any]]:
    ev = frames.events
    wanted = set(plane_names)
    in_plane = xs.plane_mask(ev, lambda n: n in wanted)
    op_rows = np.flatnonzero(in_plane & xs.values_in(ev["line"], xs.TPU_OP_LINES))
    step_rows = np.flatnonzero(in_plane & xs.values_in(ev["line"], xs.TPU_STEP_LINES))
    o_start, o_len = _device_span(ev, op_rows)
    s_start, s_len = _device_span(ev, step_rows)
    # Nest by device timespan per line.
    line_key, _ = ec.group_ids(ec.row_codes(ev["host"], op_rows).astype(np.int64), ev["plane_id"].to_numpy()[op_rows],
                               ev["line_id"].to_numpy()[op_rows])  # fmt: skip
    order = np.lexsort((-o_len, o_start, line_key))
    parent_sorted = nearest_container(line_key[order], o_start[order], o_start[order] + o_len[order])
    parent = np.full(len(op_rows), -1, np.int64)
    parent[order] = np.where(parent_sorted >= 0, order[np.maximum(parent_sorted, 0)], -1)
    nested = parent >= 0
    children = ec.sum_by(parent[nested], o_len[nested], len(op_rows))
    self_time = o_len - children

    symbol = ec.int_column(ev, "symbol_id", op_rows)
    pid, has_program = ec.uint_column(ev, "program_id", op_rows)
    keep = (symbol != 0) & has_program
    info.update(
        device_events_considered=int(len(op_rows)),
        device_xla_op_events=int(keep.sum()),
        device_events_without_op=int((~keep).sum()),
        device_time_without_op_ps=int(self_time[~keep].sum()),
        device_event_time_ps=int(self_time.sum()),
    )
    keys = _plane_keys(frames, plane_names)
    op_plane = _plane_positions(ev, op_rows, keys)
    spans = (
        np.concatenate([op_plane, _plane_positions(ev, step_rows, keys)]),
        np.concatenate([o_start, s_start]),
        np.concatenate([o_start + o_len, s_start + s_len]),
    )
    planes = _plane_totals(keys, spans, (op_plane[keep], self_time[keep]))
    k = np.flatnonzero(keep)
    if len(k) == 0:
        return [], planes
    rk = op_rows[k]
    extra = xs.stat_columns(frames, rk, ("memory_access_breakdown", "source", "source_stack", "time_scale_multiplier"))
    display, long_name = ec.str_column(ev, "display_name", rk), ec.str_column(ev, "name", rk)
    name = np.where(display != "", display, long_name)
    # file and line of each distinct ``source`` text ("file:line"), spread back to the events
    source_code, distinct_source = pd.factorize(extra["source"], use_na_sentinel=False)
    distinct_file, distinct_line = _source_file_and_line(distinct_source)
    source_file, source_line = distinct_file[source_code], distinct_line[source_code]
    category = ec.str_column(ev, "hlo_category", rk)
    meta = {
            "program_id": pid[k],
            "hlo_module": np.full(len(k), "", dtype=object),
            "name": name,
            "category": np.where(category != "", category, "unknown"),
            "provenance": ec.str_column(ev, "tf_op", rk),
            "expression": np.where(name == long_name, "", long_name),
            "shape": ec.str_column(ev, "shape_with_layout", rk),
            "deduplicated_name": ec.str_column(ev, "deduplicated_name", rk),
            "source_file": source_file,
            "source_line": pd.array(source_line.astype(np.float64), dtype="Int64"),
            "source_stack": _text_or_empty(extra["source_stack"]),
    }  # fmt: skip
    occ = np.maximum(ev["num_occurrences"].to_numpy()[rk], 1).astype(np.int64)
    flops = ec.int_column(ev, "flops", rk) * occ
    model = ec.int_column(ev, "model_flops", rk) * occ
    blob_codes, blobs = pd.factorize(extra["memory_access_breakdown"], use_na_sentinel=False)
    per_blob = np.array([parse_memory_breakdown(b) for b in blobs], dtype=np.int64).reshape(-1, 4)  # distinct stats
    hbm = per_blob[blob_codes] if len(per_blob) else np.zeros((len(k), 4), np.int64)
    scale = _time_scale(extra["time_scale_multiplier"])
    metrics = event_metrics(
        len(k),
        o_len[k],
        occurrences=occ,
        self_time_ps=self_time[k].astype(np.int64),
        children_time_ps=children[k].astype(np.int64),
        flops=flops,
        model_flops=np.where(model > 0, model, flops),
        bytes_accessed=ec.int_column(ev, "bytes_accessed", rk) * occ,
        hbm_read_bytes=hbm[:, 0] * occ,
        hbm_write_bytes=hbm[:, 1] * occ,
        hbm_bytes_all=hbm[:, 2] * occ,
        has_breakdown=hbm[:, 3] > 0,
        normalized=o_len[k] * scale,
    )
    return [OpEvents(rk, meta, np.arange(len(k)), metrics)], planes


# --------------------------------------------------------------------------- assembly
def join_hlo_costs(ops: pd.DataFrame, costs: pd.DataFrame | None) -> pd.DataFrame:
    """Merge per-execution FLOPs and bytes of HLO instructions onto GPU ops: the one join point.

    ``costs`` has ``HLO_COST_COLUMNS`` (``program_id`` uint64, instruction ``name``, ``flops``,
    ``model_flops``, ``bytes_accessed`` per execution; optional ``bytes_read``/``bytes_written``,
    taken as HBM reads and writes), e.g. ``nbprof.hlo.cost.module_costs``. As XProf's
    ``DeviceOpMetricsDbBuilder::EnterOp`` with a ``PerformanceInfoWrapper``: where a cost is
    positive it replaces the events' value, times the op's occurrences; model FLOPs default to
    FLOPs. ``None`` (or an empty table) leaves ``ops`` as it is.
    """
    if costs is None or len(costs) == 0 or len(ops) == 0:
        return ops
    out = ops.copy()
    for column, values in _cost_updates(ops, costs).items():
        out[column] = values
    return out


Costs = pd.DataFrame | Mapping[str, np.ndarray]  # HLO costs: a frame, or its columns as arrays (module_cost_columns)


def _cost_values(costs: Costs, column: str, dtype: Any = None) -> np.ndarray:
    """A column of ``costs`` as a numpy array (``Series.to_numpy(dtype)`` of a frame's)."""
    values = costs[column]
    if isinstance(values, pd.Series):
        return values.to_numpy(dtype)
    return np.asarray(values, dtype)


def _cost_rows(costs: Costs) -> int:
    """The number of rows of ``costs``."""
    return len(costs) if isinstance(costs, pd.DataFrame) else len(costs["name"])


def _cost_positions(costs: Costs, program_id: np.ndarray, name: np.ndarray) -> np.ndarray:
    """Row of ``costs`` of each (program id, instruction name) pair (the first of equal keys; -1: none)."""
    keys = zip(_cost_values(costs, "program_id", np.uint64).tolist(), _cost_values(costs, "name", object).tolist())
    first = dict(zip(list(keys)[::-1], range(_cost_rows(costs) - 1, -1, -1)))  # reversed: the first row wins
    pairs = zip(program_id.tolist(), name.tolist())
    return np.fromiter((first.get(pair, -1) for pair in pairs), np.int64, len(program_id))


def _per_run(costs: Costs, column: str, pos: np.ndarray) -> np.ndarray:
    """float64 per-execution cost of each op (0 where not found, missing or not numeric)."""
    if column not in costs:
        return np.zeros(len(pos))
    values = _cost_values(costs, column)
    if values.dtype.kind in "iuf":
        values = values.astype(np.float64)
        values = np.where(np.isnan(values), 0.0, values)
    else:
        column_values = costs[column] if isinstance(costs, pd.DataFrame) else pd.Series(values)
        values = pd.to_numeric(column_values, errors="coerce").fillna(0).to_numpy(np.float64)
    return np.where(pos >= 0, values[np.maximum(pos, 0)], 0.0)


def _cost_updates(ops: Any, costs: Costs) -> dict[str, np.ndarray]:
    """The columns ``join_hlo_costs`` replaces, from the ops' columns (a frame or arrays by column)."""
    pos = _cost_positions(costs, _uint64(ops["program_id"]), np.asarray(ops["name"], dtype=object))
    found = pos >= 0
    occ = np.asarray(ops["occurrences"], dtype=np.int64)
    out: dict[str, np.ndarray] = {}
    for column in ("flops", "bytes_accessed"):
        cost = _per_run(costs, column, pos)
        out[column] = np.where(cost > 0, np.rint(cost * occ), np.asarray(ops[column])).astype(np.int64)
    model = _per_run(costs, "model_flops", pos)
    out["model_flops"] = np.where(model > 0, np.rint(model * occ), out["flops"]).astype(np.int64)
    if "bytes_read" in costs and "bytes_written" in costs:
        read, written = _per_run(costs, "bytes_read", pos), _per_run(costs, "bytes_written", pos)
        known = found & ((read > 0) | (written > 0))
        hbm_read = np.asarray(ops["hbm_read_bytes"])
        hbm_write = np.asarray(ops["hbm_write_bytes"])
        out["hbm_read_bytes"] = np.where(known, np.rint(read * occ), hbm_read).astype(np.int64)
        out["hbm_write_bytes"] = np.where(known, np.rint(written * occ), hbm_write).astype(np.int64)
        hbm_all = out["hbm_read_bytes"] + out["hbm_write_bytes"]
        out["hbm_bytes_all"] = np.where(known, hbm_all, np.asarray(ops["hbm_bytes_all"]))
        out["has_breakdown"] = np.asarray(ops["has_breakdown"], dtype=bool) | known
    return out


def _module_names(frames: Frames, index: HloIndex) -> dict[int, str]:
    """program id -> module name: the HLO protos' keys, else TPU ``XLA Modules`` line names."""
    out: dict[int, str] = {}
    ev = frames.events
    on_line = xs.values_in(ev["line"], [xs.XLA_MODULES_LINE])
    if on_line.any():
        for text in _distinct_texts(ev["name"], on_line):
            match = _PROGRAM_KEY.match(text)
            if match:
                out[int(match.group(2))] = match.group(1)
    out.update(index.program_names)
    return out


def _distinct_texts(series: pd.Series, mask: np.ndarray) -> list[str]:
    """The distinct values of a column on the ``mask`` rows as str (``"nan"`` where missing), in order
    of first appearance."""
    if not isinstance(series.dtype, pd.CategoricalDtype):
        return [str(v) for v in series[mask].astype(str).unique()]
    categories = series.array.categories
    codes = pd.unique(np.asarray(series.array.codes)[mask])
    return list(dict.fromkeys(str(categories[c]) if c >= 0 else "nan" for c in codes.tolist()))


_KEY_COLUMNS = ("host", "program_id", "name", "provenance")  # DeviceOpDb.op_keys
_TEXT_COLUMNS = ["host", "host_or_device", "program", "hlo_module", "name", "category", "provenance", "expression",
                 "shape", "deduplicated_name", "source_file", "source_stack"]  # fmt: skip
_INT_COLUMNS = SUM_COLUMNS + ["min_time_ps", "db_total_time_ps", "db_total_op_time_ps"]
_MADE_HERE = ("program", "host_or_device", "db_total_time_ps", "db_total_op_time_ps")  # not from the ops' table


def _columns(table: dict[str, Any], names: list[str], n: int) -> dict[str, Any]:
    """The table's columns as arrays; those the table lacks all missing (one array, which no reader
    changes)."""
    missing = None
    out = {}
    for name in names:
        if name in table:
            out[name] = table[name]
            continue
        if missing is None:
            missing = pd.array([pd.NA] * n, dtype=object)
        out[name] = missing
    return out


def _as_text(values: Any, n_idle: int, idle_value: str) -> np.ndarray:
    """Object array of str: missing values as "" (the ops' values, then the IDLE rows')."""
    return np.concatenate([ec.text(values), np.full(n_idle, idle_value, dtype=object)])


def _as_int(values: Any, idle: np.ndarray) -> np.ndarray:
    """int64: the ops' values (missing as 0), then the IDLE rows'."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "iub":  # nothing missing
        return np.concatenate([values.astype(np.int64), idle.astype(np.int64)])
    array = pd.array(values)
    ops = array.to_numpy(np.float64, na_value=0.0) if array.isna().any() else array.to_numpy()
    return np.concatenate([np.asarray(ops).astype(np.int64), idle.astype(np.int64)])


def _as_flag(values: Any, n_idle: int) -> np.ndarray:
    """bool: the ops' values (missing as False), then False for the IDLE rows."""
    if isinstance(values, np.ndarray) and values.dtype.kind == "b":
        return np.concatenate([values, np.zeros(n_idle, bool)])
    ops = np.asarray(values, dtype=object)
    return np.concatenate([np.array([bool(v) if not pd.isna(v) else False for v in ops], bool), np.zeros(n_idle, bool)])


def _as_float(values: Any, n_idle: int) -> np.ndarray:
    """float64: the ops' values (missing as 0), then 0 for the IDLE rows."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "iuf":
        ops = values.astype(np.float64)
        ops = np.where(np.isnan(ops), 0.0, ops)
    else:
        ops = pd.array(values).to_numpy(np.float64, na_value=0.0).astype(np.float64)
    return np.concatenate([ops, np.zeros(n_idle)])


def _as_program_id(values: Any, n_idle: int) -> pd.api.extensions.ExtensionArray:
    """``UInt64``: the ops' program ids (missing as 0), then 0 for the IDLE rows."""
    if isinstance(values, np.ndarray) and values.dtype == np.uint64:
        ops = values
    else:
        # UInt64 named: pandas 2 cannot infer an integer type for ids of 2**63 and above
        ops = pd.array(values, dtype="UInt64").to_numpy(np.uint64, na_value=0)
    program_id = np.concatenate([ops, np.zeros(n_idle, np.uint64)])
    return masked(pd.arrays.IntegerArray, program_id, np.zeros(len(program_id), bool))  # pd.array's, unchecked


def _as_line(values: Any, n_idle: int) -> pd.api.extensions.ExtensionArray:
    """``Int64``: the ops' source lines, then missing for the IDLE rows."""
    if isinstance(values, pd.arrays.IntegerArray) and values.dtype == "Int64":
        data = np.concatenate([values.to_numpy(np.int64, na_value=0), np.zeros(n_idle, np.int64)])
        return pd.arrays.IntegerArray(data, np.concatenate([values.isna(), np.ones(n_idle, bool)]))
    ops = pd.array(values, dtype="Int64")
    return pd.array(np.concatenate([ops.to_numpy(object, na_value=pd.NA), np.full(n_idle, pd.NA)]), dtype="Int64")


def _program_names(module: np.ndarray, program_id: np.ndarray) -> np.ndarray:
    """``program_name`` of str modules and uint64 ids: ``<module>(<id>)``, ``main`` where the module is
    ""; made once per distinct (module, id) (a dict over the ops: no frame or factorisation)."""
    made: dict[tuple[str, int], str] = {}
    names = []
    for key in zip(module.tolist(), program_id.tolist()):
        name = made.get(key)
        if name is None:
            name = made[key] = f"{key[0]}({key[1]})" if key[0] != "" else "main"
        names.append(name)
    out = np.empty(len(names), dtype=object)
    out[:] = names
    return out


def _finished_columns(
    table: dict[str, Any] | None, planes: dict[str, Any], frames: Frames, index: HloIndex, later: tuple[str, ...] = ()
) -> tuple[dict[str, Any], np.ndarray]:
    """The table's columns (the ops' rows, then the IDLE rows) and their order in it: program names,
    the per-host IDLE rows and db totals added, dtypes fixed.

    ``table``: the ops as arrays by column (``aggregate_op_columns``; None: no op). Built column by column
    in numpy and made a DataFrame once (``_frame_of``): pandas' fixed cost per call dominates these small
    tables."""
    table = table or {}
    n = len(table["name"]) if "name" in table else 0
    modules = _module_names(frames, index)
    col = _columns(table, [c for c in COLUMNS if c not in _MADE_HERE or (c == "program" and not n)], n)
    if n:
        pid = _uint64(table["program_id"])
        named = np.array([modules.get(p, "") for p in pid.tolist()], dtype=object)
        own = ec.text(table["hlo_module"])
        col["hlo_module"] = np.where(named != "", named, own)
        col["program"] = _program_names(col["hlo_module"], pid)
    hosts, host_total, host_op = _host_totals(planes)
    k = len(hosts)
    idle_time = host_total - host_op
    zeros = np.zeros(k, np.int64)
    out: dict[str, Any] = {}
    for c in COLUMNS:
        if c in later:  # made when first read (``_hlo_text_columns``)
            continue
        if c == "host_or_device":
            out[c] = np.full(n + k, "Device", dtype=object)
        elif c in _TEXT_COLUMNS:
            values = _as_text(col[c], k, IDLE if c in ("name", "category") else "")
            if c == "host":
                values[n:] = hosts.astype(object)
            out[c] = values
        elif c in ("total_time_ps", "self_time_ps"):
            out[c] = _as_int(col[c], idle_time)
        elif c in ("db_total_time_ps", "db_total_op_time_ps"):
            out[c] = zeros  # set below, per row's host
        elif c in _INT_COLUMNS:
            out[c] = _as_int(col[c], zeros)
        elif c == "normalized_time_ps":
            out[c] = _as_float(col[c], k)
        elif c == "program_id":
            out[c] = _as_program_id(col[c], k)
        elif c == "source_line":
            out[c] = _as_line(col[c], k)
        elif c in ("has_breakdown", "is_eager"):
            out[c] = _as_flag(col[c], k)
    row_host = np.searchsorted(hosts, out["host"].astype(str)) if k else np.zeros(len(out["host"]), np.int64)
    known = (row_host < k) & (hosts[np.minimum(row_host, max(k - 1, 0))] == out["host"]) if k else row_host < 0
    safe = np.minimum(row_host, max(k - 1, 0))
    out["db_total_time_ps"] = np.where(known, host_total[safe] if k else 0, 0).astype(np.int64)
    out["db_total_op_time_ps"] = np.where(known, host_op[safe] if k else 0, 0).astype(np.int64)
    return out, _row_order(out["host"], out["self_time_ps"], out["name"])


def _host_totals(planes: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hosts of the device planes (``_plane_totals``' columns; sorted str), each host's device total time
    and ops' self time (ps)."""
    plane_host = np.array(planes["host"], dtype=object).astype(str) if planes["host"] else np.zeros(0, dtype=str)
    hosts, host_of_plane = np.unique(plane_host, return_inverse=True)
    host_total = np.bincount(host_of_plane, planes["total_time_ps"], len(hosts)).astype(np.int64)
    host_op = np.bincount(host_of_plane, planes["op_time_ps"], len(hosts)).astype(np.int64)
    return hosts, host_total, host_op


def _row_order(host: np.ndarray, self_time: np.ndarray, name: np.ndarray) -> np.ndarray:
    """The table's row order: host ascending, self time (ps) descending, name ascending; stable."""
    _, host_rank = np.unique(host.astype(str), return_inverse=True)
    _, name_rank = np.unique(name.astype(str), return_inverse=True)
    return np.lexsort((name_rank, -self_time, host_rank))


def _names_by_program(table: dict[str, Any]) -> dict[int, set[str]]:
    """The ops' names by program id (``aggregate_op_columns``' arrays): the HLO cost rows they join."""
    out: dict[int, set[str]] = {}
    for pid, name in zip(_uint64(table["program_id"]).tolist(), np.asarray(table["name"], dtype=object).tolist()):
        out.setdefault(pid, set()).add(name)
    return out


def _hlo_text_columns(index: HloIndex, table: dict[str, Any], n_idle: int) -> dict[str, Any]:
    """``_LAZY_HLO_COLUMNS`` of the ops' rows of ``table`` (``aggregate_op_columns``' arrays), then of the
    ``n_idle`` IDLE rows, as ``_finished_columns`` makes them: the XLA ops' (``_HLO_FOUND``) read from
    their instructions' rows, "" and no source line elsewhere."""
    found = np.asarray(table[_HLO_FOUND], dtype=bool)
    n = len(found)
    at = np.flatnonzero(found)
    pid, name = _uint64(table["program_id"])[at], np.asarray(table["name"], dtype=object)[at]
    values, _ = index.lookup_values(pid, name, list(_LAZY_HLO_COLUMNS))
    out: dict[str, Any] = {}
    for c in _LAZY_HLO_COLUMNS:
        if c == "source_line":
            continue
        ops = np.full(n, "", dtype=object)
        ops[at] = values[c]
        out[c] = _as_text(ops, n_idle, "")
    lines = np.full(n, -1, np.int64)
    lines[at] = values["source_line"].astype(np.int64)
    out["source_line"] = _as_line(pd.arrays.IntegerArray(lines, lines < 0), n_idle)
    return out


def _ordered_columns(
    out: dict[str, Any], order: np.ndarray, later: Callable[[], dict[str, Any]] | None = None
) -> dict[str, Any]:
    """``_finished_columns``' columns in the table's order (``COLUMNS``); ``later``: a function giving some
    of them (``_hlo_text_columns``), which are made when first read (``LazyColumns``)."""
    if later is None:
        return {c: out[c][order] for c in COLUMNS}
    lazy = set(_LAZY_HLO_COLUMNS)
    made = functools.cache(later)
    ready = {c: out[c][order] for c in COLUMNS if c not in lazy}
    return LazyColumns(COLUMNS, ready, {c: functools.partial(_ordered_made, made, c, order) for c in lazy})


def _ordered_made(made: Callable[[], dict[str, Any]], column: str, order: np.ndarray) -> Any:
    return made()[column][order]


class LazyColumns(dict):
    """Columns by name (a dict, in ``names`` order) of which some (``makers``: name -> a function making
    the array) are made when first read by name (``columns[c]``, ``c in columns``, ``get``); any other
    use (iteration, ``items``, ``len``, copies, pickling, changes) makes them all first, and from then on
    it is a plain dict of them."""

    def __init__(self, names: list[str], ready: dict[str, Any], makers: dict[str, Callable[[], Any]]) -> None:
        super().__init__(ready)
        self._names = list(names)
        self._makers = dict(makers)
        self._made: dict[str, Any] = {}

    def __missing__(self, key: str) -> Any:
        if key not in self._makers:
            raise KeyError(key)
        if key not in self._made:
            self._made[key] = self._makers[key]()
        return self._made[key]

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key) or key in self._makers

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default

    def made_all(self) -> None:
        """Every column made, and the dict holding them all in ``names`` order."""
        if not self._makers:
            return
        values = {c: self[c] for c in self._names}
        self._makers, self._made = {}, {}
        dict.clear(self)
        dict.update(self, values)

    def __reduce__(self) -> tuple[type[dict], tuple[dict[str, Any]]]:
        """Pickled as the plain dict of every column."""
        self.made_all()
        return dict, (dict(self),)

    __hash__ = None  # type: ignore[assignment]


def _all_made_first(name: str) -> Callable[..., Any]:
    """dict's method ``name`` run on a ``LazyColumns`` once all its columns are made."""
    method = getattr(dict, name)

    def run(self: LazyColumns, *args: Any, **kwargs: Any) -> Any:
        self.made_all()
        return method(self, *args, **kwargs)

    run.__name__ = run.__qualname__ = name
    return run


# every other read or change of the dict (a copy or ``|`` gives a plain dict): the columns all made first
for _name in ("__iter__", "__reversed__", "__len__", "__eq__", "__ne__", "__repr__", "keys", "values", "items",
              "copy", "__or__", "__ror__", "__ior__", "__setitem__", "__delitem__", "pop", "popitem", "setdefault",
              "update", "clear"):  # fmt: skip
    setattr(LazyColumns, _name, _all_made_first(_name))
del _name


def _frame_of(ordered: dict[str, Any]) -> pd.DataFrame:
    """The table of its ordered columns (``_ordered_columns``)."""
    if not len(ordered["name"]):
        return pd.DataFrame(ordered, columns=COLUMNS)
    columns = dict(ordered)
    for c in _TEXT_COLUMNS:  # object arrays of str (``_as_text``): typed as pandas infers them
        columns[c] = strings(columns[c].tolist())
    return typed_frame(columns)


def build_device_op_db(
    frames: Frames,
    index: HloIndex,
    hlo_costs: Costs | Callable[[list[int], dict[int, set[str]]], Costs] | None = None,
    keep_ops_without_hlo: bool = True,
    event_groups: Callable[[], np.ndarray] | None = None,
) -> DeviceOpDb:
    """The device op metrics db of a profile (see the module docstring).

    ``index``: the profile's HLO instructions; ``hlo_costs``: per-instruction FLOPs and bytes for
    GPU ops (``join_hlo_costs``; a frame or its columns as arrays), or a function giving them for a list of program ids and the instructions
    whose rows are wanted (called with the programs whose ops the HLO protos hold and the ops' program id ->
    names), ``None`` to keep the events' values. ``keep_ops_without_hlo=False``
    drops GPU kernels whose HLO instruction the HLO protos lack, as XProf does (their time is idle).
    ``event_groups``: the step (group) of every event, on demand, for XProf's merging of back-to-back
    GPU events of one op name (``_merged_run_programs``); None skips that merging.
    """
    names = [str(n) for n in xs.values_list(frames.planes["name"])] if len(frames.planes) else []
    kind = xs.hardware_type(names)
    planes = xs.device_planes(names)
    info: dict[str, Any] = {"hardware_type": kind, "device_planes": planes}
    if kind == xs.HARDWARE_GPU:
        parts, plane_totals, gpu_events = _gpu_ops(frames, planes, index, info, keep_ops_without_hlo, event_groups)
    elif kind == xs.HARDWARE_TPU:
        (parts, plane_totals), gpu_events = _tpu_ops(frames, planes, info), None
    else:
        empty, no_planes = (typed_frame({c: np.empty(0, object) for c in cs}) for cs in (COLUMNS, PLANE_COLUMNS))
        return DeviceOpDb(empty, no_planes, kind, info, _notes(info))  # as pd.DataFrame(columns=...) makes them
    table = aggregate_op_columns(frames.events, parts)
    later = _LAZY_HLO_COLUMNS if table is not None and _HLO_FOUND in table else ()  # GPU ops' instruction texts
    out, order = _finished_columns(table, plane_totals, frames, index, later)
    texts = functools.partial(_hlo_text_columns, index, table, len(order) - len(table["name"])) if later else None
    keys = None
    if kind != xs.HARDWARE_GPU or table is None or hlo_costs is None:
        columns = functools.cache(lambda: _ordered_columns(out, order, texts))
    elif callable(hlo_costs):  # the costs of the programs whose ops the HLO protos hold, asked for when first needed
        costs_of, programs, n_ops = hlo_costs, info.get("programs_with_hlo", []), len(table["name"])
        wanted = _names_by_program(table)
        columns = functools.cache(
            lambda: _ordered_columns(
                _with_costs(out, n_ops, costs_of(programs, wanted) if programs else None), order, texts
            )
        )
        keys = {c: out[c][order] for c in _KEY_COLUMNS if c != "program_id"}  # what needs no costs
        keys["program_id"] = _uint64(out["program_id"])[order]
    else:
        given, n_ops = hlo_costs, len(table["name"])
        columns = functools.cache(lambda: _ordered_columns(_with_costs(out, n_ops, given), order, texts))
    planes_frame = functools.partial(_planes_frame, plane_totals)
    total_time = int(plane_totals["total_time_ps"].sum())
    return DeviceOpDb(
        lambda: _frame_of(columns()), planes_frame, kind, info, _notes(info), keys, columns, total_time, gpu_events
    )


def device_op_keys(
    frames: Frames,
    index: HloIndex,
    keep_ops_without_hlo: bool = True,
    event_groups: Callable[[], np.ndarray] | None = None,
) -> dict[str, np.ndarray]:
    """``build_device_op_db(...).op_keys()`` of a GPU profile, without the rest of the db: the ops'
    programs (merged runs included), names and provenance, and the per-host IDLE rows, in the table's
    order (the same rules: ``_gpu_ops``, ``aggregate_op_columns``, ``_row_order``)."""
    return device_op_keys_and_events(frames, index, keep_ops_without_hlo, event_groups)[0]


def device_op_keys_and_events(
    frames: Frames,
    index: HloIndex,
    keep_ops_without_hlo: bool = True,
    event_groups: Callable[[], np.ndarray] | None = None,
) -> tuple[dict[str, np.ndarray], GpuEvents]:
    """``device_op_keys`` and the GPU events they were read from (``GpuEvents``, as ``DeviceOpDb.gpu_events``:
    the kernel stats db reads its kernels' from them)."""
    names = [str(n) for n in xs.values_list(frames.planes["name"])] if len(frames.planes) else []
    if xs.hardware_type(names) != xs.HARDWARE_GPU:
        raise ValueError("device_op_keys reads GPU profiles only")
    planes = xs.device_planes(names)
    keyed = _gpu_op_keys(frames, planes, index, {}, keep_ops_without_hlo, event_groups)
    table, plane_totals = aggregate_op_columns(frames.events, _gpu_key_parts(keyed)), keyed.planes
    hosts, host_total, host_op = _host_totals(plane_totals)
    no_ops = table is None
    k = len(hosts)
    keys = {
        "host": np.concatenate([np.zeros(0, object) if no_ops else ec.text(table["host"]), hosts.astype(object)]),
        "program_id": np.concatenate(
            [np.zeros(0, np.uint64) if no_ops else _uint64(table["program_id"]), np.zeros(k, np.uint64)]
        ),  # fmt: skip
        "name": _as_text([] if no_ops else table["name"], k, IDLE),
        "provenance": _as_text([] if no_ops else table["provenance"], k, ""),
    }
    self_time = _as_int(np.zeros(0, np.int64) if no_ops else table["self_time_ps"], host_total - host_op)
    order = _row_order(keys["host"], self_time, keys["name"])
    return {c: keys[c][order] for c in ("host", "name", "provenance", "program_id")}, keyed.events  # as op_keys()


def _with_costs(columns: dict[str, Any], n_ops: int, costs: Costs | None) -> dict[str, Any]:
    """``_finished_columns``' columns with HLO ``costs`` joined onto its first ``n_ops`` rows (the ops; the
    IDLE rows after them keep theirs), as ``join_hlo_costs`` joins them; as they are without costs."""
    if costs is None or not _cost_rows(costs):
        return columns
    ops = {c: columns[c][:n_ops] for c in ("program_id", "name", "occurrences", *_COSTED_COLUMNS)}
    out = dict(columns)
    for column, values in _cost_updates(ops, costs).items():
        out[column] = np.concatenate([values, columns[column][n_ops:]])
    return out


_COSTED_COLUMNS = ("flops", "model_flops", "bytes_accessed", "hbm_read_bytes", "hbm_write_bytes", "hbm_bytes_all",
                   "has_breakdown")  # fmt: skip


def _notes(info: dict[str, Any]) -> list[str]:
    kind = info.get("hardware_type")
    if kind == xs.HARDWARE_CPU:
        return ["no device plane: no device op metrics db"]
    busy = info.get("device_event_time_ps", 0)
    missing = info.get("device_time_without_op_ps", 0)
    pct = 100.0 * missing / busy if busy else 0.0
    notes = [
        f"device ({kind}): {info.get('device_events_considered', 0):,} events read, "
        f"{info.get('device_events_without_op', 0):,} had no op to attribute them to "
        f"({pct:.1f}% of the device's event time; counted as IDLE, as XProf does)"
    ]
    if kind == xs.HARDWARE_GPU:
        xla, with_hlo = info.get("device_xla_op_events", 0), info.get("device_xla_op_events_with_hlo", 0)
        if xla:
            notes.append(
                f"GPU XLA ops: {with_hlo:,} of {xla:,} kernel events matched to an instruction of the profile's "
                "HLO protos (category, framework op, source and expression from its metadata)"
            )
        if xla > with_hlo:
            share = info.get("device_time_without_hlo_ps", 0) / busy if busy else 0.0
            names = ", ".join(info.get("device_ops_without_hlo", [])[:3])
            kept = info.get("device_ops_without_hlo_kept", True)
            notes.append(
                f"{xla - with_hlo:,} kernel events ({100.0 * share:.1f}% of the device's event time; {names}) name "
                "an HLO instruction the profile's HLO protos do not hold (e.g. an XLA command buffer, run as a CUDA "
                "graph): "
                + (
                    "kept as ops named by their hlo_op stat (XProf drops them, their time becomes idle)"
                    if kept
                    else "dropped, their time is idle (as XProf; keep_ops_without_hlo=False)"
                )
            )
        if info.get("device_tf_op_events", 0) == 0 and xla == 0:
            notes.append(
                "GPU kernels carry neither a tf_op nor an hlo_op stat: XProf attributes no device time to ops; "
                "all of it is IDLE"
            )
        if info.get("device_events_with_annotation_only"):
            notes.append(
                f"{info['device_events_with_annotation_only']:,} of those kernels name their TF op only "
                "in a 'level 0' annotation stat (older TensorFlow), which XProf does not read"
            )
    return notes
