"""TPU duty cycle: the share of time a TPU chip runs ops, as XProf measures it.

Follows ``xprof/convert/xplane_to_op_stats.cc::ConstructDutyCycleTracker`` and
``duty_cycle_combiner.h``: per TPU plane (TensorCores and SparseCores), the time span runs from
the first to the last event of its ``XLA Ops``, ``SparseCore Ops``, ``XLA Modules`` and
``SparseCore Modules`` lines; the active time is the union of its ``XLA Ops`` events (except
off-duty ops: infeed, outfeed, host send/recv and megacore fusion, by ``hlo_category``) and its
``SparseCore Ops`` events. Planes of one chip (the ``local_chip_id`` of their ``core_details``
stat) are merged: their spans extend the chip's span and their active times are united. A plane
without ``core_details`` counts as a chip of its own. Busy and idle time add up over chips.

``duty_cycle_pct = 100 x busy / (busy + idle)``. Times are int64 ps.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.opstats.step_db import union_length
from nbprof.proto.wire import fields
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames

# tsl IsOffDutyOp: TPU time spent on these op categories is not duty time.
OFF_DUTY_CATEGORIES = (
    "infeed", "outfeed", "host send", "host send-done", "host recv", "host recv-done", "megacore fusion",
)  # fmt: skip
CHIP_COLUMNS = ["host", "chip", "planes", "span_ps", "busy_ps", "idle_ps"]


@dataclass(frozen=True)
class DutyCycle:
    """Busy and idle time of the profile's TPU chips (ps); ``chips``: one row per chip (``CHIP_COLUMNS``:
    ``chip`` is ``chip <local_chip_id>`` or the plane name of a plane without core details)."""

    busy_ps: int
    idle_ps: int
    chips: pd.DataFrame

    @property
    def duty_cycle_pct(self) -> float | None:
        """100 x busy / (busy + idle); None without TPU ops."""
        total = self.busy_ps + self.idle_ps
        return 100.0 * self.busy_ps / total if total > 0 else None


def local_chip_id(core_details: object) -> int | None:
    """``local_chip_id`` (field 4) of a serialized ``CoreDetails``; 0 when unset, None when not bytes."""
    if not isinstance(core_details, (bytes, bytearray)):
        return None
    values = {num: value for num, value in fields(bytes(core_details)) if isinstance(value, int)}
    return int(values.get(4, 0))


def _chip_of_planes(frames: Frames) -> dict[tuple[str, str], str]:
    """(host, TPU plane) -> chip key, from each plane's ``core_details`` stat (a handful of planes)."""
    planes = frames.planes
    out: dict[tuple[str, str], str] = {}
    if len(planes) == 0:
        return out
    details = planes[xs.CORE_DETAILS_STAT] if xs.CORE_DETAILS_STAT in planes.columns else None
    for i, (host, name) in enumerate(zip(planes["host"].astype(str), planes["name"].astype(str))):
        if not name.startswith(xs.TPU_PLANE_PREFIX):
            continue
        chip = local_chip_id(details.iloc[i]) if details is not None else None
        out[(host, name)] = f"chip {chip}" if chip is not None else name
    return out


def build_duty_cycle(frames: Frames) -> DutyCycle:
    """XProf's TPU duty cycle of a profile's TPU planes (zero busy and idle time without TPU planes)."""
    chips = _chip_of_planes(frames)
    empty = DutyCycle(0, 0, pd.DataFrame(columns=CHIP_COLUMNS))
    if not chips:
        return empty
    ev = frames.events
    on_tpu = xs.plane_mask(ev, lambda n: n.startswith(xs.TPU_PLANE_PREFIX))
    ops = on_tpu & xs.values_in(ev["line"], [xs.XLA_OPS_LINE])
    sc_ops = on_tpu & xs.values_in(ev["line"], [xs.SPARSECORE_OPS_LINE])
    modules = on_tpu & xs.values_in(ev["line"], [xs.XLA_MODULES_LINE, xs.SPARSECORE_MODULES_LINE])
    rows = np.flatnonzero(ops | sc_ops | modules)
    if len(rows) == 0:
        return empty
    host, plane = ec.str_column(ev, "host", rows), ec.str_column(ev, "plane", rows)
    chip = np.array([chips.get((h, p), p) for h, p in zip(*_distinct_pairs(host, plane))], dtype=object)
    pair_id, _ = ec.group_ids(host, plane)
    chip_key, n_chips = ec.group_ids(host, chip[pair_id])
    start = ev["start_ps"].to_numpy()[rows]
    end = ev["end_ps"].to_numpy()[rows]
    category = ec.str_column(ev, "hlo_category", rows)
    off_duty = np.isin(category, OFF_DUTY_CATEGORIES)
    active = (ops[rows] & ~off_duty) | sc_ops[rows]

    lo = np.full(n_chips, np.iinfo(np.int64).max, np.int64)
    hi = np.full(n_chips, np.iinfo(np.int64).min, np.int64)
    np.minimum.at(lo, chip_key, start)
    np.maximum.at(hi, chip_key, end)
    span = np.maximum(hi - lo, 0)
    busy = union_length(chip_key[active], start[active], end[active]).reindex(np.arange(n_chips), fill_value=0)
    busy_ps = np.minimum(busy.to_numpy(np.int64), span)
    first = np.full(n_chips, len(rows), np.int64)
    np.minimum.at(first, chip_key, np.arange(len(rows)))
    planes_per_chip = pd.Series(plane).groupby(chip_key).nunique().reindex(np.arange(n_chips), fill_value=0)
    table = pd.DataFrame(
        {
            "host": host[first],
            "chip": chip[pair_id][first],
            "planes": planes_per_chip.to_numpy(np.int64),
            "span_ps": span,
            "busy_ps": busy_ps,
            "idle_ps": span - busy_ps,
        }
    )
    return DutyCycle(int(busy_ps.sum()), int((span - busy_ps).sum()), table[CHIP_COLUMNS])


def _distinct_pairs(host: np.ndarray, plane: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct (host, plane) pairs in order of first appearance (as ``group_ids`` numbers them)."""
    pair_id, n = ec.group_ids(host, plane)
    first = np.full(n, len(pair_id), np.int64)
    np.minimum.at(first, pair_id, np.arange(len(pair_id)))
    return host[first], plane[first]


def combine_duty_cycles(parts: list[DutyCycle]) -> DutyCycle:
    """Several hosts' duty cycles: busy and idle time added up (XProf's op stats combiner)."""
    chips = [p.chips for p in parts if len(p.chips)]
    return DutyCycle(
        sum(p.busy_ps for p in parts),
        sum(p.idle_ps for p in parts),
        pd.concat(chips, ignore_index=True) if chips else pd.DataFrame(columns=CHIP_COLUMNS),
    )
