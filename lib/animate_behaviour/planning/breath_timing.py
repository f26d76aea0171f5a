"""How people's breaths follow one another, as the distributions breath.Breath draws from:
each breath's length and depth, and now and then a sigh. Each constant says which human
figure it follows; docs/motion.md ("Human timing") gives the figures with their sources.

Python 2.7/3 single-source, numpy 1.8 APIs. Lengths in s, depths in multiples of the mean
tidal depth (breath.Breathing turns them into rad per joint).
"""
from __future__ import absolute_import, division, print_function

import collections
import math

# Length and depth: each a log-normal factor of mean 1 (times the mood's mean period, 60 /
# breathsPerMinute, and the mean tidal depth), of coefficient of variation BREATH_CV and
# DEPTH_CV: people breathing quietly vary their breath's duration by about 21 % and its
# volume by about 33 % (Tobin et al. 1988). Each factor's logarithm is the sum of a slow
# part shared by neighbouring breaths (an AR(1) of coefficient MEMORY, SLOW of the
# variance) and a part of the breath's own: a lag-1 autocorrelation of MEMORY x SLOW, the
# depth's 0.25 (0.18 at lag 2, 0.12 at lag 3), the middle of people's 0.2-0.3 with a
# memory of about three breaths (Am J Respir Crit Care Med 1995;152:1967): hours of
# breaths read about 0.25 at every rate, with room on both sides of people's range.
# Length and depth vary apart. The length's slow share is larger: the speed limit's
# lengthening (breath.FASTEST) mixes some of the depth's noise into it, the more the
# faster the breath, so its lag-1 reads 0.28 at 8 a minute and 0.22 at 20 (at a share of
# 0.45, 0.32 at the slowest moods).
BREATH_CV = 0.22
DEPTH_CV = 0.32
MEMORY = 0.7
SLOW = (0.4, 0.36)  # length's, depth's
BREATH_CLIP = (0.5, 2.0)
# Below twice the mean: a deeper breath is a sigh (what sighs are, measured: "breaths
# with a tidal volume at least twice that of baseline breaths", Perez-Padilla et al.,
# Sleep 1983;6:234).
DEPTH_CLIP = (0.4, 1.8)

# Sighs: SIGHS_PER_HOUR at neutral (awake people: 12-20 an hour, 13.7 watching TV),
# rising by SIGHS_RISE at full arousal and as much at full negative valence (sighs
# come more often with stress and negative mood: Vlemincx et al. 2010), so 20 an hour at
# (-1, 1). A sigh's size is 2 to 5 tidal depths (2 + 3 x Beta(2, 4): mean 3, mode
# 2.75), and a pause of POST_SIGH mean periods follows it (a sigh "is typically followed
# by an apnea of variable duration", Issa et al., J Appl Physiol 1994;77:856).
SIGHS_PER_HOUR = 12.0
SIGHS_RISE = 4.0
SIGH_SIZE = (2.0, 5.0)
SIGH_SHAPE = (2.0, 4.0)
POST_SIGH = (0.5, 1.5)
# One breath drawn: its length (s, before the speed limit), its depth, and for a sigh its
# size (tidal depths) and the pause after it (s); 0 for the others.
Drawn = collections.namedtuple("Drawn", "length depth sigh pause")


def sighs_per_hour(valence, arousal):
    """Sighs an hour at the mood (``valence``, ``arousal``), each in [-1, 1]."""
    return SIGHS_PER_HOUR + SIGHS_RISE * (max(arousal, 0.0) + max(-valence, 0.0))


def _sigma(variation):
    return math.sqrt(math.log(1.0 + variation ** 2))


class BreathDraws(object):
    """Breath after breath from ``rng`` (numpy RandomState), each remembering the ones
    before through the slow parts of its length and depth."""

    def __init__(self, rng):
        self._rng = rng
        self._slow = [0.0, 0.0]  # the slow parts of log length and log depth, unit variance

    def _factor(self, which, variation, clip):
        """A log-normal factor of mean 1 and CV ``variation``, its slow part ``which``."""
        self._slow[which] = MEMORY * self._slow[which] + math.sqrt(
            1.0 - MEMORY ** 2) * self._rng.normal()
        sigma = _sigma(variation)
        slow = SLOW[which]
        unit = math.sqrt(slow) * self._slow[which] + math.sqrt(1.0 - slow) * self._rng.normal()
        return min(max(math.exp(sigma * unit - sigma * sigma / 2.0), clip[0]), clip[1])

    def next(self, period, per_hour):
        """The next breath (Drawn) at a mean ``period`` (s) with ``per_hour`` sighs an
        hour on average."""
        length = self._factor(0, BREATH_CV, BREATH_CLIP)
        depth = self._factor(1, DEPTH_CV, DEPTH_CLIP)
        chance = min(per_hour * period / 3600.0, 0.5)
        length *= period
        if self._rng.uniform() >= chance:
            return Drawn(length, depth, 0.0, 0.0)
        size = SIGH_SIZE[0] + (SIGH_SIZE[1] - SIGH_SIZE[0]) * self._rng.beta(*SIGH_SHAPE)
        return Drawn(length, depth, size, self._rng.uniform(*POST_SIGH) * period)
