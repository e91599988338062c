"""Hardening of the trace viewer's kernel side: every request gets a well-formed reply, request
parameters are bounded, searches cannot run away, and times near the int64 limits stay exact."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import nbprof
from nbprof.errors import NbprofError
from nbprof.trace import requests as rq
from nbprof.trace.index import MAX_SPAN_PS, TraceSpanError, split_binary
from nbprof.trace.model import TraceModel
from nbprof.trace.patterns import MAX_SUBJECT_CHARS, TraceSearchError, compile_regex, match_names
from nbprof.widgets.trace import TraceViewer
from tests.trace_builder import build_trace_profile

FIXTURES = "tests/fixtures"
I64_MIN, I64_MAX = -(2**63), 2**63 - 1


@pytest.fixture(scope="module")
def gpu():
    return nbprof.load(f"{FIXTURES}/gpu_v100")


def _nested(depth: int) -> list:
    out: list = []
    for _ in range(depth):
        out = [out]
    return out


BAD_NUMBERS = [None, math.nan, math.inf, -math.inf, "12", "", [], {}, True, [1, 2], {"v": 1}, _nested(5_000), b"1"]
HUGE_NUMBERS = [2**64, -(2**64), 10**30, -(10**30), 1e300, -1e300, 2**63, I64_MIN - 1]


def malformed_messages(model: TraceModel) -> list:
    """Messages the browser should never send, and some it might (NaN arrives as null)."""
    s0, s1 = model.span
    good = {
        "viewport": {"type": "viewport", "start_ps": s0, "end_ps": s1, "width_px": 800, "tracks": None},
        "details": {"type": "details", "row": 0},
        "search": {"type": "search", "pattern": "Memcpy", "regex": False},
        "search_step": {"type": "search_step", "index": 0},
        "box": {"type": "box", "start_ps": s0, "end_ps": s1, "lanes": [0, 1]},
    }
    fields = {
        "viewport": ["start_ps", "end_ps", "width_px", "tracks"],
        "details": ["row"],
        "search": ["pattern", "regex"],
        "search_step": ["index"],
        "box": ["start_ps", "end_ps", "lanes"],
    }
    out: list = [None, 42, "viewport", [good["viewport"]], b"bytes", _nested(10_000)]
    out += [{}, {"type": None}, {"type": 7}, {"type": ["viewport"]}, {"type": "x" * 100_000}, {"type": "drop_tables"}]
    out += [{**good["viewport"], "rid": rid} for rid in (math.nan, _nested(3_000), "r" * 10_000, {"a": 1}, 2**80)]
    for kind, names in fields.items():
        for name in names:
            missing = dict(good[kind])
            missing.pop(name)
            out.append(missing)
            out += [{**good[kind], name: value} for value in BAD_NUMBERS + HUGE_NUMBERS]
    out += [
        {**good["viewport"], "width_px": 0},
        {**good["viewport"], "width_px": -5},
        {**good["viewport"], "width_px": 1e7},
        {**good["viewport"], "width_px": 10**12},
        {**good["viewport"], "tracks": list(range(100_000))},
        {**good["viewport"], "tracks": [0] * 70_000},
        {**good["viewport"], "tracks": ["Steps"]},
        {**good["viewport"], "tracks": [None, math.nan]},
        {**good["viewport"], "tracks": [-1]},
        {**good["viewport"], "start_ps": s1, "end_ps": s0},
        {**good["box"], "lanes": list(range(100_000))},
        {**good["box"], "lanes": [10**9]},
        {**good["box"], "lanes": "0,1"},
        {**good["details"], "row": -1},
        {**good["details"], "row": 10**12},
        {**good["search"], "pattern": "(.*)*x$", "regex": True},
        {**good["search"], "pattern": "(a+)+b", "regex": True},
        {**good["search"], "pattern": "([", "regex": True},
        {**good["search"], "pattern": "x" * 10_000},
        {**good["search"], "pattern": "<img src=x onerror=alert(1)>", "regex": "yes"},
        {**good["search_step"], "index": 10**40},
        {**good["viewport"], "extra": _nested(100), "start_ps": s0 - 10**25},
    ]
    return out


def _well_formed(reply: dict, kind: object) -> None:
    assert isinstance(reply, dict)
    assert "rid" in reply and (reply["rid"] is None or isinstance(reply["rid"], (int, str)))
    content, _ = split_binary(reply)
    json.dumps(content, allow_nan=False)  # plain JSON: what the comm can carry, no NaN
    if reply["type"] == "error":
        assert isinstance(reply["error"], str) and 0 < len(reply["error"]) <= rq.MAX_ERROR_CHARS
        assert reply["request"] is None or reply["request"] == kind
    else:
        assert reply["type"] == kind


def test_a_battery_of_malformed_messages_each_gets_a_reply_and_the_model_keeps_working(gpu):
    model = TraceModel(gpu)
    s0, s1 = model.span
    before = model.query(s0, s1, 900)
    messages = malformed_messages(model)
    assert len(messages) >= 74
    kinds = []
    for i, message in enumerate(messages):
        if isinstance(message, dict) and not isinstance(message.get("rid"), (float, list, dict)):
            message = {**message, "rid": message.get("rid", i)}
        reply = model.handle(message)
        kind = message.get("type") if isinstance(message, dict) else None
        _well_formed(reply, kind)
        if isinstance(message, dict) and isinstance(message.get("rid"), int) and message["rid"] < 2**53:
            assert reply["rid"] == message["rid"]
        kinds.append(reply["type"])
    assert kinds.count("error") >= 60
    # the model still answers good requests exactly as before
    model.run_search("")
    after = model.handle({"type": "viewport", "start_ps": s0, "end_ps": s1, "width_px": 900, "rid": 1})
    assert after["type"] == "viewport"
    for key in ("lane", "x0", "x1", "row"):
        assert np.array_equal(after[key], before[key])
    assert model.handle({"type": "details", "row": 5, "rid": 2})["row"] == 5


def test_the_widget_replies_to_junk_through_its_comm(gpu):
    viewer = TraceViewer(gpu)
    sent = []
    viewer.send = lambda content, buffers=None: sent.append(content)
    messages = malformed_messages(viewer.model)
    for message in messages:
        viewer._on_request(viewer, message, [])
    assert len(sent) == len(messages)
    for content in sent:
        json.dumps(content, allow_nan=False)


@pytest.mark.parametrize("failure", [MemoryError, RecursionError, OverflowError, TypeError, ZeroDivisionError])
def test_an_unexpected_failure_still_gets_a_reply(gpu, monkeypatch, failure):
    model = TraceModel(gpu)

    def broken(*args, **kwargs):
        raise failure("deep inside")

    monkeypatch.setattr(model.index, "query", broken)
    reply = model.handle({"type": "viewport", "start_ps": 0, "end_ps": 10, "width_px": 5, "rid": 9})
    assert reply["type"] == "error" and reply["rid"] == 9 and reply["request"] == "viewport"
    assert failure.__name__ in reply["error"]
    monkeypatch.undo()
    assert (
        model.handle({"type": "viewport", "start_ps": 0, "end_ps": 10, "width_px": 5, "rid": 10})["type"] == "viewport"
    )


@pytest.mark.parametrize(
    ("message", "says"),
    [
        ({"type": "viewport", "start_ps": 0, "end_ps": 1, "width_px": 1e7}, "width_px must be between 1 and 16384"),
        ({"type": "viewport", "start_ps": None, "end_ps": 1, "width_px": 9}, "start_ps must be a number, got None"),
        ({"type": "viewport", "start_ps": 0, "end_ps": math.inf, "width_px": 9}, "end_ps must be a finite number"),
        (
            {"type": "viewport", "start_ps": 0, "end_ps": 9, "width_px": 9, "tracks": list(range(70_000))},
            "at most 65,536",
        ),
        (
            {"type": "viewport", "start_ps": 0, "end_ps": 9, "width_px": 9, "tracks": ["Steps"]},
            "tracks must be a number",
        ),
        ({"type": "box", "start_ps": 0, "end_ps": 9, "lanes": [10**9]}, "valid ids are 0 .."),
        ({"type": "search", "pattern": "x" * 201}, "at most 200 are accepted"),
        ({"type": "search", "pattern": "a", "regex": "yes"}, "regex must be true or false"),
        ({"type": "details", "row": "3"}, "row must be a number, got '3'"),
        ({"type": "nope"}, "unknown request type 'nope'"),
    ],
)
def test_bounds_are_explained(gpu, message, says):
    reply = TraceModel(gpu).handle({**message, "rid": 1})
    assert reply["type"] == "error" and says in reply["error"], reply


def test_the_python_api_raises_nbprof_errors(gpu):
    viewer = TraceViewer(gpu)
    with pytest.raises(NbprofError, match="width_px"):
        viewer.query(0, 10, 10**7)
    with pytest.raises(NbprofError, match="finite"):
        viewer.query(0, math.nan, 100)
    assert viewer.query(0, 10, rq.MAX_WIDTH_PX)["width_px"] == rq.MAX_WIDTH_PX


# ---------------------------------------------------------------------------- search
@pytest.mark.parametrize(
    "pattern", ["(.*)*x$", "(a+)+", "(a|aa)+b", "(x?){30}x{30}", r"(a)\1", ".*a.*a.*b", "a*b*c*d*"]
)
def test_catastrophic_patterns_are_refused_before_matching(gpu, pattern):
    model = TraceModel(gpu)
    reply = model.handle({"type": "search", "pattern": pattern, "regex": True, "rid": 1})
    assert reply["type"] == "search" and reply["count"] == 0
    assert "searches" in reply["error"] and pattern in reply["error"]
    assert model.search is None
    with pytest.raises(TraceSearchError):
        compile_regex(pattern)


@pytest.mark.parametrize("pattern", ["jit.*train", r"^fusion\.\d+$", "colou?r", "(foo|bar)", "[a-z]+_op", "(?=.*a)b"])
def test_ordinary_patterns_work(pattern):
    compile_regex(pattern)


def test_regex_search_matches_like_pandas_on_real_names(gpu):
    model = TraceModel(gpu)
    names = gpu.events.loc[~gpu.events["aggregated"], "name"].astype(str)
    for pattern in (r"^Memcpy[DH]", "gradient.*mul", "EIGEN", r"_\d+$"):
        reply = model.run_search(pattern, regex=True)
        assert reply["count"] == names.str.contains(pattern, case=False, regex=True).sum() > 0


def test_a_search_past_its_budget_stops_with_an_error():
    names = ["a" * 5_000] * 50 + ["b"]
    with pytest.raises(TraceSearchError, match="stopped after"):
        match_names(names, ".*a.*b", regex=True, budget_s=0)
    # a regex sees the first MAX_SUBJECT_CHARS characters of a name; a substring search all of it
    long = "x" * MAX_SUBJECT_CHARS + "needle"
    assert match_names([long], "needle", regex=True).tolist() == [False]
    assert match_names([long], "NEEDLE", regex=False).tolist() == [True]


# ---------------------------------------------------------------------------- int64 limits
def _shifted(offset: int, n: int = 3_000, seed: int = 2):
    prof = build_trace_profile(n, seed=seed, n_devices=1, host_threads=2)
    ev = prof.events
    ev["start_ps"] = ev["start_ps"] + offset
    ev["end_ps"] = ev["end_ps"] + offset
    return prof


def _count(reply: dict) -> int:
    row = reply["row"].astype(np.int64)
    return int(np.where(row >= 0, 1, -row).sum())


def _expected(model: TraceModel, prof, t0: int, t1: int) -> int:
    start, end = prof.events["start_ps"].to_numpy(), prof.events["end_ps"].to_numpy()
    shown = model.layout.event_lane >= 0
    px = (t1 - t0) / 1000
    starts_in = shown & (start >= t0) & (start < t1)
    wide_before = shown & (start < t0) & (end > t0) & (end - start >= px)
    return int((starts_in | wide_before).sum())


@pytest.mark.parametrize("where", ["min", "max"])
def test_times_near_the_int64_limits_are_answered_exactly(where):
    offset = I64_MIN + 10**9 if where == "min" else I64_MAX - 10**13 - 10**9
    prof = _shifted(offset)
    model = TraceModel(prof)
    s0, s1 = model.span
    w = s1 - s0
    # what the front end sends for a view padded past the data: beyond int64 once in JSON
    for t0, t1 in ((s0 - w // 5, s1 + w // 5), (s0 + w // 3, s0 + w // 3 + w // 50), (s0, s1)):
        reply = model.handle({"type": "viewport", "start_ps": t0, "end_ps": t1, "width_px": 1000, "rid": 1})
        assert reply["type"] == "viewport", reply.get("error")
        lo, hi = max(t0, I64_MIN), min(t1, I64_MAX)
        assert (reply["start_ps"], reply["end_ps"]) == (lo, hi)
        assert _count(reply) == _expected(model, prof, lo, hi) > 0
    float_edge = model.handle({"type": "viewport", "start_ps": -1e300, "end_ps": 1e300, "width_px": 500, "rid": 2})
    assert float_edge["type"] == "viewport" and _count(float_edge) == int((model.layout.event_lane >= 0).sum())
    box = model.handle({"type": "box", "start_ps": s0 - w, "end_ps": s1 + w, "lanes": [0, 1, 2], "rid": 3})
    assert box["count"] == int(np.isin(model.layout.event_lane, [0, 1, 2]).sum())


def test_a_trace_spanning_more_than_the_limit_is_refused_clearly():
    prof = build_trace_profile(2_000, seed=4)
    ev = prof.events
    last = len(ev) - 1
    ev.loc[last, "start_ps"] = MAX_SPAN_PS + 10**12
    ev.loc[last, "end_ps"] = MAX_SPAN_PS + 10**12 + 5
    with pytest.raises(TraceSpanError, match=r"more than the viewer's .* ps \(26.7 days\)") as err:
        prof.trace()
    assert isinstance(err.value, NbprofError) and "Hint:" in str(err.value)
    ev.loc[last, "start_ps"] = MAX_SPAN_PS // 2  # within the limit: fine
    ev.loc[last, "end_ps"] = MAX_SPAN_PS // 2 + 5
    assert TraceModel(prof).span[1] == MAX_SPAN_PS // 2 + 5


def test_events_whose_end_wrapped_around_int64_are_left_out_and_said_so():
    prof = _shifted(I64_MAX - 10**13 - 10**9)
    ev = prof.events
    wrapped = int(ev["end_ps"].idxmax())
    ev.loc[wrapped, "end_ps"] = I64_MIN + 5  # start + duration overflowed
    model = TraceModel(prof)
    assert model.layout.event_lane[wrapped] == -1
    assert model.notes == ["1 events end before they start (start + duration beyond int64 ps) and are not shown"]
    s0, s1 = model.span
    assert s1 - s0 < 10**14
    assert wrapped not in model.query(s0, s1, 2_000)["row"].tolist()
