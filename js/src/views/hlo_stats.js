// HLO op stats: pies of self time by category and by HLO op (computed in Python from every row), and the
// per-op table (key columns first, the rest behind the column chooser), filter by op name, CSV export.
import { section, h, unavailable } from "../lib/dom.js";
import { formatPct, formatUs } from "../lib/format.js";
import { pieChart } from "../lib/charts.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

export function renderHloStats(root, p, ctx) {
  const t = p.table;
  const pies = h("div", { class: "nbp-row", "data-testid": "pies" });
  for (const pie of p.pies || []) {
    // the pie's own share is of the slices; the card also gives the result's share (of the device's time)
    const details = (sl) => (sl.pct === undefined ? [] : [[pie.pct_label, formatPct(sl.pct)]]);
    pies.append(pieChart({ title: pie.title, slices: pie.slices, format: (v) => formatUs(v), tooltip: ctx.tooltip,
      testid: `pie-${pie.id}`, maxSlices: pie.slices.length, wide: pie.id === "op", details }));
  }
  root.append(section("Self time", pies));
  const table = t.rows.length
    ? dataTable({ columns: t.columns, rows: t.rows, sortBy: "rank", sortDesc: false, filterColumn: "hlo_op_name",
      csvName: p.csv_name || "hlo_stats.csv", testid: "hlo-ops" }).el
    : unavailable("no ops");
  root.append(section("HLO ops", table));
}

export default standaloneView(renderHloStats);
