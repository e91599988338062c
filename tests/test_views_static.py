"""Views without a browser: the static HTML of every view (no script, no network, text escaped), how
results and profiles display in IPython (static twin, then the view; the summary as plain text), every
result's repr, the no-steps banner and opening tool, the columns the views show, and result.figure()."""

from __future__ import annotations

import dataclasses
import re
import sys

import numpy as np
import pandas as pd
import pytest
from fixture_paths import FIXTURES
from IPython.core.interactiveshell import InteractiveShell
from IPython.display import display
from IPython.utils.capture import capture_output

import nbprof
from nbprof.errors import NbprofError
from nbprof.tools.registry import TOOLS
from nbprof.widgets import display as display_module
from nbprof.widgets import static_html
from nbprof.widgets.app import ProfileApp
from nbprof.widgets.registry import VIEWS, payload_for_result, view_for
from nbprof.widgets.tools import compute_payload

WIDGET = "application/vnd.jupyter.widget-view+json"
INJECTION = "<img src=x onerror=alert(1)>"
# tool id -> (fixture that shows it, Profile method)
SHOWN_ON = {
    "overview": ("gpu_v100", "overview"),
    "input_pipeline": ("tf_cpu_bfc_memory", "input_pipeline"),
    "tf_data": ("tf_keras_fit", "tf_data_bottleneck"),
    "framework_op_stats": ("gpu_v100", "framework_op_stats"),
    "op_profile": ("tpu_v6e", "op_profile"),
    "hlo_stats": ("amd_mi300x_gemm", "hlo_stats"),
    "kernel_stats": ("gpu_v100", "kernel_stats"),
    "memory_profile": ("gpu_v100", "memory_profile"),
    "memory_viewer": ("flax_cnn_train", "memory_viewer"),
    "roofline": ("tpu_v6e", "roofline"),
    "pod_viewer": ("jax_two_hosts", "pod_viewer"),
}


@pytest.fixture(scope="module")
def profiles():
    cache: dict[str, nbprof.Profile] = {}

    def get(name: str) -> nbprof.Profile:
        if name not in cache:
            cache[name] = nbprof.load(str(FIXTURES / name))
        return cache[name]

    return get


@pytest.fixture(scope="module")
def shell():
    return InteractiveShell.instance()


def result_of(profiles, tool: str):
    fixture, method = SHOWN_ON[tool]
    return getattr(profiles(fixture), method)()


def assert_static(text: str) -> None:
    """Static HTML: no script, no event handler, nothing loaded from anywhere (checked on every tag)."""
    tags = re.findall(r"<([a-zA-Z][^<>]*)>", text)
    assert tags
    for tag in tags:
        name = tag.split()[0].lower()
        assert name not in {"script", "img", "iframe", "link", "object", "embed", "style"}, tag
        assert re.search(r"\s(?:on\w+|src|href)\s*=", tag) is None, tag


def test_every_view_has_a_static_rendering():
    assert set(static_html.RENDERERS) == set(VIEWS)


@pytest.mark.parametrize("tool", list(SHOWN_ON))
def test_static_html_of_every_view(profiles, tool):
    result = result_of(profiles, tool)
    payload = payload_for_result(result)
    text = static_html.render(payload, static_id=payload["static_id"])
    assert_static(text)
    assert f"data-nbprof-id='{payload['static_id']}'" in text
    assert payload["advice"] if tool != "memory_profile" else payload["profiles"][payload["selected"]]["advice"]
    # the bundle a front end without widgets chooses from holds the same rendering
    data = result._repr_mimebundle_()  # through the view provider: registry.mime_bundle
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/html"] == static_html.render(payload_for_result(result))
    assert WIDGET in data and data["text/plain"] == result.summary_text()
    assert_static(data["text/html"])
    assert "Not available" not in data["text/html"]


