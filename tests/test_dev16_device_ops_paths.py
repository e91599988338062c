"""Device op db shortcuts against their general paths on the GPU fixtures: XLA ops aggregated without grouping
their (program id, name) keys (each metadata row its own op)."""

from __future__ import annotations

import dataclasses

import pandas as pd
import pytest
from fixture_paths import load_fixture

from nbprof.opstats import device_ops
from nbprof.xspace import semantics as xs

GPU_FIXTURES = ["amd_mi300x_gemm", "amd_mi300x_conv", "flax_cnn_gpu", "gpu_v100", "jax_gpu_kernels", "jax_gpu_train",
                "jax_two_gpu_procs"]  # fmt: skip


@pytest.mark.parametrize("fixture", GPU_FIXTURES)
def test_distinct_keys_aggregate_as_grouped_keys(fixture):
    stats = load_fixture(fixture).op_stats()
    for host in stats.hosts:
        frames = stats.for_host(host).frames
        names = [str(n) for n in xs.values_list(frames.planes["name"])]
        planes = xs.device_planes(names)
        index = stats.for_host(host).hlo_index
        parts, _, _ = device_ops._gpu_ops(frames, planes, index, {})
        general = [dataclasses.replace(p, distinct_keys=False) for p in parts]
        fast = device_ops.aggregate_op_columns(frames.events, parts)
        expected = device_ops.aggregate_op_columns(frames.events, general)
        if expected is None:
            assert fast is None
            continue
        assert list(fast) == list(expected)
        for column, values in expected.items():
            assert pd.Series(fast[column]).equals(pd.Series(values)), (fixture, column)
