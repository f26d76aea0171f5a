"""A lifelike stream's steps joined into fewer calls: consecutive steps go out as ONE call
with a key where each ended, up to maxCallDuration. Every call carries about
four NAOqi round trips besides its own, and the lifelike style's steps are mostly short
(a hold cut by the next move, a breath phase carrying the creep, a brief move, a leg's
visit). Other apps still wait at most one call of ours, and our own is still stopped at
once by its task id, whatever its keys.

A rest between two steps of one call becomes a key repeating the one before it (the
joints stay put, booked), unless it is shorter than ALMotion's control cycle; a rest that
would end a call, or does not fit, stays a rest with no call (the joints free). The keys
are the steps' own, at the same times, so under an interpolation that rests at every key
the joints move as the steps did one call each (but for those shortest pauses); under one
that passes through them, only the keys where the motion turns or rests stay rests
(docs/naoqi.md: NAOqi does not say which it does).

The steps of a call are planned when it is asked for, so each reads the live signal then
(live_signal.py); the step found not to fit goes out first in the next call, planned
already (as steps.cutting draws the specification's waypoint after a call): a change of
mood or context shows in every step planned after it, so on the robot after the call
running then and at most that one step; but for listening, where the worker makes a new
stream and the step planned ahead never goes out (engine/group_worker.py). The stream's
completed trajectories are told once the call carrying them has played (when the next
step is asked for). Angles in rad, times in s.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import steps

# ALMotion's control cycle (s; docs/naoqi.md): a pause shorter than this between two steps
# of a call gets no key of its own.
SHORTEST = 0.02


class Joined(object):
    """The steps of the stream ``make(shared)`` gives (``next(at)``), joined into calls of
    at most ``max_call_duration`` s; ``shared`` (shared.Shared) as the stream is made
    with, its ``completed`` told when the call carrying the trajectory has played."""

    def __init__(self, make, shared, max_call_duration):
        self._longest = max_call_duration
        self._completed = shared.completed
        self._played = []  # summaries of trajectories in the call last given
        self._ahead = []  # steps planned but not in the call last given, in order
        self._stream = make(shared._replace(completed=self._played.append))

    def next(self, at):
        """The next step (steps.Move or steps.Rest) beginning at robot time ``at``."""
        played, self._played[:] = list(self._played), []
        for summary in played:
            self._completed(summary)
        first = self._ahead.pop(0) if self._ahead else self._stream.next(at)
        if not isinstance(first, steps.Move):
            return first
        parts, elapsed, waiting = [first], first.duration, []
        while not self._ahead and elapsed < self._longest - steps.SLACK:
            step = self._stream.next(at + elapsed)
            if elapsed + step.duration > self._longest + steps.SLACK:
                self._ahead.append(step)
                break
            elapsed += step.duration
            if isinstance(step, steps.Move):
                parts.extend(waiting + [step])
                waiting = []
            else:
                waiting.append(step)
        self._ahead[:0] = waiting
        return joined(parts)


def joined(parts):
    """One Move of ``parts`` (steps.Move and steps.Rest, beginning and ending with a Move)
    played one after the other: each Move's keys, and one key repeating the one before
    where rests together last a control cycle (SHORTEST) or more (a shorter pause, as a
    step planned a hair before a breath's boundary leaves, only starts the next key's
    ease that much earlier); the joints any part commands."""
    angles, times, elapsed = [], [], 0.0
    for part in parts:
        if not isinstance(part, steps.Move):
            elapsed += part.duration
            continue
        if times and elapsed - times[-1] >= SHORTEST:
            angles.append(angles[-1])
            times.append(elapsed)
        angles.extend(part.angles)
        times.extend(elapsed + np.asarray(part.times, dtype=float))
        elapsed = times[-1]
    commanded = [part.joints for part in parts if isinstance(part, steps.Move)]
    joints = None if None in commanded else tuple(sorted(set().union(*commanded)))
    return steps.Move(np.array(angles), np.array(times), joints)
