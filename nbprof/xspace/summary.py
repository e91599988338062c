"""The data behind ``nbprof summary``: what is in a profile, at a glance."""

from __future__ import annotations

from dataclasses import dataclass

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
    ev = profile.events  # type: ignore[attr-defined]
    timed = ev[~ev["aggregated"]]
    by_name = timed.groupby("name", observed=True).agg(
        count=("duration_ps", "size"), total_ps=("duration_ps", "sum"), self_ps=("self_ps", "sum")
    )
    by_name["avg_ps"] = (by_name["total_ps"] // by_name["count"]).astype("int64")
    by_name = by_name.reset_index()
    top_total = by_name.sort_values(["total_ps", "name"], ascending=[False, True]).head(top).reset_index(drop=True)
    top_self = by_name.sort_values(["self_ps", "name"], ascending=[False, True]).head(top).reset_index(drop=True)
    lines = (
        timed[timed["depth"] == 0]
        .groupby(["host", "plane", "line"], observed=True)
        .agg(busy_ps=("duration_ps", "sum"))
        .reset_index()
    )
    counts = ev.groupby(["host", "plane", "line"], observed=True).size().rename("events").reset_index()
    lines = counts.merge(lines, on=["host", "plane", "line"], how="left").fillna({"busy_ps": 0})
    lines["busy_ps"] = lines["busy_ps"].astype("int64")
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
