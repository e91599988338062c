"""A cache of decoded frames: a profile read before, unchanged, reopens in a fraction of the first read.

After the first full read of a profile (its event frames built), its frames are written as
Arrow IPC files (uncompressed, so they are memory-mapped on reopen rather than read):

    <run dir>/.nbprof_cache/<source>-<state>/
        manifest.json         format, code version, scalars, how each events column is stored
        events.arrow          one row per event: the events columns (codes for categoricals,
                              data + mask for nullable numbers; a column of one value, such
                              as plane_id of a one-plane profile, only in the manifest)
        categories.arrow      the categoricals' categories; sparse.arrow: nullable columns with
                              values on few events, as (row, value)
        stats.arrow           one row per stat; stat_strings.arrow (dictionary encoded),
                              stat_bytes.arrow: their str and bytes values
        planes.arrow  lines.arrow  event_metadata.arrow  stat_metadata.arrow  hlo_protos.arrow

or, where the run directory cannot be written (a read-only logdir), under the user's cache
directory (``$XDG_CACHE_HOME/nbprof``, default ``~/.cache/nbprof``). Paths read through
fsspec (``gs://``...) are not cached.

- **Keys.** ``<source>`` hashes the files' real paths and the load options; ``<state>``
  hashes each file's size, modification and change times (ns), inode and device, nbprof's
  version, this format's number, and the source of the modules that decode and build frames.
  A changed file, another nbprof version or a changed decoder never reuses an entry; writing
  an entry removes the older states of the same source.
- **Safety.** Entries are written to a temporary directory and renamed into place, so a
  reader sees a whole entry or none. On reopen the manifest, every column's length and type,
  the categorical codes and the parent rows are checked; anything unexpected (a stale,
  corrupt or foreign entry) is removed and the profile is read again, silently. Nothing in
  an entry is executed (no pickle).
- **Reopen.** Columns are numpy views of a private (copy-on-write) memory map: reopening
  touches almost nothing, and pages are read as the columns are used. The long-form
  ``stats`` frame is rebuilt from ``stats.arrow`` on first use.
- **Writing** happens on one background thread after the first full read (``flush()`` waits
  for it, and so does the interpreter's exit): a first read does not wait for its cache.

``nbprof.load(path, cache=False)`` skips the cache; ``NBPROF_CACHE=0`` turns it off by default. By
default a profile of fewer than ``MIN_CACHED_BYTES`` (4 MiB) of files is not cached: decoding it
again costs about what opening its entry does; ``cache=True`` caches it anyway.
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from nbprof.xspace import files, raw
from nbprof.xspace.absent import absent, constant
from nbprof.xspace.frameset import Frames
from nbprof.xspace.stats_frame import StatsSource
from nbprof.xspace.typed_frame import string_array, strings, typed_frame

CACHE_FORMAT = 1
CACHE_DIR_NAME = ".nbprof_cache"
_MANIFEST = "manifest.json"
_SMALL_FRAMES = ("planes", "lines", "event_metadata", "stat_metadata")
# Modules whose code decides what the frames hold: a change to any of them makes a new state.
_FRAME_MODULES = (
    "_wire.c",
    "absent.py",
    "cache.py",
    "decode.py",
    "decode_fast.py",
    "decode_native.py",
    "decode_pb.py",
    "frames.py",
    "metadata_frames.py",
    "nesting.py",
    "origin.py",
    "plane_header.py",
    "raw.py",
    "stat_values.py",
    "stats_frame.py",
)


# Below this many bytes of files a profile decodes in about the time its cache takes to open (a
# fresh process: 7-35 ms either way for 0.1-3 MB), and writing the entry costs about a read more:
# the default (``cache=None``) reads and writes no entry for it; ``cache=True`` still does.
MIN_CACHED_BYTES = 4 << 20


def enabled(cache: bool | None) -> bool:
    """Whether a load uses the cache: ``cache`` when given, else unless ``NBPROF_CACHE`` is 0/false/no/off."""
    if cache is not None:
        return bool(cache)
    return os.environ.get("NBPROF_CACHE", "1").strip().lower() not in ("0", "false", "no", "off")


def user_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/nbprof``, or ``~/.cache/nbprof``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nbprof"


_code_digest: str | None = None


def _code_version() -> str:
    """nbprof's version, the numpy/pandas/pyarrow versions (they decide the cached columns' types) and a
    digest of the frame-building modules' source."""
    global _code_digest
    if _code_digest is None:
        import pyarrow

        from nbprof import __version__

        libraries = f"numpy {np.__version__}/pandas {pd.__version__}/pyarrow {pyarrow.__version__}"
        h = hashlib.sha256(f"{__version__}/{CACHE_FORMAT}/{libraries}".encode())
        here = Path(__file__).parent
        for name in _FRAME_MODULES:
            try:
                h.update((here / name).read_bytes())
            except OSError:
                h.update(name.encode())
        _code_digest = h.hexdigest()
    return _code_digest


