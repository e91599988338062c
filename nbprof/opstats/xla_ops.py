"""Per-op metrics of XLA ops (one row per program and HLO op), the input of op_profile and roofline.

Two sources, tried in this order:

* ``device``: XLA ops on accelerator planes, as XProf's device op metrics db
  (``xplane_to_op_metrics_db.cc``). TPU: events of the ``XLA Ops`` line of each
  ``/device:TPU:N`` plane, timed with their ``device_offset_ps``/``device_duration_ps`` stats,
  keyed by (``program_id``, op name) and merged over cores; FLOPs and bytes are the per-run
  metadata stats times the occurrences. GPU: kernels carrying ``hlo_op``/``hlo_module``
  stats; consecutive kernels of the same HLO op and step on a stream form one occurrence.
* ``host``: XLA CPU ops on host threads (events with ``hlo_op`` and ``hlo_module`` stats), the
  only XLA ops a CPU-only JAX profile has. XProf shows nothing for these.

Times are int64 ps; ``self_time_ps`` subtracts nested XLA ops on the same line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from nbprof.proto.wire import fields
from nbprof.xspace import semantics as xs

OP_LINE_NAMES = (xs.XLA_OPS_LINE,)
GIBI = 2**30

OP_COLUMNS = [
    "program_id", "program", "hlo_module", "name", "category", "expression", "tf_op", "shape",
    "deduplicated_name", "source_file", "source_line", "source_stack", "metadata_id", "plane_first",
    "occurrences", "time_ps", "self_time_ps", "children_time_ps", "min_time_ps", "normalized_time_ps",
    "flops", "model_flops", "bytes_accessed", "hbm_read_bytes", "hbm_write_bytes", "hbm_bytes_all",
    "has_breakdown",
]  # fmt: skip


@dataclass
class XlaOps:
    """Op metrics plus what is needed to place them in a tree."""

    ops: pd.DataFrame
    source: str  # "device" | "host" | "none"
    device_kind: str  # "TPU" | "GPU" | "CPU" | ""
    total_time_ps: int  # span the ops ran in (sum over cores), idle included
    peak_tflops: float = float("nan")
    peak_hbm_gibps: float = float("nan")
    device_type: str = ""
    fused_children: pd.DataFrame = field(default_factory=pd.DataFrame)
    notes: list[str] = field(default_factory=list)


def _with_event_only_defaults(ops: pd.DataFrame) -> pd.DataFrame:
    """Columns that only TPU op events (or the HLO protos, filled in later) carry: neutral values
    for ops built from host-thread or GPU kernel events (no DVFS scaling, no HBM breakdown)."""
    ops["normalized_time_ps"] = ops["time_ps"].astype(np.float64)
    ops["model_flops"] = ops["flops"]
    for col in ("shape", "deduplicated_name", "source_file", "source_stack", "plane_first"):
        ops[col] = ""
    ops["source_line"] = np.nan
    ops["metadata_id"] = -1
    ops["hbm_read_bytes"] = 0
    ops["hbm_write_bytes"] = 0
    ops["hbm_bytes_all"] = 0
    ops["has_breakdown"] = False
    return ops


def parse_memory_breakdown(blob: object) -> tuple[int, int, int, int]:
    """(HBM read, HBM write, HBM any-kind bytes, number of entries) per run, from a
    ``memory_access_breakdown`` stat.

    The stat is a serialized ``MemoryAccessBreakdown``: repeated field 1 of
    ``{operation_type=1 (1 read, 2 write), memory_space=2 (1 = HBM), bytes_accessed=3}``.
    """
    if not isinstance(blob, (bytes, bytearray)) or not blob:
        return 0, 0, 0, 0
    read = write = hbm = entries = 0
    for entry in fields(bytes(blob)):
        if entry[0] != 1 or not isinstance(entry[1], bytes):
            continue
        op_type = space = nbytes = 0
        for num, value in fields(entry[1]):
            if num == 1 and isinstance(value, int):
                op_type = value
            elif num == 2 and isinstance(value, int):
                space = value
            elif num == 3 and isinstance(value, int):
                nbytes = value
        entries += 1
        hbm += nbytes if space == 1 else 0
        if space == 1 and op_type == 1:
            read += nbytes
        elif space == 1 and op_type == 2:
            write += nbytes
    return read, write, hbm, entries


_SUFFIX = re.compile(r"\.\d+$")


def category_from_name(names: pd.Series) -> pd.Series:
    """A category for an HLO op known only by name (CPU ops carry no ``hlo_category``).

    ``multiply_add_fusion.3`` -> ``fusion``, ``wrapped_reduce`` -> ``reduce``, ``dot.2`` -> ``dot``.
    """
    base = names.astype(str).str.replace(_SUFFIX, "", regex=True)
    base = base.str.replace(r"^wrapped_", "", regex=True)
    return base.where(~base.str.contains("fusion", regex=False), "fusion")


def program_name(module: pd.Series, program_id: pd.Series) -> pd.Series:
    """XProf's program node name ``<hlo module>(<program id>)``; ``main`` when unknown."""
    mod = module.astype("string")
    pid = program_id.astype("string")
    named = mod.fillna("") + "(" + pid.fillna("") + ")"
    return named.where(mod.notna() & (mod != "") & pid.notna(), "main").astype(str)


