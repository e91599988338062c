"""The roofline and compare views in a real browser, on real profiles: they fit 700 and 1,300 px output
areas; the roofline draws the device's roofs meeting at the result's ridge point, the ops with FLOPs as
points inside the plot with a hover card of the op's numbers, and says in one sentence what it cannot
draw (ops without FLOP counts, a CPU-only profile); compare draws before/after bars of the
comparison's step times and switches between its op tables."""

from __future__ import annotations

import math

import pytest
from browser_helpers import INJECTION, assert_clean, assert_no_raw_missing, check_fit, fmt_ps
from conftest import set_root_width

import nbprof
from nbprof.widgets.registry import view_for

WIDTHS = (700, 1300)
ROOFLINE_KEYS = {"roofline-table": ["Operation", "Category", "Total time"]}
COMPARE_KEYS = {"compare-ops": ["Operation", "Before (µs)", "After (µs)", "Change (µs)"]}

# Where the chart draws: its plot area (from the clip path), the roofs' ends, the ridge mark, the points.
ROOFLINE_REPORT = """(root) => {
  const svg = root.querySelector('svg[data-testid=roofline-chart]');
  if (!svg) return null;
  const clip = svg.querySelector('clipPath rect');
  const plot = ['x', 'y', 'width', 'height'].map((k) => Number(clip.getAttribute(k)));
  const ends = (testid) => {
    const path = svg.querySelector(`[data-testid=${testid}]`);
    if (!path) return null;
    const n = path.getAttribute('d').match(/-?[0-9.]+(?:e-?[0-9]+)?/g).map(Number);
    return [[n[0], n[1]], [n[2], n[3]]];
  };
  const ridge = svg.querySelector('[data-testid=ridge]');
  return {
    plot, hbm: ends('roof-hbm'), compute: ends('roof-compute'),
    ridge: ridge && { cx: Number(ridge.getAttribute('cx')), cy: Number(ridge.getAttribute('cy')), value: Number(ridge.dataset.ridge) },
    peak: Number(svg.querySelector('[data-testid=roof-compute]')?.dataset.peakGflops),
    xDecades: svg.dataset.xDecades.split(',').map(Number), yDecades: svg.dataset.yDecades.split(',').map(Number),
    points: [...svg.querySelectorAll('[data-testid=roofline-point]')].map((c) => ({ row: Number(c.dataset.row),
      cx: Number(c.getAttribute('cx')), cy: Number(c.getAttribute('cy')), r: Number(c.getAttribute('r')) })),
  };
}"""


def fmt_gflops(gflops: float) -> str:
    """Python twin of js/src/lib/format.js formatGflops."""

    def trim(v: float) -> str:
        return f"{v:.2f}".rstrip("0").rstrip(".")

    if gflops >= 1000:
        return f"{trim(gflops / 1000)} TFLOP/s"
    if 0 < gflops < 1:
        return f"{trim(gflops * 1000)} MFLOP/s"
    return f"{trim(gflops)} GFLOP/s"


def fmt_ms(ms: float) -> str:
    return fmt_ps(ms * 1e9)


def log_position(value: float, decades: list[float], start: float, length: float) -> float:
    """Pixel of ``value`` on a log axis spanning ``decades`` over [start, start + length]."""
    return start + (math.log10(value) - decades[0]) / (decades[1] - decades[0]) * length


def wait_for_charts(page) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('.nbp-chart')].every("
        "(b) => !b.offsetWidth || Math.abs(Number(b.dataset.width) - Math.max(260, b.clientWidth)) <= 1)"
    )


