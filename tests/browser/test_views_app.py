"""The whole-profile app in a real browser: tool tabs, host selector, live protocol, theme, overview,
input pipeline and tf.data views, and the offline HTML export opened from a file:// URL."""

from __future__ import annotations

import re

import pytest
from browser_helpers import assert_clean, choose_tool, column_texts, fmt_bytes

import nbprof
from nbprof.widgets._base import esm_path
from nbprof.widgets.app import ProfileApp
from nbprof.widgets.html_export import export_state, to_html
from nbprof.widgets.registry import APP_TOOLS, label, view_for


def app_esm() -> str:
    return esm_path("app").read_text(encoding="utf-8")


def content(page):
    return page.locator("[data-testid=app-content]")


def test_tabs_and_host_selector_switch_data(harness_page, multi_host_logdir, screenshot):
    prof = nbprof.load(str(multi_host_logdir))
    page = harness_page(esm=app_esm(), state=export_state(prof))
    tabs = page.locator("[role=tab]")
    assert tabs.all_inner_texts() == [label(t) for t in APP_TOOLS]
    for tool in APP_TOOLS:
        choose_tool(page, tool)
        assert content(page).get_attribute("data-tool") == tool
        assert page.get_attribute(f"[data-testid=tab-{tool}]", "aria-selected") == "true"
        assert page.locator(f"[data-testid=tab-{tool}]").is_visible()  # the current tool's tab is always shown
        assert page.locator("[data-testid=view-error]").count() == 0
        screenshot(page, f"app-{tool}", full_page=True)

    # host selector: worker0 (JAX CPU) has no allocator events, worker1 (TF BFC) has
    choose_tool(page, "memory_profile")
    options = page.eval_on_selector_all("[data-testid=host-select] option", "os => os.map(o => o.value)")
    assert options == ["", "worker0", "worker1"]
    page.select_option("[data-testid=host-select]", "worker0")
    assert content(page).get_attribute("data-host") == "worker0"
    assert "no memory profile data" in content(page).inner_text()
    page.select_option("[data-testid=host-select]", "worker1")
    assert content(page).get_attribute("data-host") == "worker1"
    expected = prof.for_host("worker1").memory_profile().summary
    assert page.inner_text("[data-testid=summary-peak_bytes_in_use]") == fmt_bytes(expected["peak_bytes_in_use"])
    # the pod viewer across all hosts has one column per worker
    page.select_option("[data-testid=host-select]", "")
    choose_tool(page, "pod_viewer")
    assert page.locator("[data-testid=pod-bars-bar]").count() == 2
    # keyboard: arrows move between tabs
    page.focus("[data-testid=tab-pod_viewer]")
    page.keyboard.press("ArrowRight")
    assert content(page).get_attribute("data-tool") == "trace"
    assert_clean(page)


def test_live_protocol_with_a_fake_kernel(harness_page, load_fixture):
    """The front end asks for a tool by setting `tool`; the kernel answers with that payload."""
    app = ProfileApp(load_fixture("tpu_v6e"))
    page = harness_page(app.view)
    # no step markers: the app says so and opens on a tool with data
    assert content(page).get_attribute("data-tool") == "op_profile"
    assert "No step markers" in page.inner_text("[data-testid=no-steps-banner]")
    assert page.locator("[data-testid=op-row]").count() > 1
    choose_tool(page, "overview")
    assert page.evaluate("window.__model.saved.at(-1)") == {"tool": "overview"}
    assert content(page).get_attribute("data-state") == "loading"
    app.tool = "overview"  # what the kernel does when the change arrives
    page.evaluate("(p) => window.__model.kernelSet('payload', p)", app.view.payload)
    assert content(page).get_attribute("data-state") == "ready"
    assert "TPU v6 Lite" in content(page).inner_text()
    assert_clean(page)


def test_follows_dark_theme(harness_page, load_fixture):
    page = harness_page(view_for(load_fixture("jax_mlp_train").op_profile()), dark=True)
    assert "nbp-dark" in page.get_attribute(".nbp", "class")
    bg = page.evaluate("getComputedStyle(document.querySelector('.nbp')).backgroundColor")
    rgb = [int(v) for v in bg[bg.index("(") + 1 : bg.index(")")].split(",")[:3]]
    assert sum(rgb) < 150  # dark background
    page.evaluate("document.body.classList.remove('dark')")
    page.wait_for_function("!document.querySelector('.nbp').classList.contains('nbp-dark')")


def test_overview_cards_graph_and_links(harness_page, load_fixture, screenshot):
    prof = load_fixture("jax_mlp_train")
    overview = prof.overview()
    app = ProfileApp(prof)
    page = harness_page(app.view)
    s = overview.summary
    assert page.inner_text("[data-testid=card-step_time-value]") == f"{s['step_time_ms_avg']:.3f}".rstrip("0") + " ms"
    assert "CPU-only profile" in page.inner_text("[data-testid=card-flops]")  # CPU: no device to measure
    # one stacked bar per step of the step-time graph, its total = the step time
    graph = overview.step_time_graph
    bars = page.locator("[data-testid=step-graph-bar]")
    assert bars.count() == len(graph)
    for i in (0, len(graph) - 1):
        assert float(bars.nth(i).get_attribute("data-total")) == pytest.approx(graph["step_time_ms"].iloc[i], abs=1e-5)
    bars.nth(0).hover()
    tip = page.locator("[data-testid=tooltip]")
    assert tip.is_visible() and str(graph["step_name"].iloc[0]) in tip.inner_text()
    # the recommendation names tools; clicking one switches to it (a request to the kernel)
    first = overview.recommendation["next_tools"][0]
    page.click(f"[data-testid=goto-{first}]")
    assert page.evaluate("window.__model.saved.at(-1)") == {"tool": first}
    screenshot(page, "view-overview", full_page=True)
    assert_clean(page)


