"""Every view fits a notebook's output area, 700 px and 1,300 px wide, on real profiles (static harness).

For each tool: nothing sticks out of the output area except inside a table's own scroller; the key
columns are visible without scrolling and the first column stays put when the table scrolls; every
shortened name is complete on hover (title) and when copied; every chart is drawn inside its box and
fills it, also after the output area is resized; the app's tab row stays one row.
"""

from __future__ import annotations

import pytest
from browser_helpers import assert_clean, check_fit, choose_tool
from conftest import set_root_width

from nbprof.widgets.app import ProfileApp
from nbprof.widgets.registry import view_for

WIDTHS = (700, 1300)

# (fixture, Profile method) -> {table data-testid: key column labels}
CASES = {
    ("gpu_v100", "overview"): {"top-ops": ["Operation", "Time (%)", "Cumulative time (%)"]},
    ("tpu_v6e", "overview"): {"top-ops": ["Operation", "Time (%)", "Cumulative time (%)"]},
    ("tf_cpu_bfc_memory", "input_pipeline"): {"input-ops": ["Input op", "Self time (ms)", "Self time (%)"]},
    ("tf_keras_fit", "tf_data_bottleneck"): {"pipelines": ["Input pipeline", "Root iterator", "Max latency (µs)"]},
    ("gpu_v100", "framework_op_stats"): {"op-stats": ["Operation", "Total self-time (µs)", "Host self-time (%)"]},
    ("tpu_v6e", "op_profile"): {"op-tree": ["Name", "Time %", "Time"]},
    ("gpu_v100", "kernel_stats"): {"kernels": ["Kernel name", "Total duration (µs)", "Occurrences"]},
    ("gpu_v100", "memory_profile"): {"memory-breakdown": ["Op name", "Allocation size", "Requested size"]},
    ("jax_two_hosts", "pod_viewer"): {},
    # JAX on an H100: a command buffer as the top op; cuDNN kernel names of 150 characters; GPU allocators
    ("jax_gpu_train", "overview"): {"top-ops": ["Operation", "Time (%)", "Cumulative time (%)"]},
    ("flax_cnn_gpu", "kernel_stats"): {"kernels": ["Kernel name", "Total duration (µs)", "Occurrences"]},
    ("flax_cnn_gpu", "op_profile"): {"op-tree": ["Name", "Time %", "Time"]},
    ("jax_gpu_kernels", "memory_profile"): {"memory-breakdown": ["Op name", "Allocation size", "Requested size"]},
}


def wait_for_charts(page) -> None:
    """Charts redraw on the next frame after their box changes width: wait until every one has."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.nbp-chart')].every("
        "(b) => !b.offsetWidth || Math.abs(Number(b.dataset.width) - Math.max(260, b.clientWidth)) <= 1)"
    )


@pytest.mark.parametrize(("fixture", "method"), list(CASES), ids=[f"{f}-{m}" for f, m in CASES])
def test_view_fits_700_and_1300(harness_page, load_fixture, screenshot, fixture, method):
    result = getattr(load_fixture(fixture), method)()
    page = harness_page(view_for(result), width=WIDTHS[0])
    if method == "op_profile":  # open the largest category: long op names and the details card
        page.locator("[data-testid=op-row][data-level='1'] [data-testid=expander]").first.click()
    for width in WIDTHS:
        set_root_width(page, width)
        wait_for_charts(page)
        report = check_fit(page, "#root", CASES[(fixture, method)])
        assert report["width"] == width
        screenshot(page.locator("#root"), f"fit-{fixture}-{method}-{width}")
    assert_clean(page)


@pytest.mark.parametrize("fixture", ["gpu_v100", "tf_keras_fit"])
def test_app_tab_row_never_wraps(harness_page, load_fixture, fixture):
    app = ProfileApp(load_fixture(fixture))
    page = harness_page(app.view, width=WIDTHS[0])
    tabs = "[data-testid=tabs]"
    for width in (600, *WIDTHS):
        set_root_width(page, width)
        page.wait_for_function(  # the row has been fitted to its new width
            "(w) => { const t = document.querySelector('[data-testid=tabs]');"
            " return t.clientWidth > w - 20 && Number(t.dataset.fitWidth) === t.clientWidth; }",
            arg=width,
        )
        tops = page.eval_on_selector_all(
            f"{tabs} [role=tab]", "ts => ts.filter(t => t.offsetWidth > 0).map(t => t.offsetTop)"
        )
        assert len(set(tops)) == 1 and len(tops) >= 3  # one row
        hidden = page.get_attribute(tabs, "data-hidden-tabs")
        more = page.locator("[data-testid=tab-more]")
        assert more.is_visible() == bool(hidden)
        if hidden:  # the others are one choice away, and choosing one shows its tab in the row
            choice = hidden.split(",")[-1]
            choose_tool(page, choice)
            assert page.locator(f"[data-testid=tab-{choice}]").is_visible()
        check_fit(page, "#root")
    assert_clean(page)
