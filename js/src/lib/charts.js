// Small SVG charts: pie, stacked bars, stacked areas with a second-axis line. No dependencies.
import { h, s } from "./dom.js";
import { namePlan, nameSpan, shownText } from "./names.js";
import { categorical } from "./colors.js";
import { formatNumber, formatPct } from "./format.js";

/** Round tick values covering [0, max]. */
export function niceTicks(max, count = 5) {
  if (!(max > 0)) return [0];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((st) => st >= raw);
  const ticks = [];
  for (let k = 0; k * step <= max + step * 1e-9; k++) ticks.push(roundTo(k * step, step));
  if (ticks[ticks.length - 1] < max) ticks.push(roundTo(ticks.length * step, step));
  return ticks;
}

/** Round byte ticks covering [0, max]: whole multiples of a power of 1024 (so labels read 1 GiB, 1.5 GiB, …). */
export function byteTicks(max, count = 5) {
  if (!(max > 0)) return [0];
  let unit = 1;
  while (max / unit >= 1024) unit *= 1024;
  return niceTicks(max / unit, count).map((t) => t * unit);
}

/** Round ticks inside [lo, hi] (an axis that does not start at 0). */
export function rangeTicks(lo, hi, count = 6) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((st) => st >= raw);
  const out = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) out.push(roundTo(k * step, step));
  return out;
}

function roundTo(value, step) {
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(value.toFixed(Math.min(12, digits)));
}

/**
 * A chart that redraws at its box's width: `draw(width)` returns the chart element. The box is observed
 * (ResizeObserver); redraws happen on the next animation frame, once per width. `box.setDraw(fn)` swaps
 * the drawing function (new data) and redraws at the current width.
 */
export function responsive(draw, { fallbackWidth = 640, minWidth = 260, testid } = {}) {
  const box = h("div", { class: "nbp-chart", "data-testid": testid ? `${testid}-box` : null });
  let drawn = -1;
  let pending = 0;
  const redraw = (width) => {
    const w = Math.max(minWidth, Math.floor(width));
    if (w === drawn) return;
    drawn = w;
    box.replaceChildren(draw(w));
    box.dataset.width = String(w);
  };
  box.setDraw = (next) => {
    draw = next;
    const w = drawn > 0 ? drawn : fallbackWidth;
    drawn = -1;
    redraw(box.clientWidth > 0 ? box.clientWidth : w);
  };
  redraw(fallbackWidth);
  if (typeof ResizeObserver !== "undefined") {
    const observer = new ResizeObserver((entries) => {
      const width = entries[entries.length - 1].contentRect.width;
      if (!(width > 0)) return;
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => { if (box.isConnected) redraw(width); });
    });
    observer.observe(box);
  }
  return box;
}

function legend(items, testid, budget = 40) {
  const plan = namePlan(items.map((it) => it.label), budget);
  return h("div", { class: "nbp-legend", "data-testid": testid },
    items.map((it) => h("span", { class: "nbp-legend-item", title: it.label, "data-label": it.label },
      h("span", { class: "nbp-swatch", style: { background: it.color } }), nameSpan(it.label, plan.get(it.label)))));
}

function arcPath(cx, cy, r, a0, a1) {
  if (a1 - a0 >= Math.PI * 2 - 1e-9) {
    return `M ${cx - r} ${cy} A ${r} ${r} 0 1 1 ${cx + r} ${cy} A ${r} ${r} 0 1 1 ${cx - r} ${cy} Z`;
  }
  const x0 = cx + r * Math.sin(a0), y0 = cy - r * Math.cos(a0);
  const x1 = cx + r * Math.sin(a1), y1 = cy - r * Math.cos(a1);
  return `M ${cx} ${cy} L ${x0} ${y0} A ${r} ${r} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${x1} ${y1} Z`;
}

/**
 * pieChart({title, slices: [{label, value}], format, tooltip, testid, maxSlices, details})
 * Slices beyond maxSlices are merged into "Other". `details(slice)` -> extra [label, text] rows for a
 * slice's hover card (e.g. the result's own share, where the pie's share is of the pie only).
 */
