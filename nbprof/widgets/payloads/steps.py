"""Per-step charts shared by the overview, input pipeline and pod viewer payloads.

The step frames carry one column per step-time category (``nbprof.opstats.step_db.CATEGORIES``) with a
unit suffix: ``<category>_ms`` (overview ``step_time_graph``, input pipeline ``device_steps``) or
``<category>_us`` (pod viewer ``steps``). Charts are drawn in ms.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from nbprof.opstats.step_db import CATEGORIES
from nbprof.tools.pod_viewer import CATEGORY_LABELS
from nbprof.widgets.payloads._common import column_values

TO_MS = {"_ms": 1.0, "_us": 1e-3}


# nbprof's own step-time categories beside XProf's: time only XLA CPU ops covered (JAX or
# PyTorch/XLA on CPU; the overview counts it as compute, XProf as "all others")
EXTRA_CATEGORIES = {"xla_cpu_compute": "XLA CPU compute"}


def category_label(category: str) -> str:
    """``device_compute`` -> ``Device compute`` (XProf's names)."""
    if category in EXTRA_CATEGORIES:
        return EXTRA_CATEGORIES[category]
    return CATEGORY_LABELS.get(category, category.replace("_", " ").capitalize())


def category_columns(frame: pd.DataFrame, suffix: str) -> list[str]:
    """The categories with some time in ``frame`` (``<category><suffix>`` columns), in XProf's order,
    then nbprof's own."""
    names = [*CATEGORIES, *EXTRA_CATEGORIES]
    return [c for c in names if f"{c}{suffix}" in frame.columns and frame[f"{c}{suffix}"].abs().sum() > 0]


def step_labels(frame: pd.DataFrame) -> list[str]:
    """``step_name`` per row, prefixed with the host where the frame has several hosts."""
    labels = frame["step_name"].astype(str)
    if frame["host"].nunique() > 1:
        labels = frame["host"].astype(str) + ":" + labels
    return labels.tolist()


def step_graph(frame: pd.DataFrame, suffix: str = "_ms") -> dict[str, Any]:
    """``{"labels": [step names], "series": [{"name", "values" (ms)}]}``: one stacked bar per step."""
    if len(frame) == 0:
        return {"reason": "no steps found in this profile"}
    scale = TO_MS[suffix]
    series = [
        {"name": category_label(c), "values": column_values(frame[f"{c}{suffix}"] * scale, "num")}
        for c in category_columns(frame, suffix)
    ]
    return {"labels": step_labels(frame), "series": series}
