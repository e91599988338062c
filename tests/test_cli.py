"""`nbprof summary` and `python -m nbprof summary` on real profiles."""

from __future__ import annotations

import subprocess
import sys

from fixture_paths import FIXTURES, load_fixture

import nbprof


def test_summary_of_shipped_example_without_path() -> None:
    out = subprocess.run([sys.executable, "-m", "nbprof", "summary"], capture_output=True, text=True, check=True).stdout
    assert "example profile" in out
    assert "Events: 4,119" in out
    assert "Top 10 events by total time" in out and "Top 10 events by self time" in out
    assert "/host:CPU" in out and "ms" in out


def test_summary_of_a_logdir(capsys) -> None:
    from nbprof.cli import main

    assert main(["summary", str(FIXTURES / "gpu_v100")]) == 0
    out = capsys.readouterr().out
    assert "/device:GPU:4" in out
    assert f"Events: {len(load_fixture('gpu_v100').events):,}" in out


def test_example_path() -> None:
    assert "jax_mlp_train" in nbprof.examples.names()
    assert len(nbprof.load(nbprof.examples.path()).events) == 4119
