"""The small frames of a profile: ``planes``, ``lines``, ``event_metadata``, ``stat_metadata``.

Each is gathered a plane at a time as columns and becomes one DataFrame at the end
(docs/frames.md); none has a row per event.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.xspace import raw
from nbprof.xspace.absent import masked
from nbprof.xspace.semantics import HOST_PLANE, values_list
from nbprof.xspace.stat_values import StatNames, few_values_python, name_codes
from nbprof.xspace.typed_frame import (
    categories_dtype,
    code_dtype,
    repeated_strings,
    string_index,
    strings,
    typed_frame,
)

METADATA_PLANE = "/host:metadata"
HLO_PROTO_STAT = "Hlo Proto"


# The frames ``MetadataFrames.frame`` builds, by name.
METADATA_FRAMES = ("planes", "lines", "event_metadata", "stat_metadata")


class MetadataFrames:
    """Collects planes, lines, event and stat metadata, plane by plane; builds each frame when first
    asked (``frame``), as most tools read one or two of them."""

    LINE_COLUMNS = (
        "host",
        "plane",
        "plane_id",
        "line_id",
        "display_id",
        "name",
        "display_name",
        "timestamp_ns",
        "duration_ps",
        "num_events",
        "start_ps",
    )
    EVENT_METADATA_COLUMNS = ("host", "plane", "metadata_id", "name", "display_name", "num_stats", "child_ids")

    def __init__(self) -> None:
        self.plane_rows: list[dict[str, object]] = []
        self.lines: dict[str, list[Any]] = {c: [] for c in self.LINE_COLUMNS[2:]}
        self.em: dict[str, list[Any]] = {c: [] for c in self.EVENT_METADATA_COLUMNS[2:]}
        # (host, plane, rows) of each plane's lines, event and stat metadata: their host and plane columns
        self.line_runs: list[tuple[str, str, int]] = []
        self.em_runs: list[tuple[str, str, int]] = []
        self.sm_runs: list[tuple[str, str, int]] = []
        self.em_size = 0
        # (first row, HLO protos of that plane by module name) of each /host:metadata plane: each host's
        # own protos (two hosts may hold different modules under one name)
        self.metadata_plane_rows: list[tuple[int, list[str], dict[str, bytes]]] = []
        self.sm: dict[str, list[Any]] = {c: [] for c in ("metadata_id", "name", "description")}
        self.hlo_protos: dict[str, bytes] = {}
        self._built: dict[str, pd.DataFrame] = {}

    def add_plane(self, host: str, plane: raw.RawPlane, num_events: int, line_zero_ps: np.ndarray) -> None:
        """One plane: its row (stats as columns), its lines, event and stat metadata, HLO protos."""
        names = plane.stat_metadata
        lines = plane.lines
        row: dict[str, object] = {
            "host": host,
            "plane_id": plane.id,
            "name": plane.name,
            "num_lines": len(lines.id),
            "num_events": num_events,
        }
        if len(plane.stats):
            # A stat whose metadata id the plane does not name is no column: JAX's
            # /host:__ScopeRangeCallStack__ plane holds thousands (scope id -> parent scope id).
            unnamed = 0
            for mid, value in zip(plane.stats.metadata_id.tolist(), few_values_python(plane.stats, names)):
                if mid in names:
                    row[str(names[mid][0])] = value
                else:
                    unnamed += 1
            if unnamed:
                row["unnamed_stats"] = unnamed
        self.plane_rows.append(row)
        k = len(lines.id)
        cols = self.lines
        self.line_runs.append((host, plane.name, k))
        cols["plane_id"].append(np.full(k, plane.id, np.int64))
        cols["line_id"].append(lines.id)
        cols["display_id"].append(lines.display_id)
        cols["name"].append(lines.name)
        cols["display_name"].append(lines.display_name)
        cols["timestamp_ns"].append(lines.timestamp_ns)
        cols["duration_ps"].append(lines.duration_ps)
        cols["num_events"].append(lines.num_events)
        cols["start_ps"].append(line_zero_ps)
        self._add_event_metadata(host, plane)
        self._add_stat_metadata(host, plane)

    def _add_stat_metadata(self, host: str, plane: raw.RawPlane) -> None:
        """The plane's stat metadata rows, sorted by id: a column at a time."""
        items = sorted(plane.stat_metadata.items())
        sm, k = self.sm, len(items)
        self.sm_runs.append((host, plane.name, k))
        sm["metadata_id"].extend([sid for sid, _ in items])
        sm["name"].extend([name for _, (name, _) in items])
        sm["description"].extend([desc for _, (_, desc) in items])

    def _add_event_metadata(self, host: str, plane: raw.RawPlane) -> None:
        em = plane.event_metadata
        k = len(em.id)
        if not k:
            return
        ids = np.asarray(em.id, np.int64)
        num_stats = np.bincount(em.stats.owner, minlength=k).astype(np.int64)
        em_names, display_names, child_ids = em.name, em.display_name, em.child_ids
        if not (ids[1:] >= ids[:-1]).all():  # the decoders give them sorted
            order = np.argsort(ids, kind="stable")
            rows = order.tolist()
            ids, num_stats = ids[order], num_stats[order]
            em_names, display_names, child_ids = (
                [col[r] for r in rows] for col in (em_names, display_names, child_ids)
            )
        cols = self.em
        self.em_runs.append((host, plane.name, k))
        cols["metadata_id"].append(ids)
        cols["name"].extend(em_names)
        cols["display_name"].extend(display_names)
        cols["num_stats"].append(num_stats)
        cols["child_ids"].extend(child_ids)
        protos = hlo_protos_of(em, plane.stat_metadata)
        if plane.name == METADATA_PLANE:
            self.metadata_plane_rows.append((self.em_size, em_names, protos))
        self.em_size += k
        self.hlo_protos.update(protos)

    # ------------------------------------------------------------------ frames
    def frame(self, name: str) -> pd.DataFrame:
        """The frame ``name`` (one of ``METADATA_FRAMES``), built on the first call (the same object
        after); what it was built from is released then."""
        built = self._built.get(name)
        if built is None:
            built = self._built[name] = getattr(self, f"{name}_frame")()
            self._release(name)
        return built

    def _release(self, name: str) -> None:
        """Drop what frame ``name`` was built from (it is built)."""
        if name == "planes":
            self.plane_rows = []
        elif name == "lines":
            self.lines = {c: [] for c in self.lines}
        elif name == "event_metadata":
            self.em = {c: [] for c in self.em}
            self.metadata_plane_rows = []
        else:
            self.sm = {c: [] for c in self.sm}

    def file_time_offsets_ps(self) -> dict[str, int]:
        """``file_time_offsets_ps`` of the ``lines`` frame, read from what it is built of while it is not
        built: each plane's first line (host-plane lines first, as there); the frame's once it is."""
        if "lines" in self._built:
            return file_time_offsets_ps(self._built["lines"])
        out: dict[str, int] = {}
        runs = list(zip(self.line_runs, self.lines["start_ps"], self.lines["timestamp_ns"]))
        for on_host_plane in (True, False):
            for (host, plane, k), start_ps, timestamp_ns in runs:
                if k and (plane == HOST_PLANE) == on_host_plane and host not in out:
                    out[host] = _offsets(start_ps[:1], timestamp_ns[:1])[0]
        return out

    def stat_names(self) -> frozenset[str] | None:
        """The names in ``stat_metadata`` (all str) without building it; None once it is built."""
        if "stat_metadata" in self._built:
            return None
        return frozenset(self.sm["name"])

    def planes_frame(self) -> pd.DataFrame:
        """Planes with their stats as columns; integer stats stay exact (nullable Int64/UInt64)."""
        return planes_frame(self.plane_rows)

    def lines_frame(self) -> pd.DataFrame:
        cols = self.lines
        if not self.line_runs:
            return pd.DataFrame(columns=list(self.LINE_COLUMNS))
        data: dict[str, Any] = _host_and_plane(self.line_runs)
        for name, parts in cols.items():
            if name in ("name", "display_name"):
                data[name] = strings([x for part in parts for x in part])
            else:
                data[name] = np.concatenate(parts).astype(np.int64, copy=False)
        return typed_frame(data)

    def event_metadata_frame(self) -> pd.DataFrame:
        """The `event_metadata` frame; ``hlo_proto`` filled on /host:metadata rows."""
        if not self.em_size:
            df = pd.DataFrame([], columns=list(self.EVENT_METADATA_COLUMNS))
            df["hlo_proto"] = []
            return df
        cols = self.em
        hlo: list[bytes | None] = [None] * self.em_size
        for first, names, protos in self.metadata_plane_rows:
            hlo[first : first + len(names)] = [protos.get(nm) for nm in names]
        return typed_frame(
            {
                **_host_and_plane(self.em_runs),
                "metadata_id": np.concatenate(cols["metadata_id"]),
                "name": strings(cols["name"]),
                "display_name": strings(cols["display_name"]),
                "num_stats": np.concatenate(cols["num_stats"]),
                "child_ids": _objects(cols["child_ids"]),
                "hlo_proto": _objects(hlo),
            }
        )

    def stat_metadata_frame(self) -> pd.DataFrame:
        sm = self.sm
        return typed_frame(
            {
                **_host_and_plane(self.sm_runs),
                "metadata_id": np.array(sm["metadata_id"], dtype=np.int64),
                "name": strings(sm["name"]),
                "description": strings(sm["description"]),
            }
        )


