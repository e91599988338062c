"""Build the Profile's DataFrames from decoded RawSpaces (one per host).

Everything here is vectorised over events; Python loops run over planes, lines and stat
names only. The column contract is docs/frames.md.

Memory (jax_large, 1.18M events, 22.6 MiB file: the frames keep about 210 MiB, most of it
the contract's int64 columns): the peak is the finished frames plus a few event-length
arrays, not a multiple of them.

- The decoder's arrays become columns without a copy where they can (one plane holding the
  events, the file already in order), and the other per-plane arrays are released as soon
  as they are joined; each plane's ``events`` keeps only its stats afterwards.
- Sorting only moves events within a line, so host, plane and line columns are built in
  order and never permuted; categorical codes are made in their final small dtype.
- A promoted numeric column starts as fresh mmap'd zero pages (``_zeros``): a stat on a
  few events costs its mask and the pages written, not 8 bytes per event. An absent stat
  costs nothing (a read-only all-NA view).
"""

from __future__ import annotations

import mmap
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from nbprof.xspace import raw
from nbprof.xspace.nesting import nest_lines

# Stats promoted to typed event columns (docs/frames.md). Everything else is in `stats`.
STRING_STATS = (
    "hlo_op",
    "hlo_module",
    "tf_op",
    "long_name",
    "kernel_details",
    "step_name",
    "allocator_name",
    "region_type",
    "data_type",
    "shape",
    "tf_function_call",
    "memcpy_details",
    "hlo_category",
    "deduplicated_name",
    "shape_with_layout",
)
INT_STATS = (
    "step_num",
    "step_id",
    "group_id",
    "iter_num",
    "correlation_id",
    "context_id",
    "device_ordinal",
    "flops",
    "bytes_accessed",
    "bytes_allocated",
    "bytes_reserved",
    "bytes_available",
    "peak_bytes_in_use",
    "requested_bytes",
    "allocation_bytes",
    "addr",
    "_r",
    "is_eager",
    "run_id",
    "index_on_host",
    "queue_id",
    "replica_id",
    "device_offset_ps",
    "device_duration_ps",
    "model_flops",
    "id",
    "parent_id",
    "element_id",
    "_p",
    "_pt",
    "_c",
    "_ct",
    "source_line",
    "symbol_id",
)
UINT_STATS = ("program_id",)
FLOAT_STATS = ("fragmentation",)
PROMOTED = {
    **{n: "str" for n in STRING_STATS},
    **{n: "int" for n in INT_STATS},
    **{n: "uint" for n in UINT_STATS},
    **{n: "float" for n in FLOAT_STATS},
}

TASK_ENV_PLANE = "Task Environment"
METADATA_PLANE = "/host:metadata"
# Line timestamps below this are relative to the session start, not wall-clock (ns; 1973).
_ABSOLUTE_NS_THRESHOLD = 10**17


@dataclass
class HostSpace:
    """One decoded file: its host name, path and RawSpace."""

    host: str
    path: str
    space: raw.RawSpace


@dataclass
class _PlaneEvents:
    """Per-plane arrays gathered before the global sort (decoder arrays are used as they are).

    Each array is set to None once ``_assemble_events`` has consumed it, so that the full
    set of per-plane copies never coexists with the finished columns.
    """

    host_code: int
    plane_code: int
    plane_id: int
    line_offset: int  # added to `line` (position in the plane's lines) for a key unique over planes
    line: np.ndarray | None  # int32
    name_code: np.ndarray | None  # int32
    display_code: np.ndarray | None  # int32
    metadata_id: np.ndarray | None
    start_ps: np.ndarray | None
    duration_ps: np.ndarray | None
    num_occurrences: np.ndarray | None
    promoted: dict[str, list[tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]]] = field(default_factory=dict)
    """name -> [(rows in the plane, (values, valid))], metadata stats first."""

    def __len__(self) -> int:
        return len(self.start_ps) if self.start_ps is not None else 0


class _Interner:
    """Assigns stable integer codes to strings (for categoricals)."""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}

    def code(self, s: str) -> int:
        c = self.codes.get(s)
        if c is None:
            c = self.codes[s] = len(self.codes)
        return c

    def codes_of(self, strings: list[str]) -> np.ndarray:
        codes = self.codes
        # setdefault's default is evaluated first: a new string gets the next code
        return np.array([codes.setdefault(s, len(codes)) for s in strings], np.int64)

    def categories(self) -> list[str]:
        return list(self.codes)


_NO_ROWS = np.zeros(0, np.int64)
# Zero-filled arrays at least this big are mapped fresh from the OS (see _zeros).
_LAZY_ZEROS_BYTES = 1 << 20