def _children_time(events: pd.DataFrame, mask: np.ndarray, duration: np.ndarray) -> np.ndarray:
    """Sum of durations of direct children that are themselves selected ops (per selected row)."""
    idx = np.flatnonzero(mask)
    parent = events["parent"].to_numpy()[idx]
    out = np.zeros(len(events), dtype=np.int64)
    has = (parent >= 0) & mask[np.clip(parent, 0, None)]
    np.add.at(out, parent[has], duration[idx[has]])
    return out[idx]


def _device_children_time(ev: pd.DataFrame, rows: np.ndarray, start: np.ndarray, dur: np.ndarray) -> np.ndarray:
    """Time of direct children per op, nesting ops of a line by device timespan inclusion
    (XProf's AncestorStack on ``device_offset_ps``/``device_duration_ps``)."""
    from nbprof.xspace.nesting import nest_lines

    sub = ev.iloc[rows]
    line_key = pd.factorize(sub["plane"].astype(str).to_numpy() + "\x00" + sub["line_id"].astype(str).to_numpy())[0]
    order = np.lexsort((-dur, start, line_key))
    _, _, self_sorted = nest_lines(line_key[order], start[order], start[order] + dur[order])
    self_time = np.empty_like(self_sorted)
    self_time[order] = self_sorted
    return dur - self_time


def _module_names(prof) -> dict[int, str]:
    """program_id -> module name from the TPU ``XLA Modules`` lines (``name(program_id)``)."""
    ev = prof.events
    on_line = xs.value_mask(ev["line"], lambda name: name == xs.XLA_MODULES_LINE)
    mods = ev.loc[on_line, "name"].astype(str).unique()
    out: dict[int, str] = {}
    for text in mods:
        m = re.match(r"^(.*)\((\d+)\)$", text)
        if m:
            out[int(m.group(2))] = m.group(1)
    return out


def device_total_time(
    events: pd.DataFrame, dev_start: np.ndarray, dev_end: np.ndarray, op_mask: np.ndarray, step_mask: np.ndarray
) -> int:
    """Σ over device planes (of every host) of (last − first) op/step time, XProf's device
    ``total_time_ps``."""
    m = op_mask | step_mask
    if not m.any():
        return 0
    rows = np.flatnonzero(m)
    frame = pd.DataFrame({"host": events["host"].iloc[rows].astype(str).to_numpy(),
                          "plane": events["plane"].iloc[rows].astype(str).to_numpy(), "s": dev_start[m],
                          "e": dev_end[m]})  # fmt: skip
    span = frame.groupby(["host", "plane"], sort=False).agg(s=("s", "min"), e=("e", "max"))
    return int((span["e"] - span["s"]).sum())


