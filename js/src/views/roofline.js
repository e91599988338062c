// Roofline: a log-log chart of the ops' FLOP rate against their HBM operational intensity under the device's
// roofs (peak FLOP rate, HBM bandwidth) with the ridge point marked; ops are points sized by time, coloured
// by category, with a hover card; the per-op table below. What cannot be drawn is said in one sentence.
import { h, s, section, unavailable } from "../lib/dom.js";
import { formatGflops, formatNumber, formatPct, formatPs } from "../lib/format.js";
import { responsive } from "../lib/charts.js";
import { categorical } from "../lib/colors.js";
import { namePlan, nameSpan } from "../lib/names.js";
import { dataTable } from "../lib/table.js";
import { standaloneView } from "../lib/view.js";

let clipCount = 0;

/** 1e-3 -> "0.001", 1e4 -> "10k", 1e7 -> "10M": a decade's tick label. */
export function decadeLabel(v) {
  const k = Math.round(Math.log10(v));
  if (k >= 12) return `${10 ** (k - 12)}T`;
  if (k >= 9) return `${10 ** (k - 9)}G`;
  if (k >= 6) return `${10 ** (k - 6)}M`;
  if (k >= 3) return `${10 ** (k - 3)}k`;
  if (k >= -4) return String(Number(v.toPrecision(1)));
  return `1e${k}`;
}

function intensityText(v) {
  return v === null || v === undefined ? "–" : `${formatNumber(v, v < 1 ? 4 : 2)} FLOP/byte`;
}

/** Decades [lo, hi] (log10, whole numbers) covering the values, padded by half a decade. */
function decades(values) {
  const logs = values.filter((v) => v > 0 && Number.isFinite(v)).map(Math.log10);
  if (!logs.length) return [0, 1];
  const lo = Math.floor(Math.min(...logs) - 0.3), hi = Math.ceil(Math.max(...logs) + 0.3);
  return [lo, Math.max(hi, lo + 1)];
}

/** The i-th point of the payload's column lists as an object. */
function pointAt(pts, i) {
  return Object.fromEntries(Object.keys(pts).map((k) => [k, pts[k][i]]));
}

function cardRows(x) {
  return [
    ["Category", x.category], ["Program", x.program], ["FLOP rate", formatGflops(x.flop_rate)],
    ["HBM intensity", intensityText(x.intensity)], ["HBM bandwidth", `${formatNumber(x.hbm_bw, 2)} GiB/s`],
    ["Bound by", x.bound_by], ["Roofline efficiency", x.efficiency === null ? null : formatPct(100 * x.efficiency, 1)],
    ["Time", `${formatPs(x.time_ps)}${x.time_pct === null ? "" : ` (${formatPct(x.time_pct)} of the device time)`}`],
    ["Occurrences", formatNumber(x.occurrences)],
  ];
}

/**
 * The chart: roofs (when the device has peaks), the ridge point, the ops (ids of `pts` in `shown`) and the
 * Program total. Axis ranges cover the roofs and every point.
 */
