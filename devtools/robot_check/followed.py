"""The ALMemory keys the package follows, taken from its own modules (never copied, so a
key added to the package is checked too): the events naoqi.robot_events subscribes to,
and the data it reads (zone 1's list, each animated joint's temperature status)."""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.naoqi import context_events, heat, life, speech
from animate_behaviour.planning import joints


def events():
    """The events subscribed to (ALMemory.subscriber), in order, once each."""
    keys = ((life.STATE_KEY,) + speech.KEYS + context_events.PEOPLE_EVENTS
            + context_events.LISTENING_EVENTS)
    return list(collections.OrderedDict.fromkeys(keys))


def data():
    """The data keys read (getData, getListData), in order, once each."""
    keys = context_events.PEOPLE_DATA + tuple(heat.status_key(joint)
                                               for joint in joints.ANIMATED_JOINTS)
    return list(collections.OrderedDict.fromkeys(keys))

