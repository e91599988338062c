"""The shortcuts that build the frames give what the plain pandas constructors give."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from nbprof.xspace import typed_frame as typed_frame_module
from nbprof.xspace.absent import absent
from nbprof.xspace.frames import _categories_dtype
from nbprof.xspace.metadata_frames import _sorted_categorical
from nbprof.xspace.typed_frame import object_index, repeated_strings, string_index, strings, typed_frame


def _columns(n: int) -> dict[str, object]:
    return {
        "host": pd.Categorical.from_codes(np.zeros(n, np.int8), categories=pd.Index(["h"], dtype=object)),
        "plane_id": np.broadcast_to(np.int64(3), (n,)),
        "start_ps": np.arange(n, dtype=np.int64),
        "depth": np.zeros(n, np.int32),
        "aggregated": np.zeros(n, bool),
        "flops": absent(np.int64, n),
        "fragmentation": pd.arrays.FloatingArray(np.ones(n), np.zeros(n, bool)),
    }


@pytest.mark.parametrize("n", [0, 1, 5])
def test_typed_frame_is_what_pandas_builds(n: int) -> None:
    columns = _columns(n)
    fast, plain = typed_frame(columns), pd.DataFrame(columns, copy=False)
    assert_frame_equal(fast, plain, check_exact=True)
    assert fast.columns.dtype == plain.columns.dtype
    assert fast._mgr.nblocks == plain._mgr.nblocks == len(columns)  # not consolidated: no copy
    assert n == 0 or np.shares_memory(fast["start_ps"].to_numpy(), columns["start_ps"])  # type: ignore[arg-type]
    assert not fast["plane_id"].to_numpy().flags.writeable  # a constant column stays a read-only view


def _odd_columns(n: int) -> dict[str, object]:
    """Columns that are no plain number/object array or 1-D-only extension array (pandas' path)."""
    return {
        "series": pd.Series(np.arange(n)),
        "when": np.zeros(n, "datetime64[ns]"),
        "text": np.array(["a"] * n),
        "wrapped": pd.arrays.NumpyExtensionArray(np.arange(n)),
        "zone": pd.array(pd.date_range("2026-01-01", periods=n, tz="UTC")),
    }


@pytest.mark.parametrize("odd", [None, "series", "when", "text", "wrapped", "zone"])
@pytest.mark.parametrize("n", [0, 3])
def test_typed_frame_blocks_are_arrays_to_mgr_blocks(odd: str | None, n: int) -> None:
    """The blocks made a column at a time are those of pandas' arrays_to_mgr (type, place, values);
    a column of another kind takes arrays_to_mgr itself."""
    from pandas.core.internals.construction import arrays_to_mgr

    columns = {**_columns(n), "names": strings(["x"] * n), "objects": np.array([None] * n, dtype=object)}
    if odd is not None:
        columns[odd] = _odd_columns(n)[odd]
    fast = typed_frame(columns)
    arrays = list(columns.values())
    theirs = arrays_to_mgr(
        arrays,
        pd.Index(list(columns)),
        pd.RangeIndex(n),
        verify_integrity=False,
        consolidate=False,
        **typed_frame_module._MGR_KIND,  # pandas 2 asks for blocks (typ="block")
    )
    assert_frame_equal(fast, pd.DataFrame._from_mgr(theirs, axes=theirs.axes), check_exact=True)
    assert len(fast._mgr.blocks) == len(theirs.blocks)
    for ours, block in zip(fast._mgr.blocks, theirs.blocks):
        assert type(ours) is type(block)
        assert ours.mgr_locs.as_array.tolist() == block.mgr_locs.as_array.tolist()
        assert ours.values.shape == block.values.shape and ours.dtype == block.dtype


def test_typed_frames_do_not_share_their_column_labels() -> None:
    first, second = typed_frame(_columns(2)), typed_frame(_columns(2))
    first.columns.name = "renamed"
    assert second.columns.name is None
    assert typed_frame(_columns(2)).columns.name is None


def test_typed_frame_of_no_columns() -> None:
    assert_frame_equal(typed_frame({}), pd.DataFrame({}))


@pytest.mark.parametrize(
    "values",
    [
        ["b", "a", "b"],
        ["/host:CPU", "/device:GPU:0", "é", "Z", "z", "", "\U0001f600", "\uffff"],
        [str(i) for i in range(126)],
        [str(i) for i in range(127)],
        [str(i) for i in range(32767)],
    ],
)
def test_sorted_categorical_is_pandas_categorical(values: list[str]) -> None:
    ours, theirs = _sorted_categorical(values), pd.Categorical(values)
    assert ours.dtype == theirs.dtype
    assert ours.categories.dtype == theirs.categories.dtype
    assert ours.codes.dtype == theirs.codes.dtype
    assert list(ours.categories) == list(theirs.categories)
    np.testing.assert_array_equal(ours.codes, theirs.codes)


@pytest.mark.parametrize("categories", [[], ["b", "a"], ["", "x", "é"]])
def test_categories_dtype_is_pandas_dtype(categories: list[str]) -> None:
    ours = _categories_dtype(categories)
    theirs = pd.CategoricalDtype(pd.Index(categories, dtype=object))
    assert ours == theirs
    assert ours.categories.dtype == theirs.categories.dtype == object
    assert ours.ordered is False
    codes = np.arange(len(categories), dtype=np.int8)
    ours_array = pd.Categorical.from_codes(codes, dtype=ours)
    theirs_array = pd.Categorical.from_codes(codes, dtype=theirs)
    assert ours_array.equals(theirs_array)


@pytest.mark.parametrize("values", [[], ["a"], ["x", "", "é", "x"]])
def test_strings_are_typed_as_pandas_infers(values: list[str]) -> None:
    ours = typed_frame({"s": strings(values), "n": np.arange(len(values))})
    theirs = pd.DataFrame({"s": values, "n": np.arange(len(values))})
    assert_frame_equal(ours, theirs, check_exact=True)
    assert ours["s"].dtype == theirs["s"].dtype


STRING_LISTS = [
    ["a"],
    ["", "", ""],
    ["x", "", "é", "x"],
    ["/host:CPU", "\U0001f600", "\uffff", "a\x00b", "日本語"],
    [f"op_{i}" for i in range(3000)],
]


ARROW_STR = getattr(pd.Index(["a"]).dtype, "storage", None) == "pyarrow"
"""Whether this pandas infers Arrow-backed strings for str values (pandas 3); pandas 2 infers object."""


@pytest.mark.skipif(not ARROW_STR, reason="pandas 2 infers object for str: strings() gives the object array there")
@pytest.mark.parametrize("values", STRING_LISTS)
def test_arrow_strings_are_the_array_pandas_makes(values: list[str]) -> None:
    ours, theirs = strings(values), pd.array(values, dtype=pd.Index(["a"]).dtype)
    assert type(ours) is type(theirs) and ours.dtype == theirs.dtype
    assert ours._pa_array.type == theirs._pa_array.type  # type: ignore[attr-defined]
    pd.testing.assert_extension_array_equal(ours, theirs)  # type: ignore[arg-type]
    assert list(ours) == values  # type: ignore[call-overload]


@pytest.mark.parametrize("values", [*STRING_LISTS, []])
def test_string_index_is_pandas_index(values: list[str]) -> None:
    pd.testing.assert_index_equal(string_index(values), pd.Index(values), exact=True)


@pytest.mark.parametrize(
    "runs",
    [
        [],
        [("h", 0)],
        [("vm", 3)],
        [("h1", 2), ("", 1), ("h1", 0), ("hé", 2)],
        [("/host:CPU", 5000), ("/device:TPU:0", 7)],
    ],
)
def test_repeated_strings_are_strings_of_the_expanded_list(runs: list[tuple[str, int]]) -> None:
    expanded = [value for value, k in runs for _ in range(k)]
    ours, theirs = typed_frame({"s": repeated_strings(runs)}), typed_frame({"s": strings(expanded)})
    assert_frame_equal(ours, theirs, check_exact=True)
    assert_frame_equal(ours, pd.DataFrame({"s": expanded}), check_exact=True)


def test_strings_fall_back_to_pandas_for_a_lone_surrogate() -> None:
    values = ["a", "\ud800"]
    if not ARROW_STR:  # pandas 2's object column holds it as it is
        assert strings(values).tolist() == values  # type: ignore[attr-defined]
        assert repeated_strings([(v, 2) for v in values]).tolist() == ["a", "a", "\ud800", "\ud800"]  # type: ignore[attr-defined]
        return
    with pytest.raises(UnicodeEncodeError):
        pd.array(values, dtype=pd.Index(["a"]).dtype)  # pandas refuses it too, with the same error
    with pytest.raises(UnicodeEncodeError):
        strings(values)
    with pytest.raises(UnicodeEncodeError):
        repeated_strings([(v, 2) for v in values])


def test_typed_frame_takes_object_series() -> None:
    lists = pd.Series([[1, 2], []], dtype=object)
    assert_frame_equal(typed_frame({"ids": lists}), pd.DataFrame({"ids": lists}), check_exact=True)


def test_strings_where_pandas_infers_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """pandas 2 (no default string dtype): an object column, as ``pd.DataFrame`` makes it there."""
    monkeypatch.setattr(typed_frame_module, "_inferred_string_dtype", lambda: np.dtype(object))
    column = strings(["a", "b"])
    assert isinstance(column, np.ndarray) and column.dtype == object and column.tolist() == ["a", "b"]


@pytest.mark.parametrize("asks", ["pandas", "no option", "says no"])
def test_inferred_string_dtype_is_what_str_names(asks: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dtype made without pandas' look-up of "str" is the one the name gives (object where pandas infers
    no string dtype); the look-up decides where pandas cannot be asked or says it infers none."""
    looked_up = pd.api.types.pandas_dtype("str")
    expected = looked_up if isinstance(looked_up, pd.StringDtype) else np.dtype(object)
    if asks != "pandas":
        monkeypatch.setattr(typed_frame_module, "_using_string_dtype", None if asks == "no option" else lambda: False)
    made = typed_frame_module._inferred_string_dtype.__wrapped__()
    assert made == expected and type(made) is type(expected)


def test_typed_frame_falls_back_where_pandas_internals_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pandas whose internal constructor takes other arguments gets its public constructor's frame."""

    def other_signature(*args: object, **kwargs: object) -> None:
        raise TypeError("arrays_to_mgr() got an unexpected keyword argument 'consolidate'")

    monkeypatch.setattr(typed_frame_module, "_arrays_to_mgr", other_signature)
    columns = {"a": np.arange(3, dtype=np.int64), "b": pd.array(["x", "y", "z"], dtype="string")}
    assert_frame_equal(typed_frame(columns), pd.DataFrame(columns))


@pytest.mark.parametrize("n", [0, 5, 30000])
def test_zero_columns_are_separate_zeroed_columns(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from nbprof.xspace import frames

    for limit in (frames._LAZY_ZEROS_BYTES, 8):  # small columns share a block; big ones each their own
        monkeypatch.setattr(frames, "_LAZY_ZEROS_BYTES", limit)
        columns = frames._zero_columns(n, 3)
        assert len(columns) == 3
        for k, column in enumerate(columns):
            assert column.shape == (n,) and column.dtype == np.uint64 and column.flags.writeable
            assert not column.any()
            column.view(np.int64)[:] = k + 1
        assert [column.tolist() for column in columns] == [[k + 1] * n for k in range(3)]
        shared = n > 0 and np.shares_memory(columns[0].base, columns[1].base)
        assert shared == (n > 0 and n * 8 < limit)


@pytest.mark.parametrize("values", [[], ["b", "a"], ["", "x", "é", "\U0001f600"]])
@pytest.mark.parametrize("internals", [True, False])
def test_object_index_is_pandas_index(values: list[str], internals: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not internals:  # a pandas without the internal constructor: its public one
        monkeypatch.setattr(typed_frame_module, "_simple_index", None)
    ours, theirs = object_index(values), pd.Index(values, dtype=object)
    pd.testing.assert_index_equal(ours, theirs, exact=True)
    assert ours.dtype == object and ours.name is None and ours.is_unique


@pytest.mark.parametrize("seed", range(6))
def test_metadata_stats_expanded_by_name_at_once_equal_one_expansion_per_name(seed: int) -> None:
    """``_expanded_by_name`` (one ``_expand`` for all promoted names) gives, per name with events,
    what expanding that name's stats alone gives; names without events are left out."""
    from nbprof.xspace import frames, raw
    from nbprof.xspace.stat_values import promoted_rows

    rng = np.random.default_rng(seed)
    n_meta, n_events, n_stats = 12, int(rng.integers(0, 60)), int(rng.integers(1, 40))
    names = {1: ("flops", ""), 2: ("hlo_op", ""), 3: ("not_promoted", ""), 4: ("bytes_accessed", "")}
    stats = raw.RawStats(
        owner=rng.integers(0, n_meta, n_stats),
        metadata_id=rng.integers(1, 5, n_stats),
        kind=np.full(n_stats, raw.KIND_INT64, np.int8),
        int_value=rng.integers(0, 100, n_stats).astype(np.uint64),
        double_value=np.zeros(n_stats),
        obj_value=np.full(n_stats, None, object),
    )
    owner_rows = frames._events_by_metadata_row(rng.integers(-1, n_meta - 2, n_events), n_meta)
    expected = []
    for name, kind, srows in promoted_rows(stats, names):
        ev_rows, at = frames._expand(owner_rows, stats.owner[srows])
        if len(ev_rows):
            expected.append((name, kind, srows, ev_rows, at))
    got = frames._expanded_by_name(owner_rows, stats, names)
    assert [g[:2] for g in got] == [e[:2] for e in expected]
    for g, e in zip(got, expected):
        for a, b in zip(g[2:], e[2:]):
            assert a.dtype == b.dtype and np.array_equal(a, b)


@pytest.mark.parametrize("seed", range(4))
def test_promoted_rows_of_some_names_are_those_of_all_names_kept(seed: int) -> None:
    """``promoted_rows(..., wanted)`` (the narrow events frame's stats) gives the rows ``promoted_rows`` gives
    for those names, in the same order."""
    from nbprof.xspace import raw
    from nbprof.xspace.stat_values import PROMOTED, promoted_rows

    rng = np.random.default_rng(seed)
    n_stats = int(rng.integers(1, 80))
    names = {1: ("flops", ""), 2: ("hlo_op", ""), 3: ("not_promoted", ""), 4: ("bytes_accessed", ""), 5: ("_r", "")}
    stats = raw.RawStats(
        owner=rng.integers(0, 10, n_stats),
        metadata_id=rng.integers(1, 6, n_stats),
        kind=np.full(n_stats, raw.KIND_INT64, np.int8),
        int_value=rng.integers(0, 100, n_stats).astype(np.uint64),
        double_value=np.zeros(n_stats),
        obj_value=np.full(n_stats, None, object),
    )
    wanted = {name: kind for name, kind in PROMOTED.items() if name in ("flops", "_r")}
    everything = promoted_rows(stats, names)
    some = promoted_rows(stats, names, wanted)
    kept = [row for row in everything if row[0] in wanted]
    assert [r[:2] for r in some] == [r[:2] for r in kept] and len(kept) >= 1
    for a, b in zip(some, kept):
        assert np.array_equal(a[2], b[2])


@pytest.mark.parametrize("n_names", [1, 4, 6, 7, 20, 200])
@pytest.mark.parametrize("seed", range(3))
def test_promoted_rows_are_each_names_rows_found_one_by_one(n_names: int, seed: int) -> None:
    """``promoted_rows`` gives each present name's rows as a pass per name finds them (ascending, int64),
    where it finds them that way (up to ``FEW_CODES`` names) and where it sorts (``code_runs``: more,
    including more names than an int8 code holds)."""
    from nbprof.xspace import raw
    from nbprof.xspace.stat_values import FEW_CODES, PROMOTED, code_runs, name_codes, promoted_rows

    rng = np.random.default_rng(seed)
    promoted = list(PROMOTED)
    names = {k: (promoted[k % len(promoted)] if k < len(promoted) else f"other{k}", "") for k in range(n_names)}
    n_stats = int(rng.integers(0, 3000))
    stats = raw.RawStats(
        owner=rng.integers(0, 10, n_stats),
        metadata_id=rng.integers(0, n_names + 2, n_stats),  # ids beyond ``names``: unnamed stats
        kind=np.full(n_stats, raw.KIND_INT64, np.int8),
        int_value=rng.integers(0, 100, n_stats).astype(np.uint64),
        double_value=np.zeros(n_stats),
        obj_value=np.full(n_stats, None, object),
    )
    codes, labels = name_codes(stats, names)
    expected = [
        (label, PROMOTED[label], np.flatnonzero(codes == c)) for c, label in enumerate(labels) if label in PROMOTED
    ]
    got = promoted_rows(stats, names)
    assert [g[:2] for g in got] == [e[:2] for e in expected]
    for g, e in zip(got, expected):
        assert g[2].dtype == np.intp and np.array_equal(g[2], e[2])
    positions, bounds = code_runs(codes, len(labels))
    for c in range(len(labels)):
        assert np.array_equal(positions[bounds[c] : bounds[c + 1]], np.flatnonzero(codes == c))
    if n_names >= 20 and n_stats > 500:
        assert len(expected) > FEW_CODES  # the sorting branch ran


@pytest.mark.parametrize(
    "labels", [("a",), ("start_ps", "end_ps", "name", "é", ""), tuple(f"c{k}" for k in range(300))]
)
def test_column_labels_look_up_as_pandas_own(labels: tuple[str, ...]) -> None:
    """The column Index's look-up table made from the labels (``with_lookup``) answers as the one pandas
    makes on the first look-up."""
    seeded = typed_frame_module.with_lookup(string_index(list(labels)), labels)
    plain = string_index(list(labels))
    assert "_engine" not in plain._cache
    assert type(seeded._engine) is type(plain._engine)
    asked = [*labels, "missing", labels[0]]
    np.testing.assert_array_equal(seeded.get_indexer(asked), plain.get_indexer(asked))
    assert [seeded.get_loc(label) for label in labels] == [plain.get_loc(label) for label in labels]
    with pytest.raises(KeyError):
        seeded.get_loc("missing")
    frame = typed_frame({label: np.arange(3) for label in labels})
    assert frame[labels[-1]].tolist() == [0, 1, 2]
