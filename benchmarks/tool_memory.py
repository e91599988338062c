"""How much memory loading and each tool need, next to the file and the events frame.

    python benchmarks/tool_memory.py                 # ../shared/fixtures/jax_large (1.18M events)
    python benchmarks/tool_memory.py PATH [TOOL ...]

Each measurement runs in a fresh subprocess, and the peak RSS (Linux ``VmHWM``) is reset after
loading, so each peak is its own: ``load`` = peak RSS of ``nbprof.load`` above the process
after imports, over the file size; per tool = the peak RSS while the tool runs above the RSS
after loading, over the file size (and over the bytes ``prof.events`` reports, which count
the zero pages of sparse stat columns that are never resident). nbprof's out-of-memory
errors quote the load ratio and the largest tool ratio (``nbprof.xspace.read.LOAD_MEMORY_FACTOR``,
``TOOL_MEMORY_FACTOR``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "fixtures" / "jax_large"
TOOLS = [
    "steps",
    "overview",
    "input_pipeline",
    "tf_data_bottleneck",
    "framework_op_stats",
    "op_profile",
    "kernel_stats",
    "memory_profile",
    "memory_viewer",
    "roofline",
    "pod_viewer",
    "summary",
    "to_chrome_trace",
    "to_html",
]

_CHILD = r"""
import json, os, sys, tempfile
sys.path.insert(0, {repo!r})
import nbprof

def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

def peak_bytes():  # VmHWM: the peak RSS since the last reset
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:"))

def reset_peak():  # Linux >= 4.0: writing 5 to clear_refs resets VmHWM to the current RSS
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")

path, tool = sys.argv[1], sys.argv[2]
base = rss_bytes()
prof = nbprof.load(path)
loaded = rss_bytes()
load_peak = peak_bytes()
out = {{"events": len(prof.events), "events_bytes": int(prof.events.memory_usage(index=False).sum()),
        "base": base, "loaded": loaded, "load_peak": load_peak}}
if tool != "load":
    reset_peak()
    loaded = rss_bytes()
    out["loaded"] = loaded
    with tempfile.TemporaryDirectory() as tmp:
        if tool == "steps":
            prof.steps
        elif tool in ("to_chrome_trace", "to_html"):
            getattr(prof, tool)(os.path.join(tmp, "out.json.gz" if tool == "to_chrome_trace" else "out.html"))
        else:
            getattr(prof, tool)()
    out["tool_peak"] = peak_bytes()
print(json.dumps(out))
"""


def measure(path: str, tool: str) -> dict:
    code = _CHILD.format(repo=str(REPO))
    done = subprocess.run([sys.executable, "-c", code, path, tool], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _file_bytes(path: str) -> int:
    p = Path(path)
    return sum(f.stat().st_size for f in p.rglob("*.xplane.pb")) if p.is_dir() else p.stat().st_size


def main(argv: list[str]) -> None:
    path = argv[0] if argv else str(DEFAULT)
    tools = argv[1:] or TOOLS
    size = _file_bytes(path)
    first = measure(path, "load")
    load_extra = first["load_peak"] - first["base"]
    print(f"{path}: {size / 2**20:.1f} MiB of .xplane.pb, {first['events']:,} events")
    print(
        f"load: peak +{load_extra / 2**20:.0f} MiB ({load_extra / size:.1f}x the file), kept "
        f"+{(first['loaded'] - first['base']) / 2**20:.0f} MiB; events frame {first['events_bytes'] / 2**20:.0f} MiB"
    )
    print(f"{'tool':<20} {'peak above loaded':>18} {'x file':>8} {'x events frame':>15}")
    worst = 0.0
    for tool in tools:
        got = measure(path, tool)
        extra = max(got["tool_peak"] - got["loaded"], 0)
        ratio = extra / size
        worst = max(worst, ratio)
        print(f"{tool:<20} {extra / 2**20:>15.0f} MiB {ratio:>8.1f} {extra / got['events_bytes']:>15.2f}")
    print(f"largest tool: {worst:.1f}x the file size on top of the loaded profile")


if __name__ == "__main__":
    main(sys.argv[1:])
