"""The mood set: what ``setMood``, a preset's mood or the configuration's say Pepper feels,
and its glide from the mood before (a source of the live signal, live_signal.py).

Two numbers, ``valence`` (how pleasant) and ``arousal`` (how energetic), each in [-1, 1]
(mood_table.py says what they do to the motion). A change glides linearly over MOOD_RAMP
robot seconds from where the mood set was at that moment: :meth:`Mood.part` gives it at any
time, so every planner reads it when it plans and no thread steps it.
"""
from __future__ import absolute_import, division, print_function

import collections
import math
import threading

from animate_behaviour import configuration as config_module
from animate_behaviour.expression.mood_table import AXES, HIGH, LOW
from animate_behaviour.expression.ramp import Ramp
from animate_behaviour.expression.signal_source import Part
from animate_behaviour.foundation.compat import INTEGER_TYPES

# A change of mood glides over this many robot seconds.
MOOD_RAMP = 3.0


class MoodError(ValueError):
    """A mood that cannot be set; the message says what was wrong and what is allowed."""


def checked(valence, arousal):
    """(valence, arousal) as floats; MoodError naming the bad value and what is allowed
    (a number, not a boolean, in [-1, 1], not NaN)."""
    result = []
    for axis, value in zip(AXES, (valence, arousal)):
        if isinstance(value, bool) or not isinstance(value, INTEGER_TYPES + (float,)):
            raise MoodError("%s must be a number in [-1, 1], got %s (%s)" % (
                axis, config_module.shown_value(value), type(value).__name__))
        value = float(value)
        if math.isnan(value) or not LOW <= value <= HIGH:
            raise MoodError("%s = %s is not allowed: a number in [-1, 1] (-1 low, 0 neutral, "
                            "1 high)" % (axis, config_module.shown_value(value)))
        result.append(value)
    return tuple(result)


class Mood(object):
    """The mood set, starting at (``valence``, ``arousal``), gliding on ``clock``
    (foundation.clock); logs on ``logger``. Listeners hear ``(valence, arousal)`` each
    time the mood set changes, in the order of the changes, one at a time, even when
    clients set it at once (a tablet showing moodChanged shows the mood set last).
    Thread-safe: its lock is taken inside LiveConfiguration's (presets.py: a new preset's
    mood), never the other way round, and listeners are called with it released."""

    name = "mood"

    def __init__(self, valence, arousal, clock, logger):
        self._clock = clock
        self._log = logger
        self._lock = threading.Lock()
        self._listeners = []
        self._unheard = collections.deque()  # changes made, not yet told the listeners
        self._telling = threading.Lock()  # held by the one thread telling the listeners
        now = clock.now()
        self._set = checked(valence, arousal)
        self._ramps = [Ramp(value, clock, now) for value in self._set]

    # -- reading ---------------------------------------------------------------------

    def get(self):
        """The mood set: [valence, arousal]."""
        with self._lock:
            return list(self._set)

    def part(self, now):
        """The live signal's part (signal_source.Part): the mood set at clock time ``now``,
        on its way while a change glides."""
        with self._lock:
            return Part(*(ramp.at(now) for ramp in self._ramps))

    def remaining(self):
        """Robot seconds until the mood set has glided to its last change (0: there)."""
        now = self._clock.now()
        with self._lock:
            return max(ramp.remaining(now) for ramp in self._ramps)

    def wait_reached(self, timeout):
        """Wait until the mood set has glided to its last change; whether it had within
        ``timeout`` wall seconds (for tests and tools: it waits on the clock)."""
        deadline = self._clock.now() + timeout
        while True:
            remaining = self.remaining()
            if remaining <= 0.0:
                return True
            if self._clock.now() >= deadline:
                return False
            self._clock.wait(self._clock.event(), remaining)

    def describe(self):
        """A line for the start-up banner."""
        valence, arousal = self.get()
        return "mood: valence %.2f, arousal %.2f" % (valence, arousal)

    def add_listener(self, callback):
        self._listeners.append(callback)

    def remove_listener(self, callback):
        self._listeners.remove(callback)

    # -- changing --------------------------------------------------------------------

    def set(self, valence, arousal):
        """Set the mood; MoodError (nothing changes) if a value is not a number in
        [-1, 1]. Pepper glides to it over MOOD_RAMP s. It holds until it is set again or
        another preset is chosen."""
        chosen = checked(valence, arousal)
        if self._change(chosen):
            self._log.info("mood set: valence %.2f, arousal %.2f; Pepper glides to it over "
                           "%.0f s" % (chosen[0], chosen[1], MOOD_RAMP))

    def on_configuration(self, config, previous):
        """A LiveConfiguration listener: when another preset is chosen or the
        configuration's mood changed, its mood becomes the mood set."""
        mood = (float(config.valence), float(config.arousal))
        if config.preset != previous.preset or mood != (float(previous.valence),
                                                        float(previous.arousal)):
            self._change(mood)

    def _change(self, mood):
        """Glide to ``mood`` from where the mood set is now; whether it changed (the
        listeners then hear it)."""
        with self._lock:
            if mood == self._set:
                return False
            self._set = mood
            now = self._clock.now()
            for ramp, value in zip(self._ramps, mood):
                ramp.aim(value, now, MOOD_RAMP)
            self._unheard.append(mood)
        self._tell()
        return True

    def _tell(self):
        """Tell the listeners every change not yet heard, in order. A thread that finds
        another telling leaves its change to it rather than wait (a listener may set the
        mood itself): the teller looks again once it lets go, so no change goes
        unheard."""
        while self._telling.acquire(False):
            try:
                while True:
                    with self._lock:
                        if not self._unheard:
                            break
                        mood = self._unheard.popleft()
                    for callback in list(self._listeners):
                        callback(mood[0], mood[1])
            finally:
                self._telling.release()
            with self._lock:
                if not self._unheard:
                    return
