"""The lifelike style's breath: one for both arms, drawn breath by breath as the round's
time reaches it, at the breathing rate the live signal gives then.

Both ShoulderPitch follow one breath: an inhale, an exhale, each one call eased from rest
to rest, then a pause with no call (a breath of 14 a minute is 4.3 s; calls last at most
maxCallDuration). Each breath has a length of its own around the mean, and now and then
one is a sigh: a second inhale on top of the first, to twice the depth, then the exhale
in two calls and a longer pause (human_timing). The round keeps one Breath, drawn from
its schedule seed, so both arms find the same breath at the same moment. Times in robot
seconds since the round began; depths in multiples of a full inhale (:class:`Breathing`
turns them into rad per joint).
"""
from __future__ import absolute_import, division, print_function

import threading

import numpy as np

from animate_behaviour.planning import human_timing, trajectory

# Breathing joints: (name suffix, depth at full inhale as a fraction of the joint's
# half band (Table 1's SRO), its sign). The arms rise forward (away from the pelvis) by
# about 1 degree of ShoulderPitch at the defaults (2 in a sigh). In proportion to the
# band, so to the moves: whatever the preset, a breath moves the joint at about a
# twenty-fifth of a move's speed. One breath for both arms: were it as fast as a tenth
# of the fastest move a watcher saw lately, it would read as moves starting together
# (at a twentieth, a minute of small moves sometimes came close).
BREATHING = (("ShoulderPitch", 0.08, -1.0),)
# Breaths drawn are kept this long (robot s) after they begin: what a plan may still ask.
KEEP = 120.0
# A breath's calls: (fraction of the breath's length, depth reached), one call each; the
# rest of the breath is the pause after the exhale. Each also lasts at most
# maxCallDuration, the pause taking what is left. Long, so that the breath is slow. A
# sigh (twice a breath's length): a normal inhale, a second one on top
# (human_timing.SIGH_DEPTH), the exhale in two calls, each at a normal breath's pace,
# then a longer pause. A breath shorter than the mean is as much shallower, so that no
# breath is faster than the mean one (a faster one would start the arms together).
INHALE = 0.45
EXHALE = 0.5
NORMAL = ((INHALE, 1.0), (EXHALE, 0.0))
SIGH = ((0.225, 1.0), (0.225, human_timing.SIGH_DEPTH), (0.225, 1.0), (0.225, 0.0))


class OneBreath(object):
    """A breath of the schedule: its ``begin`` (s), ``length`` (s), whether it is a
    ``sigh``, its ``depth`` (1 for a breath of the mean ``period`` or longer, less for a
    shorter one) and its ``segments``: (begin, end, depth from, depth to), one per call."""

    def __init__(self, begin, length, sigh, period, max_call_duration):
        self.begin = begin
        self.length = length
        self.sigh = bool(sigh)
        self.depth = min(1.0, length / (period * (human_timing.SIGH_LENGTH if sigh else 1.0)))
        segments = []
        moment, depth = begin, 0.0
        for fraction, target in (SIGH if sigh else NORMAL):
            duration = min(fraction * length, max_call_duration)
            target *= self.depth
            segments.append((moment, moment + duration, depth, target))
            moment, depth = moment + duration, target
        self.segments = tuple(segments)


class Breath(object):
    """The breath shared by every group of a round: ``depth_at(t)`` in [0, ``deepest``] (0
    exhaled, 1 a full inhale, ``deepest`` the top of a sigh) at robot time ``t`` since the
    round began, and its phase boundaries. Breaths are drawn one after the other as the
    time of their beginning is asked for, each its own length around the mean period at
    the rate ``pace()`` gives then ((breathsPerMinute, maxCallDuration): the live signal's
    and the configuration's), now and then a sigh (human_timing, from the generator of
    ``seed``, the round's schedule seed): the same breath for every group at the same time.
    Thread-safe: both arms ask."""

    deepest = human_timing.SIGH_DEPTH

    def __init__(self, pace, seed):
        self._pace = pace
        self._rng = human_timing.block_rng(seed, 0)
        self._lock = threading.Lock()
        self._breaths = []  # drawn, in order; the oldest dropped once KEEP s past
        self._end = 0.0  # where the last breath drawn ends

    def _reach(self, start, end):
        """Draw breaths until one ends after ``end``; drop those that began KEEP s before
        ``start`` (under the lock)."""
        while self._end <= end:
            breaths_per_minute, max_call_duration = self._pace()
            period = 60.0 / breaths_per_minute
            length, sigh = human_timing.next_breath(self._rng, period)
            self._breaths.append(OneBreath(self._end, length, sigh, period, max_call_duration))
            self._end += length
        while len(self._breaths) > 1 and self._breaths[1].begin < start - KEEP:
            del self._breaths[0]

    def breath_at(self, t):
        """The breath going on at ``t`` (the first one before the round's start)."""
        with self._lock:
            self._reach(t, t)
            found = self._breaths[0]
            if t < found.begin:
                raise ValueError("the breath at %.3f s was dropped: breaths are kept %.0f s"
                                 % (t, KEEP))
            for breath in self._breaths:
                if breath.begin > t:
                    break
                found = breath
            return found

    def breaths(self, start, end):
        """The breaths that begin in [start, end)."""
        with self._lock:
            self._reach(start, end)
            return [breath for breath in self._breaths if start <= breath.begin < end]

    def depth_at(self, t):
        for begin, end, low, high in self.breath_at(t).segments:
            if begin <= t < end:
                return low + (high - low) * trajectory.ease((t - begin) / (end - begin))
        return 0.0

    def boundaries(self, start, end):
        """The breath's phase boundaries strictly inside (start, end): where each call of a
        breath begins and ends, where it is at rest or turns."""
        found = set()
        for breath in [self.breath_at(start)] + self.breaths(start, end):
            for begin, finish, _low, _high in breath.segments:
                found.update(moment for moment in (begin, finish) if start < moment < end)
        return sorted(found)

    def moving(self, start, end):
        """Whether the breath moves between ``start`` and ``end``, two neighbouring
        boundaries (or a hold's ends between them): not in its pause."""
        middle = (start + end) / 2.0
        return any(begin <= middle < finish
                   for begin, finish, _low, _high in self.breath_at(middle).segments)


class Breathing(object):
    """How the joints of ``group`` (a groups.Shape: its bounds at the mood) breathe: an
    offset (rad) per joint at full inhale (zero for the joints that do not breathe), and
    ``lifted``: the offsets at the top of a sigh, which the group's bounds leave room
    for."""

    def __init__(self, group, config):
        self.offsets = np.zeros(len(group.names))
        self.joints = ()
        if config.breathing:
            for index, name in enumerate(group.names):
                for suffix, depth, sign in BREATHING:
                    if name.endswith(suffix):
                        half_band = (group.upper[index] - group.lower[index]) / 2.0
                        self.offsets[index] = sign * depth * half_band
            self.joints = tuple(int(index) for index in np.flatnonzero(self.offsets))
        self.lifted = Breath.deepest * self.offsets

    @property
    def breathes(self):
        return bool(np.any(self.offsets))
