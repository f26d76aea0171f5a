"""The ALMemory events and keys that say what Pepper's body allows (docs/naoqi.md,
"Pepper's own day"), handed to expression.own_state.OwnState: the signs of
expression.own_state_signs' registry.

Each event sign is followed while the service runs; those whose last value ALMemory keeps
(a data key, or an event carrying a value) are also read once when the animation is
enabled, since Pepper may already be docked, resting or in safeguard. ALMotion has no
getter for its disabled devices and features: their events' last values are all there is.
"""
from __future__ import absolute_import, division, print_function

from animate_behaviour.expression.own_state_signs import SIGNS

EVENTS = tuple(sign.key for sign in SIGNS if sign.event)


class OwnStateEvents(object):
    """Hands ``memory``'s (an ALMemory proxy) signs to ``own_state`` (own_state.OwnState);
    logs on ``log``."""

    def __init__(self, memory, own_state, log):
        self._memory = memory
        self._own_state = own_state
        self._log = log

    def subscribe(self, subscriptions):
        """Follow every event sign through ``subscriptions`` (memory_events); what cannot
        be followed is logged, with what it costs."""
        for sign in SIGNS:
            if not sign.event:
                continue
            try:
                subscriptions.subscribe(sign.key, lambda value, sign=sign: self._event(sign, value))
            except RuntimeError as err:
                self._log.error("cannot watch %s (%s): %s" % (sign.key, err, sign.without))

    def read_now(self):
        """Read the signs ALMemory keeps a value of (one round trip; a key it does not have
        is left as it was: NAOqi has not announced that state since it started)."""
        signs = [sign for sign in SIGNS if sign.at_enable]
        try:
            values = self._memory.getListData([sign.key for sign in signs])
        except RuntimeError:
            values = [self._get(sign.key) for sign in signs]
        for sign, value in zip(signs, values):
            if value is not None:
                self._own_state.heard(sign, value)

    def _get(self, key):
        try:
            return self._memory.getData(key)
        except RuntimeError:
            return None  # never raised since NAOqi started: nothing to say

    def _event(self, sign, value):
        """``sign``'s event: a state's value as ALMemory holds it now (the event's if it
        cannot say), whatever order the events came in."""
        if sign.state:
            now = self._get(sign.key)
            value = now if now is not None else value
        self._own_state.heard(sign, value)
