"""Edge cases made with the XSpace builder: nesting, stat types, refs, aggregated events, huge values."""

from __future__ import annotations

import numpy as np
from xspace_builder import U64, Ref, XSpaceBuilder

import nbprof


def _load(tmp_path, b: XSpaceBuilder, host: str = "h") -> nbprof.Profile:
    b.write(tmp_path, host=host)
    return nbprof.load(tmp_path)


def test_deep_nesting_depth_parent_self(tmp_path) -> None:
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("t", timestamp_ns=0)
    depth = 200
    for d in range(depth):  # each event nests in the previous one, 10 ps shorter on each side
        line.event(f"e{d}", offset_ps=10 * d, duration_ps=10_000 - 20 * d)
    ev = _load(tmp_path, b).events
    assert list(ev["depth"]) == list(range(depth))
    assert list(ev["parent"]) == [-1] + list(range(depth - 1))
    assert list(ev["self_ps"][:-1]) == [20] * (depth - 1)
    assert ev["self_ps"].iloc[-1] == 10_000 - 20 * (depth - 1)


def test_siblings_touching_and_zero_length_events(tmp_path) -> None:
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("t")
    line.event("parent", offset_ps=0, duration_ps=100)
    line.event("a", offset_ps=0, duration_ps=50)
    line.event("b", offset_ps=50, duration_ps=50)  # touches a: sibling, not child
    line.event("z1", offset_ps=60, duration_ps=0)  # instant inside b
    line.event("z2", offset_ps=60, duration_ps=0)  # instant at the same time: sibling of z1
    line.event("after", offset_ps=100, duration_ps=10)  # touches parent: top level
    ev = _load(tmp_path, b).events.set_index("name")
    assert ev.loc["parent", "depth"] == 0 and ev.loc["after", "depth"] == 0
    assert ev.loc["a", "depth"] == ev.loc["b", "depth"] == 1
    assert ev.loc["z1", "depth"] == ev.loc["z2", "depth"] == 2
    assert ev.loc["parent", "self_ps"] == 0
    assert ev.loc["b", "self_ps"] == 50


def test_overlapping_events_fall_back_to_stack(tmp_path) -> None:
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("t")
    line.event("x", offset_ps=0, duration_ps=100)
    line.event("y", offset_ps=50, duration_ps=100)  # overlaps x without nesting
    line.event("y_child", offset_ps=110, duration_ps=10)
    ev = _load(tmp_path, b).events.set_index("name")
    assert ev.loc["y", "depth"] == 0 and ev.loc["x", "depth"] == 0
    assert ev.loc["y_child", "depth"] == 1
    assert ev.loc["y", "self_ps"] == 90


def test_every_stat_type_ref_and_metadata_stats(tmp_path) -> None:
    b = XSpaceBuilder()
    plane = b.plane("/device:GPU:0")
    line = plane.line("Stream #1(Compute)")
    line.event(
        "k",
        offset_ps=5,
        duration_ps=7,
        metadata_stats={"hlo_op": "fusion.1", "flops": 123, "tf_op": "from_metadata"},
        stats={
            "tf_op": Ref("model/dense/MatMul:MatMul"),
            "correlation_id": 2**40,
            "program_id": U64(2**64 - 1),
            "fragmentation": 0.25,
            "step_num": -3,
            "kernel_details": "regs:32 static_shared:0 dynamic_shared:0 grid:1,1,1 block:32,1,1",
            "blob": b"\x00\xff",
            "note": "héllo",
        },
    )
    prof = _load(tmp_path, b)
    row = prof.events.iloc[0]
    assert row["hlo_op"] == "fusion.1" and row["flops"] == 123
    assert row["tf_op"] == "model/dense/MatMul:MatMul"  # event ref wins over metadata str
    assert row["correlation_id"] == 2**40
    assert int(row["program_id"]) == 2**64 - 1
    assert row["fragmentation"] == 0.25 and row["step_num"] == -3
    stats = prof.event_stats(0)
    assert stats["blob"] == b"\x00\xff" and stats["note"] == "héllo"
    assert stats["tf_op"] == "model/dense/MatMul:MatMul"
    long = prof.stats
    assert set(long[long["event"] == 0]["source"]) == {"event", "metadata"}


def test_num_occurrences_events_are_kept_and_flagged(tmp_path) -> None:
    b = XSpaceBuilder()
    line = b.plane("/device:TPU:0").line("XLA Ops", timestamp_ns=1000)
    line.event("timed", offset_ps=0, duration_ps=10)
    line.event("agg", offset_ps=None, num_occurrences=42, duration_ps=999)
    prof = _load(tmp_path, b)
    ev = prof.events.set_index("name")
    assert bool(ev.loc["agg", "aggregated"]) and ev.loc["agg", "num_occurrences"] == 42
    assert not bool(ev.loc["timed", "aggregated"])
    assert ev.loc["agg", "start_ps"] == ev.loc["timed", "start_ps"]  # line start
    assert any("aggregated" in n for n in prof.notes)


def test_huge_offsets_near_int64_limits(tmp_path) -> None:
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("t", timestamp_ns=0)
    big = 2**62
    line.event("far", offset_ps=big, duration_ps=2**60)
    line.event("neg", offset_ps=-5, duration_ps=1)
    ev = _load(tmp_path, b).events.set_index("name")
    assert ev.loc["far", "start_ps"] == big and ev.loc["far", "end_ps"] == big + 2**60
    assert ev.loc["neg", "start_ps"] == -5


