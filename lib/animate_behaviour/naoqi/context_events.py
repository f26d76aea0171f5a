"""Which ALMemory events feed the context, and following them (docs/naoqi.md, "People and
listening events").

A person is near when ALEngagementZones lists them in zone 1: on each
``EngagementZones/PeopleInZonesUpdated`` ("raised when the memory keys containing the
list of people IDs in each zone have been updated") the list
``EngagementZones/PeopleInZone1`` is read (one getData), the documented state, rather
than followed through the PersonEnteredZone edges, whose losses would leave a person
near for good."""
from __future__ import absolute_import, division, print_function

from animate_behaviour.expression.context import ALONE, ENGAGED, LISTENING

HUMAN_TRACKED = "ALBasicAwareness/HumanTracked"
HUMAN_LOST = "ALBasicAwareness/HumanLost"
# The zones' edges (raised by NAOqi, not followed: the lists below are the state).
ZONE_ENTERED = ("EngagementZones/PersonEnteredZone1", "EngagementZones/PersonEnteredZone2",
                "EngagementZones/PersonEnteredZone3")
ZONES_UPDATED = "EngagementZones/PeopleInZonesUpdated"
PEOPLE_IN_ZONES = ("EngagementZones/PeopleInZone1", "EngagementZones/PeopleInZone2",
                   "EngagementZones/PeopleInZone3")
PEOPLE_LIST = "PeoplePerception/PeopleList"
JUST_ARRIVED = "PeoplePerception/JustArrived"
JUST_LEFT = "PeoplePerception/JustLeft"
RECOGNITION_STATUS = "ALSpeechRecognition/Status"
# What each reaction's facts come from: the events followed, the data read, the NAOqi
# services that raise or write them (naoqi/contract.py looks each one up at start).
PEOPLE_EVENTS = (HUMAN_TRACKED, HUMAN_LOST, ZONES_UPDATED, PEOPLE_LIST, JUST_ARRIVED,
                 JUST_LEFT)
PEOPLE_DATA = (PEOPLE_IN_ZONES[0],)
LISTENING_EVENTS = (RECOGNITION_STATUS,)


def _heard(context, fact, *first):
    """A handler telling ``context`` that ``fact`` was heard, with ``first`` before the
    event's value."""
    return lambda value: context.heard(fact, *(first + (value,)))


def people_handlers(context, memory, log):
    """(key, handler) for every people event; zone 1's list is read from ``memory`` (an
    ALMemory proxy) when the zones are updated."""
    def zones_updated(_value):
        try:
            near = memory.getData(PEOPLE_IN_ZONES[0])
        except RuntimeError as err:
            log.error("ALMemory.getData(%s) failed (%s): who is near is not known until "
                      "the next update" % (PEOPLE_IN_ZONES[0], err))
            return
        context.heard("zone_one", near)
    return [(HUMAN_TRACKED, _heard(context, "human_tracked")),
            (HUMAN_LOST, lambda _value: context.heard("human_lost")),
            (ZONES_UPDATED, zones_updated),
            (PEOPLE_LIST, _heard(context, "people_list")),
            (JUST_ARRIVED, _heard(context, "just_arrived")),
            (JUST_LEFT, _heard(context, "just_left"))]


def subscribe(context, subscriptions, memory, log):
    """Follow the events ``context``'s reactions need through ``subscriptions``
    (memory_events.MemorySubscriptions on ``memory``); what cannot be followed is logged
    and left out (PRESENT then stands for people who are not followed)."""
    if context.reacts[ENGAGED] or context.reacts[ALONE]:
        if _follow(subscriptions, people_handlers(context, memory, log), "people", log):
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
