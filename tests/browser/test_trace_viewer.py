"""The trace viewer in headless Chromium, every viewport answered by the real kernel-side query.

The page is the static harness of trace_harness.py: the view's ESM with a fake model whose
``send`` runs ``TraceViewer.model.handle`` in this process (what the widget's comm does). Every
wait polls for the condition it needs; nothing here measures speed (benchmarks/ does).
"""

from __future__ import annotations

import numpy as np
import pytest

import nbprof
from nbprof.widgets.trace import TraceViewer
from tests.browser.trace_harness import TraceHarness
from tests.trace_builder import build_trace_profile

FIXTURES = "tests/fixtures"
VIEWER = "[data-testid=trace-viewer]"
LONG_NAME = "very_long_kernel_name_" * 14  # 308 characters, no spaces
I64_MIN = -(2**63)


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
    prof.events["name"] = prof.events["name"].cat.rename_categories({"fusion_3": LONG_NAME})
    return prof


def _open(page, profile, width: int | None = None, **state) -> TraceHarness:
    harness = TraceHarness(page, TraceViewer(profile))
    harness.mount(width=width, **state)
    page.focus(VIEWER)  # keys go to the viewer once it has the focus
    return harness


def _clean(page) -> None:
    assert page.console_errors == []
    assert page.offline_guard.blocked == []


def _data(page, key: str):
    return page.get_attribute(VIEWER, f"data-{key}")


def _wait_row(page, row: int) -> None:
    page.wait_for_function(
        "(r) => document.querySelector('[data-testid=detail-row]')?.textContent === String(r)", arg=int(row)
    )


def _no_horizontal_overflow(page) -> None:
    """The output area (#root), the viewer and its details pane need no horizontal scrolling."""
    widths = page.evaluate(
        """() => ['#root', '[data-testid=trace-viewer]', '[data-testid=details]'].map((sel) => {
             const el = document.querySelector(sel); return [sel, el.scrollWidth, el.clientWidth]; })"""
    )
    for sel, scroll, client in widths:
        assert scroll <= client + 1, f"{sel} overflows: {scroll} > {client}"


def _box_select(page, h, x0: float, y0: float, x1: float, y1: float) -> None:
    box = h.canvas_box()
    page.mouse.move(box["x"] + x0, box["y"] + y0)
    page.mouse.down()
    page.mouse.move(box["x"] + x1, box["y"] + y1, steps=5)
    page.mouse.up()
    page.wait_for_selector("[data-testid=agg-summary]")


# ---------------------------------------------------------------------------- opening and labels
def test_sections_and_tracks_are_shown(page, gpu):
    h = _open(page, gpu)
    model = h.viewer.model
    sections = page.locator("[data-testid=section-name]").all_inner_texts()
    assert sections == [s.name for s in model.layout.sections]
    tracks = page.locator("[data-testid=track-name]").all_inner_texts()
    assert tracks == [t.name for t in model.layout.tracks]
    assert "Stream #134(Compute)" in tracks and "TensorFlow Ops" in tracks
    assert int(_data(page, "drawn")) > 0
    assert page.inner_text("[data-testid=status]") == ""  # no debug figures once data is shown
    _clean(page)


def test_opens_on_the_first_steps_named_as_in_xprof_with_the_whole_trace_one_key_away(page):
    prof = nbprof.load(f"{FIXTURES}/jax_mlp_train")
    h = _open(page, prof)
    assert h.view() == pytest.approx(tuple(h.viewer.time_range))
    width = h.api("api.state.W")
    names = {i["name"] for i in h.api("api.items()") if i["row"] >= 0 and i["X1"] > 0 and i["X0"] < width}
    assert {"train 1", "train 2", "train 3"} <= names  # XProf's first analysed steps, by step name
    assert "train 5" not in names
    page.keyboard.press("0")
    h.wait_idle()
    assert h.view() == pytest.approx(h.viewer.model.span)
    _clean(page)


