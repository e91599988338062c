// Input-pipeline analyzer: summary, device-side step chart + stats, host-side breakdown, input-op table.
import { h, section, unavailable } from "../lib/dom.js";
import { formatCell, formatMs, formatUs } from "../lib/format.js";
import { pieChart, responsive, stackedBarChart } from "../lib/charts.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

const VERDICTS = {
  high: "Your program is HIGHLY input-bound",
  moderate: "Your program is MODERATELY input-bound",
  potential: "Your program is POTENTIALLY input-bound",
  none: "Your program is NOT input-bound",
  unknown: "Input-boundness could not be determined",
};

export function renderInputPipeline(root, p, ctx) {
  const sum = p.summary || {};
  root.append(section("Summary", h("div", { class: "nbp-recommendation", "data-testid": "input-summary" },
    h("div", { style: { fontWeight: 600 } }, VERDICTS[sum.verdict] || VERDICTS.unknown),
    sum.input_percent !== undefined && sum.input_percent !== null
      ? h("div", { "data-testid": "input-percent" }, `${formatCell(sum.input_percent, "pct")} of the device step time is spent waiting for input.`) : null,
    sum.text ? h("div", {}, sum.text) : null)));

  const d = p.device;
  root.append(section("Device-side analysis", d && d.labels && d.labels.length
    ? h("div", {}, responsive((width) => stackedBarChart({ labels: d.labels, series: d.series, yLabel: "time (ms)", xLabel: "step",
        format: (v) => formatMs(v), tooltip: ctx.tooltip, testid: "device-steps", width }), { testid: "device-steps" }),
      h("table", { class: "nbp-kv", "data-testid": "device-stats" }, h("tbody", {},
        (d.stats || []).map(([label, value, type]) => h("tr", {}, h("td", {}, label), h("td", {}, formatCell(value, type, true)))))))
    : unavailable(d?.reason || "no device steps")));

  const hb = p.host_breakdown || [];
  root.append(section("Host-side analysis", hb.length && hb.some((x) => x.value > 0)
    ? h("div", { class: "nbp-row" },
      pieChart({ title: "Input time breakdown", slices: hb, format: (v) => formatUs(v), tooltip: ctx.tooltip, testid: "pie-host" }),
      h("table", { class: "nbp-kv", "data-testid": "host-breakdown" }, h("tbody", {},
        hb.map((x) => h("tr", {}, h("td", {}, x.label), h("td", {}, formatUs(x.value)))))))
    : unavailable("no host-side input events")));

  const t = p.input_ops;
  const ops = h("details", { "data-testid": "input-ops-details", open: t && t.rows.length <= 20 },
    h("summary", {}, `Input op statistics (${t ? t.rows.length : 0} ops) — click to show/hide`),
    t && t.rows.length ? dataTable({ columns: t.columns, rows: t.rows, sortBy: "self_ms", sortDesc: true, filterColumn: "name",
      csvName: "input_ops.csv", testid: "input-ops" }).el : unavailable("no input ops"));
  root.append(section("Input op statistics", ops));
}

export default standaloneView(renderInputPipeline);
