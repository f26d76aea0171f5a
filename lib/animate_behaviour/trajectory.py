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


def random_points(group, count, rng, start=None):
    """``count`` random waypoints, shape (count, joints), each inside [LB, UB] and
    passing the group's checks (hands clear of the pelvis, torso upright), drawn
    uniformly from what passes (rejection sampling; home after CHECK_TRIES failed
    batches). A check that is not convex (the hands' clearance) must also hold along
    each segment, which ALMotion travels in a straight line in joint space, from
    ``start`` (default home) to the first waypoint and between waypoints."""
    size = len(group.names)
    if not group.checks:
        return rng.uniform(group.lower, group.upper, size=(count, size))
    if all(check.convex for check in group.checks):
        # Passing at both ends means passing along the segment: draw in batches.
        points = np.empty((0, size))
        for _attempt in range(CHECK_TRIES):
            candidates = rng.uniform(group.lower, group.upper, size=(2 * count, size))
            points = np.vstack([points, candidates[group.acceptable(candidates)]])
            if len(points) >= count:
                return points[:count]
        return np.vstack([points, np.tile(group.home, (count - len(points), 1))])
    points = np.empty((count, size))
    previous = group.home if start is None else np.asarray(start, dtype=float)
    for index in range(count):
        chosen = group.home
        for _attempt in range(CHECK_TRIES):
            candidates = rng.uniform(group.lower, group.upper, size=(SEGMENT_CANDIDATES, size))
            along = previous + SEGMENT_FRACTIONS[:, np.newaxis, np.newaxis] * (
                candidates - previous)
            passed = group.acceptable(np.vstack([candidates, along.reshape(-1, size)]))
            passed = passed[:SEGMENT_CANDIDATES] & passed[SEGMENT_CANDIDATES:].reshape(
                len(SEGMENT_FRACTIONS), SEGMENT_CANDIDATES).all(axis=0)
            if passed.any():
                chosen = candidates[np.argmax(passed)]
                break
        points[index] = chosen
        previous = chosen
    return points


def leg_points(group, num_points, chunk_size, random_per_chunk, chunks, rng):
    """The seed's leg pattern: each chunk starts with ``random_per_chunk`` random
    waypoints and holds home for the rest; points beyond ``chunks * chunk_size`` stay home."""
    points = np.tile(group.home, (num_points, 1))
    starts = np.arange(chunks) * chunk_size
    rows = (starts[:, np.newaxis] + np.arange(random_per_chunk)[np.newaxis, :]).ravel()
    points[rows] = random_points(group, len(rows), rng)
    return points


def plan(group, config, rng, start):
    """One of the specification's trajectories for ``group`` (groups.JointGroup) from
    ``start``: numPoints waypoints, in the leg chunk pattern where its row says so, and
    their velocity-limited times. Returns (points, times, number of stretched segments)."""
    if group.row.chunked:
        points = leg_points(group, config.num_points, config.leg_chunk_size,
                            config.num_points_leg, config.leg_repeat_factor, rng)
    else:
        points = random_points(group, config.num_points, rng, start)
    times, stretched = timed(points, start, group, config.gesture_duration,
                             config.max_velocity_fraction)
    return points, times, stretched


def timed(points, start, group, gesture_duration, max_velocity_fraction):
    """Cumulative times (s) for ``points`` reached from ``start``.

    Each segment lasts ``gesture_duration`` unless some joint would then exceed
    ``max_velocity_fraction`` of its maximum velocity at the ease's peak; that segment
    is stretched instead. Returns (times, number of stretched segments).
    """
    path = np.vstack([np.asarray(start, dtype=float)[np.newaxis, :], points])
    steps = np.abs(np.diff(path, axis=0))
    needed = PEAK_TO_MEAN_SPEED * steps / (max_velocity_fraction * group.max_velocity)
    durations = np.maximum(needed.max(axis=1), gesture_duration)
    stretched = int(np.count_nonzero(durations > gesture_duration))
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
