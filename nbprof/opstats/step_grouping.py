"""Step grouping and per-event step classification, as XProf does before its step tools.

XProf assigns every event a ``group_id`` (the step it belongs to) in TSL's
``group_events.cc`` and then classifies grouped events into step markers and typed time
spans (``xplane_to_step_events.cc``). Profiles straight from JAX or TensorFlow on CPU are
not grouped yet, so this module does the grouping itself, vectorised:

* roots are events with an ``_r`` stat (value = root level) or named ``TraceContext``;
* a group spreads from its root to everything reachable through timespan nesting on a
  line, producer -> consumer links (``_pt``/``_p`` -> ``_ct``/``_c``) and XProf's
  inter-thread links (``ExecutorState::Process`` -> the ``IteratorGetNext*Op::DoCompute``
  with the same step id and iteration: TF's tf.data wait on its own thread; and a kernel launch on the
  host plane -> the device events with its ``correlation_id``, how GPU kernels, memcpys and CUDA graph
  launches join the step that launched them). XProf also adds
  ``ThreadpoolListener::Region`` spans between StartRegion and StopRegion, but in XProf
  2.24 they carry no group (checked against its trace-viewer output), so they are left out;
  the zero-duration StartRegion events themselves are linked;
* roots are processed by level (higher first) then start time; an event reachable from
  several roots goes to the first one, which equals the minimum group id reaching it.

Times are int64 ps. Nothing here is public API; ``steps.py`` builds ``prof.steps`` on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from nbprof.opstats import event_columns as ec
from nbprof.xspace.nesting import marked_owners
from nbprof.xspace.semantics import HOST_PLANE, column, is_derived_line_id, is_gpu_plane, value_mask, values_in
from nbprof.xspace.semantics import int_values as int_array

# XProf's EventType (xprof/utils/event_span.h): a higher value wins when events overlap.
UNKNOWN_TIME = 0
# nbprof's own type, below every XProf type: time in a step covered only by XLA CPU ops on host threads
# (XProf counts it as UNKNOWN_TIME, "all others"; nbprof reports it beside, as XLA CPU compute).
XLA_CPU_COMPUTE = 5
HOST_COMPUTE = 10
HOST_COMPILE = 60
HOST_TO_HOST = 70
HOST_TO_DEVICE = 80
HOST_PREPARE = 90
DEVICE_COLLECTIVES = 100
HOST_WAIT_INPUT = 110
DEVICE_TO_DEVICE = 120
DEVICE_TO_HOST = 130
DEVICE_COMPUTE_32 = 140
DEVICE_COMPUTE_16 = 150
DEVICE_WAIT_DEVICE = 160
DEVICE_WAIT_HOST = 170

EVENT_TYPE_NAMES = {
    UNKNOWN_TIME: "unknown_time",
    XLA_CPU_COMPUTE: "xla_cpu_compute",
    HOST_COMPUTE: "host_compute",
    HOST_COMPILE: "host_compile",
    HOST_TO_HOST: "host_to_host",
    HOST_TO_DEVICE: "host_to_device",
    HOST_PREPARE: "host_prepare",
    DEVICE_COLLECTIVES: "device_collectives",
    HOST_WAIT_INPUT: "host_wait_input",
    DEVICE_TO_DEVICE: "device_to_device",
    DEVICE_TO_HOST: "device_to_host",
    DEVICE_COMPUTE_32: "device_compute_32",
    DEVICE_COMPUTE_16: "device_compute_16",
    DEVICE_WAIT_DEVICE: "device_wait_device",
    DEVICE_WAIT_HOST: "device_wait_host",
}

# XProf's generic step-breakdown categories (op_stats_to_pod_stats.cc), in display order.
CATEGORY_TYPES: dict[str, tuple[int, ...]] = {
    "device_compute": (DEVICE_COMPUTE_32, DEVICE_COMPUTE_16),
    "device_to_device": (DEVICE_TO_DEVICE, DEVICE_WAIT_DEVICE),
    "device_collectives": (DEVICE_COLLECTIVES,),
    "host_compute": (HOST_COMPUTE,),
    "kernel_launch": (HOST_PREPARE,),
    "input": (HOST_WAIT_INPUT, HOST_TO_DEVICE, DEVICE_WAIT_HOST),
    "output": (DEVICE_TO_HOST,),
    "compile": (HOST_COMPILE,),
    "all_others": (UNKNOWN_TIME,),
}

# Root events XProf treats as implicit: they group but get no step name (no marker).
IMPLICIT_ROOT_NAMES = ("FunctionRun", "SessionRun", "RunGraph", "ExecutorState::Process")
# tf.data function runs: their step_id marks FunctionRun roots that belong to tf.data.
TF_DATA_FUNCTION_RUNS = (
    "InstantiatedCapturedFunction::Run",
    "InstantiatedCapturedFunction::RunAsync",
    "InstantiatedCapturedFunction::RunInstantiated",
    "InstantiatedCapturedFunction::RunWithBorrowedArgs",
)
# TF loop ops: XProf skips grouping entirely when any of these appear.
TF_LOOP_OP_NAMES = ("WhileOp-EvalCond", "WhileOp-StartBody", "ForOp", "ParallelForOp", "ForeverOp")
NO_STEP_ROOTS = "no step roots (_r) found"  # a host's grouping source when nothing roots a step


_GROUPING_STATS = ("group_id", "_r")  # stats that put an event in a group or root one
_GROUPING_EVENTS = ("TraceContext", *TF_LOOP_OP_NAMES)  # events that root groups, or make XProf skip grouping


def finds_no_groups(events: pd.DataFrame) -> bool:
    """Whether grouping these events (one host's) finds no group, without grouping them: no ``group_id``
    or ``_r`` stat, no ``TraceContext`` root and no TF loop op (then every event's group is -1 and the
    source is ``NO_STEP_ROOTS``)."""
    if any(c in events.columns and not events[c].array.isna().all() for c in _GROUPING_STATS):
        return False
    return not values_in(events["name"], list(_GROUPING_EVENTS)).any()


def headers_find_no_groups(planes: list[Any]) -> bool:
    """``finds_no_groups`` told from one host's plane headers alone (``raw.RawPlane``: their metadata, before
    any event is decoded), a stricter test: no plane names such a stat or event in its metadata."""
    stats, events = set(_GROUPING_STATS), set(_GROUPING_EVENTS)
    host_first = sorted(planes, key=lambda plane: plane.name != HOST_PLANE)  # where groups usually show
    return all(
        stats.isdisjoint([name for name, _ in plane.stat_metadata.values()])
        and events.isdisjoint(plane.event_metadata.name)
        for plane in host_first
    )


# XProf's inter-thread connections (TSL CreateInterThreadConnectInfoList): a parent event
# adopts the child events that carry the same values of the key stats. TF's executor runs
# the tf.data GetNext kernel on another thread; the (step id, iteration) pair ties the wait
# for input (Keras 2 ``model.fit``: ``tf_data_iterator_get_next`` line) to its step.
# XProf reads the step id from the stat named "id".
INTER_THREAD_LINKS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "ExecutorState::Process",
        ("IteratorGetNextOp::DoCompute", "IteratorGetNextAsOptionalOp::DoCompute"),
        ("id", "iter_num"),
    ),
)

# Every stat ``host_event_groups`` reads to give events their group ids (roots, existing groups, the
# step id, the links' keys, the host-device correlation): an events frame with only these stats (and
# the event columns) groups as the full one does. Step names read more (``graph_type``, ``step_num``).
GROUP_ID_STATS: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *_GROUPING_STATS,
            "id",
            "step_id",
            *(stat for _, _, keys in INTER_THREAD_LINKS for stat in keys),
            "correlation_id",
        ]
    )
)


# ----------------------------------------------------------------------------- grouping
@dataclass
class Grouping:
    """Result of grouping one host's events.

    ``group`` is aligned with the input frame (int64, -1 = no step). ``names`` maps a group id
    to XProf's step name (e.g. ``"train 3"``); ``markers`` says which groups got a step
    name (user roots) rather than being implicit. ``source`` says how ids were found.
    """

    group: np.ndarray
    names: dict[int, str] = field(default_factory=dict)
    step_nums: dict[int, int] = field(default_factory=dict)
    source: str = ""
    # Each GPU's step markers, derived from its grouped events when grouped here (``gpu_step_markers``);
    # None for a file grouped before (e.g. by TensorFlow): it brings its own ``Steps`` lines
    gpu_markers: dict[str, np.ndarray] | None = None
    # The context edges the grouping spread over (``ContextEdges`` of the frame grouped): another spread
    # over the same frame and flows (``spread_from_roots``) reuses them. Kept for frames of up to
    # ``KEEP_EDGES_MAX_EVENTS`` events only; None otherwise and where no edges were built.
    edges: ContextEdges | None = None


def _context_pairs(ev: pd.DataFrame, flows: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Producer/consumer context groups (``_pt``/``_p`` -> ``_ct``/``_c``, from ``flows``: ``Frames.flows``
    of the frame ``ev`` is a slice of): returns (producer rows, consumer rows, key ids) as positions in
    ``ev``, ascending, with keys shared; groups with >= 64 producers and >= 64 consumers are skipped as
    XProf does."""
    at = _flow_positions(ev, flows["event"].to_numpy(np.int64))
    inside = np.flatnonzero(at >= 0)
    if len(inside) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)
    ends = [
        _present_ints(flows[name].array) for name in ("producer_type", "producer_id", "consumer_type", "consumer_id")
    ]
    if len(inside) < len(at):  # else every flow row is inside: no copies
        ends = [(present[inside], values[inside]) for present, values in ends]
    present = [p for p, _ in ends]
    numbers = [v for _, v in ends]
    is_prod, is_cons = present[0] & present[1], present[2] & present[3]
    prod, cons = at[inside[is_prod]], at[inside[is_cons]]
    if len(prod) == 0 or len(cons) == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)
    # one id per distinct (type, id) pair, in order of first appearance over producers then consumers
    types = np.concatenate([numbers[0][is_prod], numbers[2][is_cons]])
    ids = np.concatenate([numbers[1][is_prod], numbers[3][is_cons]])
    if int(ids.min()) < 0:  # ids (e.g. hashes) that do not pack beside the types: their codes number the same pairs
        ids = pd.factorize(ids)[0].astype(np.int64, copy=False)
    key, n_keys = ec.group_ids(types, ids)
    pkey, ckey = key[: len(prod)], key[len(prod) :]
    n_prod = np.bincount(pkey, minlength=n_keys)
    n_cons = np.bincount(ckey, minlength=n_keys)
    skip = (n_prod >= 64) & (n_cons >= 64)
    pk_ok = ~skip[pkey]
    ck_ok = ~skip[ckey]
    return prod[pk_ok], cons[ck_ok], np.concatenate([pkey[pk_ok], ckey[ck_ok]])


