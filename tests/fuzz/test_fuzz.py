"""Short fuzz runs in the normal suite (the long ones: tests/fuzz/run_fuzz.py and sweep.py, README).

- ``nbprof.load`` of mutated profiles (hypothesis, derandomised: the same inputs every run)
  returns a Profile or raises an NbprofError;
- schema-level mutations (a subset of ``mutations.py``, every kind of bad value for the stats
  the tools lean on most) through every tool give a result or an NbprofError.
A hang fails through the suite's per-test time limit.
"""

from __future__ import annotations

import random

import pytest
from every_tool import run_every_tool
from fixture_paths import fixture_files
from fuzz_load import load_outcome, mutate, seeds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutations import STAT_KINDS, field_mutations, mutated, small_base, stat_mutations

import nbprof
from nbprof.errors import NbprofError

pytestmark = pytest.mark.slow


@settings(
    max_examples=100,
    derandomize=True,
    database=None,
    deadline=None,  # never a time limit per input: a hang fails through pytest-timeout
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, 10**6))
def test_load_of_mutated_profiles(tmp_path, seed: int, which: int) -> None:
    bases = seeds()
    data = mutate(bases[which % len(bases)], random.Random(seed))
    assert load_outcome(data, tmp_path / "h.xplane.pb") in {"ok", "ProfileError", "TruncatedProfileError"}


# A fixed sample of the catalogue (the whole of it: sweep.py): every third structural mutation,
# and the stats most tools read, each with two kinds of bad value, all kinds covered.
CORE_STATS = ["step_num", "_r", "group_id", "hlo_op", "hlo_module", "tf_op", "flops", "bytes_accessed"]
SUBSET = [m for m in field_mutations() if not m.name.startswith("field:space")][::3] + [
    stat_mutations([name], (STAT_KINDS[(2 * i) % len(STAT_KINDS)], STAT_KINDS[(2 * i + 1) % len(STAT_KINDS)]))[k]
    for i, name in enumerate(CORE_STATS)
    for k in (0, 1)
]


@pytest.fixture(scope="module")
def base():
    return small_base(fixture_files("torch_xla_train")[0].read_bytes(), 12)


@pytest.mark.parametrize("mutation", SUBSET, ids=lambda m: m.name)
def test_every_tool_on_schema_mutations(base, tmp_path, mutation) -> None:
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(mutated(base, mutation))
    try:
        prof = nbprof.load(path)
    except NbprofError as exc:
        assert str(path) in str(exc)
        return
    outcomes = run_every_tool(prof, tmp_path)
    assert set(outcomes) >= {"overview", "to_html", "summary", "compare"}


def test_huge_tpu_device_durations_are_an_nbprof_error(tmp_path) -> None:
    """Regression (sweep.py on tpu_v6e): device_duration_ps near 2^63 on TPU ops overflowed the op
    profile's per-program sums (OverflowError) instead of the tools' int64 ProfileError."""
    tpu = small_base(fixture_files("tpu_v6e")[0].read_bytes(), 40)
    (mutation,) = stat_mutations(["device_duration_ps"], ("int_huge",))
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(mutated(tpu, mutation))
    prof = nbprof.load(path)
    for by in ("category", "program"):
        with pytest.raises(NbprofError, match="int64") as info:
            prof.op_profile(by=by)
        assert str(path) in str(info.value)
    assert len(prof.events)  # the frames still work
