"""Detrended fluctuation analysis (Peng et al., Chaos 1995;5:82): how the sway's
fluctuations grow with the time scale, one exponent for a standing person's centre of
pressure (cop.py) and for Pepper's commanded legs.

Python 2.7/3 single-source, numpy 1.8 APIs. The signal's profile (the cumulative sum of
its deviations from its mean) is cut into boxes of n samples; in each a straight line is
fitted and F(n) is the RMS of what is left, over all boxes. The exponent alpha is the
slope of log F(n) against log n over SCALES: 0.5 for white noise, 1.5 for a random walk
(Brownian motion), above 1.5 for motion smooth at those scales, below 1.5 for a walk that
comes back (anti-persistent). A CoP trial of 60 s gives SCALES of 1-10 s six boxes or more
at the longest; Pepper's runs are cut into windows as long as a trial (WINDOW), so that
both are read over the same record length.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

SCALES = (1.0, 10.0)  # s
COUNT = 12  # log-spaced box sizes over SCALES
WINDOW = 60.0  # s: a BDS trial's length


def fluctuation(profile, size):
    """F(size): the RMS of the profile about a straight line in each box of ``size``
    samples (boxes from the start and from the end, so no sample is left out)."""
    boxes = len(profile) // size
    if boxes < 1:
        raise ValueError("a box of %d samples does not fit in %d" % (size, len(profile)))
    cut = np.concatenate([profile[:boxes * size].reshape(boxes, size),
                          profile[len(profile) - boxes * size:].reshape(boxes, size)])
    x = np.arange(size) - (size - 1) / 2.0
    slope = np.dot(cut, x) / np.dot(x, x)
    residual = cut - cut.mean(axis=1)[:, np.newaxis] - slope[:, np.newaxis] * x
    return float(np.sqrt(np.mean(residual ** 2)))


def alpha(values, rate, scales=SCALES, count=COUNT):
    """The DFA exponent of ``values`` sampled at ``rate`` Hz over ``scales`` (s)."""
    values = np.asarray(values, dtype=float)
    if scales[1] * rate * 2 > len(values):
        raise ValueError("%.1f s of signal is too short for boxes of %.1f s"
                         % (len(values) / rate, scales[1]))
    profile = np.cumsum(values - values.mean())
    sizes = np.unique(np.round(np.logspace(np.log10(scales[0] * rate),
                                           np.log10(scales[1] * rate), count)).astype(int))
    spread = np.array([fluctuation(profile, size) for size in sizes])
    if not np.all(spread > 0.0):
        return float("nan")  # a signal that does not move at some scale
    return float(np.polyfit(np.log(sizes), np.log(spread), 1)[0])


def windowed(values, rate, window=WINDOW, scales=SCALES):
    """The median of alpha over the consecutive ``window``-s windows of ``values``."""
    size = int(round(window * rate))
    found = [alpha(values[start:start + size], rate, scales)
             for start in range(0, len(values) - size + 1, size)]
    if not found:
        raise ValueError("%.1f s of signal holds no %.0f s window" % (len(values) / rate,
                                                                       window))
    return float(np.median(found))
