"""Which ALMemory events feed the context, and following them (docs/naoqi.md, "People and
listening events")."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.expression.context import ALONE, ENGAGED, LISTENING

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


def _heard(context, fact, *first):
    """A handler telling ``context`` that ``fact`` was heard, with ``first`` before the
    event's value."""
    return lambda value: context.heard(fact, *(first + (value,)))


def people_handlers(context):
    """(key, handler) for every people event."""
    handlers = [(HUMAN_TRACKED, _heard(context, "human_tracked")),
                (HUMAN_LOST, lambda _value: context.heard("human_tracked", -1)),
                (PEOPLE_LIST, _heard(context, "people_list")),
                (JUST_ARRIVED, _heard(context, "just_arrived")),
                (JUST_LEFT, _heard(context, "just_left"))]
    return handlers + [(key, _heard(context, "zone_entered", zone))
                       for zone, key in enumerate(ZONE_ENTERED, 1)]


def subscribe(context, subscriptions, log):
    """Follow the events ``context``'s reactions need through ``subscriptions``
    (memory_events.MemorySubscriptions); what cannot be followed is logged and left out
    (PRESENT then stands for people who are not followed)."""
    if context.reacts[ENGAGED] or context.reacts[ALONE]:
        if _follow(subscriptions, people_handlers(context), "people", log):
            context.follow_people()
    if context.reacts[LISTENING]:
        _follow(subscriptions, [(RECOGNITION_STATUS, _heard(context, "recognition_status"))],
                "listening", log)


def _follow(subscriptions, handlers, what, log):
    try:
        for key, handler in handlers:
            subscriptions.subscribe(key, handler)
    except RuntimeError as err:
        log.error("cannot watch ALMemory's %s events (%s): Pepper does not react to them"
                  % (what, err))
        return False
    return True
