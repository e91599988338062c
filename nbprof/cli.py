"""Command line: ``nbprof summary [PATH]`` (also ``python -m nbprof summary``)."""

from __future__ import annotations

import argparse
import sys

from nbprof.errors import NbprofError
from nbprof.text import printable


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="nbprof", description="XProf profiles as DataFrames and inline views.")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("summary", help="print a readable summary of a profile")
    s.add_argument(
        "path",
        nargs="?",
        help=".xplane.pb file, run directory or TensorBoard logdir "
        "(default: the small example profile shipped with nbprof)",
    )
    s.add_argument("--run", help="run of a logdir (default: newest)")
    s.add_argument("--host", help="host of a run (default: all)")
    s.add_argument("--partial", action="store_true", help="read the whole planes of a truncated file")
    args = parser.parse_args(argv)
    from nbprof import examples, load

    path = args.path
    if path is None:
        path = examples.path("jax_mlp_train")
        print(f"(no PATH given: using the example profile {path})\n")
    try:
        text = load(path, run=args.run, host=args.host, partial=args.partial).summary().to_text()
    except NbprofError as exc:
        print(f"nbprof: error: {printable(exc)}", file=sys.stderr)  # paths and names from the profile
        return 2
    print(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
