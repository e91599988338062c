"""``Profile``: a loaded profile, its frames, and one method per tool (``nbprof.load`` makes one:
``nbprof/loading.py``).

The top of nbprof's layers (proto -> xspace -> opstats -> tools -> views): ``Profile`` is a
``Frames`` (docs/frames.md) that owns the profile's ``OpStats`` and runs each tool on it.
Every tool method is a thin call into ``nbprof.tools.<tool>``; the tools' results follow one
contract (``nbprof/tools/_result.py``) and show their view in a notebook.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import pandas as pd

from nbprof.errors import NbprofMemoryError, ProfileError
from nbprof.opstats import OpStats
from nbprof.opstats.op_stats import CombinedOpStats
from nbprof.units import format_bytes
from nbprof.xspace.frameset import Frames
from nbprof.xspace.read import available_memory

if TYPE_CHECKING:  # pragma: no cover
    from nbprof.tools.compare import Comparison
    from nbprof.tools.framework_op_stats import FrameworkOpStats
    from nbprof.tools.hlo_stats import HloStats
    from nbprof.tools.input_pipeline import InputPipeline
    from nbprof.tools.kernel_stats import KernelStats
    from nbprof.tools.memory_profile import MemoryProfile
    from nbprof.tools.memory_viewer import MemoryViewer
    from nbprof.tools.op_profile import OpProfile
    from nbprof.tools.overview import Overview
    from nbprof.tools.pod_viewer import PodViewer
    from nbprof.tools.roofline import Roofline
    from nbprof.tools.tf_data import TfDataBottleneck


def compare(before: Profile, after: Profile, **options: Any) -> Comparison:
    """What got faster and slower between two profiles of the same program.

    Options: ``top`` (rows in ``slower``/``faster``, default 10), ``min_change_pct`` (5.0),
    ``min_change_us`` (1.0), ``level`` (``"auto"``, ``"framework"`` or ``"events"``). See
    ``nbprof.tools.compare``.
    """
    from nbprof.tools.compare import compare as _compare

    with _memory_guard("compare", before, after):
        return _compare(before.op_stats(), after.op_stats(), **options)


class _memory_guard:
    """``with _memory_guard("overview", prof):`` turns a MemoryError into an NbprofMemoryError
    saying how big the profile is and what to load instead (never a raw MemoryError)."""

    def __init__(self, what: str, *profiles: Frames) -> None:
        self.what, self.profiles = what, profiles

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> None:
        if exc is None or not isinstance(exc, MemoryError) or isinstance(exc, NbprofMemoryError):
            return
        paths = [path for p in self.profiles for path in p.paths]
        hosts = sorted({h for p in self.profiles for h in p.hosts})
        factor = TOOL_MEMORY_FACTORS.get(self.what, TOOL_MEMORY_FACTOR)
        raise NbprofMemoryError(
            f"{self.what} ran out of memory on {', '.join(paths) or 'this profile'}: a loaded profile holds about "
            f"{KEPT_MEMORY_FACTOR}x its file size{_file_sizes(paths)}, and {self.what} needs up to {factor}x the "
            f"file size more{available_memory()}. Load fewer hosts (nbprof.load(path, host=...); "
            f"hosts here: {', '.join(hosts)}) or a shorter capture, close other kernels, or use a machine with "
            "more memory."
        ) from None


def _file_sizes(paths: list[str]) -> str:
    """``" (N MiB of files)"`` for local paths, else ``""``."""
    try:
        return f" ({format_bytes(sum(os.path.getsize(p) for p in paths))} of files)"
    except OSError:
        return ""


# Memory over the .xplane.pb size (benchmarks/tool_memory.py on jax_large, 1.18M events: load
# peak 10.4x, kept 9.0x; steps/overview/input_pipeline/pod_viewer/to_html about 12x on top,
# to_chrome_trace 29.5x, the others 3.5x or less).
KEPT_MEMORY_FACTOR = 9
TOOL_MEMORY_FACTOR = 12
TOOL_MEMORY_FACTORS = {"to_chrome_trace": 30}

_Method = TypeVar("_Method", bound=Callable[..., Any])


def _guarded(name: str, method: _Method) -> _Method:
    @functools.wraps(method)
    def run(self: Profile, *args: Any, **kwargs: Any) -> Any:
        with _memory_guard(name, self):
            return method(self, *args, **kwargs)

    return run  # type: ignore[return-value]


@dataclass(eq=False, repr=False)
class Profile(Frames):
    """A profile (one or more hosts of one run) as pandas DataFrames, with XProf's tools.

    The frames are described in docs/frames.md (times int64 ps since ``origin_ns``). The
    tools share one ``OpStats`` (``op_stats()``), built part by part on first use; with
    several hosts it combines the hosts' own OpStats (``op_stats(host=...)``) as XProf does.
    """

    _op_stats: OpStats | None = None
    _host_profiles: dict[str, Profile] = field(default_factory=dict)
    # False: GPU kernels whose HLO instruction the HLO protos lack (XLA command buffers) are no ops, their
    # time idle, as XProf has them (see nbprof.opstats.device_ops); set it before the first tool runs.
    keep_ops_without_hlo: bool = True

    def op_stats(self, host: str | None = None) -> OpStats:
        """XProf's OpStats (op metrics dbs, step db, environments), cached.

        Without ``host``: the profile's — on one host that host's, built from these frames; on
        several, the hosts' OpStats combined as XProf combines a multi-host session (steps
        every worker ran, op metrics added up). With ``host``: that host's own, built once from
        its frames only (``for_host``).
        """
        if host is not None:
            if host not in self.hosts:
                raise ProfileError(f"no host {host!r} in this profile", hint=f"hosts: {', '.join(self.hosts)}")
            if len(self.hosts) > 1:
                return self.for_host(host).op_stats()
        if self._op_stats is None:
            if len(self.hosts) > 1:
                self._op_stats = CombinedOpStats(self, self._host_op_stats)
            else:
                self._op_stats = OpStats(self, self.keep_ops_without_hlo)
        return self._op_stats

    def _host_op_stats(self, host: str) -> OpStats:
        return self.for_host(host).op_stats()

    def for_host(self, host: str) -> Profile:
        """The profile of one host (same origin; its events are a slice of these, not a copy),
        kept: each host's OpStats is built once."""
        if host == (self.hosts[0] if len(self.hosts) == 1 else None):
            return self
        if host not in self._host_profiles:
            host_profile = super().for_host(host)
            host_profile.keep_ops_without_hlo = self.keep_ops_without_hlo
            self._host_profiles[host] = host_profile
        return self._host_profiles[host]

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
        """The whole XProf app, with the profile's static card (header and overview) as ``text/html``."""
        text = repr(self)
        fallback: dict[str, Any] = {"text/plain": text}
        try:
            from nbprof.widgets.display import profile_bundle

            return profile_bundle(self, include, exclude)
        except Exception:  # no widget package / front end: never fail to display
            try:
                from nbprof.widgets.static_html import profile_summary_html

                fallback["text/html"] = profile_summary_html(self)
            except Exception:
                pass
            return fallback

    def _ipython_display_(self) -> None:
        """In IPython: the profile's static card, then the app (which hides the card where it draws)."""
        try:
            from nbprof.widgets.display import show_profile

            show_profile(self)
        except Exception:  # never fail to display: the text (and the card, where it can be made)
            from IPython.display import display

            bundle = self._repr_mimebundle_()
            data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
            display(data, raw=True, metadata=meta or None)

    # ---------------------------------------------------------- analysis tools
    @property
    def steps(self) -> pd.DataFrame:
        """One row per step and host with the step-time breakdown (ps); see ``nbprof.opstats.step_db``.

        With several hosts: the steps every worker ran, aligned as XProf does (``step`` is the
        combined step number); each host's own steps are ``prof.op_stats(host=h).step_db.steps``.
        """
        return self.op_stats().step_db.steps

    def overview(self) -> Overview:
        """XProf's overview page: step time and its breakdown (ms), top ops, run environment, advice."""
        from nbprof.tools.overview import overview

        return overview(self.op_stats())

    def input_pipeline(self) -> InputPipeline:
        """XProf's input-pipeline analyzer: input-bound verdict, per-step input time (ms), input ops."""
        from nbprof.tools.input_pipeline import input_pipeline

        return input_pipeline(self.op_stats())

    def tf_data_bottleneck(self) -> TfDataBottleneck:
        """tf.data pipelines, their iterator graph, critical path and bottleneck (times ps and µs)."""
        from nbprof.tools.tf_data import tf_data_bottleneck

        return tf_data_bottleneck(self.op_stats())

    def framework_op_stats(self, include_idle: bool = True) -> FrameworkOpStats:
        """Framework (TF/JAX) op statistics, host and device (µs, with ps columns; ``_pct`` 0-100)."""
        from nbprof.tools.framework_op_stats import framework_op_stats

        return framework_op_stats(self.op_stats(), include_idle=include_idle)

    def pod_viewer(self) -> PodViewer:
        """Per host and step: the step-time breakdown in µs and the bottleneck category."""
        from nbprof.tools.pod_viewer import pod_viewer

        return pod_viewer(self.op_stats())

    def op_profile(self, by: str = "category", include_idle: bool = False) -> OpProfile:
        """The XLA op tree with time (ps), FLOPS and HBM bandwidth utilisation (0-1 ratios)."""
        from nbprof.tools.op_profile import op_profile

        return op_profile(self.op_stats(), by=by, include_idle=include_idle)

    def hlo_stats(self) -> HloStats:
        """XProf's HLO op stats: per XLA op, times (µs and ps), FLOP rate (GFLOP/s), bandwidths (GiB/s),
        bound-by, rematerialisation and outside-compilation flags."""
        from nbprof.tools.hlo_stats import hlo_stats

        return hlo_stats(self.op_stats())

    def kernel_stats(self) -> KernelStats:
        """GPU kernel statistics from ``kernel_details`` (durations µs and ps)."""
        from nbprof.tools.kernel_stats import kernel_stats

        return kernel_stats(self.op_stats())

    def memory_profile(self, memory_id: str | None = None, host: str | None = None) -> MemoryProfile:
        """An allocator's memory over time and the allocations live at its peak (bytes, ps)."""
        from nbprof.tools.memory_profile import memory_profile

        return memory_profile(self.op_stats(), memory_id=memory_id, host=host)

    def memory_viewer(self, module: str | None = None, **options: Any) -> MemoryViewer:
        """XLA buffer assignment of an HLO module: heap over program points, buffers at peak (bytes).

        Options: ``memory_space`` (XLA memory colour, default 0), ``small_buffer_bytes``.
        """
        from nbprof.tools.memory_viewer import memory_viewer

        return memory_viewer(self.op_stats(), module=module, **options)

    def roofline(self) -> Roofline:
        """Per XLA op: arithmetic intensity (FLOP/byte) and FLOP rate (GFLOP/s) against the roofs."""
        from nbprof.tools.roofline import roofline

        return roofline(self.op_stats())

    # ------------------------------------------------------------- views/export
    def trace(self, **options: Any) -> Any:
        """The inline trace viewer widget (answers viewports from this kernel)."""
        from nbprof.widgets.trace import TraceViewer

        return TraceViewer(self, **options)

    def to_chrome_trace(self, path: str | os.PathLike[str]) -> Any:
        """Write Chrome trace-event JSON (``.json`` or ``.json.gz``) for Perfetto / chrome://tracing."""
        from nbprof.export.chrome_trace import to_chrome_trace

        return to_chrome_trace(self, path)

    def to_html(self, path: str | os.PathLike[str]) -> Any:
        """Write one self-contained offline HTML file with the views."""
        from nbprof.widgets.html_export import to_html

        return to_html(self, os.fspath(path))


# Every tool method, view and export answers running out of memory with an NbprofMemoryError.
for _name in (
    "overview", "input_pipeline", "tf_data_bottleneck", "framework_op_stats", "pod_viewer", "op_profile",
    "kernel_stats", "memory_profile", "memory_viewer", "roofline", "trace", "to_chrome_trace", "to_html", "summary",
):  # fmt: skip
    setattr(Profile, _name, _guarded(_name, getattr(Profile, _name)))
setattr(Profile, "steps", property(_guarded("steps", vars(Profile)["steps"].fget)))  # noqa: B010
