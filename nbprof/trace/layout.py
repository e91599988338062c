"""Sections, tracks and lanes of the trace viewer, derived from the events frame.

A *section* is one plane of one host (a device, or "Host threads"); a *track* is one line
of it (or a counter series); a *lane* is one depth row of a track. Lanes are numbered
globally so a viewport reply can address them with one small integer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError

MAX_LANES = 65_535  # lanes travel as uint16


class TraceLayoutError(NbprofError):
    """The trace cannot be laid out for the viewer (e.g. more lanes than a reply can address)."""


@dataclass
class Track:
    """One line (``kind="slices"``) or one counter series (``kind="counter"``)."""

    id: int
    section: int
    name: str
    kind: str
    lane0: int  # first global lane
    lanes: int  # number of depth rows (1 for counters)
    host: str
    plane: str
    line_id: int | None = None

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "section": self.section,
            "name": self.name,
            "kind": self.kind,
            "lane0": self.lane0,
            "lanes": self.lanes,
        }


@dataclass
class Section:
    """One processing element: a device plane or a host's threads."""

    id: int
    name: str
    host: str
    plane: str
    tracks: list[int] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"id": self.id, "name": self.name, "tracks": self.tracks}


def _natural_key(text: str) -> list:
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", text)]


def section_name(plane: str, host: str, multi_host: bool) -> str:
    """ "Host threads" for a host CPU plane, the plane name otherwise (host-prefixed if several)."""
    name = "Host threads" if plane.startswith("/host:CPU") else plane
    return f"{host} · {name}" if multi_host else name


@dataclass
class Layout:
    """Sections and tracks in display order; ``event_lane`` maps each event row to its lane."""

    sections: list[Section]
    tracks: list[Track]
    n_lanes: int
    event_lane: np.ndarray  # int32 per events row, -1 = not shown (aggregated events)
    lane_track: np.ndarray  # int32 per lane

    def track_label(self, track_id: int) -> str:
        track = self.tracks[track_id]
        return f"{self.sections[track.section].name} › {track.name}"

    def as_json(self) -> dict:
        return {
            "sections": [s.as_json() for s in self.sections],
            "tracks": [t.as_json() for t in self.tracks],
            "n_lanes": self.n_lanes,
        }


