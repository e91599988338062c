"""Memory profile and pod viewer views in a real browser: selectors, hover cards, tables."""

from __future__ import annotations

from browser_helpers import INJECTION, assert_clean, check_fit, fmt_bytes

import nbprof
from nbprof.widgets._base import view_class
from nbprof.widgets.registry import view_for
from nbprof.widgets.tools import compute_payload


def summary_value(page, key: str) -> str:
    return page.inner_text(f"[data-testid=summary-{key}]")


def test_memory_profile_summary_timeline_breakdown(harness_page, load_fixture, screenshot):
    prof = load_fixture("tf_cpu_bfc_memory")
    result = prof.memory_profile()
    page = harness_page(view_for(result))
    s = result.summary
    assert summary_value(page, "peak_bytes_in_use") == fmt_bytes(s["peak_bytes_in_use"])
    assert summary_value(page, "peak_heap_bytes") == fmt_bytes(s["peak_heap_bytes"])
    assert summary_value(page, "num_allocations") == f"{s['num_allocations']:,}"

    # hover the chart: the card shows the allocator event under the mouse, as in the timeline frame
    hit = page.locator("[data-testid=memory-timeline-hit]")
    box = hit.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
    tip = page.locator("[data-testid=tooltip]")
    assert tip.is_visible()
    index = int(page.get_attribute("[data-testid=memory-timeline]", "data-hover-index"))
    payload = view_for(result).payload
    timeline = payload["profiles"][payload["selected"]]["timeline"]
    heap = timeline["heap"][index]
    row = result.timeline[(result.timeline["time_ms"] - timeline["time_ms"][index]).abs() < 1e-6]
    assert heap in set(row["heap_bytes"].tolist())  # the sampled point is a real event of the frame
    assert f"Heap{fmt_bytes(heap)}" in tip.inner_text().replace("\n", "").replace("\t", "")

    # breakdown at peak: one row per frame row, filterable by op name
    breakdown = result.breakdown
    assert page.inner_text("[data-testid=memory-breakdown-count]") == f"{len(breakdown)} rows"
    op = str(breakdown.sort_values("allocation_bytes", ascending=False).iloc[0]["tf_op"])
    page.fill("[data-testid=memory-breakdown-filter]", op)
    expected = breakdown["tf_op"].astype(str).str.lower().str.contains(op.lower(), regex=False).sum()
    assert page.inner_text("[data-testid=memory-breakdown-count]") == f"{expected} rows"
    screenshot(page, "view-memory_profile", full_page=True)
    assert_clean(page)


def test_memory_id_selector_switches_data(harness_page, load_fixture):
    prof = load_fixture("gpu_v100")
    payload = compute_payload(prof, "memory_profile")
    assert len(payload["memory_ids"]) > 1
    page = harness_page(view_class("memory_profile")(payload))
    for memory_id in payload["memory_ids"]:
        page.select_option("[data-testid=memory-id]", memory_id)
        expected = prof.memory_profile(memory_id=memory_id).summary
        assert summary_value(page, "peak_bytes_in_use") == fmt_bytes(expected["peak_bytes_in_use"]), memory_id
        assert summary_value(page, "num_allocations") == f"{expected['num_allocations']:,}"
    assert_clean(page)


def test_memory_profile_without_allocator_events_says_so(harness_page, load_fixture):
    page = harness_page(view_for(load_fixture("jax_mlp_train").memory_profile()))
    assert "no memory profile data" in page.inner_text("[data-testid=unavailable]")


def test_memory_breakdown_names_render_as_text(harness_page, load_fixture):
    result = load_fixture("tf_cpu_bfc_memory").memory_profile()
    result.breakdown = result.breakdown.assign(tf_op=INJECTION)  # a hostile op name everywhere
    page = harness_page(view_for(result))
    cells = page.eval_on_selector_all(
        "[data-testid=memory-breakdown] tbody tr", "trs => trs.map(t => t.children[0].textContent)"
    )
    assert set(cells) == {INJECTION}
    assert_clean(page)


def test_pod_viewer_slider_and_hover(harness_page, multi_host_logdir, screenshot):
    prof = nbprof.load(str(multi_host_logdir))
    payload = compute_payload(prof, "pod_viewer")
    page = harness_page(view_class("pod_viewer")(payload))
    assert page.locator("[data-testid=pod-bars-bar]").count() == len(prof.hosts)
    steps = prof.steps
    categories = [
        c
        for c in steps.columns
        if c.endswith("_ps")
        and c
        not in {
            "start_ps",
            "duration_ps",
            "host_wait_input_ps",
            "host_to_device_ps",
            "device_compute_16_ps",
            "device_compute_32_ps",
            "xla_cpu_compute_ps",  # the part of all_others_ps only XLA CPU ops covered
        }
    ]
    last = len(payload["steps"]) - 1
    page.fill("[data-testid=pod-step]", str(last))  # range input: fill sets the value and fires input
    step = payload["steps"][last]
    assert page.inner_text("[data-testid=pod-step-label]").startswith(f"step {step} ")
    for i, host in enumerate(payload["workers"]):
        bar = page.locator("[data-testid=pod-bars-bar]").nth(i)
        rows = steps[(steps["step_num"] == step) & (steps["host"] + " " + steps["core"].astype(str) == host)]
        expected_ms = rows[categories].to_numpy().sum() / 1e9
        assert abs(float(bar.get_attribute("data-total")) - expected_ms) < 1e-3
    bar = page.locator("[data-testid=pod-bars-bar]").first
    bar.hover()
    tip = page.locator("[data-testid=tooltip]")
    assert tip.is_visible() and payload["workers"][0] in tip.inner_text() and "Total" in tip.inner_text()
    screenshot(page, "view-pod_viewer", full_page=True)
    assert_clean(page)


def test_a_very_long_memory_id_keeps_the_selector_in_the_view(harness_page, load_fixture):
    """A memory id of 257,449 characters (hardening) is shortened in the selector, kept whole as its value."""
    payload = compute_payload(load_fixture("gpu_v100"), "memory_profile")
    long_id = "GPU_0_bfc/" + "x" * 257_439
    first = payload["memory_ids"][0]
    payload["profiles"][long_id] = payload["profiles"].pop(first)
    payload["memory_ids"][0] = long_id
    payload["selected"] = long_id
    page = harness_page(view_class("memory_profile")(payload), width=700)
    check_fit(page, "#root")
    select = page.locator("[data-testid=memory-id]")
    assert select.bounding_box()["width"] <= 700
    assert page.eval_on_selector("[data-testid=memory-id]", "s => s.value") == long_id
    assert page.eval_on_selector("[data-testid=memory-id] option", "o => o.title") == long_id
    page.select_option("[data-testid=memory-id]", payload["memory_ids"][1])
    page.select_option("[data-testid=memory-id]", long_id)
    assert summary_value(page, "num_allocations") == page.evaluate(
        "(n) => n.toLocaleString('en-US')", payload["profiles"][long_id]["summary"][0][1]
    )
    assert_clean(page)
