"""The numpy paths of the op tools agree with the pandas expressions they replace."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURES

import nbprof
from nbprof.opstats import device_ops, kernel_db
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


def test_lookup_values_are_lookups_rows(load_fixture) -> None:
    from nbprof.hlo.index import build_hlo_index

    index = build_hlo_index(load_fixture("amd_mi300x_gemm").hlo_protos)
    pids = np.array([1, 49, 1, 2**63, 49], np.uint64)
    names = np.array(["copy.1", "custom-call.1", "nope", "copy.1", "copy.1"], object)
    rows, found = index.lookup(pids, names, masked=False)
    columns = ["category", "provenance", "expression", "source_line"]
    values, found_too = index.lookup_values(pids, names, columns, missing=None)
    assert found_too.tolist() == found.tolist()
    for column in columns:
        expected = rows[column].astype(object).where(pd.Series(found), None).tolist()
        assert values[column].tolist() == expected


def test_program_names_match_program_name() -> None:
    module = np.array(["jit_f", "", "jit_g", "jit_f", ""], object)
    pid = np.array([3, 3, 2**64 - 1, 3, 0], np.uint64)
    expected = device_ops.program_name(pd.Series(module).replace("", pd.NA), pd.Series(pid).astype("UInt64"))
    assert device_ops._program_names(module, pid).tolist() == expected.tolist()
    assert device_ops._program_names(module[:0], pid[:0]).tolist() == []


def test_concat_types_columns_as_pd_concat() -> None:
    parts = [
        [np.array([1, 2], np.uint64), np.array([3], np.uint64)],
        [pd.array([1, None], dtype="Int64"), pd.array([None, 5], dtype="Int64")],
        [np.array(["a"], object), np.array(["b", "c"], object)],
        [np.array([1], np.int64), np.array([1.5])],
    ]
    for arrays in parts:
        expected = pd.concat([pd.Series(a) for a in arrays], ignore_index=True)
        pd.testing.assert_series_equal(pd.Series(device_ops._concat(arrays)), expected)


def test_finish_fast_paths_match_the_general_ones() -> None:
    ints = np.array([3, 0, 7], np.int64)
    assert (
        device_ops._as_int(ints, np.array([1])).tolist() == device_ops._as_int(pd.array(ints), np.array([1])).tolist()
    )
    flags = np.array([True, False, True])
    assert device_ops._as_flag(flags, 2).tolist() == device_ops._as_flag(flags.astype(object), 2).tolist()
    floats = np.array([1.5, np.nan, 2.0])
    assert device_ops._as_float(floats, 1).tolist() == device_ops._as_float(pd.array(floats), 1).tolist()
    pid = np.array([5, 2**64 - 1], np.uint64)
    pd.testing.assert_extension_array_equal(
        device_ops._as_program_id(pid, 1), device_ops._as_program_id(pid.astype(object), 1)
    )
    lines = pd.array([4, None], dtype="Int64")
    pd.testing.assert_extension_array_equal(device_ops._as_line(lines, 2), device_ops._as_line(lines.astype(object), 2))


def test_numpy_kernel_reports_match_group_agg_and_sort_values() -> None:
    rng = np.random.default_rng(0)
    n = 400
    texts = np.array(
        ["regs:32 grid:4,1,1 block:128,1,1 occ_pct:50.0", "regs:32 grid:4,1,1 block:128,1,1 occ_pct:25.0",
         "regs:16 static_shared:1024 grid:8,2,1 block:64,1,1", "occ_pct:nan", "grid:1,1,1"], object
    )  # fmt: skip
    details = texts[rng.integers(0, len(texts), n)]
    name_code, name_text = rng.integers(0, 4, n), np.array(["b_kernel", "a_kernel", "c", "a"], object)
    op_code, op_text = rng.integers(0, 3, n), np.array(["dot_general", "", "Conv2D"], object)
    uses_tc = np.isin(name_code, [0, 2])  # a function of the kernel name, as in the db
    eligible = rng.random(n) < 0.5
    duration = rng.integers(1_000, 50_000, n).astype(np.int64)
    launches = kernel_db._launches(details)
    assert launches is not None
    columns = kernel_db._numpy_reports(
        launches, (name_code, name_text), (op_code, op_text), (uses_tc, eligible), duration
    )
    ours = kernel_db._reports_frame(columns)
    pandas = kernel_db._pandas_reports(details, (name_code, name_text), (op_code, op_text), uses_tc, eligible, duration)
    pd.testing.assert_frame_equal(ours, pandas)
    assert kernel_db._launches(np.array(["regs:99999999999999999999"], object)) is None


def test_group_arrays_match_group_agg() -> None:
    from nbprof.opstats.group_agg import group_agg, group_arrays, group_columns

    columns = {
        "k": np.array(["b", "a", "b", None, "c", "a", "b"], object),
        "pid": np.array([1, 1, 1, 2, 2, 1, 3], np.uint64),
        "text": np.array([None, "x", "y", "z", None, "w", np.nan], object),
        "n": np.array([1, 2, 3, 4, 5, 6, 7], np.int64),
        "flag": np.array([False, True, False, True, False, False, True]),
    }
    aggs = {
        "first_text": ("text", "first"),
        "last_text": ("text", "last"),
        "total": ("n", "sum"),
        "low": ("n", "min"),
        "high": ("n", "max"),
        "count": ("n", "size"),
        "any_flag": ("flag", "any"),
        "last_flag": ("flag", "last"),
    }
    for keys in (["k"], ["pid", "k"]):
        ours = group_arrays(columns, keys, aggs)
        assert ours is not None
        expected = group_agg(pd.DataFrame(columns), keys, aggs)
        assert list(ours) == list(expected.columns)
        for column in expected.columns:
            want = expected[column].to_numpy(dtype=object)
            got = np.asarray(ours[column], dtype=object)
            assert pd.isna(got).tolist() == pd.isna(want).tolist(), column
            assert [g == w for g, w in zip(got, want) if not pd.isna(w)] == [True] * int((~pd.isna(want)).sum())
    assert group_arrays(columns, ["k"], {"t": ("text", "sum")}) is None
    fallback = group_columns(columns, ["k"], {"t": ("flag", "sum")})
    assert fallback["t"].tolist() == group_agg(pd.DataFrame(columns), ["k"], {"t": ("flag", "sum")})["t"].tolist()


def test_kernels_by_op_name_match_group_agg(load_fixture) -> None:
    from nbprof.opstats.group_agg import group_agg

    for name in ("amd_mi300x_gemm", "flax_cnn_gpu", "gpu_v100"):
        db = load_fixture(name).op_stats().kernel_db
        top = db.top_reports
        tc_ns = np.where(top["is_kernel_using_tensor_core"].to_numpy(bool), top["total_duration_ns"], 0)
        expected = group_agg(
            top.assign(tc_ns=tc_ns),
            ["op_name"],
            {
                "is_op_tensor_core_eligible": ("is_op_tensor_core_eligible", "first"),
                "total_duration_ns": ("total_duration_ns", "sum"),
                "tensor_core_duration_ns": ("tc_ns", "sum"),
            },
        ).set_index("op_name")
        total = expected["total_duration_ns"].to_numpy(np.float64)
        expected["tensor_core_utilization_ratio"] = np.divide(
            expected["tensor_core_duration_ns"].to_numpy(np.float64),
            total,
            out=np.zeros(len(expected)),
            where=total > 0,
        )
        pd.testing.assert_frame_equal(db.by_op_name(), expected)


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "flax_cnn_gpu", "gpu_v100", "jax_gpu_kernels"])
def test_kernel_db_reports_made_when_read(name) -> None:
    """The builder's db makes its reports frame on first read and groups by op name from its columns:
    the same as a db given the frame alone; pickled with the frame made."""
    import pickle

    built = nbprof.load(FIXTURES / name, cache=False).op_stats().kernel_db
    assert built._columns is not None and "_reports" in vars(built)
    by_columns = built.by_op_name()  # before the frame is made
    assert not isinstance(vars(built)["_reports"], pd.DataFrame)
    given = kernel_db.KernelDb(built.reports, built.num_kernel_events, built.vendor, built.notes)
    pd.testing.assert_frame_equal(by_columns, given.by_op_name())
    names = [*by_columns.index.tolist(), "no such op"]
    for column, missing in (("tensor_core_utilization_ratio", 0.0), ("is_op_tensor_core_eligible", False)):
        assert (
            built.by_op_name_values(names, column, missing).tolist()
            == given.by_op_name_values(names, column, missing).tolist()
        )
    again = pickle.loads(pickle.dumps(built))
    pd.testing.assert_frame_equal(again.reports, built.reports)
    assert (again.num_kernel_events, again.vendor, again.notes) == (given.num_kernel_events, given.vendor, given.notes)


@pytest.mark.parametrize("names", [["b", "a", "b"], ["a", float("nan")], ["a", 3], []])
def test_kernel_op_name_index_is_pandas_index(names) -> None:
    """The by-op-name view's index (made as ``string_index`` for str names) is ``pd.Index(names)``."""
    pd.testing.assert_index_equal(
        kernel_db._op_name_index(list(names)), pd.Index(list(names), name="op_name"), exact=True
    )


