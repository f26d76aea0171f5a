"""What happens around Pepper, from the ALMemory events NAOqi 2.5 raises anyway
(docs/naoqi.md, "People and listening events"): one named state, and a weight per
reaction that ramps in and out on the engine's clock.

Facts, each from its events:

* **tracked**: basic awareness tracks a person (``ALBasicAwareness/HumanTracked`` with
  the person's id; -1 or ``ALBasicAwareness/HumanLost`` when it stops);
* **near**: people in engagement zone 1, near and in front
  (``EngagementZones/PersonEnteredZone1``; entering zone 2 or 3 takes a person out);
* **present**: people perception's population (``PeoplePerception/PeopleList``,
  ``JustArrived``, ``JustLeft``);
* **listening**: speech recognition listens (``ALSpeechRecognition/Status`` from
  "ListenOn" until "ListenOff", "Idle" or "Stop"; "SpeechDetected" and "EndOfProcess"
  happen while it listens and do not end it).

libqi delivers ALMemory's notifications on several threads, so a burst may arrive out
of order: a person whose ``JustLeft`` was heard (people perception gives every newcomer
a new id) is never brought back by an older event about them, and a population list
drops no one heard of less than BURST s before it. A fact not heard of again expires
(STALE_PEOPLE, STALE_LISTENING), so a lost event cannot stop the base or hold the arms
for good.

States, first that holds: LISTENING; ENGAGED (tracked or near); PRESENT (someone
perceived, or seen less than ``aloneAfter`` ago, or people events not followed at all);
ALONE. Each reaction (ENGAGED, LISTENING, ALONE) has a weight in [0, 1] that ramps to 1
while its fact holds and its configuration key (``reactToPeople``, ``reactToListening``,
``reactToAbsence``) is on, and to 0 otherwise, over RAMPS seconds. What the workers read:
``base_holds()`` and ``arms_hold()`` (at once, no ramp: a turn or a move that starts is
whole) and, through the mood (``arousal_offset()``, mood.Mood's seam), a lower arousal
while engaged (ENGAGED_AROUSAL: smaller, rarer moves, never none) and while alone
(``aloneArousal``).
"""
from __future__ import absolute_import, division, print_function

import collections
import math
import threading

from animate_behaviour.clock import Ticker
from animate_behaviour.compat import INTEGER_TYPES, is_text

ALONE = "alone"
PRESENT = "present"
ENGAGED = "engaged"
LISTENING = "listening"
STATES = (ALONE, PRESENT, ENGAGED, LISTENING)
REACTIONS = (ENGAGED, LISTENING, ALONE)

HUMAN_TRACKED = "ALBasicAwareness/HumanTracked"
HUMAN_LOST = "ALBasicAwareness/HumanLost"
ZONE_ENTERED = ("EngagementZones/PersonEnteredZone1", "EngagementZones/PersonEnteredZone2",
                "EngagementZones/PersonEnteredZone3")
PEOPLE_LIST = "PeoplePerception/PeopleList"
JUST_ARRIVED = "PeoplePerception/JustArrived"
JUST_LEFT = "PeoplePerception/JustLeft"
PEOPLE_KEYS = (HUMAN_TRACKED, HUMAN_LOST) + ZONE_ENTERED + (PEOPLE_LIST, JUST_ARRIVED,
                                                            JUST_LEFT)
RECOGNITION_STATUS = "ALSpeechRecognition/Status"
# ALSpeechRecognition/Status values: listening goes on through the first three.
LISTENING_STATUS = ("ListenOn", "SpeechDetected", "EndOfProcess")
NOT_LISTENING_STATUS = ("ListenOff", "Idle", "Stop")