def _device_starts(prof, ev: pd.DataFrame, start: np.ndarray) -> np.ndarray:
    """Event starts on the device clock where a ``device_offset_ps`` stat gives it.

    ``device_offset_ps`` counts from its line's timestamp; starts are made comparable within a
    plane by adding the line's timestamp relative to the plane's earliest line. Events without
    the stat keep ``start_ps`` (a different origin: only compare within one kind).
    """
    out = start.astype(np.int64).copy()
    offset = ev["device_offset_ps"]
    have = offset.notna().to_numpy()
    if not have.any():
        return out
    lines = prof.lines
    plane_min = lines.groupby(["host", "plane"])["timestamp_ns"].transform("min")
    rel = pd.Series(((lines["timestamp_ns"] - plane_min) * 1000).to_numpy(),
                    index=pd.MultiIndex.from_arrays([lines["host"].astype(str), lines["plane"].astype(str),
                                                     lines["line_id"]]))  # fmt: skip
    rel = rel[~rel.index.duplicated()]
    sel = np.flatnonzero(have)
    key = pd.MultiIndex.from_arrays(
        [
            ev["host"].iloc[sel].astype(str).to_numpy(),
            ev["plane"].iloc[sel].astype(str).to_numpy(),
            ev["line_id"].to_numpy()[sel],
        ]
    )
    line_rel = rel.reindex(key).fillna(0).to_numpy(dtype=np.int64)
    out[sel] = offset.to_numpy(dtype="float64", na_value=0)[sel].astype(np.int64) + line_rel
    return out


