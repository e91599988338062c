"""A plane's small parts, from protobuf messages: event and stat metadata, plane stats.

Both decoders (``decode_fast``, ``decode_native``) parse everything of a plane but its
lines with protobuf and convert it here; these parts hold thousands of entries, not millions.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from nbprof.xspace.raw import (
    KIND_BYTES,
    KIND_DOUBLE,
    KIND_INT64,
    KIND_NONE,
    KIND_REF,
    KIND_STR,
    KIND_UINT64,
    RawEventMetadata,
    RawStats,
)
from nbprof.xspace.stats_frame import take_stats


def event_metadata_of(entries: Mapping[int, Any]) -> RawEventMetadata:
    """Event metadata (an ``XPlane.event_metadata`` map) sorted by map key, the id events refer to."""
    ids = sorted(entries)  # keys only: sorting (key, message) pairs wraps every message first
    metas = [entries[k] for k in ids]
    stat_lists = [m.stats for m in metas]
    return RawEventMetadata(
        id=np.array(ids, dtype=np.int64),
        name=[m.name for m in metas],
        display_name=[m.display_name for m in metas],
        metadata=[m.metadata for m in metas],
        child_ids=[list(c) if c else [] for c in (m.child_id for m in metas)],
        stats=stats_from_messages(stat_lists if any(stat_lists) else []),
    )


def stat_metadata_of(entries: Mapping[int, Any]) -> dict[int, tuple[str, str]]:
    """Stat metadata id -> (name, description) of an ``XPlane.stat_metadata`` map."""
    return {int(k): (m.name, m.description) for k, m in entries.items()}


def metadata_from_columns(lists: Sequence[list[Any]]) -> tuple[RawEventMetadata, dict[int, tuple[str, str]]]:
    """Event and stat metadata from ``_wire.read_header``'s first 14 lists (entries in file order).

    As protobuf's maps: a key given twice keeps its last entry; event metadata sorted by key.
    """
    em_keys, names, display, metadata, children, *stat_cols, sm_keys, sm_names, sm_descs = lists[:14]
    stat_metadata = dict(zip(sm_keys, zip(sm_names, sm_descs)))
    ids = np.array(em_keys, dtype=np.int64)
    stats = _stats_from_columns(stat_cols)
    if len(ids) > 1 and not (ids[1:] > ids[:-1]).all():  # files written by XProf hold them sorted
        ids, rows = _key_order(ids, em_keys)
        stats = _stats_of_rows(stats, rows, len(em_keys))
        names, display, metadata, children = (_items(col, rows) for col in (names, display, metadata, children))
    event_metadata = RawEventMetadata(
        id=ids, name=names, display_name=display, metadata=metadata, child_ids=children, stats=stats
    )
    return event_metadata, stat_metadata


def _key_order(ids: np.ndarray, keys: list[int]) -> tuple[np.ndarray, list[int]]:
    """(the distinct keys ascending, the entry of each): a map's entries by key, the last entry of a key
    given twice (as protobuf keeps it). ``ids``: ``keys`` as int64."""
    order = np.argsort(ids, kind="stable")
    ascending = ids[order]
    if (ascending[1:] != ascending[:-1]).all():  # no key twice (the usual case): one entry per key
        return ascending, order.tolist()
    last = {k: i for i, k in enumerate(keys)}
    rows = [last[k] for k in sorted(last)]
    return ids[rows], rows


def _items(column: list[Any], rows: list[int]) -> list[Any]:
    """``[column[r] for r in rows]``, gathered in C where there are two rows or more."""
    return list(operator.itemgetter(*rows)(column)) if len(rows) > 1 else [column[r] for r in rows]


def plane_stats_from_columns(lists: Sequence[list[Any]]) -> RawStats:
    """The plane's own stats (owner 0) from ``_wire.read_header``'s last 6 lists: what
    ``stats_from_messages([plane.stats])`` gives."""
    return _stats_from_columns(lists[14:20])


def _stats_from_columns(cols: Sequence[list[Any]]) -> RawStats:
    """RawStats from stat lists by column: owner, metadata id, kind, int, double, str/bytes value."""
    owner, metadata_id, kind, int_value, double_value, obj_value = cols
    if not owner:  # most planes' own stats, many planes' metadata stats
        return no_stats()
    objs = np.empty(len(obj_value), dtype=object)
    objs[:] = obj_value
    return RawStats(
        owner=np.array(owner, dtype=np.int64),
        metadata_id=np.array(metadata_id, dtype=np.int64),
        kind=np.array(kind, dtype=np.int8),
        int_value=np.array(int_value, dtype=np.uint64),
        double_value=np.array(double_value, dtype=np.float64),
        obj_value=objs,
    )


def no_stats() -> RawStats:
    """RawStats of no stat, its empty arrays shared (read-only: nothing can be written to them)."""
    return RawStats(*_NO_STATS_ARRAYS)


def _read_only_empty(dtype: type) -> np.ndarray:
    array = np.zeros(0, dtype)
    array.flags.writeable = False
    return array


_NO_STATS_ARRAYS = tuple(_read_only_empty(t) for t in (np.int64, np.int64, np.int8, np.uint64, np.float64, object))


def _stats_of_rows(stats: RawStats, rows: list[int], n_entries: int) -> RawStats:
    """The stats of entries ``rows`` (in that order), owner renumbered to positions in ``rows``."""
    if not len(stats.owner):
        return stats
    position = np.full(n_entries, -1, np.int64)
    position[rows] = np.arange(len(rows))
    owner = position[stats.owner]
    keep = np.flatnonzero(owner >= 0)
    order = keep[np.argsort(owner[keep], kind="stable")]
    return take_stats(stats, order, owner[order])


def stats_from_messages(stat_lists: Sequence[Sequence[Any]]) -> RawStats:
    """RawStats from parsed XStat messages, owner = position in ``stat_lists``."""
    owner: list[int] = []
    metadata_id: list[int] = []
    kind: list[int] = []
    int_value: list[int] = []
    double_value: list[float] = []
    obj_value: list[object] = []
    for i, stats in enumerate(stat_lists):
        for st in stats:
            which = st.WhichOneof("value")
            owner.append(i)
            metadata_id.append(st.metadata_id)
            ival, dval, oval, k = 0, 0.0, None, KIND_NONE
            if which == "double_value":
                k, dval = KIND_DOUBLE, st.double_value
            elif which == "uint64_value":
                k, ival = KIND_UINT64, st.uint64_value
            elif which == "int64_value":
                k, ival = KIND_INT64, st.int64_value & 0xFFFF_FFFF_FFFF_FFFF
            elif which == "str_value":
                k, oval = KIND_STR, st.str_value
            elif which == "bytes_value":
                k, oval = KIND_BYTES, st.bytes_value
            elif which == "ref_value":
                k, ival = KIND_REF, st.ref_value
            kind.append(k)
            int_value.append(ival)
            double_value.append(dval)
            obj_value.append(oval)
    return _stats_from_columns((owner, metadata_id, kind, int_value, double_value, obj_value))
