"""The lifelike style's spells of activity: the whole body calm for a while, then busier
(posture_changes' SPELL rows). People standing idle are not alike from one 20 s to the
next: mostly calm, now and then a large excursion (issue 39, docs/people.md); Pepper's
lifelike windows were all alike, and a classifier told them by that alone. At each spell
the body's gain is drawn anew, a log-normal of median 1 and sigma the row's size, within
the style's range (styles.StyleRow.activity) and never below the mood's floor
(mood_table.spell_floor: no calm spell takes the body below the calmest mood's amplitude,
so the calmest mood's spells only widen): every group's amplitude (its Table 1
bounds, and so its moves, an arm's creep and companions) is the mood's times the gain,
never beyond the key's range (selectedRange 1; Configuration.active_amplitude). The
holds keep their timing: paced by the gain too (a hold over it), they put the arms'
onsets within 150 ms of another chain's more often at arousal 1 (0.47 -> 0.52 offline,
seeds 13-14) and read no less like people's. The arms' hand clearance allows for the
legs' band in the busiest spell (Configuration.legs_widest). The spells are the round's
schedule, so every stream reads the same gain at the same moment without a lock, and
keep no clock (their gaps are long-tailed). Times in robot seconds since the round
began.
"""
from __future__ import absolute_import, division, print_function

import math

from animate_behaviour.planning import posture_changes

# The body's draws, the same for every group (it is one body).
BODY = "body"


class Activity(object):
    """The body's activity as the group ``name`` moves by it in the round of schedule
    ``seed``, its gain within ``gains`` (lowest, highest; None: no spells, the gain always
    1): the SPELL rows that move the group."""

    def __init__(self, seed, gains, name):
        self._gains = gains
        self._schedules = [] if gains is None else [posture_changes.Schedule(row, seed)
                                                    for row in posture_changes.SPELLS
                                                    if name in row.moves]

    def gain(self, t, floor=0.0):
        """The body's gain at ``t``: the product of each SPELL row's (1 before a row's
        first spell), never below ``floor`` (the mood's: mood_table.spell_floor) nor
        outside the style's gains."""
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
        if self._gains is None:
            return gain
        return min(max(gain, self._gains[0], floor), self._gains[1])
