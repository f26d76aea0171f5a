"""Motion styles: how each joint group's motion is planned, one row of :data:`TABLE` each.

The configuration's ``motionStyle`` names a row. ``specification`` is the
specification's generator (numPoints random waypoints gestureDuration apart, the legs'
chunk pattern); ``lifelike`` gives each arm and the legs random timings of their own:
rest-to-rest moves, holds that send no call, and breathing.
"""
from __future__ import absolute_import, division, print_function

SPECIFICATION = "specification"
LIFELIKE = "lifelike"
# (name, what it does), the default first.
DESCRIPTIONS = (
    (SPECIFICATION, "the specification's generator: numPoints random waypoints "
                    "gestureDuration apart, every group on the same clock"),
    (LIFELIKE, "each arm and the legs on random timings of their own: rest-to-rest moves "
               "around gestureDuration long, holds that send no call, and breathing"),
)
NAMES = tuple(name for name, _description in DESCRIPTIONS)