def _present_ints(values: pd.api.extensions.ExtensionArray) -> tuple[np.ndarray, np.ndarray]:
    """(present mask, int64 values with 0 where missing) of a nullable integer array (a ``flows``
    column): an ``Int64`` array's own mask and data (pandas' ``to_numpy(na_value=)`` costs ~0.05 ms
    a column, more on its first use), any other by pandas."""
    if _is_int64_array(values):
        mask = np.asarray(values._mask, dtype=bool)
        return ~mask, np.where(mask, 0, values._data).astype(np.int64, copy=False)
    return ~np.asarray(values.isna(), dtype=bool), values.to_numpy(dtype=np.int64, na_value=0)


def _flow_positions(ev: pd.DataFrame, event: np.ndarray) -> np.ndarray:
    """Position in ``ev`` (a slice of the events frame, rows ascending, labelled by row) of each of the
    event rows ``event`` (ascending); -1 for a row outside the slice. Positions come out ascending."""
    index = ev.index
    if isinstance(index, pd.RangeIndex) and index.step == 1:  # a run of rows: a subtraction
        at = event - index.start
        return np.where((at >= 0) & (at < len(index)), at, -1)
    return pd.Index(index).get_indexer(event).astype(np.int64, copy=False)


def _link_ends(ev: pd.DataFrame) -> list[tuple[np.ndarray, np.ndarray, list[pd.Series]]]:
    """Per XProf inter-thread connection: (parent-candidate mask, child-candidate mask, key columns).

    Besides the named pairs of ``INTER_THREAD_LINKS``: XProf's KernelLaunch -> KernelExecute, an event
    of the host plane with a ``correlation_id`` (the CUDA/HIP API call: ``cuLaunchKernel``,
    ``cuGraphLaunch``, a memcpy) -> the events of other planes (the GPU's kernels and copies) with
    the same ``correlation_id``. A connection whose key stat no event has links nothing: left out."""
    names = ev["name"]
    ends = []
    for parent_name, child_names, key_stats in INTER_THREAD_LINKS:
        if not all(stat in ev.columns for stat in key_stats):
            continue
        keys = [ev[stat] for stat in key_stats]
        has_keys = np.logical_and.reduce([_present(k) for k in keys])
        ends.append((values_in(names, [parent_name]) & has_keys, values_in(names, child_names) & has_keys, keys))
    if "correlation_id" not in ev.columns:
        return ends
    correlation = ev["correlation_id"]
    has_correlation = _present(correlation)
    if has_correlation.any():
        on_host = values_in(ev["plane"], [HOST_PLANE])
        ends.append((has_correlation & on_host, has_correlation & ~on_host, [correlation]))
    return ends