def file_time_offsets_ps(lines: pd.DataFrame) -> dict[str, int]:
    """Per host of a ``lines`` frame, nbprof's time minus the file's time (ps), from its ``/host:CPU`` lines
    (else any line): nonzero where the file's line timestamps are relative to its session start."""
    if len(lines) == 0:
        return {}
    offset = _offsets(lines["start_ps"].to_numpy(np.int64), lines["timestamp_ns"].to_numpy(np.int64))
    hosts = [str(h) for h in values_list(lines["host"])]
    on_host_plane = np.array([plane == HOST_PLANE for plane in values_list(lines["plane"])], bool)
    out: dict[str, int] = {}
    for row in np.argsort(~on_host_plane, kind="stable").tolist():  # host-plane lines first (a few lines)
        out.setdefault(hosts[row], offset[row])
    return out


def _offsets(start_ps: np.ndarray, timestamp_ns: np.ndarray) -> list[int]:
    """Lines' ``start_ps`` minus their timestamp in ps, in int64 arithmetic (wrapping as numpy's does)."""
    return (start_ps.astype(np.int64, copy=False) - timestamp_ns.astype(np.int64, copy=False) * 1000).tolist()


def _host_and_plane(runs: list[tuple[str, str, int]]) -> dict[str, object]:
    """The ``host`` and ``plane`` columns of rows gathered a plane at a time: (host, plane, rows) per plane."""
    return {
        "host": repeated_strings([(host, k) for host, _, k in runs]),
        "plane": repeated_strings([(plane, k) for _, plane, k in runs]),
    }