def test_inferred_text_is_typed_as_a_frame_types_it() -> None:
    from nbprof.opstats import event_columns

    for values in (["a", "", "b"], ["a", None, "b"], ["a", 3, "b"], [None, None]):
        array = np.empty(len(values), object)
        array[:] = values
        expected = pd.DataFrame({"c": array})["c"]
        ours = pd.Series(event_columns.inferred_text(array))
        pd.testing.assert_series_equal(ours, expected, check_names=False)


def test_text_or_empty_matches_string_astype_and_fillna() -> None:
    cases = (["a", None, "b", "a"], ["a", np.nan, ""], ["x", 3, None], [b"x", "y"], [None], [])
    for values in cases:
        array = np.empty(len(values), object)
        array[:] = values
        expected = pd.Series(array, dtype=object).astype("string").fillna("").to_numpy(dtype=object)
        assert device_ops._text_or_empty(array).tolist() == expected.tolist()


def test_line_numbers_match_to_numeric() -> None:
    cases = (["12", None, "007"], ["12", "x"], ["1.5"], [" 3"], ["99999999999999999999"], ["٣"], [None], [])
    for lines in cases:
        expected = pd.to_numeric(pd.Series(lines, dtype="string"), errors="coerce").to_numpy() if lines else np.zeros(0)
        got = device_ops._line_numbers(list(lines))
        np.testing.assert_array_equal(got, np.asarray(expected, dtype=np.float64))


def test_kernel_values_by_op_name_are_the_reindexed_view(load_fixture) -> None:
    """``by_op_name_values`` is ``by_op_name()[column].reindex(names).fillna(missing)``, kernels or none."""
    for name in ("amd_mi300x_gemm", "flax_cnn_gpu", "gpu_v100", "tpu_v6e"):
        db = load_fixture(name).op_stats().kernel_db
        view = db.by_op_name()
        names = [*view.index.tolist()[::-1], "no such op", ""]
        for column, missing in (("tensor_core_utilization_ratio", 0.0), ("is_op_tensor_core_eligible", False),
                                ("tensor_core_duration_ns", 0)):  # fmt: skip
            want = view[column].reindex(names).astype(object)  # object: no downcast warning on pandas 2
            want = want.where(want.notna(), missing)
            assert db.by_op_name_values(names, column, missing).tolist() == want.tolist(), (name, column)


def test_parse_each_parses_every_value() -> None:
    from nbprof.opstats import tf_op

    values = np.array(["a/b:MatMul", "jit(f)/add:", "", "a/b:MatMul", float("nan"), "x"], dtype=object)
    want = [tf_op.parse_many([v]) for v in values]
    got = tf_op.parse_each(values)
    for k in range(3):
        assert got[k].tolist() == [w[k][0] for w in want]
    assert [a.tolist() for a in tf_op.parse_each(np.zeros(0, object))] == [[], [], []]


def _parsed_one_by_one(values: list) -> list[tuple[str, str, str]]:
    from nbprof.opstats import tf_op

    return [tf_op.parse_tf_op_fullname(v if type(v) is str else str(v)) for v in values]


