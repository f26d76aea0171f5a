"""Random waypoints and their timing, vectorised with numpy (APIs of 1.8.0, Pepper's).

Positions follow the specification's Table 1: FR = max - min, MRO = FR * maxRange,
SRO = MRO * selectedRange / 2, UB = min(home + SRO, max), LB = max(home - SRO, min),
RP uniform in [LB, UB], or rather in the part of it that keeps the hands clear of the
pelvis (clearance.py) and the torso upright (lean.py). Angles in rad, times in s from
the start of the call.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np


# ALMotion eases every segment; a cubic ease between rests peaks at 1.5 x its mean speed,
# so a segment's duration is stretched until that peak respects the velocity limit.
PEAK_TO_MEAN_SPEED = 1.5
# Batches of candidates drawn for waypoints that pass a group's checks before giving
# up and sending the rest home.
CHECK_TRIES = 20
# Candidates per batch when each waypoint is drawn after the previous one, and where
# along each segment a non-convex check is evaluated too.
SEGMENT_CANDIDATES = 8
SEGMENT_FRACTIONS = np.array([0.25, 0.5, 0.75])
# Full heading band of the base (rad): rotMaximumRange scales it like MaxRangePercentage,
# so the default 0.3 keeps Pepper within +-0.075 rad of the heading it started from.
BASE_HEADING_FULL_RANGE = 0.5


def ease(fraction):
    """The cubic ease from 0 to 1 with zero slope at both ends (3u^2 - 2u^3), ``fraction``
    clipped to [0, 1]: how ALMotion is taken to move from key to key (its peak slope is
    PEAK_TO_MEAN_SPEED)."""
    fraction = min(max(fraction, 0.0), 1.0)
    return fraction * fraction * (3.0 - 2.0 * fraction)


def random_offset(limit, max_range, selected_range):
    """SRO of Table 1 (rad): (max - min) * maxRange * selectedRange / 2."""
    return (limit.maximum - limit.minimum) * max_range * selected_range / 2.0


def random_bounds(home, limit, max_range, selected_range):
    """Return (LB, UB) of Table 1 for one joint (rad)."""
    offset = random_offset(limit, max_range, selected_range)
    return max(home - offset, limit.minimum), min(home + offset, limit.maximum)


# How a group's random waypoints are drawn (draw_mode): uniformly in its bounds (no
# checks); in batches of candidates, keeping those that pass (convex checks: passing at
# both ends of a segment means passing along it); or each after the one before, its
# segment checked along the way (a check that is not convex: the hands' clearance).
FREE = "free"
CONVEX = "convex"
SEQUENTIAL = "sequential"


def draw_mode(group):
    """FREE, CONVEX or SEQUENTIAL for ``group`` (its checks)."""
    if not group.checks:
        return FREE
    return CONVEX if all(check.convex for check in group.checks) else SEQUENTIAL


def way(start, end):
    """The points SEGMENT_FRACTIONS of the way from ``start`` (joints,) to ``end`` (joints,),
    or to each row of ``end`` (points, joints), where a check that is not convex is
    evaluated along a segment: shape (len(SEGMENT_FRACTIONS),) + end's."""
    fractions = SEGMENT_FRACTIONS.reshape((-1,) + (1,) * np.ndim(end))
    return start + fractions * (end - start)


def random_points(group, count, rng, start=None):
    """``count`` random waypoints, shape (count, joints), each inside [LB, UB] and
    passing the group's checks (hands clear of the pelvis, torso upright), drawn
    uniformly from what passes (rejection sampling; home after CHECK_TRIES failed
    batches). A check that is not convex (the hands' clearance) must also hold along
    each segment, which ALMotion travels in a straight line in joint space, from
    ``start`` (default home) to the first waypoint and between waypoints."""
    draws = Draws(draw_mode(group), count, len(group.names), rng, start)
    return np.array([draws.point(index, group) for index in range(count)]).reshape(
        count, len(group.names))


