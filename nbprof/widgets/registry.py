"""Which view shows each tool's result: an explicit table keyed by the tool's registered id.

``mime_bundle(result)`` is what a result's ``_repr_mimebundle_`` calls (through the view
provider ``nbprof/__init__.py`` registers with ``nbprof.tools._result``): the widget's
bundle with the view's static HTML as ``text/html``, or None when the tool has no standalone view.
"""

from __future__ import annotations

import importlib
import uuid
from typing import Any

from nbprof.tools.registry import TOOLS

# tool id -> payload builder module (nbprof.widgets.payloads.<module>) whose ``build(result)``
# makes what ``static/<tool>.js`` draws.
VIEWS: dict[str, str] = {
    "overview": "overview",
    "input_pipeline": "input_pipeline",
    "tf_data": "tf_data",
    "framework_op_stats": "framework_op_stats",
    "op_profile": "op_profile",
    "hlo_stats": "hlo_stats",
    "kernel_stats": "kernel_stats",
    "memory_profile": "memory_profile",
    "memory_viewer": "memory_viewer",
    "roofline": "roofline",
    "pod_viewer": "pod_viewer",
    "compare": "compare",
}

# Views of results that are not one profile's (compare: two profiles), so not tabs of the app.
NOT_IN_APP = frozenset({"compare"})

# Tabs of the app, in the registry's order: one profile's tools with a view, and the trace viewer.
APP_TOOLS: list[str] = [tool for tool in TOOLS if (tool in VIEWS and tool not in NOT_IN_APP) or tool == "trace"]


def label(tool: str) -> str:
    """The label the app shows for a tool id."""
    return TOOLS[tool].label if tool in TOOLS else tool


def new_static_id() -> str:
    """An id shared by a view and its static twin (the live view hides the twin)."""
    return f"nbprof-{uuid.uuid4().hex[:12]}"


def payload_for_result(result: Any) -> dict[str, Any]:
    """The payload the view of ``result.tool`` draws for this result."""
    tool = result.tool
    module = importlib.import_module(f"nbprof.widgets.payloads.{VIEWS[tool]}")
    payload = {"tool": tool, "host": "", "title": label(tool), **module.build(result)}
    payload.setdefault("available", True)
    payload["static_id"] = new_static_id()
    return payload


def answer_for(result: Any) -> Any:
    """How the view of ``result`` answers a selection the kernel computes (the memory viewer's
    module: ``result.for_module``), or None for views whose choices are all in their payload."""
    if result.tool == "memory_viewer" and hasattr(result, "for_module"):
        from nbprof.widgets.payloads import memory_viewer

        return lambda payload, request: memory_viewer.answer(payload, request, result.for_module)
    return None


def view_for(result: Any) -> Any:
    """The widget that shows a tool result, or None when its tool has no view."""
    tool = getattr(result, "tool", None)
    if tool not in VIEWS:
        return None
    from nbprof.widgets._base import view_class

    return view_class(tool)(payload_for_result(result), answer=answer_for(result))


def mime_bundle(result: Any, include: Any = None, exclude: Any = None) -> Any:
    """The notebook mime bundle of a tool result's view (widget and static HTML), or None when it has none."""
    view = view_for(result)
    if view is None:
        return None
    from nbprof.widgets.static_html import render

    bundle = view._repr_mimebundle_(include=include, exclude=exclude)
    data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
    data = {**data, "text/html": render(view.payload)}
    return (data, meta) if meta else data
