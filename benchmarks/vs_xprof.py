"""nbprof next to XProf 2.24.2 and xprof-rs, tool by tool, on every fixture, in the same run.

    python benchmarks/vs_xprof.py                    # every fixture in tests/fixtures + ../shared jax_large
    python benchmarks/vs_xprof.py --quick            # jax_large, tpu_v6e, tf_keras_fit; overview, trace, memory_viewer
    python benchmarks/vs_xprof.py --fixtures jax_large --tools overview,trace --reps 5 --json out.json
    python benchmarks/vs_xprof.py --fixtures /path/to/logdir --tools overview      # any profile (a path)
    python benchmarks/vs_xprof.py --warm jax_mlp_train   # each child converts another profile first

Every measurement is a fresh process, cold (nbprof's cache off; XProf on a fresh copy of the
files, ``use_saved_result=False``), best of ``--reps``, with nbprof's bytecode compiled first
as an installed package has it:

- **nbprof**: ``nbprof.load(path)`` + the tool, after ``import nbprof``. ``trace`` is the trace
  viewer's first view: the viewer's layout and index plus the whole-span viewport at 1600 px.
- **XProf**: ``xprof.convert.raw_to_tool_data.xspace_to_tool_data(files, tool, params)`` in the
  XProf side venv (``--xprof-python``, default ``../xprof-venv``); ``trace`` is ``trace_viewer@``
  with the HTTP route's options (resolution 8000). ``memory_viewer`` includes
  ``xspace_to_tool_names``, which writes the HLO protos XProf's memory viewer reads.
- **xprof-rs** (``--rs``; overview and trace only): the first HTTP request to a fresh
  ``xprof-rs`` server on a fresh copy (reading the file included), as
  ``../shared/reference/scripts/bench_xprof_rs.py`` measures it.

``--warm NAME``: every child, nbprof's and XProf's alike, first runs the same tool on another profile,
untimed: the figures of a process that has opened a profile before (a notebook's second profile), without
the one-time costs of the first call (lazy imports, pandas' and pyarrow's first-use set-up).

Per fixture it also prints the load alone next to ``XSpace.FromString`` on the same bytes
(protobuf, file already read), the peak RSS of the load (above the process after imports) as
a multiple of the file size, and a reopen from the cache next to the first (cold) load (for profiles
the cache keeps by default: 4 MiB of files or more).
Ratios are what count: this 2-core machine is shared and absolute times vary run to run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
REFERENCE = REPO / "tests" / "reference"


def beside_repo(name: str) -> Path:
    """``name`` in the first folder above the checkout that has it (a worktree sits deeper)."""
    for parent in REPO.parents:
        if (parent / name).exists():
            return parent / name
    return REPO.parent / name


SHARED = beside_repo("shared")
DEFAULT_XPROF_PYTHON = beside_repo("xprof-venv") / "bin" / "python"

# nbprof tool -> (XProf tool, nbprof call on `prof`)
TOOLS = {
    "overview": ("overview_page", "prof.overview()"),
    "input_pipeline": ("input_pipeline_analyzer", "prof.input_pipeline()"),
    "framework_op_stats": ("framework_op_stats", "prof.framework_op_stats()"),
    "op_profile": ("op_profile", "prof.op_profile()"),
    "kernel_stats": ("kernel_stats", "prof.kernel_stats()"),
    "memory_profile": ("memory_profile", "prof.memory_profile()"),
    "memory_viewer": ("memory_viewer", "prof.memory_viewer(MODULE)"),
    "pod_viewer": ("pod_viewer", "prof.pod_viewer()"),
    "roofline": ("roofline_model", "prof.roofline()"),
    "trace": (
        "trace_viewer@",
        "from nbprof.trace.model import TraceModel; m = TraceModel(prof); m.query(*m.span, 1600)",
    ),
}
QUICK_FIXTURES = ["jax_large", "tpu_v6e", "tf_keras_fit"]
QUICK_TOOLS = ["overview", "trace", "memory_viewer"]
RS_TOOLS = {"overview": "overview_page", "trace": "trace_viewer@"}

NBPROF_CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
import nbprof
import os
path, what, module = sys.argv[2], sys.argv[3], sys.argv[4]
MODULE = module or None
warm = os.environ.get("VS_WARM_DIR")
if warm:  # --warm: the same call on another profile first (a process that has opened one before)
    prof = nbprof.load(warm, cache=False)
    try:
        exec("prof.events" if what in ("load", "reopen") else what.replace("MODULE", "None"))
    except Exception:
        pass
    del prof
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
t = time.perf_counter()
prof = nbprof.load(path)
if what == "load":
    prof.events
elif what == "reopen":
    pass
else:
    exec(what)
seconds = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"s": seconds, "peak_bytes": peak - base}))
"""

