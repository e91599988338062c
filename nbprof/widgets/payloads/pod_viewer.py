"""Pod viewer payload: per step, one stacked column per worker (host/device), times in ms."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.widgets.payloads.steps import pretty

MAX_STEPS = 500
WORKER_COLUMNS = ("worker", "host", "core", "device")
# totals and sub-breakdowns (parts of another category): not stacked
SKIP = {
    "start_ps",
    "duration_ps",
    "end_ps",
    "step_time_ps",
    "host_wait_input_ps",
    "host_to_device_ps",
    "device_compute_16_ps",
    "device_compute_32_ps",
    "step_time_ms",
    "duration_ms",
    "duration_us",
    "step_time_us",
}
SCALE_TO_MS = {"_ps": 1e-9, "_us": 1e-3, "_ms": 1.0}


def from_steps(frame: pd.DataFrame) -> dict[str, Any]:
    """Build the payload from a per-step frame with worker columns (host, core), ``step_num`` and one
    ``<category>_us`` (or ``_ps``/``_ms``) column per category (the pod viewer's ``steps`` or ``prof.steps``)."""
    if frame is None or len(frame) == 0 or "step_num" not in frame.columns:
        return {"available": False, "reason": "no steps found in this profile"}
    worker_cols = [c for c in WORKER_COLUMNS if c in frame.columns]
    if worker_cols:
        workers = (
            frame[worker_cols].astype(str).agg(" ".join, axis=1)
            if len(worker_cols) > 1
            else frame[worker_cols[0]].astype(str)
        )
    else:
        workers = pd.Series(["worker 0"] * len(frame), index=frame.index)
    cats = [
        c
        for c in frame.columns
        if c not in SKIP
        and c.endswith(tuple(SCALE_TO_MS))
        and pd.api.types.is_numeric_dtype(frame[c])
        and pd.to_numeric(frame[c], errors="coerce").fillna(0).abs().sum() > 0
    ]
    scale = np.array([SCALE_TO_MS[c[-3:]] for c in cats])
    data = frame.assign(_worker=workers.to_numpy())
    steps = sorted(pd.unique(data["step_num"].dropna()))[:MAX_STEPS]
    worker_names = list(pd.unique(data["_worker"]))
    grouped = data.groupby(["step_num", "_worker"], observed=True)[cats].sum() if cats else None
    if grouped is not None and len(steps):
        full = pd.MultiIndex.from_product([steps, worker_names])
        cube = grouped.reindex(full).fillna(0.0).to_numpy(dtype=float) * scale
        values = np.round(cube.reshape(len(steps), len(worker_names), len(cats)), 6).tolist()
    else:
        values = [[[] for _ in worker_names] for _ in steps]
    return {
        "steps": [int(s) for s in steps],
        "workers": [str(w) for w in worker_names],
        "categories": [pretty(c) for c in cats],
        "values": values,
    }


def build(result: Any) -> dict[str, Any]:
    """Payload of ``prof.pod_viewer()`` (a frame, or an object holding one)."""
    frame = (
        result
        if isinstance(result, pd.DataFrame)
        else next(
            (
                getattr(result, n)
                for n in ("steps", "frame", "breakdown", "workers")
                if isinstance(getattr(result, n, None), pd.DataFrame)
            ),
            None,
        )
    )
    from nbprof.widgets.payloads._common import notes_of

    payload = from_steps(frame)
    payload["notes"] = notes_of(result)
    return payload
