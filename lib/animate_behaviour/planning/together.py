"""The lifelike style's moments together: now and then both arms end their holds at the
same moment and set off (posture_changes' TOGETHER rows), as people's arms do more often
than their own timings give by chance. The moments are the round's schedule, so both
arms find the same ones, and keep no clock (their intervals are memoryless). An arm
moving at a moment, or holding for less than HOLD_FLOOR, lets it pass; one that holds
while Pepper listens goes on holding. Times in robot seconds since the round began.
"""
from __future__ import absolute_import, division, print_function

from animate_behaviour.planning import posture_changes


class Together(object):
    """The moments at which the group ``name`` sets off with the others, in the round of
    schedule ``seed``."""

    def __init__(self, name, seed):
        self._schedules = [posture_changes.Schedule(row, seed)
                           for row in posture_changes.TOGETHERS if name in row.moves]

    def first(self, start, end):
        """The first moment in (``start``, ``end``], or None."""
        found = [moment for schedule in self._schedules
                 for moment in schedule.between(start, end)[:1]]
        return min(found) if found else None
