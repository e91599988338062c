// GPU kernel statistics: pie of the top kernels by total time and the sortable, filterable table.
import { h, section, unavailable } from "../lib/dom.js";
import { formatUs } from "../lib/format.js";
import { pieChart } from "../lib/charts.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

export function renderKernelStats(root, p, ctx) {
  const t = p.table;
  const name = t.columns.findIndex((c) => c.id === "kernel_name");
  const total = t.columns.findIndex((c) => c.id === "total_duration_us");
  const byKernel = new Map();
  for (const r of t.rows) byKernel.set(r[name], (byKernel.get(r[name]) || 0) + (r[total] || 0));
  const slices = [...byKernel].map(([label, value]) => ({ label: String(label), value }));
  root.append(section("Top kernels by total time", pieChart({ title: "Total duration", slices, format: (v) => formatUs(v),
    tooltip: ctx.tooltip, testid: "pie-kernels", wide: true })));
  root.append(section("Kernels", t.rows.length
    ? dataTable({ columns: t.columns, rows: t.rows, sortBy: "total_duration_us", sortDesc: true, filterColumn: "kernel_name",
      csvName: "kernel_stats.csv", testid: "kernels" }).el
    : unavailable("no kernels")));
}

export default standaloneView(renderKernelStats);
