"""``prof.trace()`` in a real JupyterLab 4: viewport requests and their binary replies go through
the real widget comm, the view's range reaches the kernel, and the kernel can move the view."""

from __future__ import annotations

import time

from conftest import FIXTURES, open_notebook, rerun_cell_until, run_cell, write_notebook

VIEWER = ".jp-OutputArea [data-testid=trace-viewer]"


def test_trace_viewer_in_jupyterlab(page, jupyter_server, screenshot, timings):
    server = jupyter_server("jupyterlab")
    write_notebook(
        server.root_dir / "nbprof_trace.ipynb",
        [
            f"import nbprof\nprof = nbprof.load({str(FIXTURES / 'gpu_v100')!r})\nviewer = prof.trace()\nviewer",
            "print('RANGE', viewer.time_range[1] - viewer.time_range[0] < prof.duration_ps // 2)",
            "start = int(prof.events['start_ps'].min())\nviewer.time_range = [start, start + 1_000_000_000]",
        ],
    )
    open_notebook(page, server, "nbprof_trace.ipynb")
    t0 = time.perf_counter()
    run_cell(page, 0)
    page.wait_for_function(f"() => Number(document.querySelector('{VIEWER}')?.dataset.drawn) > 0", timeout=60_000)
    timings["lab_trace_first_paint"] = time.perf_counter() - t0
    assert "/device:GPU:4" in page.locator(f"{VIEWER} [data-testid=section-name]").all_inner_texts()

    canvas = page.locator(f"{VIEWER} [data-testid=trace-canvas]")
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 120)
    for _ in range(3):
        page.mouse.wheel(0, -300)
        page.wait_for_timeout(100)
    rerun_cell_until(page, 1, "RANGE True")  # the zoom reached the kernel's time_range

    # keys go to the viewer, not to JupyterLab: "D D" pans twice and deletes no cell
    start = float(page.get_attribute(VIEWER, "data-view-start"))
    page.locator(VIEWER).focus()
    page.keyboard.press("d")
    page.keyboard.press("d")
    page.wait_for_function(f"(s) => Number(document.querySelector('{VIEWER}').dataset.viewStart) > s", arg=start)
    assert page.locator(".jp-Notebook .jp-Cell").count() == 3

    run_cell(page, 2)  # and the kernel moves the view: 1 ms from the first event
    page.wait_for_function(
        f"() => {{ const d = document.querySelector('{VIEWER}').dataset;"
        " return Math.abs(Number(d.viewEnd) - Number(d.viewStart) - 1e9) < 1; }",
        timeout=30_000,
    )
    assert page.locator(f"{VIEWER} [data-testid=range-label]").inner_text() == "1 ms shown"
    screenshot(page, "jupyterlab-trace")
    assert page.offline_guard.blocked == []
