"""Copy the parts of XProf's memory_profile / memory_viewer outputs the tests compare.

Run from the repository root:  python scripts/copy_reference_memory.py [../shared/reference]
Reads ``<reference>/<xprof fixture>/{memory_profile,memory_viewer,results}.json`` (XProf 2.24.2's
own outputs, see that folder's README) and writes small JSON files to
``tests/reference/<fixture>/``:

- ``memory_profile.json``: per allocator the profile summary, the breakdown rows at the
  peak (snapshot indices resolved to their metadata) and the down-sampled timeline as
  offsets + step ids (step ids run-length encoded);
- ``memory_viewer.json``: module, peak sizes (MiB, as XProf writes them), the heap-size
  series, the buffers at the peak, the allocation timeline blocks and the allocation totals.
"""

from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
FIXTURES = {  # tests/fixtures name -> reference folder name
    "tf_cpu_bfc_memory": "tf_cpu_bfc_memory",
    "tf_custom_loop": "tf_custom_loop",
    "tf_keras_fit": "tf_keras_fit",
    "gpu_v100": "public__xprof-gpu-multiworker-v100",
    "tpu_v6e": "public__xprof-tpu-v6e-inference",
    "jax_mlp_train": "jax_mlp_train",
    "jax_mlp_train_pytrace": "jax_mlp_train_pytrace",
}


def _run_lengths(values: list[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for v in values:
        if out and out[-1][0] == v:
            out[-1][1] += 1
        else:
            out.append([v, 1])
    return out


def trim_memory_profile(data: dict) -> dict:
    allocators = {}
    for memory_id, per in data.get("memoryProfilePerAllocator", {}).items():
        snapshots = per.get("memoryProfileSnapshots", [])
        special = per.get("specialAllocations", [])
        rows = []
        for active in per.get("activeAllocations", []):
            index = int(active.get("snapshotIndex", 0))
            meta = snapshots[index]["activityMetadata"] if index >= 0 else special[int(active.get("specialIndex", 0))]
            rows.append(
                [
                    meta.get("tfOpName", ""),
                    int(meta.get("allocationBytes", 0)),
                    int(meta.get("requestedBytes", 0)),
                    int(active.get("numOccurrences", 0)),
                    meta.get("regionType", ""),
                    meta.get("dataType", ""),
                    meta.get("tensorShape", ""),
                    int(meta.get("stepId", 0)),
                ]
            )
        sampled = per.get("sampledTimelineSnapshots", [])
        allocators[memory_id] = {
            "profileSummary": per.get("profileSummary", {}),
            "breakdown_columns": [
                "tf_op",
                "allocation_bytes",
                "requested_bytes",
                "occurrences",
                "region_type",
                "data_type",
                "shape",
                "step_id",
            ],
            "breakdown": rows,
            "sampled_count": len(sampled),
            "sampled_offset_ps_sum": sum(int(s.get("timeOffsetPs", 0)) for s in sampled),
            "sampled_offsets_head": [int(s.get("timeOffsetPs", 0)) for s in sampled[:10]],
            "sampled_step_runs": _run_lengths([int(s["activityMetadata"].get("stepId", 0)) for s in sampled]),
            "sampled_allocations": sum(s["activityMetadata"].get("memoryActivity") == "ALLOCATION" for s in sampled),
        }
    return {"memoryIds": data.get("memoryIds", []), "allocators": allocators}


def trim_memory_viewer(data: dict, module: str) -> dict:
    keep = [
        "moduleName",
        "entryComputationName",
        "peakHeapMib",
        "peakUnpaddedHeapMib",
        "peakHeapSizePosition",
        "entryComputationParametersMib",
        "nonReusableMib",
        "maybeLiveOutMib",
        "totalBufferAllocationMib",
        "indefiniteBufferAllocationMib",
        "heapSizes",
        "unpaddedHeapSizes",
        "hloInstructionNames",
    ]
    out = {k: data[k] for k in keep if k in data}
    out["module"] = module
    fields = [
        "label",
        "instructionName",
        "logicalBufferId",
        "logicalBufferSizeMib",
        "unpaddedShapeMib",
        "shapeString",
        "tfOpName",
        "groupName",
        "opCode",
    ]
    out["maxHeap"] = [{k: h[k] for k in fields if k in h} for h in data.get("maxHeap", [])]
    out["maxHeapBySizeMib"] = [h.get("logicalBufferSizeMib", 0) for h in data.get("maxHeapBySize", [])]
    block_fields = [
        "logicalBufferId",
        "name",
        "offset",
        "size",
        "startStep",
        "endStep",
        "tfOpName",
        "category",
        "shapeString",
        "unpaddedSize",
    ]
    out["bufferBlocks"] = [{k: b[k] for k in block_fields if k in b} for b in data.get("bufferBlocks", [])]
    return out


def main(argv: list[str]) -> int:
    reference = pathlib.Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "reference"
    for fixture, folder in FIXTURES.items():
        src = reference / folder
        dst = ROOT / "tests" / "reference" / fixture
        dst.mkdir(parents=True, exist_ok=True)
        profile = json.loads((src / "memory_profile.json").read_text())
        (dst / "memory_profile.json").write_text(json.dumps(trim_memory_profile(profile), separators=(",", ":")))
        viewer_path = src / "memory_viewer.json"
        if viewer_path.exists():
            results = json.loads((src / "results.json").read_text())
            module = results["tools"]["memory_viewer"]["params"]["module_name"]
            viewer = trim_memory_viewer(json.loads(viewer_path.read_text()), module)
            (dst / "memory_viewer.json").write_text(json.dumps(viewer, separators=(",", ":")))
        print("wrote", dst.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
