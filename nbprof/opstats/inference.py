"""Inference sessions: how long each request took and where its time went (host, device, transfers).

XProf's overview replaces the step-time graph of an inference profile (one whose HLO shows no
gradient computation: ``is_training``) by the latency of its "sessions" at a few percentiles,
split into host time, device time and host-device communication
(``xprof/convert/inference_stats.cc``, ``compute_inference_latency.cc``). XProf finds sessions
only in TensorFlow serving profiles: request events (``BatchingSessionRun``, ``TfrtModelRun``,
``ServingModelRun``, else ``SessionRun`` / ``RunGraph``) or user roots marked ``_r=-1``, with
their ``group_id``. A JAX program's calls are none of these, so XProf shows an empty table for
the TPU v6e inference profile.

nbprof finds the sessions itself, per host:

* **sessions** are XProf's request events where the profile has them, else the top-level jitted
  calls of JAX (``PjitFunction(...)`` events at depth 0 on ``/host:CPU``);
* a session owns every event it reaches through nesting and producer/consumer links (the same
  edges as step grouping: ``step_grouping.event_graph``), on host threads and devices: its device
  programs (``XLA Modules`` events) and its host-device transfers;
* ``total_ps`` runs from the session's start to the end of the last event it owns (a JAX call
  returns before its program has run on the device: the session lasts until the device is done);
  ``device_ps`` is the time any of its device programs ran (union over cores); ``transfer_ps`` the
  time its transfers ran outside that; ``host_ps`` the rest (XProf's split). Of the host time,
  ``waiting_ps`` is when none of the session's events ran at all: a JAX call is queued behind the
  programs dispatched before it (nbprof's addition).

``latency_breakdown`` is XProf's table: the average, then the sessions at the 50th, 75th, 90th, 99th
and 99.9th percentile of total time (the session at index ``int(p / 100 x n)`` of the sorted list,
as XProf picks it). Times are int64 ps in ``InferenceSessions.table``, ms in the breakdown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import pandas as pd

from nbprof.hlo.index import HloIndex
from nbprof.opstats import event_columns as ec
from nbprof.opstats.step_grouping import ContextEdges, parent_positions, spread_from_roots
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames
from nbprof.xspace.typed_frame import strings, typed_frame

# XProf's request event types, in the order it prefers them (inference_stats.cc BuildRequestEventsMap).
REQUEST_EVENTS = (("BatchingSessionRun",), ("TfrtModelRun",), ("ServingModelRun",), ("SessionRun", "RunGraph"))
USER_ROOT_LEVEL = -1  # `_r=-1`: a user-defined request root
JAX_CALL_PREFIX = "PjitFunction("
# Host events that move data between host and device (XProf's data-transfer and TPU-system transfer types).
TRANSFER_PREFIXES = (
    "tpu::System::TransferToDevice", "tpu::System::TransferFromDevice", "ReadHbm", "WriteHbm",
    "TransferH2DRequest", "TransferD2HRequest", "TransferPreprocessedH2DRequest",
)  # fmt: skip
PERCENTILES = (50.0, 75.0, 90.0, 99.0, 99.9)
# Framework op names in a gradient's name scope (``is_training``): JAX's transpose, TensorFlow's gradients.
_JAX_GRADIENT = re.compile(r"(?:^|/)transpose\(")
_TF_GRADIENT = re.compile(r"(?:^|/)(?:gradient_tape|gradients[^/]*)/")
SESSION_COLUMNS = ["host", "session", "name", "start_ps", "end_ps", "total_ps", "host_ps", "device_ps",
                   "transfer_ps", "waiting_ps", "device_programs"]  # fmt: skip
LATENCY_COLUMNS = ["percentile", "host_ms", "device_ms", "communication_ms", "total_ms", "waiting_ms"]
LATENCY_PARTS = ["host_ps", "device_ps", "transfer_ps", "total_ps", "waiting_ps"]  # their columns of the table


class _RowFlags(NamedTuple):
    """Per event row: ``_root_kinds``' kind, ``_transfers``' flag, whether it is on ``/host:CPU``,
    whether it is on a device plane, and whether it is a root by its ``_r`` stat or a top-level JAX
    call (``_root_flags``)."""

    kind: np.ndarray
    on_host: np.ndarray
    transfer: np.ndarray
    device_plane: np.ndarray
    user_root: np.ndarray
    top_call: np.ndarray


@dataclass(frozen=True)
class InferenceSessions:
    """The profile's inference sessions: ``table`` (``SESSION_COLUMNS``, int64 ps), how they were
    found (``source``: ``"request events"``, ``"JAX jit calls"`` or ``""``), ``notes``."""

    table: pd.DataFrame
    source: str
    notes: list[str] = field(default_factory=list)

    def latency_breakdown(self) -> pd.DataFrame:
        """XProf's inference latency table: ``Avg`` then each percentile, ms (``LATENCY_COLUMNS``)."""
        t = self.table
        if len(t) == 0:
            return pd.DataFrame({c: pd.Series(dtype=object if c == "percentile" else float) for c in LATENCY_COLUMNS})
        parts = np.stack([t[c].to_numpy(np.int64) for c in LATENCY_PARTS])  # (part, session) ps
        n = parts.shape[1]
        ordered = np.argsort(parts[LATENCY_PARTS.index("total_ps")], kind="stable")
        picks = ordered[[min(int(p / 100.0 * n), n - 1) for p in PERCENTILES]]
        average = parts.sum(axis=1, dtype=np.float64) / n  # pandas' mean: a float64 sum over the count
        ms = np.column_stack([average, parts[:, picks].astype(np.float64)]) / 1e9  # (part, row)
        labels = ["Avg", *(f"{p:.1f}%" for p in PERCENTILES)]
        return typed_frame({"percentile": strings(labels), **dict(zip(LATENCY_COLUMNS[1:], ms))})

    def summary(self) -> dict[str, float | int | None]:
        """Session count, session time statistics (ms) and sessions per second over the sessions' span."""
        t = self.table
        if len(t) == 0:
            return {"num_sessions": 0}
        total_ms = t["total_ps"].to_numpy(np.float64) / 1e9
        span_s = (int(t["end_ps"].max()) - int(t["start_ps"].min())) / 1e12
        return {
            "num_sessions": int(len(t)),
            "session_time_ms_avg": float(total_ms.mean()),
            "session_time_ms_std": float(total_ms.std(ddof=1)) if len(t) > 1 else 0.0,
            "session_time_ms_min": float(total_ms.min()),
            "session_time_ms_max": float(total_ms.max()),
            "sessions_per_s": len(t) / span_s if span_s > 0 else None,
        }


