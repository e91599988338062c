"""``to_chrome_trace(profile, path)``: the trace as Chrome trace-event JSON (Perfetto, chrome://tracing).

Processes are the trace viewer's sections (a device, "Host threads"), threads its tracks
(lines); every timed event is a complete event (``"ph": "X"``) with ``ts``/``dur`` in µs written
as exact decimals of the int64 picoseconds (six decimals, so nothing is rounded). Promoted
stats go to ``args``; events sharing a ``correlation_id`` are tied with flow ids
(``bind_id``, host side ``flow_out``, device side ``flow_in``); memory in use becomes counter
events. Written in vectorised chunks, so millions of events take seconds, not minutes.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError
from nbprof.trace.counters import find_counters
from nbprof.trace.layout import Layout, build_layout

CHUNK_ROWS = 500_000
CORE_COLUMNS = {
    "host",
    "plane",
    "plane_id",
    "line",
    "line_id",
    "display_name",
    "name",
    "metadata_id",
    "start_ps",
    "duration_ps",
    "end_ps",
    "depth",
    "parent",
    "self_ps",
    "num_occurrences",
    "aggregated",
}


class ExportError(NbprofError):
    """The trace could not be written (bad path or suffix)."""


def _text(values: np.ndarray) -> np.ndarray:
    """Elementwise ``str`` as an object array (numpy's C conversion, then Python str objects)."""
    return np.asarray(values).astype(str).astype(object)


def ps_to_us_text(ps: np.ndarray) -> np.ndarray:
    """Exact decimal microseconds of int64 picoseconds, e.g. 1234567 -> "1.234567" (object array)."""
    ps = np.asarray(ps, np.int64)
    mag = np.abs(ps)
    whole = _text(mag // 1_000_000)
    padded = (mag % 1_000_000 + 1_000_000).astype("<U7")  # "1xxxxxx": the 6 digits after a leading 1
    frac = np.ascontiguousarray(padded.view("<U1").reshape(-1, 7)[:, 1:]).view("<U6").ravel().astype(object)
    out = whole + "." + frac
    neg = ps < 0
    if neg.any():
        out[neg] = "-" + out[neg]
    return out


def _json_text(values: Iterable[Any]) -> np.ndarray:
    return np.array([json.dumps(str(v), ensure_ascii=False) for v in values], dtype=object)


def _value_text(values: pd.Series) -> np.ndarray:
    """JSON text of each value of a promoted stat column (no missing values; object array)."""
    dtype = values.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        text = _json_text(values.cat.categories)
        return text[np.maximum(values.cat.codes.to_numpy(), 0)]
    if pd.api.types.is_bool_dtype(dtype):
        return np.where(values.to_numpy(bool, na_value=False), "true", "false").astype(object)
    if pd.api.types.is_unsigned_integer_dtype(dtype):
        return _text(values.to_numpy(np.uint64, na_value=0))
    if pd.api.types.is_integer_dtype(dtype):
        return _text(values.to_numpy(np.int64, na_value=0))
    if pd.api.types.is_float_dtype(dtype):
        return _text(values.to_numpy(np.float64, na_value=0.0))
    return _json_text(values.to_numpy(object))


def _arg_pieces(chunk: pd.DataFrame, columns: list[str]) -> np.ndarray:
    """``"name":value,`` text of the promoted stats present in each row (vectorised per column)."""
    out = np.full(len(chunk), "", dtype=object)
    for col in columns:
        values = chunk[col]
        has = values.notna().to_numpy().copy()
        if not has.any():
            continue
        if pd.api.types.is_float_dtype(values.dtype):
            has &= np.isfinite(values.to_numpy(np.float64, na_value=0.0))
        out[has] = out[has] + (json.dumps(col) + ":") + _value_text(values[has]) + ","
    return out


def _metadata_events(layout: Layout) -> list[dict]:
    out = []
    for sec in layout.sections:
        pid = sec.id + 1
        out.append({"ph": "M", "pid": pid, "name": "process_name", "args": {"name": sec.name}})
        out.append({"ph": "M", "pid": pid, "name": "process_sort_index", "args": {"sort_index": pid}})
        for tid in sec.tracks:
            track = layout.tracks[tid]
            if track.kind != "slices":
                continue
            out.append({"ph": "M", "pid": pid, "tid": tid + 1, "name": "thread_name", "args": {"name": track.name}})
            out.append(
                {"ph": "M", "pid": pid, "tid": tid + 1, "name": "thread_sort_index", "args": {"sort_index": tid + 1}}
            )
    return out


def _event_lines(events: pd.DataFrame, layout: Layout, chunk_rows: int) -> Iterable[str]:
    lane_track = layout.lane_track
    section_of_track = np.array([t.section for t in layout.tracks], np.int64)
    promoted = [c for c in events.columns if c not in CORE_COLUMNS]
    names = _json_text(events["name"].cat.categories)
    device_plane = np.array([str(p).startswith("/device") for p in events["plane"].cat.categories])
    rows = np.flatnonzero(layout.event_lane >= 0)
    has_corr = "correlation_id" in events
    line_format = '{"ph":"X","pid":%d,"tid":%d,"ts":%s,"dur":%s,"name":%s%s}'
    for lo in range(0, len(rows), chunk_rows):
        sel = rows[lo : lo + chunk_rows]
        chunk = events.iloc[sel]
        track = lane_track[layout.event_lane[sel]]
        extra = np.full(len(sel), "", dtype=object)
        if has_corr:
            cid = chunk["correlation_id"]
            has = cid.notna().to_numpy()
            if has.any():
                device = device_plane[chunk["plane"].cat.codes.to_numpy()]
                side = np.where(device, ',"flow_in":true', ',"flow_out":true').astype(object)
                extra[has] = ',"bind_id":' + _text(cid[has].to_numpy(np.int64)) + side[has]
        args = _arg_pieces(chunk, promoted)
        with_args = np.flatnonzero(args != "")
        extra[with_args] = (
            extra[with_args] + ',"args":{' + np.array([a[:-1] for a in args[with_args]], dtype=object) + "}"
        )
        columns = zip(
            (section_of_track[track] + 1).tolist(),
            (track + 1).tolist(),
            _us_list(chunk["start_ps"].to_numpy()),
            _us_list(chunk["duration_ps"].to_numpy()),
            names[chunk["name"].cat.codes.to_numpy()].tolist(),
            extra.tolist(),
        )
        yield ",\n".join([line_format % values for values in columns])


def _us_list(ps: np.ndarray) -> list[str]:
    """Like ``ps_to_us_text`` as a list, with a faster path when nothing is negative."""
    ps = np.asarray(ps, np.int64)
    if len(ps) and ps.min() < 0:
        return ps_to_us_text(ps).tolist()
    return [f"{q:d}.{r:06d}" for q, r in zip((ps // 1_000_000).tolist(), (ps % 1_000_000).tolist())]


def _counter_lines(events: pd.DataFrame, layout: Layout) -> Iterable[str]:
    for src in find_counters(events):
        track = next(
            t
            for t in layout.tracks
            if t.kind == "counter" and t.name == src.name and (t.host, t.plane) == (src.host, src.plane)
        )
        pid = str(track.section + 1)
        ts = ps_to_us_text(src.time_ps)
        integral = np.all(src.value == np.round(src.value)) and np.all(np.abs(src.value) < 2.0**63)  # fits int64
        value = _text(src.value.astype(np.int64)) if integral else _text(src.value)
        name = json.dumps(src.name, ensure_ascii=False)
        lines = '{"ph":"C","pid":' + pid + ',"name":' + name + ',"ts":' + ts + ',"args":{"bytes":' + value + "}}"
        yield ",\n".join(lines.tolist())


def write_chrome_trace(profile: Any, out: TextIO, chunk_rows: int = CHUNK_ROWS) -> int:
    """Write the JSON document to a text stream; returns the number of complete events."""
    events = profile.events
    counters = find_counters(events)
    layout = build_layout(events, getattr(profile, "lines", None), [(c.host, c.plane, c.name) for c in counters])
    out.write('{"displayTimeUnit":"ns","otherData":')
    out.write(
        json.dumps(
            {
                "source": "nbprof",
                "origin_ns": int(getattr(profile, "origin_ns", 0)),
                "hosts": [str(h) for h in getattr(profile, "hosts", [])],
            }
        )
    )
    out.write(',"traceEvents":[\n')
    out.write(",\n".join(json.dumps(m, ensure_ascii=False) for m in _metadata_events(layout)))
    for block in _event_lines(events, layout, chunk_rows):
        out.write(",\n" + block)
    for block in _counter_lines(events, layout):
        out.write(",\n" + block)
    out.write("\n]}\n")
    return int((layout.event_lane >= 0).sum())


def to_chrome_trace(profile: Any, path: str | os.PathLike) -> Path:
    """Write ``profile``'s trace to ``path`` (``.json`` or ``.json.gz``) and return the path.

    Open the file in https://ui.perfetto.dev or chrome://tracing. Times are µs since the
    profile's origin (``profile.origin_ns``) with picosecond digits kept.
    """
    path = Path(path)
    name = path.name.lower()
    if not (name.endswith(".json") or name.endswith(".json.gz")):
        raise ExportError(f"{path}: the Chrome trace must be written to a .json or .json.gz file")
    if not path.parent.exists():
        raise ExportError(f"{path}: the folder {path.parent} does not exist")
    if name.endswith(".gz"):
        with gzip.open(path, "wt", encoding="utf-8", compresslevel=6) as out:
            write_chrome_trace(profile, out)
    else:
        with open(path, "w", encoding="utf-8") as out:
            write_chrome_trace(profile, out)
    return path