def _parsed_many(values: list) -> list[tuple[str, str, str]]:
    from nbprof.opstats import tf_op

    kind, name, op_type = tf_op.parse_many(values)
    assert kind.dtype == name.dtype == op_type.dtype == object
    return list(zip(kind.tolist(), name.tolist(), op_type.tolist()))


@pytest.mark.parametrize("name", ["gpu_v100", "tf_keras2_fit", "jax_gpu_kernels", "torch_xla_train"])
def test_parse_many_matches_parsing_each_name(load_fixture, name) -> None:
    ev = load_fixture(name).events
    for column in ("name", "tf_op"):
        if column in ev.columns:
            values = ev[column].cat.categories.tolist()
            assert _parsed_many(values) == _parsed_one_by_one(values), (name, column)


def test_parse_many_edge_cases_match_parsing_each_name() -> None:
    rng = np.random.default_rng(1)
    pieces = ["Iterator", ":", "MatMul", "a/b", "", "\n", "\r", "jit(f)/add", "MEMCPYHToD", "x_1", "é", " ", "[x]"]
    cases = [[], [""], ["", ""], ["\n"], ["a:B\n"], [1, None, "a:B", float("nan")], ["Iterator:Map", "Iterator"]]
    for _ in range(3000):
        cases.append(["".join(rng.choice(pieces, rng.integers(0, 5))) for _ in range(rng.integers(0, 6))])
    for values in cases:
        assert _parsed_many(values) == _parsed_one_by_one(values), values


def test_arrow_take_is_pandas_take() -> None:
    """The XLA op view's column takes (``typed_frame.take_array``) are pandas' takes."""
    from nbprof.xspace.typed_frame import strings, take_array

    for array in (strings(["a", "bb", "", "d"]), pd.array(["a", None, "c", "d"], dtype="string")):
        if not isinstance(array, pd.api.extensions.ExtensionArray):
            continue  # pandas 2: strings() gives a numpy object array, which take_array never sees as a column
        for rows in (np.array([1, 3]), np.arange(4), np.zeros(0, np.int64)):
            got = take_array(pd.Series(array), rows)
            pd.testing.assert_extension_array_equal(got, array.take(rows))


def test_gathered_strings_are_arrow_take() -> None:
    import pyarrow as pa

    from nbprof.xspace.typed_frame import strings, take_array

    whole = strings(["a", "bé", "", "dd", "€€€", "x"])
    pieces = [whole, whole[1:5], whole[5:]]
    if isinstance(whole, pd.arrays.ArrowStringArray):  # a sliced chunk: its offsets start past 0
        pieces.append(type(whole)(pa.chunked_array([whole._pa_array.chunk(0).slice(2)]), dtype=whole.dtype))
    for array in pieces:
        if not isinstance(array, pd.arrays.ArrowStringArray):
            continue
        for rows in (np.array([1, 0, 1]), np.arange(len(array)), np.zeros(0, np.int64), np.array([len(array) - 1])):
            rows = rows[rows < len(array)]
            got = take_array(array, rows.astype(np.int64))
            pd.testing.assert_extension_array_equal(got, array.take(rows))
    with_null = pd.array(["a", None, "c"], dtype="str")
    if isinstance(with_null, pd.arrays.ArrowStringArray):
        pd.testing.assert_extension_array_equal(take_array(with_null, np.array([0, 1])), with_null.take([0, 1]))


@pytest.mark.parametrize(
    "name", ["amd_mi300x_gemm", "gpu_v100", "tpu_v6e", "jax_two_gpu_procs", "jax_mlp_train", "tf_keras2_fit"]
)
def test_tool_frames_are_pandas_frames(load_fixture, name, monkeypatch) -> None:
    """The op profile tree and the overview's top ops and step-time graph, typed column by column, are
    ``pd.DataFrame``'s."""
    from nbprof.tools import overview

    prof = load_fixture(name)
    fast_tree, fast = op_profile.op_profile(prof.op_stats()).tree, overview.overview(prof.op_stats())
    monkeypatch.setattr(op_profile, "typed_frame", pd.DataFrame)
    monkeypatch.setattr(overview, "typed_frame", pd.DataFrame)
    monkeypatch.setattr(op_profile, "strings", np.asarray)
    monkeypatch.setattr(overview, "strings", np.asarray)
    pd.testing.assert_frame_equal(fast_tree, op_profile.op_profile(prof.op_stats()).tree)
    slow = overview.overview(prof.op_stats())
    pd.testing.assert_frame_equal(fast.top_ops, slow.top_ops)
    pd.testing.assert_frame_equal(fast.step_time_graph, slow.step_time_graph)


def test_fused_children_are_made_on_first_read() -> None:
    """A TPU profile's fused instructions are made when first read (the op profile), as ``fused_children`` makes them;
    pickled (``OpStats.tables()`` ships them between processes), they are made first."""
    import pickle

    from fixture_paths import FIXTURES

    import nbprof
    from nbprof.opstats import xla_ops

    stats = nbprof.load(FIXTURES / "tpu_v6e", cache=False).op_stats()
    x = stats.xla_ops
    assert x.__dict__["fused_children"] is None
    pd.testing.assert_frame_equal(x.fused_children, xla_ops.fused_children(stats.hlo_index, x.ops))
    assert x.fused_children is x.fused_children
    lazy = stats.__class__(stats.frames).xla_ops  # pickled before its fused instructions were read
    assert lazy.__dict__["fused_children"] is None
    shipped = pickle.loads(pickle.dumps(lazy))
    assert shipped._fused_source is None
    pd.testing.assert_frame_equal(shipped.fused_children, x.fused_children)
    given = xla_ops.XlaOps(
        ops=x.ops, source="device", device_kind="TPU", total_time_ps=0, fused_children=x.fused_children
    )
    assert given.fused_children is x.fused_children
    none = xla_ops.XlaOps(ops=x.ops.iloc[:0], source="none", device_kind="", total_time_ps=0)
    assert list(none.fused_children.columns) == xla_ops.FUSED_COLUMNS and len(none.fused_children) == 0


