"""`Profile`: a loaded profile as tidy DataFrames, plus one method per analysis tool.

The frames are documented in docs/frames.md. Every analysis method is a thin, lazy
delegation to a pure function in ``nbprof.analysis.<tool>`` so that importing nbprof stays
cheap and each tool lives in one module.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pandas as pd

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.xspace.summary import ProfileSummary


@dataclass(eq=False, repr=False)
class Profile:
    """A profile (one or more hosts of one run) as pandas DataFrames.

    Attributes are described in docs/frames.md. Times are int64 picoseconds since
    ``origin_ns`` (absolute wall-clock ns) unless a column name says otherwise.
    """

    events: pd.DataFrame
    planes: pd.DataFrame
    lines: pd.DataFrame
    event_metadata: pd.DataFrame
    stat_metadata: pd.DataFrame
    origin_ns: int
    origin_source: str
    hosts: list[str]
    paths: list[str]
    run: str | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    hostnames: list[str] = field(default_factory=list)
    hlo_protos: dict[str, bytes] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    damaged: str | None = None
    _stats_sources: list[Any] = field(default_factory=list)
    _stats_frame: pd.DataFrame | None = None

    @property
    def stats(self) -> pd.DataFrame:
        """Every stat of every event in long form: ``event`` (row of ``events``), ``name``,
        ``value`` (int, float, str or bytes; ref values resolved), ``source`` (event/metadata).

        Built on first access (it is large and most tools only need the promoted columns).
        """
        if self._stats_frame is None:
            from nbprof.xspace.frames import build_stats_frame

            self._stats_frame = build_stats_frame(self._stats_sources)
        return self._stats_frame

    def event_stats(self, row: int) -> dict[str, Any]:
        """All stats of one event (row of ``events``) as a dict; event stats win over metadata stats."""
        st = self.stats
        lo, hi = st["event"].searchsorted([row, row + 1])
        part = st.iloc[lo:hi]
        out: dict[str, Any] = {}
        for name, value, source in zip(part["name"], part["value"], part["source"]):
            if source == "event" or name not in out:
                out[str(name)] = value
        return out

    # ------------------------------------------------------------------ basics
    @property
    def path(self) -> str:
        """The first source file (see ``paths`` for all)."""
        return self.paths[0] if self.paths else ""

    @property
    def duration_ps(self) -> int:
        """Span from the first timed event's start to the last one's end, in ps (0 when empty)."""
        timed = self.events[~self.events["aggregated"]]
        if len(timed) == 0:
            return 0
        return int(timed["end_ps"].max() - timed["start_ps"].min())

    def summary(self) -> ProfileSummary:
        """The data behind ``nbprof summary``: counts, span, hosts, top events."""
        from nbprof.xspace.summary import summarize

        return summarize(self)

    def for_host(self, host: str) -> Profile:
        """A Profile restricted to one host (same origin, same frames filtered)."""
        from nbprof.xspace.load import select_hosts

        return select_hosts(self, [host])

    def __repr__(self) -> str:
        n_ev = len(self.events)
        span_ms = self.duration_ps / 1e9
        planes = ", ".join(dict.fromkeys(self.planes["name"].astype(str))) if len(self.planes) else "-"
        run = f" run={self.run!r}" if self.run else ""
        return (
            f"<nbprof.Profile{run} hosts={self.hosts} planes=[{planes}] "
            f"lines={len(self.lines)} events={n_ev:,} span={span_ms:,.3f} ms>"
        )

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """In a notebook: the whole XProf app (nbprof.widgets.app.ProfileApp).

        The bundle also carries a compact HTML summary, which front ends without widget
        support (nbconvert, static renderers) show instead.
        """
        fallback: dict[str, Any] = {"text/plain": repr(self)}
        try:
            from nbprof.magic import summary_html

            fallback["text/html"] = summary_html(self)
        except Exception:  # IPython missing: text only
            pass
        try:
            from nbprof.widgets.app import ProfileApp

            bundle = ProfileApp(self)._repr_mimebundle_(include=include, exclude=exclude)
        except Exception:  # no widget package / front end: never fail to display
            return fallback
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        for mime, value in fallback.items():
            data.setdefault(mime, value)
        return bundle

    # ---------------------------------------------------------- analysis tools
    @functools.cached_property
    def steps(self) -> pd.DataFrame:
        """One row per step and host/device with the step-time breakdown (see nbprof.analysis.steps)."""
        from nbprof.analysis.steps import compute_steps

        return compute_steps(self)

    def overview(self) -> Any:
        """XProf's overview page (nbprof.analysis.overview)."""
        from nbprof.analysis.overview import overview

        return overview(self)

    def input_pipeline(self) -> Any:
        """XProf's input-pipeline analyzer (nbprof.analysis.input_pipeline)."""
        from nbprof.analysis.input_pipeline import input_pipeline

        return input_pipeline(self)

    def tf_data_bottleneck(self) -> Any:
        """tf.data bottleneck analysis (nbprof.analysis.tf_data)."""
        from nbprof.analysis.tf_data import tf_data_bottleneck

        return tf_data_bottleneck(self)

    def framework_op_stats(self, include_idle: bool = True) -> Any:
        """Framework (TF/JAX) op statistics, host and device (nbprof.analysis.framework_op_stats)."""
        from nbprof.analysis.framework_op_stats import framework_op_stats

        return framework_op_stats(self, include_idle=include_idle)

    def pod_viewer(self) -> Any:
        """Per worker and step breakdown (nbprof.analysis.pod_viewer)."""
        from nbprof.analysis.pod_viewer import pod_viewer

        return pod_viewer(self)

    def op_profile(self, by: str = "category", include_idle: bool = False) -> Any:
        """The XLA op tree with time, FLOPS and bandwidth utilisation (nbprof.analysis.op_profile)."""
        from nbprof.analysis.op_profile import op_profile

        return op_profile(self, by=by, include_idle=include_idle)

    def kernel_stats(self) -> Any:
        """GPU kernel statistics from `kernel_details` (nbprof.analysis.kernel_stats)."""
        from nbprof.analysis.kernel_stats import kernel_stats

        return kernel_stats(self)

    def memory_profile(self, memory_id: str | None = None, **kwargs: Any) -> Any:
        """Allocator timeline and breakdown at peak (nbprof.analysis.memory_profile)."""
        from nbprof.analysis.memory_profile import memory_profile

        return memory_profile(self, memory_id=memory_id, **kwargs)

    def memory_viewer(self, module: str | None = None, **kwargs: Any) -> Any:
        """XLA buffer assignment of an HLO module (nbprof.analysis.memory_viewer)."""
        from nbprof.analysis.memory_viewer import memory_viewer

        return memory_viewer(self, module=module, **kwargs)

    def roofline(self) -> Any:
        """Per-op arithmetic intensity vs the device's roofs (nbprof.analysis.roofline)."""
        from nbprof.analysis.roofline import roofline

        return roofline(self)

    # ------------------------------------------------------------- views/export
    def trace(self, **kwargs: Any) -> Any:
        """The inline trace viewer widget (nbprof.widgets.trace)."""
        from nbprof.widgets.trace import TraceViewer

        return TraceViewer(self, **kwargs)

    def to_chrome_trace(self, path: Any) -> Any:
        """Write Chrome trace-event JSON (``.json`` or ``.json.gz``) for Perfetto / chrome://tracing."""
        from nbprof.export.chrome_trace import to_chrome_trace

        return to_chrome_trace(self, path)

    def to_html(self, path: Any) -> Any:
        """Write one self-contained offline HTML file with the views."""
        from nbprof.widgets.html_export import to_html

        return to_html(self, path)
