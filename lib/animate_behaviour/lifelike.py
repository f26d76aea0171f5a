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
  exhale in two calls and a longer pause (human_timing; :class:`Breath`). During a hold
  the shoulder alone gets these calls; a move's key carries the breath's value at the
  move's end, so the breath goes on from there with no jump. The legs do not breathe: a
  trace of HipPitch deep enough to see would break their stillness, and breath calls
  would hold them nearly all the time, when NAOqi allows leg motion during another
  app's move only under a strict HipPitch/KneePitch relation (navigation may start at
  any moment); they also cost a fifth more calls.
* **Posture shifts**: every couple of minutes on average (human_timing) the group's rest
  posture moves: its home plus a drift within its bounds that passes its checks
  (:class:`Postures`). The arms' next move then goes slowly to the new rest, and their
  targets are drawn from the part of Table 1's bounds around it (the bounds moved with
  the rest, cut to Table 1's); the legs move slowly to it and hold there between visits.
  No two minutes look alike.

Every key of every call is thus a rest of the group or a turning point (or rest) of the
breath (a sigh's keys in mid-inhale and mid-exhale each end a call of their own): the motion is the same whether ALMotion eases into each key or passes through it
(NAOqi does not document which). Angles in rad, times in robot seconds; ``at`` (when a
plan starts) counts from the round's start, the breath's phase origin.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

from animate_behaviour import human_timing, steps, trajectory

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
# Breathing joints: (name suffix, depth at full inhale as a fraction of the joint's
# half band (Table 1's SRO), its sign). The arms rise forward (away from the pelvis) by
# about 1 degree of ShoulderPitch at the defaults (2 in a sigh). In proportion to the
# band, so to the moves: whatever the preset, a breath moves the joint at about a
# twenty-fifth of a move's speed. One breath for both arms: were it as fast as a tenth
# of the fastest move a watcher saw lately, it would read as moves starting together
# (at a twentieth, a minute of small moves sometimes came close).
BREATHING = (("ShoulderPitch", 0.08, -1.0),)
# The legs hold at a random target this long, and move this long, in multiples of
# gestureDuration: the specification's legs pass through their random waypoints
# gestureDuration apart and spend the rest of a chunk at home, and so do these.
LEG_AWAY = (0.1, 0.5)
LEG_MOVE = (1.0, 1.25)
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
# The fractions of a posture shift's drift tried, largest first, until the rest passes
# the group's checks (0: home).
SCALE_BACK = tuple(1.0 - index / 10.0 for index in range(11))


# Schedule blocks drawn lately, shared by the plans (each plan and hold makes its own
# Breath and Postures): (seed, block, mean period, maxCallDuration) -> (begins, breaths),
# and (seed, block, joints) -> (times, drifts); at most this many of each kept (a breath block
# lasts 32 breaths, a shift block 10 minutes).
_BREATH_BLOCKS = {}
_SHIFT_BLOCKS = {}
BREATH_BLOCKS_KEPT = 8


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
        found = _BREATH_BLOCKS.get(key)
        if found is None:
            lengths, sighs = human_timing.breath_block(self._seed, block, self.period)
            begins = block * self._span + np.concatenate([[0.0], np.cumsum(lengths)[:-1]])
            found = (begins, [OneBreath(begin, length, sigh, self.period, self._max_call)
                              for begin, length, sigh in zip(begins, lengths, sighs)])
            if len(_BREATH_BLOCKS) >= BREATH_BLOCKS_KEPT:
                _BREATH_BLOCKS.clear()  # a few blocks (minutes of breath) are all in use
            _BREATH_BLOCKS[key] = found
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
    """Where ``group`` rests at robot time ``t`` since the round began (``at(t)``): its
    home until its first posture shift, then its home moved by the last shift's drift
    (human_timing's schedule for the group in the round's schedule ``seed``: a fraction
    of each joint's band on that side, at most SHIFT_DRIFT), scaled back until the rest,
    with the breath's ``lifted`` offsets too, is inside its bounds and passes its
    checks."""

    def __init__(self, group, lifted, seed):
        self._group = group
        self._lifted = lifted
        self._seed = human_timing.seed_of(group.name) ^ seed
        self._rests = {}

    def _block(self, block):
        """The block's shift times and drifts, shared by the group's plans made lately."""
        key = (self._seed, block, len(self._group.names))
        found = _SHIFT_BLOCKS.get(key)
        if found is None:
            found = human_timing.shift_block(self._seed, block, len(self._group.names))
            if len(_SHIFT_BLOCKS) >= BREATH_BLOCKS_KEPT:
                _SHIFT_BLOCKS.clear()
            _SHIFT_BLOCKS[key] = found
        return found

    def _rest(self, block, index):
        """The rest of the block's shift ``index`` (cached: only the shifts asked for are
        checked): the largest fraction of its drift that passes, all tried at once."""
        if (block, index) not in self._rests:
            group = self._group
            drift = self._block(block)[1][index]
            room = Room(group, group.lower, group.upper, self._lifted)
            band = np.where(drift > 0.0, group.upper - group.home, group.home - group.lower)
            rests = group.home + np.array(SCALE_BACK)[:, np.newaxis] * (
                human_timing.SHIFT_DRIFT * drift * band)
            inside = np.all((rests >= room.lower - 1e-9) & (rests <= room.upper + 1e-9), axis=1)
            passed = group.acceptable(np.vstack([rests, rests + self._lifted]))
            passed = inside & passed[:len(rests)] & passed[len(rests):]
            self._rests[block, index] = rests[np.argmax(passed)] if passed.any() \
                else group.home.copy()
        return self._rests[block, index]

    def shifts(self, start, end):
        """The shifts' times in (start, end]."""
        found = []
        block = int(math.floor(start / human_timing.SHIFT_BLOCK))
        while block * human_timing.SHIFT_BLOCK <= end:
            times = self._block(block)[0]
            found.extend(float(moment) for moment in times if start < moment <= end)
            block += 1
        return found

    def at(self, t):
        block = int(math.floor(t / human_timing.SHIFT_BLOCK))
        while block >= 0:
            latest = int(np.searchsorted(self._block(block)[0], t, side="right")) - 1
            if latest >= 0:
                return self._rest(block, latest)
            block -= 1
        return self._group.home

    def bounds(self, t):
        """(lower, upper): Table 1's bounds moved with the rest at ``t``, cut to them."""
        drift = self.at(t) - self._group.home
        return (self._group.lower + np.maximum(drift, 0.0),
                self._group.upper + np.minimum(drift, 0.0))


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
    breathing = Breathing(group, config)
    breath = Breath(config.breaths_per_minute, config.max_call_duration, seed)
    return _Builder(group, config, breath, breathing, Postures(group, breathing.lifted, seed),
                    start, at)


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
    room = Room(builder.group, lower, upper, builder.breathing.lifted)
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
        lifted = self.breathing.lifted[index]
        room = np.clip(self.pose[index], group.lower[index] - np.minimum(lifted, 0.0),
                       group.upper[index] - np.maximum(lifted, 0.0))
        gap = float(np.max(np.abs(room - self.pose[index])))
        if gap > 1e-9 and gap > SETTLE_SPEED * seconds:
            return False
        self.pose[index] = room
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
