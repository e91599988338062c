"""HLO op stats view in a real browser, on real profiles (AMD MI300X GEMM, TPU v6e, JAX on CPU), at
700 and 1,300 px: it fits its output area, the key columns show, names are complete on hover, the pies
stay inside their box and their hover card gives the result's numbers, filter and CSV hold exactly
the table's rows, and the Program column shows only where op names repeat across programs."""

from __future__ import annotations

import io

import pandas as pd
import pytest
from browser_helpers import assert_clean, assert_no_raw_missing, check_fit, choose_tool, column_texts
from conftest import set_root_width

from nbprof.widgets.app import ProfileApp
from nbprof.widgets.registry import view_for

WIDTHS = (700, 1300)
FIXTURES = ["amd_mi300x_gemm", "tpu_v6e", "jax_mlp_train"]
KEY_COLUMNS = ["HLO op", "Rank", "Category", "Self time (%)", "Cumulative (%)", "Occurrences"]


def download_csv(page, testid: str) -> pd.DataFrame:
    with page.expect_download() as info:
        page.click(f"[data-testid={testid}-csv]")
    return pd.read_csv(io.StringIO(open(info.value.path(), encoding="utf-8").read()), keep_default_na=False)


def pie_boxes_inside(page) -> list[bool]:
    """Per pie: its drawing and its legend lie inside the pie's box and the box inside the output area."""
    return page.evaluate(
        """() => { const root = document.getElementById('root').getBoundingClientRect();
        return [...document.querySelectorAll('.nbp-pie')].map((pie) => {
          const b = pie.getBoundingClientRect();
          const inside = (e) => { const r = e.getBoundingClientRect();
            return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; };
          return b.left >= root.left - 1 && b.right <= root.right + 1 && inside(pie.querySelector('svg'))
            && inside(pie.querySelector('.nbp-legend')); }); }"""
    )


def hover_slice(page, path) -> None:
    """Move the mouse onto a point inside a pie slice."""
    xy = path.evaluate(
        "p => { const r = p.ownerSVGElement.getBoundingClientRect(); "
        "return [r.left + +p.dataset.anchorX, r.top + +p.dataset.anchorY]; }"
    )
    page.mouse.move(*xy)


@pytest.mark.parametrize("fixture", FIXTURES)
def test_hlo_stats_fits_700_and_1300(harness_page, load_fixture, screenshot, fixture):
    result = load_fixture(fixture).hlo_stats()
    page = harness_page(view_for(result), width=WIDTHS[0])
    # op names that repeat across programs (the GEMM: custom-call.1 in five jit_dot programs)
    repeats = bool(result.table.groupby("hlo_op_name")["program"].nunique().max() > 1)
    assert repeats is (fixture != "tpu_v6e")
    keys = KEY_COLUMNS[:1] + (["Program"] if repeats else []) + KEY_COLUMNS[1:]
    keys.append("Total self time (µs)")
    if result.source == "device":  # (CPU ops have no rates: those columns start hidden)
        keys += ["GFLOP/s", "Bound by"]
    # 700 px: the op (and its program), rank, category and share without scrolling; 1,300 px: every key column
    narrow = keys[: 5 if repeats else 4]
    for width in WIDTHS:
        set_root_width(page, width)
        report = check_fit(page, "#root", {"hlo-ops": narrow if width == WIDTHS[0] else keys})
        assert report["width"] == width
        assert all(pie_boxes_inside(page)) and len(pie_boxes_inside(page)) == 2
        screenshot(page.locator("#root"), f"fit-{fixture}-hlo_stats-{width}")
    headers = page.eval_on_selector_all("[data-testid=hlo-ops] thead th", "ths => ths.map(t => t.dataset.col)")
    assert ("program" in headers) is repeats
    # names complete on hover: every op-name cell's title is the result's full name
    titles = page.eval_on_selector_all(
        "[data-testid=hlo-ops] tbody td:first-child", "tds => tds.map(td => td.getAttribute('title'))"
    )
    assert titles == result.table["hlo_op_name"].astype(str).tolist()
    advice = page.inner_text("[data-testid=advice]")
    if result.source == "host":
        assert advice.startswith("No device in this profile, so XProf lists no HLO ops")
    assert_no_raw_missing(page)
    assert_clean(page)


