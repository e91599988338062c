"""The memory viewer in a real browser, on real profiles (JAX MLP and Flax CNN on CPU, JAX on TPU v6e):
it fits 700 and 1,300 px output areas, marks the peak where the result's peak is, shows the hovered
buffer's numbers from the result's frames with its lifetime over the memory chart, and its module selector
goes to the kernel and back (static harness playing the kernel with the real Python handler; the app in
JupyterLab with a real kernel)."""

from __future__ import annotations

import pytest
from browser_helpers import INJECTION, assert_clean, assert_no_raw_missing, check_fit, choose_tool, fmt_bytes
from conftest import FIXTURES, open_notebook, run_cell, set_root_width, write_notebook

import nbprof
from nbprof.widgets._base import esm_path
from nbprof.widgets.html_export import export_state
from nbprof.widgets.registry import view_for

WIDTHS = (700, 1300)
FIXTURES_WITH_HLO = ("jax_mlp_train", "tpu_v6e", "flax_cnn_train")
TABLE_KEYS = {"mv-buffers": ["Buffer", "Size", "Allocation type"]}

# The peak mark, and the vertices of the top edge of the memory chart's stacked areas (the last series'
# path starts with its top edge, one vertex per step end: two per program point).
PEAK_REPORT = """(root) => {
  const mark = root.querySelector('[data-testid=mv-peak]');
  const dot = mark.querySelector('[data-testid=mv-peak-dot]');
  const svg = root.querySelector('svg[data-testid=mv-heap]');
  const paths = [...svg.querySelectorAll('path[data-series]')];
  const numbers = paths[paths.length - 1].getAttribute('d').match(/-?[0-9.]+(?:e-?[0-9]+)?/g).map(Number);
  const vertices = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) vertices.push([numbers[i], numbers[i + 1]]);
  return { position: Number(mark.dataset.position), bytes: Number(mark.dataset.bytes),
    cx: Number(dot.getAttribute('cx')), cy: Number(dot.getAttribute('cy')), vertices };
}"""


def card_rows(page) -> dict[str, str]:
    """The buffer card's rows, label -> value."""
    rows = page.eval_on_selector_all(
        "[data-testid=mv-buffer-card] tr", "trs => trs.map(tr => [...tr.children].map(td => td.textContent))"
    )
    return {label: value for label, value in rows}


def wait_for_charts(page) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('.nbp-chart')].every("
        "(b) => !b.offsetWidth || Math.abs(Number(b.dataset.width) - Math.max(260, b.clientWidth)) <= 1)"
    )


@pytest.mark.parametrize("fixture", FIXTURES_WITH_HLO)
def test_memory_viewer_fits_and_marks_the_peak(harness_page, load_fixture, screenshot, fixture):
    result = load_fixture(fixture).memory_viewer()
    view = view_for(result)
    page = harness_page(view, width=WIDTHS[0])
    s = result.summary
    heap = view.payload["heap"]
    for width in WIDTHS:
        set_root_width(page, width)
        wait_for_charts(page)
        report = check_fit(page, "#root", TABLE_KEYS)
        assert report["width"] == width and len(report["charts"]) == 3  # memory, buffers, allocation timeline
        peak = page.locator("#root").evaluate(PEAK_REPORT)
        assert (peak["position"], peak["bytes"]) == (s["peak_position"], s["peak_bytes"])
        top = peak["vertices"][: 2 * len(heap["position"])]
        at = heap["position"].index(s["peak_position"])
        x, y = top[2 * at]  # the curve at the peak's program point ...
        assert abs(x - peak["cx"]) < 0.5 and abs(y - peak["cy"]) < 0.5
        assert abs(min(v[1] for v in top) - peak["cy"]) < 0.5  # ... is its highest point
        label = page.locator("[data-testid=mv-peak-label]").text_content()
        assert label == f"peak {fmt_bytes(s['peak_bytes'])} at point {s['peak_position']}"
        assert page.inner_text("[data-testid=mv-summary-peak_bytes]") == fmt_bytes(s["peak_bytes"])
        assert page.inner_text("[data-testid=mv-summary-peak_position]") == str(s["peak_position"])
        assert_no_raw_missing(page)
        screenshot(page.locator("#root"), f"memory_viewer-{fixture}-{width}")
    assert_clean(page)


