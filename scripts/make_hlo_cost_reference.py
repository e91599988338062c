"""Make tests/reference/hlo_cost_xprof: XProf 2.24.2's FLOPs and bytes for hand-written HLO modules.

XProf computes the cost of GPU ops itself (XLA's GPU cost analysis) from the HLO protos a profile
carries. To see its numbers for any HLO, this script writes each module of
``tests/reference/hlo_cost_xprof/*.hlo`` into a synthetic GPU profile (the AMD MI300X fixture's
device plane, with one 1-us kernel per instruction of every computation) and reads XProf's
op_profile and hlo_stats back. Two steps, each in its own environment, run from the repository root:

    python scripts/make_hlo_cost_reference.py protos
        (a Python with jax): writes elementwise.hlo (one instruction per elementwise opcode and
        element type) and turns every .hlo into a serialized HloModuleProto (.pb) with jaxlib's parser.
    /path/to/xprof-venv/bin/python scripts/make_hlo_cost_reference.py xprof
        (a Python with xprof==2.24.2, which brings TensorFlow's protos): writes xprof_costs.json,
        {"columns": [...], "modules": {module: {instruction: [model_flops, flops, bytes_accessed,
        hbm_bytes, hbm_bw_bytes]}}}, per execution. ``model_flops``/``flops``/``bytes_accessed`` come from hlo_stats (rates x 1 us,
        rounded to integers); ``hbm_bytes`` is op_profile's HBM read+write bytes (absent for ops
        op_profile does not list); ``hbm_bw_bytes`` is hlo_stats' HBM bandwidth x 1 us, which XProf
        falls back to the total bytes for when it has no read/write breakdown.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import sys
import tempfile
from collections.abc import Callable

ROOT = pathlib.Path(__file__).resolve().parents[1]
REF = ROOT / "tests" / "reference" / "hlo_cost_xprof"
TEMPLATE = ROOT / "tests" / "fixtures" / "amd_mi300x_gemm" / "plugins" / "profile" / "run" / "tw003.xplane.pb"
KERNEL_PS = 1_000_000  # every synthetic kernel lasts 1 us

TYPES = ["pred", "s4", "s8", "s16", "s32", "s64", "u4", "u8", "u16", "u32", "u64", "f16", "bf16", "f32", "f64",
         "c64", "c128", "f8e4m3fn", "f8e5m2"]  # fmt: skip
UNARY = ["abs", "cbrt", "ceil", "count-leading-zeros", "cosine", "erf", "exponential", "exponential-minus-one",
         "floor", "imag", "is-finite", "log", "log-plus-one", "logistic", "negate", "not", "popcnt", "real",
         "round-nearest-afz", "round-nearest-even", "rsqrt", "sign", "sine", "sqrt", "tan", "tanh", "copy",
         "bitcast-convert"]  # fmt: skip
BINARY = ["add", "and", "atan2", "complex", "divide", "maximum", "minimum", "multiply", "or", "power",
          "remainder", "shift-left", "shift-right-arithmetic", "shift-right-logical", "subtract", "xor"]  # fmt: skip


def _elementwise_text(parses: Callable[[str], bool]) -> str:
    """One instruction per (elementwise opcode, element type) that XLA's parser accepts."""
    n = 1024
    lines = []

    def add(name: str, result_type: str, op: str, operands: list[str], attrs: str = "") -> None:
        """Keep the instruction if XLA accepts it alone (operands: element types, 'pred' for q)."""
        params = "\n".join(f"  a{i} = {t}[{n}]{{0}} parameter({i})" for i, t in enumerate(operands))
        args = ", ".join(f"a{i}" for i in range(len(operands)))
        probe = f"HloModule m\nENTRY e {{\n{params}\n  ROOT r = {result_type}[{n}]{{0}} {op}({args}){attrs}\n}}\n"
        if parses(probe):
            real_args = ", ".join(f"p.{t}" for t in operands)
            lines.append(f"  {name} = {result_type}[{n}]{{0}} {op}({real_args}){attrs}")

    for t in TYPES:
        for op in UNARY + BINARY:
            out = t
            if op in ("abs", "real", "imag") and t in ("c64", "c128"):
                out = {"c64": "f32", "c128": "f64"}[t]
            elif op == "is-finite":
                out = "pred"
            elif op == "complex":
                out = {"f32": "c64", "f64": "c128"}.get(t, "")
            if out:
                add(f"{op}.{t}", out, op, [t] if op in UNARY else [t, t])
        add(f"compare.{t}", "pred", "compare", [t, t], ", direction=LT")
        add(f"select.{t}", t, "select", ["pred", t, t])
        add(f"clamp.{t}", t, "clamp", [t, t, t])
        if t != "f32":
            add(f"convert.{t}", t, "convert", ["f32"])
        add(f"reduce-precision.{t}", t, "reduce-precision", [t], ", exponent_bits=5, mantissa_bits=10")
    params = "\n".join(f"  p.{t} = {t}[{n}]{{0}} parameter({i})" for i, t in enumerate(TYPES))
    return "HloModule elementwise\n\nENTRY main {\n" + params + "\n" + "\n".join(lines) + "\n  ROOT t = () tuple()\n}\n"


