"""The fast paths of step grouping, the step db, the device op db and the framework-op table agree with
the pandas (or generic) code they stand in for, on the real fixtures and on edge cases."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURE_NAMES

from nbprof.opstats import device_ops, framework_ops, step_db, step_grouping
from nbprof.opstats import event_columns as ec
from nbprof.xspace import semantics as xs

FAST_PATH_FIXTURES = ["amd_mi300x_gemm", "gpu_v100", "jax_gpu_train", "tf_keras_fit", "tpu_v6e"]


# ------------------------------------------------------------------------------ name masks
def _values_in_by_text(series: pd.Series, values: list[str]) -> list[bool]:
    """The generic mask ``values_in``'s code path stands in for: each row's text tested with ``isin``."""
    return xs.category_mask(series, lambda s: s.isin(list(values)).to_numpy()).tolist()


@pytest.mark.parametrize("name", FAST_PATH_FIXTURES)
def test_values_in_by_codes_on_fixture_columns(load_fixture, name: str) -> None:
    ev = load_fixture(name).events
    for column in ("name", "plane", "line", "host"):
        categories = ev[column].cat.categories.tolist()
        for values in (categories[:1], categories[-3:], ["no such value"], [], categories[:2] + ["x", categories[0]]):
            mask = xs.values_in(ev[column], values)
            assert mask.tolist() == _values_in_by_text(ev[column], values)
            assert mask.tolist() == ev[column].astype(object).isin(values).tolist()


def test_values_in_beyond_string_categoricals() -> None:
    cases = [
        pd.Series(pd.Categorical(["a", None, "b", "a"])),  # missing values
        pd.Series(pd.Categorical([1, 2, 1])),  # not str: values_in compares their text
        pd.Series(["a", None, "b"], dtype=object),  # not categorical
        pd.Series(pd.Categorical([], categories=[])),
    ]
    for series in cases:
        for values in (["a"], ["1", "2"], ["zz"], []):
            assert xs.values_in(series, values).tolist() == _values_in_by_text(series, values)


# --------------------------------------------------------------------------- grouping keys
def test_packed_group_ids_equal_the_factorized_ones() -> None:
    rng = np.random.default_rng(4)
    cases = [
        (rng.integers(0, 4, 500), rng.integers(0, 2**40, 500)),
        (rng.integers(0, 3, 200).astype(np.uint64), rng.integers(0, 7, 200).astype(np.int8)),
        (np.full(50, 3), rng.integers(0, 9, 50), rng.integers(0, 2, 50)),
        (rng.integers(0, 2**40, 300), rng.integers(0, 2**30, 300)),  # too wide to pack
        (rng.integers(-5, 5, 100), rng.integers(0, 9, 100)),  # negative
        (np.array([2**63 + 5, 1, 2**63 + 5], np.uint64),),  # beyond int64
        (rng.integers(0, 9, 60), np.array(["a", "b", "c"] * 20, object)),  # text
        (rng.integers(0, 9, 60),),
        (np.zeros(0, np.int64), np.zeros(0, np.int64)),
    ]
    for keys in cases:
        ids, n = ec.group_ids(*keys)
        expected, n_expected = ec._factorized_group_ids(keys)
        assert ids.tolist() == expected.tolist() and n == n_expected and ids.dtype == np.int64


def test_step_ids_of_other_dtypes_merge_as_pandas() -> None:
    ev = pd.DataFrame(
        {
            "id": pd.array([1, None, 3, None], dtype="Int64"),
            "step_id": pd.Series([9.0, 8.0, np.nan, np.nan]),  # float: pandas' fillna path
        }
    )
    rows = np.array([0, 1, 2, 3])
    values, present = step_grouping._step_ids(ev, rows)
    merged = ev["id"].fillna(ev["step_id"])
    assert present.tolist() == merged.notna().tolist()
    assert values.tolist() == xs.int_values(merged, 0).tolist()
    only_step_id = pd.DataFrame({"step_id": pd.array([None, 4], dtype="Int64")})
    values, present = step_grouping._step_ids(only_step_id, np.array([0, 1]))
    assert values.tolist() == [0, 4] and present.tolist() == [False, True]


def test_values_at_reads_categoricals_and_other_columns() -> None:
    categorical = pd.Series(pd.Categorical(["x", None, "y"]))
    values = step_grouping._values_at(categorical, np.array([2, 1, 0]))
    assert values[0] == "y" and values[2] == "x" and values[1] != values[1]  # NaN where missing
    assert step_grouping._values_at(categorical, np.array([1]), None) == [None]
    plain = pd.Series(["a", None, "c"], dtype=object)
    assert step_grouping._values_at(plain, np.array([0, 2])) == ["a", "c"]


# ------------------------------------------------------------------------------- step db
@pytest.mark.parametrize("name", FAST_PATH_FIXTURES)
def test_map_at_is_value_map_at_the_rows(load_fixture, name: str) -> None:
    ev = load_fixture(name).events
    rows = np.arange(0, len(ev), 3)
    for function in (step_db._classify_gpu, step_db._classify_cpu):
        ours = step_db._map_at(ev["name"], rows, function, -1, np.int64)
        assert ours.tolist() == xs.value_map(ev["name"], function, -1, np.int64, rows=rows).tolist()
    plain = pd.Series(["memcpyHtoD", None, "nccl_all"], dtype=object)
    rows = np.array([2, 0, 1])
    expected = xs.value_map(plain, step_db._classify_gpu, -1, np.int64, rows=rows)
    assert step_db._map_at(plain, rows, step_db._classify_gpu, -1, np.int64).tolist() == expected.tolist()


def test_steps_frame_is_the_inferred_frame() -> None:
    n = 3
    columns = {
        "host": "h",
        "step_num": [1, np.int64(2), 3],
        "step_name": ["a", "b", "c"],
        "group_id": np.array([4, 5, 6]),
        "core_id": 1,
        "narrow": np.array([1, 2, 3], np.int32),
        "marker": np.array(["m", "m", "n"], dtype=object),
        "in_analysis": np.array([True, False, True]),
    }
    pd.testing.assert_frame_equal(step_db._steps_frame(columns, n)[0], pd.DataFrame(columns))
    odd = {"host": "h", "step_num": [1, None, 3], "big": [2**63, 1, 1], "mixed": ["a", 1, "b"]}
    pd.testing.assert_frame_equal(step_db._steps_frame(odd, n)[0], pd.DataFrame(odd))
    empty = {"host": "h", "step_num": [], "group_id": np.zeros(0, np.int64)}
    pd.testing.assert_frame_equal(step_db._steps_frame(empty, 0)[0], pd.DataFrame(empty))


# ------------------------------------------------------------------------------ device ops
@pytest.mark.parametrize("name", FAST_PATH_FIXTURES)
def test_event_columns_at_rows_are_pandas_reads(load_fixture, name: str) -> None:
    """The readers the device op db uses (event_columns) give what pandas' own conversions give."""
    ev = load_fixture(name).events
    rows = np.arange(0, len(ev), 5)
    for column in ("name", "host", "tf_op", "hlo_category", "hlo_module", "display_name"):
        expected = ["" if pd.isna(v) else str(v) for v in ev[column].iloc[rows].tolist()]
        assert ec.str_column(ev, column, rows).tolist() == expected
    assert ec.str_column(ev, "not_a_column", rows).tolist() == [""] * len(rows)
    for column in ("flops", "is_eager", "symbol_id", "start_ps"):
        if column in ev.columns:
            expected = pd.to_numeric(ev[column].iloc[rows]).fillna(7).astype(np.int64).tolist()
            assert ec.int_column(ev, column, rows, 7).tolist() == expected
    assert ec.int_column(ev, "not_a_column", rows, 7).tolist() == [7] * len(rows)
    values, present = ec.uint_column(ev, "program_id", rows)
    column = ev["program_id"].iloc[rows]
    assert present.tolist() == column.notna().tolist()
    assert values.tolist() == column.fillna(0).astype(np.uint64).tolist()
    for column in ("host", "plane"):
        assert ec.row_codes(ev[column], rows).tolist() == ev[column].cat.codes.to_numpy()[rows].tolist()


