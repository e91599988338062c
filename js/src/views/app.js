// ProfileApp: the XProf experience in one widget — a tool selector, a host selector where the
// profile has several hosts, and the chosen tool's view. In a kernel, Python computes the payload of
// the selected (tool, host); in a static HTML export every payload is already in `payloads`.
// The tab row never wraps: tabs that do not fit go into a "More" menu.
import { h } from "../lib/dom.js";
import { applyTheme } from "../lib/theme.js";
import { banner, hideStaticTwin, mountPanel } from "../lib/view.js";
import { renderOverview } from "./overview.js";
import { renderInputPipeline } from "./input_pipeline.js";
import { renderTfData } from "./tf_data.js";
import { renderFrameworkOpStats } from "./framework_op_stats.js";
import { renderOpProfile } from "./op_profile.js";
import { renderHloStats } from "./hlo_stats.js";
import { renderKernelStats } from "./kernel_stats.js";
import { renderMemoryProfile } from "./memory_profile.js";
import { renderMemoryViewer } from "./memory_viewer.js";
import { renderRoofline } from "./roofline.js";
import { renderPodViewer } from "./pod_viewer.js";

const RENDERERS = {
  overview: renderOverview,
  input_pipeline: renderInputPipeline,
  tf_data: renderTfData,
  framework_op_stats: renderFrameworkOpStats,
  op_profile: renderOpProfile,
  hlo_stats: renderHloStats,
  kernel_stats: renderKernelStats,
  memory_profile: renderMemoryProfile,
  memory_viewer: renderMemoryViewer,
  roofline: renderRoofline,
  pod_viewer: renderPodViewer,
};

function renderTrace(root, p) {
  root.append(h("div", { class: "nbp-note", "data-testid": "trace-note" }, p.text || "The trace viewer is shown below."));
}

/**
 * Show as many tabs as fit in `bar` (the current one always), the rest in `more` (a select).
 * Widths are measured once per label set.
 */
function fitTabs(bar, buttons, more, current) {
  const avail = bar.clientWidth;
  if (!(avail > 0)) return;
  buttons.forEach((b) => { b.style.display = ""; });
  more.style.display = "";
  const widths = buttons.map((b) => b.offsetWidth + 2);
  const moreWidth = more.offsetWidth + 8;
  const total = widths.reduce((a, b) => a + b, 0);
  let hidden = [];
  if (total > avail) {
    const keep = new Set();
    const cur = buttons.findIndex((b) => b.dataset.tool === current);
    let used = moreWidth + (cur >= 0 ? widths[cur] : 0);
    if (cur >= 0) keep.add(cur);
    widths.forEach((w, i) => { if (i !== cur && used + w <= avail) { keep.add(i); used += w; } else if (i !== cur) used = Infinity; });
    hidden = buttons.map((_, i) => i).filter((i) => !keep.has(i));
  }
  buttons.forEach((b, i) => { b.style.display = hidden.includes(i) ? "none" : ""; });
  more.style.display = hidden.length ? "" : "none";
  more.replaceChildren(h("option", { value: "", disabled: true, selected: true }, `More (${hidden.length}) ▾`),
    ...hidden.map((i) => h("option", { value: buttons[i].dataset.tool, "data-testid": `more-${buttons[i].dataset.tool}` },
      buttons[i].textContent)));
  bar.dataset.hiddenTabs = hidden.map((i) => buttons[i].dataset.tool).join(",");
  bar.dataset.fitWidth = String(avail);
}