def test_empty_planes_and_lines(tmp_path) -> None:
    b = XSpaceBuilder()
    b.plane("/host:CPU").line("empty")
    b.plane("/device:GPU:0")
    prof = _load(tmp_path, b)
    assert len(prof.events) == 0 and len(prof.lines) == 1 and len(prof.planes) == 2
    assert prof.summary().num_events == 0


def test_unicode_and_html_names_are_kept_verbatim(tmp_path) -> None:
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("线程 <b>")
    name = '<img src=x onerror=alert(1)> ∑ "q"'
    line.event(name, duration_ps=1)
    ev = _load(tmp_path, b).events
    assert ev["name"].iloc[0] == name and ev["line"].iloc[0] == "线程 <b>"


def test_task_environment_anchors_relative_timestamps_and_hosts_overlap(tmp_path) -> None:
    for host, start in (("w0", 1_700_000_000_000_000_000), ("w1", 1_700_000_000_000_500_000)):
        b = XSpaceBuilder().task_environment(start, start + 10**9)
        b.plane("/host:CPU").line("t", timestamp_ns=1000).event("step", offset_ps=0, duration_ps=10**6)
        b.write(tmp_path, host=host)
    prof = nbprof.load(tmp_path)
    assert prof.origin_ns == 1_700_000_000_000_000_000
    ev = prof.events.set_index("host")
    assert ev.loc["w0", "start_ps"] == 1000 * 1000
    assert ev.loc["w1", "start_ps"] == (500_000 + 1000) * 1000  # 0.5 ms later, on the same clock
    assert "Task Environment" in prof.origin_source


def test_absolute_timestamps_without_task_environment(tmp_path) -> None:
    b = XSpaceBuilder()
    b.plane("/host:CPU").line("t", timestamp_ns=1_700_000_000_000_000_000).event("e", offset_ps=7, duration_ps=1)
    prof = _load(tmp_path, b)
    assert prof.origin_ns == 1_700_000_000_000_000_000
    assert prof.events["start_ps"].iloc[0] == 7
    assert "absolute" in prof.origin_source


def test_many_events_vectorised_nesting_matches_stack(tmp_path) -> None:
    """Random properly-nested trees: the vectorised nesting equals a plain stack walk."""
    rng = np.random.default_rng(0)
    b = XSpaceBuilder()
    line = b.plane("/host:CPU").line("t")
    intervals = []

    def build(start: int, end: int, level: int) -> None:
        t = start
        while t < end and len(intervals) < 3000:
            d = int(rng.integers(0, max(1, (end - t) // 2) + 1))
            intervals.append((t, d))
            if level < 6 and d > 4:
                build(t + 1, t + d - 1, level + 1)
            t += d + int(rng.integers(0, 3))

    build(0, 10**6, 0)
    for i, (s, d) in enumerate(intervals):
        line.event(f"n{i % 17}", offset_ps=s, duration_ps=d)
    ev = _load(tmp_path, b).events
    s, e = ev["start_ps"].to_numpy(), ev["end_ps"].to_numpy()
    depth, stack = [], []
    for i in range(len(s)):
        while stack and (e[stack[-1]] <= s[i] and not (e[stack[-1]] == s[i] == s[stack[-1]] and False)):
            stack.pop()
        depth.append(len(stack))
        stack.append(i)
    assert list(ev["depth"]) == depth


def test_metadata_stats_expanded_when_the_stats_are_first_read(tmp_path) -> None:
    """A load leaves metadata stats unexpanded until ``stats`` is read; then each event of two
    planes, sorted within its line, has its metadata's stats, in the plane's order of stats."""
    b = XSpaceBuilder()
    first = b.plane("/device:GPU:0").line("s")
    first.event("late", offset_ps=30, duration_ps=5, metadata_stats={"flops": 7, "note": "a"})
    first.event("early", offset_ps=10, duration_ps=5, metadata_stats={"note": "b"}, stats={"note": "own"})
    first.event("late", offset_ps=20, duration_ps=5)
    second = b.plane("/device:GPU:1", plane_id=1).line("s")
    second.event("plain", offset_ps=0, duration_ps=5)
    second.event("meta", offset_ps=5, duration_ps=5, metadata_stats={"bytes": b"\x01", "ratio": 0.5})
    b.write(tmp_path, host="h")
    prof = nbprof.load(tmp_path, cache=False)
    events = prof.events
    assert callable(prof._stats_sources)  # not expanded by the load
    long = prof.stats
    metadata = long[long["source"] == "metadata"]
    got = [(events["name"][r], str(n), v) for r, n, v in zip(metadata["event"], metadata["name"], metadata["value"])]
    assert got == [
        ("early", "note", "b"),
        ("late", "flops", 7),
        ("late", "note", "a"),
        ("late", "flops", 7),
        ("late", "note", "a"),
        ("meta", "bytes", b"\x01"),
        ("meta", "ratio", 0.5),
    ]
    assert metadata["event"].tolist() == [0, 1, 1, 2, 2, 4, 4]
    assert prof.event_stats(0) == {"note": "own"}
