// tf.data bottleneck analysis: summary, per-pipeline stats, and the pipeline graph with the critical
// path in bold and the bottleneck outlined.
import { h, s, section, unavailable } from "../lib/dom.js";
import { formatCell, formatPs, formatNumber } from "../lib/format.js";
import { responsive } from "../lib/charts.js";
import { shortName } from "../lib/names.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

/** Layered tree layout: x by depth, y by leaf order. Returns {pos: Map(id -> {x, y}), width, height}. */
function layout(nodes) {
  const kids = new Map(nodes.map((n) => [n.id, []]));
  const roots = [];
  for (const n of nodes) (kids.has(n.parent) && n.parent !== n.id ? kids.get(n.parent) : roots).push(n);
  const pos = new Map();
  let row = 0, maxDepth = 0;
  const place = (n, depth) => {
    maxDepth = Math.max(maxDepth, depth);
    const ch = kids.get(n.id);
    if (!ch.length) { pos.set(n.id, { x: depth, y: row++ }); return; }
    ch.forEach((c) => place(c, depth + 1));
    const ys = ch.map((c) => pos.get(c.id).y);
    pos.set(n.id, { x: depth, y: (Math.min(...ys) + Math.max(...ys)) / 2 });
  };
  roots.forEach((r) => place(r, 0));
  return { pos, depth: maxDepth + 1, rows: Math.max(1, row) };
}

/**
 * The pipeline graph drawn to fit `width` px: left to right (consumer -> producer) when every level fits
 * at 130 px a node, else top to bottom; boxes shrink to 96 px before the graph scrolls.
 */
function graph(g, tooltip, width) {
  const H = 44, GX = 28, GY = 18;
  const { pos, depth, rows } = layout(g.nodes);
  const across = Math.floor((width - (depth - 1) * GX - 2) / depth) >= 130;  // levels side by side
  const slots = across ? depth : rows;  // boxes side by side
  const W = Math.max(96, Math.min(across ? 190 : 260, Math.floor((width - (slots - 1) * GX - 2) / slots)));
  const chars = Math.floor((W - 12) / 7.2);  // bold (critical path) text is the widest
  const svgWidth = slots * W + (slots - 1) * GX + 4;
  const height = (across ? rows * (H + GY) : depth * (H + GY)) + 4;
  const svg = s("svg", { width: svgWidth, height, viewBox: `-2 -2 ${svgWidth} ${height}`, class: "nbp-graph",
    "data-testid": "pipeline-graph", "data-layout": across ? "across" : "down" });
  const at = (id) => {
    const p = pos.get(id);
    return across ? { x: p.x * (W + GX), y: p.y * (H + GY) } : { x: p.y * (W + GX), y: p.x * (H + GY) };
  };
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  for (const n of g.nodes) {
    const parent = byId.get(n.parent);
    if (!parent || parent === n) continue;
    const a = at(parent.id), b = at(n.id);
    const d = across
      ? `M ${a.x + W} ${a.y + H / 2} C ${a.x + W + GX / 2} ${a.y + H / 2}, ${b.x - GX / 2} ${b.y + H / 2}, ${b.x} ${b.y + H / 2}`
      : `M ${a.x + W / 2} ${a.y + H} C ${a.x + W / 2} ${a.y + H + GY / 2}, ${b.x + W / 2} ${b.y - GY / 2}, ${b.x + W / 2} ${b.y}`;
    svg.append(s("path", { class: n.critical && parent.critical ? "nbp-critical" : "", d }));
  }
  for (const n of g.nodes) {
    const p = at(n.id);
    const cls = ["nbp-node", n.critical ? "nbp-critical" : "", n.bottleneck ? "nbp-bottleneck" : ""].join(" ");
    const node = s("g", { class: cls, transform: `translate(${p.x} ${p.y})`, "data-testid": "graph-node", "data-name": n.name,
      "data-critical": n.critical ? "true" : "false", "data-bottleneck": n.bottleneck ? "true" : "false", tabindex: "0" },
      s("rect", { width: W, height: H, rx: 4 }),
      s("text", { x: 6, y: 16 }, shortName(n.short_name || n.name, 0, chars)),
      s("text", { x: 6, y: 33 }, shortName(`${formatPs(n.self_ps)} self · ${formatNumber(n.calls)}×`, 0, chars)));
    node.addEventListener("mousemove", (e) => tooltip.show(e, n.name, [["Total", formatPs(n.total_ps)], ["Self", formatPs(n.self_ps)],
      ["Calls", formatNumber(n.calls)], ["On critical path", n.critical ? "yes" : "no"], ["Bottleneck", n.bottleneck ? "yes" : "no"]]));
    node.addEventListener("mouseleave", () => tooltip.hide());
    svg.append(node);
  }
  return h("div", { style: { overflowX: "auto", maxWidth: "100%" } }, svg);
}

export function renderTfData(root, p, ctx) {
  if (p.text) root.append(h("div", { class: "nbp-recommendation", "data-testid": "tfdata-text" }, p.text,
    p.recommendation ? h("div", { "data-testid": "tfdata-recommendation" }, p.recommendation) : null));
  root.append(section("Summary", h("table", { class: "nbp-kv", "data-testid": "tfdata-summary" }, h("tbody", {},
    (p.summary || []).map(([label, value, type]) => h("tr", {}, h("td", {}, label), h("td", {}, formatCell(value, type, true))))))));
  const keys = Object.keys(p.graphs || {});
  let graphBox = null;
  const show = (key) => {
    const draw = (width) => graph(p.graphs[key], ctx.tooltip, width);
    if (graphBox) graphBox.setDraw(draw); else graphBox = responsive(draw, { testid: "pipeline-graph", minWidth: 200 });
  };
  if (keys.length) show(p.default_graph || keys[0]);
  const picker = keys.length > 1
    ? h("label", {}, "Pipeline ", h("select", { "data-testid": "tfdata-pipeline", onchange: (e) => show(e.target.value) },
      keys.map((k) => h("option", { value: k, selected: k === p.default_graph }, k))))
    : null;
  root.append(section("Pipeline graph (slowest run)", keys.length
    ? h("div", {}, picker, graphBox, h("div", { class: "nbp-note" }, "Bold: critical path (blocking iterators). Red outline: bottleneck."))
    : unavailable("no pipeline graph")));
  const b = p.bottlenecks;
  if (b && b.rows.length) {
    root.append(section("Bottleneck of each slow pipeline", dataTable({ columns: b.columns, rows: b.rows, sortBy: "max_latency_us",
      testid: "bottlenecks" }).el));
  }
  const t = p.pipelines;
  root.append(section("Pipelines", t && t.rows.length
    ? dataTable({ columns: t.columns, rows: t.rows, sortBy: "max_latency_us", filterColumn: "root_iterator",
      csvName: "tf_data_pipelines.csv", testid: "pipelines" }).el
    : unavailable("no pipelines")));
}

export default standaloneView(renderTfData);