def _zeros(n: int, dtype: type) -> np.ndarray:
    """A zero-filled array whose pages take memory only once written (large ones: an anonymous mmap).

    ``np.zeros`` gives that only while malloc serves big blocks by mmap; after a load has
    freed its decoder arrays, glibc's raised threshold serves them from the heap, zeroed
    page by page. Mostly-missing promoted columns are the case this is for.
    """
    nbytes = n * np.dtype(dtype).itemsize
    if nbytes < _LAZY_ZEROS_BYTES:
        return np.zeros(n, dtype)
    try:
        return np.frombuffer(mmap.mmap(-1, nbytes), dtype, n)
    except (OSError, ValueError):
        return np.zeros(n, dtype)


_NO_ROWS_I32 = np.zeros(0, np.int32)


def _categorical(codes: np.ndarray, interner: _Interner) -> pd.Categorical:
    cats = interner.categories()
    dtype = np.int8 if len(cats) < 127 else np.int16 if len(cats) < 32767 else np.int32
    return pd.Categorical.from_codes(
        codes.astype(dtype, copy=False), categories=pd.Index(cats, dtype=object), validate=False
    )


def _ref_names(refs: np.ndarray, names: dict[int, tuple[str, str]]) -> np.ndarray:
    """Stat metadata name of each ref_value (object array; "" for an unknown id), one lookup per distinct id."""
    distinct, which = np.unique(refs, return_inverse=True)
    labels = np.array([names.get(int(r), ("", ""))[0] for r in distinct.tolist()] + [""], dtype=object)[:-1]
    return labels[which]


def stat_value_strings(stats: raw.RawStats, names: dict[int, tuple[str, str]]) -> np.ndarray:
    """String value per stat (str values, ref values resolved to names, others as text)."""
    out = np.empty(len(stats), object)
    kind = stats.kind
    m = kind == raw.KIND_STR
    out[m] = stats.obj_value[m]
    m = kind == raw.KIND_REF
    if m.any():
        out[m] = _ref_names(stats.int_value[m], names)
    m = kind == raw.KIND_INT64
    if m.any():
        out[m] = stats.int_value[m].view(np.int64).astype(str)
    m = kind == raw.KIND_UINT64
    if m.any():
        out[m] = stats.int_value[m].astype(str)
    m = kind == raw.KIND_DOUBLE
    if m.any():
        out[m] = stats.double_value[m].astype(str)
    m = kind == raw.KIND_BYTES
    if m.any():
        out[m] = [b.decode("utf-8", "replace") for b in stats.obj_value[m]]
    return out


def stat_values_python(stats: raw.RawStats, names: dict[int, tuple[str, str]]) -> np.ndarray:
    """Typed Python value per stat (int, float, str or bytes; ref resolved to str)."""
    out = np.empty(len(stats), object)
    kind = stats.kind
    for k in (raw.KIND_STR, raw.KIND_BYTES):
        m = kind == k
        out[m] = stats.obj_value[m]
    m = kind == raw.KIND_REF
    if m.any():
        out[m] = _ref_names(stats.int_value[m], names)
    m = kind == raw.KIND_INT64
    out[m] = stats.int_value[m].view(np.int64).tolist()
    m = kind == raw.KIND_UINT64
    out[m] = stats.int_value[m].tolist()
    m = kind == raw.KIND_DOUBLE
    out[m] = stats.double_value[m].tolist()
    return out


def _stat_name_codes(stats: raw.RawStats, names: dict[int, tuple[str, str]]) -> tuple[np.ndarray, list[str]]:
    """(code per stat, name per code): stat names as small integer codes, without sorting strings."""
    ids = stats.metadata_id
    if len(ids) and 0 <= int(ids.min()) and int(ids.max()) < (1 << 20):
        present = np.flatnonzero(np.bincount(ids, minlength=0))
        table = np.zeros(int(ids.max()) + 1, np.int64)
        table[present] = np.arange(len(present))
        uniq, codes = present, table[ids]
    else:
        uniq, codes = np.unique(ids, return_inverse=True)
    return codes, [names.get(int(u), (f"<stat {int(u)}>", ""))[0] for u in uniq]


def _stat_names(stats: raw.RawStats, names: dict[int, tuple[str, str]]) -> np.ndarray:
    """Name of each stat (object array)."""
    codes, labels = _stat_name_codes(stats, names)
    return np.array(labels, dtype=object)[codes] if len(labels) else np.empty(0, object)


def _promoted_rows(stats: raw.RawStats, names: dict[int, tuple[str, str]]) -> list[tuple[str, str, np.ndarray]]:
    """(stat name, kind, stat rows) for each promoted stat present in ``stats``."""
    codes, labels = _stat_name_codes(stats, names)
    out = []
    for code, label in enumerate(labels):
        kind = PROMOTED.get(label)
        if kind is not None:
            out.append((label, kind, np.flatnonzero(codes == code)))
    return out


