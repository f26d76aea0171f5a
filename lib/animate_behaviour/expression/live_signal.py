"""The live signal: what Pepper's mood and context ask of the motion right now, read by
each planner at the moment it plans a move, a hold or a breath.

Sources, each gliding on its own (ramp.Ramp): the mood set (mood.Mood: ``setMood``, a
preset's mood, the configuration's), the context (context.Context: a person engaged,
Pepper alone, Pepper listening) and the lean toward the engaged person's mood
(follow.Follow), and Pepper's own state (own_state.OwnState: a low battery lowers the
arousal). Nothing flows back: a source changing replaces no
configuration and drops no plan; the next move, hold or breath planned simply reads the
new values, and a move under way keeps its shape.
"""
from __future__ import absolute_import, division, print_function

import collections
import logging

from animate_behaviour.expression import mood_table
from animate_behaviour.expression.context import Reading as ContextReading
from animate_behaviour.expression.mood import Mood
from animate_behaviour.foundation.clock import REAL_TIME

# What the motion goes by at a moment: the mood Pepper moves by (``valence``,
# ``arousal``: the mood set plus the context's offset); the figures the arousal makes of
# the configuration's (attributes named as the configuration's: amplitude, tempo of
# moves and holds, base turns, breathing rate); ``rest``, the rest posture the valence
# makes of its home (joint -> rad); whether the arms must start no move (Pepper listens)
# and whether the base must start no turn (a person is engaged); ``alone``: how alone
# Pepper is, 0 to 1 (posture_changes: fidgets).
# What a steady mood would log: nothing, it is never set.
_SILENT = logging.getLogger("animateBehaviour.steady")

Reading = collections.namedtuple(
    "Reading", "valence arousal selected_range gesture_duration rot_maximum_range "
               "breaths_per_minute rest arms_hold base_holds alone")


# Without a context: no reaction.
NO_CONTEXT = ContextReading(0.0, False, False, 0.0)


class LiveSignal(object):
    """The signal from ``mood`` (mood.Mood), ``context`` (context.Context, or None: no
    reactions), ``follow`` (follow.Follow, or None: not followed) and ``own_state``
    (own_state.OwnState, or None) for the configuration ``configuration()`` returns now,
    on ``clock``. Thread-safe (its sources lock)."""

    def __init__(self, configuration, mood, context, clock, follow=None, own_state=None):
        self._configuration = configuration
        self._mood = mood
        self._context = context
        self._follow = follow
        self._own_state = own_state
        self._clock = clock
        self._figures = (None, None, None)  # (config, arousal, figures)
        self._rest = (None, None, None, None)  # (config, valence, selectedRange, rest)

    def mood_now(self):
        """The mood Pepper moves by now: [valence, arousal]."""
        return list(self._mood_at(self._clock.now()))

    def _mood_at(self, now, context=None):
        """(valence, arousal) Pepper moves by at ``now``; ``context``: the context's
        Reading then, if already read."""
        valence, arousal = self._mood.at(now)
        if self._context is not None:
            arousal += (context or self._context.reading(now)).arousal_offset
        if self._own_state is not None:
            arousal += self._own_state.arousal_offset()
        if self._follow is not None:
            lean = self._follow.offset(now)
            valence, arousal = valence + lean[0], arousal + lean[1]
        return tuple(min(max(value, mood_table.LOW), mood_table.HIGH)
                     for value in (valence, arousal))

    def _context_at(self, now):
        return NO_CONTEXT if self._context is None else self._context.reading(now)

    def arms_hold(self):
        return self._context_at(self._clock.now()).arms_hold

    def base_holds(self):
        return self._context_at(self._clock.now()).base_holds

    def now(self):
        """The Reading now: the context read once."""
        config = self._configuration()
        now = self._clock.now()
        context = self._context_at(now)
        valence, arousal = self._mood_at(now, context)
        figures = self._figures_at(config, arousal)
        return Reading(valence, arousal, figures["selectedRange"], figures["gestureDuration"],
                       figures["rotMaximumRange"], figures["breathsPerMinute"],
                       self._rest_at(config, valence, figures["selectedRange"]),
                       context.arms_hold, context.base_holds, context.alone)

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


def steady(config, valence=None, arousal=None, clock=None):
    """A signal of ``config`` at a mood that never changes (the configuration's own unless
    given), with nothing around: for tools and tests that plan without an engine."""
    clock = clock or REAL_TIME
    mood = Mood(config.valence if valence is None else valence,
                config.arousal if arousal is None else arousal, clock, _SILENT)
    return LiveSignal(lambda: config, mood, None, clock)
