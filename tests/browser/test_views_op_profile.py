"""Op profile view in a real browser: tree expand/collapse, top N, sort, details card, colours."""

from __future__ import annotations

import dataclasses

from browser_helpers import INJECTION, assert_clean

from nbprof.widgets.registry import view_for


def shown_rows(page) -> list[dict]:
    return page.eval_on_selector_all(
        "[data-testid=op-row]",
        "rows => rows.map(r => ({id: +r.dataset.id, level: +r.dataset.level, "
        "name: r.querySelector('[data-testid=op-name]').textContent, "
        "pct: r.querySelector('[data-testid=op-time-pct]').textContent, "
        "util: r.querySelector('[data-testid=op-flops-util]').dataset.util, "
        "bg: getComputedStyle(r.querySelector('[data-testid=op-flops-util]')).backgroundColor}))",
    )


def test_tree_expand_topn_sort_and_details(harness_page, load_fixture, screenshot):
    result = load_fixture("tpu_v6e").op_profile()
    frame = result.tree
    page = harness_page(view_for(result))
    rows = shown_rows(page)
    categories = frame[frame["level"] == 1]
    # root + every category, in the frame's order, with the frame's time percentages
    assert [r["name"] for r in rows] == [frame.iloc[0]["name"], *categories["name"]]
    for r in rows:
        expected = frame.loc[frame["node_id"] == r["id"], "time_pct"].item()
        assert r["pct"] == f"{expected:.2f}%"

    # clicking a category expands it: its ops appear, largest time first (top 10 by default)
    first = categories.iloc[0]
    page.locator(f"[data-testid=op-row][data-id='{first.node_id}'] [data-testid=expander]").click()
    kids = frame[frame["parent_id"] == first.node_id].sort_values("time_ps", ascending=False, kind="stable")
    rows = shown_rows(page)
    got = [r["name"] for r in rows if r["level"] == 2]
    assert got == kids["name"].head(10).tolist()
    assert page.locator(f"[data-testid=op-row][data-id='{first.node_id}']").get_attribute("aria-expanded") == "true"

    # top N = 2 keeps two ops and says how many more there are
    page.fill("[data-testid=op-topn]", "2")
    page.dispatch_event("[data-testid=op-topn]", "change")
    assert [r["name"] for r in shown_rows(page) if r["level"] == 2] == kids["name"].head(2).tolist()
    assert page.locator("[data-testid=op-more]").inner_text().startswith(f"… {len(kids) - 2} more")

    # sort mode: lowest FLOPS utilisation first
    page.select_option("[data-testid=op-sort]", "flops")
    utils = [float(r["util"]) for r in shown_rows(page) if r["level"] == 2]
    assert utils == sorted(kids["flops_utilization_ratio"].tolist())[:2]

    # hovering an op shows its details card (name, category, expression)
    op_row = page.locator("[data-testid=op-row][data-level='2']").first
    op_row.hover()
    card = page.locator("[data-testid=op-details]")
    name = op_row.locator("[data-testid=op-name]").inner_text()
    assert card.locator("[data-testid=op-details-name]").inner_text() == name
    op = frame[frame["name"] == name].iloc[0]
    assert op["category"] in card.inner_text()
    if op["expression"]:
        assert str(op["expression"])[:40] in card.inner_text()

    # keyboard: collapse the category again with ArrowLeft
    page.locator(f"[data-testid=op-row][data-id='{first.node_id}']").focus()
    page.keyboard.press("ArrowLeft")
    assert not [r for r in shown_rows(page) if r["level"] == 2]
    screenshot(page, "view-op_profile", full_page=True)
    assert_clean(page)


def test_flops_utilisation_colour_scale(harness_page, load_fixture):
    # No fixture reaches a high FLOPS utilisation (the TPU one peaks at 0.02%), so the real tree's
    # utilisations are spread over 0..1 here to check the scale's ends: red (low) to green (high).
    result = load_fixture("tpu_v6e").op_profile()
    tree = result.tree.copy()
    tree["flops_utilization_ratio"] = [i / (len(tree) - 1) for i in range(len(tree))]
    page = harness_page(view_for(dataclasses.replace(result, tree=tree)))
    page.click("[data-testid=op-expand-all]")
    cells = {round(float(r["util"]), 6): r["bg"] for r in shown_rows(page) if r["util"] not in ("", None)}

    def rgb(text):
        return [int(v) for v in text[text.index("(") + 1 : text.index(")")].split(",")[:3]]

    red_lo, green_lo, _ = rgb(cells[min(cells)])
    red_hi, green_hi, _ = rgb(cells[max(cells)])
    assert min(cells) == 0 and max(cells) == 1
    assert red_lo > 150 and green_lo < 100  # 0% is red
    assert green_hi > 120 and red_hi < 60  # 100% is green
    by_util = [rgb(cells[u]) for u in sorted(cells)]
    greenness = [g - r for r, g, _ in by_util]
    assert greenness == sorted(greenness)  # monotonic from red to green


