"""The lifelike style's posture shifts: where each group rests, a schedule of the round's
time around the rest posture the mood gives.

Every couple of minutes on average (human_timing) a group's rest posture moves: the
mood's rest plus a drift within its bounds that passes its checks, with room for the
breath. The schedule is drawn block by block from the round's schedule seed and the
group's name, so every plan of the group finds the same shift at the same moment.
Angles in rad, times in robot seconds since the round began.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour.planning import human_timing

# The fractions of a posture shift's drift tried, largest first, until the rest passes
# the group's checks (0: home).
SCALE_BACK = tuple(1.0 - index / 10.0 for index in range(11))

# Shift blocks drawn lately, shared by the plans (each plan and hold makes its own
# Postures): (seed, block, joints) -> (times, drifts); at most BLOCKS_KEPT kept (a block
# lasts 10 minutes).
_BLOCKS = {}
BLOCKS_KEPT = 8


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

    def acceptable(self, points):
        return self._group.acceptable(points)


class Postures(object):
    """Where the group ``name`` (of ``size`` joints) rests at robot time ``t`` since the
    round began: at its shape's home (the mood's rest posture) until its first posture
    shift, then there moved by the last shift's drift (human_timing's schedule for the
    group in the round's schedule ``seed``: a fraction of each joint's band on that side,
    at most SHIFT_DRIFT), scaled back until the rest, with the breath's ``lifted`` offsets
    too, is inside its bounds and passes its checks."""

    def __init__(self, name, size, seed):
        self._size = size
        self._seed = human_timing.seed_of(name) ^ seed
        self._rest = (None, None, None)  # ((block, shift), shape, rest) last made

    def _block(self, block):
        """The block's shift times and drifts, shared by the group's plans made lately."""
        key = (self._seed, block, self._size)
        found = _BLOCKS.get(key)
        if found is None:
            found = human_timing.shift_block(self._seed, block, self._size)
            if len(_BLOCKS) >= BLOCKS_KEPT:
                _BLOCKS.clear()
            _BLOCKS[key] = found
        return found

    def _latest(self, t):
        """(block, index) of the last shift at or before ``t``, or None before the first."""
        block = int(math.floor(t / human_timing.SHIFT_BLOCK))
        while block >= 0:
            latest = int(np.searchsorted(self._block(block)[0], t, side="right")) - 1
            if latest >= 0:
                return block, latest
            block -= 1
        return None

    def shifts(self, start, end):
        """The shifts' times in (start, end]."""
        found = []
        block = int(math.floor(start / human_timing.SHIFT_BLOCK))
        while block * human_timing.SHIFT_BLOCK <= end:
            times = self._block(block)[0]
            found.extend(float(moment) for moment in times if start < moment <= end)
            block += 1
        return found

    def at(self, t, shape, lifted):
        """The rest at ``t`` of the group as ``shape`` (groups.Shape) puts it, breathing
        ``lifted`` at most."""
        latest = self._latest(t)
        if latest is None:
            return shape.home
        cached = self._rest
        if cached[0] == latest and cached[1] is shape:
            return cached[2]
        drift = self._block(latest[0])[1][latest[1]]
        room = Room(shape, shape.lower, shape.upper, lifted)
        band = np.where(drift > 0.0, shape.upper - shape.home, shape.home - shape.lower)
        rests = shape.home + np.array(SCALE_BACK)[:, np.newaxis] * (
            human_timing.SHIFT_DRIFT * drift * band)
        inside = np.all((rests >= room.lower - 1e-9) & (rests <= room.upper + 1e-9), axis=1)
        passed = shape.acceptable(np.vstack([rests, rests + lifted]))
        passed = inside & passed[:len(rests)] & passed[len(rests):]
        rest = rests[np.argmax(passed)] if passed.any() else shape.home.copy()
        self._rest = (latest, shape, rest)
        return rest

    def bounds(self, t, shape, lifted):
        """(lower, upper): Table 1's bounds moved with the rest at ``t``, cut to them."""
        drift = self.at(t, shape, lifted) - shape.home
        return (shape.lower + np.maximum(drift, 0.0), shape.upper + np.minimum(drift, 0.0))
