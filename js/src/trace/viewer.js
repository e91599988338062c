// The trace viewer: view state, input (tools, wheel, keys), viewport requests, redraws.
// The kernel answers each viewport with only what can be seen; the last reply is kept and
// re-projected while the next one is in flight, and at most one request is in flight (newer
// view changes replace the pending one, so stale requests are never sent). Every request
// settles (rpc.js): an error reply or a timeout is shown in the status line with a Retry
// button, and the next view change (or the retry) asks again; timeouts retry by themselves.
import { h, isDark } from "./dom.js";
import { createRpc, DEFAULT_TIMEOUT_MS } from "./rpc.js";
import { AXIS_H, LANE_H, computeRows, tracksInView, laneAt, lanesBetween } from "./geometry.js";
import { prepareReply, drawFrame, projection } from "./render.js";
import { showEvent, showAggregate, showNote } from "./details.js";
import { formatDuration } from "./axis.js";
import { TRACE_STYLES } from "./style.js";

const TOOLS = [
  ["select", "1", "Select: click an event, drag a box to aggregate"],
  ["pan", "2", "Pan: drag the timeline"],
  ["zoom", "3", "Zoom: drag a time range"],
  ["timing", "4", "Timing: drag to measure; drag an end to adjust; click to clear"],
];
const HELP = [
  ["W / S", "zoom in / out around the mouse"],
  ["A / D", "pan left / right"],
  ["wheel", "zoom around the mouse (shift+wheel scrolls tracks)"],
  ["1 2 3 4", "tools: select, pan, zoom, timing"],
  ["double-click", "zoom to an event"],
  ["Enter / Shift+Enter", "next / previous search match"],
  ["Esc", "clear selection and timing"],
  ["0", "show the whole trace"],
];
const MIN_RANGE_PS = 100;
const PAD = 0.15; // fraction of the view requested on each side, so short pans need no new data
const JUMP_CONTEXT = 3; // a search match or flow target fills a third of the view
const INSTANT_JUMP_PS = 1e6; // the view around a zero-length event: 1 µs
const LABEL_W = { min: 80, max: 600, share: 0.22, lo: 110, hi: 200 }; // label column (px): limits, default
const HEIGHT = { min: 150, max: 4000 }; // timeline height (px) the resize handle allows

function installStyles() {
  if (document.getElementById("nbprof-trace-styles")) return;
  const style = document.createElement("style");
  style.id = "nbprof-trace-styles";
  style.textContent = TRACE_STYLES;
  document.head.append(style);
}

