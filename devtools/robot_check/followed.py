"""The ALMemory keys the package follows, taken from its own modules (never copied, so a
key added to the package is checked too): the events naoqi.robot_events subscribes to
(the reactions' and Pepper's own state's, own_state_events.EVENTS), and the data it reads
(zone 1's list; the signs of Pepper's own state that are data, read when enabling, such as
the charging flap's DCM key; the temperature status of each animated joint and, for the
base's turns, of the legs and wheels, engine.base_worker.HOT_WATCHED)."""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.engine.base_worker import HOT_WATCHED
from animate_behaviour.expression import own_state_signs
from animate_behaviour.naoqi import context_events, heat, life, own_state_events, speech
from animate_behaviour.planning import joints


def _once(keys):
    return list(collections.OrderedDict.fromkeys(keys))


def events():
    """The events subscribed to (ALMemory.subscriber), in order, once each."""
    return _once((life.STATE_KEY,) + speech.KEYS + context_events.PEOPLE_EVENTS
                 + context_events.LISTENING_EVENTS + own_state_events.EVENTS)


def data():
    """The data keys read (getData, getListData), in order, once each."""
    # A sign read when enabling that is no event (the charging flap's DCM key).
    signs = tuple(sign.key for sign in own_state_signs.SIGNS
                  if sign.at_enable and not sign.event)
    return _once(context_events.PEOPLE_DATA + signs
                 + tuple(heat.status_key(joint) for joint in joints.ANIMATED_JOINTS
                         + HOT_WATCHED))
