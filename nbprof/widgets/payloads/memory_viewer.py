"""Memory viewer payload: one HLO module's heap over program points, its buffers at the peak and its
allocation timeline; the module selector asks the kernel for another module (``answer``).

Reads ``MemoryViewer`` (nbprof.tools.memory_viewer): ``module``, ``modules``, ``message``, ``summary``
(``peak_bytes``, ``peak_unpadded_bytes``, ``padding_bytes``, ``peak_position``, ``peak_heap_bytes``,
``indefinite_bytes``, ``entry_parameters_bytes``, ``maybe_live_out_bytes``, ``non_reusable_bytes``,
``total_allocation_bytes``, ``entry_computation``, ``memory_space``), ``heap_timeline`` (``position``,
``heap_bytes``, ``unpadded_heap_bytes``, ``instruction``), ``buffers`` / ``buffers_by_size`` (``name``,
``size_bytes``, ``unpadded_bytes``, ``padding_bytes``, ``expansion``, ``shape``, ``tf_op``, ``opcode``,
``allocation_type``, ``category``, ``logical_buffer_id``, ``source``) and ``buffer_blocks``
(``logical_buffer_id``, ``name``, ``offset_bytes``, ``size_bytes``, ``start_step``, ``end_step``, ``tf_op``,
``allocation_type``, ``shape``, ``unpadded_bytes``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from nbprof.tools.memory_viewer import MemoryViewer
from nbprof.units import format_bytes
from nbprof.widgets.payloads._common import AUTO, HIDDEN, column_values, notes_of, summary_rows, table
from nbprof.widgets.payloads.memory_profile import sample_indices

MAX_HEAP_POINTS = 2000  # program points drawn (peaks kept)
MAX_BUFFERS = 2000  # buffers at the peak drawn and listed (the largest)
MAX_BLOCKS = 3000  # blocks of the allocation timeline drawn (the largest)
MAX_MODULE_CHARS = 4096  # a longer "module" in a request is not a module name

SUMMARY_LABELS = {
    "peak_bytes": "Peak memory allocation", "peak_unpadded_bytes": "Peak without padding",
    "padding_bytes": "Padding overhead at the peak", "entry_parameters_bytes": "Arguments (entry parameters)",
    "maybe_live_out_bytes": "Outputs (live out)", "peak_heap_bytes": "Temporaries at the peak",
    "indefinite_bytes": "Live throughout the program",
    "non_reusable_bytes": "Non-reusable allocations", "total_allocation_bytes": "All allocations",
    "peak_position": "Program point of the peak", "entry_computation": "Entry computation",
    "memory_space": "Memory space (XLA colour)",
}  # fmt: skip

BUFFER_COLUMNS = [
    ("name", "Buffer", "name"), ("size_bytes", "Size", "bytes"), ("allocation_type", "Allocation type", "str"),
    ("shape", "Shape", "str"), ("tf_op", "Framework op", "name", AUTO), ("unpadded_bytes", "Unpadded size", "bytes"),
    ("padding_bytes", "Padding", "bytes", AUTO), ("expansion", "Expansion", "num", HIDDEN),
    ("opcode", "HLO opcode", "str", HIDDEN), ("source", "Source", "str", HIDDEN),
    ("category", "Lifetime", "str", HIDDEN), ("logical_buffer_id", "Logical buffer id", "int", HIDDEN),
]  # fmt: skip

# payload key -> (frame column, type): the buffers the charts draw, and the allocation timeline's blocks
BUFFER_FIELDS = {
    "name": ("name", "str"), "size": ("size_bytes", "int"), "unpadded": ("unpadded_bytes", "int"),
    "padding": ("padding_bytes", "int"), "shape": ("shape", "str"), "tf_op": ("tf_op", "str"),
    "opcode": ("opcode", "str"), "allocation_type": ("allocation_type", "str"), "category": ("category", "str"),
    "id": ("logical_buffer_id", "int"), "source": ("source", "str"),
}  # fmt: skip
BLOCK_FIELDS = {
    "id": ("logical_buffer_id", "int"), "name": ("name", "str"), "offset": ("offset_bytes", "int"),
    "size": ("size_bytes", "int"), "start": ("start_step", "int"), "end": ("end_step", "int"),
    "tf_op": ("tf_op", "str"), "allocation_type": ("allocation_type", "str"), "shape": ("shape", "str"),
    "unpadded": ("unpadded_bytes", "int"),
}  # fmt: skip


def heap_after(result: MemoryViewer) -> pd.DataFrame:
    """Memory allocated after each program point runs (bytes): ``heap_timeline`` holds it at the start of
    each point (XProf's ``heapSizes``), so a point's value is the next point's; the last point's is known
    only when it is the peak. ``position``, ``instruction``, ``heap_bytes``, ``unpadded_heap_bytes``."""
    frame = result.heap_timeline
    after = pd.DataFrame(
        {
            "position": frame["position"].to_numpy()[:-1],
            "instruction": frame["instruction"].to_numpy()[:-1],
            "heap_bytes": frame["heap_bytes"].to_numpy()[1:],
            "unpadded_heap_bytes": frame["unpadded_heap_bytes"].to_numpy()[1:],
        }
    )
    s = result.summary
    if len(frame) and s["peak_position"] == len(frame) - 1:  # the peak is reached by the last point
        last = {"position": len(frame) - 1, "instruction": frame["instruction"].iloc[-1],
                "heap_bytes": s["peak_bytes"], "unpadded_heap_bytes": s["peak_unpadded_bytes"]}  # fmt: skip
        after = pd.concat([after, pd.DataFrame([last])], ignore_index=True)
    return after


def heap(result: MemoryViewer) -> dict[str, Any]:
    """Memory allocated after each program point (padded and unpadded, bytes), down-sampled with the peaks
    kept; ``points`` is the number of program points (the chart's x axis runs from 0 to ``points - 1``)."""
    frame = heap_after(result)
    if len(frame) == 0:
        return {}
    rows = sample_indices(frame["heap_bytes"].to_numpy(), MAX_HEAP_POINTS)
    sampled = frame.iloc[rows]
    out: dict[str, Any] = {
        "position": column_values(sampled["position"], "int"),
        "heap": column_values(sampled["heap_bytes"], "int"),
        "unpadded": column_values(sampled["unpadded_heap_bytes"], "int"),
        "instruction": column_values(sampled["instruction"], "str"),
        "points": int(len(result.heap_timeline)),
    }
    if len(rows) < len(frame):
        out["sampled_from"] = int(len(frame))
    return out


def lifetimes(buffers: pd.DataFrame, blocks: pd.DataFrame, last_point: int) -> tuple[list[Any], list[Any]]:
    """First and last program point of each buffer: its block in the allocation timeline; buffers live
    throughout (arguments, outputs, constants) span the program; the "small" row has none."""
    placed = blocks[blocks["logical_buffer_id"] >= 0].drop_duplicates("logical_buffer_id")
    spans = placed.set_index("logical_buffer_id")[["start_step", "end_step"]]
    ids = buffers["logical_buffer_id"].to_numpy()
    found = spans.reindex(ids)
    start = found["start_step"].to_numpy(dtype="float64", copy=True)
    end = found["end_step"].to_numpy(dtype="float64", copy=True)
    throughout = (buffers["category"] == "indefinite").to_numpy() & np.isnan(start)
    start[throughout], end[throughout] = 0, last_point
    as_list = lambda a: [None if np.isnan(v) else int(v) for v in a]  # noqa: E731
    return as_list(start), as_list(end)


def shown_buffers(result: MemoryViewer) -> pd.DataFrame:
    """The buffers at the peak the view draws and lists: all of them, or the ``MAX_BUFFERS`` largest in
    program order."""
    frame = result.buffers
    if len(frame) <= MAX_BUFFERS:
        return frame
    return frame.loc[sorted(result.buffers_by_size.index[:MAX_BUFFERS], key=frame.index.get_loc)]


def buffers(result: MemoryViewer, frame: pd.DataFrame, last_point: int) -> dict[str, Any]:
    """Column lists of the buffers ``frame`` (program order), their lifetimes and their by-size order."""
    out: dict[str, Any] = {key: column_values(frame[col], kind) for key, (col, kind) in BUFFER_FIELDS.items()}
    out["start"], out["end"] = lifetimes(frame, result.buffer_blocks, last_point)
    positions = pd.Series(np.arange(len(frame)), index=frame.index)
    out["by_size"] = positions.loc[result.buffers_by_size.index.intersection(frame.index, sort=False)].tolist()
    return out


def blocks(result: MemoryViewer) -> dict[str, Any]:
    """Column lists of the allocation timeline (its allocations and, inside them, their buffers)."""
    frame = result.buffer_blocks
    if len(frame) == 0:
        return {}
    if len(frame) > MAX_BLOCKS:
        keep = frame["logical_buffer_id"].lt(0) | frame.index.isin(
            frame["size_bytes"].nlargest(MAX_BLOCKS, keep="first").index
        )
        frame = frame[keep.to_numpy()]
    out: dict[str, Any] = {key: column_values(frame[col], kind) for key, (col, kind) in BLOCK_FIELDS.items()}
    if len(frame) < len(result.buffer_blocks):
        out["sampled_from"] = int(len(result.buffer_blocks))
    return out


def advice(result: MemoryViewer) -> str:
    """One plain sentence: the peak, where it is, the largest buffer live there, padding when it matters."""
    s = result.summary
    points = len(result.heap_timeline)
    where = f" at program point {s['peak_position']} of {points}" if points else ""
    text = f"Memory peaks at {format_bytes(s['peak_bytes'])}{where}"
    named = result.buffers_by_size
    named = named[named["category"] != "small"]
    if len(named):
        top = named.iloc[0]
        share = 100 * top["size_bytes"] / s["peak_bytes"] if s["peak_bytes"] else 0.0
        text += (
            f"; the largest buffer live then is {top['name']} ({format_bytes(top['size_bytes'])}, {share:.0f}% of "
            f"the peak, {str(top['allocation_type']).lower()})"
        )
    padding = s.get("padding_bytes") or 0
    if s["peak_bytes"] and padding / s["peak_bytes"] >= 0.05:
        text += f". Padding adds {format_bytes(padding)} ({100 * padding / s['peak_bytes']:.0f}%): tensor shapes that fit the device's tiles would save it"
    return text + "."


def build(result: MemoryViewer) -> dict[str, Any]:
    """Payload of ``prof.memory_viewer()``."""
    modules = sorted((str(m) for m in result.modules), key=str.lower)
    if not result.available:
        return {"available": False, "reason": result.message or "no HLO modules in this profile",
                "modules": modules, "notes": notes_of(result)}  # fmt: skip
    s = result.summary
    timeline = heap(result)
    last_point = max(len(result.heap_timeline) - 1, 0)
    summary = {k: s[k] for k in SUMMARY_LABELS if k in s}
    shown = shown_buffers(result)
    notes = notes_of(result)
    if len(result.buffers) > MAX_BUFFERS:
        notes.insert(0, f"Showing the {MAX_BUFFERS:,} largest of {len(result.buffers):,} buffers at the peak; "
                     "result.buffers has them all.")  # fmt: skip
    return {
        "advice": advice(result),
        "module": str(result.module),
        "modules": modules,
        "summary": summary_rows(summary, SUMMARY_LABELS),
        "peak": {
            "position": int(s["peak_position"]),
            "bytes": int(s["peak_bytes"]),
            "unpadded_bytes": int(s["peak_unpadded_bytes"]),
        },  # fmt: skip
        "heap": timeline,
        "buffers": buffers(result, shown, last_point),
        "blocks": blocks(result),
        "table": table(shown, BUFFER_COLUMNS, MAX_BUFFERS),
        "notes": notes,
    }


def answer(payload: dict[str, Any], request: dict[str, Any], compute: Callable[[str], MemoryViewer]) -> dict[str, Any]:
    """The payload after the view asked for ``request["module"]``: that module's view, or the current
    one with ``request_error`` saying why not. ``request["id"]`` comes back as ``answers``; never raises."""
    keep: dict[str, Any] = {k: payload[k] for k in ("tool", "host", "title", "static_id") if k in payload}
    module, request_id = request.get("module"), request.get("id")
    answers = request_id if isinstance(request_id, (int, str)) and len(str(request_id)) <= 64 else None
    if not isinstance(module, str) or len(module) > MAX_MODULE_CHARS or module not in payload.get("modules", []):
        shown = module[:80] + "…" if isinstance(module, str) and len(module) > 80 else module
        error = f"no HLO module {shown!r} in this profile: choose one from the list"
        return {**payload, "request_error": error, "answers": answers}
    try:
        body = build(compute(module))
    except Exception as err:  # an analysis that fails must not break the view: it says why
        return {**payload, "request_error": f"module {module}: {err}", "answers": answers}
    body.setdefault("available", True)
    return {**keep, **body, "answers": answers}
