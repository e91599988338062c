"""``to_html(profile, path)``: one self-contained, offline HTML file with the app and every view.

The app's ESM bundle and every payload are inlined; a minimal stand-in for the widget model
(get/set/on/off/save_changes) lets the same front end run without a kernel or a CDN. (Widget
state embedding via ``ipywidgets.embed`` loads require.js and the widget manager from a CDN.)
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path
from typing import Any

from nbprof.widgets._base import esm_path
from nbprof.widgets.app import (
    ALL_HOSTS,
    NO_STEPS_OPENING,
    app_title,
    has_data,
    has_steps,
    host_options,
    static_payloads,
)
from nbprof.widgets.payloads._common import NO_STEPS_BANNER
from nbprof.widgets.registry import label
from nbprof.widgets.static_html import header_html
from nbprof.widgets.tools import TOOLS

# The page imports the bundle from a data: URL; the model keeps state in memory.
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="nbprof">
<title>{title}</title>
<style>body {{ margin: 12px auto; max-width: 1100px; padding: 0 12px; font-family: system-ui, sans-serif; }}
@media (prefers-color-scheme: dark) {{ body {{ background: #1e1e1e; color: #e6e6e6; }} }}</style>
</head><body>
{header}
<div id="nbprof-root"></div>
<script id="nbprof-state" type="application/json">{state}</script>
<script type="module">
const state = JSON.parse(document.getElementById("nbprof-state").textContent);
class StaticModel {{
  constructor(values) {{ this.values = values; this.handlers = {{}}; }}
  get(name) {{ return this.values[name]; }}
  set(name, value) {{ this.values[name] = value; (this.handlers["change:" + name] || []).forEach((cb) => cb()); }}
  on(event, cb) {{ (this.handlers[event] ||= []).push(cb); }}
  off(event, cb) {{ if (!event) this.handlers = {{}}; else this.handlers[event] = (this.handlers[event] || []).filter((h) => h !== cb); }}
  save_changes() {{}}
  send() {{}}
}}
const mod = await import("data:text/javascript;base64,{esm_b64}");
const widget = mod.default;
window.__model = new StaticModel(state);
await widget.render({{ model: window.__model, el: document.getElementById("nbprof-root") }});
window.__nbprofReady = true;
</script></body></html>
"""


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element (no closing tag, no HTML comment openers)."""
    return (
        json.dumps(value, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    )


def export_state(profile: Any, tools: list[str] | None = None, hosts: list[str] | None = None) -> dict[str, Any]:
    """The app's model state with every payload precomputed."""
    options = host_options(profile)
    if hosts is not None:
        options = [o for o in options if o["id"] in hosts]
    payloads = static_payloads(profile, tools, [o["id"] for o in options])
    shown = [t for t in (tools or TOOLS)]
    if "trace" not in shown:
        shown.append("trace")
    host = options[0]["id"] if options else ALL_HOSTS
    steps = has_steps(profile)
    tool = "overview" if "overview" in shown else shown[0]
    if not steps:  # open where there is data, as the app does
        first = payloads.get(host, {})
        tool = next((t for t in NO_STEPS_OPENING if t in first and has_data(first[t])), tool)
    return {
        "title": app_title(profile),
        "tools": [{"id": t, "label": label(t)} for t in TOOLS if t in shown],
        "tool": tool,
        "hosts": options,
        "host": host,
        "payload": {},
        "payloads": payloads,
        "banner": None if steps else NO_STEPS_BANNER,
        "static_id": "",
    }


def to_html(profile: Any, path: str | Path, tools: list[str] | None = None, hosts: list[str] | None = None) -> Path:
    """Write one offline HTML file with the views of ``profile``; returns its path.

    ``tools`` limits the tools included (default: all but the trace viewer, which needs a
    kernel); ``hosts`` limits the host choices (default: all hosts and each host)."""
    path = Path(path)
    state = export_state(profile, tools, hosts)
    esm = esm_path("app").read_text(encoding="utf-8")
    page = PAGE.format(
        title=html.escape(state["title"]),
        header=header_html(profile),
        state=_script_json(state),
        esm_b64=base64.b64encode(esm.encode("utf-8")).decode("ascii"),
    )
    path.write_text(page, encoding="utf-8")
    return path
