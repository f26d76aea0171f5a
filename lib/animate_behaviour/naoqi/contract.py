"""What the robot provides, looked up once at start, before anything is subscribed (an
``ALMemory.subscriber`` creates any key it does not know, so a missing event would then
pass for a silent one): every ALMemory event a reaction follows (``getEventList``, less
those an earlier run's subscriptions created, memory_events.declared; those absent now are
noted so before anything subscribes), every service it uses, and whether Autonomous Life
runs in a state that runs ALMood (solitary or interactive: ALMood has no data otherwise). The data keys read when an event comes
(``EngagementZones/PeopleInZone1``) are not looked up: an extractor writes them once it
runs, which our subscription may only just have started. Each reaction's live and absent inputs go to getStatus; what cannot
work is logged once, in plain words (docs/naoqi.md, "People and listening events").
"""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.expression import own_state_signs
from animate_behaviour.naoqi import context_events, memory_events, speech

SERVICE = "service"
EVENT = "event"
LIFE = "Autonomous Life"
# The states of Autonomous Life in which it runs ALMood (docs/naoqi.md, "ALMood").
MOOD_STATES = ("solitary", "interactive")
MOOD = "ALMood"

# An input of a reaction: its kind, its name, and what its absence costs, in words.
Input = collections.namedtuple("Input", "kind name without")
# A reaction (or ability) with the configuration attribute that turns it on (None: always
# on) and its inputs.
Need = collections.namedtuple("Need", "reaction attribute inputs")

_TRACKED = "a person tracked by basic awareness is not known"
_NEAR = "a person near (engagement zone 1) is not known"
_ALONE = "Pepper never counts as alone"
_LISTENING = "Pepper's listening is not known: the arms do not hold for it"
_SPEECH = "the arms do not step aside for speech"
_FOLLOW = "the person's mood is not followed"
NEEDS = (
    Need("engaged", "react_to_people", (
        Input(SERVICE, "ALBasicAwareness", _TRACKED),
        Input(EVENT, context_events.HUMAN_TRACKED, _TRACKED),
        Input(EVENT, context_events.HUMAN_LOST, _TRACKED),
        Input(SERVICE, "ALPeoplePerception", _NEAR),
        Input(SERVICE, "ALEngagementZones", _NEAR),
        Input(EVENT, context_events.ZONES_UPDATED, _NEAR))),
    Need("alone", "react_to_absence", (
        Input(SERVICE, "ALPeoplePerception", _ALONE),
        Input(EVENT, context_events.PEOPLE_LIST, _ALONE),
        Input(EVENT, context_events.JUST_ARRIVED, _ALONE),
        Input(EVENT, context_events.JUST_LEFT, _ALONE))),
    Need("listening", "react_to_listening", (
        Input(SERVICE, "ALSpeechRecognition", _LISTENING),
        Input(EVENT, context_events.RECOGNITION_STATUS, _LISTENING))),
    Need("speech", "yield_to_speech", (Input(SERVICE, "ALTextToSpeech", _SPEECH),) + tuple(
        Input(EVENT, key, _SPEECH) for key in speech.KEYS)),
    Need("followMood", "follow_person_mood", (
        Input(SERVICE, MOOD, _FOLLOW),
        Input(LIFE, "on", "Autonomous Life is not solitary or interactive: ALMood has no "
                          "data, so " + _FOLLOW))),
    Need("ownState", None, tuple(Input(EVENT, sign.key, sign.without)
                                 for sign in own_state_signs.SIGNS if sign.event)),
)


def look_up(config, memory, service, life, log):
    """{reaction: {"live": [input names], "absent": [input names]}} for the reactions
    ``config`` turns on, from ``memory`` (an ALMemory proxy, or None), ``service(name)``
    (a proxy or None) and ``life`` (ALAutonomousLife, or None); each reaction with an
    absent input logged once on ``log``, with what it costs."""
    wanted = [need for need in NEEDS
              if need.attribute is None or getattr(config, need.attribute)]
    events = _events(memory, log)
    services = {}
    found = collections.OrderedDict()
    for need in wanted:
        live, absent = [], []
        for item in need.inputs:
            if item.kind == SERVICE:
                if item.name not in services:
                    services[item.name] = service(item.name) is not None
                there = services[item.name]
            elif item.kind == EVENT:
                there = events is not None and item.name in events
            else:
                there = _life_on(life, log)
            (live if there else absent).append(item.name if item.kind != LIFE else LIFE)
        found[need.reaction] = collections.OrderedDict([("live", live), ("absent", absent)])
        if absent:
            costs = []
            for item in need.inputs:
                if (item.name if item.kind != LIFE else LIFE) in absent and \
                        item.without not in costs:
                    costs.append(item.without)
            log.warning("%s: %s missing on this robot: %s" % (
                need.reaction, ", ".join(absent), "; ".join(costs)))
    _note(memory, [item.name for need in wanted for item in need.inputs
                   if item.kind == EVENT], events, log)
    return found


def _note(memory, keys, events, log):
    """Note the events of ``keys`` not declared (``events``), before our subscriptions
    create them, so that a later look-up still finds them absent."""
    if events is None:
        return
    try:
        memory_events.note_created(memory, keys, events)
    except RuntimeError as err:
        log.error("cannot note the undeclared events in ALMemory (%s): once subscribed, "
                  "they read as declared until NAOqi restarts" % err)


def _events(memory, log):
    """The declared events, or None when ALMemory cannot say."""
    if memory is None:
        return None
    try:
        return memory_events.declared(memory)
    except RuntimeError as err:
        log.error("ALMemory.getEventList failed (%s): the events followed are not checked"
                  % err)
        return None


def _life_on(life, log):
    if life is None:
        return False
    try:
        return life.getState() in MOOD_STATES
    except RuntimeError as err:
        log.error("ALAutonomousLife.getState failed (%s): taken as disabled" % err)
        return False