def test_static_html_numbers_are_the_results(profiles):
    overview = profiles("gpu_v100").overview()
    text = static_html.render(payload_for_result(overview))
    s = overview.summary
    assert f"{s['step_time_ms_avg']:.4g} ms" in text  # 21.31 ms
    for name in overview.top_ops["name"].head(10):
        assert static_html.esc(name) in text
    kernels = profiles("gpu_v100").kernel_stats()
    text = static_html.render(payload_for_result(kernels))
    assert f"{kernels.table['total_duration_us'].iloc[0]:,.3f}".rstrip("0") in text
    assert "Kernel name" in text and "Occupancy (%)" in text


def test_static_html_escapes_profile_text(profiles):
    result = profiles("gpu_v100").framework_op_stats()
    table = result.table.copy()
    table.loc[table.index[:3], "name"] = [INJECTION, "</div><script>alert(1)</script>", "=cmd|' /C calc'!A0"]
    text = static_html.render(payload_for_result(dataclasses.replace(result, table=table)))
    assert_static(text)
    assert INJECTION not in text and static_html.esc(INJECTION) in text
    assert "&lt;/div&gt;&lt;script&gt;" in text


def test_static_html_of_the_memory_viewer_roofline_and_compare(profiles):
    """Their numbers as the results have them, every name escaped, no script."""
    result = profiles("flax_cnn_train").memory_viewer()
    buffers = result.buffers.copy()
    buffers.loc[buffers.index[0], "name"] = INJECTION
    result.buffers = buffers
    text = static_html.render(payload_for_result(result))
    assert_static(text)
    assert INJECTION not in text and static_html.esc(INJECTION) in text
    assert "Module jit_train_step(90)" in text and "47 other modules" in text and "7.32 MiB" in text
    largest = result.buffers_by_size.iloc[0]  # the table lists the buffers largest first
    assert text.index(static_html.esc(str(largest["name"]))) < text.index("small (&lt;16384 bytes)")

    roofline = profiles("tpu_v6e").roofline()
    text = static_html.render(payload_for_result(roofline))
    assert_static(text)
    assert "918,000 GFLOP/s" in text and "1,525.5 GiB/s" in text and "560.442 FLOP/byte" in text
    assert "13 of the 17 ops do no FLOPs" in text and "copy-done.4" in text
    text = static_html.render(payload_for_result(profiles("jax_mlp_train").roofline()))
    assert "This CPU-only profile gives no peak FLOP rate" in text and "not in the profile" in text

    comparison = nbprof.compare(profiles("tf_custom_loop"), profiles("tf_cpu_bfc_memory"))
    comparison.slower.loc[0, "name"] = "</td><script>alert(1)</script>"
    text = static_html.render(payload_for_result(comparison))
    assert_static(text)
    assert "&lt;/td&gt;&lt;script&gt;" in text
    assert "85.89 ms" in text and "98.81 ms" in text and "Slower (31)" in text and "Vanished (0)" in text


def test_static_html_of_hlo_stats(profiles):
    """Self time per category (time and share) and the first ops with their program; names escaped."""
    result = profiles("amd_mi300x_gemm").hlo_stats()
    table = result.table.copy()
    table.loc[table.index[0], "hlo_op_name"] = INJECTION
    table.loc[table.index[1], "program"] = "</td><script>alert(1)</script>"
    text = static_html.render(payload_for_result(dataclasses.replace(result, table=table)))
    assert_static(text)
    assert INJECTION not in text and static_html.esc(INJECTION) in text and "&lt;/td&gt;&lt;script&gt;" in text
    per_category = result.table.groupby("category")["total_self_time_us"].sum()
    pct = result.table.groupby("category")["total_self_time_pct"].sum()
    assert "Self time by category (share of the device&#x27;s time)" in text
    assert "<th style='text-align:left'>custom-call</th><td style='text-align:left'>" in text
    assert f"{per_category['custom-call'] / 1e3:.4g} ms ({pct['custom-call']:.2f}%)" in text  # 3.219 ms (34.04%)
    assert "<th style='text-align:left'>Program</th>" in text and "jit_dot(34)" in text
    assert f"First 15 of {len(table)} rows" in text
    cpu = static_html.render(payload_for_result(profiles("jax_mlp_train").hlo_stats()))
    assert "XProf lists no HLO ops" in cpu and "share of the xla cpu ops&#x27; self time" in cpu


