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
from nbprof.proto.wire import fields
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames
from nbprof.xspace.typed_frame import strings, typed_frame

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
    details = planes[xs.CORE_DETAILS_STAT].tolist() if xs.CORE_DETAILS_STAT in planes.columns else None
    for i, (host, name) in enumerate(zip(_texts(planes["host"]), _texts(planes["name"]))):
        if not name.startswith(xs.TPU_PLANE_PREFIX):
            continue
        chip = local_chip_id(details[i]) if details is not None else None
        out[(host, name)] = f"chip {chip}" if chip is not None else name
    return out


def _texts(column: pd.Series) -> list[object]:
    """``column.astype(str).tolist()`` (missing values stay NaN); a categorical of str read through its
    categories (no conversion of the column)."""
    if isinstance(column.dtype, pd.CategoricalDtype) and column.array.categories.inferred_type == "string":
        return xs.values_list(column)
    return column.astype(str).tolist()


def _pair_ids(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, int]:
    """``ec.group_ids(first, second)`` of two arrays of small non-negative int ids (dense ids of the
    distinct pairs, in order of first appearance): one factorize of the pairs packed into one int64."""
    if len(first) == 0:
        return np.zeros(0, np.int64), 0
    packed = first.astype(np.int64) * (int(second.max()) + 1) + second
    ids, distinct = pd.factorize(packed)
    return ids.astype(np.int64), len(distinct)


def build_duty_cycle(frames: Frames) -> DutyCycle:
    """XProf's TPU duty cycle of a profile's TPU planes (zero busy and idle time without TPU planes)."""
    chips = _chip_of_planes(frames)
    if not chips:
        return _no_duty_cycle()
    ev = frames.events
    on_tpu = xs.plane_mask(ev, lambda n: n.startswith(xs.TPU_PLANE_PREFIX))
    ops = on_tpu & xs.values_in(ev["line"], [xs.XLA_OPS_LINE])
    sc_ops = on_tpu & xs.values_in(ev["line"], [xs.SPARSECORE_OPS_LINE])
    modules = on_tpu & xs.values_in(ev["line"], [xs.XLA_MODULES_LINE, xs.SPARSECORE_MODULES_LINE])
    rows = np.flatnonzero(ops | sc_ops | modules)
    if len(rows) == 0:
        return _no_duty_cycle()
    host_of_code, host_text = ec.text_ids(ev["host"])
    plane_of_code, plane_text = ec.text_ids(ev["plane"])
    host = host_of_code[ec.row_codes(ev["host"], rows)]  # text ids: rows grouped as by their texts
    plane = plane_of_code[ec.row_codes(ev["plane"], rows)]
    pair_id, n_pairs = _pair_ids(host, plane)
    first_of_pair = ec.first_rows(pair_id)
    pair_chip = [
        chips.get((h, p), p) for h, p in zip(host_text[host[first_of_pair]], plane_text[plane[first_of_pair]])
    ]  # (host, plane) pairs, not events
    chip_of_pair, chip_text = pd.factorize(np.array(pair_chip, dtype=object))
    chip_key, n_chips = _pair_ids(host, chip_of_pair[pair_id])
    start = ev["start_ps"].to_numpy()[rows]
    end = ev["end_ps"].to_numpy()[rows]
    active = (ops[rows] & ~_off_duty(ev, rows)) | sc_ops[rows]

    lo = np.full(n_chips, np.iinfo(np.int64).max, np.int64)
    hi = np.full(n_chips, np.iinfo(np.int64).min, np.int64)
    np.minimum.at(lo, chip_key, start)
    np.maximum.at(hi, chip_key, end)
    span = np.maximum(hi - lo, 0)
    busy_ps = np.minimum(ec.union_lengths(chip_key[active], start[active], end[active], n_chips), span)
    first = ec.first_rows(chip_key)
    chip_plane, _ = _pair_ids(chip_key, plane)
    planes_per_chip = np.bincount(chip_key[ec.first_rows(chip_plane)], minlength=n_chips).astype(np.int64)
    table = typed_frame(
        {
            "host": strings(host_text[host[first]].tolist()),
            "chip": strings(np.asarray(chip_text, dtype=object)[chip_of_pair[pair_id[first]]].tolist()),
            "planes": planes_per_chip,
            "span_ps": span,
            "busy_ps": busy_ps,
            "idle_ps": span - busy_ps,
        }
    )
    return DutyCycle(int(busy_ps.sum()), int((span - busy_ps).sum()), table)


def _no_duty_cycle() -> DutyCycle:
    """No TPU chip: zero busy and idle time, no chip rows."""
    return DutyCycle(0, 0, ec.empty_frame(CHIP_COLUMNS))


def _off_duty(ev: pd.DataFrame, rows: np.ndarray) -> np.ndarray:
    """Whether each of event ``rows`` is an off-duty op by its ``hlo_category`` (tested per category)."""
    if "hlo_category" not in ev.columns:
        return np.full(len(rows), "" in OFF_DUTY_CATEGORIES, dtype=bool)
    off = [text in OFF_DUTY_CATEGORIES for text in ec.category_text(ev["hlo_category"])]
    return np.array([*off, "" in OFF_DUTY_CATEGORIES], dtype=bool)[ec.row_codes(ev["hlo_category"], rows)]


def combine_duty_cycles(parts: list[DutyCycle]) -> DutyCycle:
    """Several hosts' duty cycles: busy and idle time added up (XProf's op stats combiner)."""
    chips = [p.chips for p in parts if len(p.chips)]
    return DutyCycle(
        sum(p.busy_ps for p in parts),
        sum(p.idle_ps for p in parts),
        pd.concat(chips, ignore_index=True) if chips else ec.empty_frame(CHIP_COLUMNS),
    )