@pytest.mark.parametrize("fixture", ["tpu_v6e", "amd_mi300x_gemm"])
def test_roofs_meet_at_the_ridge_and_ops_are_inside_the_plot(harness_page, load_fixture, screenshot, fixture):
    result = load_fixture(fixture).roofline()
    view = view_for(result)
    page = harness_page(view, width=WIDTHS[0])
    table = result.table
    placeable = table[(table["category"] != "Program") & (table["flop_rate_gflops"] > 0)]
    placeable = placeable[placeable["hbm_operational_intensity"] > 0]
    for width in WIDTHS:
        set_root_width(page, width)
        wait_for_charts(page)
        check_fit(page, "#root", ROOFLINE_KEYS)
        chart = page.locator("#root").evaluate(ROOFLINE_REPORT)
        x, y, w, h = chart["plot"]
        # the roofs: HBM slope up to the ridge, then flat at the peak FLOP rate
        assert chart["peak"] == pytest.approx(result.peak_flop_rate_gflops)
        assert chart["ridge"]["value"] == pytest.approx(result.ridge_point)
        assert chart["hbm"][1] == pytest.approx([chart["ridge"]["cx"], chart["ridge"]["cy"]], abs=0.01)
        assert chart["compute"][0] == pytest.approx([chart["ridge"]["cx"], chart["ridge"]["cy"]], abs=0.01)
        assert chart["ridge"]["cx"] == pytest.approx(log_position(result.ridge_point, chart["xDecades"], x, w), abs=0.5)
        assert chart["ridge"]["cy"] == pytest.approx(
            log_position(result.peak_flop_rate_gflops, chart["yDecades"], y + h, -h), abs=0.5
        )
        assert x < chart["ridge"]["cx"] < x + w and y <= chart["ridge"]["cy"] <= y + h
        # the ops with FLOPs, each at its intensity and rate, inside the plot
        assert sorted(p["row"] for p in chart["points"]) == sorted(placeable["rank"].tolist())
        for point in chart["points"]:
            op = table.iloc[point["row"]]
            assert point["cx"] == pytest.approx(
                log_position(op["hbm_operational_intensity"], chart["xDecades"], x, w), abs=0.5
            )
            assert point["cy"] == pytest.approx(
                log_position(op["flop_rate_gflops"], chart["yDecades"], y + h, -h), abs=0.5
            )
            assert x <= point["cx"] <= x + w and y <= point["cy"] <= y + h
        if len(placeable) == 0:  # GPU ops get FLOPs from XLA's cost analysis: where it is not joined, none
            assert page.inner_text("[data-testid=roofline-note]") == view.payload["chart_note"]
            assert view.payload["chart_note"].startswith("None of the 16 ops carries FLOP counts")
        assert_no_raw_missing(page)
        screenshot(page.locator("#root"), f"roofline-{fixture}-{width}")
    assert_clean(page)


def test_hover_card_shows_the_ops_numbers(harness_page, load_fixture):
    result = load_fixture("tpu_v6e").roofline()
    page = harness_page(view_for(result), width=WIDTHS[1])
    wait_for_charts(page)
    points = page.locator("[data-testid=roofline-point]")
    chart = page.locator("#root").evaluate(ROOFLINE_REPORT)

    def card_of(row: int) -> None:
        op = result.table.iloc[row]
        tip = page.inner_text("[data-testid=tooltip]")
        lines = dict(line.split("\t", 1) for line in tip.splitlines()[1:])
        assert tip.splitlines()[0] == op["name"]
        assert lines["Category"] == op["category"] and lines["Program"] == op["program"]
        assert lines["FLOP rate"] == fmt_gflops(op["flop_rate_gflops"])
        assert lines["HBM intensity"].startswith(f"{op['hbm_operational_intensity']:.4f}".rstrip("0"))
        assert lines["Bound by"] == op["bound_by"]
        assert lines["Time"].startswith(fmt_ps(op["total_time_ps"]))

    for i in range(points.count()):  # the mouse on each point: the card of the point drawn there
        box = points.nth(i).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).dataset.row", [x, y])
        card_of(int(top))  # (three loop fusions sit on one spot: the one drawn on top, listing the others)
        lines = dict(line.split("\t", 1) for line in page.inner_text("[data-testid=tooltip]").splitlines()[1:])
        drawn = {p["row"]: p for p in chart["points"]}
        here = drawn[int(points.nth(i).get_attribute("data-row"))]
        same_spot = result.table.iloc[
            [
                row
                for row, d in drawn.items()
                if row != int(top) and (d["cx"] - here["cx"]) ** 2 + (d["cy"] - here["cy"]) ** 2 <= d["r"] ** 2
            ]
        ]
        also = lines.get("Also here", "")
        assert sorted(filter(None, also.split(", "))) == sorted(same_spot["name"].tolist()), also
    for i in range(points.count()):  # each point by keyboard focus: its own card
        points.nth(i).focus()
        card_of(int(points.nth(i).get_attribute("data-row")))
    # the Program point: the whole profile
    page.locator("[data-testid=roofline-program]").hover(force=True)
    assert page.inner_text("[data-testid=tooltip]").startswith("Program (all ops, the whole profile)")
    # a category filter keeps that category's points
    page.select_option("[data-testid=roofline-category]", "loop fusion")
    assert page.locator("[data-testid=roofline-point]").count() == int(
        (result.table["category"] == "loop fusion").sum()
    )
    assert_clean(page)


def test_cpu_profile_says_why_there_is_no_roofline(harness_page, load_fixture, screenshot):
    result = load_fixture("jax_mlp_train").roofline()
    page = harness_page(view_for(result), width=WIDTHS[0])
    assert page.locator("[data-testid=roofline-chart]").count() == 0
    note = page.inner_text("[data-testid=roofline-note]")
    assert note.startswith("This CPU-only profile gives no peak FLOP rate or memory bandwidth, so there are no roofs")
    assert page.inner_text("[data-testid=roofline-table-count]") == f"{len(result.table)} rows"
    headers = page.eval_on_selector_all("[data-testid=roofline-table] thead th", "ths => ths.map(t => t.textContent)")
    assert [h.rstrip("▲▼") for h in headers] == ["Operation", "Category", "Total time", "Self time (%)", "Program"]
    for width in WIDTHS:
        set_root_width(page, width)
        check_fit(page, "#root", ROOFLINE_KEYS)
        assert_no_raw_missing(page)
        screenshot(page.locator("#root"), f"roofline-cpu-{width}")
    assert_clean(page)