def _inter_thread_links(ev: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """XProf's ConnectInterThread: (parent rows, child rows, link ids). Per key the parent is
    the last parent event in frame order (XProf keeps the last one it sees per key)."""
    parents, children, links = [], [], []
    n_links = 0
    for parent_mask, child_mask, keys in _link_ends(ev):
        par = np.flatnonzero(parent_mask)
        chi = np.flatnonzero(child_mask)
        if len(par) == 0 or len(chi) == 0:
            continue
        both = np.concatenate([par, chi])
        key, n_keys = ec.group_ids(*[_int_values(k, 0, both) for k in keys])
        par_key, chi_key = key[: len(par)], key[len(par) :]
        # the last parent of each key (XProf keeps the last one it sees), in frame order
        last_of_key = np.full(n_keys, -1, np.int64)
        np.maximum.at(last_of_key, par_key, np.arange(len(par)))  # the last parent of each key
        last = np.zeros(len(par), bool)
        last[last_of_key[last_of_key >= 0]] = True
        par, par_key = par[last], par_key[last]
        position = np.full(n_keys, -1, np.int64)
        position[par_key] = np.arange(len(par))
        match = position[chi_key]
        ok = match >= 0
        parents.append(par[match[ok]])
        children.append(chi[ok])
        links.append(n_links + match[ok])
        n_links += len(par)
    if not parents:
        empty = np.zeros(0, np.int64)
        return empty, empty, empty
    return np.concatenate(parents), np.concatenate(children), np.concatenate(links)


def _present(series: pd.Series) -> np.ndarray:
    """Boolean mask: the column has a value."""
    return ~np.asarray(series.array.isna(), dtype=bool)


class _Graph:
    """Nesting tree + producer/consumer contexts over event rows, for min-propagation."""

    def __init__(
        self,
        parent: np.ndarray,
        depth: np.ndarray,
        prod: np.ndarray,
        cons: np.ndarray,
        prod_key: np.ndarray,
        cons_key: np.ndarray,
        n_keys: int,
    ):
        self.parent = parent
        self.levels = [np.flatnonzero(depth == d) for d in range(1, int(depth.max()) + 1)] if len(depth) else []
        self.prod, self.cons, self.prod_key, self.cons_key, self.n_keys = prod, cons, prod_key, cons_key, n_keys

    def propagate(self, value: np.ndarray, frozen: np.ndarray) -> np.ndarray:
        """Spread the minimum of ``value`` along all edges until stable; ``frozen`` nodes
        neither change nor pass values on."""
        inf = np.iinfo(np.int64).max
        val = np.where(frozen, inf, value)
        for _ in range(1000):
            changed = False
            for rows in self.levels:  # top-down: a value passes every nesting level in one sweep
                from_parent = val[self.parent[rows]]
                lower = from_parent < val[rows]
                lower &= ~frozen[rows]
                if lower.any():
                    val[rows[lower]] = from_parent[lower]
                    changed = True
            if len(self.prod):
                key_min = np.full(self.n_keys, inf, np.int64)
                np.minimum.at(key_min, self.prod_key, val[self.prod])
                upd = key_min[self.cons_key]
                lower = (upd < val[self.cons]) & ~frozen[self.cons]
                if lower.any():
                    np.minimum.at(val, self.cons[lower], upd[lower])
                    changed = True
            if not changed:
                break
        return val

    def incoming_min(self, val: np.ndarray) -> np.ndarray:
        """For each node, the minimum value among its direct predecessors."""
        inf = np.iinfo(np.int64).max
        out = np.full(len(val), inf, np.int64)
        has_parent = self.parent >= 0
        out[has_parent] = val[self.parent[has_parent]]
        if len(self.prod):
            key_min = np.full(self.n_keys, inf, np.int64)
            np.minimum.at(key_min, self.prod_key, val[self.prod])
            np.minimum.at(out, self.cons, key_min[self.cons_key])
        return out


def parent_positions(ev: pd.DataFrame) -> np.ndarray:
    """Each row's nesting parent as a position in ``ev`` (a slice of the events frame whose index
    is the rows there): -1 for a top-level event or a parent outside the slice."""
    par = ev["parent"].to_numpy(np.int64)
    if isinstance(ev.index, pd.RangeIndex) and ev.index.start == 0 and ev.index.step == 1:
        return par  # rows are positions (the whole events frame): no lookup, no copy
    if not len(ev):
        return np.full(0, -1, np.int64)
    pos = pd.Index(ev.index).get_indexer(np.where(par >= 0, par, ev.index[0]))
    return np.where((par >= 0) & (pos >= 0), pos, -1)


def event_graph(ev: pd.DataFrame, flows: pd.DataFrame, levels: bool = True) -> _Graph:
    """The edges a group spreads along over the rows of ``ev`` (one host, frame order): nesting on a
    line, producer -> consumer contexts (``_pt``/``_p`` -> ``_ct``/``_c``) and XProf's inter-thread links.
    ``levels=False``: without the per-depth row lists ``propagate`` needs (the edges only)."""
    parent = parent_positions(ev)
    depth = np.where(parent >= 0, ev["depth"].to_numpy(np.int64), 0) if levels else np.zeros(0, np.int64)
    return _Graph(parent, depth, *_context_edges(ev, flows))


ContextEdges = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]
"""``event_graph``'s edges besides nesting of one frame: (producer rows, consumer rows, their context keys,
the number of keys)."""