def test_category_text_converts_categories_that_are_not_str() -> None:
    series = pd.Series(pd.Categorical([1, None, 2]))
    assert ec.category_text(series).tolist() == ["1", "2"]
    assert ec.str_column(pd.DataFrame({"c": series}), "c", np.array([1, 2])).tolist() == ["", "2"]
    assert ec.category_text(pd.Series(pd.Categorical([], categories=[]))).tolist() == []


def _pandas_source_split(sources: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    source = pd.Series(sources, dtype=object).astype("string")
    file = source.str.rsplit(":", n=1).str[0].fillna("").to_numpy(dtype=object)
    line = pd.to_numeric(source.str.rsplit(":", n=1).str[1], errors="coerce").to_numpy()
    return file, line


def test_source_file_and_line_split_as_pandas() -> None:
    cases = [
        np.array(["a/b.py:12", "c.py", None, float("nan"), "x:y:7", "z:", ":3", "w:abc"], dtype=object),
        np.array(["a.py:1", "b.py:2"], dtype=object),
        np.array([None], dtype=object),
        np.array([b"bytes.py:3", 5, "a.py:4"], dtype=object),  # not all str: pandas' own split
    ]
    for sources in cases:
        file, line = device_ops._source_file_and_line(sources)
        expected_file, expected_line = _pandas_source_split(sources)
        assert file.tolist() == expected_file.tolist()
        np.testing.assert_array_equal(line.astype(np.float64), expected_line.astype(np.float64))


def test_time_scale_defaults_to_one() -> None:
    values = np.array([None, "2.5", 3, "x", None], dtype=object)
    expected = pd.to_numeric(pd.Series(values), errors="coerce").fillna(1.0).to_numpy(np.float64)
    assert device_ops._time_scale(values).tolist() == expected.tolist()
    assert device_ops._time_scale(np.array([None, None], dtype=object)).tolist() == [1.0, 1.0]


def test_distinct_texts_in_order_of_appearance() -> None:
    series = pd.Series(pd.Categorical(["b", "a", None, "b", "c"]))
    mask = np.array([True, True, True, True, False])
    assert device_ops._distinct_texts(series, mask) == ["b", "a", "nan"]
    plain = pd.Series(["b", "a", "b"], dtype=object)
    assert device_ops._distinct_texts(plain, np.array([True, True, True])) == ["b", "a"]


# ------------------------------------------------------------------------- framework ops
def test_order_by_self_time_then_name_is_the_lexsort() -> None:
    rng = np.random.default_rng(1)
    names = np.array(rng.choice(["b", "a", "c", "ab", "B"], 200), dtype=object)
    self_ps = rng.integers(0, 5, 200)
    expected = np.lexsort((pd.factorize(names, sort=True)[0], -self_ps))
    assert framework_ops._by_self_time_then_name(self_ps, names).tolist() == expected.tolist()
    names[[3, 50]] = np.nan  # missing names rank first
    expected = np.lexsort((pd.factorize(names, sort=True)[0], -self_ps))
    assert framework_ops._by_self_time_then_name(self_ps, names).tolist() == expected.tolist()
    mixed = np.array(["b", 1, "a", 2.5], dtype=object)  # names that do not compare: pandas' ranking
    expected = np.lexsort((pd.factorize(mixed, sort=True)[0], -np.zeros(4, np.int64)))
    assert framework_ops._by_self_time_then_name(np.zeros(4, np.int64), mixed).tolist() == expected.tolist()


@pytest.mark.parametrize("name", [n for n in FIXTURE_NAMES if n in ("gpu_v100", "amd_mi300x_gemm", "tf_keras_fit")])
def test_framework_table_is_the_inferred_frame(load_fixture, name: str) -> None:
    table = load_fixture(name).op_stats().framework_op_table(False).table
    inferred = pd.DataFrame({c: table[c].to_numpy(dtype=object if table[c].dtype == "str" else None) for c in table})
    pd.testing.assert_frame_equal(table, inferred)


def test_empty_tables_are_the_inferred_frames() -> None:
    from nbprof.opstats import tpu_steps

    expected = pd.DataFrame({c: np.empty(0, dtype) for c, dtype in step_db._EMPTY_STEP_DTYPES.items()})
    pd.testing.assert_frame_equal(step_db.empty_steps(), expected)
    empty = tpu_steps.empty_tpu_steps()
    for table, columns in ((empty.cores, tpu_steps.CORE_COLUMNS), (empty.steps, tpu_steps.STEP_COLUMNS)):
        inferred = pd.DataFrame({c: table[c].to_numpy() for c in columns})
        pd.testing.assert_frame_equal(table, inferred)


def test_values_list_is_tolist(load_fixture) -> None:
    profile = load_fixture("jax_two_hosts")
    for table, column in ((profile.planes, "name"), (profile.planes, "host"), (profile.lines, "plane")):
        assert xs.values_list(table[column]) == table[column].tolist()
    with_missing = pd.Series(pd.Categorical(["a", None, "b"]))
    ours, expected = xs.values_list(with_missing), with_missing.tolist()
    assert ours[0] == expected[0] and ours[2] == expected[2] and ours[1] != ours[1] and expected[1] != expected[1]


def test_cpu_only_device_db_is_empty_frames(load_fixture) -> None:
    db = load_fixture("jax_mlp_train").op_stats().device_ops
    pd.testing.assert_frame_equal(db.table, pd.DataFrame(columns=device_ops.COLUMNS))
    pd.testing.assert_frame_equal(db.planes, pd.DataFrame(columns=device_ops.PLANE_COLUMNS))


def test_program_name_is_the_pandas_one() -> None:
    cases = [
        (pd.Series(["a", None, "", "b"], dtype="str"), pd.Series([1, 2, 3, None], dtype="UInt64")),
        (pd.Series(["a", "b"], dtype=object), pd.Series([5, 6], dtype=np.int64)),
        (pd.Series([], dtype="str"), pd.Series([], dtype="UInt64")),
        (pd.Series(["x", np.nan], dtype=object, index=[5, 7]), pd.Series([1, 2], dtype="UInt64", index=[5, 7])),
        (pd.Series([1, "x"], dtype=object), pd.Series([1.0, 2.0])),  # not str / not integers: pandas' path
    ]
    for module, program_id in cases:
        expected = device_ops._program_name_pandas(module, program_id)
        pd.testing.assert_series_equal(device_ops.program_name(module, program_id), expected)


def test_category_from_name_per_distinct_name() -> None:
    def by_sorted_unique(names: np.ndarray) -> list[str]:  # the sorted-unique version it replaces
        distinct, inverse = np.unique(np.asarray(names, dtype=object).astype(str), return_inverse=True)
        base = [device_ops._SUFFIX.sub("", n).removeprefix("wrapped_") for n in distinct]
        base = [device_ops._COMMAND_BUFFER.sub("command buffer", b) for b in base]
        return [("fusion" if "fusion" in b else b) for b in np.array(base, dtype=object)[inverse]]

    names = np.array(["multiply_add_fusion.3", "wrapped_reduce", "dot.2", "command_buffer_10", "dot.2", "x"], object)
    assert device_ops.category_from_name(names).tolist() == by_sorted_unique(names)
    assert device_ops.category_from_name(names[:0]).tolist() == []
    odd = np.array([None, "a.1", 3], dtype=object)  # not all str: as text
    assert device_ops.category_from_name(odd).tolist() == by_sorted_unique(odd)


def test_bottleneck_and_summary_read_numpy_and_nullable_columns_alike(load_fixture) -> None:
    from nbprof.opstats import step_analysis

    steps = load_fixture("jax_two_hosts").op_stats().step_db.steps
    assert steps["core_id"].dtype.kind == "i"
    nullable = steps.astype({c: "Int64" for c in steps.columns if steps[c].dtype.kind == "i"})
    assert step_analysis.bottleneck(nullable) == step_analysis.bottleneck(steps)
    assert step_analysis.step_summary(nullable) == step_analysis.step_summary(steps)
    mask = (steps["core_id"] == step_db.DEFAULT_CORE_ID).to_numpy()
    assert step_analysis._details_mask(steps).tolist() == mask.tolist()
    assert step_analysis._details_mask(nullable).tolist() == mask.tolist()


def _pandas_time_then_name(time_ps: np.ndarray, names: np.ndarray) -> list[int]:
    keys = pd.DataFrame({"t": time_ps, "n": pd.array(names, dtype="string")})  # missing stays missing on pandas 2
    return keys.sort_values(["t", "n"], ascending=[False, True], kind="stable").index.tolist()


def test_time_then_name_order_is_the_pandas_sort() -> None:
    rng = np.random.default_rng(2)
    names = np.array(rng.choice(["b", "a", "c", "ab", "B", "é"], 300), dtype=object)
    time_ps = rng.integers(0, 4, 300)
    assert ec.time_then_name_order(time_ps, names).tolist() == _pandas_time_then_name(time_ps, names)
    names[[5, 80]] = np.nan  # a missing name sorts last among its time's ties
    assert ec.time_then_name_order(time_ps, names).tolist() == _pandas_time_then_name(time_ps, names)
    assert ec.time_then_name_order(np.zeros(0, np.int64), np.zeros(0, object)).tolist() == []


@pytest.mark.parametrize("name", ["tf_keras_fit", "torch_xla_train"])
def test_time_then_name_order_on_fixture_ops(load_fixture, name: str) -> None:
    db = load_fixture(name).op_stats().op_metrics_db
    time_ps, names = db["self_time_ps"].to_numpy(), db["name"].to_numpy(dtype=object)
    assert ec.time_then_name_order(time_ps, names).tolist() == _pandas_time_then_name(time_ps, names)


def _breakdown_ms_by_pandas(steps: pd.DataFrame) -> dict[str, np.ndarray]:
    from nbprof.opstats.step_analysis import nbprof_breakdown_ps

    return {cat: values.to_numpy() / 1e9 for cat, values in nbprof_breakdown_ps(steps).items()}


@pytest.mark.parametrize("name", ["torch_xla_train", "tf_keras2_fit", "jax_two_hosts", "amd_mi300x_gemm"])
def test_breakdown_ms_is_the_pandas_breakdown(load_fixture, name: str) -> None:
    from nbprof.opstats.step_analysis import nbprof_breakdown_ms

    steps = load_fixture(name).op_stats().step_db.analysed_steps
    ours, theirs = nbprof_breakdown_ms(steps), _breakdown_ms_by_pandas(steps)
    assert list(ours) == list(theirs)
    for cat in ours:
        assert ours[cat].dtype == theirs[cat].dtype and np.array_equal(ours[cat], theirs[cat]), cat


def test_breakdown_ms_of_nullable_columns_is_the_pandas_breakdown(load_fixture) -> None:
    from nbprof.opstats.step_analysis import nbprof_breakdown_ms

    steps = load_fixture("torch_xla_train").op_stats().step_db.steps
    steps = steps.assign(xla_cpu_compute_ps=pd.array(steps["xla_cpu_compute_ps"].to_numpy(), dtype="Int64"))
    steps.loc[steps.index[0], "xla_cpu_compute_ps"] = pd.NA
    ours, theirs = nbprof_breakdown_ms(steps), _breakdown_ms_by_pandas(steps)
    assert list(ours) == list(theirs)
    for cat in ours:
        np.testing.assert_array_equal(ours[cat], theirs[cat])


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_finds_no_groups_only_where_grouping_finds_none(load_fixture, name: str) -> None:
    """``finds_no_groups`` says so only where the grouping gives every event -1 and says NO_STEP_ROOTS."""
    profile = load_fixture(name)
    for host in profile.hosts:
        stats = profile.op_stats(host=host)
        if step_grouping.finds_no_groups(stats.frames.events):
            groupings = stats.event_groupings
            assert (groupings.event_groups == -1).all()
            assert groupings.sources == [step_grouping.NO_STEP_ROOTS]


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_headers_find_no_groups_only_where_the_events_find_none(name: str) -> None:
    """The header test is the events test or stricter: where the plane headers say no group, so do the events."""
    from fixture_paths import FIXTURES

    import nbprof

    profile = nbprof.load(FIXTURES / name, cache=False)
    headers = profile.op_stats().frames.plane_headers()
    assert headers is not None  # nothing built yet
    by_headers = step_grouping.headers_find_no_groups(headers)
    if by_headers:
        assert step_grouping.finds_no_groups(profile.events)


@pytest.mark.parametrize(
    "name", ["amd_mi300x_gemm", "amd_mi300x_conv", "gpu_v100", "jax_gpu_train", "tf_cpu_bfc_memory"]
)
def test_a_host_without_groups_has_no_markers(load_fixture, name: str) -> None:
    """``_host_steps`` returns at once where no event has a group: both marker finders find none there
    (every marker is a grouped event), so the notes are those of a host without markers."""
    from dataclasses import replace

    prof = load_fixture(name)
    frames = prof.frames if hasattr(prof, "frames") else prof
    ev = frames.events
    groupings = step_db.group_events(frames)
    _, grouping = groupings.host_events(ev, next(iter(groupings.hosts)))
    group = np.full(len(ev), -1, np.int64)
    derived = grouping.gpu_markers
    if derived is not None:  # grouped here: the GPU markers of these groups
        derived = step_grouping.gpu_step_markers(ev, group, step_grouping.gpu_plane_rows_in_time_order(ev))
    ungrouped = replace(grouping, group=group, gpu_markers=derived)
    times = step_db._event_times(ev)
    for find in (step_db._host_markers_and_spans, step_db._gpu_markers_and_spans):
        markers, _ = find(ev, ungrouped, times)
        assert len(markers["group"]) == 0
    planes = [str(n) for n in xs.values_list(frames.planes["name"])]
    steps, notes, tpu, columns = step_db._host_steps(frames, ev, ungrouped, planes, "h")
    assert steps is None and tpu is None and columns is None
    assert notes == [f"host 'h': step groups: {grouping.source}", *step_db._no_marker_notes(ev, "host 'h': ")]


@pytest.mark.parametrize("name", ["amd_mi300x_gemm", "jax_gpu_train"])
def test_step_db_columns_are_the_frames_columns(load_fixture, name: str) -> None:
    """``StepDb.columns`` (kept for a host's steps and for an empty db) hold the frame's ``to_numpy()``."""
    from nbprof.opstats import OpStats

    prof = load_fixture(name)
    db = OpStats(prof.frames if hasattr(prof, "frames") else prof).step_db
    assert db.columns is not None and list(db.columns) == list(db.steps.columns)
    for column, values in db.columns.items():
        expected = db.steps[column].to_numpy()
        assert values.dtype == expected.dtype
        np.testing.assert_array_equal(values, expected)
    if len(db.steps) == 0:
        pd.testing.assert_frame_equal(db.steps, step_db.empty_steps())


def test_no_marker_notes_name_the_unrooted_step_numbers() -> None:
    """A host without markers whose events carry ``step_num`` without ``_r`` is told so (``_carries``)."""
    ev = pd.DataFrame(
        {
            "name": ["a", "b", "c"],
            "step_num": pd.array([1, None, 3], dtype="Int64"),
            "_r": pd.array([None, None, 1], dtype="Int64"),
        }
    )
    notes = step_db._no_marker_notes(ev, "")
    assert len(notes) == 2 and notes[1].startswith("1 events carry step_num without _r=1 (a;")
    assert len(step_db._no_marker_notes(ev.drop(columns="step_num"), "")) == 1
    assert len(step_db._no_marker_notes(ev.drop(columns="_r"), "")) == 2
