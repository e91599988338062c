"""Copy trimmed XProf reference outputs for the steps / overview / input-pipeline / pod-viewer tests.

Reads ../shared/reference/<fixture>/{overview_page,input_pipeline_analyzer,pod_viewer}.json
(XProf 2.24.2's own outputs) and writes what the tests compare to
tests/reference/<fixture>/<tool>.json: table properties and rows without tooltips/HTML
tables. Run from the repository root: python scripts/copy_reference_analysis1.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "reference"
OUT = Path(__file__).resolve().parents[1] / "tests" / "reference"
FIXTURES = {
    "jax_mlp_train": "jax_mlp_train",
    "jax_mlp_train_pytrace": "jax_mlp_train_pytrace",
    "tf_custom_loop": "tf_custom_loop",
    "tf_cpu_bfc_memory": "tf_cpu_bfc_memory",
    "tf_keras_fit": "tf_keras_fit",
    "gpu_v100": "public__xprof-gpu-multiworker-v100",
    "tpu_v6e": "public__xprof-tpu-v6e-inference",
}


def _table(t: dict, drop: tuple[str, ...] = ("tooltip",)) -> dict:
    cols = [c["id"] for c in t.get("cols", [])]
    keep = [i for i, c in enumerate(cols) if c not in drop]
    rows = [[(r["c"][i] or {}).get("v") for i in keep] for r in t.get("rows", [])]
    return {"cols": [cols[i] for i in keep], "rows": rows, "p": t.get("p", {})}


def main() -> int:
    for name, ref in FIXTURES.items():
        src = SHARED / ref
        dst = OUT / name
        dst.mkdir(parents=True, exist_ok=True)
        ov = json.loads((src / "overview_page.json").read_text())
        overview = {
            "top_ops": _table(ov[0]),
            "step_time_graph": _table(ov[1]),
            "run_environment": {"p": ov[2].get("p", {})},
            "recommendation": {"p": ov[3].get("p", {}), "rows": _table(ov[3])["rows"]},
            "diagnostics": _table(ov[6]),
        }
        ip = json.loads((src / "input_pipeline_analyzer.json").read_text())
        input_pipeline = {"steps": _table(ip[1]), "input_ops": _table(ip[2])}
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
                        "breakdown_us": {
                            k: stats["stepBreakdownUs"][k] for k in sorted(stats["stepBreakdownUs"], key=int)
                        },
                    }
                )
        pod_viewer = {
            "steps": steps,
            "categories": {str(e["id"]): e["name"] for e in pod["stepBreakdownEvents"]},
            "device_type": pod.get("deviceType"),
            "diagnostics": pod.get("diagnostics", {}),
        }
        for fname, obj in (
            ("overview_page", overview),
            ("input_pipeline_analyzer", input_pipeline),
            ("pod_viewer", pod_viewer),
        ):
            (dst / f"{fname}.json").write_text(json.dumps(obj, indent=0, sort_keys=True))
        print(name, "->", dst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
