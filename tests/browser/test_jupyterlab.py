"""End to end in a real JupyterLab 4: a notebook loads a fixture, shows the app, and a click on a
tool tab makes the kernel compute that view (the live round trip), all without leaving 127.0.0.1."""

from __future__ import annotations

import time

from browser_helpers import check_fit
from conftest import FIXTURES, open_notebook, run_cell, write_notebook

import nbprof


def test_profile_app_in_jupyterlab(page, jupyter_server, screenshot, timings):
    server = jupyter_server("jupyterlab")
    write_notebook(
        server.root_dir / "nbprof_app.ipynb",
        [
            "import nbprof\n"
            "from nbprof.widgets.app import ProfileApp\n"
            f"prof = nbprof.load({str(FIXTURES / 'tpu_v6e')!r})\n"
            "ProfileApp(prof)",
            "prof.op_profile()",
        ],
    )
    t0 = time.perf_counter()
    open_notebook(page, server, "nbprof_app.ipynb")
    timings["lab_open_notebook"] = time.perf_counter() - t0

    t0 = time.perf_counter()
    run_cell(page, 0)
    app = page.locator(".jp-OutputArea [data-testid=nbprof-app]").first
    app.wait_for(timeout=60_000)
    content = app.locator("[data-testid=app-content]")
    # inference on TPU: no step markers, so the app says so and opens on the op profile
    assert content.get_attribute("data-tool") == "op_profile"
    timings["lab_app_shown"] = time.perf_counter() - t0
    assert "No step markers" in app.locator("[data-testid=no-steps-banner]").inner_text()
    assert app.locator("[data-testid=op-row]").count() > 1

    # a tab click goes to the kernel, which computes the overview and sends it back
    t0 = time.perf_counter()
    app.locator("[data-testid=tab-overview]").click()
    page.wait_for_function(
        "() => document.querySelector('.jp-OutputArea [data-testid=app-content]').dataset.tool === 'overview'"
        " && document.querySelector('.jp-OutputArea [data-testid=app-content]').dataset.state === 'ready'",
        timeout=60_000,
    )
    timings["lab_tab_roundtrip"] = time.perf_counter() - t0
    assert "TPU v6 Lite" in content.inner_text()
    screenshot(page, "jupyterlab-app")

    # a tool result as the last line of a cell shows its own view
    run_cell(page, 1)
    standalone = page.locator(".jp-Cell").nth(1).locator("[data-testid=panel-op_profile]")
    standalone.wait_for(timeout=60_000)
    assert standalone.locator("[data-testid=op-row]").count() > 1
    screenshot(page, "jupyterlab-op_profile")

    # the views follow JupyterLab's theme
    assert "nbp-dark" not in app.get_attribute("class")
    page.evaluate("window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
    page.wait_for_function(
        "document.querySelector('.jp-OutputArea .nbp').classList.contains('nbp-dark')", timeout=30_000
    )
    page.wait_for_function("!document.getElementById('jupyterlab-splash')", timeout=30_000)
    screenshot(page, "jupyterlab-dark")
    assert page.offline_guard.blocked == []


def set_output_width(page, width: int) -> None:
    """Resize the window until JupyterLab's output areas are ``width`` px wide (±2)."""
    for _ in range(4):
        current = page.evaluate(
            "() => [...document.querySelectorAll('.jp-OutputArea-output')].find((o) => o.clientWidth > 0)?.clientWidth"
        )
        if current is not None and abs(current - width) <= 2:
            return
        viewport = page.viewport_size["width"]
        page.set_viewport_size({"width": viewport + (width - (current or viewport)), "height": 1000})
        page.wait_for_timeout(300)  # JupyterLab lays its panels out on the next frames
    raise AssertionError(f"output area is {current} px, wanted {width}")


# One cell per view on the profile that shows it best; the last is a profile without steps (the app).
VIEW_CELLS = {
    "gpu.overview()": ("panel-overview", {"top-ops": ["Operation", "Time (%)"]}),
    "bfc.input_pipeline()": ("panel-input_pipeline", {"input-ops": ["Input op", "Self time (ms)"]}),
    "kfit.tf_data_bottleneck()": ("panel-tf_data", {"pipelines": ["Input pipeline", "Root iterator"]}),
    "gpu.framework_op_stats()": ("panel-framework_op_stats", {"op-stats": ["Operation", "Total self-time (µs)"]}),
    "tpu.op_profile()": ("panel-op_profile", {"op-tree": ["Name", "Time %", "Time"]}),
    "gpu.kernel_stats()": ("panel-kernel_stats", {"kernels": ["Kernel name", "Total duration (µs)"]}),
    "gpu.memory_profile()": ("panel-memory_profile", {"memory-breakdown": ["Op name", "Allocation size"]}),
    "two.pod_viewer()": ("panel-pod_viewer", {}),
    "kfit": ("nbprof-app", {}),
}


def test_views_fit_jupyterlab_output_700_and_1300(page, jupyter_server, screenshot, timings):
    """Every view in a real JupyterLab 4 at output widths of 700 and 1,300 px: it fits (tables scroll
    inside their own box, key columns visible, names complete on hover and copy, charts in their box);
    its static twin is hidden; a profile without steps says so; repr of a result is its summary."""
    server = jupyter_server("jupyterlab")
    load = "\n".join(
        f"{var} = nbprof.load({str(FIXTURES / name)!r})"
        for var, name in (("gpu", "gpu_v100"), ("tpu", "tpu_v6e"), ("kfit", "tf_keras_fit"),
                          ("two", "jax_two_hosts"), ("bfc", "tf_cpu_bfc_memory"))
    )  # fmt: skip
    cells = ["import nbprof\n" + load, *VIEW_CELLS, "print(repr(gpu.overview()))"]
    write_notebook(server.root_dir / "nbprof_fit.ipynb", cells)
    open_notebook(page, server, "nbprof_fit.ipynb")
    t0 = time.perf_counter()
    for i in range(len(cells)):
        run_cell(page, i)
    timings["lab_fit_run_cells"] = time.perf_counter() - t0
    lab_cells = page.locator(".jp-Notebook .jp-Cell")

    for width in (700, 1300):
        set_output_width(page, width)
        for i, (source, (testid, tables)) in enumerate(VIEW_CELLS.items(), start=1):
            cell = lab_cells.nth(i)
            cell.scroll_into_view_if_needed()
            view = cell.locator(f"[data-testid={testid}]").first
            view.wait_for(timeout=60_000)
            output = cell.locator(".jp-OutputArea-output:has(.nbp)").first
            output.evaluate("(o) => o.setAttribute('data-fit-root', '')")
            page.wait_for_function(  # charts redrawn at this width
                "(o) => [...o.querySelectorAll('.nbp-chart')].every("
                "(b) => Math.abs(Number(b.dataset.width) - Math.max(260, b.clientWidth)) <= 1)",
                arg=output.element_handle(),
            )
            check_fit(page, f".jp-Cell:nth-child({i + 1}) [data-fit-root]", tables)
            # the static twin (the output before the view's) is there but hidden
            static = cell.locator(".nbprof-static").first
            assert static.count() == 1 and not static.is_visible(), source
            output.evaluate("(o) => o.removeAttribute('data-fit-root')")
            screenshot(cell, f"lab-{width}-{testid}")
    app = lab_cells.nth(len(VIEW_CELLS))
    assert "No step markers" in app.locator("[data-testid=no-steps-banner]").inner_text()
    assert app.locator("[data-testid=app-content]").get_attribute("data-tool") == "framework_op_stats"
    expected = nbprof.load(str(FIXTURES / "gpu_v100")).overview().summary_text()
    assert lab_cells.nth(len(cells) - 1).locator(".jp-OutputArea").inner_text().strip() == expected
    assert page.offline_guard.blocked == []


def test_notebook7_result_shows_its_view_not_its_twin(page, jupyter_server, screenshot):
    """In Notebook 7: a result shows its view (its static twin hidden) at 700 px, and prints its summary."""
    server = jupyter_server("notebook")
    path = str(FIXTURES / "gpu_v100")
    write_notebook(
        server.root_dir / "nbprof_nb7.ipynb",
        [f"import nbprof\ngpu = nbprof.load({path!r})\ngpu.kernel_stats()", "print(repr(gpu.kernel_stats()))"],
    )
    open_notebook(page, server, "nbprof_nb7.ipynb", ui="notebook")
    run_cell(page, 0)
    run_cell(page, 1)
    cell = page.locator(".jp-Notebook .jp-Cell").nth(0)
    cell.locator("[data-testid=panel-kernel_stats]").wait_for(timeout=60_000)
    set_output_width(page, 700)
    output = cell.locator(".jp-OutputArea-output:has(.nbp)").first
    output.evaluate("(o) => o.setAttribute('data-fit-root', '')")
    check_fit(page, "[data-fit-root]", {"kernels": ["Kernel name", "Total duration (µs)"]})
    assert not cell.locator(".nbprof-static").first.is_visible()
    expected = nbprof.load(path).kernel_stats().summary_text()
    assert page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".jp-OutputArea").inner_text().strip() == expected
    screenshot(cell, "notebook7-kernel_stats-700")
    assert page.offline_guard.blocked == []
