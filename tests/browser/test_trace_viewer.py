"""The trace viewer in headless Chromium, every viewport answered by the real kernel-side query.

The page is the static harness of trace_harness.py: the view's ESM with a fake model whose
``send`` runs ``TraceViewer.model.handle`` in this process (what the widget's comm does).
"""

from __future__ import annotations

import time

import numpy as np
import pytest

import nbprof
from nbprof.widgets.trace import TraceViewer
from tests.browser.trace_harness import TraceHarness
from tests.trace_builder import build_trace_profile

FIXTURES = "tests/fixtures"


@pytest.fixture(scope="module")
def gpu():
    return nbprof.load(f"{FIXTURES}/gpu_v100")


@pytest.fixture(scope="module")
def small_synthetic():
    prof = build_trace_profile(40_000, seed=5, n_devices=1, host_threads=2)
    prof.events["line"] = prof.events["line"].cat.rename_categories(
        {"python3/1001": "<i>thread</i><script>bad()</script>"}
    )
    prof.lines["name"] = prof.lines["name"].replace({"python3/1001": "<i>thread</i><script>bad()</script>"})
    return prof


def _open(page, profile, **kwargs) -> TraceHarness:
    harness = TraceHarness(page, TraceViewer(profile, **kwargs))
    harness.mount()
    page.focus("[data-testid=trace-viewer]")  # keys go to the viewer once it has the focus
    return harness


def _clean(page) -> None:
    assert page.console_errors == []
    assert page.offline_guard.blocked == []


def _frame_rows(harness) -> list[int]:
    return [i["row"] for i in harness.api("api.items()")]


def test_sections_and_tracks_are_shown(page, gpu):
    h = _open(page, gpu)
    model = h.viewer.model
    sections = page.locator("[data-testid=section-name]").all_inner_texts()
    assert sections == [s.name for s in model.layout.sections]
    tracks = page.locator("[data-testid=track-name]").all_inner_texts()
    assert tracks == [t.name for t in model.layout.tracks]
    assert "Stream #134(Compute)" in tracks and "TensorFlow Ops" in tracks
    assert int(page.locator("[data-testid=trace-viewer]").get_attribute("data-drawn")) > 0
    _clean(page)


