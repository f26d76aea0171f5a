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
limit; never while Pepper listens (the arms hold still for the person). A breath call
followed by the breath's pause creeps on through it in the same call, up to where the call
may end (lifelike_hold.py): no extra call, and the arm is not still over the pause.

Part of each joint's drift (SHARED of its variance) is the body's: one drift per joint
kind for the whole round (:class:`BodyDrift`), found by every arm from the round's schedule
seed at the same robot time, with neither a lock nor a common clock, so that the arms'
creeps move together as people's arms do (their speeds correlate, 0.42 at the median
over 20 s; Pepper's independent arms read -0.01, issue 39). The legs hold with no call,
so no creep: they carry none of it. Angles in rad, times in robot seconds.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour.planning import human_timing
from animate_behaviour.planning import joints as joints_module

# The drift's standard deviation, as a fraction of each joint's half band: the arms' speed
# between moves rises to people's (0.4 puts Pepper's median arm speed inside their range
# at every arousal but -1's, where people's stillest would stand).
SIZE = 0.6
# How fast the drift forgets where it was, in gestureDurations: a breath long at the
# neutral mood (4 s), so that it goes somewhere within a breath and comes back over a few.
# In gestureDurations, as the moves and holds are, so that the creep keeps its pace beside
# them: kept at 4 s, at arousal -1 (gestureDuration doubled) it crept as fast against the
# slower moves as to read as moves itself (issue 32's mood grid).
TIME = 1.0
# A breath call shorter than this many gestureDurations (one cut short by the hold's end,
# down to lifelike_hold.MIN_CALL) creeps its share of the way towards the drift drawn over
# SLOWEST: an Ornstein-Uhlenbeck step grows as the root of its time, so a call of 0.1 s
# moved the joints nearly a third as far as one of 2 s and as fast as a move (ElbowYaw's
# creep calls peaked at up to 0.49 rad/s at arousal -1, its moves at 0.36).
SLOWEST = 2.0
# The share of each creeping joint's drift variance that is the body's (BodyDrift): the
# rest is the arm's own; the sum keeps SIZE's standard deviation.
SHARED = 0.8
# The body's drift is drawn on a grid of this many gestureDurations (the pace of
# SLOWEST: no faster than the own drift over its slowest call), the same grid for every
# arm, blocks of BLOCK points each from a generator of its own (human_timing.block_rng).
GRID = SLOWEST
BLOCK = 256
# The right arm's joints that follow the body's drift mirrored: both elbows bend and turn
# alike, both shoulders roll to the same side (a lean).
MIRRORED = ("ElbowRoll", "ElbowYaw", "WristYaw")
# The fractions of a key's drift tried, largest first, until it fits (0: where the hold
# began).
SCALE_BACK = (1.0, 0.5, 0.0)


def creeping(names, breathing):
    """The indices of ``names`` (a group's joints) that creep: the arm's, neither the
    breathing ones (``breathing``: breath.Breathing's joints) nor the hand's."""
    return tuple(index for index, name in enumerate(names)
                 if name in joints_module.ARM_JOINTS and index not in breathing)


class BodyDrift(object):
    """The body's drift of the round of schedule ``seed``: per joint kind (an arm joint's
    name without its side), an Ornstein-Uhlenbeck process of unit variance and time
    constant TIME, in gestureDurations, on the GRID. Each arm makes its own and reads the
    same values at the same time and tempo."""

    def __init__(self, seed):
        self._seed = seed
        self._blocks = {}
        self._decay = math.exp(-GRID / TIME)
        # Points before one beyond which its value forgets them (a weight under 0.3 %).
        self._reach = int(math.ceil(6.0 * TIME / GRID))

    def _noise(self, kind, point):
        block = int(math.floor(point / float(BLOCK)))
        key = (kind, block)
        if key not in self._blocks:
            if len(self._blocks) > 16:
                self._blocks.clear()
            rng = human_timing.block_rng(self._seed ^ human_timing.seed_of("creep " + kind),
                                         block)
            self._blocks[key] = rng.standard_normal(BLOCK)
        return self._blocks[key][point - block * BLOCK]

    def _point(self, kind, point):
        """The process at grid point ``point``: the noise of the points before it, each
        decayed by its distance."""
        scale = math.sqrt(1.0 - self._decay ** 2)
        return scale * sum(self._decay ** back * self._noise(kind, point - back)
                           for back in range(self._reach + 1))

    def at(self, kind, units):
        """The process of ``kind`` at ``units`` gestureDurations: between two grid
        points, their mix scaled back to unit variance."""
        where = units / GRID
        point = int(math.floor(where))
        part = where - point
        mixed = ((1.0 - part) * self._point(kind, point) + part * self._point(kind, point + 1))
        spread = (1.0 - part) ** 2 + part ** 2 + 2.0 * part * (1.0 - part) * self._decay
        return mixed / math.sqrt(spread)


