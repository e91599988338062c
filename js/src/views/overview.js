// Overview page: performance summary cards, step-time graph, top-10 ops, run environment, recommendation.
import { h, section, unavailable } from "../lib/dom.js";
import { formatCell, formatMs } from "../lib/format.js";
import { responsive, stackedBarChart } from "../lib/charts.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

function card(c) {
  const na = c.available === false;
  return h("div", { class: `nbp-card${na ? " nbp-card-na" : ""}`, "data-testid": `card-${c.id}` },
    h("div", { class: "nbp-card-label" }, c.label),
    h("div", { class: "nbp-card-value", "data-testid": `card-${c.id}-value` },
      na ? (c.reason || "not available on this device") : formatCell(c.value, c.type, true)),
    ...(na ? [] : (c.details || []).map(([label, value, type]) =>
      h("div", { class: "nbp-card-sub" }, `${label}: ${formatCell(value, type, true)}`))));
}

export function renderOverview(root, p, ctx) {
  root.append(section("Performance summary", h("div", { class: "nbp-cards", "data-testid": "cards" }, (p.cards || []).map(card))));

  const g = p.step_graph;
  root.append(section("Step-time graph", g && g.labels && g.labels.length
    ? responsive((width) => stackedBarChart({ labels: g.labels, series: g.series, yLabel: "step time (ms)", xLabel: "step",
      format: (v) => formatMs(v), tooltip: ctx.tooltip, testid: "step-graph", width }), { testid: "step-graph" })
    : unavailable(g?.reason || "no steps found in this profile")));

  const ops = p.top_ops;
  root.append(section(ops?.title || "Top 10 operations", ops && ops.rows
    ? dataTable({ columns: ops.columns, rows: ops.rows, testid: "top-ops", maxRows: 10 }).el
    : unavailable(ops?.reason)));

  const env = p.environment || [];
  root.append(section("Run environment", h("table", { class: "nbp-kv", "data-testid": "environment" },
    h("tbody", {}, env.map(([label, value]) => h("tr", {}, h("td", {}, label), h("td", {}, value)))))));

  const rec = p.recommendation;
  if (rec) {
    const links = (rec.next_tools || []).map((t) => ctx.navigate
      ? h("button", { type: "button", class: "nbp-link", "data-testid": `goto-${t.id}`, onclick: () => ctx.navigate(t.id) }, t.label)
      : h("span", { "data-testid": `goto-${t.id}` }, t.label));
    root.append(section("Recommendation for next step", h("div", { class: "nbp-recommendation", "data-testid": "recommendation" },
      h("div", {}, rec.text || ""),
      links.length ? h("div", { style: { marginTop: "4px" } }, "Next tools to look at: ",
        links.flatMap((l, i) => (i ? [", ", l] : [l]))) : null)));
  }
}

export default standaloneView(renderOverview);