def entry_for(
    fs: files.FileSystem, chosen: list[files.HostFile], partial: bool, min_bytes: int = 0
) -> CacheEntry | None:
    """The cache entry of these host files read with these options (None: not cacheable, or
    files of fewer than ``min_bytes`` bytes in all)."""
    if fs.remote or not chosen:
        return None
    try:
        stats = [os.stat(hf.path) for hf in chosen]
        if sum(s.st_size for s in stats) < min_bytes:
            return None
        real = [os.path.realpath(hf.path) for hf in chosen]
    except OSError:
        return None
    source = _digest([real, [hf.host for hf in chosen], partial])
    state = _digest([[(s.st_size, s.st_mtime_ns, s.st_ctime_ns, s.st_ino, s.st_dev) for s in stats], _code_version()])
    beside = Path(os.path.dirname(os.path.abspath(chosen[0].path))) / CACHE_DIR_NAME
    return CacheEntry(source=source, state=state, dirs=[beside, user_cache_dir()])


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:20]


@dataclass
class CacheEntry:
    """Where one profile's frames are cached, and how to write and read them."""

    source: str
    state: str
    dirs: list[Path]  # tried in order: beside the profile, then the user cache dir
    last_error: str | None = None  # why the last save failed (a cache that cannot be written is no user error)

    @property
    def name(self) -> str:
        return f"{self.source}-{self.state}"

    # ------------------------------------------------------------------ read
    def load(self) -> Frames | None:
        """The cached frames, or None (no entry; a bad one is removed)."""
        for d in self.dirs:
            path = d / self.name
            if not (path / _MANIFEST).is_file():
                continue
            try:
                return _read_entry(path)
            except Exception:  # stale, corrupt or foreign: rebuild silently
                shutil.rmtree(path, ignore_errors=True)
        return None

    # ------------------------------------------------------------------ write
    def save(self, fields: dict[str, Any]) -> Path | None:
        """Write the frames (all ``Frames`` fields); returns the entry's directory, or None when no
        directory could take it. Never raises: a cache that cannot be written is not a user error."""
        for d in self.dirs:
            try:
                d.mkdir(parents=True, exist_ok=True)
                tmp = Path(tempfile.mkdtemp(prefix=f".tmp-{self.source}-", dir=d))
            except OSError:
                continue
            try:
                _write_entry(tmp, fields)
                target = d / self.name
                try:
                    os.rename(tmp, target)
                except OSError:  # written meanwhile by another process: keep theirs
                    shutil.rmtree(tmp, ignore_errors=True)
                    if not (target / _MANIFEST).is_file():
                        continue
                self._remove_older(d)
                return target
            except Exception as exc:
                self.last_error = f"{type(exc).__name__}: {exc}"
                shutil.rmtree(tmp, ignore_errors=True)
                continue
        return None

    def _remove_older(self, d: Path) -> None:
        for other in d.glob(f"{self.source}-*"):
            if other.name != self.name:
                shutil.rmtree(other, ignore_errors=True)


# ---------------------------------------------------------------------- writing

_writer: Any = None  # one background thread writes entries (concurrent.futures executor)
_writer_lock = threading.Lock()
_pending: list[Any] = []


def save_in_background(entry: CacheEntry, fields: dict[str, Any]) -> None:
    """Write an entry on a background thread: the first read of a profile does not wait for
    its cache (writing 100+ MB takes a while). ``flush()`` waits; so does the interpreter's exit."""
    global _writer
    with _writer_lock:
        if _writer is None:
            import atexit
            from concurrent.futures import ThreadPoolExecutor

            _writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nbprof-cache")
            atexit.register(flush)
        _pending.append(_writer.submit(entry.save, fields))