def is_training(index: HloIndex) -> bool:
    """XProf's ModelTracker: the profile trains when an HLO instruction's framework op sits in a JAX
    ``transpose(...)`` name scope (a gradient) or a TensorFlow ``gradients*`` / ``gradient_tape`` scope.
    Without HLO protos XProf says False, as this does."""
    # only modules whose bytes hold such a scope can say yes: the others are not read
    op_names = index.op_names(index.programs_mentioning(b"transpose(", b"gradient"))
    return any(_JAX_GRADIENT.search(name) or _TF_GRADIENT.search(name) for name in op_names)


def _name_kinds(ev: pd.DataFrame) -> np.ndarray:
    """Per category code of ``ev["name"]``, then for code -1 (no name): what the name makes an event as a
    session root: the position in ``REQUEST_EVENTS`` of its request type, ``len(REQUEST_EVENTS)`` for a
    JAX call (``PjitFunction(...)``), -1 for neither (int8)."""
    request = {name: i for i, names in enumerate(REQUEST_EVENTS) for name in names}
    jax = len(REQUEST_EVENTS)
    names = ec.category_text(ev["name"])
    kind = [request.get(n, jax if n.startswith(JAX_CALL_PREFIX) else -1) for n in names]  # names, not events
    return np.array([*kind, -1], dtype=np.int8)


def _root_kinds(ev: pd.DataFrame, name_kinds: np.ndarray | None = None) -> np.ndarray:
    """Per event, its name's ``_name_kinds`` kind (``name_kinds``: those of ``ev``, made here if not given)."""
    kinds = _name_kinds(ev) if name_kinds is None else name_kinds
    return kinds[np.asarray(ev["name"].array.codes)]  # code -1 takes the last


def _may_have_roots(ev: pd.DataFrame, name_kinds: np.ndarray) -> bool:
    """False when no event can start a session (``_has_root_candidates`` would say so): no event named
    as a request or a JAX call (``name_kinds``: ``_name_kinds(ev)``) is on ``/host:CPU`` as a request or
    a top-level call, and no event has ``_r=-1``. Reads only the named events' planes and depths."""
    if (name_kinds >= 0).any():
        kinds = name_kinds[np.asarray(ev["name"].array.codes)]
        rows = np.flatnonzero(kinds >= 0)
        on_host = xs.values_in(ev["plane"], [xs.HOST_PLANE], rows=rows)
        top = (kinds[rows] < len(REQUEST_EVENTS)) | (ev["depth"].to_numpy()[rows] == 0)
        if (on_host & top).any():
            return True
    return "_r" in ev.columns and bool((xs.int_values(ev["_r"], missing=0) == USER_ROOT_LEVEL).any())