def test_top_rows_are_the_first_of_the_full_order() -> None:
    from nbprof.opstats import event_columns as ec
    from nbprof.tools import overview

    rng = np.random.default_rng(3)
    for n_rows in (0, 5, 40, 300):
        time_ps = rng.integers(0, 6, n_rows) * 1000
        names = np.array([f"op{k}" for k in rng.integers(0, 9, n_rows)], dtype=object)
        if n_rows > 5:
            names[::7] = None  # missing names sort last
        rows = np.flatnonzero(rng.random(n_rows) < 0.8)
        for n in (1, 3, 10):
            want = rows[ec.time_then_name_order(time_ps[rows], names[rows])[:n]]
            assert overview._top_rows(time_ps, names, rows, n).tolist() == want.tolist()


def _stable_time_then_name(self_ps: np.ndarray, names: np.ndarray) -> np.ndarray:
    """The framework table's order as first written: a stable sort by name, then by self time."""
    if not pd.isna(names).any():
        try:
            by_name = np.argsort(names, kind="stable")
            return by_name[np.argsort(-self_ps[by_name], kind="stable")]
        except TypeError:
            pass
    return np.lexsort((pd.factorize(names, sort=True)[0], -self_ps))


def test_framework_order_sorts_only_tied_names(load_fixture) -> None:
    from nbprof.opstats import framework_ops

    rng = np.random.default_rng(5)
    cases = []
    for n_rows in (0, 1, 2, 50, 400):
        self_ps = rng.integers(0, 5, n_rows) * 7
        names = np.array([f"op{k}" for k in rng.integers(0, 30, n_rows)], dtype=object)
        cases += [(self_ps, names), (np.arange(n_rows)[::-1].copy(), names)]
        if n_rows > 2:
            with_missing = names.copy()
            with_missing[::5] = np.nan
            mixed = names.copy()
            mixed[1] = 3
            cases += [(self_ps, with_missing), (self_ps, mixed)]
    table = load_fixture("gpu_v100").op_stats().framework_op_table(True).table
    cases.append((table["total_self_time_ps"].to_numpy(), table["name"].to_numpy(object)[::-1].copy()))
    in_order = [
        (self_ps[want], names[want]) for self_ps, names in cases for want in [_stable_time_then_name(self_ps, names)]
    ]
    host = table[(table["host_or_device"] == "Host").to_numpy()]  # in order already (one host's db)
    assert framework_ops._in_order(host["total_self_time_ps"].to_numpy(), host["name"].to_numpy(object))
    cases += in_order + [(host["total_self_time_ps"].to_numpy(), host["name"].to_numpy(object))]
    for self_ps, names in cases:
        want = _stable_time_then_name(self_ps, names)
        assert framework_ops._by_self_time_then_name(self_ps, names).tolist() == want.tolist()


def test_empty_framework_table_is_pandas_frame(monkeypatch) -> None:
    """The framework table of no rows, typed without pandas' inference, is the frame pandas makes of empty arrays."""
    from nbprof.opstats import framework_ops

    fast = framework_ops._finish(None, 1.0, 1.0, np.zeros(0))
    monkeypatch.setattr(framework_ops, "typed_frame", pd.DataFrame)
    monkeypatch.setattr(framework_ops, "_no_strings", lambda: np.zeros(0, str))
    pd.testing.assert_frame_equal(fast, framework_ops._finish(None, 1.0, 1.0, np.zeros(0)))


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "gpu_v100", "jax_gpu_kernels", "tpu_v6e"])
def test_kernel_db_takes_its_device_op_db_when_needed(load_fixture, name) -> None:
    """``build_kernel_db`` given a function for the device op db or for its op keys: the same db, the function
    called only where kernels of XLA ops need their framework op (never without GPU kernels)."""
    from nbprof.opstats.perf_env import gpu_vendor

    stats = load_fixture(name).op_stats()
    calls = []

    def device():
        calls.append(1)
        return stats.device_ops

    vendor = gpu_vendor(stats.frames.planes)
    lazy = kernel_db.build_kernel_db(stats.frames, device, vendor, stats.hlo_index)
    eager = kernel_db.build_kernel_db(stats.frames, stats.device_ops.op_keys, vendor, stats.hlo_index)
    pd.testing.assert_frame_equal(lazy.reports, eager.reports)
    assert (lazy.num_kernel_events, lazy.notes) == (eager.num_kernel_events, eager.notes)
    assert len(calls) <= 1
    if name == "tpu_v6e":
        assert not calls


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning", "ignore:invalid value:RuntimeWarning")
def test_group_sums_match_pandas_groupby_sums() -> None:
    from nbprof.xspace.typed_frame import typed_frame

    rng = np.random.default_rng(7)
    specials = np.array([np.nan, np.inf, -np.inf, 1e308, -0.0, 0.5, 2.0**53, 3.0])
    for trial in range(400):
        rows, n = int(rng.integers(0, 40)), int(rng.integers(1, 6))
        group = rng.integers(0, n, rows)
        if trial % 4 == 1:
            group = np.sort(group)  # monotonic codes: pandas may sum them another way
        whole = rng.integers(0, 10 ** int(rng.integers(1, 17)), rows).astype(np.float64)
        floats = rng.normal(0, 10.0 ** int(rng.integers(-3, 18)), rows)
        for column in (whole, floats):
            if trial % 3 == 0 and rows:
                column[rng.integers(0, rows, 2)] = rng.choice(specials, 2)
        ints = rng.integers(-(2**62), 2**62, rows, dtype=np.int64)
        for values in ({"w": whole, "i": ints}, {"w": whole, "f": floats, "i": ints}, {"i": ints}):
            got = op_profile._group_sums(values, group, n)
            # the frame op_profile grouped before (a block per column: pandas may sum each its own way)
            want = typed_frame(values).groupby(group, sort=False).sum().reindex(range(n), fill_value=0)
            for c in values:
                assert got[c].dtype == want[c].dtype, (trial, c)
                np.testing.assert_array_equal(got[c], want[c].to_numpy(), err_msg=f"{trial} {c}")
                assert (np.signbit(got[c]) == np.signbit(want[c].to_numpy())).all(), (trial, c)


