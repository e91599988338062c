"""Rows of a steps table read as numpy arrays, and the rule of which steps XProf's averages use.

``StepDb.analysed_steps``, the overview, the input-pipeline analyzer and the step statistics
(``step_analysis``) all take their steps from here: one statement of the rule.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from nbprof.xspace.typed_frame import take_rows


class StepRows:
    """Some rows of a steps table (``StepDb.steps``): its columns read once each, as numpy arrays, and
    no frame copied (a boolean selection of a steps frame costs ~0.5 ms and sets up pyarrow's pandas
    conversion layer for its Arrow strings: 3 ms on a process's first use)."""

    __slots__ = ("_arrays", "_columns", "_mask", "_steps", "_steps_arrays")

    def __init__(
        self, steps: pd.DataFrame, mask: np.ndarray | None = None, steps_arrays: dict[str, np.ndarray] | None = None
    ) -> None:
        """``steps_arrays``: the ``to_numpy()`` of ``steps``' columns where at hand (``StepDb.columns``):
        read in place of the frame's columns."""
        self._steps = steps
        self._mask = mask  # bool per row of ``steps``; None: every row
        self._steps_arrays = steps_arrays or {}
        self._columns: dict[str, pd.Series] = {}
        self._arrays: dict[str, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self._steps) if self._mask is None else int(self._mask.sum())

    def __contains__(self, name: str) -> bool:
        return name in self._steps.columns

    def values(self, name: str) -> np.ndarray:
        """``column.to_numpy()`` of the rows (read-only: shared by every reader)."""
        out = self._arrays.get(name)
        if out is None:
            out = self._steps_arrays.get(name)
            if out is None:
                out = self._column(name).to_numpy()
            if self._mask is not None:
                out = out[self._mask]
            self._arrays[name] = out
        return out

    def is_numpy(self, name: str, kinds: str = "iu") -> bool:
        """Whether the column is a numpy one of one of ``kinds`` (numpy's dtype kinds; default integers)."""
        held = self._steps_arrays.get(name)
        if held is not None and held.dtype.kind != "O":  # a numpy column's own array (text: the frame says)
            return held.dtype.kind in kinds
        dtype = self._column(name).dtype
        return isinstance(dtype, np.dtype) and dtype.kind in kinds

    def dtype(self, name: str) -> Any:
        """The column's dtype."""
        return self._column(name).dtype

    def series(self, name: str) -> pd.Series:
        """The column of the rows as a Series (for columns of other types than numpy's)."""
        column = self._column(name)
        return column if self._mask is None else column[self._mask]

    def _column(self, name: str) -> pd.Series:
        column = self._columns.get(name)
        if column is None:
            column = self._columns[name] = self._steps[name]
        return column

    def subset(self, mask: np.ndarray) -> StepRows:
        """The rows of these at ``mask`` (bool per row of these)."""
        if self._mask is None:
            combined = mask
        else:
            combined = self._mask.copy()
            combined[combined] = mask
        out = StepRows(self._steps, combined, self._steps_arrays)
        out._columns = self._columns  # the same frame's columns: each read once
        return out

    def frame(self) -> pd.DataFrame:
        """The rows as a frame (``steps`` itself where they are every row: read it, do not write to it)."""
        if self._mask is None:
            return self._steps
        return take_rows(self._steps, np.flatnonzero(self._mask))  # the rows' labels kept, as steps[mask] keeps them


def analysed_rows(
    steps: pd.DataFrame, analysed: pd.DataFrame | None, steps_arrays: dict[str, np.ndarray] | None = None
) -> StepRows:
    """The steps XProf's averages use (``StepDb.analysed_steps`` is their frame) as ``StepRows``: ``analysed``
    where the db has its own (combined hosts), else the rows of ``steps`` ``in_analysis``
    (``steps_arrays``: ``StepDb.columns``, read in place of the frame's columns where given)."""
    if analysed is not None:
        return StepRows(analysed)
    if steps_arrays is not None:
        return StepRows(steps, steps_arrays["in_analysis"].astype(bool, copy=False), steps_arrays)
    return StepRows(steps, steps["in_analysis"].to_numpy(bool))
