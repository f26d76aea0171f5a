"""Human timing for the lifelike style (lifelike.py): how long a still spell lasts, how
breaths vary, how often a sigh comes and a posture shifts, as the distributions the
planner draws from. The human figures and their sources are in docs/motion.md ("Human
timing"); each constant says which figure it follows.

Holds are drawn from the group's own generator, breaths one after the other from the
round's (breath.Breath). A group's posture shifts must be the same whichever plan asks:
they are a schedule, a function of the round's time, drawn per block of time from a
generator seeded by the schedule's seed and the block's number (:func:`block_rng`).
"""
from __future__ import absolute_import, division, print_function

import math
import zlib

import numpy as np

# Holds, in multiples of gestureDuration: a log-normal clipped to [HOLD_FLOOR, HOLD_CAP],
# its mean HOLD_MEAN (the uniform 1-5 it replaces had that mean, and a coefficient of
# variation of 0.38). People's still spells are skewed: mostly short, now and then long.
# HOLD_SIGMA gives a coefficient of variation of about 0.97 after clipping.
HOLD_MEAN = 3.0
HOLD_SIGMA = 0.9
# Never shorter than the uniform's shortest: a shorter hold reads as a stop between two
# moves, and while Pepper listens each plan's first hold is what the arms breathe
# through between the planner's turns.
HOLD_FLOOR = 1.0
HOLD_CAP = 20.0  # never an absurd stillness (20 s at the default gestureDuration)

# Breaths: each breath's length is the mean period (60 / breathsPerMinute) times a
# log-normal factor of mean 1 and coefficient of variation BREATH_CV (people breathing
# quietly: about 0.2), clipped to BREATH_CLIP.
BREATH_CV = 0.2
BREATH_CLIP = (0.5, 2.0)
# Sighs: on average one every SIGH_INTERVAL s (about a dozen an hour), each SIGH_LENGTH
# times a breath's length and SIGH_DEPTH times its depth (a second inhale on top of a
# normal one, the exhale in two calls and a pause after).
SIGH_INTERVAL = 300.0
SIGH_LENGTH = 2.0
SIGH_DEPTH = 2.0

# Posture shifts: at exponential intervals of mean SHIFT_INTERVAL s (standing people shift
# their weight every few minutes, with a spread about as large as the mean), the group's
# rest posture moves to its home plus a drift of at most SHIFT_DRIFT of each joint's
# band on that side.
SHIFT_INTERVAL = 120.0
SHIFT_DRIFT = 0.25
SHIFT_BLOCK = 600.0  # s of the shifts' schedule per block


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
_BREATH_SIGMA = math.sqrt(math.log(1.0 + BREATH_CV ** 2))


def hold(rng):
    """A hold's length in multiples of gestureDuration, drawn with ``rng``."""
    return min(max(rng.lognormal(HOLD_MU, HOLD_SIGMA), HOLD_FLOOR), HOLD_CAP)


def block_rng(seed, block):
    """The generator of a schedule's block: the same for the same seed and block."""
    return np.random.RandomState([seed & 0x7fffffff, int(block) & 0x7fffffff])


def seed_of(name):
    """A schedule's seed from a name (a group's), the same on every run and lane."""
    return zlib.crc32(name.encode("utf-8")) & 0x7fffffff


def next_breath(rng, period):
    """The next breath at a mean ``period`` (s), drawn with ``rng``: (its length (s),
    whether it is a sigh). A sigh lasts SIGH_LENGTH times a breath; the others are as
    much shorter on average as keeps the mean length ``period``."""
    factor = min(max(rng.lognormal(-_BREATH_SIGMA ** 2 / 2.0, _BREATH_SIGMA), BREATH_CLIP[0]),
                 BREATH_CLIP[1])
    chance = period / SIGH_INTERVAL
    sigh = bool(rng.uniform() < chance)
    length = factor * period / (1.0 + chance * (SIGH_LENGTH - 1.0))
    return (SIGH_LENGTH * length if sigh else length), sigh


def shift_block(seed, block, size):
    """The posture shifts of a group's schedule (``seed``) in its block ``block``:
    (times in s from the round's start, inside the block; drifts, one row of ``size``
    fractions in [-1, 1] per shift)."""
    rng = block_rng(seed, block)
    times = []
    moment = block * SHIFT_BLOCK + rng.exponential(SHIFT_INTERVAL)
    while moment < (block + 1) * SHIFT_BLOCK:
        times.append(moment)
        moment += rng.exponential(SHIFT_INTERVAL)
    return np.array(times), rng.uniform(-1.0, 1.0, size=(len(times), size))
