// Sortable, filterable, keyboard-accessible table with "Export as CSV" and a column chooser.
// Columns: {id, label, type ("str"|"name"|"int"|"num"|"pct"|"frac"|"ps"|"us"|"ms"|"bytes"|"bool"), hidden?, title?, color?}
// Rows: arrays aligned with the columns (raw values; formatting happens at render time).
// The first column stays put when the table scrolls sideways; "name" columns show long names shortened
// (nameSpan: full name on hover and when copied). Hidden columns are listed under "Columns".
import { h, download } from "./dom.js";
import { formatCell } from "./format.js";
import { NAME_BUDGET, namePlan, nameSpan } from "./names.js";

const NUMERIC = new Set(["int", "num", "pct", "frac", "ps", "us", "ms", "bytes"]);

/** Average width (px) of a character of `texts` in `el`'s font (7 px where it cannot be measured). */
function averageCharWidth(el, texts) {
  const text = texts.join("") || "abcdefghijklmnopqrstuvwxyz_/:<>0123456789";
  const ctx = document.createElement("canvas").getContext("2d");
  if (!ctx) return 7;
  const cs = getComputedStyle(el);  // (the font shorthand reads "" when a longhand has no shorthand form)
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  return Math.max(4, ctx.measureText(text).width / text.length) || 7;
}

export function isNumeric(column) {
  return NUMERIC.has(column.type);
}

function compare(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b));
}

/** CSV of the rows; text cells a spreadsheet would run as a formula (= + - @ tab CR) get a leading '. */
export function toCsv(columns, rows) {
  const quote = (v) => {
    if (v === null || v === undefined) return "";
    const text = typeof v === "string" && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.map((c) => quote(c.label)), ...rows.map((r) => r.map(quote))].map((r) => r.join(",")).join("\n") + "\n";
}

/** The "Columns" chooser: a checkbox per column; calls onChange(id, shown). */
export function columnChooser(columns, shown, onChange, testid) {
  const list = h("div", { class: "nbp-menu", role: "group", "aria-label": "Columns shown" },
    columns.map((col, i) => h("label", { class: "nbp-menu-item" },
      h("input", { type: "checkbox", checked: shown[i], disabled: i === 0, "data-col": col.id,
        onchange: (e) => onChange(i, e.target.checked) }), col.label)));
  const hiddenCount = () => shown.filter((v) => !v).length;
  const summary = h("summary", { "data-testid": `${testid}-columns` });
  const box = h("details", { class: "nbp-chooser" }, summary, list);
  const update = () => { summary.textContent = hiddenCount() ? `Columns (${hiddenCount()} hidden)` : "Columns"; };
  update();
  box.addEventListener("change", update);
  box.addEventListener("keydown", (e) => { if (e.key === "Escape") { box.open = false; summary.focus(); } });
  return box;
}

/**
 * dataTable({columns, rows, sortBy, sortDesc, filterColumn, csvName, testid, maxRows, onHover, onSelect})
 * returns {el, setRows(rows), visibleRows()}.
 */
