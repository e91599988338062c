"""Replay of an XLA buffer assignment: which buffers are live at the peak of one memory space.

Input is a serialized ``HloProto`` (module + buffer assignment) as JAX/XLA programs write it
into the profile's ``/host:metadata`` plane. The replay follows XProf's memory viewer
(``xprof/convert/hlo_proto_to_memory_visualization_utils.cc``):

- buffers with an *indefinite* lifetime (entry parameters, outputs that may live out,
  constants) are live for the whole program: for each such allocation the largest
  logical buffer assigned to it stands for it. Thread-local allocations (scalars inside
  reductions) are left out of the heap, as XProf 2.24 does;
- the other buffers follow the heap simulator trace of the memory space: ALLOC adds a
  buffer, FREE removes it once no buffer shares it any more, SHARE_WITH reuses the memory
  of a canonical buffer (and only adds to the heap when it revives a freed one);
- the peak is the first program point where the simulated heap reaches its maximum; the
  heap sizes reported add the indefinite bytes to every point.
All sizes are bytes.
"""

from __future__ import annotations

from typing import Any

from nbprof.hlo import shapes as _hlo_shapes
from nbprof.proto import hlo_pb2

_ALLOC = hlo_pb2.HeapSimulatorTrace.Event.ALLOC
_FREE = hlo_pb2.HeapSimulatorTrace.Event.FREE
_SHARE_WITH = hlo_pb2.HeapSimulatorTrace.Event.SHARE_WITH


class BufferAssignmentError(ValueError):
    """The heap simulator trace contradicts itself (freed twice, negative heap)."""


# The two classes below are plain classes, not dataclasses: making a dataclass execs generated code,
# about 0.7 ms each when the memory viewer is first imported in a fresh process.


class LogicalBuffer:
    """One logical buffer placed in a buffer allocation (sizes in bytes)."""

    __slots__ = (
        "id",
        "size",
        "unpadded_size",
        "color",
        "offset",
        "shape_index",
        "allocation",
        "instruction",
        "canonical",
        "ref_count",
        "span",
    )

    def __init__(
        self,
        id: int,  # the logical buffer id, as the proto names it
        size: int,
        unpadded_size: int,
        color: int,
        offset: int,
        shape_index: tuple[int, ...],
        allocation: Any,  # BufferAllocationProto
        instruction: Any,  # HloInstructionProto
        canonical: LogicalBuffer | None = None,
        ref_count: int = 0,
        span: list[int] | None = None,
    ) -> None:
        self.id = id
        self.size = size
        self.unpadded_size = unpadded_size
        self.color = color
        self.offset = offset
        self.shape_index = shape_index
        self.allocation = allocation
        self.instruction = instruction
        self.canonical = canonical
        self.ref_count = ref_count
        self.span = span

    def __repr__(self) -> str:
        return f"LogicalBuffer(id={self.id}, name={self.name!r}, size={self.size}, offset={self.offset})"

    def root(self) -> LogicalBuffer:
        node = self
        while node.canonical is not None:
            node = node.canonical
        return node

    @property
    def name(self) -> str:
        """Instruction name, with the shape index in braces for tuple elements (``copy-start{0}``)."""
        base = self.instruction.name
        if self.shape_index:
            return base + "{" + ",".join(str(i) for i in self.shape_index) + "}"
        return base


def allocation_type(allocation: Any) -> str:
    """XProf's allocation type (its "group name") of a buffer allocation."""
    if allocation.is_entry_computation_parameter:
        return "Parameter"
    if allocation.maybe_live_out:
        return "Output"
    if allocation.is_thread_local:
        return "Thread-local"
    if allocation.is_constant:
        return "Constant"
    return "Temporary"


def is_indefinite(allocation: Any) -> bool:
    """Live for the whole program and counted in the heap (parameters, outputs, constants)."""
    return bool(
        not allocation.is_thread_local
        and (allocation.is_entry_computation_parameter or allocation.is_constant or allocation.maybe_live_out)
    )


def is_traced(allocation: Any) -> bool:
    """Its buffers come and go with the heap simulator trace (XProf's "not indefinite")."""
    return not (allocation.is_thread_local or is_indefinite(allocation))


def is_reusable(allocation: Any) -> bool:
    return not allocation.is_thread_local and not allocation.is_tuple