def test_unavailable_view_says_why(profiles):
    payload = payload_for_result(profiles("jax_mlp_train").kernel_stats())
    text = static_html.render(payload)
    assert "Not available: this profile has no GPU kernels" in text


def test_profile_header_and_static_card(profiles):
    prof = profiles("jax_mlp_train")
    rows = dict(static_html.header_rows(prof))
    assert rows["Source"] == prof.paths[0]
    assert rows["Hosts"] == "vm"
    assert rows["Captured"] == "2026-11-22 10:19:28 UTC"  # Task Environment profile_start_time
    assert rows["nbprof"] == nbprof.__version__
    assert "relative" in dict(static_html.header_rows(profiles("gpu_v100")))["Captured"]  # no wall clock
    card = static_html.profile_html(prof, compute_payload(prof, "overview"))
    assert_static(card)
    assert "Average step time" in card and static_html.esc(prof.paths[0]) in card


def test_to_html_carries_the_header(profiles, tmp_path):
    prof = profiles("tf_keras_fit")
    text = prof.to_html(tmp_path / "r.html").read_text()
    header = re.search(r"<header class='nbprof-header'.*?</header>", text, re.S).group(0)
    assert prof.paths[0] in header and "2026-11-22 10:20:49 UTC" in header and nbprof.__version__ in header


@pytest.mark.parametrize("tool", list(SHOWN_ON))
def test_display_in_ipython_is_static_twin_then_view(profiles, shell, tool, monkeypatch):
    result = result_of(profiles, tool)
    made = []
    monkeypatch.setattr(display_module, "view_for", lambda r: made.append(view_for(r)) or made[-1])
    with capture_output() as cap:
        display(result)
    static, view = cap.outputs
    assert set(static.data) == {"text/html"} and static.metadata == {"nbprof": {"static": True}}
    static_id = re.search(r"data-nbprof-id='([^']+)'", static.data["text/html"]).group(1)
    assert view.data[WIDGET]["model_id"]
    assert view.data["text/plain"] == result.summary_text()
    # the widget shown is the one told its twin's id, to hide the twin where it draws
    (widget,) = made
    assert widget.model_id == view.data[WIDGET]["model_id"]
    assert widget.payload["static_id"] == static_id


def test_profile_displays_its_card_then_the_app(profiles, shell):
    prof = profiles("tpu_v6e")
    with capture_output() as cap:
        display(prof)
    static, app = cap.outputs
    assert "Average step time" in static.data["text/html"] and "No step markers" in static.data["text/html"]
    assert app.data["text/plain"] == repr(prof) and WIDGET in app.data
    data = prof._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert WIDGET in data and "nbprof-header" in data["text/html"]


TOOLS_WITH_RESULTS = {
    "overview": ("gpu_v100", lambda p: p.overview()),
    "input_pipeline": ("gpu_v100", lambda p: p.input_pipeline()),
    "tf_data": ("tf_keras_fit", lambda p: p.tf_data_bottleneck()),
    "framework_op_stats": ("gpu_v100", lambda p: p.framework_op_stats()),
    "op_profile": ("tpu_v6e", lambda p: p.op_profile()),
    "kernel_stats": ("gpu_v100", lambda p: p.kernel_stats()),
    "memory_profile": ("tf_cpu_bfc_memory", lambda p: p.memory_profile()),
    "memory_viewer": ("tpu_v6e", lambda p: p.memory_viewer()),
    "roofline": ("tpu_v6e", lambda p: p.roofline()),
    "pod_viewer": ("jax_mlp_train", lambda p: p.pod_viewer()),
    "hlo_stats": ("amd_mi300x_gemm", lambda p: p.hlo_stats()),
    "compare": ("jax_mlp_train", lambda p: nbprof.compare(p, p)),
}


