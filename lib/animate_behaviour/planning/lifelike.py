"""The lifelike motion style: each joint group on random timing of its own, moving from
rest to rest, holding still in between, and breathing.

Measured against the specification's generator, what makes idle motion read as alive
rather than mechanical is rests and independent tracks (people standing shift posture and
fidget now and then, and breathe; a robot sending uniform random waypoints to every joint
on one clock looks busy and machine-like); measured against people standing idle (issue
32, docs/people.md), brief quick moves between pauses mostly short and now and then long,
arms that now and then set off together, and never quite stillness. So, per group (an
arm with its hand, or the legs):

* A **hold** (lifelike_hold.py) drawn from a long-tailed distribution (human_timing: a log-normal of mean
  2.4 x gestureDuration, mostly far shorter, now and then a minute), counted in
  gestureDurations as the live signal gives them, so a faster tempo shortens what is left
  of it: no call for the group's joints but its breath's calls (below), which carry the
  arm's creep too (creep.py: a slow random drift of its joints other than the breath's
  and the hand's about where the hold began; never while Pepper listens). While Pepper
  listens (the signal's ``arms_hold``) an arm's hold goes on, a LISTEN_HOLD at a time,
  until listening ends.
* **Together**: at the round's moments together (together.py, every 15 gestureDurations
  on average, counted as the holds are, the configured one's at faster tempos) both
  arms, if holding for at least HOLD_FLOOR, end their holds and set off, each to the
  farthest of TOGETHER_DRAWS targets: people's arms set off together more often than
  chance.
* A **move** to a new random target, inside Table 1's bounds and passing the group's
  checks (hands clear of the pelvis along the way, torso upright), as ONE call with one
  key per joint, at the target, where the group comes to rest; the call, the breath at
  its end included, passes them too from where the joints are commanded, at its key and
  on the way (else the move is drawn again; lifelike_now.Now.clear checks every call of
  the stream, the holds' too, with what it commands). Its duration is drawn in
  MOVE x gestureDuration, never longer than maxCallDuration (so a move is never cut) nor
  shorter than maxVelocityFraction allows. Groups on timings of their own set off
  together now and then by chance, and are left to: people's arms and legs do so more
  often still (issue 32: the genuine idle people's synchrony, 0.43-0.64, is above
  anything chance gives Pepper), so moves are not kept apart.
* Every stream starts with a hold: the groups never share a clock, not even right after
  enabling, speech or a change of style, when they all begin planning together.
* The legs follow the specification's chunk pattern, about twice as often
  (lifelike_legs.py).
* **Breathing** (``breathing``, at the signal's ``breathsPerMinute`` on average): both
  ShoulderPitch follow one breath (breath.Breath, the round's): an inhale, an exhale, each
  a call eased from rest to rest, then a pause with no call; now and then a sigh. During
  a hold these calls carry the shoulder and the creep; a move's key carries the breath's
  value at the move's end, so the breath goes on from there with no jump. The legs do
  not breathe: a trace of HipPitch deep enough to see would break their stillness, and
  breath calls would hold them nearly all the time, when NAOqi allows leg motion during
  another app's move only under a strict HipPitch/KneePitch relation (navigation may
  start at any moment).
* **Rest posture**: the mood's (the signal's ``rest``) moved by the body's weight shifts
  every few minutes and creeping in between (posture_changes.py, posture_shifts.py).
  When the rest has moved more than GLIDE since the group last went to it (a shift, or
  the mood's valence), its next move goes slowly to the new rest; targets are drawn from
  the part of Table 1's bounds around the rest (cut to Table 1's). No two minutes look
  alike.
* **Fidgets**: about once a minute one arm, during a hold, moves a little out and
  straight back (fidgets.py); never while Pepper listens.

The holds are lifelike_hold.py's; the stream's present (its time, where its steps leave
the joints) is lifelike_now.py's. The stream plans one step at a time, when asked for it
(:meth:`Lifelike.next`, at the robot time the step begins; the style sends consecutive
steps as one call, joining.py): each hold, breath call and move reads the live signal
(live_signal.py) then, so a change of mood or context shows in the next step planned and a
step under way keeps its shape. Each step's key is a rest of the group, a turning point
(or rest) of the breath, or where the creep drifted to: whether ALMotion eases into each
key or passes through it (NAOqi does not document which), the motion differs only in the
creep, which then flows through its keys and into and out of the moves beside it. Angles
in rad, times in robot seconds since the round began.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import human_timing, posture_shifts, trajectory
from animate_behaviour.planning.lifelike_hold import Hold
from animate_behaviour.planning.lifelike_now import Now

# Moves in multiples of gestureDuration (at least what maxVelocityFraction needs): brief
# and quick, as people's are: the genuine idle people's gross arm moves last 0.29-1.78 s
# (10th to 90th percentile, median 0.58; ReActIdle as devtools/people reads it, issue 32).
# A call of 0.3-0.8 s reads as that long a move: an eased move stays above half its peak
# speed for most of it. (Before issue 32: 1.5-3, after the best open idle generator
# found, whose arms drift from rest to rest and read 0.003 rad/s at the median against
# people's 0.007-0.099.) Holds are human_timing's.
MOVE = (0.3, 0.8)
# A move to a new rest posture, in multiples of gestureDuration (at most
# maxCallDuration): slow.
SHIFT_MOVE = (2.5, 3.0)
# The rest posture moved further than this (rad, any joint) since the group last went to
# it: the next move goes there. Smaller changes (a mood gliding a little) only move the
# bounds targets are drawn in.
GLIDE = 0.02
# Draws of a move's target before giving up on the velocity limit and shortening it.
TARGET_TRIES = 20
# Times a move's duration is lengthened to what its key, the breath's depth at its end
# included, needs: the breath moves the key by a few percent of a move at most, so each
# try needs a fraction of a percent more than the last. Beyond, the move takes what the
# breath's largest change (a sigh's top) would need.
TIMING_TRIES = 5
# A move at a moment together (together.py) goes to the farthest (in each joint's band)
# of this many targets drawn: people's arms set off together in gross moves, as a weight
# shift carries them, and a single draw is often too small or slow to be one (the
# farthest of 3 lies 0.75 of the way to the bounds' far end where one draw lies at 0.5).
TOGETHER_DRAWS = 3


class Lifelike(object):
    """The steps of ``group`` (groups.JointGroup) from ``start`` (its commanded angles),
    planned one at a time with ``rng`` as ``shared`` (shared.Shared: the live signal, the
    round's breath and schedule seed, the trajectory counter) says, for
    ``config``'s keys that no mood changes (maxCallDuration, maxVelocityFraction,
    breathing, the legs' chunk pattern)."""

    def __init__(self, group, config, rng, start, shared):
        self._config = config
        self._rng = rng
        self._shared = shared
        self._breath = shared.breath
        self._postures = posture_shifts.Postures(group.name, group.names, shared.seed)
        self._now = Now(group, config, shared, start, self._reading)
        self._hold = Hold(group, config, rng, shared, self._now)
        self._went = None  # (the rest the group last went to, when)
        self._steps = self._cycles()

    def _reading(self, reading):
        """The live signal's ``reading`` as the group moves by it: an arm's, as read."""
        return reading

    def next(self, at):
        """The next step (steps.Move or steps.Rest), beginning at robot time ``at``."""
        self._now.at = at
        return next(self._steps)

    def _begin(self):
        """The first step: where the group is, and the rest it is at."""
        shape, breathing = self._now.begin()
        self._hold.begin(breathing)
        self._went = (self._postures.at(self._now.at, shape, breathing.lifted), self._now.at)

    # -- the arms ---------------------------------------------------------------------------

    def _cycles(self):
        """An arm's steps: a hold, then a move, again and again; the hold goes on where no
        move drawn passes the group's checks (:meth:`_move`)."""
        self._begin()
        while True:
            for step in self._hold.steps(human_timing.hold(self._rng)):
                yield step
            reading, shape, breathing = self._now.look()
            rest = self._postures.at(self._now.at, shape, breathing.lifted)
            move = None
            if self._glides(rest, shape, breathing):
                move = self._move(lambda: (rest, self._duration(reading, SHIFT_MOVE)), shape,
                                  breathing, tries=1)
            if move is None:
                joined = self._hold.joined()
                move = self._move(lambda: (
                    self._target(shape, breathing, TOGETHER_DRAWS if joined else 1,
                                 even=joined),
                    self._duration(reading, MOVE)), shape, breathing)
            if move is not None:
                for step in self._moving(move, shape, breathing):
                    yield step

    def _glides(self, rest, shape, breathing):
        """Whether the rest moved since the group last went to it (a posture shift, or the
        mood more than GLIDE) and the group, not there, can go there in one call with its
        hands clear on the way."""
        went, since = self._went
        pose = self._now.pose
        moved = float(np.max(np.abs(rest - went)))
        if moved <= 1e-12 or np.array_equal(rest, pose) or (
                moved <= GLIDE and not self._postures.shifts(since, self._now.at)):
            return False
        return self._fits(rest, shape, breathing) and bool(
            shape.acceptable(trajectory.way(pose, rest)).all())

    def _target(self, shape, breathing, draws=1, even=False):
        """A random target for the pose (breath left out) reachable within one call:
        drawn like the specification's waypoints from the part of the bounds around the
        rest that passes the group's checks (with the breath added too); of ``draws``
        such, the farthest from the pose (in each joint's band). ``even``: drawn from the
        part of the bounds as wide on both sides of the rest (an arm's moments together:
        where a joint's limit cuts the bounds on one side, the farthest of several lie
        on the other, and each such move pulled the arm's mean posture away from the
        mood's, most at arousal 1, whose wide bounds the limits cut most and whose
        moments together come most often)."""
        at, pose = self._now.at, self._now.pose
        lower, upper = self._postures.bounds(at, shape, breathing.lifted)
        if even:
            rest = self._postures.at(at, shape, breathing.lifted)
            half = np.maximum(np.minimum(rest - lower, upper - rest), 0.0)
            lower, upper = rest - half, rest + half
        room = posture_shifts.Room(shape, lower, upper, breathing.lifted)
        found = []
        for _attempt in range(TARGET_TRIES):
            target = trajectory.random_points(room, 1, self._rng, pose)[0]
            if self._fits(target, shape, breathing) and shape.acceptable(
                    (target + breathing.lifted)[np.newaxis, :])[0]:
                found.append(target)
                if len(found) == draws:
                    break
        if not found:
            return pose  # nothing fits (tiny maxCallDuration or bounds): hold where it is
        band = np.maximum(shape.upper - shape.lower, 1e-9)
        return max(found, key=lambda target: float(np.max(np.abs(target - pose) / band)))

    def _duration(self, reading, span):
        """A move's duration (s): ``span`` times the live gestureDuration, within one
        call."""
        high = min(span[1] * reading.gesture_duration, self._config.max_call_duration)
        return self._rng.uniform(min(span[0] * reading.gesture_duration, high), high)

    def _worst(self, target, shape, breathing):
        """The s a move from the pose to ``target`` needs whatever the breath does on the
        way (its depth changes by a sigh's top at most)."""
        return self._now.needed(np.abs(target - self._now.pose) + np.abs(breathing.lifted),
                                shape)

    def _fits(self, target, shape, breathing):
        """Whether a move from the pose to ``target`` respects the velocity limit within
        maxCallDuration, the breath included."""
        return self._worst(target, shape, breathing) <= self._config.max_call_duration

    def _timed(self, target, duration, shape, breathing):
        """(the duration, the key) of a move to ``target`` plus the breath at its end:
        ``duration``, lengthened as far as the velocity limit needs from where the joints
        are commanded, within one call."""
        longest = self._config.max_call_duration
        duration = min(duration, longest)
        at = self._now.at
        for _attempt in range(TIMING_TRIES):
            angles = target + breathing.offsets * self._breath.depth_at(at + duration)
            needed = self._now.needed(angles - self._now.commanded, shape)
            if needed <= duration:
                return duration, angles
            duration = min(needed, longest)
        duration = min(max(duration, self._worst(target, shape, breathing)), longest)
        return duration, target + breathing.offsets * self._breath.depth_at(at + duration)

    def _move(self, draw, shape, breathing, tries=TARGET_TRIES):
        """The first of ``tries`` moves drawn (``draw()``: (a target, a duration (s)), each
        time anew) whose call, timed (:meth:`_timed`) and with the breath at its end,
        passes the group's checks from where the joints are commanded, at its key and on
        the way (lifelike_now.Now.clear): (the target, the duration, the key); None if
        none does. A target and its way are drawn with the breath left out, and the
        clearance may not hold at every depth between none and a sigh's top."""
        for _attempt in range(tries):
            target, duration = draw()
            duration, angles = self._timed(target, duration, shape, breathing)
            if self._now.clear(angles, shape):
                return target, duration, angles
        return None

    def _moving(self, move, shape, breathing):
        """One call taking every joint to the key of ``move`` (:meth:`_move`: its target
        plus the breath), where the group rests; counted as a trajectory once played."""
        target, duration, angles = move
        rest = self._postures.at(self._now.at, shape, breathing.lifted)
        to_rest = np.array_equal(target, rest)
        if to_rest:
            self._went = (rest, self._now.at)
        self._now.settle(target)
        self._hold.moved()
        yield self._now.call(angles, duration)
        self._shared.completed("a move of %.2f s%s" % (duration, " to its rest posture"
                                                       if to_rest else ""))
