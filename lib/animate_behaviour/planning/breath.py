"""The lifelike style's breath: one for both arms, drawn breath by breath as the round's
time reaches it, at the pace the live signal gives then.

Both ShoulderPitch follow one breath: an inhale, an exhale, each a call eased from rest
to rest, then a pause with no call (a breath of 14 a minute is 4.3 s; calls last at most
maxCallDuration). Each breath has a length and a depth of its own, remembering the
breaths before, and now and then one is a sigh: a second inhale on top of the first, to
2-5 tidal depths, the exhale in two steps, then a pause (breath_timing). No breath
moves faster than FASTEST times the mean breath. The round keeps one Breath, drawn from
its schedule seed, so both arms find the same breath at the same moment. Times in robot
seconds since the round began; depths in multiples of the mean tidal depth
(:class:`Breathing` turns them into rad per joint).
"""
from __future__ import absolute_import, division, print_function

import collections
import math

import numpy as np

from animate_behaviour.planning import breath_timing, human_timing, trajectory

# Breathing joints: (name suffix, the mean tidal depth as a fraction of the joint's half
# band (Table 1's SRO), its sign). The arms rise forward (away from the pelvis) by about
# 0.8 degree of ShoulderPitch at the defaults. In proportion to the band, so to the moves.
BREATHING = (("ShoulderPitch", 0.064, -1.0),)
# No breath moves faster than this many tidal depths in the mean breath's inhale time
# (at most maxCallDuration: its call): 0.08 of the half band, a twenty-fifth of a move's
# speed whatever the preset. One
# breath for both arms: were it as fast as a tenth of the fastest move a watcher saw
# lately, it would read as moves starting together (at a twentieth, a minute of small
# moves sometimes came close). A deeper breath takes the time it needs.
FASTEST = 1.25
# About how many breaths the feedback that keeps the mean period takes to settle.
STRETCH_MEMORY = 100.0
# Breaths drawn are kept this long (robot s) after they begin: what a plan may still ask.
KEEP = 120.0
# The inhale and the exhale, as fractions of the breath's length (the rest is the pause
# after the exhale; each call lasts at most maxCallDuration, the pause taking what is
# left) and, for a sigh's second inhale and first exhale, of the mean period per tidal
# depth: the mean breath's pace.
INHALE = 0.45
EXHALE = 0.5

# What the breath goes by when it draws one: the mood's rate, the sighs an hour it asks
# for and the configuration's maxCallDuration.
Pace = collections.namedtuple("Pace", "breaths_per_minute sighs_per_hour max_call_duration")


def pace(reading, config):
    """The Pace of the live signal's ``reading`` (live_signal.Reading) for ``config``."""
    return Pace(reading.breaths_per_minute,
                breath_timing.sighs_per_hour(reading.valence, reading.arousal),
                config.max_call_duration)


class OneBreath(object):
    """A breath of the schedule: its ``begin`` (s), ``length`` (s), ``depth`` (tidal
    depths), ``sigh`` (its size in tidal depths; 0: a normal breath) and ``segments``:
    (begin, end, depth from, depth to), one per call, from ``drawn``
    (breath_timing.Drawn) at a mean ``period`` (s)."""

    def __init__(self, begin, drawn, period, max_call_duration):
        self.begin = begin
        self.depth = drawn.depth
        self.sigh = drawn.sigh
        if drawn.sigh:
            route = ((INHALE * drawn.length, drawn.depth),
                     (INHALE * period * (drawn.sigh - drawn.depth), drawn.sigh),
                     (EXHALE * period * (drawn.sigh - drawn.depth), drawn.depth),
                     (EXHALE * drawn.length, 0.0))
        else:
            route = ((INHALE * drawn.length, drawn.depth), (EXHALE * drawn.length, 0.0))
        # s per tidal depth at the fastest: FASTEST times the mean inhale, within a call
        slowest = min(INHALE * period, max_call_duration) / FASTEST
        segments = []
        moment, depth = begin, 0.0
        for wanted, target in route:
            needed = abs(target - depth) * slowest
            duration = max(needed, min(wanted, max_call_duration))
            pieces = int(math.ceil(duration / max_call_duration - 1e-9))
            for piece in range(pieces):
                low = depth + (target - depth) * piece / pieces
                high = depth + (target - depth) * (piece + 1) / pieces
                segments.append((moment, moment + duration / pieces, low, high))
                moment += duration / pieces
            depth = target
        self.segments = tuple(segments)
        # Lengthened if its calls need it, keeping the pause's share of the breath.
        self.length = max(drawn.length, (moment - begin) / (INHALE + EXHALE)) + drawn.pause


