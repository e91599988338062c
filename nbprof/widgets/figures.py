"""``result.figure()``: a view's chart as a plotly ``go.Figure``, for users who customise or export charts.

One function per tool id (``FIGURES``), reading the result's frames as the views do. plotly is an
optional extra (``pip install nbprof[plotly]``); without it ``figure()`` raises an ``NbprofError``
that says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pandas as pd

from nbprof.errors import NbprofError
from nbprof.widgets.payloads.pod_viewer import workers
from nbprof.widgets.payloads.steps import category_columns, category_label, step_labels

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go

TOP_SLICES = 10  # pie slices before "Other", as in the views


def plotly() -> tuple[Any, Any]:
    """``(plotly.graph_objects, plotly.subplots)``, or an NbprofError saying how to install plotly."""
    try:
        import plotly.graph_objects as go
        from plotly.subplots import make_subplots
    except ImportError as err:
        raise NbprofError(
            "result.figure() needs plotly, which is an optional extra: pip install 'nbprof[plotly]'"
        ) from err
    return go, make_subplots


def _step_bars(go: Any, frame: pd.DataFrame, suffix: str) -> list[Any]:
    """One stacked-bar trace per step-time category of a per-step frame (values in ms)."""
    scale = 1.0 if suffix == "_ms" else 1e-3
    x = step_labels(frame)
    return [
        go.Bar(name=category_label(c), x=x, y=frame[f"{c}{suffix}"].to_numpy() * scale)
        for c in category_columns(frame, suffix)
    ]


def _top_slices(labels: pd.Series, values: pd.Series) -> tuple[list[str], list[float]]:
    """Values summed per label, the largest ``TOP_SLICES`` and the rest as "Other"."""
    sums = values.groupby(labels.astype(str).to_numpy()).sum()
    sums = sums[sums > 0].sort_values(ascending=False)
    top, rest = sums.head(TOP_SLICES), float(sums.iloc[TOP_SLICES:].sum())
    names, vals = top.index.tolist(), top.to_numpy(dtype=float).tolist()
    if rest > 0:
        names, vals = [*names, "Other"], [*vals, rest]
    return names, vals


def _no_chart(result: Any, why: str) -> NbprofError:
    return NbprofError(f"{type(result).__name__}.figure(): nothing to draw ({why})")


def overview(result: Any) -> go.Figure:
    go, _ = plotly()
    graph = result.step_time_graph
    if len(graph) == 0:
        raise _no_chart(result, "no step markers in this profile")
    fig = go.Figure(_step_bars(go, graph, "_ms"))
    fig.update_layout(barmode="stack", title="Step-time graph", xaxis_title="step", yaxis_title="step time (ms)")
    return fig


def input_pipeline(result: Any) -> go.Figure:
    go, make_subplots = plotly()
    steps = result.device_steps
    host = {k: v for k, v in result.host_breakdown.items() if v > 0}
    if len(steps) == 0 and not host:
        raise _no_chart(result, "no steps and no host-side input time")
    fig = make_subplots(
        rows=1,
        cols=2,
        column_widths=[0.65, 0.35],
        specs=[[{"type": "xy"}, {"type": "domain"}]],
        subplot_titles=("Device-side steps (ms)", "Host-side input time (µs)"),
    )
    for trace in _step_bars(go, steps, "_ms"):
        fig.add_trace(trace, row=1, col=1)
    if host:
        from nbprof.widgets.payloads.input_pipeline import HOST_LABELS

        fig.add_trace(
            go.Pie(labels=[HOST_LABELS.get(k, k) for k in host], values=list(host.values()), name="host input"),
            row=1,
            col=2,
        )
    fig.update_layout(barmode="stack", title="Input pipeline")
    return fig


def framework_op_stats(result: Any) -> go.Figure:
    go, make_subplots = plotly()
    table = result.table
    sides = [s for s in ("Device", "Host") if (table["host_or_device"] == s).any()]
    if not sides:
        raise _no_chart(result, "no framework ops")
    titles = [f"{s}-side self time by {what}" for s in sides for what in ("op type", "op")]
    fig = make_subplots(rows=len(sides), cols=2, specs=[[{"type": "domain"}] * 2] * len(sides), subplot_titles=titles)
    for row, side in enumerate(sides, start=1):
        rows = table[table["host_or_device"] == side]
        for col, key in ((1, "type"), (2, "name")):
            labels, values = _top_slices(rows[key], rows["total_self_time_us"])
            fig.add_trace(go.Pie(labels=labels, values=values, name=f"{side} {key}", textinfo="percent"), row, col)
    fig.update_layout(title="Framework op stats: self time (µs)")
    return fig


def kernel_stats(result: Any) -> go.Figure:
    go, _ = plotly()
    table = result.table
    if len(table) == 0:
        raise _no_chart(result, "no GPU kernels")
    labels, values = _top_slices(table["kernel_name"], table["total_duration_us"])
    fig = go.Figure(go.Pie(labels=labels, values=values, textinfo="percent", hovertemplate="%{label}<br>%{value} µs"))
    fig.update_layout(title="Kernel stats: total duration by kernel (µs)")
    return fig


def hlo_stats(result: Any) -> go.Figure:
    """Two pies as in the view: self time by category and by HLO op (program named where names repeat)."""
    from nbprof.widgets.payloads.hlo_stats import op_labels, slices

    go, make_subplots = plotly()
    table = result.table
    if len(table) == 0:
        raise _no_chart(result, "no XLA ops")
    of = "the XLA CPU ops' self time" if result.source == "host" else "the device's time"
    fig = make_subplots(
        rows=1,
        cols=2,
        specs=[[{"type": "domain"}] * 2],
        subplot_titles=("Self time by category", "Self time by HLO op"),
    )
    self_us, pct = table["total_self_time_us"], table["total_self_time_pct"]
    for col, (labels, what) in enumerate(((table["category"], "categories"), (op_labels(table), "ops")), start=1):
        cut = slices(labels, self_us, pct, what)
        fig.add_trace(
            go.Pie(
                labels=[sl["label"] for sl in cut],
                values=[sl["value"] for sl in cut],
                customdata=[sl["pct"] for sl in cut],
                name=what,
                textinfo="percent",
                hovertemplate=f"%{{label}}<br>%{{value:,.3f}} µs<br>%{{customdata:.2f}}% of {of}<extra></extra>",
            ),
            1,
            col,
        )
    fig.update_layout(title="HLO op stats: self time (µs)")
    return fig


def memory_profile(result: Any) -> go.Figure:
    go, make_subplots = plotly()
    timeline = result.timeline
    if len(timeline) == 0:
        raise _no_chart(result, result.message or "no allocator events")
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    t = timeline.sort_values("time_ms", kind="stable")
    for column, name in (("stack_bytes", "Stack"), ("heap_bytes", "Heap")):
        fig.add_trace(go.Scatter(x=t["time_ms"], y=t[column], name=name, stackgroup="memory", mode="lines"))
    fig.add_trace(
        go.Scatter(x=t["time_ms"], y=t["fragmentation"], name="Fragmentation", mode="lines"), secondary_y=True
    )
    fig.update_layout(title=f"Memory profile: {result.memory_id}", xaxis_title="time (ms)")
    fig.update_yaxes(title_text="bytes", secondary_y=False)
    fig.update_yaxes(title_text="fragmentation (0-1)", range=[0, 1], secondary_y=True)
    return fig


def pod_viewer(result: Any) -> go.Figure:
    go, _ = plotly()
    steps = result.steps
    if len(steps) == 0:
        raise _no_chart(result, "no steps")
    x = [steps["step_num"].astype(str).tolist(), workers(steps).tolist()]
    bars = [
        go.Bar(name=category_label(c), x=x, y=steps[f"{c}_us"].to_numpy() / 1e3) for c in category_columns(steps, "_us")
    ]
    fig = go.Figure(bars)
    fig.update_layout(barmode="stack", title="Pod viewer: step breakdown per worker", yaxis_title="time (ms)")
    return fig


def memory_viewer(result: Any) -> go.Figure:
    go, _ = plotly()
    heap = result.heap_timeline
    if len(heap) == 0:
        raise _no_chart(result, result.message or "no heap simulation in this module")
    s = result.summary
    fig = go.Figure(
        [
            go.Scatter(x=heap["position"], y=heap["heap_bytes"], name="Heap size", mode="lines",
                       customdata=heap["instruction"], hovertemplate="point %{x}: %{y} bytes<br>%{customdata}"),
            go.Scatter(x=heap["position"], y=heap["unpadded_heap_bytes"], name="Without padding", mode="lines"),
            go.Scatter(x=[s["peak_position"]], y=[s["peak_bytes"]], name="Peak", mode="markers",
                       marker={"size": 10, "symbol": "diamond"}),
        ]
    )  # fmt: skip
    fig.add_vline(x=s["peak_position"], line_dash="dot")
    fig.update_layout(
        title=f"Memory viewer: {result.module}",
        xaxis_title="program point (HLO sequence, not time)",
        yaxis_title="memory allocated (bytes)",
    )
    return fig


def roofline(result: Any) -> go.Figure:
    go, _ = plotly()
    from nbprof.widgets.payloads.roofline import GB_PER_GIB, placeable

    table = result.table
    ops = table[(table["category"].astype(str) != "Program").to_numpy()]
    ops = ops[placeable(ops)]
    peak, bw, ridge = result.peak_flop_rate_gflops, result.peak_hbm_bw_gibps, result.ridge_point
    roofs = peak > 0 and bw > 0 and ridge > 0  # NaN compares False
    if len(ops) == 0 and not roofs:
        raise _no_chart(result, "no device peaks and no op with FLOP counts")
    size = ops["total_time_ps"].to_numpy(dtype=float)
    traces = [
        go.Scatter(
            x=rows["hbm_operational_intensity"], y=rows["flop_rate_gflops"], mode="markers", name=str(category),
            text=rows["name"], marker={"size": 6 + 24 * (rows["total_time_ps"].to_numpy(dtype=float) / max(size.max(), 1)) ** 0.5},
            hovertemplate="%{text}<br>%{x:.4g} FLOP/byte, %{y:.4g} GFLOP/s",
        )
        for category, rows in ops.groupby(ops["category"].astype(str), sort=False)
    ]  # fmt: skip
    if roofs:
        xs = [ridge / 1e3, ridge, ridge * 1e2]
        traces.append(go.Scatter(x=xs, y=[xs[0] * bw * GB_PER_GIB, peak, peak], mode="lines", name="Roofs (HBM, peak)"))
        traces.append(go.Scatter(x=[ridge], y=[peak], mode="markers", name=f"Ridge {ridge:.4g} FLOP/byte"))
    fig = go.Figure(traces)
    fig.update_layout(title=f"Roofline: {result.device_type}", xaxis_title="HBM operational intensity (FLOP/byte)",
                      yaxis_title="FLOP rate (GFLOP/s)")  # fmt: skip
    fig.update_xaxes(type="log")
    fig.update_yaxes(type="log")
    return fig


def compare(result: Any) -> go.Figure:
    go, _ = plotly()
    from nbprof.widgets.payloads.compare import steps

    st = steps(result.step_time)
    if not st or all(v is None for v in st["before"]) or all(v is None for v in st["after"]):
        raise _no_chart(result, "no step markers in one of the profiles")
    fig = go.Figure(
        [
            go.Bar(name="Before", y=st["labels"], x=st["before"], orientation="h"),
            go.Bar(name="After", y=st["labels"], x=st["after"], orientation="h"),
        ]
    )
    fig.update_layout(barmode="group", title="Step time before and after", xaxis_title="ms per step")
    fig.update_yaxes(autorange="reversed")
    return fig


FIGURES: dict[str, Callable[[Any], go.Figure]] = {
    "overview": overview,
    "input_pipeline": input_pipeline,
    "framework_op_stats": framework_op_stats,
    "hlo_stats": hlo_stats,
    "kernel_stats": kernel_stats,
    "memory_profile": memory_profile,
    "memory_viewer": memory_viewer,
    "roofline": roofline,
    "pod_viewer": pod_viewer,
    "compare": compare,
}


def figure(result: Any) -> go.Figure:
    """The plotly figure of ``result``'s chart (dispatch on ``result.tool``)."""
    make = FIGURES.get(getattr(result, "tool", ""))
    if make is None:
        raise NbprofError(
            f"{type(result).__name__} has no chart to turn into a figure; tools with one: {', '.join(FIGURES)}"
        )
    return make(result)