KEEP_EDGES_MAX_EVENTS = 200_000
"""A grouping keeps its edges (``Grouping.edges``) for frames of up to this many events: the inference
sessions of a small profile spread over the same frame (0.5 ms saved on tpu_v6e); on large ones the
rebuild is a small share of their work, and edges held on raised the peak memory (jax_large, 1.18M
events: +10 MB peak RSS for 2.4 MB of edges)."""


def _context_edges(ev: pd.DataFrame, flows: pd.DataFrame) -> ContextEdges:
    """``event_graph``'s edges besides nesting: (producer rows, consumer rows, their context keys, the
    number of keys); producer/consumer contexts first, then XProf's inter-thread links."""
    prod, cons, keys = _context_pairs(ev, flows)
    prod_key, cons_key = keys[: len(prod)], keys[len(prod) :]
    n_keys = int(keys.max()) + 1 if len(keys) else 0
    # inter-thread links are one-parent context groups after the producer/consumer ones
    link_par, link_child, link_id = _inter_thread_links(ev)
    if len(link_id):
        prod = np.concatenate([prod, link_par])
        cons = np.concatenate([cons, link_child])
        prod_key = np.concatenate([prod_key, n_keys + link_id])
        cons_key = np.concatenate([cons_key, n_keys + link_id])
        n_keys += int(link_id.max()) + 1
    return prod, cons, prod_key, cons_key, n_keys