class Draws(object):
    """The random waypoints of one trajectory of ``count`` points of ``size`` joints,
    drawn with ``rng`` as ``mode`` (draw_mode) needs, each placed inside the bounds and
    passing the checks of the group as it is when the point is asked for (``group``: a
    groups.Shape or anything with names, home, lower, upper, checks and acceptable; the
    mood may move them between two points). Ask for the points in order. The random
    numbers are drawn in the same order as drawing every point at once would, so under
    a steady mood the points are exactly those, whenever each is asked for."""

    def __init__(self, mode, count, size, rng, start=None):
        self._mode = mode
        self._count = count
        self._size = size
        self._rng = rng
        self._previous = None if start is None else np.asarray(start, dtype=float)
        # FREE: one batch of count rows in [0, 1); CONVEX: batches of twice that.
        self._units = []
        if mode != SEQUENTIAL:
            self._units.append(rng.random_sample((count * (1 if mode == FREE else 2), size)))
        self._passing = (None, 0, None)  # (group, batches, the candidates that pass)

    def point(self, index, group):
        """Waypoint ``index`` of the trajectory, placed for ``group`` as it is now."""
        if self._mode == FREE:
            return group.lower + (group.upper - group.lower) * self._units[0][index]
        if self._mode == CONVEX:
            return self._convex(index, group)
        return self._sequential(group)

    def _convex(self, index, group):
        while True:
            cached = self._passing
            if cached[0] is not group or cached[1] != len(self._units):
                candidates = np.vstack([group.lower + (group.upper - group.lower) * batch
                                        for batch in self._units])
                cached = (group, len(self._units), candidates[group.acceptable(candidates)])
                self._passing = cached
            if index < len(cached[2]):
                return cached[2][index]
            if len(self._units) >= CHECK_TRIES:
                return group.home
            self._units.append(self._rng.random_sample((2 * self._count, self._size)))

    def _sequential(self, group):
        previous = group.home if self._previous is None else self._previous
        chosen = group.home
        for _attempt in range(CHECK_TRIES):
            candidates = self._rng.uniform(group.lower, group.upper,
                                           size=(SEGMENT_CANDIDATES, self._size))
            along = way(previous, candidates)
            passed = group.acceptable(np.vstack([candidates, along.reshape(-1, self._size)]))
            passed = passed[:SEGMENT_CANDIDATES] & passed[SEGMENT_CANDIDATES:].reshape(
                len(SEGMENT_FRACTIONS), SEGMENT_CANDIDATES).all(axis=0)
            if passed.any():
                chosen = candidates[np.argmax(passed)]
                break
        self._previous = chosen
        return chosen


def leg_rows(num_points, chunk_size, random_per_chunk, chunks):
    """The seed's leg pattern: the indices of the random waypoints among ``num_points``
    (each chunk of ``chunk_size`` starts with ``random_per_chunk`` random waypoints and
    holds home for the rest; points beyond ``chunks * chunk_size`` stay home)."""
    starts = np.arange(chunks) * chunk_size
    rows = (starts[:, np.newaxis] + np.arange(random_per_chunk)[np.newaxis, :]).ravel()
    return [int(row) for row in rows if row < num_points]


def needed_time(change, group, max_velocity_fraction):
    """The s an eased segment changing ``group``'s joints by ``change`` (rad) needs so that
    no joint exceeds ``max_velocity_fraction`` of its maximum velocity at the ease's
    peak."""
    return float(np.max(PEAK_TO_MEAN_SPEED * np.abs(change) / (
        max_velocity_fraction * group.max_velocity)))


def segment_duration(point, previous, group, gesture_duration, max_velocity_fraction):
    """How long (s) the segment from ``previous`` to ``point`` lasts: ``gesture_duration``
    unless some joint would then exceed ``max_velocity_fraction`` of its maximum velocity
    at the ease's peak; then stretched until none does."""
    return max(needed_time(np.asarray(point, dtype=float) - previous, group,
                           max_velocity_fraction), gesture_duration)


def timed(points, start, group, gesture_duration, max_velocity_fraction):
    """Cumulative times (s) for ``points`` reached from ``start``, each segment lasting
    segment_duration. Returns (times, number of stretched segments)."""
    previous = np.asarray(start, dtype=float)
    durations = []
    for point in np.asarray(points, dtype=float):
        durations.append(segment_duration(point, previous, group, gesture_duration,
                                          max_velocity_fraction))
        previous = point
    stretched = sum(1 for duration in durations if duration > gesture_duration)
    return np.cumsum(durations), stretched


def heading_band(rot_maximum_range):
    """Half-width (rad) of the band the base heading stays in around its start."""
    return BASE_HEADING_FULL_RANGE * rot_maximum_range / 2.0


def wrap_angle(angle):
    """Wrap an angle to [-pi, pi)."""
    return (angle + math.pi) % (2.0 * math.pi) - math.pi


def next_turn(heading_offset, band, rng):
    """A turn (rad) to a random heading inside [-band, band] of the start heading,
    given the current offset from it; the base never drifts out of the band."""
    target = rng.uniform(-band, band)
    return wrap_angle(target - heading_offset)
