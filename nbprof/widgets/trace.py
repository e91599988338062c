"""``TraceViewer``: the inline trace viewer widget (``prof.trace()``).

The browser never holds the whole trace: for each viewport it sends a request through the
widget's comm and draws the reply of ``TraceModel`` (JSON plus typed-array buffers), see
``nbprof.trace``. ``viewer.query(...)`` returns exactly what a viewport reply carries.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anywidget
import pandas as pd
import traitlets

from nbprof.trace.index import split_binary
from nbprof.trace.model import TraceModel, TraceRequestError
from nbprof.widgets._base import esm_path

MIN_HEIGHT_PX, MAX_HEIGHT_PX = 120, 4_000


class TraceViewer(anywidget.AnyWidget):
    """A zoomable timeline of ``profile.events`` by section (device / host threads) and track.

    Parameters: ``profile`` (an ``nbprof.Profile``); ``time_range`` (start, end) in ps to open
    at (default: the first steps, else the densest stretch, see ``nbprof.trace.opening``; the
    whole trace is ``viewer.model.span``, key 0 in the view); ``tracks`` to show only some
    tracks (see ``show_tracks``); ``height``: the timeline's height in CSS pixels (the view's
    resize handle sets it too).
    """

    _esm = esm_path("trace")
    tracks_layout = traitlets.Dict().tag(sync=True)
    time_range = traitlets.List(traitlets.Int(), default_value=[0, 0], minlen=2, maxlen=2).tag(sync=True)
    hidden_tracks = traitlets.List(traitlets.Int()).tag(sync=True)
    height = traitlets.Int(560).tag(sync=True)

    def __init__(
        self,
        profile: Any,
        *,
        time_range: tuple[int, int] | None = None,
        tracks: Iterable[int | str] | None = None,
        height: int = 560,
        **kwargs: Any,
    ) -> None:
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise TypeError(f"TraceViewer got unexpected arguments {sorted(unknown)}")
        self.model = TraceModel(profile)
        opening = list(self.model.opening) if self.model.span[1] > self.model.span[0] else [0, 1]
        super().__init__(
            tracks_layout=self.model.layout_json(), time_range=list(time_range or opening), height=height, **kwargs
        )
        if tracks is not None:
            self.show_tracks(*([tracks] if isinstance(tracks, (str, int)) else tracks))
        self.on_msg(self._on_request)

    @traitlets.validate("time_range")
    def _check_range(self, proposal: Any) -> list[int]:
        start, end = (int(v) for v in proposal["value"])
        if end <= start:
            raise traitlets.TraitError(
                f"time_range must be (start_ps, end_ps) with end > start, got {proposal['value']}"
            )
        return [start, end]

    @traitlets.validate("height")
    def _check_height(self, proposal: Any) -> int:
        height = int(proposal["value"])
        if not MIN_HEIGHT_PX <= height <= MAX_HEIGHT_PX:
            raise traitlets.TraitError(f"height must be {MIN_HEIGHT_PX} to {MAX_HEIGHT_PX} pixels, got {height}")
        return height

    # ------------------------------------------------------------ Python API
    def query(self, start_ps: int, end_ps: int, width_px: int, tracks: Iterable[int | str] | None = None) -> dict:
        """The viewport reply sent to the browser for ``[start_ps, end_ps)`` on ``width_px`` pixels.

        A dict: JSON-able fields (``names``, ``start_ps``, ``px_ps``, …) plus numpy arrays that
        travel as binary buffers (``lane``, ``x0``, ``x1``, ``name``, ``row``, counter samples).
        ``tracks`` are track ids or names (default: the tracks shown).
        """
        return self.model.query(start_ps, end_ps, width_px, tracks)

    @property
    def selection(self) -> pd.DataFrame:
        """Rows of ``profile.events`` selected in the viewer (a clicked event or a box)."""
        return self.model.selection

    @property
    def tracks(self) -> pd.DataFrame:
        """The tracks: ``id``, ``section``, ``name``, ``kind``, ``lanes``, ``shown``."""
        layout = self.model.layout
        return pd.DataFrame(
            [
                {
                    "id": t.id,
                    "section": layout.sections[t.section].name,
                    "name": t.name,
                    "kind": t.kind,
                    "lanes": t.lanes,
                    "shown": t.id not in self.model.hidden_tracks,
                }
                for t in layout.tracks
            ]
        )

    def show_tracks(self, *tracks: int | str) -> TraceViewer:
        """Show only the tracks given by id or name (``"Host threads › python"``, a substring or a
        regex of ``section › track``); no argument shows every track again."""
        if tracks:
            keep = set(self.model.resolve_tracks(list(tracks)))
            if not keep:
                raise TraceRequestError(f"no track matches {tracks!r}")
        else:
            keep = {t.id for t in self.model.layout.tracks}
        self.model.hidden_tracks = {t.id for t in self.model.layout.tracks} - keep
        self.hidden_tracks = sorted(self.model.hidden_tracks)
        return self

    # ------------------------------------------------------------ comm
    def _on_request(self, _widget: Any, content: Any, _buffers: list) -> None:
        reply = self.model.handle(content)  # never raises: a bad request gets an error reply
        payload, buffers = split_binary(reply)
        self.send(payload, buffers)