def _numeric_values(stats: raw.RawStats, rows: np.ndarray, kind: str) -> tuple[np.ndarray, np.ndarray]:
    """Numeric values of the given stat rows: (values, valid mask)."""
    k = stats.kind[rows]
    iv = stats.int_value[rows]
    if kind == "float":
        vals = stats.double_value[rows].copy()
        ints = k == raw.KIND_INT64
        vals[ints] = iv[ints].view(np.int64)
        uints = k == raw.KIND_UINT64
        vals[uints] = iv[uints]
        valid = (k == raw.KIND_DOUBLE) | ints | uints
        return vals, valid
    if kind == "uint":
        vals = iv.copy()
        valid = (k == raw.KIND_UINT64) | (k == raw.KIND_INT64)
        return vals, valid
    vals = iv.view(np.int64).copy()
    dbl = k == raw.KIND_DOUBLE
    vals[dbl] = stats.double_value[rows][dbl].astype(np.int64)
    valid = (k == raw.KIND_INT64) | (k == raw.KIND_UINT64) | dbl
    return vals, valid


def _host_origin(space: raw.RawSpace) -> tuple[int | None, bool]:
    """(profile_start_time ns of the Task Environment plane or None, line timestamps are relative)."""
    start = None
    for plane in space.planes:
        if plane.name == TASK_ENV_PLANE and len(plane.stats):
            names = _stat_names(plane.stats, plane.stat_metadata)
            hit = np.flatnonzero(names == "profile_start_time")
            if len(hit):
                i = hit[0]
                k = plane.stats.kind[i]
                if k in (raw.KIND_UINT64, raw.KIND_INT64):
                    start = int(plane.stats.int_value[i])
    ts = [plane.lines.timestamp_ns for plane in space.planes if len(plane.lines.timestamp_ns)]
    relative = bool(ts) and bool(np.all(np.abs(np.concatenate(ts)) < _ABSOLUTE_NS_THRESHOLD))
    if not ts:
        relative = start is not None
    return start, relative


@dataclass
class BuiltFrames:
    events: pd.DataFrame
    planes: pd.DataFrame
    lines: pd.DataFrame
    event_metadata: pd.DataFrame
    stat_metadata: pd.DataFrame
    origin_ns: int
    origin_source: str
    hlo_protos: dict[str, bytes]
    stats_sources: list[tuple[np.ndarray, raw.RawStats, dict[int, tuple[str, str]], str]]
    """(event rows, stats, stat names, source) pieces from which `stats` is built lazily."""