function rooflineChart(width, p, pts, shown, colorOf, ctx) {
  const dev = p.device || {};
  const peak = dev.peak_flop_rate_gflops, bw = dev.peak_hbm_bw_gbps, ridge = dev.ridge_point;
  const roofs = !!(peak && bw && ridge);
  const prog = p.program && p.program.name && p.program.name.length ? pointAt(p.program, 0) : null;
  const xs = [...shown.map((i) => pts.intensity[i]), ...(prog ? [prog.intensity] : [])];
  const ys = [...shown.map((i) => pts.flop_rate[i]), ...(prog ? [prog.flop_rate] : [])];
  if (roofs) { xs.push(ridge / 100, ridge * 10); ys.push(peak * 1.5, peak / 1e4); }
  const [x0, x1] = decades(xs), [y0, y1] = decades(ys);
  const height = Math.max(260, Math.min(420, Math.round(width * 0.5)));
  const m = { l: 58, r: 14, t: 12, b: 40 };
  const iw = width - m.l - m.r, ih = height - m.t - m.b;
  const sx = (v) => m.l + ((Math.log10(v) - x0) / (x1 - x0)) * iw;
  const sy = (v) => m.t + ih - ((Math.log10(v) - y0) / (y1 - y0)) * ih;
  const svg = s("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "data-testid": "roofline-chart",
    "aria-label": "FLOP rate against operational intensity, log-log", "data-x-decades": `${x0},${x1}`, "data-y-decades": `${y0},${y1}` });
  const axis = s("g", { class: "nbp-axis" });
  const every = (lo, hi, room) => Math.max(1, Math.ceil((hi - lo) / Math.max(1, Math.floor(room))));
  const xStep = every(x0, x1, iw / 46), yStep = every(y0, y1, ih / 22);
  for (let k = x0; k <= x1; k++) {
    axis.append(s("line", { class: "nbp-grid", x1: sx(10 ** k), x2: sx(10 ** k), y1: m.t, y2: m.t + ih }));
    if ((k - x0) % xStep === 0) axis.append(s("text", { x: sx(10 ** k), y: m.t + ih + 14, "text-anchor": "middle" }, decadeLabel(10 ** k)));
  }
  for (let k = y0; k <= y1; k++) {
    axis.append(s("line", { class: "nbp-grid", x1: m.l, x2: m.l + iw, y1: sy(10 ** k), y2: sy(10 ** k) }));
    if ((k - y0) % yStep === 0) axis.append(s("text", { x: m.l - 4, y: sy(10 ** k) + 4, "text-anchor": "end" }, decadeLabel(10 ** k)));
  }
  axis.append(s("text", { x: m.l + iw / 2, y: height - 4, "text-anchor": "middle" }, "HBM operational intensity (FLOP/byte)"));
  axis.append(s("text", { x: 12, y: m.t + ih / 2, transform: `rotate(-90 12 ${m.t + ih / 2})`, "text-anchor": "middle" }, "FLOP rate (GFLOP/s)"));
  svg.append(axis);
  const clipId = `nbp-roof-clip-${++clipCount}`;
  svg.append(s("clipPath", { id: clipId }, s("rect", { x: m.l, y: m.t, width: iw, height: ih })));
  const plot = s("g", { "clip-path": `url(#${clipId})` });
  svg.append(plot);
  if (roofs) {
    const left = 10 ** x0, right = 10 ** x1;
    plot.append(s("path", { d: `M ${sx(left)} ${sy(left * bw)} L ${sx(ridge)} ${sy(peak)}`, stroke: "#e15759", "stroke-width": 2,
      fill: "none", "data-testid": "roof-hbm", "data-bandwidth-gibps": dev.peak_hbm_bw_gibps }));
    plot.append(s("path", { d: `M ${sx(ridge)} ${sy(peak)} L ${sx(right)} ${sy(peak)}`, stroke: "var(--nbp-fg)", "stroke-width": 2,
      fill: "none", "data-testid": "roof-compute", "data-peak-gflops": peak }));
    plot.append(s("line", { x1: sx(ridge), x2: sx(ridge), y1: sy(peak), y2: m.t + ih, stroke: "var(--nbp-muted)", "stroke-dasharray": "4 3" }));
    const ridgeMark = s("circle", { cx: sx(ridge), cy: sy(peak), r: 4.5, fill: "var(--nbp-bg)", stroke: "var(--nbp-fg)", "stroke-width": 2,
      "data-testid": "ridge", "data-ridge": ridge, tabindex: "0" });
    const ridgeTip = (e) => ctx.tooltip.show(e || { clientX: 0, clientY: 0 }, "Ridge point", [["Operational intensity", intensityText(ridge)],
      ["Peak FLOP rate", formatGflops(peak)], ["Peak HBM bandwidth", `${formatNumber(dev.peak_hbm_bw_gibps, 1)} GiB/s`]]);
    ridgeMark.addEventListener("mousemove", ridgeTip);
    ridgeMark.addEventListener("mouseleave", () => ctx.tooltip.hide());
    svg.append(ridgeMark);
    const label = (x, y, text, anchor, testid) => svg.append(s("text", { x, y, "text-anchor": anchor, "data-testid": testid }, text));
    label(m.l + iw - 4, sy(peak) - 6, `peak ${formatGflops(peak)}`, "end", "roof-compute-label");
    const ridgeLabel = `ridge ${formatNumber(ridge, 1)} FLOP/byte`;
    const fits = sx(ridge) + 8 + ridgeLabel.length * 6.2 < m.l + iw;
    label(fits ? sx(ridge) + 8 : sx(ridge) - 8, Math.min(m.t + ih - 6, sy(peak) + 16), ridgeLabel, fits ? "start" : "end", "ridge-label");
    // the HBM roof's label where it enters the plot from the left or the bottom
    const enterX = Math.max(left, 10 ** y0 / bw);
    label(sx(enterX) + 6, Math.max(m.t + 12, sy(enterX * bw) - 6), `HBM ${formatNumber(dev.peak_hbm_bw_gibps, 0)} GiB/s`, "start", "roof-hbm-label");
  }
  const maxTime = Math.max(1, ...shown.map((i) => pts.time_ps[i] || 0));
  const radius = (t) => 3 + 10 * Math.sqrt(Math.max(0, t || 0) / maxTime);
  const order = shown.slice().sort((a, b) => (pts.time_ps[b] || 0) - (pts.time_ps[a] || 0));  // small points on top
  const drawn = order.map((i) => ({ i, cx: sx(pts.intensity[i]), cy: sy(pts.flop_rate[i]), r: radius(pts.time_ps[i]) }));
  // ops drawn on the same spot (same intensity and rate) are listed in the card of the one on top
  const alsoHere = (e, self) => {
    const b = svg.getBoundingClientRect();
    const px = ((e.clientX - b.left) / b.width) * width, py = ((e.clientY - b.top) / b.height) * height;
    const under = drawn.filter((d) => d.i !== self && (d.cx - px) ** 2 + (d.cy - py) ** 2 <= d.r ** 2).map((d) => pts.name[d.i]);
    return under.length ? [["Also here", under.length > 4 ? `${under.slice(0, 4).join(", ")} and ${under.length - 4} more` : under.join(", ")]] : [];
  };
  for (const { i, cx, cy, r } of drawn) {
    const x = pointAt(pts, i);
    const dot = s("circle", { cx, cy, r, fill: colorOf(x.category),
      "fill-opacity": 0.75, stroke: "var(--nbp-fg)", "stroke-width": 0.6, "data-testid": "roofline-point", "data-row": x.row,
      "data-name": x.name, tabindex: "0" });
    dot.addEventListener("mousemove", (e) => ctx.tooltip.show(e, x.name, [...cardRows(x), ...alsoHere(e, i)]));
    dot.addEventListener("focus", () => { const b = dot.getBoundingClientRect(); ctx.tooltip.show({ clientX: b.right, clientY: b.bottom }, x.name, cardRows(x)); });
    dot.addEventListener("mouseleave", () => ctx.tooltip.hide());
    dot.addEventListener("blur", () => ctx.tooltip.hide());
    plot.append(dot);
  }
  if (prog) {
    const cx = sx(prog.intensity), cy = sy(prog.flop_rate), r = 7;
    const diamond = s("path", { d: `M ${cx} ${cy - r} L ${cx + r} ${cy} L ${cx} ${cy + r} L ${cx - r} ${cy} Z`, fill: "var(--nbp-fg)",
      "fill-opacity": 0.85, stroke: "var(--nbp-bg)", "data-testid": "roofline-program", "data-row": prog.row, tabindex: "0" });
    diamond.addEventListener("mousemove", (e) => ctx.tooltip.show(e, "Program (all ops, the whole profile)", cardRows(prog)));
    diamond.addEventListener("mouseleave", () => ctx.tooltip.hide());
    plot.append(diamond);
  }
  return svg;
}

