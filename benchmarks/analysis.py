"""Time nbprof's analysis tools on a large profile, next to XProf's conversion of the same file.

    python benchmarks/analysis.py                  # ../shared/fixtures/jax_large
    python benchmarks/analysis.py PATH [TOOL ...]  # any profile; a subset of tools
    python benchmarks/analysis.py TOOL [TOOL ...]  # a subset of tools on jax_large

``TOOLS`` maps a tool name to a callable taking a loaded ``Profile``; analysis helpers add
their tools here. Each tool runs on a fresh load (best of ``--repeat``), so caches do not
help it. XProf's time for the same tool (``XPROF_TOOL``) comes from
``../shared/reference/<fixture>/results.json`` (XProf 2.24.2, best of 3 on the same kind of
2-core machine, measured in another run: compare ratios with care, runs vary up to ~3x).
XProf's time includes decoding the file, so both ``tool`` and ``load + tool`` are shown.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SHARED = next((p / "shared" for p in REPO.parents if (p / "shared").exists()), REPO.parent / "shared")
sys.path.insert(0, str(REPO))

import nbprof  # noqa: E402

TOOLS: dict[str, Callable[[Any], Any]] = {
    "op_profile": lambda prof: prof.op_profile(by="program", include_idle=True),
    "kernel_stats": lambda prof: prof.kernel_stats(),
    "roofline": lambda prof: prof.roofline(),
    "hlo_stats": lambda prof: prof.hlo_stats(),
    # jax_large has no allocator events: time memory_profile on ../shared/fixtures/tf_cpu_bfc_memory too
    "memory_profile": lambda prof: prof.memory_profile(),
    "memory_viewer": lambda prof: prof.memory_viewer(),
    "framework_op_stats": lambda prof: prof.framework_op_stats(),
    "tf_data_bottleneck": lambda prof: prof.tf_data_bottleneck(),
    "steps": lambda prof: prof.steps,
    "overview": lambda prof: prof.overview(),
    "input_pipeline": lambda prof: prof.input_pipeline(),
    "pod_viewer": lambda prof: prof.pod_viewer(),
    # the profile against itself: the cost of a comparison (steps + op tables of both)
    "compare": lambda prof: __import__("nbprof").compare(prof, prof),
}
# nbprof tool -> XProf tool name in results.json.
XPROF_TOOL = {
    "op_profile": "op_profile",
    "kernel_stats": "kernel_stats",
    "roofline": "roofline_model",
    "hlo_stats": "hlo_stats",
    "overview": "overview_page",
    "input_pipeline": "input_pipeline_analyzer",
    "framework_op_stats": "framework_op_stats",
    "memory_profile": "memory_profile",
    "memory_viewer": "memory_viewer",
    "pod_viewer": "pod_viewer",
}


def xprof_times(fixture: str) -> dict[str, float]:
    path = SHARED / "reference" / fixture / "results.json"
    if not path.exists():
        return {}
    tools = json.loads(path.read_text()).get("tools", {})
    return {name: t["best_s"] for name, t in tools.items() if t.get("best_s")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(SHARED / "fixtures" / "jax_large"))
    parser.add_argument("tools", nargs="*", help=f"subset of {sorted(TOOLS)}")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.path in TOOLS:  # `analysis.py op_profile roofline`: tools only, default profile
        args.tools = [args.path, *args.tools]
        args.path = str(SHARED / "fixtures" / "jax_large")
    names = args.tools or list(TOOLS)
    fixture = Path(args.path).name
    xprof = xprof_times(fixture)
    print(f"profile: {args.path}")
    header = f"{'tool':<20} {'load s':>8} {'tool s':>8} {'load+tool s':>12} {'XProf s':>8} {'XProf/(load+tool)':>18}"
    print(header)
    print("-" * len(header))
    for name in names:
        best_load = best_tool = float("inf")
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            prof = nbprof.load(args.path, cache=False)
            prof.events  # noqa: B018 - build the frames inside the load time
            t1 = time.perf_counter()
            TOOLS[name](prof)
            t2 = time.perf_counter()
            best_load, best_tool = min(best_load, t1 - t0), min(best_tool, t2 - t1)
            del prof
        ref = xprof.get(XPROF_TOOL.get(name, name))
        total = best_load + best_tool
        ratio = f"{ref / total:.1f}x" if ref else "-"
        ref_text = f"{ref:.3f}" if ref else "-"
        print(f"{name:<20} {best_load:>8.3f} {best_tool:>8.3f} {total:>12.3f} {ref_text:>8} {ratio:>18}")


if __name__ == "__main__":
    main()
