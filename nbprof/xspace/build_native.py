"""Compile the optional C decoder (``_wire.c``) next to its source.

    python -m nbprof.xspace.build_native          # in a checkout; pip install runs it too

It needs a C compiler (``cc``/``gcc``, or ``$CC``) and Python's headers, nothing else: no
setuptools, no numpy headers. Without them nbprof uses its pure-Python decoder, which gives
the same frames, only slower. ``nbprof.xspace.decode_native.available()`` says which runs.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

SOURCE = Path(__file__).with_name("_wire.c")


def target_path(directory: Path | None = None) -> Path:
    """Where the compiled module goes: ``_wire<EXT_SUFFIX>`` beside the source (or in ``directory``)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return (directory or SOURCE.parent) / f"_wire{suffix}"


def compiler() -> list[str] | None:
    """The C compiler command, or None when there is none."""
    for candidate in (os.environ.get("CC"), sysconfig.get_config_var("CC"), "cc", "gcc", "clang"):
        if not candidate:
            continue
        words = shlex.split(candidate)
        if words and shutil.which(words[0]):
            return words
    return None


def build(directory: Path | None = None, quiet: bool = False) -> Path | None:
    """Compile ``_wire.c``; returns the module's path, or None (with a reason on stderr) when it cannot."""
    cc = compiler()
    include = sysconfig.get_paths().get("include")
    if cc is None or not include or not Path(include, "Python.h").exists():
        if not quiet:
            print("nbprof: no C compiler or Python headers; using the pure-Python decoder", file=sys.stderr)
        return None
    target = target_path(directory)
    flags = ["-O2", "-shared", "-fPIC", "-std=c99", "-fvisibility=hidden", f"-I{include}"]
    if sys.platform == "darwin":
        flags += ["-undefined", "dynamic_lookup"]
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / target.name
        result = subprocess.run([*cc, *flags, str(SOURCE), "-o", str(built)], capture_output=True, text=True)
        if result.returncode != 0:
            if not quiet:
                print(
                    f"nbprof: compiling {SOURCE.name} failed; using the pure-Python decoder\n{result.stderr}",
                    file=sys.stderr,
                )
            return None
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(built, target) if built.stat().st_dev == target.parent.stat().st_dev else shutil.move(built, target)
    return target


if __name__ == "__main__":
    path = build()
    print(path if path else "not built")
    sys.exit(0 if path else 1)
