"""The lifelike motion style: each joint group on random timing of its own, moving from
rest to rest, holding still in between, and breathing.

Measured against the specification's generator, what makes idle motion read as alive
rather than mechanical is rests and independent tracks (people standing shift posture and
fidget now and then, and breathe; a robot sending uniform random waypoints to every joint
on one clock looks busy and machine-like). So, per group (an arm with its hand, or the
legs):

* A **hold** of HOLD x gestureDuration (1-5 s at the defaults, drawn anew each time):
  no call for the group's joints, they are free for other apps; only its breathing
  joint breathes (below).
* A **move** to a new random target, inside Table 1's bounds and passing the group's
  checks (hands clear of the pelvis along the way, torso upright), as ONE call with one
  key per joint, at the target, where the group comes to rest: its duration is drawn in
  MOVE x gestureDuration, never longer than maxCallDuration (so a move is never cut) nor
  shorter than maxVelocityFraction allows.
* Every plan starts with a hold: the groups never share a clock, not even right after
  enabling, speech or a change of style, when they all begin planning together.
* The legs keep the specification's pace (its chunk pattern: numPointsLeg random
  waypoints and a return home per chunk of numPoints // legRepeatFactor waypoints): per
  chunk's time, numPointsLeg moves to random targets and one home, then a long hold at
  home; the cycle lasts a random LEG_CYCLE of the chunk's time, so the legs move no more
  often than the specification's way.
* **Breathing** (``breathing``, at ``breathsPerMinute``): both ShoulderPitch follow one
  breath: an inhale, an exhale, each one call eased from rest to rest, then a pause with
  no call (a breath of 14 a minute is 4.3 s; calls last at most maxCallDuration). During
  a hold the shoulder alone gets these calls; a move's key carries the breath's value at
  the move's end, so the breath goes on from there with no jump. The legs do not
  breathe: a trace of HipPitch deep enough to see would break their stillness, and
  breath calls would hold them nearly all the time, when NAOqi allows leg motion during
  another app's move only under a strict HipPitch/KneePitch relation (navigation may
  start at any moment); they also cost a fifth more calls.

Every key of every call is thus a rest of the group or a turning point (or rest) of the
breath: the motion is the same whether ALMotion eases into each key or passes through it
(NAOqi does not document which). Angles in rad, times in robot seconds; ``at`` (when a
plan starts) counts from the round's start, the breath's phase origin.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour import steps, trajectory

# Holds and moves in multiples of gestureDuration (holds of about 1-5 s at the default
# 1 s, moves around 1.5-3 times it, as in the best open idle generator found, whose moves
# last 1.2-2.8 s between holds of 1.2-4.5 s).
HOLD = (1.0, 5.0)
MOVE = (1.5, 3.0)
# How long a plan lasts, at least (robot s): it is made while the last one plays; the
# breath's phase is anchored again at each plan.
PLAN_SECONDS = 20.0
# The legs' cycle in multiples of the specification's chunk time: on average 1.1 chunks,
# so they move a little less often than its pattern, never more.
LEG_CYCLE = (0.9, 1.3)
# Breathing joints: (name suffix, depth at full inhale as a fraction of the joint's
# half band (Table 1's SRO), its sign). The arms rise forward (away from the pelvis) by
# about 1.2 degrees of ShoulderPitch at the defaults. In proportion to the band, so to
# the moves: whatever the preset, a breath moves the joint at about a twentieth of a
# move's speed. One breath for both arms: were it as fast as a tenth of a move, it would
# read as moves starting together.
BREATHING = (("ShoulderPitch", 0.1, -1.0),)
# The legs hold at a random target this long, and move this long, in multiples of
# gestureDuration: the specification's legs pass through their random waypoints
# gestureDuration apart and spend the rest of a chunk at home, and so do these.
LEG_AWAY = (0.1, 0.5)
LEG_MOVE = (1.0, 1.25)
# An inhale and an exhale as fractions of a breath (the rest is the pause after the
# exhale); each also lasts at most maxCallDuration, the pause taking what is left. Long,
# so that the breath is slow.
INHALE = 0.45
EXHALE = 0.5
# Breath segments shorter than this (s) are not worth a call: held instead.
MIN_CALL = 0.1
# Draws of a move's target before giving up on the velocity limit and shortening it.
TARGET_TRIES = 20


class Breath(object):
    """The breath shared by every group: ``depth_at(t)`` in [0, 1] (0 exhaled, 1 full
    inhale) at robot time ``t`` since the round began, and its phase boundaries."""

    def __init__(self, breaths_per_minute, max_call_duration):
        self.period = 60.0 / breaths_per_minute
        self.inhale = min(INHALE * self.period, max_call_duration)
        self.exhale = min(EXHALE * self.period, max_call_duration)

    def depth_at(self, t):
        phase = t % self.period
        if phase < self.inhale:
            return trajectory.ease(phase / self.inhale)
        if phase < self.inhale + self.exhale:
            return 1.0 - trajectory.ease((phase - self.inhale) / self.exhale)
        return 0.0

    def boundaries(self, start, end):
        """The breath's phase boundaries strictly inside (start, end): the starts and
        ends of its inhales and exhales, where it is at rest or turns."""
        cycle = math.floor(start / self.period) * self.period
        found = []
        while cycle < end:
            for offset in (0.0, self.inhale, self.inhale + self.exhale):
                if start < cycle + offset < end:
                    found.append(cycle + offset)
            cycle += self.period
        return found

    def moving(self, start, end):
        """Whether the breath moves between ``start`` and ``end``, two neighbouring
        boundaries (or a hold's ends between them): not in its pause."""
        return ((start + end) / 2.0) % self.period < self.inhale + self.exhale


class Breathing(object):
    """How ``group``'s joints breathe: an offset (rad) per joint at full inhale (zero for
    the joints that do not breathe), kept inside the group's bounds."""

    def __init__(self, group, config):
        self.offsets = np.zeros(len(group.names))
        self.joints = ()
        if not config.breathing:
            return
        for index, name in enumerate(group.names):
            for suffix, depth, sign in BREATHING:
                if name.endswith(suffix):
                    half_band = (group.upper[index] - group.lower[index]) / 2.0
                    self.offsets[index] = sign * depth * half_band
        self.joints = tuple(int(index) for index in np.flatnonzero(self.offsets))

    @property
    def breathes(self):
        return bool(np.any(self.offsets))


class BreathingRoom(object):
    """``group`` as trajectory.random_points sees it when drawing a target: its bounds
    (``lower``/``upper``) narrowed by the breath's ``offsets``, so that the target plus
    any depth of breath stays in Table 1's bounds; names, home and checks are the
    group's."""

    def __init__(self, group, offsets):
        self._group = group
        self.names = group.names
        self.home = group.home
        self.checks = group.checks
        self.lower = group.lower - np.minimum(offsets, 0.0)
        self.upper = group.upper - np.maximum(offsets, 0.0)

    def acceptable(self, points):
        return self._group.acceptable(points)


def plan(group, config, rng, start, at):
    """Steps for ``group`` (groups.JointGroup) from ``start`` (its commanded angles) at
    robot time ``at``: (steps, where they leave the joints, a line for the verbose log)."""
    breath = Breath(config.breaths_per_minute, config.max_call_duration)
    breathing = Breathing(group, config)
    builder = _Builder(group, config, breath, breathing, start, at)
    if group.row.chunked:
        _legs(builder, config, rng)
    else:
        while builder.seconds < PLAN_SECONDS:
            builder.hold(rng.uniform(*HOLD) * config.gesture_duration)
            builder.move(_target(builder, rng), _move_duration(config, rng))
    return builder.steps, builder.angles, builder.describe()


def _legs(builder, config, rng):
    """Cycles of the legs' pace until the plan is long enough: a hold at home, then
    numPointsLeg moves to random targets with holds between, then home. Legs away from
    home (a plan made anew mid-cycle) first finish their visit: a short hold, then home."""
    chunk_time = config.leg_chunk_size * config.gesture_duration
    if not np.array_equal(builder.pose, builder.group.home):
        builder.hold(rng.uniform(*LEG_AWAY) * config.gesture_duration)
        builder.move(builder.group.home, _move_duration(config, rng, LEG_MOVE))
    while builder.seconds < PLAN_SECONDS:
        cycle = rng.uniform(*LEG_CYCLE) * chunk_time
        away = [rng.uniform(*LEG_AWAY) * config.gesture_duration
                for _ in range(config.num_points_leg)]
        durations = [_move_duration(config, rng, LEG_MOVE) for _ in range(len(away) + 1)]
        builder.hold(max(cycle - sum(away) - sum(durations), HOLD[0] * config.gesture_duration))
        for hold, duration in zip(away, durations):
            builder.move(_target(builder, rng), duration)
            builder.hold(hold)
        if not np.array_equal(builder.pose, builder.group.home):
            builder.move(builder.group.home, durations[-1])


def _move_duration(config, rng, span=MOVE):
    """A move's duration (s): ``span`` times gestureDuration, within one call."""
    high = min(span[1] * config.gesture_duration, config.max_call_duration)
    low = min(span[0] * config.gesture_duration, high)
    return rng.uniform(low, high)


def _target(builder, rng):
    """A random target for the group's pose (breath left out) reachable from where the
    pose is within one call: drawn like the specification's waypoints from the part of
    the bounds that passes the group's checks (with the breath added too)."""
    room = BreathingRoom(builder.group, builder.breathing.offsets)
    start = builder.pose
    for _attempt in range(TARGET_TRIES):
        target = trajectory.random_points(room, 1, rng, start)[0]
        inhaled = target + builder.breathing.offsets
        if builder.fits(target) and builder.group.acceptable(inhaled[np.newaxis, :])[0]:
            return target
    return start  # nothing fits (tiny maxCallDuration or bounds): hold where it is


class _Builder(object):
    """Steps accumulated from ``start`` at robot time ``at``: ``pose`` is where the group's
    joints are without the breath, ``angles`` where they are commanded, ``seconds`` how
    long the steps last."""

    def __init__(self, group, config, breath, breathing, start, at):
        self.group = group
        self.breathing = breathing
        self._config = config
        self._breath = breath
        self._at = at
        self.steps = []
        self.seconds = 0.0
        self.angles = np.asarray(start, dtype=float)
        self.pose = self.angles - self._offset(at)
        self._moves = 0
        self._breaths = 0

    def _offset(self, t):
        return self.breathing.offsets * self._breath.depth_at(t)

    def fits(self, target):
        """Whether a move from the pose to ``target`` respects the velocity limit within
        maxCallDuration (the breath's share is tiny and slow)."""
        return self._needed(target) <= self._config.max_call_duration

    def _needed(self, target):
        speeds = self._config.max_velocity_fraction * self.group.max_velocity
        return float(np.max(trajectory.PEAK_TO_MEAN_SPEED * np.abs(target - self.pose) / speeds))

    def move(self, target, duration):
        """One call taking every joint to ``target`` (plus the breath) in ``duration`` s,
        stretched to what the velocity limit needs (fits() says it stays a call)."""
        duration = min(max(duration, self._needed(target)), self._config.max_call_duration)
        end = self._at + self.seconds + duration
        angles = target + self._offset(end)
        self.steps.append(steps.Move(angles[np.newaxis, :], np.array([duration]),
                                     starts=True))
        self.pose, self.angles = np.array(target, dtype=float), angles
        self.seconds += duration
        self._moves += 1

    def hold(self, duration):
        """Hold the pose for ``duration`` s: the breathing joints alone follow the breath,
        one call per inhale or exhale (or the part of it inside the hold)."""
        begin = self._at + self.seconds
        end = begin + duration
        breathes = self.breathing.breathes and self._breath_fits()
        cut = [begin] + (self._breath.boundaries(begin, end) if breathes else []) + [end]
        for left, right in zip(cut, cut[1:]):
            if breathes and right - left >= MIN_CALL and self._breath.moving(left, right):
                angles = self.pose + self._offset(right)
                self.steps.append(steps.Move(angles[np.newaxis, :], np.array([right - left]),
                                             self.breathing.joints))
                self.angles = angles
                self._breaths += 1
            else:
                self._rest(right - left)
        self.seconds += duration

    def _breath_fits(self):
        """Whether the pose breathes inside Table 1's bounds (one left by another app, or
        by the other style, may not: it then holds still until the next move)."""
        group = self.group
        inhaled = self.pose + self.breathing.offsets
        return bool(np.all((np.minimum(self.pose, inhaled) >= group.lower - 1e-9)
                           & (np.maximum(self.pose, inhaled) <= group.upper + 1e-9)))

    def _rest(self, duration):
        if self.steps and isinstance(self.steps[-1], steps.Rest):
            self.steps[-1] = steps.Rest(self.steps[-1].duration + duration)
        else:
            self.steps.append(steps.Rest(duration))

    def describe(self):
        return "%d moves and %d breath calls over %.1f s" % (self._moves, self._breaths,
                                                              self.seconds)


def hold(group, config, start, at, duration):
    """Steps holding ``group`` from ``start`` for ``duration`` s at robot time ``at``,
    breathing on and starting no move (Pepper listens): as plan() returns them."""
    builder = _Builder(group, config, Breath(config.breaths_per_minute,
                                             config.max_call_duration),
                       Breathing(group, config), start, at)
    builder.hold(duration)
    return builder.steps, builder.angles, builder.describe()