def make_protos() -> None:
    import jax._src.lib as jaxlib  # noqa: PLC0415 (only this step needs jax)

    def parses(text: str) -> bool:
        try:
            jaxlib.hlo.hlo_module_from_text(text)
            return True
        except Exception:
            return False

    (REF / "elementwise.hlo").write_text(_elementwise_text(parses))
    for path in sorted(REF.glob("*.hlo")):
        module = jaxlib.hlo.hlo_module_from_text(path.read_text())
        path.with_suffix(".pb").write_bytes(module.as_serialized_hlo_module_proto())
        print(path.with_suffix(".pb").relative_to(ROOT))


def make_xprof() -> None:
    from tensorflow.compiler.xla.service import hlo_pb2  # noqa: PLC0415
    from tensorflow.tsl.profiler.protobuf import xplane_pb2  # noqa: PLC0415
    from xprof.convert import raw_to_tool_data  # noqa: PLC0415

    modules = {}
    for i, path in enumerate(sorted(REF.glob("*.pb"))):
        module = hlo_pb2.HloModuleProto.FromString(path.read_bytes())
        module.id = 100 + i
        modules[module.id] = module
    space = _synthetic_space(xplane_pb2, hlo_pb2, modules)
    tmp = tempfile.mkdtemp(prefix="hlo_cost_ref_")
    try:
        run = pathlib.Path(tmp, "plugins", "profile", "run")
        run.mkdir(parents=True)
        path = run / "synthetic.xplane.pb"
        path.write_bytes(space.SerializeToString())
        params = {"use_saved_result": False}
        op_profile = json.loads(raw_to_tool_data.xspace_to_tool_data([str(path)], "op_profile", params)[0])
        hlo_stats = json.loads(raw_to_tool_data.xspace_to_tool_data([str(path)], "hlo_stats", params)[0])
    finally:
        shutil.rmtree(tmp)
    names = {m.id: m.name for m in modules.values()}
    out: dict[str, dict[str, dict]] = {m.name: {} for m in modules.values()}
    ids = [c["id"] for c in hlo_stats["cols"]]
    for row in hlo_stats["rows"]:
        v = dict(zip(ids, [c.get("v") if c else None for c in row["c"]]))
        seconds = v["avg_time"] * 1e-6
        out[names[int(v["program_id"])]][v["hlo_op_name"]] = {
            "model_flops": round(v["model_flop_rate"] * 1e9 * seconds),
            "flops": round(v["normalized_flop_rate"] * 1e9 * seconds),
            "bytes_accessed": round(v["measured_memory_bw"] * 2**30 * seconds),
            "hbm_bw_bytes": round(v["hbm_bw"] * 2**30 * seconds),
        }

    def walk(node: dict, module: str | None) -> None:
        if node.get("xla") and not node.get("children") and module in out and node["name"] in out[module]:
            metrics = node["metrics"]
            occurrences = metrics.get("occurrences") or 1
            out[module][node["name"]]["hbm_bytes"] = round(
                (metrics.get("rawBytesAccessedArray") or [0])[0] / occurrences
            )
        for child in node.get("children", []):
            if module is None and child["name"].endswith(")"):
                walk(child, child["name"].rsplit("(", 1)[0])
            else:
                walk(child, module)

    walk(op_profile["byProgram"], None)
    columns = ["model_flops", "flops", "bytes_accessed", "hbm_bytes", "hbm_bw_bytes"]
    body = ",\n".join(
        f"  {json.dumps(module)}: {json.dumps({k: [v.get(c) for c in columns] for k, v in sorted(rows.items())})}"
        for module, rows in sorted(out.items())
    )
    (REF / "xprof_costs.json").write_text(f'{{"columns": {json.dumps(columns)}, "modules": {{\n{body}\n}}}}\n')
    print("xprof_costs.json:", sum(len(v) for v in out.values()), "instructions")