def tpu_ops(prof) -> XlaOps | None:
    """Device op metrics of TPU planes (None when the profile has no TPU XLA ops)."""
    ev = prof.events
    if len(ev) == 0:
        return None
    is_tpu = xs.value_mask(ev["plane"], xs.is_tpu_plane)
    op_mask = is_tpu & xs.value_mask(ev["line"], lambda name: name in OP_LINE_NAMES) & ~ev["aggregated"].to_numpy()
    if not op_mask.any():
        return None
    step_mask = is_tpu & xs.value_mask(ev["line"], lambda name: name in xs.TPU_STEP_LINES)
    start = ev["start_ps"].to_numpy()
    dur = ev["duration_ps"].to_numpy().astype(np.int64)
    dev_dur = dur.copy()
    dev_start = start.copy()
    if "device_duration_ps" in ev.columns:
        dd = ev["device_duration_ps"]
        have = dd.notna().to_numpy()
        dev_dur[have] = dd.to_numpy(dtype="float64", na_value=0)[have].astype(np.int64)
    if "device_offset_ps" in ev.columns:
        dev_start = _device_starts(prof, ev, start)
    dev_end = dev_start + dev_dur
    total = device_total_time(ev, dev_start, dev_end, op_mask, step_mask)

    rows = np.flatnonzero(op_mask)
    extra = xs.stat_table(prof, rows,
        ("hlo_category", "symbol_id", "deduplicated_name", "memory_access_breakdown", "shape_with_layout",
         "source", "source_stack", "time_scale_multiplier"),
    )  # fmt: skip
    sub = ev.iloc[rows]
    symbol = pd.to_numeric(extra["symbol_id"], errors="coerce").to_numpy()
    keep = np.isfinite(symbol) & (symbol != 0) & sub["program_id"].notna().to_numpy()
    children = _device_children_time(ev, rows, dev_start[rows], dev_dur[rows])
    occ = np.maximum(sub["num_occurrences"].to_numpy(), 1)
    scale = pd.to_numeric(extra["time_scale_multiplier"], errors="coerce").fillna(1.0).to_numpy()
    hbm = [parse_memory_breakdown(b) for b in extra["memory_access_breakdown"].to_numpy()]
    hbm_arr = np.array(hbm, dtype=np.int64).reshape(-1, 4)
    name = sub["display_name"].astype(str).to_numpy()
    long_name = sub["name"].astype(str).to_numpy()
    name = np.where(name == "", long_name, name)
    src = extra["source"].astype("string")
    frame = pd.DataFrame(
        {
            "program_id": sub["program_id"].to_numpy(),
            "name": name,
            "category": extra["hlo_category"].astype("string").fillna("unknown").to_numpy(),
            "expression": np.where(name == long_name, "", long_name),
            "tf_op": sub["tf_op"].astype("string").fillna("").to_numpy() if "tf_op" in sub else "",
            "shape": extra["shape_with_layout"].astype("string").fillna("").to_numpy(),
            "deduplicated_name": extra["deduplicated_name"].astype("string").fillna("").to_numpy(),
            "source_file": src.str.rsplit(":", n=1).str[0].fillna("").to_numpy(),
            "source_line": pd.to_numeric(src.str.rsplit(":", n=1).str[1], errors="coerce").to_numpy(),
            "source_stack": extra["source_stack"].astype("string").fillna("").to_numpy(),
            "metadata_id": sub["metadata_id"].to_numpy(),
            "plane_first": sub["plane"].astype(str).to_numpy(),
            "occurrences": occ,
            "time_ps": dev_dur[rows],
            "self_time_ps": dev_dur[rows] - children,
            "children_time_ps": children,
            "normalized_time_ps": (dev_dur[rows] * scale).astype(np.float64),
            "flops": sub["flops"].to_numpy(dtype="float64", na_value=0) * occ if "flops" in sub else 0.0,
            "model_flops": sub["model_flops"].to_numpy(dtype="float64", na_value=0) * occ
            if "model_flops" in sub
            else 0.0,
            "bytes_accessed": sub["bytes_accessed"].to_numpy(dtype="float64", na_value=0) * occ
            if "bytes_accessed" in sub
            else 0.0,
            "hbm_read_bytes": hbm_arr[:, 0] * occ,
            "hbm_write_bytes": hbm_arr[:, 1] * occ,
            "hbm_bytes_all": hbm_arr[:, 2] * occ,
            "has_breakdown": hbm_arr[:, 3] > 0,
        }
    )[keep]
    frame["model_flops"] = np.where(frame["model_flops"] > 0, frame["model_flops"], frame["flops"])
    ops = _aggregate(frame)
    modules = _module_names(prof)
    ops["hlo_module"] = [modules.get(int(p), "") for p in ops["program_id"]]
    ops["program"] = program_name(ops["hlo_module"].replace("", pd.NA), ops["program_id"])
    from nbprof.opstats.perf_env import device_peaks

    peaks = device_peaks(prof.planes)
    tpu = peaks[peaks["plane"].astype(str).str.startswith("/device:TPU")]
    out = XlaOps(ops=ops[OP_COLUMNS], source="device", device_kind="TPU", total_time_ps=total)
    if len(tpu):
        out.peak_tflops = float(tpu["peak_tflops"].iloc[0])
        out.peak_hbm_gibps = float(tpu["peak_hbm_gibps"].iloc[0])
        out.device_type = str(tpu["device_type"].iloc[0])
    out.fused_children = fused_children(prof, ops)
    return out