def build_layout(
    events: pd.DataFrame, lines: pd.DataFrame | None = None, counter_keys: list[tuple[str, str, str]] | None = None
) -> Layout:
    """Group events into sections (host, plane) and tracks (line), lanes by depth.

    Device tracks are ordered by line id (Steps and derived lines first, as in XProf),
    host threads by name; device sections come before host sections.
    ``counter_keys`` lists (host, plane, counter name) tracks appended to their sections.
    """
    n = len(events)
    timed = ~events["aggregated"].to_numpy(bool) if n else np.zeros(0, bool)
    host_codes = events["host"].cat.codes.to_numpy() if n else np.zeros(0, np.int8)
    plane_codes = events["plane"].cat.codes.to_numpy() if n else np.zeros(0, np.int16)
    line_ids = events["line_id"].to_numpy(np.int64)
    runs = _track_runs(host_codes, plane_codes, line_ids)
    uniques = runs.keys
    depth = events["depth"].to_numpy()
    max_depth = np.full(len(uniques), -1, np.int64)
    if len(runs.start):  # the deepest timed event of each run (-1 where none), then of each track
        run_max = np.maximum.reduceat(np.where(timed, depth, -1), runs.start)
        np.maximum.at(max_depth, runs.code, run_max)

    hosts = events["host"].cat.categories if n else []
    planes = events["plane"].cat.categories if n else []
    line_names = _line_display_names(events, lines)
    first_row = np.full(len(uniques), n, np.int64)
    np.minimum.at(first_row, runs.code, runs.start)  # each track's first row
    first_row[first_row == n] = 0
    first_line = events["line"].take(first_row).tolist() if n else []  # each track's line name (one take)
    candidates = []
    for code, (h, p, lid) in enumerate(uniques):
        if max_depth[code] < 0:
            continue
        host, plane = str(hosts[h]), str(planes[p])
        line = str(first_line[code])
        candidates.append((host, plane, int(lid), line_names.get((host, plane, int(lid)), line), code))
    multi_host = len({c[0] for c in candidates}) > 1

    def section_order(hp: tuple[str, str]) -> tuple:
        host, plane = hp
        return (plane.startswith("/host"), _natural_key(host), _natural_key(plane))

    by_section: dict[tuple[str, str], list] = {}
    for cand in candidates:
        by_section.setdefault((cand[0], cand[1]), []).append(cand)
    for host, plane, _name in counter_keys or []:
        by_section.setdefault((host, plane), [])
    sections: list[Section] = []
    tracks: list[Track] = []
    code_to_track: dict[int, int] = {}
    lane = 0
    for host, plane in sorted(by_section, key=section_order):
        sec = Section(len(sections), section_name(plane, host, multi_host), host, plane)
        members = by_section[(host, plane)]
        if plane.startswith("/host"):
            members.sort(key=lambda c: _natural_key(c[3]))
        else:
            members.sort(key=lambda c: c[2])
        for host_, plane_, lid, name, code in members:
            lanes = int(max_depth[code]) + 1
            track = Track(len(tracks), sec.id, name, "slices", lane, lanes, host_, plane_, lid)
            code_to_track[code] = track.id
            tracks.append(track)
            sec.tracks.append(track.id)
            lane += lanes
        for c_host, c_plane, c_name in counter_keys or []:
            if (c_host, c_plane) == (host, plane):
                track = Track(len(tracks), sec.id, c_name, "counter", lane, 1, host, plane)
                tracks.append(track)
                sec.tracks.append(track.id)
                lane += 1
        sections.append(sec)
    if lane > MAX_LANES:
        raise TraceLayoutError(
            f"the trace has {lane} lanes (tracks x nesting depth); the viewer supports at most "
            f"{MAX_LANES}. Hint: show fewer tracks, e.g. prof.for_host(...).trace()"
        )
    track_lane0 = np.full(len(uniques), -1, np.int64)
    for code, tid in code_to_track.items():
        track_lane0[code] = tracks[tid].lane0
    if n:  # in int32 and in place: no event-length int64 temporaries
        event_lane = np.repeat(track_lane0.astype(np.int32)[runs.code], runs.length)
        event_lane += depth
        event_lane[~timed] = -1
    else:
        event_lane = np.zeros(0, np.int32)
    lane_track = np.zeros(lane, np.int32)
    for t in tracks:
        lane_track[t.lane0 : t.lane0 + t.lanes] = t.id
    return Layout(sections, tracks, lane, event_lane, lane_track)


@dataclass
class TrackRuns:
    """Runs of consecutive rows on one track: first row, length and track code of each run, and the
    (host code, plane code, line id) of each track code."""

    start: np.ndarray
    length: np.ndarray
    code: np.ndarray
    keys: list


def _track_runs(host: np.ndarray, plane: np.ndarray, line_id: np.ndarray) -> TrackRuns:
    """The rows' runs of one (host, plane, line id) and their track codes.

    Rows come grouped by line (docs/frames.md), so runs are found first and only the run
    keys are factorised: O(n) vectorised work plus a dict over the runs; nothing per row is
    kept, the callers work on the runs.
    """
    n = len(line_id)
    if n == 0:
        return TrackRuns(np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int32), [])
    change = np.ones(n, bool)  # comparisons of neighbours: a byte per event, no wider temporaries
    np.not_equal(line_id[1:], line_id[:-1], out=change[1:])
    change[1:] |= host[1:] != host[:-1]
    change[1:] |= plane[1:] != plane[:-1]
    run_start = np.flatnonzero(change)
    run_keys = list(zip(host[run_start].tolist(), plane[run_start].tolist(), line_id[run_start].tolist()))
    codes: dict[tuple, int] = {}
    run_code = np.array([codes.setdefault(k, len(codes)) for k in run_keys], np.int32)
    return TrackRuns(run_start, np.diff(np.r_[run_start, n]), run_code, list(codes))


def _line_display_names(events: pd.DataFrame, lines: pd.DataFrame | None) -> dict[tuple[str, str, int], str]:
    """(host, plane, line_id) -> the line's display name where it has one."""
    if lines is None or len(lines) == 0 or "display_name" not in lines:
        return {}
    out = {}
    for host, plane, lid, name, disp in zip(
        lines["host"].astype(str),
        lines["plane"].astype(str),
        lines["line_id"],
        lines["name"].astype(str),
        lines["display_name"].astype(str),
    ):
        out[(host, plane, int(lid))] = disp if disp and disp != "nan" else name
    return out
