"""notebooks/quickstart.ipynb runs top to bottom (nbclient) and every tool cell displays a view; converted to
static HTML by nbconvert it shows every view's numbers without script."""

from __future__ import annotations

import html.parser
import os
import pathlib
import shutil
import subprocess
import sys

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.capture

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
WIDGET = "application/vnd.jupyter.widget-view+json"


def run_notebook(name: str, tmp_path: pathlib.Path) -> list:
    """Run ``notebooks/<name>`` top to bottom in a kernel (in a copy under ``tmp_path``); its code cells, after
    checking that none raised."""
    shutil.copy(NOTEBOOKS / name, tmp_path / name)
    nb = nbformat.read(tmp_path / name, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == []
    return code


@pytest.mark.slow
def test_quickstart_runs_and_shows_views(tmp_path):
    code = run_notebook("quickstart.ipynb", tmp_path)
    shows_view = {
        c.source.splitlines()[-1]: any(WIDGET in o.get("data", {}) for o in c.get("outputs", [])) for c in code
    }
    for line in (
        "overview",
        "prof.input_pipeline()",
        "prof.tf_data_bottleneck()",
        "prof.framework_op_stats()",
        "ops",
        "prof.kernel_stats()",
        "prof.memory_profile()",
        "prof.pod_viewer()",
        "prof.hlo_stats()",
        "prof.roofline()",
        "prof.memory_viewer()",
        "nbprof.compare(prof, prof)",
    ):
        assert shows_view[line], f"no view displayed for {line!r}"
    assert (tmp_path / "nbprof_report.html").stat().st_size > 10_000


class StaticBlocks(html.parser.HTMLParser):
    """The nbprof static blocks of a page: per block its tool, its text and the tags inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[dict] = []
        self.depth = 0  # <div> depth inside the outermost block

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth == 0 and tag == "div" and "nbprof-static" in (attrs.get("class") or "").split():
            self.blocks.append({"tool": attrs.get("data-tool"), "text": [], "tags": set()})
            self.depth = 1
        elif self.depth:
            self.blocks[-1]["tags"].add(tag)
            self.depth += tag == "div"

    def handle_endtag(self, tag):
        if self.depth and tag == "div":
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.blocks[-1]["text"].append(data)


def nbconvert_html(tmp_path: pathlib.Path) -> pathlib.Path:
    """``jupyter nbconvert --execute --to html`` of the quickstart, as a user runs it (widget state stored)."""
    shutil.copy(NOTEBOOKS / "quickstart.ipynb", tmp_path / "quickstart.ipynb")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(NOTEBOOKS.parent), os.environ.get("PYTHONPATH", "")])}
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html", "quickstart.ipynb"],
        cwd=tmp_path, env=env, check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return tmp_path / "quickstart.html"


@pytest.mark.slow
def test_quickstart_as_static_html_shows_every_view(tmp_path):
    """nbconvert chooses the widget where the widget state is stored, and draws nothing offline: the
    static twin before each view is what the page shows. It holds the numbers, no script."""
    import nbprof

    parser = StaticBlocks()
    parser.feed(nbconvert_html(tmp_path).read_text(encoding="utf-8"))
    tools = [b["tool"] for b in parser.blocks]
    for tool in ("profile", "overview", "input_pipeline", "tf_data", "framework_op_stats", "op_profile",
                 "kernel_stats", "memory_profile", "pod_viewer"):  # fmt: skip
        assert tool in tools, tools
    for block in parser.blocks:
        assert not block["tags"] & {"script", "img", "iframe", "link", "style"}, block["tool"]
    overview = nbprof.load(nbprof.examples.path("jax_mlp_train")).overview()
    text = " ".join(next(b for b in parser.blocks if b["tool"] == "overview")["text"])
    assert f"{overview.summary['step_time_ms_avg']:.4g} ms" in text
    for name in overview.top_ops["name"].head(3):
        assert name in text
    card = " ".join(parser.blocks[tools.index("profile")]["text"])
    assert "2026-11-22 10:19:28 UTC" in card and "jax_mlp_train" in card


@pytest.mark.slow
def test_gpu_notebook_runs_and_shows_views(tmp_path):
    code = run_notebook("gpu.ipynb", tmp_path)
    last_line = {c.source.splitlines()[-1]: c.get("outputs", []) for c in code}
    for line in ("overview", "prof.kernel_stats()", "prof.op_profile()", "prof.trace()"):
        assert any(WIDGET in o.get("data", {}) for o in last_line[line]), f"no view displayed for {line!r}"
    notes = "".join(o.get("data", {}).get("text/plain", "") for o in last_line[last_line_of(code, "op_metrics_notes")])
    assert "command buffer" in notes and "kept" in notes
    xprof_db = "".join(o.get("data", {}).get("text/plain", "") for o in last_line[last_line_of(code, "device_op_db")])
    assert "IDLE" in xprof_db and "command_buffer_1" not in xprof_db  # XProf's view: the GPU idle


def last_line_of(code, text: str) -> str:
    (line,) = [c.source.splitlines()[-1] for c in code if text in c.source.splitlines()[-1]]
    return line