def _stat_id(plane, ids: dict[str, int], name: str) -> int:
    """The id of stat metadata ``name`` in ``plane``, added when missing."""
    if name not in ids:
        new = max(plane.stat_metadata) + 1
        plane.stat_metadata[new].id, plane.stat_metadata[new].name = new, name
        ids[name] = new
    return ids[name]


def _synthetic_space(xplane_pb2, hlo_pb2, modules: dict):
    """The template's GPU plane and host planes, our HLO protos in /host:metadata, one kernel per instruction."""
    src = xplane_pb2.XSpace.FromString(TEMPLATE.read_bytes())
    space = xplane_pb2.XSpace()
    for plane in src.planes:
        if plane.name == "/host:metadata":
            meta = space.planes.add(id=plane.id, name=plane.name)
            meta.stat_metadata[1].id = 1
            meta.stat_metadata[1].name = "Hlo Proto"
            for module in modules.values():
                em = meta.event_metadata[module.id]
                em.id, em.name = module.id, module.name
                em.stats.add(metadata_id=1, bytes_value=hlo_pb2.HloProto(hlo_module=module).SerializeToString())
        elif plane.name == "/device:GPU:0":
            gpu = space.planes.add(id=plane.id, name=plane.name)
            gpu.stats.extend(plane.stats)
            for k, v in plane.stat_metadata.items():
                gpu.stat_metadata[k].CopyFrom(v)
            stat_ids = {v.name: k for k, v in gpu.stat_metadata.items()}

            line = gpu.lines.add(id=16, name="Stream #16(Kernel)", timestamp_ns=plane.lines[0].timestamp_ns)
            offset, event_id = KERNEL_PS, 1
            for module in modules.values():
                for comp in module.computations:
                    for ins in comp.instructions:
                        em = gpu.event_metadata[event_id]
                        em.id, em.name = event_id, ins.name + ".kd"
                        ev = line.events.add(metadata_id=event_id, offset_ps=offset, duration_ps=KERNEL_PS)
                        ev.stats.add(metadata_id=_stat_id(gpu, stat_ids, "correlation_id"), int64_value=event_id)
                        ev.stats.add(metadata_id=_stat_id(gpu, stat_ids, "program_id"), int64_value=module.id)
                        for key, value in (("tf_op", "XlaModule:"), ("hlo_op", ins.name), ("hlo_module", module.name),
                                           ("name", ins.metadata.op_name or "jit(f)/op")):  # fmt: skip
                            ev.stats.add(
                                metadata_id=_stat_id(gpu, stat_ids, key), ref_value=_stat_id(gpu, stat_ids, value)
                            )
                        offset += 2 * KERNEL_PS
                        event_id += 1
        elif plane.name in ("/host:CPU", "Task Environment"):
            copy = space.planes.add()
            copy.CopyFrom(plane)
            del copy.lines[:]
    return space


if __name__ == "__main__":
    step = sys.argv[1] if len(sys.argv) > 1 else ""
    if step == "protos":
        make_protos()
    elif step == "xprof":
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        make_xprof()
    else:
        sys.exit(__doc__)
