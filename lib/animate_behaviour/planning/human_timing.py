"""Human timing for the lifelike style (lifelike.py): how long a still spell lasts, as the
distribution the planner draws from, and the seeded generators of the schedules (breaths
and sighs: breath_timing.py; posture changes: posture_changes.py). The human figures and
their sources are in docs/motion.md ("Human timing").

Holds are drawn from the group's own generator. What every plan must find the same
whichever asks (the breath, the posture changes) is a schedule, a function of the round's
time, drawn per block of time from a generator seeded by the schedule's seed and the
block's number (:func:`block_rng`).
"""
from __future__ import absolute_import, division, print_function

import math
import zlib

import numpy as np

# Holds, in multiples of gestureDuration: a log-normal clipped to [HOLD_FLOOR, HOLD_CAP],
# its mean HOLD_MEAN. People standing idle pause between an arm's gross moves for 0.13-1.21
# s at the median, 0.44-5.05 s on average, with a heavy tail (90th percentile 1.3-18.7 s,
# CV 1.47-2.56; the genuine ReActIdle clips, issue 32, devtools/human_reference.IDLE): a
# few quick moves in a row, then a long stillness. A log-normal of mean 2.4 and sigma 2.2
# (median 0.29, 90th percentile 4.9, CV 3.1 after clipping) puts Pepper's pauses among
# theirs once its moves are brief (lifelike.MOVE) and the moments together (together.py)
# have cut the longest holds short: at the neutral mood, over seeds 13-20, pauses of
# 0.84 s at the median and a CV of 1.86 (1.56-2.2), 21 gross moves a minute, and 38 (33-40)
# at arousal 1, among the most active people's (make people). (Before issue 32: mean 3,
# sigma 0.9, clipped to 1-20, which left Pepper's pauses 20-40 s at the median.)
HOLD_MEAN = 2.4
HOLD_SIGMA = 2.2
# As short as people's shortest pauses (a tenth of a second) but no shorter: a shorter
# hold would run two moves into one.
HOLD_FLOOR = 0.1
# Never an absurd stillness: a minute at the default gestureDuration (people's longest
# pause seen: 50 s, in a clip of 2.5 minutes).
HOLD_CAP = 60.0


def _normal_cdf(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def clipped_lognormal_moments(mu, sigma, low, high):
    """(mean, coefficient of variation) of a log-normal (``mu``, ``sigma``) clipped to
    [``low``, ``high``]."""
    below = _normal_cdf((math.log(low) - mu) / sigma)
    above = 1.0 - _normal_cdf((math.log(high) - mu) / sigma)

    def inside(power):  # E[X^power; low < X < high]
        shift = mu + power * sigma * sigma
        return math.exp(power * mu + (power * sigma) ** 2 / 2.0) * (
            _normal_cdf((math.log(high) - shift) / sigma) -
            _normal_cdf((math.log(low) - shift) / sigma))
    mean = low * below + high * above + inside(1)
    second = low * low * below + high * high * above + inside(2)
    return mean, math.sqrt(second - mean * mean) / mean


def _mu_for_mean(mean, sigma, low, high):
    """The log-normal's mu whose clipped mean is ``mean`` (bisection: the clipped mean
    rises with mu)."""
    lower, upper = math.log(low) - 5.0 * sigma, math.log(high) + 5.0 * sigma
    for _step in range(100):
        middle = (lower + upper) / 2.0
        if clipped_lognormal_moments(middle, sigma, low, high)[0] < mean:
            lower = middle
        else:
            upper = middle
    return (lower + upper) / 2.0


HOLD_MU = _mu_for_mean(HOLD_MEAN, HOLD_SIGMA, HOLD_FLOOR, HOLD_CAP)


def hold(rng):
    """A hold's length in multiples of gestureDuration, drawn with ``rng``."""
    return min(max(rng.lognormal(HOLD_MU, HOLD_SIGMA), HOLD_FLOOR), HOLD_CAP)


def block_rng(seed, block):
    """The generator of a schedule's block: the same for the same seed and block."""
    return np.random.RandomState([seed & 0x7fffffff, int(block) & 0x7fffffff])


def seed_of(name):
    """A schedule's seed from a name (a group's), the same on every run and lane."""
    return zlib.crc32(name.encode("utf-8")) & 0x7fffffff