export function createViewer(model, el) {
  installStyles();
  const layout = model.get("tracks_layout");
  const origin = layout.start_ps;
  const span = [layout.start_ps, Math.max(layout.end_ps, layout.start_ps + MIN_RANGE_PS)];
  const rpc = createRpc(model, model.get("reply_timeout_ms") || DEFAULT_TIMEOUT_MS);
  const range0 = model.get("time_range") || span;
  const st = {
    t0: range0[0], t1: range0[1], scrollY: 0, W: 800, H: 400, tool: "select",
    collapsed: new Set(), hidden: new Set(model.get("hidden_tracks") || []),
    reply: null, selected: null, flows: [], timing: null, box: null, dark: isDark(),
    search: { pattern: "", count: 0, index: -1 }, mouseX: null, labelW: null, maxH: null, error: null,
  };
  const stats = {
    requests: 0, replies: 0, errors: 0, timeouts: 0, drawMs: [], lastReplyItems: 0, lastLatencyMs: 0, firstPaintMs: null,
  };
  const t_created = performance.now();
  let rows = computeRows(layout, st.collapsed, st.hidden);

  // ------------------------------------------------------------------ DOM
  // data-lm-suppress-shortcuts: JupyterLab leaves our keys (W/A/S/D, 1-4, ...) to us while we have the focus
  const root = h("div", {
    class: st.dark ? "nbpt nbpt-dark" : "nbpt", tabindex: "0", "data-testid": "trace-viewer",
    "data-lm-suppress-shortcuts": "true", "data-p-suppress-shortcuts": "true",
  });
  const themeObserver = new MutationObserver(() => {
    st.dark = isDark();
    root.classList.toggle("nbpt-dark", st.dark);
    if (st.reply) prepareReply(st.reply, st.dark);
    invalidate();
  });
  themeObserver.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "class"] });
  const toolButtons = TOOLS.map(([tool, key, title]) => h("button", {
    class: "nbpt-tool", "data-testid": `tool-${tool}`, title: `${title} (${key})`, onclick: () => setTool(tool),
  }, tool[0].toUpperCase() + tool.slice(1)));
  const searchInput = h("input", { type: "search", placeholder: "Search names (Enter)", "data-testid": "search-input" });
  const regexBox = h("input", { type: "checkbox", "data-testid": "search-regex" });
  const searchCount = h("span", { class: "nbpt-muted", "data-testid": "search-count" }, "");
  const status = h("span", { class: "nbpt-status", "data-testid": "status", role: "status" }, "loading…");
  const help = h("div", { class: "nbpt-help", "data-testid": "help", style: { display: "none" } },
    h("b", {}, "Keyboard and mouse"), h("table", {}, ...HELP.map(([k, v]) => h("tr", {}, h("td", {}, k), h("td", {}, v)))));
  const toolbar = h("div", { class: "nbpt-toolbar" }, ...toolButtons, h("span", { class: "nbpt-sep" }),
    searchInput, h("label", { title: "regular expression" }, regexBox, ".*"),
    h("button", { "data-testid": "search-prev", title: "previous match (Shift+Enter)", onclick: () => step(-1) }, "◀"),
    h("button", { "data-testid": "search-next", title: "next match (Enter)", onclick: () => step(1) }, "▶"),
    searchCount, h("span", { class: "nbpt-sep" }),
    h("button", { "data-testid": "reset-zoom", title: "whole trace (0)", onclick: () => setView(span[0], span[1]) }, "Fit"),
    h("button", { "data-testid": "help-button", title: "shortcuts", onclick: () => toggleHelp() }, "?"), status);
  const labelsInner = h("div", { class: "nbpt-labels-inner" });
  const labels = h("div", { class: "nbpt-labels" }, labelsInner,
    h("div", { class: "nbpt-axis-pad", style: { height: `${AXIS_H}px` }, "data-testid": "range-label" }, ""));
  const canvas = h("canvas", { "data-testid": "trace-canvas" });
  const tip = h("div", { class: "nbpt-tip", "data-testid": "tooltip", style: { display: "none" } });
  const plot = h("div", { class: "nbpt-plot" }, canvas, tip);
  const spacer = h("div", { style: { width: "1px" } });
  const vscroll = h("div", { class: "nbpt-vscroll" }, spacer);
  const split = h("div", { class: "nbpt-split", "data-testid": "resize-labels", title: "drag to resize the track names" });
  const main = h("div", { class: "nbpt-main" }, labels, split, plot, vscroll);
  const heightHandle = h("div", { class: "nbpt-resize-y", "data-testid": "resize-height", title: "drag to resize the timeline" });
  const details = h("div", { class: "nbpt-details", "data-testid": "details" });
  showNote(details, "Click an event for its details; drag a box to aggregate events by name.");
  root.append(toolbar, help, main, heightHandle, details);
  el.replaceChildren(root);
  const ctx = canvas.getContext("2d");

  // ------------------------------------------------------------------ layout / sizing
  function renderLabels() {
    const nodes = [];
    for (const sec of rows.sections) {
      nodes.push(h("div", {
        class: "nbpt-sec", style: { top: `${sec.y + AXIS_H}px` }, "data-testid": "section",
        "data-section": String(sec.id), title: sec.name, onclick: () => toggleSection(sec.id),
      }, h("button", { "data-testid": "section-toggle", "aria-expanded": String(!sec.collapsed) }, sec.collapsed ? "▸" : "▾"),
      h("span", { "data-testid": "section-name" }, sec.name)));
    }
    for (const t of rows.tracks) {
      nodes.push(h("div", {
        class: "nbpt-track", style: { top: `${t.y + AXIS_H}px`, height: `${Math.min(t.h, 18)}px` },
        "data-testid": "track-name", "data-track": String(t.id), title: t.name,
      }, t.name));
    }
    labelsInner.replaceChildren(...nodes);
    spacer.style.height = `${rows.height + AXIS_H}px`;
  }

  function resize() {
    const maxH = st.maxH ?? (model.get("height") || 560);
    const H = Math.max(Math.min(rows.height + AXIS_H + 6, maxH), 120);
    main.style.height = `${H}px`;
    const rootW = root.clientWidth || 800;
    const labelW = st.labelW ?? Math.min(Math.max(Math.round(rootW * LABEL_W.share), LABEL_W.lo), LABEL_W.hi);
    labels.style.width = `${Math.min(labelW, Math.max(rootW - 140, LABEL_W.min))}px`;
    const W = Math.max(plot.clientWidth, 100);
    const dpr = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(W * dpr) || canvas.height !== Math.round(H * dpr)) {
      canvas.width = Math.round(W * dpr);
      canvas.height = Math.round(H * dpr);
      canvas.style.width = `${W}px`;
      canvas.style.height = `${H}px`;
    }
    st.W = W;
    st.H = H;
    st.dpr = dpr;
    clampScroll();
    requestData();
    invalidate();
  }

  function clampScroll() {
    const maxScroll = Math.max(rows.height + AXIS_H - st.H, 0);
    st.scrollY = Math.min(Math.max(st.scrollY, 0), maxScroll);
    labelsInner.style.transform = `translateY(${-st.scrollY}px)`;
    if (Math.abs(vscroll.scrollTop - st.scrollY) > 1) vscroll.scrollTop = st.scrollY;
  }

  function relayout() {
    rows = computeRows(layout, st.collapsed, st.hidden);
    renderLabels();
    resize();
  }

  // ------------------------------------------------------------------ drawing
  let frameRequested = false;
  function invalidate() {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(draw);
  }
  function draw() {
    frameRequested = false;
    const t = performance.now();
    ctx.setTransform(st.dpr, 0, 0, st.dpr, 0, 0);
    const scene = { ...st, pxPs: (st.t1 - st.t0) / st.W, origin, rows };
    const drawn = drawFrame(ctx, scene);
    const ms = performance.now() - t;
    stats.drawMs.push(ms);
    if (stats.drawMs.length > 500) stats.drawMs.shift();
    root.dataset.drawn = String(drawn);
    root.dataset.viewStart = String(st.t0);
    root.dataset.viewEnd = String(st.t1);
    if (st.reply && stats.firstPaintMs === null) stats.firstPaintMs = performance.now() - t_created;
    labels.querySelector(".nbpt-axis-pad").textContent = `${formatDuration(st.t1 - st.t0)} shown`;
  }

  // ------------------------------------------------------------------ status line: loading, or what went wrong
  function showStatus() {
    status.classList.toggle("nbpt-error", !!st.error);
    if (st.error) {
      status.replaceChildren(st.error, h("button", { "data-testid": "status-retry", onclick: retry }, "Retry"));
    } else status.textContent = st.reply ? "" : "loading…";
    if (st.error) root.dataset.error = st.error;
    else delete root.dataset.error;
  }
  function retry() {
    root.focus({ preventScroll: true }); // the button goes away: keep the keys with the viewer
    st.error = null;
    showStatus();
    lastRequest = null;
    requestData();
  }

  // ------------------------------------------------------------------ data
  let inFlight = false;
  let pending = false;
  let lastRequest = null;
  let dataVersion = 0;
  function visibleTrackIds() {
    const margin = st.H;
    return tracksInView(rows, st.scrollY - margin, st.scrollY + st.H + margin).map((t) => t.id);
  }
  function covered() {
    const r = lastRequest;
    if (!r || r.version !== dataVersion) return false;
    const pxPs = (st.t1 - st.t0) / st.W;
    const ratio = r.px_ps / pxPs;
    if (ratio < 0.75 || ratio > 1.34) return false;
    if (st.t0 < r.start_ps || st.t1 > r.end_ps) return false;
    const have = new Set(r.tracks);
    return visibleTrackIds().every((id) => have.has(id));
  }
  let retryTimer = null;
  function requestData() {
    if (covered()) return;
    if (inFlight) {
      pending = true;
      return;
    }
    clearTimeout(retryTimer);
    const pad = (st.t1 - st.t0) * PAD;
    const req = {
      type: "viewport", start_ps: Math.floor(st.t0 - pad), end_ps: Math.ceil(st.t1 + pad),
      width_px: Math.round(st.W * (1 + 2 * PAD)), tracks: visibleTrackIds(),
    };
    lastRequest = { ...req, px_ps: (req.end_ps - req.start_ps) / req.width_px, version: dataVersion };
    inFlight = true;
    stats.requests++;
    const sent = performance.now();
    rpc.request(req).then((reply) => {
      inFlight = false;
      stats.replies++;
      stats.lastLatencyMs = performance.now() - sent;
      if (reply.type === "viewport") {
        stats.lastReplyItems = reply.n_items || 0;
        st.reply = prepareReply(reply, st.dark);
        st.error = null;
      } else {
        stats.errors++;
        lastRequest = null; // not covered: the next view change (or Retry) asks again
        st.error = `Could not load this part of the trace: ${reply.error || "unexpected reply"}`;
        if (reply.timeout) {
          stats.timeouts++;
          retryTimer = setTimeout(() => requestData(), 1000); // the kernel may only be busy: ask again
        }
      }
      showStatus();
      invalidate();
      if (pending) {
        pending = false;
        requestData();
      }
    });
  }

  // ------------------------------------------------------------------ view changes
  let syncTimer = null;
  function setView(t0, t1, { sync = true } = {}) {
    let range = Math.max(t1 - t0, MIN_RANGE_PS);
    const full = span[1] - span[0];
    range = Math.min(range, full * 1.5 + MIN_RANGE_PS);
    let a = (t0 + t1) / 2 - range / 2;
    // stay inside the trace; a view wider than the trace is centred on it
    a = range <= full ? Math.min(Math.max(a, span[0]), span[1] - range) : (span[0] + span[1]) / 2 - range / 2;
    st.t0 = a;
    st.t1 = a + range;
    invalidate();
    requestData();
    if (sync) {
      clearTimeout(syncTimer);
      syncTimer = setTimeout(() => {
        model.set("time_range", [Math.round(st.t0), Math.round(st.t1)]);
        model.save_changes();
      }, 250);
    }
  }
  function zoom(factor, atX) {
    const x = atX ?? st.W / 2;
    const pxPs = (st.t1 - st.t0) / st.W;
    const tAt = st.t0 + x * pxPs;
    const range = (st.t1 - st.t0) * factor;
    const t0 = tAt - (x / st.W) * range;
    setView(t0, t0 + range);
  }
  function pan(fraction) {
    const d = (st.t1 - st.t0) * fraction;
    setView(st.t0 + d, st.t1 + d);
  }
  function scrollBy(dy) {
    st.scrollY += dy;
    clampScroll();
    requestData();
    invalidate();
  }
  function setTool(tool) {
    st.tool = tool;
    toolButtons.forEach((b, i) => b.classList.toggle("active", TOOLS[i][0] === tool));
    canvas.style.cursor = tool === "pan" ? "grab" : tool === "select" ? "default" : "crosshair";
  }
  function toggleSection(id) {
    if (st.collapsed.has(id)) st.collapsed.delete(id);
    else st.collapsed.add(id);
    relayout();
  }
  function toggleHelp(show) {
    const visible = show ?? help.style.display === "none";
    help.style.display = visible ? "block" : "none";
  }

  // ------------------------------------------------------------------ hit testing & selection
  function screenToT(x) {
    return st.t0 + (x * (st.t1 - st.t0)) / st.W;
  }
  function hit(x, y) {
    const r = st.reply;
    if (!r || y < AXIS_H) return null;
    const lane = laneAt(rows, y - AXIS_H + st.scrollY);
    if (lane < 0) return null;
    const { a, b } = projection(r, st.t0, (st.t1 - st.t0) / st.W);
    let best = null;
    for (let i = 0; i < r.n_items; i++) {
      if (r.lane[i] !== lane) continue;
      const X0 = a * r.x0[i] + b;
      const X1 = Math.max(a * r.x1[i] + b, X0 + 1);
      if (x < X0 - 2 || x > X1 + 2) continue;
      const inside = x >= X0 && x <= X1;
      const score = (inside ? 0 : 10) + (r.row[i] >= 0 ? 0 : 5) + Math.min(X1 - X0, 1000) / 1000;
      if (!best || score < best.score) best = { i, score, lane, row: r.row[i], X0, X1, name: r.names[r.name[i]] };
    }
    return best;
  }
  async function selectRow(row) {
    const d = await rpc.request({ type: "details", row });
    if (d.type !== "details") {
      showNote(details, `No details: ${d.error || "unexpected reply"}`);
      return;
    }
    st.selected = { row: d.row, lane: d.lane, start_ps: d.start_ps, end_ps: d.end_ps };
    st.flows = d.flows || [];
    showEvent(details, d, origin, (f) => jumpTo(f, true));
    root.dataset.selectedRow = String(d.row);
    invalidate();
  }
  function clearSelection() {
    st.selected = null;
    st.flows = [];
    st.timing = null;
    delete root.dataset.selectedRow;
    invalidate();
  }
  function ensureLaneVisible(lane) {
    const track = layout.tracks.find((t) => t.kind === "slices" && lane >= t.lane0 && lane < t.lane0 + t.lanes);
    if (track && st.collapsed.has(track.section)) {
      st.collapsed.delete(track.section);
      relayout();
    }
    const y = rows.laneY[lane];
    if (y < 0) return;
    if (y < st.scrollY || y + LANE_H > st.scrollY + st.H - AXIS_H) {
      st.scrollY = y - (st.H - AXIS_H) / 2;
      clampScroll();
    }
  }
  function jumpTo(ev, select) {
    // zoom so that the event fills a third of the view (a search match is never a 1-px line)
    const dur = Math.max(ev.end_ps - ev.start_ps, 0);
    const range = dur > 0 ? dur * JUMP_CONTEXT : INSTANT_JUMP_PS;
    const mid = (ev.start_ps + ev.end_ps) / 2;
    ensureLaneVisible(ev.lane);
    setView(mid - range / 2, mid + range / 2);
    if (select) selectRow(ev.row);
  }

  // ------------------------------------------------------------------ search
  async function runSearch() {
    const pattern = searchInput.value;
    const res = await rpc.request({ type: "search", pattern, regex: regexBox.checked });
    st.search = { pattern, regex: regexBox.checked, count: res.count || 0, index: -1 };
    searchCount.textContent = res.error ? res.error : pattern ? `${res.count} matches` : "";
    searchCount.classList.toggle("nbpt-error", !!res.error);
    root.dataset.searchCount = String(res.count || 0);
    dataVersion++; // replies now carry match flags
    requestData();
  }
  async function step(dir) {
    if (searchInput.value !== st.search.pattern || regexBox.checked !== st.search.regex) await runSearch();
    if (!st.search.count) return;
    const next = st.search.index < 0 ? (dir > 0 ? 0 : st.search.count - 1) : st.search.index + dir;
    const res = await rpc.request({ type: "search_step", index: next });
    if (res.type !== "search_step") {
      searchCount.textContent = res.error || "no reply";
      return;
    }
    if (res.index < 0) return;
    st.search.index = res.index;
    searchCount.textContent = `${res.index + 1} / ${res.count}`;
    root.dataset.searchIndex = String(res.index);
    jumpTo(res, true);
  }
  searchInput.addEventListener("keydown", (e) => {
    e.stopPropagation();
    if (e.key === "Enter") step(e.shiftKey ? -1 : 1);
  });
  regexBox.addEventListener("change", () => runSearch());

  // ------------------------------------------------------------------ mouse
  let drag = null;
  function localXY(e) {
    const rect = canvas.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  }
  function onDown(e) {
    if (e.button !== 0) return;
    root.focus({ preventScroll: true });
    const [x, y] = localXY(e);
    tip.style.display = "none";
    drag = { x, y, t0: st.t0, t1: st.t1, scrollY: st.scrollY, moved: false, tool: st.tool };
    if (st.tool === "timing" && st.timing) {
      const xa = (st.timing.a - st.t0) / ((st.t1 - st.t0) / st.W);
      const xb = (st.timing.b - st.t0) / ((st.t1 - st.t0) / st.W);
      if (Math.abs(x - xa) < 5) drag.edge = "a";
      else if (Math.abs(x - xb) < 5) drag.edge = "b";
    }
    if (st.tool === "pan") canvas.style.cursor = "grabbing";
    window.addEventListener("mousemove", onMove);
    window.addEventListener("mouseup", onUp);
    e.preventDefault();
  }
  function onMove(e) {
    if (!drag) return;
    const [x, y] = localXY(e);
    const dx = x - drag.x;
    const dy = y - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    if (!drag.moved) return;
    if (drag.tool === "pan") {
      const pxPs = (drag.t1 - drag.t0) / st.W;
      setView(drag.t0 - dx * pxPs, drag.t1 - dx * pxPs);
      st.scrollY = drag.scrollY - dy;
      clampScroll();
      requestData();
    } else if (drag.tool === "select" || drag.tool === "zoom") {
      st.box = drag.tool === "select" ? { x0: drag.x, y0: drag.y, x1: x, y1: y } : { x0: drag.x, y0: AXIS_H, x1: x, y1: st.H };
      invalidate();
    } else if (drag.tool === "timing") {
      const t = screenToT(x);
      if (drag.edge) st.timing = { ...st.timing, [drag.edge]: t };
      else st.timing = { a: screenToT(drag.x), b: t };
      root.dataset.timingPs = String(Math.abs(st.timing.b - st.timing.a));
      invalidate();
    }
  }
  function onUp(e) {
    window.removeEventListener("mousemove", onMove);
    window.removeEventListener("mouseup", onUp);
    const d = drag;
    drag = null;
    if (!d) return;
    const [x, y] = localXY(e);
    if (d.tool === "pan") canvas.style.cursor = "grab";
    if (!d.moved) {
      if (d.tool === "timing") {
        st.timing = null;
        delete root.dataset.timingPs;
        invalidate();
        return;
      }
      const found = hit(x, y);
      if (found && found.row >= 0) selectRow(found.row);
      else if (found) {
        showNote(details, `${-found.row} events narrower than a pixel here (${found.name} …): zoom in to see them.`);
      } else clearSelection();
      return;
    }
    if (d.tool === "select" && st.box) {
      const box = st.box;
      st.box = null;
      const ta = screenToT(Math.min(box.x0, box.x1));
      const tb = screenToT(Math.max(box.x0, box.x1));
      const lanes = lanesBetween(rows, Math.min(box.y0, box.y1) - AXIS_H + st.scrollY, Math.max(box.y0, box.y1) - AXIS_H + st.scrollY);
      invalidate();
      const req = { type: "box", start_ps: Math.floor(ta), end_ps: Math.ceil(tb), lanes };
      st.lastBox = req;
      rpc.request(req).then((agg) => {
        if (agg.type === "box") {
          showAggregate(details, agg);
          root.dataset.boxCount = String(agg.count);
        } else showNote(details, `No selection: ${agg.error || "unexpected reply"}`);
      });
    } else if (d.tool === "zoom" && st.box) {
      const box = st.box;
      st.box = null;
      setView(screenToT(Math.min(box.x0, box.x1)), screenToT(Math.max(box.x0, box.x1)));
    }
  }
  function onDblClick(e) {
    const [x, y] = localXY(e);
    const found = hit(x, y);
    if (!found) return;
    const a = screenToT(found.X0);
    const b = screenToT(found.X1);
    const margin = (b - a) * 0.1;
    setView(a - margin, b + margin);
  }
  function onWheel(e) {
    e.preventDefault();
    if (document.activeElement !== root) root.focus({ preventScroll: true });
    const [x] = localXY(e);
    const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
    const dx = e.deltaMode === 1 ? e.deltaX * 16 : e.deltaX;
    if (e.shiftKey) scrollBy(dy || dx);
    else if (Math.abs(dx) > Math.abs(dy)) pan(dx / st.W);
    else zoom(Math.exp(dy * 0.002), x);
  }
  let hoverPending = null;
  function onHover(e) {
    const [x, y] = localXY(e);
    st.mouseX = x;
    if (drag) return;
    if (hoverPending === null) requestAnimationFrame(() => showTip(hoverPending));
    hoverPending = [x, y];
  }
  function showTip([x, y]) {
    hoverPending = null;
    const found = hit(x, y);
    if (!found || drag) {
      tip.style.display = "none";
      return;
    }
    const r = st.reply;
    const dur = (r.x1[found.i] - r.x0[found.i]) * r.px_ps;
    tip.replaceChildren(h("b", {}, found.name), h("br"),
      found.row >= 0 ? formatDuration(dur) : `${-found.row} events narrower than a pixel (zoom in)`);
    tip.style.display = "block";
    tip.style.left = `${Math.min(x + 12, st.W - 260)}px`;
    tip.style.top = `${y + 14}px`;
  }
  function onKey(e) {
    if (e.target !== root && e.target.tagName === "INPUT") return;
    const k = e.key.toLowerCase();
    const actions = {
      w: () => zoom(0.8, st.mouseX), s: () => zoom(1.25, st.mouseX), a: () => pan(-0.2), d: () => pan(0.2),
      1: () => setTool("select"), 2: () => setTool("pan"), 3: () => setTool("zoom"), 4: () => setTool("timing"),
      "?": () => toggleHelp(), escape: () => { clearSelection(); toggleHelp(false); }, 0: () => setView(span[0], span[1]),
    };
    if (actions[k]) {
      actions[k]();
      e.preventDefault();
      e.stopPropagation();
    }
  }
  canvas.addEventListener("mousedown", onDown);
  canvas.addEventListener("dblclick", onDblClick);
  canvas.addEventListener("wheel", onWheel, { passive: false });
  canvas.addEventListener("mousemove", onHover);
  canvas.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  root.addEventListener("keydown", onKey);
  vscroll.addEventListener("scroll", () => {
    if (Math.abs(vscroll.scrollTop - st.scrollY) > 1) {
      st.scrollY = vscroll.scrollTop;
      clampScroll();
      requestData();
      invalidate();
    }
  });

  // ------------------------------------------------------------------ resizing: label column and height
  function dragResize(handle, onDrag, onDone) {
    handle.addEventListener("mousedown", (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      const x0 = e.clientX;
      const y0 = e.clientY;
      handle.classList.add("active");
      const move = (ev) => onDrag(ev.clientX - x0, ev.clientY - y0);
      const up = () => {
        window.removeEventListener("mousemove", move);
        window.removeEventListener("mouseup", up);
        handle.classList.remove("active");
        if (onDone) onDone();
      };
      window.addEventListener("mousemove", move);
      window.addEventListener("mouseup", up);
    });
  }
  let dragStart = null;
  split.addEventListener("mousedown", () => { dragStart = labels.getBoundingClientRect().width; }, true);
  dragResize(split, (dx) => {
    const limit = Math.min(LABEL_W.max, Math.max(root.clientWidth - 140, LABEL_W.min));
    st.labelW = Math.min(Math.max(dragStart + dx, LABEL_W.min), limit);
    resize();
  });
  heightHandle.addEventListener("mousedown", () => { dragStart = main.getBoundingClientRect().height; }, true);
  dragResize(heightHandle, (dx, dy) => {
    st.maxH = Math.min(Math.max(dragStart + dy, HEIGHT.min), HEIGHT.max);
    resize();
  }, () => {
    if (st.maxH === null) return;
    model.set("height", Math.round(st.maxH));
    model.save_changes();
  });

  // ------------------------------------------------------------------ kernel-side changes
  const onRange = () => {
    clearTimeout(syncTimer); // the kernel's range is newer than a view change still waiting to be sent
    const r = model.get("time_range");
    if (r && (Math.abs(r[0] - st.t0) > 1 || Math.abs(r[1] - st.t1) > 1)) setView(r[0], r[1], { sync: false });
  };
  const onHidden = () => {
    st.hidden = new Set(model.get("hidden_tracks") || []);
    relayout();
  };
  model.on("change:time_range", onRange);
  model.on("change:hidden_tracks", onHidden);
  const onHeight = () => {
    st.maxH = null;
    resize();
  };
  model.on("change:height", onHeight);
  const observer = new ResizeObserver(() => resize());
  observer.observe(plot);

  setTool("select");
  renderLabels();
  resize();

  root.traceApi = {
    state: st, stats, layout,
    rows: () => rows,
    hit,
    setView: (a, b) => setView(a, b),
    selectRow: (row) => selectRow(row),
    items() {
      const r = st.reply;
      if (!r) return [];
      const { a, b } = projection(r, st.t0, (st.t1 - st.t0) / st.W);
      const out = [];
      for (let i = 0; i < r.n_items; i++) {
        const ly = rows.laneY[r.lane[i]];
        if (ly < 0) continue;
        out.push({ row: r.row[i], lane: r.lane[i], name: r.names[r.name[i]], X0: a * r.x0[i] + b, X1: a * r.x1[i] + b,
          y: ly - st.scrollY + AXIS_H });
      }
      return out;
    },
    pending: () => inFlight || pending,
  };
  return () => {
    observer.disconnect();
    model.off("change:time_range", onRange);
    model.off("change:hidden_tracks", onHidden);
    model.off("change:height", onHeight);
    rpc.dispose();
    themeObserver.disconnect();
    clearTimeout(syncTimer);
    clearTimeout(retryTimer);
  };
}
