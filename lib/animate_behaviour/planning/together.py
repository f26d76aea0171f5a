"""The lifelike style's moments together: now and then both arms end their holds at the
same moment and set off (posture_changes' TOGETHER rows), as people's arms do more often
than their own timings give by chance. The moments are the round's schedule, so both
arms find the same ones (while a change of tempo glides, each at the tempo it reads),
and keep no clock (their intervals are memoryless). The schedule counts in
gestureDurations, as the holds it cuts do, so that the holds keep the mood's tempo:
counted in seconds, the moments cut the long tail of arousal -1's holds (gestureDuration
doubled) as short as the neutral mood's, and those holds read only a fifth longer than
at 0. At tempos faster than the configured one the arms count in the configured
gestureDuration (lifelike.py): the holds are short there anyway, and counted in arousal
1's the moments took the arms' gross moves to 42.7 a minute, above the most active
person's 42.5 (make people). An arm moving at a moment, or holding for less than
HOLD_FLOOR, lets it pass; one that holds while Pepper listens goes on holding. Times in
robot seconds since the round began.
"""
from __future__ import absolute_import, division, print_function

from animate_behaviour.planning import posture_changes


class Together(object):
    """The moments at which the group ``name`` sets off with the others, in the round of
    schedule ``seed``."""

    def __init__(self, name, seed):
        self._schedules = [posture_changes.Schedule(row, seed)
                           for row in posture_changes.TOGETHERS if name in row.moves]

    def between(self, start, end, gesture_duration):
        """The moments in (``start``, ``end``] at ``gesture_duration`` (s), increasing:
        the schedule's, read in gestureDurations."""
        return sorted(moment * gesture_duration for schedule in self._schedules
                      for moment in schedule.between(start / gesture_duration,
                                                     end / gesture_duration))

    def first(self, start, end, gesture_duration):
        """The first moment in (``start``, ``end``] at ``gesture_duration``, or None."""
        found = self.between(start, end, gesture_duration)
        return found[0] if found else None
