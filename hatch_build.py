"""Hatch build hook: compile nbprof's optional C decoder (``nbprof/xspace/_wire.c``).

It needs only a C compiler and Python's headers. Where they are missing, or compiling
fails, the wheel is built without it and nbprof uses its pure-Python decoder (same frames,
slower); the build never fails for it.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        script = Path(self.root) / "nbprof" / "xspace" / "build_native.py"
        spec = importlib.util.spec_from_file_location("_nbprof_build_native", script)
        if spec is None or spec.loader is None:
            return
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        built = module.build()
        if built is None:
            print("nbprof: building without the C decoder (pure-Python decoder)", file=sys.stderr)
            return
        if version != "editable":  # an editable install imports it from the source tree
            build_data["force_include"][str(built)] = f"nbprof/xspace/{built.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
