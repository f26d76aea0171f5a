"""Stand-ins for what ALPeoplePerception, ALEngagementZones, ALBasicAwareness and
ALSpeechRecognition raise on ALMemory while a visitor comes, talks and goes
(docs/naoqi.md, "People and listening events").

Python 2.7/3 single-source: they raise through an ALMemory stand-in's ``raise_event``
(pepper_sim.memory.FakeMemory in-process, or SimulatedRobot's served memory, whose
subscribers are real qi.Signals), so every subscriber hears them as on NAOqi::

    people = People(memory)
    people.arrive(7)         # JustArrived 7, PeopleList [7]
    people.approach(7)       # EngagementZones/PersonEnteredZone1 7
    people.track(7)          # ALBasicAwareness/HumanTracked 7
    people.leave(7)          # HumanTracked -1, HumanLost, PersonEnteredZone3 7, JustLeft 7,
                             # PeopleList []
    listening = Listening(memory)
    listening.start(); listening.hear(); listening.stop()

Choices where NAOqi is silent: the order of the events raised together (as listed);
HumanLost's value (the id lost); leaving through zone 3 before leaving the population.
"""
from __future__ import absolute_import, division, print_function

import threading

from animate_behaviour.naoqi import context_events


class People(object):
    """The population people perception keeps, and the events of its changes."""

    def __init__(self, memory):
        self._memory = memory
        self._lock = threading.Lock()
        self.present = []

    def _raise(self, key, value, source):
        self._memory.raise_event(key, value, source)

    def arrive(self, person):
        with self._lock:
            self.present.append(person)
            present = list(self.present)
        self._raise(context_events.JUST_ARRIVED, person, "ALPeoplePerception")
        self._raise(context_events.PEOPLE_LIST, present, "ALPeoplePerception")

    def approach(self, person, zone=1):
        """The person enters engagement zone ``zone`` (1 near and in front)."""
        self._raise(context_events.ZONE_ENTERED[zone - 1], person, "ALEngagementZones")

    def track(self, person):
        self._raise(context_events.HUMAN_TRACKED, person, "ALBasicAwareness")

    def lose(self, person):
        """Basic awareness stops tracking the person (-1, then HumanLost)."""
        self._raise(context_events.HUMAN_TRACKED, -1, "ALBasicAwareness")
        self._raise(context_events.HUMAN_LOST, person, "ALBasicAwareness")

    def leave(self, person):
        """The person walks away: lost, out to zone 3, then out of the population."""
        self.lose(person)
        self.approach(person, 3)
        with self._lock:
            self.present.remove(person)
            present = list(self.present)
        self._raise(context_events.JUST_LEFT, person, "ALPeoplePerception")
        self._raise(context_events.PEOPLE_LIST, present, "ALPeoplePerception")


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