def test_every_tool_is_covered():
    assert set(TOOLS_WITH_RESULTS) == set(TOOLS) - {"trace"}


@pytest.mark.parametrize("tool", list(TOOLS_WITH_RESULTS))
def test_plain_text_of_every_result_is_its_summary(profiles, shell, tool):
    fixture, make = TOOLS_WITH_RESULTS[tool]
    result = make(profiles(fixture))
    assert result.tool == tool
    summary = result.summary_text()
    assert repr(result) == summary and len(summary.splitlines()) <= 12
    assert "object at 0x" not in summary and not summary.startswith("<ToolResult")
    # what a text-only front end (terminal IPython, a plain-text renderer) shows: the summary, once
    with capture_output() as cap:
        display(result)
    texts = [out.data["text/plain"] for out in cap.outputs if "text/plain" in out.data]
    assert texts == [summary]


def test_no_steps_banner_and_opening_tool(profiles):
    tpu, kfit, gpu = profiles("tpu_v6e"), profiles("tf_keras_fit"), profiles("gpu_v100")
    for prof, opens in ((tpu, "op_profile"), (kfit, "framework_op_stats")):
        app = ProfileApp(prof)
        assert app.view.tool == opens and "No step markers" in app.view.banner["text"]
        assert any("nbprof.step(i)" in fix for fix in app.view.banner["fixes"])
        assert "_r=1" in app.view.banner["fixes"][-1]
    assert ProfileApp(gpu).view.tool == "overview" and ProfileApp(gpu).view.banner is None
    for tool in ("overview", "input_pipeline", "pod_viewer"):
        assert compute_payload(kfit, tool)["banner"]["text"].startswith("No step markers")
        assert compute_payload(gpu, tool).get("banner") is None


def test_cards_say_why_a_number_is_missing(profiles):
    cards = {c["id"]: c for c in compute_payload(profiles("gpu_v100"), "overview")["cards"]}
    # V100 (TF, no XLA): the kernels carry no FLOPs and there is no HLO to compute them from
    assert cards["flops"]["reason"] == (
        "no FLOP or byte counts: the device ops carry none and the profile has no HLO protos to compute them from"
    )
    assert "TPU" in cards["duty_cycle"]["reason"]
    cards = {c["id"]: c for c in compute_payload(profiles("jax_mlp_train"), "overview")["cards"]}
    assert cards["flops"]["reason"].startswith("CPU-only")
    cards = {c["id"]: c for c in compute_payload(profiles("tf_keras_fit"), "overview")["cards"]}
    assert cards["step_time"]["reason"] == "no step markers in this profile"


def shown_and_hidden(table: dict) -> tuple[list[str], list[str]]:
    shown = [c["id"] for c in table["columns"] if not c.get("hidden")]
    hidden = [c["id"] for c in table["columns"] if c.get("hidden")]
    return shown, hidden


def test_views_show_the_columns_the_results_have(profiles):
    tpu = profiles("tpu_v6e")
    shown, hidden = shown_and_hidden(compute_payload(tpu, "framework_op_stats")["table"])
    assert shown[:2] == ["name", "total_self_time_us"]
    for column in ("device_cumulative_self_time_pct", "flop_rate_gflops", "memory_bw_gibps", "bound_by"):
        assert column in shown  # TPU ops have FLOPs, bytes and a bound-by
    assert "is_eager" in hidden  # no eager op in this profile: behind the column chooser
    shown, _ = shown_and_hidden(compute_payload(profiles("gpu_v100"), "kernel_stats")["table"])
    assert shown[:3] == ["kernel_name", "total_duration_us", "occurrences"] and "occupancy_pct" in shown
    payload = payload_for_result(tpu.op_profile())  # the standalone view: both groupings, with and without idle
    assert set(payload["trees"]) == set(payload["idle_trees"]) == {"category", "program"}
    tree = payload["trees"]["category"]
    rows = pd.DataFrame(tree["rows"], columns=tree["fields"])
    frame = tpu.op_profile().tree
    with_source = frame["source_file"].astype(str) != ""
    assert with_source.any()
    got = rows.set_index("node_id").loc[frame.loc[with_source, "node_id"]]
    assert (got["source_file"].to_numpy() == frame.loc[with_source, "source_file"].to_numpy()).all()
    assert (got["source_line"].to_numpy() == frame.loc[with_source, "source_line"].to_numpy()).all()
    idle = pd.DataFrame(payload["idle_trees"]["category"]["rows"], columns=tree["fields"])
    assert "IDLE" in set(idle["name"]) and "IDLE" not in set(rows["name"])
    assert idle["time_ps"].iloc[0] == tpu.op_profile(include_idle=True).tree["time_ps"].iloc[0]