def _aggregate(frame: pd.DataFrame) -> pd.DataFrame:
    """Merge op occurrences by (program_id, name); metadata columns from the first occurrence."""
    if len(frame) == 0:
        return pd.DataFrame(columns=[c for c in OP_COLUMNS if c not in ("program", "hlo_module")])
    g = frame.groupby(["program_id", "name"], sort=False, observed=True)
    first = g[["category", "expression", "tf_op", "shape", "deduplicated_name", "source_file", "source_line",
               "source_stack", "metadata_id", "plane_first"]].first()  # fmt: skip
    sums = g[["occurrences", "time_ps", "self_time_ps", "children_time_ps", "normalized_time_ps", "flops",
              "model_flops", "bytes_accessed", "hbm_read_bytes", "hbm_write_bytes", "hbm_bytes_all"]].sum()  # fmt: skip
    mins = g["time_ps"].min().rename("min_time_ps")
    brk = g["has_breakdown"].any()
    out = pd.concat([first, sums, mins, brk], axis=1).reset_index()
    for col in ("occurrences", "time_ps", "self_time_ps", "children_time_ps", "min_time_ps"):
        out[col] = out[col].astype(np.int64)
    return out


FUSED_COLUMNS = ["op_index", "parent_name", "name", "category", "tf_op", "flops"]


def fused_children(prof, ops: pd.DataFrame) -> pd.DataFrame:
    """Instructions inside fusion ops, from the profile's HLO protos (XProf's fused-op leaves).

    One row per (op row ``op_index``, instruction); ``parent_name`` is the fusion holding it
    (the op itself, or a nested fusion). Parameters are left out, as XProf does. FLOPs are 0:
    XProf reads them from per-instruction cost analysis the profile does not carry here.
    """
    from nbprof.hlo.index import hlo_index

    if len(ops) == 0:
        return pd.DataFrame(columns=FUSED_COLUMNS)
    index = hlo_index(prof)
    if len(index.instructions) == 0:
        return pd.DataFrame(columns=FUSED_COLUMNS)
    rows = []
    fusions = ops[ops["category"].astype(str).str.contains("fusion", regex=False)]
    for i, pid, name in zip(fusions.index, fusions["program_id"], fusions["name"]):  # fusion ops, not events
        todo = [name]
        seen = {name}
        while todo:
            parent = todo.pop(0)
            for ins in index.fused(pid, parent):
                rows.append({"op_index": i, "parent_name": parent, "name": ins["name"],
                             "category": ins["category"], "tf_op": ins["tf_op"], "flops": 0.0})  # fmt: skip
                if ins["opcode"] == "fusion" and ins["name"] not in seen:
                    seen.add(ins["name"])
                    todo.append(ins["name"])
    return pd.DataFrame(rows, columns=FUSED_COLUMNS)


def enrich_from_hlo(prof, ops: pd.DataFrame) -> pd.DataFrame:
    """Fill category, framework op, source and deduplicated name of ops from the HLO protos.

    Used for ops whose events do not carry them (XLA CPU ops, GPU kernels); the name-based
    category stays where the program's HLO is not in the profile.
    """
    from nbprof.hlo.index import hlo_index

    index = hlo_index(prof)
    if len(ops) == 0 or len(index.instructions) == 0:
        return ops
    table = index.instructions.drop_duplicates(["program_id", "name"]).set_index(["program_id", "name"])
    key = pd.MultiIndex.from_arrays([ops["program_id"].astype("string").fillna("").to_numpy(), ops["name"].to_numpy()])
    found = table.reindex(key)
    have = found["opcode"].notna().to_numpy()
    out = ops.copy()
    out.loc[have, "category"] = found.loc[have, "category"].to_numpy()
    for col in ("tf_op", "deduplicated_name", "source_file"):
        empty = out[col].astype(str).to_numpy() == ""
        take = have & empty
        out.loc[take, col] = found.loc[take, col].to_numpy()
    lines = pd.to_numeric(found["source_line"], errors="coerce").to_numpy()
    take = have & ~np.isfinite(pd.to_numeric(out["source_line"], errors="coerce").to_numpy()) & (lines > 0)
    out.loc[take, "source_line"] = lines[take]
    out.attrs["hlo_categories"] = int(have.sum())
    return out


