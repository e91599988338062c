"""``Frames.check_sums`` asked for before the build: passed by the build's bound (``BuiltFrames.sums_bound``)
without reading a column where it can tell, the very check otherwise (same errors)."""

from __future__ import annotations

import pytest
from xspace_builder import XSpaceBuilder

import nbprof
from nbprof.errors import ProfileError
from nbprof.xspace.frames import HostSpace, build_frames
from nbprof.xspace.frameset import TIME_SUM_LIMIT_PS, check_time_axis


def _profile(tmp_path, device_ps: int, duration_ps: int = 10, occurrences: int | None = None):  # type: ignore[no-untyped-def]
    b = XSpaceBuilder()
    line = b.plane("/device:TPU:0").line("XLA Ops", timestamp_ns=1000)
    for i in range(3):
        line.event(
            f"fusion.{i}",
            offset_ps=None if occurrences else i * 100,
            num_occurrences=occurrences,
            duration_ps=duration_ps,
            stats={"device_duration_ps": device_ps},
        )
    return nbprof.load(b.write(tmp_path), cache=False)


def test_small_sums_pass_by_the_bound(tmp_path) -> None:
    prof = _profile(tmp_path, device_ps=50)
    prof.check_sums()  # before the build: asked for, run when it builds
    assert not prof.is_built
    prof.events  # noqa: B018
    assert prof.__dict__.get("_sums_checked") is True
    prof.check_sums()
    prof._check_sums_now()  # the check itself agrees


@pytest.mark.parametrize(
    ("device_ps", "duration_ps", "occurrences", "match"),
    [
        (2**62, 10, None, "durations add up"),
        (10, 2**62, None, "durations add up"),
        (10, 10, 2**62, "num_occurrences add up"),
    ],
)
def test_large_sums_are_refused_as_before(tmp_path, device_ps, duration_ps, occurrences, match) -> None:  # type: ignore[no-untyped-def]
    prof = _profile(tmp_path, device_ps, duration_ps, occurrences)
    prof.check_sums()
    with pytest.raises(ProfileError, match=match):
        prof.events  # noqa: B018
    with pytest.raises(ProfileError, match=match):
        prof.check_sums()


def test_bound_is_at_or_above_the_checked_sums(tmp_path) -> None:
    """A bound that reaches the limit leaves the decision to the check (whose sums may stay under it)."""
    for device_ps in (0, 7, -(2**40), 2**61):
        prof = _profile(tmp_path / str(device_ps), device_ps)
        space = nbprof.xspace.decode.decode_space(open(prof.path, "rb").read(), prof.path)
        built = build_frames([HostSpace("h", prof.path, space)])
        check_time_axis(built.events, [prof.path])
        events = built.events
        exact = max(
            float(events[c].abs().fillna(0).astype(float).sum())
            for c in ("duration_ps", "device_duration_ps", "num_occurrences")
        )
        assert built.sums_bound >= exact
        assert (built.sums_bound < TIME_SUM_LIMIT_PS) == (device_ps < 2**61)
