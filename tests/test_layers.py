"""nbprof's layers: data flows one way, and no module imports one above it (lazily or not).

proto -> xspace -> hlo -> opstats -> tools/trace -> widgets/export -> profile -> capture/magic/cli.
Every import statement of every module counts, inside functions and TYPE_CHECKING blocks too.
A tool never imports another tool (its shared machinery, ``tools._result`` and
``tools.registry``, excepted).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "nbprof"

LAYERS = {
    "errors": 0, "units": 0, "text": 0, "proto": 0, "examples": 0,
    "xspace": 1,
    "hlo": 2,
    "opstats": 3,
    "tools": 4, "trace": 4,
    "widgets": 5, "export": 5,
    "profile": 6, "pod": 6,
    "loading": 7, "capture": 7, "magic": 7, "cli": 7, "__main__": 7, "__init__": 8,
}  # fmt: skip
TOOL_INFRASTRUCTURE = {"_result", "registry", "__init__"}


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if not p.name.endswith("_pb2.py"))


def top_package(dotted: str) -> str:
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports_of(path: Path) -> list[str]:
    """Dotted names of the nbprof modules ``path`` imports (absolute and relative)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = "nbprof." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.split(".")[0] == "nbprof"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = own.split(".")[: -node.level] if path.name != "__init__.py" else own.split(".")[: 1 - node.level]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] == "nbprof":
                out += [module] + [f"{module}.{a.name}" for a in node.names]
    return out


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return "nbprof." + ".".join(parts)


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_import_runs_up_the_layers(path: Path) -> None:
    mine = top_package(module_name(path))
    assert mine in LAYERS, f"{mine} has no layer in tests/test_layers.py"
    for target in imports_of(path):
        theirs = top_package(target)
        if theirs == "__init__" or theirs == mine:
            continue
        assert LAYERS.get(theirs, 0) <= LAYERS[mine], f"{module_name(path)} imports {target} (a layer above it)"


@pytest.mark.parametrize("path", sorted((PACKAGE / "tools").glob("*.py")), ids=lambda p: p.name)
def test_a_tool_never_imports_another_tool(path: Path) -> None:
    if path.stem in TOOL_INFRASTRUCTURE:
        return
    for target in imports_of(path):
        parts = target.split(".")
        if len(parts) >= 3 and parts[1] == "tools":
            assert parts[2] in TOOL_INFRASTRUCTURE | {path.stem}, f"tools/{path.name} imports {target}"
