"""Search patterns that always answer promptly: which names match a substring or a regex.

A substring search is case-insensitive and linear in the names' length. A regular expression
runs on Python's backtracking engine, where a pattern such as ``(.*)*x`` takes exponential time,
so a regex is held to rules that keep every match polynomial and small:

* no quantifier inside a repeated group (``(a+)+``, ``(.*)*``, ``(a?){30}``);
* no alternation inside a repeated group (``(a|aa)+``);
* no backreference (``(a)\\1``) or conditional group;
* at most ``MAX_UNBOUNDED_REPEATS`` quantifiers that repeat more than once (``*``, ``+``,
  ``{2,}``, ...) and at most ``MAX_REPEATS`` quantifiers in all (``?`` included);
* it is matched against the first ``MAX_SUBJECT_CHARS`` characters of each name;
* names are matched one distinct name at a time (never per event) within ``SEARCH_BUDGET_S``
  seconds; past the budget the search stops with an error that says so.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from nbprof.errors import NbprofError

try:  # Python 3.11+
    from re import _constants as sre_constants  # type: ignore[attr-defined]
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

MAX_SUBJECT_CHARS = 512
MAX_UNBOUNDED_REPEATS = 2
MAX_REPEATS = 3
SEARCH_BUDGET_S = 2.0

_REPEATS = {
    getattr(sre_constants, name)
    for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
    if hasattr(sre_constants, name)
}
_REFERENCES = {sre_constants.GROUPREF, sre_constants.GROUPREF_EXISTS} | {
    getattr(sre_constants, name) for name in ("GROUPREF_IGNORE", "GROUPREF_LOC_IGNORE", "GROUPREF_UNI_IGNORE")
    if hasattr(sre_constants, name)
}  # fmt: skip
_ASSERTS = {sre_constants.ASSERT, sre_constants.ASSERT_NOT}
_ATOMIC = getattr(sre_constants, "ATOMIC_GROUP", None)


class TraceSearchError(NbprofError):
    """A search pattern could not be used (invalid, too costly, or it ran past its time budget)."""


def compile_regex(pattern: str) -> re.Pattern[str]:
    """The case-insensitive regex of ``pattern`` once it passes the rules in the module docstring."""
    try:
        rx = re.compile(pattern, re.IGNORECASE)
        parsed = sre_parse.parse(pattern, re.IGNORECASE)
    except (re.error, RecursionError, OverflowError) as err:
        raise TraceSearchError(f"invalid regular expression '{pattern}': {err}") from None
    counts = {"all": 0, "unbounded": 0}
    _check(parsed, pattern, inside_repeat=False, counts=counts)
    if counts["unbounded"] > MAX_UNBOUNDED_REPEATS or counts["all"] > MAX_REPEATS:
        raise TraceSearchError(
            f"regular expression '{pattern}' has {counts['all']} quantifiers ({counts['unbounded']} repeating): "
            f"searches allow at most {MAX_REPEATS} ({MAX_UNBOUNDED_REPEATS} repeating), so that every search "
            "answers promptly. Hint: search a plain substring, or filter prof.events by name in pandas"
        )
    return rx


def _check(items: Any, pattern: str, inside_repeat: bool, counts: dict[str, int]) -> None:
    for op, av in items:
        if op in _REPEATS:
            _lo, hi, sub = av
            if inside_repeat:
                _refuse(pattern, "a quantifier inside a repeated group")
            counts["all"] += 1
            counts["unbounded"] += hi > 1
            _check(sub, pattern, inside_repeat or hi > 1, counts)
        elif op == sre_constants.BRANCH:
            if inside_repeat:
                _refuse(pattern, "an alternation inside a repeated group")
            for branch in av[1]:
                _check(branch, pattern, inside_repeat, counts)
        elif op == sre_constants.SUBPATTERN:
            _check(av[-1], pattern, inside_repeat, counts)
        elif op in _ASSERTS:
            _check(av[1], pattern, inside_repeat, counts)
        elif _ATOMIC is not None and op == _ATOMIC:
            _check(av, pattern, inside_repeat, counts)
        elif op in _REFERENCES:
            _refuse(pattern, "a backreference")


def _refuse(pattern: str, what: str) -> None:
    raise TraceSearchError(
        f"regular expression '{pattern}' has {what}, which can take exponential time; searches do not "
        "allow it. Hint: simplify the pattern (e.g. 'a+' instead of '(a+)+')"
    )


def match_names(
    names: Sequence[Any], pattern: str, regex: bool = False, budget_s: float = SEARCH_BUDGET_S
) -> np.ndarray:
    """Boolean per name: it contains ``pattern`` (case-insensitive), or matches it as a regex."""
    if not regex:
        lowered = pd.Series(np.asarray(names, dtype=object), dtype=object).astype(str).str.lower()
        return lowered.str.contains(pattern.lower(), regex=False).to_numpy(bool)
    rx = compile_regex(pattern)
    out = np.zeros(len(names), bool)
    deadline = time.monotonic() + budget_s
    for i, name in enumerate(names):
        if time.monotonic() > deadline:
            raise TraceSearchError(
                f"the search for '{pattern}' stopped after {budget_s:g} s ({i:,} of {len(names):,} distinct "
                "names searched): simplify the pattern or search a plain substring"
            )
        out[i] = rx.search(str(name)[:MAX_SUBJECT_CHARS]) is not None
    return out
