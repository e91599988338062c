"""``prof.trace()`` in a real JupyterLab 4: viewport requests and their binary replies go through
the real widget comm, the view opens where the kernel says, its range and height reach the
kernel, the kernel can move the view, and the viewer fits 700 and 1,300 px output areas (the box
selection's numbers included). Every wait polls for the condition it needs."""

from __future__ import annotations

from conftest import FIXTURES, open_notebook, rerun_cell_until, run_cell, write_notebook

VIEWER = ".jp-OutputArea [data-testid=trace-viewer]"
OUTPUT_WIDTH = f"() => document.querySelector('{VIEWER}').closest('.jp-OutputArea-output').clientWidth"


def _set_output_width(page, width: int) -> None:
    """Resize the browser until the viewer's output area is ``width`` CSS px wide."""
    for _ in range(4):
        now = page.evaluate(OUTPUT_WIDTH)
        if abs(now - width) <= 1:
            return
        size = page.viewport_size
        page.set_viewport_size({"width": size["width"] + width - now, "height": size["height"]})
        page.wait_for_function(f"(w) => ({OUTPUT_WIDTH})() !== w", arg=now)  # Lab has laid out again
    assert abs(page.evaluate(OUTPUT_WIDTH) - width) <= 1


def _fits(page) -> None:
    sizes = page.evaluate(
        f"""() => {{ const v = document.querySelector('{VIEWER}'), out = v.closest('.jp-OutputArea-output');
              const d = v.querySelector('[data-testid=details]');
              return [out.scrollWidth, out.clientWidth, v.getBoundingClientRect().right, out.getBoundingClientRect().right,
                      d.scrollWidth, d.clientWidth]; }}"""
    )
    out_scroll, out_client, viewer_right, out_right, details_scroll, details_client = sizes
    assert out_scroll <= out_client + 1 and viewer_right <= out_right + 1, sizes
    assert details_scroll <= details_client + 1, sizes


def test_trace_viewer_in_jupyterlab(page, jupyter_server, screenshot):
    server = jupyter_server("jupyterlab")
    write_notebook(
        server.root_dir / "nbprof_trace.ipynb",
        [
            f"import nbprof\nprof = nbprof.load({str(FIXTURES / 'gpu_v100')!r})\nviewer = prof.trace()\n"
            "opening = list(viewer.time_range)\nviewer",
            "print('RANGE', viewer.time_range[1] - viewer.time_range[0] < 0.8 * (opening[1] - opening[0]))",
            "start = int(prof.events['start_ps'].min())\nviewer.time_range = [start, start + 1_000_000_000]",
            "print('HEIGHT', viewer.height)",
        ],
    )
    open_notebook(page, server, "nbprof_trace.ipynb")
    run_cell(page, 0)
    page.wait_for_function(f"() => Number(document.querySelector('{VIEWER}')?.dataset.drawn) > 0", timeout=60_000)
    assert "/device:GPU:4" in page.locator(f"{VIEWER} [data-testid=section-name]").all_inner_texts()
    rerun_cell_until(page, 3, "HEIGHT 560")
    opening = page.evaluate(f"() => [Number(document.querySelector('{VIEWER}').dataset.viewStart),"
                            f" Number(document.querySelector('{VIEWER}').dataset.viewEnd)]")  # fmt: skip
    span = page.evaluate(
        f"() => {{ const l = document.querySelector('{VIEWER}').traceApi.layout; return [l.start_ps, l.end_ps]; }}"
    )
    assert opening[1] - opening[0] < (span[1] - span[0]) / 10  # the first step, not the whole trace
    assert page.inner_text(f"{VIEWER} [data-testid=status]") == ""

    canvas = page.locator(f"{VIEWER} [data-testid=trace-canvas]")
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 120)
    for _ in range(3):
        page.mouse.wheel(0, -300)
    page.wait_for_function(
        f"(w) => {{ const d = document.querySelector('{VIEWER}').dataset;"
        " return Number(d.viewEnd) - Number(d.viewStart) < 0.8 * w; }",
        arg=opening[1] - opening[0],
    )
    rerun_cell_until(page, 1, "RANGE True")  # the zoom reached the kernel's time_range

    # keys go to the viewer, not to JupyterLab: "D D" pans twice and deletes no cell
    start = float(page.get_attribute(VIEWER, "data-view-start"))
    page.locator(VIEWER).focus()
    page.keyboard.press("d")
    page.keyboard.press("d")
    page.wait_for_function(f"(s) => Number(document.querySelector('{VIEWER}').dataset.viewStart) > s", arg=start)
    assert page.locator(".jp-Notebook .jp-Cell").count() == 4

    run_cell(page, 2)  # the kernel moves the view: 1 ms from the first event
    page.wait_for_function(
        f"() => {{ const d = document.querySelector('{VIEWER}').dataset;"
        " return Math.abs(Number(d.viewEnd) - Number(d.viewStart) - 1e9) < 1; }",
        timeout=30_000,
    )
    page.wait_for_function(
        f"() => document.querySelector('{VIEWER} [data-testid=range-label]').textContent === '1 ms shown'"
    )

    # the height handle reaches the kernel's trait
    handle = page.locator(f"{VIEWER} [data-testid=resize-height]").bounding_box()
    main_h = page.locator(f"{VIEWER} .nbpt-main").bounding_box()["height"]
    x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 100, steps=5)
    page.mouse.up()
    rerun_cell_until(page, 3, f"HEIGHT {round(main_h - 100)}")

    # it fits the output area at 700 and 1,300 px, the box selection's numbers on screen
    for width in (700, 1300):
        _set_output_width(page, width)
        page.wait_for_function(
            f"(w) => Math.abs(document.querySelector('{VIEWER}').getBoundingClientRect().width - w) < 40", arg=width
        )
        page.evaluate(f"() => document.querySelector('{VIEWER} [data-testid=details]').replaceChildren()")
        page.locator(VIEWER).focus()
        page.keyboard.press("0")
        page.wait_for_function(f"() => !document.querySelector('{VIEWER}').traceApi.pending()")
        box = canvas.bounding_box()
        page.mouse.move(box["x"] + box["width"] * 0.2, box["y"] + 40)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] * 0.8, box["y"] + min(box["height"] - 10, 300), steps=5)
        page.mouse.up()
        page.wait_for_function(
            f"() => document.querySelectorAll('{VIEWER} [data-testid=agg-row]').length > 0", timeout=30_000
        )
        _fits(page)
        cells = page.evaluate(
            f"""() => {{ const pane = document.querySelector('{VIEWER} [data-testid=details]').getBoundingClientRect();
                  return [...document.querySelectorAll('{VIEWER} [data-testid=agg-row] td.num')].every((td) => {{
                    const r = td.getBoundingClientRect();
                    return r.left >= pane.left && r.right <= pane.right && td.scrollWidth <= td.clientWidth + 1; }}); }}"""
        )
        assert cells
        screenshot(page, f"jupyterlab-trace-{width}")
    assert page.offline_guard.blocked == []
