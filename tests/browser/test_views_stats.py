"""Framework op stats and kernel stats views in a real browser: sort, filter, idle toggle, CSV, pies."""

from __future__ import annotations

import dataclasses
import io

import pandas as pd
import pytest
from browser_helpers import INJECTION, assert_clean

from nbprof.widgets.registry import view_for

FORMULA = '=HYPERLINK("http://x","y")'


def first_column_values(page, testid: str, column_label: str) -> list[str]:
    idx = page.eval_on_selector_all(
        f"[data-testid={testid}] thead th",
        f"ths => ths.findIndex(th => th.textContent.replace(/[▲▼]/g, '') === {column_label!r})",
    )
    assert idx >= 0, column_label
    return page.eval_on_selector_all(
        f"[data-testid={testid}] tbody tr", f"trs => trs.map(tr => tr.children[{idx}].textContent)"
    )


def download_csv(page, testid: str) -> pd.DataFrame:
    with page.expect_download() as info:
        page.click(f"[data-testid={testid}-csv]")
    return pd.read_csv(io.StringIO(open(info.value.path(), encoding="utf-8").read()), keep_default_na=False)


def hover_slice(page, path) -> None:
    """Move the mouse onto a point inside a pie slice (its bounding box centre may be another slice)."""
    box = path.evaluate(
        "p => { const r = p.ownerSVGElement.getBoundingClientRect(); "
        "return [r.left + +p.dataset.anchorX, r.top + +p.dataset.anchorY]; }"
    )
    page.mouse.move(*box)


@pytest.fixture(scope="module")
def op_stats(load_fixture):
    return load_fixture("gpu_v100").framework_op_stats()


@pytest.fixture(scope="module")
def op_table(op_stats):
    return op_stats.table


def test_framework_op_stats_table_sort_filter_csv(harness_page, op_stats, op_table, screenshot):
    page = harness_page(view_for(op_stats))
    assert page.inner_text("[data-testid=op-stats-count]") == f"showing 200 of {len(op_table)} rows"
    # default order: total self time, largest first
    top = op_table.sort_values("total_self_time_us", ascending=False, kind="stable").iloc[0]
    assert first_column_values(page, "op-stats", "Operation")[0] == top["name"]

    # click a header: sorted by occurrences, largest first; aria-sort says so
    page.click("[data-testid=op-stats] th[data-col=occurrences] button")
    assert page.get_attribute("[data-testid=op-stats] th[data-col=occurrences]", "aria-sort") == "descending"
    shown = [int(v.replace(",", "")) for v in first_column_values(page, "op-stats", "Occurrences")]
    assert shown == sorted(op_table["occurrences"], reverse=True)[:200]

    # keyboard: focus the Operation header and press Enter -> sorted by name, ascending
    page.focus("[data-testid=op-stats] th[data-col=name] button")
    page.keyboard.press("Enter")
    assert page.get_attribute("[data-testid=op-stats] th[data-col=name]", "aria-sort") == "ascending"

    # the CSV has exactly the table's rows (all of them, not only the 200 drawn)
    csv = download_csv(page, "op-stats")
    assert len(csv) == len(op_table)
    assert sorted(csv["Operation"].astype(str)) == sorted(op_table["name"].astype(str))
    merged = csv.merge(
        op_table, left_on=["Host/device", "Type", "Operation"], right_on=["host_or_device", "type", "name"]
    )
    assert len(merged) == len(op_table)
    assert merged["Total self-time (µs)"].to_numpy() == pytest.approx(merged["total_self_time_us"].to_numpy(), rel=1e-8)

    # filter by name: the table and its CSV keep the matching rows only
    needle = "iterator::"
    page.fill("[data-testid=op-stats-filter]", needle)
    expected = op_table[op_table["name"].astype(str).str.lower().str.contains(needle, regex=False)]
    assert page.inner_text("[data-testid=op-stats-count]").endswith(f"{len(expected)} rows")
    assert len(download_csv(page, "op-stats")) == len(expected)
    page.fill("[data-testid=op-stats-filter]", "")
    screenshot(page, "view-framework_op_stats", full_page=True)
    assert_clean(page)


