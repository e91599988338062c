"""Regenerate the screenshots in docs/: every view at 700 and 1,300 px, from the offline HTML export.

Usage: python scripts/make_view_screenshots.py [outdir]   (needs Chromium: apt-get install chromium)
Each view is shot on the fixture that shows it best, in an output area as wide as a notebook's
(``docs/<view>-700.png``, ``docs/<view>-1300.png``; at most 1,100 px tall). Also: the app on a
profile without steps (banner, More menu) and the quickstart as ``jupyter nbconvert --to html``
shows it (the views' static twins).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import nbprof
from nbprof.widgets.html_export import to_html

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
    "kernel_stats": "gpu_v100",
    "memory_profile": "tf_cpu_bfc_memory",
    "pod_viewer": "jax_two_hosts",
}


def shoot(page, path: Path) -> None:
    """The app's box, at most MAX_HEIGHT px of it."""
    box = page.locator("#nbprof-root").bounding_box()
    clip = {"x": box["x"], "y": box["y"], "width": box["width"], "height": min(box["height"], MAX_HEIGHT)}
    page.screenshot(path=str(path), clip=clip, full_page=True)
    print(path)


def open_export(page, html: Path, width: int) -> None:
    page.set_viewport_size({"width": width + 40, "height": 900})
    page.goto(html.as_uri())
    page.wait_for_function("window.__nbprofReady === true")
    page.add_style_tag(content=f"body {{ max-width: none; margin: 8px; }} #nbprof-root {{ width: {width}px; }}")
    page.wait_for_timeout(300)  # charts redraw at the new width on the next frames


def nbconvert_quickstart(tmp: Path) -> Path:
    shutil.copy(ROOT / "notebooks" / "quickstart.ipynb", tmp / "quickstart.ipynb")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html", "quickstart.ipynb"]
    subprocess.run(cmd, cwd=tmp, env=env, check=True, capture_output=True)
    return tmp / "quickstart.html"


def main(outdir: Path) -> None:
    from playwright.sync_api import sync_playwright

    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        for view, fixture in VIEWS.items():
            html = to_html(nbprof.load(str(FIXTURES / fixture)), Path(tmp) / f"{fixture}-{view}.html", tools=[view])
            for width in WIDTHS:
                open_export(page, html, width)
                if page.locator(f"[data-testid=tab-{view}]").is_visible():
                    page.click(f"[data-testid=tab-{view}]")
                else:
                    page.select_option("[data-testid=tab-more]", view)
                if view == "op_profile":
                    page.locator("[data-testid=op-row][data-level='1'] [data-testid=expander]").first.click()
                    page.locator("[data-testid=op-row][data-level='2']").first.hover()
                shoot(page, outdir / f"{view}-{width}.png")
        html = to_html(nbprof.load(str(FIXTURES / "tf_keras_fit")), Path(tmp) / "no_steps.html")
        open_export(page, html, WIDTHS[0])
        shoot(page, outdir / "app-no-steps-700.png")
        report = nbconvert_quickstart(Path(tmp))
        page.set_viewport_size({"width": WIDTHS[0] + 120, "height": MAX_HEIGHT})
        page.goto(report.as_uri())
        page.locator(".nbprof-static[data-tool=profile]").first.scroll_into_view_if_needed()
        page.evaluate("document.querySelector('.nbprof-static[data-tool=profile]').scrollIntoView()")
        page.screenshot(path=str(outdir / "static-report-700.png"))
        print(outdir / "static-report-700.png")
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs")