def flush() -> None:
    """Wait until every cache entry handed to ``save_in_background`` is written (or given up)."""
    with _writer_lock:
        pending, _pending[:] = list(_pending), []
    for future in pending:
        future.result()


def _write_entry(path: Path, fields: dict[str, Any]) -> None:
    import pyarrow as pa

    events: pd.DataFrame = fields["events"]
    arrays, columns = [], []
    category_column: list[str] = []
    category_value: list[str] = []
    sparse: list[tuple[int, np.ndarray, np.ndarray]] = []  # (column position, rows, value bits)
    for position, name in enumerate(events.columns):
        kind, parts = _encode_column(events, name)
        cats = parts.pop("categories", None)
        if cats is not None:
            category_column.extend([name] * len(cats))
            category_value.extend(cats)
        if kind == "sparse":
            rows, bits = parts.pop("rows"), parts.pop("bits")
            sparse.append((position, rows, bits))
            parts["meta"]["size"] = len(rows)
        columns.append({"name": name, "kind": kind, **parts.pop("meta", {})})
        for key, arr in parts.items():
            arrays.append((f"{name}{key}", arr))
    _write_table(path / "events.arrow", pa.table({k: v for k, v in arrays}) if arrays else pa.table({}))
    del arrays  # the columns' Arrow copies (few: most are views) go before the stats are written
    _write_table(
        path / "sparse.arrow",
        pa.table(
            {
                "row": pa.array(np.concatenate([r for _, r, _ in sparse]) if sparse else np.zeros(0, np.int64)),
                "bits": pa.array(np.concatenate([b for _, _, b in sparse]) if sparse else np.zeros(0, np.uint64)),
            }
        ),
    )
    _write_table(
        path / "categories.arrow",
        pa.table(
            {
                "column": pa.array(category_column, pa.large_string()),
                "value": pa.array(category_value, pa.large_string()),
            }
        ),
    )

    sources: list[StatsSource] = fields["_stats_sources"]
    if callable(sources):
        sources = sources()
    _write_stats(path, sources, len(events))
    for name in _SMALL_FRAMES:
        _write_table(path / f"{name}.arrow", _small_frame_table(fields[name]))
    hlo = fields["hlo_protos"]
    _write_table(
        path / "hlo_protos.arrow",
        pa.table(
            {"name": pa.array(list(hlo), pa.large_string()), "proto": pa.array(list(hlo.values()), pa.large_binary())}
        ),
    )
    manifest = {
        "format": CACHE_FORMAT,
        "code": _code_version(),
        "num_events": len(events),
        "columns": columns,
        "stat_sources": [
            {"source": s.source, "size": len(s.stats), "names": [[k, v[0], v[1]] for k, v in s.names.items()]}
            for s in sources
        ],
        **{k: fields[k] for k in ("origin_ns", "origin_source", "hosts", "paths", "errors", "warnings")},
        **{k: fields[k] for k in ("hostnames", "host_hostnames", "notes", "damaged")},
    }
    (path / _MANIFEST).write_text(json.dumps(manifest))


def _write_table(path: Path, table: Any) -> None:
    import pyarrow.ipc as ipc

    with ipc.new_file(str(path), table.schema) as writer:
        writer.write_table(table)


# A nullable column holding values on fewer than this share of events is stored as (rows, values);
# denser ones as data + mask, which a reopen maps without reading.
_SPARSE_BELOW = 1 / 64


