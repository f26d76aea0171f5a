"""The lifelike motion style: each joint group on random timing of its own, moving from
rest to rest, holding still in between, and breathing.

Measured against the specification's generator, what makes idle motion read as alive
rather than mechanical is rests and independent tracks (people standing shift posture and
fidget now and then, and breathe; a robot sending uniform random waypoints to every joint
on one clock looks busy and machine-like). So, per group (an arm with its hand, or the
legs):

* A **hold** drawn from a long-tailed distribution (human_timing: a log-normal of mean
  3 x gestureDuration, mostly short, now and then long): no call for the group's joints,
  they are free for other apps; only its breathing joint breathes (below).
* A **move** to a new random target, inside Table 1's bounds and passing the group's
  checks (hands clear of the pelvis along the way, torso upright), as ONE call with one
  key per joint, at the target, where the group comes to rest: its duration is drawn in
  MOVE x gestureDuration, never longer than maxCallDuration (so a move is never cut) nor
  shorter than maxVelocityFraction allows.
* Every plan starts with a hold: the groups never share a clock, not even right after
  enabling, speech or a change of style, when they all begin planning together.
* The legs keep the specification's pace (its chunk pattern: numPointsLeg random
  waypoints and a return home per chunk of numPoints // legRepeatFactor waypoints): per
  chunk's time, numPointsLeg moves to random targets and one back to rest, then a long
  hold at rest (home, or where the last posture shift left it); the cycle lasts a random LEG_CYCLE of the chunk's time, so the legs move no more
  often than the specification's way.
* **Breathing** (``breathing``, at ``breathsPerMinute`` on average): both ShoulderPitch
  follow one breath: an inhale, an exhale, each one call eased from rest to rest, then a
  pause with no call (a breath of 14 a minute is 4.3 s; calls last at most
  maxCallDuration). Each breath has a length of its own around the mean, and now and
  then one is a sigh: a second inhale on top of the first, to twice the depth, then the
  exhale in two calls and a longer pause (human_timing; breath.py). During a hold
  the shoulder alone gets these calls; a move's key carries the breath's value at the
  move's end, so the breath goes on from there with no jump. The legs do not breathe: a
  trace of HipPitch deep enough to see would break their stillness, and breath calls
  would hold them nearly all the time, when NAOqi allows leg motion during another
  app's move only under a strict HipPitch/KneePitch relation (navigation may start at
  any moment); they also cost a fifth more calls.
* **Posture shifts**: every couple of minutes on average (human_timing) the group's rest
  posture moves: its home plus a drift within its bounds that passes its checks
  (posture_shifts.py). The arms' next move then goes slowly to the new rest, and their
  targets are drawn from the part of Table 1's bounds around it (the bounds moved with
  the rest, cut to Table 1's); the legs move slowly to it and hold there between visits.
  No two minutes look alike.

Every key of every call is thus a rest of the group or a turning point (or rest) of the
breath (a sigh's keys in mid-inhale and mid-exhale each end a call of their own): the motion is the same whether ALMotion eases into each key or passes through it
(NAOqi does not document which). Angles in rad, times in robot seconds; ``at`` (when a
plan starts) counts from the round's start, the breath's phase origin.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour import breath as breath_module
from animate_behaviour import human_timing, posture_shifts, steps, trajectory

# Moves in multiples of gestureDuration: around 1.5-3 times it, as in the best open idle
# generator found, whose moves last 1.2-2.8 s between holds of 1.2-4.5 s. Holds are
# human_timing's.
MOVE = (1.5, 3.0)
# A posture shift's move, in multiples of gestureDuration (at most maxCallDuration): slow.
SHIFT_MOVE = (2.5, 3.0)
# How long a plan lasts, at least (robot s): it is made while the last one plays; the
# breath's phase is anchored again at each plan.
PLAN_SECONDS = 20.0
# The legs' cycle in multiples of the specification's chunk time: on average 1.1 chunks,
# so they move a little less often than its pattern, never more.
LEG_CYCLE = (0.9, 1.3)
# The legs hold at a random target this long, and move this long, in multiples of
# gestureDuration: the specification's legs pass through their random waypoints
# gestureDuration apart and spend the rest of a chunk at home, and so do these.
LEG_AWAY = (0.1, 0.5)
LEG_MOVE = (1.0, 1.25)
# Breath segments shorter than this (s) are not worth a call: held instead.
MIN_CALL = 0.1
# How fast (rad/s) a breathing joint left outside its breath's room (its rest plus any
# depth of breath inside the bounds: a retune to a lower arousal or an engaged person
# narrowed them) is brought back by the hold's first breath call, at most: the pace of a
# slow posture shift, so a retune's 0.08 rad (arousal 0 to -0.5) takes 1.7 s. Farther out
# (another app's pose), the joint holds still until the next move.
SETTLE_SPEED = 0.05
# Draws of a move's target before giving up on the velocity limit and shortening it.
TARGET_TRIES = 20


def plan(group, config, rng, start, at, seed):
    """Steps for ``group`` (groups.JointGroup) from ``start`` (its commanded angles) at
    robot time ``at``, breathing and shifting posture on the round's schedule ``seed``:
    (steps, where they leave the joints, a line for the verbose log)."""
    builder = _builder(group, config, start, at, seed)
    if group.row.chunked:
        _legs(builder, config, rng)
    else:
        while builder.seconds < PLAN_SECONDS:
            held = human_timing.hold(rng) * config.gesture_duration
            builder.hold(held)
            # A shift since the last move began (moves last at most maxCallDuration; the
            # plan before ended with one): the move goes to the new rest.
            if builder.shifted(held + config.max_call_duration):
                builder.move(builder.rest(), _move_duration(config, rng, SHIFT_MOVE), True)
            else:
                builder.move(_target(builder, rng), _move_duration(config, rng))
    return builder.steps, builder.angles, builder.describe()


def _builder(group, config, start, at, seed):
    """A _Builder for ``group`` from ``start`` at robot time ``at``, with the breath and
    the rest postures ``config`` and the schedule ``seed`` give."""
    breathing = breath_module.Breathing(group, config)
    breath = breath_module.Breath(config.breaths_per_minute, config.max_call_duration, seed)
    postures = posture_shifts.Postures(group, breathing.lifted, seed)
    return _Builder(group, config, breath, breathing, postures, start, at)


def _legs(builder, config, rng):
    """Cycles of the legs' pace until the plan is long enough: a hold at rest, then
    numPointsLeg moves to random targets with holds between, then back to rest. Legs away
    from rest (a plan made anew mid-cycle) first finish their visit: a short hold, then
    back."""
    chunk_time = config.leg_chunk_size * config.gesture_duration
    if not np.array_equal(builder.pose, builder.rest()):
        builder.hold(rng.uniform(*LEG_AWAY) * config.gesture_duration)
        builder.move(builder.rest(), _move_duration(config, rng, LEG_MOVE))
    while builder.seconds < PLAN_SECONDS:
        cycle = rng.uniform(*LEG_CYCLE) * chunk_time
        away = [rng.uniform(*LEG_AWAY) * config.gesture_duration
                for _ in range(config.num_points_leg)]
        durations = [_move_duration(config, rng, LEG_MOVE) for _ in range(len(away) + 1)]
        _hold_at_rest(builder, config, rng, max(cycle - sum(away) - sum(durations),
                                                human_timing.HOLD_FLOOR * config.gesture_duration))
        for hold, duration in zip(away, durations):
            builder.move(_target(builder, rng), duration)
            builder.hold(hold)
        if not np.array_equal(builder.pose, builder.rest()):
            builder.move(builder.rest(), durations[-1])


def _hold_at_rest(builder, config, rng, duration):
    """Hold at rest for ``duration`` s, moving slowly to the new rest at each posture
    shift on the way."""
    finish = builder.now + duration
    for moment in builder.postures.shifts(builder.now, finish):
        if moment > builder.now:
            builder.hold(moment - builder.now)
        if builder.shifted(0.0):
            builder.move(builder.rest(), _move_duration(config, rng, SHIFT_MOVE), True)
    if finish > builder.now:
        builder.hold(finish - builder.now)


def _move_duration(config, rng, span=MOVE):
    """A move's duration (s): ``span`` times gestureDuration, within one call."""
    high = min(span[1] * config.gesture_duration, config.max_call_duration)
    low = min(span[0] * config.gesture_duration, high)
    return rng.uniform(low, high)


