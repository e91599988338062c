"""Synthetic pods for tests and benchmarks: one ``<host>.xplane.pb`` per host, hosts that differ.

Each host is a TensorFlow-like CPU worker (``/host:CPU``): ``train`` step markers (``_r=1``,
``step_num``) on the ``python`` thread holding framework ops (``name:Type``), an input wait
(``IteratorGetNext``) and XLA CPU ops (``hlo_op``/``hlo_module``); a ``Task Environment``
plane anchors its relative line timestamps at its own session start. Hosts differ in their
session start, step count and first step (so the step intersection has to slide them),
step and op durations; every ``memory_every``-th host has allocator events; ``gpu=True``
adds a ``/device:GPU:0`` plane with kernels carrying ``kernel_details``.

    write_pod(tmp_path, hosts=32)           # -> the run directory
    host_bytes(0, steps=2000, ops_per_step=1000)   # one large host (2M events)
"""

from __future__ import annotations

import pathlib

from xspace_builder import XSpaceBuilder

US = 1_000_000  # ps per µs
BASE_START_NS = 1_763_900_000_000_000_000
RUN = "2026_01_02_03_04_05"


def host_name(i: int) -> str:
    return f"worker{i:03d}"


def host_bytes(i: int, *, steps: int = 12, ops_per_step: int = 4, memory_every: int = 8, gpu: bool = False) -> bytes:
    """The serialized XSpace of host ``i`` (about ``steps * (ops_per_step + 4)`` events)."""
    b = XSpaceBuilder()
    start_ns = BASE_START_NS + i * 1_000_000 + (i % 3) * 137_000
    b.task_environment(start_ns=start_ns, stop_ns=start_ns + 10**9)
    b.msg.hostnames.append(f"pod-vm-{i // 2}")  # two processes per machine, as on a pod slice
    cpu = b.plane("/host:CPU", plane_id=1)
    python = cpu.line("python", line_id=1, timestamp_ns=2_000 + 50 * i)
    first = 1 if i % 4 == 1 else 0
    last = steps + (1 if i % 5 == 0 else 0)
    op_us = 2000 // max(ops_per_step, 1) or 1
    kernels = []
    for k in range(first, last):
        t = k * 12_000 + (i % 11) * 40
        step_us = 10_000 + (i % 7) * 300 + (k % 3) * 100
        python.event("train", offset_ps=t * US, duration_ps=step_us * US, stats={"_r": 1, "step_num": k})
        python.event("IteratorGetNext", offset_ps=(t + 100) * US, duration_ps=(1000 + (i % 5) * 100) * US, stats={})
        u = t + 1300
        for j in range(ops_per_step):
            dur = op_us + (i + j) % 3
            name = f"model/dense_{j % 8}/MatMul:MatMul" if j % 2 == 0 else f"model/dense_{j % 8}/BiasAdd:BiasAdd"
            python.event(name, offset_ps=u * US, duration_ps=dur * US)
            u += dur + 1
        python.event(
            f"fusion.{k % 3}",
            offset_ps=u * US,
            duration_ps=(300 + i % 4) * US,
            stats={"hlo_op": f"fusion.{k % 3}", "hlo_module": "jit_train_step"},
        )
        kernels.append((k, t + 1300))
    if memory_every and i % memory_every == 3 % memory_every:
        _allocator_events(cpu.line("tf_Compute", line_id=2, timestamp_ns=2_000 + 50 * i), i)
    if gpu:
        _gpu_kernels(b, kernels, i)
    return b.serialize()


def _allocator_events(line, i: int) -> None:  # type: ignore[no-untyped-def]
    heap = 0
    for n, size in enumerate([100 + i, 50, -100 - i, 200 + 2 * i, -200 - 2 * i, 10]):
        heap += size
        kind = "MemoryAllocation" if size > 0 else "MemoryDeallocation"
        stats = {
            "bytes_reserved": 0,
            "bytes_allocated": heap,
            "bytes_available": 10_000 - heap,
            "fragmentation": 0.25,
            "peak_bytes_in_use": 400 + 2 * i,
            "requested_bytes": abs(size),
            "allocation_bytes": abs(size),
            "addr": 1 + n % 3,
            "data_type": 1,
            "device_ordinal": 0,
            "allocator_name": "bfc",
        }
        line.event(kind, offset_ps=(100 + 10 * n) * US, duration_ps=0, stats=stats)


def _gpu_kernels(b: XSpaceBuilder, steps: list[tuple[int, int]], i: int) -> None:
    gpu = b.plane("/device:GPU:0", plane_id=2)
    for name, value in (("compute_cap_major", 8), ("compute_cap_minor", 0), ("core_count", 108),
                        ("clock_rate", 1410000), ("memory_bandwidth", 1_555_000_000_000)):  # fmt: skip
        gpu.plane_stat(name, value)
    stream = gpu.line("Stream #7(Compute)", line_id=7, timestamp_ns=2_000 + 50 * i)
    for k, t in steps:
        for j, (kernel, regs) in enumerate((("sm80_xmma_gemm_f16", 128), ("loop_fusion_kernel", 32))):
            if kernel == "loop_fusion_kernel" and (i + k) % 4 == 0:
                continue  # not every host launches every kernel every step
            block = 128 if (i % 3) else 256
            stream.event(
                kernel,
                offset_ps=(t + 50 * j) * US,
                duration_ps=(20 + 3 * j + (i + k) % 5) * US + 123,
                stats={
                    "kernel_details": f"regs:{regs} static_shared:0 dynamic_shared:{16 * j} grid:{8 + j},1,1 "
                    f"block:{block},1,1 occ_pct:50.0",
                    "tf_op": "model/dense/MatMul:MatMul" if j == 0 else "model/dense/BiasAdd:BiasAdd",
                    "correlation_id": 1000 * k + j,
                },
            )


def write_pod(logdir: pathlib.Path, hosts: int = 32, *, run: str = RUN, **options: object) -> pathlib.Path:
    """Write ``hosts`` host files under ``<logdir>/plugins/profile/<run>/``; returns the run directory."""
    run_dir = pathlib.Path(logdir) / "plugins" / "profile" / run
    run_dir.mkdir(parents=True, exist_ok=True)
    for i in range(hosts):
        (run_dir / f"{host_name(i)}.xplane.pb").write_bytes(host_bytes(i, **options))  # type: ignore[arg-type]
    return run_dir
