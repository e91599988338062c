// Long names (C++ kernels, scoped framework ops) shortened so that rows stay distinguishable:
// the start, then the part where a name differs from its nearest neighbours. The full text stays in
// the DOM (the cut parts are zero-size, so selecting and copying a cell copies the whole name) and in
// the `title` (shown on hover).
import { h } from "./dom.js";

export const NAME_BUDGET = 60; // characters shown at most (the cell's width may end-ellipsize further)
const HEAD = 18; // characters kept from the start when the middle is cut
const CONTEXT = 10; // characters kept before the point where a name departs from its neighbours

function commonPrefix(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** name -> index where it departs from the names nearest to it in sorted order (0 for a lone name). */
export function divergence(names) {
  const unique = [...new Set(names.filter((n) => typeof n === "string"))].sort();
  const out = new Map();
  unique.forEach((name, i) => {
    const before = i > 0 ? commonPrefix(name, unique[i - 1]) : 0;
    const after = i + 1 < unique.length ? commonPrefix(name, unique[i + 1]) : 0;
    out.set(name, Math.max(before, after));
  });
  return out;
}

/**
 * Split `name` into shown and cut parts: [[text, shown], ...] whose texts concatenate to `name`.
 * `at` is where the name departs from its neighbours (see divergence).
 */
export function nameParts(name, at = 0, budget = NAME_BUDGET) {
  if (name.length <= budget + 4) return [[name, true]];  // cutting would hide next to nothing
  if (budget < 2 * HEAD) {  // little room: the start and the end (scoped names end with the op itself)
    const head = Math.max(1, Math.floor(budget * 0.4));
    if (at + 2 <= budget - 1) return [[name.slice(0, budget - 1), true], [name.slice(budget - 1), false]];
    const tail = Math.max(1, budget - head - 1);
    return [[name.slice(0, head), true], [name.slice(head, name.length - tail), false], [name.slice(name.length - tail), true]];
  }
  const tail = Math.min(24, Math.floor(budget / 3));
  const prefix = budget - tail;
  if (at + CONTEXT <= prefix) {
    // the name differs from its neighbours near its start: keep the start and the end
    return [[name.slice(0, prefix), true], [name.slice(prefix, name.length - tail), false], [name.slice(name.length - tail), true]];
  }
  // keep the start and a window from where the name differs (to the end when it fits)
  const windowLen = budget - HEAD;
  const windowStart = Math.min(at - CONTEXT, name.length - windowLen);
  const windowEnd = windowStart + windowLen;
  const parts = [[name.slice(0, HEAD), true]];
  if (windowStart > HEAD) parts.push([name.slice(HEAD, windowStart), false]);
  parts.push([name.slice(Math.max(HEAD, windowStart), windowEnd), true]);
  if (windowEnd < name.length) parts.push([name.slice(windowEnd), false]);
  return parts;
}

/** The shown text of a name ("…" where parts are cut). */
export function shortName(name, at = 0, budget = NAME_BUDGET) {
  return nameParts(name, at, budget).map(([text, shown]) => (shown ? text : "…")).join("");
}

/** A span showing `name` shortened; its text content is the whole name. */
export function nameSpan(name, at = 0, budget = NAME_BUDGET) {
  const text = name === null || name === undefined ? "" : String(name);
  const parts = nameParts(text, at, budget);
  const span = h("span", { class: "nbp-name", title: parts.length > 1 ? text : null, "data-full": parts.length > 1 ? "" : null });
  for (const [part, shown] of parts) span.append(shown ? document.createTextNode(part) : h("span", { class: "nbp-cut" }, part));
  return span;
}