class Breath(object):
    """The breath shared by every group of a round: ``depth_at(t)`` in [0, ``deepest``] (0
    exhaled, 1 the mean tidal depth, ``deepest`` the top of the largest sigh) at robot time
    ``t`` since the round began, and its phase boundaries. Breaths are drawn one after the
    other as the time of their beginning is asked for, at the Pace ``pace()`` gives then
    (the live signal's and the configuration's), from the generator of ``seed``, the
    round's schedule seed (breath_timing): the same breath for every group at the same
    time. Not thread-safe: the round's arms share an engine.shared_breath.SharedBreath,
    which holds a lock over each look (``_enter`` ... ``_leave``)."""

    deepest = breath_timing.SIGH_SIZE[1]

    def __init__(self, pace, seed):
        self.pace = pace
        self._draws = breath_timing.BreathDraws(human_timing.block_rng(seed, 0))
        self._breaths = []  # drawn, in order; the oldest dropped once KEEP s past
        self._end = 0.0  # where the last breath drawn ends
        self._stretch = 1.0  # what the drawn lengths are divided by

    def needs(self, end):
        """Whether a breath must be drawn before ``end`` can be looked up."""
        return self._end <= end

    def _enter(self, start, end):
        """Before a look at [start, end]: draw breaths until one ends after ``end``, drop
        those that began KEEP s before ``start``."""
        if self.needs(end):
            self.draw(self.pace(), end)
        self.forget(start)

    def _leave(self):
        """After a look (SharedBreath releases its lock)."""

    def forget(self, start):
        """Drop the breaths that began KEEP s before ``start``."""
        while len(self._breaths) > 1 and self._breaths[1].begin < start - KEEP:
            del self._breaths[0]

    def draw(self, now, end):
        """Draw breaths at the Pace ``now`` until one ends after ``end``."""
        while self._end <= end:
            period = 60.0 / now.breaths_per_minute
            drawn = self._draws.next(period, now.sighs_per_hour)
            # Sighs and breaths lengthened take more than their drawn length: every
            # breath is drawn as much shorter as the breaths lately took more (a slow
            # feedback), so the mean stays the mood's period whatever the rate, the
            # sighs and maxCallDuration.
            one = OneBreath(self._end, drawn._replace(length=drawn.length / self._stretch),
                            period, now.max_call_duration)
            self._stretch *= 1.0 + (one.length - drawn.length) / (STRETCH_MEMORY * period)
            self._breaths.append(one)
            self._end += one.length

    def breath_at(self, t):
        """The breath going on at ``t`` (the first one before the round's start)."""
        self._enter(t, t)
        try:
            found = self._breaths[0]
            if t < found.begin:
                raise ValueError("the breath at %.3f s was dropped: breaths are kept %.0f s"
                                 % (t, KEEP))
            for breath in self._breaths:
                if breath.begin > t:
                    break
                found = breath
            return found
        finally:
            self._leave()

    def breaths(self, start, end):
        """The breaths that begin in [start, end)."""
        self._enter(start, end)
        try:
            return [breath for breath in self._breaths if start <= breath.begin < end]
        finally:
            self._leave()

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
    offset (rad) per joint at the mean tidal depth (zero for the joints that do not
    breathe), and ``lifted``: the offsets at the top of the largest sigh, which the
    group's bounds leave room for."""

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
