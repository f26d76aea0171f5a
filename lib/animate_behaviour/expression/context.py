"""What happens around Pepper as one named state, and what each reaction asks of the
motion (a source of the live signal, live_signal.py): the facts (facts.py) from ALMemory's
events (context_events.py; docs/naoqi.md, "People and listening events").

States, first that holds: LISTENING; ENGAGED (tracked or near); PRESENT (someone
perceived, or seen less than ``aloneAfter`` ago, or people events not followed at all);
ALONE. Each reaction (ENGAGED, LISTENING, ALONE) has a weight in [0, 1] that glides to 1
while its fact holds and its configuration key (``reactToPeople``, ``reactToListening``,
``reactToAbsence``) is on, and to 0 otherwise, over RAMPS seconds (ramp.Ramp, read at any
moment). What the motion reads, in one look (``part(now)``, its part of the live
signal): whether the base and the
arms hold (at once, no ramp: a turn or a move that starts is whole), what the context adds
to the mood's arousal (ENGAGED_AROUSAL times engaged's weight: smaller, rarer moves, never
none; plus ``aloneArousal`` times alone's) and how alone Pepper is.
"""
from __future__ import absolute_import, division, print_function

import collections
import threading

from animate_behaviour.expression.facts import Facts
from animate_behaviour.expression.ramp import Ramp
from animate_behaviour.expression.signal_source import Part
from animate_behaviour.foundation.clock import Ticker

ALONE = "alone"
PRESENT = "present"
ENGAGED = "engaged"
LISTENING = "listening"
STATES = (ALONE, PRESENT, ENGAGED, LISTENING)
REACTIONS = (ENGAGED, LISTENING, ALONE)

# (rise, fall) of each reaction's weight, robot s. Engaged settles in over two seconds
# (a passer-by tracked for a moment barely shows); listening shows at once (the arms'
# hold does not wait for it); alone settles over a minute and is gone within a second
# of someone appearing.
RAMPS = {ENGAGED: (2.0, 2.0), LISTENING: (0.25, 0.25), ALONE: (60.0, 0.5)}
# The arousal offset at full engagement: the mood table's -0.5 point, calm's figures
# (amplitude x 0.6, moves starting 1 / 1.6 as often): attentive, not frozen.
ENGAGED_AROUSAL = -0.5


class Context(object):
    """The context on ``clock`` (foundation.clock), with ``config``'s keys
    (reactToPeople, reactToListening, reactToAbsence, aloneAfter, aloneArousal; read once:
    preferences are read at start and presets never set them). ``on_change()`` runs (on
    the caller's thread, no lock held) when the state changes, so that the workers look
    again at what they may do. Events come on ALMemory's threads; thread-safe."""

    name = "context"

    def __init__(self, config, clock, log, on_change):
        self._clock = clock
        self._log = log
        self._on_change = on_change
        self.reacts = {ENGAGED: config.react_to_people, LISTENING: config.react_to_listening,
                       ALONE: config.react_to_absence}
        self._alone_arousal = config.alone_arousal
        self._verbose = config.verbose  # a crowd changes the state often: debug lines only
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)  # notified when the state changes
        now = clock.now()
        self._facts = Facts(clock, 60.0 * config.alone_after, now)
        self._weights = dict((name, Ramp(0.0, clock, now)) for name in REACTIONS)
        self._state = PRESENT
        self._ticker = Ticker(clock, self.tick, "animateBehaviour.context")

    # -- events (ALMemory's threads) -----------------------------------------------------

    def follow_people(self):
        """People events are followed from now on: Pepper may come to be alone."""
        with self._lock:
            self._facts.people_followed = True
        self._ticker.wake()

    def heard(self, fact, *values):
        """An event: ``fact`` (a Facts method's name) with its values; the state follows."""
        def change(now):
            getattr(self._facts, fact)(*(values + (now,)))
        self.tick(change)
        self._ticker.wake()  # the next deadline may have moved

    # -- reading (the signal, the workers, getStatus) -------------------------------------

    def part(self, now):
        """What the context asks of the motion at clock time ``now``, in one look (the live
        signal reads it at every step): a signal_source.Part, adding to the arousal only."""
        with self._lock:
            facts = self._facts.at(now)
            return Part(
                arousal=ENGAGED_AROUSAL * self._weights[ENGAGED].at(now)
                + self._alone_arousal * self._weights[ALONE].at(now),
                arms_hold=self.reacts[LISTENING] and facts.listening,
                base_holds=self.reacts[ENGAGED] and facts.engaged,
                alone=self._weights[ALONE].at(now))

    @property
    def state(self):
        with self._lock:
            return self._state

    def wait_state(self, state, timeout):
        """Wait until the state is ``state``; whether it was within ``timeout`` wall
        seconds (for tests and tools: it waits on a Condition)."""
        deadline = self._clock.now() + timeout
        with self._changed:
            while self._state != state:
                remaining = deadline - self._clock.now()
                if remaining <= 0:
                    return False
                self._changed.wait(remaining)
            return True

    def report(self):
        """getStatus's "context": {"state": ..., "weights": {reaction: weight}}."""
        self.tick()
        with self._lock:
            now = self._clock.now()
            return collections.OrderedDict([
                ("state", self._state),
                ("weights", collections.OrderedDict(
                    (name, round(self._weights[name].at(now), 3)) for name in REACTIONS))])

    # -- the state machine ---------------------------------------------------------------

    def tick(self, change=None):
        """Apply ``change(now)`` to the facts (an event) if given, derive the state at
        the clock's time and aim the weights; returns the robot s until the facts may
        change with no event (None for never)."""
        with self._lock:
            now = self._clock.now()
            if change is not None:
                change(now)
            facts = self._facts.at(now)
            before = self._state
            self._state = (LISTENING if facts.listening else ENGAGED if facts.engaged
                           else ALONE if facts.alone else PRESENT)
            holds = {ENGAGED: facts.engaged, LISTENING: facts.listening, ALONE: facts.alone}
            for name in REACTIONS:
                self._weights[name].aim_at_rate(1.0 if holds[name] and self.reacts[name]
                                                else 0.0, now, *RAMPS[name])
            after = self._state
            if after != before:
                self._changed.notify_all()
            deadline = self._facts.next_change(now, facts.alone)
        if after != before:
            if self._verbose:
                self._log.debug("context: %s -> %s" % (before, after))
            self._on_change()
        return deadline

    def start(self):
        self._ticker.start()

    def close(self, timeout):
        """Stop the thread; whether it ended within ``timeout`` wall seconds."""
        return self._ticker.close(timeout)
