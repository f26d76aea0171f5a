"""What the two-sample test (indistinct.py) would read if Pepper moved otherwise: issue
39's probes, dev only, never in the package (scripts/probe_spells.py runs them;
docs/people.md, "Individuals by the minute, with arms that hang", reads them).

- Spells: the live signal's amplitude (selectedRange) and tempo (gestureDuration) each
  times a factor of its own, drawn afresh at spells of random length and read by every
  step as a mood is, on the round's own clock (offline_plans.Round): the motion changes
  as the planner would change it, never restarted from rest.
- Arms that hang: each arm's ShoulderPitch and ShoulderRoll carry a share of the trunk's
  HipPitch and HipRoll offsets, added to the commanded angles afterwards (the planner
  cannot: each group plans alone).
- The synchrony (motion_quality.py) of arms that hang: the trunk's moves become the arms'
  onsets too.
- The mood's order: whether the arms' RMS offset, speed peaks and mean hold still follow
  arousal over the mood grid's two minutes (scripts/benchmark_mood.py) with the spells on
  top.

Python 2.7/3 single-source, numpy 1.8 APIs. Angles in rad, times in robot seconds.
"""
from __future__ import absolute_import, division, print_function

import math

import numpy as np

import motion_quality
import offline_plans
from animate_behaviour.expression import live_signal
from animate_behaviour.planning import human_timing
from people import figures, pepper_traces
from rank_correlation import spearman

# The joints the windows (windows.py) and the figures read: the arms' and the trunk's.
ARMS = tuple(name for side in figures.SIDES for name in figures.arm_joints(side))
JOINTS = ARMS + figures.TORSO + (figures.KNEE,)
# selectedRange's own bounds (configuration keys.py): a spell's amplitude stays inside.
AMPLITUDE = (0.05, 1.0)
# Which arm joint carries which of the trunk's: an arm hanging from a trunk that tilts
# forward turns at the shoulder by the tilt, relative to the trunk, and so for a side tilt.
HANG = (("ShoulderPitch", "HipPitch"), ("ShoulderRoll", "HipRoll"))
# The mood grid's arousals (scripts/benchmark_mood.py's GRID) and its rank correlation goal.
GRID = (-1.0, -0.5, 0.0, 0.5, 1.0)
ORDER_GOAL = 0.9


class RoundClock(object):
    """The robot time offline_plans.Round sets as it asks for each step."""

    def __init__(self):
        self._now = 0.0

    def set(self, now):
        self._now = now

    def now(self):
        return self._now


class Spells(object):
    """``signal``'s Reading at ``clock``'s time, its selected_range and gesture_duration
    each times a factor of its own: log-normal of sigma ``amplitude`` and ``tempo`` (0:
    1), drawn afresh at spells of exponential length, ``length`` s on average, with a
    generator seeded ``seed``; the amplitude kept within AMPLITUDE."""

    def __init__(self, signal, clock, seed, length, amplitude, tempo):
        if length <= 0 or amplitude < 0 or tempo < 0:
            raise ValueError("spells of %r s, sigma %r and %r: the length must be above 0, "
                             "the sigmas at least 0" % (length, amplitude, tempo))
        self._signal = signal
        self._clock = clock
        # A generator of its own: the groups' draw from RandomState(seed + index).
        self._rng = np.random.RandomState([seed & 0x7fffffff, human_timing.seed_of("spells")])
        self._sigmas = (amplitude, tempo)
        self._length = length
        self._ends = []  # each spell's end, in order
        self._factors = []  # each spell's (amplitude, tempo) factors

    def factors(self, at):
        """(amplitude factor, tempo factor) of the spell at ``at`` (s, from 0)."""
        while not self._ends or self._ends[-1] <= at:
            # sigma times a standard normal: numpy 1.8 refuses normal(0, 0).
            self._factors.append(tuple(float(np.exp(sigma * self._rng.standard_normal()))
                                       for sigma in self._sigmas))
            self._ends.append((self._ends[-1] if self._ends else 0.0) +
                              self._rng.exponential(self._length))
        return self._factors[int(np.searchsorted(self._ends, at, side="right"))]

    def now(self):
        reading = self._signal.now()
        amplitude, tempo = self.factors(self._clock.now())
        return reading._replace(
            selected_range=min(max(reading.selected_range * amplitude, AMPLITUDE[0]),
                               AMPLITUDE[1]),
            gesture_duration=reading.gesture_duration * tempo)


