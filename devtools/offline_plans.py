"""Planning without an engine or a clock: a round's streams (styles.py) asked for step after
step as a worker asks, each step beginning where the one before ended, so hours of plans
take seconds and the same seed gives the same steps. For tests and devtools/timing_quality.

Python 2.7/3 single-source, numpy 1.8 APIs.
"""
from __future__ import absolute_import, division, print_function

import collections
import logging

import numpy as np

from animate_behaviour.expression import live_signal, mood
from animate_behaviour.expression.signal_source import Part
from animate_behaviour.foundation.clock import REAL_TIME
from animate_behaviour.planning import breath as breath_module
from animate_behaviour.planning import groups as groups_module
from animate_behaviour.planning import joints, steps, styles
from animate_behaviour.planning.shared import Shared

class Listening(object):
    """A context stand-in: Pepper listens all along (the arms hold and breathe), nobody
    engaged, never alone."""

    name = "context"

    @staticmethod
    def part(_now):
        return Part(arousal=0.0, arms_hold=True)


def in_context(config, context):
    """A signal of ``config``'s steady mood in ``context`` (a context.Context stand-in)."""
    return live_signal.LiveSignal(
        lambda: config, [mood.Mood(config.valence, config.arousal, REAL_TIME,
                                   logging.getLogger("animateBehaviour.offline")), context],
        REAL_TIME)


def listening(config):
    """A signal of ``config``'s steady mood while Pepper listens all along."""
    return in_context(config, Listening())


# A group's plan: the group where the signal puts it when planning began (groups.Shape),
# its steps with the robot time each begins, and where they leave the joints.
Plan = collections.namedtuple("Plan", "shape steps end")


class Round(object):
    """What a round's streams share, for ``config``: the live signal (``live``, by default
    the configuration's steady mood with nothing around), the breath and the schedule
    ``seed`` (shared.Shared): the plans are the engine's, or with ``stream`` (a planner as
    styles.StyleRow.stream, e.g. styles.lifelike_steps) that planner's. With ``clock`` (a
    clock with ``set``, as tests' ManualClock, that ``live`` reads), each step is asked for
    at its own robot time, so a mood set while planning reaches the steps after it."""

    def __init__(self, config, seed, live=None, stream=None, clock=None):
        self.config = config
        self._clock = clock
        self._stream = stream or styles.ROWS[config.motion_style].stream
        self.signal = live or live_signal.steady(config)
        self.breath = breath_module.Breath(
            lambda: breath_module.pace(self.signal.now(), config), seed)
        self.shared = Shared(self.signal, self.breath, seed, lambda _summary: None)
        self.groups = groups_module.build(config, joints.URDF_LIMITS)

    def plan(self, group, rng, seconds, start=None, at=0.0):
        """``group``'s steps over ``seconds`` robot s from ``at``, from ``start`` (its
        angles; by default its rest posture), drawing from ``rng``: a Plan."""
        return self.plans([(group, rng, start)], seconds, at)[group.name]

    def plans(self, planned, seconds, at=0.0):
        """{group name: Plan} of each (group, rng, start) of ``planned`` (a start of None:
        the group's rest posture), asked for their steps in the order of the times the
        steps begin, as the round's workers ask (they share the breath, which keeps only
        the last minutes of breaths)."""
        streams, shapes, begins, found = [], {}, {}, {}
        for group, rng, start in planned:
            shape = group.shape(self.signal.now())
            begin = shape.home if start is None else np.asarray(start, dtype=float)
            streams.append([at, group.name, self._stream(group, self.config, rng, begin,
                                                         self.shared)])
            shapes[group.name], begins[group.name], found[group.name] = shape, begin, []
        while streams:
            streams.sort(key=lambda each: each[0])
            moment, name, stream = streams[0]
            if moment >= at + seconds:
                streams.pop(0)
                continue
            if self._clock is not None:
                self._clock.set(moment)
            step = stream.next(moment)
            found[name].append((moment, step))
            streams[0][0] = moment + step.duration
        return collections.OrderedDict(
            (name, Plan(shapes[name], found[name], _end(begins[name], found[name])))
            for name in found)

    def every_group(self, seed, seconds, starts=None, at=0.0):
        """{group name: Plan} of every group, each drawing from a generator of its own
        (seeded ``seed`` plus its index), from ``starts`` ({name: angles}) or its rest."""
        return self.plans([(group, np.random.RandomState(seed + index),
                            (starts or {}).get(group.name))
                           for index, group in enumerate(self.groups)], seconds, at)


def _end(begin, planned):
    """Where ``planned`` ((at, step) ...) leaves joints that began at ``begin``."""
    moves = [step for _at, step in planned if isinstance(step, steps.Move)]
    return moves[-1].end if moves else begin  # a breath call's other columns stay put