def _transfers(ev: pd.DataFrame) -> np.ndarray:
    """Per event, whether its name makes it a host-device transfer (``TRANSFER_PREFIXES``; tested once
    per distinct name)."""
    transfer = [n.startswith(TRANSFER_PREFIXES) for n in ec.category_text(ev["name"])]  # names, not events
    return np.array([*transfer, False], dtype=bool)[np.asarray(ev["name"].array.codes)]  # code -1: no name


def _session_roots(flags: _RowFlags) -> tuple[np.ndarray, str]:
    """Rows (of one host's events, whose ``flags`` these are) that start sessions, and how they were found."""
    for i in range(len(REQUEST_EVENTS)):
        rows = np.flatnonzero(flags.on_host & (flags.kind == i))
        if len(rows):
            return rows, "request events"
    rows = np.flatnonzero(flags.user_root)
    if len(rows):
        return rows, "request events"
    calls = flags.top_call
    return np.flatnonzero(calls), "JAX jit calls" if calls.any() else ""


def _host_sessions(
    ev: pd.DataFrame, flows: pd.DataFrame, host: str, flags: _RowFlags, edges: ContextEdges | None = None
) -> tuple[pd.DataFrame, str]:
    """One host's sessions (``SESSION_COLUMNS``) and how they were found; ``ev``: the host's host and
    device events, ``flags``: their rows' flags, ``edges``: ``ev``'s context edges where built already."""
    transfer_name, device_plane = flags.transfer, flags.device_plane
    roots, source = _session_roots(flags)
    if len(roots) == 0:
        return ec.empty_frame(SESSION_COLUMNS), ""
    start_all, end_all, duration_all = (ev[c].to_numpy() for c in ("start_ps", "end_ps", "duration_ps"))
    roots = roots[np.argsort(start_all[roots], kind="stable")]
    owner = spread_from_roots(ev, flows, roots, edges)
    owned = np.flatnonzero(owner >= 0)
    g = owner[owned]
    start, end = start_all[owned], end_all[owned]
    n = len(roots)
    last = np.full(n, np.iinfo(np.int64).min, np.int64)
    np.maximum.at(last, g, end)
    first = start_all[roots].astype(np.int64)
    device = (device_plane & xs.values_in(ev["line"], [xs.XLA_MODULES_LINE]))[owned]
    transfer = transfer_name[owned] & ~device
    parent, spanned = _spanning_parents(parent_positions(ev), owned, g, start, end)
    device_v = _union_by_session(device, parent, spanned, g, start, end, n)
    both = device | transfer
    busy = _union_by_session(both, parent, spanned, g, start, end, n)
    ran = both | (duration_all[owned] > 0)
    anything = _union_by_session(ran, parent, spanned, g, start, end, n)
    total = np.maximum(last, first + duration_all[roots]) - first
    transfer_v = busy - device_v
    table = typed_frame(
        {
            "host": strings([host] * n),
            "session": np.arange(n),
            "name": strings(ec.str_column(ev, "name", roots).tolist()),
            "start_ps": first,
            "end_ps": first + total,
            "total_ps": total.astype(np.int64),
            "host_ps": np.maximum(total - device_v - transfer_v, 0).astype(np.int64),
            "device_ps": device_v,
            "transfer_ps": transfer_v,
            "waiting_ps": np.maximum(total - anything, 0).astype(np.int64),
            "device_programs": np.bincount(g[device], minlength=n).astype(np.int64),
        }
    )
    return table, source


