"""OpStats: XProf's per-profile intermediate that every tool is converted from.

``OpStats(frames)`` holds the op metrics dbs, the step db, the XLA ops, the run and perf
environments, each built once on first use. Tools (``nbprof.tools``) take an ``OpStats``;
nothing here imports a tool or a view.
"""

from nbprof.opstats.op_stats import OpStats
from nbprof.opstats.perf_env import PerfEnv
from nbprof.opstats.run_env import RunEnvironment
from nbprof.opstats.step_db import StepDb

__all__ = ["OpStats", "PerfEnv", "RunEnvironment", "StepDb"]
