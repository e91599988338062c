"""Pytest fixtures for nbprof's real-browser tests of its anywidget views.

Adapted from the proven recipe in the project's shared notes (browser-tests). Used by the
views' tests and the trace viewer's tests alike.

Three layers, cheapest first:

* ``browser`` / ``page``  - Playwright (pip package only) driving the *system*
  Chromium (``CHROMIUM_PATH`` env var, else ``shutil.which("chromium")``).
  ``playwright install`` is never needed.
* ``harness_page``        - the widget's ESM mounted in a static page with a fake
  ``model``; served from memory through ``page.route`` (no HTTP server, no kernel).
* ``jupyter_server``      - a throw-away JupyterLab / Notebook 7 server on a free
  loopback port with a random token and an isolated config/runtime/settings dir.

Every page blocks requests that leave 127.0.0.1, so a widget that silently needs
a CDN fails the test instead of passing on a developer laptop with internet.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]  # holds the nbprof package (put on the kernel's PYTHONPATH)
FIXTURES = REPO_ROOT / "tests" / "fixtures"

# Flags that keep Chromium from stalling on a machine without internet.
# Playwright itself adds --headless and a fresh temporary --user-data-dir.
CHROMIUM_ARGS = [
    "--no-sandbox",  # running as root in a container
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # small /dev/shm in containers
]


def _chromium_path() -> str:
    for candidate in (
        os.environ.get("CHROMIUM_PATH"),
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
        shutil.which("google-chrome"),
    ):
        if candidate:
            return candidate
    pytest.fail("No Chromium found: apt-get install chromium, or set CHROMIUM_PATH", pytrace=False)


# --------------------------------------------------------------------------- artifacts
@pytest.fixture(scope="session")
def artifacts_dir(tmp_path_factory) -> Path:
    """Screenshots and timings go here: ``artifacts/browser`` in the repository (gitignored);
    ``NBPROF_ARTIFACTS_DIR`` overrides."""
    env = os.environ.get("NBPROF_ARTIFACTS_DIR") or os.environ.get("BT_ARTIFACTS_DIR")
    path = Path(env) if env else REPO_ROOT / "artifacts" / "browser"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def timings(artifacts_dir):
    """A dict tests fill with seconds; written to timings.json and printed at the end."""
    data: dict[str, float] = {}
    yield data
    (artifacts_dir / "timings.json").write_text(json.dumps(data, indent=2))
    print("\n[timings] " + ", ".join(f"{k}={v:.2f}s" for k, v in data.items()))
    print(f"[artifacts] {artifacts_dir}")


# --------------------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class OfflineGuard:
    """Records (and aborts) every request that does not go to loopback."""

    blocked: list[str] = field(default_factory=list)

    def handle(self, route):
        url = route.request.url
        host = url.split("/")[2] if "://" in url else ""
        if url.startswith(("data:", "blob:", "file:")) or host.split(":")[0] in (
            "127.0.0.1",
            "localhost",
            "harness.test",
        ):
            route.fallback()
        else:
            self.blocked.append(url)
            route.abort()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    # Make the test outcome visible to fixtures (for screenshot-on-failure).
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)


@pytest.fixture
def screenshot(artifacts_dir):
    """``screenshot(page_or_locator, "name")`` saves ``<artifacts>/<name>.png`` and returns its path."""

    def take(target, name: str, **kwargs) -> Path:
        path = artifacts_dir / f"{_safe(name)}.png"
        target.screenshot(path=str(path), **kwargs)
        return path

    return take


def pytest_collection_modifyitems(config, items):
    # Every test under tests/browser drives a real Chromium: mark it so `-m "not browser"` skips them.
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def page(browser, request, artifacts_dir):
    """A fresh context+page; console errors are collected; screenshot on failure."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    guard = OfflineGuard()
    context.route("**/*", guard.handle)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.console_errors = []  # type: ignore[attr-defined]
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    page.offline_guard = guard  # type: ignore[attr-defined]
    yield page
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            page.screenshot(path=str(artifacts_dir / f"FAILED-{_safe(request.node.name)}.png"), full_page=True)
        except Exception:  # a crashed page must not hide the test's own failure
            pass
    context.close()


