"""Schema-level mutations of XSpace profiles: every stat and field made missing, mistyped,
negative, huge, NaN/inf, empty, non-UTF-8, duplicated or cyclic.

A mutation is a ``Mutation(name, apply)`` where ``apply(space)`` edits an ``XSpace`` message
in place (the builder's ``XSpaceBuilder.msg``, or a real profile decoded with protobuf).
``serialize(space)`` turns it into file bytes, writing the non-UTF-8 strings that protobuf
refuses to set (``NON_UTF8_MARK`` placeholders replaced by invalid bytes of the same length).

``small_base(data)`` trims a real profile to its first events per line: the same planes,
lines, metadata, stats and HLO protos, a few hundred events, so that every tool runs in
well under a second on each mutant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from nbprof.proto import xplane_pb2

# A valid UTF-8 placeholder that serialisation keeps verbatim; replaced by invalid UTF-8.
NON_UTF8_MARK = "\x02nbprof-non-utf8\x03"
_NON_UTF8_BYTES = (b"\xff\xfe\xc3\x28" * 8)[: len(NON_UTF8_MARK.encode())]
# Text an attacker would put in a name: markup, a terminal escape, a spreadsheet formula.
HOSTILE_TEXT = '<img src=x onerror=alert(1)>\x1b[31m=HYPERLINK("http://x")\x00'
INT64_MAX = 2**63 - 1
UINT64_MAX = 2**64 - 1


@dataclass(frozen=True)
class Mutation:
    """One edit of an XSpace: ``name`` says what (``stat:<stat>:<kind>`` or ``field:<what>``)."""

    name: str
    apply: Callable[[xplane_pb2.XSpace], None]


def serialize(space: xplane_pb2.XSpace) -> bytes:
    """File bytes of ``space`` with every ``NON_UTF8_MARK`` turned into invalid UTF-8."""
    return space.SerializeToString().replace(NON_UTF8_MARK.encode(), _NON_UTF8_BYTES)


def small_base(data: bytes, events_per_line: int = 40) -> xplane_pb2.XSpace:
    """A real profile with only the first ``events_per_line`` events of each line."""
    space = xplane_pb2.XSpace.FromString(data)
    for plane in space.planes:
        for line in plane.lines:
            if len(line.events) > events_per_line:
                del line.events[events_per_line:]
    return space


# ------------------------------------------------------------------------ where stats live
def _stat_lists(space: xplane_pb2.XSpace) -> Iterator[tuple[xplane_pb2.XPlane, object]]:
    """Every repeated XStat field of the space, with its plane: plane, metadata and event stats."""
    for plane in space.planes:
        yield plane, plane.stats
        for metadata in plane.event_metadata.values():
            yield plane, metadata.stats
        for line in plane.lines:
            for event in line.events:
                yield plane, event.stats


def stat_names(space: xplane_pb2.XSpace) -> list[str]:
    """Names of the stats some plane, metadata or event of ``space`` carries, sorted."""
    names: set[str] = set()
    for plane, stats in _stat_lists(space):
        for stat in stats:  # type: ignore[attr-defined]
            metadata = plane.stat_metadata.get(stat.metadata_id)
            if metadata is not None:
                names.add(metadata.name)
    return sorted(names)


# Stats nbprof reads besides the promoted event columns (nbprof.xspace.frames.PROMOTED) and
# the plane stats (device capabilities, the Task Environment's session times).
READ_STATS = ("Hlo Proto", "equation", "level 0", "symbol_id", "tf_function_call", "graph_type")


def read_stat_names(space: xplane_pb2.XSpace) -> list[str]:
    """The stats of ``space`` that nbprof reads: promoted event stats, plane stats, READ_STATS."""
    from nbprof.xspace.frames import PROMOTED

    plane_stats = {
        plane.stat_metadata[stat.metadata_id].name
        for plane in space.planes
        for stat in plane.stats
        if stat.metadata_id in plane.stat_metadata
    }
    wanted = set(PROMOTED) | set(READ_STATS) | plane_stats
    return [name for name in stat_names(space) if name in wanted]


def _edit_stats(space: xplane_pb2.XSpace, name: str, edit: Callable[[xplane_pb2.XPlane, object], bool]) -> None:
    """Call ``edit(plane, stat)`` on every stat named ``name``; remove those where it returns False."""
    for plane, stats in _stat_lists(space):
        ids = {k for k, m in plane.stat_metadata.items() if m.name == name}
        if not ids:
            continue
        keep = [s for s in stats if s.metadata_id not in ids or edit(plane, s)]  # type: ignore[attr-defined]
        if len(keep) != len(stats):  # type: ignore[arg-type]
            copies = [xplane_pb2.XStat.FromString(s.SerializeToString()) for s in keep]
            del stats[:]  # type: ignore[index]
            stats.extend(copies)  # type: ignore[attr-defined]


def _setter(kind: str) -> Callable[[xplane_pb2.XPlane, xplane_pb2.XStat], bool]:
    def free_stat_id(plane: xplane_pb2.XPlane) -> int:
        return max(plane.stat_metadata.keys(), default=0) + 1000

    def apply(plane: xplane_pb2.XPlane, stat: xplane_pb2.XStat) -> bool:
        if kind == "missing":
            return False
        if kind == "int_negative":
            stat.int64_value = -1
        elif kind == "int_min":
            stat.int64_value = -(2**63)
        elif kind == "int_huge":
            stat.int64_value = INT64_MAX
        elif kind == "uint_huge":
            stat.uint64_value = UINT64_MAX
        elif kind == "zero":
            stat.int64_value = 0
        elif kind == "nan":
            stat.double_value = float("nan")
        elif kind == "inf":
            stat.double_value = float("inf")
        elif kind == "negative_inf":
            stat.double_value = float("-inf")
        elif kind == "empty_str":
            stat.str_value = ""
        elif kind == "hostile_str":
            stat.str_value = HOSTILE_TEXT
        elif kind == "number_as_str":
            stat.str_value = "12abc"
        elif kind == "non_utf8_str":
            stat.str_value = NON_UTF8_MARK
        elif kind == "bytes":
            stat.bytes_value = b"\xff\x00\xfe garbage"
        elif kind == "ref_dangling":
            stat.ref_value = free_stat_id(plane)
        elif kind == "ref_self":
            stat.ref_value = stat.metadata_id
        else:
            raise ValueError(kind)
        return True

    return apply


STAT_KINDS = (
    "missing",
    "int_negative",
    "int_min",
    "int_huge",
    "uint_huge",
    "zero",
    "nan",
    "inf",
    "negative_inf",
    "empty_str",
    "hostile_str",
    "number_as_str",
    "non_utf8_str",
    "bytes",
    "ref_dangling",
    "ref_self",
)


def stat_mutations(names: list[str], kinds: tuple[str, ...] = STAT_KINDS) -> list[Mutation]:
    """Each named stat, everywhere it occurs, given each kind of bad value."""
    out = []
    for name in names:
        for kind in kinds:
            setter = _setter(kind)
            out.append(Mutation(f"stat:{name}:{kind}", lambda s, n=name, f=setter: _edit_stats(s, n, f)))
    return out


# ---------------------------------------------------------------------------- fields
def _events(space: xplane_pb2.XSpace) -> Iterator[xplane_pb2.XEvent]:
    for plane in space.planes:
        for line in plane.lines:
            yield from line.events


def _every_event(edit: Callable[[xplane_pb2.XEvent], None]) -> Callable[[xplane_pb2.XSpace], None]:
    def apply(space: xplane_pb2.XSpace) -> None:
        for event in _events(space):
            edit(event)

    return apply


def _every_other_event(edit: Callable[[xplane_pb2.XEvent], None]) -> Callable[[xplane_pb2.XSpace], None]:
    def apply(space: xplane_pb2.XSpace) -> None:
        for i, event in enumerate(_events(space)):
            if i % 2:
                edit(event)

    return apply


def _every_line(edit: Callable[[xplane_pb2.XLine], None]) -> Callable[[xplane_pb2.XSpace], None]:
    def apply(space: xplane_pb2.XSpace) -> None:
        for plane in space.planes:
            for line in plane.lines:
                edit(line)

    return apply


def _every_plane(edit: Callable[[xplane_pb2.XPlane], None]) -> Callable[[xplane_pb2.XSpace], None]:
    def apply(space: xplane_pb2.XSpace) -> None:
        for plane in space.planes:
            edit(plane)

    return apply


def _set(obj: object, **values: object) -> None:
    for key, value in values.items():
        setattr(obj, key, value)


def _duplicate_planes(space: xplane_pb2.XSpace) -> None:
    space.planes.extend([xplane_pb2.XPlane.FromString(p.SerializeToString()) for p in space.planes])


def _duplicate_lines(space: xplane_pb2.XSpace) -> None:
    for plane in space.planes:
        plane.lines.extend([xplane_pb2.XLine.FromString(ln.SerializeToString()) for ln in plane.lines])


def _same_line_ids(space: xplane_pb2.XSpace) -> None:
    for plane in space.planes:
        for line in plane.lines:
            line.id = 1


def _metadata_same_ids(space: xplane_pb2.XSpace) -> None:
    """Every event metadata claims id 1 (the map keys stay distinct)."""
    for plane in space.planes:
        for metadata in plane.event_metadata.values():
            metadata.id = 1


def _stat_metadata_same_names(space: xplane_pb2.XSpace) -> None:
    """Two stat metadata per name: each name also under a second id, used by half the stats."""
    for plane in space.planes:
        offset = max(plane.stat_metadata.keys(), default=0) + 1
        for key, metadata in list(plane.stat_metadata.items()):
            plane.stat_metadata[key + offset].id = key + offset
            plane.stat_metadata[key + offset].name = metadata.name
        for line in plane.lines:
            for i, event in enumerate(line.events):
                if i % 2:
                    for stat in event.stats:
                        stat.metadata_id += offset


def _stat_metadata_renamed(name: str) -> Callable[[xplane_pb2.XSpace], None]:
    def apply(space: xplane_pb2.XSpace) -> None:
        for plane in space.planes:
            for metadata in plane.stat_metadata.values():
                metadata.name = name

    return apply


def _event_metadata_renamed(name: str) -> Callable[[xplane_pb2.XSpace], None]:
    def apply(space: xplane_pb2.XSpace) -> None:
        for plane in space.planes:
            for metadata in plane.event_metadata.values():
                metadata.name = name
                metadata.display_name = name

    return apply


def _dangling_event_metadata(space: xplane_pb2.XSpace) -> None:
    for plane in space.planes:
        free = max(plane.event_metadata.keys(), default=0) + 1000
        for line in plane.lines:
            for event in line.events[::3]:
                event.metadata_id = free


def _dangling_stat_metadata(space: xplane_pb2.XSpace) -> None:
    for plane, stats in _stat_lists(space):
        free = max(plane.stat_metadata.keys(), default=0) + 1000
        for stat in list(stats)[::2]:  # type: ignore[call-overload]
            stat.metadata_id = free


def _metadata_child_cycle(space: xplane_pb2.XSpace) -> None:
    """Event metadata whose ``child_id`` lists point at each other (and themselves)."""
    for plane in space.planes:
        keys = list(plane.event_metadata.keys())
        for i, key in enumerate(keys):
            plane.event_metadata[key].child_id.extend([key, keys[(i + 1) % len(keys)]])


def _stat_cycle(id_name: str, parent_name: str) -> Callable[[xplane_pb2.XSpace], None]:
    """Every event carrying ``id_name`` gets a ``parent_name`` pointing at the next one's id,
    the last pointing back at the first: a cycle of parent links."""

    def apply(space: xplane_pb2.XSpace) -> None:
        for plane in space.planes:
            ids = {k for k, m in plane.stat_metadata.items() if m.name == id_name}
            parent_ids = [k for k, m in plane.stat_metadata.items() if m.name == parent_name]
            if not ids:
                continue
            if parent_ids:
                parent_id = parent_ids[0]
            else:
                parent_id = max(plane.stat_metadata.keys()) + 1
                plane.stat_metadata[parent_id].id = parent_id
                plane.stat_metadata[parent_id].name = parent_name
            carriers = []
            for line in plane.lines:
                for event in line.events:
                    own = [s for s in event.stats if s.metadata_id in ids]
                    if own:
                        carriers.append((event, own[0].int64_value or own[0].uint64_value))
            for i, (event, _) in enumerate(carriers):
                target = carriers[(i + 1) % len(carriers)][1]
                for stat in [s for s in event.stats if s.metadata_id == parent_id]:
                    event.stats.remove(stat)
                event.stats.add(metadata_id=parent_id, int64_value=(target + 2**63) % 2**64 - 2**63)

    return apply


def _hlo_protos(edit: Callable[[bytes], bytes]) -> Callable[[xplane_pb2.XSpace], None]:
    """Edit the HLO protos (``Hlo Proto`` bytes stats of the metadata plane's event metadata)."""

    def edit_stat(plane: xplane_pb2.XPlane, stat: xplane_pb2.XStat) -> bool:
        if stat.WhichOneof("value") == "bytes_value":
            stat.bytes_value = edit(stat.bytes_value)
        return True

    return lambda space: _edit_stats(space, "Hlo Proto", edit_stat)


def share_loop_in_heap_traces(space: xplane_pb2.XSpace) -> int:
    """In every heap simulator trace of the HLO protos: the first two allocated buffers share
    each other's memory (SHARE_WITH both ways), a loop of canonical links. Returns the traces edited."""
    from nbprof.proto import hlo_pb2

    event_type = hlo_pb2.HeapSimulatorTrace.Event
    edited = 0

    def edit(plane: xplane_pb2.XPlane, stat: xplane_pb2.XStat) -> bool:
        nonlocal edited
        if stat.WhichOneof("value") != "bytes_value":
            return True
        hlo = hlo_pb2.HloProto.FromString(stat.bytes_value)
        for trace in hlo.buffer_assignment.heap_simulator_traces:
            allocated = [e.buffer_id for e in trace.events if e.kind == event_type.ALLOC][:2]
            if len(allocated) == 2:
                a, b = allocated
                trace.events.insert(2, event_type(kind=event_type.SHARE_WITH, buffer_id=b, share_with_canonical_id=a))
                trace.events.insert(3, event_type(kind=event_type.SHARE_WITH, buffer_id=a, share_with_canonical_id=b))
                edited += 1
        stat.bytes_value = hlo.SerializeToString()
        return True

    _edit_stats(space, "Hlo Proto", edit)
    return edited


def fusions_calling_their_computation(space: xplane_pb2.XSpace, limit: int = 2) -> int:
    """The first ``limit`` fusions of each HLO module's entry computation 'fuse' the entry
    computation itself: fusions inside fusions, round in a loop. Returns the fusions edited."""
    from nbprof.proto import hlo_pb2

    edited = 0

    def edit(plane: xplane_pb2.XPlane, stat: xplane_pb2.XStat) -> bool:
        nonlocal edited
        if stat.WhichOneof("value") != "bytes_value":
            return True
        hlo = hlo_pb2.HloProto.FromString(stat.bytes_value)
        entry = hlo.hlo_module.entry_computation_id
        for computation in hlo.hlo_module.computations:
            if computation.id == entry:
                for instruction in [i for i in computation.instructions if i.opcode == "fusion"][:limit]:
                    del instruction.called_computation_ids[:]
                    instruction.called_computation_ids.append(entry)
                    edited += 1
        stat.bytes_value = hlo.SerializeToString()
        return True

    _edit_stats(space, "Hlo Proto", edit)
    return edited


def field_mutations() -> list[Mutation]:
    """Mutations of the structure: times, ids, names, duplicates, cycles, HLO protos."""
    cases: list[tuple[str, Callable[[xplane_pb2.XSpace], None]]] = [
        ("event:offset_negative", _every_other_event(lambda e: _set(e, offset_ps=-(10**12)))),
        ("event:offset_huge", _every_other_event(lambda e: _set(e, offset_ps=INT64_MAX))),
        ("event:offset_min", _every_other_event(lambda e: _set(e, offset_ps=-(2**63)))),
        ("event:duration_negative", _every_other_event(lambda e: _set(e, duration_ps=-5))),
        ("event:duration_huge", _every_other_event(lambda e: _set(e, duration_ps=INT64_MAX))),
        ("event:duration_near_max", _every_event(lambda e: _set(e, duration_ps=2**62))),
        ("event:duration_zero", _every_event(lambda e: _set(e, duration_ps=0))),
        ("event:num_occurrences", _every_other_event(lambda e: _set(e, num_occurrences=3))),
        ("event:num_occurrences_huge", _every_other_event(lambda e: _set(e, num_occurrences=INT64_MAX))),
        ("event:num_occurrences_negative", _every_other_event(lambda e: _set(e, num_occurrences=-7))),
        ("event:metadata_dangling", _dangling_event_metadata),
        ("event:metadata_zero", _every_other_event(lambda e: _set(e, metadata_id=0))),
        ("event:no_stats", _every_event(lambda e: e.ClearField("stats"))),
        ("line:timestamp_huge", _every_line(lambda ln: _set(ln, timestamp_ns=INT64_MAX))),
        ("line:timestamp_negative", _every_line(lambda ln: _set(ln, timestamp_ns=-(10**18)))),
        ("line:timestamp_min", _every_line(lambda ln: _set(ln, timestamp_ns=-(2**63)))),
        ("line:duration_negative", _every_line(lambda ln: _set(ln, duration_ps=-1))),
        ("line:name_empty", _every_line(lambda ln: _set(ln, name="", display_name=""))),
        ("line:name_hostile", _every_line(lambda ln: _set(ln, name=HOSTILE_TEXT, display_name=HOSTILE_TEXT))),
        ("line:name_non_utf8", _every_line(lambda ln: _set(ln, name=NON_UTF8_MARK))),
        ("line:ids_same", _same_line_ids),
        ("line:ids_negative", _every_line(lambda ln: _set(ln, id=-3))),
        ("line:duplicated", _duplicate_lines),
        ("line:events_reversed", _every_line(lambda ln: ln.events.reverse())),
        ("plane:duplicated", _duplicate_planes),
        ("plane:ids_same", _every_plane(lambda p: _set(p, id=0))),
        ("plane:name_empty", _every_plane(lambda p: _set(p, name=""))),
        ("plane:name_hostile", _every_plane(lambda p: _set(p, name=HOSTILE_TEXT))),
        ("plane:name_non_utf8", _every_plane(lambda p: _set(p, name=NON_UTF8_MARK))),
        ("plane:name_gpu", _every_plane(lambda p: _set(p, name="/device:GPU:0"))),
        ("plane:name_tpu", _every_plane(lambda p: _set(p, name="/device:TPU:0"))),
        ("plane:no_stats", _every_plane(lambda p: p.ClearField("stats"))),
        ("plane:no_stat_metadata", _every_plane(lambda p: p.ClearField("stat_metadata"))),
        ("plane:no_event_metadata", _every_plane(lambda p: p.ClearField("event_metadata"))),
        ("metadata:ids_same", _metadata_same_ids),
        ("metadata:names_empty", _event_metadata_renamed("")),
        ("metadata:names_hostile", _event_metadata_renamed(HOSTILE_TEXT)),
        ("metadata:names_non_utf8", _event_metadata_renamed(NON_UTF8_MARK)),
        ("metadata:child_cycle", _metadata_child_cycle),
        ("stat_metadata:names_duplicated", _stat_metadata_same_names),
        ("stat_metadata:names_empty", _stat_metadata_renamed("")),
        ("stat_metadata:dangling", _dangling_stat_metadata),
        ("stat:parent_id_cycle", _stat_cycle("id", "parent_id")),
        ("stat:step_id_cycle", _stat_cycle("group_id", "step_id")),
        ("stat:producer_consumer_cycle", _stat_cycle("_p", "_c")),
        ("hlo:truncated", _hlo_protos(lambda b: b[: len(b) // 2])),
        ("hlo:garbage", _hlo_protos(lambda b: bytes(reversed(b)))),
        ("hlo:empty", _hlo_protos(lambda b: b"\x0a\x00")),
        ("hlo:share_loop", share_loop_in_heap_traces),
        ("hlo:fusion_loop", fusions_calling_their_computation),
        ("space:hostnames_hostile", lambda s: s.hostnames.extend([HOSTILE_TEXT, NON_UTF8_MARK])),
        ("space:errors_hostile", lambda s: s.errors.extend([HOSTILE_TEXT])),
        ("space:no_planes", lambda s: s.ClearField("planes")),
    ]
    return [Mutation(f"field:{name}", apply) for name, apply in cases]


def all_mutations(space: xplane_pb2.XSpace, kinds: tuple[str, ...] = STAT_KINDS) -> list[Mutation]:
    """Every field mutation, and every stat of ``space`` that nbprof reads with each kind of bad value."""
    return field_mutations() + stat_mutations(read_stat_names(space), kinds)


def mutated(base: xplane_pb2.XSpace, mutation: Mutation) -> bytes:
    """File bytes of a copy of ``base`` with ``mutation`` applied."""
    space = xplane_pb2.XSpace()
    space.CopyFrom(base)
    mutation.apply(space)
    return serialize(space)