def spread_from_roots(
    ev: pd.DataFrame, flows: pd.DataFrame, roots: np.ndarray, edges: ContextEdges | None = None
) -> np.ndarray:
    """For each row of ``ev``, the position in ``roots`` (rows of ``ev``) of the first root that reaches
    it along ``event_graph``'s edges; -1 where none does. Spread over the skeleton of the roots and
    link ends (``_Skeleton``), as the grouping does: the other events only inherit their nesting parent's.
    ``edges``: the frame's context edges where built already (``Grouping.edges`` of ``ev`` and ``flows``)."""
    if len(roots) == 0:
        return np.full(len(ev), -1, np.int64)
    roots = np.asarray(roots, np.int64)
    is_root = np.zeros(len(ev), bool)
    is_root[roots] = True
    skeleton = _Skeleton(ev, flows, is_root, edges)
    inf = np.iinfo(np.int64).max
    ids = np.full(len(skeleton.nodes), inf, np.int64)
    ids[skeleton.owner[roots]] = np.arange(len(roots))  # a root is a node: its owner is its node number
    spread = skeleton.graph.propagate(ids, np.zeros(len(ids), bool))
    return skeleton.spread(spread, inf)


Flows = pd.DataFrame | Callable[[], pd.DataFrame]
"""``Frames.flows`` of the frame grouped, or a function returning it: read only where some event roots a group."""


def _flows_frame(flows: Flows) -> pd.DataFrame:
    """The flows frame of ``Flows`` (made by its function where it is one)."""
    return flows() if callable(flows) else flows


def group_host_events(ev: pd.DataFrame, flows: Flows) -> Grouping:
    """Group the events of one host (all its planes), reproducing TSL's GroupTfEvents.

    ``ev`` is a slice of ``prof.events`` for one host, in frame order (parents before
    children, ``parent`` = row label of the nesting parent). Returns the group id of each
    row (-1 = none), the step names and how the groups were found. ``flows``: ``Flows``.
    """
    found = _find_groups(ev, flows)
    group = found.group
    if found.root_rows is None:  # the file's own groups, or none (TF loop ops)
        names = _existing_names(ev, group) if found.source == EXISTING_GROUPS else {}
        return Grouping(group=group, names=names, source=found.source)
    names_map, nums = _root_names(ev, found.root_rows)
    markers = gpu_step_markers(ev, group, found.in_time)
    return Grouping(
        group=group, names=names_map, step_nums=nums, source=found.source, gpu_markers=markers, edges=found.edges
    )


def host_event_groups(ev: pd.DataFrame, flows: Flows, gpu_fill: bool = True) -> tuple[np.ndarray, str]:
    """``group_host_events``' group id of each row of ``ev`` (-1 = none) and its ``source``, without
    the step names and GPU step markers (for tools that need only the ids).

    ``gpu_fill=False``: GPU events that only XProf's fill (``fill_ungrouped_gpu_events``) would group
    keep -1; ``source`` still counts them. For tools that read the ids of other planes' events only.
    """
    found = _find_groups(ev, flows, gpu_fill)
    return found.group, found.source


EXISTING_GROUPS = "group_id stats in the file"  # the source of a file grouped before


class _FoundGroups:
    """``_find_groups``' result: each row's group (-1 = none), how it was found, the row of each
    group's root (None: no roots were looked for), ``gpu_plane_rows_in_time_order``'s rows and the
    context edges spread over (None: none built). A plain class: a dataclass would exec generated code
    when the module is first imported."""

    def __init__(
        self,
        group: np.ndarray,
        source: str,
        root_rows: dict[int, int] | None = None,
        in_time: list[np.ndarray] | None = None,
        edges: ContextEdges | None = None,
    ) -> None:
        self.group, self.source, self.root_rows, self.in_time = group, source, root_rows, in_time or []
        self.edges = edges