def _encode_column(events: pd.DataFrame, name: str) -> tuple[str, dict[str, Any]]:
    """(kind, {suffix: Arrow array, "meta": {...}, ...}) of one events column."""
    import pyarrow as pa

    series = events[name]
    values = series.array
    dtype = series.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        codes = np.asarray(values.codes)
        cats = [str(c) for c in values.categories]
        if codes.strides[0] == 0 and not cats:
            return "category_absent", {"meta": {"dtype": codes.dtype.str}}
        if _is_constant(codes):  # host and plane when one plane holds every event
            meta = {"dtype": codes.dtype.str, "value": int(codes[0])}
            return "category_constant", {"meta": meta, "categories": cats}
        return "category", {"": pa.array(codes), "categories": cats}
    if isinstance(values, (pd.arrays.IntegerArray, pd.arrays.FloatingArray)):
        data, mask = values._data, values._mask
        meta = {"dtype": str(dtype)}
        if mask.strides[0] == 0 and bool(mask[:1].all()):
            return "absent", {"meta": meta}
        present = np.flatnonzero(~mask)
        if len(present) < _SPARSE_BELOW * len(mask):
            return "sparse", {
                "rows": present,
                "bits": np.ascontiguousarray(data[present]).view(np.uint64),
                "meta": meta,
            }
        return "masked", {
            "": pa.array(np.ascontiguousarray(data)),
            ".mask": pa.array(np.ascontiguousarray(mask).view(np.uint8)),
            "meta": meta,
        }
    arr = np.asarray(values)
    if arr.dtype == bool:
        if not arr.any():
            return "zeros", {"meta": {"dtype": "bool"}}
        return "bool", {"": pa.array(arr.view(np.uint8))}
    if name == "num_occurrences" and not arr.any():
        return "zeros", {"meta": {"dtype": str(arr.dtype)}}
    if _is_constant(arr) and arr.dtype.kind in "iu":  # plane_id when one plane holds every event
        return "constant", {"meta": {"dtype": arr.dtype.str, "value": int(arr[0])}}
    return "numpy", {"": pa.array(np.ascontiguousarray(arr))}


def _is_constant(arr: np.ndarray) -> bool:
    """A read-only view of one value (``frames``' columns that are the same on every event): written
    as that value, not copied out event by event, and read back as such a view."""
    return arr.ndim == 1 and len(arr) > 0 and arr.strides[0] == 0


# Object cells of the small frames, each kept as what it is (tag, then a column per type).
_TAG_NONE, _TAG_NAN, _TAG_STR, _TAG_BYTES, _TAG_INT, _TAG_FLOAT, _TAG_LIST, _TAG_BIGINT, _TAG_BOOL = range(9)


def _small_frame_table(df: pd.DataFrame) -> Any:
    """A small frame as an Arrow table, every column exactly as it is: numpy, nullable, categorical,
    string and object columns (object cells: str, bytes, int, float, bool, list of ints, None, NaN)."""
    import pyarrow as pa

    arrays: dict[str, Any] = {}
    layout = []
    for c in df.columns:
        col = df[c]
        dtype = col.dtype
        name = str(c)
        if isinstance(dtype, pd.CategoricalDtype):
            arrays[name] = pa.array(np.asarray(col.cat.codes))
            layout.append([name, "category", [str(x) for x in dtype.categories]])
        elif isinstance(col.array, (pd.arrays.IntegerArray, pd.arrays.FloatingArray, pd.arrays.BooleanArray)):
            arrays[name] = pa.array(np.ascontiguousarray(col.array._data))
            arrays[f"{name}::mask"] = pa.array(np.ascontiguousarray(col.array._mask).view(np.uint8))
            layout.append([name, "masked", str(dtype)])
        elif isinstance(dtype, pd.StringDtype):
            arrays[name] = pa.array(col.astype(object).where(col.notna(), None).tolist(), pa.large_string())
            layout.append([name, "string", str(dtype.storage), "nan" if dtype.na_value is not pd.NA else "na"])
        elif dtype.kind == "O":
            for key, arr in _encode_objects(col.tolist()).items():
                arrays[f"{name}::{key}"] = arr
            layout.append([name, "object"])
        else:
            values = np.ascontiguousarray(col.to_numpy())
            arrays[name] = pa.array(values.view(np.uint8) if values.dtype.kind == "b" else values)
            layout.append([name, "numpy", dtype.str])
    table = pa.table(arrays) if arrays else pa.table({"::rows": pa.array(np.zeros(len(df), np.int8))})
    return table.replace_schema_metadata({b"nbprof.layout": json.dumps([len(df), layout]).encode()})