@pytest.mark.filterwarnings("ignore:invalid value encountered in cast:RuntimeWarning")
def test_nullable_ints_are_pandas_int64_arrays() -> None:
    for values in ([1.0, np.nan, -1.0, 2.0**40], [], [np.nan], [3.0, 1e300], [0.5, 1.0], [-0.0, np.inf]):
        floats = np.asarray(values, dtype=np.float64)
        try:
            want = pd.array(floats, dtype="Int64")
        except (TypeError, ValueError, OverflowError) as exc:
            with pytest.raises(type(exc)):
                op_profile._nullable_ints(floats)
            continue
        pd.testing.assert_extension_array_equal(op_profile._nullable_ints(floats), want)


@pytest.mark.parametrize("name", ["tpu_v6e", "torch_xla_train", "amd_mi300x_gemm", "jax_gpu_kernels"])
def test_program_rows_are_the_program_frames_rows(load_fixture, name) -> None:
    from nbprof.hlo.index import COLUMNS, build_hlo_index

    protos = load_fixture(name).hlo_protos
    by_rows, by_frame = build_hlo_index(protos), build_hlo_index(protos)
    programs = sorted(by_rows.program_names)
    assert programs
    for pid in programs:
        rows = by_rows.program_rows(pid)
        frame = by_frame.instructions_of([pid])
        assert rows is not None
        for column in COLUMNS:
            assert [row[column] for row in rows] == frame[column].tolist(), (pid, column)
        by_frame.instructions_of([pid])
        assert by_frame.program_rows(pid) is None  # its frame made: read that
    assert by_rows.program_rows(2**70) is None


def test_fused_children_from_rows_match_those_from_frames(load_fixture, monkeypatch) -> None:
    from nbprof.hlo.index import HloIndex
    from nbprof.opstats import xla_ops

    prof = load_fixture("tpu_v6e")
    ops = prof.op_stats().xla_ops.ops
    got = xla_ops.fused_children(HloIndex(protos=prof.hlo_protos), ops)
    monkeypatch.setattr(HloIndex, "program_rows", lambda self, pid: None)
    want = xla_ops.fused_children(HloIndex(protos=prof.hlo_protos), ops)
    assert len(got) > 0
    pd.testing.assert_frame_equal(got, want)


def test_several_hosts_of_a_string_column_match_its_nunique() -> None:
    from nbprof.opstats import xla_ops

    for values in ([], ["a"], ["a", "a"], ["a", "b"], ["a", None], [None, None], ["", "a"], ["", None]):
        for dtype in ("str", "string", object):
            column = pd.Series(values, dtype=dtype)
            assert xla_ops._several(column.to_numpy(dtype=object)) == (column.nunique() > 1), (values, dtype)


@pytest.mark.parametrize("name", ["gpu_v100", "jax_gpu_train", "amd_mi300x_gemm", "flax_cnn_gpu", "jax_two_gpu_procs"])
def test_framework_table_without_kernel_db_is_the_one_with_it(name) -> None:
    """The framework op table leaves the kernel stats db unbuilt where no kernel's op can carry one of
    its device rows' names (their Tensor Core use is 0 either way): the table made with the db built."""
    fresh = nbprof.load(FIXTURES / name, cache=False).op_stats()
    with_db = nbprof.load(FIXTURES / name, cache=False).op_stats()
    assert len(with_db.kernel_db.reports)  # built before the table, which then reads it
    for include_idle in (True, False):
        expected = with_db.framework_op_table(include_idle).table
        pd.testing.assert_frame_equal(fresh.framework_op_table(include_idle).table, expected, check_exact=True)
    if name in ("gpu_v100", "jax_gpu_train"):  # device rows named as no kernel's op
        assert "kernel_db" not in fresh.builds


@pytest.mark.parametrize("name", ["gpu_v100", "amd_mi300x_gemm", "tpu_v6e"])
def test_framework_text_columns_by_code_are_the_strings_of_their_values(name, monkeypatch) -> None:
    """The framework table's few-valued text columns, made from codes, are the columns made of their texts."""
    from nbprof.opstats import framework_ops

    monkeypatch.setattr(framework_ops, "_CODED_TEXT_ROWS", 0)  # by code whatever the rows
    by_code = nbprof.load(FIXTURES / name, cache=False).op_stats().framework_op_table().table
    monkeypatch.setattr(framework_ops, "coded_strings", lambda table, codes: None)
    by_text = nbprof.load(FIXTURES / name, cache=False).op_stats().framework_op_table().table
    pd.testing.assert_frame_equal(by_code, by_text, check_exact=True)
    assert set(by_code["bound_by"]) <= {"Unknown", "Compute", "HBM"}


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_gpu_kernels", "flax_cnn_gpu", "jax_gpu_train", "gpu_v100"])
def test_device_table_joins_its_costs_when_first_read(name) -> None:
    """A GPU device op db given a function for its HLO costs makes its table on first read (the kernel
    stats db reads its op keys only): the table joined at once, its keys the table's, pickled made."""
    import pickle

    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    frames, index = stats.frames, stats.hlo_index
    lazy = device_ops.build_device_op_db(frames, index, hlo_costs=stats._hlo_costs_of)
    assert not isinstance(lazy.__dict__["_table"], pd.DataFrame)  # made when first read
    keys = lazy.op_keys()
    programs = lazy.info.get("programs_with_hlo", [])
    costs = stats.costs_of(programs, fused=False) if programs else None
    eager = device_ops.build_device_op_db(frames, index, hlo_costs=costs)
    pd.testing.assert_frame_equal(lazy.table, eager.table, check_exact=True)
    for column, values in eager.op_keys().items():
        assert keys[column].tolist() == values.tolist(), column
    assert (lazy.info, lazy.notes) == (eager.info, eager.notes)
    for column, values in lazy.columns().items():  # the arrays the table is made of
        expected = eager.table[column]
        pd.testing.assert_series_equal(pd.Series(values, name=column).astype(expected.dtype), expected)
    unpickled = pickle.loads(pickle.dumps(lazy))
    pd.testing.assert_frame_equal(unpickled.table, eager.table)
    assert list(unpickled.columns()) == list(lazy.columns())