export function dataTable(spec) {
  const columns = spec.columns;
  let rows = spec.rows || [];
  const shown = columns.map((c, i) => i === 0 || !c.hidden);
  const state = {
    sort: spec.sortBy !== undefined ? columns.findIndex((c) => c.id === spec.sortBy) : -1,
    desc: spec.sortDesc !== undefined ? spec.sortDesc : true,
    filter: "",
    limit: spec.maxRows || 200,
  };
  const filterIndex = spec.filterColumn ? columns.findIndex((c) => c.id === spec.filterColumn) : -1;
  const testid = spec.testid || "table";
  let plans = new Map(); // column index -> name -> parts shown (see names.js), for the current budget
  let budget = NAME_BUDGET; // characters a name column shows, from the table's width

  const headerCells = columns.map((col, i) => {
    const button = h("button", { type: "button", title: col.title || `Sort by ${col.label}`,
      onclick: () => { if (state.sort === i) state.desc = !state.desc; else { state.sort = i; state.desc = isNumeric(col); } render(); } },
      col.label, h("span", { class: "nbp-sort-mark", "aria-hidden": "true" }));
    return h("th", { scope: "col", class: cellClass(col, i), "data-col": col.id }, button);
  });
  const headRow = h("tr");
  const tbody = h("tbody");
  const table = h("table", { class: "nbp-table", "data-testid": testid }, h("thead", {}, headRow), tbody);
  const count = h("span", { class: "nbp-note", "data-testid": `${testid}-count` });
  const more = h("button", { type: "button", style: { display: "none" }, onclick: () => { state.limit *= 4; render(); } }, "Show more rows");
  const toolbar = h("div", { class: "nbp-toolbar" });
  if (filterIndex >= 0) {
    toolbar.append(h("label", {}, `Filter by ${columns[filterIndex].label.toLowerCase()}:`,
      h("input", { type: "search", "data-testid": `${testid}-filter`, "aria-label": `Filter by ${columns[filterIndex].label}`,
        oninput: (e) => { state.filter = e.target.value.toLowerCase(); render(); } })));
  }
  if (columns.length > 2 && spec.chooser !== false) {
    toolbar.append(columnChooser(columns, shown, (i, on) => { shown[i] = on; render(); }, testid));
  }
  if (spec.csvName) {
    toolbar.append(h("button", { type: "button", "data-testid": `${testid}-csv`,
      onclick: () => download(spec.csvName, toCsv(columns, visibleRows())) }, "Export as CSV"));
  }
  toolbar.append(count);
  const el = h("div", { class: "nbp-table-box" }, toolbar,
    h("div", { class: "nbp-table-wrap", "data-testid": `${testid}-scroller` }, table), more);

  function cellClass(col, i) {
    return [isNumeric(col) ? "nbp-num" : "", i === 0 ? "nbp-sticky" : "", col.type === "name" ? "nbp-name-col" : ""].join(" ").trim();
  }

  function computePlans() {
    plans = new Map();
    columns.forEach((col, i) => { if (col.type === "name") plans.set(i, namePlan(rows.map((r) => r[i]), budget)); });
  }

  function visibleRows() {
    let out = rows;
    if (state.filter && filterIndex >= 0) out = out.filter((r) => String(r[filterIndex] ?? "").toLowerCase().includes(state.filter));
    if (state.sort >= 0) {
      const i = state.sort;
      const sign = state.desc ? -1 : 1;
      out = out.map((r, k) => [r, k]).sort((a, b) => {
        const c = compare(a[0][i], b[0][i]);
        if (c === 0) return a[1] - b[1];
        if (a[0][i] === null || a[0][i] === undefined || b[0][i] === null || b[0][i] === undefined) return c;
        return sign * c;
      }).map((x) => x[0]);
    }
    return out;
  }

  function cell(col, i, value, row) {
    let content;
    if (col.type === "name") content = nameSpan(value, plans.get(i)?.get(value));
    else content = formatCell(value, col.type);
    const text = (col.type === "str" || col.type === "name") && value !== null && value !== undefined ? String(value) : null;
    const td = h("td", { class: cellClass(col, i), title: text }, content);
    if (col.color) {
      const bg = col.color(value, row);
      if (bg) { td.style.background = bg; td.style.color = "#111"; }
    }
    return td;
  }

  function rowElement(row) {
    const tr = h("tr", { tabindex: "0" }, columns.map((col, i) => (shown[i] ? cell(col, i, row[i], row) : null)));
    if (spec.onHover) {
      tr.addEventListener("mouseenter", (e) => spec.onHover(row, e));
      tr.addEventListener("focus", () => spec.onHover(row, null));
    }
    if (spec.onLeave) tr.addEventListener("mouseleave", () => spec.onLeave(row));
    if (spec.onSelect) tr.addEventListener("click", () => spec.onSelect(row));
    tr.addEventListener("keydown", (e) => {
      if (e.key === "ArrowDown" && tr.nextElementSibling) { e.preventDefault(); tr.nextElementSibling.focus(); }
      if (e.key === "ArrowUp" && tr.previousElementSibling) { e.preventDefault(); tr.previousElementSibling.focus(); }
      if ((e.key === "Enter" || e.key === " ") && spec.onSelect) { e.preventDefault(); spec.onSelect(row); }
    });
    return tr;
  }

  function render() {
    headRow.replaceChildren(...headerCells.filter((_, i) => shown[i]));
    headerCells.forEach((th, i) => {
      th.setAttribute("aria-sort", i === state.sort ? (state.desc ? "descending" : "ascending") : "none");
      th.querySelector(".nbp-sort-mark").textContent = i === state.sort ? (state.desc ? "▼" : "▲") : "";
    });
    const visible = visibleRows();
    tbody.replaceChildren(...visible.slice(0, state.limit).map(rowElement));
    count.textContent = visible.length > state.limit
      ? `showing ${state.limit} of ${visible.length} rows` : `${visible.length} rows`;
    more.style.display = visible.length > state.limit ? "" : "none";
  }

  computePlans();
  render();
  // name columns take up to 40% of the table's width (styles.js): show as many characters as fit there
  const nameIndex = columns.findIndex((c) => c.type === "name");
  if (typeof ResizeObserver !== "undefined" && nameIndex >= 0) {
    let charWidth = 0;
    new ResizeObserver((entries) => {
      const width = entries[entries.length - 1].contentRect.width;
      if (!(width > 0)) return;
      charWidth ||= 1.12 * averageCharWidth(table, rows.slice(0, 50).map((r) => String(r[nameIndex] ?? "")));
      const next = Math.max(24, Math.min(90, Math.floor((Math.min(0.40 * width, 560) - 14) / charWidth)));
      if (Math.abs(next - budget) >= 2) requestAnimationFrame(() => { budget = next; computePlans(); render(); });
    }).observe(el);
  }
  return {
    el,
    setRows(next) { rows = next; computePlans(); render(); },
    visibleRows,
  };
}
