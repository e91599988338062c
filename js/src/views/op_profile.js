// Op profile: the category/program tree of XLA ops with expand/collapse, top-N per group, sort mode, an
// include-idle toggle, FLOPS-utilisation cells coloured red (low) -> green (high), and a details card.
import { h, section, unavailable } from "../lib/dom.js";
import { formatPs, formatPct, formatNumber } from "../lib/format.js";
import { utilizationColor } from "../lib/colors.js";
import { nameSpan } from "../lib/names.js";
import { columnChooser } from "../lib/table.js";
import { detailsTable } from "../lib/tooltip.js";
import { standaloneView } from "../lib/view.js";

const SORTS = {
  time: { label: "Time (highest first)", key: (n) => -(n.time_ps || 0) },
  self: { label: "Self time (highest first)", key: (n) => -(n.self_time_ps || 0) },
  flops: { label: "FLOPS utilisation (lowest first)", key: (n) => (n.flops_utilization ?? Infinity) },
  name: { label: "Name", key: (n) => n.name },
};

function pct(fraction) {
  return fraction === null || fraction === undefined ? "–" : formatPct(100 * fraction, 1);
}

// The tree's columns after the name: [id, label, cell(node), hidden by default]
const COLUMNS = [
  ["time_pct", "Time %", (n) => formatPct(n.time_pct), false],
  ["time_ps", "Time", (n) => formatPs(n.time_ps), false],
  ["self_time_ps", "Self time", (n) => formatPs(n.self_time_ps), false],
  ["flops_utilization", "FLOPS util.", (n) => pct(n.flops_utilization), false],
  ["bandwidth_utilization", "Bandwidth util.", (n) => pct(n.bandwidth_utilization), false],
  ["occurrences", "Occurrences", (n) => formatNumber(n.occurrences), true],
  ["tf_op", "Framework op", (n) => n.tf_op || "", true],
  ["program", "Program", (n) => n.program || "", true],
];

/** Whether two ops of different programs share a name (the Program column then starts shown). */
function duplicateNames(tree) {
  const name = tree.fields.indexOf("name"), program = tree.fields.indexOf("program"), kind = tree.fields.indexOf("kind");
  const seen = new Map();
  for (const r of tree.rows) {
    if (r[kind] !== "op") continue;
    if (seen.has(r[name]) && seen.get(r[name]) !== r[program]) return true;
    seen.set(r[name], r[program]);
  }
  return false;
}

/** Rows (arrays aligned with `fields`) -> node objects with children lists. */
export function buildTree(tree) {
  const nodes = tree.rows.map((r) => Object.fromEntries(tree.fields.map((f, i) => [f, r[i]])));
  const byId = new Map(nodes.map((n) => [n.node_id, { ...n, children: [] }]));
  const roots = [];
  for (const n of byId.values()) {
    const parent = byId.get(n.parent_id);
    if (parent && parent !== n) parent.children.push(n); else roots.push(n);
  }
  return roots;
}

function source(node) {
  if (!node.source_file) return null;
  return node.source_line !== null && node.source_line !== undefined ? `${node.source_file}:${node.source_line}` : node.source_file;
}

function details(node) {
  return [
    ["Category", node.category], ["Program", node.program], ["Time", `${formatPs(node.time_ps)} (${formatPct(node.time_pct)})`],
    ["Self time", formatPs(node.self_time_ps)], ["Occurrences", formatNumber(node.occurrences)],
    ["FLOPs", node.flops ? formatNumber(node.flops) : null], ["FLOPS utilisation", pct(node.flops_utilization)],
    ["Memory bandwidth utilisation", pct(node.bandwidth_utilization)], ["Framework op", node.tf_op],
    ["Source", source(node)], ["Expression", node.expression], ["Shape", node.shape], ["Layout", node.layout],
  ];
}

