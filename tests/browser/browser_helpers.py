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
