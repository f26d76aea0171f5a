"""An arm's hold in the lifelike style (lifelike.py): no call for the arm's joints but its
breath's, which carry the creep too (creep.py), and now and then a fidget (fidgets.py),
until the hold's time is up, counted in gestureDurations as the live signal gives them,
or a moment together (together.py) ends it. While Pepper listens (the signal's
``arms_hold``) the hold goes on, a LISTEN_HOLD at a time, with neither creep nor fidget.
Angles in rad, times in robot seconds since the round began."""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import (creep, fidgets, human_timing, posture_shifts, steps,
                                        together, trajectory)
from animate_behaviour.planning.shared import LISTEN_HOLD

# Breath segments shorter than this (s) are not worth a call: held instead.
MIN_CALL = 0.1
# How fast (rad/s) a breathing joint left outside its breath's room (its rest plus any
# depth of breath inside the bounds: a lower arousal or an engaged person narrowed them)
# is brought back by a hold's breath call, at most: the pace of a slow posture shift, so
# 0.08 rad (arousal 0 to -0.5) takes 1.7 s. Farther out than a call can bring it (another
# app's pose), the joint holds still until the next move.
SETTLE_SPEED = 0.05


class Hold(object):
    """The holds of a stream of ``group`` (groups.JointGroup) at ``now``
    (lifelike_now.Now), drawing with ``rng`` as ``shared`` (shared.Shared: the round's
    breath, schedule seed and trajectory counter) and ``config`` say."""

    def __init__(self, group, config, rng, shared, now):
        self._group = group
        self._config = config
        self._rng = rng
        self._shared = shared
        self._breath = shared.breath
        self._now = now
        self._fidgets = fidgets.Fidgets(group.name, group.names, shared.seed)
        self._together = together.Together(group.name, shared.seed)
        self._joined = None  # the last moment together a hold was cut to
        self._looked = None  # when the hold last looked for a fidget due
        self._creep = None

    def begin(self, breathing):
        """The first step of the stream: the creep moves the joints other than
        ``breathing``'s and the hand's."""
        self._creep = creep.Creep(len(self._now.pose),
                                  creep.creeping(self._group.names, breathing.joints),
                                  self._rng)
        self._looked = self._now.at

    def moved(self):
        """A move has just been planned: the next hold creeps from where it ends."""
        self._creep.restart()

    def joined(self):
        """Whether the hold that just ended was cut to a moment together."""
        return self._joined is not None and abs(self._joined - self._now.at) < 1e-9

    def steps(self, units):
        """Hold for ``units`` x gestureDuration, read afresh at each step, or until a
        moment together once it has lasted HOLD_FLOOR, and on while Pepper listens: the
        breathing joints alone follow the breath, one step per breath segment (the style
        joins steps into calls: joining.py); the others stay where they are."""
        now = self._now
        last = None  # (when the last step began, the gestureDuration then)
        held = 0.0  # in gestureDurations
        while True:
            reading, shape, breathing = now.look()
            if last is not None:
                units -= (now.at - last[0]) / last[1]
                held += (now.at - last[0]) / last[1]
            listening = self._group.yields_to_speech and reading.arms_hold
            if not listening:
                units = self._until_together(units, held, reading.gesture_duration)
            if units <= 1e-9:
                if not listening:
                    return
                units = LISTEN_HOLD / reading.gesture_duration
            last = (now.at, reading.gesture_duration)
            fidget = None if listening else self._fidget(reading, shape, breathing)
            if fidget is None:
                yield self._hold_step(now.at + units * reading.gesture_duration, shape,
                                      breathing, None if listening else reading)
            else:
                for step in self._fidgeting(*fidget):
                    yield step

    def _until_together(self, units, held, gesture_duration):
        """What is left of a hold of ``units`` (x ``gesture_duration``) that has lasted
        ``held``: up to the first moment together once it has lasted HOLD_FLOOR."""
        at = self._now.at
        floor = max(human_timing.HOLD_FLOOR - held, 0.0)
        moment = self._together.first(at + floor * gesture_duration,
                                      at + units * gesture_duration,
                                      max(gesture_duration, self._config.gesture_duration))
        if moment is None:
            return units
        self._joined = moment
        return (moment - at) / gesture_duration

    def _fidget(self, reading, shape, breathing):
        """The fidget of the arm due since the hold last looked (fidgets.py): (the joints
        it moves, the point out, the time out (s) within the velocity limit), or None if
        none is due or it cannot be made: its reach scaled back until it is inside the
        bounds with room for the breath and both calls, out and back, pass the group's
        checks with what they command (lifelike_now.Now.clear)."""
        now = self._now
        since, self._looked = self._looked, now.at
        due = self._fidgets.due(since, now.at, reading.alone)
        if due is None:
            return None
        joints, points = self._fidgets.reach(due, now.pose, shape, breathing)
        room = posture_shifts.Room(shape, shape.lower, shape.upper, breathing.lifted)
        for point in points[room.fitting(points)]:
            if now.clear(point, shape, joints) and now.clear(
                    now.pose, shape, joints, start=now.key(point, joints)):
                break
        else:
            return None
        needed = now.needed(point - now.pose, shape)
        if needed > self._config.max_call_duration:
            return None
        return joints, point, max(fidgets.Fidgets.out_time(due, reading.gesture_duration),
                                  needed)

    def _fidgeting(self, joints, point, duration):
        """Out to ``point`` and back, a call each; the breathing joints wait where the
        breath left them (they are not in ``joints``)."""
        now = self._now
        yield now.call(point, duration, joints)
        yield now.call(now.pose, duration, joints)
        self._shared.completed("a fidget of %.2f s out and back" % (2.0 * duration))

    def _hold_step(self, end, shape, breathing, creeps):
        """The hold's next step from now to at most ``end``: a breath call to the next
        phase boundary of the breath, carrying the creep too if it ``creeps`` (the
        signal's Reading; None: no creep), or a rest (its pause, or no breathing)."""
        now = self._now
        begin = now.at
        cut = self._breath.boundaries(begin, end) if breathing.breathes else []
        right = cut[0] if cut else end
        if not (breathing.breathes and right - begin >= MIN_CALL
                and self._breath.moving(begin, right)):
            return steps.Rest(right - begin)
        room = posture_shifts.Room(shape, shape.lower, shape.upper, breathing.lifted)
        settle = self._settling(room, breathing)
        if settle > right - begin:  # bring the joint back over more of the breath
            later = [moment for moment in cut + [end] if moment - begin >= settle]
            if not later or later[0] - begin > self._config.max_call_duration:
                return steps.Rest(right - begin)  # too far out: hold still
            right = later[0]
        index = list(breathing.joints)
        pose = now.pose.copy()
        pose[index] = np.clip(pose[index], room.lower[index], room.upper[index])
        breath = breathing.offsets * self._breath.depth_at(right)
        if creeps is not None and not settle:
            joints = tuple(sorted(breathing.joints + self._creep.joints))
            crept = self._crept(pose, right - begin, creeps.gesture_duration, shape, room,
                                breath, joints)
            if crept is not None:
                now.pose = crept
                return now.call(crept + breath, right - begin, joints)
        if not now.clear(pose + breath, shape, breathing.joints):
            # The breath's key, or its way, would bring a hand too close: the breath waits
            # where it is (as it waits out a fidget) and goes on from there.
            return steps.Rest(right - begin)
        now.pose = pose
        return now.call(pose + breath, right - begin, breathing.joints)

    def _crept(self, pose, seconds, gesture_duration, shape, room, breath, joints):
        """Where the creep (creep.py) takes ``pose`` in a breath call of ``seconds`` s at
        ``gesture_duration`` ending at the ``breath``'s offsets, commanding ``joints``
        (the breath's and the creep's): its first candidate
        inside ``room`` (the bounds with room for the breath) that passes the group's
        checks there and on the way, breath left out and with what the call commands
        (lifelike_now.Now.clear), and respects the velocity limit; None if none does."""
        candidates = self._creep.keys(self._now.anchor, seconds, shape, gesture_duration)
        still = np.ones(len(pose), dtype=bool)
        still[list(self._creep.joints)] = False
        candidates[:, still] = pose[still]
        for index, candidate in enumerate(candidates):
            if (room.first_fitting(candidate[np.newaxis, :]) is not None
                    and shape.acceptable(trajectory.way(pose, candidate)).all()
                    and self._now.needed(candidate + breath - self._now.commanded,
                                         shape) <= seconds
                    and self._now.clear(candidate + breath, shape, joints)):
                self._creep.kept(index)
                return candidate
        return None

    def _settling(self, room, breathing):
        """The robot s a breath call needs to bring the breathing joints, sighs included,
        inside ``room`` (Table 1's bounds with room for the breath) at SETTLE_SPEED (0:
        they are inside)."""
        pose = self._now.pose
        index = list(breathing.joints)
        inside = np.clip(pose[index], room.lower[index], room.upper[index])
        gap = float(np.max(np.abs(inside - pose[index])))
        return gap / SETTLE_SPEED if gap > 1e-9 else 0.0