def _small_frame(table: Any) -> pd.DataFrame:
    """The frame ``_small_frame_table`` wrote."""
    rows, layout = json.loads((table.schema.metadata or {})[b"nbprof.layout"])
    data: dict[str, Any] = {}
    for name, kind, *info in layout:
        if kind == "category":
            codes = table.column(name).to_numpy()
            if len(codes) and (codes.min() < -1 or codes.max() >= len(info[0])):
                raise ValueError("cache: bad category codes")
            data[name] = pd.Categorical.from_codes(codes, categories=_category_index(info[0]), validate=False)
        elif kind == "masked":
            dtype = pd.api.types.pandas_dtype(info[0])
            values = table.column(name).to_numpy()
            mask = table.column(f"{name}::mask").to_numpy().view(bool)
            data[name] = type(pd.array([], dtype=dtype))(values.copy(), mask.copy())
        elif kind == "string":
            dtype = pd.StringDtype(storage=info[0], na_value=np.nan if info[1] == "nan" else pd.NA)
            data[name] = string_array(table.column(name).to_pylist(), dtype)  # not through pyarrow's pandas layer
        elif kind == "object":
            data[name] = pd.Series(_decode_objects(table, name), dtype=object)
        elif kind == "numpy":
            values = table.column(name).to_numpy()
            data[name] = values.view(bool) if info[0] == "|b1" else values.astype(np.dtype(info[0]), copy=False)
        else:
            raise ValueError(f"cache: unknown small column kind {kind}")
        if len(data[name]) != rows:
            raise ValueError("cache: small frame column of another length")
    return typed_frame(data) if data else pd.DataFrame(index=pd.RangeIndex(rows))


def _encode_objects(values: list[Any]) -> dict[str, Any]:
    import pyarrow as pa

    n = len(values)
    tag = np.zeros(n, np.int8)
    strs: list[str | None] = [None] * n
    blobs: list[bytes | None] = [None] * n
    ints = np.zeros(n, np.int64)
    floats = np.zeros(n, np.float64)
    lists: list[list[int] | None] = [None] * n
    for i, v in enumerate(values):
        if v is None:
            tag[i] = _TAG_NONE
        elif isinstance(v, bool):
            tag[i], ints[i] = _TAG_BOOL, int(v)
        elif isinstance(v, str):
            tag[i], strs[i] = _TAG_STR, v
        elif isinstance(v, (bytes, bytearray)):
            tag[i], blobs[i] = _TAG_BYTES, bytes(v)
        elif isinstance(v, int):
            if -(2**63) <= v < 2**63:
                tag[i], ints[i] = _TAG_INT, v
            else:
                tag[i], strs[i] = _TAG_BIGINT, str(v)
        elif isinstance(v, float):
            tag[i], floats[i] = (_TAG_NAN, 0.0) if np.isnan(v) else (_TAG_FLOAT, v)
        elif isinstance(v, (list, tuple, np.ndarray)):
            tag[i], lists[i] = _TAG_LIST, [int(x) for x in v]
        else:
            raise TypeError(f"cannot cache a {type(v).__name__} cell")
    return {
        "tag": pa.array(tag),
        "str": pa.array(strs, pa.large_string()),
        "bytes": pa.array(blobs, pa.large_binary()),
        "int": pa.array(ints),
        "float": pa.array(floats),
        "list": pa.array(lists, pa.list_(pa.int64())),
    }


def _decode_objects(table: Any, name: str) -> np.ndarray:
    tags = table.column(f"{name}::tag").to_pylist()
    cells = {k: table.column(f"{name}::{k}").to_pylist() for k in ("str", "bytes", "int", "float", "list")}
    values: list[Any] = []
    for i, t in enumerate(tags):
        if t == _TAG_NONE:
            values.append(None)
        elif t == _TAG_NAN:
            values.append(float("nan"))
        elif t == _TAG_STR:
            values.append(cells["str"][i])
        elif t == _TAG_BYTES:
            values.append(cells["bytes"][i])
        elif t == _TAG_INT:
            values.append(cells["int"][i])
        elif t == _TAG_BOOL:
            values.append(bool(cells["int"][i]))
        elif t == _TAG_FLOAT:
            values.append(cells["float"][i])
        elif t == _TAG_LIST:
            values.append(cells["list"][i])
        elif t == _TAG_BIGINT:
            values.append(int(cells["str"][i]))
        else:
            raise ValueError(f"cache: unknown cell tag {t}")
    column = np.empty(len(values), object)
    column[:] = values
    return column


