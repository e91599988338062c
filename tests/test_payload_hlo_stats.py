"""The HLO op stats view's payload: its rows are the result's, its pies add up to the result's self
times, the Program column shows only where op names repeat across programs, and on CPU-only
profiles (where XProf lists nothing) the sentence says the rows are XLA CPU ops."""

from __future__ import annotations

import functools
import json

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURES

import nbprof
from nbprof.widgets.payloads import hlo_stats as payload_module
from nbprof.widgets.payloads._common import MAX_TABLE_ROWS

REFERENCE = FIXTURES.parent / "reference"


@functools.cache
def result_of(fixture: str):
    return nbprof.load(str(FIXTURES / fixture)).hlo_stats()


def rows_of(payload: dict) -> pd.DataFrame:
    t = payload["table"]
    return pd.DataFrame(t["rows"], columns=[c["id"] for c in t["columns"]])


def shown(payload: dict) -> list[str]:
    return [c["id"] for c in payload["table"]["columns"] if not c.get("hidden")]


@pytest.mark.parametrize("fixture", ["amd_mi300x_gemm", "tpu_v6e", "jax_mlp_train"])
def test_rows_are_the_results_rows(fixture):
    result = result_of(fixture)
    payload = payload_module.build(result)
    json.dumps(payload, allow_nan=False)
    rows = rows_of(payload)
    table = result.table
    assert len(rows) == len(table) == payload["table"]["total_rows"]
    assert rows["hlo_op_name"].tolist() == table["hlo_op_name"].tolist()
    assert rows["rank"].tolist() == table["rank"].tolist()
    for column in ("total_self_time_us", "total_self_time_pct", "cumulative_total_self_time_pct", "avg_self_time_us"):
        np.testing.assert_allclose(rows[column].to_numpy(float), table[column].to_numpy(float), rtol=1e-8)
    assert rows["occurrences"].tolist() == table["occurrences"].tolist()
    # the key columns lead, in XProf's order; the rest sit behind the column chooser
    assert shown(payload)[0] == "hlo_op_name"
    key = ["rank", "category", "total_self_time_pct", "cumulative_total_self_time_pct", "occurrences",
           "total_self_time_us", "avg_self_time_us"]  # fmt: skip
    if result.source == "device":  # rates: on the device only
        key[-1:-1] = ["normalized_flop_rate_gflops", "bound_by"]
    assert [c for c in shown(payload) if c in key] == key
    hidden = {c["id"] for c in payload["table"]["columns"] if c.get("hidden")}
    assert {"hlo_op_expression", "tf_op_name", "measured_memory_bw_gibps", "is_rematerialization"} <= hidden
    assert payload["csv_name"] == "hlo_stats.csv"


@pytest.mark.parametrize("fixture", ["amd_mi300x_gemm", "tpu_v6e", "jax_mlp_train"])
def test_pies_add_up_to_the_results_self_time(fixture):
    result = result_of(fixture)
    table = result.table
    pies = {p["id"]: p for p in payload_module.build(result)["pies"]}
    total_us = table["total_self_time_us"].sum()
    for pie in pies.values():
        values = [s["value"] for s in pie["slices"]]
        assert sum(values) == pytest.approx(total_us, rel=1e-9)
        assert sum(s["pct"] for s in pie["slices"]) == pytest.approx(table["total_self_time_pct"].sum(), rel=1e-9)
        assert len(values) <= payload_module.TOP_SLICES + 1 and values[: payload_module.TOP_SLICES] == sorted(
            values[: payload_module.TOP_SLICES], reverse=True
        )
    per_category = table.groupby("category")["total_self_time_us"].sum().sort_values(ascending=False)
    first = pies["category"]["slices"][0]
    assert (first["label"], first["value"]) == (per_category.index[0], pytest.approx(per_category.iloc[0]))
    top_op = pies["op"]["slices"][0]
    assert top_op["label"].startswith(table["hlo_op_name"].iloc[0])
    assert top_op["value"] == pytest.approx(table["total_self_time_us"].iloc[0])
    assert top_op["pct"] == pytest.approx(table["total_self_time_pct"].iloc[0])
    if len(table) > payload_module.TOP_SLICES:
        other = pies["op"]["slices"][-1]
        assert other["label"] == f"Other ({len(table) - payload_module.TOP_SLICES} ops)"


def test_program_column_only_where_names_repeat():
    gemm = payload_module.build(result_of("amd_mi300x_gemm"))  # custom-call.1 in five jit_dot programs
    assert shown(gemm)[:2] == ["hlo_op_name", "program"]
    rows = rows_of(gemm)
    calls = rows[rows["hlo_op_name"] == "custom-call.1"]
    assert calls["program"].nunique() == len(calls) == 5
    labels = [s["label"] for s in gemm["pies"][1]["slices"]]
    assert "custom-call.1 (jit_dot(49))" in labels and "copy.1" in labels  # copy.1: one program, no suffix
    assert "jit_dot(49)" in gemm["advice"]
    tpu = payload_module.build(result_of("tpu_v6e"))  # one program: no Program column
    assert "program" not in shown(tpu) and "program" in [c["id"] for c in tpu["table"]["columns"]]
    assert all("(" not in s["label"] or s["label"].startswith("Other") for s in tpu["pies"][1]["slices"])


def test_the_sentence_matches_xprofs_top_op():
    """On the GEMM profile XProf's first row is the op our sentence names, with the same share."""
    data = json.loads((REFERENCE / "amd_mi300x_gemm" / "hlo_stats.json").read_text())
    ids = [c["id"] for c in data["cols"]]
    first = dict(zip(ids, [c.get("v") if c else None for c in data["rows"][0]["c"]]))
    advice = payload_module.build(result_of("amd_mi300x_gemm"))["advice"]
    assert advice.startswith(f"{first['hlo_op_name']} ({first['category']}, ")
    assert f"{first['total_self_time_percent']:.1f}% of the device's time" in advice


def test_cpu_only_profile_lists_the_xla_cpu_ops_and_says_so():
    result = result_of("jax_mlp_train")
    assert result.source == "host"
    payload = payload_module.build(result)
    assert payload["advice"].startswith("No device in this profile, so XProf lists no HLO ops")
    assert "XLA CPU ops" in payload["advice"] and "of their self time" in payload["advice"]
    assert "XLA CPU ops' self time" in payload["pies"][0]["pct_label"]
    # no rates on CPU: those columns start hidden
    assert "normalized_flop_rate_gflops" not in shown(payload) and "bound_by" not in shown(payload)
    assert any("XLA CPU ops" in n for n in payload["notes"])


@pytest.mark.parametrize("fixture", ["gpu_v100", "tf_keras_fit"])
def test_no_xla_ops_is_not_available(fixture):
    payload = payload_module.build(result_of(fixture))
    assert payload["available"] is False and "no XLA ops" in payload["reason"]


def test_big_tables_are_cut_but_pies_use_every_row():
    result = result_of("tpu_v6e")
    table = result.table
    big = pd.concat([table] * (MAX_TABLE_ROWS // len(table) + 2), ignore_index=True)
    big["hlo_op_name"] = [f"op.{i}" for i in range(len(big))]
    big["program"] = "p(1)"
    payload = payload_module.build(type(result)(**{**result.__dict__, "table": big}))
    assert len(payload["table"]["rows"]) == MAX_TABLE_ROWS and payload["table"]["total_rows"] == len(big)
    assert payload["notes"][0].startswith(f"Showing the first {MAX_TABLE_ROWS:,} of {len(big):,} ops")
    assert sum(s["value"] for s in payload["pies"][1]["slices"]) == pytest.approx(big["total_self_time_us"].sum())
