"""XLA CPU ops on host threads: nbprof's op db for profiles without a device (XProf shows none).

A JAX (or PyTorch/XLA) program run on the CPU has no device plane; its XLA ops are host events
carrying ``hlo_op`` and ``hlo_module`` stats. This op db has the device op db's columns
(``device_ops.COLUMNS``), one row per (host, program, op):

* ``self_time_ps`` = duration - the durations of directly nested XLA ops on the same thread;
* ``category``, framework op (``provenance``), deduplicated name, source and expression from
  the instruction in the profile's HLO protos, else the events' ``tf_op`` / ``long_name`` stats
  and a category guessed from the op name (``multiply_add_fusion.3`` -> ``fusion``);
* ``host_or_device`` is ``"Host"``; there is no ``IDLE`` row: ``db_total_time_ps`` and
  ``db_total_op_time_ps`` are both the host's XLA op self time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from nbprof.hlo.index import HloIndex
from nbprof.opstats import event_columns as ec
from nbprof.opstats.device_ops import (
    COLUMNS,
    SUM_COLUMNS,
    OpEvents,
    aggregate_op_columns,
    category_from_name,
    event_metrics,
)
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames
from nbprof.xspace.typed_frame import typed_frame


def _children_time(events: pd.DataFrame, rows: np.ndarray) -> np.ndarray:
    """Durations of the direct children of each selected row that are selected rows themselves."""
    selected = np.zeros(len(events), bool)
    selected[rows] = True
    parent = events["parent"].to_numpy()[rows]
    has = (parent >= 0) & selected[np.maximum(parent, 0)]
    out = np.zeros(len(events), np.int64)
    np.add.at(out, parent[has], events["duration_ps"].to_numpy()[rows[has]])
    return out[rows]


def xla_cpu_op_mask(ev: pd.DataFrame) -> np.ndarray:
    """Rows of ``ev`` (events or a slice of them) that are XLA CPU ops: timed host events with
    ``hlo_op`` and ``hlo_module`` stats."""
    if len(ev) == 0 or "hlo_op" not in ev.columns or "hlo_module" not in ev.columns:
        return np.zeros(len(ev), bool)
    return (
        xs.plane_mask(ev, lambda name: name.startswith("/host:"))
        & (np.asarray(ev["hlo_op"].array.codes) >= 0)  # the codes' own (narrow) dtype: no int64 copy
        & (np.asarray(ev["hlo_module"].array.codes) >= 0)
        & ~ev["aggregated"].to_numpy(dtype=bool)
    )


def build_xla_cpu_op_db(frames: Frames, index: HloIndex, info: dict[str, Any] | None = None) -> pd.DataFrame:
    """The XLA CPU op db (``device_ops.COLUMNS``; empty when no host event carries ``hlo_op``)."""
    return xla_cpu_op_frame(build_xla_cpu_op_columns(frames, index, info))


def build_xla_cpu_op_columns(
    frames: Frames, index: HloIndex, info: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """The XLA CPU op db's columns (``COLUMNS``) in its row order, before the frame types them (see
    ``_sorted_columns``); None where no host event carries ``hlo_op`` (the db has no row)."""
    ops = xla_cpu_op_rows(frames, index, info)
    return ops.db_columns(info) if ops is not None else None


@dataclass
class XlaCpuOpRows:
    """The XLA CPU op db's rows before their HLO details: ``columns``, the db's columns in its row order
    (``_sorted_columns``) but ``HLO_COLUMNS``; ``own``: each row's events' ``tf_op`` and ``long_name``
    (object arrays of str, "" where missing); ``index``: the HLO instructions to read the rest from."""

    columns: dict[str, Any]
    own: dict[str, np.ndarray]
    index: HloIndex

    def hlo_columns(self, rows: np.ndarray | None = None) -> dict[str, Any]:
        """``HLO_COLUMNS`` of the rows at positions ``rows`` (all by default) and ``found`` (whether the HLO
        protos hold the op): from the op's HLO instruction where the events' own value is empty (the
        category from its name where the protos lack it). Each row's values are its own (the rows asked
        for change none of them)."""
        take = slice(None) if rows is None else rows
        names = self.columns["name"][take]
        hlo, found = _hlo_details(self.index, self.columns["program_id"][take], names)
        empty = np.full(len(names), "", dtype=object)
        own = {"provenance": self.own["tf_op"][take], "expression": self.own["long_name"][take]}

        def from_hlo(column: str) -> np.ndarray:
            return np.where(own.get(column, empty) != "", own.get(column, empty), hlo[column]).astype(object)

        out: dict[str, Any] = {"category": _categories(hlo["category"], found, names)}
        out.update({c: from_hlo(c) for c in HLO_COLUMNS if c not in ("category", "source_line")})
        out["source_line"] = hlo["source_line"]
        out["found"] = found
        return out

    def db_columns(self, info: dict[str, Any] | None = None) -> dict[str, Any]:
        """The db's columns (``COLUMNS``), every row's HLO details read; ``info`` gets the number of ops
        the HLO protos hold."""
        hlo = self.hlo_columns()
        if info is not None:
            info["xla_cpu_ops_with_hlo"] = int(hlo["found"].sum())
        return {c: hlo[c] if c in hlo else self.columns[c] for c in COLUMNS}


HLO_COLUMNS = ["category", "provenance", "expression", "shape", "deduplicated_name", "source_file", "source_line",
               "source_stack"]  # fmt: skip  # the db's columns its rows' HLO instructions fill


def xla_cpu_op_rows(frames: Frames, index: HloIndex, info: dict[str, Any] | None = None) -> XlaCpuOpRows | None:
    """The XLA CPU op db's rows before their HLO details (``XlaCpuOpRows``); None where no host event
    carries ``hlo_op`` (the db has no row). Counts go into ``info``."""
    info = {} if info is None else info
    ev = frames.events
    rows = np.flatnonzero(xla_cpu_op_mask(ev))
    info["xla_cpu_op_events"] = int(len(rows))
    if len(rows) == 0:
        return None
    dur = ev["duration_ps"].to_numpy()[rows]
    children = _children_time(ev, rows)
    pid, _ = ec.uint_column(ev, "program_id", rows)
    meta_id, n_ops = ec.group_ids(ec.codes(ev["hlo_module"])[rows], pid, ec.codes(ev["hlo_op"])[rows])
    first = np.full(n_ops, len(rows), np.int64)
    np.minimum.at(first, meta_id, np.arange(len(rows)))
    info["xla_cpu_ops"] = n_ops
    # metadata as arrays by column (the HLO details are read per op row, once sorted)
    meta = {
        "program_id": pid[first],
        "hlo_module": ec.str_column(ev, "hlo_module", rows[first]),
        "name": ec.str_column(ev, "hlo_op", rows[first]),
        "tf_op": ec.str_column(ev, "tf_op", rows[first]),
        "long_name": ec.str_column(ev, "long_name", rows[first]),
    }
    flops = ec.int_column(ev, "flops", rows)
    metrics = event_metrics(
        len(rows),
        dur,
        self_time_ps=(dur - children).astype(np.int64),
        children_time_ps=children,
        flops=flops,
        model_flops=flops.copy(),
        bytes_accessed=ec.int_column(ev, "bytes_accessed", rows),
    )
    table = aggregate_op_columns(ev, [OpEvents(rows, meta, meta_id, metrics)])
    assert table is not None  # rows is not empty
    columns = _sorted_columns(table, _program_names(table))
    own = {c: columns.pop(c) for c in ("tf_op", "long_name")}
    return XlaCpuOpRows(columns, own, index)


def xla_cpu_op_frame(
    columns: dict[str, Any] | None, names: list[str] = COLUMNS, labels: dict[str, str] | None = None
) -> pd.DataFrame:
    """The db's frame of ``build_xla_cpu_op_columns``' arrays (which stay unchanged), of its columns
    ``names`` (all by default) labelled by ``labels`` where it names them: each column its own copy,
    typed as ``pd.DataFrame`` types it (texts ``strings`` where all are str, else pandas' inference).
    None: the db's frame of no row."""
    labels = labels or {}
    if columns is None:
        return ec.empty_frame([labels.get(c, c) for c in names])
    return typed_frame({labels.get(c, c): _typed(c, columns[c]) for c in names})


def _typed(name: str, values: Any) -> Any:
    """A copy of a db column's array as the db's frame holds it (``_sorted_columns`` says how)."""
    if name == "program_id":  # no missing id: the values and an empty mask (pd.array's first use: 0.25 ms)
        return pd.arrays.IntegerArray(values.copy(), np.zeros(len(values), bool))
    if isinstance(values, np.ndarray) and values.dtype == object:
        return ec.inferred_text(values)
    return values.copy()


def _categories(hlo_category: np.ndarray, found: np.ndarray, names: np.ndarray) -> np.ndarray:
    """Each op's category (object array): its HLO instruction's where ``found``, else guessed from its
    name (``category_from_name``, asked only about the ops not found)."""
    out = np.array(hlo_category, dtype=object)
    if not found.all():
        out[~found] = category_from_name(names[~found])
    return out


_HLO_TEXT = ["category", "provenance", "expression", "shape", "deduplicated_name", "source_file", "source_stack"]


def _hlo_details(index: HloIndex, program_id: np.ndarray, name: np.ndarray) -> tuple[dict[str, Any], np.ndarray]:
    """The HLO instruction of each (program id, op name) pair: ``_HLO_TEXT`` as object arrays ("" where
    not found), ``source_line`` as ``Int64`` (missing where not found or negative), and the found mask.
    Read from the instructions' rows (``lookup_values``) where their texts are str and lines int64
    ints, else from ``lookup``'s frame, as pandas types it."""
    values, found = index.lookup_values(program_id, name, [*_HLO_TEXT, "source_line"])
    lines = values["source_line"][found].tolist()
    plain = all(type(v) is int and -(2**63) <= v < 2**63 for v in lines) and all(
        type(v) is str for column in _HLO_TEXT for v in values[column][found].tolist()
    )
    if not plain:
        return _hlo_details_of_frame(index, program_id, name)
    line = np.zeros(len(found), np.int64)
    line[found] = lines
    values["source_line"] = _source_lines(line, found & (line >= 0))
    return values, found


def _source_lines(line: np.ndarray, keep: np.ndarray) -> pd.api.extensions.ExtensionArray:
    """``Int64`` array of the int64 ``line`` numbers where ``keep``, missing elsewhere, as the frame's
    (through float64): made from the values and mask where float64 holds every kept line exactly."""
    if not keep.any() or int(line[keep].max()) <= 2**53:  # kept lines are >= 0
        return pd.arrays.IntegerArray(np.where(keep, line, 1), ~keep)  # 1 under the mask, as pandas has it
    return pd.array(np.where(keep, line, np.nan), dtype="Int64")


def _hlo_details_of_frame(
    index: HloIndex, program_id: np.ndarray, name: np.ndarray
) -> tuple[dict[str, Any], np.ndarray]:
    """``_hlo_details`` read from ``lookup``'s frame of the instructions."""
    rows, found = index.lookup(program_id, name, masked=False)  # every read below selects by found
    out: dict[str, Any] = {c: np.where(found, rows[c].to_numpy(dtype=object), "") for c in _HLO_TEXT}
    lines = pd.to_numeric(rows["source_line"], errors="coerce")
    out["source_line"] = pd.array(lines.where(pd.Series(found) & (lines >= 0)).to_numpy(), dtype="Int64")
    return out, found


def _program_names(table: dict[str, Any]) -> list[str]:
    """``device_ops.program_name`` of each op: ``<hlo module>(<program id>)``, ``main`` where the
    module is missing or empty (per op, not per event; ``table``: the ops' arrays by column)."""
    modules = table["hlo_module"].tolist()
    programs = table["program_id"].astype(np.uint64).tolist()
    return [
        f"{module}({program})" if isinstance(module, str) and module else "main"
        for module, program in zip(modules, programs)
    ]


def _sorted_columns(table: dict[str, Any], program: list[str]) -> dict[str, Any]:
    """The db's columns (``COLUMNS`` the aggregated ops have, and those made here, then the ops' other
    columns) from the aggregated ops (arrays by column, as ``aggregate_op_columns`` makes them) and
    their program names: each host's db total (its ops' self time, ps) on every row, sorted by host,
    self time descending, then name. Texts are object arrays, ``program_id`` uint64, ``source_line``
    ``Int64``, the sums and ``min_time_ps`` int64; ``xla_cpu_op_frame`` types them (a few hundred ops:
    pandas' per-column costs dominated)."""
    host_code = pd.factorize(table["host"], sort=True)[0]
    self_time = table["self_time_ps"].astype(np.int64)
    per_host = ec.sum_by(host_code, self_time, int(host_code.max()) + 1 if len(host_code) else 0)[host_code]
    name_code = pd.factorize(table["name"], sort=True)[0]
    order = np.lexsort((name_code, -self_time, host_code))
    integers = set(SUM_COLUMNS + ["min_time_ps"])
    columns: dict[str, Any] = {}
    for col in [c for c in COLUMNS if c in table or c in _MADE_COLUMNS] + [c for c in table if c not in COLUMNS]:
        if col == "program":
            columns[col] = np.array(program, dtype=object)[order]
        elif col == "host_or_device":
            columns[col] = np.full(len(order), "Host", dtype=object)
        elif col in ("db_total_time_ps", "db_total_op_time_ps"):
            columns[col] = per_host[order]
        elif col == "program_id":
            columns[col] = table[col].astype(np.uint64)[order]
        elif col == "source_line":
            columns[col] = _int64_taken(table[col], order)
        elif col in integers:
            columns[col] = table[col].astype(np.int64)[order]
        else:
            columns[col] = table[col][order]
    return columns


_MADE_COLUMNS = ("program", "host_or_device", "db_total_time_ps", "db_total_op_time_ps")  # not aggregated


def _int64_taken(values: Any, order: np.ndarray) -> pd.api.extensions.ExtensionArray:
    """``pd.array(values, dtype="Int64").take(order)``; an ``Int64`` array taken as it is."""
    if isinstance(getattr(values, "dtype", None), pd.Int64Dtype):
        return values.take(order)
    return pd.array(values, dtype="Int64").take(order)
