// Compare: two profiles side by side — the step time and its categories as before/after bars, and the ops
// that got slower or faster, are new or vanished, one table at a time.
import { h, s, section, unavailable } from "../lib/dom.js";
import { formatCell, formatMs, formatNumber, formatPct } from "../lib/format.js";
import { niceTicks, responsive } from "../lib/charts.js";
import { namePlan, shownText } from "../lib/names.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

const BEFORE = "#9aa7b8", AFTER = "#4e79a7";
const SLOWER = "#f4c7c3", FASTER = "#c8e6c9";  // light backgrounds: the cell text stays dark on them

function signed(value, format) {
  if (value === null || value === undefined) return "–";
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${format(Math.abs(value))}`;
}

/** Before/after bars per metric (ms), labels on the left; hover shows both values and the change. */
function pairedBars(width, st, ctx) {
  const n = st.metrics.length;
  const labelW = Math.min(190, Math.max(96, Math.round(width * 0.26)));
  const m = { l: labelW + 8, r: 70, t: 6, b: 34 };
  const bar = 11, rowH = 2 * bar + 10;
  const height = m.t + m.b + n * rowH;
  const iw = Math.max(40, width - m.l - m.r);
  const max = Math.max(0, ...st.before.map((v) => v || 0), ...st.after.map((v) => v || 0));
  const ticks = niceTicks(max, Math.max(2, Math.floor(iw / 90)));
  const top = ticks[ticks.length - 1] || 1;
  const sx = (v) => m.l + ((v || 0) / top) * iw;
  const svg = s("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Step time before and after (ms)",
    "data-testid": "compare-steps" });
  const axis = s("g", { class: "nbp-axis" });
  for (const t of ticks) {
    axis.append(s("line", { class: "nbp-grid", x1: sx(t), x2: sx(t), y1: m.t, y2: height - m.b }));
    axis.append(s("text", { x: sx(t), y: height - m.b + 14, "text-anchor": "middle" }, formatNumber(t)));
  }
  axis.append(s("text", { x: m.l + iw / 2, y: height - 1, "text-anchor": "middle" }, "ms per step"));
  svg.append(axis);
  const plan = namePlan(st.labels, Math.max(8, Math.floor(labelW / 6.6)));
  st.metrics.forEach((metric, i) => {
    const y = m.t + i * rowH + 4;
    const before = st.before[i], after = st.after[i];
    const delta = (after ?? 0) - (before ?? 0);
    const pct = before ? (100 * delta) / before : null;
    const g = s("g", { "data-testid": "compare-metric", "data-metric": metric, "data-label": st.labels[i] });
    g.append(s("text", { x: labelW, y: y + bar + 4, "text-anchor": "end", style: metric === "step_time" ? "font-weight:600" : null },
      shownText(plan.get(st.labels[i]))));
    [["before", before, BEFORE, y], ["after", after, AFTER, y + bar]].forEach(([side, value, color, yy]) => {
      g.append(s("rect", { x: m.l, y: yy, width: Math.max(value ? 1 : 0, sx(value) - m.l), height: bar - 1, fill: color,
        "data-testid": "compare-bar", "data-side": side, "data-value": value ?? "" }));
      g.append(s("text", { x: sx(value) + 4, y: yy + bar - 2, style: "font-size:10px" }, value === null || value === undefined ? "–" : formatMs(value)));
    });
    g.append(s("rect", { x: 0, y: y - 3, width, height: rowH, fill: "transparent", class: "nbp-hit" }));
    const rows = [["Before", formatMs(before)], ["After", formatMs(after)],
      ["Change", `${signed(delta, (v) => formatMs(v))}${pct === null ? "" : ` (${signed(pct, (v) => formatPct(v, 1))})`}`]];
    g.addEventListener("mousemove", (e) => ctx.tooltip.show(e, st.labels[i], rows));
    g.addEventListener("mouseleave", () => ctx.tooltip.hide());
    svg.append(g);
  });
  return svg;
}

export function renderCompare(root, p, ctx) {
  root.append(h("table", { class: "nbp-kv", "data-testid": "compare-summary" }, h("tbody", {},
    (p.summary || []).map(([label, value, type, key]) => h("tr", { "data-key": key }, h("td", {}, label),
      h("td", { "data-testid": `compare-summary-${key}` }, value === null || value === undefined ? "not measured in both profiles"
        : key === "step_time_delta_pct" ? signed(value, (v) => formatPct(v, 1)) : key === "speedup" ? `×${formatNumber(value, 2)}`
          : formatCell(value, type, true)))))));

  const st = p.steps || {};
  const measured = st.metrics && st.before.some((v) => v !== null) && st.after.some((v) => v !== null);
  root.append(section("Step time and its categories", measured
    ? [responsive((width) => pairedBars(width, st, ctx), { testid: "compare-steps" }),
      h("div", { class: "nbp-legend" }, [["Before", BEFORE], ["After", AFTER]].map(([label, color]) =>
        h("span", { class: "nbp-legend-item" }, h("span", { class: "nbp-swatch", style: { background: color } }), label)))]
    : unavailable("no step markers in one of the profiles, so ops are compared by their total time")));

  // the op tables, one at a time
  const tables = p.tables || [];
  const box = h("div");
  const tabs = h("div", { class: "nbp-toolbar", role: "tablist", "aria-label": "Ops", "data-testid": "compare-tabs" });
  const show = (id) => {
    const entry = tables.find((x) => x.id === id);
    tabs.querySelectorAll("button").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.id === id)));
    const t = entry.table;
    const columns = t.columns.map((c) => (c.id === "delta_us"
      ? { ...c, color: (v) => (v > 0 ? SLOWER : v < 0 ? FASTER : null) } : c));
    const rows = t.rows.length < entry.count
      ? h("div", { class: "nbp-note", "data-testid": "compare-ops-shown" },
        `The ${t.rows.length} largest changes of ${formatNumber(entry.count)}; "All ops" and result.ops have them all.`)
      : null;
    box.replaceChildren(...[t.rows.length
      ? dataTable({ columns, rows: t.rows, filterColumn: "name", csvName: `compare_${id}.csv`, testid: "compare-ops" }).el
      : unavailable(`no ${entry.label.toLowerCase()} ops`, "compare-ops-empty"), rows].filter(Boolean));
    box.dataset.table = id;
  };
  tables.forEach((x) => tabs.append(h("button", { type: "button", role: "tab", class: "nbp-tab", "data-id": x.id, "data-testid": `compare-tab-${x.id}`,
    onclick: () => show(x.id) }, `${x.label} (${formatNumber(x.count)})`)));
  root.append(section(`Ops (µs ${p.op_unit || ""})`, tabs, box));
  const first = tables.find((x) => x.count > 0 && x.id !== "all") || tables[0];
  if (first) show(first.id);
}

export default standaloneView(renderCompare);
