"""The lifelike style's rest postures: where each group rests, a function of the round's
time around the rest posture the mood gives.

The weight shifts of posture_changes.TABLE move it (the whole body at once: the legs'
joints each row names, the arms' rest with every shift), and between two shifts it creeps
on (the drifting). Each rest is the mood's plus the drift, scaled back until it is inside
the group's bounds and passes its checks with room for the breath. Every plan of the
group finds the same rest at the same moment. Angles in rad, times in robot seconds
since the round began.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour.planning import posture_changes

# The fractions of a rest's drift tried, largest first, until the rest passes the group's
# checks (0: home).
SCALE_BACK = tuple(1.0 - index / 10.0 for index in range(11))


class Room(object):
    """``group`` as trajectory.random_points sees it when drawing a target: its bounds
    (``lower``/``upper``) as given, narrowed by the breath's ``lifted`` offsets, so that
    the target plus any depth of breath stays in them; names, home and checks are the
    group's."""

    def __init__(self, group, lower, upper, lifted):
        self._group = group
        self.names = group.names
        self.home = group.home
        self.checks = group.checks
        self.lower = lower - np.minimum(lifted, 0.0)
        self.upper = upper - np.maximum(lifted, 0.0)
        self._lifted = lifted

    def acceptable(self, points):
        return self._group.acceptable(points)

    def fitting(self, points):
        """Boolean mask of ``points`` (rows, rad, breath left out) inside the bounds that
        pass the group's checks both as they are and lifted by the breath."""
        inside = np.all((points >= self.lower - 1e-9) & (points <= self.upper + 1e-9), axis=1)
        passed = self.acceptable(np.vstack([points, points + self._lifted]))
        return inside & passed[:len(points)] & passed[len(points):]

    def first_fitting(self, points):
        """The first of ``points`` that fits (:meth:`fitting`); None if none does (the
        candidates of a move scaled back, largest first)."""
        passed = self.fitting(points)
        return points[int(np.argmax(passed))] if passed.any() else None


class Postures(object):
    """Where the group ``name`` (its joints ``names``) rests at robot time ``t`` since the
    round began, in the round of schedule ``seed``: at its shape's home (the mood's rest
    posture) until the first weight shift that moves it, then there moved by the drift
    of the shifts (a fraction of each joint's band on that side, the row's size, plus
    the creep since), scaled back until the rest, with the breath's ``lifted`` offsets
    too, is inside its bounds and passes its checks."""

    def __init__(self, name, names, seed):
        self._name = name
        self._size = len(names)
        rows = [(posture_changes.Schedule(row, seed), row.mask(name, names))
                for row in posture_changes.SHIFTS]
        self._rows = [(schedule, mask) for schedule, mask in rows if mask.any()]
        self._rest = (None, None, None)  # (key, shape, rest) last made

    def _drift(self, t):
        """(what decides the drift at ``t``: the shifts and creep steps, the drift: a
        fraction of each joint's band on that side)."""
        found = []
        for schedule, mask in self._rows:
            latest = schedule.latest(t)
            if latest is not None:
                found.append((latest[2], schedule, mask, latest))
        found.sort(key=lambda each: each[0])  # a later shift overrides an earlier one
        drift, key = np.zeros(self._size), []
        for moment, schedule, mask, (block, index, _moment) in found:
            draws = 2.0 * schedule.draws(self._name, block, 2 * self._size)[index] - 1.0
            step = int(math.floor((t - moment) / posture_changes.DRIFT_STEP))
            crept = min(step * posture_changes.DRIFT_STEP
                        / (schedule.following(block, index) - moment), 1.0)
            value = schedule.row.size * (draws[:self._size]
                                         + posture_changes.DRIFT * crept * draws[self._size:])
            drift[mask] = value[mask]
            key.append((schedule.row.name, block, index, step))
        return tuple(key), drift

    def latest(self, t):
        """What shifts put the rest where it is at ``t`` (creep left out): equal at two
        moments with no shift between."""
        return tuple(each[:3] for each in self._drift(t)[0])

    def shifts(self, start, end):
        """The shifts' times in (start, end]."""
        return sorted(moment for schedule, _mask in self._rows
                      for moment in schedule.between(start, end))

    def at(self, t, shape, lifted):
        """The rest at ``t`` of the group as ``shape`` (groups.Shape) puts it, breathing
        ``lifted`` at most."""
        key, drift = self._drift(t)
        if not key:
            return shape.home
        cached = self._rest
        if cached[0] == key and cached[1] is shape:
            return cached[2]
        band = np.where(drift > 0.0, shape.upper - shape.home, shape.home - shape.lower)
        rests = shape.home + np.array(SCALE_BACK)[:, np.newaxis] * (drift * band)
        rest = Room(shape, shape.lower, shape.upper, lifted).first_fitting(rests)
        if rest is None:
            rest = shape.home.copy()
        self._rest = (key, shape, rest)
        return rest

    def bounds(self, t, shape, lifted):
        """(lower, upper): Table 1's bounds moved with the rest at ``t``, cut to them."""
        drift = self.at(t, shape, lifted) - shape.home
        return (shape.lower + np.maximum(drift, 0.0), shape.upper + np.minimum(drift, 0.0))