def host_ops(prof) -> XlaOps | None:
    """XLA CPU ops on host threads (``hlo_op`` + ``hlo_module`` stats), or None."""
    ev = prof.events
    if len(ev) == 0 or "hlo_op" not in ev.columns or "hlo_module" not in ev.columns:
        return None
    mask = (
        xs.value_mask(ev["plane"], lambda name: name.startswith("/host:"))
        & ev["hlo_op"].notna().to_numpy()
        & ev["hlo_module"].notna().to_numpy()
        & ~ev["aggregated"].to_numpy()
    )
    if not mask.any():
        return None
    dur = ev["duration_ps"].to_numpy().astype(np.int64)
    rows = np.flatnonzero(mask)
    sub = ev.iloc[rows]
    children = _children_time(ev, mask, dur)
    pid = sub["program_id"] if "program_id" in sub else pd.Series(pd.NA, index=sub.index)
    frame = pd.DataFrame(
        {
            "program_id": pid.to_numpy(),
            "hlo_module": sub["hlo_module"].astype(str).to_numpy(),
            "name": sub["hlo_op"].astype(str).to_numpy(),
            "expression": sub["long_name"].astype("string").fillna("").to_numpy() if "long_name" in sub else "",
            "tf_op": sub["tf_op"].astype("string").fillna("").to_numpy() if "tf_op" in sub else "",
            "occurrences": np.ones(len(rows), dtype=np.int64),
            "time_ps": dur[rows],
            "self_time_ps": dur[rows] - children,
            "children_time_ps": children,
            "flops": sub["flops"].to_numpy(dtype="float64", na_value=0) if "flops" in sub else 0.0,
            "bytes_accessed": sub["bytes_accessed"].to_numpy(dtype="float64", na_value=0)
            if "bytes_accessed" in sub
            else 0.0,
        }
    )
    frame["program_id"] = frame["program_id"].astype("UInt64") if frame["program_id"].notna().any() else 0
    frame["program_id"] = frame["program_id"].fillna(0)
    g = frame.groupby(["hlo_module", "program_id", "name"], sort=False, observed=True)
    first = g[["expression", "tf_op"]].first()
    sums = g[["occurrences", "time_ps", "self_time_ps", "children_time_ps", "flops", "bytes_accessed"]].sum()
    mins = g["time_ps"].min().rename("min_time_ps")
    ops = pd.concat([first, sums, mins], axis=1).reset_index()
    ops["category"] = category_from_name(ops["name"])
    ops["program"] = program_name(ops["hlo_module"], ops["program_id"])
    ops = enrich_from_hlo(prof, _with_event_only_defaults(ops))
    from_hlo = int(ops.attrs.get("hlo_categories", 0))
    total = int(ops["self_time_ps"].sum())
    out = XlaOps(ops=ops[OP_COLUMNS], source="host", device_kind="CPU", total_time_ps=total)
    out.fused_children = fused_children(prof, ops.reset_index(drop=True))
    out.notes.append(
        "CPU-only profile: XLA CPU ops on host threads (hlo_op/hlo_module stats); XProf shows nothing "
        f"here. Categories from the HLO protos for {from_hlo} of {len(ops)} ops (others from op names); "
        "no device peak, so no FLOPS/bandwidth utilisation; no IDLE node."
    )
    return out


