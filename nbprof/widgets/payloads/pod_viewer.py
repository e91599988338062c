"""Pod viewer payload: per step, one stacked column per worker (host and core), times in ms.

Reads ``PodViewer.steps`` (nbprof.tools.pod_viewer): ``host``, ``core``, ``step_num``, ``step_name``,
``duration_us``, ``<category>_us``, ``bottleneck``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.tools.pod_viewer import PodViewer
from nbprof.widgets.payloads._common import NO_STEPS_BANNER, notes_of
from nbprof.widgets.payloads.steps import category_columns, category_label

MAX_STEPS = 500


def workers(steps: pd.DataFrame) -> pd.Series:
    """``"<host> <core>"`` per row: one column of the chart."""
    return steps["host"].astype(str) + " " + steps["core"].astype(str)


def straggler(steps: pd.DataFrame) -> str:
    """One sentence on the slowest worker, where there are several."""
    names = workers(steps)
    per_worker = steps["duration_us"].groupby(names.to_numpy()).mean()
    if len(per_worker) < 2:
        slowest = steps.loc[steps["duration_us"].idxmax()]
        return (
            f"Step {slowest['step_num']} is the slowest ({slowest['duration_us'] / 1e3:.3g} ms, "
            f"mostly {str(slowest['bottleneck']).lower()}); move the slider to compare steps."
        )
    worst, median = per_worker.idxmax(), float(per_worker.median())
    behind = 100.0 * (float(per_worker.max()) / median - 1.0) if median > 0 else 0.0
    return (
        f"{worst} is the slowest worker: its steps take {behind:.0f}% longer than the median worker's; "
        "compare its breakdown with the others."
    )


def build(result: PodViewer) -> dict[str, Any]:
    """Payload of ``prof.pod_viewer()``."""
    steps = result.steps
    if len(steps) == 0:
        return {"available": False, "reason": "no steps found in this profile", "banner": NO_STEPS_BANNER,
                "notes": notes_of(result)}  # fmt: skip
    cats = category_columns(steps, "_us")
    data = steps.assign(_worker=workers(steps).to_numpy())
    step_nums = sorted(pd.unique(data["step_num"]))[:MAX_STEPS]
    worker_names = list(pd.unique(data["_worker"]))
    grouped = data.groupby(["step_num", "_worker"], observed=True)[[f"{c}_us" for c in cats]].sum()
    full = pd.MultiIndex.from_product([step_nums, worker_names])
    cube = grouped.reindex(full).fillna(0.0).to_numpy(dtype=float) / 1e3
    values = np.round(cube.reshape(len(step_nums), len(worker_names), len(cats)), 6).tolist()
    return {
        "advice": straggler(steps),
        "steps": [int(s) for s in step_nums],
        "workers": [str(w) for w in worker_names],
        "categories": [category_label(c) for c in cats],
        "values": values,
        "notes": notes_of(result),
    }
