"""The anywidget classes behind every view: one ESM bundle per view in ``nbprof/static``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

STATIC = Path(__file__).resolve().parent.parent / "static"

# ``answer(payload, request)`` -> the payload to show after the view asked for something else
# (another module of the memory viewer): never raises, a request it cannot serve says so in the payload.
Answer = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]


def esm_path(view: str) -> Path:
    """Path of the built bundle of ``view`` (``js/src/views/<view>.js`` -> ``nbprof/static/<view>.js``)."""
    return STATIC / f"{view}.js"


class ToolView(anywidget.AnyWidget):
    """One tool's view: the front end draws ``payload`` (compact JSON of what the view shows).

    Views with a selection the kernel computes (the memory viewer's module) send
    ``{"kind": "select", ...}``; ``answer`` turns it into the next payload."""

    payload = traitlets.Dict().tag(sync=True)

    def __init__(self, payload: dict[str, Any], answer: Answer | None = None, **kwargs: Any) -> None:
        super().__init__(payload=payload, **kwargs)
        self._answer = answer
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self._answer is None or not isinstance(content, dict) or content.get("kind") != "select":
            return
        self.payload = self._answer(self.payload, content)


_VIEW_CLASSES: dict[str, type[ToolView]] = {}


def view_class(tool: str) -> type[ToolView]:
    """The ToolView subclass whose ``_esm`` is ``static/<tool>.js`` (created once per tool)."""
    if tool not in _VIEW_CLASSES:
        name = "".join(part.title() for part in tool.split("_")) + "View"
        _VIEW_CLASSES[tool] = type(name, (ToolView,), {"_esm": esm_path(tool), "__module__": __name__})
    return _VIEW_CLASSES[tool]