# (rise, fall) of each reaction's weight, robot s. Engaged settles in over two seconds
# (a passer-by tracked for a moment barely shows); listening shows at once (the arms'
# hold does not wait for it); alone settles over a minute and is gone within a second
# of someone appearing.
RAMPS = {ENGAGED: (2.0, 2.0), LISTENING: (0.25, 0.25), ALONE: (60.0, 0.5)}
# The arousal offset at full engagement: the mood table's -0.5 point, calm's figures
# (amplitude x 0.6, moves starting 1 / 1.6 as often): attentive, not frozen.
ENGAGED_AROUSAL = -0.5
# Alone settles in this many equal steps of the mood over its ramp, each taken at once
# (one retune): every retune makes the groups plan anew, and a plan begins with a hold,
# so a mood retuned every half second for a minute would hold the arms that long.
ALONE_STEPS = 4
# A fact heard of no more expires after (robot s): a person's (a lost JustLeft or
# HumanLost), listening's (a lost ListenOff), as speech.STALE_AFTER does for speech.
STALE_PEOPLE = 300.0
# How long (robot s) the mood takes one of alone's steps: its MOOD_STEP, one retune.
STEP_RAMP = 0.5
STALE_LISTENING = 60.0
# A population list keeps the people heard of this recently (robot s): it may be older
# than the event that brought them.
BURST = 1.0


def _person(value):
    """A person id from an event's value, or None (-1 and what is not a whole number)."""
    if isinstance(value, bool) or not isinstance(value, INTEGER_TYPES):
        return None
    return int(value) if value >= 0 else None


class Ramp(object):
    """A weight in [0, 1] heading to its target at 1/``rise`` per robot s up and
    1/``fall`` down, on ``clock``."""

    def __init__(self, rise, fall, clock, now):
        self._rise = rise
        self._fall = fall
        self._clock = clock
        self._from = 0.0
        self.target = 0.0
        self._since = now

    def at(self, now):
        duration = self._rise if self.target > self._from else self._fall
        moved = self._clock.elapsed(self._since, now) / duration
        if self.target > self._from:
            return min(self.target, self._from + moved)
        return max(self.target, self._from - moved)

    def aim(self, target, now):
        """Head for ``target`` from where the weight is; returns the seconds it takes
        (0 if it is there)."""
        if target == self.target:
            return 0.0
        self._from = self.at(now)
        self.target = target
        self._since = now
        return abs(target - self._from) * (self._rise if target > self._from else self._fall)


