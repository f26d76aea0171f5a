"""Pepper's own state: what its body allows the animation now, a source of the live signal.

Pepper docks, rests, falls, gets pushed, has a chain or a feature disabled, runs low on
battery, stands on a slope. NAOqi announces each of these (naoqi/own_state_events.py
follows its events and keys; docs/naoqi.md, "Pepper's own day"), and each part of the
animation (a joint group, by its joints, or the base) asks :meth:`OwnState.hold` what it
must do: the first hold of own_state_signs.HOLDS that applies to it gives its state and
the reason. What each sign sets, and the holds each fact makes, are rows of one registry
(own_state_signs); own_state_rules says which hold wins.

    paused     a fall, Autonomous Life's safeguard, a push: nothing moves; an obstacle
               near an arm: that arm
    resting    Pepper rests (someone called rest(), or a reflex did): nothing is sent
               into limp joints, and the package never wakes Pepper up itself
    disabled   ALMotion disabled the part's chain ("Body": every part)
    waiting    every part, at home: the battery empty; the base: the charging flap open,
               docked, close to the charging station, moves disabled, battery low; the
               legs: on a slope (NAOqi adapts the posture itself), the charging flap
               open (the wheels neither locked nor powered)

A low battery also lowers the arousal (``batteryLowArousal``), so what still moves moves
less. Facts change on ALMemory's threads, one sign at a time, each replacing the facts
whole, so that readers take no lock (a sender asks as the last look before a call leaves,
holding its own); ``on_change()`` runs (no lock held) whenever one did, so that the
workers look again. No NAOqi here: the edge hands in the facts.
"""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.expression import own_state_signs as signs
from animate_behaviour.expression.sign_values import BadValue
from animate_behaviour.expression.signal_source import Part
from animate_behaviour.foundation.shown import shown


class OwnState(object):
    """Pepper's own state on ``clock`` (foundation.clock), with ``battery_low_arousal``
    (the configuration's ``batteryLowArousal``); logs each change once on ``log``."""

    name = "ownState"

    def __init__(self, battery_low_arousal, clock, log, on_change=None):
        self._battery_low_arousal = battery_low_arousal
        self._clock = clock
        self._log = log
        self._on_change = on_change
        self._lock = threading.Lock()
        self._facts = signs.FIRST
        self._bad = set()  # the keys whose bad value was logged

    def set_listener(self, on_change):
        """``on_change()`` runs after each change of a fact (the engine wakes its parts)."""
        self._on_change = on_change

    # -- what NAOqi says (ALMemory's threads, and the read at enable) -------------------

    def heard(self, sign, value):
        """``sign``'s (a row of own_state_signs.SIGNS) ``value``, from its event or a read:
        the facts it sets are replaced at once; a value of another shape is logged once
        for the sign and ignored."""
        try:
            read = sign.read(value)
        except BadValue as err:
            if sign.key not in self._bad:
                self._bad.add(sign.key)
                self._log.error("%s: %s is %s, ignored (NAOqi 2.5 documents another shape)"
                                % (sign.key, shown(value), err))
            return
        now = self._clock.now()
        with self._lock:  # one change at a time; readers see the old facts or the new
            before = self._facts
            self._facts = before._replace(**dict(
                (each.fact.name, each.to(read, before, now)) for each in sign.sets))
            after = self._facts
        if after.key() == before.key():
            return
        for line, warn in after.words(before):
            (self._log.warning if warn else self._log.info)("Pepper's own state: %s" % line)
        if self._on_change is not None:
            self._on_change()

    # -- reading (workers, homing, the signal, getStatus) ---------------------------------

    @property
    def facts(self):
        """The facts as last heard (own_state_signs.Facts, immutable)."""
        return self._facts

    def move_failure_since(self, since):
        """The cause of the last ALMotion/MoveFailed heard at or after clock time
        ``since``, else None."""
        failure = self._facts.move_failure
        if failure is None or self._clock.elapsed(since, failure[1]) < 0:
            return None
        return failure[0]

    def hold(self, names, base=False):
        """The Hold (own_state_rules.Hold) for the part of joints ``names`` (the base:
        ``base``, with its legs' joints), or None when it may move. Takes no lock (the
        facts are replaced whole, never changed): a sender asks it as the last look before
        a call leaves, holding its own."""
        return signs.hold(self._facts, names, base, self._since)

    def part(self, _now):
        """The live signal's part (signal_source.Part): what Pepper's state adds to the
        arousal, batteryLowArousal while the battery is low (the facts as last heard)."""
        return Part(arousal=self._battery_low_arousal if self._facts.battery_low else 0.0)

    def report(self):
        """getStatus's "ownState": each fact as last heard."""
        return self._facts.report(self._since)

    def _since(self, time):
        """Robot s since clock time ``time``."""
        return self._clock.elapsed(time, self._clock.now())
