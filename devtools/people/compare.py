"""Pepper among the people (issue 32): where a figure falls in the people's range, how far
from their median in units of their spread, and the goals of ``make people``.

Python 2.7/3 single-source, numpy 1.8 APIs. Figures whose people span orders of magnitude
(rates, pauses, offsets, speeds) are compared on a log scale, each floored at a value
below which it is read as nothing (FLOORS: a still arm's speed of 0 is 1e-3 rad/s, the
joint that "never moved" of motion_quality.STILL_SPEED); the others (CVs, coupling, DFA
exponents) as they are. A spread is the standard deviation of the people's figures on that
scale; a figure with fewer than MIN_PEOPLE people is not compared.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

FLOORS = {"moves": 0.1, "pause median": 0.05, "pause p90": 0.05, "arm RMS": 1e-3,
          "speed p95": 1e-3, "speed median": 1e-3, "tilt pitch": 1e-3, "tilt roll": 1e-3,
          "knee RMS": 1e-3}
MIN_PEOPLE = 3
NAN = float("nan")


def finite(values):
    """The finite ones of ``values`` (NaN marks a figure with nothing to read)."""
    values = np.array([value for value in values], dtype=float)
    return values[np.isfinite(values)]


def scaled(key, values):
    """``values`` of figure ``key`` on its comparison scale."""
    values = np.asarray(values, dtype=float)
    if key in FLOORS:
        return np.log10(np.maximum(values, FLOORS[key]))
    return values


def summary(values):
    """(median, lowest, highest, how many) of the finite ``values``; NaNs if none."""
    known = finite(values)
    if not len(known):
        return NAN, NAN, NAN, 0
    return float(np.median(known)), float(known.min()), float(known.max()), len(known)


def side(value, values):
    """"below", "above" or "inside" the finite ``values``' range; "n/a" when either is
    missing."""
    known = finite(values)
    if not np.isfinite(value) or not len(known):
        return "n/a"
    return "below" if value < known.min() else ("above" if value > known.max() else "inside")


def inside(value, values):
    """Whether ``value`` lies within the finite ``values``' range; None when either is
    missing."""
    where = side(value, values)
    return None if where == "n/a" else where == "inside"


def distance(key, value, values):
    """|``value`` - the people's median| over their spread, on ``key``'s scale; NaN if
    ``value`` is missing or fewer than MIN_PEOPLE people give the figure."""
    known = finite(values)
    if not np.isfinite(value) or len(known) < MIN_PEOPLE:
        return NAN
    people = scaled(key, known)
    spread = people.std(ddof=1)
    if spread == 0.0:
        return NAN
    return float(abs(scaled(key, [value])[0] - np.median(people)) / spread)


def typicality(found, people, keys):
    """The mean over ``keys`` of ``found``'s (figure -> value) distance from ``people``
    (a list of such dicts), the figures it or they lack left out."""
    distances = finite([distance(key, found[key], [person[key] for person in people])
                        for key in keys])
    return float(distances.mean()) if len(distances) else NAN


def leave_one_out(people, keys):
    """Each person's typicality among the others."""
    return [typicality(person, people[:index] + people[index + 1:], keys)
            for index, person in enumerate(people)]


def position(value, values):
    """Where ``value`` falls among the finite ``values``: "below all", "above all" or the
    share of people below it (ties counting half), as "NN %"; "n/a" when missing."""
    where = side(value, values)
    if where != "inside":
        return where if where == "n/a" else where + " all"
    known = finite(values)
    share = (np.sum(known < value) + 0.5 * np.sum(known == value)) / len(known)
    return "%.0f %%" % (100.0 * share)


def third(value, values):
    """"lower", "middle" or "upper" third of the finite ``values`` (split at their 1/3 and
    2/3 quantiles), or "below" / "above" their range; "n/a" when missing."""
    where = side(value, values)
    if where != "inside":
        return where
    low, high = np.percentile(finite(values), [100.0 / 3.0, 200.0 / 3.0])
    return "lower" if value <= low else ("upper" if value >= high else "middle")
