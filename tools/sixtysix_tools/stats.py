"""Interval math for `sixtysix arena`: plain functions over counts and sums.

Two intervals are used:

- `wilson(k, n)`: the Wilson score interval for a share k/n.  Unlike the
  textbook "p +- 1.96 sqrt(p(1-p)/n)" it stays inside [0, 1] and does not
  collapse to a point when k is 0 or n.
- `ratio_interval(sums, sizes)`: a mean per item when items come in
  clusters that are not independent of each other (hands of the same deal
  pair), e.g. game points per hand.  Each cluster gives a sum and a size;
  the estimate is sum of sums / sum of sizes, and its standard error is the
  usual ratio-estimator one (Taylor linearisation), computed over clusters.
  With clusters of one item it is the ordinary mean +- z * stdev / sqrt(n).
"""

import math

Z95 = 1.959963984540054  # two-sided 95%: the standard normal's 0.975 quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (no continuity correction) for k successes in n."""
    if n <= 0 or not 0 <= k <= n:
        raise ValueError("need 0 <= k <= n and n > 0, got k=%r n=%r" % (k, n))
    p = k / n
    zz = z * z / n
    centre = (p + zz / 2) / (1 + zz)
    half = z / (1 + zz) * math.sqrt(p * (1 - p) / n + zz / (4 * n))
    # Rounding can push an end a hair past the exact 0 or 1 for k = 0 or n.
    return max(0.0, centre - half), min(1.0, centre + half)


def ratio_interval(sums, sizes, z: float = Z95) -> tuple[float, float, float]:
    """(estimate, low, high) of sum(sums) / sum(sizes), clusters as units.

    The ends are NaN when there are fewer than two clusters: one cluster
    says nothing about how much clusters vary."""
    sums = list(sums)
    sizes = list(sizes)
    n = len(sums)
    if n != len(sizes) or n == 0 or sum(sizes) <= 0:
        raise ValueError("need as many sums as sizes, at least one, and a positive total size")
    total = sum(sizes)
    estimate = sum(sums) / total
    if n < 2:
        return estimate, math.nan, math.nan
    residuals = [s - estimate * m for s, m in zip(sums, sizes)]
    variance = sum(r * r for r in residuals) / (n - 1)
    mean_size = total / n
    se = math.sqrt(variance / n) / mean_size
    return estimate, estimate - z * se, estimate + z * se