export function pieChart({ title, slices, format = formatNumber, tooltip, testid = "pie", maxSlices = 10, wide = false,
  details = null }) {
  const positive = slices.filter((sl) => sl.value > 0).sort((a, b) => b.value - a.value);
  let shown = positive.slice(0, maxSlices);
  const rest = positive.slice(maxSlices).reduce((acc, sl) => acc + sl.value, 0);
  if (rest > 0) shown = [...shown, { label: "Other", value: rest }];
  const total = shown.reduce((acc, sl) => acc + sl.value, 0);
  const size = 180, r = 84, c = size / 2;
  const svg = s("svg", { width: size, height: size, viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": title });
  let angle = 0;
  const items = shown.map((sl, i) => {
    const a1 = angle + (sl.value / total) * Math.PI * 2;
    const color = categorical(i);
    const mid = (angle + a1) / 2;  // a point well inside the slice (for tests and keyboard tooltips)
    const path = s("path", { d: arcPath(c, c, r, angle, a1), fill: color, stroke: "var(--nbp-bg)", "stroke-width": 1,
      "data-label": sl.label, "data-value": sl.value, tabindex: "0",
      "data-anchor-x": (c + 0.6 * r * Math.sin(mid)).toFixed(1), "data-anchor-y": (c - 0.6 * r * Math.cos(mid)).toFixed(1) });
    const tip = (e) => tooltip && tooltip.show(e || { clientX: 0, clientY: 0 }, sl.label,
      [["Value", format(sl.value)], ["Share", formatPct((100 * sl.value) / total)], ...(details ? details(sl) : [])]);
    path.addEventListener("mousemove", tip);
    path.addEventListener("mouseleave", () => tooltip && tooltip.hide());
    svg.append(path);
    angle = a1;
    return { label: sl.label, color };
  });
  if (!shown.length) svg.append(s("text", { x: c, y: c, "text-anchor": "middle" }, "no data"));
  const key = legend(items, `${testid}-legend`, wide ? 90 : 28);
  if (wide) {  // one pie on its own: legend beside it, long names (kernels) get the room
    key.classList.add("nbp-legend-wide");
    return h("div", { class: "nbp-pie nbp-pie-wide", "data-testid": testid },
      h("div", { style: { fontWeight: 600 } }, title), h("div", { class: "nbp-row" }, svg, key));
  }
  return h("div", { class: "nbp-pie", "data-testid": testid },
    h("div", { style: { fontWeight: 600 } }, title), svg, key);
}

/**
 * stackedBarChart({labels, series: [{name, values}], yLabel, format, tooltip, testid, width, height})
 * One stacked bar per label; hovering a bar shows every series' value for it.
 */
export function stackedBarChart({ labels, series, yLabel = "", format = formatNumber, tooltip, testid = "bars",
  width = 860, height = 240, xLabel = "" }) {
  const totals = labels.map((_, i) => series.reduce((acc, se) => acc + (se.values[i] || 0), 0));
  const ticks = niceTicks(totals.reduce((a, b) => Math.max(a, b), 0));
  const ymax = ticks[ticks.length - 1] || 1;
  const tickChars = Math.max(...ticks.map((t) => formatNumber(t).length));
  const m = { l: Math.max(44, Math.round(tickChars * 6.5 + 22)), r: 10, t: 10, b: 34 };
  const iw = width - m.l - m.r, ih = height - m.t - m.b;
  const band = iw / Math.max(1, labels.length);
  const bw = Math.max(1, Math.min(40, band * 0.75));
  const y = (v) => m.t + ih - (v / ymax) * ih;
  const svg = s("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": yLabel, "data-testid": testid });
  const axis = s("g", { class: "nbp-axis" });
  for (const t of ticks) {
    axis.append(s("line", { class: "nbp-grid", x1: m.l, x2: width - m.r, y1: y(t), y2: y(t) }));
    axis.append(s("text", { x: m.l - 4, y: y(t) + 4, "text-anchor": "end" }, formatNumber(t)));
  }
  axis.append(s("text", { x: 12, y: m.t + ih / 2, transform: `rotate(-90 12 ${m.t + ih / 2})`, "text-anchor": "middle" }, yLabel));
  if (xLabel) axis.append(s("text", { x: m.l + iw / 2, y: height - 2, "text-anchor": "middle" }, xLabel));
  svg.append(axis);
  const labelChars = Math.max(3, ...labels.map((l) => Math.min(String(l).length, 24)));
  const slot = labelChars * 6.5 + 10;  // px a label needs
  const every = Math.ceil(labels.length / Math.max(1, Math.floor(iw / slot)));
  const plans = new Map();
  const plan = (budget) => plans.get(budget) || plans.set(budget, namePlan(labels.map(String), budget)).get(budget);
  labels.forEach((label, i) => {
    const x = m.l + band * i + (band - bw) / 2;
    const g = s("g", { class: "nbp-bar", "data-testid": `${testid}-bar`, "data-index": i, "data-label": label, "data-total": totals[i] });
    let acc = 0;
    series.forEach((se, k) => {
      const v = se.values[i] || 0;
      if (v > 0) g.append(s("rect", { x, width: bw, y: y(acc + v), height: Math.max(0, y(acc) - y(acc + v)), fill: se.color || categorical(k) }));
      acc += v;
    });
    // transparent hit area covering the whole band, so small bars are easy to hover
    const hit = s("rect", { x: m.l + band * i, width: band, y: m.t, height: ih, fill: "transparent", class: "nbp-hit" });
    g.append(hit);
    const rows = () => [...series.map((se) => [se.name, format(se.values[i] || 0)]), ["Total", format(totals[i])]];
    g.addEventListener("mousemove", (e) => tooltip && tooltip.show(e, String(label), rows()));
    g.addEventListener("mouseleave", () => tooltip && tooltip.hide());
    svg.append(g);
    if (i % every === 0) {
      const text = shownText(plan(Math.max(3, Math.floor((band * every - 8) / 6.5))).get(String(label)));
      svg.append(s("text", { x: m.l + band * i + band / 2, y: m.t + ih + 14, "text-anchor": "middle", "data-label": label }, text));
    }
  });
  const items = series.map((se, k) => ({ label: se.name, color: se.color || categorical(k) }));
  return h("div", {}, svg, legend(items, `${testid}-legend`));
}

/**
 * areaChart({x, series: [{name, values, color}], line: {name, values, max}, format, xLabel, yLabel, hover, testid})
 * Stacked areas over x (sorted ascending) and an optional line on a second (right) axis.
 * hover(i, event) is called with the nearest sample index. decorate({svg, layer, sx, sy, left, top, width, height})
 * may draw marks (a peak, an overlay) into `layer`, drawn above the areas and under the hover area.
 */
export function areaChart({ x, series, line, format = formatNumber, xLabel = "", yLabel = "", hover, leave,
  testid = "area", width = 860, height = 260, yTicks = niceTicks, decorate }) {
  const m = { l: 70, r: line ? 48 : 10, t: 10, b: 34 };
  const iw = width - m.l - m.r, ih = height - m.t - m.b;
  const n = x.length;
  const x0 = n ? x[0] : 0, x1 = n ? x[n - 1] : 1;
  const sx = (v) => m.l + ((v - x0) / (x1 - x0 || 1)) * iw;
  const stacked = [];
  let acc = new Float64Array(n);
  for (const se of series) {
    const top = Float64Array.from(acc, (a, i) => a + (se.values[i] || 0));
    stacked.push({ ...se, bottom: acc, top });
    acc = top;
  }
  const ticks = yTicks(acc.reduce((a, b) => Math.max(a, b), 0));
  const ymax = ticks[ticks.length - 1] || 1;
  const sy = (v) => m.t + ih - (v / ymax) * ih;
  const svg = s("svg", { width, height, viewBox: `0 0 ${width} ${height}`, "data-testid": testid, role: "img", "aria-label": yLabel });
  const axis = s("g", { class: "nbp-axis" });
  for (const t of ticks) {
    axis.append(s("line", { class: "nbp-grid", x1: m.l, x2: m.l + iw, y1: sy(t), y2: sy(t) }));
    axis.append(s("text", { x: m.l - 4, y: sy(t) + 4, "text-anchor": "end" }, format(t)));
  }
  for (const t of rangeTicks(x0, x1, Math.max(2, Math.floor(iw / 90)))) {
    axis.append(s("line", { x1: sx(t), x2: sx(t), y1: m.t + ih, y2: m.t + ih + 3 }));
    axis.append(s("text", { x: sx(t), y: m.t + ih + 14, "text-anchor": "middle", "data-tick": t }, formatNumber(t)));
  }
  axis.append(s("text", { x: m.l + iw / 2, y: height - 2, "text-anchor": "middle" }, xLabel));
  svg.append(axis);
  stacked.forEach((se, k) => {
    if (!n) return;
    let d = `M ${sx(x[0])} ${sy(se.top[0])}`;
    for (let i = 1; i < n; i++) d += ` L ${sx(x[i])} ${sy(se.top[i])}`;
    for (let i = n - 1; i >= 0; i--) d += ` L ${sx(x[i])} ${sy(se.bottom[i])}`;
    svg.append(s("path", { d: d + " Z", fill: se.color || categorical(k), "fill-opacity": 0.75, stroke: "none", "data-series": se.name }));
  });
  if (line && n) {
    const lmax = line.max || Math.max(1e-12, ...line.values.filter((v) => v !== null));
    const ly = (v) => m.t + ih - (v / lmax) * ih;
    let d = "";
    line.values.forEach((v, i) => { if (v !== null && v !== undefined) d += `${d ? " L" : "M"} ${sx(x[i])} ${ly(v)}`; });
    svg.append(s("path", { d, fill: "none", stroke: line.color || "#d32f2f", "stroke-width": 1.5, "data-series": line.name }));
    for (const t of [0, 0.25, 0.5, 0.75, 1]) {
      svg.append(s("text", { x: m.l + iw + 4, y: ly(t * lmax) + 4 }, line.format ? line.format(t * lmax) : formatNumber(t * lmax)));
    }
  }
  if (decorate) {
    const layer = s("g", { class: "nbp-marks" });
    svg.append(layer);
    decorate({ svg, layer, sx, sy, left: m.l, top: m.t, width: iw, height: ih });
  }
  const cursor = s("line", { y1: m.t, y2: m.t + ih, stroke: "var(--nbp-fg)", "stroke-dasharray": "3 3", visibility: "hidden" });
  svg.append(cursor);
  const hit = s("rect", { x: m.l, y: m.t, width: iw, height: ih, fill: "transparent", "data-testid": `${testid}-hit` });
  hit.addEventListener("mousemove", (e) => {
    if (!n) return;
    const box = svg.getBoundingClientRect();
    const px = ((e.clientX - box.left) / box.width) * width;
    const xv = x0 + ((px - m.l) / iw) * (x1 - x0);
    let lo = 0, hi = n - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (x[mid] < xv) lo = mid + 1; else hi = mid; }
    if (lo > 0 && Math.abs(x[lo - 1] - xv) < Math.abs(x[lo] - xv)) lo -= 1;
    cursor.setAttribute("x1", sx(x[lo])); cursor.setAttribute("x2", sx(x[lo]));
    cursor.setAttribute("visibility", "visible");
    svg.dataset.hoverIndex = String(lo);
    if (hover) hover(lo, e);
  });
  hit.addEventListener("mouseleave", () => { cursor.setAttribute("visibility", "hidden"); if (leave) leave(); });
  svg.append(hit);
  const items = stacked.map((se, k) => ({ label: se.name, color: se.color || categorical(k) }));
  if (line) items.push({ label: `${line.name} (right axis)`, color: line.color || "#d32f2f" });
  return h("div", {}, h("div", { class: "nbp-note" }, yLabel), svg, legend(items, `${testid}-legend`));
}
