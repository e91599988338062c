"""nbprof: XProf / TensorBoard Profile inline in notebooks, with a DataFrame under every view.

    >>> import nbprof
    >>> prof = nbprof.load(nbprof.examples.path("jax_mlp_train"))
    >>> prof.events.head()          # every event, int64 picoseconds
    >>> prof.overview()             # a tool: DataFrames as attributes, a view in a notebook
    >>> prof                        # in a notebook: the XProf tools, inline

Layers, bottom to top (none imports one above it): ``proto`` -> ``xspace`` (frames) ->
``hlo`` -> ``opstats`` -> ``tools`` -> ``widgets`` / ``export`` -> ``profile`` / ``pod`` ->
``capture``, ``magic``. ``nbprof.capture`` is both a subpackage and a function (calling the package
captures from profiler servers).
"""

from __future__ import annotations

import sys as _sys
import types as _types
from typing import Any

from nbprof import examples
from nbprof.errors import CaptureError, EventsNotLoadedError, NbprofError, ProfileError, TruncatedProfileError
from nbprof.loading import load, runs
from nbprof.profile import Profile, compare
from nbprof.tools import _result as _tool_results

__version__ = "0.1.0"

from nbprof import capture as _capture_package
from nbprof.capture import profile, start, step, stop


def _view_bundle(result: Any, include: Any, exclude: Any) -> Any:
    """The notebook mime bundle of a tool result: its view (imported on first display)."""
    from nbprof.widgets.registry import mime_bundle

    return mime_bundle(result, include, exclude)


def _show(result: Any) -> bool:
    """Show a tool result in IPython: its static HTML, then its view."""
    from nbprof.widgets.display import show_result

    return show_result(result)


def _figure(result: Any) -> Any:
    """``result.figure()``: a plotly figure of the result's chart."""
    from nbprof.widgets.figures import figure

    return figure(result)


_tool_results.set_view_provider(_view_bundle)
_tool_results.set_display_provider(_show)
_tool_results.set_figure_provider(_figure)


class _CallableModule(_types.ModuleType):
    """``nbprof.capture`` is both the package and the function: calling the package captures."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.capture(*args, **kwargs)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return "<nbprof.capture: package and function; nbprof.capture('host:port,...', duration_ms=2000)>"


_capture_package.__class__ = _CallableModule
capture = _sys.modules["nbprof.capture"]


def load_ipython_extension(ip: Any) -> None:
    """``%load_ext nbprof``: register the ``%profile`` / ``%%profile`` magics."""
    from nbprof.magic import load_ipython_extension as _load

    _load(ip)


__all__ = [
    "CaptureError",
    "EventsNotLoadedError",
    "NbprofError",
    "Profile",
    "ProfileError",
    "TruncatedProfileError",
    "capture",
    "compare",
    "examples",
    "load",
    "load_ipython_extension",
    "profile",
    "runs",
    "start",
    "step",
    "stop",
]