# ---------------------------------------------------------------------------- navigation
def test_wheel_zooms_around_the_cursor_and_keys_pan(page, gpu):
    h = _open(page, gpu)
    h.set_view(*h.viewer.model.span)
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
    page.wait_for_function(
        "([a, b]) => { const s = window.__model.saved.filter((x) => x.time_range).at(-1);"
        " return s && s.time_range[0] === a && s.time_range[1] === b; }",
        arg=[round(w0), round(w1)],
    )
    # and the kernel can move the view
    s0, s1 = h.viewer.model.span
    h.set_view(s0, s0 + (s1 - s0) // 10)
    assert h.view() == pytest.approx((s0, s0 + (s1 - s0) // 10))
    _clean(page)


def test_pan_by_drag(page, small_synthetic):
    h = _open(page, small_synthetic)
    s0, s1 = h.viewer.model.span
    h.set_view(s0, s0 + (s1 - s0) // 2)
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


# ---------------------------------------------------------------------------- details, box, search, flows
def test_click_event_shows_details_from_the_events_frame(page, gpu):
    h = _open(page, gpu)
    steps = h.viewer.model.resolve_tracks(["/device:GPU:4 › Steps"])[0]
    lane = h.viewer.model.layout.tracks[steps].lane0
    step_row = int(np.flatnonzero(h.viewer.model.layout.event_lane == lane)[0])
    ev = gpu.events
    a, b = int(ev["start_ps"].iat[step_row]), int(ev["end_ps"].iat[step_row])
    h.set_view(a - (b - a) // 4, b + (b - a) // 4)
    item = next(i for i in h.api("api.items()") if i["row"] == step_row)
    box = h.canvas_box()
    page.mouse.click(box["x"] + (item["X0"] + item["X1"]) / 2, box["y"] + item["y"] + 9)
    _wait_row(page, step_row)
    assert page.inner_text("[data-testid=detail-name]") == str(ev["name"].iat[step_row])
    assert page.inner_text("[data-testid=detail-duration-ps]") == str(ev["duration_ps"].iat[step_row])
    assert page.inner_text("[data-testid=detail-track]") == "/device:GPU:4 › Steps"
    assert h.viewer.selection.index.tolist() == [step_row]
    details = page.inner_text("[data-testid=details]")
    assert "null" not in details and "undefined" not in details  # an event without flows
    assert page.locator("[data-testid=flow-link]").count() == 0
    # a kernel (any event a few pixels wide) the same way
    kernels = [i for i in h.api("api.items()") if i["row"] >= 0 and i["X1"] - i["X0"] > 6 and i["y"] > 60]
    k = kernels[len(kernels) // 2]
    page.mouse.click(box["x"] + (k["X0"] + k["X1"]) / 2, box["y"] + k["y"] + 9)
    _wait_row(page, k["row"])
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


@pytest.mark.parametrize("width", [700, 1300])
def test_box_select_aggregates_counts_with_every_number_on_screen(page, small_synthetic, width):
    h = _open(page, small_synthetic, width=width)
    box = h.canvas_box()
    _box_select(page, h, box["width"] * 0.3, 40, box["width"] * 0.7, 200)
    sent = h.api("api.state.lastBox")
    model = h.viewer.model
    t0, t1 = sent["start_ps"], sent["end_ps"]
    ev = small_synthetic.events
    start, end = ev["start_ps"].to_numpy(), ev["end_ps"].to_numpy()
    sel = np.isin(model.layout.event_lane, sent["lanes"]) & (start < t1) & ((end > t0) | (start >= t0))
    assert sel.sum() > 10 and LONG_NAME in set(ev.loc[sel, "name"].astype(str))
    assert page.inner_text("[data-testid=agg-summary]").startswith(f"{sel.sum()} events selected")
    counts = [int(r.split("\t")[1]) for r in page.locator("[data-testid=agg-row]").all_inner_texts()]
    assert sum(counts) == sel.sum()
    expected = ev[sel].groupby("name", observed=True).size().sort_values(ascending=False)
    page.click("[data-testid=agg-sort-count]")  # sort by count, descending
    first = page.locator("[data-testid=agg-row]").first.inner_text().split("\t")
    assert int(first[1]) == expected.iloc[0]
    assert h.viewer.selection.index.tolist() == np.flatnonzero(sel).tolist()
    # the long name is cut with an ellipsis (its full text in the tooltip); every number shows whole
    cells = page.evaluate(
        """() => { const pane = document.querySelector('[data-testid=details]').getBoundingClientRect();
             return [...document.querySelectorAll('[data-testid=agg-row] td')].map((td) => {
               const r = td.getBoundingClientRect();
               return {num: td.classList.contains('num'), title: td.title, left: r.left, right: r.right,
                       clipped: td.scrollWidth > td.clientWidth + 1, paneLeft: pane.left, paneRight: pane.right}; }); }"""
    )
    numbers = [c for c in cells if c["num"]]
    assert len(numbers) == 5 * len(counts)
    for c in numbers:
        assert c["paneLeft"] <= c["left"] and c["right"] <= c["paneRight"] and not c["clipped"]
    assert any(c["title"] == LONG_NAME for c in cells)
    _no_horizontal_overflow(page)
    _clean(page)


def _selected_width_px(h) -> float:
    sel = h.api("api.state.selected")
    t0, t1 = h.view()
    return (sel["end_ps"] - sel["start_ps"]) / ((t1 - t0) / h.api("api.state.W"))


def test_search_steps_through_matches_and_zooms_onto_each(page, gpu):
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
    _wait_row(page, expected.index[0])
    page.click("[data-testid=search-next]")
    _wait_row(page, expected.index[1])
    assert page.inner_text("[data-testid=search-count]") == f"2 / {len(expected)}"
    page.click("[data-testid=search-prev]")
    _wait_row(page, expected.index[0])
    assert pattern in page.inner_text("[data-testid=detail-name]")
    h.wait_idle()
    z0, z1 = h.view()  # the view moved onto the match and zoomed so that it fills a third of it
    match = expected.iloc[0]
    assert z0 <= match["start_ps"] and match["end_ps"] <= z1
    assert _selected_width_px(h) == pytest.approx(h.api("api.state.W") / 3, rel=0.01)
    match_items = [i for i in h.api("api.items()") if i["row"] == expected.index[0]]
    assert match_items and match_items[0]["X1"] - match_items[0]["X0"] > 100
    _clean(page)


def test_flow_arrow_links_host_launch_to_device_kernel_and_the_jump_zooms(page, small_synthetic):
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
    h.wait_idle()
    assert _selected_width_px(h) == pytest.approx(h.api("api.state.W") / 3, rel=0.01)
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
    measured = float(_data(page, "timing-ps"))
    assert measured == pytest.approx(300 * (t1 - t0) / box["width"], rel=1e-3)
    # drag the right end further out
    page.mouse.move(box["x"] + 500, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + 600, box["y"] + 100, steps=3)
    page.mouse.up()
    measured = float(_data(page, "timing-ps"))
    assert measured == pytest.approx(400 * (t1 - t0) / box["width"], rel=1e-3)
    page.mouse.click(box["x"] + 700, box["y"] + 100)  # a click clears it
    assert _data(page, "timing-ps") is None
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


def test_hover_shows_name_and_duration(page, gpu):
    h = _open(page, gpu)
    box = h.canvas_box()
    item = max(
        (i for i in h.api("api.items()") if i["row"] >= 0 and 0 < i["X0"] < box["width"] - 20 and i["y"] > 30),
        key=lambda i: min(i["X1"], box["width"]) - i["X0"],
    )
    page.mouse.move(box["x"] + (item["X0"] + min(item["X1"], box["width"])) / 2, box["y"] + item["y"] + 9)
    tip = page.locator("[data-testid=tooltip]")
    tip.wait_for(state="visible")
    assert tip.inner_text().startswith(item["name"])
    _clean(page)


# ---------------------------------------------------------------------------- layout: widths, resizing
@pytest.mark.parametrize("width", [600, 700, 1300, 1400])
def test_fits_the_output_width(page, gpu, width):
    h = _open(page, gpu, width=width)
    _no_horizontal_overflow(page)
    viewer = page.locator(VIEWER).bounding_box()
    root = page.locator("#root").bounding_box()
    assert viewer["width"] == pytest.approx(width, abs=1) and root["width"] == pytest.approx(width, abs=1)
    canvas = h.canvas_box()
    assert canvas["x"] + canvas["width"] <= root["x"] + width and canvas["width"] >= width * 0.5
    # details of an event with many stats and flows keep to the width too
    row = int(np.flatnonzero(gpu.events["kernel_details"].notna().to_numpy())[0])
    h.api("api.selectRow(arg)", row)
    _wait_row(page, row)
    _no_horizontal_overflow(page)
    page.click("[data-testid=help-button]")
    help_box = page.locator("[data-testid=help]").bounding_box()
    assert help_box["x"] >= root["x"] - 1 and help_box["x"] + help_box["width"] <= root["x"] + width + 1
    _clean(page)


def _drag(page, selector: str, dx: float, dy: float) -> None:
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y + dy, steps=6)
    page.mouse.up()


@pytest.mark.parametrize("width", [700, 1300])
def test_label_column_and_height_are_resizable(page, gpu, width):
    h = _open(page, gpu, width=width)
    labels = lambda: page.locator(".nbpt-labels").bounding_box()["width"]  # noqa: E731
    main = lambda: page.locator(".nbpt-main").bounding_box()["height"]  # noqa: E731
    w0, c0 = labels(), h.canvas_box()["width"]
    _drag(page, "[data-testid=resize-labels]", 60, 0)
    page.wait_for_function("(w) => document.querySelector('.nbpt-labels').getBoundingClientRect().width > w", arg=w0)
    assert labels() == pytest.approx(w0 + 60, abs=2)
    h.wait_idle()
    assert h.canvas_box()["width"] == pytest.approx(c0 - 60, abs=2)
    assert h.api("api.state.W") == pytest.approx(c0 - 60, abs=2)  # replies are asked for the new width
    _drag(page, "[data-testid=resize-labels]", -1000, 0)  # bounded
    assert labels() == pytest.approx(80, abs=1)
    _no_horizontal_overflow(page)
    h0 = main()
    _drag(page, "[data-testid=resize-height]", 0, -120)
    page.wait_for_function("(v) => document.querySelector('.nbpt-main').getBoundingClientRect().height < v", arg=h0)
    assert main() == pytest.approx(h0 - 120, abs=2)
    page.wait_for_function("(v) => window.__model.saved.some((s) => s.height === v)", arg=round(h0 - 120))
    _drag(page, "[data-testid=resize-height]", 0, -2000)  # bounded
    assert main() == pytest.approx(150, abs=2)
    _clean(page)


# ---------------------------------------------------------------------------- errors and odd data
def test_an_error_reply_is_shown_and_the_viewer_recovers(page, gpu):
    h = _open(page, gpu)
    page.evaluate("() => { window.__requestHook = (m) => m.type === 'viewport' ? { ...m, start_ps: NaN } : m; }")
    page.keyboard.press("d")  # a view change the last reply does not cover: a new request (NaN -> null)
    page.wait_for_function("() => document.querySelector('[data-testid=trace-viewer]').dataset.error")
    assert "start_ps must be a number, got None" in page.inner_text("[data-testid=status]")
    assert not h.api("api.pending()")  # nothing left waiting
    page.evaluate("() => { window.__requestHook = null; }")
    page.click("[data-testid=status-retry]")
    page.wait_for_function("() => !document.querySelector('[data-testid=trace-viewer]').dataset.error")
    h.wait_idle()
    assert page.inner_text("[data-testid=status]") == ""
    t0, t1 = h.view()
    assert h.api("api.state.reply.start_ps") <= t0 and h.api("api.state.reply.end_ps") >= t1
    # a view change after an error asks again by itself
    page.evaluate("() => { window.__requestHook = (m) => m.type === 'viewport' ? { ...m, width_px: 1e9 } : m; }")
    page.keyboard.press("d")
    page.wait_for_function("() => document.querySelector('[data-testid=trace-viewer]').dataset.error")
    assert "width_px must be between 1 and 16384" in page.inner_text("[data-testid=status]")
    page.evaluate("() => { window.__requestHook = null; }")
    page.keyboard.press("d")
    page.wait_for_function("() => !document.querySelector('[data-testid=trace-viewer]').dataset.error")
    h.wait_idle()
    assert int(_data(page, "drawn")) > 0
    _clean(page)


def test_a_request_without_reply_times_out_and_is_asked_again(page, gpu):
    page.add_init_script(
        "window.__dropped = 0; window.__requestHook = (m) =>"
        " (m.type === 'viewport' && window.__dropped++ === 0) ? null : m;"  # the first viewport never comes back
    )
    h = TraceHarness(page, TraceViewer(gpu))
    h.mount(wait=False, reply_timeout_ms=4000)
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=trace-viewer]')?.dataset.error || '').includes('no reply')"
    )
    assert "no reply from the kernel after 4 s" in page.inner_text("[data-testid=status]")
    h.wait_idle()
    page.wait_for_function("() => !document.querySelector('[data-testid=trace-viewer]').dataset.error")
    assert h.api("api.stats.timeouts") >= 1 and page.evaluate("window.__dropped") >= 2
    assert int(_data(page, "drawn")) > 0
    _clean(page)


def test_times_near_the_int64_minimum_are_drawn(page):
    prof = build_trace_profile(20_000, seed=3, n_devices=1, host_threads=2)
    for col in ("start_ps", "end_ps"):
        prof.events[col] = prof.events[col] + (I64_MIN + 10**6)
    h = _open(page, prof)
    assert int(_data(page, "drawn")) > 0 and _data(page, "error") is None
    page.keyboard.press("0")  # the whole trace: the padded request reaches below int64 in JSON
    h.wait_idle()
    page.keyboard.press("a")
    h.wait_idle()
    assert int(_data(page, "drawn")) > 0 and _data(page, "error") is None
    box = h.canvas_box()
    _box_select(page, h, 20, 40, box["width"] - 20, 300)
    assert int(_data(page, "box-count")) > 0
    _clean(page)


def test_big_profile_opens_and_pans(page):
    prof = build_trace_profile(1_500_000, seed=11)
    h = TraceHarness(page, TraceViewer(prof))
    h.mount()
    page.focus(VIEWER)
    s0, s1 = h.viewer.model.span
    h.set_view(s0, s0 + (s1 - s0) // 2)
    page.keyboard.press("2")
    box = h.canvas_box()
    requests = h.api("api.stats.requests")
    t0, _ = h.view()
    page.mouse.move(box["x"] + 900, box["y"] + 200)
    page.mouse.down()
    for i in range(60):
        page.mouse.move(box["x"] + 900 - 12 * i, box["y"] + 200)
    page.mouse.up()
    h.wait_idle()
    assert h.view()[0] > t0 and h.api("api.stats.requests") > requests
    assert int(_data(page, "drawn")) > 0
    assert max(h.reply_bytes) <= 1_000_000
    _clean(page)
