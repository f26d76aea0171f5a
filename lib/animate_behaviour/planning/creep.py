"""The lifelike style's creep while holding: people standing idle are never quite still
between their moves (the genuine ReActIdle people's arm joints move at 0.007-0.099 rad/s at
the median, an arm that only breathes while it holds at 0.003). So while an arm holds, each
of its breath calls also carries its joints other than the breath's and the hand's along a
slow random drift about the pose the hold began at: an Ornstein-Uhlenbeck process
(mean-reverting, so that it never wanders off), of standard deviation SIZE of each joint's
half band (Table 1's, at the mood: it scales with the amplitude) and time constant TIME
gestureDurations (it follows the tempo, as the moves do), sampled at the breath call's end,
and never faster than over SLOWEST. Each key is scaled back towards the arm's pose until it
is inside the bounds (with room for the breath), passes the group's checks there and on the
way, with the breath the call ends at too (lifelike_hold.py), and respects the velocity
limit; never while Pepper listens (the arms hold still for the person). Angles in rad, times
in robot seconds.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour.planning import joints as joints_module

# The drift's standard deviation, as a fraction of each joint's half band: the arms' speed
# between moves rises to people's (0.4 puts Pepper's median arm speed inside their range
# at every arousal but -1's, where people's stillest would stand).
SIZE = 0.4
# How fast the drift forgets where it was, in gestureDurations: a breath long at the
# neutral mood (4 s), so that it goes somewhere within a breath and comes back over a few.
# In gestureDurations, as the moves and holds are, so that the creep keeps its pace beside
# them: kept at 4 s, at arousal -1 (gestureDuration doubled) it crept as fast against the
# slower moves as to read as moves itself (issue 32's mood grid).
TIME = 4.0
# A breath call shorter than this many gestureDurations (one cut short by the hold's end,
# down to lifelike_hold.MIN_CALL) creeps its share of the way towards the drift drawn over
# SLOWEST: an Ornstein-Uhlenbeck step grows as the root of its time, so a call of 0.1 s
# moved the joints nearly a third as far as one of 2 s and as fast as a move (ElbowYaw's
# creep calls peaked at up to 0.49 rad/s at arousal -1, its moves at 0.36).
SLOWEST = 2.0
# The fractions of a key's drift tried, largest first, until it fits (0: where the hold
# began).
SCALE_BACK = (1.0, 0.5, 0.0)


def creeping(names, breathing):
    """The indices of ``names`` (a group's joints) that creep: the arm's, neither the
    breathing ones (``breathing``: breath.Breathing's joints) nor the hand's."""
    return tuple(index for index, name in enumerate(names)
                 if name in joints_module.ARM_JOINTS and index not in breathing)


class Creep(object):
    """The drift of the joints ``creeping`` of a group of ``size`` joints, as fractions of
    their half band, drawn with ``rng``."""

    def __init__(self, size, creeping_joints, rng):
        self.joints = tuple(creeping_joints)
        self._mask = np.zeros(size, dtype=bool)
        self._mask[list(self.joints)] = True
        self._rng = rng
        self._state = np.zeros(size)

    def restart(self):
        """A hold begins where a move left the arm: no drift yet."""
        self._state[:] = 0.0

    def keys(self, anchor, seconds, shape, gesture_duration):
        """The drift ``seconds`` s on at ``gesture_duration``, as candidate poses about
        ``anchor`` (rad) for ``shape`` (groups.Shape), scaled back as SCALE_BACK says,
        largest first; drawn once (:meth:`kept` says which was taken)."""
        span = max(seconds, SLOWEST * gesture_duration)
        decay = math.exp(-span / (TIME * gesture_duration))
        step = SIZE * math.sqrt(1.0 - decay * decay)
        drawn = self._state * decay + step * self._rng.standard_normal(len(self._state))
        drawn = self._state + (drawn - self._state) * (seconds / span)
        self._drawn = np.where(self._mask, drawn, 0.0)
        half_band = (shape.upper - shape.lower) / 2.0
        return anchor + np.array(SCALE_BACK)[:, np.newaxis] * self._drawn * half_band

    def kept(self, index):
        """The candidate of :meth:`keys` numbered ``index`` was taken (None: none, the arm
        stays where it was)."""
        if index is not None:
            self._state = SCALE_BACK[index] * self._drawn
