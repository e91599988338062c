"""Counter tracks: time series drawn as step areas under a section (e.g. memory in use)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd


@dataclass
class CounterSource:
    """One counter series before it gets a track: where it goes and its samples."""

    host: str
    plane: str
    name: str
    time_ps: np.ndarray  # int64, ascending
    value: np.ndarray  # float64


def find_counters(events: pd.DataFrame) -> list[CounterSource]:
    """Memory in use (``bytes_allocated`` after each allocation event), one series per allocator.

    The value holds from one sample to the next, as in XProf's memory profile.
    """
    if "bytes_allocated" not in events or len(events) == 0:
        return []
    values = events["bytes_allocated"]
    has = values.notna().to_numpy()
    if not has.any():
        return []
    part = events.loc[has, ["host", "plane", "start_ps"]].copy()
    part["value"] = values[has].to_numpy(np.float64)
    allocator = events["allocator_name"][has] if "allocator_name" in events else pd.Series("", index=part.index)
    part["allocator"] = allocator.astype(object).fillna("").astype(str).to_numpy()
    out = []
    for (host, plane, alloc), grp in part.groupby(["host", "plane", "allocator"], observed=True, sort=True):
        grp = grp.sort_values("start_ps", kind="stable")
        label = f"Memory in use ({alloc})" if alloc else "Memory in use"
        out.append(
            CounterSource(
                str(host), str(plane), label, grp["start_ps"].to_numpy(np.int64), grp["value"].to_numpy(np.float64)
            )
        )
    return out