export function renderApp({ model, el }) {
  const box = h("div", { class: "nbp-app", "data-testid": "nbprof-app" });
  el.append(box);
  const untheme = applyTheme(box);
  const tabs = h("div", { class: "nbp-tabs", role: "tablist", "aria-label": "Profile tools", "data-testid": "tabs" });
  const more = h("select", { class: "nbp-tab-more", "data-testid": "tab-more", "aria-label": "More tools",
    onchange: (e) => { if (e.target.value) select(e.target.value); } });
  const hostSelect = h("select", { "data-testid": "host-select", "aria-label": "Host",
    onchange: (e) => { model.set("host", e.target.value); model.save_changes(); draw(); } });
  const hostBox = h("label", { class: "nbp-host" }, "Host ", hostSelect);
  const status = h("span", { class: "nbp-note", "data-testid": "app-status" });
  const bannerBox = h("div", { "data-testid": "app-banner" });
  const content = h("div", { class: "nbp-app-content", "data-testid": "app-content" });
  box.append(h("div", { class: "nbp-toolbar" }, h("strong", {}, model.get("title") || "nbprof"), hostBox, status), bannerBox, tabs, content);
  let buttons = [];

  const select = (id) => {
    model.set("tool", id);
    model.save_changes();
    draw();
  };

  function drawChrome() {
    const tools = model.get("tools") || [];
    const current = model.get("tool");
    const known = (model.get("payloads") || {})[model.get("host")] || {};  // static export: availability is known
    const na = (t) => t.available === false || known[t.id]?.available === false;
    buttons = tools.map((t) => h("button", { type: "button", role: "tab", class: `nbp-tab${na(t) ? " nbp-tab-na" : ""}`,
      "aria-selected": String(t.id === current), "data-testid": `tab-${t.id}`, "data-tool": t.id,
      title: na(t) ? `${t.label}: not available in this profile` : t.label,
      tabindex: t.id === current ? "0" : "-1", onclick: () => select(t.id),
      onkeydown: (e) => {
        const i = tools.findIndex((x) => x.id === t.id);
        const next = e.key === "ArrowRight" ? tools[(i + 1) % tools.length] : e.key === "ArrowLeft" ? tools[(i - 1 + tools.length) % tools.length] : null;
        if (next) { e.preventDefault(); select(next.id); tabs.querySelector(`[data-testid="tab-${next.id}"]`)?.focus(); }
      } }, t.label));
    tabs.replaceChildren(...buttons, more);
    fitTabs(tabs, buttons, more, current);
    const hosts = model.get("hosts") || [];
    hostBox.style.display = hosts.length > 1 ? "" : "none";
    hostSelect.replaceChildren(...hosts.map((x) => h("option", { value: x.id, selected: x.id === model.get("host") }, x.label)));
    bannerBox.replaceChildren(...[banner(model.get("banner"), "no-steps-banner")].filter(Boolean));
  }

  const isStatic = () => Object.keys(model.get("payloads") || {}).length > 0;  // an export: no kernel to ask

  function currentPayload() {
    const tool = model.get("tool"), host = model.get("host");
    const stat = model.get("payloads");
    if (isStatic()) return stat[host]?.[tool] || { tool, available: false, reason: "not included in this export" };
    const p = model.get("payload");
    return p && p.tool === tool && (p.host ?? "") === (host ?? "") ? p : null;
  }

  function draw() {
    drawChrome();
    const p = currentPayload();
    if (!p) {
      status.textContent = "computing…";
      content.dataset.state = "loading";
      return;
    }
    status.textContent = "";
    content.dataset.state = "ready";
    content.dataset.tool = p.tool;
    content.dataset.host = p.host ?? "";
    const renderer = p.tool === "trace" ? renderTrace : RENDERERS[p.tool];
    // views whose choices the kernel computes (the memory viewer's module) ask through `request`
    const request = isStatic() ? null : (message) => model.send({ kind: "select", tool: p.tool, host: p.host ?? "", ...message });
    mountPanel(content, p, renderer || (() => {}), { navigate: (id) => select(id), bannerShown: !!model.get("banner"), request });
  }

  const events = ["change:payload", "change:tool", "change:host", "change:tools", "change:hosts", "change:banner"];
  events.forEach((ev) => model.on(ev, draw));
  let lastWidth = 0;
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => {
    const width = Math.round(entries[entries.length - 1].contentRect.width);
    if (width === lastWidth) return;
    lastWidth = width;
    requestAnimationFrame(() => fitTabs(tabs, buttons, more, model.get("tool")));
  });
  observer?.observe(tabs);
  draw();
  hideStaticTwin(el, model.get("static_id"));
  return () => { events.forEach((ev) => model.off(ev, draw)); observer?.disconnect(); untheme(); };
}

export default { render: renderApp };
