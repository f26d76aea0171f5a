"""The lifelike style's spells of activity: the whole body calm for a while, then busier
(posture_changes' SPELL rows). People standing idle are not alike from one 20 s to the
next: mostly calm, now and then a large excursion (issue 39, docs/people.md); Pepper's
lifelike windows were all alike, and a classifier told them by that alone. At each spell
the body's gain is drawn anew, a log-normal of median 1 and sigma the row's size, within
the style's range (styles.StyleRow.activity): every group's amplitude (its Table 1
bounds, and so its moves and an arm's creep) is the mood's times the gain, never beyond
the key's range (selectedRange 1; Configuration.active_amplitude), and its holds the
mood's over the gain, as long on average (a calm spell moves rarely and little). The
arms' hand clearance allows for the legs' band in the busiest spell
(Configuration.legs_widest). The spells are the round's schedule, so every stream reads
the same gain at the same moment without a lock, and keep no clock (their gaps are
long-tailed); counted in the arms' gestureDurations, as the arms' onsets that they space
(companions.py) are, so that a mood's tempo paces them too.
"""
from __future__ import absolute_import, division, print_function

import math

from animate_behaviour.planning import posture_changes

# The body's draws, the same for every group (it is one body).
BODY = "body"


class Activity(object):
    """The body's activity in the round of schedule ``seed``, its gain within ``gains``
    (lowest, highest; None: no spells, the gain always 1): its gain at a moment."""

    def __init__(self, seed, gains):
        self._gains = gains
        self._schedules = [] if gains is None else [posture_changes.Schedule(row, seed)
                                                    for row in posture_changes.SPELLS]

    def gain(self, t):
        """The body's gain at ``t`` (in gestureDurations): the product of each SPELL
        row's (1 before a row's first spell)."""
        gain = 1.0
        for schedule in self._schedules:
            latest = schedule.latest(t)
            if latest is None:
                continue
            block, index, _moment = latest
            first, second = schedule.draws(BODY, block, 2)[index]
            sigma = schedule.row.size
            # Box-Muller: a normal draw of the two uniform ones.
            normal = math.sqrt(-2.0 * math.log(1.0 - first)) * math.cos(2.0 * math.pi * second)
            gain *= math.exp(sigma * normal)
        return gain if self._gains is None else min(max(gain, self._gains[0]),
                                                     self._gains[1])


# The mean of 1 / gain (a log-normal's: exp(sigma^2 / 2)), so that the holds keep their
# mean over the spells.
_INVERSE_MEAN = math.exp(sum(row.size ** 2 for row in posture_changes.SPELLS) / 2.0)


def hold(units, gain):
    """A hold of ``units`` at the body's ``gain``: longer in a calm spell, shorter in a
    busy one, as long on average."""
    return units / (gain * _INVERSE_MEAN)

