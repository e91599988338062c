"""The data behind ``nbprof summary``: what is in a profile, at a glance."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from nbprof.text import printable
from nbprof.units import format_bytes, format_ps


def _text(value: object) -> str:
    """A name from the profile, safe to print on one terminal line (control characters escaped)."""
    return printable(value, one_line=True)


@dataclass
class ProfileSummary:
    """Counts, span and the heaviest events of a profile.

    planes: one row per plane (host, name, lines, events).
    lines: one row per line (host, plane, line, events, busy_ps).
    top_total / top_self: the 10 event names with the largest total / self time
    (``count``, ``total_ps``, ``self_ps``, ``avg_ps``), over all timed events.
    """

    paths: list[str]
    run: str | None
    hosts: list[str]
    num_events: int
    num_aggregated: int
    span_ps: int
    origin_ns: int
    origin_source: str
    planes: pd.DataFrame
    lines: pd.DataFrame
    top_total: pd.DataFrame
    top_self: pd.DataFrame
    errors: list[str]
    warnings: list[str]
    notes: list[str]
    file_bytes: int

    def to_text(self) -> str:
        """A readable multi-line report with units; text from the profile has its control
        characters (terminal escape sequences, newlines) escaped."""
        out = []
        out.append(f"Profile: {', '.join(map(_text, self.paths))}")
        if self.run:
            out.append(f"Run: {_text(self.run)}")
        out.append(f"Hosts: {', '.join(map(_text, self.hosts))}   File size: {format_bytes(self.file_bytes)}")
        out.append(
            f"Events: {self.num_events:,}" + (f" ({self.num_aggregated:,} aggregated)" if self.num_aggregated else "")
        )
        out.append(f"Time span: {format_ps(self.span_ps)}   (time origin: {_text(self.origin_source)})")
        out.append("")
        out.append("Planes:")
        for row in self.planes.itertuples(index=False):
            out.append(
                f"  {_text(row.host)}  {_text(row.name):<32} {row.num_lines:>5} lines {row.num_events:>12,} events"
            )
        out.append("")
        out.append("Lines:")
        for row in self.lines.itertuples(index=False):
            out.append(
                f"  {_text(row.plane):<20} {_text(row.line)[:48]:<48} {row.events:>10,} events  busy {format_ps(row.busy_ps)}"
            )
        for title, frame in (
            ("Top 10 events by total time", self.top_total),
            ("Top 10 events by self time", self.top_self),
        ):
            out.append("")
            out.append(f"{title}:")
            out.append(f"  {'name':<56} {'count':>8} {'total':>12} {'self':>12} {'average':>12}")
            for row in frame.itertuples(index=False):
                out.append(
                    f"  {_text(row.name)[:56]:<56} {row.count:>8,} {format_ps(row.total_ps):>12} "
                    f"{format_ps(row.self_ps):>12} {format_ps(row.avg_ps):>12}"
                )
        for label, items in (("Errors", self.errors), ("Warnings", self.warnings), ("Notes", self.notes)):
            if items:
                out.append("")
                out.append(f"{label}:")
                out.extend(f"  - {printable(x)}" for x in items)
        return "\n".join(out)

    def __repr__(self) -> str:
        return self.to_text()


def summarize(profile: object, top: int = 10) -> ProfileSummary:
    """Summarise a Profile (see ProfileSummary); ``top``: rows of ``top_total`` and ``top_self``."""
    import os

    profile.check_sums()  # type: ignore[attr-defined]  # the sums below fit int64
    ev = _categorical_keys(profile.events)  # type: ignore[attr-defined]
    timed = ~ev["aggregated"].to_numpy(dtype=bool)
    by_name = _by_name(ev, timed)
    top_total = _top(by_name, "total_ps", top)
    top_self = _top(by_name, "self_ps", top)
    lines = _lines(ev, timed)
    size = 0
    for p in profile.paths:  # type: ignore[attr-defined]
        try:
            size += os.path.getsize(p)
        except OSError:
            pass
    return ProfileSummary(
        paths=list(profile.paths),
        run=profile.run,
        hosts=list(profile.hosts),  # type: ignore[attr-defined]
        num_events=len(ev),
        num_aggregated=int(ev["aggregated"].sum()),
        span_ps=profile.duration_ps,  # type: ignore[attr-defined]
        origin_ns=profile.origin_ns,
        origin_source=profile.origin_source,  # type: ignore[attr-defined]
        planes=profile.planes[["host", "name", "num_lines", "num_events"]].copy(),  # type: ignore[attr-defined]
        lines=lines,
        top_total=top_total,
        top_self=top_self,
        errors=list(profile.errors),
        warnings=list(profile.warnings),
        notes=list(profile.notes),  # type: ignore[attr-defined]
        file_bytes=size,
    )


def _categorical_keys(ev: pd.DataFrame) -> pd.DataFrame:
    """``ev`` with ``name``, ``host``, ``plane`` and ``line`` categorical (a loaded profile's are: then
    ``ev`` itself); other frames get those four columns converted (sorted categories, as a groupby
    orders its groups), the rest shared."""
    keys = ("name", "host", "plane", "line")
    plain = [c for c in keys if not isinstance(ev[c].dtype, pd.CategoricalDtype)]
    if not plain:
        return ev
    return ev.assign(**{c: ev[c].astype("category") for c in plain})


def _codes(column: pd.Series) -> np.ndarray:
    """The int64 category codes of a categorical column (-1: missing)."""
    return np.asarray(column.array.codes, dtype=np.int64)


def _sums(key: np.ndarray, n_keys: int, values: np.ndarray) -> np.ndarray:
    """Per key in ``0..n_keys-1``: the int64 sum of ``values`` (exact: no float weights)."""
    out = np.zeros(n_keys, np.int64)
    np.add.at(out, key, values)
    return out


def _by_name(ev: pd.DataFrame, timed: np.ndarray) -> pd.DataFrame:
    """Per event name of the timed events (``timed``: bool per row), in category order: ``name``,
    ``count``, ``total_ps``, ``self_ps``, ``avg_ps``; what ``groupby("name", observed=True)`` gives,
    from the name codes and the two columns only (no copy of the events frame)."""
    name = ev["name"]
    rows = None if timed.all() else np.flatnonzero(timed)
    codes = _codes(name) if rows is None else _codes(name)[rows]
    duration = ev["duration_ps"].to_numpy(np.int64)
    self_ps = ev["self_ps"].to_numpy(np.int64)
    if rows is not None:
        duration, self_ps = duration[rows], self_ps[rows]
    named = codes >= 0  # a missing name is no group
    if not named.all():
        codes, duration, self_ps = codes[named], duration[named], self_ps[named]
    n_categories = len(name.cat.categories)
    count = np.bincount(codes, minlength=n_categories).astype(np.int64)
    present = np.flatnonzero(count)
    total = _sums(codes, n_categories, duration)[present]
    self_total = _sums(codes, n_categories, self_ps)[present]
    count = count[present]
    return pd.DataFrame(
        {
            "name": pd.Categorical.from_codes(present, dtype=name.dtype),
            "count": count,
            "total_ps": total,
            "self_ps": self_total,
            "avg_ps": total // np.maximum(count, 1),
        }
    )


def _top(by_name: pd.DataFrame, column: str, top: int) -> pd.DataFrame:
    """The ``top`` rows with the most ``column``, ties by name (category order)."""
    order = np.lexsort((_codes(by_name["name"]), -by_name[column].to_numpy(np.int64)))[:top]
    return by_name.take(order).reset_index(drop=True)


def _lines(ev: pd.DataFrame, timed: np.ndarray) -> pd.DataFrame:
    """Per (host, plane, line), in category order: ``events`` (all events) and ``busy_ps`` (the
    durations of its timed top-level events). A loaded profile's events of one line are one run of
    rows, so the sums are made per run of equal keys, then per key over the runs."""
    parts = [ev[c] for c in ("host", "plane", "line")]
    codes = [_codes(c) for c in parts]
    n = len(ev)
    changes = np.zeros(n, bool)
    if n:
        changes[0] = True
        for c in codes:
            np.not_equal(c[1:], c[:-1], out=changes[1:], where=~changes[1:])
    starts = np.flatnonzero(changes)
    events = np.diff(np.append(starts, n)).astype(np.int64)
    busy_ps = np.where(timed & (ev["depth"].to_numpy() == 0), ev["duration_ps"].to_numpy(np.int64), 0)
    busy = np.add.reduceat(busy_ps, starts) if n else np.zeros(0, np.int64)
    run_codes = [c[starts] for c in codes]
    complete = np.logical_and.reduce([c >= 0 for c in run_codes]) if n else np.zeros(0, bool)
    sizes = [len(c.cat.categories) for c in parts]
    key = (run_codes[0] * sizes[1] + run_codes[1]) * sizes[2] + run_codes[2]  # the categories' order
    distinct, which = np.unique(key[complete], return_inverse=True)
    which = which.reshape(-1)
    events = _sums(which, len(distinct), events[complete])
    busy = _sums(which, len(distinct), busy[complete])
    line_code = distinct % sizes[2]
    plane_code = (distinct // sizes[2]) % sizes[1]
    host_code = distinct // (sizes[2] * sizes[1])
    return pd.DataFrame(
        {
            "host": pd.Categorical.from_codes(host_code, dtype=parts[0].dtype),
            "plane": pd.Categorical.from_codes(plane_code, dtype=parts[1].dtype),
            "line": pd.Categorical.from_codes(line_code, dtype=parts[2].dtype),
            "events": events,
            "busy_ps": busy,
        }
    )
