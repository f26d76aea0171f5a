"""What ALMemory's events say about who is around and whether Pepper listens: the facts,
each with when it was last heard, kept true to the events however they arrive.

* **tracked**: basic awareness tracks a person (``ALBasicAwareness/HumanTracked`` with
  the person's id; -1 or ``ALBasicAwareness/HumanLost`` when it stops: HumanLost
  carries no id, so one heard less than BURST s after a tracking began is taken for an
  older tracking's, late, and ends nothing);
* **near**: people in engagement zone 1, near and in front (the list
  ``EngagementZones/PeopleInZone1``, read at each ``PeopleInZonesUpdated``);
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
for good. Times are clock times of the context's clock; not thread-safe (the context
locks).
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.foundation.compat import INTEGER_TYPES, is_text

# ALSpeechRecognition/Status values: listening goes on through the first three.
LISTENING_STATUS = ("ListenOn", "SpeechDetected", "EndOfProcess")
NOT_LISTENING_STATUS = ("ListenOff", "Idle", "Stop")
# A fact heard of no more expires after (robot s): a person's (a lost JustLeft or
# HumanLost), listening's (a lost ListenOff), as speech.STALE_AFTER does for speech.
STALE_PEOPLE = 300.0
STALE_LISTENING = 60.0
# A population list keeps the people heard of this recently (robot s): it may be older
# than the event that brought them.
BURST = 1.0

# The facts at a moment: a person engaged (tracked or near), someone present, Pepper
# listening, Pepper alone (people followed, nobody for ``alone_after`` s).
Now = collections.namedtuple("Now", "engaged present listening alone")


def person(value):
    """A person id from an event's value, or None (-1 and what is not a whole number)."""
    if isinstance(value, bool) or not isinstance(value, INTEGER_TYPES):
        return None
    return int(value) if value >= 0 else None


class Facts(object):
    """The facts on ``clock``, Pepper counting as alone ``alone_after`` robot s after the
    last person was seen (only once ``people_followed`` is set: without people events
    nobody can be seen), starting at clock time ``now``."""

    def __init__(self, clock, alone_after, now):
        self._clock = clock
        self._alone_after = alone_after
        self.people_followed = False
        self._present = {}  # person id -> clock time last heard of
        self._gone = set()  # ids people perception said left
        self._tracked = None  # (person id, clock time) basic awareness tracks
        self._near = {}  # person id in zone 1 -> clock time
        self._listening = None  # clock time of the last listening status, None: not
        self._last_seen = now

    # -- events ------------------------------------------------------------------------

    def human_tracked(self, value, now):
        found = person(value)
        if found is None:
            self._tracked = None
        elif found not in self._gone:
            self._tracked = (found, now)
            self._present[found] = now

    def human_lost(self, now):
        if self._tracked is not None and self._clock.elapsed(self._tracked[1], now) > BURST:
            self._tracked = None

    def zone_one(self, value, now):
        if not isinstance(value, (list, tuple)):
            return  # not a list of ids: nothing to learn from it
        near = set(found for found in map(person, value) if found is not None) - self._gone
        self._near = dict((found, now) for found in near)
        for found in near:
            self._present[found] = now

    def people_list(self, value, now):
        if not isinstance(value, (list, tuple)):
            return  # not a list of ids: nothing to learn from it
        people = set(found for found in map(person, value) if found is not None)
        for found, heard in list(self._present.items()):
            if found not in people and self._clock.elapsed(heard, now) > BURST:
                del self._present[found]
        for found in people - self._gone:
            self._present[found] = now

    def just_arrived(self, value, now):
        found = person(value)
        if found is not None and found not in self._gone:
            self._present[found] = now

    def just_left(self, value, now):
        found = person(value)
        if found is None:
            return
        self._gone.add(found)
        self._present.pop(found, None)
        self._near.pop(found, None)
        if self._tracked is not None and self._tracked[0] == found:
            self._tracked = None

    def recognition_status(self, value, now):
        if not is_text(value):
            return
        if value in LISTENING_STATUS:
            self._listening = now
        elif value in NOT_LISTENING_STATUS:
            self._listening = None

    # -- reading -----------------------------------------------------------------------

    def at(self, now):
        """The facts at ``now`` (a Now), stale ones dropped first."""
        def fresh(heard, stale):
            return self._clock.elapsed(heard, now) <= stale
        self._present = dict((found, heard) for found, heard in self._present.items()
                             if fresh(heard, STALE_PEOPLE))
        self._near = dict((found, heard) for found, heard in self._near.items()
                          if fresh(heard, STALE_PEOPLE))
        if self._tracked is not None and not fresh(self._tracked[1], STALE_PEOPLE):
            self._tracked = None
        if self._listening is not None and not fresh(self._listening, STALE_LISTENING):
            self._listening = None
        engaged = self._tracked is not None or bool(self._near)
        present = engaged or bool(self._present)
        if present:
            self._last_seen = now
        alone = (self.people_followed and not present
                 and self._clock.elapsed(self._last_seen, now) >= self._alone_after)
        return Now(engaged, present, self._listening is not None, alone)

    def next_change(self, now, alone):
        """Robot s until the facts may change with no event (Pepper becoming alone, a fact
        expiring; ``alone``: whether Pepper is alone now), None for never."""
        deadlines = []
        if self.people_followed and not alone and not (
                self._tracked or self._near or self._present):
            deadlines.append(self._alone_after - self._clock.elapsed(self._last_seen, now))
        heard = list(self._present.values()) + list(self._near.values())
        if self._tracked is not None:
            heard.append(self._tracked[1])
        deadlines += [STALE_PEOPLE - self._clock.elapsed(time, now) for time in heard]
        if self._listening is not None:
            deadlines.append(STALE_LISTENING - self._clock.elapsed(self._listening, now))
        return max(0.0, min(deadlines)) if deadlines else None
