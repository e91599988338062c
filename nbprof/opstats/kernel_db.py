"""XProf's kernel stats db: GPU kernel launches grouped by kernel, launch config and op.

Built as ``xplane_to_kernel_stats_db.cc`` and ``xprof/utils/kernel_stats_utils.cc`` do, from
every event of the non-derived lines of the ``/device:GPU:N`` planes that carries a
``kernel_details`` stat and lasts at least 1 ns:

* launch parameters from the stat's ``key:value`` tokens (``regs:``, ``static_shared:``,
  ``dynamic_shared:``, ``grid:x,y,z``, ``block:x,y,z``, ``occ_pct:``); unknown tokens (the old
  ``shm:``, AMD's ``private_mem:``/``group_mem:``) are ignored, missing dimensions are 1;
* whether the kernel runs on Tensor Cores (NVIDIA) or Matrix Cores (AMD), from its name and the
  plane's vendor: NVIDIA names (``h884``, ``xmma_gemm``, ...), AMD names (``mfma``, ``wmma``,
  ``gemm_fusion``, ``Custom_Cijk_``, ``attn_fwd``, ``moe_mxgemm``, or a Tensile MFMA tile
  ``_MI<m>x<n>x<k>``); a plane that names no vendor: none (as XProf);
* the op: for a kernel of an XLA op whose instruction the profile's HLO protos hold, the framework
  op of the device op it belongs to (the HLO metadata's ``op_name``; ``""`` when the instruction
  has none); else the op named by its ``tf_op`` stat (``XlaModule`` for a JAX kernel of an XLA
  command buffer); else ``""``;
* whether the op could use Tensor Cores: with a ``tf_op`` stat, an einsum of two operands, an
  op XProf lists (``Conv2D``, ``MatMul``, ``dot_general``, ``conv_general_dilated``, ...) or a
  kernel that uses them; an XLA op also by its framework op's name.

Reports are keyed by (kernel name, grid, block, registers, static and dynamic shared memory,
the two Tensor Core flags, op name), sorted by total duration (whole ns per kernel, as XProf)
then by key. XProf keeps the 1000 longest (``MAX_KERNELS``); ``reports`` keeps all and
``top_reports`` the 1000. ``by_op_name`` is XProf's ``GroupKernelReportsByOpName``: per op, its
Tensor Core eligibility and the share of its kernels' time on Tensor Cores.

Where nbprof differs: the AMD name patterns and the JAX op names (``dot_general``,
``conv_general_dilated``) are inferred from XProf 2.24.2's outputs on the MI300X profiles and
its library.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pandas as pd

from nbprof.hlo.index import HloIndex
from nbprof.opstats import event_columns as ec
from nbprof.opstats import tf_op as _tf_op
from nbprof.opstats.device_ops import DeviceOpDb, GpuEvents, hlo_op_ids
from nbprof.opstats.group_agg import group_agg, group_columns
from nbprof.opstats.lazy_frame import FrameOrMaker
from nbprof.opstats.perf_env import VENDOR_AMD, VENDOR_NVIDIA
from nbprof.xspace import semantics as xs
from nbprof.xspace.frameset import Frames
from nbprof.xspace.typed_frame import string_index, strings, typed_frame

OpKeysSource = DeviceOpDb | dict[str, np.ndarray]  # a device op db, or its ``op_keys()``
MAX_KERNELS = 1000  # XProf keeps the 1000 kernels with the largest total duration.

NVIDIA_TENSOR_CORE_PATTERNS = (
    "16816", "c1688", "conv1x1", "conv2d_c1_k1", "dgrad_1x1_stride_2x2", "direct_group",
    "first_layer_wgrad_kernel", "h1688", "h884", "hmma", "i16832", "i8816", "s884", "s1688",
    "xmma_gemm", "xmma_implicit_gemm", "xmma_sparse_conv", "xmma_sparse_gemm",
    "xmma_warp_specialized_implicit_gemm",
)  # fmt: skip
# Hopper-era NVIDIA GEMM kernels XProf's patterns do not name (cuBLASLt's nvjet, XLA's Triton GEMM fusions,
# sm90 CUTLASS): they run on Tensor Cores, but XProf, and so nbprof, flag none of them (said in the notes)
NVIDIA_UNFLAGGED_GEMM_PATTERNS = ("nvjet_", "gemm_fusion", "triton_gemm", "sm90_xmma", "cutlass3x_sm90")
AMD_MATRIX_CORE_PATTERNS = ("mfma", "wmma", "gemm_fusion", "Custom_Cijk_", "attn_fwd", "moe_mxgemm")
AMD_MFMA_TILE = re.compile(r"_MI\d+x\d+x\d+")

_ENDS_ELIGIBLE = (
    "Conv2D", "Conv2DBackpropFilter", "Conv2DBackpropInput", "Conv3D", "DepthwiseConv2dNative",
    "DepthwiseConv2dNativeBackpropFilter", "DepthwiseConv2dNativeBackpropInput", "/MatMul",
    "FusedMatMul", "/CudnnRNN", "XlaDot", "XlaDotV2", "dot_general", "conv_general_dilated",
)  # fmt: skip
_CONTAINS_ELIGIBLE = ("BatchMatMul", "CudnnRNNV", "CudnnRNNForward", "CudnnRNNBackprop")

LAUNCH_COLUMNS = ["registers_per_thread", "static_shmem_bytes", "dynamic_shmem_bytes", "grid_x", "grid_y", "grid_z",
                  "block_x", "block_y", "block_z", "occupancy_pct"]  # fmt: skip
KEY_COLUMNS = [
    "kernel_name", "grid_x", "grid_y", "grid_z", "block_x", "block_y", "block_z", "registers_per_thread",
    "static_shmem_bytes", "dynamic_shmem_bytes", "is_kernel_using_tensor_core", "is_op_tensor_core_eligible",
    "op_name",
]  # fmt: skip
REPORT_COLUMNS = KEY_COLUMNS + ["occupancy_pct", "occurrences", "total_duration_ns", "min_duration_ns",
                                "max_duration_ns", "total_duration_ps", "min_duration_ps", "max_duration_ps"]  # fmt: skip


def _has_any(text: str, patterns: tuple[str, ...]) -> bool:
    return any(pattern in text for pattern in patterns)


def kernel_name_uses_tensor_core(name: str, vendor: str) -> bool:
    """Whether a kernel name says it runs on Tensor Cores (NVIDIA) or Matrix Cores (AMD)."""
    if vendor == VENDOR_NVIDIA:
        return _has_any(name, NVIDIA_TENSOR_CORE_PATTERNS)
    if vendor == VENDOR_AMD:
        return _has_any(name, AMD_MATRIX_CORE_PATTERNS) or AMD_MFMA_TILE.search(name) is not None
    return False


def op_name_tensor_core_eligible(name: str) -> bool:
    """Whether a framework op name is one XProf lists as Tensor Core eligible."""
    return name.endswith(_ENDS_ELIGIBLE) or _has_any(name, _CONTAINS_ELIGIBLE)


def einsum_equation_tensor_core_eligible(equation: str) -> bool:
    """An einsum ``a,b->c`` with exactly two operands is eligible."""
    sides = equation.split("->")
    return equation != "" and len(sides) == 2 and sides[0].count(",") == 1


def _each(text: pd.Series, test: Callable[[str], bool]) -> np.ndarray:
    return np.fromiter((test(t) for t in text.astype(str).tolist()), bool, len(text))


def kernel_uses_tensor_core(names: pd.Series, vendor: str) -> np.ndarray:
    """Whether each kernel name says it runs on Tensor Cores (NVIDIA) or Matrix Cores (AMD)."""
    return _each(names, lambda name: kernel_name_uses_tensor_core(name, vendor))


def op_tensor_core_eligible(op_names: pd.Series) -> np.ndarray:
    """Whether each framework op name is one XProf lists as Tensor Core eligible."""
    return _each(op_names, op_name_tensor_core_eligible)


def einsum_tensor_core_eligible(equations: pd.Series) -> np.ndarray:
    """An einsum ``a,b->c`` with exactly two operands is eligible."""
    return _each(equations.fillna(""), einsum_equation_tensor_core_eligible)


def _per_distinct(values: np.ndarray, test: Callable[[str], bool]) -> np.ndarray:
    """``test`` of each value (as str; a missing value is False), run once per distinct value."""
    codes, distinct = pd.factorize(np.asarray(values, dtype=object))
    hit = np.array([bool(test(str(v))) for v in distinct] + [False], dtype=bool)
    return hit[np.where(codes >= 0, codes, len(distinct))]


def _per_code(codes: np.ndarray, distinct: np.ndarray, test: Callable[[str], bool]) -> np.ndarray:
    """``test`` of each value given as codes into its ``distinct`` values (``pd.factorize``'s, no missing)."""
    return np.array([bool(test(str(v))) for v in distinct], dtype=bool)[codes]


def _tf_ops(ev: pd.DataFrame, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per kernel row: the op name its ``tf_op`` stat names (``""`` without one), whether it has a
    non-empty one, and whether that op is Tensor Core eligible (parsed and tested per distinct stat)."""
    if "tf_op" not in ev.columns or len(rows) == 0:
        return np.full(len(rows), "", dtype=object), np.zeros(len(rows), bool), np.zeros(len(rows), bool)
    tf_op = ev["tf_op"]  # one Series, read by every step below
    codes = ec.row_codes(tf_op, rows)
    _, parsed, _ = ec.parse_used(tf_op, codes)
    used = np.zeros(len(parsed) + 1, bool)  # the last slot takes the missing values' -1
    used[codes] = True
    used = np.flatnonzero(used[:-1])
    eligible = np.zeros(len(parsed) + 1, bool)
    eligible[used] = [bool(op_name_tensor_core_eligible(str(name))) for name in parsed[used]]
    nonempty = np.append(ec.category_text(tf_op) != "", False)
    return np.append(parsed, "")[codes], nonempty[codes], eligible[codes]


def _uint(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _parse_one(text: str) -> tuple:
    regs = static = dynamic = 0
    grid = [1, 1, 1]
    block = [1, 1, 1]
    occ = 0.0
    for token in text.replace("\n", " ").split(" "):
        parts = token.split(":")
        if len(parts) != 2:
            continue
        key, value = parts
        if key == "regs" and _uint(value) is not None:
            regs = int(value)
        elif key == "static_shared" and _uint(value) is not None:
            static = int(value)
        elif key == "dynamic_shared" and _uint(value) is not None:
            dynamic = int(value)
        elif key in ("grid", "block"):
            dims = value.split(",")
            if len(dims) == 3 and all(_uint(d) is not None for d in dims):
                (grid if key == "grid" else block)[:] = [int(d) for d in dims]
        elif key == "occ_pct":
            try:
                occ = float(value)
            except ValueError:
                pass
    return (regs, static, dynamic, *grid, *block, occ)


def parse_kernel_details(details: pd.Series) -> pd.DataFrame:
    """Parse ``kernel_details`` strings (one per row) into ``LAUNCH_COLUMNS`` (int64, default 0 and
    1; ``occupancy_pct`` float). Parsing runs once per distinct string."""
    row_codes, uniques = pd.factorize(details.to_numpy(dtype=object), use_na_sentinel=False)
    table = pd.DataFrame([_parse_one(text if isinstance(text, str) else str(text)) for text in uniques],
                         columns=LAUNCH_COLUMNS)  # fmt: skip
    if len(table) == 0:
        return table.reindex(range(len(details))).reset_index(drop=True)
    return table.iloc[row_codes].reset_index(drop=True)


@dataclass(frozen=True)
class OpTotals:
    """Per op name of a db's kernel events (``op_text``: the names, indexed by code): ``eligible`` (the Tensor
    Core eligibility of its events where they all agree: their first report's, as ``by_op_name`` takes it),
    ``uniform`` (whether they all agree), ``total_ns`` and ``tensor_core_ns`` (sums of whole ns per event:
    the sums of its reports' totals). Made from the events, without the reports."""

    op_text: np.ndarray
    eligible: np.ndarray
    uniform: np.ndarray
    total_ns: np.ndarray
    tensor_core_ns: np.ndarray

    def values(self, names: list[str], column: str, missing: object) -> np.ndarray | None:
        """``KernelDb.by_op_name_values(names, column, missing)`` from these totals; None where a name's
        events disagree on their eligibility (its first report decides then)."""
        code_of = {name: code for code, name in enumerate(self.op_text.tolist())}
        codes = np.fromiter((code_of.get(name, -1) for name in names), np.int64, len(names))
        if not self.uniform[codes[codes >= 0]].all():
            return None
        if column == "is_op_tensor_core_eligible":
            values: np.ndarray = self.eligible
        elif column == "total_duration_ns":
            values = self.total_ns
        elif column == "tensor_core_duration_ns":
            values = self.tensor_core_ns
        else:
            total = self.total_ns.astype(np.float64)
            tensor_core = self.tensor_core_ns.astype(np.float64)
            values = np.divide(tensor_core, total, out=np.zeros(len(total)), where=total > 0)
        return np.where(codes >= 0, values[codes], missing)


def op_totals(
    op: tuple[np.ndarray, np.ndarray], eligible: np.ndarray, uses_tc: np.ndarray, duration_ps: np.ndarray
) -> OpTotals:
    """``OpTotals`` of kernel events: ``op`` (code per event, name per code), each event's Tensor Core
    eligibility and use, its duration (ps)."""
    op_code, op_text = op
    n = len(op_text)
    events = np.bincount(op_code, minlength=n)
    eligible_events = np.bincount(op_code, weights=eligible, minlength=n)
    duration_ns = duration_ps // 1000
    return OpTotals(
        op_text=np.asarray(op_text, dtype=object),
        eligible=eligible_events > 0,
        uniform=(eligible_events == 0) | (eligible_events == events),
        total_ns=ec.sum_by(op_code, duration_ns, n),
        tensor_core_ns=ec.sum_by(op_code, np.where(uses_tc, duration_ns, 0), n),
    )


@dataclass(frozen=True)
class KernelDb:
    """The kernel stats db (``REPORT_COLUMNS``): ``reports`` all unique kernel launches, longest
    first (given as a frame, or as a function making it on first read); ``num_kernel_events`` kernel
    events read; ``vendor`` of the GPU planes. ``_columns``: the reports' columns as the builder made
    them (numpy arrays, texts as object arrays of str), where it did (given, or as a function making them
    on first read: None where it makes a frame instead). ``_op_totals``: the builder's ``OpTotals``, where
    the reports are all kept (at most ``MAX_KERNELS`` events): ``by_op_name_values`` reads them without
    the reports."""

    # given, or made on first read of the builder's report columns (``by_op_name`` reads those)
    reports: pd.DataFrame = FrameOrMaker()  # type: ignore[assignment]
    num_kernel_events: int
    vendor: str
    notes: list[str] = field(default_factory=list)
    _columns: dict[str, np.ndarray] | Callable[[], dict[str, np.ndarray] | None] | None = field(
        default=None, repr=False, compare=False
    )
    _op_totals: OpTotals | None = field(default=None, repr=False, compare=False)

    def __getstate__(self) -> dict[str, object]:
        """Pickled with its reports and their columns made (not the functions making them)."""
        state = dict(self.__dict__)
        state["_reports"] = self.reports
        state["_columns"] = self.report_arrays()
        return state

    @property
    def num_reports(self) -> int:
        """How many reports there are (without making their frame where it is not made yet)."""
        columns = self.report_arrays()
        return len(columns["kernel_name"]) if columns is not None else len(self.reports)

    def report_arrays(self) -> dict[str, np.ndarray] | None:
        """The reports' columns as the builder made them (numpy arrays, texts as object arrays of str; read
        only), None where it made a frame instead."""
        columns = self._columns
        if callable(columns):
            columns = columns()
            object.__setattr__(self, "_columns", columns)  # made once: kept
        return columns

    def relabelled(self, num_kernel_events: int, vendor: str, notes: list[str]) -> KernelDb:
        """This db's reports (their frame, or the function making it) with other counts, vendor and notes."""
        return KernelDb(self.__dict__["_reports"], num_kernel_events, vendor, notes, self._columns, self._op_totals)

    @property
    def top_reports(self) -> pd.DataFrame:
        """The reports XProf keeps: the ``MAX_KERNELS`` longest."""
        return self.reports.head(MAX_KERNELS)

    def by_op_name(self) -> pd.DataFrame:
        """Per op name of the kept reports: ``is_op_tensor_core_eligible`` (its first report's),
        ``total_duration_ns``, ``tensor_core_duration_ns`` and ``tensor_core_utilization_ratio`` (0-1).
        Made once per db (the overview and the framework op table both read it)."""
        return self._by_op_name.copy(deep=False)  # copy-on-write: the caller's changes stay its own

    def by_op_name_values(self, names: list[str], column: str, missing: object) -> np.ndarray:
        """``by_op_name()[column]`` at each of ``names``, ``missing`` for a name without kernels: its
        ``reindex(names).fillna(missing)`` values, looked up without an Index of the names (from the
        builder's ``OpTotals`` where they serve: no report made)."""
        if self._op_totals is not None:
            values = self._op_totals.values(names, column, missing)
            if values is not None:
                return values
        grouped, row_of = self._by_op
        if not row_of:
            return np.full(len(names), missing)
        rows = np.fromiter((row_of.get(name, -1) for name in names), np.int64, len(names))
        return np.where(rows >= 0, grouped[column][rows], missing)

    @cached_property
    def _by_op_name(self) -> pd.DataFrame:
        grouped, row_of = self._by_op
        if not row_of:
            return pd.DataFrame(columns=_BY_OP_NAME_COLUMNS[1:])
        columns = dict(grouped)
        names = columns.pop("op_name").tolist()
        frame = typed_frame(columns)
        frame.index = _op_name_index(names)
        return frame

    @cached_property
    def _by_op(self) -> tuple[dict[str, np.ndarray], dict[object, int]]:
        """``by_op_name``'s columns as arrays (``op_name`` first; none: no report) and each op name's row."""
        top = self._top_columns(["op_name", "is_op_tensor_core_eligible", "total_duration_ns",
                                 "is_kernel_using_tensor_core"])  # fmt: skip
        if len(top["op_name"]) == 0:
            return dict.fromkeys(_BY_OP_NAME_COLUMNS, np.zeros(0)), {}
        total_ns = top["total_duration_ns"]
        columns = {
            "op_name": top["op_name"],
            "eligible": top["is_op_tensor_core_eligible"],
            "total_ns": total_ns,
            "tc_ns": np.where(top["is_kernel_using_tensor_core"].astype(bool), total_ns, 0),
        }
        grouped = group_columns(
            columns,
            ["op_name"],
            {
                "is_op_tensor_core_eligible": ("eligible", "first"),
                "total_duration_ns": ("total_ns", "sum"),
                "tensor_core_duration_ns": ("tc_ns", "sum"),
            },
        )
        total = grouped["total_duration_ns"].astype(np.float64)
        grouped["tensor_core_utilization_ratio"] = np.divide(
            grouped["tensor_core_duration_ns"].astype(np.float64), total, out=np.zeros(len(total)), where=total > 0
        )
        row_of: dict[object, int] = {}
        for row, name in enumerate(grouped["op_name"].tolist()):
            row_of.setdefault(name, row)
        return grouped, row_of

    def _top_columns(self, names: list[str]) -> dict[str, np.ndarray]:
        """These columns of ``top_reports`` as numpy arrays (``op_name`` as an object array): the
        builder's arrays where it kept them (read only), else the frame's."""
        columns = self.report_arrays()
        if columns is not None:
            return {c: columns[c][:MAX_KERNELS] for c in names}
        top = self.reports if len(self.reports) <= MAX_KERNELS else self.top_reports  # read only: no copy needed
        return {c: top[c].to_numpy(dtype=object) if c == "op_name" else top[c].to_numpy() for c in names}


_BY_OP_NAME_COLUMNS = ["op_name", "is_op_tensor_core_eligible", "total_duration_ns", "tensor_core_duration_ns",
                       "tensor_core_utilization_ratio"]  # fmt: skip


def _op_name_index(names: list[object]) -> pd.Index:
    """``pd.Index(names, name="op_name")`` (typed as a group index); a list of str made as ``string_index``."""
    texts = [n for n in names if type(n) is str]
    index = string_index(texts) if texts and len(texts) == len(names) else pd.Index(names)
    index.name = "op_name"
    return index


def _positions_in(
    table_keys: tuple[np.ndarray, ...], keys: tuple[np.ndarray, ...], ids: tuple[np.ndarray, ...] | None = None
) -> np.ndarray:
    """Position of each row's key (parallel arrays) among the table's unique keys, -1 where absent:
    one dict lookup per distinct key. ``ids``: integer arrays that group the rows as their keys do
    (cheaper to group than text)."""
    position: dict[tuple, int] = {}
    for at, key in enumerate(zip(*(k.tolist() for k in table_keys))):  # the table's rows (ops), not events
        position.setdefault(key, at)
    group, n = ec.group_ids(*(keys if ids is None else ids))
    first = ec.first_rows(group)
    distinct = zip(*(k[first].tolist() for k in keys))
    found = np.fromiter((position.get(key, -1) for key in distinct), np.int64, n)
    return found[group] if len(group) else np.zeros(0, np.int64)


def _kernel_rows(
    ev: pd.DataFrame, durations: np.ndarray, gpu_events: GpuEvents | None
) -> tuple[np.ndarray, KernelHloKeys | None]:
    """The kernel event rows (events of the GPU planes' non-derived lines with a ``kernel_details`` stat,
    lasting at least 1 ns; ascending) and, where ``gpu_events`` gives them, their HLO op name ids and texts
    and program ids (``KernelHloKeys``)."""
    if gpu_events is None:
        mask = (
            xs.plane_mask(ev, xs.is_gpu_plane)
            & _present(ev["kernel_details"])
            & ~xs.is_derived_line_id(ev["line_id"].to_numpy())
            & (durations >= 1000)
        )
        return np.flatnonzero(mask), None
    gpu_rows = gpu_events.rows
    kept = _present(ev["kernel_details"])[gpu_rows] & (durations[gpu_rows] >= 1000)
    ops = gpu_events.ops
    keys = KernelHloKeys(
        gpu_events.hlo_id[kept],
        gpu_events.hlo_text,
        gpu_events.program_id[kept],
        (ops.op[kept], ops.found, ops.provenance) if ops is not None else None,
    )
    return gpu_rows[kept], keys


@dataclass
class KernelHloKeys:
    """Per kernel row: its HLO op name id (``hlo_id``; ``hlo_text`` per id, ``device_ops.hlo_op_ids``) and
    program id (uint64, 0 where missing; read only where the row names an HLO op); ``ops``: its device XLA op
    (-1: none), each op's instruction found and provenance (``device_ops.XlaOpsOfEvents``), where known."""

    hlo_id: np.ndarray
    hlo_text: np.ndarray
    program_id: np.ndarray
    ops: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


def _xla_framework_ops(
    frames: Frames,
    rows: np.ndarray,
    op_keys: Callable[[], OpKeysSource],
    index: HloIndex | None = None,
    read: KernelHloKeys | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """(is an XLA op whose instruction is known, framework op name) of kernel rows, from the device op
    each belongs to. With ``index``, a kernel whose HLO instruction the profile's HLO protos lack is no
    XLA op here (XProf then names its op by the ``tf_op`` stat: ``XlaModule`` on JAX). ``read``: the rows'
    HLO op names and program ids where already read (else read here)."""
    ev = frames.events
    hlo_id, hlo_text = (read.hlo_id, read.hlo_text) if read is not None else hlo_op_ids(ev, rows)
    hlo = hlo_text[hlo_id]
    is_xla = hlo != ""
    names = np.full(len(rows), "", dtype=object)
    x = np.flatnonzero(is_xla)
    if len(x) == 0:
        return is_xla, names
    if read is not None and read.ops is not None and index is not None:
        names_of_ops = _names_of_device_ops(frames, rows, x, read.ops)
        if names_of_ops is not None:
            is_xla[x], names[x] = names_of_ops
            return is_xla, names
    table = _op_keys_of(op_keys)
    if len(table["name"]) == 0:
        return is_xla, names
    pid = read.program_id[x] if read is not None else ec.uint_column(ev, "program_id", rows[x])[0]
    if index is not None:
        pair, _ = ec.group_ids(pid, hlo_id[x])
        first = ec.first_rows(pair)
        found = index.contains(pid[first], hlo[x][first])[pair]
        is_xla[x[~found]] = False
        x, pid = x[found], pid[found]
        if len(x) == 0:
            return is_xla, names
    host = ev["host"]
    host_of_code, host_text = ec.text_ids(host)
    host_id = host_of_code[ec.row_codes(host, rows[x])]
    pos = _positions_in(
        (table["host"], table["program_id"], table["name"]),
        (host_text[host_id], pid, hlo[x]),
        (host_id, pid, hlo_id[x]),
    )
    provenance = np.append(table["provenance"], "")  # per op row, "" for no row
    _, parsed, _ = _tf_op.parse_each(provenance)  # once per distinct framework op, not per kernel
    op_of_row = np.where(provenance != "", parsed, "")
    names[x] = op_of_row[np.where(pos >= 0, pos, len(table["name"]))]
    return is_xla, names


def _names_of_device_ops(
    frames: Frames, rows: np.ndarray, x: np.ndarray, ops: tuple[np.ndarray, np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray] | None:
    """``_xla_framework_ops``' (is an XLA op, framework op name) of the kernel rows ``rows[x]`` (those naming
    an HLO op) from their device XLA ops (``KernelHloKeys.ops``, each keyed by the event's own program id):
    an op's row of the device op db is then the one its key finds. None where an event has no host (its
    op's row is not found by its key)."""
    op, found, provenance = ops
    if (ec.row_codes(frames.events["host"], rows[x]) < 0).any():
        return None
    op_of_event = op[x]
    is_xla = found[op_of_event]
    _, parsed, _ = _tf_op.parse_each(provenance)  # once per distinct framework op, not per kernel
    op_name = np.where(provenance != "", parsed, "")
    return is_xla, np.where(is_xla, op_name[op_of_event], "")


def _op_keys_of(op_keys: Callable[[], OpKeysSource]) -> dict[str, np.ndarray]:
    """The device op db's ``op_keys`` (no HLO costs needed), of the db or the keys the function gives."""
    source = op_keys()
    return source.op_keys() if isinstance(source, DeviceOpDb) else source


@dataclass
class _Launches:
    """Per kernel event: its launch parameters (``LAUNCH_COLUMNS``), as codes into distinct values."""

    detail: np.ndarray  # per event: its distinct kernel_details text
    ints: np.ndarray  # per distinct text: int64 values of LAUNCH_COLUMNS[:-1] (one row each)
    occupancy: np.ndarray  # per distinct text: occupancy_pct (float64)


def _launches(details: np.ndarray) -> _Launches | None:
    """The launch parameters of each event's ``kernel_details`` text, parsed once per distinct text;
    None where a value does not fit int64 (the pandas path then types it)."""
    detail, uniques = pd.factorize(np.asarray(details, dtype=object), use_na_sentinel=False)
    return _parsed_launches(detail, uniques)


def _parsed_launches(detail: np.ndarray, uniques: np.ndarray) -> _Launches | None:
    """``_launches`` of texts given as (code per event, distinct texts), each distinct text parsed once."""
    parsed = [_parse_one(text if isinstance(text, str) else str(text)) for text in uniques]
    try:
        ints = np.array([row[:-1] for row in parsed], dtype=np.int64).reshape(len(parsed), len(LAUNCH_COLUMNS) - 1)
    except OverflowError:
        return None
    occupancy = np.array([row[-1] for row in parsed], dtype=np.float64)
    return _Launches(detail.astype(np.int64), ints, occupancy)


def _row_texts(column: pd.Series, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(code per row, distinct text per code) of a categorical column at ``rows``: ``pd.factorize`` of its
    texts there (the codes numbered by category, not by first appearance), from the category codes
    without a text per row; None where the column is not categorical, a row has no value or two
    categories read alike."""
    if not isinstance(column.dtype, pd.CategoricalDtype):
        return None
    codes = ec.row_codes(column, rows)
    if len(codes) == 0 or int(codes.min()) < 0:
        return None
    present = np.flatnonzero(np.bincount(codes.astype(np.intp, copy=False)))
    table = np.zeros(int(present[-1]) + 1, np.int64)
    texts = xs.category_text(column)[present]
    if len(set(texts.tolist())) != len(texts):  # categories that read alike as str: factorize merges them
        return None
    table[present] = np.arange(len(present))
    return table[codes], texts


def _text_codes(events: pd.DataFrame, name: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(code per row, distinct text per code) of a text column at ``rows`` (``""`` where missing): by its
    category codes where ``_row_texts`` can, else ``pd.factorize`` of its texts."""
    if name in events.columns:
        coded = _row_texts(events[name], rows)
        if coded is not None:
            return coded
    codes, texts = pd.factorize(ec.str_column(events, name, rows), use_na_sentinel=False)
    return codes.astype(np.int64, copy=False), np.asarray(texts, dtype=object)


def _text_rank(texts: np.ndarray) -> np.ndarray:
    """Rank of each text among ``texts`` (distinct values) in ascending str order."""
    rank = np.empty(len(texts), np.int64)
    rank[np.argsort(np.asarray(texts, dtype=object), kind="stable")] = np.arange(len(texts))
    return rank


def _first_valid(values: np.ndarray, group: np.ndarray, n: int) -> np.ndarray:
    """Each group's first non-NaN value (NaN where it has none): pandas' ``first``."""
    valid = np.flatnonzero(~np.isnan(values))
    pick = np.full(n, -1, np.int64)
    pick[group[valid][::-1]] = valid[::-1]
    return np.where(pick >= 0, values[np.maximum(pick, 0)], np.nan)


def _min_max_by(group: np.ndarray, values: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Per group, the int64 minimum and maximum of ``values`` (every group has a row)."""
    values = values.astype(np.int64)
    low = np.full(n, np.iinfo(np.int64).max, np.int64)
    high = np.full(n, np.iinfo(np.int64).min, np.int64)
    np.minimum.at(low, group, values)
    np.maximum.at(high, group, values)
    return low, high


def _numpy_reports(
    launches: _Launches,
    kernel: tuple[np.ndarray, np.ndarray],
    op: tuple[np.ndarray, np.ndarray],
    flags: tuple[np.ndarray, np.ndarray],
    duration_ps: np.ndarray,
) -> dict[str, np.ndarray]:
    """``REPORT_COLUMNS`` (numpy arrays, texts as object arrays of str) from per-event codes: one row per
    distinct key, sorted by total duration (descending) then key (ascending), as ``group_agg`` +
    ``sort_values`` give them (``_reports_frame`` makes their frame). ``kernel`` and
    ``op``: (code per event, text per code); ``flags``: (kernel uses Tensor Cores, op eligible) per
    event. The kernel name decides the first flag, so it needs no place in the grouping."""
    name_code, name_text = kernel
    op_code, op_text = op
    uses_tc, eligible = flags
    seen: dict[tuple, int] = {}  # distinct launch parameters, over the distinct texts
    launch_of_text = np.array([seen.setdefault(row, len(seen)) for row in map(tuple, launches.ints.tolist())], np.int64)
    # every key an integer: packed into one int64 and factorised once (a bool key is factorised on its own)
    group, n = ec.group_ids(name_code, launch_of_text[launches.detail], eligible.astype(np.int8), op_code)
    first = ec.first_rows(group)
    launch = launches.ints[launches.detail[first]]
    duration_ns = duration_ps // 1000
    columns: dict[str, np.ndarray] = {"kernel_name": np.asarray(name_text, dtype=object)[name_code[first]]}
    columns.update({c: launch[:, j] for j, c in enumerate(LAUNCH_COLUMNS[:-1])})
    columns["is_kernel_using_tensor_core"] = uses_tc[first]
    columns["is_op_tensor_core_eligible"] = eligible[first]
    columns["op_name"] = np.asarray(op_text, dtype=object)[op_code[first]]
    columns["occupancy_pct"] = _first_valid(launches.occupancy[launches.detail], group, n)
    columns["occurrences"] = np.bincount(group, minlength=n).astype(np.int64)
    for unit, values in (("ns", duration_ns), ("ps", duration_ps)):
        columns[f"total_duration_{unit}"] = ec.sum_by(group, values, n)
        columns[f"min_duration_{unit}"], columns[f"max_duration_{unit}"] = _min_max_by(group, values, n)
    sort_keys = [-columns["total_duration_ns"]]
    for c in KEY_COLUMNS:
        if c == "kernel_name":
            sort_keys.append(_text_rank(name_text)[name_code[first]])
        elif c == "op_name":
            sort_keys.append(_text_rank(op_text)[op_code[first]])
        else:
            sort_keys.append(columns[c])
    order = np.lexsort(sort_keys[::-1])  # the last key sorts first; keys are distinct: no ties
    return {c: columns[c][order] for c in REPORT_COLUMNS}


def _reports_frame(columns: dict[str, np.ndarray]) -> pd.DataFrame:
    """The reports' frame of ``_numpy_reports``' columns (which stay unchanged)."""
    out: dict[str, object] = dict(columns)
    for c in ("kernel_name", "op_name"):  # typed as pd.DataFrame infers a column of str
        out[c] = strings(columns[c].tolist())
    return typed_frame(out)


def _einsum_eligible(frames: Frames, rows: np.ndarray) -> np.ndarray:
    """Whether each kernel row's ``equation`` stat is a Tensor Core eligible einsum (False without one)."""
    equations, has_equation = xs.stat_values(frames, "equation", rows)
    if not has_equation.any():
        return np.zeros(len(rows), bool)
    return _per_distinct(np.where(has_equation, equations, ""), einsum_equation_tensor_core_eligible)


def _present(column: pd.Series) -> np.ndarray:
    """Row mask of a column's present values (a categorical's by its codes, without a Series)."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        return np.asarray(column.array.codes) >= 0
    return column.notna().to_numpy()


def build_kernel_db(
    frames: Frames,
    op_keys: Callable[[], OpKeysSource],
    vendor: str,
    index: HloIndex | None = None,
    gpu_events: GpuEvents | None = None,
) -> KernelDb:
    """The kernel stats db of a profile (see the module docstring); ``op_keys``: a function giving the device
    op db or its ``op_keys`` (called only where kernels of XLA ops need their framework op: a profile
    without GPU kernels builds no device op db for it); ``index``: the profile's HLO instructions, to name
    the op of a kernel whose instruction is unknown by its ``tf_op`` stat; ``gpu_events``: the events of the
    GPU planes' non-derived lines as the device op db read them (``DeviceOpDb.gpu_events``), else read here."""
    ev = frames.events
    none = "no GPU kernel events with kernel_details in this profile"
    if len(ev) == 0 or "kernel_details" not in ev.columns:
        return KernelDb(ec.empty_frame(REPORT_COLUMNS), 0, vendor, [none])
    all_durations = ev["duration_ps"].to_numpy()
    rows, hlo = _kernel_rows(ev, all_durations, gpu_events)
    if len(rows) == 0:
        return KernelDb(ec.empty_frame(REPORT_COLUMNS), 0, vendor, [none])
    # the text keys are grouped as integer codes (no text column of one value per kernel)
    name_code, name_text = _text_codes(ev, "name", rows)
    duration = all_durations[rows]
    tf_name, has_tf_op, tf_eligible = _tf_ops(ev, rows)
    is_xla, xla_name = _xla_framework_ops(frames, rows, op_keys, index, hlo)
    op_name = np.where(is_xla, xla_name, np.where(has_tf_op, tf_name, ""))
    # name tests once per distinct name (hundreds), not per kernel (up to millions)
    uses_tc = _per_code(name_code, name_text, lambda name: kernel_name_uses_tensor_core(name, vendor))
    from_tf_op = has_tf_op & (_einsum_eligible(frames, rows) | tf_eligible | uses_tc) if has_tf_op.any() else has_tf_op
    op_code, op_text = pd.factorize(np.asarray(op_name, dtype=object), use_na_sentinel=False)
    from_xla = is_xla & _per_code(op_code, op_text, op_name_tensor_core_eligible)
    eligible = from_tf_op | from_xla
    keys = _ReportKeys((name_code, name_text), (op_code.astype(np.int64), op_text), (uses_tc, eligible), duration)
    made = functools.cache(functools.partial(_launch_reports, ev, rows, keys))  # on the reports' first read
    totals = op_totals(keys.op, eligible, uses_tc, duration) if _keeps_all_reports(ev, rows, keys) else None
    notes = [
        "kernels: events on /device:GPU planes (derived lines excluded) with a kernel_details stat; Tensor/Matrix "
        f"Core use from kernel names for vendor {vendor or 'unknown (the plane names none: no kernel is flagged, as XProf)'}"
    ]
    if vendor == VENDOR_NVIDIA:
        unflagged = _per_code(name_code, name_text, lambda name: _has_any(name, NVIDIA_UNFLAGGED_GEMM_PATTERNS))
        unflagged &= ~uses_tc
        if unflagged.any():
            share = float(duration[unflagged].sum()) / max(float(duration.sum()), 1.0)
            notes.append(
                f"{int(unflagged.sum()):,} kernel launches ({100.0 * share:.1f}% of the kernel time; e.g. "
                f"{name_text[name_code[np.flatnonzero(unflagged)[0]]]}) are GEMM kernels of kinds XProf's name patterns predate "
                "(cuBLASLt nvjet, XLA Triton GEMM fusions, sm90 CUTLASS): they most likely run on Tensor Cores, "
                "but are not flagged, as in XProf"
            )
    columns = functools.partial(_report_columns, made)
    return KernelDb(functools.partial(_report_frame, made), int(len(rows)), vendor, notes, columns, totals)


@dataclass
class _ReportKeys:
    """The kernel events' report keys but their launch parameters: ``kernel`` and ``op`` (code per event,
    text per code), ``flags`` (uses Tensor Cores, op eligible) and ``duration_ps`` per event."""

    kernel: tuple[np.ndarray, np.ndarray]
    op: tuple[np.ndarray, np.ndarray]
    flags: tuple[np.ndarray, np.ndarray]
    duration_ps: np.ndarray


def _keeps_all_reports(ev: pd.DataFrame, rows: np.ndarray, keys: _ReportKeys) -> bool:
    """Whether XProf keeps every report of the kernel event ``rows`` (at most ``MAX_KERNELS``): surely where
    there are no more events, else where their distinct keys with the ``kernel_details`` text for the launch
    are no more (as many as the reports or more: each text gives one launch, two may give the same)."""
    if len(rows) <= MAX_KERNELS:
        return True
    detail_code, _ = _text_codes(ev, "kernel_details", rows)
    (name_code, _), (op_code, _) = keys.kernel, keys.op
    _, n = ec.group_ids(name_code, detail_code, keys.flags[1].astype(np.int8), op_code)
    return n <= MAX_KERNELS


def _launch_reports(
    ev: pd.DataFrame, rows: np.ndarray, keys: _ReportKeys
) -> tuple[dict[str, np.ndarray] | None, pd.DataFrame | None]:
    """The reports of the kernel event ``rows``: their columns (``_numpy_reports``; their frame made when
    read), or where launch values go beyond int64 their frame made through pandas (and no columns);
    ``kernel_details`` parsed once per distinct text."""
    detail_code, detail_text = _text_codes(ev, "kernel_details", rows)
    launches = _parsed_launches(detail_code, detail_text)
    if launches is None:
        (uses_tc, eligible), details = keys.flags, detail_text[detail_code]
        return None, _pandas_reports(details, keys.kernel, keys.op, uses_tc, eligible, keys.duration_ps)
    return _numpy_reports(launches, keys.kernel, keys.op, keys.flags, keys.duration_ps), None


_MadeReports = Callable[[], tuple[dict[str, np.ndarray] | None, pd.DataFrame | None]]  # ``_launch_reports``, cached


def _report_columns(made: _MadeReports) -> dict[str, np.ndarray] | None:
    """The report columns of ``_launch_reports`` (made once by ``made``), None where it made a frame."""
    return made()[0]


def _report_frame(made: _MadeReports) -> pd.DataFrame:
    """The reports' frame of ``_launch_reports`` (made once by ``made``): made of their columns, or its own."""
    columns, frame = made()
    return frame if columns is None else _reports_frame(columns)


def _pandas_reports(
    details: np.ndarray,
    kernel: tuple[np.ndarray, np.ndarray],
    op: tuple[np.ndarray, np.ndarray],
    uses_tc: np.ndarray,
    eligible: np.ndarray,
    duration: np.ndarray,
) -> pd.DataFrame:
    """``_numpy_reports`` through pandas (``group_agg`` + ``sort_values``): for launch values beyond int64."""
    (name_code, name_text), (op_code, op_text) = kernel, op
    frame = parse_kernel_details(pd.Series(details, dtype=object))
    frame.insert(0, "kernel_name", name_code)
    frame["duration_ps"] = duration
    frame["duration_ns"] = duration // 1000
    frame["is_kernel_using_tensor_core"] = uses_tc
    frame["is_op_tensor_core_eligible"] = eligible
    frame["op_name"] = op_code
    reports = group_agg(
        frame,
        KEY_COLUMNS,
        {
            "occupancy_pct": ("occupancy_pct", "first"),
            "occurrences": ("duration_ns", "size"),
            "total_duration_ns": ("duration_ns", "sum"),
            "min_duration_ns": ("duration_ns", "min"),
            "max_duration_ns": ("duration_ns", "max"),
            "total_duration_ps": ("duration_ps", "sum"),
            "min_duration_ps": ("duration_ps", "min"),
            "max_duration_ps": ("duration_ps", "max"),
        },
        dropna=False,
    )
    reports["kernel_name"] = np.asarray(name_text, dtype=object)[reports["kernel_name"].to_numpy(np.int64)]
    reports["op_name"] = np.asarray(op_text, dtype=object)[reports["op_name"].to_numpy(np.int64)]
    reports = reports.sort_values(
        ["total_duration_ns"] + KEY_COLUMNS, ascending=[False] + [True] * len(KEY_COLUMNS), kind="stable"
    ).reset_index(drop=True)
    for col in REPORT_COLUMNS:
        if col not in ("kernel_name", "op_name", "occupancy_pct", "is_kernel_using_tensor_core",
                       "is_op_tensor_core_eligible"):  # fmt: skip
            reports[col] = reports[col].astype(np.int64)
    return reports[REPORT_COLUMNS]