def _write_stats(path: Path, sources: list[StatsSource], n_events: int) -> None:
    """``stats.arrow`` (one row per stat), ``stat_strings.arrow`` (the str values, dictionary
    encoded: profiles repeat them) and ``stat_bytes.arrow`` (the bytes values)."""
    import pyarrow as pa

    from nbprof.xspace.frames import _zeros

    def column(name: str, dtype: Any) -> np.ndarray:
        return _joined([getattr(s.stats, name) for s in sources], dtype)

    def objects_of(kind: int) -> np.ndarray:
        return _joined([s.stats.obj_value[s.stats.kind == kind] for s in sources], object)

    kind = column("kind", np.int8)
    has_double = bool((kind == raw.KIND_DOUBLE).any())
    _write_table(
        path / "stats.arrow",
        pa.table(
            {
                "event": pa.array(_joined([s.rows for s in sources], np.int32 if n_events < 2**31 else np.int64)),
                "metadata_id": pa.array(column("metadata_id", np.int64)),
                "kind": pa.array(kind),
                "int_value": pa.array(column("int_value", np.uint64)),
                "double_value": pa.array(
                    column("double_value", np.float64) if has_double else _zeros(len(kind), np.float64)
                ),
            }
        ),
    )
    codes, uniques = pd.factorize(objects_of(raw.KIND_STR))
    strings = pa.DictionaryArray.from_arrays(
        pa.array(codes.astype(np.int32)), pa.array(list(uniques), pa.large_string())
    )
    _write_table(path / "stat_strings.arrow", pa.table({"value": strings}))
    _write_table(
        path / "stat_bytes.arrow",
        pa.table({"value": pa.array(list(objects_of(raw.KIND_BYTES)), pa.large_binary())}),
    )


def _joined(parts: list[np.ndarray], dtype: Any) -> np.ndarray:
    """``parts`` end to end as one contiguous ``dtype`` array for Arrow, copying only where needed:
    a single part of that dtype is used as it is, and read-only views of zeros (a value column no
    stat uses, ``stats_frame.kept_stats``) become zero pages that take no memory (not written)."""
    dtype = np.dtype(dtype)
    n = sum(len(p) for p in parts)
    if len(parts) == 1 and parts[0].dtype == dtype and parts[0].flags.c_contiguous:
        return parts[0]
    if dtype.kind != "O" and all(p.ndim == 1 and p.strides[0] == 0 and not p[:1].any() for p in parts):
        from nbprof.xspace.frames import _zeros

        return _zeros(n, dtype.type)
    out = np.empty(n, dtype)
    at = 0
    for p in parts:
        out[at : at + len(p)] = p
        at += len(p)
    return out


# ---------------------------------------------------------------------- reading


def _category_index(values: list[Any]) -> pd.Index | list[Any]:
    """A small frame's categories as ``pd.Categorical`` infers them from the list: texts made from their
    buffers (``strings``: not through pyarrow's pandas layer, 3 ms on its first use); others as the list."""
    if values and all(type(v) is str for v in values):
        return pd.Index(strings(values))
    return values


class _Mapped:
    """An Arrow IPC file memory-mapped copy-on-write: numpy views of its columns are writable
    without touching the file."""

    def __init__(self, path: Path) -> None:
        import pyarrow as pa
        import pyarrow.ipc as ipc

        with open(path, "rb") as f:
            self.map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
        self.buffer = pa.py_buffer(self.map)
        self.table = ipc.open_file(self.buffer).read_all()
        self.table.validate()

    def numpy(self, column: str, dtype: Any) -> np.ndarray:
        """The column's values as a numpy view of the map (a column without nulls, one chunk)."""
        col = self.table.column(column)
        if col.num_chunks == 0 and len(col) == 0:  # Arrow reads an empty table's columns as no chunk
            return np.zeros(0, dtype)
        if col.num_chunks != 1 or col.null_count:
            raise ValueError(f"cache column {column} is not one chunk without nulls")
        return self._view(col.chunk(0), dtype)

    def _view(self, arr: Any, dtype: Any) -> np.ndarray:
        dtype = np.dtype(dtype)
        data = arr.buffers()[1]
        if data is None or len(arr) == 0:
            return np.zeros(0, dtype)
        offset = data.address - self.buffer.address + arr.offset * dtype.itemsize
        if offset < 0 or offset + len(arr) * dtype.itemsize > len(self.map):
            raise ValueError("cache column outside its file")
        return np.frombuffer(self.map, dtype, len(arr), offset)

    def categorical(self, column: str, categories: list[str], n: int) -> pd.Categorical:
        codes = self.numpy(column, self.table.schema.field(column).type.to_pandas_dtype())
        if codes.dtype.kind != "i" or len(codes) != n:
            raise ValueError(f"cache column {column}: bad codes")
        if len(codes) and (int(codes.min()) < -1 or int(codes.max()) >= len(categories)):
            raise ValueError(f"cache column {column}: bad codes")
        return pd.Categorical.from_codes(codes, categories=pd.Index(categories, dtype=object), validate=False)