def hlo_protos_of(em: raw.RawEventMetadata, names: StatNames) -> dict[str, bytes]:
    """Module name -> serialized HloProto, from the ``Hlo Proto`` stats of a plane's event metadata."""
    out: dict[str, bytes] = {}
    if not len(em.stats) or not any(name == HLO_PROTO_STAT for name, _ in names.values()):
        return out  # most planes name no such stat: no pass over their stats
    codes, labels = name_codes(em.stats, names)
    is_proto = np.array([label == HLO_PROTO_STAT for label in labels])
    if not is_proto.any():  # most planes hold none
        return out
    for k in np.flatnonzero(is_proto[codes]).tolist():
        val = em.stats.obj_value[k]
        if isinstance(val, (bytes, bytearray)):
            out[em.name[int(em.stats.owner[k])]] = bytes(val)
    return out


def planes_frame(rows: list[dict[str, object]]) -> pd.DataFrame:
    """Planes with their stats as columns; integer stats stay exact (nullable Int64/UInt64).

    A column whose values are all ints becomes Int64 (UInt64 beyond int64, when none is
    negative), all floats Float64 (+-inf and NaN kept), all bools stays object; anything else
    (strings, bytes, mixed) is an object column. ``host`` and ``name`` are categoricals.
    """
    if not rows:
        return pd.DataFrame(columns=["host", "plane_id", "name", "num_lines", "num_events"])
    names = list(dict.fromkeys(k for row in rows for k in row))
    data: dict[str, object] = {}
    for name in names:
        values = [row.get(name) for row in rows]
        present = [v for v in values if v is not None and not (isinstance(v, float) and v != v)]  # not NaN
        kinds = {type(v) for v in present}
        if name in ("host", "name"):
            data[name] = _sorted_categorical([str(v) for v in values])
        elif present and kinds == {int}:
            big = max(present) >= 2**63 or min(present) < -(2**63)
            if big and any(v < 0 for v in present):  # mixed signs beyond int64: keep the Python ints
                data[name] = _objects(values)
            else:
                mask = np.array([v is None or isinstance(v, float) for v in values])
                ints = np.array([0 if m else v for v, m in zip(values, mask)], np.uint64 if big else np.int64)
                data[name] = masked(pd.arrays.IntegerArray, ints, mask)
        elif present and kinds == {float}:
            floats = np.array([np.nan if v is None else v for v in values], np.float64)
            data[name] = masked(pd.arrays.FloatingArray, floats, np.isnan(floats))
        else:
            data[name] = _objects([np.nan if v is None else v for v in values])
    return typed_frame(data)


def _sorted_categorical(values: list[str]) -> pd.Categorical:
    """``pd.Categorical(values)`` (categories sorted, pandas' inferred dtype) without its
    factorizing of a pandas string array (0.3 ms a call, 3 ms the first time in a process)."""
    categories = sorted(set(values))
    code_of = {v: k for k, v in enumerate(categories)}
    codes = np.array([code_of[v] for v in values], code_dtype(len(categories)))
    return pd.Categorical.from_codes(codes, dtype=categories_dtype(string_index(categories)), validate=False)


def _objects(values: list[Any]) -> np.ndarray:
    """An object column as it is: each value one element, a list too (a frame made by ``typed_frame``
    keeps it as object; ``pd.DataFrame`` would infer its str dtype for strings)."""
    return np.fromiter(values, dtype=object, count=len(values))
