"""How alike one source's windows are (issue 39): each feature's spread across the windows
(windows.py) of one person or of one of Pepper's runs. A person has calm stretches and
rare large excursions; a run whose every window reads alike is told from people by that
alone, whatever its medians.

Python 2.7/3 single-source, numpy 1.8 APIs.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from people import table, windows

# Correlations sit about 0, where a ratio to the median says nothing: their spread is the
# interquartile range alone.
PLAIN = ("arms together", "arm-torso")
# The fewest windows reading a feature whose quartiles say anything.
FEWEST = 3


def of_rows(rows):
    """Each feature's spread (windows.FEATURES's order) across ``rows`` (windows,
    features): the interquartile range over the |median| (PLAIN features: the
    interquartile range); NaN where fewer than FEWEST windows read the feature or its
    median is 0."""
    rows = np.asarray(rows, dtype=float)
    if rows.ndim != 2 or rows.shape[1] != len(windows.FEATURES):
        raise ValueError("the spread needs rows of the %d features (windows, features), got "
                         "shape %s" % (len(windows.FEATURES), rows.shape))
    found = []
    for column, key in enumerate(windows.FEATURES):
        values = rows[:, column]
        values = values[np.isfinite(values)]
        if len(values) < FEWEST:
            found.append(float("nan"))
            continue
        low, median, high = np.percentile(values, [25, 50, 75])
        scale = 1.0 if key in PLAIN else abs(median)
        found.append(float((high - low) / scale) if scale > 0.0 else float("nan"))
    return found


def lines(sources):
    """Markdown lines: each feature's spread (of_rows) in each of ``sources`` (an ordered
    mapping label -> rows), a column each."""
    spreads = [of_rows(rows) for rows in sources.values()]
    found = [table.row(["feature"] + list(sources)),
             table.row(["---"] * (1 + len(sources)))]
    for index, (key, feature) in enumerate(windows.FEATURES.items()):
        found.append(table.row(["%s%s" % (feature.label, " (IQR)" if key in PLAIN else "")]
                               + [table.number(each[index]) for each in spreads]))
    return found
