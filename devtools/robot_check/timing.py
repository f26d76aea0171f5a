"""How long the check lets things take, in robot seconds, and the clock it times them on.

On a Pepper robot seconds are wall seconds (``scale`` 1). Against pepper_sim on a scaled
clock (``scale`` wall seconds per robot second, the stand-ins' ``time_scale``) the check
waits and measures on the same scale, so its trials decide the same however fast the
stand-ins run; only the machine's own delays weigh more."""
from __future__ import absolute_import, division, print_function

import collections

from animate_behaviour.foundation.clock import ScaledClock

Timing = collections.namedtuple("Timing", (
    # The first call of the postponement trial (killed: slow if the kill fails), the call
    # the kill trial kills (fast enough that a joint going on after the kill shows), the
    # calls the check lets run, and the longest its way back to where the joint was takes.
    "slow_call kill_call short_call back "
    # How long a call's task may take to be listed, a joint to arrive, a call to end
    # after a kill or a move after it was sent.
    "grace "
    # How long the postponement trial leaves its second call waiting (reading the task
    # list) before it kills the first, and how long the kill trial watches a stopped joint.
    "wait settle "
    # How long ALMood's properties are followed at most, and how long the extractors'
    # data keys are looked for once the check has subscribed them.
    "mood data "
    # How long the check lets rest() or wakeUp() take (each goes to a posture), and how
    # long it waits for the events a call raises once the call has returned.
    "posture heard "
    # Wall seconds per robot second, and the clock ALMood's updates are followed on: None,
    # the check's (a robot, whose ALMood keeps robot time); a simulated robot's
    # (simulated.Robot.mood_clock), whose robot time waits for its stand-in's updates.
    "scale mood_clock"))
Timing.__new__.__defaults__ = (None,)

ROBOT = Timing(slow_call=20.0, kill_call=2.0, short_call=2.0, back=2.0, grace=5.0, wait=1.0,
               settle=1.0, mood=5.0, data=2.0, posture=20.0, heard=2.0, scale=1.0)


def clock(timing):
    """The clock ``timing`` runs on: ``now()`` wall s, ``elapsed(start, now)`` robot s,
    ``event()``, ``wait(event, robot_seconds)`` (animate_behaviour.foundation.clock)."""
    return ScaledClock(timing.scale)


def mood_clock(timing):
    """The clock ALMood's updates are followed on (``clock``'s interface)."""
    if timing.mood_clock is not None:
        return timing.mood_clock
    return clock(timing)
