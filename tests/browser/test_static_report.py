"""The quickstart converted by ``jupyter nbconvert --execute --to html``, opened offline in Chromium at
700 and 1,300 px: every view's static twin shows its numbers and tables, fits the page, and runs no
script; the widget outputs stay empty (they need a CDN), as nbconvert makes them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from conftest import REPO_ROOT

import nbprof

TOOLS = ("overview", "input_pipeline", "tf_data", "framework_op_stats", "op_profile", "kernel_stats",
         "memory_profile", "pod_viewer")  # fmt: skip


@pytest.fixture(scope="module")
def quickstart_html(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nbconvert")
    shutil.copy(REPO_ROOT / "notebooks" / "quickstart.ipynb", tmp / "quickstart.ipynb")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO_ROOT), os.environ.get("PYTHONPATH", "")])}
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html", "quickstart.ipynb"],
        cwd=tmp, env=env, check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return tmp / "quickstart.html"


@pytest.mark.parametrize("width", [700, 1300])
def test_nbconvert_html_shows_static_views(page, quickstart_html, screenshot, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(quickstart_html.as_uri())
    page.wait_for_load_state("load")
    blocks = page.locator(".jp-OutputArea-output > .nbprof-static")
    shown = blocks.evaluate_all("bs => bs.filter(b => b.offsetWidth > 0).map(b => b.dataset.tool)")
    assert set(TOOLS) | {"profile"} <= set(shown)
    # nothing in them runs or loads: no script, no element that fetches
    assert page.locator(".nbprof-static :is(script, img, iframe, link, style)").count() == 0
    # each fits its output area (tables scroll inside their own box)
    overflow = blocks.evaluate_all(
        "bs => bs.map(b => [b.dataset.tool, b.parentElement.scrollWidth - b.parentElement.clientWidth])"
    )
    assert all(px <= 1 for _, px in overflow), overflow
    overview = nbprof.load(nbprof.examples.path("jax_mlp_train")).overview()
    block = page.locator(".jp-OutputArea-output > .nbprof-static[data-tool=overview]").first
    assert f"{overview.summary['step_time_ms_avg']:.4g} ms" in block.inner_text()
    assert block.locator("table").first.is_visible()
    # the only requests that left the page are nbconvert's own (require.js, MathJax), not nbprof's
    assert all(
        "cdnjs.cloudflare.com" in url or "unpkg.com" in url or "jsdelivr" in url for url in page.offline_guard.blocked
    ), page.offline_guard.blocked
    block.scroll_into_view_if_needed()
    screenshot(page, f"nbconvert-quickstart-{width}", full_page=False)
