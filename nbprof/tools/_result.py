"""The one result contract every tool follows.

A tool is a function from an ``OpStats`` (and, where it needs raw events, the frames) to a
result object:

* ``tool`` — the tool's registered id (``nbprof.tools.registry.TOOLS``); views are found by it;
* its DataFrames are attributes, named in ``frame_names``; ``to_frames()`` returns them and
  ``to_csv(path)`` writes them (text cells made safe for spreadsheets);
* column names carry units: ``_ps``/``_ns``/``_us``/``_ms``/``_s`` times, ``_bytes`` sizes,
  ``_pct`` percentages (0-100), ``_ratio`` fractions (0-1), ``_gflops`` GFLOP/s,
  ``_gibps`` GiB/s; counts are plain (``occurrences``, ``flops``);
* ``notes`` — plain sentences: what was used, what could not be attributed, where nbprof
  differs from XProf;
* ``summary_text()`` — a few lines, which is ``repr(result)`` in every front end.

Displayed in a notebook, a result shows its view. The views live above the tools, so this
module never imports them: the views layer registers *providers* here, which
``nbprof/__init__.py`` does on import: a *view provider* (``set_view_provider``: the result's
mime bundle), a *display provider* (``set_display_provider``: shows the result in IPython, as its
static HTML followed by its live view) and a *figure provider* (``set_figure_provider``:
``result.figure()``, a plotly figure of the result's chart). Without one (or if it fails) the
result shows its text.
"""

from __future__ import annotations

import dataclasses
import inspect
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import pandas as pd

from nbprof.errors import NbprofError
from nbprof.text import csv_safe_frame

if TYPE_CHECKING:  # pragma: no cover
    import plotly.graph_objects as go
    from typing_extensions import dataclass_transform  # typing's own is Python 3.11+
else:

    def dataclass_transform(**_options: Any) -> Callable[[Any], Any]:
        """Type checkers' marker of a dataclass-making decorator; nothing at run time."""
        return lambda decorator: decorator


log = logging.getLogger(__name__)

MimeBundle = dict[str, Any]
ViewProvider = Callable[[Any, Any, Any], "MimeBundle | tuple[MimeBundle, dict[str, Any]] | None"]
DisplayProvider = Callable[[Any], bool]
FigureProvider = Callable[[Any], "go.Figure"]
_view_provider: ViewProvider | None = None
_display_provider: DisplayProvider | None = None
_figure_provider: FigureProvider | None = None


def set_view_provider(provider: ViewProvider | None) -> None:
    """Register the function that turns a result into its notebook mime bundle (the views
    layer does this); ``provider(result, include, exclude)`` returns a bundle or None."""
    global _view_provider
    _view_provider = provider


def set_display_provider(provider: DisplayProvider | None) -> None:
    """Register the function that shows a result in IPython; ``provider(result)`` returns False
    when it showed nothing (the result's text is shown then)."""
    global _display_provider
    _display_provider = provider


def set_figure_provider(provider: FigureProvider | None) -> None:
    """Register the function behind ``result.figure()``; ``provider(result)`` returns a plotly figure."""
    global _figure_provider
    _figure_provider = provider


_Result = TypeVar("_Result", bound="ToolResult")
_Field = tuple[str, Any, Any]  # (name, default, default factory) of a field ``__init__`` takes
_INIT_FIELDS: dict[type, tuple[_Field, ...]] = {}
_SIGNATURES: dict[type, inspect.Signature] = {}
_POSITIONAL_OR_KEYWORD = inspect.Parameter.POSITIONAL_OR_KEYWORD


@dataclass_transform(eq_default=False, field_specifiers=(dataclasses.field,))
def result_dataclass(cls: type[_Result]) -> type[_Result]:
    """Make a ``ToolResult`` subclass a dataclass: its annotated attributes are its fields (``dataclasses.fields``
    and ``replace`` work) and ``ToolResult.__init__`` takes them. ``@dataclass`` itself would generate and exec
    an ``__init__`` and ``__eq__`` on the module's first import (~0.2 ms a tool): ``eq`` stays identity and
    ``repr`` the summary text."""
    return dataclasses.dataclass(repr=False, eq=False, init=False)(cls)


def _init_fields(cls: type) -> tuple[_Field, ...]:
    """The fields ``cls.__init__`` takes, in order; found once per class."""
    found = _INIT_FIELDS.get(cls)
    if found is None:
        found = _INIT_FIELDS[cls] = tuple(
            [(f.name, f.default, f.default_factory) for f in dataclasses.fields(cls) if f.init]
        )
    return found


