// Glue between a panel renderer and anywidget's AFM `render({model, el})`.
import { h } from "./dom.js";
import { applyTheme } from "./theme.js";
import { createTooltip } from "./tooltip.js";

/** The banner a payload asks for ({text, fixes: [code, ...]}), e.g. "no step markers". */
export function banner(b, testid = "banner") {
  if (!b || !b.text) return null;
  const fixes = (b.fixes || []).flatMap((code, i) => [i ? (i === b.fixes.length - 1 ? " or " : ", ") : " ", h("code", {}, code)]);
  return h("div", { class: "nbp-banner", role: "note", "data-testid": testid }, b.text, fixes.length ? [" Mark each step with", ...fixes, "."] : null);
}

/** The result's notes (what was used, what could not be attributed) behind a small disclosure. */
export function notesBox(notes) {
  if (!notes || !notes.length) return null;
  return h("details", { class: "nbp-notes", "data-testid": "notes" },
    h("summary", {}, `Details (${notes.length})`), h("ul", {}, notes.map((n) => h("li", { "data-testid": "note" }, n))));
}

/**
 * In front ends that keep a static rendering (text/html) as the output before the widget's, hide that
 * twin once the live view is drawn: it is the nearest earlier sibling of one of `el`'s ancestors holding
 * an element with the same `data-nbprof-id`.
 */
export function hideStaticTwin(el, id, tries = 120) {
  if (!id) return;
  const selector = `[data-nbprof-id="${CSS.escape(id)}"]`;
  let node = el;
  for (let depth = 0; node && depth < 8; depth++, node = node.parentElement) {
    const sib = node.previousElementSibling;
    if (!sib) continue;
    if (sib.matches(selector) || sib.querySelector(selector)) {
      sib.style.display = "none";
      sib.dataset.nbprofHidden = "true";
      return;
    }
  }
  // front ends attach the view (and may add the twin) after render(): look again on the next frames
  if (tries > 0) requestAnimationFrame(() => hideStaticTwin(el, id, tries - 1));
}

/**
 * mountPanel(el, payload, renderPanel, ctx) draws one tool's payload into `el`: title, banner, the one
 * sentence of advice, the view, and the notes behind "Details".
 * The payload either says {available: false, reason} or carries the view's data.
 */
export function mountPanel(el, payload, renderPanel, ctx = {}) {
  const root = h("div", { class: "nbp-panel", "data-testid": `panel-${payload?.tool || "unknown"}` });
  el.replaceChildren(root);
  const tooltip = createTooltip(el);
  root.append(h("div", { class: "nbp-title" }, payload?.title || "nbprof"));
  const b = banner(payload?.banner);
  if (b && !ctx.bannerShown) root.append(b);
  if (!payload || payload.available === false) {
    root.append(h("div", { class: "nbp-na", "data-testid": "unavailable" }, "Not available: ", payload?.reason || "no data"));
    const box = notesBox(payload?.notes);
    if (box) root.append(box);
    return;
  }
  if (payload.advice) root.append(h("p", { class: "nbp-advice", "data-testid": "advice" }, payload.advice));
  try {
    renderPanel(root, payload, { tooltip, ...ctx });
  } catch (err) {
    root.append(h("div", { class: "nbp-error", "data-testid": "view-error" }, `This view failed to draw: ${err}`));
    console.error(err);
  }
  const box = notesBox(payload.notes);
  if (box) root.append(box);
}

/**
 * The AFM module for a standalone tool view (a result object displayed in a cell). A view whose choices
 * the kernel computes (the memory viewer's module) calls `ctx.request({...})`: the kernel answers with a
 * new payload.
 */
export function standaloneView(renderPanel) {
  return {
    render({ model, el }) {
      const box = h("div");
      el.append(box);
      const untheme = applyTheme(box);
      const request = (message) => model.send({ kind: "select", ...message });
      const draw = () => mountPanel(box, model.get("payload"), renderPanel, { request });
      draw();
      hideStaticTwin(el, model.get("payload")?.static_id);
      model.on("change:payload", draw);
      return () => { model.off("change:payload", draw); untheme(); };
    },
  };
}