def test_overview_shows_the_program_only_where_top_op_names_repeat(profiles, tmp_path):
    from xspace_builder import xla_cpu_programs

    ops = [("jit_a", 3, "fusion.1", 400), ("jit_a", 3, "dot", 300), ("jit_b", 7, "fusion.1", 200)]
    xla_cpu_programs(tmp_path, ops)  # two programs, each with a fusion.1
    payload = payload_for_result(nbprof.load(tmp_path).overview())
    shown, _ = shown_and_hidden(payload["top_ops"])
    assert shown[:2] == ["name", "program"]
    rows = pd.DataFrame(payload["top_ops"]["rows"], columns=[c["id"] for c in payload["top_ops"]["columns"]])
    assert rows[["name", "program"]].values.tolist() == [["fusion.1", "jit_a(3)"], ["dot", "jit_a(3)"],
                                                          ["fusion.1", "jit_b(7)"]]  # fmt: skip
    text = static_html.render(payload)
    assert "<th style='text-align:left'>Program</th>" in text and "jit_b(7)" in text
    for fixture in ("jax_mlp_train", "tpu_v6e", "amd_mi300x_gemm"):  # names unique: the program behind the chooser
        payload = payload_for_result(profiles(fixture).overview())
        shown, hidden = shown_and_hidden(payload["top_ops"])
        assert "program" in hidden and "program" not in shown, fixture
        assert ">Program</th>" not in static_html.render(payload)
    _, hidden = shown_and_hidden(payload_for_result(profiles("gpu_v100").overview())["top_ops"])
    assert "program" not in hidden  # TensorFlow host ops have no program


# ----------------------------------------------------------------------------- figures
FIGURES = {
    "overview": ("gpu_v100", "overview"),
    "input_pipeline": ("tf_cpu_bfc_memory", "input_pipeline"),
    "framework_op_stats": ("gpu_v100", "framework_op_stats"),
    "hlo_stats": ("amd_mi300x_gemm", "hlo_stats"),
    "kernel_stats": ("gpu_v100", "kernel_stats"),
    "memory_profile": ("tf_cpu_bfc_memory", "memory_profile"),
    "memory_viewer": ("tpu_v6e", "memory_viewer"),
    "roofline": ("tpu_v6e", "roofline"),
    "pod_viewer": ("jax_two_hosts", "pod_viewer"),
}