@pytest.mark.parametrize("fixture", ["jax_mlp_train", "flax_cnn_train"])
def test_hovered_buffer_card_and_lifetime_are_the_results(harness_page, load_fixture, fixture):
    result = load_fixture(fixture).memory_viewer()
    view = view_for(result)
    page = harness_page(view, width=WIDTHS[1])
    wait_for_charts(page)
    blocks = result.buffer_blocks.set_index("logical_buffer_id")
    by_size = result.buffers_by_size
    strip = "[data-testid=mv-buffer][data-order=size]"
    assert page.locator(strip).count() == len(by_size)
    for rank in (0, 1, len(by_size) // 2):
        segment = page.locator(strip).nth(rank)
        box = segment.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        row = by_size.iloc[rank]
        assert page.inner_text("[data-testid=mv-card-name]") == str(row["name"])
        rows = card_rows(page)
        assert rows["Size"] == fmt_bytes(row["size_bytes"])  # no padding in these CPU profiles
        assert rows["Shape"] == str(row["shape"]) and rows["Allocation type"] == str(row["allocation_type"])
        assert rows.get("Framework op", "") == str(row["tf_op"])
        assert rows["HLO opcode"] == str(row["opcode"])
        lifetime = page.locator("[data-testid=mv-lifetime]")
        if row["category"] == "temporary":  # its block in the allocation timeline
            start, end = blocks.loc[row["logical_buffer_id"], ["start_step", "end_step"]]
            assert rows["Lives"] == f"program points {start}–{end}"
        else:  # arguments and outputs live throughout
            start, end = 0, len(result.heap_timeline) - 1
            assert rows["Lives"] == f"the whole program (points {start}–{end})"
        assert (int(lifetime.get_attribute("data-start")), int(lifetime.get_attribute("data-end"))) == (start, end)
        # drawn over the memory chart from its first to its last program point
        vertices = page.locator("#root").evaluate(PEAK_REPORT)["vertices"]
        left = float(lifetime.get_attribute("x"))
        assert abs(left - vertices[2 * start][0]) < 0.5
    # a table row shows its buffer in a floating card, and its lifetime
    row = page.locator("[data-testid=mv-buffers] tbody tr").nth(2)
    row.hover()
    name = row.locator("td").first.text_content()
    buffer = result.buffers[result.buffers["name"] == name].iloc[0]
    tip = page.inner_text("[data-testid=tooltip]")
    assert tip.startswith(name) and f"Size\t{fmt_bytes(buffer['size_bytes'])}" in tip
    index = int(page.get_attribute("[data-testid=mv-lifetime]", "data-index"))
    assert view.payload["buffers"]["name"][index] == name
    assert_clean(page)


def test_module_selector_goes_to_the_kernel_and_back(harness_page, load_fixture, screenshot):
    prof = load_fixture("flax_cnn_train")
    view = view_for(prof.memory_viewer())
    page = harness_page(view, width=WIDTHS[0])

    def choose(module: str) -> dict:
        """Choose ``module``; the kernel (the view's real handler) answers; returns the request sent."""
        page.select_option("[data-testid=mv-module]", module)
        assert page.inner_text("[data-testid=mv-status]") == f"Computing module {module}…"
        sent = page.evaluate("window.__model.sent.at(-1).content")
        view._on_message(view, sent, [])
        page.evaluate("(p) => window.__model.kernelSet('payload', p)", view.payload)
        assert page.eval_on_selector("[data-testid=mv-module]", "s => s.value") == module
        return sent

    sent = choose("jit_conv_general_dilated(40)")  # a module without a heap simulation says so
    assert sent["kind"] == "select" and sent["module"] == "jit_conv_general_dilated(40)" and sent["id"]
    assert "no heap simulation in this module" in page.inner_text("#root")
    other = "jit__truncated_normal(54)"
    choose(other)
    expected = prof.memory_viewer(module=other).summary
    assert page.inner_text("[data-testid=mv-summary-peak_bytes]") == fmt_bytes(expected["peak_bytes"])
    assert page.get_attribute("[data-testid=mv-peak]", "data-position") == str(expected["peak_position"])
    check_fit(page, "#root", TABLE_KEYS)
    # a module the kernel cannot serve: the view says why and keeps what it shows
    view._on_message(view, {"kind": "select", "module": INJECTION}, [])
    page.evaluate("(p) => window.__model.kernelSet('payload', p)", view.payload)
    error = page.inner_text("[data-testid=mv-request-error]")
    assert error.startswith("no HLO module '<img src=x onerror=alert(1)>'")
    assert page.inner_text("[data-testid=mv-summary-peak_bytes]") == fmt_bytes(expected["peak_bytes"])
    assert_no_raw_missing(page)
    screenshot(page.locator("#root"), "memory_viewer-module-error")
    assert_clean(page)


def test_no_reply_from_the_kernel_says_so_and_retries(page, harness_page, load_fixture):
    """A request the kernel never answers: after 30 s (the page's clock, run forward) the view says so and
    its Retry asks again."""
    page.clock.install()
    view = view_for(load_fixture("jax_mlp_train").memory_viewer())
    harness_page(view, width=WIDTHS[0])
    page.select_option("[data-testid=mv-module]", "jit_multiply(12)")
    page.clock.run_for(29_000)
    assert page.inner_text("[data-testid=mv-status]") == "Computing module jit_multiply(12)…"
    page.clock.run_for(2_000)
    assert page.inner_text("[data-testid=mv-status]") == "No answer from the kernel in 30 s (is it running?) Retry"
    page.click("[data-testid=mv-retry]")
    sent = page.evaluate("window.__model.sent.map((m) => m.content)")
    assert [m["module"] for m in sent] == ["jit_multiply(12)", "jit_multiply(12)"] and sent[0]["id"] != sent[1]["id"]
    view._on_message(view, sent[1], [])  # answered at last
    page.evaluate("(p) => window.__model.kernelSet('payload', p)", view.payload)
    assert page.eval_on_selector("[data-testid=mv-module]", "s => s.value") == "jit_multiply(12)"
    page.clock.run_for(31_000)  # the first request's timer finds the view redrawn: nothing more is said
    assert page.inner_text("[data-testid=mv-status]") == ""
    assert_clean(page)


def test_profile_text_shows_as_text(harness_page, load_fixture):
    result = load_fixture("jax_mlp_train").memory_viewer()
    result.buffers = result.buffers.assign(name=INJECTION, tf_op=INJECTION, shape=INJECTION)
    result.buffer_blocks = result.buffer_blocks.assign(name=INJECTION)
    page = harness_page(view_for(result), width=WIDTHS[0])
    page.locator("[data-testid=mv-buffer]").first.hover()
    assert page.inner_text("[data-testid=mv-card-name]") == INJECTION
    assert card_rows(page)["Shape"] == INJECTION
    cells = page.eval_on_selector_all(
        "[data-testid=mv-buffers] tbody tr", "trs => trs.map(t => t.children[0].textContent)"
    )
    assert set(cells) == {INJECTION}
    assert_clean(page)


def test_a_static_export_says_another_module_needs_a_kernel(harness_page, load_fixture):
    prof = load_fixture("jax_mlp_train")
    page = harness_page(esm=esm_path("app").read_text(), state=export_state(prof, tools=["memory_viewer"]))
    choose_tool(page, "memory_viewer")
    page.select_option("[data-testid=mv-module]", "jit_multiply(12)")
    status = page.inner_text("[data-testid=mv-status]")
    assert (
        status
        == 'This page has no kernel to compute another module: in a notebook, run prof.memory_viewer(module="jit_multiply(12)").'
    )
    assert page.eval_on_selector("[data-testid=mv-module]", "s => s.value") == "jit_train_step(30)"
    assert page.evaluate("window.__model.sent.length") == 0
    assert_clean(page)


def test_memory_viewer_tab_in_jupyterlab_asks_the_kernel(page, jupyter_server, screenshot):
    """The app in a real JupyterLab: the Memory viewer tab, then another module chosen in its selector is
    computed by the kernel and shown, at 700 and 1,300 px."""
    from test_jupyterlab import set_output_width

    server = jupyter_server("jupyterlab")
    write_notebook(
        server.root_dir / "nbprof_memory_viewer.ipynb",
        [f"import nbprof\nprof = nbprof.load({str(FIXTURES / 'flax_cnn_train')!r})\nprof"],
    )
    open_notebook(page, server, "nbprof_memory_viewer.ipynb")
    run_cell(page, 0)
    app = page.locator(".jp-OutputArea [data-testid=nbprof-app]").first
    app.wait_for(timeout=60_000)
    set_output_width(page, WIDTHS[0])
    choose_tool(page, "memory_viewer")
    content = app.locator("[data-testid=app-content]")
    page.wait_for_function(
        "() => { const c = document.querySelector('.jp-OutputArea [data-testid=app-content]');"
        " return c.dataset.tool === 'memory_viewer' && c.dataset.state === 'ready'; }",
        timeout=60_000,
    )
    assert content.locator("[data-testid=mv-module]").evaluate("s => s.value") == "jit_train_step(90)"
    other = "jit__truncated_normal(54)"
    content.locator("[data-testid=mv-module]").select_option(other)
    page.wait_for_function(
        "(m) => document.querySelector('.jp-OutputArea [data-testid=mv-module]')?.value === m"
        " && !document.querySelector('.jp-OutputArea [data-testid=mv-status]').dataset.pending",
        arg=other,
        timeout=60_000,
    )
    expected = nbprof.load(str(FIXTURES / "flax_cnn_train")).memory_viewer(module=other).summary
    assert content.locator("[data-testid=mv-summary-peak_bytes]").inner_text() == fmt_bytes(expected["peak_bytes"])
    assert content.locator("[data-testid=mv-peak]").get_attribute("data-position") == str(expected["peak_position"])
    output = page.locator(".jp-OutputArea-output:has(.nbp)").first
    output.evaluate("(o) => o.setAttribute('data-fit-root', '')")
    for width in WIDTHS:
        set_output_width(page, width)
        page.wait_for_function(
            "(o) => [...o.querySelectorAll('.nbp-chart')].every("
            "(b) => Math.abs(Number(b.dataset.width) - Math.max(260, b.clientWidth)) <= 1)",
            arg=output.element_handle(),
        )
        check_fit(page, "[data-fit-root]", TABLE_KEYS)
        screenshot(output, f"lab-memory_viewer-{width}")
    assert page.offline_guard.blocked == []
