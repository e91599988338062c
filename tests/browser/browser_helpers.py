"""Helpers for nbprof's browser tests (import from here, not from conftest: the name ``conftest``
is shared by several directories)."""

from __future__ import annotations

# A name from a profile that would run script if a view used innerHTML.
INJECTION = "<img src=x onerror=alert(1)>"


def assert_clean(page) -> None:
    """No request left 127.0.0.1, no console error, no injected element or dialog."""
    assert page.offline_guard.blocked == [], f"requests left the machine: {page.offline_guard.blocked}"
    assert page.console_errors == [], f"console errors: {page.console_errors}"
    assert page.evaluate("document.querySelectorAll('#root img, #nbprof-root img').length") == 0


def fmt_bytes(value: float, digits: int = 2) -> str:
    """Python twin of js/src/lib/format.js formatBytes (to compare what the page shows)."""
    units = ["B", "KiB", "MiB", "GiB", "TiB"]
    v, unit = float(value), 0
    while abs(v) >= 1024 and unit < len(units) - 1:
        v /= 1024
        unit += 1
    return f"{int(value)} B" if unit == 0 else f"{v:.{digits}f} {units[unit]}"


def fmt_ps(ps: float, digits: int = 3) -> str:
    """Python twin of js/src/lib/format.js formatPs."""
    for unit, scale in (("s", 1e12), ("ms", 1e9), ("us", 1e6), ("ns", 1e3), ("ps", 1)):
        if abs(ps) >= scale or unit == "ps":
            text = f"{ps / scale:.{digits}f}"
            text = text.rstrip("0").rstrip(".") if "." in text else text
            return f"{text} {unit}"
    return f"{ps} ps"


def choose_tool(page, tool: str) -> None:
    """Open ``tool`` in the app: its tab, or the "More" menu when the tab did not fit in the row."""
    tab = page.locator(f"[data-testid=tab-{tool}]")
    if tab.is_visible():
        tab.click()
    else:
        page.select_option("[data-testid=tab-more]", tool)
    page.wait_for_function(
        "(t) => document.querySelector('[data-testid=app-content]')?.dataset.tool === t"
        " || document.querySelector('[data-testid=app-content]')?.dataset.state === 'loading'",
        arg=tool,
    )


def column_texts(page, testid: str, label: str) -> list[str]:
    """The text of each body cell of the column headed ``label`` in table ``testid``."""
    idx = page.eval_on_selector_all(
        f"[data-testid={testid}] thead th",
        f"ths => ths.findIndex(th => th.textContent.replace(/[▲▼]/g, '') === {label!r})",
    )
    assert idx >= 0, label
    return page.eval_on_selector_all(
        f"[data-testid={testid}] tbody tr", f"trs => trs.map(tr => tr.children[{idx}].textContent)"
    )


# What overflows `root` (a view's output area): its horizontal overflow, the elements that stick out of
# it other than inside a scroller of their own (a table's wrapper, a cell, the tab row), the charts
# and whether each drawing stays inside its box, the visible tables' scrollers.
FIT_REPORT = """(root) => {
  const rr = root.getBoundingClientRect();
  const shown = (e) => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const clipped = (e) => {
    for (let p = e.parentElement; p && p !== root; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  };
  const name = (e) => `${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className).trim().replace(/\\s+/g, '.')}`
    + ` ${Math.round(e.getBoundingClientRect().right - rr.right)}px`;
  const outside = [...root.querySelectorAll('*')]
    .filter((e) => shown(e) && e.getBoundingClientRect().right > rr.right + 1 && !clipped(e)).slice(0, 5).map(name);
  const charts = [...root.querySelectorAll('.nbp-chart')].filter(shown).map((box) => {
    const b = box.getBoundingClientRect(), s = box.firstElementChild.getBoundingClientRect();
    const svg = box.querySelector('svg').getBoundingClientRect();
    return { inside: s.left >= b.left - 1 && s.right <= b.right + 1 && svg.right <= b.right + 1,
      fills: svg.width >= b.width * 0.8 || s.width >= b.width * 0.8, box: Math.round(b.width), drawn: Math.round(svg.width) };
  });
  return { overflow: root.scrollWidth - root.clientWidth, width: Math.round(rr.width), outside, charts };
}"""

