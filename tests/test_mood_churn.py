"""A mood set anew every second (a tablet's slider dragged about, a dialog setting it on each
line) keeps the arms moving as a steady mood does: every change glides (MOOD_RAMP) and each
step reads the mood where it has glided to, so no change restarts a hold or stills an arm.
Offline plans (devtools/offline_plans) on a ManualClock moved to each step's time."""
from __future__ import absolute_import, division, print_function

import logging

import numpy as np
import pytest

import offline_plans
from animate_behaviour import configuration as config_module
from animate_behaviour.expression import live_signal, mood
from animate_behaviour.planning import steps
from helpers.manual_clock import ManualClock

SECONDS = 300.0
CORNERS = ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1))
ARMS = ("leftArm", "rightArm")


def _figures(plan):
    """(share of the time in motion calls, longest stretch of rests in s) of a Plan."""
    moving = sum(step.duration for _at, step in plan.steps if isinstance(step, steps.Move))
    longest = stretch = 0.0
    for _at, step in plan.steps:
        stretch = 0.0 if isinstance(step, steps.Move) else stretch + step.duration
        longest = max(longest, stretch)
    return moving / SECONDS, longest


def _arms(config, seed, live=None, clock=None):
    plans = offline_plans.Round(config, seed, live=live, clock=clock).every_group(seed,
                                                                                 SECONDS)
    return [_figures(plans[name]) for name in ARMS]


class Churn(object):
    """A ManualClock whose mood is set to a new random point at each whole second."""

    def __init__(self, seed):
        self.clock = ManualClock(start=0.0)
        self.mood = mood.Mood(0.0, 0.0, self.clock, logging.getLogger("test.churn"))
        self._rng = np.random.RandomState(seed)
        self._second = 0

    def set(self, now):
        while self._second <= now:
            self.mood.set(*self._rng.uniform(-1.0, 1.0, 2))
            self._second += 1
        self.clock.set(now)

    def now(self):
        return self.clock.now()


@pytest.mark.parametrize("style", ["lifelike", "specification"])
def test_a_mood_set_every_second_keeps_the_arms_moving_as_a_steady_one(style):
    steady = [figures for valence, arousal in CORNERS for figures in _arms(
        config_module.from_mapping({"motionStyle": style, "valence": str(valence),
                                    "arousal": str(arousal)}), 3)]
    config = config_module.from_mapping({"motionStyle": style})
    churn = Churn(7)
    live = live_signal.LiveSignal(lambda: config, [churn.mood], churn)
    least_moving = min(moving for moving, _still in steady)
    longest_still = max(still for _moving, still in steady)
    for moving, still in _arms(config, 3, live, churn):
        assert moving >= 0.9 * least_moving
        assert still <= 2.0 * longest_still + 0.5
