"""notebooks/quickstart.ipynb runs top to bottom (nbclient) and every tool cell displays a view."""

from __future__ import annotations

import pathlib
import shutil

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.capture

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.mark.slow
def test_quickstart_runs_and_shows_views(tmp_path):
    shutil.copy(NOTEBOOKS / "quickstart.ipynb", tmp_path / "quickstart.ipynb")
    nb = nbformat.read(tmp_path / "quickstart.ipynb", as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    code = [c for c in nb.cells if c.cell_type == "code"]
    errors = [o for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == []
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
    ):
        assert shows_view[line], f"no view displayed for {line!r}"
    assert (tmp_path / "nbprof_report.html").stat().st_size > 10_000
