"""Copy XProf 2.24.2's outputs for the fixtures captured in tests/fixtures/make/ into tests/reference/.

Input: one folder per fixture made by ``../shared/reference/scripts/run_xprof.py OUT/<name> <files...>``
(for jax_two_hosts: ``OUT/jax_two_hosts`` = both files as one session, ``OUT/jax_two_hosts/<host>`` = each
file alone). Output, per fixture folder ``tests/reference/<name>[/<host>]/``:

- ``raw/<tool>.json``: XProf's output verbatim (every tool that succeeded) and ``raw/results.json``
  (run_xprof.py's record: tool names, HLO modules, sizes, errors; absolute paths made relative);
- ``<tool>.json``: the same trimmed forms the existing references have, so the existing tests can take these
  fixtures by name: overview_page / input_pipeline_analyzer / pod_viewer as in copy_reference_analysis1.py,
  framework_op_stats (+ ``framework_op_stats.xprof.csv``) as in copy_reference_analysis1_ops.py,
  op_profile / kernel_stats / roofline_model as in copy_reference_analysis2_ops.py, memory_profile /
  memory_viewer as in copy_reference_memory.py (the trimming functions are imported from those scripts).

Run from the repository root:  python scripts/copy_reference_new_fixtures.py /tmp/xp [fixture ...]
(no fixture named: those of ``FIXTURES``; the GPU captures: ``jax_gpu_train flax_cnn_gpu``).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import copy_reference_analysis1 as a1  # noqa: E402
import copy_reference_analysis1_ops as a1_ops  # noqa: E402
import copy_reference_analysis2_ops as a2_ops  # noqa: E402
import copy_reference_memory as mem  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = [
    "tf_keras2_fit",
    "tf_keras2_input_bound",
    "flax_cnn_train",
    "torch_xla_train",
    "jax_two_hosts",
    "jax_two_hosts/localhost_9531",
    "jax_two_hosts/localhost_9532",
]


def _dump(path: Path, obj: object) -> None:
    path.write_text(json.dumps(obj, separators=(",", ":"), sort_keys=True) + "\n")


def _analysis1(src: Path, dst: Path) -> None:
    """The three trimmed tables of copy_reference_analysis1.py (its main() inlines them; same fields here)."""
    ov = json.loads((src / "overview_page.json").read_text())
    _dump(
        dst / "overview_page.json",
        {
            "top_ops": a1._table(ov[0]),
            "step_time_graph": a1._table(ov[1]),
            "run_environment": {"p": ov[2].get("p", {})},
            "recommendation": {"p": ov[3].get("p", {}), "rows": a1._table(ov[3])["rows"]},
            "diagnostics": a1._table(ov[6]),
        },
    )
    ip = json.loads((src / "input_pipeline_analyzer.json").read_text())
    _dump(dst / "input_pipeline_analyzer.json", {"steps": a1._table(ip[1]), "input_ops": a1._table(ip[2])})
    pod = json.loads((src / "pod_viewer.json").read_text())
    steps = []
    for entry in pod["podStatsSequence"]["podStatsMap"]:
        for core, stats in entry["podStatsPerCore"].items():
            steps.append(
                {
                    "step_num": entry["stepNum"],
                    "core": int(core),
                    "host": stats["hostName"],
                    "duration_us": stats["totalDurationUs"],
                    "bottleneck": stats["bottleneck"],
                    "breakdown_us": {k: stats["stepBreakdownUs"][k] for k in sorted(stats["stepBreakdownUs"], key=int)},
                }
            )
    _dump(
        dst / "pod_viewer.json",
        {
            "steps": steps,
            "categories": {str(e["id"]): e["name"] for e in pod["stepBreakdownEvents"]},
            "device_type": pod.get("deviceType"),
            "diagnostics": pod.get("diagnostics", {}),
        },
    )


def _framework_op_stats(src: Path, dst: Path, label: str) -> None:
    with_idle, without_idle = json.loads((src / "framework_op_stats.json").read_text())
    _dump(
        dst / "framework_op_stats.json",
        {
            "source": f"XProf 2.24.2 framework_op_stats for {label}",
            "columns": [c["label"] for c in with_idle["cols"]][1:],
            "p": with_idle.get("p", {}),
            "with_idle": a1_ops._rows(with_idle),
            "without_idle_rows": len(without_idle["rows"]),
            "without_idle_head": a1_ops._rows(without_idle)[: a1_ops.WITHOUT_IDLE_HEAD],
        },
    )
    (dst / "framework_op_stats.xprof.csv").write_text(a1_ops._xprof_csv(with_idle), encoding="utf-8")


def copy_one(xprof_out: Path, name: str) -> None:
    src, dst = xprof_out / name, ROOT / "tests" / "reference" / name
    raw = dst / "raw"
    shutil.rmtree(raw, ignore_errors=True)
    raw.mkdir(parents=True)
    results = json.loads((src / "results.json").read_text())
    results["files"] = [str(Path(f).resolve().relative_to(ROOT)) for f in results["files"]]
    _dump(raw / "results.json", results)
    for entry in results["tools"].values():
        if entry.get("ok"):
            shutil.copyfile(src / entry["file"], raw / entry["file"])
    label = f"{name} (tests/fixtures/make/)"
    _analysis1(src, dst)
    _framework_op_stats(src, dst, label)
    for tool, convert in (("op_profile", a2_ops._op_profile), ("kernel_stats", a2_ops._kernel_stats),
                          ("roofline_model", a2_ops._roofline)):  # fmt: skip
        _dump(dst / f"{tool}.json", {"source": f"XProf 2.24.2 {tool} for {label}", **convert(src / f"{tool}.json")})
    if (src / "memory_profile.json").exists():  # XProf refuses memory_profile for more than one file
        _dump(
            dst / "memory_profile.json", mem.trim_memory_profile(json.loads((src / "memory_profile.json").read_text()))
        )
    if (src / "memory_viewer.json").exists():
        module = results["tools"]["memory_viewer"]["params"]["module_name"]
        _dump(
            dst / "memory_viewer.json",
            mem.trim_memory_viewer(json.loads((src / "memory_viewer.json").read_text()), module),
        )
    size = sum(f.stat().st_size for f in dst.rglob("*") if f.is_file() and f.parent in (dst, raw))
    print(f"{dst.relative_to(ROOT)}: {size:,} B")


def main(argv: list[str]) -> int:
    xprof_out = Path(argv[1]) if len(argv) > 1 else Path("/tmp/xp")
    for name in argv[2:] or FIXTURES:
        copy_one(xprof_out, name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
