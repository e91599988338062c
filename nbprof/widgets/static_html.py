"""Static HTML of every view, for front ends that run no widget code (nbconvert, GitHub, nbviewer,
VS Code without the widget manager): the numbers and tables of a view's payload, no script, nothing
loaded from the network, every text from the profile escaped.

``render(payload)`` dispatches on ``payload["tool"]`` through ``RENDERERS`` (keyed by tool id, like
``widgets/registry.py``); ``profile_html`` is a whole profile's card (header and overview).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from datetime import datetime, timezone
from importlib import metadata
from typing import Any

import numpy as np

from nbprof.units import format_bytes
from nbprof.xspace.frameset import Frames

MAX_ROWS = 15  # rows of a table shown statically
STATIC_CLASS = "nbprof-static"
_TIME_UNITS = ((1e12, "s"), (1e9, "ms"), (1e6, "µs"), (1e3, "ns"), (1.0, "ps"))

esc = html.escape


# --------------------------------------------------------------------------- values
def format_time_ps(ps: float) -> str:
    """Picoseconds in the best unit (as the views show them); zero is ``0``."""
    if ps == 0:
        return "0"
    for scale, unit in _TIME_UNITS:
        if abs(ps) >= scale or unit == "ps":
            return f"{ps / scale:.4g} {unit}"
    return f"{ps:.0f} ps"


def format_number(value: float) -> str:
    """``1,234,567`` for integers, at most 3 decimals otherwise."""
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.3f}".rstrip("0").rstrip(".")


def format_value(value: Any, kind: str, with_unit: bool = False) -> str:
    """A payload value as text, by its type (the Python twin of js/src/lib/format.js ``formatCell``)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if kind == "bool":
        return "yes" if value else "no"
    if isinstance(value, str) or kind in ("str", "name"):
        return str(value)
    if kind == "ps":
        return format_time_ps(value)
    if kind == "us":
        return format_time_ps(value * 1e6) if with_unit else format_number(value)
    if kind == "ms":
        return format_time_ps(value * 1e9) if with_unit else format_number(value)
    if kind == "pct":
        return f"{value:.2f}%"
    if kind == "frac":
        return f"{100 * value:.1f}%"
    if kind == "bytes":
        return format_bytes(value)
    return format_number(value)


# --------------------------------------------------------------------------- parts
NUMERIC = {"int", "num", "pct", "frac", "ps", "us", "ms", "bytes"}


def table_html(t: dict[str, Any] | None, max_rows: int = MAX_ROWS, caption: str = "") -> str:
    """A payload table (``{"columns", "rows", "total_rows"}``): its shown columns, the first rows."""
    if not t or not t.get("rows"):
        return ""
    cols = [(i, c) for i, c in enumerate(t["columns"]) if not c.get("hidden")]
    head = "".join(
        f"<th style='text-align:{'right' if c['type'] in NUMERIC else 'left'}'>{esc(c['label'])}</th>" for _, c in cols
    )
    body = "".join(
        "<tr>"
        + "".join(
            f"<td style='text-align:{'right' if c['type'] in NUMERIC else 'left'}'>"
            f"{esc(format_value(row[i], c['type']))}</td>"
            for i, c in cols
        )
        + "</tr>"
        for row in t["rows"][:max_rows]
    )
    total = int(t.get("total_rows", len(t["rows"])))
    more = f"<p style='color:#666'>First {max_rows} of {total:,} rows.</p>" if total > max_rows else ""
    title = f"<h4>{esc(caption)}</h4>" if caption else ""
    return (
        f"{title}<div style='overflow-x:auto;max-width:100%'><table class='nbprof-table'><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>{more}"
    )


def kv_html(rows: list[tuple[str, str]], caption: str = "") -> str:
    """A two-column table of labels and already formatted values."""
    if not rows:
        return ""
    body = "".join(
        f"<tr><th style='text-align:left'>{esc(k)}</th><td style='text-align:left'>{esc(v)}</td></tr>" for k, v in rows
    )
    title = f"<h4>{esc(caption)}</h4>" if caption else ""
    return f"{title}<table class='nbprof-kv'><tbody>{body}</tbody></table>"


def banner_html(banner: dict[str, Any] | None) -> str:
    if not banner:
        return ""
    codes = [f"<code>{esc(code)}</code>" for code in banner.get("fixes", [])]
    fixes = ", ".join(codes[:-1]) + (" or " if len(codes) > 1 else "") + (codes[-1] if codes else "")
    fix = f" Mark each step with {fixes}." if codes else ""
    return (
        f"<p class='nbprof-banner' style='border-left:3px solid #f9a825;padding:4px 8px'>{esc(banner['text'])}{fix}</p>"
    )