export function renderOpProfile(root, p, ctx) {
  const byOptions = Object.keys(p.trees || {});
  if (!byOptions.length) { root.append(unavailable("no XLA ops")); return; }
  const state = { by: p.default_by && p.trees[p.default_by] ? p.default_by : byOptions[0], topN: p.top_n || 10,
    sort: "time", expanded: new Set(), selected: null, idle: false };
  const shown = COLUMNS.map((c) => !c[3] || (c[0] === "program" && duplicateNames(p.trees[state.by])));
  let roots = [];
  const card = h("div", { class: "nbp-details", "data-testid": "op-details", "aria-live": "polite" },
    h("span", { class: "nbp-muted" }, "Hover or select an op to see its details."));
  const headRow = h("tr");
  const tbody = h("tbody");
  const table = h("table", { class: "nbp-table", role: "treegrid", "data-testid": "op-tree" }, h("thead", {}, headRow), tbody);

  function showDetails(node) {
    card.replaceChildren(h("div", { class: "nbp-tip-title", "data-testid": "op-details-name" }, node.name), detailsTable(details(node)));
  }
  function toggle(node) {
    if (state.expanded.has(node.node_id)) state.expanded.delete(node.node_id); else state.expanded.add(node.node_id);
    draw();
    tbody.querySelector(`tr[data-id="${CSS.escape(String(node.node_id))}"]`)?.focus();
  }
  function cell(id, node) {
    const [, , text] = COLUMNS.find((c) => c[0] === id);
    if (id === "flops_utilization") {
      const util = node.flops_utilization;
      return h("td", { class: "nbp-num", "data-testid": "op-flops-util", "data-util": util ?? "",
        style: util === null || util === undefined ? {} : { background: utilizationColor(util), color: "#111" } }, text(node));
    }
    if (id === "tf_op" || id === "program") return h("td", { title: node[id] || "" }, nameSpan(node[id] || "", null, 40));
    return h("td", { class: "nbp-num", "data-testid": id === "time_pct" ? "op-time-pct" : null }, text(node));
  }
  function row(node, depth) {
    const hasKids = node.children.length > 0;
    const open = state.expanded.has(node.node_id);
    const expander = hasKids
      ? h("button", { type: "button", class: "nbp-expander", tabindex: "-1", "aria-label": open ? "Collapse" : "Expand",
        "data-testid": "expander", onclick: (e) => { e.stopPropagation(); toggle(node); } }, open ? "▾" : "▸")
      : h("span", { class: "nbp-expander" }, "");
    const name = nameSpan(node.name);
    name.dataset.testid = "op-name";
    const tr = h("tr", { tabindex: "0", role: "row", "data-testid": "op-row", "data-id": node.node_id, "data-level": node.level,
      "aria-level": depth + 1, "aria-expanded": hasKids ? String(open) : null,
      class: state.selected === node.node_id ? "nbp-selected" : "" },
      h("td", { class: "nbp-sticky nbp-name-col", title: node.name, style: { paddingLeft: `${6 + depth * 14}px` } }, expander, name),
      COLUMNS.map(([id], i) => (shown[i] ? cell(id, node) : null)));
    tr.addEventListener("mouseenter", () => showDetails(node));
    tr.addEventListener("focus", () => showDetails(node));
    tr.addEventListener("click", () => { state.selected = node.node_id; showDetails(node); if (hasKids) toggle(node); else draw(); });
    tr.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight" && hasKids && !open) { e.preventDefault(); toggle(node); }
      else if (e.key === "ArrowLeft" && hasKids && open) { e.preventDefault(); toggle(node); }
      else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); state.selected = node.node_id; showDetails(node); if (hasKids) toggle(node); }
      else if (e.key === "ArrowDown" && tr.nextElementSibling) { e.preventDefault(); tr.nextElementSibling.focus(); }
      else if (e.key === "ArrowUp" && tr.previousElementSibling) { e.preventDefault(); tr.previousElementSibling.focus(); }
    });
    return tr;
  }
  function visit(node, depth, out) {
    out.push(row(node, depth));
    if (!state.expanded.has(node.node_id)) return;
    const key = SORTS[state.sort].key;
    const kids = node.children.slice().sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    // Top-N applies to ops inside a group (XProf's "top N ops per category"); groups are all shown.
    const limit = node.level >= 1 && state.topN > 0 ? state.topN : Infinity;
    kids.slice(0, limit).forEach((k) => visit(k, depth + 1, out));
    if (kids.length > limit) {
      out.push(h("tr", { class: "nbp-muted", "data-testid": "op-more" },
        h("td", { class: "nbp-sticky", colspan: 1 + shown.filter(Boolean).length, style: { paddingLeft: `${22 + (depth + 1) * 14}px` } },
          `… ${kids.length - limit} more ops (raise "Top N" to see them)`)));
    }
  }
  function draw() {
    headRow.replaceChildren(h("th", { class: "nbp-sticky nbp-name-col" }, "Name"),
      ...COLUMNS.map(([, label, , ], i) => (shown[i] ? h("th", { class: i < 6 ? "nbp-num" : "", "data-col": COLUMNS[i][0] }, label) : null))
        .filter(Boolean));
    const out = [];
    roots.forEach((r) => visit(r, 0, out));
    tbody.replaceChildren(...out);
  }
  function trees() {
    return state.idle && p.idle_trees ? p.idle_trees : p.trees;
  }
  function load() {
    roots = buildTree(trees()[state.by]);
    state.expanded = new Set(roots.map((r) => r.node_id));
    draw();
  }
  const bySelect = h("select", { "data-testid": "op-by", "aria-label": "Group ops by",
    onchange: (e) => { state.by = e.target.value; load(); } },
    byOptions.map((b) => h("option", { value: b, selected: b === state.by }, b === "program" ? "Program" : "Category")));
  const topInput = h("input", { type: "number", min: 0, step: 1, value: state.topN, style: { width: "5em" }, "data-testid": "op-topn",
    "aria-label": "Top N ops per group", onchange: (e) => {
      const n = Math.max(0, parseInt(e.target.value || "0", 10));
      if (n !== state.topN) { state.topN = n; draw(); }
    } });
  const sortSelect = h("select", { "data-testid": "op-sort", "aria-label": "Sort ops by",
    onchange: (e) => { state.sort = e.target.value; draw(); } },
    Object.entries(SORTS).map(([k, v]) => h("option", { value: k }, v.label)));
  const idleToggle = p.idle_trees
    ? h("label", { title: "Count the device's idle time in the root and show it as an IDLE node" },
      h("input", { type: "checkbox", "data-testid": "op-include-idle", onchange: (e) => { state.idle = e.target.checked; load(); } }),
      "Include idle time")
    : null;
  const expandAll = h("button", { type: "button", "data-testid": "op-expand-all", onclick: () => {
    const walk = (n) => { if (n.children.length) { state.expanded.add(n.node_id); n.children.forEach(walk); } };
    roots.forEach(walk); draw(); } }, "Expand all");
  const collapseAll = h("button", { type: "button", onclick: () => { state.expanded = new Set(roots.map((r) => r.node_id)); draw(); } }, "Collapse all");
  const chooser = columnChooser([{ id: "name", label: "Name" }, ...COLUMNS.map(([id, label]) => ({ id, label }))], [true, ...shown],
    (i, on) => { shown[i - 1] = on; draw(); }, "op-tree");
  root.append(h("div", { class: "nbp-toolbar" }, h("label", {}, "Group by", bySelect), h("label", {}, "Top N ops per group", topInput),
    h("label", {}, "Sort by", sortSelect), idleToggle, expandAll, collapseAll, chooser));
  if (p.summary && p.summary.length) {
    root.append(h("table", { class: "nbp-kv", "data-testid": "op-summary" }, h("tbody", {},
      p.summary.map(([label, value]) => h("tr", {}, h("td", {}, label), h("td", {}, value))))));
  }
  root.append(section(null, h("div", { class: "nbp-table-box" },
    h("div", { class: "nbp-table-wrap", style: { maxHeight: "460px" }, "data-testid": "op-tree-scroller" }, table)), card));
  load();
}

export default standaloneView(renderOpProfile);
