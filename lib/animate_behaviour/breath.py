"""The lifelike style's breath: one for both arms, a schedule of the round's time.

Both ShoulderPitch follow one breath: an inhale, an exhale, each one call eased from rest
to rest, then a pause with no call (a breath of 14 a minute is 4.3 s; calls last at most
maxCallDuration). Each breath has a length of its own around the mean, and now and then
one is a sigh: a second inhale on top of the first, to twice the depth, then the exhale
in two calls and a longer pause (human_timing). The schedule is drawn block by block
from the round's schedule seed, so every plan of the round finds the same breath at the
same moment without keeping state. Times in robot seconds since the round began; depths
in multiples of a full inhale (:class:`Breathing` turns them into rad per joint).
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour import human_timing, trajectory

# Breathing joints: (name suffix, depth at full inhale as a fraction of the joint's
# half band (Table 1's SRO), its sign). The arms rise forward (away from the pelvis) by
# about 1 degree of ShoulderPitch at the defaults (2 in a sigh). In proportion to the
# band, so to the moves: whatever the preset, a breath moves the joint at about a
# twenty-fifth of a move's speed. One breath for both arms: were it as fast as a tenth
# of the fastest move a watcher saw lately, it would read as moves starting together
# (at a twentieth, a minute of small moves sometimes came close).
BREATHING = (("ShoulderPitch", 0.08, -1.0),)
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

# Breath blocks drawn lately, shared by the plans (each plan and hold makes its own
# Breath): (seed, block, mean period, maxCallDuration) -> (begins, breaths); at most
# BLOCKS_KEPT kept (a block lasts 32 breaths).
_BLOCKS = {}
BLOCKS_KEPT = 8


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
    """The breath shared by every group: ``depth_at(t)`` in [0, ``deepest``] (0 exhaled,
    1 a full inhale, ``deepest`` the top of a sigh) at robot time ``t`` since the round
    began, and its phase boundaries. Breaths last ``period`` (60 / breathsPerMinute) on
    average, each its own length, now and then a sigh: human_timing's schedule ``seed``
    (the round's), the same for every group at the same time."""

    deepest = human_timing.SIGH_DEPTH

    def __init__(self, breaths_per_minute, max_call_duration, seed):
        self._seed = seed
        self.period = 60.0 / breaths_per_minute
        self._max_call = max_call_duration
        self._span = human_timing.BLOCK_BREATHS * self.period

    def _block(self, block):
        """The breaths of the schedule's block ``block`` and their begins, shared by the
        plans made lately (every hold and plan makes a Breath; building a block costs
        more than the hold)."""
        key = (self._seed, block, self.period, self._max_call)
        found = _BLOCKS.get(key)
        if found is None:
            lengths, sighs = human_timing.breath_block(self._seed, block, self.period)
            begins = block * self._span + np.concatenate([[0.0], np.cumsum(lengths)[:-1]])
            found = (begins, [OneBreath(begin, length, sigh, self.period, self._max_call)
                              for begin, length, sigh in zip(begins, lengths, sighs)])
            if len(_BLOCKS) >= BLOCKS_KEPT:
                _BLOCKS.clear()  # a few blocks (minutes of breath) are all in use
            _BLOCKS[key] = found
        return found

    def breath_at(self, t):
        """The breath going on at ``t``."""
        begins, breaths = self._block(int(math.floor(t / self._span)))
        return breaths[max(0, int(np.searchsorted(begins, t, side="right")) - 1)]

    def breaths(self, start, end):
        """The breaths that begin in [start, end)."""
        found = []
        block = int(math.floor(start / self._span))
        while block * self._span < end:
            found.extend(breath for breath in self._block(block)[1]
                         if start <= breath.begin < end)
            block += 1
        return found

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
    """How ``group``'s joints breathe: an offset (rad) per joint at full inhale (zero for
    the joints that do not breathe), and ``lifted``: the offsets at the top of a sigh,
    which the group's bounds leave room for."""

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