def _spanning_parents(
    parent_row: np.ndarray, owned: np.ndarray, g: np.ndarray, start: np.ndarray, end: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per owned event (``owned``: rows; ``g``, ``start``, ``end``: their session and times, ps), its
    nesting parent as a position in ``owned`` (0 where it has none there) and whether that parent is
    owned by the same session and spans it (``parent_row``: each row's parent row, -1: none)."""
    position = np.full(len(parent_row), -1, np.int64)
    position[owned] = np.arange(len(owned))
    up = parent_row[owned]
    parent = np.where(up >= 0, position[np.maximum(up, 0)], -1)
    has = parent >= 0
    parent = np.maximum(parent, 0)
    spanned = has & (g[parent] == g) & (start[parent] <= start) & (end <= end[parent])
    return parent, spanned


def _union_by_session(
    member: np.ndarray,
    parent: np.ndarray,
    spanned: np.ndarray,
    g: np.ndarray,
    start: np.ndarray,
    end: np.ndarray,
    n: int,
) -> np.ndarray:
    """int64 length (ps) of the union of each session's ``member`` events' intervals: an event spanned
    by a member parent of its session (``_spanning_parents``) adds nothing and is left out."""
    keep = member & ~(spanned & member[parent])
    return ec.union_lengths(g[keep], start[keep], end[keep], n)


def _no_sessions() -> InferenceSessions:
    return InferenceSessions(ec.empty_frame(SESSION_COLUMNS), "", ["no inference sessions found"])


def _on_host_plane(ev: pd.DataFrame) -> np.ndarray:
    """Row mask: the event is on the ``/host:CPU`` plane (tested once per distinct plane name)."""
    on_host = [name == xs.HOST_PLANE for name in ec.category_text(ev["plane"])]
    return np.array([*on_host, False], dtype=bool)[np.asarray(ev["plane"].array.codes)]  # code -1: no plane


def _root_flags(ev: pd.DataFrame, on_host: np.ndarray, kind: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row masks of ``ev``: a host event that is a root by its ``_r`` stat (``USER_ROOT_LEVEL``); a
    top-level JAX call on the host (``on_host``, ``kind``: the rows' plane and ``_root_kinds`` kind)."""
    has_r = "_r" in ev.columns
    user_root = on_host & (xs.int_values(ev["_r"], missing=0) == USER_ROOT_LEVEL) if has_r else np.zeros(len(ev), bool)
    return user_root, on_host & (ev["depth"].to_numpy() == 0) & (kind == len(REQUEST_EVENTS))


def _has_root_candidates(on_host: np.ndarray, kind: np.ndarray, user_root: np.ndarray, top_call: np.ndarray) -> bool:
    """Whether any host has a session root (a request event, a ``_r=-1`` root or a top-level JAX call):
    without one, no host's events need slicing."""
    if (on_host & (kind >= 0) & (kind < len(REQUEST_EVENTS))).any():
        return True
    return bool(user_root.any() or top_call.any())


def build_inference_sessions(frames: Frames, edges: ContextEdges | None = None) -> InferenceSessions:
    """The inference sessions of every host of ``frames`` (see the module docstring). ``edges``: the
    context edges of the whole events frame where the step grouping built them
    (``EventGroupings.whole_frame_edges``), spread over again where one host's sessions span that frame."""
    ev_all = frames.events
    name_kinds = _name_kinds(ev_all)
    if not _may_have_roots(ev_all, name_kinds):
        return _no_sessions()
    on_host = _on_host_plane(ev_all)
    kind = _root_kinds(ev_all, name_kinds)
    user_root, top_call = _root_flags(ev_all, on_host, kind)
    if not _has_root_candidates(on_host, kind, user_root, top_call):
        return _no_sessions()
    device_plane = xs.plane_mask(ev_all, xs.is_device_plane)
    flags = _RowFlags(kind, on_host, _transfers(ev_all), device_plane, user_root, top_call)
    tables, sources = [], []
    planes = flags.on_host | flags.device_plane
    for host in list(frames.hosts):
        mine = xs.values_in(ev_all["host"], [host]) & planes
        if mine.all():  # the whole frame: no copy (its RangeIndex also spares the parents' look-up)
            table, source = _host_sessions(ev_all, frames.flows, host, flags, edges)
        else:  # one host's host and device events
            table, source = _host_sessions(ev_all[mine], frames.flows, host, _RowFlags(*(f[mine] for f in flags)))
        if len(table):
            tables.append(table)
            sources.append(source)
    if not tables:
        return _no_sessions()
    table = tables[0] if len(tables) == 1 else pd.concat(tables, ignore_index=True)
    source = sources[0] if len(set(sources)) == 1 else "request events and JAX jit calls"
    notes = [
        f"inference sessions: {len(table):,} {source}; a session lasts until the last host, transfer or device "
        "event it reaches (nesting and producer/consumer links) ends"
    ]
    if source == "JAX jit calls":
        notes.append(
            "XProf finds sessions only in TensorFlow serving request events and shows an empty latency table for "
            "JAX programs; nbprof takes each top-level jitted call as a session"
        )
    return InferenceSessions(table, source, notes)
