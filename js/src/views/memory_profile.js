// Memory profile: memory-id selector, summary, stack/heap/free timeline with fragmentation, breakdown at peak.
import { h, section, unavailable } from "../lib/dom.js";
import { formatBytes, formatCell, formatMs, formatPct } from "../lib/format.js";
import { areaChart, byteTicks, responsive } from "../lib/charts.js";
import { shortName } from "../lib/names.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

function eventRows(tl, i) {
  const v = (k) => (tl[k] ? tl[k][i] : undefined);
  return [
    ["Time", formatMs(v("time_ms"))], ["Activity", v("kind")], ["Op", v("tf_op")], ["Step", v("step_id")],
    ["Requested", v("requested") !== undefined ? formatBytes(v("requested")) : null],
    ["Allocated", v("allocation") !== undefined ? formatBytes(v("allocation")) : null],
    ["Region", v("region_type")], ["Data type", v("data_type")], ["Shape", v("shape")],
    ["Stack", formatBytes(v("stack"))], ["Heap", formatBytes(v("heap"))], ["Free", formatBytes(v("free"))],
    ["Memory in use", formatBytes(v("in_use"))],
    ["Fragmentation", v("fragmentation") === null || v("fragmentation") === undefined ? null : formatPct(100 * v("fragmentation"), 1)],
  ];
}

function renderOne(box, prof, ctx) {
  box.replaceChildren();
  if (prof.advice) box.append(h("p", { class: "nbp-advice", "data-testid": "advice" }, prof.advice));
  box.append(section("Summary", h("table", { class: "nbp-kv", "data-testid": "memory-summary" }, h("tbody", {},
    (prof.summary || []).map(([label, value, type, id]) => h("tr", { "data-key": id || "" }, h("td", {}, label),
      h("td", { "data-testid": id ? `summary-${id}` : null }, formatCell(value, type, true))))))));
  const tl = prof.timeline;
  if (tl && tl.time_ms && tl.time_ms.length) {
    // Free memory often dwarfs what is in use (a 64 GiB host allocator): stack it only when asked.
    const peakInUse = Math.max(0, ...tl.in_use);
    const maxFree = Math.max(0, ...(tl.free || [0]));
    let showFree = !!tl.free && maxFree <= 4 * peakInUse;
    const chart = (width) => {
      const series = [{ name: "Stack", values: tl.stack, color: "#f28e2b" }, { name: "Heap", values: tl.heap, color: "#4e79a7" }];
      if (showFree) series.push({ name: "Free", values: tl.free, color: "#bab0ac" });
      return areaChart({ x: tl.time_ms, series, xLabel: "time (ms)", yLabel: "memory",
        format: (b) => formatBytes(b, 1), testid: "memory-timeline", width, yTicks: byteTicks,
        line: tl.fragmentation ? { name: "Fragmentation", values: tl.fragmentation, max: 1, format: (f) => formatPct(100 * f, 0) } : null,
        hover: (i, e) => ctx.tooltip.show(e, `${tl.kind ? tl.kind[i] : "event"} #${i}`, eventRows(tl, i)),
        leave: () => ctx.tooltip.hide() });
    };
    const chartBox = responsive(chart, { testid: "memory-timeline" });
    const draw = () => chartBox.setDraw(chart);
    const freeToggle = !tl.free ? null : h("label", {}, h("input", { type: "checkbox", checked: showFree, "data-testid": "show-free",
      onchange: (e) => { showFree = e.target.checked; draw(); } }), "Stack free memory on top");
    box.append(section("Memory timeline", h("div", { class: "nbp-toolbar" }, freeToggle), chartBox));
    if (tl.sampled_from) box.append(h("div", { class: "nbp-note" }, `Showing ${tl.time_ms.length} of ${tl.sampled_from} allocator events (peaks kept).`));
  } else {
    box.append(section("Memory timeline", unavailable("no allocator events")));
  }
  const b = prof.breakdown;
  box.append(section("Memory breakdown at peak", b && b.rows && b.rows.length
    ? dataTable({ columns: b.columns, rows: b.rows, sortBy: "allocation_bytes", sortDesc: true, filterColumn: "tf_op",
      csvName: "memory_breakdown.csv", testid: "memory-breakdown" }).el
    : unavailable("no live allocations at the peak")));
}

export function renderMemoryProfile(root, p, ctx) {
  const ids = p.memory_ids || [];
  if (!ids.length) { root.append(unavailable(p.reason || "no memory profile data in this profile")); return; }
  const box = h("div");
  const select = h("select", { "data-testid": "memory-id", "aria-label": "Memory ID",
    onchange: (e) => renderOne(box, p.profiles[e.target.value], ctx) },
    ids.map((id) => h("option", { value: id, selected: id === p.selected, title: id }, shortName(id, 0, 60))));
  root.append(h("div", { class: "nbp-toolbar" }, h("label", {}, "Memory ID", select)), box);
  renderOne(box, p.profiles[p.selected && p.profiles[p.selected] ? p.selected : ids[0]], ctx);
}

export default standaloneView(renderMemoryProfile);