export function renderRoofline(root, p, ctx) {
  const dev = p.device || {};
  const peakText = dev.peak_flop_rate_gflops ? formatGflops(dev.peak_flop_rate_gflops) : "not in the profile";
  root.append(h("table", { class: "nbp-kv", "data-testid": "roofline-device" }, h("tbody", {},
    [["Device", dev.device_type || dev.hardware_type || "–"], ["Peak FLOP rate", peakText],
      ["Peak HBM bandwidth", dev.peak_hbm_bw_gibps ? `${formatNumber(dev.peak_hbm_bw_gibps, 1)} GiB/s` : "not in the profile"],
      ["Ridge point", dev.ridge_point ? intensityText(dev.ridge_point) : "–"]]
      .map(([k, v]) => h("tr", {}, h("td", {}, k), h("td", {}, v))))));
  const pts = p.points || { name: [] };
  const all = pts.name.map((_, i) => i);
  const roofs = !!dev.peak_flop_rate_gflops;
  const note = p.chart_note ? h("div", { class: "nbp-note", "data-testid": "roofline-note" }, p.chart_note) : null;
  if (!all.length && !roofs) {
    root.append(section("Roofline", note || unavailable("nothing to place on a roofline")));
  } else {
    // categories by time (most first): their colours and the legend
    const byCategory = new Map();
    all.forEach((i) => byCategory.set(pts.category[i], (byCategory.get(pts.category[i]) || 0) + (pts.time_ps[i] || 0)));
    const categories = [...byCategory].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    const colorOf = (c) => categorical(categories.indexOf(c));
    let shown = all;
    const chart = responsive((width) => rooflineChart(width, p, pts, shown, colorOf, ctx), { testid: "roofline" });
    const filter = categories.length > 1 ? h("label", {}, "Category", h("select", { "data-testid": "roofline-category",
      "aria-label": "Ops of category", onchange: (e) => {
        shown = e.target.value ? all.filter((i) => pts.category[i] === e.target.value) : all;
        chart.setDraw((width) => rooflineChart(width, p, pts, shown, colorOf, ctx));
      } }, h("option", { value: "" }, `All categories (${all.length} ops)`), categories.map((c) => h("option", { value: c }, c)))) : null;
    const plan = namePlan(categories, 28);
    const legend = h("div", { class: "nbp-legend", "data-testid": "roofline-legend" },
      categories.map((c) => h("span", { class: "nbp-legend-item", title: c }, h("span", { class: "nbp-swatch", style: { background: colorOf(c) } }),
        nameSpan(c, plan.get(c)))),
      all.length ? h("span", { class: "nbp-legend-item nbp-muted" }, "point area ∝ time") : null,
      p.program && p.program.name && p.program.name.length ? h("span", { class: "nbp-legend-item nbp-muted" }, "◆ Program (all ops)") : null);
    root.append(section("Roofline (log-log)", filter ? h("div", { class: "nbp-toolbar" }, filter) : null, chart, legend, note));
  }
  const t = p.table;
  root.append(section("Operations", t && t.rows && t.rows.length
    ? dataTable({ columns: t.columns, rows: t.rows, filterColumn: "name", csvName: "roofline.csv", testid: "roofline-table" }).el
    : unavailable("no ops")));
}

export default standaloneView(renderRoofline);