@pytest.mark.parametrize("fixture", ["amd_mi300x_gemm", "jax_mlp_train"])
def test_hlo_stats_pie_cards_filter_and_csv(harness_page, load_fixture, fixture):
    result = load_fixture(fixture).hlo_stats()
    table = result.table
    page = harness_page(view_for(result), width=WIDTHS[0])
    # the op pie's largest slice is the result's first op; its card gives the op's self time and share
    first = page.locator("[data-testid=pie-op] path").first
    op = table.iloc[0]
    assert first.get_attribute("data-label").startswith(op["hlo_op_name"])
    assert float(first.get_attribute("data-value")) == pytest.approx(op["total_self_time_us"], rel=1e-6)
    hover_slice(page, first)
    tip = page.locator("[data-testid=tooltip]")
    assert tip.is_visible()
    text = tip.inner_text()
    assert first.get_attribute("data-label") in text
    share = "Share of the XLA CPU ops' self time" if result.source == "host" else "Share of the device's time"
    assert share in text and f"{op['total_self_time_pct']:.2f}%" in text
    # the category pie: per category, the sum of its ops' self time
    per_category = table.groupby("category")["total_self_time_us"].sum()
    slices = page.eval_on_selector_all(
        "[data-testid=pie-category] path", "ps => ps.map(p => [p.dataset.label, +p.dataset.value])"
    )
    assert {k: pytest.approx(v, rel=1e-6) for k, v in slices} == per_category[per_category > 0].to_dict()

    # the table: every op in rank order; the CSV has exactly its rows, every column
    assert page.inner_text("[data-testid=hlo-ops-count]") == f"{len(table)} rows"
    assert column_texts(page, "hlo-ops", "Rank") == [str(r) for r in table["rank"]]
    csv = download_csv(page, "hlo-ops")
    assert csv["HLO op"].tolist() == table["hlo_op_name"].tolist()
    assert csv["Program"].tolist() == table["program"].tolist()
    assert csv["Total self time (µs)"].to_numpy() == pytest.approx(table["total_self_time_us"].to_numpy(), rel=1e-8)
    assert "Framework op" in csv.columns and "HLO op text" in csv.columns  # hidden columns are exported too

    # filter by op name: the table and its CSV keep the matching rows only
    needle = "fusion" if fixture == "jax_mlp_train" else "custom-call"
    page.fill("[data-testid=hlo-ops-filter]", needle)
    expected = table[table["hlo_op_name"].str.lower().str.contains(needle, regex=False)]
    assert 0 < len(expected) < len(table)
    assert page.inner_text("[data-testid=hlo-ops-count]") == f"{len(expected)} rows"
    filtered = download_csv(page, "hlo-ops")
    assert filtered["HLO op"].tolist() == expected["hlo_op_name"].tolist()
    assert filtered["Program"].tolist() == expected["program"].tolist()
    assert_clean(page)


def test_hlo_stats_is_an_app_tab_after_op_profile(harness_page, load_fixture):
    app = ProfileApp(load_fixture("tpu_v6e"))
    page = harness_page(app.view, width=WIDTHS[1])
    tabs = page.eval_on_selector_all("[data-testid=tabs] [data-tool]", "bs => bs.map(b => b.dataset.tool)")
    assert tabs.index("hlo_stats") == tabs.index("op_profile") + 1
    choose_tool(page, "hlo_stats")
    assert page.evaluate("window.__model.saved.at(-1)") == {"tool": "hlo_stats"}
    app.tool = "hlo_stats"  # what the kernel does when the change arrives
    page.evaluate("(p) => window.__model.kernelSet('payload', p)", app.view.payload)
    page.wait_for_selector("[data-testid=hlo-ops]")
    assert column_texts(page, "hlo-ops", "HLO op")[0] == load_fixture("tpu_v6e").hlo_stats().table["hlo_op_name"][0]
    assert_clean(page)
