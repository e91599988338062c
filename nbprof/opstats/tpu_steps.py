"""The TPU step breakdown: per step and core, where the TensorCore's time went, as XProf splits it.

Follows XProf's TPU path (``xplane_to_step_events.cc::ConvertTpuDeviceTraceXLineToStepEvents``,
``step_events_to_steps_db.cc``, ``profile_time_breakdown.h``, and
``op_stats_to_input_pipeline_analysis.cc``: ``ConvertGenericStepBreakdownToTpuStepBreakdown``,
``ComputeTpuPerStepDataAcrossCores``, ``ComputeTpuBottleneckAnalysis``):

* **steps** are the events of each core's ``Steps`` line (``SparseCore Steps`` on SparseCore
  planes), keyed by their step group (``group_id``). Only steps every TPU plane ran are kept
  (XProf intersects the cores' steps), and none are dropped at the ends (the device's step line
  holds complete steps only). A TensorCore step lasts as long as the step's longest marker on any
  core; a SparseCore step as its own marker. Times are device times (``device_offset_ps`` /
  ``device_duration_ps`` where the events have them);
* **per core**, the self time of the step's ops on the core's op line (``XLA Ops``; nested ops
  subtract their children) is added up by HLO category; idle = step time - op self time. The
  categories make XProf's TPU breakdown: ``infeed``, ``outfeed`` (host outfeed), ``host send``/
  ``host recv`` (and ``-done``; host transfer), ``sparsecorev0 infeed`` (split into wait and
  transform by the ``sparsecorev0 outfeed`` time), ``all-reduce``/``all-reduce fusion``/
  ``all-to-all``, ``send``/``recv``, ``megacore fusion``;
* **per step**, across TensorCores (``PerTpuStepDetails``): TensorCore compute = the smallest
  (step time - time waiting for the host or SparseCore v0) of any core; infeed = the largest
  infeed of any core; outfeed = the cores' average host outfeed; host transfer = the largest host
  send/recv time; SparseCore v0 compute = the largest wait for SparseCore v0 (the open-source
  profile gives no split into its infeed, so that is 0); all-reduce compute = per all-reduce
  (``all_reduce_unique_id``) the fastest core's time, sync = the rest, from the core that spent
  most; idle = the shortest core step - everything else (never below 0). The step's "infeed
  percent" is averaged, minimum and maximum over cores. SparseCore planes add a SparseCore step
  time (average), compute (smallest busy time) and idle (average).

Where nbprof differs: a profile whose ``Steps`` events carry no ``group_id`` (not grouped by
XProf's preprocessing) pairs the cores' steps by their order on each core, and ops without a
group belong to the step marker on their core that contains them; XProf finds no steps there.
XProf's correction for TPUs fed without infeed (``MayFixTpuStepAnalysis``: part of the idle time
moved to infeed by the host's input time) is not applied. All times are int64 ps.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.opstats.device_ops import nearest_container, parse_memory_breakdown
from nbprof.opstats.utilization import INNER_OP_CATEGORIES
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames
from nbprof.xspace.typed_frame import typed_frame

# XLA's HLO categories behind XProf's TPU breakdown (tsl xla_op_utils.h).
INFEED = ("infeed",)
OUTFEED = ("outfeed",)
HOST_SEND_RECV = ("host send", "host send-done", "host recv", "host recv-done")
SCV0_INFEED = "sparsecorev0 infeed"
SCV0_OUTFEED = "sparsecorev0 outfeed"
ALL_REDUCE = ("all-reduce", "all-reduce fusion", "all-to-all")
SEND_RECV = ("send", "send-done", "recv", "recv-done")
MEGACORE_FUSION = ("megacore fusion",)
ALL_REDUCE_ID_STAT = "all_reduce_unique_id"  # the same all-reduce on every core

CORE_COLUMNS = [
    "host", "step", "plane", "is_sparse_core", "begin_ps", "duration_ps", "op_time_ps", "idle_ps", "infeed_ps",
    "outfeed_ps", "host_send_recv_ps", "scv0_infeed_wait_ps", "scv0_infeed_transform_ps", "scv0_outfeed_ps",
    "all_reduce_ps", "send_recv_ps", "megacore_fusion_ps", "flops", "hbm_bytes",
]  # fmt: skip
STEP_COLUMNS = [
    "host", "step", "step_name", "start_ps", "begin_ps", "step_time_ps", "tc_compute_ps", "scv0_compute_ps", "scv0_infeed_ps",
    "tc_infeed_ps", "tc_outfeed_ps", "tc_idle_ps", "host_transfer_ps", "all_reduce_compute_ps", "all_reduce_sync_ps",
    "infeed_pct_avg", "infeed_pct_min", "infeed_pct_max", "sc_step_time_ps", "sc_compute_ps", "sc_idle_ps",
    "tensor_cores", "sparse_cores",
]  # fmt: skip


@dataclass
class TpuSteps:
    """XProf's TPU step breakdown of one host (or several, stacked).

    ``cores``: one row per step and TPU plane (``CORE_COLUMNS``; ``flops`` and ``hbm_bytes`` of the
    step's ops on that core). ``steps``: one row per step (``STEP_COLUMNS``, XProf's
    ``PerTpuStepDetails``; ``step_time_ps`` is the step's slowest TensorCore, the step time XProf
    averages). ``notes``: plain sentences.
    """

    cores: pd.DataFrame
    steps: pd.DataFrame
    notes: list[str] = field(default_factory=list)


def empty_tpu_steps(notes: list[str] | None = None) -> TpuSteps:
    """A breakdown without steps (the columns of ``build_tpu_steps``')."""
    cores = _empty_frame(CORE_COLUMNS, {"host": object, "plane": object, "is_sparse_core": bool})
    percent = dict.fromkeys(("infeed_pct_avg", "infeed_pct_min", "infeed_pct_max"), np.float64)
    steps = _empty_frame(STEP_COLUMNS, {"host": object, "step_name": object, **percent})
    return TpuSteps(cores, steps, list(notes or []))


def _empty_frame(columns: list[str], dtypes: dict[str, type]) -> pd.DataFrame:
    """A frame without rows: int64 columns but those ``dtypes`` names (typed already: no inference)."""
    return typed_frame({c: np.empty(0, dtypes.get(c, np.int64)) for c in columns})


def stack_tpu_steps(parts: list[TpuSteps]) -> TpuSteps:
    """Several hosts' breakdowns as one (rows stacked, notes kept)."""
    return TpuSteps(
        pd.concat([p.cores for p in parts], ignore_index=True),
        pd.concat([p.steps for p in parts], ignore_index=True),
        [n for p in parts for n in p.notes],
    )


def device_timespan(ev: pd.DataFrame, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(start, duration) of event ``rows`` on the device clock where ``device_offset_ps`` and
    ``device_duration_ps`` say (XProf's GetDeviceEventTimespan), else the events' own."""
    start = ev["start_ps"].to_numpy()[rows].astype(np.int64)
    length = ev["duration_ps"].to_numpy()[rows].astype(np.int64)
    if "device_offset_ps" in ev.columns and "device_duration_ps" in ev.columns and len(rows):
        off, dur = ev["device_offset_ps"].iloc[rows], ev["device_duration_ps"].iloc[rows]
        has = (off.notna() & dur.notna()).to_numpy()
        start = np.where(has, off.to_numpy(dtype=np.int64, na_value=0), start)
        length = np.where(has, dur.to_numpy(dtype=np.int64, na_value=0), length)
    return start, length


def _marker_keys(group: np.ndarray, plane_codes: np.ndarray, start: np.ndarray, notes: list[str]) -> np.ndarray:
    """Step key of each marker: its group; without any group, its position on its plane (nbprof's pairing)."""
    if (group >= 0).any():
        return group
    notes.append(
        "TPU Steps events carry no group_id (the profile was not grouped by XProf's preprocessing): the cores' "
        "steps are paired by their order on each core (XProf finds no steps here)"
    )
    order = np.lexsort((start, plane_codes))
    rank = np.empty(len(order), np.int64)
    sorted_planes = plane_codes[order]
    first = np.r_[True, sorted_planes[1:] != sorted_planes[:-1]]
    run_start = np.maximum.accumulate(np.where(first, np.arange(len(order)), 0))
    rank[order] = np.arange(len(order)) - run_start
    return rank


def _step_of_ops(
    op_plane: np.ndarray, op_start: np.ndarray, m_plane: np.ndarray, m_start: np.ndarray, m_end: np.ndarray,
    m_key: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Step key of each op from the marker on its plane that contains its start (-1 if none)."""
    out = np.full(len(op_plane), -1, np.int64)
    if len(m_plane) == 0 or len(op_plane) == 0:
        return out
    order = np.lexsort((m_start, m_plane))
    mp, ms, me, mk = m_plane[order], m_start[order], m_end[order], m_key[order]
    # position of the last marker with (plane, start) <= (op plane, op start)
    scale = int(max(ms.max(initial=0), op_start.max(initial=0))) + 1
    marker_pos = mp.astype(np.float64) * scale + ms
    op_pos = op_plane.astype(np.float64) * scale + op_start
    idx = np.searchsorted(marker_pos, op_pos, side="right") - 1
    ok = idx >= 0
    safe = np.maximum(idx, 0)
    ok &= (mp[safe] == op_plane) & (op_start < me[safe])
    out[ok] = mk[safe[ok]]
    return out


def build_tpu_steps(frames: Frames, ev: pd.DataFrame, group: np.ndarray, host: str, names: dict[int, str]) -> TpuSteps:
    """XProf's TPU step breakdown of one host's events (see the module docstring).

    ``ev``: the host's events (a slice of ``frames.events``, its index their rows there), ``group``:
    their step group (-1 none), ``names``: step names by group.
    """
    notes: list[str] = []
    if not xs.values_in(ev["line"], [xs.STEPS_LINE, xs.SPARSECORE_STEPS_LINE]).any():  # no step marker at all
        return empty_tpu_steps()
    on_tc = xs.plane_mask(ev, xs.is_tpu_plane)
    on_sc = xs.plane_mask(ev, xs.is_sparsecore_plane)
    markers = (on_tc & xs.values_in(ev["line"], [xs.STEPS_LINE])) | (
        on_sc & xs.values_in(ev["line"], [xs.SPARSECORE_STEPS_LINE])
    )
    m_rows = np.flatnonzero(markers)
    if len(m_rows) == 0:
        return empty_tpu_steps()
    op_lines = [line for line in xs.TPU_OP_LINES if line != xs.SPARSECORE_OPS_LINE]
    ops = (on_tc & xs.values_in(ev["line"], op_lines)) | (on_sc & xs.values_in(ev["line"], [xs.SPARSECORE_OPS_LINE]))
    o_rows = np.flatnonzero(ops)
    plane_codes = ec.codes(ev["plane"])
    sc_plane = np.zeros(int(plane_codes.max(initial=-1)) + 2, bool)
    sc_plane[plane_codes[on_sc]] = True

    m_plane = plane_codes[m_rows]
    m_start, m_len = device_timespan(ev, m_rows)
    m_key = _marker_keys(group[m_rows], m_plane, m_start, notes)
    keep_marker = (m_key >= 0) & (m_len > 0)
    m_rows, m_plane, m_start, m_len, m_key = (a[keep_marker] for a in (m_rows, m_plane, m_start, m_len, m_key))

    # Ops: self time nested per line (device timespans), step from their group or their core's marker.
    o_start, o_len = device_timespan(ev, o_rows)
    line_key, _ = ec.group_ids(plane_codes[o_rows], ev["line_id"].to_numpy()[o_rows])
    order = np.lexsort((-o_len, o_start, line_key))
    parent_sorted = nearest_container(line_key[order], o_start[order], o_start[order] + o_len[order])
    parent = np.full(len(o_rows), -1, np.int64)
    parent[order] = np.where(parent_sorted >= 0, order[np.maximum(parent_sorted, 0)], -1)
    nested = parent >= 0
    self_time = o_len - ec.sum_by(parent[nested], o_len[nested], len(o_rows))
    o_plane = plane_codes[o_rows]
    o_step = group[o_rows] if (group[o_rows] >= 0).any() and (group[m_rows] >= 0).any() else None
    if o_step is None:
        o_step = _step_of_ops(o_plane, o_start, m_plane, m_start, m_start + m_len, m_key)

    # Steps on every TPU plane that has any (XProf intersects the cores' step events).
    planes_with_steps = ec.distinct_sorted(m_plane)
    plane_step = pd.DataFrame({"plane": m_plane, "step": m_key}).drop_duplicates()
    per_step_planes = plane_step.groupby("step")["plane"].nunique()
    common = per_step_planes.index[per_step_planes.to_numpy() == len(planes_with_steps)].to_numpy(np.int64)
    dropped = len(per_step_planes) - len(common)
    if dropped:
        notes.append(f"{dropped} TPU step(s) not run by every TPU core left out (XProf intersects the cores' steps)")
    if len(common) == 0:
        return empty_tpu_steps(notes)

    # Markers per (plane, step): the longest; the step's TensorCore time is its longest marker anywhere.
    profile_start = ev["start_ps"].to_numpy()[m_rows]
    mk = pd.DataFrame({"plane": m_plane, "step": m_key, "start": m_start, "len": m_len, "at": profile_start})
    mk = mk[mk["step"].isin(common)]
    mk = mk.sort_values(["plane", "step", "len"], ascending=[True, True, False], kind="stable")
    mk = mk.drop_duplicates(["plane", "step"])
    longest = mk.sort_values(["step", "len"], ascending=[True, False], kind="stable").drop_duplicates("step")
    longest = longest.set_index("step")
    is_sc = sc_plane[mk["plane"].to_numpy()]
    duration = np.where(is_sc, mk["len"].to_numpy(), longest["len"].reindex(mk["step"]).to_numpy())
    begin = np.where(is_sc, mk["start"].to_numpy(), longest["start"].reindex(mk["step"]).to_numpy())

    # Op self time by (plane, step, category).
    in_step = np.isin(o_step, common)
    category = ec.str_column(ev, "hlo_category", o_rows)
    cat = pd.DataFrame(
        {"plane": o_plane[in_step], "step": o_step[in_step], "category": category[in_step], "self": self_time[in_step]}
    )
    by_cat = cat.groupby(["plane", "step", "category"], sort=False)["self"].sum()
    index = pd.MultiIndex.from_arrays([mk["plane"].to_numpy(), mk["step"].to_numpy()], names=["plane", "step"])

    def time_of(categories: tuple[str, ...] | str) -> np.ndarray:
        wanted = (categories,) if isinstance(categories, str) else categories
        part = by_cat[by_cat.index.get_level_values("category").isin(wanted)]
        return part.groupby(level=["plane", "step"]).sum().reindex(index, fill_value=0).to_numpy(np.int64)

    op_time = cat.groupby(["plane", "step"])["self"].sum().reindex(index, fill_value=0).to_numpy(np.int64)
    scv0_in, scv0_out = time_of(SCV0_INFEED), time_of(SCV0_OUTFEED)
    transform = np.minimum(scv0_in, scv0_out)
    flops, hbm = _op_costs(frames, ev, o_rows[in_step], o_plane[in_step], o_step[in_step], index)
    plane_names = np.asarray(ev["plane"].cat.categories.astype(str), dtype=object)
    cores = pd.DataFrame(
        {
            "host": host,
            "step": mk["step"].to_numpy(np.int64),
            "plane": plane_names[mk["plane"].to_numpy()],
            "is_sparse_core": is_sc,
            "begin_ps": begin.astype(np.int64),
            "duration_ps": duration.astype(np.int64),
            "op_time_ps": op_time,
            "idle_ps": np.maximum(duration - op_time, 0).astype(np.int64),
            "infeed_ps": time_of(INFEED),
            "outfeed_ps": time_of(OUTFEED),
            "host_send_recv_ps": time_of(HOST_SEND_RECV),
            "scv0_infeed_wait_ps": scv0_in - transform,
            "scv0_infeed_transform_ps": transform,
            "scv0_outfeed_ps": scv0_out,
            "all_reduce_ps": time_of(ALL_REDUCE),
            "send_recv_ps": time_of(SEND_RECV),
            "megacore_fusion_ps": time_of(MEGACORE_FUSION),
            "flops": flops,
            "hbm_bytes": hbm,
        }
    )[CORE_COLUMNS]
    all_reduce = _all_reduce_breakdown(frames, ev, o_rows[in_step], o_plane[in_step], o_step[in_step], o_len[in_step])
    steps = _per_step(cores, all_reduce, names, host)
    steps["start_ps"] = longest["at"].reindex(steps["step"]).to_numpy(np.int64)
    return TpuSteps(cores.sort_values(["step", "plane"], kind="stable").reset_index(drop=True), steps, notes)


def _op_costs(
    frames: Frames, ev: pd.DataFrame, rows: np.ndarray, plane: np.ndarray, step: np.ndarray, index: pd.MultiIndex
) -> tuple[np.ndarray, np.ndarray]:
    """FLOPs and HBM bytes (memory-access breakdown, else bytes accessed) of the ops that hold no other
    ops, per (plane, step) of ``index``."""
    zeros = np.zeros(len(index), np.int64)
    if len(rows) == 0:
        return zeros, zeros
    occ = np.maximum(ev["num_occurrences"].to_numpy()[rows], 1).astype(np.int64)
    leaf = ~np.isin(ec.str_column(ev, "hlo_category", rows), INNER_OP_CATEGORIES)
    flops = ec.int_column(ev, "flops", rows) * occ
    accessed = ec.int_column(ev, "bytes_accessed", rows) * occ
    blobs = xs.stat_columns(frames, ev.index.to_numpy()[rows], ["memory_access_breakdown"])["memory_access_breakdown"]
    codes, distinct = pd.factorize(blobs, use_na_sentinel=False)
    parsed = np.array([parse_memory_breakdown(b) for b in distinct], dtype=np.int64).reshape(-1, 4)  # distinct stats
    per_run = parsed[codes] if len(parsed) else np.zeros((len(rows), 4), np.int64)
    hbm = np.where(per_run[:, 3] > 0, per_run[:, 2] * occ, accessed)
    frame = pd.DataFrame({"plane": plane[leaf], "step": step[leaf], "flops": flops[leaf], "hbm": hbm[leaf]})
    sums = frame.groupby(["plane", "step"])[["flops", "hbm"]].sum().reindex(index, fill_value=0)
    return sums["flops"].to_numpy(np.int64), sums["hbm"].to_numpy(np.int64)


def _all_reduce_breakdown(
    frames: Frames, ev: pd.DataFrame, rows: np.ndarray, plane: np.ndarray, step: np.ndarray, length: np.ndarray
) -> pd.DataFrame:
    """Per (step, plane): all-reduce compute (the fastest core's time of each all-reduce, by its
    ``all_reduce_unique_id``) and sync (the rest)."""
    empty = pd.DataFrame(columns=["step", "plane", "compute", "sync"])
    if len(rows) == 0:
        return empty
    ids = pd.to_numeric(
        pd.Series(xs.stat_columns(frames, ev.index.to_numpy()[rows], [ALL_REDUCE_ID_STAT])[ALL_REDUCE_ID_STAT]),
        errors="coerce",
    )
    has = ids.notna().to_numpy()
    if not has.any():
        return empty
    frame = pd.DataFrame(
        {"step": step[has], "plane": plane[has], "id": ids.to_numpy()[has].astype(np.int64), "len": length[has]}
    )
    fastest = frame.groupby(["step", "id"])["len"].transform("min")
    frame = frame.assign(compute=fastest, sync=frame["len"] - fastest)
    return frame.groupby(["step", "plane"], as_index=False)[["compute", "sync"]].sum()


def _per_step(cores: pd.DataFrame, all_reduce: pd.DataFrame, names: dict[int, str], host: str) -> pd.DataFrame:
    """XProf's PerTpuStepDetails of each step from its cores' breakdowns (see the module docstring)."""
    tc = cores[~cores["is_sparse_core"].to_numpy()]
    sc = cores[cores["is_sparse_core"].to_numpy()]
    steps = ec.distinct_sorted(cores["step"].to_numpy(np.int64))
    out = pd.DataFrame({"host": host, "step": steps})
    out["step_name"] = [names.get(int(s), str(int(s))) for s in steps]
    g = tc.groupby("step")
    wait_scv0 = tc["scv0_infeed_wait_ps"]
    wait_host = tc["infeed_ps"] + tc["outfeed_ps"] + tc["host_send_recv_ps"] + tc["idle_ps"]
    optimal = tc["duration_ps"] - wait_host - wait_scv0
    infeed_pct = 100.0 * tc["infeed_ps"] / tc["duration_ps"].where(tc["duration_ps"] > 0)

    def per(values: pd.Series, how: str, default: float = 0.0) -> np.ndarray:
        return values.groupby(tc["step"]).agg(how).reindex(steps).fillna(default).to_numpy(np.float64)

    out["start_ps"] = 0  # set by the caller: the longest marker's start on the profile's time axis
    out["begin_ps"] = g["begin_ps"].min().reindex(steps).fillna(0).to_numpy(np.int64)
    out["step_time_ps"] = per(tc["duration_ps"], "max").astype(np.int64)
    out["tc_compute_ps"] = np.rint(per(optimal, "min")).astype(np.int64)
    # SparseCore v0: from the core that waited most; the open-source profile gives no infeed share.
    out["scv0_compute_ps"] = per(wait_scv0, "max").astype(np.int64)
    out["scv0_infeed_ps"] = 0
    out["tc_infeed_ps"] = per(tc["infeed_ps"], "max").astype(np.int64)
    out["tc_outfeed_ps"] = np.rint(per(tc["outfeed_ps"], "mean")).astype(np.int64)
    out["host_transfer_ps"] = per(tc["host_send_recv_ps"], "max").astype(np.int64)
    if len(all_reduce):
        ar = all_reduce.assign(total=all_reduce["compute"] + all_reduce["sync"])
        ar = ar.sort_values(["step", "total"], ascending=[True, False], kind="stable").drop_duplicates("step")
        ar = ar.set_index("step").reindex(steps).fillna(0)
        out["all_reduce_compute_ps"] = ar["compute"].to_numpy(np.int64)
        out["all_reduce_sync_ps"] = ar["sync"].to_numpy(np.int64)
    else:
        out["all_reduce_compute_ps"] = 0
        out["all_reduce_sync_ps"] = 0
    non_idle = (
        out["tc_compute_ps"] + out["scv0_compute_ps"] + out["scv0_infeed_ps"] + out["tc_infeed_ps"]
        + out["all_reduce_compute_ps"] + out["all_reduce_sync_ps"] + out["tc_outfeed_ps"]
    )  # fmt: skip
    shortest = per(tc["duration_ps"], "min").astype(np.int64)
    out["tc_idle_ps"] = np.maximum(shortest - non_idle.to_numpy(np.int64), 0)
    out["infeed_pct_avg"] = per(infeed_pct, "mean")
    out["infeed_pct_min"] = per(infeed_pct, "min")
    out["infeed_pct_max"] = per(infeed_pct, "max")
    s = sc.groupby("step")
    out["sc_step_time_ps"] = np.rint(s["duration_ps"].mean().reindex(steps).fillna(0).to_numpy()).astype(np.int64)
    busy = (sc["duration_ps"] - sc["idle_ps"]).groupby(sc["step"]).min()
    out["sc_compute_ps"] = busy.reindex(steps).fillna(0).to_numpy(np.int64)
    out["sc_idle_ps"] = np.rint(s["idle_ps"].mean().reindex(steps).fillna(0).to_numpy()).astype(np.int64)
    out["tensor_cores"] = g["plane"].nunique().reindex(steps).fillna(0).to_numpy(np.int64)
    out["sparse_cores"] = s["plane"].nunique().reindex(steps).fillna(0).to_numpy(np.int64)
    return out[STEP_COLUMNS]


def tpu_step_time_ps(steps: pd.DataFrame) -> pd.Series:
    """XProf's TPU ``StepTimeMs`` of each step in ps: everything but idle, plus idle."""
    return (
        steps["tc_compute_ps"] + steps["scv0_compute_ps"] + steps["scv0_infeed_ps"] + steps["tc_infeed_ps"]
        + steps["all_reduce_compute_ps"] + steps["all_reduce_sync_ps"] + steps["tc_outfeed_ps"] + steps["tc_idle_ps"]
    )  # fmt: skip
