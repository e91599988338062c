"""Run every tool nbprof offers on a profile: the surface hostile input must not break.

``run_every_tool(prof, out_dir)`` calls each ``Profile`` method, ``nbprof.compare``, the trace
viewer's model, ``to_chrome_trace``, ``to_html`` and ``summary()``, and renders each result's
text. It returns one outcome per call: ``"ok"`` or the name of the ``NbprofError`` subclass it
raised; any other exception propagates (that is the failure the fuzz targets look for), and
so does one that a view caught and logged (``ViewFailed``).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import nbprof
from nbprof.errors import NbprofError


def tool_calls(prof: Any, out_dir: Path) -> list[tuple[str, Callable[[], Any]]]:
    def trace_viewport() -> Any:
        from nbprof.trace.model import TraceModel

        model = TraceModel(prof)
        start, end = model.span
        return model.query(start, max(end, start + 1), 800)

    def to_html() -> Any:
        # The views catch a failing tool and log it (the page shows the reason); here that counts.
        with _failures_logged_by_views():
            return prof.to_html(out_dir / "report.html")

    return [
        ("repr", lambda: repr(prof)),
        ("summary", lambda: prof.summary().to_text()),
        ("steps", lambda: prof.steps),
        ("overview", prof.overview),
        ("input_pipeline", prof.input_pipeline),
        ("tf_data_bottleneck", prof.tf_data_bottleneck),
        ("framework_op_stats", prof.framework_op_stats),
        ("framework_op_stats_csv", lambda: prof.framework_op_stats().to_xprof_csv(out_dir / "fos.csv")),
        ("op_profile", prof.op_profile),
        ("op_profile_program", lambda: prof.op_profile(by="program", include_idle=True)),
        ("kernel_stats", prof.kernel_stats),
        ("memory_profile", prof.memory_profile),
        ("memory_viewer", prof.memory_viewer),
        ("roofline", prof.roofline),
        ("pod_viewer", prof.pod_viewer),
        ("compare", lambda: nbprof.compare(prof, prof)),
        ("trace", trace_viewport),
        ("to_chrome_trace", lambda: prof.to_chrome_trace(out_dir / "trace.json.gz")),
        ("to_html", to_html),
    ]


class ViewFailed(Exception):
    """A view's payload raised something other than an NbprofError (the views log it and go on)."""


@contextlib.contextmanager
def _failures_logged_by_views() -> Iterator[None]:
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("nbprof")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    failed = [r for r in records if r.exc_info]
    if failed:
        exc = failed[0].exc_info[1]  # type: ignore[index]
        raise ViewFailed(f"{failed[0].getMessage()}: {type(exc).__name__}: {exc}") from exc


def run_every_tool(prof: Any, out_dir: Path, only: list[str] | None = None) -> dict[str, str]:
    """Outcome per call: ``"ok"`` or the NbprofError class name; other exceptions propagate
    with the call's name added as a note."""
    outcomes: dict[str, str] = {}
    for name, call in tool_calls(prof, Path(out_dir)):
        if only is not None and name not in only:
            continue
        try:
            result = call()
            if result is not None and hasattr(result, "summary_text"):
                result.summary_text()
                result.to_frames()
            outcomes[name] = "ok"
        except NbprofError as exc:
            outcomes[name] = type(exc).__name__
        except Exception as exc:
            exc.add_note(f"nbprof tool call: {name}")
            raise
    return outcomes
