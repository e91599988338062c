// Memory viewer: one XLA module's buffer assignment, as XProf's memory viewer shows it — a module selector
// (the kernel computes the module asked for), the peak in words, memory over program points with the peak
// marked, the buffers live at the peak by program order and by size, the allocation timeline, and a buffer
// card on hover (with the buffer's lifetime drawn over the memory chart).
import { h, s, section, unavailable } from "../lib/dom.js";
import { formatBytes, formatCell, formatNumber } from "../lib/format.js";
import { areaChart, byteTicks, niceTicks, responsive } from "../lib/charts.js";
import { categorical } from "../lib/colors.js";
import { shortName } from "../lib/names.js";
import { dataTable } from "../lib/table.js";
import { detailsTable } from "../lib/tooltip.js";
import { standaloneView } from "../lib/view.js";

const REPLY_TIMEOUT_MS = 30000;
const PADDED = "#4e79a7", PADDING = "#f28e2b", LIFETIME = "#e15759";
let requestCount = 0;

/** The i-th buffer of the payload's column lists as an object. */
function bufferAt(b, i) {
  return Object.fromEntries(Object.keys(b).filter((k) => k !== "by_size").map((k) => [k, b[k][i]]));
}

function lifetimeText(x) {
  if (x.start === null || x.start === undefined) return null;
  return x.category === "indefinite" ? `the whole program (points ${x.start}–${x.end})` : `program points ${x.start}–${x.end}`;
}

/** Rows of the buffer card: what XProf's card shows (name, sizes, shape, framework op, allocation type) and more. */
function cardRows(x) {
  const padded = x.unpadded && x.unpadded !== x.size;
  return [
    ["Size", padded ? `${formatBytes(x.size)} (${formatBytes(x.unpadded)} without padding)` : formatBytes(x.size)],
    ["Padding", x.padding ? formatBytes(x.padding) : null], ["Shape", x.shape], ["Allocation type", x.allocation_type],
    ["Framework op", x.tf_op], ["HLO opcode", x.opcode], ["Lives", lifetimeText(x)],
    ["Offset in its allocation", x.offset !== undefined && x.id >= 0 ? formatBytes(x.offset) : null],
    ["Source", x.source], ["Logical buffer id", x.id >= 0 ? String(x.id) : null],
  ];
}

function moduleBar(p, ctx, status) {
  const select = h("select", { "data-testid": "mv-module", "aria-label": "HLO module" },
    (p.modules || []).map((m) => h("option", { value: m, selected: m === p.module, title: m }, shortName(m, 0, 70))));
  const ask = (module) => {
    if (!ctx.request) {
      status.replaceChildren(`This page has no kernel to compute another module: in a notebook, run prof.memory_viewer(module="${module}").`);
      select.value = p.module;
      return;
    }
    const id = `${Date.now()}-${++requestCount}`;
    ctx.request({ module, id });
    status.dataset.pending = module;
    status.replaceChildren(`Computing module ${module}…`);
    setTimeout(() => {  // a new payload redraws the panel (and removes this line): no reply if still here
      if (!status.isConnected || status.dataset.pending !== module) return;
      status.replaceChildren(`No answer from the kernel in ${REPLY_TIMEOUT_MS / 1000} s (is it running?) `,
        h("button", { type: "button", "data-testid": "mv-retry", onclick: () => ask(module) }, "Retry"));
    }, REPLY_TIMEOUT_MS);
  };
  select.addEventListener("change", (e) => ask(e.target.value));
  return h("div", { class: "nbp-toolbar" }, h("label", {}, `HLO module (${(p.modules || []).length})`, select), status);
}

