"""The legs' sway as posturography reads a standing person's: stabilogram-diffusion
analysis of the commanded HipRoll and HipPitch (issue 26).

Python 2.7/3 single-source, numpy 1.8 APIs. Collins & De Luca ("Open-loop and closed-loop
control of posture: a random-walk analysis of center-of-pressure trajectories", Exp Brain
Res 1993;95:308-318) plot the mean square displacement of the centre of pressure against
the time interval: on a log-log plot, two straight regions meeting at a critical time of
about a second. Below it the sway is persistent (a short-term Hurst exponent, half the
slope, of 0.83-0.90: it goes on the way it went), above it anti-persistent (below 0.5:
it comes back). Here the two hip joints stand for the two axes of the centre of
pressure, sampled every SAMPLE s as the planner takes ALMotion to move (eased from key
to key: trajectory.ease), and the two regions are fitted on SHORT and LONG.
"""
from __future__ import absolute_import, division, print_function

import collections

import numpy as np

from animate_behaviour.planning import trajectory

JOINTS = ("HipRoll", "HipPitch")
SAMPLE = 0.05
SHORT = (0.1, 1.0)  # s: the short-term region's intervals
LONG = (2.0, 10.0)  # s: the long-term region's
LAGS = 24  # log-spaced intervals per region
_EASE = np.vectorize(trajectory.ease, otypes=[float])


def commanded(calls, names, start, seconds):
    """The commanded angles of ``names`` every SAMPLE s over ``seconds`` from ``start``,
    from ``calls`` (timing_quality.Call, one key each) beginning at the joints' first
    commanded angles: an array (samples, joints)."""
    grid = start + np.arange(0.0, seconds, SAMPLE)
    found = np.zeros((len(grid), len(names)))
    for column, name in enumerate(names):
        moves = [(call.start, call.duration, call.angles[call.names.index(name)])
                 for call in calls if name in call.names]
        if not moves:
            continue
        values = np.empty(len(grid))
        angle, done = moves[0][2], 0
        for begin, duration, end in moves:
            first, last = np.searchsorted(grid, [begin, begin + duration])
            values[done:first] = angle
            fractions = (grid[first:last] - begin) / duration
            values[first:last] = angle + (end - angle) * _EASE(fractions)
            angle, done = end, last
        values[done:] = angle
        found[:, column] = values
    return found


def diffusion(samples, lags):
    """The mean square displacement (rad^2, summed over the joints) at each of ``lags``
    (whole samples)."""
    return np.array([np.mean(np.sum((samples[lag:] - samples[:-lag]) ** 2, axis=1))
                     for lag in lags])


def _fit(region, samples):
    lags = np.unique(np.round(np.logspace(np.log10(region[0] / SAMPLE),
                                          np.log10(region[1] / SAMPLE), LAGS)).astype(int))
    displacement = diffusion(samples, lags)
    slope, intercept = np.polyfit(np.log(lags * SAMPLE), np.log(displacement), 1)
    return slope, intercept


def figures(calls, group_names, seconds):
    """The legs' sway figures over ``seconds`` robot s of ``calls`` (the legs group's joint
    names ``group_names``): an OrderedDict of the short- and long-term Hurst exponents
    and the critical time (s) where the two fits meet."""
    names = [name for name in JOINTS if name in group_names]
    legs = [call for call in calls if any(name in call.names for name in names)]
    nan = float("nan")
    if not legs:
        return collections.OrderedDict([("short-term H", nan), ("long-term H", nan),
                                        ("critical time", nan)])
    samples = commanded(legs, names, 0.0, seconds)
    short, short_at = _fit(SHORT, samples)
    long_, long_at = _fit(LONG, samples)
    critical = np.exp((long_at - short_at) / (short - long_)) if short != long_ else nan
    return collections.OrderedDict([("short-term H", short / 2.0), ("long-term H", long_ / 2.0),
                                    ("critical time", float(critical))])
