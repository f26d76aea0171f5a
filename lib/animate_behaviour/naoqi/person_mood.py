"""Reading the engaged person's mood from ALMood for the follow (expression.follow): once
a second while a person is engaged, as often as ALMood updates it ("At each ALMood time
period, every 1s by default"), nothing otherwise (docs/naoqi.md, "ALMood").

``currentPersonState()`` gives the focused person's valence with its confidence, and
``ambianceState()`` the room's agitation. How their structs reach Python over qi is not
documented: a mapping of the names the page writes, or a (value, confidence) pair, is
read; anything else is logged once and read as no person.
"""
from __future__ import absolute_import, division, print_function

from animate_behaviour.expression.follow import Perceived
from animate_behaviour.foundation.clock import Ticker
from animate_behaviour.foundation.compat import INTEGER_TYPES

PERIOD = 1.0
_NUMBERS = INTEGER_TYPES + (float,)


def _number(value):
    if isinstance(value, bool) or not isinstance(value, _NUMBERS):
        raise ValueError("not a number: %r" % (value,))
    return float(value)


def _pair(item):
    """(value, confidence) of a ValueConfidence, as a mapping or a pair."""
    if isinstance(item, dict):
        return _number(item["value"]), _number(item["confidence"])
    value, confidence = item
    return _number(value), _number(confidence)


def perceived(state, ambiance):
    """A Perceived from ALMood's answers; ValueError if they are not shaped as its page
    writes them."""
    try:
        valence, confidence = _pair(state["valence"])
        agitation = _number(ambiance["agitationLevel"] if isinstance(ambiance, dict)
                            else ambiance[0])
    except (KeyError, IndexError, TypeError) as err:
        raise ValueError("%s: %r" % (type(err).__name__, err))
    return Perceived(valence, agitation, confidence)


class MoodReader(object):
    """Reads ``almood`` (an ALMood proxy) every PERIOD robot s on ``clock`` while
    ``engaged()`` says a person is engaged, and tells ``follow`` (expression.follow.Follow)
    what it perceived; ``wake()`` when that may have changed. Logs on ``log``."""

    def __init__(self, almood, follow, engaged, clock, log):
        self._almood = almood
        self._follow = follow
        self._engaged = engaged
        self._log = log
        self._failing = False
        self._ticker = Ticker(clock, self._tick, "animateBehaviour.personMood")

    def start(self):
        self._ticker.start()

    def wake(self):
        self._ticker.wake()

    def close(self, timeout):
        return self._ticker.close(timeout)

    def _tick(self):
        if not self._engaged():
            self._follow.released()
            return None  # until the context wakes us
        try:
            reading = perceived(self._almood.currentPersonState(),
                                self._almood.ambianceState())
        except (RuntimeError, ValueError) as err:
            if not self._failing:
                self._log.error("ALMood cannot be read (%s): the person's mood is not "
                                "followed until it can" % err)
            self._failing = True
            self._follow.released()
            return PERIOD
        if self._failing:
            self._log.info("ALMood is read again: the person's mood is followed")
        self._failing = False
        self._follow.perceived(reading)
        return PERIOD