def _target(builder, rng):
    """A random target for the group's pose (breath left out) reachable from where the
    pose is within one call: drawn like the specification's waypoints from the part of
    the bounds around the rest that passes the group's checks (with the breath added
    too)."""
    lower, upper = builder.postures.bounds(builder.now)
    room = posture_shifts.Room(builder.group, lower, upper, builder.breathing.lifted)
    start = builder.pose
    for _attempt in range(TARGET_TRIES):
        target = trajectory.random_points(room, 1, rng, start)[0]
        if builder.fits(target) and builder.group.acceptable(
                (target + builder.breathing.lifted)[np.newaxis, :])[0]:
            return target
    return start  # nothing fits (tiny maxCallDuration or bounds): hold where it is


class _Builder(object):
    """Steps accumulated from ``start`` at robot time ``at``: ``pose`` is where the group's
    joints are without the breath, ``angles`` where they are commanded, ``seconds`` how
    long the steps last, ``now`` the robot time they reach."""

    def __init__(self, group, config, breath, breathing, postures, start, at):
        self.group = group
        self.breathing = breathing
        self.postures = postures
        self._config = config
        self._breath = breath
        self._at = at
        self.steps = []
        self.seconds = 0.0
        self.angles = np.asarray(start, dtype=float)
        self.pose = self.angles - self._offset(at)
        self._moves = 0
        self._shifts = 0
        self._breaths = 0

    @property
    def now(self):
        return self._at + self.seconds

    def _offset(self, t):
        return self.breathing.offsets * self._breath.depth_at(t)

    def rest(self):
        """The group's rest posture now."""
        return self.postures.at(self.now)

    def shifted(self, within):
        """Whether the rest shifted in the last ``within`` s and the group, not there yet,
        can go there in one call with its hands clear on the way."""
        if not self.postures.shifts(self.now - within, self.now):
            return False
        rest = self.rest()
        along = self.pose + trajectory.SEGMENT_FRACTIONS[:, np.newaxis] * (rest - self.pose)
        return (not np.array_equal(rest, self.pose) and self.fits(rest)
                and bool(self.group.acceptable(along).all()))

    def fits(self, target):
        """Whether a move from the pose to ``target`` respects the velocity limit within
        maxCallDuration (the breath's share is tiny and slow)."""
        return self._needed(target) <= self._config.max_call_duration

    def _needed(self, target):
        speeds = self._config.max_velocity_fraction * self.group.max_velocity
        return float(np.max(trajectory.PEAK_TO_MEAN_SPEED * np.abs(target - self.pose) / speeds))

    def move(self, target, duration, shift=False):
        """One call taking every joint to ``target`` (plus the breath) in ``duration`` s,
        stretched to what the velocity limit needs (fits() says it stays a call);
        ``shift``: to a new rest posture."""
        duration = min(max(duration, self._needed(target)), self._config.max_call_duration)
        angles = target + self._offset(self.now + duration)
        self.steps.append(steps.Move(angles[np.newaxis, :], np.array([duration]),
                                     starts=True))
        self.pose, self.angles = np.array(target, dtype=float), angles
        self.seconds += duration
        self._moves += 1
        self._shifts += int(shift)

    def hold(self, duration):
        """Hold the pose for ``duration`` s: the breathing joints alone follow the breath,
        one call per breath segment (or the part of it inside the hold). Breathing joints
        outside the breath's room first settle into it (the first call then spans as many
        segments as SETTLE_SPEED needs, at most maxCallDuration); the other joints stay
        where they are, wherever that is."""
        begin = self.now
        end = begin + duration
        breathes = self.breathing.breathes
        cut = [begin] + (self._breath.boundaries(begin, end) if breathes else []) + [end]
        since = None  # while settling: where the settling call would begin
        for left, right in zip(cut, cut[1:]):
            if not (breathes and right - left >= MIN_CALL and self._breath.moving(left,
                                                                                  right)):
                if since is None:
                    self._rest(right - left)
                continue
            if since is not None and right - since > self._config.max_call_duration:
                self._rest(left - since)
                since = None
            first = left if since is None else since
            if not self._settled(right - first):
                since = first
                continue
            since = None
            angles = self.pose + self._offset(right)
            self.steps.append(steps.Move(angles[np.newaxis, :], np.array([right - first]),
                                         self.breathing.joints))
            self.angles = angles
            self._breaths += 1
        if since is not None:
            self._rest(end - since)
        self.seconds += duration

    def _settled(self, seconds):
        """Whether the breathing joints breathe, sighs included, inside Table 1's bounds
        after a call of ``seconds`` s: at once, or once brought back at SETTLE_SPEED (the
        pose then takes their place in the room)."""
        group, index = self.group, list(self.breathing.joints)
        room = posture_shifts.Room(group, group.lower, group.upper, self.breathing.lifted)
        inside = np.clip(self.pose[index], room.lower[index], room.upper[index])
        gap = float(np.max(np.abs(inside - self.pose[index])))
        if gap > 1e-9 and gap > SETTLE_SPEED * seconds:
            return False
        self.pose[index] = inside
        return True

    def _rest(self, duration):
        if self.steps and isinstance(self.steps[-1], steps.Rest):
            self.steps[-1] = steps.Rest(self.steps[-1].duration + duration)
        else:
            self.steps.append(steps.Rest(duration))

    def describe(self):
        return "%d moves (%d posture shifts) and %d breath calls over %.1f s" % (
            self._moves, self._shifts, self._breaths, self.seconds)


def hold(group, config, start, at, duration, seed):
    """Steps holding ``group`` from ``start`` for ``duration`` s at robot time ``at``,
    breathing on (schedule ``seed``) and starting no move (Pepper listens): as plan()
    returns them."""
    builder = _builder(group, config, start, at, seed)
    builder.hold(duration)
    return builder.steps, builder.angles, builder.describe()