def build_frames(hosts: list[HostSpace]) -> BuiltFrames:
    """Turn decoded files (one per host) into the Profile's frames.

    Consumes the RawSpaces' event arrays: each plane's ``events`` keeps only its stats
    afterwards (the arrays become event columns without a copy where they can).
    """
    # ---- time origin: a common wall clock across hosts where the files allow it
    host_base_ns: list[int] = []
    sources = set()
    for hs in hosts:
        start, relative = _host_origin(hs.space)
        if relative and start is not None:
            host_base_ns.append(start)
            sources.add("Task Environment profile_start_time (line timestamps are relative to it)")
        else:
            host_base_ns.append(0)
            sources.add(
                "line timestamps (absolute)"
                if not relative
                else "line timestamps (relative; no Task Environment plane to anchor them)"
            )
    abs_starts = []
    for hs, base in zip(hosts, host_base_ns):
        for plane in hs.space.planes:
            if len(plane.lines.timestamp_ns):
                abs_starts.append(int(plane.lines.timestamp_ns.min()) + base)
    task_starts = [b for b in host_base_ns if b]
    if task_starts:
        origin_ns = min(task_starts + abs_starts) if abs_starts else min(task_starts)
    else:
        origin_ns = min(abs_starts) if abs_starts else 0
    origin_source = "; ".join(sorted(sources)) or "empty profile"

    host_i, plane_i, line_i, name_i = _Interner(), _Interner(), _Interner(), _Interner()
    pieces: list[_PlaneEvents] = []
    plane_rows, line_rows, sm_rows = [], [], []
    em_table = _EventMetadataTable()
    hlo_protos: dict[str, bytes] = {}
    host_hlo_protos: dict[tuple[str, str], bytes] = {}  # (host, module): hosts may reuse a module name
    stats_pieces: list[tuple[int, raw.RawStats, dict[int, tuple[str, str]], str, np.ndarray | None]] = []
    line_ids: list[np.ndarray] = []  # XLine.id per line key
    line_name_codes: list[np.ndarray] = []  # line name code per line key
    line_counter = 0
    offset = 0
    for hs, base in zip(hosts, host_base_ns):
        hcode = host_i.code(hs.host)
        for plane in hs.space.planes:
            pcode = plane_i.code(plane.name)
            names = plane.stat_metadata
            lines = plane.lines
            ev = plane.events
            n = len(ev)
            # plane row with its own stats as columns
            row: dict[str, object] = {
                "host": hs.host,
                "plane_id": plane.id,
                "name": plane.name,
                "num_lines": len(lines.id),
                "num_events": n,
            }
            if len(plane.stats):
                for nm, val in zip(_stat_names(plane.stats, names), stat_values_python(plane.stats, names)):
                    row[str(nm)] = val
            plane_rows.append(row)
            for j in range(len(lines.id)):
                line_rows.append(
                    {
                        "host": hs.host,
                        "plane": plane.name,
                        "plane_id": plane.id,
                        "line_id": int(lines.id[j]),
                        "display_id": int(lines.display_id[j]),
                        "name": lines.name[j],
                        "display_name": lines.display_name[j],
                        "timestamp_ns": int(lines.timestamp_ns[j]),
                        "duration_ps": int(lines.duration_ps[j]),
                        "num_events": int(lines.num_events[j]),
                        "start_ps": (int(lines.timestamp_ns[j]) + base - origin_ns) * 1000,
                    }
                )
            # event metadata (sorted by id for lookups)
            em = plane.event_metadata
            order = np.argsort(em.id, kind="stable")
            em_ids = em.id[order]
            em_stat_names = _stat_names(em.stats, names)
            em_table.add(hs.host, plane.name, em, order)
            hlo_mask = em_stat_names == "Hlo Proto"
            if hlo_mask.any():
                for k in np.flatnonzero(hlo_mask):
                    val = em.stats.obj_value[k]
                    if isinstance(val, (bytes, bytearray)):
                        hlo_protos[em.name[int(em.stats.owner[k])]] = bytes(val)
                        host_hlo_protos[(hs.host, em.name[int(em.stats.owner[k])])] = bytes(val)
            for sid, (sname, sdesc) in sorted(names.items()):
                sm_rows.append(
                    {"host": hs.host, "plane": plane.name, "metadata_id": sid, "name": sname, "description": sdesc}
                )
            if n == 0:
                continue
            # ---- events
            if len(em_ids):
                em_name_codes = name_i.codes_of(em.name)[order].astype(np.int32)
                em_disp_codes = name_i.codes_of(em.display_name)[order].astype(np.int32)
                pos = np.searchsorted(em_ids, ev.metadata_id)
                np.minimum(pos, len(em_ids) - 1, out=pos)
                known = em_ids[pos] == ev.metadata_id
                all_known = bool(known.all())
            else:
                pos = np.zeros(n, np.intp)
                known = np.zeros(n, bool)
                all_known = False
            unknown_code = name_i.code("")
            if all_known:
                name_code, disp_code = em_name_codes[pos], em_disp_codes[pos]
            elif len(em_ids):
                name_code = np.where(known, em_name_codes[pos], np.int32(unknown_code))
                disp_code = np.where(known, em_disp_codes[pos], np.int32(unknown_code))
            else:
                name_code = disp_code = np.full(n, unknown_code, np.int32)
            # start: the line's zero on the profile axis plus the event's offset (ps)
            line_zero_ps = (lines.timestamp_ns + base - origin_ns) * 1000
            start = line_zero_ps[ev.line]
            start += ev.offset_ps
            line_ids.append(lines.id)
            line_name_codes.append(line_i.codes_of(lines.name))
            piece = _PlaneEvents(
                host_code=hcode,
                plane_code=pcode,
                plane_id=plane.id,
                line_offset=line_counter,
                line=ev.line,
                name_code=name_code,
                display_code=disp_code,
                metadata_id=ev.metadata_id,
                start_ps=start,
                duration_ps=ev.duration_ps,
                num_occurrences=ev.num_occurrences,
            )
            del start, name_code, disp_code
            # ---- promoted stats: metadata stats first, event stats override
            em_row_of_event = order[pos] if all_known else np.where(known, order[pos] if len(em_ids) else 0, -1)
            del pos, known
            if len(em.stats):
                # event rows carrying each metadata row's stats
                owner_rows = _events_by_metadata_row(em_row_of_event, len(em.name))
                for sname, kind, srows in _promoted_rows(em.stats, names):
                    ev_rows, stat_rows = _expand(owner_rows, em.stats.owner[srows], srows)
                    if len(ev_rows):
                        piece.promoted.setdefault(str(sname), [])  # type: ignore[arg-type]
                        piece.promoted[str(sname)].append((ev_rows, _values(em.stats, stat_rows, kind, names)))  # type: ignore[union-attr]
                # long-form: metadata stats expanded per event
                all_ev_rows, all_stat_rows = _expand(owner_rows, em.stats.owner, np.arange(len(em.stats)))
                if len(all_ev_rows):
                    stats_pieces.append(
                        (offset, _take_stats(em.stats, all_stat_rows, all_ev_rows), names, "metadata", None)
                    )
            if len(ev.stats):
                for sname, kind, srows in _promoted_rows(ev.stats, names):
                    piece.promoted.setdefault(str(sname), [])  # type: ignore[arg-type]
                    piece.promoted[str(sname)].append((ev.stats.owner[srows], _values(ev.stats, srows, kind, names)))  # type: ignore[union-attr]
                stats_pieces.append((offset, ev.stats, names, "event", None))
            pieces.append(piece)
            # the pieces hold what frames need; the decoder's other event arrays go now
            plane.events = raw.RawEvents(
                line=_NO_ROWS_I32,
                metadata_id=_NO_ROWS,
                offset_ps=_NO_ROWS,
                duration_ps=_NO_ROWS,
                num_occurrences=_NO_ROWS,
                stats=ev.stats,
            )
            del ev, piece
            offset += n
            line_counter += len(lines.id)
    line_tables = (
        np.concatenate(line_ids) if line_ids else _NO_ROWS,
        np.concatenate(line_name_codes) if line_name_codes else _NO_ROWS,
    )
    events, perm_inverse = _assemble_events(pieces, line_tables, host_i, plane_i, line_i, name_i, offset)
    del pieces
    stats_sources = [
        (_event_rows(st.owner, off, perm_inverse), _without_unused_values(st), names, src)
        for off, st, names, src, _ in stats_pieces
    ]
    del perm_inverse
    planes = _planes_frame(plane_rows)
    lines_df = pd.DataFrame(
        line_rows,
        columns=[
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
        ],
    )
    em_df = em_table.frame(host_hlo_protos)
    sm_df = pd.DataFrame(sm_rows, columns=["host", "plane", "metadata_id", "name", "description"])
    return BuiltFrames(
        events=events,
        planes=planes,
        lines=lines_df,
        event_metadata=em_df,
        stat_metadata=sm_df,
        origin_ns=int(origin_ns),
        origin_source=origin_source,
        hlo_protos=hlo_protos,
        stats_sources=stats_sources,
    )


