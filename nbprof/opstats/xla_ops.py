"""The XLA ops that op profile, roofline and the overview list: a view on the op dbs.

Where the profile has a device, these are the device op db's ops (``device_ops``) combined over
hosts by (program, op), with the device's total time (idle included) and peaks; on TPU, each
fusion's instructions come from the HLO protos (XProf lists them under TPU fusions only). Without
a device they are the XLA CPU ops on host threads (``xla_cpu_ops``, nbprof's addition), whose
total time is their self time. Columns (``OP_COLUMNS``) are the op db's without the per-host
ones, ``total_time_ps`` named ``time_ps`` and ``provenance`` named ``tf_op`` (the op tools' names).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from nbprof.hlo.index import TREE_COLUMNS, HloIndex
from nbprof.opstats import event_columns as ec
from nbprof.opstats.device_ops import META_COLUMNS, SUM_COLUMNS, DeviceOpDb, LazyColumns
from nbprof.opstats.host_ops import IDLE
from nbprof.opstats.perf_env import PerfEnv
from nbprof.opstats.xla_cpu_ops import XlaCpuOpRows
from nbprof.xspace import semantics as xs
from nbprof.xspace.typed_frame import column_arrays, strings, take_array, typed_frame

GIBI = 2**30
VIEW_NAMES = {"total_time_ps": "time_ps", "provenance": "tf_op"}
_DB_COLUMNS = ["program", *META_COLUMNS, *SUM_COLUMNS, "min_time_ps", "normalized_time_ps", "has_breakdown",
               "is_eager"]  # fmt: skip
OP_COLUMNS = [VIEW_NAMES.get(c, c) for c in _DB_COLUMNS]
FUSED_COLUMNS = ["op_index", "parent_name", "name", "category", "tf_op", "flops"]


class _FusedChildren:
    """``XlaOps.fused_children``, kept in the instance's ``fused_children`` entry: the frame given, else
    (None) made on first read from ``XlaOps._fused_source`` (only the op profile reads it; 2 ms on a
    TPU profile)."""

    def __get__(self, obj: XlaOps | None, owner: type | None = None) -> pd.DataFrame | None:
        if obj is None:
            return None  # the dataclass field's default: made from the source, else none
        made = obj.__dict__.get("fused_children")
        if made is None:
            source, obj._fused_source = obj._fused_source, None
            made = fused_children(*source) if source is not None else ec.empty_frame(FUSED_COLUMNS)
            obj.__dict__["fused_children"] = made
        return made

    def __set__(self, obj: XlaOps, value: pd.DataFrame | None) -> None:
        obj.__dict__["fused_children"] = value


class _OpsFrame:
    """``XlaOps.ops``, kept in the instance's ``ops`` entry: the frame given, else (None) made on first read
    from ``XlaOps.op_columns`` (a combination of hosts merges the hosts' columns: their frames are not made)."""

    def __get__(self, obj: XlaOps | None, owner: type | None = None) -> pd.DataFrame | None:
        if obj is None:
            return None  # the dataclass field's default: made from the columns, else no rows
        made = obj.__dict__.get("ops")
        if made is None:
            columns = obj.op_columns
            made = obj.__dict__["ops"] = op_frame(columns) if columns is not None else ec.empty_frame(OP_COLUMNS)
        return made

    def __set__(self, obj: XlaOps, value: pd.DataFrame | None) -> None:
        obj.__dict__["ops"] = value


@dataclass(kw_only=True)
class XlaOps:
    """XLA ops and what is needed to place them in a tree.

    ``ops``: the frame given, else made on first read from ``op_columns`` (``OP_COLUMNS`` as the
    builder's arrays, texts as object arrays of str), else one of no rows; ``source``: ``"device"``,
    ``"host"`` (XLA CPU ops) or ``"none"``; ``device_kind``: ``TPU``,
    ``GPU``, ``CPU`` (or ``""`` with no ops); ``total_time_ps``: the time the ops ran in, idle
    included on a device (sum over device planes); ``peak_tflops`` / ``peak_hbm_gibps``: NaN
    unknown; ``fused_children``: instructions inside TPU fusions (``FUSED_COLUMNS``), the frame
    given, else made on first read from ``_fused_source`` (``fused_children()``'s arguments: the HLO
    index and the ops), else one of no rows.
    """

    ops: pd.DataFrame = _OpsFrame()  # type: ignore[assignment]
    source: str
    device_kind: str
    total_time_ps: int
    peak_tflops: float = float("nan")
    peak_hbm_gibps: float = float("nan")
    device_type: str = ""
    fused_children: pd.DataFrame = _FusedChildren()  # type: ignore[assignment]
    notes: list[str] = field(default_factory=list)
    _op_columns: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    _fused_source: tuple[HloIndex, pd.DataFrame] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.__dict__["fused_children"] is None and self._fused_source is None:
            self.fused_children = ec.empty_frame(FUSED_COLUMNS)  # nothing to make later

    @property
    def op_columns(self) -> dict[str, Any] | None:
        """The arrays ``ops`` is made of (``OP_COLUMNS``; texts as the device db holds them) where the builder
        kept them (one host's GPU ops), else None. Read-only: shared with ``ops``."""
        return self._op_columns

    def op_arrays(self) -> Mapping[str, Any]:
        """``ops``' columns by name as arrays: those the builder kept (``op_columns``; no frame made, a
        lazy text column made when read), else the frame's (numpy or pandas arrays, no Series per column).
        The frame's rows are numbered 0.. where the columns were kept (``op_row_labels``)."""
        columns = self.op_columns
        if columns is not None:
            return columns
        ops = self.ops
        return column_arrays(ops) or {c: ops[c].array for c in ops.columns}

    def op_row_labels(self) -> np.ndarray:
        """``ops``' index labels (object array), without making the frame where the builder kept its columns
        (the frame made of them has a RangeIndex)."""
        if self.op_columns is not None:
            return np.arange(self.num_ops).astype(object)
        return np.asarray(self.ops.index, dtype=object)

    @property
    def num_ops(self) -> int:
        """``len(ops)``, without making the frame where it is still to be made of ``op_columns``."""
        columns = self.op_columns
        if self.__dict__.get("ops") is None and columns is not None:
            return len(columns["name"])
        return len(self.ops)

    def __getstate__(self) -> dict[str, object]:
        """Pickled (``OpStats.tables()`` ships it between processes) with its ops and fused instructions
        made, not with the HLO index they are made from."""
        _ = self.ops, self.fused_children  # made on first read
        return dict(self.__dict__)


def host_xla_op_rows(ops: XlaCpuOpRows | None) -> XlaCpuOpRows | None:
    """The XLA CPU ops' rows before their HLO details (``xla_cpu_ops.xla_cpu_op_rows``): ``XlaOps.ops``'
    rows, in its order, where they are one host's and their names and programs str; else None (no row,
    several hosts, a name or program not a str)."""
    if ops is None or _several(ops.columns["host"]):
        return None
    texts = (*ops.columns["name"].tolist(), *ops.columns["program"].tolist())
    return ops if all(type(v) is str for v in texts) else None


def combine_hosts(table: pd.DataFrame) -> pd.DataFrame:
    """Op-db rows of several hosts as one row per (program, op) in ``OP_COLUMNS``: sums, the
    shortest occurrence, the first host's metadata."""
    if len(table) == 0:
        return ec.empty_frame(OP_COLUMNS)
    if not _several(table["host"].to_numpy(dtype=object)):  # not Arrow's nunique: ~2.5 ms on first use
        return _view_of_rows(table, np.arange(len(table)))
    key = ["program_id", "name"]
    grouped = table.groupby(key, sort=False, observed=True, dropna=False)
    first = grouped[[c for c in _DB_COLUMNS if c not in key and c not in SUM_COLUMNS]].first()
    sums = grouped[SUM_COLUMNS + ["normalized_time_ps"]].sum()
    out = pd.concat([first.drop(columns=["normalized_time_ps"]), sums], axis=1).reset_index()
    out["min_time_ps"] = grouped["min_time_ps"].min().to_numpy()
    out["has_breakdown"] = grouped["has_breakdown"].any().to_numpy()
    out["is_eager"] = grouped["is_eager"].any().to_numpy()
    out = out[_DB_COLUMNS].rename(columns=VIEW_NAMES)
    return out.sort_values("self_time_ps", ascending=False, kind="stable").reset_index(drop=True)


def device_xla_ops(table: pd.DataFrame) -> pd.DataFrame:
    """``combine_hosts(DeviceOpDb(table, ...).ops)``: the device op db's rows but ``IDLE`` in
    ``OP_COLUMNS``; one host's rows are taken column by column (no frame selection, rename and
    re-index)."""
    if len(table) == 0:
        return combine_hosts(table)
    rows = np.flatnonzero(table["name"].to_numpy(dtype=object) != IDLE)
    if len(rows) == 0:
        return ec.empty_frame(OP_COLUMNS)  # combine_hosts' frame of no rows
    if _several(table["host"].to_numpy(dtype=object)[rows]):
        return combine_hosts(table.iloc[rows].reset_index(drop=True))
    return _view_of_rows(table, rows)


def device_db_xla_ops(device: DeviceOpDb) -> pd.DataFrame:
    """``device_xla_ops(device.table)``, for one host's ops made of the db's columns (``DeviceOpDb.columns``:
    the table's frame is not made, nor taken from)."""
    columns = device_db_xla_op_columns(device)
    return device_xla_ops(device.table) if columns is None else op_frame(columns)


def device_db_xla_op_columns(device: DeviceOpDb) -> dict[str, Any] | None:
    """The columns of ``device_db_xla_ops(device)`` before its frame (``OP_COLUMNS``: the db's arrays at its
    rows but ``IDLE``; texts as the db holds them), None where those are not one host's rows (or none).
    Each column is taken when first read (``LazyColumns``: the overview reads a few of them)."""
    columns = device.columns()
    # by name, not ``if columns``: the db's columns made when read (``LazyColumns``) stay unmade
    names = np.asarray(columns["name"], dtype=object) if "name" in columns else np.zeros(0, object)
    rows = np.flatnonzero(names != IDLE)
    if len(rows) == 0 or _several(np.asarray(columns["host"], dtype=object)[rows]):
        return None
    takes = {VIEW_NAMES.get(c, c): functools.partial(_taken, columns, c, rows) for c in _DB_COLUMNS}
    return LazyColumns(OP_COLUMNS, {}, takes)


def _taken(columns: dict[str, Any], name: str, rows: np.ndarray) -> Any:
    """Column ``name`` of ``columns`` at positions ``rows`` (``take_array``)."""
    return take_array(columns[name], rows)


def op_frame(columns: dict[str, Any]) -> pd.DataFrame:
    """The ops frame of ``OP_COLUMNS`` arrays (``XlaOps.op_columns``): object arrays of str typed as
    ``strings`` types them (as the op db's frame holds its texts), other arrays as they are."""
    return typed_frame({c: _typed_texts(values) for c, values in columns.items()})


def _typed_texts(values: Any) -> Any:
    """A column of ``op_frame``: a (non-empty) object array of str as ``strings``, else as it is."""
    if isinstance(values, np.ndarray) and values.dtype == object and len(values):
        texts = values.tolist()
        if all(type(v) is str for v in texts):
            return strings(texts)
    return values


def _several(values: np.ndarray) -> bool:
    """``pd.Series(values).nunique() > 1`` for an object array: more than one distinct present value."""
    return len(set(values[pd.notna(values)].tolist())) > 1


def _view_of_rows(table: pd.DataFrame, rows: np.ndarray) -> pd.DataFrame:
    """Op db rows at positions ``rows`` in ``OP_COLUMNS`` (renamed, new RangeIndex), column by column;
    every row in order (one host's db without ``IDLE``): each column's copy, not a take."""
    if len(rows) == len(table) and np.array_equal(rows, np.arange(len(table))):
        return typed_frame({VIEW_NAMES.get(c, c): _column_copy(table[c]) for c in _DB_COLUMNS})
    return typed_frame({VIEW_NAMES.get(c, c): take_array(table[c], rows) for c in _DB_COLUMNS})


def _column_copy(column: pd.Series) -> Any:
    """A copy of a column's array (``take_array`` of all its rows, in order): numpy or the pandas array."""
    return column.to_numpy().copy() if isinstance(column.dtype, np.dtype) else column.array.copy()


def fused_children(index: HloIndex, ops: pd.DataFrame) -> pd.DataFrame:
    """Instructions inside the fusion ops of ``ops`` (XProf's fused-op leaves), from the HLO protos.

    One row per (op row ``op_index``, instruction); ``parent_name`` is the fusion holding it (the
    op itself or a nested fusion). Parameters and tuples are left out, as XProf does. FLOPs are 0:
    XProf reads them from a per-instruction cost analysis it does not run on TPU profiles.
    """
    if len(ops) == 0 or len(index) == 0:
        return ec.empty_frame(FUSED_COLUMNS)
    rows = []
    code, distinct = pd.factorize(ops["category"].to_numpy(dtype=object), use_na_sentinel=False)
    is_fusion = np.array(["fusion" in str(c) for c in distinct], dtype=bool)[code]  # per distinct category
    at = np.flatnonzero(is_fusion)
    labels, pids, names = (
        ops.index[at].tolist(),
        ops["program_id"].to_numpy(dtype=object)[at],
        ops["name"].to_numpy(dtype=object)[at],
    )
    programs: dict[int, _FusionTree] = {}
    for i, pid, name in zip(labels, pids.tolist(), names.tolist()):  # fusion ops, not events
        tree = programs.get(int(pid))
        if tree is None:
            tree = programs[int(pid)] = _fusion_tree(index, int(pid))
        todo, seen = [name], {name}
        while todo:
            parent = todo.pop(0)
            for child, category, provenance, opcode in tree.inside(parent):
                rows.append((i, parent, child, category, provenance, 0.0))
                if opcode == "fusion" and child not in seen:
                    seen.add(child)
                    todo.append(child)
    return _fused_frame(rows)


def _fused_frame(rows: list[tuple[object, str, str, str, str, float]]) -> pd.DataFrame:
    """``pd.DataFrame(rows, columns=FUSED_COLUMNS)``: typed column by column where every text is a str
    and every op index an int (the types pandas infers then), else by pandas' inference."""
    if not rows:
        return pd.DataFrame(rows, columns=FUSED_COLUMNS)
    op_index, parent, name, category, tf_op, flops = (list(c) for c in zip(*rows))
    texts = (parent, name, category, tf_op)
    if not all(type(v) is int for v in op_index) or not all(type(v) is str for c in texts for v in c):
        return pd.DataFrame(rows, columns=FUSED_COLUMNS)
    columns: dict[str, object] = {"op_index": np.array(op_index, dtype=np.int64)}
    columns.update({c: strings(v) for c, v in zip(FUSED_COLUMNS[1:5], texts)})
    columns["flops"] = np.array(flops, dtype=np.float64)
    return typed_frame(columns)


def _fusion_tree(index: HloIndex, program_id: int) -> _FusionTree:
    """The fusion tree of one program, from its parsed instructions (no row made), its instruction rows
    (no frame of them made) or frame."""
    columns = index.program_tree(program_id)
    if columns is not None:
        return _FusionTree(columns)
    rows = index.program_rows(program_id)
    if rows is not None:
        return _FusionTree({c: [row[c] for row in rows] for c in TREE_COLUMNS})
    ins = index.instructions_of([program_id])
    return _FusionTree({c: ins[c].tolist() for c in TREE_COLUMNS})


class _FusionTree:
    """One program's instructions as look-ups: the instructions inside each of its fusions
    (parameters and tuples left out, as XProf), without filtering the instruction frame per fusion."""

    def __init__(self, ins: dict[str, list]) -> None:
        """``ins``: the program's instructions' ``TREE_COLUMNS``, as lists."""
        names = ins["name"]
        self.first: dict[str, int] = {}
        for row, name in enumerate(names):
            self.first.setdefault(name, row)
        self.opcode = ins["opcode"]
        self.called = ins["called"]
        self.by_computation: dict[object, list[int]] = {}
        for row, (opcode, computation) in enumerate(zip(self.opcode, ins["computation_id"])):
            if opcode not in ("parameter", "tuple"):
                self.by_computation.setdefault(computation, []).append(row)
        self.values = list(zip(names, ins["category"], ins["provenance"], self.opcode))

    def inside(self, name: str) -> list[tuple[str, str, str, str]]:
        """(name, category, provenance, opcode) of the instructions inside fusion ``name``, in the
        instruction frame's order; none when ``name`` is no fusion of this program."""
        row = self.first.get(name)
        if row is None or self.opcode[row] != "fusion":
            return []
        members = sorted(r for c in set(self.called[row]) for r in self.by_computation.get(c, ()))
        return [self.values[r] for r in members]


def _peak(value: float) -> float:
    return value if value > 0 else float("nan")


def build_xla_ops(device: DeviceOpDb, xla_cpu: pd.DataFrame | None, env: PerfEnv, index: HloIndex) -> XlaOps:
    """Device XLA ops where the profile has a device, else the XLA CPU ops on host threads."""
    if device.hardware_type in (xs.HARDWARE_TPU, xs.HARDWARE_GPU):
        columns = device_db_xla_op_columns(device)
        on_tpu = device.hardware_type == xs.HARDWARE_TPU
        common: dict[str, Any] = dict(source="device", device_kind=device.hardware_type,
                                      total_time_ps=device.total_time_ps, peak_tflops=_peak(env.peak_tflops),
                                      peak_hbm_gibps=_peak(env.peak_hbm_gibps),
                                      device_type=env.device_type if on_tpu else "GPU", _op_columns=columns)  # fmt: skip
        if columns is not None and not on_tpu:  # the frame made on first read: a combination merges the columns
            return XlaOps(**common)
        ops = device_xla_ops(device.table) if columns is None else op_frame(columns)
        return XlaOps(ops=ops, **common, _fused_source=(index, ops) if on_tpu else None)
    if xla_cpu is not None and len(xla_cpu):
        ops = combine_hosts(xla_cpu)
        note = (
            "CPU-only profile: XLA CPU ops on host threads (hlo_op/hlo_module stats); XProf shows nothing here. "
            "Category, framework op, source and expression from the HLO protos where they hold the op, else from "
            "the events and op names; no device peak, so no FLOPS/bandwidth utilisation; no IDLE node."
        )
        return XlaOps(ops=ops, source="host", device_kind="CPU", total_time_ps=int(ops["self_time_ps"].sum()),
                      device_type="CPU", notes=[note])  # fmt: skip
    note = "no XLA ops in this profile (no device XLA ops, no hlo_op events on host threads)"
    return XlaOps(ops=ec.empty_frame(OP_COLUMNS), source="none", device_kind="", total_time_ps=0,
                  notes=[note])  # fmt: skip


def hbm_bytes(ops: pd.DataFrame) -> np.ndarray:
    """HBM bytes of each op: its breakdown's where known, else all its bytes accessed."""
    return hbm_bytes_values(ops["has_breakdown"].to_numpy(dtype=bool), ops["hbm_bytes_all"], ops["bytes_accessed"])


def hbm_bytes_values(has_breakdown: np.ndarray, hbm_bytes_all: Any, bytes_accessed: Any) -> np.ndarray:
    """``hbm_bytes`` of the ops' columns (``has_breakdown`` as bool; the byte counts as arrays or Series), float64."""
    return np.where(has_breakdown, hbm_bytes_all, bytes_accessed).astype(np.float64)
