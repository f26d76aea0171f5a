"""The live signal: what Pepper's mood and context ask of the motion right now, read by
each planner at the moment it plans a move, a hold or a breath.

Its sources, each gliding on its own (ramp.Ramp) and each giving its part the same way
(signal_source.py): the mood set (mood.Mood: ``setMood``, a preset's mood, the
configuration's), the context (context.Context: a person engaged, Pepper alone, Pepper
listening), Pepper's own state (own_state.OwnState: a low battery lowers the arousal)
and the lean toward the engaged person's mood (follow.Follow). Nothing flows back: a
source changing replaces no configuration and drops no plan; the next move, hold or
breath planned simply reads the new values, and a move under way keeps its shape.
"""
from __future__ import absolute_import, division, print_function

import collections
import logging

from animate_behaviour.expression import mood_table
from animate_behaviour.expression.mood import Mood
from animate_behaviour.expression.signal_source import Part
from animate_behaviour.foundation.clock import REAL_TIME

# What a steady mood would log: nothing, it is never set.
_SILENT = logging.getLogger("animateBehaviour.steady")

# What the motion goes by at a moment: the mood Pepper moves by (``valence``,
# ``arousal``: the sources' parts added up); the figures the arousal makes of
# the configuration's (attributes named as the configuration's: amplitude, tempo of
# moves and holds, base turns, breathing rate); ``rest``, the rest posture the valence
# makes of its home (joint -> rad); whether the arms must start no move (Pepper listens)
# and whether the base must start no turn (a person is engaged); ``alone``: how alone
# Pepper is, 0 to 1 (posture_changes: fidgets).
Reading = collections.namedtuple(
    "Reading", "valence arousal selected_range gesture_duration rot_maximum_range "
               "breaths_per_minute rest arms_hold base_holds alone")


class LiveSignal(object):
    """The signal from ``sources`` (a list of sources, signal_source.py, each named once:
    their parts add up in this order) for the configuration ``configuration()`` returns
    now, on ``clock``. Thread-safe (its sources lock)."""

    def __init__(self, configuration, sources, clock):
        names = [source.name for source in sources]
        if len(set(names)) != len(names):
            raise ValueError("the live signal takes each source once, got %s" % names)
        self._configuration = configuration
        self._sources = tuple(sources)
        self._clock = clock
        self._figures = (None, None, None)  # (config, arousal, figures)
        self._rest = (None, None, None, None)  # (config, valence, selectedRange, rest)

    def mood_now(self):
        """The mood Pepper moves by now: [valence, arousal]."""
        part = self._part_at(self._clock.now())
        return [part.valence, part.arousal]

    def _part_at(self, now):
        """The sources' parts at ``now``, each read once, added up: the mood Pepper moves by
        (each axis clipped to the mood table's range; neutral when no source says it)."""
        valence = arousal = None
        arms_hold = base_holds = False
        alone = 0.0
        for source in self._sources:
            part = source.part(now)
            valence, arousal = _added(valence, part.valence), _added(arousal, part.arousal)
            arms_hold = arms_hold or part.arms_hold
            base_holds = base_holds or part.base_holds
            alone = max(alone, part.alone)
        return Part(_clipped(valence), _clipped(arousal), arms_hold, base_holds, alone)

    def arms_hold(self):
        return self._part_at(self._clock.now()).arms_hold

    def base_holds(self):
        return self._part_at(self._clock.now()).base_holds

    def now(self):
        """The Reading now: each source read once."""
        config = self._configuration()
        part = self._part_at(self._clock.now())
        figures = self._figures_at(config, part.arousal)
        return Reading(part.valence, part.arousal, figures["selectedRange"],
                       figures["gestureDuration"], figures["rotMaximumRange"],
                       figures["breathsPerMinute"],
                       self._rest_at(config, part.valence, figures["selectedRange"]),
                       part.arms_hold, part.base_holds, part.alone)

    def _figures_at(self, config, arousal):
        """mood_table.figures, computed again only when the configuration or the arousal
        changed: every step reads the signal, and a steady mood is the usual case."""
        cached = self._figures
        if cached[0] is config and cached[1] == arousal:
            return cached[2]
        figures = mood_table.figures(config, arousal)
        self._figures = (config, arousal, figures)  # one assignment: thread-safe
        return figures

    def _rest_at(self, config, valence, selected_range):
        """The rest posture, computed again only when the configuration, the valence or
        the amplitude changed (a steady mood costs nothing)."""
        cached = self._rest
        if cached[0] is config and cached[1] == valence and cached[2] == selected_range:
            return cached[3]
        rest = mood_table.rest_posture(config, valence, selected_range) if valence != 0.0 \
            else config.home
        self._rest = (config, valence, selected_range, rest)  # one assignment: thread-safe
        return rest


def _added(total, value):
    """``total`` with ``value`` added; None is nothing said (adding 0.0 instead would turn
    a -0.0 into 0.0)."""
    if value is None:
        return total
    return value if total is None else total + value


def _clipped(value):
    return 0.0 if value is None else min(max(value, mood_table.LOW), mood_table.HIGH)


def steady(config, valence=None, arousal=None, clock=None):
    """A signal of ``config`` at a mood that never changes (the configuration's own unless
    given), with nothing around: for tools and tests that plan without an engine."""
    clock = clock or REAL_TIME
    mood = Mood(config.valence if valence is None else valence,
                config.arousal if arousal is None else arousal, clock, _SILENT)
    return LiveSignal(lambda: config, [mood], clock)
