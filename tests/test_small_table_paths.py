"""The numpy paths of the op tools agree with the pandas expressions they replace."""

from __future__ import annotations

import numpy as np
import pandas as pd

from nbprof.opstats import kernel_db
from nbprof.tools import op_profile
from nbprof.tools.kernel_stats import dims_text


def test_dims_text_matches_pandas_string_concatenation() -> None:
    x, y, z = np.array([1, 2, 1, 40]), np.array([1, 3, 1, 5]), np.array([1, 1, 1, 6])
    expected = pd.Series(x).astype(str) + "," + pd.Series(y).astype(str) + "," + pd.Series(z).astype(str)
    assert dims_text(x, y, z).tolist() == expected.tolist()
    assert dims_text(x[:0], y[:0], z[:0]).tolist() == []


def test_layout_matches_str_extract() -> None:
    shapes = np.array(["f32[5,1024]{1,0:T(8,128)}", "f32[5]", "", "(f32[2]{0}, s32[])", "bf16[2,2]{1,0} "], object)
    expected = pd.Series(shapes).str.extract(r"(\{[^{}]*\})\s*$", expand=False).fillna("")
    assert op_profile._layout(shapes).tolist() == expected.tolist()


def test_per_distinct_name_tests_match_the_series_tests() -> None:
    names = np.array(["volta_h884gemm", "Cijk_Ailk_MI16x16x4", "loop_fusion", "volta_h884gemm", "", "x_mfma"], object)
    for vendor in ("Nvidia", "AMD", ""):
        ours = kernel_db._per_distinct(names, lambda n, v=vendor: kernel_db.kernel_name_uses_tensor_core(n, v))
        assert ours.tolist() == kernel_db.kernel_uses_tensor_core(pd.Series(names), vendor).tolist()
    ops = np.array(["a/MatMul", "jit(f)/dot_general", "BatchMatMulV2", "relu", "", "conv_general_dilated"], object)
    eligible = kernel_db._per_distinct(ops, kernel_db.op_name_tensor_core_eligible)
    assert eligible.tolist() == [True, True, True, False, False, True]
    equations = pd.Series(["ab,bc->ac", "ab->ba", "a,b,c->abc", "", None])
    assert kernel_db.einsum_tensor_core_eligible(equations).tolist() == [True, False, False, False, False]


def test_dedup_groups_are_pandas_groups_in_first_appearance_order() -> None:
    category = np.array([0, 1, 0, 0, 1, 2, 0])
    dedup = np.array([3, 1, 3, -1, 1, 0, 2])
    groups = op_profile._DedupGroups(category, dedup)
    frame = pd.DataFrame({"c": category, "d": np.where(dedup >= 0, dedup, np.nan)})
    for c in range(3):
        in_c = frame[frame["c"] == c]
        expected = [np.flatnonzero((category == c) & (dedup == d)).tolist() for d in pd.unique(in_c["d"].dropna())]
        assert [g.tolist() for g in groups.of(c)] == expected


def test_positions_in_first_key_wins() -> None:
    table = (np.array(["h", "h", "g"], object), np.array([1, 2, 1], np.uint64), np.array(["a", "b", "a"], object))
    keys = (
        np.array(["h", "g", "h", "x"], object),
        np.array([2, 1, 2, 1], np.uint64),
        np.array(["b", "a", "b", "a"], object),
    )
    assert kernel_db._positions_in(table, keys).tolist() == [1, 2, 1, -1]