FROMSTRING_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from nbprof.proto import xplane_pb2
data = [open(p, "rb").read() for p in sys.argv[2:]]
t = time.perf_counter()
for d in data:
    xplane_pb2.XSpace.FromString(d)
print(json.dumps({"s": time.perf_counter() - t}))
"""

XPROF_CHILD = r"""
import json, os, shutil, sys, tempfile, time
from xprof.convert import raw_to_tool_data as r2t
tool, module, files = sys.argv[1], sys.argv[2], sys.argv[3:]
d = tempfile.mkdtemp(prefix="vsx_")
run = os.path.join(d, "plugins", "profile", "run")
os.makedirs(run)
dsts = []
for f in files:
    dst = os.path.join(run, os.path.basename(f))
    shutil.copyfile(f, dst)
    dsts.append(dst)
params = {"use_saved_result": False}
if tool.startswith("trace_viewer"):
    params["trace_viewer_options"] = {"resolution": 8000, "full_dma": False}
warm = [f for f in os.environ.get("VS_WARM_FILES", "").split(os.pathsep) if f]
if warm:  # --warm: the same conversion of another profile first, on its own copy
    wrun = os.path.join(d, "plugins", "profile", "warm")
    os.makedirs(wrun)
    wfiles = [shutil.copyfile(f, os.path.join(wrun, os.path.basename(f))) for f in warm]
    try:
        if tool == "memory_viewer":
            r2t.xspace_to_tool_names(wfiles)
        r2t.xspace_to_tool_data(wfiles, tool, dict(params))
    except Exception:
        pass
try:
    t = time.perf_counter()
    if tool == "memory_viewer":
        r2t.xspace_to_tool_names(dsts)
        params.update({"module_name": module, "memory_space": "0"})
    data, _ = r2t.xspace_to_tool_data(dsts, tool, params)
    seconds = time.perf_counter() - t
    print(json.dumps({"s": seconds, "ok": data is not None}))
except Exception as exc:
    print(json.dumps({"s": None, "ok": False, "error": f"{type(exc).__name__}: {exc}"[:200]}))
finally:
    shutil.rmtree(d, ignore_errors=True)