class Creep(object):
    """The drift of the joints ``creeping`` of a group of ``size`` joints, as fractions of
    their half band, drawn with ``rng``; with the group's joint ``names`` and the round's
    schedule ``seed``, SHARED of it the body's (BodyDrift)."""

    def __init__(self, size, creeping_joints, rng, names=None, seed=None):
        self.joints = tuple(creeping_joints)
        self._mask = np.zeros(size, dtype=bool)
        self._mask[list(self.joints)] = True
        self._rng = rng
        self._state = np.zeros(size)
        self._body = None if names is None or seed is None else BodyDrift(seed)
        self._kinds = [(index, names[index][1:],
                        -1.0 if names[index][0] == "R" and names[index][1:] in MIRRORED
                        else 1.0) for index in self.joints] if self._body else []
        self._origin = None  # (units, the body's drift there) where the hold began

    def restart(self):
        """A hold begins where a move left the arm: no drift yet."""
        self._state[:] = 0.0
        self._origin = None

    def _shared(self, at, seconds, gesture_duration):
        """The body's share of the drift at robot time ``at`` (its keys' end), a call of
        ``seconds`` s: as the arm's own, none where the hold began, then the body's drift
        less what it had there, decayed (so both start at 0 with the same variance)."""
        units = at / gesture_duration
        if self._origin is None:
            begin = units - seconds / gesture_duration
            self._origin = (begin, np.array([self._body.at(kind, begin)
                                             for _index, kind, _sign in self._kinds]))
        since, before = self._origin
        now = np.array([self._body.at(kind, units) for _index, kind, _sign in self._kinds])
        drift = now - before * math.exp(-max(units - since, 0.0) / TIME)
        found = np.zeros(len(self._state))
        for (index, _kind, sign), value in zip(self._kinds, drift):
            found[index] = sign * SIZE * value
        return found

    def keys(self, anchor, seconds, shape, gesture_duration, at=None):
        """The drift ``seconds`` s on at ``gesture_duration`` (its end at robot time
        ``at``: None, the arm's own only), as candidate poses about ``anchor`` (rad) for
        ``shape`` (groups.Shape), scaled back as SCALE_BACK says, largest first; drawn
        once (:meth:`kept` says which was taken)."""
        span = max(seconds, SLOWEST * gesture_duration)
        decay = math.exp(-span / (TIME * gesture_duration))
        step = SIZE * math.sqrt(1.0 - decay * decay)
        drawn = self._state * decay + step * self._rng.standard_normal(len(self._state))
        drawn = self._state + (drawn - self._state) * (seconds / span)
        self._drawn = np.where(self._mask, drawn, 0.0)
        total = self._drawn
        if self._body is not None and at is not None:
            total = (math.sqrt(1.0 - SHARED) * self._drawn
                     + math.sqrt(SHARED) * self._shared(at, seconds, gesture_duration))
        half_band = (shape.upper - shape.lower) / 2.0
        return anchor + np.array(SCALE_BACK)[:, np.newaxis] * total * half_band

    def kept(self, index):
        """The candidate of :meth:`keys` numbered ``index`` was taken (None: none, the arm
        stays where it was)."""
        if index is not None:
            self._state = SCALE_BACK[index] * self._drawn
