"""Regenerate docs/<view>.png: one screenshot per view, from the offline HTML export of a fixture.

Usage: python scripts/make_view_screenshots.py [outdir]   (needs Chromium: apt-get install chromium)
Each view is shot on the fixture that shows it best.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import nbprof
from nbprof.widgets.html_export import to_html

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"

VIEWS = {  # view -> fixture
    "overview": "jax_mlp_train",
    "input_pipeline": "gpu_v100",
    "tf_data": "tf_keras_fit",
    "framework_op_stats": "tf_keras_fit",
    "op_profile": "tpu_v6e",
    "kernel_stats": "gpu_v100",
    "memory_profile": "tf_cpu_bfc_memory",
    "pod_viewer": "jax_mlp_train",
}


def main(outdir: Path) -> None:
    from playwright.sync_api import sync_playwright

    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 960, "height": 800})
        for view, fixture in VIEWS.items():
            html = to_html(nbprof.load(str(FIXTURES / fixture)), Path(tmp) / f"{fixture}.html", tools=[view])
            page.goto(html.as_uri())
            page.wait_for_function("window.__nbprofReady === true")
            page.click(f"[data-testid=tab-{view}]")
            if view == "op_profile":
                page.locator("[data-testid=op-row][data-level='1'] [data-testid=expander]").first.click()
                page.locator("[data-testid=op-row][data-level='2']").first.hover()
            page.locator("#nbprof-root").screenshot(path=str(outdir / f"{view}.png"))
            print(outdir / f"{view}.png")
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs")