# The header cells of `labels` in the table inside `wrap` (a .nbp-table-wrap): are they inside the
# scroller's visible part before any scrolling, and does the first column stay put when it scrolls?
TABLE_REPORT = """([wrap, labels]) => {
  wrap.scrollLeft = 0;
  const w = wrap.getBoundingClientRect();
  const ths = [...wrap.querySelectorAll('thead th')];
  const text = (th) => th.textContent.replace(/[▲▼]/g, '').trim();
  const visible = Object.fromEntries(labels.map((l) => {
    const th = ths.find((t) => text(t) === l);
    if (!th) return [l, 'missing'];
    const b = th.getBoundingClientRect();
    return [l, b.left >= w.left - 1 && b.right <= w.right + 1];
  }));
  const first = ths[0];
  wrap.scrollLeft = wrap.scrollWidth;
  const stuck = Math.abs(first.getBoundingClientRect().left - wrap.getBoundingClientRect().left) <= 2;
  const scrolls = wrap.scrollLeft > 0;
  wrap.scrollLeft = 0;
  return { visible, stuck, scrolls };
}"""

# Every shortened name in `root`: its hover text (title) and what selecting and copying it gives.
NAMES_REPORT = """(root) => [...root.querySelectorAll('.nbp-name[data-full]')].slice(0, 40).map((span) => {
  const range = document.createRange();
  range.selectNodeContents(span);
  const sel = getSelection();
  sel.removeAllRanges();
  sel.addRange(range);
  const copied = sel.toString();
  sel.removeAllRanges();
  const shownText = [...span.childNodes].map((n) => (n.nodeType === 3 ? n.textContent : '…')).join('');
  return { title: span.getAttribute('title'), full: span.textContent, copied, shown: shownText };
})"""


# Per table in `root`: the first column's names, full and as shown (cut parts read "…").
FIRST_COLUMN_NAMES = """(root) => [...root.querySelectorAll('table.nbp-table')].map((t) =>
  [...t.querySelectorAll('tbody tr > td:first-child')].map((td) => {
    const span = td.querySelector('.nbp-name');
    if (!span) return [td.textContent, td.textContent];
    return [span.textContent, [...span.childNodes].map((n) => (n.nodeType === 3 ? n.textContent : '…')).join('')];
  }))"""


def check_fit(page, root_selector: str, tables: dict[str, list[str]] | None = None) -> dict:
    """Assert the view in ``root_selector`` fits its box; ``tables`` maps a table's data-testid to the
    labels of its key columns, which must be visible without scrolling. Returns the fit report."""
    root = page.locator(root_selector).first
    report = root.evaluate(FIT_REPORT)
    assert report["overflow"] <= 1, report
    assert report["outside"] == [], report
    for chart in report["charts"]:
        assert chart["inside"] and chart["fills"], report
    for testid, labels in (tables or {}).items():
        wrap = root.locator(f"[data-testid={testid}-scroller]")
        table = page.evaluate(TABLE_REPORT, [wrap.element_handle(), labels])
        assert all(v is True for v in table["visible"].values()), (testid, table)
        if table["scrolls"]:
            assert table["stuck"], (testid, table)
    for name in root.evaluate(NAMES_REPORT):
        assert name["title"] == name["full"] == name["copied"], name
        assert len(name["shown"]) < len(name["full"]), name
    for column in root.evaluate(FIRST_COLUMN_NAMES):  # different names never read the same
        shown = {}
        for full, text in column:
            shown.setdefault(text, set()).add(full)
        assert all(len(names) == 1 for names in shown.values()), [n for n in shown.values() if len(n) > 1]
    return report


def assert_no_raw_missing(page, selector: str = "#root") -> None:
    """No value drawn as JavaScript's raw "null", "undefined" or "NaN" (text and SVG labels)."""
    import re

    text = page.locator(selector).first.evaluate("(root) => root.textContent")
    found = re.findall(r"\b(?:null|undefined|NaN)\b", text)
    assert not found, found