@pytest.mark.parametrize("tool", list(FIGURES))
def test_figure_of_every_chart(profiles, tool):
    import plotly.graph_objects as go

    fixture, method = FIGURES[tool]
    result = getattr(profiles(fixture), method)()
    fig = result.figure()
    assert isinstance(fig, go.Figure) and len(fig.data) > 0
    if tool == "overview":  # stacked bars: per step the categories add up to the step time
        total = np.sum([np.asarray(t.y) for t in fig.data], axis=0)
        np.testing.assert_allclose(total, result.step_time_graph["step_time_ms"], rtol=1e-6)
    if tool == "kernel_stats":
        (pie,) = fig.data
        assert sum(pie.values) == pytest.approx(result.table["total_duration_us"].sum())
    if tool == "hlo_stats":  # by category and by op, each adding up to the ops' self time
        by_category, by_op = fig.data
        for pie in fig.data:
            assert sum(pie.values) == pytest.approx(result.table["total_self_time_us"].sum())
        per_category = result.table.groupby("category")["total_self_time_us"].sum()
        assert dict(zip(by_category.labels, by_category.values)) == pytest.approx(per_category.to_dict())
        first = result.table.iloc[0]  # custom-call.1 of jit_dot(49): named with its program (five programs have one)
        assert by_op.labels[0] == f"{first['hlo_op_name']} ({first['program']})"
        assert by_op.customdata[0] == pytest.approx(first["total_self_time_pct"])
        assert by_op.labels[-1] == f"Other ({len(result.table) - 10} ops)"
    if tool == "memory_profile":
        heap = next(t for t in fig.data if t.name == "Heap")
        assert max(heap.y) == result.timeline["heap_bytes"].max()
    if tool == "pod_viewer":
        total = np.sum([np.asarray(t.y) for t in fig.data], axis=0)  # one bar per step and worker
        np.testing.assert_allclose(total, result.steps["duration_us"] / 1e3, rtol=1e-6)
    if tool == "memory_viewer":  # the heap over program points, the peak where the result has it
        peak = next(t for t in fig.data if t.name == "Peak")
        assert (peak.x[0], peak.y[0]) == (result.summary["peak_position"], result.summary["peak_bytes"])
        assert max(next(t for t in fig.data if t.name == "Heap size").y) == result.summary["peak_bytes"]
    if tool == "roofline":  # log-log: the ops with FLOPs by category, the roofs meeting at the ridge
        assert fig.layout.xaxis.type == fig.layout.yaxis.type == "log"
        ops = [t for t in fig.data if t.mode == "markers" and not t.name.startswith("Ridge")]
        assert sum(len(t.x) for t in ops) == 4
        ridge = next(t for t in fig.data if t.name.startswith("Ridge"))
        assert (ridge.x[0], ridge.y[0]) == (result.ridge_point, result.peak_flop_rate_gflops)


def test_figure_of_a_comparison(profiles):
    comparison = nbprof.compare(profiles("tf_custom_loop"), profiles("tf_cpu_bfc_memory"))
    before, after = comparison.figure().data
    assert list(before.y) == ["Step time", "Host compute", "Input", "All others"]
    assert before.x[0] == pytest.approx(comparison.summary["step_time_ms_before"])
    assert after.x[0] == pytest.approx(comparison.summary["step_time_ms_after"])
    with pytest.raises(NbprofError, match="no step markers"):
        nbprof.compare(profiles("tpu_v6e"), profiles("tpu_v6e")).figure()
    with pytest.raises(NbprofError, match="no device peaks"):
        profiles("jax_mlp_train").roofline().figure()


def test_figure_errors_are_nbprof_errors(profiles, monkeypatch):
    with pytest.raises(NbprofError, match="no chart"):
        profiles("tpu_v6e").op_profile().figure()
    with pytest.raises(NbprofError, match="no step markers"):
        profiles("tf_keras_fit").overview().figure()
    with pytest.raises(NbprofError, match=r"HloStats.figure\(\): nothing to draw \(no XLA ops\)"):
        profiles("gpu_v100").hlo_stats().figure()
    monkeypatch.setitem(sys.modules, "plotly", None)  # plotly not installed
    monkeypatch.delitem(sys.modules, "plotly.graph_objects", raising=False)
    with pytest.raises(NbprofError, match=r"pip install 'nbprof\[plotly\]'"):
        profiles("gpu_v100").kernel_stats().figure()


