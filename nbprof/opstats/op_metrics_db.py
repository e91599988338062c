"""XProf's host and device op metrics dbs side by side, as one frame.

The host db is ``host_ops.build_host_op_db``, the device db ``device_ops.build_device_op_db``;
this frame stacks them with the columns both have (``COLUMNS``: ``host``, ``host_or_device``,
``program_id``, ``name``, ``category``, ``provenance``, ``occurrences``, ``total_time_ps``,
``self_time_ps``, ``flops``, ``model_flops``, ``bytes_accessed``, ``is_eager``,
``db_total_time_ps``, ``db_total_op_time_ps``; times int64 ps), sorted per host and side by
self time. The framework-op table and the overview read it (``OpStats.op_metrics_db``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats.device_ops import DeviceOpDb, build_device_op_db
from nbprof.opstats.host_ops import COLUMNS, IDLE

__all__ = ["COLUMNS", "IDLE", "DeviceOpDb", "build_device_op_db", "combine_op_metrics_dbs", "op_metrics_notes"]

_INT_COLUMNS = ["occurrences", "total_time_ps", "self_time_ps", "flops", "model_flops", "bytes_accessed",
                "db_total_time_ps", "db_total_op_time_ps"]  # fmt: skip


def combine_op_metrics_dbs(host: pd.DataFrame, device: DeviceOpDb) -> pd.DataFrame:
    """The host and device op metrics dbs as one frame (``COLUMNS``)."""
    parts = [p for p in (host, device.table) if len(p)]
    frame = pd.concat([p.reindex(columns=COLUMNS) for p in parts], ignore_index=True) if parts else None
    if frame is None:
        return pd.DataFrame({c: pd.Series(dtype=object) for c in COLUMNS})
    ints = list(_INT_COLUMNS)  # one call per group of columns (pandas' fixed cost per call dominates here)
    frame[ints] = frame[ints].fillna(0).astype(np.int64)
    frame["program_id"] = frame["program_id"].fillna(0).astype(np.uint64).astype("UInt64")
    frame["is_eager"] = frame["is_eager"].fillna(False).astype(bool)
    text = ["host", "name", "category", "provenance", "host_or_device"]
    frame[text] = frame[text].fillna("").astype(str)
    return frame.sort_values(
        ["host", "host_or_device", "self_time_ps", "name"], ascending=[True, False, False, True], kind="stable"
    ).reset_index(drop=True)


def op_metrics_notes(host_info: dict[str, Any], device: DeviceOpDb) -> list[str]:
    """Which events the two dbs came from and what could not be attributed (plain sentences)."""
    notes = [
        f"host: {host_info.get('host_framework_op_events', 0):,} framework-op events "
        f"(named 'name:Type', JAX ops, tf.data 'Iterator::', memcpy, or with a tf_op stat) "
        f"of {host_info.get('host_events_considered', 0):,} /host:CPU events",
    ]
    return notes + list(device.notes)
