"""Spearman's rank correlation, for the benchmarks (scripts/benchmark_mood.py,
benchmark_follow.py) and the people's sensitivity table (devtools/people/sensitivity.py).
Python 2.7/3 single-source, numpy 1.8 APIs, no scipy."""
from __future__ import absolute_import, division, print_function

import numpy as np


def ranks(values):
    """Ranks from 1, ties sharing their mean rank."""
    values = np.asarray(values, dtype=float)
    order = np.argsort(values, kind="mergesort")
    ranked = np.empty(len(values))
    ranked[order] = np.arange(1, len(values) + 1)
    for value in np.unique(values):
        tied = values == value
        ranked[tied] = ranked[tied].mean()
    return ranked


def spearman(x, y):
    """Spearman's rank correlation: Pearson's of the ranks; NaN if either is constant
    or holds a NaN."""
    if np.isnan(x).any() or np.isnan(y).any():
        return float("nan")
    rx, ry = ranks(x), ranks(y)
    if rx.std() == 0 or ry.std() == 0:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])