def test_group_by_program(harness_page, load_fixture):
    prof = load_fixture("tpu_v6e")
    from nbprof.widgets._base import view_class
    from nbprof.widgets.tools import compute_payload

    page = harness_page(view_class("op_profile")(compute_payload(prof, "op_profile")))
    page.select_option("[data-testid=op-by]", "program")
    by_program = prof.op_profile(by="program").tree
    programs = by_program[by_program["level"] == 1]["name"].tolist()
    names = [r["name"] for r in shown_rows(page) if r["level"] == 1]
    assert names == programs


def test_names_render_as_text(harness_page, load_fixture):
    result = load_fixture("jax_mlp_train").op_profile()
    tree = result.tree.copy()
    tree.loc[tree["level"] == 1, "name"] = INJECTION
    page = harness_page(view_for(dataclasses.replace(result, tree=tree)))
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    assert INJECTION in [r["name"] for r in shown_rows(page)]
    page.locator("[data-testid=op-row][data-level='1']").first.hover()
    assert page.locator("[data-testid=op-details-name]").inner_text() == INJECTION
    assert dialogs == []
    assert_clean(page)


def test_standalone_view_groups_by_program_counts_idle_and_shows_source(harness_page, load_fixture):
    """A result's own view (no app): group by program, include idle time, source file:line in the card."""
    prof = load_fixture("tpu_v6e")
    page = harness_page(view_for(prof.op_profile()))
    # group by program, as prof.op_profile(by="program") does
    page.select_option("[data-testid=op-by]", "program")
    programs = prof.op_profile(by="program").tree
    assert [r["name"] for r in shown_rows(page) if r["level"] == 1] == programs[programs["level"] == 1]["name"].tolist()
    # include idle time: an IDLE node, the root's time is the device's time with idle
    page.select_option("[data-testid=op-by]", "category")
    page.check("[data-testid=op-include-idle]")
    with_idle = prof.op_profile(include_idle=True).tree
    rows = shown_rows(page)
    assert "IDLE" in [r["name"] for r in rows]
    for r in rows:
        assert r["pct"] == f"{with_idle.loc[with_idle['node_id'] == r['id'], 'time_pct'].item():.2f}%"
    page.uncheck("[data-testid=op-include-idle]")
    assert "IDLE" not in [r["name"] for r in shown_rows(page)]
    # the details card of an op with source information names its file and line
    tree = prof.op_profile().tree
    op = tree[(tree["kind"] == "op") & (tree["source_file"] != "")].iloc[0]
    page.click("[data-testid=op-expand-all]")
    page.locator(f"[data-testid=op-row][data-id='{op.node_id}']").hover()
    assert f"{op.source_file}:{op.source_line}" in page.inner_text("[data-testid=op-details]")
    assert_clean(page)


def test_program_column_tells_ops_of_the_same_name_apart(harness_page, load_fixture):
    tree = load_fixture("jax_mlp_train").op_profile().tree
    ops = tree[tree["kind"] == "op"]
    same = ops.groupby("name")["program"].nunique()
    name = same[same > 1].index[0]  # "copy", in several jitted programs
    page = harness_page(view_for(load_fixture("jax_mlp_train").op_profile()))
    assert page.locator("[data-testid=op-tree] th[data-col=program]").is_visible()
    page.click("[data-testid=op-expand-all]")
    cells = page.eval_on_selector_all(
        "[data-testid=op-row]",
        "rows => rows.map(r => [r.querySelector('[data-testid=op-name]').textContent, r.lastElementChild.title])",
    )
    programs = [program for op_name, program in cells if op_name == name]
    assert sorted(programs) == sorted(ops.loc[ops["name"] == name, "program"])
    assert len(set(programs)) > 1
