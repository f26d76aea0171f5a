"""Stand-ins for what ALPeoplePerception, ALEngagementZones, ALBasicAwareness and
ALSpeechRecognition raise on ALMemory while a visitor comes, talks and goes
(docs/naoqi.md, "People and listening events").

Python 2.7/3 single-source: they raise through an ALMemory stand-in's ``raise_event``
(pepper_sim.memory.FakeMemory in-process, or SimulatedRobot's served memory, whose
subscribers are real qi.Signals), so every subscriber hears them as on NAOqi::

    people = People(memory)
    people.arrive(7)         # JustArrived 7, PeopleList [7]
    people.approach(7)       # PersonEnteredZone1 7, PeopleInZone1 [7] ...,
                             # PeopleInZonesUpdated
    people.track(7)          # ALBasicAwareness/HumanTracked 7
    people.leave(7)          # HumanTracked -1, HumanLost, into zone 3, JustLeft 7,
                             # PeopleList []
    listening = Listening(memory)
    listening.start(); listening.hear(); listening.stop()

As on NAOqi, the extractors publish only while subscribed: with ``perception`` and
``zones`` (pepper_sim.perception.FakeExtractor: ALPeoplePerception, ALEngagementZones),
people perception's events come only while it has a subscriber, and the zones' only
while both have (ALEngagementZones' page: "It will only work if ALPeoplePerception has
also been subscribed to"). HumanLost carries no value (its callback has none).
Choices where NAOqi is silent: the order of the events raised together (as listed);
leaving through zone 3 before leaving the population.
"""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.naoqi import context_events


class People(object):
    """The population people perception keeps, the engagement zone of each person, and
    the events of their changes."""

    def __init__(self, memory, perception=None, zones=None):
        self._memory = memory
        self._perception = perception
        self._zones = zones
        self._lock = threading.Lock()
        self.present = []
        self.zone_of = {}  # person -> engagement zone (1, 2 or 3)

    def _raise(self, key, value, source):
        perceiving = self._perception is None or self._perception.publishing()
        publishing = {"ALPeoplePerception": perceiving,
                      "ALEngagementZones": perceiving and (self._zones is None or
                                                           self._zones.publishing())}
        if publishing.get(source, True):
            self._memory.raise_event(key, value, source)

    def arrive(self, person):
        with self._lock:
            self.present.append(person)
            present = list(self.present)
        self._raise(context_events.JUST_ARRIVED, person, "ALPeoplePerception")
        self._raise(context_events.PEOPLE_LIST, present, "ALPeoplePerception")

    def approach(self, person, zone=1):
        """The person enters engagement zone ``zone`` (1 near and in front): the zone's
        event, then the lists of the people in each zone and their update event."""
        with self._lock:
            self.zone_of[person] = zone
        self._raise(context_events.ZONE_ENTERED[zone - 1], person, "ALEngagementZones")
        self._zones_updated()

    def _zones_updated(self):
        """EngagementZones/PeopleInZone1..3 written, then PeopleInZonesUpdated."""
        with self._lock:
            lists = [sorted(who for who, where in self.zone_of.items() if where == number)
                     for number in (1, 2, 3)]
        for key, ids in zip(context_events.PEOPLE_IN_ZONES, lists):
            self._raise(key, ids, "ALEngagementZones")
        self._raise(context_events.ZONES_UPDATED, None, "ALEngagementZones")

    def track(self, person):
        self._raise(context_events.HUMAN_TRACKED, person, "ALBasicAwareness")

    def lose(self):
        """Basic awareness stops tracking (-1, then HumanLost)."""
        self._raise(context_events.HUMAN_TRACKED, -1, "ALBasicAwareness")
        self.lost()

    def lost(self):
        """ALBasicAwareness/HumanLost: "the person tracked can no longer be found for some
        time" (raised alone: late, say)."""
        self._raise(context_events.HUMAN_LOST, None, "ALBasicAwareness")

    def leave(self, person):
        """The person walks away: lost, out to zone 3, then out of the population."""
        self.lose()
        self.approach(person, 3)
        with self._lock:
            self.present.remove(person)
            self.zone_of.pop(person, None)
            present = list(self.present)
        self._raise(context_events.JUST_LEFT, person, "ALPeoplePerception")
        self._raise(context_events.PEOPLE_LIST, present, "ALPeoplePerception")
        self._zones_updated()


class Listening(object):
    """ALSpeechRecognition's status while an app listens and someone speaks."""

    def __init__(self, memory):
        self._memory = memory

    def _status(self, value):
        self._memory.raise_event(context_events.RECOGNITION_STATUS, value, "ALSpeechRecognition")

    def start(self):
        self._status("ListenOn")

    def hear(self):
        """Someone says something: detected, then processed; listening goes on (whether
        NAOqi raises ListenOn again after EndOfProcess is not documented: not raised)."""
        self._status("SpeechDetected")
        self._status("EndOfProcess")

    def stop(self):
        self._status("ListenOff")
        self._status("Idle")