class _EventMetadataTable:
    """Rows of `event_metadata`, gathered a plane at a time as columns (no dict per row)."""

    COLUMNS = ("host", "plane", "metadata_id", "name", "display_name", "num_stats", "child_ids")

    def __init__(self) -> None:
        self.columns: dict[str, list] = {c: [] for c in self.COLUMNS}
        # (first row, host, names) of each /host:metadata plane
        self.metadata_plane_rows: list[tuple[int, str, list[str]]] = []
        self.size = 0

    def add(self, host: str, plane: str, em: raw.RawEventMetadata, order: np.ndarray) -> None:
        """Append a plane's event metadata in ``order`` (rows sorted by id)."""
        k = len(order)
        if not k:
            return
        rows = order.tolist()
        names = [em.name[r] for r in rows]
        cols = self.columns
        cols["host"].extend([host] * k)
        cols["plane"].extend([plane] * k)
        cols["metadata_id"].append(np.asarray(em.id, np.int64)[order])
        cols["name"].extend(names)
        cols["display_name"].extend([em.display_name[r] for r in rows])
        cols["num_stats"].append(np.bincount(em.stats.owner, minlength=len(em.name))[order].astype(np.int64))
        cols["child_ids"].extend([em.child_ids[r] for r in rows])
        if plane == METADATA_PLANE:
            self.metadata_plane_rows.append((self.size, host, names))
        self.size += k

    def frame(self, hlo_protos: dict[tuple[str, str], bytes]) -> pd.DataFrame:
        """The `event_metadata` frame; ``hlo_proto`` filled on /host:metadata rows from ``hlo_protos``
        (keyed by host and module name: each host's own proto)."""
        if not self.size:
            df = pd.DataFrame([], columns=list(self.COLUMNS))
            df["hlo_proto"] = []
            return df
        cols = self.columns
        hlo: list[bytes | None] = [None] * self.size
        for first, host, names in self.metadata_plane_rows:
            hlo[first : first + len(names)] = [hlo_protos.get((host, nm)) for nm in names]
        return pd.DataFrame(
            {
                "host": cols["host"],
                "plane": cols["plane"],
                "metadata_id": np.concatenate(cols["metadata_id"]),
                "name": cols["name"],
                "display_name": cols["display_name"],
                "num_stats": np.concatenate(cols["num_stats"]),
                "child_ids": pd.Series(cols["child_ids"], dtype=object),
                "hlo_proto": pd.Series(hlo, dtype=object),
            }
        )