def gpu_ops(prof) -> XlaOps | None:
    """Device op metrics of GPU planes: XLA ops from kernels with ``hlo_op`` stats.

    Returns an empty op table (IDLE only) for GPU profiles without XLA kernels, as XProf does.
    """
    ev = prof.events
    if len(ev) == 0:
        return None
    is_gpu = xs.value_mask(ev["plane"], xs.is_gpu_plane)
    if not is_gpu.any():
        return None
    is_gpu &= ~xs.is_derived_line_id(ev["line_id"])
    if not is_gpu.any():
        return None
    start = ev["start_ps"].to_numpy()
    dur = ev["duration_ps"].to_numpy().astype(np.int64)
    total = device_total_time(ev, start, start + dur, is_gpu, np.zeros(len(ev), dtype=bool))
    cols = [c for c in OP_COLUMNS]
    if "hlo_op" in ev.columns:
        xla = is_gpu & ev["hlo_op"].notna().to_numpy()
    else:
        xla = np.zeros(len(ev), dtype=bool)
    from nbprof.opstats.perf_env import device_peaks

    peaks = device_peaks(prof.planes)
    gpu = peaks[peaks["plane"].astype(str).str.startswith("/device:GPU")]
    if not xla.any():
        out = XlaOps(ops=pd.DataFrame(columns=cols), source="device", device_kind="GPU", total_time_ps=total)
    else:
        rows = np.flatnonzero(xla)
        sub = ev.iloc[rows]
        hlo = sub["hlo_op"].astype(str).str.split("::").str[-1]
        group = sub["group_id"].to_numpy(dtype="float64", na_value=-1) if "group_id" in sub else np.full(len(rows), -1)
        line_key = sub["plane"].astype(str) + "\x00" + sub["line_id"].astype(str)
        # A new occurrence starts where the HLO op or the step changes along a stream.
        same = (
            (hlo.to_numpy()[1:] == hlo.to_numpy()[:-1])
            & (group[1:] == group[:-1])
            & (line_key.to_numpy()[1:] == line_key.to_numpy()[:-1])
        )
        starts = np.concatenate([[1], (~same).astype(np.int64)])
        frame = pd.DataFrame(
            {
                "program_id": sub["program_id"].to_numpy() if "program_id" in sub else 0,
                "hlo_module": sub["hlo_module"].astype("string").fillna("").to_numpy(),
                "name": hlo.to_numpy(),
                "tf_op": sub["tf_op"].astype("string").fillna("").to_numpy() if "tf_op" in sub else "",
                "occurrences": starts,
                "time_ps": dur[rows],
                "flops": sub["flops"].to_numpy(dtype="float64", na_value=0) * starts if "flops" in sub else 0.0,
                "bytes_accessed": sub["bytes_accessed"].to_numpy(dtype="float64", na_value=0) * starts
                if "bytes_accessed" in sub
                else 0.0,
            }
        )
        g = frame.groupby(["hlo_module", "program_id", "name"], sort=False, observed=True, dropna=False)
        ops = pd.concat(
            [g[["tf_op"]].first(), g[["occurrences", "time_ps", "flops", "bytes_accessed"]].sum(),
             g["time_ps"].min().rename("min_time_ps")], axis=1,
        ).reset_index()  # fmt: skip
        ops["self_time_ps"] = ops["time_ps"]
        ops["children_time_ps"] = 0
        ops["category"] = category_from_name(ops["name"])
        ops["program"] = program_name(ops["hlo_module"].replace("", pd.NA), ops["program_id"])
        ops["expression"] = ""
        ops = enrich_from_hlo(prof, _with_event_only_defaults(ops))
        out = XlaOps(ops=ops[cols], source="device", device_kind="GPU", total_time_ps=total)
        out.fused_children = fused_children(prof, ops.reset_index(drop=True))
        out.notes.append("GPU XLA ops: categories from the HLO protos where present, else from op names.")
    if len(gpu):
        out.peak_tflops = float(gpu["peak_tflops"].iloc[0])
        out.peak_hbm_gibps = float(gpu["peak_hbm_gibps"].iloc[0])
        out.device_type = "GPU"
    return out


def xla_ops(prof) -> XlaOps:
    """Device XLA ops where the profile has an accelerator, else XLA CPU ops on host threads."""
    for build in (tpu_ops, gpu_ops, host_ops):
        found = build(prof)
        if found is not None:
            return found
    note = "no XLA ops in this profile (no device XLA ops, no hlo_op events on host threads)"
    return XlaOps(ops=pd.DataFrame(columns=OP_COLUMNS), source="none", device_kind="", total_time_ps=0, notes=[note])