export function renderMemoryViewer(root, p, ctx) {
  const status = h("span", { class: "nbp-note", "data-testid": "mv-status", "aria-live": "polite" });
  if (p.request_error) { status.classList.add("nbp-error"); status.dataset.testid = "mv-request-error"; status.textContent = p.request_error; }
  root.append(moduleBar(p, ctx, status));
  // the summary in two columns where there is room: the peak and its parts, then the rest
  const kv = (rows) => h("table", { class: "nbp-kv" }, h("tbody", {}, rows.map(([label, value, type, key]) => h("tr", { "data-key": key },
    h("td", {}, label), h("td", { "data-testid": `mv-summary-${key}` }, formatCell(value, type, true))))));
  const summary = p.summary || [];
  const half = Math.ceil(summary.length / 2);
  root.append(h("div", { class: "nbp-row", style: { columnGap: "32px" }, "data-testid": "mv-summary" },
    kv(summary.slice(0, half)), kv(summary.slice(half))));

  const b = p.buffers;
  const n = b.name.length;
  const heap = p.heap || {};
  let selected = -1;  // buffer shown in the card (index into b), drawn over the memory chart
  let heapMarks = null;  // {layer, sx, sy, left, top, height} of the memory chart as drawn last

  const card = h("div", { class: "nbp-details", "data-testid": "mv-buffer-card", "aria-live": "polite", style: { minHeight: "10em" } },
    h("span", { class: "nbp-muted" }, "Hover a buffer to see its size, shape, allocation type and op."));
  function showCard(x, index) {
    card.dataset.index = String(index);
    card.dataset.name = x.name;
    card.replaceChildren(h("div", { class: "nbp-tip-title", "data-testid": "mv-card-name" }, x.name), detailsTable(cardRows(x)));
  }
  function drawLifetime() {
    if (!heapMarks) return;
    heapMarks.layer.querySelector("[data-testid=mv-lifetime]")?.remove();
    if (selected < 0 || b.start[selected] === null || b.start[selected] === undefined) return;
    const { sx, sy, layer } = heapMarks;
    const x0 = sx(b.start[selected]), x1 = sx(b.end[selected]);
    const y0 = sy(0), y1 = sy(b.size[selected]);
    layer.append(s("rect", { x: Math.min(x0, x1), width: Math.max(2, Math.abs(x1 - x0)), y: y1, height: Math.max(2, y0 - y1),
      fill: LIFETIME, "fill-opacity": 0.35, stroke: LIFETIME, "data-testid": "mv-lifetime", "data-index": selected,
      "data-start": b.start[selected], "data-end": b.end[selected] }));
  }
  function selectBuffer(i, card = true) {
    selected = i;
    if (card) showCard(bufferAt(b, i), i);
    drawLifetime();
    root.querySelectorAll("[data-testid=mv-buffer]").forEach((r) => r.classList.toggle("nbp-hot", Number(r.dataset.index) === i));
  }

  // ---- memory over program points (after each point runs: a step per point), the peak marked
  if (heap.position && heap.position.length) {
    // steps: point k's value holds from its position to the next sampled one (the last: one point wide)
    const xs = [], padded = [], unpadded = [], owner = [];
    heap.position.forEach((x, k) => {
      const next = k + 1 < heap.position.length ? heap.position[k + 1] : x + 1;
      xs.push(x, next); padded.push(heap.heap[k], heap.heap[k]); unpadded.push(heap.unpadded[k], heap.unpadded[k]); owner.push(k, k);
    });
    const padding = padded.map((v, i) => v - unpadded[i]);
    const series = [{ name: "Without padding", values: unpadded, color: PADDED }];
    if (padding.some((v) => v > 0)) series.push({ name: "Padding", values: padding, color: PADDING });
    const peak = p.peak;
    const rows = (k) => [["HLO instruction", heap.instruction[k]], ["Allocated after it", formatBytes(heap.heap[k])],
      ["Without padding", formatBytes(heap.unpadded[k])]];
    const chart = (width) => areaChart({ x: xs, series, xLabel: "program point (the compiler's HLO sequence, not time)",
      yLabel: "memory allocated after each program point (arguments, outputs and temporaries)", format: (v) => formatBytes(v, 1),
      yTicks: byteTicks, testid: "mv-heap", width, leave: () => ctx.tooltip.hide(),
      hover: (i, e) => { const k = owner[i]; ctx.tooltip.show(e, `Program point ${heap.position[k]}`, rows(k)); },
      decorate: (g) => {
        heapMarks = g;
        const x = g.sx(peak.position), y = g.sy(peak.bytes);
        const mark = s("g", { "data-testid": "mv-peak", "data-position": peak.position, "data-bytes": peak.bytes },
          s("line", { x1: x, x2: x, y1: g.top, y2: g.top + g.height, stroke: "var(--nbp-fg)", "stroke-width": 1.5 }),
          s("circle", { cx: x, cy: y, r: 4, fill: "var(--nbp-fg)", "data-testid": "mv-peak-dot" }));
        const label = `peak ${formatBytes(peak.bytes)} at point ${peak.position}`;
        const right = x + 6 + label.length * 6.2 > g.left + g.width;  // keep the label inside the plot
        mark.append(s("text", { x: right ? x - 6 : x + 6, y: g.top + 12, "text-anchor": right ? "end" : "start",
          "data-testid": "mv-peak-label" }, label));
        g.layer.append(mark);
        drawLifetime();
      } });
    root.append(section("Memory allocation size vs program order", responsive(chart, { testid: "mv-heap" })));
    if (heap.sampled_from) root.append(h("div", { class: "nbp-note" }, `Showing ${heap.position.length} of ${heap.sampled_from} program points (peaks kept).`));
  } else {
    root.append(section("Memory allocation size vs program order",
      unavailable("no heap simulation in this module: every buffer lives for the whole program")));
  }

  // ---- buffers at the peak, by program order and by size
  const total = b.size.reduce((a, v) => a + v, 0);
  const colorOf = (i) => categorical(i);
  const strips = (width) => {
    const m = { l: 2, r: 2 }, rowH = 30, gap = 22;
    const iw = width - m.l - m.r;
    const svg = s("svg", { width, height: 2 * (rowH + gap), viewBox: `0 0 ${width} ${2 * (rowH + gap)}`, role: "img",
      "aria-label": "Buffers at the peak", "data-testid": "mv-strips" });
    [["program", "By program order (oldest first)", b.name.map((_, i) => i)], ["size", "By size (largest first)", b.by_size]]
      .forEach(([order, title, indices], row) => {
        const top = row * (rowH + gap) + gap - 6;
        svg.append(s("text", { x: m.l, y: top - 5 }, title));
        let acc = 0;
        for (const i of indices) {
          const x = m.l + (acc / (total || 1)) * iw, w = (b.size[i] / (total || 1)) * iw;
          acc += b.size[i];
          const g = s("g", { "data-testid": "mv-buffer", "data-order": order, "data-index": i, "data-name": b.name[i], class: "nbp-bar" },
            s("rect", { x, y: top, width: Math.max(w, 0.5), height: rowH, fill: colorOf(i), stroke: "var(--nbp-bg)", "stroke-width": 0.5 }));
          if (w > 48) {
            g.append(s("text", { x: x + 4, y: top + rowH / 2 + 4, style: "fill:#111;pointer-events:none" },
              shortName(b.name[i], 0, Math.max(4, Math.floor((w - 8) / 6.5)))));
          }
          g.addEventListener("mouseenter", () => selectBuffer(i));
          svg.append(g);
        }
      });
    return svg;
  };
  const strip = n ? responsive(strips, { testid: "mv-strips" }) : unavailable("no buffers at the peak");
  root.append(section(`Buffers at the peak (${formatBytes(p.peak.bytes)})`, strip, card));

  // ---- allocation timeline: each allocation and its buffers over program points, stacked by offset
  const bl = p.blocks || {};
  if (bl.id && bl.id.length) {
    const endMax = Math.max(1, ...bl.end);  // blocks live from their start point to their end point, as the memory chart's steps
    const top = Math.max(...bl.offset.map((o, i) => o + bl.size[i]));
    const timeline = (width) => {
      const height = 240, m = { l: 70, r: 10, t: 8, b: 30 };
      const iw = width - m.l - m.r, ih = height - m.t - m.b;
      const ticks = byteTicks(top);
      const ymax = ticks[ticks.length - 1] || 1;
      const sx = (v) => m.l + (v / endMax) * iw, sy = (v) => m.t + ih - (v / ymax) * ih;
      const svg = s("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Allocation timeline",
        "data-testid": "mv-blocks" });
      const axis = s("g", { class: "nbp-axis" });
      for (const t of ticks) axis.append(s("text", { x: m.l - 4, y: sy(t) + 4, "text-anchor": "end" }, formatBytes(t, 1)));
      for (const t of niceTicks(endMax, Math.max(2, Math.floor(iw / 80)))) {
        axis.append(s("text", { x: sx(t), y: height - 14, "text-anchor": "middle" }, formatNumber(t)));
      }
      axis.append(s("text", { x: m.l + iw / 2, y: height - 2, "text-anchor": "middle" }, "program point"));
      svg.append(axis);
      bl.id.forEach((id, i) => {
        const x = sx(bl.start[i]), w = Math.max(1, sx(bl.end[i]) - x);
        const y = sy(bl.offset[i] + bl.size[i]), hgt = Math.max(1, sy(bl.offset[i]) - y);
        const rect = s("rect", id < 0
          ? { x, y, width: w, height: hgt, fill: "var(--nbp-bg2)", stroke: "var(--nbp-border)" }
          : { x, y, width: w, height: hgt, fill: categorical(id), "fill-opacity": 0.85, stroke: "var(--nbp-bg)", "stroke-width": 0.5,
            "data-testid": "mv-block", "data-id": id });
        if (id >= 0) {
          const x2 = { name: bl.name[i], size: bl.size[i], unpadded: bl.unpadded[i], shape: bl.shape[i], tf_op: bl.tf_op[i],
            allocation_type: bl.allocation_type[i], start: bl.start[i], end: bl.end[i], offset: bl.offset[i], id };
          rect.addEventListener("mousemove", (e) => ctx.tooltip.show(e, x2.name, cardRows(x2)));
          rect.addEventListener("mouseleave", () => ctx.tooltip.hide());
        }
        svg.append(rect);
      });
      return svg;
    };
    const note = bl.sampled_from ? h("div", { class: "nbp-note" }, `Showing the ${bl.id.length} largest of ${bl.sampled_from} blocks.`) : null;
    root.append(section("Allocation timeline (each simulated allocation and the buffers placed in it)",
      responsive(timeline, { testid: "mv-blocks" }), note));
  }

  // ---- the buffers as a table (hover a row: its card and lifetime)
  const t = p.table;
  if (t && t.rows && t.rows.length) {
    root.append(section("Buffers at the peak", dataTable({ columns: t.columns, rows: t.rows, sortBy: "size_bytes", sortDesc: true,
      filterColumn: "name", csvName: "memory_viewer_buffers.csv", testid: "mv-buffers",
      // a floating card (the fixed one above would move the table under the mouse), and the lifetime
      onHover: (row, e) => {
        const i = t.rows.indexOf(row);
        if (i < 0) return;
        selectBuffer(i, false);
        const box = e ? null : root.querySelector(`[data-testid=mv-buffers] tbody tr:focus`)?.getBoundingClientRect();
        ctx.tooltip.show(e || { clientX: box ? box.left + 40 : 0, clientY: box ? box.bottom : 0 }, b.name[i], cardRows(bufferAt(b, i)));
      },
      onLeave: () => ctx.tooltip.hide() }).el));
  }
}

export default standaloneView(renderMemoryViewer);