def test_cpu_ops_with_flops_are_drawn_without_roofs(harness_page, load_fixture):
    """Where a CPU profile's ops carry FLOPs (the CPU fixtures' do not: set on three ops here), they are drawn
    by intensity and rate, without roofs, and the sentence says there are no roofs."""
    result = load_fixture("jax_mlp_train").roofline()
    table = result.table.copy()
    rows = table.index[1:4]
    table.loc[rows, "flop_rate_gflops"] = [1.0, 10.0, 50.0]
    table.loc[rows, "hbm_operational_intensity"] = [0.5, 2.0, 8.0]
    result.table = table
    page = harness_page(view_for(result), width=WIDTHS[0])
    chart = page.locator("#root").evaluate(ROOFLINE_REPORT)
    assert chart["hbm"] is None and chart["compute"] is None and chart["ridge"] is None
    assert sorted(p["row"] for p in chart["points"]) == [1, 2, 3]
    x, y, w, h = chart["plot"]
    for point in chart["points"]:
        op = table.iloc[point["row"]]
        assert point["cx"] == pytest.approx(
            log_position(op["hbm_operational_intensity"], chart["xDecades"], x, w), abs=0.5
        )
        assert point["cy"] == pytest.approx(log_position(op["flop_rate_gflops"], chart["yDecades"], y + h, -h), abs=0.5)
    note = page.inner_text("[data-testid=roofline-note]")
    assert note.startswith("This CPU-only profile gives no peak FLOP rate or memory bandwidth, so there are no roofs")
    assert "29 of the 32 ops do no FLOPs" in note
    check_fit(page, "#root", ROOFLINE_KEYS)
    assert_clean(page)


COMPARISONS = {
    "tf": ("tf_custom_loop", "tf_cpu_bfc_memory"),
    "jax": ("jax_mlp_train", "jax_mlp_train_pytrace"),
}


@pytest.mark.parametrize("pair", list(COMPARISONS))
def test_compare_bars_and_tables_are_the_comparison(harness_page, load_fixture, screenshot, pair):
    before, after = (load_fixture(name) for name in COMPARISONS[pair])
    result = nbprof.compare(before, after)
    view = view_for(result)
    page = harness_page(view, width=WIDTHS[0])
    steps = result.step_time.set_index("metric")
    for width in WIDTHS:
        set_root_width(page, width)
        wait_for_charts(page)
        check_fit(page, "#root", COMPARE_KEYS)
        metrics = page.locator("[data-testid=compare-metric]")
        assert metrics.count() == len(view.payload["steps"]["metrics"]) >= 2
        for i in range(metrics.count()):
            metric = metrics.nth(i)
            name = metric.get_attribute("data-metric")
            for side in ("before", "after"):
                value = float(metric.locator(f"[data-side={side}]").get_attribute("data-value"))
                assert value == pytest.approx(steps.loc[name, f"{side}_ms"], rel=1e-6)
        screenshot(page.locator("#root"), f"compare-{pair}-{width}")
    # hover the step time: before, after and the change
    bars = page.locator("[data-testid=compare-metric][data-metric=step_time]")
    box = bars.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tip = page.inner_text("[data-testid=tooltip]")
    s = result.summary
    assert f"Before\t{fmt_ms(s['step_time_ms_before'])}" in tip and f"After\t{fmt_ms(s['step_time_ms_after'])}" in tip
    # the op tables: one at a time, each the comparison's frame
    for key, frame in (("slower", result.slower), ("faster", result.faster), ("new", result.new),
                       ("vanished", result.vanished)):  # fmt: skip
        tab = page.locator(f"[data-testid=compare-tab-{key}]")
        assert tab.inner_text() == f"{key.title()} ({s[f'num_{key}']:,})"
        tab.click()
        assert tab.get_attribute("aria-selected") == "true"
        if len(frame) == 0:
            assert page.locator("[data-testid=compare-ops-empty]").is_visible()
            continue
        names = page.eval_on_selector_all(
            "[data-testid=compare-ops] tbody tr td:first-child", "tds => tds.map(td => td.textContent)"
        )
        assert names == frame["name"].tolist()
        check_fit(page, "#root", COMPARE_KEYS)
        assert_no_raw_missing(page)
    assert_clean(page)


def test_compare_names_show_as_text(harness_page, load_fixture):
    result = nbprof.compare(load_fixture("tf_custom_loop"), load_fixture("tf_cpu_bfc_memory"))
    result.slower = result.slower.assign(name=INJECTION)
    page = harness_page(view_for(result), width=WIDTHS[0])
    names = page.eval_on_selector_all(
        "[data-testid=compare-ops] tbody tr td:first-child", "tds => tds.map(td => td.textContent)"
    )
    assert set(names) == {INJECTION}
    assert_clean(page)