def _find_groups(ev: pd.DataFrame, flows: Flows, gpu_fill: bool = True) -> _FoundGroups:
    """The group ids of ``group_host_events`` (which adds the step names and GPU markers); with
    ``gpu_fill`` False, the GPU events XProf's fill would group are counted only (no time order made)."""
    n = len(ev)
    names = ev["name"]
    existing = ev["group_id"] if "group_id" in ev.columns else None
    if existing is not None and _present(existing).any():
        return _FoundGroups(_int_values(existing), EXISTING_GROUPS)
    if values_in(names, TF_LOOP_OP_NAMES).any():
        return _FoundGroups(np.full(n, -1, np.int64), "none: TF loop ops present (XProf skips grouping)")

    # the flows before the event-length arrays below (the peak memory of large profiles), where roots may be
    may_root = ("_r" in ev.columns and _present(ev["_r"]).any()) or values_in(names, ["TraceContext"]).any()
    if not may_root:  # no `_r` stat, no TraceContext: no root, no event gets a group (nor a GPU event)
        return _FoundGroups(np.full(n, -1, np.int64), NO_STEP_ROOTS, {})
    flows_frame = _flows_frame(flows)
    # roots: `_r` (value = level) or legacy TraceContext (level 1); not tf.data function runs
    root_level = _root_levels(ev)
    root_level[values_in(names, ["TraceContext"]) & (root_level < 0)] = 1
    is_function_run = values_in(names, TF_DATA_FUNCTION_RUNS)
    if is_function_run.any():
        _drop_tf_data_roots(ev, root_level, np.flatnonzero(is_function_run))
    del is_function_run
    if not (root_level >= 0).any():  # no root: no event gets a group (nor a GPU event)
        return _FoundGroups(np.full(n, -1, np.int64), NO_STEP_ROOTS, {})

    # Propagate over the skeleton only: roots and link ends; every other event takes its nearest
    # skeleton ancestor's group (nesting is its only way in), so the loop never walks all events.
    skeleton = _Skeleton(ev, flows_frame, root_level >= 0)
    graph, nodes = skeleton.graph, skeleton.nodes
    m = len(nodes)
    node_level = root_level[nodes]
    del root_level  # event-length: gone before the groups are spread to every event
    node_start = ev["start_ps"].to_numpy()[nodes]
    inf = np.iinfo(np.int64).max
    group = np.full(m, inf, np.int64)
    next_id = 0
    root_rows: dict[int, int] = {}
    for level in sorted(set(node_level[node_level >= 0].tolist()), reverse=True):
        frozen = group != inf
        roots = np.flatnonzero((node_level == level) & ~frozen)
        roots = roots[np.argsort(node_start[roots], kind="stable")]
        rank = np.full(m, inf, np.int64)
        rank[roots] = np.arange(len(roots))
        # a root with another root of the same level upstream is grouped by that one
        reach = graph.propagate(rank, np.zeros(m, bool))
        roots = roots[graph.incoming_min(reach)[roots] == inf]
        if len(roots) == 0:
            continue
        ids = np.full(m, inf, np.int64)
        ids[roots] = next_id + np.arange(len(roots))
        root_rows.update(zip(ids[roots].tolist(), nodes[roots].tolist()))
        next_id += len(roots)
        spread = graph.propagate(ids, frozen)
        take = (spread != inf) & ~frozen
        group[take] = spread[take]
    group = skeleton.spread(group, inf)
    in_time: list[np.ndarray] = []
    if gpu_fill:
        in_time = gpu_plane_rows_in_time_order(ev)  # sorted once: for the fill and for the markers
        filled = fill_ungrouped_gpu_events(ev, group, in_time)
    else:
        filled = gpu_fill_count(ev, group)
    source = "grouped here from _r roots, nesting and _p/_c links" if root_rows else NO_STEP_ROOTS
    if filled:
        source += f"; {filled:,} GPU events without a launch in a step took the step of the GPU event before them"
    edges = skeleton.edges if n <= KEEP_EDGES_MAX_EVENTS else None  # large frames: not held on
    return _FoundGroups(group, source, root_rows, in_time, edges)


def _root_levels(ev: pd.DataFrame) -> np.ndarray:
    """Each row's ``_r`` stat (a root's level; negative read as 0), -1 where it has none (int64, a fresh array)."""
    if "_r" not in ev.columns:
        return np.full(len(ev), -1, np.int64)
    r_col = ev["_r"]
    root_level = _int_values(r_col, 0)
    np.maximum(root_level, 0, out=root_level)
    root_level[~_present(r_col)] = -1
    return root_level


def _drop_tf_data_roots(ev: pd.DataFrame, root_level: np.ndarray, function_runs: np.ndarray) -> None:
    """In place: a root (``root_level >= 0``) whose step id is that of a tf.data function run (rows
    ``function_runs``) is no root (it belongs to tf.data)."""
    roots = np.flatnonzero(root_level >= 0)
    ids, has = _step_ids(ev, np.concatenate([function_runs, roots]))  # one read of the columns for both
    run_ids, run_has = ids[: len(function_runs)], has[: len(function_runs)]
    if not run_has.any():
        return
    root_ids, root_has = ids[len(function_runs) :], has[len(function_runs) :]
    root_level[roots[root_has & ec.sorted_member(root_ids, ec.distinct_sorted(run_ids[run_has]))]] = -1


