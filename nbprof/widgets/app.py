"""``ProfileApp(profile)``: the XProf experience in one cell — tool tabs, host selector, the view.

The front end asks for a (tool, host) by setting traits; Python computes that payload once
(cached) and sends it. The trace viewer, a widget of its own, is placed below when chosen.
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets
import traitlets

from nbprof.errors import NbprofError
from nbprof.widgets._base import esm_path
from nbprof.widgets.payloads._common import NO_STEPS_BANNER
from nbprof.widgets.registry import label, new_static_id
from nbprof.widgets.tools import ANSWERS, TOOLS, compute_payload

# Where the app opens when the profile has no steps (the overview is then mostly empty): the first
# of these with data.
NO_STEPS_OPENING = ("op_profile", "framework_op_stats")

ALL_HOSTS = ""


class AppView(anywidget.AnyWidget):
    """The app's front end (``static/app.js``): tabs, host selector and the current payload."""

    _esm = esm_path("app")
    title = traitlets.Unicode("nbprof").tag(sync=True)
    tools = traitlets.List().tag(sync=True)
    tool = traitlets.Unicode("overview").tag(sync=True)
    hosts = traitlets.List().tag(sync=True)
    host = traitlets.Unicode(ALL_HOSTS).tag(sync=True)
    payload = traitlets.Dict().tag(sync=True)
    payloads = traitlets.Dict().tag(sync=True)  # static exports: {host: {tool: payload}}
    banner = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)  # e.g. "no step markers"
    static_id = traitlets.Unicode("").tag(sync=True)  # the id of this app's static twin output


def host_options(profile: Any) -> list[dict[str, str]]:
    """``[{"id", "label"}]``: "All hosts" first where the profile has several."""
    hosts = [str(h) for h in getattr(profile, "hosts", [])]
    if len(hosts) <= 1:
        return [{"id": ALL_HOSTS, "label": hosts[0] if hosts else "host"}]
    return [{"id": ALL_HOSTS, "label": f"All hosts ({len(hosts)})"}] + [{"id": h, "label": h} for h in hosts]


def app_title(profile: Any) -> str:
    run = getattr(profile, "run", None)
    return f"nbprof · {run}" if run else "nbprof"


def has_steps(profile: Any) -> bool:
    """Whether the profile has step markers (``profile.steps`` has rows)."""
    return len(profile.steps) > 0


def has_data(payload: dict[str, Any]) -> bool:
    """Whether a view has something to show (framework op stats made of IDLE rows only has not)."""
    if payload.get("available") is False:
        return False
    if payload["tool"] == "framework_op_stats":
        t = payload["table"]
        i = [c["id"] for c in t["columns"]].index("type")
        return any(row[i] != "IDLE" for row in t["rows"])
    return True


class ProfileApp(ipywidgets.VBox):
    """A whole profile in one widget: pick a tool (and a host) and see its view.

    ``tool=None`` opens the overview, or, when the profile has no step markers, the first tool of
    ``NO_STEPS_OPENING`` that has data (a banner then says how to mark steps)."""

    def __init__(self, profile: Any, tool: str | None = None, **kwargs: Any) -> None:
        self.profile = profile
        self._cache: dict[tuple[str, str], dict[str, Any]] = {}
        self._hosts: dict[str, Any] = {}
        self._trace: Any = None
        steps = has_steps(profile)
        if tool is None:
            tool = "overview" if steps else self.opening_tool()
        self.view = AppView(
            title=app_title(profile),
            tools=[{"id": t, "label": label(t)} for t in TOOLS],
            hosts=host_options(profile),
            tool=tool,
            banner=None if steps else NO_STEPS_BANNER,
            static_id=new_static_id(),
        )
        super().__init__(children=(self.view,), **kwargs)
        self.view.observe(self._on_select, names=["tool", "host"])
        self.view.on_msg(self._on_request)
        self._refresh()

    # ------------------------------------------------------------------ API
    @property
    def tool(self) -> str:
        return self.view.tool

    @tool.setter
    def tool(self, value: str) -> None:
        if value not in TOOLS:
            raise NbprofError(f"unknown tool {value!r}; one of {list(TOOLS)}")
        self.view.tool = value

    @property
    def host(self) -> str:
        return self.view.host

    @host.setter
    def host(self, value: str) -> None:
        self.view.host = value

    def payload(self, tool: str, host: str = ALL_HOSTS) -> dict[str, Any]:
        """The (cached) payload the view of ``tool`` draws for ``host``."""
        key = (host, tool)
        if key not in self._cache:
            self._cache[key] = compute_payload(self.profile_for(host), tool, host)
        return self._cache[key]

    def opening_tool(self) -> str:
        """The first tool of ``NO_STEPS_OPENING`` with data, else the overview."""
        return next((t for t in NO_STEPS_OPENING if has_data(self.payload(t))), "overview")

    def profile_for(self, host: str) -> Any:
        """The profile restricted to ``host`` ("" = all hosts)."""
        if host == ALL_HOSTS:
            return self.profile
        if host not in self._hosts:
            self._hosts[host] = self.profile.for_host(host)
        return self._hosts[host]

    # ------------------------------------------------------------- internals
    def _on_select(self, change: Any) -> None:
        self._refresh()

    def _on_request(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A view asks for another selection (``{"kind": "select", "tool", "host", ...}``): compute that
        payload, keep it as the tool's, and show it if the tool and host are still the ones shown."""
        if not isinstance(content, dict) or content.get("kind") != "select":
            return
        tool, host = content.get("tool"), content.get("host", ALL_HOSTS)
        if not isinstance(tool, str) or not isinstance(host, str):
            return
        if tool not in ANSWERS or host not in {h["id"] for h in self.view.hosts}:
            return
        payload = ANSWERS[tool](self.profile_for(host), self.payload(tool, host), content)
        self._cache[(host, tool)] = payload
        if (self.view.tool, self.view.host) == (tool, host):
            self.view.payload = payload

    def _refresh(self) -> None:
        tool, host = self.view.tool, self.view.host
        self.view.payload = self.payload(tool, host)
        self.children = (self.view, self._trace_widget(host)) if tool == "trace" else (self.view,)

    def _trace_widget(self, host: str) -> Any:
        try:
            from nbprof.widgets.trace import TraceViewer
        except ImportError:
            return ipywidgets.HTML("<i>The trace viewer is not available in this version of nbprof.</i>")
        if self._trace is None or getattr(self, "_trace_host", None) != host:
            try:
                self._trace, self._trace_host = TraceViewer(self.profile_for(host)), host
            except NbprofError as err:  # e.g. a pod reduced per host: no events of all hosts
                return ipywidgets.Label(value=" ".join(str(err).split()))
        return self._trace


def static_payloads(profile: Any, tools: list[str] | None = None, hosts: list[str] | None = None) -> dict[str, Any]:
    """Every payload of every (host, tool) for a static export: ``{host: {tool: payload}}``."""
    tools = [t for t in (tools or TOOLS) if t != "trace"]
    host_ids = hosts if hosts is not None else [h["id"] for h in host_options(profile)]
    out: dict[str, Any] = {}
    for host in host_ids:
        sub = profile if host == ALL_HOSTS else profile.for_host(host)
        out[host] = {tool: compute_payload(sub, tool, host) for tool in tools}
        out[host]["trace"] = {
            "tool": "trace",
            "host": host,
            "title": "Trace viewer",
            "available": False,
            "reason": "the trace viewer needs a running kernel: open the profile in a notebook "
            "(prof.trace()) or in Perfetto (prof.to_chrome_trace(path))",
        }
    return out
