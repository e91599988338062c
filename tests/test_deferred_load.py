"""A load reads and checks the file at once and builds the event frames on first use.

With the compiled decoder, ``nbprof.load`` checks every byte and parses the planes'
metadata, but decodes no event: the HLO protos (all ``memory_viewer`` needs), hosts and
errors are there at once; the frames are built the first time one is read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from fixture_paths import fixture_file
from test_decode_fast import one_line_space, stat, with_event_bytes

import nbprof
from nbprof.errors import ProfileError
from nbprof.proto import xplane_pb2
from nbprof.xspace import decode_native, frames

pytestmark = pytest.mark.skipif(not decode_native.available(), reason="deferred loading needs the C decoder")
REFERENCE = Path(__file__).parent / "reference"


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = frames.build_frames

    def spy(hosts):  # type: ignore[no-untyped-def]
        calls.append(len(hosts))
        return real(hosts)

    monkeypatch.setattr(frames, "build_frames", spy)
    monkeypatch.setattr("nbprof.xspace.read.build_frames", spy)
    return calls


def test_memory_viewer_never_builds_the_event_frames(builds: list[int]) -> None:
    module = json.loads((REFERENCE / "jax_mlp_train" / "memory_viewer.json").read_text())["module"]
    prof = nbprof.load(fixture_file("jax_mlp_train"))
    assert prof.hlo_protos and prof.hosts == ["vm"]
    lazy = prof.memory_viewer(module)
    assert builds == [] and not prof.is_built
    eager = nbprof.load(fixture_file("jax_mlp_train"))
    eager.events  # noqa: B018
    assert builds == [1]
    want = eager.memory_viewer(module)
    assert lazy.summary == want.summary
    pd.testing.assert_frame_equal(lazy.buffers, want.buffers)


def test_frames_are_built_once_whoever_reads_first(builds: list[int]) -> None:
    prof = nbprof.load(fixture_file("tf_keras2_fit"))
    assert not prof.is_built
    prof.overview()
    assert prof.is_built and builds == [1]
    prof.events, prof.lines, prof.stats, prof.framework_op_stats()  # noqa: B018
    assert builds == [1]


def test_corrupt_event_bytes_are_refused_at_load_not_later(tmp_path: Path) -> None:
    good = xplane_pb2.XEvent(metadata_id=1, offset_ps=2, stats=[stat(1, int64_value=3)])
    edits = iter([good.SerializeToString(), b"\x22\x05ab", good.SerializeToString()])
    path = tmp_path / "h.xplane.pb"
    path.write_bytes(with_event_bytes(one_line_space([good] * 3), lambda e: next(edits)))
    with pytest.raises(ProfileError) as info:
        nbprof.load(path)
    assert str(path) in str(info.value) and "Hint:" in str(info.value)