def notes_html(notes: list[str]) -> str:
    if not notes:
        return ""
    items = "".join(f"<li>{esc(n)}</li>" for n in notes)
    return f"<details><summary>Details ({len(notes)})</summary><ul>{items}</ul></details>"


def wrap(payload: dict[str, Any], body: str, static_id: str = "") -> str:
    """A view's static block: title, banner, advice, ``body``, details; marked for the live view to hide."""
    attr = f" data-nbprof-id='{esc(static_id)}'" if static_id else ""
    title = esc(str(payload.get("title") or payload.get("tool") or "nbprof"))
    if payload.get("available") is False:
        body = f"<p><i>Not available: {esc(str(payload.get('reason') or 'no data'))}</i></p>"
    advice = f"<p class='nbprof-advice'>{esc(payload['advice'])}</p>" if payload.get("advice") else ""
    return (
        f"<div class='{STATIC_CLASS}' data-tool='{esc(str(payload.get('tool', '')))}'{attr}"
        " style='max-width:100%;overflow-x:auto;font-size:13px'>"
        f"<h3 style='margin:4px 0'>{title}</h3>{banner_html(payload.get('banner'))}{advice}{body}"
        f"{notes_html(payload.get('notes') or [])}</div>"
    )


# --------------------------------------------------------------------------- views
def overview(p: dict[str, Any]) -> str:
    cards = []
    for c in p["cards"]:
        if c.get("available") is False:
            cards.append((c["label"], f"not available: {c['reason']}"))
            continue
        details = ", ".join(f"{label} {format_value(v, kind, True)}" for label, v, kind in c.get("details", []))
        value = format_value(c["value"], c["type"], True)
        cards.append((c["label"], f"{value} ({details})" if details else value))
    rec = p.get("recommendation") or {}
    rec_html = f"<h4>Recommendation for next step</h4><p>{esc(rec.get('text', ''))}</p>" if rec.get("text") else ""
    top = p.get("top_ops") or {}
    return (
        kv_html(cards, "Performance summary")
        + table_html(top, 10, top.get("title", "Top operations"))
        + kv_html([(k, str(v)) for k, v in p.get("environment", [])], "Run environment")
        + rec_html
    )


def input_pipeline(p: dict[str, Any]) -> str:
    s = p["summary"]
    stats = [(label, format_value(v, kind, True)) for label, v, kind in p["device"].get("stats", [])]
    host = [(sl["label"], format_time_ps(sl["value"] * 1e6)) for sl in p["host_breakdown"] if sl["value"] > 0]
    return (
        f"<p>{esc(s.get('text') or '')}</p>"
        + kv_html(stats, "Device-side analysis")
        + kv_html(host, "Host-side input time")
        + table_html(p.get("input_ops"), caption="Input op statistics")
    )


def tf_data(p: dict[str, Any]) -> str:
    summary = [(label, format_value(v, kind, True)) for label, v, kind in p.get("summary", [])]
    return (
        kv_html(summary, "Summary")
        + table_html(p.get("bottlenecks"), caption="Bottleneck of each slow pipeline")
        + table_html(p.get("pipelines"), caption="Pipelines")
    )


def framework_op_stats(p: dict[str, Any]) -> str:
    return table_html(p["table"], caption="Ops by self time")