def test_kernel_stats_leave_the_device_costs_unjoined() -> None:
    stats = nbprof.load(FIXTURES / "jax_gpu_kernels", cache=False).op_stats()
    assert len(stats.kernel_db.reports) and "hlo_costs" not in stats.builds
    assert "device_ops" not in stats.builds  # the db's op keys alone (``device_op_keys``)
    assert not isinstance(stats.device_ops.__dict__["_table"], pd.DataFrame)  # no HLO cost analysis run


@pytest.mark.parametrize("keep", [True, False])
@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.iterdir() if (p / "plugins").is_dir()))
def test_device_op_keys_are_the_device_op_dbs(name, keep) -> None:
    """``device_op_keys`` (kernel stats' keys-only build) gives the full db's ``op_keys``: same values, dtypes
    and row order, on every GPU fixture, with or without the kernels whose HLO instruction is unknown."""
    from nbprof.opstats.device_ops import build_device_op_db, device_op_keys
    from nbprof.xspace import semantics as xs

    profile = nbprof.load(FIXTURES / name, cache=False)
    for host in profile.op_stats().hosts:
        stats = profile.op_stats(host=host)
        if xs.hardware_type(stats._plane_names) != xs.HARDWARE_GPU:
            continue
        groups = stats.event_groupings.event_groups
        keys = device_op_keys(stats.frames, stats.hlo_index, keep, lambda g=groups: g)
        full = build_device_op_db(stats.frames, stats.hlo_index, None, keep, lambda g=groups: g).op_keys()
        assert list(keys) == list(full)
        for column, values in full.items():
            assert keys[column].dtype == values.dtype
            assert keys[column].tolist() == values.tolist()
            assert [type(v) for v in keys[column].tolist()] == [type(v) for v in values.tolist()]


def test_kernel_stats_take_the_built_device_op_db() -> None:
    """Kernel stats read the device op db's keys where the db is built already, else build the keys alone."""
    stats = nbprof.load(FIXTURES / "amd_mi300x_gemm", cache=False).op_stats()
    keys = stats._device_op_keys()
    assert isinstance(keys, dict) and "device_ops" not in stats.builds
    assert stats.device_ops.op_keys()["name"].tolist() == keys["name"].tolist()
    assert stats._device_op_keys() is stats.device_ops


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "tpu_v6e", "gpu_v100", "tf_keras2_fit"])
def test_op_metrics_db_from_device_columns_is_the_one_from_its_table(name) -> None:
    """The op metrics db made of the device db's columns (its table not made) is the one made of its table."""
    from nbprof.opstats import op_metrics_db

    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    host, device = stats._host_ops[0], stats.device_ops
    from_columns = op_metrics_db.combine_op_metrics_dbs(host, device)
    assert isinstance(device.__dict__["_table"], pd.DataFrame) == (device.hardware_type == "CPU_ONLY")  # no frame
    given = device_ops.DeviceOpDb(device.table, device.planes, device.hardware_type, device.info, device.notes)
    pd.testing.assert_frame_equal(from_columns, op_metrics_db.combine_op_metrics_dbs(host, given), check_exact=True)


def test_sorted_codes_of_runs_are_sorted_factorize_codes() -> None:
    from nbprof.opstats import op_metrics_db

    rng = np.random.default_rng(3)
    cases = [["Host"] * 3 + ["Device"] * 2, ["b", "a", "b", "c", "a"], [], ["x"], ["a", "b"] * 40, ["é", "e", "é"]]
    cases += [[None, "a", "a"], [float("nan"), "a"], [str(k) for k in rng.integers(0, 5, 300)]]
    for values in cases:
        texts = np.array(values, dtype=object)
        expected = pd.factorize(texts, sort=True)[0]
        assert op_metrics_db._sorted_codes(texts).tolist() == expected.tolist(), values


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "tpu_v6e", "jax_gpu_kernels", "gpu_v100", "tf_keras2_fit"])
def test_xla_ops_of_device_columns_are_those_of_its_table(name) -> None:
    """A device op db's XLA ops made of its columns (its table's frame not made) are those of its table."""
    from nbprof.opstats import xla_ops

    device = nbprof.load(FIXTURES / name, cache=False).op_stats().device_ops
    ops = xla_ops.device_db_xla_ops(device)
    if len(ops):
        assert not isinstance(device.__dict__["_table"], pd.DataFrame)
    pd.testing.assert_frame_equal(ops, xla_ops.device_xla_ops(device.table), check_exact=True)


@pytest.mark.parametrize("name", ["tpu_v6e", "torch_xla_train", "amd_mi300x_gemm", "jax_gpu_kernels"])
def test_program_trees_are_the_program_rows_values(name) -> None:
    """A program's tree columns read from its parsed protos are its instruction rows' values; the fused
    children of the ops made from them are those made from the rows."""
    from nbprof.hlo.index import TREE_COLUMNS, build_hlo_index
    from nbprof.opstats import xla_ops

    prof = nbprof.load(FIXTURES / name, cache=False)
    index, by_rows = build_hlo_index(prof.hlo_protos), build_hlo_index(prof.hlo_protos)
    for pid in sorted(index._modules):
        tree = index.program_tree(pid)
        rows = by_rows.program_rows(pid)
        assert tree is not None and rows is not None
        assert tree == {c: [row[c] for row in rows] for c in TREE_COLUMNS}, pid
        assert by_rows.program_tree(pid) is None  # its rows made (its protobufs let go): read from them
    ops = prof.op_stats().xla_ops.ops
    fast = xla_ops.fused_children(build_hlo_index(prof.hlo_protos), ops)
    slow_index = build_hlo_index(prof.hlo_protos)
    slow_index.program_tree = lambda program_id: None  # the rows' path
    pd.testing.assert_frame_equal(fast, xla_ops.fused_children(slow_index, ops), check_exact=True)


