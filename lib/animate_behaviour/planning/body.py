"""The lifelike style's body (issue 39): one seeded sway of the trunk that the torso and
both arms carry, each group from its own stream. In a person the arms hang from a chest
that moves, so both arms and the trunk move together (their speeds correlate over 20 s:
the two arms' 0.44, arm and torso 0.38; Pepper's independent arms read 0.07 and 0.05).

Why a shared component and not a cross-feed of each arm's own motion: an arm's stream
cannot know the other's moves without a lock or a common clock, but every stream reads
the round's schedule seed, so each finds the same body moves at the same robot times
(posture_changes' BODY row), as the breath is found. The body moves as people's gross
moves do (0.54-1.68 s, at irregular times), not as a slow sinusoidal sway (tried on the
side: it did little, the arms' speed being their moves'). Its level is a side and a
front lean, each drawn afresh at every move in [-1, 1] (so it never wanders off); a
group's joints follow it at the row's size of their half band at the mood: the hips'
roll and the shoulders' roll follow the side lean, the hips' pitch and the elbows' roll
the front lean. The arms follow the trunk a little later (ARM_LAGS, the first arm drawn
per move), as arms hanging under gravity do: their onsets then lie apart by more than
issue 13's 150 ms and do not read as one gesture of the whole body. Times in robot
seconds since the round began; angles in rad.
"""
from __future__ import absolute_import, division, print_function

import numpy as np

from animate_behaviour.planning import posture_changes, trajectory

# A body move's duration (s): people's gross moves, 10th to 90th percentile (issue 39).
MOVE = (0.54, 1.68)
# How long after the trunk each arm follows (s): the first, then the second.
ARM_LAGS = (0.2, 0.4)
# The joints following each lean (by suffix): 0 the side lean, 1 the front lean.
LEANS = {"HipRoll": 0, "ShoulderRoll": 0, "HipPitch": 1, "ShoulderPitch": 1, "ElbowRoll": 1}
# The draws shared by every group at a move: its duration, its side and front levels,
# which arm follows first.
_SHARED = "body"
_DRAWS = 4
# The longest a group's lag is: the moves that may still be under way look back this far.
_REACH = MOVE[1] + ARM_LAGS[1]


class Body(object):
    """The body's sway as the group ``name`` (its joints ``names``) carries it in the
    round of schedule ``seed``. A group no BODY row moves carries none."""

    def __init__(self, name, names, seed):
        self._name = name
        self._schedules = []
        leans = np.array([next((lean for suffix, lean in LEANS.items()
                                if joint.endswith(suffix)), -1) for joint in names])
        for row in posture_changes.BODIES:
            mask = row.mask(name, names) & (leans >= 0)
            if mask.any():
                self._schedules.append((posture_changes.Schedule(row, seed), mask))
        self._leans = np.maximum(leans, 0)
        self.joints = tuple(int(index) for schedule, mask in self._schedules
                            for index in np.flatnonzero(mask))

    def _lag(self, first):
        """The group's lag (s) behind the trunk at a move whose first arm is ``first``
        (a draw in [0, 1): the left arm below a half)."""
        if self._name not in posture_changes.ARMS:
            return 0.0
        leads = posture_changes.ARMS[0 if first < 0.5 else 1] == self._name
        return ARM_LAGS[0 if leads else 1]

    def _moves(self, schedule, start, end):
        """The group's moves of the events in (``start`` - _REACH, ``end``], the only ones
        that may be under way in (``start``, ``end``): (begins, ends, the leans before,
        the leans after) each, in the events' order."""
        found = []
        for block, index, moment in schedule.events(max(start - _REACH, 0.0), end):
            draws = schedule.draws(_SHARED, block, _DRAWS)[index]
            begins = moment + self._lag(draws[3])
            found.append((begins, begins + MOVE[0] + (MOVE[1] - MOVE[0]) * draws[0],
                          self._level(schedule, block, index), 2.0 * draws[1:3] - 1.0))
        return found

    @staticmethod
    def _level(schedule, block, index):
        """The leans the move before event ``index`` of ``block`` left (none before the
        first)."""
        while index == 0:
            block -= 1
            if block < 0:
                return np.zeros(2)
            index = len(schedule.times(block))
        return 2.0 * schedule.draws(_SHARED, block, _DRAWS)[index - 1][1:3] - 1.0

    def offsets(self, t, shape):
        """The sway (rad per joint of the group; 0 where it carries none) at ``t`` as
        ``shape`` (groups.Shape) bounds the group: the leans the moves ended before left,
        plus each move begun since, eased (overlapping moves add up)."""
        found = np.zeros(len(shape.lower))
        half_band = (shape.upper - shape.lower) / 2.0
        for schedule, mask in self._schedules:
            moves = self._moves(schedule, t, t)
            if moves:
                leans = moves[0][2].copy()
            else:
                latest = schedule.latest(t)
                leans = np.zeros(2) if latest is None else self._level(
                    schedule, latest[0], latest[1] + 1)
            for begins, ends, before, after in moves:
                if begins <= t:
                    leans += (after - before) * trajectory.ease(
                        min((t - begins) / (ends - begins), 1.0))
            found += np.where(mask, schedule.row.size * leans[self._leans] * half_band, 0.0)
        return found

    def reach(self, shape):
        """The farthest (rad per joint) the sway takes the group from where it would be
        without it, as ``shape`` bounds it."""
        half_band = (shape.upper - shape.lower) / 2.0
        found = np.zeros(len(shape.lower))
        for schedule, mask in self._schedules:
            found += np.where(mask, schedule.row.size * half_band, 0.0)
        return found

    def cuts(self, start, end):
        """Where the group's sway begins or ends a move in (``start``, ``end``),
        increasing."""
        return sorted(set(moment for schedule, _mask in self._schedules
                          for begins, ends, _before, _after in self._moves(schedule, start, end)
                          for moment in (begins, ends) if start < moment < end))

    def moving(self, start, end):
        """Whether the group's sway moves in (``start``, ``end``)."""
        return any(begins < end and ends > start for schedule, _mask in self._schedules
                   for begins, ends, _before, _after in self._moves(schedule, start, end))
