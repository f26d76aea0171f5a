"""Stand-ins for NAOqi 2.5's perception services as their reference pages document them
(docs/naoqi.md, "People and listening events", "Extractors", "ALMood"):

* :class:`FakeExtractor` (ALPeoplePerception, ALEngagementZones): an extractor publishes
  only while someone has subscribed to it (``subscribe(name)``, ``subscribe(name, period,
  precision)``, ``unsubscribe(name)``; ``getSubscribersInfo()`` lists [name, period,
  precision]; ``getCurrentPeriod()`` the smallest period asked). Autonomous Life
  subscribes them in its solitary state only (pepper_sim.autonomous_life).
* :class:`FakeMood` (ALMood): ``currentPersonState()`` (valence in [-1, 1], attention,
  smile and expressions in [0, 1], each with a confidence) and ``ambianceState()``, the
  room's agitation; it has data only while Autonomous Life is not disabled ("When
  ALAutonomousLife is on, ALMood estimates..."), else every value is 0 with confidence 0.
  How a struct reaches Python over qi is not documented: a mapping here, as the page
  writes it.
* :class:`FakeService`: ALBasicAwareness and ALSpeechRecognition, for presence only (what
  they raise, People and Listening in pepper_sim.people raise on ALMemory).

Python 2.7/3 single-source.
"""
from __future__ import absolute_import, division, print_function

import copy
import threading

# The Autonomous Life states that run ALMood (NAOqi 2.5's extractors management page:
# ALMood runs in "Solitary & Interactive").
MOOD_STATES = ("solitary", "interactive")

# The default period (ms) and precision of ALExtractor::subscribe(name).
DEFAULT_PERIOD = 30
DEFAULT_PRECISION = 1.0
# ALMood's neutral reading, and its structure (ALMood::currentPersonState).
EXPRESSIONS = ("calm", "anger", "joy", "sorrow", "laughter", "excitement", "surprise")


def value_confidence(value, confidence):
    return {"value": float(value), "confidence": float(confidence)}


def person_state(valence=0.0, attention=0.0, confidence=0.0):
    """A PersonState as ALMood's page writes it."""
    return {"valence": value_confidence(valence, confidence),
            "attention": value_confidence(attention, confidence),
            "bodyLanguageState": {"ease": {"level": 0.0, "confidence": 0.0}},
            "smile": value_confidence(0.0, 0.0),
            "expressions": dict((name, value_confidence(0.0, 0.0)) for name in EXPRESSIONS)}


class FakeExtractor(object):
    """An ALExtractor: ``subscribers`` (name -> [period, precision]) and whether it
    publishes (``publishing()``, a test helper). ``name`` is the module's. Thread-safe."""

    def __init__(self, name):
        self.name = name
        self._lock = threading.Lock()
        self.subscribers = {}
        self.calls = []

    def publishing(self):
        with self._lock:
            return bool(self.subscribers)

    def subscribe(self, subscribedName, period=DEFAULT_PERIOD, precision=DEFAULT_PRECISION):
        with self._lock:
            self.calls.append(("subscribe", subscribedName))
            self.subscribers[subscribedName] = [int(period), float(precision)]

    def unsubscribe(self, subscribedName):
        with self._lock:
            self.calls.append(("unsubscribe", subscribedName))
            if subscribedName not in self.subscribers:
                raise RuntimeError("%s::unsubscribe: %s is not a subscriber"
                                   % (self.name, subscribedName))
            del self.subscribers[subscribedName]

    def getSubscribersInfo(self):
        with self._lock:
            return [[name, period, precision]
                    for name, (period, precision) in sorted(self.subscribers.items())]

    def getCurrentPeriod(self):
        with self._lock:
            return min([period for period, _precision in self.subscribers.values()]
                       or [DEFAULT_PERIOD])


class FakeMood(object):
    """ALMood: the focused person's state and the room's ambiance, as set by the test
    (``feel``, ``set_ambiance``); ``life`` (a FakeAutonomousLife, or None: on) says
    whether Autonomous Life is on. ``calls`` records the questions asked."""

    def __init__(self, life=None):
        self._life = life
        self._lock = threading.Lock()
        self._person = person_state()
        self._ambiance = 0.0
        self.calls = []

    def feel(self, valence, attention=0.5, confidence=0.8):
        """The focused person now: valence in [-1, 1], attention in [0, 1]."""
        with self._lock:
            self._person = person_state(valence, attention, confidence)

    def set_ambiance(self, agitation):
        """The room's agitation in [0, 1] (0 calm, 1 excited)."""
        with self._lock:
            self._ambiance = float(agitation)

    def _on(self):
        """Whether Autonomous Life runs ALMood: in its solitary and interactive states."""
        return self._life is None or self._life.getState() in MOOD_STATES

    def currentPersonState(self):
        with self._lock:
            self.calls.append("currentPersonState")
            return copy.deepcopy(self._person) if self._on() else person_state()

    def ambianceState(self):
        with self._lock:
            self.calls.append("ambianceState")
            agitation = self._ambiance if self._on() else 0.0
            return {"agitationLevel": agitation, "calmLevel": 1.0 - agitation}


class FakeService(object):
    """A service that is there (ALBasicAwareness, ALSpeechRecognition): what it raises
    goes through ALMemory (pepper_sim.people)."""

    def __init__(self, name):
        self.name = name

    def isEnabled(self):
        return True
