"""How a result or a profile shows in IPython: two outputs, its static HTML and then its live view.

Front ends that draw widgets choose the widget of the second output, and the view hides the first
(its *static twin*, found by a shared ``data-nbprof-id``). Front ends that do not — nbconvert,
nbviewer, GitHub, VS Code without the widget manager, a notebook reopened without its kernel — show
the first output's HTML. One bundle holding both would not do: ``nbconvert --execute`` stores the
widget state and then always chooses the widget, which draws nothing without a CDN.
"""

from __future__ import annotations

from typing import Any

from nbprof.widgets.registry import view_for
from nbprof.widgets.static_html import profile_html, render

STATIC_METADATA = {"nbprof": {"static": True}}


def _publish(static: str, bundle: Any, text: str) -> None:
    from IPython.display import display

    data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
    display({"text/html": static}, raw=True, metadata=STATIC_METADATA)
    display({**data, "text/plain": text}, raw=True, metadata=meta or None)


def show_result(result: Any) -> bool:
    """Display a tool result (the display provider of ``nbprof.tools._result``); False if it has no view."""
    view = view_for(result)
    if view is None:
        return False
    static = render(view.payload, static_id=view.payload["static_id"])
    _publish(static, view._repr_mimebundle_(), result.summary_text())
    return True


def profile_bundle(profile: Any, include: Any = None, exclude: Any = None) -> Any:
    """One mime bundle of a profile: the app's widget, its static card as ``text/html``, its repr."""
    from nbprof.widgets.app import ProfileApp

    app = ProfileApp(profile)
    bundle = app._repr_mimebundle_(include=include, exclude=exclude)
    data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
    data = {**data, "text/html": profile_html(profile, app.payload("overview")), "text/plain": repr(profile)}
    return (data, meta) if meta else data


def show_profile(profile: Any) -> None:
    """Display a whole profile: its static card (header and overview), then the app."""
    from nbprof.widgets.app import ProfileApp

    app = ProfileApp(profile)
    static = profile_html(profile, app.payload("overview"), static_id=app.view.static_id)
    _publish(static, app._repr_mimebundle_(), repr(profile))


def in_notebook_kernel() -> bool:
    """True inside a Jupyter kernel (where widgets can display), False in a terminal or plain Python."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