def _signature(cls: type) -> inspect.Signature:
    """``cls(...)``'s parameters: its fields in order, with their defaults (``None`` for a default factory's);
    ValueError where a field without a default follows one with a default."""
    signature = _SIGNATURES.get(cls)
    if signature is None:
        parameters = []
        for f in dataclasses.fields(cls):
            hint = f.type if isinstance(f.type, str) else inspect.formatannotation(f.type)
            default = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
            if f.default_factory is not dataclasses.MISSING:
                default, hint = None, f"{hint} | None"
            if f.init:
                parameters.append(inspect.Parameter(f.name, _POSITIONAL_OR_KEYWORD, default=default, annotation=hint))
        signature = _SIGNATURES[cls] = inspect.Signature(parameters)
    return signature


class _FieldSignature:
    """A result class's ``__signature__`` (what ``inspect.signature``, ``help()`` and IDEs show), made from
    its fields on first use; None (no signature of its own) on a class that is no dataclass."""

    def __get__(self, instance: object, owner: type) -> inspect.Signature | None:
        return _signature(owner) if dataclasses.is_dataclass(owner) else None


class ToolResult:
    """Base class of every tool's result (see the module docstring for the contract).

    A subclass is a ``@result_dataclass``: ``__init__`` takes its fields, in order, by position or name;
    a field not given takes its default, or its default factory's value (also when given as ``None``).
    """

    tool: ClassVar[str] = ""
    frame_names: ClassVar[tuple[str, ...]] = ()
    notes: list[str]
    __signature__: ClassVar[Any] = _FieldSignature()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        missing = dataclasses.MISSING
        fields = _init_fields(type(self))
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} arguments ({len(args)} given)")
        for (name, _, factory), value in zip(fields, args):
            if name in kwargs:
                raise TypeError(f"{type(self).__name__}() got multiple values for argument {name!r}")
            setattr(self, name, factory() if value is None and factory is not missing else value)
        not_given = []
        for name, default, factory in fields[len(args) :]:
            value = kwargs.pop(name, default)
            if factory is not missing and (value is missing or value is None):
                value = factory()
            elif value is missing:
                not_given.append(name)
                continue
            setattr(self, name, value)
        if kwargs:
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {next(iter(kwargs))!r}")
        if not_given:
            raise TypeError(f"{type(self).__name__}() missing required argument(s): {', '.join(map(repr, not_given))}")

    def to_frames(self) -> dict[str, pd.DataFrame]:
        """The result's DataFrames by attribute name."""
        return {name: getattr(self, name) for name in self.frame_names}

    def to_csv(self, path: str | os.PathLike[str]) -> list[Path]:
        """Write the tables as CSV and return the files written.

        One table: ``path`` is the file. Several: ``path`` is a directory (created) holding
        ``<table>.csv`` per table. Text cells a spreadsheet would run as a formula
        (``= + - @``...) are prefixed with ``'``.
        """
        frames = self.to_frames()
        target = Path(path)
        if len(frames) == 1:
            (frame,) = frames.values()
            csv_safe_frame(frame).to_csv(target, index=False)
            return [target]
        target.mkdir(parents=True, exist_ok=True)
        written = []
        for name, frame in frames.items():
            out = target / f"{name}.csv"
            csv_safe_frame(frame).to_csv(out, index=False)
            written.append(out)
        return written

    def summary_text(self) -> str:
        """A few lines saying what the result shows (``repr`` of the result)."""
        return f"<{type(self).__name__}>"

    def __repr__(self) -> str:
        return self.summary_text()

    def figure(self) -> go.Figure:
        """The result's chart as a plotly ``go.Figure``, to customise or export (``fig.write_html``,
        ``fig.write_image``). Needs plotly: ``pip install nbprof[plotly]``."""
        if _figure_provider is None:
            raise NbprofError("figures need nbprof's views: import nbprof before calling figure()")
        return _figure_provider(self)

    def _ipython_display_(self) -> None:
        """IPython's display: the display provider's outputs, else the mime bundle (the summary text)."""
        if _display_provider is not None:
            try:
                if _display_provider(self):
                    return
            except Exception:  # never break a notebook's display: the text is shown instead
                log.warning("nbprof: could not display %s", type(self).__name__, exc_info=True)
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        display(data, raw=True, metadata=meta or None)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        text = self.summary_text()
        bundle = None
        if _view_provider is not None:
            try:
                bundle = _view_provider(self, include, exclude)
            except Exception:  # never break a notebook's display: the text is shown instead
                log.warning("nbprof: no view for %s", type(self).__name__, exc_info=True)
                bundle = None
        if bundle is None:
            return {"text/plain": text}
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = text  # the summary, not the widget object's repr
        return (data, meta) if meta else data
