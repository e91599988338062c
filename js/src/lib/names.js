// Long names (C++ kernels, scoped framework ops) shortened so that rows stay distinguishable: the
// start, the part where a name differs from the names next to it, and the end. The full text stays in
// the DOM (the cut parts are zero-size, so selecting and copying a name copies all of it) and in the
// `title` (shown on hover).
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
 * `at` is where the name departs from its neighbours (see divergence); `budget` the characters shown.
 */
export function nameParts(name, at = 0, budget = NAME_BUDGET) {
  if (name.length <= budget + 4) return [[name, true]];  // cutting would hide next to nothing
  const cut = (from, to) => (to > from ? [[name.slice(from, to), false]] : []);
  if (budget < 10) return [[name.slice(0, budget - 1), true], ...cut(budget - 1, name.length)];
  const head = Math.min(HEAD, Math.floor(budget * 0.3));
  const context = Math.min(CONTEXT, Math.floor(budget * 0.15));
  const tail = Math.min(24, Math.floor(budget / 3));
  if (at + context <= budget - tail) {  // it differs near the start: the start and the end
    return [[name.slice(0, budget - tail), true], ...cut(budget - tail, name.length - tail), [name.slice(name.length - tail), true]];
  }
  const end = budget - head - 1;
  if (at - context >= name.length - end) {  // it differs near the end: the start and the end
    return [[name.slice(0, head), true], ...cut(head, name.length - end), [name.slice(name.length - end), true]];
  }
  // it differs in the middle: the start, a window from there, and the end
  const last = Math.min(16, Math.floor(budget / 4));
  const from = Math.max(head, at - context);
  const to = Math.min(from + budget - head - last, name.length - last);
  return [[name.slice(0, head), true], ...cut(head, from), [name.slice(from, to), true], ...cut(to, name.length - last),
    [name.slice(name.length - last), true]];
}

/** The shown text of a name ("…" where parts are cut). */
export function shownText(parts) {
  return parts.map(([text, shown]) => (shown ? text : "…")).join("");
}

/** The shown text of a name shortened to `budget` characters. */
export function shortName(name, at = 0, budget = NAME_BUDGET) {
  return shownText(nameParts(name, at, budget));
}

/**
 * Parts showing the start, a window around each of `anchors` (positions where the name departs from
 * names that would read the same) and the end, in `budget` characters.
 */
export function partsAround(name, anchors, budget = NAME_BUDGET) {
  if (name.length <= budget + 4 || budget < 10) return nameParts(name, anchors[0] || 0, budget);
  const head = Math.min(HEAD, Math.floor(budget * 0.3));
  const last = Math.min(16, Math.floor(budget / 4));
  const context = Math.min(CONTEXT, Math.floor(budget * 0.15));
  const points = [...new Set(anchors)].sort((a, b) => a - b);
  const size = Math.max(4, Math.floor((budget - head - last) / points.length));
  const windows = [];
  for (const a of points) {
    const from = Math.max(head, Math.min(a - Math.min(context, Math.floor(size / 3)), name.length - last - size));
    const to = Math.min(from + size, name.length - last);
    const prev = windows[windows.length - 1];
    if (prev && from <= prev[1]) prev[1] = Math.max(prev[1], to); else windows.push([from, to]);
  }
  const parts = [[name.slice(0, head), true]];
  let at = head;
  for (const [from, to] of windows) {
    if (from > at) parts.push([name.slice(at, from), false]);
    parts.push([name.slice(Math.max(at, from), to), true]);
    at = to;
  }
  if (name.length - last > at) parts.push([name.slice(at, name.length - last), false]);
  parts.push([name.slice(Math.max(at, name.length - last)), true]);
  return parts;
}

/**
 * name -> parts for a set of names shown together (a table column, a legend): names that would still
 * read the same get a window where they first depart from each of those (up to 3 windows).
 */
export function namePlan(names, budget = NAME_BUDGET) {
  const at = divergence(names);
  const plan = new Map([...at].map(([name, i]) => [name, nameParts(name, i, budget)]));
  const anchors = new Map();
  for (let round = 0; round < 3; round++) {
    const groups = collisions(plan);
    if (!groups.length) break;
    for (const group of groups) {
      for (const name of group) {
        // where it departs from each name it reads the same as (most shared first), then earlier anchors
        const counts = new Map();
        for (const o of group) if (o !== name) { const d = commonPrefix(name, o); counts.set(d, (counts.get(d) || 0) + 1); }
        const firsts = [...counts].sort((x, y) => y[1] - x[1]).map(([d]) => d);
        const chosen = [];
        for (const d of [...firsts, ...(anchors.get(name) || [])]) {
          if (chosen.length < 3 && chosen.every((c) => Math.abs(c - d) > 3)) chosen.push(d);
        }
        chosen.sort((x, y) => x - y);
        anchors.set(name, chosen);
        plan.set(name, partsAround(name, chosen, budget));
      }
    }
  }
  return plan;
}

/** Groups of (cut) names whose shown texts are the same. */
function collisions(plan) {
  const byShown = new Map();
  for (const [name, parts] of plan) {
    if (parts.length === 1) continue;
    const key = shownText(parts);
    byShown.set(key, [...(byShown.get(key) || []), name]);
  }
  return [...byShown.values()].filter((g) => g.length > 1);
}

/** A span showing `name` as `parts` (default: shortened on its own); its text content is the whole name. */
export function nameSpan(name, parts = null, budget = NAME_BUDGET) {
  const text = name === null || name === undefined ? "" : String(name);
  const split = parts || nameParts(text, 0, budget);
  const span = h("span", { class: "nbp-name", title: split.length > 1 ? text : null, "data-full": split.length > 1 ? "" : null });
  for (const [part, shown] of split) span.append(shown ? document.createTextNode(part) : h("span", { class: "nbp-cut" }, part));
  return span;
}
