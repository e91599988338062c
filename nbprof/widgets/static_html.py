"""Static HTML for front ends without widgets (nbconvert, GitHub, nbviewer): no script, all text escaped."""

from __future__ import annotations

import html

from nbprof.units import format_ps
from nbprof.xspace.frameset import Frames


def profile_summary_html(profile: Frames, top: int = 10) -> str:
    """A small HTML card: run, hosts, events, span and the heaviest events by self time (all text escaped)."""
    summary = profile.summary()
    esc = html.escape
    rows = "".join(
        f"<tr><td style='text-align:left'>{esc(str(r.name))}</td><td>{r.count:,}</td>"
        f"<td>{esc(format_ps(r.self_ps))}</td><td>{esc(format_ps(r.total_ps))}</td></tr>"
        for r in summary.top_self.head(top).itertuples(index=False)
    )
    where = esc(profile.paths[0].rsplit("/", 1)[0]) if profile.paths else ""
    notes = "".join(f"<div>{esc(n)}</div>" for n in [*summary.errors, *summary.warnings])
    return (
        "<div class='nbprof-summary' style='font-family:sans-serif;font-size:13px'>"
        f"<div><b>nbprof profile</b> run {esc(str(summary.run or '-'))} &middot; hosts {esc(', '.join(summary.hosts))}"
        f" &middot; {summary.num_events:,} events &middot; span {esc(format_ps(summary.span_ps))}</div>"
        f"<div style='color:#666'>saved in {where}</div>{notes}"
        "<table style='margin-top:4px'><thead><tr><th style='text-align:left'>event</th><th>count</th>"
        f"<th>self</th><th>total</th></tr></thead><tbody>{rows}</tbody></table></div>"
    )
