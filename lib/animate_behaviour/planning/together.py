"""The lifelike style's moments together: now and then both arms end their holds at the
same moment and set off, and the legs with them (posture_changes' TOGETHER rows), each
move lasting as long as the others' (:meth:`Together.share`), as people's arms do more
often than their own timings give by chance, and as a body moves as one. The moments
are the round's schedule, so every group finds the same ones (while a change of tempo
glides, each at the tempo it reads), and keep no clock (their intervals are irregular:
bursts, now and then a long while apart). The schedule counts in
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

# The name a moment's shared draw is made under: every group reads the same one.
BODY = "body"


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

    def share(self, moment, gesture_duration):
        """A uniform draw in [0, 1) of the moment together at ``moment`` (s, one that
        :meth:`first` gave at ``gesture_duration``), the same for every group that sets
        off then: where in its span each group's move at the moment lasts, so that the
        body moves as one."""
        schedule = self._schedules[0]
        found = schedule.latest(moment / gesture_duration + 1e-9)
        if found is None:
            raise ValueError("no moment together at or before %.3f s" % moment)
        block, index, _time = found
        return float(schedule.draws(BODY, block, 1)[index, 0])
