"""Synthetic XSpace profiles of any size, shaped like a JAX training trace (jax_large), written
straight in protobuf wire format with numpy (no protobuf object per event, so 100M events
take a minute and little memory).

    python benchmarks/synthetic.py OUT.xplane.pb 10_000_000

One host plane ``/host:CPU`` with three threads, as JAX 0.10 writes them:

- ``python`` (85 % of events): 60 ``step`` markers (``step_num``, ``_r``, JAX's
  StepTraceAnnotation) and inside them Python-tracer frames nested 4 deep in blocks
  (1 + 3 + 6 + 6 frames), 2,000 function names; a quarter of the frames carry a ``_src``
  string (``file_K.py:LINE``, 500 distinct);
- two ``tf_XLAPjRtCpuClient`` threads (15 %): XLA ops with ``hlo_op``, ``hlo_module``
  (``program_id`` uint64, ``run_id``, ``device_ordinal``) and producer/consumer flow stats
  (``_p``/``_pt`` or ``_c``/``_ct``) on every other op;

plus the ``Task Environment`` plane (``profile_start_time``) and ``/host:metadata``. Lines
use relative timestamps anchored by the Task Environment, as JAX 0.10 and TF 2.21 write them.
Over ~95M events the file passes 2 GiB (one plane larger than protobuf's message limit).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np

CHUNK = 1 << 20  # events encoded at once
START_NS = 1_700_000_000_000_000_000
N_FUNCTIONS = 2000
N_SOURCES = 500
N_OPS = 400
N_STEPS = 60
# Python block template: (depth, start within block, duration) in units of the block's scale.
_BLOCK = np.array(
    [(0, 0, 100)]
    + [(1, 2 + 32 * k, 30) for k in range(3)]
    + [(2, 3 + 32 * k + 14 * j, 12) for k in range(3) for j in range(2)]
    + [(3, 4 + 32 * k + 14 * j, 5) for k in range(3) for j in range(2)],
    dtype=np.int64,
)
# sort the template by start so that a block's frames come out in start order
_BLOCK = _BLOCK[np.lexsort((-_BLOCK[:, 2], _BLOCK[:, 1]))]


# --------------------------------------------------------------------------- wire format


def varint_matrix(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(n x 10 uint8 matrix, length per row) of the varints of uint64 ``values``."""
    v = values.astype(np.uint64, copy=True)
    out = np.zeros((len(v), 10), np.uint8)
    length = np.ones(len(v), np.int64)
    for j in range(10):
        low = (v & np.uint64(0x7F)).astype(np.uint8)
        v >>= np.uint64(7)
        more = v != 0
        out[:, j] = low | (more.astype(np.uint8) << 7)
        length += more
        if not more.any():
            break
    return out, length