def _planes_frame(rows: list[dict[str, object]]) -> pd.DataFrame:
    """Planes with their stats as columns; integer stats stay exact (nullable Int64/UInt64)."""
    planes = pd.DataFrame(rows, dtype=object)
    if planes.empty:
        return pd.DataFrame(columns=["host", "plane_id", "name", "num_lines", "num_events"])
    for col in planes.columns:
        values = [v for v in planes[col] if v is not None and not (isinstance(v, float) and np.isnan(v))]
        if values and all(isinstance(v, bool) for v in values):
            continue
        if values and all(isinstance(v, int) for v in values):
            dtype = "Int64" if all(-(2**63) <= v < 2**63 for v in values) else "UInt64"
            planes[col] = pd.array(
                [None if v is None or (isinstance(v, float) and np.isnan(v)) else v for v in planes[col]], dtype=dtype
            )
        elif values and all(isinstance(v, float) for v in values):
            planes[col] = planes[col].astype("Float64")
    for col in ("host", "name"):
        planes[col] = planes[col].astype(str).astype("category")
    return planes


def _events_by_metadata_row(em_row_of_event: np.ndarray, n_rows: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR-style grouping of event indices by their metadata row: (order, row starts)."""
    valid = em_row_of_event >= 0
    idx = np.flatnonzero(valid)
    rows = em_row_of_event[idx]
    order = np.argsort(rows, kind="stable")
    sorted_events = idx[order]
    counts = np.bincount(rows, minlength=n_rows)
    starts = np.concatenate([[0], np.cumsum(counts)])
    return sorted_events, starts


def _expand(
    owner_rows: tuple[np.ndarray, np.ndarray], stat_owner: np.ndarray, stat_index: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """For each metadata stat, the events of its metadata row: (event rows, stat rows)."""
    sorted_events, starts = owner_rows
    lo = starts[stat_owner]
    hi = starts[stat_owner + 1]
    counts = hi - lo
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    stat_rows = np.repeat(stat_index, counts)
    within = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    ev_rows = sorted_events[np.repeat(lo, counts) + within]
    return ev_rows, stat_rows


def _without_unused_values(stats: raw.RawStats) -> raw.RawStats:
    """The same stats, a value column that no stat's kind uses replaced by a read-only view (no memory).

    Kept for the lazy ``stats`` frame; readers index a value column only where the kind says so.
    """
    n = len(stats)
    double_value, obj_value = stats.double_value, stats.obj_value
    if double_value.strides[0] and not (stats.kind == raw.KIND_DOUBLE).any():
        double_value = np.broadcast_to(np.float64(0), (n,))
    if obj_value.strides[0] and not ((stats.kind == raw.KIND_STR) | (stats.kind == raw.KIND_BYTES)).any():
        obj_value = np.broadcast_to(np.array(None, object), (n,))
    return raw.RawStats(
        owner=stats.owner,
        metadata_id=stats.metadata_id,
        kind=stats.kind,
        int_value=stats.int_value,
        double_value=double_value,
        obj_value=obj_value,
    )


def _take_stats(stats: raw.RawStats, rows: np.ndarray, new_owner: np.ndarray) -> raw.RawStats:
    return raw.RawStats(
        owner=new_owner,
        metadata_id=stats.metadata_id[rows],
        kind=stats.kind[rows],
        int_value=stats.int_value[rows],
        double_value=stats.double_value[rows],
        obj_value=stats.obj_value[rows],
    )


def _values(
    stats: raw.RawStats, rows: np.ndarray, kind: str, names: dict[int, tuple[str, str]]
) -> tuple[np.ndarray, np.ndarray]:
    if kind == "str":
        sub = _take_stats(stats, rows, rows)
        vals = stat_value_strings(sub, names)
        return vals, np.ones(len(rows), bool)
    return _numeric_values(stats, rows, kind)


def _join(pieces: list[_PlaneEvents], attr: str, dtype: type, add: list[int] | None = None) -> np.ndarray:
    """One column from the pieces' arrays (released as they are copied); no copy for a single piece."""
    arrays = [getattr(p, attr) for p in pieces]
    for p in pieces:
        setattr(p, attr, None)
    if len(arrays) == 1 and not (add and add[0]):
        return np.asarray(arrays[0], dtype=dtype)
    out = np.empty(sum(len(a) for a in arrays), dtype)
    at = 0
    for k, a in enumerate(arrays):
        if add:
            np.add(a, add[k], out=out[at : at + len(a)], casting="unsafe")
        else:
            out[at : at + len(a)] = a
        at += len(a)
        arrays[k] = None  # type: ignore[call-overload]
    return out


def _take(values: np.ndarray, perm: np.ndarray | None) -> np.ndarray:
    return values if perm is None else values[perm]


def _code_dtype(n_categories: int) -> type:
    return np.int8 if n_categories < 127 else np.int16 if n_categories < 32767 else np.int32


def _event_rows(rows_in_plane: np.ndarray, offset: int, perm_inverse: np.ndarray | None) -> np.ndarray:
    """Rows of `events` for rows counted within a plane whose first event was at `offset` before sorting."""
    rows = rows_in_plane + offset if offset else rows_in_plane.astype(np.int64, copy=False)
    return rows if perm_inverse is None else perm_inverse[rows]


def _assemble_events(
    pieces: list[_PlaneEvents],
    line_tables: tuple[np.ndarray, np.ndarray],
    host_i: _Interner,
    plane_i: _Interner,
    line_i: _Interner,
    name_i: _Interner,
    n: int,
) -> tuple[pd.DataFrame, np.ndarray | None]:
    """Concatenate plane pieces, sort, nest, and build the events DataFrame.

    Returns the frame and, when sorting moved events, the new row of each old row (else None).
    Line keys increase from piece to piece, so sorting only moves events within a piece's
    lines: per-piece and per-line values need no permutation.
    """
    sizes = [len(p) for p in pieces]
    line_key = _join(
        pieces, "line", np.int32 if len(line_tables[0]) < 2**31 else np.int64, add=[p.line_offset for p in pieces]
    )
    start = _join(pieces, "start_ps", np.int64)
    duration = _join(pieces, "duration_ps", np.int64)
    # Order: host, plane, line (file order = line_key), start asc, duration desc.
    perm = _sort_order(line_key, start, duration)
    inverse = None
    if perm is not None:
        inverse = np.empty(n, np.int64)
        inverse[perm] = np.arange(n)
        line_key, start, duration = line_key[perm], start[perm], duration[perm]
    occurrences = _take(_join(pieces, "num_occurrences", np.int64), perm)
    if not occurrences.any():  # the usual case: columns that take no memory until written
        occurrences, aggregated = _zeros(n, np.int64), _zeros(n, bool)
    else:
        aggregated = occurrences > 0
    end = start + duration
    if not aggregated.any():
        depth, parent, self_ps = nest_lines(line_key, start, end)
    else:
        depth = np.zeros(n, np.int32)
        parent = np.full(n, -1, np.int64)
        self_ps = duration.copy()
        timed = np.flatnonzero(~aggregated)
        if len(timed):
            d, p, s = nest_lines(line_key[timed], start[timed], end[timed])
            depth[timed] = d
            parent[timed] = np.where(p >= 0, timed[np.maximum(p, 0)], -1)
            self_ps[timed] = s
            del d, p, s, timed
    line_id_table, line_name_table = line_tables
    line_id = line_id_table.astype(np.int64, copy=False)[line_key]
    line_codes = line_name_table.astype(_code_dtype(len(line_i.codes)))[line_key]
    del line_key

    def per_piece(values: list[int], dtype: type) -> np.ndarray:
        return np.repeat(np.array(values, dtype), sizes) if pieces else np.zeros(0, dtype)

    columns: dict[str, object] = {
        "host": _categorical(per_piece([p.host_code for p in pieces], _code_dtype(len(host_i.codes))), host_i),
        "plane": _categorical(per_piece([p.plane_code for p in pieces], _code_dtype(len(plane_i.codes))), plane_i),
        "plane_id": per_piece([p.plane_id for p in pieces], np.int64),
        "line": _categorical(line_codes, line_i),
        "line_id": line_id,
    }
    names = _code_dtype(len(name_i.codes))
    columns["display_name"] = _categorical(_take(_join(pieces, "display_code", names), perm), name_i)
    columns["name"] = _categorical(_take(_join(pieces, "name_code", names), perm), name_i)
    columns["metadata_id"] = _take(_join(pieces, "metadata_id", np.int64), perm)
    columns.update(
        {
            "start_ps": start,
            "duration_ps": duration,
            "end_ps": end,
            "depth": depth,
            "parent": parent,
            "self_ps": self_ps,
            "num_occurrences": occurrences,
            "aggregated": aggregated,
        }
    )
    offsets = np.concatenate([[0], np.cumsum(sizes)]).tolist() if pieces else [0]
    for sname, kind in PROMOTED.items():
        rows_list, vals_list, valid_list = [], [], []
        for p, off in zip(pieces, offsets[:-1]):
            for rows, (vals, valid) in p.promoted.pop(sname, []):
                rows_list.append(_event_rows(rows, off, inverse))
                vals_list.append(vals)
                valid_list.append(valid)
        columns[sname] = _promoted_column(kind, n, rows_list, vals_list, valid_list)
        del rows_list, vals_list, valid_list
    return pd.DataFrame(columns, copy=False), inverse


def _sort_order(line_key: np.ndarray, start: np.ndarray, duration: np.ndarray) -> np.ndarray | None:
    """Permutation ordering events by (line, start asc, duration desc); None when they are in order already."""
    n = len(start)
    if n < 2:
        return None
    same_line = line_key[1:] == line_key[:-1]
    out_of_order = line_key[1:] < line_key[:-1]
    later_start_first = (start[1:] < start[:-1]) | ((start[1:] == start[:-1]) & (duration[1:] > duration[:-1]))
    out_of_order |= same_line & later_start_first
    if not out_of_order.any():
        return None
    return np.lexsort((-duration, start, line_key))


def _promoted_column(
    kind: str, n: int, rows_list: list[np.ndarray], vals_list: list[np.ndarray], valid_list: list[np.ndarray]
) -> object:
    """A typed column: categorical for strings, nullable Int64/UInt64/Float64 for numbers.

    Rows are written in order, so event stats (added after metadata stats) win.
    An absent stat costs no memory (a read-only all-NA view).
    """
    if kind == "str":
        if not rows_list:
            return pd.Categorical.from_codes(np.full(n, -1, np.int8), categories=pd.Index([], dtype=object))
        rows = np.concatenate(rows_list)
        vals = np.concatenate(vals_list)
        missing = pd.isna(vals)  # a stat without a value: the text str() gives it, as before
        if missing.any():
            vals[missing] = "None"
        # distinct strings by hashing, then sorted (categories stay in sorted order)
        codes, uniq = pd.factorize(vals)
        uniq = np.asarray(uniq, dtype=object)
        order = np.argsort(uniq, kind="stable")
        new_code = np.empty(len(uniq), _code_dtype(len(uniq)))
        new_code[order] = np.arange(len(uniq))
        out = np.full(n, -1, new_code.dtype)
        out[rows] = new_code[codes]
        return pd.Categorical.from_codes(out, categories=pd.Index(uniq[order].tolist(), dtype=object), validate=False)
    np_dtype, pd_cls = {
        "int": (np.int64, pd.arrays.IntegerArray),
        "uint": (np.uint64, pd.arrays.IntegerArray),
        "float": (np.float64, pd.arrays.FloatingArray),
    }[kind]
    if not rows_list:
        return pd_cls(np.broadcast_to(np_dtype(0), (n,)), np.broadcast_to(True, (n,)))
    data = _zeros(n, np_dtype)
    mask = np.ones(n, bool)
    for rows, vals, valid in zip(rows_list, vals_list, valid_list):
        rows = rows[valid]
        data[rows] = vals[valid].astype(np_dtype, copy=False)
        mask[rows] = False
    return pd_cls(data, mask)


def build_stats_frame(sources: list[tuple[np.ndarray, raw.RawStats, dict[int, tuple[str, str]], str]]) -> pd.DataFrame:
    """Long-form stats (event row, name, typed value, source), sorted by event row, then source.

    Built from codes: stat names and sources become categoricals without hashing a string per stat.
    """
    parts = [(rows, st, names, src) for rows, st, names, src in sources if len(st)]
    if not parts:
        return pd.DataFrame(
            {
                "event": np.zeros(0, np.int64),
                "name": pd.Categorical([]),
                "value": np.zeros(0, object),
                "source": pd.Categorical([]),
            }
        )
    named = [_stat_name_codes(st, names) for _, st, names, _ in parts]
    labels = sorted({label for _, part_labels in named for label in part_labels})
    label_code = {label: k for k, label in enumerate(labels)}
    source_labels = sorted({src for *_, src in parts})
    name_dtype, source_dtype = _code_dtype(len(labels)), _code_dtype(len(source_labels))
    event = np.concatenate([rows.astype(np.int64, copy=False) for rows, *_ in parts])
    name = np.concatenate(
        [np.array([label_code[x] for x in part_labels], name_dtype)[codes] for codes, part_labels in named]
    )
    source = np.concatenate([np.full(len(st), source_labels.index(src), source_dtype) for _, st, _, src in parts])
    value = np.concatenate([stat_values_python(st, names) for _, st, names, _ in parts])
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