def op_profile(p: dict[str, Any]) -> str:
    t = p["trees"][p["default_by"]]
    rows = [dict(zip(t["fields"], r)) for r in t["rows"]]
    kids: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        kids.setdefault(r["parent_id"], []).append(r)
    lines = []
    for group in sorted(kids.get(rows[0]["node_id"], []), key=lambda r: -(r["time_ps"] or 0)):
        lines.append((group, 0))
        for op in sorted(kids.get(group["node_id"], []), key=lambda r: -(r["time_ps"] or 0))[:5]:
            lines.append((op, 1))
    body = "".join(
        f"<tr><td style='text-align:left;padding-left:{4 + 16 * depth}px'>{esc(str(r['name']))}</td>"
        f"<td style='text-align:right'>{esc(format_value(r['time_pct'], 'pct'))}</td>"
        f"<td style='text-align:right'>{esc(format_value(r['time_ps'], 'ps'))}</td>"
        f"<td style='text-align:right'>{esc(format_value(r['flops_utilization'], 'frac'))}</td>"
        f"<td style='text-align:right'>{esc(format_value(r['bandwidth_utilization'], 'frac'))}</td></tr>"
        for r, depth in lines
    )
    head = "".join(f"<th>{h}</th>" for h in ("Name", "Time %", "Time", "FLOPS util.", "Bandwidth util."))
    summary = kv_html([(k, v) for k, v in p.get("summary", [])])
    return (
        f"{summary}<h4>By {esc(p['default_by'])} (top 5 ops each)</h4><div style='overflow-x:auto;max-width:100%'>"
        f"<table class='nbprof-table'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def kernel_stats(p: dict[str, Any]) -> str:
    return table_html(p["table"], caption="Kernels by total duration")


def hlo_stats(p: dict[str, Any]) -> str:
    pie = next((x for x in p.get("pies", []) if x["id"] == "category"), None)
    shares = [
        (sl["label"], f"{format_time_ps(sl['value'] * 1e6)} ({format_value(sl['pct'], 'pct')})")
        for sl in (pie["slices"] if pie else [])
    ]
    return kv_html(shares, f"Self time by category ({pie['pct_label'].lower()})" if pie else "") + table_html(
        p["table"], caption="HLO ops by self time"
    )


def memory_profile(p: dict[str, Any]) -> str:
    if not p.get("memory_ids"):
        return f"<p><i>Not available: {esc(str(p.get('reason') or 'no allocator events'))}</i></p>"
    one = p["profiles"][p["selected"]]
    summary = [(label, format_value(v, kind, True)) for label, v, kind, _ in one["summary"]]
    others = [i for i in p["memory_ids"] if i != p["selected"]]
    more = f"<p>Other memory ids: {esc(', '.join(others))}</p>" if others else ""
    return (
        f"<p><b>Memory id {esc(p['selected'])}</b>. {esc(one.get('advice', ''))}</p>{more}"
        + kv_html(summary, "Summary")
        + table_html(one.get("breakdown"), caption="Memory breakdown at peak")
    )


def pod_viewer(p: dict[str, Any]) -> str:
    cats, workers = p["categories"], p["workers"]
    mean_ms = np.asarray(p["values"], dtype=float).reshape(len(p["values"]), len(workers), len(cats)).mean(axis=0)
    head = "<th>Worker</th>" + "".join(f"<th>{esc(c)} (ms)</th>" for c in cats)
    body = "".join(
        f"<tr><td>{esc(w)}</td>"
        + "".join(f"<td style='text-align:right'>{format_number(round(float(v), 3))}</td>" for v in mean_ms[wi])
        + "</tr>"
        for wi, w in enumerate(workers)
    )
    return (
        f"<h4>Average step breakdown per worker over {len(p['values'])} steps</h4>"
        f"<div style='overflow-x:auto;max-width:100%'><table class='nbprof-table'><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table></div>"
    )


def memory_viewer(p: dict[str, Any]) -> str:
    summary = [(label, format_value(v, kind, True)) for label, v, kind, _ in p["summary"]]
    others = len(p.get("modules") or []) - 1
    more = (
        f"<p>{others} other modules: <code>prof.memory_viewer(module=...)</code> in a notebook shows them.</p>"
        if others > 0
        else ""
    )
    t = p.get("table") or {}
    if t.get("rows"):  # largest first, as XProf's buffers by size
        size = next(i for i, c in enumerate(t["columns"]) if c["id"] == "size_bytes")
        t = {**t, "rows": sorted(t["rows"], key=lambda r: -(r[size] or 0))}
    return (
        f"<p><b>Module {esc(str(p['module']))}</b></p>{more}"
        + kv_html(summary, "Summary")
        + table_html(t, caption="Buffers at the peak, largest first")
    )


def roofline(p: dict[str, Any]) -> str:
    d = p.get("device") or {}
    rows = [
        ("Device", str(d.get("device_type") or d.get("hardware_type") or "-")),
        ("Peak FLOP rate", f"{format_number(d['peak_flop_rate_gflops'])} GFLOP/s" if d.get("peak_flop_rate_gflops") else "not in the profile"),
        ("Peak HBM bandwidth", f"{format_number(d['peak_hbm_bw_gibps'])} GiB/s" if d.get("peak_hbm_bw_gibps") else "not in the profile"),
        ("Ridge point", f"{format_number(d['ridge_point'])} FLOP/byte" if d.get("ridge_point") else "-"),
    ]  # fmt: skip
    note = f"<p>{esc(p['chart_note'])}</p>" if p.get("chart_note") else ""
    return kv_html(rows, "Device") + note + table_html(p.get("table"), caption="Operations (row 0: the whole program)")


def compare(p: dict[str, Any]) -> str:
    def shown(value: Any, kind: str, key: str) -> str:
        if value is None:
            return "not measured in both profiles"
        return f"{value:+.2f}%" if key == "step_time_delta_pct" else format_value(value, kind, True)

    summary = [(label, shown(v, kind, key)) for label, v, kind, key in p["summary"]]
    st = p.get("steps") or {}
    steps = ""
    if st.get("metrics"):
        body = "".join(
            f"<tr><td>{esc(label)}</td><td style='text-align:right'>{esc(format_value(b, 'ms', True))}</td>"
            f"<td style='text-align:right'>{esc(format_value(a, 'ms', True))}</td></tr>"
            for label, b, a in zip(st["labels"], st["before"], st["after"])
        )
        steps = (
            "<h4>Step time and its categories (per step)</h4><table class='nbprof-table'><thead><tr><th>Metric</th>"
            f"<th>Before</th><th>After</th></tr></thead><tbody>{body}</tbody></table>"
        )
    tables = "".join(
        table_html(x["table"], 10, f"{x['label']} ({x['count']:,}), µs {p.get('op_unit', '')}")
        or f"<h4>{esc(x['label'])} (0)</h4><p>none</p>"
        for x in p.get("tables", [])
        if x["id"] != "all"
    )
    return kv_html(summary, "Before → after") + steps + tables


RENDERERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "overview": overview,
    "input_pipeline": input_pipeline,
    "tf_data": tf_data,
    "framework_op_stats": framework_op_stats,
    "op_profile": op_profile,
    "hlo_stats": hlo_stats,
    "kernel_stats": kernel_stats,
    "memory_profile": memory_profile,
    "memory_viewer": memory_viewer,
    "roofline": roofline,
    "pod_viewer": pod_viewer,
    "compare": compare,
}