# --------------------------------------------------------------------------- static harness
HARNESS_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>widget harness</title>
<style>body{margin:8px;font-family:sans-serif} body.dark{background:#111;color:#ddd}
#root{width:900px}</style></head>
<body><div id="root"></div>
<script type="module">
// Minimal stand-in for the anywidget/ipywidgets model: get/set/on/off/save_changes/send.
// Binary traits arrive as DataView, like ipywidgets 8 delivers them.
class FakeModel {
  constructor(state) { this.state = state; this.handlers = {}; this.saved = []; this.sent = []; this.dirty = {}; }
  get(name) { return this.state[name]; }
  set(name, value) {
    const old = this.state[name];
    this.state[name] = value; this.dirty[name] = value;
    if (old !== value) this.emit(`change:${name}`, value); // ipywidgets fires change on set
  }
  on(event, cb) { (this.handlers[event] ??= []).push(cb); }
  off(event, cb) {
    if (!event) { this.handlers = {}; return; }
    this.handlers[event] = (this.handlers[event] || []).filter((h) => cb && h !== cb);
  }
  emit(event, ...args) { for (const cb of this.handlers[event] || []) cb(...args); }
  save_changes() { this.saved.push({ ...this.dirty }); this.dirty = {}; }
  send(content, callbacks, buffers) { this.sent.push({ content, buffers }); }
  // Test-side helpers ("the kernel"): push a change or a custom message into the view.
  kernelSet(name, value) { this.state[name] = value; this.emit(`change:${name}`, value); this.emit("change"); }
  kernelSend(content, buffers = []) { this.emit("msg:custom", content, buffers); }
}
function decodeState(json) {
  const state = {};
  for (const [k, v] of Object.entries(json)) {
    if (v && typeof v === "object" && "__b64__" in v) {
      const bin = Uint8Array.from(atob(v.__b64__), (c) => c.charCodeAt(0));
      state[k] = new DataView(bin.buffer);
    } else state[k] = v;
  }
  return state;
}
window.decodeState = decodeState;
window.mountWidget = async (stateJson) => {
  const mod = await import("/widget.js");
  const widget = mod.default ?? mod;
  const model = new FakeModel(decodeState(stateJson));
  const el = document.getElementById("root");
  el.replaceChildren();
  if (widget.initialize) await widget.initialize({ model });
  window.__cleanup = await widget.render({ model, el });
  window.__model = model;
  return true;
};
window.__harnessReady = true;
</script></body></html>
"""


def set_root_width(page, width: int) -> None:
    """Make the harness's output area (``#root``) ``width`` px wide, the window 40 px wider."""
    page.set_viewport_size({"width": width + 40, "height": 900})
    page.evaluate("(w) => { document.getElementById('root').style.width = w + 'px'; }", width)


def widget_state_for_js(widget) -> dict:
    """Synced trait values of a real Python widget, with bytes as base64 (decoded to DataView in JS)."""
    import base64

    out = {}
    for name, value in widget.get_state().items():  # the same JSON ipywidgets would send
        if name.startswith("_"):
            continue
        if isinstance(value, (bytes, bytearray, memoryview)):
            value = {"__b64__": base64.b64encode(bytes(value)).decode()}
        out[name] = value
    return out


@pytest.fixture
def harness_page(page):
    """Return ``mount(widget, dark=False)``: renders the widget's ``_esm`` in a static page
    (900 px wide, like a notebook cell) and returns the Playwright page.
    ``window.__model`` is the fake model (``kernelSet``/``kernelSend`` play the kernel's part;
    ``saved``/``sent`` record what the view sent). ``mount(esm=..., state=...)`` mounts raw text;
    ``width=`` sets the output area's width (``set_root_width`` changes it later)."""

    def mount(
        widget=None, *, esm: str | None = None, state: dict | None = None, dark: bool = False, width: int | None = None
    ):
        # anywidget sends the file's text as the `_esm` trait
        esm_text = esm if esm is not None else widget.get_state()["_esm"]
        state = state if state is not None else widget_state_for_js(widget)
        files = {
            "/index.html": ("text/html", HARNESS_HTML),
            "/widget.js": ("text/javascript", str(esm_text)),
        }

        def serve(route):
            path = "/" + route.request.url.split("/", 3)[3].split("?")[0]
            if path in files:
                ctype, body = files[path]
                route.fulfill(status=200, content_type=ctype, body=body)
            else:
                route.fulfill(status=404, body="not found")

        page.route("http://harness.test/**", serve)
        page.goto("http://harness.test/index.html")
        page.wait_for_function("window.__harnessReady === true")
        if dark:
            page.evaluate("document.body.classList.add('dark')")
        if width is not None:  # the output area's width (px); the window is made wide enough for it
            set_root_width(page, width)
        page.evaluate("(s) => window.mountWidget(s)", state)
        return page

    return mount


# --------------------------------------------------------------------------- jupyter server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class JupyterServer:
    proc: subprocess.Popen
    base_url: str
    token: str
    root_dir: Path
    log_path: Path
    startup_s: float

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base_url}{path}{sep}token={self.token}"

    def api(self, path: str, method: str = "GET", data: dict | None = None):
        req = urllib.request.Request(
            f"{self.base_url}{path}",
            method=method,
            data=json.dumps(data).encode() if data is not None else None,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(req, timeout=10) as resp:
            body = resp.read()
            return json.loads(body) if body else None

    def stop(self, timeout: float = 20) -> None:
        if self.proc.poll() is not None:
            return
        try:  # clean shutdown: also shuts down the kernels the server started
            self.api("/api/shutdown", method="POST")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def start_jupyter(app: str, root_dir: Path, state_dir: Path, timeout: float = 90) -> JupyterServer:
    """Start ``jupyter lab`` (app="jupyterlab") or Notebook 7 (app="notebook")."""
    port, token = free_port(), secrets.token_hex(16)
    # Pre-seed user settings: no news / update-check toast covering the page.
    settings = state_dir / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = {
        **os.environ,
        # Isolate from ~/.jupyter, ~/.ipython and other running servers.
        "JUPYTER_CONFIG_DIR": str(state_dir / "config"),
        "JUPYTER_RUNTIME_DIR": str(state_dir / "runtime"),
        "IPYTHONDIR": str(state_dir / "ipython"),
        "JUPYTER_PLATFORM_DIRS": "1",
        # The kernel (a child of the server) must be able to import the widget package.
        "PYTHONPATH": os.pathsep.join([str(REPO_ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    cls = "LabApp" if app == "jupyterlab" else "JupyterNotebookApp"
    cmd = [
        sys.executable,
        "-m",
        app,
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",  # fail loudly instead of silently taking another port
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root_dir}",
        "--expose-app-in-browser",  # window.jupyterapp -> run cells through the command registry
        f"--{cls}.user_settings_dir={state_dir / 'settings'}",
        f"--{cls}.workspaces_dir={state_dir / 'workspaces'}",
        f"--{cls}.news_url=",
        f"--{cls}.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers/CI often run as root; the server refuses otherwise
    if app != "jupyterlab":  # the two LabApp-only traits
        cmd = [c for c in cmd if "news_url" not in c and "check_for_updates" not in c]
    log_path = state_dir / f"{app}.log"
    log = open(log_path, "w")
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root_dir)
    server = JupyterServer(proc, f"http://127.0.0.1:{port}", token, root_dir, log_path, 0.0)
    deadline = t0 + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"{app} exited early:\n{log_path.read_text()[-3000:]}")
        try:
            server.api("/api/status")
            break
        except (urllib.error.URLError, ConnectionError, OSError):
            if time.perf_counter() > deadline:
                server.stop()
                raise RuntimeError(f"{app} did not start in {timeout}s:\n{log_path.read_text()[-3000:]}") from None
            time.sleep(0.2)
    server.startup_s = time.perf_counter() - t0
    return server


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory):
    """Factory: ``jupyter_server("jupyterlab")`` / ``jupyter_server("notebook")``.
    One server per app per session; all stopped (kernels included) at the end."""
    servers: dict[str, JupyterServer] = {}

    def get(app: str = "jupyterlab") -> JupyterServer:
        if app not in servers:
            root = tmp_path_factory.mktemp(f"{app}-root")
            state = tmp_path_factory.mktemp(f"{app}-state")
            servers[app] = start_jupyter(app, root, state)
        return servers[app]

    yield get
    for server in servers.values():
        server.stop()


# --------------------------------------------------------------------------- notebook helpers
def write_notebook(path: Path, cells: list[str]) -> Path:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    nbformat.write(nb, path)
    return path


# JS run in the page; needs --expose-app-in-browser. Works in JupyterLab 4 and Notebook 7.
# Cells are addressed through the notebook *path*, not "the current tab", so a
# restored workspace or a second open notebook cannot make a test run the wrong cell.
JS_FIND_PANEL = """(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  for (const w of app.shell.widgets('main')) if (w.context?.path === path) return w;
  return null;
}"""

JS_KERNEL_IDLE = f"""(path) => {{
  const panel = ({JS_FIND_PANEL})(path);
  const kernel = panel?.sessionContext?.session?.kernel;
  return !!(panel?.context?.isReady && kernel?.status === 'idle' && kernel.connectionStatus === 'connected');
}}"""

JS_RUN_CELL = f"""async ([path, index]) => {{
  const app = window.jupyterapp;
  const panel = ({JS_FIND_PANEL})(path);
  app.shell.activateById(panel.id);
  panel.content.activeCellIndex = index;
  await app.commands.execute('notebook:run-cell');  // resolves when the kernel has replied
}}"""


def open_notebook(page, server: JupyterServer, name: str, ui: str = "lab") -> None:
    """Open ``name`` (relative to the server root) and wait until its kernel is idle."""
    # ``?reset`` starts JupyterLab with an empty workspace (no tabs restored).
    path = f"/lab/tree/{name}?reset" if ui == "lab" else f"/notebooks/{name}"
    page.goto(server.url(path))
    page.wait_for_function(JS_KERNEL_IDLE, arg=name, timeout=60_000)
    page.current_notebook = name  # type: ignore[attr-defined]


def run_cell(page, index: int, name: str | None = None) -> None:
    """Execute one cell of the open notebook and wait until the kernel has finished it."""
    page.evaluate(JS_RUN_CELL, [name or page.current_notebook, index])


def cell_output_text(page, index: int) -> str:
    return page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-OutputArea").inner_text()


def rerun_cell_until(page, index: int, text: str, timeout: float = 15) -> str:
    """Run cell ``index`` repeatedly until its output contains ``text`` (kernel-side polling)."""
    deadline = time.monotonic() + timeout
    while True:
        run_cell(page, index)
        out = cell_output_text(page, index)
        if text in out:
            return out
        if time.monotonic() > deadline:
            raise AssertionError(f"cell {index} output never contained {text!r}; last: {out!r}")
        page.wait_for_timeout(250)


# --------------------------------------------------------------------------- nbprof helpers
from browser_helpers import INJECTION, assert_clean, fmt_bytes, fmt_ps  # noqa: E402,F401  (re-exported)

# ``load_fixture(name)`` (each fixture loaded once per session) comes from tests/conftest.py.


@pytest.fixture(scope="session")
def multi_host_logdir(tmp_path_factory) -> Path:
    """A run with two hosts: a JAX CPU training profile (worker0) and a TF BFC-memory one (worker1)."""
    run = tmp_path_factory.mktemp("multihost") / "plugins" / "profile" / "run1"
    run.mkdir(parents=True)
    for host, fixture in (("worker0", "jax_mlp_train"), ("worker1", "tf_cpu_bfc_memory")):
        src = next((FIXTURES / fixture).glob("plugins/profile/*/*.xplane.pb"))
        shutil.copy(src, run / f"{host}.xplane.pb")
    return run.parents[2]
