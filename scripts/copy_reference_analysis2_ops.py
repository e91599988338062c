"""Copy the XProf references of op_profile, kernel_stats and roofline_model into tests/reference/.

Source: ../shared/reference/<xprof fixture>/{op_profile,kernel_stats,roofline_model}.json
(XProf 2.24.2's outputs). Written per fixture, trimmed to what tests compare:

- ``op_profile.json``: ``device_type`` and, for the trees ``by_program`` (idle included) and
  ``by_program_exclude_idle``, one row per node in pre-order: ``[level, path, category, raw_time_ps,
  occurrences, raw_flops, flops_util_times_time_fraction, hbm_bw_util, num_children]``
  (``path`` joins node names from the root with " / ").
- ``kernel_stats.json``: the column ids and every row (rank dropped: it is the row order).
- ``roofline_model.json``: the table properties (the roofs) and the rows of step "Total"
  with infeed/outfeed included, selected columns.

Floats keep 9 significant digits. Run: ``python scripts/copy_reference_analysis2_ops.py [--shared ../shared]``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

FIXTURES = {
    "jax_mlp_train": "jax_mlp_train",
    "jax_mlp_train_pytrace": "jax_mlp_train_pytrace",
    "tf_custom_loop": "tf_custom_loop",
    "tf_keras_fit": "tf_keras_fit",
    "tf_cpu_bfc_memory": "tf_cpu_bfc_memory",
    "gpu_v100": "public__xprof-gpu-multiworker-v100",
    "tpu_v6e": "public__xprof-tpu-v6e-inference",
}
ROOFLINE_COLUMNS = [
    "rank", "category", "operation", "occurrences", "total_time", "total_self_time",
    "total_self_time_percent", "measured_flop_rate", "model_flop_rate", "measured_memory_bw", "hbm_bw",
    "operational_intensity", "hbm_operational_intensity", "bound_by", "roofline_efficiency",
    "optimal_flop_rate", "compute_efficiency", "hlo_module_id",
]  # fmt: skip


def _compact(value: object) -> object:
    if isinstance(value, float):
        return int(value) if value.is_integer() and abs(value) < 2**53 else float(f"{value:.9g}")
    return value


def _tree_rows(node: dict, level: int = 0, path: str = "") -> list[list]:
    here = node.get("name", "") if not path else f"{path} / {node.get('name', '')}"
    m = node.get("metrics", {})
    row = [
        level, here, node.get("xla", {}).get("category", ""), _compact(float(m.get("rawTime", 0))),
        int(m.get("occurrences", 0)), _compact(float(m.get("rawFlops", 0))), _compact(float(m.get("flops", 0))),
        _compact(float((m.get("bandwidthUtils") or [0])[0])), int(node.get("numChildren", 0)),
    ]  # fmt: skip
    out = [row]
    for child in node.get("children", []):
        out.extend(_tree_rows(child, level + 1, here))
    return out


def _op_profile(src: Path) -> dict:
    data = json.loads(src.read_text())
    return {
        "device_type": data.get("deviceType", ""),
        "row_fields": [
            "level",
            "path",
            "category",
            "raw_time_ps",
            "occurrences",
            "raw_flops",
            "flops_util_x_time_fraction",
            "hbm_bw_util",
            "num_children",
        ],  # fmt: skip
        "by_program": _tree_rows(data["byProgram"]) if "byProgram" in data else [],
        "by_program_exclude_idle": _tree_rows(data["byProgramExcludeIdle"]) if "byProgramExcludeIdle" in data else [],
    }


def _kernel_stats(src: Path) -> dict:
    data = json.loads(src.read_text())
    return {
        "columns": [c["id"] for c in data["cols"]][1:],
        "rows": [[_compact(c.get("v")) for c in r["c"]][1:] for r in data.get("rows", [])],
    }


def _roofline(src: Path) -> dict:
    table = json.loads(src.read_text())[0]
    ids = [c["id"] for c in table["cols"]]
    keep = [ids.index(c) for c in ROOFLINE_COLUMNS]
    step, io = ids.index("step"), ids.index("include_infeed_outfeed")
    rows = []
    for r in table.get("rows", []):
        cells = [c.get("v") for c in r["c"]]
        if cells[step] == "Total" and cells[io] is True:
            rows.append([_compact(cells[i]) for i in keep])
    return {"p": table.get("p", {}), "columns": ROOFLINE_COLUMNS, "rows": rows}


def main() -> None:
    repo = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", default=str(repo.parent / "shared"))
    args = parser.parse_args()
    for fixture, source in FIXTURES.items():
        base = Path(args.shared) / "reference" / source
        dest = repo / "tests" / "reference" / fixture
        dest.mkdir(parents=True, exist_ok=True)
        for name, convert in (("op_profile", _op_profile), ("kernel_stats", _kernel_stats),
                              ("roofline_model", _roofline)):  # fmt: skip
            out = {"source": f"XProf 2.24.2 {name} for {source}", **convert(base / f"{name}.json")}
            (dest / f"{name}.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")
            print(dest / f"{name}.json")


if __name__ == "__main__":
    main()