def render(payload: dict[str, Any], static_id: str = "") -> str:
    """The static HTML of one view's payload (``payload["tool"]`` picks the renderer)."""
    renderer = RENDERERS.get(str(payload.get("tool")))
    body = renderer(payload) if renderer and payload.get("available") is not False else ""
    return wrap(payload, body, static_id)


# --------------------------------------------------------------------------- profile
def capture_time(profile: Frames) -> str:
    """The profile's start (``origin_ns``) as a UTC date, or why it is unknown."""
    if profile.origin_ns < 946_684_800 * 10**9:  # before 2000: relative timestamps, no wall clock
        return "unknown (the profile's timestamps are relative)"
    moment = datetime.fromtimestamp(profile.origin_ns / 1e9, tz=timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")


def nbprof_version() -> str:
    try:
        return metadata.version("nbprof")
    except metadata.PackageNotFoundError:
        return "unknown"


def header_rows(profile: Frames) -> list[tuple[str, str]]:
    """Source files, hosts, capture time and nbprof version of a profile."""
    return [
        ("Source", "; ".join(profile.paths) or "-"),
        ("Hosts", ", ".join(profile.hosts) or "-"),
        ("Captured", capture_time(profile)),
        ("nbprof", nbprof_version()),
    ]


def header_html(profile: Frames) -> str:
    """The header of a static report: source files, hosts, capture time, nbprof version (escaped)."""
    items = "".join(
        f"<div><span style='color:#666'>{esc(k)}:</span> <span data-key='{esc(k.lower())}'>{esc(v)}</span></div>"
        for k, v in header_rows(profile)
    )
    return f"<header class='nbprof-header' style='font-size:12px;margin-bottom:8px;overflow-wrap:anywhere'>{items}</header>"


def profile_html(profile: Frames, overview_payload: dict[str, Any] | None = None, static_id: str = "") -> str:
    """A profile's static card: header, size, and its overview (when given)."""
    attr = f" data-nbprof-id='{esc(static_id)}'" if static_id else ""
    # the card's facts only: ``profile.summary()`` would group every event by name for its top tables
    facts = (
        f"<p><b>nbprof profile</b> {esc(str(profile.run or ''))}: {len(profile.events):,} events over "
        f"{esc(format_time_ps(profile.duration_ps))}. The interactive tools need a notebook with a running kernel.</p>"
    )
    body = render(overview_payload) if overview_payload else ""
    return (
        f"<div class='{STATIC_CLASS}' data-tool='profile'{attr} style='max-width:100%;font-size:13px'>"
        f"{header_html(profile)}{facts}{body}</div>"
    )


def profile_summary_html(profile: Frames, top: int = 10) -> str:
    """A small HTML card: the header and the heaviest events by self time (all text escaped)."""
    summary = profile.summary()
    rows = "".join(
        f"<tr><td style='text-align:left'>{esc(str(r.name))}</td><td>{r.count:,}</td>"
        f"<td>{esc(format_time_ps(r.self_ps))}</td><td>{esc(format_time_ps(r.total_ps))}</td></tr>"
        for r in summary.top_self.head(top).itertuples(index=False)
    )
    notes = "".join(f"<div>{esc(n)}</div>" for n in [*summary.errors, *summary.warnings])
    return (
        f"<div class='{STATIC_CLASS}' style='font-size:13px'>{header_html(profile)}"
        f"<div>{summary.num_events:,} events, span {esc(format_time_ps(summary.span_ps))}</div>{notes}"
        "<table style='margin-top:4px'><thead><tr><th style='text-align:left'>event</th><th>count</th>"
        f"<th>self</th><th>total</th></tr></thead><tbody>{rows}</tbody></table></div>"
    )