def concat_rows(parts: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Row i of the result = row i of each (matrix, lengths) part, concatenated; (bytes, lengths)."""
    lengths = sum(length for _, length in parts)
    ends = np.cumsum(lengths)
    out = np.empty(int(ends[-1]) if len(ends) else 0, np.uint8)
    at = ends - lengths
    for matrix, length in parts:
        for j in range(matrix.shape[1]):
            rows = np.flatnonzero(length > j)
            if not len(rows):
                break
            out[at[rows] + j] = matrix[rows, j]
        at = at + length
    return out, lengths


def fixed(byte_values: list[int], n: int) -> tuple[np.ndarray, np.ndarray]:
    """The same bytes on every row."""
    return np.tile(np.array(byte_values, np.uint8), (n, 1)), np.full(n, len(byte_values), np.int64)


def where_rows(part: tuple[np.ndarray, np.ndarray], keep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A part present only on rows where ``keep`` (length 0 elsewhere)."""
    return part[0], np.where(keep, part[1], 0)


def field_varint(field: int, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A varint field on every row, as a (matrix, lengths) part."""
    m, length = varint_matrix(values)
    out = np.empty((len(values), 11), np.uint8)
    out[:, 0] = field << 3
    out[:, 1:] = m
    return out, length + 1


def as_part(flat: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ragged rows (flat bytes + lengths) as a (matrix, lengths) part."""
    width = int(lengths.max()) if len(lengths) else 0
    matrix = np.zeros((len(lengths), width), np.uint8)
    starts = np.cumsum(lengths) - lengths
    for j in range(width):
        rows = np.flatnonzero(lengths > j)
        matrix[rows, j] = flat[starts[rows] + j]
    return matrix, lengths


def submessage(field: int, flat: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Field ``field`` (length-delimited) holding each row's bytes, as a (matrix, lengths) part."""
    m, n = varint_matrix(lengths)
    return as_part(*concat_rows([fixed([(field << 3) | 2], len(lengths)), (m, n), as_part(flat, lengths)]))


def stat_int(metadata_id: int, values: np.ndarray, field: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """XStat {metadata_id, int64_value (4) / uint64_value (3)} wrapped as XEvent.stats (field 4)."""
    body = concat_rows([field_varint(1, np.full(len(values), metadata_id)), field_varint(field, values)])
    return submessage(4, *body)


def stat_ref_strings(metadata_id: int, codes: np.ndarray, strings: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """XStat {metadata_id, str_value = strings[code]} as XEvent.stats, one per row."""
    table = [bytes([1 << 3]) + _varint(metadata_id) + bytes([(5 << 3) | 2]) + _varint(len(s)) + s for s in strings]
    table = [bytes([(4 << 3) | 2]) + _varint(len(t)) + t for t in table]
    width = max(len(t) for t in table)
    matrix = np.zeros((len(table), width), np.uint8)
    for i, t in enumerate(table):
        matrix[i, : len(t)] = np.frombuffer(t, np.uint8)
    lengths = np.array([len(t) for t in table], np.int64)
    return matrix[codes], lengths[codes]


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def message(field: int, body: bytes) -> bytes:
    return bytes([(field << 3) | 2]) + _varint(len(body)) + body


def int_field(field: int, value: int) -> bytes:
    return bytes([field << 3]) + _varint(value & 0xFFFF_FFFF_FFFF_FFFF) if value else b""


def str_field(field: int, value: str) -> bytes:
    return message(field, value.encode()) if value else b""


# --------------------------------------------------------------------------- profile


STATS = ["_src", "hlo_op", "hlo_module", "program_id", "run_id", "device_ordinal", "_p", "_pt", "_c", "_ct"]
STATS += ["step_num", "_r", "profile_start_time", "profile_stop_time"]
STAT_ID = {name: k + 1 for k, name in enumerate(STATS)}


def event_bytes(metadata_id: np.ndarray, offset_ps: np.ndarray, duration_ps: np.ndarray, stats: list) -> tuple:
    """Serialized XEvents (flat bytes, lengths), each wrapped as XLine.events (field 4)."""
    body = concat_rows([field_varint(1, metadata_id), field_varint(2, offset_ps), field_varint(3, duration_ps), *stats])
    m, n = varint_matrix(body[1])
    return concat_rows([fixed([(4 << 3) | 2], len(body[1])), (m, n), as_part(*body)])


def python_events(lo: int, hi: int, blocks_per_step: int) -> tuple:
    """Blocks lo..hi of the Python thread (frames nested 4 deep, blocks 2 us apart), with a
    ``step`` marker (``step_num``, ``_r``) opening every ``blocks_per_step`` blocks, as
    JAX's StepTraceAnnotation does on the Python thread."""
    k = np.arange(lo * len(_BLOCK), hi * len(_BLOCK))
    block, within = np.divmod(k, len(_BLOCK))
    scale = 10_000 + (block * 7919) % 9_000  # ps per template unit: a block lasts under its 2 us
    block_start = block * 2_000_000 + 50_000  # blocks end within their 2 us (steps start on those bounds)
    offset = block_start + _BLOCK[within, 1] * scale
    duration = _BLOCK[within, 2] * scale - 1
    metadata_id = 1 + (block * 31 + within * 7) % N_FUNCTIONS
    src_code = np.where(k % 4 == 0, (k // 4) % N_SOURCES, -1)
    step = np.full(len(k), -1)
    firsts = np.flatnonzero((within == 0) & (block % blocks_per_step == 0))
    if len(firsts):  # a step marker before the first frame of its first block
        number = block[firsts] // blocks_per_step
        at = firsts
        step = np.insert(step, at, number)
        src_code = np.insert(src_code, at, -1)
        metadata_id = np.insert(metadata_id, at, N_FUNCTIONS + N_OPS + 1)
        offset = np.insert(offset, at, number * blocks_per_step * 2_000_000)
        duration = np.insert(duration, at, blocks_per_step * 2_000_000 - 1)
    is_step = step >= 0
    stats = [
        where_rows(stat_ref_strings(STAT_ID["_src"], np.maximum(src_code, 0), SOURCES), src_code >= 0),
        where_rows(stat_int(STAT_ID["_r"], np.ones(len(step), np.int64)), is_step),
        where_rows(stat_int(STAT_ID["step_num"], np.maximum(step, 0)), is_step),
    ]
    return event_bytes(metadata_id, offset, duration, stats)


def op_events(lo: int, hi: int, thread: int) -> tuple:
    """Events lo..hi of an XLA op thread: 2 us events, 3 us apart. Every other one is an XLA op
    (``hlo_op``, ``hlo_module``, ``program_id``), the others its launch; all carry ``run_id`` and
    ``device_ordinal``, most a producer/consumer flow (about jax_large's 3.5 stats per op event)."""
    k = np.arange(lo, hi)
    op = (k * 13 + thread) % N_OPS
    is_op = (k % 2) == 1
    metadata_id = N_FUNCTIONS + 1 + op
    offset = 3_000_000 * k + 500_000 * thread
    duration = np.full(len(k), 2_000_000 - 1)
    module = op // 40
    stats = [
        where_rows(stat_ref_strings(STAT_ID["hlo_op"], op, OP_NAMES), is_op),
        where_rows(stat_ref_strings(STAT_ID["hlo_module"], module, MODULE_NAMES), is_op),
        where_rows(
            stat_int(STAT_ID["program_id"], np.uint64(0xF00D_0000_0000_0000) + module.astype(np.uint64), 3), is_op
        ),
        stat_int(STAT_ID["run_id"], k // 500),
        stat_int(STAT_ID["device_ordinal"], np.zeros(len(k), np.int64)),
    ]
    flow = (k % 8) != 7
    producer = (k % 2) == 0
    flow_id = (k // 2) * 2 + thread
    for name, value, rows in (
        ("_p", flow_id, flow & producer),
        ("_pt", np.full(len(k), 3), flow & producer),
        ("_c", flow_id, flow & ~producer),
        ("_ct", np.full(len(k), 3), flow & ~producer),
    ):
        stats.append(where_rows(stat_int(STAT_ID[name], value), rows))
    return event_bytes(metadata_id, offset, duration, stats)


SOURCES = [f"/src/model/file_{k % 50}.py:{10 + k}".encode() for k in range(N_SOURCES)]
OP_NAMES = [f"fusion.{k}".encode() for k in range(N_OPS)]
MODULE_NAMES = [f"jit_train_step({k})".encode() for k in range(N_OPS // 40)]


def line_header(line_id: int, name: str, timestamp_ns: int) -> bytes:
    return int_field(1, line_id) + str_field(2, name) + int_field(3, timestamp_ns)


def write_profile(path: Path, n_events: int) -> None:
    """Write a synthetic ``<host>.xplane.pb`` with about ``n_events`` events (see the module docstring)."""
    n_ops = max(n_events * 15 // 100 // 2, 1)
    n_blocks = max((n_events - 2 * n_ops - N_STEPS) // len(_BLOCK), 1)
    blocks_per_step = -(-n_blocks // N_STEPS)
    span_ps = max(n_blocks * 2_000_000, 3_000_000 * n_ops) + 2_000_000
    block_chunk = CHUNK // len(_BLOCK)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        lines = []
        for line_id, name, count, chunk, make in (
            (1, "python", n_blocks, block_chunk, lambda lo, hi: python_events(lo, hi, blocks_per_step)),
            (2, "tf_XLAPjRtCpuClient/-2590507555458197392", n_ops, CHUNK, lambda lo, hi: op_events(lo, hi, 0)),
            (3, "tf_XLAPjRtCpuClient/2420033416171634840", n_ops, CHUNK, lambda lo, hi: op_events(lo, hi, 1)),
        ):
            body = Path(tmp) / f"line{line_id}"
            with open(body, "wb") as f:
                f.write(line_header(line_id, name, 1000))
                for lo in range(0, count, chunk):
                    flat, _ = make(lo, min(lo + chunk, count))
                    f.write(flat.tobytes())
            lines.append(body)
        metadata = b""
        names = [f"py_function_{k}" for k in range(N_FUNCTIONS)] + [o.decode() for o in OP_NAMES] + ["step"]
        for k, name in enumerate(names, start=1):
            metadata += message(4, int_field(1, k) + message(2, int_field(1, k) + str_field(2, name)))
        for name, k in STAT_ID.items():
            metadata += message(5, int_field(1, k) + message(2, int_field(1, k) + str_field(2, name)))
        header = int_field(1, 1) + str_field(2, "/host:CPU") + metadata
        plane_size = len(header) + sum(1 + len(_varint(p.stat().st_size)) + p.stat().st_size for p in lines)
        env = xplane_stats_plane(
            "Task Environment", 2, {"profile_start_time": START_NS, "profile_stop_time": START_NS + span_ps // 1000}
        )
        meta_plane = str_field(2, "/host:metadata") + int_field(1, 3)
        with open(path, "wb") as out:
            out.write(bytes([(1 << 3) | 2]) + _varint(plane_size) + header)
            for p in lines:
                out.write(bytes([(3 << 3) | 2]) + _varint(p.stat().st_size))
                with open(p, "rb") as f:
                    shutil.copyfileobj(f, out, 1 << 24)
            out.write(message(1, env))
            out.write(message(1, meta_plane))
            out.write(str_field(4, "synthetic"))


def xplane_stats_plane(name: str, plane_id: int, stats: dict[str, int]) -> bytes:
    body = int_field(1, plane_id) + str_field(2, name)
    for k, (stat, value) in enumerate(stats.items(), start=1):
        body += message(5, int_field(1, k) + message(2, int_field(1, k) + str_field(2, stat)))
        body += message(6, int_field(1, k) + int_field(3, value))
    return body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("events", type=lambda s: int(s.replace("_", "")))
    args = parser.parse_args()
    args.path.parent.mkdir(parents=True, exist_ok=True)
    write_profile(args.path, args.events)
    print(f"{args.path}: {args.path.stat().st_size / 2**20:,.1f} MiB", file=sys.stderr)


if __name__ == "__main__":
    main()
