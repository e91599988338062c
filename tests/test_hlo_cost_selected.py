"""``module_costs(..., instructions=...)``: the rows of some instructions only (what the device ops join),
each the row the whole table holds for it, in its order, on every module of several fixtures."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURES

import nbprof
from nbprof.hlo.cost import module_cost_columns, module_costs

FIXTURE_NAMES = ["amd_mi300x_gemm", "amd_mi300x_conv", "jax_gpu_kernels", "flax_cnn_gpu", "jax_gpu_train",
                 "jax_two_gpu_procs", "torch_xla_train", "jax_mlp_train"]  # fmt: skip


def _selected(full: pd.DataFrame, instructions: dict[int, set[str]]) -> pd.DataFrame:
    pid, name = full["program_id"].to_numpy(np.uint64).tolist(), full["name"].tolist()
    keep = np.array([n in instructions.get(p, ()) for p, n in zip(pid, name)], dtype=bool)
    return full[keep].reset_index(drop=True)


def _choices(full: pd.DataFrame) -> list[dict[int, set[str]]]:
    """Every instruction; every other one; the unfused ones of every third; names no module holds."""
    pid, name = full["program_id"].to_numpy(np.uint64).tolist(), full["name"].tolist()
    fused = full["is_fused"].to_numpy(bool).tolist()
    out: list[dict[int, set[str]]] = [{}, {}, {}, {0: {"no_such_instruction"}}]
    for k, (p, n, f) in enumerate(zip(pid, name, fused)):
        out[0].setdefault(p, set()).add(n)
        if k % 2:
            out[1].setdefault(p, set()).add(n)
        if not f and k % 3 == 0:
            out[2].setdefault(p, set()).add(n)
    return out


@pytest.mark.parametrize("name", FIXTURE_NAMES)
@pytest.mark.parametrize("fused", [True, False])
def test_selected_instructions_cost_as_the_whole_module(name, fused) -> None:
    protos = nbprof.load(FIXTURES / name, cache=False).hlo_protos
    full = module_costs(protos, fused=fused)
    for instructions in _choices(full):
        selected = module_costs(protos, fused=fused, instructions=instructions)
        pd.testing.assert_frame_equal(selected, _selected(full, instructions), check_exact=True)


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_gpu_train"])
def test_selected_instructions_of_some_programs(name) -> None:
    protos = nbprof.load(FIXTURES / name, cache=False).hlo_protos
    full = module_costs(protos, fused=False)
    programs = sorted(set(full["program_id"].to_numpy(np.uint64).tolist()))[::2]
    wanted = {p: set(full["name"][full["program_id"].to_numpy(np.uint64) == p]) for p in programs}
    selected = module_costs(protos, fused=False, programs=programs, instructions=wanted)
    pd.testing.assert_frame_equal(selected, _selected(full, wanted), check_exact=True)


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_cost_columns_are_the_frames(name) -> None:
    """``module_cost_columns`` (what the device ops join, no frame made): the arrays and notes of ``module_costs``."""
    protos = nbprof.load(FIXTURES / name, cache=False).hlo_protos
    full = module_costs(protos, fused=False)
    wanted = {p: set(full["name"][full["program_id"].to_numpy(np.uint64) == p]) for p in set(full["program_id"])}
    for kwargs in ({"fused": True}, {"fused": False, "instructions": wanted}):
        frame = module_costs(protos, **kwargs)
        columns, notes = module_cost_columns(protos, **kwargs)
        assert list(columns) == list(frame.columns) and notes == frame.attrs["notes"]
        for column, values in columns.items():
            assert values.dtype == frame[column].dtype, column
            np.testing.assert_array_equal(values, frame[column].to_numpy(), err_msg=column)
