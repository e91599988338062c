"""The cost engine's float32 share of a fused operand (``_rounded_share``) equals numpy's float32 scalar math."""

from __future__ import annotations

import math

import numpy as np
import pytest

from nbprof.hlo._cost_engine import _float32, _rounded_share


def _numpy_share(util: float, operand_util: float, elements: int) -> float:
    """The expression the engine used before: numpy float32 scalars."""
    with np.errstate(over="ignore", invalid="ignore"):
        share = np.float32(util) * np.float32(operand_util)
        return float(np.ceil(share * np.float32(elements)) / np.float32(elements))


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def test_rounded_share_matches_numpy_on_random_values() -> None:
    rng = np.random.default_rng(16)
    utils = np.concatenate([rng.random(300), rng.random(100) * 8, [0.0, 1.0, 0.5, 1 / 3, 2.0 / 3.0]])
    sizes = [1, 2, 3, 7, 255, 256, 1000, 65_537, 2**24 - 1, 2**24 + 1, 2**31 + 11, 3 * 2**40 + 5, 2**60 + 12345]
    for k, util in enumerate(utils.tolist()):
        operand_util = float(utils[(k * 7 + 3) % len(utils)])
        for n in sizes:
            assert _same(_rounded_share(util, operand_util, n), _numpy_share(util, operand_util, n)), (
                util,
                operand_util,
                n,
            )


@pytest.mark.parametrize(
    ("util", "operand_util", "n"),
    [
        (math.inf, 1.0, 5),
        (math.inf, 0.0, 5),
        (math.nan, 1.0, 3),
        (3e38, 3e38, 2),
        (1.0, 1.0, 2**128),
        (1.0, 1.0, 10**39),
        (1e-45, 1e-45, 7),
        (3.4028235677973366e38, 1.0, 1),
    ],
)
def test_rounded_share_matches_numpy_at_the_edges(util: float, operand_util: float, n: int) -> None:
    assert _same(_rounded_share(util, operand_util, n), _numpy_share(util, operand_util, n))


def test_float32_is_numpys_cast() -> None:
    for value in (0.1, 1 / 3, 3.4028235e38, 3.4028236e38, 1e39, -1e39, 1e-46, math.inf, -math.inf):
        with np.errstate(over="ignore"):  # numpy warns when its cast overflows to inf, as expected here
            expected = float(np.float32(value))
        assert _float32(value) == expected or (math.isinf(value) and _float32(value) == value)
    assert math.isnan(_float32(math.nan))