@pytest.mark.parametrize("name", ["gpu_v100", "tf_keras2_fit", "jax_two_hosts", "amd_mi300x_gemm"])
def test_host_framework_ops_of_distinct_names_are_the_grouped_ones(name, monkeypatch) -> None:
    """Host rows whose names are distinct are their own groups: the same as grouping them by name."""
    from nbprof.opstats import framework_ops

    db = framework_ops._db_columns(nbprof.load(FIXTURES / name, cache=False).op_stats().op_metrics_db)
    host = framework_ops._side_columns(db, db["host_or_device"] == "Host")
    cases = [host]
    if len(host["name"]) >= 3:  # a type missing, empty or set
        mixed = {c: v[:6].copy() for c, v in host.items()}
        mixed["category"][:3] = ["", "Type", np.nan]
        cases.append(mixed)
    for columns in cases:
        for include_idle in (True, False):
            fast = framework_ops._host_framework_ops(columns, include_idle)
            with monkeypatch.context() as m:
                m.setattr(framework_ops, "_one_row_per_name", lambda host: False)
                grouped = framework_ops._host_framework_ops(columns, include_idle)
            assert (fast is None) == (grouped is None)
            for c in grouped or {}:
                assert fast[c].dtype == grouped[c].dtype and fast[c].tolist() == grouped[c].tolist(), c


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_two_gpu_procs", "tpu_v6e", "tf_keras2_fit", "jax_two_hosts"])
def test_device_framework_ops_of_distinct_ops_are_the_grouped_ones(name, monkeypatch) -> None:
    """Device rows whose (program id, name) pairs are distinct are their own groups: the same table as
    grouping them by op first (also where a pair repeats, e.g. two hosts' rows stacked)."""
    from nbprof.opstats import framework_ops

    db = framework_ops._db_columns(nbprof.load(FIXTURES / name, cache=False).op_stats().op_metrics_db_columns())
    device = framework_ops._side_columns(db, db["host_or_device"] == "Device")
    if not len(device["name"]):
        return
    twice = {c: np.concatenate([v, v]) for c, v in device.items()}
    missing = {**device, "provenance": device["provenance"].copy()}
    missing["provenance"][0] = None
    assert framework_ops._one_row_per_op(device) == (name != "jax_two_gpu_procs")  # its two hosts share ops
    assert not framework_ops._one_row_per_op(twice) and not framework_ops._one_row_per_op(missing)
    for columns in (device, twice):
        for include_idle in (True, False):
            fast = framework_ops._device_framework_ops(columns, include_idle)
            with monkeypatch.context() as m:
                m.setattr(framework_ops, "_one_row_per_op", lambda device: False)
                grouped = framework_ops._device_framework_ops(columns, include_idle)
            assert fast is not None and grouped is not None and list(fast) == list(grouped)
            for c in grouped:
                assert fast[c].dtype == grouped[c].dtype and fast[c].tolist() == grouped[c].tolist(), c


@pytest.mark.parametrize("name", ["torch_xla_train", "jax_mlp_train", "flax_cnn_train"])
def test_xla_ops_of_all_rows_are_the_taken_rows(name) -> None:
    """One host's whole op db as XLA ops (its columns copied) is the view of its rows taken one by one,
    and has arrays of its own (writing to it leaves the db as it was)."""
    from nbprof.opstats import xla_ops

    table = nbprof.load(FIXTURES / name, cache=False).op_stats().xla_cpu_op_db
    rows = np.arange(len(table))
    expected = xla_ops.typed_frame(
        {xla_ops.VIEW_NAMES.get(c, c): xla_ops.take_array(table[c], rows) for c in xla_ops._DB_COLUMNS}
    )
    ops = xla_ops.combine_hosts(table)
    pd.testing.assert_frame_equal(ops, expected, check_exact=True)
    before = table.copy()
    ops.loc[0, "name"] = "changed"
    ops.loc[0, "self_time_ps"] = -1
    pd.testing.assert_frame_equal(table, before, check_exact=True)


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_gpu_kernels", "flax_cnn_gpu", "jax_two_gpu_procs"])
def test_hlo_provenance_lookup_is_the_rows(name) -> None:
    """``HloIndex.lookup_provenance`` (no rows made) gives ``lookup_values``' provenance, unknown pairs ""."""
    table = nbprof.load(FIXTURES / name, cache=False).op_stats().hlo_index.instructions
    pid = np.append(table["program_id"].to_numpy(np.uint64), np.uint64(12345))
    names = np.append(table["name"].to_numpy(object), "no_such_instruction")
    fresh = nbprof.load(FIXTURES / name, cache=False).op_stats().hlo_index
    provenance, found = fresh.lookup_provenance(pid, names)
    values, expected_found = fresh.lookup_values(pid, names, ["provenance"])
    assert found.tolist() == expected_found.tolist() and not found[-1] and found[:-1].all()
    assert provenance.tolist() == values["provenance"].tolist()


@pytest.mark.parametrize("name", ["torch_xla_train", "jax_mlp_train", "flax_cnn_train", "jax_two_hosts", "tpu_v6e"])
def test_host_xla_op_rows_are_the_ops_frame_rows(name) -> None:
    """``OpStats.host_xla_op_rows`` (the XLA CPU db's rows before their HLO details, no frame made) hold
    the XLA ops' frame's columns but the HLO ones, which some rows' ``hlo_columns`` give as all rows' do,
    where they are one host's XLA CPU ops; None for device ops and several hosts."""
    from nbprof.opstats import xla_cpu_ops

    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    db_rows = stats.host_xla_op_rows()
    assert "xla_ops" not in stats.__dict__ and "xla_cpu_op_db" not in stats.__dict__
    x = stats.xla_ops
    if x.source != "host" or len(set(stats.xla_cpu_op_db["host"])) > 1:
        assert db_rows is None
        return
    assert db_rows is not None
    assert set(db_rows.columns) == set(xla_cpu_ops.COLUMNS) - set(xla_cpu_ops.HLO_COLUMNS)
    assert x.ops["name"].tolist() == stats.xla_cpu_op_db["name"].tolist()  # the ops are the db's rows
    for c, values in db_rows.columns.items():
        assert values.tolist() == stats.xla_cpu_op_db[c].tolist(), c
    every = db_rows.hlo_columns()
    some = np.array([len(every["category"]) - 1, 0, 2])
    part = db_rows.hlo_columns(some)
    for c in [*xla_cpu_ops.HLO_COLUMNS, "found"]:
        assert list(part[c]) == list(np.asarray(every[c], dtype=object)[some]), c
        assert type(part[c]) is type(every[c]) and part[c].dtype == every[c].dtype, c
    pd.testing.assert_frame_equal(
        stats.xla_cpu_op_db, xla_cpu_ops.xla_cpu_op_frame(db_rows.db_columns()), check_exact=True
    )