class HeapReplay:
    """What replaying one memory space of a buffer assignment found (sizes in bytes)."""

    def __init__(
        self,
        module_name: str,
        entry_computation_name: str,
        memory_space: int,
        trace_index: int,  # -1: no heap simulator trace for this memory space
        allocations: list[Any] | None = None,  # BufferAllocationProto of this space
        buffers: dict[int, LogicalBuffer] | None = None,
        stack_frames: Any = None,  # StackFrameIndexProto
        trace_of_allocation: dict[int, int] | None = None,
        trace_lengths: list[int] | None = None,
    ) -> None:
        self.module_name = module_name
        self.entry_computation_name = entry_computation_name
        self.memory_space = memory_space
        self.trace_index = trace_index
        self.heap_bytes: list[int] = []  # before each event, then the final size
        self.unpadded_heap_bytes: list[int] = []
        self.instruction_names: list[str] = []
        self.peak_heap_bytes = 0  # simulated (temporary) buffers only
        self.peak_unpadded_heap_bytes = 0
        self.peak_position = 0
        self.indefinite_bytes = 0
        self.indefinite_buffers: list[LogicalBuffer] = []
        self.peak_buffers: list[LogicalBuffer] = []  # program order
        self.allocations: list[Any] = allocations if allocations is not None else []
        self.buffers: dict[int, LogicalBuffer] = buffers if buffers is not None else {}
        self.warnings: list[str] = []
        self.stack_frames = stack_frames
        self.trace_of_allocation: dict[int, int] = trace_of_allocation if trace_of_allocation is not None else {}
        self.trace_lengths: list[int] = trace_lengths if trace_lengths is not None else []

    def __repr__(self) -> str:
        return (
            f"HeapReplay(module_name={self.module_name!r}, memory_space={self.memory_space}, "
            f"peak_heap_bytes={self.peak_heap_bytes}, peak_position={self.peak_position})"
        )


def parse_hlo_proto(data: bytes) -> Any:
    """Decode a serialized ``HloProto``."""
    return hlo_pb2.HloProto.FromString(data)


def _logical_buffers(hlo: Any) -> tuple[dict[int, LogicalBuffer], dict[int, Any]]:
    instructions = {}
    for computation in hlo.hlo_module.computations[:]:  # slices: iterating upb's containers costs more
        for instruction in computation.instructions[:]:
            instructions[instruction.id] = instruction
    protos = {lb.id: lb for lb in hlo.buffer_assignment.logical_buffers[:]}
    buffers: dict[int, LogicalBuffer] = {}
    allocations = {}
    for allocation in hlo.buffer_assignment.buffer_allocations[:]:
        allocations[allocation.index] = allocation
        for assigned in allocation.assigned[:]:
            proto = protos.get(assigned.logical_buffer_id)
            if proto is None:
                continue
            instruction = instructions.get(proto.defined_at.instruction_id)
            if instruction is None:
                continue
            index = tuple(proto.defined_at.shape_index)
            unpadded = _hlo_shapes.unpadded_bytes(_hlo_shapes.subshape(instruction.shape, index))
            buffers[proto.id] = LogicalBuffer(
                id=proto.id,
                size=proto.size,
                unpadded_size=unpadded,
                color=proto.color,
                offset=assigned.offset,
                shape_index=index,
                allocation=allocation,
                instruction=instruction,
            )
    return buffers, allocations


def traces_by_allocation(hlo: Any, buffers: dict[int, LogicalBuffer]) -> dict[int, int]:
    """Heap simulator trace of each allocation: the allocation of the trace's first buffer.

    (XProf does not trust the trace's own ``buffer_allocation_index``.)
    """
    out: dict[int, int] = {}
    for i, trace in enumerate(hlo.buffer_assignment.heap_simulator_traces[:]):
        if not trace.events:
            continue
        first = buffers.get(trace.events[0].buffer_id)
        if first is not None:
            out[first.allocation.index] = i
    return out


def _trace_index(
    hlo: Any,
    buffers: dict[int, LogicalBuffer],
    allocations: dict[int, Any],
    color: int,
    trace_of_allocation: dict[int, int],
) -> int:
    """The heap simulator trace of a memory space, found as XProf does: the trace of a
    traced allocation of that space, else the trace with most events of the space."""
    for index in sorted(allocations):
        allocation = allocations[index]
        if allocation.color == color and is_traced(allocation) and index in trace_of_allocation:
            return trace_of_allocation[index]
    best, best_count = -1, 0
    for i, trace in enumerate(hlo.buffer_assignment.heap_simulator_traces[:]):
        count = sum(1 for e in trace.events if (b := buffers.get(e.buffer_id)) is not None and b.color == color)
        if count > best_count:
            best, best_count = i, count
    return best


