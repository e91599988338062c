"""A static page that mounts the trace viewer with a fake model wired to the real kernel side.

The fake model's ``send`` calls a Playwright-exposed Python function that runs
``TraceViewer.model.handle`` (the same code the widget's comm handler runs) and returns the
reply's JSON and base64 buffers; the page turns them back into DataViews, as ipywidgets
delivers them, and emits ``msg:custom``. So every viewport the browser asks for is answered
by the real ``query``. Used by the browser tests and the browser benchmark.

``window.__requestHook`` (set from a test) sees every request before it leaves: it returns the
message to send (possibly altered, e.g. a NaN that JSON turns into null) or ``null`` to drop it,
as a kernel that never answers would. ``mount(width=...)`` sets the output area's width in px.
"""

from __future__ import annotations

import base64
import json
import time
from typing import Any

from nbprof.trace.index import split_binary

HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>trace harness</title>
<style>body{margin:8px;font-family:sans-serif} #root{width:min(1800px, calc(100vw - 20px))}</style></head>
<body><div id="root"></div>
<script type="module">
class FakeModel {
  constructor(state) { this.state = state; this.handlers = {}; this.saved = []; this.sent = 0; this.dirty = {}; }
  get(name) { return this.state[name]; }
  set(name, value) { this.state[name] = value; this.dirty[name] = value; }
  on(event, cb) { (this.handlers[event] ??= []).push(cb); }
  off(event, cb) { this.handlers[event] = (this.handlers[event] || []).filter((h) => cb && h !== cb); }
  emit(event, ...args) { for (const cb of this.handlers[event] || []) cb(...args); }
  save_changes() { this.saved.push({ ...this.dirty }); this.dirty = {}; }
  send(content) {
    this.sent++;
    if (window.__requestHook) {
      content = window.__requestHook(content);
      if (content === null) return;
    }
    window.pyTrace(JSON.stringify(content)).then((text) => {
      const reply = JSON.parse(text);
      const buffers = reply.buffers_b64.map((b) => {
        const bin = Uint8Array.from(atob(b), (c) => c.charCodeAt(0));
        return new DataView(bin.buffer);
      });
      this.emit("msg:custom", reply.content, buffers);
    });
  }
  kernelSet(name, value) { this.state[name] = value; this.emit(`change:${name}`, value); }
}
window.mountWidget = async (state, width) => {
  if (width) document.getElementById("root").style.width = `${width}px`;
  const mod = await import("/widget.js");
  const model = new FakeModel(state);
  window.__model = model;
  window.__cleanup = await mod.default.render({ model, el: document.getElementById("root") });
  return true;
};
window.__harnessReady = true;
</script></body></html>
"""


class TraceHarness:
    """Serve the page, answer the view's requests with ``viewer.model.handle``; record timings."""

    def __init__(self, page: Any, viewer: Any):
        self.page = page
        self.viewer = viewer
        self.kernel_ms: list[float] = []
        self.reply_bytes: list[int] = []
        page.expose_function("pyTrace", self._answer)
        esm = viewer.get_state()["_esm"]
        files = {"/index.html": ("text/html", HTML), "/widget.js": ("text/javascript", str(esm))}

        def serve(route: Any) -> None:
            path = "/" + route.request.url.split("/", 3)[3].split("?")[0]
            ctype, body = files.get(path, ("text/plain", None))
            route.fulfill(status=200 if body else 404, content_type=ctype, body=body or "not found")

        page.route("http://harness.test/**", serve)

    def _answer(self, text: str) -> str:
        t = time.perf_counter()
        reply = self.viewer.model.handle(json.loads(text))
        content, buffers = split_binary(reply)
        self.kernel_ms.append((time.perf_counter() - t) * 1e3)
        self.reply_bytes.append(sum(b.nbytes for b in buffers) + len(json.dumps(content)))
        return json.dumps({"content": content, "buffers_b64": [base64.b64encode(b).decode() for b in buffers]})

    def mount(self, width: int | None = None, wait: bool = True, **state: Any) -> Any:
        """Open the page and render the view (``width``: the output area's CSS px; ``state``:
        extra model values, e.g. ``reply_timeout_ms``); wait until it has drawn data."""
        full = {k: v for k, v in self.viewer.get_state().items() if not k.startswith("_") and k != "layout"}
        full.update(state)
        self.page.goto("http://harness.test/index.html")
        self.page.wait_for_function("window.__harnessReady === true")
        self.page.evaluate("([s, w]) => window.mountWidget(s, w)", [json.loads(json.dumps(full)), width])
        if wait:
            self.wait_idle()
        return self.page

    # ------------------------------------------------------------ helpers for tests
    def api(self, expr: str, arg: Any = None) -> Any:
        """Evaluate ``expr`` (a function of ``api``, ``arg``) against the viewer's test API."""
        return self.page.evaluate(
            f"([arg]) => {{ const api = document.querySelector('[data-testid=trace-viewer]').traceApi; "
            f"return ({expr}); }}",
            [arg],
        )

    def wait_idle(self, timeout: float = 20_000) -> None:
        """Until a reply has been drawn and no request is in flight or pending."""
        self.page.wait_for_function(
            "() => { const a = document.querySelector('[data-testid=trace-viewer]')?.traceApi;"
            " return a && a.state.reply && !a.pending(); }",
            timeout=timeout,
        )
        self.page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def view(self) -> tuple[float, float]:
        return tuple(self.api("[api.state.t0, api.state.t1]"))

    def set_view(self, start_ps: int, end_ps: int) -> None:
        """Move the view as the kernel does (``viewer.time_range = ...``) and wait for its data."""
        self.page.evaluate("([a, b]) => window.__model.kernelSet('time_range', [a, b])", [int(start_ps), int(end_ps)])
        self.wait_idle()

    def canvas_box(self) -> dict:
        return self.page.locator("[data-testid=trace-canvas]").bounding_box()
