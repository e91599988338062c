"""Step events on the timeline: XProf's step names, and which events mark steps.

XProf labels a step's root event with its step: TSL's event grouping gives every user-defined
root (an event with ``_r``, not an implicit root such as ``FunctionRun``) a ``step_name`` stat,
"<graph_type, else the event's name> <iter_num, else step_num, else the group id>", and the trace
viewer shows an event's ``step_name`` in place of its name. So JAX's
``StepTraceAnnotation("train", step_num=14)`` reads "train 14", as in XProf. Files XProf already
grouped carry the stat themselves (e.g. the events of a device ``Steps`` line).

Step events are those renamed events plus the events of device ``Steps`` lines; the viewer
opens on the first few of them (``nbprof.trace.opening``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from nbprof.opstats.step_grouping import IMPLICIT_ROOT_NAMES
from nbprof.trace.index import MAX_LABEL_CHARS, TraceIndex
from nbprof.xspace import semantics as xs


@dataclass
class StepEvents:
    """Rows of the events frame that mark steps (ascending) and the step names of those renamed."""

    rows: np.ndarray
    names: dict[int, str] = field(default_factory=dict)


def find_step_events(events: pd.DataFrame, group_ids: Callable[[], np.ndarray] | None = None) -> StepEvents:
    """Step events of ``events`` and their names (see the module docstring).

    ``group_ids()`` gives XProf's group id of every event (``OpStats.step_db.event_groups``); it is
    called only when a root carries neither ``iter_num`` nor ``step_num`` nor ``group_id``.
    """
    if len(events) == 0:
        return StepEvents(np.zeros(0, np.int64))
    timed = ~events["aggregated"].to_numpy(bool)
    stat_name = xs.column(events, "step_name")
    named = stat_name.notna().to_numpy() & timed
    root = xs.column(events, "_r").notna().to_numpy() & timed & ~named
    root &= ~xs.values_in(events["name"], IMPLICIT_ROOT_NAMES)
    steps_line = xs.plane_mask(events, xs.is_device_plane) & xs.values_in(events["line"], xs.TPU_STEP_LINES) & timed

    names: dict[int, str] = {}
    rows = np.flatnonzero(named)
    names.update(zip(rows.tolist(), xs.str_values(stat_name, rows).tolist()))
    roots = np.flatnonzero(root)
    if len(roots):
        number = xs.column(events, "iter_num").iloc[roots]
        for fallback in ("step_num", "group_id"):
            number = number.fillna(xs.column(events, fallback).iloc[roots])
        num = xs.int_values(number, missing=-1)
        missing = num < 0
        if missing.any() and group_ids is not None:
            num[missing] = np.asarray(group_ids(), np.int64)[roots[missing]]
        prefix = xs.str_values(xs.column(events, "graph_type").iloc[roots].astype("category"))  # the roots' only
        own = xs.str_values(events["name"], roots)
        prefix = np.where(prefix != "", prefix, own)
        keep = num >= 0
        names.update(zip(roots[keep].tolist(), [f"{p} {n}" for p, n in zip(prefix[keep], num[keep].tolist())]))
    marks = named | steps_line
    marks[np.fromiter(names, np.int64, len(names))] = True
    return StepEvents(np.flatnonzero(marks), names)


def rename_in_index(index: TraceIndex, names: dict[int, str]) -> None:
    """Show the events of ``names`` (frame row -> name) under those names: drawing, search and
    box selection all read the index's name codes."""
    if not names:
        return
    rows = np.fromiter(names, np.int64, len(names))
    text = pd.Index(list(names.values()), dtype=object)
    known = pd.Index(index.full_names, dtype=object)
    new = text[known.get_indexer(text) < 0].unique()
    full = pd.Index(np.concatenate([index.full_names, np.asarray(new, dtype=object)]), dtype=object)
    codes = full.get_indexer(text)  # first occurrence: a name already there keeps its code
    if len(full) - 1 > np.iinfo(index.name.dtype).max:  # the name codes' small dtype must hold the new ones
        index.name = index.name.astype(np.min_scalar_type(-len(full)))
    order = np.argsort(rows)
    pos = np.flatnonzero(np.isin(index.row, rows, kind="table"))  # one lookup per event, not a pass per name
    index.name[pos] = codes[order][np.searchsorted(rows[order], index.row[pos])]
    added = [_label(str(x)) for x in new]
    index.full_names = np.asarray(full, dtype=object)
    index.labels = list(index.labels) + added
    index.label_json_bytes = np.concatenate(
        [index.label_json_bytes, np.full(len(added), -1, np.int64)]
    )  # measured when sent


def _label(text: str) -> str:
    return text if len(text) <= MAX_LABEL_CHARS else text[: MAX_LABEL_CHARS - 1] + "…"
