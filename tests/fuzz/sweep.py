"""The long schema-level mutation sweep: every mutation of ``mutations.py`` on small bases cut
from the real fixtures, every tool on each mutant (``every_tool.py``).

    python tests/fuzz/sweep.py                       # all bases, all mutations (about 3,000 mutants)
    python tests/fuzz/sweep.py --bases gpu_v100 --match 'stat:kernel_details'

Prints each failure (a raw exception: neither a result nor an NbprofError) as it is found,
then the outcome counts and the mutants per second. Exit status 1 when anything failed.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parents[1])]

from every_tool import tool_calls  # noqa: E402
from fixture_paths import fixture_files  # noqa: E402
from mutations import all_mutations, mutated, small_base  # noqa: E402

os.environ.setdefault("NBPROF_CACHE", "0")  # the decoders, not the cache; no cache folders in temp dirs
import nbprof  # noqa: E402
from nbprof.errors import NbprofError, NbprofWarning  # noqa: E402

BASES = ("tf_keras2_input_bound", "tf_cpu_bfc_memory", "jax_mlp_train", "torch_xla_train", "tpu_v6e", "gpu_v100")


def _where(exc: BaseException) -> str:
    exc = exc.__cause__ or exc  # a view's failure: where the view's tool raised
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/nbprof/" in f.filename]
    frame = (frames or traceback.extract_tb(exc.__traceback__))[-1]
    return f"{frame.filename.split('nbprof/')[-1]}:{frame.lineno}"


def run_one(data: bytes, workdir: Path) -> tuple[collections.Counter[str], list[tuple[str, BaseException]]]:
    """Load ``data`` and run every tool: outcome counts and the raw exceptions (call, exception)."""
    outcomes: collections.Counter[str] = collections.Counter()
    failures: list[tuple[str, BaseException]] = []
    path = workdir / "h.xplane.pb"
    path.write_bytes(data)
    try:
        prof = nbprof.load(path)
        prof.events  # noqa: B018  # where load defers building the event frames, build them here
    except NbprofError as exc:
        outcomes[f"load: {type(exc).__name__}"] += 1
        return outcomes, failures
    except Exception as exc:  # noqa: BLE001 - the failures this sweep looks for
        return outcomes, [("load", exc)]
    outcomes["load: ok"] += 1
    for name, call in tool_calls(prof, workdir):
        try:
            result = call()
            if result is not None and hasattr(result, "summary_text"):
                result.summary_text()
                result.to_frames()
            outcomes["tool: ok"] += 1
        except NbprofError as exc:
            outcomes[f"tool: {type(exc).__name__}"] += 1
        except Exception as exc:  # noqa: BLE001
            failures.append((name, exc))
    return outcomes, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bases", default=",".join(BASES), help="fixtures to cut the bases from")
    parser.add_argument("--match", default="", help="only mutations whose name matches this regex")
    parser.add_argument("--events-per-line", type=int, default=40)
    args = parser.parse_args(argv)
    # As in the test suite: warnings nbprof raises or triggers are failures too.
    warnings.simplefilter("ignore")
    warnings.filterwarnings("error", module="nbprof")
    warnings.filterwarnings("error", category=NbprofWarning)
    outcomes: collections.Counter[str] = collections.Counter()
    failures: dict[str, list[str]] = collections.defaultdict(list)
    mutants = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for base_name in args.bases.split(","):
            base = small_base(fixture_files(base_name)[0].read_bytes(), args.events_per_line)
            for mutation in all_mutations(base):
                if args.match and not re.search(args.match, mutation.name):
                    continue
                mutants += 1
                counts, raw = run_one(mutated(base, mutation), Path(tmp))
                outcomes.update(counts)
                for call, exc in raw:
                    key = f"{call}: {type(exc).__name__} at {_where(exc)}: {str(exc)[:100]}"
                    if key not in failures:
                        print(f"FAIL {base_name} {mutation.name} -> {key}", flush=True)
                    failures[key].append(f"{base_name} {mutation.name}")
                    outcomes["tool: raw exception"] += 1
    elapsed = time.perf_counter() - started
    print(f"\n{mutants:,} mutants in {elapsed:.0f} s ({mutants / elapsed:.2f}/s); outcomes: {dict(outcomes)}")
    for key, where in sorted(failures.items(), key=lambda kv: -len(kv[1])):
        print(f"{len(where):5d}  {key}\n       e.g. {', '.join(where[:3])}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