def test_overview_top_ops_on_tpu(harness_page, load_fixture):
    overview = load_fixture("tpu_v6e").overview()
    page = harness_page(view_for(overview))
    names = column_texts(page, "top-ops", "Operation")
    assert names == overview.top_ops["name"].head(10).astype(str).tolist()
    duty = overview.summary["device_duty_cycle_pct"]
    assert page.inner_text("[data-testid=card-duty_cycle-value]") == f"{duty:.2f}%"


@pytest.mark.parametrize("width", [700, 1300])
def test_overview_names_the_program_where_top_op_names_repeat(harness_page, load_fixture, tmp_path, width):
    """Two XLA CPU ops named fusion.1 of two programs (a synthetic JAX-on-CPU profile): the top-ops table
    shows their programs; where names are unique (TPU v6e, JAX on CPU) the Program column stays hidden."""
    from browser_helpers import check_fit
    from xspace_builder import xla_cpu_programs

    ops = [("jit_a", 3, "fusion.1", 400), ("jit_a", 3, "dot", 300), ("jit_b", 7, "fusion.1", 200)]
    xla_cpu_programs(tmp_path, ops)
    overview = nbprof.load(tmp_path).overview()
    page = harness_page(view_for(overview), width=width)
    assert column_texts(page, "top-ops", "Operation") == ["fusion.1", "dot", "fusion.1"]
    assert column_texts(page, "top-ops", "Program") == ["jit_a(3)", "jit_a(3)", "jit_b(7)"]
    check_fit(page, "#root", {"top-ops": ["Operation", "Program", "Time (%)"]})
    for fixture in ("tpu_v6e", "jax_mlp_train"):
        page = harness_page(view_for(load_fixture(fixture).overview()), width=width)
        headers = page.eval_on_selector_all("[data-testid=top-ops] thead th", "ths => ths.map(t => t.dataset.col)")
        assert "program" not in headers and headers[0] == "name", fixture
    assert_clean(page)


def test_input_pipeline_view(harness_page, load_fixture, screenshot):
    result = load_fixture("gpu_v100").input_pipeline()
    page = harness_page(view_for(result))
    assert "POTENTIALLY" in page.inner_text("[data-testid=input-summary]")
    # the input-op table is expandable and lists the analysis' input ops
    details = page.locator("[data-testid=input-ops-details]")
    if details.get_attribute("open") is None:
        details.locator(":scope > summary").click()
    names = page.eval_on_selector_all(
        "[data-testid=input-ops] tbody tr", "trs => trs.map(t => t.children[0].textContent)"
    )
    assert sorted(names) == sorted(result.input_ops["name"].astype(str))
    details.locator(":scope > summary").click()
    assert not page.locator("[data-testid=input-ops]").is_visible()
    assert page.locator("[data-testid=device-steps-bar]").count() == len(result.device_steps)
    assert page.locator("[data-testid=pie-host] path").count() == sum(v > 0 for v in result.host_breakdown.values())
    screenshot(page, "view-input_pipeline", full_page=True)
    assert_clean(page)


def test_tf_data_graph_marks_critical_path_and_bottleneck(harness_page, load_fixture, screenshot):
    result = load_fixture("tf_keras_fit").tf_data_bottleneck()
    page = harness_page(view_for(result))
    nodes = page.locator("[data-testid=graph-node]")
    graph = result.graph[
        (result.graph["host"] == result.summary["host"])
        & (result.graph["input_pipeline"] == result.summary["input_pipeline"])
    ]
    assert nodes.count() == len(graph)
    critical = page.eval_on_selector_all(
        "[data-testid=graph-node][data-critical=true]", "ns => ns.map(n => n.dataset.name)"
    )
    assert sorted(critical) == sorted(graph.loc[graph["is_blocking"], "long_name"].astype(str))
    bottleneck = page.eval_on_selector_all(
        "[data-testid=graph-node][data-bottleneck=true]", "ns => ns.map(n => n.dataset.name)"
    )
    assert bottleneck == graph.loc[graph["is_bottleneck"], "long_name"].astype(str).tolist()
    assert bottleneck == [result.summary["iterator_long_name"]]
    stroke = page.eval_on_selector(
        "[data-testid=graph-node][data-bottleneck=true] rect", "r => getComputedStyle(r).stroke"
    )
    assert stroke == "rgb(211, 47, 47)"
    screenshot(page, "view-tf_data", full_page=True)
    assert_clean(page)


def test_html_export_opens_offline_from_file_url(page, load_fixture, tmp_path, screenshot):
    prof = load_fixture("tf_keras_fit")
    path = to_html(prof, tmp_path / "report.html")
    text = path.read_text()
    # nothing is loaded from elsewhere: no src/href attribute at all, the bundle comes from a data: URL
    assert re.findall(r"<(?:script|link|img|iframe)[^>]*(?:src|href)=", text) == []
    assert 'import("data:text/javascript;base64,' in text
    page.goto(path.as_uri())
    page.wait_for_function("window.__nbprofReady === true")
    for tool in APP_TOOLS:
        choose_tool(page, tool)
        assert content(page).get_attribute("data-tool") == tool
        assert page.locator("[data-testid=view-error]").count() == 0
    choose_tool(page, "framework_op_stats")
    ops = prof.framework_op_stats()
    assert page.inner_text("[data-testid=op-stats-count]").endswith(f"{len(ops.table)} rows")
    choose_tool(page, "trace")
    assert "needs a running kernel" in content(page).inner_text()
    screenshot(page, "html-export", full_page=True)
    assert page.offline_guard.blocked == []
    assert page.console_errors == []
