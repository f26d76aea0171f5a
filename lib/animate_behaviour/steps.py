"""Cutting a timed trajectory into ALMotion calls that hold joints briefly.

ALMotion books a call's joints for the whole call and postpones every other app's task
on them until it ends, so no call of ours may last longer than ``maxCallDuration``. A
trajectory (waypoints at cumulative times, reached from a start posture) becomes a list
of steps, executed one after the other, each continuing exactly where the last ended:

* :class:`Move`: one angleInterpolation call, its waypoints at times from the call's
  start, lasting at most ``maxCallDuration``. A segment longer than that is cut into
  equal pieces along its straight line in joint space (each piece eased like a segment,
  so its peak speed stays the segment's).
* :class:`Rest`: consecutive waypoints equal to the one before (the legs holding home
  between chunks) become a pause with no call at all, so the joints stay free.

Angles in rad, times in s.
"""
from __future__ import absolute_import, division, print_function

import collections
import math

import numpy as np

from animate_behaviour import trajectory

# Rounding slack (s) when comparing durations to maxCallDuration.
_SLACK = 1e-9
# Home moves go as fast as maxVelocityFraction allows, never shorter than this (s).
HOME_MIN_DURATION = 0.25


class Move(collections.namedtuple("Move", "angles times joints starts")):
    """One call: ``angles`` (waypoints, joints) reached at ``times`` (s from the call's
    start, strictly increasing, the last one the call's duration). ``joints``: the
    indices of the joints the call commands (None: all); the others hold, and their
    columns repeat where they are. ``starts``: the call starts the group moving after
    it held still (a watcher sees it set off), so it is kept apart from the other
    groups' starts."""

    def __new__(cls, angles, times, joints=None, starts=False):
        return super(Move, cls).__new__(cls, angles, times, joints, starts)

    @property
    def duration(self):
        return float(self.times[-1])

    @property
    def end(self):
        return self.angles[-1]


class Rest(collections.namedtuple("Rest", "duration")):
    """A pause of ``duration`` s during which the joints hold where they are, uncommanded."""


def cut(start, points, times, max_call_duration):
    """Steps that take the joints from ``start`` (joints,) through ``points`` (waypoints,
    joints) reached at cumulative ``times`` (s), no Move longer than
    ``max_call_duration`` (s)."""
    previous = np.asarray(start, dtype=float)
    durations = np.diff(np.concatenate([[0.0], np.asarray(times, dtype=float)]))
    result = []
    pending_angles, pending_times = [], []

    def flush():
        if pending_angles:
            result.append(Move(np.array(pending_angles), np.array(pending_times)))
            del pending_angles[:]
            del pending_times[:]

    for point, duration in zip(np.asarray(points, dtype=float), durations):
        if np.array_equal(point, previous):
            flush()
            if result and isinstance(result[-1], Rest):
                result[-1] = Rest(result[-1].duration + duration)
            else:
                result.append(Rest(float(duration)))
            continue
        pieces = max(1, int(math.ceil(duration / max_call_duration - _SLACK)))
        piece = duration / pieces
        for index in range(1, pieces + 1):
            elapsed = pending_times[-1] if pending_times else 0.0
            if elapsed + piece > max_call_duration + _SLACK:
                flush()
                elapsed = 0.0
            pending_angles.append(point if index == pieces else
                                  previous + (point - previous) * (index / pieces))
            pending_times.append(elapsed + piece)
        previous = point
    flush()
    return result


def duration(steps):
    """How long ``steps`` last (s), seams between calls left out."""
    return sum(step.duration for step in steps)


def home(group, start, config, target=None):
    """Steps that take ``group`` (groups.JointGroup) from ``start`` (angles) to ``target``
    (angles; by default the group's home) as fast as ``config``'s maxVelocityFraction
    allows, never in less than HOME_MIN_DURATION."""
    target = np.asarray(group.home if target is None else target, dtype=float)[np.newaxis, :]
    times, _stretched = trajectory.timed(target, start, group, HOME_MIN_DURATION,
                                         config.max_velocity_fraction)
    return cut(start, target, times, config.max_call_duration)
