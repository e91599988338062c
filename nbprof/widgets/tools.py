"""Which analysis each tool runs and how its result becomes the view's payload.

``compute_payload(profile, tool)`` never raises: a tool whose analysis is missing or fails
returns ``{"available": False, "reason": ...}`` so the app can say so in place of the view.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from nbprof.widgets.registry import APP_TOOLS, label

log = logging.getLogger(__name__)

TOOLS = APP_TOOLS  # app order


def _op_profile(profile: Any) -> dict[str, Any]:
    from nbprof.widgets.payloads import op_profile

    return op_profile.build(profile.op_profile())


def _memory_profile(profile: Any) -> dict[str, Any]:
    from nbprof.widgets.payloads import memory_profile

    return memory_profile.build(profile.memory_profile(), compute=lambda mid: profile.memory_profile(memory_id=mid))


def _memory_viewer(profile: Any) -> dict[str, Any]:
    from nbprof.widgets.payloads import memory_viewer

    return memory_viewer.build(profile.memory_viewer())


def _answer_memory_viewer(profile: Any, payload: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    from nbprof.widgets.payloads import memory_viewer

    return memory_viewer.answer(payload, request, lambda module: profile.memory_viewer(module=module))


def _pod_viewer(profile: Any) -> dict[str, Any]:
    from nbprof.widgets.payloads import pod_viewer

    return pod_viewer.build(profile.pod_viewer())


def _simple(method: str, module: str, **kwargs: Any) -> Callable[[Any], dict[str, Any]]:
    def run(profile: Any) -> dict[str, Any]:
        import importlib

        builder = importlib.import_module(f"nbprof.widgets.payloads.{module}")
        return builder.build(getattr(profile, method)(**kwargs))

    return run


def _trace(profile: Any) -> dict[str, Any]:
    return {"text": "The trace viewer is shown below this panel (it needs a running kernel)."}


COMPUTE: dict[str, Callable[[Any], dict[str, Any]]] = {
    "overview": _simple("overview", "overview"),
    "input_pipeline": _simple("input_pipeline", "input_pipeline"),
    "tf_data": _simple("tf_data_bottleneck", "tf_data"),
    "framework_op_stats": _simple("framework_op_stats", "framework_op_stats", include_idle=True),
    "op_profile": _op_profile,
    "hlo_stats": _simple("hlo_stats", "hlo_stats"),
    "kernel_stats": _simple("kernel_stats", "kernel_stats"),
    "memory_profile": _memory_profile,
    "memory_viewer": _memory_viewer,
    "roofline": _simple("roofline", "roofline"),
    "pod_viewer": _pod_viewer,
    "trace": _trace,
}

# Tools whose view asks the kernel for another selection (the memory viewer's module):
# ``ANSWERS[tool](profile, payload, request)`` is the next payload, never an exception.
ANSWERS: dict[str, Callable[[Any, dict[str, Any], dict[str, Any]], dict[str, Any]]] = {
    "memory_viewer": _answer_memory_viewer,
}


def compute_payload(profile: Any, tool: str, host: str = "") -> dict[str, Any]:
    """The payload of ``tool`` for ``profile`` (already restricted to ``host``); never raises."""
    t0 = time.perf_counter()
    base = {"tool": tool, "host": host, "title": label(tool)}
    try:
        body = COMPUTE[tool](profile)
    except ModuleNotFoundError as err:
        body = {"available": False, "reason": f"this version of nbprof does not compute it yet ({err.name})"}
    except Exception as err:  # a failing analysis must not break the other views
        from nbprof.errors import NbprofError

        if not isinstance(err, NbprofError):
            log.warning("nbprof: %s view failed", tool, exc_info=True)
        body = {"available": False, "reason": str(err) or type(err).__name__}
    payload = {**base, **body}
    payload.setdefault("available", True)
    payload["compute_s"] = round(time.perf_counter() - t0, 4)
    return payload