@pytest.mark.parametrize("name", ["torch_xla_train", "jax_mlp_train", "flax_cnn_train"])
def test_host_xla_top_ops_of_the_rows_are_those_of_the_frame(name, monkeypatch) -> None:
    """The overview's XLA CPU top ops read from the db's rows (the top ops' HLO details alone) are those
    read from the XLA ops' frame; so are they where a top op's category is not a str (read from the frame)."""
    from nbprof.tools import overview

    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    assert stats.host_xla_op_rows() is not None
    of_rows = overview._host_xla_top_ops(stats)
    monkeypatch.setattr(stats, "host_xla_op_rows", lambda: None)  # the ops' frame alone
    of_frame = overview._host_xla_top_ops(stats)
    assert of_rows is not None and of_frame is not None and len(of_rows)
    pd.testing.assert_frame_equal(of_rows, of_frame, check_exact=True)
    monkeypatch.undo()

    def not_all_str(categories: np.ndarray) -> np.ndarray:
        raise overview._NotAllStr

    monkeypatch.setattr(overview, "_str_categories", not_all_str)
    fallback = nbprof.load(FIXTURES / name, cache=False).op_stats()
    pd.testing.assert_frame_equal(overview._host_xla_top_ops(fallback), of_frame, check_exact=True)
    assert "xla_ops" in fallback.__dict__


@pytest.mark.parametrize("name", ["torch_xla_train", "jax_mlp_train", "flax_cnn_train"])
def test_xla_cpu_op_frame_of_some_columns_is_the_db_frame_selection(name) -> None:
    """``xla_cpu_op_frame`` of some columns, relabelled, is the db frame's selection renamed."""
    from nbprof.opstats import xla_cpu_ops

    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    names, labels = ["name", "program_id", "source_line", "self_time_ps", "total_time_ps"], {"name": "op"}
    made = xla_cpu_ops.xla_cpu_op_frame(stats._xla_cpu_op_columns, names, labels)
    pd.testing.assert_frame_equal(made, stats.xla_cpu_op_db[names].rename(columns=labels), check_exact=True)
    assert list(xla_cpu_ops.xla_cpu_op_frame(None, names, labels).columns) == ["op", *names[1:]]


@pytest.mark.parametrize("name", ["torch_xla_train", "tf_keras_fit", "jax_two_hosts"])
def test_op_metrics_without_a_device_read_no_device_column(name) -> None:
    """A db without a device (an empty table) adds no row: the combined columns are those made with its
    (empty) columns read."""
    from nbprof.opstats import op_metrics_db

    stats = nbprof.load(FIXTURES / name, cache=False).op_stats()
    device = stats.device_ops
    assert device.hardware_type == "CPU_ONLY" and op_metrics_db._device_columns(device) == ({}, 0)
    host, _ = stats._host_op_columns
    ours = op_metrics_db.combine_op_metrics_columns(host, device)
    read = device_ops.DeviceOpDb(device.table.copy(), device.planes, "GPU")  # its columns read from the frame
    assert len(read.columns()) == len(device_ops.COLUMNS)
    expected = op_metrics_db.combine_op_metrics_columns(host, read)
    assert ours is not None and expected is not None and list(ours) == list(expected)
    for c in ours:
        assert ours[c].dtype == expected[c].dtype and ours[c].tolist() == expected[c].tolist(), c


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "flax_cnn_gpu", "gpu_v100", "jax_gpu_kernels"])
def test_kernel_text_codes_match_factorize(name) -> None:
    """The kernel db's texts by category codes: per row the texts ``pd.factorize`` gives, each distinct once."""
    from nbprof.opstats import event_columns as ec

    ev = nbprof.load(FIXTURES / name, cache=False).events
    for column in ("name", "kernel_details", "hlo_op"):
        rows = np.flatnonzero(kernel_db._present(ev[column]))[::3]
        codes, texts = kernel_db._text_codes(ev, column, rows)
        expected = ec.str_column(ev, column, rows)
        assert (kernel_db._row_texts(ev[column], rows) is not None) == bool(len(rows))
        assert texts[codes].tolist() == expected.tolist()
        assert len(set(texts.tolist())) == len(texts) == len(set(expected.tolist()))


def test_kernel_text_codes_fall_back_to_factorize() -> None:
    """A missing value, a column of plain str, or categories that read alike as str: ``pd.factorize``'s texts."""
    frame = pd.DataFrame(
        {
            "missing": pd.Categorical(["a", None, "b", "a"]),
            "plain": np.array(["a", "b", "b", "a"], object),
            "alike": pd.Categorical.from_codes([0, 1, 0, 1], categories=pd.Index([1, "1"], dtype=object)),
        }
    )
    rows = np.arange(4)
    for column, expected in (("missing", ["a", "", "b", "a"]), ("plain", ["a", "b", "b", "a"]), ("alike", ["1"] * 4)):
        assert kernel_db._row_texts(frame[column], rows) is None
        codes, texts = kernel_db._text_codes(frame, column, rows)
        assert texts[codes].tolist() == expected
        assert len(set(texts.tolist())) == len(texts)
    codes, texts = kernel_db._text_codes(frame, "absent", rows)
    assert texts[codes].tolist() == [""] * 4


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_gpu_train", "tpu_v6e", "jax_two_gpu_procs"])
def test_device_planes_made_when_first_read(name) -> None:
    """The device op db's planes frame is made of the builder's columns on first read; its total time read
    without it is the frame's, and a pickled db carries the frame."""
    import pickle

    device = nbprof.load(FIXTURES / name, cache=False).op_stats().device_ops
    assert not isinstance(device.__dict__["_planes"], pd.DataFrame)  # not made by the build
    total = device.total_time_ps
    planes = device.planes
    assert list(planes.columns) == device_ops.PLANE_COLUMNS and len(planes)
    assert total == int(planes["total_time_ps"].sum())
    pd.testing.assert_frame_equal(pickle.loads(pickle.dumps(device)).planes, planes)