def test_framework_op_stats_idle_toggle_matches_analysis(harness_page, op_stats, load_fixture):
    no_idle = load_fixture("gpu_v100").framework_op_stats(include_idle=False).table
    page = harness_page(view_for(op_stats))
    assert page.locator(".nbp-pie").count() == 4  # host/device x op/type
    page.uncheck("[data-testid=include-idle]")
    csv = download_csv(page, "op-stats")
    assert "IDLE" not in set(csv["Type"])
    assert len(csv) == len(no_idle)
    merged = csv.merge(
        no_idle, left_on=["Host/device", "Type", "Operation"], right_on=["host_or_device", "type", "name"]
    )
    assert len(merged) == len(no_idle)
    # percentages are recomputed without idle time, as the analysis does with include_idle=False
    assert (merged["Host self-time (%)"] - merged["host_self_time_pct"]).abs().max() < 1e-6
    assert (merged["Device self-time (%)"] - merged["device_self_time_pct"]).abs().max() < 1e-6
    # and so are the cumulative ones
    assert (merged["Host cumulative (%)"] - merged["host_cumulative_self_time_pct"]).abs().max() < 1e-6
    assert (merged["Device cumulative (%)"] - merged["device_cumulative_self_time_pct"]).abs().max() < 1e-6
    page.check("[data-testid=include-idle]")
    assert "IDLE" in set(download_csv(page, "op-stats")["Type"])


def test_framework_op_stats_hover_and_injection(harness_page, op_stats):
    table = op_stats.table.head(50).copy()
    table.iloc[0, table.columns.get_loc("name")] = INJECTION
    table.iloc[1, table.columns.get_loc("name")] = FORMULA
    hacked = dataclasses.replace(op_stats, table=table)
    page = harness_page(view_for(hacked))
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    assert INJECTION in first_column_values(page, "op-stats", "Operation")
    # hover a pie slice: the card names the slice and its share
    slice_ = page.locator("[data-testid=pie-host-op] path").first
    hover_slice(page, slice_)
    tip = page.locator("[data-testid=tooltip]")
    assert tip.is_visible()
    assert slice_.get_attribute("data-label") in tip.inner_text()
    assert "Share" in tip.inner_text()
    assert dialogs == []
    # the exported CSV keeps the names as text: a cell that would be a formula starts with '
    names = set(download_csv(page, "op-stats")["Operation"])
    assert INJECTION in names and "'" + FORMULA in names and FORMULA not in names
    assert_clean(page)


def test_kernel_stats_pie_table_filter(harness_page, load_fixture, screenshot):
    result = load_fixture("gpu_v100").kernel_stats()
    kernels = result.table
    assert len(kernels) > 0
    page = harness_page(view_for(result))
    assert page.inner_text("[data-testid=kernels-count]").endswith(f"{len(kernels)} rows")
    top = kernels.sort_values("total_duration_us", ascending=False, kind="stable").iloc[0]
    assert first_column_values(page, "kernels", "Kernel name")[0] == top["kernel_name"]
    # the pie's largest slice is the kernel with the largest total time (summed over its ops)
    by_kernel = kernels.groupby("kernel_name", observed=True)["total_duration_us"].sum().sort_values(ascending=False)
    assert page.get_attribute("[data-testid=pie-kernels] path >> nth=0", "data-label") == by_kernel.index[0]
    needle = str(top["kernel_name"])[:12]
    page.fill("[data-testid=kernels-filter]", needle)
    expected = kernels["kernel_name"].astype(str).str.lower().str.contains(needle.lower(), regex=False).sum()
    assert page.inner_text("[data-testid=kernels-count]").endswith(f"{expected} rows")
    csv = download_csv(page, "kernels")
    assert len(csv) == expected
    screenshot(page, "view-kernel_stats", full_page=True)
    assert_clean(page)


def test_largest_table_view_draws(harness_page, op_stats, op_table, timings):
    """The biggest payload of the fixtures (4,894 ops) draws; its time is recorded, not asserted."""
    page = harness_page(view_for(op_stats))
    ms = page.evaluate(
        "async () => { const t = performance.now(); await window.mountWidget(window.__model.state);"
        " return performance.now() - t; }"
    )
    timings["framework_op_stats_4894_rows_draw"] = ms / 1000
    assert page.inner_text("[data-testid=op-stats-count]").endswith(f"{len(op_table)} rows")
