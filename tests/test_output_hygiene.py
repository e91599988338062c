"""Text from a profile is shown as text: no terminal escape reaches a terminal, no CSV cell
runs as a spreadsheet formula."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys

from fixture_paths import FIXTURES, fixture_file
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.proto import xplane_pb2

ESCAPE = "\x1b]0;owned\x07\x1b[2J\x1b[31m"
# Terminal control: C0 (tab and newline aside), DEL and C1 characters.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _hostile_logdir(tmp_path):  # type: ignore[no-untyped-def]
    b = XSpaceBuilder()
    b.task_environment(1_700_000_000_000_000_000, 1_700_000_001_000_000_000)
    plane = b.plane(f"/host:CPU{ESCAPE}")
    line = plane.line(f"t{ESCAPE}\nfake", timestamp_ns=1000)
    line.event(f"op{ESCAPE}", offset_ps=0, duration_ps=5_000_000)
    line.event("=cmd|' /C calc'!A0", offset_ps=6_000_000, duration_ps=1_000_000)
    b.msg.errors.append(f"error{ESCAPE}")
    return b.write(tmp_path, host=f"host{ESCAPE}")


def test_summary_escapes_control_characters_from_the_profile(tmp_path) -> None:
    path = _hostile_logdir(tmp_path)
    out = subprocess.run(
        [sys.executable, "-m", "nbprof", "summary", str(tmp_path)], capture_output=True, text=True, check=True
    ).stdout
    assert not CONTROL.search(out), [m.group() for m in CONTROL.finditer(out)][:5]
    assert "\\x1b[31m" in out and "op\\x1b]0;owned\\x07" in out  # shown, escaped
    assert "t\\x1b]0;owned\\x07\\x1b[2J\\x1b[31m\\x0afake" in out  # a name stays on its line
    assert "error\\x1b" in out and f"{path.parent}/host\\x1b]0;owned" in out


def test_summary_error_messages_escape_the_path(tmp_path) -> None:
    missing = tmp_path / f"gone{ESCAPE}.xplane.pb"
    result = subprocess.run([sys.executable, "-m", "nbprof", "summary", str(missing)], capture_output=True, text=True)
    assert result.returncode == 2
    assert not CONTROL.search(result.stderr) and "gone\\x1b" in result.stderr


def test_xprof_csv_escapes_formula_cells(tmp_path) -> None:
    """Op names starting with = + - @ are written with a leading quote (XProf writes them as
    they are); the other cells stay XProf's."""
    space = xplane_pb2.XSpace.FromString(fixture_file("tf_keras2_fit").read_bytes())
    prefixes = "=+-@"
    renamed = 0
    for plane in space.planes:
        for metadata in plane.event_metadata.values():
            if metadata.name.startswith("sequential/"):  # the model's TF ops, e.g. sequential/dense/Relu:Relu
                # '=sequential/dense/Relu:relu' still reads as a framework op (a JAX-style name:type)
                metadata.name = prefixes[renamed % 4] + metadata.name.split(":")[0] + ":relu"
                renamed += 1
    assert renamed >= 4
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(space.SerializeToString())
    fos = nbprof.load(path).framework_op_stats()
    hostile = fos.table[fos.table["name"].str.match(r"[=+\-@]")]
    assert set(hostile["name"].str[0]) == set(prefixes)
    rows = list(csv.reader(io.StringIO(fos.to_xprof_csv())))
    names = [row[rows[0].index("Operation Name")] for row in rows[1:]]
    assert not [n for n in names if n[:1] in set(prefixes)]
    assert {"'" + n for n in hostile["name"]} <= set(names)
    assert any(n.startswith("'=sequential/") for n in names)
    # numbers are not text: negative values would stay as they are
    assert all(re.fullmatch(r"-?[0-9.e+-]+|nan|inf", row[rows[0].index("Total time (us)")]) for row in rows[1:])


def test_xprof_csv_unchanged_without_formula_cells() -> None:
    """The reference check in test_framework_op_stats covers this byte for byte; here: the
    fixtures' XProf exports indeed have no cell that would be escaped."""
    for reference in (FIXTURES.parent / "reference").glob("*/framework_op_stats.xprof.csv"):
        rows = list(csv.reader(io.StringIO(reference.read_text(encoding="utf-8"))))
        text_columns = [rows[0].index(c) for c in ("Host/device", "Operation Type", "Operation Name")]
        assert not [r for r in rows[1:] for i in text_columns if r[i][:1] in ("=", "+", "-", "@", "\t", "\r")]
