"""Shared behaviour of tool results: a readable text repr and an inline view in notebooks.

Results keep their DataFrames as attributes. When a notebook displays one, the matching
view is looked up lazily with ``nbprof.widgets.view_for(result)``; if the widgets cannot be
loaded (no front end, missing package) the text repr is shown instead, never an error.
"""

from __future__ import annotations

from typing import Any

import pandas as pd


def _view_bundle(obj: Any, include: Any = None, exclude: Any = None) -> dict[str, Any] | None:
    """The widget's mime bundle for ``obj``, or None when there is no view for it."""
    try:
        from nbprof.widgets import view_for
    except Exception:  # widgets not importable: fall back to text
        return None
    view = view_for(obj)
    if view is None:
        return None
    return view._repr_mimebundle_(include=include, exclude=exclude)


class ToolResult:
    """Base class of result objects: subclasses implement ``_text()`` (a few lines)."""

    tool: str = ""

    def _text(self) -> str:  # pragma: no cover - overridden
        return f"<{type(self).__name__}>"

    def __repr__(self) -> str:
        return self._text()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        bundle = _view_bundle(self, include, exclude)
        if bundle is None:
            return {"text/plain": self._text()}
        if isinstance(bundle, tuple):
            data, meta = bundle
            data.setdefault("text/plain", self._text())
            return data, meta
        bundle.setdefault("text/plain", self._text())
        return bundle


class ToolFrame(pd.DataFrame):
    """A DataFrame returned by a tool, which displays the tool's view in a notebook.

    Any operation on it (filtering, sorting, ...) returns a plain DataFrame, so queries
    behave exactly as with pandas. ``tool`` names the tool; ``info`` holds small extras
    (e.g. which events were used, what could not be attributed).
    """

    _metadata = ["tool", "info"]

    @property
    def _constructor(self) -> type[pd.DataFrame]:
        return pd.DataFrame

    @classmethod
    def wrap(cls, frame: pd.DataFrame, tool: str, info: dict[str, Any] | None = None) -> ToolFrame:
        out = cls(frame)
        out.tool = tool
        out.info = dict(info or {})
        return out

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        bundle = _view_bundle(self, include, exclude)
        if bundle is None:
            return {"text/plain": pd.DataFrame.__repr__(self), "text/html": pd.DataFrame._repr_html_(self)}
        return bundle