def replay(hlo: Any, memory_space: int = 0) -> HeapReplay:
    """Replay the buffer assignment of ``hlo`` (an ``HloProto``) for one memory space."""
    buffers, allocations = _logical_buffers(hlo)
    trace_of_allocation = traces_by_allocation(hlo, buffers)
    out = HeapReplay(
        module_name=hlo.hlo_module.name,
        entry_computation_name=hlo.hlo_module.entry_computation_name,
        memory_space=memory_space,
        trace_index=_trace_index(hlo, buffers, allocations, memory_space, trace_of_allocation),
        trace_of_allocation=trace_of_allocation,
        trace_lengths=[len(t.events) for t in hlo.buffer_assignment.heap_simulator_traces],
        buffers=buffers,
        allocations=[a for _, a in sorted(allocations.items()) if a.color == memory_space],
        stack_frames=hlo.hlo_module.stack_frame_index,
    )
    if 0 <= out.trace_index < len(hlo.buffer_assignment.heap_simulator_traces):
        _simulate(out, hlo.buffer_assignment.heap_simulator_traces[out.trace_index], buffers)
    for allocation in out.allocations:
        if not is_indefinite(allocation):
            continue
        best, best_size = None, 0
        for assigned in allocation.assigned[:]:
            buffer = buffers.get(assigned.logical_buffer_id)
            if buffer is not None and buffer.size > best_size:
                best, best_size = buffer, buffer.size
        if best is not None:
            out.indefinite_bytes += allocation.size
            out.indefinite_buffers.append(best)
    return out


def _simulate(out: HeapReplay, trace: Any, buffers: dict[int, LogicalBuffer]) -> None:
    n_events = len(trace.events)
    heap = unpadded = 0
    live: list[int] = []  # canonical buffer ids in program order
    display: dict[int, int] = {}  # canonical id -> id of the buffer now using its memory
    peak_live: list[int] = []
    peak_display: dict[int, int] = {}
    seen_allocations: set[int] = set()
    heap_timeline, unpadded_timeline, names = out.heap_bytes, out.unpadded_heap_bytes, out.instruction_names

    def increase(buffer: LogicalBuffer, start_span: bool) -> None:
        nonlocal heap, unpadded, peak_live, peak_display
        live.append(buffer.id)
        heap += buffer.size
        unpadded += buffer.unpadded_size
        if heap > out.peak_heap_bytes:
            out.peak_heap_bytes = heap
            out.peak_position = len(heap_timeline) - 1
            out.peak_unpadded_heap_bytes = unpadded
            peak_live = list(live)
            peak_display = dict(display)
        if start_span:
            buffer.span = [len(heap_timeline) - 1, n_events - 1]

    for event in trace.events:
        heap_timeline.append(heap)
        unpadded_timeline.append(unpadded)
        names.append(event.instruction_name)
        buffer = buffers.get(event.buffer_id)
        if buffer is None:
            continue
        seen_allocations.add(buffer.allocation.index)
        kind = event.kind
        if kind == _ALLOC:
            buffer.root().ref_count += 1
            increase(buffer, True)
        elif kind == _FREE:
            root = buffer.root()
            root.ref_count -= 1
            if root.ref_count < 0:
                raise BufferAssignmentError(f"buffer {buffer.id} is freed more often than allocated")
            if root.ref_count == 0:
                while root.id in live:
                    live.remove(root.id)
                heap -= root.size
                unpadded -= root.unpadded_size
                if heap < 0:
                    raise BufferAssignmentError(f"heap size went negative ({heap} bytes)")
                # the buffer shown in the root's memory (the last one to revive it) ends here
                shown = buffers.get(display.get(root.id, root.id), root)
                if shown.span is not None:
                    shown.span[1] = len(heap_timeline) - 1
            if buffer.span is not None and buffer.canonical is not None:
                buffer.span[1] = len(heap_timeline) - 1
        elif kind == _SHARE_WITH:
            canonical = buffers.get(event.share_with_canonical_id)
            if canonical is None:
                continue
            node: LogicalBuffer | None = canonical
            while node is not None:  # a share that closes a loop would make root() spin forever
                if node is buffer:
                    raise BufferAssignmentError(
                        f"buffer {buffer.id} shares memory with itself through a loop of shares"
                    )
                node = node.canonical
            buffer.canonical = canonical
            root = canonical.root()
            root.ref_count += 1
            if root.ref_count == 1:  # revives memory that had been freed
                display[root.id] = buffer.id
                buffer.span = [len(heap_timeline) - 1, n_events - 1]
                increase(root, False)
        else:
            raise BufferAssignmentError(f"unknown heap simulator event kind {kind}")
    heap_timeline.append(heap)
    unpadded_timeline.append(unpadded)
    names.append("")
    if len(seen_allocations) != 1:
        out.warnings.append(f"the heap simulator trace touches {len(seen_allocations)} buffer allocations, expected 1")
    out.peak_buffers = [buffers[peak_display.get(i, i)] for i in peak_live if peak_display.get(i, i) in buffers]
