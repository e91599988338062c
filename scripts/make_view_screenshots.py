"""Regenerate the screenshots in docs/: every view at 700 and 1,300 px, from the offline HTML export.

Usage: python scripts/make_view_screenshots.py [outdir] [--only view,...]   (needs Chromium: apt-get install chromium)
``--only`` shoots just those views (``compare``, ``trace_viewer``, ``app``, ``quickstart`` included).
Each view is shot on the fixture that shows it best, in an output area as wide as a notebook's
(``docs/<view>-700.png``, ``docs/<view>-1300.png``; at most 1,100 px tall). Also: compare (a view of
two profiles, not an app tab, shown on its own page), the app on a profile without steps (banner, More
menu) and the quickstart as ``jupyter nbconvert --to html`` shows it (the views' static twins).
"""

from __future__ import annotations

import base64
import html
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbprof
from nbprof.widgets.html_export import PAGE, _script_json, to_html
from nbprof.widgets.registry import view_for

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
WIDTHS = (700, 1300)
MAX_HEIGHT = 1100

VIEWS = {  # view -> fixture
    "overview": "gpu_v100",
    "input_pipeline": "tf_cpu_bfc_memory",
    "tf_data": "tf_keras_fit",
    "framework_op_stats": "tf_keras_fit",
    "op_profile": "tpu_v6e",
    "hlo_stats": "amd_mi300x_gemm",
    "kernel_stats": "gpu_v100",
    "memory_profile": "tf_cpu_bfc_memory",
    "memory_viewer": "flax_cnn_train",
    "roofline": "tpu_v6e",
    "pod_viewer": "jax_two_hosts",
}
COMPARE = ("tf_custom_loop", "tf_cpu_bfc_memory")  # before, after


def shoot(page, path: Path) -> None:
    """The app's box, at most MAX_HEIGHT px of it."""
    box = page.locator("#nbprof-root").bounding_box()  # in the viewport: the page may have scrolled to a hover
    top = box["y"] + page.evaluate("window.scrollY")
    clip = {"x": box["x"], "y": top, "width": box["width"], "height": min(box["height"], MAX_HEIGHT)}
    page.screenshot(path=str(path), clip=clip, full_page=True)
    print(path)


def open_export(page, html: Path, width: int) -> None:
    page.set_viewport_size({"width": width + 40, "height": 900})
    page.goto(html.as_uri())
    page.wait_for_function("window.__nbprofReady === true")
    page.add_style_tag(content=f"body {{ max-width: none; margin: 8px; }} #nbprof-root {{ width: {width}px; }}")
    page.wait_for_timeout(300)  # charts redraw at the new width on the next frames


def standalone_page(result: object, path: Path) -> Path:
    """One result's view on its own offline page (the export's page, with the view's bundle and payload)."""
    view = view_for(result)
    page = PAGE.format(
        title=html.escape(view.payload["title"]),
        header="",
        state=_script_json({"payload": view.payload}),
        esm_b64=base64.b64encode(view.get_state()["_esm"].encode("utf-8")).decode("ascii"),
    )
    path.write_text(page, encoding="utf-8")
    return path


def nbconvert_quickstart(tmp: Path) -> Path:
    shutil.copy(ROOT / "notebooks" / "quickstart.ipynb", tmp / "quickstart.ipynb")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html", "quickstart.ipynb"]
    subprocess.run(cmd, cwd=tmp, env=env, check=True, capture_output=True)
    return tmp / "quickstart.html"


def main(outdir: Path, only: set[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        wanted = lambda name: only is None or name in only  # noqa: E731
        for view, fixture in VIEWS.items():
            if not wanted(view):
                continue
            export = to_html(nbprof.load(str(FIXTURES / fixture)), Path(tmp) / f"{fixture}-{view}.html", tools=[view])
            for width in WIDTHS:
                open_export(page, export, width)
                if page.locator(f"[data-testid=tab-{view}]").is_visible():
                    page.click(f"[data-testid=tab-{view}]")
                else:
                    page.select_option("[data-testid=tab-more]", view)
                if view == "op_profile":
                    page.locator("[data-testid=op-row][data-level='1'] [data-testid=expander]").first.click()
                    page.locator("[data-testid=op-row][data-level='2']").first.hover()
                if view == "hlo_stats":  # the largest op's slice: its card with the result's share
                    path = page.locator("[data-testid=pie-op] path").first
                    xy = path.evaluate(
                        "p => { const r = p.ownerSVGElement.getBoundingClientRect(); "
                        "return [r.left + +p.dataset.anchorX, r.top + +p.dataset.anchorY]; }"
                    )
                    page.mouse.move(*xy)
                if view == "memory_viewer":  # the largest buffer: its card, its lifetime over the chart
                    page.locator("[data-testid=mv-buffer][data-order=size]").first.hover()
                if view == "roofline":  # the op with most time among those with FLOPs: its card
                    box = page.locator("[data-testid=roofline-point]").first.bounding_box()
                    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                shoot(page, outdir / f"{view}-{width}.png")
        if wanted("compare"):
            before, after = (nbprof.load(str(FIXTURES / name)) for name in COMPARE)
            export = standalone_page(nbprof.compare(before, after), Path(tmp) / "compare.html")
            for width in WIDTHS:
                open_export(page, export, width)
                page.locator("[data-testid=compare-metric][data-metric=step_time]").hover()
                shoot(page, outdir / f"compare-{width}.png")
        if wanted("trace_viewer"):  # the trace viewer answers from the kernel: the tests' harness serves it
            sys.path.insert(0, str(ROOT))
            from nbprof.widgets.trace import TraceViewer
            from tests.browser.trace_harness import TraceHarness

            viewer = TraceViewer(nbprof.load(str(FIXTURES / "gpu_v100")))
            for width in WIDTHS:
                trace_page = browser.new_page(viewport={"width": width + 40, "height": MAX_HEIGHT})
                TraceHarness(trace_page, viewer).mount(width=width)
                trace_page.locator("[data-testid=trace-viewer]").screenshot(
                    path=str(outdir / f"trace_viewer-{width}.png")
                )
                print(outdir / f"trace_viewer-{width}.png")
                trace_page.close()
        if wanted("app"):
            export = to_html(nbprof.load(str(FIXTURES / "tf_keras_fit")), Path(tmp) / "no_steps.html")
            open_export(page, export, WIDTHS[0])
            shoot(page, outdir / "app-no-steps-700.png")
        if not wanted("quickstart"):
            browser.close()
            return
        report = nbconvert_quickstart(Path(tmp))
        page.set_viewport_size({"width": WIDTHS[0] + 120, "height": MAX_HEIGHT})
        page.goto(report.as_uri())
        page.locator(".nbprof-static[data-tool=profile]").first.scroll_into_view_if_needed()
        page.evaluate("document.querySelector('.nbprof-static[data-tool=profile]').scrollIntoView()")
        page.screenshot(path=str(outdir / "static-report-700.png"))
        print(outdir / "static-report-700.png")
        browser.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    chosen = None
    if "--only" in args:
        at = args.index("--only")
        chosen = set(args[at + 1].split(","))
        del args[at : at + 2]
    main(Path(args[0]) if args else ROOT / "docs", chosen)