def _read_entry(path: Path) -> Frames:
    manifest = json.loads((path / _MANIFEST).read_text())
    if manifest.get("format") != CACHE_FORMAT or manifest.get("code") != _code_version():
        raise ValueError("another format or nbprof version")
    n = int(manifest["num_events"])
    events = _Mapped(path / "events.arrow")
    categories: dict[str, list[str]] = {}
    cats = _Mapped(path / "categories.arrow").table
    for column, value in zip(cats.column("column").to_pylist(), cats.column("value").to_pylist()):
        categories.setdefault(column, []).append(value)
    sparse = _Mapped(path / "sparse.arrow")
    rows, bits = sparse.numpy("row", np.int64), sparse.numpy("bits", np.uint64)
    at = 0
    columns: dict[str, Any] = {}
    for col in manifest["columns"]:
        if col["kind"] == "sparse":
            size = int(col["size"])
            columns[col["name"]] = _sparse_column(col, n, rows[at : at + size], bits[at : at + size])
            at += size
        else:
            columns[col["name"]] = _decode_column(events, col, n, categories.get(col["name"], []))
    if at != len(rows):
        raise ValueError("cache: sparse columns do not add up")
    parent = columns.get("parent")
    if parent is not None and n and (int(parent.min()) < -1 or int(parent.max()) >= n):
        raise ValueError("cache column parent: bad rows")
    small = {name: _small_frame(_Mapped(path / f"{name}.arrow").table) for name in _SMALL_FRAMES}
    hlo = _Mapped(path / "hlo_protos.arrow").table
    hlo_protos = dict(zip(hlo.column("name").to_pylist(), hlo.column("proto").to_pylist()))
    return Frames(
        events=typed_frame(columns),  # column labels not through pyarrow's pandas layer
        **small,
        hlo_protos=hlo_protos,
        _stats_sources=_deferred_stats(_checked_stats(path, manifest["stat_sources"]), manifest["stat_sources"], n),
        **{k: manifest[k] for k in ("origin_ns", "origin_source", "hosts", "paths", "errors", "warnings")},
        **{k: manifest[k] for k in ("hostnames", "host_hostnames", "notes", "damaged")},
    )


def _decode_column(events: _Mapped, col: dict[str, Any], n: int, categories: list[str]) -> Any:
    from nbprof.xspace.frames import _zeros

    name, kind = col["name"], col["kind"]
    if kind == "category":
        return events.categorical(name, categories, n)
    if kind == "category_absent":
        codes = constant(-1, col["dtype"], n)
        return pd.Categorical.from_codes(codes, categories=pd.Index([], dtype=object), validate=False)
    if kind == "category_constant":
        code = np.dtype(col["dtype"]).type(col["value"])
        if not -1 <= code < len(categories):
            raise ValueError(f"cache column {name}: bad codes")
        return pd.Categorical.from_codes(
            constant(code, code.dtype, n), categories=pd.Index(categories, dtype=object), validate=False
        )
    if kind == "constant":
        return constant(np.dtype(col["dtype"]).type(col["value"]), col["dtype"], n)
    if kind == "absent":
        return absent(pd.api.types.pandas_dtype(col["dtype"]).numpy_dtype.type, n)  # type: ignore[union-attr]
    if kind == "zeros":
        return _zeros(n, np.dtype(col["dtype"]).type)
    if kind == "masked":
        dtype = pd.api.types.pandas_dtype(col["dtype"])
        np_dtype = dtype.numpy_dtype  # type: ignore[union-attr]
        data = events.numpy(name, np_dtype)
        mask = events.numpy(f"{name}.mask", np.uint8).view(bool)
        cls = pd.arrays.FloatingArray if np_dtype.kind == "f" else pd.arrays.IntegerArray
        _check_length(name, n, data, mask)
        return cls(data, mask)
    if kind == "bool":
        arr = events.numpy(name, np.uint8).view(bool)
    elif kind == "numpy":
        arr = events.numpy(name, events.table.schema.field(name).type.to_pandas_dtype())
    else:
        raise ValueError(f"unknown cache column kind {kind}")
    _check_length(name, n, arr)
    return arr