class Context(object):
    """The context from ALMemory's events, on ``clock`` (animate_behaviour.clock), with
    ``config``'s keys (reactToPeople, reactToListening, reactToAbsence, aloneAfter,
    aloneArousal; read once: preferences are read at start and presets never set them).
    ``on_change()`` runs (on the caller's thread, no lock held) when what the workers
    read changes; listeners hear ``ramp`` (robot s) when the arousal offset changes,
    ramp being how long its change takes. Events come on ALMemory's threads;
    thread-safe."""

    def __init__(self, config, clock, log, on_change):
        self._clock = clock
        self._log = log
        self._on_change = on_change
        self._reacts = {ENGAGED: config.react_to_people, LISTENING: config.react_to_listening,
                        ALONE: config.react_to_absence}
        self._alone_after = 60.0 * config.alone_after
        self._alone_arousal = config.alone_arousal
        self._verbose = config.verbose  # a crowd changes the state often: debug lines only
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)  # notified when the state changes
        now = clock.now()
        self._present = {}  # person id -> clock time last heard of
        self._gone = set()  # ids people perception said left
        self._tracked = None  # (person id, clock time) basic awareness tracks
        self._near = {}  # person id in zone 1 -> clock time
        self._listening = None  # clock time of the last listening status, None: not
        self._last_seen = now
        self._people_followed = False
        self._ramps = dict((name, Ramp(RAMPS[name][0], RAMPS[name][1], clock, now))
                           for name in REACTIONS)
        self._state = PRESENT
        self._offset = 0.0
        self._listeners = []
        self._ticker = Ticker(clock, self.tick, "animateBehaviour.context")

    # -- following ALMemory ------------------------------------------------------------

    def subscribe(self, subscriptions):
        """Follow the events the enabled reactions need through ``subscriptions``
        (memory_events.MemorySubscriptions); what cannot be followed is logged and
        left out (PRESENT then stands for people who are not followed)."""
        if self._reacts[ENGAGED] or self._reacts[ALONE]:
            handlers = [(HUMAN_TRACKED, self.on_human_tracked),
                        (HUMAN_LOST, lambda _value: self.on_human_tracked(-1)),
                        (PEOPLE_LIST, self.on_people_list),
                        (JUST_ARRIVED, self.on_just_arrived),
                        (JUST_LEFT, self.on_just_left)]
            handlers += [(key, self._zone_handler(zone))
                         for zone, key in enumerate(ZONE_ENTERED, 1)]
            if self._follow(subscriptions, handlers, "people"):
                with self._lock:
                    self._people_followed = True
        if self._reacts[LISTENING]:
            self._follow(subscriptions, [(RECOGNITION_STATUS, self.on_recognition_status)],
                         "listening")

    def _follow(self, subscriptions, handlers, what):
        try:
            for key, handler in handlers:
                subscriptions.subscribe(key, handler)
        except RuntimeError as err:
            self._log.error("cannot watch ALMemory's %s events (%s): Pepper does not "
                            "react to them" % (what, err))
            return False
        return True

    def _zone_handler(self, zone):
        return lambda value: self.on_zone_entered(zone, value)

    def on_human_tracked(self, value):
        person = _person(value)

        def change(now):
            if person is None:
                self._tracked = None
            elif person not in self._gone:
                self._tracked = (person, now)
                self._present[person] = now
        self._update(change)

    def on_zone_entered(self, zone, value):
        person = _person(value)

        def change(now):
            if person is None or person in self._gone:
                return
            self._present[person] = now
            if zone == 1:
                self._near[person] = now
            else:
                self._near.pop(person, None)
        self._update(change)

    def on_people_list(self, value):
        if not isinstance(value, (list, tuple)):
            return  # not a list of ids: nothing to learn from it
        people = set(person for person in map(_person, value) if person is not None)

        def change(now):
            for person, heard in list(self._present.items()):
                if person not in people and self._clock.elapsed(heard, now) > BURST:
                    del self._present[person]
            for person in people - self._gone:
                self._present[person] = now
        self._update(change)

    def on_just_arrived(self, value):
        person = _person(value)

        def change(now):
            if person is not None and person not in self._gone:
                self._present[person] = now
        self._update(change)

    def on_just_left(self, value):
        person = _person(value)

        def change(now):
            if person is None:
                return
            self._gone.add(person)
            self._present.pop(person, None)
            self._near.pop(person, None)
            if self._tracked is not None and self._tracked[0] == person:
                self._tracked = None
        self._update(change)

    def on_recognition_status(self, value):
        if not is_text(value):
            return

        def change(now):
            if value in LISTENING_STATUS:
                self._listening = now
            elif value in NOT_LISTENING_STATUS:
                self._listening = None
        self._update(change)

    # -- reading (the workers, the mood, getStatus) --------------------------------------

    def base_holds(self):
        """Whether the base must not start a turn: a person is engaged."""
        with self._lock:
            return self._reacts[ENGAGED] and self._facts(self._clock.now())[0]

    def arms_hold(self):
        """Whether the arms and hands must start no move: Pepper listens."""
        with self._lock:
            return self._reacts[LISTENING] and self._facts(self._clock.now())[2]

    def arousal_offset(self):
        """What the context adds to the mood's arousal (the mood ramps there over the
        time listeners are told): engaged's at its weight's target, alone's by steps."""
        with self._lock:
            return self._offset

    def _aimed_offset(self, now):
        """The offset the weights aim at now (under the lock): while alone's weight
        rises, alone's offset by ALONE_STEPS steps, the first as it starts, the last
        a step before the weight is full."""
        alone = self._ramps[ALONE]
        level = alone.target
        if alone.target > 0.0:
            level = min(1.0, (math.floor(alone.at(now) * ALONE_STEPS + 1e-9) + 1)
                        / ALONE_STEPS)
        return ENGAGED_AROUSAL * self._ramps[ENGAGED].target + self._alone_arousal * level

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
                    (name, round(self._ramps[name].at(now), 3)) for name in REACTIONS))])

    def add_listener(self, callback):
        self._listeners.append(callback)

    def remove_listener(self, callback):
        self._listeners.remove(callback)

    # -- the state machine ---------------------------------------------------------------

    def _facts(self, now):
        """(engaged, present, listening, alone) at ``now``, stale facts dropped (under
        the lock)."""
        def fresh(heard, stale):
            return self._clock.elapsed(heard, now) <= stale
        self._present = dict((person, heard) for person, heard in self._present.items()
                             if fresh(heard, STALE_PEOPLE))
        self._near = dict((person, heard) for person, heard in self._near.items()
                          if fresh(heard, STALE_PEOPLE))
        if self._tracked is not None and not fresh(self._tracked[1], STALE_PEOPLE):
            self._tracked = None
        if self._listening is not None and not fresh(self._listening, STALE_LISTENING):
            self._listening = None
        engaged = self._tracked is not None or bool(self._near)
        present = engaged or bool(self._present)
        if present:
            self._last_seen = now
        alone = (self._people_followed and not present
                 and self._clock.elapsed(self._last_seen, now) >= self._alone_after)
        return engaged, present, self._listening is not None, alone

    def _refresh(self, now):
        """Derive the state and aim the weights from the facts (under the lock); returns
        (the state before, the offset's ramp in s or None if the offset did not change)."""
        engaged, _present, listening, alone = self._facts(now)
        before = self._state
        if listening:
            self._state = LISTENING
        elif engaged:
            self._state = ENGAGED
        elif alone:
            self._state = ALONE
        else:
            self._state = PRESENT
        holds = {ENGAGED: engaged, LISTENING: listening, ALONE: alone}
        ramps = dict((name, self._ramps[name].aim(
            1.0 if holds[name] and self._reacts[name] else 0.0, now)) for name in REACTIONS)
        offset = self._aimed_offset(now)
        if offset == self._offset:
            return before, None
        self._offset = offset
        # Engaged's ramp, or alone's fall; alone's steps at once.
        changed = [ramps[name] for name in (ENGAGED, ALONE) if ramps[name]
                   and not (name == ALONE and self._ramps[ALONE].target > 0.0)]
        return before, (min(changed) if changed else STEP_RAMP)

    def tick(self, change=None):
        """Apply ``change(now)`` to the facts (an event) if given, derive the state at
        the clock's time and tell who needs to know; returns the next deadline (robot s
        until the facts may change with no event, None for never)."""
        with self._lock:
            now = self._clock.now()
            if change is not None:
                change(now)
            before, ramp = self._refresh(now)
            after = self._state
            deadline = self._next_deadline(now)
            if after != before:
                self._changed.notify_all()
        self._announce(before, after, ramp)
        return deadline

    def _update(self, change):
        self.tick(change)
        self._ticker.wake()  # the next deadline may have moved

    def _announce(self, before, after, ramp):
        if before != after:
            if self._verbose:
                self._log.debug("context: %s -> %s" % (before, after))
            self._on_change()
        if ramp is not None:
            for callback in list(self._listeners):
                callback(ramp)

    # -- time: becoming alone, stale facts -------------------------------------------------

    def start(self):
        self._ticker.start()

    def close(self, timeout):
        """Stop the thread; whether it ended within ``timeout`` wall seconds."""
        return self._ticker.close(timeout)

    def _next_deadline(self, now):
        """Robot s until the facts may change with no event (under the lock): Pepper
        becoming alone, a fact expiring; None for never."""
        deadlines = []
        if self._people_followed and self._state != ALONE and not (
                self._tracked or self._near or self._present):
            deadlines.append(self._alone_after - self._clock.elapsed(self._last_seen, now))
        heard = [heard for heard in self._present.values()] + list(self._near.values())
        if self._tracked is not None:
            heard.append(self._tracked[1])
        deadlines += [STALE_PEOPLE - self._clock.elapsed(time, now) for time in heard]
        if self._listening is not None:
            deadlines.append(STALE_LISTENING - self._clock.elapsed(self._listening, now))
        alone = self._ramps[ALONE]
        if alone.target > 0.0 and alone.at(now) < 1.0:  # the next of its steps
            weight = alone.at(now)
            step = (math.floor(weight * ALONE_STEPS + 1e-9) + 1) / ALONE_STEPS
            deadlines.append((step - weight) * RAMPS[ALONE][0])
        return max(0.0, min(deadlines)) if deadlines else None