"""


# --------------------------------------------------------------------------- fixtures


def fixture_files(name: str) -> list[Path]:
    """The files of a fixture: ``jax_large`` from ../shared, a name in tests/fixtures, or a path to a logdir."""
    root = Path(name) if "/" in name else SHARED / "fixtures" / name if name == "jax_large" else FIXTURES / name
    return sorted(p for p in root.rglob("*.xplane.pb") if ".nbprof_cache" not in p.parts)


def all_fixtures() -> list[str]:
    names = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir() and p.name != "make")
    if fixture_files_exist("jax_large"):
        names.append("jax_large")
    return names


def fixture_files_exist(name: str) -> bool:
    try:
        return bool(fixture_files(name))
    except OSError:
        return False


def memory_viewer_module(name: str) -> str | None:
    """The module XProf's references were made for (XProf's own choice: the train step or the largest)."""
    ref = REFERENCE / name / "memory_viewer.json"
    if ref.exists():
        return json.loads(ref.read_text()).get("module")
    results = SHARED / "reference" / name / "results.json"
    if results.exists():
        modules = json.loads(results.read_text()).get("hlo_modules") or []
        return modules[0] if modules else None
    return None


# --------------------------------------------------------------------------- runs


def run_json(cmd: list[str], env: dict[str, str] | None = None, timeout: float = 900) -> dict:
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    if out.returncode != 0 or not lines:
        return {"s": None, "error": (out.stderr.strip().splitlines() or ["failed"])[-1][:200]}
    return json.loads(lines[-1])


def best(results: list[dict]) -> dict:
    ok = [r for r in results if r.get("s") is not None]
    if not ok:
        return results[-1] if results else {"s": None}
    return min(ok, key=lambda r: r["s"])


def compile_bytecode(package: Path) -> None:
    """Write the package's ``.pyc`` files first, as ``pip install`` does: a checkout run with
    ``PYTHONDONTWRITEBYTECODE`` would otherwise compile every module a tool imports lazily inside
    each timed call (2-5 ms a tool), a cost no installed nbprof pays (XProf's are compiled too)."""
    import compileall

    compileall.compile_dir(str(package), quiet=1)


NBPROF_ROOT = REPO  # the checkout whose nbprof is timed (--nbprof-root: e.g. an older one, same run)


WARM: list[Path] = []  # --warm: the files of the profile each child converts first, untimed


def warm_env() -> dict[str, str]:
    """The children's environment for ``--warm`` (nothing without it)."""
    if not WARM:
        return {}
    return {
        "VS_WARM_DIR": str(WARM[0].parent if len(WARM) > 1 else WARM[0]),
        "VS_WARM_FILES": os.pathsep.join(map(str, WARM)),
    }


def nbprof_time(path: Path, what: str, module: str | None, reps: int, cache: bool = False) -> dict:
    env = {**os.environ, **warm_env(), "NBPROF_CACHE": "1" if cache else "0"}
    cmd = [sys.executable, "-c", NBPROF_CHILD, str(NBPROF_ROOT), str(path), what, module or ""]
    return best([run_json(cmd, env) for _ in range(reps)])


def fromstring_time(files: list[Path], reps: int) -> dict:
    cmd = [sys.executable, "-c", FROMSTRING_CHILD, str(NBPROF_ROOT), *map(str, files)]
    return best([run_json(cmd) for _ in range(reps)])


def xprof_time(python: Path, tool: str, files: list[Path], module: str | None, reps: int) -> dict:
    cmd = [str(python), "-c", XPROF_CHILD, tool, module or "", *map(str, files)]
    return best([run_json(cmd, {**os.environ, **warm_env()}) for _ in range(reps)])


def xprof_rs_time(rs_binary: Path, tool: str, files: list[Path], reps: int) -> dict:
    """First GET of ``tool`` to a fresh xprof-rs server on a fresh copy, best of ``reps``."""
    results = []
    for _ in range(reps):
        d = Path(tempfile.mkdtemp(prefix="vsrs_"))
        run_dir = d / "fixture" / "plugins" / "profile" / "run"
        run_dir.mkdir(parents=True)
        for f in files:
            shutil.copyfile(f, run_dir / f.name)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        log = open(d / "server.log", "w")
        proc = subprocess.Popen([str(rs_binary), "--logdir", str(d), "--port", str(port)], stdout=log, stderr=log)
        try:
            base = f"http://127.0.0.1:{port}/data/plugin/profile"
            runs = None
            for _ in range(400):
                try:
                    with urllib.request.urlopen(base + "/runs", timeout=2) as r:
                        runs = json.loads(r.read())
                    break
                except OSError:
                    time.sleep(0.05)
            run = runs[0] if isinstance(runs[0], str) else runs[0].get("run", runs[0])
            query = urllib.parse.urlencode({"run": run, "tag": tool})
            with urllib.request.urlopen(f"{base}/hosts?{query}", timeout=60) as r:
                hosts = json.loads(r.read())
            host = hosts[0]["hostname"] if isinstance(hosts[0], dict) else hosts[0]
            url = f"{base}/data?" + urllib.parse.urlencode({"run": run, "tag": tool, "host": host})
            t = time.perf_counter()
            with urllib.request.urlopen(url, timeout=600) as r:
                r.read()
            results.append({"s": time.perf_counter() - t})
        except Exception as exc:  # noqa: BLE001 - a failed server is a missing figure, not a crash
            results.append({"s": None, "error": f"{type(exc).__name__}: {exc}"[:200]})
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.close()
            shutil.rmtree(d, ignore_errors=True)
    return best(results)


def min_cached_bytes() -> int:
    """The size from which the timed nbprof caches a profile by default (0 where it has no such limit)."""
    sys.path.insert(0, str(NBPROF_ROOT))
    try:
        from nbprof.xspace import cache

        return int(getattr(cache, "MIN_CACHED_BYTES", 0))
    finally:
        sys.path.remove(str(NBPROF_ROOT))


def reopen_times(files: list[Path], reps: int) -> tuple[dict, dict]:
    """(first load with the cache writing, best reopen) on a private copy of the fixture."""
    d = Path(tempfile.mkdtemp(prefix="vsreopen_"))
    try:
        run_dir = d / "plugins" / "profile" / "run"
        run_dir.mkdir(parents=True)
        for f in files:
            shutil.copyfile(f, run_dir / f.name)
        env = {**os.environ, **warm_env(), "NBPROF_CACHE": "1", "XDG_CACHE_HOME": str(d / "xdg")}
        writer = [sys.executable, "-c", NBPROF_CHILD, str(NBPROF_ROOT), str(d), "load", ""]
        first = run_json(writer, env)  # builds and writes the cache (the process waits for it at exit)
        again = [sys.executable, "-c", NBPROF_CHILD, str(NBPROF_ROOT), str(d), "reopen", ""]
        return first, best([run_json(again, env) for _ in range(reps)])
    finally:
        shutil.rmtree(d, ignore_errors=True)


# --------------------------------------------------------------------------- report


def fmt(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.3f}"


def ratio(a: float | None, b: float | None) -> str:
    return "-" if not a or not b else f"{a / b:.2f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_FIXTURES} x {QUICK_TOOLS}")
    parser.add_argument("--fixtures", help="comma-separated fixture names (default: all)")
    parser.add_argument("--tools", help=f"comma-separated tools among {list(TOOLS)}")
    parser.add_argument("--reps", type=int, default=None, help="fresh processes per figure (default 3, quick 3)")
    parser.add_argument("--rs", action="store_true", help="also time xprof-rs cold (overview, trace)")
    parser.add_argument("--no-xprof", action="store_true", help="nbprof only")
    parser.add_argument("--xprof-python", type=Path, default=DEFAULT_XPROF_PYTHON)
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument("--nbprof-root", type=Path, help="time the nbprof of another checkout (e.g. before a change)")
    parser.add_argument(
        "--warm",
        help="a fixture each child (nbprof and XProf alike) converts first with the same tool, untimed: "
        "the cost in a process that has opened a profile before (one-time imports and set-ups paid)",
    )
    args = parser.parse_args()
    if args.warm:
        WARM.extend(fixture_files(args.warm))
    global NBPROF_ROOT
    if args.nbprof_root:
        NBPROF_ROOT = args.nbprof_root.resolve()
    fixtures = args.fixtures.split(",") if args.fixtures else (QUICK_FIXTURES if args.quick else all_fixtures())
    tools = args.tools.split(",") if args.tools else (QUICK_TOOLS if args.quick else list(TOOLS))
    reps = args.reps or 3
    xprof = not args.no_xprof and args.xprof_python.exists()
    rs_binary = args.xprof_python.parent / "xprof-rs"
    rs = args.rs and rs_binary.exists()
    compile_bytecode(NBPROF_ROOT / "nbprof")
    print(
        f"nbprof from {NBPROF_ROOT}; python {sys.version.split()[0]}, {os.cpu_count()} cpus, best of {reps} fresh processes per figure"
    )
    print(f"XProf: {'yes' if xprof else 'no'} ({args.xprof_python}); xprof-rs: {'yes' if rs else 'no'}\n")
    figures: dict = {}
    for name in fixtures:
        files = fixture_files(name)
        if not files:
            print(f"{name}: no files, skipped")
            continue
        size = sum(f.stat().st_size for f in files)
        path = files[0].parent if len(files) > 1 else files[0]
        module = memory_viewer_module(name)
        fig: dict = figures.setdefault(name, {"bytes": size, "tools": {}})
        fig["fromstring"] = fromstring_time(files, reps)
        fig["load"] = nbprof_time(path, "load", module, reps)
        cached = size >= min_cached_bytes()
        if cached:
            fig["first_with_cache"], fig["reopen"] = reopen_times(files, reps)
        load_s, fs_s = fig["load"].get("s"), fig["fromstring"].get("s")
        peak = fig["load"].get("peak_bytes")
        print(f"== {name}: {size / 2**20:,.1f} MiB, {len(files)} file(s)")
        reopen = (
            f"reopen from cache {fmt(fig['reopen'].get('s'))} s = {ratio(fig['reopen'].get('s'), load_s)} of the cold load"
            if cached
            else f"not cached by default (under {min_cached_bytes() / 2**20:g} MiB of files)"
        )
        print(
            f"   load {fmt(load_s)} s = {ratio(load_s, fs_s)} XSpace.FromString ({fmt(fs_s)} s); "
            f"peak RSS +{(peak or 0) / size:.1f}x the file; {reopen}"
        )
        header = (
            f"   {'tool':<20}{'nbprof s':>10}{'XProf s':>10}{'XProf/nbprof':>14}{'xprof-rs s':>12}{'nbprof/rs':>11}"
        )
        print(header)
        for tool in tools:
            xtool, _ = TOOLS[tool]
            if tool == "memory_viewer" and not module:
                continue
            row: dict = {"nbprof": nbprof_time(path, TOOLS[tool][1], module, reps)}
            if xprof:
                row["xprof"] = xprof_time(args.xprof_python, xtool, files, module, reps)
            if rs and tool in RS_TOOLS:
                row["xprof_rs"] = xprof_rs_time(rs_binary, RS_TOOLS[tool], files, reps)
            fig["tools"][tool] = row
            n_s = row["nbprof"].get("s")
            x_s = row.get("xprof", {}).get("s")
            r_s = row.get("xprof_rs", {}).get("s")
            note = "" if n_s is not None else f"  nbprof: {row['nbprof'].get('error')}"
            print(
                f"   {tool:<20}{fmt(n_s):>10}{fmt(x_s):>10}{ratio(x_s, n_s):>14}{fmt(r_s):>12}{ratio(n_s, r_s):>11}{note}"
            )
        print()
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
