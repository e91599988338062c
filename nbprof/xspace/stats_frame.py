"""The long-form ``stats`` frame (docs/frames.md), built on first use from the decoded stats.

A load keeps ``StatsSource`` pieces (the decoder's columns, each stat's event row) and
builds the frame only when ``Frames.stats`` is read: most tools need the promoted event
columns only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from nbprof.xspace import raw
from nbprof.xspace.absent import constant
from nbprof.xspace.stat_values import StatNames, distinct_sorted, id_mask, ids_called, name_codes, values_python
from nbprof.xspace.typed_frame import code_dtype as _code_dtype


@dataclass
class StatsSource:
    """Stats of one plane and source: ``stats[i]`` belongs to event row ``rows[i]``."""

    rows: np.ndarray  # int64 event rows
    stats: raw.RawStats
    names: StatNames
    source: str  # "event" (on the XEvent) or "metadata" (on its XEventMetadata)

    def restricted(self, keep: np.ndarray, new_row: np.ndarray) -> StatsSource | None:
        """The stats of the events where ``keep`` (bool per old row), renumbered by ``new_row``; None if none."""
        mask = keep[self.rows]
        if not mask.any():
            return None
        idx = np.flatnonzero(mask)
        rows = new_row[self.rows[idx]]
        return StatsSource(rows, take_stats(self.stats, idx, rows), self.names, self.source)


def take_stats(stats: raw.RawStats, rows: np.ndarray, new_owner: np.ndarray) -> raw.RawStats:
    """The stats at ``rows``, owned by ``new_owner``."""
    return raw.RawStats(
        owner=new_owner,
        metadata_id=stats.metadata_id[rows],
        kind=stats.kind[rows],
        int_value=stats.int_value[rows],
        double_value=stats.double_value[rows],
        obj_value=stats.obj_value[rows],
    )


def kept_stats(stats: raw.RawStats, rows: np.ndarray, n_events: int) -> raw.RawStats:
    """What a profile keeps of decoded stats for its ``stats`` frame, in as few bytes as they allow.

    ``rows`` (each stat's event row) becomes int32 where the events allow and also serves as
    ``owner``; ``metadata_id`` in the smallest of uint8, uint16 and int32 its ids fit (a profile
    names a few dozen stats); a value column that no stat's kind uses
    becomes a read-only view (no memory). Readers index a value column only where the kind says so.
    """
    n = len(stats)
    rows = rows.astype(np.int32 if n_events < 2**31 else np.int64, copy=False)
    ids = stats.metadata_id
    if n:
        ids = ids.astype(_id_dtype(int(ids.min()), int(ids.max())), copy=False)
    double_value, obj_value, int_value = stats.double_value, stats.obj_value, stats.int_value
    if double_value.strides[0] and not (stats.kind == raw.KIND_DOUBLE).any():
        double_value = constant(0, np.float64, n)
    if obj_value.strides[0] and not ((stats.kind == raw.KIND_STR) | (stats.kind == raw.KIND_BYTES)).any():
        obj_value = np.broadcast_to(np.array(None, object), (n,))
    is_int = (stats.kind == raw.KIND_INT64) | (stats.kind == raw.KIND_UINT64) | (stats.kind == raw.KIND_REF)
    if int_value.strides[0] and not is_int.any():
        int_value = constant(0, np.uint64, n)
    return raw.RawStats(
        owner=rows,
        metadata_id=ids,
        kind=stats.kind,
        int_value=int_value,
        double_value=double_value,
        obj_value=obj_value,
    )


def _id_dtype(low: int, high: int) -> type:
    """The smallest of uint8, uint16, int32 holding ``low``..``high``; int64 past them."""
    if low >= 0 and high < 2**8:
        return np.uint8
    if low >= 0 and high < 2**16:
        return np.uint16
    return np.int32 if -(2**31) <= low and high < 2**31 else np.int64


def build_stats_frame(sources: list[StatsSource]) -> pd.DataFrame:
    """Long-form stats (event row, name, typed value, source), sorted by event row, then source.

    Built from codes: stat names and sources become categoricals without hashing a string per stat.
    """
    parts = [s for s in sources if len(s.stats)]
    if not parts:
        return pd.DataFrame(
            {
                "event": np.zeros(0, np.int64),
                "name": pd.Categorical([]),
                "value": np.zeros(0, object),
                "source": pd.Categorical([]),
            }
        )
    named = [name_codes(s.stats, s.names) for s in parts]
    labels = sorted({label for _, part_labels in named for label in part_labels})
    label_code = {label: k for k, label in enumerate(labels)}
    source_labels = sorted({s.source for s in parts})
    name_dtype, source_dtype = _code_dtype(len(labels)), _code_dtype(len(source_labels))
    event = np.concatenate([s.rows.astype(np.int64, copy=False) for s in parts])
    name = np.concatenate(
        [np.array([label_code[x] for x in part_labels], name_dtype)[codes] for codes, part_labels in named]
    )
    source = np.concatenate([np.full(len(s.stats), source_labels.index(s.source), source_dtype) for s in parts])
    value = np.concatenate([values_python(s.stats, s.names) for s in parts])
    order = np.lexsort((source, event))  # stable: stats of one event and source keep their file order
    return pd.DataFrame(
        {
            "event": event[order],
            "name": pd.Categorical.from_codes(name[order], categories=pd.Index(labels), validate=False),
            "value": value[order],
            "source": pd.Categorical.from_codes(source[order], categories=pd.Index(source_labels), validate=False),
        },
        copy=False,
    )


def select_stats(sources: list[StatsSource], rows: np.ndarray, names: list[str]) -> pd.DataFrame:
    """The rows of ``build_stats_frame(sources)`` whose event is in ``rows`` and name in ``names``,
    in the same order, without building the whole frame (only the chosen stats' values are made)."""
    wanted_rows = distinct_sorted(np.asarray(rows, dtype=np.int64))
    wanted_names = set(names)
    source_labels = sorted({s.source for s in sources if len(s.stats)})
    event_parts: list[np.ndarray] = []
    name_parts: list[np.ndarray] = []
    value_parts: list[np.ndarray] = []
    source_parts: list[np.ndarray] = []
    for s in sources:
        if not len(s.stats) or not len(wanted_rows):
            continue
        codes, labels = name_codes(s.stats, s.names)
        hit = [k for k, label in enumerate(labels) if label in wanted_names]
        if not hit:
            continue
        owner = s.rows.astype(np.int64, copy=False)
        idx = np.flatnonzero(np.isin(codes, hit) & np.isin(owner, wanted_rows))
        if not len(idx):
            continue
        event_parts.append(owner[idx])
        name_parts.append(np.array(labels, dtype=object)[codes[idx]])
        value_parts.append(values_python(take_stats(s.stats, idx, owner[idx]), s.names))
        source_parts.append(np.full(len(idx), source_labels.index(s.source), np.int64))
    if not event_parts:
        return pd.DataFrame({"event": np.zeros(0, np.int64), "name": np.zeros(0, object),
                             "value": np.zeros(0, object), "source": np.zeros(0, object)})  # fmt: skip
    event = np.concatenate(event_parts)
    source = np.concatenate(source_parts)
    order = np.lexsort((source, event))  # as build_stats_frame: by event, then source, file order within
    return pd.DataFrame(
        {
            "event": event[order],
            "name": np.concatenate(name_parts)[order],
            "value": np.concatenate(value_parts)[order],
            "source": np.array(source_labels, dtype=object)[source[order]],
        }
    )


def first_stat_values(sources: list[StatsSource], rows: np.ndarray, names: list[str]) -> dict[str, np.ndarray | None]:
    """Per stat name, the value each event of ``rows`` has (an object array aligned with ``rows``):
    its first event stat in file order, else its first metadata stat; NaN for an event without
    it. None for a name none of those events has. The same values as reading them from
    ``select_stats(sources, rows, names)``, without its frame or a name string per stat."""
    rows = np.asarray(rows, dtype=np.int64)
    wanted_rows = distinct_sorted(rows)
    wanted = set(names)
    source_rank = {label: k for k, label in enumerate(sorted({s.source for s in sources if len(s.stats)}))}
    found: dict[str, list[tuple[np.ndarray, int, np.ndarray]]] = {n: [] for n in names}
    in_rows = row_mask(wanted_rows)
    for s in sources:
        if not len(s.stats) or not len(wanted_rows):
            continue
        ids = ids_called(s.names, wanted)
        if not ids:
            continue
        at = np.flatnonzero(id_mask(s.stats.metadata_id, ids))
        owner = s.rows[at].astype(np.int64, copy=False)
        keep = in_rows(owner)
        at, owner = at[keep], owner[keep]
        if not len(at):
            continue
        values = values_python(take_stats(s.stats, at, owner), s.names)
        id_at = s.stats.metadata_id[at]
        for mid in ids:  # ascending, as name_codes' codes
            mine = id_at == mid
            if mine.any():
                label = s.names.get(mid, (f"<stat {mid}>", ""))[0]
                found[label].append((owner[mine], source_rank[s.source], values[mine]))
    out: dict[str, np.ndarray | None] = dict.fromkeys(names)
    for name, parts in found.items():
        if not parts:
            continue
        event = np.concatenate([e for e, _, _ in parts])
        rank = np.concatenate([np.full(len(e), r, np.int8) for e, r, _ in parts])
        value = np.concatenate([v for _, _, v in parts])
        out[name] = first_value_per_event(event, rank, value, rows)
    return out


def row_mask(rows: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
    """For sorted distinct event rows ``rows``: a function telling whether each of some rows is one of
    them (``np.isin``, by a table of ``rows[0]..rows[-1]``)."""
    if not len(rows) or int(rows[-1]) - int(rows[0]) >= (1 << 26):
        return lambda owner: np.isin(owner, rows)
    low, span = int(rows[0]), int(rows[-1]) - int(rows[0]) + 1
    table = np.zeros(span + 1, bool)  # the last slot answers every row outside rows[0]..rows[-1]
    table[rows - low] = True

    def in_rows(owner: np.ndarray) -> np.ndarray:
        at = owner - low
        at[(at < 0) | (at > span)] = span
        return table[at]

    return in_rows


def first_value_per_event(event: np.ndarray, rank: np.ndarray, value: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """One stat's value for each event of ``rows`` (object array; NaN where it has none), from its stats
    ``event`` (int64 rows), ``rank`` (0 = on the event, 1 = on its metadata) and ``value``, given in file
    order: the first of the lowest rank wins."""
    order = np.lexsort((rank, event))  # stable: an event's event stats first, each source in file order
    event, value = event[order], value[order]
    first = np.ones(len(event), bool)
    first[1:] = event[1:] != event[:-1]
    event, value = event[first], value[first]
    pos = np.minimum(np.searchsorted(event, rows), len(event) - 1)
    has = event[pos] == rows
    column = np.full(len(rows), np.nan, dtype=object)
    column[has] = value[pos[has]]
    return column
