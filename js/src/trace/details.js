// The details pane under the timeline: one event (name, track, times, stats, flows) or the
// aggregated table of a box selection (sortable). Text only: names never become HTML.
import { h } from "./dom.js";
import { formatDuration } from "./axis.js";

function kv(label, value, testid) {
  return h("tr", {}, h("th", {}, label), h("td", testid ? { "data-testid": testid } : {}, value));
}

/** Fill `pane` with one event's details; `onFlow(flow)` jumps to a flow partner. */
export function showEvent(pane, d, origin, onFlow) {
  const table = h("table", { class: "nbpt-kv" },
    kv("Name", d.name, "detail-name"),
    d.event_name ? kv("Event name", d.event_name, "detail-event-name") : null,
    d.display_name ? kv("Display name", d.display_name) : null,
    kv("Track", d.track_name, "detail-track"),
    kv("Start", `${formatDuration(d.start_ps - origin)} (${d.start_ps} ps)`, "detail-start"),
    kv("Duration", `${formatDuration(d.duration_ps)}`, "detail-duration"),
    kv("Duration (ps)", String(d.duration_ps), "detail-duration-ps"),
    kv("Self time", formatDuration(d.self_ps), "detail-self"),
    kv("Depth", String(d.depth)),
    kv("Row", String(d.row), "detail-row"));
  const stats = h("table", { class: "nbpt-kv", "data-testid": "detail-stats" },
    ...(d.stats || []).map(([k, v]) => kv(k, v === null ? "–" : String(v))));
  const flows = (d.flows || []).length
    ? h("div", { class: "nbpt-flows" }, h("b", {}, "Flows (correlation id): "),
      ...d.flows.map((f) => h("button", { class: "nbpt-link", "data-testid": "flow-link", onclick: () => onFlow(f) },
        `${f.name} @ ${formatDuration(f.start_ps - origin)}`)))
    : null;
  const grid = h("div", { class: "nbpt-details-grid" },
    h("div", {}, h("div", { class: "nbpt-h" }, "Event"), table),
    h("div", {}, h("div", { class: "nbpt-h" }, "Stats"), stats));
  pane.replaceChildren(...[grid, flows].filter(Boolean)); // replaceChildren(null) would print "null"
}

const COLS = [
  ["name", "Name", (v) => v],
  ["count", "Count", (v) => String(v)],
  ["total_ps", "Total", formatDuration],
  ["avg_ps", "Average", formatDuration],
  ["min_ps", "Min", formatDuration],
  ["max_ps", "Max", formatDuration],
];

/** Fill `pane` with a box selection's table {count, names, columns, rows}; headers sort. */
export function showAggregate(pane, agg) {
  let sortCol = 2;
  let desc = true;
  const body = h("tbody");
  const fill = () => {
    const rows = [...agg.rows].sort((p, q) => {
      const a = p[sortCol];
      const b = q[sortCol];
      const c = typeof a === "string" ? a.localeCompare(b) : a - b;
      return desc ? -c : c;
    });
    body.replaceChildren(...rows.map((r) => h("tr", { "data-testid": "agg-row" },
      ...COLS.map(([, , fmt], j) => h("td", j ? { class: "num" } : { class: "name", title: r[0] }, fmt(r[j]))))));
  };
  const head = h("tr", {}, ...COLS.map(([key, label], j) => h("th", {
    class: j ? "num" : "", "data-testid": `agg-sort-${key}`,
    onclick: () => { desc = sortCol === j ? !desc : j !== 0; sortCol = j; fill(); },
  }, label)));
  fill();
  const cols = h("colgroup", {}, ...COLS.map(([key]) => h("col", { class: `nbpt-col-${key}` })));
  const more = agg.rows.length < agg.names
    ? h("div", { class: "nbpt-muted", "data-testid": "agg-more" },
      `The ${agg.rows.length} names with the most total time are listed; viewer.selection has every event.`)
    : null;
  pane.replaceChildren(...[
    h("div", { class: "nbpt-h", "data-testid": "agg-summary" },
      `${agg.count} events selected, ${agg.names} names, ${formatDuration(agg.end_ps - agg.start_ps)} range`),
    h("table", { class: "nbpt-agg", "data-testid": "agg-table" }, cols, h("thead", {}, head), body),
    more,
  ].filter(Boolean));
}

/** A one-line message in the pane. */
export function showNote(pane, text) {
  pane.replaceChildren(h("div", { class: "nbpt-muted", "data-testid": "detail-note" }, text));
}
