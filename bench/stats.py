"""The 95 % intervals the benchmarks print with their figures."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z = 1.96
"""The normal quantile of a 95 % interval."""


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % confidence interval (normal approximation;
    0 with fewer than two values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, Z * statistics.stdev(values) / math.sqrt(len(values))


def wilson(share: float, n: int, z: float = Z) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share over n games (it stays within [0, 1],
    unlike the normal approximation, at shares near 0 or 1); NaN without games."""
    if n == 0:
        return math.nan, math.nan
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half