def _step_ids(ev: pd.DataFrame, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """XProf's step id of ``rows`` (the stat named "id", kStepId; some files say "step_id"): (int64
    values, 0 where missing or not a number; mask of the rows that have one)."""
    step_id = column(ev, "step_id")
    if "id" not in ev.columns:
        return _ints_at(step_id, rows)
    id_col = column(ev, "id")
    if isinstance(id_col.dtype, pd.Int64Dtype) and isinstance(step_id.dtype, pd.Int64Dtype):
        (ids, has_id), (fallback, has_fallback) = _ints_at(id_col, rows), _ints_at(step_id, rows)
        return np.where(has_id, ids, fallback), has_id | has_fallback
    merged = id_col.fillna(step_id).iloc[rows]  # other dtypes: as pandas merges them
    return int_array(merged, 0), merged.notna().to_numpy()


def _ints_at(series: pd.Series, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(int64 values, 0 where missing or not a number; present mask) of a column at ``rows`` only."""
    values = series.array
    if _is_int64_array(values):
        return np.where(values._mask[rows], 0, values._data[rows]), ~values._mask[rows]
    return int_array(series, 0, rows), _present(series)[rows]


def _int_values(series: pd.Series, missing: int = -1, rows: np.ndarray | None = None) -> np.ndarray:
    """``int_array(series, missing, rows)`` (a fresh int64 array): an ``Int64`` column (the promoted integer
    stats) read from its own data and mask (pandas' ``to_numpy(na_value=)`` costs ~0.1 ms a call on its
    first uses), any other by ``int_array``."""
    values = series.array
    if not _is_int64_array(values):
        return int_array(series, missing, rows)
    data, mask = (values._data, values._mask) if rows is None else (values._data[rows], values._mask[rows])
    return np.where(mask, missing, data)


def _is_int64_array(values: object) -> bool:
    """Whether ``values`` is pandas' ``Int64`` masked array (its ``_data`` int64, ``_mask`` bool)."""
    return isinstance(values, pd.arrays.IntegerArray) and isinstance(values.dtype, pd.Int64Dtype)


def _gpu_plane_rows(ev: pd.DataFrame) -> list[np.ndarray]:
    """Per ``/device:GPU:N`` plane of ``ev``: the rows of its non-derived lines (ascending)."""
    planes = ev["plane"]
    on_gpu = value_mask(planes, is_gpu_plane)
    if not on_gpu.any():
        return []
    on_gpu &= ~is_derived_line_id(ev["line_id"].to_numpy())
    plane = ec.codes(planes)
    return [np.flatnonzero(on_gpu & (plane == code)) for code in ec.distinct_sorted(plane[on_gpu]).tolist()]


def _time_keys(ev: pd.DataFrame, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """XProf's time order of GPU events (GetSortedEvents) as ``np.lexsort`` keys of ``rows``, the last
    one primary: start time, then the longer event first; equal keys keep the rows' order."""
    return -ev["duration_ps"].to_numpy()[rows], ev["start_ps"].to_numpy()[rows]


def gpu_plane_rows_in_time_order(ev: pd.DataFrame) -> list[np.ndarray]:
    """Per ``/device:GPU:N`` plane of ``ev``: the rows of its non-derived lines, all lines merged, by
    start time, the longer event first on a tie (XProf's GetSortedEvents)."""
    return [rows[np.lexsort(_time_keys(ev, rows))] for rows in _gpu_plane_rows(ev)]


def gpu_fill_count(ev: pd.DataFrame, group: np.ndarray) -> int:
    """How many events ``fill_ungrouped_gpu_events(ev, group)`` would give a group, without ordering the
    planes' events: per GPU plane, its events without a group that come after its first grouped event
    in time order (``_time_keys``)."""
    filled = 0
    for rows in _gpu_plane_rows(ev):
        grouped = group[rows] >= 0
        if not grouped.any():
            continue
        longer_first, start = _time_keys(ev, rows)
        first = _first_in_time(start, longer_first, grouped)
        later = (start > start[first]) | (
            (start == start[first])
            & (
                (longer_first > longer_first[first])
                | ((longer_first == longer_first[first]) & (np.arange(len(rows)) > first))
            )
        )
        filled += int((later & ~grouped).sum())
    return filled


def _first_in_time(start: np.ndarray, longer_first: np.ndarray, among: np.ndarray) -> int:
    """Position of the first of the ``among`` events in time order (``_time_keys``: earliest start, then
    smallest ``longer_first``, then the first position)."""
    candidates = np.flatnonzero(among)
    candidates = candidates[start[candidates] == start[candidates].min()]
    candidates = candidates[longer_first[candidates] == longer_first[candidates].min()]
    return int(candidates[0])


def fill_ungrouped_gpu_events(ev: pd.DataFrame, group: np.ndarray, in_time: list[np.ndarray] | None = None) -> int:
    """XProf's ProcessUngroupedEvents, in place: on each GPU plane, in time order, an event without a
    group takes the group of the last grouped event before it (a copy whose host call ran outside any
    step joins the step running on the GPU). Returns how many events got a group this way.
    ``in_time``: ``gpu_plane_rows_in_time_order(ev)`` where already made."""
    filled = 0
    for rows in gpu_plane_rows_in_time_order(ev) if in_time is None else in_time:
        g = group[rows]
        last = np.where(g >= 0, np.arange(len(g)), -1)
        np.maximum.accumulate(last, out=last)
        take = (g < 0) & (last >= 0)
        if take.any():
            group[rows[take]] = g[last[take]]
            filled += int(take.sum())
    return filled


DERIVED_GPU_MARKER = "GPU events of the step"  # the marker of steps derived from a GPU's grouped events


def gpu_step_markers(ev: pd.DataFrame, group: np.ndarray, in_time: list[np.ndarray]) -> dict[str, np.ndarray]:
    """XProf's DeriveStepEventsFromGroups: on each GPU plane, its grouped events in time order (``in_time``:
    ``gpu_plane_rows_in_time_order(ev)``); a run of consecutive events of one group is one step marker
    from the run's first start to its latest end. Arrays ``group``, ``start_ps``, ``end_ps`` (int64 ps),
    ``marker`` (str objects) and ``row`` (the row of each run's first event: a row of the marker's plane)."""
    if not in_time:  # no GPU plane: no column read
        return _no_gpu_markers()
    rows_of, groups, starts, ends = [], [], [], []
    start_all, end_all = ev["start_ps"].to_numpy(), ev["end_ps"].to_numpy()
    for rows in in_time:
        rows = rows[group[rows] >= 0]
        if len(rows) == 0:
            continue
        g = group[rows]
        first = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
        rows_of.append(rows[first])
        groups.append(g[first])
        starts.append(start_all[rows[first]])
        ends.append(np.maximum.reduceat(end_all[rows], first))
    if not rows_of:
        return _no_gpu_markers()
    row = np.concatenate(rows_of)
    return {
        "group": np.concatenate(groups),
        "start_ps": np.concatenate(starts),
        "end_ps": np.concatenate(ends),
        "marker": np.full(len(row), DERIVED_GPU_MARKER, object),
        "row": row,
    }


def _no_gpu_markers() -> dict[str, np.ndarray]:
    """``gpu_step_markers``' arrays without a marker."""
    empty = np.zeros(0, np.int64)
    return {"group": empty, "start_ps": empty, "end_ps": empty, "marker": np.zeros(0, object), "row": empty}


class _Skeleton:
    """The events a group can enter by more than nesting (``with_roots`` rows, producers, consumers
    and inter-thread link ends), as a graph of their own: each one's nesting parent is its nearest
    skeleton ancestor. Every other event's group is its nearest skeleton ancestor's (``spread``)."""

    def __init__(
        self, ev: pd.DataFrame, flows: pd.DataFrame, with_roots: np.ndarray, edges: ContextEdges | None = None
    ):
        """``edges``: the frame's context edges where built already (else built here; ``self.edges``)."""
        self.edges = edges if edges is not None else _context_edges(ev, flows)
        full = _Graph(parent_positions(ev), np.zeros(0, np.int64), *self.edges)  # ``event_graph(levels=False)``
        special = with_roots.copy()
        special[full.prod] = True
        special[full.cons] = True
        self.nodes = np.flatnonzero(special)
        # node of each event: itself on the skeleton, else its nearest skeleton ancestor (-1: none)
        self.owner, node_parent = marked_owners(full.parent, special)
        del special
        self.graph = _Graph(
            node_parent,
            _tree_depth(node_parent),
            self.owner[full.prod],  # a marked row's owner is its own node number
            self.owner[full.cons],
            full.prod_key,
            full.cons_key,
            full.n_keys,
        )

    def spread(self, node_values: np.ndarray, missing: int) -> np.ndarray:
        """Per event: its node's value, -1 where that is ``missing`` or the event has no node."""
        # one gather: the table's extra last entry (-1) answers owner -1
        table = np.append(np.where(node_values == missing, -1, node_values), -1)
        return table[self.owner]


def _tree_depth(parent: np.ndarray) -> np.ndarray:
    """Depth of each node of a forest given by ``parent`` (-1 = a root), one pass per level."""
    depth = np.zeros(len(parent), np.int64)
    has_parent = parent >= 0
    while True:
        deeper = np.where(has_parent, depth[np.maximum(parent, 0)] + 1, 0)
        if np.array_equal(deeper, depth):
            return depth
        depth = deeper


def _root_names(ev: pd.DataFrame, root_rows: dict[int, int]) -> tuple[dict[int, str], dict[int, int]]:
    """XProf's group name: '<graph_type or root name> <iter_num | step_num | group id>';
    implicit roots (FunctionRun, ...) get no name and so mark no step."""
    out: dict[int, str] = {}
    nums: dict[int, int] = {}
    if not root_rows:
        return out, nums
    rows = np.array(list(root_rows.values()))
    gids = list(root_rows.keys())
    nm = [str(v) for v in _values_at(ev["name"], rows)]
    gt = _values_at(ev["graph_type"], rows) if "graph_type" in ev.columns else [None] * len(rows)
    it_col, sn_col = column(ev, "iter_num"), column(ev, "step_num")
    (it, has_it), (sn, has_sn) = _ints_at(it_col, rows), _ints_at(sn_col, rows)
    for gid, name, graph_type, iter_num, i_ok, step_num, s_ok in zip(gids, nm, gt, it, has_it, sn, has_sn):
        if name in IMPLICIT_ROOT_NAMES:
            continue
        num = iter_num if i_ok else (step_num if s_ok else gid)
        prefix = graph_type if isinstance(graph_type, str) and graph_type else name
        out[gid] = f"{prefix} {num}"
        nums[gid] = int(num)
    return out, nums


def _values_at(series: pd.Series, rows: np.ndarray, missing: object = np.nan) -> list[object]:
    """The column's values at ``rows`` (a categorical's: its category values, ``missing`` where it has none)."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        categorical = series.array
        values = [*categorical.categories.tolist(), missing]  # code -1 (missing) takes the last
        return [values[code] for code in np.asarray(categorical.codes)[rows].tolist()]
    return series.iloc[rows].astype("object").to_numpy().tolist()


def _existing_names(ev: pd.DataFrame, group: np.ndarray) -> dict[int, str]:
    """Step names already present in a grouped file (``step_name`` stat)."""
    sn = column(ev, "step_name")
    rows = np.flatnonzero(sn.notna().to_numpy() & (group >= 0))
    if not len(rows):
        return {}
    _, first = np.unique(group[rows], return_index=True)
    first.sort()  # each group's first row, in row order: the names in order of first appearance
    named = rows[first]
    return dict(zip(group[named].tolist(), [str(v) for v in _values_at(sn, named)]))
