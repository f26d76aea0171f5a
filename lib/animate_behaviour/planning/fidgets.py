"""The lifelike style's fidgets: now and then one arm moves a little, quickly, out and
straight back (posture_changes' FIDGET rows), during a hold.

Each fidget event of the round's schedule goes to one arm, the same whichever asks, and is
kept or not by how alone Pepper is (posture_changes.ALONE_FIDGETS). The arm's joints other
than the breathing ones move to a point SIZE of their band on that side away from where they
are, within the group's bounds and checks (with room for the breath; the arm's hold scales
the reach back until it fits, lifelike_hold.py), and back: two calls that the shoulder's
breath waits out. Angles in rad, times in robot seconds since the round began.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import posture_changes

# Draws shared by both arms for each event: which arm (below a half: the first of
# posture_changes.ARMS) and whether it is kept.
WHO = "who fidgets"
# Out (and as long back), in multiples of gestureDuration: quick next to a move's 1.5-3.
OUT = (0.4, 0.7)
# The fractions of a fidget's reach tried, largest first, until it passes the checks.
SCALE_BACK = (1.0, 0.7, 0.4)


class Fidgets(object):
    """The fidgets of the arm group ``name`` (its joints ``names``, ``breathing`` them or
    not: breath.Breathing's joints) in the round of schedule ``seed``."""

    def __init__(self, name, names, seed):
        self._name = name
        self._size = len(names)
        self._rows = []
        for row in posture_changes.FIDGETS:
            mask = row.mask(name, names)
            if mask.any() and name in posture_changes.ARMS:
                self._rows.append((posture_changes.Schedule(row, seed), mask))

    def due(self, since, now, alone):
        """The first fidget of this arm in (since, now], kept at ``alone`` (0-1): (its
        row, the arm's draws for it), or None."""
        keep = (1.0 + (posture_changes.ALONE_FIDGETS - 1.0) * alone) \
            / posture_changes.ALONE_FIDGETS
        for schedule, mask in self._rows:
            for block, index, _moment in schedule.events(since, now):
                who, kept = schedule.draws(WHO, block, 2)[index]
                mine = posture_changes.ARMS[0 if who < 0.5 else 1] == self._name
                if mine and kept < keep:
                    draws = schedule.draws(self._name, block, self._size + 1)[index]
                    return schedule.row, mask, draws
        return None

    def reach(self, due, pose, shape, breathing):
        """Where the fidget ``due`` (from :meth:`due`) may take the arm from ``pose`` (rad,
        breath left out) as ``shape`` (groups.Shape) puts it, the joints other than
        ``breathing``'s (breath.Breathing): (the joints it moves, the points out, its
        reach scaled back as SCALE_BACK says, largest first). The arm's hold takes the
        first that passes the checks (lifelike_hold.py). The last draw is the time out,
        as a fraction of OUT."""
        row, mask, draws = due
        moved = mask.copy()
        moved[list(breathing.joints)] = False
        offsets = np.where(moved, 2.0 * draws[:self._size] - 1.0, 0.0)
        band = np.where(offsets > 0.0, shape.upper - pose, pose - shape.lower)
        points = pose + np.array(SCALE_BACK)[:, np.newaxis] * row.size * offsets \
            * np.maximum(band, 0.0)
        return tuple(int(index) for index in np.flatnonzero(moved)), points

    @staticmethod
    def out_time(due, gesture_duration):
        """How long (s) the fidget ``due`` takes out (and as long back), before the
        velocity limit."""
        return (OUT[0] + (OUT[1] - OUT[0]) * due[2][-1]) * gesture_duration
