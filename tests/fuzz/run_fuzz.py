"""The long fuzz run: ``nbprof.load`` (and, for some inputs, every tool) on mutated profiles.

    python tests/fuzz/run_fuzz.py --iterations 50000            # load only
    python tests/fuzz/run_fuzz.py --iterations 5000 --tools-every 10

Inputs are ``fuzz_load.mutate(seed profile, random.Random(seed + i))``: input ``i`` of a run
can be rebuilt from ``--seed`` and ``i`` alone. Each must give a Profile or an NbprofError;
any other exception, a warning nbprof raises or triggers, or an input that takes longer than
``--hang-s`` (a hang, not a speed limit) is a failure, saved under ``--save`` for replay
(``--replay FILE``). Prints the outcome counts and inputs per second; exit status 1 on failure.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import signal
import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("NBPROF_CACHE", "0")  # fuzz the decoders; no cache folders in the run's temp dir
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parents[1])]

from every_tool import run_every_tool  # noqa: E402
from fuzz_load import mutate, seeds  # noqa: E402

import nbprof  # noqa: E402
from nbprof.errors import NbprofError, NbprofWarning  # noqa: E402


class Hang(Exception):
    """An input ran past ``--hang-s``."""


def _on_alarm(signum: int, frame: object) -> None:
    raise Hang()


def check(data: bytes, workdir: Path, tools: bool) -> str:
    """Outcome of one input: ``load ok``, ``load <NbprofError>``, ``tools ok``, ``tools <NbprofError>``."""
    path = workdir / "h.xplane.pb"
    path.write_bytes(data)
    try:
        prof = nbprof.load(path)
        prof.events  # noqa: B018  # where load defers building the event frames, build them here
    except NbprofError as exc:
        return f"load {type(exc).__name__}"
    repr(prof)
    if not tools:
        return "load ok"
    outcomes = run_every_tool(prof, workdir)
    errors = sorted({v for v in outcomes.values() if v != "ok"})
    return "tools ok" if not errors else "tools " + "+".join(errors)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tools-every", type=int, default=0, help="every N-th input also runs every tool (0: never)")
    parser.add_argument("--hang-s", type=int, default=120, help="an input taking longer is reported as a hang")
    parser.add_argument("--save", default="fuzz-failures", help="folder for failing inputs")
    parser.add_argument("--replay", help="run one saved input and show its traceback")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    warnings.filterwarnings("error", module="nbprof")
    warnings.filterwarnings("error", category=NbprofWarning)
    signal.signal(signal.SIGALRM, _on_alarm)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        if args.replay:
            print(check(Path(args.replay).read_bytes(), workdir, tools=True))
            return 0
        bases = seeds()
        outcomes: collections.Counter[str] = collections.Counter()
        failures: dict[str, int] = {}
        started = time.perf_counter()
        for i in range(args.iterations):
            rnd = random.Random(args.seed * 1_000_003 + i)
            data = mutate(bases[rnd.randrange(len(bases))], rnd)
            tools = bool(args.tools_every) and i % args.tools_every == 0
            signal.alarm(args.hang_s)
            try:
                outcomes[check(data, workdir, tools)] += 1
            except Exception as exc:  # noqa: BLE001 - the failures this run looks for
                outcomes["FAILURE"] += 1
                source = exc.__cause__ or exc  # a view's failure: where the view's tool raised
                frames = [f for f in traceback.extract_tb(source.__traceback__) if "/nbprof/" in f.filename]
                where = f"{frames[-1].filename.split('nbprof/')[-1]}:{frames[-1].lineno}" if frames else "?"
                key = f"{type(exc).__name__} at {where}: {str(exc)[:120]}"
                if key not in failures:
                    save = Path(args.save)
                    save.mkdir(exist_ok=True)
                    (save / f"seed{args.seed}-input{i}.xplane.pb").write_bytes(data)
                    print(f"FAIL input {i}: {key} (saved as {save}/seed{args.seed}-input{i}.xplane.pb)", flush=True)
                failures[key] = failures.get(key, 0) + 1
            finally:
                signal.alarm(0)
            if (i + 1) % 1000 == 0:
                rate = (i + 1) / (time.perf_counter() - started)
                print(f"{i + 1:,} inputs, {rate:.1f}/s: {dict(outcomes)}", flush=True)
        elapsed = time.perf_counter() - started
    print(f"\n{args.iterations:,} inputs in {elapsed:.0f} s ({args.iterations / elapsed:.1f}/s), seed {args.seed}")
    for outcome, count in outcomes.most_common():
        print(f"{count:9,}  {outcome}")
    for key, count in failures.items():
        print(f"FAILED {count}x: {key}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