class LegsFollow(object):
    """``config`` with legs that follow the live signal's amplitude and tempo as the arms
    do, where the style keeps their sway at the configured ones
    (Configuration.legs_amplitude and legs_tempo)."""

    def __init__(self, config):
        self._config = config

    def __getattr__(self, name):
        return getattr(self._config, name)

    @staticmethod
    def legs_amplitude(selected_range):
        return selected_range

    @staticmethod
    def legs_tempo(gesture_duration):
        return gesture_duration


def commanded(config, seconds, seed, spells=None, legs_follow=True, names=JOINTS,
              model="ease"):
    """The angles of ``names`` ``config`` commands over ``seconds`` from its rest, as
    pepper_traces.commanded, with ``spells`` ((length, amplitude sigma, tempo sigma), drawn
    from ``seed``; None: none), the legs following them if ``legs_follow``: an OrderedDict
    joint -> array at motion_quality.RATE."""
    clock = RoundClock()
    signal = live_signal.steady(config)
    if spells is not None:
        signal = Spells(signal, clock, seed, *spells)
        if legs_follow:
            config = LegsFollow(config)
    plans = offline_plans.Round(config, seed, live=signal, clock=clock).every_group(
        seed, seconds)
    calls = []
    for call in pepper_traces.records(plans):
        kept = [index for index, name in enumerate(call.names) if name in names]
        if kept:
            calls.append(call._replace(**dict(
                (field, [getattr(call, field)[index] for index in kept])
                for field in ("names", "angles", "times", "start_angles"))))
    return motion_quality.rebuild(calls, list(names), lambda moment: moment, 0.0, seconds,
                                  model)


def hanging(angles, share):
    """``angles`` with each arm's joints of HANG carrying ``share`` times the trunk's
    joint's offset from its median (1: an arm that hangs)."""
    found = dict((name, np.array(values, dtype=float)) for name, values in angles.items())
    for arm, trunk in HANG:
        offset = found[trunk] - np.median(found[trunk])
        for side in figures.SIDES:
            found[side + arm] = found[side + arm] + share * offset
    return found


def synchrony(angles):
    """motion_quality's synchrony of ``angles`` (joint -> rad at motion_quality.RATE):
    the mean over the chains of the share of a chain's move onsets another chain's
    accompanies."""
    rate = motion_quality.RATE
    found = motion_quality.synchrony(motion_quality.chain_onsets(
        motion_quality.speeds(angles, rate), rate))
    return float(np.mean(list(found.values())))


def _arms_size(angles):
    """The arms' RMS offset from their median (rad)."""
    arms = np.array([angles[name] for name in ARMS])
    return math.sqrt(np.mean((arms - np.median(arms, axis=1)[:, None]) ** 2))


def _arms_peaks(angles):
    """The arms' speed peaks a second per moving joint (motion_quality)."""
    arms = dict((name, angles[name]) for name in ARMS)
    rate = motion_quality.RATE
    return float(np.mean(list(motion_quality.peaks_per_second(
        motion_quality.speeds(arms, rate), rate).values())))


def _arms_hold(angles):
    """The arms' mean hold (s, motion_quality)."""
    arms = dict((name, angles[name]) for name in ARMS)
    rate = motion_quality.RATE
    return motion_quality.mean_hold(motion_quality.speeds(arms, rate), rate)


# The mood grid's arousal figures (scripts/benchmark_mood.py's FIGURES), read on the arms:
# (name, the sign arousal should give its rho, the figure of angles).
ORDERS = (("RMS offset", 1, _arms_size), ("speed peaks /s", 1, _arms_peaks),
          ("mean hold", -1, _arms_hold))


def arms_order(arousal_angles):
    """Per figure of ORDERS, Spearman's rho of the arms' figure against arousal times the
    sign arousal should give it (1: in order), from {arousal: angles} (each at
    motion_quality.RATE)."""
    arousals = sorted(arousal_angles)
    return tuple(sign * spearman(arousals, [figure(arousal_angles[arousal])
                                            for arousal in arousals])
                 for _name, sign, figure in ORDERS)


def mood_order(style, trials, seconds, spells=None, seed=100):
    """Of ``trials`` mood grids (``seconds`` at each arousal of GRID, valence 0, ``style``,
    the spells on top), how many read each figure of ORDERS in the arousal's order (rho
    at least ORDER_GOAL): (the counts, the rhos per trial)."""
    rhos = []
    for trial in range(trials):
        runs = dict((arousal, commanded(pepper_traces.configuration(style, 0.0, arousal),
                                        seconds, seed + 10 * trial + index, spells))
                    for index, arousal in enumerate(GRID))
        rhos.append(arms_order(runs))
    counts = tuple(sum(1 for rho in rhos if rho[which] >= ORDER_GOAL - 1e-9)
                   for which in range(len(ORDERS)))
    return counts, rhos
