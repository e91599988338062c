"""``prof.flows``: the producer/consumer context stats of the events that carry them (docs/frames.md).

XLA and TensorFlow tie events across threads with four stats: ``_pt``/``_p`` (the context type
and id an event produces) and ``_ct``/``_c`` (the ones it consumes). XProf's step grouping joins
a producer to the consumers with the same (type, id). Few events carry them (6 % of jax_large's),
so they are a frame of their own, one row per such event, rather than four event columns of
8 bytes per event each.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from nbprof.xspace.absent import masked
from nbprof.xspace.stat_values import FLOW_STATS, numeric_values, promoted_rows
from nbprof.xspace.stats_frame import StatsSource
from nbprof.xspace.typed_frame import typed_frame

# stat name in the file -> column of ``flows``
FLOW_COLUMNS = dict(zip(FLOW_STATS, ("producer_type", "producer_id", "consumer_type", "consumer_id")))
_FLOW_KINDS = dict.fromkeys(FLOW_STATS, "int")  # read as an Int64 event column reads them


def build_flows(sources: list[StatsSource]) -> pd.DataFrame:
    """One row per event with at least one flow stat, by event row: ``event`` (int64 row of
    ``events``) and ``FLOW_COLUMNS`` (``Int64``, ``<NA>`` where the event lacks the stat).

    Values are read as a promoted ``Int64`` event column reads them (stat_values: uint64 as its
    64 bits, doubles truncated when finite and in range, else missing); an event stat wins over
    its metadata's, and of two stats of one name on one event the later one.
    """
    found: dict[str, list[tuple[np.ndarray, np.ndarray]]] = {name: [] for name in FLOW_COLUMNS}
    for source in sources:  # in order: a plane's metadata stats before its event stats
        if not len(source.stats):
            continue
        for label, kind, at in promoted_rows(source.stats, source.names, _FLOW_KINDS):
            values, valid = numeric_values(source.stats, at, kind)
            found[label].append((source.rows[at[valid]].astype(np.int64, copy=False), values[valid]))
    parts = {name: _joined(pieces) for name, pieces in found.items()}
    n_rows = max((int(rows.max()) + 1 for rows, _ in parts.values() if len(rows)), default=0)
    has_flow = np.zeros(n_rows, bool)
    for rows, _ in parts.values():
        has_flow[rows] = True
    event = np.flatnonzero(has_flow)
    del has_flow
    slot = np.empty(n_rows, np.int32 if len(event) < 2**31 else np.int64)  # row of ``event`` (read where set only)
    slot[event] = np.arange(len(event))
    columns: dict[str, object] = {"event": event.astype(np.int64, copy=False)}
    for name, (rows, values) in parts.items():
        # each event's last value: the greatest position of its row (ufunc.at takes every duplicate)
        last = np.full(len(event), -1, np.int64)
        np.maximum.at(last, slot[rows], np.arange(len(rows), dtype=np.int64))
        mask = last < 0
        data = values[np.maximum(last, 0)] if len(values) else np.zeros(len(event), np.int64)
        data[mask] = 0
        columns[FLOW_COLUMNS[name]] = masked(pd.arrays.IntegerArray, data, mask)
    return typed_frame(columns)


def _joined(pieces: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """(event rows, values) of one stat's pieces, one after the other."""
    if not pieces:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    return np.concatenate([r for r, _ in pieces]), np.concatenate([v for _, v in pieces])