def _sparse_column(col: dict[str, Any], n: int, rows: np.ndarray, bits: np.ndarray) -> Any:
    from nbprof.xspace.frames import _zeros

    np_dtype = pd.api.types.pandas_dtype(col["dtype"]).numpy_dtype  # type: ignore[union-attr]
    if len(rows) and (int(rows.min()) < 0 or int(rows.max()) >= n):
        raise ValueError(f"cache column {col['name']}: bad rows")
    data = _zeros(n, np_dtype.type)
    data[rows] = bits.view(np_dtype)
    mask = np.ones(n, bool)
    mask[rows] = False
    cls = pd.arrays.FloatingArray if np_dtype.kind == "f" else pd.arrays.IntegerArray
    return cls(data, mask)


def _check_length(name: str, n: int, *arrays: np.ndarray) -> None:
    if any(len(a) != n for a in arrays):
        raise ValueError(f"cache column {name}: wrong length")


_STATS_COLUMNS = ("event", "metadata_id", "kind", "int_value", "double_value")


def _checked_stats(path: Path, parts: list[dict[str, Any]]) -> tuple[_Mapped, _Mapped, _Mapped]:
    """The stats files mapped, their structure checked (values are converted on first use)."""
    mapped = _Mapped(path / "stats.arrow")
    t = mapped.table
    if t.column_names != list(_STATS_COLUMNS) or t.num_rows != sum(int(p["size"]) for p in parts):
        raise ValueError("cache stats: unexpected columns or size")
    for name in _STATS_COLUMNS:
        mapped.numpy(name, t.schema.field(name).type.to_pandas_dtype())
    kind = mapped.numpy("kind", np.int8)
    strings, blobs = _Mapped(path / "stat_strings.arrow"), _Mapped(path / "stat_bytes.arrow")
    if strings.table.num_rows != int((kind == raw.KIND_STR).sum()) or blobs.table.num_rows != int(
        (kind == raw.KIND_BYTES).sum()
    ):
        raise ValueError("cache stats: value counts differ")
    return mapped, strings, blobs


def _deferred_stats(
    files: tuple[_Mapped, _Mapped, _Mapped], parts: list[dict[str, Any]], n_events: int
) -> Callable[[], list[StatsSource]]:
    """A function turning the stats files into StatsSource pieces (the ``stats`` frame is built on first use)."""
    lock = threading.Lock()
    mapped, strings, blobs = files

    def read() -> list[StatsSource]:
        with lock:
            kind = mapped.numpy("kind", np.int8)
            objects = np.full(len(kind), None, object)
            column = strings.table.column("value")
            # a table without rows may hold no chunk, which pyarrow < 25 cannot combine
            text = column.combine_chunks() if column.num_chunks else None
            unique = np.empty(0 if text is None else len(text.dictionary), object)
            unique[:] = [] if text is None else text.dictionary.to_pylist()
            indices = np.empty(0, np.int64) if text is None else text.indices.to_numpy()
            if len(indices) and (int(indices.min()) < 0 or int(indices.max()) >= len(unique)):
                raise ValueError("cache stats: bad string codes")
            objects[kind == raw.KIND_STR] = unique[indices]
            values = np.empty(blobs.table.num_rows, object)
            values[:] = blobs.table.column("value").to_pylist()
            objects[kind == raw.KIND_BYTES] = values
            event = mapped.numpy("event", mapped.table.schema.field("event").type.to_pandas_dtype()).astype(np.int64)
            if len(event) and (int(event.min()) < 0 or int(event.max()) >= n_events):
                raise ValueError("cache stats: bad event rows")
            columns = {
                "metadata_id": mapped.numpy("metadata_id", np.int64),
                "int_value": mapped.numpy("int_value", np.uint64),
                "double_value": mapped.numpy("double_value", np.float64),
            }
            out, at = [], 0
            for part in parts:
                rows = slice(at, at + int(part["size"]))
                at = rows.stop
                stats = raw.RawStats(
                    owner=event[rows],
                    metadata_id=columns["metadata_id"][rows],
                    kind=kind[rows],
                    int_value=columns["int_value"][rows],
                    double_value=columns["double_value"][rows],
                    obj_value=objects[rows],
                )
                names = {int(k): (str(a), str(b)) for k, a, b in part["names"]}
                out.append(StatsSource(event[rows], stats, names, str(part["source"])))
            if at != len(kind):
                raise ValueError("cache stats: sizes do not add up")
            return out

    return read