def test_wheel_zooms_around_the_cursor_and_keys_pan(page, gpu):
    h = _open(page, gpu)
    box = h.canvas_box()
    t0, t1 = h.view()
    x = 300
    cursor_t = t0 + x * (t1 - t0) / box["width"]
    page.mouse.move(box["x"] + x, box["y"] + 200)
    page.mouse.wheel(0, -400)
    h.wait_idle()
    n0, n1 = h.view()
    assert n1 - n0 < (t1 - t0) * 0.6
    assert abs((n0 + x * (n1 - n0) / box["width"]) - cursor_t) < (t1 - t0) * 1e-3
    page.keyboard.press("d")
    p0, p1 = h.view()
    assert p0 == pytest.approx(n0 + 0.2 * (n1 - n0), rel=1e-9) and p1 - p0 == pytest.approx(n1 - n0, rel=1e-9)
    page.keyboard.press("a")
    page.keyboard.press("w")
    w0, w1 = h.view()
    assert w1 - w0 == pytest.approx(0.8 * (n1 - n0), rel=1e-6)
    # the view tells the kernel where it is (time_range trait)
    page.wait_for_function("() => window.__model.saved.some((s) => s.time_range)")
    saved = page.evaluate("() => window.__model.saved.filter((s) => s.time_range).at(-1).time_range")
    assert saved == [round(w0), round(w1)]
    # and the kernel can move the view
    s0, s1 = h.viewer.model.span
    page.evaluate("([a, b]) => window.__model.kernelSet('time_range', [a, b])", [s0, s0 + (s1 - s0) // 10])
    h.wait_idle()
    k0, k1 = h.view()
    assert (k0, k1) == pytest.approx((s0, s0 + (s1 - s0) // 10))
    _clean(page)


def test_pan_by_drag(page, small_synthetic):
    h = _open(page, small_synthetic)
    s0, s1 = h.viewer.model.span
    page.evaluate("([a, b]) => window.__model.kernelSet('time_range', [a, b])", [s0, s0 + (s1 - s0) // 2])
    page.keyboard.press("2")  # pan tool
    box = h.canvas_box()
    t0, t1 = h.view()
    requests = h.api("api.stats.requests")
    page.mouse.move(box["x"] + 600, box["y"] + 150)
    page.mouse.down()
    for i in range(1, 11):
        page.mouse.move(box["x"] + 600 - 30 * i, box["y"] + 150)
    page.mouse.up()
    h.wait_idle()
    n0, n1 = h.view()
    assert n0 - t0 == pytest.approx(300 * (t1 - t0) / box["width"], rel=0.02)
    assert n1 - n0 == pytest.approx(t1 - t0, rel=1e-9)
    assert h.api("api.stats.requests") > requests  # new data for the uncovered part
    _clean(page)


def test_click_event_shows_details_from_the_events_frame(page, gpu):
    h = _open(page, gpu)
    steps = h.viewer.model.resolve_tracks(["/device:GPU:4 › Steps"])[0]
    lane = h.viewer.model.layout.tracks[steps].lane0
    step_row = int(np.flatnonzero(h.viewer.model.layout.event_lane == lane)[0])
    ev = gpu.events
    # zoom to the step with the kernel-side setter, then click its rectangle
    a, b = int(ev["start_ps"].iat[step_row]), int(ev["end_ps"].iat[step_row])
    page.evaluate("([a, b]) => window.__model.kernelSet('time_range', [a, b])", [a - (b - a) // 4, b + (b - a) // 4])
    h.wait_idle()
    item = next(i for i in h.api("api.items()") if i["row"] == step_row)
    box = h.canvas_box()
    page.mouse.click(box["x"] + (item["X0"] + item["X1"]) / 2, box["y"] + item["y"] + 9)
    page.wait_for_selector("[data-testid=detail-name]")
    assert page.inner_text("[data-testid=detail-name]") == str(ev["name"].iat[step_row])
    assert page.inner_text("[data-testid=detail-duration-ps]") == str(ev["duration_ps"].iat[step_row])
    assert page.inner_text("[data-testid=detail-track]") == "/device:GPU:4 › Steps"
    assert h.viewer.selection.index.tolist() == [step_row]
    # a kernel (any event a few pixels wide) the same way
    kernels = [i for i in h.api("api.items()") if i["row"] >= 0 and i["X1"] - i["X0"] > 6 and i["y"] > 60]
    k = kernels[len(kernels) // 2]
    page.mouse.click(box["x"] + (k["X0"] + k["X1"]) / 2, box["y"] + k["y"] + 9)
    page.wait_for_function(
        "(r) => document.querySelector('[data-testid=detail-row]')?.textContent === String(r)", arg=k["row"]
    )
    assert page.inner_text("[data-testid=detail-name]") == str(ev["name"].iat[k["row"]])
    assert page.inner_text("[data-testid=detail-duration-ps]") == str(ev["duration_ps"].iat[k["row"]])
    stats = page.inner_text("[data-testid=detail-stats]")
    for name in gpu.event_stats(k["row"]):
        assert name in stats
    # double-click zooms to the event
    page.mouse.dblclick(box["x"] + (k["X0"] + k["X1"]) / 2, box["y"] + k["y"] + 9)
    h.wait_idle()
    z0, z1 = h.view()
    s, e = ev["start_ps"].iat[k["row"]], ev["end_ps"].iat[k["row"]]
    assert z0 < s and z1 > e and (z1 - z0) < 1.5 * (e - s)
    _clean(page)


def test_box_select_aggregates_counts(page, small_synthetic):
    h = _open(page, small_synthetic)
    box = h.canvas_box()
    page.mouse.move(box["x"] + 400, box["y"] + 40)
    page.mouse.down()
    page.mouse.move(box["x"] + 500, box["y"] + 130, steps=5)
    page.mouse.up()
    page.wait_for_selector("[data-testid=agg-summary]")
    sent = h.api("api.state.lastBox")
    model = h.viewer.model
    t0, t1 = sent["start_ps"], sent["end_ps"]
    ev = small_synthetic.events
    start, end = ev["start_ps"].to_numpy(), ev["end_ps"].to_numpy()
    sel = np.isin(model.layout.event_lane, sent["lanes"]) & (start < t1) & ((end > t0) | (start >= t0))
    assert sel.sum() > 10
    assert page.inner_text("[data-testid=agg-summary]").startswith(f"{sel.sum()} events selected")
    counts = [int(r.split("\t")[1]) for r in page.locator("[data-testid=agg-row]").all_inner_texts()]
    assert sum(counts) == sel.sum()
    expected = ev[sel].groupby("name", observed=True).size().sort_values(ascending=False)
    page.click("[data-testid=agg-sort-count]")  # sort by count, descending
    first = page.locator("[data-testid=agg-row]").first.inner_text().split("\t")
    assert int(first[1]) == expected.iloc[0]
    assert h.viewer.selection.index.tolist() == np.flatnonzero(sel).tolist()
    _clean(page)


def test_search_and_step_through_matches(page, gpu):
    h = _open(page, gpu)
    ev = gpu.events[~gpu.events["aggregated"]]
    pattern = "MemcpyH2D"
    expected = ev[ev["name"].astype(str).str.contains(pattern, case=False, regex=False)].sort_values(
        "start_ps", kind="stable"
    )
    page.fill("[data-testid=search-input]", pattern)
    page.press("[data-testid=search-input]", "Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=trace-viewer]').dataset.searchIndex === '0'")
    assert page.inner_text("[data-testid=search-count]") == f"1 / {len(expected)}"
    page.wait_for_function(
        "(r) => document.querySelector('[data-testid=detail-row]')?.textContent === String(r)",
        arg=int(expected.index[0]),
    )
    page.click("[data-testid=search-next]")
    page.wait_for_function(
        "(r) => document.querySelector('[data-testid=detail-row]')?.textContent === String(r)",
        arg=int(expected.index[1]),
    )
    assert page.inner_text("[data-testid=search-count]") == f"2 / {len(expected)}"
    page.click("[data-testid=search-prev]")
    page.wait_for_function(
        "(r) => document.querySelector('[data-testid=detail-row]')?.textContent === String(r)",
        arg=int(expected.index[0]),
    )
    assert pattern in page.inner_text("[data-testid=detail-name]")
    h.wait_idle()
    z0, z1 = h.view()  # the view was moved onto the match
    assert z0 <= expected["start_ps"].iloc[0] <= z1
    _clean(page)


def test_timing_tool_measures_an_interval(page, gpu):
    h = _open(page, gpu)
    page.keyboard.press("4")
    box = h.canvas_box()
    t0, t1 = h.view()
    page.mouse.move(box["x"] + 200, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + 500, box["y"] + 110, steps=4)
    page.mouse.up()
    measured = float(page.get_attribute("[data-testid=trace-viewer]", "data-timing-ps"))
    assert measured == pytest.approx(300 * (t1 - t0) / box["width"], rel=1e-3)
    # drag the right end further out
    page.mouse.move(box["x"] + 500, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + 600, box["y"] + 100, steps=3)
    page.mouse.up()
    measured = float(page.get_attribute("[data-testid=trace-viewer]", "data-timing-ps"))
    assert measured == pytest.approx(400 * (t1 - t0) / box["width"], rel=1e-3)
    page.mouse.click(box["x"] + 700, box["y"] + 100)  # a click clears it
    assert page.get_attribute("[data-testid=trace-viewer]", "data-timing-ps") is None
    _clean(page)


def test_collapse_a_section(page, gpu):
    h = _open(page, gpu)
    model = h.viewer.model
    sec = next(s for s in model.layout.sections if s.name == "/device:GPU:4")
    toggle = page.locator(f"[data-section='{sec.id}'] [data-testid=section-toggle]")
    before = page.locator("[data-testid=track-name]").count()
    toggle.click()
    h.wait_idle()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.locator("[data-testid=track-name]").count() == before - len(sec.tracks)
    lanes = {i["lane"] for i in h.api("api.items()")}
    assert not lanes & set(h.viewer.model.index.lanes_of_tracks(sec.tracks).tolist())
    toggle.click()
    h.wait_idle()
    assert page.locator("[data-testid=track-name]").count() == before
    _clean(page)


def test_html_in_names_renders_as_text(page, small_synthetic):
    _open(page, small_synthetic)
    label = "<i>thread</i><script>bad()</script>"
    tracks = page.locator("[data-testid=track-name]").all_inner_texts()
    assert label in tracks
    assert tracks[-1] == "Memory in use (bfc_allocator)"  # the counter track closes the host section
    assert page.locator("[data-testid=trace-viewer] i, [data-testid=trace-viewer] script").count() == 0
    page.fill("[data-testid=search-input]", "<b>bold_op</b>")
    page.press("[data-testid=search-input]", "Enter")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=detail-name]')?.textContent === '<b>bold_op</b>'"
    )
    assert page.locator("[data-testid=detail-name] *").count() == 0  # one text node, no elements
    _clean(page)


def test_big_profile_opens_and_pans_smoothly(page, timings):
    prof = build_trace_profile(1_500_000, seed=11)
    t = time.perf_counter()
    viewer = TraceViewer(prof)
    h = TraceHarness(page, viewer)
    h.mount()
    page.focus("[data-testid=trace-viewer]")
    timings["trace_1.5M_open_s"] = time.perf_counter() - t
    first_paint = h.api("api.stats.firstPaintMs")
    assert first_paint < 5_000
    s0, s1 = viewer.model.span
    page.evaluate("([a, b]) => window.__model.kernelSet('time_range', [a, b])", [s0, s0 + (s1 - s0) // 2])
    page.keyboard.press("2")
    box = h.canvas_box()
    # measure frame intervals while dragging continuously for about a second
    page.evaluate("""() => { window.__frames = []; let last = performance.now();
      const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__frames.length < 1e4) requestAnimationFrame(tick); };
      requestAnimationFrame(tick); }""")
    requests = h.api("api.stats.requests")
    page.mouse.move(box["x"] + 900, box["y"] + 200)
    page.mouse.down()
    for i in range(60):
        page.mouse.move(box["x"] + 900 - 12 * i, box["y"] + 200)
    page.mouse.up()
    h.wait_idle()
    frames = page.evaluate("() => window.__frames.slice(1)")
    draws = h.api("api.stats.drawMs")
    timings["trace_1.5M_pan_frame_median_ms"] = float(np.median(frames))
    timings["trace_1.5M_draw_median_ms"] = float(np.median(draws))
    assert h.api("api.stats.requests") > requests
    assert np.median(frames) < 50 and max(frames) < 1_000  # never unresponsive
    assert max(h.reply_bytes) <= 1_000_000
    _clean(page)


def test_flow_arrow_links_host_launch_to_device_kernel(page, small_synthetic):
    h = _open(page, small_synthetic)
    page.click("[data-testid=help-button]")
    assert "zoom in / out" in page.inner_text("[data-testid=help]")
    page.keyboard.press("Escape")
    page.fill("[data-testid=search-input]", "cudaLaunchKernel")
    page.press("[data-testid=search-input]", "Enter")
    page.wait_for_selector("[data-testid=flow-link]")
    ev = small_synthetic.events
    launch = int(page.inner_text("[data-testid=detail-row]"))
    page.click("[data-testid=flow-link]")
    page.wait_for_function(
        "(r) => document.querySelector('[data-testid=detail-row]')?.textContent !== String(r)", arg=launch
    )
    kernel = int(page.inner_text("[data-testid=detail-row]"))
    assert ev["correlation_id"].iat[kernel] == ev["correlation_id"].iat[launch]
    assert str(ev["plane"].iat[kernel]).startswith("/device") and str(ev["plane"].iat[launch]) == "/host:CPU"
    assert h.api("api.state.flows.length") == 1  # the arrow back to the launch is drawn
    _clean(page)


def test_hover_shows_name_and_duration(page, gpu):
    h = _open(page, gpu)
    item = max(
        (i for i in h.api("api.items()") if i["row"] >= 0 and 0 < i["X0"] < 900), key=lambda i: i["X1"] - i["X0"]
    )
    box = h.canvas_box()
    page.mouse.move(box["x"] + (item["X0"] + min(item["X1"], 900)) / 2, box["y"] + item["y"] + 9)
    tip = page.locator("[data-testid=tooltip]")
    tip.wait_for(state="visible")
    assert tip.inner_text().startswith(str(gpu.events["name"].iat[item["row"]]))
    _clean(page)
