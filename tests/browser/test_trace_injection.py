"""Hostile names in every field the trace viewer shows, rendered in Chromium: all of it is text.

Twenty HTML / JavaScript payloads go into event names, step names, display names, a thread
(line) name, a device (section) name, the allocator of a counter track and stat values; the test
then opens the viewer and uses every part that shows them (track labels, search and its errors,
details, step names, box-selection table, tooltip, flows, the error status line). Nothing may run
(no ``window.__pwned``, no dialog), no element may be injected, and no request may leave
127.0.0.1.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from nbprof.widgets.trace import TraceViewer
from tests.browser.trace_harness import TraceHarness
from tests.trace_builder import build_trace_profile

VIEWER = "[data-testid=trace-viewer]"
PAYLOADS = [
    "<img src=x onerror=window.__pwned=1>",
    "<script>window.__pwned=2</script>",
    "<svg onload=window.__pwned=3>",
    "<iframe src=javascript:window.__pwned=4>",
    '"><img src=x onerror=window.__pwned=5>',
    "'><script>window.__pwned=6</script>",
    "<a href=javascript:window.__pwned=7>link</a>",
    "<body onload=window.__pwned=8>",
    "<details open ontoggle=window.__pwned=9>",
    "<math><mtext><img src=x onerror=window.__pwned=10>",
    "javascript:window.__pwned=11",
    "<img src=http://203.0.113.7/beacon.png>",
    "<link rel=stylesheet href=http://203.0.113.7/x.css>",
    "<style>@import 'http://203.0.113.7/y.css';</style>",
    "${window.__pwned=15}",
    "{{constructor.constructor('window.__pwned=16')()}}",
    "<video><source onerror=window.__pwned=17>",
    "<input autofocus onfocus=window.__pwned=18>",
    "</textarea><img src=x onerror=window.__pwned=19>",
    "\u202e<b>rtl</b>\x1b[31m=cmd|' /C calc'!A0",
]
# the tags the viewer itself creates; anything else under it was injected
OWN_TAGS = {"DIV", "SPAN", "BUTTON", "INPUT", "LABEL", "CANVAS", "TABLE", "THEAD", "TBODY", "TR", "TH", "TD"}
OWN_TAGS |= {"COLGROUP", "COL", "B", "BR"}


@pytest.fixture(scope="module")
def hostile():
    prof = build_trace_profile(30_000, seed=6, n_devices=1, host_threads=2)
    ev = prof.events
    cats = list(ev["name"].cat.categories)
    frequent = [f"{v}_{i}" for i in range(3, 10) for v in ("fusion", "kernel", "py")][: len(PAYLOADS)]
    ev["name"] = ev["name"].cat.rename_categories(dict(zip(frequent, PAYLOADS)))
    assert set(PAYLOADS) <= set(ev["name"].cat.categories) and len(cats) == len(ev["name"].cat.categories)
    # step roots named with payloads: the viewer shows "<payload> <step>"
    top = np.flatnonzero(((ev["line"] == "python3/1000") & (ev["depth"] == 0)).to_numpy())[:5]
    ev["name"] = ev["name"].cat.add_categories(["step-root"])
    ev.loc[top, "name"] = [PAYLOADS[i] for i in range(5)]
    ev["_r"] = pd.array(np.where(np.isin(np.arange(len(ev)), top), 1, 0), dtype="Int64")
    ev.loc[~np.isin(np.arange(len(ev)), top), "_r"] = pd.NA
    ev["step_num"] = pd.array(np.zeros(len(ev), np.int64), dtype="Int64")
    ev.loc[top, "step_num"] = np.arange(5) + 40
    ev.loc[~np.isin(np.arange(len(ev)), top), "step_num"] = pd.NA
    # display names, a thread, a device and an allocator
    ev["display_name"] = ev["display_name"].cat.add_categories(PAYLOADS[5:8])
    ev.loc[top[:3], "display_name"] = PAYLOADS[5:8]
    ev["line"] = ev["line"].cat.rename_categories({"python3/1001": PAYLOADS[2]})
    prof.lines["name"] = prof.lines["name"].replace({"python3/1001": PAYLOADS[2]})
    device = "/device:GPU:0 " + PAYLOADS[0]
    ev["plane"] = ev["plane"].cat.rename_categories({"/device:GPU:0": device})
    prof.lines["plane"] = prof.lines["plane"].astype(str).replace({"/device:GPU:0": device})
    ev["allocator_name"] = ev["allocator_name"].cat.rename_categories({"bfc_allocator": PAYLOADS[1]})
    # string stats with payloads on the step roots and on some launches (which have flows)
    launches = np.flatnonzero((ev["name"] == "cudaLaunchKernel").to_numpy())[:5]
    rows = np.concatenate([top, launches])
    extra = pd.DataFrame(
        {
            "event": np.repeat(rows, 2),
            "name": ["note", "source"] * len(rows),
            "value": [PAYLOADS[(i + j) % len(PAYLOADS)] for i in range(len(rows)) for j in (9, 10)],
            "source": "event",
        }
    )
    stats = pd.concat([prof.stats.astype({"name": str, "source": str}), extra], ignore_index=True)
    stats = stats.sort_values("event", kind="stable", ignore_index=True)
    prof._stats_frame = stats.astype({"name": "category", "source": "category"})
    return prof, top, launches


def _open(page, prof) -> TraceHarness:
    h = TraceHarness(page, TraceViewer(prof))
    h.mount(width=900)
    page.focus(VIEWER)
    return h


def _search(page, text: str, regex: bool = False) -> None:
    if page.is_checked("[data-testid=search-regex]") != regex:
        page.click("[data-testid=search-regex]")
    page.fill("[data-testid=search-input]", text)
    page.press("[data-testid=search-input]", "Enter")


def _assert_nothing_ran(page, dialogs: list) -> None:
    assert page.evaluate("window.__pwned") is None
    assert dialogs == []
    tags = page.evaluate(
        "(sel) => [...new Set([...document.querySelector(sel).querySelectorAll('*')].map((e) => e.tagName))]", VIEWER
    )
    assert set(tags) <= OWN_TAGS, set(tags) - OWN_TAGS
    assert page.evaluate("document.querySelectorAll('body > :not(#root):not(script)').length") == 0
    assert page.console_errors == []
    assert page.offline_guard.blocked == []


def test_hostile_names_render_as_text_everywhere(page, hostile):
    prof, top, launches = hostile
    dialogs: list = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    h = _open(page, prof)
    tracks = page.locator("[data-testid=track-name]").all_inner_texts()
    assert PAYLOADS[2] in tracks and f"Memory in use ({PAYLOADS[1]})" in tracks
    assert "/device:GPU:0 " + PAYLOADS[0] in page.locator("[data-testid=section-name]").all_inner_texts()
    # every payload is found by search and its details show it verbatim, as one text node
    ev = prof.events
    for payload in PAYLOADS:
        _search(page, payload)
        page.wait_for_function(
            "(p) => document.querySelector('[data-testid=detail-name]')?.textContent?.startsWith(p)", arg=payload
        )
        row = int(page.inner_text("[data-testid=detail-row]"))
        assert str(ev["name"].iat[row]) == payload
        assert page.locator("[data-testid=detail-name] *").count() == 0
    # step names built from hostile roots, their display names and stats
    _search(page, f"{PAYLOADS[3]} 43")
    page.wait_for_function(
        "(p) => document.querySelector('[data-testid=detail-name]')?.textContent === p", arg=f"{PAYLOADS[3]} 43"
    )
    assert page.inner_text("[data-testid=detail-event-name]") == PAYLOADS[3]
    stats = page.locator("[data-testid=detail-stats] td").all_inner_texts()
    assert {PAYLOADS[12], PAYLOADS[13]} <= set(stats)  # the "note" and "source" stats of root 3
    # an invalid regex that contains a payload: the error quotes it as text
    _search(page, PAYLOADS[4] + "(", regex=True)
    page.wait_for_function("() => document.querySelector('[data-testid=search-count]').textContent.includes('invalid')")
    assert PAYLOADS[4] + "(" in page.inner_text("[data-testid=search-count]")
    _search(page, "", regex=False)
    # flows of a launch whose stats hold payloads
    h.api("api.selectRow(arg)", int(launches[0]))
    page.wait_for_selector("[data-testid=flow-link]")
    assert any(p in page.inner_text("[data-testid=detail-stats]") for p in PAYLOADS)
    # the box-selection table over everything
    h.set_view(*h.viewer.model.span)
    box = h.canvas_box()
    page.mouse.move(box["x"] + 5, box["y"] + 35)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] - 5, box["y"] + box["height"] - 5, steps=5)
    page.mouse.up()
    page.wait_for_selector("[data-testid=agg-summary]")
    names = {r.split("\t")[0] for r in page.locator("[data-testid=agg-row]").all_inner_texts()}
    titles = set(page.eval_on_selector_all("[data-testid=agg-row] td.name", "(tds) => tds.map((td) => td.title)"))
    assert set(PAYLOADS) & titles and any(n.startswith(PAYLOADS[0][:20]) for n in names)
    # a tooltip over a hostile event
    h.set_view(int(ev["start_ps"].iat[top[0]]), int(ev["end_ps"].iat[top[0]]))
    item = next(i for i in h.api("api.items()") if i["row"] == top[0])
    page.mouse.move(box["x"] + max(item["X0"], 0) + 20, box["y"] + item["y"] + 9)
    page.locator("[data-testid=tooltip]").wait_for(state="visible")
    assert page.inner_text("[data-testid=tooltip]").startswith(f"{PAYLOADS[0]} 40")
    # an error reply that quotes a hostile request value
    page.evaluate(
        "(p) => { window.__requestHook = (m) => m.type === 'viewport' ? { ...m, width_px: p } : m; }", PAYLOADS[0]
    )
    page.keyboard.press("0")
    page.wait_for_function("() => document.querySelector('[data-testid=trace-viewer]').dataset.error")
    assert PAYLOADS[0] in page.inner_text("[data-testid=status]")
    page.evaluate("() => { window.__requestHook = null; }")
    page.click("[data-testid=status-retry]")
    h.wait_idle()
    _assert_nothing_ran(page, dialogs)
