// Framework (TF/JAX) op statistics: four pies (host/device x op/type), sortable table, idle toggle, CSV export.
import { h, section, unavailable } from "../lib/dom.js";
import { formatUs } from "../lib/format.js";
import { pieChart } from "../lib/charts.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

function sumBy(rows, keyIndex, valueIndex) {
  const out = new Map();
  for (const r of rows) out.set(r[keyIndex], (out.get(r[keyIndex]) || 0) + (r[valueIndex] || 0));
  return [...out].map(([label, value]) => ({ label: String(label), value }));
}

/** The % columns over the rows shown: XProf recomputes them (cumulative ones too) when idle time is excluded. */
function withPercents(rows, col, totals, includeIdle) {
  if (includeIdle || !totals || totals.device === undefined) return rows;
  const denom = { device: totals.device - totals.device_idle, host: totals.host - totals.host_idle };
  const out = rows.map((r) => {
    const row = r.slice();
    const side = String(r[col.where]).toLowerCase();
    if (col.devPct >= 0) row[col.devPct] = side === "device" && denom.device > 0 ? (100 * r[col.self]) / denom.device : 0;
    if (col.hostPct >= 0) row[col.hostPct] = side === "host" && denom.host > 0 ? (100 * r[col.self]) / denom.host : 0;
    return row;
  });
  // cumulative %: per side, in XProf's order (self time descending, then name)
  for (const [side, pctCol, cumCol] of [["device", col.devPct, col.devCum], ["host", col.hostPct, col.hostCum]]) {
    if (pctCol < 0 || cumCol < 0) continue;
    const ordered = out.filter((r) => String(r[col.where]).toLowerCase() === side)
      .sort((a, b) => (b[col.self] - a[col.self]) || (String(a[col.name]) < String(b[col.name]) ? -1 : String(a[col.name]) > String(b[col.name]) ? 1 : 0));
    let acc = 0;
    for (const r of ordered) { acc += r[pctCol]; r[cumCol] = acc; }
    for (const r of out) if (String(r[col.where]).toLowerCase() !== side) r[cumCol] = 0;
  }
  return out;
}

export function renderFrameworkOpStats(root, p, ctx) {
  const t = p.table;
  const idx = (id) => t.columns.findIndex((c) => c.id === id);
  const col = { where: idx("host_or_device"), type: idx("type"), name: idx("name"), self: idx("total_self_time_us"),
    devPct: idx("device_self_time_pct"), hostPct: idx("host_self_time_pct"),
    devCum: idx("device_cumulative_self_time_pct"), hostCum: idx("host_cumulative_self_time_pct") };
  const isIdle = (r) => String(r[col.type]).toUpperCase() === "IDLE";
  let includeIdle = true;
  const pies = h("div", { class: "nbp-row", "data-testid": "pies" });
  const table = dataTable({ columns: t.columns, rows: t.rows, sortBy: "total_self_time_us", sortDesc: true,
    filterColumn: "name", csvName: p.csv_name || "framework_op_stats.csv", testid: "op-stats" });

  function update() {
    const rows = withPercents(includeIdle ? t.rows : t.rows.filter((r) => !isIdle(r)), col, p.totals, includeIdle);
    table.setRows(rows);
    pies.replaceChildren();
    for (const side of ["Device", "Host"]) {
      const sideRows = rows.filter((r) => String(r[col.where]).toLowerCase() === side.toLowerCase());
      if (!sideRows.length) continue;
      pies.append(pieChart({ title: `${side}-side self time by op type`, slices: sumBy(sideRows, col.type, col.self),
        format: (v) => formatUs(v), tooltip: ctx.tooltip, testid: `pie-${side.toLowerCase()}-type` }));
      pies.append(pieChart({ title: `${side}-side self time by op`, slices: sumBy(sideRows, col.name, col.self),
        format: (v) => formatUs(v), tooltip: ctx.tooltip, testid: `pie-${side.toLowerCase()}-op` }));
    }
  }
  const toggle = h("label", {}, h("input", { type: "checkbox", checked: true, "data-testid": "include-idle",
    onchange: (e) => { includeIdle = e.target.checked; update(); } }), "Include idle time");
  root.append(h("div", { class: "nbp-toolbar" }, toggle));
  root.append(section("Self time", pies));
  root.append(section("Ops", t.rows.length ? table.el : unavailable("no ops")));
  update();
}

export default standaloneView(renderFrameworkOpStats);
