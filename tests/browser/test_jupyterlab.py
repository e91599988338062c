"""End to end in a real JupyterLab 4: a notebook loads a fixture, shows the app, and a click on a
tool tab makes the kernel compute that view (the live round trip), all without leaving 127.0.0.1."""

from __future__ import annotations

import time

from conftest import FIXTURES, open_notebook, run_cell, write_notebook


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
    assert content.get_attribute("data-tool") == "overview"
    timings["lab_app_shown"] = time.perf_counter() - t0
    assert "TPU v6 Lite" in content.inner_text()

    # a tab click goes to the kernel, which computes the op profile and sends it back
    t0 = time.perf_counter()
    app.locator("[data-testid=tab-op_profile]").click()
    page.wait_for_function(
        "() => document.querySelector('.jp-OutputArea [data-testid=app-content]').dataset.tool === 'op_profile'"
        " && document.querySelector('.jp-OutputArea [data-testid=app-content]').dataset.state === 'ready'",
        timeout=60_000,
    )
    timings["lab_tab_roundtrip"] = time.perf_counter() - t0
    assert app.locator("[data-testid=op-row]").count() > 1
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
