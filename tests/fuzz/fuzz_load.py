"""The fuzz target: ``nbprof.load`` of mutated real profiles and builder profiles must return a
``Profile`` or raise an ``NbprofError`` — nothing else, and never hang.

``seeds()`` are small real profiles (the fixtures cut to their first events per line, every
plane, metadata and HLO proto kept) and profiles built with the XSpace builder (steps, TF ops,
nesting, aggregated events, allocator events, a device plane). ``mutate(data, rnd)`` makes a
mutant: random structure-preserving edits (event times and metadata, stat values and names,
line timestamps, event names, events moved, duplicated or deleted), a schema-level mutation
of ``mutations.py``, or byte-level edits (flip, overwrite, insert, delete, duplicate, truncate).
``load_outcome(data, path)`` is the target.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

from fixture_paths import fixture_files
from mutations import all_mutations, mutated, small_base
from xspace_builder import U64, XSpaceBuilder

import nbprof
from nbprof.errors import NbprofError
from nbprof.proto import xplane_pb2

SEED_FIXTURES = ("jax_mlp_train", "tf_keras2_input_bound", "tf_cpu_bfc_memory", "torch_xla_train", "tpu_v6e")
START_NS = 1_700_000_000_000_000_000


def _builder_profiles() -> list[bytes]:
    """Small profiles exercising what the fixtures have little of."""
    out = []
    b = XSpaceBuilder().task_environment(START_NS, START_NS + 10**9)
    host = b.plane("/host:CPU")
    py = host.line("python", timestamp_ns=1000)
    for i in range(4):
        py.event("train", offset_ps=i * 10**9, duration_ps=9 * 10**8, stats={"step_num": i, "_r": 1, "group_id": i})
        py.event("model/dense/MatMul:MatMul", offset_ps=i * 10**9 + 10**6, duration_ps=5 * 10**8)
    alloc = host.line("Allocator", timestamp_ns=1000)
    for i in range(6):
        alloc.event(
            "MemoryAllocation" if i % 2 == 0 else "MemoryDeallocation",
            offset_ps=i * 10**8,
            stats={"allocator_name": "GPU_0_bfc", "bytes_allocated": 1 << (10 + i), "requested_bytes": 1 << 10},
        )
    agg = host.line("aggregated", timestamp_ns=1000)
    agg.event("counted", offset_ps=None, num_occurrences=7, duration_ps=123)
    gpu = b.plane("/device:GPU:0", plane_id=1)
    gpu.plane_stat("clock_rate", 1_500_000).plane_stat("core_count", 80).plane_stat("memory_bandwidth", U64(9 * 10**11))
    stream = gpu.line("Stream #1", timestamp_ns=1000)
    for i in range(4):
        stream.event(
            "volta_sgemm_128x64_nn",
            offset_ps=i * 10**9 + 10**7,
            duration_ps=10**8,
            stats={"correlation_id": i, "kernel_details": "regs:64 grid:1,1,1 block:128,1,1", "group_id": i},
        )
    out.append(b.serialize())

    nested = XSpaceBuilder()
    line = nested.plane("/host:CPU").line("t", timestamp_ns=5)
    for depth in range(30):  # a deep stack, then overlapping siblings
        line.event(f"frame{depth}", offset_ps=depth, duration_ps=1000 - 2 * depth)
    line.event("overlap", offset_ps=500, duration_ps=2000)
    out.append(nested.serialize())
    return out


@functools.cache
def seeds() -> tuple[bytes, ...]:
    """The inputs mutations start from (real profiles cut small, and builder profiles)."""
    real = [small_base(fixture_files(name)[0].read_bytes(), 12).SerializeToString() for name in SEED_FIXTURES]
    return tuple(real + _builder_profiles())


@functools.cache
def _schema_mutations() -> tuple:
    return tuple(all_mutations(xplane_pb2.XSpace.FromString(seeds()[0])))


INTERESTING_INTS = (0, 1, -1, 2, 255, 2**31 - 1, 2**31, 2**32, 2**53 + 1, 2**62, 2**63 - 1, -(2**63), 10**15)
INTERESTING_FLOATS = (0.0, -0.0, 1e-300, 1e300, float("nan"), float("inf"), float("-inf"), 0.5, -1.0)
INTERESTING_STRS = (
    "",
    "train",
    "model/dense/MatMul:MatMul",
    "jit(f)/jit(main)/add:",
    "Iterator::Prefetch::Map",
    "MemoryAllocation",
    "=1+1",
    "<b>x</b>\x1b[31m",
    "a" * 300,
    "12",
    "-3.5",
    "%s%n{}",
)


def _random_value(stat: xplane_pb2.XStat, ids: list[int], rnd: random.Random) -> None:
    kind = rnd.randrange(6)
    if kind == 0:
        stat.int64_value = rnd.choice(INTERESTING_INTS) if rnd.random() < 0.8 else rnd.randint(-(2**63), 2**63 - 1)
    elif kind == 1:
        stat.uint64_value = rnd.choice((0, 1, 2**63, 2**64 - 1, rnd.randrange(2**64)))
    elif kind == 2:
        stat.double_value = rnd.choice(INTERESTING_FLOATS)
    elif kind == 3:
        stat.str_value = rnd.choice(INTERESTING_STRS)
    elif kind == 4:
        stat.bytes_value = bytes(rnd.randrange(256) for _ in range(rnd.randint(0, 40)))
    else:
        stat.ref_value = rnd.choice(ids + [0, 10**6]) if ids else 0


def random_edits(space: xplane_pb2.XSpace, rnd: random.Random) -> None:
    """A few structure-preserving edits at random places: an event's times or metadata, a
    stat's value or name, a line's timestamp, an event name, an event moved or duplicated."""
    planes = list(space.planes)
    if not planes:
        return
    for _ in range(rnd.randint(1, 6)):
        plane = rnd.choice(planes)
        lines = [ln for ln in plane.lines if len(ln.events)]
        stat_ids = list(plane.stat_metadata.keys())
        event_ids = list(plane.event_metadata.keys())
        choice = rnd.randrange(8)
        if choice <= 1 and lines:
            event = rnd.choice(rnd.choice(lines).events)
            field = rnd.choice(("offset_ps", "duration_ps", "metadata_id", "num_occurrences"))
            if field == "metadata_id":
                event.metadata_id = rnd.choice(event_ids + [0, 10**9]) if event_ids else 0
            else:
                setattr(event, field, rnd.choice(INTERESTING_INTS))
        elif choice <= 3:
            holders = [plane] + [m for m in plane.event_metadata.values() if len(m.stats)]
            holders += [e for ln in lines[:5] for e in ln.events[:50] if len(e.stats)]
            holder = rnd.choice(holders)
            if len(holder.stats):
                stat = rnd.choice(holder.stats)
                if rnd.random() < 0.3 and stat_ids:
                    stat.metadata_id = rnd.choice(stat_ids)  # the value now means another stat
                else:
                    _random_value(stat, stat_ids, rnd)
        elif choice == 4 and plane.lines:
            line = rnd.choice(plane.lines)
            setattr(line, rnd.choice(("timestamp_ns", "id", "duration_ps")), rnd.choice(INTERESTING_INTS))
        elif choice == 5 and event_ids:
            plane.event_metadata[rnd.choice(event_ids)].name = rnd.choice(INTERESTING_STRS)
        elif choice == 6 and lines:
            source, target = rnd.choice(lines), rnd.choice(plane.lines)
            target.events.append(source.events[rnd.randrange(len(source.events))])
        elif choice == 7 and lines:
            line = rnd.choice(lines)
            del line.events[rnd.randrange(len(line.events))]


def mutate(data: bytes, rnd: random.Random) -> bytes:
    """A mutant of ``data``: random structure-preserving edits (40 %), a schema-level mutation
    of the catalogue (25 %, half of them then edited byte-wise), or byte-level edits (35 %)."""
    draw = rnd.random()
    if draw < 0.40:
        space = xplane_pb2.XSpace.FromString(data)
        random_edits(space, rnd)
        return space.SerializeToString()
    if draw < 0.65:
        data = mutated(xplane_pb2.XSpace.FromString(data), rnd.choice(_schema_mutations()))
        if rnd.random() < 0.5:
            return data
    buf = bytearray(data)
    for _ in range(rnd.randint(1, 8)):
        if not buf:
            break
        op = rnd.random()
        pos = rnd.randrange(len(buf))
        if op < 0.35:
            buf[pos] ^= 1 << rnd.randrange(8)
        elif op < 0.55:
            buf[pos] = rnd.choice((0x00, 0x01, 0x7F, 0x80, 0xFF, rnd.randrange(256)))
        elif op < 0.70:
            buf[pos:pos] = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 16)))
        elif op < 0.82:
            del buf[pos : pos + rnd.randint(1, 64)]
        elif op < 0.94:
            end = min(len(buf), pos + rnd.randint(1, 256))
            buf[pos:pos] = buf[pos:end]
        else:
            del buf[pos:]
    return bytes(buf)


def load_outcome(data: bytes, path: Path) -> str:
    """``"ok"`` or the NbprofError class name; any other exception propagates (the failure)."""
    path.write_bytes(data)
    try:
        prof = nbprof.load(path)
        prof.events  # noqa: B018  # where load defers building the event frames, build them here
    except NbprofError as exc:
        return type(exc).__name__
    repr(prof)
    return "ok"
