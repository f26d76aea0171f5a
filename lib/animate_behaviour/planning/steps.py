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

from animate_behaviour.planning import trajectory

# Rounding slack (s) when comparing durations to maxCallDuration.
SLACK = 1e-9
# Home moves go as fast as maxVelocityFraction allows, never shorter than this (s).
HOME_MIN_DURATION = 0.25


class Move(collections.namedtuple("Move", "angles times joints")):
    """One call: ``angles`` (waypoints, joints) reached at ``times`` (s from the call's
    start, strictly increasing, the last one the call's duration). ``joints``: the
    indices of the joints the call commands (None: all); the others hold, and their
    columns repeat where they are."""

    def __new__(cls, angles, times, joints=None):
        return super(Move, cls).__new__(cls, angles, times, joints)

    @property
    def duration(self):
        return float(self.times[-1])

    @property
    def end(self):
        return self.angles[-1]


class Rest(collections.namedtuple("Rest", "duration")):
    """A pause of ``duration`` s during which the joints hold where they are, uncommanded."""


class End(collections.namedtuple("End", "summary")):
    """Where a trajectory ends among its waypoints (cutting): its last call goes out whole;
    ``summary`` says in words what it was."""


def cutting(start, waypoints, max_call_duration, on_end=None):
    """The steps that take the joints from ``start`` (joints,) through ``waypoints``, an
    iterator of (point, seconds to reach it from the one before) with an End after each
    trajectory, made as they are asked for: no Move longer than ``max_call_duration``
    (s), a Rest for each waypoint equal to the one before. A call is made of the
    waypoints that fit in it, so the waypoint after a call is drawn before the call goes
    out; a trajectory's last call goes out at its End, and ``on_end(summary)`` runs when
    the step after it is asked for (the trajectory has played)."""
    previous = np.asarray(start, dtype=float)
    pending_angles, pending_times = [], []

    def flushed():
        move = Move(np.array(pending_angles), np.array(pending_times))
        del pending_angles[:]
        del pending_times[:]
        return move

    for waypoint in waypoints:
        if isinstance(waypoint, End):
            if pending_angles:
                yield flushed()
            if on_end is not None:
                on_end(waypoint.summary)
            continue
        point, duration = np.asarray(waypoint[0], dtype=float), waypoint[1]
        if np.array_equal(point, previous):
            if pending_angles:
                yield flushed()
            yield Rest(float(duration))
            continue
        pieces = max(1, int(math.ceil(duration / max_call_duration - SLACK)))
        piece = duration / pieces
        for index in range(1, pieces + 1):
            elapsed = pending_times[-1] if pending_times else 0.0
            if elapsed + piece > max_call_duration + SLACK:
                yield flushed()
                elapsed = 0.0
            pending_angles.append(point if index == pieces else
                                  previous + (point - previous) * (index / pieces))
            pending_times.append(elapsed + piece)
        previous = point
    if pending_angles:
        yield flushed()


def cut(start, points, times, max_call_duration):
    """cutting() of ``points`` (waypoints, joints) reached at cumulative ``times`` (s) as
    a list, consecutive Rests merged into one."""
    durations = np.diff(np.concatenate([[0.0], np.asarray(times, dtype=float)]))
    result = []
    for step in cutting(start, zip(np.asarray(points, dtype=float), durations),
                        max_call_duration):
        if isinstance(step, Rest) and result and isinstance(result[-1], Rest):
            result[-1] = Rest(result[-1].duration + step.duration)
        else:
            result.append(step)
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