def test_nothing_imports_plotly_but_figures():
    """plotly is optional: only widgets/figures.py imports it when it runs (type hints aside)."""
    import ast
    from pathlib import Path

    package = Path(nbprof.__file__).parent

    def runtime_imports(tree: ast.AST) -> list[str]:
        out: list[str] = []

        def visit(node: ast.AST) -> None:
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
                return  # imports for type checkers only
            if isinstance(node, ast.Import):
                out.extend(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                out.append(node.module)
            for child in ast.iter_child_nodes(node):
                visit(child)

        visit(tree)
        return out

    users = sorted(
        str(p.relative_to(package))
        for p in package.rglob("*.py")
        if any(m.split(".")[0] == "plotly" for m in runtime_imports(ast.parse(p.read_text())))
    )
    assert users == ["widgets/figures.py"]


REFERENCE = FIXTURES.parent / "reference"
# XProf's framework op stats columns -> the view's column ids
XPROF_OP_COLUMNS = {
    "Host/device": "host_or_device", "Operation Type": "type", "Operation Name": "name",
    "#Occurrences": "occurrences", "Total time (us)": "total_time_us", "Avg. time (us)": "avg_time_us",
    "Total self-time (us)": "total_self_time_us", "Avg. self-time (us)": "avg_self_time_us",
    "Total self-time on Device (%)": "device_self_time_pct",
    "Cumulative total-self time on Device (%)": "device_cumulative_self_time_pct",
    "Total self-time on Host (%)": "host_self_time_pct",
    "Cumulative total-self time on Host (%)": "host_cumulative_self_time_pct",
    "Normalized FLOP Rate (FLOPs/s)": "flop_rate_gflops", "Model FLOP Rate (GFLOP/s)": "model_flop_rate_gflops",
    "Measured Memory BW (GBytes/Sec)": "memory_bw_gibps", "Operational Intensity (FLOPs/Byte)": "operational_intensity",
    "GPU TensorCore utilization": "gpu_tensorcore_utilization_ratio", "Bound by": "bound_by",
    "Execution mode": "execution_mode",
}  # fmt: skip


def test_views_offer_every_column_xprof_shows_with_its_numbers(profiles):
    """Every column of XProf's kernel stats and framework op stats tables is in the view (shown or under
    Columns), and the rows the view draws first carry XProf's numbers (V100, XProf 2.24.2)."""
    import json

    xprof = json.loads((REFERENCE / "gpu_v100" / "kernel_stats.json").read_text())
    view = compute_payload(profiles("gpu_v100"), "kernel_stats")["table"]
    ids = [c["id"] for c in view["columns"]]
    assert set(xprof["columns"]) <= set(ids)
    rows = pd.DataFrame(view["rows"], columns=ids)
    ref = pd.DataFrame(xprof["rows"], columns=xprof["columns"])
    merged = rows.merge(ref, on=["kernel_name", "grid_dim", "block_dim"], suffixes=("", "_xprof"))
    assert len(merged) == len(ref) == len(rows)
    for column in ("occurrences", "total_duration_us", "occupancy_pct", "registers_per_thread"):
        np.testing.assert_allclose(merged[column], merged[f"{column}_xprof"], rtol=1e-6)

    xprof = json.loads((REFERENCE / "gpu_v100" / "framework_op_stats.json").read_text())
    view = compute_payload(profiles("gpu_v100"), "framework_op_stats")["table"]
    ids = [c["id"] for c in view["columns"]]
    assert set(XPROF_OP_COLUMNS.values()) <= set(ids)
    rows = pd.DataFrame(view["rows"], columns=ids).head(10)
    ref = pd.DataFrame(xprof["with_idle"], columns=xprof["columns"]).rename(columns=XPROF_OP_COLUMNS)
    merged = rows.merge(ref, on=["host_or_device", "type", "name"], suffixes=("", "_xprof"))
    assert len(merged) == len(rows)
    np.testing.assert_allclose(merged["total_self_time_us"], merged["total_self_time_us_xprof"], rtol=1e-6)
    # XProf stores fractions where the view shows percentages
    np.testing.assert_allclose(merged["host_self_time_pct"], 100 * merged["host_self_time_pct_xprof"], rtol=1e-6)
    np.testing.assert_allclose(
        merged["host_cumulative_self_time_pct"], 100 * merged["host_cumulative_self_time_pct_xprof"], rtol=1e-6
    )
